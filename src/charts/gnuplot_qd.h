/*
 * gnuplot_qd.h: the charts of a profile run (issue 16), as the reviews
 * draw them, from the rows of profile.h:
 *   bars-<figure>.gp  per workload and test, one bar per result set
 *                     (label): IOPS, average, maximum, standard deviation
 *                     and p99 of the latency;
 *   grid-<figure>.gp  the --mix workloads over the thread x queue grid:
 *                     x = queue depth per thread (log2), one line per
 *                     thread count (and result set): IOPS, average and
 *                     maximum latency, standard deviation.
 * The bars leave out test 0's file-laying write of a workload that runs
 * random or mixed passes (it stays in profile.csv), and the workloads
 * drawn on the grid.  Scripts are self-contained like every chart
 * (gnuplot.h) and rendered when gnuplot is there.
 */
#ifndef IOSWEEP_GNUPLOT_QD_H
#define IOSWEEP_GNUPLOT_QD_H

#include <stddef.h>

struct profile_rows;

/*
 * Write the charts of rows into dir (created) and render them with term
 * (NULL: png).  0 when rendered, 1 when written but gnuplot is missing
 * (err says how to render), -1 on error.
 */
int gnuplot_qd_charts(const struct profile_rows *rows, const char *dir,
		      const char *term, int overwrite, char *err, size_t errlen);

#endif
