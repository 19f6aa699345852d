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
};

struct cliff_list {
	struct cliff *items;
	size_t n;
	char **findings;            /* one sentence per group of aligned cliffs */
	size_t nfindings;
};

int cliff_detect(const struct result_set *rs, struct cliff_list *out,
		 char *err, size_t errlen);
void cliff_list_release(struct cliff_list *l);

#endif
