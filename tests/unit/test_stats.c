/*
 * test_stats.c: the statistics against values worked out by hand or from
 * closed forms (n = 1, n = 2, a textbook sample, the t table checked
 * against the t distribution, Welch's test against a known p-value).
 */
#include "compat.h"

#include <math.h>
#include <stdint.h>

#include "cu.h"
#include "stats.h"

#define NEAR(a, b, tol) CU_ASSERT(fabs((a) - (b)) <= (tol))

struct summary_case {
	const char *name;
	double x[8];
	size_t n;
	double mean, median, min, max, stddev, cv, lo, hi;
};

static const struct summary_case summary_cases[] = {
	/* one trial: no spread, the interval collapses onto the mean */
	{ "n=1", { 5.0 }, 1, 5.0, 5.0, 5.0, 5.0, 0.0, 0.0, 5.0, 5.0 },
	/* two trials: sd = sqrt(2), half width = 12.706 * sqrt(2) / sqrt(2) */
	{ "n=2", { 2.0, 4.0 }, 2, 3.0, 3.0, 2.0, 4.0, 1.4142135624, 0.4714045208,
	  3.0 - 12.706, 3.0 + 12.706 },
	/* textbook: population sd 2, sample sd sqrt(32/7); t(7) = 2.365 */
	{ "textbook", { 2, 4, 4, 4, 5, 5, 7, 9 }, 8, 5.0, 4.5, 2.0, 9.0,
	  2.1380899353, 0.4276179871, 5.0 - 1.7877719, 5.0 + 1.7877719 },
	/* odd count, unsorted: the median is the middle value */
	{ "odd median", { 3.0, 1.0, 2.0 }, 3, 2.0, 2.0, 1.0, 3.0, 1.0, 0.5,
	  2.0 - 4.303 / 1.7320508076, 2.0 + 4.303 / 1.7320508076 },
	/* equal values */
	{ "constant", { 7.0, 7.0, 7.0, 7.0 }, 4, 7.0, 7.0, 7.0, 7.0, 0.0, 0.0, 7.0, 7.0 },
};

static void test_summaries(void)
{
	for (size_t i = 0; i < sizeof(summary_cases) / sizeof(summary_cases[0]); i++) {
		const struct summary_case *c = &summary_cases[i];
		struct stats_summary s;
		CU_ASSERT_EQUAL_FATAL(stats_summarize(c->x, c->n, &s), 0);
		CU_ASSERT_EQUAL(s.n, c->n);
		NEAR(s.mean, c->mean, 1e-9);
		NEAR(s.median, c->median, 1e-9);
		NEAR(s.min, c->min, 0.0);
		NEAR(s.max, c->max, 0.0);
		NEAR(s.stddev, c->stddev, 1e-9);
		NEAR(s.cv, c->cv, 1e-9);
		NEAR(s.ci95_low, c->lo, 1e-6);
		NEAR(s.ci95_high, c->hi, 1e-6);
		if (fabs(s.stddev - c->stddev) > 1e-9 || fabs(s.ci95_low - c->lo) > 1e-6)
			printf("case '%s' differs\n", c->name);
	}
}

/* Welford keeps the digits that a sum of squares would lose. */
static void test_large_close_values(void)
{
	double x[4] = { 1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16 };
	struct stats_summary s;
	CU_ASSERT_EQUAL_FATAL(stats_summarize(x, 4, &s), 0);
	NEAR(s.mean, 1e9 + 10, 1e-6);
	NEAR(s.stddev, sqrt(30.0), 1e-6);
	NEAR(s.median, 1e9 + 10, 1e-6);
}

/* More values than the stack scratch buffer holds. */
static void test_many_values(void)
{
	double x[101];
	struct stats_summary s;
	for (int i = 0; i < 101; i++)
		x[i] = (double)((i * 37) % 101); /* a permutation of 0..100 */
	CU_ASSERT_EQUAL_FATAL(stats_summarize(x, 101, &s), 0);
	NEAR(s.mean, 50.0, 1e-9);
	NEAR(s.median, 50.0, 0.0);
	NEAR(s.min, 0.0, 0.0);
	NEAR(s.max, 100.0, 0.0);
	/* variance of 0..100 with n-1: n(n+1)/12 with n = 101 -> 101*102/12 */
	NEAR(s.stddev, sqrt(101.0 * 102.0 / 12.0), 1e-9);
}

static void test_rejects_bad_input(void)
{
	struct stats_summary s;
	double bad[][3] = { { 1.0, NAN, 2.0 }, { INFINITY, 1.0, 2.0 },
			    { 1.0, 2.0, -INFINITY } };
	for (size_t i = 0; i < 3; i++)
		CU_ASSERT_EQUAL(stats_summarize(bad[i], 3, &s), -1);
	CU_ASSERT_EQUAL(stats_summarize(bad[0], 0, &s), -1);
}

static void test_t95_table(void)
{
	static const struct { size_t df; double t; } known[] = {
		{ 1, 12.706 }, { 2, 4.303 }, { 3, 3.182 }, { 4, 2.776 }, { 5, 2.571 },
		{ 9, 2.262 }, { 10, 2.228 }, { 20, 2.086 }, { 29, 2.045 }, { 30, 2.042 },
		{ 40, 2.021 }, { 60, 2.000 }, { 120, 1.980 },
	};
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		NEAR(stats_t95(known[i].df), known[i].t, 1e-9);
	NEAR(stats_t95(1000000), 1.960, 1e-3);
	CU_ASSERT(isnan(stats_t95(0)));
	for (size_t df = 1; df < 2000; df++)
		CU_ASSERT(stats_t95(df + 1) <= stats_t95(df));
	/* between anchors the interpolation stays near the true quantile */
	NEAR(stats_t95(50), 2.009, 2e-3);
	NEAR(stats_t95(80), 1.990, 2e-3);
}

/*
 * P(|T| < t) for integer df from the finite series of Abramowitz and
 * Stegun 26.7.3/26.7.4: an independent way to the same distribution.
 */
static double as_cdf(double t, int df)
{
	double th = atan(fabs(t) / sqrt(df)), c = cos(th), s = sin(th), a;
	if (df % 2) {
		double term = c, tot = c;
		if (df == 1) {
			tot = 0.0;
		} else {
			for (int k = 3; k <= df - 2; k += 2) {
				term *= (double)(k - 1) / k * c * c;
				tot += term;
			}
		}
		a = 2.0 / M_PI * (th + s * tot);
	} else {
		double term = 1.0, tot = 1.0;
		for (int k = 2; k <= df -2; k += 2) {
			term *= (double)(k - 1) / k * c * c;
			tot += term;
		}
		a = s * tot;
	}
	return t >= 0 ? 0.5 + a / 2 : 0.5 - a / 2;
}

static void test_t_cdf(void)
{
	static const double ts[] = { -12.0, -3.0, -1.0, -0.2, 0.0, 0.5, 2.0, 4.0, 30.0 };
	for (int df = 1; df <= 12; df++)
		for (size_t i = 0; i < sizeof(ts) / sizeof(ts[0]); i++)
			NEAR(stats_t_cdf(ts[i], df), as_cdf(ts[i], df), 1e-10);
	/* closed forms for df 1 (Cauchy) and 2 */
	NEAR(stats_t_cdf(2.0, 1), 0.5 + atan(2.0) / M_PI, 1e-12);
	NEAR(stats_t_cdf(-1.5, 2), 0.5 - 1.5 / (2.0 * sqrt(2.0 + 2.25)), 1e-12);
	/* the table's quantiles sit at 0.975 (to the table's 3 decimals) */
	for (size_t df = 1; df <= 30; df++)
		NEAR(stats_t_cdf(stats_t95(df), (double)df), 0.975, 1e-4);
	NEAR(stats_t_cdf(1.959964, 1e7), 0.975, 1e-5);
	CU_ASSERT(isnan(stats_t_cdf(1.0, 0.0)));
	NEAR(stats_t_cdf(INFINITY, 3), 1.0, 0.0);
}

static void test_welch(void)
{
	struct stats_summary a = { .n = 5, .mean = 10, .stddev = 1 };
	struct stats_summary b = { .n = 5, .mean = 12, .stddev = 1 };
	double t, df, p;

	CU_ASSERT_EQUAL_FATAL(stats_welch(&a, &b, &t, &df, &p), 0);
	NEAR(t, -2.0 / sqrt(0.4), 1e-12);
	NEAR(df, 8.0, 1e-12);
	NEAR(p, 0.013349063, 1e-8);       /* 2 * P(T8 <= -3.1623) */
	NEAR(p, 2.0 * as_cdf(t, 8), 1e-10);

	/* unequal spreads: Welch-Satterthwaite df is fractional */
	struct stats_summary c = { .n = 10, .mean = 20, .stddev = 2 };
	struct stats_summary d = { .n = 6, .mean = 18, .stddev = 4 };
	CU_ASSERT_EQUAL_FATAL(stats_welch(&c, &d, &t, &df, &p), 0);
	double va = 4.0 / 10, vb = 16.0 / 6;
	NEAR(t, 2.0 / sqrt(va + vb), 1e-12);
	NEAR(df, (va + vb) * (va + vb) / (va * va / 9 + vb * vb / 5), 1e-9);
	/* df 6.53: p lies between the p-values at df 7 (smaller) and df 6 */
	CU_ASSERT(p < 2.0 * (1.0 - as_cdf(t, 6)) && p > 2.0 * (1.0 - as_cdf(t, 7)));

	/* symmetric in sign, p the same */
	double t2, df2, p2;
	CU_ASSERT_EQUAL(stats_welch(&d, &c, &t2, &df2, &p2), 0);
	NEAR(t2, -t, 1e-12);
	NEAR(p2, p, 1e-12);

	/* degenerate and refused cases */
	struct stats_summary one = { .n = 1, .mean = 3 };
	CU_ASSERT_EQUAL(stats_welch(&a, &one, &t, &df, &p), -1);
	struct stats_summary k1 = { .n = 3, .mean = 4 }, k2 = { .n = 3, .mean = 4 };
	CU_ASSERT_EQUAL(stats_welch(&k1, &k2, &t, &df, &p), 0);
	NEAR(t, 0.0, 0.0);
	NEAR(p, 1.0, 0.0);
	k2.mean = 5;
	CU_ASSERT_EQUAL(stats_welch(&k1, &k2, &t, &df, &p), 0);
	CU_ASSERT(isinf(t) && t < 0);
	NEAR(p, 0.0, 0.0);
}

static void test_too_short(void)
{
	static const struct {
		uint64_t ns;
		double res_s;
		int want;
	} cases[] = {
		{ 9999, 1e-9, 1 },     /* under the 10 us floor */
		{ 10000, 1e-9, 0 },    /* at the floor */
		{ 10000, 0.0, 0 },     /* unknown resolution: floor only */
		{ 5000, 0.0, 1 },
		{ 999999, 1e-6, 1 },   /* 1 us clock: 1 ms threshold */
		{ 1000000, 1e-6, 0 },
		{ 9999999, 1e-5, 1 },  /* 10 us clock: 10 ms */
		{ 0, 1e-9, 1 },
		{ 20000, NAN, 0 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CU_ASSERT_EQUAL(stats_too_short(cases[i].ns, cases[i].res_s), cases[i].want);
	NEAR(stats_short_threshold_s(1e-6), 1e-3, 1e-15);
	NEAR(stats_short_threshold_s(-1.0), 10e-6, 0.0);
}

static const struct cu_case cases[] = {
	CU_CASE(test_summaries),
	CU_CASE(test_large_close_values),
	CU_CASE(test_many_values),
	CU_CASE(test_rejects_bad_input),
	CU_CASE(test_t95_table),
	CU_CASE(test_t_cdf),
	CU_CASE(test_welch),
	CU_CASE(test_too_short),
	{ 0 }
};

CU_MAIN("stats", cases)
