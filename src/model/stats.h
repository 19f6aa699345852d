/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * stats.h: summary statistics of a handful of trials.
 *
 * Pure functions: no I/O, no allocation beyond a scratch copy for the
 * median.  The mean and variance come from Welford's one-pass update; the
 * 95% confidence interval uses Student's t with n-1 degrees of freedom,
 * its quantile computed (stats_t_quantile), not taken from a table.
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
 * The p quantile of Student's t with df > 0 degrees of freedom (df may be
 * fractional): the t with P(T <= t) = p, to about 1e-13 relative.  NaN
 * unless 0 < p < 1 and df > 0.
 */
double stats_t_quantile(double p, double df);

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

/*
 * Adjusting the p-values of many tests at once (compare tests every cell):
 * Holm's step-down method (controls the chance of any false "significant"
 * under any dependence) or Benjamini-Hochberg's step-up (controls the
 * expected share of false ones among those called significant).  adj[i]
 * gets the adjusted p[i]; NaN entries stay NaN and do not count as tests.
 * STATS_ADJUST_NONE copies.  0, or -1 when out of memory.
 */
enum stats_adjust { STATS_ADJUST_NONE, STATS_ADJUST_HOLM, STATS_ADJUST_BH };
int stats_adjust_p(const double *p, double *adj, size_t n, int method);
/* "none", "holm", "bh"; and back (also "fdr" for bh), -1 when unknown. */
const char *stats_adjust_name(int method);
int stats_adjust_from_name(const char *name);

#endif
