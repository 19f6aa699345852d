/* SPDX-License-Identifier: GPL-2.0-or-later */
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/latency.h"
#include "lib/err.h"

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

/* ---- as bytes (latency.h: latency_pack) ---- */

#define LATENCY_PACK_MAGIC 0x4c480001u   /* "LH", version 1 */

static unsigned char *put_le(unsigned char *p, uint64_t v, unsigned bytes)
{
	for (unsigned i = 0; i < bytes; i++)
		*p++ = (unsigned char)(v >> (8 * i));
	return p;
}

static uint64_t get_le(const unsigned char *p, unsigned bytes)
{
	uint64_t v = 0;

	for (unsigned i = 0; i < bytes; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

/* The buckets a packed h holds: those from min's to max's (none when empty). */
static void packed_range(const struct latency_hist *h, uint32_t *lo, uint32_t *nb)
{
	uint32_t a, b;

	*lo = 0;
	*nb = 0;
	if (h->n == 0 || h->nbuckets == 0)
		return;
	a = latency_index(h->min_ns);
	b = latency_index(h->max_ns);
	if (a < h->first)
		a = h->first;
	if (b > h->first + h->nbuckets - 1)
		b = h->first + h->nbuckets - 1;
	if (a > b)
		return;
	*lo = a;
	*nb = b - a + 1;
}

/* The sum of squares as two 64-bit halves, and back. */
static void squares_split(latency_sq sq, uint64_t *hi, uint64_t *lo)
{
#if LATENCY_EXACT_SQUARES
	*hi = (uint64_t)(sq >> 64);
	*lo = (uint64_t)sq;
#else
	long double h = floorl(sq / 18446744073709551616.0L);
	*hi = (uint64_t)h;
	*lo = (uint64_t)(sq - h * 18446744073709551616.0L);
#endif
}

static latency_sq squares_join(uint64_t hi, uint64_t lo)
{
#if LATENCY_EXACT_SQUARES
	return ((latency_sq)hi << 64) | lo;
#else
	return (long double)hi * 18446744073709551616.0L + (long double)lo;
#endif
}

size_t latency_packed_len(const struct latency_hist *h)
{
	uint32_t lo, nb;

	packed_range(h, &lo, &nb);
	return LATENCY_PACK_HEADER + (size_t)nb * 8u;
}

size_t latency_pack(const struct latency_hist *h, unsigned char *buf, size_t len)
{
	uint32_t lo, nb;
	uint64_t sq_hi, sq_lo;
	unsigned char *p = buf;

	packed_range(h, &lo, &nb);
	if (len < LATENCY_PACK_HEADER + (size_t)nb * 8u)
		return 0;
	squares_split(h->sumsq, &sq_hi, &sq_lo);
	p = put_le(p, LATENCY_PACK_MAGIC, 4);
	p = put_le(p, lo, 4);
	p = put_le(p, nb, 4);
	p = put_le(p, nb ? h->n : 0, 8);
	p = put_le(p, nb ? h->min_ns : UINT64_MAX, 8);
	p = put_le(p, nb ? h->max_ns : 0, 8);
	p = put_le(p, nb ? h->sum_ns : 0, 8);
	p = put_le(p, nb ? sq_hi : 0, 8);
	p = put_le(p, nb ? sq_lo : 0, 8);
	for (uint32_t k = 0; k < nb; k++)
		p = put_le(p, h->counts[lo - h->first + k], 8);
	return (size_t)(p - buf);
}

/* Is the unpacked header and counts of h one a packer could have written? */
static const char *unpack_check(const struct latency_hist *h)
{
	uint64_t total = 0;

	if (h->nbuckets == 0)
		return h->n || h->min_ns != UINT64_MAX || h->max_ns || h->sum_ns ||
			h->sumsq ? "values but no buckets" : NULL;
	if (h->n == 0)
		return "buckets but no values";
	if (h->min_ns > h->max_ns)
		return "min above max";
	if (latency_index(h->min_ns) != h->first ||
	    latency_index(h->max_ns) != h->first + h->nbuckets - 1)
		return "min or max outside its buckets";
	if (!h->counts[0] || !h->counts[h->nbuckets - 1])
		return "an empty first or last bucket";
	for (uint32_t k = 0; k < h->nbuckets; k++) {
		if (h->counts[k] > UINT64_MAX - total)
			return "counts overflow";
		total += h->counts[k];
	}
	return total == h->n ? NULL : "counts do not add up to n";
}

struct latency_hist *latency_unpack(const unsigned char *buf, size_t len,
				    size_t *used, char *err, size_t errlen)
{
	struct latency_hist *h;
	const char *why;
	uint64_t first, nb;

	*used = 0;
	if (len < LATENCY_PACK_HEADER) {
		err_set(err, errlen, "latency histogram: %zu bytes, shorter than "
			"its %u-byte header", len, LATENCY_PACK_HEADER);
		return NULL;
	}
	if (get_le(buf, 4) != LATENCY_PACK_MAGIC) {
		err_set(err, errlen, "latency histogram: not one (bad magic word)");
		return NULL;
	}
	first = get_le(buf + 4, 4);
	nb = get_le(buf + 8, 4);
	if (first + nb > LATENCY_BUCKETS) {
		err_set(err, errlen, "latency histogram: buckets %llu..%llu out of "
			"range", (unsigned long long)first,
			(unsigned long long)(first + nb));
		return NULL;
	}
	if ((len - LATENCY_PACK_HEADER) / 8u < nb) {
		err_set(err, errlen, "latency histogram: %llu buckets, only %zu "
			"bytes for them", (unsigned long long)nb,
			len - LATENCY_PACK_HEADER);
		return NULL;
	}
	h = calloc(1, sizeof(*h));
	if (!h || (nb && !(h->counts = malloc((size_t)nb * sizeof(*h->counts))))) {
		free(h);
		err_set(err, errlen, "out of memory reading a latency histogram");
		return NULL;
	}
	h->first = (uint32_t)first;
	h->nbuckets = (uint32_t)nb;
	h->n = get_le(buf + 12, 8);
	h->min_ns = get_le(buf + 20, 8);
	h->max_ns = get_le(buf + 28, 8);
	h->sum_ns = get_le(buf + 36, 8);
	h->sumsq = squares_join(get_le(buf + 44, 8), get_le(buf + 52, 8));
	for (uint64_t k = 0; k < nb; k++)
		h->counts[k] = get_le(buf + LATENCY_PACK_HEADER + 8u * k, 8);
	why = unpack_check(h);
	if (why) {
		err_set(err, errlen, "latency histogram: corrupt (%s)", why);
		latency_free(h);
		return NULL;
	}
	*used = LATENCY_PACK_HEADER + (size_t)nb * 8u;
	return h;
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

/* IOzone's band bounds in us (the last one: anything above the one before) */
static const uint64_t iozone_band_us[LATENCY_IOZONE_BANDS] = {
	20, 40, 60, 80, 100, 200, 400, 600, 800, 1000,
	2000, 4000, 6000, 8000, 10000, 12000, 14000, 16000, 18000, 20000,
	40000, 60000, 80000, 100000, 200000, 400000, 600000, 800000, 1000000,
	2000000, 4000000, 6000000, 8000000, 10000000, 20000000, 30000000,
	60000000, 90000000, 120000000, UINT64_MAX
};

void latency_iozone_bands(const struct latency_hist *h,
			  uint64_t out[LATENCY_IOZONE_BANDS])
{
	for (unsigned b = 0; b < LATENCY_IOZONE_BANDS; b++)
		out[b] = 0;
	for (uint32_t k = 0; k < h->nbuckets; k++) {
		uint32_t idx = h->first + k;
		uint64_t ns, us;
		unsigned b = 0;

		if (!h->counts[k])
			continue;
		ns = latency_bucket_low(idx) + (latency_bucket_width(idx) - 1) / 2;
		if (ns < h->min_ns)
			ns = h->min_ns;
		if (ns > h->max_ns)
			ns = h->max_ns;
		us = ns / 1000u;   /* IOzone truncates to whole microseconds */
		while (us > iozone_band_us[b])
			b++;
		out[b] += h->counts[k];
	}
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

static const char *const fig_labels[LATENCY_NFIGS] = {
	"min", "mean", "max", "sd", "p50", "p90", "p99", "p99.9"
};

const char *latency_fig_name(int i)
{
	return latency_col_name(0, i);
}

/* rows: all operations, the reads, the writes */
static const char *const col_names[3][LATENCY_NFIGS] = {
	{ "lat_min_us", "lat_mean_us", "lat_max_us", "lat_sd_us", "lat_p50_us",
	  "lat_p90_us", "lat_p99_us", "lat_p999_us" },
	{ "rd_lat_min_us", "rd_lat_mean_us", "rd_lat_max_us", "rd_lat_sd_us",
	  "rd_lat_p50_us", "rd_lat_p90_us", "rd_lat_p99_us", "rd_lat_p999_us" },
	{ "wr_lat_min_us", "wr_lat_mean_us", "wr_lat_max_us", "wr_lat_sd_us",
	  "wr_lat_p50_us", "wr_lat_p90_us", "wr_lat_p99_us", "wr_lat_p999_us" },
};

const char *latency_col_name(int dir, int i)
{
	return dir >= 0 && dir < 3 && i >= 0 && i < LATENCY_NFIGS ? col_names[dir][i] : "?";
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
