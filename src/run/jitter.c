/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * jitter.c: the disruption of -K (jitter.h).  A second read past the end
 * of a file smaller than a page is skipped rather than failed.
 */
#include "compat.h"

#include <stdio.h>

#include "platform/platform.h"
#include "run/jitter.h"

int jitter_disrupt(int fd, unsigned char *buf, int direct, uint64_t file_bytes,
		   uint64_t resume, const char *path, char *err, size_t errlen)
{
	const size_t len = direct ? JITTER_PAGE : 1;

	for (uint64_t at = 0; at <= JITTER_PAGE; at += JITTER_PAGE) {
		if (at + len > file_bytes)
			break;
		if (io_seek(fd, (int64_t)at, SEEK_SET, path, err, errlen) != 0 ||
		    io_full_read(fd, buf, len, path, err, errlen) != 0)
			return -1;
	}
	return io_seek(fd, (int64_t)resume, SEEK_SET, path, err, errlen);
}
