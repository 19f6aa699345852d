/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_fileop_tree.c: run/files/fileop_tree.c: the tree's names written and
 * read back, names that only look like them refused, and trees found
 * and removed by name in a real directory: fileop's names go, a
 * stranger stays (and stops the removal), a link is removed as itself.
 */
#include "compat.h"

#include <stdio.h>
#include <string.h>

#include "cu.h"
#include "testutil.h"
#include "iosweep.h"
#include "platform/platform.h"
#include "run/files/fileop_tree.h"

static const struct {
	enum fileop_name_kind kind;
	unsigned i, j, k;
	const char *name;
} names[] = {
	{ FILEOP_NAME_L1, 0, 0, 0, "fileop_L1_0" },
	{ FILEOP_NAME_L1, 12, 0, 0, "fileop_L1_12" },
	{ FILEOP_NAME_L2, 3, 7, 0, "fileop_L1_3_L2_7" },
	{ FILEOP_NAME_DIR, 1, 2, 3, "fileop_dir_1_2_3" },
	{ FILEOP_NAME_FILE, 0, 10, 999, "fileop_file_0_10_999" },
	{ FILEOP_NAME_LINK, 4, 5, 6, "fileop_file_4_5_6L" },
};

static void test_names(void)
{
	for (size_t n = 0; n < sizeof(names) / sizeof(names[0]); n++) {
		char buf[64];
		unsigned idx[3];
		CU_ASSERT_EQUAL(fileop_name(buf, sizeof(buf), names[n].kind, names[n].i,
					    names[n].j, names[n].k), 0);
		CU_ASSERT_STRING_EQUAL(buf, names[n].name);
		CU_ASSERT_EQUAL(fileop_name_parse(names[n].name, idx), names[n].kind);
		CU_ASSERT_EQUAL(idx[0], names[n].i);
		if (names[n].kind != FILEOP_NAME_L1)
			CU_ASSERT_EQUAL(idx[1], names[n].j);
		if (names[n].kind >= FILEOP_NAME_DIR)
			CU_ASSERT_EQUAL(idx[2], names[n].k);
	}
	char small[8];
	CU_ASSERT_EQUAL(fileop_name(small, sizeof(small), FILEOP_NAME_L1, 1, 0, 0), -1);
}

static void test_names_refused(void)
{
	static const char *const others[] = {
		"fileop_L1_", "fileop_L1_01", "fileop_L1_1x", "fileop_L1_-1",
		"fileop_L1_1_L2_", "fileop_L1_1_L2_2_", "fileop_L1_1_L3_2",
		"fileop_dir_1_2", "fileop_dir_1_2_3_4", "fileop_dir_1_2_3L",
		"fileop_file_1_2", "fileop_file_1_2_3LL", "fileop_file_1_2_3l",
		"fileop_file_1_2_+3", "fileop_L1_99999999999", "fileop_l1_0", "x", "",
		"fileop_L1_0 ", ".", "..",
	};
	for (size_t n = 0; n < sizeof(others) / sizeof(others[0]); n++) {
		unsigned idx[3];
		if (fileop_name_parse(others[n], idx) != FILEOP_NAME_NONE)
			fprintf(stderr, "'%s' taken for a fileop name\n", others[n]);
		CU_ASSERT_EQUAL(fileop_name_parse(others[n], idx), FILEOP_NAME_NONE);
	}
}

static void touch(const char *dir, const char *name)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	FILE *fp = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	fclose(fp);
}

static void make_dir(const char *dir, const char *name)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	CU_ASSERT_EQUAL_FATAL(plat_mkdir(path), 0);
}

/* Old trees: fileop's names go, anything else stays and is an error. */
static void test_remove_trees(void)
{
	char dir[256] = "", err[IOSWEEP_ERR_MAX] = "", path[512], found[FILEOP_NAME_MAX];

	tu_tmp_path(dir, "fileop-tree", "x");
	CU_ASSERT_FATAL(dir[0] != '\0');
	CU_ASSERT_EQUAL(fileop_find_tree(dir, found, sizeof(found), err, sizeof(err)), 0);
	CU_ASSERT_STRING_EQUAL(found, "");
	static const char *const made[] = {
		"fileop_L1_0", "fileop_L1_0/fileop_L1_0_L2_0",
		"fileop_L1_0/fileop_L1_0_L2_0/fileop_dir_0_0_0",
		"fileop_L1_7", "fileop_L1_7/fileop_L1_7_L2_3",
	};
	static const char *const files[] = {
		"fileop_L1_0/fileop_L1_0_L2_0/fileop_file_0_0_1",
		"fileop_L1_0/fileop_L1_0_L2_0/fileop_file_0_0_1L",
		"fileop_L1_7/fileop_L1_7_L2_3/fileop_file_7_3_0", "notes",
	};

	for (size_t i = 0; i < sizeof(made) / sizeof(made[0]); i++)
		make_dir(dir, made[i]);
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		touch(dir, files[i]);
	CU_ASSERT_EQUAL(fileop_find_tree(dir, found, sizeof(found), err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(strncmp(found, "fileop_L1_", 10), 0);
	CU_ASSERT_EQUAL(fileop_remove_trees(dir, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(tu_entries(dir), 1);	/* "notes" */
#if !defined(_WIN32)
	/* a link named as a level-1 directory goes as itself, its target stays */
	make_dir(dir, "target");
	touch(dir, "target/fileop_L1_0_L2_0");
	snprintf(path, sizeof(path), "%s/fileop_L1_0", dir);
	CU_ASSERT_EQUAL_FATAL(symlink("target", path), 0);
	CU_ASSERT_EQUAL(fileop_remove_trees(dir, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(plat_stat(path, 0, NULL), PLAT_NONE);
	snprintf(path, sizeof(path), "%s/target/fileop_L1_0_L2_0", dir);
	CU_ASSERT_EQUAL(plat_stat(path, 0, NULL), PLAT_FILE);
#endif
	/* a stranger inside a tree stops the removal */
	make_dir(dir, "fileop_L1_2");
	touch(dir, "fileop_L1_2/mine.txt");
	CU_ASSERT_EQUAL(fileop_remove_trees(dir, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "remove them by hand"));
	snprintf(path, sizeof(path), "%s/fileop_L1_2/mine.txt", dir);
	CU_ASSERT_EQUAL(plat_stat(path, 0, NULL), PLAT_FILE);
	tu_tmp_cleanup(dir);
}

static const struct cu_case cases[] = {
	CU_CASE(test_names),
	CU_CASE(test_names_refused),
	CU_CASE(test_remove_trees),
	{ 0 }
};

CU_MAIN("fileop_tree", cases)
