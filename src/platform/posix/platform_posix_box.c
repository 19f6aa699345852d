/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * platform_posix_box.c: the box's own counters (plat_box_read,
 * platform.h), read where the agent runs, parsed by boxstat.c.
 *
 * Linux: /proc/stat's cpu line, /proc/diskstats, and the ARC from
 * OpenZFS's /proc/spl/kstat/zfs/arcstats table or, for zfs-fuse, one file
 * per figure under /zfs-kstat/zfs/arcstats/.  FreeBSD (TrueNAS CORE):
 * sysctl kern.cp_time and kstat.zfs.misc.arcstats.*; its disks need
 * libdevstat and are not read.  Elsewhere (macOS, the other BSDs) the
 * counters are unavailable, and the message says so.  A missing ARC is
 * no error: most boxes have none.
 */
#include "platform/posix/platform_posix.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__FreeBSD__)
#include <sys/types.h>
#include <sys/sysctl.h>
#endif

#include "lib/err.h"
#include "platform/boxstat.h"
#include "platform/clock.h"
#include "platform/platform.h"

#if defined(__FreeBSD__)

/* A sysctl of type uint64 into *v: 0, or -1. */
static int sysctl_u64(const char *name, uint64_t *v)
{
	uint64_t x = 0;
	size_t len = sizeof(x);

	if (sysctlbyname(name, &x, &len, NULL, 0) != 0 || len != sizeof(x))
		return -1;
	*v = x;
	return 0;
}

int plat_box_read(struct boxstat_snap *s, char *err, size_t errlen)
{
	long cp[5];
	size_t len = sizeof(cp);

	boxstat_init(s);
	s->t_ms = clock_now_ns() / 1000000;
	if (sysctlbyname("kern.cp_time", cp, &len, NULL, 0) != 0 || len != sizeof(cp))
		return err_set(err, errlen, "sysctl kern.cp_time: %s", strerror(errno));
	/* user nice sys intr idle */
	s->cpu_total = (uint64_t)cp[0] + (uint64_t)cp[1] + (uint64_t)cp[2] + (uint64_t)cp[3] +
		       (uint64_t)cp[4];
	s->cpu_busy = s->cpu_total - (uint64_t)cp[4];
	s->cpu_found = 1;
	s->arc_found = sysctl_u64("kstat.zfs.misc.arcstats.size", &s->arc_bytes) == 0 &&
		       sysctl_u64("kstat.zfs.misc.arcstats.hits", &s->arc_hits) == 0 &&
		       sysctl_u64("kstat.zfs.misc.arcstats.misses", &s->arc_misses) == 0;
	snprintf(s->source, sizeof(s->source), "freebsd: sysctl kern.cp_time%s",
		 s->arc_found ? ", kstat.zfs.misc.arcstats" : "");
	return 0;
}

#else

#define PROC_STAT_HEAD 8192          /* the cpu line comes first */
#define PROC_BIG (256u * 1024)

/*
 * Up to max bytes of path into a new buffer (*buf, the caller frees):
 * the length, or -1 (why) when it cannot be opened or read.
 */
static long read_some(const char *path, size_t max, char **buf, char *err, size_t errlen)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t at = 0;

	*buf = NULL;
	if (fd < 0)
		return err_set(err, errlen, "cannot open '%s': %s", path, strerror(errno));
	*buf = malloc(max);
	if (!*buf) {
		close(fd);
		return err_set(err, errlen, "out of memory");
	}
	while (at < max) {
		ssize_t n = read(fd, *buf + at, max - at);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;
			close(fd);
			free(*buf);
			*buf = NULL;
			return err_set(err, errlen, "cannot read '%s': %s", path, strerror(e));
		}
		if (n == 0)
			break;
		at += (size_t)n;
	}
	close(fd);
	return (long)at;
}

/* zfs-fuse's arcstats, a file per figure: 0 with the ARC, or -1. */
static int zfs_fuse_arc(struct boxstat_snap *s)
{
	static const char *const names[3] = { "size", "hits", "misses" };
	uint64_t *dst[3] = { &s->arc_bytes, &s->arc_hits, &s->arc_misses };
	char path[96], e[128], *buf;

	for (int i = 0; i < 3; i++) {
		snprintf(path, sizeof(path), "/zfs-kstat/zfs/arcstats/%s", names[i]);
		long n = read_some(path, 64, &buf, e, sizeof(e));
		int rc = n < 0 ? -1 : boxstat_parse_number(buf, (size_t)n, dst[i]);
		free(buf);
		if (rc != 0)
			return -1;
	}
	s->arc_found = 1;
	return 0;
}

/* The ARC, where there is one: the source's words for it, "" none. */
static const char *read_arc(struct boxstat_snap *s)
{
	char e[256], *buf;
	long n = read_some("/proc/spl/kstat/zfs/arcstats", 65536, &buf, e, sizeof(e));
	int rc = n < 0 ? -1 : boxstat_parse_arcstats(s, buf, (size_t)n, e, sizeof(e));

	free(buf);
	if (rc == 0)
		return ", /proc/spl/kstat/zfs/arcstats";
	return zfs_fuse_arc(s) == 0 ? ", /zfs-kstat/zfs/arcstats" : "";
}

int plat_box_read(struct boxstat_snap *s, char *err, size_t errlen)
{
	char *buf;
	long n;
	int rc;

	boxstat_init(s);
	s->t_ms = clock_now_ns() / 1000000;
	if (access("/proc/stat", R_OK) != 0)
		return err_set(err, errlen, "the box's CPU, disk and ARC counters are "
			       "unavailable on this platform (no /proc/stat)");
	if ((n = read_some("/proc/stat", PROC_STAT_HEAD, &buf, err, errlen)) < 0)
		return -1;
	rc = boxstat_parse_proc_stat(s, buf, (size_t)n, err, errlen);
	free(buf);
	if (rc != 0 || (n = read_some("/proc/diskstats", PROC_BIG, &buf, err, errlen)) < 0)
		return -1;
	rc = boxstat_parse_diskstats(s, buf, (size_t)n, err, errlen);
	free(buf);
	if (rc != 0)
		return -1;
	snprintf(s->source, sizeof(s->source), "linux: /proc/stat, /proc/diskstats%s",
		 read_arc(s));
	return 0;
}

#endif
