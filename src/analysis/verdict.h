/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * verdict.h: the card's answers in plain words, each with the measured
 * figure it rests on: network- or disk-bound (netbound.h), the cache
 * cliff, will-it-work for the workloads of a .workloads file, and the
 * warnings that say when a figure does not measure the NAS.
 *
 * A .workloads file (data/nas.workloads is the shipped one) has a line
 * per workload, fields separated by '|', '#' comments:
 *   stream | NAME | read|write | RATE | STREAMS | P99_MS
 *     STREAMS streams of RATE each (a --link rate: 737mbit, 25MB), and
 *     the most a read may take at the 99th percentile ("-": no limit);
 *   batch  | NAME | read|write | SIZE | WINDOW
 *     SIZE (64k, 500g) moved within WINDOW (30m, 8h).
 *
 * Pure module: never prints; the strings live in the structs.
 */
#ifndef IOSWEEP_VERDICT_H
#define IOSWEEP_VERDICT_H

#include <stddef.h>
#include <stdint.h>

struct card;
struct netbound_link;

#define VERDICT_MAX_WORKLOADS 64
#define VERDICT_MAX_LINES 24
#define VERDICT_TEXT 384

enum verdict_wl_kind { VERDICT_WL_STREAM, VERDICT_WL_BATCH };

struct verdict_workload {
	int kind;               /* enum verdict_wl_kind */
	char name[96];
	int write;              /* 1: the workload writes */
	double rate_kbps;       /* stream: each stream's rate, kB/s */
	unsigned streams;
	double p99_ms;          /* stream: most a read may take; 0 no limit */
	uint64_t size_kb;       /* batch */
	uint64_t window_ms;     /* batch */
	unsigned line;
};

struct verdict_workloads {
	struct verdict_workload items[VERDICT_MAX_WORKLOADS];
	size_t n;
};

/* Parse a .workloads text; where names it in messages ("FILE:LINE: why"). */
int verdict_parse_workloads(struct verdict_workloads *w, const char *text, size_t len,
			    const char *where, char *err, size_t errlen);

/* One answer of the will-it-work table. */
struct verdict_answer {
	char name[96];
	char need[64];          /* "3 x 737 Mbit/s = 264 MB/s" */
	int yes;                /* 1 yes, 0 no, -1 cannot tell */
	char answer[160];       /* "no: 1 stream fits" */
	double margin;          /* have / need (> 1: room left); 0 unknown */
	int measured;           /* 1: a streams run (iosweep streams) answered */
};

struct verdicts {
	char lines[VERDICT_MAX_LINES][VERDICT_TEXT];   /* the findings */
	size_t nlines;
	char warnings[VERDICT_MAX_LINES][VERDICT_TEXT];
	size_t nwarnings;
	struct verdict_answer answers[VERDICT_MAX_WORKLOADS];
	size_t nanswers;
	double sustained_rd_kbps, sustained_wr_kbps;    /* what the answers used */
};

/*
 * Judge the card: link may be NULL (none given); network_fs: the target
 * is a network file system; ci_pct the asked CI (0: none asked).
 */
void verdict_judge(struct verdicts *v, const struct card *c,
		   const struct netbound_link *link, int network_fs,
		   const struct verdict_workloads *w, double ci_pct);

#endif
