/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_throughput.c: throughput mode's figures, report lines and engine.
 *
 * The summary of known child figures (cases as a table: stonewalled
 * children, a child that moved nothing, ops mode, CPU), the exact report
 * lines IOzone's parsers split (tabs, "%2u" against "%u", the note line),
 * the -R table and the -b records, and a real run of 1 and 3 children
 * (processes and threads) in a temporary directory: every child's sample
 * is recorded and the files are gone afterwards.
 */
#include "compat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cu.h"
#include "iosweep.h"
#include "options/options.h"
#include "report/report_tp.h"
#include "model/results.h"
#include "run/throughput/throughput.h"
#include "report/xls.h"

#define MAX_ARGS 32

static int parse_line(struct options *o, const char *line)
{
	static char buf[1024];
	char *argv[MAX_ARGS + 1], err[IOSWEEP_ERR_MAX];
	int argc = 0;

	snprintf(buf, sizeof(buf), "iosweep %s", line);
	for (char *p = strtok(buf, " "); p && argc < MAX_ARGS; p = strtok(NULL, " "))
		argv[argc++] = p;
	argv[argc] = NULL;
	if (options_parse(o, argc, argv, err, sizeof(err)) != 0) {
		printf("\n  parse '%s': %s\n", line, err);
		return -1;
	}
	return 0;
}

static int near(double a, double b)
{
	return fabs(a - b) <= 1e-6 * (fabs(b) + 1.0);
}

/* ---- throughput_summarize ------------------------------------------- */

struct sum_case {
	const char *what;
	unsigned n;
	struct tp_child child[3];
	uint64_t parent_ns;
	int ops;
	struct tp_summary want;
};

#define MB (1024u * 1024u)
#define SEC 1000000000ull

static const struct sum_case sum_cases[] = {
	{ "one child, 1 MiB in 1 s", 1,
	  { { MB, 16, SEC, SEC, 0.25, 0.25, 0, -1.0 } }, 2 * SEC, 0,
	  { 1024.0, 512.0, 1024.0, 1024.0, 1024.0, 1024.0, 1, 1.0, 0.5, 50.0 } },
	{ "two children, the second stonewalled at half", 2,
	  { { 4 * MB, 64, 2 * SEC, 2 * SEC, 1.0, 0.0, 0, -1.0 },
	    { 2 * MB, 32, SEC, SEC, 0.5, 0.5, 1, -1.0 } }, 4 * SEC, 0,
	  { 4096.0, 1536.0, 2048.0, 2048.0, 2048.0, 2048.0, 2, 2.0, 2.0, 100.0 } },
	{ "a child that moved nothing is left out of min/max/avg", 3,
	  { { 3 * MB, 3, SEC, SEC, 0.0, 0.0, 0, -1.0 },
	    { 0, 0, 1000, 1000, 0.0, 0.0, 1, -1.0 },
	    { MB, 1, SEC, SEC, 0.0, 0.0, 1, -1.0 } }, 2 * SEC, 0,
	  { 4096.0, 2048.0, 1024.0, 3072.0, 2048.0, 0.0, 2, 1.0, 0.0, 0.0 } },
	{ "ops mode: operations, not kB", 2,
	  { { MB, 100, SEC, SEC, 0.0, 0.0, 0, -1.0 },
	    { MB, 50, SEC / 2, SEC / 2, 0.0, 0.0, 0, -1.0 } }, SEC, 1,
	  { 200.0, 150.0, 100.0, 100.0, 100.0, 50.0, 2, 1.0, 0.0, 0.0 } },
	{ "CPU over wall: wall is raised to CPU (IOzone)", 1,
	  { { MB, 1, SEC, SEC, 1.5, 0.5, 0, -1.0 } }, SEC, 0,
	  { 1024.0, 1024.0, 1024.0, 1024.0, 1024.0, 1024.0, 1, 2.0, 2.0, 100.0 } },
};

static void test_summarize(void)
{
	for (size_t i = 0; i < sizeof(sum_cases) / sizeof(sum_cases[0]); i++) {
		const struct sum_case *c = &sum_cases[i];
		struct tp_child kids[3];
		struct tp_result r = { TP_WRITE, c->n, 4096, 64, c->parent_ns, kids };
		struct tp_summary s;
		int ok;

		memcpy(kids, c->child, sizeof(kids));
		throughput_summarize(&r, c->ops, &s);
		ok = near(s.children_see, c->want.children_see) &&
		     near(s.parent_sees, c->want.parent_sees) &&
		     near(s.min, c->want.min) && near(s.max, c->want.max) &&
		     near(s.avg, c->want.avg) && near(s.min_xfer, c->want.min_xfer) &&
		     s.nmoved == c->want.nmoved && near(s.wall_s, c->want.wall_s) &&
		     near(s.cpu_s, c->want.cpu_s) && near(s.cpu_pct, c->want.cpu_pct);
		CU_ASSERT(ok);
		if (!ok)
			printf("\n  %s: see %.2f parent %.2f min %.2f max %.2f avg %.2f "
			       "xfer %.2f moved %u wall %.3f cpu %.3f %.2f%%\n", c->what,
			       s.children_see, s.parent_sees, s.min, s.max, s.avg,
			       s.min_xfer, s.nmoved, s.wall_s, s.cpu_s, s.cpu_pct);
	}
}

/* ---- the report lines ------------------------------------------------- */

static char *capture_test(const char *line, int kind, struct tp_child *kids,
			  unsigned n)
{
	struct tp_result r = { kind, n, 4096, 64, 2 * SEC, kids };
	struct options o;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f || parse_line(&o, line) != 0)
		return NULL;
	if (!strstr(line, "-T"))
		o.threads = 0;   /* the wording under test is the processes' (Windows: threads) */
	report_tp_test(f, &o, &r);
	fclose(f);
	options_release(&o);
	return buf;
}

static void test_report_lines(void)
{
	struct tp_child two[2] = {
		{ 4 * MB, 64, SEC, SEC, 0.5, 0.25, 0, -1.0 },
		{ 0, 0, 100, 100, 0.0, 0.0, 1, -1.0 },
	};
	char *got = capture_test("-t 2 -+u -s 4m -r 64k", TP_WRITE, two, 2);

	CU_ASSERT_PTR_NOT_NULL_FATAL(got);
	CU_ASSERT_STRING_EQUAL(got,
		"\n"
		"\tChildren see throughput for  2 initial writers \t=    4096.00 kB/sec\n"
		"\tParent sees throughput for  2 initial writers \t=    2048.00 kB/sec\n"
		"\tMin throughput per process \t\t\t=    4096.00 kB/sec \n"
		"\tMax throughput per process \t\t\t=    4096.00 kB/sec\n"
		"\tAvg throughput per process \t\t\t=    4096.00 kB/sec\n"
		"\tMin xfer \t\t\t\t\t=       0.00 kB\n"
		"\tChildren that moved no data \t\t\t=          1 of 2 (stopped before "
		"their first record; min, max and avg are over the others)\n"
		"\tCPU Utilization: Wall time    1.000    CPU time    0.750    CPU "
		"utilization  75.00 %\n\n");
	free(got);

	/* re-readers: "%u", one tab; threads; -C lines; lower-case CPU label */
	got = capture_test("-t 2 -T -C -s 4m -r 64k", TP_REREAD, two, 2);
	CU_ASSERT_PTR_NOT_NULL_FATAL(got);
	CU_ASSERT_PTR_NOT_NULL(strstr(got, "\tChildren see throughput for 2 re-readers \t= "));
	CU_ASSERT_PTR_NOT_NULL(strstr(got, "\tMin throughput per thread \t\t\t= "));
	CU_ASSERT_PTR_NOT_NULL(strstr(got, "\tChild[0] xfer count =    4096.00 kB, "
				      "Throughput =    4096.00 kB/sec\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(got, "\tChild[1] xfer count =       0.00 kB, "
				      "Throughput =       0.00 kB/sec\n"));
	free(got);

	/* readers: two tabs on both lines; fwriters: one, then two */
	got = capture_test("-t 1 -s 4m -r 64k", TP_READ, two, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(got, "for  1 readers \t\t= "));
	CU_ASSERT_PTR_NOT_NULL(strstr(got, "sees throughput for  1 readers \t\t= "));
	CU_ASSERT_PTR_NULL(strstr(got, "moved no data"));
	free(got);
	got = capture_test("-t 1 -s 4m -r 64k", TP_FWRITE, two, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(got, "Children see throughput for  1 fwriters \t= "));
	CU_ASSERT_PTR_NOT_NULL(strstr(got, "Parent sees throughput for  1 fwriters \t\t= "));
	free(got);
}

static void test_header(void)
{
	static const struct { const char *line, *want; } cases[] = {
		{ "-t 2 -s 1m", "\tThroughput test with 2 processes\n" },
		{ "-t 1 -s 1m", "\tThroughput test with 1 process\n" },
		{ "-t 1 -t 4 -s 1m", "\tThroughput test with 4 processes\n" },
		{ "-t 3 -T -s 1m", "\tThroughput test with 3 threads\n" },
		{ "-l 1 -u 2 -s 1m", "\tMin process = 1 \n\tMax process = 2 \n"
		  "\tThroughput test with 1 process\n" },
		{ "-u 3 -T -s 1m", "\tMin thread = 1 \n\tMax thread = 3 \n"
		  "\tThroughput test with 1 thread\n" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct options o;
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);

		CU_ASSERT_EQUAL_FATAL(parse_line(&o, cases[i].line), 0);
		if (!strstr(cases[i].line, "-T"))
			o.threads = 0;   /* the wording under test is the processes' (Windows: threads) */
		report_tp_header(f, &o);
		report_tp_count(f, &o, 512);
		fclose(f);
		CU_ASSERT_PTR_NOT_NULL(strstr(buf, cases[i].want));
		CU_ASSERT_PTR_NOT_NULL(strstr(buf, o.threads ?
			"\tEach thread writes a 512 kByte file in 4 kByte records\n" :
			"\tEach process writes a 512 kByte file in 4 kByte records\n"));
		free(buf);
		options_release(&o);
	}
}

/* ---- -R and -b ------------------------------------------------------------- */

static void fake_run(struct tp_run *run, struct tp_child *kids)
{
	static const int kinds[] = { TP_WRITE, TP_REWRITE };
	size_t k = 0;

	run->results = calloc(4, sizeof(*run->results));
	run->nresults = run->alloc = 4;
	for (unsigned n = 1; n <= 2; n++)
		for (size_t t = 0; t < 2; t++, k++) {
			struct tp_result *r = &run->results[k];
			r->kind = kinds[t];
			r->nchildren = n;
			r->file_kb = 1024;
			r->record_kb = 64;
			r->parent_ns = SEC;
			r->child = calloc(n, sizeof(*r->child));
			for (unsigned c = 0; c < n; c++)
				r->child[c] = kids[k];
		}
}

static void test_excel(void)
{
	struct tp_child kids[4] = {
		{ MB, 16, SEC, SEC, 0.5, 0.0, 0, -1.0 },   /* 1 child, write: 1024 */
		{ MB, 16, SEC / 2, SEC / 2, 0.5, 0.0, 0, -1.0 }, /* rewrite: 2048 */
		{ 2 * MB, 32, SEC, SEC, 0.5, 0.0, 0, -1.0 },     /* 2 x 2048 */
		{ MB, 16, SEC / 4, SEC / 4, 0.5, 0.0, 0, -1.0 }, /* 2 x 4096 */
	};
	struct tp_run run = { NULL, 0, 0, 0 };
	struct options o;
	char *buf = NULL, err[IOSWEEP_ERR_MAX], path[] = "/tmp/iosweep-tp-XXXXXX";
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	fake_run(&run, kids);
	CU_ASSERT_EQUAL_FATAL(parse_line(&o, "-l 1 -u 2 -r 64k -s 1m -+u"), 0);
	o.threads = 0;   /* the wording under test is the processes' (Windows: threads) */
	report_tp_excel(f, &o, &run);
	fclose(f);
	CU_ASSERT_STRING_EQUAL(buf,
		"\n\"Throughput report Y-axis is type of test X-axis is number of processes\"\n"
		"\"Record size = 64 kBytes \"\n\"Output is in kBytes/sec\"\n\n"
		"\"  Initial write \"    1024.00     4096.00 \n\n"
		"\"        Rewrite \"    2048.00     8192.00 \n\n"
		"\n\"CPU utilization report Y-axis is type of test X-axis is number of processes\"\n"
		"\"Record size = 64 kBytes \"\n\"Output is in CPU%\"\n\n"
		"\"  Initial write \"      50.00      100.00 \n\n"
		"\"        Rewrite \"     100.00      200.00 \n\n");
	free(buf);

	/* -b: BOF, the command line, 3 heads, 2 rows x (label + 2) per table, EOF */
	int fd = mkstemp(path);
	CU_ASSERT_FATAL(fd >= 0);
	close(fd);
	CU_ASSERT_EQUAL(report_tp_xls(path, &o, &run, err, sizeof(err)), 0);
	struct stat st;
	CU_ASSERT_EQUAL(stat(path, &st), 0);
	/* 4 + 1 + 2 * (3 + 2) labels of 268 bytes, 8 numbers of 19, EOF 4 */
	CU_ASSERT_EQUAL(st.st_size, 8 + 11 * 268 + 8 * 19 + 4);
	unlink(path);
	throughput_release(&run);
	options_release(&o);
}

static void test_xls_cells(void)
{
	struct xls_cell cells[] = { { 0, 0, "a", 0.0 }, { 1, 2, NULL, 1.5 } };
	struct xls_cell bad[] = { { 300, 0, "x", 0.0 } };
	char path[] = "/tmp/iosweep-xc-XXXXXX", err[IOSWEEP_ERR_MAX];
	unsigned char b[64];
	int fd = mkstemp(path);
	FILE *f;

	CU_ASSERT_FATAL(fd >= 0);
	close(fd);
	CU_ASSERT_EQUAL(xls_write_cells(path, cells, 2, err, sizeof(err)), 0);
	f = fopen(path, "rb");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL(fread(b, 1, 12, f), 12);
	fclose(f);
	/* BOF 9, length 4, version 2, worksheet 0x10; then LABEL 4, length 264 */
	CU_ASSERT(b[0] == 9 && b[2] == 4 && b[4] == 2 && b[6] == 0x10);
	CU_ASSERT(b[8] == 4 && b[10] == 8 && b[11] == 1);
	CU_ASSERT_EQUAL(xls_write_cells(path, bad, 1, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "outside a BIFF2 sheet"));
	unlink(path);
}

/* ---- a real run ------------------------------------------------------------- */

static void real_run(const char *dir, const char *mode, unsigned n)
{
	char line[512], err[IOSWEEP_ERR_MAX] = "", path[600];
	struct tp_run run = { NULL, 0, 0, 0 };
	struct result_set rs;
	struct options o;
	struct stat st;

	snprintf(line, sizeof(line), "-t %u %s -s 256k -r 64k -i 0 -i 1 -i 5 -F "
		 "%s/a %s/b %s/c", n, mode, dir, dir, dir);
	if (n == 1)
		snprintf(line, sizeof(line), "-t 1 %s -s 256k -r 64k -i 0 -i 1 -i 5 "
			 "-F %s/a", mode, dir);
	CU_ASSERT_EQUAL_FATAL(parse_line(&o, line), 0);
	results_init(&rs);
	CU_ASSERT_EQUAL(throughput_prepare(&o, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(throughput_prepare(&o, err, sizeof(err)), -1); /* O_EXCL */
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "exists"));
	err[0] = '\0';
	CU_ASSERT_EQUAL(throughput_run(&o, &run, &rs, NULL, NULL, err, sizeof(err)), 0);
	if (err[0])
		printf("\n  run: %s\n", err);
	/* write, rewrite, read, reread, stride; one sample per child each */
	CU_ASSERT_EQUAL(run.nresults, 5);
	CU_ASSERT_EQUAL(rs.nsamples, 5 * n);
	CU_ASSERT_EQUAL(rs.ncells, 1);
	for (size_t i = 0; i < run.nresults; i++) {
		struct tp_summary s;
		uint64_t moved = 0;
		throughput_summarize(&run.results[i], 0, &s);
		for (unsigned c = 0; c < n; c++) {
			moved += run.results[i].child[c].bytes;
			CU_ASSERT(run.results[i].child[c].elapsed_ns <= run.results[i].parent_ns);
			CU_ASSERT(run.results[i].child[c].bytes % 65536 == 0);
		}
		CU_ASSERT(s.nmoved >= 1);
		CU_ASSERT(moved >= 256 * 1024);  /* the first child moved its file */
		CU_ASSERT(s.parent_sees > 0.0);
	}
	for (unsigned c = 0; c < n; c++) {
		snprintf(path, sizeof(path), "%s/%c", dir, 'a' + c);
		CU_ASSERT_NOT_EQUAL(stat(path, &st), 0);  /* removed without -w */
	}
	throughput_release(&run);
	results_release(&rs);
	options_release(&o);
}

static void test_real_run(void)
{
	char dir[] = "/tmp/iosweep-tprun-XXXXXX";

	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
	real_run(dir, "", 1);
	real_run(dir, "", 3);
	real_run(dir, "-T", 3);
	real_run(dir, "-x -T", 3);
	rmdir(dir);
}

/* -x: no stonewall, every child moves its whole file. */
static void test_no_stonewall(void)
{
	char dir[] = "/tmp/iosweep-tpx-XXXXXX", line[256], err[IOSWEEP_ERR_MAX];
	struct tp_run run = { NULL, 0, 0, 0 };
	struct result_set rs;
	struct options o;

	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
	snprintf(line, sizeof(line), "-t 3 -x -s 512k -r 64k -i 0 -F %s/a %s/b %s/c",
		 dir, dir, dir);
	CU_ASSERT_EQUAL_FATAL(parse_line(&o, line), 0);
	results_init(&rs);
	CU_ASSERT_EQUAL(throughput_prepare(&o, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(throughput_run(&o, &run, &rs, NULL, NULL, err, sizeof(err)), 0);
	for (size_t i = 0; i < run.nresults; i++)
		for (unsigned c = 0; c < 3; c++) {
			CU_ASSERT_EQUAL(run.results[i].child[c].bytes, 512 * 1024);
			CU_ASSERT_EQUAL(run.results[i].child[c].stopped, 0);
		}
	throughput_release(&run);
	results_release(&rs);
	options_release(&o);
	rmdir(dir);
}

static const struct cu_case cases[] = {
	CU_CASE(test_summarize),
	CU_CASE(test_report_lines),
	CU_CASE(test_header),
	CU_CASE(test_excel),
	CU_CASE(test_xls_cells),
	CU_CASE(test_real_run),
	CU_CASE(test_no_stonewall),
	{ 0 }
};

CU_MAIN("throughput", cases)
