/*
 * latency.c: the log-linear latency histogram (see latency.h): set-up,
 * compact copies for the result set, exact merging, and the figures a
 * report shows (min, mean, max, standard deviation, percentiles).
 *
 * Percentiles walk the buckets once; a percentile is the midpoint of the
 * bucket holding its rank, clamped to the exact min and max, so it is
 * never outside what was measured.
 */
#include "compat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "latency.h"
#include "results.h"

static void reset_figures(struct latency_hist *h)
{
	h->n = 0;
	h->min_ns = UINT64_MAX;
	h->max_ns = 0;
	h->sum_ns = 0;
	h->sumsq = 0;
}

int latency_init(struct latency_hist *h)
{
	memset(h, 0, sizeof(*h));
	reset_figures(h);
	h->counts = calloc(LATENCY_BUCKETS, sizeof(*h->counts));
	if (!h->counts)
		return -1;
	h->nbuckets = LATENCY_BUCKETS;
	return 0;
}

void latency_clear(struct latency_hist *h)
{
	reset_figures(h);
	if (h->counts)
		memset(h->counts, 0, (size_t)h->nbuckets * sizeof(*h->counts));
}

void latency_release(struct latency_hist *h)
{
	free(h->counts);
	memset(h, 0, sizeof(*h));
	reset_figures(h);
}

struct latency_hist *latency_compact(const struct latency_hist *h)
{
	struct latency_hist *c = malloc(sizeof(*c));
	uint32_t lo, hi;

	if (!c)
		return NULL;
	*c = *h;
	c->counts = NULL;
	c->first = 0;
	c->nbuckets = 0;
	if (h->n > 0) {
		lo = latency_index(h->min_ns) - h->first;
		hi = latency_index(h->max_ns) - h->first;
		c->first = h->first + lo;
		c->nbuckets = hi - lo + 1;
		c->counts = malloc((size_t)c->nbuckets * sizeof(*c->counts));
		if (!c->counts) {
			free(c);
			return NULL;
		}
		memcpy(c->counts, h->counts + lo, (size_t)c->nbuckets * sizeof(*c->counts));
	}
	return c;
}

void latency_free(struct latency_hist *h)
{
	if (!h)
		return;
	free(h->counts);
	free(h);
}

int latency_merge(struct latency_hist *dst, const struct latency_hist *src)
{
	if (dst->first != 0 || dst->nbuckets != LATENCY_BUCKETS || !dst->counts ||
	    (uint64_t)src->first + src->nbuckets > LATENCY_BUCKETS)
		return -1;
	if (src->n == 0)
		return 0;
	for (uint32_t k = 0; k < src->nbuckets; k++)
		dst->counts[src->first + k] += src->counts[k];
	dst->n += src->n;
	dst->sum_ns += src->sum_ns;
	dst->sumsq += src->sumsq;
	if (src->min_ns < dst->min_ns)
		dst->min_ns = src->min_ns;
	if (src->max_ns > dst->max_ns)
		dst->max_ns = src->max_ns;
	return 0;
}

uint64_t latency_bucket_low(uint32_t idx)
{
	uint32_t e;

	if (idx < LATENCY_LINEAR)
		return idx;
	e = idx / LATENCY_SUB - 1;   /* octave above the linear part, from 1 */
	return (uint64_t)(LATENCY_SUB + idx % LATENCY_SUB) << e;
}

uint64_t latency_bucket_width(uint32_t idx)
{
	if (idx < LATENCY_LINEAR)
		return 1;
	return (uint64_t)1 << (idx / LATENCY_SUB - 1);
}

double latency_quantile_ns(const struct latency_hist *h, double q)
{
	uint64_t rank, cum = 0;

	if (h->n == 0 || !(q >= 0.0))
		return NAN;
	if (q >= 1.0)
		return (double)h->max_ns;
	rank = (uint64_t)ceil(q * (double)h->n);
	if (rank < 1)
		rank = 1;
	if (rank > h->n)
		rank = h->n;
	for (uint32_t k = 0; k < h->nbuckets; k++) {
		cum += h->counts[k];
		if (cum >= rank) {
			uint32_t idx = h->first + k;
			double v = (double)latency_bucket_low(idx) +
				(double)(latency_bucket_width(idx) - 1) / 2.0;
			if (v < (double)h->min_ns)
				v = (double)h->min_ns;
			if (v > (double)h->max_ns)
				v = (double)h->max_ns;
			return v;
		}
	}
	return (double)h->max_ns;
}

double latency_mean_ns(const struct latency_hist *h)
{
	return h->n ? (double)h->sum_ns / (double)h->n : NAN;
}

double latency_sd_ns(const struct latency_hist *h)
{
	long double n, mean, var;

	if (h->n == 0)
		return NAN;
	if (h->n < 2)
		return 0.0;
	n = (long double)h->n;
	mean = (long double)h->sum_ns / n;
	var = ((long double)h->sumsq - n * mean * mean) / (n - 1.0L);
	return var > 0.0L ? (double)sqrtl(var) : 0.0;
}

static const char *const fig_names[LATENCY_NFIGS] = {
	"lat_min_us", "lat_mean_us", "lat_max_us", "lat_sd_us", "lat_p50_us",
	"lat_p90_us", "lat_p99_us", "lat_p999_us"
};

static const char *const fig_labels[LATENCY_NFIGS] = {
	"min", "mean", "max", "sd", "p50", "p90", "p99", "p99.9"
};

const char *latency_fig_name(int i)
{
	return i >= 0 && i < LATENCY_NFIGS ? fig_names[i] : "?";
}

const char *latency_fig_label(int i)
{
	return i >= 0 && i < LATENCY_NFIGS ? fig_labels[i] : "?";
}

int latency_summarize(const struct latency_hist *h, struct latency_summary *out)
{
	static const double qs[] = { 0.50, 0.90, 0.99, 0.999 };

	memset(out, 0, sizeof(*out));
	if (h->n == 0)
		return -1;
	out->n = h->n;
	out->us[0] = (double)h->min_ns / 1e3;
	out->us[1] = latency_mean_ns(h) / 1e3;
	out->us[2] = (double)h->max_ns / 1e3;
	out->us[3] = latency_sd_ns(h) / 1e3;
	for (size_t i = 0; i < sizeof(qs) / sizeof(qs[0]); i++)
		out->us[4 + i] = latency_quantile_ns(h, qs[i]) / 1e3;
	return 0;
}

int latency_merge_cell(const struct result_set *rs, size_t cell, int col,
		       struct latency_hist *out)
{
	int merged = 0;

	latency_clear(out);
	for (size_t i = 0; i < rs->nsamples; i++) {
		const struct result_sample *s = &rs->samples[i];
		if (s->cell != cell || s->col != col || !s->lat ||
		    (s->flags & RESULTS_SF_PARTIAL))
			continue;
		if (latency_merge(out, s->lat) != 0)
			return -1;
		merged++;
	}
	return merged;
}

int latency_merge_cell_dir(const struct result_set *rs, size_t cell, int col,
			   int dir, struct latency_hist *out)
{
	int merged = 0;

	latency_clear(out);
	for (size_t i = 0; i < rs->nsamples; i++) {
		const struct result_sample *s = &rs->samples[i];
		const struct latency_hist *h;
		if (s->cell != cell || s->col != col || (s->flags & RESULTS_SF_PARTIAL))
			continue;
		if (s->flags & RESULTS_SF_SPLIT)
			h = dir ? s->lat_wr : s->lat_rd;
		else
			h = results_col_writes(col) == dir ? s->lat : NULL;
		if (!h || h->n == 0)
			continue;
		if (latency_merge(out, h) != 0)
			return -1;
		merged++;
	}
	return merged;
}

int latency_in_set(const struct result_set *rs)
{
	for (size_t i = 0; i < rs->nsamples; i++)
		if (rs->samples[i].lat)
			return 1;
	return 0;
}
