/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_fileop.c: run/files/fileop.c: the figures of one operation and of
 * several trials merged (fileop's arithmetic, with its NaN and infinity
 * where it divides by zero), real passes in a temporary directory (the
 * counts of every operation at force 2, the tree gone after, kept with
 * leave and then removed), the data each size writes (fileop's byte,
 * or no 512-byte block twice), and a pass that fails halfway removing
 * only what it made.
 */
#include "compat.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu.h"
#include "testutil.h"
#include "iosweep.h"
#include "platform/platform.h"
#include "run/files/fileop.h"

/* ---- figures ---- */

static void test_stat(void)
{
	struct fileop_stat s;

	fileop_stat_clear(&s);
	fileop_stat_add(&s, 2000);      /* 2 us */
	fileop_stat_add(&s, 1000);      /* 1 us */
	fileop_stat_add(&s, 5000);      /* 5 us */
	CU_ASSERT_EQUAL(s.count, 3);
	CU_ASSERT_EQUAL(s.total_ns, 8000);
	CU_ASSERT_EQUAL(s.best_ns, 1000);
	CU_ASSERT_EQUAL(s.worst_ns, 5000);
	CU_ASSERT_DOUBLE_EQUAL(fileop_stat_avg_per_s(&s), 3 / 8e-6, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(fileop_stat_best_per_s(&s), 1e6, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(fileop_stat_worst_per_s(&s), 2e5, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(fileop_stat_total_s(&s), 8e-6, 1e-15);
	CU_ASSERT_DOUBLE_EQUAL(fileop_stat_mean_s(&s), 8e-6 / 3, 1e-15);
	CU_ASSERT_DOUBLE_EQUAL(fileop_stat_best_s(&s), 1e-6, 1e-15);
	CU_ASSERT_DOUBLE_EQUAL(fileop_stat_worst_s(&s), 5e-6, 1e-15);
}

/* Trials merged: A is all calls over all time, B and W the extreme calls. */
static void test_trials(void)
{
	struct fileop_stat t1, t2, all;

	fileop_stat_clear(&t1);
	fileop_stat_clear(&t2);
	fileop_stat_clear(&all);
	fileop_stat_add(&t1, 1000);
	fileop_stat_add(&t1, 3000);
	fileop_stat_add(&t2, 500);
	fileop_stat_add(&t2, 9500);
	fileop_stat_add(&t2, 2000);
	fileop_stat_merge(&all, &t1);
	fileop_stat_merge(&all, &t2);
	CU_ASSERT_EQUAL(all.count, 5);
	CU_ASSERT_EQUAL(all.total_ns, 16000);
	CU_ASSERT_DOUBLE_EQUAL(fileop_stat_avg_per_s(&all), 5 / 16e-6, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(fileop_stat_best_per_s(&all), 1 / 500e-9, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(fileop_stat_worst_per_s(&all), 1 / 9500e-9, 1e-6);
	/* not the mean of the trials' averages: 2/4us = 500000, 3/12us = 250000 */
	CU_ASSERT(fabs(fileop_stat_avg_per_s(&all) - 375000.0) > 1.0);
	/* merging an empty one changes nothing */
	struct fileop_stat none;
	fileop_stat_clear(&none);
	fileop_stat_merge(&all, &none);
	CU_ASSERT_EQUAL(all.count, 5);
	CU_ASSERT_EQUAL(all.best_ns, 500);
}

/* No call (delete with -L): fileop divides by zero, and so do we. */
static void test_no_calls(void)
{
	struct fileop_stat s;

	fileop_stat_clear(&s);
	CU_ASSERT(isnan(fileop_stat_avg_per_s(&s)));
	CU_ASSERT(isinf(fileop_stat_best_per_s(&s)));
	CU_ASSERT(isinf(fileop_stat_worst_per_s(&s)));
	CU_ASSERT(isnan(fileop_stat_mean_s(&s)));
	CU_ASSERT_EQUAL(fileop_stat_best_s(&s), 0.0);
	fileop_stat_add(&s, 0);		/* a call the clock did not see */
	CU_ASSERT(isinf(fileop_stat_best_per_s(&s)));
}

static void test_ops(void)
{
	CU_ASSERT_STRING_EQUAL(fileop_op_name(FILEOP_MKDIR), "mkdir");
	CU_ASSERT_STRING_EQUAL(fileop_op_name(FILEOP_READDIR), "readdir");
	CU_ASSERT_STRING_EQUAL(fileop_op_name(FILEOP_DELETE), "delete");
	CU_ASSERT(fileop_op_on_dirs(FILEOP_RMDIR));
	CU_ASSERT(!fileop_op_on_dirs(FILEOP_CREATE));
	CU_ASSERT_EQUAL(fileop_run_order[0], FILEOP_MKDIR);
	CU_ASSERT_EQUAL(fileop_run_order[4], FILEOP_WRITE);
	CU_ASSERT_EQUAL(fileop_run_order[7], FILEOP_OPEN);
	CU_ASSERT_EQUAL(fileop_run_order[FILEOP_NOPS - 1], FILEOP_DELETE);
	CU_ASSERT_EQUAL(fileop_op_available(FILEOP_LINK), plat_caps()->hardlinks);
	CU_ASSERT(fileop_op_available(FILEOP_STAT));
}

/* ---- real passes ---- */

static char tmpdir[256];

static const char *new_dir(void)
{
	tmpdir[0] = '\0';
	tu_tmp_path(tmpdir, "fileop", "x");
	CU_ASSERT_FATAL(tmpdir[0] != '\0');
	return tmpdir;
}

static void test_pass(void)
{
	const char *dir = new_dir();
	struct fileop_cfg cfg = { .dir = dir, .size_bytes = 100 };
	struct fileop_run r;
	struct fileop_result res;
	volatile sig_atomic_t stop = 0;
	char err[IOSWEEP_ERR_MAX] = "", *before = plat_getcwd();

	CU_ASSERT_EQUAL_FATAL(fileop_run_init(&r, &cfg, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(fileop_result_init(&res, 1), 0);
	int rc = fileop_run_pass(&r, 2, &res, &stop, err, sizeof(err));
	if (rc)
		fprintf(stderr, "pass: %s\n", err);
	CU_ASSERT_EQUAL(rc, 0);
	for (int op = 0; op < FILEOP_NOPS; op++) {
		uint64_t want = fileop_op_on_dirs((enum fileop_op)op) ? 2 + 4 + 8
			: op == FILEOP_READDIR ? 4 : 8;
		if (!fileop_op_available((enum fileop_op)op))
			want = 0;
		CU_ASSERT_EQUAL(res.op[op].count, want);
		CU_ASSERT_EQUAL(res.hist[op].n, want);
		CU_ASSERT(res.op[op].count == 0 || res.op[op].best_ns <= res.op[op].worst_ns);
	}
	CU_ASSERT_EQUAL(tu_entries(dir), 0);	/* the delete phase removed it all */
	char *after = plat_getcwd();
	CU_ASSERT_STRING_EQUAL(after, before);
	free(after);
	/* a second pass adds to the same result */
	CU_ASSERT_EQUAL(fileop_run_pass(&r, 1, &res, &stop, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(res.op[FILEOP_MKDIR].count, 14 + 3);
	CU_ASSERT_EQUAL(res.op[FILEOP_CREATE].count, 8 + 1);
	/* a stop before the first call: nothing made */
	stop = SIGINT;
	CU_ASSERT_EQUAL(fileop_run_pass(&r, 2, &res, &stop, err, sizeof(err)), FILEOP_STOPPED);
	CU_ASSERT_EQUAL(fileop_run_cleanup(&r, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(tu_entries(dir), 0);
	fileop_result_release(&res);
	fileop_run_release(&r);
	free(before);
	tu_tmp_cleanup(dir);
}

static void test_leave(void)
{
	const char *dir = new_dir();
	struct fileop_cfg cfg = { .dir = dir, .size_bytes = 4096, .random_data = 1,
				  .leave = 1 };
	struct fileop_run r;
	struct fileop_result res;
	volatile sig_atomic_t stop = 0;
	char err[IOSWEEP_ERR_MAX] = "", path[512], found[64];

	CU_ASSERT_EQUAL_FATAL(fileop_run_init(&r, &cfg, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(fileop_result_init(&res, 0), 0);
	CU_ASSERT_EQUAL(fileop_run_pass(&r, 3, &res, &stop, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(res.op[FILEOP_DELETE].count, 0);
	CU_ASSERT_EQUAL(res.op[FILEOP_WRITE].count, 27);
	CU_ASSERT_EQUAL(tu_entries(dir), 3);
	snprintf(path, sizeof(path), "%s/fileop_L1_2/fileop_L1_2_L2_1/fileop_file_2_1_0", dir);
	uint64_t size = 0;
	CU_ASSERT_EQUAL(plat_stat(path, 0, &size), PLAT_FILE);
	CU_ASSERT_EQUAL(size, 4096);
	CU_ASSERT_EQUAL(fileop_find_tree(dir, found, sizeof(found), err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(strncmp(found, "fileop_L1_", 10), 0);
	/* a foreign file beside the tree stays */
	snprintf(path, sizeof(path), "%s/keep.txt", dir);
	FILE *fp = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	fclose(fp);
	CU_ASSERT_EQUAL(fileop_run_cleanup(&r, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(tu_entries(dir), 1);
	CU_ASSERT_EQUAL(plat_stat(path, 0, NULL), PLAT_FILE);
	CU_ASSERT_EQUAL(fileop_find_tree(dir, found, sizeof(found), err, sizeof(err)), 0);
	CU_ASSERT_STRING_EQUAL(found, "");
	fileop_result_release(&res);
	fileop_run_release(&r);
	tu_tmp_cleanup(dir);
}

/* ---- the data ---- */

#define DATA_FORCE 2u
#define DATA_FILES (DATA_FORCE * DATA_FORCE * DATA_FORCE)

/* The files of the tree left in dir, in i_j_k order, each size bytes. */
static void slurp_tree(const char *dir, uint64_t size, char *files[DATA_FILES])
{
	char path[512];

	for (unsigned n = 0; n < DATA_FILES; n++) {
		unsigned i = n / 4, j = n / 2 % 2, k = n % 2;
		size_t len = 0;
		snprintf(path, sizeof(path), "%s/fileop_L1_%u/fileop_L1_%u_L2_%u/"
			 "fileop_file_%u_%u_%u", dir, i, i, j, i, j, k);
		files[n] = tu_slurp(path, &len);
		CU_ASSERT_PTR_NOT_NULL_FATAL(files[n]);
		CU_ASSERT_EQUAL(len, size);
	}
}

/* How many of the files' first bs bytes equal an earlier file's. */
static unsigned repeats(char *files[DATA_FILES], size_t bs)
{
	unsigned same = 0;

	for (size_t a = 0; a < DATA_FILES; a++)
		for (size_t b = 0; b < a; b++)
			if (memcmp(files[a], files[b], bs) == 0) {
				same++;
				break;
			}
	return same;
}

static int block_cmp(const void *a, const void *b)
{
	return memcmp(*(char *const *)a, *(char *const *)b, 512);
}

/* How many of the nb 512-byte blocks at blocks[] equal another (sorts them). */
static unsigned block_repeats(char **blocks, size_t nb)
{
	unsigned same = 0;

	qsort(blocks, nb, sizeof(*blocks), block_cmp);
	for (size_t a = 1; a < nb; a++)
		same += memcmp(blocks[a - 1], blocks[a], 512) == 0;
	return same;
}

/* Every aligned 512-byte block of the files (tails left out). */
static size_t blocks_of(char *files[DATA_FILES], uint64_t size, char **out)
{
	size_t nb = 0;

	for (unsigned n = 0; n < DATA_FILES; n++)
		for (uint64_t o = 0; o + 512 <= size; o += 512)
			out[nb++] = files[n] + o;
	return nb;
}

static void free_files(char *files[DATA_FILES])
{
	for (unsigned n = 0; n < DATA_FILES; n++)
		free(files[n]);
}

/*
 * What each size and -n writes: the name meta.csv gets, the unique block
 * size, and in the files left by a pass: fileop's byte per file, or no
 * 512-byte block twice (nor whole small files twice), in a pass and
 * against the next pass; the read of every pass checked all of it.
 */
static void test_data(void)
{
	static const struct {
		uint64_t size;
		int random;
		const char *name;
		uint64_t unique;
	} cases[] = {
		{ 1, 0, "byte", 0 }, { 511, 0, "byte", 0 }, { 100, 1, "random", 0 },
		{ 512, 0, "random", 512 }, { 1100, 0, "random", 512 },
		{ 4096, 1, "random", 512 }, { (2u << 20) + 1536 + 7, 0, "random", 512 },
	};

	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		const char *dir = new_dir();
		struct fileop_cfg cfg = { .dir = dir, .size_bytes = cases[c].size,
					  .random_data = cases[c].random, .leave = 1 };
		struct fileop_run r;
		struct fileop_result res;
		volatile sig_atomic_t stop = 0;
		char err[IOSWEEP_ERR_MAX] = "", *first[DATA_FILES], *second[DATA_FILES];
		uint64_t unique = 99, size = cases[c].size;
		size_t per = (size_t)(size / 512) * DATA_FILES;
		char **blocks = malloc((2 * per + 1) * sizeof(*blocks));

		CU_ASSERT_PTR_NOT_NULL_FATAL(blocks);
		CU_ASSERT_STRING_EQUAL(fileop_data_name(&cfg, &unique), cases[c].name);
		CU_ASSERT_EQUAL(unique, cases[c].unique);
		CU_ASSERT_EQUAL_FATAL(fileop_run_init(&r, &cfg, err, sizeof(err)), 0);
		CU_ASSERT_EQUAL_FATAL(fileop_result_init(&res, 0), 0);
		CU_ASSERT_EQUAL(fileop_run_pass(&r, DATA_FORCE, &res, &stop, err, sizeof(err)), 0);
		CU_ASSERT_EQUAL(res.op[FILEOP_READ].count, DATA_FILES);
		slurp_tree(dir, size, first);
		CU_ASSERT_EQUAL(fileop_run_pass(&r, DATA_FORCE, &res, &stop, err, sizeof(err)), 0);
		CU_ASSERT_EQUAL(res.op[FILEOP_READ].count, 2 * DATA_FILES);
		slurp_tree(dir, size, second);
		if (!cases[c].random && size < 512) {
			for (unsigned n = 0; n < DATA_FILES; n++)
				for (uint64_t o = 0; o < size; o++)
					CU_ASSERT_EQUAL((unsigned char)first[n][o],
							(n / 4 ^ n / 2 % 2 ^ n % 2) & 0xffu);
		} else if (size < 512) {
			/* one tag word at the end of each file */
			CU_ASSERT_EQUAL(repeats(first, (size_t)size), 0);
		} else {
			size_t nb = blocks_of(first, size, blocks);
			nb += blocks_of(second, size, blocks + nb);
			CU_ASSERT_EQUAL(nb, 2 * per);
			CU_ASSERT_EQUAL(block_repeats(blocks, nb), 0);
		}
		free_files(first);
		free_files(second);
		free(blocks);
		CU_ASSERT_EQUAL(fileop_run_cleanup(&r, err, sizeof(err)), 0);
		fileop_result_release(&res);
		fileop_run_release(&r);
		tu_tmp_cleanup(dir);
	}
}

/* mkdir fails halfway (the name is taken): only what the pass made goes. */
static void test_failure_cleanup(void)
{
	const char *dir = new_dir();
	struct fileop_cfg cfg = { .dir = dir, .size_bytes = 1 };
	struct fileop_run r;
	struct fileop_result res;
	volatile sig_atomic_t stop = 0;
	char err[IOSWEEP_ERR_MAX] = "", path[512];

	snprintf(path, sizeof(path), "%s/fileop_L1_1", dir);
	CU_ASSERT_EQUAL_FATAL(plat_mkdir(path), 0);
	CU_ASSERT_EQUAL_FATAL(fileop_run_init(&r, &cfg, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(fileop_result_init(&res, 0), 0);
	CU_ASSERT_EQUAL(fileop_run_pass(&r, 2, &res, &stop, err, sizeof(err)), -1);
	CU_ASSERT_EQUAL(r.err_no, EEXIST);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "cannot mkdir '"));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "/fileop_L1_1': "));
	CU_ASSERT_EQUAL(res.op[FILEOP_MKDIR].count, 1 + 2 + 4);	/* the first L1's tree */
	CU_ASSERT_EQUAL(tu_entries(dir), 2);
	CU_ASSERT_EQUAL(fileop_run_cleanup(&r, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(tu_entries(dir), 1);	/* the foreign fileop_L1_1 stays */
	CU_ASSERT_EQUAL(plat_stat(path, 0, NULL), PLAT_DIR);
	fileop_result_release(&res);
	fileop_run_release(&r);
	tu_tmp_cleanup(dir);
}

static const struct cu_case cases[] = {
	CU_CASE(test_stat),
	CU_CASE(test_trials),
	CU_CASE(test_no_calls),
	CU_CASE(test_ops),
	CU_CASE(test_pass),
	CU_CASE(test_leave),
	CU_CASE(test_data),
	CU_CASE(test_failure_cleanup),
	{ 0 }
};

CU_MAIN("fileop", cases)
