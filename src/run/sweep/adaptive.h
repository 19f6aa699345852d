/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * adaptive.h: --ci, adaptive trials.  A cell is run again until the 95%
 * confidence interval of every test in it is within a share of its mean
 * (at least ADAPTIVE_MIN_TRIALS trials, at most --trials N), so quiet
 * cells cost three passes and only noisy ones more.  Pure except for
 * adaptive_write_report, which prints the summary after the report.
 *
 * Ownership: nothing is allocated that outlives a call.
 */
#ifndef IOSWEEP_ADAPTIVE_H
#define IOSWEEP_ADAPTIVE_H

#include <stddef.h>
#include <stdio.h>

struct result_set;

#define ADAPTIVE_MIN_TRIALS 3

/*
 * The widest relative half-width (95% CI half-width / mean) over the
 * tests of cell, from its full trials; *n_out (may be NULL) gets the
 * fewest trials of any of its tests and *col_out (may be NULL) the test
 * with the widest interval.  INFINITY when a test has fewer than two
 * trials or a mean of 0.
 */
double adaptive_cell_width(const struct result_set *rs, size_t cell,
			   size_t *n_out, int *col_out);

/* Has the cell reached the target: ADAPTIVE_MIN_TRIALS trials, width <= target? */
int adaptive_cell_done(const struct result_set *rs, size_t cell, double target);

/*
 * The "Confidence intervals" section after the report: how many cells got
 * within target and with how many trials, and each cell that never did,
 * with its widest test and half-width.
 */
void adaptive_write_report(FILE *out, const struct result_set *rs, double target);

#endif
