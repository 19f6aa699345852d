/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_gnuplot_lat.c: the latency charts (gnuplot_lat.c) on hand-built
 * result sets whose samples carry per-operation histograms.
 *
 * Every data row of latency-<test>.gp and percentiles-<test>.gp is read
 * back and compared with latency_quantile_ns / latency_mean_ns of a
 * histogram the test fills itself from the same values (all trials of the
 * cell in one pass), and one row is also worked out by hand.  Sets
 * without histograms get no line; a percentile chart keeps at most 8
 * file sizes, both ends included.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cu.h"
#include "testutil.h"
#include "charts/gnuplot.h"
#include "iosweep.h"
#include "model/latency.h"
#include "model/results.h"

/* The value of operation i (1-based) of a trial: spread over a few octaves. */
static uint64_t op_ns(uint64_t file_kb, unsigned trial, uint64_t i)
{
	if (file_kb == 64)     /* hand-checked cell: 1..100 ns, then 101..200 ns */
		return trial * 100 + i;
	return 5000 + (i * 7919 + trial * 104729 + file_kb) % 90000 +
		(i % 97 == 0 ? 2000000 : 0);
}

/* Operations of one trial of a file size (64 kB records). */
static uint64_t ops_of(uint64_t file_kb)
{
	return file_kb == 64 ? 100 : file_kb / 64 * 3;
}

/* File sizes of set "lat": 64 kB .. 32 MB, ten of them. */
static const uint64_t lat_files[] = { 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768 };

static void add_trial(struct result_set *rs, uint64_t file_kb, uint64_t record_kb,
		      int col, unsigned trial, int with_hist, unsigned flags)
{
	long c = results_find_cell(rs, file_kb, record_kb);
	if (c < 0)
		c = results_add_cell(rs, file_kb, record_kb, 0);
	CU_ASSERT_FATAL(c >= 0);
	struct result_sample s = { 0 };
	s.cell = (uint32_t)c;
	s.col = (uint16_t)col;
	s.trial = (uint16_t)trial;
	s.bytes = file_kb * 1024;
	s.ops = file_kb / record_kb;
	s.elapsed_ns = 1000000 + file_kb;
	s.flags = flags;
	if (with_hist) {
		struct latency_hist h;
		CU_ASSERT_EQUAL_FATAL(latency_init(&h), 0);
		for (uint64_t i = 1; i <= ops_of(file_kb); i++)
			latency_add(&h, flags ? 50000000 : op_ns(file_kb, trial, i));
		s.lat = latency_compact(&h);
		latency_release(&h);
		CU_ASSERT_PTR_NOT_NULL_FATAL(s.lat);
	}
	CU_ASSERT_EQUAL_FATAL(results_add_sample(rs, &s), 0);
}

/* Set "lat": write with histograms at every size (2 trials, and a partial
 * third whose huge values must not count), read without, a 4K-record cell. */
static void build_lat(struct result_set *rs)
{
	results_init(rs);
	results_set_str(&rs->meta.label, "lat box");
	results_set_str(&rs->meta.tool, "iosweep");
	for (size_t f = 0; f < sizeof(lat_files) / sizeof(lat_files[0]); f++) {
		add_trial(rs, lat_files[f], 64, RC_WRITE, 0, 1, 0);
		add_trial(rs, lat_files[f], 64, RC_WRITE, 1, 1, 0);
		add_trial(rs, lat_files[f], 64, RC_READ, 0, 0, 0);
	}
	add_trial(rs, 1024, 64, RC_WRITE, 2, 1, RESULTS_SF_PARTIAL);
	add_trial(rs, 64, 4, RC_WRITE, 0, 1, 0);
	rs->trials = 2;
}

/* Set "imported": throughput only. */
static void build_plain(struct result_set *rs)
{
	results_init(rs);
	results_set_str(&rs->meta.label, "old box");
	for (size_t f = 0; f < 3; f++)
		add_trial(rs, lat_files[f], 64, RC_WRITE, 0, 0, 0);
	rs->trials = 1;
}

/* The merged histogram of (file_kb, 64K, write), filled from the values. */
static void expected_hist(struct latency_hist *h, uint64_t file_kb)
{
	CU_ASSERT_EQUAL_FATAL(latency_init(h), 0);
	for (unsigned t = 0; t < 2; t++)
		for (uint64_t i = 1; i <= ops_of(file_kb); i++)
			latency_add(h, op_ns(file_kb, t, i));
}

static char *slurp(const char *path)
{
	return tu_slurp(path, NULL);
}

static char tmpdir[256];

static const char *in_tmp(const char *name)
{
	static char path[512];
	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	return path;
}

static void write_charts(struct result_set *const *sets, size_t n, int latency_flag,
			 struct gnuplot_files *files)
{
	struct gnuplot_opts go = { 0 };
	char err[IOSWEEP_ERR_MAX];
	go.overwrite = 1;
	go.latency = latency_flag;
	memset(files, 0, sizeof(*files));
	if (gnuplot_write_charts(sets, n, &go, tmpdir, files, err, sizeof(err)) != 0) {
		fprintf(stderr, "gnuplot_write_charts: %s\n", err);
		CU_FAIL_FATAL("charts not written");
	}
}

static int exists(const char *name)
{
	struct stat st;
	return stat(in_tmp(name), &st) == 0;
}

/* The text of data block `name` ("$s1") in text, or NULL. */
static const char *block(const char *text, const char *name)
{
	char head[32];
	snprintf(head, sizeof(head), "\n%s << EOD\n", name);
	const char *p = strstr(text, head);
	return p ? p + strlen(head) : NULL;
}

static void test_latency_vs_size(void)
{
	struct result_set a, b;
	struct result_set *sets[2] = { &a, &b };
	struct gnuplot_files files;

	snprintf(tmpdir, sizeof(tmpdir), "/tmp/test_gnuplot_lat.XXXXXX");
	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(tmpdir));
	build_lat(&a);
	build_plain(&b);
	write_charts(sets, 2, 0, &files);
	CU_ASSERT(exists("latency-write.gp"));
	CU_ASSERT(exists("percentiles-write-1.gp"));
	CU_ASSERT(!exists("percentiles-write-2.gp"));   /* no histograms */
	CU_ASSERT(!exists("latency-read.gp"));          /* read has none */
	CU_ASSERT(!exists("percentiles-read-1.gp"));

	char *text = slurp(in_tmp("latency-write.gp"));
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT(block(text, "$s2") == NULL);          /* "old box" has no line */
	CU_ASSERT(strstr(text, "title 'lat box: p99.9'") != NULL);
	CU_ASSERT(strstr(text, "old box: p50") == NULL);
	CU_ASSERT(strstr(text, "set logscale x 2\n") != NULL);
	CU_ASSERT(strstr(text, "set logscale y 10\n") != NULL);
	/* by hand: 1..200 ns merged: mean 100.5, p50 rank 100, p99 rank 198,
	 * p99.9 rank 200 (values below 256 ns have exact buckets) */
	CU_ASSERT(strstr(text, "\n64 0.1005 0.1000 0.1980 0.2000 200 2\n") != NULL);
	const char *p = block(text, "$s1");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	size_t rows = 0;
	for (;;) {
		unsigned long long file_kb, ops;
		double v[4];
		int trials, used = 0;
		if (sscanf(p, "%llu %lf %lf %lf %lf %llu %d%n", &file_kb, &v[0], &v[1], &v[2],
			   &v[3], &ops, &trials, &used) != 7)
			break;
		CU_ASSERT_EQUAL(file_kb, lat_files[rows]);
		struct latency_hist h;
		expected_hist(&h, file_kb);
		CU_ASSERT_EQUAL(ops, h.n);
		CU_ASSERT_EQUAL(trials, 2);
		CU_ASSERT_DOUBLE_EQUAL(v[0], latency_mean_ns(&h) / 1e3, 5.1e-5);
		CU_ASSERT_DOUBLE_EQUAL(v[1], latency_quantile_ns(&h, 0.50) / 1e3, 5.1e-5);
		CU_ASSERT_DOUBLE_EQUAL(v[2], latency_quantile_ns(&h, 0.99) / 1e3, 5.1e-5);
		CU_ASSERT_DOUBLE_EQUAL(v[3], latency_quantile_ns(&h, 0.999) / 1e3, 5.1e-5);
		latency_release(&h);
		rows++;
		p += used + 1;
	}
	CU_ASSERT_EQUAL(rows, sizeof(lat_files) / sizeof(lat_files[0]));
	free(text);
	gnuplot_files_release(&files);
	results_release(&a);
	results_release(&b);
}

static void test_percentile_curves(void)
{
	struct result_set a;
	struct result_set *sets[1] = { &a };
	struct gnuplot_files files;
	static const size_t picked[8] = { 0, 1, 3, 4, 5, 6, 8, 9 };  /* of lat_files */

	build_lat(&a);
	write_charts(sets, 1, 1, &files);
	CU_ASSERT(exists("percentiles-write.gp"));
	char *text = slurp(in_tmp("percentiles-write.gp"));
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT(block(text, "$p9") == NULL);            /* ten sizes, eight lines */
	CU_ASSERT(strstr(text, "(8 of the 10 measured, spread over the range)") != NULL);
	for (size_t k = 0; k < 8; k++) {
		char name[8];
		uint64_t file_kb = lat_files[picked[k]];
		struct latency_hist h;
		snprintf(name, sizeof(name), "$p%zu", k + 1);
		const char *p = block(text, name);
		CU_ASSERT_PTR_NOT_NULL_FATAL(p);
		expected_hist(&h, file_kb);
		double top = log10((double)h.n) < 4.0 ? log10((double)h.n) : 4.0;
		size_t rows = 0;
		double x, q, us, last_x = -1.0;
		int used = 0;
		while (sscanf(p, "%lf %lf %lf%n", &x, &q, &us, &used) == 3) {
			CU_ASSERT_DOUBLE_EQUAL(us, latency_quantile_ns(&h, q) / 1e3, 5.1e-5);
			CU_ASSERT_DOUBLE_EQUAL(x, rows ? -log10(1.0 - q) : 0.0, 1e-6);
			CU_ASSERT(x > last_x);
			CU_ASSERT(x <= top + 1e-6);
			last_x = x;
			rows++;
			p += used + 1;
		}
		CU_ASSERT(rows >= 1);
		CU_ASSERT(top - last_x < 0.05 + 1e-6);         /* the curve reaches its end */
		if (rows)
			CU_ASSERT_DOUBLE_EQUAL(strtod(block(text, name), NULL), 0.0, 0.0);
		latency_release(&h);
	}
	/* the 64K line starts at the minimum, 1 ns */
	CU_ASSERT(strstr(text, "$p1 << EOD\n0.000000 0 0.0010\n") != NULL);
	/* the charts with histograms replace the mean-only latency chart */
	char *lat = slurp(in_tmp("latency-write.gp"));
	CU_ASSERT_PTR_NOT_NULL_FATAL(lat);
	CU_ASSERT(strstr(lat, "p99.9") != NULL);
	free(lat);
	free(text);
	gnuplot_files_release(&files);
	results_release(&a);
}

/* Without histograms, --latency still draws the mean time per operation. */
static void test_mean_only_without_histograms(void)
{
	struct result_set b;
	struct result_set *sets[1] = { &b };
	struct gnuplot_files files;

	build_plain(&b);
	remove(in_tmp("latency-write.gp"));
	remove(in_tmp("percentiles-write.gp"));
	write_charts(sets, 1, 1, &files);
	char *text = slurp(in_tmp("latency-write.gp"));
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT(strstr(text, "time per operation (mean of the trials)") != NULL);
	CU_ASSERT(!exists("percentiles-write.gp"));
	free(text);
	gnuplot_files_release(&files);
	results_release(&b);
}

static void test_cleanup(void)
{
	char cmd[600];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	CU_ASSERT_EQUAL(system(cmd), 0);
}

static const struct cu_case cases[] = {
	CU_CASE(test_latency_vs_size),
	CU_CASE(test_percentile_curves),
	CU_CASE(test_mean_only_without_histograms),
	CU_CASE(test_cleanup),
	{ 0 },
};

CU_MAIN("gnuplot_lat", cases)
