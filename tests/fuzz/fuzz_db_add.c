/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_db_add.c: libFuzzer target for the folder reader that feeds
 * `iosweep db add` (db_add.c over import_load) into a fresh in-memory
 * SQLite library.  The input is split at its first NUL: the part before
 * becomes meta.csv, the part after the body of results.csv behind our
 * header line (without a NUL, one valid row), and a second NUL starts
 * a file of any name in a sub-folder (sheets/x.csv), which the add must
 * store too.  What the add accepts must be one run whose samples are
 * rows, that a second add finds "already in the database", and whose
 * export equals the folder byte for byte; a refusal must be one line
 * that leaves the library empty.  Build and run: make fuzz (needs
 * SQLite built in: without it the target only checks the refusal).
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "db/db.h"
#include "fuzz_util.h"
#include "iosweep.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char header[] =
	"schema,label,test,file_kb,record_kb,trial,bytes,seconds,kb_per_s,ops,"
	"cpu_user_s,cpu_sys_s,wall_s,partial\n";
static const char one_row[] =
	"1,disk,write,64,4,0,65536,0.000100000,640000.000,16,0.000010,0.000020,0.000200000,0\n";

static char dir[64], sub[96], paths[3][128], out[96], outsub[128];
static const char *const names[3] = { "meta.csv", "results.csv", "sheets/x.csv" };

static void clean_out(void)
{
	char p[160];
	for (int i = 0; i < 3; i++) {
		snprintf(p, sizeof(p), "%s/%s", out, names[i]);
		unlink(p);
	}
	rmdir(outsub);
	rmdir(out);
}

static void remove_dir(void)
{
	for (int i = 0; i < 3; i++)
		unlink(paths[i]);
	rmdir(sub);
	rmdir(dir);
	clean_out();
}

static int put(const char *path, const void *a, size_t alen, const void *b, size_t blen)
{
	FILE *fp = fopen(path, "wb");
	int ok;
	if (!fp)
		return -1;
	ok = (alen == 0 || fwrite(a, 1, alen, fp) == alen) &&
	     (blen == 0 || fwrite(b, 1, blen, fp) == blen);
	return (fclose(fp) == 0 && ok) ? 0 : -1;
}

/* The bytes of path equal a[0..alen) then b[0..blen)? */
static int same(const char *path, const void *a, size_t alen, const void *b, size_t blen)
{
	FILE *fp = fopen(path, "rb");
	char *buf = malloc(alen + blen + 1);
	size_t n = fp && buf ? fread(buf, 1, alen + blen + 1, fp) : (size_t)-1;
	int ok = n == alen + blen && memcmp(buf, a, alen) == 0 &&
		 (blen == 0 || memcmp(buf + alen, b, blen) == 0);
	if (fp)
		fclose(fp);
	free(buf);
	return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, '\0', size);
	size_t meta_len = nul ? (size_t)(nul - data) : size;
	const uint8_t *nul2 = nul ? memchr(nul + 1, '\0', size - meta_len - 1) : NULL;
	size_t res_len = nul ? (nul2 ? (size_t)(nul2 - nul - 1) : size - meta_len - 1) : 0;
	const void *res = nul ? (const void *)(nul + 1) : one_row;
	size_t extra_len = nul2 ? size - (size_t)(nul2 + 1 - data) : 0;
	char err[IOSWEEP_ERR_MAX], first[256];
	int64_t id, id2;
	int already;

	if (!nul)
		res_len = sizeof(one_row) - 1;
	if (!dir[0]) {
		snprintf(dir, sizeof(dir), "%s/iosweep-fuzz-db.XXXXXX",
			 access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp");
		if (!mkdtemp(dir))
			abort();
		snprintf(sub, sizeof(sub), "%s/sheets", dir);
		for (int i = 0; i < 3; i++)
			snprintf(paths[i], sizeof(paths[i]), "%s/%s", dir, names[i]);
		snprintf(out, sizeof(out), "%s.out", dir);
		snprintf(outsub, sizeof(outsub), "%s/sheets", out);
		atexit(remove_dir);
	}
	unlink(paths[2]);
	rmdir(sub);
	if (put(paths[0], data, meta_len, NULL, 0) ||
	    put(paths[1], header, sizeof(header) - 1, res, res_len))
		return 0;
	if (nul2 && (mkdir(sub, 0700) || put(paths[2], nul2 + 1, extra_len, NULL, 0)))
		return 0;

	memset(err, 0, sizeof(err));
	struct db *db = db_open(":memory:", 1, err, sizeof(err));
	if (!db) {
		fuzz_check_message(err, sizeof(err));   /* built without SQLite */
		return 0;
	}
	if (db_add(db, dir, NULL, &id, &already, err, sizeof(err)) != 0) {
		fuzz_check_message(err, sizeof(err));
		db_close(db);
		return 0;
	}
	if (already || db_add(db, dir, NULL, &id2, &already, err, sizeof(err)) != 0 ||
	    !already || id2 != id)
		abort();
	clean_out();
	if (db_export(db, id, out, 0, first, sizeof(first), err, sizeof(err)) != 0)
		abort();
	{
		char p[160];
		snprintf(p, sizeof(p), "%s/meta.csv", out);
		if (!same(p, data, meta_len, NULL, 0))
			abort();
		snprintf(p, sizeof(p), "%s/results.csv", out);
		if (!same(p, header, sizeof(header) - 1, res, res_len))
			abort();
		snprintf(p, sizeof(p), "%s/sheets/x.csv", out);
		if (nul2 ? !same(p, nul2 + 1, extra_len, NULL, 0) : access(p, F_OK) == 0)
			abort();
	}
	clean_out();
	db_close(db);
	return 0;
}
