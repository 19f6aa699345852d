/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * throughput_child.c: one child of throughput mode, process or thread:
 * prepare its file and buffers, say "ready", wait for "go", run the
 * record loop, write its figures into its slot of the shared block and
 * say "done" (see throughput.c for the parent's side of the pipes).
 *
 * The record loop reads the stop flags once per record and nothing
 * else; the op itself is one function per access pattern, chosen before
 * the loop.  Nothing here starts, waits for or reaps a child.
 */
#include "compat.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clients/clients.h"
#include "model/latency.h"
#include "platform/clock.h"
#include "platform/platform.h"
#include "options/options.h"
#include "run/pattern.h"
#include "run/tests.h"
#include "run/throughput.h"
#include "run/throughput_priv.h"
#include "run/compute.h"
#include "run/jitter.h"
#include "run/verify.h"
#include "model/timeline.h"
#include "lib/err.h"

#define TP_SEED 0x7470000000ull   /* data pattern seed, plus the child's index
				     (and the client's: iosweep-mpi) */

/* One child's working state. */
struct tp_child_state {
	const struct tp_ctx *c;
	unsigned idx;
	int kind;                 /* the test it runs (a mixed workload child:
				     random read or random write) */
	char path[4096];
	int fd;
	FILE *fp;
	unsigned char *buf;       /* readers: one record */
	unsigned char *wbuf;      /* writers: the pattern buffer (pattern.h) */
	size_t wlen;
	struct pattern_window w;  /* writers: where the next record comes from */
	char *stdio_buf;
	uint64_t *off;
	struct verify vfy;        /* -V, -+d: the data of its file (verify.h) */
	int (*after_spin)(struct tp_child_state *s, uint64_t i); /* -J: the op */
	int (*after_jitter)(struct tp_child_state *s, uint64_t i); /* -K: the op */
	int (*after_lock)(struct tp_child_state *s, uint64_t i); /* -+l: the op */
	int (*after_pace)(struct tp_child_state *s, uint64_t i); /* -+O: the op */
	uint64_t pace_ns;         /* -+O: the time one op may take at the rate */
	uint64_t pace_t0;         /* -+O: when the first op started (0: not yet) */
	uint64_t base;            /* -+V, -+L: where its region of the shared
				     file starts (0: a file of its own) */
	unsigned char *maddr;     /* -B, -D: its region in the mapping */
	uint64_t computed_ns;     /* -J: the spins so far */
	struct latency_hist hist; /* -+z: its operations' times (else no buckets) */
	int (*after_time)(struct tp_child_state *s, uint64_t i); /* -+z: the op */
	struct io_map map;        /* -B, -D: the whole file mapped, else addr NULL */
	int (*after_burst)(struct tp_child_state *s, uint64_t i); /* -+b: the op */
	uint64_t burst_bytes;     /* -+b: its share of a burst (0: no bursts) */
	uint64_t burst_left;      /* bytes before its next sleep */
	uint64_t burst_ns;        /* barrier waits and sleeps so far */
	int burst_party;          /* counted in the barrier's parties */
	struct timeline_acc tl;   /* --log-interval: its intervals */
	int (*after_tl)(struct tp_child_state *s, uint64_t i); /* the op */
	int tl_on;                /* its timed region is running */
	int tl_two;               /* read the clock before the op too: other
				     wrappers' time lies between two ops */
	uint64_t tl_last;         /* the clock after the last op */
	char *err;
	size_t errlen;
};

static int kind_writes(int kind);
static int must_stop(const struct tp_ctx *c);

/* ---- the record operations -------------------------------------------- */

/*
 * The writers send the window at s->w.p, then move on to the next (which
 * PATTERN_WINDOW_NEXT tags): the window sent was tagged last, after every
 * window sent before it (pattern.h).
 */
static int op_write(struct tp_child_state *s, uint64_t i)
{
	int rc = io_full_write(s->fd, s->w.p, (size_t)s->c->reclen, s->path,
			       s->err, s->errlen);

	(void)i;
	PATTERN_WINDOW_NEXT(s->w);
	return rc;
}

static int op_read(struct tp_child_state *s, uint64_t i)
{
	(void)i;
	return io_full_read(s->fd, s->buf, (size_t)s->c->reclen, s->path, s->err,
			    s->errlen);
}

static int op_seek_write(struct tp_child_state *s, uint64_t i)
{
	if (io_seek(s->fd, (int64_t)(s->base + s->off[i]), SEEK_SET, s->path,
		    s->err, s->errlen) != 0)
		return -1;
	return op_write(s, i);
}

static int op_seek_read(struct tp_child_state *s, uint64_t i)
{
	if (io_seek(s->fd, (int64_t)(s->base + s->off[i]), SEEK_SET, s->path,
		    s->err, s->errlen) != 0)
		return -1;
	return op_read(s, i);
}

static int op_pwrite(struct tp_child_state *s, uint64_t i)
{
	int rc = io_full_pwrite(s->fd, s->w.p, (size_t)s->c->reclen,
				s->base + i * s->c->reclen, s->path, s->err,
				s->errlen);

	PATTERN_WINDOW_NEXT(s->w);
	return rc;
}

static int op_pread(struct tp_child_state *s, uint64_t i)
{
	return io_full_pread(s->fd, s->buf, (size_t)s->c->reclen,
			     s->base + i * s->c->reclen, s->path, s->err, s->errlen);
}

static int stream_error(struct tp_child_state *s, const char *call)
{
	return err_set(s->err, s->errlen, "cannot %s '%s': %s", call, s->path,
		ferror(s->fp) && errno ? strerror(errno) : "unexpected end of file");
}

static int op_fwrite(struct tp_child_state *s, uint64_t i)
{
	int rc = fwrite(s->w.p, (size_t)s->c->reclen, 1, s->fp) == 1 ? 0 :
		stream_error(s, "fwrite");

	(void)i;
	PATTERN_WINDOW_NEXT(s->w);
	return rc;
}

static int op_fread(struct tp_child_state *s, uint64_t i)
{
	(void)i;
	return fread(s->buf, (size_t)s->c->reclen, 1, s->fp) == 1 ? 0 :
		stream_error(s, "fread");
}

/*
 * Verify mode (-V, -+d): a reader's op checks the record it got, inside
 * the timing as in IOzone; a -+d writer's op first fills its record with
 * the data of its offset (-V's bytes are in the buffer from the start),
 * and so does a writer of shaped data (-+w -+y -+C -+a, unchecked).
 * Each is the plain op wrapped, chosen once with the rest (op_of).
 */
static int op_checked(struct tp_child_state *s, const unsigned char *buf,
		      uint64_t off)
{
	struct verify_miss m;

	if (verify_check(&s->vfy, buf, (size_t)s->c->reclen, off, &m) == 0)
		return 0;
	return verify_error(&m, s->path, s->err, s->errlen);
}

static void op_stamp(struct tp_child_state *s, uint64_t off)
{
	verify_fill(&s->vfy, s->w.p, (size_t)s->c->reclen, off);
}

static int op_read_v(struct tp_child_state *s, uint64_t i)
{
	return op_read(s, i) || op_checked(s, s->buf, i * s->c->reclen) ? -1 : 0;
}

static int op_seek_read_v(struct tp_child_state *s, uint64_t i)
{
	return op_seek_read(s, i) || op_checked(s, s->buf, s->off[i]) ? -1 : 0;
}

static int op_pread_v(struct tp_child_state *s, uint64_t i)
{
	return op_pread(s, i) || op_checked(s, s->buf, i * s->c->reclen) ? -1 : 0;
}

static int op_fread_v(struct tp_child_state *s, uint64_t i)
{
	return op_fread(s, i) || op_checked(s, s->buf, i * s->c->reclen) ? -1 : 0;
}

static int op_write_d(struct tp_child_state *s, uint64_t i)
{
	op_stamp(s, i * s->c->reclen);
	return op_write(s, i);
}

static int op_seek_write_d(struct tp_child_state *s, uint64_t i)
{
	op_stamp(s, s->off[i]);
	return op_seek_write(s, i);
}

static int op_pwrite_d(struct tp_child_state *s, uint64_t i)
{
	op_stamp(s, i * s->c->reclen);
	return op_pwrite(s, i);
}

static int op_fwrite_d(struct tp_child_state *s, uint64_t i)
{
	op_stamp(s, i * s->c->reclen);
	return op_fwrite(s, i);
}

/*
 * mmap files (-B, -D; tests_mmap.c says what IOzone does): a record
 * copied out of or into the mapping, at its offset in the test's order
 * (s->off) or at i records; a copy in is followed by -D's and -G's msync.
 */
static uint64_t map_at(const struct tp_child_state *s, uint64_t i)
{
	return s->off ? s->off[i] : i * s->c->reclen;
}

static int op_map_get(struct tp_child_state *s, uint64_t i)
{
	memcpy(s->buf, s->maddr + map_at(s, i), (size_t)s->c->reclen);
	return 0;
}

static int op_map_put(struct tp_child_state *s, uint64_t i)
{
	const struct options *o = s->c->o;
	const uint64_t at = map_at(s, i), len = s->c->reclen;

	memcpy(s->maddr + at, s->w.p, (size_t)len);
	PATTERN_WINDOW_NEXT(s->w);   /* after the copy: see op_write */
	if (o->msync_async && io_map_sync(&s->map, s->base + at, len, IO_MAP_ASYNC,
					  s->path, s->err, s->errlen) != 0)
		return -1;
	if (o->msync_sync && io_map_sync(&s->map, s->base + at, len, IO_MAP_SYNC,
					 s->path, s->err, s->errlen) != 0)
		return -1;
	return 0;
}

static int op_map_get_v(struct tp_child_state *s, uint64_t i)
{
	return op_map_get(s, i) || op_checked(s, s->buf, map_at(s, i)) ? -1 : 0;
}

static int op_map_put_d(struct tp_child_state *s, uint64_t i)
{
	op_stamp(s, map_at(s, i));
	return op_map_put(s, i);
}

typedef int (*tp_op_fn)(struct tp_child_state *s, uint64_t i);

/* -J: the op wrapped in its spin (compute.h), chosen once in child_loop. */
static int op_think(struct tp_child_state *s, uint64_t i)
{
	s->computed_ns += compute_spin((uint64_t)s->c->o->compute_ms * 1000000u);
	return s->after_spin(s, i);
}

/*
 * -K: a reader's op after the disruption of jitter.h every JITTER_EVERY
 * records (IOzone's readers of these kinds), chosen once in child_loop.
 */
static int op_jitter(struct tp_child_state *s, uint64_t i)
{
	const uint64_t len = s->c->reclen;

	if (i % JITTER_EVERY == 0 &&
	    jitter_disrupt(s->fd, s->buf, s->c->o->direct, s->c->numrecs * len,
			   i * len, s->path, s->err, s->errlen) != 0)
		return -1;
	return s->after_jitter(s, i);
}

/*
 * -+l, -+L: the op between a lock of its record (shared for a reader,
 * exclusive for a writer) and its unlock, as IOzone's record locking
 * does, inside the timing; chosen once in child_loop, outermost.
 */
static int op_locked(struct tp_child_state *s, uint64_t i)
{
	const uint64_t at = s->base + map_at(s, i), len = s->c->reclen;
	int rc;

	if (io_lock(s->fd, kind_writes(s->kind) ? IO_LOCK_WRITE : IO_LOCK_READ,
		    at, len, s->path, s->err, s->errlen) != 0)
		return -1;
	rc = s->after_lock(s, i);
	if (io_lock(s->fd, IO_UNLOCK, at, len, s->path, s->err, s->errlen) != 0)
		return -1;
	return rc;
}

/*
 * -+O: the op, then, as IOzone's rate control does, a sleep inside the
 * timing until the op's time at the rate is up, so the child sees about
 * OPS x record bytes per second when the file system is faster.  The
 * time is kept against a schedule from the first op (op i ends no sooner
 * than (i + 1) / OPS s after it), so a sleep that overshoots is made up
 * by the next ones instead of adding up (IOzone naps each op's rest
 * alone, and comes out slower than asked).
 */
/* -+z: the time of the I/O call itself, into the child's histogram */
static int op_timed(struct tp_child_state *s, uint64_t i)
{
	uint64_t t = clock_now_ns();
	int rc = s->after_time(s, i);

	latency_add(&s->hist, clock_now_ns() - t);
	return rc;
}

/*
 * --log-interval: the clock after the op (and before it when other
 * wrappers spend time between ops), the op into its interval.  Alone,
 * an op's time is from the end of the one before: one clock read per op.
 */
static int op_tl(struct tp_child_state *s, uint64_t i)
{
	uint64_t t = s->tl_two ? clock_now_ns() : s->tl_last;
	int rc = s->after_tl(s, i);
	uint64_t now = clock_now_ns();

	if (s->tl_on)
		timeline_acc_op(&s->tl, now, now - t);
	s->tl_last = now;
	return rc;
}

/* ---- -+b: bursts, as IOzone's writers in throughput mode ------------ */

/* The child stops bursting: the others no longer wait for it. */
static void burst_leave(struct tp_child_state *s)
{
	if (!s->burst_party)
		return;
	s->burst_party = 0;
	tp_burst_leave(s->c->sh);
}

/*
 * After each share of a burst: fsync (not with -I, as IOzone), wait for
 * the other bursting children, sleep; the wait and the sleep are left
 * out of the figures.  A stonewall or a stop ends the bursts.
 */
static int op_burst(struct tp_child_state *s, uint64_t i)
{
	const struct tp_ctx *c = s->c;
	struct tp_shared *sh = c->sh;
	int rc = s->after_burst(s, i);
	uint64_t t;
	unsigned gen;

	if (rc != 0 || !s->burst_party)
		return rc;
	if (s->burst_left > c->reclen) {
		s->burst_left -= c->reclen;
		return 0;
	}
	s->burst_left = s->burst_bytes;
	if (!c->mode.direct && io_fsync(s->fd, s->path, s->err, s->errlen) != 0)
		return -1;
	t = clock_now_ns();
	gen = tp_burst_arrive(sh);
	while (!tp_burst_opened(sh, gen) && !must_stop(c))
		plat_sleep_us(50, NULL);
	if (must_stop(c)) {
		burst_leave(s);
	} else {
		plat_sleep_us((uint64_t)c->o->burst_ms * 1000u, c->user_stop);
	}
	s->burst_ns += clock_now_ns() - t;
	return 0;
}

static int op_paced(struct tp_child_state *s, uint64_t i)
{
	uint64_t now, due;
	int rc;

	if (!s->pace_t0)
		s->pace_t0 = clock_now_ns();
	rc = s->after_pace(s, i);
	now = clock_now_ns();
	due = s->pace_t0 + (i + 1) * s->pace_ns;
	if (rc == 0 && now < due)
		plat_sleep_us((due - now) / 1000u, s->c->user_stop);
	return rc;
}

static int kind_jitters(int kind)
{
	return kind == TP_READ || kind == TP_REREAD || kind == TP_PREAD ||
	       kind == TP_REVERSE || kind == TP_STRIDE;
}

/*
 * The op of a test: readers checked in verify mode, writers stamped with
 * -+d and shaped data; through the mapping when there is one.
 */
static tp_op_fn op_of(int kind, int mode, int mapped)
{
	int check = mode != VERIFY_OFF && mode != VERIFY_SHAPE;
	int stamp = mode == VERIFY_DIAG || mode == VERIFY_SHAPE;

	if (mapped && kind_writes(kind))
		return stamp ? op_map_put_d : op_map_put;
	if (mapped)
		return check ? op_map_get_v : op_map_get;
	switch (kind) {
	case TP_WRITE: case TP_REWRITE: return stamp ? op_write_d : op_write;
	case TP_READ: case TP_REREAD: return check ? op_read_v : op_read;
	case TP_REVERSE: case TP_STRIDE: case TP_RANDOM_READ:
		return check ? op_seek_read_v : op_seek_read;
	case TP_RANDOM_WRITE: return stamp ? op_seek_write_d : op_seek_write;
	case TP_PWRITE: return stamp ? op_pwrite_d : op_pwrite;
	case TP_PREAD: return check ? op_pread_v : op_pread;
	case TP_FWRITE: return stamp ? op_fwrite_d : op_fwrite;
	default: return check ? op_fread_v : op_fread;
	}
}

static int kind_writes(int kind)
{
	return throughput_test_def(kind)->writes;
}

/* ---- one child ------------------------------------------------------------ */

/* CPU seconds of this child: its process, or with -T its thread. */
static void child_cpu(int threads, double *user_s, double *sys_s)
{
	if (threads && plat_thread_cpu(user_s, sys_s) == 0)
		return;
	clock_cpu(user_s, sys_s);
}

/* Block until the parent closes "go" (end of file on the pipe). */
static void wait_go(int fd)
{
	char b;

	for (;;) {
		long n = plat_pipe_read(fd, &b, 1);
		if (n == 0 || (n < 0 && errno != EINTR))
			return;
	}
}

/* Offsets of the records, in the order the test visits them, in bytes. */
static int child_offsets(struct tp_child_state *s)
{
	uint64_t n = s->c->numrecs;

	if (s->kind != TP_REVERSE && s->kind != TP_STRIDE &&
	    s->kind != TP_RANDOM_READ && s->kind != TP_RANDOM_WRITE)
		return 0;
	s->off = malloc((size_t)(n ? n : 1) * sizeof(*s->off));
	if (!s->off)
		return err_set(s->err, s->errlen, "out of memory for %llu offsets",
			(unsigned long long)n);
	if (s->kind == TP_STRIDE)
		tests_stride_order(s->off, n, options_stride(s->c->o));
	else if (s->kind == TP_REVERSE)
		for (uint64_t i = 0; i < n; i++)
			s->off[i] = n - 1 - i;
	else
		tests_permutation(s->off, n);
	for (uint64_t i = 0; i < n; i++)
		s->off[i] *= s->c->reclen;
	return 0;
}

/*
 * mmap files: the initial writer grows its emptied file to full size by
 * writing the last record, and with -Z writes the first page with
 * write(2), as the sweep's test 0 does; then the whole file is mapped,
 * writable for the writers, read-only for the readers.
 */
static int child_map(struct tp_child_state *s)
{
	const struct tp_ctx *c = s->c;
	const uint64_t size = c->numrecs * c->reclen, len = c->reclen;
	const uint64_t page = size < 4096 ? size : 4096;

	if (s->kind == TP_WRITE) {
		if (s->vfy.mode == VERIFY_DIAG)
			op_stamp(s, size - len);
		if (io_full_pwrite(s->fd, s->w.p, (size_t)len, s->base + size - len,
				   s->path, s->err, s->errlen) != 0)
			return -1;
		if (s->vfy.mode == VERIFY_DIAG)
			verify_fill(&s->vfy, s->w.p, (size_t)page, 0);
		if (c->o->mmap_mix && io_full_pwrite(s->fd, s->w.p, (size_t)page,
						     s->base, s->path, s->err,
						     s->errlen) != 0)
			return -1;
	}
	/* -+V: the file from its start to the end of this child's region */
	if (io_map(s->fd, s->base + size, kind_writes(s->kind), &s->map, s->path,
		   s->err, s->errlen) != 0)
		return -1;
	s->maddr = s->map.addr + s->base;
	/* -+A: as IOzone, the whole mapping advised as soon as it is made */
	return c->o->advise_given ? io_map_advise(&s->map, (int)c->o->advise,
						  s->path, s->err, s->errlen) : 0;
}

/* -+V: the file position at the start of its region, for the tests
 * that move through it in order. */
static int child_opened(struct tp_child_state *s)
{
	if (!s->base)
		return 0;
	if (s->fp)
		return fseeko(s->fp, (off_t)s->base, SEEK_SET) == 0 ? 0 :
			err_set(s->err, s->errlen, "cannot seek in '%s': %s",
				s->path, strerror(errno));
	return io_seek(s->fd, (int64_t)s->base, SEEK_SET, s->path, s->err,
		       s->errlen);
}

/* Open the file as the test needs it; stdio tests through fdopen. */
static int child_open(struct tp_child_state *s)
{
	const struct tp_ctx *c = s->c;
	int writes = kind_writes(s->kind);
	int flags = writes ? O_RDWR : O_RDONLY;

	/*
	 * -+N: IOzone's notruncate; -i 8's writers (-+B) only with -+F;
	 * -+V: the parent empties the shared file before its writers start
	 */
	if (s->kind == TP_WRITE && !c->o->no_truncate && !c->o->share_file &&
	    (c->t->kind != TP_MIX || c->o->mix_truncate))
		flags |= O_TRUNC;
	if (s->kind == TP_FWRITE || s->kind == TP_FREAD) {
		/* IOzone uses fopen: neither O_DIRECT nor the sync flags apply */
		s->fd = io_open(s->path, flags, NULL, s->err, s->errlen);
		if (s->fd < 0)
			return -1;
		s->fp = io_fdopen(s->fd, writes ? "r+" : "r");
		if (!s->fp)
			return err_set(s->err, s->errlen, "cannot fdopen '%s': %s", s->path,
				strerror(errno));
		s->stdio_buf = malloc((size_t)c->reclen);
		if (!s->stdio_buf ||
		    setvbuf(s->fp, s->stdio_buf, _IOFBF, (size_t)c->reclen) != 0)
			return err_set(s->err, s->errlen, "cannot set the stdio buffer of '%s'",
				s->path);
		return child_opened(s);
	}
	s->fd = io_open(s->path, flags | c->open_flags, &c->mode, s->err, s->errlen);
	if (s->fd < 0)
		return -1;
	if (child_opened(s) != 0)
		return -1;
	return options_mmap(c->o) ? child_map(s) : 0;
}

/*
 * A writer's buffer: the pattern of its own seed, walked as the sweep's
 * tests walk theirs (pattern.h), so no record is written twice in a row
 * and a file compresses as the header says.  The initial writer starts
 * the walk at the start; a later writing test starts where the walk
 * would be had it gone on through the tests before it (kind x numrecs
 * windows on), so a rewrite does not put the same data back in place;
 * its tags (pattern.h) make every block it sends unique, the child's
 * seed and the test's own tag numbers apart from every other's.
 */
static int child_wbuf(struct tp_child_state *s)
{
	const struct tp_ctx *c = s->c;
	int one_window = c->o->data == OPTIONS_DATA_ZERO || s->vfy.mode != VERIFY_OFF;
	size_t span = (size_t)c->reclen, pos = 0;
	size_t grid = one_window ? 0 : pattern_tag_grid(c->o->data, c->o->data_ratio);
	/* each test of the run its own tags: the buffer is filled anew */
	uint64_t tag = c->tag0 + (uint64_t)s->idx * PATTERN_TAG_STREAM;

	s->wlen = pattern_buffer_len(span, one_window);
	s->wbuf = io_alloc(s->wlen);
	if (!s->wbuf)
		return err_set(s->err, s->errlen, "out of memory for a %zu kB write "
			"buffer", s->wlen / 1024);
	if (s->vfy.mode != VERIFY_OFF)
		verify_fill(&s->vfy, s->wbuf, s->wlen, 0);
	else
		pattern_fill(s->wbuf, s->wlen, c->o->data, c->o->data_ratio,
			     TP_SEED + s->idx + (uint64_t)clients_rank() *
			     0x9e3779b97f4a7c15ull);
	pattern_window_start(&s->w, s->wbuf, s->wlen, span, 0, one_window, 0, 0);
	if (s->w.step) {
		uint64_t period = (uint64_t)(s->w.last - s->w.first) / s->w.step + 1;
		pos = (size_t)((c->numrecs * (uint64_t)s->kind) % period) * s->w.step;
	}
	pattern_window_start(&s->w, s->wbuf, s->wlen, span, pos, one_window,
			     grid, tag);
	return 0;
}

/*
 * How much of the child's file is in the page cache as it starts, in
 * percent, or -1 where the platform cannot tell (io_cached_fraction).
 */
static double child_cached_pct(struct tp_child_state *s)
{
	/* -+V: of the whole shared file, which every child reads from */
	const uint64_t size = s->c->numrecs * s->c->reclen *
		(s->c->o->share_file ? s->c->nchildren : 1u);
	char msg[256];
	double frac;

	if (s->c->cache_unseen)
		return -1.0;
	return io_cached_fraction(s->path, size, &frac, msg, sizeof(msg)) == 0 ?
		frac * 100.0 : -1.0;
}

/*
 * Everything before the barrier: file, buffer, offsets; with --cold a
 * reader finds its file flushed and dropped from the page cache.
 */
static int child_prepare(struct tp_child_state *s)
{
	const struct tp_ctx *c = s->c;

	if (c->o->cold && !kind_writes(s->kind) &&
	    io_drop_cache(s->path, s->err, s->errlen) != 0)
		return -1;

	if (kind_writes(s->kind)) {
		if (child_wbuf(s) != 0)
			return -1;
	} else if (!(s->buf = io_alloc((size_t)c->reclen))) {
		return err_set(s->err, s->errlen, "out of memory for a %llu-byte record",
			(unsigned long long)c->reclen);
	}
	if (child_offsets(s) != 0)
		return -1;
	return child_open(s);
}

/* -e: fsync (fflush first for stdio) inside the timing; -c: close inside. */
static int child_timed_end(struct tp_child_state *s, int can_close)
{
	const struct options *o = s->c->o;

	if (o->include_fsync && kind_writes(s->kind)) {
		if (s->fp && fflush(s->fp) != 0)
			return stream_error(s, "fflush");
		if (s->map.addr ? io_map_sync(&s->map, 0, s->map.len, IO_MAP_SYNC,
					      s->path, s->err, s->errlen) != 0 :
		    io_fsync(s->fd, s->path, s->err, s->errlen) != 0)
			return -1;
	}
	if (o->include_close && can_close && s->map.addr &&
	    io_unmap(&s->map, s->path, s->err, s->errlen) != 0)
		return -1;
	if (o->include_close && can_close) {
		int rc = s->fp ? fclose(s->fp) : io_close(s->fd, s->path, s->err,
							 s->errlen);
		s->fp = NULL;
		s->fd = -1;
		if (rc != 0)
			return err_set(s->err, s->errlen, "cannot close '%s': %s", s->path,
				strerror(errno));
	}
	return 0;
}

/* After the timing: flush and close what the timing did not. */
static int child_finish(struct tp_child_state *s, int ok)
{
	int rc = 0;

	if (s->fp) {
		if (ok && kind_writes(s->kind) &&
		    (fflush(s->fp) != 0 ||
		     io_stream_fsync(s->fp, s->path, s->err, s->errlen) != 0))
			rc = stream_error(s, "flush");
		if (fclose(s->fp) != 0 && rc == 0 && ok) {
			snprintf(s->err, s->errlen, "cannot close '%s': %s", s->path,
				 strerror(errno));
			rc = -1;
		}
	} else if (s->fd >= 0) {
		if (s->map.addr && ok && kind_writes(s->kind) &&
		    io_map_sync(&s->map, 0, s->map.len, IO_MAP_SYNC, s->path, s->err,
				s->errlen) != 0)
			rc = -1;
		if (io_unmap(&s->map, s->path, s->err, s->errlen) != 0 && ok)
			rc = -1;
		if (ok && kind_writes(s->kind) &&
		    io_fsync(s->fd, s->path, s->err, s->errlen) != 0)
			rc = -1;
		if (io_close(s->fd, s->path, s->err, s->errlen) != 0 && ok)
			rc = -1;
	}
	s->fp = NULL;
	s->fd = -1;
	io_free(s->buf);
	io_free(s->wbuf);
	free(s->stdio_buf);
	free(s->off);
	return rc;
}

static int must_stop(const struct tp_ctx *c)
{
	return atomic_load_explicit(&c->sh->stonewall, memory_order_relaxed) |
	       atomic_load_explicit(&c->sh->abort, memory_order_relaxed) |
	       (c->user_stop && *c->user_stop);
}

static int aborted(const struct tp_ctx *c)
{
	return atomic_load_explicit(&c->sh->abort, memory_order_relaxed) ||
	       (c->user_stop && *c->user_stop);
}

/*
 * --log-interval: the timed region ended at t1 with bytes counted; its
 * rows into the child's share of the shared rows (the parent sums them).
 */
static void child_tl_end(struct tp_child_state *s, uint64_t t1, uint64_t bytes)
{
	const struct tp_ctx *c = s->c;
	struct tp_slot *slot = &c->sh->slot[s->idx];

	if (!s->tl_on)
		return;
	s->tl_on = 0;
	timeline_acc_end(&s->tl, t1, bytes);
	if (s->tl.lost || s->tl.n > c->tl_cap) {
		slot->tl_lost = 1;
		return;
	}
	memcpy(c->tl_rows + (size_t)s->idx * c->tl_cap, s->tl.rows,
	       s->tl.n * sizeof(*s->tl.rows));
	slot->tl_n = (uint32_t)s->tl.n;
}

/* Store the child's figures at time now. */
static void child_record(struct tp_child_state *s, struct tp_child *r,
			 uint64_t t0, double u0, double s0, uint64_t bytes,
			 uint64_t ops)
{
	double u1, s1;
	uint64_t now = clock_now_ns();

	child_cpu(s->c->o->threads, &u1, &s1);
	r->elapsed_ns = now - t0;
	child_tl_end(s, now, bytes);
	burst_leave(s);
	r->wall_ns = r->elapsed_ns;
	/* -J: as IOzone, the spins are left out of the figures unless -+J */
	if (!s->c->o->compute_included)
		r->elapsed_ns -= s->computed_ns;
	/* -+b: as IOzone, the waits and sleeps of the bursts never count */
	r->elapsed_ns -= s->burst_ns < r->elapsed_ns ? s->burst_ns : r->elapsed_ns;
	r->bytes = bytes;
	r->ops = ops;
	r->cpu_user_s = u1 - u0 > 0 ? u1 - u0 : 0.0;
	r->cpu_sys_s = s1 - s0 > 0 ? s1 - s0 : 0.0;
}

/* The timed loop of one child; the figures go into its slot. */
static int child_loop(struct tp_child_state *s, struct tp_child *r)
{
	const struct tp_ctx *c = s->c;
	const uint64_t n = c->numrecs, len = c->reclen;
	tp_op_fn op = op_of(s->kind, s->vfy.mode, s->map.addr != NULL);
	int writes = kind_writes(s->kind), stopped = 0;
	uint64_t bytes = 0, ops = 0, t0, i;
	double u0, s0;

	if (s->hist.counts) {       /* the I/O call alone */
		s->after_time = op;
		op = op_timed;
	}
	if (c->iv_ns) {             /* the I/O call, and -+z's reading if any */
		s->after_tl = op;
		op = op_tl;
		s->tl_two = c->o->compute_ms || (c->o->jitter && kind_jitters(s->kind)) ||
			    c->o->op_rate || c->o->rlocking || s->burst_bytes;
		timeline_acc_reset(&s->tl, len);
	}
	if (s->burst_bytes) {       /* the burst after the op, before -J's spin */
		s->after_burst = op;
		op = op_burst;
		s->burst_left = s->burst_bytes;
	}
	if (c->o->compute_ms) {
		s->after_spin = op;
		op = op_think;
	}
	if (c->o->jitter && kind_jitters(s->kind)) {   /* before the spin */
		s->after_jitter = op;
		op = op_jitter;
	}
	if (c->o->op_rate) {        /* the pace around the op and its spin */
		s->after_pace = op;
		s->pace_ns = 1000000000u / c->o->op_rate;
		op = op_paced;
	}
	if (c->o->rlocking) {       /* the lock before all of it */
		s->after_lock = op;
		op = op_locked;
	}
	/*
	 * -W: as IOzone, after "go" and before the timing, the whole file
	 * locked (shared by a reader, exclusive by a writer) until the close;
	 * children of one shared file wait for each other here.
	 */
	if (c->o->file_lock &&
	    io_lock(s->fd, writes ? IO_LOCK_WRITE : IO_LOCK_READ, 0, 0, s->path,
		    s->err, s->errlen) != 0)
		return -1;
	if (c->o->time_stamps &&
	    tp_log_stamp(s->idx, s->kind, 0, s->err, s->errlen) != 0)
		return -1;
	child_cpu(c->o->threads, &u0, &s0);
	t0 = clock_now_ns();
	if (c->iv_ns) {
		/* the grid from the release, common to the children (-d's late
		   starts are empty intervals) */
		uint64_t go = atomic_load(&c->sh->t_go);
		timeline_acc_begin(&s->tl, go && go <= t0 ? go : t0);
		s->tl_last = t0;
		s->tl_on = 1;
	}
	for (i = 0; i < n; i++) {
		if (!stopped && must_stop(c)) {
			/* stonewalled: what it moved until now is its result */
			if (writes && !aborted(c) && child_timed_end(s, 0) != 0)
				return -1;
			child_record(s, r, t0, u0, s0, bytes, ops);
			r->stopped = 1;
			stopped = 1;
			plat_pipe_signal(c->done_w);
			if (!writes || aborted(c))
				return 0;
		} else if (stopped && aborted(c)) {
			return 0;
		}
		if (op(s, i) != 0)
			return -1;
		if (!stopped) {
			bytes += len;
			ops++;
		}
	}
	if (stopped)
		return 0;   /* a writer that finished its file untimed */
	if (child_timed_end(s, 1) != 0)
		return -1;
	child_record(s, r, t0, u0, s0, bytes, ops);
	if (!c->o->no_stonewall)
		atomic_store(&c->sh->stonewall, 1);
	plat_pipe_signal(c->done_w);
	return 0;
}

/*
 * -i 8: what child idx of n runs, as IOzone picks it: the first -+p PCT%
 * of the children read, or the first -+K N, or (neither) the even ones;
 * the others write; randomly, or in sequence with -+B.
 */
static int mix_kind(const struct options *o, unsigned idx, unsigned n)
{
	int reads = o->mix_reader_pct ? idx < o->mix_reader_pct * n / 100 :
		    o->mix_readers ? idx < o->mix_readers : idx % 2 == 0;

	if (o->seq_mix)
		return reads ? TP_READ : TP_WRITE;
	return reads ? TP_RANDOM_READ : TP_RANDOM_WRITE;
}

/* A whole child: prepare, ready, wait for go, run, report. */
static void child_main(const struct tp_ctx *c, unsigned idx)
{
	struct tp_slot *slot = &c->sh->slot[idx];
	struct tp_child_state s;
	struct verify base;
	int rc;

	memset(&s, 0, sizeof(s));
	s.c = c;
	s.idx = idx;
	verify_from_options(&base, c->o);
	verify_for_writer(&s.vfy, &base, idx);
	verify_set_record(&s.vfy, c->reclen);
	s.fd = -1;
	s.err = slot->err;
	s.errlen = sizeof(slot->err);
	s.kind = c->t->kind;
	if (s.kind == TP_MIX)
		s.kind = mix_kind(c->o, idx, c->nchildren);
	throughput_path(c->o, idx, s.path, sizeof(s.path));
	if (c->o->share_file)
		s.base = (uint64_t)idx * c->numrecs * c->reclen;
	/* -P: IOzone's placement, child k on CPU N + k, wrapping round */
	if (c->o->bind_given)
		rc = plat_bind_cpu((c->o->bind_cpu + idx) % plat_cpu_count(), s.err,
				   s.errlen);
	else
		rc = 0;
	if (rc == 0 && c->o->hist_summary && latency_init(&s.hist) != 0)
		rc = err_set(s.err, s.errlen, "-+z: out of memory for the "
			     "histogram");
	if (rc == 0 && c->iv_ns && timeline_acc_init(&s.tl, c->iv_ns) != 0)
		rc = err_set(s.err, s.errlen, "--log-interval: out of memory for "
			     "the timeline");
	if (rc == 0)
		rc = child_prepare(&s);
	/*
	 * -+b: IOzone bursts its writers, rewriters and random writers, each
	 * child SIZE / children; they register before "ready", so every
	 * party is counted before the first meeting
	 */
	if (rc == 0 && c->o->burst_kb &&
	    (s.kind == TP_WRITE || s.kind == TP_REWRITE || s.kind == TP_RANDOM_WRITE)) {
		s.burst_bytes = c->o->burst_kb * 1024 / c->nchildren;
		if (s.burst_bytes) {
			s.burst_party = 1;
			tp_burst_join(c->sh);
		}
	}
	slot->r.cached_pct = rc == 0 ? child_cached_pct(&s) : -1.0;
	plat_pipe_signal(c->ready_w);
	wait_go(c->go_r);
	/* -d: IOzone's parent lets child k go (k + 1) x d microseconds late */
	if (rc == 0 && c->o->stagger_us)
		plat_sleep_us((uint64_t)c->o->stagger_us * (idx + 1u), c->user_stop);
	if (rc == 0)
		rc = child_loop(&s, &slot->r);
	burst_leave(&s);   /* a loop that failed or never ran */
	if (rc != 0) {
		slot->failed = 1;
		atomic_store(&c->sh->abort, 1);
		/* the loop says "done" unless it failed before reporting */
		if (!slot->r.stopped)
			plat_pipe_signal(c->done_w);
	}
	if (child_finish(&s, rc == 0) != 0 && !slot->failed) {
		slot->failed = 1;
		atomic_store(&c->sh->abort, 1);
	}
	if (!slot->failed && s.hist.counts &&
	    tp_log_hist(idx, s.kind, &s.hist, slot->err, sizeof(slot->err)) != 0) {
		slot->failed = 1;
		atomic_store(&c->sh->abort, 1);
	}
	latency_release(&s.hist);
	timeline_acc_release(&s.tl);
	if (!slot->failed && c->o->time_stamps &&
	    tp_log_stamp(idx, s.kind, 1, slot->err, sizeof(slot->err)) != 0) {
		slot->failed = 1;
		atomic_store(&c->sh->abort, 1);
	}
}

/* A child's body for plat_child_start: its exit status. */
int throughput_child_run(void *p)
{
	const struct tp_thread_arg *a = p;

	child_main(a->c, a->idx);
	return a->c->sh->slot[a->idx].failed ? 1 : 0;
}
