/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qd.c: tests 0, 1 and 2 with --iodepth, --jobs, --mix, --runtime,
 * --ramp and --precondition (see qd.h).
 *
 * A pass opens the file once, sets up every worker (its engine, its read
 * slots, its two histograms) before the clock starts, releases them
 * together through one gate, and joins them; the clock stops after the
 * last completion (and -e's fsync, -c's close).  A worker's loop is the
 * usual one of an asynchronous benchmark: fill the free slots, commit,
 * reap at least one completion, stamp the time once per batch, record,
 * repeat; a short transfer is queued again for its rest and keeps its
 * submission stamp, so its latency covers the whole record.
 *
 * Writes take their data from windows of the run's pattern buffer (one
 * record each, consecutive windows for consecutive writes of a worker,
 * the workers starting at different windows); with --data zero all from
 * its start, as tests.c does.  With tags (pattern.h: every block sent
 * unique) each worker has a pattern buffer of its own seed instead, and
 * each of its slots its own ring of windows in it, tagged just before the
 * write is queued: a window is only tagged again once the write that
 * sent it has completed, by its slot, and no two workers share one.  The mix decides each operation with the
 * worker's own fixed-seed generator: PCT% of them read.
 *
 * Verify mode (-V, -+d; verify.h) is a second copy of the worker's loop,
 * chosen once per worker: each read is checked when its record has come
 * in whole, and with -+d each write sends the data of its offset from its
 * slot's own buffer, filled just before it is queued; both inside the
 * timing, as in the sweep's passes.  The plain loop is unchanged.
 */
#include "compat.h"

#include <errno.h>
#include <inttypes.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clients/clients.h"
#include "platform/clock.h"
#include "engine/engine.h"
#include "platform/platform.h"
#include "model/latency.h"
#include "options/options.h"
#include "run/data/pattern.h"
#include "run/qd/qd.h"
#include "run/qd/qd_priv.h"
#include "run/watchdog.h"
#include "model/results.h"
#include "run/sweep/tests.h"
#include "run/sweep/tests_order.h"
#include "run/data/verify.h"
#include "lib/err.h"
#include "model/steady.h"
#include "model/timeline.h"

#define QD_SEED 0x9d5eed00ull
#define QD_PRECOND_MAX 8       /* --precondition: most whole-file passes */
#define QD_PRECOND_STEADY 0.05 /* ...until one is within 5% of the one before */
#define QD_PAD 8               /* counted[]: one 64-byte line per worker */
#define QD_POLL_NS 20000000u   /* --steady: the watcher looks at least this often */

/* ---- one worker ------------------------------------------------------ */

static int job_fail(struct qd_job *j, const struct engine_io *io, int64_t res)
{
	const struct tests_ctx *c = j->p->c;

	if (res < 0)
		snprintf(j->err, sizeof(j->err), "cannot %s '%s' at offset %" PRIu64
			 " (%s, depth %u): %s", io->is_write ? "write" : "read",
			 c->path, io->off, j->e->ops->name, j->p->depth,
			 strerror((int)-res));
	else if (io->is_write)
		snprintf(j->err, sizeof(j->err), "cannot write '%s': %s", c->path,
			 strerror(ENOSPC));
	else
		snprintf(j->err, sizeof(j->err), "cannot read '%s' at offset %"
			 PRIu64 ": unexpected end of file", c->path, io->off);
	return TESTS_ERROR;
}

/*
 * Verify mode: does the record that io read, now whole in its slot of
 * rbuf, differ from what the file must hold?  io's offset and length
 * moved on by the parts of a short transfer, so the record ends at
 * off + len.
 */
static int job_checked_fail(struct qd_job *j, const struct engine_io *io,
			    size_t len)
{
	const struct tests_ctx *c = j->p->c;
	struct verify_miss m;

	if (verify_check(&c->pass.vfy, j->rbuf + io->slot * len, len,
			 io->off + io->len - len, &m) == 0)
		return 0;
	verify_error(&m, c->path, j->err, sizeof(j->err));
	j->verify_failed = 1;
	return 1;
}

/* Where io's record comes from or goes: verify's stamped data (-+d), a
 * tagged window of the slot's ring, the next window of the pattern
 * buffer, or for a read the slot's place in rbuf. */
IOSWEEP_ALWAYS_INLINE void job_slot_buf(struct qd_job *j, struct engine_io *io,
					const size_t len, const int vfy)
{
	struct qd_pass *p = j->p;
	struct tests_ctx *c = p->c;

	if (vfy && io->is_write && verify_stamps(&c->pass.vfy)) {
		io->buf = j->rbuf + io->slot * len;
		verify_fill(&c->pass.vfy, io->buf, len, io->off);
	} else if (io->is_write && p->grid) {
		size_t at = (io->slot + (size_t)p->depth *
			     (size_t)(j->slot_writes[io->slot]++ %
				      p->slot_wins)) * len;
		io->buf = j->wbuf + at;
		pattern_tag(j->wbuf + at, len, p->grid, at % p->grid,
			    &j->tag);
	} else if (io->is_write) {
		io->buf = j->wbuf + (j->wnext % p->nwin) * len;
		j->wnext++;
	} else {
		io->buf = j->rbuf + io->slot * len;
	}
}

/* A worker loop's own state, in registers once its steps are inlined. */
struct qd_cursor {
	size_t len;                   /* the record size */
	unsigned nfree;               /* free slots, in j->freeslots */
	uint64_t pos;                 /* records issued */
	uint64_t now;                 /* the last stamp */
	int issuing;                  /* 0: only reaping what is in flight */
	uint64_t tick_pend, t_tick;   /* completions the watchdog was not told; when told */
};

/* The watchdog told of completions in batches (its counter is one atomic
 * every worker adds to): 64 of them or 1 ms, whichever comes first. */
IOSWEEP_ALWAYS_INLINE void job_tick(struct qd_cursor *cur, unsigned n, int flush)
{
	cur->tick_pend += n;
	if (flush || cur->tick_pend >= 64 || cur->now - cur->t_tick >= 1000000u) {
		watchdog_tick(cur->tick_pend);
		cur->tick_pend = 0;
		cur->t_tick = cur->now;
	}
}

/*
 * Fill the free slots: each takes the next record of the order, read or
 * write (--mix), and is queued and committed at once.  issuing drops to
 * 0 after the last record of a size-based pass.  0, or -1 with j->err.
 */
IOSWEEP_ALWAYS_INLINE int job_issue(struct qd_job *j, struct qd_cursor *cur, const int vfy)
{
	struct qd_pass *p = j->p;
	struct engine *e = j->e;
	const size_t len = cur->len;

	while (cur->issuing && cur->nfree > 0) {
		struct engine_io *io = &j->ios[j->freeslots[--cur->nfree]];
		uint64_t k = j->first + cur->pos % j->count;
		io->off = p->order ? p->order[k] : k * len;
		io->is_write = p->kind == QD_WRITE ||
			(p->kind == QD_MIX && pattern_splitmix64(&j->rng) % 100 >= p->read_pct);
		job_slot_buf(j, io, len, vfy);
		io->len = len;
		io->t_submit_ns = cur->now;
		/*
		 * With O_DIRECT, submitted at once, one by one, as fio does
		 * by default (iodepth_batch_submit=1): refilling the queue
		 * in one call after each reap ran 128k sequential reads at
		 * depth 8 about 15% below fio.  Through the page cache the
		 * system calls are the cost, so the refill waits for the
		 * reap's own call (p->batch; docs/queue-depth.md).
		 */
		if (e->ops->queue(e, io, j->err, sizeof(j->err)) != 0 ||
		    (!p->batch && engine_commit(e, j->err, sizeof(j->err)) != 0))
			return -1;
		if (++cur->pos >= j->limit && !p->time_based)
			cur->issuing = 0;
	}
	return 0;
}

/*
 * The n completions in j->done, reaped at cur->now: a short transfer is queued
 * again for its rest; a whole record is checked (verify mode), counted
 * when inside the counted window, and frees its slot.  TESTS_OK, or
 * TESTS_ERROR with j->err.
 */
IOSWEEP_ALWAYS_INLINE int job_complete(struct qd_job *j, struct qd_cursor *cur, int n,
				       const int vfy, const int tl)
{
	struct qd_pass *p = j->p;
	struct engine *e = j->e;
	const size_t len = cur->len;
	const uint64_t now = cur->now;

	for (int i = 0; i < n; i++) {
		struct engine_io *io = j->done[i];
		if (io->res <= 0 || (uint64_t)io->res > io->len)
			return job_fail(j, io, io->res);
		if ((uint64_t)io->res < io->len) {   /* short: queue the rest */
			io->buf = (unsigned char *)io->buf + io->res;
			io->len -= (size_t)io->res;
			io->off += (uint64_t)io->res;
			if (e->ops->queue(e, io, j->err, sizeof(j->err)) != 0)
				return TESTS_ERROR;
			continue;
		}
		if (vfy && !io->is_write && job_checked_fail(j, io, len))
			return TESTS_ERROR;
		if (!p->time_based || (now >= p->t_count && now <= p->t_end)) {
			latency_add(&j->lat[io->is_write], now - io->t_submit_ns);
			j->ops[io->is_write]++;
			if (tl)
				timeline_acc_op(&j->tl, now, now - io->t_submit_ns);
		}
		j->freeslots[cur->nfree++] = (unsigned)io->slot;
	}
	return TESTS_OK;
}

/*
 * The worker's loop, vfy constant (job_run, job_run_checked).  TESTS_OK,
 * TESTS_ERROR (message in j->err) or TESTS_STOPPED; every I/O it queued
 * has completed when it returns.
 */
IOSWEEP_ALWAYS_INLINE int job_loop(struct qd_job *j, const int vfy, const int tl)
{
	struct qd_pass *p = j->p;
	struct tests_ctx *c = p->c;
	struct engine *e = j->e;
	struct qd_cursor cur = {
		.len = (size_t)c->cell.reclen, .nfree = p->depth, .pos = 0,
		.now = clock_now_ns(), .issuing = j->count > 0,
	};
	int rc = TESTS_OK;

	for (unsigned i = 0; i < p->depth; i++)
		j->freeslots[i] = p->depth - 1 - i;
	if (tl)
		timeline_acc_begin(&j->tl, p->t_count);
	for (;;) {
		if (cur.issuing && (*c->stop || p->abort)) {
			cur.issuing = 0;
			if (*c->stop)
				rc = TESTS_STOPPED;
		}
		if (job_issue(j, &cur, vfy) != 0)
			goto fail;
		if (!p->batch && engine_commit(e, j->err, sizeof(j->err)) != 0)
			goto fail;
		if (e->inflight > e->most_inflight)
			e->most_inflight = e->inflight;
		if (e->inflight == 0)
			break;
		int n = e->ops->reap(e, 1, j->done, p->depth, j->err, sizeof(j->err));
		if (n < 0)
			goto fail;
		cur.now = clock_now_ns();
		job_tick(&cur, (unsigned)n, 0);  /* completions show in no read/write count */
		if (job_complete(j, &cur, n, vfy, tl) != TESTS_OK)
			goto fail;
		if (tl)   /* what the --steady watcher reads */
			atomic_store_explicit(&p->counted[j->idx * QD_PAD],
					      j->ops[0] + j->ops[1], memory_order_relaxed);
		if (p->time_based && cur.now >= p->t_end)
			cur.issuing = 0;
	}
	j->t_last = cur.now;
	job_tick(&cur, 0, 1);
	return rc;
fail:
	j->t_last = cur.now;
	job_tick(&cur, 0, 1);
	p->abort = 1;
	return TESTS_ERROR;
}

static int job_run(struct qd_job *j)
{
	return job_loop(j, 0, 0);
}

static int job_run_checked(struct qd_job *j)
{
	return job_loop(j, 1, 0);
}

/* With a timeline (--log-interval, --steady): the same loops, chosen once. */
static int job_run_tl(struct qd_job *j)
{
	return job_loop(j, 0, 1);
}

static int job_run_checked_tl(struct qd_job *j)
{
	return job_loop(j, 1, 1);
}

static int job_main(void *arg)
{
	struct qd_job *j = arg;
	int vfy = j->p->c->pass.vfy.mode != VERIFY_OFF;
	int (*run)(struct qd_job *) = j->p->iv_ns ?
		(vfy ? job_run_checked_tl : job_run_tl) :
		(vfy ? job_run_checked : job_run);

	/* the engine is this thread's: it starts and drains it */
	int ok = engine_start(j->e, j->err, sizeof(j->err)) == 0;
	if (plat_gate_arrive(j->p->gate))
		j->rc = ok ? run(j) : TESTS_ERROR;
	engine_drain(j->e);
	atomic_fetch_sub(&j->p->running, 1u);
	return 0;
}

/* ---- one pass ---------------------------------------------------------- */

static void jobs_free(struct qd_pass *p)
{
	for (unsigned i = 0; p->jobs && i < p->njobs; i++) {
		struct qd_job *j = &p->jobs[i];
		engine_close(j->e);        /* waits for anything in flight first */
		io_free(j->rbuf);
		io_free(j->own_wbuf);
		free(j->slot_writes);
		free(j->ios);
		free(j->freeslots);
		free(j->done);
		latency_release(&j->lat[0]);
		latency_release(&j->lat[1]);
		timeline_acc_release(&j->tl);
	}
	free(p->jobs);
	p->jobs = NULL;
	free(p->counted);
	p->counted = NULL;
}

/* Everything a worker needs, before the clock starts. */
/*
 * With tags: job i's own pattern buffer, slot_wins windows for each slot
 * (at least the run's windows in all), and tag numbers of its own.
 */
static int job_own_windows(struct qd_pass *p, struct qd_job *j, unsigned i)
{
	struct tests_ctx *c = p->c;
	size_t len = (size_t)p->slot_wins * p->depth * (size_t)c->cell.reclen;

	j->own_wbuf = io_alloc(len);
	j->slot_writes = calloc(p->depth, sizeof(*j->slot_writes));
	if (!j->own_wbuf || !j->slot_writes)
		return -1;
	pattern_fill(j->own_wbuf, len, c->o->data, c->o->data_ratio,
		     c->wseed + 1 + i);
	j->wbuf = j->own_wbuf;
	j->tag = p->tag0 + (uint64_t)i * PATTERN_TAG_STREAM;
	return 0;
}

static int jobs_setup(struct qd_pass *p, const struct engine_ops *eng)
{
	struct tests_ctx *c = p->c;
	const uint64_t n = c->cell.numrecs;

	p->jobs = calloc(p->njobs, sizeof(*p->jobs));
	p->counted = p->iv_ns ? calloc((size_t)p->njobs * QD_PAD, sizeof(*p->counted))
		: NULL;
	if (!p->jobs || (p->iv_ns && !p->counted))
		goto nomem;
	for (unsigned i = 0; i < p->njobs; i++) {
		struct qd_job *j = &p->jobs[i];
		j->p = p;
		j->idx = i;
		j->first = n * i / p->njobs;
		j->count = n * (i + 1) / p->njobs - j->first;
		j->limit = j->count * p->rounds;
		j->rng = QD_SEED + i;
		j->wnext = p->nwin * i / p->njobs;
		j->wbuf = c->bufs.wbuf;
		if (p->grid && job_own_windows(p, j, i) != 0)
			goto nomem;
		j->rbuf = io_alloc((size_t)p->depth * (size_t)c->cell.reclen);
		j->ios = calloc(p->depth, sizeof(*j->ios));
		j->freeslots = calloc(p->depth, sizeof(*j->freeslots));
		j->done = calloc(p->depth, sizeof(*j->done));
		if (!j->rbuf || !j->ios || !j->freeslots || !j->done ||
		    latency_init(&j->lat[0]) != 0 || latency_init(&j->lat[1]) != 0 ||
		    (p->iv_ns && timeline_acc_init(&j->tl, p->iv_ns) != 0))
			goto nomem;
		if (p->iv_ns)
			timeline_acc_reset(&j->tl, c->cell.reclen);
		for (unsigned k = 0; k < p->depth; k++)
			j->ios[k].slot = k;
		j->e = engine_open(eng, p->fd, p->depth, c->err, c->errlen);
		if (!j->e)
			return -1;
	}
	return 0;
nomem:
	return err_set(c->err, c->errlen, "out of memory for %u jobs at depth %u",
		p->njobs, p->depth);
}

/*
 * --steady: while the workers run, the starting thread reads their
 * counted operations once per interval from the start of counting (to
 * within its wake-up, at most QD_POLL_NS late: the judged rate is the
 * count over the real time between two readings) and hands each interval
 * to the judge.  Once it is steady the workers stop issuing (the same
 * flag a failing worker raises), drain, and the pass ends there.  The
 * workers pay one relaxed store per batch of completions for this.
 */
static void watch_steady(struct qd_pass *p)
{
	struct tests_ctx *c = p->c;
	uint64_t prev_ops = 0, prev_t = p->t_count, k = 1;

	steady_track_reset(p->st);
	while (atomic_load(&p->running) > 0 && !*c->stop) {
		uint64_t due = p->t_count + k * p->iv_ns, now = clock_now_ns(), ops = 0;
		if (now < due) {
			uint64_t wait = due - now;
			plat_sleep_us((wait < QD_POLL_NS ? wait : QD_POLL_NS) / 1000 + 1,
				      c->stop);
			continue;
		}
		for (unsigned i = 0; i < p->njobs; i++)
			ops += atomic_load_explicit(&p->counted[i * QD_PAD],
						    memory_order_relaxed);
		if (steady_track_add(p->st, prev_t - p->t_count, now - prev_t,
				     (ops - prev_ops) * p->c->cell.reclen, ops - prev_ops)) {
			p->steady_stop = 1;
			p->abort = 1;
			return;
		}
		prev_ops = ops;
		prev_t = now;
		k = (now - p->t_count) / p->iv_ns + 1;
	}
}

/* Start the workers, open the gate at t0, wait for all of them. */
static int jobs_run(struct qd_pass *p, uint64_t *t0)
{
	struct tests_ctx *c = p->c;
	unsigned started = 0;
	int rc = TESTS_OK;

	for (unsigned i = 0; i < p->njobs; i++) {
		char why[256];
		if (plat_thread_start(&p->jobs[i].th, job_main, &p->jobs[i], why,
				      sizeof(why)) != 0) {
			err_set(c->err, c->errlen, "--jobs %u: %s", p->njobs, why);
			rc = TESTS_ERROR;
			break;
		}
		started++;
	}
	if (rc == TESTS_OK)
		plat_gate_wait(p->gate, started);
	atomic_store(&p->running, started);
	/* many clients: every client's workers are ready; start together */
	if (rc == TESTS_OK && p->sync && clients_pass_start(*c->stop != 0))
		rc = TESTS_STOPPED;
	*t0 = clock_now_ns();
	p->t_count = *t0 + p->ramp_ns;
	p->t_end = p->t_count + p->run_ns;
	plat_gate_open(p->gate, rc == TESTS_OK);   /* publishes t_count, t_end */
	if (rc == TESTS_OK && p->st)
		watch_steady(p);
	for (unsigned i = 0; i < p->njobs; i++)
		if (p->jobs[i].th) {
			plat_thread_join(p->jobs[i].th);
			p->jobs[i].th = NULL;
		}
	for (unsigned i = 0; i < p->njobs && rc == TESTS_OK; i++) {
		struct qd_job *j = &p->jobs[i];
		if (j->rc == TESTS_ERROR) {
			err_set(c->err, c->errlen, "%s", j->err);
			c->pass.verify_failed = j->verify_failed;
			rc = TESTS_ERROR;
		}
	}
	for (unsigned i = 0; i < p->njobs && rc == TESTS_OK; i++)
		if (p->jobs[i].rc == TESTS_STOPPED)
			rc = TESTS_STOPPED;
	return rc;
}

/* The workers' histograms into the pass's (c->pass.lat: all; lat_rw: split). */
static int jobs_merge(struct qd_pass *p)
{
	struct tests_ctx *c = p->c;

	for (int d = 0; d < 2; d++)
		latency_clear(c->lat_rw[d]);
	for (unsigned i = 0; i < p->njobs; i++)
		for (int d = 0; d < 2; d++)
			if (latency_merge(c->lat_rw[d], &p->jobs[i].lat[d]) != 0 ||
			    (c->pass.lat && latency_merge(c->pass.lat, &p->jobs[i].lat[d]) != 0))
				return -1;
	return 0;
}


/*
 * After the workers: each one's intervals closed at the pass's end and
 * summed into p->tl_out; with --steady, how it went into the set (col:
 * the pass's column, -1: --precondition).  0 or -1 (out of memory).
 */
static int keep_time(struct tests_ctx *c, struct qd_pass *p, uint64_t end_ns,
		     int col)
{
	struct timeline_acc *acc[64], **accs = acc;
	struct result_steady rst;
	int rc = 0;

	if (p->tl_out) {
		if (p->njobs > 64 && !(accs = calloc(p->njobs, sizeof(*accs))))
			return -1;
		for (unsigned i = 0; i < p->njobs; i++) {
			struct qd_job *j = &p->jobs[i];
			timeline_acc_end(&j->tl, end_ns, (j->ops[0] + j->ops[1]) * c->cell.reclen);
			accs[i] = &j->tl;
		}
		rc = timeline_acc_sum(p->tl_out, accs, p->njobs);
		if (accs != acc)
			free(accs);
	}
	if (!p->st || !c->rs || (col >= 0 && !c->cell.record))
		return rc;
	memset(&rst, 0, sizeof(rst));
	rst.spec = p->st->spec;
	rst.col = col;
	rst.file_kb = c->cell.file_kb;
	rst.record_kb = c->cell.reclen / 1024;
	rst.trial = c->cell.trial;
	rst.attained = p->st->attained;
	rst.judged = p->st->judged;
	rst.at_ns = p->st->at_ns;
	rst.ran_ns = end_ns - p->t_count;
	rst.mean = p->st->last.mean;
	rst.criterion = p->st->last.criterion;
	if (results_add_steady(c->rs, &rst) != 0)
		rc = -1;
	return rc;
}

/*
 * One pass of kind over the file (order: random offsets or NULL), size-
 * or time-based; with record, its histograms go to the ctx.  A test's
 * pass (not --precondition's or the untimed lay-out) is a timed pass
 * of many clients (clients.h): it meets the others after its workers
 * are ready, before t0, and after t1.  col is the test pass's column
 * (-1: not a test's); precond marks --precondition's writing, which with
 * --steady is one pass of up to QD_PRECOND_MAX rounds over the records
 * that stops once steady.
 */
/* A mix of one kind draws no coin per I/O: it is that kind's pass. */
static enum qd_kind pass_kind(enum qd_kind kind, unsigned read_pct)
{
	return kind != QD_MIX ? kind : read_pct >= 100 ? QD_READ : read_pct == 0 ? QD_WRITE
		: QD_MIX;
}

static int qd_pass(struct tests_ctx *c, enum qd_kind kind, const uint64_t *order,
		   int time_based, int record, int col, int precond,
		   struct pass_sample *s)
{
	const struct options *o = c->o;
	struct qd_pass p;
	const struct engine_ops *eng;
	struct qd_state *st = c->qd_state;
	uint64_t t0 = 0, t1, end_ns, sync_ns = 0;
	int rc = TESTS_ERROR, sync_ok = 1;
	int steady = st && st->steady.ring && (precond || (time_based && col >= 0));

	memset(&p, 0, sizeof(p));
	p.c = c;
	p.rounds = precond && steady ? QD_PRECOND_MAX : 1;
	p.tl_out = col >= 0 ? c->pass.tl : precond && steady ? &st->pre_tl : NULL;
	p.st = steady ? &st->steady : NULL;
	p.iv_ns = p.tl_out ? p.tl_out->interval_ns : steady ? st->steady.interval_ns : 0;
	p.read_pct = o->mix_read_pct;
	p.kind = pass_kind(kind, p.read_pct);
	p.order = order;
	p.depth = options_iodepth(o);
	p.njobs = options_jobs(o);
	p.time_based = time_based;
	p.sync = record;	/* the tests' passes, warm-up ones too */
	p.ramp_ns = time_based && !precond ? o->ramp_ms * 1000000u : 0;
	p.run_ns = time_based ? o->runtime_ms * 1000000u : 0;
	p.nwin = c->one_window || c->cell.wlen < 2 * c->cell.reclen ? 1
		: (c->cell.wlen - (size_t)c->cell.reclen) / (size_t)c->cell.reclen + 1;
	p.grid = kind == QD_READ ? 0 : c->wgrid;
	p.slot_wins = (p.nwin + p.depth - 1) / p.depth;
	if (p.grid)   /* the tag numbers the jobs take (job_own_windows) */
		p.tag0 = pattern_tags_take(p.njobs);
	p.gate = plat_gate_new();
	if (!p.gate) {
		err_set(c->err, c->errlen, "out of memory for %u jobs", p.njobs);
		p.fd = -1;
		goto out;
	}
	p.fd = io_open(c->path, (kind == QD_READ ? O_RDONLY : O_RDWR) | c->open_flags,
		       &c->mode, c->err, c->errlen);
	if (p.fd < 0 || io_fsync(p.fd, c->path, c->err, c->errlen) != 0)
		goto out;
	eng = engine_pick(p.depth, c->err, c->errlen);
	if (!eng || jobs_setup(&p, eng) != 0)
		goto out;
	p.batch = !o->direct && eng->reap_submits;
	rc = jobs_run(&p, &t0);
	if (rc == TESTS_OK && c->o->include_fsync &&
	    io_fsync(p.fd, c->path, c->err, c->errlen) != 0)
		rc = TESTS_ERROR;
	if (rc == TESTS_OK && c->o->include_close) {
		int fd = p.fd;
		p.fd = -1;
		if (io_close(fd, c->path, c->err, c->errlen) != 0)
			rc = TESTS_ERROR;
	}
	t1 = clock_now_ns();
	/* many clients: the barrier after t1, before the untimed fsync and close */
	if (rc == TESTS_OK && p.sync && clients_pass_end(*c->stop != 0, 0, &sync_ns))
		rc = TESTS_STOPPED;
	if (rc != TESTS_OK)
		goto out;
	memset(s, 0, sizeof(*s));
	s->sync_ns = sync_ns;
	end_ns = t1;
	for (unsigned i = 0; i < p.njobs; i++) {
		s->ops += p.jobs[i].ops[0] + p.jobs[i].ops[1];
		s->rd_ops += p.jobs[i].ops[0];
		if (i == 0 || p.jobs[i].t_last > end_ns)
			end_ns = p.jobs[i].t_last;
	}
	s->bytes = s->ops * c->cell.reclen;
	/* time-based: the counted window, up to where it was steady */
	if (time_based)
		end_ns = p.steady_stop && end_ns < p.t_end ? end_ns : p.t_end;
	else
		end_ns = t1;
	s->elapsed_ns = end_ns - p.t_count;
	if (record && (jobs_merge(&p) != 0 || qd_note_inflight(c, &p) != 0)) {
		err_set(c->err, c->errlen, "out of memory merging latency histograms");
		rc = TESTS_ERROR;
	}
	if (rc == TESTS_OK && keep_time(c, &p, end_ns, col) != 0) {
		err_set(c->err, c->errlen, "out of memory keeping a timeline");
		rc = TESTS_ERROR;
	}
out:
	jobs_free(&p);
	if (p.fd >= 0) {
		if (rc == TESTS_OK)
			sync_ok = io_fsync(p.fd, c->path, c->err, c->errlen) == 0;
		if (rc == TESTS_OK && sync_ok)
			sync_ok = io_close(p.fd, c->path, c->err, c->errlen) == 0;
		else
			plat_close_fd(p.fd);
		if (!sync_ok)
			rc = TESTS_ERROR;
	}
	plat_gate_free(p.gate);
	return rc;
}

static int timed(const struct tests_ctx *c)
{
	return c->o->runtime_ms > 0;
}

/*
 * --precondition: whole-file passes of kind's writes, not recorded, until
 * one runs within 5% of the rate of the one before (at most 8).  With
 * --steady, one pass that stops as soon as the rule finds the write rate
 * steady, or after --runtime, or without one after 8 rounds over the file.
 */
static int precondition(struct tests_ctx *c, const uint64_t *order)
{
	double prev = 0.0;

	if (!c->o->precondition)
		return TESTS_OK;
	if (c->o->steady_given) {   /* with --runtime: for at most that long */
		struct pass_sample s;
		return qd_pass(c, QD_WRITE, order, timed(c), 0, -1, 1, &s);
	}
	for (int k = 0; k < QD_PRECOND_MAX; k++) {
		struct pass_sample s;
		int rc = qd_pass(c, QD_WRITE, order, 0, 0, -1, 0, &s);
		if (rc != TESTS_OK)
			return rc;
		double rate = s.elapsed_ns ? (double)s.bytes / (double)s.elapsed_ns : 0.0;
		if (k > 0 && prev > 0.0 && rate >= prev * (1.0 - QD_PRECOND_STEADY) &&
		    rate <= prev * (1.0 + QD_PRECOND_STEADY))
			break;
		prev = rate;
	}
	return TESTS_OK;
}

/* ---- the rows ---------------------------------------------------------- */

/*
 * A time-based write pass may wrap before reaching the end of the file, so
 * with --runtime the file is first laid out whole by one untimed pass (the
 * read tests need every record); --precondition's whole passes do that
 * anyway, but with --steady it may stop before the end of its first round.
 */
static int prepare_write(struct tests_ctx *c)
{
	struct pass_sample s;

	if (c->o->precondition ? c->o->steady_given : timed(c)) {
		int rc = qd_pass(c, QD_WRITE, NULL, 0, 0, -1, 0, &s);
		if (rc != TESTS_OK)
			return rc;
	}
	return precondition(c, NULL);
}

static int prepare_random(struct tests_ctx *c)
{
	if (!c->bufs.offsets) {
		err_set(c->err, c->errlen, "internal error: no offset table");
		return TESTS_ERROR;
	}
	tests_permutation(c->bufs.offsets, c->cell.numrecs);
	for (uint64_t i = 0; i < c->cell.numrecs; i++)
		c->bufs.offsets[i] *= c->cell.reclen;
	return precondition(c, c->bufs.offsets);
}

static int pass_write(struct tests_ctx *c, int pass, struct pass_sample *s)
{
	return qd_pass(c, QD_WRITE, NULL, timed(c), 1,
		       pass ? RC_REWRITE : RC_WRITE, 0, s);
}

static int pass_read(struct tests_ctx *c, int pass, struct pass_sample *s)
{
	return qd_pass(c, QD_READ, NULL, timed(c), 1,
		       pass ? RC_REREAD : RC_READ, 0, s);
}

static int pass_random(struct tests_ctx *c, int pass, struct pass_sample *s)
{
	return qd_pass(c, pass == 0 ? QD_READ : QD_WRITE, c->bufs.offsets, timed(c), 1,
		       pass ? RC_RANDOM_WRITE : RC_RANDOM_READ, 0, s);
}

static int pass_seq_mix(struct tests_ctx *c, int pass, struct pass_sample *s)
{
	(void)pass;
	return qd_pass(c, QD_MIX, NULL, timed(c), 1, RC_SEQ_MIX, 0, s);
}

static int pass_random_mix(struct tests_ctx *c, int pass, struct pass_sample *s)
{
	(void)pass;
	return qd_pass(c, QD_MIX, c->bufs.offsets, timed(c), 1, RC_RANDOM_MIX, 0, s);
}

static const struct tests_def qd_rows[] = {
	{ .number = 0, .col = { RC_WRITE, RC_REWRITE },
	  .passes = 2, .prepare = prepare_write, .pass = pass_write },
	{ .number = 1, .col = { RC_READ, RC_REREAD },
	  .passes = 2, .needs_data = 1, .pass = pass_read },
	{ .number = 2,
	  .col = { RC_RANDOM_READ, RC_RANDOM_WRITE }, .passes = 2,
	  .keep_pass2 = 1, .needs_data = 1, .prepare = prepare_random,
	  .pass = pass_random },
	{ .number = 1, .own_name = "seq mix", .col = { RC_SEQ_MIX, -1 },
	  .passes = 1, .needs_data = 1, .pass = pass_seq_mix },
	{ .number = 2, .own_name = "random mix", .col = { RC_RANDOM_MIX, -1 },
	  .passes = 1, .needs_data = 1, .prepare = prepare_random,
	  .pass = pass_random_mix },
};

const struct tests_def *qd_find(int n, const struct options *o)
{
	if (n == TEST_WRITE)
		return &qd_rows[0];
	if (n == TEST_READ)
		return &qd_rows[o->mix_given ? 3 : 1];
	if (n == TEST_RANDOM)
		return &qd_rows[o->mix_given ? 4 : 2];
	return NULL;
}

/* ---- set-up ------------------------------------------------------------ */

/* What qd_attach() allocated (the combined histogram when it is ours). */
static void qd_state_free(struct qd_state *st)
{
	if (!st)
		return;
	latency_release(&st->rw[0]);
	latency_release(&st->rw[1]);
	latency_release(&st->all);
	steady_track_release(&st->steady);
	timeline_acc_release(&st->pre_tl);
	free(st);
}

int qd_attach(struct tests_ctx *c, char *err, size_t errlen)
{
	struct qd_state *st = calloc(1, sizeof(*st));

	if (!st || latency_init(&st->rw[0]) != 0 || latency_init(&st->rw[1]) != 0 ||
	    (!c->lat_work && latency_init(&st->all) != 0)) {
		qd_state_free(st);
		return err_set(err, errlen, "out of memory for the latency histograms");
	}
	if (c->o->steady_given &&
	    (steady_track_init(&st->steady, &c->o->steady,
			       options_timeline_interval_ms(c->o),
			       c->o->steady_ramp_ms, err, errlen) != 0 ||
	     timeline_acc_init(&st->pre_tl,
			       options_timeline_interval_ms(c->o) * 1000000u) != 0)) {
		qd_state_free(st);
		return err_set(err, errlen, "--steady: out of memory");
	}
	if (!c->lat_work) {
		st->own_all = 1;
		c->lat_work = &st->all;
	}
	c->lat_rw[0] = &st->rw[0];
	c->lat_rw[1] = &st->rw[1];
	c->qd_state = st;
	return 0;
}

void qd_detach(struct tests_ctx *c)
{
	struct qd_state *st = c->qd_state;

	if (!st)
		return;
	if (st->own_all)
		c->lat_work = NULL;
	qd_state_free(st);
	c->qd_state = NULL;
	c->lat_rw[0] = c->lat_rw[1] = NULL;
}
