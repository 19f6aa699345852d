/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * db_pg.c: the PostgreSQL backend of the results library (db_priv.h's
 * ops), for a lab or a review site sharing one database.  The target is
 * a libpq URL (postgresql://user@host/db, ?host=/socket/dir for a Unix
 * socket).  Statements are prepared on the server once per connection
 * (named s0, s1, ... in a small cache keyed by their text); blobs go as
 * binary parameters and come back as bytea's hex text, decoded here, so
 * callers see the same bytes as from SQLite.  Without libpq at build
 * time (make PG=0) the ops row has no hooks and db_open refuses a
 * postgresql:// target by name.
 */
#include "compat.h"

#include "db/db_priv.h"

#ifdef HAVE_LIBPQ
#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"

#define PG_CACHE 24
#define PG_BYTEA_OID 17

struct pg {
	PGconn *c;
	char *sql[PG_CACHE];
	unsigned next;
	int read_only;
	int serial;        /* numbers statement names, never reused */
	char name[PG_CACHE][16];
	unsigned char *bytes[64];  /* decoded bytea of the current row */
};

/* libpq's message on one line: the first line, its trailing blanks cut. */
static int pg_err(struct db *db, const char *msg, char *err, size_t errlen)
{
	size_t n = strcspn(msg, "\n");
	while (n > 0 && (msg[n - 1] == ' ' || msg[n - 1] == '\r'))
		n--;
	return err_set(err, errlen, "database '%s': %.*s", db->name, (int)n, msg);
}

static int pg_open(struct db *db, const char *target, char *err, size_t errlen)
{
	struct pg *p = calloc(1, sizeof(*p));
	if (!p)
		return err_set(err, errlen, "out of memory");
	db->h = p;
	p->c = PQconnectdb(target);
	if (!p->c)
		return err_set(err, errlen, "out of memory");
	if (PQstatus(p->c) != CONNECTION_OK)
		return pg_err(db, PQerrorMessage(p->c), err, errlen);
	PGresult *r = PQexec(p->c, "SET client_min_messages = warning");
	PQclear(r);
	r = PQexec(p->c, "SHOW transaction_read_only");
	if (PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1)
		p->read_only = strcmp(PQgetvalue(r, 0, 0), "on") == 0;
	PQclear(r);
	return 0;
}

static void pg_close(struct db *db)
{
	struct pg *p = db->h;
	for (unsigned i = 0; i < PG_CACHE; i++)
		free(p->sql[i]);
	PQfinish(p->c);
	free(p);
	db->h = NULL;
}

static int pg_exec(struct db *db, const char *sql, char *err, size_t errlen)
{
	struct pg *p = db->h;
	PGresult *r = PQexec(p->c, sql);
	int ok = PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK;
	if (!ok)
		pg_err(db, PQerrorMessage(p->c), err, errlen);
	PQclear(r);
	return ok ? 0 : -1;
}

/* The cached statement's name for sql, preparing it the first time. */
static const char *pg_prepare(struct db *db, const char *sql, char *err, size_t errlen)
{
	struct pg *p = db->h;
	unsigned i;
	for (i = 0; i < PG_CACHE; i++)
		if (p->sql[i] && strcmp(p->sql[i], sql) == 0)
			return p->name[i];
	for (i = 0; i < PG_CACHE && p->sql[i]; i++)
		;
	if (i == PG_CACHE) {
		i = p->next++ % PG_CACHE;
		char dealloc[48];
		snprintf(dealloc, sizeof(dealloc), "DEALLOCATE %s", p->name[i]);
		PQclear(PQexec(p->c, dealloc));
		free(p->sql[i]);
		p->sql[i] = NULL;
	}
	snprintf(p->name[i], sizeof(p->name[i]), "s%d", p->serial++);
	PGresult *r = PQprepare(p->c, p->name[i], sql, 0, NULL);
	if (PQresultStatus(r) != PGRES_COMMAND_OK) {
		pg_err(db, PQerrorMessage(p->c), err, errlen);
		PQclear(r);
		return NULL;
	}
	PQclear(r);
	if (!(p->sql[i] = strdup(sql))) {
		err_set(err, errlen, "out of memory");
		return NULL;
	}
	return p->name[i];
}

static int hexval(int c)
{
	return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}

static int pg_query(struct db *db, const char *sql, const struct db_val *params, int np,
		    db_row_fn fn, void *ctx, char *err, size_t errlen)
{
	struct pg *p = db->h;
	const char *row[64];
	size_t rlen[64];
	int rc = 0;
	const char *name = pg_prepare(db, sql, err, errlen);
	const char **vals = calloc(np ? (size_t)np : 1, sizeof(*vals));
	int *lens = calloc(np ? (size_t)np : 1, sizeof(*lens));
	int *fmts = calloc(np ? (size_t)np : 1, sizeof(*fmts));

	if (!name || !vals || !lens || !fmts) {
		free(vals);
		free(lens);
		free(fmts);
		return name ? err_set(err, errlen, "out of memory") : -1;
	}
	for (int i = 0; i < np; i++) {
		vals[i] = params[i].p;
		lens[i] = params[i].blob ? (int)params[i].len : 0;
		fmts[i] = params[i].blob ? 1 : 0;
	}
	PGresult *r = PQexecPrepared(p->c, name, np, vals, lens, fmts, 0);
	free(vals);
	free(lens);
	free(fmts);
	ExecStatusType st = PQresultStatus(r);
	if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) {
		pg_err(db, PQerrorMessage(p->c), err, errlen);
		PQclear(r);
		return -1;
	}
	int ncol = PQnfields(r), nrow = PQntuples(r);
	if (ncol > 64)
		ncol = 64;
	for (int y = 0; y < nrow && fn && rc == 0; y++) {
		for (int c = 0; c < ncol; c++) {
			row[c] = PQgetisnull(r, y, c) ? NULL : PQgetvalue(r, y, c);
			rlen[c] = row[c] ? (size_t)PQgetlength(r, y, c) : 0;
			if (row[c] && PQftype(r, c) == PG_BYTEA_OID && rlen[c] >= 2 &&
			    row[c][0] == '\\' && row[c][1] == 'x') {
				size_t n = (rlen[c] - 2) / 2;
				unsigned char *b = malloc(n + 1);
				if (!b) {
					rc = err_set(err, errlen, "out of memory");
					break;
				}
				for (size_t k = 0; k < n; k++)
					b[k] = (unsigned char)(hexval(row[c][2 + 2 * k]) << 4 |
							       hexval(row[c][3 + 2 * k]));
				b[n] = 0;
				free(p->bytes[c]);
				p->bytes[c] = b;
				row[c] = (const char *)b;
				rlen[c] = n;
			}
		}
		if (rc == 0)
			rc = fn(ctx, ncol, row, rlen);
	}
	for (int c = 0; c < 64; c++) {
		free(p->bytes[c]);
		p->bytes[c] = NULL;
	}
	PQclear(r);
	return rc;
}

static int pg_read_only(struct db *db)
{
	struct pg *p = db->h;
	return p->read_only;
}

const struct db_ops db_pg_ops = {
	.name = "PostgreSQL",
	.dialect = &db_dialect_pg,
	.open = pg_open,
	.close = pg_close,
	.exec = pg_exec,
	.query = pg_query,
	.read_only = pg_read_only,
};
#else
const struct db_ops db_pg_ops = {
	.name = "PostgreSQL",
	.build_hint = "install libpq-dev and build with make PG=1",
	.dialect = &db_dialect_pg,
};
#endif
