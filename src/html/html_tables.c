/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * html_tables.c: the report's grids, one test at a time.
 *
 * Per result set, the table a spreadsheet user builds by hand: file size
 * down, record size across, the mean of the trials (kB/s, from
 * results_values and stats_summarize, as summary.csv) in each cell.  The
 * shade of a cell is its throughput on a log scale shared by every set of
 * the test, so the same colour means the same speed in two sets' tables;
 * the tooltip gives the 95% confidence interval, n and the coefficient of
 * variation; the trials open with a <details>, which needs no script.
 * With a comparison, a third kind of grid gives B/A per cell on a
 * diverging scale, cells that differ significantly (Welch, compare.c) in
 * bold with a star.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/compare.h"
#include "html/html_priv.h"
#include "html/html_util.h"
#include "lib/outfile.h"
#include "analysis/netbound.h"
#include "model/results.h"
#include "model/stats.h"
#include "model/units.h"

#define SHADES 8

static int u64_cmp(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
	return (a > b) - (a < b);
}

/* The distinct values v[0..n) sorted, in place; returns how many. */
static size_t uniq(uint64_t *v, size_t n)
{
	size_t o = 0;
	qsort(v, n, sizeof(*v), u64_cmp);
	for (size_t i = 0; i < n; i++)
		if (o == 0 || v[o - 1] != v[i])
			v[o++] = v[i];
	return o;
}

/* The file sizes and record sizes of the cells with results for col. */
struct axes {
	uint64_t *files, *records;
	size_t nfiles, nrecords;
};

static int axes_of(const struct result_set *rs, int col, struct axes *ax)
{
	memset(ax, 0, sizeof(*ax));
	ax->files = malloc((rs->ncells + 1) * sizeof(uint64_t));
	ax->records = malloc((rs->ncells + 1) * sizeof(uint64_t));
	if (!ax->files || !ax->records)
		return -1;
	for (size_t c = 0; c < rs->ncells; c++) {
		if (rs->cells[c].placeholder || !results_has(rs, c, col))
			continue;
		ax->files[ax->nfiles++] = rs->cells[c].file_kb;
		ax->records[ax->nrecords++] = rs->cells[c].record_kb;
	}
	ax->nfiles = uniq(ax->files, ax->nfiles);
	ax->nrecords = uniq(ax->records, ax->nrecords);
	return 0;
}

static void axes_release(struct axes *ax)
{
	free(ax->files);
	free(ax->records);
}

/* The mean of (cell, col), or NaN. */
static double cell_mean(const struct result_set *rs, size_t cell, int col)
{
	struct stats_summary s;

	return results_cell_summary(rs, cell, col, RESULTS_UNIT_KBPS, &s) > 0 ? s.mean : NAN;
}

/* The lowest and highest positive mean of col over every set. */
static void scale_of(struct result_set *const *sets, size_t nsets, int col,
		     double *lo, double *hi)
{
	*lo = INFINITY;
	*hi = 0;
	for (size_t i = 0; i < nsets; i++) {
		const struct result_set *rs = sets[i];
		for (size_t c = 0; c < rs->ncells; c++) {
			double m = cell_mean(rs, c, col);
			if (m > 0 && m < *lo)
				*lo = m;
			if (m > 0 && m > *hi)
				*hi = m;
		}
	}
}

static int shade(double v, double lo, double hi)
{
	if (!(v > 0) || !(hi > lo))
		return SHADES / 2;
	double x = (log(v) - log(lo)) / (log(hi) - log(lo));
	int s = (int)(x * SHADES);
	return s < 0 ? 0 : s >= SHADES ? SHADES - 1 : s;
}

static void header_row(struct outfile *f, const struct axes *ax)
{
	char k[32];
	outfile_printf(f, "<thead><tr><th scope=\"col\">file \\ record</th>");
	for (size_t r = 0; r < ax->nrecords; r++) {
		units_format_kb(ax->records[r], k, sizeof(k));
		outfile_printf(f, "<th scope=\"col\">%s</th>", k);
	}
	outfile_printf(f, "</tr></thead>\n<tbody>\n");
}

/* The link a set's figures crossed, from its meta (netbound.h). */
struct html_net {
	struct netbound_link link;
	int network_fs;
};

/*
 * One cell of a grid of means: a dagger marks a short timed region, a
 * double dagger a mean faster than the link (served by a cache).
 */
static void mean_cell(struct outfile *f, const struct result_set *rs, long cell, int col,
		      double lo, double hi, double *scratch, const struct html_net *net)
{
	struct stats_summary s;
	size_t n = cell < 0 ? 0 : results_values(rs, (size_t)cell, col, RESULTS_UNIT_KBPS,
						 scratch, rs->nsamples + 1);
	if (n == 0 || stats_summarize(scratch, n, &s) != 0) {
		outfile_printf(f, "<td></td>");
		return;
	}
	int st = results_short_timing(rs, (size_t)cell, col);
	int served = netbound_cache_served(&net->link, net->network_fs, s.mean) == 1;
	const char *mark = served ? (st ? "\xe2\x80\xa0\xe2\x80\xa1" : "\xe2\x80\xa1") :
			   st ? "\xe2\x80\xa0" : "";
	outfile_printf(f, "<td class=\"s%d\" title=\"", shade(s.mean, lo, hi));
	if (n > 1)
		outfile_printf(f, "95%% CI %.0f to %.0f kB/s; n %zu; cv %.1f%%", s.ci95_low,
			       s.ci95_high, n, 100.0 * s.cv);
	else
		outfile_printf(f, "one trial: no interval");
	outfile_printf(f, "%s%s\">", st ? "; short_timing" : "",
		       served ? "; faster than the link: served by a cache" : "");
	if (n > 1) {
		outfile_printf(f, "<details><summary>%.0f%s</summary>", s.mean, mark);
		for (size_t t = 0; t < n; t++)
			outfile_printf(f, "%s%.0f", t ? "<br>" : "", scratch[t]);
		outfile_printf(f, "</details></td>");
	} else {
		outfile_printf(f, "%.0f%s</td>", s.mean, mark);
	}
}

static void means_grid(struct outfile *f, struct result_set *const *sets, size_t set,
		       int col, double lo, double hi)
{
	const struct result_set *rs = sets[set];
	struct axes ax;
	char k[32];
	double *scratch = malloc((rs->nsamples + 1) * sizeof(double));
	size_t trials = 0;
	struct html_net net;

	netbound_from_meta(rs->meta.link, rs->meta.fs_type, &net.link, &net.network_fs);
	if (!scratch || axes_of(rs, col, &ax) != 0) {
		f->failed = 1;
		free(scratch);
		return;
	}
	for (size_t c = 0; c < rs->ncells; c++) {
		size_t n = results_values(rs, c, col, RESULTS_UNIT_KBPS, scratch, rs->nsamples + 1);
		if (n > trials)
			trials = n;
	}
	outfile_printf(f, "<div class=\"scroll\"><table class=\"grid\" data-test=\"%s\" "
		       "data-set=\"%zu\">\n<caption>%s, ", results_col_name(col), set + 1,
		       results_col_name(col));
	html_text(f, rs->meta.label);
	outfile_printf(f, ": mean kB/s of %zu trial%s per cell%s", trials,
		       trials == 1 ? "" : "s",
		       trials > 1 ? " (click a figure for its trials; hover for the 95% "
				    "confidence interval)" : "");
	if (netbound_cache_cap(&net.link, net.network_fs) > 0.0)
		outfile_printf(f, "; &Dagger; faster than %s%s: served by a cache",
			       net.link.kbps > 0.0 ? "the link, " : "10G Ethernet",
			       net.link.kbps > 0.0 ? net.link.spec : "");
	outfile_printf(f, "</caption>\n");
	header_row(f, &ax);
	for (size_t r = 0; r < ax.nfiles; r++) {
		units_format_kb(ax.files[r], k, sizeof(k));
		outfile_printf(f, "<tr><th scope=\"row\">%s</th>", k);
		for (size_t c = 0; c < ax.nrecords; c++)
			mean_cell(f, rs, results_find_cell(rs, ax.files[r], ax.records[c]), col,
				  lo, hi, scratch, &net);
		outfile_printf(f, "</tr>\n");
	}
	outfile_printf(f, "</tbody></table></div>\n");
	axes_release(&ax);
	free(scratch);
}

/* B/A as a shade: r0 (B much slower) .. r6 (B much faster), r3 about equal. */
static int ratio_shade(double ratio)
{
	static const double edges[] = { -1.0, -0.5, -0.1, 0.1, 0.5, 1.0 };
	if (!(ratio > 0))
		return 3;
	double l = log2(ratio);
	int s = 0;
	while (s < 6 && l > edges[s])
		s++;
	return s;
}

static void ratio_grid(struct outfile *f, struct result_set *const *sets, size_t set,
		       int col, const struct compare_result *cmp)
{
	struct axes ax;
	char k[32];
	size_t nrows = 0;

	for (size_t i = 0; i < cmp->nrows; i++)
		nrows += cmp->rows[i].col == col;
	if (!nrows)
		return;
	if (axes_of(sets[0], col, &ax) != 0) {
		f->failed = 1;
		return;
	}
	outfile_printf(f, "<div class=\"scroll\"><table class=\"grid ratio\" data-test=\"%s\" "
		       "data-set=\"%zu\" data-against=\"1\">\n<caption>%s, ",
		       results_col_name(col), set + 1, results_col_name(col));
	html_text(f, sets[set]->meta.label);
	outfile_printf(f, " against ");
	html_text(f, sets[0]->meta.label);
	outfile_printf(f, ": ratio of the means (B/A; bold* = significant, Welch, Benjamini-Hochberg-adjusted p &lt; %.2f)"
		       "</caption>\n", COMPARE_ALPHA);
	header_row(f, &ax);
	for (size_t r = 0; r < ax.nfiles; r++) {
		units_format_kb(ax.files[r], k, sizeof(k));
		outfile_printf(f, "<tr><th scope=\"row\">%s</th>", k);
		for (size_t c = 0; c < ax.nrecords; c++) {
			const struct compare_row *w = NULL;
			for (size_t i = 0; i < cmp->nrows && !w; i++)
				if (cmp->rows[i].col == col && cmp->rows[i].file_kb == ax.files[r] &&
				    cmp->rows[i].record_kb == ax.records[c])
					w = &cmp->rows[i];
			if (!w || isnan(w->ratio)) {
				outfile_printf(f, "<td></td>");
				continue;
			}
			outfile_printf(f, "<td class=\"r%d%s\" title=\"A %.0f, B %.0f kB/s; ",
				       ratio_shade(w->ratio), w->significant > 0 ? " sig" : "",
				       w->mean_a, w->mean_b);
			if (isnan(w->p_value))
				outfile_printf(f, "no test: needs 2 trials a side\">");
			else
				outfile_printf(f, "p %.3g\">", w->p_value);
			outfile_printf(f, "%.2f%s</td>", w->ratio, w->significant > 0 ? "*" : "");
		}
		outfile_printf(f, "</tr>\n");
	}
	outfile_printf(f, "</tbody></table></div>\n");
	axes_release(&ax);
}

void html_tables_write(struct outfile *f, struct result_set *const *sets, size_t nsets,
		       int col, const struct compare_result *const *cmp)
{
	double lo, hi;

	scale_of(sets, nsets, col, &lo, &hi);
	for (size_t i = 0; i < nsets; i++)
		if (sets[i]->cols_mask & (1u << col))
			means_grid(f, sets, i, col, lo, hi);
	for (size_t i = 1; cmp && i < nsets; i++)
		if (cmp[i])
			ratio_grid(f, sets, i, col, cmp[i]);
}
