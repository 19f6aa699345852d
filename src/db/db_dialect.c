/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * db_dialect.c: everything SQLite and PostgreSQL spell differently, in
 * one place.  The schema is written with @ID@ (an id the database
 * numbers), @BLOB@ and @REAL@, replaced here; every other statement is
 * the same text on both, with $1, $2 ... for parameters, which both
 * read.  The backends name their dialect in their ops row.
 */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "db/db_priv.h"

const struct db_dialect db_dialect_sqlite = {
	.id_col = "INTEGER PRIMARY KEY",
	.blob_type = "BLOB",
	.real_type = "REAL",
	/* take the write lock at once: two writers queue on the busy
	 * timeout instead of failing when a reader tries to upgrade */
	.begin_write = "BEGIN IMMEDIATE",
	.list_tables = "SELECT name FROM sqlite_master WHERE type = 'table'",
	.lock_schema = NULL,   /* BEGIN IMMEDIATE holds the only write lock */
	.tags_of_run = "(SELECT group_concat(tag, ',') FROM (SELECT tag FROM run_tags t "
		       "WHERE t.run_id = r.id ORDER BY tag))",
};

const struct db_dialect db_dialect_pg = {
	.id_col = "BIGSERIAL PRIMARY KEY",
	.blob_type = "BYTEA",
	.real_type = "DOUBLE PRECISION",
	.begin_write = "BEGIN",
	.list_tables = "SELECT table_name FROM information_schema.tables "
		       "WHERE table_schema = current_schema()",
	/* two first opens of an empty database must not both create it */
	.lock_schema = "SELECT pg_advisory_xact_lock(2929)",
	.tags_of_run = "(SELECT string_agg(tag, ',' ORDER BY tag) FROM run_tags t "
		       "WHERE t.run_id = r.id)",
};

char *db_dialect_sql(const struct db_dialect *d, const char *sql)
{
	static const char *const keys[] = { "@ID@", "@BLOB@", "@REAL@" };
	const char *vals[] = { d->id_col, d->blob_type, d->real_type };
	size_t cap = strlen(sql) * 2 + 64, n = 0;
	char *out = malloc(cap);

	if (!out)
		return NULL;
	for (const char *p = sql; *p;) {
		size_t k, add = 1;
		const char *put = p;
		for (k = 0; k < 3; k++)
			if (strncmp(p, keys[k], strlen(keys[k])) == 0)
				break;
		if (k < 3) {
			put = vals[k];
			add = strlen(put);
		}
		if (n + add + 1 > cap) {
			char *bigger = realloc(out, cap = (n + add + 1) * 2);
			if (!bigger) {
				free(out);
				return NULL;
			}
			out = bigger;
		}
		memcpy(out + n, put, add);
		n += add;
		p += k < 3 ? strlen(keys[k]) : 1;
	}
	out[n] = '\0';
	return out;
}
