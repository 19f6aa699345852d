/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * steady.h: has a workload's rate settled?  (--steady)
 *
 * A --runtime pass or --precondition writes until its rate is steady or
 * its time (or byte budget) runs out.  The rate is sampled once per
 * interval of the run's timeline (--log-interval, else 1 s), and judged
 * over a rolling window of the last WINDOW of intervals, with fio's
 * meaning of its ss= option:
 *
 *   iops|bw:slope:LIMIT:WINDOW   the least-squares slope of the window,
 *                                per interval, is below LIMIT in size
 *   iops|bw:range:LIMIT:WINDOW   every value of the window is less than
 *                                LIMIT from the window's mean
 *
 * LIMIT is a number (IOPS, or kB/s for bw; for slope, per interval) or
 * a percentage of the window's mean ("10%").  Nothing is judged until the
 * window is full; intervals that start before the steady ramp
 * (--steady-ramp, fio's ss_ramp) are not sampled.
 *
 * The SNIA Solid State Storage PTS rule is a named choice, "snia" (IOPS)
 * or "bw:snia", with an optional round length ("snia:1m"; default one
 * interval): the window is five rounds, each round's value the mean rate
 * of its intervals, and it is steady when the range of the five (max -
 * min) is at most 20% of their mean AND the best-fit line's excursion
 * across the window (slope times four rounds) is at most 10% of it.
 *
 * Pure module: no I/O, nothing printed.  A tracker owns its ring of
 * values (steady_track_release).
 */
#ifndef IOSWEEP_STEADY_H
#define IOSWEEP_STEADY_H

#include <stddef.h>
#include <stdint.h>

enum steady_metric { STEADY_IOPS, STEADY_BW };
enum steady_rule { STEADY_SLOPE, STEADY_RANGE, STEADY_SNIA };

#define STEADY_SNIA_ROUNDS 5
#define STEADY_SNIA_RANGE_PCT 20.0
#define STEADY_SNIA_SLOPE_PCT 10.0
#define STEADY_DEFAULT_INTERVAL_MS 1000u  /* fio's ss_interval */

struct steady_spec {
	int metric;              /* enum steady_metric */
	int rule;                /* enum steady_rule */
	double limit;            /* slope, range: the limit (see pct) */
	int pct;                 /* limit is a percentage of the mean */
	uint64_t window_ms;      /* slope, range: the rolling window */
	uint64_t round_ms;       /* snia: a round (0: one interval) */
};

/*
 * Parse --steady's text.  0, or -1 with a message naming the part that
 * is wrong (the caller adds the option's name).
 */
int steady_parse(const char *text, struct steady_spec *s, char *err, size_t errlen);

/* The canonical text of s ("iops:slope:10%:30s", "snia:1m") into out. */
void steady_format(const struct steady_spec *s, char *out, size_t outlen);

/*
 * The window's length in intervals of interval_ms for s: 0 when the
 * window is not a whole number (at least 2) of intervals, which
 * steady_check_grid() reports.
 */
size_t steady_window_intervals(const struct steady_spec *s, uint64_t interval_ms);
int steady_check_grid(const struct steady_spec *s, uint64_t interval_ms,
		      char *err, size_t errlen);

/* What a judgement of one window found. */
struct steady_verdict {
	int steady;
	double mean;             /* of the window's values */
	double slope;            /* least squares, per value (per round: snia) */
	double deviation;        /* fio's range: largest |value - mean| */
	double range;            /* max - min */
	double criterion;        /* what was compared with the limit (percent
				    of the mean when the limit is one; snia:
				    the range's percentage) */
};

/*
 * Judge the n values y (oldest first) by s.  For snia, y are the rounds.
 * n >= 2; a mean of 0 is never steady in percent.
 */
void steady_judge(const struct steady_spec *s, const double *y, size_t n,
		  struct steady_verdict *v);

/* ---- following a pass, interval by interval ------------------------- */

struct steady_track {
	struct steady_spec spec;
	uint64_t interval_ns, ramp_ns;
	size_t per_value;        /* intervals in one value (snia: a round) */
	size_t nvals;            /* values in the window */
	double *ring;            /* the last nvals values, then nvals of
				    scratch for the window in order */
	size_t have;             /* values taken so far */
	double part;             /* snia: the round being summed */
	size_t part_n;
	int attained;
	uint64_t at_ns;          /* end of the interval that made it steady,
				    from the pass's start of counting */
	struct steady_verdict last; /* the last judgement (at the steady one) */
	int judged;              /* a window was judged at least once */
};

/* 0, or -1 (out of memory, or a window the grid cannot hold: err). */
int steady_track_init(struct steady_track *t, const struct steady_spec *s,
		      uint64_t interval_ms, uint64_t ramp_ms, char *err, size_t errlen);
void steady_track_release(struct steady_track *t);
/* Forget the values (a new pass). */
void steady_track_reset(struct steady_track *t);

/*
 * The interval [start_ns, start_ns + len_ns) from the start of counting
 * moved bytes in ops operations (its rate is judged over len_ns, which
 * may stray from the grid by a reader's wake-up).  An interval shorter
 * than 3/4 of the grid (a pass's last, partial one) is not taken, nor
 * one that starts before the ramp.  Returns 1 when the rate is steady
 * now (and from then on), else 0.
 */
int steady_track_add(struct steady_track *t, uint64_t start_ns, uint64_t len_ns,
		     uint64_t bytes, uint64_t ops);

#endif
