/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_csvout.c: the CSV folder written from a hand-built result set, read
 * back with libcsv: columns, values, labels with commas, quotes and line
 * breaks, numbers left unquoted, gzip equal to the plain bytes, refusal to
 * clobber, no temporary files left.
 */
#include "compat.h"

#include <csv.h>
#include <dirent.h>
#include <ftw.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

#include "report/csvout.h"
#include "report/csvout_fields.h"
#include "cu.h"
#include "import/import.h"
#include "platform/platform.h"
#include "model/results.h"

/* ---- helpers: temp folders, whole files, a CSV table ---- */

/* remove() takes no folder on Windows: the platform's rmdir for those */
static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st; (void)ftw;
	return flag == FTW_DP ? plat_rmdir(path) : plat_remove(path);
}

static void make_tmpdir(char *buf, size_t len)
{
	const char *base = getenv("TMPDIR");
	snprintf(buf, len, "%s/iosweep-csvout.XXXXXX", base && *base ? base : "/tmp");
	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(buf));
}

static void remove_tree(const char *dir)
{
	nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Read a stream to its end into a NUL-terminated buffer; *len its size. */
static char *read_all(void *h, int (*rd)(void *h, char *buf, size_t n), size_t *len)
{
	size_t cap = 4096, n = 0;
	char *buf = malloc(cap + 1);
	int r;

	while (buf && (r = rd(h, buf + n, cap - n)) > 0) {
		n += (size_t)r;
		if (n == cap) {
			char *p = realloc(buf, 2 * cap + 1);
			if (!p)
				free(buf);
			buf = p;
			cap *= 2;
		}
	}
	if (buf)
		buf[n] = '\0';
	*len = n;
	return buf;
}

static int rd_gz(void *h, char *buf, size_t n)
{
	return gzread((gzFile)h, buf, (unsigned)n);
}

static int rd_file(void *h, char *buf, size_t n)
{
	return (int)fread(buf, 1, n, (FILE *)h);
}

/* Whole file (gunzipped when gz, else the raw bytes); NULL if missing. */
static char *slurp(const char *path, int gz, size_t *len)
{
	char *text;
	if (gz) {
		gzFile g = gzopen(path, "rb");
		if (!g)
			return NULL;
		text = read_all(g, rd_gz, len);
		gzclose(g);
	} else {
		FILE *fp = fopen(path, "rb");
		if (!fp)
			return NULL;
		text = read_all(fp, rd_file, len);
		fclose(fp);
	}
	return text;
}

#define MAX_ROWS 128
#define MAX_FIELDS 24

struct table {
	char *f[MAX_ROWS][MAX_FIELDS];
	size_t nf[MAX_ROWS];
	size_t nrows;
};

static void on_field(void *s, size_t len, void *data)
{
	struct table *t = data;
	if (t->nrows >= MAX_ROWS || t->nf[t->nrows] >= MAX_FIELDS)
		return;
	char *copy = malloc(len + 1);
	if (!copy)
		return;
	memcpy(copy, s, len);
	copy[len] = '\0';
	t->f[t->nrows][t->nf[t->nrows]++] = copy;
}

static void on_row(int c, void *data)
{
	struct table *t = data;
	(void)c;
	if (t->nrows < MAX_ROWS)
		t->nrows++;
}

/* Parse a CSV file (gunzipping .gz) strictly; 0 or -1. */
static int read_table(const char *path, struct table *t)
{
	struct csv_parser p;
	size_t len;
	char *text = slurp(path, 1, &len);
	int rc = -1;

	memset(t, 0, sizeof(*t));
	if (!text || csv_init(&p, CSV_STRICT | CSV_STRICT_FINI) != 0) {
		free(text);
		return -1;
	}
	if (csv_parse(&p, text, len, on_field, on_row, t) == len &&
	    csv_fini(&p, on_field, on_row, t) == 0)
		rc = 0;
	csv_free(&p);
	free(text);
	return rc;
}

static void free_table(struct table *t)
{
	for (size_t r = 0; r < MAX_ROWS; r++)
		for (size_t c = 0; c < t->nf[r]; c++)
			free(t->f[r][c]);
}

/* Column index of name in the header row, or -1. */
static int col_of(const struct table *t, const char *name)
{
	for (size_t c = 0; c < t->nf[0]; c++)
		if (strcmp(t->f[0][c], name) == 0)
			return (int)c;
	return -1;
}

static const char *cell_text(const struct table *t, size_t row, const char *name)
{
	int c = col_of(t, name);
	return c >= 0 && (size_t)c < t->nf[row] ? t->f[row][c] : NULL;
}

static double cell_num(const struct table *t, size_t row, const char *name)
{
	const char *s = cell_text(t, row, name);
	char *end;
	if (!s || !*s)
		return NAN;
	double v = strtod(s, &end);
	return *end ? NAN : v;
}

static char *path_in(const char *dir, const char *name)
{
	static char buf[4][1024];
	static int next;
	char *p = buf[next++ % 4];
	snprintf(p, sizeof(buf[0]), "%s/%s", dir, name);
	return p;
}

/* Does the folder (or its sheets/) hold a temporary outfile? */
static int has_temp_files(const char *dir)
{
	const char *dirs[2] = { dir, path_in(dir, "sheets") };
	int found = 0;
	for (int i = 0; i < 2; i++) {
		DIR *d = opendir(dirs[i]);
		struct dirent *e;
		if (!d)
			continue;
		while ((e = readdir(d)))
			if (strstr(e->d_name, ".tmp."))
				found = 1;
		closedir(d);
	}
	return found;
}

/* ---- the result set under test ---- */

static const char tricky_label[] = "Disk \"A\", 2024\nsecond line";

/*
 * Cells: 64/4, 64/8, 128/4 and a placeholder 128/8.  write: three trials a
 * cell at (1000, 2000, 3000) x (cell + 1) KB/s (exact: bytes = kbps * 1024
 * in one second)
 * plus a partial fourth on 64/4; random read: one trial at 64/4 of 40 us.
 * cached_pct: 0, 25, 50 for the write trials, 100 for the partial one,
 * unknown for random read.
 */
static void build_set(struct result_set *rs, const char *label)
{
	results_init(rs);
	CU_ASSERT_EQUAL_FATAL(results_set_str(&rs->meta.label, label), 0);
	results_set_str(&rs->meta.host, "box");
	results_set_str(&rs->meta.tool, "iosweep");
	results_set_str(&rs->meta.command_line, "iosweep -a -f \"/mnt/x y\"");
	results_set_str(&rs->meta.start_time, "2024-05-01T12:34:56+02:00");
	results_set_str(&rs->meta.data_pattern, "random");
	rs->meta.flags = RESULTS_F_DIRECT | RESULTS_F_FSYNC;
	rs->meta.timer_resolution_s = 1e-9;
	rs->meta.ram_kb = 262144;
	rs->trials = 3;
	CU_ASSERT_EQUAL(results_add_cell(rs, 64, 4, 0), 0);
	CU_ASSERT_EQUAL(results_add_cell(rs, 64, 8, 0), 1);
	CU_ASSERT_EQUAL(results_add_cell(rs, 128, 4, 0), 2);
	CU_ASSERT_EQUAL(results_add_cell(rs, 128, 8, 1), 3);
	for (unsigned cell = 0; cell < 3; cell++)
		for (unsigned trial = 0; trial < 3; trial++) {
			struct result_sample s = { .cell = cell, .col = RC_WRITE,
				.trial = (uint16_t)trial, .elapsed_ns = 1000000000u,
				.wall_ns = 1500000000u, .cpu_user_s = 0.25, .cpu_sys_s = 0.5,
				.cached_pct = 25.0 * trial, .flags = RESULTS_SF_CACHED };
			s.bytes = (uint64_t)(trial + 1) * 1000u * 1024u * (cell + 1);
			s.ops = s.bytes / (rs->cells[cell].record_kb * 1024);
			CU_ASSERT_EQUAL(results_add_sample(rs, &s), 0);
		}
	struct result_sample partial = { .cell = 0, .col = RC_WRITE, .trial = 3,
		.bytes = 1024, .ops = 1, .elapsed_ns = 1000, .cached_pct = 100.0,
		.flags = RESULTS_SF_PARTIAL | RESULTS_SF_CACHED };
	CU_ASSERT_EQUAL(results_add_sample(rs, &partial), 0);
	struct result_sample rr = { .cell = 0, .col = RC_RANDOM_READ, .trial = 0,
		.bytes = 65536, .ops = 16, .elapsed_ns = 40000, .wall_ns = 90000 };
	CU_ASSERT_EQUAL(results_add_sample(rs, &rr), 0);
	/* a sample on the placeholder never appears anywhere */
	struct result_sample ph = { .cell = 3, .col = RC_WRITE, .bytes = 1,
		.ops = 1, .elapsed_ns = 1 };
	CU_ASSERT_EQUAL(results_add_sample(rs, &ph), 0);
}

/* A result set written to a fresh folder; fixture_done removes both. */
struct fixture {
	char dir[512];
	struct result_set rs;
	char err[512];
};

static void fixture_write(struct fixture *fx, const char *label, double resolution_s)
{
	fx->err[0] = '\0';
	make_tmpdir(fx->dir, sizeof(fx->dir));
	build_set(&fx->rs, label);
	if (resolution_s > 0)
		fx->rs.meta.timer_resolution_s = resolution_s;
	CU_ASSERT_EQUAL_FATAL(csvout_write_dir(&fx->rs, fx->dir, 0, 0, fx->err,
					       sizeof(fx->err)), 0);
}

static void fixture_done(struct fixture *fx)
{
	results_release(&fx->rs);
	remove_tree(fx->dir);
}

/* The header row is exactly these names. */
static void check_header(const struct table *t, const char *const *names, size_t n)
{
	CU_ASSERT_EQUAL_FATAL(t->nf[0], n);
	for (size_t c = 0; c < n; c++)
		CU_ASSERT_STRING_EQUAL(t->f[0][c], names[c]);
}

/* ---- cases ---- */

static void test_field_quoting(void)
{
	static const struct {
		const char *in;
		int first;
		const char *out;
	} cases[] = {
		{ "plain", 1, "plain" },
		{ "random read", 0, ",random read" },
		{ "a,b", 1, "\"a,b\"" },
		{ "say \"hi\"", 1, "\"say \"\"hi\"\"\"" },
		{ "two\nlines", 1, "\"two\nlines\"" },
		{ "cr\r", 1, "\"cr\r\"" },
		{ " lead", 1, "\" lead\"" },
		{ "trail\t", 1, "\"trail\t\"" },
		{ "", 0, "," },
		{ NULL, 1, "" },
	};
	char buf[64];
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t n = csvout_field(buf, sizeof(buf), cases[i].in, cases[i].first);
		CU_ASSERT_EQUAL(n, strlen(cases[i].out));
		CU_ASSERT_STRING_EQUAL(buf, cases[i].out);
	}
	CU_ASSERT_EQUAL(csvout_field(buf, 5, "a,b", 1), 0);
}

static void test_results_csv(void)
{
	struct fixture fx;
	struct table t;

	fixture_write(&fx, tricky_label, 0);
	CU_ASSERT_FALSE(has_temp_files(fx.dir));
	CU_ASSERT_EQUAL_FATAL(read_table(path_in(fx.dir, "results.csv"), &t), 0);

	static const char *const header[] = { "schema", "label", "test", "file_kb",
		"record_kb", "trial", "bytes", "seconds", "kb_per_s", "ops", "cpu_user_s",
		"cpu_sys_s", "wall_s", "partial", "cached_pct", "client", "host", "writer",
		"iops", "rd_iops", "wr_iops", "cache_served" };
	check_header(&t, header, 22);
	/* 9 full + 1 partial write, 1 random read; the placeholder's is gone */
	CU_ASSERT_EQUAL_FATAL(t.nrows, 1 + 11);
	for (size_t r = 1; r < t.nrows; r++) {
		CU_ASSERT_EQUAL(t.nf[r], 22);
		/* a local disk and no link: cannot be said */
		CU_ASSERT_STRING_EQUAL(cell_text(&t, r, "cache_served"), "");
		CU_ASSERT_STRING_EQUAL(cell_text(&t, r, "label"), tricky_label);
		CU_ASSERT_STRING_EQUAL(cell_text(&t, r, "schema"), "5");
		/* one client: no client, host or writer */
		CU_ASSERT_STRING_EQUAL(cell_text(&t, r, "client"), "");
		CU_ASSERT_STRING_EQUAL(cell_text(&t, r, "writer"), "");
		/* schema 4: operations per second, all in the column's direction */
		double iops = cell_num(&t, r, "ops") / cell_num(&t, r, "seconds");
		int writes = strcmp(cell_text(&t, r, "test"), "write") == 0;
		CU_ASSERT(fabs(cell_num(&t, r, "iops") - iops) <= 0.0005 + 1e-9 * iops);
		CU_ASSERT(fabs(cell_num(&t, r, writes ? "wr_iops" : "rd_iops") - iops) <=
			  0.0005 + 1e-9 * iops);
		CU_ASSERT_STRING_EQUAL(cell_text(&t, r, writes ? "rd_iops" : "wr_iops"),
				       "0.000");
		double kbps = cell_num(&t, r, "kb_per_s");
		double want = cell_num(&t, r, "bytes") / 1024.0 / cell_num(&t, r, "seconds");
		CU_ASSERT(fabs(kbps - want) <= 0.0005 + 1e-9 * want);
	}
	/* ordered by test, cell, trial: rows 1..4 are write 64/4 trials 0..3 */
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "test"), "write");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "trial"), "0");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "seconds"), "1.000000000");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "kb_per_s"), "1000.000");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "wall_s"), "1.500000000");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "cpu_user_s"), "0.250000");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "ops"), "250");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 4, "trial"), "3");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 4, "partial"), "1");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 4, "seconds"), "0.000001000");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "cached_pct"), "0.0");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 3, "cached_pct"), "50.0");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 4, "cached_pct"), "100.0");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 11, "cached_pct"), "");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 5, "file_kb"), "64");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 5, "record_kb"), "8");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 11, "test"), "random read");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 11, "kb_per_s"), "1600000.000");
	free_table(&t);
	fixture_done(&fx);
}

static void test_summary_csv(void)
{
	struct fixture fx;
	struct table t;

	fixture_write(&fx, tricky_label, 0);
	CU_ASSERT_EQUAL_FATAL(read_table(path_in(fx.dir, "summary.csv"), &t), 0);
	static const char *const header[] = { "label", "test", "file_kb", "record_kb",
		"n", "mean", "median", "min", "max", "stddev", "cv", "ci95_low",
		"ci95_high", "short_timing", "cached_pct", "iops", "rd_iops", "wr_iops",
		"cache_served" };
	check_header(&t, header, 19);
	CU_ASSERT_EQUAL_FATAL(t.nrows, 1 + 4); /* write x 3 cells, random read x 1 */
	/* write 64/4: 1000, 2000, 3000 (the partial left out) */
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "label"), tricky_label);
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "n"), "3");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "mean"), "2000.000");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "median"), "2000.000");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "min"), "1000.000");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "max"), "3000.000");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "stddev"), "1000.000");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "cv"), "0.500000");
	/* 2000 -/+ t(0.975, 2) * 1000 / sqrt(3), t = 4.30265272974946 (scipy) */
	CU_ASSERT(fabs(cell_num(&t, 1, "ci95_low") - (2000 - 4302.65272974946 / sqrt(3))) < 0.001);
	CU_ASSERT(fabs(cell_num(&t, 1, "ci95_high") - (2000 + 4302.65272974946 / sqrt(3))) < 0.001);
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "short_timing"), "0");
	/* the full trials' mean share in the cache, the partial one left out */
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "cached_pct"), "25.0");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 4, "cached_pct"), "");
	/* 128/4, the third cell, triples the bytes: mean 6000 */
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 3, "file_kb"), "128");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 3, "mean"), "6000.000");
	/* random read: n = 1, the interval is the mean, 40 us is not short */
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 4, "test"), "random read");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 4, "n"), "1");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 4, "stddev"), "0.000");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 4, "ci95_low"), "1600000.000");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 4, "short_timing"), "0");
	/* 16 ops in 40 us: 400000 per second, all reads */
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 4, "iops"), "400000.000");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 4, "rd_iops"), "400000.000");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 4, "wr_iops"), "0.000");
	free_table(&t);
	fixture_done(&fx);

	/* a 1 us clock makes 40 us too short (threshold 1 ms) */
	fixture_write(&fx, "plain", 1e-6);
	CU_ASSERT_EQUAL_FATAL(read_table(path_in(fx.dir, "summary.csv"), &t), 0);
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 4, "short_timing"), "1");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "short_timing"), "0");
	free_table(&t);
	fixture_done(&fx);
}

static void test_sheets_and_meta(void)
{
	struct fixture fx;
	struct table t;

	fixture_write(&fx, tricky_label, 0);
	CU_ASSERT_EQUAL_FATAL(read_table(path_in(fx.dir, "sheets/write.csv"), &t), 0);
	CU_ASSERT_EQUAL_FATAL(t.nrows, 3);
	static const char *const want[3][3] = {
		{ "file_kb", "4", "8" },
		{ "64", "2000.000", "4000.000" },
		{ "128", "6000.000", "" },   /* 128/8 is the placeholder */
	};
	for (size_t r = 0; r < 3; r++) {
		CU_ASSERT_EQUAL(t.nf[r], 3);
		for (size_t c = 0; c < 3 && c < t.nf[r]; c++)
			CU_ASSERT_STRING_EQUAL(t.f[r][c], want[r][c]);
	}
	free_table(&t);
	CU_ASSERT_EQUAL_FATAL(read_table(path_in(fx.dir, "sheets/random_read.csv"), &t), 0);
	CU_ASSERT_EQUAL(t.nrows, 3);
	CU_ASSERT_STRING_EQUAL(t.f[1][1], "1600000.000");
	CU_ASSERT_STRING_EQUAL(t.f[1][2], "");
	free_table(&t);
	/* no sheet for a test that was not run */
	struct stat st;
	CU_ASSERT_NOT_EQUAL(stat(path_in(fx.dir, "sheets/read.csv"), &st), 0);

	CU_ASSERT_EQUAL_FATAL(read_table(path_in(fx.dir, "meta.csv"), &t), 0);
	static const struct { const char *key, *value; } kv[] = {
		{ "schema", "5" }, { "label", tricky_label }, { "host", "box" },
		{ "command_line", "iosweep -a -f \"/mnt/x y\"" },
		{ "start_time", "2024-05-01T12:34:56+02:00" }, { "ram_kb", "262144" },
		{ "flags", "direct,fsync" }, { "source_unit", "kb_per_s" },
		{ "trials", "3" }, { "data_pattern", "random" }, { "fs_type", "" },
	};
	CU_ASSERT_STRING_EQUAL(t.f[0][0], "key");
	for (size_t i = 0; i < sizeof(kv) / sizeof(kv[0]); i++) {
		int found = 0;
		for (size_t r = 1; r < t.nrows; r++)
			if (t.nf[r] == 2 && strcmp(t.f[r][0], kv[i].key) == 0) {
				found = 1;
				CU_ASSERT_STRING_EQUAL(t.f[r][1], kv[i].value);
			}
		CU_ASSERT(found);
	}
	free_table(&t);
	fixture_done(&fx);
}

/* Numbers are never quoted: with a plain label there is no quote at all. */
static void test_numbers_unquoted(void)
{
	static const char *const names[] = { "results.csv", "summary.csv",
					     "sheets/write.csv" };
	char dir[512], err[512] = "";
	struct result_set rs;

	make_tmpdir(dir, sizeof(dir));
	build_set(&rs, "plain label");
	CU_ASSERT_EQUAL_FATAL(csvout_write_dir(&rs, dir, 0, 0, err, sizeof(err)), 0);
	for (size_t i = 0; i < 3; i++) {
		size_t len = 0;
		char *text = slurp(path_in(dir, names[i]), 0, &len);
		CU_ASSERT_PTR_NOT_NULL_FATAL(text);
		CU_ASSERT_PTR_NULL(strchr(text, '"'));
		CU_ASSERT(len > 0 && text[len - 1] == '\n');
		free(text);
	}
	results_release(&rs);
	remove_tree(dir);
}

static void test_gzip_same_bytes(void)
{
	static const char *const names[] = { "results.csv", "summary.csv",
		"meta.csv", "sheets/write.csv", "sheets/random_read.csv" };
	char plain[512], gz[512], err[512] = "";
	struct result_set rs;

	make_tmpdir(plain, sizeof(plain));
	make_tmpdir(gz, sizeof(gz));
	build_set(&rs, tricky_label);
	CU_ASSERT_EQUAL_FATAL(csvout_write_dir(&rs, plain, 0, 0, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(csvout_write_dir(&rs, gz, 1, 0, err, sizeof(err)), 0);
	CU_ASSERT_FALSE(has_temp_files(gz));
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char gzname[256];
		size_t a_len = 0, b_len = 0, raw_len = 0;
		snprintf(gzname, sizeof(gzname), "%s.gz", names[i]);
		char *a = slurp(path_in(plain, names[i]), 0, &a_len);
		char *b = slurp(path_in(gz, gzname), 1, &b_len);
		char *raw = slurp(path_in(gz, gzname), 0, &raw_len);
		CU_ASSERT_PTR_NOT_NULL(a);
		CU_ASSERT_PTR_NOT_NULL(b);
		CU_ASSERT(a && b && a_len == b_len && memcmp(a, b, a_len) == 0);
		/* really gzip: the magic bytes, not the plain text */
		CU_ASSERT(raw && raw_len > 2 && (unsigned char)raw[0] == 0x1f &&
			  (unsigned char)raw[1] == 0x8b);
		free(a);
		free(b);
		free(raw);
	}
	struct stat st;
	CU_ASSERT_NOT_EQUAL(stat(path_in(gz, "results.csv"), &st), 0);
	results_release(&rs);
	remove_tree(plain);
	remove_tree(gz);
}

static void test_refuses_to_clobber(void)
{
	char dir[512], err[512] = "";
	struct result_set rs;
	size_t len1, len2;

	make_tmpdir(dir, sizeof(dir));
	build_set(&rs, "first");
	CU_ASSERT_EQUAL_FATAL(csvout_write_dir(&rs, dir, 0, 0, err, sizeof(err)), 0);
	char *before = slurp(path_in(dir, "summary.csv"), 0, &len1);
	results_set_str(&rs.meta.label, "second");
	err[0] = '\0';
	CU_ASSERT_EQUAL(csvout_write_dir(&rs, dir, 0, 0, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "results.csv' exists already"));
	char *after = slurp(path_in(dir, "summary.csv"), 0, &len2);
	CU_ASSERT(before && after && len1 == len2 && memcmp(before, after, len1) == 0);
	free(after);
	/* with overwrite the files are replaced */
	CU_ASSERT_EQUAL(csvout_write_dir(&rs, dir, 0, 1, err, sizeof(err)), 0);
	after = slurp(path_in(dir, "summary.csv"), 0, &len2);
	CU_ASSERT(after && strstr(after, "\nsecond,write,64,4,3,"));
	CU_ASSERT_FALSE(has_temp_files(dir));
	free(before);
	free(after);

	/* a folder that cannot be made: the error names it */
	FILE *fp = fopen(path_in(dir, "file"), "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	fclose(fp);
	CU_ASSERT_EQUAL(csvout_write_dir(&rs, path_in(dir, "file/sub"), 0, 0, err,
					 sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "file"));
	results_release(&rs);
	remove_tree(dir);
}

static void test_rate_only_samples(void)
{
	char dir[512], err[512] = "";
	struct result_set rs;
	struct table t;

	make_tmpdir(dir, sizeof(dir));
	results_init(&rs);
	results_set_str(&rs.meta.label, "imported");
	rs.meta.flags = RESULTS_F_IMPORTED;
	CU_ASSERT_EQUAL(results_add_cell(&rs, 1024, 64, 0), 0);
	struct result_sample s = { .cell = 0, .col = RC_READ, .rate_kbps = 35123.0,
				   .flags = RESULTS_SF_RATE_ONLY };
	CU_ASSERT_EQUAL(results_add_sample(&rs, &s), 0);
	CU_ASSERT_EQUAL_FATAL(csvout_write_dir(&rs, dir, 0, 0, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(read_table(path_in(dir, "results.csv"), &t), 0);
	CU_ASSERT_EQUAL_FATAL(t.nrows, 2);
	static const char *const empty[] = { "bytes", "seconds", "ops", "cpu_user_s",
					     "cpu_sys_s", "wall_s" };
	for (size_t i = 0; i < sizeof(empty) / sizeof(empty[0]); i++)
		CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, empty[i]), "");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "kb_per_s"), "35123.000");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "partial"), "0");
	free_table(&t);
	CU_ASSERT_EQUAL_FATAL(read_table(path_in(dir, "summary.csv"), &t), 0);
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "mean"), "35123.000");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "short_timing"), "0");
	free_table(&t);
	results_release(&rs);
	remove_tree(dir);
}

static void test_default_dir(void)
{
	static const struct {
		const char *label, *host, *start, *want;
	} cases[] = {
		{ "WD Raptor/N5200", "box", "2024-05-01T12:34:56+02:00",
		  "iosweep-results/WD_Raptor_N5200-20240501-123456" },
		{ NULL, "nas.local", "2023-12-31T23:59:59-05:00",
		  "iosweep-results/nas.local-20231231-235959" },
		{ "", NULL, "2023-01-02T03:04:05Z", "iosweep-results/iosweep-20230102-030405" },
		{ "../up", NULL, "2023-01-02T03:04:05Z", "iosweep-results/_._up-20230102-030405" },
		{ "a,b\"c", NULL, "2023-01-02T03:04:05Z", "iosweep-results/a_b_c-20230102-030405" },
	};
	char out[256];
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct result_meta m = { 0 };
		m.label = (char *)cases[i].label;
		m.host = (char *)cases[i].host;
		m.start_time = (char *)cases[i].start;
		CU_ASSERT_EQUAL(csvout_default_dir(&m, out, sizeof(out)), 0);
		CU_ASSERT_STRING_EQUAL(out, cases[i].want);
	}
	/* no start time: now, in the same shape */
	struct result_meta m = { 0 };
	m.label = (char *)"x";
	CU_ASSERT_EQUAL(csvout_default_dir(&m, out, sizeof(out)), 0);
	CU_ASSERT_EQUAL(strlen(out), strlen("iosweep-results/x-20240101-000000"));
	CU_ASSERT_EQUAL(csvout_default_dir(&m, out, 10), -1);
}

/*
 * The importer reads our folder back into the same samples, and writing
 * the imported set again gives the same bytes (the folder is lossless).
 */
static void test_import_round_trip(void)
{
	static const char *const names[] = { "results.csv", "summary.csv", "meta.csv",
		"sheets/write.csv", "sheets/random_read.csv" };
	char a[512], b[512], err[512] = "";
	struct result_set rs, back;

	make_tmpdir(a, sizeof(a));
	make_tmpdir(b, sizeof(b));
	build_set(&rs, tricky_label);
	rs.meta.ram_kb = 0; /* unknown stays unknown */
	rs.trials = 4;      /* the partial sample is trial 3 */
	CU_ASSERT_EQUAL_FATAL(csvout_write_dir(&rs, a, 0, 0, err, sizeof(err)), 0);
	results_init(&back);
	if (import_load(&back, a, 0, err, sizeof(err)) != 0)
		printf("import: %s\n", err);
	CU_ASSERT_EQUAL_FATAL(back.nsamples, rs.nsamples - 1); /* no placeholder sample */
	CU_ASSERT_STRING_EQUAL(back.meta.label, tricky_label);
	CU_ASSERT_EQUAL(back.meta.flags & (RESULTS_F_DIRECT | RESULTS_F_FSYNC),
			RESULTS_F_DIRECT | RESULTS_F_FSYNC);
	for (size_t i = 0; i < back.nsamples; i++) {
		const struct result_sample *s = &back.samples[i];
		long want = -1;
		for (size_t j = 0; j < rs.nsamples && want < 0; j++) {
			const struct result_sample *o = &rs.samples[j];
			if (o->col == s->col && o->trial == s->trial &&
			    rs.cells[o->cell].file_kb == back.cells[s->cell].file_kb &&
			    rs.cells[o->cell].record_kb == back.cells[s->cell].record_kb &&
			    !rs.cells[o->cell].placeholder)
				want = (long)j;
		}
		CU_ASSERT_FATAL(want >= 0);
		const struct result_sample *o = &rs.samples[want];
		CU_ASSERT_EQUAL(s->bytes, o->bytes);
		CU_ASSERT_EQUAL(s->ops, o->ops);
		CU_ASSERT_EQUAL(s->elapsed_ns, o->elapsed_ns);
		CU_ASSERT_EQUAL(s->wall_ns, o->wall_ns);
		CU_ASSERT_EQUAL(s->flags & RESULTS_SF_PARTIAL, o->flags & RESULTS_SF_PARTIAL);
	}
	CU_ASSERT_EQUAL_FATAL(csvout_write_dir(&back, b, 0, 0, err, sizeof(err)), 0);
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		size_t la = 0, lb = 0;
		char *x = slurp(path_in(a, names[i]), 0, &la);
		char *y = slurp(path_in(b, names[i]), 0, &lb);
		int same = x && y && la == lb && memcmp(x, y, la) == 0;
		CU_ASSERT(same);
		if (!same)
			printf("%s differs after import\n", names[i]);
		free(x);
		free(y);
	}
	results_release(&back);
	results_release(&rs);
	remove_tree(a);
	remove_tree(b);
}

/*
 * Many clients: two clients on two hosts, one cell, write and read.  The
 * figure (all bytes over the leader's barrier-to-barrier time) comes with
 * an "all" row and one row per client after it; clients.csv has the
 * aggregate, the sum, min, max and mean of the clients' own rates and the
 * barrier overhead; a figure flagged SYNC_SLOW marks summary's
 * short_timing; the importer reads the figures, the clients behind
 * them, and short_timing back from summary.csv (results.csv cannot say
 * that the barriers made it).
 */
static void test_many_clients(void)
{
	static const char *const hosts[] = { "n1", "n2" };
	char dir[512], err[512] = "";
	struct result_set rs, back;
	struct table t;

	make_tmpdir(dir, sizeof(dir));
	results_init(&rs);
	results_set_str(&rs.meta.label, "nas");
	rs.meta.timer_resolution_s = 1e-9;
	CU_ASSERT_EQUAL_FATAL(results_add_cell(&rs, 1024, 64, 0), 0);
	CU_ASSERT_EQUAL_FATAL(results_set_clients(&rs, hosts, 2), 0);
	CU_ASSERT_EQUAL(rs.nhosts, 2);
	CU_ASSERT_EQUAL(rs.ranks_per_host, 1);
	/* client k moves 1 MiB in (k + 1) * 0.5 s: 2048 and 1024 kB/s */
	for (int col = RC_WRITE; col <= RC_READ; col += RC_READ - RC_WRITE) {
		struct result_sample agg = { .cell = 0, .col = (uint16_t)col,
			.bytes = 2u << 20, .ops = 32, .elapsed_ns = 1250000000u,
			.sync_ns = 1250000000u };
		if (col == RC_READ)
			agg.flags = RESULTS_SF_SYNC_SLOW;
		CU_ASSERT_EQUAL(results_add_sample(&rs, &agg), 0);
		for (int k = 1; k >= 0; k--) {	/* out of order on purpose */
			struct result_sample c = { .cell = 0, .col = (uint16_t)col,
				.bytes = 1u << 20, .ops = 16,
				.elapsed_ns = (uint64_t)(k + 1) * 500000000u,
				.client = k, .writer = col == RC_READ ? 1 - k : k };
			CU_ASSERT_EQUAL(results_add_client_sample(&rs, &c), 0);
		}
	}
	CU_ASSERT_EQUAL_FATAL(csvout_write_dir(&rs, dir, 0, 0, err, sizeof(err)), 0);

	CU_ASSERT_EQUAL_FATAL(read_table(path_in(dir, "results.csv"), &t), 0);
	CU_ASSERT_EQUAL_FATAL(t.nrows, 1 + 6);
	static const char *const want[][4] = {	/* test, client, host, writer */
		{ "write", "all", "", "" }, { "write", "0", "n1", "0" },
		{ "write", "1", "n2", "1" }, { "read", "all", "", "" },
		{ "read", "0", "n1", "1" }, { "read", "1", "n2", "0" },
	};
	for (size_t r = 0; r < 6; r++) {
		CU_ASSERT_STRING_EQUAL(cell_text(&t, r + 1, "test"), want[r][0]);
		CU_ASSERT_STRING_EQUAL(cell_text(&t, r + 1, "client"), want[r][1]);
		CU_ASSERT_STRING_EQUAL(cell_text(&t, r + 1, "host"), want[r][2]);
		CU_ASSERT_STRING_EQUAL(cell_text(&t, r + 1, "writer"), want[r][3]);
	}
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "kb_per_s"), "1638.400");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 2, "kb_per_s"), "2048.000");
	free_table(&t);

	CU_ASSERT_EQUAL_FATAL(read_table(path_in(dir, "clients.csv"), &t), 0);
	CU_ASSERT_EQUAL_FATAL(t.nrows, 1 + 2);
	static const char *const figs[][2] = {
		{ "clients", "2" }, { "aggregate_kb_per_s", "1638.400" },
		{ "sum_kb_per_s", "3072.000" }, { "min_kb_per_s", "1024.000" },
		{ "max_kb_per_s", "2048.000" }, { "mean_kb_per_s", "1536.000" },
		{ "barrier_overhead", "0.200000" },
	};
	for (size_t i = 0; i < sizeof(figs) / sizeof(figs[0]); i++)
		CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, figs[i][0]), figs[i][1]);
	free_table(&t);

	CU_ASSERT_EQUAL_FATAL(read_table(path_in(dir, "summary.csv"), &t), 0);
	CU_ASSERT_EQUAL_FATAL(t.nrows, 1 + 2);
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "test"), "write");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "short_timing"), "0");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 2, "short_timing"), "1");
	free_table(&t);

	results_init(&back);
	CU_ASSERT_EQUAL_FATAL(import_load(&back, dir, 0, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(back.nsamples, 2);
	CU_ASSERT_EQUAL(back.samples[0].bytes, 2u << 20);
	CU_ASSERT_EQUAL(back.nclients, 2);	/* from meta.csv, for plot */
	CU_ASSERT_EQUAL(back.nhosts, 2);
	CU_ASSERT_EQUAL_FATAL(back.nclient_samples, 4);
	CU_ASSERT_PTR_NOT_NULL_FATAL(back.client_host);
	CU_ASSERT_STRING_EQUAL(back.client_host[1], "n2");
	const struct result_cell_sum *cs = results_cell_sum(&back, 0, RC_READ);
	CU_ASSERT_PTR_NOT_NULL_FATAL(cs);
	CU_ASSERT(cs->flags & RESULTS_CS_SHORT);
	cs = results_cell_sum(&back, 0, RC_WRITE);
	CU_ASSERT_PTR_NOT_NULL_FATAL(cs);
	CU_ASSERT_FALSE(cs->flags & RESULTS_CS_SHORT);
	/* written back: short_timing as it was, the clients' rows and clients.csv */
	char dir2[512];
	make_tmpdir(dir2, sizeof(dir2));
	CU_ASSERT_EQUAL_FATAL(csvout_write_dir(&back, dir2, 0, 1, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(read_table(path_in(dir2, "summary.csv"), &t), 0);
	CU_ASSERT_EQUAL_FATAL(t.nrows, 1 + 2);
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "short_timing"), "0");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 2, "short_timing"), "1");
	free_table(&t);
	CU_ASSERT_EQUAL_FATAL(read_table(path_in(dir2, "results.csv"), &t), 0);
	CU_ASSERT_EQUAL_FATAL(t.nrows, 1 + 6);
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 5, "host"), "n1");
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 5, "writer"), "1");
	free_table(&t);
	CU_ASSERT_EQUAL_FATAL(read_table(path_in(dir2, "clients.csv"), &t), 0);
	CU_ASSERT_STRING_EQUAL(cell_text(&t, 1, "barrier_overhead"), "0.200000");
	free_table(&t);
	remove_tree(dir2);
	results_release(&back);
	results_release(&rs);
	remove_tree(dir);
}

/*
 * cache_served: with a link in meta, 1 exactly where the figure is above
 * the link's rate, in both files; on a FUSE file system without a link,
 * against 10G Ethernet.
 */
static void test_cache_served(void)
{
	static const struct {
		const char *link, *fs_type;
		double cap;
	} cases[] = {
		{ "100mbit", "ext4", 12207.03125 * 1.05 },
		{ "2000kB", "ext4", 2000e3 / 1024 * 1.05 },
		{ NULL, "fuse.sshfs", 1220703.125 * 1.05 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct fixture fx;
		struct table t;
		size_t ones = 0, zeros = 0;

		fx.err[0] = '\0';
		make_tmpdir(fx.dir, sizeof(fx.dir));
		build_set(&fx.rs, "served");
		CU_ASSERT_EQUAL(results_set_str(&fx.rs.meta.fs_type, cases[i].fs_type), 0);
		if (cases[i].link)
			CU_ASSERT_EQUAL(results_set_str(&fx.rs.meta.link, cases[i].link), 0);
		CU_ASSERT_EQUAL_FATAL(csvout_write_dir(&fx.rs, fx.dir, 0, 0, fx.err,
						       sizeof(fx.err)), 0);
		for (int file = 0; file < 2; file++) {
			const char *name = file ? "summary.csv" : "results.csv";
			const char *figure = file ? "mean" : "kb_per_s";
			CU_ASSERT_EQUAL_FATAL(read_table(path_in(fx.dir, name), &t), 0);
			for (size_t r = 1; r < t.nrows; r++) {
				double kbps = cell_num(&t, r, figure);
				const char *want = kbps > cases[i].cap ? "1" : "0";
				CU_ASSERT_STRING_EQUAL(cell_text(&t, r, "cache_served"), want);
				ones += want[0] == '1';
				zeros += want[0] == '0';
			}
			free_table(&t);
		}
		/* the cases are chosen so both answers occur, except the last */
		if (i < 2)
			CU_ASSERT(ones > 0 && zeros > 0);
		fixture_done(&fx);
	}
}

static const struct cu_case cases[] = {
	CU_CASE(test_cache_served),
	CU_CASE(test_field_quoting),
	CU_CASE(test_results_csv),
	CU_CASE(test_many_clients),
	CU_CASE(test_summary_csv),
	CU_CASE(test_sheets_and_meta),
	CU_CASE(test_numbers_unquoted),
	CU_CASE(test_gzip_same_bytes),
	CU_CASE(test_refuses_to_clobber),
	CU_CASE(test_rate_only_samples),
	CU_CASE(test_default_dir),
	CU_CASE(test_import_round_trip),
	{ 0 }
};

CU_MAIN("csvout", cases)
