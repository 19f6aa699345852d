/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests.c: the ops table of IOzone's tests and the runner of their
 * passes (see tests.h for what is timed and where iosweep differs).
 *
 * The runner sits above the pass functions (tests_pass.c): before a
 * pass it drops the cache with --cold and arms the latency histogram,
 * after it it repeats the pass for --min-time, completes a stonewalled
 * file and records the sample, all outside the timing.
 */
#include "compat.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "platform/clock.h"
#include "platform/platform.h"
#include "model/latency.h"
#include "options/options.h"
#include "lib/outfile.h"
#include "run/data/pattern.h"
#include "model/results.h"
#include "model/timeline.h"
#include "run/sweep/tests.h"
#include "run/sweep/tests_mmap.h"
#include "run/sweep/tests_order.h"
#include "run/sweep/tests_pass.h"
#include "lib/err.h"

#define IOSWEEP_CACHE_MSG 256

/* ---- the table -------------------------------------------------------- */

static const struct tests_def table[] = {
	{ .number = 0, .col = { RC_WRITE, RC_REWRITE },
	  .passes = 2, .pass = tests_pass_write,
	  .mapped = tests_mmap_write },
	{ .number = 1, .col = { RC_READ, RC_REREAD },
	  .passes = 2, .needs_data = 1, .pass = tests_pass_read,
	  .mapped = tests_mmap_read },
	{ .number = 2,
	  .col = { RC_RANDOM_READ, RC_RANDOM_WRITE }, .passes = 2,
	  .keep_pass2 = 1, .needs_data = 1, .prepare = tests_prepare_random,
	  .pass = tests_pass_random,
	  .mapped = tests_mmap_random },
	/* IOzone runs the backward read twice and reports the first pass. */
	{ .number = 3, .col = { RC_BKWD_READ, -1 },
	  .passes = 2, .needs_data = 1, .pass = tests_pass_bkwd,
	  .mapped = tests_mmap_bkwd },
	{ .number = 4,
	  .col = { RC_RECORD_REWRITE, -1 }, .passes = 1,
	  .pass = tests_pass_recrewrite,
	  .mapped = tests_mmap_recrewrite },
	{ .number = 5, .col = { RC_STRIDE_READ, -1 },
	  .passes = 1, .needs_data = 1, .prepare = tests_prepare_stride,
	  .pass = tests_pass_stride,
	  .mapped = tests_mmap_stride },
	{ .number = 6, .col = { RC_FWRITE, RC_FREWRITE },
	  .passes = 2, .pass = tests_pass_fwrite },
	{ .number = 7, .col = { RC_FREAD, RC_FREREAD },
	  .passes = 2, .needs_data = 1, .pass = tests_pass_fread },
	{ .number = 9, .col = { RC_PWRITE, RC_REPWRITE },
	  .passes = 2, .pass = tests_pass_pwrite },
	{ .number = 10, .col = { RC_PREAD, RC_REPREAD },
	  .passes = 2, .needs_data = 1, .pass = tests_pass_pread },
	{ .number = 11,
	  .col = { RC_PWRITEV, RC_REPWRITEV }, .passes = 2,
	  .pass = tests_pass_pwritev },
	{ .number = 12, .col = { RC_PREADV, RC_REPREADV },
	  .passes = 2, .needs_data = 1, .pass = tests_pass_preadv },
};

const char *tests_name(const struct tests_def *t)
{
	return t->own_name ? t->own_name : options_test_name(t->number);
}

const struct tests_def *tests_find(int number)
{
	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++)
		if (table[i].number == number)
			return &table[i];
	return NULL;
}

void tests_fill_wbuf(struct tests_ctx *c, size_t len)
{
	if (c->vfy_base.mode != VERIFY_OFF)
		verify_fill(&c->vfy_base, c->bufs.wbuf, len, 0);
	else
		pattern_fill(c->bufs.wbuf, len, c->o->data, c->o->data_ratio, c->wseed);
}

/* After fread, which lent wbuf's first record to stdio: the pattern again. */
static void restore_wbuf(struct tests_ctx *c)
{
	tests_fill_wbuf(c, c->cell.wlen < c->cell.reclen ? c->cell.wlen : (size_t)c->cell.reclen);
}

/* -+q: sleep, waking early when a signal asks to stop. */
static void rest(struct tests_ctx *c)
{
	plat_sleep((unsigned)c->o->sleep_between_s, c->stop);
}

/*
 * Before a pass: its histogram (recorded passes with --latency) and where
 * per-op latencies go (op_ns with -Q when the column has a file).
 */
static void latency_arm(const struct tests_def *t, struct tests_ctx *c, int p)
{
	int col = p < 2 ? t->col[p] : -1;

	c->pass.lat = c->cell.record ? c->lat_work : NULL;
	c->pass.tl = c->cell.record ? c->tl_work : NULL;
	c->pass.op_dst = &c->pass.op_scratch;
	c->pass.op_mask = 0;
	if (!c->pass.lat)
		return;
	latency_clear(c->pass.lat);
	if (c->qfile && c->bufs.op_ns && col >= 0 && c->qfile[col]) {
		c->pass.op_dst = c->bufs.op_ns;
		c->pass.op_mask = ~(uint64_t)0;
	}
}

/*
 * -Q: IOzone's rows for one pass, "%10lld %10.0f %10lld" (offset in kB,
 * latency in microseconds, bytes), then its CPU and real time line.
 */
static void write_qrows(const struct tests_ctx *c, struct outfile *f,
			const struct pass_sample *s, double user_s, double sys_s)
{
	for (uint64_t i = 0; i < s->ops; i++)
		outfile_printf(f, "%10" PRIu64 " %10.0f %10" PRIu64 "\n",
			       i * c->cell.reclen / 1024, (double)c->bufs.op_ns[i] / 1e3,
			       c->cell.reclen);
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
static int split_sample(const struct tests_ctx *c, const struct pass_sample *s,
			struct result_sample *r)
{
	if (!c->lat_rw[0])
		return 0;
	r->flags |= RESULTS_SF_SPLIT;
	r->rd_ops = s->rd_ops;
	r->wr_ops = s->ops - s->rd_ops;
	if (!c->pass.lat)
		return 0;
	if (c->lat_rw[0]->n && !(r->lat_rd = latency_compact(c->lat_rw[0])))
		return -1;
	if (c->lat_rw[1]->n && !(r->lat_wr = latency_compact(c->lat_rw[1])))
		return -1;
	return 0;
}

/* --log-interval: the recorded pass's intervals, labelled with its sample. */
static int keep_timeline(struct tests_ctx *c, const struct result_sample *r)
{
	struct timeline_row proto;

	if (!c->pass.tl)
		return 0;
	memset(&proto, 0, sizeof(proto));
	proto.col = r->col;
	proto.file_kb = c->cell.file_kb;
	proto.record_kb = c->cell.reclen / 1024;
	proto.trial = r->trial;
	proto.client = r->client;
	if (timeline_acc_keep(c->pass.tl, &proto, c->timeline) != 0)
		return err_set(c->err, c->errlen, "out of memory recording a timeline");
	return 0;
}

/* Does pass p of t read the file (every pass of a reading test but random write)? */
static int pass_reads(const struct tests_def *t, int p)
{
	return t->needs_data && !(t->pass == tests_pass_random && p == 1);
}

/*
 * Before a pass (or a --min-time repetition of it), outside every timing:
 * with -U the file system is unmounted and mounted again; with --cold a read pass finds the file flushed and dropped from the
 * page cache.  With pct, then how much of the cell's file is in the cache
 * (mincore): *pct in percent, or -1 where the platform cannot tell.
 */
static int cache_state(const struct tests_def *t, struct tests_ctx *c, int p,
		       double *pct)
{
	char msg[IOSWEEP_CACHE_MSG];
	double frac;

	if (c->remount && plat_remount(c->remount, c->err, c->errlen) != 0)
		return TESTS_ERROR;
	if (c->o->cold && pass_reads(t, p) &&
	    io_drop_cache(c->path, c->err, c->errlen) != 0)
		return TESTS_ERROR;
	if (!pct)
		return TESTS_OK;
	if (c->cache_unseen) {
		*pct = -1.0;
		return TESTS_OK;
	}
	*pct = io_cached_fraction(c->path, c->cell.file_kb * 1024, &frac, msg,
				  sizeof(msg)) == 0 ? frac * 100.0 : -1.0;
	return TESTS_OK;
}

/* The passes that write the file from its start, so leave it short when
 * stonewalled. */
static int fills_file(const struct tests_def *t)
{
	return t->pass == tests_pass_write || t->pass == tests_pass_fwrite ||
	       t->pass == tests_pass_pwrite || t->pass == tests_pass_pwritev;
}

typedef int (*tests_pass_fn)(struct tests_ctx *c, int pass,
			     struct pass_sample *s);

/*
 * The pass function of t for this run: on mmap files its mapped one
 * (NULL with c->err set: IOzone skips the test), with -X or -Y the
 * telemetry file's replay, else its own.  Verify mode, -J, -K, -+l, -m
 * and -+b decorate the record loop of whichever it is (tests_loop.h).
 */
static tests_pass_fn pass_of(const struct tests_def *t, struct tests_ctx *c)
{
	tests_pass_fn pass = t->pass;

	if (options_mmap(c->o)) {
		pass = t->mapped;
		if (!pass) {
			err_set(c->err, c->errlen, "test %d (%s) has no mmap version",
				t->number, tests_name(t));
			return NULL;
		}
	}
	/* -X, -Y: the write or read test replays a telemetry file */
	if (t->number == TEST_WRITE && c->o->traj[0])
		pass = tests_traj_write;
	else if (t->number == TEST_READ && c->o->traj[1])
		pass = tests_traj_read;
	return pass;
}

/*
 * --min-time: a pass timed for less than min_pass_ns is run again,
 * back to back, until the repetitions add up to it (at most
 * TESTS_MAX_REPS); the sample is their sum, so a 64 kB cell is no
 * longer one shot of a few microseconds.  Each repetition is the same
 * pass with the same semantics (a write pass truncates first).  Not
 * with -Q, whose files list one pass's operations.
 */
static int repeat_pass(const struct tests_def *t, struct tests_ctx *c, int p,
		       tests_pass_fn pass, struct pass_sample *s)
{
	const uint64_t min_pass_ns = (uint64_t)c->o->min_time_ms * 1000000u;
	int rc = TESTS_OK;

	if (!min_pass_ns || c->pass.op_mask)
		return TESTS_OK;
	for (unsigned k = 1; k < TESTS_MAX_REPS && rc == TESTS_OK &&
	     s->elapsed_ns < min_pass_ns; k++) {
		struct pass_sample more = { 0 };
		if (t->pass == tests_pass_fread)
			restore_wbuf(c);
		if (cache_state(t, c, p, NULL) != TESTS_OK)
			return TESTS_ERROR;
		rc = pass(c, p, &more);
		s->bytes += more.bytes;
		s->ops += more.ops;
		s->rd_ops += more.rd_ops;
		s->elapsed_ns += more.elapsed_ns;
		s->sync_ns = more.sync_ns;	/* the last repetition's barriers */
	}
	return rc;
}

/* What a pass measured around its timed region (wall, CPU, the cache). */
struct pass_clock {
	double u0, s0, u1, s1;
	uint64_t w0, w1, hb0, ht0, hb1, ht1;
	int host;                 /* the host's CPU counters could be read */
	double cached_pct;        /* -1: unknown */
};

/* The sample of pass p into c->rs, and what goes with it. */
static int record_sample(const struct tests_def *t, struct tests_ctx *c, int p,
			 int32_t writer, const struct pass_sample *s,
			 const struct pass_clock *k)
{
	struct result_sample r;

	memset(&r, 0, sizeof(r));
	r.cell = c->cell.index;
	r.col = (uint16_t)t->col[p];
	r.trial = c->cell.trial;
	r.bytes = s->bytes;
	r.ops = s->ops;
	r.elapsed_ns = s->elapsed_ns;
	r.wall_ns = k->w1 - k->w0;
	r.cpu_user_s = k->u1 - k->u0;
	r.cpu_sys_s = k->s1 - k->s0;
	if (k->cached_pct >= 0.0) {
		r.cached_pct = k->cached_pct;
		r.flags |= RESULTS_SF_CACHED;
	}
	if (k->host) {
		r.host_busy_pct = 100.0 * (double)(k->hb1 - k->hb0) /
				  (double)(k->ht1 - k->ht0);
		r.flags |= RESULTS_SF_HOST_CPU;
	}
	r.sync_ns = s->sync_ns;
	r.client = c->client;
	r.writer = writer;
	if ((c->pass.lat && !(r.lat = latency_compact(c->pass.lat))) ||
	    split_sample(c, s, &r) != 0) {
		free_sample_lat(&r);
		return err_set(c->err, c->errlen, "out of memory recording "
			       "a latency histogram");
	}
	if (results_add_sample(c->rs, &r) != 0) {
		free_sample_lat(&r);
		return err_set(c->err, c->errlen, "out of memory recording a sample");
	}
	if (keep_timeline(c, &r) != 0)
		return -1;
	if (c->sample_done)	/* the journal: outside the timing */
		c->sample_done(c->sample_ctx, c->rs);
	if (c->pass.op_mask)
		write_qrows(c, c->qfile[t->col[p]], s, r.cpu_user_s, r.cpu_sys_s);
	return 0;
}

/* Pass p of t: the cache, the pass and its repetitions, the sample. */
static int run_pass(const struct tests_def *t, struct tests_ctx *c, int p,
		    tests_pass_fn pass, int32_t writer)
{
	struct pass_sample s = { 0 };
	struct pass_clock k = { .cached_pct = -1.0 };
	int rc = TESTS_OK;

	if (c->cell.numrecs > 0 && cache_state(t, c, p, &k.cached_pct) != TESTS_OK)
		return TESTS_ERROR;
	latency_arm(t, c, p);
	k.host = clock_host_cpu(&k.hb0, &k.ht0) == 0;
	clock_cpu(&k.u0, &k.s0);
	k.w0 = clock_now_ns();
	c->loop.walled = 0;
	/* No records (file smaller than a record): nothing to move. */
	if (c->cell.numrecs > 0)
		rc = pass(c, p, &s);
	if (rc == TESTS_OK && c->cell.numrecs > 0)
		rc = repeat_pass(t, c, p, pass, &s);
	k.w1 = clock_now_ns();
	clock_cpu(&k.u1, &k.s1);
	k.host = k.host && clock_host_cpu(&k.hb1, &k.ht1) == 0 && k.ht1 > k.ht0 &&
		 k.hb1 >= k.hb0;
	if (t->pass == tests_pass_fread)
		restore_wbuf(c);
	/* after the pass's wall and CPU times: not part of its figures */
	if (rc == TESTS_OK && c->loop.walled && fills_file(t))
		rc = tests_complete_file(c, s.ops);
	if (rc != TESTS_OK)
		return rc;
	if (c->cell.record && p < 2 && t->col[p] >= 0 &&
	    record_sample(t, c, p, writer, &s, &k) != 0)
		return TESTS_ERROR;
	if (c->o->sleep_between_s)
		rest(c);
	return *c->stop ? TESTS_STOPPED : TESTS_OK;
}

static int run_passes_errno(const struct tests_def *t, struct tests_ctx *c,
			    int32_t writer)
{
	int passes = (c->o->no_retest && !t->keep_pass2) ? 1 : t->passes;
	tests_pass_fn pass = pass_of(t, c);

	/* -+E: test 2's second pass (random writes) is the one that writes */
	if (c->o->existing && t->pass == tests_pass_random)
		passes = 1;
	if (!pass)
		return TESTS_ERROR;
	if (*c->stop)
		return TESTS_STOPPED;
	tests_multi_start(c);
	if (c->cell.numrecs > 0 && t->prepare && t->prepare(c) != TESTS_OK)
		return TESTS_ERROR;
	for (int p = 0; p < passes; p++) {
		int rc = run_pass(t, c, p, pass, writer);
		if (rc != TESTS_OK)
			return rc;
	}
	return TESTS_OK;
}

/* Runs the passes; on TESTS_ERROR c->pass.err_errno keeps the errno of the call
 * that failed (read here, before anything else can change it). */
static int run_passes(const struct tests_def *t, struct tests_ctx *c,
		      int32_t writer)
{
	int rc;

	errno = 0;
	c->pass.err_errno = 0;
	c->pass.verify_failed = 0;
	c->loop.failed = 0;
	verify_for_writer(&c->pass.vfy, &c->vfy_base, (uint64_t)(int64_t)writer);
	verify_set_record(&c->pass.vfy, c->cell.reclen);
	/* -+V: the writer's region of the one file (--reorder: another's) */
	c->pass.base = c->o->share_file ? (uint64_t)writer * c->cell.numrecs * c->cell.reclen : 0;
	rc = run_passes_errno(t, c, writer);
	if (rc == TESTS_ERROR)
		c->pass.err_errno = errno;
	if (c->loop.failed)
		c->pass.verify_failed = 1;
	return rc;
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
