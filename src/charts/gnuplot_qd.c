/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_qd.c: the bar and grid charts of a profile run (see
 * gnuplot_qd.h), from the templates plots/qd-bars.gp and qd-grid.gp,
 * written and rendered like every other chart (gnuplot_script_priv.h).
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "charts/gnuplot_script_priv.h"
#include "charts/gnuplot_qd.h"
#include "charts/gnuplot_run.h"
#include "charts/gnuplot_script.h"
#include "iosweep.h"
#include "lib/err.h"
#include "lib/outfile.h"
#include "lib/strbuf.h"
#include "report/profile.h"
#include "model/results.h"

#define QD_MAX_SETS 16
#define QD_MAX_LINES 64

struct figure {
	const char *slug, *title, *ylabel;
	int lat;             /* -1: IOPS; else index into profile_row.lat[ALL] */
};

static const struct figure figures[] = {
	{ .slug = "iops", .title = "IOPS", .ylabel = "operations per second",
	  .lat = -1 },
	{ .slug = "lat-mean", .title = "average latency",
	  .ylabel = "microseconds", .lat = 0 },
	{ .slug = "lat-max", .title = "maximum latency",
	  .ylabel = "microseconds", .lat = 1 },
	{ .slug = "lat-sd", .title = "standard deviation of the latency",
	  .ylabel = "microseconds", .lat = 2 },
	{ .slug = "lat-p99", .title = "99th percentile latency",
	  .ylabel = "microseconds", .lat = 3 },
};

static double value(const struct profile_row *w, const struct figure *f)
{
	return f->lat < 0 ? w->iops[0] : w->lat[PROFILE_ALL][f->lat];
}

/* A --mix row of a workload group swept over more than one jobs x depth. */
static int on_grid(const struct profile_rows *r, const struct profile_row *w)
{
	if (!results_col_mixed(w->col))
		return 0;
	for (size_t i = 0; i < r->n; i++) {
		const struct profile_row *o = &r->rows[i];
		if (results_col_mixed(o->col) && o->record_kb == w->record_kb &&
		    o->mix_pct == w->mix_pct && (o->jobs != w->jobs || o->iodepth != w->iodepth))
			return 1;
	}
	return 0;
}

/* Test 0's write that only lays out the file of a random or mixed workload. */
static int layout_only(const struct profile_rows *r, const struct profile_row *w)
{
	if (w->col != RC_WRITE && w->col != RC_REWRITE)
		return 0;
	for (size_t i = 0; i < r->n; i++) {
		const struct profile_row *o = &r->rows[i];
		if (strcmp(o->label, w->label) == 0 && strcmp(o->workload, w->workload) == 0 &&
		    (o->col == RC_RANDOM_READ || o->col == RC_RANDOM_WRITE ||
		     results_col_mixed(o->col)))
			return 1;
	}
	return 0;
}

static size_t labels_of(const struct profile_rows *r, const char **out)
{
	size_t n = 0;

	for (size_t i = 0; i < r->n; i++) {
		size_t k;
		for (k = 0; k < n; k++)
			if (strcmp(out[k], r->rows[i].label) == 0)
				break;
		if (k == n && n < QD_MAX_SETS)
			out[n++] = r->rows[i].label;
	}
	return n;
}

static void from_line(struct sbuf *b, const char *const *labels, size_t nl)
{
	sb_puts(b, "iosweep profile, result sets: ");
	for (size_t i = 0; i < nl; i++)
		sb_printf(b, "%s%s", i ? ", " : "", labels[i]);
}

int gnuplot_qd_chart(const char *tmpl, const char *dir, const char *name, int col,
		     const char *term, const char *title, const char *what,
		     const char *ylabel, struct sbuf *from, struct sbuf *data,
		     struct sbuf *plot, const char *const *extra, size_t nextra,
		     int overwrite, struct gnuplot_files *files, char *err, size_t errlen)
{
	struct sbuf term_text = { 0 }, title_q = { 0 }, ylabel_q = { 0 }, out = { 0 };
	struct tvar vars[20];
	size_t nv = 0;
	int rc = -1;

	if (gnuplot_terminal_text(&term_text, name, term, 1000, 620, err, errlen) != 0)
		goto done;
	sb_quoted(&title_q, title);
	sb_quoted(&ylabel_q, ylabel);
	vars[nv++] = (struct tvar){ "TITLE", title };
	vars[nv++] = (struct tvar){ "TITLE_Q", title_q.p };
	vars[nv++] = (struct tvar){ "WHAT", what };
	vars[nv++] = (struct tvar){ "FROM", from->p };
	vars[nv++] = (struct tvar){ "NAME", name };
	vars[nv++] = (struct tvar){ "EXT", gnuplot_term_ext(term) };
	vars[nv++] = (struct tvar){ "VERSION", IOSWEEP_VERSION };
	vars[nv++] = (struct tvar){ "TERMINAL", term_text.p };
	vars[nv++] = (struct tvar){ "YLABEL_Q", ylabel_q.p };
	vars[nv++] = (struct tvar){ "DATA", data->p ? data->p : "" };
	vars[nv++] = (struct tvar){ "PLOT", plot->p };
	for (size_t i = 0; i + 1 < nextra && nv < sizeof(vars) / sizeof(vars[0]); i += 2)
		vars[nv++] = (struct tvar){ extra[i], extra[i + 1] };
	if (term_text.failed || title_q.failed || ylabel_q.failed || from->failed ||
	    data->failed || plot->failed) {
		err_set(err, errlen, "out of memory writing '%s.gp'", name);
		goto done;
	}
	if (gnuplot_template_fill(&out, tmpl, vars, nv, err, errlen) != 0)
		goto done;
	rc = gnuplot_write_script(dir, name, &out, col, title, what, overwrite, files,
				  err, errlen);
done:
	sb_release(&term_text);
	sb_release(&title_q);
	sb_release(&ylabel_q);
	sb_release(&out);
	return rc;
}

/* bars-<figure>: one category per (workload, test), one bar per set. */
static int write_bars(const struct profile_rows *r, const struct figure *f,
		      const char *dir, const char *term, int overwrite,
		      struct gnuplot_files *files, char *err, size_t errlen)
{
	const char *labels[QD_MAX_SETS];
	size_t nl = labels_of(r, labels), ncat = 0;
	struct sbuf data = { 0 }, plot = { 0 }, from = { 0 };
	char name[64], title[160], what[256];
	int rc;

	for (size_t i = 0; i < r->n; i++) {
		const struct profile_row *w = &r->rows[i];
		size_t j;
		if (on_grid(r, w) || layout_only(r, w))
			continue;
		for (j = 0; j < i; j++) {        /* first row of this category? */
			const struct profile_row *o = &r->rows[j];
			if (!on_grid(r, o) && !layout_only(r, o) && o->col == w->col &&
			    strcmp(o->workload, w->workload) == 0)
				break;
		}
		if (j < i)
			continue;
		sb_printf(&data, "%s: %s", w->workload, results_col_name(w->col));
		for (size_t l = 0; l < nl; l++) {
			double v = NAN;
			for (size_t k = 0; k < r->n; k++) {
				const struct profile_row *o = &r->rows[k];
				if (o->col == w->col && strcmp(o->workload, w->workload) == 0 &&
				    strcmp(o->label, labels[l]) == 0)
					v = value(o, f);
			}
			if (isfinite(v))
				sb_printf(&data, "\t%.3f", v);
			else
				sb_puts(&data, "\t");
		}
		sb_puts(&data, "\n");
		ncat++;
	}
	if (ncat == 0) {
		sb_release(&data);
		return 0;
	}
	if (data.len)
		data.p[--data.len] = '\0';    /* the template ends the line */
	for (size_t l = 0; l < nl; l++) {
		sb_printf(&plot, "    %s using %zu%s title ", l ? "''" : "$bars", l + 2,
			  l ? "" : ":xtic(1)");
		sb_quoted(&plot, labels[l]);
		sb_puts(&plot, l + 1 < nl ? ", \\\n" : "\n");
	}
	from_line(&from, labels, nl);
	snprintf(name, sizeof(name), "bars-%s", f->slug);
	snprintf(title, sizeof(title), "%s per workload and test", f->title);
	snprintf(what, sizeof(what), "%s of each workload's test, one bar per result "
		 "set (IOPS: mean of the trials; latency: all operations of the "
		 "merged trials)", f->title);
	rc = gnuplot_qd_chart("qd-bars.gp", dir, name, -1, term, title, what, f->ylabel, &from,
			      &data, &plot, NULL, 0, overwrite, files, err, errlen);
	sb_release(&data);
	sb_release(&plot);
	sb_release(&from);
	return rc;
}

/* Insert v into the sorted set a[0..*n) (at most QD_MAX_LINES). */
static void add_sorted(unsigned *a, size_t *n, unsigned v)
{
	size_t i = 0;

	while (i < *n && a[i] < v)
		i++;
	if ((i < *n && a[i] == v) || *n == QD_MAX_LINES)
		return;
	memmove(a + i + 1, a + i, (*n - i) * sizeof(*a));
	a[i] = v;
	(*n)++;
}

/* grid-<figure>: x queue depth, a line per (set, threads). */
static int write_grid(const struct profile_rows *r, const struct figure *f,
		      const char *dir, const char *term, int overwrite,
		      struct gnuplot_files *files, char *err, size_t errlen)
{
	const char *labels[QD_MAX_SETS];
	size_t nl = labels_of(r, labels), nlines = 0;
	struct sbuf data = { 0 }, plot = { 0 }, from = { 0 }, tics = { 0 };
	unsigned dmin = 1, dmax = 1;
	char name[64], title[160], what[320], xmin[16], xmax[16];
	int rc;

	unsigned depths[QD_MAX_LINES], jobsv[QD_MAX_LINES];
	size_t nd = 0, nj = 0;

	for (size_t i = 0; i < r->n; i++) {
		const struct profile_row *w = &r->rows[i];
		if (!on_grid(r, w))
			continue;
		add_sorted(depths, &nd, w->iodepth);
		add_sorted(jobsv, &nj, w->jobs);
	}
	for (size_t k = 0; k < nd; k++)
		sb_printf(&tics, "%s%u", k ? ", " : "", depths[k]);
	if (nd) {
		dmin = depths[0];
		dmax = depths[nd - 1];
	}
	for (size_t l = 0; l < nl; l++) {
		for (size_t jj = 0; jj < nj; jj++) {
			int any = 0;
			for (size_t dd = 0; dd < nd; dd++) {
				for (size_t i = 0; i < r->n; i++) {
					const struct profile_row *w = &r->rows[i];
					if (!on_grid(r, w) || w->jobs != jobsv[jj] ||
					    w->iodepth != depths[dd] ||
					    strcmp(w->label, labels[l]) != 0 || !isfinite(value(w, f)))
						continue;
					if (!any) {
						char key[300];
						sb_printf(&data, "$g%zu << EOD\n", nlines);
						sb_printf(&plot, "%s    $g%zu using 1:2 with linespoints "
							  "lw 2 title ", nlines ? ", \\\n" : "", nlines);
						snprintf(key, sizeof(key), "%s%s%u threads, %llu kB, %d%% reads",
							 nl > 1 ? labels[l] : "", nl > 1 ? ", " : "",
							 jobsv[jj], (unsigned long long)w->record_kb,
							 w->mix_pct);
						sb_quoted(&plot, key);
						nlines++;
						any = 1;
					}
					sb_printf(&data, "%u %.3f\n", depths[dd], value(w, f));
				}
			}
			if (any)
				sb_puts(&data, "EOD\n");
		}
	}
	if (nlines == 0) {
		sb_release(&data);
		sb_release(&plot);
		sb_release(&tics);
		return 0;
	}
	sb_puts(&plot, "\n");
	from_line(&from, labels, nl);
	snprintf(xmin, sizeof(xmin), "%g", dmin / 1.4);
	snprintf(xmax, sizeof(xmax), "%g", dmax * 1.4);
	snprintf(name, sizeof(name), "grid-%s", f->slug);
	snprintf(title, sizeof(title), "mixed workload: %s over threads x queue depth",
		 f->title);
	snprintf(what, sizeof(what), "%s of the --mix workloads against the queue depth "
		 "per thread, one line per thread count", f->title);
	const char *extra[] = { "XMIN", xmin, "XMAX", xmax, "XTICS", tics.p ? tics.p : "",
				"XLABEL_Q", "'outstanding I/Os per thread (queue depth)'",
				"COLUMNS", "queue depth per thread, the figure" };
	rc = gnuplot_qd_chart("qd-grid.gp", dir, name, -1, term, title, what, f->ylabel, &from,
			      &data, &plot, extra, sizeof(extra) / sizeof(extra[0]),
			      overwrite, files, err, errlen);
	sb_release(&data);
	sb_release(&plot);
	sb_release(&from);
	sb_release(&tics);
	return rc;
}

int gnuplot_qd_charts(const struct profile_rows *rows, const char *dir,
		      const char *term, int overwrite, char *err, size_t errlen)
{
	struct gnuplot_files files = { 0 };
	const char *t = term ? term : "png";
	int rc = -1;

	if (outfile_mkdirs(dir, err, errlen) != 0)
		return -1;
	for (size_t i = 0; i < sizeof(figures) / sizeof(figures[0]); i++) {
		if (write_bars(rows, &figures[i], dir, t, overwrite, &files, err, errlen) != 0)
			goto out;
		if (figures[i].lat != 3 &&
		    write_grid(rows, &figures[i], dir, t, overwrite, &files, err, errlen) != 0)
			goto out;
	}
	if (!gnuplot_available()) {
		char hint[1024];
		gnuplot_render_hint(dir, t, hint, sizeof(hint));
		err_set(err, errlen, "gnuplot not found: %zu chart scripts written to "
			"'%s'; %s", files.n, dir, hint);
		rc = 1;
		goto out;
	}
	for (size_t i = 0; i < files.n; i++)
		if (gnuplot_render(files.items[i].path, t, err, errlen) != 0)
			goto out;
	rc = 0;
out:
	gnuplot_files_release(&files);
	return rc;
}
