/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_files_spec.c: the numbers behind `iosweep files`: size
 * distributions (parsing, and what seeded draws give), tree arithmetic,
 * scaling, and preset texts (good, and bad lines with "FILE:LINE: why").
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu.h"
#include "iosweep.h"
#include "run/files/files_spec.h"

static const struct {
	const char *text;
	int kind;
	unsigned long long a, b;
	const char *shown;
} good_dists[] = {
	{ "4k", FILES_DIST_FIXED, 4096, 0, "fixed:4k" },
	{ "100", FILES_DIST_FIXED, 100, 0, "fixed:100" },
	{ "fixed:1m", FILES_DIST_FIXED, 1048576, 0, "fixed:1m" },
	{ "uniform:20k-60k", FILES_DIST_UNIFORM, 20480, 61440, "uniform:20k-60k" },
	{ "uniform:0-0", FILES_DIST_UNIFORM, 0, 0, "uniform:0-0" },
	{ "lognormal:64k,3", FILES_DIST_LOGNORMAL, 65536, 0, "lognormal:64k,3" },
	{ "list:4k,8k,1m", FILES_DIST_LIST, 0, 0, "list:4k,8k,1m" },
	{ "2g", FILES_DIST_FIXED, 2147483648ull, 0, "fixed:2g" },
};

static void test_dist_good(void)
{
	for (size_t i = 0; i < sizeof(good_dists) / sizeof(good_dists[0]); i++) {
		struct files_dist d;
		char err[IOSWEEP_ERR_MAX] = "", shown[128];
		CU_ASSERT_EQUAL_FATAL(files_dist_parse(good_dists[i].text, &d, err, sizeof(err)), 0);
		CU_ASSERT_EQUAL(d.kind, good_dists[i].kind);
		if (d.kind != FILES_DIST_LIST) {
			CU_ASSERT_EQUAL(d.a, good_dists[i].a);
			CU_ASSERT_EQUAL(d.b, good_dists[i].b);
		}
		files_dist_format(&d, shown, sizeof(shown));
		CU_ASSERT_STRING_EQUAL(shown, good_dists[i].shown);
	}
}

static const struct {
	const char *text, *want;
} bad_dists[] = {
	{ "", "not a size" },
	{ "4x", "not a size" },
	{ "-4k", "not a size" },
	{ "4.5k", "not a size" },
	{ "2t", "larger than 1 TB" },
	{ "uniform:60k-20k", "above the maximum" },
	{ "uniform:20k", "MIN-MAX" },
	{ "lognormal:64k", "MEDIAN,SPREAD" },
	{ "lognormal:64k,0.5", "spread '0.5'" },
	{ "lognormal:0,2", "above 0" },
	{ "lognormal:64k,nan", "spread 'nan'" },
	{ "list:", "joined by commas" },
	{ "list:4k,,8k", "not a size" },
	/* a size too long to copy: once a message of whatever the stack held */
	{ "list:5k6WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
	  "list: '5k6WWWWWWWWWWWWWWWWW...': too long for a size" },
	{ "list:4k,WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW,8k",
	  "list: 'WWWWWWWWWWWWWWWWWWWW...': too long" },
	{ "pareto:4k", "'pareto': not a size distribution" },
};

static void test_dist_bad(void)
{
	for (size_t i = 0; i < sizeof(bad_dists) / sizeof(bad_dists[0]); i++) {
		struct files_dist d;
		char err[IOSWEEP_ERR_MAX] = "";
		CU_ASSERT_EQUAL(files_dist_parse(bad_dists[i].text, &d, err, sizeof(err)), -1);
		if (!strstr(err, bad_dists[i].want))
			printf("\n  '%s': '%s' lacks '%s'\n", bad_dists[i].text, err,
			       bad_dists[i].want);
		CU_ASSERT_PTR_NOT_NULL(strstr(err, bad_dists[i].want));
	}
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * A seeded log-normal gives the asked median and spread.  With n draws
 * the sample median's log has a standard error of about 1.2533 * sigma /
 * sqrt(n) (the median of a normal sample): for sigma = ln 3 and n =
 * 20001 that is 0.0097, so 5% (about 5 standard errors) is a tolerance
 * no correct generator misses, and a wrong one (a mean instead of a
 * median is 1.83 times larger here, a sigma of ln(G)^2 or G itself) fails
 * by far.  The sd of ln(size) has a standard error of sigma /
 * sqrt(2n) = 0.0055: 3% of sigma is 6 of those.
 */
static void test_lognormal_median(void)
{
	enum { N = 20001 };
	static uint64_t v[N];
	struct files_dist d;
	char err[IOSWEEP_ERR_MAX];
	uint64_t state = 42;
	double sum = 0, sumsq = 0, sigma = log(3.0);

	CU_ASSERT_EQUAL_FATAL(files_dist_parse("lognormal:64k,3", &d, err, sizeof(err)), 0);
	for (int i = 0; i < N; i++) {
		double l;
		v[i] = files_dist_draw(&d, &state);
		l = log((double)(v[i] ? v[i] : 1));
		sum += l;
		sumsq += l * l;
	}
	qsort(v, N, sizeof(v[0]), cmp_u64);
	CU_ASSERT_DOUBLE_EQUAL((double)v[N / 2] / 65536.0, 1.0, 0.05);
	double mean = sum / N, sd = sqrt((sumsq - N * mean * mean) / (N - 1));
	CU_ASSERT_DOUBLE_EQUAL(sd / sigma, 1.0, 0.03);
	/* the same seed, the same sizes */
	uint64_t s1 = 7, s2 = 7;
	for (int i = 0; i < 100; i++)
		CU_ASSERT_EQUAL(files_dist_draw(&d, &s1), files_dist_draw(&d, &s2));
	/* the expected size is the mean: median * exp(sigma^2 / 2) */
	CU_ASSERT_DOUBLE_EQUAL(files_dist_mean(&d), 65536.0 * exp(sigma * sigma / 2), 1e-6);
}

static void test_other_draws(void)
{
	struct files_dist u, l, f;
	char err[IOSWEEP_ERR_MAX];
	uint64_t state = 1, lo = UINT64_MAX, hi = 0;
	int seen[3] = { 0 };

	CU_ASSERT_EQUAL_FATAL(files_dist_parse("uniform:20k-60k", &u, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(files_dist_parse("list:1,2,3", &l, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(files_dist_parse("7", &f, err, sizeof(err)), 0);
	for (int i = 0; i < 10000; i++) {
		uint64_t x = files_dist_draw(&u, &state), y = files_dist_draw(&l, &state);
		lo = x < lo ? x : lo;
		hi = x > hi ? x : hi;
		CU_ASSERT_FATAL(y >= 1 && y <= 3);
		seen[y - 1]++;
		CU_ASSERT_EQUAL(files_dist_draw(&f, &state), 7);
	}
	CU_ASSERT(lo >= 20480 && lo < 20480 + 100);
	CU_ASSERT(hi <= 61440 && hi > 61440 - 100);
	for (int i = 0; i < 3; i++)
		CU_ASSERT(seen[i] > 3000 && seen[i] < 3700);
	CU_ASSERT_DOUBLE_EQUAL(files_dist_mean(&u), 40960.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(files_dist_mean(&l), 2.0, 1e-9);
}

static void test_tree(void)
{
	CU_ASSERT_EQUAL(files_tree_dirs(2, 3), 12);
	CU_ASSERT_EQUAL(files_tree_leaves(2, 3), 9);
	CU_ASSERT_EQUAL(files_tree_dirs(0, 5), 0);
	CU_ASSERT_EQUAL(files_tree_leaves(0, 5), 1);
	CU_ASSERT_EQUAL(files_tree_dirs(3, 1), 3);
	CU_ASSERT_EQUAL(files_tree_dirs(4, 10), 11110);
	CU_ASSERT_EQUAL(files_level_dirs(10, 3), 1000);
	CU_ASSERT_EQUAL(files_tree_dirs(16, 100000), UINT64_MAX);
	CU_ASSERT_EQUAL(files_tree_leaves(9, 10), UINT64_MAX);

	struct files_spec s = { .depth = 1, .width = 2, .nclass = 2, .size_factor = 1.0 };
	char err[IOSWEEP_ERR_MAX];
	s.cls[0].count = 3;
	s.cls[1].count = 5;
	CU_ASSERT_EQUAL(files_dist_parse("1k", &s.cls[0].size, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(files_dist_parse("uniform:0-2k", &s.cls[1].size, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(files_spec_count(&s), 8);
	CU_ASSERT_EQUAL(files_spec_class_of(&s, 0), 0);
	CU_ASSERT_EQUAL(files_spec_class_of(&s, 2), 0);
	CU_ASSERT_EQUAL(files_spec_class_of(&s, 3), 1);
	CU_ASSERT_EQUAL(files_spec_class_of(&s, 7), 1);
	CU_ASSERT_DOUBLE_EQUAL(files_spec_bytes(&s), 3 * 1024.0 + 5 * 1024.0, 1e-9);
	CU_ASSERT_EQUAL(files_spec_check(&s, err, sizeof(err)), 0);
	s.depth = 17;
	CU_ASSERT_EQUAL(files_spec_check(&s, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "--depth 17"));
}

static void test_scale(void)
{
	struct files_spec s = { .depth = 1, .width = 2, .nclass = 2, .size_factor = 1.0 };
	char err[IOSWEEP_ERR_MAX];

	s.cls[0].count = 1000;
	s.cls[1].count = 10;
	CU_ASSERT_EQUAL(files_dist_parse("1m", &s.cls[0].size, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(files_dist_parse("1k", &s.cls[1].size, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(files_spec_scale(&s, 0.01, 0, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(s.cls[0].count, 10);
	CU_ASSERT_EQUAL(s.cls[1].count, 1);        /* at least one of each */
	CU_ASSERT_DOUBLE_EQUAL(s.size_factor, 1.0, 0);
	/* a cap shrinks the sizes in proportion */
	CU_ASSERT_EQUAL(files_spec_scale(&s, 1.0, 1048576, err, sizeof(err)), 0);
	CU_ASSERT_DOUBLE_EQUAL(files_spec_bytes(&s), 1048576.0, 1e-3);
	CU_ASSERT_EQUAL(files_spec_scale(&s, 0, 0, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "--scale"));
}

static void test_preset_good(void)
{
	struct files_spec s;
	char desc[128], err[IOSWEEP_ERR_MAX];
	const char *text = "# mine: two kinds\n#\n\ntree depth=2 width=3\n"
		"files count=10 size=4k\n  files   size=lognormal:1m,2 count=5\n";

	CU_ASSERT_EQUAL_FATAL(files_preset_parse("mine.files", text, &s, desc, sizeof(desc),
						 err, sizeof(err)), 0);
	CU_ASSERT_STRING_EQUAL(desc, "mine: two kinds");
	CU_ASSERT_EQUAL(s.depth, 2);
	CU_ASSERT_EQUAL(s.width, 3);
	CU_ASSERT_EQUAL(s.nclass, 2);
	CU_ASSERT_EQUAL(s.cls[1].count, 5);
	CU_ASSERT_EQUAL(s.cls[1].size.kind, FILES_DIST_LOGNORMAL);
}

static const struct {
	const char *text, *want;
} bad_presets[] = {
	{ "tree depth=1 width=2\nfiles count=1 size=4x\n", "p.files:2: size: '4x': not a size" },
	{ "# c\ntree depth=1\n", "p.files:2: width '': a whole number" },
	{ "tree depth=1 width=0\n", "p.files:1: width '0'" },
	{ "tree depth=17 width=2\n", "p.files:1: depth '17'" },
	{ "tree depth=1 width=2\ntree depth=1 width=2\n", "p.files:2: a second 'tree' line" },
	{ "tree depth=1 width=2 height=3\n", "p.files:1: 'height=3': not depth=N" },
	{ "tree depth=1 width=2\nfiles count=0 size=1\n", "p.files:2: count '0'" },
	{ "tree depth=1 width=2\nfiles count=1k size=1\n", "p.files:2: count '1k'" },
	{ "tree depth=1 width=2\nfiles count=1\n", "p.files:2: no size=DIST" },
	{ "tree depth=1 width=2\ndirs 3\n", "p.files:2: 'dirs': not a line of a preset" },
	{ "files count=1 size=1\n", "p.files: no 'tree" },
	{ "tree depth=1 width=2\n", "p.files: no 'files" },
};

static void test_preset_bad(void)
{
	for (size_t i = 0; i < sizeof(bad_presets) / sizeof(bad_presets[0]); i++) {
		struct files_spec s;
		char err[IOSWEEP_ERR_MAX] = "";
		CU_ASSERT_EQUAL(files_preset_parse("p.files", bad_presets[i].text, &s, NULL, 0,
						   err, sizeof(err)), -1);
		if (strncmp(err, bad_presets[i].want, strlen(bad_presets[i].want)) != 0)
			printf("\n  case %zu: '%s' does not start '%s'\n", i, err,
			       bad_presets[i].want);
		CU_ASSERT_EQUAL(strncmp(err, bad_presets[i].want, strlen(bad_presets[i].want)), 0);
	}
}

static const struct cu_case cases[] = {
	CU_CASE(test_dist_good),
	CU_CASE(test_dist_bad),
	CU_CASE(test_lognormal_median),
	CU_CASE(test_other_draws),
	CU_CASE(test_tree),
	CU_CASE(test_scale),
	CU_CASE(test_preset_good),
	CU_CASE(test_preset_bad),
	{ 0 }
};

CU_MAIN("files_spec", cases)
