/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_runner.c: the sweep engine on tiny plans in a temporary directory.
 * Every selected test records samples that moved the whole file in whole
 * records; -+n drops the second passes; trials, warm-up and the two
 * orders record what they should; errors and interruptions name the
 * path or the cell; the file is removed unless -w.  Also the record
 * orders of the random and stride tests, the buffer sizes, and the
 * write windows: no 1 MiB of a written file repeats the pattern.
 */
#include "compat.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cu.h"
#include "options/options.h"
#include "run/sweep/plan.h"
#include "model/results.h"
#include "run/sweep/runner.h"
#include "run/sweep/tests.h"
#include "run/sweep/tests_order.h"

static char dir[256];
static char file[300];
static char err[512];

static void setup(struct options *o)
{
	snprintf(dir, sizeof(dir), "%s/iosweep-runner.XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	CU_ASSERT_FATAL(mkdtemp(dir) != NULL);
	snprintf(file, sizeof(file), "%s/t", dir);
	memset(o, 0, sizeof(*o));
	o->file = file;
	o->trials = 1;
	o->multiplier = 2;
	o->stride = 17;
	o->data = OPTIONS_DATA_RANDOM;
	o->order = OPTIONS_ORDER_CELL;
	err[0] = '\0';
}

static int file_exists(void)
{
	struct stat st;
	return lstat(file, &st) == 0;
}

static void teardown(void)
{
	unlink(file);
	rmdir(dir);
}

/* A plan: (64 kB, 4 kB), a placeholder, (128 kB, 16 kB), (10 kB, 4 kB). */
static struct plan_cell cells[] = {
	{ 64, 4, 0 }, { 128, 4, 1 }, { 128, 16, 0 }, { 10, 4, 0 },
};
static uint64_t axis[] = { 4, 8, 16 };

static struct sweep_plan tiny_plan(size_t ncells)
{
	struct sweep_plan p;
	p.cells = cells;
	p.ncells = ncells;
	p.record_axis = axis;
	p.nrecord_axis = 3;
	return p;
}

static size_t count(const struct result_set *rs, size_t cell, int col)
{
	size_t n = 0;
	for (size_t i = 0; i < rs->nsamples; i++)
		if (rs->samples[i].cell == cell && rs->samples[i].col == col)
			n++;
	return n;
}

/* Every sample moved the cell's whole records, and took time. */
static void check_samples(const struct result_set *rs)
{
	for (size_t i = 0; i < rs->nsamples; i++) {
		const struct result_sample *s = &rs->samples[i];
		const struct result_cell *c = &rs->cells[s->cell];
		uint64_t recs = c->file_kb / c->record_kb;
		CU_ASSERT(!c->placeholder);
		CU_ASSERT(s->ops == recs);
		CU_ASSERT(s->bytes == recs * c->record_kb * 1024);
		CU_ASSERT(s->elapsed_ns > 0);
		CU_ASSERT(s->wall_ns >= s->elapsed_ns);
		CU_ASSERT(s->cpu_user_s >= 0.0 && s->cpu_sys_s >= 0.0);
		/* where the platform can tell, how much of the file was cached */
		CU_ASSERT((s->flags & ~(RESULTS_SF_CACHED | RESULTS_SF_HOST_CPU)) == 0);
#if defined(HAVE_MINCORE)
		CU_ASSERT(s->flags & RESULTS_SF_CACHED);
#endif
		CU_ASSERT(s->cached_pct >= 0.0 && s->cached_pct <= 100.0);
		/* how busy the machine was, where the platform can tell and
		 * the pass lasted a tick of its CPU clock (10 ms on Linux) */
		if (s->flags & RESULTS_SF_HOST_CPU)
			CU_ASSERT(s->host_busy_pct >= 0.0 && s->host_busy_pct <= 100.0);
	}
}

static const int all_cols[] = {
	RC_WRITE, RC_REWRITE, RC_READ, RC_REREAD, RC_RANDOM_READ, RC_RANDOM_WRITE,
	RC_BKWD_READ, RC_RECORD_REWRITE, RC_STRIDE_READ, RC_FWRITE, RC_FREWRITE,
	RC_FREAD, RC_FREREAD, RC_PWRITE, RC_REPWRITE, RC_PREAD, RC_REPREAD,
	RC_PWRITEV, RC_REPWRITEV, RC_PREADV, RC_REPREADV,
};

static void test_all_tests(void)
{
	struct options o;
	struct result_set rs;
	struct sweep_plan p = tiny_plan(4);

	setup(&o);
	o.tests_mask = 0x1effu;	/* 0..7 and 9..12 */
	o.extended = 1;
	results_init(&rs);
	CU_ASSERT_FATAL(runner_run(&o, &p, &rs, NULL, NULL, err, sizeof(err)) == 0);
	CU_ASSERT(rs.ncells == 4);
	CU_ASSERT(rs.cells[1].placeholder == 1);
	CU_ASSERT(rs.nrecord_axis == 3);
	CU_ASSERT(rs.trials == 1);
	for (size_t c = 0; c < 4; c++)
		for (size_t k = 0; k < sizeof(all_cols) / sizeof(all_cols[0]); k++)
			CU_ASSERT(count(&rs, c, all_cols[k]) == (c == 1 ? 0u : 1u));
	CU_ASSERT(rs.nsamples == 3 * 21);
	check_samples(&rs);
	CU_ASSERT(rs.meta.timer_resolution_s > 0.0);
	CU_ASSERT(rs.meta.data_pattern && strcmp(rs.meta.data_pattern, "random") == 0);
	CU_ASSERT(rs.meta.data_compress_ratio > 0.9 && rs.meta.data_compress_ratio < 1.1);
	CU_ASSERT_EQUAL(rs.meta.data_unique_bytes, 512);
	CU_ASSERT(rs.meta.data_dedup_ratio == 1.0);
	CU_ASSERT(rs.meta.target_path && strcmp(rs.meta.target_path, file) == 0);
	CU_ASSERT(!file_exists());
	results_release(&rs);
	teardown();
}

static void test_flags_and_zero_data(void)
{
	struct options o;
	struct result_set rs;
	struct sweep_plan p = tiny_plan(1);

	setup(&o);
	o.tests_mask = 0x3u;
	o.include_fsync = 1;
	o.include_close = 1;
	o.cpu_util = 1;
	o.purge_cpu = 1;
	o.data = OPTIONS_DATA_ZERO;
	results_init(&rs);
	CU_ASSERT_FATAL(runner_run(&o, &p, &rs, NULL, NULL, err, sizeof(err)) == 0);
	CU_ASSERT(rs.nsamples == 4);
	check_samples(&rs);
	CU_ASSERT(rs.meta.flags == (RESULTS_F_FSYNC | RESULTS_F_CLOSE | RESULTS_F_CPU));
	CU_ASSERT(strcmp(rs.meta.data_pattern, "zero") == 0);
	CU_ASSERT(rs.meta.data_compress_ratio > 50.0);
	CU_ASSERT_EQUAL(rs.meta.data_unique_bytes, 0);
	results_release(&rs);
	teardown();
}

static void test_no_retest(void)
{
	struct options o;
	struct result_set rs;
	struct sweep_plan p = tiny_plan(1);
	/* col, samples expected with -+n (random write is not a retest in IOzone) */
	static const int expect[][2] = {
		{ RC_WRITE, 1 }, { RC_REWRITE, 0 }, { RC_READ, 1 }, { RC_REREAD, 0 },
		{ RC_RANDOM_READ, 1 }, { RC_RANDOM_WRITE, 1 }, { RC_BKWD_READ, 1 },
		{ RC_FWRITE, 1 }, { RC_FREWRITE, 0 },
	};

	setup(&o);
	o.tests_mask = 0x4fu;	/* 0, 1, 2, 3, 6 */
	o.no_retest = 1;
	results_init(&rs);
	CU_ASSERT_FATAL(runner_run(&o, &p, &rs, NULL, NULL, err, sizeof(err)) == 0);
	for (size_t i = 0; i < sizeof(expect) / sizeof(expect[0]); i++)
		CU_ASSERT(count(&rs, 0, expect[i][0]) == (size_t)expect[i][1]);
	CU_ASSERT(rs.meta.flags & RESULTS_F_NORETEST);
	check_samples(&rs);
	results_release(&rs);
	teardown();
}

struct hook_log {
	size_t calls, nsamples_at_call[8], cells[8];
	size_t progress_calls, last_done, last_total;
	int saw_end;
};

static void on_cell(void *ctx, const struct result_set *rs, size_t cell)
{
	struct hook_log *l = ctx;
	if (l->calls < 8) {
		l->nsamples_at_call[l->calls] = rs->nsamples;
		l->cells[l->calls] = cell;
	}
	l->calls++;
}

static void on_progress(void *ctx, size_t done, size_t total,
			const struct plan_cell *cur, double eta_s)
{
	struct hook_log *l = ctx;
	CU_ASSERT(done <= total);
	CU_ASSERT(done == 0 ? eta_s < 0 : eta_s >= 0);
	if (!cur)
		l->saw_end = 1;
	l->progress_calls++;
	l->last_done = done;
	l->last_total = total;
}

/* Trials in both orders: 3 samples per (cell, col), trial numbers 0..2. */
static void run_trials(int order, unsigned warmup)
{
	struct options o;
	struct result_set rs;
	struct sweep_plan p = tiny_plan(3);
	struct hook_log log;
	struct runner_hooks h = { .cell_done = on_cell, .progress = on_progress, .ctx = &log };

	setup(&o);
	memset(&log, 0, sizeof(log));
	o.tests_mask = 0x3u;
	o.trials = 3;
	o.warmup = warmup;
	o.order = order;
	results_init(&rs);
	CU_ASSERT_FATAL(runner_run(&o, &p, &rs, &h, NULL, err, sizeof(err)) == 0);
	CU_ASSERT(rs.trials == 3);
	CU_ASSERT(rs.nsamples == 2 * 4 * 3);
	for (size_t c = 0; c < 3; c += 2)
		for (int col = RC_WRITE; col <= RC_REREAD; col++) {
			unsigned seen = 0;
			CU_ASSERT(count(&rs, c, col) == 3);
			for (size_t i = 0; i < rs.nsamples; i++)
				if (rs.samples[i].cell == c && rs.samples[i].col == col)
					seen |= 1u << rs.samples[i].trial;
			CU_ASSERT(seen == 0x7u);
		}
	check_samples(&rs);
	/* Cell 0 trial 1 comes after cell 2 trial 0 only when sweeping. */
	size_t first_c2 = rs.nsamples, first_c0_t1 = rs.nsamples;
	for (size_t i = rs.nsamples; i-- > 0;) {
		if (rs.samples[i].cell == 2)
			first_c2 = i;
		if (rs.samples[i].cell == 0 && rs.samples[i].trial == 1)
			first_c0_t1 = i;
	}
	if (order == OPTIONS_ORDER_SWEEP) {
		CU_ASSERT(first_c2 < first_c0_t1);
		CU_ASSERT(log.calls == 2);
		CU_ASSERT(log.nsamples_at_call[0] == rs.nsamples);
	} else {
		CU_ASSERT(first_c0_t1 < first_c2);
		CU_ASSERT(log.calls == 2);
		CU_ASSERT(log.nsamples_at_call[0] == 2 * 4 * 3 / 2);
	}
	CU_ASSERT(log.cells[0] == 0 && log.cells[1] == 2);
	CU_ASSERT(log.saw_end);
	CU_ASSERT(log.progress_calls == 7);
	CU_ASSERT(log.last_done == 6 && log.last_total == 6);
	results_release(&rs);
	teardown();
}

static void test_trials_order_cell(void) { run_trials(OPTIONS_ORDER_CELL, 0); }
static void test_trials_order_sweep(void) { run_trials(OPTIONS_ORDER_SWEEP, 0); }
static void test_warmup_not_recorded(void) { run_trials(OPTIONS_ORDER_CELL, 2); }

static void test_missing_directory(void)
{
	struct options o;
	struct result_set rs;
	struct sweep_plan p = tiny_plan(1);
	char missing[320];

	setup(&o);
	snprintf(missing, sizeof(missing), "%s/nodir/t", dir);
	o.file = missing;
	o.tests_mask = 0x1u;
	results_init(&rs);
	CU_ASSERT(runner_run(&o, &p, &rs, NULL, NULL, err, sizeof(err)) == -1);
	CU_ASSERT(strstr(err, "/nodir") != NULL);
	CU_ASSERT(rs.nsamples == 0);
	CU_ASSERT(runner_prepare(&o, err, sizeof(err)) == -1);
	CU_ASSERT(strstr(err, "/nodir") != NULL);
	results_release(&rs);
	teardown();
}

static void test_prepare_and_keep(void)
{
	struct options o;
	struct result_set rs;
	struct sweep_plan p = tiny_plan(1);
	struct stat st;

	setup(&o);
	o.tests_mask = 0x1u;
	o.keep_file = 1;
	CU_ASSERT_FATAL(runner_prepare(&o, err, sizeof(err)) == 0);
	CU_ASSERT(file_exists());
	CU_ASSERT(runner_prepare(&o, err, sizeof(err)) == -1);	/* O_EXCL */
	CU_ASSERT(strstr(err, "exists already") != NULL);
	results_init(&rs);
	CU_ASSERT_FATAL(runner_run(&o, &p, &rs, NULL, NULL, err, sizeof(err)) == 0);
	CU_ASSERT(stat(file, &st) == 0 && st.st_size == 64 * 1024);	/* -w */
	/* A file with data in it is not ours without --overwrite. */
	CU_ASSERT(runner_run(&o, &p, &rs, NULL, NULL, err, sizeof(err)) == -1);
	CU_ASSERT(strstr(err, "exists already") != NULL);
	o.overwrite = 1;
	o.keep_file = 0;
	CU_ASSERT(runner_prepare(&o, err, sizeof(err)) == 0);
	runner_abandon(&o);
	CU_ASSERT(!file_exists());
	results_release(&rs);
	teardown();
}

static void test_free_space_check(void)
{
	struct options o;

	setup(&o);
	o.sizes_kb[0] = UINT64_C(1) << 50;	/* an exabyte */
	o.nsizes = 1;
	CU_ASSERT(runner_prepare(&o, err, sizeof(err)) == -1);
	CU_ASSERT(strstr(err, "not enough free space") != NULL);
	CU_ASSERT(strstr(err, dir) != NULL);
	CU_ASSERT(!file_exists());
	o.force = 1;
	CU_ASSERT(runner_prepare(&o, err, sizeof(err)) == 0);
	runner_abandon(&o);
	teardown();
}

static void test_stop_interrupts(void)
{
	struct options o;
	struct result_set rs;
	struct sweep_plan p = tiny_plan(1);
	volatile sig_atomic_t stop = 1;

	setup(&o);
	o.tests_mask = 0x1u;
	results_init(&rs);
	CU_ASSERT(runner_run(&o, &p, &rs, NULL, &stop, err, sizeof(err)) == -1);
	CU_ASSERT(strcmp(err, "interrupted in cell 64 kB / 4 kB, test write") == 0);
	CU_ASSERT(rs.nsamples == 0);
	CU_ASSERT(!file_exists());
	results_release(&rs);
	teardown();
}

/* main describes the run for the header; the run keeps that description. */
static void test_describe_first(void)
{
	struct options o;
	struct result_set rs;
	struct sweep_plan p = tiny_plan(1);

	setup(&o);
	o.tests_mask = 0x1u;
	o.direct = 0;
	o.osync = 1;
	o.data = OPTIONS_DATA_RATIO;
	o.data_ratio = 0.5;
	results_init(&rs);
	CU_ASSERT_FATAL(runner_describe(&o, &rs, err, sizeof(err)) == 0);
	CU_ASSERT(rs.meta.timer_resolution_s > 0.0 && rs.meta.timer_resolution_s < 1e-3);
	CU_ASSERT(rs.meta.flags == RESULTS_F_OSYNC);
	CU_ASSERT(strcmp(rs.meta.data_pattern, "ratio=0.50") == 0);
	CU_ASSERT(rs.meta.data_compress_ratio > 1.5 && rs.meta.data_compress_ratio < 2.5);
	CU_ASSERT_EQUAL(rs.meta.data_unique_bytes, 4096);
	CU_ASSERT(strcmp(rs.meta.target_path, file) == 0);
	rs.meta.timer_resolution_s = 0.5;	/* a marker: must not be measured again */
	CU_ASSERT_FATAL(runner_run(&o, &p, &rs, NULL, NULL, err, sizeof(err)) == 0);
	CU_ASSERT(rs.meta.timer_resolution_s == 0.5);
	CU_ASSERT(rs.nsamples == 2);
	check_samples(&rs);
	results_release(&rs);
	teardown();
}

static void test_permutation(void)
{
	static const uint64_t sizes[] = { 1, 2, 17, 1000 };

	for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		uint64_t n = sizes[k], *a = malloc(n * 8), *b = malloc(n * 8);
		unsigned char *seen = calloc(n, 1);
		size_t fixed = 0;
		CU_ASSERT_FATAL(a && b && seen);
		tests_permutation(a, n);
		tests_permutation(b, n);
		CU_ASSERT(memcmp(a, b, n * 8) == 0);	/* fixed seed */
		for (uint64_t i = 0; i < n; i++) {
			CU_ASSERT_FATAL(a[i] < n);
			CU_ASSERT(!seen[a[i]]);
			seen[a[i]] = 1;
			fixed += a[i] == i;
		}
		if (n == 1000)
			CU_ASSERT(fixed < 20);	/* shuffled, not the identity */
		free(a);
		free(b);
		free(seen);
	}
}

static void test_stride_order(void)
{
	/* Worked by hand from IOzone's rule (iozone.c read_stride_perf_test). */
	static const struct { uint64_t n, s, want[10]; } rows[] = {
		{ 10, 3, { 0, 3, 6, 1, 4, 7, 2, 5, 3, 6 } },
		{ 4, 17, { 0, 0, 0, 0 } },
		{ 6, 1, { 0, 1, 2, 3, 1, 2 } },
	};
	for (size_t r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
		uint64_t got[10];
		tests_stride_order(got, rows[r].n, rows[r].s);
		for (uint64_t i = 0; i < rows[r].n; i++)
			CU_ASSERT(got[i] == rows[r].want[i]);
	}
}

static void test_table(void)
{
	static const struct { int n, col0, col1, passes; } rows[] = {
		{ 0, RC_WRITE, RC_REWRITE, 2 }, { 1, RC_READ, RC_REREAD, 2 },
		{ 2, RC_RANDOM_READ, RC_RANDOM_WRITE, 2 }, { 3, RC_BKWD_READ, -1, 2 },
		{ 4, RC_RECORD_REWRITE, -1, 1 }, { 5, RC_STRIDE_READ, -1, 1 },
		{ 6, RC_FWRITE, RC_FREWRITE, 2 }, { 7, RC_FREAD, RC_FREREAD, 2 },
		{ 9, RC_PWRITE, RC_REPWRITE, 2 }, { 10, RC_PREAD, RC_REPREAD, 2 },
		{ 11, RC_PWRITEV, RC_REPWRITEV, 2 }, { 12, RC_PREADV, RC_REPREADV, 2 },
	};
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		const struct tests_def *t = tests_find(rows[i].n);
		CU_ASSERT_FATAL(t != NULL);
		CU_ASSERT(t->col[0] == rows[i].col0 && t->col[1] == rows[i].col1);
		CU_ASSERT(t->passes == rows[i].passes);
	}
	CU_ASSERT(tests_find(8) == NULL);
	CU_ASSERT(tests_find(13) == NULL);
}

/* Records per vectored call and write-buffer bytes, known values. */
static void test_buffer_sizes(void)
{
	static const struct { uint64_t numrecs, reclen; size_t nvec; } vec[] = {
		{ 1000, 4096, 16 }, { 1000, 65536, 16 }, { 1000, 131072, 8 },
		{ 1000, 102400, 10 }, { 1000, 3072, 16 }, { 1000, 1u << 20, 1 },
		{ 1000, 16u << 20, 1 }, { 5, 4096, 5 }, { 0, 4096, 1 }, { 3, 0, 3 },
	};
	static const struct { uint64_t reclen; size_t nvec; int one; size_t len; } wb[] = {
		{ 4096, 16, 0, (64u << 10) + (1u << 20) }, { 4096, 16, 1, 64u << 10 },
		{ 4096, 1, 0, 4096 + (1u << 20) }, { 16u << 20, 1, 0, 17u << 20 },
		{ 16u << 20, 1, 1, 16u << 20 }, { 1536u << 10, 1, 0, 2560u << 10 },
	};

	for (size_t i = 0; i < sizeof(vec) / sizeof(vec[0]); i++)
		CU_ASSERT(tests_vec_count(vec[i].numrecs, vec[i].reclen) == vec[i].nvec);
	for (size_t i = 0; i < sizeof(wb) / sizeof(wb[0]); i++)
		CU_ASSERT(tests_wbuf_len(wb[i].reclen, wb[i].nvec, wb[i].one) == wb[i].len);
}

/*
 * 1 KiB chunks of the file at most 1 MiB apart that are the same: 0 when
 * no 1 MiB stretch holds a piece of the pattern twice (windows start on
 * 1 KiB boundaries, so a repeat shows as two equal aligned chunks).
 */
static size_t repeats_within_mib(const unsigned char *data, size_t len)
{
	const size_t chunk = 1024, reach = (1u << 20) / chunk;
	size_t n = len / chunk, found = 0;

	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n && j - i < reach; j++)
			if (memcmp(data + i * chunk, data + j * chunk, 8) == 0 &&
			    memcmp(data + i * chunk, data + j * chunk, chunk) == 0)
				found++;
	return found;
}

/*
 * The write windows (tests.h): with --data random no 1 MiB stretch of a
 * sequentially written file repeats any of the pattern, for records
 * below, at and above 1 MiB (1.5 MiB needs the short step), through
 * pwritev groups, and after fread borrowed the write buffer for stdio.
 */
static void test_write_windows_mib(void)
{
	static const struct { uint64_t file_kb, rec_kb; unsigned mask; } rows[] = {
		{ 3072, 4, 0x1u }, { 3072, 4, 0x801u }, { 4096, 64, 0x2c1u },
		{ 4096, 1024, 0x1u }, { 6144, 1536, 0x1u }, { 8192, 2048, 0x1u },
		{ 9216, 3072, 0x1u }, { 6144, 1536, 0x2c1u },
	};

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct plan_cell pc = { rows[i].file_kb, rows[i].rec_kb, 0 };
		uint64_t rec_axis = rows[i].rec_kb;
		struct sweep_plan p = { &pc, 1, &rec_axis, 1 };
		size_t len = (size_t)rows[i].file_kb * 1024;
		unsigned char *data = malloc(len);
		struct options o;
		struct result_set rs;
		FILE *fp;

		CU_ASSERT_FATAL(data != NULL);
		setup(&o);
		o.tests_mask = rows[i].mask;
		o.extended = 1;
		o.keep_file = 1;
		results_init(&rs);
		CU_ASSERT_FATAL(runner_run(&o, &p, &rs, NULL, NULL, err, sizeof(err)) == 0);
		fp = fopen(file, "rb");
		CU_ASSERT_FATAL(fp != NULL);
		CU_ASSERT_FATAL(fread(data, len, 1, fp) == 1);
		fclose(fp);
		CU_ASSERT(repeats_within_mib(data, len) == 0);
		if (repeats_within_mib(data, len) != 0)
			fprintf(stderr, "row %zu: %llu kB / %llu kB repeats\n", i,
				(unsigned long long)rows[i].file_kb,
				(unsigned long long)rows[i].rec_kb);
		free(data);
		results_release(&rs);
		teardown();
	}
}

static const struct cu_case cases[] = {
	CU_CASE(test_all_tests),
	CU_CASE(test_flags_and_zero_data),
	CU_CASE(test_no_retest),
	CU_CASE(test_trials_order_cell),
	CU_CASE(test_trials_order_sweep),
	CU_CASE(test_warmup_not_recorded),
	CU_CASE(test_missing_directory),
	CU_CASE(test_prepare_and_keep),
	CU_CASE(test_free_space_check),
	CU_CASE(test_stop_interrupts),
	CU_CASE(test_describe_first),
	CU_CASE(test_permutation),
	CU_CASE(test_stride_order),
	CU_CASE(test_table),
	CU_CASE(test_buffer_sizes),
	CU_CASE(test_write_windows_mib),
	{ 0, 0 }
};

CU_MAIN("runner", cases)
