/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine_uring.c: Linux io_uring through liburing.  One ring per job,
 * as deep as --iodepth, set up as fio sets its rings (uring_setups);
 * queue() prepares a read or write SQE, commit() submits everything
 * queued and collects what finished meanwhile (a partial submit is
 * retried), reap() submits what is still queued in the same call that
 * waits for the first completions asked for (reap_submits), then takes
 * what the completion ring holds and, while that is fewer than asked
 * for, waits for the rest (engine_reap_loop).  Built
 * only when pkg-config finds liburing (HAVE_LIBURING); without it the
 * table is there with max_depth 0 and no hooks, and engine_pick()
 * goes on to the next engine; so it does when the probe finds that the
 * kernel refuses a ring.
 */
#include "compat.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "lib/err.h"

#ifdef HAVE_LIBURING
#include <liburing.h>

#define URING_MAX_DEPTH 4096u

struct uring {
	struct io_uring ring;
	unsigned queued;   /* prepared, not yet submitted */
	unsigned flags;    /* the ring's setup flags */
};

/*
 * The setup flags tried in turn, the first the kernel takes kept (the
 * ones fio 3.33 asks for).  A ring made disabled, for one issuer, with
 * its completions' task work deferred until the worker asks for events
 * (Linux 6.1): nothing interrupts the worker while it queues, and the
 * thread that enables the ring in start() is the one allowed to use it.
 * Then cooperative task work (5.19): completions wait for the worker's
 * next system call instead of an interrupt.  Then plain.
 */
static const unsigned uring_setups[] = {
#if defined(IORING_SETUP_DEFER_TASKRUN) && defined(IORING_SETUP_R_DISABLED)
	IORING_SETUP_R_DISABLED | IORING_SETUP_SINGLE_ISSUER |
	IORING_SETUP_DEFER_TASKRUN,
#endif
#ifdef IORING_SETUP_COOP_TASKRUN
	IORING_SETUP_COOP_TASKRUN,
#endif
	0,
};

static int uring_init(struct engine *e, char *err, size_t errlen)
{
	struct uring *u = calloc(1, sizeof(*u));
	int rc = -EINVAL;

	if (!u)
		return err_set(err, errlen, "out of memory for an io_uring");
	for (size_t i = 0; i < sizeof(uring_setups) / sizeof(uring_setups[0]); i++) {
		struct io_uring_params p;
		memset(&p, 0, sizeof(p));
		p.flags = uring_setups[i];
		rc = io_uring_queue_init_params(e->depth, &u->ring, &p);
		if (rc != -EINVAL) {
			u->flags = uring_setups[i];
			break;
		}
	}
	if (rc < 0) {
		err_set(err, errlen, "--iodepth %u: io_uring is not available: "
			"io_uring_queue_init: %s", e->depth, strerror(-rc));
		free(u);
		return -1;
	}
	e->data = u;
	return 0;
}

/* The worker's thread: a ring made disabled is enabled, and so its own. */
static int uring_start(struct engine *e, char *err, size_t errlen)
{
#ifdef IORING_SETUP_R_DISABLED
	struct uring *u = e->data;

	if (u->flags & IORING_SETUP_R_DISABLED) {
		/* io_uring_enable_rings, which some liburing 2.3 builds lack */
		int rc = io_uring_register((unsigned)u->ring.ring_fd,
					   IORING_REGISTER_ENABLE_RINGS, NULL, 0);
		if (rc < 0)
			return err_set(err, errlen, "io_uring_register (enable rings): %s",
				       strerror(-rc));
		u->flags &= ~(unsigned)IORING_SETUP_R_DISABLED;
	}
#else
	(void)e;
	(void)err;
	(void)errlen;
#endif
	return 0;
}

static int uring_queue(struct engine *e, struct engine_io *io, char *err,
		       size_t errlen)
{
	struct uring *u = e->data;
	struct io_uring_sqe *sqe = io_uring_get_sqe(&u->ring);

	if (!sqe)
		return err_set(err, errlen, "internal error: io_uring submission queue "
			"full at %u in flight", e->inflight);
	if (io->is_write)
		io_uring_prep_write(sqe, e->fd, io->buf, (unsigned)io->len, io->off);
	else
		io_uring_prep_read(sqe, e->fd, io->buf, (unsigned)io->len, io->off);
	io_uring_sqe_set_data(sqe, io);
	u->queued++;
	e->inflight++;
	return 0;
}

/*
 * Everything queued to the kernel (a partial submit is retried): with
 * wait_nr 0 collecting the completions whose task work waited, else in
 * the same call waiting for wait_nr of them (reap_submits).
 */
static int uring_submit(struct engine *e, unsigned wait_nr, char *err, size_t errlen)
{
	struct uring *u = e->data;

	while (u->queued > 0) {
		int n = wait_nr ? io_uring_submit_and_wait(&u->ring, wait_nr)
			: io_uring_submit_and_get_events(&u->ring);
		e->submit_calls++;
		if (n == -EINTR || n == -EAGAIN || n == -EBUSY)
			continue;
		if (n <= 0)
			return err_set(err, errlen, "io_uring_submit: %s",
				n < 0 ? strerror(-n) : "nothing submitted");
		u->queued -= (unsigned)n < u->queued ? (unsigned)n : u->queued;
	}
	return 0;
}

static int uring_commit(struct engine *e, char *err, size_t errlen)
{
	return uring_submit(e, 0, err, errlen);
}

/* What has completed, without waiting (engine_reap_loop's collect). */
static int uring_collect(struct engine *e, struct engine_io **done,
			 unsigned max, char *err, size_t errlen)
{
	struct uring *u = e->data;
	struct io_uring_cqe *cqe;
	unsigned n = 0;

	(void)err;
	(void)errlen;
	while (n < max && io_uring_peek_cqe(&u->ring, &cqe) == 0) {
		engine_finish(e, io_uring_cqe_get_data(cqe), cqe->res, done, &n);
		io_uring_cqe_seen(&u->ring, cqe);
	}
	e->reaped += n;
	return (int)n;
}

/* Until at least more completions are in the ring (its wait). */
static int uring_wait(struct engine *e, unsigned more, char *err, size_t errlen)
{
	struct uring *u = e->data;
	struct io_uring_cqe *cqe;
	int rc;

	do {
		rc = io_uring_wait_cqe_nr(&u->ring, &cqe, more);
		e->wait_calls++;
	} while (rc == -EINTR);
	if (rc < 0)
		return err_set(err, errlen, "io_uring_wait_cqe: %s", strerror(-rc));
	return 0;
}

static int uring_reap(struct engine *e, unsigned min, struct engine_io **done,
		      unsigned max, char *err, size_t errlen)
{
	static const struct engine_completions how = { uring_collect, uring_wait };

	/* what is queued, not committed: submitted in the call that waits */
	if (uring_submit(e, min, err, errlen) != 0)
		return -1;
	return engine_reap_loop(e, &how, min, done, max, err, errlen);
}

/* Does the kernel give a ring here (engine_ops.probe)? */
static int uring_probe(unsigned depth, char *err, size_t errlen)
{
	struct engine e = { .fd = -1, .depth = depth ? depth : 1 };

	if (uring_init(&e, err, errlen) != 0)
		return -1;
	io_uring_queue_exit(&((struct uring *)e.data)->ring);
	free(e.data);
	return 0;
}

static void uring_cleanup(struct engine *e)
{
	struct uring *u = e->data;

	if (!u)
		return;
	io_uring_queue_exit(&u->ring);
	free(u);
	e->data = NULL;
}

const struct engine_ops engine_uring_ops = {
	.name = "io_uring",
	.max_depth = URING_MAX_DEPTH,
	.reap_submits = 1,
	.init = uring_init,
	.start = uring_start,
	.queue = uring_queue,
	.commit = uring_commit,
	.reap = uring_reap,
	.cleanup = uring_cleanup,
	.probe = uring_probe,
};

#else

const struct engine_ops engine_uring_ops = ENGINE_OPS_ABSENT("io_uring");

#endif
