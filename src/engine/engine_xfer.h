/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine_xfer.h: one whole positioned transfer of an engine_io, as the
 * sync engine (engine_sync.c) and each thread of engine_threads.c make
 * it: one system call inline (io_ptransfer), engine_xfer.c's slow path
 * only when that call did not move it all.
 */
#ifndef IOSWEEP_ENGINE_XFER_H
#define IOSWEEP_ENGINE_XFER_H

#include "compat.h"

#include <stdint.h>

#include "engine/engine.h"
#include "platform/platform.h"

/*
 * The rest of a transfer whose first call (io_ptransfer) returned first:
 * retried after EINTR, finished after a short one (engine_sync.c).
 */
int64_t engine_transfer_rest(int fd, const struct engine_io *io, int64_t first);

/*
 * One whole positioned transfer of io on fd, as the sync engine and each
 * thread of engine_threads.c make it: the bytes moved, 0 at the end of
 * the file, or -errno (ENOSPC for a write that made no progress).  Inline,
 * since it is made once per I/O: the common case is one system call.
 */
static inline int64_t engine_full_transfer(int fd, const struct engine_io *io)
{
	int64_t n = io_ptransfer(fd, io->buf, io->len, io->off, io->is_write);

	return n == (int64_t)io->len ? n : engine_transfer_rest(fd, io, n);
}

#endif
