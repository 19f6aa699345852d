/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * throughput_child.c: one child of throughput mode, process or thread:
 * prepare its file and buffers, say "ready", wait for "go", run the
 * record loop, write its figures into its slot of the shared block and
 * say "done" (see throughput.c for the parent's side of the pipes).
 *
 * The record loop is the sweep's (tests_loop.h): it asks the stop flags
 * once per record; the transfer is one function per access pattern and
 * the decorations (verify mode, -J, -K, -+l, -+b, -+O, -+z,
 * --log-interval) are the loop's steps, all chosen before the loop.
 * Nothing here starts, waits for or reaps a child.
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
#include "run/data/pattern.h"
#include "run/sweep/tests_order.h"
#include "run/tests_loop.h"
#include "run/throughput/throughput.h"
#include "run/throughput/throughput_priv.h"
#include "run/compute.h"
#include "run/jitter.h"
#include "run/data/verify.h"
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
	uint64_t base;            /* -+V, -+L: where its region of the shared
				     file starts (0: a file of its own) */
	struct latency_hist hist; /* -+z: its operations' times (else no buckets) */
	struct io_map map;        /* -B, -D: the whole file mapped, else addr NULL */
	struct rec_loop loop;     /* its record loop (tests_loop.h) */
	struct rec_burst bursts;  /* -+b: its share of a burst (bytes 0: none) */
	int burst_party;          /* counted in the bursts' meetings */
	int stopped;              /* stonewalled: the rest of its file untimed */
	struct timeline_acc tl;   /* --log-interval: its intervals */
	int tl_on;                /* its timed region is running */
	char *err;
	size_t errlen;
};

static int kind_writes(int kind);
static int must_stop(const struct tp_ctx *c);

/* ---- the record operations -------------------------------------------- */

static int stream_error(struct tp_child_state *s, const char *call)
{
	return err_set(s->err, s->errlen, "cannot %s '%s': %s", call, s->path,
		ferror(s->fp) && errno ? strerror(errno) : "unexpected end of file");
}

/* The stdio tests' transfers (arg: the child); the rest are the sweep's. */
static int io_fwrite(struct rec_loop *l, const struct rec *r, void *arg)
{
	struct tp_child_state *s = arg;

	(void)l;
	return fwrite(r->p, r->len, 1, s->fp) == 1 ? 0 : stream_error(s, "fwrite");
}

static int io_fread(struct rec_loop *l, const struct rec *r, void *arg)
{
	struct tp_child_state *s = arg;

	(void)l;
	return fread(r->p, r->len, 1, s->fp) == 1 ? 0 : stream_error(s, "fread");
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
 * At each share of a burst, after its fsync (not with -I, as IOzone):
 * wait for the other bursting children (rec_burst then sleeps); a
 * stonewall or a stop ends the bursts (1).
 */
static int burst_meet(void *ctx)
{
	struct tp_child_state *s = ctx;
	struct tp_shared *sh = s->c->sh;
	unsigned gen = tp_burst_arrive(sh);

	while (!tp_burst_opened(sh, gen) && !must_stop(s->c))
		plat_sleep_us(50, NULL);
	if (!must_stop(s->c))
		return 0;
	burst_leave(s);
	return 1;
}

static int kind_jitters(int kind)
{
	return kind == TP_READ || kind == TP_REREAD || kind == TP_PREAD ||
	       kind == TP_REVERSE || kind == TP_STRIDE;
}

/* The transfer of a test's records; through the mapping when there is one. */
static rec_io_fn io_of(int kind, int mapped)
{
	if (mapped)
		return kind_writes(kind) ? rec_io_map_put : rec_io_map_get;
	switch (kind) {
	case TP_WRITE: case TP_REWRITE: return rec_io_write;
	case TP_READ: case TP_REREAD: return rec_io_read;
	case TP_REVERSE: case TP_STRIDE: case TP_RANDOM_READ:
		return rec_io_seek_read;
	case TP_RANDOM_WRITE: return rec_io_seek_write;
	case TP_PWRITE: return rec_io_pwrite;
	case TP_PREAD: return rec_io_pread;
	case TP_FWRITE: return io_fwrite;
	default: return io_fread;
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
			verify_fill(&s->vfy, s->w.p, (size_t)len, size - len);
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

/* When the child's timed region started: the clock and its CPU times. */
struct tp_times {
	uint64_t t0;
	double u0, s0;
};

/* Store the child's figures at time now. */
static void child_record(struct tp_child_state *s, struct tp_child *r,
			 const struct tp_times *k, uint64_t bytes, uint64_t ops)
{
	double u1, s1;
	uint64_t now = clock_now_ns();

	child_cpu(s->c->o->threads, &u1, &s1);
	r->elapsed_ns = now - k->t0;
	child_tl_end(s, now, bytes);
	burst_leave(s);
	r->wall_ns = r->elapsed_ns;
	/* -J: as IOzone, the spins are left out of the figures unless -+J */
	if (!s->c->o->compute_included)
		r->elapsed_ns -= s->loop.thought_ns;
	/* -+b: as IOzone, the waits and sleeps of the bursts never count */
	r->elapsed_ns -= s->loop.slept_ns < r->elapsed_ns ? s->loop.slept_ns :
		r->elapsed_ns;
	r->bytes = bytes;
	r->ops = ops;
	r->cpu_user_s = u1 - k->u0 > 0 ? u1 - k->u0 : 0.0;
	r->cpu_sys_s = s1 - k->s0 > 0 ? s1 - k->s0 : 0.0;
}

/* The stonewall hook of its loop: until stonewalled, any stop; then an abort. */
static int child_walled(void *arg)
{
	const struct tp_child_state *s = arg;

	return s->stopped ? aborted(s->c) : must_stop(s->c);
}

/*
 * The child's record loop (tests_loop.h): its file, its order, and the
 * decorations the options ask for.  The stop flags are asked before every
 * record; with --log-interval every op is timed, from just before its
 * transfer when other decorations spend time between ops (or -+z times
 * the transfer alone).
 */
static void child_loop_start(struct tp_child_state *s)
{
	static volatile sig_atomic_t no_stop;
	const struct tp_ctx *c = s->c;
	const struct options *o = c->o;
	struct rec_loop *l = &s->loop;

	l->fd = s->fd;
	l->path = s->path;
	l->err = s->err;
	l->errlen = s->errlen;
	l->base = s->base;
	l->writes = kind_writes(s->kind);
	l->order = s->off ? REC_TABLE : REC_SEQ;
	l->len = (size_t)c->reclen;
	l->n = c->numrecs;
	l->offsets = s->off;
	l->buf = s->buf;
	l->w = &s->w;
	l->map = s->map.addr ? &s->map : NULL;
	l->msync_async = o->msync_async;
	l->msync_sync = o->msync_sync;
	rec_loop_plain(l);
	l->think_ns = (uint64_t)o->compute_ms * 1000000u;
	if (o->jitter && kind_jitters(s->kind))
		l->jitter_bytes = c->numrecs * c->reclen;
	l->direct = o->direct;
	l->stamp = l->writes && verify_stamps(&s->vfy) ? &s->vfy : NULL;
	l->check = !l->writes && s->vfy.mode != VERIFY_OFF &&
		s->vfy.mode != VERIFY_SHAPE ? &s->vfy : NULL;
	l->lock = !o->rlocking ? -1 : l->writes ? IO_LOCK_WRITE : IO_LOCK_READ;
	l->lock_first = 1;
	l->burst = s->burst_party ? &s->bursts : NULL;
	l->pace_ns = o->op_rate ? 1000000000u / o->op_rate : 0;
	l->decor = l->think_ns || l->jitter_bytes || l->stamp || l->check ||
		l->lock >= 0 || l->burst || l->pace_ns;
	l->stop = c->user_stop ? c->user_stop : &no_stop;
	l->wall_mask = 0;
	l->lat = s->hist.counts ? &s->hist : NULL;
	l->tl = c->iv_ns ? &s->tl : NULL;
	l->tl_each_op = 1;
	l->clock_before = l->lat || l->decor;
	l->op_dst = &l->op_scratch;
	l->op_mask = 0;
}

/*
 * Stonewalled (or stopped) after done records: what it moved until now
 * is its result; a writer then finishes its file untimed, unless the
 * run is aborted.  0 or -1.
 */
static int child_walled_at(struct tp_child_state *s, struct tp_child *r,
			   const struct tp_times *k, uint64_t done, rec_io_fn io)
{
	const struct tp_ctx *c = s->c;
	struct rec_loop *l = &s->loop;
	const int writes = kind_writes(s->kind);

	if (writes && !aborted(c) && child_timed_end(s, 0) != 0)
		return -1;
	child_record(s, r, k, done * c->reclen, done);
	r->stopped = 1;
	s->stopped = 1;
	plat_pipe_signal(c->done_w);
	if (!writes || aborted(c))
		return 0;
	l->tl = NULL;
	l->burst = NULL;
	l->walled = 0;
	return rec_loop_run(l, done, c->numrecs, io, 1, child_walled, s) ==
		REC_ERROR ? -1 : 0;
}

/* The timed loop of one child; the figures go into its slot. */
static int child_loop(struct tp_child_state *s, struct tp_child *r)
{
	const struct tp_ctx *c = s->c;
	const uint64_t n = c->numrecs;
	const rec_io_fn io = io_of(s->kind, s->map.addr != NULL);
	struct tp_times k;
	int rc;

	child_loop_start(s);
	if (c->iv_ns)
		timeline_acc_reset(&s->tl, c->reclen);
	/*
	 * -W: as IOzone, after "go" and before the timing, the whole file
	 * locked (shared by a reader, exclusive by a writer) until the close;
	 * children of one shared file wait for each other here.
	 */
	if (c->o->file_lock &&
	    io_lock(s->fd, s->loop.writes ? IO_LOCK_WRITE : IO_LOCK_READ, 0, 0,
		    s->path, s->err, s->errlen) != 0)
		return -1;
	if (c->o->time_stamps &&
	    tp_log_stamp(s->idx, s->kind, 0, s->err, s->errlen) != 0)
		return -1;
	child_cpu(c->o->threads, &k.u0, &k.s0);
	k.t0 = clock_now_ns();
	if (c->iv_ns) {
		/* the grid from the release, common to the children (-d's late
		   starts are empty intervals) */
		uint64_t go = atomic_load(&c->sh->t_go);
		timeline_acc_begin(&s->tl, go && go <= k.t0 ? go : k.t0);
		s->tl_on = 1;
	}
	s->loop.t_last = k.t0;
	rc = rec_loop_run(&s->loop, 0, n, io, 1, child_walled, s);
	if (rc == REC_ERROR)
		return -1;
	if (rc != REC_DONE)
		return child_walled_at(s, r, &k, s->loop.wall_steps, io);
	if (child_timed_end(s, 1) != 0)
		return -1;
	child_record(s, r, &k, n * c->reclen, n);
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
		s.bursts = (struct rec_burst){
			.bytes = c->o->burst_kb * 1024 / c->nchildren,
			.sleep_ns = (uint64_t)c->o->burst_ms * 1000000u,
			.fsync = !c->mode.direct,
			.meet = burst_meet,
			.meet_ctx = &s,
		};
		if (s.bursts.bytes) {
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
