/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_mountinfo.c: libFuzzer target for the mount table parser
 * (mountinfo.c) that -U and the result set's file system facts read.
 * The input is a mount table; the first line of it (up to a newline) is
 * also the directory looked up.  What is found must hold together: the
 * mount point covers the directory (it is "/" or a prefix ending at a
 * '/'), the fields are NUL-terminated inside their arrays, and
 * mountinfo_parse() agrees with mountinfo_find() on the type.  Build and
 * run: make fuzz.
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "platform/mountinfo.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mountinfo_found f;
	char dir[256], fs[64], opts[512];
	size_t n = 0;
	FILE *fp;

	if (size == 0)
		return 0;
	while (n < size && n < sizeof(dir) - 1 && data[n] != '\n' && data[n] != '\0')
		n++;
	memcpy(dir, data, n);
	dir[n] = '\0';
	fp = fmemopen((void *)data, size, "r");
	if (!fp)
		return 0;
	if (mountinfo_find(fp, dir, &f) == 0) {
		size_t len = strlen(f.dir);
		if (len >= sizeof(f.dir) || strlen(f.fs_type) >= sizeof(f.fs_type) ||
		    strlen(f.opts) >= sizeof(f.opts) || strlen(f.other_dir) >= sizeof(f.other_dir))
			abort();
		if (strcmp(f.dir, "/") != 0 && (strncmp(dir, f.dir, len) != 0 ||
						(dir[len] != '/' && dir[len] != '\0')))
			abort();
		if (mountinfo_parse(fp, dir, fs, sizeof(fs), opts, sizeof(opts)) != 0 ||
		    strcmp(fs, f.fs_type) != 0)
			abort();
	}
	fclose(fp);
	return 0;
}
