/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import_csv.c: read back iosweep's own result folder: results.csv (one
 * row per sample, the columns csvout.h lists) and meta.csv (key,value).
 *
 * Parsing is libcsv's (strict RFC 4180), so quoted labels and command
 * lines come back as written.  Columns are found by their header names, so
 * a reordered file still reads; every one of them must be there.  Samples
 * keep what was measured: bytes, elapsed time (seconds, rounded to ns),
 * operations, CPU and wall time; a row with an empty bytes field is a
 * rate-only sample (an import of an import).  Rows name their trial, so a
 * folder brings its own trials.
 *
 * Also kept: each trial's latency figures (lat_*, rd_lat_*, wr_lat_*; the
 * histograms are not in the file), the rows of the clients of an
 * iosweep-mpi folder behind the cells' "all" rows (client, host, writer),
 * and from summary.csv beside it what results.csv cannot give back: a
 * cell's merged latency figures and short_timing (struct
 * result_cell_sum).  meta.csv's rows are read by import_meta.c.
 */
#include "compat.h"

#include <csv.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/import_priv.h"
#include "model/latency.h"
#include "model/results.h"
#include "lib/err.h"

#define CSV_MAX_FIELDS 64

enum { RCSV_SCHEMA, RCSV_LABEL, RCSV_TEST, RCSV_FILE_KB, RCSV_RECORD_KB, RCSV_TRIAL, RCSV_BYTES,
       RCSV_SECONDS, RCSV_KB_PER_S, RCSV_OPS, RCSV_CPU_USER, RCSV_CPU_SYS, RCSV_WALL, RCSV_PARTIAL,
       RCSV_COUNT };

static const char *const field_names[RCSV_COUNT] = {
	"schema", "label", "test", "file_kb", "record_kb", "trial", "bytes",
	"seconds", "kb_per_s", "ops", "cpu_user_s", "cpu_sys_s", "wall_s", "partial"
};

struct csv_ctx {
	const char *path;
	char *err;
	size_t errlen;
	int failed;
	unsigned row;                    /* 1-based, the header is row 1 */
	char *field[CSV_MAX_FIELDS];
	size_t nfields;
	int too_many;
	void (*on_row)(struct csv_ctx *c);
	/* results.csv */
	struct result_set *rs;
	int idx[RCSV_COUNT];
	int idx_cached;                  /* cached_pct (schema 2), or -1 */
	int client_idx;                  /* schema 3's client column, or -1 */
	int host_idx, writer_idx;        /* schema 3's host and writer, or -1 */
	char **hosts;                    /* [client] its host, from its rows */
	unsigned nhosts_seen;            /* clients 0 .. nhosts_seen-1 have a slot */
	int rd_iops, wr_iops;            /* schema 4 columns, or -1 */
	int lat_idx[3][LATENCY_NFIGS];   /* [lat_, rd_lat_, wr_lat_][min .. p999], or -1 */
	int ops_col[IMPORT_OPS_NCOLS];   /* schema 5: the operations' columns */
	size_t nheader;
	char *rows_label;                /* the label field of the first row */
	/* summary.csv */
	int sum_idx[5];                  /* label test file_kb record_kb n */
	int sum_short;                   /* short_timing, or -1 */
	int sum_files, sum_force;        /* schema 5: files, force, or -1 */
	/* meta.csv */
	struct import_meta_read meta;
};

static void cfail(struct csv_ctx *c, const char *fmt, ...)
	IOSWEEP_PRINTF(2, 3);
static void cfail(struct csv_ctx *c, const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	if (c->failed)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	err_set(c->err, c->errlen, "%s:%u: %s", c->path, c->row, msg);
	c->failed = 1;
}

static void on_field(void *s, size_t len, void *data)
{
	struct csv_ctx *c = data;
	if (c->failed)
		return;
	if (c->nfields >= CSV_MAX_FIELDS) {
		c->too_many = 1;
		return;
	}
	char *copy = malloc(len + 1);
	if (!copy) {
		cfail(c, "out of memory");
		return;
	}
	if (len)
		memcpy(copy, s, len);
	copy[len] = '\0';
	c->field[c->nfields++] = copy;
}

static void clear_fields(struct csv_ctx *c)
{
	for (size_t i = 0; i < c->nfields; i++)
		free(c->field[i]);
	c->nfields = 0;
	c->too_many = 0;
}

static void on_row(int term, void *data)
{
	struct csv_ctx *c = data;
	(void)term;
	c->row++;
	if (!c->failed) {
		if (c->too_many)
			cfail(c, "more than %d fields", CSV_MAX_FIELDS);
		else
			c->on_row(c);
	}
	clear_fields(c);
}

/* A number field: empty gives 0 when optional. */
static int get_double(struct csv_ctx *c, int f, int optional, double *out)
{
	const char *s = c->field[c->idx[f]];
	if (!*s && optional) {
		*out = 0.0;
		return 0;
	}
	if (import_parse_double(s, out)) {
		cfail(c, "%s '%.40s' is not a number", field_names[f], s);
		return -1;
	}
	return 0;
}

/* Field s of column name as a whole number; -1 after cfail. */
static int field_u64(struct csv_ctx *c, const char *s, const char *name,
		     uint64_t *out)
{
	if (import_parse_u64(s, out)) {
		cfail(c, "%s '%.40s' is not a whole number", name, s);
		return -1;
	}
	return 0;
}

static int get_u64(struct csv_ctx *c, int f, int optional, uint64_t *out)
{
	const char *s = c->field[c->idx[f]];
	if (!*s && optional) {
		*out = 0;
		return 0;
	}
	return field_u64(c, s, field_names[f], out);
}

static uint64_t secs_to_ns(double s)
{
	double ns = s * 1e9;
	return ns >= 1.8e19 ? UINT64_MAX : (uint64_t)llround(ns);
}

/* The column of the header row named name (the last, if twice), or -1. */
static int col_of(const struct csv_ctx *c, const char *name)
{
	int col = -1;

	for (size_t i = 0; i < c->nfields; i++)
		if (strcmp(c->field[i], name) == 0)
			col = (int)i;
	return col;
}

/*
 * The columns of the header row named names[0..n-1] into idx; -1 after
 * cfail naming the first one missing and what the file is not.
 */
static int need_cols(struct csv_ctx *c, const char *const *names, int n,
		     int *idx, const char *what)
{
	for (int f = 0; f < n; f++)
		if ((idx[f] = col_of(c, names[f])) < 0) {
			cfail(c, "no '%s' column: not an iosweep %s", names[f], what);
			return -1;
		}
	return 0;
}

/* The latency columns of a header row (results.csv, summary.csv), where present. */
static void lat_header(struct csv_ctx *c)
{
	for (int d = 0; d < 3; d++)
		for (int k = 0; k < LATENCY_NFIGS; k++)
			c->lat_idx[d][k] = col_of(c, latency_col_name(d, k));
}

/*
 * The latency figures of a row (results.csv: a trial's, summary.csv: a
 * cell's merged trials) into figs, NaN for an empty field or a column the
 * file has not.  1 when some field held a figure, 0 when none did, -1
 * after cfail (a field that is not a time: not a number, negative,
 * infinite).
 */
static int lat_figs_from_row(struct csv_ctx *c, double figs[3][8])
{
	int any = 0;

	for (int d = 0; d < 3; d++)
		for (int k = 0; k < LATENCY_NFIGS; k++) {
			const char *f = c->lat_idx[d][k] < 0 ? "" : c->field[c->lat_idx[d][k]];
			double v = NAN;
			if (*f && import_parse_double(f, &v)) {
				cfail(c, "%s '%.40s' is not a time in microseconds",
				      latency_col_name(d, k), f);
				return -1;
			}
			figs[d][k] = v;
			any |= *f != '\0';
		}
	return any;
}

static void results_header(struct csv_ctx *c)
{
	if (need_cols(c, field_names, RCSV_COUNT, c->idx, "results.csv") != 0)
		return;
	/* the columns later schemas added, where present */
	c->idx_cached = c->client_idx = c->rd_iops = c->wr_iops = -1;
	c->host_idx = c->writer_idx = -1;
	lat_header(c);
	for (size_t i = 0; i < c->nfields; i++) {
		if (strcmp(c->field[i], "cached_pct") == 0)
			c->idx_cached = (int)i;
		else if (strcmp(c->field[i], "client") == 0)
			c->client_idx = (int)i;
		else if (strcmp(c->field[i], "host") == 0)
			c->host_idx = (int)i;
		else if (strcmp(c->field[i], "writer") == 0)
			c->writer_idx = (int)i;
		else if (strcmp(c->field[i], "rd_iops") == 0)
			c->rd_iops = (int)i;
		else if (strcmp(c->field[i], "wr_iops") == 0)
			c->wr_iops = (int)i;
	}
	import_ops_header(c->field, c->nfields, c->ops_col);
	c->nheader = c->nfields;
}

/*
 * Schema 4: a mixed sample's reads and writes, from rd_iops and wr_iops
 * (x seconds); other samples need no split (their column says it).
 */
static void split_from_row(struct csv_ctx *c, struct result_sample *s)
{
	double rd, wr;

	if (c->rd_iops < 0 || c->wr_iops < 0 || !results_col_mixed(s->col) ||
	    (s->flags & RESULTS_SF_RATE_ONLY) ||
	    import_parse_double(c->field[c->rd_iops], &rd) || import_parse_double(c->field[c->wr_iops], &wr))
		return;
	s->rd_ops = (uint64_t)llround(rd * (double)s->elapsed_ns / 1e9);
	s->wr_ops = s->ops > s->rd_ops ? s->ops - s->rd_ops : 0;
	s->flags |= RESULTS_SF_SPLIT;
}

/*
 * The trial's latency figures (--latency and queue-depth runs: all
 * operations, the reads, the writes), where results.csv has them: the
 * histogram is not in the file, its summary is.  0, or -1 after cfail.
 */
static int lat_from_row(struct csv_ctx *c, struct result_sample *s)
{
	struct result_lat_figs figs;
	int any = lat_figs_from_row(c, figs.us);

	if (any <= 0)
		return any;
	s->lat_figs = malloc(sizeof(*s->lat_figs));
	if (!s->lat_figs) {
		cfail(c, "out of memory");
		return -1;
	}
	*s->lat_figs = figs;
	s->flags |= RESULTS_SF_LAT_FIGS;
	return 0;
}

/* The most clients a folder may have (iosweep-mpi's ranks). */
#define CSV_MAX_CLIENTS 65536u

/*
 * The client of a row: -1 for a cell's figure ("all", or empty in a
 * one-client run), else its number, with the client whose file it used
 * (writer) and its host remembered for results_set_clients.  Every row of
 * one client names the same host; the numbers stay below meta.csv's
 * clients when it has them.  0, or -1 after cfail.
 */
static int client_from_row(struct csv_ctx *c, long *client, long *writer)
{
	const char *who = c->field[c->client_idx];
	uint64_t k, w;

	*client = *writer = -1;
	if (!*who || strcmp(who, "all") == 0)
		return 0;
	unsigned limit = c->rs->nclients && c->rs->nclients < CSV_MAX_CLIENTS
		? c->rs->nclients : CSV_MAX_CLIENTS;
	if (import_parse_u64(who, &k) || k >= limit) {
		cfail(c, "client '%.40s' is not all or a client number (0 to %u)", who,
		      limit - 1);
		return -1;
	}
	const char *wr = c->writer_idx >= 0 ? c->field[c->writer_idx] : "";
	if (!*wr)
		w = k;
	else if (import_parse_u64(wr, &w) || w >= limit) {
		cfail(c, "writer '%.40s' is not a client number (0 to %u)", wr, limit - 1);
		return -1;
	}
	const char *host = c->host_idx >= 0 ? c->field[c->host_idx] : "";
	if (k >= c->nhosts_seen) {
		unsigned n = (unsigned)k + 1;
		char **p = realloc(c->hosts, n * sizeof(*p));
		if (!p) {
			cfail(c, "out of memory");
			return -1;
		}
		memset(p + c->nhosts_seen, 0, (n - c->nhosts_seen) * sizeof(*p));
		c->hosts = p;
		c->nhosts_seen = n;
	}
	if (!c->hosts[k]) {
		if (results_set_str(&c->hosts[k], host)) {
			cfail(c, "out of memory");
			return -1;
		}
	} else if (strcmp(c->hosts[k], host) != 0) {
		cfail(c, "client %llu on host '%.40s' here, '%.40s' before",
		      (unsigned long long)k, host, c->hosts[k]);
		return -1;
	}
	*client = (long)k;
	*writer = (long)w;
	return 0;
}

/*
 * After the rows: the clients' hosts (results_set_clients) when the file
 * has rows of clients, which must be of every client 0 .. n-1 (n from
 * meta.csv, or the highest number's).  0, or -1 with err set.
 */
static int clients_from_rows(struct csv_ctx *c)
{
	struct result_set *rs = c->rs;
	unsigned n = rs->nclients ? rs->nclients : c->nhosts_seen;

	if (!c->nhosts_seen)
		return 0;
	for (unsigned k = 0; k < n; k++)
		if (k >= c->nhosts_seen || !c->hosts[k])
			return err_set(c->err, c->errlen, "%s: rows of some clients but none of client %u "
				"(of %u): not a whole iosweep-mpi results.csv", c->path, k, n);
	if (results_set_clients(rs, (const char *const *)c->hosts, n)) {
		return err_set(c->err, c->errlen, "%s: out of memory", c->path);
	}
	return 0;
}

/* The set's label from the first row (unless meta.csv gave it).  -1 after cfail. */
static int row_label(struct csv_ctx *c)
{
	const char *label = c->field[c->idx[RCSV_LABEL]];

	if ((!c->rs->meta.label && !c->meta.label_from_meta &&
	     results_set_str(&c->rs->meta.label, label)) ||
	    (!c->rows_label && results_set_str(&c->rows_label, label))) {
		cfail(c, "out of memory");
		return -1;
	}
	return 0;
}

/* The row's schema, one this iosweep reads.  -1 after cfail. */
static int row_schema(struct csv_ctx *c)
{
	uint64_t schema;

	if (get_u64(c, RCSV_SCHEMA, 0, &schema))
		return -1;
	if (schema < RESULTS_SCHEMA_OLDEST || schema > RESULTS_SCHEMA) {
		cfail(c, "schema %llu: this iosweep reads schema %d to %d",
		      (unsigned long long)schema, RESULTS_SCHEMA_OLDEST, RESULTS_SCHEMA);
		return -1;
	}
	return 0;
}

/* A small-file operation's row (import_ops.h). */
static void ops_row(struct csv_ctx *c)
{
	/* a row with a host is a client's own (many clients); without,
	 * the client field holds "all" or a job's number */
	long client = -1, writer = -1;
	char msg[160];

	if (c->client_idx >= 0 && c->host_idx >= 0 && c->field[c->host_idx][0] &&
	    client_from_row(c, &client, &writer))
		return;
	if (row_label(c) == 0 && import_ops_row(c->rs, c->field[c->idx[RCSV_TEST]], c->field,
			   c->ops_col, c->lat_idx[0], client, writer, msg,
			   sizeof(msg)) != 0)
		cfail(c, "%s", msg);
}

/* Which figure the row is: its test into s->col, its trial into s->trial,
 * its cell's sizes into *file_kb and *record_kb.  -1 after cfail. */
static int row_key(struct csv_ctx *c, struct result_sample *s, uint64_t *file_kb,
		   uint64_t *record_kb)
{
	uint64_t trial;
	int col = results_col_from_name(c->field[c->idx[RCSV_TEST]]);

	if (col < 0) {
		cfail(c, "unknown test '%.40s'", c->field[c->idx[RCSV_TEST]]);
		return -1;
	}
	if (get_u64(c, RCSV_FILE_KB, 0, file_kb) || get_u64(c, RCSV_RECORD_KB, 0, record_kb) ||
	    get_u64(c, RCSV_TRIAL, 0, &trial))
		return -1;
	if (trial > 65535) {
		cfail(c, "trial %llu: at most 65535", (unsigned long long)trial);
		return -1;
	}
	s->col = (uint16_t)col;
	s->trial = (uint16_t)trial;
	return 0;
}

/* The row's figures into s: partial, CPU, cached share, and the bytes
 * and seconds (or only the rate).  -1 after cfail. */
static int row_figures(struct csv_ctx *c, struct result_sample *s)
{
	const char *partial = c->field[c->idx[RCSV_PARTIAL]];

	if (strcmp(partial, "1") == 0)
		s->flags |= RESULTS_SF_PARTIAL;
	else if (*partial && strcmp(partial, "0") != 0) {
		cfail(c, "partial '%.40s' is not 0 or 1", partial);
		return -1;
	}
	double cpu_u, cpu_s;
	if (get_double(c, RCSV_CPU_USER, 1, &cpu_u) || get_double(c, RCSV_CPU_SYS, 1, &cpu_s))
		return -1;
	s->cpu_user_s = cpu_u;
	s->cpu_sys_s = cpu_s;
	if (c->idx_cached >= 0 && c->field[c->idx_cached][0]) {
		double pct;
		if (import_parse_double(c->field[c->idx_cached], &pct) || pct < 0 || pct > 100) {
			cfail(c, "cached_pct '%.40s' is not a percentage",
			      c->field[c->idx_cached]);
			return -1;
		}
		s->cached_pct = pct;
		s->flags |= RESULTS_SF_CACHED;
	}
	if (!c->field[c->idx[RCSV_BYTES]][0]) {
		if (get_double(c, RCSV_KB_PER_S, 0, &s->rate_kbps))
			return -1;
		s->flags |= RESULTS_SF_RATE_ONLY;
	} else {
		double secs, wall;
		if (get_u64(c, RCSV_BYTES, 0, &s->bytes) || get_double(c, RCSV_SECONDS, 0, &secs) ||
		    get_u64(c, RCSV_OPS, 1, &s->ops) || get_double(c, RCSV_WALL, 1, &wall))
			return -1;
		s->elapsed_ns = secs_to_ns(secs);
		s->wall_ns = secs_to_ns(wall);
	}
	return 0;
}

/* Add s to its cell (made when new), as the set's sample or, with a
 * client, as that client's. */
static void row_store(struct csv_ctx *c, struct result_sample *s, uint64_t file_kb,
		      uint64_t record_kb, long client, long writer)
{
	struct result_set *rs = c->rs;
	long cell = results_find_cell(rs, file_kb, record_kb);

	if (cell < 0)
		cell = results_add_cell(rs, file_kb, record_kb, 0);
	if (cell < 0 || (uint64_t)cell > UINT32_MAX) {
		cfail(c, "out of memory");
		return;
	}
	s->cell = (uint32_t)cell;
	split_from_row(c, s);
	if (lat_from_row(c, s))
		return;
	if (client >= 0) {
		s->client = (int32_t)client;
		s->writer = (int32_t)writer;
	}
	if (client >= 0 ? results_add_client_sample(rs, s) : results_add_sample(rs, s)) {
		free(s->lat_figs);
		cfail(c, "out of memory");
	}
}

static void results_row(struct csv_ctx *c)
{
	struct result_sample s;
	uint64_t file_kb, record_kb;

	if (c->row == 1) {
		results_header(c);
		return;
	}
	if (c->nfields == 1 && !c->field[0][0])
		return; /* an empty line */
	if (c->nfields != c->nheader) {
		cfail(c, "%zu fields where the header has %zu", c->nfields, c->nheader);
		return;
	}
	memset(&s, 0, sizeof(s));
	if (row_schema(c))
		return;
	if (import_ops_is_op(c->field[c->idx[RCSV_TEST]])) {
		ops_row(c);
		return;
	}
	/* many clients: the cell's figure is the "all" row; a client's own
	 * sample (a number) is kept behind it (client_samples) */
	long client = -1, writer = -1;
	if (c->client_idx >= 0 && client_from_row(c, &client, &writer))
		return;
	if (row_key(c, &s, &file_kb, &record_kb) || row_figures(c, &s) || row_label(c))
		return;
	row_store(c, &s, file_kb, record_kb, client, writer);
}

/* ---- summary.csv: what results.csv cannot give back ---- */

enum { SCSV_LABEL, SCSV_TEST, SCSV_FILE_KB, SCSV_RECORD_KB, SCSV_N, SCSV_COUNT };

static const char *const sum_names[SCSV_COUNT] = {
	"label", "test", "file_kb", "record_kb", "n"
};

static void summary_header(struct csv_ctx *c)
{
	if (need_cols(c, sum_names, SCSV_COUNT, c->sum_idx, "summary.csv") != 0)
		return;
	c->sum_short = col_of(c, "short_timing");
	c->sum_files = col_of(c, "files");
	c->sum_force = col_of(c, "force");
	lat_header(c);
	c->nheader = c->nfields;
}

/* Summary field f as a whole number; -1 after cfail. */
static int sum_u64(struct csv_ctx *c, int f, uint64_t *out)
{
	return field_u64(c, c->field[c->sum_idx[f]], sum_names[f], out);
}

/*
 * One row of summary.csv: the cell's latency figures (its trials'
 * histograms merged, which the folder no longer has) and short_timing,
 * kept as struct result_cell_sum.  Rows of another label, and rows of a
 * (test, cell) results.csv has no trial of, describe nothing of this set
 * and are passed over; a field that is not what it should be is an error.
 */
/*
 * An operation's summary row: only its latency figures and short_timing
 * come back (its statistics are recomputed from results.csv's rows).
 */
static void sum_op_row(struct csv_ctx *c, const char *test)
{
	double figs[3][8];
	uint64_t n;
	char msg[160];
	int any, st;

	if (sum_u64(c, SCSV_N, &n) || (any = lat_figs_from_row(c, figs)) < 0)
		return;
	st = c->sum_short >= 0 && strcmp(c->field[c->sum_short], "1") == 0;
	if (!any && !st)
		return;
	if (import_ops_sum_row(c->rs, test, c->field, c->sum_files, c->sum_force, n, st, figs[0], msg, sizeof(msg)) != 0)
		cfail(c, "%s", msg);
}

static void summary_row(struct csv_ctx *c)
{
	struct result_cell_sum cs;
	uint64_t file_kb, record_kb, n;

	if (c->row == 1) {
		summary_header(c);
		return;
	}
	if (c->nfields == 1 && !c->field[0][0])
		return;
	if (c->nfields != c->nheader) {
		cfail(c, "%zu fields where the header has %zu", c->nfields, c->nheader);
		return;
	}
	if (!c->rows_label || strcmp(c->field[c->sum_idx[SCSV_LABEL]], c->rows_label) != 0)
		return;
	const char *test = c->field[c->sum_idx[SCSV_TEST]];
	if (import_ops_is_op(test)) {
		sum_op_row(c, test);
		return;
	}
	int col = results_col_from_name(test);
	if (col < 0) {
		cfail(c, "unknown test '%.40s'", test);
		return;
	}
	if (sum_u64(c, SCSV_FILE_KB, &file_kb) || sum_u64(c, SCSV_RECORD_KB, &record_kb) ||
	    sum_u64(c, SCSV_N, &n))
		return;
	if (n == 0 || n > 65536) {
		cfail(c, "n %llu: expected 1..65536 trials", (unsigned long long)n);
		return;
	}
	memset(&cs, 0, sizeof(cs));
	cs.col = (uint16_t)col;
	cs.n = (uint32_t)n;
	if (c->sum_short >= 0) {
		const char *st = c->field[c->sum_short];
		if (strcmp(st, "1") == 0)
			cs.flags |= RESULTS_CS_SHORT;
		else if (strcmp(st, "0") != 0) {
			cfail(c, "short_timing '%.40s' is not 0 or 1", st);
			return;
		}
	}
	int any = lat_figs_from_row(c, cs.lat_us);
	if (any < 0)
		return;
	if (any)
		cs.flags |= RESULTS_CS_LAT;
	long cell = results_find_cell(c->rs, file_kb, record_kb);
	if (cell < 0 || !results_has(c->rs, (size_t)cell, col))
		return;
	cs.cell = (uint32_t)cell;
	for (size_t i = 0; i < c->rs->ncell_sums; i++)
		if (c->rs->cell_sums[i].cell == cs.cell && c->rs->cell_sums[i].col == cs.col) {
			cfail(c, "a second row for %s at %llu kB / %llu kB", test,
			      (unsigned long long)file_kb, (unsigned long long)record_kb);
			return;
		}
	if (results_add_cell_sum(c->rs, &cs))
		cfail(c, "out of memory");
}

static void meta_row(struct csv_ctx *c)
{
	if (c->nfields == 1 && !c->field[0][0])
		return;
	if (c->nfields != 2) {
		cfail(c, "%zu fields: meta.csv rows are key,value", c->nfields);
		return;
	}
	const char *key = c->field[0], *val = c->field[1];
	if (c->row == 1 && strcmp(key, "key") == 0)
		return;
	c->meta.rs = c->rs;
	if (import_meta_pair(&c->meta, key, val) != 0)
		cfail(c, "%s", c->meta.msg);
}

static int run_csv(struct csv_ctx *c, const char *buf, size_t len)
{
	struct csv_parser p;
	int rc = 0;

	if (csv_init(&p, CSV_STRICT | CSV_APPEND_NULL | CSV_STRICT_FINI))
		return err_set(c->err, c->errlen, "%s: out of memory", c->path);
	if (csv_parse(&p, buf, len, on_field, on_row, c) != len && !c->failed) {
		c->row++;
		cfail(c, "malformed CSV: %s", csv_strerror(csv_error(&p)));
	}
	if (!c->failed && csv_fini(&p, on_field, on_row, c) != 0) {
		c->row++;
		cfail(c, "malformed CSV at the end: %s", csv_strerror(csv_error(&p)));
	}
	clear_fields(c);
	csv_free(&p);
	if (c->failed)
		rc = -1;
	return rc;
}

/* Read the file at path and run on_row over its rows.  0 or -1 (c->err). */
static int run_csv_file(struct csv_ctx *c, const char *path,
			void (*on_row_fn)(struct csv_ctx *c))
{
	char *buf = NULL;
	size_t len = 0;

	if (import_read_file(path, &buf, &len, c->err, c->errlen))
		return -1;
	c->path = path;
	c->on_row = on_row_fn;
	c->row = 0;
	int rc = run_csv(c, buf, len);
	free(buf);
	return rc;
}

struct sample_key {
	uint32_t cell;
	uint16_t col, trial;
	int32_t client;                  /* -1: a cell's figure */
};

static int key_cmp(const void *a, const void *b)
{
	const struct sample_key *x = a, *y = b;
	if (x->cell != y->cell)
		return x->cell < y->cell ? -1 : 1;
	if (x->col != y->col)
		return x->col < y->col ? -1 : 1;
	if (x->trial != y->trial)
		return x->trial < y->trial ? -1 : 1;
	return (x->client > y->client) - (x->client < y->client);
}


/* Does some small-file row stand for a run's whole (no job of its own)? */
static int ops_have_total(const struct result_set *rs)
{
	for (size_t i = 0; i < rs->nops; i++)
		if (rs->ops[i].job < 0)
			return 1;
	return 0;
}

/*
 * Two rows for one (test, cell, trial), or for one client's sample of
 * it?  samples: n of them, clients 1 when they are client_samples.
 */
static int check_duplicates(const struct result_set *rs, const struct result_sample *samples,
			    size_t n, int clients, const char *path, char *err, size_t errlen)
{
	struct sample_key *k = malloc((n ? n : 1) * sizeof(*k));
	int rc = 0;
	if (!k)
		return err_set(err, errlen, "%s: out of memory", path);
	for (size_t i = 0; i < n; i++) {
		k[i].cell = samples[i].cell;
		k[i].col = samples[i].col;
		k[i].trial = samples[i].trial;
		k[i].client = clients ? samples[i].client : -1;
	}
	qsort(k, n, sizeof(*k), key_cmp);
	for (size_t i = 1; i < n; i++) {
		if (key_cmp(&k[i - 1], &k[i]) == 0) {
			const struct result_cell *cl = &rs->cells[k[i].cell];
			char who[32] = "";
			if (clients)
				snprintf(who, sizeof(who), " of client %d", (int)k[i].client);
			err_set(err, errlen, "%s: two rows for trial %u%s of %s at %llu kB / %llu kB",
				path, k[i].trial, who, results_col_name(k[i].col),
				(unsigned long long)cl->file_kb,
				(unsigned long long)cl->record_kb);
			rc = -1;
			break;
		}
	}
	free(k);
	return rc;
}

int import_csv_parse(struct result_set *rs, const char *path,
		     const char *buf, size_t len, const char *meta_path,
		     const char *summary_path, char *err, size_t errlen)
{
	struct csv_ctx c;
	int rc = -1;

	memset(&c, 0, sizeof(c));
	c.err = err;
	c.errlen = errlen;
	c.rs = rs;
	if (meta_path && run_csv_file(&c, meta_path, meta_row))
		return -1;
	c.path = path;
	c.on_row = results_row;
	c.row = 0;
	if (run_csv(&c, buf, len))
		goto out;
	if (c.row == 0 || c.nheader == 0) {
		err_set(err, errlen, "%s:1: no header row", path);
		goto out;
	}
	if (rs->nsamples == 0 && rs->nops == 0) {
		err_set(err, errlen, "%s:%u: a results.csv without rows", path, c.row);
		goto out;
	}
	if (rs->nops && !ops_have_total(rs)) {
		err_set(err, errlen, "%s: small-file rows of jobs only (client a job's "
			"number), none for all of them (client 'all' or empty)", path);
		goto out;
	}
	if (check_duplicates(rs, rs->samples, rs->nsamples, 0, path, err, errlen) ||
	    check_duplicates(rs, rs->client_samples, rs->nclient_samples, 1, path, err, errlen) ||
	    clients_from_rows(&c))
		goto out;
	c.nheader = 0;
	if (summary_path && run_csv_file(&c, summary_path, summary_row))
		goto out;
	if (c.meta.trials)
		rs->trials = c.meta.trials;
	if (!rs->meta.tool && results_set_str(&rs->meta.tool, "iosweep")) {
		err_set(err, errlen, "%s: out of memory", path);
		goto out;
	}
	rc = 0;
out:
	free(c.rows_label);
	for (unsigned k = 0; k < c.nhosts_seen; k++)
		free(c.hosts[k]);
	free(c.hosts);
	return rc;
}
