/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests_loop.h: the one loop over records, run by the sweep's passes
 * (tests_pass.c, tests_mmap.c) and by throughput mode's children
 * (throughput_child.c), and the steps each record goes through;
 * src/run/ only.
 *
 * A pass describes its records in a struct rec_loop (the file, the
 * order, where reads land and writes come from, which decorations are
 * on) and hands rec_loop_run() the function that moves one record.  For
 * record i the loop does, in this order, each step a function a debugger
 * can stop in:
 *
 *   rec_stopping   the stop flag; with a stonewall, the other clients
 *                  or children (every wall_mask + 1 records)
 *   rec_place      where the record is (offset, bytes, buffer)
 *   rec_before     -+O's schedule, -J's spin, -K's disruption, -m's
 *                  buffer walk, the -+d or shaped write's fill, -+l's lock
 *                  (a throughput child's first of all: lock_first)
 *   io             the pass's transfer (a function of the pass)
 *   rec_after      verify mode's check of a read, the unlock, -+b's burst
 *   rec_next       a writer's next window of the pattern (pattern.h)
 *   rec_clock      --latency, -+z and --log-interval: the op's time
 *   rec_pace       -+O: the sleep until the op's time at the rate is up
 *
 * rec_before and rec_after run only in the decorated copy of the loop:
 * rec_loop_run picks one of a few copies of the same inline function
 * (rec_loop_steps) by the decorations that are on, before the first
 * record, so the plain copy is the transfer, the stop flag's load and the
 * window's step, nothing else (the floor of make bench,
 * tests/bench/floor.c, is that loop without the load).  The latency
 * copy reads the clock once after every op: the step from the previous
 * reading (the pass's t0 before the first) is the op's time, unless
 * clock_before asks for a reading just before the transfer (throughput's
 * -+z, and its --log-interval when other decorations spend time between
 * ops).  -J's spins and -+b's sleeps move the previous reading on, so an
 * op's time leaves them out.  The --log-interval copy without latency
 * counts down to the timeline's next reading (timeline_acc_sample: a
 * decrement and a branch per op).
 *
 * The state that outlives one pass (-+b's bytes since the last sleep,
 * -m's position, the spins and sleeps added up) lives here too; whoever
 * owns the struct rec_loop keeps it between passes.
 */
#ifndef IOSWEEP_TESTS_LOOP_H
#define IOSWEEP_TESTS_LOOP_H

#include "compat.h"

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "model/latency.h"
#include "platform/clock.h"
#include "platform/platform.h"
#include "run/compute.h"
#include "run/jitter.h"
#include "run/data/pattern.h"
#include "run/data/verify.h"
#include "model/timeline.h"

/* What rec_loop_run returns. */
#define REC_DONE 0
#define REC_ERROR (-1)        /* the message in l->err */
#define REC_STOPPED 1         /* *l->stop was set before the op */
#define REC_WALLED 2          /* the stonewall hook said stop before the op */

/* Where record i is: l->order. */
enum rec_order {
	REC_SEQ = 0,              /* i * len */
	REC_TABLE,                /* offsets[i] */
	REC_BACK,                 /* (n - 1 - i) * len */
	REC_FIRST                 /* 0, every time */
};

/* The copies of the loop (the steps argument of rec_loop_steps). */
#define REC_DECOR 1u          /* rec_before and rec_after */
#define REC_WALL 2u           /* the stonewall hook */
#define REC_SAMPLED 4u        /* --log-interval's countdown, no latency */
#define REC_TIMED 8u          /* a clock reading per op (rec_clock) */

/* -+b: IOzone's bursts of writes with a sleep between them. */
struct rec_burst {
	uint64_t bytes;           /* written per burst (0: no bursts) */
	uint64_t sleep_ns;        /* the sleep after each burst */
	int fsync;                /* fsync the file at each burst */
	/* throughput mode: meet the other writers before the sleep; 1: the
	 * loop stops bursting, without this sleep */
	int (*meet)(void *ctx);
	void *meet_ctx;
	uint64_t done;            /* written since the last sleep */
};

/* One record's op. */
struct rec {
	uint64_t i;               /* the loop's step */
	uint64_t off;             /* offset in the pass's part of the file */
	size_t len;               /* bytes */
	unsigned char *p;         /* a write's data, or where a read lands */
};

struct rec_loop {
	/* the file */
	int fd;                   /* locks, -K's reads, -+b's fsync */
	const char *path;
	char *err;
	size_t errlen;
	uint64_t base;            /* -+V: where the pass's part starts */
	/* the records */
	int writes;
	int order;                /* enum rec_order */
	size_t len;               /* bytes of one op */
	uint64_t n;               /* REC_BACK: records */
	const uint64_t *offsets;  /* REC_TABLE */
	unsigned char *buf;       /* reads land here */
	struct pattern_window *w; /* writes come from here (tags: pattern.h) */
	struct io_map *map;       /* -B, -D: the file's mapping, or NULL */
	int msync_async, msync_sync; /* -D, -G: each record copied in synced */
	/* the decorations, each off when 0 or NULL */
	int decor;                /* any of those below: the decorated copy */
	uint64_t think_ns;        /* -J: spin before each op */
	uint64_t jitter_bytes;    /* -K: the file's size (0: no disruption) */
	int direct;               /* -K: the file is open with O_DIRECT */
	size_t mb_area;           /* -m: reads walk this much of buf */
	const struct verify *stamp; /* -+d, shaped data: fill each write */
	const struct verify *check; /* verify mode: check each read */
	int lock;                 /* -+l: IO_LOCK_READ or IO_LOCK_WRITE, -1 off */
	int lock_first;           /* the lock around all the rest, as IOzone's
				     throughput children hold their record
				     through -J's spin and -+b's burst; else
				     around the transfer alone, as its sweep */
	struct rec_burst *burst;  /* -+b */
	uint64_t pace_ns;         /* -+O: the time one op may take */
	/* the stops */
	volatile sig_atomic_t *stop;
	uint64_t wall_mask;       /* REC_WALL: ask every wall_mask + 1 steps */
	/* timing (REC_TIMED, REC_SAMPLED) */
	struct latency_hist *lat; /* each op's time, or NULL */
	struct timeline_acc *tl;  /* --log-interval, or NULL */
	uint64_t *op_dst;         /* each op's time at op_dst[i & op_mask] */
	uint64_t op_mask;
	uint64_t op_scratch;
	int clock_before;         /* time the transfer alone (see above) */
	int tl_each_op;           /* --log-interval reads the clock every op,
				     not the countdown's samples */
	uint64_t t_last;          /* the last clock reading */
	/* set by the loop, kept by the owner between passes */
	uint64_t thought_ns;      /* -J: the spins */
	uint64_t slept_ns;        /* -+b: the sleeps and waits */
	uint64_t pace_t0;         /* -+O: the first op's start (0: not yet) */
	size_t mb_pos;            /* -m: offset in buf of the last read */
	int failed;               /* a check found wrong data */
	int walled;               /* the stonewall ended the loop */
	uint64_t wall_steps;      /* the steps of walled loops */
};

/* The io function of a pass (arg: its own): 0, or -1 with l->err set. */
typedef int (*rec_io_fn)(struct rec_loop *l, const struct rec *r, void *arg);
/* The stonewall hook (REC_WALL): 1 to end the loop before this op. */
typedef int (*rec_wall_fn)(void *arg);

/* The decorations a rec_loop starts with: none. */
static inline void rec_loop_plain(struct rec_loop *l)
{
	l->decor = 0;
	l->think_ns = 0;
	l->jitter_bytes = 0;
	l->mb_area = 0;
	l->stamp = NULL;
	l->check = NULL;
	l->lock = -1;
	l->burst = NULL;
	l->pace_ns = 0;
}

/* ---- the steps ----------------------------------------------------- */

/* 1 when the loop must end before op i: the stop flag, or the wall. */
IOSWEEP_ALWAYS_INLINE int rec_stopping(struct rec_loop *l, uint64_t i,
				       rec_wall_fn walled, void *arg,
				       const unsigned steps)
{
	if (*l->stop)
		return REC_STOPPED;
	if ((steps & REC_WALL) && (i & l->wall_mask) == 0 && walled(arg)) {
		l->walled = 1;
		return REC_WALLED;
	}
	return REC_DONE;
}

/* Where op i goes; -m (decorated copy): a read's buffer walks mb_area. */
IOSWEEP_ALWAYS_INLINE void rec_place(struct rec_loop *l, uint64_t i,
				     struct rec *r, const unsigned steps)
{
	r->i = i;
	r->len = l->len;
	switch (l->order) {
	case REC_SEQ: r->off = i * l->len; break;
	case REC_TABLE: r->off = l->offsets[i]; break;
	case REC_BACK: r->off = (l->n - 1 - i) * l->len; break;
	default: r->off = 0; break;
	}
	if (l->writes) {
		r->p = l->w->p;
		return;
	}
	r->p = l->buf;
	if ((steps & REC_DECOR) && l->mb_area) {
		l->mb_pos += l->len;
		if (l->mb_pos > l->mb_area - l->len)
			l->mb_pos = 0;
		r->p = l->buf + l->mb_pos;
	}
}

/* -J: spin, the time into thought_ns and out of the op's latency. */
static inline void rec_think(struct rec_loop *l)
{
	uint64_t t = compute_spin(l->think_ns);

	l->thought_ns += t;
	l->t_last += t;
}

/* -+l: lock (how) or unlock (IO_UNLOCK) the record. */
static inline int rec_lock(struct rec_loop *l, const struct rec *r, int how)
{
	return io_lock(l->fd, how, l->base + r->off, r->len, l->path, l->err,
		       l->errlen);
}

/* Verify mode: 0, or -1 (l->err says where, l->failed set). */
static inline int rec_check(struct rec_loop *l, const struct rec *r)
{
	struct verify_miss m;

	if (verify_check(l->check, r->p, r->len, r->off, &m) == 0)
		return 0;
	l->failed = 1;
	return verify_error(&m, l->path, l->err, l->errlen);
}

/*
 * -+b, after a write: once burst bytes are written since the last burst,
 * fsync (inside the timing, as IOzone), meet the other writers (throughput
 * mode) and sleep; the wait and the sleep go into slept_ns, which the
 * figures leave out, and out of the op's latency.
 */
static inline int rec_burst(struct rec_loop *l, const struct rec *r)
{
	struct rec_burst *b = l->burst;
	uint64_t t;

	if ((b->done += r->len) < b->bytes)
		return 0;
	b->done = 0;
	if (b->fsync && io_fsync(l->fd, l->path, l->err, l->errlen) != 0)
		return -1;
	t = clock_now_ns();
	if (b->meet && b->meet(b->meet_ctx) != 0)
		l->burst = NULL;        /* the others stopped: no more bursts */
	else
		plat_sleep_us(b->sleep_ns / 1000u, l->stop);
	t = clock_now_ns() - t;
	l->slept_ns += t;
	l->t_last += t;
	return 0;
}

/* The decorations before the transfer (the decorated copy only). */
static inline int rec_before(struct rec_loop *l, const struct rec *r)
{
	if (l->lock >= 0 && l->lock_first && rec_lock(l, r, l->lock) != 0)
		return -1;
	if (l->pace_ns && !l->pace_t0)
		l->pace_t0 = clock_now_ns();
	if (l->think_ns)
		rec_think(l);
	if (l->jitter_bytes && r->i % JITTER_EVERY == 0 &&
	    jitter_disrupt(l->fd, l->buf, l->direct, l->jitter_bytes,
			   r->i * r->len, l->path, l->err, l->errlen) != 0)
		return -1;
	if (l->stamp)
		verify_fill(l->stamp, r->p, r->len, r->off);
	if (l->lock >= 0 && !l->lock_first && rec_lock(l, r, l->lock) != 0)
		return -1;
	return 0;
}

/* The decorations after the transfer (the decorated copy only). */
static inline int rec_after(struct rec_loop *l, const struct rec *r)
{
	if (l->check && rec_check(l, r) != 0)
		return -1;
	if (l->lock >= 0 && !l->lock_first && rec_lock(l, r, IO_UNLOCK) != 0)
		return -1;
	if (l->burst && rec_burst(l, r) != 0)
		return -1;
	if (l->lock >= 0 && l->lock_first && rec_lock(l, r, IO_UNLOCK) != 0)
		return -1;
	return 0;
}

/* A writer's next window, tagged (pattern.h). */
IOSWEEP_ALWAYS_INLINE void rec_next(struct rec_loop *l)
{
	if (l->writes)
		PATTERN_WINDOW_NEXT(*l->w);
}

/* The op's time from t_last to now: histogram, -Q's slot, timeline. */
static inline void rec_clock(struct rec_loop *l, uint64_t i)
{
	const uint64_t now = clock_now_ns(), ns = now - l->t_last;

	if (l->tl)
		timeline_acc_op(l->tl, now, ns);
	if (l->lat)
		latency_add(l->lat, ns);
	l->op_dst[i & l->op_mask] = ns;
	l->t_last = now;
}

/*
 * -+O: as IOzone's rate control, a sleep inside the timing until op i's
 * time at the rate is up, kept against a schedule from the first op (op
 * i ends no sooner than (i + 1) x pace_ns after it), so a sleep that
 * overshoots is made up by the next ones instead of adding up.
 */
static inline void rec_pace(struct rec_loop *l, uint64_t i)
{
	const uint64_t now = clock_now_ns(), due = l->pace_t0 + (i + 1) * l->pace_ns;

	if (now < due)
		plat_sleep_us((due - now) / 1000u, l->stop);
}

/* ---- the transfers the sweep and throughput mode share ------------- */

static inline int rec_io_write(struct rec_loop *l, const struct rec *r, void *arg)
{
	(void)arg;
	return io_full_write(l->fd, r->p, r->len, l->path, l->err, l->errlen);
}

static inline int rec_io_read(struct rec_loop *l, const struct rec *r, void *arg)
{
	(void)arg;
	return io_full_read(l->fd, r->p, r->len, l->path, l->err, l->errlen);
}

static inline int rec_io_pwrite(struct rec_loop *l, const struct rec *r, void *arg)
{
	(void)arg;
	return io_full_pwrite(l->fd, r->p, r->len, l->base + r->off, l->path,
			      l->err, l->errlen);
}

static inline int rec_io_pread(struct rec_loop *l, const struct rec *r, void *arg)
{
	(void)arg;
	return io_full_pread(l->fd, r->p, r->len, l->base + r->off, l->path,
			     l->err, l->errlen);
}

/* lseek to the record, then write or read it */
static inline int rec_io_seek(struct rec_loop *l, const struct rec *r)
{
	return io_seek(l->fd, (int64_t)(l->base + r->off), SEEK_SET, l->path,
		       l->err, l->errlen);
}

static inline int rec_io_seek_write(struct rec_loop *l, const struct rec *r,
				    void *arg)
{
	return rec_io_seek(l, r) != 0 ? -1 : rec_io_write(l, r, arg);
}

static inline int rec_io_seek_read(struct rec_loop *l, const struct rec *r,
				   void *arg)
{
	return rec_io_seek(l, r) != 0 ? -1 : rec_io_read(l, r, arg);
}

/*
 * mmap files (-B, -D): the record copied out of the mapping, or into it
 * followed by -D's and -G's msync of the record's pages.
 */
static inline int rec_io_map_get(struct rec_loop *l, const struct rec *r,
				 void *arg)
{
	(void)arg;
	memcpy(r->p, l->map->addr + l->base + r->off, r->len);
	return 0;
}

static inline int rec_io_map_put(struct rec_loop *l, const struct rec *r,
				 void *arg)
{
	const uint64_t at = l->base + r->off;

	(void)arg;
	memcpy(l->map->addr + at, r->p, r->len);
	if (l->msync_async && io_map_sync(l->map, at, r->len, IO_MAP_ASYNC,
					  l->path, l->err, l->errlen) != 0)
		return -1;
	if (l->msync_sync && io_map_sync(l->map, at, r->len, IO_MAP_SYNC,
					 l->path, l->err, l->errlen) != 0)
		return -1;
	return 0;
}

/* ---- the loop ------------------------------------------------------ */

/*
 * Ops from .. to-1: REC_DONE, REC_ERROR, REC_STOPPED or REC_WALLED (the
 * steps done in *done either way).  One copy per value of steps.
 */
IOSWEEP_ALWAYS_INLINE int rec_loop_steps(struct rec_loop *l, uint64_t from,
					 uint64_t to, rec_io_fn io,
					 rec_wall_fn walled, void *arg,
					 uint64_t *done, const unsigned steps)
{
	struct timeline_acc *const ta = l->tl;
	uint64_t i, left = 0;
	int rc = REC_DONE;
	struct rec r;

	if ((steps & (REC_SAMPLED | REC_TIMED)) && ta && !ta->started)
		timeline_acc_begin(ta, l->t_last);
	if (steps & REC_SAMPLED)
		left = ta->left;
	for (i = from; i < to; i++) {
		if ((rc = rec_stopping(l, i, walled, arg, steps)) != REC_DONE)
			break;
		rec_place(l, i, &r, steps);
		if ((steps & REC_DECOR) && rec_before(l, &r) != 0)
			goto fail;
		if ((steps & REC_TIMED) && l->clock_before)
			l->t_last = clock_now_ns();
		if (io(l, &r, arg) != 0)
			goto fail;
		if ((steps & REC_DECOR) && rec_after(l, &r) != 0)
			goto fail;
		rec_next(l);
		if (steps & REC_TIMED)
			rec_clock(l, i);
		if ((steps & REC_SAMPLED) && --left == 0)
			left = timeline_acc_sample(ta, clock_now_ns(), &l->t_last);
		if ((steps & REC_DECOR) && l->pace_ns)
			rec_pace(l, i);
	}
	if (steps & REC_SAMPLED)
		ta->left = left;
	*done = i - from;
	return rc;
fail:
	*done = i - from;
	return REC_ERROR;
}

/*
 * The loop over ops from .. to-1, io moving each (arg its argument, and
 * walled's with REC_WALL: used when wall is set), in the copy of
 * rec_loop_steps the decorations, the wall and the timing ask for.
 */
IOSWEEP_ALWAYS_INLINE int rec_loop_run(struct rec_loop *l, uint64_t from,
				       uint64_t to, rec_io_fn io, int wall,
				       rec_wall_fn walled, void *arg)
{
	const int each_op = l->lat != NULL || (l->tl && l->tl_each_op);
	uint64_t done;
	int rc;

	if (wall && l->walled)
		return REC_WALLED;    /* an earlier loop of the pass was walled */
	if (l->decor && each_op)
		rc = rec_loop_steps(l, from, to, io, walled, arg, &done,
				    REC_DECOR | REC_TIMED | (wall ? REC_WALL : 0));
	else if (each_op)
		rc = rec_loop_steps(l, from, to, io, walled, arg, &done,
				    REC_TIMED | (wall ? REC_WALL : 0));
	else if (l->decor && l->tl && wall)
		rc = rec_loop_steps(l, from, to, io, walled, arg, &done,
				    REC_DECOR | REC_SAMPLED | REC_WALL);
	else if (l->decor && l->tl)
		rc = rec_loop_steps(l, from, to, io, walled, arg, &done,
				    REC_DECOR | REC_SAMPLED);
	else if (l->decor && wall)
		rc = rec_loop_steps(l, from, to, io, walled, arg, &done,
				    REC_DECOR | REC_WALL);
	else if (l->decor)
		rc = rec_loop_steps(l, from, to, io, walled, arg, &done,
				    REC_DECOR);
	else if (l->tl && wall)
		rc = rec_loop_steps(l, from, to, io, walled, arg, &done,
				    REC_SAMPLED | REC_WALL);
	else if (l->tl)
		rc = rec_loop_steps(l, from, to, io, walled, arg, &done,
				    REC_SAMPLED);
	else if (wall)
		rc = rec_loop_steps(l, from, to, io, walled, arg, &done, REC_WALL);
	else
		rc = rec_loop_steps(l, from, to, io, walled, arg, &done, 0);
	if (wall)
		l->wall_steps += done;
	return rc;
}

#endif
