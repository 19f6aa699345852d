/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_outfile.c: atomic output files, refusal to clobber, gzip, mkdirs. */
#include "compat.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

#include "cu.h"
#include "lib/outfile.h"

static char dir[256];

static void make_dir(void)
{
	snprintf(dir, sizeof(dir), "/tmp/iosweep-outfile-XXXXXX");
	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
}

static size_t count_entries(const char *d)
{
	size_t n = 0;
	DIR *dp = opendir(d);
	struct dirent *e;
	if (!dp)
		return 0;
	while ((e = readdir(dp)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(dp);
	return n;
}

static void remove_tree(void)
{
	char cmd[400];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	CU_ASSERT_EQUAL(system(cmd), 0);
}

static void test_commit_and_refuse(void)
{
	char err[512], path[512], buf[64] = "";
	struct outfile f;
	make_dir();
	snprintf(path, sizeof(path), "%s/a.txt", dir);
	CU_ASSERT_EQUAL_FATAL(outfile_open(&f, path, 0, 0, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(outfile_printf(&f, "%s=%d\n", "x", 42), 0);
	/* not visible under its name before commit */
	struct stat st;
	CU_ASSERT_NOT_EQUAL(stat(path, &st), 0);
	CU_ASSERT_EQUAL(outfile_commit(&f, err, sizeof(err)), 0);
	FILE *fp = fopen(path, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	CU_ASSERT_PTR_NOT_NULL(fgets(buf, sizeof(buf), fp));
	fclose(fp);
	CU_ASSERT_STRING_EQUAL(buf, "x=42\n");

	/* an existing file is refused, and left as it was */
	CU_ASSERT_EQUAL(outfile_open(&f, path, 0, 0, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "exists already"));
	CU_ASSERT_EQUAL(count_entries(dir), 1);

	/* abort leaves nothing behind */
	CU_ASSERT_EQUAL_FATAL(outfile_open(&f, path, 0, 1, err, sizeof(err)), 0);
	outfile_printf(&f, "other\n");
	outfile_abort(&f);
	CU_ASSERT_EQUAL(count_entries(dir), 1);
	fp = fopen(path, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	CU_ASSERT_PTR_NOT_NULL(fgets(buf, sizeof(buf), fp));
	fclose(fp);
	CU_ASSERT_STRING_EQUAL(buf, "x=42\n");
	remove_tree();
}

static void test_gzip(void)
{
	char err[512], path[512], buf[128] = "";
	struct outfile f;
	make_dir();
	snprintf(path, sizeof(path), "%s/a.csv.gz", dir);
	CU_ASSERT_EQUAL_FATAL(outfile_open(&f, path, 1, 0, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(outfile_printf(&f, "a,b\n1,2\n"), 0);
	CU_ASSERT_EQUAL(outfile_commit(&f, err, sizeof(err)), 0);
	gzFile gz = gzopen(path, "rb");
	CU_ASSERT_PTR_NOT_NULL_FATAL(gz);
	int n = gzread(gz, buf, sizeof(buf) - 1);
	gzclose(gz);
	CU_ASSERT_EQUAL(n, 8);
	CU_ASSERT_STRING_EQUAL(buf, "a,b\n1,2\n");
	remove_tree();
}

static void test_mkdirs_and_errors(void)
{
	char err[512], path[512];
	struct outfile f;
	make_dir();
	snprintf(path, sizeof(path), "%s/x/y/z", dir);
	CU_ASSERT_EQUAL(outfile_mkdirs(path, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(outfile_mkdirs(path, err, sizeof(err)), 0);
	snprintf(path, sizeof(path), "%s/nodir/a.txt", dir);
	CU_ASSERT_EQUAL(outfile_open(&f, path, 0, 0, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "cannot create"));
	/* a file where a folder is wanted */
	snprintf(path, sizeof(path), "%s/file", dir);
	CU_ASSERT_EQUAL_FATAL(outfile_open(&f, path, 0, 0, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(outfile_commit(&f, err, sizeof(err)), 0);
	snprintf(path, sizeof(path), "%s/file/sub", dir);
	CU_ASSERT_EQUAL(outfile_mkdirs(path, err, sizeof(err)), -1);
	remove_tree();
}

/* claim_dir: base, then base-2, base-3 ...; parents made; errors said */
static void test_claim_dir(void)
{
	char err[512], base[512], got[512], want[600];
	make_dir();
	snprintf(base, sizeof(base), "%s/results/run", dir);
	for (int i = 1; i <= 4; i++) {
		CU_ASSERT_EQUAL_FATAL(outfile_claim_dir(base, got, sizeof(got), err, sizeof(err)), 0);
		if (i == 1)
			snprintf(want, sizeof(want), "%s", base);
		else
			snprintf(want, sizeof(want), "%s-%d", base, i);
		CU_ASSERT_STRING_EQUAL(got, want);
	}
	snprintf(want, sizeof(want), "%s/results", dir);
	CU_ASSERT_EQUAL(count_entries(want), 4);
	/* too small a buffer for the name: an error, not a cut name */
	CU_ASSERT_EQUAL(outfile_claim_dir(base, got, 8, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "name too long"));
	/* a file in the way of the parent */
	snprintf(base, sizeof(base), "%s/results/run/x", dir);
	CU_ASSERT_EQUAL(outfile_claim_dir(base, got, sizeof(got), err, sizeof(err)), 0);
	snprintf(base, sizeof(base), "%s/file", dir);
	FILE *fp = fopen(base, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	fclose(fp);
	snprintf(base, sizeof(base), "%s/file/run", dir);
	CU_ASSERT_EQUAL(outfile_claim_dir(base, got, sizeof(got), err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "cannot create"));
	remove_tree();
}

static const struct cu_case cases[] = {
	CU_CASE(test_claim_dir),
	CU_CASE(test_commit_and_refuse),
	CU_CASE(test_gzip),
	CU_CASE(test_mkdirs_and_errors),
	{ 0 }
};
CU_MAIN("outfile", cases)
