/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * db.c: the results library's front door (see db.h): which database a
 * command means, which backend opens it, and its schema made ready
 * (db_schema.c) before any query runs.
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "db/db_priv.h"
#include "lib/err.h"
#include "lib/outfile.h"

#define DB_FILE_NAME "results.db"

static int is_pg_url(const char *t)
{
	return strncmp(t, "postgresql://", 13) == 0 || strncmp(t, "postgres://", 11) == 0;
}

int db_backend_built(const char *kind)
{
	const struct db_ops *o = strcmp(kind, "postgresql") == 0 ? &db_pg_ops : &db_sqlite_ops;
	return o->open != NULL;
}

int db_target(const char *target, char *out, size_t outlen, char *err, size_t errlen)
{
	const char *env = getenv("IOSWEEP_DB"), *xdg = getenv("XDG_DATA_HOME");
	const char *home = getenv("HOME");
	int n;

	if (target && *target)
		n = snprintf(out, outlen, "%s", target);
	else if (env && *env)
		n = snprintf(out, outlen, "%s", env);
	else if (xdg && *xdg)
		n = snprintf(out, outlen, "%s/iosweep/" DB_FILE_NAME, xdg);
	else if (home && *home)
		n = snprintf(out, outlen, "%s/.local/share/iosweep/" DB_FILE_NAME, home);
	else if ((env = getenv("LOCALAPPDATA")) != NULL && *env)
		n = snprintf(out, outlen, "%s/iosweep/" DB_FILE_NAME, env);
	else
		return err_set(err, errlen, "no database given and no home folder to keep one in: "
			       "use --db PATH or set IOSWEEP_DB");
	if (n < 0 || (size_t)n >= outlen)
		return err_set(err, errlen, "database name too long");
	return 0;
}

/* The URL as messages show it: "user:secret@" becomes "user@". */
static char *public_name(const char *t)
{
	char *s = strdup(t);
	if (!s || !is_pg_url(s))
		return s;
	char *scheme = strstr(s, "://") + 3;
	char *at = strchr(scheme, '@'), *slash = strchr(scheme, '/');
	if (at && (!slash || at < slash)) {
		char *colon = memchr(scheme, ':', (size_t)(at - scheme));
		if (colon)
			memmove(colon, at, strlen(at) + 1);
	}
	return s;
}

/* A new SQLite file's folder (the default one may not exist yet). */
static int make_parent(const char *path, char *err, size_t errlen)
{
	const char *slash = strrchr(path, '/');
	char dir[4096];
	if (!slash || slash == path)
		return 0;
	if ((size_t)(slash - path) >= sizeof(dir))
		return err_set(err, errlen, "database path too long");
	memcpy(dir, path, (size_t)(slash - path));
	dir[slash - path] = '\0';
	return outfile_mkdirs(dir, err, errlen);
}

struct db *db_open(const char *target, int for_write, char *err, size_t errlen)
{
	char t[4096];
	struct db *db;
	const struct db_ops *ops;

	if (db_target(target, t, sizeof(t), err, errlen))
		return NULL;
	ops = is_pg_url(t) ? &db_pg_ops : &db_sqlite_ops;
	if (!ops->open) {
		err_set(err, errlen, "database '%s': this iosweep was built without %s (%s)", t,
			ops->name, ops->build_hint);
		return NULL;
	}
	if (ops == &db_sqlite_ops && for_write && make_parent(t, err, errlen))
		return NULL;
	db = calloc(1, sizeof(*db));
	if (!db || !(db->name = public_name(t))) {
		free(db);
		err_set(err, errlen, "out of memory");
		return NULL;
	}
	db->ops = ops;
	if (ops->open(db, t, err, errlen) || db_schema_ready(db, for_write, err, errlen) ||
	    (ops->ready && ops->ready(db, err, errlen))) {
		db_close(db);
		return NULL;
	}
	if (for_write && ops->read_only(db)) {
		err_set(err, errlen, "database '%s' is read-only: nothing changed", db->name);
		db_close(db);
		return NULL;
	}
	return db;
}

void db_close(struct db *db)
{
	if (!db)
		return;
	if (db->in_tx)
		db_rollback(db);
	if (db->h)
		db->ops->close(db);
	free(db->name);
	free(db);
}

const char *db_name(const struct db *db)
{
	return db->name;
}
