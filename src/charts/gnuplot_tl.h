/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_tl.h: the timeline charts (--log-interval; timeline.h):
 * timeline-<test>[-N].gp, for each test of a set with a timeline, its
 * longest pass and the other trials of the same cell, throughput per
 * interval above and the interval's p50, p99 and mean time per operation
 * below, on one axis of seconds into the pass, the cliffs in time found
 * in them (cliff_time.h) marked.  Nothing is written for a set without a
 * timeline.
 */
#ifndef IOSWEEP_GNUPLOT_TL_H
#define IOSWEEP_GNUPLOT_TL_H

#include <stddef.h>

struct gnuplot_files;
struct gnuplot_opts;
struct result_set;

/* 0, or -1 with err. */
int gnuplot_tl_write(struct result_set *const *sets, size_t nsets,
		     const struct gnuplot_opts *go, const char *dir,
		     struct gnuplot_files *written, char *err, size_t errlen);

#endif
