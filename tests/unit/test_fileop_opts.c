/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_fileop_opts.c: `iosweep fileop`'s command line: fileop's letters
 * in getopt's shapes, the long options, and every input fileop would
 * guess at refused with a message naming the option, as tables.
 */
#include "compat.h"

#include <stdio.h>
#include <string.h>

#include "cu.h"
#include "iosweep.h"
#include "cmd/fileop_opts.h"

/* Parse "fileop " + line split on spaces. */
static int parse(struct fileop_opts *o, const char *line, char *err, size_t errlen)
{
	char buf[256];
	char *argv[32];
	int argc = 0;

	snprintf(buf, sizeof(buf), "%s", line);
	argv[argc++] = "fileop";
	for (char *t = strtok(buf, " "); t && argc < 31; t = strtok(NULL, " "))
		argv[argc++] = t;
	argv[argc] = NULL;
	err[0] = '\0';
	return fileop_opts_parse(o, argc, argv, err, errlen);
}

struct good_case {
	const char *line;
	unsigned lower, upper, step;
	unsigned long long size;
	const char *flags;     /* the flags set, as letters: e b w n L t, and
				  a latency, o overwrite */
	unsigned trials;
};

static const struct good_case good[] = {
	{ "-f 2", 2, 2, 1, 1, "", 1 },
	{ "-f2", 2, 2, 1, 1, "", 1 },
	{ "-e", 1, 1, 1, 1, "e", 1 },
	{ "-l 1 -u 3", 1, 3, 1, 1, "", 1 },
	{ "-l1 -u5 -i2", 1, 5, 2, 1, "", 1 },
	{ "-u 4 -l 4", 4, 4, 1, 1, "", 1 },
	{ "-s 4k -f 2", 2, 2, 1, 4096, "", 1 },
	{ "-s 4K", 1, 1, 1, 4096, "", 1 },
	{ "-s 1m", 1, 1, 1, 1048576, "", 1 },
	{ "-s 1M", 1, 1, 1, 1048576, "", 1 },
	{ "-s 100", 1, 1, 1, 100, "", 1 },
	{ "-s 0", 1, 1, 1, 0, "", 1 },
	{ "-s 1024m", 1, 1, 1, 1073741824ull, "", 1 },
	{ "-bw", 1, 1, 1, 1, "bw", 1 },
	{ "-b -w -n -L -t -e", 1, 1, 1, 1, "bwnLte", 1 },
	{ "-tf 3", 3, 3, 1, 1, "t", 1 },
	{ "-btf3", 3, 3, 1, 1, "bt", 1 },
	{ "-f 2 --trials 3", 2, 2, 1, 1, "", 3 },
	{ "-f 2 --trials=3 --latency --overwrite", 2, 2, 1, 1, "ao", 3 },
	{ "-f 1000", 1000, 1000, 1, 1, "", 1 },
	{ "-f 2 -f 3", 3, 3, 1, 1, "", 1 },
	{ "-f 2 --", 2, 2, 1, 1, "", 1 },
};

static int has(const char *flags, char c)
{
	return strchr(flags, c) != NULL;
}

static void test_good(void)
{
	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		const struct good_case *c = &good[i];
		struct fileop_opts o;
		char err[IOSWEEP_ERR_MAX];
		int rc = parse(&o, c->line, err, sizeof(err));
		if (rc != 0)
			fprintf(stderr, "'%s': %s\n", c->line, err);
		CU_ASSERT_EQUAL_FATAL(rc, 0);
		CU_ASSERT_EQUAL(o.lower, c->lower);
		CU_ASSERT_EQUAL(o.upper, c->upper);
		CU_ASSERT_EQUAL(o.step, c->step);
		CU_ASSERT_EQUAL(o.size_bytes, c->size);
		CU_ASSERT_EQUAL(o.trials, c->trials);
		CU_ASSERT_EQUAL(o.excel, has(c->flags, 'e'));
		CU_ASSERT_EQUAL(o.best, has(c->flags, 'b'));
		CU_ASSERT_EQUAL(o.worst, has(c->flags, 'w'));
		CU_ASSERT_EQUAL(o.random_data, has(c->flags, 'n'));
		CU_ASSERT_EQUAL(o.leave, has(c->flags, 'L'));
		CU_ASSERT_EQUAL(o.verbose, has(c->flags, 't'));
		CU_ASSERT_EQUAL(o.latency, has(c->flags, 'a'));
		CU_ASSERT_EQUAL(o.overwrite, has(c->flags, 'o'));
		CU_ASSERT_STRING_EQUAL(o.dir, ".");
		CU_ASSERT_PTR_NULL(o.out);
	}
}

static void test_strings(void)
{
	struct fileop_opts o;
	char err[IOSWEEP_ERR_MAX];

	CU_ASSERT_EQUAL_FATAL(parse(&o, "-d /tmp/x/ --out res -f 2", err, sizeof(err)), 0);
	CU_ASSERT_STRING_EQUAL(o.dir, "/tmp/x/");
	CU_ASSERT_STRING_EQUAL(o.out, "res");
	CU_ASSERT_EQUAL_FATAL(parse(&o, "-d/tmp/y --out=r2", err, sizeof(err)), 0);
	CU_ASSERT_STRING_EQUAL(o.dir, "/tmp/y");
	CU_ASSERT_STRING_EQUAL(o.out, "r2");
}

static void test_help_version(void)
{
	struct fileop_opts o;
	char err[IOSWEEP_ERR_MAX];

	CU_ASSERT_EQUAL(parse(&o, "-h", err, sizeof(err)), FILEOP_OPTS_HELP);
	CU_ASSERT_EQUAL(parse(&o, "--help", err, sizeof(err)), FILEOP_OPTS_HELP);
	CU_ASSERT_EQUAL(parse(&o, "-f 2 -h", err, sizeof(err)), FILEOP_OPTS_HELP);
	CU_ASSERT_EQUAL(parse(&o, "-v", err, sizeof(err)), FILEOP_OPTS_VERSION);
	CU_ASSERT_EQUAL(parse(&o, "-bv", err, sizeof(err)), FILEOP_OPTS_VERSION);
	/* an error before -h is still an error */
	CU_ASSERT_EQUAL(parse(&o, "-f x -h", err, sizeof(err)), -1);
}

struct bad_case {
	const char *line;
	const char *msg;       /* part of the message */
};

static const struct bad_case bad[] = {
	{ "-f abc", "-f 'abc': not a whole number" },
	{ "-f 0", "-f '0': must be from 1 to 1000" },
	{ "-f -3", "-f '-3'" },
	{ "-f 1001", "must be from 1 to 1000" },
	{ "-f 2.5", "-f '2.5'" },
	{ "-f", "-f: missing N" },
	{ "-s", "-s: missing SIZE" },
	{ "-d", "-d: missing DIR" },
	{ "-d -f", "found the option '-f' instead" },
	{ "-d ", "-d: missing DIR" },
	{ "-s 1x", "-s '1x': not a size" },
	{ "-s 1g", "-s '1g': not a size" },
	{ "-s k", "-s 'k': not a size" },
	{ "-s -1", "-s '-1': not a size" },
	{ "-s 1.5k", "not a size" },
	{ "-s 1025m", "largest file size" },
	{ "-s 99999999999999999999", "not a size" },
	{ "-l 4 -u 2", "-l 4 is above -u 2" },
	{ "-l 2", "-l 2: a range needs its upper end" },
	{ "-u 2", "-u 2: a range needs its lower end" },
	{ "-f 2 -l 1 -u 3", "-f with -l/-u" },
	{ "-i 2 -f 3", "-i 2: the step of a range needs the range" },
	{ "-i 0 -l 1 -u 2", "-i '0': must be from 1" },
	{ "-x", "unknown option '-x'" },
	{ "-B", "did you mean '-b'?" },
	{ "-l 1 -u 2 -I 1", "did you mean '-i'?" },
	{ "-bq", "unknown option '-q' in '-bq'" },
	{ "-U", "-U: missing DIR" },
	{ "2", "unexpected argument '2'" },
	{ "-f 2 extra", "unexpected argument 'extra'" },
	{ "-f 2 -- x", "unexpected argument 'x'" },
	{ "-", "unexpected argument '-'" },
	{ "--trial 2", "did you mean '--trials'?" },
	{ "--bogus", "unknown option '--bogus'" },
	{ "--trials", "option '--trials' needs a value" },
	{ "--trials 0", "--trials '0': must be from 1 to 1000" },
	{ "--trials x", "--trials 'x': not a whole number" },
	{ "--out", "option '--out' needs a value" },
	{ "--out=", "option '--out' needs a value" },
	{ "--latency=1", "option '--latency' takes no value" },
};

static void test_bad(void)
{
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct fileop_opts o;
		char err[IOSWEEP_ERR_MAX];
		int rc = parse(&o, bad[i].line, err, sizeof(err));
		CU_ASSERT_EQUAL(rc, -1);
		if (!strstr(err, bad[i].msg))
			fprintf(stderr, "'%s': got '%s', want '%s'\n", bad[i].line, err,
				bad[i].msg);
		CU_ASSERT_PTR_NOT_NULL(strstr(err, bad[i].msg));
		CU_ASSERT_PTR_NULL(strchr(err, '\n'));
	}
}

static void test_size(void)
{
	char err[IOSWEEP_ERR_MAX];
	uint64_t b = 7;

	CU_ASSERT_EQUAL(fileop_opts_size("4k", &b, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(b, 4096);
	CU_ASSERT_EQUAL(fileop_opts_size("3", &b, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(b, 3);
	CU_ASSERT_EQUAL(fileop_opts_size("", &b, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "empty size"));
	CU_ASSERT_EQUAL(fileop_opts_size("4kk", &b, err, sizeof(err)), -1);
	CU_ASSERT_EQUAL(fileop_opts_size(" 4", &b, err, sizeof(err)), -1);
	CU_ASSERT_EQUAL(b, 3);	/* unchanged on failure */
}

static const struct cu_case cases[] = {
	CU_CASE(test_good),
	CU_CASE(test_strings),
	CU_CASE(test_help_version),
	CU_CASE(test_bad),
	CU_CASE(test_size),
	{ 0 }
};

CU_MAIN("fileop_opts", cases)
