/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * nfsfile.c: the test file through libnfs (see nfsfile.h for the scheme:
 * descriptor numbers from NFSFILE_FD_BASE naming slots, one libnfs
 * context and mount per open file, the sync API).  libnfs's own page
 * cache and read-ahead are switched off, so every read and write is a
 * round trip to the server: the client keeps nothing, and -I's cache
 * bypass is what happens anyway.
 *
 * Every libnfs call has a timeout (NFSFILE_TIMEOUT_MS), so a server that
 * stops answering ends the call with ETIMEDOUT instead of hanging the run.
 */
#include "compat.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "lib/err.h"
#include "platform/nfsfile.h"
#include "platform/nfsurl.h"
#include "platform/platform.h"

#define NFSFILE_MISSING "nfs:// needs libnfs: this iosweep was built without it " \
	"(install libnfs-dev and rebuild, or mount the share and name a path on it)"

#if defined(HAVE_LIBNFS)

#include <pthread.h>
#include <sys/time.h>   /* struct timeval, which libnfs.h uses without including */
#include <nfsc/libnfs.h>

/* How long one NFS call may take before it fails (a server that is gone). */
#define NFSFILE_TIMEOUT_MS 120000

#if !defined(IOSWEEP_LIBNFS_VERSION)
#define IOSWEEP_LIBNFS_VERSION "unknown"
#define IOSWEEP_LIBNFS_MAJOR 0
#endif

struct nfs_slot {
	struct nfs_context *ctx;
	struct nfsfh *fh;
	char *url;              /* for messages */
	uint64_t pos;
	FILE *stream;           /* nfsfile_fdopen's stream over this file, or NULL */
	int used;
};

static struct nfs_slot slots[NFSFILE_SLOTS];
static pthread_mutex_t slots_lock = PTHREAD_MUTEX_INITIALIZER;

/*
 * Contexts that still had requests queued when they were let go (see
 * ctx_free), kept reachable until the process ends.
 */
#define NFSFILE_PARKED 64
static struct nfs_context *parked[NFSFILE_PARKED];
static unsigned nparked;

/*
 * Let a context go.  When the connection fails under a sync call, libnfs
 * 4.0 leaves the call's request queued and returns (wait_for_nfs_reply
 * breaks out on nfs_service's error); nfs_destroy_context then runs that
 * request's callback with the finished call's stack frame as its data,
 * and pwrite_cb reads a string pointer from there: a sweep whose
 * nfs-ganesha was killed crashed so, once in 13 tries here.  A context
 * with requests in flight is therefore never destroyed: its socket is
 * closed and it stays (a few kB, reachable) until the process ends.
 */
static void ctx_free(struct nfs_context *ctx)
{
	int fd;

	if (nfs_queue_length(ctx) == 0) {
		nfs_destroy_context(ctx);
		return;
	}
	fd = nfs_get_fd(ctx);
	if (fd >= 0)
		close(fd);
	pthread_mutex_lock(&slots_lock);
	if (nparked < NFSFILE_PARKED)
		parked[nparked++] = ctx;
	pthread_mutex_unlock(&slots_lock);
}

int nfsfile_available(char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	return 1;
}

/* libnfs returns -errno; some paths return -1 with only a message. */
static int nfs_errno(int rc)
{
	return rc < -1 ? -rc : EIO;
}

static int nfail(char *err, size_t errlen, const char *call, const char *url,
		 struct nfs_context *ctx, int rc)
{
	const char *why = ctx ? nfs_get_error(ctx) : NULL;

	errno = nfs_errno(rc);
	if (!why || !*why)
		why = strerror(errno);
	err_set(err, errlen, "cannot %s '%s': %s", call, url, why);
	errno = nfs_errno(rc);
	return -1;
}

/*
 * A context mounted on the URL's directory (dir_url: the URL is a
 * directory), or NULL with err set.  *u is the parsed URL.
 */
static struct nfs_context *mount_url(const char *url, int dir_url,
				     struct nfsurl *u, char *err, size_t errlen)
{
	struct nfs_context *ctx;
	char mnt[NFSURL_PATH_MAX + NFSURL_NAME_MAX + 2];
	int rc;

	if ((dir_url ? nfsurl_parse_dir(url, u, err, errlen) :
	     nfsurl_parse(url, u, err, errlen)) != 0) {
		errno = EINVAL;
		return NULL;
	}
	ctx = nfs_init_context();
	if (!ctx) {
		errno = ENOMEM;
		err_set(err, errlen, "cannot reach '%s': out of memory for an NFS "
			"context", url);
		return NULL;
	}
	nfs_set_timeout(ctx, NFSFILE_TIMEOUT_MS);
	/* a server that went away is an error now, not a reconnect loop:
	 * every open mounts afresh, so nothing is lost between passes */
	nfs_set_autoreconnect(ctx, 0);
	nfs_set_pagecache(ctx, 0);
	nfs_set_readahead(ctx, 0);
	if (nfs_set_version(ctx, u->version) != 0) {
		nfail(err, errlen, "use NFS version 4 for", url, ctx, -EINVAL);
		goto bad;
	}
	snprintf(mnt, sizeof(mnt), "%s", u->dir);
	rc = nfs_mount(ctx, u->host, mnt);
	if (rc != 0) {
		nfail(err, errlen, "mount", url, ctx, rc);
		goto bad;
	}
	return ctx;
bad:
	ctx_free(ctx);
	return NULL;
}

static int slot_take(struct nfs_context *ctx, struct nfsfh *fh, const char *url)
{
	char *copy = strdup(url);
	int fd = -1;

	if (!copy)
		return -1;
	pthread_mutex_lock(&slots_lock);
	for (int i = 0; i < NFSFILE_SLOTS; i++) {
		if (!slots[i].used) {
			slots[i].used = 1;
			slots[i].url = copy;
			copy = NULL;
			slots[i].ctx = ctx;
			slots[i].fh = fh;
			slots[i].pos = 0;
			slots[i].stream = NULL;
			fd = NFSFILE_FD_BASE + i;
			break;
		}
	}
	pthread_mutex_unlock(&slots_lock);
	free(copy);
	return fd;
}

static struct nfs_slot *slot_of(int fd)
{
	unsigned i = (unsigned)(fd - NFSFILE_FD_BASE);

	if (fd < NFSFILE_FD_BASE || i >= NFSFILE_SLOTS || !slots[i].used) {
		errno = EBADF;
		return NULL;
	}
	return &slots[i];
}

static void slot_release(struct nfs_slot *s)
{
	pthread_mutex_lock(&slots_lock);
	free(s->url);
	s->url = NULL;
	s->ctx = NULL;
	s->fh = NULL;
	s->stream = NULL;
	s->used = 0;
	pthread_mutex_unlock(&slots_lock);
}

/* The file name inside the mount: "/" + name. */
static void in_mount(const struct nfsurl *u, char *out, size_t outlen)
{
	snprintf(out, outlen, "/%s", u->name);
}

static int bad_fd(char *err, size_t errlen, const char *call)
{
	return err_set(err, errlen, "cannot %s an NFS file: not open (internal error)",
		       call);
}

int nfsfile_check_url(const char *url, char *err, size_t errlen)
{
	struct nfsurl u;

	if (nfsurl_parse(url, &u, err, errlen) != 0)
		return -1;
	/*
	 * libnfs 4 encodes every NFSv4 COMPOUND into a 4 kB buffer, so a
	 * WRITE of more than about 4 kB fails ("Failed to encode
	 * COMPOUND4args"); libnfs 5.0 sizes the buffer for the data.
	 */
	if (u.version == 4 && IOSWEEP_LIBNFS_MAJOR < 5)
		return err_set(err, errlen, "'%s': libnfs %s cannot write more than "
			"about 4 kB in one NFSv4 WRITE (fixed in libnfs 5.0); use NFSv3 "
			"(leave out ?version=4)", url, IOSWEEP_LIBNFS_VERSION);
	return 0;
}

int nfsfile_create(const char *url, int overwrite, char *err, size_t errlen)
{
	struct nfsurl u;
	struct nfs_context *ctx = mount_url(url, 0, &u, err, errlen);
	struct nfs_stat_64 st;
	struct nfsfh *fh = NULL;
	char name[NFSURL_NAME_MAX + 2];
	int rc;

	if (!ctx)
		return -1;
	in_mount(&u, name, sizeof(name));
	rc = nfs_stat64(ctx, name, &st);
	if (rc == 0) {
		if (!overwrite) {
			err_set(err, errlen, "'%s' exists already; remove it, choose "
				"another -f, or use --overwrite", url);
			goto fail;
		}
		if ((st.nfs_mode & S_IFMT) != S_IFREG) {
			err_set(err, errlen, "'%s' is not a regular file; -f must name a "
				"file iosweep may create and remove", url);
			goto fail;
		}
		rc = nfs_open2(ctx, name, O_WRONLY | (overwrite == IO_CREATE_KEEP ? 0 :
						       O_TRUNC), 0, &fh);
	} else {
		rc = nfs_open2(ctx, name, O_WRONLY | O_CREAT | O_EXCL, 0666, &fh);
	}
	if (rc != 0) {
		nfail(err, errlen, "create", url, ctx, rc);
		goto fail;
	}
	rc = nfs_close(ctx, fh);
	if (rc != 0) {
		nfail(err, errlen, "close", url, ctx, rc);
		goto fail;
	}
	ctx_free(ctx);
	return 0;
fail:
	ctx_free(ctx);
	return -1;
}

int nfsfile_open(const char *url, int flags, char *err, size_t errlen)
{
	struct nfsurl u;
	struct nfs_context *ctx = mount_url(url, 0, &u, err, errlen);
	struct nfsfh *fh = NULL;
	char name[NFSURL_NAME_MAX + 2];
	struct nfs_stat_64 st;
	int rc, fd;
	int keep = flags & (O_ACCMODE | O_TRUNC | O_SYNC);

	if (!ctx)
		return -1;
	in_mount(&u, name, sizeof(name));
	rc = nfs_stat64(ctx, name, &st);
	if (rc == 0 && (st.nfs_mode & S_IFMT) != S_IFREG) {
		err_set(err, errlen, "'%s' is not a regular file", url);
		goto fail;
	}
	if (rc == 0)
		rc = nfs_open2(ctx, name, keep, 0, &fh);
	if (rc != 0) {
		nfail(err, errlen, "open", url, ctx, rc);
		goto fail;
	}
	fd = slot_take(ctx, fh, url);
	if (fd < 0) {
		nfs_close(ctx, fh);
		err_set(err, errlen, "cannot open '%s': more than %d NFS files open "
			"(or out of memory)", url, NFSFILE_SLOTS);
		errno = EMFILE;
		goto fail;
	}
	return fd;
fail:
	ctx_free(ctx);
	return -1;
}

int nfsfile_close(int fd, char *err, size_t errlen)
{
	struct nfs_slot *s = slot_of(fd);
	int rc;

	if (!s)
		return bad_fd(err, errlen, "close");
	rc = nfs_close(s->ctx, s->fh);
	if (rc != 0)
		nfail(err, errlen, "close", s->url, s->ctx, rc);
	ctx_free(s->ctx);
	slot_release(s);
	return rc != 0 ? -1 : 0;
}

void nfsfile_abandon(int fd)
{
	struct nfs_slot *s = slot_of(fd);

	if (!s)
		return;
	/* no CLOSE or COMMIT: after a failure the server may be gone, and a
	 * call would wait for its timeout; the context's socket is closed */
	ctx_free(s->ctx);
	slot_release(s);
}

int nfsfile_fsync(int fd, char *err, size_t errlen)
{
	struct nfs_slot *s = slot_of(fd);
	int rc;

	if (!s)
		return bad_fd(err, errlen, "fsync");
	rc = nfs_fsync(s->ctx, s->fh);	/* an NFS COMMIT */
	return rc != 0 ? nfail(err, errlen, "fsync (NFS COMMIT)", s->url,
			       s->ctx, rc) : 0;
}

int nfsfile_truncate(int fd, uint64_t size, char *err, size_t errlen)
{
	struct nfs_slot *s = slot_of(fd);
	int rc;

	if (!s)
		return bad_fd(err, errlen, "truncate");
	rc = nfs_ftruncate(s->ctx, s->fh, size);
	return rc != 0 ? nfail(err, errlen, "truncate", s->url, s->ctx,
			       rc) : 0;
}

int nfsfile_seek(int fd, int64_t off, int whence, char *err, size_t errlen)
{
	struct nfs_slot *s = slot_of(fd);
	int64_t base;

	if (!s)
		return bad_fd(err, errlen, "seek in");
	/* the position is ours (every transfer names its offset), so a seek
	 * costs no round trip, as lseek costs no disk access */
	if (whence == SEEK_SET) {
		base = 0;
	} else if (whence == SEEK_CUR) {
		base = (int64_t)s->pos;
	} else {
		struct nfs_stat_64 st;
		int rc = nfs_fstat64(s->ctx, s->fh, &st);
		if (rc != 0)
			return nfail(err, errlen, "seek in", s->url, s->ctx, rc);
		base = (int64_t)st.nfs_size;
	}
	if (base + off < 0) {
		errno = EINVAL;
		return err_set(err, errlen, "cannot seek in '%s': %s", s->url,
			       strerror(EINVAL));
	}
	s->pos = (uint64_t)(base + off);
	return 0;
}

int nfsfile_xfer(int fd, void *buf, size_t len, int64_t pos, int is_write,
		 const char *call, char *err, size_t errlen)
{
	struct nfs_slot *s = slot_of(fd);
	unsigned char *p = buf;
	uint64_t at;

	if (!s)
		return bad_fd(err, errlen, call);
	at = pos < 0 ? s->pos : (uint64_t)pos;
	while (len > 0) {
		/* libnfs splits a call larger than the server's maximum itself */
		int n = is_write ? nfs_pwrite(s->ctx, s->fh, at, len, p)
				 : nfs_pread(s->ctx, s->fh, at, len, p);
		if (n < 0)
			return nfail(err, errlen, call, s->url, s->ctx, n);
		if (n == 0) {
			if (is_write) {
				errno = ENOSPC;
				return err_set(err, errlen, "cannot %s '%s': %s", call,
					       s->url, strerror(ENOSPC));
			}
			err_set(err, errlen, "cannot %s '%s': unexpected end of file "
				"(%zu bytes short)", call, s->url, len);
			return IO_EOF;
		}
		p += n;
		at += (uint64_t)n;
		len -= (size_t)n;
	}
	if (pos < 0)
		s->pos = at;
	return 0;
}

/*
 * Tests 6 and 7 (fwrite, fread): a stdio stream whose reads, writes and
 * seeks are the calls above at the file position (glibc's fopencookie;
 * elsewhere the stream cannot be made).
 */
#if defined(__GLIBC__) && defined(_GNU_SOURCE)
static ssize_t cookie_read(void *cookie, char *buf, size_t len)
{
	struct nfs_slot *s = cookie;
	/* one READ; a short count at the end of the file is stdio's EOF */
	int n = nfs_pread(s->ctx, s->fh, s->pos, len, buf);

	if (n < 0) {
		errno = nfs_errno(n);
		return -1;
	}
	s->pos += (uint64_t)n;
	return n;
}

static ssize_t cookie_write(void *cookie, const char *buf, size_t len)
{
	struct nfs_slot *s = cookie;
	char err[16];

	if (nfsfile_xfer(NFSFILE_FD_BASE + (int)(s - slots), (void *)(uintptr_t)buf,
			 len, -1, 1, "write", err, sizeof(err)) != 0)
		return -1;
	return (ssize_t)len;
}

static int cookie_seek(void *cookie, off64_t *off, int whence)
{
	struct nfs_slot *s = cookie;
	char err[16];

	if (nfsfile_seek(NFSFILE_FD_BASE + (int)(s - slots), *off, whence, err,
			 sizeof(err)) != 0)
		return -1;
	*off = (off64_t)s->pos;
	return 0;
}

static int cookie_close(void *cookie)
{
	struct nfs_slot *s = cookie;
	char err[16];

	return nfsfile_close(NFSFILE_FD_BASE + (int)(s - slots), err, sizeof(err));
}

FILE *nfsfile_fdopen(int fd, const char *how)
{
	static const cookie_io_functions_t io = {
		.read = cookie_read, .write = cookie_write, .seek = cookie_seek,
		.close = cookie_close,
	};
	struct nfs_slot *s = slot_of(fd);
	FILE *fp;

	if (!s)
		return NULL;
	fp = fopencookie(s, how, io);
	pthread_mutex_lock(&slots_lock);
	s->stream = fp;
	pthread_mutex_unlock(&slots_lock);
	return fp;
}
#else
FILE *nfsfile_fdopen(int fd, const char *how)
{
	(void)fd;
	(void)how;
	errno = ENOTSUP;
	return NULL;
}
#endif

int nfsfile_stream_fsync(const FILE *fp, char *err, size_t errlen)
{
	int fd = -1;

	pthread_mutex_lock(&slots_lock);
	for (int i = 0; i < NFSFILE_SLOTS && fd < 0; i++)
		if (slots[i].used && slots[i].stream == fp)
			fd = NFSFILE_FD_BASE + i;
	pthread_mutex_unlock(&slots_lock);
	if (fd >= 0)
		return nfsfile_fsync(fd, err, errlen);
	errno = EBADF;
	return err_set(err, errlen, "cannot fsync a stream that is not a file's");
}

int nfsfile_check_dir(const char *url_dir, uint64_t *free_bytes,
		      char *err, size_t errlen)
{
	struct nfsurl u;
	struct nfs_context *ctx = mount_url(url_dir, 1, &u, err, errlen);
	struct nfs_statvfs_64 vfs;
	int rc;

	if (!ctx)
		return -1;
	rc = nfs_statvfs64(ctx, "/", &vfs);
	if (rc != 0) {
		nfail(err, errlen, "statvfs", url_dir, ctx, rc);
		ctx_free(ctx);
		return -1;
	}
	*free_bytes = (uint64_t)vfs.f_bavail * (uint64_t)(vfs.f_frsize ? vfs.f_frsize :
							   vfs.f_bsize);
	ctx_free(ctx);
	return 0;
}

enum plat_kind nfsfile_stat(const char *url, uint64_t *size)
{
	struct nfsurl u;
	char err[256], name[NFSURL_NAME_MAX + 2];
	struct nfs_context *ctx = mount_url(url, 0, &u, err, sizeof(err));
	struct nfs_stat_64 st;
	enum plat_kind kind = PLAT_NONE;
	int rc;

	if (!ctx)
		return PLAT_NONE;
	in_mount(&u, name, sizeof(name));
	rc = nfs_lstat64(ctx, name, &st);
	if (rc != 0) {
		errno = nfs_errno(rc);
	} else {
		switch (st.nfs_mode & S_IFMT) {
		case S_IFREG: kind = PLAT_FILE; break;
		case S_IFDIR: kind = PLAT_DIR; break;
		case S_IFLNK: kind = PLAT_LINK; break;
		default: kind = PLAT_OTHER; break;
		}
		if (size)
			*size = st.nfs_size;
	}
	ctx_free(ctx);
	if (kind == PLAT_NONE && rc != 0)
		errno = nfs_errno(rc);
	return kind;
}

int nfsfile_remove(const char *url)
{
	struct nfsurl u;
	char err[256], name[NFSURL_NAME_MAX + 2];
	struct nfs_context *ctx = mount_url(url, 0, &u, err, sizeof(err));
	int rc;

	if (!ctx)
		return -1;
	in_mount(&u, name, sizeof(name));
	rc = nfs_unlink(ctx, name);
	ctx_free(ctx);
	if (rc != 0) {
		errno = nfs_errno(rc);
		return -1;
	}
	return 0;
}

int nfsfile_fs_info(const char *url, char *fs_type, size_t fs_len,
		    char *options, size_t options_len)
{
	struct nfsurl u;
	char err[256];

	if (nfsurl_parse(url, &u, err, sizeof(err)) != 0)
		return -1;
	snprintf(fs_type, fs_len, "nfs%d", u.version);
	snprintf(options, options_len, "libnfs %s, server %s, export %s, no client "
		 "cache", IOSWEEP_LIBNFS_VERSION, u.host, u.dir);
	return 0;
}

#else /* !HAVE_LIBNFS */

int nfsfile_available(char *err, size_t errlen)
{
	err_set(err, errlen, NFSFILE_MISSING);
	return 0;
}

static int missing(char *err, size_t errlen)
{
	errno = ENOSYS;
	return err_set(err, errlen, NFSFILE_MISSING);
}

int nfsfile_check_url(const char *url, char *err, size_t errlen)
{
	struct nfsurl u;

	if (nfsurl_parse(url, &u, err, errlen) != 0)
		return -1;
	return missing(err, errlen);
}

int nfsfile_create(const char *url, int overwrite, char *err, size_t errlen)
{
	(void)url; (void)overwrite;
	return missing(err, errlen);
}

int nfsfile_open(const char *url, int flags, char *err, size_t errlen)
{
	(void)url; (void)flags;
	return missing(err, errlen);
}

int nfsfile_close(int fd, char *err, size_t errlen)
{
	(void)fd;
	return missing(err, errlen);
}

void nfsfile_abandon(int fd)
{
	(void)fd;
}

int nfsfile_fsync(int fd, char *err, size_t errlen)
{
	(void)fd;
	return missing(err, errlen);
}

int nfsfile_truncate(int fd, uint64_t size, char *err, size_t errlen)
{
	(void)fd; (void)size;
	return missing(err, errlen);
}

int nfsfile_seek(int fd, int64_t off, int whence, char *err, size_t errlen)
{
	(void)fd; (void)off; (void)whence;
	return missing(err, errlen);
}

int nfsfile_xfer(int fd, void *buf, size_t len, int64_t pos, int is_write,
		 const char *call, char *err, size_t errlen)
{
	(void)fd; (void)buf; (void)len; (void)pos; (void)is_write; (void)call;
	return missing(err, errlen);
}

FILE *nfsfile_fdopen(int fd, const char *how)
{
	(void)fd; (void)how;
	errno = ENOSYS;
	return NULL;
}

int nfsfile_stream_fsync(const FILE *fp, char *err, size_t errlen)
{
	(void)fp;
	return missing(err, errlen);
}

int nfsfile_check_dir(const char *url_dir, uint64_t *free_bytes,
		      char *err, size_t errlen)
{
	(void)url_dir; (void)free_bytes;
	return missing(err, errlen);
}

enum plat_kind nfsfile_stat(const char *url, uint64_t *size)
{
	(void)url; (void)size;
	errno = ENOSYS;
	return PLAT_NONE;
}

int nfsfile_remove(const char *url)
{
	(void)url;
	errno = ENOSYS;
	return -1;
}

int nfsfile_fs_info(const char *url, char *fs_type, size_t fs_len,
		    char *options, size_t options_len)
{
	(void)url; (void)fs_type; (void)fs_len; (void)options; (void)options_len;
	return -1;
}

#endif

/* ---- the platform's two words for the layers above (platform.h) ---------- */

int io_is_remote(const char *path)
{
	return nfsurl_is(path);
}

int io_check_name(const char *path, char *err, size_t errlen)
{
	return nfsurl_is(path) ? nfsfile_check_url(path, err, errlen) : 0;
}

int io_remote_fs_info(const char *url, char *fs_type, size_t fs_len,
		      char *options, size_t options_len)
{
	return nfsfile_fs_info(url, fs_type, fs_len, options, options_len);
}

FILE *io_fdopen(int fd, const char *how)
{
	return nfsfile_fd_is(fd) ? nfsfile_fdopen(fd, how) : fdopen(fd, how);
}

int io_stream_fsync(FILE *fp, const char *path, char *err, size_t errlen)
{
	int fd = fileno(fp);

	return fd >= 0 ? io_fsync(fd, path, err, errlen) :
		nfsfile_stream_fsync(fp, err, errlen);
}
