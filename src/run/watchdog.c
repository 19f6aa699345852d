/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * watchdog.c: the stall watchdog (see watchdog.h).  The progress the
 * thread compares between looks is the sum of the kernel's read/write
 * call count, the ticks and the number of watchdog_set_op calls; the
 * clock starts again whenever it moves.  The text of the current
 * operation is double-buffered: the run's thread writes the buffer not
 * published and then publishes it with an atomic store, so the watchdog,
 * which reads only after nothing moved for seconds, reads a whole one.
 * The counters are relaxed atomics.
 */
#include "compat.h"

#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "lib/err.h"
#include "platform/clock.h"
#include "platform/platform.h"
#include "run/watchdog.h"

static struct {
	struct plat_thread *thread;
	volatile sig_atomic_t quit;
	unsigned timeout_s;
	long tid;                   /* the thread doing the I/O */
	char path[1024];
	watchdog_stall_fn fn;
	void *ctx;
	char op[2][256];
} wd;

static atomic_uint_fast64_t wd_ticks;
static atomic_int wd_op;    /* the published op buffer, 0 or 1 */

int watchdog_available(char *err, size_t errlen)
{
	uint64_t ops;
	char os[128];

	if (plat_io_progress(plat_thread_self_id(), &ops) != 0) {
		plat_os_name(os, sizeof(os));
		return err_set(err, errlen, "--io-timeout: this platform (%s) keeps no "
			       "count of a process's finished reads and writes for the "
			       "watchdog to read; run without it", os);
	}
	return 0;
}

void watchdog_tick(uint64_t n)
{
	atomic_fetch_add_explicit(&wd_ticks, n, memory_order_relaxed);
}

void watchdog_set_op(const char *what)
{
	int next = !atomic_load_explicit(&wd_op, memory_order_relaxed);

	snprintf(wd.op[next], sizeof(wd.op[next]), "%s", what);
	atomic_store_explicit(&wd_op, next, memory_order_release);
	watchdog_tick(1);
}

static uint64_t progress(void)
{
	uint64_t ops = 0;

	(void)plat_io_progress(wd.tid, &ops);
	return ops + atomic_load_explicit(&wd_ticks, memory_order_relaxed);
}

static int watch(void *arg)
{
	uint64_t last = progress(), since = clock_now_ns();

	(void)arg;
	while (!wd.quit) {
		plat_sleep_us((uint64_t)WATCHDOG_POLL_MS * 1000u, &wd.quit);
		if (wd.quit)
			break;
		uint64_t now = clock_now_ns(), p = progress();
		if (p != last) {
			last = p;
			since = now;
			continue;
		}
		if (now - since < (uint64_t)wd.timeout_s * 1000000000u)
			continue;
		char call[64] = "", op[256], msg[1600];
		const char *cur = wd.op[atomic_load_explicit(&wd_op, memory_order_acquire)];
		snprintf(op, sizeof(op), "%s", cur[0] ? cur : "setup");
		if (plat_blocked_call(wd.tid, call, sizeof(call)) != 0)
			snprintf(call, sizeof(call), "an I/O call");
		snprintf(msg, sizeof(msg), "--io-timeout: '%s' did not answer for %.0f s "
			 "(blocked in %s, %s); the share stopped responding, so the run "
			 "ends here", wd.path, (double)(now - since) / 1e9, call, op);
		wd.fn(wd.ctx, msg);
		break;
	}
	return 0;
}

int watchdog_start(unsigned timeout_s, const char *path, watchdog_stall_fn fn,
		   void *ctx, char *err, size_t errlen)
{
	if (wd.thread)
		return err_set(err, errlen, "--io-timeout: the watchdog runs already");
	if (watchdog_available(err, errlen) != 0)
		return -1;
	wd.quit = 0;
	wd.timeout_s = timeout_s;
	wd.tid = plat_thread_self_id();
	snprintf(wd.path, sizeof(wd.path), "%s", path);
	wd.fn = fn;
	wd.ctx = ctx;
	wd.op[0][0] = wd.op[1][0] = '\0';
	return plat_thread_start(&wd.thread, watch, NULL, err, errlen);
}

void watchdog_stop(void)
{
	if (!wd.thread)
		return;
	wd.quit = 1;
	plat_thread_join(wd.thread);
	wd.thread = NULL;
}
