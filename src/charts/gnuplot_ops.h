/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_ops.h: the charts of small-file operations (results.h, struct
 * result_op: `iosweep fileop`, `iosweep files`, imported fileop text).
 */
#ifndef IOSWEEP_GNUPLOT_OPS_H
#define IOSWEEP_GNUPLOT_OPS_H

#include <stddef.h>

struct gnuplot_files;
struct gnuplot_opts;
struct result_set;

/*
 * Written instead of the file-size charts when the sets hold operation
 * records: per operation, ops-<test>.gp (calls per second against
 * fileop's force factor, or against the tree's file count, one line per
 * set, error bars over the trials as go->errbars says); per set with
 * latency figures, ops-latency[-N].gp (p50, p90, p99 and p99.9 of one
 * call per operation, at the set's largest tree, log scale).  Every set
 * must hold operations.  0 or -1 with err.
 */
int gnuplot_ops_write(struct result_set *const *sets, size_t nsets,
		      const struct gnuplot_opts *go, const char *dir,
		      struct gnuplot_files *written, char *err, size_t errlen);

#endif
