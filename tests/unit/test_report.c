/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_report.c: IOzone's normal report and -R section from hand-built
 * result sets whose samples have known bytes and times, so every printed
 * figure is known exactly: 1 MiB in 1 ms is 1024000 kB/s, 16 ops of 64 kB
 * in 1 ms are 16000 ops/s or 62.5 (printed 62) usec/op.  Layouts are
 * checked against IOzone 3.508's real output (fixtures 01, 22, 24).
 */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "cu.h"
#include "testutil.h"
#include "iosweep.h"
#include "options/options.h"
#include "platform/platform.h"
#include "report/report.h"
#include "model/results.h"

#define MIB 1048576ull
#define MS 1000000ull

/* IOzone 3.508's column header (fixture 01), the layout we must match. */
static const char head156[] =
	"                                                              "
	"      random    random      bkwd     record     stride        "
	"                                \n"
	"              kB  reclen    write    rewrite      read    reread"
	"      read     write      read    rewrite       read    fwrite  "
	"frewrite     fread   freread\n";

static void add(struct result_set *rs, long cell, int col, unsigned trial,
		uint64_t bytes, uint64_t ops, uint64_t ns)
{
	struct result_sample s;
	memset(&s, 0, sizeof(s));
	s.cell = (uint32_t)cell;
	s.col = (uint16_t)col;
	s.trial = (uint16_t)trial;
	s.bytes = bytes;
	s.ops = ops;
	s.elapsed_ns = ns;
	s.wall_ns = ns;
	s.cpu_user_s = (double)ns / 1e9 / 4;  /* 25% of the wall time, user */
	s.cpu_sys_s = (double)ns / 1e9 / 4;   /* and 25% system: 50.00 */
	CU_ASSERT_EQUAL(results_add_sample(rs, &s), 0);
}

/* Run an emitter into a string (caller frees). */
#define CAPTURE(buf, call) do { \
	size_t len_ = 0; \
	FILE *f_ = open_memstream(&(buf), &len_); \
	CU_ASSERT_PTR_NOT_NULL_FATAL(f_); \
	FILE *out = f_; \
	call; \
	fclose(f_); \
} while (0)

static void test_columns(void)
{
	struct options o;
	char *buf = NULL;

	CU_ASSERT_EQUAL_FATAL(tu_parse(&o, "-s 1m -r 64k -i 0 -i 1"), 0);
	CAPTURE(buf, report_columns(out, &o));
	CU_ASSERT_STRING_EQUAL(buf, head156);
	free(buf);
	options_release(&o);

	/* -E: four more %10s columns, 196 characters (fixture 22) */
	CU_ASSERT_EQUAL_FATAL(tu_parse(&o, "-s 8m -r 64k -E -i 0 -i 9 -i 10"), 0);
	CAPTURE(buf, report_columns(out, &o));
	char *nl = strchr(buf, '\n');
	CU_ASSERT_EQUAL(nl - buf, 196);
	CU_ASSERT_EQUAL(strlen(nl + 1), 197);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "freread    pwrite  repwrite     pread   repread\n"));
	CU_ASSERT_PTR_NULL(strstr(buf, "pwritev"));
	free(buf);
	options_release(&o);

	/* -A: the six-column form */
	CU_ASSERT_EQUAL_FATAL(tu_parse(&o, "-A -g 1m"), 0);
	CAPTURE(buf, report_columns(out, &o));
	CU_ASSERT_STRING_EQUAL(buf,
		"                                                                \n"
		"              kB  reclen    write    rewrite      read    reread\n");
	free(buf);
	options_release(&o);
}

/* Rows: exact values, IOzone's widths, fillers, 0 for -+n retests. */
static void test_rows(void)
{
	static const struct {
		const char *argv;
		const char *row;
	} rows[] = {
		{ "-s 1m -r 64k -i 0 -i 1",
		  "            1024      64   1024000   2048000    512000    341333"
		  "                                                                "
		  "                  \n" },
		{ "-s 1m -r 64k -i 0 -i 1 -O",
		  "            1024      64     16000     32000      8000      5333"
		  "                                                                "
		  "                  \n" },
		{ "-s 1m -r 64k -i 0 -i 1 -N",
		  "            1024      64        62        31       125       187"
		  "                                                                "
		  "                  \n" },
		/* -+n: the second passes were not run and print 0 (fixture 24) */
		{ "-s 1m -r 64k -i 0 -i 1 -+n",
		  "            1024      64   1024000         0    512000         0"
		  "                                                                "
		  "                  \n" },
	};
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct options o;
		struct result_set rs;
		char *buf = NULL;
		int noretest = strstr(rows[i].argv, "-+n") != NULL;

		CU_ASSERT_EQUAL_FATAL(tu_parse(&o, rows[i].argv), 0);
		results_init(&rs);
		long c = results_add_cell(&rs, 1024, 64, 0);
		add(&rs, c, RC_WRITE, 0, MIB, 16, MS);
		if (!noretest)
			add(&rs, c, RC_REWRITE, 0, MIB, 16, MS / 2);
		add(&rs, c, RC_READ, 0, MIB, 16, 2 * MS);
		if (!noretest)
			add(&rs, c, RC_REREAD, 0, MIB, 16, 3 * MS);
		CAPTURE(buf, report_row(out, &o, &rs, 0));
		CU_ASSERT_EQUAL(strlen(buf), 147);   /* fixture 01: 146 + newline */
		CU_ASSERT_STRING_EQUAL(buf, rows[i].row);
		if (strcmp(buf, rows[i].row))
			fprintf(stderr, "got  [%s]\nwant [%s]\n", buf, rows[i].row);
		free(buf);
		results_release(&rs);
		options_release(&o);
	}
}

/* Every test: the full 156-character row, one-value tests with " %10lld". */
static void test_all_columns(void)
{
	struct options o;
	struct result_set rs;
	char *buf = NULL;

	CU_ASSERT_EQUAL_FATAL(tu_parse(&o, "-s 1m -r 64k"), 0);
	results_init(&rs);
	long c = results_add_cell(&rs, 1024, 64, 0);
	for (int col = RC_WRITE; col <= RC_FREREAD; col++)
		add(&rs, c, col, 0, MIB * (uint64_t)(col + 1), 16, MS);
	CAPTURE(buf, report_row(out, &o, &rs, 0));
	CU_ASSERT_STRING_EQUAL(buf,
		"            1024      64   1024000   2048000   3072000   4096000"
		"   5120000   6144000   7168000    8192000    9216000  10240000"
		"  11264000  12288000  13312000\n");
	free(buf);
	results_release(&rs);
	options_release(&o);
}

/* The mean of the trials, truncated like IOzone's integer rates. */
static void test_trial_mean(void)
{
	struct options o;
	struct result_set rs;
	char *buf = NULL;

	CU_ASSERT_EQUAL_FATAL(tu_parse(&o, "-s 1m -r 64k -i 0"), 0);
	results_init(&rs);
	rs.trials = 3;
	long c = results_add_cell(&rs, 1024, 64, 0);
	add(&rs, c, RC_WRITE, 0, MIB, 16, MS);        /* 1024000 */
	add(&rs, c, RC_WRITE, 1, MIB, 16, 2 * MS);    /*  512000 */
	add(&rs, c, RC_WRITE, 2, MIB, 16, 3 * MS);    /*  341333.33 */
	add(&rs, c, RC_REWRITE, 0, MIB, 16, MS);
	struct result_sample s = rs.samples[0];
	s.trial = 3;
	s.elapsed_ns = 1;                              /* partial: not counted */
	s.flags = RESULTS_SF_PARTIAL;
	CU_ASSERT_EQUAL(results_add_sample(&rs, &s), 0);
	size_t n = 0;
	double mean = report_mean(&rs, 0, RC_WRITE, RESULTS_UNIT_KBPS, &n);
	CU_ASSERT_EQUAL(n, 3);
	CU_ASSERT_DOUBLE_EQUAL(mean, (1024000.0 + 512000.0 + 1024000.0 / 3) / 3, 1e-6);
	CAPTURE(buf, report_row(out, &o, &rs, 0));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "      64    625777   1024000"));
	free(buf);
	results_release(&rs);
	options_release(&o);
}

/* -E row (fixture 22): write, rewrite, fillers, then the four p-columns. */
static void test_extended_row(void)
{
	struct options o;
	struct result_set rs;
	char *buf = NULL;

	CU_ASSERT_EQUAL_FATAL(tu_parse(&o, "-s 8m -r 64k -E -i 0 -i 9 -i 10"), 0);
	results_init(&rs);
	long c = results_add_cell(&rs, 8192, 64, 0);
	int cols[] = { RC_WRITE, RC_REWRITE, RC_PWRITE, RC_REPWRITE, RC_PREAD, RC_REPREAD };
	for (size_t i = 0; i < 6; i++)
		add(&rs, c, cols[i], 0, 8 * MIB, 128, MS);
	CAPTURE(buf, report_row(out, &o, &rs, 0));
	CU_ASSERT_EQUAL(strlen(buf), 185);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "   8192000   8192000\n"));
	CU_ASSERT_EQUAL(strncmp(buf + 44, "   ", 3), 0);
	free(buf);
	results_release(&rs);
	options_release(&o);
}

/* Placeholders are never printed in the normal report. */
static void test_placeholder_row(void)
{
	struct options o;
	struct result_set rs;
	char *buf = NULL;

	CU_ASSERT_EQUAL_FATAL(tu_parse(&o, "-a -g 32m -i 0"), 0);
	results_init(&rs);
	results_add_cell(&rs, 32768, 4, 1);
	CAPTURE(buf, report_row(out, &o, &rs, 0));
	CU_ASSERT_STRING_EQUAL(buf, "");
	free(buf);
	results_release(&rs);
	options_release(&o);
}

static void test_header(void)
{
	struct options o;
	struct result_set rs;
	char *buf = NULL;

	CU_ASSERT_EQUAL_FATAL(tu_parse(&o, "-a -n 64k -g 8m -i 0 -i 1 -f /tmp/x"), 0);
	results_init(&rs);
	rs.trials = 3;
	rs.meta.timer_resolution_s = 0.000001;
	results_set_str(&rs.meta.start_time, "2026-11-30T09:18:37+0000");
	results_set_str(&rs.meta.data_pattern, "random");
	rs.meta.data_compress_ratio = 1.0;
	CAPTURE(buf, report_header(out, &o, &rs));
	static const char *const want[] = {
		"\tIosweep: Performance Test of File I/O\n"
		"\t        Version $Revision: " IOSWEEP_VERSION " $\n"
		"\t\tCompiled for 64 bit mode.\n\t\tBuild: ",
		" \n\n\tContributors: the iosweep authors (test design after IOzone by "
		"William Norcott, Don Capps and others)\n\n"
		"\tRun began: Mon Nov 30 09:18:37 2026\n\n"
		"\tAuto Mode\n"
		"\tUsing minimum file size of 64 kilobytes.\n"
		"\tUsing maximum file size of 8192 kilobytes.\n"
		"\tCommand line used: iosweep -a -n 64k -g 8m -i 0 -i 1 -f /tmp/x\n"
		"\tOutput is in kBytes/sec\n"
		"\tTime Resolution = 0.000001 seconds.\n"
		"\tProcessor cache size set to 1024 kBytes.\n"
		"\tProcessor cache line size set to 32 bytes.\n"
		"\tFile stride size set to 17 * record size.\n"
		"\tData pattern: random (zlib ratio 1.00)\n"
		"\tTrials per cell: 3 (values are means)\n",
	};
	CU_ASSERT_EQUAL(strncmp(buf, want[0], strlen(want[0])), 0);
	/* then the platform's name and the machine: "linux-x86_64" */
	CU_ASSERT_EQUAL(strncmp(buf + strlen(want[0]), plat_caps()->os,
				strlen(plat_caps()->os)), 0);
	CU_ASSERT_EQUAL(buf[strlen(want[0]) + strlen(plat_caps()->os)], '-');
	char *rest = strstr(buf, want[1]);
	CU_ASSERT_PTR_NOT_NULL(rest);
	if (rest)
		CU_ASSERT_STRING_EQUAL(rest, want[1]);
	free(buf);
	options_release(&o);

	/* -O: no "Output is in kBytes/sec"; one trial: no trials line */
	CU_ASSERT_EQUAL_FATAL(tu_parse(&o, "-s 1m -r 4k -O"), 0);
	rs.trials = 1;
	CAPTURE(buf, report_header(out, &o, &rs));
	CU_ASSERT_PTR_NULL(strstr(buf, "Output is in kBytes/sec"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\tOPS Mode. Output is in operations per second.\n"
				      "\tCommand line used: iosweep -s 1m -r 4k -O\n"));
	CU_ASSERT_PTR_NULL(strstr(buf, "Trials per cell"));
	free(buf);
	options_release(&o);

	/* a sweep's trial count comes from --trials */
	CU_ASSERT_EQUAL_FATAL(tu_parse(&o, "-s 1m -r 4k --trials 2"), 0);
	CAPTURE(buf, report_header(out, &o, &rs));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\tTrials per cell: 2 (values are means)\n"));
	free(buf);
	results_release(&rs);
	options_release(&o);
}

static void test_trailer(void)
{
	struct options o;
	struct result_set rs;
	char *buf = NULL;

	CU_ASSERT_EQUAL_FATAL(tu_parse(&o, "-a -n 64k -g 128k -i 0"), 0);
	results_init(&rs);
	long c1 = results_add_cell(&rs, 64, 4, 0);
	long c2 = results_add_cell(&rs, 64, 64, 0);
	add(&rs, c1, RC_WRITE, 0, 65536, 16, 20000);
	CAPTURE(buf, report_trailer(out, &o, &rs));
	CU_ASSERT_STRING_EQUAL(buf, "\niozone test complete.\n");
	free(buf);
	add(&rs, c2, RC_WRITE, 0, 65536, 1, 900);     /* under 1 us */
	CAPTURE(buf, report_trailer(out, &o, &rs));
	CU_ASSERT_STRING_EQUAL(buf, "\niozone test complete.\n"
			       "Timer resolution is poor. Some small transfers may have \n"
			       "reported inaccurate results. Sizes 64 kBytes and below.\n");
	free(buf);
	results_release(&rs);
	options_release(&o);
}

/* A small -R section: ragged rows, full record axis, 0 for placeholders. */
static void build_excel_set(struct result_set *rs)
{
	static const uint64_t axis[] = { 4, 8, 16 };
	results_init(rs);
	CU_ASSERT_EQUAL(results_set_record_axis(rs, axis, 3), 0);
	long a = results_add_cell(rs, 8, 4, 0);
	long b = results_add_cell(rs, 8, 8, 0);
	long ph = results_add_cell(rs, 16, 4, 1);
	long d = results_add_cell(rs, 16, 8, 0);
	(void)ph;
	add(rs, a, RC_WRITE, 0, MIB, 1, MS);
	add(rs, a, RC_REWRITE, 0, MIB, 1, 2 * MS);
	add(rs, b, RC_WRITE, 0, 2 * MIB, 1, MS);
	add(rs, b, RC_REWRITE, 0, 3 * MIB, 1, MS);
	add(rs, d, RC_WRITE, 0, 4 * MIB, 1, MS);
	add(rs, d, RC_REWRITE, 0, 5 * MIB, 1, MS);
}

static void test_excel(void)
{
	struct options o;
	struct result_set rs;
	char *buf = NULL;

	CU_ASSERT_EQUAL_FATAL(tu_parse(&o, "-a -n 8k -g 16k -y 4k -q 16k -i 0 -R"), 0);
	build_excel_set(&rs);
	CAPTURE(buf, report_excel(out, &o, &rs));
	CU_ASSERT_STRING_EQUAL(buf,
		"Excel output is below:\n"
		"\n\"Writer report\"\n"
		"        \"4\"  \"8\"  \"16\"\n"
		"\"8\"   1024000  2048000 \n"
		"\"16\"   0  4096000 \n"
		"\n\"Re-writer report\"\n"
		"        \"4\"  \"8\"  \"16\"\n"
		"\"8\"   512000  3072000 \n"
		"\"16\"   0  5120000 \n");
	free(buf);
	options_release(&o);

	/* -+u adds the CPU tables after the rate tables (fixture 19) */
	CU_ASSERT_EQUAL_FATAL(tu_parse(&o, "-a -n 8k -g 16k -y 4k -q 16k -i 0 -R -+u"), 0);
	CAPTURE(buf, report_excel(out, &o, &rs));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf,
		"\"Re-writer report\"\n"
		"        \"4\"  \"8\"  \"16\"\n"
		"\"8\"   512000  3072000 \n"
		"\"16\"   0  5120000 \n"
		"\n\"Writer CPU utilization report (Zero values should be ignored)\"\n"
		"        \"4\"  \"8\"  \"16\"\n"
		"\"8\"    50.00  50.00\n"
		"\"16\"     0.00  50.00\n"
		"\n\"Re-writer CPU utilization report (Zero values should be ignored)\"\n"));
	free(buf);
	results_release(&rs);
	options_release(&o);
}

/* Section order and both spellings, for every test (IOzone's dump_excel). */
static void test_tables(void)
{
	static const char *const text[] = {
		"Writer report", "Re-writer report", "Reader report", "Re-Reader report",
		"Random read report", "Random write report", "Backward read report",
		"Record rewrite report", "Stride read report", "Fwrite report",
		"Re-Fwrite report", "Fread report", "Re-Fread report",
	};
	static const char *const xls[] = {
		"Writer Report", "Re-writer Report", "Reader Report", "Re-reader Report",
		"Random Read Report", "Random Write Report", "Backward Read Report",
		"Record Rewrite Report", "Stride Read Report", "Fwrite Report",
		"Re-fwrite Report", "Fread Report", "Re-fread Report",
	};
	struct options o;
	struct result_set rs;
	struct report_table t[2 * RC_COUNT];
	char title[160];

	CU_ASSERT_EQUAL_FATAL(tu_parse(&o, "-a -g 1m -R"), 0);
	results_init(&rs);
	size_t n = report_tables(&o, &rs, t, 2 * RC_COUNT);
	CU_ASSERT_EQUAL_FATAL(n, 13);
	for (size_t i = 0; i < n; i++) {
		report_table_title(&t[i], 0, title, sizeof(title));
		CU_ASSERT_STRING_EQUAL(title, text[i]);
		report_table_title(&t[i], 1, title, sizeof(title));
		CU_ASSERT_STRING_EQUAL(title, xls[i]);
	}
	options_release(&o);

	/* -i selects sections; test 3 and 5 have one each */
	CU_ASSERT_EQUAL_FATAL(tu_parse(&o, "-a -g 1m -i 0 -i 3 -i 5 -R"), 0);
	n = report_tables(&o, &rs, t, 2 * RC_COUNT);
	CU_ASSERT_EQUAL_FATAL(n, 4);
	CU_ASSERT_EQUAL(t[2].col, RC_BKWD_READ);
	CU_ASSERT_EQUAL(t[3].col, RC_STRIDE_READ);
	options_release(&o);
	results_release(&rs);
}

static const struct cu_case cases[] = {
	CU_CASE(test_columns),
	CU_CASE(test_rows),
	CU_CASE(test_all_columns),
	CU_CASE(test_trial_mean),
	CU_CASE(test_extended_row),
	CU_CASE(test_placeholder_row),
	CU_CASE(test_header),
	CU_CASE(test_trailer),
	CU_CASE(test_excel),
	CU_CASE(test_tables),
	{ 0 }
};

CU_MAIN("report", cases)
