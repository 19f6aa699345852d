/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cliff_level.c: the figures of a cliff found by cliff.c: the levels
 * before and after it (a read's settled level, a write's fitted device
 * speed, a write-back limit) and where the cache ends (see cliff.c's
 * top for the rules, and cliff_level.h).
 */
#include "compat.h"

#include <math.h>
#include <stdlib.h>

#include "analysis/cliff_level.h"
#include "model/results.h"

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a > b) - (a < b);
}

double cliff_level_median(double *x, size_t n)
{
	qsort(x, n, sizeof(*x), cmp_double);
	return n % 2 ? x[n / 2] : 0.5 * (x[n / 2 - 1] + x[n / 2]);
}


/* Pooled trial standard deviation over points [i, j]. */
double cliff_pooled_sd(const struct cliff_point *p, size_t i, size_t j)
{
	double sum = 0.0;
	size_t df = 0;
	for (size_t k = i; k <= j; k++) {
		if (p[k].n < 2)
			continue;
		sum += p[k].var * (double)(p[k].n - 1);
		df += p[k].n - 1;
	}
	return df ? sqrt(sum / (double)df) : 0.0;
}

double cliff_median_levels(const struct cliff_point *p, size_t i, size_t j,
			    double *scratch)
{
	size_t n = 0;
	for (size_t k = i; k <= j; k++)
		scratch[n++] = p[k].level;
	return median_inplace(scratch, n);
}

/* Cache size estimate for a descent (see the top of the file). */
uint64_t cliff_estimate_cache(const struct cliff_point *p, size_t a, size_t b,
			       double lb, double la)
{
	double xa = log((double)p[a].file_kb), xb = log((double)p[b].file_kb);
	double x = 0.5 * (xa + xb);
	if (b - a > 1) {
		double mid = 0.5 * (lb + la);
		for (size_t k = a; k < b; k++) {
			double y0 = p[k].level, y1 = p[k + 1].level;
			if (y0 >= mid && y1 <= mid && y0 > y1) {
				double x0 = log((double)p[k].file_kb);
				double x1 = log((double)p[k + 1].file_kb);
				x = x0 + (y0 - mid) / (y0 - y1) * (x1 - x0);
				break;
			}
		}
	}
	return (uint64_t)llround(exp(x));
}

/*
 * The device's speed past a write-back drop: a file of F kB past the
 * dirty limit D takes D/m + (F - D)/d seconds, linear in F with slope
 * 1/d and intercept D (1/m - 1/d), so the least-squares line of seconds
 * against size over the points [b, e] gives d where the figures
 * themselves (F / time) only creep towards it, and with m, the level
 * before, the limit D itself.  0 when it cannot be fitted (fewer than two
 * points, a slope that is not positive).
 */
static double writeback_fit(const struct cliff_point *p, size_t b, size_t e,
			    double *intercept_s)
{
	*intercept_s = 0.0;
	if (e <= b)
		return 0.0;
	double sx = 0.0, sy = 0.0, sxx = 0.0, sxy = 0.0, n = (double)(e - b + 1);
	for (size_t k = b; k <= e; k++) {
		double x = (double)p[k].file_kb, y = x / exp(p[k].level);
		sx += x;
		sy += y;
		sxx += x * x;
		sxy += x * y;
	}
	double den = n * sxx - sx * sx;
	double slope = den > 0.0 ? (n * sxy - sx * sy) / den : 0.0;
	if (!(slope > 0.0))
		return 0.0;
	*intercept_s = (sy - slope * sx) / n;
	return 1.0 / slope;
}

/* Columns that write (a write-back limit can show only there). */
int cliff_col_writes(int col)
{
	switch (col) {
	case RC_WRITE: case RC_REWRITE: case RC_RANDOM_WRITE: case RC_RECORD_REWRITE:
	case RC_FWRITE: case RC_FREWRITE: case RC_PWRITE: case RC_REPWRITE:
	case RC_PWRITEV: case RC_REPWRITEV:
		return 1;
	default:
		return 0;
	}
}

/*
 * The level after a drop in a write test: a write cache (the client's
 * dirty pages, a controller's cache with -e) takes the first C bytes
 * fast and the rest at the device's speed, so the figures past the drop
 * creep down towards it; the fitted speed (writeback_fit) over the sizes
 * [from, e], kept between half the slowest figure there and the settled
 * level ls.  *dev and *c0 get the fit (*dev 0 when none).
 */
double cliff_write_level(const struct cliff_point *p, size_t from, size_t e,
			  double ls, double *dev, double *c0)
{
	*dev = writeback_fit(p, from, e, c0);
	if (!(*dev > 0.0))
		return ls;
	double slowest = p[from].level;
	for (size_t q = from; q <= e; q++)
		slowest = fmin(slowest, p[q].level);
	return fmin(ls, fmax(log(*dev), slowest + log(0.5)));
}

/*
 * A write-back drop begins right after the last size within the dirty
 * limit and then creeps down (see writeback_fit): the sizes past a are
 * all over the limit, so the drop is (a, a + 1), the device's speed the
 * fitted one (kept between half the slowest figure after the drop and
 * the settled level ls), and the limit the fitted D when it falls
 * between the two sizes; a fitted D just under a, whose figure it dents
 * by more than the noise, moves the drop to (a - 1, a).  Returns the log
 * level after; sets *c.
 */
double cliff_writeback_after(const struct cliff_point *p, size_t i0, size_t a,
			      size_t e, double lb, double ls, double sigma,
			      double *scratch, struct cliff_cut *c)
{
	double dev, c0;
	double after = cliff_write_level(p, a + 1, e, ls, &dev, &c0);
	size_t lo = a;
	double lim_kb = 0.0;
	if (dev > 0.0) {
		double inv = 1.0 / dev - 1.0 / exp(lb);
		lim_kb = inv > 0.0 ? -c0 / inv : 0.0;
		/* a limit just under the plateau's last size dents it: moved
		 * when the dent stands out of the noise */
		if (a > i0 + 1 && lim_kb > (double)p[a - 1].file_kb &&
		    lim_kb < (double)p[a].file_kb &&
		    cliff_median_levels(p, i0, a - 1, scratch) - p[a].level >=
		    fmax(3.0 * sigma, log(CLIFF_DENT_RATIO)))
			lo = a - 1;
	}
	c->before_kb = p[lo].file_kb;
	c->after_kb = p[lo + 1].file_kb;
	if (lim_kb > (double)c->before_kb && lim_kb < (double)c->after_kb)
		c->cache_kb = (uint64_t)llround(lim_kb);
	else
		c->cache_kb = (uint64_t)llround(sqrt((double)c->before_kb *
							       (double)c->after_kb));
	return after;
}

/*
 * The level a read curve settles at past a cache of cache_kb: the median
 * of the settled run [s0, e] less its first sizes, smaller than twice the
 * cache, while each reads faster than every size of twice the cache or
 * more by more than their spread (three standard deviations of their
 * trials or, larger, of their levels; at least CLIFF_PARTLY_RATIO).  Those sizes are partly cached and read
 * faster than the device: behind nas-sim's 64 MB cache, 60 and 64 MB read
 * at 65 MB/s and 128 and 256 MB at the disk's 41 MB/s, and the median of
 * all four was 20 % over; a 256 MB file behind a 245 MB cache lifted it by
 * 3-15 %.  The level after is the device's speed.  Noise alone seldom
 * lifts a size above every larger one; without a size of twice the cache
 * nothing is left out.
 */
double cliff_settled_level(const struct cliff_point *p, size_t s0, size_t e,
			    uint64_t cache_kb, double *scratch)
{
	size_t far = s0;

	while (far <= e && p[far].file_kb < 2 * cache_kb)
		far++;
	if (far <= e) {
		double top = p[far].level;
		for (size_t q = far + 1; q <= e; q++)
			top = fmax(top, p[q].level);
		/* the far sizes' own scatter stands in for single trials' */
		double mean = 0.0, ss = 0.0;
		for (size_t q = far; q <= e; q++)
			mean += p[q].level / (double)(e - far + 1);
		for (size_t q = far; q <= e; q++)
			ss += (p[q].level - mean) * (p[q].level - mean);
		double scatter = e > far ? sqrt(ss / (double)(e - far)) : 0.0;
		double spread = fmax(log(CLIFF_PARTLY_RATIO),
				     3.0 * fmax(cliff_pooled_sd(p, far, e), scatter));
		while (s0 < far && p[s0].level - top > spread)
			s0++;
	}
	return cliff_median_levels(p, s0, e, scratch);
}


/*
 * Where a read's cache ends, told by the sizes read partly from it.  A
 * file of F kB that the cache holds C kB of reads in t = C/f + (F - C)/s
 * seconds, f the cache's speed (the level before) and s the device's
 * (the level after), so each such size tells what the cache held of it:
 * C = (F/s - t) / (1/s - 1/f).  A size counts as partly cached when it
 * reads CLIFF_PLATEAU_RATIO below the level before and as far above the
 * level after: nearer either, the noise would rule C.
 *
 * A cache that keeps a part of its size of every larger file (ZFS's ARC)
 * gives the same C at every such size, and C is then its size.  Behind
 * Samba, an ARC capped at 128 MB over a disk of 5 MB/s read 47 MB/s at
 * 128 MB, 23 at 152, 14 at 181 and 10 at 215 (refined sizes): each held
 * 121-127 MB, where the crossing of the mid level (cliff_estimate_cache)
 * put the cache at 152-181 MB.  A cache that keeps no fixed share (an
 * LRU page cache, which other files share) gives one partly cached size
 * or Cs that disagree, and C is then only a lower bound; two sizes may
 * agree by chance or for one test's own reasons (xfs's stride read with
 * 8 MB records held 238-253 MB of its 256 and 512 MB files, every other
 * test read 256 MB whole from a cache of about 390 MB).  So the estimate
 * is the median C only when CLIFF_HELD_SIZES sizes or more agree within
 * CLIFF_HELD_AGREE (--refine-cliffs puts three inside a fall), kept
 * between p[a] (read wholly from the cache) and the smallest size it did
 * not hold whole; 0 otherwise.
 */
uint64_t cliff_partial_estimate(const struct cliff_point *p, size_t a, size_t e,
				double lb, double ls, size_t *lo, double *scratch)
{
	double f = exp(lb), s = exp(ls), margin = log(CLIFF_PLATEAU_RATIO);
	double smallest = 0.0, least = 0.0, most = 0.0;
	size_t n = 0;

	if (!(f > s))
		return 0;
	for (size_t k = a + 1; k <= e; k++) {
		if (p[k].level > lb - margin || p[k].level < ls + margin)
			continue;
		double F = (double)p[k].file_kb, t = F / exp(p[k].level);
		double c = (F / s - t) / (1.0 / s - 1.0 / f);
		if (!(c > 0.0))
			return 0;
		least = n ? fmin(least, c) : c;
		most = n ? fmax(most, c) : c;
		scratch[n++] = c;
		if (smallest == 0.0 || F < smallest)
			smallest = F;
	}
	if (n < CLIFF_HELD_SIZES || most > CLIFF_HELD_AGREE * least)
		return 0;
	double est = fmin(fmax(median_inplace(scratch, n), (double)p[a].file_kb), smallest);
	*lo = a;
	while (*lo < e && (double)p[*lo + 1].file_kb <= est)
		(*lo)++;
	return (uint64_t)llround(est);
}
