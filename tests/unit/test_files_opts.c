/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_files_opts.c: `iosweep files`'s command line: the shipped presets
 * as the binary embeds them, trees and presets scaled, and every bad
 * option refused with one line naming it, as tables.
 */
#include "compat.h"

#include <stdio.h>
#include <string.h>

#include "cu.h"
#include "testutil.h"
#include "iosweep.h"
#include "lib/builtin.h"
#include "cmd/files_opts.h"
#include "run/files/files_spec.h"

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
	char buf[256], *argv[32];
	int argc = tu_argv("files", line, buf, sizeof(buf), argv);

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
	{ "--cold=1", "option '--cold' takes no value" },
	{ "--frobnicate", "unknown option '--frobnicate'" },
	{ "-f 2", "unknown option '-f'" },
	{ "2", "'2': not an option" },
	{ "--dir", "option '--dir' needs a value" },
	{ "--dir=", "--dir '': an empty directory name" },
	{ "--presett x", "unknown option '--presett'; did you mean '--preset'?" },
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

/* A run given as values (iosweep nas) is the run its options would give. */
static void test_values(void)
{
	struct files_opts p, v;
	char err[IOSWEEP_ERR_MAX];

	CU_ASSERT_EQUAL_FATAL(parse(&p, "--count 64 --file-size 16k", err, sizeof(err)), 0);
	files_opts_defaults(&v);
	CU_ASSERT_EQUAL_FATAL(files_opts_flat_tree(&v, 64, 16 * 1024, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(memcmp(&p.spec, &v.spec, sizeof(p.spec)), 0);
	CU_ASSERT_EQUAL(v.trials, p.trials);
	CU_ASSERT_EQUAL(v.jobs, p.jobs);
	CU_ASSERT_STRING_EQUAL(v.dir, p.dir);
	CU_ASSERT_EQUAL_FATAL(parse(&p, "--preset office-documents --scale 0.25", err,
				    sizeof(err)), 0);
	files_opts_defaults(&v);
	v.scale = 0.25;
	CU_ASSERT_EQUAL_FATAL(files_opts_preset_tree(&v, "office-documents", err,
						     sizeof(err)), 0);
	CU_ASSERT_EQUAL(memcmp(&p.spec, &v.spec, sizeof(p.spec)), 0);
	CU_ASSERT_STRING_EQUAL(v.preset_desc, p.preset_desc);
	/* a tree the parser refuses is refused as values too */
	files_opts_defaults(&v);
	CU_ASSERT_EQUAL(files_opts_flat_tree(&v, 0, 16 * 1024, err, sizeof(err)), -1);
	CU_ASSERT_EQUAL(files_opts_preset_tree(&v, "no-such", err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "no such preset"));
}

static const struct cu_case cases[] = {
	CU_CASE(test_shipped_presets),
	CU_CASE(test_opts),
	CU_CASE(test_opts_bad),
	CU_CASE(test_values),
	{ 0 }
};

CU_MAIN("files_opts", cases)
