/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests_pass.h: the pass functions of IOzone's tests (tests_pass.c) that
 * the table and runner of the tests (tests.c) take, and what every pass
 * function shares, the mmap passes (tests_mmap.c) too: the steps before
 * t0, the set-up and run of the record loop, the end of the timing.
 *
 * A pass function runs pass `pass` of its test on the cell in c and
 * fills s with what the timed region moved and how long it took: one of
 * TESTS_OK, TESTS_STOPPED or TESTS_ERROR (c->err set).
 */
#ifndef IOSWEEP_TESTS_PASS_H
#define IOSWEEP_TESTS_PASS_H

#include <stdint.h>

#include "clients/clients.h"
#include "run/sweep/tests_ctx.h"
#include "run/tests_loop.h"

int tests_pass_write(struct tests_ctx *c, int pass, struct pass_sample *s);
int tests_pass_read(struct tests_ctx *c, int pass, struct pass_sample *s);
int tests_pass_random(struct tests_ctx *c, int pass, struct pass_sample *s);
int tests_pass_bkwd(struct tests_ctx *c, int pass, struct pass_sample *s);
int tests_pass_recrewrite(struct tests_ctx *c, int pass, struct pass_sample *s);
int tests_pass_stride(struct tests_ctx *c, int pass, struct pass_sample *s);
int tests_pass_fwrite(struct tests_ctx *c, int pass, struct pass_sample *s);
int tests_pass_fread(struct tests_ctx *c, int pass, struct pass_sample *s);
int tests_pass_pwrite(struct tests_ctx *c, int pass, struct pass_sample *s);
int tests_pass_pread(struct tests_ctx *c, int pass, struct pass_sample *s);
int tests_pass_pwritev(struct tests_ctx *c, int pass, struct pass_sample *s);
int tests_pass_preadv(struct tests_ctx *c, int pass, struct pass_sample *s);

/* -X, -Y: the write and read tests replaying a telemetry file (tests_pass.c). */
int tests_traj_write(struct tests_ctx *c, int pass, struct pass_sample *s);
int tests_traj_read(struct tests_ctx *c, int pass, struct pass_sample *s);

/*
 * -m: at the start of a test, the walks of its reads and writes start
 * over, as IOzone's work area index does in each test; nothing without -m.
 */
void tests_multi_start(struct tests_ctx *c);

/*
 * After a stonewalled pass that writes the file from its start: records
 * done..numrecs written untimed, so the tests that read the file find it
 * whole.  TESTS_OK or TESTS_ERROR.
 */
int tests_complete_file(struct tests_ctx *c, uint64_t done);

/* ---- what every pass function shares (tests_pass.c) ---------------- */

/*
 * Before t0: tests_open_file() (O_DIRECT and the sync flags apply),
 * tests_opened() (its fsync), tests_window_start() and tests_ready()
 * (-p's purge, the clients' barrier, -W's lock; 1 when they agreed to
 * stop or the lock failed, c->pass.ready_rc saying which).  Then
 * tests_loop_start() sets up c->loop and tests_loop() runs the records
 * (tests_loop.h).  At t1: tests_passed() fills the sample.  After:
 * tests_finish() fsyncs and closes what the timing did not (and closes
 * alone on error).
 */
int tests_ready(struct tests_ctx *c, uint64_t step_recs);
int tests_passed(struct tests_ctx *c, uint64_t t0, struct pass_sample *s);
int tests_open_file(struct tests_ctx *c, int flags);
int tests_opened(struct tests_ctx *c, int fd);
int tests_finish(struct tests_ctx *c, int fd, int rc);
void tests_window_start(struct tests_ctx *c, struct pattern_window *w,
			size_t span);
void tests_window_save(struct tests_ctx *c, const struct pattern_window *w);

/* The decorations a pass may take beyond -J, -+l and verify mode's. */
#define TESTS_WITH_JITTER 1u     /* -K (the read test) */
#define TESTS_WITH_MBUF 2u       /* -m (the reads of one record) */
#define TESTS_WITH_BURST 4u      /* -+b (the writes of one record) */

/*
 * c->loop for a pass on fd: records of c->cell.reclen bytes in order (enum
 * rec_order), writes from the window w (writes) or reads into c->bufs.buf,
 * decorated as the run asks (with: TESTS_WITH_*), timed as the pass is
 * recorded (latency_arm); then t0, the loop's first clock reading.
 */
uint64_t tests_loop_start(struct tests_ctx *c, int fd, int writes, int order,
			  struct pattern_window *w, unsigned with);

/* --stonewall's hook: has another client finished its pass? */
static inline int tests_walled(void *arg)
{
	(void)arg;
	return clients_walled();
}

/*
 * The records from .. to-1 of a pass through c->loop, io moving each
 * (arg its argument): TESTS_OK (all moved, or stonewalled), TESTS_STOPPED
 * or TESTS_ERROR (c->err set).
 */
IOSWEEP_ALWAYS_INLINE int tests_loop(struct tests_ctx *c, uint64_t from,
				     uint64_t to, rec_io_fn io, void *arg)
{
	switch (rec_loop_run(&c->loop, from, to, io, c->o->stonewall, tests_walled,
			     arg)) {
	case REC_STOPPED: return TESTS_STOPPED;
	case REC_ERROR: return TESTS_ERROR;
	default: return TESTS_OK;
	}
}

#endif
