/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine.c: choosing and opening an I/O engine (see engine.h).  The
 * engines themselves are one file each; this file only knows their
 * tables and the rule: depth 1 is plain synchronous calls, depth N needs
 * an engine that really keeps N in flight, and where there is none the
 * answer is a refusal that says what is missing (the threads engine
 * keeps N in flight wherever POSIX threads are, so on most builds a
 * refusal needs IOSWEEP_ENGINES to hide it).  It also holds the
 * completion side the asynchronous engines share (engine_reap_loop,
 * engine_finish), so each of them only says how it collects finished
 * requests and how it waits for more.
 */
#include "compat.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "lib/err.h"

#if !defined(HAVE_OVERLAPPED_IO)
#include "platform/posix/platform_posix.h"   /* HAVE_IO_URING_KERNEL */
#endif

/* In the order engine_pick() prefers them for a depth above 1. */
static const struct engine_ops *const engines[] = {
	&engine_sync_ops, &engine_uring_ops, &engine_posixaio_ops, &engine_winaio_ops,
	&engine_threads_ops,
};
#define NENGINES (sizeof(engines) / sizeof(engines[0]))

const struct engine_ops *engine_by_name(const char *name)
{
	for (size_t i = 0; i < NENGINES; i++)
		if (strcmp(engines[i]->name, name) == 0)
			return engines[i];
	return NULL;
}

/* Does IOSWEEP_ENGINES hide ops?  Never sync; nothing when it is unset. */
static int engine_hidden(const struct engine_ops *ops)
{
	const char *list = getenv("IOSWEEP_ENGINES");
	size_t len = strlen(ops->name);

	if (!list || !*list || ops == &engine_sync_ops)
		return 0;
	for (const char *p = list; *p; ) {
		size_t n = strcspn(p, ", ");
		if (n == len && strncmp(p, ops->name, len) == 0)
			return 0;
		p += n;
		p += strspn(p, ", ");
	}
	return 1;
}

/*
 * Does IOSWEEP_ENGINES leave sync out?  Then depth 1 runs on the first
 * deep engine it names (io_uring at depth 1, against fio's), or on sync
 * when none of them is here.
 */
static int engine_sync_unnamed(void)
{
	const char *list = getenv("IOSWEEP_ENGINES");
	static const struct engine_ops probe = { .name = "sync" };

	return list && *list && engine_hidden(&probe);
}

const struct engine_ops *engine_pick(unsigned depth, char *err, size_t errlen)
{
	char why[256] = "";
	unsigned most = 0;

	if (depth <= 1 && !engine_sync_unnamed())
		return &engine_sync_ops;
	if (depth == 0)
		depth = 1;
	for (size_t i = 1; i < NENGINES; i++) {
		const struct engine_ops *ops = engines[i];
		if (!ops->max_depth || engine_hidden(ops))
			continue;
		if (ops->max_depth < depth) {
			most = ops->max_depth > most ? ops->max_depth : most;
			continue;
		}
		if (!ops->probe || ops->probe(depth, why, sizeof(why)) == 0)
			return ops;
	}
	if (depth == 1)
		return &engine_sync_ops;
	if (why[0])
		err_set(err, errlen, "%s", why);
	else if (most)
		err_set(err, errlen, "--iodepth %u: at most %u I/Os in flight "
			"on this platform", depth, most);
	else
		err_set(err, errlen, "--iodepth %u: this iosweep has no engine "
			"that keeps more than one I/O in flight here (%s); "
			"use --iodepth 1", depth, getenv("IOSWEEP_ENGINES") &&
			*getenv("IOSWEEP_ENGINES") ? "IOSWEEP_ENGINES hides the others" :
			engine_missing_why);
	return NULL;
}

void engine_describe(char *out, size_t outlen)
{
	size_t at = 0;
	char why[256] = "";

	at += (size_t)snprintf(out, outlen, "engines:");
	for (size_t i = 0; i < NENGINES && at < outlen; i++)
		if (engines[i]->max_depth && !engine_hidden(engines[i]))
			at += (size_t)snprintf(out + at, outlen - at, "%s %s",
					       i ? "," : "", engines[i]->name);
#if defined(HAVE_IO_URING_KERNEL)
	if (at < outlen && !engine_uring_ops.max_depth)
		at += (size_t)snprintf(out + at, outlen - at, "; io_uring: no (%s)",
				       engine_missing_why);
	else if (at < outlen && engine_uring_ops.probe && !engine_hidden(&engine_uring_ops) &&
		 engine_uring_ops.probe(1, why, sizeof(why)) != 0)
		at += (size_t)snprintf(out + at, outlen - at, "; io_uring: built in, "
				       "refused here (%s)", why);
#endif
	for (size_t i = 1; i < NENGINES && at < outlen; i++)
		if (engines[i]->max_depth && engine_hidden(engines[i]))
			at += (size_t)snprintf(out + at, outlen - at, "; %s: hidden by "
					       "IOSWEEP_ENGINES", engines[i]->name);
	(void)why;
}

struct engine *engine_open(const struct engine_ops *ops, int fd, unsigned depth,
			   char *err, size_t errlen)
{
	struct engine *e = calloc(1, sizeof(*e));

	if (!e) {
		err_set(err, errlen, "out of memory for the %s engine", ops->name);
		return NULL;
	}
	e->ops = ops;
	e->fd = fd;
	e->depth = depth ? depth : 1;
	if (!ops->init) {
		err_set(err, errlen, "--iodepth: the %s engine is not built into "
			"this iosweep", ops->name);
		free(e);
		return NULL;
	}
	if (ops->init(e, err, errlen) != 0) {
		free(e);
		return NULL;
	}
	return e;
}

int engine_start(struct engine *e, char *err, size_t errlen)
{
	return e->ops->start ? e->ops->start(e, err, errlen) : 0;
}

void engine_drain(struct engine *e)
{
	struct engine_io *done[64];
	char err[128];

	while (e && e->inflight > 0) {
		unsigned max = e->inflight < 64 ? e->inflight : 64;
		int n = e->ops->reap(e, 1, done, max, err, sizeof(err));
		if (n <= 0)
			break;
	}
}

void engine_close(struct engine *e)
{
	if (!e)
		return;
	engine_drain(e);
	if (e->ops->cleanup)
		e->ops->cleanup(e);
	free(e);
}

void engine_finish(struct engine *e, struct engine_io *io, int64_t res,
		   struct engine_io **done, unsigned *n)
{
	io->res = res;
	done[(*n)++] = io;
	e->inflight--;
}

int engine_reap_loop(struct engine *e, const struct engine_completions *how,
		     unsigned min, struct engine_io **done, unsigned max,
		     char *err, size_t errlen)
{
	int got = how->collect(e, done, max, err, errlen);
	unsigned n;

	if (got < 0)
		return -1;
	n = (unsigned)got;
	while (n < min && n < max && e->inflight > 0) {
		if (how->wait(e, min - n, err, errlen) != 0)
			return -1;
		got = how->collect(e, done + n, max - n, err, errlen);
		if (got < 0)
			return -1;
		n += (unsigned)got;
	}
	return (int)n;
}
