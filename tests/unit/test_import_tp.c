/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_import_tp.c: import of IOzone's throughput-mode (-t, -l/-u) output
 * (import_tp.c), its trials (import.c), throughput.csv (tpcsv.c) and the
 * comparison per test and process count (compare_tp.c).
 *
 * The central check reads every real IOzone 3.508 throughput report (the
 * shared fixtures and tests/data/iozone-tp, made with the same build) a
 * second way, with a small scanner here that knows only "the figure after
 * the last '=' of each line", and asserts that the imported records hold
 * exactly those figures, block by block and line by line.  The -b sheets
 * of the same runs must agree with their reports to the printed 2
 * decimals.  Bad input must fail with the file and line.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cu.h"
#include "testutil.h"

#include "analysis/compare_tp.h"
#include "import/import.h"
#include "iosweep.h"
#include "model/results.h"
#include "model/stats.h"
#include "run/throughput/throughput.h"
#include "report/tpcsv.h"

#define TPDATA "tests/data/iozone-tp/"

static char tmpdir[256];

static const char *fixtures(void)
{
	return tu_fixtures();
}

static const char *tmp_path(const char *name)
{
	return tu_tmp_path(tmpdir, "import-tp", name);
}

static void spill(const char *path, const char *text)
{
	FILE *fp = fopen(path, "wb");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	fputs(text, fp);
	fclose(fp);
}

/* ---- the second reading: every figure of every block, in order ------ */

struct expect {
	unsigned procs;
	double v[6];             /* children, parent, min, max, avg, min_xfer */
	int have[6];
	double cpu[3];
	int have_cpu;
	double cx[64], cr[64];
	unsigned nchild;
};

/* The number after the last '=' of line (up to its end or a ','). */
static double after_eq(const char *eq_from)
{
	const char *eq = strchr(eq_from, '=');
	CU_ASSERT_PTR_NOT_NULL_FATAL(eq);
	return strtod(eq + 1, NULL);
}

static size_t scan_report(const char *text, struct expect *ex, size_t max)
{
	size_t n = 0;
	const char *line = text;
	while (*line) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);
		char buf[512];
		snprintf(buf, sizeof(buf), "%.*s", (int)(len < 511 ? len : 511), line);
		const char *p;
		struct expect *e = n ? &ex[n - 1] : NULL;
		if ((p = strstr(buf, "Children see throughput for")) != NULL && n < max) {
			e = &ex[n++];
			memset(e, 0, sizeof(*e));
			e->procs = (unsigned)strtoul(p + 27, NULL, 10);
			e->v[0] = after_eq(buf);
			e->have[0] = 1;
		} else if (e && strstr(buf, "Parent sees throughput for")) {
			e->v[1] = after_eq(buf), e->have[1] = 1;
		} else if (e && strstr(buf, "Min throughput per")) {
			e->v[2] = after_eq(buf), e->have[2] = 1;
		} else if (e && strstr(buf, "Max throughput per")) {
			e->v[3] = after_eq(buf), e->have[3] = 1;
		} else if (e && strstr(buf, "Avg throughput per")) {
			e->v[4] = after_eq(buf), e->have[4] = 1;
		} else if (e && strstr(buf, "Min xfer")) {
			e->v[5] = after_eq(buf), e->have[5] = 1;
		} else if (e && (p = strstr(buf, "Wall time")) != NULL) {
			CU_ASSERT_EQUAL(sscanf(p, "Wall time %lf CPU time %lf CPU utilization %lf",
					       &e->cpu[0], &e->cpu[1], &e->cpu[2]), 3);
			e->have_cpu = 1;
		} else if (e && (p = strstr(buf, "xfer count =")) != NULL && e->nchild < 64) {
			e->cx[e->nchild] = after_eq(p);
			e->cr[e->nchild] = after_eq(strstr(p, "Throughput"));
			e->nchild++;
		}
		line = nl ? nl + 1 : line + len;
	}
	return n;
}

static double tp_field(const struct result_tp *t, int k)
{
	const double f[6] = { t->children, t->parent, t->min, t->max, t->avg, t->min_xfer };
	return f[k];
}

/* Import path; every block of its text must be a record with the same figures. */
static void check_report(const char *path)
{
	struct result_set rs;
	struct expect ex[64];
	char err[IOSWEEP_ERR_MAX];
	size_t len;
	char *text = tu_slurp(path, &len);

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	size_t n = scan_report(text, ex, 64);
	free(text);
	results_init(&rs);
	if (import_load(&rs, path, 0, err, sizeof(err))) {
		fprintf(stderr, "%s: %s\n", path, err);
		CU_FAIL("a real throughput report did not import");
		return;
	}
	CU_ASSERT(n > 0);
	CU_ASSERT_EQUAL(rs.ntp, n);
	CU_ASSERT_EQUAL(rs.nsamples, 0);
	for (size_t i = 0; i < n && i < rs.ntp; i++) {
		const struct result_tp *t = &rs.tp[i];
		CU_ASSERT_EQUAL(t->procs, ex[i].procs);
		CU_ASSERT_EQUAL(t->trial, 0);
		for (int k = 0; k < 6; k++) {
			if (ex[i].have[k]) {
				CU_ASSERT_EQUAL(tp_field(t, k), ex[i].v[k]);
			} else {
				CU_ASSERT(isnan(tp_field(t, k)));
			}
		}
		if (ex[i].have_cpu) {
			CU_ASSERT_EQUAL(t->cpu_wall_s, ex[i].cpu[0]);
			CU_ASSERT_EQUAL(t->cpu_s, ex[i].cpu[1]);
			CU_ASSERT_EQUAL(t->cpu_pct, ex[i].cpu[2]);
		} else {
			CU_ASSERT(isnan(t->cpu_pct));
		}
		CU_ASSERT_EQUAL(t->nchild, ex[i].nchild);
		for (unsigned c = 0; c < t->nchild && c < ex[i].nchild; c++) {
			CU_ASSERT_EQUAL(t->child_xfer[c], ex[i].cx[c]);
			CU_ASSERT_EQUAL(t->child_rate[c], ex[i].cr[c]);
		}
	}
	results_release(&rs);
}

static void test_reports_cell_for_cell(void)
{
	static const char *const shared[] = {
		"iozone/05_t2_s8m_r64k_i0_i1_F.txt", "iozone/14_t2_s8m_r64k_i0_i1_plus_u.txt",
		"iozone/17_t2_s4m_r64k_alltp.txt", "iozone/27_l1_u2_s4m_r64k_i0.txt",
		"iozone/bad17_t_without_F.txt",
	};
	static const char *const ours[] = {
		"t3_C_u_R_b.txt", "l1u3_R_b.txt", "t2_T_O_C.txt", "l2u4_u_C_R_b.txt", "t2_O_R_b.txt",
	};
	char path[512];
	for (size_t i = 0; i < sizeof(shared) / sizeof(shared[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", fixtures(), shared[i]);
		check_report(path);
	}
	for (size_t i = 0; i < sizeof(ours) / sizeof(ours[0]); i++) {
		snprintf(path, sizeof(path), TPDATA "%s", ours[i]);
		check_report(path);
	}
}

static void load_ok(struct result_set *rs, const char *path)
{
	char err[IOSWEEP_ERR_MAX];
	results_init(rs);
	if (import_load(rs, path, 0, err, sizeof(err))) {
		fprintf(stderr, "%s: %s\n", path, err);
		CU_FAIL("import failed");
	}
}

static const struct result_tp *find(const struct result_set *rs, int kind, unsigned procs,
				    unsigned trial)
{
	for (size_t i = 0; i < rs->ntp; i++)
		if (rs->tp[i].kind == kind && rs->tp[i].procs == procs && rs->tp[i].trial == trial)
			return &rs->tp[i];
	return NULL;
}

static void test_spot_checks_and_meta(void)
{
	struct result_set rs;
	char path[512];

	snprintf(path, sizeof(path), "%s/iozone/14_t2_s8m_r64k_i0_i1_plus_u.txt", fixtures());
	load_ok(&rs, path);
	const struct result_tp *t = find(&rs, TP_REREAD, 2, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	CU_ASSERT_DOUBLE_EQUAL(t->children, 4489139.31, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(t->parent, 658403.49, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(t->min_xfer, 576.00, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(t->cpu_pct, 99.01, 1e-9);
	CU_ASSERT_EQUAL(t->file_kb, 8192);
	CU_ASSERT_EQUAL(t->record_kb, 64);
	CU_ASSERT_EQUAL(rs.meta.source_unit, RESULTS_UNIT_KBPS);
	CU_ASSERT_STRING_EQUAL(rs.meta.tool, "iozone");
	CU_ASSERT_STRING_EQUAL(rs.meta.version, "3.508");
	CU_ASSERT(rs.meta.flags & RESULTS_F_CPU);
	CU_ASSERT_PTR_NULL(rs.meta.status);
	results_release(&rs);

	/* -l 1 -u 2 stopped by a child's error: the whole blocks, and a status */
	snprintf(path, sizeof(path), "%s/iozone/27_l1_u2_s4m_r64k_i0.txt", fixtures());
	load_ok(&rs, path);
	CU_ASSERT_EQUAL(rs.ntp, 3);
	CU_ASSERT_PTR_NOT_NULL(find(&rs, TP_WRITE, 2, 0));
	CU_ASSERT_PTR_NULL(find(&rs, TP_REWRITE, 2, 0));
	CU_ASSERT_PTR_NOT_NULL_FATAL(rs.meta.status);
	CU_ASSERT(strncmp(rs.meta.status, "incomplete", 10) == 0);
	results_release(&rs);

	/* -T -O: ops and threads */
	load_ok(&rs, TPDATA "t2_T_O_C.txt");
	CU_ASSERT_EQUAL(rs.meta.source_unit, RESULTS_UNIT_OPS);
	t = find(&rs, TP_RANDOM_WRITE, 2, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	CU_ASSERT_DOUBLE_EQUAL(t->min_xfer, 31.0, 1e-9);
	CU_ASSERT_EQUAL(t->nchild, 2);
	CU_ASSERT_EQUAL(t->record_kb, 16);
	results_release(&rs);
}

/*
 * The 3.2xx layout: spaces for tabs, "KB/sec", "Kbyte", no -C, and
 * stopped by a child's error after two whole blocks.
 */
static void test_old_layout(void)
{
	static const char old_text[] =
		"        Iozone: Performance Test of File I/O\n"
		"                Version $Revision: 3.217 $\n"
		"        Command line used: iozone -c -t1 -s 2048m -r 128k -i0 -i1\n"
		"        Output is in Kbytes/sec\n"
		"        Throughput test with 1 process\n"
		"        Each process writes a 2097152 Kbyte file in 128 Kbyte records\n"
		"                                                                                \n"
		"        Children see throughput for  1 initial writers  =  109333.84 KB/sec\n"
		"        Parent sees throughput for  1 initial writers   =  109326.48 KB/sec\n"
		"        Min throughput per process                      =  109333.84 KB/sec\n"
		"        Max throughput per process                      =  109333.84 KB/sec\n"
		"        Avg throughput per process                      =  109333.84 KB/sec\n"
		"        Min xfer                                        = 2097152.00 KB\n"
		"\n"
		"        Children see throughput for 1 re-readers        =  167226.50 KB/sec\n"
		"        Parent sees throughput for 1 re-readers         =  167222.79 KB/sec\n"
		"        Min throughput per process                      =  167226.50 KB/sec\n"
		"        Max throughput per process                      =  167226.50 KB/sec\n"
		"        Avg throughput per process                      =  167226.50 KB/sec\n"
		"        Min xfer                                        = 2097152.00 KB\n"
		"\n"
		"Child 0\n"
		"/mnt/f1: Input/output error\n";
	struct result_set rs;

	spill(tmp_path("old.txt"), old_text);
	check_report(tmp_path("old.txt"));
	load_ok(&rs, tmp_path("old.txt"));
	CU_ASSERT_EQUAL(rs.ntp, 2);
	const struct result_tp *t = find(&rs, TP_REREAD, 1, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	CU_ASSERT_EQUAL(t->file_kb, 2097152);
	CU_ASSERT_EQUAL(t->record_kb, 128);
	CU_ASSERT_DOUBLE_EQUAL(t->parent, 167222.79, 1e-6);
	CU_ASSERT_STRING_EQUAL(rs.meta.version, "3.217");
	CU_ASSERT(rs.meta.flags & RESULTS_F_CLOSE);
	CU_ASSERT_PTR_NOT_NULL(rs.meta.status);
	results_release(&rs);
}

/* The -b sheet of a run against the report of the same run. */
static void check_sheet(const char *xls, const char *txt, size_t want)
{
	struct result_set s, r;

	load_ok(&s, xls);
	load_ok(&r, txt);
	CU_ASSERT_EQUAL(s.ntp, want);
	CU_ASSERT_EQUAL(s.meta.source_unit, r.meta.source_unit);
	for (size_t i = 0; i < s.ntp; i++) {
		const struct result_tp *a = &s.tp[i];
		const struct result_tp *b = find(&r, a->kind, a->procs, 0);
		CU_ASSERT_PTR_NOT_NULL_FATAL(b);
		/* the sheet holds the double, the report prints it %10.2f */
		CU_ASSERT(fabs(a->children - b->children) <= 0.005 + 1e-9);
		CU_ASSERT(isnan(a->parent) && isnan(a->min_xfer));
		if (!isnan(b->cpu_pct))
			CU_ASSERT(fabs(a->cpu_pct - b->cpu_pct) <= 0.005 + 1e-9);
		CU_ASSERT_EQUAL(a->record_kb, b->record_kb);
	}
	results_release(&s);
	results_release(&r);
}

static void test_sheets_equal_reports(void)
{
	check_sheet(TPDATA "t3.xls", TPDATA "t3_C_u_R_b.txt", 4);
	check_sheet(TPDATA "l1u3.xls", TPDATA "l1u3_R_b.txt", 12);
	check_sheet(TPDATA "l2u4_u.xls", TPDATA "l2u4_u_C_R_b.txt", 6);
	check_sheet(TPDATA "t2_O.xls", TPDATA "t2_O_R_b.txt", 2);
}

/* The -R table without the blocks: the header's counts, Children see only. */
static void test_excel_section_alone(void)
{
	struct result_set rs, full;
	size_t len;
	char *text = tu_slurp(TPDATA "l1u3_R_b.txt", &len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	/* keep the header (up to the first blank line after it) and the table */
	char *first_block = strstr(text, "\tEach process writes");
	char *table = strstr(text, "\n\"Throughput report");
	CU_ASSERT_FATAL(first_block && table);
	size_t head = (size_t)(first_block - text);
	memmove(text + head, table + 1, strlen(table + 1) + 1);
	spill(tmp_path("ronly.txt"), text);
	free(text);
	load_ok(&rs, tmp_path("ronly.txt"));
	load_ok(&full, TPDATA "l1u3_R_b.txt");
	CU_ASSERT_EQUAL(rs.ntp, 12);
	for (size_t i = 0; i < rs.ntp; i++) {
		const struct result_tp *b = find(&full, rs.tp[i].kind, rs.tp[i].procs, 0);
		CU_ASSERT_PTR_NOT_NULL_FATAL(b);
		CU_ASSERT_EQUAL(rs.tp[i].children, b->children);
		CU_ASSERT(isnan(rs.tp[i].parent));
	}
	results_release(&rs);
	results_release(&full);

	/* no header counts: getopt's attached "-l1 -u3" on the command line */
	spill(tmp_path("ronly2.txt"),
	      "\tCommand line used: iozone -l1 -u3 -s 1m -i 0 -R\n\n"
	      "\"Throughput report Y-axis is type of test X-axis is number of processes\"\n"
	      "\"Record size = 64 kBytes \"\n\"Output is in kBytes/sec\"\n\n"
	      "\"  Initial write \"  10.50   20.25   30.00 \n\n"
	      "iozone test complete.\n");
	load_ok(&rs, tmp_path("ronly2.txt"));
	CU_ASSERT_EQUAL(rs.ntp, 3);
	const struct result_tp *t = find(&rs, TP_WRITE, 2, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	CU_ASSERT_EQUAL(t->children, 20.25);
	CU_ASSERT_EQUAL(t->record_kb, 64);
	CU_ASSERT_PTR_NOT_NULL(find(&rs, TP_WRITE, 3, 0));
	results_release(&rs);
}

static void test_trials_and_csv_round_trip(void)
{
	struct result_set rs, back;
	char err[IOSWEEP_ERR_MAX];
	char *const two[] = { TPDATA "l2u4_u_C_R_b.txt", TPDATA "l2u4_u_C_R_b.txt" };

	results_init(&rs);
	CU_ASSERT_EQUAL_FATAL(import_load_many(&rs, two, 2, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(rs.ntp, 12);
	CU_ASSERT_EQUAL(rs.trials, 2);
	CU_ASSERT_PTR_NOT_NULL(find(&rs, TP_REWRITE, 4, 1));
	CU_ASSERT_EQUAL(tpcsv_write(&rs, tmpdir[0] ? tmpdir : tmp_path(""), 0, 1, err,
				    sizeof(err)), 0);
	results_init(&back);
	if (import_load(&back, tmp_path(TPCSV_NAME), 0, err, sizeof(err)))
		fprintf(stderr, "%s\n", err);
	CU_ASSERT_EQUAL_FATAL(back.ntp, rs.ntp);
	for (size_t i = 0; i < rs.ntp; i++) {
		const struct result_tp *a = &rs.tp[i];
		const struct result_tp *b = find(&back, a->kind, a->procs, a->trial);
		CU_ASSERT_PTR_NOT_NULL_FATAL(b);
		for (int k = 0; k < 6; k++)
			CU_ASSERT_EQUAL(tp_field(a, k), tp_field(b, k));
		CU_ASSERT_EQUAL(a->cpu_pct, b->cpu_pct);
		CU_ASSERT_EQUAL(b->nchild, a->nchild);
		for (unsigned c = 0; c < a->nchild && c < b->nchild; c++) {
			CU_ASSERT_EQUAL(a->child_xfer[c], b->child_xfer[c]);
			CU_ASSERT_EQUAL(a->child_rate[c], b->child_rate[c]);
		}
	}
	/* a folder holding it imports the same way */
	results_release(&back);
	results_init(&back);
	CU_ASSERT_EQUAL(import_load(&back, tmpdir, 0, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(back.ntp, rs.ntp);
	results_release(&back);
	unlink(tmp_path(TPCSV_NAME));
	results_release(&rs);
}

static void test_mixing_refused(void)
{
	struct result_set rs;
	char err[IOSWEEP_ERR_MAX], path[512];
	char *two[2];

	snprintf(path, sizeof(path), "%s/iozone/04_s16m_r64k_i0_i1_i2.txt", fixtures());
	two[0] = path;
	two[1] = TPDATA "t3_C_u_R_b.txt";
	results_init(&rs);
	CU_ASSERT_EQUAL(import_load_many(&rs, two, 2, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "cannot be trials of one set"));
	CU_ASSERT_EQUAL(rs.ntp + rs.nsamples, 0);
	two[0] = TPDATA "t3_C_u_R_b.txt";
	two[1] = TPDATA "t2_O_R_b.txt";
	CU_ASSERT_EQUAL(import_load_many(&rs, two, 2, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "different units"));
	CU_ASSERT_EQUAL(rs.ntp, 0);
	results_release(&rs);
}

#define HEAD "\tIozone: Performance Test of File I/O\n" \
	"\tCommand line used: iozone -t 2 -s 4m -r 64k -i 0\n" \
	"\tThroughput test with 2 processes\n\n"
#define BLOCK "\tChildren see throughput for  2 initial writers \t=  100.00 kB/sec\n" \
	"\tParent sees throughput for  2 initial writers \t=   50.00 kB/sec\n" \
	"\tMin throughput per process \t\t\t=   40.00 kB/sec \n" \
	"\tMax throughput per process \t\t\t=   60.00 kB/sec\n" \
	"\tAvg throughput per process \t\t\t=   50.00 kB/sec\n" \
	"\tMin xfer \t\t\t\t\t=  4096.00 kB\n"
#define END "\niozone test complete.\n"

static void test_errors(void)
{
	static const char *const bad[][2] = {
		{ HEAD BLOCK, ":10: the report ends before 'iozone test complete.'" },
		{ HEAD "\tChildren see throughput for  2 initial writers \t=  100.00 kB/sec\n" END,
		  ":5: the block of 2 initial writers ends before its Min xfer line" },
		{ HEAD "\tChildren see throughput for 2 initial writers = 1x kB/sec\n" END,
		  ":5: Children see line without a figure" },
		{ HEAD "\tChildren see throughput for two initial writers = 1.00 kB/sec\n" END,
		  ":5: Children see line without a process count" },
		{ HEAD "\tChildren see throughput for 2 jugglers = 1.00 kB/sec\n" END,
		  ":5: Children see line of an unknown test 'jugglers" },
		{ HEAD "\tChildren see throughput for  2 initial writers = 100.00 kB/sec\n"
		  "\tParent sees throughput for  3 initial writers = 50.00 kB/sec\n" END,
		  ":6: Parent sees for 3 initial writers after Children see for 2" },
		{ HEAD BLOCK "\tMin throughput per process = 1.00 kB/sec\n" END,
		  ":11: a Min throughput line out of place" },
		{ HEAD BLOCK "\tChild[1] xfer count = 1.00 kB, Throughput = 1.00 kB/sec\n" END,
		  ":11: Child[1] where Child[0] of 2 was due" },
		{ HEAD BLOCK "\tChild[0] xfer count = 1.00 kB, Throughput = 1.00 kB/sec, wall\n" END,
		  ":11: Child line with something after its throughput" },
		{ HEAD BLOCK "\tCPU utilization: Wall time 1.0 CPU time\n" END,
		  ":11: CPU utilization line without" },
		{ HEAD BLOCK BLOCK END, ":11: a second block of 2 initial writers" },
		{ HEAD BLOCK "\tChild[0] xfer count = 1.00 kB, Throughput = 1.00 kB/sec\n" END,
		  ":5: the block of 2 initial writers has 1 Child lines for 2 processes" },
		{ HEAD "\tChildren see throughput for  2 readers = 100.00 ops/sec\n"
		  "\tParent sees throughput for  2 readers = 50.00 kB/sec\n" END,
		  ":6: figures in kB, but line 5 had them in ops" },
		{ HEAD BLOCK "\n\"Throughput report Y-axis is type of test X-axis is number of processes\"\n"
		  "\"Output is in kBytes/sec\"\n\n\"  Initial write \"  100.00   200.00 \n" END,
		  ":15: Initial write row with 2 figures for 1 process counts" },
		{ HEAD BLOCK "\n\"Throughput report Y-axis is type of test X-axis is number of processes\"\n"
		  "\"  Initial write \"  101.00 \n" END,
		  ":13: 101.00 for 2 initial writers differs from the report's Children see 100.00" },
		{ "\t\"Throughput report Y-axis is type of test X-axis is number of processes\"\n"
		  "\"  Initial write \"  101.00 \n" END,
		  ":2: a throughput table without its process counts" },
		{ HEAD BLOCK "\n\"Throughput report Y-axis is type of test X-axis is number of processes\"\n"
		  "\"  Juggling \"  1.00 \n" END,
		  ":13: a throughput table row of an unknown test 'Juggling" },
		{ HEAD END, ":6: no throughput figures in it" },
	};
	char err[IOSWEEP_ERR_MAX];
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct result_set rs;
		const char *p = tmp_path("bad.txt");
		spill(p, bad[i][0]);
		results_init(&rs);
		CU_ASSERT_EQUAL(import_load(&rs, p, 0, err, sizeof(err)), -1);
		if (!strstr(err, bad[i][1]) || strncmp(err, p, strlen(p)) != 0) {
			fprintf(stderr, "case %zu: got '%s', want '%s'\n", i, err, bad[i][1]);
			CU_FAIL("wrong error for a bad throughput report");
		}
		CU_ASSERT_EQUAL(rs.ntp, 0);
		results_release(&rs);
	}
}

static void test_csv_errors(void)
{
	static const char hdr[] = "schema,label,test,processes,trial,child,file_kb,record_kb,"
		"unit,children_see,parent_sees,min,max,avg,min_xfer,xfer,rate,cpu_wall_s,cpu_s,"
		"cpu_pct\n";
	static const char *const bad[][2] = {
		{ "1,x,readers,2,0,,64,4,kB,,,,,,,,,,,\n", ":2: 'children_see' is empty" },
		{ "1,x,readers,0,0,,64,4,kB,1,,,,,,,,,,\n", ":2: 'processes' is 0" },
		{ "1,x,jugglers,2,0,,64,4,kB,1,,,,,,,,,,\n", ":2: unknown test 'jugglers'" },
		{ "1,x,readers,2,0,,64,4,MB,1,,,,,,,,,,\n", ":2: unit 'MB' is neither kB nor ops" },
		{ "9,x,readers,2,0,,64,4,kB,1,,,,,,,,,,\n", ":2: schema 9 is newer" },
		{ "1,x,readers,2,0,,64,4,kB,-1,,,,,,,,,,\n", ":2: 'children_see' is not a non-negative" },
		{ "1,x,readers,2,0,0,64,4,kB,,,,,,,1,1,,,\n", ":2: a child row that does not follow" },
		{ "1,x,readers,2,0,,64,4,kB,1,,,,,,,,,,\n1,x,readers,2,0,1,64,4,kB,,,,,,,1,1,,,\n",
		  ":3: child 1 where child 0 of 2 was due" },
		{ "1,x,readers,2,0,,64,4,kB,1,,,,,,,,,,\n1,x,readers,2,0,,64,4,kB,1,,,,,,,,,,\n",
		  ":3: a second row of 2 readers, trial 0" },
		{ "1,x,readers,2\n", ":2: 4 fields where 20 are due" },
		{ "1,\"x,readers\n", "malformed CSV" },
		{ "", "a throughput.csv without rows" },
	};
	char err[IOSWEEP_ERR_MAX], text[1024];
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct result_set rs;
		const char *p = tmp_path("throughput.csv");
		snprintf(text, sizeof(text), "%s%s", hdr, bad[i][0]);
		spill(p, text);
		results_init(&rs);
		CU_ASSERT_EQUAL(import_load(&rs, p, 0, err, sizeof(err)), -1);
		if (!strstr(err, bad[i][1])) {
			fprintf(stderr, "csv case %zu: got '%s', want '%s'\n", i, err, bad[i][1]);
			CU_FAIL("wrong error for a bad throughput.csv");
		}
		CU_ASSERT_EQUAL(rs.ntp, 0);
		results_release(&rs);
	}
	unlink(tmp_path("throughput.csv"));
}

/* Truncated and damaged sheets: refused with the record's byte offset. */
static void test_xls_errors(void)
{
	size_t len;
	char *buf = tu_slurp(TPDATA "t3.xls", &len);
	char err[IOSWEEP_ERR_MAX];
	struct result_set rs;

	CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
	const char *p = tmp_path("cut.xls");
	FILE *fp = fopen(p, "wb");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	CU_ASSERT_EQUAL(fwrite(buf, 1, len - 3, fp), len - 3);
	fclose(fp);
	results_init(&rs);
	CU_ASSERT_EQUAL(import_load(&rs, p, 0, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "truncated"));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "record at byte"));
	CU_ASSERT_EQUAL(rs.ntp, 0);
	results_release(&rs);
	free(buf);
}

static void test_compare(void)
{
	struct result_set a, b;
	struct compare_tp_result r;
	char err[IOSWEEP_ERR_MAX];
	char *const two[] = { TPDATA "l1u3_R_b.txt", TPDATA "l1u3.xls" };

	results_init(&a);
	CU_ASSERT_EQUAL_FATAL(import_load_many(&a, two, 1, err, sizeof(err)), 0);
	load_ok(&b, TPDATA "l1u3.xls");
	CU_ASSERT_EQUAL_FATAL(compare_tp_sets(&a, &b, 0.05, STATS_ADJUST_BH, &r, err, sizeof(err)), 0);
	/* 4 tests x 3 counts, Children see only (the sheet has no Parent sees) */
	CU_ASSERT_EQUAL(r.nrows, 12);
	for (size_t i = 0; i < r.nrows; i++) {
		CU_ASSERT_EQUAL(r.rows[i].figure, COMPARE_TP_CHILDREN);
		CU_ASSERT(fabs(r.rows[i].r.ratio - 1.0) < 1e-7);
		CU_ASSERT_EQUAL(r.rows[i].r.significant, -1);
	}
	CU_ASSERT(fabs(r.geomean[TP_READ] - 1.0) < 1e-7);
	CU_ASSERT_EQUAL(r.ngeo[TP_READ], 3);
	compare_tp_release(&r);
	/* two trials a side: Welch's p exists */
	char *const tw[] = { TPDATA "l1u3_R_b.txt", TPDATA "l1u3_R_b.txt" };
	results_release(&a);
	results_init(&a);
	CU_ASSERT_EQUAL_FATAL(import_load_many(&a, tw, 2, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(compare_tp_sets(&a, &a, 0.05, STATS_ADJUST_BH, &r, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(r.nrows, 24);
	CU_ASSERT_EQUAL(r.rows[1].figure, COMPARE_TP_PARENT);
	CU_ASSERT_EQUAL(r.rows[0].r.n_a, 2);
	compare_tp_release(&r);
	results_release(&a);
	results_release(&b);
}

static void test_cleanup(void)
{
	tu_tmp_cleanup(tmpdir);
}

static const struct cu_case cases[] = {
	CU_CASE(test_reports_cell_for_cell),
	CU_CASE(test_spot_checks_and_meta),
	CU_CASE(test_old_layout),
	CU_CASE(test_sheets_equal_reports),
	CU_CASE(test_excel_section_alone),
	CU_CASE(test_trials_and_csv_round_trip),
	CU_CASE(test_mixing_refused),
	CU_CASE(test_errors),
	CU_CASE(test_csv_errors),
	CU_CASE(test_xls_errors),
	CU_CASE(test_compare),
	CU_CASE(test_cleanup),
	{ 0 },
};

CU_MAIN("import_tp", cases)
