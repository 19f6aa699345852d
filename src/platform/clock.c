/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clock.c: the measured resolution of the monotonic nanosecond clock (see
 * clock.h).  The clocks themselves, clock_now_ns() and clock_cpu(), are
 * the platform layer's (platform_posix_sys.c, platform_win_sys.c).
 */
#include "compat.h"

#include "platform/clock.h"

#define CLOCK_RES_ROUNDS 10

double clock_resolution_s(void)
{
	uint64_t best = UINT64_MAX;

	for (int i = 0; i < CLOCK_RES_ROUNDS; i++) {
		uint64_t t0 = clock_now_ns(), t1;
		do
			t1 = clock_now_ns();
		while (t1 == t0);
		if (t1 - t0 < best)
			best = t1 - t0;
	}
	return (double)best / 1e9;
}
