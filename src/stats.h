/*
 * stats.h: summary statistics of a handful of trials.
 *
 * Pure functions: no I/O, no allocation beyond a scratch copy for the
 * median.  The mean and variance come from Welford's one-pass update; the
 * 95% confidence interval uses Student's t with n-1 degrees of freedom
 * from a small table (exact to 3 decimals up to 30, then interpolated in
 * 1/df through 40, 60, 120 down to the normal 1.960).
 */
#ifndef IOSWEEP_STATS_H
#define IOSWEEP_STATS_H

#include <stddef.h>
#include <stdint.h>

struct stats_summary {
	size_t n;
	double mean, median, min, max;
	double stddev;      /* sample standard deviation (n-1); 0 when n < 2 */
	double cv;          /* stddev / mean; 0 when n < 2 or mean == 0 */
	double ci95_low, ci95_high; /* mean -/+ t * stddev / sqrt(n); = mean when n < 2 */
};

/* 0 on success, -1 when n == 0 or x holds a non-finite value. */
int stats_summarize(const double *x, size_t n, struct stats_summary *out);

/* Two-sided 95% Student t quantile for df degrees of freedom (df >= 1). */
double stats_t95(size_t df);

/*
 * Is a timed region too short for the clock?  The threshold is
 * max(1000 x resolution_s, 10 microseconds): at 1000 clock steps the
 * quantisation error of one reading is at most 0.1%, and below 10 us the
 * cost of reading the clock and entering the kernel dominates whatever the
 * clock's step.  resolution_s <= 0 (unknown) uses the 10 us floor alone.
 * Returns 1 when elapsed_ns is under the threshold, else 0.
 */
#define STATS_SHORT_MIN_S 10e-6
#define STATS_SHORT_STEPS 1000.0
double stats_short_threshold_s(double resolution_s);
int stats_too_short(uint64_t elapsed_ns, double resolution_s);

/*
 * Student t distribution: P(T <= t) for df > 0 degrees of freedom (df may
 * be fractional, as Welch's df is), through the regularized incomplete
 * beta function.  NaN for df <= 0 or a NaN t.
 */
double stats_t_cdf(double t, double df);

/*
 * Welch's unequal-variance t test of a's mean against b's, from two
 * summaries (n, mean, stddev are used).  *t = (mean_a - mean_b) / se,
 * *df = Welch-Satterthwaite degrees of freedom, *p_two_sided = P(|T| >= |t|).
 * Needs n >= 2 on both sides; -1 otherwise.  When both spreads are 0 the
 * test degenerates: equal means give t = 0, p = 1; different means give
 * t = +/-infinity, p = 0; df is then n_a + n_b - 2.
 */
int stats_welch(const struct stats_summary *a, const struct stats_summary *b,
		double *t, double *df, double *p_two_sided);

#endif
