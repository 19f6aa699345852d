/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * platform_posix_stall.c: what the stall watchdog reads about this
 * process (see platform.h): the kernel's count of finished read and write
 * calls, and the system call a thread is blocked in.  Linux keeps both in
 * /proc (a thread's id takes syscall(2), an extension: a strict-POSIX
 * build goes without); the other POSIX systems here keep neither in a
 * form a thread can read about its own process, so there the calls say so
 * (-1) and --io-timeout is refused by name.
 */
#include "compat.h"

#include "platform/posix/platform_posix.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__linux__) && defined(PLATFORM_POSIX_EXTENSIONS)
#define HAVE_PROC_TASK_IO 1
#include <sys/syscall.h>
#endif

#include "platform/platform.h"

#if defined(HAVE_PROC_TASK_IO)
int plat_io_progress(long tid, uint64_t *ops)
{
	char line[128];
	FILE *fp;
	uint64_t sum = 0;
	int found = 0;

	snprintf(line, sizeof(line), "/proc/self/task/%ld/io", tid);
	if (!(fp = fopen(line, "r")))
		return -1;
	while (fgets(line, sizeof(line), fp)) {
		unsigned long long v;
		if (sscanf(line, "syscr: %llu", &v) == 1 || sscanf(line, "syscw: %llu", &v) == 1) {
			sum += v;
			found++;
		}
	}
	fclose(fp);
	if (found != 2)
		return -1;
	*ops = sum;
	return 0;
}

long plat_thread_self_id(void)
{
	return (long)syscall(SYS_gettid);
}

/* The calls a test can block in on a share, by number. */
static const struct {
	long nr;
	const char *name;
} calls[] = {
	{ SYS_read, "read" }, { SYS_write, "write" },
	{ SYS_pread64, "pread" }, { SYS_pwrite64, "pwrite" },
	{ SYS_readv, "readv" }, { SYS_writev, "writev" },
	{ SYS_preadv, "preadv" }, { SYS_pwritev, "pwritev" },
	{ SYS_openat, "open" }, { SYS_close, "close" },
	{ SYS_fsync, "fsync" }, { SYS_fdatasync, "fdatasync" },
	{ SYS_ftruncate, "ftruncate" }, { SYS_unlinkat, "unlink" },
	{ SYS_mincore, "mincore" }, { SYS_msync, "msync" },
	{ SYS_statfs, "statfs" },
#if defined(SYS_newfstatat)
	{ SYS_newfstatat, "stat" },
#endif
#if defined(SYS_fadvise64)
	{ SYS_fadvise64, "posix_fadvise" },
#endif
#if defined(SYS_io_uring_enter)
	{ SYS_io_uring_enter, "io_uring_enter" },
#endif
#if defined(SYS_io_getevents)
	{ SYS_io_getevents, "io_getevents" },
#endif
	{ SYS_futex, "a wait for another thread" },
};

int plat_blocked_call(long tid, char *name, size_t namelen)
{
	char path[64], line[256];
	FILE *fp;
	long nr;

	snprintf(path, sizeof(path), "/proc/self/task/%ld/syscall", tid);
	if (!(fp = fopen(path, "r")))
		return -1;
	if (!fgets(line, sizeof(line), fp) || sscanf(line, "%ld", &nr) != 1) {
		fclose(fp);
		return -1;
	}
	fclose(fp);
	for (size_t i = 0; i < sizeof(calls) / sizeof(calls[0]); i++)
		if (calls[i].nr == nr) {
			snprintf(name, namelen, "%s", calls[i].name);
			return 0;
		}
	snprintf(name, namelen, "system call %ld", nr);
	return 0;
}
#else
int plat_io_progress(long tid, uint64_t *ops)
{
	(void)tid; (void)ops;
	return -1;
}

long plat_thread_self_id(void)
{
	return 0;
}

int plat_blocked_call(long tid, char *name, size_t namelen)
{
	(void)tid; (void)name; (void)namelen;
	return -1;
}
#endif
