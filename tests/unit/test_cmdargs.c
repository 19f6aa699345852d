/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_cmdargs.c: the subcommand option parser on a table of command
 * lines: what each option and input ends up as, and the exact message of
 * each error (missing, empty or unwanted value; unknown option with and
 * without a suggestion); letters as getopt reads them; options passed on
 * to another command; and the usage made from a table.
 */
#include "compat.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cu.h"
#include "iosweep.h"
#include "options/cmdargs.h"

struct parsed {
	const char *out, *label, *force;
	int gzip, best, worst;
	struct cmdargs_list tags, passed;
};

#define AT(field) offsetof(struct parsed, field)

static const struct cmdargs_opt opts[] = {
	{ .name = "--out", .kind = CMDARGS_STRING, .off = AT(out), .nonempty = 1,
	  .metavar = "DIR", .help = "the folder", .defval = "." },
	{ .name = "--label", .kind = CMDARGS_STRING, .off = AT(label), .metavar = "NAME",
	  .help = "a name" },
	{ .name = "--gzip", .kind = CMDARGS_FLAG, .off = AT(gzip), .help = "gzip it" },
	{ .name = "--tag", .kind = CMDARGS_LIST, .off = AT(tags), .metavar = "TAG",
	  .help = "a tag; repeatable" },
};

/* letters, and a row of options passed on */
static const struct cmdargs_opt letter_opts[] = {
	{ .letter = 'f', .kind = CMDARGS_STRING, .off = AT(force), .metavar = "N",
	  .help = "force" },
	{ .letter = 'b', .kind = CMDARGS_FLAG, .off = AT(best), .help = "best" },
	{ .letter = 'w', .name = "--worst", .kind = CMDARGS_FLAG, .off = AT(worst),
	  .help = "worst" },
	{ .name = "--out", .kind = CMDARGS_STRING, .off = AT(out), .metavar = "DIR",
	  .help = "the folder" },
};

static const struct cmdargs_opt pass_opts[] = {
	{ .name = "--out", .kind = CMDARGS_STRING, .off = AT(out), .metavar = "DIR",
	  .help = "the folder" },
	{ .name = "--gzip", .kind = CMDARGS_FLAG, .off = AT(gzip), .help = "gzip it" },
	{ .kind = CMDARGS_PASS, .off = AT(passed), .metavar = "SWEEP OPTIONS...",
	  .help = "passed on" },
};

/* argv of "cmd " + line split at '|' (so a value can be empty or hold blanks). */
static int split(char *buf, size_t len, const char *line, char **argv)
{
	int argc = 0;

	snprintf(buf, len, "%s", line);
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
	return argc;
}

static int parse_with(const struct cmdargs_opt *rows, size_t nrows, struct parsed *p,
		      struct cmdargs *ca, const char *line, char *err, size_t errlen)
{
	static char buf[512];
	char *argv[32];
	int argc = split(buf, sizeof(buf), line, argv);

	memset(p, 0, sizeof(*p));
	err[0] = '\0';
	return cmdargs_parse(ca, rows, nrows, p, argc, argv, err, errlen);
}

static int parse(struct parsed *p, struct cmdargs *ca, const char *line, char *err,
		 size_t errlen)
{
	return parse_with(opts, sizeof(opts) / sizeof(opts[0]), p, ca, line, err, errlen);
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
		{ "--label|-x|a", NULL, "-x", 0, "", "a", 0 },              /* a value */
		{ "--label=--gzip|a", NULL, "--gzip", 0, "", "a", 0 },      /* given with = */
		{ "--label|--nothing|a", NULL, "--nothing", 0, "", "a", 0 }, /* not an option */
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
		{ "--out=|a", CMDARGS_BAD, "option '--out' needs a value, not an empty one" },
		{ "--out||a", CMDARGS_BAD, "option '--out' needs a value, not an empty one" },
		{ "--gzip=1|a", CMDARGS_BAD, "option '--gzip' takes no value" },
		{ "--tag", CMDARGS_BAD, "option '--tag' needs a value" },
		/* another option is no value: "--label --out d" forgot the label */
		{ "--label|--gzip|a", CMDARGS_BAD,
		  "option '--label' needs a value (found the option '--gzip' instead)" },
		{ "--label|--out=d|a", CMDARGS_BAD,
		  "option '--label' needs a value (found the option '--out=d' instead)" },
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

/* Letters as getopt reads them: grouped, a value joined or next. */
static void test_letters(void)
{
	static const struct {
		const char *line;
		int rc;
		const char *force;
		int best, worst;
		const char *msg;        /* the error, or "" */
	} cases[] = {
		{ "-bw", 0, NULL, 1, 1, "" },
		{ "-f2", 0, "2", 0, 0, "" },
		{ "-bf|3", 0, "3", 1, 0, "" },
		{ "-f|-3", 0, "-3", 0, 0, "" },                        /* a value */
		{ "--worst|-f|1", 0, "1", 0, 1, "" },
		{ "-f", CMDARGS_BAD, NULL, 0, 0, "-f: missing N" },
		{ "-f|--out|d", CMDARGS_BAD, NULL, 0, 0,
		  "option '-f' needs a value (found the option '--out' instead)" },
		{ "-B", CMDARGS_UNKNOWN, NULL, 0, 0, "unknown option '-B'; did you mean '-b'?" },
		{ "-bq", CMDARGS_UNKNOWN, NULL, 0, 0, "unknown option '-q' in '-bq'" },
		{ "-x", CMDARGS_UNKNOWN, NULL, 0, 0, "unknown option '-x'" },
		{ "--wrst", CMDARGS_UNKNOWN, NULL, 0, 0,
		  "unknown option '--wrst'; did you mean '--worst'?" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct parsed p;
		struct cmdargs ca;
		char err[256];
		int rc = parse_with(letter_opts, sizeof(letter_opts) / sizeof(letter_opts[0]), &p,
				    &ca, cases[i].line, err, sizeof(err));
		CU_ASSERT_EQUAL(rc, cases[i].rc);
		if (strcmp(err, cases[i].msg) != 0) {
			fprintf(stderr, "%s: got '%s', want '%s'\n", cases[i].line, err,
				cases[i].msg);
			CU_FAIL("wrong message");
		}
		if (rc == 0) {
			CU_ASSERT(cases[i].force ? p.force && strcmp(p.force, cases[i].force) == 0
				  : !p.force);
			CU_ASSERT_EQUAL(p.best, cases[i].best);
			CU_ASSERT_EQUAL(p.worst, cases[i].worst);
		}
		cmdargs_release(&ca);
	}
}

/* A CMDARGS_PASS row: unknown options and the words after them, in order. */
static void test_pass(void)
{
	static const struct {
		const char *line;
		const char *passed, *inputs, *out;
	} cases[] = {
		{ "NAME|-I|-s|1g|--out|d|--runtime=60s", "-I,-s,1g,--runtime=60s", "NAME", "d" },
		{ "NAME|--gzip", "", "NAME", NULL },
		{ "a|b", "", "a,b", NULL },
		{ "--bogus|x|--|y", "--bogus,x", "y", NULL },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct parsed p;
		struct cmdargs ca;
		char err[256], joined[256];
		CU_ASSERT_EQUAL(parse_with(pass_opts, sizeof(pass_opts) / sizeof(pass_opts[0]),
					   &p, &ca, cases[i].line, err, sizeof(err)), 0);
		CU_ASSERT_STRING_EQUAL(join(p.passed.items, p.passed.n, joined, sizeof(joined)),
				       cases[i].passed);
		CU_ASSERT_STRING_EQUAL(join(ca.inputs, ca.ninputs, joined, sizeof(joined)),
				       cases[i].inputs);
		CU_ASSERT(cases[i].out ? p.out && strcmp(p.out, cases[i].out) == 0 : !p.out);
		cmdargs_release(&ca);
		CU_ASSERT_PTR_NULL(p.passed.items);
	}
}

static const struct cmdargs_spec spec_x = {
	.cmd = "x",
	.synopsis = "IN... [OPTIONS]\n--list",
	.about = "  IN: a file\n",
	.notes = "  that is all\n",
	.opts = opts,
	.nopts = sizeof(opts) / sizeof(opts[0]),
	.min_inputs = 1,
	.too_few = "no inputs",
};

#define USAGE_X \
	"usage: iosweep x IN... [OPTIONS]\n" \
	"       iosweep x --list\n" \
	"  IN: a file\n" \
	"  --out DIR     the folder (default .)\n" \
	"  --label NAME  a name\n" \
	"  --gzip        gzip it\n" \
	"  --tag TAG     a tag; repeatable\n" \
	"  that is all\n"

/* The command wrapper: exit codes and what goes where. */
static void test_command(void)
{
	static const struct {
		const char *argv[4];
		int rc;
		const char *out, *err;
	} cases[] = {
		{ { "x", "a", NULL }, -1, "", "" },
		{ { "x", "--help", NULL }, IOSWEEP_EXIT_OK, USAGE_X, "" },
		{ { "x", NULL }, IOSWEEP_EXIT_USAGE, "", "iosweep x: no inputs\n" USAGE_X },
		{ { "x", "--ot", "a", NULL }, IOSWEEP_EXIT_USAGE, "",
		  "iosweep x: unknown option '--ot'; did you mean '--out'?\n" },
		{ { "x", "--bogus", "a", NULL }, IOSWEEP_EXIT_USAGE, "",
		  "iosweep x: unknown option '--bogus' (iosweep x --help lists them)\n" },
		{ { "x", "a", "--out", NULL }, IOSWEEP_EXIT_USAGE, "",
		  "iosweep x: option '--out' needs a value\n" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct parsed p = { 0 };
		char obuf[1024] = "", ebuf[1024] = "";
		FILE *fo = fmemopen(obuf, sizeof(obuf), "w");
		FILE *fe = fmemopen(ebuf, sizeof(ebuf), "w");
		struct cmdargs ca;
		int argc = 0;
		CU_ASSERT_PTR_NOT_NULL_FATAL(fo);
		CU_ASSERT_PTR_NOT_NULL_FATAL(fe);
		while (cases[i].argv[argc])
			argc++;
		int rc = cmdargs_command(&ca, &spec_x, &p, argc, (char **)cases[i].argv, fo, fe);
		fclose(fo);
		fclose(fe);
		CU_ASSERT_EQUAL(rc, cases[i].rc);
		CU_ASSERT_STRING_EQUAL(obuf, cases[i].out);
		CU_ASSERT_STRING_EQUAL(ebuf, cases[i].err);
		if (rc == -1)
			cmdargs_release(&ca);
	}
}

/* A help line too long for one line wraps under itself; a long label gets a line. */
static void test_usage_wrap(void)
{
	static const struct cmdargs_opt rows[] = {
		{ .name = "--a", .kind = CMDARGS_FLAG, .help = "one two three four five six seven "
		  "eight nine ten eleven twelve thirteen fourteen fifteen sixteen" },
		{ .name = "--a-very-long-option-name", .kind = CMDARGS_STRING,
		  .metavar = "VALUE", .help = "short" },
	};
	const struct cmdargs_spec sp = { .cmd = "y", .synopsis = "[OPTIONS]", .opts = rows,
					 .nopts = 2 };
	char buf[1024] = "";
	FILE *f = fmemopen(buf, sizeof(buf), "w");

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	cmdargs_usage(&sp, f);
	fclose(f);
	CU_ASSERT_STRING_EQUAL(buf,
		"usage: iosweep y [OPTIONS]\n"
		"  --a  one two three four five six seven eight nine ten eleven twelve thirteen\n"
		"       fourteen fifteen sixteen\n"
		"  --a-very-long-option-name VALUE\n"
		"       short\n");
}

static const struct cu_case cases[] = {
	CU_CASE(test_values),
	CU_CASE(test_errors),
	CU_CASE(test_distance),
	CU_CASE(test_letters),
	CU_CASE(test_pass),
	CU_CASE(test_command),
	CU_CASE(test_usage_wrap),
	{ 0 },
};

CU_MAIN("cmdargs", cases)
