/*
 * tests.c: the ops table of IOzone's tests and the pass functions that
 * time them (see tests.h for what is timed and where iosweep differs).
 *
 * Every pass function has the same shape: open and fsync before t0, the
 * record loop, then end_timed() (fsync with -e, close with -c, t1), then
 * finish() (fsync and close when they were not timed).  Errors leave
 * through one exit per function.
 */
#include "compat.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "clients/clients.h"
#include "platform/clock.h"
#include "platform/platform.h"
#include "latency.h"
#include "options/options.h"
#include "lib/outfile.h"
#include "run/pattern.h"
#include "results.h"
#include "run/tests.h"
#include "lib/err.h"

/* ---- order of records ---------------------------------------------- */

/* splitmix64: a small fixed-seed generator for the random test's order. */
static uint64_t splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Uniform in [0, bound), bound >= 1, without modulo bias. */
static uint64_t bounded(uint64_t *state, uint64_t bound)
{
	uint64_t threshold = (0 - bound) % bound;
	for (;;) {
		uint64_t r = splitmix64(state);
		if (r >= threshold)
			return r % bound;
	}
}

#define TESTS_SEED 0x10205a7e5eedull

void tests_permutation(uint64_t *idx, uint64_t n)
{
	uint64_t state = TESTS_SEED;

	for (uint64_t i = 0; i < n; i++)
		idx[i] = i;
	for (uint64_t i = n; i > 1; i--) {
		uint64_t j = bounded(&state, i);
		uint64_t t = idx[i - 1];
		idx[i - 1] = idx[j];
		idx[j] = t;
	}
}

/*
 * IOzone's stride walk: read a record, jump s records on; when the next
 * jump would reach the last record, start again one record further in
 * than the previous start (back at 0 when the file has no more than s
 * records).
 */
void tests_stride_order(uint64_t *idx, uint64_t n, uint64_t s)
{
	uint64_t pos = 0, wrap = 0;

	if (s == 0)
		s = 1;
	for (uint64_t i = 0; i < n; i++) {
		idx[i] = pos;
		pos++;
		if (pos + s >= n - 1) {
			wrap++;
			pos = n <= s ? 0 : wrap % n;
		} else {
			pos += s - 1;
		}
	}
}

static int need_offsets(struct tests_ctx *c)
{
	if (!c->offsets)
		return err_set(c->err, c->errlen, "internal error: no offset table for "
			"%llu records", (unsigned long long)c->numrecs);
	return 0;
}

static void to_bytes(struct tests_ctx *c)
{
	for (uint64_t i = 0; i < c->numrecs; i++)
		c->offsets[i] *= c->reclen;
}

static int prepare_random(struct tests_ctx *c)
{
	if (need_offsets(c) != 0)
		return TESTS_ERROR;
	tests_permutation(c->offsets, c->numrecs);
	to_bytes(c);
	return TESTS_OK;
}

static int prepare_stride(struct tests_ctx *c)
{
	if (need_offsets(c) != 0)
		return TESTS_ERROR;
	tests_stride_order(c->offsets, c->numrecs, c->stride);
	to_bytes(c);
	return TESTS_OK;
}

/* ---- the common parts of a pass ------------------------------------ */

static volatile unsigned char purge_sink;

/* -p: evict the CPU caches by touching a large buffer, before t0. */
static void purge_cpu(struct tests_ctx *c)
{
	unsigned char acc = 0;

	if (!c->purge_buf)
		return;
	for (size_t i = 0; i < TESTS_PURGE_BYTES; i += 64) {
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
static int ready(struct tests_ctx *c, uint64_t step_recs)
{
	uint64_t steps = TESTS_WALL_BYTES / (step_recs * c->reclen);

	purge_cpu(c);
	/* --stonewall: ask every 2^k steps, k the most that fits the bytes */
	c->walled = 0;
	c->wall_iters = 0;
	c->wall_recs = step_recs;
	c->wall_mask = 0;
	while (c->wall_mask * 2 + 1 < steps)
		c->wall_mask = c->wall_mask * 2 + 1;
	return clients_pass_start(*c->stop != 0);
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
static int passed(struct tests_ctx *c, uint64_t t0, struct tests_span *s)
{
	s->elapsed_ns = clock_now_ns() - t0;
	s->ops = moved(c);
	s->bytes = s->ops * c->reclen;
	return clients_pass_end(*c->stop != 0, c->walled, &c->sync_ns) ?
		TESTS_STOPPED : TESTS_OK;
}

/* The descriptor tests use: O_DIRECT and the sync flags apply. */
static int open_file(struct tests_ctx *c, int flags)
{
	return io_open(c->path, flags | c->open_flags, &c->mode, c->err, c->errlen);
}

static int opened(struct tests_ctx *c, int fd)
{
	if (fd < 0)
		return -1;
	return io_fsync(fd, c->path, c->err, c->errlen);
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
	return passed(c, t0, s);
}

/* After t1: fsync and close what the timing did not. */
static int finish(struct tests_ctx *c, int fd, int rc)
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

#define IOSWEEP_CACHE_MSG 256

#define STOPPED_OR(c, stmt) \
	do { if (*(c)->stop) { rc = TESTS_STOPPED; goto out; } stmt; } while (0)

/*
 * The timed loop: the statement(s) after `to` for i = from .. to-1, each
 * leaving with goto out on error.  Without --latency (c->lat NULL) it is
 * the plain loop.  With --stonewall (never with --latency) it is the
 * plain loop that also asks every wall_mask + 1 steps whether another
 * client finished, and ends early if so (wall_iters: the steps done).
 * With --latency, the clock is read once after every op and the
 * step from the previous reading (tp: t0 before the first op) is the op's
 * latency, into the histogram and into op_dst[i & op_mask] (op_ns[i] with
 * -Q, a scratch word otherwise).  The variant is chosen once, here, before
 * the first op.  tp is left at the last reading.
 */
#define TIMED_LOOP(c, tp, from, to, ...) do { \
	if ((c)->stonewall) { \
		const uint64_t wm_ = (c)->wall_mask; \
		uint64_t i = (from); \
		for (; i < (to) && !(c)->walled; i++) { \
			STOPPED_OR(c, __VA_ARGS__); \
			if ((i & wm_) == wm_ && clients_walled()) \
				(c)->walled = 1; \
		} \
		(c)->wall_iters += i - (from); \
	} else if (!(c)->lat) { \
		for (uint64_t i = (from); i < (to); i++) \
			STOPPED_OR(c, __VA_ARGS__); \
	} else { \
		struct latency_hist *const lh_ = (c)->lat; \
		uint64_t *const qn_ = (c)->op_dst; \
		const uint64_t qm_ = (c)->op_mask; \
		for (uint64_t i = (from); i < (to); i++) { \
			uint64_t tn_; \
			STOPPED_OR(c, __VA_ARGS__); \
			tn_ = clock_now_ns(); \
			latency_add(lh_, tn_ - (tp)); \
			qn_[i & qm_] = tn_ - (tp); \
			(tp) = tn_; \
		} \
	} \
} while (0)

/* The write walk of pattern.h over the cell's write buffer. */
static void window_start(struct tests_ctx *c, struct pattern_window *w,
			 size_t span)
{
	pattern_window_start(w, c->wbuf, c->wlen, span, c->wpos, c->one_window);
}

static void window_save(struct tests_ctx *c, const struct pattern_window *w)
{
	c->wpos = pattern_window_pos(w);
}

#define WINDOW_NEXT(w) PATTERN_WINDOW_NEXT(w)

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

/* ---- the tests ------------------------------------------------------ */

/* Test 0: pass 0 writes a file truncated to nothing, pass 1 overwrites it. */
static int pass_write(struct tests_ctx *c, int pass, struct tests_span *s)
{
	int fd = open_file(c, O_RDWR | (pass == 0 ? O_TRUNC : 0));
	int rc = TESTS_ERROR;
	const size_t len = (size_t)c->reclen;
	const uint64_t n = c->numrecs;
	struct pattern_window w;
	uint64_t t0, tp;

	if (opened(c, fd) != 0)
		goto out;
	window_start(c, &w, len);
	if (ready(c, 1) != 0) {
		rc = TESTS_STOPPED;
		goto out;
	}
	t0 = tp = clock_now_ns();
	TIMED_LOOP(c, tp, 0, n,
		   if (io_full_write(fd, w.p, len, c->path, c->err,
				     c->errlen) != 0) goto out;
		   WINDOW_NEXT(w));
	rc = end_timed(c, &fd, t0, s);
	window_save(c, &w);
out:
	return finish(c, fd, rc);
}

/* Test 1: one untimed record read primes the path, then the timed reads. */
static int pass_read(struct tests_ctx *c, int pass, struct tests_span *s)
{
	int fd = open_file(c, O_RDONLY);
	int rc = TESTS_ERROR;
	unsigned char *buf = c->buf;
	const size_t len = (size_t)c->reclen;
	const uint64_t n = c->numrecs;
	uint64_t t0, tp;

	(void)pass;
	if (opened(c, fd) != 0)
		goto out;
	if (io_full_read(fd, buf, len, c->path, c->err, c->errlen) != 0 ||
	    io_seek(fd, 0, SEEK_SET, c->path, c->err, c->errlen) != 0)
		goto out;
	if (ready(c, 1) != 0) {
		rc = TESTS_STOPPED;
		goto out;
	}
	t0 = tp = clock_now_ns();
	TIMED_LOOP(c, tp, 0, n,
		   if (io_full_read(fd, buf, len, c->path, c->err,
				    c->errlen) != 0) goto out);
	rc = end_timed(c, &fd, t0, s);
out:
	return finish(c, fd, rc);
}

/* Test 2: pass 0 reads, pass 1 writes, both in one fixed permuted order. */
static int pass_random(struct tests_ctx *c, int pass, struct tests_span *s)
{
	int fd = open_file(c, O_RDWR);
	int rc = TESTS_ERROR;
	unsigned char *buf = c->buf;
	const size_t len = (size_t)c->reclen;
	const uint64_t n = c->numrecs;
	const uint64_t *off = c->offsets;
	struct pattern_window w;
	uint64_t t0, tp;

	if (fd < 0)
		goto out;
	window_start(c, &w, len);
	if (ready(c, 1) != 0) {
		rc = TESTS_STOPPED;
		goto out;
	}
	t0 = tp = clock_now_ns();
	if (pass == 0) {
		TIMED_LOOP(c, tp, 0, n,
			   if (io_seek(fd, (int64_t)off[i], SEEK_SET, c->path,
				       c->err, c->errlen) != 0 ||
			       io_full_read(fd, buf, len, c->path, c->err,
					    c->errlen) != 0) goto out);
	} else {
		TIMED_LOOP(c, tp, 0, n,
			   if (io_seek(fd, (int64_t)off[i], SEEK_SET, c->path,
				       c->err, c->errlen) != 0 ||
			       io_full_write(fd, w.p, len, c->path, c->err,
					     c->errlen) != 0) goto out;
			   WINDOW_NEXT(w));
	}
	rc = end_timed(c, &fd, t0, s);
	window_save(c, &w);
out:
	return finish(c, fd, rc);
}

/* Test 3: from the last record back to the first, read then seek back two. */
static int pass_bkwd(struct tests_ctx *c, int pass, struct tests_span *s)
{
	int fd = open_file(c, O_RDONLY);
	int rc = TESTS_ERROR;
	unsigned char *buf = c->buf;
	const size_t len = (size_t)c->reclen;
	const int64_t back = -2 * (int64_t)c->reclen;
	const uint64_t n = c->numrecs;
	uint64_t t0, tp;

	(void)pass;
	if (opened(c, fd) != 0)
		goto out;
	if (ready(c, 1) != 0) {
		rc = TESTS_STOPPED;
		goto out;
	}
	t0 = tp = clock_now_ns();
	/* the first op's latency includes this seek */
	if (io_seek(fd, (int64_t)((n - 1) * c->reclen), SEEK_SET, c->path,
		    c->err, c->errlen) != 0)
		goto out;
	TIMED_LOOP(c, tp, 1, n,
		   if (io_full_read(fd, buf, len, c->path, c->err,
				    c->errlen) != 0 ||
		       io_seek(fd, back, SEEK_CUR, c->path, c->err,
			       c->errlen) != 0) goto out);
	TIMED_LOOP(c, tp, 0, 1,
		   if (io_full_read(fd, buf, len, c->path, c->err,
				    c->errlen) != 0) goto out);
	rc = end_timed(c, &fd, t0, s);
out:
	return finish(c, fd, rc);
}

/* Test 4: the record at offset 0, written numrecs times. */
static int pass_recrewrite(struct tests_ctx *c, int pass, struct tests_span *s)
{
	int fd = open_file(c, O_RDWR);
	int rc = TESTS_ERROR;
	const size_t len = (size_t)c->reclen;
	const uint64_t n = c->numrecs;
	struct pattern_window w;
	uint64_t t0, tp;

	(void)pass;
	if (opened(c, fd) != 0)
		goto out;
	window_start(c, &w, len);
	if (ready(c, 1) != 0) {
		rc = TESTS_STOPPED;
		goto out;
	}
	t0 = tp = clock_now_ns();
	TIMED_LOOP(c, tp, 0, n,
		   if (io_full_write(fd, w.p, len, c->path, c->err,
				     c->errlen) != 0 ||
		       io_seek(fd, 0, SEEK_SET, c->path, c->err,
			       c->errlen) != 0) goto out;
		   WINDOW_NEXT(w));
	rc = end_timed(c, &fd, t0, s);
	window_save(c, &w);
out:
	return finish(c, fd, rc);
}

/* Test 5: reads in IOzone's stride order (-j records). */
static int pass_stride(struct tests_ctx *c, int pass, struct tests_span *s)
{
	int fd = open_file(c, O_RDONLY);
	int rc = TESTS_ERROR;
	unsigned char *buf = c->buf;
	const size_t len = (size_t)c->reclen;
	const uint64_t n = c->numrecs;
	const uint64_t *off = c->offsets;
	uint64_t t0, tp;

	(void)pass;
	if (opened(c, fd) != 0)
		goto out;
	if (ready(c, 1) != 0) {
		rc = TESTS_STOPPED;
		goto out;
	}
	t0 = tp = clock_now_ns();
	TIMED_LOOP(c, tp, 0, n,
		   if (io_seek(fd, (int64_t)off[i], SEEK_SET, c->path,
			       c->err, c->errlen) != 0 ||
		       io_full_read(fd, buf, len, c->path, c->err,
				    c->errlen) != 0) goto out);
	rc = end_timed(c, &fd, t0, s);
out:
	return finish(c, fd, rc);
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

	if (fd < 0)
		return NULL;
	if (io_fsync(fd, c->path, c->err, c->errlen) != 0) {
		plat_close_fd(fd);
		return NULL;
	}
	fp = fdopen(fd, how);
	if (!fp) {
		snprintf(c->err, c->errlen, "cannot fdopen '%s': %s", c->path,
			 strerror(errno));
		plat_close_fd(fd);
		return NULL;
	}
	if (setvbuf(fp, (char *)vbuf, _IOFBF, (size_t)c->reclen) != 0) {
		snprintf(c->err, c->errlen, "cannot setvbuf '%s'", c->path);
		fclose(fp);
		return NULL;
	}
	return fp;
}

static int stream_fail(struct tests_ctx *c, const char *call)
{
	snprintf(c->err, c->errlen, "cannot %s '%s': %s", call, c->path,
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
		if (io_fsync(fileno(*fp), c->path, c->err, c->errlen) != 0)
			return TESTS_ERROR;
	}
	if (c->include_close) {
		int rc = fclose(*fp);
		*fp = NULL;
		if (rc != 0)
			return stream_fail(c, "fclose");
	}
	return passed(c, t0, s);
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
	if (io_fsync(fileno(fp), c->path, c->err, c->errlen) != 0) {
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
static int pass_fwrite(struct tests_ctx *c, int pass, struct tests_span *s)
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
	window_start(c, &w, len);
	if (ready(c, 1) != 0) {
		rc = TESTS_STOPPED;
		goto out;
	}
	errno = 0;
	t0 = tp = clock_now_ns();
	TIMED_LOOP(c, tp, 0, n,
		   if (fwrite(w.p, len, 1, fp) != 1) {
			   rc = stream_fail(c, "fwrite");
			   goto out;
		   }
		   WINDOW_NEXT(w));
	rc = end_timed_stream(c, &fp, t0, s);
	window_save(c, &w);
out:
	return finish_stream(c, fp, rc);
}

static int pass_fread(struct tests_ctx *c, int pass, struct tests_span *s)
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
	if (ready(c, 1) != 0) {
		rc = TESTS_STOPPED;
		goto out;
	}
	errno = 0;
	t0 = tp = clock_now_ns();
	TIMED_LOOP(c, tp, 0, n,
		   if (fread(buf, len, 1, fp) != 1) {
			   if (feof(fp))
				   snprintf(c->err, c->errlen, "cannot fread '%s': "
					    "unexpected end of file", c->path);
			   else
				   stream_fail(c, "fread");
			   rc = TESTS_ERROR;
			   goto out;
		   });
	rc = end_timed_stream(c, &fp, t0, s);
out:
	return finish_stream(c, fp, rc);
}

/* Tests 9 and 10: pwrite/pread at consecutive offsets. */
static int pass_pio(struct tests_ctx *c, int is_write, struct tests_span *s)
{
	int fd = open_file(c, is_write ? O_RDWR : O_RDONLY);
	int rc = TESTS_ERROR;
	unsigned char *buf = c->buf;
	const size_t len = (size_t)c->reclen;
	const uint64_t n = c->numrecs;
	struct pattern_window w;
	uint64_t t0, tp, off = 0;

	if (opened(c, fd) != 0)
		goto out;
	window_start(c, &w, len);
	if (ready(c, 1) != 0) {
		rc = TESTS_STOPPED;
		goto out;
	}
	t0 = tp = clock_now_ns();
	if (is_write) {
		TIMED_LOOP(c, tp, 0, n,
			   if (io_full_pwrite(fd, w.p, len, off, c->path,
					      c->err, c->errlen) != 0) goto out;
			   off += len;
			   WINDOW_NEXT(w));
	} else {
		TIMED_LOOP(c, tp, 0, n,
			   if (io_full_pread(fd, buf, len, off, c->path,
					     c->err, c->errlen) != 0) goto out;
			   off += len);
	}
	rc = end_timed(c, &fd, t0, s);
	window_save(c, &w);
out:
	return finish(c, fd, rc);
}

static int pass_pwrite(struct tests_ctx *c, int pass, struct tests_span *s)
{
	(void)pass;
	return pass_pio(c, 1, s);
}

static int pass_pread(struct tests_ctx *c, int pass, struct tests_span *s)
{
	(void)pass;
	return pass_pio(c, 0, s);
}

/* The nvec records of one vectored call, at p. */
static void point_iov(struct io_vec *iov, unsigned char *p, size_t len, int nvec)
{
	for (int k = 0; k < nvec; k++) {
		iov[k].base = p + (size_t)k * len;
		iov[k].len = len;
	}
}

/* Tests 11 and 12: groups of nvec records per pwritev/preadv call. */
static int pass_vec(struct tests_ctx *c, int is_write, struct tests_span *s)
{
	struct io_vec iov[TESTS_VEC_MAX];
	int fd = open_file(c, is_write ? O_RDWR : O_RDONLY);
	int rc = TESTS_ERROR;
	const size_t len = (size_t)c->reclen;
	const int nvec = (int)c->nvec;
	const uint64_t groups = c->numrecs / c->nvec;
	const int tail_n = (int)(c->numrecs % c->nvec);
	const uint64_t step = (uint64_t)nvec * len;
	struct pattern_window w;
	uint64_t t0, tp, off = 0;

	window_start(c, &w, (size_t)step);
	point_iov(iov, is_write ? w.p : c->buf, len, nvec);
	if (opened(c, fd) != 0)
		goto out;
	if (ready(c, (uint64_t)nvec) != 0) {
		rc = TESTS_STOPPED;
		goto out;
	}
	t0 = tp = clock_now_ns();
	if (is_write) {
		TIMED_LOOP(c, tp, 0, groups,
			   if (io_full_pwritev(fd, iov, nvec, off, c->path, c->err,
					       c->errlen) != 0) goto out;
			   off += step;
			   WINDOW_NEXT(w);
			   point_iov(iov, w.p, len, nvec));
		if (tail_n)
			TIMED_LOOP(c, tp, groups, groups + 1,
				   if (io_full_pwritev(fd, iov, tail_n, off, c->path,
						       c->err, c->errlen) != 0) goto out);
	} else {
		TIMED_LOOP(c, tp, 0, groups,
			   if (io_full_preadv(fd, iov, nvec, off, c->path, c->err,
					      c->errlen) != 0) goto out;
			   off += step);
		if (tail_n)
			TIMED_LOOP(c, tp, groups, groups + 1,
				   if (io_full_preadv(fd, iov, tail_n, off, c->path,
						      c->err, c->errlen) != 0) goto out);
	}
	rc = end_timed(c, &fd, t0, s);
	if (is_write)
		window_save(c, &w);
out:
	return finish(c, fd, rc);
}

static int pass_pwritev(struct tests_ctx *c, int pass, struct tests_span *s)
{
	(void)pass;
	return pass_vec(c, 1, s);
}

static int pass_preadv(struct tests_ctx *c, int pass, struct tests_span *s)
{
	(void)pass;
	return pass_vec(c, 0, s);
}

/* ---- the table -------------------------------------------------------- */

static const struct tests_def table[] = {
	{ .number = 0, .name = "write", .col = { RC_WRITE, RC_REWRITE },
	  .passes = 2, .pass = pass_write },
	{ .number = 1, .name = "read", .col = { RC_READ, RC_REREAD },
	  .passes = 2, .needs_data = 1, .pass = pass_read },
	{ .number = 2, .name = "random read/write",
	  .col = { RC_RANDOM_READ, RC_RANDOM_WRITE }, .passes = 2,
	  .keep_pass2 = 1, .needs_data = 1, .prepare = prepare_random,
	  .pass = pass_random },
	/* IOzone runs the backward read twice and reports the first pass. */
	{ .number = 3, .name = "bkwd read", .col = { RC_BKWD_READ, -1 },
	  .passes = 2, .needs_data = 1, .pass = pass_bkwd },
	{ .number = 4, .name = "record rewrite",
	  .col = { RC_RECORD_REWRITE, -1 }, .passes = 1,
	  .pass = pass_recrewrite },
	{ .number = 5, .name = "stride read", .col = { RC_STRIDE_READ, -1 },
	  .passes = 1, .needs_data = 1, .prepare = prepare_stride,
	  .pass = pass_stride },
	{ .number = 6, .name = "fwrite", .col = { RC_FWRITE, RC_FREWRITE },
	  .passes = 2, .pass = pass_fwrite },
	{ .number = 7, .name = "fread", .col = { RC_FREAD, RC_FREREAD },
	  .passes = 2, .needs_data = 1, .pass = pass_fread },
	{ .number = 9, .name = "pwrite", .col = { RC_PWRITE, RC_REPWRITE },
	  .passes = 2, .pass = pass_pwrite },
	{ .number = 10, .name = "pread", .col = { RC_PREAD, RC_REPREAD },
	  .passes = 2, .needs_data = 1, .pass = pass_pread },
	{ .number = 11, .name = "pwritev",
	  .col = { RC_PWRITEV, RC_REPWRITEV }, .passes = 2,
	  .pass = pass_pwritev },
	{ .number = 12, .name = "preadv", .col = { RC_PREADV, RC_REPREADV },
	  .passes = 2, .needs_data = 1, .pass = pass_preadv },
};

const struct tests_def *tests_find(int number)
{
	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++)
		if (table[i].number == number)
			return &table[i];
	return NULL;
}

/* After fread, which lent wbuf's first record to stdio: the pattern again. */
static void restore_wbuf(struct tests_ctx *c)
{
	size_t len = c->wlen < c->reclen ? c->wlen : (size_t)c->reclen;

	pattern_fill(c->wbuf, len, c->o->data, c->o->data_ratio, c->wseed);
}

/* -+q: sleep, waking early when a signal asks to stop. */
static void rest(struct tests_ctx *c)
{
	plat_sleep((unsigned)c->sleep_s, c->stop);
}

/*
 * Before a pass: its histogram (recorded passes with --latency) and where
 * per-op latencies go (op_ns with -Q when the column has a file).
 */
static void latency_arm(const struct tests_def *t, struct tests_ctx *c, int p)
{
	int col = p < 2 ? t->col[p] : -1;

	c->lat = c->record ? c->lat_work : NULL;
	c->op_dst = &c->op_scratch;
	c->op_mask = 0;
	if (!c->lat)
		return;
	latency_clear(c->lat);
	if (c->qfile && c->op_ns && col >= 0 && c->qfile[col]) {
		c->op_dst = c->op_ns;
		c->op_mask = ~(uint64_t)0;
	}
}

/*
 * -Q: IOzone's rows for one pass, "%10lld %10.0f %10lld" (offset in kB,
 * latency in microseconds, bytes), then its CPU and real time line.
 */
static void write_qrows(const struct tests_ctx *c, struct outfile *f,
			const struct tests_span *s, double user_s, double sys_s)
{
	for (uint64_t i = 0; i < s->ops; i++)
		outfile_printf(f, "%10" PRIu64 " %10.0f %10" PRIu64 "\n",
			       i * c->reclen / 1024, (double)c->op_ns[i] / 1e3,
			       c->reclen);
	outfile_printf(f, "\nSystem time %10.3f User time %10.3f Real %10.3f  "
		       "(seconds)\n", sys_s, user_s, (double)s->elapsed_ns / 1e9);
}

static void free_sample_lat(struct result_sample *r)
{
	latency_free(r->lat);
	latency_free(r->lat_rd);
	latency_free(r->lat_wr);
}

/* qd.c passes: the reads and writes of the pass, and their histograms. */
static int split_sample(const struct tests_ctx *c, const struct tests_span *s,
			struct result_sample *r)
{
	if (!c->lat_rw[0])
		return 0;
	r->flags |= RESULTS_SF_SPLIT;
	r->rd_ops = s->rd_ops;
	r->wr_ops = s->ops - s->rd_ops;
	if (!c->lat)
		return 0;
	if (c->lat_rw[0]->n && !(r->lat_rd = latency_compact(c->lat_rw[0])))
		return -1;
	if (c->lat_rw[1]->n && !(r->lat_wr = latency_compact(c->lat_rw[1])))
		return -1;
	return 0;
}

/* Does pass p of t read the file (every pass of a reading test but random write)? */
static int pass_reads(const struct tests_def *t, int p)
{
	return t->needs_data && !(t->pass == pass_random && p == 1);
}

/*
 * Before a pass (or a --min-time repetition of it), outside every timing:
 * with --cold a read pass finds the file flushed and dropped from the
 * page cache.  With pct, then how much of the cell's file is in the cache
 * (mincore): *pct in percent, or -1 where the platform cannot tell.
 */
static int cache_state(const struct tests_def *t, struct tests_ctx *c, int p,
		       double *pct)
{
	char msg[IOSWEEP_CACHE_MSG];
	double frac;

	if (c->cold && pass_reads(t, p) &&
	    io_drop_cache(c->path, c->err, c->errlen) != 0)
		return TESTS_ERROR;
	if (!pct)
		return TESTS_OK;
	*pct = io_cached_fraction(c->path, c->file_kb * 1024, &frac, msg,
				  sizeof(msg)) == 0 ? frac * 100.0 : -1.0;
	return TESTS_OK;
}

/* The passes that write the file from its start, so leave it short when
 * stonewalled. */
static int fills_file(const struct tests_def *t)
{
	return t->pass == pass_write || t->pass == pass_fwrite ||
	       t->pass == pass_pwrite || t->pass == pass_pwritev;
}

/*
 * After a stonewalled pass of fills_file(), untimed: records done..numrecs
 * written from the pattern windows, so the file is whole again for the
 * tests that read it.  Plain descriptor (no -I, no sync flags): nothing of
 * it is measured.
 */
static int complete_file(struct tests_ctx *c, uint64_t done)
{
	const size_t len = (size_t)c->reclen;
	struct pattern_window w;
	int fd = io_open(c->path, O_RDWR, NULL, c->err, c->errlen);

	if (fd < 0)
		return TESTS_ERROR;
	window_start(c, &w, len);
	for (uint64_t i = done; i < c->numrecs; i++) {
		if (io_full_pwrite(fd, w.p, len, i * c->reclen, c->path, c->err,
				   c->errlen) != 0) {
			plat_close_fd(fd);
			return TESTS_ERROR;
		}
		WINDOW_NEXT(w);
	}
	window_save(c, &w);
	return finish(c, fd, TESTS_OK);
}

static int run_passes_errno(const struct tests_def *t, struct tests_ctx *c,
			    int32_t writer);

/* Runs the passes; on TESTS_ERROR c->err_errno keeps the errno of the call
 * that failed (read here, before anything else can change it). */
static int run_passes(const struct tests_def *t, struct tests_ctx *c,
		      int32_t writer)
{
	int rc;

	errno = 0;
	c->err_errno = 0;
	rc = run_passes_errno(t, c, writer);
	if (rc == TESTS_ERROR)
		c->err_errno = errno;
	return rc;
}

static int run_passes_errno(const struct tests_def *t, struct tests_ctx *c,
			    int32_t writer)
{
	int passes = (c->no_retest && !t->keep_pass2) ? 1 : t->passes;

	if (*c->stop)
		return TESTS_STOPPED;
	if (c->numrecs > 0 && t->prepare && t->prepare(c) != TESTS_OK)
		return TESTS_ERROR;
	for (int p = 0; p < passes; p++) {
		struct tests_span s = { 0, 0, 0, 0 };
		double u0, s0, u1, s1;
		uint64_t w0, w1;
		double cached_pct = -1.0;
		int rc = TESTS_OK;

		if (c->numrecs > 0 && cache_state(t, c, p, &cached_pct) != TESTS_OK)
			return TESTS_ERROR;
		latency_arm(t, c, p);
		c->sync_ns = 0;
		clock_cpu(&u0, &s0);
		w0 = clock_now_ns();
		c->walled = 0;
		/* No records (file smaller than a record): nothing to move. */
		if (c->numrecs > 0)
			rc = t->pass(c, p, &s);
		/*
		 * --min-time: a pass timed for less than min_pass_ns is run again,
		 * back to back, until the repetitions add up to it (at most
		 * TESTS_MAX_REPS); the sample is their sum, so a 64 kB cell is no
		 * longer one shot of a few microseconds.  Each repetition is the
		 * same pass with the same semantics (a write pass truncates
		 * first).  Not with -Q, whose files list one pass's operations.
		 */
		if (rc == TESTS_OK && c->numrecs > 0 && c->min_pass_ns && !c->op_mask) {
			for (unsigned k = 1; k < TESTS_MAX_REPS && rc == TESTS_OK &&
			     s.elapsed_ns < c->min_pass_ns; k++) {
				struct tests_span more = { 0, 0, 0, 0 };
				if (t->pass == pass_fread)
					restore_wbuf(c);
				if (cache_state(t, c, p, NULL) != TESTS_OK)
					return TESTS_ERROR;
				rc = t->pass(c, p, &more);
				s.bytes += more.bytes;
				s.ops += more.ops;
				s.rd_ops += more.rd_ops;
				s.elapsed_ns += more.elapsed_ns;
			}
		}
		w1 = clock_now_ns();
		clock_cpu(&u1, &s1);
		if (t->pass == pass_fread)
			restore_wbuf(c);
		/* after the pass's wall and CPU times: not part of its figures */
		if (rc == TESTS_OK && c->walled && fills_file(t))
			rc = complete_file(c, s.ops);
		if (rc != TESTS_OK)
			return rc;
		if (c->record && p < 2 && t->col[p] >= 0) {
			struct result_sample r;
			memset(&r, 0, sizeof(r));
			r.cell = c->cell;
			r.col = (uint16_t)t->col[p];
			r.trial = c->trial;
			r.bytes = s.bytes;
			r.ops = s.ops;
			r.elapsed_ns = s.elapsed_ns;
			r.wall_ns = w1 - w0;
			r.cpu_user_s = u1 - u0;
			r.cpu_sys_s = s1 - s0;
			if (cached_pct >= 0.0) {
				r.cached_pct = cached_pct;
				r.flags |= RESULTS_SF_CACHED;
			}
			r.sync_ns = c->sync_ns;
			r.client = c->client;
			r.writer = writer;
			if ((c->lat && !(r.lat = latency_compact(c->lat))) ||
			    split_sample(c, &s, &r) != 0) {
				free_sample_lat(&r);
				snprintf(c->err, c->errlen, "out of memory recording "
					 "a latency histogram");
				return TESTS_ERROR;
			}
			if (results_add_sample(c->rs, &r) != 0) {
				free_sample_lat(&r);
				snprintf(c->err, c->errlen, "out of memory recording "
					 "a sample");
				return TESTS_ERROR;
			}
			if (c->op_mask)
				write_qrows(c, c->qfile[t->col[p]], &s, r.cpu_user_s,
					    r.cpu_sys_s);
		}
		if (c->sleep_s)
			rest(c);
		if (*c->stop)
			return TESTS_STOPPED;
	}
	return TESTS_OK;
}

/*
 * With --reorder a test that reads what test 0 wrote runs on another
 * client's file (c->read_path); its samples name that client as writer.
 */
int tests_run(const struct tests_def *t, struct tests_ctx *c)
{
	const char *own = c->path;
	int rc;

	if (!t->needs_data || !c->read_path)
		return run_passes(t, c, c->client);
	c->path = c->read_path;
	rc = run_passes(t, c, c->read_writer);
	c->path = own;
	return rc;
}
