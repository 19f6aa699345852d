/*
 * html_priv.h: what the report's files share and nobody else needs.
 * html.c writes the page, html_findings.c its findings; html_assets.c
 * makes the pieces that come from other emitters (the CSV files, the
 * charts rendered by gnuplot) in a private temporary folder and reads them
 * back; html_tables.c writes the grids of means and of ratios.
 *
 * Ownership: html_assets owns every string and array in it until
 * html_assets_release (which also removes the temporary folder).
 */
#ifndef IOSWEEP_HTML_PRIV_H
#define IOSWEEP_HTML_PRIV_H

#include <stddef.h>
#include <stdint.h>

struct cliff_list;
struct outfile;
struct result_set;
struct compare_result;
struct html_opts;

/* One chart of `iosweep plot`, rendered to SVG (or why not). */
struct html_chart {
	int col;            /* the test it belongs to; -1 when none matched */
	char *name;         /* script name without .gp: "read", "surface-read-2" */
	char *title;        /* the script's first comment line */
	char *alt;          /* its "What it shows" text */
	char *svg;          /* the SVG document; NULL when rendering failed */
	size_t svg_len;
	char *error;        /* gnuplot's message when svg is NULL */
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
	struct html_chart *charts;    /* in the order gnuplot.c wrote them */
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

/* Text for HTML: & < > " ' as entities, other control characters as spaces. */
void html_text(struct outfile *f, const char *s);

/*
 * The grids of test col: per set, file size down, record size across, the
 * mean of the trials in each cell, shaded by throughput on one scale for
 * all sets; and per comparison (cmp[i] for set i >= 1, NULL entries
 * skipped) the ratio against set 0, significance marked.
 */
void html_tables_write(struct outfile *f, struct result_set *const *sets, size_t nsets,
		       int col, const struct compare_result *const *cmp);

/* The columns of mask as "read, reread and fread". */
void html_col_list(struct outfile *f, uint32_t mask);

/*
 * The findings section (html_findings.c): cliffs, figures to read with
 * care, and with two sets or more the verdicts of cmp[1..nsets) (NULL
 * where compare_sets failed, with its message in cmp_err[i]).
 */
void html_findings(struct outfile *f, struct result_set *const *sets, size_t nsets,
		   const struct compare_result *const *cmp, char *const *cmp_err,
		   const struct html_assets *a);

/*
 * Is the shortest full timed region of (cell, col) too short for the
 * clock (stats_too_short), as summary.csv's short_timing says?
 */
int html_short_timing(const struct result_set *rs, size_t cell, int col);

#endif
