/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests_pass.c: the pass functions of IOzone's tests, one per test, and
 * the parts every pass shares (tests_loop.h): -p's purge, the barriers around t0 and t1, the timed loop and the write
 * windows (see tests.h for what is timed and where iosweep differs).
 *
 * Every pass function has the same shape: open and fsync before t0, the
 * record loop, then end_timed() (fsync with -e, close with -c, t1), then
 * tests_finish() (fsync and close when they were not timed).  Errors leave
 * through one exit per function.  The table of the tests and the runner
 * that repeats and records the passes are tests.c's, above this file.
 */
#include "compat.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "clients/clients.h"
#include "platform/clock.h"
#include "platform/platform.h"
#include "model/latency.h"
#include "options/options.h"
#include "run/compute.h"
#include "run/jitter.h"
#include "run/pattern.h"
#include "run/telemetry.h"
#include "model/results.h"
#include "model/timeline.h"
#include "run/tests.h"
#include "run/tests_loop.h"
#include "run/tests_priv.h"
#include "run/verify.h"
#include "lib/err.h"

/* ---- the common parts of a pass ------------------------------------ */

static volatile unsigned char purge_sink;

/* -p: evict the CPU caches by touching a large buffer, before t0. */
static void purge_cpu(struct tests_ctx *c)
{
	unsigned char acc = 0;

	if (!c->purge_buf)
		return;
	for (size_t i = 0; i < c->purge_bytes; i += c->purge_step) {
		c->purge_buf[i]++;
		acc ^= c->purge_buf[i];
	}
	purge_sink = acc;
}

/*
 * Just before t0, the file open: -p's purge, then (many clients) the
 * barrier every client's pass starts from.  0, or 1 when the clients
 * agreed to stop.
 */
int tests_ready(struct tests_ctx *c, uint64_t step_recs)
{
	uint64_t steps = TESTS_WALL_BYTES / (step_recs * c->reclen);

	purge_cpu(c);
	/* --stonewall: ask every 2^k steps, k the most that fits the bytes */
	c->computed_ns = 0;
	c->burst_ns = 0;
	c->walled = 0;
	c->wall_iters = 0;
	c->wall_recs = step_recs;
	c->wall_mask = 0;
	while (c->wall_mask * 2 + 1 < steps)
		c->wall_mask = c->wall_mask * 2 + 1;
	if (c->tl)
		timeline_acc_reset(c->tl, step_recs * c->reclen);
	c->ready_rc = TESTS_STOPPED;
	if (clients_pass_start(*c->stop != 0) != 0)
		return 1;
	/* -W: as IOzone, locked after the start and before t0, until the close */
	c->ready_rc = TESTS_ERROR;
	if (c->file_lock && c->lock_fd >= 0 &&
	    io_lock(c->lock_fd, c->lock_how, 0, 0, c->path, c->err, c->errlen) != 0)
		return 1;
	c->ready_rc = TESTS_OK;
	return 0;
}

int tests_burst(struct tests_ctx *c, int fd, uint64_t *tp)
{
	uint64_t t;

	c->burst_done = 0;
	if (io_fsync(fd, c->path, c->err, c->errlen) != 0)
		return 1;
	t = clock_now_ns();
	plat_sleep_us(c->burst_sleep_ns / 1000u, c->stop);
	t = clock_now_ns() - t;
	c->burst_ns += t;
	*tp += t;
	return 0;
}

/* The records a pass moved: all, or those before it was stonewalled. */
static uint64_t moved(const struct tests_ctx *c)
{
	if (!c->walled || c->wall_iters * c->wall_recs >= c->numrecs)
		return c->numrecs;
	return c->wall_iters * c->wall_recs;
}

/* t1 taken: the barrier after the pass (a pass that ran to its end tells
 * the stonewalled clients so). */
int tests_passed(struct tests_ctx *c, uint64_t t0, struct tests_span *s)
{
	uint64_t t1 = clock_now_ns();

	s->elapsed_ns = t1 - t0;
	/* -J: as IOzone, the spins are left out of the figures unless -+J */
	if (!c->compute_included)
		s->elapsed_ns -= c->computed_ns;
	/* -+b: as IOzone, the sleeps between bursts are never counted */
	s->elapsed_ns -= c->burst_ns;
	s->ops = moved(c);
	s->bytes = s->ops * c->reclen;
	if (c->tl)
		timeline_acc_end(c->tl, t1, s->bytes);
	return clients_pass_end(*c->stop != 0, c->walled, &c->sync_ns) ?
		TESTS_STOPPED : TESTS_OK;
}

/* The descriptor tests use: O_DIRECT and the sync flags apply. */
int tests_open_file(struct tests_ctx *c, int flags)
{
	if (c->read_only && (flags & (O_WRONLY | O_RDWR | O_TRUNC)))
		return err_set(c->err, c->errlen, "-+E: '%s' may only be read",
			       c->path);
	c->lock_fd = io_open(c->path, flags | c->open_flags, &c->mode, c->err,
			     c->errlen);
	c->lock_how = (flags & (O_WRONLY | O_RDWR)) ? IO_LOCK_WRITE : IO_LOCK_READ;
	return c->lock_fd;
}

/* After the open: its fsync; -+V: the position at the pass's region. */
int tests_opened(struct tests_ctx *c, int fd)
{
	if (fd < 0)
		return -1;
	if (io_fsync(fd, c->path, c->err, c->errlen) != 0)
		return -1;
	return c->base ? io_seek(fd, (int64_t)c->base, SEEK_SET, c->path, c->err,
				 c->errlen) : 0;
}

int tests_rlock(struct tests_ctx *c, int fd, uint64_t off, uint64_t len,
		int how)
{
	return io_lock(fd, how, c->base + off, len, c->path, c->err, c->errlen);
}

/* -e: fsync inside the timing; -c: close inside; then t1. */
static int end_timed(struct tests_ctx *c, int *fd, uint64_t t0,
		     struct tests_span *s)
{
	if (c->include_fsync && io_fsync(*fd, c->path, c->err, c->errlen) != 0)
		return TESTS_ERROR;
	if (c->include_close) {
		int rc = io_close(*fd, c->path, c->err, c->errlen);
		*fd = -1;
		if (rc != 0)
			return TESTS_ERROR;
	}
	return tests_passed(c, t0, s);
}

/* After t1: fsync and close what the timing did not. */
int tests_finish(struct tests_ctx *c, int fd, int rc)
{
	if (fd < 0)
		return rc;
	if (rc != TESTS_OK) {
		plat_close_fd(fd);
		return rc;
	}
	if (io_fsync(fd, c->path, c->err, c->errlen) != 0) {
		plat_close_fd(fd);
		return TESTS_ERROR;
	}
	return io_close(fd, c->path, c->err, c->errlen) == 0 ? TESTS_OK : TESTS_ERROR;
}

/*
 * The write walk of pattern.h over the cell's write buffer, with tag
 * numbers of its own (pattern_tags_take), so no walk of the run, ended
 * or failed, sends a tag another sent.
 */
void tests_window_start(struct tests_ctx *c, struct pattern_window *w,
			 size_t span)
{
	const uint64_t tag = c->wgrid ? pattern_tags_take(1) : 0;

	if (c->multi_buffer && span == c->reclen && span <= TESTS_MULTI_BYTES)
		pattern_window_ring(w, c->wbuf, TESTS_MULTI_BYTES, span, c->wpos,
				    c->wgrid, tag);
	else
		pattern_window_start(w, c->wbuf, c->wlen, span, c->wpos,
				     c->one_window, c->wgrid, tag);
}

void tests_window_save(struct tests_ctx *c, const struct pattern_window *w)
{
	c->wpos = pattern_window_pos(w);
}

size_t tests_vec_count(uint64_t numrecs, uint64_t reclen)
{
	uint64_t n = TESTS_VEC_MAX;

	if (reclen > 0 && TESTS_VEC_BYTES / reclen < n)
		n = TESTS_VEC_BYTES / reclen;
	if (numrecs < n)
		n = numrecs;
	return n ? (size_t)n : 1;
}

size_t tests_wbuf_len(uint64_t reclen, size_t nvec, int one_window)
{
	return pattern_buffer_len((size_t)reclen * (nvec ? nvec : 1), one_window);
}

void tests_multi_start(struct tests_ctx *c)
{
	c->mb_pos = 0;
	if (c->multi_buffer)
		c->wpos = c->reclen <= TESTS_MULTI_BYTES - c->reclen ?
			(size_t)c->reclen : 0;
}

int tests_checked_fail(struct tests_ctx *c, const void *buf, size_t len,
			uint64_t off)
{
	struct verify_miss m;

	if (verify_check(&c->vfy, buf, len, off, &m) == 0)
		return 0;
	verify_error(&m, c->path, c->err, c->errlen);
	c->verify_failed = 1;
	return 1;
}

/*
 * -K, in the second copy of the read test: every JITTER_EVERY records,
 * before the read of record i, the disruption of jitter.h, back at i.
 */
#define JITTER(c, on, fd, i, len) do { \
	if ((on) && (c)->jitter && (i) % JITTER_EVERY == 0 && \
	    jitter_disrupt((fd), (c)->buf, (c)->mode.direct, \
			   (c)->numrecs * (len), (i) * (len), (c)->path, \
			   (c)->err, (c)->errlen) != 0) \
		goto out; \
} while (0)

/* ---- the tests ------------------------------------------------------ */

/* Test 0: pass 0 writes a file truncated to nothing, pass 1 overwrites it. */
IOSWEEP_ALWAYS_INLINE int pass_write(struct tests_ctx *c, int pass,
				      struct tests_span *s, const int vfy)
{
	int fd = tests_open_file(c, O_RDWR | (pass == 0 && !c->no_truncate &&
					      !c->shared ? O_TRUNC : 0));
	int rc = TESTS_ERROR;
	const size_t len = (size_t)c->reclen;
	const uint64_t n = c->numrecs;
	/* -+e (shaped data only, so the checked copy): skip the hole */
	const size_t z = vfy && c->vfy.mode == VERIFY_SHAPE ?
		(size_t)shape_hole_bytes(&c->vfy.shape) : 0;
	struct pattern_window w;
	uint64_t t0, tp;

	if (tests_opened(c, fd) != 0)
		goto out;
	tests_window_start(c, &w, len);
	if (tests_ready(c, 1) != 0) {
		rc = c->ready_rc;
		goto out;
	}
	t0 = tp = clock_now_ns();
	TIMED_LOOP(c, tp, 0, n,
		   STAMP(c, vfy, w.p, len, i * len);
		   RLOCK(c, vfy, fd, i * len, len, IO_LOCK_WRITE);
		   if (vfy && z ? io_full_pwrite(fd, w.p + z, len - z,
						  c->base + i * len + z, c->path,
						  c->err, c->errlen) != 0 :
		       io_full_write(fd, w.p, len, c->path, c->err,
				     c->errlen) != 0) goto out;
		   RUNLOCK(c, vfy, fd, i * len, len);
		   BURST(c, vfy, fd, len, tp);
		   WINDOW_NEXT(w));
	rc = end_timed(c, &fd, t0, s);
	tests_window_save(c, &w);
out:
	return tests_finish(c, fd, rc);
}
PASS_COPIES(write, pass_write)

/* Test 1: one untimed record read primes the path, then the timed reads. */
IOSWEEP_ALWAYS_INLINE int pass_read(struct tests_ctx *c, int pass,
				     struct tests_span *s, const int vfy)
{
	int fd = tests_open_file(c, O_RDONLY);
	int rc = TESTS_ERROR;
	unsigned char *buf = c->buf;
	const size_t len = (size_t)c->reclen;
	const uint64_t n = c->numrecs;
	uint64_t t0, tp;

	(void)pass;
	if (tests_opened(c, fd) != 0)
		goto out;
	if (io_full_read(fd, buf, len, c->path, c->err, c->errlen) != 0 ||
	    io_seek(fd, (int64_t)c->base, SEEK_SET, c->path, c->err,
		    c->errlen) != 0)
		goto out;
	if (tests_ready(c, 1) != 0) {
		rc = c->ready_rc;
		goto out;
	}
	t0 = tp = clock_now_ns();
	TIMED_LOOP(c, tp, 0, n,
		   JITTER(c, vfy, fd, i, len);
		   MBUF(c, vfy, buf, len);
		   RLOCK(c, vfy, fd, i * len, len, IO_LOCK_READ);
		   if (io_full_read(fd, buf, len, c->path, c->err,
				    c->errlen) != 0 ||
		       CHECKED(c, vfy, buf, len, i * len)) goto out;
		   RUNLOCK(c, vfy, fd, i * len, len));
	rc = end_timed(c, &fd, t0, s);
out:
	return tests_finish(c, fd, rc);
}
PASS_COPIES(read, pass_read)

/* Test 2: pass 0 reads, pass 1 writes, both in one fixed permuted order. */
IOSWEEP_ALWAYS_INLINE int pass_random(struct tests_ctx *c, int pass,
				       struct tests_span *s, const int vfy)
{
	int fd = tests_open_file(c, c->read_only ? O_RDONLY : O_RDWR);
	int rc = TESTS_ERROR;
	unsigned char *buf = c->buf;
	const size_t len = (size_t)c->reclen;
	const uint64_t n = c->numrecs;
	const uint64_t *off = c->offsets;
	const uint64_t b = c->base;
	struct pattern_window w;
	uint64_t t0, tp;

	if (fd < 0)
		goto out;
	tests_window_start(c, &w, len);
	if (tests_ready(c, 1) != 0) {
		rc = c->ready_rc;
		goto out;
	}
	t0 = tp = clock_now_ns();
	if (pass == 0) {
		TIMED_LOOP(c, tp, 0, n,
			   MBUF(c, vfy, buf, len);
			   RLOCK(c, vfy, fd, off[i], len, IO_LOCK_READ);
			   if (io_seek(fd, (int64_t)(b + off[i]), SEEK_SET, c->path,
				       c->err, c->errlen) != 0 ||
			       io_full_read(fd, buf, len, c->path, c->err,
					    c->errlen) != 0 ||
			       CHECKED(c, vfy, buf, len, off[i])) goto out;
			   RUNLOCK(c, vfy, fd, off[i], len));
	} else {
		TIMED_LOOP(c, tp, 0, n,
			   STAMP(c, vfy, w.p, len, off[i]);
			   RLOCK(c, vfy, fd, off[i], len, IO_LOCK_WRITE);
			   if (io_seek(fd, (int64_t)(b + off[i]), SEEK_SET, c->path,
				       c->err, c->errlen) != 0 ||
			       io_full_write(fd, w.p, len, c->path, c->err,
					     c->errlen) != 0) goto out;
			   RUNLOCK(c, vfy, fd, off[i], len);
			   BURST(c, vfy, fd, len, tp);
			   WINDOW_NEXT(w));
	}
	rc = end_timed(c, &fd, t0, s);
	tests_window_save(c, &w);
out:
	return tests_finish(c, fd, rc);
}
PASS_COPIES(random, pass_random)

/* Test 3: from the last record back to the first, read then seek back two. */
IOSWEEP_ALWAYS_INLINE int pass_bkwd(struct tests_ctx *c, int pass,
				     struct tests_span *s, const int vfy)
{
	int fd = tests_open_file(c, O_RDONLY);
	int rc = TESTS_ERROR;
	unsigned char *buf = c->buf;
	const size_t len = (size_t)c->reclen;
	const int64_t back = -2 * (int64_t)c->reclen;
	const uint64_t n = c->numrecs;
	uint64_t t0, tp;

	(void)pass;
	if (tests_opened(c, fd) != 0)
		goto out;
	if (tests_ready(c, 1) != 0) {
		rc = c->ready_rc;
		goto out;
	}
	t0 = tp = clock_now_ns();
	/* the first op's latency includes this seek */
	if (io_seek(fd, (int64_t)(c->base + (n - 1) * c->reclen), SEEK_SET,
		    c->path, c->err, c->errlen) != 0)
		goto out;
	/* step i reads record n - i, the last step record 0 */
	TIMED_LOOP(c, tp, 1, n,
		   MBUF(c, vfy, buf, len);
		   RLOCK(c, vfy, fd, (n - i) * len, len, IO_LOCK_READ);
		   if (io_full_read(fd, buf, len, c->path, c->err,
				    c->errlen) != 0 ||
		       CHECKED(c, vfy, buf, len, (n - i) * len) ||
		       io_seek(fd, back, SEEK_CUR, c->path, c->err,
			       c->errlen) != 0) goto out;
		   RUNLOCK(c, vfy, fd, (n - i) * len, len));
	TIMED_LOOP(c, tp, 0, 1,
		   MBUF(c, vfy, buf, len);
		   RLOCK(c, vfy, fd, 0, len, IO_LOCK_READ);
		   if (io_full_read(fd, buf, len, c->path, c->err,
				    c->errlen) != 0 ||
		       CHECKED(c, vfy, buf, len, 0)) goto out;
		   RUNLOCK(c, vfy, fd, 0, len));
	rc = end_timed(c, &fd, t0, s);
out:
	return tests_finish(c, fd, rc);
}
PASS_COPIES(bkwd, pass_bkwd)

/* Test 4: the record at offset 0, written numrecs times. */
IOSWEEP_ALWAYS_INLINE int pass_recrewrite(struct tests_ctx *c, int pass,
					   struct tests_span *s, const int vfy)
{
	int fd = tests_open_file(c, O_RDWR);
	int rc = TESTS_ERROR;
	const size_t len = (size_t)c->reclen;
	const uint64_t n = c->numrecs;
	struct pattern_window w;
	uint64_t t0, tp;

	(void)pass;
	if (tests_opened(c, fd) != 0)
		goto out;
	tests_window_start(c, &w, len);
	if (tests_ready(c, 1) != 0) {
		rc = c->ready_rc;
		goto out;
	}
	t0 = tp = clock_now_ns();
	TIMED_LOOP(c, tp, 0, n,
		   STAMP(c, vfy, w.p, len, 0);
		   RLOCK(c, vfy, fd, 0, len, IO_LOCK_WRITE);
		   if (io_full_write(fd, w.p, len, c->path, c->err,
				     c->errlen) != 0) goto out;
		   BURST(c, vfy, fd, len, tp);
		   if (io_seek(fd, (int64_t)c->base, SEEK_SET, c->path, c->err,
			       c->errlen) != 0) goto out;
		   RUNLOCK(c, vfy, fd, 0, len);
		   WINDOW_NEXT(w));
	rc = end_timed(c, &fd, t0, s);
	tests_window_save(c, &w);
out:
	return tests_finish(c, fd, rc);
}
PASS_COPIES(recrewrite, pass_recrewrite)

/* Test 5: reads in IOzone's stride order (-j records). */
IOSWEEP_ALWAYS_INLINE int pass_stride(struct tests_ctx *c, int pass,
				       struct tests_span *s, const int vfy)
{
	int fd = tests_open_file(c, O_RDONLY);
	int rc = TESTS_ERROR;
	unsigned char *buf = c->buf;
	const size_t len = (size_t)c->reclen;
	const uint64_t n = c->numrecs;
	const uint64_t *off = c->offsets;
	uint64_t t0, tp;

	(void)pass;
	if (tests_opened(c, fd) != 0)
		goto out;
	if (tests_ready(c, 1) != 0) {
		rc = c->ready_rc;
		goto out;
	}
	t0 = tp = clock_now_ns();
	TIMED_LOOP(c, tp, 0, n,
		   MBUF(c, vfy, buf, len);
		   RLOCK(c, vfy, fd, off[i], len, IO_LOCK_READ);
		   if (io_seek(fd, (int64_t)(c->base + off[i]), SEEK_SET, c->path,
			       c->err, c->errlen) != 0 ||
		       io_full_read(fd, buf, len, c->path, c->err,
				    c->errlen) != 0 ||
		       CHECKED(c, vfy, buf, len, off[i])) goto out;
		   RUNLOCK(c, vfy, fd, off[i], len));
	rc = end_timed(c, &fd, t0, s);
out:
	return tests_finish(c, fd, rc);
}
PASS_COPIES(stride, pass_stride)

/*
 * Tests 6 and 7: stdio with a buffer of one record (setvbuf), vbuf: the
 * buffer the test leaves idle (tests.h).  IOzone opens these with fopen,
 * so neither O_DIRECT nor the sync flags apply.  The file is never
 * followed through a link: open, then fdopen.
 */
static FILE *open_stream(struct tests_ctx *c, int flags, const char *how,
			 unsigned char *vbuf)
{
	int fd = io_open(c->path, flags, NULL, c->err, c->errlen);
	FILE *fp;

	c->lock_fd = fd;
	c->lock_how = (flags & (O_WRONLY | O_RDWR)) ? IO_LOCK_WRITE : IO_LOCK_READ;
	if (fd < 0)
		return NULL;
	if (tests_opened(c, fd) != 0) {
		plat_close_fd(fd);
		return NULL;
	}
	fp = io_fdopen(fd, how);
	if (!fp) {
		err_set(c->err, c->errlen, "cannot fdopen '%s': %s", c->path,
			strerror(errno));
		plat_close_fd(fd);
		return NULL;
	}
	if (setvbuf(fp, (char *)vbuf, _IOFBF, (size_t)c->reclen) != 0) {
		err_set(c->err, c->errlen, "cannot setvbuf '%s'", c->path);
		fclose(fp);
		return NULL;
	}
	return fp;
}

static int stream_fail(struct tests_ctx *c, const char *call)
{
	err_set(c->err, c->errlen, "cannot %s '%s': %s", call, c->path,
		errno ? strerror(errno) : "short transfer");
	return TESTS_ERROR;
}

/* -e: fflush+fsync inside; -c: fclose inside; then t1. */
static int end_timed_stream(struct tests_ctx *c, FILE **fp, uint64_t t0,
			    struct tests_span *s)
{
	if (c->include_fsync) {
		if (fflush(*fp) != 0)
			return stream_fail(c, "fflush");
		if (io_stream_fsync(*fp, c->path, c->err, c->errlen) != 0)
			return TESTS_ERROR;
	}
	if (c->include_close) {
		int rc = fclose(*fp);
		*fp = NULL;
		if (rc != 0)
			return stream_fail(c, "fclose");
	}
	return tests_passed(c, t0, s);
}

static int finish_stream(struct tests_ctx *c, FILE *fp, int rc)
{
	if (!fp)
		return rc;
	if (rc != TESTS_OK) {
		fclose(fp);
		return rc;
	}
	if (fflush(fp) != 0) {
		rc = stream_fail(c, "fflush");
		fclose(fp);
		return rc;
	}
	if (io_stream_fsync(fp, c->path, c->err, c->errlen) != 0) {
		fclose(fp);
		return TESTS_ERROR;
	}
	if (fclose(fp) != 0)
		return stream_fail(c, "fclose");
	return TESTS_OK;
}

/*
 * Test 6.  IOzone opens pass 0 with "w+" when the file is absent and "r+"
 * when it exists; the runner empties the file at the start of every cell
 * (where IOzone would have removed it), so "r+" is the same in both cases.
 */
IOSWEEP_ALWAYS_INLINE int pass_fwrite(struct tests_ctx *c, int pass,
				       struct tests_span *s, const int vfy)
{
	FILE *fp = open_stream(c, O_RDWR, "r+", c->buf);
	int rc = TESTS_ERROR;
	const size_t len = (size_t)c->reclen;
	const uint64_t n = c->numrecs;
	struct pattern_window w;
	uint64_t t0, tp;

	(void)pass;
	if (!fp)
		goto out;
	tests_window_start(c, &w, len);
	if (tests_ready(c, 1) != 0) {
		rc = c->ready_rc;
		goto out;
	}
	errno = 0;
	t0 = tp = clock_now_ns();
	TIMED_LOOP(c, tp, 0, n,
		   STAMP(c, vfy, w.p, len, i * len);
		   RLOCK(c, vfy, fileno(fp), i * len, len, IO_LOCK_WRITE);
		   if (fwrite(w.p, len, 1, fp) != 1) {
			   rc = stream_fail(c, "fwrite");
			   goto out;
		   }
		   RUNLOCK(c, vfy, fileno(fp), i * len, len);
		   BURST(c, vfy, fileno(fp), len, tp);
		   WINDOW_NEXT(w));
	rc = end_timed_stream(c, &fp, t0, s);
	tests_window_save(c, &w);
out:
	return finish_stream(c, fp, rc);
}
PASS_COPIES(fwrite, pass_fwrite)

IOSWEEP_ALWAYS_INLINE int pass_fread(struct tests_ctx *c, int pass,
				     struct tests_span *s, const int vfy)
{
	FILE *fp = open_stream(c, O_RDONLY, "r", c->wbuf);
	int rc = TESTS_ERROR;
	unsigned char *buf = c->buf;
	const size_t len = (size_t)c->reclen;
	const uint64_t n = c->numrecs;
	uint64_t t0, tp;

	(void)pass;
	if (!fp)
		goto out;
	if (tests_ready(c, 1) != 0) {
		rc = c->ready_rc;
		goto out;
	}
	errno = 0;
	t0 = tp = clock_now_ns();
	TIMED_LOOP(c, tp, 0, n,
		   MBUF(c, vfy, buf, len);
		   RLOCK(c, vfy, fileno(fp), i * len, len, IO_LOCK_READ);
		   if (fread(buf, len, 1, fp) != 1) {
			   if (feof(fp))
				   err_set(c->err, c->errlen, "cannot fread '%s': "
					    "unexpected end of file", c->path);
			   else
				   stream_fail(c, "fread");
			   rc = TESTS_ERROR;
			   goto out;
		   }
		   if (CHECKED(c, vfy, buf, len, i * len)) goto out;
		   RUNLOCK(c, vfy, fileno(fp), i * len, len));
	rc = end_timed_stream(c, &fp, t0, s);
out:
	return finish_stream(c, fp, rc);
}
PASS_COPIES(fread, pass_fread)

/* Tests 9 and 10: pwrite/pread at consecutive offsets. */
IOSWEEP_ALWAYS_INLINE int pass_pio(struct tests_ctx *c, int is_write,
				    struct tests_span *s, const int vfy)
{
	int fd = tests_open_file(c, is_write ? O_RDWR : O_RDONLY);
	int rc = TESTS_ERROR;
	unsigned char *buf = c->buf;
	const size_t len = (size_t)c->reclen;
	const uint64_t n = c->numrecs;
	const uint64_t b = c->base;
	struct pattern_window w;
	uint64_t t0, tp, off = 0;

	if (tests_opened(c, fd) != 0)
		goto out;
	tests_window_start(c, &w, len);
	if (tests_ready(c, 1) != 0) {
		rc = c->ready_rc;
		goto out;
	}
	t0 = tp = clock_now_ns();
	if (is_write) {
		TIMED_LOOP(c, tp, 0, n,
			   STAMP(c, vfy, w.p, len, off);
			   RLOCK(c, vfy, fd, off, len, IO_LOCK_WRITE);
			   if (io_full_pwrite(fd, w.p, len, b + off, c->path,
					      c->err, c->errlen) != 0) goto out;
			   RUNLOCK(c, vfy, fd, off, len);
			   BURST(c, vfy, fd, len, tp);
			   off += len;
			   WINDOW_NEXT(w));
	} else {
		TIMED_LOOP(c, tp, 0, n,
			   MBUF(c, vfy, buf, len);
			   RLOCK(c, vfy, fd, off, len, IO_LOCK_READ);
			   if (io_full_pread(fd, buf, len, b + off, c->path,
					     c->err, c->errlen) != 0 ||
			       CHECKED(c, vfy, buf, len, off)) goto out;
			   RUNLOCK(c, vfy, fd, off, len);
			   off += len);
	}
	rc = end_timed(c, &fd, t0, s);
	tests_window_save(c, &w);
out:
	return tests_finish(c, fd, rc);
}

IOSWEEP_ALWAYS_INLINE int pass_pwrite(struct tests_ctx *c, int pass,
				       struct tests_span *s, const int vfy)
{
	(void)pass;
	return pass_pio(c, 1, s, vfy);
}
PASS_COPIES(pwrite, pass_pwrite)

IOSWEEP_ALWAYS_INLINE int pass_pread(struct tests_ctx *c, int pass,
				      struct tests_span *s, const int vfy)
{
	(void)pass;
	return pass_pio(c, 0, s, vfy);
}
PASS_COPIES(pread, pass_pread)

/* The nvec records of one vectored call, at p. */
static void point_iov(struct io_vec *iov, unsigned char *p, size_t len, int nvec)
{
	for (int k = 0; k < nvec; k++) {
		iov[k].base = p + (size_t)k * len;
		iov[k].len = len;
	}
}

/* Tests 11 and 12: groups of nvec records per pwritev/preadv call. */
IOSWEEP_ALWAYS_INLINE int pass_vec(struct tests_ctx *c, int is_write,
				    struct tests_span *s, const int vfy)
{
	struct io_vec iov[TESTS_VEC_MAX];
	int fd = tests_open_file(c, is_write ? O_RDWR : O_RDONLY);
	int rc = TESTS_ERROR;
	const size_t len = (size_t)c->reclen;
	const int nvec = (int)c->nvec;
	const uint64_t groups = c->numrecs / c->nvec;
	const int tail_n = (int)(c->numrecs % c->nvec);
	const uint64_t step = (uint64_t)nvec * len;
	const uint64_t b = c->base;
	struct pattern_window w;
	uint64_t t0, tp, off = 0;

	tests_window_start(c, &w, (size_t)step);
	point_iov(iov, is_write ? w.p : c->buf, len, nvec);
	if (tests_opened(c, fd) != 0)
		goto out;
	if (tests_ready(c, (uint64_t)nvec) != 0) {
		rc = c->ready_rc;
		goto out;
	}
	t0 = tp = clock_now_ns();
	if (is_write) {
		TIMED_LOOP(c, tp, 0, groups,
			   STAMP(c, vfy, w.p, (size_t)step, off);
			   RLOCK(c, vfy, fd, off, step, IO_LOCK_WRITE);
			   if (io_full_pwritev(fd, iov, nvec, b + off, c->path, c->err,
					       c->errlen) != 0) goto out;
			   RUNLOCK(c, vfy, fd, off, step);
			   off += step;
			   WINDOW_NEXT(w);
			   point_iov(iov, w.p, len, nvec));
		if (tail_n)
			TIMED_LOOP(c, tp, groups, groups + 1,
				   STAMP(c, vfy, w.p, (size_t)tail_n * len, off);
				   RLOCK(c, vfy, fd, off, tail_n * len, IO_LOCK_WRITE);
				   if (io_full_pwritev(fd, iov, tail_n, b + off, c->path,
						       c->err, c->errlen) != 0) goto out;
				   RUNLOCK(c, vfy, fd, off, tail_n * len));
	} else {
		TIMED_LOOP(c, tp, 0, groups,
			   RLOCK(c, vfy, fd, off, step, IO_LOCK_READ);
			   if (io_full_preadv(fd, iov, nvec, b + off, c->path, c->err,
					      c->errlen) != 0 ||
			       CHECKED(c, vfy, c->buf, (size_t)step, off)) goto out;
			   RUNLOCK(c, vfy, fd, off, step);
			   off += step);
		if (tail_n)
			TIMED_LOOP(c, tp, groups, groups + 1,
				   RLOCK(c, vfy, fd, off, tail_n * len, IO_LOCK_READ);
				   if (io_full_preadv(fd, iov, tail_n, b + off, c->path,
						      c->err, c->errlen) != 0 ||
				       CHECKED(c, vfy, c->buf, (size_t)tail_n * len,
					       off)) goto out;
				   RUNLOCK(c, vfy, fd, off, tail_n * len));
	}
	rc = end_timed(c, &fd, t0, s);
	if (is_write)
		tests_window_save(c, &w);
out:
	return tests_finish(c, fd, rc);
}

IOSWEEP_ALWAYS_INLINE int pass_pwritev(struct tests_ctx *c, int pass,
					struct tests_span *s, const int vfy)
{
	(void)pass;
	return pass_vec(c, 1, s, vfy);
}
PASS_COPIES(pwritev, pass_pwritev)

IOSWEEP_ALWAYS_INLINE int pass_preadv(struct tests_ctx *c, int pass,
				       struct tests_span *s, const int vfy)
{
	(void)pass;
	return pass_vec(c, 0, s, vfy);
}
PASS_COPIES(preadv, pass_preadv)

/*
 * -X, -Y: the write test (pass 0 on a file truncated to nothing, pass 1
 * over it) or the read test replays the telemetry file's operations in
 * its order, as IOzone does: seek, spin (the line's compute time, or
 * -J's where the file has none), then write or read the line's length.
 * The figures are the file's bytes over the pass.  Writes send one
 * buffer of the --data pattern, filled before t0, its tags (pattern.h)
 * renewed for each write on the file's grid, so no two writes match.
 */
static int pass_traj(struct tests_ctx *c, int pass, struct tests_span *s,
		     int is_write)
{
	const struct telemetry *t = c->traj[is_write ? 0 : 1];
	int fd = tests_open_file(c, is_write ? O_RDWR |
				 (pass == 0 && !c->shared ? O_TRUNC : 0) : O_RDONLY);
	int rc = TESTS_ERROR;
	unsigned char *buf = io_alloc((size_t)t->max_len);
	const size_t grid = is_write ? c->wgrid : 0;
	uint64_t t0, tag = grid ? pattern_tags_take(1) : 0;

	if (!buf) {
		err_set(c->err, c->errlen, "out of memory for a %llu-byte "
			"operation", (unsigned long long)t->max_len);
		goto out;
	}
	if (is_write)
		pattern_fill(buf, (size_t)t->max_len, c->o->data, c->o->data_ratio,
			     c->wseed);
	if (tests_opened(c, fd) != 0)
		goto out;
	if (tests_ready(c, 1) != 0) {
		rc = c->ready_rc;
		goto out;
	}
	t0 = clock_now_ns();
	for (size_t i = 0; i < t->n; i++) {
		const struct telemetry_op *op = &t->op[i];
		const uint64_t think = t->fields == 3 ?
			(uint64_t)op->compute_ms * 1000000u : c->compute_ns;
		STOPPED_OR(c, (void)0);
		if (io_seek(fd, (int64_t)(c->base + op->offset), SEEK_SET, c->path,
			    c->err, c->errlen) != 0)
			goto out;
		if (think)
			c->computed_ns += compute_spin(think);
		/* the file's blocks, or for --data ratio the buffer's (its zeros) */
		if (grid)
			pattern_tag(buf, (size_t)op->len, grid, grid == PATTERN_TAG_GRID ?
				    (size_t)((c->base + op->offset) % grid) : 0, &tag);
		if ((is_write ? io_full_write(fd, buf, (size_t)op->len, c->path,
					      c->err, c->errlen) :
		     io_full_read(fd, buf, (size_t)op->len, c->path, c->err,
				  c->errlen)) != 0)
			goto out;
	}
	rc = end_timed(c, &fd, t0, s);
	s->ops = t->n;
	s->bytes = t->total;
out:
	io_free(buf);
	return tests_finish(c, fd, rc);
}

int tests_traj_write(struct tests_ctx *c, int pass, struct tests_span *s)
{
	return pass_traj(c, pass, s, 1);
}

int tests_traj_read(struct tests_ctx *c, int pass, struct tests_span *s)
{
	return pass_traj(c, pass, s, 0);
}

/*
 * After a stonewalled pass that fills the file (tests.c), untimed: records done..numrecs
 * written from the pattern windows, so the file is whole again for the
 * tests that read it.  Plain descriptor (no -I, no sync flags): nothing of
 * it is measured.
 */
int tests_complete_file(struct tests_ctx *c, uint64_t done)
{
	const size_t len = (size_t)c->reclen;
	struct pattern_window w;
	int fd = c->read_only ? -1 :
		io_open(c->path, O_RDWR, NULL, c->err, c->errlen);

	if (fd < 0)
		return TESTS_ERROR;
	tests_window_start(c, &w, len);
	for (uint64_t i = done; i < c->numrecs; i++) {
		STAMP(c, 1, w.p, len, i * c->reclen);
		if (io_full_pwrite(fd, w.p, len, c->base + i * c->reclen, c->path,
				   c->err, c->errlen) != 0) {
			plat_close_fd(fd);
			return TESTS_ERROR;
		}
		WINDOW_NEXT(w);
	}
	tests_window_save(c, &w);
	return tests_finish(c, fd, TESTS_OK);
}
