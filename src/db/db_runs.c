/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * db_runs.c: the runs of the results library (see db.h): list them
 * through filters, find one by id, hash or label, show its cells, tag,
 * remove and export it.  The filters become " AND ..." clauses with
 * parameters, never text pasted into SQL.
 */
#include "compat.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "db/db_priv.h"
#include "iosweep.h"
#include "lib/err.h"
#include "lib/outfile.h"
#include "lib/strbuf.h"

double db_row_kbps(const char *bytes, const char *elapsed_ns, const char *rate_kbps)
{
	if (rate_kbps)
		return strtod(rate_kbps, NULL);
	double ns = elapsed_ns ? strtod(elapsed_ns, NULL) : 0;
	if (ns <= 0 || !bytes)
		return NAN;
	return strtod(bytes, NULL) / 1024.0 / (ns / 1e9);
}

/* " AND <before>$N<after>" with val as parameter N, when val is given. */
static void add_clause(struct sbuf *sql, const char *before, const char *after,
		       const char *val, struct db_val *params, int *np)
{
	if (!val)
		return;
	params[*np] = db_text(val);
	(*np)++;
	sb_printf(sql, " AND %s$%d%s", before, *np, after);
}

void db_filter_sql(struct sbuf *sql, const struct db_filter *f, struct db_val *params,
		   int *np)
{
	add_clause(sql, "r.label = ", "", f->label, params, np);
	add_clause(sql, "r.host = ", "", f->host, params, np);
	add_clause(sql, "r.fs_type = ", "", f->fs, params, np);
	add_clause(sql, "r.start_time >= ", "", f->since, params, np);
	if (f->until) {
		/* up to and with the day or moment given, whatever follows it */
		params[*np] = db_text(f->until);
		(*np)++;
		sb_printf(sql, " AND substr(r.start_time, 1, %zu) <= $%d", strlen(f->until), *np);
	}
	add_clause(sql, "EXISTS (SELECT 1 FROM samples s2 WHERE s2.run_id = r.id AND "
		   "s2.test = ", ")", f->test, params, np);
	add_clause(sql, "EXISTS (SELECT 1 FROM run_tags t2 WHERE t2.run_id = r.id AND "
		   "t2.tag = ", ")", f->tag, params, np);
}

struct list_ctx {
	db_run_fn fn;
	void *ctx;
};

static int run_row(void *ctx, int ncol, const char *const *v, const size_t *len)
{
	struct list_ctx *c = ctx;
	struct db_run r;
	(void)len;
	if (ncol < 14)
		return -1;
	memset(&r, 0, sizeof(r));
	r.id = strtoll(v[0], NULL, 10);
	r.hash = v[1];
	r.label = v[2] ? v[2] : "";
	r.host = v[3] ? v[3] : "";
	r.fs_type = v[4] ? v[4] : "";
	r.os = v[5] ? v[5] : "";
	r.tool = v[6] ? v[6] : "";
	r.start_time = v[7] ? v[7] : "";
	r.added_at = v[8] ? v[8] : "";
	r.source = v[9] ? v[9] : "";
	r.kind = v[10] ? v[10] : "";
	r.trials = v[11] ? (unsigned)strtoul(v[11], NULL, 10) : 0;
	r.nsamples = v[12] ? strtoull(v[12], NULL, 10) : 0;
	r.tags = v[13] ? v[13] : "";
	return c->fn(c->ctx, &r);
}

static int runs_query(struct db *db, const struct db_filter *f, const char *id,
		      db_run_fn fn, void *ctx, char *err, size_t errlen)
{
	struct sbuf sql = { NULL, 0, 0, 0 };
	struct db_val params[DB_FILTER_PARAMS + 1];
	struct db_filter none = { NULL, NULL, NULL, NULL, NULL, NULL, NULL };
	struct list_ctx c = { fn, ctx };
	int np = 0, rc;

	sb_puts(&sql, "SELECT r.id, r.hash, r.label, r.host, r.fs_type, r.os, r.tool, "
		"r.start_time, r.added_at, r.source, r.kind, r.trials, (SELECT count(*) FROM "
		"samples s WHERE s.run_id = r.id), ");
	sb_puts(&sql, db->ops->dialect->tags_of_run);
	sb_puts(&sql, " FROM runs r WHERE 1 = 1");
	db_filter_sql(&sql, f ? f : &none, params, &np);
	if (id) {
		params[np++] = db_text(id);
		sb_printf(&sql, " AND r.id = $%d", np);
	}
	sb_puts(&sql, " ORDER BY r.id");
	if (sql.failed)
		rc = err_set(err, errlen, "out of memory");
	else
		rc = db_query(db, sql.p, params, np, run_row, &c, err, errlen);
	sb_release(&sql);
	return rc;
}

int db_list(struct db *db, const struct db_filter *f, db_run_fn fn, void *ctx,
	    char *err, size_t errlen)
{
	return runs_query(db, f, NULL, fn, ctx, err, errlen);
}

int db_get_run(struct db *db, int64_t id, db_run_fn fn, void *ctx, char *err, size_t errlen)
{
	char num[32];
	snprintf(num, sizeof(num), "%lld", (long long)id);
	return runs_query(db, NULL, num, fn, ctx, err, errlen);
}

struct find_ctx {
	int64_t id;
	unsigned n;
};

static int find_row(void *ctx, int ncol, const char *const *v, const size_t *len)
{
	struct find_ctx *c = ctx;
	(void)len;
	if (ncol > 0 && v[0]) {
		if (c->n++ == 0)
			c->id = strtoll(v[0], NULL, 10);
	}
	return 0;
}

int db_find_run(struct db *db, const char *spec, int64_t *id, char *err, size_t errlen)
{
	struct find_ctx c = { 0, 0 };
	size_t n = strlen(spec), digits = strspn(spec, "0123456789");
	size_t hex = strspn(spec, "0123456789abcdef");
	struct db_val p = db_text(spec);
	char like[80];
	int rc = 0;

	if (n == 0)
		return err_set(err, errlen, "an empty run name");
	if (digits == n && n < 19)
		rc = db_query(db, "SELECT id FROM runs WHERE id = $1", &p, 1, find_row, &c, err,
			      errlen);
	if (rc == 0 && c.n == 0 && hex == n && n >= 8 && n <= 64) {
		snprintf(like, sizeof(like), "%s%%", spec);
		p = db_text(like);
		rc = db_query(db, "SELECT id FROM runs WHERE hash LIKE $1", &p, 1, find_row, &c,
			      err, errlen);
	}
	if (rc == 0 && c.n == 0) {
		p = db_text(spec);
		rc = db_query(db, "SELECT id FROM runs WHERE label = $1", &p, 1, find_row, &c,
			      err, errlen);
	}
	if (rc)
		return -1;
	if (c.n == 0)
		return err_set(err, errlen, "no run '%s' in database '%s' (give an id, a hash "
			       "prefix or a label: iosweep db list)", spec, db->name);
	if (c.n > 1)
		return err_set(err, errlen, "'%s' names %u runs in database '%s': give the id "
			       "(iosweep db list --label '%s')", spec, c.n, db->name, spec);
	*id = c.id;
	return 0;
}

/* db_run_cells: consecutive rows of one cell, their kB/s gathered. */
struct cells_ctx {
	db_cell_fn fn;
	void *ctx;
	char test[64];
	uint64_t file_kb, record_kb;
	unsigned procs, n;
	double sum;
	int open;
};

static int cells_flush(struct cells_ctx *c)
{
	int rc = 0;
	if (c->open)
		rc = c->fn(c->ctx, c->test, c->file_kb, c->record_kb, c->procs, c->n,
			   c->n ? c->sum / c->n : NAN);
	c->open = 0;
	return rc;
}

static int cell_row(void *ctx, int ncol, const char *const *v, const size_t *len)
{
	struct cells_ctx *c = ctx;
	(void)len;
	if (ncol < 7 || !v[0] || !v[1] || !v[2] || !v[3])
		return -1;
	uint64_t f = strtoull(v[1], NULL, 10), r = strtoull(v[2], NULL, 10);
	unsigned p = (unsigned)strtoul(v[3], NULL, 10);
	if (!c->open || strcmp(c->test, v[0]) != 0 || f != c->file_kb || r != c->record_kb ||
	    p != c->procs) {
		int rc = cells_flush(c);
		if (rc)
			return rc;
		snprintf(c->test, sizeof(c->test), "%s", v[0]);
		c->file_kb = f;
		c->record_kb = r;
		c->procs = p;
		c->n = 0;
		c->sum = 0;
		c->open = 1;
	}
	double k = db_row_kbps(v[4], v[5], v[6]);
	if (isfinite(k)) {
		c->sum += k;
		c->n++;
	}
	return 0;
}

int db_run_cells(struct db *db, int64_t id, db_cell_fn fn, void *ctx, char *err,
		 size_t errlen)
{
	struct cells_ctx c;
	char num[32];
	memset(&c, 0, sizeof(c));
	c.fn = fn;
	c.ctx = ctx;
	snprintf(num, sizeof(num), "%lld", (long long)id);
	struct db_val p = db_text(num);
	int rc = db_query(db, "SELECT test, file_kb, record_kb, procs, bytes, elapsed_ns, "
			  "rate_kbps FROM samples WHERE run_id = $1 AND partial = 0 ORDER BY "
			  "test, file_kb, record_kb, procs, trial", &p, 1, cell_row, &c, err, errlen);
	if (rc == 0)
		rc = cells_flush(&c);
	return rc;
}

int db_tag(struct db *db, int64_t id, const char *tag, char *err, size_t errlen)
{
	char num[32];
	int64_t have;
	int found;
	snprintf(num, sizeof(num), "%lld", (long long)id);
	struct db_val p[2] = { db_text(num), db_text(tag) };
	if (db_begin(db, err, errlen))
		return -1;
	if (db_query_int(db, "SELECT 1 FROM run_tags WHERE run_id = $1 AND tag = $2", p, 2,
			 &have, &found, err, errlen) ||
	    (!found && db_query(db, "INSERT INTO run_tags (run_id, tag) VALUES ($1, $2)", p, 2,
				NULL, NULL, err, errlen))) {
		db_rollback(db);
		return -1;
	}
	return db_commit(db, err, errlen);
}

int db_rm(struct db *db, int64_t id, char *err, size_t errlen)
{
	char num[32];
	snprintf(num, sizeof(num), "%lld", (long long)id);
	struct db_val p = db_text(num);
	/* children first: a database made without foreign keys on has no cascade */
	static const char *const del[] = {
		"DELETE FROM cells WHERE run_id = $1",
		"DELETE FROM samples WHERE run_id = $1",
		"DELETE FROM run_files WHERE run_id = $1",
		"DELETE FROM run_tags WHERE run_id = $1",
		"DELETE FROM runs WHERE id = $1",
	};
	if (db_begin(db, err, errlen))
		return -1;
	for (size_t i = 0; i < sizeof(del) / sizeof(del[0]); i++)
		if (db_query(db, del[i], &p, 1, NULL, NULL, err, errlen)) {
			db_rollback(db);
			return -1;
		}
	return db_commit(db, err, errlen);
}

/* A stored path that stays inside the export folder: no "..", not absolute. */
static int safe_rel(const char *rel)
{
	if (!*rel || rel[0] == '/' || rel[0] == '\\' || strchr(rel, ':'))
		return 0;
	for (const char *p = rel; *p;) {
		size_t n = strcspn(p, "/\\");
		if (n == 0 || (n == 2 && p[0] == '.' && p[1] == '.') || (n == 1 && p[0] == '.'))
			return 0;
		p += n;
		if (*p)
			p++;
	}
	return 1;
}

struct export_ctx {
	const char *dir;
	int overwrite;
	unsigned n;
	char *first;
	size_t firstlen;
	char *err;
	size_t errlen;
	const char *dbname;
};

static int export_row(void *ctx, int ncol, const char *const *v, const size_t *len)
{
	struct export_ctx *c = ctx;
	char path[4096], sub[4096];
	struct outfile f;

	if (ncol < 2 || !v[0] || !v[1])
		return -1;
	if (!safe_rel(v[0]))
		return err_set(c->err, c->errlen, "database '%s': a stored file named '%s' would "
			       "leave the export folder: refused", c->dbname, v[0]);
	snprintf(path, sizeof(path), "%s/%s", c->dir, v[0]);
	const char *slash = strrchr(path, '/');
	snprintf(sub, sizeof(sub), "%.*s", (int)(slash - path), path);
	if (outfile_mkdirs(sub, c->err, c->errlen) ||
	    outfile_open(&f, path, 0, c->overwrite, c->err, c->errlen))
		return -1;
	if (outfile_write(&f, v[1], len[1])) {
		outfile_abort(&f);
		return err_set(c->err, c->errlen, "cannot write '%s'", path);
	}
	if (outfile_commit(&f, c->err, c->errlen))
		return -1;
	if (c->n++ == 0)
		snprintf(c->first, c->firstlen, "%s", path);
	return 0;
}

static int source_row(void *ctx, int ncol, const char *const *v, const size_t *len)
{
	int *is_dir = ctx;
	(void)len;
	*is_dir = ncol > 0 && v[0] && *v[0] && v[0][strlen(v[0]) - 1] == '/';
	return 0;
}

int db_export(struct db *db, int64_t id, const char *dir, int overwrite, char *first,
	      size_t firstlen, char *err, size_t errlen)
{
	char num[32];
	int is_dir = 0;
	struct export_ctx c = { dir, overwrite, 0, first, firstlen, err, errlen, db->name };
	snprintf(num, sizeof(num), "%lld", (long long)id);
	struct db_val p = db_text(num);

	if (db_query(db, "SELECT source FROM runs WHERE id = $1", &p, 1, source_row, &is_dir,
		     err, errlen) ||
	    outfile_mkdirs(dir, err, errlen) ||
	    db_query(db, "SELECT path, content FROM run_files WHERE run_id = $1 ORDER BY path",
		     &p, 1, export_row, &c, err, errlen))
		return -1;
	if (c.n == 0)
		return err_set(err, errlen, "database '%s': run %s has no stored files", db->name,
			       num);
	if (is_dir)
		snprintf(first, firstlen, "%s", dir);
	return 0;
}
