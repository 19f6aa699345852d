/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_cliff_time.c: cliffs in time (cliff_time.c) on seeded synthetic
 * timelines, at least 40 seeds per shape: flat, noisy (with stalls and
 * spikes), periodic ZFS transaction-group bursts and a slow slope must
 * give no cliff; one drop, two drops and a drop near the end must give
 * exactly the cliffs they hold, where they hold them.  The drops fall at
 * a fractional time inside an interval, as real ones do.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cu.h"
#include "analysis/cliff.h"
#include "analysis/cliff_time.h"
#include "model/results.h"
#include "model/timeline.h"

#define SEEDS 48
#define NPTS 200
#define IVL_NS 100000000ull    /* 100 ms */
#define IVL_S 0.1

static uint64_t next_u64(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static double uniform(uint64_t *s)
{
	return ((double)(next_u64(s) >> 11) + 0.5) / 9007199254740992.0;
}

static double gauss(uint64_t *s)
{
	return sqrt(-2.0 * log(uniform(s))) * cos(2.0 * 3.14159265358979 * uniform(s));
}

/*
 * A pass of n intervals whose true rate (kB/s) at time t (seconds) is
 * rate(t) -- piecewise constant, evaluated on a fine grid so an interval
 * that holds a fall gets the mixture -- times lognormal noise sigma.
 */
struct shape {
	double lv[3];     /* levels */
	double at_s[2];   /* falls (seconds), < 0: none */
	int periodic;     /* ZFS-like: lv[0] for on_s every period_s, else lv[1] */
	double period_s, on_s, phase_s;
	int slope;        /* ln-linear from lv[0] to lv[1] over the pass */
};

static double true_rate(const struct shape *sh, double t, double total_s)
{
	if (sh->periodic)
		return fmod(t + sh->phase_s, sh->period_s) < sh->on_s ? sh->lv[0] : sh->lv[1];
	if (sh->slope)
		return sh->lv[0] * pow(sh->lv[1] / sh->lv[0], t / total_s);
	if (sh->at_s[1] >= 0 && t >= sh->at_s[1])
		return sh->lv[2];
	if (sh->at_s[0] >= 0 && t >= sh->at_s[0])
		return sh->lv[1];
	return sh->lv[0];
}

/* Interval i of a pass (col, sizes) that moved kb, on the IVL_NS grid. */
static void add_interval(struct timeline *t, int col, uint64_t file_kb,
			 uint64_t record_kb, size_t i, double kb)
{
	struct timeline_row r;

	memset(&r, 0, sizeof(r));
	r.col = col;
	r.file_kb = file_kb;
	r.record_kb = record_kb;
	r.start_ns = i * IVL_NS;
	r.len_ns = IVL_NS;
	r.bytes = (uint64_t)(kb * 1024.0);
	r.ops = r.bytes / (record_kb * 1024);
	for (int k = 0; k < TIMELINE_NLAT; k++)
		r.lat_us[k] = NAN;
	CU_ASSERT_FATAL(timeline_add(t, &r) == 0);
}

static void build(struct timeline *t, const struct shape *sh, size_t n, double sigma,
		  double stall_p, double spike_p, uint64_t seed)
{
	uint64_t s = seed * 7919u + 1;

	timeline_init(t);
	t->interval_ns = IVL_NS;
	for (size_t i = 0; i < n; i++) {
		double kb = 0.0;
		for (int k = 0; k < 20; k++)
			kb += true_rate(sh, ((double)i + (k + 0.5) / 20.0) * IVL_S,
					(double)n * IVL_S) * IVL_S / 20.0;
		kb *= exp(sigma * gauss(&s));
		if (uniform(&s) < stall_p)
			kb = 0.0;
		else if (uniform(&s) < spike_p)
			kb *= 3.0;
		add_interval(t, RC_WRITE, 8u << 20, 1024, i, kb);
	}
}

static size_t cliffs_of(const struct timeline *t, uint64_t ram_kb, unsigned flags,
			struct tcliff_list *l)
{
	char err[128];

	CU_ASSERT_FATAL(cliff_time_detect(t, ram_kb, flags, l, err, sizeof(err)) == 0);
	return l->n;
}

/* No cliff in any seed of a shape. */
static void expect_none(const struct shape *sh, double sigma, double stall_p,
			double spike_p, int vary_phase)
{
	for (uint64_t seed = 1; seed <= SEEDS; seed++) {
		struct shape s2 = *sh;
		struct timeline t;
		struct tcliff_list l;
		if (vary_phase)
			s2.phase_s = (double)(seed % 10) * 0.37;
		build(&t, &s2, NPTS, sigma, stall_p, spike_p, seed);
		if (cliffs_of(&t, 0, 0, &l) != 0)
			fprintf(stderr, "seed %llu: false cliff at %.2f s, %.1fx\n",
				(unsigned long long)seed, l.items[0].at_s, l.items[0].ratio);
		CU_ASSERT_EQUAL(l.n, 0);
		cliff_time_release(&l);
		timeline_release(&t);
	}
}

static void test_flat(void)
{
	struct shape sh = { .lv = { 500000, 500000, 500000 }, .at_s = { -1, -1 } };
	expect_none(&sh, 0.05, 0.0, 0.0, 0);
}

static void test_noisy(void)
{
	struct shape sh = { .lv = { 500000, 500000, 500000 }, .at_s = { -1, -1 } };
	expect_none(&sh, 0.25, 0.02, 0.03, 0);
}

static void test_zfs_txg(void)
{
	/* a transaction group every 5 s: 1 s at memory speed, then 4 s slow */
	struct shape sh = { .lv = { 1000000, 200000, 0 }, .at_s = { -1, -1 },
			    .periodic = 1, .period_s = 5.0, .on_s = 1.0 };
	expect_none(&sh, 0.1, 0.0, 0.0, 1);
	/* and sharp bursts: 0.5 s on, 2.5 s off */
	sh.period_s = 3.0;
	sh.on_s = 0.5;
	expect_none(&sh, 0.1, 0.01, 0.0, 1);
}

static void test_slope(void)
{
	struct shape sh = { .lv = { 800000, 300000, 0 }, .at_s = { -1, -1 }, .slope = 1 };
	expect_none(&sh, 0.05, 0.0, 0.0, 0);
}

/*
 * One cliff at at_s from hi to lo, found where it is: within one
 * interval in time, and in bytes within what one interval moves at the
 * high level of the bytes the pass really moved before at_s (the whole
 * intervals before, then the share of the one it falls in at hi).
 */
static void check_cliff(const struct timeline *t, const struct tcliff *c,
			double at_s, double hi, double lo, double ratio_tol)
{
	size_t k = (size_t)(at_s / IVL_S);
	double at_kb = (at_s - (double)k * IVL_S) * hi;

	for (size_t i = 0; i < k; i++)
		at_kb += (double)t->rows[i].bytes / 1024.0;
	CU_ASSERT(fabs(c->at_s - at_s) <= IVL_S);
	CU_ASSERT(fabs((double)c->at_bytes / 1024.0 - at_kb) <= IVL_S * hi);
	if (fabs(c->ratio / (hi / lo) - 1.0) >= ratio_tol || fabs(c->at_s - at_s) > IVL_S)
		fprintf(stderr, "cliff at %.3f s (true %.3f), ratio %.2f (true %.2f) lv %.0f %.0f\n",
			c->at_s, at_s, c->ratio, hi / lo, c->level_before_kbps, c->level_after_kbps);
	CU_ASSERT(fabs(c->ratio / (hi / lo) - 1.0) < ratio_tol);
	CU_ASSERT(c->confidence >= 0.99 && c->confidence <= 1.0);
	CU_ASSERT_EQUAL(c->col, RC_WRITE);
}

static void test_one_drop(void)
{
	for (uint64_t seed = 1; seed <= SEEDS; seed++) {
		uint64_t s = seed;
		double at = 3.0 + 12.0 * uniform(&s);   /* 3 .. 15 s of 20 */
		struct shape sh = { .lv = { 900000, 120000, 0 }, .at_s = { at, -1 } };
		struct timeline t;
		struct tcliff_list l;

		build(&t, &sh, NPTS, 0.1, 0.0, 0.0, seed);
		CU_ASSERT_EQUAL(cliffs_of(&t, 0, 0, &l), 1);
		if (l.n == 1) {
			check_cliff(&t, &l.items[0], at, 900000, 120000, 0.15);
			CU_ASSERT_EQUAL(l.items[0].kind, CLIFF_KIND_CACHE);
		}
		cliff_time_release(&l);
		timeline_release(&t);
	}
}

static void test_two_drops(void)
{
	for (uint64_t seed = 1; seed <= SEEDS; seed++) {
		uint64_t s = seed + 1000;
		double a1 = 3.0 + 5.0 * uniform(&s);
		double a2 = a1 + 4.0 + 5.0 * uniform(&s);
		struct shape sh = { .lv = { 1000000, 400000, 100000 }, .at_s = { a1, a2 } };
		struct timeline t;
		struct tcliff_list l;

		build(&t, &sh, NPTS, 0.08, 0.0, 0.0, seed);
		CU_ASSERT_EQUAL(cliffs_of(&t, 0, 0, &l), 2);
		if (l.n == 2) {
			check_cliff(&t, &l.items[0], a1, 1000000, 400000, 0.15);
			check_cliff(&t, &l.items[1], a2, 400000, 100000, 0.15);
			CU_ASSERT(l.items[0].at_bytes < l.items[1].at_bytes);
		}
		cliff_time_release(&l);
		timeline_release(&t);
	}
}

static void test_drop_at_end(void)
{
	for (uint64_t seed = 1; seed <= SEEDS; seed++) {
		uint64_t s = seed + 2000;
		double at = (double)NPTS * IVL_S - 0.8 - 0.4 * uniform(&s); /* 8-12 intervals */
		struct shape sh = { .lv = { 700000, 90000, 0 }, .at_s = { at, -1 } };
		struct timeline t;
		struct tcliff_list l;

		build(&t, &sh, NPTS, 0.1, 0.0, 0.0, seed);
		CU_ASSERT_EQUAL(cliffs_of(&t, 0, 0, &l), 1);
		if (l.n == 1)
			/* 8 to 12 points after: their median is
			 * good to about 8 % (sd 0.1 / sqrt(8) x 1.25) */
			check_cliff(&t, &l.items[0], at, 700000, 90000, 0.25);
		cliff_time_release(&l);
		timeline_release(&t);
	}
}

/*
 * A throttle that lets a burst through every 0.3 s: after the fall most
 * 100 ms intervals move nothing and every third moves three intervals'
 * worth.  Each run of stalls is joined with the burst that ends it; the
 * cliff is then found within a few intervals.
 */
static void test_bursty_after(void)
{
	for (uint64_t seed = 1; seed <= SEEDS; seed++) {
		uint64_t s = seed + 3000;
		double at = 6.0 + 6.0 * uniform(&s);
		struct shape sh = { .lv = { 900000, 40000, 0 }, .at_s = { at, -1 } };
		struct timeline t;
		struct tcliff_list l;
		size_t k0 = (size_t)(at / IVL_S) + 1;

		build(&t, &sh, NPTS, 0.1, 0.0, 0.0, seed);
		for (size_t i = k0; i < t.n; i++)
			t.rows[i].bytes = (i - k0) % 3 == 2 ? 3 * t.rows[i].bytes : 0;
		CU_ASSERT_EQUAL(cliffs_of(&t, 0, 0, &l), 1);
		if (l.n == 1) {
			CU_ASSERT(fabs(l.items[0].at_s - at) <= 4 * IVL_S);
			CU_ASSERT(fabs(l.items[0].ratio / (900000.0 / 40000.0) - 1.0) < 0.3);
		}
		cliff_time_release(&l);
		timeline_release(&t);
	}
}

/*
 * The live case's shape (tests/nas/t_timeline_live.sh): a cache read in
 * only 8 intervals, then a throttle whose bursts of one or two chunks come
 * after 2 to 6 empty intervals, so single points after the fall scatter
 * by 4x.  The fall is found at the end of the cache, the level after is
 * the chunks' average rate, and the same bursts without a cache before
 * them are no cliff.
 */
static void test_short_cache_bursty(void)
{
	for (uint64_t seed = 1; seed <= SEEDS; seed++) {
		uint64_t s = seed + 5000;
		struct timeline t;
		struct tcliff_list l;
		double chunk_kb = 2500.0, kb_after = 0.0, s_after = 0.0;

		for (int cached = 1; cached >= 0; cached--) {
			timeline_init(&t);
			t.interval_ns = IVL_NS;
			kb_after = s_after = 0.0;
			for (size_t i = 0, gap = 3; i < NPTS; i++) {
				double kb;
				if (cached && i < 8) {
					kb = 250000.0 * exp(0.05 * gauss(&s));
				} else if (gap-- == 0) {
					kb = chunk_kb * (uniform(&s) < 0.5 ? 1.0 : 2.0);
					gap = 2 + (size_t)(5.0 * uniform(&s));
				} else {
					kb = 0.0;
				}
				if (i >= 8) {
					kb_after += kb;
					s_after += IVL_S;
				}
				add_interval(&t, RC_READ, 640u << 10, 4, i, kb);
			}
			size_t n = cliffs_of(&t, 0, 0, &l);
			CU_ASSERT_EQUAL(n, cached ? 1u : 0u);
			if (cached && n == 1) {
				CU_ASSERT(fabs(l.items[0].at_s - 0.8) <= 2 * IVL_S);
				CU_ASSERT(fabs(l.items[0].level_after_kbps / (kb_after / s_after) - 1.0)
					  < 0.3);
			}
			cliff_time_release(&l);
			timeline_release(&t);
		}
	}
}

/* The kind: a buffered write falling at 20 % of the RAM is write-back. */
static void test_kind(void)
{
	struct shape sh = { .lv = { 900000, 120000, 0 }, .at_s = { 6.05, -1 } };
	struct timeline t;
	struct tcliff_list l;
	uint64_t ram_kb;

	build(&t, &sh, NPTS, 0.05, 0.0, 0.0, 7);
	ram_kb = (uint64_t)(6.05 * 900000 / 0.2);
	CU_ASSERT_EQUAL_FATAL(cliffs_of(&t, ram_kb, 0, &l), 1);
	CU_ASSERT_EQUAL(l.items[0].kind, CLIFF_KIND_WRITEBACK);
	cliff_time_release(&l);
	CU_ASSERT_EQUAL_FATAL(cliffs_of(&t, ram_kb, RESULTS_F_DIRECT, &l), 1);
	CU_ASSERT_EQUAL(l.items[0].kind, CLIFF_KIND_CACHE);
	cliff_time_release(&l);
	CU_ASSERT_EQUAL_FATAL(cliffs_of(&t, ram_kb * 100, 0, &l), 1);
	CU_ASSERT_EQUAL(l.items[0].kind, CLIFF_KIND_CACHE);
	cliff_time_release(&l);
	timeline_release(&t);
}

/* Two passes in one timeline are judged apart: the cliff is the second's. */
static void test_passes_apart(void)
{
	struct shape flat = { .lv = { 900000, 900000, 0 }, .at_s = { -1, -1 } };
	struct shape drop = { .lv = { 900000, 120000, 0 }, .at_s = { 5.0, -1 } };
	struct timeline a, b;
	struct tcliff_list l;

	build(&a, &flat, 100, 0.05, 0.0, 0.0, 3);
	build(&b, &drop, 100, 0.05, 0.0, 0.0, 4);
	for (size_t i = 0; i < b.n; i++) {
		b.rows[i].trial = 1;
		CU_ASSERT_FATAL(timeline_add(&a, &b.rows[i]) == 0);
	}
	CU_ASSERT_EQUAL_FATAL(cliffs_of(&a, 0, 0, &l), 1);
	CU_ASSERT_EQUAL(l.items[0].trial, 1);
	CU_ASSERT_EQUAL(l.items[0].row, 100 + 50);
	cliff_time_release(&l);
	timeline_release(&a);
	timeline_release(&b);
}

/*
 * Many clients with their total (throughput mode, iosweep-mpi): only the
 * totals' passes are judged.  A client that falls while the total stays
 * level is no cliff of the run; the total's own fall is.
 */
static void test_totals_only(void)
{
	struct shape flat = { .lv = { 900000, 900000, 0 }, .at_s = { -1, -1 } };
	struct shape drop = { .lv = { 900000, 120000, 0 }, .at_s = { 5.0, -1 } };
	struct timeline a, b;
	struct tcliff_list l;

	build(&a, &drop, 100, 0.05, 0.0, 0.0, 3);     /* client 0 falls */
	CU_ASSERT_EQUAL(cliffs_of(&a, 0, 0, &l), 1);
	cliff_time_release(&l);
	build(&b, &flat, 100, 0.05, 0.0, 0.0, 4);     /* the total does not */
	for (size_t i = 0; i < b.n; i++) {
		b.rows[i].client = TIMELINE_CLIENT_TOTAL;
		CU_ASSERT_FATAL(timeline_add(&a, &b.rows[i]) == 0);
	}
	CU_ASSERT_EQUAL(cliffs_of(&a, 0, 0, &l), 0);
	cliff_time_release(&l);
	timeline_release(&b);
	build(&b, &drop, 100, 0.05, 0.0, 0.0, 5);     /* a total that falls */
	for (size_t i = 0; i < b.n; i++) {
		b.rows[i].client = TIMELINE_CLIENT_TOTAL;
		b.rows[i].trial = 1;
		CU_ASSERT_FATAL(timeline_add(&a, &b.rows[i]) == 0);
	}
	CU_ASSERT_EQUAL_FATAL(cliffs_of(&a, 0, 0, &l), 1);
	CU_ASSERT_EQUAL(l.items[0].client, TIMELINE_CLIENT_TOTAL);
	CU_ASSERT_EQUAL(l.items[0].trial, 1);
	cliff_time_release(&l);
	timeline_release(&a);
	timeline_release(&b);
}

/* Too few intervals to judge: nothing, whatever they hold. */
static void test_short(void)
{
	struct shape drop = { .lv = { 900000, 100000, 0 }, .at_s = { 0.3, -1 } };
	struct timeline t;
	struct tcliff_list l;

	build(&t, &drop, 7, 0.01, 0.0, 0.0, 5);
	CU_ASSERT_EQUAL(cliffs_of(&t, 0, 0, &l), 0);
	cliff_time_release(&l);
	timeline_release(&t);
}

static const struct cu_case cases[] = {
	CU_CASE(test_flat),
	CU_CASE(test_noisy),
	CU_CASE(test_zfs_txg),
	CU_CASE(test_slope),
	CU_CASE(test_short_cache_bursty),
	CU_CASE(test_one_drop),
	CU_CASE(test_two_drops),
	CU_CASE(test_drop_at_end),
	CU_CASE(test_bursty_after),
	CU_CASE(test_kind),
	CU_CASE(test_passes_apart),
	CU_CASE(test_totals_only),
	CU_CASE(test_short),
	{ 0 }
};

CU_MAIN("cliff_time", cases)
