/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sysinfo.h: what the result set's metadata says about the machine: host,
 * operating system, local start time, RAM, and the file system type and
 * mount options of the directory that holds the test file.
 *
 * Missing information is never an error: a field that cannot be learnt is
 * "unknown" (ram_kb 0).  The facts come from the platform layer
 * (plat_host_name, plat_os_name, plat_ram_kb, plat_fs_info).
 */
#ifndef IOSWEEP_SYSINFO_H
#define IOSWEEP_SYSINFO_H

#include <stddef.h>
#include <stdio.h>

struct result_meta;

/*
 * Fill tool ("iosweep"), version, host, os ("Linux 6.1.0 x86_64"),
 * start_time (ISO 8601 local with offset, "2024-05-01T12:34:56+02:00"),
 * ram_kb, fs_type and mount_options of target_path's directory, and
 * target_path itself when it is unset.  Replaces those strings (m owns
 * them).  -1 only when out of memory.
 */
int sysinfo_fill(struct result_meta *m, const char *target_path,
		 char *err, size_t errlen);


/* start_time's format for time t: ISO 8601 local time with offset. 0 or -1. */
int sysinfo_iso_time(long long t, char *out, size_t outlen);

/* The machine's RAM in kB (sysconf), 0 when the system does not say. */
uint64_t sysinfo_ram_kb(void);

#endif
