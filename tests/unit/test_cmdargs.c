/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_cmdargs.c: the subcommand option parser on a table of command
 * lines: what each option and input ends up as, and the exact message of
 * each error (missing, empty or unwanted value; unknown option with and
 * without a suggestion).
 */
#include "compat.h"

#include <stdio.h>
#include <string.h>

#include "cu.h"
#include "options/cmdargs.h"

struct parsed {
	const char *out, *label;
	int gzip;
	struct cmdargs_list tags;
};

static int parse(struct parsed *p, struct cmdargs *ca, const char *line, char *err,
		 size_t errlen)
{
	static char buf[512];
	char *argv[32];
	int argc = 0;
	const struct cmdargs_opt opts[] = {
		{ "--out", CMDARGS_STRING, &p->out, 1 },
		{ "--label", CMDARGS_STRING, &p->label, 0 },
		{ "--gzip", CMDARGS_FLAG, &p->gzip, 0 },
		{ "--tag", CMDARGS_LIST, &p->tags, 0 },
	};

	memset(p, 0, sizeof(*p));
	snprintf(buf, sizeof(buf), "%s", line);
	argv[argc++] = "cmd";
	/* words split at '|' so a value can be empty or hold blanks */
	for (char *w = buf; w && argc < 31;) {
		char *bar = strchr(w, '|');
		if (bar)
			*bar = '\0';
		if (*w || bar)
			argv[argc++] = w;
		w = bar ? bar + 1 : NULL;
	}
	argv[argc] = NULL;
	err[0] = '\0';
	return cmdargs_parse(ca, opts, sizeof(opts) / sizeof(opts[0]), argc, argv, err, errlen);
}

/* items joined with ',' into buf. */
static const char *join(char **items, size_t n, char *buf, size_t len)
{
	size_t o = 0;
	buf[0] = '\0';
	for (size_t k = 0; k < n && o < len; k++)
		o += (size_t)snprintf(buf + o, len - o, "%s%s", k ? "," : "", items[k]);
	return buf;
}

static void test_values(void)
{
	static const struct {
		const char *line;
		const char *out, *label;
		int gzip;
		const char *tags;      /* joined with ',' */
		const char *inputs;    /* joined with ',' */
		int help;
	} cases[] = {
		{ "a|--out|d|b", "d", NULL, 0, "", "a,b", 0 },
		{ "--out=d|a|--gzip", "d", NULL, 1, "", "a", 0 },
		{ "--out|x|--out|y|a", "y", NULL, 0, "", "a", 0 },          /* the last wins */
		{ "--tag|1|a|--tag=2|--tag|3", NULL, NULL, 0, "1,2,3", "a", 0 },
		{ "-|--|--gzip|-x", NULL, NULL, 0, "", "-,--gzip,-x", 0 },  /* inputs */
		{ "--label=|a", NULL, "", 0, "", "a", 0 },                  /* may be empty */
		{ "--label|--gzip|a", NULL, "--gzip", 0, "", "a", 0 },      /* a value */
		{ "a|-h|--bogus", NULL, NULL, 0, "", "a", 1 },              /* help stops */
		{ "--help", NULL, NULL, 0, "", "", 1 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct parsed p;
		struct cmdargs ca;
		char err[256], joined[256];
		CU_ASSERT_EQUAL(parse(&p, &ca, cases[i].line, err, sizeof(err)), 0);
		if (err[0])
			fprintf(stderr, "%s: %s\n", cases[i].line, err);
		CU_ASSERT_EQUAL(ca.help, cases[i].help);
		CU_ASSERT_EQUAL(p.gzip, cases[i].gzip);
		CU_ASSERT(cases[i].out ? p.out && strcmp(p.out, cases[i].out) == 0 : !p.out);
		CU_ASSERT(cases[i].label ? p.label && strcmp(p.label, cases[i].label) == 0
			  : !p.label);
		CU_ASSERT_STRING_EQUAL(join(p.tags.items, p.tags.n, joined, sizeof(joined)),
				       cases[i].tags);
		CU_ASSERT_STRING_EQUAL(join(ca.inputs, ca.ninputs, joined, sizeof(joined)),
				       cases[i].inputs);
		cmdargs_release(&ca);
		CU_ASSERT_PTR_NULL(p.tags.items);
		CU_ASSERT_PTR_NULL(ca.inputs);
	}
}

static void test_errors(void)
{
	static const struct {
		const char *line;
		int rc;
		const char *msg;
	} cases[] = {
		{ "a|--out", CMDARGS_BAD, "option '--out' needs a value" },
		{ "--out=|a", CMDARGS_BAD, "option '--out' needs a non-empty value" },
		{ "--out||a", CMDARGS_BAD, "option '--out' needs a non-empty value" },
		{ "--gzip=1|a", CMDARGS_BAD, "option '--gzip' takes no value" },
		{ "--tag", CMDARGS_BAD, "option '--tag' needs a value" },
		{ "--outt|d", CMDARGS_UNKNOWN, "unknown option '--outt'; did you mean '--out'?" },
		{ "--gzp", CMDARGS_UNKNOWN, "unknown option '--gzp'; did you mean '--gzip'?" },
		{ "--lab", CMDARGS_UNKNOWN, "unknown option '--lab'; did you mean '--label'?" },
		{ "--hepl", CMDARGS_UNKNOWN, "unknown option '--hepl'; did you mean '--help'?" },
		{ "--bogus=3", CMDARGS_UNKNOWN, "unknown option '--bogus'" },
		{ "-o|d", CMDARGS_UNKNOWN, "unknown option '-o'" },
		{ "--tag|1|--nothing-like-it", CMDARGS_UNKNOWN, "unknown option '--nothing-like-it'" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct parsed p;
		struct cmdargs ca;
		char err[256];
		CU_ASSERT_EQUAL(parse(&p, &ca, cases[i].line, err, sizeof(err)), cases[i].rc);
		if (strcmp(err, cases[i].msg) != 0) {
			fprintf(stderr, "%s: got '%s', want '%s'\n", cases[i].line, err, cases[i].msg);
			CU_FAIL("wrong message");
		}
		cmdargs_release(&ca);
	}
}

static void test_distance(void)
{
	static const struct {
		const char *a, *b;
		size_t d;
	} cases[] = {
		{ "", "", 0 }, { "out", "out", 0 }, { "outt", "out", 1 }, { "otu", "out", 2 },
		{ "kitten", "sitting", 3 }, { "", "abc", 3 }, { "abc", "", 3 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CU_ASSERT_EQUAL(cmdargs_distance(cases[i].a, strlen(cases[i].a), cases[i].b),
				cases[i].d);
}

/* The command wrapper: exit codes and what goes where. */
static void test_command(void)
{
	static const char usage[] = "usage: iosweep x IN...\n";
	static const struct {
		const char *argv[4];
		int rc;
		const char *out, *err;
	} cases[] = {
		{ { "x", "a", NULL }, -1, "", "" },
		{ { "x", "--help", NULL }, 0, usage, "" },
		{ { "x", NULL }, 2, "", "iosweep x: no inputs\nusage: iosweep x IN...\n" },
		{ { "x", "--ot", "a", NULL }, 2, "",
		  "iosweep x: unknown option '--ot'; did you mean '--out'?\nusage: iosweep x IN...\n" },
		{ { "x", "a", "--out", NULL }, 2, "", "iosweep x: option '--out' needs a value\n" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *out = NULL;
		const struct cmdargs_opt opts[] = { { "--out", CMDARGS_STRING, &out, 1 } };
		const struct cmdargs_spec spec = { "x", usage, opts, 1, 1, "no inputs" };
		char obuf[256] = "", ebuf[256] = "";
		FILE *fo = fmemopen(obuf, sizeof(obuf), "w");
		FILE *fe = fmemopen(ebuf, sizeof(ebuf), "w");
		struct cmdargs ca;
		int argc = 0;
		CU_ASSERT_PTR_NOT_NULL_FATAL(fo);
		CU_ASSERT_PTR_NOT_NULL_FATAL(fe);
		while (cases[i].argv[argc])
			argc++;
		int rc = cmdargs_command(&ca, &spec, argc, (char **)cases[i].argv, fo, fe);
		fclose(fo);
		fclose(fe);
		CU_ASSERT_EQUAL(rc, cases[i].rc);
		CU_ASSERT_STRING_EQUAL(obuf, cases[i].out);
		CU_ASSERT_STRING_EQUAL(ebuf, cases[i].err);
		if (rc == -1)
			cmdargs_release(&ca);
	}
}

static const struct cu_case cases[] = {
	CU_CASE(test_values),
	CU_CASE(test_errors),
	CU_CASE(test_distance),
	CU_CASE(test_command),
	{ 0 },
};

CU_MAIN("cmdargs", cases)
