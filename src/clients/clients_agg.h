/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clients_agg.h: the figure of all iosweep-mpi's clients of one (test,
 * trial) of a cell, apart from the MPI that brings it (clients_mpi.c):
 * counts and bytes summed, the longest wall time, the latency histograms
 * merged (the reduction of clients_red.h fills one; clients_agg_add
 * pools client samples one by one, the reference clients_check.h holds
 * it to), and the figure's time and short-timing flag from rank 0's
 * barriers.  No MPI here, so the rules are tested on their own
 * (tests/unit/test_clients_agg.c).  Private to src/clients/.
 */
#ifndef IOSWEEP_CLIENTS_AGG_H
#define IOSWEEP_CLIENTS_AGG_H

#include <stddef.h>
#include <stdint.h>

#include "model/latency.h"
#include "model/results.h"

/* a pass whose barriers took more (or less) than 1/20 of its time is flagged */
#define CLIENTS_SLOW_SYNC_DIV 20

/* The aggregate of one (col, trial) of a cell while it is summed. */
struct clients_agg {
	struct result_sample s;       /* elapsed_ns and sync_ns: rank 0's barrier
					 to barrier, set before the first add */
	uint64_t slowest;             /* the longest client pass */
	unsigned idle;                /* clients that counted no operation */
	struct latency_hist h[3];     /* merged: all, reads, writes (full once used) */
};

/* The three histograms a sample may own: all, reads, writes. */
void clients_sample_slots(struct result_sample *s, struct latency_hist **slot[3]);
/* Free those histograms and forget them. */
void clients_sample_free_hists(struct result_sample *s);

/* Add client sample c to a: counts, times, flags, histograms.  0 or -1 (memory). */
int clients_agg_add(struct clients_agg *a, struct result_sample *c);
/*
 * After the last add: the figure's time (with --runtime, runtime_ns > 0:
 * the runtime itself), RESULTS_SF_SYNC_SLOW where the barriers took a
 * visible part of it or a client completed nothing in its window, and
 * the merged histograms compacted into a->s.  0 or -1 (memory).
 */
int clients_agg_finish(struct clients_agg *a, uint64_t ramp_ns, uint64_t runtime_ns);
/* Free n aggregates and their histograms, and the array.  NULL ok. */
void clients_aggs_free(struct clients_agg *a, size_t n);

#endif
