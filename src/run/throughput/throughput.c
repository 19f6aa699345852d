/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * throughput.c: IOzone's throughput mode (see throughput.h for what it
 * measures and where it differs from IOzone).
 *
 * One test with one child count goes: reset the shared block (stonewall
 * and abort flags, one result slot per child, in MAP_SHARED memory so
 * forked children can write into it), make three pipes (ready, go, done),
 * start the children, read one "ready" byte per child, read the clock,
 * close the write end of "go" (every child blocked on it wakes at once),
 * read one "done" byte per child, read the clock, then reap the children.
 * This file is the parent's side; a child's is throughput_child.c, and
 * the tests' table and the children's files are throughput_files.c.
 *
 * The file's fate follows IOzone: initial writers truncate and write it,
 * the rest reuse it, and all of them are removed at the end unless -w.
 */
#include "compat.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/clock.h"
#include "platform/mountinfo.h"
#include "platform/platform.h"
#include "iosweep.h"
#include "options/options.h"
#include "model/results.h"
#include "run/data/pattern.h"
#include "run/throughput/throughput.h"
#include "run/throughput/throughput_priv.h"
#include "model/timeline.h"
#include "lib/err.h"

/* --log-interval: the children's rows, at most this much shared memory */
#define TP_TL_BYTES ((size_t)256 << 20)
#define TP_TL_MIN_ROWS 1024u

void throughput_release(struct tp_run *run)
{
	if (!run)
		return;
	for (size_t i = 0; i < run->nresults; i++)
		free(run->results[i].child);
	free(run->results);
	memset(run, 0, sizeof(*run));
}

/* ---- the parent ----------------------------------------------------------- */

struct tp_pipes {
	int ready[2], go[2], done[2];
};

static void close_fd(int *fd)
{
	plat_close_fd(*fd);
	*fd = -1;
}

static void pipes_close(struct tp_pipes *p)
{
	for (int i = 0; i < 2; i++) {
		close_fd(&p->ready[i]);
		close_fd(&p->go[i]);
		close_fd(&p->done[i]);
	}
}

static int pipes_open(struct tp_pipes *p, char *err, size_t errlen)
{
	p->ready[0] = p->ready[1] = p->go[0] = p->go[1] = -1;
	p->done[0] = p->done[1] = -1;
	if (plat_pipe(p->ready) == 0 && plat_pipe(p->go) == 0 && plat_pipe(p->done) == 0)
		return 0;
	err_set(err, errlen, "cannot create a pipe for the children: %s",
		strerror(errno));
	pipes_close(p);
	return -1;
}

/*
 * Read n bytes, one per child, from fd.  A signal that asks to stop makes
 * the parent raise the abort flag and keep reading.  Returns how many
 * came (fewer: every child that could write has exited).
 */
static unsigned collect(int fd, unsigned n, struct tp_shared *sh,
			const volatile sig_atomic_t *stop)
{
	unsigned got = 0;
	char buf[64];

	while (got < n) {
		size_t want = n - got < sizeof(buf) ? n - got : sizeof(buf);
		long r = plat_pipe_read(fd, buf, want);
		if (r > 0) {
			got += (unsigned)r;
		} else if (r < 0 && errno == EINTR) {
			if (stop && *stop)
				atomic_store(&sh->abort, 1);
		} else {
			break;
		}
	}
	return got;
}

struct tp_children {
	struct plat_child *kids;
	struct tp_thread_arg *args;
	unsigned started;
};

/* Start n children; on failure the ones started are told to abort. */
static int spawn(struct tp_ctx *c, struct tp_pipes *p, struct tp_children *k,
		 unsigned n, char *err, size_t errlen)
{
	/* a forked child closes the parent's ends of the pipes */
	const int parent_ends[] = { p->go[1], p->ready[0], p->done[0] };

	fflush(NULL);   /* no stdio buffer is copied into a forked child */
	for (unsigned i = 0; i < n; i++) {
		char why[256];
		k->args[i].c = c;
		k->args[i].idx = i;
		if (plat_child_start(&k->kids[i], c->o->threads, throughput_child_run,
				     &k->args[i], parent_ends, 3, why, sizeof(why)) != 0)
			return err_set(err, errlen, "%s (child %u of %u)", why, i + 1, n);
		k->started++;
	}
	return 0;
}

static void raise_abort(void *sh)
{
	atomic_store(&((struct tp_shared *)sh)->abort, 1);
}

/* Wait for every started child; a process that died is an error. */
static int reap(const struct tp_ctx *c, struct tp_children *k,
		const volatile sig_atomic_t *stop, char *err, size_t errlen)
{
	int rc = 0;

	for (unsigned i = 0; i < k->started; i++) {
		int sig = 0;
		if (plat_child_wait(&k->kids[i], &sig, stop, raise_abort, c->sh) != 0)
			continue;
		if (sig && rc == 0 && !(stop && *stop)) {
			err_set(err, errlen, "child %u of %u died of signal %d", i + 1,
				k->started, sig);
			rc = -1;
		}
	}
	k->started = 0;
	return rc;
}

/* The first child's error, with the file and record size, the test and the child. */
static int child_error(const struct tp_ctx *c, unsigned n, char *err, size_t errlen)
{
	for (unsigned i = 0; i < n; i++)
		if (c->sh->slot[i].failed)
			return err_set(err, errlen, "%s (cell %llu kB / %llu kB, test %s, "
				"child %u of %u)", c->sh->slot[i].err,
				(unsigned long long)(c->numrecs * c->reclen / 1024),
				(unsigned long long)(c->reclen / 1024), c->t->name, i + 1, n);
	return 0;
}

/* One test with n children, into r. */
static int run_test(struct tp_ctx *c, unsigned n, struct tp_children *k,
		    struct tp_result *r, char *err, size_t errlen)
{
	struct tp_pipes p;
	uint64_t t0, t1;
	int rc = -1;

	memset(c->sh->slot, 0, n * sizeof(c->sh->slot[0]));
	c->nchildren = n;
	atomic_store(&c->sh->stonewall, 0);
	atomic_store(&c->sh->abort, 0);
	atomic_store(&c->sh->b_lock, 0);
	atomic_store(&c->sh->b_parties, 0);
	atomic_store(&c->sh->b_arrived, 0);
	atomic_store(&c->sh->b_gen, 0);
	if (throughput_share_empty(c->o, c->t->kind, err, errlen) != 0 ||
	    pipes_open(&p, err, errlen) != 0)
		return -1;
	c->ready_w = p.ready[1];
	c->go_r = p.go[0];
	c->done_w = p.done[1];
	if (spawn(c, &p, k, n, err, errlen) != 0) {
		atomic_store(&c->sh->abort, 1);
		close_fd(&p.go[1]);
		reap(c, k, c->user_stop, err, errlen);
		goto out;
	}
	if (!c->o->threads) {
		/* only children hold the write ends: end of file = all gone */
		close_fd(&p.ready[1]);
		close_fd(&p.done[1]);
	}
	if (collect(p.ready[0], n, c->sh, c->user_stop) < n)
		atomic_store(&c->sh->abort, 1);
	t0 = clock_now_ns();
	atomic_store(&c->sh->t_go, t0);
	close_fd(&p.go[1]);          /* the barrier opens */
	/* -d: as IOzone, the parent's time starts when the last child goes */
	t0 += (uint64_t)c->o->stagger_us * n * 1000u;
	collect(p.done[0], n, c->sh, c->user_stop);
	t1 = clock_now_ns();
	if (reap(c, k, c->user_stop, err, errlen) != 0)
		goto out;
	if (child_error(c, n, err, errlen) != 0)
		goto out;
	if (c->user_stop && *c->user_stop) {
		err_set(err, errlen, "interrupted in %s with %u children",
			c->t->name, n);
		goto out;
	}
	r->parent_ns = t1 > t0 ? t1 - t0 : 0;
	for (unsigned i = 0; i < n; i++)
		r->child[i] = c->sh->slot[i].r;
	rc = 0;
out:
	pipes_close(&p);
	return rc;
}

/* -+q: sleep between tests, waking early when asked to stop. */
static void rest(unsigned seconds, const volatile sig_atomic_t *stop)
{
	plat_sleep(seconds, stop);
}

/* Per child, one sample into the result set. */
static int record_samples(struct result_set *rs, const struct tp_result *r,
			  uint32_t first_trial)
{
	const struct tp_test_def *t = throughput_test_def(r->kind);
	long cell;

	if (t->col < 0)
		return 0;
	cell = results_find_cell(rs, r->file_kb, r->record_kb);
	if (cell < 0)
		cell = results_add_cell(rs, r->file_kb, r->record_kb, 0);
	if (cell < 0)
		return -1;
	for (unsigned i = 0; i < r->nchildren; i++) {
		struct result_sample s;
		memset(&s, 0, sizeof(s));
		s.cell = (uint32_t)cell;
		s.col = (uint16_t)t->col;
		s.trial = (uint16_t)(first_trial + i);
		s.bytes = r->child[i].bytes;
		s.ops = r->child[i].ops;
		s.elapsed_ns = r->child[i].elapsed_ns;
		s.wall_ns = r->child[i].wall_ns;
		s.cpu_user_s = r->child[i].cpu_user_s;
		s.cpu_sys_s = r->child[i].cpu_sys_s;
		/* stonewalled before its first record: no rate, not a pass */
		s.flags = s.ops ? 0 : RESULTS_SF_PARTIAL;
		if (r->child[i].cached_pct >= 0.0) {
			s.flags |= RESULTS_SF_CACHED;
			s.cached_pct = r->child[i].cached_pct;
		}
		if (results_add_sample(rs, &s) != 0)
			return -1;
	}
	return 0;
}

static struct tp_result *add_result(struct tp_run *run, int kind, unsigned n,
				    uint64_t file_kb, uint64_t record_kb)
{
	struct tp_result *r;

	if (run->nresults == run->alloc) {
		size_t want = run->alloc ? 2 * run->alloc : 16;
		struct tp_result *grown = realloc(run->results, want * sizeof(*grown));
		if (!grown)
			return NULL;
		run->results = grown;
		run->alloc = want;
	}
	r = &run->results[run->nresults];
	memset(r, 0, sizeof(*r));
	r->child = calloc(n, sizeof(*r->child));
	if (!r->child)
		return NULL;
	r->kind = kind;
	r->nchildren = n;
	r->file_kb = file_kb;
	r->record_kb = record_kb;
	run->nresults++;
	return r;
}

/* Is the test of kind selected by these options? */
int throughput_selected(const struct options *o, int kind)
{
	const struct tp_test_def *t = throughput_test_def(kind);

	if (t->retest && o->no_retest)
		return 0;
	/* mmap files: the stdio tests (fwrite, fread) have no mapping to use */
	if (options_mmap(o) && (t->test == TEST_FWRITE || t->test == TEST_FREAD))
		return 0;
	return !o->tests_mask || (o->tests_mask & (1u << t->test));
}

struct tp_state {
	struct tp_ctx c;
	struct tp_children k;
	struct tp_shared *sh;
	size_t sh_len;
	size_t tl_len;              /* --log-interval: c.tl_rows' bytes */
	struct timeline_acc tl_sum; /* the children's rows summed */
};

/*
 * --log-interval: the rows of test r's children into rs's timeline, each
 * child as its sample (trial first_trial + i, client i), and their sum
 * interval by interval (client "total").  The children's grids share the
 * release as t0, so the sum lines up; a child whose rows could not all be
 * kept drops the test's timeline (counted in run->tl_lost).  0 or -1.
 */
static int keep_timeline(struct tp_state *st, struct result_set *rs,
			 struct tp_run *run, const struct tp_result *r,
			 uint32_t first_trial)
{
	const struct tp_test_def *t = throughput_test_def(r->kind);
	struct timeline_acc *view, **views;
	struct timeline_row proto;
	int rc = -1;

	if (!st->c.iv_ns || t->col < 0)
		return 0;
	view = calloc(r->nchildren, sizeof(*view));
	views = calloc(r->nchildren, sizeof(*views));
	if (!view || !views)
		goto out;
	memset(&proto, 0, sizeof(proto));
	proto.col = t->col;
	proto.file_kb = r->file_kb;
	proto.record_kb = r->record_kb;
	for (unsigned i = 0; i < r->nchildren; i++) {
		const struct tp_slot *slot = &st->sh->slot[i];
		view[i].rows = st->c.tl_rows + (size_t)i * st->c.tl_cap;
		view[i].n = slot->tl_n;
		view[i].lost = slot->tl_lost;
		views[i] = &view[i];
		if (slot->tl_lost) {
			run->tl_lost++;
			rc = 0;
			goto out;
		}
	}
	for (unsigned i = 0; i < r->nchildren; i++) {
		proto.trial = (uint16_t)(first_trial + i);
		proto.client = (int32_t)i;
		if (timeline_acc_keep(&view[i], &proto, &rs->timeline) != 0)
			goto out;
	}
	if (timeline_acc_sum(&st->tl_sum, views, r->nchildren) != 0)
		goto out;
	proto.trial = (uint16_t)first_trial;
	proto.client = TIMELINE_CLIENT_TOTAL;
	rc = timeline_acc_keep(&st->tl_sum, &proto, &rs->timeline);
out:
	free(view);
	free(views);
	return rc;
}

static int state_init(struct tp_state *st, const struct options *o, unsigned most,
		      volatile sig_atomic_t *stop, char *err, size_t errlen)
{
	memset(st, 0, sizeof(*st));
	st->sh_len = sizeof(struct tp_shared) + most * sizeof(struct tp_slot);
	st->sh = plat_shared_alloc(st->sh_len);
	if (!st->sh)
		return err_set(err, errlen, "cannot map memory shared with the children: %s",
			strerror(errno));
	st->k.kids = calloc(most, sizeof(*st->k.kids));
	st->k.args = calloc(most, sizeof(*st->k.args));
	if (!st->k.kids || !st->k.args)
		return err_set(err, errlen, "out of memory for %u children", most);
	st->c.o = o;
	st->c.sh = st->sh;
	st->c.user_stop = stop;
	st->c.mode.direct = o->direct;
	st->c.mode.osync = o->osync;
	st->c.mode.odsync = o->odsync;
	st->c.mode.orsync = o->orsync;
	if (options_timeline_interval_ms(o)) {
		/*
		 * Each child's rows, shared like the slots: TP_TL_BYTES over the
		 * children (the pages a run does not reach are never touched).
		 */
		size_t cap = TP_TL_BYTES / (most * sizeof(struct timeline_row));
		st->c.iv_ns = (uint64_t)options_timeline_interval_ms(o) * 1000000u;
		st->c.tl_cap = cap < TP_TL_MIN_ROWS ? TP_TL_MIN_ROWS : cap;
		st->tl_len = most * st->c.tl_cap * sizeof(struct timeline_row);
		st->c.tl_rows = plat_shared_alloc(st->tl_len);
		if (!st->c.tl_rows)
			return err_set(err, errlen, "--log-interval: cannot map memory "
				"shared with the children: %s", strerror(errno));
		if (timeline_acc_init(&st->tl_sum, st->c.iv_ns) != 0)
			return err_set(err, errlen, "--log-interval: out of memory for "
				"the timeline");
	}
	return io_mode_flags(&st->c.mode, &st->c.open_flags, err, errlen);
}

static void state_release(struct tp_state *st)
{
	if (st->c.tl_rows)
		plat_shared_free(st->c.tl_rows, st->tl_len);
	timeline_acc_release(&st->tl_sum);
	plat_shared_free(st->sh, st->sh_len);
	free(st->k.kids);
	free(st->k.args);
}

/* The results an earlier run finished with n children, as if run now. 1, 0 or -1. */
static int replay_count(struct tp_run *run, struct result_set *rs, const struct tp_hooks *h,
			unsigned n, uint64_t file_kb, uint32_t first_trial, char *err,
			size_t errlen)
{
	const struct tp_result *saved = NULL;
	size_t nsaved = h && h->count_saved ?
		h->count_saved(h->ctx, n, first_trial, &saved) : 0;

	if (!nsaved)
		return 0;
	if (h->count_start)
		h->count_start(h->ctx, n, file_kb);
	for (size_t i = 0; i < nsaved; i++) {
		const struct tp_result *s = &saved[i];
		struct tp_result *r = add_result(run, s->kind, s->nchildren, s->file_kb,
						 s->record_kb);
		if (!r)
			return err_set(err, errlen, "out of memory for the results");
		r->parent_ns = s->parent_ns;
		memcpy(r->child, s->child, s->nchildren * sizeof(*r->child));
		if (record_samples(rs, r, first_trial) != 0)
			return err_set(err, errlen, "out of memory recording a sample");
		if (h->test_done)
			h->test_done(h->ctx, r);
	}
	if (h->count_done)
		h->count_done(h->ctx, n);
	return 1;
}

/* Every selected test with n children. */
static int run_count(struct tp_state *st, struct tp_run *run, struct result_set *rs,
		     const struct tp_hooks *h, unsigned n, uint32_t first_trial,
		     char *err, size_t errlen)
{
	const struct options *o = st->c.o;
	uint64_t file_kb = throughput_child_file_kb(o, n), rec_kb = throughput_record_kb(o);
	int replayed = replay_count(run, rs, h, n, file_kb, first_trial, err, errlen);

	if (replayed != 0)
		return replayed < 0 ? -1 : 0;

	st->c.reclen = rec_kb * 1024;
	st->c.numrecs = file_kb * 1024 / st->c.reclen;
	if (h && h->count_start)
		h->count_start(h->ctx, n, file_kb);
	for (int kind = 0; kind < TP_NKINDS; kind++) {
		struct tp_result *r;

		if (!throughput_selected(o, kind))
			continue;
		st->c.t = throughput_test_def(kind);
		st->c.tag0 = pattern_tags_take(n);
		r = add_result(run, kind, n, file_kb, rec_kb);
		if (!r)
			return err_set(err, errlen, "out of memory for the results");
		if (run_test(&st->c, n, &st->k, r, err, errlen) != 0) {
			free(r->child);
			run->nresults--;
			return -1;
		}
		if (record_samples(rs, r, first_trial) != 0)
			return err_set(err, errlen, "out of memory recording a sample");
		if (keep_timeline(st, rs, run, r, first_trial) != 0)
			return err_set(err, errlen, "out of memory keeping a timeline");
		if (h && h->test_done)
			h->test_done(h->ctx, r);
		if (o->sleep_between_s)
			rest(o->sleep_between_s, st->c.user_stop);
	}
	if (h && h->count_done)
		h->count_done(h->ctx, n);
	return 0;
}

int throughput_run(const struct options *o, struct tp_run *run,
		   struct result_set *rs, const struct tp_hooks *h,
		   volatile sig_atomic_t *stop, char *err, size_t errlen)
{
	unsigned counts[OPTIONS_MAX_CHILDREN];
	size_t ncounts = options_child_counts(o, counts, OPTIONS_MAX_CHILDREN);
	unsigned most = throughput_most_children(o);
	uint32_t trial = 0;
	struct tp_state st;
	int rc = -1;

	uint64_t total = 0;

	for (size_t i = 0; i < ncounts; i++)
		total += counts[i];
	if (!ncounts || total > UINT16_MAX)
		return err_set(err, errlen, "throughput mode needs -t N or -l/-u, with at "
			"most %u children over the whole run", UINT16_MAX);
	if (state_init(&st, o, most, stop, err, errlen) != 0)
		goto out;
	st.c.cache_unseen = mountinfo_fs_kind(rs->meta.fs_type) != MOUNTINFO_LOCAL;
	rs->timeline.interval_ns = st.c.iv_ns;
	rc = 0;
	for (size_t i = 0; i < ncounts && rc == 0; i++) {
		rc = run_count(&st, run, rs, h, counts[i], trial, err, errlen);
		trial += counts[i];
	}
	rs->trials = trial;
out:
	state_release(&st);
	if (!o->keep_file)
		throughput_remove_files(o, most);
	return rc;
}
