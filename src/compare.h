/*
 * compare.h: two result sets side by side, per cell and test: the means,
 * their ratio and % difference, and whether the difference is significant
 * by Welch's t-test on the trials (the check iozone-results-comparator
 * made popular).  Per test, the geometric mean of the ratios sums it up.
 *
 * Pure: no I/O.  Ownership: compare_sets fills *out, which owns its rows
 * until compare_release.
 */
#ifndef IOSWEEP_COMPARE_H
#define IOSWEEP_COMPARE_H

#include <stddef.h>
#include <stdint.h>

#include "results.h"

#define COMPARE_ALPHA 0.05

struct compare_row {
	int col;              /* enum results_col */
	uint64_t file_kb, record_kb;
	size_t n_a, n_b;      /* trials with a figure */
	double mean_a, mean_b;
	double ratio;         /* mean_b / mean_a; NaN when mean_a is 0 */
	double pct_diff;      /* 100 * (mean_b - mean_a) / mean_a; NaN likewise */
	double p_value;       /* Welch, two-sided; NaN when n_a or n_b < 2 */
	int significant;      /* p < alpha: 1 or 0; -1 when p is NaN ("n/a") */
};

struct compare_test {
	int col;
	size_t n;             /* rows with a finite, positive ratio */
	double geomean_ratio; /* exp(mean(log ratio)); NaN when n == 0 */
};

struct compare_result {
	struct compare_row *rows;   /* by test (IOzone's order), then A's cells */
	size_t nrows;
	struct compare_test tests[RC_COUNT]; /* one per test present in both */
	size_t ntests;
};

/*
 * Compare b against a in `unit` (enum results_unit; kB/s is the usual):
 * every (cell, test) with at least one full trial in both sets, cells
 * matched by file and record size.  alpha: the significance level
 * (COMPARE_ALPHA).  0, or -1 with a message (no cell in common, memory).
 */
int compare_sets(const struct result_set *a, const struct result_set *b,
		 int unit, double alpha, struct compare_result *out,
		 char *err, size_t errlen);

void compare_release(struct compare_result *r);

/*
 * The figures of one row from the per-trial values of each side: n, means,
 * ratio, % difference, Welch's p and its verdict at alpha (the fields
 * other than col and the sizes).  Also used for throughput mode
 * (compare_tp.c).
 */
void compare_values(const double *va, size_t na, const double *vb, size_t nb,
		    double alpha, struct compare_row *row);

#endif
