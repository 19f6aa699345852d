/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * html_priv.h: the parts of the report that html.c hands the page to and
 * nobody else needs: html_tables.c writes the grids of means and of
 * ratios, html_findings.c the findings.  The charts and the CSV files
 * come from html_assets.h, the shared helpers from html_util.h.
 */
#ifndef IOSWEEP_HTML_PRIV_H
#define IOSWEEP_HTML_PRIV_H

#include <stddef.h>
#include <stdint.h>

struct curve_table;
struct outfile;
struct result_set;
struct compare_result;
struct html_assets;

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
 * The section on small-file operations (html_ops.c): their charts (the
 * charts of no test column), a table per set, the comparisons of
 * cmp[1..nsets) per operation.  html_ops_present: does any set hold them?
 */
int html_ops_present(struct result_set *const *sets, size_t nsets);
void html_ops_write(struct outfile *f, struct result_set *const *sets, size_t nsets,
		    const struct compare_result *const *cmp, const struct html_assets *a);

/*
 * The section on the saturation curve t (html_curve.c): per test the
 * knee's sentence, the curve's charts of a, the steps' table.
 */
void html_curve_write(struct outfile *f, const struct curve_table *t,
		      const struct html_assets *a);

#endif
