/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_compare_tl.c: steady levels of two timelines (compare_tl.c), on
 * seeded synthetic passes (48 seeds): a pass that falls from a cache to
 * its level is judged on the level after the fall, so it matches a flat
 * pass at that level; the same shape at half the level differs, by 0.5;
 * two draws of one shape never differ; cells in one set only are left
 * out.
 */
#include <math.h>
#include <string.h>

#include "analysis/compare_tl.h"
#include "cu.h"
#include "model/results.h"
#include "run/data/pattern.h"
#include "model/timeline.h"

#define SEEDS 48
#define IVL 100000000ull   /* 100 ms */

/*
 * Three trials of a write pass in 64 kB records of a 4 GB file: cache_n
 * intervals at cache_mbps, then rest_n at mbps, each with noise% noise,
 * and a partial last interval.
 */
static void add_pass(struct result_set *rs, int col, uint64_t seed, size_t cache_n,
		     double cache_mbps, size_t rest_n, double mbps, double noise)
{
	uint64_t rng = seed;

	rs->timeline.interval_ns = IVL;
	for (uint16_t trial = 0; trial < 3; trial++) {
		size_t n = cache_n + rest_n;
		for (size_t i = 0; i <= n; i++) {
			struct timeline_row r;
			double u = (double)(pattern_splitmix64(&rng) >> 11) / 9007199254740992.0;
			double level = i < cache_n ? cache_mbps : mbps;
			memset(&r, 0, sizeof(r));
			r.col = col;
			r.file_kb = 4194304;
			r.record_kb = 64;
			r.trial = trial;
			r.start_ns = i * IVL;
			r.len_ns = i < n ? IVL : IVL / 3;
			r.bytes = (uint64_t)(level * (1.0 + noise * (2.0 * u - 1.0)) *
					     1048576.0 * ((double)r.len_ns / 1e9));
			r.ops = r.bytes / 65536;
			for (int k = 0; k < TIMELINE_NLAT; k++)
				r.lat_us[k] = NAN;
			CU_ASSERT_FATAL(timeline_add(&rs->timeline, &r) == 0);
		}
	}
}

static void compare(const struct result_set *a, const struct result_set *b,
		    struct tl_level_list *l)
{
	char err[256];
	CU_ASSERT_FATAL(compare_tl_levels(a, b, l, err, sizeof(err)) == 0);
}

static void test_levels(void)
{
	for (uint64_t seed = 1; seed <= SEEDS; seed++) {
		struct result_set a, flat, half, again;
		struct tl_level_list l;

		results_init(&a);
		results_init(&flat);
		results_init(&half);
		results_init(&again);
		add_pass(&a, RC_WRITE, seed, 10, 1000.0, 40, 100.0, 0.03);
		add_pass(&a, RC_READ, seed + 1000, 0, 0.0, 50, 300.0, 0.03);
		add_pass(&flat, RC_WRITE, seed + 2000, 0, 0.0, 50, 100.0, 0.03);
		add_pass(&half, RC_WRITE, seed + 3000, 10, 1000.0, 40, 50.0, 0.03);
		add_pass(&again, RC_WRITE, seed + 4000, 10, 1000.0, 40, 100.0, 0.03);

		compare(&a, &flat, &l);
		CU_ASSERT_EQUAL_FATAL(l.n, 1);          /* the read is in a only */
		CU_ASSERT_EQUAL(l.items[0].col, RC_WRITE);
		CU_ASSERT_EQUAL(l.items[0].trials_a, 3);
		CU_ASSERT(fabs(l.items[0].a_kbps / 102400.0 - 1.0) < 0.02);
		CU_ASSERT(l.items[0].a_from_s > 0.85 && l.items[0].a_from_s < 1.15);
		CU_ASSERT_DOUBLE_EQUAL(l.items[0].b_from_s, 0.0, 1e-9);
		CU_ASSERT(fabs(l.items[0].ratio - 1.0) < 0.03);
		CU_ASSERT_EQUAL(l.items[0].differ, 0);
		compare_tl_release(&l);

		compare(&a, &half, &l);
		CU_ASSERT_EQUAL_FATAL(l.n, 1);
		CU_ASSERT(fabs(l.items[0].ratio - 0.5) < 0.02);
		CU_ASSERT_EQUAL(l.items[0].differ, 1);
		compare_tl_release(&l);

		compare(&a, &again, &l);
		CU_ASSERT_EQUAL_FATAL(l.n, 1);
		CU_ASSERT_EQUAL(l.items[0].differ, 0);
		compare_tl_release(&l);

		results_release(&a);
		results_release(&flat);
		results_release(&half);
		results_release(&again);
	}
}

/* A set without a timeline: nothing to compare. */
static void test_empty(void)
{
	struct result_set a, b;
	struct tl_level_list l;

	results_init(&a);
	results_init(&b);
	add_pass(&a, RC_WRITE, 7, 0, 0.0, 20, 100.0, 0.03);
	compare(&a, &b, &l);
	CU_ASSERT_EQUAL(l.n, 0);
	compare_tl_release(&l);
	results_release(&a);
	results_release(&b);
}

static const struct cu_case cases[] = {
	CU_CASE(test_levels),
	CU_CASE(test_empty),
	{ 0 }
};

CU_MAIN("compare_tl", cases)
