/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_platform_posix.c: the POSIX platform layer's system-call wrappers on real temporary files: whole
 * transfers, short transfers finished or reported, end of file named,
 * O_EXCL refusal of an existing file and of symbolic links, vectored
 * transfers, aligned buffers given back to the system when freed,
 * directory checks.
 */
#include "platform/posix/platform_posix.h"   /* HAVE_*: this test is of the POSIX layer */

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#if defined(__linux__)
#include <sys/vfs.h>
#endif

#include "cu.h"
#include "platform/platform.h"

static char dir[256];
static char path[300];
static char err[512];

static void setup(void)
{
	snprintf(dir, sizeof(dir), "%s/iosweep-io.XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	CU_ASSERT_FATAL(mkdtemp(dir) != NULL);
	snprintf(path, sizeof(path), "%s/f", dir);
	err[0] = '\0';
}

static void teardown(void)
{
	char p[320];
	static const char *names[] = { "f", "link", "dangling", "target" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(p, sizeof(p), "%s/%s", dir, names[i]);
		unlink(p);
	}
	rmdir(dir);
}

static int open_rw(void)
{
	return io_open(path, O_RDWR, NULL, err, sizeof(err));
}

static void test_full_write_read(void)
{
	static const size_t sizes[] = { 1, 4096, 65536 + 3, 1u << 20 };

	setup();
	CU_ASSERT_FATAL(io_create(path, 0, err, sizeof(err)) == 0);
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		unsigned char *a = malloc(sizes[i]), *b = malloc(sizes[i]);
		int fd;
		CU_ASSERT_FATAL(a && b);
		for (size_t k = 0; k < sizes[i]; k++)
			a[k] = (unsigned char)(k * 31 + i);
		fd = open_rw();
		CU_ASSERT_FATAL(fd >= 0);
		CU_ASSERT(io_truncate(fd, 0, path, err, sizeof(err)) == 0);
		CU_ASSERT(io_full_write(fd, a, sizes[i], path, err, sizeof(err)) == 0);
		CU_ASSERT(io_fsync(fd, path, err, sizeof(err)) == 0);
		CU_ASSERT(io_seek(fd, 0, SEEK_SET, path, err, sizeof(err)) == 0);
		CU_ASSERT(io_full_read(fd, b, sizes[i], path, err, sizeof(err)) == 0);
		CU_ASSERT(memcmp(a, b, sizes[i]) == 0);
		memset(b, 0, sizes[i]);
		CU_ASSERT(io_full_pread(fd, b, sizes[i], 0, path, err, sizeof(err)) == 0);
		CU_ASSERT(memcmp(a, b, sizes[i]) == 0);
		CU_ASSERT(io_close(fd, path, err, sizeof(err)) == 0);
		free(a);
		free(b);
	}
	teardown();
}

static void test_read_past_eof_names_file(void)
{
	unsigned char buf[16] = { 0 };
	int fd;

	setup();
	CU_ASSERT_FATAL(io_create(path, 0, err, sizeof(err)) == 0);
	fd = open_rw();
	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT(io_full_write(fd, buf, 10, path, err, sizeof(err)) == 0);
	CU_ASSERT(io_seek(fd, 0, SEEK_SET, path, err, sizeof(err)) == 0);
	CU_ASSERT(io_full_read(fd, buf, 16, path, err, sizeof(err)) == IO_EOF);
	CU_ASSERT(strstr(err, "cannot read") != NULL);
	CU_ASSERT(strstr(err, path) != NULL);
	CU_ASSERT(strstr(err, "end of file") != NULL);
	CU_ASSERT(io_full_pread(fd, buf, 16, 4, path, err, sizeof(err)) == IO_EOF);
	CU_ASSERT(strstr(err, "cannot pread") != NULL);
	close(fd);
	teardown();
}

/* A writer that delivers a record in two parts: the reader sees a short read. */
static int pipe_fds[2];

static void *slow_writer(void *arg)
{
	struct timespec ts = { 0, 20000000L };
	(void)arg;
	if (write(pipe_fds[1], "abc", 3) != 3)
		return NULL;
	nanosleep(&ts, NULL);
	if (write(pipe_fds[1], "defg", 4) != 4)
		return NULL;
	return NULL;
}

static void test_short_read_finished(void)
{
	char buf[8] = { 0 };
	pthread_t th;

	CU_ASSERT_FATAL(pipe(pipe_fds) == 0);
	CU_ASSERT_FATAL(pthread_create(&th, NULL, slow_writer, NULL) == 0);
	CU_ASSERT(io_full_read(pipe_fds[0], buf, 7, "pipe", err, sizeof(err)) == 0);
	CU_ASSERT(memcmp(buf, "abcdefg", 7) == 0);
	pthread_join(th, NULL);
	close(pipe_fds[0]);
	close(pipe_fds[1]);
}

/* RLIMIT_FSIZE makes write() return short, then fail with EFBIG. */
static void test_short_write_reported(void)
{
	struct rlimit old, lim;
	unsigned char *buf = calloc(1, 16384);
	void (*oldsig)(int);
	int fd, rc;

	setup();
	CU_ASSERT_FATAL(buf != NULL);
	CU_ASSERT_FATAL(io_create(path, 0, err, sizeof(err)) == 0);
	fd = open_rw();
	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT_FATAL(getrlimit(RLIMIT_FSIZE, &old) == 0);
	oldsig = signal(SIGXFSZ, SIG_IGN);
	lim = old;
	lim.rlim_cur = 10000;
	CU_ASSERT_FATAL(setrlimit(RLIMIT_FSIZE, &lim) == 0);
	rc = io_full_write(fd, buf, 16384, path, err, sizeof(err));
	setrlimit(RLIMIT_FSIZE, &old);
	signal(SIGXFSZ, oldsig);
	CU_ASSERT(rc == -1);
	CU_ASSERT(strstr(err, "cannot write") != NULL);
	CU_ASSERT(strstr(err, path) != NULL);
	CU_ASSERT(strstr(err, strerror(EFBIG)) != NULL);
	CU_ASSERT(lseek(fd, 0, SEEK_END) == 10000);	/* the short part was kept */
	close(fd);
	free(buf);
	teardown();
}

static void test_create_refuses_existing(void)
{
	int fd;
	struct stat st;

	setup();
	CU_ASSERT(io_create(path, 0, err, sizeof(err)) == 0);
	fd = open_rw();
	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT(io_full_write(fd, "xyz", 3, path, err, sizeof(err)) == 0);
	close(fd);
	CU_ASSERT(io_create(path, 0, err, sizeof(err)) == -1);
	CU_ASSERT(strstr(err, "exists already") != NULL);
	CU_ASSERT(strstr(err, path) != NULL);
	CU_ASSERT(stat(path, &st) == 0 && st.st_size == 3);	/* untouched */
	CU_ASSERT(io_create(path, 1, err, sizeof(err)) == 0);	/* --overwrite */
	CU_ASSERT(stat(path, &st) == 0 && st.st_size == 0);
	teardown();
}

static void test_symlinks_refused(void)
{
	char target[320], link[320], dangling[320];
	struct stat st;

	setup();
	snprintf(target, sizeof(target), "%s/target", dir);
	snprintf(link, sizeof(link), "%s/link", dir);
	snprintf(dangling, sizeof(dangling), "%s/dangling", dir);
	CU_ASSERT_FATAL(io_create(target, 0, err, sizeof(err)) == 0);
	CU_ASSERT_FATAL(symlink(target, link) == 0);
	CU_ASSERT_FATAL(symlink(path, dangling) == 0);	/* points at "f", absent */
	/* Table: path, overwrite; every one must be refused as a link. */
	const struct { const char *p; int overwrite; } rows[] = {
		{ link, 0 }, { link, 1 }, { dangling, 0 }, { dangling, 1 },
	};
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		err[0] = '\0';
		CU_ASSERT(io_create(rows[i].p, rows[i].overwrite, err, sizeof(err)) == -1);
		CU_ASSERT(strstr(err, "symbolic link") != NULL);
	}
	CU_ASSERT(lstat(path, &st) == -1);	/* the dangling link made nothing */
	CU_ASSERT(io_open(link, O_RDONLY, NULL, err, sizeof(err)) == -1);
	CU_ASSERT(strstr(err, "symbolic link") != NULL);
	teardown();
}

static void test_open_refuses_non_regular(void)
{
	setup();
	CU_ASSERT(io_open(dir, O_RDONLY, NULL, err, sizeof(err)) == -1);
	CU_ASSERT(strstr(err, "not a regular file") != NULL);
	CU_ASSERT(io_open(path, O_RDONLY, NULL, err, sizeof(err)) == -1);
	CU_ASSERT(strstr(err, "cannot open") != NULL && strstr(err, path) != NULL);
	teardown();
}

static void test_vectored(void)
{
	char a[3][8] = { "aaaaaaa", "bbbbbbb", "ccccccc" }, b[3][8];
	struct io_vec wv[3], rv[3];
	int fd;

	if (!io_have_vectored())
		return;
	setup();
	for (int i = 0; i < 3; i++) {
		wv[i].base = a[i];
		wv[i].len = 8;
		rv[i].base = b[i];
		rv[i].len = 8;
	}
	CU_ASSERT_FATAL(io_create(path, 0, err, sizeof(err)) == 0);
	fd = open_rw();
	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT(io_full_pwritev(fd, wv, 3, 8, path, err, sizeof(err)) == 0);
	CU_ASSERT(lseek(fd, 0, SEEK_END) == 32);
	memset(b, 0, sizeof(b));
	CU_ASSERT(io_full_preadv(fd, rv, 3, 8, path, err, sizeof(err)) == 0);
	CU_ASSERT(memcmp(a, b, sizeof(a)) == 0);
	CU_ASSERT(io_full_preadv(fd, rv, 3, 16, path, err, sizeof(err)) == IO_EOF);
	CU_ASSERT(strstr(err, "cannot preadv") != NULL);
	CU_ASSERT(strstr(err, "end of file") != NULL);
	close(fd);
	teardown();
}

static void test_alloc_aligned(void)
{
	static const size_t sizes[] = { 1, 4096, 65536, 3u << 20 };

	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		unsigned char *p = io_alloc(sizes[i]);
		CU_ASSERT_FATAL(p != NULL);
		CU_ASSERT((uintptr_t)p % IO_ALIGN == 0);
		CU_ASSERT(p[0] == 0 && p[sizes[i] - 1] == 0);
		io_free(p);
	}
}

/* Resident pages of this process in kB (Linux /proc/self/statm), or -1. */
static long rss_kb(void)
{
	FILE *fp = fopen("/proc/self/statm", "r");
	long size = 0, res = -1;

	if (!fp)
		return -1;
	if (fscanf(fp, "%ld %ld", &size, &res) != 2)
		res = -1;
	fclose(fp);
	return res < 0 ? -1 : res * (sysconf(_SC_PAGESIZE) / 1024);
}

/*
 * io_free gives the memory back: large buffers of changing sizes, each
 * touched in full and freed, leave the resident size where it was (with
 * malloc, glibc's rising mmap threshold served later ones from a heap
 * that kept them).  Where /proc/self/statm is missing there is nothing
 * to measure.
 */
static void test_alloc_returned(void)
{
	static const size_t sizes[] = {
		16u << 20, (1u << 20) + 4096, 8u << 20, 17u << 20, 4u << 20, 16u << 20,
	};
	long before = rss_kb();

	if (before < 0)
		return;
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		unsigned char *p = io_alloc(sizes[i]);
		long touched;
		CU_ASSERT_FATAL(p != NULL);
		memset(p, 0x5a, sizes[i]);
		touched = rss_kb();
		CU_ASSERT(touched - before >= (long)(sizes[i] / 1024) - 1024);
		io_free(p);
		CU_ASSERT(rss_kb() - before < 4096);
	}
	io_free(NULL);
}

static void test_check_dir(void)
{
	uint64_t free_bytes = 0;
	char missing[320];

	setup();
	CU_ASSERT(io_check_dir(dir, &free_bytes, err, sizeof(err)) == 0);
	CU_ASSERT(free_bytes > 0);
	snprintf(missing, sizeof(missing), "%s/nodir", dir);
	CU_ASSERT(io_check_dir(missing, &free_bytes, err, sizeof(err)) == -1);
	CU_ASSERT(strstr(err, missing) != NULL && strstr(err, "does not exist") != NULL);
	CU_ASSERT_FATAL(io_create(path, 0, err, sizeof(err)) == 0);
	CU_ASSERT(io_check_dir(path, &free_bytes, err, sizeof(err)) == -1);
	CU_ASSERT(strstr(err, "not a directory") != NULL);
	teardown();
}

static void test_mode_flags(void)
{
	const struct { struct io_mode m; int expect; } rows[] = {
		{ { 0, 0, 0, 0 }, 0 },
		{ { 0, 1, 0, 0 }, O_SYNC },
#if defined(HAVE_O_DIRECT)
		{ { 1, 0, 0, 0 }, O_DIRECT },
#endif
#if defined(HAVE_O_DSYNC)
		{ { 0, 0, 1, 0 }, O_DSYNC },
#endif
	};
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		int f = -1;
		CU_ASSERT(io_mode_flags(&rows[i].m, &f, err, sizeof(err)) == 0);
		CU_ASSERT(f == rows[i].expect);
	}
}

static void test_purge_cache(void)
{
	int fd;

	setup();
	CU_ASSERT_FATAL(io_create(path, 0, err, sizeof(err)) == 0);
	fd = open_rw();
	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT(io_full_write(fd, "0123456789", 10, path, err, sizeof(err)) == 0);
#if defined(HAVE_POSIX_FADVISE)
	CU_ASSERT(io_purge_cache(fd, path, err, sizeof(err)) == 0);
#else
	CU_ASSERT(io_purge_cache(fd, path, err, sizeof(err)) == -1);
#endif
	close(fd);
	teardown();
}

/* Is d on tmpfs (Linux), where the page cache is the storage? */
static int on_tmpfs(const char *d)
{
#if defined(__linux__)
	struct statfs fs;

	return statfs(d, &fs) == 0 && fs.f_type == 0x01021994;
#else
	(void)d;
	return 0;
#endif
}

/*
 * mincore on a file just written: every page cached; a length past the
 * end counts the missing pages as not cached; after io_drop_cache on a
 * file system that keeps a separate page cache (not tmpfs), few remain.
 */
static void test_cached_fraction(void)
{
	const size_t len = 1u << 20;
	unsigned char *buf = malloc(len);
	double frac = -1.0;
	int fd;

	setup();
	CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
	memset(buf, 0x5a, len);
	CU_ASSERT_FATAL(io_create(path, 0, err, sizeof(err)) == 0);
	fd = open_rw();
	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT(io_full_write(fd, buf, len, path, err, sizeof(err)) == 0);
	CU_ASSERT(io_fsync(fd, path, err, sizeof(err)) == 0);
	close(fd);
#if defined(HAVE_MINCORE)
	CU_ASSERT(io_cached_fraction(path, len, &frac, err, sizeof(err)) == 0);
	CU_ASSERT_DOUBLE_EQUAL(frac, 1.0, 1e-9);
	CU_ASSERT(io_cached_fraction(path, 2 * len, &frac, err, sizeof(err)) == 0);
	CU_ASSERT_DOUBLE_EQUAL(frac, 0.5, 1e-9);
	CU_ASSERT(io_cached_fraction(path, 0, &frac, err, sizeof(err)) == 0);
	CU_ASSERT_DOUBLE_EQUAL(frac, 0.0, 1e-9);
#if defined(HAVE_POSIX_FADVISE)
	CU_ASSERT(io_can_drop_cache(err, sizeof(err)) == 0);
	CU_ASSERT(io_drop_cache(path, err, sizeof(err)) == 0);
	CU_ASSERT(io_cached_fraction(path, len, &frac, err, sizeof(err)) == 0);
	/* tmpfs pages are the file itself: nothing to drop there */
	if (on_tmpfs(dir)) {
		CU_ASSERT(frac >= 0.0 && frac <= 1.0);
	} else {
		CU_ASSERT(frac < 0.5);
	}
#else
	CU_ASSERT(io_can_drop_cache(err, sizeof(err)) == -1);
	CU_ASSERT(strstr(err, "--cold") != NULL);
#endif
#else
	CU_ASSERT(io_cached_fraction(path, len, &frac, err, sizeof(err)) == -1);
#endif
	/* a file that is not there: an error naming it */
	CU_ASSERT(io_cached_fraction("/nonexistent/x", len, &frac, err, sizeof(err)) == -1);
	CU_ASSERT(strstr(err, "/nonexistent/x") != NULL);
	free(buf);
	teardown();
}

/*
 * cachestat and mincore count the same pages, asked of the same
 * descriptor in a row, over the whole file and its first quarter: a file
 * just written (all cached), after io_drop_cache (few, except on tmpfs,
 * whose pages are the file), and after reading 64 kB of it back (whatever
 * read-ahead added, both see it).  Where the kernel has no cachestat
 * (before 6.5) only mincore is there, and the test above covers it.
 */
static int pages_agree(int fd, size_t len, size_t *pages)
{
	size_t a = 0, b = 0, qa = 0, qb = 0;

	if (posix_cachestat_pages(fd, len, &a) != 0)
		return -1;
	CU_ASSERT(posix_mincore_pages(fd, len, &b) == 0);
	CU_ASSERT_EQUAL(a, b);
	CU_ASSERT(posix_cachestat_pages(fd, len / 4, &qa) == 0);
	CU_ASSERT(posix_mincore_pages(fd, len / 4, &qb) == 0);
	CU_ASSERT_EQUAL(qa, qb);
	CU_ASSERT(qa <= a);
	*pages = a;
	return 0;
}

static void test_cached_pages_agree(void)
{
#if defined(HAVE_CACHESTAT_SYSCALL) && defined(HAVE_MINCORE) && \
	defined(HAVE_POSIX_FADVISE)
	const size_t len = 1u << 20;
	long pg = sysconf(_SC_PAGESIZE);
	const size_t all = len / (size_t)(pg > 0 ? pg : 4096);
	unsigned char *buf = malloc(len);
	size_t n = 0;
	int fd;

	setup();
	CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
	memset(buf, 0x3c, len);
	CU_ASSERT_FATAL(io_create(path, 0, err, sizeof(err)) == 0);
	fd = open_rw();
	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT(io_full_write(fd, buf, len, path, err, sizeof(err)) == 0);
	CU_ASSERT(io_fsync(fd, path, err, sizeof(err)) == 0);
	if (pages_agree(fd, len, &n) == 0) {
		CU_ASSERT_EQUAL(n, all);
		CU_ASSERT(io_drop_cache(path, err, sizeof(err)) == 0);
		CU_ASSERT(pages_agree(fd, len, &n) == 0);
		if (!on_tmpfs(dir))
			CU_ASSERT(n < all / 2);
		CU_ASSERT(pread(fd, buf, 65536, 0) == 65536);
		CU_ASSERT(pages_agree(fd, len, &n) == 0);
		CU_ASSERT(n >= 65536 / (size_t)(pg > 0 ? pg : 4096));
	}
	close(fd);
	free(buf);
	teardown();
#endif
}

/*
 * What another descriptor of the file is told about [off, off+len) when
 * it asks for a lock of type want: F_UNLCK when it could have it, or the
 * type of the lock in its way.
 */
static int lock_in_way(int fd, short want, off_t off, off_t len)
{
	struct flock fl;

	memset(&fl, 0, sizeof(fl));
	fl.l_type = want;
	fl.l_whence = SEEK_SET;
	fl.l_start = off;
	fl.l_len = len;
#ifdef F_OFD_GETLK
	CU_ASSERT_FATAL(fcntl(fd, F_OFD_GETLK, &fl) == 0);
#else
	CU_ASSERT_FATAL(fcntl(fd, F_GETLK, &fl) == 0);
#endif
	return fl.l_type;
}

/* -W, -+l: io_lock's ranges and kinds, seen from a second descriptor. */
static void test_lock(void)
{
	int a, b;

	setup();
	CU_ASSERT_FATAL(io_create(path, 0, err, sizeof(err)) == 0);
	a = open_rw();
	b = open_rw();
	CU_ASSERT_FATAL(a >= 0 && b >= 0);
#ifdef F_OFD_GETLK
	/* a record: exclusive on its bytes, nothing either side */
	CU_ASSERT(io_lock(a, IO_LOCK_WRITE, 65536, 65536, path, err, sizeof(err)) == 0);
	CU_ASSERT(lock_in_way(b, F_RDLCK, 65536, 1) == F_WRLCK);
	CU_ASSERT(lock_in_way(b, F_RDLCK, 131071, 1) == F_WRLCK);
	CU_ASSERT(lock_in_way(b, F_WRLCK, 0, 65536) == F_UNLCK);
	CU_ASSERT(lock_in_way(b, F_WRLCK, 131072, 1) == F_UNLCK);
	CU_ASSERT(io_lock(a, IO_UNLOCK, 65536, 65536, path, err, sizeof(err)) == 0);
	CU_ASSERT(lock_in_way(b, F_WRLCK, 65536, 65536) == F_UNLCK);
	/* shared: other readers may, writers may not; len 0 reaches past EOF */
	CU_ASSERT(io_lock(a, IO_LOCK_READ, 0, 0, path, err, sizeof(err)) == 0);
	CU_ASSERT(lock_in_way(b, F_RDLCK, 1u << 30, 1) == F_UNLCK);
	CU_ASSERT(lock_in_way(b, F_WRLCK, 1u << 30, 1) == F_RDLCK);
	/* the close drops it */
	CU_ASSERT(io_close(a, path, err, sizeof(err)) == 0);
	a = -1;
	CU_ASSERT(lock_in_way(b, F_WRLCK, 0, 0) == F_UNLCK);
#else
	/* classic locks are the process's: only that it is taken and given */
	CU_ASSERT(io_lock(a, IO_LOCK_WRITE, 0, 4096, path, err, sizeof(err)) == 0);
	CU_ASSERT(io_lock(a, IO_UNLOCK, 0, 4096, path, err, sizeof(err)) == 0);
#endif
	/* a descriptor that is not open: an error naming the file */
	CU_ASSERT(io_lock(-1, IO_LOCK_READ, 0, 0, path, err, sizeof(err)) == -1);
	CU_ASSERT(strstr(err, path) != NULL);
	if (a >= 0)
		close(a);
	close(b);
	teardown();
}

/* A library that is not there: NULL, and a message naming it. */
static void test_lib_missing(void)
{
	struct plat_lib *l;
	err[0] = '\0';
	l = plat_lib_open("libiosweep-no-such-library.so.0", err, sizeof(err));
	CU_ASSERT_PTR_NULL(l);
	CU_ASSERT(strncmp(err, "cannot load libiosweep-no-such-library.so.0: ", 45) == 0);
	plat_lib_close(NULL);
}

static const struct cu_case cases[] = {
	CU_CASE(test_full_write_read),
	CU_CASE(test_read_past_eof_names_file),
	CU_CASE(test_short_read_finished),
	CU_CASE(test_short_write_reported),
	CU_CASE(test_create_refuses_existing),
	CU_CASE(test_symlinks_refused),
	CU_CASE(test_open_refuses_non_regular),
	CU_CASE(test_vectored),
	CU_CASE(test_alloc_aligned),
	CU_CASE(test_alloc_returned),
	CU_CASE(test_check_dir),
	CU_CASE(test_mode_flags),
	CU_CASE(test_purge_cache),
	CU_CASE(test_cached_fraction),
	CU_CASE(test_cached_pages_agree),
	CU_CASE(test_lock),
	CU_CASE(test_lib_missing),
	{ 0, 0 }
};

CU_MAIN("platform_posix", cases)
