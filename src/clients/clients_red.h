/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clients_red.h: the figures of a cell as iosweep-mpi reduces them in
 * the MPI library (clients_mpi.c's MPI_Reduce with a user operator),
 * apart from the MPI itself, so the rules are tested on their own.
 *
 * Every client writes its samples of a cell, one record per (test,
 * trial), into a buffer of one layout, the same on every client:
 * struct clients_red (counts and bytes to add, times to take the
 * longest of, flags to or), then for each histogram the layout names
 * (all, reads, writes) a struct clients_red_hist and the counters of
 * its buckets [first, first + nbuckets).  The layout is agreed first:
 * each client's shape (clients_red_key) goes through an all-reduce of
 * maxima, which gives every client the union of their histograms and
 * bucket ranges and shows a test or trial that differs between them.
 * clients_red_merge adds one buffer into another (counts add, min and
 * max are taken, so a merge equals one pass over all the values, bucket
 * for bucket), and rank 0 reads the result into a struct clients_agg;
 * its memory depends on the cell, never on the number of clients.
 *
 * Each client's own figures travel as one fixed-size struct clients_row
 * per sample (its counts, times, flags and latency figures, not its
 * histograms): what results.csv's client rows and clients.csv need.
 *
 * Every rank runs the same build, so the records are native bytes.
 * Private to src/clients/.
 */
#ifndef IOSWEEP_CLIENTS_RED_H
#define IOSWEEP_CLIENTS_RED_H

#include <stddef.h>
#include <stdint.h>

#include "clients/clients_agg.h"

/* One sample's layout: its test and trial, histograms (bit k: slot k) and their ranges. */
struct clients_red_shape {
	uint32_t col, trial, lat;
	uint32_t first[3], end[3];    /* slot k's buckets [first, end) */
};

/* The int64 numbers of a shape that the clients' all-reduce (MAX) takes. */
#define CLIENTS_RED_KEY 13

/* The part of a sample's record every client adds to. */
struct clients_red {
	uint64_t bytes, ops, rd_ops, wr_ops, idle, wall_ns, slowest_ns;
	double cpu_user_s, cpu_sys_s;
	uint32_t flags, lat, col, trial;
};

/* A histogram's fixed part; nbuckets uint64_t counters follow it. */
struct clients_red_hist {
	uint64_t n, min_ns, max_ns, sum_ns;
	uint32_t first, nbuckets;
	latency_sq sumsq;
};

/* A client's own figures of one sample. */
struct clients_row {
	uint64_t bytes, ops, elapsed_ns, wall_ns, sync_ns, rd_ops, wr_ops;
	double cpu_user_s, cpu_sys_s;
	uint32_t col, trial, writer, flags, lat, spare;
	double figs[3][8];            /* result_lat_figs's rows; NaN: none */
};

/* Sample s's shape on this client. */
void clients_red_shape_of(const struct result_sample *s, struct clients_red_shape *sh);
/* The shape as the numbers the all-reduce takes the maxima of. */
void clients_red_key(const struct clients_red_shape *sh, int64_t key[CLIENTS_RED_KEY]);
/* The agreed shape from the maxima; -1 when the clients' tests or trials differ. */
int clients_red_agreed(const int64_t key[CLIENTS_RED_KEY], struct clients_red_shape *sh);

/* The bytes of the records of n samples of shapes sh. */
size_t clients_red_len(const struct clients_red_shape *sh, size_t n);
/* This client's n samples s[] written into buf (clients_red_len bytes) in the shapes sh. */
void clients_red_fill(unsigned char *buf, const struct clients_red_shape *sh,
		      struct result_sample *const *s, size_t n);
/* Add the len bytes of records at src into dst, of the same layout. */
void clients_red_merge(unsigned char *dst, const unsigned char *src, size_t len);
/*
 * The record at *p read into a, whose s.elapsed_ns and s.sync_ns the
 * caller has set (its histograms full, as clients_agg_add leaves them);
 * *p moves past it.  0, or -1 when out of memory.
 */
int clients_red_read(const unsigned char **p, struct clients_agg *a);

/* This client's row of sample s (figures summarized from its histograms). */
void clients_row_of(const struct result_sample *s, struct clients_row *row);
/*
 * Row r of client `client` as a client sample of cell, its latency figures
 * (when it had histograms) in a new lat_figs.  0, or -1 when out of memory.
 */
int clients_row_sample(const struct clients_row *r, int32_t client, uint32_t cell,
		       struct result_sample *s);

#endif
