/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report_files.h: what `iosweep files` prints and writes: the per-phase
 * table of a trial (all jobs, then each job when there are several), the
 * mean and 95% confidence interval over trials, and files.csv.
 *
 * The figures of a phase: calls per second (its timed calls over its
 * time), files per second and MB/s (files and bytes over its time: the
 * barrier-to-barrier time for all jobs, a job's own time for a job),
 * and the p50 and p99 latency of one call.  A phase whose time is under
 * stats.h's short_timing threshold is marked '!'.
 * The functions own nothing they are given.
 */
#ifndef IOSWEEP_REPORT_FILES_H
#define IOSWEEP_REPORT_FILES_H

#include <stddef.h>
#include <stdio.h>

#include "run/files/files.h"

/* A phase's rates (NaN when it took no time or did not run). */
struct report_files_rates {
	double seconds, ops_s, files_s, mb_s, p50_us, p99_us;
	int short_timing;
};
void report_files_rates(const struct files_phase *p, double resolution_s,
			struct report_files_rates *out);

/* One trial's table (trial 0-based). */
void report_files_table(FILE *out, const struct files_result *r, unsigned trial,
			double resolution_s);

/*
 * The mean and 95% CI of ops/s, files/s and MB/s over n trials' results
 * (nothing when n < 2).
 */
void report_files_summary(FILE *out, const struct files_result *r, size_t n,
			  double resolution_s);

/*
 * Add trial `trial`'s phases (r) to rs as operation records (results.h,
 * struct result_op: "files create", ..., files: the tree's files), the
 * whole run's and, with several jobs, each job's (many clients: each
 * client's, into rs->client_ops, in place of the jobs'), with a copy of each
 * histogram; a phase under resolution_s's short-timing threshold is
 * flagged.  0, or -1 when out of memory.
 */
struct result_set;
int report_files_ops(struct result_set *rs, const struct files_result *r, unsigned trial,
		     uint64_t tree_files, double resolution_s);

/*
 * files.csv: one row per trial, phase and job ("all" first):
 *   trial,phase,job,calls,files,bytes,seconds,ops_per_s,files_per_s,
 *   mb_per_s,lat_p50_us,lat_p99_us,short_timing
 * Refuses an existing file unless overwrite.  0, or -1 with a message.
 */
int report_files_csv(const char *path, const struct files_result *r, size_t n,
		     double resolution_s, int overwrite, char *err, size_t errlen);

#endif
