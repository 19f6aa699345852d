/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_compare.c: compare_sets on two hand-built result sets whose ratios
 * and Welch p-values are worked out below by hand.
 *
 * write at 1024 kB / 64 kB: A = {100, 110, 120}, B = {130, 140, 150, 160}
 *   means 110 and 145, ratio 145/110 = 1.3181818, +31.818 %
 *   s2_A = 100, s2_B = 500/3; se2 = 100/3 + 500/12 = 75, t = -35/sqrt(75) = -4.041452
 *   df = 75^2 / ((100/3)^2/2 + (125/3)^2/3) = 5625 / 1134.259 = 4.959184
 *   p = 2 P(T_4.959 > 4.041452) = 0.0100769 (integrated numerically): significant
 * read at 1024 kB / 64 kB: A = {100, 120}, B = {110, 130}
 *   means 110 and 120, ratio 1.0909091; s2 = 200 each, se2 = 200, t = -0.7071068,
 *   df = 200^2 / (100^2 + 100^2) = 2, and for 2 degrees of freedom
 *   p = 1 - |t| / sqrt(2 + t^2) = 1 - 0.7071068 / 1.5811388 = 0.5527864: not significant
 * write at 2048 kB / 64 kB: A = {50}, B = {100}: ratio 2, one trial a side: p n/a
 * geometric means: write sqrt(1.3181818 * 2) = 1.6236882, read 1.0909091
 * Holm over the two p-values: 2 * 0.0100769 = 0.0201539 (still significant),
 * then max(0.0201539, 1 * 0.5527864) = 0.5527864.
 */
#include "compat.h"

#include <math.h>
#include <string.h>

#include "analysis/compare.h"
#include "cu.h"
#include "testutil.h"
#include "iosweep.h"
#include "model/results.h"
#include "model/stats.h"

static void add_list(struct result_set *rs, uint64_t f, uint64_t r, int col,
		     const double *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		tu_add_rate(rs, f, r, col, (unsigned)i, v[i], 0);
}

static void build(struct result_set *a, struct result_set *b)
{
	static const double aw[] = { 100, 110, 120 }, bw[] = { 130, 140, 150, 160 };
	static const double ar[] = { 100, 120 }, br[] = { 110, 130 };
	results_init(a);
	results_init(b);
	add_list(a, 1024, 64, RC_WRITE, aw, 3);
	tu_add_rate(a, 1024, 64, RC_WRITE, 3, 1e9, RESULTS_SF_PARTIAL); /* left out */
	add_list(a, 1024, 64, RC_READ, ar, 2);
	tu_add_rate(a, 2048, 64, RC_WRITE, 0, 50, 0);
	tu_add_rate(a, 2048, 64, RC_READ, 0, 70, 0);   /* B has no read there */
	tu_add_rate(a, 4096, 64, RC_WRITE, 0, 10, 0);  /* cell not in B */
	add_list(b, 1024, 64, RC_WRITE, bw, 4);
	add_list(b, 1024, 64, RC_READ, br, 2);
	tu_add_rate(b, 2048, 64, RC_WRITE, 0, 100, 0);
	tu_add_rate(b, 1024, 64, RC_FREAD, 0, 100, 0); /* test not in A */
}

struct want_row {
	int col;
	uint64_t file_kb;
	size_t n_a, n_b;
	double mean_a, mean_b, ratio, pct, p, p_adj;
	int sig;
};

static const struct want_row want[] = {
	{ RC_WRITE, 1024, 3, 4, 110, 145, 1.3181818182, 31.818181818, 0.0100769433,
	  0.0201538866, 1 },
	{ RC_WRITE, 2048, 1, 1, 50, 100, 2.0, 100.0, NAN, NAN, -1 },
	{ RC_READ, 1024, 2, 2, 110, 120, 1.0909090909, 9.0909090909, 0.5527864045,
	  0.5527864045, 0 },
};

static void test_known_values(void)
{
	struct result_set a, b;
	struct compare_result r;
	char err[IOSWEEP_ERR_MAX];

	build(&a, &b);
	CU_ASSERT_EQUAL_FATAL(compare_sets(&a, &b, RESULTS_UNIT_KBPS, COMPARE_ALPHA, STATS_ADJUST_HOLM, &r, err,
					   sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(r.nrows, sizeof(want) / sizeof(want[0]));
	for (size_t i = 0; i < r.nrows; i++) {
		const struct compare_row *g = &r.rows[i];
		const struct want_row *w = &want[i];
		CU_ASSERT_EQUAL(g->col, w->col);
		CU_ASSERT_EQUAL(g->file_kb, w->file_kb);
		CU_ASSERT_EQUAL(g->record_kb, 64);
		CU_ASSERT_EQUAL(g->n_a, w->n_a);
		CU_ASSERT_EQUAL(g->n_b, w->n_b);
		CU_ASSERT_DOUBLE_EQUAL(g->mean_a, w->mean_a, 1e-9);
		CU_ASSERT_DOUBLE_EQUAL(g->mean_b, w->mean_b, 1e-9);
		CU_ASSERT_DOUBLE_EQUAL(g->ratio, w->ratio, 1e-9);
		CU_ASSERT_DOUBLE_EQUAL(g->pct_diff, w->pct, 1e-7);
		if (isnan(w->p)) {
			CU_ASSERT(isnan(g->p_value));
		} else {
			CU_ASSERT_DOUBLE_EQUAL(g->p_value, w->p, 1e-6);
			CU_ASSERT_DOUBLE_EQUAL(g->p_adjusted, w->p_adj, 1e-6);
		}
		CU_ASSERT_EQUAL(g->significant, w->sig);
	}
	CU_ASSERT_EQUAL(r.ntested, 2);
	CU_ASSERT_EQUAL(r.adjust, STATS_ADJUST_HOLM);
	CU_ASSERT_EQUAL_FATAL(r.ntests, 2);
	CU_ASSERT_EQUAL(r.tests[0].col, RC_WRITE);
	CU_ASSERT_EQUAL(r.tests[0].n, 2);
	CU_ASSERT_DOUBLE_EQUAL(r.tests[0].geomean_ratio, 1.6236882, 1e-6);
	CU_ASSERT_EQUAL(r.tests[1].col, RC_READ);
	CU_ASSERT_DOUBLE_EQUAL(r.tests[1].geomean_ratio, 1.0909091, 1e-6);
	compare_release(&r);

	/* the other way round: ratios invert, p stays */
	CU_ASSERT_EQUAL_FATAL(compare_sets(&b, &a, RESULTS_UNIT_KBPS, COMPARE_ALPHA, STATS_ADJUST_HOLM, &r, err,
					   sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(r.nrows, 3);
	CU_ASSERT_DOUBLE_EQUAL(r.rows[0].ratio, 110.0 / 145.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(r.rows[0].p_value, 0.0100769433, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(r.tests[0].geomean_ratio, 1.0 / 1.6236882, 1e-6);
	compare_release(&r);
	results_release(&a);
	results_release(&b);
}

/* Measured samples compare by bytes / seconds; a zero mean gives no ratio. */
static void test_measured_and_zero(void)
{
	struct result_set a, b;
	struct compare_result r;
	char err[IOSWEEP_ERR_MAX];
	results_init(&a);
	results_init(&b);
	CU_ASSERT_EQUAL_FATAL(results_add_cell(&a, 1024, 4, 0), 0);
	struct result_sample s;
	memset(&s, 0, sizeof(s));
	s.col = RC_READ;
	s.bytes = 1048576;       /* 1024 kB in 0.5 s = 2048 kB/s */
	s.ops = 256;
	s.elapsed_ns = 500000000;
	CU_ASSERT_EQUAL(results_add_sample(&a, &s), 0);
	tu_add_rate(&a, 1024, 4, RC_WRITE, 0, 0.0, 0);
	tu_add_rate(&b, 1024, 4, RC_READ, 0, 4096, 0);
	tu_add_rate(&b, 1024, 4, RC_WRITE, 0, 10, 0);
	CU_ASSERT_EQUAL_FATAL(compare_sets(&a, &b, RESULTS_UNIT_KBPS, COMPARE_ALPHA, STATS_ADJUST_HOLM, &r, err,
					   sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(r.nrows, 2);
	CU_ASSERT_EQUAL(r.rows[0].col, RC_WRITE);
	CU_ASSERT(isnan(r.rows[0].ratio));
	CU_ASSERT(isnan(r.tests[0].geomean_ratio));
	CU_ASSERT_EQUAL(r.tests[0].n, 0);
	CU_ASSERT_DOUBLE_EQUAL(r.rows[1].mean_a, 2048.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(r.rows[1].ratio, 2.0, 1e-12);
	compare_release(&r);
	results_release(&a);
	results_release(&b);
}

static void test_nothing_in_common(void)
{
	struct result_set a, b;
	struct compare_result r;
	char err[IOSWEEP_ERR_MAX];
	results_init(&a);
	results_init(&b);
	results_set_str(&a.meta.label, "ext4");
	results_set_str(&b.meta.label, "xfs");
	tu_add_rate(&a, 64, 4, RC_WRITE, 0, 10, 0);
	tu_add_rate(&b, 128, 4, RC_WRITE, 0, 10, 0);
	CU_ASSERT_EQUAL(compare_sets(&a, &b, RESULTS_UNIT_KBPS, COMPARE_ALPHA, STATS_ADJUST_HOLM, &r, err,
				     sizeof(err)), -1);
	CU_ASSERT(strstr(err, "'ext4' and 'xfs' have no cell") != NULL);
	CU_ASSERT_EQUAL(r.nrows, 0);
	CU_ASSERT_PTR_NULL(r.rows);
	results_release(&a);
	results_release(&b);
}

static uint64_t rng_state;

/* Standard normal from a fixed-seed LCG (Box-Muller). */
static double rng_normal(void)
{
	double u[2];
	for (int i = 0; i < 2; i++) {
		rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
		u[i] = ((double)(rng_state >> 11) + 0.5) / 9007199254740992.0;
	}
	return sqrt(-2.0 * log(u[0])) * cos(2.0 * M_PI * u[1]);
}

/*
 * 200 cells, 3 trials a side; the first nshifted cells have B's mean 50 %
 * higher, the rest are drawn from one distribution (mean 1000, sd 30).
 */
static void build_many(struct result_set *a, struct result_set *b, uint64_t seed,
		       size_t nshifted)
{
	results_init(a);
	results_init(b);
	rng_state = seed;
	for (uint64_t i = 0; i < 200; i++)
		for (unsigned t = 0; t < 3; t++) {
			double shift = i < nshifted ? 1.5 : 1.0;
			tu_add_rate(a, 1024 * (i + 1), 4, RC_READ, t, 1000 + 30 * rng_normal(), 0);
			tu_add_rate(b, 1024 * (i + 1), 4, RC_READ, t,
				    1000 * shift + 30 * rng_normal(), 0);
		}
}

static size_t count_sig(const struct compare_result *r)
{
	size_t n = 0;
	for (size_t i = 0; i < r->nrows; i++)
		n += r->rows[i].significant == 1;
	return n;
}

/*
 * The complaint: two sets from one distribution, 200 cells at
 * p < 0.05 unadjusted, show a handful of "significant" cells.  Over 40
 * seeds: no adjustment gives about 5 % of the cells; Holm and BH give a
 * false one in at most 5 % of the seeds (their promise) - here none
 * expected above 3 of 40.  With 20 cells really 50 % apart (t about 20 on
 * about 4 degrees of freedom), BH finds all or all but one of them in each
 * seed, Holm (which needs p < 0.05 / 200 for the first) only 9 to 13 of
 * 20 with three trials a side: why BH is compare's default.  Neither
 * calls more than one of the 180 unchanged cells.
 */
static void test_many_cells(void)
{
	static const int methods[] = { STATS_ADJUST_NONE, STATS_ADJUST_HOLM, STATS_ADJUST_BH };
	char err[IOSWEEP_ERR_MAX];
	size_t raw_total = 0, seeds_with_false[3] = { 0 };
	for (uint64_t seed = 1; seed <= 40; seed++) {
		struct result_set a, b;
		build_many(&a, &b, seed * 7919, 0);
		for (size_t m = 0; m < 3; m++) {
			struct compare_result r;
			CU_ASSERT_EQUAL_FATAL(compare_sets(&a, &b, RESULTS_UNIT_KBPS, COMPARE_ALPHA,
							   methods[m], &r, err, sizeof(err)), 0);
			CU_ASSERT_EQUAL(r.ntested, 200);
			size_t k = count_sig(&r);
			if (m == 0)
				raw_total += k;
			seeds_with_false[m] += k > 0;
			compare_release(&r);
		}
		results_release(&a);
		results_release(&b);
	}
	/* about 0.05 * 200 * 40 = 400 unadjusted */
	CU_ASSERT(raw_total > 200 && raw_total < 600);
	CU_ASSERT_EQUAL(seeds_with_false[0], 40);
	CU_ASSERT(seeds_with_false[1] <= 3);
	CU_ASSERT(seeds_with_false[2] <= 3);

	for (uint64_t seed = 1; seed <= 10; seed++) {
		struct result_set a, b;
		build_many(&a, &b, seed * 104729, 20);
		for (size_t m = 1; m < 3; m++) {
			struct compare_result r;
			CU_ASSERT_EQUAL_FATAL(compare_sets(&a, &b, RESULTS_UNIT_KBPS, COMPARE_ALPHA,
							   methods[m], &r, err, sizeof(err)), 0);
			size_t hit = 0, wrong = 0;
			for (size_t i = 0; i < r.nrows; i++) {
				int real = r.rows[i].file_kb <= 20 * 1024;
				hit += real && r.rows[i].significant == 1;
				wrong += !real && r.rows[i].significant == 1;
			}
			CU_ASSERT(hit >= (methods[m] == STATS_ADJUST_BH ? 19u : 8u));
			CU_ASSERT(wrong <= 1);
			compare_release(&r);
		}
		results_release(&a);
		results_release(&b);
	}
}

static const struct cu_case cases[] = {
	CU_CASE(test_known_values),
	CU_CASE(test_measured_and_zero),
	CU_CASE(test_nothing_in_common),
	CU_CASE(test_many_cells),
	{ 0 },
};

CU_MAIN("compare", cases)
