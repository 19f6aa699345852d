/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_sysinfo.c: ISO 8601 times in fixed time zones, and sysinfo_fill on
 * this machine.
 */
#include "platform/posix/platform_posix.h"   /* HAVE_*: the POSIX layer's capabilities */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if !defined(_WIN32)
#include <sys/utsname.h>
#endif
#include <time.h>

#include "cu.h"
#include "iosweep.h"
#include "model/results.h"
#include "platform/sysinfo.h"

static void test_iso_time(void)
{
	static const struct {
		const char *tz;
		long long t;
		const char *want;
	} cases[] = {
		{ "UTC0", 0, "1970-01-01T00:00:00+00:00" },
		{ "EST5", 0, "1969-12-31T19:00:00-05:00" },
		{ "IST-5:30", 0, "1970-01-01T05:30:00+05:30" },
		{ "UTC0", 1714566896, "2024-05-01T12:34:56+00:00" },
	};
	char *old = getenv("TZ") ? strdup(getenv("TZ")) : NULL;
	char out[64];
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		setenv("TZ", cases[i].tz, 1);
		tzset();
		CU_ASSERT_EQUAL(sysinfo_iso_time(cases[i].t, out, sizeof(out)), 0);
		CU_ASSERT_STRING_EQUAL(out, cases[i].want);
	}
	CU_ASSERT_EQUAL(sysinfo_iso_time(0, out, 10), -1);
	if (old) {
		setenv("TZ", old, 1);
		free(old);
	} else {
		unsetenv("TZ");
	}
	tzset();
}

/* YYYY-mm-ddTHH:MM:SS+hh:mm */
static int looks_iso(const char *s)
{
	static const char shape[] = "dddd-dd-ddTdd:dd:dd+dd:dd";
	if (strlen(s) != sizeof(shape) - 1)
		return 0;
	for (size_t i = 0; shape[i]; i++) {
		if (shape[i] == 'd' && !isdigit((unsigned char)s[i]))
			return 0;
		if (shape[i] == '+' && s[i] != '+' && s[i] != '-')
			return 0;
		if (shape[i] != 'd' && shape[i] != '+' && s[i] != shape[i])
			return 0;
	}
	return 1;
}

static void test_fill_this_machine(void)
{
	struct result_set rs;
#if !defined(_WIN32)
	struct utsname u;
#endif
	char err[IOSWEEP_ERR_MAX] = "";
	char tmpl[] = "/tmp/iosweep-sysinfo.XXXXXX";
	char target[sizeof(tmpl) + 16];

	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(tmpl));
	snprintf(target, sizeof(target), "%s/testfile", tmpl);
	results_init(&rs);
	CU_ASSERT_EQUAL_FATAL(sysinfo_fill(&rs.meta, target, err, sizeof(err)), 0);
	CU_ASSERT_STRING_EQUAL(rs.meta.tool, "iosweep");
	CU_ASSERT_STRING_EQUAL(rs.meta.version, IOSWEEP_VERSION);
	CU_ASSERT_STRING_EQUAL(rs.meta.target_path, target);
	CU_ASSERT(rs.meta.host && rs.meta.host[0]);
#if defined(_WIN32)
	CU_ASSERT(strncmp(rs.meta.os, "Windows ", 8) == 0);
	CU_ASSERT(strcmp(rs.meta.fs_type, "unknown") != 0);   /* GetVolumeInformationW */
	CU_ASSERT(rs.meta.ram_kb > 1024);                     /* GlobalMemoryStatusEx */
#else
	CU_ASSERT_EQUAL_FATAL(uname(&u), 0);
	CU_ASSERT(strncmp(rs.meta.os, u.sysname, strlen(u.sysname)) == 0);
	CU_ASSERT(strstr(rs.meta.os, u.machine) != NULL);
#endif
	CU_ASSERT(looks_iso(rs.meta.start_time));
	CU_ASSERT(rs.meta.fs_type && rs.meta.fs_type[0]);
	CU_ASSERT(rs.meta.mount_options && rs.meta.mount_options[0]);
#if defined(HAVE_PROC_MOUNTS)
	CU_ASSERT_STRING_NOT_EQUAL(rs.meta.fs_type, "unknown");
	CU_ASSERT(strstr(rs.meta.mount_options, "rw") || strstr(rs.meta.mount_options, "ro"));
#endif
#if defined(_SC_PHYS_PAGES)
	CU_ASSERT(rs.meta.ram_kb > 1024);
#endif

	/* filling again replaces the strings; a set target_path is kept */
	CU_ASSERT_EQUAL(sysinfo_fill(&rs.meta, "/nonexistent-iosweep-dir/f", err,
				     sizeof(err)), 0);
	CU_ASSERT_STRING_EQUAL(rs.meta.target_path, target);
	CU_ASSERT_STRING_EQUAL(rs.meta.fs_type, "unknown");
	CU_ASSERT_STRING_EQUAL(rs.meta.mount_options, "unknown");
#if defined(HAVE_PROC_MOUNTS)
	CU_ASSERT_EQUAL(sysinfo_fill(&rs.meta, "/proc/self/status", err, sizeof(err)), 0);
	CU_ASSERT_STRING_EQUAL(rs.meta.fs_type, "proc");
#endif
	/* a bare name is in the current directory */
	CU_ASSERT_EQUAL(sysinfo_fill(&rs.meta, "iosweep.tmp", err, sizeof(err)), 0);
	CU_ASSERT(rs.meta.fs_type && rs.meta.fs_type[0]);
	results_release(&rs);
	rmdir(tmpl);
}

static const struct cu_case cases[] = {
	CU_CASE(test_iso_time),
	CU_CASE(test_fill_this_machine),
	{ 0 }
};

CU_MAIN("sysinfo", cases)
