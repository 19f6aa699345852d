/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report.h: IOzone's normal report on stdout, layout-identical to IOzone
 * 3.508 (SPEC.md section d): the splash header, the two-line column
 * header, one "%16lld%8lld" row per cell with the value columns or
 * IOzone's blank fillers, the trailer, and the -R "Excel" section.
 *
 * Every figure is the mean over trials of the cell's samples in the unit
 * the options ask for (kB/s, ops/s with -O, usec/op with -N), truncated
 * to an integer as IOzone prints it.  The emitters read only the options
 * and the result set; they never fail (stdio errors are the caller's to
 * check with ferror).  Lines that are ours, not IOzone's, are the name,
 * version and contributors lines and two lines after the stride line:
 * "\tData pattern: ..." and, with --trials > 1, "\tTrials per cell: ...".
 */
#ifndef IOSWEEP_REPORT_H
#define IOSWEEP_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct options;
struct result_set;

/* The splash block, through "\tFile stride size set to ..." and our lines. */
void report_header(FILE *out, const struct options *o, const struct result_set *rs);
/* The two-line column header (156 chars; wider with -E; 6 columns for -A). */
void report_columns(FILE *out, const struct options *o);
/* One row for cells[cell]; nothing for a placeholder cell. */
void report_row(FILE *out, const struct options *o, const struct result_set *rs,
		size_t cell);
/* "\niozone test complete.\n" and the poor-timer lines when they apply. */
void report_trailer(FILE *out, const struct options *o, const struct result_set *rs);
/* The -R section: "Excel output is below:" and one table per column run. */
void report_excel(FILE *out, const struct options *o, const struct result_set *rs);

/*
 * The tables the -R section and the -b worksheet share, so both hold the
 * same cells.  A table is one IOzone section: a title, then for each file
 * size (in cell order) the values of its cells, placeholders as 0.
 */
enum report_table_kind { REPORT_TABLE_RATE, REPORT_TABLE_CPU };

struct report_table {
	int col;                  /* enum results_col */
	int kind;                 /* enum report_table_kind */
};

/*
 * Fill tables[0..max) with the sections IOzone prints for these options
 * and results, in IOzone's order (rate tables, then with -+u the CPU
 * tables).  Returns how many.  max of 2 * RC_COUNT always suffices.
 */
size_t report_tables(const struct options *o, const struct result_set *rs,
		     struct report_table *tables, size_t max);

/*
 * The section title: stdout spelling ("Writer report") or, with xls, the
 * worksheet's ("Writer Report"); CPU tables add IOzone's
 * " CPU utilization report (Zero values should be ignored)".
 */
void report_table_title(const struct report_table *t, int xls, char *buf,
			size_t len);

/* The figure of (cell, table): the printed integer rate or the CPU %; 0 when none. */
double report_table_value(const struct options *o, const struct result_set *rs,
			  const struct report_table *t, size_t cell);

/* Mean over full trials of (cell, col) in unit; sets *n to the trial count. */
double report_mean(const struct result_set *rs, size_t cell, int col, int unit,
		   size_t *n);

#endif
