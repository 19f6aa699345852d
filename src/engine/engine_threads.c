/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine_threads.c: N I/Os in flight from one job with N threads, each
 * making one positioned pread or pwrite at a time (the platform's full
 * transfer, as engine_sync.c makes it).  It is the engine of last resort
 * for --iodepth > 1: where this build has no io_uring (built without
 * liburing, or a kernel that refuses it) and the kernel runs no POSIX AIO,
 * the same requests are still in the kernel together, as many as the
 * depth, on the one descriptor: positioned calls share no file offset,
 * so nothing serialises them (unlike glibc's POSIX AIO, which runs the
 * requests of one descriptor one after another).  What it costs beyond
 * io_uring is a hand-off per I/O (a mutex and a condition variable each
 * way), which the card and meta.csv show by naming the engine.
 *
 * queue() keeps the I/O on the caller's side; commit() hands everything
 * queued to the workers at once; a worker takes the oldest, does it, and
 * puts it on the finished list; reap() (engine_reap_loop) takes what is
 * finished and waits on the list's condition variable for the rest.
 * Both lists are rings as deep as the engine, since no more than that
 * are ever in flight.  Windows has its own asynchronous engine
 * (engine_winaio.c), so this one is built on POSIX threads only.
 */
#include "compat.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/engine_xfer.h"
#include "lib/err.h"

#if !defined(HAVE_OVERLAPPED_IO)
#include <pthread.h>

#define THREADS_MAX_DEPTH 256u

/* A ring of at most depth I/Os. */
struct thr_ring {
	struct engine_io **io;
	unsigned head, count, size;
};

struct thr {
	pthread_mutex_t mu;
	pthread_cond_t work;     /* todo has an I/O, or quit */
	pthread_cond_t done;     /* fin has grown */
	struct thr_ring todo;    /* committed, not yet taken by a worker */
	struct thr_ring fin;     /* finished, not yet reaped */
	struct engine_io **pend; /* queued, not committed: the caller's alone */
	unsigned npend;
	pthread_t *th;
	unsigned nth;            /* workers started */
	int quit;
	int fd;
};

static void ring_push(struct thr_ring *r, struct engine_io *io)
{
	r->io[(r->head + r->count) % r->size] = io;
	r->count++;
}

static struct engine_io *ring_pop(struct thr_ring *r)
{
	struct engine_io *io = r->io[r->head];

	r->head = (r->head + 1) % r->size;
	r->count--;
	return io;
}

static void *thr_worker(void *arg)
{
	struct thr *t = arg;

	pthread_mutex_lock(&t->mu);
	for (;;) {
		while (!t->quit && t->todo.count == 0)
			pthread_cond_wait(&t->work, &t->mu);
		if (t->quit)
			break;
		struct engine_io *io = ring_pop(&t->todo);
		pthread_mutex_unlock(&t->mu);
		io->res = engine_full_transfer(t->fd, io);
		pthread_mutex_lock(&t->mu);
		ring_push(&t->fin, io);
		pthread_cond_signal(&t->done);
	}
	pthread_mutex_unlock(&t->mu);
	return NULL;
}

static void thr_cleanup(struct engine *e)
{
	struct thr *t = e->data;

	if (!t)
		return;
	pthread_mutex_lock(&t->mu);
	t->quit = 1;
	pthread_cond_broadcast(&t->work);
	pthread_mutex_unlock(&t->mu);
	for (unsigned i = 0; i < t->nth; i++)
		pthread_join(t->th[i], NULL);
	pthread_cond_destroy(&t->work);
	pthread_cond_destroy(&t->done);
	pthread_mutex_destroy(&t->mu);
	free(t->th);
	free(t->pend);
	free(t->todo.io);
	free(t->fin.io);
	free(t);
	e->data = NULL;
}

static int thr_init(struct engine *e, char *err, size_t errlen)
{
	struct thr *t = calloc(1, sizeof(*t));
	int rc;

	if (!t)
		return err_set(err, errlen, "out of memory for %u I/O threads", e->depth);
	t->fd = e->fd;
	t->todo.size = t->fin.size = e->depth;
	t->todo.io = calloc(e->depth, sizeof(*t->todo.io));
	t->fin.io = calloc(e->depth, sizeof(*t->fin.io));
	t->pend = calloc(e->depth, sizeof(*t->pend));
	t->th = calloc(e->depth, sizeof(*t->th));
	pthread_mutex_init(&t->mu, NULL);
	pthread_cond_init(&t->work, NULL);
	pthread_cond_init(&t->done, NULL);
	e->data = t;
	if (!t->todo.io || !t->fin.io || !t->pend || !t->th) {
		thr_cleanup(e);
		return err_set(err, errlen, "out of memory for %u I/O threads", e->depth);
	}
	for (; t->nth < e->depth; t->nth++) {
		rc = pthread_create(&t->th[t->nth], NULL, thr_worker, t);
		if (rc != 0) {
			thr_cleanup(e);
			return err_set(err, errlen, "--iodepth %u: cannot start an I/O "
				"thread: %s", e->depth, strerror(rc));
		}
	}
	return 0;
}

static int thr_queue(struct engine *e, struct engine_io *io, char *err, size_t errlen)
{
	struct thr *t = e->data;

	if (e->inflight >= e->depth)
		return err_set(err, errlen, "internal error: %u I/Os in flight on a "
			"depth of %u", e->inflight + 1, e->depth);
	t->pend[t->npend++] = io;
	e->inflight++;
	return 0;
}

static int thr_commit(struct engine *e, char *err, size_t errlen)
{
	struct thr *t = e->data;

	(void)err;
	(void)errlen;
	if (t->npend == 0)
		return 0;
	pthread_mutex_lock(&t->mu);
	for (unsigned i = 0; i < t->npend; i++)
		ring_push(&t->todo, t->pend[i]);
	if (t->npend == 1)
		pthread_cond_signal(&t->work);
	else
		pthread_cond_broadcast(&t->work);
	pthread_mutex_unlock(&t->mu);
	t->npend = 0;
	e->submit_calls++;
	return 0;
}

/* What has finished, without waiting (engine_reap_loop's collect). */
static int thr_collect(struct engine *e, struct engine_io **done, unsigned max,
		       char *err, size_t errlen)
{
	struct thr *t = e->data;
	unsigned n = 0;

	(void)err;
	(void)errlen;
	pthread_mutex_lock(&t->mu);
	while (n < max && t->fin.count > 0) {
		struct engine_io *io = ring_pop(&t->fin);
		engine_finish(e, io, io->res, done, &n);
	}
	pthread_mutex_unlock(&t->mu);
	e->reaped += n;
	return (int)n;
}

/* Until at least more have finished (engine_reap_loop's wait). */
static int thr_wait(struct engine *e, unsigned more, char *err, size_t errlen)
{
	struct thr *t = e->data;

	(void)err;
	(void)errlen;
	pthread_mutex_lock(&t->mu);
	while (t->fin.count < more)
		pthread_cond_wait(&t->done, &t->mu);
	pthread_mutex_unlock(&t->mu);
	e->wait_calls++;
	return 0;
}

static int thr_reap(struct engine *e, unsigned min, struct engine_io **done,
		    unsigned max, char *err, size_t errlen)
{
	static const struct engine_completions how = { thr_collect, thr_wait };

	if (thr_commit(e, err, errlen) != 0)   /* never wait on I/Os not handed over */
		return -1;
	return engine_reap_loop(e, &how, min, done, max, err, errlen);
}

const struct engine_ops engine_threads_ops = {
	.name = "threads",
	.max_depth = THREADS_MAX_DEPTH,
	.init = thr_init,
	.queue = thr_queue,
	.commit = thr_commit,
	.reap = thr_reap,
	.cleanup = thr_cleanup,
};

#else

const struct engine_ops engine_threads_ops = ENGINE_OPS_ABSENT("threads");

#endif
