/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_tp.h: the charts of throughput-mode sets.
 */
#ifndef IOSWEEP_GNUPLOT_TP_H
#define IOSWEEP_GNUPLOT_TP_H

#include <stddef.h>
#include <stdint.h>

struct gnuplot_files;
struct gnuplot_opts;
struct result_set;

/*
 * gnuplot_tp.c: the charts of throughput-mode sets (results.h, struct
 * result_tp), written instead of the file-size charts when any set has
 * throughput records: per test, throughput-<slug>.gp (throughput against
 * the process count, one colour per set, Children see solid, Parent sees
 * dashed, reference lines) and with several sets overlay-throughput-<slug>.gp
 * (go->highlight thick).  Every set must be a throughput set.  0 or -1.
 */
int gnuplot_tp_write(struct result_set *const *sets, size_t nsets,
		     const struct gnuplot_opts *go, const char *dir,
		     struct gnuplot_files *written, char *err, size_t errlen);

#endif
