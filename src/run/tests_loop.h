/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests_loop.h: the parts every pass function shares, for the passes
 * that move data with read and write (tests_pass.c) and those that move
 * it through a mapping (tests_mmap.c); src/run/ only.
 *
 * Before t0: tests_open_file() (O_DIRECT and the sync flags apply),
 * tests_opened() (its fsync), tests_window_start() and tests_ready()
 * (-p's purge, the clients' barrier, -W's lock; 1 when they agreed to
 * stop or the lock failed, c->ready_rc saying which).  The
 * record loop is TIMED_LOOP.  At t1: tests_passed() fills the span.
 * After: tests_finish() fsyncs and closes what the timing did not (and
 * closes alone on error).  Verify mode's two copies of each pass body
 * come from PASS_COPIES, CHECKED and STAMP.
 */
#ifndef IOSWEEP_TESTS_LOOP_H
#define IOSWEEP_TESTS_LOOP_H

#include <stddef.h>
#include <stdint.h>

#include "clients/clients.h"
#include "model/latency.h"
#include "platform/clock.h"
#include "platform/platform.h"
#include "run/compute.h"
#include "run/pattern.h"
#include "run/tests.h"
#include "run/verify.h"
#include "model/timeline.h"

int tests_ready(struct tests_ctx *c, uint64_t step_recs);
int tests_passed(struct tests_ctx *c, uint64_t t0, struct tests_span *s);
int tests_open_file(struct tests_ctx *c, int flags);
int tests_opened(struct tests_ctx *c, int fd);
int tests_finish(struct tests_ctx *c, int fd, int rc);
void tests_window_start(struct tests_ctx *c, struct pattern_window *w,
			size_t span);
void tests_window_save(struct tests_ctx *c, const struct pattern_window *w);
/* Verify mode: 1 (c->err set, verify_failed) when buf is not the file's. */
int tests_checked_fail(struct tests_ctx *c, const void *buf, size_t len,
		       uint64_t off);
/* -+l: lock (how IO_LOCK_READ, IO_LOCK_WRITE) or unlock (IO_UNLOCK) len
 * bytes at off of the pass's part of the file; 0 or -1 (c->err set). */
int tests_rlock(struct tests_ctx *c, int fd, uint64_t off, uint64_t len,
		int how);

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
 * the first op.  tp is left at the last reading.  In the second copy of a
 * pass (vfy, see PASS_COPIES) each step starts with -J's spin (THINK).
 * With --log-interval (c->tl) and --latency it is the --latency loop
 * that also hands each reading to the pass's timeline (timeline.h): a
 * compare with the interval's end and the interval's histogram add.
 * With --log-interval alone it is the plain loop (or --stonewall's) that
 * counts down to the timeline's next reading (timeline_acc_sample: a
 * decrement and a branch per op, two clock readings per batch of about
 * 40 us); tp is then the last of those readings.
 */
/*
 * -J: spin before the op (compute.h), adding the time to c->computed_ns
 * and to tp, so --latency's op times leave it out.  Only in the second
 * copy of a pass: every pass body names its copy flag vfy.
 */
#define THINK(c, tp) do { \
	if (vfy && (c)->compute_ns) { \
		uint64_t th_ = compute_spin((c)->compute_ns); \
		(c)->computed_ns += th_; \
		(tp) += th_; \
	} \
} while (0)

#define TIMED_LOOP(c, tp, from, to, ...) do { \
	if ((c)->stonewall && (c)->tl) { \
		const uint64_t wm_ = (c)->wall_mask; \
		struct timeline_acc *const ta_ = (c)->tl; \
		uint64_t i = (from), left_; \
		if (!ta_->started) \
			timeline_acc_begin(ta_, (tp)); \
		left_ = ta_->left; \
		for (; i < (to) && !(c)->walled; i++) { \
			STOPPED_OR(c, THINK(c, tp); __VA_ARGS__); \
			if ((i & wm_) == wm_ && clients_walled()) \
				(c)->walled = 1; \
			if (--left_ == 0) \
				left_ = timeline_acc_sample(ta_, clock_now_ns(), &(tp)); \
		} \
		ta_->left = left_; \
		(c)->wall_iters += i - (from); \
	} else if ((c)->stonewall) { \
		const uint64_t wm_ = (c)->wall_mask; \
		uint64_t i = (from); \
		for (; i < (to) && !(c)->walled; i++) { \
			STOPPED_OR(c, THINK(c, tp); __VA_ARGS__); \
			if ((i & wm_) == wm_ && clients_walled()) \
				(c)->walled = 1; \
		} \
		(c)->wall_iters += i - (from); \
	} else if ((c)->tl && !(c)->lat) { \
		struct timeline_acc *const ta_ = (c)->tl; \
		uint64_t left_; \
		if (!ta_->started) \
			timeline_acc_begin(ta_, (tp)); \
		left_ = ta_->left; \
		for (uint64_t i = (from); i < (to); i++) { \
			STOPPED_OR(c, THINK(c, tp); __VA_ARGS__); \
			if (--left_ == 0) \
				left_ = timeline_acc_sample(ta_, clock_now_ns(), &(tp)); \
		} \
		ta_->left = left_; \
	} else if ((c)->tl) { \
		struct timeline_acc *const ta_ = (c)->tl; \
		struct latency_hist *const lh_ = (c)->lat; \
		uint64_t *const qn_ = (c)->op_dst; \
		const uint64_t qm_ = (c)->op_mask; \
		if (!ta_->started) \
			timeline_acc_begin(ta_, (tp)); \
		for (uint64_t i = (from); i < (to); i++) { \
			uint64_t tn_; \
			STOPPED_OR(c, THINK(c, tp); __VA_ARGS__); \
			tn_ = clock_now_ns(); \
			timeline_acc_op(ta_, tn_, tn_ - (tp)); \
			latency_add(lh_, tn_ - (tp)); \
			qn_[i & qm_] = tn_ - (tp); \
			(tp) = tn_; \
		} \
	} else if (!(c)->lat) { \
		for (uint64_t i = (from); i < (to); i++) \
			STOPPED_OR(c, THINK(c, tp); __VA_ARGS__); \
	} else { \
		struct latency_hist *const lh_ = (c)->lat; \
		uint64_t *const qn_ = (c)->op_dst; \
		const uint64_t qm_ = (c)->op_mask; \
		for (uint64_t i = (from); i < (to); i++) { \
			uint64_t tn_; \
			STOPPED_OR(c, THINK(c, tp); __VA_ARGS__); \
			tn_ = clock_now_ns(); \
			latency_add(lh_, tn_ - (tp)); \
			qn_[i & qm_] = tn_ - (tp); \
			(tp) = tn_; \
		} \
	} \
} while (0)

#define WINDOW_NEXT(w) PATTERN_WINDOW_NEXT(w)

/*
 * -+b (IOzone's bursts), in the checked copy, after a write of len bytes
 * that went through: once burst_bytes are written since the last burst,
 * fsync (inside the timing, as IOzone) and sleep; the sleep is added to
 * c->burst_ns, which the figures leave out, and to tp, so --latency's op
 * times leave it out too.  1 (c->err set) when the fsync failed.
 */
int tests_burst(struct tests_ctx *c, int fd, uint64_t *tp);
#define BURST(c, on, fd, len, tp) do { \
	if ((on) && (c)->burst_bytes && \
	    ((c)->burst_done += (len)) >= (c)->burst_bytes && \
	    tests_burst((c), (fd), &(tp)) != 0) \
		goto out; \
} while (0)

/*
 * -m (IOzone's multiple buffers), in the checked copy: before each read
 * buf moves len bytes on through the first TESTS_MULTI_BYTES of c->buf,
 * back to its start when the next record would not fit, so the first
 * read of a test lands len bytes in (IOzone's walk).  The writes walk
 * the write buffer the same way (tests_window_start).
 */
#define MBUF(c, on, buf, len) do { \
	if ((on) && (c)->multi_buffer) { \
		(c)->mb_pos += (len); \
		if ((c)->mb_pos > TESTS_MULTI_BYTES - (len)) \
			(c)->mb_pos = 0; \
		(buf) = (c)->buf + (c)->mb_pos; \
	} \
} while (0)

/*
 * Verify mode (-V, -+d; verify.h).  Every pass has two copies made from
 * one body (PASS_COPIES): tests_pass_x, the body with vfy = 0, which
 * compiles to the loop without a trace of checking, and tests_checked_x
 * with vfy = 1, which tests.c picks for the whole run when verify mode is
 * on, -J spins before every op (THINK) or -K disrupts the reads.  In the
 * checked copy, inside the timed loop as in IOzone, CHECKED()
 * is true when the len bytes read into buf from offset off are not what
 * the file must hold (c->err then says where), and STAMP() fills a
 * write's len bytes at p with what offset off must hold (-+d: they differ
 * every 8 bytes; shaped data, -+w -+y -+C -+a: built record by record as
 * IOzone builds it, and never checked; -V's bytes are in the write buffer
 * from the start).
 */
#define CHECKED(c, on, buf, len, off) \
	((on) && tests_checked_fail((c), (buf), (len), (off)))
#define STAMP(c, on, p, len, off) do { \
	if ((on) && verify_stamps(&(c)->vfy)) \
		verify_fill(&(c)->vfy, (p), (len), (off)); \
} while (0)

/*
 * -+l, -+L (record locking): in the checked copy, the record at offset
 * off locked before its op (exclusive for a write, shared for a read) and
 * unlocked after it, inside the timing as in IOzone.
 */
#define RLOCK(c, on, fd, off, len, how) do { \
	if ((on) && (c)->rlock && \
	    tests_rlock((c), (fd), (off), (len), (how)) != 0) \
		goto out; \
} while (0)
#define RUNLOCK(c, on, fd, off, len) RLOCK(c, on, fd, off, len, IO_UNLOCK)

/* The two copies of a pass body (see CHECKED above), named plain and checked. */
#define PASS_PAIR(plain, checked, body) \
int plain(struct tests_ctx *c, int pass, struct tests_span *s) \
{ \
	return body(c, pass, s, 0); \
} \
int checked(struct tests_ctx *c, int pass, struct tests_span *s) \
{ \
	return body(c, pass, s, 1); \
}
#define PASS_COPIES(name, body) \
	PASS_PAIR(tests_pass_##name, tests_checked_##name, body)
#define MAP_COPIES(name, body) \
	PASS_PAIR(tests_mmap_##name, tests_mmap_checked_##name, body)

#endif
