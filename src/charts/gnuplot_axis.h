/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_axis.h: the x axes of the charts: the tics of a log2 size
 * axis, the record size the 2D charts are drawn at, and the axis the IOPS
 * and latency charts pick from the sizes the sets vary.
 */
#ifndef IOSWEEP_GNUPLOT_AXIS_H
#define IOSWEEP_GNUPLOT_AXIS_H

#include <stddef.h>
#include <stdint.h>

struct gnuplot_opts;
struct result_set;
struct sbuf;

/*
 * gnuplot_axis.c: the tics of a log2 size axis, the powers of two from lo
 * to hi on a range padded by the factor pad either side, the axis taking
 * share of the chart's width: labelled "64 kB", "1 MB", ..., or "64k",
 * "1M" or only every 2nd, 4th, ... tic where the narrowest terminal has
 * no room for them all (see gnuplot_axis.c).
 */
#define GNUPLOT_AXIS_2D        0.72  /* the x axis of a 2D chart with a right margin */
#define GNUPLOT_AXIS_SURFACE_X 0.45  /* the 3D surface's file-size axis, as drawn */
#define GNUPLOT_AXIS_SURFACE_Y 0.30  /*   and its record-size axis */
void gnuplot_axis_tics(struct sbuf *b, uint64_t lo, uint64_t hi, double pad, double share);
/* The record size of the 2D charts of col (64 KB when measured, else the most common). */
uint64_t gnuplot_pick_record(struct result_set *const *sets, size_t nsets, int col);
/* The cells of rs with data for col at record_kb. */
size_t gnuplot_record_cells(const struct result_set *rs, int col, uint64_t record_kb);

/*
 * The x axis of the IOPS and latency charts of a column (gnuplot_axis.c):
 * the size the sets actually vary.  File size at one record size (as the
 * drive comparison) when the cells at that record size have two file
 * sizes or more, or --record asked for one; else record size at the one
 * file size when they have two record sizes or more; else the one cell.
 */
struct gnuplot_xaxis {
	int records;            /* 1: x = record size at file_kb; 0: x = file size at record_kb */
	uint64_t file_kb, record_kb;
};
/* Pick it from the cells of col of sets[which[0..nwhich)] that keep(set, cell) takes. */
void gnuplot_xaxis_pick(struct result_set *const *sets, const size_t *which, size_t nwhich,
			int col, const struct gnuplot_opts *go,
			int (*keep)(const struct result_set *, size_t cell, int col),
			struct gnuplot_xaxis *ax);
/* The indices of the sets with a cell of col that has(set, cell, col) into which; how many. */
size_t gnuplot_sets_with(struct result_set *const *sets, size_t nsets, int col,
			 int (*has)(const struct result_set *, size_t cell, int col),
			 size_t *which);
/* 1 when cell lies on the axis, with its x (kB) in *x_kb. */
int gnuplot_xaxis_at(const struct gnuplot_xaxis *ax, const struct result_set *rs,
		     size_t cell, uint64_t *x_kb);
/* "file size" or "record size"; the x label (units stated), quoted; "64 kB records" or "4 MB file". */
const char *gnuplot_xaxis_name(const struct gnuplot_xaxis *ax);
void gnuplot_xaxis_label(struct sbuf *b, const struct gnuplot_xaxis *ax);
void gnuplot_xaxis_fixed(const struct gnuplot_xaxis *ax, char *out, size_t outlen);

#endif
