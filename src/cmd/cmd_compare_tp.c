/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_compare_tp.c: the `iosweep compare` output for throughput-mode sets
 * (compare_tp.h): per pair a table of test, process count and figure
 * (Children see, Parent sees) with both means, the ratio B/A, the %
 * difference and Welch's p, then the geometric mean of the Children see
 * ratios per test; --csv writes the rows through outfile.h.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/compare.h"
#include "cmd/commands.h"
#include "analysis/compare_tp.h"
#include "report/csvout_fields.h"
#include "iosweep.h"
#include "lib/outfile.h"
#include "model/results.h"
#include "model/stats.h"
#include "run/throughput/throughput.h"

static const char *figure_name(int fig)
{
	return fig == COMPARE_TP_PARENT ? "parent sees" : "children see";
}

static void p_text(double p, char *out, size_t outlen)
{
	if (isnan(p))
		snprintf(out, outlen, "n/a");
	else if (p >= 1e-4)
		snprintf(out, outlen, "%.4f", p);
	else
		snprintf(out, outlen, "%.1e", p);
}

static const char *sig_text(int s)
{
	return s < 0 ? "n/a" : s ? "yes" : "no";
}

static void print_pair(const struct result_set *a, const struct result_set *b,
		       const struct compare_tp_result *r)
{
	const char *unit = a->meta.source_unit == RESULTS_UNIT_OPS ? "ops/s" : "kB/s";

	printf("A = %s (%u trial%s), B = %s (%u trial%s); throughput mode, figures in %s,\n"
	       "ratio = B/A, significant: Welch's t-test, %s p < %.2f over the %zu rows tested\n"
	       "(p_adj, adjustment: %s; needs 2 trials a side)\n\n",
	       a->meta.label ? a->meta.label : "A", a->trials, a->trials == 1 ? "" : "s",
	       b->meta.label ? b->meta.label : "B", b->trials, b->trials == 1 ? "" : "s",
	       unit, compare_adjust_text(r->adjust), COMPARE_ALPHA, r->ntested,
	       stats_adjust_name(r->adjust));
	printf("%-16s %9s %-12s %4s %14s %4s %14s %9s %9s %9s %9s %4s\n", "test", "processes",
	       "figure", "n_a", "mean_a", "n_b", "mean_b", "ratio", "%diff", "p", "p_adj", "sig");
	for (size_t i = 0; i < r->nrows; i++) {
		const struct compare_tp_row *w = &r->rows[i];
		char p[32], padj[32];
		p_text(w->r.p_value, p, sizeof(p));
		p_text(w->r.p_adjusted, padj, sizeof(padj));
		printf("%-16s %9u %-12s %4zu %14.2f %4zu %14.2f %9.4f %+9.2f %9s %9s %4s\n",
		       throughput_test_def(w->kind)->name, w->procs, figure_name(w->figure),
		       w->r.n_a, w->r.mean_a, w->r.n_b, w->r.mean_b, w->r.ratio, w->r.pct_diff,
		       p, padj, sig_text(w->r.significant));
	}
	printf("\ngeometric mean of the Children see ratios (B/A) per test:\n");
	for (int k = 0; k < TP_NKINDS; k++)
		if (r->ngeo[k])
			printf("  %-16s %9.4f  (%zu process counts)\n", throughput_test_def(k)->name,
			       r->geomean[k], r->ngeo[k]);
	printf("\n");
}

static void put_num(struct outfile *f, int decimals, double v)
{
	if (isnan(v) || isinf(v))
		outfile_printf(f, ",");
	else if (decimals < 0)
		outfile_printf(f, ",%.6g", v);
	else
		outfile_printf(f, ",%.*f", decimals, v);
}

static void put_rows(struct outfile *f, const struct result_set *a, const struct result_set *b,
		     const struct compare_tp_result *r)
{
	char la[1024], lb[1024];
	size_t na = csvout_field(la, sizeof(la), a->meta.label ? a->meta.label : "", 1);
	size_t nb = csvout_field(lb, sizeof(lb), b->meta.label ? b->meta.label : "", 0);

	for (size_t i = 0; i < r->nrows; i++) {
		const struct compare_tp_row *w = &r->rows[i];
		outfile_printf(f, "%.*s%.*s,%s,%u,%s,%zu", (int)na, la, (int)nb, lb,
			       throughput_test_def(w->kind)->name, w->procs,
			       figure_name(w->figure), w->r.n_a);
		put_num(f, 3, w->r.mean_a);
		outfile_printf(f, ",%zu", w->r.n_b);
		put_num(f, 3, w->r.mean_b);
		put_num(f, 6, w->r.ratio);
		put_num(f, 4, w->r.pct_diff);
		put_num(f, -1, w->r.p_value);
		put_num(f, -1, w->r.p_adjusted);
		outfile_printf(f, ",%s,%s\n", stats_adjust_name(r->adjust),
			       sig_text(w->r.significant));
	}
}

int cmd_compare_tp(struct result_set *sets, int nsets, const char *csv, int overwrite,
		   int adjust)
{
	struct compare_tp_result res[64];
	char err[IOSWEEP_ERR_MAX];
	struct outfile f;
	int rc = IOSWEEP_EXIT_OK;

	int tp = 0;

	memset(res, 0, sizeof(res));
	if (nsets > 64)
		nsets = 64;
	while (tp < nsets - 1 && !sets[tp].ntp)
		tp++;
	for (int i = 0; i < nsets; i++) {
		if (!sets[i].ntp) {
			cmd_msg("compare", "'%s' is not a throughput-mode (-t) result, "
				"'%s' is: they cannot be compared",
				sets[i].meta.label ? sets[i].meta.label : "?",
				sets[tp].meta.label ? sets[tp].meta.label : "?");
			return IOSWEEP_EXIT_INPUT;
		}
		if (sets[i].meta.source_unit != sets[0].meta.source_unit) {
			cmd_msg("compare", "'%s' is in other units than '%s' "
				"(ops/s against kB/s)", sets[i].meta.label ? sets[i].meta.label : "?",
				sets[0].meta.label ? sets[0].meta.label : "?");
			return IOSWEEP_EXIT_INPUT;
		}
	}
	for (int i = 1; i < nsets; i++)
		if (compare_tp_sets(&sets[0], &sets[i], COMPARE_ALPHA, adjust, &res[i], err,
				    sizeof(err))) {
			cmd_msg("compare", "%s", err);
			rc = IOSWEEP_EXIT_INPUT;
			goto out;
		}
	if (csv) {
		if (outfile_open(&f, csv, 0, overwrite, err, sizeof(err))) {
			cmd_msg("compare", "%s", err);
			rc = IOSWEEP_EXIT_IO;
			goto out;
		}
		outfile_printf(&f, "label_a,label_b,test,processes,figure,n_a,mean_a,n_b,mean_b,"
			       "ratio,pct_diff,p_value,p_adjusted,adjustment,significant\n");
		for (int i = 1; i < nsets; i++)
			put_rows(&f, &sets[0], &sets[i], &res[i]);
		if (outfile_commit(&f, err, sizeof(err))) {
			cmd_msg("compare", "%s", err);
			rc = IOSWEEP_EXIT_IO;
			goto out;
		}
	}
	for (int i = 1; i < nsets; i++)
		print_pair(&sets[0], &sets[i], &res[i]);
out:
	for (int i = 0; i < nsets; i++)
		compare_tp_release(&res[i]);
	return rc;
}
