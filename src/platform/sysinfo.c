/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sysinfo.c: the machine facts of a result set's metadata (see sysinfo.h).
 *
 * A benchmark figure means little without the file system under it and
 * its mount options (noatime, sync, compression...), so they are looked up
 * for the directory that holds the test file: on systems with
 * /proc/self/mountinfo the longest mount point above the directory, on BSD
 * and macOS statfs's f_fstypename and f_flags, on Windows the volume's
 * file-system name, elsewhere "unknown" (the lookups are the platform
 * layer's, plat_fs_info; the mountinfo parser is here, where it is tested
 * on every platform).  Nothing here fails for want of information.
 */
#include "compat.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "platform/platform.h"
#include "iosweep.h"
#include "model/results.h"
#include "lib/err.h"
#include "platform/sysinfo.h"

#define SYSINFO_UNKNOWN "unknown"

int sysinfo_iso_time(long long t, char *out, size_t outlen)
{
	time_t tt = (time_t)t;
	struct tm tm;
	char buf[64], zone[16];

	if (plat_localtime(tt, &tm) != 0)
		return -1;
	size_t n = strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%S", &tm);
	if (n == 0)
		return -1;
	if (plat_utc_offset(tt, zone, sizeof(zone)) != 0)
		zone[0] = '\0';
	int w = snprintf(out, outlen, "%s%s", buf, zone);
	return w < 0 || (size_t)w >= outlen ? -1 : 0;
}

/* The absolute directory holding path (which need not exist yet), or NULL. */
static char *holding_dir(const char *path)
{
	char *dir = strdup(path && *path ? path : ".");
	if (!dir)
		return NULL;
	char *slash = strrchr(dir, '/');
	if (!slash)
		snprintf(dir, strlen(dir) + 1, ".");
	else if (slash == dir)
		dir[1] = '\0';
	else
		*slash = '\0';
	char *abs = plat_realpath(dir);
	free(dir);
	return abs;
}

static void lookup_fs(const char *target_path, char *fs_type, size_t fs_len,
		      char *options, size_t options_len)
{
	char *dir;
	int found = -1;

	if (target_path && io_is_remote(target_path) &&
	    io_remote_fs_info(target_path, fs_type, fs_len, options, options_len) == 0)
		return;
	dir = holding_dir(target_path);
	if (dir) {
		found = plat_fs_info(dir, fs_type, fs_len, options, options_len);
		free(dir);
	}
	if (found != 0) {
		snprintf(fs_type, fs_len, "%s", SYSINFO_UNKNOWN);
		snprintf(options, options_len, "%s", SYSINFO_UNKNOWN);
	}
}

uint64_t sysinfo_ram_kb(void)
{
	return plat_ram_kb();
}

int sysinfo_fill(struct result_meta *m, const char *target_path,
		 char *err, size_t errlen)
{
	char host[256], os[3 * 65 + 4];
	char when[64] = SYSINFO_UNKNOWN, fs_type[256], options[1024];

	plat_host_name(host, sizeof(host));
	plat_os_name(os, sizeof(os));
	if (sysinfo_iso_time((long long)time(NULL), when, sizeof(when)) != 0)
		snprintf(when, sizeof(when), "%s", SYSINFO_UNKNOWN);
	lookup_fs(target_path, fs_type, sizeof(fs_type), options, sizeof(options));

	if (results_set_str(&m->tool, "iosweep") ||
	    results_set_str(&m->version, IOSWEEP_VERSION) ||
	    results_set_str(&m->host, host) || results_set_str(&m->os, os) ||
	    results_set_str(&m->start_time, when) ||
	    results_set_str(&m->fs_type, fs_type) ||
	    results_set_str(&m->mount_options, options) ||
	    (!m->target_path && target_path &&
	     results_set_str(&m->target_path, target_path)))
		return err_set(err, errlen, "cannot record the system information: %s",
			strerror(ENOMEM));
	m->ram_kb = sysinfo_ram_kb();
	return 0;
}
