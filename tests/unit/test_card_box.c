/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_card_box.c: box.csv summed up per phase (analysis/card_box.c): the
 * CPU's mean weighted by each interval's length and its peak over the
 * intervals long enough to count, the busiest disk, the ARC's last size
 * and its hit rate; a box without an ARC or disks; the card's words; and
 * malformed files refused in one line naming file and line.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/card_box.h"
#include "cu.h"
#include "iosweep.h"

#define HEAD "time_s,phase,seconds,cpu_busy_pct,disk,disk_busy_pct,read_mb_per_s," \
	"write_mb_per_s,arc_bytes,arc_hit_pct\n"

/* csv must be accepted as box.csv into b. */
static void parse_ok(struct card_box *b, const char *csv)
{
	char err[IOSWEEP_ERR_MAX] = "";

	CU_ASSERT_FATAL(card_box_parse_csv(b, csv, strlen(csv), "box.csv", err,
					   sizeof(err)) == 0);
}

static void test_phases(void)
{
	static const char csv[] = HEAD
		"1.000,probe,1.000,10.0,sda,5.0,1.00,0.00,1000000000,50.0\n"
		"1.000,probe,1.000,10.0,sdb,20.0,2.00,0.00,1000000000,50.0\n"
		"2.000,sweep,1.000,30.0,sda,10.0,1.00,0.00,1500000000,40.0\n"
		"2.000,sweep,1.000,30.0,sdb,90.0,80.00,1.00,1500000000,40.0\n"
		"2.100,sweep,0.100,99.0,sda,100.0,1.00,0.00,1600000000,\n"
		"2.100,sweep,0.100,99.0,sdb,100.0,80.00,1.00,1600000000,\n"
		"4.100,sweep,2.000,60.0,sda,10.0,1.00,0.00,1900000000,50.0\n"
		"4.100,sweep,2.000,60.0,sdb,100.0,90.00,0.00,1900000000,50.0\r\n";
	struct card_box b;
	const struct card_box_phase *p;
	char words[256];

	parse_ok(&b, csv);
	CU_ASSERT_EQUAL(b.n, 2);
	CU_ASSERT_STRING_EQUAL(b.source, "box.csv");
	CU_ASSERT_PTR_NULL(card_box_find(&b, "qd"));
	p = card_box_find(&b, "sweep");
	CU_ASSERT_FATAL(p != NULL);
	CU_ASSERT_DOUBLE_EQUAL(p->seconds, 3.1, 1e-9);
	/* (30 x 1 + 99 x 0.1 + 60 x 2) / 3.1 */
	CU_ASSERT_DOUBLE_EQUAL(p->cpu_pct, (30 + 9.9 + 120) / 3.1, 1e-9);
	/* the 0.1 s interval's 99% is too short to be the peak */
	CU_ASSERT_DOUBLE_EQUAL(p->cpu_peak_pct, 60.0, 1e-9);
	CU_ASSERT_STRING_EQUAL(p->disk, "sdb");
	CU_ASSERT_DOUBLE_EQUAL(p->disk_pct, (90 + 10 + 200) / 3.1, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(p->disk_rd_mbps, (80 + 8 + 180) / 3.1, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(p->arc_bytes, 1.9e9, 1);
	/* the hit rate of the intervals that have one: (40 x 1 + 50 x 2) / 3 */
	CU_ASSERT_DOUBLE_EQUAL(p->arc_hit_pct, 140.0 / 3.0, 1e-9);
	card_box_words(p, words, sizeof(words));
	CU_ASSERT_STRING_EQUAL(words, "CPU 52% busy (peak 60%), sdb 97% busy, ARC 1.9 GB, "
			       "47% of reads hit");
	p = card_box_find(&b, "probe");
	CU_ASSERT_FATAL(p != NULL);
	CU_ASSERT_DOUBLE_EQUAL(p->cpu_peak_pct, 10.0, 1e-9);
	CU_ASSERT_STRING_EQUAL(p->disk, "sdb");
}

static void test_no_arc_no_disks(void)
{
	static const char csv[] = HEAD
		"1.000,qd,1.000,25.0,,,,,,\n"
		"1.200,qd,0.200,75.0,,,,,,\n";
	struct card_box b;
	const struct card_box_phase *p;
	char words[256];

	parse_ok(&b, csv);
	p = card_box_find(&b, "qd");
	CU_ASSERT_FATAL(p != NULL);
	CU_ASSERT(!p->disk[0]);
	CU_ASSERT(isnan(p->arc_bytes) && isnan(p->arc_hit_pct));
	CU_ASSERT_DOUBLE_EQUAL(p->cpu_peak_pct, 25.0, 1e-9);
	card_box_words(p, words, sizeof(words));
	CU_ASSERT_STRING_EQUAL(words, "CPU 33% busy (peak 25%)");
	/* only short intervals: their peak */
	static const char shorts[] = HEAD "0.100,qd,0.100,25.0,,,,,,\n0.200,qd,0.100,75.0,,,,,,\n";
	parse_ok(&b, shorts);
	CU_ASSERT_DOUBLE_EQUAL(b.phases[0].cpu_peak_pct, 75.0, 1e-9);
	/* nothing at all: the words say so */
	static const char none[] = HEAD "1.000,files,1.000,,,,,,,\n";
	parse_ok(&b, none);
	card_box_words(&b.phases[0], words, sizeof(words));
	CU_ASSERT_STRING_EQUAL(words, "no counters");
	/* a header alone: no phase */
	parse_ok(&b, HEAD);
	CU_ASSERT_EQUAL(b.n, 0);
}

static void test_bad(void)
{
	static const struct { const char *text, *msg; } bad[] = {
		{ "a,b\n", "b.csv:1: not a box.csv" },
		{ HEAD "1,sweep,1,2\n", "b.csv:2: expected 10 fields" },
		{ HEAD "1,sweep,1,2,sda,5,1,1,1,1,1\n", "b.csv:2: expected 10 fields" },
		{ HEAD "1,sweep,1,101,sda,5,1,1,1,1\n", "b.csv:2: field 4 is not a number" },
		{ HEAD "1,sweep,1,50,sda,-5,1,1,1,1\n", "b.csv:2: field 6 is not a number" },
		{ HEAD "1,sweep,1,50,sda,5,x,1,1,1\n", "b.csv:2: field 7 is not a number" },
		{ HEAD "1,sweep,1,50,sda,5,1,1,nan,1\n", "b.csv:2: field 9 is not a number" },
		{ HEAD ",sweep,1,50,sda,5,1,1,1,1\n", "b.csv:2: time_s is not a time" },
		{ HEAD "1,sweep,,50,sda,5,1,1,1,1\n", "b.csv:2: no seconds" },
	};
	struct card_box b;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char err[IOSWEEP_ERR_MAX] = "";
		CU_ASSERT_EQUAL(card_box_parse_csv(&b, bad[i].text, strlen(bad[i].text), "b.csv",
						   err, sizeof(err)), -1);
		CU_ASSERT_PTR_NOT_NULL(strstr(err, bad[i].msg));
		if (!strstr(err, bad[i].msg))
			printf("%zu: %s\n", i, err);
		CU_ASSERT_PTR_NULL(strchr(err, '\n'));
		CU_ASSERT_EQUAL(b.n, 0);
	}
}

static const struct cu_case cases[] = {
	CU_CASE(test_phases), CU_CASE(test_no_arc_no_disks), CU_CASE(test_bad), { 0 }
};

CU_MAIN("card_box", cases)
