/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_curve.h: the chart of the saturation curve (`iosweep-mpi
 * clients-curve`, analysis/curve.h).
 */
#ifndef IOSWEEP_GNUPLOT_CURVE_H
#define IOSWEEP_GNUPLOT_CURVE_H

#include <stddef.h>

struct curve_table;
struct gnuplot_files;
struct gnuplot_refs;

/*
 * The reference lines of the curve's charts: with a --link value, the
 * link's own line (the built-in line of the same rate, so "gigabit
 * Ethernet", else one named as netbound names the link); without, the
 * drive charts' default lines.  0, or -1 with err set.
 */
int gnuplot_curve_refs(const char *link_spec, struct gnuplot_refs *out,
		       char *err, size_t errlen);

/*
 * clients-curve-<test>.gp in dir: the aggregate and each client's share
 * (median, min..max bars) of test col against the clients on a log2
 * axis, the knee marked, refs drawn dashed; term NULL is png.  Appended
 * to *written.  0 when written (or when t has no step of col), -1 with
 * err set.
 */
int gnuplot_curve_write(const struct curve_table *t, int col, const struct gnuplot_refs *refs,
			const char *term, const char *dir, int overwrite,
			struct gnuplot_files *written, char *err, size_t errlen);

#endif
