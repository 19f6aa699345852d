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
 *
 * libpq is loaded when the first PostgreSQL database is opened, not
 * linked: it brings OpenSSL, GnuTLS, Kerberos and LDAP, about 5 MB that
 * every run would otherwise carry in its memory (the sweep's RSS goal)
 * and start-up.  The build names the library (PG_SONAME, PG_LIBDIR);
 * where it cannot be loaded, opening a postgresql:// target fails with
 * one line saying so.
 */
#include "compat.h"

#include "db/db_priv.h"

#ifdef HAVE_LIBPQ
#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "platform/platform.h"

#ifndef PG_SONAME
#define PG_SONAME "libpq.so.5"
#endif
#ifndef PG_LIBDIR
#define PG_LIBDIR ""
#endif

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

/* The libpq calls this file makes, resolved by pq_load(). */
static struct {
	struct plat_lib *lib;
	PGconn *(*connectdb)(const char *);
	ConnStatusType (*status)(const PGconn *);
	char *(*errorMessage)(const PGconn *);
	PGresult *(*exec)(PGconn *, const char *);
	PGresult *(*prepare)(PGconn *, const char *, const char *, int, const Oid *);
	PGresult *(*execPrepared)(PGconn *, const char *, int, const char *const *,
				  const int *, const int *, int);
	ExecStatusType (*resultStatus)(const PGresult *);
	int (*ntuples)(const PGresult *);
	int (*nfields)(const PGresult *);
	char *(*getvalue)(const PGresult *, int, int);
	int (*getlength)(const PGresult *, int, int);
	int (*getisnull)(const PGresult *, int, int);
	Oid (*ftype)(const PGresult *, int);
	void (*clear)(PGresult *);
	void (*finish)(PGconn *);
} pq;

/*
 * One entry: the field is assigned the function's address inside sizeof,
 * never evaluated, so the compiler checks it against libpq-fe.h's
 * prototype without the program referring to libpq; the address itself
 * comes from the loaded library.
 */
#define PQ_FN(field, fn) do { \
	plat_fn f_ = plat_lib_sym(lib, #fn); \
	(void)sizeof(pq.field = &fn); \
	_Static_assert(sizeof(pq.field) == sizeof(f_), "function pointers differ in size"); \
	if (!f_) \
		missing = #fn; \
	memcpy(&pq.field, &f_, sizeof(f_)); \
} while (0)

/* Load libpq once (PG_LIBDIR's copy first, then the system's search). */
static int pq_load(char *err, size_t errlen)
{
	const char *missing = NULL;
	char path[4096], why[512];
	struct plat_lib *lib;

	if (pq.lib)
		return 0;
	lib = NULL;
	if (PG_LIBDIR[0] && (size_t)snprintf(path, sizeof(path), "%s/%s", PG_LIBDIR,
					     PG_SONAME) < sizeof(path))
		lib = plat_lib_open(path, why, sizeof(why));
	if (!lib && !(lib = plat_lib_open(PG_SONAME, why, sizeof(why))))
		return err_set(err, errlen, "PostgreSQL needs libpq, which is not installed or "
			       "cannot be loaded (%s)", why);
	PQ_FN(connectdb, PQconnectdb);
	PQ_FN(status, PQstatus);
	PQ_FN(errorMessage, PQerrorMessage);
	PQ_FN(exec, PQexec);
	PQ_FN(prepare, PQprepare);
	PQ_FN(execPrepared, PQexecPrepared);
	PQ_FN(resultStatus, PQresultStatus);
	PQ_FN(ntuples, PQntuples);
	PQ_FN(nfields, PQnfields);
	PQ_FN(getvalue, PQgetvalue);
	PQ_FN(getlength, PQgetlength);
	PQ_FN(getisnull, PQgetisnull);
	PQ_FN(ftype, PQftype);
	PQ_FN(clear, PQclear);
	PQ_FN(finish, PQfinish);
	if (missing) {
		plat_lib_close(lib);
		return err_set(err, errlen, "PostgreSQL: the libpq found (%s) has no %s", PG_SONAME,
			       missing);
	}
	pq.lib = lib;
	return 0;
}

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
	struct pg *p;
	if (pq_load(err, errlen) != 0)
		return -1;
	p = calloc(1, sizeof(*p));
	if (!p)
		return err_set(err, errlen, "out of memory");
	db->h = p;
	p->c = pq.connectdb(target);
	if (!p->c)
		return err_set(err, errlen, "out of memory");
	if (pq.status(p->c) != CONNECTION_OK)
		return pg_err(db, pq.errorMessage(p->c), err, errlen);
	PGresult *r = pq.exec(p->c, "SET client_min_messages = warning");
	pq.clear(r);
	r = pq.exec(p->c, "SHOW transaction_read_only");
	if (pq.resultStatus(r) == PGRES_TUPLES_OK && pq.ntuples(r) == 1)
		p->read_only = strcmp(pq.getvalue(r, 0, 0), "on") == 0;
	pq.clear(r);
	return 0;
}

static void pg_close(struct db *db)
{
	struct pg *p = db->h;
	for (unsigned i = 0; i < PG_CACHE; i++)
		free(p->sql[i]);
	if (p->c)
		pq.finish(p->c);
	free(p);
	db->h = NULL;
}

static int pg_exec(struct db *db, const char *sql, char *err, size_t errlen)
{
	struct pg *p = db->h;
	PGresult *r = pq.exec(p->c, sql);
	int ok = pq.resultStatus(r) == PGRES_COMMAND_OK || pq.resultStatus(r) == PGRES_TUPLES_OK;
	if (!ok)
		pg_err(db, pq.errorMessage(p->c), err, errlen);
	pq.clear(r);
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
		pq.clear(pq.exec(p->c, dealloc));
		free(p->sql[i]);
		p->sql[i] = NULL;
	}
	snprintf(p->name[i], sizeof(p->name[i]), "s%d", p->serial++);
	PGresult *r = pq.prepare(p->c, p->name[i], sql, 0, NULL);
	if (pq.resultStatus(r) != PGRES_COMMAND_OK) {
		pg_err(db, pq.errorMessage(p->c), err, errlen);
		pq.clear(r);
		return NULL;
	}
	pq.clear(r);
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
	PGresult *r = pq.execPrepared(p->c, name, np, vals, lens, fmts, 0);
	free(vals);
	free(lens);
	free(fmts);
	ExecStatusType st = pq.resultStatus(r);
	if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) {
		pg_err(db, pq.errorMessage(p->c), err, errlen);
		pq.clear(r);
		return -1;
	}
	int ncol = pq.nfields(r), nrow = pq.ntuples(r);
	if (ncol > 64)
		ncol = 64;
	for (int y = 0; y < nrow && fn && rc == 0; y++) {
		for (int c = 0; c < ncol; c++) {
			row[c] = pq.getisnull(r, y, c) ? NULL : pq.getvalue(r, y, c);
			rlen[c] = row[c] ? (size_t)pq.getlength(r, y, c) : 0;
			if (row[c] && pq.ftype(r, c) == PG_BYTEA_OID && rlen[c] >= 2 &&
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
	pq.clear(r);
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
