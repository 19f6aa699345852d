/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compute.h: IOzone's compute delay (-J MS), the "think time" an
 * application spends between two I/Os, simulated before every record
 * the timed loops move.
 *
 * As in IOzone the delay is busy: the CPU spins on the clock until the
 * time has passed (a sleep would hand the CPU, and its caches, to
 * something else, and oversleep by a scheduler tick).  The time spent
 * is returned so the pass can leave it out of its figures, as IOzone
 * does unless -+J: then the figures count it.  Only the decorated copy
 * of the record loop (rec_think, tests_loop.h) calls it, chosen once,
 * so the plain loop stays as it is.
 *
 * Pure: no I/O, no allocation.
 */
#ifndef IOSWEEP_COMPUTE_H
#define IOSWEEP_COMPUTE_H

#include <stdint.h>

#include "platform/clock.h"

/* Spin for at least delay_ns; the nanoseconds actually spent. */
static inline uint64_t compute_spin(uint64_t delay_ns)
{
	const uint64_t t0 = clock_now_ns();
	uint64_t spent;

	do
		spent = clock_now_ns() - t0;
	while (spent < delay_ns);
	return spent;
}

#endif
