/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * csvout.c: the CSV folder of a result set (see csvout.h for the files and
 * their columns).
 *
 * The rows are built from the samples only: the samples are sorted into
 * groups of one (test, cell), each group is summarised once with
 * results_values() + stats_summarize(), and summary.csv and the sheets
 * both read those summaries, so they cannot disagree.  Fields go through
 * one writer (csvout_fields.c): text is quoted by libcsv when it has to
 * be, numbers are printed bare.  Every file is an outfile (temporary name + rename); all
 * names are checked before the first is written, so a refused run leaves
 * the folder as it was.
 *
 * cached_pct (schema 2): the share of the cell's file in the page cache
 * when the pass started, %.1f, empty when unknown (imports, platforms
 * without mincore, network and FUSE file systems, whose caches mincore
 * cannot see); in summary.csv the mean over the cell's trials.
 *
 * Schema 4 (queue depth): both files gain iops, rd_iops and wr_iops after
 * their schema 3 columns (operations per second: all, the reads, the
 * writes; a summary row holds the trials' means).
 *
 * With --latency (some sample carries a histogram) results.csv and
 * summary.csv gain lat_min_us, lat_mean_us, lat_max_us, lat_sd_us,
 * lat_p50_us, lat_p90_us, lat_p99_us, lat_p999_us (%.3f) after the IOPS
 * columns: per trial, and for the cell's full trials merged into one
 * histogram; then the read and write figures rd_lat_*_us and
 * wr_lat_*_us: a --mix pass has both, a pass of one direction the same
 * figures as lat_* in its direction and empty fields in the other.
 * Without it the files have no latency columns.
 *
 * A folder read back (import) has no histograms: its samples keep each
 * trial's figures as results.csv held them (RESULTS_SF_LAT_FIGS), written
 * back as read, and summary.csv's figures of a cell are those the folder's
 * own summary.csv had (results_cell_sum) while the set holds exactly the
 * trials behind them; else they are empty, never made up from the
 * trials' figures.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "report/csvout.h"
#include "report/csvout_fields.h"
#include "report/opscsv.h"
#include "model/latency.h"
#include "lib/outfile.h"
#include "report/steadyout.h"
#include "report/tlcsv.h"
#include "platform/platform.h"
#include "analysis/netbound.h"
#include "model/results.h"
#include "model/stats.h"
#include "lib/err.h"

static const char *const iops_cols[] = { "iops", "rd_iops", "wr_iops" };

/*
 * The header row: names, with iops the IOPS columns, and with lat the
 * latency columns: all operations, then the reads' (rd_) and the writes'
 * (wr_).
 */
static void put_header(struct outfile *f, const struct result_set *rs,
		       const char *const *names, int iops, int lat, int results,
		       const char *last)
{
	for (size_t i = 0; names[i]; i++)
		csvout_put_text(f, names[i], i == 0);
	for (int i = 0; iops && i < 3; i++)
		csvout_put_text(f, iops_cols[i], 0);
	for (int d = 0; lat && d < 3; d++)
		for (int i = 0; i < LATENCY_NFIGS; i++)
			csvout_put_text(f, latency_col_name(d, i), 0);
	if (last)
		csvout_put_text(f, last, 0);
	if (iops)
		opscsv_header(f, rs, results);
	outfile_write(f, "\n", 1);
}

/* The latency fields (microseconds, %.3f), empty ones without us / for NaN. */
static void put_latency(struct outfile *f, const double *us)
{
	for (int i = 0; i < LATENCY_NFIGS; i++)
		csvout_put_num(f, us ? us[i] : NAN, 3, 0);
}

/*
 * The three rows of latency fields (all, reads, writes) of an imported
 * sample or summary: the figures as read, NaN an empty field.
 */
static void put_latency_figs(struct outfile *f, const double figs[3][8])
{
	for (int d = 0; d < 3; d++)
		put_latency(f, figs ? figs[d] : NULL);
}

/* ---- the summaries of every (test, cell) ---- */

struct group {
	int col;
	size_t cell;
	struct stats_summary s;
	int short_timing;
	double cached_pct;            /* mean over the full samples that know it, or NAN */
	int has_lat;                  /* lat holds the trials' merged histogram */
	struct latency_summary lat;
	int has_dir[2];               /* dir[d]: the reads' / writes' merged */
	struct latency_summary dir[2];
	double iops[3];               /* means over trials: all, reads, writes */
};

struct sorted_sample {
	int col;
	size_t cell;
	unsigned trial;
	size_t idx;
};

struct view {
	const struct result_set *rs;
	struct sorted_sample *order;  /* samples by (col, cell, trial) */
	size_t norder;
	struct group *groups;         /* (col, cell) with a statistic, in order */
	size_t ngroups;
	long *group_of;               /* [col * ncells + cell] -> group or -1 */
	int hist;                     /* some sample has a latency histogram */
	int lat;                      /* the files have latency columns: hist,
					 or imported figures (a folder read back) */
	struct netbound_link link;    /* meta's link (kbps 0: none) */
	int network_fs;               /* meta's fs_type is a network or FUSE one */
};

/* cache_served, the last column: 1, 0, or empty when it cannot be said. */
static void put_served(struct outfile *f, const struct view *v, double kbps)
{
	int served = netbound_cache_served(&v->link, v->network_fs, kbps);

	if (served < 0)
		csvout_put_text(f, NULL, 0);
	else
		csvout_put_u64(f, (uint64_t)served, 0);
}

static int cmp_sorted(const void *a, const void *b)
{
	const struct sorted_sample *x = a, *y = b;
	if (x->col != y->col)
		return x->col < y->col ? -1 : 1;
	if (x->cell != y->cell)
		return x->cell < y->cell ? -1 : 1;
	if (x->trial != y->trial)
		return x->trial < y->trial ? -1 : 1;
	return (x->idx > y->idx) - (x->idx < y->idx);
}

static void view_release(struct view *v)
{
	free(v->order);
	free(v->groups);
	free(v->group_of);
	memset(v, 0, sizeof(*v));
}

/* Summarise one (col, cell) into g; 0 when it has at least one figure. */
static int summarise_group(const struct result_set *rs, int col, size_t cell,
			   double *scratch, struct group *g)
{
	size_t n = results_values(rs, cell, col, RESULTS_UNIT_KBPS, scratch, rs->nsamples);
	uint64_t shortest = UINT64_MAX;
	double cached_sum = 0.0;
	size_t ncached = 0;
	int slow_sync = 0;

	memset(g, 0, sizeof(*g));
	if (n == 0 || stats_summarize(scratch, n, &g->s) != 0)
		return -1;
	g->col = col;
	g->cell = cell;
	for (size_t i = 0; i < rs->nsamples; i++) {
		const struct result_sample *s = &rs->samples[i];
		if (s->cell != cell || s->col != col ||
		    (s->flags & (RESULTS_SF_PARTIAL | RESULTS_SF_RATE_ONLY)))
			continue;
		slow_sync |= (s->flags & RESULTS_SF_SYNC_SLOW) != 0;
		if (s->elapsed_ns > 0 && s->elapsed_ns < shortest)
			shortest = s->elapsed_ns;
		if (s->flags & RESULTS_SF_CACHED) {
			cached_sum += s->cached_pct;
			ncached++;
		}
	}
	g->cached_pct = ncached ? cached_sum / (double)ncached : NAN;
	/* many clients: barriers that cost a visible part count alike; an
	 * imported folder's summary.csv may say so where its results.csv
	 * cannot (the barrier overhead is not in it) */
	const struct result_cell_sum *cs = results_cell_sum(rs, cell, col);
	slow_sync |= cs && (cs->flags & RESULTS_CS_SHORT);
	g->short_timing = slow_sync || (shortest != UINT64_MAX &&
		stats_too_short(shortest, rs->meta.timer_resolution_s));
	results_iops_mean(rs, cell, col, g->iops);
	return 0;
}

/* Each group's trials merged into one histogram, summarised. */
static int view_latency(struct view *v)
{
	struct latency_hist h;
	int rc = 0;

	if (latency_init(&h) != 0) {
		view_release(v);
		return -1;
	}
	for (size_t i = 0; i < v->ngroups && rc == 0; i++) {
		struct group *g = &v->groups[i];
		int n = results_lat_merge_cell(v->rs, g->cell, g->col, &h);
		if (n < 0)
			rc = -1;
		else
			g->has_lat = n > 0 && latency_summarize(&h, &g->lat) == 0;
		for (int d = 0; d < 2 && rc == 0; d++) {
			n = results_lat_merge_cell_dir(v->rs, g->cell, g->col, d, &h);
			if (n < 0)
				rc = -1;
			else
				g->has_dir[d] = n > 0 && latency_summarize(&h, &g->dir[d]) == 0;
		}
	}
	latency_release(&h);
	if (rc != 0)
		view_release(v);
	return rc;
}

/* Does the set hold latency figures read back from a result folder? */
static int figs_in_set(const struct result_set *rs)
{
	for (size_t i = 0; i < rs->nsamples; i++)
		if (rs->samples[i].flags & RESULTS_SF_LAT_FIGS)
			return 1;
	for (size_t i = 0; i < rs->ncell_sums; i++)
		if (rs->cell_sums[i].flags & RESULTS_CS_LAT)
			return 1;
	return 0;
}

static int view_build(struct view *v, const struct result_set *rs)
{
	double *scratch = NULL;

	memset(v, 0, sizeof(*v));
	v->rs = rs;
	netbound_from_meta(rs->meta.link, rs->meta.fs_type, &v->link, &v->network_fs);
	v->order = malloc((rs->nsamples + 1) * sizeof(*v->order));
	v->groups = malloc((rs->nsamples + 1) * sizeof(*v->groups));
	v->group_of = malloc(((size_t)RC_COUNT * rs->ncells + 1) * sizeof(*v->group_of));
	scratch = malloc((rs->nsamples + 1) * sizeof(*scratch));
	if (!v->order || !v->groups || !v->group_of || !scratch) {
		free(scratch);
		view_release(v);
		return -1;
	}
	for (size_t i = 0; i < (size_t)RC_COUNT * rs->ncells; i++)
		v->group_of[i] = -1;
	for (size_t i = 0; i < rs->nsamples; i++) {
		const struct result_sample *s = &rs->samples[i];
		if (s->cell >= rs->ncells || s->col >= RC_COUNT ||
		    rs->cells[s->cell].placeholder)
			continue;
		v->order[v->norder++] = (struct sorted_sample){ s->col, s->cell, s->trial, i };
	}
	qsort(v->order, v->norder, sizeof(*v->order), cmp_sorted);
	for (size_t i = 0; i < v->norder; i++) {
		const struct sorted_sample *o = &v->order[i];
		if (i > 0 && o->col == v->order[i - 1].col && o->cell == v->order[i - 1].cell)
			continue;
		if (summarise_group(rs, o->col, o->cell, scratch, &v->groups[v->ngroups]) == 0)
			v->group_of[(size_t)o->col * rs->ncells + o->cell] = (long)v->ngroups++;
	}
	free(scratch);
	v->hist = results_has_latency(rs);
	v->lat = v->hist || figs_in_set(rs) || opscsv_has_lat(rs);
	return v->hist ? view_latency(v) : 0;
}

/* ---- the files ---- */

static const char *const results_cols[] = {
	"schema", "label", "test", "file_kb", "record_kb", "trial", "bytes",
	"seconds", "kb_per_s", "ops", "cpu_user_s", "cpu_sys_s", "wall_s",
	"partial", "cached_pct", "client", "host", "writer", NULL
};

static const char *const summary_cols[] = {
	"label", "test", "file_kb", "record_kb", "n", "mean", "median", "min",
	"max", "stddev", "cv", "ci95_low", "ci95_high", "short_timing", "cached_pct",
	NULL
};

static void put_label_test_cell(struct outfile *f, const struct result_set *rs,
				int col, size_t cell, int first)
{
	csvout_put_text(f, rs->meta.label, first);
	csvout_put_text(f, results_col_name(col), 0);
	csvout_put_u64(f, rs->cells[cell].file_kb, 0);
	csvout_put_u64(f, rs->cells[cell].record_kb, 0);
}

/* The histogram of a sample's reads (d 0) or writes (d 1), or NULL. */
static const struct latency_hist *sample_dir_lat(const struct result_sample *s, int d)
{
	if (s->flags & RESULTS_SF_SPLIT)
		return d ? s->lat_wr : s->lat_rd;
	return results_col_writes(s->col) == d ? s->lat : NULL;
}

/*
 * One row of results.csv.  client < 0: a cell's figure, whose client field
 * is "all" in a run of many clients and empty otherwise; else a client's
 * own sample with its host and the client whose file it used.
 */
static void put_sample(struct outfile *f, const struct view *v,
		       const struct result_sample *s, long client)
{
	const struct result_set *rs = v->rs;
	int rate_only = (s->flags & RESULTS_SF_RATE_ONLY) != 0;
	/* imported IOzone figures carry no CPU seconds (-+u gives only a
	 * percentage): leave the cells empty rather than print zeros */
	int cpu = !rate_only;
	double kbps = results_sample_value(rs, s, RESULTS_UNIT_KBPS);

	csvout_put_u64(f, RESULTS_SCHEMA, 1);
	put_label_test_cell(f, rs, s->col, s->cell, 0);
	csvout_put_u64(f, s->trial, 0);
	if (rate_only) {
		outfile_write(f, ",,", 2);
	} else {
		csvout_put_u64(f, s->bytes, 0);
		csvout_put_num(f, (double)s->elapsed_ns / 1e9, 9, 0);
	}
	csvout_put_num(f, kbps >= 0.0 ? kbps : NAN, 3, 0);
	if (rate_only)
		csvout_put_text(f, NULL, 0);
	else
		csvout_put_u64(f, s->ops, 0);
	csvout_put_num(f, cpu ? s->cpu_user_s : NAN, 6, 0);
	csvout_put_num(f, cpu ? s->cpu_sys_s : NAN, 6, 0);
	csvout_put_num(f, rate_only ? NAN : (double)s->wall_ns / 1e9, 9, 0);
	csvout_put_u64(f, (s->flags & RESULTS_SF_PARTIAL) ? 1 : 0, 0);
	csvout_put_num(f, (s->flags & RESULTS_SF_CACHED) ? s->cached_pct : NAN, 1, 0);
	csvout_put_client(f, rs, client, client < 0 ? -1 : (long)s->writer);
	double iops[3];
	results_sample_iops(s, iops);
	for (int k = 0; k < 3; k++)
		csvout_put_num(f, iops[k], 3, 0);
	if (v->lat && s->lat_figs) {
		/* a folder read back: each trial's figures as they were */
		put_latency_figs(f, s->lat_figs->us);
	} else if (v->lat) {
		struct latency_summary ls;
		put_latency(f, s->lat && latency_summarize(s->lat, &ls) == 0
			    ? ls.us : NULL);
		for (int d = 0; d < 2; d++) {
			const struct latency_hist *h = sample_dir_lat(s, d);
			put_latency(f, h && latency_summarize(h, &ls) == 0 ? ls.us : NULL);
		}
	}
	put_served(f, v, kbps);
	opscsv_pad(f, rs, 1);
	outfile_write(f, "\n", 1);
}

/* Samples by (col, cell, trial): <0, 0, >0. */
static int cmp_key(const struct result_sample *x, const struct result_sample *y)
{
	if (x->col != y->col)
		return x->col < y->col ? -1 : 1;
	if (x->cell != y->cell)
		return x->cell < y->cell ? -1 : 1;
	return (x->trial > y->trial) - (x->trial < y->trial);
}

/* Client samples in (col, cell, trial, client) order, as indices. */
static const struct result_sample *sort_base;

static int cmp_client(const void *a, const void *b)
{
	const struct result_sample *x = &sort_base[*(const size_t *)a];
	const struct result_sample *y = &sort_base[*(const size_t *)b];
	int k = cmp_key(x, y);

	return k ? k : (x->client > y->client) - (x->client < y->client);
}

static size_t *clients_order(const struct result_set *rs)
{
	size_t *idx = malloc((rs->nclient_samples + 1) * sizeof(*idx));

	if (!idx)
		return NULL;
	for (size_t i = 0; i < rs->nclient_samples; i++)
		idx[i] = i;
	sort_base = rs->client_samples;
	qsort(idx, rs->nclient_samples, sizeof(*idx), cmp_client);
	return idx;
}

/*
 * The client samples behind figure s: idx[*from .. return) after moving
 * *from past any that sort before it (a client sample of a placeholder
 * cell has no figure).  Both lists run in (col, cell, trial) order.
 */
static size_t behind(const struct result_set *rs, const size_t *idx,
		     size_t *from, const struct result_sample *s)
{
	size_t k;

	while (*from < rs->nclient_samples &&
	       cmp_key(&rs->client_samples[idx[*from]], s) < 0)
		(*from)++;
	for (k = *from; k < rs->nclient_samples &&
	     cmp_key(&rs->client_samples[idx[k]], s) == 0; k++)
		;
	return k;
}

/* Each figure, then (many clients) the clients' samples behind it. */
static int write_results(struct outfile *f, const struct view *v)
{
	const struct result_set *rs = v->rs;
	size_t *idx = clients_order(rs), k = 0;

	if (!idx)
		return -1;
	put_header(f, rs, results_cols, 1, v->lat, 1, "cache_served");
	for (size_t i = 0; i < v->norder; i++) {
		const struct result_sample *s = &rs->samples[v->order[i].idx];
		size_t end = behind(rs, idx, &k, s);
		put_sample(f, v, s, -1);
		for (; k < end; k++)
			put_sample(f, v, &rs->client_samples[idx[k]],
				   rs->client_samples[idx[k]].client);
	}
	opscsv_results(f, rs, v->lat);
	free(idx);
	return 0;
}

static const char *const clients_cols[] = {
	"label", "test", "file_kb", "record_kb", "trial", "clients",
	"aggregate_kb_per_s", "sum_kb_per_s", "min_kb_per_s", "max_kb_per_s",
	"mean_kb_per_s", "barrier_overhead", NULL
};

/*
 * clients.csv (many clients): per figure, the aggregate (all bytes over
 * rank 0's barrier-to-barrier time), the clients' own rates summed, their
 * min, max and mean, and the share of the aggregate's time the slowest
 * client did not spend in its own timed pass (the barriers' cost;
 * negative when a client left the first barrier before rank 0 did).
 */
static int write_clients(struct outfile *f, const struct view *v)
{
	const struct result_set *rs = v->rs;
	size_t *idx = clients_order(rs), k = 0;

	if (!idx)
		return -1;
	put_header(f, rs, clients_cols, 0, 0, 0, NULL);
	for (size_t i = 0; i < v->norder; i++) {
		const struct result_sample *s = &rs->samples[v->order[i].idx];
		size_t end = behind(rs, idx, &k, s), n = 0;
		double sum = 0, lo = INFINITY, hi = -INFINITY;
		uint64_t slowest = 0;
		for (; k < end; k++) {
			const struct result_sample *c = &rs->client_samples[idx[k]];
			double r = results_sample_value(rs, c, RESULTS_UNIT_KBPS);
			if (c->elapsed_ns > slowest)
				slowest = c->elapsed_ns;
			if (r < 0)
				continue;
			sum += r;
			lo = r < lo ? r : lo;
			hi = r > hi ? r : hi;
			n++;
		}
		double agg = results_sample_value(rs, s, RESULTS_UNIT_KBPS);
		put_label_test_cell(f, rs, s->col, s->cell, 1);
		csvout_put_u64(f, s->trial, 0);
		csvout_put_u64(f, n, 0);
		csvout_put_num(f, agg >= 0 ? agg : NAN, 3, 0);
		csvout_put_num(f, n ? sum : NAN, 3, 0);
		csvout_put_num(f, n ? lo : NAN, 3, 0);
		csvout_put_num(f, n ? hi : NAN, 3, 0);
		csvout_put_num(f, n ? sum / (double)n : NAN, 3, 0);
		/* negative: a client's pass outlasted rank 0's barrier-to-barrier
		 * time (it left the first barrier earlier than rank 0) */
		csvout_put_num(f, s->elapsed_ns && n ? ((double)s->elapsed_ns - (double)slowest) /
			(double)s->elapsed_ns : NAN, 6, 0);
		outfile_write(f, "\n", 1);
	}
	free(idx);
	return 0;
}

static void write_summary(struct outfile *f, const struct view *v)
{
	put_header(f, v->rs, summary_cols, 1, v->lat, 0, "cache_served");
	for (size_t i = 0; i < v->ngroups; i++) {
		const struct group *g = &v->groups[i];
		const double figs[] = { g->s.mean, g->s.median, g->s.min, g->s.max,
					g->s.stddev };
		put_label_test_cell(f, v->rs, g->col, g->cell, 1);
		csvout_put_u64(f, g->s.n, 0);
		for (size_t k = 0; k < sizeof(figs) / sizeof(figs[0]); k++)
			csvout_put_num(f, figs[k], 3, 0);
		csvout_put_num(f, g->s.cv, 6, 0);
		csvout_put_num(f, g->s.ci95_low, 3, 0);
		csvout_put_num(f, g->s.ci95_high, 3, 0);
		csvout_put_u64(f, (uint64_t)g->short_timing, 0);
		csvout_put_num(f, g->cached_pct, 1, 0);
		for (int k = 0; k < 3; k++)
			csvout_put_num(f, g->iops[k], 3, 0);
		const struct result_cell_sum *cs = results_cell_sum(v->rs, g->cell, g->col);
		if (v->lat && !g->has_lat && !g->has_dir[0] && !g->has_dir[1]) {
			/* no histogram (a folder read back): its summary.csv's
			 * figures of the cell while they describe these
			 * trials, else none (percentiles of several trials
			 * cannot be had from the trials' own) */
			put_latency_figs(f, cs && (cs->flags & RESULTS_CS_LAT) ? cs->lat_us : NULL);
		} else if (v->lat) {
			put_latency(f, g->has_lat ? g->lat.us : NULL);
			for (int d = 0; d < 2; d++)
				put_latency(f, g->has_dir[d] ? g->dir[d].us : NULL);
		}
		put_served(f, v, g->s.mean);
		opscsv_pad(f, v->rs, 0);
		outfile_write(f, "\n", 1);
	}
	if (opscsv_summary(f, v->rs, v->lat) != 0)
		f->failed = 1;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/* The distinct sizes of the non-placeholder cells (file or record), sorted. */
static size_t axis(const struct result_set *rs, int record, uint64_t *out)
{
	size_t n = 0;
	for (size_t i = 0; i < rs->ncells; i++) {
		if (rs->cells[i].placeholder)
			continue;
		out[n++] = record ? rs->cells[i].record_kb : rs->cells[i].file_kb;
	}
	qsort(out, n, sizeof(*out), cmp_u64);
	size_t u = 0;
	for (size_t i = 0; i < n; i++)
		if (u == 0 || out[u - 1] != out[i])
			out[u++] = out[i];
	return u;
}

static int write_sheet(struct outfile *f, const struct view *v, int col)
{
	const struct result_set *rs = v->rs;
	uint64_t *files = malloc((rs->ncells + 1) * sizeof(*files));
	uint64_t *recs = malloc((rs->ncells + 1) * sizeof(*recs));

	if (!files || !recs) {
		free(files);
		free(recs);
		return -1;
	}
	size_t nf = axis(rs, 0, files), nr = axis(rs, 1, recs);
	csvout_put_text(f, "file_kb", 1);
	for (size_t r = 0; r < nr; r++)
		csvout_put_u64(f, recs[r], 0);
	outfile_write(f, "\n", 1);
	for (size_t i = 0; i < nf; i++) {
		csvout_put_u64(f, files[i], 1);
		for (size_t r = 0; r < nr; r++) {
			long cell = results_find_cell(rs, files[i], recs[r]);
			long g = cell < 0 ? -1 : v->group_of[(size_t)col * rs->ncells + (size_t)cell];
			csvout_put_num(f, g < 0 ? NAN : v->groups[g].s.mean, 3, 0);
		}
		outfile_write(f, "\n", 1);
	}
	free(files);
	free(recs);
	return 0;
}

static void put_kv_text(struct outfile *f, const char *key, const char *value)
{
	csvout_put_text(f, key, 1);
	csvout_put_text(f, value, 0);
	outfile_write(f, "\n", 1);
}

static void put_kv_num(struct outfile *f, const char *key, double value, int decimals)
{
	csvout_put_text(f, key, 1);
	csvout_put_num(f, value, decimals, 0);
	outfile_write(f, "\n", 1);
}


static void write_meta(struct outfile *f, const struct result_set *rs)
{
	const struct result_meta *m = &rs->meta;
	const char *unit = m->source_unit == RESULTS_UNIT_OPS ? "ops_per_s"
		: m->source_unit == RESULTS_UNIT_USEC ? "usec_per_op" : "kb_per_s";
	char flags[256] = "";
	size_t used = 0;

	unsigned flag;
	const char *word;
	for (size_t i = 0; (word = results_flag_word(i, &flag)) != NULL; i++) {
		if (!(m->flags & flag))
			continue;
		int w = snprintf(flags + used, sizeof(flags) - used, "%s%s",
				 used ? "," : "", word);
		if (w > 0 && (size_t)w < sizeof(flags) - used)
			used += (size_t)w;
	}
	csvout_put_text(f, "key", 1);
	csvout_put_text(f, "value", 0);
	outfile_write(f, "\n", 1);
	put_kv_num(f, "schema", RESULTS_SCHEMA, 0);
	put_kv_text(f, "label", m->label);
	put_kv_text(f, "tool", m->tool);
	put_kv_text(f, "version", m->version);
	put_kv_text(f, "command_line", m->command_line);
	put_kv_text(f, "start_time", m->start_time);
	put_kv_text(f, "host", m->host);
	put_kv_text(f, "os", m->os);
	put_kv_text(f, "target_path", m->target_path);
	put_kv_text(f, "fs_type", m->fs_type);
	put_kv_text(f, "mount_options", m->mount_options);
	if (m->link)
		put_kv_text(f, "link", m->link);
	put_kv_num(f, "ram_kb", (double)m->ram_kb, 0);
	put_kv_text(f, "data_pattern", m->data_pattern);
	put_kv_num(f, "data_compress_ratio", m->data_compress_ratio, 4);
	if (m->data_unique_bytes)
		put_kv_num(f, "data_unique_bytes", (double)m->data_unique_bytes, 0);
	if (m->data_dedup_ratio > 0.0) {
		put_kv_num(f, "data_dedup_ratio", m->data_dedup_ratio, 4);
		put_kv_num(f, "data_dedup_bytes", (double)m->data_dedup_bytes, 0);
	}
	if (m->dedup_granule) {
		put_kv_num(f, "dedup_granule_bytes", (double)m->dedup_granule, 0);
		put_kv_num(f, "dedup_within", m->dedup_within, 4);
		if (m->dedup_across >= 0.0)
			put_kv_num(f, "dedup_across", m->dedup_across, 4);
		put_kv_num(f, "dedup_probe_bytes", (double)m->dedup_probe_bytes, 0);
		put_kv_num(f, "dedup_files", m->dedup_files, 0);
	}
	put_kv_num(f, "timer_resolution_s", m->timer_resolution_s, 12);
	put_kv_text(f, "flags", flags);
	put_kv_text(f, "source_unit", unit);
	put_kv_num(f, "trials", rs->trials, 0);
	if (m->workload)
		put_kv_text(f, "workload", m->workload);
	if (m->engine)
		put_kv_text(f, "engine", m->engine);
	if (m->iodepth) {
		put_kv_num(f, "iodepth", m->iodepth, 0);
		put_kv_num(f, "jobs", m->jobs, 0);
	}
	if (m->inflight_max)
		put_kv_num(f, "inflight_max", m->inflight_max, 0);
	if (m->engine_calls)
		put_kv_text(f, "engine_calls", m->engine_calls);
	if (m->async_pct >= 0.0)	/* whole at 0 and 100, else to 0.1 */
		put_kv_num(f, "async_pct", m->async_pct,
			   m->async_pct == 0.0 || m->async_pct == 100.0 ? 0 : 1);
	if (rs->nclients) {
		put_kv_num(f, "clients", rs->nclients, 0);
		put_kv_num(f, "hosts", rs->nhosts, 0);
		put_kv_num(f, "ranks_per_host", rs->ranks_per_host, 0);
		if (m->clients_rss_kb)
			put_kv_num(f, "rank0_peak_rss_kb", (double)m->clients_rss_kb, 0);
		if (m->clients_rss_kb || m->clients_reduce_s > 0.0)
			put_kv_num(f, "clients_reduce_s", m->clients_reduce_s, 6);
	}
	if (m->status)
		put_kv_text(f, "status", m->status);
	if (m->resumed_at) {
		put_kv_text(f, "resumed_at", m->resumed_at);
		put_kv_num(f, "resumed_samples", (double)m->resumed_samples, 0);
	}
}

/* ---- the folder ---- */

enum csv_kind { CSV_RESULTS, CSV_SUMMARY, CSV_META, CSV_SHEET, CSV_CLIENTS };

struct csv_file {
	enum csv_kind kind;
	int col;            /* CSV_SHEET */
	char *path;
};

static char *join_path(const char *dir, const char *name, const char *ext)
{
	size_t n = strlen(dir) + strlen(name) + strlen(ext) + 2;
	char *p = malloc(n);
	if (p)
		snprintf(p, n, "%s/%s%s", dir, name, ext);
	return p;
}

static int write_one(const struct view *v, const struct csv_file *cf, int gzip,
		     int overwrite, char *err, size_t errlen)
{
	struct outfile f;

	if (outfile_open(&f, cf->path, gzip, overwrite, err, errlen) != 0)
		return -1;
	switch (cf->kind) {
	case CSV_RESULTS:
		if (write_results(&f, v) != 0)
			f.failed = 1;
		break;
	case CSV_SUMMARY:
		write_summary(&f, v);
		break;
	case CSV_META:
		write_meta(&f, v->rs);
		break;
	case CSV_SHEET:
		if (write_sheet(&f, v, cf->col) != 0)
			f.failed = 1;
		break;
	case CSV_CLIENTS:
		if (write_clients(&f, v) != 0)
			f.failed = 1;
		break;
	}
	return outfile_commit(&f, err, errlen);
}

int csvout_write_dir(const struct result_set *rs, const char *dir, int gzip,
		     int overwrite, char *err, size_t errlen)
{
	static const char *const fixed[] = { "results", "summary", "meta" };
	struct csv_file files[4 + RC_COUNT];
	const char *ext = gzip ? ".csv.gz" : ".csv";
	size_t nfiles = 0;
	struct view v;
	char *sheets = NULL;
	int rc = -1;

	memset(files, 0, sizeof(files));
	if (view_build(&v, rs) != 0)
		return err_set(err, errlen, "cannot write the CSV files in '%s': out of memory", dir);
	sheets = join_path(dir, "sheets", "");
	if (!sheets)
		goto oom;
	for (size_t i = 0; i < 3; i++) {
		files[nfiles].kind = (enum csv_kind)i;
		files[nfiles].path = join_path(dir, fixed[i], ext);
		if (!files[nfiles++].path)
			goto oom;
	}
	if (rs->nclient_samples) {	/* many clients, run or imported */
		files[nfiles].kind = CSV_CLIENTS;
		files[nfiles].path = join_path(dir, "clients", ext);
		if (!files[nfiles++].path)
			goto oom;
	}
	for (int col = 0; col < RC_COUNT; col++) {
		int used = 0;
		for (size_t i = 0; i < v.ngroups && !used; i++)
			used = v.groups[i].col == col;
		if (!used)
			continue;
		char name[64];
		snprintf(name, sizeof(name), "%s", results_col_name(col));
		for (char *p = name; *p; p++)
			if (*p == ' ')
				*p = '_';
		files[nfiles].kind = CSV_SHEET;
		files[nfiles].col = col;
		files[nfiles].path = join_path(sheets, name, ext);
		if (!files[nfiles++].path)
			goto oom;
	}
	/* refuse before writing anything */
	for (size_t i = 0; i < nfiles && !overwrite; i++) {
		if (plat_stat(files[i].path, 0, NULL) != PLAT_NONE) {
			err_set(err, errlen, "'%s' exists already; remove it or use --overwrite",
				files[i].path);
			goto out;
		}
	}
	if (outfile_mkdirs(dir, err, errlen) != 0 ||
	    (v.ngroups && outfile_mkdirs(sheets, err, errlen) != 0))
		goto out;
	for (size_t i = 0; i < nfiles; i++)
		if (write_one(&v, &files[i], gzip, overwrite, err, errlen) != 0)
			goto out;
	if (tlcsv_write(rs, dir, overwrite, err, errlen) != 0 ||
	    steadyout_csv(rs, dir, overwrite, err, errlen) != 0)
		goto out;
	rc = 0;
	goto out;
oom:
	err_set(err, errlen, "cannot write the CSV files in '%s': out of memory", dir);
out:
	for (size_t i = 0; i < nfiles; i++)
		free(files[i].path);
	free(sheets);
	view_release(&v);
	return rc;
}

int csvout_write_meta(const struct result_set *rs, const char *path, int overwrite,
		      char *err, size_t errlen)
{
	struct outfile f;

	if (outfile_open(&f, path, 0, overwrite, err, errlen) != 0)
		return -1;
	write_meta(&f, rs);
	return outfile_commit(&f, err, errlen);
}

/* ---- the default folder name ---- */

/* YYYYmmdd-HHMMSS from an ISO 8601 start time, or 0 when it is not one. */
static int stamp_from_iso(const char *iso, char *out, size_t outlen)
{
	char digits[15];
	size_t n = 0;

	if (!iso)
		return 0;
	for (const char *p = iso; *p && n < 14; p++) {
		if (*p >= '0' && *p <= '9')
			digits[n++] = *p;
		else if (*p != '-' && *p != ':' && *p != 'T' && *p != ' ')
			break;
	}
	if (n < 14)
		return 0;
	digits[14] = '\0';
	snprintf(out, outlen, "%.8s-%.6s", digits, digits + 8);
	return 1;
}

int csvout_default_dir(const struct result_meta *m, char *out, size_t outlen)
{
	const char *name = m && m->label && *m->label ? m->label
		: m && m->host && *m->host ? m->host : "iosweep";
	char safe[65], stamp[32];
	size_t n = 0;

	for (const char *p = name; *p && n < sizeof(safe) - 1; p++) {
		char c = *p;
		int ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
			(c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
		safe[n] = ok && !(n == 0 && c == '.') ? c : '_';
		n++;
	}
	safe[n] = '\0';
	if (!stamp_from_iso(m ? m->start_time : NULL, stamp, sizeof(stamp))) {
		time_t now = time(NULL);
		struct tm tm;
		if (plat_localtime(now, &tm) != 0 ||
		    strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm) == 0)
			snprintf(stamp, sizeof(stamp), "run");
	}
	int w = snprintf(out, outlen, "iosweep-results/%s-%s", safe, stamp);
	return w < 0 || (size_t)w >= outlen ? -1 : 0;
}
