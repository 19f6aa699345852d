/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clock.h: the clocks a measurement reads.
 *
 * IOzone times with gettimeofday() (1 us steps) and subtracts its measured
 * step from every figure.  iosweep reads a monotonic nanosecond clock
 * (CLOCK_MONOTONIC_RAW where the system has it, so NTP slewing does not
 * stretch a measurement; CLOCK_MONOTONIC otherwise) and reports the raw
 * elapsed time: the measured step is stated in the report instead of being
 * subtracted.  CPU time for -+u comes from getrusage(RUSAGE_SELF).  On
 * Windows the clock is QueryPerformanceCounter and CPU time
 * GetProcessTimes.  clock_now_ns() and clock_cpu() are implemented by the
 * platform layer (platform_*_sys.c).
 *
 * Nothing here allocates or fails: the clocks exist on every platform.
 */
#ifndef IOSWEEP_CLOCK_H
#define IOSWEEP_CLOCK_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

/* Nanoseconds since an arbitrary fixed point; never goes backwards. */
uint64_t clock_now_ns(void);

/*
 * The smallest step clock_now_ns() is seen to take, in seconds: the
 * minimum over a few busy-waits for the value to change (like IOzone's
 * get_resolution, but in ns).  It includes the cost of reading the clock.
 */
double clock_resolution_s(void);

/* User and system CPU seconds this process has used so far. */
void clock_cpu(double *user_s, double *sys_s);

/*
 * The whole machine's CPU time so far, over all its processors: the part
 * spent busy (anything but idle and waiting for I/O) and the whole, in the
 * system's own units (Linux: /proc/stat's ticks; Windows: GetSystemTimes'
 * 100 ns).  Two readings tell how busy the machine was between them, which
 * a client whose file system code runs in other processes (a FUSE daemon,
 * the server of a lab on the same machine) needs to know: its own CPU time
 * does not show their share.  -1 where the platform cannot tell.
 */
int clock_host_cpu(uint64_t *busy, uint64_t *total);

/*
 * tm as ctime() writes it, without its newline: "Wed Dec  2 12:00:20
 * 2026" (C locale names, whatever the locale).  0, or -1 (buf untouched)
 * when tm's weekday or month is out of range.
 */
int clock_ctime_text(const struct tm *tm, char *buf, size_t len);

#endif
