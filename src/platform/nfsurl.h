/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * nfsurl.h: the test file named as an NFS URL, nfs://HOST/DIR/NAME
 * with an optional ?version=3 or ?version=4.  The directory part is what
 * the client mounts (an export, or a directory under one that the server
 * lets a client mount), NAME the file in it; the file is then opened
 * through libnfs (nfsfile.h), never through a kernel mount.
 *
 * This parser is pure (no libnfs, no I/O), so the command line can refuse
 * a bad URL before anything runs, and a fuzz target can drive it.  It
 * accepts a deliberately small language: a host name or IPv4 address (no
 * port, no IPv6 in brackets: libnfs 4's URLs have neither), a path of plain segments
 * without "%" escapes (only iosweep-mpi's %r, %h, %n and %% pass, for
 * the per-client names it fills in before opening), "." or ".." or empty
 * segments.  Everything else is
 * refused with one line that says what is wrong.
 */
#ifndef IOSWEEP_NFSURL_H
#define IOSWEEP_NFSURL_H

#include <stddef.h>

#define NFSURL_HOST_MAX 256
#define NFSURL_PATH_MAX 1024
#define NFSURL_NAME_MAX 256

struct nfsurl {
	char host[NFSURL_HOST_MAX];   /* "127.0.0.1", "nas.local" */
	char dir[NFSURL_PATH_MAX];    /* the directory mounted: "/export/sub", "/" */
	char name[NFSURL_NAME_MAX];   /* the file in it */
	int version;                  /* 3 or 4; 3 when the URL does not say */
};

/* 1 when path is meant as an NFS URL (it starts with "nfs://", any case). */
int nfsurl_is(const char *path);

/*
 * Parse url into *u.  0, or -1 with "bad NFS URL 'url': why" in err
 * (u is then undefined).
 */
int nfsurl_parse(const char *url, struct nfsurl *u, char *err, size_t errlen);

/*
 * The same for a directory URL (io_dir_of's result): the whole path is
 * u->dir, u->name is empty; "nfs://host/" is the server's root.
 */
int nfsurl_parse_dir(const char *url, struct nfsurl *u, char *err, size_t errlen);

/*
 * The directory of a file URL as a URL, the query kept:
 * "nfs://h/e/f?version=4" -> "nfs://h/e?version=4", "nfs://h/f" -> "nfs://h/".
 */
void nfsurl_dir_of(const char *url, char *out, size_t outlen);

#endif
