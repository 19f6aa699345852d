/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * db_add.c: `db add`'s work (see db.h): read an input with the importer
 * (the one reader of result folders and IOzone reports; an input it
 * refuses is refused here with its message), gather the files it came
 * from, hash them, and store the run, its files and its samples in one
 * transaction.  The hash covers every file's path and bytes, so the same
 * folder added twice, or by two programs at once, is stored once.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "db/db.h"
#include "db/db_priv.h"
#include "import/import.h"
#include "iosweep.h"
#include "lib/err.h"
#include "lib/readfile.h"
#include "lib/sha256.h"
#include "lib/strbuf.h"
#include "platform/platform.h"
#include "model/results.h"
#include "run/throughput/throughput.h"

#define ADD_MAX_FILES 4096
#define ADD_MAX_BYTES ((size_t)1 << 30)   /* one file of a run */
#define ADD_MAX_DEPTH 8

struct add_file {
	char *rel;      /* path inside the folder ("sheets/read.csv"), or the file's name */
	char *buf;
	size_t len;
};

struct add_files {
	struct add_file *v;
	size_t n, cap;
};

static void files_release(struct add_files *fs)
{
	for (size_t i = 0; i < fs->n; i++) {
		free(fs->v[i].rel);
		free(fs->v[i].buf);
	}
	free(fs->v);
}

static int files_push(struct add_files *fs, const char *full, const char *rel, char *err,
		      size_t errlen)
{
	if (fs->n == ADD_MAX_FILES)
		return err_set(err, errlen, "'%s': more than %d files in one result folder", full,
			       ADD_MAX_FILES);
	if (fs->n == fs->cap) {
		size_t cap = fs->cap ? fs->cap * 2 : 16;
		struct add_file *v = realloc(fs->v, cap * sizeof(*v));
		if (!v)
			return err_set(err, errlen, "out of memory");
		fs->v = v;
		fs->cap = cap;
	}
	struct add_file *f = &fs->v[fs->n];
	if (!(f->rel = strdup(rel)))
		return err_set(err, errlen, "out of memory");
	if (readfile_all(full, ADD_MAX_BYTES, "a result file", &f->buf, &f->len, err, errlen)) {
		free(f->rel);
		return -1;
	}
	fs->n++;
	return 0;
}

/* Every regular file under dir/rel, depth first. */
static int walk(struct add_files *fs, const char *dir, const char *rel, int depth, char *err,
		size_t errlen)
{
	char here[4096], full[4096], sub[4096];
	const char *name;
	int rc = 0, r;

	snprintf(here, sizeof(here), "%s%s%s", dir, *rel ? "/" : "", rel);
	struct plat_dir *d = plat_dir_open(here);
	if (!d)
		return err_set(err, errlen, "cannot read folder '%s'", here);
	while (rc == 0 && (r = plat_dir_read(d, &name)) == 1) {
		if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
			continue;
		if (snprintf(full, sizeof(full), "%s/%s", here, name) >= (int)sizeof(full) ||
		    snprintf(sub, sizeof(sub), "%s%s%s", rel, *rel ? "/" : "", name) >=
		    (int)sizeof(sub)) {
			rc = err_set(err, errlen, "'%s/%s': path too long", here, name);
			break;
		}
		enum plat_kind k = plat_stat(full, 0, NULL);
		if (k == PLAT_FILE)
			rc = files_push(fs, full, sub, err, errlen);
		else if (k == PLAT_DIR && depth < ADD_MAX_DEPTH)
			rc = walk(fs, dir, sub, depth + 1, err, errlen);
	}
	if (rc == 0 && r < 0)
		rc = err_set(err, errlen, "cannot read folder '%s'", here);
	plat_dir_close(d);
	return rc;
}

static int by_rel(const void *a, const void *b)
{
	return strcmp(((const struct add_file *)a)->rel, ((const struct add_file *)b)->rel);
}

static void hash_files(const struct add_files *fs, char hex[65])
{
	struct sha256 c;
	sha256_init(&c);
	for (size_t i = 0; i < fs->n; i++) {
		unsigned char n8[8];
		for (int k = 0; k < 8; k++)
			n8[k] = (unsigned char)((uint64_t)fs->v[i].len >> (56 - 8 * k));
		sha256_update(&c, fs->v[i].rel, strlen(fs->v[i].rel) + 1);
		sha256_update(&c, n8, sizeof(n8));
		sha256_update(&c, fs->v[i].buf, fs->v[i].len);
	}
	sha256_final_hex(&c, hex);
}

static const char *run_kind(const struct result_set *rs)
{
	if (rs->ntp)
		return "throughput";
	if (rs->nclients)
		return "clients";
	if (rs->meta.flags & RESULTS_F_IMPORTED)
		return "iozone";
	return "sweep";
}

/*
 * Samples go in BATCH rows per INSERT (one round trip to a server for
 * each batch, not each row); the statement for a full batch is built
 * once and prepared once per connection, the last partial batch gets
 * its own.  The numbers go as text, which both backends read.
 */
#define BATCH 100
#define SAMPLE_COLS 11

struct batch {
	struct db *db;
	const char *id;
	char num[BATCH][9][32];
	const char *test[BATCH];
	int null_rate[BATCH];
	size_t n;
	char *sql_full;     /* the statement for BATCH rows */
	struct db_val p[BATCH * SAMPLE_COLS];
};

static char *batch_sql(size_t rows)
{
	struct sbuf b = { NULL, 0, 0, 0 };
	sb_puts(&b, "INSERT INTO samples (run_id, test, file_kb, record_kb, procs, trial, bytes, "
		"elapsed_ns, ops, rate_kbps, partial) VALUES ");
	for (size_t r = 0; r < rows; r++) {
		sb_puts(&b, r ? ", (" : "(");
		for (int c = 0; c < SAMPLE_COLS; c++)
			sb_printf(&b, "%s$%zu", c ? ", " : "", r * SAMPLE_COLS + c + 1);
		sb_puts(&b, ")");
	}
	if (b.failed) {
		sb_release(&b);
		return NULL;
	}
	return b.p;
}

static int batch_flush(struct batch *bt, char *err, size_t errlen)
{
	char *sql;
	int rc;
	if (bt->n == 0)
		return 0;
	for (size_t r = 0; r < bt->n; r++) {
		struct db_val *p = &bt->p[r * SAMPLE_COLS];
		p[0] = db_text(bt->id);
		p[1] = db_text(bt->test[r]);
		for (int i = 0; i < 9; i++)
			p[2 + i] = db_text(bt->num[r][i]);
		if (bt->null_rate[r])
			p[9] = db_text(NULL);
	}
	if (bt->n == BATCH) {
		if (!bt->sql_full && !(bt->sql_full = batch_sql(BATCH)))
			return err_set(err, errlen, "out of memory");
		sql = bt->sql_full;
	} else if (!(sql = batch_sql(bt->n))) {
		return err_set(err, errlen, "out of memory");
	}
	rc = db_query(bt->db, sql, bt->p, (int)(bt->n * SAMPLE_COLS), NULL, NULL, err, errlen);
	if (sql != bt->sql_full)
		free(sql);
	bt->n = 0;
	return rc;
}

/* One sample row into the batch, sent when it is full. */
static int put_sample(struct batch *bt, const char *test, uint64_t file_kb,
		      uint64_t record_kb, unsigned procs, unsigned trial, uint64_t bytes,
		      uint64_t elapsed_ns, uint64_t ops, double rate_kbps, int partial,
		      char *err, size_t errlen)
{
	char (*num)[32] = bt->num[bt->n];
	snprintf(num[0], 32, "%llu", (unsigned long long)file_kb);
	snprintf(num[1], 32, "%llu", (unsigned long long)record_kb);
	snprintf(num[2], 32, "%u", procs);
	snprintf(num[3], 32, "%u", trial);
	snprintf(num[4], 32, "%llu", (unsigned long long)bytes);
	snprintf(num[5], 32, "%llu", (unsigned long long)elapsed_ns);
	snprintf(num[6], 32, "%llu", (unsigned long long)ops);
	snprintf(num[7], 32, "%.17g", rate_kbps);
	snprintf(num[8], 32, "%d", partial);
	bt->test[bt->n] = test;
	bt->null_rate[bt->n] = !isfinite(rate_kbps);
	if (++bt->n == BATCH)
		return batch_flush(bt, err, errlen);
	return 0;
}

static int put_samples(struct db *db, const char *id, const struct result_set *rs,
		       char *err, size_t errlen)
{
	unsigned procs = rs->nclients ? rs->nclients : 1;
	struct batch *bt = calloc(1, sizeof(*bt));
	int rc = -1;
	if (!bt)
		return err_set(err, errlen, "out of memory");
	bt->db = db;
	bt->id = id;
	for (size_t i = 0; i < rs->nsamples; i++) {
		const struct result_sample *s = &rs->samples[i];
		const struct result_cell *c = &rs->cells[s->cell];
		double rate = s->flags & RESULTS_SF_RATE_ONLY ?
			      results_sample_value(rs, s, RESULTS_UNIT_KBPS) : NAN;
		if (c->placeholder)
			continue;
		if (put_sample(bt, results_col_name(s->col), c->file_kb, c->record_kb, procs,
			       s->trial, s->bytes, s->elapsed_ns, s->ops, rate,
			       (s->flags & RESULTS_SF_PARTIAL) != 0, err, errlen))
			goto out;
	}
	for (size_t i = 0; i < rs->ntp; i++) {
		const struct result_tp *t = &rs->tp[i];
		const struct tp_test_def *def = throughput_test_def(t->kind);
		if (put_sample(bt, def ? def->name : "throughput", t->file_kb, t->record_kb,
			       t->procs, t->trial, 0, 0, 0, t->children, 0, err, errlen))
			goto out;
	}
	rc = batch_flush(bt, err, errlen);
out:
	free(bt->sql_full);
	free(bt);
	return rc;
}

static int put_run(struct db *db, const struct result_set *rs, const char *hash,
		   const char *source, const struct add_files *fs, int64_t *run_id,
		   char *err, size_t errlen)
{
	char now[32], trials[16], id[32];
	time_t t = time(NULL);
	struct tm *tm = gmtime(&t);
	const struct result_meta *m = &rs->meta;

	if (!tm || !strftime(now, sizeof(now), "%Y-%m-%dT%H:%M:%SZ", tm))
		snprintf(now, sizeof(now), "unknown");
	snprintf(trials, sizeof(trials), "%u", rs->trials);
	struct db_val p[12] = {
		db_text(hash), db_text(m->label), db_text(m->host), db_text(m->fs_type),
		db_text(m->tool), db_text(m->start_time), db_text(now), db_text(source),
		db_text(run_kind(rs)), db_text(trials), db_text(m->os),
	};
	if (db_query_int(db, "INSERT INTO runs (hash, label, host, fs_type, tool, start_time, "
			 "added_at, source, kind, trials, os) VALUES ($1, $2, $3, $4, $5, $6, "
			 "$7, $8, $9, $10, $11) RETURNING id", p, 11, run_id, NULL, err, errlen))
		return -1;
	snprintf(id, sizeof(id), "%lld", (long long)*run_id);
	for (size_t i = 0; i < fs->n; i++) {
		struct db_val f[3] = { db_text(id), db_text(fs->v[i].rel),
				       { fs->v[i].buf, fs->v[i].len, 1 } };
		if (db_query(db, "INSERT INTO run_files (run_id, path, content) VALUES ($1, $2, $3)",
			     f, 3, NULL, NULL, err, errlen))
			return -1;
	}
	if (put_samples(db, id, rs, err, errlen))
		return -1;
	struct db_val r = db_text(id);
	return db_query(db, DB_CELLS_FILL(" AND run_id = $1"), &r, 1, NULL, NULL, err,
			errlen);
}

static int find_hash(struct db *db, const char *hash, int64_t *id, int *found, char *err,
		     size_t errlen)
{
	struct db_val p = db_text(hash);
	return db_query_int(db, "SELECT id FROM runs WHERE hash = $1", &p, 1, id, found, err,
			    errlen);
}

int db_add(struct db *db, const char *path, const char *label, int64_t *run_id,
	   int *already, char *err, size_t errlen)
{
	struct result_set rs;
	struct add_files fs = { NULL, 0, 0 };
	char hash[65], source[4096], tx_err[IOSWEEP_ERR_MAX];
	int rc = -1, found = 0;
	enum plat_kind kind = plat_stat(path, 1, NULL);

	*already = 0;
	results_init(&rs);
	if (import_load(&rs, path, 0, err, errlen))
		goto out;
	if (label && results_set_str(&rs.meta.label, label)) {
		err_set(err, errlen, "out of memory");
		goto out;
	}
	if (kind == PLAT_DIR) {
		if (walk(&fs, path, "", 0, err, errlen))
			goto out;
		snprintf(source, sizeof(source), "%s%s", path,
			 path[strlen(path) - 1] == '/' ? "" : "/");
	} else {
		const char *base = strrchr(path, '/');
		if (files_push(&fs, path, base ? base + 1 : path, err, errlen))
			goto out;
		snprintf(source, sizeof(source), "%s", path);
	}
	qsort(fs.v, fs.n, sizeof(fs.v[0]), by_rel);
	hash_files(&fs, hash);
	if (find_hash(db, hash, run_id, &found, err, errlen))
		goto out;
	if (found) {
		*already = 1;
		rc = 0;
		goto out;
	}
	if (db_begin(db, err, errlen))
		goto out;
	if (put_run(db, &rs, hash, source, &fs, run_id, err, errlen) == 0) {
		rc = db_commit(db, err, errlen);
		goto out;
	}
	db_rollback(db);
	/* another writer may have added the same files meanwhile */
	if (find_hash(db, hash, run_id, &found, tx_err, sizeof(tx_err)) == 0 && found) {
		*already = 1;
		rc = 0;
	}
out:
	files_release(&fs);
	results_release(&rs);
	return rc;
}
