/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clients_tl.h: the clients' timelines (--log-interval) in iosweep-mpi,
 * apart from the MPI that carries them (clients_mpi.c).
 *
 * Every client keeps its own passes' rows (client: its rank), each on a
 * grid from its pass's t0, which follows the barrier every
 * client leaves together: interval k of every client covers the same
 * stretch of time since that barrier, as near as the barrier's exit is
 * to being simultaneous (no two hosts' clocks are ever compared).  At the
 * end of a cell the clients reduce, per pass (test, trial), their rows
 * interval by interval into rows of client "total" (timeline_acc_sum's
 * rules: bytes and operations add, the longest length, the mean weighted
 * by operations, p50 and p99 only for one client), and, up to
 * CLIENTS_TL_ROWS_MAX clients, rank 0 also appends every other client's
 * own rows, packed.  No MPI here, so the
 * rules are tested on their own (tests/unit/test_clients_tl.c).  Private
 * to src/clients/.
 */
#ifndef IOSWEEP_CLIENTS_TL_H
#define IOSWEEP_CLIENTS_TL_H

#include <stddef.h>
#include <stdint.h>

#include "model/timeline.h"

/* Up to this many clients rank 0 keeps each client's own rows too. */
#define CLIENTS_TL_ROWS_MAX 16

/* The bytes clients_tl_pack writes for client self's rows of the cell. */
size_t clients_tl_packed_len(const struct timeline *t, int32_t self, uint64_t file_kb,
			     uint64_t record_kb);

/*
 * Client self's rows of the cell (file_kb, record_kb) at p: their count
 * (uint32_t), then the rows as they are (every rank runs the same build).
 * The bytes written (clients_tl_packed_len's).
 */
size_t clients_tl_pack(const struct timeline *t, int32_t self, uint64_t file_kb,
		       uint64_t record_kb, unsigned char *p);

/*
 * Read client `client`'s packed rows of the cell from the len bytes at
 * p; *used is set to the bytes they took.  With keep, they are appended
 * to t (rank 0 skips its own, which t holds already).  0; or -1 with why
 * set (short bytes, a row of another cell, test or client, out of
 * memory: t unchanged).
 */
int clients_tl_unpack(struct timeline *t, int keep, int32_t client, uint64_t file_kb,
		      uint64_t record_kb, const unsigned char *p, size_t len,
		      size_t *used, char *why, size_t whylen);

/*
 * One interval of a pass as the clients reduce it into their total
 * (clients_mpi.c's MPI_Reduce, or clients_tl_totals here): start and
 * length the longest, bytes and operations summed, the mean's weight
 * (mean x operations) summed and the max the largest over the clients
 * that had operations, p50 and p99 a single client's own.  An interval a
 * client did not reach is a record of zeros.
 */
struct clients_tl_red {
	uint64_t start_ns, len_ns, bytes, ops;
	double mean_ops, lat_max, p50, p99;
};

/*
 * Client self's rows of the pass (col, trial) of the cell (file_kb,
 * record_kb) in t: the first, and their number in *n; NULL and 0 when
 * it has none.
 */
const struct timeline_row *clients_tl_pass(const struct timeline *t, int32_t self,
					   uint64_t file_kb, uint64_t record_kb, int col,
					   unsigned trial, size_t *n);
/* The n rows as records in out[nmax], the intervals past n zeros. */
void clients_tl_red_fill(const struct timeline_row *rows, size_t n, size_t nmax,
			 struct clients_tl_red *out);
/* Add the n records of another client, src, into dst. */
void clients_tl_red_merge(struct clients_tl_red *dst, const struct clients_tl_red *src,
			  size_t n);
/*
 * The n records of nclients clients summed as rows of client
 * TIMELINE_CLIENT_TOTAL of proto's pass, appended to t (as
 * timeline_acc_sum's rows).  0, or -1 when out of memory (t unchanged).
 */
int clients_tl_red_keep(const struct clients_tl_red *r, size_t n, unsigned nclients,
			const struct timeline_row *proto, struct timeline *t);

/*
 * The totals of the cell: for every pass (test, trial) that all nclients
 * clients have rows of, their rows summed interval by interval, appended
 * to t as client TIMELINE_CLIENT_TOTAL.  A pass some client has no rows
 * of (its timeline was lost) gets no total.  0, or -1 (out of memory).
 */
int clients_tl_totals(struct timeline *t, uint64_t file_kb, uint64_t record_kb,
		      unsigned nclients);

#endif
