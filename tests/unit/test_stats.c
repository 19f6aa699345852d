/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_stats.c: the statistics against values worked out by hand or from
 * closed forms (n = 1, n = 2, a textbook sample, the t table checked
 * against the t distribution, Welch's test against a known p-value).
 */
#include "compat.h"

#include <math.h>
#include <stdint.h>

#include "cu.h"
#include "model/stats.h"

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
	/* two trials: sd = sqrt(2), half width = t(1) * sqrt(2) / sqrt(2) */
	{ "n=2", { 2.0, 4.0 }, 2, 3.0, 3.0, 2.0, 4.0, 1.4142135624, 0.4714045208,
	  3.0 - 12.7062047361747, 3.0 + 12.7062047361747 },
	/* textbook: population sd 2, sample sd sqrt(32/7); t(7) = 2.36462425159279,
	 * half = 2.36462425159279 * 2.1380899353 / sqrt(8) = 1.78748792 */
	{ "textbook", { 2, 4, 4, 4, 5, 5, 7, 9 }, 8, 5.0, 4.5, 2.0, 9.0,
	  2.1380899353, 0.4276179871, 5.0 - 1.78748792, 5.0 + 1.78748792 },
	/* odd count, unsorted: the median is the middle value */
	{ "odd median", { 3.0, 1.0, 2.0 }, 3, 2.0, 2.0, 1.0, 3.0, 1.0, 0.5,
	  2.0 - 4.30265272974946 / 1.7320508076, 2.0 + 4.30265272974946 / 1.7320508076 },
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

/*
 * scipy.stats.t.ppf(0.975, df), to 12 significant digits.  Worked out
 * independently of stats.c with mpmath at 40 digits (root of the
 * regularized incomplete beta function) and checked against the printed
 * tables (12.706, 4.303, ..., 1.980) and the closed forms for df 1 and 2.
 */
static const struct { double df, t; } t975[] = {
	{ 1, 12.7062047361747 }, { 2, 4.30265272974946 }, { 3, 3.18244630528371 },
	{ 4, 2.77644510519779 }, { 5, 2.57058183563632 }, { 6, 2.44691185114497 },
	{ 7, 2.36462425159279 }, { 8, 2.30600413520417 }, { 9, 2.26215716279821 },
	{ 10, 2.22813885198627 }, { 11, 2.20098516009164 }, { 12, 2.17881282966723 },
	{ 13, 2.16036865646279 }, { 14, 2.14478668791780 }, { 15, 2.13144954555978 },
	{ 16, 2.11990529922125 }, { 17, 2.10981557783332 }, { 18, 2.10092204024104 },
	{ 19, 2.09302405440831 }, { 20, 2.08596344726586 }, { 21, 2.07961384472768 },
	{ 22, 2.07387306790403 }, { 23, 2.06865761041905 }, { 24, 2.06389856162803 },
	{ 25, 2.05953855275330 }, { 26, 2.05552943864287 }, { 27, 2.05183051648029 },
	{ 28, 2.04840714179525 }, { 29, 2.04522964213270 }, { 30, 2.04227245630124 },
	{ 40, 2.02107539030627 }, { 60, 2.00029782201426 }, { 120, 1.97993040508244 },
	{ 1000, 1.96233908082641 },
};

#define REL_NEAR(a, b, rel) CU_ASSERT(fabs((a) - (b)) <= (rel) * fabs(b))

static void test_t95_exact(void)
{
	for (size_t i = 0; i < sizeof(t975) / sizeof(t975[0]); i++) {
		double got = stats_t95((size_t)t975[i].df);
		if (fabs(got - t975[i].t) > 1e-9 * t975[i].t)
			printf("t95(%g) = %.15g, want %.15g\n", t975[i].df, got, t975[i].t);
		REL_NEAR(got, t975[i].t, 1e-9);
		REL_NEAR(stats_t_quantile(0.025, t975[i].df), -t975[i].t, 1e-9);
	}
	NEAR(stats_t95(100000000), 1.959963984540054, 1e-7);  /* the normal's */
	CU_ASSERT(isnan(stats_t95(0)));
	for (size_t df = 1; df < 2000; df++)
		CU_ASSERT(stats_t95(df + 1) < stats_t95(df));
}

/* Other levels and fractional df (Welch's), mpmath as above. */
static void test_t_quantile(void)
{
	static const struct { double p, df, t; } known[] = {
		{ 0.995, 3, 5.84090930973336 }, { 0.9, 5, 1.47588404882448 },
		{ 0.975, 2.5, 3.57465484200368 }, { 0.999, 1, 318.308838985550 },
	};
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		REL_NEAR(stats_t_quantile(known[i].p, known[i].df), known[i].t, 1e-9);
	NEAR(stats_t_quantile(0.5, 7), 0.0, 0.0);
	CU_ASSERT(isnan(stats_t_quantile(0.0, 3)));
	CU_ASSERT(isnan(stats_t_quantile(1.0, 3)));
	CU_ASSERT(isnan(stats_t_quantile(0.9, 0)));
	/* the quantile inverts the cdf over a range of p and df */
	static const double ps[] = { 1e-6, 0.01, 0.3, 0.6, 0.95, 0.999999 };
	static const double dfs[] = { 1, 1.5, 2, 3, 4.9, 17, 250, 1e5 };
	for (size_t i = 0; i < sizeof(ps) / sizeof(ps[0]); i++)
		for (size_t j = 0; j < sizeof(dfs) / sizeof(dfs[0]); j++) {
			double t = stats_t_quantile(ps[i], dfs[j]);
			REL_NEAR(stats_t_cdf(t, dfs[j]), ps[i], 1e-9);
		}
}

/* A summary's interval ends with the exact quantile (n = 5: df 4). */
static void test_interval_ends(void)
{
	double x[5] = { 10, 12, 11, 13, 9 };
	struct stats_summary s;
	CU_ASSERT_EQUAL_FATAL(stats_summarize(x, 5, &s), 0);
	/* mean 11, sd sqrt(2.5), half = 2.77644510519779 * sqrt(2.5 / 5) */
	double half = 2.77644510519779 * sqrt(0.5);
	REL_NEAR(s.ci95_low, 11.0 - half, 1e-9);
	REL_NEAR(s.ci95_high, 11.0 + half, 1e-9);
}

/*
 * Holm and Benjamini-Hochberg on p = (0.01, 0.04, 0.03, 0.005, NaN):
 * sorted 0.005, 0.01, 0.03, 0.04 (m = 4).
 * Holm: 4*0.005 = 0.02, 3*0.01 = 0.03, 2*0.03 = 0.06, max(0.06, 1*0.04) = 0.06.
 * BH: 0.04*4/4 = 0.04, 0.03*4/3 = 0.04, 0.01*4/2 = 0.02, 0.005*4/1 = 0.02.
 */
static void test_adjust(void)
{
	const double p[5] = { 0.01, 0.04, 0.03, 0.005, NAN };
	double a[5];
	CU_ASSERT_EQUAL_FATAL(stats_adjust_p(p, a, 5, STATS_ADJUST_HOLM), 0);
	NEAR(a[0], 0.03, 1e-12);
	NEAR(a[1], 0.06, 1e-12);
	NEAR(a[2], 0.06, 1e-12);
	NEAR(a[3], 0.02, 1e-12);
	CU_ASSERT(isnan(a[4]));
	CU_ASSERT_EQUAL_FATAL(stats_adjust_p(p, a, 5, STATS_ADJUST_BH), 0);
	NEAR(a[0], 0.02, 1e-12);
	NEAR(a[1], 0.04, 1e-12);
	NEAR(a[2], 0.04, 1e-12);
	NEAR(a[3], 0.02, 1e-12);
	CU_ASSERT(isnan(a[4]));
	CU_ASSERT_EQUAL_FATAL(stats_adjust_p(p, a, 5, STATS_ADJUST_NONE), 0);
	NEAR(a[1], 0.04, 0.0);
	/* capped at 1 */
	const double big[3] = { 0.6, 0.7, 0.9 };
	CU_ASSERT_EQUAL_FATAL(stats_adjust_p(big, a, 3, STATS_ADJUST_HOLM), 0);
	NEAR(a[0], 1.0, 0.0);
	NEAR(a[2], 1.0, 0.0);
	CU_ASSERT_EQUAL(stats_adjust_p(big, a, 0, STATS_ADJUST_BH), 0);
	CU_ASSERT_EQUAL(stats_adjust_from_name("holm"), STATS_ADJUST_HOLM);
	CU_ASSERT_EQUAL(stats_adjust_from_name("bh"), STATS_ADJUST_BH);
	CU_ASSERT_EQUAL(stats_adjust_from_name("none"), STATS_ADJUST_NONE);
	CU_ASSERT_EQUAL(stats_adjust_from_name("bonf"), -1);
	CU_ASSERT_STRING_EQUAL(stats_adjust_name(STATS_ADJUST_BH), "bh");
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
	/* the quantiles sit at 0.975 */
	for (size_t df = 1; df <= 30; df++)
		NEAR(stats_t_cdf(stats_t95(df), (double)df), 0.975, 1e-12);
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
	CU_CASE(test_t95_exact),
	CU_CASE(test_t_quantile),
	CU_CASE(test_interval_ends),
	CU_CASE(test_adjust),
	CU_CASE(test_t_cdf),
	CU_CASE(test_welch),
	CU_CASE(test_too_short),
	{ 0 }
};

CU_MAIN("stats", cases)
