/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests_mmap.h: tests 0 to 5 on mmap files (-B, -D; tests_mmap.c), the
 * pass functions tests.c's table takes for them.  Each runs pass `pass`
 * as a tests_pass.h pass function does, and fills s the same way.
 */
#ifndef IOSWEEP_TESTS_MMAP_H
#define IOSWEEP_TESTS_MMAP_H

#include "run/sweep/tests_ctx.h"

/*
 * The same tests on mmap files (-B, -D; tests_mmap.c): records copied to
 * and from a mapping of the file.
 */
int tests_mmap_write(struct tests_ctx *c, int pass, struct pass_sample *s);
int tests_mmap_read(struct tests_ctx *c, int pass, struct pass_sample *s);
int tests_mmap_random(struct tests_ctx *c, int pass, struct pass_sample *s);
int tests_mmap_bkwd(struct tests_ctx *c, int pass, struct pass_sample *s);
int tests_mmap_recrewrite(struct tests_ctx *c, int pass, struct pass_sample *s);
int tests_mmap_stride(struct tests_ctx *c, int pass, struct pass_sample *s);

#endif
