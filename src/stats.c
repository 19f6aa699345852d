/*
 * stats.c: summary statistics of the trials of one cell (see stats.h).
 *
 * The mean and the variance come from Welford's one-pass update, which
 * stays accurate when the values are large and close together (KB/s
 * figures of 1e6 differing in the fourth digit).  The median sorts a
 * scratch copy.  The Student t quantiles for the 95% interval are a table
 * (the usual two-sided 0.05 column, to 3 decimals); the t distribution
 * itself, needed for Welch's test, comes from the regularized incomplete
 * beta function evaluated by its continued fraction (modified Lentz).
 */
#include "compat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

/* Two-sided 95% quantiles of Student's t, df = 1..30. */
static const double t95_small[30] = {
	12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
	2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
	2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042
};

/* Beyond 30: anchors interpolated linearly in 1/df (0 stands for infinity). */
static const struct {
	double df, t;
} t95_large[] = {
	{ 30, 2.042 }, { 40, 2.021 }, { 60, 2.000 }, { 120, 1.980 }, { 0, 1.960 }
};

double stats_t95(size_t df)
{
	if (df == 0)
		return NAN;
	if (df <= 30)
		return t95_small[df - 1];
	double inv = 1.0 / (double)df;
	size_t n = sizeof(t95_large) / sizeof(t95_large[0]);
	for (size_t i = 0; i + 1 < n; i++) {
		double hi_inv = 1.0 / t95_large[i].df;
		double lo_inv = t95_large[i + 1].df > 0 ? 1.0 / t95_large[i + 1].df : 0.0;
		if (inv <= hi_inv && inv >= lo_inv) {
			double f = (inv - lo_inv) / (hi_inv - lo_inv);
			return t95_large[i + 1].t + f * (t95_large[i].t - t95_large[i + 1].t);
		}
	}
	return 1.960;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int stats_summarize(const double *x, size_t n, struct stats_summary *out)
{
	double small[64];
	double *sorted = small;
	double mean = 0.0, m2 = 0.0;

	if (n == 0)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (!isfinite(x[i]))
			return -1;
	if (n > sizeof(small) / sizeof(small[0])) {
		sorted = malloc(n * sizeof(*sorted));
		if (!sorted)
			return -1;
	}
	memset(out, 0, sizeof(*out));
	out->n = n;
	for (size_t i = 0; i < n; i++) {
		double delta = x[i] - mean;
		mean += delta / (double)(i + 1);
		m2 += delta * (x[i] - mean);
	}
	memcpy(sorted, x, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), cmp_double);
	out->mean = mean;
	out->min = sorted[0];
	out->max = sorted[n - 1];
	out->median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
	if (sorted != small)
		free(sorted);
	out->ci95_low = out->ci95_high = mean;
	if (n >= 2) {
		out->stddev = sqrt(m2 / (double)(n - 1));
		if (mean != 0.0)
			out->cv = out->stddev / mean;
		double half = stats_t95(n - 1) * out->stddev / sqrt((double)n);
		out->ci95_low = mean - half;
		out->ci95_high = mean + half;
	}
	return 0;
}

double stats_short_threshold_s(double resolution_s)
{
	double steps = isfinite(resolution_s) && resolution_s > 0.0
		? STATS_SHORT_STEPS * resolution_s : 0.0;
	return steps > STATS_SHORT_MIN_S ? steps : STATS_SHORT_MIN_S;
}

int stats_too_short(uint64_t elapsed_ns, double resolution_s)
{
	return (double)elapsed_ns < stats_short_threshold_s(resolution_s) * 1e9;
}

#define STATS_TINY 1e-300

static double not_tiny(double v)
{
	return fabs(v) < STATS_TINY ? STATS_TINY : v;
}

/* One step of the modified Lentz method: fold in coefficient aa, return the factor. */
static double lentz_step(double aa, double *c, double *d)
{
	*d = 1.0 / not_tiny(1.0 + aa * *d);
	*c = not_tiny(1.0 + aa / *c);
	return *d * *c;
}

/* Continued fraction of the incomplete beta function (modified Lentz). */
static double betacf(double a, double b, double x)
{
	double qab = a + b, qap = a + 1.0, qam = a - 1.0;
	double c = 1.0, d = 1.0 / not_tiny(1.0 - qab * x / qap);
	double h = d;

	for (int m = 1; m <= 1000; m++) {
		double m2 = 2.0 * m;
		h *= lentz_step(m * (b - m) * x / ((qam + m2) * (a + m2)), &c, &d);
		double del = lentz_step(-(a + m) * (qab + m) * x / ((a + m2) * (qap + m2)),
					&c, &d);
		h *= del;
		if (fabs(del - 1.0) < 1e-15)
			break;
	}
	return h;
}

/* Regularized incomplete beta I_x(a, b), 0 <= x <= 1, a, b > 0. */
static double betai(double a, double b, double x)
{
	if (x <= 0.0)
		return 0.0;
	if (x >= 1.0)
		return 1.0;
	double lfront = lgamma(a + b) - lgamma(a) - lgamma(b) +
		a * log(x) + b * log1p(-x);
	double front = exp(lfront);
	if (x < (a + 1.0) / (a + b + 2.0))
		return front * betacf(a, b, x) / a;
	return 1.0 - front * betacf(b, a, 1.0 - x) / b;
}

double stats_t_cdf(double t, double df)
{
	if (!(df > 0.0) || isnan(t))
		return NAN;
	if (isinf(t))
		return t > 0 ? 1.0 : 0.0;
	/* P(|T| >= |t|) = I_{df/(df+t^2)}(df/2, 1/2) */
	double tail = 0.5 * betai(df / 2.0, 0.5, df / (df + t * t));
	return t > 0 ? 1.0 - tail : tail;
}

int stats_welch(const struct stats_summary *a, const struct stats_summary *b,
		double *t, double *df, double *p_two_sided)
{
	if (a->n < 2 || b->n < 2)
		return -1;
	double va = a->stddev * a->stddev / (double)a->n;
	double vb = b->stddev * b->stddev / (double)b->n;
	double diff = a->mean - b->mean;
	double se2 = va + vb;

	if (!isfinite(se2) || !isfinite(diff))
		return -1;
	if (se2 == 0.0) {
		*df = (double)(a->n + b->n - 2);
		*t = diff == 0.0 ? 0.0 : (diff > 0 ? INFINITY : -INFINITY);
		*p_two_sided = diff == 0.0 ? 1.0 : 0.0;
		return 0;
	}
	*t = diff / sqrt(se2);
	*df = se2 * se2 / (va * va / (double)(a->n - 1) + vb * vb / (double)(b->n - 1));
	double p = 2.0 * stats_t_cdf(-fabs(*t), *df);
	*p_two_sided = p > 1.0 ? 1.0 : p;
	return 0;
}
