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
 * What kind of file system a type name (Linux mountinfo's, or BSD and
 * macOS statfs's f_fstypename) is, for what a run can see of its caches:
 * MOUNTINFO_FUSE for FUSE (fuse, fuseblk, fuse.sshfs, fusefs.*, macFUSE),
 * whose daemon's caches no system call reaches; MOUNTINFO_NETWORK for a
 * kernel network client (nfs, nfs4, cifs, smb3, smbfs, 9p, ceph, afs,
 * lustre, ...); MOUNTINFO_LOCAL for anything else, NULL and "" included.
 */
/*
 * The mount that holds dir, as mountinfo_parse() finds it, every field
 * kept: major:minor of the file system, the root of it that is mounted
 * (not "/" for a bind mount of a directory), the mount point, the
 * per-mount options, type, source and super block options; others: how
 * many other lines mount the same file system (other_dir: the first).
 * Fields longer than their arrays make a line not found.
 */
#define MOUNTINFO_TEXT 1024
struct mountinfo_found {
	char dev[32], root[MOUNTINFO_TEXT], dir[MOUNTINFO_TEXT];
	char source[MOUNTINFO_TEXT], fs_type[64];
	char opts[MOUNTINFO_TEXT], super_opts[MOUNTINFO_TEXT];
	unsigned others;
	char other_dir[MOUNTINFO_TEXT];
};

/* The same from stream fp, read from its start (twice when it can seek,
 * for others).  0 when found, else -1. */
int mountinfo_find(FILE *fp, const char *dir, struct mountinfo_found *f);

enum mountinfo_kind {
	MOUNTINFO_LOCAL = 0,
	MOUNTINFO_NETWORK = 1,
	MOUNTINFO_FUSE = 2
};
enum mountinfo_kind mountinfo_fs_kind(const char *fs_type);

/*
 * out = a, then the comma-separated words of b not in a (a may be out).
 * b's rw/ro is dropped when a says rw or ro already.
 */
void mountinfo_merge_options(char *out, size_t outlen, const char *a, const char *b);

#endif
