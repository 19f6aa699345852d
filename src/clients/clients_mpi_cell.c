/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clients_mpi_cell.c: a cell's figures from every client to rank 0, by
 * reduction (the other half of iosweep-mpi's clients: clients_mpi.c has
 * the run's agreements, and its top comment the whole sequence of
 * collectives).  After the agreement that ends a cell: an all-reduce of
 * the count of the cell's samples and one of their shapes
 * (clients_red.h), the MPI_Reduce of the cell's records with
 * clients_red_merge as the operator, and the MPI_Gather of each rank's
 * fixed-size rows; with --log-interval the reduction of the intervals
 * (and up to CLIENTS_TL_ROWS_MAX ranks the gather of their rows);
 * IOSWEEP_MPI_VERIFY adds the gathers clients_check.h pools to check the
 * reductions.  Also clients_gather, for `iosweep files`.
 */
#include "compat.h"

#include <mpi.h>

#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clients/clients.h"
#include "clients/clients_mpi_priv.h"
#include "clients/clients_agg.h"
#include "clients/clients_check.h"
#include "clients/clients_red.h"
#include "clients/clients_tl.h"
#include "clients/clusterfile.h"
#include "platform/clock.h"
#include "iosweep.h"
#include "model/latency.h"
#include "options/options.h"
#include "platform/platform.h"
#include "model/results.h"
#include "lib/err.h"
#include "lib/readfile.h"

/*
 * Leader: may the clients' byte counts (len[r]) be gathered in one
 * Gatherv (int counts and displacements)?  Then count[] and off[] are set.
 */
static int gather_plan(const long long *len, int *count, int *off)
{
	long long total = 0;

	for (int r = 0; r < clients_st.size; r++) {
		if (len[r] < 0 || len[r] > INT_MAX - total)
			return 0;
		off[r] = (int)total;
		count[r] = (int)len[r];
		total += len[r];
	}
	return 1;
}

/*
 * Past an agreement: every rank's bytes to rank 0 in three calls made on
 * every rank (the lengths, whether they fit one gather, the bytes): *all
 * (back to back), *count, *off (clients_st.size each); the caller frees all three.
 * 1 when gathered; 0 when too big (rank 0 has clients_st.local_err set).
 */
static int gather_bytes(const unsigned char *mine, size_t mylen, unsigned char **all,
			int **count, int **off)
{
	long long len = (long long)mylen, *lens = calloc((size_t)clients_st.size, sizeof(*lens));
	int ok = 0;

	*all = NULL;
	*count = calloc((size_t)clients_st.size, sizeof(int));
	*off = calloc((size_t)clients_st.size, sizeof(int));
	if (!lens || !*count || !*off)	/* cannot take part: end the job */
		MPI_Abort(MPI_COMM_WORLD, IOSWEEP_EXIT_FAILURE);
	MPI_Gather(&len, 1, MPI_LONG_LONG, lens, 1, MPI_LONG_LONG, 0, clients_st.comm);
	if (clients_st.rank == 0) {
		ok = gather_plan(lens, *count, *off);
		if (ok && !(*all = malloc((size_t)(*off)[clients_st.size - 1] +
					  (size_t)(*count)[clients_st.size - 1] + 1)))
			MPI_Abort(MPI_COMM_WORLD, IOSWEEP_EXIT_FAILURE);
	}
	free(lens);
	MPI_Bcast(&ok, 1, MPI_INT, 0, clients_st.comm);
	if (!ok) {	/* every rank knows: none sends, rank 0 stops the run */
		if (clients_st.rank == 0)
			snprintf(clients_st.local_err, sizeof(clients_st.local_err), "the clients' "
				 "figures of one step exceed what one MPI gather moves "
				 "(2 GiB); use fewer trials or clients");
		return 0;
	}
	MPI_Gatherv(mine, (int)mylen, MPI_BYTE, *all, *count, *off, MPI_BYTE, 0,
		    clients_st.comm);
	return 1;
}

/*
 * --log-interval, up to CLIENTS_TL_ROWS_MAX clients (or to check the
 * totals): this client's timeline rows of cell to rank 0, which appends
 * them to into (its own too when own is set) (clients_tl.h).  Every
 * client makes gather_bytes's calls.  0, or -1 on rank 0 with
 * clients_st.local_err set.
 */
static int gather_timelines(struct result_set *rs, size_t cell, struct timeline *into,
			    int own)
{
	const struct result_cell *c = &rs->cells[cell];
	size_t len = clients_tl_packed_len(&rs->timeline, clients_st.rank, c->file_kb, c->record_kb);
	unsigned char *mine = malloc(len), *all = NULL;
	int *count = NULL, *off = NULL, rc = 0;
	char why[256];

	if (!mine)
		MPI_Abort(MPI_COMM_WORLD, IOSWEEP_EXIT_FAILURE);
	clients_tl_pack(&rs->timeline, clients_st.rank, c->file_kb, c->record_kb, mine);
	if (!gather_bytes(mine, len, &all, &count, &off)) {
		rc = clients_st.rank == 0 ? -1 : 0;
		goto out;
	}
	for (int r = 0; clients_st.rank == 0 && r < clients_st.size; r++) {
		size_t used;
		if (clients_tl_unpack(into, own || r != 0, r, c->file_kb, c->record_kb,
				      all + off[r], (size_t)count[r], &used, why,
				      sizeof(why)) != 0) {
			rc = err_set(clients_st.local_err, sizeof(clients_st.local_err), "the timeline "
				     "rank %d sent for rank 0 to total: %s", r, why);
			goto out;
		}
	}
out:
	free(mine);
	free(all);
	free(count);
	free(off);
	return rc;
}

/* A cell's figures while they are reduced: this client's, then rank 0's. */
struct cell_red {
	size_t cell, n;
	struct result_sample **mine;      /* this client's samples of the cell */
	struct clients_red_shape *sh;     /* [n] agreed */
	unsigned char *buf, *sum;         /* [len]: mine; rank 0: everyone's */
	size_t len;
	struct clients_row *rows;         /* [n]: mine; rank 0: [size * n] */
	struct clients_agg *agg;          /* rank 0: [n] */
};

static void cell_red_free(struct cell_red *c)
{
	free(c->mine);
	free(c->sh);
	free(c->buf);
	free(c->sum);
	free(c->rows);
	clients_aggs_free(c->agg, c->n);
}

/* Memory a collective needs: without it this client cannot take part. */
static void *must(void *p)
{
	if (!p)
		MPI_Abort(MPI_COMM_WORLD, IOSWEEP_EXIT_FAILURE);
	return p;
}

/*
 * This client's samples of the cell and their count, agreed between the
 * clients with their shapes (all-reduces of maxima).  0, or -1 on every
 * client when the clients' samples differ (rank 0 sets clients_st.local_err).
 */
static int agree_shapes(struct result_set *rs, struct cell_red *c)
{
	int64_t cnt[2], most[2], *key;
	size_t n = 0;

	for (size_t i = 0; i < rs->nsamples; i++)
		n += rs->samples[i].cell == c->cell;
	c->mine = must(malloc((n + 1) * sizeof(*c->mine)));
	for (size_t i = 0, k = 0; i < rs->nsamples; i++)
		if (rs->samples[i].cell == c->cell)
			c->mine[k++] = &rs->samples[i];
	cnt[0] = (int64_t)n;
	cnt[1] = -(int64_t)n;
	MPI_Allreduce(cnt, most, 2, MPI_INT64_T, MPI_MAX, clients_st.comm);
	if (most[0] != -most[1] || n > (size_t)INT_MAX / CLIENTS_RED_KEY)
		goto differ;
	c->n = n;
	c->sh = must(calloc(n + 1, sizeof(*c->sh)));
	key = must(malloc((n + 1) * CLIENTS_RED_KEY * sizeof(*key)));
	for (size_t i = 0; i < n; i++) {
		clients_red_shape_of(c->mine[i], &c->sh[i]);
		clients_red_key(&c->sh[i], key + i * CLIENTS_RED_KEY);
	}
	MPI_Allreduce(MPI_IN_PLACE, key, (int)(n * CLIENTS_RED_KEY), MPI_INT64_T, MPI_MAX,
		      clients_st.comm);
	for (size_t i = 0; i < n; i++) {
		if (clients_red_agreed(key + i * CLIENTS_RED_KEY, &c->sh[i]) != 0) {
			free(key);
			goto differ;
		}
	}
	free(key);
	return 0;
differ:
	if (clients_st.rank == 0)
		err_set(clients_st.local_err, sizeof(clients_st.local_err), "the clients finished "
			"different tests or trials of the cell %zu (%lld to %lld samples)",
			c->cell, (long long)-most[1], (long long)most[0]);
	return -1;
}

/*
 * The clients' records summed into rank 0's c->sum (one MPI_Reduce with
 * the user operator) and their rows gathered to rank 0 (one MPI_Gather
 * of a fixed size).  Every client makes both calls.  0, or -1 on every
 * client when a record is too large for one call.
 */
static int reduce_cell(struct cell_red *c)
{
	size_t rowlen = c->n * sizeof(*c->rows);
	MPI_Datatype rec;

	c->len = clients_red_len(c->sh, c->n);
	if (c->len > INT_MAX || rowlen > INT_MAX) {
		if (clients_st.rank == 0)
			err_set(clients_st.local_err, sizeof(clients_st.local_err), "a cell's figures "
				"exceed what one MPI reduction moves (2 GiB); use fewer "
				"trials");
		return -1;
	}
	c->buf = must(malloc(c->len + 1));
	clients_red_fill(c->buf, c->sh, c->mine, c->n);
	if (clients_st.rank == 0)
		c->sum = must(malloc(c->len + 1));
	MPI_Type_contiguous((int)c->len, MPI_BYTE, &rec);
	MPI_Type_commit(&rec);
	MPI_Reduce(c->buf, c->sum, c->len ? 1 : 0, rec, clients_st.red_op, 0, clients_st.comm);
	MPI_Type_free(&rec);
	c->rows = must(calloc(c->n + 1, sizeof(*c->rows)));
	for (size_t i = 0; i < c->n; i++)
		clients_row_of(c->mine[i], &c->rows[i]);
	if (clients_st.rank == 0) {
		struct clients_row *all = must(calloc((size_t)clients_st.size * c->n + 1, sizeof(*all)));
		MPI_Gather(c->rows, (int)rowlen, MPI_BYTE, all, (int)rowlen, MPI_BYTE, 0,
			   clients_st.comm);
		free(c->rows);
		c->rows = all;
	} else {
		MPI_Gather(c->rows, (int)rowlen, MPI_BYTE, NULL, 0, MPI_BYTE, 0,
			   clients_st.comm);
	}
	return 0;
}

/* Rank 0: the clients' rows of the cell into rs->client_samples.  0 or -1. */
static int keep_rows(struct result_set *rs, const struct cell_red *c)
{
	for (int r = 0; r < clients_st.size; r++) {
		for (size_t i = 0; i < c->n; i++) {
			struct result_sample s;
			if (clients_row_sample(&c->rows[(size_t)r * c->n + i], r,
					       (uint32_t)c->cell, &s) != 0 ||
			    results_add_client_sample(rs, &s) != 0) {
				free(s.lat_figs);
				return -1;
			}
		}
	}
	return 0;
}

/*
 * Rank 0: the reduced figures of the cell into aggregates (c->agg, each
 * timed by rank 0's own barriers).  0, or -1 with clients_st.local_err set.
 */
static int aggregate(struct cell_red *c)
{
	const unsigned char *p = c->sum;

	c->agg = calloc(c->n + 1, sizeof(*c->agg));
	if (!c->agg)
		goto oom;
	for (size_t i = 0; i < c->n; i++) {
		struct clients_agg *a = &c->agg[i];
		a->s.cell = (uint32_t)c->cell;
		a->s.elapsed_ns = c->mine[i]->sync_ns;	/* rank 0's barrier to barrier */
		a->s.sync_ns = c->mine[i]->sync_ns;
		if (clients_red_read(&p, a) != 0)
			goto oom;
	}
	return 0;
oom:
	return err_set(clients_st.local_err, sizeof(clients_st.local_err), "out of memory "
		       "aggregating the clients' figures");
}

/* Rank 0: the cell is aggregated (clients_run_end drops the others' raw samples). */
static int mark_aggregated(const struct result_set *rs, size_t cell)
{
	if (cell >= clients_st.naggregated) {
		size_t want = rs->ncells > cell ? rs->ncells : cell + 1;
		unsigned char *p = realloc(clients_st.aggregated, want);
		if (!p)
			return err_set(clients_st.local_err, sizeof(clients_st.local_err), "out of memory "
				       "aggregating the clients' figures");
		memset(p + clients_st.naggregated, 0, want - clients_st.naggregated);
		clients_st.aggregated = p;
		clients_st.naggregated = want;
	}
	clients_st.aggregated[cell] = 1;
	return 0;
}

/*
 * Rank 0, after aggregate() (and the check): the clients' rows into
 * rs->client_samples, the aggregates into rs->samples in place of rank
 * 0's own.  0, or -1 with clients_st.local_err set.
 */
static int aggregate_keep(struct result_set *rs, struct cell_red *c)
{
	if (keep_rows(rs, c) != 0)
		goto oom;
	clients_mpi_drop_raw(rs, c->cell);	/* c->mine points at nothing now */
	for (size_t i = 0; i < c->n; i++) {
		struct clients_agg *a = &c->agg[i];
		if (clients_agg_finish(a, clients_st.ramp_ns, clients_st.runtime_ns) != 0 ||
		    results_add_sample(rs, &a->s) != 0)
			goto oom;
		a->s.lat = a->s.lat_rd = a->s.lat_wr = NULL;	/* the set's now */
	}
	return mark_aggregated(rs, c->cell);
oom:
	return err_set(clients_st.local_err, sizeof(clients_st.local_err), "out of memory "
		       "aggregating the clients' figures");
}

/*
 * IOSWEEP_MPI_VERIFY: every client's histograms of the cell also travel
 * whole to rank 0 (as the figures did before they were reduced), which
 * pools them with the rows (clients_agg_add) and compares the pool with
 * the reduction, bucket for bucket.  Every client makes gather_bytes's
 * calls.  0, or -1 on rank 0 with clients_st.local_err set.
 */
static int verify_cell(struct cell_red *c)
{
	unsigned char *mine, *all = NULL;
	int *count = NULL, *off = NULL, rc = -1;
	struct clients_agg *ref = NULL;
	size_t len;
	char why[256] = "";

	mine = must(clients_check_pack(c->mine, c->n, &len));
	if (!gather_bytes(mine, len, &all, &count, &off) || clients_st.rank != 0 || !c->agg) {
		rc = clients_st.rank == 0 ? -1 : 0;
		goto out;
	}
	ref = must(calloc(c->n + 1, sizeof(*ref)));
	for (int r = 0; r < clients_st.size; r++) {
		const unsigned char *p = all + off[r];
		size_t left = (size_t)count[r];
		for (size_t i = 0; i < c->n; i++) {
			if (clients_check_pool(&c->rows[(size_t)r * c->n + i], r,
					       (uint32_t)c->cell, &p, &left, &ref[i], why,
					       sizeof(why)) != 0) {
				err_set(clients_st.local_err, sizeof(clients_st.local_err), "IOSWEEP_MPI_VERIFY: "
					"the histograms of rank %d: %s", r, why);
				goto out;
			}
		}
	}
	for (size_t i = 0; i < c->n; i++) {
		if (!clients_check_same(&c->agg[i], &ref[i])) {
			err_set(clients_st.local_err, sizeof(clients_st.local_err), "IOSWEEP_MPI_VERIFY: the "
				"reduced figures of test %u, trial %u of cell %zu differ from "
				"the pooled clients'", (unsigned)c->sh[i].col,
				(unsigned)c->sh[i].trial, c->cell);
			goto out;
		}
	}
	clients_st.verified += c->n;
	rc = 0;
out:
	clients_aggs_free(ref, ref ? c->n : 0);
	free(mine);
	free(all);
	free(count);
	free(off);
	return rc;
}

/*
 * --log-interval: the clients' rows of each pass of the cell reduced,
 * interval by interval, into rank 0's rows of client "total"
 * (clients_tl.h); a pass some client has no rows of gets none.  Every
 * client makes the same two calls (an all-reduce of the passes' row
 * counts, the reduction).  0, or -1 on rank 0 with clients_st.local_err set.
 */
static int reduce_timelines(struct result_set *rs, const struct cell_red *c)
{
	const struct result_cell *cc = &rs->cells[c->cell];
	int64_t *cnt = must(malloc((2 * c->n + 1) * sizeof(*cnt)));
	struct clients_tl_red *mine, *sum = NULL;
	size_t total = 0, off = 0;
	int rc = 0;

	for (size_t i = 0; i < c->n; i++) {
		size_t n;
		clients_tl_pass(&rs->timeline, clients_st.rank, cc->file_kb, cc->record_kb,
				(int)c->sh[i].col, c->sh[i].trial, &n);
		cnt[2 * i] = (int64_t)n;
		cnt[2 * i + 1] = -(int64_t)n;
	}
	MPI_Allreduce(MPI_IN_PLACE, cnt, (int)(2 * c->n), MPI_INT64_T, MPI_MAX,
		      clients_st.comm);
	for (size_t i = 0; i < c->n; i++)
		total += cnt[2 * i + 1] < 0 ? (size_t)cnt[2 * i] : 0;
	if (total > INT_MAX) {	/* every client knows: none reduces */
		free(cnt);
		return clients_st.rank == 0 ? err_set(clients_st.local_err, sizeof(clients_st.local_err),
			"%zu timeline rows of one cell: too many to reduce; use a "
			"longer --log-interval", total) : 0;
	}
	mine = must(calloc(total + 1, sizeof(*mine)));
	for (size_t i = 0; i < c->n; i++) {
		size_t n, most = (size_t)cnt[2 * i];
		const struct timeline_row *r;
		if (cnt[2 * i + 1] >= 0)
			continue;
		r = clients_tl_pass(&rs->timeline, clients_st.rank, cc->file_kb, cc->record_kb,
				    (int)c->sh[i].col, c->sh[i].trial, &n);
		clients_tl_red_fill(r, n, most, mine + off);
		off += most;
	}
	if (clients_st.rank == 0)
		sum = must(calloc(total + 1, sizeof(*sum)));
	MPI_Reduce(mine, sum, (int)total, clients_st.tl_type, clients_st.tl_op, 0, clients_st.comm);
	off = 0;
	for (size_t i = 0; clients_st.rank == 0 && i < c->n; i++) {
		struct timeline_row proto = {
			.col = (int)c->sh[i].col, .file_kb = cc->file_kb,
			.record_kb = cc->record_kb, .trial = (uint16_t)c->sh[i].trial,
		};
		if (cnt[2 * i + 1] >= 0)
			continue;
		if (clients_tl_red_keep(sum + off, (size_t)cnt[2 * i], (unsigned)clients_st.size,
					&proto, &rs->timeline) != 0) {
			rc = err_set(clients_st.local_err, sizeof(clients_st.local_err), "out of memory "
				     "summing the clients' timelines");
			break;
		}
		off += (size_t)cnt[2 * i];
	}
	free(cnt);
	free(mine);
	free(sum);
	return rc;
}

/*
 * IOSWEEP_MPI_VERIFY with --log-interval: every client's rows of the cell
 * also travel to rank 0, which totals them itself (clients_tl_totals)
 * and compares those totals with the reduced ones row by row.  Every
 * client makes gather_bytes's calls.  0, or -1 on rank 0 with
 * clients_st.local_err set.
 */
static int verify_timelines(struct result_set *rs, size_t cell)
{
	const struct result_cell *c = &rs->cells[cell];
	struct timeline pool;
	size_t checked = 0;
	int rc = 0;

	timeline_init(&pool);
	if (gather_timelines(rs, cell, &pool, 1) != 0) {
		rc = -1;
		goto out;
	}
	if (clients_st.rank != 0)
		goto out;
	rc = clients_check_totals(&rs->timeline, &pool, c->file_kb, c->record_kb,
				  (unsigned)clients_st.size, &checked);
	if (rc < 0)
		err_set(clients_st.local_err, sizeof(clients_st.local_err), "out of memory");
	else if (rc > 0)
		rc = err_set(clients_st.local_err, sizeof(clients_st.local_err), "IOSWEEP_MPI_VERIFY: the "
			     "reduced timeline totals of cell %zu differ from the pooled "
			     "clients' (row %zu)", cell, checked);
	clients_st.verified_tl += checked;
out:
	timeline_release(&pool);
	return rc;
}

int clients_cell_done(struct result_set *rs, size_t cell)
{
	struct cell_red c = { .cell = cell };
	uint64_t t0;
	int rc = 0;

	if (clients_mpi_flags(0, 0, 0, NULL) != 0)
		return -1;
	/* past the agreement every client makes the same calls; failures
	 * are told at the next agreement */
	t0 = clock_now_ns();
	if (agree_shapes(rs, &c) != 0 || reduce_cell(&c) != 0) {
		rc = clients_st.rank == 0 ? -1 : 0;
		goto out;
	}
	if (clients_st.rank == 0 && aggregate(&c) != 0)
		rc = -1;
	if (clients_st.verify && verify_cell(&c) != 0)
		rc = -1;
	if (rc == 0 && clients_st.rank == 0)
		rc = aggregate_keep(rs, &c);
	if (clients_st.timelines && clients_st.size <= CLIENTS_TL_ROWS_MAX &&
	    gather_timelines(rs, cell, &rs->timeline, 0) != 0)
		rc = -1;
	if (clients_st.timelines && reduce_timelines(rs, &c) != 0)
		rc = -1;
	if (clients_st.timelines && clients_st.verify && verify_timelines(rs, cell) != 0)
		rc = -1;
out:
	cell_red_free(&c);
	clients_st.reduce_ns += clock_now_ns() - t0;
	return rc;
}

int clients_gather(const void *mine, size_t len, unsigned char **all, size_t **lens,
		   char *err, size_t errlen)
{
	int *count = NULL, *off = NULL, rc = 0;

	*lens = NULL;
	if (clients_mpi_flags(0, 0, 0, NULL) != 0) {
		*all = NULL;
		return err_set(err, errlen, "another client stopped the run");
	}
	if (!gather_bytes(mine, len, all, &count, &off)) {
		rc = clients_st.rank == 0 ? err_set(err, errlen, "%s", clients_st.local_err) : 0;
	} else if (clients_st.rank == 0) {
		if (!(*lens = malloc((size_t)clients_st.size * sizeof(**lens))))
			MPI_Abort(MPI_COMM_WORLD, IOSWEEP_EXIT_FAILURE);
		for (int r = 0; r < clients_st.size; r++)
			(*lens)[r] = (size_t)count[r];
	}
	free(count);
	free(off);
	return rc;
}

