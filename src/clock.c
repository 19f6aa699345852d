/*
 * clock.c: the monotonic nanosecond clock, its measured resolution and the
 * process CPU time (see clock.h).
 */
#include "compat.h"

#include <sys/resource.h>
#include <sys/time.h>
#include <time.h>

#include "clock.h"

#if defined(CLOCK_MONOTONIC_RAW)
#define CLOCK_ID CLOCK_MONOTONIC_RAW
#else
#define CLOCK_ID CLOCK_MONOTONIC
#endif

#define CLOCK_RES_ROUNDS 10

uint64_t clock_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

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

static double tv_seconds(const struct timeval *tv)
{
	return (double)tv->tv_sec + (double)tv->tv_usec / 1e6;
}

void clock_cpu(double *user_s, double *sys_s)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) != 0) {
		*user_s = 0.0;
		*sys_s = 0.0;
		return;
	}
	*user_s = tv_seconds(&ru.ru_utime);
	*sys_s = tv_seconds(&ru.ru_stime);
}
