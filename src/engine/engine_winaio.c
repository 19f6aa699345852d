/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine_winaio.c: the Windows engine for --iodepth above 1 (engine.h):
 * overlapped ReadFile/WriteFile reaped from an I/O completion port, the
 * way Windows itself keeps many transfers of one file in flight.  Built
 * where the platform has overlapped I/O (HAVE_OVERLAPPED_IO, set by the
 * makefile for Windows); elsewhere its table entry is empty.
 *
 * The descriptor qd.c hands over is a synchronous handle (io_open), and
 * overlapped I/O needs one opened with FILE_FLAG_OVERLAPPED, so each
 * engine reopens the file (ReOpenFile, platform_win.c) with the same
 * access and the same NO_BUFFERING / WRITE_THROUGH flags, and ties that
 * handle to a completion port of its own: every worker (--jobs) has its
 * own handle and port, as a handle can belong to one port only.
 *
 * One OVERLAPPED per slot; its offset is the I/O's.  A transfer that
 * finishes inside the call (TRUE) still posts a completion, as the handle
 * is left without FILE_SKIP_COMPLETION_PORT_ON_SUCCESS, so every I/O that
 * was accepted is reaped from the port (GetQueuedCompletionStatusEx, many
 * at once) and its outcome read with GetOverlappedResult: the bytes, 0 at
 * the end of the file (ERROR_HANDLE_EOF), or -errno.  Each accepted call
 * is counted as the system answered it: done inside the call (TRUE:
 * engine.h's sync_done) or left pending (ERROR_IO_PENDING: async_done),
 * since Windows runs many buffered transfers synchronously and the I/Os
 * iosweep has outstanding say nothing about those.  A call that fails
 * at once posts nothing; its I/O is kept aside and handed back by the next
 * reap with its error, so no I/O is ever lost.  With -I (NO_BUFFERING)
 * the buffer, offset and length of each transfer are checked against the
 * volume's sector size first, as for sweeps (io_sector_misfit).
 */
#include "compat.h"

#include "engine/engine.h"

#if defined(HAVE_OVERLAPPED_IO)
#include "platform/win/platform_win.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/platform.h"
#include "lib/err.h"

const char *const engine_missing_why = "Windows has no io_uring or POSIX AIO";

#define WAIO_MAX_DEPTH 1024u
#define WAIO_MAX_XFER 0x40000000u   /* bytes per call; the caller requeues the rest */

struct waio_req {
	OVERLAPPED ov;                /* first: a completion's lpOverlapped is the request */
	struct engine_io *io;         /* NULL when the slot is free */
};

struct waio {
	HANDLE h;                     /* the overlapped handle (NULL with fd -1) */
	HANDLE port;
	DWORD sector;                 /* NO_BUFFERING's sector size, 0 without -I */
	struct waio_req *reqs;        /* one per slot */
	OVERLAPPED_ENTRY *ents;       /* scratch for GetQueuedCompletionStatusEx */
	struct engine_io **failed;    /* failed at once, not yet reaped */
	unsigned nfailed;
};

static void waio_cleanup(struct engine *e)
{
	struct waio *w = e->data;

	if (!w)
		return;
	if (w->port)
		CloseHandle(w->port);
	if (w->h && w->h != INVALID_HANDLE_VALUE)
		CloseHandle(w->h);
	free(w->reqs);
	free(w->ents);
	free(w->failed);
	free(w);
	e->data = NULL;
}

static void waio_fail(const char *call, char *err, size_t errlen)
{
	char text[256];

	win_error_text(GetLastError(), text, sizeof(text));
	err_set(err, errlen, "--iodepth: %s: %s", call, text);
}

static int waio_init(struct engine *e, char *err, size_t errlen)
{
	struct waio *w = calloc(1, sizeof(*w));

	if (w) {
		w->reqs = calloc(e->depth, sizeof(*w->reqs));
		w->ents = calloc(e->depth, sizeof(*w->ents));
		w->failed = calloc(e->depth, sizeof(*w->failed));
	}
	e->data = w;
	if (!w || !w->reqs || !w->ents || !w->failed) {
		waio_cleanup(e);
		return err_set(err, errlen, "out of memory for %u overlapped requests", e->depth);
	}
	if (e->fd >= 0) {
		w->h = win_reopen_overlapped(e->fd, &w->sector, err, errlen);
		if (w->h == INVALID_HANDLE_VALUE) {
			w->h = NULL;
			waio_cleanup(e);
			return -1;
		}
	}
	/* with fd -1 (qd_check): only whether the system gives a port */
	w->port = CreateIoCompletionPort(w->h ? w->h : INVALID_HANDLE_VALUE, NULL, 0, 1);
	if (!w->port) {
		waio_fail("CreateIoCompletionPort", err, errlen);
		waio_cleanup(e);
		return -1;
	}
	return 0;
}

static int waio_queue(struct engine *e, struct engine_io *io, char *err,
		      size_t errlen)
{
	struct waio *w = e->data;
	struct waio_req *r;
	DWORD want, le;
	BOOL ok;

	if (!w->h || io->slot >= e->depth || w->reqs[io->slot].io)
		return err_set(err, errlen, "internal error: overlapped slot %zu in use "
			"or no file", io->slot);
	if (w->sector && io_sector_misfit(io->buf, io->len, io->off, w->sector,
					  err, errlen))
		return -1;
	r = &w->reqs[io->slot];
	memset(&r->ov, 0, sizeof(r->ov));
	r->ov.Offset = (DWORD)(io->off & 0xffffffffu);
	r->ov.OffsetHigh = (DWORD)(io->off >> 32);
	want = io->len > WAIO_MAX_XFER ? WAIO_MAX_XFER : (DWORD)io->len;
	ok = io->is_write ? WriteFile(w->h, io->buf, want, NULL, &r->ov)
		: ReadFile(w->h, io->buf, want, NULL, &r->ov);
	le = ok ? 0 : GetLastError();
	e->inflight++;
	if (ok || le == ERROR_IO_PENDING) {
		r->io = io;          /* its completion comes through the port */
		if (ok)
			e->sync_done++;
		else
			e->async_done++;
		return 0;
	}
	/* failed at once: nothing will be posted; the next reap hands it back */
	io->res = !io->is_write && le == ERROR_HANDLE_EOF ? 0 : -(int64_t)win_errno(le);
	w->failed[w->nfailed++] = io;
	return 0;
}

static int waio_commit(struct engine *e, char *err, size_t errlen)
{
	(void)e;
	(void)err;
	(void)errlen;
	return 0;   /* ReadFile and WriteFile have handed each one over already */
}

/* A dequeued request's I/O handed back with its outcome (engine_finish). */
static void waio_finish(struct engine *e, OVERLAPPED *ov,
			struct engine_io **done, unsigned *n)
{
	struct waio *w = e->data;
	struct waio_req *r = (struct waio_req *)(void *)ov;
	struct engine_io *io = r->io;
	DWORD moved = 0;
	int64_t res;

	if (GetOverlappedResult(w->h, ov, &moved, FALSE))
		res = (int64_t)moved;
	else if (GetLastError() == ERROR_HANDLE_EOF)
		res = 0;
	else
		res = -(int64_t)win_errno(GetLastError());
	r->io = NULL;
	engine_finish(e, io, res, done, n);
}

static int waio_reap(struct engine *e, unsigned min, struct engine_io **done,
		     unsigned max, char *err, size_t errlen)
{
	struct waio *w = e->data;
	unsigned n = 0;

	while (w->nfailed > 0 && n < max) {
		struct engine_io *io = w->failed[--w->nfailed];
		engine_finish(e, io, io->res, done, &n);
	}
	while (n < max && e->inflight > w->nfailed) {
		ULONG got = 0, want = max - n;
		if (want > e->depth)
			want = e->depth;
		/* block while fewer than min are in hand, else only take what is there */
		if (!GetQueuedCompletionStatusEx(w->port, w->ents, want, &got,
						 n < min ? INFINITE : 0, FALSE)) {
			if (GetLastError() == WAIT_TIMEOUT)
				break;
			waio_fail("GetQueuedCompletionStatusEx", err, errlen);
			return -1;
		}
		for (ULONG k = 0; k < got; k++)
			waio_finish(e, w->ents[k].lpOverlapped, done, &n);
		if (n >= min)
			break;
	}
	return (int)n;
}

const struct engine_ops engine_winaio_ops = {
	.name = "winaio",
	.max_depth = WAIO_MAX_DEPTH,
	.init = waio_init,
	.queue = waio_queue,
	.commit = waio_commit,
	.reap = waio_reap,
	.cleanup = waio_cleanup,
};

#else

const struct engine_ops engine_winaio_ops = ENGINE_OPS_ABSENT("winaio");

#endif
