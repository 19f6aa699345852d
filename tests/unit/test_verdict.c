/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_verdict.c: the .workloads parser (the shipped file, each field's
 * errors with file and line), the will-it-work answers against figures
 * set by hand (streams that fit, the latency tail, batch windows), the
 * network- and disk-bound verdicts against a given link, the cache
 * sentence, the warnings, a measured link and the pool beside the share;
 * card.c's files.csv and link.csv readers; and the ZFS lines
 * (a box's zfs-after.csv read by card_zfs.c, a LOG layout set against
 * the same layout without one, 1 MiB writes against gigabit); the box's
 * own counters as the share ran (box.csv) backing the pool or naming
 * the NAS's CPU.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/card.h"
#include "cu.h"
#include "iosweep.h"
#include "lib/builtin.h"
#include "analysis/netbound.h"
#include "analysis/verdict.h"

#define MBPS_KBPS(x) ((x) * 1e6 / 1024.0)   /* decimal MB/s to kB/s */

static struct verdict_workloads wl;

static void test_shipped(void)
{
	const char *text = builtin_text("nas.workloads");
	char err[IOSWEEP_ERR_MAX] = "";

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT_EQUAL(verdict_parse_workloads(&wl, text, strlen(text), "nas.workloads",
						err, sizeof(err)), 0);
	CU_ASSERT(wl.n >= 8);
	/* the example: 4K ProRes 422 HQ at 737 Mbit/s */
	CU_ASSERT_STRING_EQUAL(wl.items[0].name, "4K ProRes 422 HQ, 3 streams (multicam edit)");
	CU_ASSERT_EQUAL(wl.items[0].streams, 3);
	CU_ASSERT_DOUBLE_EQUAL(wl.items[0].rate_kbps, 737e6 / 8 / 1024, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(wl.items[0].p99_ms, 200, 1e-9);
	CU_ASSERT_EQUAL(wl.items[0].write, 0);
}

static void test_bad_lines(void)
{
	static const struct {
		const char *text, *msg;
	} cases[] = {
		{ "film | x | read | 1mbit | 1 | -\n", "w:1: 'film': not a kind" },
		{ "stream | x | read | 1mbit | 1\n", "w:1: a stream line has 5 fields, not 6" },
		{ "# c\n\nstream | x | sideways | 1mbit | 1 | -\n", "w:3: 'sideways': not a direction" },
		{ "stream | x | read | fast | 1 | -\n", "w:1: " },
		{ "stream | x | read | 1mbit | 0 | -\n", "w:1: streams '0'" },
		{ "stream | x | read | 1mbit | 2 | soon\n", "w:1: p99 ms 'soon'" },
		{ "batch | x | write | 500q | 8h\n", "w:1: size '500q'" },
		{ "batch | x | write | 500g | 0s\n", "w:1: window '0s'" },
		{ "batch | x | write | 500g | 8d\n", "w:1: window '8d'" },
		{ "stream |  | read | 1mbit | 1 | -\n", "w:1: the name must be" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char err[IOSWEEP_ERR_MAX] = "";
		int rc = verdict_parse_workloads(&wl, cases[i].text, strlen(cases[i].text), "w",
						 err, sizeof(err));
		CU_ASSERT_EQUAL(rc, -1);
		CU_ASSERT_PTR_NOT_NULL(strstr(err, cases[i].msg));
		if (rc != -1 || !strstr(err, cases[i].msg))
			printf("\n  case %zu: rc %d err '%s'\n", i, rc, err);
	}
}

/* A card with sustained figures (no cliff) of rd and wr MB/s. */
static void card_with(struct card *c, double rd_mbps, double wr_mbps, double p99_us)
{
	card_init(c);
	c->sustained_rd.found = c->sustained_wr.found = 1;
	c->sustained_rd.kbps = MBPS_KBPS(rd_mbps);
	c->sustained_wr.kbps = MBPS_KBPS(wr_mbps);
	c->sustained_rd.file_kb = c->sustained_wr.file_kb = 1 << 22;
	c->cold = 1;
	c->rd_p99_us = p99_us;
}

static struct verdicts v;

static void test_answers(void)
{
	static const char text[] =
		"stream | three | read | 737mbit | 3 | 200\n"
		"stream | one | read | 737mbit | 1 | 200\n"
		"batch | backup | write | 476837m | 8h\n"
		"batch | big | write | 476837m | 1h\n";
	struct card c;
	char err[IOSWEEP_ERR_MAX];

	CU_ASSERT_EQUAL_FATAL(verdict_parse_workloads(&wl, text, strlen(text), "t", err,
						      sizeof(err)), 0);
	/* 112 MB/s reads: one 92 MB/s stream fits, three do not */
	card_with(&c, 112, 40, 50000);
	verdict_judge(&v, &c, NULL, 0, &wl, 0);
	CU_ASSERT_EQUAL(v.nanswers, 4);
	CU_ASSERT_EQUAL(v.answers[0].yes, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(v.answers[0].answer, "no: 1 stream fits"));
	CU_ASSERT_DOUBLE_EQUAL(v.answers[0].margin, 112e6 / (3 * 737e6 / 8), 1e-9);
	CU_ASSERT_EQUAL(v.answers[1].yes, 1);
	/* 500 GB at 40 MB/s: 12500 s = 3.5 h, fits 8 h, not 1 h */
	CU_ASSERT_EQUAL(v.answers[2].yes, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(v.answers[2].answer, "about 3.5 h"));
	CU_ASSERT_EQUAL(v.answers[3].yes, 0);
	/* the rate fits but 1 in 100 reads takes 250 ms: no */
	card_with(&c, 112, 40, 250000);
	verdict_judge(&v, &c, NULL, 0, &wl, 0);
	CU_ASSERT_EQUAL(v.answers[1].yes, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(v.answers[1].answer, "250 ms"));
	/* no figure: cannot tell */
	card_init(&c);
	verdict_judge(&v, &c, NULL, 0, &wl, 0);
	CU_ASSERT_EQUAL(v.answers[0].yes, -1);
	/* estimated answers say so */
	card_with(&c, 112, 40, 50000);
	verdict_judge(&v, &c, NULL, 0, &wl, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(v.answers[0].answer, "(estimated)"));
}

/*
 * Measured streams (a streams.csv) answer the stream workloads of their
 * direction and rate: a count that kept every deadline says yes for it
 * and fewer; a count that missed says no for it and more; the sustained
 * figure then does not decide.  Another rate, or a mixed run, tells
 * nothing.
 */
static void test_measured_streams(void)
{
	static const char text[] =
		"stream | three | read | 737mbit | 3 | 200\n"
		"stream | one | read | 737mbit | 1 | 200\n"
		"stream | rec | write | 737mbit | 1 | -\n";
	/* 737 Mbit/s is 92,125,000 bytes/s: 1 stream kept every deadline, 2 missed */
	static const char csv[] =
		"streams,stream,mode,rate_bytes_per_s,fps,chunk_bytes,chunks,missed,"
		"worst_late_ms,first_miss_s,lat_mean_ms,lat_p50_ms,lat_p99_ms,lat_p999_ms,"
		"lat_max_ms,mb_per_s,background_mb_per_s\n"
		"1,1,read,92125000,24,3838542,240,0,0.000,-1.000,5,4,9,9,9,92.1,0\n"
		"2,1,read,92125000,24,3838542,240,3,310.500,2.1,5,4,9,9,9,90.0,0\n"
		"2,2,read,92125000,24,3838542,240,9,120.000,1.0,5,4,9,9,9,80.0,0\n"
		"1,1,read,1000000,24,41667,240,7,50.000,1.0,5,4,9,9,9,1.0,0\n";
	struct card c;
	char err[IOSWEEP_ERR_MAX];

	CU_ASSERT_EQUAL_FATAL(verdict_parse_workloads(&wl, text, strlen(text), "t", err,
						      sizeof(err)), 0);
	/* the sustained rate alone says three fit */
	card_with(&c, 400, 400, 5000);
	CU_ASSERT_EQUAL_FATAL(card_parse_streams_csv(&c, csv, strlen(csv), "s.csv", err,
						     sizeof(err)), 0);
	CU_ASSERT_EQUAL(c.streams.n, 3);
	verdict_judge(&v, &c, NULL, 0, &wl, 0);
	CU_ASSERT_EQUAL(v.answers[0].yes, 0);
	CU_ASSERT_STRING_EQUAL(v.answers[0].answer, "no, measured: 2 streams missed 12 of "
			       "480 deadlines, the worst 310 ms late");
	CU_ASSERT_EQUAL(v.answers[1].yes, 1);
	CU_ASSERT_STRING_EQUAL(v.answers[1].answer, "yes, measured: 1 stream kept every "
			       "deadline");
	/* no writing run: the recording stream is estimated */
	CU_ASSERT_EQUAL(v.answers[2].yes, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(v.answers[2].answer, "(estimated)"));
	/*
	 * one file, both directions at one rate: the write step answers the
	 * recording stream; a --mix step (its streams alternate) answers none
	 */
	static const char both[] =
		"streams,stream,mode,rate_bytes_per_s,fps,chunk_bytes,chunks,missed,"
		"worst_late_ms,first_miss_s,lat_mean_ms,lat_p50_ms,lat_p99_ms,lat_p999_ms,"
		"lat_max_ms,mb_per_s,background_mb_per_s\n"
		"1,1,read,92125000,24,3838542,240,0,0.000,-1.000,5,4,9,9,9,92.1,0\n"
		"1,1,write,92125000,24,3838542,240,0,0.000,-1.000,5,4,9,9,9,92.1,0\n"
		"3,1,read,92125000,24,3838542,240,0,0.000,-1.000,5,4,9,9,9,92.1,0\n"
		"3,2,write,92125000,24,3838542,240,0,0.000,-1.000,5,4,9,9,9,92.1,0\n"
		"3,3,read,92125000,24,3838542,240,0,0.000,-1.000,5,4,9,9,9,92.1,0\n";
	card_with(&c, 400, 400, 5000);
	CU_ASSERT_EQUAL_FATAL(card_parse_streams_csv(&c, both, strlen(both), "s.csv", err,
						     sizeof(err)), 0);
	CU_ASSERT_EQUAL(c.streams.n, 3);
	verdict_judge(&v, &c, NULL, 0, &wl, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(v.answers[0].answer, "(estimated)"));
	CU_ASSERT_STRING_EQUAL(v.answers[1].answer, "yes, measured: 1 stream kept every "
			       "deadline");
	CU_ASSERT_STRING_EQUAL(v.answers[2].answer, "yes, measured: 1 stream kept every "
			       "deadline");
	/* bad rows: one message naming the line */
	static const char bad[] = "streams,stream,mode,rate_bytes_per_s,x\n1,1,sideways,1,2,"
		"3,4,0,0,0,0,0,0,0,0,0,0\n";
	CU_ASSERT_EQUAL(card_parse_streams_csv(&c, bad, strlen(bad), "b.csv", err,
					       sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "b.csv:2: mode 'sideways'"));
	CU_ASSERT_EQUAL(card_parse_streams_csv(&c, "x,y\n", 4, "b.csv", err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "b.csv:1: not a streams.csv"));
}

static int has_line(const char (*lines)[VERDICT_TEXT], size_t n, const char *part)
{
	for (size_t i = 0; i < n; i++)
		if (strstr(lines[i], part))
			return 1;
	return 0;
}

static void test_bound(void)
{
	struct netbound_link giga, fast;
	struct card c;
	char err[IOSWEEP_ERR_MAX];

	CU_ASSERT_EQUAL_FATAL(netbound_parse_link("gigabit", &giga, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(netbound_parse_link("10gbe", &fast, err, sizeof(err)), 0);
	/*
	 * 117 MB/s over gigabit: the link; 40 MB/s writes to a share: below
	 * the link, and from here a slow disk and a slow client look alike
	 * (smbnetfs writes 15 MB/s to a NAS whose disk takes far more)
	 */
	card_with(&c, 117, 40, -1);
	verdict_judge(&v, &c, &giga, 1, NULL, 0);
	CU_ASSERT(has_line(v.lines, v.nlines, "reads are network-bound: 117 MB/s sustained is 94% of gigabit Ethernet"));
	CU_ASSERT(has_line(v.lines, v.nlines, "writes are below the link: 40 MB/s sustained is 32% of gigabit Ethernet; not the network"));
	CU_ASSERT(!has_line(v.lines, v.nlines, "disk-bound"));
	/* a fast disk behind 100 Mbit, written through a slow client: not called the disk's */
	struct netbound_link slow;
	CU_ASSERT_EQUAL_FATAL(netbound_parse_link("100mbit", &slow, err, sizeof(err)), 0);
	card_with(&c, 11, 8, -1);
	verdict_judge(&v, &c, &slow, 1, NULL, 0);
	CU_ASSERT(has_line(v.lines, v.nlines, "reads are network-bound"));
	CU_ASSERT(has_line(v.lines, v.nlines, "writes are below the link"));
	CU_ASSERT(!has_line(v.lines, v.nlines, "disk-bound"));
	/* a throttled local disk (nas-sim) with a fast link given: disk-bound both ways */
	card_with(&c, 42, 40, -1);
	verdict_judge(&v, &c, &fast, 0, NULL, 0);
	CU_ASSERT(has_line(v.lines, v.nlines, "reads are disk-bound"));
	CU_ASSERT(has_line(v.lines, v.nlines, "writes are disk-bound"));
	CU_ASSERT(!has_line(v.lines, v.nlines, "network-bound"));
	/* the same figures from a share behind that link: below it, not the disk's */
	verdict_judge(&v, &c, &fast, 1, NULL, 0);
	CU_ASSERT(has_line(v.lines, v.nlines, "reads are below the link"));
	CU_ASSERT(!has_line(v.lines, v.nlines, "network-bound"));
	/* faster than the link: a cache, as a warning */
	card_with(&c, 600, 40, -1);
	verdict_judge(&v, &c, &giga, 1, NULL, 0);
	CU_ASSERT(has_line(v.warnings, v.nwarnings, "faster than the link"));
}

static void test_cliff_and_warnings(void)
{
	struct card c;

	card_with(&c, 40, 40, -1);
	c.cliff_wr = (struct card_cliff){ .found = 1, .before_kb = 1 << 20,
		.after_kb = 1 << 22, .cache_kb = 2 << 20, .record_kb = 1024,
		.before_kbps = MBPS_KBPS(272), .after_kbps = MBPS_KBPS(40), .ratio = 6.8 };
	c.rows[CARD_SEQ1M_Q1T1].rd = (struct card_cell){ .found = 1, .kbps = MBPS_KBPS(50),
		.mbps = 50, .ci_pct = 12.5, .n = 3 };
	c.compress_ratio = 0.2;
	c.cached_pct_max = 90;
	verdict_judge(&v, &c, NULL, 0, NULL, 5.0);
	CU_ASSERT(has_line(v.lines, v.nlines,
			   "writes fall 6.8x after about 2.0 GB: the NAS's write cache"));
	CU_ASSERT(has_line(v.warnings, v.nwarnings, "too few trials for a 5% CI: SEQ1M Q1T1 read +/-12%"));
	CU_ASSERT(has_line(v.warnings, v.nwarnings, "compressible data: it shrinks to 20%"));
	CU_ASSERT(has_line(v.warnings, v.nwarnings, "client cache: 90%"));
	CU_ASSERT_DOUBLE_EQUAL(v.sustained_wr_kbps, MBPS_KBPS(40), 1e-6);
}

/*
 * A measured link (link.csv) replaces the one typed, and says so; with
 * the pool's own figures beside it the card names the slowest of the
 * three (issue 43).  And link.csv's reader refuses what is not one.
 */
static void test_measured_link(void)
{
	static const char csv[] =
		"schema,direction,streams,seconds,bytes,bytes_per_s,mbit_per_s,rtt_ms,"
		"rtt_min_ms,rtt_max_ms,source\n"
		"1,up,4,10.000,1176000000,117600000,940.8,,,,\n"
		"1,down,4,10.000,1172000000,117200000,937.6,,,,\n"
		"1,rtt,,,,,,0.210,0.180,0.402,\n";
	struct card c;
	struct netbound_link giga;
	char err[IOSWEEP_ERR_MAX] = "";

	CU_ASSERT_FATAL(netbound_parse_link("gigabit", &giga, NULL, 0) == 0);
	/* the share reads 113 MB/s and writes 60: one direction each way */
	card_with(&c, 113, 60, -1);
	CU_ASSERT_FATAL(card_parse_link_csv(&c, csv, strlen(csv), "l.csv", err,
					    sizeof(err)) == 0);
	CU_ASSERT(c.net.link_found);
	CU_ASSERT_DOUBLE_EQUAL(c.net.down_kbps, 117200000 / 1024.0, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(c.net.rtt_ms, 0.21, 1e-9);
	verdict_judge(&v, &c, &giga, 1, NULL, 0);
	CU_ASSERT(has_line(v.lines, v.nlines, "reads are network-bound: 113 MB/s sustained is 96% of the "
			       "measured link (117 MB/s from the NAS)"));
	CU_ASSERT(has_line(v.lines, v.nlines, "writes are below the link: 60 MB/s sustained is 51% of the "
			       "measured link (118 MB/s to the NAS)"));
	/* no pool: no three-way line */
	CU_ASSERT(!has_line(v.lines, v.nlines, "sets the pace: the pool"));
	c.net.pool_found = 1;
	c.net.pool_rd_kbps = MBPS_KBPS(410);
	c.net.pool_wr_kbps = MBPS_KBPS(58);
	verdict_judge(&v, &c, &giga, 1, NULL, 0);
	CU_ASSERT(has_line(v.lines, v.nlines, "reads: the network sets the pace: the pool reads 410 MB/s "
			       "locally, the link carries 117 MB/s, the share 113 MB/s"));
	CU_ASSERT(has_line(v.lines, v.nlines, "writes: the pool sets the pace: the pool writes 58 MB/s "
			       "locally, the link carries 118 MB/s, the share 60 MB/s"));
	/* a share faster than the link came from a cache here: no line */
	c.sustained_rd.kbps = MBPS_KBPS(400);
	verdict_judge(&v, &c, &giga, 1, NULL, 0);
	CU_ASSERT(!has_line(v.lines, v.nlines, "reads: the network sets the pace"));
	c.sustained_rd.kbps = MBPS_KBPS(70);
	verdict_judge(&v, &c, &giga, 1, NULL, 0);
	CU_ASSERT(has_line(v.lines, v.nlines, "reads: neither the pool nor the network sets the pace: the "
			       "pool reads 410 MB/s locally, the link carries 117 MB/s, the "
			       "share 70 MB/s"));

	static const struct { const char *text, *msg; } bad[] = {
		{ "schema,x\n", "l.csv:1: not a link.csv" },
		{ "schema,direction,streams,seconds,bytes,bytes_per_s,mbit_per_s,rtt_ms,"
		  "rtt_min_ms,rtt_max_ms,source\n1,up,4\n", "l.csv:2: expected 11 fields" },
		{ "schema,direction,streams,seconds,bytes,bytes_per_s,mbit_per_s,rtt_ms,"
		  "rtt_min_ms,rtt_max_ms,source\n1,sideways,4,1,1,1,1,,,,\n",
		  "l.csv:2: direction 'sideways'" },
		{ "schema,direction,streams,seconds,bytes,bytes_per_s,mbit_per_s,rtt_ms,"
		  "rtt_min_ms,rtt_max_ms,source\n1,up,4,1,1,-5,1,,,,\n",
		  "l.csv:2: bytes_per_s is not a positive number" },
		{ "schema,direction,streams,seconds,bytes,bytes_per_s,mbit_per_s,rtt_ms,"
		  "rtt_min_ms,rtt_max_ms,source\n1,up,4,1,1,5,1,,,,\n", "l.csv: no up and down" },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		card_init(&c);
		err[0] = '\0';
		CU_ASSERT(card_parse_link_csv(&c, bad[i].text, strlen(bad[i].text), "l.csv", err,
					      sizeof(err)) == -1);
		CU_ASSERT(strstr(err, bad[i].msg) != NULL);
		CU_ASSERT(!c.net.link_found);
	}
}

static void test_files_csv(void)
{
	static const char good[] =
		"trial,phase,job,calls,files,bytes,seconds,ops_per_s,files_per_s,mb_per_s,lat_p50_us,lat_p99_us,short_timing\n"
		"0,create,all,200,200,100,0.1,2000,2000,1.0,100,300,0\n"
		"0,create,0,200,200,100,0.1,2000,9999,1.0,100,300,0\n"
		"0,read,all,200,200,100,0.1,4000,4000,1.0,100,100,0\n"
		"1,create,all,200,200,100,0.1,1000,1000,1.0,100,500,0\n"
		"1,read,all,200,200,100,0.1,2000,2000,1.0,100,300,0\n"
		"1,mkdir,all,10,0,0,0.1,100,,,5,9,0\n";
	struct card c;
	char err[IOSWEEP_ERR_MAX] = "";

	card_init(&c);
	CU_ASSERT_EQUAL(card_parse_files_csv(&c, good, strlen(good), "f.csv", err, sizeof(err)), 0);
	CU_ASSERT_DOUBLE_EQUAL(c.files.create_fps, 1500, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(c.files.read_fps, 3000, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(c.files.create_p99_us, 400, 1e-9);
	CU_ASSERT_EQUAL(c.files.trials, 2);
	static const struct {
		const char *text, *msg;
	} bad[] = {
		{ "a,b\n", "f.csv:1: not a files.csv" },
		{ "trial,phase,job,x\n0,create,all\n", "f.csv:2: expected 13 fields" },
		{ "trial,phase,job,x\n0,create,all,1,1,1,1,1,x,1,1,1,0\n", "f.csv:2: not a number" },
		{ "trial,phase,job,x\n0,mkdir,all,1,1,1,1,1,1,1,1,1,0\n", "no create or read phase" },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		card_init(&c);
		CU_ASSERT_EQUAL(card_parse_files_csv(&c, bad[i].text, strlen(bad[i].text), "f.csv",
						     err, sizeof(err)), -1);
		CU_ASSERT_PTR_NOT_NULL(strstr(err, bad[i].msg));
		CU_ASSERT_EQUAL(c.files.found, 0);
	}
}

static void test_zfs(void)
{
	static const char csv[] = "figure,value\r\npool,iosweep-t\r\nlayout,raidz2:8\r\n"
		"log_bytes,268435456\r\ndataset.plain.used_bytes,1\r\n"
		"dataset.plain.recordsize,131072\r\ndataset.tuned.recordsize,4096\r\n";
	struct card_zfs_box b;
	struct card c;
	char err[256];

	CU_ASSERT_EQUAL(card_zfs_parse_box(&b, csv, sizeof(csv) - 1, "z.csv", err,
					   sizeof(err)), 0);
	CU_ASSERT_STRING_EQUAL(b.layout, "raidz2:8");
	CU_ASSERT_EQUAL(b.log_bytes, 268435456u);
	CU_ASSERT_EQUAL_FATAL(b.ndatasets, 2);
	CU_ASSERT_STRING_EQUAL(b.datasets[1].name, "tuned");
	CU_ASSERT_EQUAL(b.datasets[1].recordsize, 4096u);
	CU_ASSERT_EQUAL(card_zfs_parse_box(&b, "figure,value\npool,p\n", 20, "z.csv", err,
					   sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "z.csv: no layout row"));

	card_init(&c);
	c.zfs.n = 4;
	c.zfs.sets[0] = (struct card_zfs_set){ .layout = "raidz2:8", .recordsize = 131072,
		.sync_found = 1, .sync_mean_us = 1408390, .sync_max_us = 3110800,
		.seq_found = 1, .seq_wr_kbps = MBPS_KBPS(250) };
	c.zfs.sets[1] = (struct card_zfs_set){ .layout = "raidz2:8", .log = 1,
		.recordsize = 131072, .sync_found = 1, .sync_mean_us = 124420,
		.sync_max_us = 775500 };
	c.zfs.sets[2] = (struct card_zfs_set){ .layout = "raidz2:8", .recordsize = 4096,
		.sync_found = 1, .sync_mean_us = 1693710, .sync_max_us = 6480000 };
	c.zfs.sets[3] = (struct card_zfs_set){ .layout = "mirror:2", .recordsize = 131072,
		.seq_found = 1, .seq_wr_kbps = MBPS_KBPS(34) };
	verdict_judge(&v, &c, NULL, 0, NULL, 0);
	CU_ASSERT(has_line(v.lines, v.nlines, "4 KiB sync writes (RAIDz2 of 8, recordsize "
			   "128K): 1408.39 ms on average, 3110.8 ms worst; with a LOG device: "
			   "124.42 ms on average, 775.5 ms worst (11.3x lower)"));
	/* no LOG layout of its recordsize: said alone */
	CU_ASSERT(has_line(v.lines, v.nlines, "4 KiB sync writes (RAIDz2 of 8, recordsize "
			   "4K): 1693.71 ms on average, 6480.0 ms worst"));
	CU_ASSERT(!has_line(v.lines, v.nlines, "4 KiB sync writes (RAIDz2 of 8, recordsize "
			    "4K): 1693.71 ms on average, 6480.0 ms worst; with"));
	CU_ASSERT(has_line(v.lines, v.nlines, "1 MiB writes (RAIDz2 of 8, recordsize 128K) "
			   "outrun gigabit by a factor of 2.0: 250 MB/s against its 125 MB/s"));
	CU_ASSERT(has_line(v.lines, v.nlines, "1 MiB writes (mirror of 2, recordsize 128K) "
			   "do not outrun gigabit: 34 MB/s is 27% of its 125 MB/s"));

	/* no ZFS set: no ZFS line */
	card_with(&c, 40, 40, -1);
	verdict_judge(&v, &c, NULL, 0, NULL, 0);
	CU_ASSERT(!has_line(v.lines, v.nlines, "4 KiB sync writes"));
	CU_ASSERT(!has_line(v.lines, v.nlines, "1 MiB writes"));
}

/*
 * box.csv as `iosweep nas --agent` writes it: sdb at busy% and the CPU
 * at cpu% through the sweep, two intervals of two disks each.
 */
static void card_box_with(struct card *c, double busy, double cpu)
{
	char csv[1024], err[IOSWEEP_ERR_MAX] = "";

	snprintf(csv, sizeof(csv), "time_s,phase,seconds,cpu_busy_pct,disk,disk_busy_pct,"
		 "read_mb_per_s,write_mb_per_s,arc_bytes,arc_hit_pct\n"
		 "1.000,sweep,1.000,%.1f,sda,3.0,0.10,0.20,,\n"
		 "1.000,sweep,1.000,%.1f,sdb,%.1f,60.00,0.00,,\n"
		 "2.000,sweep,1.000,%.1f,sda,3.0,0.10,0.20,,\n"
		 "2.000,sweep,1.000,%.1f,sdb,%.1f,60.00,0.00,,\n", cpu, cpu, busy, cpu, cpu, busy);
	CU_ASSERT_FATAL(card_box_parse_csv(&c->box, csv, strlen(csv), "box.csv", err,
					   sizeof(err)) == 0);
}

static void test_box_verdict(void)
{
	struct card c;

	/* the pool alone reads 410, the link 117, the share 60 with sdb full */
	card_with(&c, 60, 60, -1);
	c.net.link_found = 1;
	c.net.down_kbps = MBPS_KBPS(117);
	c.net.up_kbps = MBPS_KBPS(118);
	c.net.pool_found = 1;
	c.net.pool_rd_kbps = MBPS_KBPS(410);
	c.net.pool_wr_kbps = MBPS_KBPS(58);
	verdict_judge(&v, &c, NULL, 1, NULL, 0);
	CU_ASSERT(has_line(v.lines, v.nlines, "reads: neither the pool nor the network sets "
			   "the pace: the pool reads 410 MB/s locally"));
	card_box_with(&c, 97, 30);
	verdict_judge(&v, &c, NULL, 1, NULL, 0);
	CU_ASSERT(has_line(v.lines, v.nlines, "reads: the pool sets the pace as the share uses "
			   "it: sdb was 97% busy while the share ran; the pool reads 410 MB/s "
			   "locally, the link carries 117 MB/s, the share 60 MB/s"));
	CU_ASSERT(!has_line(v.lines, v.nlines, "reads: neither"));
	/* the pool set the pace already: the busy disk backs it */
	CU_ASSERT(has_line(v.lines, v.nlines, "writes: the pool sets the pace: the pool writes "
			   "58 MB/s locally, the link carries 118 MB/s, the share 60 MB/s; sdb was "
			   "97% busy while the share ran"));
	/* a disk below 90% backs nothing; a busy CPU is named */
	card_box_with(&c, 89, 95);
	verdict_judge(&v, &c, NULL, 1, NULL, 0);
	CU_ASSERT(has_line(v.lines, v.nlines, "reads: the NAS's CPU sets the pace: it was 95% "
			   "busy while the share ran; the pool reads 410 MB/s locally"));
	card_box_with(&c, 50, 40);
	verdict_judge(&v, &c, NULL, 1, NULL, 0);
	CU_ASSERT(has_line(v.lines, v.nlines, "reads: neither the pool nor the network"));
	/* no pool measured: the busy disk alone names the pool */
	c.net.pool_found = 0;
	c.net.pool_rd_kbps = c.net.pool_wr_kbps = 0;
	card_box_with(&c, 99, 20);
	c.sustained_wr.kbps = MBPS_KBPS(115);
	verdict_judge(&v, &c, NULL, 1, NULL, 0);
	CU_ASSERT(has_line(v.lines, v.nlines, "reads: the pool sets the pace: sdb was 99% busy "
			   "while the share ran; the link carries 117 MB/s, the share 60 MB/s"));
	/* near the link, the network is the answer, however busy the disk */
	CU_ASSERT(!has_line(v.lines, v.nlines, "writes: the pool sets the pace"));
	/* a box sampled in other phases only says nothing about the sweep */
	c.box.phases[0].name[0] = 'x';
	verdict_judge(&v, &c, NULL, 1, NULL, 0);
	CU_ASSERT(!has_line(v.lines, v.nlines, "busy while the share ran"));
}

static const struct cu_case cases[] = {
	CU_CASE(test_shipped),
	CU_CASE(test_bad_lines),
	CU_CASE(test_answers),
	CU_CASE(test_measured_streams),
	CU_CASE(test_bound),
	CU_CASE(test_cliff_and_warnings),
	CU_CASE(test_files_csv),
	CU_CASE(test_measured_link),
	CU_CASE(test_zfs),
	CU_CASE(test_box_verdict),
	{ 0, 0 }
};

CU_MAIN("verdict", cases)
