/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine_uring.c: Linux io_uring through liburing.  One ring per job,
 * as deep as --iodepth; queue() prepares a read or write SQE, commit()
 * submits everything queued (a partial submit is retried), reap() takes
 * what the completion ring holds and, while that is fewer than asked
 * for, waits for the rest (engine_reap_loop).  Built only when pkg-config
 * finds liburing (HAVE_LIBURING); without it the table is there with
 * max_depth 0 and no hooks, and engine_pick() refuses --iodepth > 1 with
 * the reason.
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
};

static int uring_init(struct engine *e, char *err, size_t errlen)
{
	struct uring *u = calloc(1, sizeof(*u));
	int rc;

	if (!u)
		return err_set(err, errlen, "out of memory for an io_uring");
	rc = io_uring_queue_init(e->depth, &u->ring, 0);
	if (rc < 0) {
		err_set(err, errlen, "--iodepth %u: io_uring is not available: "
			"io_uring_queue_init: %s", e->depth, strerror(-rc));
		free(u);
		return -1;
	}
	e->data = u;
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

static int uring_commit(struct engine *e, char *err, size_t errlen)
{
	struct uring *u = e->data;

	while (u->queued > 0) {
		int n = io_uring_submit(&u->ring);
		if (n == -EINTR || n == -EAGAIN || n == -EBUSY)
			continue;
		if (n <= 0)
			return err_set(err, errlen, "io_uring_submit: %s",
				n < 0 ? strerror(-n) : "nothing submitted");
		u->queued -= (unsigned)n < u->queued ? (unsigned)n : u->queued;
	}
	return 0;
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
	return (int)n;
}

/* Until at least more completions are in the ring (its wait). */
static int uring_wait(struct engine *e, unsigned more, char *err, size_t errlen)
{
	struct uring *u = e->data;
	struct io_uring_cqe *cqe;
	int rc;

	do
		rc = io_uring_wait_cqe_nr(&u->ring, &cqe, more);
	while (rc == -EINTR);
	if (rc < 0)
		return err_set(err, errlen, "io_uring_wait_cqe: %s", strerror(-rc));
	return 0;
}

static int uring_reap(struct engine *e, unsigned min, struct engine_io **done,
		      unsigned max, char *err, size_t errlen)
{
	static const struct engine_completions how = { uring_collect, uring_wait };

	return engine_reap_loop(e, &how, min, done, max, err, errlen);
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
	.init = uring_init,
	.queue = uring_queue,
	.commit = uring_commit,
	.reap = uring_reap,
	.cleanup = uring_cleanup,
};

#else

const struct engine_ops engine_uring_ops = ENGINE_OPS_ABSENT("io_uring");

#endif
