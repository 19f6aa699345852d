/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clients_check.h: the reference iosweep-mpi's reductions are checked
 * against (IOSWEEP_MPI_VERIFY; docs/mpi.md).  Every client's histograms
 * and timeline rows also travel whole to rank 0, the way the figures went
 * before they were reduced, and rank 0 pools them with the sequential
 * rules (clients_agg_add, clients_tl_totals) and compares the pool with
 * the reduction: bytes, operations and histograms bucket for bucket (so
 * every percentile), and the timeline totals row by row.  A debugging
 * aid and the tests' proof; no MPI here.  Private to src/clients/.
 */
#ifndef IOSWEEP_CLIENTS_CHECK_H
#define IOSWEEP_CLIENTS_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "clients/clients_agg.h"
#include "clients/clients_red.h"
#include "model/timeline.h"

/*
 * A client's histograms of n samples as bytes: per sample a uint32_t of
 * the slots it has (bit k: slot k), then those histograms packed
 * (latency_pack).  malloc'd, *len its size; NULL when out of memory.
 */
unsigned char *clients_check_pack(struct result_sample *const *s, size_t n, size_t *len);

/*
 * Client `client`'s sample with row `row`, its histograms read from *p
 * (*left bytes left; both advanced), added to ref (clients_agg_add).  0,
 * or -1 with why set (short or corrupt bytes, out of memory).
 */
int clients_check_pool(const struct clients_row *row, int32_t client, uint32_t cell,
		       const unsigned char **p, size_t *left, struct clients_agg *ref,
		       char *why, size_t whylen);

/*
 * Is the reduced aggregate a the pooled ref: the same counts, bytes,
 * longest times, flags and histograms (bucket for bucket, and the
 * figures summarized from them)?  CPU seconds, summed in another order,
 * are left out.
 */
int clients_check_same(const struct clients_agg *a, const struct clients_agg *ref);

/*
 * The totals of the cell in reduced (client TIMELINE_CLIENT_TOTAL rows)
 * against those clients_tl_totals makes of pool (every client's rows of
 * the cell): start, length, bytes and operations row by row.  0 equal,
 * 1 differing, -1 out of memory; *checked the rows compared.
 */
int clients_check_totals(const struct timeline *reduced, struct timeline *pool,
			 uint64_t file_kb, uint64_t record_kb, unsigned nclients,
			 size_t *checked);

#endif
