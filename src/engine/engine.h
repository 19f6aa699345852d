/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine.h: how --iodepth keeps N I/Os in flight, as one ops table with a
 * file per engine (the shape of fio's ioengines): engine_sync.c (one
 * pread/pwrite at a time, depth 1), engine_uring.c (Linux io_uring through
 * liburing, built when pkg-config finds liburing), engine_posixaio.c
 * (aio_read/aio_write, used where the kernel implements POSIX AIO:
 * FreeBSD, macOS; glibc emulates it with threads that serialise the
 * requests of one descriptor, so on Linux it cannot keep N in flight),
 * engine_winaio.c (Windows: overlapped ReadFile/WriteFile reaped
 * from an I/O completion port) and engine_threads.c (N threads making
 * one pread/pwrite each: the last resort where none of the others is
 * here, so --iodepth N always keeps N in flight).
 *
 * IOSWEEP_ENGINES (a comma-separated list of engine names) hides every
 * engine it does not name from engine_pick(): a test and diagnostic knob
 * that shows, on any build, what a build without io_uring does
 * (IOSWEEP_ENGINES=sync,threads) or one with no deep engine at all
 * (IOSWEEP_ENGINES=sync).  sync is never hidden: depth 1 always runs; a
 * list that leaves sync out runs depth 1 on the first deep engine it
 * names that is here (IOSWEEP_ENGINES=io_uring: io_uring at depth 1).
 *
 * The caller (qd.c) owns a set of struct engine_io slots, one per I/O in
 * flight.  It fills a slot (buffer, length, offset, direction), queues it,
 * commits the queue, then reaps completions; a completed slot carries the
 * bytes moved or -errno.  The engine never reads the clock: the caller
 * stamps submission and completion, so every engine's latency is measured
 * the same way.  Short transfers are the caller's to finish (it requeues
 * the rest), so each engine stays a thin layer over its system calls.
 *
 * Engines never print; errors go into the caller's buffer with the call
 * named.  These files hold their own platform tests (HAVE_LIBURING,
 * ENGINE_HAVE_POSIXAIO) so they can move into the platform layer as they
 * are.
 *
 * Ownership: engine_open() allocates an engine bound to one descriptor
 * (not owned: the caller closes it after engine_close()).
 */
#ifndef IOSWEEP_ENGINE_H
#define IOSWEEP_ENGINE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct engine_io {
	void *buf;
	size_t len;
	uint64_t off;
	int is_write;
	int64_t res;          /* set on completion: bytes moved, or -errno */
	uint64_t t_submit_ns; /* the caller's stamp */
	void *priv;           /* the engine's (an aiocb for posixaio) */
	size_t slot;          /* the caller's index */
};

struct engine;

struct engine_ops {
	const char *name;           /* "sync", "io_uring", "posixaio" */
	unsigned max_depth;         /* 1 for sync */
	/*
	 * 1: reap() first hands the kernel what is queued and not yet
	 * committed, in the same system call as its wait (io_uring), so a
	 * caller may queue a whole refill and skip commit().  0: commit()
	 * before reap(), always.
	 */
	int reap_submits;
	/* Set up for fd with up to depth I/Os in flight.  0 or -1. */
	int (*init)(struct engine *e, char *err, size_t errlen);
	/*
	 * Optional: called once by the thread that will queue and reap,
	 * before its first queue() (a ring tied to one thread is bound to
	 * it here).  0 or -1 (err).
	 */
	int (*start)(struct engine *e, char *err, size_t errlen);
	/* Put io in the queue (sync: do it now).  0 or -1 (err). */
	int (*queue)(struct engine *e, struct engine_io *io, char *err, size_t errlen);
	/* Hand the queued I/Os to the kernel.  0 or -1 (err).  NULL: queue()
	 * hands each at once (sync), so there is nothing to commit. */
	int (*commit)(struct engine *e, char *err, size_t errlen);
	/*
	 * Wait until at least min I/Os completed (min <= in flight), store up
	 * to max of them in done[]; returns how many, or -1 (err).
	 */
	int (*reap)(struct engine *e, unsigned min, struct engine_io **done,
		    unsigned max, char *err, size_t errlen);
	void (*cleanup)(struct engine *e);
	/*
	 * Optional: can this system run the engine at depth now (a kernel
	 * may refuse io_uring: disabled, or a container's seccomp)?  0 or -1
	 * (err).  engine_pick() skips an engine whose probe fails.
	 */
	int (*probe)(unsigned depth, char *err, size_t errlen);
};

struct engine {
	const struct engine_ops *ops;
	int fd;
	unsigned depth;
	unsigned inflight;          /* queued or submitted, not reaped */
	unsigned most_inflight;     /* the most inflight seen after a commit (its user keeps it) */
	/*
	 * How the system finished the transfers it accepted, for engines that
	 * can tell (winaio): inside the submitting call, or left pending to
	 * finish later.  Both stay 0 where the engine cannot tell (sync,
	 * io_uring, POSIX AIO): then there is no figure, not a zero.
	 */
	uint64_t sync_done, async_done;
	/*
	 * System calls the engine made to submit and to wait for completions
	 * (engines that count them: io_uring), and the I/Os it reaped, so a
	 * run can tell how many calls each I/O cost.
	 */
	uint64_t submit_calls, wait_calls, reaped;
	void *data;                 /* the engine's state */
};

extern const struct engine_ops engine_sync_ops;
extern const struct engine_ops engine_uring_ops;    /* max_depth 0 when absent */
extern const struct engine_ops engine_posixaio_ops; /* max_depth 0 when absent */
extern const struct engine_ops engine_winaio_ops;   /* Windows overlapped I/O
							(engine_winaio.c); max_depth 0 elsewhere */
extern const struct engine_ops engine_threads_ops;  /* POSIX threads; max_depth 0 on
							Windows */
/*
 * engine_posixaio_ops and the reason no engine keeps more than one I/O
 * in flight belong to the platform layer (engine_posixaio.c; on
 * Windows platform_win.c, which has no such engine).
 */
extern const char *const engine_missing_why;

/*
 * The engine for depth on this build and platform: sync for 1, else
 * io_uring, else POSIX AIO where the kernel implements it, else Windows'
 * overlapped I/O, else threads; an engine IOSWEEP_ENGINES hides or whose
 * probe fails is passed over.  NULL with a message naming --iodepth and
 * what is missing.
 */
const struct engine_ops *engine_pick(unsigned depth, char *err, size_t errlen);

/*
 * The engines this build can pick, for --version: "engines: sync,
 * io_uring, threads", and for each deep engine it lacks, why ("; io_uring:
 * no (built without liburing: ...)"), and those IOSWEEP_ENGINES hides.
 */
void engine_describe(char *out, size_t outlen);

/* By name ("sync", "io_uring", "posixaio"), built or not; NULL if unknown. */
const struct engine_ops *engine_by_name(const char *name);

/*
 * Allocate and init an engine of ops on fd for depth.  NULL with err set
 * (for io_uring: when the kernel refuses, e.g. io_uring disabled).
 */
struct engine *engine_open(const struct engine_ops *ops, int fd, unsigned depth,
			   char *err, size_t errlen);
/* The thread that queues: engine_ops.start, where the engine has one. */
int engine_start(struct engine *e, char *err, size_t errlen);
/*
 * Wait for what is in flight (results dropped).  Call it from the thread
 * that queued: an engine tied to that thread cannot wait from another.
 */
void engine_drain(struct engine *e);
/* engine_drain, clean up, free.  NULL ok. */
void engine_close(struct engine *e);

/*
 * For the engines (not their callers): the completion side that every
 * asynchronous engine shares.  engine_finish() hands one finished I/O
 * back: its result (bytes moved or -errno, as the system call said), its
 * place in done[*n], one fewer in flight.  engine_reap_loop() is a whole
 * reap hook, given the engine's two ways to see completions: collect
 * takes the I/Os that have finished, without waiting, up to max into
 * done[] (each through engine_finish) and returns how many or -1; while
 * fewer than min have come back and some are in flight, wait blocks until
 * at least more of them finish (at least one), then collect runs again.
 * Both write the failing call into err and return -1.
 */
struct engine_completions {
	int (*collect)(struct engine *e, struct engine_io **done, unsigned max,
		       char *err, size_t errlen);
	int (*wait)(struct engine *e, unsigned more, char *err, size_t errlen);
};

void engine_finish(struct engine *e, struct engine_io *io, int64_t res,
		   struct engine_io **done, unsigned *n);
int engine_reap_loop(struct engine *e, const struct engine_completions *how,
		     unsigned min, struct engine_io **done, unsigned max,
		     char *err, size_t errlen);

/* Commit e's queue where its engine has a commit: 0 or -1 (err). */
static inline int engine_commit(struct engine *e, char *err, size_t errlen)
{
	return e->ops->commit ? e->ops->commit(e, err, errlen) : 0;
}

/* The table of an engine this build leaves out: named, no depth, no hooks. */
#define ENGINE_OPS_ABSENT(engine_name) { .name = engine_name, .max_depth = 0 }

#endif
