/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * db_rank.c: the NAS chart's ranking (see db.h): every run that measured
 * one test at one file size (and record size), best first, each with
 * the mean of its full trials and their 95% confidence interval.  The
 * database hands back the trials' raw figures (bytes and time); the
 * means and intervals are computed here, by stats.c, so SQLite and
 * PostgreSQL give the same answer to the digit.  Without a record size,
 * each run stands with its best record size at that file size.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "db/db_priv.h"
#include "iosweep.h"
#include "lib/err.h"
#include "lib/strbuf.h"
#include "model/stats.h"

#define RANK_MAX_TRIALS 4096

struct rank_ctx {
	struct db_rank_row *rows;
	size_t n, cap;
	/* the (run, record size) being read */
	int64_t id;
	uint64_t record_kb;
	char *label, *host, *fs;
	double x[RANK_MAX_TRIALS];
	size_t nx;
	int open;
};

static void take(char **dst, const char *src)
{
	free(*dst);
	*dst = src ? strdup(src) : strdup("");
}

/* End a (run, record) group: it becomes the run's row, or replaces a worse one. */
static int flush(struct rank_ctx *c)
{
	struct stats_summary s;
	if (!c->open || c->nx == 0 || stats_summarize(c->x, c->nx, &s)) {
		c->open = 0;
		return 0;
	}
	c->open = 0;
	struct db_rank_row *last = c->n ? &c->rows[c->n - 1] : NULL;
	if (last && last->id == c->id) {
		if (s.mean <= last->mean_kbps)
			return 0;
	} else {
		if (c->n == c->cap) {
			size_t cap = c->cap ? c->cap * 2 : 64;
			struct db_rank_row *r = realloc(c->rows, cap * sizeof(*r));
			if (!r)
				return -1;
			c->rows = r;
			c->cap = cap;
		}
		last = &c->rows[c->n++];
		memset(last, 0, sizeof(*last));
		last->id = c->id;
		take(&last->label, c->label);
		take(&last->host, c->host);
		take(&last->fs_type, c->fs);
		if (!last->label || !last->host || !last->fs_type)
			return -1;
	}
	last->record_kb = c->record_kb;
	last->n = (unsigned)s.n;
	last->mean_kbps = s.mean;
	last->ci_low = s.n > 1 ? s.ci95_low : NAN;
	last->ci_high = s.n > 1 ? s.ci95_high : NAN;
	return 0;
}

static int rank_row(void *ctx, int ncol, const char *const *v, const size_t *len)
{
	struct rank_ctx *c = ctx;
	(void)len;
	if (ncol < 8 || !v[0] || !v[4])
		return 1;
	int64_t id = strtoll(v[0], NULL, 10);
	uint64_t rec = strtoull(v[4], NULL, 10);
	if (!c->open || id != c->id || rec != c->record_kb) {
		if (flush(c))
			return 1;
		c->id = id;
		c->record_kb = rec;
		c->nx = 0;
		c->open = 1;
		take(&c->label, v[1]);
		take(&c->host, v[2]);
		take(&c->fs, v[3]);
	}
	double k = db_row_kbps(v[5], v[6], v[7]);
	if (isfinite(k) && c->nx < RANK_MAX_TRIALS)
		c->x[c->nx++] = k;
	return 0;
}

static int by_mean(const void *a, const void *b)
{
	const struct db_rank_row *x = a, *y = b;
	if (x->mean_kbps != y->mean_kbps)
		return x->mean_kbps > y->mean_kbps ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

int db_rank(struct db *db, const struct db_rank_query *q, struct db_rank_row **rows,
	    size_t *n, char *err, size_t errlen)
{
	struct sbuf sql = { NULL, 0, 0, 0 };
	struct db_val params[DB_FILTER_PARAMS + 3];
	char file[32], rec[32];
	struct rank_ctx *c = calloc(1, sizeof(*c));
	int np = 0, rc;

	*rows = NULL;
	*n = 0;
	if (!c)
		return err_set(err, errlen, "out of memory");
	snprintf(file, sizeof(file), "%llu", (unsigned long long)q->file_kb);
	snprintf(rec, sizeof(rec), "%llu", (unsigned long long)q->record_kb);
	params[np++] = db_text(q->test);
	params[np++] = db_text(file);
	if (q->record_kb) {
		params[np++] = db_text(rec);
		sb_puts(&sql, "SELECT r.id, r.label, r.host, r.fs_type, s.record_kb, s.bytes, "
			"s.elapsed_ns, s.rate_kbps FROM samples s JOIN runs r ON r.id = s.run_id "
			"WHERE s.test = $1 AND s.file_kb = $2 AND s.partial = 0 "
			"AND s.record_kb = $3");
		db_filter_sql(&sql, &q->where, params, &np);
	} else {
		/*
		 * Without a record size each run stands with its best one: the
		 * database picks it from the cells table (schema 3: a row per
		 * run and record size with the mean rate of its full trials,
		 * db_row_kbps's rate), the highest mean and the smaller record
		 * size on a tie, as flush() would, and hands back that record
		 * size's trials only.
		 */
		struct sbuf flt = { NULL, 0, 0, 0 };
		db_filter_sql(&flt, &q->where, params, &np);
		/* the runs joined only for a filter on them */
		sb_printf(&sql, "WITH x AS (SELECT c.run_id AS run_id, MAX(c.mean_kbps) AS m "
			  "FROM cells c%s WHERE c.test = $1 AND c.file_kb = $2%s "
			  "GROUP BY c.run_id), ",
			  flt.len ? " JOIN runs r ON r.id = c.run_id" : "", flt.len ? flt.p : "");
		if (flt.failed)
			sql.failed = 1;
		sb_release(&flt);
		sb_puts(&sql, "b AS (SELECT c.run_id AS run_id, MIN(c.record_kb) AS record_kb "
			"FROM cells c JOIN x ON x.run_id = c.run_id AND c.mean_kbps = x.m "
			"WHERE c.test = $1 AND c.file_kb = $2 GROUP BY c.run_id) "
			"SELECT r.id, r.label, r.host, r.fs_type, s.record_kb, s.bytes, "
			"s.elapsed_ns, s.rate_kbps FROM b JOIN samples s ON s.run_id = b.run_id "
			"AND s.record_kb = b.record_kb JOIN runs r ON r.id = s.run_id "
			"WHERE s.test = $1 AND s.file_kb = $2 AND s.partial = 0");
	}
	/* the covering index's order when the record size is given: no sort */
	sb_puts(&sql, " ORDER BY s.run_id, s.record_kb, s.trial");
	if (sql.failed)
		rc = err_set(err, errlen, "out of memory");
	else if ((rc = db_query(db, sql.p, params, np, rank_row, c, err, errlen)) == 0 &&
		 flush(c))
		rc = err_set(err, errlen, "out of memory");
	else if (rc > 0)
		rc = err_set(err, errlen, "out of memory");
	sb_release(&sql);
	free(c->label);
	free(c->host);
	free(c->fs);
	if (rc) {
		db_rank_free(c->rows, c->n);
		free(c);
		return -1;
	}
	qsort(c->rows, c->n, sizeof(c->rows[0]), by_mean);
	*rows = c->rows;
	*n = c->n;
	free(c);
	return 0;
}

void db_rank_free(struct db_rank_row *rows, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(rows[i].label);
		free(rows[i].host);
		free(rows[i].fs_type);
	}
	free(rows);
}
