/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_lat.c: the latency charts drawn from per-operation histograms
 * (--latency and queue-depth runs; see latency.h), beside gnuplot_drive.c's
 * throughput charts.
 *
 *   latency-<test>.gp        p50, p99, p99.9 and the mean time per
 *                            operation against the size the sets vary
 *                            (gnuplot_xaxis_pick: file size at one record
 *                            size, or record size at one file size; log2
 *                            axis, log y in microseconds), one colour per
 *                            result set;
 *   percentiles-<test>[-N].gp  the percentile curve of each size of one
 *                            set (at most LAT_MAX_CURVES of them, spread
 *                            over the sizes): latency against
 *                            -log10(1 - q), so 90%, 99%, 99.9% and 99.99%
 *                            are equally spaced.
 *
 * Every figure is read from the histograms of the result set: the trials
 * of a cell are merged (results_lat_merge_cell) and latency_quantile_ns /
 * latency_mean_ns give the numbers, written in microseconds into the
 * scripts' inline data blocks.  A percentile row prints the q it was
 * computed at, so the block can be checked against the histogram.  A
 * result folder read back has no histograms, only each trial's figures
 * (results.csv's lat_* columns, RESULTS_SF_LAT_FIGS): its line on
 * latency-<test>.gp comes from them (figs_row says how, the script says
 * so), and it has no percentile curves.  Sets with neither (IOzone
 * reports) have no line on these charts.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "charts/gnuplot_axis.h"
#include "charts/gnuplot_lat.h"
#include "charts/gnuplot_script_priv.h"
#include "charts/gnuplot_script.h"
#include "iosweep.h"
#include "model/latency.h"
#include "lib/err.h"
#include "lib/strbuf.h"
#include "model/results.h"
#include "model/units.h"

#define LAT_MAX_CURVES 8      /* lines on a percentile chart */
#define LAT_NINES_STEP 0.05   /* x step of a percentile curve */
#define LAT_NINES_MAX 4.0     /* 99.99% */

/* The figures of one cell: every operation of its merged trials. */
struct lat_row {
	size_t cell;
	uint64_t x_kb;           /* file size or record size: the chart's x */
	uint64_t ops;
	int trials;
	int summary;             /* figures from the folder's summary.csv */
	double mean_us, p50_us, p99_us, p999_us;
};

struct lat_set {
	size_t set;              /* index into sets */
	int hist;                /* 1: from histograms; 0: from the trials' figures */
	struct lat_row *rows;    /* ascending x */
	size_t nrows;
};

static int row_cmp(const void *a, const void *b)
{
	const struct lat_row *x = a, *y = b;
	return x->x_kb < y->x_kb ? -1 : x->x_kb > y->x_kb;
}

/* A full trial of (cell, col) with latency figures read back from results.csv. */
static int figs_usable(const struct result_sample *s, size_t cell, int col)
{
	return s->cell == cell && s->col == col && !(s->flags & RESULTS_SF_PARTIAL) &&
		s->lat_figs && isfinite(s->lat_figs->us[RESULTS_LAT_ALL][1]);
}

/* Has (cell, col) of rs latency figures of either kind?  (gnuplot_xaxis_pick's keep) */
static int has_lat(const struct result_set *rs, size_t cell, int col)
{
	for (size_t i = 0; i < rs->nsamples; i++) {
		const struct result_sample *s = &rs->samples[i];
		if (s->cell == cell && s->col == col && !(s->flags & RESULTS_SF_PARTIAL) &&
		    ((s->lat && s->lat->n) || figs_usable(s, cell, col)))
			return 1;
	}
	return 0;
}

/*
 * The row of (cell, col) from its trials' figures (a result folder read
 * back: the histograms are not in it).  Where the folder's summary.csv
 * holds the cell's figures of these very trials (results_cell_sum), they
 * are the merged histogram's and are drawn as they are.  Else the mean is
 * over every operation of the trials, exactly: each trial's mean weighted
 * by its operations; percentiles of merged trials cannot be had from the
 * trials' own, so with one trial they are its own and with more there
 * are none (NaN: no point drawn).  0 when the cell has none.
 */
static int figs_row(const struct result_set *rs, size_t cell, int col, struct lat_row *r)
{
	double w = 0.0, sum = 0.0;
	const double *one = NULL;
	const struct result_cell_sum *cs = results_cell_sum(rs, cell, col);

	memset(r, 0, sizeof(*r));
	for (size_t i = 0; i < rs->nsamples; i++) {
		const struct result_sample *s = &rs->samples[i];
		if (!figs_usable(s, cell, col))
			continue;
		double ops = s->ops ? (double)s->ops : 1.0;
		sum += ops * s->lat_figs->us[RESULTS_LAT_ALL][1];
		w += ops;
		r->ops += s->ops;
		r->trials++;
		one = s->lat_figs->us[RESULTS_LAT_ALL];
	}
	if (!r->trials)
		return 0;
	if (cs && (cs->flags & RESULTS_CS_LAT) && isfinite(cs->lat_us[RESULTS_LAT_ALL][1])) {
		one = cs->lat_us[RESULTS_LAT_ALL];
		r->summary = 1;
	} else if (r->trials > 1) {
		r->mean_us = sum / w;
		r->p50_us = r->p99_us = r->p999_us = NAN;
		return 1;
	}
	r->mean_us = one[1];
	r->p50_us = one[4];
	r->p99_us = one[6];
	r->p999_us = one[7];
	return 1;
}

/* The rows of (rs, col) on ax, from histograms or figures.  0 or -1 (memory). */
static int lat_rows(const struct result_set *rs, int col, const struct gnuplot_xaxis *ax,
		    struct latency_hist *scratch, struct lat_set *out)
{
	out->rows = malloc((rs->ncells ? rs->ncells : 1) * sizeof(*out->rows));
	out->nrows = 0;
	out->hist = results_has_latency(rs) != 0;
	if (!out->rows)
		return -1;
	for (size_t c = 0; c < rs->ncells; c++) {
		uint64_t x;
		if (!gnuplot_xaxis_at(ax, rs, c, &x))
			continue;
		if (!out->hist) {
			struct lat_row *r = &out->rows[out->nrows];
			if (figs_row(rs, c, col, r)) {
				r->cell = c;
				r->x_kb = x;
				out->nrows++;
			}
			continue;
		}
		int trials = results_lat_merge_cell(rs, c, col, scratch);
		if (trials < 0)
			return -1;
		if (trials == 0 || scratch->n == 0)
			continue;
		struct lat_row *r = &out->rows[out->nrows++];
		r->cell = c;
		r->x_kb = x;
		r->ops = scratch->n;
		r->trials = trials;
		r->mean_us = latency_mean_ns(scratch) / 1e3;
		r->p50_us = latency_quantile_ns(scratch, 0.50) / 1e3;
		r->p99_us = latency_quantile_ns(scratch, 0.99) / 1e3;
		r->p999_us = latency_quantile_ns(scratch, 0.999) / 1e3;
	}
	qsort(out->rows, out->nrows, sizeof(*out->rows), row_cmp);
	return 0;
}

/* Widen [*lo, *hi] to hold v when v is positive (a log axis). */
static void extent_add(double *lo, double *hi, double v)
{
	if (!(v > 0.0))
		return;
	if (v < *lo)
		*lo = v;
	if (v > *hi)
		*hi = v;
}

/* The parts every latency script has, filled in by the two writers. */
struct lat_script {
	struct sbuf title, title_q, what, from, data, xlabel, xtics, ytics, plot, term, out;
	char xmin[32], xmax[32], ymin[32], ymax[32];
};

static void script_release(struct lat_script *s)
{
	sb_release(&s->title);
	sb_release(&s->title_q);
	sb_release(&s->what);
	sb_release(&s->from);
	sb_release(&s->data);
	sb_release(&s->xlabel);
	sb_release(&s->xtics);
	sb_release(&s->ytics);
	sb_release(&s->plot);
	sb_release(&s->term);
	sb_release(&s->out);
}

/*
 * The y range (log axis) around [lo, hi], and its tics: 1, 2, 5 times the
 * powers of ten inside it when the range spans less than three decades (a
 * log axis labels only the powers of ten, too few for a narrow range).
 */
static void script_yrange(struct lat_script *s, double lo, double hi)
{
	sb_puts(&s->ytics, "set ytics auto");
	if (!(lo <= hi)) {           /* nothing positive: let gnuplot choose */
		snprintf(s->ymin, sizeof(s->ymin), "*");
		snprintf(s->ymax, sizeof(s->ymax), "*");
		return;
	}
	lo /= 1.5;
	hi *= 1.5;
	snprintf(s->ymin, sizeof(s->ymin), "%.6g", lo);
	snprintf(s->ymax, sizeof(s->ymax), "%.6g", hi);
	if (hi / lo >= 1000.0)
		return;
	static const double steps[] = { 1.0, 2.0, 5.0 };
	int n = 0;
	sb_release(&s->ytics);
	sb_puts(&s->ytics, "set ytics (");
	for (double p = pow(10.0, floor(log10(lo))); p <= hi; p *= 10.0)
		for (size_t k = 0; k < 3; k++) {
			double v = p * steps[k];
			if (v >= lo && v <= hi)
				sb_printf(&s->ytics, "%s%g", n++ ? ", " : "", v);
		}
	sb_puts(&s->ytics, ")");
	if (n == 0) {
		sb_release(&s->ytics);
		sb_puts(&s->ytics, "set ytics auto");
	}
}

/* Fill template tmpl with s and write dir/name.gp. */
static int script_write(struct lat_script *s, const char *tmpl, const char *name, int col,
			const struct gnuplot_opts *go, const char *dir,
			struct gnuplot_files *written, char *err, size_t errlen)
{
	const char *term_name = go->term ? go->term : "png";

	sb_quoted(&s->title_q, s->title.p ? s->title.p : "");
	if (gnuplot_terminal_text(&s->term, name, term_name, 1000, 650, err, errlen) != 0)
		return -1;
	const struct tvar vars[] = {
		{ "TITLE", s->title.p }, { "TITLE_Q", s->title_q.p }, { "WHAT", s->what.p },
		{ "FROM", s->from.p }, { "NAME", name }, { "EXT", gnuplot_term_ext(term_name) },
		{ "VERSION", IOSWEEP_VERSION }, { "TERMINAL", s->term.p }, { "DATA", s->data.p },
		{ "XMIN", s->xmin }, { "XMAX", s->xmax }, { "XTICS", s->xtics.p },
		{ "XLABEL_Q", s->xlabel.p ? s->xlabel.p : "''" }, { "YMIN", s->ymin }, { "YMAX", s->ymax }, { "YTICS", s->ytics.p },
		{ "PLOT", s->plot.p },
	};
	if (gnuplot_template_fill(&s->out, tmpl, vars, sizeof(vars) / sizeof(vars[0]),
				  err, errlen) != 0)
		return -1;
	return gnuplot_write_script(dir, name, &s->out, col, s->title.p, s->what.p,
				    go->overwrite, written, err, errlen);
}

/* The x and y extents of a latency chart's rows. */
struct lat_extent {
	uint64_t xlo, xhi;
	double ylo, yhi;
};

/* latency-<slug>.gp's title, and what it shows: a word more when a set
 * was read back from a result folder (figures, not histograms). */
static void vs_size_words(struct lat_script *s, const struct lat_set *ls, size_t nls,
			  const char *cname, const char *xname, const char *fixed)
{
	sb_printf(&s->title, "%s latency per operation against %s (%s)", cname, xname, fixed);
	sb_printf(&s->what, "%s time per operation against %s on a log2 axis, %s:\n#   "
		  "the median (p50), p99 and p99.9 of every operation of the merged trials, "
		  "and their mean,\n#   one colour per result set, on a log scale; "
		  "percentiles from log-linear histograms (within 0.4%%)", cname, xname, fixed);
	for (size_t k = 0; k < nls; k++)
		if (!ls[k].hist) {
			sb_puts(&s->what, ";\n#   sets read back from a result folder (no histograms): "
				"the merged figures its summary.csv\n#   kept for these trials "
				"where it has them (titled as a run's); else, titled trials' "
				"figures,\n#   the mean over every operation of the trials (each "
				"trial's mean weighted by its operations)\n#   and, with one "
				"trial, its own percentiles; with more, no percentile (NaN: not "
				"drawn)");
			break;
		}
}

/* Line set k's data block $s<k+1>: one row per x, widening ex. */
static void vs_size_block(struct sbuf *data, struct result_set *const *sets,
			  const struct lat_set *l, size_t k, const char *fixed,
			  struct lat_extent *ex)
{
	sb_printf(data, "# line set %zu: ", k + 1);
	gnuplot_set_name(data, sets, l->set);
	sb_printf(data, ", %s%s\n$s%zu << EOD\n", fixed,
		  l->hist ? "" : ", from the trials' figures in results.csv"
		  " or the merged ones in summary.csv (a row's last field)", k + 1);
	for (size_t j = 0; j < l->nrows; j++) {
		const struct lat_row *r = &l->rows[j];
		const double fig[4] = { r->mean_us, r->p50_us, r->p99_us, r->p999_us };
		sb_printf(data, "%llu", (unsigned long long)r->x_kb);
		for (int f = 0; f < 4; f++) {
			if (isfinite(fig[f]))
				sb_printf(data, " %.4f", fig[f]);
			else
				sb_puts(data, " NaN");
		}
		sb_printf(data, " %llu %d%s\n", (unsigned long long)r->ops, r->trials,
			  l->hist ? "" : r->summary ? " summary.csv" : " results.csv");
		ex->xlo = r->x_kb < ex->xlo ? r->x_kb : ex->xlo;
		ex->xhi = r->x_kb > ex->xhi ? r->x_kb : ex->xhi;
		extent_add(&ex->ylo, &ex->yhi, r->mean_us);
		extent_add(&ex->ylo, &ex->yhi, r->p50_us);
		extent_add(&ex->ylo, &ex->yhi, r->p999_us);
	}
	sb_puts(data, "EOD\n");
}

/* Line set k's plot items, one per figure some row has; *plotted counts
 * the items so far. */
static void vs_size_items(struct sbuf *plot, struct result_set *const *sets,
			  const struct lat_set *l, size_t k, size_t nls, size_t *plotted)
{
	static const struct {
		const char *what;
		const char *style;
	} figs[] = {
		{ "p50", "dt 1 lw 2.0 pt 7" }, { "p99", "dt 2 lw 1.5 pt 5" },
		{ "p99.9", "dt 3 lw 1.5 pt 9" }, { "mean", "dt 4 lw 1.0 pt 1" },
	};
	/* read back: figures from summary.csv are the merged trials' as
	 * a run's are; a figure no row has (percentiles of several
	 * trials without summary.csv) gets no line */
	int merged = l->hist || l->nrows > 0, has[4] = { 0, 0, 0, 0 };

	for (size_t j = 0; j < l->nrows; j++) {
		const struct lat_row *r = &l->rows[j];
		const double fig[4] = { r->p50_us, r->p99_us, r->p999_us, r->mean_us };
		if (!l->hist && !r->summary)
			merged = 0;
		for (int f = 0; f < 4; f++)
			has[f] |= isfinite(fig[f]) != 0;
	}
	for (size_t f = 0; f < sizeof(figs) / sizeof(figs[0]); f++) {
		static const int column[] = { 3, 4, 5, 2 };
		if (!has[f])
			continue;
		if ((*plotted)++)
			sb_puts(plot, ", \\\n");
		/* one colour per set; with one set, one per figure */
		sb_printf(plot, "     $s%zu using 1:%d with linespoints lt %zu %s title ",
			  k + 1, column[f], nls == 1 ? f + 1 : k + 1, figs[f].style);
		if (merged) {
			gnuplot_set_title(plot, sets, l->set, figs[f].what);
		} else {
			char what[48];
			snprintf(what, sizeof(what), "%s (trials' figures)", figs[f].what);
			gnuplot_set_title(plot, sets, l->set, what);
		}
	}
}

/* latency-<slug>.gp: the figures of each set's rows against the axis. */
static int write_vs_size(struct result_set *const *sets, const struct lat_set *ls,
			 size_t nls, int col, const char *slug, const struct gnuplot_xaxis *ax,
			 const struct gnuplot_opts *go, const char *dir,
			 struct gnuplot_files *written, char *err, size_t errlen)
{
	struct lat_script s;
	struct lat_extent ex = { UINT64_MAX, 0, HUGE_VAL, 0.0 };
	size_t plotted = 0;
	size_t *which = malloc((nls ? nls : 1) * sizeof(*which));
	char fixed[48], name[80];
	int rc = -1;

	memset(&s, 0, sizeof(s));
	if (!which)
		return err_set(err, errlen, "out of memory");
	gnuplot_xaxis_fixed(ax, fixed, sizeof(fixed));
	vs_size_words(&s, ls, nls, results_col_name(col), gnuplot_xaxis_name(ax), fixed);
	for (size_t k = 0; k < nls; k++) {
		which[k] = ls[k].set;
		vs_size_block(&s.data, sets, &ls[k], k, fixed, &ex);
		vs_size_items(&s.plot, sets, &ls[k], k, nls, &plotted);
	}
	sb_puts(&s.plot, "\n");
	sb_puts(&s.from, "the result sets below");
	gnuplot_sb_from(&s.from, sets, go->sources, which, nls);
	gnuplot_xaxis_label(&s.xlabel, ax);
	gnuplot_axis_tics(&s.xtics, ex.xlo, ex.xhi, 1.25, GNUPLOT_AXIS_2D);
	snprintf(s.xmin, sizeof(s.xmin), "%.6g", (double)ex.xlo / 1.25);
	snprintf(s.xmax, sizeof(s.xmax), "%.6g", (double)ex.xhi * 1.25);
	script_yrange(&s, ex.ylo, ex.yhi);
	snprintf(name, sizeof(name), "latency-%s", slug);
	rc = script_write(&s, "latency.gp", name, col, go, dir, written, err, errlen);
	free(which);
	script_release(&s);
	return rc;
}

/*
 * The percentile curve of one merged histogram into b: q at x = 0, 0.05,
 * ... up to 4 nines or log10(n), whichever is less.  Each q is printed
 * and read back before use, so the row's latency is that of the q shown.
 * Returns the last x; widens [*ylo, *yhi].
 */
static double curve_rows(struct sbuf *b, const struct latency_hist *h,
			 double *ylo, double *yhi)
{
	double xmax = log10((double)h->n), last = 0.0;

	if (xmax > LAT_NINES_MAX)
		xmax = LAT_NINES_MAX;
	for (int k = 0; ; k++) {
		double x = k * LAT_NINES_STEP;
		char qs[32];
		if (k && x > xmax + 1e-9)
			break;
		snprintf(qs, sizeof(qs), "%.12g", k ? 1.0 - pow(10.0, -x) : 0.0);
		double q = strtod(qs, NULL);
		double us = latency_quantile_ns(h, q) / 1e3;
		last = k && q < 1.0 ? -log10(1.0 - q) : x;
		sb_printf(b, "%.6f %s %.4f\n", last, qs, us);
		extent_add(ylo, yhi, us);
	}
	return last;
}

/* percentiles-<slug>[-N].gp: the curves of up to LAT_MAX_CURVES cells of one set. */
static int write_percentiles(struct result_set *const *sets, const struct lat_set *l,
			     int numbered, int col, const char *slug,
			     const struct gnuplot_xaxis *ax,
			     struct latency_hist *scratch, const struct gnuplot_opts *go,
			     const char *dir, struct gnuplot_files *written,
			     char *err, size_t errlen)
{
	const struct result_set *rs = sets[l->set];
	struct lat_script s;
	double ylo = HUGE_VAL, yhi = 0.0, xhi = 0.0;
	size_t pick[LAT_MAX_CURVES], npick = 0;
	char fixed[48], name[96];
	int rc = -1;

	memset(&s, 0, sizeof(s));
	if (l->nrows <= LAT_MAX_CURVES) {
		for (size_t j = 0; j < l->nrows; j++)
			pick[npick++] = j;
	} else {                       /* spread over the sizes, both ends kept */
		for (size_t i = 0; i < LAT_MAX_CURVES; i++)
			pick[npick++] = (i * (l->nrows - 1) + (LAT_MAX_CURVES - 1) / 2) /
				(LAT_MAX_CURVES - 1);
	}
	gnuplot_xaxis_fixed(ax, fixed, sizeof(fixed));
	const char *cname = results_col_name(col);
	sb_printf(&s.title, "%s latency percentiles: ", cname);
	gnuplot_set_name(&s.title, sets, l->set);
	sb_printf(&s.title, " (%s)", fixed);
	sb_printf(&s.what, "%s time per operation at each percentile q of every operation "
		  "of the merged trials,\n#   against -log10(1 - q) (90%%, 99%%, 99.9%%, 99.99%% "
		  "equally spaced), one line per %s", cname, gnuplot_xaxis_name(ax));
	if (npick < l->nrows)
		sb_printf(&s.what, " (%zu of the %zu measured, spread over the range)", npick,
			  l->nrows);
	sb_printf(&s.what, ", %s;\n#   percentiles from log-linear histograms "
		  "(within 0.4%%)", fixed);
	for (size_t i = 0; i < npick; i++) {
		const struct lat_row *r = &l->rows[pick[i]];
		char size[32];
		if (results_lat_merge_cell(rs, r->cell, col, scratch) <= 0) {
			err_set(err, errlen, "out of memory");
			goto out;
		}
		units_format_kb(r->x_kb, size, sizeof(size));
		const char *what = ax->records ? "records" : "file";
		sb_printf(&s.data, "# line %zu: %s %s, %llu operations in %d trial%s, "
			  "max %.4f us\n$p%zu << EOD\n", i + 1, size, what,
			  (unsigned long long)r->ops, r->trials, r->trials == 1 ? "" : "s",
			  (double)scratch->max_ns / 1e3, i + 1);
		double x = curve_rows(&s.data, scratch, &ylo, &yhi);
		xhi = x > xhi ? x : xhi;
		sb_puts(&s.data, "EOD\n");
		if (i)
			sb_puts(&s.plot, ", \\\n");
		sb_printf(&s.plot, "     $p%zu using 1:3 with linespoints lt %zu lw 2.0 pt 7 pi 20 "
			  "title '%s %s (%llu ops)'", i + 1, i + 1, size, what,
			  (unsigned long long)r->ops);
	}
	sb_puts(&s.plot, "\n");
	sb_puts(&s.from, "the result set below");
	gnuplot_sb_from(&s.from, sets, go->sources, &l->set, 1);
	/* the tics up to the last whole nine reached (at least 90%) */
	/* tic labels are formats to gnuplot: %% is a percent sign */
	static const char *const nines[] = { "min", "90%%", "99%%", "99.9%%", "99.99%%" };
	int top = (int)ceil(xhi - 1e-9);
	top = top < 1 ? 1 : top > 4 ? 4 : top;
	for (int k = 0; k <= top; k++)
		sb_printf(&s.xtics, "%s'%s' %d", k ? ", " : "", nines[k], k);
	snprintf(s.xmin, sizeof(s.xmin), "%.2f", -0.05 * top);
	snprintf(s.xmax, sizeof(s.xmax), "%.2f", top * 1.05);
	script_yrange(&s, ylo, yhi);
	if (numbered)
		snprintf(name, sizeof(name), "percentiles-%s-%zu", slug, l->set + 1);
	else
		snprintf(name, sizeof(name), "percentiles-%s", slug);
	rc = script_write(&s, "percentiles.gp", name, col, go, dir, written, err, errlen);
out:
	script_release(&s);
	return rc;
}

int gnuplot_lat_write(struct result_set *const *sets, size_t nsets, int col,
		      const char *slug, const struct gnuplot_opts *go,
		      const char *dir, struct gnuplot_files *written, int *drawn,
		      char *err, size_t errlen)
{
	struct latency_hist scratch;
	struct gnuplot_xaxis ax;
	struct lat_set *ls = NULL;
	size_t nls = 0, *which = malloc((nsets ? nsets : 1) * sizeof(*which)), nwhich = 0;
	int rc = -1;

	*drawn = 0;
	if (!which)
		return err_set(err, errlen, "out of memory");
	nwhich = gnuplot_sets_with(sets, nsets, col, has_lat, which);
	if (nwhich == 0) {
		free(which);
		return 0;
	}
	gnuplot_xaxis_pick(sets, which, nwhich, col, go, has_lat, &ax);
	if (latency_init(&scratch) != 0 || !(ls = calloc(nsets, sizeof(*ls)))) {
		latency_release(&scratch);
		free(which);
		return err_set(err, errlen, "out of memory");
	}
	for (size_t k = 0; k < nwhich; k++) {
		size_t i = which[k];
		ls[nls].set = i;
		if (lat_rows(sets[i], col, &ax, &scratch, &ls[nls]) != 0) {
			nls++;
			err_set(err, errlen, "out of memory");
			goto out;
		}
		if (ls[nls].nrows == 0)
			free(ls[nls].rows);
		else
			nls++;
	}
	rc = 0;
	if (nls == 0)
		goto out;
	rc = write_vs_size(sets, ls, nls, col, slug, &ax, go, dir, written, err, errlen);
	for (size_t k = 0; rc == 0 && k < nls; k++)
		if (ls[k].hist)
			rc = write_percentiles(sets, &ls[k], nsets > 1, col, slug, &ax, &scratch,
					       go, dir, written, err, errlen);
	if (rc == 0)
		*drawn = 1;
out:
	for (size_t k = 0; k < nls; k++)
		free(ls[k].rows);
	free(ls);
	free(which);
	latency_release(&scratch);
	return rc;
}
