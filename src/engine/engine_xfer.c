/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine_xfer.c: the slow path of engine_full_transfer (engine_xfer.h):
 * a first call that was interrupted or moved part of the record is
 * finished by the platform's full positioned transfer, and its outcome
 * said as pread/pwrite would say it.
 */
#include "compat.h"

#include <errno.h>

#include "engine/engine_xfer.h"

int64_t engine_transfer_rest(int fd, const struct engine_io *io, int64_t first)
{
	unsigned char *buf = io->buf;
	char msg[256];
	int rc;

	if (first == 0)      /* nothing moved: the end of the file, or a full device */
		return io->is_write ? -(int64_t)ENOSPC : 0;
	if (first < 0 && first != -(int64_t)EINTR)
		return first;
	if (first < 0)
		first = 0;
	/* the platform's positioned full transfer of the rest (EINTR and
	 * short transfers handled; ReadFile/WriteFile on Windows) */
	errno = 0;
	rc = io->is_write
		? io_full_pwrite(fd, buf + first, io->len - (size_t)first, io->off + (uint64_t)first,
				 "the test file", msg, sizeof(msg))
		: io_full_pread(fd, buf + first, io->len - (size_t)first, io->off + (uint64_t)first,
				"the test file", msg, sizeof(msg));
	if (rc == 0)
		return (int64_t)io->len;
	if (rc == IO_EOF)
		return 0;
	return errno ? -(int64_t)errno : -(int64_t)EIO;
}
