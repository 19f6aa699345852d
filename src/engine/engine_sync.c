/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine_sync.c: the depth-1 engine: queue() makes the pread or pwrite
 * at once (EINTR retried), reap() hands the one I/O back.  Its transfer
 * (engine_full_transfer, engine_xfer.h) is also what each thread of
 * engine_threads.c makes.  It is what
 * --jobs and --mix use without --iodepth; a plain IOzone command line
 * never comes here (tests.c keeps its own loops).
 */
#include "compat.h"

#include <errno.h>
#include <stdio.h>

#include "engine/engine.h"
#include "engine/engine_xfer.h"
#include "platform/platform.h"
#include "lib/err.h"

static int sync_init(struct engine *e, char *err, size_t errlen)
{
	if (e->depth != 1)
		return err_set(err, errlen, "--iodepth %u: the sync engine keeps one I/O "
			"in flight", e->depth);
	e->data = NULL;
	return 0;
}

static int sync_queue(struct engine *e, struct engine_io *io, char *err,
		      size_t errlen)
{
	(void)err;
	(void)errlen;
	io->res = engine_full_transfer(e->fd, io);
	e->data = io;
	e->inflight++;
	return 0;
}

static int sync_reap(struct engine *e, unsigned min, struct engine_io **done,
		     unsigned max, char *err, size_t errlen)
{
	(void)min;
	if (!e->data || max == 0)
		return err_set(err, errlen, "internal error: nothing in flight to reap");
	done[0] = e->data;
	e->data = NULL;
	e->inflight--;
	return 1;
}

const struct engine_ops engine_sync_ops = {
	.name = "sync",
	.max_depth = 1,
	.init = sync_init,
	.queue = sync_queue,
	.commit = NULL,          /* queue() made the I/O: nothing to commit */
	.reap = sync_reap,
};
