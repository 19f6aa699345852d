/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * watchdog.h: --io-timeout, the stall watchdog.  A share that stops
 * answering leaves a read or write blocked in the kernel, where no check
 * of a stop flag can reach it; so a thread of its own watches a progress
 * counter and, when it has not moved for the timeout, hands the stall to
 * the caller (which saves the finished cells and ends the process: the
 * blocked call itself cannot be returned from).
 *
 * The counter costs the timed loop nothing: it is the kernel's count of
 * finished read and write calls of the thread that started the watchdog
 * (plat_io_progress), plus
 * watchdog_tick from the places that move data without a read or write
 * call (queue-depth completions, reaped outside the depth-1 loop) and
 * watchdog_set_op at each test and cell, which is outside the timed
 * region.  The thread looks every WATCHDOG_POLL_MS.
 *
 * One watchdog per process; its state is this module's.
 */
#ifndef IOSWEEP_WATCHDOG_H
#define IOSWEEP_WATCHDOG_H

#include <stddef.h>
#include <stdint.h>

#define WATCHDOG_POLL_MS 200
#define WATCHDOG_DEFAULT_S 60   /* the default on network and FUSE file systems */

/*
 * Called once, from the watchdog's thread, when nothing moved for the
 * timeout; msg names the path, the call the run's thread is blocked in
 * (where the platform can tell), the test and cell, and how long it
 * waited.  It is not expected to return (it ends the process); if it
 * does, the watchdog stops watching.
 */
typedef void (*watchdog_stall_fn)(void *ctx, const char *msg);

/* Can this platform watch at all?  0, or -1 with why in err. */
int watchdog_available(char *err, size_t errlen);

/*
 * Start watching path with timeout_s (> 0) on behalf of the calling
 * thread (the one that does the I/O).  0, or -1 with err set.
 */
int watchdog_start(unsigned timeout_s, const char *path, watchdog_stall_fn fn,
		   void *ctx, char *err, size_t errlen);

/* Stop and join the thread; nothing when none runs. */
void watchdog_stop(void);

/*
 * What the run does now, for the message ("test read, cell 32768 kB /
 * 1024 kB"); copied; counts as progress.  Call outside timed regions.
 */
void watchdog_set_op(const char *what);

/* n more operations finished (queue-depth completions). */
void watchdog_tick(uint64_t n);

#endif
