/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * timeline.h: what happened inside a pass, interval by interval
 * (--log-interval).
 *
 * One number per pass hides a write that ran at cache speed for nine
 * seconds and at disk speed after.  With --log-interval the timed loop
 * reads the clock after every operation (the reading --latency already
 * takes) and compares it with the end of the current interval; only when
 * it has passed does timeline_acc_tick(), out of line, close the interval:
 * its bytes, its operations and the latency figures of its own histogram
 * (latency.h), then an empty row for every interval in which no operation
 * finished (a stall is a row of zeros, not a gap).  Intervals are a fixed
 * grid from the pass's t0, so the rows of two passes line up; an operation
 * belongs to the interval in which it finished.  The last row runs from
 * the last boundary to t1 and holds whatever the closed rows do not, so
 * the rows of a pass add up to its sample's bytes exactly.
 *
 * The data model is the rows of struct timeline, each labelled with its
 * pass (test column, file and record size, trial, client); kB/s and IOPS
 * are derived from bytes, ops and length, never stored.
 *
 * Pure module: no I/O, nothing printed.  Ownership: a timeline owns its
 * rows (timeline_release); an acc owns its histogram and its pass's rows
 * (timeline_acc_release).
 */
#ifndef IOSWEEP_TIMELINE_H
#define IOSWEEP_TIMELINE_H

#include <stddef.h>
#include <stdint.h>

#include "model/latency.h"

#define TIMELINE_MIN_INTERVAL_MS 10u   /* --log-interval's floor */
#define TIMELINE_CLIENT_TOTAL (-1)      /* client of a row summing all clients */

/* The latency figures of an interval, in microseconds (NaN: no op). */
enum { TIMELINE_LAT_MEAN, TIMELINE_LAT_MAX, TIMELINE_LAT_P50, TIMELINE_LAT_P99,
       TIMELINE_NLAT };

struct timeline_row {
	int col;                 /* enum results_col */
	uint64_t file_kb, record_kb;
	uint16_t trial;
	int32_t client;          /* 0 alone; TIMELINE_CLIENT_TOTAL: all */
	uint64_t start_ns;       /* from the pass's t0 */
	uint64_t len_ns;
	uint64_t bytes, ops;
	double lat_us[TIMELINE_NLAT];
};

struct timeline {
	struct timeline_row *rows;
	size_t n, alloc;
	uint64_t interval_ns;    /* the grid (0 when unknown) */
};

void timeline_init(struct timeline *t);
void timeline_release(struct timeline *t);
/* Append a copy of *r.  0, or -1 when out of memory (t unchanged). */
int timeline_add(struct timeline *t, const struct timeline_row *r);

/* kB/s (1024 bytes) and operations per second of a row; 0 when len is 0. */
double timeline_row_kbps(const struct timeline_row *r);
double timeline_row_iops(const struct timeline_row *r);

/* Do a and b belong to the same pass (test, sizes, trial, client)? */
int timeline_same_pass(const struct timeline_row *a, const struct timeline_row *b);

/*
 * Does t hold rows of client TIMELINE_CLIENT_TOTAL (throughput mode's
 * children, iosweep-mpi's clients) of column col (any column: -1)?
 */
int timeline_has_total(const struct timeline *t, int col);

/*
 * The rows of one pass, [*first, *end) of t from index from (the rows of
 * a pass are kept together, in time order); 0, or -1 past the last.
 */
int timeline_next_pass(const struct timeline *t, size_t from, size_t *first,
		       size_t *end);

/* ---- the accumulator the timed loop feeds (see the top) ------------- */

struct timeline_acc {
	uint64_t interval_ns;
	uint64_t next_ns;        /* end of the current interval; UINT64_MAX
				    until timeline_acc_begin */
	uint64_t t0;
	uint64_t bytes_per_op;   /* bytes one loop step moves */
	uint64_t bytes_closed;   /* bytes in the rows closed so far */
	int started;             /* timeline_acc_begin was called this pass */
	int lost;                /* a row could not be kept (out of memory) */
	uint64_t ops;            /* the current interval's operations */
	struct latency_hist hist; /* their latencies (sampled: a sample) */
	/* timeline_acc_sample's state (see there) */
	uint64_t stride;         /* mean operations between two samples */
	uint64_t batch;          /* operations from the last sample to the next */
	uint64_t left;           /* the loop's countdown, kept between loops */
	uint64_t last_ns;        /* the last sample's end */
	uint64_t rng;            /* picks each batch's length */
	int armed;               /* the next reading ends the sampled op */
	struct timeline_row *rows; /* this pass's rows (only times, bytes,
				      ops and latency are filled) */
	size_t n, alloc;
};

/* An accumulator for intervals of interval_ns.  0, or -1 (out of memory). */
int timeline_acc_init(struct timeline_acc *a, uint64_t interval_ns);
void timeline_acc_release(struct timeline_acc *a);
/* Before a pass (outside the timing): no rows, bytes_per_op per step. */
void timeline_acc_reset(struct timeline_acc *a, uint64_t bytes_per_op);
/* The pass's first timed loop starts at t0 (once per pass). */
void timeline_acc_begin(struct timeline_acc *a, uint64_t t0);
/*
 * now_ns has passed next_ns: close the current interval and any empty
 * ones before the interval now_ns falls in.  Called before the operation
 * that finished at now_ns is added to a->hist.
 */
void timeline_acc_tick(struct timeline_acc *a, uint64_t now_ns);
/* At t1: close the rest; the rows then add up to total_bytes. */
void timeline_acc_end(struct timeline_acc *a, uint64_t t1_ns, uint64_t total_bytes);

/*
 * The timed loop's step: the operation that finished at now_ns took
 * op_ns.  A compare, and the histogram add --latency makes anyway.
 */
static inline void timeline_acc_op(struct timeline_acc *a, uint64_t now_ns,
				   uint64_t op_ns)
{
	if (now_ns >= a->next_ns)
		timeline_acc_tick(a, now_ns);
	a->ops++;
	latency_add(&a->hist, op_ns);
}

/*
 * The sampled loop (a sweep's pass without --latency; --stonewall's
 * loop too).  Reading the clock after every 4 kB read from the page
 * cache costs a few percent of the pass, so this loop reads it only twice
 * in a batch of operations: once before the batch's last operation and
 * once after it.  The second reading minus the first is that operation's
 * latency, a sample that goes into the interval's histogram; the batch's
 * operations are all counted, in the interval the reading falls in.  The
 * batches are about TIMELINE_BATCH_NS long (the stride doubles or halves
 * to keep them so, down to 1: every operation timed, when operations are
 * slow), and their lengths are drawn at random between half and one and
 * a half stride, so the sample cannot fall in step with a periodic
 * pattern (a read-ahead window every 32 records).  An interval's mean,
 * p50, p99 and max are then those of its sampled operations (the max is
 * the largest sampled, not the largest of all); its bytes and operations
 * are exact, and an operation is counted up to one batch (tens of
 * microseconds) away from the boundary it finished at.
 *
 * The loop calls it when its countdown reaches 0, with the clock's
 * reading; *tp is the loop's last reading (the start of the sampled op,
 * plus -J's spin).  It returns the next countdown.  At the pass's end
 * the loop leaves its countdown in a->left (timeline_acc_end counts what
 * no reading has).
 */
#define TIMELINE_BATCH_NS 40000u
#define TIMELINE_STRIDE_MAX 4096u
uint64_t timeline_acc_sample(struct timeline_acc *a, uint64_t now_ns, uint64_t *tp);

/*
 * The workers of one pass, each with its own acc on the same grid from
 * the same t0 and ended at the same t1: their rows summed by interval
 * into dst (its rows replaced).  Bytes and ops add up; the latency mean
 * is weighted by ops and the max is the largest; p50 and p99 are kept
 * only for one worker (percentiles do not add: NaN, an empty field, for
 * more).  A lost acc makes dst lost.  0, or -1 when out of memory.
 */
int timeline_acc_sum(struct timeline_acc *dst, struct timeline_acc *const *src,
		     size_t n);

/*
 * Copy the acc's rows into t, labelled with proto's pass (its col,
 * sizes, trial and client).  0, or -1 when out of memory.
 */
int timeline_acc_keep(const struct timeline_acc *a, const struct timeline_row *proto,
		      struct timeline *t);

#endif
