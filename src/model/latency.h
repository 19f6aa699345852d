/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * latency.h: per-operation latency as a log-linear histogram (--latency).
 *
 * A throughput figure says how long a whole pass took; --latency also
 * keeps how long every operation took, without storing them: each value
 * (nanoseconds) falls into one bucket of an HDR-style log-linear
 * histogram.  Values below 256 ns have a bucket each (exact); above, every
 * power of two [2^e, 2^(e+1)) is split into 128 equal sub-buckets, so a
 * bucket is at most 1/128 of its lower bound wide and a value read back as
 * its bucket's midpoint is within 1/256 (0.4%) of the truth.  The buckets
 * reach 2^48 ns (78 hours); larger values land in the last bucket, while
 * min and max stay exact.  Count, exact sum, exact sum of squares, min
 * and max are kept beside the counts, so the mean is exact, and two
 * histograms merge by adding: a merge of trials equals one pass over all
 * their values, bit for bit.
 *
 * A "full" histogram (latency_init) holds every bucket in one fixed array
 * of LATENCY_BUCKETS counters (43 KiB) and takes values with
 * latency_add(), inline and allocation-free for the timed loop.  A result
 * set keeps "compact" copies (latency_compact) that hold only the range of
 * buckets in use; they are read-only.
 *
 * Pure module: no I/O, nothing printed.  Ownership: latency_init and
 * latency_release pair on a caller's struct; latency_compact and
 * latency_unpack return a heap copy that latency_free releases.
 */
#ifndef IOSWEEP_LATENCY_H
#define IOSWEEP_LATENCY_H

#include <stddef.h>
#include <stdint.h>

struct result_set;

#define LATENCY_SUB_BITS 7u                    /* 128 sub-buckets per octave */
#define LATENCY_SUB (1u << LATENCY_SUB_BITS)
#define LATENCY_LINEAR (2u * LATENCY_SUB)      /* values < 256 ns: exact */
#define LATENCY_MAX_EXP 47u                    /* last octave: [2^47, 2^48) ns */
#define LATENCY_BUCKETS (LATENCY_LINEAR + \
	(LATENCY_MAX_EXP - LATENCY_SUB_BITS) * LATENCY_SUB)

/* The sum of squares needs 96+ bits: exact where the compiler has them. */
#if defined(__SIZEOF_INT128__)
#define LATENCY_EXACT_SQUARES 1
__extension__ typedef unsigned __int128 latency_sq;
#else
#define LATENCY_EXACT_SQUARES 0
typedef long double latency_sq;
#endif

struct latency_hist {
	uint64_t n;              /* values */
	uint64_t min_ns;         /* UINT64_MAX while n == 0 */
	uint64_t max_ns;
	uint64_t sum_ns;         /* exact (wraps after 584 years of waiting) */
	latency_sq sumsq;        /* sum of squares, ns^2 */
	uint32_t first;          /* counts[k] counts bucket first + k */
	uint32_t nbuckets;       /* LATENCY_BUCKETS for a full histogram */
	uint64_t *counts;
};

/* The bucket a value falls in, 0 .. LATENCY_BUCKETS-1. */
static inline uint32_t latency_index(uint64_t ns)
{
	unsigned e;

	if (ns < LATENCY_LINEAR)
		return (uint32_t)ns;
#if defined(__GNUC__) || defined(__clang__)
	e = 63u - (unsigned)__builtin_clzll(ns);
#else
	e = 0;
	for (uint64_t v = ns; v > 1; v >>= 1)
		e++;
#endif
	if (e > LATENCY_MAX_EXP)
		return LATENCY_BUCKETS - 1;
	return (uint32_t)((e - LATENCY_SUB_BITS) * LATENCY_SUB +
			  (ns >> (e - LATENCY_SUB_BITS)));
}

/*
 * Add one value to a full histogram: the timed loop's only latency work
 * besides reading the clock.  No allocation, no failure.
 */
static inline void latency_add(struct latency_hist *h, uint64_t ns)
{
	h->counts[latency_index(ns)]++;
	h->n++;
	h->sum_ns += ns;
	h->sumsq += (latency_sq)ns * (latency_sq)ns;
	if (ns < h->min_ns)
		h->min_ns = ns;
	if (ns > h->max_ns)
		h->max_ns = ns;
}

/* A full, empty histogram.  0, or -1 when out of memory. */
int latency_init(struct latency_hist *h);
/* Empty a histogram, keeping its buckets. */
void latency_clear(struct latency_hist *h);
/* Free the buckets of a histogram made by latency_init. */
void latency_release(struct latency_hist *h);

/* A heap copy holding only the buckets in use, or NULL when out of memory. */
struct latency_hist *latency_compact(const struct latency_hist *h);
/* Free a latency_compact copy; NULL is fine. */
void latency_free(struct latency_hist *h);

/*
 * A histogram as bytes, to send to another process (iosweep-mpi sends
 * each client's histograms to rank 0): a 60-byte header (a magic word,
 * first bucket, bucket count, n, min, max, sum, sum of squares as two
 * 64-bit halves), then the counts of the buckets in use, every number
 * little-endian, whatever the host.  latency_packed_len() is its size;
 * latency_pack() writes it into buf (at least that many bytes) and
 * returns the bytes written, 0 when buf is too small.
 */
#define LATENCY_PACK_HEADER 60u
size_t latency_packed_len(const struct latency_hist *h);
size_t latency_pack(const struct latency_hist *h, unsigned char *buf, size_t len);
/*
 * The histogram packed at buf (len bytes available) as a compact copy
 * (latency_free it), the bytes it took in *used.  A short buffer, a bad
 * magic word, buckets out of range, counts that do not add up to n, or
 * min/max outside the buckets are refused: NULL with the reason in err
 * (and NULL when out of memory, saying so).
 */
struct latency_hist *latency_unpack(const unsigned char *buf, size_t len,
				    size_t *used, char *err, size_t errlen);

/* Add src's values to dst, which must be full.  0, or -1 when dst is not. */
int latency_merge(struct latency_hist *dst, const struct latency_hist *src);

/* Lower bound and width of bucket idx, in ns. */
uint64_t latency_bucket_low(uint32_t idx);
uint64_t latency_bucket_width(uint32_t idx);

/*
 * The q-quantile (0 <= q <= 1) in ns: the value of rank ceil(q*n) (rank
 * 1 for q = 0), read as its bucket's midpoint and clamped to [min, max],
 * so q = 0 and q = 1 give the exact min and max.  NaN when n == 0.
 */
double latency_quantile_ns(const struct latency_hist *h, double q);
/* Exact mean in ns (NaN when n == 0). */
double latency_mean_ns(const struct latency_hist *h);
/* Sample standard deviation (n-1) in ns; 0 when n < 2, NaN when n == 0. */
double latency_sd_ns(const struct latency_hist *h);

/* The figures a report shows, in microseconds, in the order of their names. */
#define LATENCY_NFIGS 8
struct latency_summary {
	uint64_t n;
	double us[LATENCY_NFIGS];   /* min mean max sd p50 p90 p99 p99.9 */
};

/* "lat_min_us", "lat_mean_us", ..., "lat_p999_us" (CSV column names). */
const char *latency_fig_name(int i);
/*
 * The CSV column of figure i of all operations (dir 0: "lat_min_us"), the
 * reads (1: "rd_lat_min_us") or the writes (2: "wr_lat_min_us").
 */
const char *latency_col_name(int dir, int i);
/* "min", "mean", "max", "sd", "p50", "p90", "p99", "p99.9" (report). */
const char *latency_fig_label(int i);

/* Fill out from h.  0, or -1 when h holds no values. */
int latency_summarize(const struct latency_hist *h, struct latency_summary *out);

/*
 * IOzone's latency histogram (-+z): 40 bands of whole microseconds, a
 * value in the first band whose bound it does not pass (<= 20 us, <= 40,
 * ... <= 120 s), the last band above 120 s.  latency_iozone_bands() fills
 * out with h's counts in those bands, each of h's buckets counted in the
 * band of its midpoint (clamped to h's exact min and max), so a value
 * within 0.4% of a band's bound may land in the next band; exact below
 * 256 ns.
 */
#define LATENCY_IOZONE_BANDS 40
void latency_iozone_bands(const struct latency_hist *h,
			  uint64_t out[LATENCY_IOZONE_BANDS]);

#endif
