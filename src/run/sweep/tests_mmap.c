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
#include "run/sweep/tests_ctx.h"
#include "run/sweep/tests_mmap.h"
#include "run/sweep/tests_pass.h"
#include "lib/err.h"

/* The page -Z writes through the descriptor (IOzone's getpagesize()). */
#define TESTS_MIX_PAGE 4096u

enum { MAP_READ = 0, MAP_WRITE = 1, MAP_GROW = 2 };

/*
 * Open the file with flags, make it full size (MAP_GROW: its last
 * record written from the window at w), map it (MAP_WRITE: writable),
 * fsync.  The descriptor into *fd (-1 when the open failed); 0 or -1.
 */
static int map_open(struct tests_ctx *c, int flags, int how,
		    const struct pattern_window *w, struct io_map *m,
		    int *fd)
{
	const uint64_t size = c->cell.numrecs * c->cell.reclen;
	const size_t len = (size_t)c->cell.reclen;

	memset(m, 0, sizeof(*m));
	*fd = tests_open_file(c, flags);
	if (*fd < 0)
		return -1;
	if (how & MAP_GROW) {
		if (verify_stamps(&c->pass.vfy))
			verify_fill(&c->pass.vfy, w->p, len, size - len);
		if (io_full_pwrite(*fd, w->p, len, c->pass.base + size - len, c->path,
				   c->err, c->errlen) != 0)
			return -1;
	}
	/* -+V: from the file's start to the end of the pass's region */
	if (io_map(*fd, c->pass.base + size, how & MAP_WRITE, m, c->path, c->err,
		   c->errlen) != 0)
		return -1;
	/* -+A: as IOzone, the whole mapping advised as soon as it is made */
	return c->advise >= 0 ? io_map_advise(m, c->advise, c->path, c->err,
					      c->errlen) : 0;
}

/* -e: msync(MS_SYNC) of it all inside the timing; -c: unmap and close; t1. */
static int map_end_timed(struct tests_ctx *c, int *fd, struct io_map *m,
			 uint64_t t0, struct pass_sample *s)
{
	if (c->o->include_fsync && io_map_sync(m, 0, m->len, IO_MAP_SYNC, c->path,
					    c->err, c->errlen) != 0)
		return TESTS_ERROR;
	if (c->o->include_close) {
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

/*
 * The passes that copy records out of the mapping: test 1 (REC_SEQ, after
 * one untimed read(2) that primes the path), 3 (REC_BACK), 5 (REC_TABLE,
 * stride order) on a read-only mapping, and 2's first pass (REC_TABLE,
 * permuted) on the shared writable one its second pass writes through.
 */
static int map_out(struct tests_ctx *c, struct pass_sample *s, int order,
		   int how)
{
	struct io_map m;
	int fd, rc = TESTS_ERROR;
	uint64_t t0;

	if (map_open(c, how == MAP_WRITE ? O_RDWR : O_RDONLY, how, NULL, &m, &fd) != 0 || tests_opened(c, fd) != 0)
		goto out;
	if (order == REC_SEQ && io_full_read(fd, c->bufs.buf, (size_t)c->cell.reclen,
					     c->path, c->err, c->errlen) != 0)
		goto out;
	if (tests_ready(c, 1) != 0) {
		rc = c->pass.ready_rc;
		goto out;
	}
	t0 = tests_loop_start(c, fd, 0, order, NULL, TESTS_WITH_MBUF);
	c->loop.map = &m;
	rc = tests_loop(c, 0, c->cell.numrecs, rec_io_map_get, NULL);
	if (rc == TESTS_OK)
		rc = map_end_timed(c, &fd, &m, t0, s);
out:
	return map_finish(c, fd, &m, rc);
}

/*
 * The passes that copy records into the mapping, each followed by -D's
 * and -G's msync: test 0 (REC_SEQ: the file emptied by its first pass,
 * then grown; -Z's write(2) of the first page), 4 (REC_FIRST: the first
 * record numrecs times, on a grown file) and 2's second pass (REC_TABLE).
 */
static int map_in(struct tests_ctx *c, int pass, struct pass_sample *s,
		  int order)
{
	const size_t len = (size_t)c->cell.reclen;
	const uint64_t n = c->cell.numrecs;
	const int trunc = order == REC_SEQ && pass == 0 && !c->o->no_truncate &&
		!c->o->share_file ? O_TRUNC : 0;
	struct pattern_window w;
	struct io_map m;
	int fd, rc = TESTS_ERROR;
	uint64_t t0;

	tests_window_start(c, &w, len);
	if (map_open(c, O_RDWR | trunc, MAP_WRITE | (order == REC_TABLE ? 0 : MAP_GROW),
		     &w, &m, &fd) != 0)
		goto out;
	if (order == REC_SEQ && c->o->mmap_mix) {
		size_t page = n * len < TESTS_MIX_PAGE ? (size_t)(n * len) : TESTS_MIX_PAGE;
		if (verify_stamps(&c->pass.vfy))
			verify_fill(&c->pass.vfy, w.p, page, 0);
		if (io_full_pwrite(fd, w.p, page, c->pass.base, c->path, c->err,
				   c->errlen) != 0)
			goto out;
	}
	if (tests_opened(c, fd) != 0)
		goto out;
	if (tests_ready(c, 1) != 0) {
		rc = c->pass.ready_rc;
		goto out;
	}
	t0 = tests_loop_start(c, fd, 1, order, &w, 0);
	c->loop.map = &m;
	c->loop.msync_async = c->o->msync_async;
	c->loop.msync_sync = c->o->msync_sync;
	rc = tests_loop(c, 0, n, rec_io_map_put, NULL);
	if (rc == TESTS_OK)
		rc = map_end_timed(c, &fd, &m, t0, s);
	tests_window_save(c, &w);
out:
	return map_finish(c, fd, &m, rc);
}

/* The pass functions of the table (tests_mmap.h). */
int tests_mmap_write(struct tests_ctx *c, int pass, struct pass_sample *s)
{
	return map_in(c, pass, s, REC_SEQ);
}

int tests_mmap_read(struct tests_ctx *c, int pass, struct pass_sample *s)
{
	(void)pass;
	return map_out(c, s, REC_SEQ, MAP_READ);
}

int tests_mmap_random(struct tests_ctx *c, int pass, struct pass_sample *s)
{
	return pass == 0 ? map_out(c, s, REC_TABLE, MAP_WRITE) :
		map_in(c, pass, s, REC_TABLE);
}

int tests_mmap_bkwd(struct tests_ctx *c, int pass, struct pass_sample *s)
{
	(void)pass;
	return map_out(c, s, REC_BACK, MAP_READ);
}

int tests_mmap_recrewrite(struct tests_ctx *c, int pass, struct pass_sample *s)
{
	return map_in(c, pass, s, REC_FIRST);
}

int tests_mmap_stride(struct tests_ctx *c, int pass, struct pass_sample *s)
{
	(void)pass;
	return map_out(c, s, REC_TABLE, MAP_READ);
}
