/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * platform.h: the platform layer.  Every difference between operating
 * systems lives behind the functions declared here, implemented once in
 * platform_posix*.c (Linux, the BSDs, macOS) and once in platform_win*.c
 * (native Win32 under MinGW-w64 / MSYS2); the build compiles one of the
 * two.  The rest of src/ calls these plain functions and tests no
 * operating system's name.
 *
 * io_*: every system call a measurement makes on the test file (a local
 * path, or an NFS URL opened through libnfs: nfsfile.h): O_DIRECT,
 * F_NOCACHE or FILE_FLAG_NO_BUFFERING for -I, O_SYNC/O_DSYNC/O_RSYNC or
 * FILE_FLAG_WRITE_THROUGH, posix_fadvise for purging the page cache.
 * The wrappers retry EINTR and finish short transfers, so a caller sees a
 * whole record moved or an error.  Every error names the call and the
 * path: "cannot write '/x/t': No space left on device".  The functions
 * never print; they return -1 with the message in err.
 *
 * The test file is never followed through a symbolic link (O_NOFOLLOW, or
 * a reparse-point check on Windows) and must be a regular file;
 * io_create() makes it with O_EXCL (CREATE_NEW) so a benchmark never
 * overwrites a file it did not create, unless asked to.
 *
 * plat_*: the rest: what the platform can do, paths and streams, time,
 * signals, child processes or threads, machine facts, running a program.
 * Paths are UTF-8 everywhere (wide calls inside on Windows).
 */
#ifndef IOSWEEP_PLATFORM_H
#define IOSWEEP_PLATFORM_H

#include <fcntl.h>   /* O_RDONLY, O_RDWR, O_WRONLY, O_TRUNC: io_open's access flags */
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "lib/err.h"

/* One segment of a vectored transfer (the shape of POSIX's struct iovec). */
struct io_vec {
	void *base;
	size_t len;
};

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

/* io_create()'s overwrite: refuse an existing file, empty it, or keep it (-+N). */
enum { IO_CREATE_NEW = 0, IO_CREATE_TRUNCATE = 1, IO_CREATE_KEEP = 2 };

/*
 * Create path as a new empty regular file, mode 0666 & ~umask, with
 * O_CREAT|O_EXCL|O_NOFOLLOW.  With overwrite, an existing regular file is
 * accepted and truncated, or with IO_CREATE_KEEP left as it is (a symbolic
 * link or anything not a regular file is still refused).  0 or -1.
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

/*
 * -W, -+l, -+L: take (IO_LOCK_READ shared, IO_LOCK_WRITE exclusive) or
 * drop (IO_UNLOCK) an advisory lock on len bytes from off, len 0 meaning
 * from off to any end the file will ever have; waits until granted
 * (fcntl F_SETLKW; LockFileEx without LOCKFILE_FAIL_IMMEDIATELY).  Closing
 * the descriptor drops every lock it holds.  0 or -1 with a message.
 */
enum { IO_UNLOCK = 0, IO_LOCK_READ = 1, IO_LOCK_WRITE = 2 };
int io_lock(int fd, int how, uint64_t off, uint64_t len, const char *path,
	    char *err, size_t errlen);

/*
 * Move exactly len bytes.  0, or IO_EOF for a read that meets the end of
 * the file early, or -1 with errno set for any other failure (ENOSPC for
 * a write that makes no progress); the message says which in words.
 */
#define IO_EOF (-2)
int io_full_write(int fd, const void *buf, size_t len, const char *path,
		  char *err, size_t errlen);
int io_full_read(int fd, void *buf, size_t len, const char *path,
		 char *err, size_t errlen);
int io_full_pwrite(int fd, const void *buf, size_t len, uint64_t off,
		   const char *path, char *err, size_t errlen);
int io_full_pread(int fd, void *buf, size_t len, uint64_t off,
		  const char *path, char *err, size_t errlen);
/*
 * One positioned read or write, as the system makes it: the bytes moved
 * (possibly fewer than len, 0 at the end of the file), or -errno (EINTR
 * included).  No message: the queue-depth engines' per-I/O call, whose
 * caller finishes a short or interrupted one with io_full_pread/pwrite.
 */
int64_t io_ptransfer(int fd, void *buf, size_t len, uint64_t off, int is_write);
/* iov[] is not changed; a short transfer is finished with pwrite/pread. */
int io_full_pwritev(int fd, const struct io_vec *iov, int iovcnt, uint64_t off,
		    const char *path, char *err, size_t errlen);
int io_full_preadv(int fd, const struct io_vec *iov, int iovcnt, uint64_t off,
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
 * Unbuffered I/O (-I on Windows, FILE_FLAG_NO_BUFFERING) needs the buffer
 * address, the file offset and the length to be multiples of the volume's
 * sector size.  0 when they are; -1 with a message naming the sector size
 * when not (the platform checks before the transfer, as Windows would
 * fail it with a bare "invalid parameter").
 */
static inline int io_sector_misfit(const void *buf, size_t len, uint64_t off,
				   uint32_t sector, char *err, size_t errlen)
{
	if (!sector || ((uintptr_t)buf % sector == 0 && len % sector == 0 &&
			off % sector == 0))
		return 0;
	return err_set(err, errlen, "-I: unbuffered I/O needs records and offsets in "
		       "multiples of the volume's sector size (%u bytes); a record of %zu "
		       "bytes at offset %llu is not: choose -r as a multiple of %u bytes",
		       (unsigned)sector, len, (unsigned long long)off, (unsigned)sector);
}

/*
 * fdopen(3) for a descriptor from io_open (for an NFS file, a stream over
 * libnfs that closes the file when closed); NULL with errno.  And fsync
 * for the file under such a stream, after its fflush: 0 or -1.
 */
FILE *io_fdopen(int fd, const char *how);
int io_stream_fsync(FILE *fp, const char *path, char *err, size_t errlen);

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
 * in, and store its free space for unprivileged users in *free_bytes:
 * IO_FREE_UNKNOWN when the file system does not say (statvfs fails on a
 * directory that is there, or reports no blocks at all, as smbnetfs and
 * other FUSE file systems do): unknown is not full, and every check of
 * "need <= free" passes.  The message names the directory and what is
 * wrong.  0 or -1.
 */
#define IO_FREE_UNKNOWN UINT64_MAX
int io_check_dir(const char *dir, uint64_t *free_bytes, char *err, size_t errlen);

/*
 * The directory part of path into out: "." when path has no '/', "/" for
 * a name in the root ("/t"), else everything before the last '/'.
 */
void io_dir_of(const char *path, char *out, size_t outlen);

/* ---- mapping a file (-B, -D, -G) --------------------------------------- */

/*
 * A mapping of the first len bytes of an open file (IOzone's mmap mode).
 * Writable: shared, so stores reach the file (mmap PROT_READ|PROT_WRITE,
 * MAP_SHARED; CreateFileMapping PAGE_READWRITE).  Read-only: private and
 * read-only (MAP_PRIVATE, as IOzone maps for its read tests; FILE_MAP_READ).
 * The descriptor must stay open while the mapping lives; the file must be
 * at least len bytes long.
 */
struct io_map {
	unsigned char *addr;   /* the file's byte 0; NULL when not mapped */
	uint64_t len;
	int fd;
	int writable;
	void *handle;          /* Windows: the file mapping object; else NULL */
};

enum io_map_sync_how {
	IO_MAP_ASYNC = 0,      /* msync(MS_ASYNC); FlushViewOfFile */
	IO_MAP_SYNC = 1        /* msync(MS_SYNC); FlushViewOfFile + FlushFileBuffers */
};

/* Map fd's first len (> 0) bytes into *m.  0 or -1 ("cannot mmap 'f': ..."). */
int io_map(int fd, uint64_t len, int writable, struct io_map *m,
	   const char *path, char *err, size_t errlen);

/*
 * Write back the dirty pages of bytes off .. off+len-1 of the mapping,
 * how: IO_MAP_ASYNC starts it, IO_MAP_SYNC waits until the data is on the
 * device.  off is rounded down to a page, as msync needs.  0 or -1.
 */
int io_map_sync(const struct io_map *m, uint64_t off, uint64_t len, int how,
		const char *path, char *err, size_t errlen);

/*
 * -+A: tell the system how the whole mapping will be used, IOzone's
 * numbers: 0 normal, 1 random, 2 sequential, 3 don't need, 4 will need
 * (madvise).  0, or -1 ("cannot madvise 'f': ...", or where the platform
 * has no such call: plat_caps()->madvise is 0).
 */
enum { IO_ADVISE_MOST = 4 };
int io_map_advise(const struct io_map *m, int advice, const char *path,
		  char *err, size_t errlen);

/* Unmap (nothing when m->addr is NULL); m is cleared.  0 or -1. */
int io_unmap(struct io_map *m, const char *path, char *err, size_t errlen);

/* ---- what the platform can do ------------------------------------------ */

struct plat_caps {
	const char *os;            /* the report's "Build:" word: linux, freebsd, macos, windows, posix */
	const char *direct_splash; /* -I's banner line; NULL: -I is not available */
	int odsync;                /* -+D can be honoured */
	int orsync;                /* -+r can be honoured */
	int purge;                 /* --purge can drop a file's cached pages */
	int processes;             /* -t can run children as processes (else threads only) */
	int hardlinks;             /* plat_link works (fileop's link and unlink columns) */
	const char *no_bind;       /* why plat_bind_cpu cannot work here, or NULL */
	int madvise;               /* io_map_advise works (-+A) */
	int unbuffered_api;        /* -+U: IOzone's Windows unbuffered API, which
				      is -I with write-through (Windows only) */
};

/* The capabilities of this build on this system (static storage). */
const struct plat_caps *plat_caps(void);

/* ---- paths and streams ---------------------------------------------------- */

enum plat_kind {
	PLAT_NONE = 0,  /* nothing there, or it cannot be looked at (errno says) */
	PLAT_FILE,      /* a regular file */
	PLAT_DIR,
	PLAT_LINK,      /* a symbolic link (or reparse point), only when not following */
	PLAT_OTHER      /* FIFO, device, socket ... */
};

/*
 * What is at path; follow 0 looks at a link itself (lstat), 1 at what it
 * names (stat).  With size non-NULL, a file's size in bytes.
 */
enum plat_kind plat_stat(const char *path, int follow, uint64_t *size);

/*
 * plat_stat (not following links) and plat_remove for the test file,
 * which may also be an NFS URL (nfs://host/export/file, through libnfs
 * where the build has it).  Every io_* call takes such a URL (or
 * the descriptor io_open returned for one) as well as a local path.
 */
enum plat_kind io_stat_test_file(const char *path, uint64_t *size);
int io_remove_test_file(const char *path);

/* 1 when path is an NFS URL (nfs://...), a file reached through libnfs. */
int io_is_remote(const char *path);

/*
 * Before a run: 0 when path can name a test file in this build; an NFS
 * URL is parsed and refused when this build has no libnfs or cannot use
 * the URL's NFS version.  -1 with why.
 */
int io_check_name(const char *path, char *err, size_t errlen);

/*
 * plat_fs_info() for an NFS URL: "nfs3" or "nfs4", and "libnfs VERSION,
 * server HOST, export DIR, no client cache".  0 or -1.
 */
int io_remote_fs_info(const char *url, char *fs_type, size_t fs_len,
		      char *options, size_t options_len);


/* mkdir (mode 0777 & ~umask), rmdir, unlink: 0 or -1 with errno. */
int plat_mkdir(const char *path);
int plat_rmdir(const char *path);
int plat_remove(const char *path);

/*
 * Replace to with from in one step (rename(2); MoveFileExW with
 * REPLACE_EXISTING | WRITE_THROUGH).  0 or -1 with errno.
 */
int plat_rename(const char *from, const char *to);

/* 1 when this process may create files in the directory dir. */
int plat_dir_writable(const char *dir);

/* mkdtemp(3): tmpl ends in XXXXXX, replaced; tmpl or NULL with errno. */
char *plat_mkdtemp(char *tmpl);

/* The absolute, resolved path (malloc'd; the caller frees), or NULL. */
char *plat_realpath(const char *path);

/* fopen() with a UTF-8 path; streams are binary (no CRLF translation). */
FILE *plat_fopen(const char *path, const char *mode);

/*
 * A new file at path for writing, never an existing one and never through
 * a link (O_CREAT|O_EXCL|O_NOFOLLOW, binary): a descriptor for gzdopen or
 * fdopen, or -1 with errno.
 */
int plat_create_fd(const char *path);

/* An existing file opened for reading (binary): a descriptor, or -1 with errno. */
int plat_open_read_fd(const char *path);

/* close() without a message (cleanup paths), and fsync() of a descriptor. */
void plat_close_fd(int fd);
int plat_fsync_fd(int fd);
/*
 * fsync() of a folder, so the names made in it survive a power cut.  0,
 * or -1 with errno.  Windows: 0 (NTFS journals its folders itself).
 */
int plat_fsync_dir(const char *dir);

/* This process's id, for temporary names. */
long plat_pid(void);

/* 1 when standard error is a terminal. */
int plat_stderr_is_tty(void);
/* 1 when standard input is a terminal (someone can answer a question). */
int plat_stdin_is_tty(void);

/* ---- a tree of names (fileop) ------------------------------------------- */

/*
 * The metadata calls fileop times one by one, each a single system call
 * with nothing added (platform_posix_fs.c, platform_win_fs.c): 0 or -1
 * with errno.  EINTR is the caller's to retry.
 */
int plat_chdir(const char *path);
/* The current directory (malloc'd; the caller frees), or NULL with errno. */
char *plat_getcwd(void);
/* access(path, W_OK | F_OK): does it exist, and may this process write it? */
int plat_access_write(const char *path);
/* chmod(2) with mode's permission bits (Windows: the read-only attribute). */
int plat_chmod(const char *path, unsigned mode);
/* A hard link to from named to: -1 with ENOSYS where plat_caps()->hardlinks is 0. */
int plat_link(const char *from, const char *to);
/*
 * An extended attribute of the user namespace ("user.NAME" on Linux) set
 * to len bytes of val, and read back into buf (the attribute's length, or
 * -1).  -1 with ENOTSUP where the platform (HAVE_XATTR) or the file
 * system has none.
 */
int plat_xattr_set(const char *path, const char *name, const void *val, size_t len);
long plat_xattr_get(const char *path, const char *name, void *buf, size_t len);

/*
 * Reading a directory in three steps, so a caller can time one of them:
 * plat_dir_open (NULL with errno), plat_dir_read (1 with *name set to the
 * next entry's name, valid until the next call; 0 at the end; -1 with
 * errno), plat_dir_close.  "." and ".." are entries like any other where
 * the system lists them.
 */
struct plat_dir;
struct plat_dir *plat_dir_open(const char *path);
int plat_dir_read(struct plat_dir *d, const char **name);
void plat_dir_close(struct plat_dir *d);

/* ---- time ---------------------------------------------------------------- */

/* localtime_r; 0 or -1. */
int plat_localtime(time_t t, struct tm *tm);

/* "+hh:mm" or "-hh:mm": the local time's offset from UTC at t. 0 or -1. */
int plat_utc_offset(time_t t, char *out, size_t outlen);

/*
 * The stall watchdog's view of the process (run/watchdog.h), read from the
 * outside so that nothing is added to a timed loop: plat_io_progress
 * stores the count of read and write calls thread tid has finished so
 * far (Linux: /proc/self/task/TID/io's syscr + syscw; per thread, so the
 * watchdog's own reads of it do not count), 0; -1 where the platform
 * keeps no such count.  plat_thread_self_id is the calling thread's id
 * for plat_blocked_call, which writes the name of the system call thread
 * tid is blocked in ("read", "openat", "fsync"; Linux:
 * /proc/self/task/TID/syscall) into name and returns 0, or -1 when it
 * cannot tell (running, or no such file).
 */
int plat_io_progress(long tid, uint64_t *ops);
long plat_thread_self_id(void);
int plat_blocked_call(long tid, char *name, size_t namelen);

/* CPU seconds of the calling thread; -1 when the platform cannot tell. */
int plat_thread_cpu(double *user_s, double *sys_s);

/* This process's peak resident memory so far in kB; 0 when unknown. */
uint64_t plat_peak_rss_kb(void);

/* The CPUs online, at least 1. */
unsigned plat_cpu_count(void);

/*
 * -P: bind the calling thread (a forked child: its process) to CPU cpu
 * alone.  0, or -1 with a message (plat_caps()->no_bind where the
 * platform cannot bind).
 */
int plat_bind_cpu(unsigned cpu, char *err, size_t errlen);

/* Sleep for seconds, waking early once *stop is set (checked at least every second). */
void plat_sleep(unsigned seconds, const volatile sig_atomic_t *stop);
/* The same in microseconds (Windows: rounded up to whole milliseconds). */
void plat_sleep_us(uint64_t us, const volatile sig_atomic_t *stop);

/* ---- signals ---------------------------------------------------------- */

/*
 * Call on_stop(signal) on SIGINT, SIGTERM, SIGHUP (Windows: Ctrl-C,
 * Ctrl-Break, closing the console) and on_pipe(SIGPIPE) when the reader
 * of a pipe went away (no such signal on Windows).  The handlers run in
 * signal context (or the console's control thread): they only set a flag,
 * or restore the default and re-raise to leave.
 */
void plat_catch_stop(void (*on_stop)(int), void (*on_pipe)(int));

/* "SIGINT", "SIGTERM", "SIGHUP", "SIGPIPE (...)", or "a signal". */
const char *plat_signal_name(int sig);
/* Write bytes to standard error from a signal handler (async-signal-safe). */
void plat_write_stderr(const char *s, size_t len);

/* ---- children: processes or threads ------------------------------------ */

/* One child of throughput mode; fields are the platform's. */
struct plat_child {
	long pid;      /* a process's id, or 0 */
	void *thread;  /* a thread's handle (malloc'd by the platform), or NULL */
};

/*
 * Start fn(arg) in a thread (threads 1) or in a forked process (threads
 * 0; only where plat_caps()->processes), whose exit status is fn's return
 * value.  A process closes close_fds[0..nclose-1] first.  0 or -1.
 */
int plat_child_start(struct plat_child *ch, int threads, int (*fn)(void *),
		     void *arg, const int *close_fds, int nclose,
		     char *err, size_t errlen);

/*
 * Wait for the child to end.  *sig is the signal that killed a process,
 * else 0.  While waiting, a signal sets no error: when *stop becomes set,
 * on_stop(ctx) is called once and the wait goes on.  0 or -1 (errno).
 */
int plat_child_wait(struct plat_child *ch, int *sig,
		    const volatile sig_atomic_t *stop,
		    void (*on_stop)(void *), void *ctx);

/*
 * Memory the children can write into: shared with forked processes
 * (MAP_SHARED), plain memory where children are threads.  Zeroed; NULL
 * when there is none.
 */
void *plat_shared_alloc(size_t len);
void plat_shared_free(void *p, size_t len);

/* A pipe; 0 or -1 with errno. */
int plat_pipe(int fds[2]);

/*
 * Read up to len bytes from a pipe: the count, 0 at its end (every writer
 * closed it), -1 with errno (EINTR when a signal came).
 */
long plat_pipe_read(int fd, void *buf, size_t len);

/* Write one byte to a pipe, retrying EINTR. */
void plat_pipe_signal(int fd);

/* ---- threads and a start gate (the queue-depth workers, qd.c) --------- */

/* A thread (pthread_create; CreateThread on Windows); the platform's. */
struct plat_thread;

/*
 * Start fn(arg) in a new thread of this process into *t.  0, or -1 with
 * "cannot start a thread: why" in err.
 */
int plat_thread_start(struct plat_thread **t, int (*fn)(void *), void *arg,
		      char *err, size_t errlen);

/* Wait for t to end and free it: fn's return value. */
int plat_thread_join(struct plat_thread *t);

/*
 * A one-shot start gate for workers (a mutex and a condition variable;
 * SRWLOCK and CONDITION_VARIABLE on Windows): each worker arrives and
 * waits; the starter waits until n have arrived, then opens the gate with
 * go 1 (run) or 0 (give up).  Whatever the starter wrote before opening
 * is visible to the workers once they pass.  plat_gate_new() returns NULL
 * when out of memory.
 */
struct plat_gate;
struct plat_gate *plat_gate_new(void);
void plat_gate_free(struct plat_gate *g);
/*
 * Worker: count as arrived and wait until the gate opens; returns its go.
 * Once open, the gate lets every later arrival through at once.
 */
int plat_gate_arrive(struct plat_gate *g);
/* Starter: wait until n workers have arrived. */
void plat_gate_wait(struct plat_gate *g, unsigned n);
/* Starter: open the gate with go (1 run, 0 give up). */
void plat_gate_open(struct plat_gate *g, int go);

/* ---- shared libraries loaded at run time ------------------------------ */

/*
 * An optional library that only one command needs (libpq for a
 * postgresql:// results library) is loaded when that command runs, so
 * every other run carries none of it (dlopen; LoadLibraryW on Windows).
 * plat_lib_open: name is a file name searched the system's way, or a
 * path; NULL with "cannot load NAME: why" in err.  plat_lib_sym: the
 * function sym of lib, NULL when it has none; cast it to the function's
 * own type before calling.  plat_lib_close(NULL) does nothing.
 */
typedef void (*plat_fn)(void);
struct plat_lib;
struct plat_lib *plat_lib_open(const char *name, char *err, size_t errlen);
plat_fn plat_lib_sym(struct plat_lib *lib, const char *sym);
void plat_lib_close(struct plat_lib *lib);

/* ---- machine facts ---------------------------------------------------- */

/* The host name, or "unknown". */
void plat_host_name(char *out, size_t outlen);

/* "Linux 6.1.0-18-amd64 x86_64" / "Windows 10.0.19045 x86_64", or "unknown". */
void plat_os_name(char *out, size_t outlen);

/* The machine ("x86_64"), or "unknown". */
void plat_machine(char *out, size_t outlen);

/* -+m's line: "sysname nodename release version machine". 0 or -1. */
int plat_uname_line(char *out, size_t outlen);

/* Physical memory in kB, 0 when unknown. */
uint64_t plat_ram_kb(void);

/*
 * The box's own counters now (boxstat.h: CPU time, each whole disk's busy
 * time and sectors, the ZFS ARC's size, hits and misses where there is
 * one) into s, read where this program runs: Linux's /proc/stat,
 * /proc/diskstats and OpenZFS's /proc/spl/kstat/zfs/arcstats or
 * zfs-fuse's /zfs-kstat; FreeBSD's sysctl kern.cp_time and
 * kstat.zfs.misc.arcstats (no disks).  0, or -1 with "... unavailable on
 * this platform" (or the failing read) in err.
 */
struct boxstat_snap;
int plat_box_read(struct boxstat_snap *s, char *err, size_t errlen);

/*
 * The file system type ("ext4", "NTFS") and mount options ("rw,noatime")
 * of the file system that holds absolute directory dir.  0 or -1.
 */
int plat_fs_info(const char *dir, char *fs_type, size_t fs_len,
		 char *options, size_t options_len);

/* ---- remounting between tests (-U) ----------------------------------- */

/*
 * IOzone's -U: the file system mounted at a directory is unmounted and
 * mounted again before every pass, so nothing of the test file stays in
 * the page cache.  What the mount table says about it is taken once,
 * before the run (plat_remount_prepare), and put back each time.  Linux:
 * /proc/self/mountinfo, umount2(2) and mount(2) with the same source, type,
 * flags and options.  The BSDs and macOS: statfs(2), unmount(2), then
 * mount(8) -t type [-r] source dir (their mount(2) takes each file
 * system's own argument structure).  Windows: refused.
 */
#define PLAT_MOUNT_TEXT 1024
struct plat_mount {
	char dir[PLAT_MOUNT_TEXT];      /* the mount point, resolved */
	char source[PLAT_MOUNT_TEXT];   /* device, image or server:path */
	char fs_type[64];
	char options[PLAT_MOUNT_TEXT];  /* mount(8)'s -o words, for messages */
	char data[PLAT_MOUNT_TEXT];     /* Linux: mount(2)'s file system options */
	unsigned long flags;            /* the platform's mount(2) flags */
	unsigned remounts;              /* done so far */
	int unmounted;                  /* the last mount failed: left unmounted */
};

/*
 * Check that dir is a mount point this process can unmount and mount
 * again as it was (root; not a bind mount of a subdirectory; not also
 * mounted elsewhere, which would keep its cache; not tmpfs, whose data
 * would go; not a loop device that detaches itself on unmount) and that
 * the test file path is on that very file system; fill *m.  0, or -1
 * with one line naming -U and the directory.
 */
int plat_remount_prepare(const char *dir, const char *path,
			 struct plat_mount *m, char *err, size_t errlen);

/*
 * Unmount m->dir (a busy file system is retried a few times over about
 * a second, then refused with nothing changed) and mount it again.  When
 * the mount fails, err says so and gives the mount(8) command that puts
 * it back, and m->unmounted is set.  0 or -1.
 */
int plat_remount(struct plat_mount *m, char *err, size_t errlen);

/* ---- running a program (gnuplot) ------------------------------------- */

/* 1 when prog (a name found on PATH, or a path) can be run. */
int plat_program_found(const char *prog);

/*
 * Run prog with arguments args (args[0] is prog, NULL-terminated) in the
 * directory dir, without a shell, standard input and output on the null
 * device, standard error collected into msg (NUL-terminated, truncated).
 * *status is the exit code, or -1 when the program was killed.  0, or -1
 * when it could not be started (message in err).
 */
int plat_run(const char *prog, const char *const *args, const char *dir,
	     char *msg, size_t msglen, int *status, char *err, size_t errlen);

/*
 * The command line as UTF-8 (on Windows, from the wide command line; the
 * arguments live until exit).  Elsewhere argc and argv are left alone.
 */
void plat_utf8_args(int *argc, char ***argv);

#endif
