/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import_xls.c: the BIFF2 worksheet IOzone writes with -b.
 *
 * The file is a stream of little-endian records [u16 opcode][u16 length]
 * [body]: BOF, then LABEL (row, col, 3 attribute bytes, length byte,
 * text) and NUMBER (row, col, 3 attribute bytes, IEEE double) cells, then
 * EOF.  IOzone lays the sheet out as the -R text: row 0 the command line,
 * then per test a title label ("Writer Report"), a row of record sizes in
 * columns 1.., and one row per file size (file kB in column 0).  The cells
 * come in row order, so one pass with a little state reads it.  A 0 is a
 * crossover placeholder and gives no sample, as in the -R text.
 *
 * The sheet states no units or options: they come from the command line
 * in row 0 (-O, -N, -I, -e, -c, ...), which comes before any figure.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/import_priv.h"
#include "iosweep.h"
#include "model/results.h"
#include "lib/err.h"

#define XLS_BOF    0x0009u
#define XLS_EOF    0x000au
#define XLS_LABEL  0x0004u
#define XLS_NUMBER 0x0003u
#define XLS_INTEGER 0x0002u
#define XLS_MAX_COLS 256

struct xls_state {
	struct import_acc acc;
	const char *path;
	char *err;
	size_t errlen;
	int col;                   /* test column of the section, -2 skip, -1 none */
	long title_row;            /* row of the section title */
	uint64_t axis[XLS_MAX_COLS];
	size_t naxis;
	long row;                  /* current data row */
	uint64_t file_kb;
	int have_file;
	uint64_t first_axis[XLS_MAX_COLS];
	size_t nfirst_axis;
};

static unsigned u16le(const unsigned char *p)
{
	return (unsigned)p[0] | ((unsigned)p[1] << 8);
}

static double f64le(const unsigned char *p)
{
	uint64_t bits = 0;
	double d;
	for (int i = 7; i >= 0; i--)
		bits = (bits << 8) | p[i];
	memcpy(&d, &bits, sizeof(d));
	return d;
}

static int xfail(struct xls_state *x, size_t off, const char *msg)
{
	return err_set(x->err, x->errlen, "%s: record at byte %zu: %s", x->path, off, msg);
}

static int xls_label(struct xls_state *x, size_t off, unsigned row, unsigned col,
		     const char *s, size_t n)
{
	struct result_set *rs = x->acc.rs;

	if (col != 0)
		return 0;
	if (row == 0 && !rs->meta.command_line) {
		char buf[256];
		size_t len = n < sizeof(buf) - 1 ? n : sizeof(buf) - 1;
		memcpy(buf, s, len);
		buf[len] = '\0';
		while (len && buf[len - 1] == ' ')
			buf[--len] = '\0';
		if (results_set_str(&rs->meta.command_line, buf))
			return xfail(x, off, "out of memory");
		uint32_t tests = 0;
		unsigned flags = 0;
		int unit = RESULTS_UNIT_KBPS;
		import_scan_cmdline(buf, &tests, &flags, &unit);
		rs->meta.flags |= flags;
		rs->meta.source_unit = unit;
		return 0;
	}
	int c = import_section_col(s, n);
	if (c == -1)
		return 0; /* the sheet's notes ("The top row is records sizes ...") */
	if (x->col >= 0 && x->naxis == 0)
		return xfail(x, off, "the previous section has no row of record sizes: truncated");
	x->col = c;
	x->title_row = (long)row;
	x->naxis = 0;
	x->have_file = 0;
	return 0;
}

static int xls_number(struct xls_state *x, size_t off, unsigned row, unsigned col,
		      double v)
{
	if (x->col == -1)
		return 0; /* before the first section */
	if (!isfinite(v) || v < 0.0)
		return xfail(x, off, "a negative or non-finite figure");
	if ((long)row == x->title_row + 1) {
		/* the row of record sizes */
		if (col == 0 || col >= XLS_MAX_COLS || v < 1.0 || v != floor(v) || v > 1e15)
			return xfail(x, off, "expected a record size (kB) in the header row");
		while (x->naxis < col)
			x->axis[x->naxis++] = 0;
		x->axis[col - 1] = (uint64_t)v;
		if (x->naxis < col)
			x->naxis = col;
		return 0;
	}
	if ((long)row <= x->title_row)
		return xfail(x, off, "a figure above its section's header row");
	if (col == 0) {
		if (v < 1.0 || v != floor(v) || v > 1e15)
			return xfail(x, off, "expected a file size (kB) in column 0");
		x->row = (long)row;
		x->file_kb = (uint64_t)v;
		x->have_file = 1;
		return 0;
	}
	if (!x->have_file || x->row != (long)row)
		return xfail(x, off, "a figure in a row without a file size in column 0");
	if (col > x->naxis || x->axis[col - 1] == 0)
		return xfail(x, off, "a figure in a column without a record size");
	if (x->col == -2)
		return 0;
	char line_err[IOSWEEP_ERR_MAX];
	if (import_add_value(&x->acc, x->col, x->file_kb, x->axis[col - 1], v, 0,
			     line_err, sizeof(line_err)))
		return err_set(x->err, x->errlen, "%s (record at byte %zu)", line_err, off);
	if (!x->nfirst_axis) {
		memcpy(x->first_axis, x->axis, x->naxis * sizeof(x->axis[0]));
		x->nfirst_axis = x->naxis;
	}
	return 0;
}

int import_xls_parse(struct result_set *rs, const char *path,
		     const unsigned char *buf, size_t len, char *err,
		     size_t errlen)
{
	struct xls_state x;
	size_t off = 0;
	int rc = -1, seen_eof = 0;

	memset(&x, 0, sizeof(x));
	x.acc.rs = rs;
	x.acc.path = path;
	x.path = path;
	x.err = err;
	x.errlen = errlen;
	x.col = -1;
	x.title_row = -1;
	rs->meta.source_unit = RESULTS_UNIT_KBPS;

	if (len < 4 || u16le(buf) != XLS_BOF) {
		if (len >= 4 && (u16le(buf) & 0xff) == 0x09)
			err_set(err, errlen, "%s: an Excel file of a later BIFF version: only "
				"IOzone's BIFF2 (-b) sheets can be imported", path);
		else
			err_set(err, errlen, "%s: not a BIFF2 sheet", path);
		return -1;
	}
	while (off < len) {
		if (len - off < 4) {
			xfail(&x, off, "the file ends inside a record header: truncated");
			goto out;
		}
		unsigned op = u16le(buf + off), n = u16le(buf + off + 2);
		const unsigned char *b = buf + off + 4;
		if (len - off - 4 < n) {
			xfail(&x, off, "the file ends inside a record: truncated");
			goto out;
		}
		switch (op) {
		case XLS_BOF:
			if (off != 0) {
				xfail(&x, off, "a second BOF: more than one sheet");
				goto out;
			}
			break;
		case XLS_EOF:
			seen_eof = 1;
			break;
		case XLS_LABEL:
			if (n < 8 || (size_t)b[7] + 8 > n) {
				xfail(&x, off, "a LABEL record too short for its text");
				goto out;
			}
			if (xls_label(&x, off, u16le(b), u16le(b + 2), (const char *)b + 8,
				      strnlen((const char *)b + 8, b[7])))
				goto out;
			break;
		case XLS_NUMBER:
			if (n < 15) {
				xfail(&x, off, "a NUMBER record shorter than 15 bytes");
				goto out;
			}
			if (xls_number(&x, off, u16le(b), u16le(b + 2), f64le(b + 7)))
				goto out;
			break;
		case XLS_INTEGER:
			if (n < 9) {
				xfail(&x, off, "an INTEGER record shorter than 9 bytes");
				goto out;
			}
			if (xls_number(&x, off, u16le(b), u16le(b + 2), (double)u16le(b + 7)))
				goto out;
			break;
		default:
			break; /* formatting and the like: nothing to read */
		}
		off += 4 + (size_t)n;
		if (seen_eof)
			break;
	}
	if (!seen_eof) {
		xfail(&x, off, "no EOF record: truncated");
		goto out;
	}
	if (rs->nsamples == 0) {
		err_set(err, errlen, "%s: a BIFF sheet without IOzone figures", path);
		goto out;
	}
	if (results_set_str(&rs->meta.tool, "iozone") ||
	    results_set_record_axis(rs, x.first_axis, x.nfirst_axis)) {
		err_set(err, errlen, "%s: out of memory", path);
		goto out;
	}
	rs->meta.flags |= RESULTS_F_IMPORTED;
	rc = 0;
out:
	import_acc_release(&x.acc);
	return rc;
}
