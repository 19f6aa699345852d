/*
 * engine_sync.c: the depth-1 engine: queue() makes the pread or pwrite
 * at once (EINTR retried), reap() hands the one I/O back.  It is what
 * --jobs and --mix use without --iodepth; a plain IOzone command line
 * never comes here (tests.c keeps its own loops).
 */
#include "compat.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "engine.h"

static int sync_init(struct engine *e, char *err, size_t errlen)
{
	if (e->depth != 1) {
		snprintf(err, errlen, "--iodepth %u: the sync engine keeps one I/O "
			 "in flight", e->depth);
		return -1;
	}
	e->data = NULL;
	return 0;
}

static int sync_queue(struct engine *e, struct engine_io *io, char *err,
		      size_t errlen)
{
	ssize_t n;

	(void)err;
	(void)errlen;
	do {
		n = io->is_write ? pwrite(e->fd, io->buf, io->len, (off_t)io->off)
			: pread(e->fd, io->buf, io->len, (off_t)io->off);
	} while (n < 0 && errno == EINTR);
	io->res = n < 0 ? -(int64_t)errno : (int64_t)n;
	e->data = io;
	e->inflight++;
	return 0;
}

static int sync_commit(struct engine *e, char *err, size_t errlen)
{
	(void)e;
	(void)err;
	(void)errlen;
	return 0;
}

static int sync_reap(struct engine *e, unsigned min, struct engine_io **done,
		     unsigned max, char *err, size_t errlen)
{
	(void)min;
	if (!e->data || max == 0) {
		snprintf(err, errlen, "internal error: nothing in flight to reap");
		return -1;
	}
	done[0] = e->data;
	e->data = NULL;
	e->inflight--;
	return 1;
}

const struct engine_ops engine_sync_ops = {
	"sync", 1, sync_init, sync_queue, sync_commit, sync_reap, NULL,
};
