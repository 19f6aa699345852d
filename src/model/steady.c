/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * steady.c: the steady-state judgement of --steady (see steady.h).
 *
 * The slope is fio's: an ordinary least-squares line through the window's
 * values at x = 0, 1, ..., n-1, so it is "per interval" (per round for
 * snia), and a percentage limit compares 100 * slope / mean.  The range
 * rule is fio's too: the largest distance of a value from the window's
 * mean, strictly below the limit.  The SNIA rule's two tests are "at
 * most" (the PTS says an excursion shall not exceed its share).
 *
 * The tracker keeps a ring of the last window of values and judges it
 * afresh after every value: n is at most a few thousand, and this runs
 * once per interval, outside the timed loop.
 */
#include "compat.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "model/steady.h"
#include "model/units.h"

#define STEADY_MAX_MS 86400000u   /* a day, as --runtime */

/* "10", "0.5%": a positive finite number, maybe a percentage. */
static int parse_limit(const char *text, double *limit, int *pct,
		       char *err, size_t errlen)
{
	char *end;
	size_t n = strlen(text);

	*pct = n > 0 && text[n - 1] == '%';
	errno = 0;
	*limit = strtod(text, &end);
	if (end == text || (size_t)(end - text) != n - (size_t)*pct || errno ||
	    !isfinite(*limit) || *limit <= 0.0 || text[0] == '+' || text[0] == ' ')
		return err_set(err, errlen, "limit '%s' is not a positive number "
			       "or percentage (10, 10%%)", text);
	return 0;
}

static int parse_ms(const char *what, const char *text, uint64_t *ms,
		    char *err, size_t errlen)
{
	char why[128];

	if (units_parse_duration_ms(text, STEADY_MAX_MS, ms, why, sizeof(why)) != 0 ||
	    *ms == 0)
		return err_set(err, errlen, "%s '%s' is not a duration (30s, 2m, "
			       "500ms)", what, text);
	return 0;
}

int steady_parse(const char *text, struct steady_spec *s, char *err, size_t errlen)
{
	char buf[128], *part[5];
	size_t np = 0;
	size_t i = 0;

	memset(s, 0, sizeof(*s));
	for (const char *q = text; *q; q++)   /* never echoed into a message */
		if ((unsigned char)*q < 0x20 || *q == 0x7f)
			return err_set(err, errlen, "has a control character");
	if (strlen(text) >= sizeof(buf))
		return err_set(err, errlen, "'%.40s...' is too long", text);
	memcpy(buf, text, strlen(text) + 1);
	/* split on ':' by hand: strtok would merge empty fields */
	part[np++] = buf;
	for (char *p = buf; *p; p++)
		if (*p == ':') {
			if (np == 5)
				return err_set(err, errlen, "'%s' has too many "
					       "fields (iops:slope:10%%:30s)", text);
			*p = '\0';
			part[np++] = p + 1;
		}
	if (strcmp(part[0], "iops") == 0 || strcmp(part[0], "bw") == 0) {
		s->metric = part[0][0] == 'b' ? STEADY_BW : STEADY_IOPS;
		i = 1;
	} else if (strcmp(part[0], "snia") != 0) {
		return err_set(err, errlen, "'%s' is not iops, bw or snia", part[0]);
	}
	if (i < np && strcmp(part[i], "snia") == 0) {
		s->rule = STEADY_SNIA;
		if (np > i + 2)
			return err_set(err, errlen, "'%s': snia takes at most a "
				       "round length (snia:1m)", text);
		if (np == i + 2 && parse_ms("round", part[i + 1], &s->round_ms,
					    err, errlen) != 0)
			return -1;
		return 0;
	}
	if (i == 0 || np != 4)
		return err_set(err, errlen, "'%s' is not METRIC:RULE:LIMIT:WINDOW "
			       "(iops:slope:10%%:30s) or snia", text);
	if (strcmp(part[1], "slope") == 0)
		s->rule = STEADY_SLOPE;
	else if (strcmp(part[1], "range") == 0)
		s->rule = STEADY_RANGE;
	else
		return err_set(err, errlen, "'%s' is not slope, range or snia", part[1]);
	if (parse_limit(part[2], &s->limit, &s->pct, err, errlen) != 0)
		return -1;
	return parse_ms("window", part[3], &s->window_ms, err, errlen);
}

static void put_ms(char *out, size_t outlen, uint64_t ms)
{
	if (ms % 60000 == 0)
		snprintf(out, outlen, "%" PRIu64 "m", ms / 60000);
	else if (ms % 1000 == 0)
		snprintf(out, outlen, "%" PRIu64 "s", ms / 1000);
	else
		snprintf(out, outlen, "%" PRIu64 "ms", ms);
}

void steady_format(const struct steady_spec *s, char *out, size_t outlen)
{
	const char *metric = s->metric == STEADY_BW ? "bw" : "iops";
	char d[32];

	if (s->rule == STEADY_SNIA) {
		put_ms(d, sizeof(d), s->round_ms);
		snprintf(out, outlen, "%s%ssnia%s%s",
			 s->metric == STEADY_BW ? metric : "",
			 s->metric == STEADY_BW ? ":" : "",
			 s->round_ms ? ":" : "", s->round_ms ? d : "");
		return;
	}
	put_ms(d, sizeof(d), s->window_ms);
	snprintf(out, outlen, "%s:%s:%g%s:%s", metric,
		 s->rule == STEADY_SLOPE ? "slope" : "range", s->limit,
		 s->pct ? "%" : "", d);
}

/* Intervals in one value of s on a grid of interval_ms (0: none). */
static size_t per_value(const struct steady_spec *s, uint64_t interval_ms)
{
	if (s->rule != STEADY_SNIA || !s->round_ms)
		return 1;
	if (!interval_ms || s->round_ms % interval_ms)
		return 0;
	return (size_t)(s->round_ms / interval_ms);
}

size_t steady_window_intervals(const struct steady_spec *s, uint64_t interval_ms)
{
	size_t k = per_value(s, interval_ms);

	if (!interval_ms || !k)
		return 0;
	if (s->rule == STEADY_SNIA)
		return k * STEADY_SNIA_ROUNDS;
	if (s->window_ms % interval_ms || s->window_ms / interval_ms < 2)
		return 0;
	return (size_t)(s->window_ms / interval_ms);
}

int steady_check_grid(const struct steady_spec *s, uint64_t interval_ms,
		      char *err, size_t errlen)
{
	char w[32];

	if (steady_window_intervals(s, interval_ms))
		return 0;
	put_ms(w, sizeof(w), s->rule == STEADY_SNIA ? s->round_ms : s->window_ms);
	return err_set(err, errlen, "the %s %s is not %s whole number of the "
		       "%" PRIu64 "ms intervals it is sampled in (--log-interval)",
		       s->rule == STEADY_SNIA ? "round" : "window", w,
		       s->rule == STEADY_SNIA ? "a" : "at least 2 and a",
		       interval_ms);
}

void steady_judge(const struct steady_spec *s, const double *y, size_t n,
		  struct steady_verdict *v)
{
	double sy = 0.0, sxy = 0.0, lo = y[0], hi = y[0];
	double nn = (double)n, sx = nn * (nn - 1.0) / 2.0;
	double sxx = (nn - 1.0) * nn * (2.0 * nn - 1.0) / 6.0;

	memset(v, 0, sizeof(*v));
	for (size_t i = 0; i < n; i++) {
		sy += y[i];
		sxy += (double)i * y[i];
		lo = y[i] < lo ? y[i] : lo;
		hi = y[i] > hi ? y[i] : hi;
	}
	v->mean = sy / nn;
	v->slope = (sxy - sx * sy / nn) / (sxx - sx * sx / nn);
	v->range = hi - lo;
	for (size_t i = 0; i < n; i++) {
		double d = fabs(y[i] - v->mean);
		v->deviation = d > v->deviation ? d : v->deviation;
	}
	if (s->rule == STEADY_SNIA) {
		double excursion = fabs(v->slope) * (nn - 1.0);
		v->criterion = v->mean > 0.0 ? 100.0 * v->range / v->mean : INFINITY;
		v->steady = v->mean > 0.0 &&
			v->range <= v->mean * STEADY_SNIA_RANGE_PCT / 100.0 &&
			excursion <= v->mean * STEADY_SNIA_SLOPE_PCT / 100.0;
		return;
	}
	v->criterion = s->rule == STEADY_SLOPE ? fabs(v->slope) : v->deviation;
	if (s->pct)
		v->criterion = v->mean > 0.0 ? 100.0 * v->criterion / v->mean : INFINITY;
	v->steady = v->criterion < s->limit;
}

int steady_track_init(struct steady_track *t, const struct steady_spec *s,
		      uint64_t interval_ms, uint64_t ramp_ms, char *err, size_t errlen)
{
	size_t n = steady_window_intervals(s, interval_ms);

	memset(t, 0, sizeof(*t));
	if (!n)
		return steady_check_grid(s, interval_ms, err, errlen);
	t->spec = *s;
	t->interval_ns = interval_ms * 1000000u;
	t->ramp_ns = ramp_ms * 1000000u;
	t->per_value = per_value(s, interval_ms);
	t->nvals = n / t->per_value;
	t->ring = calloc(2 * t->nvals, sizeof(*t->ring));  /* ring, window */
	if (!t->ring)
		return err_set(err, errlen, "out of memory for the steady-state window");
	return 0;
}

void steady_track_release(struct steady_track *t)
{
	free(t->ring);
	memset(t, 0, sizeof(*t));
}

void steady_track_reset(struct steady_track *t)
{
	t->have = 0;
	t->part = 0.0;
	t->part_n = 0;
	t->attained = 0;
	t->at_ns = 0;
	t->judged = 0;
	memset(&t->last, 0, sizeof(t->last));
}

int steady_track_add(struct steady_track *t, uint64_t start_ns, uint64_t len_ns,
		     uint64_t bytes, uint64_t ops)
{
	double secs = (double)len_ns / 1e9, y;

	if (t->attained)
		return 1;
	if (!t->ring || len_ns / 3 < t->interval_ns / 4 || start_ns < t->ramp_ns)
		return 0;
	y = t->spec.metric == STEADY_BW ? (double)bytes / 1024.0 / secs
		: (double)ops / secs;
	t->part += y;
	if (++t->part_n < t->per_value)
		return 0;
	t->ring[t->have % t->nvals] = t->part / (double)t->part_n;
	t->have++;
	t->part = 0.0;
	t->part_n = 0;
	if (t->have < t->nvals)
		return 0;
	/* oldest first: the ring from the slot after the newest */
	for (size_t i = 0; i < t->nvals; i++)
		t->ring[t->nvals + i] = t->ring[(t->have + i) % t->nvals];
	steady_judge(&t->spec, t->ring + t->nvals, t->nvals, &t->last);
	t->judged = 1;
	if (t->last.steady) {
		t->attained = 1;
		t->at_ns = start_ns + len_ns;
	}
	return t->attained;
}
