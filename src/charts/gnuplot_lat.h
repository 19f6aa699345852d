/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_lat.h: the latency charts drawn from per-operation figures.
 */
#ifndef IOSWEEP_GNUPLOT_LAT_H
#define IOSWEEP_GNUPLOT_LAT_H

#include <stddef.h>
#include <stdint.h>

struct gnuplot_files;
struct gnuplot_opts;
struct result_set;

/*
 * gnuplot_lat.c: the latency charts of col from per-operation histograms
 * (--latency and queue-depth runs) or, for a result folder read back,
 * the trials' latency figures of its results.csv: latency-<slug>.gp (p50,
 * p99, p99.9 and mean against the axis the sets vary, gnuplot_xaxis_pick)
 * and, from histograms only, percentiles-<slug>[-N].gp (the percentile
 * curve of each cell on the axis, per set).  Sets with neither are left
 * out.  Writes nothing when no set has any for col and says so with
 * *drawn = 0.  0 or -1.
 */
int gnuplot_lat_write(struct result_set *const *sets, size_t nsets, int col,
		      const char *slug, const struct gnuplot_opts *go,
		      const char *dir, struct gnuplot_files *written, int *drawn,
		      char *err, size_t errlen);

#endif
