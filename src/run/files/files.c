/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * files.c: the small-file workload's passes (files.h): the tree made,
 * used and removed by N worker threads, one phase at a time.
 *
 * The main thread is the conductor.  The phases become a list of steps
 * (mkdir and rmdir have one per level, because a shared tree's children
 * need their parents and its parents need their children gone); before
 * each step every worker arrives at that step's one-shot gate
 * (platform.h), and the conductor, once all have arrived, reads the
 * clock, which ends the previous step and starts this one, and opens the
 * gate: "go" while nothing failed and no stop was asked, else "give up",
 * and every worker returns.  A phase's figure for all jobs is therefore
 * barrier to barrier: the time the slowest job needed.  Each worker
 * times its own calls (the latencies and fileop.h's best and worst) and
 * its own span of each step.  A failing call's message lands in its
 * worker's buffer and sets the shared abort flag, which every worker
 * looks at between calls.
 *
 * Many clients (files.h): the conductor's step boundary is also every
 * client's barrier (clients_pass_start, a flag call), made once its own
 * workers have arrived; a client whose own run failed or was stopped
 * makes no more such calls and returns, and the end of the run
 * (clients_run_end) tells the others.
 */
#include "compat.h"

#include <errno.h>
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clients/clients.h"
#include "iosweep.h"
#include "lib/err.h"
#include "options/options.h"
#include "platform/clock.h"
#include "platform/platform.h"
#include "run/files/files.h"
#include "run/data/pattern.h"

static const char *const op_names[FILES_NOPS] = {
	[FILES_MKDIR] = "mkdir", [FILES_CREATE] = "create", [FILES_STAT] = "stat",
	[FILES_READDIR] = "readdir", [FILES_READ] = "read", [FILES_CHMOD] = "chmod",
	[FILES_XATTR_SET] = "xattr-set", [FILES_XATTR_GET] = "xattr-get",
	[FILES_RENAME] = "rename", [FILES_UNLINK] = "unlink", [FILES_RMDIR] = "rmdir",
};

const char *files_op_name(enum files_op op)
{
	return (unsigned)op < FILES_NOPS ? op_names[op] : "?";
}

/* Writes and reads move at most this much per call. */
#define CHUNK (1u << 20)
#define XATTR_NAME "iosweep"
#define XATTR_LEN 16u

/* ---- results --------------------------------------------------------------- */

static int phase_init(struct files_phase *p)
{
	memset(p, 0, sizeof(*p));
	fileop_stat_clear(&p->call);
	return latency_init(&p->hist);
}

static void phase_clear(struct files_phase *p)
{
	struct latency_hist h = p->hist;

	latency_clear(&h);
	memset(p, 0, sizeof(*p));
	fileop_stat_clear(&p->call);
	p->hist = h;
}

int files_result_init(struct files_result *r, unsigned jobs)
{
	int rc = 0;

	memset(r, 0, sizeof(*r));
	r->job = calloc((size_t)jobs * FILES_NOPS, sizeof(*r->job));
	if (!r->job)
		return -1;
	r->jobs = jobs;
	for (unsigned op = 0; op < FILES_NOPS; op++)
		rc |= phase_init(&r->all[op]);
	for (size_t i = 0; i < (size_t)jobs * FILES_NOPS; i++)
		rc |= phase_init(&r->job[i]);
	return rc ? -1 : 0;
}

void files_result_release(struct files_result *r)
{
	for (unsigned op = 0; op < FILES_NOPS; op++)
		latency_release(&r->all[op].hist);
	for (size_t i = 0; r->job && i < (size_t)r->jobs * FILES_NOPS; i++)
		latency_release(&r->job[i].hist);
	free(r->job);
	memset(r, 0, sizeof(*r));
}

static void result_clear(struct files_result *r)
{
	for (unsigned op = 0; op < FILES_NOPS; op++)
		phase_clear(&r->all[op]);
	for (size_t i = 0; i < (size_t)r->jobs * FILES_NOPS; i++)
		phase_clear(&r->job[i]);
}

/* ---- names ----------------------------------------------------------------- */

/*
 * The tree job of client rank works in: ROOT/job<J> or ROOT/shared; many
 * clients: ROOT/rank<R>/job<J> or ROOT/shared.
 */
static int tree_path(const struct files_run *r, unsigned rank, unsigned job, char *out,
		     size_t len)
{
	int n = r->cfg.shared ? snprintf(out, len, "%s/shared", r->root)
		: r->cfg.ranks ? snprintf(out, len, "%s/rank%u/job%u", r->root, rank, job)
		: snprintf(out, len, "%s/job%u", r->root, job);
	return n < 0 || (size_t)n >= len ? -1 : n;
}

/* Directory k of level lev (1..depth; 0: the tree itself) after the tree's path. */
static int dir_path(const struct files_run *r, unsigned rank, unsigned job, unsigned lev,
		    uint64_t k, char *out, size_t len)
{
	unsigned w = r->cfg.spec.width;
	int at = tree_path(r, rank, job, out, len);

	for (unsigned m = 1; at >= 0 && m <= lev; m++) {
		uint64_t idx = k / files_level_dirs(w, lev - m) % w;
		int n = snprintf(out + at, len - (size_t)at, "/d%llu", (unsigned long long)idx);
		at = n < 0 || (size_t)n >= len - (size_t)at ? -1 : at + n;
	}
	return at;
}

static uint64_t leaves_of(const struct files_run *r)
{
	return files_tree_leaves(r->cfg.spec.depth, r->cfg.spec.width);
}

/* File i's path (client rank's in a shared tree: r<R>-f<I>); renamed: with ".r". */
static int file_path(const struct files_run *r, unsigned rank, unsigned job, uint64_t i,
		     int renamed, char *out, size_t len)
{
	int at = dir_path(r, rank, job, r->cfg.spec.depth, i % leaves_of(r), out, len);
	int n;

	if (at < 0)
		return -1;
	if (r->cfg.ranks && r->cfg.shared)
		n = snprintf(out + at, len - (size_t)at, "/r%u-f%llu%s", rank,
			     (unsigned long long)i, renamed ? ".r" : "");
	else
		n = snprintf(out + at, len - (size_t)at, "/f%llu%s", (unsigned long long)i,
			     renamed ? ".r" : "");
	return n < 0 || (size_t)n >= len - (size_t)at ? -1 : 0;
}

/* File i's size: its own draw, so it does not depend on the jobs. */
static uint64_t file_size(const struct files_run *r, uint64_t i)
{
	const struct files_spec *s = &r->cfg.spec;
	uint64_t state = r->cfg.seed ^ (i * 0x9e3779b97f4a7c15ull);
	double v = (double)files_dist_draw(&s->cls[files_spec_class_of(s, i)].size, &state);

	v = floor(v * s->size_factor + 0.5);
	return v >= (double)FILES_MAX_FILE_BYTES ? FILES_MAX_FILE_BYTES : (uint64_t)v;
}

/* ---- the steps -------------------------------------------------------------- */

struct step {
	enum files_op op;
	unsigned level;      /* mkdir, rmdir */
	int drop;            /* --cold: drop the files' pages (untimed) */
};

#define MAX_STEPS (2 * FILES_MAX_DEPTH + FILES_NOPS + 1)

static size_t plan_steps(const struct files_run *r, struct step *s)
{
	size_t n = 0;
	unsigned d = r->cfg.spec.depth;

	for (unsigned l = 1; l <= d; l++)
		s[n++] = (struct step){ .op = FILES_MKDIR, .level = l };
	s[n++] = (struct step){ .op = FILES_CREATE };
	s[n++] = (struct step){ .op = FILES_STAT };
	s[n++] = (struct step){ .op = FILES_READDIR };
	if (r->cfg.cold)
		s[n++] = (struct step){ .op = FILES_READ, .drop = 1 };
	s[n++] = (struct step){ .op = FILES_READ };
	s[n++] = (struct step){ .op = FILES_CHMOD };
	if (r->xattr) {
		s[n++] = (struct step){ .op = FILES_XATTR_SET };
		s[n++] = (struct step){ .op = FILES_XATTR_GET };
	}
	if (!r->cfg.keep) {
		s[n++] = (struct step){ .op = FILES_RENAME };
		s[n++] = (struct step){ .op = FILES_UNLINK };
		for (unsigned l = d; l >= 1; l--)
			s[n++] = (struct step){ .op = FILES_RMDIR, .level = l };
	}
	return n;
}

struct conductor {
	struct files_run *run;
	int peer_stop;               /* many clients: another client stopped the run */
	struct files_result *res;
	struct step steps[MAX_STEPS];
	size_t nsteps;
	struct plat_gate *gate[MAX_STEPS + 1];
	const volatile sig_atomic_t *stop;
	atomic_int abort;
};

struct worker {
	struct conductor *c;
	unsigned job;
	unsigned char *rbuf;         /* CHUNK bytes to read into */
	unsigned char *data;         /* this job's pattern: run->buflen bytes */
	size_t pos;                  /* where the next write's bytes start in it */
	uint64_t tag;                /* its next tag number (pattern.h) */
	char path[4096], path2[4096];
	char err[IOSWEEP_ERR_MAX];
};

static int fail(struct worker *w, const char *what, const char *path)
{
	int e = errno;

	err_set(w->err, sizeof(w->err), "cannot %s '%s': %s", what, path, strerror(e));
	atomic_store(&w->c->abort, 1);
	return -1;
}

static int halted(struct worker *w)
{
	return *w->c->stop || atomic_load(&w->c->abort);
}

/* The read-only phases, which --reorder points at another client's files. */
static int read_only(enum files_op op)
{
	return op == FILES_STAT || op == FILES_READDIR || op == FILES_READ ||
	       op == FILES_XATTR_GET;
}

/* The client whose files and leaves step s works on (0 with one client). */
static unsigned owner_of(const struct files_run *r, const struct step *s)
{
	if (!r->cfg.ranks)
		return 0;
	if (r->cfg.reorder && r->cfg.ranks > 1 && read_only(s->op))
		return (r->cfg.rank + 1) % r->cfg.ranks;
	return r->cfg.rank;
}

static void count(struct files_phase *p, uint64_t t0, uint64_t files, uint64_t bytes)
{
	uint64_t ns = clock_now_ns() - t0;

	fileop_stat_add(&p->call, ns);
	latency_add(&p->hist, ns);
	p->files += files;
	p->bytes += bytes;
}

/*
 * The pattern (pattern.h) as one stream across a job's files: each write
 * takes the bytes after the previous one's, back to the start once fewer
 * than CHUNK bytes are left, so no file repeats another's bytes within
 * the buffer's PATTERN_WINDOW_SLACK (1 MiB) of unbroken stream, and each
 * write's tags (pattern.h), each job's and pass's own, make every
 * 512-byte block of every file unique; with --data zero the buffer is
 * CHUNK zeros, always from its start.
 */
static void next_bytes(struct worker *w, size_t n)
{
	const struct files_run *r = w->c->run;

	if (r->cfg.zero_data)
		return;
	w->pos += n;
	if (w->pos + CHUNK > r->buflen)
		w->pos = 0;
}

/*
 * File i (at w->path) created and written to its size from the pattern
 * (writing), or opened and read to its size; then closed: one timing.
 */
static int move_one(struct worker *w, uint64_t i, struct files_phase *p, int writing)
{
	uint64_t size = file_size(w->c->run, i), left = size, t0 = clock_now_ns();
	int fd = writing ? plat_create_fd(w->path) : plat_open_read_fd(w->path), rc = 0;

	if (fd < 0)
		return fail(w, writing ? "create" : "open", w->path);
	while (left && rc == 0) {
		size_t n = left < CHUNK ? (size_t)left : CHUNK;
		if (writing) {
			/* tags on the file's 512-byte grid: no block repeats */
			if (!w->c->run->cfg.zero_data)
				pattern_tag(w->data + w->pos, n, PATTERN_TAG_GRID,
					    (size_t)((size - left) % PATTERN_TAG_GRID),
					    &w->tag);
			rc = io_full_write(fd, w->data + w->pos, n, w->path, w->err,
					   sizeof(w->err));
			next_bytes(w, n);
		} else {
			rc = io_full_read(fd, w->rbuf, n, w->path, w->err, sizeof(w->err));
		}
		left -= n;
	}
	if (rc == IO_EOF)
		err_set(w->err, sizeof(w->err), "'%s' is shorter than the %llu bytes "
			"written to it", w->path, (unsigned long long)size);
	if (rc != 0)
		plat_close_fd(fd);
	else
		rc = io_close(fd, w->path, w->err, sizeof(w->err));
	if (rc != 0) {
		atomic_store(&w->c->abort, 1);
		return -1;
	}
	count(p, t0, 1, size);
	return 0;
}

/* One call on file i (w->path holds its name, w->path2 its renamed name). */
static int file_op(struct worker *w, const struct step *s, uint64_t i, struct files_phase *p)
{
	unsigned char x[XATTR_LEN];
	uint64_t t0;
	long got;

	if (s->drop)
		return io_drop_cache(w->path, w->err, sizeof(w->err)) == 0 ? 0
			: (atomic_store(&w->c->abort, 1), -1);
	switch (s->op) {
	case FILES_CREATE:
	case FILES_READ:
		return move_one(w, i, p, s->op == FILES_CREATE);
	case FILES_STAT:
		t0 = clock_now_ns();
		if (plat_stat(w->path, 0, NULL) == PLAT_NONE)
			return fail(w, "stat", w->path);
		break;
	case FILES_CHMOD:
		t0 = clock_now_ns();
		if (plat_chmod(w->path, 0640) != 0)
			return fail(w, "chmod", w->path);
		break;
	case FILES_XATTR_SET:
		memset(x, (int)(i & 0xff), sizeof(x));
		t0 = clock_now_ns();
		if (plat_xattr_set(w->path, XATTR_NAME, x, sizeof(x)) != 0)
			return fail(w, "set an extended attribute of", w->path);
		break;
	case FILES_XATTR_GET:
		t0 = clock_now_ns();
		got = plat_xattr_get(w->path, XATTR_NAME, x, sizeof(x));
		if (got < 0)
			return fail(w, "get an extended attribute of", w->path);
		if (got != (long)XATTR_LEN) {
			errno = EIO;
			return fail(w, "read back the extended attribute of", w->path);
		}
		break;
	case FILES_RENAME:
		t0 = clock_now_ns();
		if (plat_rename(w->path, w->path2) != 0)
			return fail(w, "rename", w->path);
		break;
	case FILES_UNLINK:
		t0 = clock_now_ns();
		if (plat_remove(w->path2) != 0)
			return fail(w, "unlink", w->path2);
		break;
	default:
		return 0;
	}
	count(p, t0, 1, 0);
	return 0;
}

/* Every file of this job. */
static int files_step(struct worker *w, const struct step *s, struct files_phase *p)
{
	const struct files_run *r = w->c->run;
	uint64_t n = files_spec_count(&r->cfg.spec);
	unsigned owner = owner_of(r, s);

	for (uint64_t i = w->job; i < n; i += r->cfg.jobs) {
		if (halted(w))
			return 0;
		if (file_path(r, owner, w->job, i, 0, w->path, sizeof(w->path)) != 0 ||
		    file_path(r, owner, w->job, i, 1, w->path2, sizeof(w->path2)) != 0)
			return err_set(w->err, sizeof(w->err), "a path under '%s' is too long",
				       r->root);
		if (file_op(w, s, i, p) != 0)
			return -1;
	}
	return 0;
}

/* Every directory of this job at s->level (mkdir, rmdir), or every leaf (readdir). */
static int dirs_step(struct worker *w, const struct step *s, struct files_phase *p)
{
	const struct files_run *r = w->c->run;
	unsigned lev = s->op == FILES_READDIR ? r->cfg.spec.depth : s->level;
	uint64_t n = files_level_dirs(r->cfg.spec.width, lev);
	unsigned owner = owner_of(r, s);
	/* a shared tree's directories: global job g = owner x jobs + job makes,
	 * lists and removes those with k % (ranks x jobs) == g */
	uint64_t stride = r->cfg.shared ? (uint64_t)r->cfg.jobs *
		(r->cfg.ranks ? r->cfg.ranks : 1) : 1;
	uint64_t first = r->cfg.shared ? (uint64_t)owner * r->cfg.jobs + w->job : 0;

	for (uint64_t k = first; k < n; k += stride) {
		uint64_t t0, entries = 0;
		if (halted(w))
			return 0;
		if (dir_path(r, owner, w->job, lev, k, w->path, sizeof(w->path)) < 0)
			return err_set(w->err, sizeof(w->err), "a path under '%s' is too long",
				       r->root);
		t0 = clock_now_ns();
		if (s->op == FILES_MKDIR) {
			if (plat_mkdir(w->path) != 0)
				return fail(w, "mkdir", w->path);
		} else if (s->op == FILES_RMDIR) {
			if (plat_rmdir(w->path) != 0)
				return fail(w, "rmdir", w->path);
		} else {
			struct plat_dir *d = plat_dir_open(w->path);
			const char *name;
			int rc;
			if (!d)
				return fail(w, "open the directory", w->path);
			while ((rc = plat_dir_read(d, &name)) > 0)
				entries += strcmp(name, ".") != 0 && strcmp(name, "..") != 0;
			plat_dir_close(d);
			if (rc < 0)
				return fail(w, "read the directory", w->path);
		}
		count(p, t0, entries, 0);
	}
	return 0;
}

static int worker_main(void *arg)
{
	struct worker *w = arg;
	struct conductor *c = w->c;

	for (size_t si = 0; si < c->nsteps; si++) {
		const struct step *s = &c->steps[si];
		struct files_phase *p = files_job_phase(c->res, w->job, s->op);
		uint64_t t0;
		int rc;
		if (!plat_gate_arrive(c->gate[si]))
			return 0;
		t0 = clock_now_ns();
		if (s->op == FILES_MKDIR || s->op == FILES_RMDIR || s->op == FILES_READDIR)
			rc = dirs_step(w, s, p);
		else
			rc = files_step(w, s, p);
		if (rc != 0)
			atomic_store(&c->abort, 1);
		if (!s->drop) {
			p->elapsed_ns += clock_now_ns() - t0;
			p->ran = 1;
		}
	}
	plat_gate_arrive(c->gate[c->nsteps]);
	return 0;
}

/* ---- a pass ------------------------------------------------------------------ */

int files_run_init(struct files_run *r, const struct files_cfg *cfg,
		   char *err, size_t errlen)
{
	char *base;
	size_t len;
	unsigned nbuf;

	memset(r, 0, sizeof(*r));
	r->cfg = *cfg;
	base = plat_realpath(cfg->dir);
	if (!base)
		return err_set(err, errlen, "cannot find '%s': %s", cfg->dir, strerror(errno));
	len = strlen(base) + sizeof("/" FILES_ROOT_NAME);
	r->root = malloc(len);
	if (r->root)
		snprintf(r->root, len, "%s/%s", base, FILES_ROOT_NAME);
	free(base);
	/* each job of each client its own pattern (one seed each), so no two
	 * jobs' files share a stretch of bytes; --data zero: one buffer of
	 * zeros */
	r->buflen = pattern_buffer_len(CHUNK, cfg->zero_data);
	nbuf = cfg->zero_data ? 1 : cfg->jobs;
	r->buf = io_alloc(r->buflen * nbuf);
	if (!r->root || !r->buf)
		return err_set(err, errlen, "out of memory");
	for (unsigned j = 0; j < nbuf; j++)
		pattern_fill(r->buf + (size_t)j * r->buflen, r->buflen, cfg->zero_data
			     ? OPTIONS_DATA_ZERO : OPTIONS_DATA_RANDOM, 0.0,
			     cfg->seed + ((uint64_t)clients_rank() * cfg->jobs + j) *
			     0x9e3779b97f4a7c15ull);
	return 0;
}

/* Can files here carry extended attributes?  Asked of the root itself. */
static void probe_xattr(struct files_run *r)
{
	unsigned char x[XATTR_LEN] = { 0 };

	r->xattr = plat_xattr_set(r->root, XATTR_NAME, x, sizeof(x)) == 0;
	if (!r->xattr)
		snprintf(r->xattr_why, sizeof(r->xattr_why), "%s",
			 errno == ENOTSUP || errno == ENOSYS
			 ? "no extended attributes here (platform or file system)"
			 : strerror(errno));
}

static int make_root(struct files_run *r, char *err, size_t errlen)
{
	if (plat_mkdir(r->root) != 0)
		return err_set(err, errlen, "cannot mkdir '%s': %s%s", r->root, strerror(errno),
			       errno == EEXIST ? " (an earlier run's tree: --overwrite "
			       "removes it)" : "");
	r->made = 1;
	return 0;
}

/* This client's own top directory: ROOT/rank<R>, or ROOT/shared on rank 0; 0 or -1. */
static int own_top(const struct files_run *r, char *out, size_t len)
{
	int n;

	if (r->cfg.shared && r->cfg.rank != 0)
		return 0;
	n = r->cfg.shared ? snprintf(out, len, "%s/shared", r->root)
		: snprintf(out, len, "%s/rank%u", r->root, r->cfg.rank);
	return n < 0 || (size_t)n >= len ? -1 : 1;
}

/*
 * The root (one client) and each job's tree, untimed.  Many clients: the
 * root is rank 0's already; this client's rank<R> and job trees, or
 * (rank 0) the shared tree, which the others use only after the first
 * step's barrier.
 */
static int make_trees(struct files_run *r, char *err, size_t errlen)
{
	char path[4096];
	int top;

	if (!r->cfg.ranks) {
		if (make_root(r, err, errlen) != 0)
			return -1;
		probe_xattr(r);
	} else {
		top = own_top(r, path, sizeof(path));
		if (top < 0 || (top > 0 && plat_mkdir(path) != 0))
			return err_set(err, errlen, "cannot mkdir '%s': %s", path,
				       top < 0 ? "path too long" : strerror(errno));
		if (r->cfg.shared)
			return 0;
	}
	for (unsigned j = 0; j < (r->cfg.shared ? 1 : r->cfg.jobs); j++)
		if (tree_path(r, r->cfg.rank, j, path, sizeof(path)) < 0 || plat_mkdir(path) != 0)
			return err_set(err, errlen, "cannot mkdir '%s': %s", path, strerror(errno));
	return 0;
}

int files_run_make_root(struct files_run *r, char *err, size_t errlen)
{
	return make_root(r, err, errlen);
}

int files_run_see_root(const struct files_run *r, char *err, size_t errlen)
{
	if (plat_stat(r->root, 0, NULL) == PLAT_DIR)
		return 0;
	return err_set(err, errlen, "cannot see '%s', which rank 0 made: --dir must be "
		       "one directory every client reaches (a shared file system, mounted "
		       "at the same path)", r->root);
}

int files_run_probe_xattr(struct files_run *r, char *err, size_t errlen)
{
	probe_xattr(r);
	return r->xattr ? 0 : err_set(err, errlen, "%s", r->xattr_why);
}

void files_run_set_xattr(struct files_run *r, int ok, const char *why)
{
	r->xattr = ok;
	r->probed = 1;
	if (!ok)
		snprintf(r->xattr_why, sizeof(r->xattr_why), "%s", why);
}

/* The jobs' figures into res->all (their calls, files, bytes). */
static void gather(struct files_result *res)
{
	for (unsigned op = 0; op < FILES_NOPS; op++) {
		struct files_phase *a = &res->all[op];
		for (unsigned j = 0; j < res->jobs; j++) {
			struct files_phase *p = files_job_phase(res, j, op);
			fileop_stat_merge(&a->call, &p->call);
			latency_merge(&a->hist, &p->hist);
			a->files += p->files;
			a->bytes += p->bytes;
			a->ran |= p->ran;
		}
	}
}

/* Many clients: the writer of each phase (the client whose files it used). */
static void set_writers(struct files_run *r, struct conductor *c)
{
	for (unsigned op = 0; op < FILES_NOPS; op++)
		c->res->all[op].writer = -1;
	for (size_t si = 0; r->cfg.ranks && si < c->nsteps; si++)
		c->res->all[c->steps[si].op].writer = (int32_t)owner_of(r, &c->steps[si]);
}

/* Start the workers, conduct the steps, wait for them.  0 or -1 (err). */
static int conduct(struct conductor *c, struct worker *w, char *err, size_t errlen)
{
	struct plat_thread *t[FILES_MAX_JOBS];
	unsigned jobs = c->run->cfg.jobs, started = 0;
	uint64_t start = 0;
	int rc = 0;

	for (; started < jobs; started++)
		if (plat_thread_start(&t[started], worker_main, &w[started], err, errlen) != 0) {
			rc = -1;
			break;
		}
	for (size_t si = 0; si <= c->nsteps; si++) {
		int go;
		uint64_t now, own;
		plat_gate_wait(c->gate[si], started);
		now = clock_now_ns();
		own = now - start;
		go = rc == 0 && !*c->stop && !atomic_load(&c->abort);
		/* many clients: every client's barrier, once its own jobs are done */
		if (go && c->run->cfg.ranks) {
			go = clients_pass_start(0) == 0;
			c->peer_stop = !go;
			now = clock_now_ns();
		}
		if (si > 0 && !c->steps[si - 1].drop) {
			struct files_phase *a = &c->res->all[c->steps[si - 1].op];
			a->elapsed_ns += now - start;
			a->own_ns += own;
		}
		start = clock_now_ns();
		plat_gate_open(c->gate[si], go);
		if (!go)
			break;
	}
	for (unsigned j = 0; j < started; j++)
		plat_thread_join(t[j]);
	return rc;
}

int files_run_pass(struct files_run *r, struct files_result *res,
		   const volatile sig_atomic_t *stop, char *err, size_t errlen)
{
	struct conductor c = { .run = r, .res = res, .stop = stop };
	struct worker *w = NULL;
	unsigned jobs = r->cfg.jobs;
	int rc = -1;

	result_clear(res);
	atomic_init(&c.abort, 0);
	if (make_trees(r, err, errlen) != 0)
		return -1;
	c.nsteps = plan_steps(r, c.steps);
	for (size_t i = 0; i <= c.nsteps; i++)
		if (!(c.gate[i] = plat_gate_new()))
			goto oom;
	w = calloc(jobs, sizeof(*w));
	if (!w)
		goto oom;
	for (unsigned j = 0; j < jobs; j++) {
		w[j].c = &c;
		w[j].job = j;
		if (!(w[j].rbuf = io_alloc(CHUNK)))
			goto oom;
		w[j].data = r->buf + (r->cfg.zero_data ? 0 : (size_t)j * r->buflen);
		w[j].tag = pattern_tags_take(1);
	}
	if (conduct(&c, w, err, errlen) != 0)
		goto out;
	gather(res);
	set_writers(r, &c);
	rc = 0;
	for (unsigned j = 0; j < jobs; j++)
		if (w[j].err[0]) {
			err_set(err, errlen, "%s", w[j].err);
			rc = -1;
			break;
		}
	if (rc == 0 && *stop)
		rc = FILES_STOPPED;
	else if (rc == 0 && c.peer_stop)
		rc = err_set(err, errlen, "another client stopped the run");
	if (rc == 0) {
		r->total_files = res->all[FILES_CREATE].files;
		r->total_bytes = res->all[FILES_CREATE].bytes;
	}
	goto out;
oom:
	err_set(err, errlen, "out of memory");
out:
	for (unsigned j = 0; w && j < jobs; j++)
		io_free(w[j].rbuf);
	free(w);
	for (size_t i = 0; i <= c.nsteps; i++)
		plat_gate_free(c.gate[i]);
	return rc;
}

/* ---- removal ----------------------------------------------------------------- */

/* "job<J>", "shared", "d<K>", "f<I>", "f<I>.r": the names this module makes. */
static int own_name(const char *n)
{
	const char *p;

	if (strcmp(n, "shared") == 0)
		return 1;
	if (n[0] == 'r' && n[1] >= '0' && n[1] <= '9') {	/* r<R>-f<I>[.r] */
		for (p = n + 1; *p >= '0' && *p <= '9'; p++)
			;
		if (p[0] != '-' || p[1] != 'f')
			return 0;
		n = p + 1;
	}
	if (strncmp(n, "job", 3) == 0)
		p = n + 3;
	else if (strncmp(n, "rank", 4) == 0)
		p = n + 4;
	else if (n[0] == 'd' || n[0] == 'f')
		p = n + 1;
	else
		return 0;
	if (*p < '0' || *p > '9')
		return 0;
	while (*p >= '0' && *p <= '9')
		p++;
	return *p == '\0' || (n[0] == 'f' && strcmp(p, ".r") == 0);
}

/*
 * The entries of path with this module's names, into a list of strings
 * joined by '\0' in *names (malloc'd; *n of them).  The directory is
 * closed before anything is removed, so a removal holds one descriptor
 * at a time, whatever the depth: it works under an EMFILE that stopped
 * the run.  0 or -1.
 */
static int own_entries(const char *path, char **names, size_t *n, char *err, size_t errlen)
{
	struct plat_dir *d = plat_dir_open(path);
	const char *entry;
	size_t len = 0, alloc = 0;
	int rc;

	*names = NULL;
	*n = 0;
	if (!d)
		return errno == ENOENT ? 0 : err_set(err, errlen, "cannot read the directory "
						     "'%s': %s", path, strerror(errno));
	while ((rc = plat_dir_read(d, &entry)) > 0) {
		size_t el = strlen(entry) + 1;
		if (!own_name(entry))
			continue;
		if (len + el > alloc) {
			char *p = realloc(*names, alloc = 2 * (len + el) + 256);
			if (!p) {
				plat_dir_close(d);
				free(*names);
				*names = NULL;
				return err_set(err, errlen, "out of memory");
			}
			*names = p;
		}
		memcpy(*names + len, entry, el);
		len += el;
		(*n)++;
	}
	if (rc < 0) {
		int e = errno;
		plat_dir_close(d);
		free(*names);
		*names = NULL;
		return err_set(err, errlen, "cannot read the directory '%s': %s", path,
			       strerror(e));
	}
	plat_dir_close(d);
	return 0;
}

/* Remove path (a directory made here): its own names inside, then itself. */
static int remove_dir(const char *path, unsigned depth, char *err, size_t errlen)
{
	char *names, *name;
	size_t n;
	int rc = 0;

	if (own_entries(path, &names, &n, err, errlen) != 0)
		return -1;
	name = names;
	for (size_t i = 0; i < n && rc == 0; i++, name += strlen(name) + 1) {
		char sub[4096];
		enum plat_kind k;
		if ((size_t)snprintf(sub, sizeof(sub), "%s/%s", path, name) >= sizeof(sub)) {
			rc = err_set(err, errlen, "'%s/%s': path too long", path, name);
			break;
		}
		k = plat_stat(sub, 0, NULL);
		if (k == PLAT_DIR && depth < FILES_MAX_DEPTH + 2)
			rc = remove_dir(sub, depth + 1, err, errlen);
		else if (k != PLAT_NONE && k != PLAT_DIR && plat_remove(sub) != 0 &&
			 errno != ENOENT)
			rc = err_set(err, errlen, "cannot remove '%s': %s", sub, strerror(errno));
	}
	free(names);
	if (rc != 0)
		return -1;
	if (plat_rmdir(path) != 0 && errno != ENOENT)
		return err_set(err, errlen, "cannot remove '%s': %s%s", path, strerror(errno),
			       errno == ENOTEMPTY || errno == EEXIST
			       ? " (it holds names iosweep files does not make; remove them "
			       "by hand)" : "");
	return 0;
}

int files_remove_tree(const char *root, char *err, size_t errlen)
{
	enum plat_kind k = plat_stat(root, 0, NULL);

	if (k == PLAT_NONE)
		return errno == ENOENT ? 0 : err_set(err, errlen, "cannot look at '%s': %s",
						       root, strerror(errno));
	if (k != PLAT_DIR)
		return err_set(err, errlen, "'%s' is not a directory iosweep files made; "
			       "remove it by hand", root);
	return remove_dir(root, 0, err, errlen);
}

int files_run_cleanup(struct files_run *r, char *err, size_t errlen)
{
	char top[4096];
	int n;

	if (r->cfg.ranks) {
		n = own_top(r, top, sizeof(top));
		if (n < 0)
			return err_set(err, errlen, "'%s': path too long", r->root);
		return n > 0 ? files_remove_tree(top, err, errlen) : 0;
	}
	return files_run_remove_root(r, err, errlen);
}

int files_run_remove_root(struct files_run *r, char *err, size_t errlen)
{
	if (!r->made)
		return 0;
	if (files_remove_tree(r->root, err, errlen) != 0)
		return -1;
	r->made = 0;
	return 0;
}

void files_run_release(struct files_run *r)
{
	free(r->root);
	io_free(r->buf);
	r->root = NULL;
	r->buf = NULL;
}
