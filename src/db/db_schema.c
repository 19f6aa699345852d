/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * db_schema.c: the results library's schema and its migrations.
 *
 * The schema's version is the row ('schema', N) of iosweep_meta.  Each
 * migration takes a database from version i to i + 1 and runs forward
 * only; an empty database is made by running them all, so a new
 * database and an old one brought forward are the same thing.  A
 * migration runs inside one writing transaction that first reads the
 * version again, so two programs opening the same old database at once
 * migrate it once.  docs/database.md shows the schema as a table.
 */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "db/db_priv.h"
#include "lib/err.h"

/* The newest schema this build writes and reads: one migration a version. */
#define DB_SCHEMA 3

static const char *const migrations[DB_SCHEMA] = {
	/* 0 -> 1: runs, their files as added, their samples */
	"CREATE TABLE iosweep_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
	"INSERT INTO iosweep_meta (key, value) VALUES ('schema', '1');"
	"CREATE TABLE runs (id @ID@, hash TEXT NOT NULL UNIQUE, label TEXT,"
	" host TEXT, fs_type TEXT, tool TEXT, start_time TEXT, added_at TEXT NOT NULL,"
	" source TEXT, kind TEXT NOT NULL, trials INTEGER NOT NULL);"
	"CREATE TABLE run_files (run_id BIGINT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,"
	" path TEXT NOT NULL, content @BLOB@ NOT NULL, PRIMARY KEY (run_id, path));"
	"CREATE TABLE samples (run_id BIGINT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,"
	" test TEXT NOT NULL, file_kb BIGINT NOT NULL, record_kb BIGINT NOT NULL,"
	" procs INTEGER NOT NULL, trial INTEGER NOT NULL, bytes BIGINT NOT NULL,"
	" elapsed_ns BIGINT NOT NULL, ops BIGINT NOT NULL, rate_kbps @REAL@,"
	" partial INTEGER NOT NULL);"
	"CREATE INDEX samples_cell ON samples (test, file_kb, record_kb);"
	"CREATE INDEX samples_run ON samples (run_id);",
	/*
	 * 1 -> 2: tags, the operating system of a run, and the cell index
	 * made covering (every column rank reads, in rank's order), so a
	 * rank reads one stretch of the index instead of a page per sample
	 */
	"DROP INDEX samples_cell;"
	"CREATE INDEX samples_cell ON samples (test, file_kb, record_kb, run_id, trial, partial,"
	" bytes, elapsed_ns, rate_kbps);"
	"CREATE TABLE run_tags (run_id BIGINT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,"
	" tag TEXT NOT NULL, PRIMARY KEY (run_id, tag));"
	"CREATE INDEX run_tags_tag ON run_tags (tag);"
	"ALTER TABLE runs ADD COLUMN os TEXT;"
	"UPDATE iosweep_meta SET value = '2' WHERE key = 'schema';",
	/*
	 * 2 -> 3: each run's cells with the mean rate of their full trials
	 * (DB_CELLS_FILL's rule), kept by `db add`, so a rank without a
	 * record size picks each run's best record size from one row a
	 * record size instead of grouping every trial of every run
	 */
	"CREATE TABLE cells (run_id BIGINT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,"
	" test TEXT NOT NULL, file_kb BIGINT NOT NULL, record_kb BIGINT NOT NULL,"
	" mean_kbps @REAL@ NOT NULL, PRIMARY KEY (run_id, test, file_kb, record_kb));"
	"CREATE INDEX cells_best ON cells (test, file_kb, run_id, mean_kbps, record_kb);"
	DB_CELLS_FILL("") ";"
	"UPDATE iosweep_meta SET value = '3' WHERE key = 'schema';",
};

struct tables {
	int ours, others;
};

static int table_row(void *ctx, int ncol, const char *const *val, const size_t *len)
{
	struct tables *t = ctx;
	(void)len;
	if (ncol < 1 || !val[0])
		return 0;
	if (strcmp(val[0], "iosweep_meta") == 0)
		t->ours = 1;
	else if (strncmp(val[0], "sqlite_", 7) != 0)
		t->others++;
	return 0;
}

/*
 * The version: 0 for an empty database, -1 with err set for one that is
 * not ours (or cannot be read at all: not a database, login refused).
 */
static int read_version(struct db *db, int64_t *version, char *err, size_t errlen)
{
	struct tables t = { 0, 0 };
	int found = 0;

	if (db_query(db, db->ops->dialect->list_tables, NULL, 0, table_row, &t, err, errlen))
		return -1;
	if (!t.ours) {
		if (t.others)
			return err_set(err, errlen, "database '%s' holds %d tables of another "
				       "program and no iosweep schema: not an iosweep database",
				       db->name, t.others);
		*version = 0;
		return 0;
	}
	if (db_query_int(db, "SELECT value FROM iosweep_meta WHERE key = 'schema'", NULL, 0,
			 version, &found, err, errlen))
		return -1;
	if (!found || *version < 1)
		return err_set(err, errlen, "database '%s': iosweep_meta has no schema version: "
			       "not an iosweep database", db->name);
	return 0;
}

static int migrate(struct db *db, char *err, size_t errlen)
{
	int64_t v;
	const char *lock = db->ops->dialect->lock_schema;

	if (db_begin(db, err, errlen))
		return -1;
	if ((lock && db_query(db, lock, NULL, 0, NULL, NULL, err, errlen)) ||
	    read_version(db, &v, err, errlen))
		goto fail;
	for (; v < DB_SCHEMA; v++)
		if (db_exec(db, migrations[v], err, errlen))
			goto fail;
	return db_commit(db, err, errlen);
fail:
	db_rollback(db);
	return -1;
}

int db_schema_ready(struct db *db, int for_write, char *err, size_t errlen)
{
	int64_t v;
	(void)for_write;

	if (read_version(db, &v, err, errlen))
		return -1;
	if (v > DB_SCHEMA)
		return err_set(err, errlen, "database '%s' has schema %lld, newer than this "
			       "iosweep's %d: use a newer iosweep (nothing changed)", db->name,
			       (long long)v, DB_SCHEMA);
	if (v == DB_SCHEMA)
		return 0;
	if (db->ops->read_only(db) && v == 0)
		return err_set(err, errlen, "database '%s' is empty and read-only: nothing "
			       "to read", db->name);
	if (db->ops->read_only(db))
		return err_set(err, errlen, "database '%s' has the older schema %lld and is "
			       "read-only: open it once writable to bring it forward",
			       db->name, (long long)v);
	return migrate(db, err, errlen);
}
