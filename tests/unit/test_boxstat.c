/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_boxstat.c: a box's counters (platform/boxstat.c) on literal text:
 * /proc/stat's cpu line, /proc/diskstats with partitions, ram and idle
 * loop devices to skip, OpenZFS's arcstats table, the snapshot's text form
 * there and back, and two snapshots' difference: busy shares and MB/s, a
 * disk in only one snapshot, a 32-bit counter that wrapped, one that was
 * reset, and a box without an ARC.
 */
#include "compat.h"

#include <math.h>
#include <string.h>

#include "cu.h"
#include "platform/boxstat.h"

static const char proc_stat[] =
	"cpu  1000 50 450 8000 500 0 0 0 0 0\n"
	"cpu0 500 25 225 4000 250 0 0 0 0 0\n"
	"intr 12345 0 0 0\n";

/* major minor name: reads merged sectors ms, writes merged sectors ms,
 * in flight, io_ticks, weighted */
static const char diskstats[] =
	"   7       0 loop0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
	"   7       1 loop1 100 0 2000 10 50 0 1000 5 0 300 15 0 0 0 0 0 0\n"
	"   1       0 ram0 10 0 80 0 0 0 0 0 0 10 0\n"
	"   8      16 sdb 5000 10 800000 900 7000 20 1600000 1200 0 4000 2100\n"
	"   8      17 sdb1 4900 10 790000 890 6900 20 1590000 1190 0 3900 2080\n"
	" 259       0 nvme0n1 10 0 20 1 10 0 20 1 0 2 2 0 0 0 0 0 0\n"
	" 259       1 nvme0n1p1 10 0 20 1 10 0 20 1 0 2 2 0 0 0 0 0 0\n"
	" 253       0 dm-0 7 0 56 1 0 0 0 0 0 1 1 0 0 0 0 0 0\n";

static const char arcstats[] =
	"13 1 0x01 123 33456 1234567890 987654321\n"
	"name                            type data\n"
	"hits                            4    9000\n"
	"misses                          4    1000\n"
	"demand_data_hits                4    800\n"
	"size                            4    1900000000\n"
	"c_max                           4    4000000000\n";

static void test_proc_stat(void)
{
	struct boxstat_snap s;
	char err[256] = "";

	boxstat_init(&s);
	CU_ASSERT_FATAL(boxstat_parse_proc_stat(&s, proc_stat, strlen(proc_stat), err,
						sizeof(err)) == 0);
	CU_ASSERT(s.cpu_found);
	CU_ASSERT_EQUAL(s.cpu_total, 10000);
	CU_ASSERT_EQUAL(s.cpu_busy, 1500);     /* all but idle and iowait */
	/* an old kernel's four fields */
	CU_ASSERT_FATAL(boxstat_parse_proc_stat(&s, "cpu 10 0 10 80\n", 15, err,
						sizeof(err)) == 0);
	CU_ASSERT_EQUAL(s.cpu_total, 100);
	CU_ASSERT_EQUAL(s.cpu_busy, 20);
	CU_ASSERT_EQUAL(boxstat_parse_proc_stat(&s, "cpu0 1 2 3 4\n", 13, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "no cpu line"));
	CU_ASSERT_EQUAL(boxstat_parse_proc_stat(&s, "cpu 1 x 3 4\n", 12, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "not a count"));
	CU_ASSERT_EQUAL(boxstat_parse_proc_stat(&s, "cpu 99999999999999999999 1 1 1\n", 31,
						err, sizeof(err)), -1);
}

static void test_whole_disk(void)
{
	static const struct { const char *name; int whole; } names[] = {
		{ "sda", 1 }, { "sdb1", 0 }, { "sdaa", 1 }, { "sdaa12", 0 }, { "vda", 1 },
		{ "vda2", 0 }, { "xvdf", 1 }, { "xvdf1", 0 }, { "nvme0n1", 1 },
		{ "nvme0n1p3", 0 }, { "mmcblk0", 1 }, { "mmcblk0p1", 0 }, { "loop7", 1 },
		{ "loop7p1", 0 }, { "dm-0", 1 }, { "md127", 1 }, { "ram0", 0 }, { "zram0", 0 },
		{ "ada0", 1 }, { "", 0 }, { "a,b", 0 }, { "a b", 0 },
		{ "abcdefghijklmnopqrstuvwxyz0123456789", 0 },
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		CU_ASSERT_EQUAL(boxstat_whole_disk(names[i].name), names[i].whole);
		if (boxstat_whole_disk(names[i].name) != names[i].whole)
			printf("whole disk '%s': %d\n", names[i].name, !names[i].whole);
	}
}

static void test_diskstats(void)
{
	struct boxstat_snap s;
	char err[256] = "";

	boxstat_init(&s);
	CU_ASSERT_FATAL(boxstat_parse_diskstats(&s, diskstats, strlen(diskstats), err,
						sizeof(err)) == 0);
	/* loop1, sdb, nvme0n1, dm-0: no partition, no ram, no idle loop */
	CU_ASSERT_FATAL(s.ndisks == 4);
	CU_ASSERT_STRING_EQUAL(s.disks[0].name, "loop1");
	CU_ASSERT_STRING_EQUAL(s.disks[1].name, "sdb");
	CU_ASSERT_EQUAL(s.disks[1].busy_ms, 4000);
	CU_ASSERT_EQUAL(s.disks[1].rd_sectors, 800000);
	CU_ASSERT_EQUAL(s.disks[1].wr_sectors, 1600000);
	CU_ASSERT_STRING_EQUAL(s.disks[2].name, "nvme0n1");
	CU_ASSERT_STRING_EQUAL(s.disks[3].name, "dm-0");
	CU_ASSERT_EQUAL(boxstat_parse_diskstats(&s, "8 0 sda 1 0 x 0 0 0 0 0 0 4 0\n", 29, err,
						sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "'sda'"));
	/* short lines are not disks */
	CU_ASSERT_EQUAL(boxstat_parse_diskstats(&s, "8 0 sda 1 2\n", 12, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(s.ndisks, 0);
}

static void test_arcstats(void)
{
	struct boxstat_snap s;
	uint64_t v = 0;
	char err[256] = "";

	boxstat_init(&s);
	CU_ASSERT_FATAL(boxstat_parse_arcstats(&s, arcstats, strlen(arcstats), err,
					       sizeof(err)) == 0);
	CU_ASSERT(s.arc_found);
	CU_ASSERT_EQUAL(s.arc_bytes, 1900000000u);
	CU_ASSERT_EQUAL(s.arc_hits, 9000);
	CU_ASSERT_EQUAL(s.arc_misses, 1000);
	boxstat_init(&s);
	CU_ASSERT_EQUAL(boxstat_parse_arcstats(&s, "name type data\nhits 4 1\n", 24, err,
					       sizeof(err)), -1);
	CU_ASSERT(!s.arc_found);
	CU_ASSERT_EQUAL(boxstat_parse_number("123456\n", 7, &v), 0);
	CU_ASSERT_EQUAL(v, 123456);
	CU_ASSERT_EQUAL(boxstat_parse_number("12 34\n", 6, &v), -1);
	CU_ASSERT_EQUAL(boxstat_parse_number("", 0, &v), -1);
}

/* A snapshot of the literal texts at t_ms. */
static void snap_of(struct boxstat_snap *s, uint64_t t_ms)
{
	char err[256];

	boxstat_init(s);
	s->t_ms = t_ms;
	CU_ASSERT(boxstat_parse_proc_stat(s, proc_stat, strlen(proc_stat), err, sizeof(err)) == 0);
	CU_ASSERT(boxstat_parse_diskstats(s, diskstats, strlen(diskstats), err, sizeof(err)) == 0);
	CU_ASSERT(boxstat_parse_arcstats(s, arcstats, strlen(arcstats), err, sizeof(err)) == 0);
	snprintf(s->source, sizeof(s->source), "linux: /proc/stat");
}

static void test_text_roundtrip(void)
{
	struct boxstat_snap a, b;
	char text[BOXSTAT_TEXT_MAX], err[256] = "";
	long n;

	snap_of(&a, 123456);
	n = boxstat_format(&a, text, sizeof(text));
	CU_ASSERT_FATAL(n > 0);
	CU_ASSERT_FATAL(boxstat_parse(&b, text, (size_t)n, err, sizeof(err)) == 0);
	CU_ASSERT_EQUAL(b.t_ms, 123456);
	CU_ASSERT_EQUAL(b.cpu_busy, a.cpu_busy);
	CU_ASSERT_EQUAL(b.ndisks, a.ndisks);
	CU_ASSERT_STRING_EQUAL(b.disks[1].name, "sdb");
	CU_ASSERT_EQUAL(b.disks[1].wr_sectors, 1600000);
	CU_ASSERT_EQUAL(b.arc_misses, 1000);
	CU_ASSERT_STRING_EQUAL(b.source, "linux: /proc/stat");
	/* too small a buffer */
	CU_ASSERT_EQUAL(boxstat_format(&a, text, 40), -1);
	/* a later agent's lines are skipped */
	CU_ASSERT_EQUAL(boxstat_parse(&b, "boxstat 1\nt_ms 5\nfans 3\n", 24, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(b.t_ms, 5);
	CU_ASSERT(!b.cpu_found && !b.arc_found && b.ndisks == 0);

	static const struct { const char *text, *msg; } bad[] = {
		{ "unavailable: no /proc/stat\n", "unavailable: no /proc/stat" },
		{ "hello\n", "not a 'boxstat 1' text" },
		{ "boxstat 1\ncpu 5 4\n", "busy no more than total" },
		{ "boxstat 1\ndisk sdb1 1 2 3\n", "disk wants a name" },
		{ "boxstat 1\ndisk sdb 1 2\n", "disk wants a name" },
		{ "boxstat 1\narc 1 2 -3\n", "arc wants three" },
		{ "boxstat 1\nt_ms soon\n", "t_ms is not a count" },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		CU_ASSERT_EQUAL(boxstat_parse(&b, bad[i].text, strlen(bad[i].text), err,
					      sizeof(err)), -1);
		CU_ASSERT_PTR_NOT_NULL(strstr(err, bad[i].msg));
		CU_ASSERT_PTR_NULL(strchr(err, '\n'));
	}
}

static void test_diff(void)
{
	struct boxstat_snap a, b;
	struct boxstat_interval iv;

	snap_of(&a, 10000);
	snap_of(&b, 12000);
	/* 2 s: 300 of 400 ticks busy; sdb busy 1900 ms, 4.096 MB read, 2.048 written */
	b.cpu_busy += 300;
	b.cpu_total += 400;
	b.disks[1].busy_ms += 1900;
	b.disks[1].rd_sectors += 8000;
	b.disks[1].wr_sectors += 4000;
	b.disks[0].busy_ms += 5000;        /* more than the interval: 100% */
	b.arc_hits += 450;
	b.arc_misses += 550;
	b.arc_bytes = 2000000000u;
	boxstat_diff(&a, &b, &iv);
	CU_ASSERT_DOUBLE_EQUAL(iv.seconds, 2.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(iv.cpu_busy_pct, 75.0, 1e-9);
	CU_ASSERT_FATAL(iv.ndisks == 4);
	CU_ASSERT_DOUBLE_EQUAL(iv.disks[0].busy_pct, 100.0, 1e-9);
	CU_ASSERT_STRING_EQUAL(iv.disks[1].name, "sdb");
	CU_ASSERT_DOUBLE_EQUAL(iv.disks[1].busy_pct, 95.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(iv.disks[1].rd_mbps, 2.048, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(iv.disks[1].wr_mbps, 1.024, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(iv.disks[2].busy_pct, 0.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(iv.arc_bytes, 2e9, 1);
	CU_ASSERT_DOUBLE_EQUAL(iv.arc_hit_pct, 45.0, 1e-9);
}

static void test_diff_edges(void)
{
	struct boxstat_snap a, b;
	struct boxstat_interval iv;

	/* a disk in one snapshot only: no figure for it */
	snap_of(&a, 1000);
	snap_of(&b, 2000);
	b.disks[1] = b.disks[--b.ndisks];        /* sdb gone, dm-0 in its place */
	snprintf(a.disks[0].name, sizeof(a.disks[0].name), "sdz");   /* loop1 new in b */
	boxstat_diff(&a, &b, &iv);
	CU_ASSERT_EQUAL(iv.ndisks, 2);
	for (size_t i = 0; i < iv.ndisks; i++) {
		CU_ASSERT(strcmp(iv.disks[i].name, "sdb") != 0);
		CU_ASSERT(strcmp(iv.disks[i].name, "loop1") != 0);
	}

	/* a 32-bit io_ticks that wrapped: 4294967000 -> 700 is 996 ms */
	snap_of(&a, 1000);
	snap_of(&b, 2000);
	a.disks[1].busy_ms = 4294967000u;
	b.disks[1].busy_ms = 700;
	boxstat_diff(&a, &b, &iv);
	CU_ASSERT_FATAL(iv.ndisks == 4);
	CU_ASSERT_DOUBLE_EQUAL(iv.disks[1].busy_pct, 99.6, 1e-9);
	/* a counter reset (a 64-bit one that went back): that disk is left out */
	a.disks[1].busy_ms = UINT64_C(1) << 40;
	boxstat_diff(&a, &b, &iv);
	CU_ASSERT_EQUAL(iv.ndisks, 3);
	/* a small counter going back a lot is a reset too */
	a.disks[1].busy_ms = 1000000000u;
	boxstat_diff(&a, &b, &iv);
	CU_ASSERT_EQUAL(iv.ndisks, 3);

	/* no ARC and no CPU */
	snap_of(&a, 1000);
	snap_of(&b, 2000);
	a.arc_found = b.arc_found = 0;
	b.cpu_found = 0;
	boxstat_diff(&a, &b, &iv);
	CU_ASSERT(isnan(iv.arc_bytes));
	CU_ASSERT(isnan(iv.arc_hit_pct));
	CU_ASSERT(isnan(iv.cpu_busy_pct));
	/* an ARC nobody read: its size, no hit rate */
	b.arc_found = a.arc_found = 1;
	boxstat_diff(&a, &b, &iv);
	CU_ASSERT_DOUBLE_EQUAL(iv.arc_bytes, 1.9e9, 1);
	CU_ASSERT(isnan(iv.arc_hit_pct));
	boxstat_diff(&b, &a, &iv);          /* backwards in time */
	CU_ASSERT_EQUAL(iv.ndisks, 0);
	CU_ASSERT_DOUBLE_EQUAL(iv.seconds, 0.0, 1e-12);
}

static const struct cu_case cases[] = {
	CU_CASE(test_proc_stat), CU_CASE(test_whole_disk), CU_CASE(test_diskstats),
	CU_CASE(test_arcstats), CU_CASE(test_text_roundtrip), CU_CASE(test_diff),
	CU_CASE(test_diff_edges), { 0 }
};

CU_MAIN("boxstat", cases)
