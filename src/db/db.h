/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * db.h: the results library, every run kept in one database (SQLite, a
 * file of one's own, or PostgreSQL, shared by a lab) and ranked from it.
 *
 * A run enters whole or not at all: the files it came from (a result
 * folder's every file, or one IOzone report) are stored as they are,
 * so an export gives them back byte for byte, and its samples are
 * stored beside them, one row per (test, cell, trial), for the queries.
 * A run is known by the SHA-256 of its files: adding it twice adds it
 * once.  The schema and its migrations are db_schema.c's; the queries
 * db_store.c's and db_rank.c's; the two backends db_sqlite.c and db_pg.c.
 *
 * Nothing here prints or exits; errors name the database or the input.
 * Ownership: db_open's connection is the caller's until db_close; rows
 * handed to a callback live until it returns.
 */
#ifndef IOSWEEP_DB_H
#define IOSWEEP_DB_H

#include <stddef.h>
#include <stdint.h>

struct db;

/*
 * The database to use: target when not NULL, else $IOSWEEP_DB, else the
 * default file ($XDG_DATA_HOME/iosweep/results.db, else
 * ~/.local/share/iosweep/results.db).  Into out; 0 or -1.
 */
int db_target(const char *target, char *out, size_t outlen, char *err, size_t errlen);

/*
 * Open (creating a new SQLite file, and the schema in an empty database)
 * and check the schema: an older one is brought forward when for_write,
 * a newer one, another program's database, a file that is not a
 * database, a refused login and (for_write) a read-only database are
 * refused with one line naming it, nothing changed.  NULL on error.
 */
struct db *db_open(const char *target, int for_write, char *err, size_t errlen);
void db_close(struct db *db);
/* The database as messages name it (a path, or the URL without password). */
const char *db_name(const struct db *db);
/* Was this kind of database built in?  kind: "sqlite", "postgresql". */
int db_backend_built(const char *kind);

/*
 * Add one input (a result folder, or a file import_load reads) in one
 * transaction.  label: NULL keeps the run's own.  *run_id the new run's
 * id, or the id of the run with the same files (then *already is 1 and
 * nothing was added).  0 or -1.
 */
int db_add(struct db *db, const char *path, const char *label, int64_t *run_id,
	   int *already, char *err, size_t errlen);

/* The filters of list, show, rank and report (NULL: any). */
struct db_filter {
	const char *label, *host, *fs, *since, *until, *test, *tag;
};

struct db_run {
	int64_t id;
	const char *hash, *label, *host, *fs_type, *os, *tool, *start_time,
		*added_at, *source, *kind, *tags;  /* tags: "a,b", "" */
	unsigned trials;
	uint64_t nsamples;
};
typedef int (*db_run_fn)(void *ctx, const struct db_run *r);

/* Every run matching f, oldest first.  0 or -1 (or fn's non-zero). */
int db_list(struct db *db, const struct db_filter *f, db_run_fn fn, void *ctx,
	    char *err, size_t errlen);
/*
 * A run by id ("12"), hash prefix (8 or more hex digits) or label (when
 * one run has it).  0 or -1 ("no run '...'", "'...' names 3 runs").
 */
int db_find_run(struct db *db, const char *spec, int64_t *id, char *err, size_t errlen);
/* One run's row; 0 or -1. */
int db_get_run(struct db *db, int64_t id, db_run_fn fn, void *ctx, char *err, size_t errlen);
/* The (test, file_kb, record_kb, trials) cells of a run, for `db show`. */
typedef int (*db_cell_fn)(void *ctx, const char *test, uint64_t file_kb, uint64_t record_kb,
			  unsigned procs, unsigned n, double mean_kbps);
int db_run_cells(struct db *db, int64_t id, db_cell_fn fn, void *ctx, char *err,
		 size_t errlen);

int db_tag(struct db *db, int64_t id, const char *tag, char *err, size_t errlen);
/* Remove a run, its files, samples and tags (one transaction). */
int db_rm(struct db *db, int64_t id, char *err, size_t errlen);

/*
 * Write the run's stored files under dir (created), as they were added:
 * a result folder's files, or the one report.  Refuses existing files
 * unless overwrite.  *first gets the path of the input to hand to
 * import (dir for a folder, dir/FILE for one file).  0 or -1.
 */
int db_export(struct db *db, int64_t id, const char *dir, int overwrite, char *first,
	      size_t firstlen, char *err, size_t errlen);

/* db_rank.c: the ranking ("where does my box fall"). */
struct db_rank_query {
	const char *test;         /* "read", "write", ...: a column name */
	uint64_t file_kb;
	uint64_t record_kb;       /* 0: each run's best record size */
	struct db_filter where;
};
struct db_rank_row {
	int64_t id;
	char *label, *host, *fs_type;
	uint64_t record_kb;
	unsigned n;               /* full trials */
	double mean_kbps, ci_low, ci_high;  /* CI: NaN with one trial */
};
/*
 * The runs holding that cell, best mean first (ties by id).  *rows is
 * malloc'd; db_rank_free frees it.  0 or -1.
 */
int db_rank(struct db *db, const struct db_rank_query *q, struct db_rank_row **rows,
	    size_t *n, char *err, size_t errlen);
void db_rank_free(struct db_rank_row *rows, size_t n);

#endif
