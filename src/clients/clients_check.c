/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clients_check.c: the pooled reference of IOSWEEP_MPI_VERIFY
 * (clients_check.h).
 */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "clients/clients_check.h"
#include "clients/clients_tl.h"
#include "lib/err.h"

unsigned char *clients_check_pack(struct result_sample *const *s, size_t n, size_t *len)
{
	unsigned char *buf, *p;
	size_t bytes = 0;

	for (size_t i = 0; i < n; i++) {
		struct latency_hist **slot[3];
		bytes += sizeof(uint32_t);
		clients_sample_slots(s[i], slot);
		for (int k = 0; k < 3; k++)
			bytes += *slot[k] ? latency_packed_len(*slot[k]) : 0;
	}
	p = buf = malloc(bytes + 1);
	if (!buf)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		struct latency_hist **slot[3];
		uint32_t bits = 0;
		clients_sample_slots(s[i], slot);
		for (int k = 0; k < 3; k++)
			bits |= *slot[k] ? 1u << k : 0u;
		memcpy(p, &bits, sizeof(bits));
		p += sizeof(bits);
		for (int k = 0; k < 3; k++)
			if (*slot[k])
				p += latency_pack(*slot[k], p, (size_t)(buf + bytes - p));
	}
	*len = bytes;
	return buf;
}

int clients_check_pool(const struct clients_row *row, int32_t client, uint32_t cell,
		       const unsigned char **p, size_t *left, struct clients_agg *ref,
		       char *why, size_t whylen)
{
	struct latency_hist **slot[3];
	struct result_sample s;
	uint32_t bits;
	int rc = -1;

	if (clients_row_sample(row, client, cell, &s) != 0)
		return err_set(why, whylen, "out of memory");
	free(s.lat_figs);
	s.lat_figs = NULL;
	if (*left < sizeof(bits)) {
		err_set(why, whylen, "short bytes");
		goto out;
	}
	memcpy(&bits, *p, sizeof(bits));
	*p += sizeof(bits);
	*left -= sizeof(bits);
	clients_sample_slots(&s, slot);
	for (int k = 0; k < 3; k++) {
		size_t used;
		if (!(bits & (1u << k)))
			continue;
		if (!(*slot[k] = latency_unpack(*p, *left, &used, why, whylen)))
			goto out;
		*p += used;
		*left -= used;
	}
	if (clients_agg_add(ref, &s) != 0) {
		err_set(why, whylen, "out of memory");
		goto out;
	}
	rc = 0;
out:
	clients_sample_free_hists(&s);
	return rc;
}

/* Do the two full histograms (or their absence) hold the same values? */
static int same_hist(const struct latency_hist *a, const struct latency_hist *b)
{
	struct latency_summary x, y;

	if (!a->counts || !b->counts)
		return !a->counts == !b->counts;
	if (a->n != b->n || a->min_ns != b->min_ns || a->max_ns != b->max_ns ||
	    a->sum_ns != b->sum_ns || a->sumsq != b->sumsq ||
	    memcmp(a->counts, b->counts, LATENCY_BUCKETS * sizeof(*a->counts)) != 0)
		return 0;
	if (a->n == 0)
		return 1;
	/* the percentiles follow from the buckets: said for the reader */
	return latency_summarize(a, &x) == 0 && latency_summarize(b, &y) == 0 &&
		memcmp(x.us, y.us, sizeof(x.us)) == 0;
}

int clients_check_same(const struct clients_agg *a, const struct clients_agg *ref)
{
	if (a->s.bytes != ref->s.bytes || a->s.ops != ref->s.ops ||
	    a->s.rd_ops != ref->s.rd_ops || a->s.wr_ops != ref->s.wr_ops ||
	    a->s.wall_ns != ref->s.wall_ns || a->s.flags != ref->s.flags ||
	    a->idle != ref->idle || a->slowest != ref->slowest)
		return 0;
	for (int k = 0; k < 3; k++)
		if (!same_hist(&a->h[k], &ref->h[k]))
			return 0;
	return 1;
}

/* Rows a and b of a total alike in what the reduction sums exactly? */
static int same_total_row(const struct timeline_row *a, const struct timeline_row *b)
{
	return a->col == b->col && a->trial == b->trial && a->start_ns == b->start_ns &&
		a->len_ns == b->len_ns && a->bytes == b->bytes && a->ops == b->ops;
}

/* Is row r a total of the cell? */
static int cell_total(const struct timeline_row *r, uint64_t file_kb, uint64_t record_kb)
{
	return r->client == TIMELINE_CLIENT_TOTAL && r->file_kb == file_kb &&
		r->record_kb == record_kb;
}

int clients_check_totals(const struct timeline *reduced, struct timeline *pool,
			 uint64_t file_kb, uint64_t record_kb, unsigned nclients,
			 size_t *checked)
{
	size_t k = 0;

	*checked = 0;
	if (clients_tl_totals(pool, file_kb, record_kb, nclients) != 0)
		return -1;
	for (size_t i = 0; i < pool->n; i++) {
		if (!cell_total(&pool->rows[i], file_kb, record_kb))
			continue;
		while (k < reduced->n && !cell_total(&reduced->rows[k], file_kb, record_kb))
			k++;
		if (k == reduced->n || !same_total_row(&reduced->rows[k++], &pool->rows[i]))
			return 1;
		(*checked)++;
	}
	/* and no reduced total the pool lacks */
	while (k < reduced->n && !cell_total(&reduced->rows[k], file_kb, record_kb))
		k++;
	return k == reduced->n ? 0 : 1;
}
