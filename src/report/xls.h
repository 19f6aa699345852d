/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * xls.h: IOzone's -b output, a BIFF2 (Excel 2.1) worksheet holding the
 * same cells as the -R text: the command line, a note, then per section a
 * title row, a header row of record sizes and one row per file size.
 *
 * BIFF2 addresses rows and columns with 16-bit numbers, and IOzone's own
 * writer warns that more than 255 "act poorly"; a sweep that needs more
 * is refused before anything is written.  The file is written through
 * outfile.h: under a temporary name, renamed into place on success.
 */
#ifndef IOSWEEP_XLS_H
#define IOSWEEP_XLS_H

#include <stddef.h>

struct options;
struct result_set;

#define XLS_MAX_ROWS 255u
#define XLS_MAX_COLS 255u
#define XLS_LABEL_MAX 255u   /* longer labels are truncated */

/*
 * Does the worksheet of these options and cells fit in BIFF2's 255 rows
 * and columns?  0, or -1 with "'-b': the sweep needs N rows, ...".  Call
 * it once the cells are known, before the sweep runs, to refuse early;
 * xls_write checks again.
 */
int xls_check(const struct options *o, const struct result_set *rs,
	      char *err, size_t errlen);

/* Write the worksheet to path (replacing it).  0, or -1 with err set. */
int xls_write(const char *path, const struct options *o,
	      const struct result_set *rs, char *err, size_t errlen);

/* One cell for xls_write_cells: a LABEL when text is set, else a NUMBER. */
struct xls_cell {
	unsigned row, col;        /* each below XLS_MAX_ROWS / XLS_MAX_COLS */
	const char *text;
	double number;
};

/*
 * Write cells[0..n), in that order, as a BIFF2 worksheet at path (BOF,
 * the records, EOF; replacing the file).  For sheets of another shape
 * (the throughput report).  0, or -1 with err set.
 */
int xls_write_cells(const char *path, const struct xls_cell *cells, size_t n,
		    char *err, size_t errlen);

#endif
