/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * nfsfile.h: the test file on an NFS server, reached through libnfs
 * (user space: no kernel mount, no client page cache) instead of the
 * operating system.  The platform's io_* and plat_* calls hand a path
 * that nfsurl_is() and a descriptor that nfsfile_fd_is() accepts to the
 * functions here, so the tests, the runner and throughput mode work on
 * it unchanged; nothing above the platform layer includes this header.
 *
 * An open NFS file is a descriptor number from NFSFILE_FD_BASE up, far
 * above any the kernel hands out, naming a slot that holds its own libnfs
 * context (one mount per open file, so threads never share a context),
 * its file handle and its position.  The sync API of libnfs is used: one
 * call, one round trip (or a few for a record larger than the server's
 * maximum transfer), timed like a system call.  Writes are UNSTABLE as a
 * kernel client's are; fsync is an NFS COMMIT; O_SYNC makes every WRITE
 * FILE_SYNC.
 *
 * Built without libnfs (make LIBNFS=0, or no libnfs found), every call
 * fails with "nfs:// needs libnfs: this iosweep was built without it".
 * All functions return 0 or -1 with the failing call, the URL and the
 * reason in err, like the rest of the platform layer.
 */
#ifndef IOSWEEP_NFSFILE_H
#define IOSWEEP_NFSFILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "platform/nfsurl.h"
#include "platform/platform.h"

/* Descriptors of NFS files: base + slot, never below base. */
#define NFSFILE_FD_BASE 0x40000000
#define NFSFILE_SLOTS 1024

static inline int nfsfile_fd_is(int fd)
{
	return fd >= NFSFILE_FD_BASE;
}

/* 1 when this build has libnfs; else 0 with the refusal in err. */
int nfsfile_available(char *err, size_t errlen);

/*
 * Before a run: url is a well-formed NFS URL (nfsurl.h) this build can
 * use (libnfs present; NFSv4 only with a libnfs that can write it).
 * 0 or -1 with the reason.
 */
int nfsfile_check_url(const char *url, char *err, size_t errlen);

/* io_create() for an NFS URL: the same overwrite rules (IO_CREATE_*). */
int nfsfile_create(const char *url, int overwrite, char *err, size_t errlen);

/*
 * Open an existing file: flags O_RDONLY/O_WRONLY/O_RDWR, O_TRUNC, O_SYNC
 * (the others are ignored).  A descriptor (nfsfile_fd_is) or -1.
 */
int nfsfile_open(const char *url, int flags, char *err, size_t errlen);

int nfsfile_close(int fd, char *err, size_t errlen);
/* Forget an open file after a failure: no call to the server, no message. */
void nfsfile_abandon(int fd);
int nfsfile_fsync(int fd, char *err, size_t errlen);
int nfsfile_truncate(int fd, uint64_t size, char *err, size_t errlen);
int nfsfile_seek(int fd, int64_t off, int whence, char *err, size_t errlen);

/*
 * Move exactly len bytes at pos (pos < 0: at the file position, which
 * moves on).  0, IO_EOF for a read that meets the end early, or -1 with
 * errno set (ENOSPC for a write that makes no progress).
 */
int nfsfile_xfer(int fd, void *buf, size_t len, int64_t pos, int is_write,
		 const char *call, char *err, size_t errlen);

/*
 * A stdio stream over an open NFS file (tests 6 and 7), closing the file
 * when it is closed; NULL with errno (ENOTSUP without glibc's
 * fopencookie).  nfsfile_stream_fsync() is fsync for such a stream.
 */
FILE *nfsfile_fdopen(int fd, const char *how);
int nfsfile_stream_fsync(const FILE *fp, char *err, size_t errlen);

/* io_check_dir() for the directory part of an NFS URL (free space: statvfs). */
int nfsfile_check_dir(const char *url_dir, uint64_t *free_bytes,
		      char *err, size_t errlen);

/* plat_stat() and plat_remove() for an NFS URL (errno set on failure). */
enum plat_kind nfsfile_stat(const char *url, uint64_t *size);
int nfsfile_remove(const char *url);

/*
 * The meta's file system words: fs_type "nfs3" or "nfs4", options
 * "libnfs VERSION, server HOST, no client cache".  0 or -1.
 */
int nfsfile_fs_info(const char *url, char *fs_type, size_t fs_len,
		    char *options, size_t options_len);

#endif
