/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_compare.c: `iosweep compare A B [C...] [--csv FILE] [--label NAME]...
 * [--adjust holm|bh|none] [--overwrite]`.  Each of A, B, ... is anything
 * import takes (an IOzone
 * report, an .xls, an iosweep result folder); B, C, ... are each compared
 * against A (compare.c).  stdout gets a readable table per pair and the
 * geometric mean of the ratios per test; --csv writes the rows as CSV
 * (through outfile.h: all or nothing).  Figures are in kB/s.  The verdict
 * uses p-values adjusted over all the cells of a pair (Benjamini-Hochberg
 * unless --adjust says otherwise: with three trials a side Holm misses
 * about half of the cells that really differ by 50 %, see
 * tests/unit/test_compare.c), and the output names the method.
 */
#include "compat.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options/cmdargs.h"
#include "cmd/commands.h"
#include "analysis/compare.h"
#include "analysis/compare_tl.h"
#include "analysis/compare_tp.h"
#include "report/csvout_fields.h"
#include "import/import.h"
#include "iosweep.h"
#include "lib/outfile.h"
#include "model/results.h"
#include "model/stats.h"

#define COMPARE_MAX_SETS 64



/* The command line. */
struct compare_args {
	const char *csv, *adjust_name;
	struct cmdargs_list labels;
	int overwrite;
};

#define COMPARE_AT(field) offsetof(struct compare_args, field)

static const struct cmdargs_opt compare_opts[] = {
	{ .name = "--csv", .kind = CMDARGS_STRING, .off = COMPARE_AT(csv), .nonempty = 1,
	  .metavar = "FILE", .help = "every cell's comparison as CSV" },
	{ .name = "--label", .kind = CMDARGS_LIST, .off = COMPARE_AT(labels), .nonempty = 1,
	  .metavar = "NAME", .help = "names the sets in order (once per set)" },
	{ .name = "--overwrite", .kind = CMDARGS_FLAG, .off = COMPARE_AT(overwrite),
	  .help = "replace the --csv file if it exists" },
	{ .name = "--adjust", .kind = CMDARGS_STRING, .off = COMPARE_AT(adjust_name),
	  .nonempty = 1, .metavar = "holm|bh|none", .help = "how p-values are adjusted for "
	  "the number of cells tested (bh: Benjamini-Hochberg; holm: Holm's step-down)",
	  .defval = "bh" },
};

const struct cmdargs_spec cmd_compare_args = {
	.cmd = "compare",
	.synopsis = "A B [C...] [OPTIONS]",
	.about = "  A, B, ...: IOzone reports (text, -R, .xls) or iosweep result folders;\n"
	"  B, C, ... are compared against A\n",
	.opts = compare_opts,
	.nopts = sizeof(compare_opts) / sizeof(compare_opts[0]),
	.min_inputs = 2,
	.too_few = "needs two result sets or more (A B ...)",
};

static const char *sig_word(int s)
{
	return s < 0 ? "n/a" : s ? "yes" : "no";
}

static void format_p(char *buf, size_t len, double p)
{
	if (isnan(p))
		snprintf(buf, len, "n/a");
	else if (p >= 1e-4)
		snprintf(buf, len, "%.4f", p);
	else
		snprintf(buf, len, "%.1e", p);
}

static void print_pair(const char *la, const char *lb, const struct result_set *a,
		       const struct result_set *b, const struct compare_result *r)
{
	/* small-file operations: calls/s per (operation, files, force) */
	int ops = r->nrows && r->rows[0].op;

	printf("A = %s (%u trial%s), B = %s (%u trial%s); figures in %s, ratio = B/A,\n"
	       "significant: Welch's t-test, %s p < %.2f over the %zu %s tested\n"
	       "(p_adj, adjustment: %s; needs 2 trials a side)\n\n",
	       la, a->trials, a->trials == 1 ? "" : "s", lb, b->trials,
	       b->trials == 1 ? "" : "s", ops ? "calls/s" : "kB/s", compare_adjust_text(r->adjust),
	       COMPARE_ALPHA, r->ntested, ops ? "rows" : "cells", stats_adjust_name(r->adjust));
	printf("%-15s %10s %9s %4s %14s %4s %14s %9s %9s %9s %9s %4s\n", "test",
	       ops ? "files" : "file_kb", ops ? "force" : "record_kb", "n_a", "mean_a", "n_b",
	       "mean_b", "ratio", "%diff", "p", "p_adj", "sig");
	for (size_t i = 0; i < r->nrows; i++) {
		const struct compare_row *w = &r->rows[i];
		char p[32], pa[32];
		format_p(p, sizeof(p), w->p_value);
		format_p(pa, sizeof(pa), w->p_adjusted);
		printf("%-15s %10llu %9llu %4zu %14.1f %4zu %14.1f %9.4f %+9.2f %9s %9s %4s\n",
		       compare_row_test(w), (unsigned long long)(w->op ? w->files : w->file_kb),
		       (unsigned long long)(w->op ? w->force : w->record_kb), w->n_a, w->mean_a, w->n_b, w->mean_b,
		       w->ratio, w->pct_diff, p, pa, sig_word(w->significant));
	}
	printf("\ngeometric mean of the ratios (B/A) per test:\n");
	for (size_t i = 0; i < r->ntests; i++)
		printf("  %-15s %9.4f  (%zu %s)\n", compare_test_name(&r->tests[i]),
		       r->tests[i].geomean_ratio, r->tests[i].n, ops ? "trees" : "cells");
	printf("\n");
}

/*
 * Both sets have timelines (--log-interval, --steady): where their steady
 * levels differ (compare_tl.h).  0, or -1 with err.
 */
static int print_levels(const struct result_set *a, const struct result_set *b,
			char *err, size_t errlen)
{
	struct tl_level_list l;

	if (!a->timeline.n || !b->timeline.n)
		return 0;
	if (compare_tl_levels(a, b, &l, err, errlen) != 0)
		return -1;
	printf("steady levels in the timelines (kB/s from the last cliff in time to the\n"
	       "end of each pass, whole intervals, mean of the trials; from: seconds\n"
	       "into the pass; differ: at least %.0f%% apart and beyond twice the\n"
	       "intervals' scatter):\n", 100.0 * (COMPARE_TL_MIN_RATIO - 1.0));
	printf("%-15s %10s %9s %4s %12s %7s %4s %12s %7s %9s %6s\n", "test", "file_kb",
	       "record_kb", "n_a", "level_a", "from_a", "n_b", "level_b", "from_b",
	       "ratio", "differ");
	for (size_t i = 0; i < l.n; i++) {
		const struct tl_level_diff *d = &l.items[i];
		printf("%-15s %10llu %9llu %4zu %12.1f %7.1f %4zu %12.1f %7.1f %9.4f %6s\n",
		       results_col_name(d->col), (unsigned long long)d->file_kb,
		       (unsigned long long)d->record_kb, d->trials_a, d->a_kbps,
		       d->a_from_s, d->trials_b, d->b_kbps, d->b_from_s, d->ratio,
		       d->differ ? "yes" : "no");
	}
	if (!l.n)
		printf("  (no pass in both timelines with %d whole intervals or more)\n",
		       COMPARE_TL_MIN_ROWS);
	printf("\n");
	compare_tl_release(&l);
	return 0;
}

/* Append a number field with `decimals` (-1: 6 significant digits); empty for NaN. */
static size_t num_field(char *buf, size_t size, int decimals, double v)
{
	if (isnan(v) || isinf(v))
		return (size_t)snprintf(buf, size, ",");
	if (decimals < 0)
		return (size_t)snprintf(buf, size, ",%.6g", v);
	return (size_t)snprintf(buf, size, ",%.*f", decimals, v);
}

static int write_rows(struct outfile *f, const char *la, const char *lb,
		      const struct compare_result *r)
{
	char line[4096];
	for (size_t i = 0; i < r->nrows; i++) {
		const struct compare_row *w = &r->rows[i];
		size_t n = csvout_field(line, sizeof(line) - 1024, la, 1);
		n += csvout_field(line + n, sizeof(line) - 1024 - n, lb, 0);
		n += csvout_field(line + n, sizeof(line) - n, compare_row_test(w), 0);
		n += (size_t)snprintf(line + n, sizeof(line) - n, ",%llu,%llu,%zu",
				      (unsigned long long)(w->op ? w->files : w->file_kb),
				      (unsigned long long)(w->op ? w->force : w->record_kb), w->n_a);
		n += num_field(line + n, sizeof(line) - n, 3, w->mean_a);
		n += (size_t)snprintf(line + n, sizeof(line) - n, ",%zu", w->n_b);
		n += num_field(line + n, sizeof(line) - n, 3, w->mean_b);
		n += num_field(line + n, sizeof(line) - n, 6, w->ratio);
		n += num_field(line + n, sizeof(line) - n, 4, w->pct_diff);
		n += num_field(line + n, sizeof(line) - n, -1, w->p_value);
		n += num_field(line + n, sizeof(line) - n, -1, w->p_adjusted);
		n += (size_t)snprintf(line + n, sizeof(line) - n, ",%s,%s\n",
				      stats_adjust_name(r->adjust), sig_word(w->significant));
		if (n >= sizeof(line) || outfile_write(f, line, n))
			return -1;
	}
	return 0;
}

/* The inputs' count, --adjust and the labels' count checked: 0 with
 * *adjust set, or IOSWEEP_EXIT_USAGE with a message. */
static int check_args(const struct cmdargs *ca, const struct cmdargs_list *labels,
		      const char *adjust_name, int *adjust)
{
	if (ca->ninputs > COMPARE_MAX_SETS) {
		cmd_msg("compare", "more than %d result sets", COMPARE_MAX_SETS);
		return IOSWEEP_EXIT_USAGE;
	}
	*adjust = stats_adjust_from_name(adjust_name);
	if (*adjust < 0) {
		cmd_msg("compare", "--adjust '%s': use holm, bh or none",
			adjust_name);
		return IOSWEEP_EXIT_USAGE;
	}
	if (labels->n > ca->ninputs) {
		cmd_msg("compare", "%zu labels for %d result sets", labels->n, (int)ca->ninputs);
		return IOSWEEP_EXIT_USAGE;
	}
	return IOSWEEP_EXIT_OK;
}

/* Load inputs[0..nin) into sets, the i-th label on the i-th set;
 * *loaded counts the sets to release, also on failure.  An exit code. */
static int load_sets(struct result_set *sets, int *loaded, char **inputs, int nin,
		     const struct cmdargs_list *labels)
{
	char err[IOSWEEP_ERR_MAX];

	for (*loaded = 0; *loaded < nin; (*loaded)++) {
		int i = *loaded;
		results_init(&sets[i]);
		if (import_load(&sets[i], inputs[i], 0, err, sizeof(err))) {
			cmd_msg("compare", "%s", err);
			results_release(&sets[i]);
			return IOSWEEP_EXIT_INPUT;
		}
		if ((size_t)i < labels->n && results_set_str(&sets[i].meta.label, labels->items[i])) {
			(*loaded)++;
			cmd_msg("compare", "out of memory");
			return IOSWEEP_EXIT_FAILURE;
		}
	}
	return IOSWEEP_EXIT_OK;
}

/* Compare each of sets[1..nin) against sets[0] into res[i].  An exit code. */
static int compare_pairs(const struct result_set *sets, struct compare_result *res, int nin,
			 int adjust)
{
	char err[IOSWEEP_ERR_MAX];

	for (int i = 1; i < nin; i++) {
		if (compare_sets(&sets[0], &sets[i], RESULTS_UNIT_KBPS, COMPARE_ALPHA, adjust,
				 &res[i], err, sizeof(err))) {
			cmd_msg("compare", "%s", err);
			return IOSWEEP_EXIT_INPUT;
		}
	}
	return IOSWEEP_EXIT_OK;
}

/* --csv: every pair's rows into csv, all or nothing.  An exit code. */
static int write_csv(const char *csv, int overwrite, const struct result_set *sets,
		     const struct compare_result *res, int nin)
{
	static const char grid[] = "label_a,label_b,test,file_kb,record_kb,n_a,mean_a,"
		"n_b,mean_b,ratio,pct_diff,p_value,p_adjusted,adjustment,significant\n";
	/* small-file operations: the tree's files and fileop's force */
	static const char ops[] = "label_a,label_b,test,files,force,n_a,mean_a,"
		"n_b,mean_b,ratio,pct_diff,p_value,p_adjusted,adjustment,significant\n";
	const char *header = nin > 1 && res[1].nrows && res[1].rows[0].op ? ops : grid;
	char err[IOSWEEP_ERR_MAX];
	struct outfile f;

	if (outfile_open(&f, csv, 0, overwrite, err, sizeof(err))) {
		cmd_msg("compare", "%s", err);
		return IOSWEEP_EXIT_IO;
	}
	int bad = outfile_write(&f, header, strlen(header));
	for (int i = 1; i < nin && !bad; i++)
		bad = write_rows(&f, sets[0].meta.label, sets[i].meta.label, &res[i]);
	if (bad) {
		outfile_abort(&f);
		cmd_msg("compare", "cannot write '%s'", csv);
		return IOSWEEP_EXIT_IO;
	}
	if (outfile_commit(&f, err, sizeof(err))) {
		cmd_msg("compare", "%s", err);
		return IOSWEEP_EXIT_IO;
	}
	return IOSWEEP_EXIT_OK;
}

/* Each pair's table and steady levels on stdout.  An exit code. */
static int print_pairs(const struct result_set *sets, const struct compare_result *res,
		       int nin)
{
	char err[IOSWEEP_ERR_MAX];

	for (int i = 1; i < nin; i++) {
		print_pair(sets[0].meta.label, sets[i].meta.label, &sets[0], &sets[i], &res[i]);
		if (print_levels(&sets[0], &sets[i], err, sizeof(err)) != 0) {
			cmd_msg("compare", "%s", err);
			return IOSWEEP_EXIT_FAILURE;
		}
	}
	return IOSWEEP_EXIT_OK;
}

int cmd_compare(int argc, char **argv)
{
	struct compare_args a = { .adjust_name = "bh" };
	struct result_set sets[COMPARE_MAX_SETS];
	struct compare_result res[COMPARE_MAX_SETS];
	int nin = 0, rc = IOSWEEP_EXIT_OK, loaded = 0, adjust;
	struct cmdargs ca;

	rc = cmdargs_command(&ca, &cmd_compare_args, &a, argc, argv, stdout, stderr);
	if (rc >= 0)
		return rc;
	rc = check_args(&ca, &a.labels, a.adjust_name, &adjust);
	if (rc != IOSWEEP_EXIT_OK) {
		cmdargs_release(&ca);
		return rc;
	}
	nin = (int)ca.ninputs;
	memset(res, 0, sizeof(res));
	rc = load_sets(sets, &loaded, ca.inputs, nin, &a.labels);
	if (rc != IOSWEEP_EXIT_OK)
		goto done;
	for (int i = 0; i < nin; i++)
		if (sets[i].ntp) {      /* throughput mode: compare_tp.h */
			rc = cmd_compare_tp(sets, nin, a.csv, a.overwrite, adjust);
			goto done;
		}
	rc = compare_pairs(sets, res, nin, adjust);
	if (rc == IOSWEEP_EXIT_OK && a.csv)
		rc = write_csv(a.csv, a.overwrite, sets, res, nin);
	if (rc == IOSWEEP_EXIT_OK)
		rc = print_pairs(sets, res, nin);
done:
	for (int i = 0; i < nin; i++)
		compare_release(&res[i]);
	for (int i = 0; i < loaded; i++)
		results_release(&sets[i]);
	cmdargs_release(&ca);
	return rc;
}
