/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import_tp_sheet.c: the -b spreadsheet of an IOzone throughput-mode run
 * (-t N, -l/-u with -b file.xls) into throughput records of a result set.
 *
 * IOzone writes it as one BIFF2 worksheet: a LABEL in row 0 with the
 * command line, then the -R table's lines as cells, a LABEL in column 0
 * for each title and test row ("Throughput report Y-axis is type of
 * test X-axis is number of processes", "Record size = 64 kBytes",
 * "Output is in kBytes/sec", "  Initial write ") and a NUMBER for each
 * figure of the row from column 2 on, one column per process count.  The
 * sheet says nothing of the counts, so they come from the -t/-l/-u of its
 * command line.  Its rows are the -R table's, so they are filled in by the
 * same functions as the text report's table (import_tp.c, through
 * import_tp_priv.h); this file only walks the records and checks that each
 * figure sits in its row and in the next column.  A record cut short, a
 * second sheet, a figure outside a test's row or no EOF is an error naming
 * the record's byte offset.
 */
#include "compat.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "import/import_priv.h"
#include "import/import_tp_priv.h"
#include "model/results.h"

#define BIFF_BOF    0x0009u
#define BIFF_EOF    0x000au
#define BIFF_LABEL  0x0004u
#define BIFF_NUMBER 0x0003u

/* One BIFF2 record: opcode, body, its offset.  Walks buf; 1, 0 at the end, -1 bad. */
struct biff_rec {
	unsigned op, n;
	const unsigned char *b;
	size_t off;
};

static unsigned le16(const unsigned char *b)
{
	return (unsigned)b[0] | ((unsigned)b[1] << 8);
}

static int biff_next(const unsigned char *buf, size_t len, size_t *off,
		     struct biff_rec *r)
{
	if (*off >= len)
		return 0;
	if (len - *off < 4)
		return -1;
	r->op = le16(buf + *off);
	r->n = le16(buf + *off + 2);
	r->b = buf + *off + 4;
	r->off = *off;
	if (len - *off - 4 < r->n)
		return -1;
	*off += 4 + (size_t)r->n;
	return 1;
}

/* A LABEL's text (row and column too); NULL when the record is too short. */
static const char *biff_label(const struct biff_rec *r, unsigned *row, unsigned *col,
			      size_t *n)
{
	if (r->op != BIFF_LABEL || r->n < 8 || (size_t)r->b[7] + 8 > r->n)
		return NULL;
	*row = le16(r->b);
	*col = le16(r->b + 2);
	*n = strnlen((const char *)r->b + 8, r->b[7]);
	return (const char *)r->b + 8;
}

int import_tp_is_biff(const unsigned char *buf, size_t len)
{
	size_t off = 0;
	struct biff_rec r;
	unsigned row, col;
	size_t n;

	while (biff_next(buf, len, &off, &r) == 1) {
		const char *s = biff_label(&r, &row, &col, &n);
		if (s && col == 0 && n >= 17 && strncmp(s, "Throughput report", 17) == 0)
			return 1;
		if (r.op == BIFF_EOF)
			break;
	}
	return 0;
}

struct biff_row {
	int kind;                  /* -1: no row open */
	unsigned row;
	size_t off;
	double v[TP_MAX_COUNTS];
	size_t nv;
};

static int biff_flush(struct tp_parse *p, struct biff_row *br)
{
	char where[64];

	if (br->kind < 0)
		return 0;
	snprintf(where, sizeof(where), "record at byte %zu: ", br->off);
	int rc = tp_table_row(p, 0, where, br->kind, br->v, br->nv, p->in_table == 2);
	br->kind = -1;
	return rc;
}

static int biff_text(struct tp_parse *p, struct biff_row *br, const struct biff_rec *r,
		     unsigned row, const char *s, size_t n)
{
	char where[64];
	int lab;

	if (row == 0 && !p->rs->meta.command_line)
		return tp_set_cmdline(p, s, n, 0);
	if (biff_flush(p, br))
		return -1;
	snprintf(where, sizeof(where), "record at byte %zu: ", r->off);
	lab = tp_table_label(p, s, n, 0, where);
	if (lab)
		return lab < 0 ? -1 : 0;
	if (!p->in_table)
		return 0;
	br->kind = tp_kind_of(s, n, 1);
	if (br->kind < 0)
		return tp_fail(p, 0, "record at byte %zu: a row of an unknown test '%.*s'", r->off,
			       (int)(n < 40 ? n : 40), s);
	br->row = row;
	br->off = r->off;
	br->nv = 0;
	return 0;
}

int import_tp_xls_parse(struct result_set *rs, const char *path,
			const unsigned char *buf, size_t len, char *err, size_t errlen)
{
	struct tp_parse p;
	struct biff_row br;
	struct biff_rec r;
	size_t off = 0;
	int got, seen_eof = 0;

	tp_parse_init(&p, rs, path, err, errlen);
	br.kind = -1;
	while (!seen_eof && (got = biff_next(buf, len, &off, &r)) == 1) {
		unsigned row, col;
		size_t n;
		const char *s;
		switch (r.op) {
		case BIFF_BOF:
			if (r.off != 0)
				return tp_fail(&p, 0, "record at byte %zu: a second BOF: more than one sheet",
					       r.off);
			break;
		case BIFF_EOF:
			seen_eof = 1;
			break;
		case BIFF_LABEL:
			s = biff_label(&r, &row, &col, &n);
			if (!s)
				return tp_fail(&p, 0, "record at byte %zu: a LABEL record too short for its text",
					       r.off);
			if (col == 0 && biff_text(&p, &br, &r, row, s, n))
				return -1;
			break;
		case BIFF_NUMBER:
			if (r.n < 15)
				return tp_fail(&p, 0, "record at byte %zu: a NUMBER record shorter than 15 bytes",
					       r.off);
			row = le16(r.b);
			col = le16(r.b + 2);
			if (br.kind < 0 || row != br.row || col < 2)
				return tp_fail(&p, 0, "record at byte %zu: a figure outside a test's row",
					       r.off);
			if (col - 2 != br.nv || br.nv == TP_MAX_COUNTS)
				return tp_fail(&p, 0, "record at byte %zu: a figure in column %u where "
					       "column %zu was due", r.off, col, br.nv + 2);
			uint64_t bits = 0;
			for (int i = 7; i >= 0; i--)
				bits = (bits << 8) | r.b[7 + i];
			memcpy(&br.v[br.nv++], &bits, sizeof(double));
			break;
		default:
			break;
		}
	}
	if (!seen_eof)
		return tp_fail(&p, 0, "record at byte %zu: %s", off,
			       got < 0 ? "the file ends inside a record: truncated" :
			       "no EOF record: truncated");
	if (biff_flush(&p, &br))
		return -1;
	if (rs->ntp == 0)
		return tp_fail(&p, 0, "a throughput sheet without figures");
	if (results_set_str(&rs->meta.tool, "iozone"))
		return tp_fail(&p, 0, "out of memory");
	rs->meta.source_unit = p.unit < 0 ? RESULTS_UNIT_KBPS : p.unit;
	rs->meta.flags |= RESULTS_F_IMPORTED;
	return 0;
}
