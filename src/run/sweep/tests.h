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
 * What a cell's passes work on (struct tests_ctx), what a pass measured
 * and who owns them are tests_ctx.h's; tests_run() only borrows them.
 */
#ifndef IOSWEEP_TESTS_H
#define IOSWEEP_TESTS_H

#include <stddef.h>
#include <stdint.h>

#include "run/sweep/tests_ctx.h"

struct tests_def {
	int number;               /* IOzone's -i number */
	const char *own_name;     /* a mix row's name ("seq mix"); NULL: the
				     -i test's (tests_name) */
	int col[2];               /* enum results_col reported for pass 0, 1; -1 none */
	int passes;               /* passes IOzone runs (1 with -+n unless keep_pass2) */
	int keep_pass2;           /* -+n does not drop pass 2 (random write) */
	int needs_data;           /* reads what test 0 wrote */
	int (*prepare)(struct tests_ctx *c);   /* before the first pass, or NULL */
	int (*pass)(struct tests_ctx *c, int pass, struct pass_sample *s);
	/* on mmap files (-B, -D); NULL: IOzone skips the test */
	int (*mapped)(struct tests_ctx *c, int pass, struct pass_sample *s);
};

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

#endif
