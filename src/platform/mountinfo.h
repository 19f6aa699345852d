/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * mountinfo.h: what a mount table says about the directory a test file
 * is in (file system type, mount options), for the result set's metadata.
 */
#ifndef IOSWEEP_MOUNTINFO_H
#define IOSWEEP_MOUNTINFO_H

#include <stddef.h>
#include <stdio.h>

/*
 * From a /proc/self/mountinfo stream, the file system type and the mount
 * options (per-mount options, then the super block's options not already
 * named) of the mount that holds absolute directory dir: the longest
 * mount point that is dir or a parent of it, the last such line winning.
 * Mount points' octal escapes (\040 for a space) are decoded.  0 when
 * found, -1 otherwise (outputs then untouched).
 */
int mountinfo_parse(FILE *fp, const char *dir, char *fs_type,
		    size_t fs_len, char *options, size_t options_len);

/*
 * out = a, then the comma-separated words of b not in a (a may be out).
 * b's rw/ro is dropped when a says rw or ro already.
 */
void mountinfo_merge_options(char *out, size_t outlen, const char *a, const char *b);

#endif
