/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests_priv.h: what the table and runner of the tests (tests.c) take
 * from the pass functions below them (tests_pass.c), for src/run/ only.
 *
 * A pass function runs pass `pass` of its test on the cell in c and
 * fills s with what the timed region moved and how long it took: one of
 * TESTS_OK, TESTS_STOPPED or TESTS_ERROR (c->err set).  A prepare
 * function fills c->offsets before the first pass, outside the timing.
 */
#ifndef IOSWEEP_TESTS_PRIV_H
#define IOSWEEP_TESTS_PRIV_H

#include <stdint.h>

#include "run/tests.h"

int tests_prepare_random(struct tests_ctx *c);
int tests_prepare_stride(struct tests_ctx *c);

int tests_pass_write(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_pass_read(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_pass_random(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_pass_bkwd(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_pass_recrewrite(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_pass_stride(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_pass_fwrite(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_pass_fread(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_pass_pwrite(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_pass_pread(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_pass_pwritev(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_pass_preadv(struct tests_ctx *c, int pass, struct tests_span *s);

/*
 * The checked copies of the same passes (verify mode, -V and -+d): each
 * read checked, each -+d write stamped, inside the timing; with -J each
 * op preceded by its spin (tests_pass.c).
 */
int tests_checked_write(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_checked_read(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_checked_random(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_checked_bkwd(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_checked_recrewrite(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_checked_stride(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_checked_fwrite(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_checked_fread(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_checked_pwrite(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_checked_pread(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_checked_pwritev(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_checked_preadv(struct tests_ctx *c, int pass, struct tests_span *s);

/* -X, -Y: the write and read tests replaying a telemetry file (tests_pass.c). */
int tests_traj_write(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_traj_read(struct tests_ctx *c, int pass, struct tests_span *s);

/*
 * The same tests on mmap files (-B, -D; tests_mmap.c): records copied to
 * and from a mapping of the file, and their checked copies.
 */
int tests_mmap_write(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_mmap_read(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_mmap_random(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_mmap_bkwd(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_mmap_recrewrite(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_mmap_stride(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_mmap_checked_write(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_mmap_checked_read(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_mmap_checked_random(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_mmap_checked_bkwd(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_mmap_checked_recrewrite(struct tests_ctx *c, int pass, struct tests_span *s);
int tests_mmap_checked_stride(struct tests_ctx *c, int pass, struct tests_span *s);

/*
 * After a stonewalled pass that writes the file from its start: records
 * done..numrecs written untimed, so the tests that read the file find it
 * whole.  TESTS_OK or TESTS_ERROR.
 */
int tests_complete_file(struct tests_ctx *c, uint64_t done);

#endif
