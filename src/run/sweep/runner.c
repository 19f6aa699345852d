/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * runner.c: the sweep engine (see runner.h).  It turns a plan into cells
 * of the result set, walks them in --order cell (all trials of a cell back
 * to back) or --order sweep (whole sweeps repeated), gives each visit an
 * emptied test file, runs --warmup untimed rounds of the selected tests,
 * then the recorded ones, and cleans up on every exit.  The I/O buffers
 * are the run's: allocated and filled once for the largest cell.
 */
#include "compat.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/sweep/adaptive.h"
#include "clients/clients.h"
#include "platform/clock.h"
#include "platform/mountinfo.h"
#include "platform/platform.h"
#include "iosweep.h"
#include "model/latency.h"
#include "options/options.h"
#include "lib/outfile.h"
#include "run/data/pattern.h"
#include "run/sweep/plan.h"
#include "run/qd/qd.h"
#include "model/results.h"
#include "run/sweep/runner.h"
#include "run/sweep/tests.h"
#include "model/timeline.h"
#include "run/data/verify.h"
#include "run/watchdog.h"
#include "lib/err.h"

#define RUNNER_AUTO_MAX_KB 524288u   /* IOzone's -a default largest file */
#define RUNNER_SEED 0x5eed0000ull
#define RUNNER_PROBE_BYTES (2u << 20) /* of the write stream, for the zlib ratio */

static const char *target(const struct options *o)
{
	return options_file(o);
}

/* The largest file the sweep will write, in kB, from the options. */
static uint64_t largest_kb(const struct options *o)
{
	uint64_t kb = 0;

	for (size_t i = 0; i < o->nsizes; i++)
		if (o->sizes_kb[i] > kb)
			kb = o->sizes_kb[i];
	if (kb == 0 && o->auto_mode)
		kb = o->max_file_kb ? o->max_file_kb : RUNNER_AUTO_MAX_KB;
	if (kb == 0)
		kb = OPTIONS_DEFAULT_FILE_KB;
	return kb;
}

/* -Q: IOzone's offset/latency files, in the current directory. */
static const struct {
	int col;
	int test;
	const char *name;
} qfiles[] = {
	{ RC_WRITE, TEST_WRITE, "wol.dat" }, { RC_REWRITE, TEST_WRITE, "rwol.dat" },
	{ RC_READ, TEST_READ, "rol.dat" }, { RC_REREAD, TEST_READ, "rrol.dat" },
};
#define RUNNER_NQFILES (sizeof(qfiles) / sizeof(qfiles[0]))

static int qfile_wanted(const struct options *o, size_t i)
{
	return o->latency_files && (options_tests(o) & (1u << qfiles[i].test));
}

/* -Q without --overwrite: refuse before anything is printed or written. */
static int check_qfiles(const struct options *o, char *err, size_t errlen)
{
	for (size_t i = 0; i < RUNNER_NQFILES && !o->overwrite; i++) {
		if (qfile_wanted(o, i) && plat_stat(qfiles[i].name, 0, NULL) != PLAT_NONE)
			return err_set(err, errlen, "-Q: '%s' exists already in the current "
				"directory; remove it or use --overwrite", qfiles[i].name);
	}
	return 0;
}

/*
 * -+E: the file must be there, regular and hold the largest file size of
 * the sweep; it is only ever opened read-only.
 */
static int check_existing(const struct options *o, char *err, size_t errlen)
{
	uint64_t size = 0, need_kb = largest_kb(o);
	enum plat_kind kind = io_stat_test_file(target(o), &size);

	if (kind == PLAT_NONE)
		return err_set(err, errlen, "-+E: cannot use '%s': %s", target(o),
			       strerror(errno));
	if (kind != PLAT_FILE)
		return err_set(err, errlen, "-+E: '%s' is not a regular file", target(o));
	if (size / 1024 < need_kb)
		return err_set(err, errlen, "-+E: '%s' holds %llu kB, less than the "
			"largest file size of the sweep, %llu kB", target(o),
			(unsigned long long)(size / 1024), (unsigned long long)need_kb);
	return 0;
}

/* -U: a mount point this run can cycle, holding the test file. */
static int check_remount(const struct options *o, char *err, size_t errlen)
{
	struct plat_mount *m;
	int rc;

	if (clients_count() > 1)
		return err_set(err, errlen, "-U: not with several clients (each "
			       "would unmount the file system under the others)");
	if (!(m = malloc(sizeof(*m))))
		return err_set(err, errlen, "-U: out of memory");
	/* one cycle now, so a busy or unmountable file system stops the
	   run before anything is written or printed */
	rc = plat_remount_prepare(o->remount_dir, target(o), m, err, errlen) != 0 ||
		plat_remount(m, err, errlen) != 0 ? -1 : 0;
	free(m);
	return rc;
}

int runner_check(const struct options *o, char *err, size_t errlen)
{
	const char *path = target(o);
	char dir[4096];
	uint64_t free_bytes = 0, need_kb = largest_kb(o);

	/* -+V: every client's region is in the one file the leader makes */
	if (o->share_file && !clients_leader())
		return 0;
	if (o->share_file)
		need_kb *= (uint64_t)clients_count();
	if (o->remount_dir && check_remount(o, err, errlen) != 0)
		return -1;
	if (o->existing)
		return check_qfiles(o, err, errlen) != 0 ? -1 :
			check_existing(o, err, errlen);
	io_dir_of(path, dir, sizeof(dir));
	if (check_qfiles(o, err, errlen) != 0 ||
	    (o->cold && io_can_drop_cache(err, errlen) != 0) ||
	    io_check_dir(dir, &free_bytes, err, errlen) != 0)
		return -1;
	if (!o->force && free_bytes / 1024 < need_kb)
		return err_set(err, errlen, "not enough free space in '%s' for a %llu kB "
			"test file: %llu kB free (use --force to run anyway)", dir,
			(unsigned long long)need_kb,
			(unsigned long long)(free_bytes / 1024));
	return 0;
}

int runner_prepare(const struct options *o, char *err, size_t errlen)
{
	if (runner_check(o, err, errlen) != 0)
		return -1;
	if ((o->share_file && !clients_leader()) || o->existing)
		return 0;
	return io_create(target(o), !o->overwrite ? IO_CREATE_NEW : o->no_truncate ?
			 IO_CREATE_KEEP : IO_CREATE_TRUNCATE, err, errlen);
}

int runner_space_note(const struct options *o, char *note, size_t notelen)
{
	char dir[4096], err[IOSWEEP_ERR_MAX];
	uint64_t free_bytes = 0;

	if (o->existing)
		return 0;
	io_dir_of(target(o), dir, sizeof(dir));
	if (io_check_dir(dir, &free_bytes, err, sizeof(err)) != 0 ||
	    free_bytes != IO_FREE_UNKNOWN)
		return 0;
	snprintf(note, notelen, "the free space in '%s' is not known (its file "
		 "system reports no sizes): not checked, so a full share shows "
		 "as an error during the run", dir);
	return 1;
}

int runner_cold_note(const struct options *o, const struct result_meta *m,
		     char *note, size_t notelen)
{
	enum mountinfo_kind kind = mountinfo_fs_kind(m->fs_type);

	if (!o->cold || kind == MOUNTINFO_LOCAL)
		return 0;
	snprintf(note, notelen, "--cold on %s: only this machine's page cache is "
		 "dropped before a read; %s and the server's cache cannot be "
		 "dropped from here, so these are not cold reads: a read may still "
		 "come from a cache (cache_served flags figures faster than the link)",
		 m->fs_type, kind == MOUNTINFO_FUSE ?
		 "whatever the FUSE daemon caches (FUSE gives no call to drop it)" :
		 "the network client's own caches");
	return 1;
}

void runner_abandon(const struct options *o)
{
	if (o->existing)	/* not ours */
		return;
	if (io_stat_test_file(target(o), NULL) == PLAT_FILE)
		io_remove_test_file(target(o));
}

/* ---- the state of one run ----------------------------------------------- */

struct run {
	const struct options *o;
	const struct sweep_plan *p;
	struct result_set *rs;
	const struct runner_hooks *h;
	volatile sig_atomic_t *stop;
	const struct tests_def *tests[TEST_COUNT];
	size_t ntests;
	int need_offsets;
	long *rs_cell;              /* plan cell -> result_set cell */
	struct tests_ctx ctx;       /* the fields that stay for the whole run */
	struct latency_hist lat;    /* --latency: the passes' working histogram */
	struct timeline_acc tl;     /* --log-interval: the passes' intervals */
	struct outfile qf[RUNNER_NQFILES]; /* -Q */
	struct outfile *qfile[RC_COUNT];   /* -Q: by column, NULL when none */
	struct plat_mount mnt;      /* -U */
	size_t done, total;         /* cell-trials */
	uint64_t done_kb, total_kb; /* for the estimate */
	uint64_t t_start;
	const char *cur_test;       /* for messages */
	char msg[IOSWEEP_ERR_MAX];
};

static const char *tests_label(const struct run *r)
{
	return r->cur_test ? r->cur_test : "setup";
}

/*
 * Add the cell to a message that names the call and the path; a wrong
 * byte (verify mode) names the trial too, or the warm-up pass before it.
 */
static int cell_error(struct run *r, const struct plan_cell *pc, char *err,
		      size_t errlen)
{
	const struct tests_ctx *c = &r->ctx;
	const char *hint = "";
	char trial[64] = "";

	if (r->o->direct && c->pass.err_errno == EINVAL)
		hint = "; with -I the record size must be a multiple of the "
		       "device's logical block size";
	if (c->pass.verify_failed)
		snprintf(trial, sizeof(trial), ", %strial %u of %u",
			 c->cell.record ? "" : "warm-up before ", c->cell.trial + 1u,
			 r->rs->trials);
	return err_set(err, errlen, "%s (cell %llu kB / %llu kB, test %s%s)%s", r->msg,
		(unsigned long long)pc->file_kb, (unsigned long long)pc->record_kb,
		tests_label(r), trial, hint);
}

static int interrupted(struct run *r, const struct plan_cell *pc, char *err,
		       size_t errlen)
{
	return err_set(err, errlen, "interrupted in cell %llu kB / %llu kB, test %s",
		(unsigned long long)pc->file_kb, (unsigned long long)pc->record_kb,
		tests_label(r));
}

static void report_progress(struct run *r, const struct plan_cell *cur)
{
	double eta = -1.0;

	if (!r->h || !r->h->progress)
		return;
	if (r->done_kb > 0) {
		double elapsed = (double)(clock_now_ns() - r->t_start) / 1e9;
		eta = elapsed * (double)(r->total_kb - r->done_kb) / (double)r->done_kb;
	}
	r->h->progress(r->h->ctx, r->done, r->total, cur, eta);
}

/* The sizes of cell pc in c; the buffers are the run's (run_buffers). */
static void cell_sizes(struct tests_ctx *c, const struct plan_cell *pc)
{
	c->cell.file_kb = pc->file_kb;
	c->cell.reclen = pc->record_kb * 1024;
	c->cell.numrecs = c->cell.reclen ? pc->file_kb * 1024 / c->cell.reclen : 0;
	c->cell.nvec = tests_vec_count(c->cell.numrecs, c->cell.reclen);
	c->cell.wlen = tests_wbuf_len(c->cell.reclen, c->cell.nvec, c->one_window);
	c->cell.wpos = 0;
}

static size_t max_size(size_t a, size_t b)
{
	return a > b ? a : b;
}

static void run_buffers_free(struct tests_ctx *c)
{
	io_free(c->bufs.buf);
	io_free(c->bufs.wbuf);
	io_free(c->bufs.offsets);
	io_free(c->bufs.op_ns);
	c->bufs.buf = NULL;
	c->bufs.wbuf = NULL;
	c->bufs.offsets = NULL;
	c->bufs.op_ns = NULL;
}

/*
 * The buffers of the whole run, sized for its largest cell, the write
 * buffer filled with the data pattern once, before any timing.  A cell
 * uses the first wlen bytes of wbuf: the pattern is one stream from the
 * start, so every prefix is what a buffer of that size would hold.  No
 * cell allocates, fills or frees anything, and io_alloc's buffers go
 * back to the system when the run ends.
 */
static int run_buffers(struct run *r, char *err, size_t errlen)
{
	struct tests_ctx *c = &r->ctx;
	size_t blen = 1, wlen = 1, nrecs = 1;

	for (size_t i = 0; i < r->p->ncells; i++) {
		if (r->p->cells[i].placeholder)
			continue;
		cell_sizes(c, &r->p->cells[i]);
		blen = max_size(blen, c->cell.nvec * (size_t)c->cell.reclen);
		wlen = max_size(wlen, c->cell.wlen);
		nrecs = max_size(nrecs, (size_t)c->cell.numrecs);
	}
	if (c->o->multi_buffer) {	/* -m: the work area, whatever the cells */
		blen = max_size(blen, TESTS_MULTI_BYTES);
		wlen = max_size(wlen, TESTS_MULTI_BYTES);
	}
	c->bufs.buf = io_alloc(blen);
	c->bufs.wbuf = io_alloc(wlen);
	if (r->need_offsets)
		c->bufs.offsets = io_alloc(nrecs * sizeof(uint64_t));
	if (r->o->latency_files)
		c->bufs.op_ns = io_alloc(nrecs * sizeof(uint64_t));
	if (!c->bufs.buf || !c->bufs.wbuf || (r->need_offsets && !c->bufs.offsets) ||
	    (r->o->latency_files && !c->bufs.op_ns)) {
		err_set(err, errlen, "out of memory for the I/O buffers (%zu kB "
			"and %zu kB)", blen / 1024, wlen / 1024);
		run_buffers_free(c);
		return -1;
	}
	tests_fill_wbuf(c, wlen);
	return 0;
}

/*
 * IOzone removes the file before each write test (unless -+N), so every
 * cell starts without one; emptying it is the same for every test and
 * keeps it ours.  -+N and -+E leave it as it is.
 */
static int empty_file(struct run *r)
{
	int fd;

	if (r->o->existing || r->o->no_truncate)	/* -+E: not ours; -+N */
		return 0;
	fd = io_open(r->ctx.path, O_WRONLY | O_TRUNC, NULL, r->msg, sizeof(r->msg));
	if (fd < 0)
		return -1;
	return io_close(fd, r->ctx.path, r->msg, sizeof(r->msg));
}

/*
 * A cell-trial that did not finish (error or signal): the samples of its
 * passes that did finish stay in the set but are flagged partial, so
 * results.csv shows the cell as partial and no statistic counts them.
 */
static void mark_partial(struct run *r)
{
	struct result_set *rs = r->rs;
	const struct tests_ctx *c = &r->ctx;

	for (size_t i = 0; i < rs->nsamples; i++) {
		struct result_sample *s = &rs->samples[i];
		if (s->cell == c->cell.index && s->trial == c->cell.trial)
			s->flags |= RESULTS_SF_PARTIAL;
	}
}

/* One visit of a cell: warm-up rounds, then the recorded tests. */
static int run_cell(struct run *r, size_t pi, unsigned trial, char *err,
		    size_t errlen)
{
	const struct plan_cell *pc = &r->p->cells[pi];
	struct tests_ctx *c = &r->ctx;
	int rc = TESTS_OK;

	c->cell.index = (uint32_t)r->rs_cell[pi];
	c->cell.trial = (uint16_t)trial;
	if (r->h && r->h->trial_saved &&
	    r->h->trial_saved(r->h->ctx, r->rs, c->cell.index, trial)) {
		/* finished by an earlier run (resume): its samples are in rs */
		r->done++;
		r->total_kb -= pc->file_kb;
		return 0;
	}
	r->cur_test = NULL;
	report_progress(r, pc);
	cell_sizes(c, pc);
	c->pass.err_errno = 0;
	if (empty_file(r) != 0) {
		c->pass.err_errno = errno;
		return cell_error(r, pc, err, errlen);
	}
	for (unsigned w = 0; w <= r->o->warmup && rc == TESTS_OK; w++) {
		c->cell.record = (w == r->o->warmup);
		for (size_t t = 0; t < r->ntests && rc == TESTS_OK; t++) {
			char op[128];
			r->cur_test = tests_name(r->tests[t]);
			snprintf(op, sizeof(op), "test %s, cell %llu kB / %llu kB",
				 r->cur_test, (unsigned long long)pc->file_kb,
				 (unsigned long long)pc->record_kb);
			watchdog_set_op(op);   /* outside the timed passes */
			rc = tests_run(r->tests[t], c);
		}
	}
	if (rc != TESTS_OK)
		mark_partial(r);
	if (rc == TESTS_STOPPED)
		return interrupted(r, pc, err, errlen);
	if (rc != TESTS_OK)
		return cell_error(r, pc, err, errlen);
	r->done++;
	r->done_kb += pc->file_kb;
	if (r->h && r->h->trial_done)
		r->h->trial_done(r->h->ctx, r->rs, c->cell.index, trial);
	return 0;
}

/* Many clients: the leader aggregates the cell first (clients.h). */
static int cell_finished(struct run *r, size_t pi)
{
	if (clients_cell_done(r->rs, (size_t)r->rs_cell[pi]) != 0)
		return -1;
	if (r->h && r->h->cell_done)
		r->h->cell_done(r->h->ctx, r->rs, (size_t)r->rs_cell[pi]);
	return 0;
}

static int sweep_cells(struct run *r, char *err, size_t errlen)
{
	const struct sweep_plan *p = r->p;
	unsigned trials = r->rs->trials;

	if (r->o->order == OPTIONS_ORDER_SWEEP) {
		for (unsigned t = 0; t < trials; t++)
			for (size_t i = 0; i < p->ncells; i++)
				if (!p->cells[i].placeholder &&
				    run_cell(r, i, t, err, errlen) != 0)
					return -1;
		for (size_t i = 0; i < p->ncells; i++)
			if (!p->cells[i].placeholder && cell_finished(r, i) != 0)
				return -1;
		return 0;
	}
	for (size_t i = 0; i < p->ncells; i++) {
		if (p->cells[i].placeholder)
			continue;
		for (unsigned t = 0; t < trials; t++) {
			if (run_cell(r, i, t, err, errlen) != 0)
				return -1;
			/* --ci: stop once every test of the cell agrees well enough */
			if (r->o->ci_target > 0.0 && t + 1 < trials &&
			    adaptive_cell_done(r->rs, (size_t)r->rs_cell[i], r->o->ci_target)) {
				r->total -= trials - t - 1;
				r->total_kb -= p->cells[i].file_kb * (trials - t - 1);
				break;
			}
		}
		if (cell_finished(r, i) != 0)
			return -1;
	}
	return 0;
}

/* The selected tests with a row in the table, in IOzone's order. */
static int select_tests(struct run *r, char *err, size_t errlen)
{
	unsigned mask = options_tests(r->o);

	for (int n = 0; n < TEST_COUNT; n++) {
		const struct tests_def *t;
		if (!(mask & (1u << n)))
			continue;
		t = options_qd(r->o) ? qd_find(n, r->o) : tests_find(n);
		if (!t)
			continue;	/* test 8 (mix) does nothing in one stream */
		if ((n == TEST_PWRITEV || n == TEST_PREADV) && !io_have_vectored())
			return err_set(err, errlen, "-i %d: %s is not available on this "
				"platform", n, tests_name(t));
		if (t->prepare)
			r->need_offsets = 1;
		r->tests[r->ntests++] = t;
	}
	return 0;
}

static unsigned meta_flags(const struct options *o)
{
	unsigned f = 0;

	f |= o->direct ? RESULTS_F_DIRECT : 0;
	f |= o->include_fsync ? RESULTS_F_FSYNC : 0;
	f |= o->include_close ? RESULTS_F_CLOSE : 0;
	f |= o->osync ? RESULTS_F_OSYNC : 0;
	f |= o->odsync ? RESULTS_F_ODSYNC : 0;
	f |= o->orsync ? RESULTS_F_ORSYNC : 0;
	f |= o->no_retest ? RESULTS_F_NORETEST : 0;
	f |= o->cpu_util ? RESULTS_F_CPU : 0;
	f |= o->cold ? RESULTS_F_COLD : 0;
	f |= o->stonewall ? RESULTS_F_STONEWALL : 0;
	f |= o->verify ? RESULTS_F_VERIFY : 0;
	f |= o->diag ? RESULTS_F_DIAG : 0;
	f |= options_mmap(o) ? RESULTS_F_MMAP : 0;
	f |= o->msync_async ? RESULTS_F_MSYNC_ASYNC : 0;
	f |= o->msync_sync ? RESULTS_F_MSYNC_SYNC : 0;
	f |= o->mmap_mix ? RESULTS_F_MMAP_MIX : 0;
	f |= o->short_circuit ? RESULTS_F_SHORT : 0;
	return f;
}

/* The smallest record the run writes, in bytes (IOzone's default 4 kB). */
static size_t smallest_record(const struct options *o)
{
	uint64_t kb = o->auto_mode && o->min_rec_kb ? o->min_rec_kb : 4;

	for (size_t i = 0; i < o->nrecords; i++)
		if (i == 0 || o->records_kb[i] < kb)
			kb = o->records_kb[i];
	return (size_t)kb * 1024;
}

/*
 * Verify mode's data (verify.h) as the first RUNNER_PROBE_BYTES of a
 * file hold it: its zlib ratio.
 */
static double verify_ratio(const struct verify *base)
{
	struct verify v;
	unsigned char *buf = io_alloc(RUNNER_PROBE_BYTES);
	double ratio;

	if (!buf)
		return -1.0;
	verify_for_writer(&v, base, 0);
	verify_fill(&v, buf, RUNNER_PROBE_BYTES, 0);
	ratio = pattern_compress_ratio(buf, RUNNER_PROBE_BYTES);
	io_free(buf);
	return ratio;
}

/*
 * Shaped data, measured as the writers build it (shape_measure()): the
 * smallest record of the run, the largest file, and two files when
 * throughput mode runs two children or more.  Outside every timing.
 */
static int shape_meta(const struct options *o, const struct verify *v,
		      struct result_set *rs)
{
	struct shape s = v->shape;
	struct shape_measured m;
	unsigned counts[OPTIONS_MAX_LIST], nfiles = 1;
	size_t n = options_child_counts(o, counts, OPTIONS_MAX_LIST);
	uint64_t granule = o->granule_bytes ? o->granule_bytes :
			   OPTIONS_DEFAULT_GRANULE;

	for (size_t i = 0; i < n; i++)
		if (counts[i] > 1)
			nfiles = 2;
	s.reclen = smallest_record(o);
	if (shape_measure(&s, largest_kb(o) * 1024, nfiles, (size_t)granule, &m) != 0)
		return -1;
	rs->meta.data_compress_ratio = m.zlib > 0 ? m.zlib : 0;
	rs->meta.dedup_granule = granule;
	if (m.dedup_ratio > 0) {
		rs->meta.data_dedup_ratio = m.dedup_ratio;
		rs->meta.data_dedup_bytes = granule;
	}
	rs->meta.dedup_within = m.within;
	rs->meta.dedup_across = m.across;
	rs->meta.dedup_probe_bytes = m.probe_bytes;
	rs->meta.dedup_files = m.nfiles;
	return 0;
}

int runner_describe(const struct options *o, struct result_set *rs,
		    char *err, size_t errlen)
{
	char desc[64];
	unsigned char *wbuf;
	size_t span, wlen;
	int one_window = o->data == OPTIONS_DATA_ZERO;
	size_t grid = one_window ? 0 : pattern_tag_grid(o->data, o->data_ratio);
	struct verify v;

	rs->meta.timer_resolution_s = clock_resolution_s();
	rs->meta.flags |= meta_flags(o);
	verify_from_options(&v, o);
	if (v.mode != VERIFY_OFF)
		verify_describe(&v, desc, sizeof(desc));
	else
		pattern_describe(o->data, o->data_ratio, desc, sizeof(desc));
	if (results_set_str(&rs->meta.data_pattern, desc) != 0 ||
	    results_set_str(&rs->meta.target_path, target(o)) != 0)
		goto nomem;
	if (options_qd(o) && qd_meta(o, &rs->meta) != 0)
		goto nomem;
	if (v.mode == VERIFY_SHAPE) {
		if (shape_meta(o, &v, rs) != 0)
			goto nomem;
		return 0;
	}
	if (v.mode != VERIFY_OFF) {
		rs->meta.data_compress_ratio = verify_ratio(&v);
		if (rs->meta.data_compress_ratio < 0)
			goto nomem;
		return 0;
	}
	/*
	 * What a writer sends: a write buffer filled as the run fills it,
	 * walked in windows of the smallest record (the most windows, so the
	 * most chances to repeat), as tests.c and throughput.c walk it.  The
	 * first RUNNER_PROBE_BYTES of that stream go through zlib: it passes
	 * a wrap of the walk, and the pattern is stationary, so more would
	 * compress alike and cost time and memory.
	 */
	span = smallest_record(o);
	wlen = pattern_buffer_len(span, one_window);
	wbuf = io_alloc(wlen);
	if (!wbuf)
		goto nomem;
	pattern_fill(wbuf, wlen, o->data, o->data_ratio, RUNNER_SEED);
	rs->meta.data_compress_ratio = pattern_stream_ratio(wbuf, wlen, span,
							    one_window, grid,
							    RUNNER_PROBE_BYTES);
	if (rs->meta.data_compress_ratio < 0)
		rs->meta.data_compress_ratio = 0;
	io_free(wbuf);
	/* the tags (pattern.h): no block of grid bytes or more sent twice */
	rs->meta.data_unique_bytes = grid;
	if (grid) {
		rs->meta.data_dedup_ratio = 1.0;
		rs->meta.data_dedup_bytes = grid;
	}
	return 0;
nomem:
	return err_set(err, errlen, "out of memory describing the run");
}

/* The cells and the record axis; the meta fields unless described already. */
static int fill_set(struct run *r, char *err, size_t errlen)
{
	const struct options *o = r->o;
	struct result_set *rs = r->rs;

	for (size_t i = 0; i < r->p->ncells; i++) {
		const struct plan_cell *pc = &r->p->cells[i];
		r->rs_cell[i] = results_add_cell(rs, pc->file_kb, pc->record_kb,
						 pc->placeholder);
		if (r->rs_cell[i] < 0)
			goto nomem;
		if (!pc->placeholder) {
			r->total += options_trials(o);
			r->total_kb += pc->file_kb * options_trials(o);
		}
	}
	rs->trials = options_trials(o);
	if (r->p->nrecord_axis &&
	    results_set_record_axis(rs, r->p->record_axis, r->p->nrecord_axis) != 0)
		goto nomem;
	if (!rs->meta.data_pattern)
		return runner_describe(o, rs, err, errlen);
	return 0;
nomem:
	return err_set(err, errlen, "out of memory building the result set");
}

/* -Q: open IOzone's files with their header line. */
static int open_qfiles(struct run *r, char *err, size_t errlen)
{
	for (size_t i = 0; i < RUNNER_NQFILES; i++) {
		if (!qfile_wanted(r->o, i))
			continue;
		if (outfile_open(&r->qf[i], qfiles[i].name, 0, r->o->overwrite, err,
				 errlen) != 0) {
			for (size_t k = 0; k < i; k++)
				if (r->qfile[qfiles[k].col])
					outfile_abort(&r->qf[k]);
			memset(r->qfile, 0, sizeof(r->qfile));
			return -1;
		}
		r->qfile[qfiles[i].col] = &r->qf[i];
		outfile_printf(&r->qf[i], "Offset in kBytes   Latency in microseconds  "
			       "Transfer size in bytes\n");
	}
	r->ctx.qfile = r->qfile;
	return 0;
}

/*
 * -Q: put the files in place, also after an error or an interruption (the
 * rows of finished passes are real).  With err NULL a failure is not
 * reported (the run failed already).  0 or -1.
 */
static int close_qfiles(struct run *r, char *err, size_t errlen)
{
	char msg[IOSWEEP_ERR_MAX];
	int rc = 0;

	for (size_t i = 0; i < RUNNER_NQFILES; i++) {
		if (!r->qfile[qfiles[i].col])
			continue;
		if (outfile_commit(&r->qf[i], msg, sizeof(msg)) != 0 && rc == 0) {
			rc = -1;
			if (err)
				err_set(err, errlen, "-Q: %s", msg);
		}
		r->qfile[qfiles[i].col] = NULL;
	}
	return err ? rc : 0;
}

/* The file must be there (runner_prepare) and be one we may use. */
static int ensure_file(const struct options *o, char *err, size_t errlen)
{
	uint64_t size = 0;
	enum plat_kind kind;

	if (o->existing)
		return check_existing(o, err, errlen);
	kind = io_stat_test_file(target(o), &size);
	if (kind == PLAT_NONE) {
		if (errno != ENOENT)
			return err_set(err, errlen, "cannot use '%s': %s", target(o),
				strerror(errno));
		return runner_prepare(o, err, errlen);
	}
	if (kind != PLAT_FILE)
		return err_set(err, errlen, "'%s' is not a regular file; -f must name a "
			"file iosweep may create and remove", target(o));
	if (size != 0 && !o->overwrite) {
		return err_set(err, errlen, "'%s' exists already; remove it, choose "
			"another -f, or use --overwrite", target(o));
	}
	return 0;
}

/*
 * The cell context of run r from its options: what every pass reads
 * (tests_ctx.h), set once before the first cell.
 */
static void ctx_init(struct run *r)
{
	const struct options *o = r->o;
	const struct runner_hooks *h = r->h;
	struct result_set *rs = r->rs;
	struct tests_ctx *c = &r->ctx;

	c->o = o;
	c->path = target(o);
	c->mode.direct = o->direct;
	c->mode.osync = o->osync;
	c->mode.odsync = o->odsync;
	c->mode.orsync = o->orsync;
	c->cache_unseen = mountinfo_fs_kind(rs->meta.fs_type) != MOUNTINFO_LOCAL;
	c->advise = o->advise_given ? (int)o->advise : -1;
	c->pass.lock_fd = -1;
	verify_from_options(&c->vfy_base, o);
	c->one_window = o->data == OPTIONS_DATA_ZERO || c->vfy_base.mode != VERIFY_OFF;
	c->wgrid = c->one_window ? 0 : pattern_tag_grid(o->data, o->data_ratio);
	c->rs = rs;
	c->client = clients_rank();
	/* each client its own pattern: no client's file holds another's blocks */
	c->wseed = RUNNER_SEED + (uint64_t)c->client * 0x9e3779b97f4a7c15ull;
	c->read_path = clients_read_path(&c->read_writer);
	c->stop = r->stop;
	if (h && h->sample_done) {
		c->sample_done = h->sample_done;
		c->sample_ctx = h->ctx;
	}
	c->err = r->msg;
	c->errlen = sizeof(r->msg);
}

int runner_run(const struct options *o, const struct sweep_plan *p,
	       struct result_set *rs, const struct runner_hooks *h,
	       volatile sig_atomic_t *stop, char *err, size_t errlen)
{
	static volatile sig_atomic_t never;
	struct run r;
	struct tests_ctx *c = &r.ctx;
	int rc = -1, have_file = 0;

	memset(&r, 0, sizeof(r));
	r.o = o;
	r.p = p;
	r.rs = rs;
	r.h = h;
	r.stop = stop ? stop : &never;
	r.rs_cell = calloc(p->ncells ? p->ncells : 1, sizeof(long));
	if (!r.rs_cell) {
		err_set(err, errlen, "out of memory building the result set");
		return clients_run_end(rs, -1, r.stop, err, errlen);
	}
	ctx_init(&r);
	if (fill_set(&r, err, errlen) != 0 || select_tests(&r, err, errlen) != 0 ||
	    io_mode_flags(&c->mode, &c->open_flags, err, errlen) != 0)
		goto out;
	c->bufs.purge_bytes = o->cache_kb ? (size_t)o->cache_kb * 1024 : TESTS_PURGE_BYTES;
	c->bufs.purge_step = o->cache_line_bytes ? o->cache_line_bytes : TESTS_PURGE_STEP;
	if (o->purge_cpu && !(c->bufs.purge_buf = malloc(c->bufs.purge_bytes))) {
		err_set(err, errlen, "-p: out of memory for the cache purge buffer");
		goto out;
	}
	if ((o->latency || o->latency_files) && latency_init(&r.lat) != 0) {
		err_set(err, errlen, "--latency: out of memory for the histogram");
		goto out;
	}
	c->lat_work = r.lat.counts ? &r.lat : NULL;
	if (options_timeline_interval_ms(o) &&
	    timeline_acc_init(&r.tl, options_timeline_interval_ms(o) * 1000000u) != 0) {
		err_set(err, errlen, "--log-interval: out of memory for the timeline");
		goto out;
	}
	c->tl_work = r.tl.rows ? &r.tl : NULL;
	c->timeline = &rs->timeline;
	rs->timeline.interval_ns = options_timeline_interval_ms(o) * 1000000u;
	if (options_qd(o) && qd_attach(c, err, errlen) != 0)
		goto out;
	if (run_buffers(&r, err, errlen) != 0 || ensure_file(o, err, errlen) != 0)
		goto out;
	have_file = 1;
	if (o->remount_dir && plat_remount_prepare(o->remount_dir, c->path,
						   &r.mnt, err, errlen) != 0)
		goto out;
	c->remount = o->remount_dir ? &r.mnt : NULL;
	if (open_qfiles(&r, err, errlen) != 0)
		goto out;
	r.t_start = clock_now_ns();
	rc = sweep_cells(&r, err, errlen);
	if (rc == 0) {
		r.cur_test = NULL;
		report_progress(&r, NULL);
	}
out:
	/* -U left the file system unmounted: the file is out of reach */
	if (have_file && c->remount && c->remount->unmounted) {
		size_t used = strlen(err);
		if (!o->keep_file && !o->existing)
			snprintf(err + used, errlen - used, "; then remove the test "
				 "file '%s'", c->path);
		have_file = 0;
	}
	/* -+V: the leader removes the shared file (after the last barrier) */
	if (have_file && !o->keep_file && !o->existing &&
	    (!c->o->share_file || clients_leader()) && io_remove_test_file(c->path) != 0 &&
	    rc == 0) {
		err_set(err, errlen, "cannot remove '%s': %s", c->path,
			strerror(errno));
		rc = -1;
	}
	if (close_qfiles(&r, rc == 0 ? err : NULL, errlen) != 0)
		rc = -1;
	qd_detach(c);
	rc = clients_run_end(rs, rc, r.stop, err, errlen);
	latency_release(&r.lat);
	timeline_acc_release(&r.tl);
	run_buffers_free(c);
	free(c->bufs.purge_buf);
	free(r.rs_cell);
	return rc;
}
