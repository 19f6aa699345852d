/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cliff_time.h: cliffs in time, the falls inside one pass that stay
 * down (a write cache filling, the client's dirty-page limit reached, an
 * SSD's SLC cache used up), found in a timeline (timeline.h).  Pure
 * module: reads rows, never prints.
 *
 * Ownership: cliff_time_detect fills a list it owns;
 * cliff_time_release frees it.
 */
#ifndef IOSWEEP_CLIFF_TIME_H
#define IOSWEEP_CLIFF_TIME_H

#include <stddef.h>
#include <stdint.h>

struct timeline;

struct tcliff {
	int col;                    /* the pass: enum results_col, */
	uint64_t file_kb, record_kb; /*  sizes, */
	uint16_t trial;             /*   trial */
	int32_t client;             /*   and client (timeline_row's) */
	size_t row;                 /* the timeline's first row after the fall */
	double at_s;                /* seconds into the pass where it falls */
	uint64_t at_bytes;          /* bytes moved before it falls */
	double level_before_kbps;   /* median of the intervals before */
	double level_after_kbps;    /* median of the intervals after */
	double ratio;               /* before / after (> 1) */
	double confidence;          /* 0..1 */
	int kind;                   /* CLIFF_KIND_WRITEBACK or CLIFF_KIND_CACHE */
};

struct tcliff_list {
	struct tcliff *items;
	size_t n;
};

/*
 * The cliffs in time of every pass of t; where t holds totals (throughput
 * mode's children, iosweep-mpi's clients), of the totals' passes alone.
 * ram_kb (0: unknown) and flags
 * (RESULTS_F_*) tell write-back from a cache as the cliffs over file
 * size do (cliff_is_writeback).  0, or -1 with err (out of memory).
 */
int cliff_time_detect(const struct timeline *t, uint64_t ram_kb, unsigned flags,
		      struct tcliff_list *out, char *err, size_t errlen);
void cliff_time_release(struct tcliff_list *l);

#endif
