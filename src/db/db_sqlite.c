/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * db_sqlite.c: the SQLite backend of the results library (db_priv.h's
 * ops).  The file is opened in WAL mode with a busy timeout, so readers
 * never wait and two writers queue instead of failing; foreign keys are
 * on, so removing a run removes its rows.  Statements are prepared once
 * per connection and kept in a small cache keyed by their text.
 * Without libsqlite3 at build time (make SQLITE=0) the ops row has no
 * hooks and db_open refuses an SQLite target by name.
 */
#include "compat.h"

#include "db/db_priv.h"

#ifdef HAVE_SQLITE3
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"

#define SQ_CACHE 24
#define SQ_BUSY_MS 30000

struct sq {
	sqlite3 *h;
	struct {
		char *sql;
		sqlite3_stmt *st;
	} cache[SQ_CACHE];
	unsigned next;     /* the slot to reuse when the cache is full */
};

static int sq_err(struct db *db, sqlite3 *h, char *err, size_t errlen)
{
	return err_set(err, errlen, "database '%s': %s", db->name,
		       h ? sqlite3_errmsg(h) : "out of memory");
}

static int sq_open(struct db *db, const char *target, char *err, size_t errlen)
{
	struct sq *s = calloc(1, sizeof(*s));
	if (!s)
		return err_set(err, errlen, "out of memory");
	db->h = s;
	if (sqlite3_open_v2(target, &s->h, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL)
	    != SQLITE_OK)
		return sq_err(db, s->h, err, errlen);
	sqlite3_busy_timeout(s->h, SQ_BUSY_MS);
	sqlite3_extended_result_codes(s->h, 0);
	if (sqlite3_exec(s->h, "PRAGMA foreign_keys = ON", NULL, NULL, NULL) != SQLITE_OK)
		return sq_err(db, s->h, err, errlen);
	return 0;
}

/*
 * WAL, once the file is known to be ours (switching writes the header,
 * which a file refused must keep); a read-only file is read as it is.
 * synchronous = NORMAL is WAL's usual pairing: a commit is atomic and
 * survives the program's crash; a power cut may lose the last commits,
 * never half of one.
 */
static int sq_ready(struct db *db, char *err, size_t errlen)
{
	struct sq *s = db->h;
	if (!sqlite3_db_readonly(s->h, "main") &&
	    (sqlite3_exec(s->h, "PRAGMA journal_mode = WAL", NULL, NULL, NULL) != SQLITE_OK ||
	     sqlite3_exec(s->h, "PRAGMA synchronous = NORMAL", NULL, NULL, NULL) != SQLITE_OK))
		return sq_err(db, s->h, err, errlen);
	return 0;
}

static void sq_close(struct db *db)
{
	struct sq *s = db->h;
	for (unsigned i = 0; i < SQ_CACHE; i++) {
		sqlite3_finalize(s->cache[i].st);
		free(s->cache[i].sql);
	}
	sqlite3_close(s->h);
	free(s);
	db->h = NULL;
}

static int sq_exec(struct db *db, const char *sql, char *err, size_t errlen)
{
	struct sq *s = db->h;
	if (sqlite3_exec(s->h, sql, NULL, NULL, NULL) != SQLITE_OK)
		return sq_err(db, s->h, err, errlen);
	return 0;
}

/*
 * The shared SQL names its parameters $1, $2, ... as PostgreSQL does.
 * SQLite takes "$1" as a name and finds a name's index by a linear search,
 * so binding a batch of 1,100 parameters by name costs a million string
 * compares; as "?1" the same parameter is numbered, its index is 1, and
 * binding is direct.  Rewritten in place, outside quoted text.
 */
static void number_params(char *sql)
{
	char quote = 0;
	for (char *c = sql; *c; c++) {
		if (quote) {
			if (*c == quote)
				quote = 0;
		} else if (*c == '\'' || *c == '"') {
			quote = *c;
		} else if (*c == '$' && c[1] >= '0' && c[1] <= '9') {
			*c = '?';
		}
	}
}

static sqlite3_stmt *sq_prepare(struct sq *s, const char *sql)
{
	unsigned i;
	for (i = 0; i < SQ_CACHE; i++)
		if (s->cache[i].sql && strcmp(s->cache[i].sql, sql) == 0) {
			sqlite3_reset(s->cache[i].st);
			sqlite3_clear_bindings(s->cache[i].st);
			return s->cache[i].st;
		}
	for (i = 0; i < SQ_CACHE && s->cache[i].sql; i++)
		;
	if (i == SQ_CACHE) {
		i = s->next++ % SQ_CACHE;
		sqlite3_finalize(s->cache[i].st);
		free(s->cache[i].sql);
		s->cache[i].sql = NULL;
		s->cache[i].st = NULL;
	}
	char *copy = strdup(sql), *numbered = strdup(sql);
	if (numbered)
		number_params(numbered);
	if (!copy || !numbered ||
	    sqlite3_prepare_v2(s->h, numbered, -1, &s->cache[i].st, NULL) != SQLITE_OK) {
		free(copy);
		free(numbered);
		s->cache[i].st = NULL;
		return NULL;
	}
	free(numbered);
	s->cache[i].sql = copy;
	return s->cache[i].st;
}

static int sq_query(struct db *db, const char *sql, const struct db_val *params, int np,
		    db_row_fn fn, void *ctx, char *err, size_t errlen)
{
	struct sq *s = db->h;
	sqlite3_stmt *st = sq_prepare(s, sql);
	const char *val[64];
	size_t len[64];
	int rc;

	if (!st)
		return sq_err(db, s->h, err, errlen);
	int nbound = sqlite3_bind_parameter_count(st);
	for (int i = 0; i < np; i++) {
		int k = i + 1;	/* ?k: number_params */
		if (k > nbound)
			continue;   /* a parameter this statement does not use */
		if (!params[i].p)
			rc = sqlite3_bind_null(st, k);
		else if (params[i].blob)
			rc = sqlite3_bind_blob64(st, k, params[i].p, params[i].len, SQLITE_STATIC);
		else
			rc = sqlite3_bind_text(st, k, params[i].p, -1, SQLITE_STATIC);
		if (rc != SQLITE_OK)
			return sq_err(db, s->h, err, errlen);
	}
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int n = sqlite3_column_count(st);
		if (n > 64)
			n = 64;
		for (int c = 0; c < n; c++) {
			if (sqlite3_column_type(st, c) == SQLITE_BLOB)
				val[c] = sqlite3_column_blob(st, c);
			else
				val[c] = (const char *)sqlite3_column_text(st, c);
			len[c] = (size_t)sqlite3_column_bytes(st, c);
			if (sqlite3_column_type(st, c) == SQLITE_BLOB && !val[c])
				val[c] = "";   /* an empty blob is not NULL */
		}
		int stop = fn ? fn(ctx, n, val, len) : 0;
		if (stop) {
			sqlite3_reset(st);
			return stop;
		}
	}
	if (rc != SQLITE_DONE) {
		sq_err(db, s->h, err, errlen);
		sqlite3_reset(st);
		return -1;
	}
	sqlite3_reset(st);
	return 0;
}

static int sq_read_only(struct db *db)
{
	struct sq *s = db->h;
	return sqlite3_db_readonly(s->h, "main") == 1;
}

const struct db_ops db_sqlite_ops = {
	.name = "SQLite",
	.dialect = &db_dialect_sqlite,
	.open = sq_open,
	.close = sq_close,
	.exec = sq_exec,
	.query = sq_query,
	.read_only = sq_read_only,
	.ready = sq_ready,
};
#else
const struct db_ops db_sqlite_ops = {
	.name = "SQLite",
	.build_hint = "install libsqlite3-dev and build with make SQLITE=1",
	.dialect = &db_dialect_sqlite,
};
#endif
