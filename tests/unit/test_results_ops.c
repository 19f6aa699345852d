/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_results_ops.c: the small-file operation records of a result set
 * (results_ops.h) and their comparison (compare.h), on hand-built sets
 * whose figures are worked out here.
 *
 * "fileop create" at force 2 (8 files):
 *   A: trials of 8 calls in 0.08, 0.0727..., 0.0666... s = 100, 110, 120
 *      calls/s, plus a partial trial (left out) and a job row (left out);
 *   B: 130, 140, 150, 160 calls/s.
 *   The same rates as test_compare.c's write cell: Welch's p = 0.0100769,
 *   ratio 145/110 = 1.3181818.
 * "fileop stat" at force 2: A one trial from an imported rate (ops_per_s
 *   50, no seconds), B one trial of 100: ratio 2, p n/a.
 * "fileop mkdir" at force 3: only in A: no row.
 * The group's latency: two trials with histograms of {10, 30} us and
 * {20} us merged: min 10, max 30 us.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/compare.h"
#include "cu.h"
#include "iosweep.h"
#include "model/latency.h"
#include "model/results.h"
#include "model/results_ops.h"
#include "model/stats.h"

static void add(struct result_set *rs, const char *test, unsigned force, unsigned trial,
		double rate, int job, unsigned flags)
{
	struct result_op o;

	results_op_clear(&o);
	snprintf(o.test, sizeof(o.test), "%s", test);
	o.force = force;
	o.files = (uint64_t)force * force * force;
	o.trial = (uint16_t)trial;
	o.job = job;
	o.flags = flags;
	o.calls = 8;
	o.seconds = 8.0 / rate;
	CU_ASSERT_EQUAL_FATAL(results_add_op(rs, &o), 0);
}

static void build(struct result_set *a, struct result_set *b)
{
	static const double ra[] = { 100, 110, 120 }, rb[] = { 130, 140, 150, 160 };
	struct result_op o;

	results_init(a);
	results_init(b);
	for (unsigned t = 0; t < 3; t++)
		add(a, "fileop create", 2, t, ra[t], -1, 0);
	add(a, "fileop create", 2, 3, 1e6, -1, RESULTS_OF_PARTIAL);
	add(a, "fileop create", 2, 0, 5.0, 0, 0);
	for (unsigned t = 0; t < 4; t++)
		add(b, "fileop create", 2, t, rb[t], -1, 0);
	results_op_clear(&o);
	snprintf(o.test, sizeof(o.test), "fileop stat");
	o.force = 2;
	o.files = 8;
	o.ops_per_s = 50;
	CU_ASSERT_EQUAL_FATAL(results_add_op(a, &o), 0);
	add(b, "fileop stat", 2, 0, 100, -1, 0);
	add(a, "fileop mkdir", 3, 0, 10, -1, RESULTS_OF_SHORT);
}

static void test_rate(void)
{
	struct result_op o;

	results_op_clear(&o);
	CU_ASSERT(isnan(results_op_rate(&o)));
	CU_ASSERT_EQUAL(o.job, -1);
	o.calls = 10;
	o.seconds = 0.5;
	CU_ASSERT_DOUBLE_EQUAL(results_op_rate(&o), 20.0, 1e-12);
	o.seconds = 0.0;		/* no time: no figure */
	CU_ASSERT(isnan(results_op_rate(&o)));
	o.seconds = NAN;		/* imported: the printed rate */
	o.ops_per_s = 1234;
	CU_ASSERT_DOUBLE_EQUAL(results_op_rate(&o), 1234.0, 1e-12);
}

static void test_groups(void)
{
	struct result_set a, b;
	struct results_op_group *g;
	double v[8];

	build(&a, &b);
	CU_ASSERT_EQUAL_FATAL(results_op_groups(&a, &g), 3);
	/* the order the tests first appear in, then files */
	CU_ASSERT_STRING_EQUAL(g[0].test, "fileop create");
	CU_ASSERT_STRING_EQUAL(g[1].test, "fileop stat");
	CU_ASSERT_STRING_EQUAL(g[2].test, "fileop mkdir");
	CU_ASSERT_EQUAL(g[0].s.n, 3);	/* the partial trial and the job row left out */
	CU_ASSERT_DOUBLE_EQUAL(g[0].s.mean, 110.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(g[0].s.min, 100.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(g[0].s.max, 120.0, 1e-9);
	CU_ASSERT_EQUAL(g[0].short_timing, 0);
	CU_ASSERT_EQUAL(g[0].has_lat, 0);
	CU_ASSERT_EQUAL(g[1].s.n, 1);
	CU_ASSERT_DOUBLE_EQUAL(g[1].s.mean, 50.0, 1e-9);
	CU_ASSERT_EQUAL(g[2].force, 3);
	CU_ASSERT_EQUAL(g[2].files, 27);
	CU_ASSERT_EQUAL(g[2].short_timing, 1);
	free(g);
	CU_ASSERT_EQUAL(results_op_values(&a, "fileop create", 8, 2, v, 8), 3);
	CU_ASSERT_DOUBLE_EQUAL(v[0], 100.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(v[2], 120.0, 1e-9);
	CU_ASSERT_EQUAL(results_op_values(&a, "fileop create", 27, 3, v, 8), 0);
	CU_ASSERT_EQUAL(results_op_values(&a, "fileop create", 8, 2, v, 2), 2);
	CU_ASSERT(results_ops_fileop(&a));
	results_release(&a);
	results_release(&b);
	/* an empty set: no groups, no array */
	results_init(&a);
	g = (struct results_op_group *)&a;
	CU_ASSERT_EQUAL(results_op_groups(&a, &g), 0);
	CU_ASSERT_PTR_NULL(g);
	CU_ASSERT(!results_ops_fileop(&a));
	results_release(&a);
}

static void test_latency(void)
{
	struct result_set rs;
	struct latency_hist h;
	struct results_op_group *g;
	static const uint64_t ns[2][2] = { { 10000, 30000 }, { 20000, 0 } };

	results_init(&rs);
	for (unsigned t = 0; t < 2; t++) {
		struct result_op o;
		CU_ASSERT_EQUAL_FATAL(latency_init(&h), 0);
		for (int k = 0; k < 2; k++)
			if (ns[t][k])
				latency_add(&h, ns[t][k]);
		results_op_clear(&o);
		snprintf(o.test, sizeof(o.test), "files stat");
		o.files = 100;
		o.trial = (uint16_t)t;
		o.calls = 2;
		o.seconds = 1.0;
		o.lat = latency_compact(&h);
		latency_release(&h);
		CU_ASSERT_PTR_NOT_NULL_FATAL(o.lat);
		CU_ASSERT_EQUAL_FATAL(results_add_op(&rs, &o), 0);
	}
	CU_ASSERT_EQUAL_FATAL(results_op_groups(&rs, &g), 1);
	CU_ASSERT_EQUAL(g[0].has_lat, 1);
	CU_ASSERT_DOUBLE_EQUAL(g[0].lat_us[0], 10.0, 0.1);	/* min */
	CU_ASSERT_DOUBLE_EQUAL(g[0].lat_us[2], 30.0, 0.3);	/* max */
	CU_ASSERT_DOUBLE_EQUAL(g[0].lat_us[1], 20.0, 0.2);	/* mean */
	free(g);
	results_release(&rs);
}

static void test_compare(void)
{
	struct result_set a, b;
	struct compare_result r;
	char err[IOSWEEP_ERR_MAX];

	build(&a, &b);
	CU_ASSERT_EQUAL_FATAL(compare_sets(&a, &b, RESULTS_UNIT_KBPS, COMPARE_ALPHA,
					   STATS_ADJUST_HOLM, &r, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(r.nrows, 2);
	CU_ASSERT_STRING_EQUAL(compare_row_test(&r.rows[0]), "fileop create");
	CU_ASSERT_EQUAL(r.rows[0].col, -1);
	CU_ASSERT_EQUAL(r.rows[0].files, 8);
	CU_ASSERT_EQUAL(r.rows[0].force, 2);
	CU_ASSERT_EQUAL(r.rows[0].n_a, 3);
	CU_ASSERT_EQUAL(r.rows[0].n_b, 4);
	CU_ASSERT_DOUBLE_EQUAL(r.rows[0].ratio, 145.0 / 110.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(r.rows[0].p_value, 0.0100769433, 1e-6);
	/* one p tested: Holm leaves it as it is */
	CU_ASSERT_DOUBLE_EQUAL(r.rows[0].p_adjusted, 0.0100769433, 1e-6);
	CU_ASSERT_EQUAL(r.rows[0].significant, 1);
	CU_ASSERT_STRING_EQUAL(compare_row_test(&r.rows[1]), "fileop stat");
	CU_ASSERT_DOUBLE_EQUAL(r.rows[1].ratio, 2.0, 1e-9);
	CU_ASSERT(isnan(r.rows[1].p_value));
	CU_ASSERT_EQUAL(r.rows[1].significant, -1);
	CU_ASSERT_EQUAL(r.ntested, 1);
	CU_ASSERT_EQUAL_FATAL(r.ntests, 2);
	CU_ASSERT_STRING_EQUAL(compare_test_name(&r.tests[0]), "fileop create");
	CU_ASSERT_DOUBLE_EQUAL(r.tests[0].geomean_ratio, 145.0 / 110.0, 1e-9);
	compare_release(&r);
	results_release(&b);
	/* nothing in common: refused */
	results_init(&b);
	add(&b, "files create", 0, 0, 10, -1, 0);
	CU_ASSERT_EQUAL(compare_sets(&a, &b, RESULTS_UNIT_KBPS, COMPARE_ALPHA,
				     STATS_ADJUST_BH, &r, err, sizeof(err)), -1);
	CU_ASSERT(strstr(err, "in common") != NULL);
	results_release(&a);
	results_release(&b);
}

static const struct cu_case cases[] = {
	CU_CASE(test_rate), CU_CASE(test_groups), CU_CASE(test_latency),
	CU_CASE(test_compare), { 0 }
};
CU_MAIN("results_ops", cases)
