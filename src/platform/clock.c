/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clock.c: the measured resolution of the monotonic nanosecond clock (see
 * clock.h).  The clocks themselves, clock_now_ns() and clock_cpu(), are
 * the platform layer's (platform_posix_sys.c, platform_win_sys.c).
 */
#include "compat.h"

#include <stdio.h>

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

int clock_ctime_text(const struct tm *tm, char *buf, size_t len)
{
	/* "%a %b %e %H:%M:%S %Y" in the C locale; %e is not in every C library */
	static const char days[7][4] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri",
		"Sat" };
	static const char months[12][4] = { "Jan", "Feb", "Mar", "Apr", "May",
		"Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };

	if (tm->tm_wday < 0 || tm->tm_wday > 6 || tm->tm_mon < 0 || tm->tm_mon > 11)
		return -1;
	snprintf(buf, len, "%s %s %2d %02d:%02d:%02d %d", days[tm->tm_wday],
		 months[tm->tm_mon], tm->tm_mday, tm->tm_hour, tm->tm_min,
		 tm->tm_sec, tm->tm_year + 1900);
	return 0;
}
