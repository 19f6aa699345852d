/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * faultshim.c: an LD_PRELOAD library that makes the I/O calls on one file
 * fail, come up short or move one wrong byte, so the tests can show what
 * iosweep does when the storage misbehaves (EIO, ENOSPC, short transfers,
 * silent corruption) without a broken disk, and makes a signal come at
 * exactly the same point of every run (the Nth write of the test file),
 * so a test of what a signal does never races the program.
 *
 * Only descriptors opened (open, openat, creat, fopen, with or without the
 * 64 suffix) on a path that contains $FAULTSHIM_PATH are touched; every
 * other descriptor (stdout, the result folder) passes straight through.
 * Without $FAULTSHIM_PATH the shim does nothing.
 *
 *   FAULTSHIM_PATH=text       the files to disturb (a substring of the path)
 *   FAULTSHIM_FAIL=CALL:N[:E] the Nth CALL on such a file (counting from 1)
 *                             and every later one fail with errno E (EIO,
 *                             ENOSPC, EDQUOT, EROFS, ENXIO; default EIO).
 *                             CALL: write pwrite read pread fsync pwritev
 *                             preadv fwrite fread, or "any" (all of them;
 *                             close never fails)
 *   FAULTSHIM_SHORT=N         write/pwrite/read/pread move at most N bytes
 *                             per call (the caller must finish the rest)
 *   FAULTSHIM_FLIP=CALL:N[:B] the Nth CALL on such a file (counting from 1)
 *                             moves byte B of its transfer (default 0;
 *                             counted across the iovecs of pwritev and
 *                             preadv) with its bits inverted, and reports
 *                             success: silent corruption.  A write sends
 *                             a changed copy to the kernel (the caller's
 *                             buffer is untouched, the file gets the bad
 *                             byte); a read changes the caller's buffer
 *                             after the kernel filled it (the file stays
 *                             good).  CALL: write pwrite pwritev fwrite
 *                             read pread preadv fread.  Only that one call.
 *   FAULTSHIM_SLOW=CALL:MS    every CALL on such a file first sleeps MS
 *                             milliseconds (a slow disk: time for a signal;
 *                             what a timed region holds); CALL as above,
 *                             or close (close and fclose)
 *   FAULTSHIM_SIGNAL=CALL:N:SIG[:parent][@TEXT][,...]
 *                             when the Nth CALL on such a file (or, with
 *                             @TEXT, on a file whose path contains TEXT,
 *                             counted apart) begins, the process raises
 *                             SIG on itself (INT TERM HUP KILL PIPE QUIT
 *                             USR1 USR2): a handler runs before the call
 *                             goes ahead; a signal that ends the process
 *                             ends it with the call unmade.  ":parent"
 *                             sends SIG to the parent process instead
 *                             (a throughput-mode child killing the run
 *                             at a known point).  CALL as for
 *                             FAULTSHIM_FAIL, or close.  Up to four, each
 *                             counted on its own and raised once: "write:
 *                             30:INT,fsync:1:INT@.tmp." is a SIGINT at
 *                             the 30th write, a second at the first fsync
 *                             of a file being saved
 *   FAULTSHIM_MOUNT_FAIL=N    the Nth mount(2) call of the process and
 *                             every later one fail with EIO, whatever the
 *                             path (-U's remount left unmounted)
 *   FAULTSHIM_REPORT=file     at exit, append one line "calls C faults F
 *                             short S flipped X write W pwrite P ..."
 *                             (counts per call) so a test can show the
 *                             shim was at work and count the calls of one
 *                             cell
 *
 * Counts are per process: a forked child (throughput mode without -T)
 * counts its own calls from what its parent had counted at the fork.
 *
 * A test tool, not product code: it defines _GNU_SOURCE itself and does
 * not include compat.h, whose _FILE_OFFSET_BITS=64 would rename open to
 * open64 and make defining both names impossible.  fwrite/fread can only
 * fail as a whole (the stdio buffer's own write is inside libc).
 *
 * Build: cc -shared -fPIC -o faultshim.so faultshim.c -ldl
 * With an AddressSanitizer binary put the ASan runtime first:
 *   LD_PRELOAD="$(ldd iosweep | awk '/libasan/ {print $3}') faultshim.so"
 */
#define _GNU_SOURCE 1

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#define SHIM_MAX_FD 4096
#define SHIM_MAX_SIGNALS 4

enum shim_call {
	SC_WRITE, SC_PWRITE, SC_READ, SC_PREAD, SC_FSYNC, SC_PWRITEV, SC_PREADV,
	SC_FWRITE, SC_FREAD, SC_CLOSE, SC_ANY, SC_COUNT
};

static const char *const call_names[SC_COUNT] = {
	"write", "pwrite", "read", "pread", "fsync", "pwritev", "preadv",
	"fwrite", "fread", "close", "any"
};

static const struct {
	const char *name;
	int value;
} errno_names[] = {
	{ "EIO", EIO }, { "ENOSPC", ENOSPC }, { "EDQUOT", EDQUOT },
	{ "EROFS", EROFS }, { "ENXIO", ENXIO },
};

static const struct {
	const char *name;
	int value;
} signal_names[] = {
	{ "INT", SIGINT }, { "TERM", SIGTERM }, { "HUP", SIGHUP }, { "KILL", SIGKILL },
	{ "PIPE", SIGPIPE }, { "QUIT", SIGQUIT }, { "USR1", SIGUSR1 }, { "USR2", SIGUSR2 },
};

/*
 * One FAULTSHIM_SIGNAL entry.  The files it counts are marked in
 * tracked[] by bit (its own TEXT) or by bit 0 (FAULTSHIM_PATH's files).
 */
struct shim_signal {
	int call;                /* enum shim_call */
	unsigned long nth;
	int sig;
	int to_parent;           /* ":parent": kill(getppid()), not raise */
	char *text;              /* NULL: FAULTSHIM_PATH's files */
	unsigned char bit;
	unsigned long seen;
};

static struct {
	const char *path;        /* NULL: inactive */
	int fail_call;           /* enum shim_call, -1 none */
	unsigned long fail_nth;
	int fail_errno;
	size_t short_max;        /* 0: no short transfers */
	int slow_call;           /* enum shim_call, -1 none */
	unsigned long slow_ms;
	int flip_call;           /* enum shim_call, -1 none */
	unsigned long flip_nth;
	size_t flip_at;          /* the byte of the transfer */
	const char *report;
	unsigned long seen[SC_COUNT];
	unsigned long calls, faults, shorts, flips;
	struct shim_signal signals[SHIM_MAX_SIGNALS];
	int nsignals;
	unsigned char tracked[SHIM_MAX_FD];  /* bit 0: FAULTSHIM_PATH; 1..: signals */
} shim = { .fail_call = -1, .slow_call = -1, .flip_call = -1 };

/* A message straight to fd 2, without stdio or the wrapped write. */
static void say(const char *msg)
{
	long rc = syscall(SYS_write, 2, msg, strlen(msg));
	(void)rc;
}

static void *real(const char *name)
{
	void *f = dlsym(RTLD_NEXT, name);

	if (!f) {
		say("faultshim: cannot find the real ");
		say(name);
		say("\n");
		abort();
	}
	return f;
}

static void bad_setting(const char *what, const char *value)
{
	say("faultshim: bad ");
	say(what);
	say(" '");
	say(value);
	say("'\n");
	abort();
}

/* "CALL:N..." of a setting: the call into *call, N returned, *end after it. */
static unsigned long parse_call_n(const char *what, const char *spec, int *call,
				  char **end)
{
	const char *colon = strchr(spec, ':');
	unsigned long n;
	size_t len;

	if (!colon)
		bad_setting(what, spec);
	len = (size_t)(colon - spec);
	for (int c = 0; c < SC_COUNT; c++)
		if (strlen(call_names[c]) == len && strncmp(spec, call_names[c], len) == 0)
			*call = c;
	if (*call < 0)
		bad_setting(what, spec);
	errno = 0;
	n = strtoul(colon + 1, end, 10);
	if (errno || *end == colon + 1 || n == 0 || (**end && **end != ':'))
		bad_setting(what, spec);
	return n;
}

/* FAULTSHIM_FAIL=CALL:N[:ERRNO] */
static void parse_fail(const char *spec)
{
	char *end;

	shim.fail_nth = parse_call_n("FAULTSHIM_FAIL", spec, &shim.fail_call, &end);
	if (shim.fail_call == SC_CLOSE)
		bad_setting("FAULTSHIM_FAIL (close only slows)", spec);
	shim.fail_errno = EIO;
	if (*end == ':') {
		shim.fail_errno = 0;
		for (size_t i = 0; i < sizeof(errno_names) / sizeof(errno_names[0]); i++)
			if (strcmp(end + 1, errno_names[i].name) == 0)
				shim.fail_errno = errno_names[i].value;
		if (!shim.fail_errno)
			bad_setting("FAULTSHIM_FAIL errno", spec);
	}
}

/* FAULTSHIM_FLIP=CALL:N[:BYTE] */
static void parse_flip(const char *spec)
{
	char *end;

	shim.flip_nth = parse_call_n("FAULTSHIM_FLIP", spec, &shim.flip_call, &end);
	if (shim.flip_call == SC_CLOSE || shim.flip_call == SC_FSYNC ||
	    shim.flip_call == SC_ANY)
		bad_setting("FAULTSHIM_FLIP (a call that moves data)", spec);
	if (*end == ':') {
		const char *b = end + 1;
		errno = 0;
		shim.flip_at = (size_t)strtoull(b, &end, 10);
		if (errno || end == b || *end)
			bad_setting("FAULTSHIM_FLIP byte", spec);
	}
}

/* FAULTSHIM_SIGNAL's "CALL:N:SIG[@TEXT]", at spec, ending at a comma. */
static void parse_signal(const char *all, const char *spec)
{
	struct shim_signal *e = &shim.signals[shim.nsignals];
	size_t len = strcspn(spec, ",");
	char *end;
	char *copy = strndup(spec, len), *at;

	if (!copy || shim.nsignals == SHIM_MAX_SIGNALS)
		bad_setting("FAULTSHIM_SIGNAL (at most four)", all);
	e->call = -1;
	e->nth = parse_call_n("FAULTSHIM_SIGNAL", copy, &e->call, &end);
	if (*end != ':')
		bad_setting("FAULTSHIM_SIGNAL (CALL:N:SIG)", all);
	at = strchr(end + 1, '@');
	if (at) {
		*at = '\0';
		if (!at[1])
			bad_setting("FAULTSHIM_SIGNAL path", all);
		e->text = at + 1;
	}
	size_t siglen = strlen(end + 1);
	if (siglen > 7 && strcmp(end + 1 + siglen - 7, ":parent") == 0) {
		e->to_parent = 1;
		end[1 + siglen - 7] = '\0';
	}
	for (size_t i = 0; i < sizeof(signal_names) / sizeof(signal_names[0]); i++)
		if (strcmp(end + 1, signal_names[i].name) == 0)
			e->sig = signal_names[i].value;
	if (!e->sig)
		bad_setting("FAULTSHIM_SIGNAL signal", all);
	e->bit = e->text ? (unsigned char)(2u << shim.nsignals) : 1u;
	shim.nsignals++;
}

__attribute__((constructor)) static void shim_init(void)
{
	const char *v;

	shim.path = getenv("FAULTSHIM_PATH");
	if (shim.path && !*shim.path)
		shim.path = NULL;
	if ((v = getenv("FAULTSHIM_FAIL")) && *v)
		parse_fail(v);
	if ((v = getenv("FAULTSHIM_SHORT")) && *v) {
		char *end;
		errno = 0;
		shim.short_max = strtoul(v, &end, 10);
		if (errno || *end || shim.short_max == 0)
			bad_setting("FAULTSHIM_SHORT", v);
	}
	if ((v = getenv("FAULTSHIM_FLIP")) && *v)
		parse_flip(v);
	if ((v = getenv("FAULTSHIM_SLOW")) && *v) {
		char *end;
		shim.slow_ms = parse_call_n("FAULTSHIM_SLOW", v, &shim.slow_call, &end);
		if (*end || shim.slow_ms > 600000)
			bad_setting("FAULTSHIM_SLOW", v);
	}
	if ((v = getenv("FAULTSHIM_SIGNAL")) && *v)
		for (const char *p = v; p; p = strchr(p, ','), p = p ? p + 1 : NULL)
			parse_signal(v, p);
	shim.report = getenv("FAULTSHIM_REPORT");
}

__attribute__((destructor)) static void shim_report(void)
{
	char line[512];
	int fd, n;

	if (!shim.report || !*shim.report)
		return;
	n = snprintf(line, sizeof(line), "calls %lu faults %lu short %lu flipped %lu",
		     shim.calls, shim.faults, shim.shorts, shim.flips);
	for (int c = 0; c < SC_ANY && n > 0 && (size_t)n < sizeof(line); c++)
		n += snprintf(line + n, sizeof(line) - (size_t)n, " %s %lu",
			      call_names[c], shim.seen[c]);
	if (n <= 0 || (size_t)n >= sizeof(line) - 1)
		return;
	line[n++] = '\n';
	fd = (int)syscall(SYS_openat, AT_FDCWD, shim.report,
			  O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0)
		return;
	n = (int)syscall(SYS_write, fd, line, (size_t)n);
	syscall(SYS_close, fd);
}

static void track(int fd, const char *path)
{
	unsigned char bits = 0;

	if (fd < 0 || fd >= SHIM_MAX_FD)
		return;
	if (shim.path && path && strstr(path, shim.path))
		bits |= 1u;
	for (int k = 0; k < shim.nsignals; k++)
		if (shim.signals[k].text && path && strstr(path, shim.signals[k].text))
			bits |= shim.signals[k].bit;
	shim.tracked[fd] = bits;
}

static int is_tracked(int fd)
{
	return fd >= 0 && fd < SHIM_MAX_FD && (shim.tracked[fd] & 1u);
}

/* FAULTSHIM_SIGNAL: count a call beginning on fd; raise what falls due. */
static void signal_due(int fd, enum shim_call call)
{
	if (fd < 0 || fd >= SHIM_MAX_FD || !shim.tracked[fd])
		return;
	for (int k = 0; k < shim.nsignals; k++) {
		struct shim_signal *e = &shim.signals[k];
		if (!(shim.tracked[fd] & e->bit))
			continue;
		if (e->call != (int)call && !(e->call == SC_ANY && call != SC_CLOSE))
			continue;
		if (++e->seen != e->nth)
			continue;
		if (e->to_parent)
			kill(getppid(), e->sig);
		else
			raise(e->sig);
	}
}

/* FAULTSHIM_SLOW's sleep (a signal may cut it short: fine). */
static void nap(void)
{
	struct timespec ts = { (time_t)(shim.slow_ms / 1000),
			       (long)(shim.slow_ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/*
 * Count a call on a tracked descriptor; 1 when it must fail (errno set),
 * 0 when it goes ahead.
 */
static int must_fail(int fd, enum shim_call call)
{
	signal_due(fd, call);
	if (!is_tracked(fd))
		return 0;
	if (shim.slow_call == SC_ANY || shim.slow_call == (int)call)
		nap();
	shim.calls++;
	shim.seen[call]++;
	shim.seen[SC_ANY]++;
	if (shim.fail_call < 0)
		return 0;
	if (shim.seen[shim.fail_call] < shim.fail_nth)
		return 0;
	if (shim.fail_call != SC_ANY && shim.fail_call != (int)call)
		return 0;
	shim.faults++;
	errno = shim.fail_errno;
	return 1;
}

static size_t shorten(int fd, size_t len)
{
	if (is_tracked(fd) && shim.short_max && len > shim.short_max) {
		shim.shorts++;
		return shim.short_max;
	}
	return len;
}

/*
 * FAULTSHIM_FLIP: is this call (counted already by must_fail) the one
 * whose byte flip_at, of len bytes moved, goes bad?
 */
static int flip_now(int fd, enum shim_call call, size_t len)
{
	if (!is_tracked(fd) || shim.flip_call != (int)call ||
	    shim.seen[call] != shim.flip_nth || shim.flip_at >= len)
		return 0;
	shim.flips++;
	return 1;
}

/*
 * A copy of the len bytes at buf with byte at inverted, aligned for
 * O_DIRECT; NULL when out of memory (then nothing is flipped).
 */
static void *flipped_copy(const void *buf, size_t len, size_t at)
{
	void *copy = NULL;

	if (posix_memalign(&copy, 4096, len ? len : 1) != 0)
		return NULL;
	memcpy(copy, buf, len);
	((unsigned char *)copy)[at] ^= 0xff;
	return copy;
}

/*
 * The iovec array to send instead of iov: a copy whose element holding
 * the bad byte points to a flipped copy of its bytes (*bad, to free).
 */
static struct iovec *flipped_iov(const struct iovec *iov, int n, void **bad)
{
	struct iovec *v = malloc((size_t)(n > 0 ? n : 1) * sizeof(*v));
	size_t at = shim.flip_at;

	*bad = NULL;
	if (!v)
		return NULL;
	memcpy(v, iov, (size_t)n * sizeof(*v));
	for (int k = 0; k < n; k++) {
		if (at < v[k].iov_len) {
			*bad = flipped_copy(v[k].iov_base, v[k].iov_len, at);
			if (*bad)
				v[k].iov_base = *bad;
			break;
		}
		at -= v[k].iov_len;
	}
	return v;
}

/* After a read of got bytes into iov: the bad byte, if it came. */
static void flip_read_iov(const struct iovec *iov, int n, ssize_t got)
{
	size_t at = shim.flip_at;

	if (got < 0 || at >= (size_t)got)
		return;
	for (int k = 0; k < n; k++) {
		if (at < iov[k].iov_len) {
			((unsigned char *)iov[k].iov_base)[at] ^= 0xff;
			return;
		}
		at -= iov[k].iov_len;
	}
}

static size_t iov_bytes(const struct iovec *iov, int n)
{
	size_t len = 0;

	for (int k = 0; k < n; k++)
		len += iov[k].iov_len;
	return len;
}

/* ---- opening and closing ------------------------------------------------ */

static mode_t mode_arg(int flags, va_list ap)
{
	return (flags & (O_CREAT | O_TMPFILE)) ? (mode_t)va_arg(ap, int) : 0;
}

#define SHIM_OPEN(name)							\
int name(const char *path, int flags, ...)				\
{									\
	static int (*next)(const char *, int, ...);			\
	va_list ap;							\
	mode_t mode;							\
	int fd;								\
	if (!next)							\
		next = (int (*)(const char *, int, ...))real(#name);	\
	va_start(ap, flags);						\
	mode = mode_arg(flags, ap);					\
	va_end(ap);							\
	fd = next(path, flags, mode);					\
	track(fd, path);						\
	return fd;							\
}

#define SHIM_OPENAT(name)						\
int name(int dirfd, const char *path, int flags, ...)			\
{									\
	static int (*next)(int, const char *, int, ...);		\
	va_list ap;							\
	mode_t mode;							\
	int fd;								\
	if (!next)							\
		next = (int (*)(int, const char *, int, ...))real(#name); \
	va_start(ap, flags);						\
	mode = mode_arg(flags, ap);					\
	va_end(ap);							\
	fd = next(dirfd, path, flags, mode);				\
	track(fd, path);						\
	return fd;							\
}

#define SHIM_CREAT(name)						\
int name(const char *path, mode_t mode)					\
{									\
	static int (*next)(const char *, mode_t);			\
	int fd;								\
	if (!next)							\
		next = (int (*)(const char *, mode_t))real(#name);	\
	fd = next(path, mode);						\
	track(fd, path);						\
	return fd;							\
}

#define SHIM_FOPEN(name)						\
FILE *name(const char *path, const char *how)				\
{									\
	static FILE *(*next)(const char *, const char *);		\
	FILE *fp;							\
	if (!next)							\
		next = (FILE *(*)(const char *, const char *))real(#name); \
	fp = next(path, how);						\
	if (fp)								\
		track(fileno(fp), path);				\
	return fp;							\
}

int open64(const char *path, int flags, ...);
int openat64(int dirfd, const char *path, int flags, ...);
int creat64(const char *path, mode_t mode);
FILE *fopen64(const char *path, const char *how);

SHIM_OPEN(open)
SHIM_OPEN(open64)
SHIM_OPENAT(openat)
SHIM_OPENAT(openat64)
SHIM_CREAT(creat)
SHIM_CREAT(creat64)
SHIM_FOPEN(fopen)
SHIM_FOPEN(fopen64)

/*
 * close and fclose of a tracked descriptor: counted and slowed like the
 * transfers (FAULTSHIM_SLOW=close:MS; "any" leaves them alone), never
 * failed, a signal raised when one falls due (FAULTSHIM_SIGNAL=close:N:SIG),
 * and the descriptor is forgotten.
 */
static void closing(int fd)
{
	signal_due(fd, SC_CLOSE);
	if (is_tracked(fd)) {
		if (shim.slow_call == SC_CLOSE)
			nap();
		shim.seen[SC_CLOSE]++;
	}
	if (fd >= 0 && fd < SHIM_MAX_FD)
		shim.tracked[fd] = 0;
}

int close(int fd)
{
	static int (*next)(int);

	if (!next)
		next = (int (*)(int))real("close");
	closing(fd);
	return next(fd);
}

int fclose(FILE *fp)
{
	static int (*next)(FILE *);

	if (!next)
		next = (int (*)(FILE *))real("fclose");
	closing(fp ? fileno(fp) : -1);
	return next(fp);
}

/* ---- the transfers ------------------------------------------------------ */

ssize_t write(int fd, const void *buf, size_t len)
{
	static ssize_t (*next)(int, const void *, size_t);

	if (!next)
		next = (ssize_t (*)(int, const void *, size_t))real("write");
	if (must_fail(fd, SC_WRITE))
		return -1;
	len = shorten(fd, len);
	if (flip_now(fd, SC_WRITE, len)) {
		void *bad = flipped_copy(buf, len, shim.flip_at);
		ssize_t r = next(fd, bad ? bad : buf, len);
		free(bad);
		return r;
	}
	return next(fd, buf, len);
}

ssize_t read(int fd, void *buf, size_t len)
{
	static ssize_t (*next)(int, void *, size_t);

	if (!next)
		next = (ssize_t (*)(int, void *, size_t))real("read");
	ssize_t r;

	if (must_fail(fd, SC_READ))
		return -1;
	len = shorten(fd, len);
	r = next(fd, buf, len);
	if (flip_now(fd, SC_READ, len) && r > 0 && shim.flip_at < (size_t)r)
		((unsigned char *)buf)[shim.flip_at] ^= 0xff;
	return r;
}

#define SHIM_PWRITE(name)						\
ssize_t name(int fd, const void *buf, size_t len, off_t off)		\
{									\
	static ssize_t (*next)(int, const void *, size_t, off_t);	\
	if (!next)							\
		next = (ssize_t (*)(int, const void *, size_t, off_t))real(#name); \
	if (must_fail(fd, SC_PWRITE))					\
		return -1;						\
	len = shorten(fd, len);						\
	if (flip_now(fd, SC_PWRITE, len)) {				\
		void *bad = flipped_copy(buf, len, shim.flip_at);	\
		ssize_t r = next(fd, bad ? bad : buf, len, off);	\
		free(bad);						\
		return r;						\
	}								\
	return next(fd, buf, len, off);					\
}

#define SHIM_PREAD(name)						\
ssize_t name(int fd, void *buf, size_t len, off_t off)			\
{									\
	static ssize_t (*next)(int, void *, size_t, off_t);		\
	if (!next)							\
		next = (ssize_t (*)(int, void *, size_t, off_t))real(#name); \
	ssize_t r;							\
	if (must_fail(fd, SC_PREAD))					\
		return -1;						\
	len = shorten(fd, len);						\
	r = next(fd, buf, len, off);					\
	if (flip_now(fd, SC_PREAD, len) && r > 0 && shim.flip_at < (size_t)r) \
		((unsigned char *)buf)[shim.flip_at] ^= 0xff;		\
	return r;							\
}

/*
 * Vectored calls fail and flip but are never shortened (iovecs are the
 * caller's).
 */
#define SHIM_VEC(name, call)						\
ssize_t name(int fd, const struct iovec *iov, int n, off_t off)	\
{									\
	static ssize_t (*next)(int, const struct iovec *, int, off_t);	\
	ssize_t r;							\
	if (!next)							\
		next = (ssize_t (*)(int, const struct iovec *, int, off_t))real(#name); \
	if (must_fail(fd, call))					\
		return -1;						\
	if (!flip_now(fd, call, iov_bytes(iov, n)))			\
		return next(fd, iov, n, off);				\
	if (call == SC_PREADV) {					\
		r = next(fd, iov, n, off);				\
		flip_read_iov(iov, n, r);				\
		return r;						\
	}								\
	void *bad;							\
	struct iovec *v = flipped_iov(iov, n, &bad);			\
	r = next(fd, v ? v : iov, n, off);				\
	free(bad);							\
	free(v);							\
	return r;							\
}

ssize_t pwrite64(int fd, const void *buf, size_t len, off_t off);
ssize_t pread64(int fd, void *buf, size_t len, off_t off);
ssize_t pwritev64(int fd, const struct iovec *iov, int n, off_t off);
ssize_t preadv64(int fd, const struct iovec *iov, int n, off_t off);

SHIM_PWRITE(pwrite)
SHIM_PWRITE(pwrite64)
SHIM_PREAD(pread)
SHIM_PREAD(pread64)
SHIM_VEC(pwritev, SC_PWRITEV)
SHIM_VEC(pwritev64, SC_PWRITEV)
SHIM_VEC(preadv, SC_PREADV)
SHIM_VEC(preadv64, SC_PREADV)

int fsync(int fd)
{
	static int (*next)(int);

	if (!next)
		next = (int (*)(int))real("fsync");
	if (must_fail(fd, SC_FSYNC))
		return -1;
	return next(fd);
}

/* FAULTSHIM_MOUNT_FAIL: a mount that fails after its unmount succeeded. */
int mount(const char *src, const char *dir, const char *type,
	  unsigned long flags, const void *data)
{
	static int (*next)(const char *, const char *, const char *,
			   unsigned long, const void *);
	static unsigned long count;
	const char *nth = getenv("FAULTSHIM_MOUNT_FAIL");

	if (!next)
		next = (int (*)(const char *, const char *, const char *,
				unsigned long, const void *))real("mount");
	if (nth && *nth && ++count >= strtoul(nth, NULL, 10)) {
		errno = EIO;
		return -1;
	}
	return next(src, dir, type, flags, data);
}

size_t fwrite(const void *buf, size_t size, size_t n, FILE *fp)
{
	static size_t (*next)(const void *, size_t, size_t, FILE *);

	if (!next)
		next = (size_t (*)(const void *, size_t, size_t, FILE *))real("fwrite");
	if (must_fail(fileno(fp), SC_FWRITE))
		return 0;
	if (flip_now(fileno(fp), SC_FWRITE, size * n)) {
		void *bad = flipped_copy(buf, size * n, shim.flip_at);
		size_t r = next(bad ? bad : buf, size, n, fp);
		free(bad);
		return r;
	}
	return next(buf, size, n, fp);
}

size_t fread(void *buf, size_t size, size_t n, FILE *fp)
{
	static size_t (*next)(void *, size_t, size_t, FILE *);

	if (!next)
		next = (size_t (*)(void *, size_t, size_t, FILE *))real("fread");
	size_t r;

	if (must_fail(fileno(fp), SC_FREAD))
		return 0;
	r = next(buf, size, n, fp);
	if (flip_now(fileno(fp), SC_FREAD, size * n) && shim.flip_at < r * size)
		((unsigned char *)buf)[shim.flip_at] ^= 0xff;
	return r;
}
