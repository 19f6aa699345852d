/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qd_priv.h: what qd.c's passes and qd_check.c's notes on them share: a
 * pass, its workers and the state qd_attach keeps across a run.  Private
 * to run/qd/; nothing else includes it.
 */
#ifndef IOSWEEP_QD_PRIV_H
#define IOSWEEP_QD_PRIV_H

#include "compat.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/engine.h"
#include "model/latency.h"
#include "model/steady.h"
#include "model/timeline.h"
#include "run/sweep/tests.h"

#define QD_ERR_MAX 512

enum qd_kind { QD_READ, QD_WRITE, QD_MIX };

struct qd_pass;

struct qd_job {
	struct qd_pass *p;
	unsigned idx;
	uint64_t first, count;        /* records first .. first+count-1 of the order */
	uint64_t rng;                 /* --mix */
	uint64_t wnext;               /* next write window */
	unsigned char *rbuf;          /* depth records: where reads land */
	unsigned char *wbuf;          /* its windows: the run's, or with tags
					 its own (io_alloc, own_wbuf) */
	unsigned char *own_wbuf;
	uint64_t *slot_writes;        /* with tags: the writes of each slot */
	uint64_t tag;                 /* with tags: its next tag number */
	struct engine_io *ios;        /* depth slots */
	unsigned *freeslots;
	struct engine_io **done;
	struct engine *e;
	struct latency_hist lat[2];   /* reads, writes */
	uint64_t ops[2];
	struct plat_thread *th;       /* NULL until started */
	uint64_t limit;               /* size-based: stop issuing after this many */
	uint64_t t_last;              /* when its loop ended */
	struct timeline_acc tl;       /* a timeline: this worker's intervals */
	int rc;
	int verify_failed;            /* a read was wrong (err says where) */
	char err[QD_ERR_MAX];
};

struct qd_pass {
	struct tests_ctx *c;
	int fd;
	enum qd_kind kind;
	unsigned read_pct;
	const uint64_t *order;        /* byte offsets (random), or NULL: sequential */
	unsigned depth, njobs;
	size_t nwin;                  /* write windows in the pattern buffer */
	size_t grid;                  /* tags every grid bytes, 0: none (and
					 then every job walks the run's buffer) */
	size_t slot_wins;             /* with tags: the windows of a slot's ring */
	uint64_t tag0;                /* with tags: job i's from tag0 + i streams */
	int time_based;
	int batch;                    /* queue a whole refill, reap() submits it
					 (buffered I/O, an engine that can) */
	int sync;                     /* a test's pass: meets the other clients */
	uint64_t ramp_ns, run_ns;
	uint64_t t_count, t_end;      /* --runtime: the counted window */
	struct plat_gate *gate;       /* the workers start together */
	volatile int abort;           /* a worker failed, or the rate is steady:
					 the workers stop issuing */
	struct qd_job *jobs;
	unsigned rounds;              /* size-based: passes over the records */
	uint64_t iv_ns;               /* a timeline's grid, or 0: none */
	struct timeline_acc *tl_out;  /* the workers' intervals summed, or NULL */
	struct steady_track *st;      /* --steady for this pass, or NULL */
	int steady_stop;              /* the watcher saw it steady and stopped it */
	_Atomic uint64_t *counted;    /* [njobs * QD_PAD]: a worker's counted ops */
	atomic_uint running;          /* workers not yet finished */
};

/* What qd_attach() allocates. */
struct qd_state {
	struct latency_hist rw[2];
	struct latency_hist all;      /* when --latency did not give one */
	int own_all;
	unsigned inflight_max;        /* meta.inflight_max so far */
	uint64_t sync_done, async_done; /* meta.async_pct's counts so far */
	uint64_t submits, waits, reaped; /* meta.engine_calls's so far */
	struct steady_track steady;   /* --steady's judge (ring NULL: none) */
	struct timeline_acc pre_tl;   /* --precondition with --steady: its
					 intervals, summed (not kept) */
};

/*
 * After a recorded pass p: the most I/Os one worker had in flight into
 * meta.inflight_max, how the system finished them into meta.async_pct and
 * the engine's system calls per I/O into meta.engine_calls (qd_check.c).
 * 0 or -1 (out of memory).
 */
int qd_note_inflight(struct tests_ctx *c, const struct qd_pass *p);

#endif
