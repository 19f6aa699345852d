/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * stats.c: summary statistics of the trials of one cell (see stats.h).
 *
 * The mean and the variance come from Welford's one-pass update, which
 * stays accurate when the values are large and close together (KB/s
 * figures of 1e6 differing in the fourth digit).  The median sorts a
 * scratch copy.  The t distribution comes from the regularized incomplete
 * beta function evaluated by its continued fraction (modified Lentz); its
 * quantiles (the 95% interval's t) are computed, not looked up: closed
 * forms for 1 and 2 degrees of freedom, otherwise Newton's method on the
 * upper tail (computed directly, so nothing cancels near p = 1) inside a
 * bracket that bisection keeps honest.  Agrees with scipy's t.ppf to
 * better than 1e-9 relative (tests/unit/test_stats.c).  The p-value
 * adjustments for many tests (Holm, Benjamini-Hochberg) are here too.
 */
#include "compat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/stats.h"

#define STATS_PI 3.14159265358979323846   /* M_PI is not in ISO C or base POSIX */

double stats_t95(size_t df)
{
	if (df == 0)
		return NAN;
	return stats_t_quantile(0.975, (double)df);
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

/* Upper tail P(T > t), t >= 0, computed without 1 - cdf cancellation. */
static double t_upper(double t, double df)
{
	return 0.5 * betai(df / 2.0, 0.5, df / (df + t * t));
}

/* Density of Student's t with df degrees of freedom. */
static double t_pdf(double t, double df)
{
	double lc = lgamma((df + 1.0) / 2.0) - lgamma(df / 2.0) - 0.5 * log(df * STATS_PI);
	return exp(lc - (df + 1.0) / 2.0 * log1p(t * t / df));
}

double stats_t_quantile(double p, double df)
{
	if (!(df > 0.0) || !(p > 0.0 && p < 1.0))
		return NAN;
	if (p < 0.5)
		return -stats_t_quantile(1.0 - p, df);
	if (p == 0.5)
		return 0.0;
	double q = 1.0 - p;             /* upper tail wanted */
	if (df == 1.0)                  /* Cauchy */
		return 1.0 / tan(STATS_PI * q);
	if (df == 2.0)
		return (1.0 - 2.0 * q) / sqrt(2.0 * q * (1.0 - q));
	/* bracket [lo, hi] with tail(lo) >= q > tail(hi) */
	double lo = 0.0, hi = 1.0;
	while (t_upper(hi, df) > q && hi < 1e300)
		hi *= 2.0;
	double t = 0.5 * (lo + hi);
	for (int i = 0; i < 200; i++) {
		double f = t_upper(t, df) - q;   /* decreasing in t */
		if (f > 0.0)
			lo = t;
		else
			hi = t;
		double next = t + f / t_pdf(t, df);
		if (!(next > lo && next < hi))
			next = 0.5 * (lo + hi);
		if (fabs(next - t) <= 1e-15 * fabs(next) || hi - lo <= 1e-15 * hi) {
			t = next;
			break;
		}
		t = next;
	}
	return t;
}

static int cmp_index_p(const void *a, const void *b, const double *p)
{
	double x = p[*(const size_t *)a], y = p[*(const size_t *)b];
	return (x > y) - (x < y);
}

/* Insertion sort of idx by p (qsort has no context argument in C11). */
static void sort_by_p(size_t *idx, size_t n, const double *p)
{
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && cmp_index_p(&idx[j - 1], &idx[j], p) > 0; j--) {
			size_t t = idx[j];
			idx[j] = idx[j - 1];
			idx[j - 1] = t;
		}
}

int stats_adjust_p(const double *p, double *adj, size_t n, int method)
{
	size_t m = 0;
	size_t *idx = malloc((n ? n : 1) * sizeof(*idx));
	if (!idx)
		return -1;
	for (size_t i = 0; i < n; i++) {
		adj[i] = NAN;
		if (!isnan(p[i]))
			idx[m++] = i;
	}
	if (method == STATS_ADJUST_NONE) {
		for (size_t k = 0; k < m; k++)
			adj[idx[k]] = p[idx[k]];
		free(idx);
		return 0;
	}
	sort_by_p(idx, m, p);
	if (method == STATS_ADJUST_HOLM) {
		/* step down: max over j <= k of (m - j) p_(j), capped at 1 */
		double run = 0.0;
		for (size_t k = 0; k < m; k++) {
			double v = (double)(m - k) * p[idx[k]];
			run = fmax(run, v > 1.0 ? 1.0 : v);
			adj[idx[k]] = run;
		}
	} else {
		/* Benjamini-Hochberg step up: min over j >= k of m p_(j) / j */
		double run = 1.0;
		for (size_t k = m; k-- > 0;) {
			double v = (double)m * p[idx[k]] / (double)(k + 1);
			run = fmin(run, v);
			adj[idx[k]] = run;
		}
	}
	free(idx);
	return 0;
}

const char *stats_adjust_name(int method)
{
	switch (method) {
	case STATS_ADJUST_HOLM: return "holm";
	case STATS_ADJUST_BH: return "bh";
	default: return "none";
	}
}

int stats_adjust_from_name(const char *name)
{
	if (strcmp(name, "holm") == 0)
		return STATS_ADJUST_HOLM;
	if (strcmp(name, "bh") == 0 || strcmp(name, "fdr") == 0)
		return STATS_ADJUST_BH;
	if (strcmp(name, "none") == 0)
		return STATS_ADJUST_NONE;
	return -1;
}
