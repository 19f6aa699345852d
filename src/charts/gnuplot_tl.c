/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_tl.c: the timeline charts (see gnuplot_tl.h), from the template
 * plots/timeline.gp.  A sweep's timeline holds every pass of every cell;
 * a chart of them all would be a tangle, so each test's chart shows the
 * cell whose pass ran longest (the biggest file: where a cache fills and
 * a pass falls) with all its trials, at most GNUPLOT_TL_TRIALS of them.
 * Throughput mode's timeline charts the children's totals (one per child
 * count), not a child.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "charts/gnuplot_script.h"
#include "charts/gnuplot_script_priv.h"
#include "charts/gnuplot_tl.h"
#include "analysis/cliff_time.h"
#include "iosweep.h"
#include "lib/err.h"
#include "model/results.h"
#include "model/timeline.h"
#include "model/units.h"

#define GNUPLOT_TL_TRIALS 8

struct tl_chart {
	struct sbuf title, title_q, what, from, data, rate, lat, marks, term, out;
	double xmax;
	int have_lat;
};

static void chart_release(struct tl_chart *c)
{
	struct sbuf *b[] = { &c->title, &c->title_q, &c->what, &c->from, &c->data,
			     &c->rate, &c->lat, &c->marks, &c->term, &c->out };
	for (size_t i = 0; i < sizeof(b) / sizeof(b[0]); i++)
		sb_release(b[i]);
}

static void put_num(struct sbuf *b, double v)
{
	if (isnan(v))
		sb_puts(b, " NaN");
	else
		sb_printf(b, " %.6g", v);
}

/*
 * Throughput mode: the children behind the total row r0 (child i of a
 * count is trial first + i and client i, the total trial first).
 */
static unsigned total_children(const struct timeline *t, const struct timeline_row *r0)
{
	size_t first, end;
	unsigned n = 0;

	for (size_t i = 0; timeline_next_pass(t, i, &first, &end) == 0; i = end) {
		const struct timeline_row *r = &t->rows[first];
		n += r->col == r0->col && r->file_kb == r0->file_kb &&
		     r->record_kb == r0->record_kb && r->client >= 0 &&
		     (long)r->trial - (long)r->client == (long)r0->trial;
	}
	return n;
}

/* The data block of the pass [first, end) as $p<k>, and its plot items. */
static void add_pass(struct tl_chart *c, const struct timeline *t, size_t first,
		     size_t end, size_t k)
{
	const struct timeline_row *r0 = &t->rows[first];
	char who[48];

	if (r0->client == TIMELINE_CLIENT_TOTAL) {
		unsigned n = total_children(t, r0);
		snprintf(who, sizeof(who), "%u %s", n, n == 1 ? "child" : "children");
	} else {
		snprintf(who, sizeof(who), "trial %u", (unsigned)r0->trial + 1);
	}

	sb_printf(&c->data, "$p%zu << EOD\n", k);
	for (size_t i = first; i < end; i++) {
		const struct timeline_row *r = &t->rows[i];
		double end_s = (double)(r->start_ns + r->len_ns) / 1e9;
		if (!r->len_ns)
			continue;
		sb_printf(&c->data, "%.6f %.6g", ((double)r->start_ns + (double)r->len_ns / 2) / 1e9,
			  timeline_row_kbps(r) / 1024.0);
		put_num(&c->data, r->lat_us[TIMELINE_LAT_P50]);
		put_num(&c->data, r->lat_us[TIMELINE_LAT_P99]);
		put_num(&c->data, r->lat_us[TIMELINE_LAT_MEAN]);
		sb_puts(&c->data, "\n");
		if (!isnan(r->lat_us[TIMELINE_LAT_P50]))
			c->have_lat = 1;
		if (end_s > c->xmax)
			c->xmax = end_s;
	}
	sb_puts(&c->data, "EOD\n");
	sb_printf(&c->rate, "%s  $p%zu using 1:2 with lines lw 1.5 lc %zu title '%s'",
		  k ? ", \\\n" : "", k, k + 1, who);
	sb_printf(&c->lat, "%s  $p%zu using 1:3 with lines lw 1.5 dt 1 lc %zu title '%s p50'"
		  ", \\\n  $p%zu using 1:4 with lines lw 1 dt 2 lc %zu title '%s p99'",
		  k ? ", \\\n" : "", k, k + 1, who, k, k + 1, who);
}

/* The cliffs in time of the charted cell, as dashed lines with a label. */
static void add_marks(struct tl_chart *c, const struct tcliff_list *l,
		      const struct timeline_row *cell)
{
	size_t n = 0;

	for (size_t i = 0; i < l->n; i++) {
		const struct tcliff *x = &l->items[i];
		char at[32];
		if (x->col != cell->col || x->file_kb != cell->file_kb ||
		    x->record_kb != cell->record_kb || x->client != cell->client)
			continue;
		units_format_size_kb(x->at_bytes / 1024, at, sizeof(at));
		sb_printf(&c->marks, "set arrow from %.6f, graph 0 to %.6f, graph 1 nohead "
			  "dt 2 lw 1.5 lc rgb '#c00000'\n", x->at_s, x->at_s);
		sb_printf(&c->marks, "set label 'falls %.1fx after %s' at %.6f, graph %.2f "
			  "offset 0.5,0 tc rgb '#c00000'\n", x->ratio, at, x->at_s,
			  0.92 - 0.06 * (double)(n++ % 4));
	}
}

static int write_chart(struct result_set *const *sets, size_t set, int col,
		       const char *name, const struct tcliff_list *cliffs,
		       const struct gnuplot_opts *go, const char *dir,
		       struct gnuplot_files *written, char *err, size_t errlen)
{
	const struct timeline *t = &sets[set]->timeline;
	const char *term_name = go->term ? go->term : "png";
	size_t first, end, best = SIZE_MAX, best_n = 0, k = 0;
	struct tl_chart c;
	char xmax[32], file[32], rec[32];
	int rc = -1;

	/* throughput mode's passes: the children's total, not one child */
	int total = timeline_has_total(t, col);
	for (size_t i = 0; timeline_next_pass(t, i, &first, &end) == 0; i = end)
		if (t->rows[first].col == col && end - first > best_n &&
		    (!total || t->rows[first].client == TIMELINE_CLIENT_TOTAL)) {
			best = first;
			best_n = end - first;
		}
	if (best == SIZE_MAX)
		return 0;
	memset(&c, 0, sizeof(c));
	for (size_t i = 0; k < GNUPLOT_TL_TRIALS &&
	     timeline_next_pass(t, i, &first, &end) == 0; i = end) {
		const struct timeline_row *r = &t->rows[first];
		if (r->col == col && r->file_kb == t->rows[best].file_kb &&
		    r->record_kb == t->rows[best].record_kb && r->client == t->rows[best].client)
			add_pass(&c, t, first, end, k++);
	}
	add_marks(&c, cliffs, &t->rows[best]);
	units_format_size_kb(t->rows[best].file_kb, file, sizeof(file));
	units_format_size_kb(t->rows[best].record_kb, rec, sizeof(rec));
	sb_printf(&c.title, "%s: inside the pass, %s file, %s records",
		  results_col_name(col), file, rec);
	sb_quoted(&c.title_q, c.title.p);
	if (total)
		sb_printf(&c.what, "the %s throughput of each interval of %.3g s, all "
			  "children together, against the time since their release, "
			  "for %zu child count%s, each child with a %s file and %s "
			  "records; dashed lines: cliffs in time", results_col_name(col),
			  (double)t->interval_ns / 1e9, k, k == 1 ? "" : "s", file, rec);
	else
		sb_printf(&c.what, "the %s throughput of each interval of %.3g s (and the "
			  "time per operation of the operations that finished in it) against "
			  "the time into the pass, for %zu trial%s of the %s file with %s "
			  "records; dashed lines: cliffs in time", results_col_name(col),
			  (double)t->interval_ns / 1e9, k, k == 1 ? "" : "s", file, rec);
	gnuplot_sb_from(&c.from, sets, go->sources, &set, 1);
	snprintf(xmax, sizeof(xmax), "%.6g", c.xmax > 0.0 ? c.xmax : 1.0);
	sb_puts(&c.rate, "\n");
	if (c.have_lat) {
		struct sbuf panel = { 0 };
		sb_printf(&panel, "set xlabel 'seconds into the pass'\n"
			  "set ylabel 'microseconds per operation (log)'\n"
			  "set logscale y 10\nset yrange [*:*]\nset format y '%%g'\n"
			  "plot \\\n%s\n", c.lat.p ? c.lat.p : "");
		sb_release(&c.lat);
		c.lat = panel;
	} else {
		sb_release(&c.lat);
		sb_puts(&c.lat, "");
	}
	if (gnuplot_terminal_text(&c.term, name, term_name, 1000, 750, err, errlen) != 0)
		goto out;
	const struct tvar vars[] = {
		{ "TITLE", c.title.p }, { "TITLE_Q", c.title_q.p }, { "WHAT", c.what.p },
		{ "FROM", c.from.p }, { "NAME", name }, { "EXT", gnuplot_term_ext(term_name) },
		{ "VERSION", IOSWEEP_VERSION }, { "TERMINAL", c.term.p }, { "DATA", c.data.p },
		{ "XMAX", xmax }, { "MARKS", c.marks.p ? c.marks.p : "" },
		{ "ROWS", c.have_lat ? "2" : "1" },
		{ "RATE_XLABEL", c.have_lat ? "''" : "'seconds into the pass'" },
		{ "PLOT_RATE", c.rate.p }, { "LAT_PANEL", c.lat.p ? c.lat.p : "" },
	};
	if (c.title.failed || c.what.failed || c.from.failed || c.data.failed ||
	    c.rate.failed || c.lat.failed || c.marks.failed) {
		err_set(err, errlen, "out of memory");
		goto out;
	}
	if (gnuplot_template_fill(&c.out, "timeline.gp", vars, sizeof(vars) / sizeof(vars[0]),
				  err, errlen) != 0)
		goto out;
	rc = gnuplot_write_script(dir, name, &c.out, col, c.title.p, c.what.p, go->overwrite,
				  written, err, errlen);
out:
	chart_release(&c);
	return rc;
}

int gnuplot_tl_write(struct result_set *const *sets, size_t nsets,
		     const struct gnuplot_opts *go, const char *dir,
		     struct gnuplot_files *written, char *err, size_t errlen)
{
	size_t with = 0;
	int rc = 0;

	for (size_t i = 0; i < nsets; i++)
		with += sets[i]->timeline.n > 0;
	for (size_t i = 0; rc == 0 && i < nsets; i++) {
		const struct timeline *t = &sets[i]->timeline;
		struct tcliff_list cl;
		uint32_t cols = 0;
		if (!t->n)
			continue;
		for (size_t r = 0; r < t->n; r++)
			cols |= 1u << t->rows[r].col;
		if (go->cols_mask)
			cols &= go->cols_mask;
		if (cliff_time_detect(t, sets[i]->meta.ram_kb, sets[i]->meta.flags, &cl,
				      err, errlen) != 0)
			return -1;
		for (int col = 0; rc == 0 && col < RC_COUNT; col++) {
			char slug[32], name[64];
			if (!(cols & (1u << col)))
				continue;
			results_col_slug(col, slug, sizeof(slug));
			if (with == 1)
				snprintf(name, sizeof(name), "timeline-%s", slug);
			else
				snprintf(name, sizeof(name), "timeline-%s-%zu", slug, i + 1);
			rc = write_chart(sets, i, col, name, go->cliffs ? &cl : &(struct tcliff_list){ 0 },
					 go, dir, written, err, errlen);
		}
		cliff_time_release(&cl);
	}
	return rc;
}
