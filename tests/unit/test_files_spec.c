/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_files_spec.c: the numbers behind `iosweep files`: size
 * distributions (parsing, and what seeded draws give), tree arithmetic,
 * scaling, preset texts (good, the shipped ones, and bad lines with
 * "FILE:LINE: why"), and the command line's refusals.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu.h"
#include "iosweep.h"
#include "lib/builtin.h"
#include "options/files_opts.h"
#include "run/files_spec.h"

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

/* The shipped presets parse, and are the ones the README lists. */
static void test_shipped_presets(void)
{
	static const char *const names[] = { "photo-library", "office-documents",
		"source-tree", "backup-set", "video-project", "folder-copy" };
	size_t found = 0;
	const char *b;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		struct files_spec s;
		char desc[256], err[IOSWEEP_ERR_MAX] = "";
		if (files_opts_preset(names[i], &s, desc, sizeof(desc), err, sizeof(err)) != 0)
			printf("\n  %s: %s\n", names[i], err);
		CU_ASSERT_EQUAL(files_spec_check(&s, err, sizeof(err)), 0);
		CU_ASSERT(strlen(desc) > strlen(names[i]) + 10);
	}
	for (size_t i = 0; (b = builtin_name(i)); i++)
		found += strlen(b) > 6 && strcmp(b + strlen(b) - 6, ".files") == 0;
	CU_ASSERT_EQUAL(found, sizeof(names) / sizeof(names[0]));
	/* folder-copy: 38 files, 4.35 GB expected */
	struct files_spec s;
	char err[IOSWEEP_ERR_MAX];
	CU_ASSERT_EQUAL_FATAL(files_opts_preset("folder-copy", &s, NULL, 0, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(files_spec_count(&s), 38);
	/* 38 x 117.5 MiB = 4465 MiB: the review's 4.35 GB within rounding */
	CU_ASSERT_DOUBLE_EQUAL(files_spec_bytes(&s) / 1048576.0, 4465.0, 0.5);
}

/* Parse "files " + line split on spaces. */
static int parse(struct files_opts *o, const char *line, char *err, size_t errlen)
{
	char buf[256];
	char *argv[32];
	int argc = 0;

	snprintf(buf, sizeof(buf), "%s", line);
	argv[argc++] = "files";
	for (char *t = strtok(buf, " "); t && argc < 31; t = strtok(NULL, " "))
		argv[argc++] = t;
	argv[argc] = NULL;
	err[0] = '\0';
	return files_opts_parse(o, argc, argv, err, errlen);
}

static void test_opts(void)
{
	struct files_opts o;
	char err[IOSWEEP_ERR_MAX];

	CU_ASSERT_EQUAL_FATAL(parse(&o, "--depth 2 --width 3 --files 4", err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(files_spec_count(&o.spec), 36);
	CU_ASSERT_EQUAL_FATAL(parse(&o, "--depth=0 --count 7 --file-size=1k --jobs 3 "
				    "--shared-dir --trials 2", err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(files_spec_count(&o.spec), 7);
	CU_ASSERT_EQUAL(o.jobs, 3);
	CU_ASSERT(o.shared);
	CU_ASSERT_EQUAL(o.trials, 2);
	CU_ASSERT_EQUAL_FATAL(parse(&o, "--preset photo-library --scale 0.001 --size 1m",
				    err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(files_spec_count(&o.spec), 12);
	CU_ASSERT(files_spec_bytes(&o.spec) <= 1048576.0 + 1);
	CU_ASSERT_EQUAL(parse(&o, "--help", err, sizeof(err)), FILES_OPTS_HELP);
}

static const struct {
	const char *line, *want;
} bad_opts[] = {
	{ "--depth x", "--depth 'x'" },
	{ "--width 0", "--width '0'" },
	{ "--files 2 --count 3", "--files and --count" },
	{ "--jobs 65", "--jobs '65'" },
	{ "--trials 0", "--trials '0'" },
	{ "--scale -1", "--scale '-1'" },
	{ "--size 0", "--size '0'" },
	{ "--size 4q", "--size '4q'" },
	{ "--data ones", "--data 'ones'" },
	{ "--file-size pareto:1", "--file-size 'pareto:1'" },
	{ "--preset nope", "--preset 'nope': no such preset (backup-set" },
	{ "--preset folder-copy --depth 2", "--depth: not with --preset" },
	{ "--keep --trials 2", "--keep" },
	{ "--cold=1", "--cold takes no value" },
	{ "--frobnicate", "'--frobnicate': not an option" },
	{ "-f 2", "'-f': not an option" },
	{ "--dir", "--dir: needs a value" },
	{ "--depth 16 --width 10", "--depth 16 --width 10: more than" },
};

static void test_opts_bad(void)
{
	for (size_t i = 0; i < sizeof(bad_opts) / sizeof(bad_opts[0]); i++) {
		struct files_opts o;
		char err[IOSWEEP_ERR_MAX];
		CU_ASSERT_EQUAL(parse(&o, bad_opts[i].line, err, sizeof(err)), -1);
		if (strncmp(err, bad_opts[i].want, strlen(bad_opts[i].want)) != 0)
			printf("\n  '%s': '%s' does not start '%s'\n", bad_opts[i].line, err,
			       bad_opts[i].want);
		CU_ASSERT_EQUAL(strncmp(err, bad_opts[i].want, strlen(bad_opts[i].want)), 0);
		CU_ASSERT_PTR_NULL(strchr(err, '\n'));
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
	CU_CASE(test_shipped_presets),
	CU_CASE(test_opts),
	CU_CASE(test_opts_bad),
	{ 0 }
};

CU_MAIN("files_spec", cases)
