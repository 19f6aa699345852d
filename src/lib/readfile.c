/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * readfile.c: a whole file into memory (see readfile.h).  zlib's gzread
 * passes a plain file through unchanged, so one loop reads both kinds;
 * the buffer doubles from 32 kB and the size limit is checked before each
 * growth, so an endless or huge input stops early.
 */
#include "compat.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "lib/err.h"
#include "lib/readfile.h"
#include "platform/platform.h"

int readfile_all(const char *path, size_t max_bytes, const char *what,
		 char **buf, size_t *len, char *err, size_t errlen)
{
	gzFile gz = NULL;
	char *data = NULL;
	size_t used = 0, cap = 0;
	int rc = -1;

	*buf = NULL;
	*len = 0;
	int fd = plat_open_read_fd(path);
	if (fd < 0)
		return err_set(err, errlen, "cannot open '%s': %s", path, strerror(errno));
	errno = 0;
	gz = gzdopen(fd, "rb");
	if (!gz) {
		err_set(err, errlen, "cannot open '%s': %s", path,
			errno ? strerror(errno) : "out of memory");
		plat_close_fd(fd);
		return -1;
	}
	for (;;) {
		if (cap - used < 16384 + 1) {
			size_t want = cap ? cap * 2 : 32768;
			if (want > max_bytes + 16384 + 1) {
				err_set(err, errlen, "%s: larger than %zu MB: not %s",
					path, max_bytes >> 20, what);
				goto out;
			}
			char *p = realloc(data, want);
			if (!p) {
				err_set(err, errlen, "%s: out of memory", path);
				goto out;
			}
			data = p;
			cap = want;
		}
		int n = gzread(gz, data + used, 16384);
		if (n < 0) {
			int zerr = 0;
			const char *msg = gzerror(gz, &zerr);
			err_set(err, errlen, "cannot read '%s': %s", path,
				zerr == Z_ERRNO ? strerror(errno) : msg);
			goto out;
		}
		if (n == 0)
			break;
		used += (size_t)n;
	}
	data[used] = '\0';
	*buf = data;
	*len = used;
	data = NULL;
	rc = 0;
out:
	free(data);
	gzclose(gz);
	return rc;
}
