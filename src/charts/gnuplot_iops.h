/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_iops.h: the IOPS chart of queue-depth runs.
 */
#ifndef IOSWEEP_GNUPLOT_IOPS_H
#define IOSWEEP_GNUPLOT_IOPS_H

#include <stddef.h>
#include <stdint.h>

struct gnuplot_files;
struct gnuplot_opts;
struct result_set;

/*
 * gnuplot_iops.c: iops-<slug>.gp, the IOPS of col (mean of the trials,
 * min..max bars; a mix's reads and writes dashed) against the axis the
 * sets vary, one line per set with IOPS figures (timed operations).
 * Written only when some set is a queue-depth run (its meta has a
 * workload, or its samples are split into reads and writes); nothing
 * (0) otherwise, and no chart for sets without IOPS figures.  0 or -1.
 */
int gnuplot_iops_write(struct result_set *const *sets, size_t nsets, int col,
		       const char *slug, const struct gnuplot_opts *go, const char *dir,
		       struct gnuplot_files *written, char *err, size_t errlen);

#endif
