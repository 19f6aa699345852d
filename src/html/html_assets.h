/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * html_assets.h: the pieces of the report that come from other emitters:
 * the CSV files of every set and the charts rendered by gnuplot, made in a
 * private temporary folder and read back, with the cliffs of every set.
 *
 * Ownership: html_assets owns every string and array in it until
 * html_assets_release (which also removes the temporary folder).
 */
#ifndef IOSWEEP_HTML_ASSETS_H
#define IOSWEEP_HTML_ASSETS_H

#include <stddef.h>

struct cliff_list;
struct html_opts;
struct outfile;
struct result_set;

/* One chart of `iosweep plot`, rendered to SVG (or why not). */
struct html_chart {
	int col;            /* the test it belongs to; -1 when none matched */
	char *name;         /* script name without .gp: "read", "surface-read-2" */
	char *title;        /* the chart writer's title (struct gnuplot_chart) */
	char *alt;          /* what it shows, with the lines and cliffs added */
	char *svg;          /* the SVG document; NULL when rendering failed */
	size_t svg_len;
	char *error;        /* gnuplot's message when svg is NULL */
	int curve;          /* 1: a chart of the saturation curve (html_curve.c) */
};

/* One CSV file of a result set, to embed as a data: link. */
struct html_csv {
	size_t set;         /* index of its result set */
	char *name;         /* download name: "nas-a-summary.csv" */
	char *text;         /* the file's bytes */
	size_t len;
};

struct html_assets {
	char tmpdir[1024];            /* "" once removed */
	struct html_chart *charts;    /* in the order gnuplot_write_charts wrote them */
	size_t ncharts;
	struct html_csv *csvs;        /* per set: results, summary, meta, cliffs, sheets */
	size_t ncsvs;
	struct cliff_list *cliffs;    /* per set: cliff_detect's findings */
	size_t nsets;
	int gnuplot_missing;          /* charts were wanted but gnuplot is not there */
	char charts_error[512];       /* why no chart was written at all ("" when some were) */
};

/*
 * Find the cliffs of every set (cliff_detect), make the CSV files of every
 * set (csvout_write_dir, cliffout_csv) and,
 * when ho->charts and gnuplot is there, the charts (gnuplot_write_charts
 * with the SVG terminal, then gnuplot_render), and read them into a.  A
 * chart's alternative text ends with the cliff sentences of its test.
 * 0 or -1 (a is released then).
 */
int html_assets_build(struct result_set *const *sets, size_t nsets,
		      const struct html_opts *ho, struct html_assets *a,
		      char *err, size_t errlen);
void html_assets_release(struct html_assets *a);

/*
 * Write chart k of a as an inline <svg> inside a <figure>: gnuplot's XML
 * prologue, title and description replaced by the chart's own title and
 * alternative text, every id made unique in the page with the prefix
 * "c<k>-".  A chart that failed gets a note in its place.
 */
void html_chart_write(struct outfile *f, const struct html_assets *a, size_t k);

/*
 * Make gnuplot's SVG smaller without changing what it draws: groups with
 * nothing inside (gnuplot opens and closes one per style change) and no
 * id go, and every run of blanks becomes one space, or one line break
 * when it held one (gnuplot's text never holds a line break, so no text
 * changes).  In place (NUL-terminated again); *len shrinks.
 */
void html_svg_minify(char *s, size_t *len);

#endif
