/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_curve.c: the chart of the saturation curve, one per test:
 * clients-curve-<test>.gp draws the aggregate of each step and each
 * client's share (the median, with the least and greatest client as its
 * bar) against the clients on a log2 axis, so the aggregate flattening
 * at the link while the share falls as 1/N reads at a glance.  The knee
 * (analysis/curve.h) is a dashed vertical line; the link, or without one
 * the drive charts' default lines, are the dashed horizontal reference
 * lines of gnuplot_refs.c, laid out by the same code as on every chart.
 * The y axis is in MB/s (scale 1024 inside gnuplot; the data blocks hold
 * kB/s as measured).
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/curve.h"
#include "analysis/netbound.h"
#include "charts/gnuplot_curve.h"
#include "charts/gnuplot_refs.h"
#include "charts/gnuplot_script_priv.h"
#include "charts/gnuplot_script.h"
#include "iosweep.h"
#include "lib/err.h"
#include "lib/strbuf.h"
#include "model/results.h"

int gnuplot_curve_refs(const char *link_spec, struct gnuplot_refs *out,
		       char *err, size_t errlen)
{
	struct gnuplot_refs all = { 0 };
	struct netbound_link link;
	char line[256];
	int rc = -1;

	if (gnuplot_refs_load(&all, NULL, err, errlen) != 0)
		return -1;
	if (!link_spec || !*link_spec) {
		rc = gnuplot_refs_select(&all, NULL, out, err, errlen);
		goto out;
	}
	if (netbound_parse_link(link_spec, &link, err, errlen) != 0)
		goto out;
	for (size_t i = 0; i < all.n; i++)
		if (fabs(all.items[i].kbps - link.kbps) <= 1e-9 * link.kbps) {
			rc = gnuplot_refs_select(&all, all.items[i].name, out, err, errlen);
			goto out;
		}
	snprintf(line, sizeof(line), "%s,%.6f,nominal: --link %s\n", link.name, link.kbps,
		 link.spec);
	rc = gnuplot_refs_parse(out, line, strlen(line), "--link", err, errlen);
out:
	gnuplot_refs_release(&all);
	return rc;
}

/* The pieces of one chart besides gnuplot_pieces'. */
struct curve_draw {
	struct gnuplot_pieces pc;
	struct sbuf title_q, knee, xtics;
	char xmin[32], xmax[32];
};

static void curve_draw_release(struct curve_draw *d)
{
	gnuplot_pieces_release(&d->pc);
	sb_release(&d->title_q);
	sb_release(&d->knee);
	sb_release(&d->xtics);
}

/* Data block, x tics and range, y range of col's steps; how many steps. */
static size_t curve_data(struct curve_draw *d, const struct curve_table *t, int col,
			 double *ymin, double *ymax)
{
	unsigned lo = 0, hi = 0;
	size_t n = 0;

	*ymin = *ymax = 0.0;
	sb_puts(&d->pc.data, "$curve << EOD\n");
	for (size_t i = 0; i < t->n; i++) {
		const struct curve_step *st = &t->steps[i];
		if (st->col != col)
			continue;
		sb_printf(&d->pc.data, "%u %.3f %.3f %.3f %.3f\n", st->clients, st->agg_kbps,
			  st->client_min_kbps, st->client_median_kbps, st->client_max_kbps);
		sb_printf(&d->xtics, "%s%u", n ? ", " : "", st->clients);
		if (!n || st->clients < lo)
			lo = st->clients;
		if (st->clients > hi)
			hi = st->clients;
		*ymax = fmax(*ymax, fmax(st->agg_kbps, st->client_max_kbps));
		*ymin = n ? fmin(*ymin, fmin(st->agg_kbps, st->client_min_kbps))
			  : fmin(st->agg_kbps, st->client_min_kbps);
		n++;
	}
	sb_puts(&d->pc.data, "EOD\n");
	snprintf(d->xmin, sizeof(d->xmin), "%.6g", lo / 1.4);
	snprintf(d->xmax, sizeof(d->xmax), "%.6g", hi * 1.4);
	return n;
}

/* Title, what it shows, the knee's line and the plot command. */
static void curve_words(struct curve_draw *d, const struct curve_table *t, int col,
			const struct gnuplot_refs *refs)
{
	long last, knee = curve_knee_of(t->steps, t->n, col, &last);

	sb_printf(&d->pc.title, "%s: the share under 1 to %u clients", results_col_name(col),
		  t->steps[last].clients);
	sb_quoted(&d->title_q, d->pc.title.p);
	sb_printf(&d->pc.what, "the aggregate %s throughput of each step of the curve "
		  "(mean of the trials) and each client's own rate (median, min..max "
		  "bars) against the clients", results_col_name(col));
	if (refs && refs->n)
		sb_puts(&d->pc.what, "; dashed lines: nominal interface rates (not measured)");
	sb_puts(&d->pc.from, "clients-curve.csv, the steps c1, c2, ... beside it");
	if (knee >= 0)
		sb_printf(&d->knee, "set arrow 90 from %u, graph 0 to %u, graph 1 nohead dt 3 "
			  "lw 1.5 lc rgb '#c03030'\nset label 90 'knee: %u client%s' at %u, "
			  "graph 0.96 left offset 0.5,0 font ',9' tc rgb '#c03030'\n",
			  t->steps[knee].clients, t->steps[knee].clients, t->steps[knee].clients,
			  t->steps[knee].clients == 1 ? "" : "s", t->steps[knee].clients);
	else
		sb_printf(&d->knee, "# (none: the aggregate still grows at %u clients)\n",
			  t->steps[last].clients);
	sb_puts(&d->pc.plot, "     $curve using 1:($2/scale) with linespoints lt 1 lw 2.5 pt 7 "
		"title 'aggregate (all clients)', \\\n"
		"     $curve using 1:($4/scale):($3/scale):($5/scale) with yerrorlines lt 2 "
		"lw 2 pt 9 title 'each client: median, min..max'");
	gnuplot_ref_plot_items(&d->pc.plot, refs);
	sb_puts(&d->pc.plot, "\n");
}

int gnuplot_curve_write(const struct curve_table *t, int col, const struct gnuplot_refs *refs,
			const char *term, const char *dir, int overwrite,
			struct gnuplot_files *written, char *err, size_t errlen)
{
	struct curve_draw d = { 0 };
	struct sbuf termtext = { 0 }, out = { 0 };
	const char *term_name = term ? term : "png";
	char name[64], slug[32];
	double ymin, ymax;
	int rc = -1;

	if (!curve_data(&d, t, col, &ymin, &ymax)) {
		curve_draw_release(&d);
		return 0;
	}
	curve_words(&d, t, col, refs);
	for (size_t i = 0; refs && i < refs->n; i++) {	/* the axis keeps the lines */
		ymin = fmin(ymin, refs->items[i].kbps);
		ymax = fmax(ymax, refs->items[i].kbps);
	}
	gnuplot_ref_yaxis(&d.pc.yaxis, &d.pc.refs, refs, ymin, ymax, 0, 1024.0, "MB/s");
	results_col_slug(col, slug, sizeof(slug));
	snprintf(name, sizeof(name), "clients-curve-%s", slug);
	if (gnuplot_terminal_text(&termtext, name, term_name, 1000, 650, err, errlen) != 0)
		goto out;
	const struct tvar vars[] = {
		{ "TITLE", d.pc.title.p }, { "TITLE_Q", d.title_q.p }, { "WHAT", d.pc.what.p },
		{ "FROM", d.pc.from.p }, { "NAME", name }, { "EXT", gnuplot_term_ext(term_name) },
		{ "VERSION", IOSWEEP_VERSION }, { "TERMINAL", termtext.p }, { "DATA", d.pc.data.p },
		{ "SCALE", "1024" }, { "YLABEL", "MB/s (1 MB = 1024 kB = 2^20 bytes)" },
		{ "XMIN", d.xmin }, { "XMAX", d.xmax }, { "XTICS", d.xtics.p },
		{ "YAXIS", d.pc.yaxis.p }, { "KNEE", d.knee.p }, { "REFLABELS", d.pc.refs.p },
		{ "PLOT", d.pc.plot.p },
	};
	if (d.pc.title.failed || d.pc.what.failed || d.pc.data.failed || d.pc.plot.failed ||
	    d.knee.failed || d.xtics.failed || d.title_q.failed || d.pc.yaxis.failed) {
		err_set(err, errlen, "out of memory");
		goto out;
	}
	if (gnuplot_template_fill(&out, "curve.gp", vars, sizeof(vars) / sizeof(vars[0]),
				  err, errlen) != 0)
		goto out;
	rc = gnuplot_write_script(dir, name, &out, col, d.pc.title.p, d.pc.what.p, overwrite,
				  written, err, errlen);
out:
	sb_release(&termtext);
	sb_release(&out);
	curve_draw_release(&d);
	return rc;
}
