/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests_ctx.h: what one cell's passes work on and hand back, shared by
 * the runner of the passes (tests.c, runner.c) and the pass functions
 * below it (tests_pass.c, tests_mmap.c, qd.c): struct tests_ctx, what a
 * pass produced (struct pass_sample), the codes a pass returns, and the
 * sizes of the buffers a cell is given.
 *
 * The context is grouped by who sets what and for how long: what the
 * user asked for is the options (c->o, read and never copied); the cell
 * and trial at hand (c->cell) are set before each; the run's buffers
 * (c->bufs) once; what a pass sets and leaves (c->pass) by the pass and
 * tests_run; the rest once per run, derived from the options and the
 * file system (the open mode, -+A's advice, the data's seed and grid).
 *
 * Ownership: the runner owns struct tests_ctx and every buffer in it;
 * a pass only borrows them.
 */
#ifndef IOSWEEP_TESTS_CTX_H
#define IOSWEEP_TESTS_CTX_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "options/options.h"
#include "platform/platform.h"
#include "run/data/pattern.h"
#include "run/data/verify.h"
#include "run/tests_loop.h"

struct latency_hist;
struct outfile;
struct result_set;
struct timeline;
struct timeline_acc;

#define TESTS_VEC_MAX 16                /* records per pwritev/preadv call */
#define TESTS_VEC_BYTES (1u << 20)      /* ...and no more bytes than this,
					   or than one record */
#define TESTS_MAX_REPS 1000u         /* --min-time: most repetitions of a pass */
#define TESTS_PURGE_BYTES (16u << 20)   /* -p: the buffer touched per pass */
#define TESTS_MULTI_BYTES (16u << 20)   /* -m: IOzone's work area (MAXBUFFERSIZE) */
#define TESTS_PURGE_STEP 64u            /* -p: one byte touched per this many */
#define TESTS_WALL_BYTES (256u << 10) /* --stonewall: ask at most this often */
#define TESTS_WBUF_MIN PATTERN_WINDOW_SLACK /* the write buffer: this more than a window */

/*
 * The cell the passes work on and the trial of it: set by the runner
 * before each (cell_sizes), read by every pass.
 */
struct tests_cell {
	uint64_t file_kb;
	uint64_t reclen;            /* bytes */
	uint64_t numrecs;           /* file_kb*1024 / reclen */
	size_t nvec;                /* tests_vec_count(): records per vectored call */
	size_t wlen;                /* tests_wbuf_len(reclen, nvec, one_window):
				       the part of the write buffer it uses */
	size_t wpos;                /* offset of the next write window (0 per cell) */
	uint32_t index;             /* result_set cell index */
	uint16_t trial;
	int record;                 /* 0: warm-up, record nothing */
};

/*
 * The run's buffers, allocated once by the runner (the record buffers
 * for its largest cell: run_buffers) and lent to every pass; the runner
 * frees them.
 */
struct tests_bufs {
	unsigned char *buf;         /* io_alloc, >= nvec*reclen: reads land here */
	unsigned char *wbuf;        /* io_alloc, >= wlen bytes of the pattern: writes */
	uint64_t *offsets;          /* numrecs entries, scratch for tests 2, 5 */
	uint64_t *op_ns;            /* -Q: numrecs per-op latencies, else NULL */
	unsigned char *purge_buf;   /* purge_bytes for -p, or NULL */
	size_t purge_bytes;         /* -S, else TESTS_PURGE_BYTES */
	size_t purge_step;          /* -L, else TESTS_PURGE_STEP */
};

/*
 * What one pass sets up as it starts and leaves behind as it ends: set
 * by tests_run for the test's passes, at open and at the barrier by the
 * pass, and read back by the runner after it (the sample's barrier time,
 * a wrong byte, the failing call's errno).
 */
struct tests_pass_state {
	uint64_t base;              /* set by tests_run: -+V, the region of the
				       file's writer (client x file size), else 0 */
	struct verify vfy;          /* set by tests_run: the data of the file the
				       test moves (its writer's) */
	struct latency_hist *lat;   /* set by tests_run: this pass's histogram or NULL */
	struct timeline_acc *tl;    /* set by tests_run: tl_work for a recorded pass */
	uint64_t *op_dst;           /* set by tests_run: op_ns or &op_scratch */
	uint64_t op_mask;           /* set by tests_run: ~0 to keep op_ns[i], else 0 */
	uint64_t op_scratch;
	int lock_fd;                /* set at open: the descriptor -W locks */
	int lock_how;               /* ...and how (IO_LOCK_READ or IO_LOCK_WRITE) */
	int ready_rc;               /* set by tests_ready: TESTS_STOPPED when it
				       returned 1 for the clients' stop,
				       TESTS_ERROR when -W's lock failed */
	uint64_t wall_recs;         /* set by a pass: records per loop step */
	int verify_failed;          /* set by a pass: a read was wrong */
	int err_errno;              /* set on TESTS_ERROR: the failing call's errno
				       (the platform layer sets it), else 0 */
};

/*
 * Everything the tests need for one cell: what the user asked for (o),
 * the cell at hand, the run's buffers, the pass at hand, and what the
 * run set up once for them all.  Filled by the runner.
 */
struct tests_ctx {
	const struct options *o;    /* what the user asked for: read, never copied */
	struct tests_cell cell;     /* the cell and trial at hand */
	struct tests_bufs bufs;     /* the run's buffers */
	struct tests_pass_state pass; /* the pass at hand */
	struct rec_loop loop;       /* the record loop of the pass (tests_loop.h):
				       its -m position, spins, sleeps, wall */
	struct rec_burst bursts;    /* -+b: the bursts' state (kept across
				       passes and cells, as IOzone) */
	/*
	 * What the run derives from the options and the file system, set
	 * once before the first cell (runner.c's ctx_init):
	 */
	const char *path;           /* the test file (exists, regular) */
	struct io_mode mode;        /* -I, -o, -+D, -+r */
	int open_flags;             /* io_mode_flags() of mode */
	int advise;                 /* -+A: io_map_advise's advice, or -1 */
	struct plat_mount *remount; /* -U: cycled before every pass, or NULL */
	int cache_unseen;           /* a network or FUSE file system: mincore
				       cannot see the caches that serve it, so
				       cached_pct stays unknown */
	int one_window;             /* --data zero or verify mode: every write from
				       wbuf's start */
	uint64_t wseed;             /* pattern_fill() seed of wbuf (from its start) */
	size_t wgrid;               /* the tags' grid (pattern.h), 0: no tags */
	struct verify vfy_base;     /* -V, -+d: the run's (mode VERIFY_OFF: none) */
	/* where the passes' figures go: */
	struct result_set *rs;
	struct latency_hist *lat_work; /* --latency: a full histogram, else NULL */
	struct timeline_acc *tl_work; /* --log-interval: the pass's intervals, else NULL */
	struct timeline *timeline;  /* --log-interval: where recorded passes' rows go */
	struct outfile *const *qfile; /* -Q: [RC_COUNT] open files or NULL each */
	/* called after each sample is added to rs (runner.h), or NULL */
	void (*sample_done)(void *ctx, const struct result_set *rs);
	void *sample_ctx;
	/* queue depth's passes (qd.c): */
	struct latency_hist *lat_rw[2]; /* reads, writes (else NULL) */
	void *qd_state;             /* what qd_attach() allocated */
	/* many clients (clients.h): */
	int32_t client;             /* this client's number (0 alone) */
	const char *read_path;      /* --reorder: the file tests that read what
				       test 0 wrote use, or NULL: path */
	int32_t read_writer;        /* --reorder: the client that wrote it */
	/* the run's stop flag and its message: */
	volatile sig_atomic_t *stop;
	char *err;
	size_t errlen;
};

/*
 * What one pass produced, filled by the pass function: the figures of
 * its timed region, which tests.c makes the pass's sample in the result
 * set with the wall and CPU times around it.
 */
struct pass_sample {
	uint64_t bytes, ops, elapsed_ns;
	uint64_t rd_ops;            /* qd.c passes: the reads among ops */
	uint64_t sync_ns;           /* many clients: barrier to barrier, 0 without */
};

/* Return values of a pass and of tests_run(). */
#define TESTS_OK 0
#define TESTS_ERROR (-1)      /* message in ctx->err */
#define TESTS_STOPPED 1       /* *ctx->stop was set: no further op done */

/*
 * Records per pwritev/preadv call for numrecs records of reclen bytes:
 * up to TESTS_VEC_MAX, no more than the file has, and no more than
 * max(reclen, TESTS_VEC_BYTES) bytes; at least 1.
 */
size_t tests_vec_count(uint64_t numrecs, uint64_t reclen);

/*
 * Bytes of the write buffer for records of reclen bytes, nvec per
 * vectored call: S = nvec * reclen (the most one call writes), plus
 * TESTS_WBUF_MIN for the windows unless one_window (--data zero).  The
 * read buffer is S bytes; fwrite and fread borrow the idle one of the
 * two for setvbuf, so a cell needs at most 2 x max(reclen, 1 MiB) +
 * 1 MiB.
 */
size_t tests_wbuf_len(uint64_t reclen, size_t nvec, int one_window);

#endif
