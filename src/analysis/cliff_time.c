/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cliff_time.c: find the cliffs in time of a timeline (cliff_time.h).
 *
 * One pass's intervals are a series of rates in time; a cliff is a fall
 * that stays down: the pass ran at one level, then at a clearly lower one
 * to its end (or to the next fall).  As over file size we work on the
 * natural log of kB/s, so a fall of the same ratio is the same step at
 * any speed.  Per pass:
 *
 *   1. Series.  Every interval at least half the grid long (the last,
 *      partial one usually is not) is a point; where stalls (intervals
 *      in which nothing finished) are common, each run of them is joined
 *      with the burst that ends it (see series()); a stall left counts
 *      as a thousandth of the pass's median rate, so it pulls no mean to
 *      minus infinity.
 *   2. Noise.  The robust point-to-point scatter (the median absolute
 *      difference of neighbours, scaled to one point's standard
 *      deviation, as cliff.c's local_noise), at least 2 %; or, when
 *      less, that of the points joined in runs, scaled back to one point
 *      (see noise(): bursts that average out over a few points).
 *   3. Segments.  Binary segmentation: the split of a stretch that most
 *      separates the means of its two sides (the CUSUM statistic
 *      |mean_l - mean_r| sqrt(n_l n_r / n)) is kept when it is at least
 *      TC_SPLIT_Z noise widths, and both sides are split again, each
 *      side at least TC_MIN_SEG points.  Neighbouring segments whose
 *      medians are within TC_MERGE_RATIO are joined again (a stall or an
 *      outlier made them), so the levels are medians of long stretches.
 *   4. Tests, at every step down between two segments: the ratio of the
 *      medians at least TC_MIN_RATIO and the step at least
 *      TC_MIN_STEP_SIGMA noise widths; "stays down": no segment after it
 *      climbs back over the middle of the two levels (on the log axis)
 *      and none before it sank below, and at most TC_STRAY of the points
 *      before lie below the middle or after it above; both sides flat
 *      beside the step (their own robust spread at most 1/TC_FLAT_Z of
 *      it: a slow slope is not a cliff; the points right at the cut left
 *      out, a short side widened by its neighbour; a side's points also
 *      joined in runs of 2, 4, ..., whichever spread is least, so a
 *      throttle's bursts are no slope); and the confidence, computed as
 *      for the cliffs over file size (cliff_confidence), at least
 *      TC_MIN_CONF.  Periodic bursts (a ZFS transaction group every few
 *      seconds) fail "stays down": the rate comes back after each dip.
 *   5. Levels and where.  The levels are the rates over the whole
 *      stretches between the cliffs (bytes over time: a throttle's
 *      bursts average out), without the point beside the fall.  The
 *      fall lies after the last interval near it that still ran above
 *      the middle of the two levels, inside the next one when its rate
 *      lies between them: an interval that ran a share f of its length
 *      at the level before and the rest at the level after has the rate
 *      f L_b + (1 - f) L_a, which gives f.  The bytes before it are the
 *      pass's bytes up to there (the next interval's minus what its slow
 *      part moved), the size of the cache that filled.
 *
 * The kind: a fall in a buffered write after a share of the RAM where the
 * client's dirty-page limit lies is write-back (cliff_is_writeback), any
 * other a cache (a NAS's or a device's write cache, or for reads the part
 * of the file that was cached).
 */
#include "compat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cliff.h"
#include "analysis/cliff_time.h"
#include "lib/err.h"
#include "model/timeline.h"

#define TC_MIN_POINTS      8      /* fewer intervals: no judgement */
#define TC_MIN_SEG         3      /* points on each side of a split */
#define TC_MIN_RUNS        8      /* joined runs a side's spread needs */
#define TC_NOISE_RUNS      32     /* joined runs the noise needs */
#define TC_SPLIT_Z         6.0    /* CUSUM statistic / noise to split */
#define TC_MAX_DEPTH       8      /* splits of splits */
#define TC_MERGE_RATIO     1.25   /* segments closer than this are one */
#define TC_MIN_RATIO       1.5    /* a cliff falls at least this much */
#define TC_MIN_STEP_SIGMA  3.0    /* ... and this many noise widths */
#define TC_FLAT_Z          4.0    /* step / spread within either segment */
#define TC_STRAY           0.15   /* points on the wrong side of the middle */
#define TC_MIN_CONF        0.99
#define TC_NOISE_FLOOR     0.02   /* log units: 2 % */
#define TC_STALL_SHARE     1e-3   /* a stalled interval: this share of the median */
#define TC_MAX_STALLS      0.1    /* more stalled intervals: a coarser grid */

struct tc_series {
	double *x;          /* ln(kB/s) of each point */
	size_t *row;        /* its (first) row in the timeline */
	double *kb, *len_s; /* what it moved, in how long */
	size_t n;
	double sigma;       /* noise per point, log units */
	double *sum;        /* prefix sums of x, n + 1 */
	size_t *cut;        /* first point of each segment after the first;
			       from cut + n, the cuts judged cliffs */
	size_t ncut;
	double *scratch;    /* n */
};

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return (x > y) - (x < y);
}

static double median_of(const struct tc_series *s, size_t lo, size_t hi)
{
	memcpy(s->scratch, s->x + lo, (hi - lo) * sizeof(double));
	return cliff_median(s->scratch, hi - lo);
}

/* Robust spread (MAD scaled to a standard deviation) of points [lo, hi). */
static double spread_of(const struct tc_series *s, size_t lo, size_t hi)
{
	double m = median_of(s, lo, hi);
	for (size_t i = lo; i < hi; i++)
		s->scratch[i - lo] = fabs(s->x[i] - m);
	return 1.4826 * cliff_median(s->scratch, hi - lo);
}

/*
 * The points [lo, hi) joined in runs of w (the rate over each whole run,
 * in log units) into out; how many runs.
 */
static size_t joined(const struct tc_series *s, size_t lo, size_t hi, size_t w,
		     double *out)
{
	size_t m = 0;

	for (size_t i = lo; i + w <= hi; i += w, m++) {
		double kb = 0.0, len = 0.0;
		for (size_t k = i; k < i + w; k++) {
			kb += s->kb[k];
			len += s->len_s[k];
		}
		out[m] = log(kb > 0.0 && len > 0.0 ? kb / len : 1e-9);
	}
	return m;
}

/* The robust spread of v[0, m) about its median (tmp: m values of room). */
static double mad_of(const double *v, size_t m, double *tmp)
{
	double med;

	memcpy(tmp, v, m * sizeof(double));
	med = cliff_median(tmp, m);
	for (size_t i = 0; i < m; i++)
		tmp[i] = fabs(v[i] - med);
	return 1.4826 * cliff_median(tmp, m);
}

/*
 * The spread of a side [lo, hi) judged for flatness: the robust spread of
 * its points, or of its points joined in runs of 2, 4, 8, ... (at least
 * TC_MIN_RUNS runs: the spread of fewer is no measure) when smaller.  A
 * throttle's bursts scatter single points but average out over a few; a
 * slow slope stays as wide however its points are joined.
 */
static double side_spread(const struct tc_series *s, size_t lo, size_t hi)
{
	double best = spread_of(s, lo, hi);

	for (size_t w = 2; (hi - lo) / w >= TC_MIN_RUNS; w *= 2) {
		size_t m = joined(s, lo, hi, w, s->scratch);
		double sp = mad_of(s->scratch, m, s->scratch + m);
		if (sp < best)
			best = sp;
	}
	return best;
}

/*
 * The noise of one point: the robust scatter of neighbours' differences.
 * A throttle's bursts make neighbours differ far more than runs of a few
 * of them do (a short gap is followed by a long one), where independent
 * noise shrinks only as the square root of the run: the points joined in
 * runs of 2, 4, ... (at least TC_NOISE_RUNS of them) give the scatter of
 * one point as the runs' scatter times sqrt(run), and the least is kept.
 */
static double neighbour_scatter(const double *v, size_t m, double *tmp)
{
	for (size_t i = 0; i + 1 < m; i++)
		tmp[i] = fabs(v[i + 1] - v[i]);
	return 1.4826 * cliff_median(tmp, m - 1) / sqrt(2.0);
}

static void noise(struct tc_series *s)
{
	s->sigma = neighbour_scatter(s->x, s->n, s->scratch);
	for (size_t w = 2; s->n / w >= TC_NOISE_RUNS; w *= 2) {
		size_t m = joined(s, 0, s->n, w, s->scratch);
		double sg = neighbour_scatter(s->scratch, m, s->scratch + m) * sqrt((double)w);
		if (sg < s->sigma)
			s->sigma = sg;
	}
	if (s->sigma < TC_NOISE_FLOOR)
		s->sigma = TC_NOISE_FLOOR;
}

static void split(struct tc_series *s, size_t lo, size_t hi, int depth)
{
	double best = 0.0;
	size_t at = 0;

	if (depth > TC_MAX_DEPTH || hi - lo < 2 * TC_MIN_SEG)
		return;
	for (size_t k = lo + TC_MIN_SEG; k + TC_MIN_SEG <= hi; k++) {
		double nl = (double)(k - lo), nr = (double)(hi - k);
		double ml = (s->sum[k] - s->sum[lo]) / nl;
		double mr = (s->sum[hi] - s->sum[k]) / nr;
		double stat = fabs(ml - mr) * sqrt(nl * nr / (nl + nr));
		if (stat > best) {
			best = stat;
			at = k;
		}
	}
	if (best < TC_SPLIT_Z * s->sigma)
		return;
	s->cut[s->ncut++] = at;
	split(s, lo, at, depth + 1);
	split(s, at, hi, depth + 1);
}

static size_t seg_lo(const struct tc_series *s, size_t j)
{
	return j == 0 ? 0 : s->cut[j - 1];
}

static size_t seg_hi(const struct tc_series *s, size_t j)
{
	return j == s->ncut ? s->n : s->cut[j];
}

/* Join neighbours whose medians are within TC_MERGE_RATIO; med[] refilled. */
static void merge(struct tc_series *s, double *med)
{
	for (;;) {
		size_t j;
		for (j = 0; j <= s->ncut; j++)
			med[j] = median_of(s, seg_lo(s, j), seg_hi(s, j));
		for (j = 0; j < s->ncut; j++)
			if (fabs(med[j] - med[j + 1]) < log(TC_MERGE_RATIO))
				break;
		if (j == s->ncut)
			return;
		memmove(s->cut + j, s->cut + j + 1, (s->ncut - j - 1) * sizeof(size_t));
		s->ncut--;
	}
}

/* Is the step down at cut j a cliff (test 4 at the top)?  *conf set. */
static int judge(const struct tc_series *s, const double *med, size_t j, double *conf)
{
	double lb = med[j], la = med[j + 1], step = lb - la, mid = 0.5 * (lb + la);
	size_t k = s->cut[j], stray = 0;
	size_t b0 = seg_lo(s, j), a1 = seg_hi(s, j + 1);
	double sb, sa;

	if (step < log(TC_MIN_RATIO) || step < TC_MIN_STEP_SIGMA * s->sigma)
		return 0;
	for (size_t q = 0; q <= s->ncut; q++)
		if ((q < j && med[q] < mid) || (q > j + 1 && med[q] > mid))
			return 0;
	for (size_t i = 0; i < k; i++)
		stray += s->x[i] < mid;
	if ((double)stray > TC_STRAY * (double)k)
		return 0;
	stray = 0;
	for (size_t i = k; i < s->n; i++)
		stray += s->x[i] > mid;
	if ((double)stray > TC_STRAY * (double)(s->n - k))
		return 0;
	/*
	 * Flat beside the step: the points beside the cut left out (they
	 * may hold part of the fall), a side of fewer than TC_MIN_SEG
	 * points widened by its neighbouring segment (a short segment of
	 * the fall's own points is no plateau).
	 */
	size_t jb = j, ja = j + 1, hb = k - 1, a0 = k + 1;
	while (hb - b0 < TC_MIN_SEG && jb > 0)
		b0 = seg_lo(s, --jb);
	while (a1 - a0 < TC_MIN_SEG && ja < s->ncut)
		a1 = seg_hi(s, ++ja);
	if (hb <= b0 || a1 <= a0)
		return 0;
	sb = side_spread(s, b0, hb);
	sa = side_spread(s, a0, a1);
	if (step < TC_FLAT_Z * (sb > sa ? sb : sa))
		return 0;
	*conf = cliff_confidence(step, s->sigma, k - b0, a1 - k);
	return *conf >= TC_MIN_CONF;
}

/*
 * Where the fall at point k lies (step 5 at the top), into c, read from
 * the pass's own intervals [first, end) around it (a point of a coarsened
 * grid holds several): after the last interval from point k-1 on that
 * still ran above the middle of the two levels, inside the next one at
 * the share f of it that its rate gives.
 */
static void locate(const struct timeline *t, size_t first, size_t end,
		   const struct tc_series *s, size_t k, double rb, double ra,
		   struct tcliff *c)
{
	size_t lo = s->row[k - 1], hi = k + 1 < s->n ? s->row[k + 1] : end;
	size_t fall = lo;
	double mid = sqrt(rb * ra), f = 0.0, extra = 0.0;
	uint64_t before = 0;

	for (size_t i = lo; i < hi; i++)
		if (timeline_row_kbps(&t->rows[i]) >= mid)
			fall = i + 1;
	if (fall < hi) {
		const struct timeline_row *r = &t->rows[fall];
		double rate = timeline_row_kbps(r), len_s = (double)r->len_ns / 1e9;
		f = rate > ra ? (rate - ra) / (rb - ra) : 0.0;
		if (f > 1.0)
			f = 1.0;
		extra = (double)r->bytes - (1.0 - f) * len_s * ra * 1024.0;
		if (extra < 0.0)
			extra = 0.0;
	}
	for (size_t i = first; i < fall; i++)
		before += t->rows[i].bytes;
	c->row = s->row[k];
	if (fall < hi)
		c->at_s = ((double)t->rows[fall].start_ns + f * (double)t->rows[fall].len_ns) / 1e9;
	else
		c->at_s = (double)(t->rows[fall - 1].start_ns + t->rows[fall - 1].len_ns) / 1e9;
	c->at_bytes = before + (uint64_t)extra;
}

static int push(struct tcliff_list *l, size_t *alloc, const struct tcliff *c)
{
	if (l->n == *alloc) {
		size_t n = *alloc ? 2 * *alloc : 8;
		struct tcliff *p = realloc(l->items, n * sizeof(*p));
		if (!p)
			return -1;
		l->items = p;
		*alloc = n;
	}
	l->items[l->n++] = *c;
	return 0;
}

/*
 * The level of a stretch of points [lo, hi): what it moved over how long
 * (a median would follow the bursts of a throttle, not its rate).  The
 * callers leave out the point beside a fall, which may hold part of it.
 */
static double level(const struct tc_series *s, size_t lo, size_t hi)
{
	double kb = 0.0, secs = 0.0;

	for (size_t i = lo; i < hi; i++) {
		kb += s->kb[i];
		secs += s->len_s[i];
	}
	return secs > 0.0 ? kb / secs : 0.0;
}

/*
 * Join every run of stalled points with the point after it (a trailing
 * run with the point before): a stall followed by a burst is one stretch
 * of the storage's own delivery, and its rate is the bytes over the
 * whole stretch.  Unlike a grid coarsened evenly, this keeps the fine
 * grid where the data flowed without stalls (a page cache read in a
 * tenth of a second keeps its points before a throttle's bursts).
 */
static void absorb_stalls(struct tc_series *s)
{
	size_t m = 0, row = 0;
	double kb = 0.0, len = 0.0;
	int open = 0;

	for (size_t i = 0; i < s->n; i++) {
		if (!open) {
			row = s->row[i];
			kb = len = 0.0;
			open = 1;
		}
		kb += s->kb[i];
		len += s->len_s[i];
		if (s->kb[i] > 0.0) {
			s->kb[m] = kb;
			s->len_s[m] = len;
			s->row[m++] = row;
			open = 0;
		}
	}
	if (open && m) {
		s->kb[m - 1] += kb;
		s->len_s[m - 1] += len;
	} else if (open) {
		s->kb[0] = kb;
		s->len_s[0] = len;
		s->row[m++] = row;
	}
	s->n = m;
}

/*
 * Points of the pass [first, end) into s (step 1 at the top).  Where more
 * than TC_MAX_STALLS of the intervals moved nothing, the grid is finer
 * than the way the storage delivers (a throttle that lets bursts through
 * every tenth of a second, write-back in chunks): each run of stalls is
 * joined with the burst that ends it (absorb_stalls).
 */
static void series(const struct timeline *t, size_t first, size_t end,
		   struct tc_series *s)
{
	uint64_t grid = t->interval_ns;
	double floor_kbps;
	size_t stalls = 0;

	if (!grid)
		for (size_t i = first; i < end; i++)
			if (t->rows[i].len_ns > grid)
				grid = t->rows[i].len_ns;
	s->n = 0;
	for (size_t i = first; i < end; i++) {
		if (t->rows[i].len_ns * 2 < grid || !t->rows[i].len_ns)
			continue;
		s->kb[s->n] = (double)t->rows[i].bytes / 1024.0;
		s->len_s[s->n] = (double)t->rows[i].len_ns / 1e9;
		s->row[s->n++] = i;
	}
	for (size_t i = 0; i < s->n; i++)
		stalls += s->kb[i] <= 0.0;
	if ((double)stalls > TC_MAX_STALLS * (double)s->n)
		absorb_stalls(s);
	if (s->n == 0)
		return;
	for (size_t i = 0; i < s->n; i++)
		s->x[i] = s->kb[i] / s->len_s[i];
	memcpy(s->scratch, s->x, s->n * sizeof(double));
	floor_kbps = TC_STALL_SHARE * cliff_median(s->scratch, s->n);
	if (!(floor_kbps > 0.0))
		floor_kbps = 1e-9;
	s->sum[0] = 0.0;
	for (size_t i = 0; i < s->n; i++) {
		s->x[i] = log(s->x[i] > floor_kbps ? s->x[i] : floor_kbps);
		s->sum[i + 1] = s->sum[i] + s->x[i];
	}
}

/*
 * med: a median per segment (n + 1 at most), then from med + n the
 * confidence of each cut judged a cliff.
 */
static int detect_pass(const struct timeline *t, size_t first, size_t end,
		       uint64_t ram_kb, unsigned flags, struct tc_series *s,
		       double *med, struct tcliff_list *out, size_t *alloc)
{
	const struct timeline_row *r0 = &t->rows[first];

	series(t, first, end, s);
	if (s->n < TC_MIN_POINTS)
		return 0;
	noise(s);
	s->ncut = 0;
	split(s, 0, s->n, 0);
	qsort(s->cut, s->ncut, sizeof(size_t), cmp_size);
	merge(s, med);
	/* the cuts that are cliffs, in place at the front of cut[] */
	size_t nc = 0;
	for (size_t j = 0; j < s->ncut; j++)
		if (judge(s, med, j, &med[s->n + nc]))
			s->cut[s->n + nc++] = s->cut[j];
	for (size_t j = 0; j < nc; j++) {
		struct tcliff c;
		size_t k = s->cut[s->n + j];
		size_t lo = j ? s->cut[s->n + j - 1] : 0;
		size_t hi = j + 1 < nc ? s->cut[s->n + j + 1] : s->n;
		double conf = med[s->n + j];

		memset(&c, 0, sizeof(c));
		c.col = r0->col;
		c.file_kb = r0->file_kb;
		c.record_kb = r0->record_kb;
		c.trial = r0->trial;
		c.client = r0->client;
		c.level_before_kbps = level(s, lo, k - (k - lo > TC_MIN_SEG));
		c.level_after_kbps = level(s, k + (hi - k > TC_MIN_SEG), hi);
		c.ratio = c.level_before_kbps / c.level_after_kbps;
		c.confidence = conf;
		locate(t, first, end, s, k, c.level_before_kbps, c.level_after_kbps, &c);
		c.kind = cliff_is_writeback(c.col, flags, ram_kb, c.at_bytes / 1024) ?
			CLIFF_KIND_WRITEBACK : CLIFF_KIND_CACHE;
		if (push(out, alloc, &c) != 0)
			return -1;
	}
	return 0;
}

int cliff_time_detect(const struct timeline *t, uint64_t ram_kb, unsigned flags,
		      struct tcliff_list *out, char *err, size_t errlen)
{
	struct tc_series s;
	size_t n = t->n ? t->n : 1, alloc = 0, first, end;
	double *med = malloc((2 * n + 1) * sizeof(double));
	int rc = 0;

	memset(out, 0, sizeof(*out));
	memset(&s, 0, sizeof(s));
	s.x = malloc(n * sizeof(double));
	s.row = malloc(n * sizeof(size_t));
	s.kb = malloc(n * sizeof(double));
	s.len_s = malloc(n * sizeof(double));
	s.sum = malloc((n + 1) * sizeof(double));
	s.cut = malloc(2 * n * sizeof(size_t));
	s.scratch = malloc(n * sizeof(double));
	if (!med || !s.x || !s.row || !s.kb || !s.len_s || !s.sum || !s.cut || !s.scratch)
		rc = -1;
	/* many children or clients with their totals: the totals' cliffs */
	int totals = timeline_has_total(t, -1);
	for (size_t i = 0; rc == 0 && timeline_next_pass(t, i, &first, &end) == 0; i = end)
		if (!totals || t->rows[first].client == TIMELINE_CLIENT_TOTAL)
			rc = detect_pass(t, first, end, ram_kb, flags, &s, med, out, &alloc);
	free(med);
	free(s.x);
	free(s.row);
	free(s.kb);
	free(s.len_s);
	free(s.sum);
	free(s.cut);
	free(s.scratch);
	if (rc != 0) {
		cliff_time_release(out);
		return err_set(err, errlen, "out of memory looking for cliffs in time");
	}
	return 0;
}

void cliff_time_release(struct tcliff_list *l)
{
	free(l->items);
	memset(l, 0, sizeof(*l));
}
