/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clients_tl.c: the clients' timelines gathered and totalled
 * (clients_tl.h).
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clients/clients_tl.h"
#include "model/results.h"

static int own_row(const struct timeline_row *r, int32_t self, uint64_t file_kb,
		   uint64_t record_kb)
{
	return r->client == self && r->file_kb == file_kb && r->record_kb == record_kb;
}

size_t clients_tl_packed_len(const struct timeline *t, int32_t self, uint64_t file_kb,
			     uint64_t record_kb)
{
	size_t n = 0;

	for (size_t i = 0; i < t->n; i++)
		n += own_row(&t->rows[i], self, file_kb, record_kb);
	return sizeof(uint32_t) + n * sizeof(struct timeline_row);
}

size_t clients_tl_pack(const struct timeline *t, int32_t self, uint64_t file_kb,
		       uint64_t record_kb, unsigned char *p)
{
	unsigned char *at = p + sizeof(uint32_t);
	uint32_t n = 0;

	for (size_t i = 0; i < t->n; i++) {
		if (!own_row(&t->rows[i], self, file_kb, record_kb))
			continue;
		memcpy(at, &t->rows[i], sizeof(t->rows[i]));
		at += sizeof(t->rows[i]);
		n++;
	}
	memcpy(p, &n, sizeof(n));
	return (size_t)(at - p);
}

int clients_tl_unpack(struct timeline *t, int keep, int32_t client, uint64_t file_kb,
		      uint64_t record_kb, const unsigned char *p, size_t len,
		      size_t *used, char *why, size_t whylen)
{
	size_t n0 = t->n;
	uint32_t n;

	if (len < sizeof(n)) {
		snprintf(why, whylen, "%zu bytes where the timeline's count should be", len);
		return -1;
	}
	memcpy(&n, p, sizeof(n));
	if ((len - sizeof(n)) / sizeof(struct timeline_row) < n) {
		snprintf(why, whylen, "%u timeline rows in %zu bytes", (unsigned)n,
			 len - sizeof(n));
		return -1;
	}
	p += sizeof(n);
	for (uint32_t i = 0; i < n; i++, p += sizeof(struct timeline_row)) {
		struct timeline_row r;
		memcpy(&r, p, sizeof(r));
		if (r.col < 0 || r.col >= RC_COUNT || r.file_kb != file_kb ||
		    r.record_kb != record_kb || r.client != client) {
			snprintf(why, whylen, "a timeline row of column %d, %llu kB / %llu kB, "
				 "client %ld in the cell %llu kB / %llu kB", r.col,
				 (unsigned long long)r.file_kb, (unsigned long long)r.record_kb,
				 (long)r.client, (unsigned long long)file_kb,
				 (unsigned long long)record_kb);
			t->n = n0;
			return -1;
		}
		if (keep && timeline_add(t, &r) != 0) {
			snprintf(why, whylen, "out of memory");
			t->n = n0;
			return -1;
		}
	}
	*used = sizeof(n) + (size_t)n * sizeof(struct timeline_row);
	return 0;
}

const struct timeline_row *clients_tl_pass(const struct timeline *t, int32_t self,
					   uint64_t file_kb, uint64_t record_kb, int col,
					   unsigned trial, size_t *n)
{
	size_t first, end;

	for (size_t i = 0; timeline_next_pass(t, i, &first, &end) == 0; i = end) {
		const struct timeline_row *r = &t->rows[first];
		if (own_row(r, self, file_kb, record_kb) && r->col == col && r->trial == trial) {
			*n = end - first;
			return r;
		}
	}
	*n = 0;
	return NULL;
}

void clients_tl_red_fill(const struct timeline_row *rows, size_t n, size_t nmax,
			 struct clients_tl_red *out)
{
	memset(out, 0, nmax * sizeof(*out));
	for (size_t i = 0; i < n && i < nmax; i++) {
		const struct timeline_row *b = &rows[i];
		out[i] = (struct clients_tl_red){
			.start_ns = b->start_ns, .len_ns = b->len_ns, .bytes = b->bytes,
			.ops = b->ops, .p50 = b->lat_us[TIMELINE_LAT_P50],
			.p99 = b->lat_us[TIMELINE_LAT_P99],
		};
		if (b->ops) {
			out[i].mean_ops = b->lat_us[TIMELINE_LAT_MEAN] * (double)b->ops;
			out[i].lat_max = b->lat_us[TIMELINE_LAT_MAX];
		}
	}
}

void clients_tl_red_merge(struct clients_tl_red *dst, const struct clients_tl_red *src,
			  size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct clients_tl_red *d = &dst[i];
		const struct clients_tl_red *s = &src[i];
		if (s->ops && (!d->ops || s->lat_max > d->lat_max))
			d->lat_max = s->lat_max;
		d->start_ns = s->start_ns > d->start_ns ? s->start_ns : d->start_ns;
		d->len_ns = s->len_ns > d->len_ns ? s->len_ns : d->len_ns;
		d->bytes += s->bytes;
		d->ops += s->ops;
		d->mean_ops += s->mean_ops;
	}
}

int clients_tl_red_keep(const struct clients_tl_red *r, size_t n, unsigned nclients,
			const struct timeline_row *proto, struct timeline *t)
{
	size_t n0 = t->n;

	for (size_t i = 0; i < n; i++) {
		struct timeline_row row = {
			.col = proto->col, .file_kb = proto->file_kb,
			.record_kb = proto->record_kb, .trial = proto->trial,
			.client = TIMELINE_CLIENT_TOTAL, .start_ns = r[i].start_ns,
			.len_ns = r[i].len_ns, .bytes = r[i].bytes, .ops = r[i].ops,
		};
		for (int q = 0; q < TIMELINE_NLAT; q++)
			row.lat_us[q] = NAN;
		if (r[i].ops) {
			row.lat_us[TIMELINE_LAT_MEAN] = r[i].mean_ops / (double)r[i].ops;
			row.lat_us[TIMELINE_LAT_MAX] = r[i].lat_max;
		}
		if (nclients == 1) {
			row.lat_us[TIMELINE_LAT_P50] = r[i].p50;
			row.lat_us[TIMELINE_LAT_P99] = r[i].p99;
		}
		if (timeline_add(t, &row) != 0) {
			t->n = n0;
			return -1;
		}
	}
	return 0;
}

/*
 * The total of client 0's pass like (rows up to n_rows) over nclients
 * clients: 1 added, 0 not (a client has no rows of it), -1 out of memory.
 */
static int total_of(struct timeline *t, size_t n_rows, const struct timeline_row *like,
		    unsigned nclients)
{
	struct timeline saw = { .rows = t->rows, .n = n_rows };
	struct clients_tl_red *sum, *one;
	size_t most = 0, n;
	int rc = -1;

	for (unsigned k = 0; k < nclients; k++) {
		if (!clients_tl_pass(&saw, (int32_t)k, like->file_kb, like->record_kb,
				     like->col, like->trial, &n))
			return 0;
		most = n > most ? n : most;
	}
	sum = calloc(most, sizeof(*sum));
	one = calloc(most, sizeof(*one));
	if (sum && one) {
		for (unsigned k = 0; k < nclients; k++) {
			const struct timeline_row *r = clients_tl_pass(&saw, (int32_t)k,
				like->file_kb, like->record_kb, like->col, like->trial, &n);
			clients_tl_red_fill(r, n, most, k ? one : sum);
			if (k)
				clients_tl_red_merge(sum, one, most);
		}
		rc = clients_tl_red_keep(sum, most, nclients, like, t) == 0 ? 1 : -1;
	}
	free(sum);
	free(one);
	return rc;
}

int clients_tl_totals(struct timeline *t, uint64_t file_kb, uint64_t record_kb,
		      unsigned nclients)
{
	size_t first, end, n_rows = t->n;

	if (!nclients)
		return 0;
	/* every pass of client 0 of the cell, among the rows there before */
	for (size_t i = 0; timeline_next_pass(t, i, &first, &end) == 0 &&
	     first < n_rows; i = end) {
		struct timeline_row like = t->rows[first];
		if (!own_row(&like, 0, file_kb, record_kb))
			continue;
		if (total_of(t, n_rows, &like, nclients) < 0)
			return -1;
	}
	return 0;
}
