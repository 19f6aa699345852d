/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * db_query.c: the small helpers every query file of the results library
 * uses on top of the backends' ops (db_priv.h): a statement run with its
 * dialect's spellings, a query with parameters, a writing transaction
 * begun, committed or rolled back, one integer read, a text parameter.
 * The schema's migrations (db_schema.c) and the query files (db_add.c,
 * db_runs.c, db_rank.c) stand on them; they stand on the backends alone.
 */
#include "compat.h"

#include <stdlib.h>

#include "db/db_priv.h"
#include "iosweep.h"
#include "lib/err.h"

int db_exec(struct db *db, const char *sql, char *err, size_t errlen)
{
	char *s = db_dialect_sql(db->ops->dialect, sql);
	if (!s)
		return err_set(err, errlen, "out of memory");
	int rc = db->ops->exec(db, s, err, errlen);
	free(s);
	return rc;
}

int db_query(struct db *db, const char *sql, const struct db_val *params, int np,
	     db_row_fn fn, void *ctx, char *err, size_t errlen)
{
	return db->ops->query(db, sql, params, np, fn, ctx, err, errlen);
}

int db_begin(struct db *db, char *err, size_t errlen)
{
	if (db->ops->exec(db, db->ops->dialect->begin_write, err, errlen))
		return -1;
	db->in_tx = 1;
	return 0;
}

int db_commit(struct db *db, char *err, size_t errlen)
{
	if (db->ops->exec(db, "COMMIT", err, errlen)) {
		db_rollback(db);
		return -1;
	}
	db->in_tx = 0;
	return 0;
}

void db_rollback(struct db *db)
{
	char ignored[IOSWEEP_ERR_MAX];
	db->ops->exec(db, "ROLLBACK", ignored, sizeof(ignored));
	db->in_tx = 0;
}

struct int_ctx {
	int64_t v;
	int found;
};

static int int_row(void *ctx, int ncol, const char *const *val, const size_t *len)
{
	struct int_ctx *c = ctx;
	(void)len;
	if (!c->found && ncol > 0 && val[0]) {
		c->v = strtoll(val[0], NULL, 10);
		c->found = 1;
	}
	return 0;
}

int db_query_int(struct db *db, const char *sql, const struct db_val *params, int np,
		 int64_t *out, int *found, char *err, size_t errlen)
{
	struct int_ctx c = { 0, 0 };
	if (db_query(db, sql, params, np, int_row, &c, err, errlen))
		return -1;
	*out = c.v;
	if (found)
		*found = c.found;
	return 0;
}

struct db_val db_text(const char *s)
{
	struct db_val v = { s, 0, 0 };
	return v;
}
