/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_engine.c: the I/O engines on a real temporary file.  Each engine
 * built here (sync at depth 1, io_uring and POSIX AIO at depth 8 on
 * POSIX; Windows's overlapped I/O at depth 8 under wine in `make
 * check-windows`) writes 64 records in a scrambled order with depth I/Os
 * in flight, then reads them back the same way; every record must hold
 * its own pattern, the engine must have had depth I/Os in flight at once,
 * and errors (a write on a read-only descriptor, a read past the end)
 * come back as results, not as lost I/Os.  A reap waits for as many as
 * asked, never for more, never hands back more than room, and
 * engine_close() waits for what is still in flight.  Windows's engine
 * counts every transfer it handed over as finished inside the call or
 * left pending; the others count none.  engine_pick() must refuse a depth it cannot keep.
 * The file is made and opened through the platform layer (io_create,
 * io_open), as qd.c does.
 */
#include "compat.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cu.h"
#include "engine/engine.h"
#include "platform/platform.h"

#define REC 4096u
#define NREC 64u

static char dir[256], path[300], err[512];

static void setup(void)
{
	snprintf(dir, sizeof(dir), "%s/iosweep-engine.XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	CU_ASSERT_FATAL(mkdtemp(dir) != NULL);
	snprintf(path, sizeof(path), "%s/f", dir);
	err[0] = '\0';
}

static void teardown(void)
{
	plat_remove(path);
	plat_rmdir(dir);
}

/* The test file opened as qd.c opens it (flags: O_RDWR or O_RDONLY). */
static int open_file(int flags, int direct)
{
	struct io_mode mode = { direct, 0, 0, 0 };
	int extra = 0, fd;

	CU_ASSERT_EQUAL_FATAL(io_mode_flags(&mode, &extra, err, sizeof(err)), 0);
	fd = io_open(path, flags | extra, &mode, err, sizeof(err));
	CU_ASSERT_FATAL(fd >= 0);
	return fd;
}

/*
 * Move all NREC records through e (order: a scramble of 0..NREC-1), with
 * every slot busy before the first reap.  Returns the most in flight.
 */
static unsigned move_all(struct engine *e, unsigned char *bufs, int is_write)
{
	struct engine_io ios[8], *done[8];
	unsigned free_slots[8], nfree = e->depth, next = 0, most = 0;

	for (unsigned i = 0; i < e->depth; i++) {
		free_slots[i] = i;
		ios[i].slot = i;
	}
	while (next < NREC || e->inflight > 0) {
		while (nfree > 0 && next < NREC) {
			unsigned rec = (next * 37u) % NREC;      /* 37 is prime to 64 */
			struct engine_io *io = &ios[free_slots[--nfree]];
			io->buf = bufs + (size_t)rec * REC;
			io->len = REC;
			io->off = (uint64_t)rec * REC;
			io->is_write = is_write;
			CU_ASSERT_EQUAL_FATAL(e->ops->queue(e, io, err, sizeof(err)), 0);
			next++;
		}
		CU_ASSERT_EQUAL_FATAL(engine_commit(e, err, sizeof(err)), 0);
		if (e->inflight > most)
			most = e->inflight;
		int n = e->ops->reap(e, 1, done, e->depth, err, sizeof(err));
		CU_ASSERT_FATAL(n >= 1);
		for (int k = 0; k < n; k++) {
			CU_ASSERT_EQUAL(done[k]->res, (int64_t)REC);
			free_slots[nfree++] = (unsigned)done[k]->slot;
		}
	}
	return most;
}

/*
 * How the transfers finished: winaio counts each of the n it handed over
 * once, inside the call or left pending (which way is the system's); the
 * engines that cannot tell keep both at 0, so no figure is made up.
 */
static void counted(const struct engine *e, uint64_t n)
{
	if (e->ops == &engine_winaio_ops) {
		CU_ASSERT_EQUAL(e->sync_done + e->async_done, n);
		printf("(%llu of %llu inside the call) ",
		       (unsigned long long)e->sync_done, (unsigned long long)n);
	} else {
		CU_ASSERT_EQUAL(e->sync_done, 0);
		CU_ASSERT_EQUAL(e->async_done, 0);
	}
}

static void round_trip(const struct engine_ops *ops, unsigned depth)
{
	unsigned char *wbuf = io_alloc((size_t)NREC * REC);
	unsigned char *rbuf = io_alloc((size_t)NREC * REC);
	struct engine *e;
	int fd;

	setup();
	CU_ASSERT_FATAL(wbuf && rbuf);
	for (unsigned r = 0; r < NREC; r++)
		memset(wbuf + (size_t)r * REC, (int)(r + 1), REC);
	CU_ASSERT_EQUAL_FATAL(io_create(path, 0, err, sizeof(err)), 0);
	fd = open_file(O_RDWR, 0);
	e = engine_open(ops, fd, depth, err, sizeof(err));
	CU_ASSERT_PTR_NOT_NULL_FATAL(e);
	CU_ASSERT_EQUAL_FATAL(engine_start(e, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(move_all(e, wbuf, 1), depth);
	CU_ASSERT_EQUAL(move_all(e, rbuf, 0), depth);
	CU_ASSERT_EQUAL(memcmp(wbuf, rbuf, (size_t)NREC * REC), 0);
	counted(e, 2 * NREC);
	engine_close(e);

	/*
	 * a read past the end completes with 0 bytes; a write on a read-only
	 * descriptor with -EBADF (POSIX) or -EACCES (Windows: access denied)
	 */
	CU_ASSERT_EQUAL(io_close(fd, path, err, sizeof(err)), 0);
	fd = open_file(O_RDONLY, 0);
	e = engine_open(ops, fd, depth, err, sizeof(err));
	CU_ASSERT_PTR_NOT_NULL_FATAL(e);
	CU_ASSERT_EQUAL_FATAL(engine_start(e, err, sizeof(err)), 0);
	struct engine_io past = { rbuf, REC, (uint64_t)NREC * REC, 0, 99, 0, NULL, 0 };
	struct engine_io bad = { wbuf, REC, 0, 1, 99, 0, NULL, depth > 1 ? 1 : 0 };
	struct engine_io *done[2];
	CU_ASSERT_EQUAL(e->ops->queue(e, &past, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(engine_commit(e, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(e->ops->reap(e, 1, done, 1, err, sizeof(err)), 1);
	CU_ASSERT_EQUAL(past.res, 0);
	CU_ASSERT_EQUAL(e->ops->queue(e, &bad, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(engine_commit(e, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(e->ops->reap(e, 1, done, 1, err, sizeof(err)), 1);
	CU_ASSERT(bad.res == -EBADF || bad.res == -EACCES);
	CU_ASSERT_EQUAL(e->inflight, 0);
	engine_close(e);
	CU_ASSERT_EQUAL(io_close(fd, path, err, sizeof(err)), 0);
	io_free(wbuf);
	io_free(rbuf);
	teardown();
}

/*
 * The shared reap loop (engine_reap_loop) through an engine: depth reads
 * in flight, reap(min 0) never waits and never hands back more than max,
 * reap(min = what is left) waits for all of them, each comes back once
 * with its whole record; with nothing in flight reap(min 0) is 0; and
 * engine_close() waits for I/Os still in flight.
 */
static void reap_all(const struct engine_ops *ops, unsigned depth)
{
	unsigned char *buf = io_alloc((size_t)depth * REC);
	struct engine_io ios[8], *done[8];
	unsigned seen[8] = { 0 }, got = 0;
	struct engine *e;
	int fd, n;

	CU_ASSERT_FATAL(depth <= 8 && buf != NULL);
	setup();
	CU_ASSERT_EQUAL_FATAL(io_create(path, 0, err, sizeof(err)), 0);
	fd = open_file(O_RDWR, 0);
	memset(buf, 7, (size_t)depth * REC);
	CU_ASSERT_EQUAL_FATAL(io_full_pwrite(fd, buf, (size_t)depth * REC, 0,
					     path, err, sizeof(err)), 0);
	e = engine_open(ops, fd, depth, err, sizeof(err));
	CU_ASSERT_PTR_NOT_NULL_FATAL(e);
	CU_ASSERT_EQUAL_FATAL(engine_start(e, err, sizeof(err)), 0);
	for (int round = 0; round < 2; round++) {
		for (unsigned i = 0; i < depth; i++) {
			struct engine_io io = { buf + (size_t)i * REC, REC,
				(uint64_t)i * REC, 0, 99, 0, NULL, i };
			ios[i] = io;
			CU_ASSERT_EQUAL_FATAL(e->ops->queue(e, &ios[i], err, sizeof(err)), 0);
		}
		CU_ASSERT_EQUAL_FATAL(engine_commit(e, err, sizeof(err)), 0);
		if (round == 1)
			break;            /* engine_close() with depth in flight */
		n = e->ops->reap(e, 0, done, 2, err, sizeof(err));
		CU_ASSERT(n >= 0 && n <= 2);
		for (int k = 0; k < n; k++)
			seen[done[k]->slot]++;
		got = n > 0 ? (unsigned)n : 0;
		n = e->ops->reap(e, depth - got, done, depth, err, sizeof(err));
		CU_ASSERT_EQUAL(n, (int)(depth - got));
		for (int k = 0; k < n; k++) {
			CU_ASSERT_EQUAL(done[k]->res, (int64_t)REC);
			seen[done[k]->slot]++;
		}
		for (unsigned i = 0; i < depth; i++)
			CU_ASSERT_EQUAL(seen[i], 1);
		CU_ASSERT_EQUAL(e->inflight, 0);
		CU_ASSERT_EQUAL(e->ops->reap(e, 0, done, depth, err, sizeof(err)), 0);
	}
	CU_ASSERT_EQUAL(e->inflight, depth);
	counted(e, 2 * depth);          /* counted when handed over, not when reaped */
	engine_close(e);
	CU_ASSERT_EQUAL(io_close(fd, path, err, sizeof(err)), 0);
	io_free(buf);
	teardown();
}

static void test_sync(void)
{
	round_trip(&engine_sync_ops, 1);
	/* the sync engine keeps one I/O in flight, no more */
	CU_ASSERT_PTR_NULL(engine_open(&engine_sync_ops, 0, 2, err, sizeof(err)));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "--iodepth 2"));
}

static void test_uring(void)
{
	if (!engine_uring_ops.init) {
		printf("(io_uring not built) ");
		return;
	}
	round_trip(&engine_uring_ops, 8);
	reap_all(&engine_uring_ops, 8);
}

static void test_posixaio(void)
{
	if (!engine_posixaio_ops.init) {
		printf("(POSIX AIO not built) ");
		return;
	}
	/* correct everywhere it builds, even where it is never picked */
	round_trip(&engine_posixaio_ops, 8);
	reap_all(&engine_posixaio_ops, 8);
}

static void test_winaio(void)
{
	if (!engine_winaio_ops.init) {
		printf("(Windows overlapped I/O not built) ");
		return;
	}
	round_trip(&engine_winaio_ops, 8);
	reap_all(&engine_winaio_ops, 8);
}

static void test_threads(void)
{
	if (!engine_threads_ops.init) {
		printf("(threads engine not built) ");
		return;
	}
	round_trip(&engine_threads_ops, 8);
	reap_all(&engine_threads_ops, 8);
}

/*
 * IOSWEEP_ENGINES hides what it does not name: io_uring hidden leaves the
 * threads engine for depth 8; sync alone leaves nothing, and the refusal
 * names the knob.  sync itself is never hidden.
 */
static void test_pick_hidden(void)
{
	char desc[512];

	setenv("IOSWEEP_ENGINES", "sync,threads", 1);
	if (engine_threads_ops.max_depth >= 8 && engine_posixaio_ops.max_depth < 8)
		CU_ASSERT_PTR_EQUAL(engine_pick(8, err, sizeof(err)), &engine_threads_ops);
	engine_describe(desc, sizeof(desc));
	CU_ASSERT_PTR_NULL(strstr(desc, " io_uring,"));
	setenv("IOSWEEP_ENGINES", "sync", 1);
	CU_ASSERT_PTR_EQUAL(engine_pick(1, err, sizeof(err)), &engine_sync_ops);
	CU_ASSERT_PTR_NULL(engine_pick(8, err, sizeof(err)));
	/* a list without sync: depth 1 on the deep engine it names, else sync */
	setenv("IOSWEEP_ENGINES", "threads", 1);
	CU_ASSERT_PTR_EQUAL(engine_pick(1, err, sizeof(err)), engine_threads_ops.max_depth ?
			    &engine_threads_ops : &engine_sync_ops);
	setenv("IOSWEEP_ENGINES", "sync,threads", 1);
	CU_ASSERT_PTR_EQUAL(engine_pick(1, err, sizeof(err)), &engine_sync_ops);
	setenv("IOSWEEP_ENGINES", "libaio", 1);
	CU_ASSERT_PTR_EQUAL(engine_pick(1, err, sizeof(err)), &engine_sync_ops);
	setenv("IOSWEEP_ENGINES", "sync", 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "IOSWEEP_ENGINES hides"));
	engine_describe(desc, sizeof(desc));
	CU_ASSERT_EQUAL(strncmp(desc, "engines: sync;", 14), 0);
	unsetenv("IOSWEEP_ENGINES");
	engine_describe(desc, sizeof(desc));
	CU_ASSERT_EQUAL(strncmp(desc, "engines: sync, ", 15), 0);
}

/*
 * Windows, -I: FILE_FLAG_NO_BUFFERING's sector rule is checked before the
 * transfer (wine would accept a misaligned one), and an aligned record
 * moves.
 */
static void test_winaio_unbuffered(void)
{
	unsigned char *buf = io_alloc(REC);
	struct engine_io io = { NULL, REC, 0, 1, 99, 0, NULL, 0 }, *done[1];
	struct engine *e;
	int fd;

	if (!engine_winaio_ops.init) {
		printf("(Windows overlapped I/O not built) ");
		io_free(buf);
		return;
	}
	setup();
	CU_ASSERT_FATAL(buf != NULL);
	CU_ASSERT_EQUAL_FATAL(io_create(path, 0, err, sizeof(err)), 0);
	fd = open_file(O_RDWR, 1);
	e = engine_open(&engine_winaio_ops, fd, 2, err, sizeof(err));
	CU_ASSERT_PTR_NOT_NULL_FATAL(e);
	CU_ASSERT_EQUAL_FATAL(engine_start(e, err, sizeof(err)), 0);
	io.buf = buf + 1;                        /* not on a sector */
	CU_ASSERT_EQUAL(e->ops->queue(e, &io, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "sector size"));
	CU_ASSERT_EQUAL(e->inflight, 0);
	io.buf = buf;
	CU_ASSERT_EQUAL(e->ops->queue(e, &io, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(engine_commit(e, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(e->ops->reap(e, 1, done, 1, err, sizeof(err)), 1);
	CU_ASSERT_EQUAL(io.res, (int64_t)REC);
	engine_close(e);
	CU_ASSERT_EQUAL(io_close(fd, path, err, sizeof(err)), 0);
	io_free(buf);
	teardown();
}

static void test_pick(void)
{
	const struct engine_ops *e;

	CU_ASSERT_PTR_EQUAL(engine_pick(1, err, sizeof(err)), &engine_sync_ops);
	e = engine_pick(8, err, sizeof(err));
	if (engine_uring_ops.max_depth >= 8) {
		CU_ASSERT_PTR_EQUAL(e, &engine_uring_ops);
	} else if (engine_posixaio_ops.max_depth >= 8) {
		CU_ASSERT_PTR_EQUAL(e, &engine_posixaio_ops);
	} else if (engine_winaio_ops.max_depth >= 8) {
		CU_ASSERT_PTR_EQUAL(e, &engine_winaio_ops);
	} else if (engine_threads_ops.max_depth >= 8) {
		CU_ASSERT_PTR_EQUAL(e, &engine_threads_ops);
	} else {
		/* never depth 1 in place of depth 8 */
		CU_ASSERT_PTR_NULL(e);
		CU_ASSERT_PTR_NOT_NULL(strstr(err, "--iodepth 8"));
	}
	unsetenv("IOSWEEP_ENGINES");
	CU_ASSERT_PTR_NULL(engine_pick(100000, err, sizeof(err)));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "--iodepth 100000"));
	CU_ASSERT_PTR_EQUAL(engine_by_name("sync"), &engine_sync_ops);
	CU_ASSERT_PTR_EQUAL(engine_by_name("io_uring"), &engine_uring_ops);
	CU_ASSERT_PTR_EQUAL(engine_by_name("winaio"), &engine_winaio_ops);
	CU_ASSERT_PTR_EQUAL(engine_by_name("threads"), &engine_threads_ops);
	CU_ASSERT_PTR_NULL(engine_by_name("libaio"));
}

static const struct cu_case cases[] = {
	CU_CASE(test_sync), CU_CASE(test_uring), CU_CASE(test_posixaio),
	CU_CASE(test_winaio), CU_CASE(test_winaio_unbuffered), CU_CASE(test_pick),
	CU_CASE(test_threads), CU_CASE(test_pick_hidden),
	{ 0 },
};

CU_MAIN("engine", cases)
