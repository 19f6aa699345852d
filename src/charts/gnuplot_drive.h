/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_drive.h: the drive comparison charts of one test column (see
 * gnuplot.h): <test>.gp, overlay-<test>.gp, latency-<test>.gp (mean time
 * per operation) and surface-<test>[-N].gp.
 */
#ifndef IOSWEEP_GNUPLOT_DRIVE_H
#define IOSWEEP_GNUPLOT_DRIVE_H

#include <stddef.h>

struct cliff_list;
struct gnuplot_files;
struct gnuplot_opts;
struct result_set;

/*
 * unit RESULTS_UNIT_KBPS: <slug>.gp and, with several sets,
 * overlay-<slug>.gp (sets[highlight] thick), cliffs[set] marked when not
 * NULL; RESULTS_UNIT_USEC: latency-<slug>.gp.  Nothing when no set has
 * figures for col.  0 or -1.
 */
int gnuplot_drive_write(struct result_set *const *sets, size_t nsets, int col,
			const char *slug, int unit, size_t highlight,
			const struct cliff_list *cliffs, const struct gnuplot_opts *go,
			const char *dir, struct gnuplot_files *written,
			char *err, size_t errlen);
/* The 3D surface of col of sets[set] into dir/name.gp.  0 or -1. */
int gnuplot_surface_write(struct result_set *const *sets, size_t set, int col,
			  const char *name, const struct gnuplot_opts *go, const char *dir,
			  struct gnuplot_files *written, char *err, size_t errlen);

#endif
