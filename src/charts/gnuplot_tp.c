/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_tp.c: the charts of throughput-mode results (IOzone -t, -l/-u;
 * see gnuplot_script_priv.h): aggregate throughput against the number of
 * processes, per test, one colour per result set, Children see as a solid
 * line and Parent sees as a dashed one in the same colour, with the
 * nominal reference lines; and, with several sets, the overlay with one
 * set drawn thick.  Several trials of a set give the mean and error bars
 * on the Children see line: min..max, or with --errors ci the 95%
 * confidence interval of the mean (Student t).
 *
 * The scripts are self-contained like the others (plots/throughput.gp,
 * data in inline blocks) and are written through gnuplot_write_script.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "charts/gnuplot_script_priv.h"
#include "charts/gnuplot_refs.h"
#include "charts/gnuplot_script.h"
#include "charts/gnuplot_tp.h"
#include "iosweep.h"
#include "lib/err.h"
#include "lib/outfile.h"
#include "lib/strbuf.h"
#include "model/results.h"
#include "run/throughput/throughput.h"
#include "model/stats.h"

#define TP_MAX_POINTS 1024

/* One process count of one set: the trials' figures summed up. */
struct tp_point {
	unsigned procs;
	double c_mean, c_min, c_max;   /* Children see */
	double c_sumsq;                /* sum of squares, then unused */
	double c_lo, c_hi;             /* Children see: 95% CI of the mean (= mean when n < 2) */
	double p_mean, p_min, p_max;   /* Parent sees, NAN when none */
	unsigned n, np;                /* trials with each */
};

/* The points of (set, kind), sorted by process count.  Returns how many. */
static size_t tp_points(const struct result_set *rs, int kind, struct tp_point *pts,
			size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < rs->ntp; i++) {
		const struct result_tp *t = &rs->tp[i];
		size_t k;
		if (t->kind != kind || isnan(t->children))
			continue;
		for (k = 0; k < n && pts[k].procs != t->procs; k++)
			;
		if (k == n) {
			if (n == max)
				continue;
			memset(&pts[n], 0, sizeof(pts[n]));
			pts[n].procs = t->procs;
			pts[n].c_min = pts[n].p_min = HUGE_VAL;
			pts[n].c_max = pts[n].p_max = -HUGE_VAL;
			n++;
		}
		struct tp_point *p = &pts[k];
		p->c_mean += t->children;
		p->c_sumsq += t->children * t->children;
		p->c_min = fmin(p->c_min, t->children);
		p->c_max = fmax(p->c_max, t->children);
		p->n++;
		if (!isnan(t->parent)) {
			p->p_mean += t->parent;
			p->p_min = fmin(p->p_min, t->parent);
			p->p_max = fmax(p->p_max, t->parent);
			p->np++;
		}
	}
	for (size_t k = 0; k < n; k++) {
		struct tp_point *p = &pts[k];
		p->c_mean /= p->n;
		p->c_lo = p->c_hi = p->c_mean;
		if (p->n > 1) {
			double var = (p->c_sumsq - p->n * p->c_mean * p->c_mean) / (p->n - 1);
			double half = stats_t95(p->n - 1) * sqrt(var > 0 ? var : 0) / sqrt(p->n);
			p->c_lo = p->c_mean - half;
			p->c_hi = p->c_mean + half;
		}
		if (p->np)
			p->p_mean /= p->np;
		else
			p->p_mean = p->p_min = p->p_max = NAN;
	}
	for (size_t a = 1; a < n; a++)   /* insertion sort by procs */
		for (size_t b = a; b > 0 && pts[b - 1].procs > pts[b].procs; b--) {
			struct tp_point t = pts[b];
			pts[b] = pts[b - 1];
			pts[b - 1] = t;
		}
	return n;
}

/* "initial writers" -> "initial-writers" */
static void kind_slug(int kind, char *out, size_t outlen)
{
	const struct tp_test_def *d = throughput_test_def(kind);
	snprintf(out, outlen, "%s", d ? d->name : "test");
	for (char *p = out; *p; p++)
		if (*p == ' ')
			*p = '-';
}

static void put_num(struct sbuf *b, double v)
{
	if (isnan(v) || isinf(v))
		sb_puts(b, " NaN");
	else
		sb_printf(b, " %.2f", v);
}

struct tp_chart {
	int kind;
	int overlay;
	size_t highlight;
	const char *name;
};

/* The axis extents: process counts and throughput. */
struct tp_extent {
	unsigned pmin, pmax;
	double ymin, ymax;
};

/* One chart in the making: the sets that have points of its test (which,
 * with has_parent[i] when set i has Parent sees figures), the axis extents
 * and unit, and the pieces of the script filled into throughput.gp. */
struct tp_draw {
	struct result_set *const *sets;
	const struct tp_chart *c;
	const struct gnuplot_opts *go;
	const struct gnuplot_refs *rl;   /* NULL with -O: no interface rates in ops/s */
	const char *test;
	int ops, threads;
	size_t *which, nwhich;
	unsigned char *has_parent;
	struct tp_extent ex;
	double scale;
	const char *unit_name;
	struct gnuplot_pieces pc;
};

/* Widen the extents by set i's points; note whether it has Parent sees. */
static void tp_extend(struct tp_draw *d, size_t i, const struct tp_point *pts, size_t n)
{
	struct tp_extent *ex = &d->ex;

	for (size_t k = 0; k < n; k++) {
		ex->pmin = pts[k].procs < ex->pmin ? pts[k].procs : ex->pmin;
		ex->pmax = pts[k].procs > ex->pmax ? pts[k].procs : ex->pmax;
		ex->ymax = fmax(ex->ymax, fmax(pts[k].c_max, pts[k].np ? pts[k].p_max : 0));
		if (pts[k].c_min > 0)
			ex->ymin = fmin(ex->ymin, pts[k].c_min);
		if (pts[k].np) {
			d->has_parent[i] = 1;
			if (pts[k].p_min > 0)
				ex->ymin = fmin(ex->ymin, pts[k].p_min);
		}
	}
}

/* Set i's inline data block $t<i+1>: one row per process count. */
static void tp_data_block(struct tp_draw *d, size_t i, const struct tp_point *pts, size_t n)
{
	struct sbuf *data = &d->pc.data;

	sb_printf(data, "# %s: ", d->test);
	sb_plain(data, d->sets[i]->meta.label ? d->sets[i]->meta.label : "set");
	sb_printf(data, "\n$t%zu << EOD\n", i + 1);
	for (size_t k = 0; k < n; k++) {
		sb_printf(data, "%u", pts[k].procs);
		put_num(data, pts[k].c_mean);
		put_num(data, pts[k].c_min);
		put_num(data, pts[k].c_max);
		put_num(data, pts[k].p_mean);
		put_num(data, pts[k].p_min);
		put_num(data, pts[k].p_max);
		put_num(data, pts[k].c_lo);
		put_num(data, pts[k].c_hi);
		sb_printf(data, " %u\n", pts[k].n);
	}
	sb_puts(data, "EOD\n");
}

/* Every set's points of the chart's test: the data blocks, the extents,
 * which sets take part and whether any ran threads (-T). */
static void tp_collect(struct tp_draw *d, size_t nsets, struct tp_point *pts)
{
	for (size_t i = 0; i < nsets; i++) {
		size_t n = tp_points(d->sets[i], d->c->kind, pts, TP_MAX_POINTS);
		if (!n)
			continue;
		d->which[d->nwhich++] = i;
		if (d->sets[i]->meta.command_line && strstr(d->sets[i]->meta.command_line, " -T"))
			d->threads = 1;
		tp_extend(d, i, pts, n);
		tp_data_block(d, i, pts, n);
	}
}

/* The reference lines join the y extents; kB/s past 1e6 is drawn in MB/s. */
static void tp_scale(struct tp_draw *d)
{
	for (size_t i = 0; d->rl && i < d->rl->n; i++) {
		d->ex.ymax = fmax(d->ex.ymax, d->rl->items[i].kbps);
		d->ex.ymin = fmin(d->ex.ymin, d->rl->items[i].kbps);
	}
	d->scale = 1.0;
	d->unit_name = d->ops ? "operations per second" : "kB/s";
	if (!d->ops && d->ex.ymax >= 1e6) {
		d->scale = 1024.0;
		d->unit_name = "MB/s";
	}
}

/* The words: title, what the chart shows and where its figures come from. */
static void tp_words(struct tp_draw *d)
{
	const struct tp_chart *c = d->c;
	const struct gnuplot_opts *go = d->go;
	const char *who = d->threads ? "threads" : "processes";

	if (c->overlay) {
		const char *hl = d->sets[c->highlight]->meta.label;
		sb_printf(&d->pc.title, "%s: ", d->test);
		sb_plain(&d->pc.title, hl ? hl : "set");
		sb_puts(&d->pc.title, " (thick) against the others");
		sb_printf(&d->pc.what, "aggregate %s throughput against the number of %s, the "
			  "highlighted set drawn thick over the others", d->test, who);
	} else {
		sb_printf(&d->pc.title, "%s: aggregate throughput against %s", d->test, who);
		sb_printf(&d->pc.what, "aggregate %s throughput against the number of %s "
			  "(IOzone throughput mode), one colour per result set", d->test, who);
	}
	sb_printf(&d->pc.what, ";\n#   solid: Children see (the sum of each process's own rate; "
		  "error bars: %s),\n#   dashed: Parent sees (all data over the parent's wall "
		  "time; not in -R tables or -b sheets)", c->overlay || go->errbars == GNUPLOT_ERR_NONE
		  ? "none" : go->errbars == GNUPLOT_ERR_CI95 ? "95% confidence interval of the mean"
		  : "min..max of the trials");
	if (d->rl && d->rl->n)
		sb_puts(&d->pc.what, ";\n#   grey dashed: nominal interface rates (not measured)");
	sb_puts(&d->pc.from, "the result sets below");
	gnuplot_sb_from(&d->pc.from, d->sets, go->sources, d->which, d->nwhich);
}

/* The axes: the process counts as x tics (at most about 16), the y axis
 * with its reference lines, and the y label. */
static void tp_axes(struct tp_draw *d)
{
	const struct tp_extent *ex = &d->ex;
	unsigned step = 1;

	while ((ex->pmax - ex->pmin) / step > 16)
		step *= 2;
	for (unsigned p = ex->pmin; p <= ex->pmax; p += step)
		sb_printf(&d->pc.tics, "%s'%u' %u", p == ex->pmin ? "" : ", ", p, p);
	int ylog = gnuplot_ref_yaxis(&d->pc.yaxis, &d->pc.refs, d->rl, ex->ymin < HUGE_VAL ? ex->ymin : 0,
				     ex->ymax, d->go->log_y, d->scale, d->unit_name);
	if (d->ops)
		sb_printf(&d->pc.ylabel, "operations per second (-O)%s", ylog ? ", log scale" : "");
	else
		sb_printf(&d->pc.ylabel, "%s%s (1 kB = 1024 bytes, 1 MB = 1024 kB)", d->unit_name,
			  ylog ? ", log scale" : "");
}

/* The plot command: per set, Children see solid then Parent sees dashed,
 * then the reference lines. */
static void tp_plot_cmd(struct tp_draw *d)
{
	const struct tp_chart *c = d->c;
	struct sbuf *plot = &d->pc.plot;
	int bars = d->go->errbars != GNUPLOT_ERR_NONE && !c->overlay;

	for (size_t w = 0; w < d->nwhich; w++) {
		size_t i = d->which[w];
		const char *label = d->sets[i]->meta.label && *d->sets[i]->meta.label ?
			d->sets[i]->meta.label : "set";
		double lw = c->overlay ? (i == c->highlight ? 5.0 : 1.5) : 2.0;
		struct sbuf t = { 0 };
		if (w)
			sb_puts(plot, ", \\\n");
		if (bars)
			sb_printf(plot, "     $t%zu using 1:($2/scale):(column(lo)/scale):"
				  "(column(hi)/scale) with yerrorlines", i + 1);
		else
			sb_printf(plot, "     $t%zu using 1:($2/scale) with linespoints", i + 1);
		sb_printf(&t, "%s, Children see", label);
		sb_printf(plot, " lt %zu dt 1 lw %.1f pt 7 title ", w + 1, lw);
		sb_quoted(plot, t.p ? t.p : "");
		sb_release(&t);
		if (d->has_parent[i]) {
			sb_printf(&t, "%s, Parent sees", label);
			sb_printf(plot, ", \\\n     $t%zu using 1:($5/scale) with linespoints "
				  "lt %zu dt (10,6) lw %.1f pt 6 title ", i + 1, w + 1, lw * 0.75);
			sb_quoted(plot, t.p ? t.p : "");
			sb_release(&t);
		}
	}
	gnuplot_ref_plot_items(plot, d->rl);
	sb_puts(plot, "\n");
}

/* Fill throughput.gp with the pieces and write the script. */
static int tp_emit(struct tp_draw *d, const char *dir, struct gnuplot_files *written,
		   char *err, size_t errlen)
{
	const struct gnuplot_opts *go = d->go;
	const struct tp_extent *ex = &d->ex;
	const char *term_name = go->term ? go->term : "png";
	struct sbuf term = { 0 }, out = { 0 };
	char scale_s[16], xmin[16], xmax[16], lo[8], hi[8];
	int rc = -1;

	snprintf(scale_s, sizeof(scale_s), "%g", d->scale);
	snprintf(lo, sizeof(lo), "%d", go->errbars == GNUPLOT_ERR_CI95 ? 8 : 3);
	snprintf(hi, sizeof(hi), "%d", go->errbars == GNUPLOT_ERR_CI95 ? 9 : 4);
	snprintf(xmin, sizeof(xmin), "%g", ex->pmin > 1 ? ex->pmin - 0.5 : 0.5);
	snprintf(xmax, sizeof(xmax), "%g", ex->pmax + 0.5);
	if (gnuplot_terminal_text(&term, d->c->name, term_name, 1000, 650, err, errlen) != 0)
		goto out;
	const struct tvar vars[] = {
		{ "TITLE", d->pc.title.p }, { "WHAT", d->pc.what.p }, { "FROM", d->pc.from.p },
		{ "NAME", d->c->name }, { "EXT", gnuplot_term_ext(term_name) },
		{ "VERSION", IOSWEEP_VERSION }, { "TERMINAL", term.p }, { "DATA", d->pc.data.p },
		{ "DATA_UNIT", d->ops ? "operations per second" : "kB/s" }, { "SCALE", scale_s },
		{ "LO", lo }, { "HI", hi },
		{ "XLABEL", d->threads ? "threads" : "processes" }, { "YLABEL", d->pc.ylabel.p },
		{ "XMIN", xmin }, { "XMAX", xmax }, { "XTICS", d->pc.tics.p }, { "YAXIS", d->pc.yaxis.p },
		{ "REFLABELS", d->pc.refs.p }, { "PLOT", d->pc.plot.p },
	};
	if (d->pc.title.failed || d->pc.what.failed || d->pc.data.failed || d->pc.plot.failed ||
	    d->pc.refs.failed) {
		err_set(err, errlen, "out of memory");
		goto out;
	}
	if (gnuplot_template_fill(&out, "throughput.gp", vars, sizeof(vars) / sizeof(vars[0]),
				  err, errlen) != 0)
		goto out;
	rc = gnuplot_write_script(dir, d->c->name, &out, -1, d->pc.title.p, d->pc.what.p,
				  go->overwrite, written, err, errlen);
out:
	sb_release(&term);
	sb_release(&out);
	return rc;
}

static void tp_draw_release(struct tp_draw *d)
{
	free(d->which);
	free(d->has_parent);
	gnuplot_pieces_release(&d->pc);
}

/* One chart of test c->kind (or its overlay): nothing when no set has
 * that test, or an overlay with fewer than two sets to compare. */
static int write_chart(struct result_set *const *sets, size_t nsets, const struct tp_chart *c,
		       const struct gnuplot_opts *go, const char *dir,
		       struct gnuplot_files *written, char *err, size_t errlen)
{
	int ops = sets[0]->meta.source_unit == RESULTS_UNIT_OPS;
	struct tp_draw d = {
		.sets = sets, .c = c, .go = go, .ops = ops,
		.rl = ops ? NULL : go->refs,
		.test = throughput_test_def(c->kind)->name,
		.which = malloc(nsets * sizeof(*d.which)),
		.has_parent = calloc(nsets, 1),
		.ex = { UINT32_MAX, 0, HUGE_VAL, 0 },
	};
	struct tp_point *pts = malloc(TP_MAX_POINTS * sizeof(*pts));
	int rc = -1;

	if (!pts || !d.which || !d.has_parent) {
		err_set(err, errlen, "out of memory");
		goto out;
	}
	tp_collect(&d, nsets, pts);
	if (!d.nwhich || (c->overlay && d.nwhich < 2)) {
		rc = 0;     /* nothing of this test, or no one to overlay */
		goto out;
	}
	tp_scale(&d);
	tp_words(&d);
	tp_axes(&d);
	tp_plot_cmd(&d);
	rc = tp_emit(&d, dir, written, err, errlen);
out:
	free(pts);
	tp_draw_release(&d);
	return rc;
}

int gnuplot_tp_write(struct result_set *const *sets, size_t nsets,
		     const struct gnuplot_opts *go, const char *dir,
		     struct gnuplot_files *written, char *err, size_t errlen)
{
	size_t highlight = nsets - 1, before = written->n;
	unsigned kinds = 0;

	for (size_t i = 0; i < nsets; i++) {
		if (!sets[i]->ntp)
			return err_set(err, errlen, "set %zu ('%s') is not a throughput-mode (-t) result: "
				       "throughput charts and file-size charts cannot be mixed", i + 1,
				       sets[i]->meta.label ? sets[i]->meta.label : "?");
		if (sets[i]->meta.source_unit != sets[0]->meta.source_unit)
			return err_set(err, errlen, "set %zu ('%s') is in other units than set 1 "
				       "(ops/s against kB/s): not one chart", i + 1,
				       sets[i]->meta.label ? sets[i]->meta.label : "?");
		for (size_t k = 0; k < sets[i]->ntp; k++)
			kinds |= 1u << sets[i]->tp[k].kind;
		if (go->highlight && sets[i]->meta.label &&
		    strcmp(sets[i]->meta.label, go->highlight) == 0)
			highlight = i;
	}
	if (go->highlight && (!sets[highlight]->meta.label ||
			      strcmp(sets[highlight]->meta.label, go->highlight) != 0)) {
		err_set(err, errlen, "--highlight '%s': no result set has that label", go->highlight);
		return GNUPLOT_WRITE_NO_HIGHLIGHT;
	}
	if (go->cols_mask) {
		/* --tests names IOzone's columns: the tests that fill them */
		unsigned want = 0;
		for (int k = 0; k < TP_NKINDS; k++) {
			int col = throughput_test_def(k)->col;
			if (col >= 0 && (go->cols_mask & (1u << col)))
				want |= 1u << k;
		}
		kinds &= want;
		if (!kinds)
			return err_set(err, errlen, "nothing to plot: the inputs hold none of the tests asked for");
	}
	if (outfile_mkdirs(dir, err, errlen))
		return -1;
	for (int k = 0; k < TP_NKINDS; k++) {
		char slug[32], name[2][64];
		if (!(kinds & (1u << k)))
			continue;
		kind_slug(k, slug, sizeof(slug));
		snprintf(name[0], sizeof(name[0]), "throughput-%s", slug);
		snprintf(name[1], sizeof(name[1]), "overlay-throughput-%s", slug);
		for (int ov = 0; ov < 2; ov++) {
			struct tp_chart c = { k, ov, highlight, name[ov] };
			if (ov && nsets < 2)
				break;
			if (write_chart(sets, nsets, &c, go, dir, written, err, errlen))
				return -1;
		}
	}
	if (written->n == before)
		return err_set(err, errlen, "nothing to plot: no throughput figures in the inputs");
	return 0;
}
