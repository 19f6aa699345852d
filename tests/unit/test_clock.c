/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_clock.c: the monotonic clock never goes backwards, its measured
 * step is positive and under a millisecond, a known sleep measures at
 * least its length and no more than the calendar clock around it, and CPU
 * time grows under a busy loop.
 */
#include "compat.h"

#include <time.h>

#include "platform/clock.h"
#include "cu.h"

static void test_monotonic(void)
{
	uint64_t prev = clock_now_ns();

	for (int i = 0; i < 100000; i++) {
		uint64_t now = clock_now_ns();
		CU_ASSERT_FATAL(now >= prev);
		prev = now;
	}
}

static void test_resolution(void)
{
	double r = clock_resolution_s();

	CU_ASSERT(r > 0.0);
	CU_ASSERT(r < 1e-3);
}

static void test_sleep_measured(void)
{
	static const long sleeps_ms[] = { 5, 20 };

	/*
	 * At least the sleep, and no more than the calendar clock around it
	 * (whole seconds, so one more than they differ by): the clock counts
	 * nanoseconds, however late a loaded machine wakes the sleeper.
	 */
	for (size_t i = 0; i < sizeof(sleeps_ms) / sizeof(sleeps_ms[0]); i++) {
		struct timespec ts = { 0, sleeps_ms[i] * 1000000L };
		time_t w0 = time(NULL), w1;
		uint64_t t0 = clock_now_ns(), dt;
		while (nanosleep(&ts, &ts) != 0)
			;
		dt = clock_now_ns() - t0;
		w1 = time(NULL);
		CU_ASSERT(dt >= (uint64_t)sleeps_ms[i] * 1000000u);
		CU_ASSERT(dt < (uint64_t)(w1 - w0 + 1) * 1000000000u);
	}
}

static void test_cpu_grows(void)
{
	double u0, s0, u1, s1;
	volatile uint64_t x = 1;
	uint64_t t0;

	/*
	 * Spin until 20 ms of CPU time have been charged, or 20 s of wall time
	 * passed (a loaded machine may run us rarely, so wall time alone says
	 * nothing about CPU time).  CPU time must grow, and not faster than the
	 * wall clock.
	 */
	clock_cpu(&u0, &s0);
	t0 = clock_now_ns();
	do {
		for (int i = 0; i < 100000; i++)
			x = x * 6364136223846793005ull + 1;
		clock_cpu(&u1, &s1);
	} while (u1 + s1 - u0 - s0 < 0.02 && clock_now_ns() - t0 < 20000000000ull);
	double wall_s = (double)(clock_now_ns() - t0) / 1e9;
	CU_ASSERT(u0 >= 0.0 && s0 >= 0.0);
	CU_ASSERT(s1 >= s0);
	CU_ASSERT(u1 + s1 - u0 - s0 >= 0.02);
	CU_ASSERT(u1 + s1 - u0 - s0 <= wall_s + 0.02);
}

static const struct cu_case cases[] = {
	CU_CASE(test_monotonic),
	CU_CASE(test_resolution),
	CU_CASE(test_sleep_measured),
	CU_CASE(test_cpu_grows),
	{ 0, 0 }
};

CU_MAIN("clock", cases)
