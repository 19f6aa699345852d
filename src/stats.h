/*
 * stats.h: summary statistics of a handful of trials.
 *
 * Pure functions: no I/O, no allocation beyond a scratch copy for the
 * median.  The mean and variance come from Welford's one-pass update; the
 * 95% confidence interval uses Student's t with n-1 degrees of freedom
 * from a small table (exact to 3 decimals up to 30, then the normal 1.960).
 */
#ifndef IOSWEEP_STATS_H
#define IOSWEEP_STATS_H

#include <stddef.h>

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

#endif
