/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests_mmap.c: IOzone's mmap mode (-B, -D, -G, -Z), the passes of tests
 * 0 to 5 that copy each record to or from a mapping of the whole file
 * instead of calling write or read.  tests.c picks these for the whole
 * run when -B or -D is given; the read/write passes are untouched.
 *
 * What happens where, as IOzone 3.508 does it:
 * - Before t0: open; a test that writes the file from nothing (0, 4)
 *   first makes it full size by writing its last record (IOzone's way:
 *   a mapping cannot grow a file); map it, shared and writable for the
 *   tests that write (0, 2, 4), private and read-only for those that
 *   only read (1, 3, 5); with -Z, test 0 write(2)s the first page
 *   through the descriptor; fsync; test 1 reads one record with read(2)
 *   to prime the path, as its plain pass does.
 * - Inside the timing: one memcpy per record (the page faults are
 *   timed, as in IOzone); after each record written, msync(MS_ASYNC)
 *   with -D and msync(MS_SYNC) with -G, on the record's pages.  With -e
 *   an msync(MS_SYNC) of the whole mapping where the plain passes fsync;
 *   with -c the unmap and the close.
 * - After t1: msync(MS_SYNC) of the whole mapping, unmap, fsync, close.
 *
 * msync needs a page-aligned start: the record's is rounded down to its
 * page (IOzone passes the record's address, and with records under a
 * page its msync fails with EINVAL unnoticed).  The order of -B, -D and
 * -G does not matter here (in IOzone, -B after -D or -G turns the msync
 * off again).
 */
#include "compat.h"

#include <string.h>

#include "platform/platform.h"
#include "run/tests.h"
#include "run/tests_loop.h"
#include "run/tests_priv.h"
#include "lib/err.h"

/* The page -Z writes through the descriptor (IOzone's getpagesize()). */
#define TESTS_MIX_PAGE 4096u

/*
 * The msyncs of one record written at off: true when one failed (c->err
 * set).  Nothing without -D and -G.
 */
#define SYNCED_FAIL(c, m, off, len) \
	(((c)->msync_async && io_map_sync(&(m), (off), (len), IO_MAP_ASYNC, \
					 (c)->path, (c)->err, (c)->errlen) != 0) || \
	 ((c)->msync_sync && io_map_sync(&(m), (off), (len), IO_MAP_SYNC, \
					(c)->path, (c)->err, (c)->errlen) != 0))

enum { MAP_READ = 0, MAP_WRITE = 1, MAP_GROW = 2 };

/*
 * Open the file with flags, make it full size (MAP_GROW: its last
 * record written from the window at w), map it (MAP_WRITE: writable),
 * fsync.  The descriptor into *fd (-1 when the open failed); 0 or -1.
 */
static int map_open(struct tests_ctx *c, int flags, int how,
		    const struct pattern_window *w, int vfy, struct io_map *m,
		    int *fd)
{
	const uint64_t size = c->numrecs * c->reclen;
	const size_t len = (size_t)c->reclen;

	memset(m, 0, sizeof(*m));
	*fd = tests_open_file(c, flags);
	if (*fd < 0)
		return -1;
	if (how & MAP_GROW) {
		STAMP(c, vfy, w->p, len, size - len);
		if (io_full_pwrite(*fd, w->p, len, c->base + size - len, c->path,
				   c->err, c->errlen) != 0)
			return -1;
	}
	/* -+V: from the file's start to the end of the pass's region */
	if (io_map(*fd, c->base + size, how & MAP_WRITE, m, c->path, c->err,
		   c->errlen) != 0)
		return -1;
	/* -+A: as IOzone, the whole mapping advised as soon as it is made */
	return c->advise >= 0 ? io_map_advise(m, c->advise, c->path, c->err,
					      c->errlen) : 0;
}

/* -e: msync(MS_SYNC) of it all inside the timing; -c: unmap and close; t1. */
static int map_end_timed(struct tests_ctx *c, int *fd, struct io_map *m,
			 uint64_t t0, struct tests_span *s)
{
	if (c->include_fsync && io_map_sync(m, 0, m->len, IO_MAP_SYNC, c->path,
					    c->err, c->errlen) != 0)
		return TESTS_ERROR;
	if (c->include_close) {
		int rc = io_unmap(m, c->path, c->err, c->errlen);
		if (io_close(*fd, c->path, c->err, c->errlen) != 0)
			rc = -1;
		*fd = -1;
		if (rc != 0)
			return TESTS_ERROR;
	}
	return tests_passed(c, t0, s);
}

/* After t1: msync(MS_SYNC) and unmap what the timing did not, then close. */
static int map_finish(struct tests_ctx *c, int fd, struct io_map *m, int rc)
{
	if (m->addr && rc == TESTS_OK && io_map_sync(m, 0, m->len, IO_MAP_SYNC,
						     c->path, c->err, c->errlen) != 0)
		rc = TESTS_ERROR;
	if (io_unmap(m, c->path, c->err, c->errlen) != 0 && rc == TESTS_OK)
		rc = TESTS_ERROR;
	return tests_finish(c, fd, rc);
}

/* Where step i of a pass copies: record i, record n-1-i, or c->offsets[i]. */
enum { AT_SEQ, AT_BACK, AT_TABLE, AT_FIRST };
#define AT(order, i, n, len, off) \
	((order) == AT_SEQ ? (i) * (len) : (order) == AT_BACK ? ((n) - 1 - (i)) * (len) : \
	 (order) == AT_TABLE ? (off)[i] : 0)

/*
 * The passes that copy records out of the mapping: test 1 (AT_SEQ, after
 * one untimed read(2) that primes the path), 3 (AT_BACK), 5 (AT_TABLE,
 * stride order) on a read-only mapping, and 2's first pass (AT_TABLE,
 * permuted) on the shared writable one its second pass writes through.
 */
IOSWEEP_ALWAYS_INLINE int map_out(struct tests_ctx *c, struct tests_span *s,
				   const int vfy, const int order, const int how)
{
	unsigned char *buf = c->buf;
	const size_t len = (size_t)c->reclen;
	const uint64_t n = c->numrecs;
	const uint64_t *off = c->offsets;
	const unsigned char *at0;
	struct io_map m;
	int fd, rc = TESTS_ERROR;
	uint64_t t0, tp;

	if (map_open(c, how == MAP_WRITE ? O_RDWR : O_RDONLY, how, NULL, vfy, &m,
		     &fd) != 0 || tests_opened(c, fd) != 0)
		goto out;
	if (order == AT_SEQ && io_full_read(fd, buf, len, c->path, c->err,
					    c->errlen) != 0)
		goto out;
	if (tests_ready(c, 1) != 0) {
		rc = c->ready_rc;
		goto out;
	}
	at0 = m.addr + c->base;
	t0 = tp = clock_now_ns();
	TIMED_LOOP(c, tp, 0, n,
		   MBUF(c, vfy, buf, len);
		   RLOCK(c, vfy, fd, AT(order, i, n, len, off), len, IO_LOCK_READ);
		   memcpy(buf, at0 + AT(order, i, n, len, off), len);
		   if (CHECKED(c, vfy, buf, len, AT(order, i, n, len, off))) goto out;
		   RUNLOCK(c, vfy, fd, AT(order, i, n, len, off), len));
	rc = map_end_timed(c, &fd, &m, t0, s);
out:
	return map_finish(c, fd, &m, rc);
}

/*
 * The passes that copy records into the mapping, each followed by -D's
 * and -G's msync: test 0 (AT_SEQ: the file emptied by its first pass,
 * then grown; -Z's write(2) of the first page), 4 (AT_FIRST: the first
 * record numrecs times, on a grown file) and 2's second pass (AT_TABLE).
 */
IOSWEEP_ALWAYS_INLINE int map_in(struct tests_ctx *c, int pass,
				  struct tests_span *s, const int vfy, const int order)
{
	const size_t len = (size_t)c->reclen;
	const uint64_t n = c->numrecs;
	const uint64_t *off = c->offsets;
	const int trunc = order == AT_SEQ && pass == 0 && !c->no_truncate &&
		!c->shared ? O_TRUNC : 0;
	const uint64_t b = c->base;
	struct pattern_window w;
	struct io_map m;
	int fd, rc = TESTS_ERROR;
	uint64_t t0, tp;

	tests_window_start(c, &w, len);
	if (map_open(c, O_RDWR | trunc, MAP_WRITE | (order == AT_TABLE ? 0 : MAP_GROW),
		     &w, vfy, &m, &fd) != 0)
		goto out;
	if (order == AT_SEQ && c->mmap_mix) {
		size_t page = n * len < TESTS_MIX_PAGE ? (size_t)(n * len) : TESTS_MIX_PAGE;
		STAMP(c, vfy, w.p, page, 0);
		if (io_full_pwrite(fd, w.p, page, b, c->path, c->err, c->errlen) != 0)
			goto out;
	}
	if (tests_opened(c, fd) != 0)
		goto out;
	if (tests_ready(c, 1) != 0) {
		rc = c->ready_rc;
		goto out;
	}
	t0 = tp = clock_now_ns();
	TIMED_LOOP(c, tp, 0, n,
		   STAMP(c, vfy, w.p, len, AT(order, i, n, len, off));
		   RLOCK(c, vfy, fd, AT(order, i, n, len, off), len, IO_LOCK_WRITE);
		   memcpy(m.addr + b + AT(order, i, n, len, off), w.p, len);
		   if (SYNCED_FAIL(c, m, b + AT(order, i, n, len, off), len)) goto out;
		   RUNLOCK(c, vfy, fd, AT(order, i, n, len, off), len);
		   WINDOW_NEXT(w));
	rc = map_end_timed(c, &fd, &m, t0, s);
	tests_window_save(c, &w);
out:
	return map_finish(c, fd, &m, rc);
}

/* The pass functions of the table (tests_priv.h), plain and checked. */
#define MAP_PASS(name, call) \
IOSWEEP_ALWAYS_INLINE int map_##name(struct tests_ctx *c, int pass, \
				      struct tests_span *s, const int vfy) \
{ \
	(void)pass; \
	return call; \
} \
MAP_COPIES(name, map_##name)

MAP_PASS(write, map_in(c, pass, s, vfy, AT_SEQ))
MAP_PASS(read, map_out(c, s, vfy, AT_SEQ, MAP_READ))
MAP_PASS(random, pass == 0 ? map_out(c, s, vfy, AT_TABLE, MAP_WRITE) :
	 map_in(c, pass, s, vfy, AT_TABLE))
MAP_PASS(bkwd, map_out(c, s, vfy, AT_BACK, MAP_READ))
MAP_PASS(recrewrite, map_in(c, pass, s, vfy, AT_FIRST))
MAP_PASS(stride, map_out(c, s, vfy, AT_TABLE, MAP_READ))
