/*
 * io.h: every system call a measurement makes, and the only place (with
 * compat.h) that knows how platforms differ: O_DIRECT or F_NOCACHE for -I,
 * O_SYNC/O_DSYNC/O_RSYNC, posix_fadvise for purging the page cache.
 *
 * The wrappers retry EINTR and finish short transfers, so a caller sees a
 * whole record moved or an error.  Every error names the call and the
 * path: "cannot write '/x/t': No space left on device".  The functions
 * never print; they return -1 with the message in err.
 *
 * The test file is never followed through a symbolic link (O_NOFOLLOW) and
 * must be a regular file; io_create() makes it with O_EXCL so a benchmark
 * never overwrites a file it did not create, unless asked to.
 */
#ifndef IOSWEEP_IO_H
#define IOSWEEP_IO_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/uio.h>

/* Alignment of I/O buffers: enough for O_DIRECT on 4Kn and 512e devices. */
#define IO_ALIGN 4096u

/* How the test file is opened (IOzone's -I, -o, -+D, -+r). */
struct io_mode {
	int direct;   /* -I */
	int osync;    /* -o */
	int odsync;   /* -+D */
	int orsync;   /* -+r: O_RSYNC|O_SYNC */
};

/*
 * The open(2) flags that mode adds (O_DIRECT, O_SYNC, ...) into *flags.
 * -1 with "-I: direct I/O is not available on this platform" (or the like
 * for -+D, -+r) when the platform lacks the feature.
 */
int io_mode_flags(const struct io_mode *mode, int *flags,
		  char *err, size_t errlen);

/*
 * Create path as a new empty regular file, mode 0666 & ~umask, with
 * O_CREAT|O_EXCL|O_NOFOLLOW.  With overwrite, an existing regular file is
 * accepted and truncated (a symbolic link or anything not a regular file
 * is still refused).  0 or -1.
 */
int io_create(const char *path, int overwrite, char *err, size_t errlen);

/*
 * Open an existing regular file with flags | O_NOFOLLOW (flags from
 * io_mode_flags plus O_RDONLY/O_RDWR/O_TRUNC); with mode->direct on a
 * platform that has F_NOCACHE instead of O_DIRECT, set it.  Returns the
 * descriptor or -1.
 */
int io_open(const char *path, int flags, const struct io_mode *mode,
	    char *err, size_t errlen);

/* close(2), fsync(2), ftruncate(2), lseek(2), unlink(2) with messages. */
int io_close(int fd, const char *path, char *err, size_t errlen);
int io_fsync(int fd, const char *path, char *err, size_t errlen);
int io_truncate(int fd, uint64_t size, const char *path, char *err, size_t errlen);
int io_seek(int fd, int64_t off, int whence, const char *path,
	    char *err, size_t errlen);
int io_unlink(const char *path, char *err, size_t errlen);

/*
 * Move exactly len bytes; a write that makes no progress is ENOSPC, a read
 * that meets end of file early is "unexpected end of file".  0 or -1.
 */
int io_full_write(int fd, const void *buf, size_t len, const char *path,
		  char *err, size_t errlen);
int io_full_read(int fd, void *buf, size_t len, const char *path,
		 char *err, size_t errlen);
int io_full_pwrite(int fd, const void *buf, size_t len, uint64_t off,
		   const char *path, char *err, size_t errlen);
int io_full_pread(int fd, void *buf, size_t len, uint64_t off,
		  const char *path, char *err, size_t errlen);
/* iov[] is not changed; a short transfer is finished with pwrite/pread. */
int io_full_pwritev(int fd, const struct iovec *iov, int iovcnt, uint64_t off,
		    const char *path, char *err, size_t errlen);
int io_full_preadv(int fd, const struct iovec *iov, int iovcnt, uint64_t off,
		   const char *path, char *err, size_t errlen);
/* 1 when io_full_pwritev/preadv exist on this platform. */
int io_have_vectored(void);

/*
 * A buffer of len bytes aligned to IO_ALIGN (zeroed), or NULL.  Free it
 * with io_free(), which gives the memory back to the system at once (the
 * buffer is its own mmap where the platform has anonymous mappings), so
 * buffers freed and allocated again never add up.  Only the pages that
 * are touched count in the resident size.
 */
void *io_alloc(size_t len);
void io_free(void *p);

/*
 * Drop the file's pages from the page cache: fsync, then
 * posix_fadvise(POSIX_FADV_DONTNEED).  -1 with a message naming --cold
 * where the platform has no way to do it.
 */
int io_purge_cache(int fd, const char *path, char *err, size_t errlen);

/* 0 when io_purge_cache() can work here, else -1 with why (--cold). */
int io_can_drop_cache(char *err, size_t errlen);

/* io_purge_cache() on path, opened read-only for it.  0 or -1. */
int io_drop_cache(const char *path, char *err, size_t errlen);

/*
 * The fraction (0..1) of the first len bytes of path whose pages are in
 * the page cache now: mincore() on a read-only shared mapping of the
 * file; pages past its end count as not cached, an empty file as 0.
 * Nothing is read or faulted in.  -1 where the platform has no mincore
 * (or a call fails), with the message in err.
 */
int io_cached_fraction(const char *path, uint64_t len, double *frac,
		       char *err, size_t errlen);

/*
 * Check that dir is an existing directory this process may create files
 * in, and store its free space for unprivileged users in *free_bytes.
 * The message names the directory and what is wrong.  0 or -1.
 */
int io_check_dir(const char *dir, uint64_t *free_bytes, char *err, size_t errlen);

/*
 * The directory part of path into out: "." when path has no '/', "/" for
 * a name in the root ("/t"), else everything before the last '/'.
 */
void io_dir_of(const char *path, char *out, size_t outlen);

#endif
