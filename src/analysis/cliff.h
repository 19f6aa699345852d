/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cliff.h: cache cliffs, the drops in throughput as the file outgrows a
 * cache (CPU cache, page cache, a NAS's RAM).  Pure module: reads a result
 * set, never prints.
 *
 * Ownership: cliff_detect fills a cliff_list it owns; cliff_list_release
 * frees it.
 */
#ifndef IOSWEEP_CLIFF_H
#define IOSWEEP_CLIFF_H

#include <stddef.h>
#include <stdint.h>

struct result_set;

/* What a drop is. */
enum cliff_kind {
	CLIFF_KIND_CACHE,           /* the file outgrew a cache */
	CLIFF_KIND_WRITEBACK,       /* a write outgrew the client's dirty-page limit */
	CLIFF_KIND_CPU_CACHE        /* the file was in memory on both sides: it
				       outgrew the processor's cache */
};

/*
 * A drop is the CPU's cache when every full trial of the sizes from the
 * last before to the first after had at least this share of its file in
 * the page cache (cached_pct) as its pass began: see cliff.c.
 */
#define CLIFF_IN_MEMORY_PCT 99.0

struct cliff {
	int col;                    /* enum results_col */
	uint64_t record_kb;
	uint64_t before_kb;         /* last file size on the high plateau */
	uint64_t after_kb;          /* first file size on the low plateau */
	double level_before_kbps;   /* median of the plateau before */
	double level_after_kbps;    /* median of the plateau after */
	double ratio;               /* level_before / level_after (> 1) */
	double confidence;          /* 0..1 */
	uint64_t estimated_cache_kb;
	int finding;                /* index of the group it belongs to */
	int kind;                   /* enum cliff_kind */
	int edge;                   /* after_kb is the sweep's last size: extend -g */
};

/*
 * One finding: a group of aligned cliffs of one kind, the figures its
 * sentence tells (cliffout_sentence in report/cliffout.h).
 */
struct cliff_finding {
	int kind;                   /* enum cliff_kind of its cliffs */
	uint32_t cols_mask;         /* bit (1u << col) per test that falls */
	double ratio_min, ratio_max;
	uint64_t before_kb;         /* the sizes they all fall between (where no */
	uint64_t after_kb;          /*   one pair is shared: the span of them all) */
	uint64_t cache_kb;          /* median of the cliffs' estimates */
	uint64_t record_min_kb, record_max_kb;
	int edge;                   /* one of them lies at the edge of the sweep */
};

struct cliff_list {
	struct cliff *items;
	size_t n;
	struct cliff_finding *findings; /* one per group of aligned cliffs */
	size_t nfindings;
	uint64_t ram_kb;            /* the set's RAM (0 unknown), for the sentences */
	int cold_share;             /* --cold reads of a share (a network or FUSE
				       file system): this computer's page cache
				       was dropped before each read, so a read
				       cache that falls is the server's */
};

/* "cache", "write-back", "cpu-cache": cliffs.csv's kind. */
const char *cliff_kind_name(int kind);

int cliff_detect(const struct result_set *rs, struct cliff_list *out,
		 char *err, size_t errlen);
void cliff_list_release(struct cliff_list *l);

/*
 * --refine-cliffs: the file sizes to measure next (same record size and
 * tests) to narrow the cliff c, strictly between before_kb and after_kb,
 * evenly spaced on a log axis, multiples of record_kb, at most
 * min(max, 3) of them.  *n = 0 when the cliff is already precise (see
 * cliff_precise) or no size fits.  Measure them, add the cells to the
 * result set, run cliff_detect again and repeat until every cliff is
 * precise or the time limit is reached.  0, or -1 on a bad cliff.
 */
int cliff_refine_sizes(const struct cliff *c, uint64_t *sizes_kb, size_t max,
		       size_t *n);

/*
 * Is the cache size of c known to within 5 %: after/before <= 1.1025, so
 * the geometric mean is within 5 % of either end.
 */
int cliff_precise(const struct cliff *c);

/*
 * The pieces the cliffs in time (cliff_time.h) share with the cliffs
 * over file size.  cliff_median: the median of x[0..n), n > 0, sorting
 * x in place.  cliff_confidence: 1 - p of a step between the medians of
 * nb and na points with noise sigma per point (the top of cliff.c).
 * cliff_is_writeback: does a drop of column col after cache_kb, in a set
 * with flags (RESULTS_F_*) on a machine of ram_kb, lie where the
 * client's dirty-page limit lies (buffered writes, 3-60 % of RAM)?
 */
double cliff_median(double *x, size_t n);
double cliff_confidence(double step, double sigma, size_t nb, size_t na);
int cliff_is_writeback(int col, unsigned flags, uint64_t ram_kb, uint64_t cache_kb);

#endif
