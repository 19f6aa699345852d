/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare.h: two result sets side by side, per cell and test: the means,
 * their ratio and % difference, and whether the difference is significant
 * by Welch's t-test on the trials (the check iozone-results-comparator
 * made popular), its p-values adjusted for the number of cells tested
 * (Benjamini-Hochberg or Holm): at p < 0.05 a grid of 200
 * cells with no real difference would otherwise show about 10 "significant"
 * ones.  Per test, the geometric mean of the ratios sums it up.
 *
 * Pure: no I/O.  Ownership: compare_sets fills *out, which owns its rows
 * until compare_release.
 */
#ifndef IOSWEEP_COMPARE_H
#define IOSWEEP_COMPARE_H

#include <stddef.h>
#include <stdint.h>

#include "model/results.h"

#define COMPARE_ALPHA 0.05
/* the grid's columns, and up to 40 kinds of small-file operation */
#define COMPARE_MAX_TESTS (RC_COUNT + 40)

struct compare_row {
	int col;              /* enum results_col; -1 for an operation */
	uint64_t file_kb, record_kb;
	/* small-file operations (results_ops.h): the test ("fileop mkdir",
	 * pointing into set A), the tree's files and fileop's force */
	const char *op;
	uint64_t files;
	unsigned force;
	size_t n_a, n_b;      /* trials with a figure */
	double mean_a, mean_b;
	double ratio;         /* mean_b / mean_a; NaN when mean_a is 0 */
	double pct_diff;      /* 100 * (mean_b - mean_a) / mean_a; NaN likewise */
	double p_value;       /* Welch, two-sided; NaN when n_a or n_b < 2 */
	double p_adjusted;    /* p_value adjusted over every row with a p; NaN likewise */
	int significant;      /* p_adjusted < alpha: 1 or 0; -1 when NaN ("n/a") */
};

struct compare_test {
	int col;              /* -1 for an operation */
	const char *op;       /* the operation's test, NULL for a column */
	size_t n;             /* rows with a finite, positive ratio */
	double geomean_ratio; /* exp(mean(log ratio)); NaN when n == 0 */
};

struct compare_result {
	struct compare_row *rows;   /* by test (IOzone's order), then A's cells */
	size_t nrows;
	struct compare_test tests[COMPARE_MAX_TESTS]; /* one per test present in both */
	size_t ntests;
	int adjust;                 /* enum stats_adjust used */
	size_t ntested;             /* rows with a p-value (the family adjusted) */
};

/* The test's name: an IOzone column's, or the operation's. */
const char *compare_row_test(const struct compare_row *r);
const char *compare_test_name(const struct compare_test *t);

/*
 * Compare b against a in `unit` (enum results_unit; kB/s is the usual):
 * every (cell, test) with at least one full trial in both sets, cells
 * matched by file and record size; then every small-file operation on a
 * tree (test, files, force) both sets hold, in calls per second, after
 * the grid's rows and adjusted with them.  alpha: the significance level
 * (COMPARE_ALPHA); adjust: enum stats_adjust, applied to the p-values of
 * all rows together.  0, or -1 with a message (no cell in common, memory).
 */
int compare_sets(const struct result_set *a, const struct result_set *b,
		 int unit, double alpha, int adjust, struct compare_result *out,
		 char *err, size_t errlen);

void compare_release(struct compare_result *r);

/*
 * The figures of one row from the per-trial values of each side: n, means,
 * ratio, % difference and Welch's p (the fields other than col and the
 * sizes; no verdict yet: compare_verdicts).  Also used for throughput mode
 * (compare_tp.c).
 */
void compare_values(const double *va, size_t na, const double *vb, size_t nb,
		    struct compare_row *row);
/*
 * The verdicts of n rows tested together: their p-values adjusted as one
 * family (enum stats_adjust), p_adjusted and significant (adjusted p <
 * alpha) set; *ntested the rows with a p.  0, or -1 out of memory.
 */
int compare_verdicts(struct compare_row *const *rows, size_t n, double alpha,
		     int adjust, size_t *ntested);
/* "Benjamini-Hochberg-adjusted", "Holm-adjusted" or "unadjusted". */
const char *compare_adjust_text(int adjust);

#endif
