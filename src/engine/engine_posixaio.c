/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine_posixaio.c: the POSIX AIO engine (aio_read, aio_write,
 * aio_suspend).  Whether the kernel really runs these requests depends on
 * the system, which the platform layer says (HAVE_KERNEL_AIO in
 * platform_posix.h).  On FreeBSD and macOS the kernel runs them, so N of
 * them really are in flight at once; glibc
 * emulates them with threads and runs the requests of one descriptor one
 * after another, so on Linux the engine is built (its unit test runs
 * there) but engine_pick() never chooses it.  One aiocb per slot; reap()
 * (engine_reap_loop) collects every one that finished and, while that is
 * too few, waits with aio_suspend on the ones in flight.  An EAGAIN from
 * aio_read/aio_write (the system's AIO limit) is an error that says the
 * depth cannot be kept, never a silent drop to a smaller depth.
 */
#include "compat.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/engine.h"
#include "lib/err.h"

#if !defined(HAVE_OVERLAPPED_IO)
#include "platform/posix/platform_posix.h"   /* HAVE_KERNEL_AIO, HAVE_IO_URING_KERNEL */

#if defined(HAVE_IO_URING_KERNEL)
const char *const engine_missing_why = "it was built without liburing: install "
	"liburing-dev and rebuild; glibc's POSIX AIO runs the I/Os of one "
	"file one after the other";
#else
const char *const engine_missing_why = "the platform has neither io_uring nor "
	"POSIX AIO in the kernel";
#endif
#endif

#if defined(_POSIX_ASYNCHRONOUS_IO) && _POSIX_ASYNCHRONOUS_IO > 0 && !defined(HAVE_OVERLAPPED_IO)
#include <aio.h>

#if defined(HAVE_KERNEL_AIO)
#define POSIXAIO_MAX_DEPTH 1024u   /* the kernel keeps them in flight */
#else
#define POSIXAIO_MAX_DEPTH 0u      /* emulated: never picked */
#endif

struct paio {
	struct aiocb *cbs;               /* one per slot */
	struct engine_io **io;           /* by slot, NULL when free */
	const struct aiocb **wait;       /* scratch for aio_suspend */
};

static int paio_init(struct engine *e, char *err, size_t errlen)
{
	struct paio *p = calloc(1, sizeof(*p));

	if (p) {
		p->cbs = calloc(e->depth, sizeof(*p->cbs));
		p->io = calloc(e->depth, sizeof(*p->io));
		p->wait = calloc(e->depth, sizeof(*p->wait));
	}
	if (!p || !p->cbs || !p->io || !p->wait) {
		if (p) {
			free(p->cbs);
			free(p->io);
			free(p->wait);
		}
		free(p);
		return err_set(err, errlen, "out of memory for %u POSIX AIO requests",
			e->depth);
	}
	e->data = p;
	return 0;
}

static int paio_queue(struct engine *e, struct engine_io *io, char *err,
		      size_t errlen)
{
	struct paio *p = e->data;
	struct aiocb *cb;
	int rc;

	if (io->slot >= e->depth || p->io[io->slot])
		return err_set(err, errlen, "internal error: POSIX AIO slot %zu in use",
			io->slot);
	cb = &p->cbs[io->slot];
	memset(cb, 0, sizeof(*cb));
	cb->aio_fildes = e->fd;
	cb->aio_buf = io->buf;
	cb->aio_nbytes = io->len;
	cb->aio_offset = (off_t)io->off;
	cb->aio_sigevent.sigev_notify = SIGEV_NONE;
	do {
		rc = io->is_write ? aio_write(cb) : aio_read(cb);
	} while (rc != 0 && errno == EINTR);
	if (rc != 0)
		return err_set(err, errlen, "--iodepth %u: %s: %s%s", e->depth,
			io->is_write ? "aio_write" : "aio_read", strerror(errno),
			errno == EAGAIN ? " (the system's AIO limit is below this "
			"depth)" : "");
	p->io[io->slot] = io;
	e->inflight++;
	return 0;
}

static int paio_commit(struct engine *e, char *err, size_t errlen)
{
	(void)e;
	(void)err;
	(void)errlen;
	return 0;
}

/* The finished requests into done[], without waiting (the collect). */
static int paio_collect(struct engine *e, struct engine_io **done,
			unsigned max, char *err, size_t errlen)
{
	struct paio *p = e->data;
	unsigned n = 0;

	(void)err;
	(void)errlen;
	for (unsigned s = 0; s < e->depth && n < max; s++) {
		int st;
		if (!p->io[s])
			continue;
		st = aio_error(&p->cbs[s]);
		if (st == EINPROGRESS)
			continue;
		ssize_t r = aio_return(&p->cbs[s]);
		engine_finish(e, p->io[s], st != 0 ? -(int64_t)st : (int64_t)r,
			      done, &n);
		p->io[s] = NULL;
	}
	return (int)n;
}

/* Until one of the requests in flight finishes (the wait). */
static int paio_wait(struct engine *e, unsigned more, char *err, size_t errlen)
{
	struct paio *p = e->data;
	int nw = 0;

	(void)more;   /* aio_suspend returns at the first; the loop asks again */
	for (unsigned s = 0; s < e->depth; s++)
		if (p->io[s])
			p->wait[nw++] = &p->cbs[s];
	if (nw > 0 && aio_suspend(p->wait, nw, NULL) != 0 && errno != EINTR &&
	    errno != EAGAIN)
		return err_set(err, errlen, "aio_suspend: %s", strerror(errno));
	return 0;
}

static int paio_reap(struct engine *e, unsigned min, struct engine_io **done,
		     unsigned max, char *err, size_t errlen)
{
	static const struct engine_completions how = { paio_collect, paio_wait };

	return engine_reap_loop(e, &how, min, done, max, err, errlen);
}

static void paio_cleanup(struct engine *e)
{
	struct paio *p = e->data;

	if (!p)
		return;
	free(p->cbs);
	free(p->io);
	free(p->wait);
	free(p);
	e->data = NULL;
}

const struct engine_ops engine_posixaio_ops = {
	.name = "posixaio",
	.max_depth = POSIXAIO_MAX_DEPTH,
	.init = paio_init,
	.queue = paio_queue,
	.commit = paio_commit,
	.reap = paio_reap,
	.cleanup = paio_cleanup,
};

#else

const struct engine_ops engine_posixaio_ops = ENGINE_OPS_ABSENT("posixaio");

#endif
