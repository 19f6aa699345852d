/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * results_ops.h: the small-file operations of a result set (results.h,
 * struct result_op) as figures and statistics, for every emitter to read
 * the same way: one record's calls per second, and the groups of one
 * (test, tree) with the statistics over their full trials.
 *
 * A group is one operation on one tree: (test, files, force), the rows
 * of the whole run only (job -1); the groups run in the order their
 * tests first appear in the set, then by file count and force.
 *
 * Ownership: results_op_groups returns an array the caller frees; its
 * test pointers point into the set.
 */
#ifndef IOSWEEP_RESULTS_OPS_H
#define IOSWEEP_RESULTS_OPS_H

#include <stddef.h>
#include <stdint.h>

#include "model/results.h"
#include "model/stats.h"

/* A record with nothing known: NaN figures, job -1. */
void results_op_clear(struct result_op *o);

/* Calls per second of one record: calls / seconds, else the stored rate; NaN. */
double results_op_rate(const struct result_op *o);

struct results_op_group {
	const char *test;
	uint64_t files;
	unsigned force;
	struct stats_summary s;   /* calls/s over the full trials (n 0: none) */
	int short_timing;         /* a full trial was under the threshold */
	int has_lat;              /* lat_us holds the group's latency figures */
	double lat_us[8];         /* latency.h's order; from the trials'
				     histograms merged, or the one trial's
				     figures read back */
};

/*
 * The groups of rs's operation records into *out (malloc'd, NULL when
 * there are none).  Returns how many; -1 when out of memory.
 */
long results_op_groups(const struct result_set *rs, struct results_op_group **out);

/*
 * The calls per second of every full trial of (test, files, force), the
 * whole run's rows, into out[0..max) in the order they were added
 * (trial order).  Returns how many.
 */
size_t results_op_values(const struct result_set *rs, const char *test,
			 uint64_t files, unsigned force, double *out, size_t max);

/* 1 when the set holds operation records of a fileop run or import. */
int results_ops_fileop(const struct result_set *rs);

#endif
