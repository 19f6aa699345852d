/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * platform_posix.c: the test file on POSIX systems (the io_* half of
 * platform.h): system calls with EINTR retries, short-transfer handling
 * and messages that name the call and the path.  The differences between
 * POSIX systems (O_DIRECT or F_NOCACHE, O_DSYNC, O_RSYNC, posix_fadvise,
 * preadv) are tested as HAVE_* capabilities from platform_posix.h.
 */
#include "platform/posix/platform_posix.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/uio.h>

#include "platform/nfsfile.h"
#include "platform/nfsurl.h"
#include "platform/platform.h"
#include "lib/err.h"

/* The errno O_NOFOLLOW gives for a link: ELOOP (Linux), EMLINK (FreeBSD), EFTYPE (NetBSD). */
#if defined(EFTYPE)
#define EFTYPE_OR_ZERO EFTYPE
#else
#define EFTYPE_OR_ZERO ELOOP
#endif

static int fail(char *err, size_t errlen, const char *call, const char *path,
		int e)
{
	err_set(err, errlen, "cannot %s '%s': %s", call, path, strerror(e));
	errno = e;
	return -1;
}

int io_mode_flags(const struct io_mode *mode, int *flags,
		  char *err, size_t errlen)
{
	int f = 0;

	(void)err;
	(void)errlen;
	if (mode->direct) {
#if defined(HAVE_O_DIRECT)
		f |= O_DIRECT;
#elif !defined(HAVE_F_NOCACHE)
		return err_set(err, errlen, "-I: direct I/O is not available on this platform");
#endif
	}
	if (mode->osync)
		f |= O_SYNC;
	if (mode->odsync) {
#if defined(HAVE_O_DSYNC)
		f |= O_DSYNC;
#else
		return err_set(err, errlen, "-+D: O_DSYNC is not available on this platform");
#endif
	}
	if (mode->orsync) {
#if defined(HAVE_O_RSYNC)
		f |= O_RSYNC | O_SYNC;
#else
		return err_set(err, errlen, "-+r: O_RSYNC is not available on this platform");
#endif
	}
	*flags = f;
	return 0;
}

static int check_regular(int fd, const char *path, char *err, size_t errlen)
{
	struct stat st;

	if (fstat(fd, &st) != 0)
		return fail(err, errlen, "stat", path, errno);
	if (!S_ISREG(st.st_mode))
		return err_set(err, errlen, "'%s' is not a regular file; -f must name a "
			"file iosweep may create and remove", path);
	return 0;
}

static int open_retry(const char *path, int flags, mode_t perm)
{
	int fd;

	do
		fd = open(path, flags | O_NOFOLLOW, perm);
	while (fd < 0 && errno == EINTR);
	return fd;
}

static int symlink_refusal(const char *path, int e, char *err, size_t errlen)
{
	struct stat st;

	if ((e == ELOOP || e == EMLINK || e == EFTYPE_OR_ZERO) &&
	    lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
		return err_set(err, errlen, "'%s' is a symbolic link; iosweep does not "
			"follow links to its test file", path);
	return 0;
}

int io_create(const char *path, int overwrite, char *err, size_t errlen)
{
	int fd, e;

	if (nfsurl_is(path))
		return nfsfile_create(path, overwrite, err, errlen);
	fd = open_retry(path, O_WRONLY | O_CREAT | O_EXCL, 0666);
	e = errno;
	if (fd < 0 && e == EEXIST) {
		struct stat st;
		if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
			return err_set(err, errlen, "'%s' is a symbolic link; iosweep does "
				"not follow links to its test file", path);
		if (!overwrite) {
			return err_set(err, errlen, "'%s' exists already; remove it, choose "
				"another -f, or use --overwrite", path);
		}
		/*
		 * Refuse a FIFO or a device before opening it: opening a FIFO
		 * blocks until a reader comes.  O_NONBLOCK covers a swap after
		 * the lstat; check_regular below still has the last word.
		 */
		if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode))
			return err_set(err, errlen, "'%s' is not a regular file; -f must name a "
				"file iosweep may create and remove", path);
		fd = open_retry(path, O_WRONLY | O_NONBLOCK, 0);
		e = errno;
		if (fd >= 0 && check_regular(fd, path, err, errlen) != 0) {
			close(fd);
			return -1;
		}
		if (fd >= 0 && overwrite != IO_CREATE_KEEP && ftruncate(fd, 0) != 0) {
			e = errno;
			close(fd);
			return fail(err, errlen, "truncate", path, e);
		}
	}
	if (fd < 0) {
		if (symlink_refusal(path, e, err, errlen))
			return -1;
		return fail(err, errlen, "create", path, e);
	}
	if (close(fd) != 0 && errno != EINTR)
		return fail(err, errlen, "close", path, errno);
	return 0;
}

int io_open(const char *path, int flags, const struct io_mode *mode,
	    char *err, size_t errlen)
{
	int fd;

	/* -I on an NFS URL: there is no client cache to bypass (nfsfile.h) */
	if (nfsurl_is(path))
		return nfsfile_open(path, flags, err, errlen);
	fd = open_retry(path, flags, 0);
	if (fd < 0) {
		int e = errno;
		if (symlink_refusal(path, e, err, errlen))
			return -1;
		if (e == EINVAL && mode && mode->direct)
			return err_set(err, errlen, "cannot open '%s': %s (-I: the file "
				"system does not support direct I/O)", path,
				strerror(e));
		return fail(err, errlen, "open", path, e);
	}
	if (check_regular(fd, path, err, errlen) != 0)
		goto bad;
#if !defined(HAVE_O_DIRECT) && defined(HAVE_F_NOCACHE)
	if (mode && mode->direct && fcntl(fd, F_NOCACHE, 1) == -1) {
		fail(err, errlen, "set F_NOCACHE on", path, errno);
		goto bad;
	}
#else
	(void)mode;
#endif
	return fd;
bad:
	close(fd);
	return -1;
}

int io_close(int fd, const char *path, char *err, size_t errlen)
{
	if (nfsfile_fd_is(fd))
		return nfsfile_close(fd, err, errlen);
	/* POSIX leaves the descriptor state unspecified after EINTR: do not retry. */
	if (close(fd) != 0 && errno != EINTR)
		return fail(err, errlen, "close", path, errno);
	return 0;
}

int io_fsync(int fd, const char *path, char *err, size_t errlen)
{
	int rc;

	if (nfsfile_fd_is(fd))
		return nfsfile_fsync(fd, err, errlen);
	do
		rc = fsync(fd);
	while (rc != 0 && errno == EINTR);
	if (rc != 0)
		return fail(err, errlen, "fsync", path, errno);
	return 0;
}

int io_truncate(int fd, uint64_t size, const char *path, char *err, size_t errlen)
{
	int rc;

	if (nfsfile_fd_is(fd))
		return nfsfile_truncate(fd, size, err, errlen);
	do
		rc = ftruncate(fd, (off_t)size);
	while (rc != 0 && errno == EINTR);
	if (rc != 0)
		return fail(err, errlen, "truncate", path, errno);
	return 0;
}

int io_seek(int fd, int64_t off, int whence, const char *path,
	    char *err, size_t errlen)
{
	if (nfsfile_fd_is(fd))
		return nfsfile_seek(fd, off, whence, err, errlen);
	if (lseek(fd, (off_t)off, whence) == (off_t)-1)
		return fail(err, errlen, "seek in", path, errno);
	return 0;
}

int io_lock(int fd, int how, uint64_t off, uint64_t len, const char *path,
	    char *err, size_t errlen)
{
	struct flock fl;
	int rc;

	memset(&fl, 0, sizeof(fl));
	fl.l_type = how == IO_LOCK_WRITE ? F_WRLCK : how == IO_LOCK_READ ?
		F_RDLCK : F_UNLCK;
	fl.l_whence = SEEK_SET;
	fl.l_start = (off_t)off;
	fl.l_len = (off_t)len;
	/*
	 * Open-file-description locks where there are (Linux): a lock per
	 * descriptor, so -T's threads, each with its own, exclude each other
	 * as processes do, and one thread's close drops only its own locks.
	 */
#ifdef F_OFD_SETLKW
	do
		rc = fcntl(fd, F_OFD_SETLKW, &fl);
	while (rc != 0 && errno == EINTR);
	if (rc == 0 || errno != EINVAL)
		goto done;
#endif
	do
		rc = fcntl(fd, F_SETLKW, &fl);
	while (rc != 0 && errno == EINTR);
#ifdef F_OFD_SETLKW
done:
#endif
	if (rc != 0)
		return fail(err, errlen, how == IO_UNLOCK ? "unlock" : "lock",
			    path, errno);
	return 0;
}

/*
 * One loop for the four plain transfers: pos < 0 means the file position
 * (write/read), otherwise an offset (pwrite/pread).
 */
static int full_xfer(int fd, void *buf, size_t len, int64_t pos, int is_write,
		     const char *call, const char *path, char *err, size_t errlen)
{
	unsigned char *p = buf;

	if (nfsfile_fd_is(fd))
		return nfsfile_xfer(fd, buf, len, pos, is_write, call, err, errlen);
	while (len > 0) {
		ssize_t n;
		if (is_write)
			n = pos < 0 ? write(fd, p, len) : pwrite(fd, p, len, (off_t)pos);
		else
			n = pos < 0 ? read(fd, p, len) : pread(fd, p, len, (off_t)pos);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return fail(err, errlen, call, path, errno);
		}
		if (n == 0) {
			if (is_write)
				return fail(err, errlen, call, path, ENOSPC);
			err_set(err, errlen, "cannot %s '%s': unexpected end of file "
				"(%zu bytes short)", call, path, len);
			return IO_EOF;
		}
		p += n;
		len -= (size_t)n;
		if (pos >= 0)
			pos += n;
	}
	return 0;
}

int io_full_write(int fd, const void *buf, size_t len, const char *path,
		  char *err, size_t errlen)
{
	ssize_t n;

	if (nfsfile_fd_is(fd))
		return full_xfer(fd, (void *)(uintptr_t)buf, len, -1, 1, "write", path,
				 err, errlen);
	n = write(fd, buf, len);	/* the common case: one call */
	if (n >= 0 && (size_t)n == len)
		return 0;
	if (n < 0 && errno != EINTR)
		return fail(err, errlen, "write", path, errno);
	if (n < 0)
		n = 0;
	return full_xfer(fd, (unsigned char *)buf + n, len - (size_t)n, -1, 1,
			 "write", path, err, errlen);
}

int io_full_read(int fd, void *buf, size_t len, const char *path,
		 char *err, size_t errlen)
{
	ssize_t n;

	if (nfsfile_fd_is(fd))
		return full_xfer(fd, buf, len, -1, 0, "read", path, err, errlen);
	n = read(fd, buf, len);
	if (n >= 0 && (size_t)n == len)
		return 0;
	if (n < 0 && errno != EINTR)
		return fail(err, errlen, "read", path, errno);
	if (n < 0)
		n = 0;
	return full_xfer(fd, (unsigned char *)buf + n, len - (size_t)n, -1, 0,
			 "read", path, err, errlen);
}

int io_full_pwrite(int fd, const void *buf, size_t len, uint64_t off,
		   const char *path, char *err, size_t errlen)
{
	return full_xfer(fd, (void *)(uintptr_t)buf, len, (int64_t)off, 1,
			 "pwrite", path, err, errlen);
}

int io_full_pread(int fd, void *buf, size_t len, uint64_t off,
		  const char *path, char *err, size_t errlen)
{
	return full_xfer(fd, buf, len, (int64_t)off, 0, "pread", path, err, errlen);
}

int64_t io_ptransfer(int fd, void *buf, size_t len, uint64_t off, int is_write)
{
	ssize_t n;

	if (nfsfile_fd_is(fd)) {   /* libnfs moves it whole or fails */
		char msg[256];
		int rc = full_xfer(fd, buf, len, (int64_t)off, is_write,
				   is_write ? "pwrite" : "pread", "the test file", msg, sizeof(msg));
		return rc == 0 ? (int64_t)len : rc == IO_EOF ? 0 : -(int64_t)(errno ? errno : EIO);
	}
	n = is_write ? pwrite(fd, buf, len, (off_t)off) : pread(fd, buf, len, (off_t)off);
	return n >= 0 ? (int64_t)n : -(int64_t)errno;
}

int io_have_vectored(void)
{
#if defined(HAVE_PREADV)
	return 1;
#else
	return 0;
#endif
}

/* After a vectored call moved done bytes, move the rest segment by segment. */
static int finish_vec(int fd, const struct io_vec *iov, int iovcnt, uint64_t off,
		      size_t done, int is_write, const char *call,
		      const char *path, char *err, size_t errlen)
{
	for (int i = 0; i < iovcnt; i++) {
		size_t l = iov[i].len;
		if (done >= l) {
			done -= l;
			off += l;
			continue;
		}
		int rc = full_xfer(fd, (unsigned char *)iov[i].base + done, l - done,
				   (int64_t)(off + done), is_write, call, path,
				   err, errlen);
		if (rc != 0)
			return rc;
		off += l;
		done = 0;
	}
	return 0;
}

/* Segments per pwritev/preadv call; more are moved in further calls. */
#define VEC_MAX 64

static int full_vec(int fd, const struct io_vec *iov, int iovcnt, uint64_t off,
		    int is_write, const char *path, char *err, size_t errlen)
{
	const char *call = is_write ? "pwritev" : "preadv";

	/* libnfs has no vectored call: each segment at its offset */
	if (nfsfile_fd_is(fd))
		return finish_vec(fd, iov, iovcnt, off, 0, is_write, call, path, err,
				  errlen);
#if defined(HAVE_PREADV)
	struct iovec v[VEC_MAX];
	size_t total = 0;
	ssize_t n;
	int cnt = iovcnt < VEC_MAX ? iovcnt : VEC_MAX;

	for (int i = 0; i < cnt; i++) {
		v[i].iov_base = iov[i].base;
		v[i].iov_len = iov[i].len;
	}
	for (int i = 0; i < iovcnt; i++)
		total += iov[i].len;
	do
		n = is_write ? pwritev(fd, v, cnt, (off_t)off)
			     : preadv(fd, v, cnt, (off_t)off);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return fail(err, errlen, call, path, errno);
	if ((size_t)n == total)
		return 0;
	return finish_vec(fd, iov, iovcnt, off, (size_t)n, is_write, call, path,
			  err, errlen);
#else
	(void)fd; (void)iov; (void)iovcnt; (void)off; (void)is_write;
	(void)finish_vec;
	return err_set(err, errlen, "cannot %s '%s': %s is not available on this "
		"platform (-i 11, -i 12)", call, path, call);
#endif
}

int io_full_pwritev(int fd, const struct io_vec *iov, int iovcnt, uint64_t off,
		    const char *path, char *err, size_t errlen)
{
	return full_vec(fd, iov, iovcnt, off, 1, path, err, errlen);
}

int io_full_preadv(int fd, const struct io_vec *iov, int iovcnt, uint64_t off,
		   const char *path, char *err, size_t errlen)
{
	return full_vec(fd, iov, iovcnt, off, 0, path, err, errlen);
}

/*
 * I/O buffers come straight from mmap and go straight back with munmap:
 * malloc would serve a large buffer from the brk heap once glibc's
 * dynamic mmap threshold has risen past it (it rises to the size of every
 * mmapped block freed), and a fragmented heap is not given back, so a
 * sweep's memory would grow from cell to cell.  The mapping starts with
 * one page that holds its length; the caller's buffer is the page-aligned
 * rest (zero, and resident only where it is touched).
 */
#if defined(MAP_ANON) && !defined(MAP_ANONYMOUS)
#define MAP_ANONYMOUS MAP_ANON
#endif

#if defined(MAP_ANONYMOUS)
static size_t page_size(void)
{
	long ps = sysconf(_SC_PAGESIZE);

	return ps >= (long)IO_ALIGN ? (size_t)ps : IO_ALIGN;
}

void *io_alloc(size_t len)
{
	size_t head = page_size();
	size_t total;
	unsigned char *base;

	if (len == 0)
		len = 1;
	if (len > SIZE_MAX - 2 * head)
		return NULL;
	total = head + (len + head - 1) / head * head;
	base = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		    -1, 0);
	if (base == MAP_FAILED)
		return NULL;
	memcpy(base, &total, sizeof(total));
	return base + head;
}

void io_free(void *p)
{
	unsigned char *base;
	size_t total;

	if (!p)
		return;
	base = (unsigned char *)p - page_size();
	memcpy(&total, base, sizeof(total));
	munmap(base, total);
}
#else
void *io_alloc(size_t len)
{
	void *p = NULL;

	if (len == 0)
		len = 1;
	if (posix_memalign(&p, IO_ALIGN, len) != 0)
		return NULL;
	memset(p, 0, len);
	return p;
}

void io_free(void *p)
{
	free(p);
}
#endif

int io_purge_cache(int fd, const char *path, char *err, size_t errlen)
{
#if defined(HAVE_POSIX_FADVISE)
	int rc;

	/* an NFS file through libnfs has no client cache: the COMMIT is all */
	if (nfsfile_fd_is(fd))
		return io_fsync(fd, path, err, errlen);

	if (io_fsync(fd, path, err, errlen) != 0)
		return -1;
	rc = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	if (rc != 0)
		return fail(err, errlen, "posix_fadvise(DONTNEED)", path, rc);
	return 0;
#else
	(void)fd;
	return err_set(err, errlen, "--cold: cannot drop '%s' from the page cache: "
		"posix_fadvise is not available on this platform", path);
#endif
}

int io_can_drop_cache(char *err, size_t errlen)
{
#if defined(HAVE_POSIX_FADVISE)
	(void)err;
	(void)errlen;
	return 0;
#else
	return err_set(err, errlen, "--cold: %s has no way to drop a file from the page "
		"cache (no posix_fadvise); read files larger than RAM instead",
		IOSWEEP_BUILD_OS);
#endif
}

int io_drop_cache(const char *path, char *err, size_t errlen)
{
	int fd = io_open(path, O_RDONLY, NULL, err, errlen);
	int rc;

	if (fd < 0)
		return -1;
	rc = io_purge_cache(fd, path, err, errlen);
	if (io_close(fd, path, err, errlen) != 0)
		rc = -1;
	return rc;
}

#if defined(HAVE_CACHESTAT_SYSCALL)
#include <stdatomic.h>
#include <sys/syscall.h>
#ifndef __NR_cachestat
#define __NR_cachestat 451	/* the same number on every architecture */
#endif
/*
 * The kernel's struct cachestat_range (off, len) and struct cachestat
 * (nr_cache, nr_dirty, nr_writeback, nr_evicted, nr_recently_evicted),
 * 6.5 uapi: arrays of __u64 in that order, only nr_cache read here.
 */
#define CACHESTAT_NR_CACHE 0
#define CACHESTAT_FIELDS 5

int posix_cachestat_pages(int fd, uint64_t len, size_t *pages)
{
	static atomic_int absent;	/* throughput mode's threads ask too */
	uint64_t range[2] = { 0, len }, cs[CACHESTAT_FIELDS] = { 0 };

	if (atomic_load_explicit(&absent, memory_order_relaxed))
		return -1;
	if (syscall(__NR_cachestat, fd, range, cs, 0) != 0) {
		atomic_store_explicit(&absent, 1, memory_order_relaxed);
		return -1;
	}
	*pages = (size_t)cs[CACHESTAT_NR_CACHE];
	return 0;
}
#endif

#if defined(HAVE_MINCORE)
int posix_mincore_pages(int fd, size_t len, size_t *pages)
{
	long pg = sysconf(_SC_PAGESIZE);
	size_t page = pg > 0 ? (size_t)pg : 4096, npages = (len + page - 1) / page;
	unsigned char *vec = malloc(npages ? npages : 1);
	void *map = len ? mmap(NULL, len, PROT_READ, MAP_SHARED, fd, 0) : NULL;
	int rc = -1;

	*pages = 0;
	if (!vec || map == MAP_FAILED) {
		if (!vec)
			errno = ENOMEM;
		goto out;
	}
	if (len && mincore(map, len, (void *)vec) != 0)
		goto out;
	for (size_t i = 0; len && i < npages; i++)
		*pages += vec[i] & 1;
	rc = 0;
out:
	if (map && map != MAP_FAILED) {
		int e = errno;
		munmap(map, len);
		errno = e;
	}
	free(vec);
	return rc;
}

int io_cached_fraction(const char *path, uint64_t len, double *frac,
		       char *err, size_t errlen)
{
	long pg = sysconf(_SC_PAGESIZE);
	size_t page = pg > 0 ? (size_t)pg : 4096, map_len, npages, resident = 0;
	uint64_t all_pages;
	struct stat st;
	int fd, rc = -1;

	*frac = 0.0;
	/* no client cache to look at, and the server's cannot be seen */
	if (nfsurl_is(path))
		return err_set(err, errlen, "cannot tell how much of '%s' the NFS "
			"server holds in its cache", path);
	if (len == 0)
		return 0;
	fd = io_open(path, O_RDONLY, NULL, err, errlen);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) != 0) {
		fail(err, errlen, "stat", path, errno);
		goto out;
	}
	/* pages past the end of the file are not in the cache */
	all_pages = (len + page - 1) / page;
	map_len = (uint64_t)st.st_size < len ? (size_t)st.st_size : (size_t)len;
	npages = (map_len + page - 1) / page;
	/* cachestat maps nothing (a sweep asks before every pass); else mincore */
#if defined(HAVE_CACHESTAT_SYSCALL)
	if (posix_cachestat_pages(fd, (uint64_t)map_len, &resident) != 0)
#endif
	if (posix_mincore_pages(fd, map_len, &resident) != 0) {
		fail(err, errlen, "mincore", path, errno);
		goto out;
	}
	if (resident > npages)
		resident = npages;
	*frac = (double)resident / (double)all_pages;
	rc = 0;
out:
	close(fd);
	return rc;
}
#else
int io_cached_fraction(const char *path, uint64_t len, double *frac,
		       char *err, size_t errlen)
{
	(void)len;
	*frac = 0.0;
	return err_set(err, errlen, "cannot tell how much of '%s' is in the page cache: "
		"mincore is not available on this platform", path);
}
#endif

void io_dir_of(const char *path, char *out, size_t outlen)
{
	const char *slash = strrchr(path, '/');

	if (nfsurl_is(path)) {
		nfsurl_dir_of(path, out, outlen);
		return;
	}
	if (!slash)
		snprintf(out, outlen, ".");
	else if (slash == path)
		snprintf(out, outlen, "/");
	else
		snprintf(out, outlen, "%.*s", (int)(slash - path), path);
}

int io_check_dir(const char *dir, uint64_t *free_bytes, char *err, size_t errlen)
{
	struct stat st;
	struct statvfs vfs;

	if (nfsurl_is(dir))
		return nfsfile_check_dir(dir, free_bytes, err, errlen);
	if (stat(dir, &st) != 0) {
		if (errno == ENOENT)
			err_set(err, errlen, "directory '%s' does not exist; create "
				"it or choose another -f", dir);
		else
			fail(err, errlen, "use directory", dir, errno);
		return -1;
	}
	if (!S_ISDIR(st.st_mode))
		return err_set(err, errlen, "'%s' is not a directory", dir);
	if (access(dir, W_OK | X_OK) != 0) {
		fail(err, errlen, "create files in", dir, errno);
		return -1;
	}
	if (statvfs(dir, &vfs) != 0 || vfs.f_blocks == 0)
		*free_bytes = IO_FREE_UNKNOWN;
	else
		*free_bytes = (uint64_t)vfs.f_bavail * (uint64_t)vfs.f_frsize;
	return 0;
}

enum plat_kind io_stat_test_file(const char *path, uint64_t *size)
{
	return nfsurl_is(path) ? nfsfile_stat(path, size) : plat_stat(path, 0, size);
}

int io_remove_test_file(const char *path)
{
	return nfsurl_is(path) ? nfsfile_remove(path) : plat_remove(path);
}
