/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_clients.h: the chart of many-client runs.
 */
#ifndef IOSWEEP_GNUPLOT_CLIENTS_H
#define IOSWEEP_GNUPLOT_CLIENTS_H

#include <stddef.h>
#include <stdint.h>

struct gnuplot_files;
struct gnuplot_opts;
struct result_set;

/*
 * gnuplot_clients.c: clients-<slug>.gp, the aggregate throughput of
 * many-client runs (iosweep-mpi) against their client counts, one line
 * per file size at record_kb.  Writes nothing (0) unless two of the sets
 * know different client counts.  0 or -1.
 */
int gnuplot_clients_write(struct result_set *const *sets, size_t nsets, int col,
			  const char *slug, uint64_t record_kb,
			  const struct gnuplot_opts *go, const char *dir,
			  struct gnuplot_files *written, char *err, size_t errlen);

#endif
