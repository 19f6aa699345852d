/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clients_red.c: a cell's figures as records every client adds into,
 * and each client's own figures as one fixed row (clients_red.h).
 */
#include "compat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "clients/clients_red.h"

/* Absent slot: an empty range that any real one's maxima replace. */
#define RED_NO_FIRST LATENCY_BUCKETS

void clients_red_shape_of(const struct result_sample *s, struct clients_red_shape *sh)
{
	struct latency_hist *const *slot[3] = { &s->lat, &s->lat_rd, &s->lat_wr };

	memset(sh, 0, sizeof(*sh));
	sh->col = s->col;
	sh->trial = s->trial;
	for (int k = 0; k < 3; k++) {
		const struct latency_hist *h = *slot[k];
		sh->first[k] = RED_NO_FIRST;
		if (!h)
			continue;
		sh->lat |= 1u << k;
		if (h->n && h->nbuckets) {
			sh->first[k] = h->first;
			sh->end[k] = h->first + h->nbuckets;
		}
	}
}

void clients_red_key(const struct clients_red_shape *sh, int64_t key[CLIENTS_RED_KEY])
{
	key[0] = sh->col;
	key[1] = -(int64_t)sh->col;
	key[2] = sh->trial;
	key[3] = -(int64_t)sh->trial;
	for (int k = 0; k < 3; k++) {
		key[4 + k] = (sh->lat >> k) & 1u;
		key[7 + k] = -(int64_t)sh->first[k];
		key[10 + k] = sh->end[k];
	}
}

int clients_red_agreed(const int64_t key[CLIENTS_RED_KEY], struct clients_red_shape *sh)
{
	memset(sh, 0, sizeof(*sh));
	if (key[0] != -key[1] || key[2] != -key[3])
		return -1;	/* the maximum is not every client's minimum */
	sh->col = (uint32_t)key[0];
	sh->trial = (uint32_t)key[2];
	for (int k = 0; k < 3; k++) {
		uint32_t first = (uint32_t)-key[7 + k], end = (uint32_t)key[10 + k];
		sh->lat |= key[4 + k] ? 1u << k : 0u;
		if (end > first) {
			sh->first[k] = first;
			sh->end[k] = end;
		}
	}
	return 0;
}

static size_t hist_len(const struct clients_red_shape *sh, int k)
{
	return sizeof(struct clients_red_hist) +
		(size_t)(sh->end[k] - sh->first[k]) * sizeof(uint64_t);
}

size_t clients_red_len(const struct clients_red_shape *sh, size_t n)
{
	size_t len = 0;

	for (size_t i = 0; i < n; i++) {
		len += sizeof(struct clients_red);
		for (int k = 0; k < 3; k++)
			if (sh[i].lat & (1u << k))
				len += hist_len(&sh[i], k);
	}
	return len;
}

/* Histogram h (NULL: none, an empty one) in the range [first, end) at p. */
static unsigned char *fill_hist(unsigned char *p, const struct latency_hist *h,
				uint32_t first, uint32_t end)
{
	struct clients_red_hist rh = {
		.min_ns = UINT64_MAX, .first = first, .nbuckets = end - first,
	};
	unsigned char *counts = p + sizeof(rh);

	memset(counts, 0, (size_t)rh.nbuckets * sizeof(uint64_t));
	if (h && h->n) {
		rh.n = h->n;
		rh.min_ns = h->min_ns;
		rh.max_ns = h->max_ns;
		rh.sum_ns = h->sum_ns;
		rh.sumsq = h->sumsq;
		/* the agreed range holds every client's */
		memcpy(counts + (size_t)(h->first - first) * sizeof(uint64_t), h->counts,
		       (size_t)h->nbuckets * sizeof(uint64_t));
	}
	memcpy(p, &rh, sizeof(rh));
	return counts + (size_t)rh.nbuckets * sizeof(uint64_t);
}

void clients_red_fill(unsigned char *buf, const struct clients_red_shape *sh,
		      struct result_sample *const *s, size_t n)
{
	unsigned char *p = buf;

	for (size_t i = 0; i < n; i++) {
		const struct result_sample *c = s[i];
		const struct latency_hist *slot[3] = { c->lat, c->lat_rd, c->lat_wr };
		struct clients_red r = {
			.bytes = c->bytes, .ops = c->ops, .rd_ops = c->rd_ops,
			.wr_ops = c->wr_ops, .idle = c->ops == 0, .wall_ns = c->wall_ns,
			.slowest_ns = c->elapsed_ns, .cpu_user_s = c->cpu_user_s,
			.cpu_sys_s = c->cpu_sys_s,
			.flags = c->flags & (RESULTS_SF_PARTIAL | RESULTS_SF_SPLIT),
			.lat = sh[i].lat, .col = sh[i].col, .trial = sh[i].trial,
		};
		memcpy(p, &r, sizeof(r));
		p += sizeof(r);
		for (int k = 0; k < 3; k++)
			if (sh[i].lat & (1u << k))
				p = fill_hist(p, slot[k], sh[i].first[k], sh[i].end[k]);
	}
}

static uint64_t max_u64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

/* One histogram of src added into dst; the bytes it took. */
static size_t merge_hist(unsigned char *dst, const unsigned char *src)
{
	struct clients_red_hist d, s;

	memcpy(&d, dst, sizeof(d));
	memcpy(&s, src, sizeof(s));
	d.n += s.n;
	d.sum_ns += s.sum_ns;
	d.sumsq += s.sumsq;
	d.min_ns = s.min_ns < d.min_ns ? s.min_ns : d.min_ns;
	d.max_ns = max_u64(d.max_ns, s.max_ns);
	memcpy(dst, &d, sizeof(d));
	dst += sizeof(d);
	src += sizeof(s);
	for (uint32_t j = 0; j < d.nbuckets; j++) {
		uint64_t a, b;
		memcpy(&a, dst + (size_t)j * sizeof(a), sizeof(a));
		memcpy(&b, src + (size_t)j * sizeof(b), sizeof(b));
		a += b;
		memcpy(dst + (size_t)j * sizeof(a), &a, sizeof(a));
	}
	return sizeof(d) + (size_t)d.nbuckets * sizeof(uint64_t);
}

void clients_red_merge(unsigned char *dst, const unsigned char *src, size_t len)
{
	size_t off = 0;

	while (off + sizeof(struct clients_red) <= len) {
		struct clients_red d, s;
		memcpy(&d, dst + off, sizeof(d));
		memcpy(&s, src + off, sizeof(s));
		d.bytes += s.bytes;
		d.ops += s.ops;
		d.rd_ops += s.rd_ops;
		d.wr_ops += s.wr_ops;
		d.idle += s.idle;
		d.wall_ns = max_u64(d.wall_ns, s.wall_ns);
		d.slowest_ns = max_u64(d.slowest_ns, s.slowest_ns);
		d.cpu_user_s += s.cpu_user_s;
		d.cpu_sys_s += s.cpu_sys_s;
		d.flags |= s.flags;
		memcpy(dst + off, &d, sizeof(d));
		off += sizeof(d);
		for (int k = 0; k < 3; k++)
			if (d.lat & (1u << k))
				off += merge_hist(dst + off, src + off);
	}
}

int clients_red_read(const unsigned char **p, struct clients_agg *a)
{
	struct latency_hist **slot[3];
	struct clients_red r;

	memcpy(&r, *p, sizeof(r));
	*p += sizeof(r);
	a->s.bytes = r.bytes;
	a->s.ops = r.ops;
	a->s.rd_ops = r.rd_ops;
	a->s.wr_ops = r.wr_ops;
	a->s.cpu_user_s = r.cpu_user_s;
	a->s.cpu_sys_s = r.cpu_sys_s;
	a->s.wall_ns = r.wall_ns;
	a->s.flags |= r.flags;
	a->s.col = (uint16_t)r.col;
	a->s.trial = (uint16_t)r.trial;
	a->idle = (unsigned)r.idle;
	a->slowest = r.slowest_ns;
	clients_sample_slots(&a->s, slot);
	for (int k = 0; k < 3; k++) {
		struct clients_red_hist rh;
		struct latency_hist *h = &a->h[k];
		if (!(r.lat & (1u << k)))
			continue;
		memcpy(&rh, *p, sizeof(rh));
		*p += sizeof(rh);
		if (!h->counts && latency_init(h) != 0)
			return -1;
		h->n = rh.n;
		h->min_ns = rh.min_ns;
		h->max_ns = rh.max_ns;
		h->sum_ns = rh.sum_ns;
		h->sumsq = rh.sumsq;
		memcpy(h->counts + rh.first, *p, (size_t)rh.nbuckets * sizeof(uint64_t));
		*p += (size_t)rh.nbuckets * sizeof(uint64_t);
	}
	return 0;
}

/* Figures of h into us (NaN when there is none or it is empty). */
static void figs_of(const struct latency_hist *h, double us[8])
{
	struct latency_summary ls;

	if (h && latency_summarize(h, &ls) == 0) {
		memcpy(us, ls.us, sizeof(ls.us));
		return;
	}
	for (int i = 0; i < 8; i++)
		us[i] = NAN;
}

void clients_row_of(const struct result_sample *s, struct clients_row *row)
{
	int split = (s->flags & RESULTS_SF_SPLIT) != 0, writes = results_col_writes(s->col);

	*row = (struct clients_row){
		.bytes = s->bytes, .ops = s->ops, .elapsed_ns = s->elapsed_ns,
		.wall_ns = s->wall_ns, .sync_ns = s->sync_ns, .rd_ops = s->rd_ops,
		.wr_ops = s->wr_ops, .cpu_user_s = s->cpu_user_s,
		.cpu_sys_s = s->cpu_sys_s, .col = s->col, .trial = s->trial,
		.writer = (uint32_t)s->writer, .flags = s->flags,
		.lat = (s->lat || s->lat_rd || s->lat_wr) ? 1u : 0u,
	};
	/* results.csv's three rows: all, reads, writes (csvout's choice of
	 * histogram for a direction) */
	figs_of(s->lat, row->figs[RESULTS_LAT_ALL]);
	figs_of(split ? s->lat_rd : writes == 0 ? s->lat : NULL, row->figs[RESULTS_LAT_RD]);
	figs_of(split ? s->lat_wr : writes == 1 ? s->lat : NULL, row->figs[RESULTS_LAT_WR]);
}

int clients_row_sample(const struct clients_row *r, int32_t client, uint32_t cell,
		       struct result_sample *s)
{
	memset(s, 0, sizeof(*s));
	s->cell = cell;
	s->col = (uint16_t)r->col;
	s->trial = (uint16_t)r->trial;
	s->bytes = r->bytes;
	s->ops = r->ops;
	s->elapsed_ns = r->elapsed_ns;
	s->wall_ns = r->wall_ns;
	s->sync_ns = r->sync_ns;
	s->rd_ops = r->rd_ops;
	s->wr_ops = r->wr_ops;
	s->cpu_user_s = r->cpu_user_s;
	s->cpu_sys_s = r->cpu_sys_s;
	s->flags = r->flags & ~RESULTS_SF_HOST_CPU;  /* the value is not sent */
	s->client = client;
	s->writer = (int32_t)r->writer;
	if (!r->lat)
		return 0;
	s->lat_figs = malloc(sizeof(*s->lat_figs));
	if (!s->lat_figs)
		return -1;
	memcpy(s->lat_figs->us, r->figs, sizeof(r->figs));
	s->flags |= RESULTS_SF_LAT_FIGS;
	return 0;
}
