/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cliff_level.h: the levels and the cache estimate of a descent that
 * cliff.c found and judged (cliff_level.c), and what the two share: the
 * thresholds, a series' points, the judge's context.  Not for use
 * outside analysis/cliff*.c.
 */
#ifndef IOSWEEP_CLIFF_LEVEL_H
#define IOSWEEP_CLIFF_LEVEL_H

#include <stddef.h>
#include <stdint.h>

#define CLIFF_PI 3.14159265358979323846   /* M_PI is not in ISO C or base POSIX */

#define CLIFF_MIN_RATIO        1.8   /* plateau ratio, >= 2 trials */
#define CLIFF_MIN_RATIO_SINGLE 2.5   /* plateau ratio, 1 trial */
#define CLIFF_MIN_Z            4.0   /* step / noise, >= 2 trials */
#define CLIFF_MIN_Z_SINGLE     6.0   /* step / noise, 1 trial */
#define CLIFF_MIN_RATIO_CLEAN  1.6   /* ratio when the evidence is clean: */
#define CLIFF_CLEAN_Z          10.0  /*   step / noise, >= 2 trials, sides apart */
#define CLIFF_CLEAN_Z_SINGLE   8.0   /*   step / noise, 1 trial, 3 sizes before, 2 after */
#define CLIFF_MIN_RATIO_EDGE   12.0  /* 1 trial, only the last size after */
#define CLIFF_EDGE_Z           8.0
#define CLIFF_DENT_RATIO       1.1   /* a write-back limit dents the size above it */
#define CLIFF_DIRTY_LO         0.03  /* a write-back drop lies at this share */
#define CLIFF_DIRTY_HI         0.6   /*   of RAM (see is_writeback) */
#define CLIFF_SEED_RATIO       1.25  /* a step this steep starts a candidate */
#define CLIFF_STAIR_RATIO      1.1   /* a fall goes on in steps this steep */
#define CLIFF_JOIN_SHARE       0.5   /* a neighbouring step this share of it joins */
#define CLIFF_NOISE_WINDOW     4     /* steps each side for the local noise */
#define CLIFF_STRIDE_MIN_RECS  64    /* stride read: fewer records wrap, */
#define CLIFF_STRIDE_ANY_KB    65536 /*   which matters only in CPU caches */
#define CLIFF_PLATEAU_RATIO    1.35  /* spread allowed within one plateau */
#define CLIFF_PARTLY_RATIO     1.05  /* a size this far above the rest after a
					cliff is partly cached (settled_level) */
#define CLIFF_HELD_AGREE       1.2   /* sizes partly cached that agree on how
					 much the cache held (cliff_level.c) */
#define CLIFF_HELD_SIZES       3     /*   so many of them (cliff_level.c) */
#define CLIFF_NOISE_FLOOR      0.02  /* log units: 2 % */
#define CLIFF_MIN_TIMED_S      1e-4  /* shorter cells are clock noise */
#define CLIFF_REFINE_TARGET    1.1025 /* after/before for a 5 % estimate */
#define CLIFF_REFINE_PER_ROUND 3

struct cliff_point {
	uint64_t file_kb;
	double level;   /* median of ln(kB/s) over the trials */
	double lo, hi;  /* min and max of ln(kB/s) */
	double var;     /* sample variance of ln(kB/s); 0 with one trial */
	size_t n;       /* trials */
	double cached;  /* least cached_pct of the trials; -1 unknown */
};

/* What the judge needs to know of the series and the set. */
struct cliff_ctx {
	int col;
	uint64_t ram_kb;
	unsigned flags;     /* RESULTS_F_* */
};

#define median_inplace cliff_level_median

/* Where a write-back drop lies and the limit (cliff_writeback_after). */
struct cliff_cut {
	uint64_t before_kb, after_kb, cache_kb;
};

/* The median of x[0..n), n > 0, sorting x in place. */
double cliff_level_median(double *x, size_t n);

double cliff_pooled_sd(const struct cliff_point *p, size_t i, size_t j);
double cliff_median_levels(const struct cliff_point *p, size_t i, size_t j, double *scratch);
uint64_t cliff_estimate_cache(const struct cliff_point *p, size_t a, size_t b,
			      double lb, double la);
int cliff_col_writes(int col);
double cliff_write_level(const struct cliff_point *p, size_t from, size_t e,
			 double ls, double *dev, double *c0);
double cliff_writeback_after(const struct cliff_point *p, size_t i0, size_t a,
			     size_t e, double lb, double ls, double sigma,
			     double *scratch, struct cliff_cut *c);
double cliff_settled_level(const struct cliff_point *p, size_t s0, size_t e,
			   uint64_t cache_kb, double *scratch);
uint64_t cliff_partial_estimate(const struct cliff_point *p, size_t a, size_t e,
				double lb, double ls, size_t *lo, double *scratch);

#endif
