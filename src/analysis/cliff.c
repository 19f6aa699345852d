/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cliff.c: find cache cliffs in a result set (see cliff.h).
 *
 * Per column (test) and record size, throughput against file size is a
 * few plateaus (CPU cache, client page cache, a NAS's RAM, the disk)
 * joined by drops.  We work on the natural log of kB/s, where a drop of
 * the same ratio is the same step wherever it happens, in five stages:
 *
 *   1. Series.  Each file size becomes a point: the median of its trials'
 *      log throughput, their min, max and variance.  Cells timed for less
 *      than CLIFF_MIN_TIMED_S (file size / rate) are left out: there the
 *      clock and the system-call overhead, not a cache, set the figure
 *      (IOzone's 64 kB cells vary 10x from one cell to the next).
 *   2. Noise.  The point-to-point scatter of the series (the median
 *      absolute deviation of consecutive differences, which a trend or a
 *      cliff or two does not inflate), the trials' own spread at the
 *      points involved, and a floor of 2 %, whichever is largest.
 *   3. Descents.  A step down by at least CLIFF_SEED_RATIO and two noise
 *      widths starts a candidate; neighbouring steps that also go down
 *      join it, so a drop spread over two sizes is one cliff; in a read,
 *      so do the steps after it while each falls CLIFF_STAIR_RATIO or
 *      more (a cache that keeps part of every larger file, ZFS's ARC,
 *      falls in a staircase of 1.2-2.6x steps once --refine-cliffs fills
 *      in the sizes).  The plateau
 *      before is the run of sizes ending at the descent whose levels stay
 *      within CLIFF_PLATEAU_RATIO (or three noise widths) of its last
 *      point, never reaching back past the previous descent; the plateau
 *      after likewise.  Levels are the medians of the plateaus.
 *   4. Tests.  The plateau before holds at least two sizes (one point
 *      between two falls is the tail of a partly cached file, not a
 *      plateau), and no size after the drop, up to the next one, climbs
 *      back to the plateau before.  The step is the smaller of the drops
 *      to the plateau right after and to where the curve settles (the run
 *      at the end of the stretch up to the next descent): a slow slope
 *      has no flat stretch after its first steep step, and a curve that
 *      recovers part of the way must still have fallen.  With two or more
 *      trials at both edges: ratio >= 1.8, step >= 4 noise widths and the
 *      trials at the two edges apart; or, when the evidence is clean,
 *      ratio >= 1.6, step >= 10 noise widths and every trial of the
 *      plateau before above every trial after (a NAS read at gigabit
 *      speed from its cache and at 60 MB/s from its disks).  With one
 *      trial (imported reports): ratio >= 2.5 and step >= 6 noise widths,
 *      or ratio >= 1.6, 8 noise widths, three sizes before and two after;
 *      at the last size of the series only a fall whose first step is
 *      12x by itself.
 *   5. Kind and levels.  The level after a fall in a read test leaves
 *      out the sizes just past it that still read faster than the larger
 *      ones (settled_level): partly cached, they are not the device's
 *      speed.  A drop in a buffered write test at 3-60 % of the
 *      RAM is write-back (is_writeback); its level after and the limit
 *      come from a straight-line fit of time against size
 *      (writeback_fit), as does the level after of any write test; a
 *      drop at the last size is marked as the edge of the sweep.  A
 *      drop whose sizes, from the last before to the first after, were
 *      all in memory in every trial (cached_pct >= CLIFF_IN_MEMORY_PCT,
 *      without -I) is the CPU's cache: no byte came from the storage.
 *      99 %, not 95: a pass that reads a twentieth of its file from a
 *      disk twenty times slower than memory already runs at half speed,
 *      and a hundredth of the pages is still mincore's rounding on a
 *      small file.
 *
 * The confidence is 1 - p, where p is the one-sided normal probability of
 * noise alone making a step this large between the two plateau medians
 * (each median of n points has a spread of sigma * sqrt(pi / 2n)), times
 * 0.9 for single-trial data and 0.9 when only one size follows the drop.
 *
 * The cache size estimate: for a drop between two neighbouring sizes, the
 * cache lies somewhere in between and the geometric mean (the middle on a
 * log axis) is the best single guess, off by at most sqrt(after/before);
 * for a descent over several sizes, the size where the curve crosses the
 * mid level (on log-log axes), interpolated linearly; and a read's drop
 * is then the step that crosses it, or its first step when that alone
 * falls 12x (it outgrew the cache there; the sizes down to the device's
 * speed are its partly cached tail).  Where three sizes or more past a
 * read's fall were read partly from the cache and agree on how much of
 * them it held, that amount is the estimate (cliff_partial_estimate in
 * cliff_level.c).
 *
 * Cliffs whose (before, after) intervals overlap, across record sizes and
 * tests, form one finding: its figures (struct cliff_finding), which
 * report/cliffout.c puts in a sentence.
 */
#include "compat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cliff.h"
#include "analysis/cliff_level.h"
#include "lib/err.h"
#include "model/results.h"
#include "platform/mountinfo.h"

double cliff_confidence(double step, double sigma, size_t nb, size_t na)
{
	double se = sigma * sqrt(CLIFF_PI / 2.0) * sqrt(1.0 / (double)nb + 1.0 / (double)na);
	return 1.0 - 0.5 * erfc(step / se / sqrt(2.0));
}

double cliff_median(double *x, size_t n)
{
	return cliff_level_median(x, n);
}

/*
 * Is a drop in column col near cache_kb a write-back limit?  Buffered
 * writes (no -e, -o, -+D, -I: those put the device inside the timing)
 * whose drop lies where the client's dirty-page limit lies, between
 * CLIFF_DIRTY_LO and CLIFF_DIRTY_HI of its RAM (Linux's dirty_ratio is
 * 20 % of the memory it can use, dirty_background_ratio 10 %; other
 * systems are alike).  Unknown RAM (old IOzone reports): a cache.
 */
int cliff_is_writeback(int col, unsigned flags, uint64_t ram_kb, uint64_t cache_kb)
{
	const unsigned sync = RESULTS_F_FSYNC | RESULTS_F_OSYNC | RESULTS_F_ODSYNC |
			      RESULTS_F_DIRECT;
	if (!cliff_col_writes(col) || (flags & sync) || ram_kb == 0)
		return 0;
	double share = (double)cache_kb / (double)ram_kb;
	return share >= CLIFF_DIRTY_LO && share <= CLIFF_DIRTY_HI;
}

static int is_wb(const struct cliff_ctx *cx, int col, uint64_t cache_kb)
{
	return cliff_is_writeback(col, cx->flags, cx->ram_kb, cache_kb);
}

struct cliff_descent {
	size_t a, b;    /* last index before, first index after */
	size_t cut;     /* b before a read's staircase joined (span_cut) */
	double sigma;   /* local noise at the seed step (log units) */
};

static int cmp_u64(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
	return (a > b) - (a < b);
}

/*
 * Robust point-to-point noise around step i (between points i and i+1):
 * the median of the absolute differences between consecutive points
 * within CLIFF_NOISE_WINDOW steps (the steps skip_lo .. skip_hi - 1, the fall
 * itself, left out), scaled to the
 * standard deviation of one point.  Not centred on the median difference:
 * a zigzag series would look smooth, and a trend only makes us more
 * careful.  Local, so the noisy small-file cells do not hide a clean cliff
 * at large sizes.  0 when fewer than 3 differences are at hand.
 */
static double local_noise(const struct cliff_point *p, size_t np, size_t i,
			  size_t skip_lo, size_t skip_hi, double *scratch)
{
	size_t lo = i > CLIFF_NOISE_WINDOW ? i - CLIFF_NOISE_WINDOW : 0;
	size_t hi = i + CLIFF_NOISE_WINDOW < np - 1 ? i + CLIFF_NOISE_WINDOW : np - 2;
	size_t nd = 0;
	for (size_t j = lo; j <= hi; j++)
		if (j < skip_lo || j >= skip_hi)
			scratch[nd++] = fabs(p[j + 1].level - p[j].level);
	if (nd < 3)
		return 0.0;
	/* median |difference| -> sd of a difference, then of one point */
	return 1.4826 * median_inplace(scratch, nd) / sqrt(2.0);
}

static int list_push(struct cliff_list *l, size_t *alloc, const struct cliff *c)
{
	if (l->n == *alloc) {
		size_t want = *alloc ? *alloc * 2 : 16;
		struct cliff *p = realloc(l->items, want * sizeof(*p));
		if (!p)
			return -1;
		l->items = p;
		*alloc = want;
	}
	l->items[l->n++] = *c;
	return 0;
}

static double descent_drop(const struct cliff_point *p, const struct cliff_descent *d)
{
	return p[d->a].level - p[d->b].level;
}

/* Lowest min and highest max of the trials over points [i, j]. */
static double lowest_trial(const struct cliff_point *p, size_t i, size_t j)
{
	double v = p[i].lo;
	for (size_t k = i + 1; k <= j; k++)
		v = fmin(v, p[k].lo);
	return v;
}

static double highest_trial(const struct cliff_point *p, size_t i, size_t j)
{
	double v = p[i].hi;
	for (size_t k = i + 1; k <= j; k++)
		v = fmax(v, p[k].hi);
	return v;
}

/* Were the files of p[a..b] all in memory in every trial (see the top)? */
static int in_memory(const struct cliff_ctx *cx, const struct cliff_point *p,
		     size_t a, size_t b)
{
	if (cx->flags & RESULTS_F_DIRECT)
		return 0;
	for (size_t k = a; k <= b; k++)
		if (!(p[k].cached >= CLIFF_IN_MEMORY_PCT))
			return 0;
	return 1;
}

/*
 * A descent measured against its neighbours: indexes into the series
 * and log levels.  [i0, a] is the plateau before, [b, j1] the one right
 * after, [s0, e] where the curve settles up to the next descent.
 */
struct cliff_span {
	size_t a, b, i0, j1, s0, e;
	size_t cut;             /* where the estimate looks (see span_cut) */
	double lc;              /* the level after cut (see span_measure) */
	double lb, la, ls;      /* median levels of the three runs */
	double sigma;           /* noise: local, or the trials' where larger */
	double step;            /* the drop judged (see span_measure) */
	int multi;              /* two trials or more at both edges */
};

/* Measure descent d[k] between its neighbours d[k-1], d[k+1]. */
static void span_measure(const struct cliff_point *p, size_t np,
			 const struct cliff_descent *d, size_t nd, size_t k,
			 double *scratch, struct cliff_span *s)
{
	size_t a = d[k].a, b = d[k].b;
	size_t lim_lo = k ? d[k - 1].b : 0;
	size_t e = k + 1 < nd ? d[k + 1].a : np - 1;
	double tol = fmax(log(CLIFF_PLATEAU_RATIO), 3.0 * d[k].sigma);
	size_t i0 = a, j1 = b, s0 = e;

	while (i0 > lim_lo && fabs(p[i0 - 1].level - p[a].level) <= tol)
		i0--;
	while (j1 < e && fabs(p[j1 + 1].level - p[b].level) <= tol)
		j1++;
	/*
	 * Where the curve settles, up to the next descent: the run of sizes
	 * at the end of the stretch within tol of its last point.  Just past
	 * a cache cliff a file is partly cached and reads faster than the
	 * device; some curves recover part of the way (ext2's frewrite); the
	 * level after is the one they end at.
	 */
	while (s0 > b && fabs(p[s0 - 1].level - p[e].level) <= tol)
		s0--;
	*s = (struct cliff_span){ .a = a, .b = b, .i0 = i0, .j1 = j1, .s0 = s0, .e = e,
				  .cut = d[k].cut };
	s->sigma = fmax(d[k].sigma, cliff_pooled_sd(p, i0, a));
	s->sigma = fmax(s->sigma, cliff_pooled_sd(p, b, j1));
	s->sigma = fmax(s->sigma, cliff_pooled_sd(p, s0, e));
	s->lb = cliff_median_levels(p, i0, a, scratch);
	s->la = cliff_median_levels(p, b, j1, scratch);
	/* the plateau after the fall before a staircase joined it, where
	 * span_cut looks */
	size_t jc = s->cut;
	while (jc < e && fabs(p[jc + 1].level - p[s->cut].level) <= tol)
		jc++;
	s->lc = cliff_median_levels(p, s->cut, jc, scratch);
	s->ls = cliff_median_levels(p, s0, e, scratch);
	/*
	 * Judged on the smaller of the two drops: to the plateau right after
	 * (a slow slope has no flat stretch after its first steep step, so
	 * its end lies far below) and to where the curve settles (a curve
	 * that recovers part of the way must still have fallen).
	 */
	s->step = s->lb - fmax(s->la, s->ls);
	s->multi = p[a].n >= 2 && p[b].n >= 2;
}

/* Does the span pass the tests of stage 4 (see the top)? */
static int span_passes(const struct cliff_point *p, size_t np, const struct cliff_span *s)
{
	size_t a = s->a, b = s->b, nb = a - s->i0 + 1, ns = s->e - s->s0 + 1;
	double step = s->step, ratio = exp(step), sigma = s->sigma;

	/* sustained: nothing after it, up to the next descent, climbs back
	 * to the plateau before */
	double min_before = p[s->i0].level, max_after = p[b].level;
	for (size_t q = s->i0; q <= a; q++)
		min_before = fmin(min_before, p[q].level);
	for (size_t q = b; q <= s->e; q++)
		max_after = fmax(max_after, p[q].level);
	if (nb < 2 || max_after >= min_before)
		return 0;
	if (s->multi) {
		/* the classic test, or the trials' own evidence: every trial
		 * before above every trial after, the step many noise widths */
		int clean = lowest_trial(p, s->i0, a) > highest_trial(p, b, s->e);
		return (ratio >= CLIFF_MIN_RATIO && step >= CLIFF_MIN_Z * sigma &&
			p[b].hi < p[a].lo) ||
		       (ratio >= CLIFF_MIN_RATIO_CLEAN && step >= CLIFF_CLEAN_Z * sigma &&
			clean);
	}
	if (b == np - 1) {
		/* one figure of one pass: IOzone's single cells stray 5-10x
		 * (write, read and reread of 01_a_n64k_g8m_i0_i1 at 8 MB, while
		 * rewrite holds), so only a sheer fall counts: its first step
		 * alone that steep.  A descent of more steps only adds sizes
		 * that fell (a file just past the cache, partly in it, then
		 * the last size), more evidence, not less. */
		double first = p[a].level - p[a + 1].level;
		return ratio >= CLIFF_MIN_RATIO_EDGE && step >= CLIFF_EDGE_Z * sigma &&
		       first >= log(CLIFF_MIN_RATIO_EDGE);
	}
	return (ratio >= CLIFF_MIN_RATIO_SINGLE && step >= CLIFF_MIN_Z_SINGLE * sigma) ||
	       (ratio >= CLIFF_MIN_RATIO_CLEAN && step >= CLIFF_CLEAN_Z_SINGLE * sigma &&
		nb >= 3 && ns >= 2);
}

/*
 * The two sizes a drop is told between, *lo and *hi, and the cache
 * estimate.  A read that fell over several sizes (see the top): where it
 * outgrew the cache.  A sheer first step (CLIFF_MIN_RATIO_EDGE) says the
 * next size was already past it: a twentieth of a file read from a disk
 * twenty times slower than memory halves its figure, so the sizes from
 * there down to the device's speed are the partly cached tail.
 * Otherwise the last size above the mid level, where the estimate lies
 * too.  A write test's drop spans its whole descent.
 */
static uint64_t span_cut(const struct cliff_ctx *cx, const struct cliff_point *p,
			 const struct cliff_span *s, size_t *lo, size_t *hi)
{
	size_t a = s->a, b = s->cut;

	*lo = a;
	*hi = b;
	if (cliff_col_writes(cx->col) || b == a + 1)
		return cliff_estimate_cache(p, a, b, s->lb, s->lc);
	if (p[a].level - p[a + 1].level >= log(CLIFF_MIN_RATIO_EDGE)) {
		*hi = a + 1;
		return cliff_estimate_cache(p, a, a + 1, s->lb, s->lc);
	}
	double mid = 0.5 * (s->lb + s->lc);
	while (*lo + 1 < b && p[*lo + 1].level >= mid)
		(*lo)++;
	*hi = *lo + 1;
	return cliff_estimate_cache(p, a, b, s->lb, s->lc);
}

/*
 * Judge descent d[k] against its neighbours d[k-1], d[k+1] (which bound
 * its plateaus).  Returns 1 and fills *c when it is a cliff.
 */
static int judge_descent(const struct cliff_ctx *cx, const struct cliff_point *p,
			 size_t np, const struct cliff_descent *d, size_t nd, size_t k,
			 double *scratch, struct cliff *c)
{
	struct cliff_span s;
	size_t lo, hi;

	span_measure(p, np, d, nd, k, scratch, &s);
	if (!span_passes(p, np, &s))
		return 0;
	memset(c, 0, sizeof(*c));
	c->estimated_cache_kb = span_cut(cx, p, &s, &lo, &hi);
	c->kind = is_wb(cx, cx->col, c->estimated_cache_kb) ?
		  CLIFF_KIND_WRITEBACK : CLIFF_KIND_CACHE;
	if (c->kind == CLIFF_KIND_CACHE && in_memory(cx, p, s.a, s.b))
		c->kind = CLIFF_KIND_CPU_CACHE;
	double after;
	if (c->kind == CLIFF_KIND_WRITEBACK) {
		struct cliff_cut cut;
		after = cliff_writeback_after(p, s.i0, s.a, s.e, s.lb, s.ls, s.sigma, scratch,
					      &cut);
		c->before_kb = cut.before_kb;
		c->after_kb = cut.after_kb;
		c->estimated_cache_kb = cut.cache_kb;
	} else if (cliff_col_writes(cx->col)) {
		double dev, c0;
		after = cliff_write_level(p, s.b, s.e, s.ls, &dev, &c0);
	} else {
		after = cliff_settled_level(p, s.s0, s.e, c->estimated_cache_kb, scratch);
		/* the sizes read partly from the cache tell where it ends */
		uint64_t held = cliff_partial_estimate(p, s.a, s.e, s.lb, after, &lo,
						      scratch);
		if (held) {
			c->estimated_cache_kb = held;
			hi = lo + 1;
			after = cliff_settled_level(p, s.s0, s.e, held, scratch);
		}
	}
	if (c->kind != CLIFF_KIND_WRITEBACK) {
		c->before_kb = p[lo].file_kb;
		c->after_kb = p[hi].file_kb;
	}
	/* at the sweep's edge only when the size after is its last */
	c->edge = hi == np - 1;
	c->confidence = cliff_confidence(s.step, s.sigma, s.a - s.i0 + 1, s.e - s.s0 + 1) *
			(s.multi ? 1.0 : 0.9) * (c->edge ? 0.9 : 1.0);
	c->level_before_kbps = exp(s.lb);
	c->level_after_kbps = exp(after);
	c->ratio = exp(s.lb - after);
	c->finding = -1;
	return 1;
}

/*
 * Find the descents of one series and append the cliffs that pass.  A
 * descent that fails no longer bounds its neighbours' plateaus (the
 * further, smaller fall of a partly cached file after the main cliff must
 * not cut the plateau after it short): drop the smallest failing descent
 * and judge again, until every descent left passes.
 */
static int detect_series(const struct cliff_ctx *cx, const struct cliff_point *p,
			 size_t np, uint64_t record_kb, struct cliff_list *out,
			 size_t *alloc, double *scratch)
{
	if (np < 3)
		return 0;
	struct cliff_descent *d = malloc(np * sizeof(*d));
	struct cliff *found = malloc(np * sizeof(*found));
	if (!d || !found) {
		free(d);
		free(found);
		return -1;
	}
	size_t nd = 0;

	for (size_t i = 0; i + 1 < np; i++) {
		double sigma = fmax(local_noise(p, np, i, i, i + 1, scratch), CLIFF_NOISE_FLOOR);
		double base = fmax(sigma, cliff_pooled_sd(p, i, i + 1));
		double drop = p[i].level - p[i + 1].level;
		if (drop < log(CLIFF_SEED_RATIO) || drop < 2.0 * base)
			continue;
		double join = fmax(fmax(log(CLIFF_SEED_RATIO), 2.0 * base),
				   CLIFF_JOIN_SHARE * drop);
		size_t a = i, b = i + 1;
		size_t floor_a = nd ? d[nd - 1].b : 0;
		while (a > floor_a && p[a - 1].level - p[a].level >= join)
			a--;
		while (b + 1 < np && p[b].level - p[b + 1].level >= join)
			b++;
		/* a read's fall that goes on in steps, each
		 * CLIFF_STAIR_RATIO or more, is the same descent (a cache
		 * that keeps part of a larger file: see
		 * cliff_partial_estimate; a write's creeps down by itself,
		 * see writeback_fit) */
		d[nd].cut = b;
		while (!cliff_col_writes(cx->col) && b + 1 < np &&
		       p[b].level - p[b + 1].level >= log(CLIFF_STAIR_RATIO))
			b++;
		d[nd].a = a;
		d[nd].b = b;
		/* the descent's other steps are the fall, not noise */
		d[nd].sigma = d[nd].cut > a + 1 ?
			      fmax(local_noise(p, np, i, a, d[nd].cut, scratch),
				   CLIFF_NOISE_FLOOR) :
			      sigma;
		nd++;
		i = b - 1;
	}

	for (;;) {
		size_t weakest = nd;
		for (size_t k = 0; k < nd; k++)
			if (!judge_descent(cx, p, np, d, nd, k, scratch, &found[k]) &&
			    (weakest == nd || descent_drop(p, &d[k]) <
					      descent_drop(p, &d[weakest])))
				weakest = k;
		if (weakest == nd)
			break;
		memmove(&d[weakest], &d[weakest + 1], (nd - weakest - 1) * sizeof(*d));
		nd--;
	}

	int rc = 0;
	for (size_t k = 0; k < nd && rc == 0; k++) {
		found[k].col = cx->col;
		found[k].record_kb = record_kb;
		rc = list_push(out, alloc, &found[k]);
	}
	free(d);
	free(found);
	return rc;
}

/*
 * Stride read jumps 17 records at a time and wraps; with fewer than 64
 * records in the file it reads a few records over and over, and in a
 * small file that handful sits in the CPU's cache (false "cliffs" at
 * 512 kB - 8 MB in the Rovanion runs).  From 64 MB on no CPU cache holds
 * it, so the cells of 4-16 MB records, which never reach 64 records in
 * an -a sweep, still show the page-cache cliff.
 */
static int stride_cell_ok(const struct result_cell *cell)
{
	return cell->file_kb >= CLIFF_STRIDE_MIN_RECS * cell->record_kb ||
	       cell->file_kb >= CLIFF_STRIDE_ANY_KB;
}

/* Build the series of (col, record_kb) in p; returns its length. */
static size_t build_series(const struct result_set *rs, int col, uint64_t record_kb,
			   struct cliff_point *p, double *vals, size_t maxvals)
{
	size_t np = 0;
	for (size_t c = 0; c < rs->ncells; c++) {
		const struct result_cell *cell = &rs->cells[c];
		if (cell->placeholder || cell->record_kb != record_kb)
			continue;
		size_t n = results_values(rs, c, col, RESULTS_UNIT_KBPS, vals, maxvals);
		size_t m = 0;
		for (size_t t = 0; t < n; t++)
			if (vals[t] > 0.0 && isfinite(vals[t]) &&
			    (double)cell->file_kb / vals[t] >= CLIFF_MIN_TIMED_S)
				vals[m++] = log(vals[t]);
		if (m == 0 || (col == RC_STRIDE_READ && !stride_cell_ok(cell)))
			continue;
		struct cliff_point *pt = &p[np++];
		double mean = 0.0, ss = 0.0;
		for (size_t t = 0; t < m; t++)
			mean += vals[t];
		mean /= (double)m;
		for (size_t t = 0; t < m; t++)
			ss += (vals[t] - mean) * (vals[t] - mean);
		pt->file_kb = cell->file_kb;
		pt->cached = results_cached_min(rs, c, col);
		pt->n = m;
		pt->var = m > 1 ? ss / (double)(m - 1) : 0.0;
		pt->level = median_inplace(vals, m);
		pt->lo = vals[0];
		pt->hi = vals[m - 1];
	}
	/* cells are in report order (file size ascending); make sure */
	for (size_t i = 1; i < np; i++)
		for (size_t j = i; j > 0 && p[j - 1].file_kb > p[j].file_kb; j--) {
			struct cliff_point t = p[j];
			p[j] = p[j - 1];
			p[j - 1] = t;
		}
	/* a file size twice (two cells): keep the first */
	size_t w = 0;
	for (size_t i = 0; i < np; i++)
		if (w == 0 || p[w - 1].file_kb != p[i].file_kb)
			p[w++] = p[i];
	return w;
}

/* ---- grouping into findings ---- */

static size_t uf_find(size_t *parent, size_t i)
{
	while (parent[i] != i) {
		parent[i] = parent[parent[i]];
		i = parent[i];
	}
	return i;
}

/* The finding of the cliffs idx[0..n) of l (scratch: n doubles). */
static void summarise_group(const struct cliff_list *l, const size_t *idx, size_t n,
			    double *scratch, struct cliff_finding *g)
{
	double rmin = HUGE_VAL, rmax = 0.0;
	uint64_t lo = 0, hi = UINT64_MAX, span_lo = UINT64_MAX, span_hi = 0;
	uint64_t rec_lo = UINT64_MAX, rec_hi = 0;

	memset(g, 0, sizeof(*g));
	g->kind = l->items[idx[0]].kind;
	for (size_t k = 0; k < n; k++) {
		const struct cliff *c = &l->items[idx[k]];
		g->edge |= c->edge;
		if (c->col >= 0 && c->col < RC_COUNT)
			g->cols_mask |= 1u << c->col;
		rmin = fmin(rmin, c->ratio);
		rmax = fmax(rmax, c->ratio);
		if (c->before_kb > lo)
			lo = c->before_kb;
		if (c->after_kb < hi)
			hi = c->after_kb;
		if (c->before_kb < span_lo)
			span_lo = c->before_kb;
		if (c->after_kb > span_hi)
			span_hi = c->after_kb;
		if (c->record_kb < rec_lo)
			rec_lo = c->record_kb;
		if (c->record_kb > rec_hi)
			rec_hi = c->record_kb;
		scratch[k] = log((double)c->estimated_cache_kb);
	}
	if (lo >= hi) {
		lo = span_lo;
		hi = span_hi;
	}
	g->ratio_min = rmin;
	g->ratio_max = rmax;
	g->before_kb = lo;
	g->after_kb = hi;
	g->cache_kb = (uint64_t)llround(exp(median_inplace(scratch, n)));
	g->record_min_kb = rec_lo;
	g->record_max_kb = rec_hi;
}

struct group_key {
	uint64_t cache_kb;  /* median estimate, for ordering */
	size_t root;
};

static int cmp_group(const void *x, const void *y)
{
	const struct group_key *a = x, *b = y;
	if (a->cache_kb != b->cache_kb)
		return a->cache_kb < b->cache_kb ? -1 : 1;
	return (a->root > b->root) - (a->root < b->root);
}

static int cmp_cliff(const void *x, const void *y)
{
	const struct cliff *a = x, *b = y;
	if (a->finding != b->finding)
		return a->finding < b->finding ? -1 : 1;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	if (a->record_kb != b->record_kb)
		return a->record_kb < b->record_kb ? -1 : 1;
	return (a->before_kb > b->before_kb) - (a->before_kb < b->before_kb);
}

static int group_cliffs(struct cliff_list *l)
{
	size_t n = l->n;
	if (n == 0)
		return 0;
	int rc = -1;
	size_t *parent = malloc(n * sizeof(*parent));
	size_t *idx = malloc(n * sizeof(*idx));
	double *scratch = malloc(n * sizeof(*scratch));
	struct group_key *keys = malloc(n * sizeof(*keys));
	if (!parent || !idx || !scratch || !keys)
		goto out;
	for (size_t i = 0; i < n; i++)
		parent[i] = i;
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			const struct cliff *a = &l->items[i], *b = &l->items[j];
			uint64_t lo = a->before_kb > b->before_kb ? a->before_kb : b->before_kb;
			uint64_t hi = a->after_kb < b->after_kb ? a->after_kb : b->after_kb;
			if (lo < hi && a->kind == b->kind)
				parent[uf_find(parent, i)] = uf_find(parent, j);
		}
	size_t ng = 0;
	for (size_t i = 0; i < n; i++) {
		if (uf_find(parent, i) != i)
			continue;
		size_t m = 0;
		for (size_t j = 0; j < n; j++)
			if (uf_find(parent, j) == i)
				scratch[m++] = log((double)l->items[j].estimated_cache_kb);
		keys[ng].cache_kb = (uint64_t)llround(exp(median_inplace(scratch, m)));
		keys[ng].root = i;
		ng++;
	}
	qsort(keys, ng, sizeof(*keys), cmp_group);
	l->findings = calloc(ng, sizeof(*l->findings));
	if (!l->findings)
		goto out;
	for (size_t g = 0; g < ng; g++) {
		size_t m = 0;
		for (size_t j = 0; j < n; j++)
			if (uf_find(parent, j) == keys[g].root)
				idx[m++] = j;
		summarise_group(l, idx, m, scratch, &l->findings[g]);
		l->nfindings++;
	}
	for (size_t g = 0; g < ng; g++)
		for (size_t j = 0; j < n; j++)
			if (uf_find(parent, j) == keys[g].root)
				l->items[j].finding = (int)g;
	qsort(l->items, n, sizeof(*l->items), cmp_cliff);
	rc = 0;
out:
	free(parent);
	free(idx);
	free(scratch);
	free(keys);
	return rc;
}

int cliff_detect(const struct result_set *rs, struct cliff_list *out,
		 char *err, size_t errlen)
{
	memset(out, 0, sizeof(*out));
	out->ram_kb = rs->meta.ram_kb;
	out->cold_share = (rs->meta.flags & RESULTS_F_COLD) &&
		mountinfo_fs_kind(rs->meta.fs_type) != MOUNTINFO_LOCAL;
	size_t alloc = 0;
	int rc = -1;
	size_t maxvals = rs->nsamples ? rs->nsamples : 1;
	size_t ncells = rs->ncells ? rs->ncells : 1;
	uint64_t *recs = malloc(ncells * sizeof(*recs));
	struct cliff_point *p = malloc(ncells * sizeof(*p));
	double *vals = malloc(maxvals * sizeof(*vals));
	double *scratch = malloc(ncells * sizeof(*scratch));
	if (!recs || !p || !vals || !scratch)
		goto nomem;

	size_t nrec = 0;
	for (size_t c = 0; c < rs->ncells; c++)
		if (!rs->cells[c].placeholder)
			recs[nrec++] = rs->cells[c].record_kb;
	qsort(recs, nrec, sizeof(*recs), cmp_u64);
	size_t w = 0;
	for (size_t i = 0; i < nrec; i++)
		if (w == 0 || recs[w - 1] != recs[i])
			recs[w++] = recs[i];
	nrec = w;

	for (int col = 0; col < RC_COUNT; col++) {
		if (!(rs->cols_mask & (1u << col)))
			continue;
		struct cliff_ctx cx = { col, rs->meta.ram_kb, rs->meta.flags };
		for (size_t r = 0; r < nrec; r++) {
			size_t np = build_series(rs, col, recs[r], p, vals, maxvals);
			if (detect_series(&cx, p, np, recs[r], out, &alloc, scratch))
				goto nomem;
		}
	}
	if (group_cliffs(out))
		goto nomem;
	rc = 0;
	goto done;
nomem:
	err_set(err, errlen, "cannot look for cache cliffs: out of memory");
	cliff_list_release(out);
done:
	free(recs);
	free(p);
	free(vals);
	free(scratch);
	return rc;
}

const char *cliff_kind_name(int kind)
{
	return kind == CLIFF_KIND_WRITEBACK ? "write-back" :
	       kind == CLIFF_KIND_CPU_CACHE ? "cpu-cache" : "cache";
}

void cliff_list_release(struct cliff_list *l)
{
	if (!l)
		return;
	free(l->findings);
	free(l->items);
	memset(l, 0, sizeof(*l));
}

int cliff_refine_sizes(const struct cliff *c, uint64_t *sizes_kb, size_t max, size_t *n)
{
	*n = 0;
	if (!c || c->before_kb == 0 || c->after_kb <= c->before_kb || c->record_kb == 0)
		return -1;
	double span = (double)c->after_kb / (double)c->before_kb;
	if (span <= CLIFF_REFINE_TARGET)
		return 0;
	/* intervals needed for 5 %, at most CLIFF_REFINE_PER_ROUND points */
	size_t need = (size_t)ceil(log(span) / log(CLIFF_REFINE_TARGET)) - 1;
	size_t k = need < CLIFF_REFINE_PER_ROUND ? need : CLIFF_REFINE_PER_ROUND;
	if (k > max)
		k = max;
	for (size_t i = 1; i <= k; i++) {
		double x = (double)c->before_kb * pow(span, (double)i / (double)(k + 1));
		uint64_t kb = (uint64_t)llround(x / (double)c->record_kb) * c->record_kb;
		if (kb <= c->before_kb || kb >= c->after_kb)
			continue;
		if (*n && sizes_kb[*n - 1] == kb)
			continue;
		sizes_kb[(*n)++] = kb;
	}
	return 0;
}

int cliff_precise(const struct cliff *c)
{
	return c->before_kb > 0 &&
	       (double)c->after_kb / (double)c->before_kb <= CLIFF_REFINE_TARGET;
}
