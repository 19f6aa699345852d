/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_tests.c: the tests' pass runner: --min-time repeats short passes until they add up. */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cu.h"
#include "options/options.h"
#include "run/plan.h"
#include "results.h"
#include "run/runner.h"

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

static const struct cu_case cases[] = {
	CU_CASE(test_once_without),
	CU_CASE(test_repeated_with),
	{ 0 }
};
CU_MAIN("tests", cases)
