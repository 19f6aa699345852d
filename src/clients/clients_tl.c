/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clients_tl.c: the clients' timelines gathered and totalled
 * (clients_tl.h).
 */
#include "compat.h"

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

/* Does pass [first, end) of t belong to the cell, a client (not a total)? */
static int client_pass(const struct timeline *t, size_t first, uint64_t file_kb,
		       uint64_t record_kb)
{
	const struct timeline_row *r = &t->rows[first];
	return r->file_kb == file_kb && r->record_kb == record_kb && r->client >= 0;
}

/* The total of the pass (col, trial) of the cell: 1 added, 0 not (a client
 * missing), -1 out of memory. */
static int total_of(struct timeline *t, size_t n_rows, const struct timeline_row *like,
		    unsigned nclients, struct timeline_acc *views, struct timeline_acc **pv)
{
	struct timeline_acc sum;
	struct timeline_row proto = *like;
	size_t first, end;
	unsigned n = 0;
	int rc;

	for (size_t i = 0; timeline_next_pass(t, i, &first, &end) == 0 && first < n_rows;
	     i = end) {
		const struct timeline_row *r = &t->rows[first];
		if (!client_pass(t, first, like->file_kb, like->record_kb) ||
		    r->col != like->col || r->trial != like->trial)
			continue;
		if (n == nclients)
			return 0;   /* a client twice: not a pass of each */
		memset(&views[n], 0, sizeof(views[n]));
		views[n].rows = &t->rows[first];
		views[n].n = end - first;
		pv[n] = &views[n];
		n++;
	}
	if (n != nclients)
		return 0;
	memset(&sum, 0, sizeof(sum));
	rc = timeline_acc_sum(&sum, pv, n);
	proto.client = TIMELINE_CLIENT_TOTAL;
	/* the rows pointed into t: keep copies them before t may move */
	if (rc == 0 && timeline_acc_keep(&sum, &proto, t) != 0)
		rc = -1;
	free(sum.rows);
	return rc == 0 ? 1 : -1;
}

int clients_tl_totals(struct timeline *t, uint64_t file_kb, uint64_t record_kb,
		      unsigned nclients)
{
	struct timeline_acc *views;
	struct timeline_acc **pv;
	size_t first, end, n_rows = t->n;
	int rc = 0;

	if (!nclients)
		return 0;
	views = calloc(nclients, sizeof(*views));
	pv = calloc(nclients, sizeof(*pv));
	if (!views || !pv)
		rc = -1;
	/* every pass of client 0 of the cell, among the rows there before */
	for (size_t i = 0; rc == 0 && timeline_next_pass(t, i, &first, &end) == 0 &&
	     first < n_rows; i = end) {
		struct timeline_row like = t->rows[first];
		if (!client_pass(t, first, file_kb, record_kb) || like.client != 0)
			continue;
		if (total_of(t, n_rows, &like, nclients, views, pv) < 0)
			rc = -1;
	}
	free(views);
	free(pv);
	return rc;
}
