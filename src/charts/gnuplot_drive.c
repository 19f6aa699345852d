/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_drive.c: the drive comparison, the charts every sweep gets
 * (see gnuplot.h): throughput (or time per operation) against file size
 * at one record size, one line per result set with error bars from the
 * trials, reference lines and cache cliffs marked; the overlay with one
 * set drawn thick; and the 3D surface of one set's true (file, record)
 * grid.  The figures are the per-trial values of results_values()
 * summarised by stats_summarize(), written in kB/s (or usec/op) with the
 * axis scale applied inside gnuplot, so the numbers in the data blocks
 * are the measured means themselves.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "charts/gnuplot_axis.h"
#include "charts/gnuplot_drive.h"
#include "charts/gnuplot_script_priv.h"
#include "charts/gnuplot_refs.h"
#include "charts/gnuplot_script.h"
#include "analysis/cliff.h"
#include "iosweep.h"
#include "lib/err.h"
#include "lib/strbuf.h"
#include "report/cliffout.h"
#include "model/results.h"
#include "model/stats.h"
#include "model/units.h"

/* ------------------------------------------------------------------ */
/* the figures of a chart */

struct point {
	uint64_t file_kb;
	struct stats_summary s;
};

struct series {
	size_t set;              /* index into sets */
	uint64_t record_kb;
	struct point *pts;
	size_t npts;
};

static int point_cmp(const void *a, const void *b)
{
	const struct point *x = a, *y = b;
	return x->file_kb < y->file_kb ? -1 : x->file_kb > y->file_kb;
}

/*
 * The points of (set, col, record): one per file size with at least one
 * full trial, summarised, in file size order.  0 or -1 (memory).
 */
static int series_collect(const struct result_set *rs, size_t set, int col,
			  uint64_t record_kb, int unit, struct series *out)
{
	size_t maxv = rs->nsamples ? rs->nsamples : 1;
	double *vals = malloc(maxv * sizeof(*vals));
	struct point *pts = malloc((rs->ncells ? rs->ncells : 1) * sizeof(*pts));
	size_t n = 0;

	memset(out, 0, sizeof(*out));
	if (!vals || !pts) {
		free(vals);
		free(pts);
		return -1;
	}
	for (size_t c = 0; c < rs->ncells; c++) {
		if (rs->cells[c].placeholder || rs->cells[c].record_kb != record_kb)
			continue;
		size_t nv = results_values(rs, c, col, unit, vals, maxv);
		if (nv == 0 || stats_summarize(vals, nv, &pts[n].s) != 0)
			continue;
		pts[n].file_kb = rs->cells[c].file_kb;
		n++;
	}
	free(vals);
	qsort(pts, n, sizeof(*pts), point_cmp);
	out->set = set;
	out->record_kb = record_kb;
	out->pts = pts;
	out->npts = n;
	return 0;
}

static void series_release(struct series *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(s[i].pts);
	free(s);
}

/*
 * The distinct file sizes (records 0) or record sizes (records 1) that col
 * was measured at in rs, ascending, into *out (malloc'd; NULL when out of
 * memory).  Returns how many.
 */
static size_t axis_values(const struct result_set *rs, int col, int records,
			  uint64_t **out)
{
	uint64_t *v = malloc((rs->ncells ? rs->ncells : 1) * sizeof(*v));
	size_t n = 0;

	*out = v;
	if (!v)
		return 0;
	for (size_t c = 0; c < rs->ncells; c++) {
		uint64_t k = records ? rs->cells[c].record_kb : rs->cells[c].file_kb;
		if (rs->cells[c].placeholder || !results_has(rs, c, col))
			continue;
		size_t i = 0;
		while (i < n && v[i] < k)
			i++;
		if (i < n && v[i] == k)
			continue;
		memmove(v + i + 1, v + i, (n - i) * sizeof(*v));
		v[i] = k;
		n++;
	}
	return n;
}

/* Everything one chart is made of, before it becomes text. */
struct chart {
	const char *name;        /* file name without .gp */
	int col;
	int unit;                /* RESULTS_UNIT_KBPS or _USEC */
	struct series *series;
	size_t nseries;
	uint64_t xmin, xmax;     /* file sizes */
	double ymin, ymax;       /* smallest positive min, largest max plotted (data unit) */
	const struct cliff_list *cliffs; /* per set, or NULL when not asked for */
};

static void chart_extent(struct chart *ch, const struct gnuplot_opts *go)
{
	ch->xmin = UINT64_MAX;
	ch->xmax = 0;
	ch->ymax = 0;
	ch->ymin = HUGE_VAL;
	for (size_t i = 0; i < ch->nseries; i++)
		for (size_t j = 0; j < ch->series[i].npts; j++) {
			const struct point *p = &ch->series[i].pts[j];
			if (p->file_kb < ch->xmin)
				ch->xmin = p->file_kb;
			if (p->file_kb > ch->xmax)
				ch->xmax = p->file_kb;
			if (p->s.max > ch->ymax)
				ch->ymax = p->s.max;
			if (go->errbars == GNUPLOT_ERR_CI95 && p->s.ci95_high > ch->ymax)
				ch->ymax = p->s.ci95_high;
			if (p->s.min > 0 && p->s.min < ch->ymin)
				ch->ymin = p->s.min;
		}
	if (ch->unit == RESULTS_UNIT_KBPS && go->refs)
		for (size_t i = 0; i < go->refs->n; i++) {
			double v = go->refs->items[i].kbps;
			ch->ymax = v > ch->ymax ? v : ch->ymax;
			ch->ymin = v < ch->ymin ? v : ch->ymin;
		}
}

/* The series title: label, with the record size when lines differ by it. */
static void series_title(struct sbuf *b, struct result_set *const *sets,
			 const struct series *s, int with_record)
{
	const char *label = sets[s->set]->meta.label;
	struct sbuf t = { 0 };
	char rec[32];

	if (label && *label)
		sb_puts(&t, label);
	else
		sb_printf(&t, "set %zu", s->set + 1);
	if (with_record) {
		units_format_kb(s->record_kb, rec, sizeof(rec));
		sb_printf(&t, ", %s records", rec);
	}
	sb_quoted(b, t.p ? t.p : "");
	if (t.failed)
		b->failed = 1;
	sb_release(&t);
}

static void data_blocks(struct sbuf *b, struct result_set *const *sets,
			const struct chart *ch, int with_record)
{
	for (size_t i = 0; i < ch->nseries; i++) {
		const struct series *s = &ch->series[i];
		char rec[32];
		units_format_kb(s->record_kb, rec, sizeof(rec));
		sb_printf(b, "# line %zu: ", i + 1);
		series_title(b, sets, s, with_record);
		sb_printf(b, ", %s records\n$s%zu << EOD\n", rec, i + 1);
		for (size_t j = 0; j < s->npts; j++) {
			const struct point *p = &s->pts[j];
			sb_printf(b, "%llu %.2f %.2f %.2f %.2f %.2f %zu\n",
				  (unsigned long long)p->file_kb, p->s.mean, p->s.min,
				  p->s.max, p->s.ci95_low, p->s.ci95_high, p->s.n);
		}
		sb_puts(b, "EOD\n");
	}
}

static void cliff_marks(struct sbuf *b, struct result_set *const *sets,
			const struct chart *ch)
{
	size_t nmarked = 0;
	if (!ch->cliffs) {
		sb_puts(b, "# (not asked for)\n");
		return;
	}
	for (size_t i = 0; i < ch->nseries; i++) {
		const struct series *s = &ch->series[i];
		const struct cliff_list cl = ch->cliffs[s->set];
		for (size_t k = 0; k < cl.n; k++) {
			const struct cliff *c = &cl.items[k];
			char before[32], after[32], cache[48];
			if (c->col != ch->col || c->record_kb != s->record_kb)
				continue;
			units_format_kb(c->before_kb, before, sizeof(before));
			units_format_kb(c->after_kb, after, sizeof(after));
			units_format_size_kb(c->estimated_cache_kb, cache, sizeof(cache));
			double x = (double)c->estimated_cache_kb;
			if (x < (double)c->before_kb || x > (double)c->after_kb)
				x = sqrt((double)c->before_kb * (double)c->after_kb);
			/* labels right of the line, or left of it in the right third;
			 * boxed (opaque) over lines drawn at the back, so no cliff line
			 * crosses the text of another */
			double span = log2((double)ch->xmax / (double)ch->xmin);
			int left = span > 0 && log2(x / (double)ch->xmin) / span > 0.66;
			if (c->finding >= 0 && (size_t)c->finding < cl.nfindings) {
				char *sentence = cliffout_sentence(&cl, (size_t)c->finding);
				sb_puts(b, "# ");
				sb_plain(b, sets[s->set]->meta.label);
				sb_puts(b, ": ");
				sb_plain(b, sentence);
				sb_puts(b, "\n");
				if (!sentence)
					b->failed = 1;
				free(sentence);
			}
			sb_printf(b, "set arrow from %.0f, graph 0 to %.0f, graph 1 nohead dt 3 "
				  "lw 1.5 lc %zu back\n", x, x, i + 1);
			sb_printf(b, "set label 'drops %.1fx from %s to %s (%s ~%s)' at %.0f, "
				  "graph %.2f %s offset %d,0 boxed font ',8' tc lt %zu front\n",
				  c->ratio, before, after, c->kind == CLIFF_KIND_CPU_CACHE ?
				  "CPU cache, file in memory:" : "cache", cache, x,
				  0.97 - 0.04 * (double)(nmarked % 12),
				  left ? "right" : "left", left ? -1 : 1, i + 1);
			nmarked++;
		}
	}
	if (!nmarked)
		sb_puts(b, "# (none)\n");
}

static const char *version_text = IOSWEEP_VERSION;

enum chart_kind { CHART_COMPARE, CHART_OVERLAY, CHART_LATENCY };

/* One 2D chart in the making: the sets its series come from (which), the
 * y scale and unit, and the pieces of the script filled into compare.gp. */
struct d2_draw {
	struct result_set *const *sets;
	struct chart *ch;
	enum chart_kind kind;
	size_t highlight;                /* the set drawn thick on an overlay */
	const struct gnuplot_opts *go;
	const struct gnuplot_refs *rl;   /* NULL on latency charts */
	int with_record;                 /* one line per record size */
	size_t *which, nwhich;
	double scale;
	const char *unit_name;
	struct gnuplot_pieces pc;
	struct sbuf cliffs;
};

/* The sets the chart's series come from, each once, in series order. */
static void d2_which(struct d2_draw *d)
{
	const struct chart *ch = d->ch;

	for (size_t i = 0; i < ch->nseries; i++) {
		size_t k = 0;
		while (k < d->nwhich && d->which[k] != ch->series[i].set)
			k++;
		if (k == d->nwhich)
			d->which[d->nwhich++] = ch->series[i].set;
	}
}

/* The extents, and the unit: kB/s past 1e6 is drawn in MB/s. */
static void d2_scale(struct d2_draw *d)
{
	chart_extent(d->ch, d->go);
	d->scale = 1.0;
	d->unit_name = "kB/s";
	if (d->kind == CHART_LATENCY)
		d->unit_name = "microseconds per operation";
	else if (d->ch->ymax >= 1e6) {
		d->scale = 1024.0;
		d->unit_name = "MB/s";
	}
}

/* The words: title, what the chart shows and where its figures come from. */
static void d2_words(struct d2_draw *d)
{
	const struct gnuplot_opts *go = d->go;
	struct result_set *const *sets = d->sets;
	const char *col = results_col_name(d->ch->col);
	const char *bars = go->errbars == GNUPLOT_ERR_CI95 ? "95% confidence interval of the mean"
		: go->errbars == GNUPLOT_ERR_NONE ? "none" : "min..max of the trials";
	char rec[32];

	units_format_kb(d->ch->series[0].record_kb, rec, sizeof(rec));
	switch (d->kind) {
	case CHART_COMPARE:
		sb_printf(&d->pc.title, "%s throughput against file size", col);
		sb_printf(&d->pc.what, "%s throughput (mean of the trials) against file size on a "
			  "log2 axis, one line per result set", col);
		break;
	case CHART_OVERLAY:
		sb_printf(&d->pc.title, "%s: ", col);
		sb_plain(&d->pc.title, sets[d->highlight]->meta.label ?
			 sets[d->highlight]->meta.label : "set");
		sb_puts(&d->pc.title, " (thick) against the others");
		sb_printf(&d->pc.what, "%s throughput against file size, the highlighted set drawn "
			  "thick over the others", col);
		break;
	case CHART_LATENCY:
		sb_printf(&d->pc.title, "%s latency against file size", col);
		sb_printf(&d->pc.what, "%s time per operation (mean of the trials) against file size",
			  col);
		break;
	}
	if (!d->with_record)
		sb_printf(&d->pc.title, " (%s records)", rec);
	else
		sb_puts(&d->pc.what, " and record size");
	sb_printf(&d->pc.what, ";\n#   error bars: %s", bars);
	if (d->rl && d->rl->n)
		sb_puts(&d->pc.what, "; dashed lines: nominal interface rates (not measured)");
	sb_puts(&d->pc.from, "the result sets below");
	gnuplot_sb_from(&d->pc.from, sets, go->sources, d->which, d->nwhich);
}

/* The data blocks and the axes: x tics, the y axis with its reference
 * lines, the y label, and the cliff marks (drive comparison only). */
static void d2_axes(struct d2_draw *d)
{
	const struct chart *ch = d->ch;

	data_blocks(&d->pc.data, d->sets, ch, d->with_record);
	gnuplot_axis_tics(&d->pc.tics, ch->xmin, ch->xmax, 1.25, GNUPLOT_AXIS_2D);
	int ylog = gnuplot_ref_yaxis(&d->pc.yaxis, &d->pc.refs, d->rl, ch->ymin, ch->ymax,
				     d->go->log_y, d->scale, d->unit_name);
	if (d->kind == CHART_LATENCY)
		sb_puts(&d->pc.ylabel, "microseconds per operation");
	else
		sb_printf(&d->pc.ylabel, "%s%s", d->unit_name, ylog ? ", log scale" : "");
	if (d->kind == CHART_COMPARE)
		cliff_marks(&d->cliffs, d->sets, ch);
	else
		sb_puts(&d->cliffs, "# (drawn on the drive comparison only)\n");
}

/* The plot command: one line per series, then the reference lines. */
static void d2_plot_cmd(struct d2_draw *d)
{
	const struct chart *ch = d->ch;
	struct sbuf *plot = &d->pc.plot;
	int bars_on = d->go->errbars != GNUPLOT_ERR_NONE && d->kind != CHART_OVERLAY;

	for (size_t i = 0; i < ch->nseries; i++) {
		const struct series *s = &ch->series[i];
		double lw = 2.0;
		if (d->kind == CHART_OVERLAY)
			lw = s->set == d->highlight ? 5.0 : 1.5;
		if (i)
			sb_puts(plot, ", \\\n");
		if (bars_on)
			sb_printf(plot, "     $s%zu using 1:($2/scale):(column(lo)/scale):"
				  "(column(hi)/scale) with yerrorlines", i + 1);
		else
			sb_printf(plot, "     $s%zu using 1:($2/scale) with linespoints", i + 1);
		sb_printf(plot, " lt %zu lw %.1f pt 7 title ", i + 1, lw);
		series_title(plot, d->sets, s, d->with_record);
	}
	gnuplot_ref_plot_items(plot, d->rl);
	sb_puts(plot, "\n");
}

/* Fill compare.gp with the pieces and write the script. */
static int d2_emit(struct d2_draw *d, const char *dir, struct gnuplot_files *written,
		   char *err, size_t errlen)
{
	const struct gnuplot_opts *go = d->go;
	const struct chart *ch = d->ch;
	const char *term_name = go->term ? go->term : "png";
	struct sbuf term = { 0 }, out = { 0 };
	char xmin[32], xmax[32], scale_s[16], lo[8], hi[8];
	int rc = -1;

	snprintf(scale_s, sizeof(scale_s), "%g", d->scale);
	snprintf(xmin, sizeof(xmin), "%.6g", (double)ch->xmin / 1.25);
	snprintf(xmax, sizeof(xmax), "%.6g", (double)ch->xmax * 1.25);
	snprintf(lo, sizeof(lo), "%d", go->errbars == GNUPLOT_ERR_CI95 ? 5 : 3);
	snprintf(hi, sizeof(hi), "%d", go->errbars == GNUPLOT_ERR_CI95 ? 6 : 4);
	if (gnuplot_terminal_text(&term, ch->name, term_name, 1000, 650, err, errlen) != 0)
		goto out;
	const struct tvar vars[] = {
		{ "TITLE", d->pc.title.p }, { "WHAT", d->pc.what.p }, { "FROM", d->pc.from.p },
		{ "NAME", ch->name }, { "EXT", gnuplot_term_ext(term_name) },
		{ "VERSION", version_text }, { "TERMINAL", term.p }, { "DATA", d->pc.data.p },
		{ "DATA_UNIT", d->kind == CHART_LATENCY ? "microseconds per operation" : "kB/s" },
		{ "SCALE", scale_s }, { "LO", lo }, { "HI", hi }, { "YLABEL", d->pc.ylabel.p },
		{ "XMIN", xmin }, { "XMAX", xmax }, { "XTICS", d->pc.tics.p }, { "YAXIS", d->pc.yaxis.p },
		{ "REFLABELS", d->pc.refs.p }, { "CLIFFS", d->cliffs.p }, { "PLOT", d->pc.plot.p },
	};
	if (gnuplot_template_fill(&out, "compare.gp", vars, sizeof(vars) / sizeof(vars[0]),
			  err, errlen) != 0)
		goto out;
	rc = gnuplot_write_script(dir, ch->name, &out, ch->col, d->pc.title.p, d->pc.what.p,
				  go->overwrite, written, err, errlen);
out:
	sb_release(&term);
	sb_release(&out);
	return rc;
}

static void d2_draw_release(struct d2_draw *d)
{
	free(d->which);
	gnuplot_pieces_release(&d->pc);
	sb_release(&d->cliffs);
}

/* A 2D chart (drive comparison, overlay or latency) of ch into dir. */
static int write_2d(struct result_set *const *sets, size_t nsets, struct chart *ch,
		    enum chart_kind kind, size_t highlight,
		    const struct gnuplot_opts *go, const char *dir,
		    struct gnuplot_files *written, char *err, size_t errlen)
{
	struct d2_draw d = {
		.sets = sets, .ch = ch, .kind = kind, .highlight = highlight, .go = go,
		.rl = kind == CHART_LATENCY ? NULL : go->refs,
		.with_record = go->all_records,
		.which = malloc((nsets ? nsets : 1) * sizeof(*d.which)),
	};
	int rc;

	if (!d.which)
		return err_set(err, errlen, "out of memory");
	d2_which(&d);
	d2_scale(&d);
	d2_words(&d);
	d2_axes(&d);
	d2_plot_cmd(&d);
	rc = d2_emit(&d, dir, written, err, errlen);
	d2_draw_release(&d);
	return rc;
}

/* The surface of (set, col): the real grid, NaN where not measured. */
int gnuplot_surface_write(struct result_set *const *sets, size_t set, int col,
			  const char *name, const struct gnuplot_opts *go, const char *dir,
			  struct gnuplot_files *written, char *err, size_t errlen)
{
	const struct result_set *rs = sets[set];
	uint64_t *recs = NULL, *files = NULL;
	size_t nrecs = axis_values(rs, col, 1, &recs);
	struct sbuf title = { 0 }, title_q = { 0 }, what = { 0 }, from = { 0 }, data = { 0 },
		    xt = { 0 }, yt = { 0 }, term = { 0 }, out = { 0 };
	size_t maxv = rs->nsamples ? rs->nsamples : 1, nfiles = 0;
	double *vals = malloc(maxv * sizeof(*vals));
	double zmax = 0;
	int rc = -1;

	nfiles = axis_values(rs, col, 0, &files);
	if (!recs || !files || !vals) {
		err_set(err, errlen, "out of memory");
		goto out;
	}
	if (nfiles < 2 || nrecs < 2) {
		rc = 0;            /* one row or one column is no surface */
		goto out;
	}
	sb_puts(&data, "$grid << EOD\n");
	for (size_t f = 0; f < nfiles; f++) {
		if (f)
			sb_puts(&data, "\n");
		for (size_t r = 0; r < nrecs; r++) {
			long c = results_find_cell(rs, files[f], recs[r]);
			struct stats_summary s;
			size_t nv = c < 0 ? 0 : results_values(rs, (size_t)c, col,
							       RESULTS_UNIT_KBPS, vals, maxv);
			if (nv && stats_summarize(vals, nv, &s) == 0) {
				sb_printf(&data, "%llu %llu %.2f %zu\n",
					  (unsigned long long)files[f],
					  (unsigned long long)recs[r], s.mean, s.n);
				if (s.mean > zmax)
					zmax = s.mean;
			} else {
				sb_printf(&data, "%llu %llu NaN 0\n",
					  (unsigned long long)files[f],
					  (unsigned long long)recs[r]);
			}
		}
	}
	sb_puts(&data, "EOD\n");
	double scale = zmax >= 1e6 ? 1024.0 : 1.0;
	char scale_s[16], xmin[32], xmax[32], ymin[32], ymax[32];
	snprintf(scale_s, sizeof(scale_s), "%g", scale);
	snprintf(xmin, sizeof(xmin), "%llu", (unsigned long long)files[0]);
	snprintf(xmax, sizeof(xmax), "%llu", (unsigned long long)files[nfiles - 1]);
	snprintf(ymin, sizeof(ymin), "%llu", (unsigned long long)recs[0]);
	snprintf(ymax, sizeof(ymax), "%llu", (unsigned long long)recs[nrecs - 1]);
	gnuplot_axis_tics(&xt, files[0], files[nfiles - 1], 1.0, GNUPLOT_AXIS_SURFACE_X);
	gnuplot_axis_tics(&yt, recs[0], recs[nrecs - 1], 1.0, GNUPLOT_AXIS_SURFACE_Y);
	const char *col_name = results_col_name(col);
	sb_printf(&title, "%s throughput: ", col_name);
	sb_plain(&title, rs->meta.label ? rs->meta.label : "result set");
	sb_quoted(&title_q, title.p);	/* a label may hold a quote: "Bob's NAS" */
	sb_printf(&what, "%s throughput (mean of the trials) over file size and record size, "
		  "both on log2 axes", col_name);
	sb_puts(&from, "the result set below");
	gnuplot_sb_from(&from, sets, go->sources, &set, 1);
	const char *term_name = go->term ? go->term : "png";
	if (gnuplot_terminal_text(&term, name, term_name, 1000, 750, err, errlen) != 0)
		goto out;
	const struct tvar vars[] = {
		{ "TITLE", title.p }, { "TITLE_Q", title_q.p }, { "WHAT", what.p },
		{ "FROM", from.p }, { "NAME", name }, { "EXT", gnuplot_term_ext(term_name) },
		{ "VERSION", version_text }, { "TERMINAL", term.p }, { "DATA", data.p },
		{ "DATA_UNIT", "kB/s" }, { "SCALE", scale_s },
		{ "ZLABEL", scale > 1 ? "MB/s (1 kB = 1024 bytes, 1 MB = 1024 kB)"
				   : "kB/s (1 kB = 1024 bytes, 1 MB = 1024 kB)" },
		{ "XMIN", xmin }, { "XMAX", xmax }, { "YMIN", ymin }, { "YMAX", ymax },
		{ "XTICS", xt.p }, { "YTICS", yt.p },
	};
	if (gnuplot_template_fill(&out, "surface.gp", vars, sizeof(vars) / sizeof(vars[0]),
			  err, errlen) != 0)
		goto out;
	rc = gnuplot_write_script(dir, name, &out, col, title.p, what.p, go->overwrite,
				  written, err, errlen);
out:
	free(recs);
	free(files);
	free(vals);
	sb_release(&title);
	sb_release(&title_q);
	sb_release(&what);
	sb_release(&from);
	sb_release(&data);
	sb_release(&xt);
	sb_release(&yt);
	sb_release(&term);
	sb_release(&out);
	return rc;
}

/* Collect the series of one 2D chart of col into ch.  0 or -1. */
static int chart_collect(struct result_set *const *sets, size_t nsets, int col, int unit,
			 const struct gnuplot_opts *go, struct chart *ch,
			 char *err, size_t errlen)
{
	uint64_t record = go->record_kb ? go->record_kb : gnuplot_pick_record(sets, nsets, col);
	size_t cap = 0;

	ch->series = NULL;
	ch->nseries = 0;
	for (size_t i = 0; i < nsets; i++) {
		uint64_t *recs = NULL;
		size_t nrecs = 1;
		if (go->all_records) {
			nrecs = axis_values(sets[i], col, 1, &recs);
			if (!recs)
				goto nomem;
		}
		for (size_t r = 0; r < nrecs; r++) {
			struct series s;
			if (series_collect(sets[i], i, col, recs ? recs[r] : record, unit, &s)) {
				free(recs);
				goto nomem;
			}
			if (!s.npts) {
				free(s.pts);
				continue;
			}
			if (ch->nseries == cap) {
				cap = cap ? cap * 2 : 8;
				struct series *p = realloc(ch->series, cap * sizeof(*p));
				if (!p) {
					free(s.pts);
					free(recs);
					goto nomem;
				}
				ch->series = p;
			}
			ch->series[ch->nseries++] = s;
		}
		free(recs);
	}
	return 0;
nomem:
	return err_set(err, errlen, "out of memory");
}

int gnuplot_drive_write(struct result_set *const *sets, size_t nsets, int col,
			const char *slug, int unit, size_t highlight,
			const struct cliff_list *cliffs, const struct gnuplot_opts *go,
			const char *dir, struct gnuplot_files *written,
			char *err, size_t errlen)
{
	char name[64];
	struct chart ch = { 0 };
	int rc = 0;

	ch.col = col;
	ch.cliffs = cliffs;
	ch.unit = unit;
	if (chart_collect(sets, nsets, col, ch.unit, go, &ch, err, errlen))
		return -1;
	if (ch.nseries && unit == RESULTS_UNIT_USEC) {
		snprintf(name, sizeof(name), "latency-%s", slug);
		ch.name = name;
		rc = write_2d(sets, nsets, &ch, CHART_LATENCY, highlight, go, dir,
			      written, err, errlen);
	} else if (ch.nseries) {
		ch.name = slug;
		rc = write_2d(sets, nsets, &ch, CHART_COMPARE, highlight, go, dir,
			      written, err, errlen);
		if (rc == 0 && nsets > 1) {
			snprintf(name, sizeof(name), "overlay-%s", slug);
			ch.name = name;
			rc = write_2d(sets, nsets, &ch, CHART_OVERLAY, highlight, go, dir,
				      written, err, errlen);
		}
	}
	series_release(ch.series, ch.nseries);
	return rc;
}
