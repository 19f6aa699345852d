/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * card.c: fill the NAS card (card.h) from result sets and a files.csv.
 *
 * A row is taken only from a set that ran it: the same record size and
 * the same queue depth and thread count (meta.csv's iodepth and jobs),
 * at the set's largest file of that record size, where the file is
 * furthest past any cache.  Its figures are computed the way csvout.c computes summary.csv
 * (results_cell_summary, results_iops_mean), so the card and
 * summary.csv cannot disagree.  A set that cannot give a row leaves it
 * empty; the writer says which rows are missing.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/card.h"
#include "analysis/cliff.h"
#include "model/latency.h"
#include "lib/err.h"
#include "model/results.h"
#include "model/stats.h"

const struct card_row card_row_specs[CARD_NROWS] = {
	[CARD_SEQ1M_Q8T1] = { .name = "SEQ1M Q8T1", .slug = "seq1m-q8t1",
			      .record_kb = 1024, .depth = 8, .threads = 1 },
	[CARD_SEQ1M_Q1T1] = { .name = "SEQ1M Q1T1", .slug = "seq1m-q1t1",
			      .record_kb = 1024, .depth = 1, .threads = 1 },
	[CARD_RND4K_Q32T16] = { .name = "RND4K Q32T16", .slug = "rnd4k-q32t16",
				.record_kb = 4, .depth = 32, .threads = 16, .random = 1 },
	[CARD_RND4K_Q1T1] = { .name = "RND4K Q1T1", .slug = "rnd4k-q1t1",
			      .record_kb = 4, .depth = 1, .threads = 1, .random = 1 },
};

void card_init(struct card *c)
{
	memset(c, 0, sizeof(*c));
	memcpy(c->rows, card_row_specs, sizeof(card_row_specs));
	c->rd_p99_us = -1.0;
	c->cached_pct_max = -1.0;
}

long card_largest_cell(const struct result_set *rs, int col, uint64_t record_kb)
{
	long best = -1;

	for (size_t i = 0; i < rs->ncells; i++) {
		const struct result_cell *cl = &rs->cells[i];
		if (cl->placeholder || cl->record_kb != record_kb || !results_has(rs, i, col))
			continue;
		if (best < 0 || cl->file_kb > rs->cells[best].file_kb)
			best = (long)i;
	}
	return best;
}

/* The figures of (cell, col), as summary.csv has them.  0 or -1. */
static int fill_cell(struct card_cell *out, const struct result_set *rs, size_t cell,
		     int col, const char *source, int prio)
{
	struct stats_summary s;
	double iops[3];
	long n = results_cell_summary(rs, cell, col, RESULTS_UNIT_KBPS, &s);

	if (n <= 0)
		return (int)n;   /* nothing usable: the cell stays empty */
	memset(out, 0, sizeof(*out));
	out->found = 1;
	out->kbps = s.mean;
	out->mbps = s.mean * 1024.0 / 1e6;
	results_iops_mean(rs, cell, col, iops);
	out->iops = iops[0];
	out->n = s.n;
	out->ci_pct = s.n > 1 && s.mean > 0 ? 100.0 * (s.ci95_high - s.mean) / s.mean : -1.0;
	out->col = col;
	out->file_kb = rs->cells[cell].file_kb;
	out->record_kb = rs->cells[cell].record_kb;
	out->prio = prio;
	snprintf(out->source, sizeof(out->source), "%s", source);
	snprintf(out->command, sizeof(out->command), "%s",
		 rs->meta.command_line ? rs->meta.command_line : "");
	snprintf(out->engine, sizeof(out->engine), "%s", rs->meta.engine ? rs->meta.engine : "");
	return 0;
}

static int take(struct card_cell *dst, const struct result_set *rs, int col,
		uint64_t record_kb, const char *source, int prio)
{
	long cell;

	if (dst->found && dst->prio >= prio)
		return 0;
	cell = card_largest_cell(rs, col, record_kb);
	return cell < 0 ? 0 : fill_cell(dst, rs, (size_t)cell, col, source, prio);
}

/*
 * The sequential record size of a depth-1 sweep: 1 MB, else its largest;
 * *nsizes: how many file sizes it read at that record size.
 */
static uint64_t seq_record(const struct result_set *rs, size_t *nsizes)
{
	uint64_t best = 0;

	*nsizes = 0;
	for (size_t i = 0; i < rs->ncells; i++) {
		if (rs->cells[i].placeholder || !results_has(rs, i, RC_READ))
			continue;
		if (rs->cells[i].record_kb == 1024 || (best != 1024 && rs->cells[i].record_kb > best))
			best = rs->cells[i].record_kb;
	}
	for (size_t i = 0; i < rs->ncells; i++)
		if (!rs->cells[i].placeholder && rs->cells[i].record_kb == best &&
		    results_has(rs, i, RC_READ))
			(*nsizes)++;
	return best;
}

/* The strongest cache cliff of col at record_kb (the CPU's excluded). */
static void take_cliff(struct card_cliff *dst, const struct cliff_list *l, int col,
		       uint64_t record_kb)
{
	for (size_t i = 0; i < l->n; i++) {
		const struct cliff *k = &l->items[i];
		if (k->col != col || k->record_kb != record_kb || k->kind == CLIFF_KIND_CPU_CACHE)
			continue;
		if (dst->found && k->ratio <= dst->ratio)
			continue;
		dst->found = 1;
		dst->before_kb = k->before_kb;
		dst->after_kb = k->after_kb;
		dst->cache_kb = k->estimated_cache_kb;
		dst->record_kb = k->record_kb;
		dst->before_kbps = k->level_before_kbps;
		dst->after_kbps = k->level_after_kbps;
		dst->ratio = k->ratio;
		dst->confidence = k->confidence;
		dst->edge = k->edge;
	}
}

/* The read latency tail at the sustained cell, when it was timed per op. */
static int take_tail(struct card *c, const struct result_set *rs)
{
	struct latency_hist h;
	long cell;
	int n;

	if (!c->sustained_rd.found)
		return 0;
	cell = results_find_cell(rs, c->sustained_rd.file_kb, c->sustained_rd.record_kb);
	if (cell < 0)
		return 0;
	/* an imported folder: summary.csv's lat_p99_us */
	const struct result_cell_sum *cs = results_cell_sum(rs, (size_t)cell, RC_READ);
	if (cs && (cs->flags & RESULTS_CS_LAT) && isfinite(cs->lat_us[RESULTS_LAT_ALL][6])) {
		c->rd_p99_us = cs->lat_us[RESULTS_LAT_ALL][6];
		return 0;
	}
	if (!results_has_latency(rs))
		return 0;
	if (latency_init(&h) != 0)
		return -1;
	n = results_lat_merge_cell(rs, (size_t)cell, RC_READ, &h);
	if (n > 0)
		c->rd_p99_us = latency_quantile_ns(&h, 0.99) / 1000.0;
	latency_release(&h);
	return n < 0 ? -1 : 0;
}

/* What the set says about how it measured: warnings' evidence. */
static void take_meta(struct card *c, const struct result_set *rs)
{
	if (!c->version[0] && rs->meta.version)
		snprintf(c->version, sizeof(c->version), "%s %s",
			 rs->meta.tool ? rs->meta.tool : "", rs->meta.version);
	if (!c->label[0] && rs->meta.label)
		snprintf(c->label, sizeof(c->label), "%s", rs->meta.label);
	if (!c->fs_type[0] && rs->meta.fs_type)
		snprintf(c->fs_type, sizeof(c->fs_type), "%s", rs->meta.fs_type);
	if (!c->link_spec[0] && rs->meta.link)
		snprintf(c->link_spec, sizeof(c->link_spec), "%s", rs->meta.link);
	if (!c->client_ram_kb)
		c->client_ram_kb = rs->meta.ram_kb;
	if (rs->meta.data_compress_ratio > 0 &&
	    (c->compress_ratio == 0 || rs->meta.data_compress_ratio < c->compress_ratio))
		c->compress_ratio = rs->meta.data_compress_ratio;
	for (size_t i = 0; i < rs->ncells; i++)
		for (int col = 0; col < RC_COUNT; col++) {
			if (!results_has(rs, i, col))
				continue;
			if (results_short_timing(rs, i, col))
				c->short_timing = 1;
			double pct = results_cached_min(rs, i, col);
			if (results_col_reads(col) && isfinite(pct) && pct > c->cached_pct_max)
				c->cached_pct_max = pct;
		}
}

int card_add_set(struct card *c, const struct result_set *rs, const char *source,
		 int prio, char *err, size_t errlen)
{
	unsigned depth = rs->meta.iodepth ? rs->meta.iodepth : 1;
	unsigned threads = rs->meta.jobs ? rs->meta.jobs : 1;

	take_meta(c, rs);
	for (size_t r = 0; r < CARD_NROWS; r++) {
		struct card_row *row = &c->rows[r];
		int p = prio;
		if (row->depth != depth || row->threads != threads)
			continue;
		/* the folder made for this row beats any other source */
		if (strstr(source, row->slug))
			p = prio + 1;
		if (take(&row->rd, rs, row->random ? RC_RANDOM_READ : RC_READ,
			 row->record_kb, source, p) != 0 ||
		    take(&row->wr, rs, row->random ? RC_RANDOM_WRITE : RC_WRITE,
			 row->record_kb, source, p) != 0)
			return err_set(err, errlen, "out of memory");
	}
	if (depth != 1 || threads != 1)
		return 0;
	/* the plateaus come from the set that swept the most file sizes */
	size_t nsizes;
	uint64_t rec = seq_record(rs, &nsizes);
	if (!rec || nsizes <= c->sweep_sizes)
		return 0;
	memset(&c->sustained_wr, 0, sizeof(c->sustained_wr));
	memset(&c->sustained_rd, 0, sizeof(c->sustained_rd));
	memset(&c->cliff_wr, 0, sizeof(c->cliff_wr));
	memset(&c->cliff_rd, 0, sizeof(c->cliff_rd));
	c->rd_p99_us = -1.0;
	c->sweep_sizes = nsizes;
	if (take(&c->sustained_wr, rs, RC_WRITE, rec, source, prio) != 0 ||
	    take(&c->sustained_rd, rs, RC_READ, rec, source, prio) != 0 ||
	    take_tail(c, rs) != 0)
		return err_set(err, errlen, "out of memory");
	c->cold = (rs->meta.flags & RESULTS_F_COLD) != 0;

	struct cliff_list l;
	char why[256];
	memset(&l, 0, sizeof(l));
	if (cliff_detect(rs, &l, why, sizeof(why)) != 0)
		return err_set(err, errlen, "%s: %s", source, why);
	take_cliff(&c->cliff_wr, &l, RC_WRITE, rec);
	take_cliff(&c->cliff_rd, &l, RC_READ, rec);
	cliff_list_release(&l);
	return 0;
}

void card_parse_left_out(struct card *c, const char *text, size_t len)
{
	const char *end = text + len;

	for (const char *p = text; p < end; ) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end;
		const char *colon = memchr(p, ':', (size_t)(eol - p));
		if (colon && colon + 1 < eol) {
			size_t klen = (size_t)(colon - p);
			const char *why = colon + 1 + (colon[1] == ' ');
			int wlen = (int)(eol - why);
			char *to = NULL;
			size_t tolen = 0;
			if (klen == 5 && !strncmp(p, "files", 5)) {
				to = c->files_left_out;
				tolen = sizeof(c->files_left_out);
			}
			for (size_t r = 0; r < CARD_NROWS && !to; r++)
				if (strlen(c->rows[r].slug) == klen &&
				    !strncmp(p, c->rows[r].slug, klen)) {
					to = c->rows[r].left_out;
					tolen = sizeof(c->rows[r].left_out);
				}
			if (to)
				snprintf(to, tolen, "%.*s", wlen, why);
		}
		p = eol + 1;
	}
}

unsigned card_missing(const struct card *c)
{
	unsigned m = 0;

	for (size_t r = 0; r < CARD_NROWS; r++)
		if (!c->rows[r].rd.found || !c->rows[r].wr.found)
			m |= 1u << r;
	return m;
}

/* ---- files.csv: trial,phase,job,calls,files,bytes,seconds,ops_per_s,
 *      files_per_s,mb_per_s,lat_p50_us,lat_p99_us,short_timing ---- */

#define FILES_COLS 13

/*
 * Split line (modified in place) at commas into f[0..max): the number of
 * fields the line has, more than max when there are more.
 */
static int split_line(char *line, char **f, int max)
{
	int n = 0;

	for (char *p = line; p; n++) {
		if (n < max)
			f[n] = p;
		p = strchr(p, ',');
		if (p)
			*p++ = '\0';
	}
	return n;
}

/*
 * The next line of text[*at..len) into line (its CR dropped), *at past
 * it and *lineno counted.  1, 0 at the end, -1 (err) when too long.
 */
static int next_line(const char *text, size_t len, size_t *at, char *line, size_t cap,
		     unsigned *lineno, const char *path, char *err, size_t errlen)
{
	size_t e = *at;

	if (*at >= len)
		return 0;
	while (e < len && text[e] != '\n')
		e++;
	++*lineno;
	if (e - *at >= cap)
		return err_set(err, errlen, "%s:%u: line too long", path, *lineno);
	memcpy(line, text + *at, e - *at);
	line[e - *at] = '\0';
	if (e - *at && line[e - *at - 1] == '\r')
		line[e - *at - 1] = '\0';
	*at = e + 1;
	return 1;
}

static int num_field(const char *s, double *v)
{
	char *end;

	if (!*s) {
		*v = NAN;
		return 0;
	}
	*v = strtod(s, &end);
	return (*end || !isfinite(*v) || *v < 0) ? -1 : 0;
}

int card_parse_files_csv(struct card *c, const char *text, size_t len,
			 const char *path, char *err, size_t errlen)
{
	double sum[4] = { 0 }, cnt[4] = { 0 };
	unsigned lineno = 0;
	size_t at = 0, trials = 0;
	char line[1024];

	int more;

	while ((more = next_line(text, len, &at, line, sizeof(line), &lineno, path, err,
				 errlen)) > 0) {
		char *f[FILES_COLS];
		if (lineno == 1) {
			if (strncmp(line, "trial,phase,job,", 16) != 0)
				return err_set(err, errlen, "%s:1: not a files.csv "
					       "(its header starts 'trial,phase,job,')", path);
			continue;
		}
		if (!line[0])
			continue;
		if (split_line(line, f, FILES_COLS) != FILES_COLS)
			return err_set(err, errlen, "%s:%u: expected %d fields",
				       path, lineno, FILES_COLS);
		double trial, fps, p99;
		if (num_field(f[0], &trial) || num_field(f[8], &fps) || num_field(f[11], &p99))
			return err_set(err, errlen, "%s:%u: not a number", path, lineno);
		if (strcmp(f[2], "all") != 0)
			continue;
		int k = !strcmp(f[1], "create") ? 0 : !strcmp(f[1], "read") ? 1 : -1;
		if (k < 0)
			continue;
		if (!(trial >= 0 && trial < 1e6) || trial != floor(trial))
			return err_set(err, errlen, "%s:%u: trial '%s' is not a "
				       "trial number", path, lineno, f[0]);
		if ((size_t)trial + 1 > trials)
			trials = (size_t)trial + 1;
		if (isfinite(fps)) {
			sum[k] += fps;
			cnt[k]++;
		}
		if (isfinite(p99)) {
			sum[k + 2] += p99;
			cnt[k + 2]++;
		}
	}
	if (more < 0)
		return -1;
	if (!cnt[0] && !cnt[1])
		return err_set(err, errlen, "%s: no create or read phase", path);
	c->files.found = 1;
	c->files.create_fps = cnt[0] ? sum[0] / cnt[0] : NAN;
	c->files.read_fps = cnt[1] ? sum[1] / cnt[1] : NAN;
	c->files.create_p99_us = cnt[2] ? sum[2] / cnt[2] : NAN;
	c->files.read_p99_us = cnt[3] ? sum[3] / cnt[3] : NAN;
	c->files.trials = trials;
	snprintf(c->files.source, sizeof(c->files.source), "%s", path);
	return 0;
}

/* ---- streams.csv (iosweep streams): streams,stream,mode,
 *      rate_bytes_per_s,fps,chunk_bytes,chunks,missed,worst_late_ms,... ---- */

#define STREAMS_COLS 17

/*
 * The run of c->streams for n streams at rate in one direction, made when
 * new; NULL when full.  A file may hold read and write runs at one rate
 * (the guided run's phase steps each direction its workloads ask).
 */
static struct card_stream_run *stream_run(struct card_streams *s, unsigned n, double rate,
					  int write)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->runs[i].streams == n && s->runs[i].rate_bps == rate &&
		    s->runs[i].write == write)
			return &s->runs[i];
	if (s->n == CARD_MAX_STREAM_RUNS)
		return NULL;
	struct card_stream_run *r = &s->runs[s->n++];
	memset(r, 0, sizeof(*r));
	r->streams = n;
	r->rate_bps = rate;
	r->write = write;
	return r;
}

/*
 * One row into its run: 0, or -1 with the reason in err.  A step's rows
 * follow one another, stream 1 first: its first row picks the run (by
 * count, rate and direction), the rest join it (*cur), and a step whose
 * streams read and wrote (--mix) is marked mixed.
 */
static int stream_row(struct card_streams *s, struct card_stream_run **cur, char **f,
		      const char *path, unsigned lineno, char *err, size_t errlen)
{
	double n, idx, rate, chunks, missed, late;
	int write = !strcmp(f[2], "write");

	if (num_field(f[0], &n) || num_field(f[1], &idx) || num_field(f[3], &rate) ||
	    num_field(f[6], &chunks) || num_field(f[7], &missed) || num_field(f[8], &late) ||
	    isnan(n) || isnan(idx) || isnan(rate) || isnan(chunks) || isnan(missed) ||
	    isnan(late))
		return err_set(err, errlen, "%s:%u: not a number", path, lineno);
	if (!write && strcmp(f[2], "read") != 0)
		return err_set(err, errlen, "%s:%u: mode '%.20s': read or write", path,
			       lineno, f[2]);
	if (n < 1 || n > 65536 || n != floor(n) || idx < 1 || idx > n || !(rate > 0) ||
	    missed > chunks)
		return err_set(err, errlen, "%s:%u: not a streams row (streams %g, stream %g, "
			       "rate %g, %g of %g chunks missed)", path, lineno, n, idx, rate,
			       missed, chunks);
	struct card_stream_run *r = *cur;
	if (idx == 1 || !r || r->streams != (unsigned)n || r->rate_bps != rate)
		r = stream_run(s, (unsigned)n, rate, write);
	if (!r)
		return err_set(err, errlen, "%s:%u: more than %d runs", path, lineno,
			       CARD_MAX_STREAM_RUNS);
	*cur = r;
	r->mixed |= r->write != write;
	r->chunks += (uint64_t)chunks;
	r->missed += (uint64_t)missed;
	if (late > r->worst_late_ms)
		r->worst_late_ms = late;
	return 0;
}

int card_parse_streams_csv(struct card *c, const char *text, size_t len,
			   const char *path, char *err, size_t errlen)
{
	static const char head[] = "streams,stream,mode,rate_bytes_per_s,";
	struct card_streams s = { 0 };
	struct card_stream_run *cur = NULL;
	unsigned lineno = 0;
	size_t at = 0;
	char line[1024];
	int more;

	while ((more = next_line(text, len, &at, line, sizeof(line), &lineno, path, err,
				 errlen)) > 0) {
		char *f[STREAMS_COLS];
		if (lineno == 1) {
			if (strncmp(line, head, sizeof(head) - 1) != 0)
				return err_set(err, errlen, "%s:1: not a streams.csv (its "
					       "header starts '%s')", path, head);
			continue;
		}
		if (!line[0])
			continue;
		if (split_line(line, f, STREAMS_COLS) != STREAMS_COLS)
			return err_set(err, errlen, "%s:%u: expected %d fields", path, lineno,
				       STREAMS_COLS);
		if (stream_row(&s, &cur, f, path, lineno, err, errlen) != 0)
			return -1;
	}
	if (more < 0)
		return -1;
	if (!s.n)
		return err_set(err, errlen, "%s: no streams", path);
	snprintf(s.source, sizeof(s.source), "%s", path);
	c->streams = s;
	return 0;
}

/* ---- link.csv: schema,direction,streams,seconds,bytes,bytes_per_s,
 *      mbit_per_s,rtt_ms,rtt_min_ms,rtt_max_ms,source ---- */

#define LINK_COLS 11

int card_parse_link_csv(struct card *c, const char *text, size_t len,
			const char *path, char *err, size_t errlen)
{
	static const char head[] = "schema,direction,streams,seconds,bytes,bytes_per_s,";
	struct card_net n = c->net;
	unsigned lineno = 0;
	size_t at = 0;
	char line[512];
	int more, got = 0;

	while ((more = next_line(text, len, &at, line, sizeof(line), &lineno, path, err,
				 errlen)) > 0) {
		char *f[LINK_COLS];
		double v;
		if (lineno == 1) {
			if (strncmp(line, head, sizeof(head) - 1) != 0)
				return err_set(err, errlen, "%s:1: not a link.csv (its header "
					       "starts '%s')", path, head);
			continue;
		}
		if (!line[0])
			continue;
		if (split_line(line, f, LINK_COLS) != LINK_COLS)
			return err_set(err, errlen, "%s:%u: expected %d fields", path, lineno,
				       LINK_COLS);
		int up = !strcmp(f[1], "up"), down = !strcmp(f[1], "down");
		if (!up && !down && strcmp(f[1], "rtt") != 0)
			return err_set(err, errlen, "%s:%u: direction '%s' is not up, down or "
				       "rtt", path, lineno, f[1]);
		if (num_field(up || down ? f[5] : f[7], &v) != 0 || !(v > 0))
			return err_set(err, errlen, "%s:%u: %s is not a positive number", path,
				       lineno, up || down ? "bytes_per_s" : "rtt_ms");
		if (up)
			n.up_kbps = v / 1024.0;
		else if (down)
			n.down_kbps = v / 1024.0;
		else
			n.rtt_ms = v;
		got |= up ? 1 : down ? 2 : 4;
	}
	if (more < 0)
		return -1;
	if ((got & 3) != 3)
		return err_set(err, errlen, "%s: no up and down rows", path);
	n.link_found = 1;
	snprintf(n.link_source, sizeof(n.link_source), "%s", path);
	c->net = n;
	return 0;
}
