/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * mountinfo.c: the file system and mount options of a directory, read
 * from a mount table (see mountinfo.h).  Linux's /proc/self/mountinfo is
 * parsed here; the BSDs and macOS get their table from getmntinfo in the
 * platform layer and only merge the options here, so both the platform
 * layer and sysinfo.c call down into this file, never up.
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/mountinfo.h"

/* Decode mountinfo's octal escapes (\040 space, \011 tab, \012 LF, \134 \) in place. */
static void unescape_octal(char *s)
{
	char *w = s;
	for (char *r = s; *r; r++) {
		if (r[0] == '\\' && r[1] >= '0' && r[1] <= '3' && r[2] >= '0' &&
		    r[2] <= '7' && r[3] >= '0' && r[3] <= '7') {
			*w++ = (char)((r[1] - '0') * 64 + (r[2] - '0') * 8 + (r[3] - '0'));
			r += 3;
		} else {
			*w++ = *r;
		}
	}
	*w = '\0';
}

/* Is mount point mp dir itself or one of its parents?  Returns its length, or -1. */
static long mount_covers(const char *mp, const char *dir)
{
	size_t len = strlen(mp);
	if (strcmp(mp, "/") == 0)
		return 1;
	if (strncmp(dir, mp, len) == 0 && (dir[len] == '/' || dir[len] == '\0'))
		return (long)len;
	return -1;
}

/* Does the comma-separated list hold this word? */
static int list_has(const char *list, const char *word, size_t wlen)
{
	for (const char *p = list; *p;) {
		const char *e = strchr(p, ',');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		if (n == wlen && strncmp(p, word, n) == 0)
			return 1;
		p += n + (e ? 1 : 0);
	}
	return 0;
}

/*
 * options = a, then the words of b not in a.  b's rw/ro is dropped when a
 * says rw or ro already (a read-only mount of a writable super block is
 * read-only).
 */
void mountinfo_merge_options(char *out, size_t outlen, const char *a, const char *b)
{
	size_t used;
	if (out != a)
		snprintf(out, outlen, "%s", a);
	used = strlen(out);
	int has_mode = list_has(out, "rw", 2) || list_has(out, "ro", 2);
	for (const char *p = b; *p;) {
		const char *e = strchr(p, ',');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		int mode = n == 2 && (strncmp(p, "rw", 2) == 0 || strncmp(p, "ro", 2) == 0);
		if (n && !(mode && has_mode) && !list_has(out, p, n) && used + n + 2 <= outlen) {
			int w = snprintf(out + used, outlen - used, "%s%.*s",
					 used ? "," : "", (int)n, p);
			if (w > 0)
				used += (size_t)w;
		}
		p += n + (e ? 1 : 0);
	}
}

/* One line of fp into *line (grown as needed, newline kept): its length, or -1 at the end. */
static long read_line(FILE *fp, char **line, size_t *cap)
{
	size_t used = 0;

	for (;;) {
		if (*cap - used < 2) {
			size_t want = *cap ? *cap * 2 : 512;
			char *p = realloc(*line, want);
			if (!p)
				return -1;
			*line = p;
			*cap = want;
		}
		if (!fgets(*line + used, (int)(*cap - used), fp))
			return used ? (long)used : -1;
		used += strlen(*line + used);
		if (used && (*line)[used - 1] == '\n')
			return (long)used;
	}
}

/* One line split in place (pointers into the line). */
struct mountinfo_entry {
	char *dev, *root, *dir, *opts, *fs_type, *source, *super_opts;
};

/*
 * Split one mountinfo line (newline removed) in place into *e: fields 3
 * (major:minor), 4 (root), 5 (mount point), 6 (per-mount options), then
 * after the "-": type, source, super block options.  0, or -1 when the
 * line is not one.
 */
static int split_line(char *line, struct mountinfo_entry *e)
{
	char *field[6], *save = NULL, *tok;
	int nf = 0, after_sep = 0;

	memset(e, 0, sizeof(*e));
	for (tok = strtok_r(line, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		if (nf < 6) {
			field[nf++] = tok;
		} else if (!after_sep) {
			after_sep = strcmp(tok, "-") == 0;
		} else if (!e->fs_type) {
			e->fs_type = tok;
		} else if (after_sep == 1) {
			after_sep = 2;
			e->source = tok;
		} else if (!e->super_opts) {
			e->super_opts = tok;
		}
	}
	if (nf < 6 || !e->fs_type)
		return -1;
	unescape_octal(field[3]);
	unescape_octal(field[4]);
	if (e->source)
		unescape_octal(e->source);
	e->dev = field[2];
	e->root = field[3];
	e->dir = field[4];
	e->opts = field[5];
	if (!e->source)
		e->source = "";
	if (!e->super_opts)
		e->super_opts = "";
	return 0;
}

int mountinfo_parse(FILE *fp, const char *dir, char *fs_type,
		    size_t fs_len, char *options, size_t options_len)
{
	struct mountinfo_found f;

	if (mountinfo_find(fp, dir, &f) != 0)
		return -1;
	snprintf(fs_type, fs_len, "%s", f.fs_type);
	mountinfo_merge_options(options, options_len, f.opts, f.super_opts);
	return 0;
}

/* Copy s into a fixed field; -1 when it does not fit. */
static int keep(char *dst, size_t len, const char *s)
{
	return (size_t)snprintf(dst, len, "%s", s) < len ? 0 : -1;
}

static int keep_entry(struct mountinfo_found *f, const struct mountinfo_entry *e)
{
	return keep(f->dir, sizeof(f->dir), e->dir) | keep(f->root, sizeof(f->root), e->root) |
	       keep(f->source, sizeof(f->source), e->source) |
	       keep(f->fs_type, sizeof(f->fs_type), e->fs_type) |
	       keep(f->opts, sizeof(f->opts), e->opts) |
	       keep(f->super_opts, sizeof(f->super_opts), e->super_opts) |
	       keep(f->dev, sizeof(f->dev), e->dev);
}

int mountinfo_find(FILE *fp, const char *dir, struct mountinfo_found *f)
{
	char *line = NULL;
	size_t cap = 0;
	long best_len = -1;
	struct mountinfo_entry e;

	memset(f, 0, sizeof(*f));
	(void)fseek(fp, 0L, SEEK_SET);  /* a stream that cannot seek is read once */
	while (read_line(fp, &line, &cap) >= 0) {
		line[strcspn(line, "\n")] = '\0';
		if (split_line(line, &e) != 0)
			continue;
		long len = mount_covers(e.dir, dir);
		if (len < 0 || len < best_len)
			continue;
		if (keep_entry(f, &e) == 0)
			best_len = len;
	}
	if (best_len >= 0 && fseek(fp, 0L, SEEK_SET) == 0) {
		/* other mounts of the same file system (bind mounts, namespaces' copies) */
		while (read_line(fp, &line, &cap) >= 0) {
			line[strcspn(line, "\n")] = '\0';
			if (split_line(line, &e) != 0 || strcmp(e.dev, f->dev) != 0 ||
			    strcmp(e.dir, f->dir) == 0)
				continue;
			if (f->others++ == 0)
				keep(f->other_dir, sizeof(f->other_dir), e.dir);
		}
	}
	free(line);
	return best_len < 0 ? -1 : 0;
}

/* Kernel network clients, by type name (exact, or "name." as a prefix). */
static const char *const network_types[] = {
	"nfs", "nfs4", "cifs", "smb3", "smbfs", "smb", "9p", "ceph", "afs", "kafs",
	"lustre", "gpfs", "beegfs", "orangefs", "pvfs2", "ncpfs", "coda", "glusterfs",
	"afpfs", "webdav", "davfs", "sshfs", "virtiofs", NULL
};

enum mountinfo_kind mountinfo_fs_kind(const char *fs_type)
{
	if (!fs_type || !*fs_type)
		return MOUNTINFO_LOCAL;
	if (strcmp(fs_type, "fuse") == 0 || strcmp(fs_type, "fuseblk") == 0 ||
	    strncmp(fs_type, "fuse.", 5) == 0 || strncmp(fs_type, "fusefs", 6) == 0 ||
	    strcmp(fs_type, "macfuse") == 0 || strcmp(fs_type, "osxfuse") == 0)
		return MOUNTINFO_FUSE;
	for (size_t i = 0; network_types[i]; i++)
		if (strcmp(fs_type, network_types[i]) == 0)
			return MOUNTINFO_NETWORK;
	return MOUNTINFO_LOCAL;
}
