/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * db_priv.h: what the results library's files share inside src/db/ and
 * nowhere else: the connection, the backends' ops table and the dialect.
 *
 * Every query is written once, in SQL both SQLite and PostgreSQL read,
 * with $1, $2 ... for parameters; each backend prepares a statement the
 * first time it meets its text and reuses it after (a small cache per
 * connection).  What the two dialects spell differently (the id column,
 * the blob type, how a writing transaction begins) is db_dialect.c's.
 */
#ifndef IOSWEEP_DB_PRIV_H
#define IOSWEEP_DB_PRIV_H

#include <stddef.h>
#include <stdint.h>

/* A parameter: text (blob 0, len ignored: NUL-terminated) or bytes. */
struct db_val {
	const char *p;      /* NULL: SQL NULL */
	size_t len;
	int blob;
};

/*
 * A row of a result: ncol values as text (NULL for SQL NULL; a blob
 * column as its bytes), len[i] their lengths.  Return 0 to go on, else
 * the query stops and returns that value.
 */
typedef int (*db_row_fn)(void *ctx, int ncol, const char *const *val, const size_t *len);

struct db;
struct db_filter;

struct db_dialect {
	const char *id_col;       /* "INTEGER PRIMARY KEY" */
	const char *blob_type;    /* "BLOB" */
	const char *real_type;    /* "REAL" */
	const char *begin_write;  /* "BEGIN IMMEDIATE" */
	const char *list_tables;  /* a query: the names of the tables */
	const char *lock_schema;  /* a query run first in a migration, or NULL */
	const char *tags_of_run;  /* an expression: run r's tags, "a,b" */
};

extern const struct db_dialect db_dialect_sqlite, db_dialect_pg;

/*
 * A sample's rate in kB/s, as db_row_kbps() takes it: the rate an import
 * gave, else bytes over time; NULL for neither.
 */
#define DB_RATE_SQL "CASE WHEN rate_kbps IS NOT NULL THEN rate_kbps " \
	"WHEN elapsed_ns > 0 THEN bytes / 1024.0 / (elapsed_ns / 1e9) END"
/*
 * Schema 3's cells: per run, test, file and record size, the mean rate
 * of the full trials (a cell without one is left out).  cond is "" or
 * more of the WHERE clause, starting with " AND ".  The migration fills
 * the table whole; `db add` fills each run's rows.
 */
#define DB_CELLS_FILL(cond) \
	"INSERT INTO cells (run_id, test, file_kb, record_kb, mean_kbps)" \
	" SELECT run_id, test, file_kb, record_kb, AVG(" DB_RATE_SQL ") FROM samples" \
	" WHERE partial = 0" cond " GROUP BY run_id, test, file_kb, record_kb" \
	" HAVING AVG(" DB_RATE_SQL ") IS NOT NULL"

/*
 * A backend.  An empty open means "not built in": db_open refuses the
 * target by name.  Errors go into err naming the database.
 */
struct db_ops {
	const char *name;           /* "SQLite", "PostgreSQL" */
	const char *build_hint;     /* how to build it in, when open is NULL */
	const struct db_dialect *dialect;
	int (*open)(struct db *db, const char *target, char *err, size_t errlen);
	void (*close)(struct db *db);
	/* One or more statements without parameters or rows (DDL, BEGIN). */
	int (*exec)(struct db *db, const char *sql, char *err, size_t errlen);
	/* One statement with parameters; fn (may be NULL) sees each row. */
	int (*query)(struct db *db, const char *sql, const struct db_val *params, int np,
		     db_row_fn fn, void *ctx, char *err, size_t errlen);
	/* 1 when the database can only be read (a read-only file) */
	int (*read_only)(struct db *db);
	/* After the schema is known good (nothing is written before): may be NULL. */
	int (*ready)(struct db *db, char *err, size_t errlen);
};

struct db {
	const struct db_ops *ops;
	char *name;          /* the path, or the URL without its password */
	void *h;             /* the backend's handle */
	int in_tx;
};

extern const struct db_ops db_sqlite_ops;
extern const struct db_ops db_pg_ops;

/* db_query.c: parameter and row helpers for the query files. */
int db_exec(struct db *db, const char *sql, char *err, size_t errlen);
int db_query(struct db *db, const char *sql, const struct db_val *params, int np,
	     db_row_fn fn, void *ctx, char *err, size_t errlen);
int db_begin(struct db *db, char *err, size_t errlen);
int db_commit(struct db *db, char *err, size_t errlen);
void db_rollback(struct db *db);
/* The first column of the first row as a signed integer; *found 0 without a row. */
int db_query_int(struct db *db, const char *sql, const struct db_val *params, int np,
		 int64_t *out, int *found, char *err, size_t errlen);
struct db_val db_text(const char *s);

/* db_dialect.c: sql with @ID@ @BLOB@ @REAL@ replaced; malloc'd, NULL on ENOMEM. */
char *db_dialect_sql(const struct db_dialect *d, const char *sql);

/*
 * db_runs.c: " AND ..." for the filter f on runs aliased r, with its
 * values appended to params from *np on (at most DB_FILTER_PARAMS).
 */
#define DB_FILTER_PARAMS 8
struct sbuf;
void db_filter_sql(struct sbuf *sql, const struct db_filter *f, struct db_val *params,
		   int *np);
/* kB/s of a sample row: rate_kbps when set, else bytes over elapsed_ns. */
double db_row_kbps(const char *bytes, const char *elapsed_ns, const char *rate_kbps);

/* db_schema.c: create the schema or bring it forward; see there. */
int db_schema_ready(struct db *db, int for_write, char *err, size_t errlen);

#endif
