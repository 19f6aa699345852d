/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_xls.c: the -b BIFF2 worksheet.  Hand-built result sets with known
 * rates are written to a temporary directory, the records decoded back
 * and every cell checked; the record sequence of a full "-a -n 64k -g 4m"
 * sheet is compared with IOzone 3.508's own file (fixture 03): the same
 * records, lengths, rows, columns, labels and axes, only the rates differ.
 */
#include "compat.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cu.h"
#include "testutil.h"
#include "iosweep.h"
#include "options/options.h"
#include "run/sweep/plan.h"
#include "report/report.h"
#include "model/results.h"
#include "report/xls.h"

#define MIB 1048576ull
#define MS 1000000ull
#define FIXTURE "03_a_n64k_g4m_R_b.out.xls"

struct rec {
	unsigned op, len, row, col;
	double num;
	char label[257];
};

struct sheet {
	struct rec *r;
	size_t n;
};

static unsigned get16(const unsigned char *p)
{
	return (unsigned)p[0] | ((unsigned)p[1] << 8);
}

/* Decode a whole BIFF2 file; -1 if it is not a well-formed stream. */
static int sheet_load(struct sheet *s, const char *path)
{
	FILE *f = fopen(path, "rb");
	unsigned char h[4], body[1024];
	memset(s, 0, sizeof(*s));
	if (!f)
		return -1;
	while (fread(h, 1, 4, f) == 4) {
		struct rec r;
		memset(&r, 0, sizeof(r));
		r.op = get16(h);
		r.len = get16(h + 2);
		if (r.len > sizeof(body) || fread(body, 1, r.len, f) != r.len)
			break;
		if ((r.op == 0x0003 || r.op == 0x0004) && r.len >= 8) {
			r.row = get16(body);
			r.col = get16(body + 2);
		}
		if (r.op == 0x0003 && r.len == 15) {
			uint64_t bits = 0;
			for (int i = 7; i >= 0; i--)
				bits = (bits << 8) | body[7 + i];
			memcpy(&r.num, &bits, sizeof(r.num));
		}
		if (r.op == 0x0004 && r.len == 264) {
			memcpy(r.label, body + 8, body[7]);
			r.label[body[7]] = '\0';
		}
		if (r.op == 0x0009 && r.len == 4)
			r.row = get16(body), r.col = get16(body + 2);   /* version, type */
		struct rec *grown = realloc(s->r, (s->n + 1) * sizeof(*grown));
		if (!grown)
			break;
		s->r = grown;
		s->r[s->n++] = r;
	}
	fclose(f);
	return s->n && s->r[s->n - 1].op == 0x000a ? 0 : -1;
}

/* The NUMBER at (row, col), or NAN-like -1 when absent. */
static double sheet_num(const struct sheet *s, unsigned row, unsigned col)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->r[i].op == 0x0003 && s->r[i].row == row && s->r[i].col == col)
			return s->r[i].num;
	return -1.0;
}

static const char *sheet_label(const struct sheet *s, unsigned row)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->r[i].op == 0x0004 && s->r[i].row == row && s->r[i].col == 0)
			return s->r[i].label;
	return "";
}

static void add(struct result_set *rs, long cell, int col, uint64_t bytes,
		uint64_t ns)
{
	struct result_sample s;
	memset(&s, 0, sizeof(s));
	s.cell = (uint32_t)cell;
	s.col = (uint16_t)col;
	s.bytes = bytes;
	s.ops = 1;
	s.elapsed_ns = ns;
	s.wall_ns = 4 * ns;
	s.cpu_user_s = (double)ns / 1e9;   /* 25% CPU */
	CU_ASSERT_EQUAL(results_add_sample(rs, &s), 0);
}

static char tmpdir[64];

static void make_tmpdir(void)
{
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/iosweep-xls.XXXXXX");
	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(tmpdir));
}

static size_t dir_entries(void)
{
	size_t n = 0;
	DIR *d = opendir(tmpdir);
	struct dirent *e;
	if (!d)
		return 0;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

static void remove_tmpdir(void)
{
	DIR *d = opendir(tmpdir);
	struct dirent *e;
	char path[sizeof(tmpdir) + 260];
	if (!d)
		return;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			snprintf(path, sizeof(path), "%s/%s", tmpdir, e->d_name);
			unlink(path);
		}
	closedir(d);
	rmdir(tmpdir);
}

/* A small sheet, every record checked. */
static void test_cells(void)
{
	static const uint64_t axis[] = { 4, 8, 16 };
	struct options o;
	struct result_set rs;
	struct sheet s;
	char err[IOSWEEP_ERR_MAX], path[128];

	make_tmpdir();
	snprintf(path, sizeof(path), "%s/out.xls", tmpdir);
	CU_ASSERT_EQUAL_FATAL(tu_parse(&o, "-a -n 8k -g 16k -y 4k -q 16k -i 0 -+u -b x.xls"), 0);
	results_init(&rs);
	results_set_record_axis(&rs, axis, 3);
	long a = results_add_cell(&rs, 8, 4, 0);
	long b = results_add_cell(&rs, 8, 8, 0);
	results_add_cell(&rs, 16, 4, 1);
	long d = results_add_cell(&rs, 16, 8, 0);
	add(&rs, a, RC_WRITE, MIB, MS);           /* 1024000 */
	add(&rs, a, RC_REWRITE, MIB, 3 * MS);     /* 341333.33 -> 341333 */
	add(&rs, b, RC_WRITE, 2 * MIB, MS);
	add(&rs, b, RC_REWRITE, 3 * MIB, MS);
	add(&rs, d, RC_WRITE, 4 * MIB, MS);
	add(&rs, d, RC_REWRITE, 5 * MIB, MS);
	CU_ASSERT_EQUAL_FATAL(xls_write(path, &o, &rs, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(sheet_load(&s, path), 0);
	CU_ASSERT_EQUAL(dir_entries(), 1);         /* no temporary left behind */

	/* BOF version 2 worksheet first, EOF last */
	CU_ASSERT_EQUAL(s.r[0].op, 0x0009);
	CU_ASSERT_EQUAL(s.r[0].row, 2);
	CU_ASSERT_EQUAL(s.r[0].col, 0x10);
	CU_ASSERT_EQUAL(s.r[s.n - 1].len, 0);
	for (size_t i = 1; i + 1 < s.n; i++)
		CU_ASSERT_TRUE((s.r[i].op == 0x0004 && s.r[i].len == 264) ||
			       (s.r[i].op == 0x0003 && s.r[i].len == 15));

	CU_ASSERT_STRING_EQUAL(sheet_label(&s, 0), "iosweep -a -n 8k -g 16k -y 4k -q 16k -i 0 -+u -b x.xls ");
	CU_ASSERT_STRING_EQUAL(sheet_label(&s, 1), " ");
	CU_ASSERT_STRING_EQUAL(sheet_label(&s, 2),
			       "The top row is records sizes, the left column is file sizes");
	static const struct { unsigned row; const char *label; } labels[] = {
		{ 3, "Writer Report" }, { 7, "Re-writer Report" },
		/* one empty row (11) before the CPU sections, as IOzone */
		{ 12, "Writer CPU utilization report (Zero values should be ignored)" },
		{ 16, "Re-writer CPU utilization report (Zero values should be ignored)" },
	};
	for (size_t i = 0; i < sizeof(labels) / sizeof(labels[0]); i++)
		CU_ASSERT_STRING_EQUAL(sheet_label(&s, labels[i].row), labels[i].label);
	static const struct { unsigned row, col; double v; } nums[] = {
		{ 4, 1, 4 }, { 4, 2, 8 }, { 4, 3, 16 },
		{ 5, 0, 8 }, { 5, 1, 1024000 }, { 5, 2, 2048000 },
		{ 6, 0, 16 }, { 6, 1, 0 }, { 6, 2, 4096000 },
		{ 8, 1, 4 }, { 9, 1, 341333 }, { 9, 2, 3072000 }, { 10, 2, 5120000 },
		{ 13, 3, 16 }, { 14, 0, 8 }, { 14, 1, 25 }, { 15, 1, 0 }, { 15, 2, 25 },
		{ 19, 0, 16 }, { 19, 2, 25 },
	};
	for (size_t i = 0; i < sizeof(nums) / sizeof(nums[0]); i++)
		CU_ASSERT_DOUBLE_EQUAL(sheet_num(&s, nums[i].row, nums[i].col), nums[i].v, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(sheet_num(&s, 5, 3), -1.0, 0);   /* ragged: no cell */
	/* 4 labels + 3 text rows; 4 tables x (3 axis + 2 file + 4 values) numbers */
	CU_ASSERT_EQUAL(s.n, 1 + 3 + 4 + 4 * 9 + 1);
	free(s.r);
	results_release(&rs);
	options_release(&o);
	remove_tmpdir();
}

/* Too many rows or columns for BIFF2: refused, nothing written. */
static void test_limits(void)
{
	struct options o;
	struct result_set rs;
	struct sweep_plan p;
	char err[IOSWEEP_ERR_MAX], path[128];

	make_tmpdir();
	snprintf(path, sizeof(path), "%s/out.xls", tmpdir);
	/* the default grid, 13 sections and their 13 CPU sections: 420 rows */
	CU_ASSERT_EQUAL_FATAL(tu_parse(&o, "-a -+u -b x.xls"), 0);
	CU_ASSERT_EQUAL_FATAL(plan_build(&p, &o, err, sizeof(err)), 0);
	results_init(&rs);
	for (size_t i = 0; i < p.ncells; i++)
		results_add_cell(&rs, p.cells[i].file_kb, p.cells[i].record_kb,
				 p.cells[i].placeholder);
	results_set_record_axis(&rs, p.record_axis, p.nrecord_axis);
	CU_ASSERT_EQUAL(xls_check(&o, &rs, err, sizeof(err)), -1);   /* before a run */
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "420 rows"));
	err[0] = '\0';
	CU_ASSERT_EQUAL(xls_write(path, &o, &rs, err, sizeof(err)), -1);
	CU_ASSERT_STRING_EQUAL(err, "'-b': the sweep needs 420 rows, more than a BIFF2 "
			       "sheet holds; use the CSV output (--out)");
	CU_ASSERT_EQUAL(dir_entries(), 0);
	options_release(&o);

	/* without -+u it fits: 3 + 13 x (2 + 14) = 211 rows */
	CU_ASSERT_EQUAL_FATAL(tu_parse(&o, "-a -b x.xls"), 0);
	CU_ASSERT_EQUAL(xls_check(&o, &rs, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(xls_write(path, &o, &rs, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(dir_entries(), 1);

	/* 300 record sizes: too many columns */
	uint64_t axis[300];
	for (size_t i = 0; i < 300; i++)
		axis[i] = i + 1;
	results_set_record_axis(&rs, axis, 300);
	unlink(path);
	CU_ASSERT_EQUAL(xls_write(path, &o, &rs, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "301 columns"));
	CU_ASSERT_EQUAL(dir_entries(), 0);
	plan_release(&p);
	results_release(&rs);
	options_release(&o);

	/* an unwritable place: an error naming the path */
	CU_ASSERT_EQUAL_FATAL(tu_parse(&o, "-a -n 64k -g 64k -b x.xls"), 0);
	results_init(&rs);
	CU_ASSERT_EQUAL(xls_write("/nonexistent-dir/x.xls", &o, &rs, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "/nonexistent-dir/x.xls"));
	results_release(&rs);
	options_release(&o);
	remove_tmpdir();
}

/* Labels longer than 255 bytes are cut at 255. */
static void test_long_label(void)
{
	struct options o;
	struct result_set rs;
	struct sheet s;
	char err[IOSWEEP_ERR_MAX], path[128], cmd[400];

	make_tmpdir();
	snprintf(path, sizeof(path), "%s/out.xls", tmpdir);
	CU_ASSERT_EQUAL_FATAL(tu_parse(&o, "-a -n 64k -g 64k -i 0 -b x.xls"), 0);
	memset(cmd, 'x', sizeof(cmd) - 1);
	cmd[sizeof(cmd) - 1] = '\0';
	free(o.command_line);
	o.command_line = strdup(cmd);
	results_init(&rs);
	CU_ASSERT_EQUAL_FATAL(xls_write(path, &o, &rs, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(sheet_load(&s, path), 0);
	CU_ASSERT_EQUAL(strlen(sheet_label(&s, 0)), 255);
	CU_ASSERT_EQUAL(s.r[1].len, 264);
	free(s.r);
	results_release(&rs);
	options_release(&o);
	remove_tmpdir();
}

/* Where fixture 03 lives: $IOSWEEP_FIXTURES, or beside the repository. */
static int fixture_path(char *buf, size_t len)
{
	const char *dirs[] = { getenv("IOSWEEP_FIXTURES"), "../shared/fixtures/iozone",
			       "../../shared/fixtures/iozone" };
	struct stat st;
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		if (!dirs[i])
			continue;
		snprintf(buf, len, "%s/%s", dirs[i], FIXTURE);
		if (stat(buf, &st) == 0)
			return 0;
	}
	return -1;
}

/* The same record sequence as IOzone's own -b file for the same command. */
static void test_fixture_structure(void)
{
	struct options o;
	struct sweep_plan p;
	struct result_set rs;
	struct sheet ours, theirs;
	char err[IOSWEEP_ERR_MAX], path[128], fixture[512];

	if (fixture_path(fixture, sizeof(fixture))) {
		printf("\nnote: %s not found (set IOSWEEP_FIXTURES); structure "
		       "comparison not run\n", FIXTURE);
		return;
	}
	CU_ASSERT_EQUAL_FATAL(sheet_load(&theirs, fixture), 0);
	make_tmpdir();
	snprintf(path, sizeof(path), "%s/out.xls", tmpdir);
	CU_ASSERT_EQUAL_FATAL(tu_parse(&o, "-a -n 64k -g 4m -R -b /tmp/ioz/out.xls -f /tmp/ioz/t"), 0);
	CU_ASSERT_EQUAL_FATAL(plan_build(&p, &o, err, sizeof(err)), 0);
	results_init(&rs);
	results_set_record_axis(&rs, p.record_axis, p.nrecord_axis);
	for (size_t i = 0; i < p.ncells; i++) {
		long c = results_add_cell(&rs, p.cells[i].file_kb, p.cells[i].record_kb,
					  p.cells[i].placeholder);
		for (int col = RC_WRITE; col <= RC_FREREAD; col++)
			add(&rs, c, col, MIB, MS);
	}
	CU_ASSERT_EQUAL_FATAL(xls_write(path, &o, &rs, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(sheet_load(&ours, path), 0);
	CU_ASSERT_EQUAL(ours.n, theirs.n);
	size_t n = ours.n < theirs.n ? ours.n : theirs.n, bad = 0;
	unsigned axis_row = 0;
	for (size_t i = 0; i < n; i++) {
		const struct rec *a = &ours.r[i], *b = &theirs.r[i];
		int same = a->op == b->op && a->len == b->len && a->row == b->row &&
			   a->col == b->col;
		/* row 0 is the command line: ours names iosweep */
		if (same && a->op == 0x0004 && a->row > 0) {
			same = strcmp(a->label, b->label) == 0;
			axis_row = a->row + 1;
		}
		/* file sizes (column 0) and the record axis are not timings */
		if (same && a->op == 0x0003 && (a->col == 0 || a->row == axis_row))
			same = a->num == b->num;
		if (!same && bad++ < 5)
			fprintf(stderr, "record %zu: ours op=%x len=%u r=%u c=%u '%s' %g, "
				"IOzone's op=%x len=%u r=%u c=%u '%s' %g\n", i, a->op, a->len,
				a->row, a->col, a->label, a->num, b->op, b->len, b->row,
				b->col, b->label, b->num);
	}
	CU_ASSERT_EQUAL(bad, 0);
	free(ours.r);
	free(theirs.r);
	plan_release(&p);
	results_release(&rs);
	options_release(&o);
	remove_tmpdir();
}

static const struct cu_case cases[] = {
	CU_CASE(test_cells),
	CU_CASE(test_limits),
	CU_CASE(test_long_label),
	CU_CASE(test_fixture_structure),
	{ 0 }
};

CU_MAIN("xls", cases)
