/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests_pass.c: the pass functions of IOzone's tests, one per test, and
 * the parts every pass shares (tests_pass.h): -p's purge, the barriers
 * around t0 and t1, the record loop's set-up and the write windows (see
 * tests.h for what is timed and where iosweep differs).
 *
 * Every pass function has the same shape: open and fsync before t0, the
 * record loop (tests_loop.h: the pass gives it the transfer of one
 * record, and the loop adds the steps the run asks for), then end_timed()
 * (fsync with -e, close with -c, t1), then tests_finish() (fsync and
 * close when they were not timed).  Errors leave through one exit per
 * function.  The table of the tests and the runner that repeats and
 * records the passes are tests.c's, above this file.
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
#include "run/data/pattern.h"
#include "run/sweep/telemetry.h"
#include "model/results.h"
#include "model/timeline.h"
#include "run/sweep/tests_ctx.h"
#include "run/sweep/tests_pass.h"
#include "run/data/verify.h"
#include "lib/err.h"

/* ---- the common parts of a pass ------------------------------------ */

static volatile unsigned char purge_sink;

/* -p: evict the CPU caches by touching a large buffer, before t0. */
static void purge_cpu(struct tests_ctx *c)
{
	unsigned char acc = 0;

	if (!c->bufs.purge_buf)
		return;
	for (size_t i = 0; i < c->bufs.purge_bytes; i += c->bufs.purge_step) {
		c->bufs.purge_buf[i]++;
		acc ^= c->bufs.purge_buf[i];
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
	uint64_t steps = TESTS_WALL_BYTES / (step_recs * c->cell.reclen);

	purge_cpu(c);
	/* --stonewall: ask every 2^k steps, k the most that fits the bytes */
	c->loop.thought_ns = 0;
	c->loop.slept_ns = 0;
	c->loop.walled = 0;
	c->loop.wall_steps = 0;
	c->pass.wall_recs = step_recs;
	c->loop.wall_mask = 0;
	while (c->loop.wall_mask * 2 + 1 < steps)
		c->loop.wall_mask = c->loop.wall_mask * 2 + 1;
	if (c->pass.tl)
		timeline_acc_reset(c->pass.tl, step_recs * c->cell.reclen);
	c->pass.ready_rc = TESTS_STOPPED;
	if (clients_pass_start(*c->stop != 0) != 0)
		return 1;
	/* -W: as IOzone, locked after the start and before t0, until the close */
	c->pass.ready_rc = TESTS_ERROR;
	if (c->o->file_lock && c->pass.lock_fd >= 0 &&
	    io_lock(c->pass.lock_fd, c->pass.lock_how, 0, 0, c->path, c->err, c->errlen) != 0)
		return 1;
	c->pass.ready_rc = TESTS_OK;
	return 0;
}

/* The records a pass moved: all, or those before it was stonewalled. */
static uint64_t moved(const struct tests_ctx *c)
{
	if (!c->loop.walled || c->loop.wall_steps * c->pass.wall_recs >= c->cell.numrecs)
		return c->cell.numrecs;
	return c->loop.wall_steps * c->pass.wall_recs;
}

/* t1 taken: the barrier after the pass (a pass that ran to its end tells
 * the stonewalled clients so). */
int tests_passed(struct tests_ctx *c, uint64_t t0, struct pass_sample *s)
{
	uint64_t t1 = clock_now_ns();

	s->elapsed_ns = t1 - t0;
	/* -J: as IOzone, the spins are left out of the figures unless -+J */
	if (!c->o->compute_included)
		s->elapsed_ns -= c->loop.thought_ns;
	/* -+b: as IOzone, the sleeps between bursts are never counted */
	s->elapsed_ns -= c->loop.slept_ns;
	s->ops = moved(c);
	s->bytes = s->ops * c->cell.reclen;
	if (c->pass.tl)
		timeline_acc_end(c->pass.tl, t1, s->bytes);
	return clients_pass_end(*c->stop != 0, c->loop.walled, &s->sync_ns) ?
		TESTS_STOPPED : TESTS_OK;
}

/* The descriptor tests use: O_DIRECT and the sync flags apply. */
int tests_open_file(struct tests_ctx *c, int flags)
{
	if (c->o->existing && (flags & (O_WRONLY | O_RDWR | O_TRUNC)))
		return err_set(c->err, c->errlen, "-+E: '%s' may only be read",
			       c->path);
	c->pass.lock_fd = io_open(c->path, flags | c->open_flags, &c->mode, c->err,
			     c->errlen);
	c->pass.lock_how = (flags & (O_WRONLY | O_RDWR)) ? IO_LOCK_WRITE : IO_LOCK_READ;
	return c->pass.lock_fd;
}

/* After the open: its fsync; -+V: the position at the pass's region. */
int tests_opened(struct tests_ctx *c, int fd)
{
	if (fd < 0)
		return -1;
	if (io_fsync(fd, c->path, c->err, c->errlen) != 0)
		return -1;
	return c->pass.base ? io_seek(fd, (int64_t)c->pass.base, SEEK_SET, c->path, c->err,
				 c->errlen) : 0;
}

/* -e: fsync inside the timing; -c: close inside; then t1. */
static int end_timed(struct tests_ctx *c, int *fd, uint64_t t0,
		     struct pass_sample *s)
{
	if (c->o->include_fsync && io_fsync(*fd, c->path, c->err, c->errlen) != 0)
		return TESTS_ERROR;
	if (c->o->include_close) {
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

	if (c->o->multi_buffer && span == c->cell.reclen && span <= TESTS_MULTI_BYTES)
		pattern_window_ring(w, c->bufs.wbuf, TESTS_MULTI_BYTES, span, c->cell.wpos,
				    c->wgrid, tag);
	else
		pattern_window_start(w, c->bufs.wbuf, c->cell.wlen, span, c->cell.wpos,
				     c->one_window, c->wgrid, tag);
}

void tests_window_save(struct tests_ctx *c, const struct pattern_window *w)
{
	c->cell.wpos = pattern_window_pos(w);
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
	c->loop.mb_pos = 0;
	if (c->o->multi_buffer)
		c->cell.wpos = c->cell.reclen <= TESTS_MULTI_BYTES - c->cell.reclen ?
			(size_t)c->cell.reclen : 0;
}

/*
 * c->loop for one pass (tests_pass.h).  The decorated copy of the loop
 * runs when verify mode, -J, -K, -+l, -m or -+b is on (on mmap files:
 * verify mode, -+l or -m, and then -J too), for the whole run, so the
 * passes of a plain run take the plain loop; each decoration then does
 * its own part where the pass admits it (with).
 */
uint64_t tests_loop_start(struct tests_ctx *c, int fd, int writes, int order,
			  struct pattern_window *w, unsigned with)
{
	struct rec_loop *l = &c->loop;
	const int vfy = c->pass.vfy.mode != VERIFY_OFF;

	l->fd = fd;
	l->path = c->path;
	l->err = c->err;
	l->errlen = c->errlen;
	l->base = c->pass.base;
	l->writes = writes;
	l->order = order;
	l->len = (size_t)c->cell.reclen;
	l->n = c->cell.numrecs;
	l->offsets = c->bufs.offsets;
	l->buf = c->bufs.buf;
	l->w = w;
	rec_loop_plain(l);
	l->decor = options_mmap(c->o) ? vfy || c->o->rlocking || c->o->multi_buffer :
		vfy || c->o->compute_ms || c->o->jitter || c->o->rlocking ||
		c->o->multi_buffer || c->o->burst_kb;
	if (l->decor) {
		l->think_ns = (uint64_t)c->o->compute_ms * 1000000u;
		if ((with & TESTS_WITH_JITTER) && c->o->jitter)
			l->jitter_bytes = c->cell.numrecs * c->cell.reclen;
		l->direct = c->mode.direct;
		if ((with & TESTS_WITH_MBUF) && c->o->multi_buffer)
			l->mb_area = TESTS_MULTI_BYTES;
		l->stamp = writes && verify_stamps(&c->pass.vfy) ? &c->pass.vfy : NULL;
		l->check = !writes && vfy ? &c->pass.vfy : NULL;
		l->lock = !c->o->rlocking ? -1 : writes ? IO_LOCK_WRITE : IO_LOCK_READ;
		if ((with & TESTS_WITH_BURST) && c->o->burst_kb) {
			c->bursts.bytes = c->o->burst_kb * 1024;
			c->bursts.sleep_ns = (uint64_t)c->o->burst_ms * 1000000u;
			c->bursts.fsync = 1;
			l->burst = &c->bursts;
		}
	}
	l->stop = c->stop;
	l->lat = c->pass.lat;
	l->tl = c->pass.tl;
	l->op_dst = c->pass.op_dst;
	l->op_mask = c->pass.op_mask;
	l->clock_before = 0;
	l->tl_each_op = 0;
	l->t_last = clock_now_ns();
	return l->t_last;
}

/* ---- the tests ------------------------------------------------------ */

/* -+e (shaped data): the record written past its hole (arg: its bytes). */
static inline int io_write_past_hole(struct rec_loop *l, const struct rec *r,
				     void *arg)
{
	const size_t z = *(const size_t *)arg;

	return io_full_pwrite(l->fd, r->p + z, r->len - z, l->base + r->off + z,
			      l->path, l->err, l->errlen);
}

/* Test 0: pass 0 writes a file truncated to nothing, pass 1 overwrites it. */
int tests_pass_write(struct tests_ctx *c, int pass, struct pass_sample *s)
{
	int fd = tests_open_file(c, O_RDWR | (pass == 0 && !c->o->no_truncate &&
					      !c->o->share_file ? O_TRUNC : 0));
	int rc = TESTS_ERROR;
	const size_t len = (size_t)c->cell.reclen;
	size_t z = c->pass.vfy.mode == VERIFY_SHAPE ?
		(size_t)shape_hole_bytes(&c->pass.vfy.shape) : 0;
	struct pattern_window w;
	uint64_t t0;

	if (tests_opened(c, fd) != 0)
		goto out;
	tests_window_start(c, &w, len);
	if (tests_ready(c, 1) != 0) {
		rc = c->pass.ready_rc;
		goto out;
	}
	t0 = tests_loop_start(c, fd, 1, REC_SEQ, &w, TESTS_WITH_BURST);
	rc = z ? tests_loop(c, 0, c->cell.numrecs, io_write_past_hole, &z) :
		tests_loop(c, 0, c->cell.numrecs, rec_io_write, NULL);
	if (rc == TESTS_OK)
		rc = end_timed(c, &fd, t0, s);
	tests_window_save(c, &w);
out:
	return tests_finish(c, fd, rc);
}

/* Test 1: one untimed record read primes the path, then the timed reads. */
int tests_pass_read(struct tests_ctx *c, int pass, struct pass_sample *s)
{
	int fd = tests_open_file(c, O_RDONLY);
	int rc = TESTS_ERROR;
	uint64_t t0;

	(void)pass;
	if (tests_opened(c, fd) != 0)
		goto out;
	if (io_full_read(fd, c->bufs.buf, (size_t)c->cell.reclen, c->path, c->err,
			 c->errlen) != 0 ||
	    io_seek(fd, (int64_t)c->pass.base, SEEK_SET, c->path, c->err,
		    c->errlen) != 0)
		goto out;
	if (tests_ready(c, 1) != 0) {
		rc = c->pass.ready_rc;
		goto out;
	}
	t0 = tests_loop_start(c, fd, 0, REC_SEQ, NULL, TESTS_WITH_JITTER | TESTS_WITH_MBUF);
	rc = tests_loop(c, 0, c->cell.numrecs, rec_io_read, NULL);
	if (rc == TESTS_OK)
		rc = end_timed(c, &fd, t0, s);
out:
	return tests_finish(c, fd, rc);
}

/* Test 2: pass 0 reads, pass 1 writes, both in one fixed permuted order. */
int tests_pass_random(struct tests_ctx *c, int pass, struct pass_sample *s)
{
	int fd = tests_open_file(c, c->o->existing ? O_RDONLY : O_RDWR);
	int rc = TESTS_ERROR;
	struct pattern_window w;
	uint64_t t0;

	if (fd < 0)
		goto out;
	tests_window_start(c, &w, (size_t)c->cell.reclen);
	if (tests_ready(c, 1) != 0) {
		rc = c->pass.ready_rc;
		goto out;
	}
	if (pass == 0) {
		t0 = tests_loop_start(c, fd, 0, REC_TABLE, NULL, TESTS_WITH_MBUF);
		rc = tests_loop(c, 0, c->cell.numrecs, rec_io_seek_read, NULL);
	} else {
		t0 = tests_loop_start(c, fd, 1, REC_TABLE, &w, TESTS_WITH_BURST);
		rc = tests_loop(c, 0, c->cell.numrecs, rec_io_seek_write, NULL);
	}
	if (rc == TESTS_OK)
		rc = end_timed(c, &fd, t0, s);
	tests_window_save(c, &w);
out:
	return tests_finish(c, fd, rc);
}

/* Test 3's step: the record, then back to the one before it. */
static inline int io_read_back(struct rec_loop *l, const struct rec *r,
			       void *arg)
{
	(void)arg;
	if (rec_io_read(l, r, NULL) != 0)
		return -1;
	return io_seek(l->fd, -2 * (int64_t)r->len, SEEK_CUR, l->path, l->err,
		       l->errlen);
}

/* Test 3: from the last record back to the first, read then seek back two. */
int tests_pass_bkwd(struct tests_ctx *c, int pass, struct pass_sample *s)
{
	int fd = tests_open_file(c, O_RDONLY);
	int rc = TESTS_ERROR;
	const uint64_t n = c->cell.numrecs;
	uint64_t t0;

	(void)pass;
	if (tests_opened(c, fd) != 0)
		goto out;
	if (tests_ready(c, 1) != 0) {
		rc = c->pass.ready_rc;
		goto out;
	}
	t0 = tests_loop_start(c, fd, 0, REC_BACK, NULL, TESTS_WITH_MBUF);
	/* the first op's latency includes this seek */
	if (io_seek(fd, (int64_t)(c->pass.base + (n - 1) * c->cell.reclen), SEEK_SET,
		    c->path, c->err, c->errlen) != 0)
		goto out;
	/* step i reads record n - 1 - i; the last step, record 0, ends there */
	rc = tests_loop(c, 0, n - 1, io_read_back, NULL);
	if (rc == TESTS_OK)
		rc = tests_loop(c, n - 1, n, rec_io_read, NULL);
	if (rc == TESTS_OK)
		rc = end_timed(c, &fd, t0, s);
out:
	return tests_finish(c, fd, rc);
}

/* Test 4's step: the first record, then back to it. */
static inline int io_write_rewind(struct rec_loop *l, const struct rec *r,
				  void *arg)
{
	(void)arg;
	if (rec_io_write(l, r, NULL) != 0)
		return -1;
	return io_seek(l->fd, (int64_t)l->base, SEEK_SET, l->path, l->err,
		       l->errlen);
}

/* Test 4: the record at offset 0, written numrecs times. */
int tests_pass_recrewrite(struct tests_ctx *c, int pass, struct pass_sample *s)
{
	int fd = tests_open_file(c, O_RDWR);
	int rc = TESTS_ERROR;
	struct pattern_window w;
	uint64_t t0;

	(void)pass;
	if (tests_opened(c, fd) != 0)
		goto out;
	tests_window_start(c, &w, (size_t)c->cell.reclen);
	if (tests_ready(c, 1) != 0) {
		rc = c->pass.ready_rc;
		goto out;
	}
	t0 = tests_loop_start(c, fd, 1, REC_FIRST, &w, TESTS_WITH_BURST);
	rc = tests_loop(c, 0, c->cell.numrecs, io_write_rewind, NULL);
	if (rc == TESTS_OK)
		rc = end_timed(c, &fd, t0, s);
	tests_window_save(c, &w);
out:
	return tests_finish(c, fd, rc);
}

/* Test 5: reads in IOzone's stride order (-j records). */
int tests_pass_stride(struct tests_ctx *c, int pass, struct pass_sample *s)
{
	int fd = tests_open_file(c, O_RDONLY);
	int rc = TESTS_ERROR;
	uint64_t t0;

	(void)pass;
	if (tests_opened(c, fd) != 0)
		goto out;
	if (tests_ready(c, 1) != 0) {
		rc = c->pass.ready_rc;
		goto out;
	}
	t0 = tests_loop_start(c, fd, 0, REC_TABLE, NULL, TESTS_WITH_MBUF);
	rc = tests_loop(c, 0, c->cell.numrecs, rec_io_seek_read, NULL);
	if (rc == TESTS_OK)
		rc = end_timed(c, &fd, t0, s);
out:
	return tests_finish(c, fd, rc);
}

/* "cannot fwrite 'f': ..." for a failed stdio call on path. */
static int stream_fail(const char *path, char *err, size_t errlen,
		       const char *call)
{
	err_set(err, errlen, "cannot %s '%s': %s", call, path,
		errno ? strerror(errno) : "short transfer");
	return TESTS_ERROR;
}

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

	c->pass.lock_fd = fd;
	c->pass.lock_how = (flags & (O_WRONLY | O_RDWR)) ? IO_LOCK_WRITE : IO_LOCK_READ;
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
	if (setvbuf(fp, (char *)vbuf, _IOFBF, (size_t)c->cell.reclen) != 0) {
		err_set(c->err, c->errlen, "cannot setvbuf '%s'", c->path);
		fclose(fp);
		return NULL;
	}
	return fp;
}

/* -e: fflush+fsync inside; -c: fclose inside; then t1. */
static int end_timed_stream(struct tests_ctx *c, FILE **fp, uint64_t t0,
			    struct pass_sample *s)
{
	if (c->o->include_fsync) {
		if (fflush(*fp) != 0)
			return stream_fail(c->path, c->err, c->errlen, "fflush");
		if (io_stream_fsync(*fp, c->path, c->err, c->errlen) != 0)
			return TESTS_ERROR;
	}
	if (c->o->include_close) {
		int rc = fclose(*fp);
		*fp = NULL;
		if (rc != 0)
			return stream_fail(c->path, c->err, c->errlen, "fclose");
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
		rc = stream_fail(c->path, c->err, c->errlen, "fflush");
		fclose(fp);
		return rc;
	}
	if (io_stream_fsync(fp, c->path, c->err, c->errlen) != 0) {
		fclose(fp);
		return TESTS_ERROR;
	}
	if (fclose(fp) != 0)
		return stream_fail(c->path, c->err, c->errlen, "fclose");
	return TESTS_OK;
}

/* Test 6's and 7's transfers (arg: the stream). */
static inline int io_fwrite(struct rec_loop *l, const struct rec *r, void *arg)
{
	if (fwrite(r->p, r->len, 1, arg) == 1)
		return 0;
	return stream_fail(l->path, l->err, l->errlen, "fwrite");
}

static inline int io_fread(struct rec_loop *l, const struct rec *r, void *arg)
{
	if (fread(r->p, r->len, 1, arg) == 1)
		return 0;
	if (feof((FILE *)arg))
		return err_set(l->err, l->errlen, "cannot fread '%s': unexpected "
			       "end of file", l->path);
	return stream_fail(l->path, l->err, l->errlen, "fread");
}

/*
 * Test 6.  IOzone opens pass 0 with "w+" when the file is absent and "r+"
 * when it exists; the runner empties the file at the start of every cell
 * (where IOzone would have removed it), so "r+" is the same in both cases.
 */
int tests_pass_fwrite(struct tests_ctx *c, int pass, struct pass_sample *s)
{
	FILE *fp = open_stream(c, O_RDWR, "r+", c->bufs.buf);
	int rc = TESTS_ERROR;
	struct pattern_window w;
	uint64_t t0;

	(void)pass;
	if (!fp)
		goto out;
	tests_window_start(c, &w, (size_t)c->cell.reclen);
	if (tests_ready(c, 1) != 0) {
		rc = c->pass.ready_rc;
		goto out;
	}
	errno = 0;
	t0 = tests_loop_start(c, fileno(fp), 1, REC_SEQ, &w, TESTS_WITH_BURST);
	rc = tests_loop(c, 0, c->cell.numrecs, io_fwrite, fp);
	if (rc == TESTS_OK)
		rc = end_timed_stream(c, &fp, t0, s);
	tests_window_save(c, &w);
out:
	return finish_stream(c, fp, rc);
}

int tests_pass_fread(struct tests_ctx *c, int pass, struct pass_sample *s)
{
	FILE *fp = open_stream(c, O_RDONLY, "r", c->bufs.wbuf);
	int rc = TESTS_ERROR;
	uint64_t t0;

	(void)pass;
	if (!fp)
		goto out;
	if (tests_ready(c, 1) != 0) {
		rc = c->pass.ready_rc;
		goto out;
	}
	errno = 0;
	t0 = tests_loop_start(c, fileno(fp), 0, REC_SEQ, NULL, TESTS_WITH_MBUF);
	rc = tests_loop(c, 0, c->cell.numrecs, io_fread, fp);
	if (rc == TESTS_OK)
		rc = end_timed_stream(c, &fp, t0, s);
out:
	return finish_stream(c, fp, rc);
}

/* Tests 9 and 10: pwrite/pread at consecutive offsets. */
static int pass_pio(struct tests_ctx *c, int is_write, struct pass_sample *s)
{
	int fd = tests_open_file(c, is_write ? O_RDWR : O_RDONLY);
	int rc = TESTS_ERROR;
	struct pattern_window w;
	uint64_t t0;

	if (tests_opened(c, fd) != 0)
		goto out;
	tests_window_start(c, &w, (size_t)c->cell.reclen);
	if (tests_ready(c, 1) != 0) {
		rc = c->pass.ready_rc;
		goto out;
	}
	if (is_write) {
		t0 = tests_loop_start(c, fd, 1, REC_SEQ, &w, TESTS_WITH_BURST);
		rc = tests_loop(c, 0, c->cell.numrecs, rec_io_pwrite, NULL);
	} else {
		t0 = tests_loop_start(c, fd, 0, REC_SEQ, NULL, TESTS_WITH_MBUF);
		rc = tests_loop(c, 0, c->cell.numrecs, rec_io_pread, NULL);
	}
	if (rc == TESTS_OK)
		rc = end_timed(c, &fd, t0, s);
	tests_window_save(c, &w);
out:
	return tests_finish(c, fd, rc);
}

int tests_pass_pwrite(struct tests_ctx *c, int pass, struct pass_sample *s)
{
	(void)pass;
	return pass_pio(c, 1, s);
}

int tests_pass_pread(struct tests_ctx *c, int pass, struct pass_sample *s)
{
	(void)pass;
	return pass_pio(c, 0, s);
}

/* Tests 11 and 12: the records of one call, reclen bytes each. */
struct vec_io {
	struct io_vec iov[TESTS_VEC_MAX];
	int nvec;
	size_t reclen;
};

/* The nvec records of one vectored call, at p. */
static void point_iov(struct vec_io *v, unsigned char *p)
{
	for (int k = 0; k < v->nvec; k++) {
		v->iov[k].base = p + (size_t)k * v->reclen;
		v->iov[k].len = v->reclen;
	}
}

static inline int io_pwritev(struct rec_loop *l, const struct rec *r, void *arg)
{
	struct vec_io *v = arg;

	point_iov(v, r->p);
	return io_full_pwritev(l->fd, v->iov, v->nvec, l->base + r->off, l->path,
			       l->err, l->errlen);
}

static inline int io_preadv(struct rec_loop *l, const struct rec *r, void *arg)
{
	struct vec_io *v = arg;

	return io_full_preadv(l->fd, v->iov, v->nvec, l->base + r->off, l->path,
			      l->err, l->errlen);
}

/*
 * Tests 11 and 12: groups of nvec records per pwritev/preadv call (io),
 * then the records left over in one call (at the offset after the groups).
 */
IOSWEEP_ALWAYS_INLINE int vec_loop(struct tests_ctx *c, rec_io_fn io,
				   struct vec_io *v)
{
	const uint64_t groups = c->cell.numrecs / c->cell.nvec;
	const uint64_t tail_off = groups * v->nvec * c->cell.reclen;
	int rc;

	rc = tests_loop(c, 0, groups, io, v);
	if (rc != TESTS_OK || c->cell.numrecs % c->cell.nvec == 0)
		return rc;
	v->nvec = (int)(c->cell.numrecs % c->cell.nvec);
	c->loop.len = (size_t)v->nvec * v->reclen;
	c->loop.order = REC_TABLE;
	c->loop.offsets = &tail_off;
	return tests_loop(c, 0, 1, io, v);
}

static int pass_vec(struct tests_ctx *c, int is_write, struct pass_sample *s)
{
	struct vec_io v = { .nvec = (int)c->cell.nvec, .reclen = (size_t)c->cell.reclen };
	int fd = tests_open_file(c, is_write ? O_RDWR : O_RDONLY);
	int rc = TESTS_ERROR;
	const uint64_t step = (uint64_t)v.nvec * c->cell.reclen;
	struct pattern_window w;
	uint64_t t0;

	tests_window_start(c, &w, (size_t)step);
	point_iov(&v, is_write ? w.p : c->bufs.buf);
	if (tests_opened(c, fd) != 0)
		goto out;
	if (tests_ready(c, (uint64_t)v.nvec) != 0) {
		rc = c->pass.ready_rc;
		goto out;
	}
	t0 = tests_loop_start(c, fd, is_write, REC_SEQ, &w, 0);
	c->loop.len = (size_t)step;
	rc = is_write ? vec_loop(c, io_pwritev, &v) : vec_loop(c, io_preadv, &v);
	if (rc == TESTS_OK)
		rc = end_timed(c, &fd, t0, s);
	if (is_write)
		tests_window_save(c, &w);
out:
	return tests_finish(c, fd, rc);
}

int tests_pass_pwritev(struct tests_ctx *c, int pass, struct pass_sample *s)
{
	(void)pass;
	return pass_vec(c, 1, s);
}

int tests_pass_preadv(struct tests_ctx *c, int pass, struct pass_sample *s)
{
	(void)pass;
	return pass_vec(c, 0, s);
}

/*
 * -X, -Y: the write test (pass 0 on a file truncated to nothing, pass 1
 * over it) or the read test replays the telemetry file's operations in
 * its order, as IOzone does: seek, spin (the line's compute time, or
 * -J's where the file has none), then write or read the line's length.
 * The figures are the file's bytes over the pass.  Writes send one
 * buffer of the --data pattern, filled before t0, its tags (pattern.h)
 * renewed for each write on the file's grid, so no two writes match.
 */
static int pass_traj(struct tests_ctx *c, int pass, struct pass_sample *s,
		     int is_write)
{
	const struct telemetry *t = c->o->traj[is_write ? 0 : 1];
	int fd = tests_open_file(c, is_write ? O_RDWR |
				 (pass == 0 && !c->o->share_file ? O_TRUNC : 0) : O_RDONLY);
	int rc = TESTS_ERROR;
	unsigned char *buf = io_alloc((size_t)t->max_len);
	const size_t grid = is_write ? c->wgrid : 0;
	const uint64_t think_all = (uint64_t)c->o->compute_ms * 1000000u; /* -J */
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
		rc = c->pass.ready_rc;
		goto out;
	}
	t0 = clock_now_ns();
	for (size_t i = 0; i < t->n; i++) {
		const struct telemetry_op *op = &t->op[i];
		const uint64_t think = t->fields == 3 ?
			(uint64_t)op->compute_ms * 1000000u : think_all;
		if (*c->stop) {
			rc = TESTS_STOPPED;
			goto out;
		}
		if (io_seek(fd, (int64_t)(c->pass.base + op->offset), SEEK_SET, c->path,
			    c->err, c->errlen) != 0)
			goto out;
		if (think)
			c->loop.thought_ns += compute_spin(think);
		/* the file's blocks, or for --data ratio the buffer's (its zeros) */
		if (grid)
			pattern_tag(buf, (size_t)op->len, grid, grid == PATTERN_TAG_GRID ?
				    (size_t)((c->pass.base + op->offset) % grid) : 0, &tag);
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

int tests_traj_write(struct tests_ctx *c, int pass, struct pass_sample *s)
{
	return pass_traj(c, pass, s, 1);
}

int tests_traj_read(struct tests_ctx *c, int pass, struct pass_sample *s)
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
	const size_t len = (size_t)c->cell.reclen;
	struct pattern_window w;
	int fd = c->o->existing ? -1 :
		io_open(c->path, O_RDWR, NULL, c->err, c->errlen);

	if (fd < 0)
		return TESTS_ERROR;
	tests_window_start(c, &w, len);
	for (uint64_t i = done; i < c->cell.numrecs; i++) {
		if (verify_stamps(&c->pass.vfy))
			verify_fill(&c->pass.vfy, w.p, len, i * c->cell.reclen);
		if (io_full_pwrite(fd, w.p, len, c->pass.base + i * c->cell.reclen, c->path,
				   c->err, c->errlen) != 0) {
			plat_close_fd(fd);
			return TESTS_ERROR;
		}
		PATTERN_WINDOW_NEXT(w);
	}
	tests_window_save(c, &w);
	return tests_finish(c, fd, TESTS_OK);
}
