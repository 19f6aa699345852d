/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * timeline.c: the rows of --log-interval and the accumulator the timed
 * loop feeds (see timeline.h for the scheme).
 *
 * timeline_acc_tick() runs inside the timed region, once per interval
 * (at most 100 times a second at the 10 ms floor): it reads the
 * interval's figures out of its histogram and clears it, about 50 kB of
 * memory work, which is why the floor is 10 ms and not less.  It never
 * fails: a row that cannot be stored (out of memory) sets `lost` and the
 * pass's timeline is dropped afterwards, while its sample stays.
 */
#include "compat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/timeline.h"

#define TIMELINE_FIRST_ROWS 256

void timeline_init(struct timeline *t)
{
	memset(t, 0, sizeof(*t));
}

void timeline_release(struct timeline *t)
{
	free(t->rows);
	timeline_init(t);
}

static int grow(struct timeline_row **rows, size_t *alloc, size_t need)
{
	size_t n = *alloc ? *alloc : TIMELINE_FIRST_ROWS;
	struct timeline_row *p;

	if (need <= *alloc)
		return 0;
	while (n < need)
		n *= 2;
	p = realloc(*rows, n * sizeof(*p));
	if (!p)
		return -1;
	*rows = p;
	*alloc = n;
	return 0;
}

int timeline_add(struct timeline *t, const struct timeline_row *r)
{
	if (grow(&t->rows, &t->alloc, t->n + 1) != 0)
		return -1;
	t->rows[t->n++] = *r;
	return 0;
}

double timeline_row_kbps(const struct timeline_row *r)
{
	return r->len_ns ? (double)r->bytes / 1024.0 / ((double)r->len_ns / 1e9) : 0.0;
}

double timeline_row_iops(const struct timeline_row *r)
{
	return r->len_ns ? (double)r->ops / ((double)r->len_ns / 1e9) : 0.0;
}

int timeline_same_pass(const struct timeline_row *a, const struct timeline_row *b)
{
	return a->col == b->col && a->file_kb == b->file_kb &&
	       a->record_kb == b->record_kb && a->trial == b->trial &&
	       a->client == b->client;
}

int timeline_has_total(const struct timeline *t, int col)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->rows[i].client == TIMELINE_CLIENT_TOTAL &&
		    (col < 0 || t->rows[i].col == col))
			return 1;
	return 0;
}

int timeline_next_pass(const struct timeline *t, size_t from, size_t *first,
		       size_t *end)
{
	size_t e = from + 1;

	if (from >= t->n)
		return -1;
	/* a pass's rows run in time order; a new start at 0 is a new pass */
	while (e < t->n && timeline_same_pass(&t->rows[from], &t->rows[e]) &&
	       t->rows[e].start_ns > t->rows[e - 1].start_ns)
		e++;
	*first = from;
	*end = e;
	return 0;
}

/* ---- the accumulator ------------------------------------------------ */

int timeline_acc_init(struct timeline_acc *a, uint64_t interval_ns)
{
	memset(a, 0, sizeof(*a));
	a->interval_ns = interval_ns ? interval_ns : 1;
	a->next_ns = UINT64_MAX;
	if (latency_init(&a->hist) != 0 ||
	    grow(&a->rows, &a->alloc, TIMELINE_FIRST_ROWS) != 0) {
		timeline_acc_release(a);
		return -1;
	}
	return 0;
}

void timeline_acc_release(struct timeline_acc *a)
{
	latency_release(&a->hist);
	free(a->rows);
	memset(a, 0, sizeof(*a));
}

void timeline_acc_reset(struct timeline_acc *a, uint64_t bytes_per_op)
{
	a->n = 0;
	a->lost = 0;
	a->started = 0;
	a->bytes_closed = 0;
	a->bytes_per_op = bytes_per_op;
	a->next_ns = UINT64_MAX;
	a->ops = 0;
	latency_clear(&a->hist);
}

void timeline_acc_begin(struct timeline_acc *a, uint64_t t0)
{
	a->t0 = t0;
	a->next_ns = t0 + a->interval_ns;
	a->started = 1;
	/* the sampled loop starts timing every op, and widens from there */
	a->stride = 1;
	a->batch = 1;
	a->left = 1;
	a->armed = 1;
	a->last_ns = t0;
	if (!a->rng)
		a->rng = 0x9e3779b97f4a7c15ull ^ t0;
}

/* xorshift64: the batches' lengths need no more than this */
static uint64_t next_rand(uint64_t *s)
{
	uint64_t x = *s;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return *s = x;
}

uint64_t timeline_acc_sample(struct timeline_acc *a, uint64_t now_ns, uint64_t *tp)
{
	uint64_t took;

	if (now_ns >= a->next_ns)
		timeline_acc_tick(a, now_ns);
	if (!a->armed) {
		/* before the batch's last op: count the rest, time that one */
		a->ops += a->batch - 1;
		a->armed = 1;
		*tp = now_ns;
		return 1;
	}
	a->ops++;
	latency_add(&a->hist, now_ns - *tp);
	took = now_ns - a->last_ns;
	a->last_ns = now_ns;
	*tp = now_ns;
	if (took < TIMELINE_BATCH_NS / 2 && a->stride < TIMELINE_STRIDE_MAX)
		a->stride *= 2;
	else if (took > 2 * (uint64_t)TIMELINE_BATCH_NS && a->stride > 1)
		a->stride /= 2;
	if (a->stride == 1) {
		a->batch = 1;
		return 1;
	}
	a->batch = a->stride / 2 + next_rand(&a->rng) % a->stride;
	if (a->batch < 2)
		a->batch = 2;
	a->armed = 0;
	return a->batch - 1;
}

/* Close [start, end) with the histogram's ops and bytes of them. */
static void close_row(struct timeline_acc *a, uint64_t start, uint64_t end,
		      uint64_t bytes)
{
	struct timeline_row *r;
	const struct latency_hist *h = &a->hist;

	if (grow(&a->rows, &a->alloc, a->n + 1) != 0) {
		a->lost = 1;
		latency_clear(&a->hist);
		return;
	}
	r = &a->rows[a->n++];
	memset(r, 0, sizeof(*r));
	r->start_ns = start - a->t0;
	r->len_ns = end - start;
	r->ops = a->ops;
	r->bytes = bytes;
	r->lat_us[TIMELINE_LAT_MEAN] = latency_mean_ns(h) / 1e3;
	r->lat_us[TIMELINE_LAT_MAX] = h->n ? (double)h->max_ns / 1e3 : NAN;
	r->lat_us[TIMELINE_LAT_P50] = latency_quantile_ns(h, 0.50) / 1e3;
	r->lat_us[TIMELINE_LAT_P99] = latency_quantile_ns(h, 0.99) / 1e3;
	a->bytes_closed += bytes;
	a->ops = 0;
	if (h->n)
		latency_clear(&a->hist);
}

void timeline_acc_tick(struct timeline_acc *a, uint64_t now_ns)
{
	while (now_ns >= a->next_ns) {
		uint64_t start = a->next_ns - a->interval_ns;
		close_row(a, start, a->next_ns, a->ops * a->bytes_per_op);
		a->next_ns += a->interval_ns;
	}
}

void timeline_acc_end(struct timeline_acc *a, uint64_t t1_ns, uint64_t total_bytes)
{
	uint64_t start;

	if (!a->started)
		return;
	timeline_acc_tick(a, t1_ns);
	/* the sampled loop's ops since its last reading */
	if (!a->armed && a->batch - 1 > a->left)
		a->ops += a->batch - 1 - a->left;
	a->armed = 1;
	start = a->next_ns - a->interval_ns;
	/*
	 * A short last step (a partial vector group) was counted whole in
	 * a closed row: take the excess back from the rows, newest first.
	 */
	for (size_t i = a->n; a->bytes_closed > total_bytes && i-- > 0;) {
		uint64_t over = a->bytes_closed - total_bytes;
		uint64_t take = over < a->rows[i].bytes ? over : a->rows[i].bytes;
		a->rows[i].bytes -= take;
		a->bytes_closed -= take;
	}
	if (t1_ns > start || a->ops)
		close_row(a, start, t1_ns > start ? t1_ns : start,
			  total_bytes - a->bytes_closed);
	a->next_ns = UINT64_MAX;
	a->started = 0;
}

int timeline_acc_keep(const struct timeline_acc *a, const struct timeline_row *proto,
		      struct timeline *t)
{
	size_t n0 = t->n;

	if (a->lost)
		return 0;
	if (grow(&t->rows, &t->alloc, t->n + a->n) != 0)
		return -1;
	for (size_t i = 0; i < a->n; i++) {
		struct timeline_row r = a->rows[i];
		r.col = proto->col;
		r.file_kb = proto->file_kb;
		r.record_kb = proto->record_kb;
		r.trial = proto->trial;
		r.client = proto->client;
		t->rows[n0 + i] = r;
	}
	t->n = n0 + a->n;
	if (!t->interval_ns)
		t->interval_ns = a->interval_ns;
	return 0;
}

/* Fold row b (ops-weighted mean, the larger max) into a. */
static void add_row(struct timeline_row *a, const struct timeline_row *b)
{
	double m = a->lat_us[TIMELINE_LAT_MEAN] * (double)a->ops;

	if (!b->ops)
		return;
	m = (a->ops ? m : 0.0) + b->lat_us[TIMELINE_LAT_MEAN] * (double)b->ops;
	a->lat_us[TIMELINE_LAT_MAX] = a->ops && a->lat_us[TIMELINE_LAT_MAX] >
		b->lat_us[TIMELINE_LAT_MAX] ? a->lat_us[TIMELINE_LAT_MAX]
		: b->lat_us[TIMELINE_LAT_MAX];
	a->ops += b->ops;
	a->lat_us[TIMELINE_LAT_MEAN] = m / (double)a->ops;
}

int timeline_acc_sum(struct timeline_acc *dst, struct timeline_acc *const *src,
		     size_t n)
{
	size_t rows = 0;

	dst->n = 0;
	dst->lost = 0;
	dst->bytes_closed = 0;
	for (size_t k = 0; k < n; k++) {
		dst->lost |= src[k]->lost;
		rows = src[k]->n > rows ? src[k]->n : rows;
	}
	if (dst->lost || !rows)
		return 0;
	if (grow(&dst->rows, &dst->alloc, rows) != 0) {
		dst->lost = 1;
		return -1;
	}
	for (size_t i = 0; i < rows; i++) {
		struct timeline_row *r = &dst->rows[i];
		memset(r, 0, sizeof(*r));
		for (int q = 0; q < TIMELINE_NLAT; q++)
			r->lat_us[q] = NAN;
		for (size_t k = 0; k < n; k++) {
			const struct timeline_row *b = &src[k]->rows[i];
			if (i >= src[k]->n)
				continue;
			r->start_ns = b->start_ns;
			r->len_ns = b->len_ns > r->len_ns ? b->len_ns : r->len_ns;
			r->bytes += b->bytes;
			add_row(r, b);
			if (n == 1) {
				r->lat_us[TIMELINE_LAT_P50] = b->lat_us[TIMELINE_LAT_P50];
				r->lat_us[TIMELINE_LAT_P99] = b->lat_us[TIMELINE_LAT_P99];
			}
		}
		dst->bytes_closed += r->bytes;
	}
	dst->n = rows;
	return 0;
}
