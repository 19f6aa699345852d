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
 * A child's record loop reads the stop flags once per record and nothing
 * else; the op itself is one function per access pattern.
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
#include "platform/platform.h"
#include "iosweep.h"
#include "options/options.h"
#include "results.h"
#include "run/pattern.h"
#include "run/tests.h"
#include "run/throughput.h"
#include "lib/err.h"

#define TP_SEED 0x7470000000ull   /* data pattern seed, plus the child's index */
#define TP_DEFAULT_FILE_KB 512u  /* IOzone without -s */
#define TP_DEFAULT_RECORD_KB 4u  /* IOzone without -r */

/* ---- the tests -------------------------------------------------------- */

static const struct tp_test_def tp_defs[TP_NKINDS] = {
	{ .kind = TP_WRITE, .test = TEST_WRITE, .name = "initial writers",
	  .wide_count = 1, .tabs_children = "\t", .tabs_parent = "\t",
	  .table_name = "Initial write", .col = RC_WRITE, .writes = 1 },
	{ .kind = TP_REWRITE, .test = TEST_WRITE, .name = "rewriters",
	  .wide_count = 1, .tabs_children = "\t", .tabs_parent = "\t",
	  .table_name = "Rewrite", .col = RC_REWRITE, .writes = 1,
	  .retest = 1 },
	{ .kind = TP_READ, .test = TEST_READ, .name = "readers",
	  .wide_count = 1, .tabs_children = "\t\t", .tabs_parent = "\t\t",
	  .table_name = "Read", .col = RC_READ },
	{ .kind = TP_REREAD, .test = TEST_READ, .name = "re-readers",
	  .tabs_children = "\t", .tabs_parent = "\t", .table_name = "Re-read",
	  .col = RC_REREAD, .retest = 1 },
	{ .kind = TP_REVERSE, .test = TEST_BKWD, .name = "reverse readers",
	  .tabs_children = "\t", .tabs_parent = "\t",
	  .table_name = "Reverse Read", .col = RC_BKWD_READ },
	{ .kind = TP_STRIDE, .test = TEST_STRIDE, .name = "stride readers",
	  .tabs_children = "\t", .tabs_parent = "\t",
	  .table_name = "Stride read", .col = RC_STRIDE_READ },
	{ .kind = TP_RANDOM_READ, .test = TEST_RANDOM,
	  .name = "random readers", .tabs_children = "\t",
	  .tabs_parent = "\t", .table_name = "Random read",
	  .col = RC_RANDOM_READ },
	{ .kind = TP_MIX, .test = TEST_MIX, .name = "mixed workload",
	  .tabs_children = "\t", .tabs_parent = "\t",
	  .table_name = "Mixed workload", .col = -1, .writes = 1 },
	{ .kind = TP_RANDOM_WRITE, .test = TEST_RANDOM,
	  .name = "random writers", .tabs_children = "\t",
	  .tabs_parent = "\t", .table_name = "Random write",
	  .col = RC_RANDOM_WRITE, .writes = 1 },
	{ .kind = TP_PWRITE, .test = TEST_PWRITE, .name = "pwrite writers",
	  .tabs_children = "\t", .tabs_parent = "\t", .table_name = "Pwrite",
	  .col = RC_PWRITE, .writes = 1 },
	{ .kind = TP_PREAD, .test = TEST_PREAD, .name = "pread readers",
	  .tabs_children = "\t", .tabs_parent = "\t", .table_name = "Pread",
	  .col = RC_PREAD },
	{ .kind = TP_FWRITE, .test = TEST_FWRITE, .name = "fwriters",
	  .wide_count = 1, .tabs_children = "\t", .tabs_parent = "\t\t",
	  .table_name = "Fwrite", .col = RC_FWRITE, .writes = 1 },
	{ .kind = TP_FREAD, .test = TEST_FREAD, .name = "freaders",
	  .wide_count = 1, .tabs_children = "\t", .tabs_parent = "\t\t",
	  .table_name = "Fread", .col = RC_FREAD },
};

const struct tp_test_def *throughput_test_def(int kind)
{
	return kind >= 0 && kind < TP_NKINDS ? &tp_defs[kind] : NULL;
}

void throughput_release(struct tp_run *run)
{
	if (!run)
		return;
	for (size_t i = 0; i < run->nresults; i++)
		free(run->results[i].child);
	free(run->results);
	memset(run, 0, sizeof(*run));
}

/* ---- files ------------------------------------------------------------ */

void throughput_path(const struct options *o, unsigned i, char *buf, size_t len)
{
	if (o->files && i < o->nfiles)
		snprintf(buf, len, "%s", o->files[i]);
	else
		snprintf(buf, len, "iosweep.DUMMY.%u", i);
}

static unsigned most_children(const struct options *o)
{
	unsigned counts[OPTIONS_MAX_CHILDREN], most = 0;
	size_t n = options_child_counts(o, counts, OPTIONS_MAX_CHILDREN);

	for (size_t i = 0; i < n; i++)
		if (counts[i] > most)
			most = counts[i];
	return most;
}

static uint64_t option_file_kb(const struct options *o)
{
	return o->nsizes ? o->sizes_kb[0] : TP_DEFAULT_FILE_KB;
}

uint64_t throughput_record_kb(const struct options *o)
{
	return o->nrecords ? o->records_kb[0] : TP_DEFAULT_RECORD_KB;
}

/* The file size of each child when there are n of them (-+k splits -s). */
uint64_t throughput_child_file_kb(const struct options *o, unsigned n)
{
	return o->aggregate ? option_file_kb(o) / n : option_file_kb(o);
}

/* Removes files 0..n-1 of the run (only regular files: never a link). */
static void remove_files(const struct options *o, unsigned n)
{
	char path[4096];
	for (unsigned i = 0; i < n; i++) {
		throughput_path(o, i, path, sizeof(path));
		if (plat_stat(path, 0, NULL) == PLAT_FILE)
			plat_remove(path);
	}
}


/* Room in path's directory for every child file that shares it. */
static int check_room(const struct options *o, unsigned i, unsigned n,
		      char *err, size_t errlen)
{
	char path[4096], dir[4096], other[4096], odir[4096];
	uint64_t free_bytes = 0, need_kb = 0;

	throughput_path(o, i, path, sizeof(path));
	io_dir_of(path, dir, sizeof(dir));
	if (io_check_dir(dir, &free_bytes, err, errlen) != 0)
		return -1;
	for (unsigned k = 0; k < n; k++) {
		throughput_path(o, k, other, sizeof(other));
		io_dir_of(other, odir, sizeof(odir));
		if (k != i && !strcmp(other, path))
			return err_set(err, errlen, "-F: '%s' is named twice; every child "
				"needs a file of its own", path);
		if (!strcmp(odir, dir))
			need_kb += option_file_kb(o);
	}
	if (!o->force && free_bytes / 1024 < need_kb)
		return err_set(err, errlen, "not enough free space in '%s' for the "
			"children's files: %llu kB needed, %llu kB free (use "
			"--force to run anyway)", dir, (unsigned long long)need_kb,
			(unsigned long long)(free_bytes / 1024));
	return 0;
}

int throughput_prepare(const struct options *o, char *err, size_t errlen)
{
	unsigned n = most_children(o);
	char path[4096];

	if (o->cold && io_can_drop_cache(err, errlen) != 0)
		return -1;
	for (unsigned i = 0; i < n; i++)
		if (check_room(o, i, n, err, errlen) != 0)
			return -1;
	for (unsigned i = 0; i < n; i++) {
		throughput_path(o, i, path, sizeof(path));
		if (!o->overwrite && plat_stat(path, 0, NULL) != PLAT_NONE) {
			snprintf(err, errlen, "'%s' exists already; remove it, name other "
				 "files with -F, or use --overwrite", path);
			remove_files(o, i);
			return -1;
		}
		if (io_create(path, o->overwrite, err, errlen) != 0) {
			remove_files(o, i);
			return -1;
		}
	}
	return 0;
}

/* ---- what the children share ---------------------------------------- */

struct tp_slot {
	struct tp_child r;
	int failed;
	char err[IOSWEEP_ERR_MAX];
};

struct tp_shared {
	atomic_int stonewall;     /* the first child done raised it (not with -x) */
	atomic_int abort;         /* the parent asks every child to stop now */
	struct tp_slot slot[];
};

/* Everything the children of one test read; set up by the parent. */
struct tp_ctx {
	const struct options *o;
	const struct tp_test_def *t;
	struct tp_shared *sh;
	volatile sig_atomic_t *user_stop;
	struct io_mode mode;
	int open_flags;
	uint64_t reclen, numrecs;
	int ready_w, go_r, done_w;  /* the children's ends of the pipes */
};

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
	char *err;
	size_t errlen;
};

/* ---- the record operations -------------------------------------------- */

static int op_write(struct tp_child_state *s, uint64_t i)
{
	const unsigned char *p = s->w.p;

	(void)i;
	PATTERN_WINDOW_NEXT(s->w);
	return io_full_write(s->fd, p, (size_t)s->c->reclen, s->path, s->err,
			     s->errlen);
}

static int op_read(struct tp_child_state *s, uint64_t i)
{
	(void)i;
	return io_full_read(s->fd, s->buf, (size_t)s->c->reclen, s->path, s->err,
			    s->errlen);
}

static int op_seek_write(struct tp_child_state *s, uint64_t i)
{
	if (io_seek(s->fd, (int64_t)s->off[i], SEEK_SET, s->path, s->err,
		    s->errlen) != 0)
		return -1;
	return op_write(s, i);
}

static int op_seek_read(struct tp_child_state *s, uint64_t i)
{
	if (io_seek(s->fd, (int64_t)s->off[i], SEEK_SET, s->path, s->err,
		    s->errlen) != 0)
		return -1;
	return op_read(s, i);
}

static int op_pwrite(struct tp_child_state *s, uint64_t i)
{
	const unsigned char *p = s->w.p;

	PATTERN_WINDOW_NEXT(s->w);
	return io_full_pwrite(s->fd, p, (size_t)s->c->reclen, i * s->c->reclen,
			      s->path, s->err, s->errlen);
}

static int op_pread(struct tp_child_state *s, uint64_t i)
{
	return io_full_pread(s->fd, s->buf, (size_t)s->c->reclen, i * s->c->reclen,
			     s->path, s->err, s->errlen);
}

static int stream_error(struct tp_child_state *s, const char *call)
{
	return err_set(s->err, s->errlen, "cannot %s '%s': %s", call, s->path,
		ferror(s->fp) && errno ? strerror(errno) : "unexpected end of file");
}

static int op_fwrite(struct tp_child_state *s, uint64_t i)
{
	const unsigned char *p = s->w.p;

	(void)i;
	PATTERN_WINDOW_NEXT(s->w);
	return fwrite(p, (size_t)s->c->reclen, 1, s->fp) == 1 ? 0 :
		stream_error(s, "fwrite");
}

static int op_fread(struct tp_child_state *s, uint64_t i)
{
	(void)i;
	return fread(s->buf, (size_t)s->c->reclen, 1, s->fp) == 1 ? 0 :
		stream_error(s, "fread");
}

typedef int (*tp_op_fn)(struct tp_child_state *s, uint64_t i);

static tp_op_fn op_of(int kind)
{
	switch (kind) {
	case TP_WRITE: case TP_REWRITE: return op_write;
	case TP_READ: case TP_REREAD: return op_read;
	case TP_REVERSE: case TP_STRIDE: case TP_RANDOM_READ: return op_seek_read;
	case TP_RANDOM_WRITE: return op_seek_write;
	case TP_PWRITE: return op_pwrite;
	case TP_PREAD: return op_pread;
	case TP_FWRITE: return op_fwrite;
	default: return op_fread;
	}
}

static int kind_writes(int kind)
{
	return tp_defs[kind].writes;
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
		tests_stride_order(s->off, n, s->c->o->stride ? s->c->o->stride : 17);
	else if (s->kind == TP_REVERSE)
		for (uint64_t i = 0; i < n; i++)
			s->off[i] = n - 1 - i;
	else
		tests_permutation(s->off, n);
	for (uint64_t i = 0; i < n; i++)
		s->off[i] *= s->c->reclen;
	return 0;
}

/* Open the file as the test needs it; stdio tests through fdopen. */
static int child_open(struct tp_child_state *s)
{
	const struct tp_ctx *c = s->c;
	int writes = kind_writes(s->kind);
	int flags = writes ? O_RDWR : O_RDONLY;

	if (s->kind == TP_WRITE)
		flags |= O_TRUNC;
	if (s->kind == TP_FWRITE || s->kind == TP_FREAD) {
		/* IOzone uses fopen: neither O_DIRECT nor the sync flags apply */
		s->fd = io_open(s->path, flags, NULL, s->err, s->errlen);
		if (s->fd < 0)
			return -1;
		s->fp = fdopen(s->fd, writes ? "r+" : "r");
		if (!s->fp)
			return err_set(s->err, s->errlen, "cannot fdopen '%s': %s", s->path,
				strerror(errno));
		s->stdio_buf = malloc((size_t)c->reclen);
		if (!s->stdio_buf ||
		    setvbuf(s->fp, s->stdio_buf, _IOFBF, (size_t)c->reclen) != 0)
			return err_set(s->err, s->errlen, "cannot set the stdio buffer of '%s'",
				s->path);
		return 0;
	}
	s->fd = io_open(s->path, flags | c->open_flags, &c->mode, s->err, s->errlen);
	return s->fd < 0 ? -1 : 0;
}

/*
 * A writer's buffer: the pattern of its own seed, walked as the sweep's
 * tests walk theirs (pattern.h), so no record is written twice in a row
 * and a file compresses as the header says.  The initial writer starts
 * the walk at the start; a later writing test starts where the walk
 * would be had it gone on through the tests before it (kind x numrecs
 * windows on), so a rewrite does not put the same data back in place.
 */
static int child_wbuf(struct tp_child_state *s)
{
	const struct tp_ctx *c = s->c;
	int one_window = c->o->data == OPTIONS_DATA_ZERO;
	size_t span = (size_t)c->reclen, pos = 0;

	s->wlen = pattern_buffer_len(span, one_window);
	s->wbuf = io_alloc(s->wlen);
	if (!s->wbuf)
		return err_set(s->err, s->errlen, "out of memory for a %zu kB write "
			"buffer", s->wlen / 1024);
	pattern_fill(s->wbuf, s->wlen, c->o->data, c->o->data_ratio,
		     TP_SEED + s->idx);
	pattern_window_start(&s->w, s->wbuf, s->wlen, span, 0, one_window);
	if (s->w.step) {
		uint64_t period = (uint64_t)(s->w.last - s->w.first) / s->w.step + 1;
		pos = (size_t)((c->numrecs * (uint64_t)s->kind) % period) * s->w.step;
	}
	pattern_window_start(&s->w, s->wbuf, s->wlen, span, pos, one_window);
	return 0;
}

/*
 * How much of the child's file is in the page cache as it starts, in
 * percent, or -1 where the platform cannot tell (io_cached_fraction).
 */
static double child_cached_pct(struct tp_child_state *s)
{
	char msg[256];
	double frac;

	return io_cached_fraction(s->path, s->c->numrecs * s->c->reclen, &frac, msg,
				  sizeof(msg)) == 0 ? frac * 100.0 : -1.0;
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
		if (io_fsync(s->fd, s->path, s->err, s->errlen) != 0)
			return -1;
	}
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
		    (fflush(s->fp) != 0 || plat_fsync_fd(fileno(s->fp)) != 0))
			rc = stream_error(s, "flush");
		if (fclose(s->fp) != 0 && rc == 0 && ok) {
			snprintf(s->err, s->errlen, "cannot close '%s': %s", s->path,
				 strerror(errno));
			rc = -1;
		}
	} else if (s->fd >= 0) {
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

/* Store the child's figures at time now. */
static void child_record(struct tp_child_state *s, struct tp_child *r,
			 uint64_t t0, double u0, double s0, uint64_t bytes,
			 uint64_t ops)
{
	double u1, s1;

	child_cpu(s->c->o->threads, &u1, &s1);
	r->elapsed_ns = clock_now_ns() - t0;
	r->wall_ns = r->elapsed_ns;
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
	tp_op_fn op = op_of(s->kind);
	int writes = kind_writes(s->kind), stopped = 0;
	uint64_t bytes = 0, ops = 0, t0, i;
	double u0, s0;

	child_cpu(c->o->threads, &u0, &s0);
	t0 = clock_now_ns();
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

/* A whole child: prepare, ready, wait for go, run, report. */
static void child_main(const struct tp_ctx *c, unsigned idx)
{
	struct tp_slot *slot = &c->sh->slot[idx];
	struct tp_child_state s;
	int rc;

	memset(&s, 0, sizeof(s));
	s.c = c;
	s.idx = idx;
	s.fd = -1;
	s.err = slot->err;
	s.errlen = sizeof(slot->err);
	s.kind = c->t->kind;
	if (s.kind == TP_MIX)   /* IOzone's round robin: even read, odd write */
		s.kind = idx % 2 ? TP_RANDOM_WRITE : TP_RANDOM_READ;
	throughput_path(c->o, idx, s.path, sizeof(s.path));
	rc = child_prepare(&s);
	slot->r.cached_pct = rc == 0 ? child_cached_pct(&s) : -1.0;
	plat_pipe_signal(c->ready_w);
	wait_go(c->go_r);
	if (rc == 0)
		rc = child_loop(&s, &slot->r);
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
}

struct tp_thread_arg {
	const struct tp_ctx *c;
	unsigned idx;
};

/* A child's body for plat_child_start: its exit status. */
static int child_run(void *p)
{
	const struct tp_thread_arg *a = p;

	child_main(a->c, a->idx);
	return a->c->sh->slot[a->idx].failed ? 1 : 0;
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
	snprintf(err, errlen, "cannot create a pipe for the children: %s",
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
		if (plat_child_start(&k->kids[i], c->o->threads, child_run, &k->args[i],
				     parent_ends, 3, why, sizeof(why)) != 0)
			return err_set(err, errlen, "%s (child %u)", why, i);
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
			snprintf(err, errlen, "child %u died of signal %d", i, sig);
			rc = -1;
		}
	}
	k->started = 0;
	return rc;
}

/* The first child's error, with its index and the test. */
static int child_error(const struct tp_ctx *c, unsigned n, char *err, size_t errlen)
{
	for (unsigned i = 0; i < n; i++)
		if (c->sh->slot[i].failed)
			return err_set(err, errlen, "%s (child %u, %s)", c->sh->slot[i].err, i,
				c->t->name);
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
	atomic_store(&c->sh->stonewall, 0);
	atomic_store(&c->sh->abort, 0);
	if (pipes_open(&p, err, errlen) != 0)
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
	close_fd(&p.go[1]);          /* the barrier opens */
	collect(p.done[0], n, c->sh, c->user_stop);
	t1 = clock_now_ns();
	if (reap(c, k, c->user_stop, err, errlen) != 0)
		goto out;
	if (child_error(c, n, err, errlen) != 0)
		goto out;
	if (c->user_stop && *c->user_stop) {
		snprintf(err, errlen, "interrupted in %s with %u children",
			 c->t->name, n);
		goto out;
	}
	r->parent_ns = t1 - t0;
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
	const struct tp_test_def *t = &tp_defs[r->kind];
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
	const struct tp_test_def *t = &tp_defs[kind];

	if (t->retest && o->no_retest)
		return 0;
	return !o->tests_mask || (o->tests_mask & (1u << t->test));
}

struct tp_state {
	struct tp_ctx c;
	struct tp_children k;
	struct tp_shared *sh;
	size_t sh_len;
};

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
	return io_mode_flags(&st->c.mode, &st->c.open_flags, err, errlen);
}

static void state_release(struct tp_state *st)
{
	plat_shared_free(st->sh, st->sh_len);
	free(st->k.kids);
	free(st->k.args);
}

/* Every selected test with n children. */
static int run_count(struct tp_state *st, struct tp_run *run, struct result_set *rs,
		     const struct tp_hooks *h, unsigned n, uint32_t first_trial,
		     char *err, size_t errlen)
{
	const struct options *o = st->c.o;
	uint64_t file_kb = throughput_child_file_kb(o, n), rec_kb = throughput_record_kb(o);

	st->c.reclen = rec_kb * 1024;
	st->c.numrecs = file_kb * 1024 / st->c.reclen;
	if (h && h->count_start)
		h->count_start(h->ctx, n, file_kb);
	for (int kind = 0; kind < TP_NKINDS; kind++) {
		struct tp_result *r;

		if (!throughput_selected(o, kind))
			continue;
		st->c.t = &tp_defs[kind];
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
	unsigned most = most_children(o);
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
	rc = 0;
	for (size_t i = 0; i < ncounts && rc == 0; i++) {
		rc = run_count(&st, run, rs, h, counts[i], trial, err, errlen);
		trial += counts[i];
	}
	rs->trials = trial;
out:
	state_release(&st);
	if (!o->keep_file)
		remove_files(o, most);
	return rc;
}
