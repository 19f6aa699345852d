/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_latency.c: the latency histogram on known distributions (constant,
 * uniform, exponential, two modes, huge values), its percentiles against
 * the exact order statistics within the stated 1/256 precision, merging
 * (equal to one pass, bit for bit), compact copies, the bucket layout,
 * and the result-set helpers.  Also the runner end to end: with
 * --latency every recorded pass carries a histogram whose mean times its
 * count is the timed region, and the write buffer: two consecutive
 * records of a written file differ with --data random, and --data zero
 * still writes zeros.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cu.h"
#include "model/latency.h"
#include "options/options.h"
#include "run/sweep/plan.h"
#include "model/results.h"
#include "run/sweep/runner.h"

#define REL_PRECISION (1.0 / 256.0)

/* ---- helpers ---- */

static uint64_t rng_state = 0x1234567887654321ull;

static uint64_t rng_next(void)
{
	uint64_t x = rng_state;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	rng_state = x;
	return x;
}

static double rng_unit(void)
{
	return (double)(rng_next() >> 11) / 9007199254740992.0;  /* [0, 1) */
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/* The exact value of rank ceil(q*n) of sorted v[0..n). */
static uint64_t exact_quantile(const uint64_t *v, size_t n, double q)
{
	size_t rank = (size_t)ceil(q * (double)n);
	if (rank < 1)
		rank = 1;
	if (rank > n)
		rank = n;
	return v[rank - 1];
}

static int within(double got, double want, double rel)
{
	return fabs(got - want) <= rel * want + 1e-9;
}

/* Every percentile of h is within the precision of the exact one. */
static void check_quantiles(const struct latency_hist *h, uint64_t *v, size_t n)
{
	static const double qs[] = { 0.0, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95,
				     0.99, 0.999, 0.9999, 1.0 };
	qsort(v, n, sizeof(*v), cmp_u64);
	for (size_t i = 0; i < sizeof(qs) / sizeof(qs[0]); i++) {
		double want = (double)exact_quantile(v, n, qs[i]);
		double got = latency_quantile_ns(h, qs[i]);
		if (!within(got, want, REL_PRECISION))
			fprintf(stderr, "q=%g: got %.1f want %.1f\n", qs[i], got, want);
		CU_ASSERT(within(got, want, REL_PRECISION));
	}
}

static void check_moments(const struct latency_hist *h, const uint64_t *v, size_t n)
{
	long double sum = 0, sq = 0, mean, sd;
	uint64_t mn = UINT64_MAX, mx = 0;

	for (size_t i = 0; i < n; i++) {
		sum += (long double)v[i];
		if (v[i] < mn)
			mn = v[i];
		if (v[i] > mx)
			mx = v[i];
	}
	mean = sum / (long double)n;
	for (size_t i = 0; i < n; i++)
		sq += ((long double)v[i] - mean) * ((long double)v[i] - mean);
	sd = n > 1 ? sqrtl(sq / (long double)(n - 1)) : 0;
	CU_ASSERT(h->n == n);
	CU_ASSERT(h->min_ns == mn);
	CU_ASSERT(h->max_ns == mx);
	CU_ASSERT(within(latency_mean_ns(h), (double)mean, 1e-12));
	CU_ASSERT(within(latency_sd_ns(h), (double)sd, 1e-6));
}

/* ---- distributions ---- */

enum dist { D_CONST, D_UNIFORM, D_EXP, D_BIMODAL, D_SMALL, D_WIDE };

struct dist_case {
	const char *name;
	enum dist kind;
	size_t n;
};

static uint64_t draw(enum dist kind, size_t i)
{
	switch (kind) {
	case D_CONST:
		return 12345;
	case D_UNIFORM:	/* 1 .. 1e6 ns, every value once */
		return (uint64_t)i + 1;
	case D_EXP:	/* mean 50 us */
		return (uint64_t)(-log(1.0 - rng_unit()) * 50000.0) + 1;
	case D_BIMODAL:	/* 90% cache hits near 2 us, 10% disk near 8 ms */
		return rng_next() % 10 ? 2000 + rng_next() % 200
			: 8000000 + rng_next() % 1000000;
	case D_SMALL:	/* the exact linear part */
		return rng_next() % 256;
	case D_WIDE:	/* 1 ns .. 2^40 ns, log-uniform */
		return (uint64_t)exp2(rng_unit() * 40.0);
	}
	return 0;
}

static const struct dist_case dists[] = {
	{ "constant", D_CONST, 1000 },
	{ "uniform", D_UNIFORM, 1000000 },
	{ "exponential", D_EXP, 200000 },
	{ "bimodal", D_BIMODAL, 100000 },
	{ "small", D_SMALL, 10000 },
	{ "wide", D_WIDE, 100000 },
};

static void test_distributions(void)
{
	for (size_t d = 0; d < sizeof(dists) / sizeof(dists[0]); d++) {
		struct latency_hist h;
		uint64_t *v = malloc(dists[d].n * sizeof(*v));
		CU_ASSERT_FATAL(v != NULL);
		CU_ASSERT_FATAL(latency_init(&h) == 0);
		for (size_t i = 0; i < dists[d].n; i++) {
			v[i] = draw(dists[d].kind, i);
			latency_add(&h, v[i]);
		}
		check_moments(&h, v, dists[d].n);
		check_quantiles(&h, v, dists[d].n);
		latency_release(&h);
		free(v);
	}
}

/* Known values: the uniform 1..1e6 median, and a constant's every figure. */
static void test_known_values(void)
{
	struct latency_hist h;
	struct latency_summary s;

	CU_ASSERT_FATAL(latency_init(&h) == 0);
	CU_ASSERT(latency_summarize(&h, &s) == -1);
	CU_ASSERT(isnan(latency_quantile_ns(&h, 0.5)));
	CU_ASSERT(isnan(latency_mean_ns(&h)));
	for (uint64_t v = 1; v <= 1000000; v++)
		latency_add(&h, v);
	CU_ASSERT(within(latency_quantile_ns(&h, 0.5), 500000.0, REL_PRECISION));
	CU_ASSERT(within(latency_quantile_ns(&h, 0.99), 990000.0, REL_PRECISION));
	CU_ASSERT(latency_mean_ns(&h) == 500000.5);
	CU_ASSERT(latency_quantile_ns(&h, 0.0) == 1.0);
	CU_ASSERT(latency_quantile_ns(&h, 1.0) == 1000000.0);

	latency_clear(&h);
	CU_ASSERT(h.n == 0);
	for (int i = 0; i < 100; i++)
		latency_add(&h, 7000);	/* 7 us */
	CU_ASSERT(latency_summarize(&h, &s) == 0);
	CU_ASSERT(s.n == 100);
	CU_ASSERT(s.us[0] == 7.0 && s.us[1] == 7.0 && s.us[2] == 7.0);
	CU_ASSERT(s.us[3] == 0.0);
	for (int i = 4; i < LATENCY_NFIGS; i++)
		CU_ASSERT(s.us[i] == 7.0);

	latency_clear(&h);
	latency_add(&h, 3);
	latency_add(&h, 5);	/* sd of {3, 5} is sqrt(2) */
	CU_ASSERT(within(latency_sd_ns(&h), sqrt(2.0), 1e-12));
	CU_ASSERT(latency_quantile_ns(&h, 0.5) == 3.0);
	CU_ASSERT(latency_quantile_ns(&h, 0.51) == 5.0);
	latency_release(&h);
}

/* Values past the last octave: the last bucket, exact min and max. */
static void test_huge(void)
{
	struct latency_hist h;
	uint64_t big = UINT64_C(1) << 50;

	CU_ASSERT_FATAL(latency_init(&h) == 0);
	latency_add(&h, big);
	latency_add(&h, big + 1);
	CU_ASSERT(h.counts[LATENCY_BUCKETS - 1] == 2);
	CU_ASSERT(h.max_ns == big + 1 && h.min_ns == big);
	CU_ASSERT(latency_quantile_ns(&h, 0.5) == (double)big);
	CU_ASSERT(latency_quantile_ns(&h, 1.0) == (double)(big + 1));
	latency_release(&h);
}

/* Buckets tile the line: each starts where the previous one ends. */
static void test_buckets(void)
{
	static const uint64_t probes[] = { 0, 1, 255, 256, 257, 511, 512, 1000,
					   4095, 4096, 123456789, UINT64_C(1) << 47,
					   (UINT64_C(1) << 48) - 1 };

	CU_ASSERT(LATENCY_BUCKETS == 5376);
	for (uint32_t i = 1; i < LATENCY_BUCKETS; i++) {
		CU_ASSERT_FATAL(latency_bucket_low(i) ==
				latency_bucket_low(i - 1) + latency_bucket_width(i - 1));
		CU_ASSERT_FATAL(latency_index(latency_bucket_low(i)) == i);
		CU_ASSERT_FATAL(latency_index(latency_bucket_low(i) - 1) == i - 1);
		/* exact below 256 ns, else at most 1/128 of the lower bound wide */
		CU_ASSERT_FATAL(i < LATENCY_LINEAR ? latency_bucket_width(i) == 1 :
				latency_bucket_width(i) * LATENCY_SUB <= latency_bucket_low(i));
	}
	for (size_t i = 0; i < sizeof(probes) / sizeof(probes[0]); i++) {
		uint32_t idx = latency_index(probes[i]);
		CU_ASSERT(idx < LATENCY_BUCKETS);
		CU_ASSERT(latency_bucket_low(idx) <= probes[i]);
		CU_ASSERT(probes[i] < latency_bucket_low(idx) + latency_bucket_width(idx));
	}
}

static int same_hist(const struct latency_hist *a, const struct latency_hist *b)
{
	return a->n == b->n && a->min_ns == b->min_ns && a->max_ns == b->max_ns &&
	       a->sum_ns == b->sum_ns && a->sumsq == b->sumsq &&
	       a->nbuckets == b->nbuckets && a->first == b->first &&
	       memcmp(a->counts, b->counts, a->nbuckets * sizeof(*a->counts)) == 0;
}

/* Three trials merged (through compact copies) equal one pass over all. */
static void test_merge(void)
{
	struct latency_hist one, part[3], merged;
	struct latency_hist *compact[3];

	CU_ASSERT_FATAL(latency_init(&one) == 0 && latency_init(&merged) == 0);
	for (int p = 0; p < 3; p++)
		CU_ASSERT_FATAL(latency_init(&part[p]) == 0);
	for (size_t i = 0; i < 300000; i++) {
		uint64_t v = draw(i % 2 ? D_EXP : D_BIMODAL, i);
		latency_add(&one, v);
		latency_add(&part[i % 1000 < 200 ? 0 : i % 1000 < 700 ? 1 : 2], v);
	}
	for (int p = 0; p < 3; p++) {
		compact[p] = latency_compact(&part[p]);
		CU_ASSERT_FATAL(compact[p] != NULL);
		CU_ASSERT(compact[p]->nbuckets < LATENCY_BUCKETS);
		CU_ASSERT(compact[p]->n == part[p].n);
		CU_ASSERT(latency_quantile_ns(compact[p], 0.9) ==
			  latency_quantile_ns(&part[p], 0.9));
		CU_ASSERT(latency_merge(&merged, compact[p]) == 0);
	}
	CU_ASSERT(same_hist(&one, &merged));
	CU_ASSERT(latency_quantile_ns(&one, 0.999) == latency_quantile_ns(&merged, 0.999));
	CU_ASSERT(latency_sd_ns(&one) == latency_sd_ns(&merged));
	/* a compact copy is not a merge target */
	CU_ASSERT(latency_merge(compact[0], compact[1]) == -1);
	for (int p = 0; p < 3; p++) {
		latency_free(compact[p]);
		latency_release(&part[p]);
	}
	latency_release(&one);
	latency_release(&merged);
	latency_free(NULL);
}

/*
 * Packed and unpacked (iosweep-mpi's wire): equal to the compact copy, bit
 * for bit, from a full or a compact histogram and when empty; merging
 * unpacked parts equals one pass; a buffer too small to pack into is
 * refused.
 */
static void test_pack_roundtrip(void)
{
	struct latency_hist one, part[2], merged, empty;
	unsigned char *buf;
	size_t len, used;
	char err[256];

	CU_ASSERT_FATAL(latency_init(&one) == 0 && latency_init(&merged) == 0 &&
			latency_init(&empty) == 0);
	for (int p = 0; p < 2; p++)
		CU_ASSERT_FATAL(latency_init(&part[p]) == 0);
	for (size_t i = 0; i < 100000; i++) {
		uint64_t v = draw(i % 3 ? D_EXP : D_BIMODAL, i);
		latency_add(&one, v);
		latency_add(&part[i % 7 < 3], v);
	}
	latency_add(&part[1], (uint64_t)1 << 50);	/* the last bucket too */
	latency_add(&one, (uint64_t)1 << 50);
	for (int p = 0; p < 2; p++) {
		struct latency_hist *c = latency_compact(&part[p]), *u, *u2;
		CU_ASSERT_FATAL(c != NULL);
		len = latency_packed_len(&part[p]);
		CU_ASSERT(len == latency_packed_len(c));
		CU_ASSERT(len == LATENCY_PACK_HEADER + 8u * c->nbuckets);
		buf = malloc(len + 7);
		CU_ASSERT_FATAL(buf != NULL);
		CU_ASSERT(latency_pack(&part[p], buf, len - 1) == 0);
		CU_ASSERT_FATAL(latency_pack(&part[p], buf, len + 7) == len);
		u = latency_unpack(buf, len + 7, &used, err, sizeof(err));
		CU_ASSERT_FATAL(u != NULL);
		CU_ASSERT(used == len);
		CU_ASSERT(same_hist(u, c));
		CU_ASSERT(latency_quantile_ns(u, 0.99) == latency_quantile_ns(&part[p], 0.99));
		/* from the compact copy: the same bytes */
		CU_ASSERT_FATAL(latency_pack(c, buf, len) == len);
		u2 = latency_unpack(buf, len, &used, err, sizeof(err));
		CU_ASSERT_FATAL(u2 != NULL);
		CU_ASSERT(same_hist(u2, c));
		CU_ASSERT(latency_merge(&merged, u) == 0);
		latency_free(u);
		latency_free(u2);
		latency_free(c);
		free(buf);
	}
	CU_ASSERT(same_hist(&one, &merged));
	/* empty: the header alone, and back to an empty histogram */
	len = latency_packed_len(&empty);
	CU_ASSERT(len == LATENCY_PACK_HEADER);
	buf = malloc(len);
	CU_ASSERT_FATAL(buf != NULL);
	CU_ASSERT_FATAL(latency_pack(&empty, buf, len) == len);
	{
		struct latency_hist *u = latency_unpack(buf, len, &used, err, sizeof(err));
		CU_ASSERT_FATAL(u != NULL);
		CU_ASSERT(u->n == 0 && u->nbuckets == 0 && u->min_ns == UINT64_MAX &&
			  used == len);
		CU_ASSERT(latency_merge(&merged, u) == 0);
		latency_free(u);
	}
	CU_ASSERT(same_hist(&one, &merged));
	free(buf);
	for (int p = 0; p < 2; p++)
		latency_release(&part[p]);
	latency_release(&one);
	latency_release(&merged);
	latency_release(&empty);
}

/* Unpack buf[0..len) and expect a refusal whose message contains want. */
static void expect_refused(const unsigned char *buf, size_t len, const char *want)
{
	char err[256] = "";
	size_t used = 99;
	struct latency_hist *h = latency_unpack(buf, len, &used, err, sizeof(err));

	CU_ASSERT(h == NULL);
	CU_ASSERT(used == 0);
	if (!strstr(err, want))
		fprintf(stderr, "len %zu: '%s' lacks '%s'\n", len, err, want);
	CU_ASSERT(strstr(err, want) != NULL);
	latency_free(h);
}

/* Offsets in the packed header (latency.h's order). */
enum { PK_FIRST = 4, PK_NB = 8, PK_N = 12, PK_MIN = 20, PK_MAX = 28 };

static void poke(unsigned char *p, uint64_t v, unsigned bytes)
{
	for (unsigned i = 0; i < bytes; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

/*
 * Short and corrupt buffers are refused with a reason, never read past
 * their end (ASan watches the exact-size copies), never crash: every
 * truncation, a bad magic word, buckets out of range, a count off by one,
 * min or max outside the buckets, values without buckets; and random
 * byte flips give either a refusal or a histogram whose counts add up.
 */
static void test_pack_refused(void)
{
	struct latency_hist h;
	unsigned char *good, *bad;
	size_t len, used;
	char err[256];

	CU_ASSERT_FATAL(latency_init(&h) == 0);
	for (uint64_t v = 1000; v < 5000; v += 37)
		latency_add(&h, v);
	len = latency_packed_len(&h);
	good = malloc(len);
	CU_ASSERT_FATAL(good != NULL);
	CU_ASSERT_FATAL(latency_pack(&h, good, len) == len);
	for (size_t cut = 0; cut < len; cut++) {
		bad = malloc(cut ? cut : 1);   /* exact size: ASan sees any overread */
		CU_ASSERT_FATAL(bad != NULL);
		memcpy(bad, good, cut);
		expect_refused(bad, cut, cut < LATENCY_PACK_HEADER ? "header" : "only");
		free(bad);
	}
	bad = malloc(len);
	CU_ASSERT_FATAL(bad != NULL);
#define FRESH() memcpy(bad, good, len)
	FRESH(); bad[0] ^= 1;
	expect_refused(bad, len, "magic");
	FRESH(); poke(bad + PK_FIRST, LATENCY_BUCKETS, 4);
	expect_refused(bad, len, "out of range");
	FRESH(); poke(bad + PK_NB, 0xffffffffu, 4);
	expect_refused(bad, len, "out of range");
	FRESH(); poke(bad + PK_N, h.n + 1, 8);
	expect_refused(bad, len, "add up");
	FRESH(); bad[LATENCY_PACK_HEADER + 8] ^= 4;   /* the second bucket's count */
	expect_refused(bad, len, "add up");
	FRESH(); poke(bad + PK_MIN, 10, 8);
	expect_refused(bad, len, "outside");
	FRESH(); poke(bad + PK_MAX, 1u << 30, 8);
	expect_refused(bad, len, "outside");
	FRESH(); poke(bad + PK_MIN, 1u << 30, 8);
	expect_refused(bad, len, "min above max");
	FRESH(); poke(bad + PK_NB, 0, 4);
	expect_refused(bad, len, "no buckets");
	FRESH(); poke(bad + PK_N, 0, 8);
	expect_refused(bad, len, "no values");
	for (int i = 0; i < 5000; i++) {
		struct latency_hist *u;
		FRESH();
		for (int k = 0; k < 1 + i % 3; k++)
			bad[rng_next() % len] ^= (unsigned char)(1u << (rng_next() % 8));
		u = latency_unpack(bad, len, &used, err, sizeof(err));
		if (u) {
			uint64_t total = 0;
			for (uint32_t k = 0; k < u->nbuckets; k++)
				total += u->counts[k];
			CU_ASSERT(total == u->n && used <= len);
			CU_ASSERT(u->first + u->nbuckets <= LATENCY_BUCKETS);
			latency_free(u);
		} else {
			CU_ASSERT(err[0] != '\0');
		}
	}
#undef FRESH
	free(bad);
	free(good);
	latency_release(&h);
}

/* An empty histogram compacts to no buckets and merges as nothing. */
static void test_empty(void)
{
	struct latency_hist h, *c;

	CU_ASSERT_FATAL(latency_init(&h) == 0);
	c = latency_compact(&h);
	CU_ASSERT_FATAL(c != NULL);
	CU_ASSERT(c->nbuckets == 0 && c->counts == NULL && c->n == 0);
	CU_ASSERT(latency_merge(&h, c) == 0);
	CU_ASSERT(h.n == 0 && h.min_ns == UINT64_MAX);
	latency_free(c);
	latency_release(&h);
}

static void test_names(void)
{
	static const char *const want[LATENCY_NFIGS] = {
		"lat_min_us", "lat_mean_us", "lat_max_us", "lat_sd_us", "lat_p50_us",
		"lat_p90_us", "lat_p99_us", "lat_p999_us"
	};
	for (int i = 0; i < LATENCY_NFIGS; i++)
		CU_ASSERT_STRING_EQUAL(latency_fig_name(i), want[i]);
	CU_ASSERT_STRING_EQUAL(latency_fig_label(7), "p99.9");
	CU_ASSERT_STRING_EQUAL(latency_fig_name(8), "?");
}

/* The result set frees its histograms and merges a cell's full trials. */
static void test_result_set(void)
{
	struct result_set rs;
	struct latency_hist h, out;

	results_init(&rs);
	CU_ASSERT_FATAL(latency_init(&h) == 0 && latency_init(&out) == 0);
	CU_ASSERT_FATAL(results_add_cell(&rs, 64, 4, 0) == 0);
	CU_ASSERT(results_has_latency(&rs) == 0);
	for (uint16_t t = 0; t < 3; t++) {
		struct result_sample s;
		memset(&s, 0, sizeof(s));
		s.col = RC_WRITE;
		s.trial = t;
		s.flags = t == 2 ? RESULTS_SF_PARTIAL : 0;
		latency_clear(&h);
		latency_add(&h, 1000u * (t + 1));
		s.lat = latency_compact(&h);
		CU_ASSERT_FATAL(s.lat != NULL);
		CU_ASSERT_FATAL(results_add_sample(&rs, &s) == 0);
	}
	CU_ASSERT(results_has_latency(&rs) == 1);
	CU_ASSERT(results_lat_merge_cell(&rs, 0, RC_WRITE, &out) == 2);
	CU_ASSERT(out.n == 2 && out.min_ns == 1000 && out.max_ns == 2000);
	CU_ASSERT(results_lat_merge_cell(&rs, 0, RC_READ, &out) == 0);
	CU_ASSERT(out.n == 0);
	latency_release(&h);
	latency_release(&out);
	results_release(&rs);	/* frees the three copies (ASan checks) */
}

/* ---- the runner ---- */

static char dir[256], file[300], err[512];

static void setup(struct options *o)
{
	snprintf(dir, sizeof(dir), "%s/iosweep-latency.XXXXXX",
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

static void teardown(void)
{
	unlink(file);
	rmdir(dir);
}

static struct plan_cell lat_cells[] = { { 256, 4, 0 }, { 512, 64, 0 } };
static uint64_t lat_axis[] = { 4, 64 };

static struct sweep_plan lat_plan(size_t n)
{
	struct sweep_plan p;
	p.cells = lat_cells;
	p.ncells = n;
	p.record_axis = lat_axis;
	p.nrecord_axis = 2;
	return p;
}

/*
 * --latency: every recorded sample has a histogram of one value per
 * operation (per call for the vectored tests), whose sum is the timed
 * region (no -e or -c: nothing else is timed), and p99 >= p50.
 */
static void test_runner_latency(void)
{
	struct options o;
	struct result_set rs;
	struct sweep_plan p = lat_plan(2);

	setup(&o);
	o.tests_mask = 0x1effu;
	o.extended = 1;
	o.trials = 2;
	o.latency = 1;
	results_init(&rs);
	CU_ASSERT_FATAL(runner_run(&o, &p, &rs, NULL, NULL, err, sizeof(err)) == 0);
	CU_ASSERT(rs.nsamples > 0);
	for (size_t i = 0; i < rs.nsamples; i++) {
		const struct result_sample *s = &rs.samples[i];
		const struct latency_hist *h = s->lat;
		int vec = s->col == RC_PWRITEV || s->col == RC_REPWRITEV ||
			s->col == RC_PREADV || s->col == RC_REPREADV;
		CU_ASSERT_FATAL(h != NULL);
		CU_ASSERT(vec ? h->n >= 1 && h->n <= s->ops : h->n == s->ops);
		CU_ASSERT(h->sum_ns <= s->elapsed_ns);
		/* only the clock read after the loop is outside the ops */
		CU_ASSERT(h->sum_ns + 2000000 >= s->elapsed_ns);
		CU_ASSERT(latency_quantile_ns(h, 0.99) >= latency_quantile_ns(h, 0.5));
		CU_ASSERT(h->min_ns > 0);
	}
	results_release(&rs);
	teardown();

	/* without --latency no histogram */
	setup(&o);
	o.tests_mask = 0x3u;
	results_init(&rs);
	CU_ASSERT_FATAL(runner_run(&o, &p, &rs, NULL, NULL, err, sizeof(err)) == 0);
	for (size_t i = 0; i < rs.nsamples; i++)
		CU_ASSERT(rs.samples[i].lat == NULL);
	results_release(&rs);
	teardown();
}

/* Read record k (reclen bytes) of the kept test file. */
static int read_record(FILE *fp, uint64_t reclen, uint64_t k, unsigned char *out)
{
	if (fseek(fp, (long)(k * reclen), SEEK_SET) != 0)
		return -1;
	return fread(out, reclen, 1, fp) == 1 ? 0 : -1;
}

static int all_zero(const unsigned char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (b[i])
			return 0;
	return 1;
}

/*
 * The write buffer: with --data random no two records of a 256 kB file of
 * 4 kB records are the same (each write takes the next window of a buffer
 * larger than 1 MiB); with --data zero every byte is zero.
 */
/*
 * -+z: IOzone's bands of whole microseconds, a value in the first band
 * whose bound it does not pass; truncated to whole us as IOzone does.
 * The values sit more than 0.4% (a bucket) away from every bound.
 */
static void test_iozone_bands(void)
{
	static const struct { uint64_t ns; unsigned band; } v[] = {
		{ 100, 0 }, { 19000, 0 }, { 21000, 1 }, { 100000, 4 },
		{ 150000000, 24 }, { 900000000, 28 }, { 25000000000ull, 35 },
		{ 120000000999ull, 38 }, { 200000000000ull, 39 },
	};
	uint64_t band[LATENCY_IOZONE_BANDS], total = 0;
	struct latency_hist h, *c;

	CU_ASSERT_EQUAL_FATAL(latency_init(&h), 0);
	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		latency_add(&h, v[i].ns);
	latency_add(&h, 150000000);
	c = latency_compact(&h);
	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	latency_iozone_bands(c, band);
	for (unsigned b = 0; b < LATENCY_IOZONE_BANDS; b++)
		total += band[b];
	CU_ASSERT_EQUAL(total, h.n);
	CU_ASSERT_EQUAL(band[0], 2);
	CU_ASSERT_EQUAL(band[1], 1);
	CU_ASSERT_EQUAL(band[4], 1);
	CU_ASSERT_EQUAL(band[24], 2);
	CU_ASSERT_EQUAL(band[28], 1);
	CU_ASSERT_EQUAL(band[35], 1);
	CU_ASSERT_EQUAL(band[38], 1);
	CU_ASSERT_EQUAL(band[39], 1);
	latency_free(c);
	latency_release(&h);
}

static void test_write_windows(void)
{
	static const int datas[] = { OPTIONS_DATA_RANDOM, OPTIONS_DATA_ZERO };
	struct sweep_plan p = lat_plan(1);

	for (size_t d = 0; d < sizeof(datas) / sizeof(datas[0]); d++) {
		struct options o;
		struct result_set rs;
		unsigned char a[4096], b[4096];
		FILE *fp;

		setup(&o);
		o.tests_mask = 0x1u;
		o.keep_file = 1;
		o.data = datas[d];
		results_init(&rs);
		CU_ASSERT_FATAL(runner_run(&o, &p, &rs, NULL, NULL, err, sizeof(err)) == 0);
		fp = fopen(file, "rb");
		CU_ASSERT_FATAL(fp != NULL);
		for (uint64_t k = 0; k + 1 < 64; k++) {
			CU_ASSERT_FATAL(read_record(fp, 4096, k, a) == 0);
			CU_ASSERT_FATAL(read_record(fp, 4096, k + 1, b) == 0);
			CU_ASSERT(datas[d] == OPTIONS_DATA_ZERO ?
				  all_zero(a, sizeof(a)) && all_zero(b, sizeof(b)) :
				  memcmp(a, b, sizeof(a)) != 0);
		}
		if (datas[d] == OPTIONS_DATA_RANDOM) {
			/* and not the same as 32 records on (ZFS's 128 kB block) */
			CU_ASSERT_FATAL(read_record(fp, 4096, 0, a) == 0);
			CU_ASSERT_FATAL(read_record(fp, 4096, 32, b) == 0);
			CU_ASSERT(memcmp(a, b, sizeof(a)) != 0);
		}
		fclose(fp);
		results_release(&rs);
		teardown();
	}
}

static const struct cu_case cases[] = {
	CU_CASE(test_distributions),
	CU_CASE(test_known_values),
	CU_CASE(test_huge),
	CU_CASE(test_buckets),
	CU_CASE(test_merge),
	CU_CASE(test_empty),
	CU_CASE(test_pack_roundtrip),
	CU_CASE(test_pack_refused),
	CU_CASE(test_names),
	CU_CASE(test_result_set),
	CU_CASE(test_runner_latency),
	CU_CASE(test_write_windows),
	CU_CASE(test_iozone_bands),
	{ 0 }
};

CU_MAIN("latency", cases)
