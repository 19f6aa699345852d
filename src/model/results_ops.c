/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * results_ops.c: figures and groups of small-file operation records (see
 * results_ops.h).  Everything is computed on demand from the records, as
 * results.c does for the samples: a record stores calls and seconds, or
 * only the rate an imported text printed.
 */
#include "compat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/latency.h"
#include "model/results_ops.h"

void results_op_clear(struct result_op *o)
{
	memset(o, 0, sizeof(*o));
	o->job = o->writer = -1;
	o->seconds = o->ops_per_s = o->best_s = o->worst_s = NAN;
	for (int i = 0; i < 8; i++)
		o->lat_us[i] = NAN;
}

double results_op_rate(const struct result_op *o)
{
	if (isfinite(o->seconds))
		return o->calls && o->seconds > 0 ? (double)o->calls / o->seconds : NAN;
	return o->ops_per_s;
}

/* Where test first appears among the records (its order in the groups). */
static size_t test_rank(const struct result_set *rs, const char *test)
{
	for (size_t i = 0; i < rs->nops; i++)
		if (strcmp(rs->ops[i].test, test) == 0)
			return i;
	return rs->nops;
}

static const struct result_set *sort_rs;

static int cmp_group(const void *a, const void *b)
{
	const struct results_op_group *x = a, *y = b;
	size_t rx = test_rank(sort_rs, x->test), ry = test_rank(sort_rs, y->test);

	if (rx != ry)
		return rx < ry ? -1 : 1;
	if (x->files != y->files)
		return x->files < y->files ? -1 : 1;
	return (x->force > y->force) - (x->force < y->force);
}

static int same_group(const struct result_op *o, const char *test, uint64_t files,
		      unsigned force)
{
	return o->job < 0 && o->files == files && o->force == force &&
		strcmp(o->test, test) == 0;
}

size_t results_op_values(const struct result_set *rs, const char *test,
			 uint64_t files, unsigned force, double *out, size_t max)
{
	size_t n = 0;

	/* records are added trial by trial, so their order is the trials' */
	for (size_t i = 0; i < rs->nops && n < max; i++) {
		const struct result_op *o = &rs->ops[i];
		double v = results_op_rate(o);
		if (same_group(o, test, files, force) && !(o->flags & RESULTS_OF_PARTIAL) &&
		    isfinite(v))
			out[n++] = v;
	}
	return n;
}

/*
 * An imported summary row of the group that describes exactly its full
 * trials (results.h, op_sums), or NULL.
 */
static const struct result_op *find_sum(const struct result_set *rs,
					const struct results_op_group *g, size_t full)
{
	for (size_t i = 0; i < rs->nop_sums; i++) {
		const struct result_op *o = &rs->op_sums[i];
		if (o->calls == full && o->files == g->files && o->force == g->force &&
		    strcmp(o->test, g->test) == 0)
			return o;
	}
	return NULL;
}

/*
 * The group's latency: the full trials' histograms merged, else one
 * trial's figures, else an imported summary's; and the summary's
 * short_timing.
 */
static void group_latency(const struct result_set *rs, struct results_op_group *g)
{
	struct latency_hist m;
	struct latency_summary ls;
	const struct result_op *sum;
	size_t full = 0, hists = 0;
	const struct result_op *one = NULL;

	for (size_t i = 0; i < rs->nops; i++) {
		const struct result_op *o = &rs->ops[i];
		if (!same_group(o, g->test, g->files, g->force) ||
		    (o->flags & RESULTS_OF_PARTIAL))
			continue;
		full++;
		hists += o->lat != NULL;
		one = o;
	}
	g->has_lat = 0;
	if (full && hists == full && latency_init(&m) == 0) {
		for (size_t i = 0; i < rs->nops; i++) {
			const struct result_op *o = &rs->ops[i];
			if (same_group(o, g->test, g->files, g->force) &&
			    !(o->flags & RESULTS_OF_PARTIAL))
				latency_merge(&m, o->lat);
		}
		if (latency_summarize(&m, &ls) == 0) {
			memcpy(g->lat_us, ls.us, sizeof(g->lat_us));
			g->has_lat = 1;
		}
		latency_release(&m);
	} else if (full == 1 && isfinite(one->lat_us[4])) {
		memcpy(g->lat_us, one->lat_us, sizeof(g->lat_us));
		g->has_lat = 1;
	} else if (full && (sum = find_sum(rs, g, full)) && isfinite(sum->lat_us[4])) {
		/* a folder read back: its summary's figures */
		memcpy(g->lat_us, sum->lat_us, sizeof(g->lat_us));
		g->has_lat = 1;
	}
	if (full && (sum = find_sum(rs, g, full)) && (sum->flags & RESULTS_OF_SHORT))
		g->short_timing = 1;
	if (!g->has_lat)
		for (int k = 0; k < 8; k++)
			g->lat_us[k] = NAN;
}

long results_op_groups(const struct result_set *rs, struct results_op_group **out)
{
	struct results_op_group *g;
	double *vals;
	size_t n = 0;

	*out = NULL;
	if (!rs->nops)
		return 0;
	g = calloc(rs->nops, sizeof(*g));
	vals = malloc(rs->nops * sizeof(*vals));
	if (!g || !vals) {
		free(g);
		free(vals);
		return -1;
	}
	for (size_t i = 0; i < rs->nops; i++) {
		const struct result_op *o = &rs->ops[i];
		size_t k;
		if (o->job >= 0)
			continue;
		for (k = 0; k < n; k++)
			if (same_group(o, g[k].test, g[k].files, g[k].force))
				break;
		if (k == n) {
			g[n].test = o->test;
			g[n].files = o->files;
			g[n].force = o->force;
			n++;
		}
		if (!(o->flags & RESULTS_OF_PARTIAL) && (o->flags & RESULTS_OF_SHORT))
			g[k].short_timing = 1;
	}
	for (size_t k = 0; k < n; k++) {
		size_t nv = results_op_values(rs, g[k].test, g[k].files, g[k].force,
					      vals, rs->nops);
		if (stats_summarize(vals, nv, &g[k].s) != 0)
			memset(&g[k].s, 0, sizeof(g[k].s));
		group_latency(rs, &g[k]);
	}
	free(vals);
	sort_rs = rs;
	qsort(g, n, sizeof(*g), cmp_group);
	*out = g;
	return (long)n;
}

int results_ops_fileop(const struct result_set *rs)
{
	for (size_t i = 0; i < rs->nops; i++)
		if (strncmp(rs->ops[i].test, "fileop ", 7) == 0)
			return 1;
	return 0;
}
