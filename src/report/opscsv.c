/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * opscsv.c: small-file operation rows in results.csv and summary.csv
 * (see opscsv.h for the columns).  The rows line up with csvout.c's
 * header field by field: the grid's columns an operation has no use for
 * are empty, so one header and one importer serve both kinds of row.
 */
#include "compat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/latency.h"
#include "report/csvout_fields.h"
#include "report/opscsv.h"
#include "model/results_ops.h"

int opscsv_has_lat(const struct result_set *rs)
{
	for (size_t i = 0; i < rs->nops; i++)
		if (rs->ops[i].lat || isfinite(rs->ops[i].lat_us[4]))
			return 1;
	return 0;
}

void opscsv_header(struct outfile *f, const struct result_set *rs, int results)
{
	static const char *const names[] = { "files", "force", "moved", "best_s", "worst_s" };

	if (!rs->nops)
		return;
	for (size_t i = 0; i < (results ? 5u : 2u); i++)
		csvout_put_text(f, names[i], 0);
}

void opscsv_pad(struct outfile *f, const struct result_set *rs, int results)
{
	if (rs->nops)
		outfile_write(f, ",,,,,", results ? 5 : 2);
}

/* Figures of one row of latency columns, then the reads' and writes' empty. */
static void put_lat(struct outfile *f, const double *us)
{
	for (int d = 0; d < 3; d++)
		for (int k = 0; k < LATENCY_NFIGS; k++)
			csvout_put_num(f, d == 0 && us ? us[k] : NAN, 3, 0);
}

/* "files create" / "fileop mkdir" with its label, and the empty cell. */
static void put_head(struct outfile *f, const struct result_set *rs,
		     const struct result_op *o)
{
	csvout_put_text(f, rs->meta.label, 0);
	csvout_put_text(f, o->test, 0);
	outfile_write(f, ",,", 2);
}

/* 1 when the run had several jobs (its rows say "all" and each job). */
static int several_jobs(const struct result_set *rs)
{
	for (size_t i = 0; i < rs->nops; i++)
		if (rs->ops[i].job >= 0)
			return 1;
	return 0;
}

/* One row; client: o is a client's own record (client_ops). */
static void put_op(struct outfile *f, const struct result_set *rs,
		   const struct result_op *o, int lat, int jobs, int client)
{
	int timed = isfinite(o->seconds);

	csvout_put_u64(f, RESULTS_SCHEMA, 1);
	put_head(f, rs, o);
	csvout_put_u64(f, o->trial, 0);
	if (timed) {
		csvout_put_u64(f, o->bytes, 0);
		csvout_put_num(f, o->seconds, 9, 0);
		csvout_put_num(f, o->bytes && o->seconds > 0 ?
			       (double)o->bytes / 1024.0 / o->seconds : NAN, 3, 0);
		csvout_put_u64(f, o->calls, 0);
	} else {
		outfile_write(f, ",,,", 3);
		csvout_put_text(f, NULL, 0);
	}
	/* cpu_user_s, cpu_sys_s, wall_s */
	outfile_write(f, ",,,", 3);
	csvout_put_u64(f, (o->flags & RESULTS_OF_PARTIAL) ? 1 : 0, 0);
	csvout_put_text(f, NULL, 0);	/* cached_pct */
	if (client || rs->nclients) {	/* many clients, as the sweeps' rows */
		csvout_put_client(f, rs, client ? o->client : -1, o->writer);
	} else {
		if (o->job >= 0)
			csvout_put_u64(f, (uint64_t)o->job, 0);
		else
			csvout_put_text(f, jobs ? "all" : NULL, 0);
		outfile_write(f, ",,", 2);	/* host, writer */
	}
	csvout_put_num(f, results_op_rate(o), 3, 0);
	outfile_write(f, ",,", 2);	/* rd_iops, wr_iops */
	if (lat) {
		struct latency_summary ls;
		if (o->lat && latency_summarize(o->lat, &ls) == 0)
			put_lat(f, ls.us);
		else
			put_lat(f, isfinite(o->lat_us[4]) ? o->lat_us : NULL);
	}
	csvout_put_text(f, NULL, 0);	/* cache_served: no link figure */
	csvout_put_u64(f, o->files, 0);
	if (o->force)
		csvout_put_u64(f, o->force, 0);
	else
		csvout_put_text(f, NULL, 0);
	if (timed)
		csvout_put_u64(f, o->moved, 0);
	else
		csvout_put_text(f, NULL, 0);
	csvout_put_num(f, o->best_s, 9, 0);
	csvout_put_num(f, o->worst_s, 9, 0);
	outfile_write(f, "\n", 1);
}

void opscsv_results(struct outfile *f, const struct result_set *rs, int lat)
{
	int jobs = several_jobs(rs);

	for (size_t i = 0; i < rs->nops; i++) {
		const struct result_op *a = &rs->ops[i];
		put_op(f, rs, a, lat, jobs, 0);
		/* many clients: each client's own record behind the aggregate */
		for (size_t k = 0; a->job < 0 && k < rs->nclient_ops; k++) {
			const struct result_op *c = &rs->client_ops[k];
			if (c->trial == a->trial && c->files == a->files &&
			    c->force == a->force && strcmp(c->test, a->test) == 0)
				put_op(f, rs, c, lat, jobs, 1);
		}
	}
}

int opscsv_summary(struct outfile *f, const struct result_set *rs, int lat)
{
	struct results_op_group *g;
	long n = results_op_groups(rs, &g);

	if (n < 0)
		return -1;
	for (long i = 0; i < n; i++) {
		const struct stats_summary *s = &g[i].s;
		const double figs[] = { s->mean, s->median, s->min, s->max, s->stddev };
		int any = s->n > 0;

		csvout_put_text(f, rs->meta.label, 1);
		csvout_put_text(f, g[i].test, 0);
		outfile_write(f, ",,", 2);
		csvout_put_u64(f, s->n, 0);
		for (size_t k = 0; k < sizeof(figs) / sizeof(figs[0]); k++)
			csvout_put_num(f, any ? figs[k] : NAN, 3, 0);
		csvout_put_num(f, any ? s->cv : NAN, 6, 0);
		csvout_put_num(f, any ? s->ci95_low : NAN, 3, 0);
		csvout_put_num(f, any ? s->ci95_high : NAN, 3, 0);
		csvout_put_u64(f, (uint64_t)g[i].short_timing, 0);
		csvout_put_text(f, NULL, 0);	/* cached_pct */
		csvout_put_num(f, any ? s->mean : NAN, 3, 0);
		outfile_write(f, ",,", 2);
		if (lat)
			put_lat(f, g[i].has_lat ? g[i].lat_us : NULL);
		csvout_put_text(f, NULL, 0);	/* cache_served */
		csvout_put_u64(f, g[i].files, 0);
		if (g[i].force)
			csvout_put_u64(f, g[i].force, 0);
		else
			csvout_put_text(f, NULL, 0);
		outfile_write(f, "\n", 1);
	}
	free(g);
	return 0;
}
