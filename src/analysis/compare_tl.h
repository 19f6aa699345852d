/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare_tl.h: where two timelines of the same workload settle at
 * different levels (`iosweep compare` of folders with timeline.csv).
 *
 * A pass's steady level is its rate (bytes over time) from its last
 * cliff in time (cliff_time.h) to its end, or over the whole pass when it
 * has none, counting whole intervals only; a cell's level is the mean of
 * its trials'.  Two levels differ when they are at least
 * COMPARE_TL_MIN_RATIO apart and the gap (on the log axis) exceeds twice
 * the sum of the two sides' interval-to-interval scatter: a difference a
 * single noisy interval could not make.  Passes with fewer than
 * COMPARE_TL_MIN_ROWS whole intervals in their level are left out.
 *
 * Pure module.  Ownership: compare_tl_levels fills a list it owns;
 * compare_tl_release frees it.
 */
#ifndef IOSWEEP_COMPARE_TL_H
#define IOSWEEP_COMPARE_TL_H

#include <stddef.h>
#include <stdint.h>

struct result_set;

#define COMPARE_TL_MIN_RATIO 1.05
#define COMPARE_TL_MIN_ROWS 3

struct tl_level_diff {
	int col;                     /* enum results_col */
	uint64_t file_kb, record_kb;
	size_t trials_a, trials_b;
	double a_kbps, b_kbps;       /* the steady levels */
	double a_from_s, b_from_s;   /* where they start in the pass (mean) */
	double ratio;                /* b / a */
	double noise;                /* both sides' scatter, log units, summed */
	int differ;
};

struct tl_level_list {
	struct tl_level_diff *items;
	size_t n;
};

/*
 * The cells whose passes both a and b have in their timelines (client 0),
 * in a's order.  0, or -1 with err (out of memory).
 */
int compare_tl_levels(const struct result_set *a, const struct result_set *b,
		      struct tl_level_list *out, char *err, size_t errlen);
void compare_tl_release(struct tl_level_list *l);

#endif
