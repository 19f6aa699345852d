/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * throughput_priv.h: what the parent (throughput.c), the child side
 * (throughput_child.c) and the files (throughput_files.c) of throughput
 * mode share, for src/run/throughput/ only: the block the children write their
 * results into, the context one test's children read, and the child's
 * entry point.  Everything here is set up and owned by the parent.
 */
#ifndef IOSWEEP_THROUGHPUT_PRIV_H
#define IOSWEEP_THROUGHPUT_PRIV_H

#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>

#include "iosweep.h"
#include "options/options.h"
#include "platform/platform.h"
#include "run/throughput/throughput.h"
#include "model/timeline.h"


struct tp_slot {
	struct tp_child r;
	int failed;
	uint32_t tl_n;            /* --log-interval: its rows in the ctx's tl_rows */
	int tl_lost;              /* its rows could not all be kept */
	char err[IOSWEEP_ERR_MAX];
};

struct tp_shared {
	atomic_int stonewall;     /* the first child done raised it (not with -x) */
	atomic_int abort;         /* the parent asks every child to stop now */
	_Atomic uint64_t t_go;    /* the release (clock_now_ns): the timelines'
				     common t0 */
	/*
	 * -+b: the bursting children meet here before each sleep (IOzone's
	 * barrier): b_parties counts those still bursting (each registers
	 * before "ready" and leaves when its timed loop ends), b_arrived
	 * those waiting, b_gen the meetings so far; b_lock guards the three
	 */
	atomic_int b_lock;
	atomic_uint b_parties, b_arrived, b_gen;
	struct tp_slot slot[];
};

/* Everything the children of one test read; set up by the parent. */
struct tp_ctx {
	const struct options *o;
	const struct tp_test_def *t;
	struct tp_shared *sh;
	volatile sig_atomic_t *user_stop;
	struct io_mode mode;
	int open_flags;
	uint64_t reclen, numrecs;
	unsigned nchildren;         /* children of this test (-i 8's readers) */
	uint64_t tag0;              /* child i's writer tags from tag0 + i
				       streams (pattern.h: taken by the parent,
				       for the forked children too) */
	int cache_unseen;           /* a network or FUSE file system: cached_pct
				       unknown (tests.h) */
	int ready_w, go_r, done_w;  /* the children's ends of the pipes */
	/*
	 * --log-interval: the grid, and tl_cap rows per child (child i's at
	 * tl_rows + i * tl_cap) in memory shared like sh; 0 and NULL without
	 */
	uint64_t iv_ns;
	struct timeline_row *tl_rows;
	size_t tl_cap;
};

struct tp_thread_arg {
	const struct tp_ctx *c;
	unsigned idx;
};

/*
 * -+b's meetings (throughput_burst.c), in sh: a bursting child joins
 * before "ready" and leaves when its timed loop ends; at each burst it
 * arrives (the meeting's number back) and waits until the meeting opened:
 * when every child still bursting has arrived, or one left and the rest
 * had.
 */
void tp_burst_join(struct tp_shared *sh);
void tp_burst_leave(struct tp_shared *sh);
unsigned tp_burst_arrive(struct tp_shared *sh);
int tp_burst_opened(struct tp_shared *sh, unsigned gen);

/*
 * A child's body for plat_child_start (arg: a struct tp_thread_arg): its
 * exit status, 0 or 1 when its slot says it failed.
 */
int throughput_child_run(void *arg);

/* The largest child count of the options' runs. */
unsigned throughput_most_children(const struct options *o);

/* -+V: empty the shared file before test kind's children (0 or -1). */
int throughput_share_empty(const struct options *o, int kind, char *err,
			   size_t errlen);

/* Removes files 0..n-1 of the run (only regular files: never a link). */
void throughput_remove_files(const struct options *o, unsigned n);

/*
 * -+T (throughput_log.c): append IOzone's line for child idx starting
 * (finished 0) or finishing test kind (a mixed workload child: the test
 * it runs) to Child_<idx>.log in the current directory.  0, or -1 with
 * the message in err.
 */
int tp_log_stamp(unsigned idx, int kind, int finished, char *err,
		 size_t errlen);

/*
 * -+z (throughput_log.c): append IOzone's histogram block of child idx's
 * operations h in test kind to Iozone_histogram_child_<idx>.txt in the
 * current directory.  0, or -1 with the message in err.
 */
struct latency_hist;
int tp_log_hist(unsigned idx, int kind, const struct latency_hist *h,
		char *err, size_t errlen);

#endif
