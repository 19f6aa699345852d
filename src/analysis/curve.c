/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * curve.c: the saturation curve's figures, its knee and its sentence
 * (see curve.h for the rule).  A step reads a many-client result set
 * the way every emitter does: the aggregate from the cell's samples
 * (results_cell_summary), the latency from their histograms merged (the
 * clients' already reduced into each trial's), and each client's share
 * from the clients' own rows.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis/curve.h"
#include "analysis/netbound.h"
#include "lib/err.h"
#include "model/latency.h"
#include "model/results.h"
#include "model/stats.h"

int curve_table_add(struct curve_table *t, const struct curve_step *st)
{
	struct curve_step *p = realloc(t->steps, (t->n + 1) * sizeof(*p));

	if (!p)
		return -1;
	t->steps = p;
	t->steps[t->n++] = *st;
	return 0;
}

void curve_table_release(struct curve_table *t)
{
	free(t->steps);
	*t = (struct curve_table){ 0 };
}

/* The clients' own rates of (cell, col), full trials: min, median, max. */
static int client_shares(const struct result_set *rs, size_t cell, int col,
			 struct curve_step *st, char *err, size_t errlen)
{
	double *v = malloc((rs->nclient_samples ? rs->nclient_samples : 1) * sizeof(*v));
	struct stats_summary s;
	size_t n = 0;
	int rc;

	if (!v)
		return err_set(err, errlen, "out of memory");
	for (size_t i = 0; i < rs->nclient_samples; i++) {
		const struct result_sample *c = &rs->client_samples[i];
		double kbps;
		if (c->cell != cell || c->col != col || (c->flags & RESULTS_SF_PARTIAL))
			continue;
		kbps = results_sample_value(rs, c, RESULTS_UNIT_KBPS);
		if (kbps >= 0.0)
			v[n++] = kbps;
	}
	rc = n && stats_summarize(v, n, &s) == 0 ? 0 : -1;
	free(v);
	if (rc != 0)
		return err_set(err, errlen, "%s: no client's own figure (a run of "
			       "iosweep-mpi has them)", results_col_name(col));
	st->client_min_kbps = s.min;
	st->client_median_kbps = s.median;
	st->client_max_kbps = s.max;
	return 0;
}

/* p50 p90 p99 p99.9 of the cell's merged histograms, NaN without. */
static int step_latency(const struct result_set *rs, size_t cell, int col,
			struct curve_step *st, char *err, size_t errlen)
{
	static const double q[CURVE_NLAT] = { 0.50, 0.90, 0.99, 0.999 };
	struct latency_hist h;
	int got;

	for (int i = 0; i < CURVE_NLAT; i++)
		st->lat_us[i] = NAN;
	if (latency_init(&h) != 0)
		return err_set(err, errlen, "out of memory");
	got = results_lat_merge_cell(rs, cell, col, &h);
	if (got > 0 && h.n)
		for (int i = 0; i < CURVE_NLAT; i++)
			st->lat_us[i] = latency_quantile_ns(&h, q[i]) / 1000.0;
	latency_release(&h);
	return got < 0 ? err_set(err, errlen, "out of memory") : 0;
}

int curve_step_fill(const struct result_set *rs, size_t cell, int col,
		    struct curve_step *st, char *err, size_t errlen)
{
	struct stats_summary s;
	long n = results_cell_summary(rs, cell, col, RESULTS_UNIT_KBPS, &s);

	if (n < 0)
		return err_set(err, errlen, "out of memory");
	if (n == 0)
		return err_set(err, errlen, "%s: no full trial", results_col_name(col));
	*st = (struct curve_step){
		.clients = rs->nclients ? rs->nclients : 1,
		.col = col,
		.trials = (unsigned)n,
		.agg_kbps = s.mean,
	};
	if (client_shares(rs, cell, col, st, err, errlen) != 0)
		return -1;
	return step_latency(rs, cell, col, st, err, errlen);
}

/* Does any step past i grow from step i by CURVE_GROWTH or more per doubling? */
static int grows_past(const unsigned *clients, const double *agg, size_t n, size_t i)
{
	if (agg[i] <= 0.0)
		return i + 1 < n;
	for (size_t j = i + 1; j < n; j++) {
		double d = log2((double)clients[j] / (double)clients[i]);
		if (d <= 0.0 || pow(agg[j] / agg[i], 1.0 / d) >= CURVE_GROWTH)
			return 1;
	}
	return 0;
}

long curve_knee(const unsigned *clients, const double *agg, size_t n)
{
	for (size_t i = 0; i + 1 < n; i++)
		if (!grows_past(clients, agg, n, i))
			return (long)i;
	return -1;
}

long curve_knee_of(const struct curve_step *steps, size_t n, int col, long *last)
{
	unsigned clients[CURVE_STEPS_MAX];
	double agg[CURVE_STEPS_MAX];
	size_t at[CURVE_STEPS_MAX] = { 0 }, k = 0;
	long knee;

	for (size_t i = 0; i < n && k < CURVE_STEPS_MAX; i++) {
		if (steps[i].col != col)
			continue;
		clients[k] = steps[i].clients;
		agg[k] = steps[i].agg_kbps;
		at[k++] = i;
	}
	if (last)
		*last = k ? (long)at[k - 1] : -1;
	knee = curve_knee(clients, agg, k);
	return knee < 0 ? -1 : (long)at[knee];
}

/* A rate in MB/s (2^20 bytes), whole above 10, else to a tenth. */
static void mb_text(double kbps, char *out, size_t outlen)
{
	double mb = kbps / 1024.0;

	snprintf(out, outlen, mb >= 10.0 ? "%.0f MB/s" : "%.1f MB/s", mb);
}

int curve_describe(const struct curve_step *st, int knee,
		   const struct netbound_link *link, char *out, size_t outlen)
{
	char agg[32], each[32], share[128] = "";
	const char *s = st->clients == 1 ? "" : "s";

	mb_text(st->agg_kbps, agg, sizeof(agg));
	mb_text(st->client_median_kbps, each, sizeof(each));
	if (link && link->kbps > 0.0)
		snprintf(share, sizeof(share), ", %.0f%% of %s",
			 st->agg_kbps / link->kbps * 100.0, link->name);
	if (knee)
		return snprintf(out, outlen, "the share saturates at %u client%s: %s "
				"aggregate%s; each client gets %s", st->clients, s, agg,
				share, each);
	return snprintf(out, outlen, "no knee up to %u client%s: the aggregate still "
			"grows (%s aggregate%s; each client gets %s)", st->clients, s, agg,
			share, each);
}
