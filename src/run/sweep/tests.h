/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests.h: IOzone's tests 0..7 and 9..12 as rows of one ops table.
 *
 * Each row says what IOzone's test is: its number, its report columns
 * (one per reported pass), how many passes IOzone runs, whether it reads
 * a file test 0 wrote, and the function that runs one pass.  A pass
 * function does what IOzone times and nothing more inside the timed
 * region: the file is opened and fsync'ed before t0, read tests read one
 * record untimed first (test 1), the permutation or stride offsets are
 * computed before t0, and the loop moves numrecs = file_kb*1024/reclen
 * records with one call per record (no allocation, formatting, division
 * or option test inside it).  fsync (fflush+fsync for stdio) is inside the
 * timing only with -e, close only with -c; otherwise both follow t1.
 *
 * Differences from IOzone, on purpose:
 * - Random order is a Fisher-Yates permutation from our own fixed-seed
 *   generator (splitmix64), not IOzone's Mersenne Twister: every record is
 *   touched once, in the same order on every run and in both passes.
 * - -p touches a 16 MiB buffer once before t0 of every pass instead of
 *   before every record inside the timing, so the figure measures I/O and
 *   not the purge.
 * - pwritev/preadv move groups of up to 16 records at consecutive
 *   offsets, at most 1 MiB per call (tests_vec_count), so records of
 *   1 MiB and more go one per call; IOzone puts each group at a random
 *   record offset, which can run past the end of the file.
 * - Test 0's first pass truncates the file (O_TRUNC) where IOzone removes
 *   and re-creates it: the blocks are allocated afresh either way, and the
 *   file stays the one runner_prepare() created with O_EXCL.
 * - The elapsed time is reported raw; IOzone subtracts its clock step.
 * - The timed loop reads the stop flag (one load per record) so a signal
 *   ends the run at the next record; nothing else is tested in it.
 * - Writes do not send one buffer over and over: each write call takes
 *   the next window of the pattern buffer wbuf (wlen bytes), the scheme
 *   pattern.h explains; the loop pays a pointer add and one compare for
 *   it.  Reads have their own buffer (buf).
 * - fwrite's setvbuf buffer is the read buffer and fread's the write
 *   buffer (each test leaves the other buffer idle), so a cell needs no
 *   third record-sized buffer; the first record of wbuf is filled with
 *   the pattern again after each fread pass, outside the timing.
 * - --latency times every operation: the clock is read once after each
 *   op (the previous reading, t0 for the first, is its start), so the
 *   latencies add up to the loop's time; the per-op time goes into a
 *   histogram (latency.h) and, with -Q on tests 0 and 1, into op_ns[] for
 *   IOzone's offset/latency files.  It is a second copy of the loop,
 *   chosen before t0; the loop without --latency is unchanged.  An op is
 *   one record (seek and transfer where a test seeks), or one call for
 *   pwritev/preadv.  -e's fsync and -c's close are in the timed region
 *   but in no op, so with them mean x ops is less than the elapsed time;
 *   with -o (O_SYNC) each write returns durable and its latency includes
 *   getting there.
 * - Many clients (iosweep-mpi, clients.h): every pass meets the other
 *   clients at a barrier after its file is open and -p's purge, just
 *   before t0, and at another just after t1, before the fsync and close
 *   that are not timed; either barrier can tell the pass to stop.  The
 *   plain build's barriers are empty calls outside the timed loop.
 *   With --stonewall the timed loop is a third copy that also asks,
 *   once per TESTS_WALL_BYTES moved, whether another client has
 *   finished its pass (clients_walled()); if so the pass ends there and
 *   its sample is what it moved until then, as IOzone's -t children
 *   are stonewalled (meta.csv's flags say "stonewall").  A pass that
 *   writes the file from its start (tests 0, 6, 9, 11) then writes the
 *   rest of the file untimed, after the barrier, so the tests that read
 *   it find it whole.
 *
 * - Verify mode (-V, -+d; verify.h): as in IOzone, each read is checked
 *   and each -+d write is filled inside the timed loop, right after or
 *   before its transfer, so the figures include that work (the header
 *   says they are invalid).  It is the decorated copy of the record
 *   loop (tests_loop.h), chosen before t0; the plain loop is unchanged.  A
 *   wrong byte fails the pass with the file, the offset and both bytes
 *   in the message (verify_failed set), as an I/O error does.  Writes
 *   in verify mode use one window (the data is the check's, not the
 *   pattern walk's).
 *
 * - Before every pass, outside its timing and its wall and CPU times:
 *   with -U, the file system that holds the file is unmounted and
 *   mounted again (IOzone's place for it: before every pass, write or
 *   read, the file closed; also before each --min-time repetition);
 *   with --cold, a pass that reads is preceded by fsync and
 *   posix_fadvise(DONTNEED) of the file (and so is each --min-time
 *   repetition); then mincore() on a mapping of the file says how much of
 *   the cell's file is in the page cache, the sample's cached_pct.
 *
 * Ownership: the runner owns struct tests_ctx and every buffer in it;
 * tests_run() only borrows them.
 */
#ifndef IOSWEEP_TESTS_H
#define IOSWEEP_TESTS_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "run/data/pattern.h"
#include "run/tests_loop.h"
#include "run/data/verify.h"
#include "platform/platform.h"

struct latency_hist;
struct options;
struct outfile;
struct result_set;
struct telemetry;
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

/* Everything one test needs for one cell; filled by the runner. */
struct tests_ctx {
	const struct options *o;
	const char *path;           /* the test file (exists, regular) */
	struct io_mode mode;        /* -I, -o, -+D, -+r */
	int open_flags;             /* io_mode_flags() of mode */
	uint64_t file_kb;
	uint64_t reclen;            /* bytes */
	uint64_t numrecs;           /* file_kb*1024 / reclen */
	uint64_t stride;            /* -j, records */
	int include_fsync, include_close, no_retest;
	int mmap;                   /* -B, -D: tests_def.mapped passes */
	int msync_async, msync_sync; /* -D, -G: msync each record written */
	int mmap_mix;               /* -Z: test 0 also writes a page with write(2) */
	int advise;                 /* -+A: io_map_advise's advice, or -1 */
	int cold;                   /* --cold: drop the file before each read pass */
	struct plat_mount *remount; /* -U: cycled before every pass, or NULL */
	int cache_unseen;           /* a network or FUSE file system: mincore
				       cannot see the caches that serve it, so
				       cached_pct stays unknown */
	int read_only;              /* -+E: open it read-only, skip random writes */
	int no_truncate;            /* -+N: neither test 0 nor a new cell truncates */
	int file_lock;              /* -W: the file locked from tests_ready to close */
	int rlock;                  /* -+l, -+L: each record locked around its op
				       (the decorated loop) */
	int shared;                 /* -+V, -+L: the clients share one file */
	uint64_t base;              /* set by tests_run: -+V, the region of the
				       file's writer (client x file size), else 0 */
	int lock_fd;                /* set at open: the descriptor -W locks */
	int lock_how;               /* ...and how (IO_LOCK_READ or IO_LOCK_WRITE) */
	int ready_rc;               /* set by tests_ready: TESTS_STOPPED when it
				       returned 1 for the clients' stop,
				       TESTS_ERROR when -W's lock failed */
	unsigned sleep_s;           /* -+q, after every pass */
	uint64_t compute_ns;        /* -J: spin this long before every I/O
				       (compute.h; the decorated loop) */
	int compute_included;       /* -+J: the elapsed time keeps the spins */
	const struct telemetry *traj[2]; /* -X (writes), -Y (reads), or NULL each */
	int jitter;                 /* -K: the read test's pattern disrupted */
	int multi_buffer;           /* -m: buf and the write windows walk a
				       TESTS_MULTI_BYTES area (rec_place) */
	uint64_t burst_bytes;       /* -+b: bytes written per burst (0: none) */
	uint64_t burst_sleep_ns;    /* -+b: the sleep after each burst */
	struct rec_burst bursts;    /* -+b: the bursts' state (kept across
				       passes and cells, as IOzone) */
	struct rec_loop loop;       /* the record loop of the pass (tests_loop.h):
				       its -m position, spins, sleeps, wall */
	uint64_t min_pass_ns;       /* --min-time: repeat shorter passes (0: never) */
	unsigned char *buf;         /* io_alloc, >= nvec*reclen: reads land here */
	size_t nvec;                /* tests_vec_count(): records per vectored call */
	unsigned char *wbuf;        /* io_alloc, >= wlen bytes of the pattern: writes */
	size_t wlen;                /* tests_wbuf_len(reclen, nvec, one_window) */
	size_t wpos;                /* offset of the next write window (0 per cell) */
	int one_window;             /* --data zero or verify mode: every write from
				       wbuf's start */
	uint64_t wseed;             /* pattern_fill() seed of wbuf (from its start) */
	size_t wgrid;               /* the tags' grid (pattern.h), 0: no tags */
	struct verify vfy_base;     /* -V, -+d: the run's (mode VERIFY_OFF: none) */
	struct verify vfy;          /* set by tests_run: the data of the file the
				       test moves (its writer's) */
	int verify_failed;          /* set by a pass: a read was wrong */
	struct latency_hist *lat_work; /* --latency: a full histogram, else NULL */
	struct timeline_acc *tl_work; /* --log-interval: the pass's intervals, else NULL */
	struct timeline_acc *tl;    /* set by tests_run: tl_work for a recorded pass */
	struct timeline *timeline;  /* --log-interval: where recorded passes' rows go */
	uint64_t *op_ns;            /* -Q: numrecs per-op latencies, else NULL */
	struct outfile *const *qfile; /* -Q: [RC_COUNT] open files or NULL each */
	struct latency_hist *lat;   /* set by tests_run: this pass's histogram or NULL */
	struct latency_hist *lat_rw[2]; /* qd.c passes: reads, writes (else NULL) */
	void *qd_state;             /* qd.c: what qd_attach() allocated */
	uint64_t *op_dst;           /* set by tests_run: op_ns or &op_scratch */
	uint64_t op_mask;           /* set by tests_run: ~0 to keep op_ns[i], else 0 */
	uint64_t op_scratch;
	unsigned char *purge_buf;   /* purge_bytes for -p, or NULL */
	size_t purge_bytes;         /* -S, else TESTS_PURGE_BYTES */
	size_t purge_step;          /* -L, else TESTS_PURGE_STEP */
	uint64_t *offsets;          /* numrecs entries, scratch for tests 2, 5 */
	uint32_t cell;              /* result_set cell index */
	uint16_t trial;
	int record;                 /* 0: warm-up, record nothing */
	struct result_set *rs;
	/* many clients (clients.h): */
	uint64_t sync_ns;           /* set by a pass: barrier to barrier, 0 without */
	int32_t client;             /* this client's number (0 alone) */
	const char *read_path;      /* --reorder: the file tests that read what
				       test 0 wrote use, or NULL: path */
	int32_t read_writer;        /* --reorder: the client that wrote it */
	int stonewall;              /* --stonewall: another client's end stops a pass */
	uint64_t wall_recs;         /* set by a pass: records per loop step */
	volatile sig_atomic_t *stop;
	/* called after each sample is added to rs (runner.h), or NULL */
	void (*sample_done)(void *ctx, const struct result_set *rs);
	void *sample_ctx;
	char *err;
	size_t errlen;
	int err_errno;              /* set on TESTS_ERROR: the failing call's errno
				       (the platform layer sets it), else 0 */
};

/* What one pass measured. */
struct tests_span {
	uint64_t bytes, ops, elapsed_ns;
	uint64_t rd_ops;            /* qd.c passes: the reads among ops */
};

/* Return values of a pass and of tests_run(). */
#define TESTS_OK 0
#define TESTS_ERROR (-1)      /* message in ctx->err */
#define TESTS_STOPPED 1       /* *ctx->stop was set: no further op done */

struct tests_def {
	int number;               /* IOzone's -i number */
	const char *own_name;     /* a mix row's name ("seq mix"); NULL: the
				     -i test's (tests_name) */
	int col[2];               /* enum results_col reported for pass 0, 1; -1 none */
	int passes;               /* passes IOzone runs (1 with -+n unless keep_pass2) */
	int keep_pass2;           /* -+n does not drop pass 2 (random write) */
	int needs_data;           /* reads what test 0 wrote */
	int (*prepare)(struct tests_ctx *c);   /* before the first pass, or NULL */
	int (*pass)(struct tests_ctx *c, int pass, struct tests_span *s);
	/* on mmap files (-B, -D); NULL: IOzone skips the test */
	int (*mapped)(struct tests_ctx *c, int pass, struct tests_span *s);
};

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

/*
 * -m: at the start of a test, the walks of its reads and writes start
 * over, as IOzone's work area index does in each test; nothing without -m.
 */
void tests_multi_start(struct tests_ctx *c);

/*
 * Fill the first len bytes of c->wbuf with what writes send from it: the
 * --data pattern from its start (seed c->wseed), or verify mode's data
 * of offset 0.  Outside any timing.
 */
void tests_fill_wbuf(struct tests_ctx *c, size_t len);

/* The name messages give the row: its own, else options_test_name(). */
const char *tests_name(const struct tests_def *t);

/* The row of test number n, or NULL (8 = mix has no row: nothing to run). */
const struct tests_def *tests_find(int number);

/*
 * Run every pass of test t on the cell in c, recording one sample per
 * reported pass when c->record (bytes, ops, elapsed, the wall time and
 * CPU time of the whole pass).  TESTS_OK, TESTS_ERROR or TESTS_STOPPED
 * (the interrupted pass is not recorded).
 */
int tests_run(const struct tests_def *t, struct tests_ctx *c);

/*
 * The permutation of 0..n-1 used by the random test, into idx[] (exposed
 * for the unit tests): the same for the same n on every run.
 */
void tests_permutation(uint64_t *idx, uint64_t n);

/* The record order of the stride test for n records and stride s. */
void tests_stride_order(uint64_t *idx, uint64_t n, uint64_t s);

#endif
