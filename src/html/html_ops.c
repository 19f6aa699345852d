/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * html_ops.c: the report's section on small-file operations (results.h,
 * struct result_op): the charts iosweep plot draws for them, then per
 * set a table of every operation and tree (the mean calls per second of
 * the full trials, their 95% confidence interval, the p50 and p99 of
 * one call, short timings marked), and per comparison the ratio against
 * the first set with its adjusted p (compare.h, the same rows `iosweep
 * compare` prints).
 */
#include "compat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/compare.h"
#include "html/html_assets.h"
#include "html/html_priv.h"
#include "html/html_util.h"
#include "lib/outfile.h"
#include "model/results.h"
#include "model/results_ops.h"

static void num_cell(struct outfile *f, double v, int decimals)
{
	if (isfinite(v))
		outfile_printf(f, "<td data-v=\"%.6g\">%.*f</td>", v, decimals, v);
	else
		outfile_printf(f, "<td data-v=\"0\"></td>");
}

/* The comparison row of (test, files, force) in r, or NULL. */
static const struct compare_row *cmp_row(const struct compare_result *r,
					 const struct results_op_group *g)
{
	for (size_t i = 0; r && i < r->nrows; i++)
		if (r->rows[i].op && r->rows[i].files == g->files &&
		    r->rows[i].force == g->force && strcmp(r->rows[i].op, g->test) == 0)
			return &r->rows[i];
	return NULL;
}

static void set_table(struct outfile *f, struct result_set *const *sets, size_t i,
		      const struct compare_result *r)
{
	struct results_op_group *g;
	long n = results_op_groups(sets[i], &g);

	if (n <= 0) {
		if (n < 0)
			f->failed = 1;
		return;
	}
	outfile_printf(f, "<h3>");
	html_text(f, sets[i]->meta.label);
	outfile_printf(f, "</h3>\n<div class=\"scroll\"><table class=\"sortable\"><caption>calls "
		       "per second, the mean of the full trials%s</caption>\n<thead><tr>"
		       "<th scope=\"col\">operation</th><th scope=\"col\">files</th>"
		       "<th scope=\"col\">force</th><th scope=\"col\">n</th>"
		       "<th scope=\"col\">calls/s</th><th scope=\"col\">95%% CI low</th>"
		       "<th scope=\"col\">95%% CI high</th><th scope=\"col\">p50 &micro;s</th>"
		       "<th scope=\"col\">p99 &micro;s</th>", i ? "; B/A against the first set" : "");
	if (i)
		outfile_printf(f, "<th scope=\"col\">B/A</th><th scope=\"col\">p_adj</th>"
			       "<th scope=\"col\">significant</th>");
	outfile_printf(f, "</tr></thead>\n<tbody>\n");
	for (long k = 0; k < n; k++) {
		const struct results_op_group *x = &g[k];
		int any = x->s.n > 0;
		outfile_printf(f, "<tr><th scope=\"row\">");
		html_text(f, x->test);
		outfile_printf(f, "%s</th><td data-v=\"%llu\">%llu</td>",
			       x->short_timing ? "\xe2\x80\xa0" : "",
			       (unsigned long long)x->files, (unsigned long long)x->files);
		if (x->force)
			outfile_printf(f, "<td data-v=\"%u\">%u</td>", x->force, x->force);
		else
			outfile_printf(f, "<td data-v=\"0\"></td>");
		outfile_printf(f, "<td data-v=\"%zu\">%zu</td>", x->s.n, x->s.n);
		num_cell(f, any ? x->s.mean : NAN, 0);
		num_cell(f, any && x->s.n > 1 ? x->s.ci95_low : NAN, 0);
		num_cell(f, any && x->s.n > 1 ? x->s.ci95_high : NAN, 0);
		num_cell(f, x->has_lat ? x->lat_us[4] : NAN, 1);
		num_cell(f, x->has_lat ? x->lat_us[6] : NAN, 1);
		if (i) {
			const struct compare_row *w = cmp_row(r, x);
			num_cell(f, w ? w->ratio : NAN, 3);
			num_cell(f, w ? w->p_adjusted : NAN, 4);
			outfile_printf(f, "<td>%s</td>", !w || w->significant < 0 ? "n/a"
				       : w->significant ? "yes" : "no");
		}
		outfile_printf(f, "</tr>\n");
	}
	outfile_printf(f, "</tbody></table></div>\n");
	free(g);
}

int html_ops_present(struct result_set *const *sets, size_t nsets)
{
	for (size_t i = 0; i < nsets; i++)
		if (sets[i]->nops)
			return 1;
	return 0;
}

void html_ops_write(struct outfile *f, struct result_set *const *sets, size_t nsets,
		    const struct compare_result *const *cmp, const struct html_assets *a)
{
	size_t drawn = 0;

	outfile_printf(f, "<section class=\"test\" id=\"t-ops\">\n<h2>Small-file operations"
		       "</h2>\n<p>Each operation timed one call at a time: calls per second are "
		       "the timed calls over their time, per tree (fileop's force factor X "
		       "makes X^3 files).  &dagger; marks a figure whose timed region was too "
		       "short for the clock; p50 and p99 are one call's latency over the "
		       "trials' calls.</p>\n");
	for (size_t k = 0; k < a->ncharts; k++) {
		if (a->charts[k].col >= 0)
			continue;
		html_chart_write(f, a, k);
		drawn++;
	}
	if (!drawn && a->gnuplot_missing)
		outfile_printf(f, "<p class=\"note\">No chart: gnuplot was not found.</p>\n");
	for (size_t i = 0; i < nsets; i++)
		set_table(f, sets, i, i ? cmp[i] : NULL);
	outfile_printf(f, "</section>\n");
}
