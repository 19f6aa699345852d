/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * floor_qd.h: the bare loops of a time-based queue-depth pass, the limit
 * iosweep --iodepth's workers are measured against (floor_qd.c): floor -q.
 */
#ifndef FLOOR_QD_H
#define FLOOR_QD_H

#include <stdint.h>

/* floor -q ENGINE ...: argv as main's; the exit status. */
int floor_qd_main(int argc, char **argv);

/* floor.c's: the failing call and path with errno's text (exit 1), a
 * usage error (exit 2), opt's value s as a number (exit 2 if it is not one), the
 * monotonic clock in ns. */
void floor_die(const char *what, const char *path);
void floor_usage(const char *msg, const char *arg);
uint64_t floor_parse_u64(const char *opt, const char *s);
uint64_t floor_now_ns(void);

#endif
