/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * curve.h: the saturation curve of a share under many clients (`iosweep-mpi
 * clients-curve`): the figures of each step (the same cell run on 1, 2,
 * 4, ... clients), the knee where the aggregate stops growing, and the
 * sentence that names it.
 *
 * The knee is the smallest client count past which the aggregate grows
 * less than CURVE_GROWTH (10%) per doubling of the clients: every later
 * step j, measured from the knee i, has (a[j] / a[i]) raised to
 * 1 / log2(c[j] / c[i]) below 1.10.  Measured from the knee, not step
 * to step, so a dip after the share saturated (2 clients slower than 1
 * on a busy client, then 4 back at 1's level) does not move the knee
 * past it, and a count that is no doubling away (6 after 4) is judged
 * per doubling too.  A fall counts as less than 10%.  A last step is no
 * knee (nothing past it shows the flattening), so a curve whose every
 * count still grows from it, or of one step, has none.
 *
 * Pure: nothing is printed or written; figures in kB/s (1 kB = 1024
 * bytes), latency in microseconds.  A struct curve_table owns its steps
 * (curve_table_release frees them).
 */
#ifndef IOSWEEP_CURVE_H
#define IOSWEEP_CURVE_H

#include <stddef.h>

struct netbound_link;
struct result_set;

#define CURVE_GROWTH 1.10   /* growth per doubling below this: saturated */
#define CURVE_NLAT 4        /* p50 p90 p99 p99.9 */

/* One step of the curve: one test of the cell on `clients` clients. */
struct curve_step {
	unsigned clients;
	int col;                  /* enum results_col: the test */
	unsigned trials;          /* full trials behind the figures */
	double agg_kbps;          /* the aggregate: mean of the trials' */
	double client_min_kbps;   /* each client's own rate, over every client */
	double client_median_kbps;/* and full trial: the least, the median */
	double client_max_kbps;   /* and the greatest */
	double lat_us[CURVE_NLAT];/* p50 p90 p99 p99.9 of every client's
				     operations, trials merged; NaN without
				     --latency */
};

/* The curve: its steps, each test's in ascending clients (tests may interleave). */
struct curve_table {
	struct curve_step *steps;
	size_t n;
	char link[32];            /* --link as given, "" without */
};

/* Append a copy of *st to t.  0 or -1 (out of memory). */
int curve_table_add(struct curve_table *t, const struct curve_step *st);
/* Free t's steps and empty it. */
void curve_table_release(struct curve_table *t);

/*
 * The step of test col of cell in rs, a many-client run (the leader's set
 * of iosweep-mpi: the aggregate in samples, the clients' rows in
 * client_samples).  0, or -1 with err set when the cell has no full trial
 * of col or no client rows (a one-client set), or out of memory.
 */
int curve_step_fill(const struct result_set *rs, size_t cell, int col,
		    struct curve_step *st, char *err, size_t errlen);

/*
 * The knee of the aggregate agg[0..n) at clients[0..n) (ascending
 * counts): its index, or -1 when there is none (see above).  A step
 * whose aggregate is not positive cannot be grown from: the knee lies
 * past it.
 */
long curve_knee(const unsigned *clients, const double *agg, size_t n);

/*
 * The same over the steps of test col among steps[0..n) (each test's in
 * ascending clients; other tests' steps between them are skipped, and
 * past CURVE_STEPS_MAX of one test the rest): the knee's index into
 * steps, or -1; *last (may be NULL) gets the index of the test's last
 * step, -1 when it has none.
 */
#define CURVE_STEPS_MAX 40
long curve_knee_of(const struct curve_step *steps, size_t n, int col, long *last);

/*
 * The one line that says it, without a newline: at the knee "the share
 * saturates at 4 clients: 113 MB/s aggregate, 92% of gigabit Ethernet;
 * each client gets 28 MB/s" (the link's part only with a link of a
 * known rate, kbps > 0; link may be NULL), else, of the last step, "no
 * knee up to 8 clients: the aggregate still grows (113 MB/s aggregate,
 * ...)".  MB are 2^20 bytes.  Returns what snprintf returns.
 */
int curve_describe(const struct curve_step *st, int knee,
		   const struct netbound_link *link, char *out, size_t outlen);

#endif
