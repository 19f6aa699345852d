/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * floor.c: the bare loop iosweep's timed region cannot beat.
 *
 * For IOzone's tests 0 (write, rewrite), 1 (read, reread) and 2 (random
 * read, random write) this does the same open, fsync and I/O calls as
 * IOzone's semantics (see fixtures/iozone/SPEC.md), with nothing else: one
 * aligned buffer, a monotonic clock read just before the first and just
 * after the last call of the timed region, and the random-read
 * permutation computed before the clock starts.  Writes take their data
 * as iosweep's do (src/run/sweep/tests.h): consecutive windows of a buffer of
 * incompressible bytes one record + 1024 kB long, moving on by the record
 * below 1 MB and by min(record - 1 MB, 1 MB) (1 MB for exactly 1 MB)
 * from there, each window's tag words set just before it is sent (the
 * last 8 bytes of every 512-byte block: a one-to-one mix of a counter,
 * so no block written repeats, as iosweep's src/run/data/pattern.h does); with
 * -z the buffer is one record of zeros, written over and over, as iosweep
 * --data zero and IOzone do.  Record by record this is the plain copy
 * of iosweep's record loop (src/run/tests_loop.h, rec_loop_steps without
 * decorations): where the record is (rec_place), the transfer (the
 * pass's io), the next tagged window (rec_next); the one step of that
 * loop left out here is its load of the stop flag.  scripts/bench runs it
 * between iosweep, fio and IOzone to show that iosweep adds nothing to
 * what it measures.  It is a benchmark reference, not part of the
 * product, so it stands alone (no project headers) and dies on any error.
 *
 *   floor -s KB -r KB -f FILE [-i 0] [-i 1] [-i 2] [-I] [-e] [-c] [-+n] [-w] [-p]
 *         [-z] [-W KB]
 *
 *   -I   O_DIRECT          -e  fsync inside the timed region
 *   -c   close inside       -+n no second passes (rewrite, reread)
 *   -w   keep the file      -p  pwrite/pread instead of write/read and
 *                               lseek+read/write (one syscall per record)
 *   -z   zeros, one record (iosweep --data zero, IOzone)
 *   -W KB  the write buffer is KB long instead of record + 1024 kB (a
 *          diagnostic: what the window's size costs); -W 0, or KB not
 *          above the record, is one hot record of random bytes
 *
 * Output: one line per pass, "test<TAB>kb_per_s<TAB>seconds<TAB>bytes", kB
 * being 1024 bytes and test IOzone's column name.
 *
 * With -q ENGINE it is instead the bare loop of a time-based queue-depth
 * pass (iosweep --iodepth --jobs --mix --runtime --ramp), on a file that
 * is already there (floor_qd.h):
 *
 *   floor -q psync|uring -s KB -r KB -f FILE [-d DEPTH] [-j JOBS] [-m PCT]
 *         [-S] [-I] [-T MS] [-R MS]
 *
 *   -d  I/Os in flight per job (uring)   -j  jobs (threads), one share each
 *   -m  reads among 100 (default 100)    -S  sequential, not the permutation
 *   -T  counted milliseconds (4000)      -R  ramp milliseconds (1000)
 *
 * Output: "qd<TAB>iops<TAB>seconds<TAB>ios" (ios: the counted ones).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#ifndef _FILE_OFFSET_BITS
#define _FILE_OFFSET_BITS 64
#endif

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "floor_qd.h"

#ifndef O_DIRECT
#define O_DIRECT 0
#endif

#define FLOOR_MIB ((uint64_t)1 << 20)

struct floor_cfg {
	const char *file;
	uint64_t size_kb, rec_kb;
	uint64_t nrecs, reclen;
	uint64_t window_kb;  /* -W: size of the write buffer in kB */
	int window_set;      /* -W given */
	uint64_t wlen, wpos; /* its length in bytes and the next window's offset */
	uint64_t wstep;      /* how far a window moves on */
	uint64_t tag;        /* the next tag number */
	unsigned tests;      /* bit per IOzone test number 0, 1, 2 */
	int direct, fsync_in, close_in, noretest, keep, positional, zero;
	unsigned char *buf;  /* reads land here; writes come from here at wpos */
	uint64_t *perm;
};

void floor_die(const char *what, const char *path)
{
	fprintf(stderr, "floor: %s '%s': %s\n", what, path, strerror(errno));
	exit(1);
}

void floor_usage(const char *msg, const char *arg)
{
	fprintf(stderr, "floor: %s '%s'\nusage: floor -s KB -r KB -f FILE "
		"[-i 0] [-i 1] [-i 2] [-I] [-e] [-c] [-+n] [-w] [-p] [-z] [-W KB]\n"
		"       floor -q psync|uring -s KB -r KB -f FILE [-d DEPTH] [-j JOBS] "
		"[-m PCT] [-S] [-I] [-T MS] [-R MS]\n", msg, arg);
	exit(2);
}

uint64_t floor_parse_u64(const char *opt, const char *s)
{
	char *end;
	unsigned long long v;

	if (s == NULL)
		floor_usage("missing value for", opt);
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || s[0] == '-')
		floor_usage("not a number:", s);
	return (uint64_t)v;
}

uint64_t floor_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t floor_xorshift(uint64_t *s)
{
	uint64_t x = *s;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	*s = x;
	return x;
}

static void floor_report(const char *test, uint64_t t0, uint64_t t1,
			 const struct floor_cfg *c)
{
	double secs = (double)(t1 - t0) / 1e9;
	uint64_t bytes = c->nrecs * c->reclen;

	printf("%s\t%.3f\t%.9f\t%" PRIu64 "\n", test,
	       secs > 0 ? (double)bytes / 1024.0 / secs : 0.0, secs, bytes);
}

/* fsync and close as the flags place them: inside (before t1) or after. */
static uint64_t floor_finish(int fd, const struct floor_cfg *c)
{
	uint64_t t1;

	if (c->fsync_in && fsync(fd) != 0)
		floor_die("cannot fsync", c->file);
	if (c->close_in && close(fd) != 0)
		floor_die("cannot close", c->file);
	t1 = floor_now_ns();
	if (!c->close_in) {
		if (fsync(fd) != 0)
			floor_die("cannot fsync", c->file);
		if (close(fd) != 0)
			floor_die("cannot close", c->file);
	}
	return t1;
}

static int floor_open(const struct floor_cfg *c, int flags)
{
	int fd = open(c->file, flags | (c->direct ? O_DIRECT : 0), 0640);

	if (fd < 0)
		floor_die("cannot open", c->file);
	if (fsync(fd) != 0)
		floor_die("cannot fsync", c->file);
	return fd;
}

/* Tag n's word: the same one-to-one mix as iosweep's pattern_tag_word. */
static uint64_t floor_tag_word(uint64_t n)
{
	uint64_t z = n * 0x9e3779b97f4a7c15ull + 0x9e3779b97f4a7c15ull;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/*
 * The data of the next write: the next window of the buffer (tests.h),
 * its tag words set first (windows start on the 512-byte grid).
 */
static const unsigned char *floor_wdata(struct floor_cfg *c)
{
	unsigned char *p = c->buf + c->wpos;

	for (uint64_t o = 504; !c->zero && o + 8 <= c->reclen; o += 512) {
		uint64_t v = floor_tag_word(c->tag++);
		memcpy(p + o, &v, 8);
	}

	c->wpos += c->wstep;
	if (c->wpos + c->reclen > c->wlen)
		c->wpos = 0;
	return p;
}

static void floor_write_pass(struct floor_cfg *c, const char *name, int create)
{
	uint64_t i, t0, t1;
	int fd;

	if (create) {
		fd = creat(c->file, 0640);
		if (fd < 0 || close(fd) != 0)
			floor_die("cannot create", c->file);
	}
	fd = floor_open(c, O_RDWR);
	t0 = floor_now_ns();
	for (i = 0; i < c->nrecs; i++) {
		const unsigned char *p = floor_wdata(c);
		ssize_t n = c->positional
			? pwrite(fd, p, c->reclen, (off_t)(i * c->reclen))
			: write(fd, p, c->reclen);
		if (n != (ssize_t)c->reclen)
			floor_die("short write to", c->file);
	}
	t1 = floor_finish(fd, c);
	floor_report(name, t0, t1, c);
}

static void floor_read_pass(const struct floor_cfg *c, const char *name)
{
	uint64_t i, t0, t1;
	int fd = floor_open(c, O_RDONLY);

	/* IOzone primes with one untimed record, then rewinds. */
	if (read(fd, c->buf, c->reclen) != (ssize_t)c->reclen)
		floor_die("short read from", c->file);
	if (lseek(fd, 0, SEEK_SET) != 0)
		floor_die("cannot seek in", c->file);
	t0 = floor_now_ns();
	for (i = 0; i < c->nrecs; i++) {
		ssize_t n = c->positional
			? pread(fd, c->buf, c->reclen, (off_t)(i * c->reclen))
			: read(fd, c->buf, c->reclen);
		if (n != (ssize_t)c->reclen)
			floor_die("short read from", c->file);
	}
	t1 = floor_finish(fd, c);
	floor_report(name, t0, t1, c);
}

static void floor_random_pass(struct floor_cfg *c, const char *name, int writing)
{
	uint64_t i, t0, t1;
	int fd = floor_open(c, O_RDWR | O_CREAT);

	t0 = floor_now_ns();
	for (i = 0; i < c->nrecs; i++) {
		off_t off = (off_t)(c->perm[i] * c->reclen);
		const unsigned char *p = writing ? floor_wdata(c) : c->buf;
		ssize_t n;

		if (c->positional) {
			n = writing ? pwrite(fd, p, c->reclen, off)
				    : pread(fd, c->buf, c->reclen, off);
		} else {
			if (lseek(fd, off, SEEK_SET) != off)
				floor_die("cannot seek in", c->file);
			n = writing ? write(fd, p, c->reclen)
				    : read(fd, c->buf, c->reclen);
		}
		if (n != (ssize_t)c->reclen)
			floor_die(writing ? "short write to" : "short read from", c->file);
	}
	t1 = floor_finish(fd, c);
	floor_report(name, t0, t1, c);
}

static void floor_parse(struct floor_cfg *c, int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (strcmp(a, "-s") == 0) {
			c->size_kb = floor_parse_u64(a, v);
			i++;
		} else if (strcmp(a, "-r") == 0) {
			c->rec_kb = floor_parse_u64(a, v);
			i++;
		} else if (strcmp(a, "-f") == 0) {
			if (v == NULL)
				floor_usage("missing value for", a);
			c->file = v;
			i++;
		} else if (strcmp(a, "-i") == 0) {
			uint64_t t = floor_parse_u64(a, v);
			if (t > 2)
				floor_usage("only tests 0, 1 and 2 are supported, not", v);
			c->tests |= 1u << t;
			i++;
		} else if (strcmp(a, "-I") == 0) {
			c->direct = 1;
		} else if (strcmp(a, "-e") == 0) {
			c->fsync_in = 1;
		} else if (strcmp(a, "-c") == 0) {
			c->close_in = 1;
		} else if (strcmp(a, "-+n") == 0) {
			c->noretest = 1;
		} else if (strcmp(a, "-w") == 0) {
			c->keep = 1;
		} else if (strcmp(a, "-W") == 0) {
			c->window_kb = floor_parse_u64(a, v);
			c->window_set = 1;
			i++;
		} else if (strcmp(a, "-z") == 0) {
			c->zero = 1;
		} else if (strcmp(a, "-p") == 0) {
			c->positional = 1;
		} else {
			floor_usage("unknown option", a);
		}
	}
	if (c->file == NULL || c->size_kb == 0 || c->rec_kb == 0)
		floor_usage("-s, -r and -f are required", "");
	if (c->rec_kb > c->size_kb)
		floor_usage("record larger than file:", "-r");
	if (c->tests == 0)
		c->tests = 1u;
	if ((c->tests & 1u) == 0) {
		struct stat st;
		if (stat(c->file, &st) != 0)
			floor_die("-i 1 and -i 2 need -i 0 or an existing file", c->file);
	}
}

int main(int argc, char **argv)
{
	struct floor_cfg c;
	uint64_t i, seed = 0x9e3779b97f4a7c15u;

	if (argc > 2 && strcmp(argv[1], "-q") == 0)
		return floor_qd_main(argc, argv);
	memset(&c, 0, sizeof c);
	floor_parse(&c, argc, argv);
	c.reclen = c.rec_kb * 1024u;
	c.nrecs = c.size_kb / c.rec_kb;
	if (c.zero)
		c.wlen = c.reclen;
	else if (c.window_set)
		c.wlen = c.window_kb > c.rec_kb ? c.window_kb * 1024u : c.reclen;
	else
		c.wlen = c.reclen + FLOOR_MIB;
	if (c.reclen <= FLOOR_MIB)
		c.wstep = c.reclen;
	else
		c.wstep = c.reclen - FLOOR_MIB < FLOOR_MIB ? c.reclen - FLOOR_MIB : FLOOR_MIB;
	if (posix_memalign((void **)&c.buf, 4096, (size_t)c.wlen) != 0) {
		fprintf(stderr, "floor: out of memory for a %" PRIu64 " kB buffer\n",
			c.wlen / 1024);
		return 1;
	}
	memset(c.buf, 0, (size_t)c.wlen);
	for (i = 0; !c.zero && i + 8 <= c.wlen; i += 8) {
		uint64_t r = floor_xorshift(&seed);
		memcpy(c.buf + i, &r, 8);
	}
	if (c.tests & 4u) {
		/* One permutation of all records, built before any clock starts. */
		c.perm = malloc((size_t)c.nrecs * sizeof *c.perm);
		if (c.perm == NULL) {
			fprintf(stderr, "floor: out of memory for %" PRIu64 " records\n", c.nrecs);
			return 1;
		}
		for (i = 0; i < c.nrecs; i++)
			c.perm[i] = i;
		for (i = c.nrecs; i > 1; i--) {
			uint64_t j = floor_xorshift(&seed) % i, t = c.perm[i - 1];
			c.perm[i - 1] = c.perm[j];
			c.perm[j] = t;
		}
	}
	if (c.tests & 1u) {
		floor_write_pass(&c, "write", 1);
		if (!c.noretest)
			floor_write_pass(&c, "rewrite", 0);
	}
	if (c.tests & 2u) {
		floor_read_pass(&c, "read");
		if (!c.noretest)
			floor_read_pass(&c, "reread");
	}
	if (c.tests & 4u) {
		floor_random_pass(&c, "random read", 0);
		floor_random_pass(&c, "random write", 1);
	}
	fflush(stdout);
	if (!c.keep && unlink(c.file) != 0)
		floor_die("cannot remove", c.file);
	free(c.perm);
	free(c.buf);
	return 0;
}
