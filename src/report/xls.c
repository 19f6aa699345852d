/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * xls.c: IOzone's -b worksheet.  IOzone writes a bare BIFF2 stream
 * (libbif.c): BOF, LABEL and NUMBER records, EOF; every LABEL carries a
 * fixed 256-byte string area, every NUMBER an IEEE double.  We write the
 * same records in the same order with the same cells as the -R text
 * (report_tables/report_table_value in report.c), byte-compatible with
 * what spreadsheet importers of IOzone's files expect:
 *   row 0 the command line, row 1 " ", row 2 a note on the axes, then per
 *   section a title row, a row of record sizes from column 1 and one row
 *   per file size (file kB in column 0, values from column 1).  IOzone
 *   leaves one empty row before the CPU sections; so do we.
 * Records are built in memory, little-endian whatever the host, and
 * written through outfile.h only after the sheet is known to fit: BIFF2
 * and IOzone's writer stop at 255 rows and columns.
 */
#include "compat.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "options/options.h"
#include "lib/outfile.h"
#include "report/report.h"
#include "model/results.h"
#include "report/xls.h"
#include "lib/err.h"

#define BIFF_NUMBER 0x0003u
#define BIFF_LABEL 0x0004u
#define BIFF_BOF 0x0009u
#define BIFF_EOF 0x000au
#define BIFF_VERSION 2u
#define BIFF_WORKSHEET 0x0010u
#define BIFF_LABEL_AREA 256u     /* IOzone's fixed string area */

static const char xls_note[] =
	"The top row is records sizes, the left column is file sizes";

struct xls_writer {
	struct outfile *f;
	unsigned row;
};

static void put16(unsigned char *p, unsigned v)
{
	p[0] = (unsigned char)(v & 0xffu);
	p[1] = (unsigned char)((v >> 8) & 0xffu);
}

static int put_record_head(struct xls_writer *w, unsigned op, unsigned len)
{
	unsigned char h[4];
	put16(h, op);
	put16(h + 2, len);
	return outfile_write(w->f, h, sizeof(h));
}

static int xls_label(struct xls_writer *w, unsigned row, unsigned col, const char *s)
{
	unsigned char body[8 + BIFF_LABEL_AREA];
	size_t n = strlen(s);
	if (n > XLS_LABEL_MAX)
		n = XLS_LABEL_MAX;
	memset(body, 0, sizeof(body));
	put16(body, row);
	put16(body + 2, col);
	body[7] = (unsigned char)n;      /* body[4..6]: cell attributes, 0 */
	memcpy(body + 8, s, n);
	if (put_record_head(w, BIFF_LABEL, sizeof(body)))
		return -1;
	return outfile_write(w->f, body, sizeof(body));
}

static int xls_number(struct xls_writer *w, unsigned row, unsigned col, double v)
{
	unsigned char body[15];
	uint64_t bits;
	memcpy(&bits, &v, sizeof(bits));
	memset(body, 0, sizeof(body));
	put16(body, row);
	put16(body + 2, col);
	for (int i = 0; i < 8; i++)
		body[7 + i] = (unsigned char)(bits >> (8 * i));
	if (put_record_head(w, BIFF_NUMBER, sizeof(body)))
		return -1;
	return outfile_write(w->f, body, sizeof(body));
}

static int xls_bof(struct xls_writer *w)
{
	unsigned char bof[4];
	put16(bof, BIFF_VERSION);
	put16(bof + 2, BIFF_WORKSHEET);
	if (put_record_head(w, BIFF_BOF, sizeof(bof)))
		return -1;
	return outfile_write(w->f, bof, sizeof(bof));
}

/* Distinct file sizes in cell order: one sheet row each per table. */
static size_t file_rows(const struct result_set *rs)
{
	size_t n = 0;
	for (size_t i = 0; i < rs->ncells; i++)
		if (i == 0 || rs->cells[i].file_kb != rs->cells[i - 1].file_kb)
			n++;
	return n;
}

/* The widest row: the header (1 + axis) or the cells of one file size. */
static size_t widest_row(const struct result_set *rs)
{
	size_t widest = 1 + rs->nrecord_axis, run = 0;
	for (size_t i = 0; i < rs->ncells; i++) {
		if (i == 0 || rs->cells[i].file_kb != rs->cells[i - 1].file_kb)
			run = 0;
		run++;
		if (1 + run > widest)
			widest = 1 + run;
	}
	return widest;
}

static int xls_table(struct xls_writer *w, const struct options *o,
		     const struct result_set *rs, const struct report_table *t)
{
	char title[160];
	unsigned col = 1;
	report_table_title(t, 1, title, sizeof(title));
	if (xls_label(w, w->row++, 0, title))
		return -1;
	for (size_t i = 0; i < rs->nrecord_axis; i++)
		if (xls_number(w, w->row, col++, (double)rs->record_axis[i]))
			return -1;
	w->row++;
	for (size_t i = 0; i < rs->ncells; i++) {
		if (i == 0 || rs->cells[i].file_kb != rs->cells[i - 1].file_kb) {
			if (i)
				w->row++;
			col = 0;
			if (xls_number(w, w->row, col++, (double)rs->cells[i].file_kb))
				return -1;
		}
		if (xls_number(w, w->row, col++, report_table_value(o, rs, t, i)))
			return -1;
	}
	if (rs->ncells)
		w->row++;
	return 0;
}

/* Rows the sheet needs: 3 text rows, per table a title, an axis and a row
 * per file size, and IOzone's empty row before the CPU tables. */
static size_t sheet_rows(const struct report_table *tables, size_t ntables,
			 const struct result_set *rs)
{
	size_t rows = 3;
	int cpu_gap = 0;
	for (size_t i = 0; i < ntables; i++) {
		if (tables[i].kind == REPORT_TABLE_CPU && !cpu_gap) {
			cpu_gap = 1;
			rows++;
		}
		rows += 2 + file_rows(rs);
	}
	return rows;
}

int xls_check(const struct options *o, const struct result_set *rs,
	      char *err, size_t errlen)
{
	struct report_table tables[2 * RC_COUNT];
	size_t ntables = report_tables(o, rs, tables, sizeof(tables) / sizeof(tables[0]));
	size_t rows = sheet_rows(tables, ntables, rs), cols = widest_row(rs);

	if (rows > XLS_MAX_ROWS)
		return err_set(err, errlen, "'-b': the sweep needs %zu rows, more than a BIFF2 "
			"sheet holds; use the CSV output (--out)", rows);
	if (cols > XLS_MAX_COLS) {
		return err_set(err, errlen, "'-b': the sweep needs %zu columns, more than a "
			"BIFF2 sheet holds; use the CSV output (--out)", cols);
	}
	return 0;
}

/* A write failed: say so and drop the temporary file. */
static int xls_fail(struct outfile *f, const char *path, char *err, size_t errlen)
{
	err_set(err, errlen, "cannot write '%s': %s", path,
		f->saved_errno ? strerror(f->saved_errno) : "write failed");
	outfile_abort(f);
	return -1;
}

/* The EOF record and the rename into place; or, after a failure, the cleanup. */
static int xls_end(struct xls_writer *w, int ok, const char *path, char *err,
		   size_t errlen)
{
	if (ok && put_record_head(w, BIFF_EOF, 0) == 0)
		return outfile_commit(w->f, err, errlen);
	return xls_fail(w->f, path, err, errlen);
}

int xls_write(const char *path, const struct options *o,
	      const struct result_set *rs, char *err, size_t errlen)
{
	struct report_table tables[2 * RC_COUNT];
	size_t ntables = report_tables(o, rs, tables, sizeof(tables) / sizeof(tables[0]));
	int cpu_gap = 0;

	if (xls_check(o, rs, err, errlen))
		return -1;

	struct outfile f;
	struct xls_writer w = { &f, 0 };
	char line[XLS_LABEL_MAX + 2];
	const char *cmd = o->command_line ? o->command_line :
		(rs->meta.command_line ? rs->meta.command_line : "");

	if (outfile_open(&f, path, 0, 1, err, errlen))
		return -1;
	/* IOzone's command line label ends with a space after the last word */
	snprintf(line, sizeof(line), "%s ", cmd);
	if (xls_bof(&w) || xls_label(&w, w.row++, 0, line) || xls_label(&w, w.row++, 0, " ") ||
	    xls_label(&w, w.row++, 0, xls_note))
		goto fail;
	for (size_t i = 0; i < ntables; i++) {
		if (tables[i].kind == REPORT_TABLE_CPU && !cpu_gap) {
			cpu_gap = 1;
			w.row++;
		}
		if (xls_table(&w, o, rs, &tables[i]))
			goto fail;
	}
	return xls_end(&w, 1, path, err, errlen);
fail:
	return xls_end(&w, 0, path, err, errlen);
}

int xls_write_cells(const char *path, const struct xls_cell *cells, size_t n,
		    char *err, size_t errlen)
{
	struct outfile f;
	struct xls_writer w = { &f, 0 };

	for (size_t i = 0; i < n; i++)
		if (cells[i].row >= XLS_MAX_ROWS || cells[i].col >= XLS_MAX_COLS)
			return err_set(err, errlen, "'-b': cell (%u, %u) is outside a BIFF2 "
				"sheet; use the CSV output (--out)", cells[i].row,
				cells[i].col);
	if (outfile_open(&f, path, 0, 1, err, errlen))
		return -1;
	if (xls_bof(&w))
		goto fail;
	for (size_t i = 0; i < n; i++)
		if (cells[i].text ? xls_label(&w, cells[i].row, cells[i].col, cells[i].text) :
		    xls_number(&w, cells[i].row, cells[i].col, cells[i].number))
			goto fail;
	return xls_end(&w, 1, path, err, errlen);
fail:
	return xls_end(&w, 0, path, err, errlen);
}
