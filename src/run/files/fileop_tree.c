/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fileop_tree.c: the names of fileop's tree, written and read back, and
 * trees of those names found in a directory (left by fileop -L, or by a
 * run that could not finish its cleanup) removed by name (fileop_tree.h).
 *
 * Reading a name back is strict (plain decimal indices, nothing before
 * or after), because it decides what may be removed: only entries that
 * carry fileop's names, each inside a directory whose name has the same
 * indices, and never through a symbolic link.
 */
#include "compat.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "lib/err.h"
#include "platform/platform.h"
#include "run/files/fileop_tree.h"

int fileop_name(char *buf, size_t len, enum fileop_name_kind kind,
		unsigned i, unsigned j, unsigned k)
{
	int n;

	switch (kind) {
	case FILEOP_NAME_L1: n = snprintf(buf, len, "fileop_L1_%u", i); break;
	case FILEOP_NAME_L2: n = snprintf(buf, len, "fileop_L1_%u_L2_%u", i, j); break;
	case FILEOP_NAME_DIR: n = snprintf(buf, len, "fileop_dir_%u_%u_%u", i, j, k); break;
	case FILEOP_NAME_FILE: n = snprintf(buf, len, "fileop_file_%u_%u_%u", i, j, k); break;
	case FILEOP_NAME_LINK: n = snprintf(buf, len, "fileop_file_%u_%u_%uL", i, j, k); break;
	default: n = -1; break;
	}
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

/* A plain decimal index at *p (no sign, no leading zero): advances *p. */
static int parse_index(const char **p, unsigned *out)
{
	const char *s = *p;
	unsigned long v = 0;

	if (*s < '0' || *s > '9' || (s[0] == '0' && s[1] >= '0' && s[1] <= '9'))
		return -1;
	for (; *s >= '0' && *s <= '9'; s++) {
		v = v * 10 + (unsigned long)(*s - '0');
		if (v > 999999999ul)
			return -1;
	}
	*out = (unsigned)v;
	*p = s;
	return 0;
}

/* n indices joined by sep at p, then exactly the text tail. */
static int parse_indices(const char *p, const char *sep, unsigned n, unsigned *idx,
			 const char *tail)
{
	for (unsigned t = 0; t < n; t++) {
		if (t && strncmp(p, sep, strlen(sep)) != 0)
			return -1;
		if (t)
			p += strlen(sep);
		if (parse_index(&p, &idx[t]) != 0)
			return -1;
	}
	return strcmp(p, tail) == 0 ? 0 : -1;
}

enum fileop_name_kind fileop_name_parse(const char *name, unsigned idx[3])
{
	const char *p;

	idx[0] = idx[1] = idx[2] = 0;
	if (strncmp(name, "fileop_L1_", 10) == 0) {
		p = name + 10;
		if (parse_index(&p, &idx[0]) != 0)
			return FILEOP_NAME_NONE;
		if (*p == '\0')
			return FILEOP_NAME_L1;
		if (strncmp(p, "_L2_", 4) == 0 && parse_indices(p + 4, "", 1, idx + 1, "") == 0)
			return FILEOP_NAME_L2;
		return FILEOP_NAME_NONE;
	}
	if (strncmp(name, "fileop_dir_", 11) == 0)
		return parse_indices(name + 11, "_", 3, idx, "") == 0
			? FILEOP_NAME_DIR : FILEOP_NAME_NONE;
	if (strncmp(name, "fileop_file_", 12) == 0) {
		if (parse_indices(name + 12, "_", 3, idx, "") == 0)
			return FILEOP_NAME_FILE;
		if (parse_indices(name + 12, "_", 3, idx, "L") == 0)
			return FILEOP_NAME_LINK;
	}
	return FILEOP_NAME_NONE;
}

int fileop_find_tree(const char *dir, char *name, size_t namelen,
		     char *err, size_t errlen)
{
	struct plat_dir *d = plat_dir_open(dir);
	const char *entry;
	unsigned idx[3];
	int rc;

	name[0] = '\0';
	if (!d)
		return err_set(err, errlen, "cannot read the directory '%s': %s", dir,
			       strerror(errno));
	while ((rc = plat_dir_read(d, &entry)) > 0)
		if (fileop_name_parse(entry, idx) == FILEOP_NAME_L1) {
			snprintf(name, namelen, "%s", entry);
			break;
		}
	if (rc < 0) {
		int e = errno;
		plat_dir_close(d);
		return err_set(err, errlen, "cannot read the directory '%s': %s", dir,
			       strerror(e));
	}
	plat_dir_close(d);
	return 0;
}

/*
 * Remove path, which holds fileop's name of kind with indices idx: a
 * directory of the first two levels loses the entries named as its
 * children (same indices) first; anything else in it stays, and then the
 * directory cannot go.  Never follows a symbolic link: a link is removed
 * as itself.
 */
static int remove_found(const char *path, enum fileop_name_kind kind,
			const unsigned idx[3], char *err, size_t errlen)
{
	enum plat_kind what = plat_stat(path, 0, NULL);

	if (what == PLAT_NONE)
		return errno == ENOENT ? 0 : err_set(err, errlen, "cannot look at '%s': %s",
						       path, strerror(errno));
	if (what != PLAT_DIR) {
		if (plat_remove(path) != 0 && errno != ENOENT)
			return err_set(err, errlen, "cannot remove '%s': %s", path,
				       strerror(errno));
		return 0;
	}
	if (kind == FILEOP_NAME_L1 || kind == FILEOP_NAME_L2) {
		/* again until a scan removes nothing: entries removed while a
		 * directory is read may make the reader skip others */
		for (int removed = 1; removed;) {
			struct plat_dir *d = plat_dir_open(path);
			const char *entry;
			removed = 0;
			if (!d)
				return err_set(err, errlen, "cannot read the directory '%s': %s",
					       path, strerror(errno));
			while (plat_dir_read(d, &entry) > 0) {
				unsigned c[3];
				enum fileop_name_kind ck = fileop_name_parse(entry, c);
				int child = kind == FILEOP_NAME_L1
					? ck == FILEOP_NAME_L2 && c[0] == idx[0]
					: (ck == FILEOP_NAME_DIR || ck == FILEOP_NAME_FILE ||
					   ck == FILEOP_NAME_LINK) && c[0] == idx[0] && c[1] == idx[1];
				char sub[4096];
				if (!child)
					continue;
				if ((size_t)snprintf(sub, sizeof(sub), "%s/%s", path, entry) >= sizeof(sub) ||
				    remove_found(sub, ck, c, err, errlen) != 0) {
					plat_dir_close(d);
					return -1;
				}
				removed = 1;
			}
			plat_dir_close(d);
		}
	}
	if (plat_rmdir(path) != 0 && errno != ENOENT)
		return err_set(err, errlen, "cannot remove '%s': %s%s", path, strerror(errno),
			       errno == ENOTEMPTY || errno == EEXIST
			       ? " (it holds names fileop does not make; remove them by hand)" : "");
	return 0;
}

int fileop_remove_trees(const char *dir, char *err, size_t errlen)
{
	char name[FILEOP_NAME_MAX], path[4096];
	unsigned idx[3];

	for (;;) {
		if (fileop_find_tree(dir, name, sizeof(name), err, errlen) != 0)
			return -1;
		if (!name[0])
			return 0;
		fileop_name_parse(name, idx);
		if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >= sizeof(path))
			return err_set(err, errlen, "'%s/%s': path too long", dir, name);
		if (remove_found(path, FILEOP_NAME_L1, idx, err, errlen) != 0)
			return -1;
	}
}
