/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_qd.h: the charts of a profile run, as the reviews
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

struct gnuplot_files;
struct profile_rows;
struct sbuf;

/*
 * Write the charts of rows into dir (created) and render them with term
 * (NULL: png).  0 when rendered, 1 when written but gnuplot is missing
 * (err says how to render), -1 on error.
 */
int gnuplot_qd_charts(const struct profile_rows *rows, const char *dir,
		      const char *term, int overwrite, char *err, size_t errlen);

/*
 * gnuplot_qd.c: one line or bar chart from the template tmpl (qd-bars.gp,
 * qd-grid.gp) into dir/name.gp (the chart of test col, or -1), term its default terminal: the title,
 * what it shows and the y label (quoted here), the From: text, the data
 * blocks and the plot items, and extra[0..nextra) as KEY, value pairs of
 * the template's other placeholders.  0 or -1.
 */
int gnuplot_qd_chart(const char *tmpl, const char *dir, const char *name, int col,
		     const char *term, const char *title, const char *what,
		     const char *ylabel, struct sbuf *from, struct sbuf *data,
		     struct sbuf *plot, const char *const *extra, size_t nextra,
		     int overwrite, struct gnuplot_files *files, char *err, size_t errlen);

#endif
