/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_tests.c: the tests' pass runner: --min-time repeats short passes
 * until they add up; the mmap passes (-B) move the file's bytes and, in
 * verify mode, catch a wrong one at its offset.
 */
#include "compat.h"

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
#include "run/sweep/tests_mmap.h"
#include "run/data/verify.h"

static char dir[256], file[300], err[512];

static void run(unsigned min_time_ms, struct result_set *rs)
{
	struct options o;
	struct plan_cell cell = { 64, 16, 0 };
	uint64_t axis[] = { 16 };
	struct sweep_plan p = { &cell, 1, axis, 1 };

	snprintf(dir, sizeof(dir), "%s/iosweep-mintime.XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	CU_ASSERT_FATAL(mkdtemp(dir) != NULL);
	snprintf(file, sizeof(file), "%s/t", dir);
	memset(&o, 0, sizeof(o));
	o.file = file;
	o.trials = 1;
	o.multiplier = 2;
	o.stride = 17;
	o.min_time_ms = min_time_ms;
	o.tests_mask = (1u << 0) | (1u << 1) | (1u << 2);
	results_init(rs);
	CU_ASSERT_FATAL(runner_run(&o, &p, rs, NULL, NULL, err, sizeof(err)) == 0);
	unlink(file);
	rmdir(dir);
}

static void test_once_without(void)
{
	struct result_set rs;
	run(0, &rs);
	CU_ASSERT(rs.nsamples == 6);
	for (size_t i = 0; i < rs.nsamples; i++) {
		CU_ASSERT_EQUAL(rs.samples[i].bytes, 64 * 1024);
		CU_ASSERT_EQUAL(rs.samples[i].ops, 4);
	}
	results_release(&rs);
}

static void test_repeated_with(void)
{
	struct result_set rs;
	run(20, &rs);
	CU_ASSERT(rs.nsamples == 6);
	for (size_t i = 0; i < rs.nsamples; i++) {
		const struct result_sample *s = &rs.samples[i];
		uint64_t reps = s->bytes / (64 * 1024);
		/* whole passes only, each of 4 records */
		CU_ASSERT_EQUAL(s->bytes % (64 * 1024), 0);
		CU_ASSERT_EQUAL(s->ops, reps * 4);
		/* a 64 kB pass takes far less than 20 ms: it was repeated, and
		 * the repetitions add up to about 20 ms or hit the cap */
		CU_ASSERT(reps >= 2);
		CU_ASSERT(reps <= 1000);
		CU_ASSERT(s->elapsed_ns >= 20000000u || reps == 1000);
		CU_ASSERT(s->wall_ns >= s->elapsed_ns);
	}
	results_release(&rs);
}

/*
 * The mmap read passes on a 64 kB file of 0xa5 with one byte wrong: the
 * plain loop moves every record, verify mode's decorated one stops at
 * that byte.
 */
static void test_mmap_checked(void)
{
	enum { REC = 16384, LEN = 4 * REC, BAD = 20000 };
	static unsigned char data[LEN];
	volatile sig_atomic_t stop = 0;
	/* -B alone: none of -e, -c, -+N, -Z, -D, -G */
	static const struct options o = { .mmap = 1 };
	struct tests_ctx c;
	struct pass_sample s;
	uint64_t offsets[4] = { 3 * REC, 2 * REC, REC, 0 };
	FILE *fp;

	snprintf(dir, sizeof(dir), "%s/iosweep-mmap.XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	CU_ASSERT_FATAL(mkdtemp(dir) != NULL);
	snprintf(file, sizeof(file), "%s/t", dir);
	memset(data, 0xa5, sizeof(data));
	data[BAD] = 0xa4;
	fp = fopen(file, "wb");
	CU_ASSERT_FATAL(fp != NULL);
	CU_ASSERT(fwrite(data, 1, LEN, fp) == LEN);
	CU_ASSERT(fclose(fp) == 0);

	memset(&c, 0, sizeof(c));
	c.o = &o;
	c.path = file;
	c.cell.reclen = REC;
	c.cell.numrecs = 4;
	c.cell.file_kb = LEN / 1024;
	c.bufs.buf = malloc(REC);
	c.bufs.offsets = offsets;
	c.stop = &stop;
	c.err = err;
	c.errlen = sizeof(err);
	c.advise = -1;	/* no -+A, as runner.c sets it without one */
	c.pass.vfy.byte = 0xa5;
	CU_ASSERT_FATAL(c.bufs.buf != NULL);

	/* without verify mode the wrong byte goes unseen */
	memset(&s, 0, sizeof(s));
	CU_ASSERT_EQUAL(tests_mmap_read(&c, 0, &s), TESTS_OK);
	CU_ASSERT_EQUAL(s.bytes, LEN);
	CU_ASSERT_EQUAL(s.ops, 4);
	c.pass.vfy.mode = VERIFY_BYTE;
	CU_ASSERT_EQUAL(tests_mmap_read(&c, 0, &s), TESTS_ERROR);
	CU_ASSERT_EQUAL(c.loop.failed, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "offset 20000"));
	c.loop.failed = 0;
	CU_ASSERT_EQUAL(tests_mmap_bkwd(&c, 0, &s), TESTS_ERROR);
	CU_ASSERT_EQUAL(c.loop.failed, 1);
	c.loop.failed = 0;
	CU_ASSERT_EQUAL(tests_mmap_stride(&c, 0, &s), TESTS_ERROR);
	CU_ASSERT_EQUAL(c.loop.failed, 1);
	/* a rewrite through the mapping puts the right bytes back */
	c.bufs.wbuf = malloc(2 * REC);
	CU_ASSERT_FATAL(c.bufs.wbuf != NULL);
	memset(c.bufs.wbuf, 0xa5, 2 * REC);
	c.cell.wlen = 2 * REC;
	c.one_window = 1;
	CU_ASSERT_EQUAL(tests_mmap_write(&c, 1, &s), TESTS_OK);
	c.loop.failed = 0;
	CU_ASSERT_EQUAL(tests_mmap_read(&c, 0, &s), TESTS_OK);
	CU_ASSERT_EQUAL(c.loop.failed, 0);
	free(c.bufs.wbuf);
	free(c.bufs.buf);
	unlink(file);
	rmdir(dir);
}

static const struct cu_case cases[] = {
	CU_CASE(test_once_without),
	CU_CASE(test_repeated_with),
	CU_CASE(test_mmap_checked),
	{ 0 }
};
CU_MAIN("tests", cases)
