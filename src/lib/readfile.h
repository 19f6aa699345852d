/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * readfile.h: a whole input file in memory, plain or gzip-compressed
 * (zlib reads both), for the readers of reports, folders and charts.
 */
#ifndef IOSWEEP_READFILE_H
#define IOSWEEP_READFILE_H

#include <stddef.h>

/*
 * Read path into a NUL-terminated buffer of *len bytes (the caller frees
 * *buf); a file of more than max_bytes is refused ("what": how the
 * message names what the file should have been, "an IOzone report").
 * 0, or -1 with err set and *buf NULL.
 */
int readfile_all(const char *path, size_t max_bytes, const char *what,
		 char **buf, size_t *len, char *err, size_t errlen);

#endif
