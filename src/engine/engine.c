/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine.c: choosing and opening an I/O engine (see engine.h).  The
 * engines themselves are one file each; this file only knows their
 * tables and the rule: depth 1 is plain synchronous calls, depth N needs
 * an engine that really keeps N in flight, and where there is none the
 * answer is a refusal that says what is missing.  It also holds the
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

static const struct engine_ops *const engines[] = {
	&engine_sync_ops, &engine_uring_ops, &engine_posixaio_ops, &engine_winaio_ops,
};

const struct engine_ops *engine_by_name(const char *name)
{
	for (size_t i = 0; i < sizeof(engines) / sizeof(engines[0]); i++)
		if (strcmp(engines[i]->name, name) == 0)
			return engines[i];
	return NULL;
}

const struct engine_ops *engine_pick(unsigned depth, char *err, size_t errlen)
{
	if (depth <= 1)
		return &engine_sync_ops;
	if (engine_uring_ops.max_depth >= depth)
		return &engine_uring_ops;
	if (engine_posixaio_ops.max_depth >= depth)
		return &engine_posixaio_ops;
	if (engine_winaio_ops.max_depth >= depth)
		return &engine_winaio_ops;
	unsigned most = 0;
	for (size_t i = 1; i < sizeof(engines) / sizeof(engines[0]); i++)
		if (engines[i]->max_depth > most)
			most = engines[i]->max_depth;
	if (most)
		err_set(err, errlen, "--iodepth %u: at most %u I/Os in flight "
			"on this platform", depth, most);
	else
		err_set(err, errlen, "--iodepth %u: this iosweep has no engine "
			"that keeps more than one I/O in flight here (%s); "
			"use --iodepth 1", depth, engine_missing_why);
	return NULL;
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
