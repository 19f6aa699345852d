/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_timeline.c: the accumulator the timed loop feeds (timeline.c),
 * driven with made-up clock readings: rows on the grid from t0, an
 * operation counted in the interval it finished in, a stall as empty
 * rows, the last partial row, the rows adding up to the pass's bytes
 * (also when a short last vector group was counted whole), and the
 * interval's latency figures from its own histogram.
 */
#include <math.h>
#include <string.h>

#include "cu.h"
#include "model/results.h"
#include "model/timeline.h"

#define MS 1000000ull

static uint64_t sum_bytes(const struct timeline_acc *a)
{
	uint64_t b = 0;
	for (size_t i = 0; i < a->n; i++)
		b += a->rows[i].bytes;
	return b;
}

/* A pass of ops finishing at the given times (ms after t0 = 1000 ms). */
static void feed(struct timeline_acc *a, const uint64_t *ms, size_t n, uint64_t bytes_per_op)
{
	uint64_t t0 = 1000 * MS, tp = t0;

	timeline_acc_reset(a, bytes_per_op);
	timeline_acc_begin(a, t0);
	for (size_t i = 0; i < n; i++) {
		uint64_t tn = t0 + ms[i] * MS;
		timeline_acc_op(a, tn, tn - tp);
		tp = tn;
	}
}

static void test_grid(void)
{
	struct timeline_acc a;
	/* interval 100 ms: 3 ops in [0,100), 1 in [100,200), none in
	 * [200,300) and [300,400) (a stall), 2 in [400,500), end at 450 */
	static const uint64_t ms[] = { 10, 20, 99, 150, 410, 430 };

	CU_ASSERT_FATAL(timeline_acc_init(&a, 100 * MS) == 0);
	feed(&a, ms, 6, 4096);
	timeline_acc_end(&a, 1000 * MS + 450 * MS, 6 * 4096);
	CU_ASSERT_EQUAL_FATAL(a.n, 5);
	static const uint64_t ops[] = { 3, 1, 0, 0, 2 };
	for (size_t i = 0; i < 5; i++) {
		CU_ASSERT_EQUAL(a.rows[i].start_ns, i * 100 * MS);
		CU_ASSERT_EQUAL(a.rows[i].len_ns, i < 4 ? 100 * MS : 50 * MS);
		CU_ASSERT_EQUAL(a.rows[i].ops, ops[i]);
		CU_ASSERT_EQUAL(a.rows[i].bytes, ops[i] * 4096);
	}
	/* latency of an interval: its own ops only (10, 10, 79 ms; the stall
	 * rows have none) */
	CU_ASSERT_DOUBLE_EQUAL(a.rows[0].lat_us[TIMELINE_LAT_MAX], 79000.0, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(a.rows[0].lat_us[TIMELINE_LAT_MEAN], 33000.0, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(a.rows[1].lat_us[TIMELINE_LAT_MAX], 51000.0, 1e-6);
	CU_ASSERT(isnan(a.rows[2].lat_us[TIMELINE_LAT_P50]));
	CU_ASSERT(isnan(a.rows[3].lat_us[TIMELINE_LAT_MEAN]));
	CU_ASSERT_DOUBLE_EQUAL(a.rows[4].lat_us[TIMELINE_LAT_MAX], 260000.0, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(timeline_row_kbps(&a.rows[0]), 3 * 4.0 / 0.1, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(timeline_row_iops(&a.rows[4]), 2 / 0.05, 1e-9);
	CU_ASSERT_EQUAL(sum_bytes(&a), 6 * 4096);
	timeline_acc_release(&a);
}

/* The last step moved less than a whole step: the rows still add up. */
static void test_short_last_step(void)
{
	struct timeline_acc a;
	static const uint64_t ms[] = { 5, 15, 25 };

	CU_ASSERT_FATAL(timeline_acc_init(&a, 10 * MS) == 0);
	feed(&a, ms, 3, 65536);
	/* the end comes right at a boundary: the last op's row is closed
	 * whole, then the pass says it moved only 2.5 steps */
	timeline_acc_end(&a, 1000 * MS + 30 * MS, 65536 * 2 + 32768);
	CU_ASSERT_EQUAL(sum_bytes(&a), 65536 * 2 + 32768);
	CU_ASSERT_EQUAL(a.rows[a.n - 1].start_ns + a.rows[a.n - 1].len_ns, 30 * MS);
	timeline_acc_release(&a);
}

/* Reset between passes; keep labels the rows with the pass. */
static void test_keep(void)
{
	struct timeline_acc a;
	struct timeline t;
	struct timeline_row proto;
	static const uint64_t ms[] = { 1, 2, 3 };
	size_t first, end;

	timeline_init(&t);
	memset(&proto, 0, sizeof(proto));
	CU_ASSERT_FATAL(timeline_acc_init(&a, 2 * MS) == 0);
	for (uint16_t trial = 0; trial < 2; trial++) {
		feed(&a, ms, 3, 1024);
		timeline_acc_end(&a, 1000 * MS + 3 * MS, 3 * 1024);
		proto.col = RC_READ;
		proto.file_kb = 3;
		proto.record_kb = 1;
		proto.trial = trial;
		CU_ASSERT_FATAL(timeline_acc_keep(&a, &proto, &t) == 0);
	}
	CU_ASSERT_EQUAL(t.interval_ns, 2 * MS);
	CU_ASSERT_EQUAL(t.n, 4);
	CU_ASSERT_EQUAL_FATAL(timeline_next_pass(&t, 0, &first, &end), 0);
	CU_ASSERT_EQUAL(first, 0);
	CU_ASSERT_EQUAL(end, 2);
	CU_ASSERT_EQUAL(t.rows[2].trial, 1);
	CU_ASSERT_EQUAL(t.rows[2].col, RC_READ);
	CU_ASSERT_EQUAL_FATAL(timeline_next_pass(&t, end, &first, &end), 0);
	CU_ASSERT_EQUAL(end, 4);
	CU_ASSERT(timeline_next_pass(&t, end, &first, &end) != 0);
	timeline_acc_release(&a);
	timeline_release(&t);
}

/* Without timeline_acc_begin (a pass that ran no timed loop) nothing is kept. */
static void test_not_started(void)
{
	struct timeline_acc a;

	CU_ASSERT_FATAL(timeline_acc_init(&a, 10 * MS) == 0);
	timeline_acc_reset(&a, 4096);
	timeline_acc_end(&a, 5000 * MS, 4096);
	CU_ASSERT_EQUAL(a.n, 0);
	timeline_acc_release(&a);
}

/*
 * The sampled loop (timeline_acc_sample), driven as the record loop's
 * REC_SAMPLED copy (tests_loop.h) drives it:
 * op i takes op_ns(i); the loop counts down and hands the clock to the
 * accumulator when the count reaches 0.
 */
struct sampled {
	uint64_t ops, readings, end_ns;
	uint64_t stall_at, stall_ns;   /* op stall_at takes stall_ns (0: none) */
	uint64_t fast_ns, slow_ns;     /* every 32nd op slow_ns, the rest fast_ns */
};

static uint64_t sampled_op_ns(const struct sampled *p, uint64_t i)
{
	if (p->stall_ns && i == p->stall_at)
		return p->stall_ns;
	return i % 32 == 31 ? p->slow_ns : p->fast_ns;
}

static void run_sampled(struct timeline_acc *a, struct sampled *p, uint64_t bytes_per_op)
{
	uint64_t now = 1000 * MS, tp = now, left;

	timeline_acc_reset(a, bytes_per_op);
	timeline_acc_begin(a, tp);
	left = a->left;
	p->readings = 0;
	for (uint64_t i = 0; i < p->ops; i++) {
		now += sampled_op_ns(p, i);
		if (--left == 0) {
			left = timeline_acc_sample(a, now, &tp);
			p->readings++;
		}
	}
	a->left = left;
	p->end_ns = now;
	timeline_acc_end(a, now, p->ops * bytes_per_op);
}

static uint64_t sum_ops(const struct timeline_acc *a)
{
	uint64_t n = 0;
	for (size_t i = 0; i < a->n; i++)
		n += a->rows[i].ops;
	return n;
}

/*
 * Fast ops: few readings, yet every op and byte counted, each in the
 * interval it finished in or within one batch of it; the sampled
 * latency is the op's own.
 */
static void test_sampled_fast(void)
{
	struct timeline_acc a;
	/* 1,000,001 ops of 500 ns (the odd one out: a countdown left over) */
	struct sampled p = { 1000001, 0, 0, 0, 0, 500, 500 };

	CU_ASSERT_FATAL(timeline_acc_init(&a, 100 * MS) == 0);
	run_sampled(&a, &p, 4096);
	CU_ASSERT_EQUAL(sum_ops(&a), p.ops);
	CU_ASSERT_EQUAL(sum_bytes(&a), p.ops * 4096);
	/* 2 readings per batch of about 40 us (80 ops): under 1 in 20 ops */
	CU_ASSERT(p.readings < p.ops / 20);
	CU_ASSERT(p.readings > p.ops / 1000);
	CU_ASSERT_EQUAL_FATAL(a.n, 6);   /* 5 x 100 ms and 0.5 us more */
	for (size_t i = 0; i < 5; i++) {
		/* 200,000 ops finish in each; a batch is at most 1.5 x 128 */
		CU_ASSERT(a.rows[i].ops + 192 >= 200000 && a.rows[i].ops <= 200000 + 192);
		CU_ASSERT_DOUBLE_EQUAL(a.rows[i].lat_us[TIMELINE_LAT_P50], 0.5, 0.05);
		CU_ASSERT_DOUBLE_EQUAL(a.rows[i].lat_us[TIMELINE_LAT_MEAN], 0.5, 0.05);
		CU_ASSERT_DOUBLE_EQUAL(a.rows[i].lat_us[TIMELINE_LAT_MAX], 0.5, 0.05);
	}
	timeline_acc_release(&a);
}

/* Slow ops: every one timed (the stride stays 1), as the --latency loop. */
static void test_sampled_slow(void)
{
	struct timeline_acc a;
	struct sampled p = { 2000, 0, 0, 0, 0, 200000, 200000 };

	CU_ASSERT_FATAL(timeline_acc_init(&a, 100 * MS) == 0);
	run_sampled(&a, &p, 65536);
	CU_ASSERT_EQUAL(p.readings, p.ops);
	CU_ASSERT_EQUAL(sum_ops(&a), p.ops);
	/* the last op ends at 400 ms, on a boundary: the fifth row holds it */
	CU_ASSERT_EQUAL_FATAL(a.n, 5);
	CU_ASSERT_EQUAL(a.rows[4].len_ns, 0);
	for (size_t i = 0; i < a.n; i++) {
		CU_ASSERT_EQUAL(a.rows[i].ops, i == 0 ? 499 : i == 4 ? 1 : 500);
		CU_ASSERT_DOUBLE_EQUAL(a.rows[i].lat_us[TIMELINE_LAT_MAX], 200.0, 2.0);
	}
	timeline_acc_release(&a);
}

/*
 * Every 32nd op is slow (a read-ahead window): a sample that fell in step
 * with it would see all slow ops or none.  The random batch lengths see
 * their share: p99 is the slow op's time, p50 the fast one's, and the
 * mean near their weighted mean.  A stall of 250 ms is rows with no ops.
 */
static void test_sampled_periodic(void)
{
	struct timeline_acc a;
	struct sampled p = { 400000, 0, 0, 100000, 250 * MS, 500, 50000 };
	double mean = (31 * 0.5 + 50.0) / 32;
	size_t empty = 0;

	CU_ASSERT_FATAL(timeline_acc_init(&a, 100 * MS) == 0);
	run_sampled(&a, &p, 4096);
	CU_ASSERT_EQUAL(sum_ops(&a), p.ops);
	CU_ASSERT_EQUAL(sum_bytes(&a), p.ops * 4096);
	CU_ASSERT(p.readings < p.ops / 4);
	for (size_t i = 0; i + 1 < a.n; i++) {
		const struct timeline_row *r = &a.rows[i];
		if (!r->ops) {
			empty++;
			continue;
		}
		if (r->ops < 10000)
			continue;   /* the rows around the stall */
		CU_ASSERT_DOUBLE_EQUAL(r->lat_us[TIMELINE_LAT_P50], 0.5, 0.05);
		CU_ASSERT_DOUBLE_EQUAL(r->lat_us[TIMELINE_LAT_P99], 50.0, 5.0);
		CU_ASSERT_DOUBLE_EQUAL(r->lat_us[TIMELINE_LAT_MEAN], mean, mean * 0.3);
	}
	CU_ASSERT(empty >= 1);
	timeline_acc_release(&a);
}

/*
 * Two workers on one grid summed (timeline_acc_sum): bytes, ops, the
 * ops-weighted mean and the max add up; the percentiles only for one.
 */
static void test_sum(void)
{
	struct timeline_acc a, b, d;
	struct timeline_acc *both[2] = { &a, &b };
	/* a: ops at 10, 20 (10 ms each), 150 ms; b: ops at 50 (50 ms), 120 ms */
	static const uint64_t ma[] = { 10, 20, 150 }, mb[] = { 50, 120 };

	CU_ASSERT_FATAL(timeline_acc_init(&a, 100 * MS) == 0);
	CU_ASSERT_FATAL(timeline_acc_init(&b, 100 * MS) == 0);
	CU_ASSERT_FATAL(timeline_acc_init(&d, 100 * MS) == 0);
	feed(&a, ma, 3, 4096);
	feed(&b, mb, 2, 4096);
	timeline_acc_end(&a, 1000 * MS + 250 * MS, 3 * 4096);
	timeline_acc_end(&b, 1000 * MS + 250 * MS, 2 * 4096);
	CU_ASSERT_FATAL(timeline_acc_sum(&d, both, 2) == 0);
	CU_ASSERT_EQUAL_FATAL(d.n, 3);
	CU_ASSERT_EQUAL(d.rows[0].ops, 3);
	CU_ASSERT_EQUAL(d.rows[0].bytes, 3 * 4096);
	CU_ASSERT_EQUAL(d.rows[1].ops, 2);
	CU_ASSERT_EQUAL(d.rows[2].ops, 0);
	CU_ASSERT_EQUAL(d.rows[2].len_ns, 50 * MS);
	CU_ASSERT_EQUAL(sum_bytes(&d), 5 * 4096);
	/* interval 0: 10, 10 (a) and 50 ms (b): mean 23.33 ms, max 50 ms */
	CU_ASSERT_DOUBLE_EQUAL(d.rows[0].lat_us[TIMELINE_LAT_MEAN], 70000.0 / 3.0,
			       70000.0 / 3.0 * 0.02);
	CU_ASSERT_DOUBLE_EQUAL(d.rows[0].lat_us[TIMELINE_LAT_MAX], 50000.0, 50000.0 * 0.02);
	CU_ASSERT(isnan(d.rows[0].lat_us[TIMELINE_LAT_P50]));
	CU_ASSERT(isnan(d.rows[0].lat_us[TIMELINE_LAT_P99]));
	CU_ASSERT(isnan(d.rows[2].lat_us[TIMELINE_LAT_MEAN]));
	/* one worker: its rows as they are, percentiles too */
	CU_ASSERT_FATAL(timeline_acc_sum(&d, both, 1) == 0);
	CU_ASSERT_EQUAL_FATAL(d.n, a.n);
	for (size_t i = 0; i < a.n; i++) {
		CU_ASSERT_EQUAL(d.rows[i].bytes, a.rows[i].bytes);
		CU_ASSERT(d.rows[i].ops == 0 ||
			  d.rows[i].lat_us[TIMELINE_LAT_P50] == a.rows[i].lat_us[TIMELINE_LAT_P50]);
	}
	timeline_acc_release(&a);
	timeline_acc_release(&b);
	timeline_acc_release(&d);
}

static const struct cu_case cases[] = {
	CU_CASE(test_sum),
	CU_CASE(test_grid),
	CU_CASE(test_short_last_step),
	CU_CASE(test_keep),
	CU_CASE(test_not_started),
	CU_CASE(test_sampled_fast),
	CU_CASE(test_sampled_slow),
	CU_CASE(test_sampled_periodic),
	{ 0 }
};

CU_MAIN("timeline", cases)
