/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qd.h: tests 0, 1 and 2 with outstanding I/O, several workers and
 * read/write mixes (--iodepth or IOzone's -H, --jobs, --mix,
 * --runtime, --ramp, --precondition).
 *
 * These are rows of the same ops table shape as tests.h, so the runner
 * runs them like IOzone's tests (trials, warm-up, order, partial
 * samples); only the rows differ.  A pass starts --jobs threads on one
 * file; each keeps --iodepth I/Os in flight through an engine (engine.h)
 * over its share of the records (sequential: a contiguous part of the
 * file; random: a part of the fixed permutation), stamping every I/O at
 * submission and completion, so each operation's latency is the time it
 * was in flight.  Reads and writes go into separate histograms; a pass
 * reports its reads among its operations (the sample's split).
 *
 * Size-based passes move every record once and are timed from the start
 * of the workers to the last completion.  With --runtime the workers
 * wrap round their records until the time is up: operations that
 * complete during --ramp or after the end are not counted, and the
 * elapsed time is --runtime.  Test 0 then lays the file out whole first,
 * untimed, so the read tests find every record.
 *
 * Many clients (iosweep-mpi, clients.h): a test's pass meets the other
 * clients once its workers are ready, before t0, and again after t1;
 * --precondition's passes and the untimed lay-out meet no one (clients
 * may run different numbers of them).
 *
 * Ownership: qd_attach() gives the ctx the histograms a run needs;
 * qd_detach() frees them.  Nothing here prints.
 */
#ifndef IOSWEEP_QD_H
#define IOSWEEP_QD_H

#include <stddef.h>

struct options;
struct result_set;
struct tests_ctx;
struct tests_def;

/*
 * Refuse before anything runs: the engine for --iodepth on this build
 * and platform, and that the kernel lets us set it up (an io_uring that
 * is disabled is refused here).  0, or -1 with a message naming the
 * option.
 */
int qd_check(const struct options *o, char *err, size_t errlen);

/* The row of test n (0, 1, 2) for these options, or NULL. */
const struct tests_def *qd_find(int n, const struct options *o);

/* Histograms for the passes (the split, and the combined one). 0 or -1. */
int qd_attach(struct tests_ctx *c, char *err, size_t errlen);
void qd_detach(struct tests_ctx *c);

/*
 * The workload of a queue-depth run into m: its engine, depth and jobs as
 * fields, and the line the report prints ("engine=io_uring iodepth=16
 * jobs=16 mix=70 runtime=60s ...").  0, or -1 out of memory.
 */
struct result_meta;
int qd_meta(const struct options *o, struct result_meta *m);

#endif
