/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmdargs.c: the table-driven parser of subcommand options, and the
 * usage made from the same table (see cmdargs.h).  The subcommands had
 * one loop each that did the same thing with small differences in what
 * they accepted ("--out=DIR" in some, "--" in others) and how they said
 * it, and a usage text each that could drift from the loop; one parser
 * gives them the same rules and the same messages, and one printer the
 * same layout.
 */
#include "compat.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options/cmdargs.h"
#include "iosweep.h"
#include "lib/err.h"

size_t cmdargs_distance(const char *a, size_t la, const char *b)
{
	size_t lb = strlen(b);
	size_t prev[64], cur[64];

	if (la >= 63 || lb >= 63)
		return SIZE_MAX;
	for (size_t j = 0; j <= lb; j++)
		prev[j] = j;
	for (size_t i = 1; i <= la; i++) {
		cur[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t sub = prev[j - 1] + (a[i - 1] != b[j - 1]);
			size_t del = prev[j] + 1, ins = cur[j - 1] + 1;
			cur[j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
		}
		memcpy(prev, cur, (lb + 1) * sizeof(prev[0]));
	}
	return prev[lb];
}

static const char *cmdargs_suggest(const struct cmdargs_opt *opts, size_t nopts,
				   const char *name, size_t len)
{
	const char *best = NULL;
	size_t best_d = SIZE_MAX;

	for (size_t i = 0; i <= nopts; i++) {
		const char *cand = i < nopts ? opts[i].name : "--help";
		if (!cand)
			continue;
		size_t d = cmdargs_distance(name, len, cand);
		if (len >= 5 && strncmp(cand, name, len) == 0)  /* "--ove": 3 letters */
			d = 1;
		if (d < best_d) {
			best_d = d;
			best = cand;
		}
	}
	return best && best_d <= 2 && best_d + 2 < len ? best : NULL;
}

static int list_add(struct cmdargs *ca, struct cmdargs_list *l, char *item, int argc)
{
	if (!l->items) {
		if (ca->nlists == CMDARGS_MAX_LISTS)
			return -1;
		l->n = 0;
		if (!(l->items = calloc((size_t)argc, sizeof(*l->items))))
			return -1;
		ca->lists[ca->nlists++] = l;
	}
	l->items[l->n++] = item;
	return 0;
}

/* The CMDARGS_PASS row, or NULL. */
static const struct cmdargs_opt *find_pass(const struct cmdargs_opt *opts, size_t nopts)
{
	for (size_t i = 0; i < nopts; i++)
		if (opts[i].kind == CMDARGS_PASS)
			return &opts[i];
	return NULL;
}

/* The row whose name is arg up to '=' (or all of it), or NULL. */
static const struct cmdargs_opt *find(const struct cmdargs_opt *opts, size_t nopts,
				      const char *arg, size_t len)
{
	for (size_t i = 0; i < nopts; i++)
		if (opts[i].name && strlen(opts[i].name) == len &&
		    strncmp(opts[i].name, arg, len) == 0)
			return &opts[i];
	return NULL;
}

/* The row of letter c, or NULL. */
static const struct cmdargs_opt *find_letter(const struct cmdargs_opt *opts, size_t nopts,
					     char c)
{
	for (size_t i = 0; i < nopts; i++)
		if (opts[i].letter && opts[i].letter == c)
			return &opts[i];
	return NULL;
}

static int has_letters(const struct cmdargs_opt *opts, size_t nopts)
{
	for (size_t i = 0; i < nopts; i++)
		if (opts[i].letter)
			return 1;
	return 0;
}

/*
 * The next word, argv[*i + 1], as the value of the option shown: NULL with
 * the message (naming metavar, for a letter) when there is none or when
 * it is another of this command's long options ("--label --agent A": the
 * value forgotten, so --agent is not taken for a label; an agent's job
 * relies on it, net/remote.h).
 */
static char *next_value(const struct cmdargs_opt *opts, size_t nopts, int argc, char **argv,
			int *i, const char *shown, const char *metavar, char *err, size_t errlen)
{
	char *v = *i + 1 < argc ? argv[*i + 1] : NULL;

	if (!v && metavar)
		err_set(err, errlen, "%s: missing %s", shown, metavar);
	else if (!v)
		err_set(err, errlen, "option '%s' needs a value", shown);
	if (!v)
		return NULL;
	if (v[0] == '-' && v[1] == '-' && v[2] &&
	    find(opts, nopts, v, strchr(v, '=') ? (size_t)(strchr(v, '=') - v) : strlen(v))) {
		err_set(err, errlen, "option '%s' needs a value (found the option '%s' "
			"instead)", shown, v);
		return NULL;
	}
	++*i;
	return v;
}

/* Store value v of row o (a string, a list or the passed) in args: 0, or
 * CMDARGS_BAD with the message (shown: the option as typed). */
static int store(struct cmdargs *ca, const struct cmdargs_opt *o, void *args, char *v,
		 const char *shown, int argc, char *err, size_t errlen)
{
	void *at = (char *)args + o->off;

	if (o->nonempty && !*v) {
		err_set(err, errlen, "option '%s' needs a value, not an empty one", shown);
		return CMDARGS_BAD;
	}
	if (o->kind == CMDARGS_STRING) {
		*(const char **)at = v;
	} else if (list_add(ca, at, v, argc) != 0) {
		err_set(err, errlen, "out of memory");
		return CMDARGS_BAD;
	}
	return 0;
}

/*
 * One word of letters, argv[*i] ("-bw", "-f2", "-f" with the value next):
 * 0, 1 for -h, or an error.
 */
static int parse_letters(struct cmdargs *ca, const struct cmdargs_opt *opts, size_t nopts,
			 void *args, int argc, char **argv, int *i, char *err, size_t errlen)
{
	char *a = argv[*i];

	for (char *p = a + 1; *p; p++) {
		const struct cmdargs_opt *o = find_letter(opts, nopts, *p);
		char shown[3] = { '-', *p, '\0' };
		if (*p == 'h')
			return 1;
		if (!o) {
			char other = (char)(*p >= 'a' && *p <= 'z' ? *p - 'a' + 'A'
					    : *p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : 0);
			ca->near = other && (other == 'h' || find_letter(opts, nopts, other));
			if (ca->near)
				err_set(err, errlen, "unknown option '-%c'; did you mean '-%c'?",
					*p, other);
			else if (p > a + 1)
				err_set(err, errlen, "unknown option '-%c' in '%s'", *p, a);
			else
				err_set(err, errlen, "unknown option '-%c'", *p);
			return CMDARGS_UNKNOWN;
		}
		if (o->kind == CMDARGS_FLAG) {
			*(int *)((char *)args + o->off) = 1;
			continue;
		}
		char *v = p[1] ? p + 1 : next_value(opts, nopts, argc, argv, i, shown,
							    o->metavar ? o->metavar : "its value",
							    err, errlen);
		if (!v)
			return CMDARGS_BAD;
		return store(ca, o, args, v, shown, argc, err, errlen);
	}
	return 0;
}

int cmdargs_parse(struct cmdargs *ca, const struct cmdargs_opt *opts, size_t nopts,
		  void *args, int argc, char **argv, char *err, size_t errlen)
{
	int only_inputs = 0, letters = has_letters(opts, nopts);
	const struct cmdargs_opt *pass = find_pass(opts, nopts);
	struct cmdargs_list *passed = pass ? (void *)((char *)args + pass->off) : NULL;

	memset(ca, 0, sizeof(*ca));
	ca->inputs = calloc(argc > 0 ? (size_t)argc : 1, sizeof(*ca->inputs));
	if (!ca->inputs) {
		err_set(err, errlen, "out of memory");
		return CMDARGS_BAD;
	}
	for (int i = 1; i < argc; i++) {
		char *a = argv[i];
		if (only_inputs || a[0] != '-' || a[1] == '\0') {
			if (passed && passed->n && !only_inputs) {   /* a passed option's value */
				if (store(ca, pass, args, a, "", argc, err, errlen) != 0)
					return CMDARGS_BAD;
				continue;
			}
			ca->inputs[ca->ninputs++] = a;
			continue;
		}
		if (strcmp(a, "--") == 0) {
			only_inputs = 1;
			continue;
		}
		if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			ca->help = 1;
			return 0;
		}
		if (letters && a[1] != '-') {
			int rc = parse_letters(ca, opts, nopts, args, argc, argv, &i, err, errlen);
			if (rc == 1) {
				ca->help = 1;
				return 0;
			}
			if (rc)
				return rc;
			continue;
		}
		const char *eq = strchr(a, '=');
		size_t len = eq ? (size_t)(eq - a) : strlen(a);
		const struct cmdargs_opt *o = find(opts, nopts, a, len);
		if (!o && passed) {
			if (store(ca, pass, args, a, "", argc, err, errlen) != 0)
				return CMDARGS_BAD;
			continue;
		}
		if (!o) {
			const char *s = cmdargs_suggest(opts, nopts, a, len);
			ca->near = s != NULL;
			if (s)
				err_set(err, errlen, "unknown option '%.*s'; did you mean '%s'?",
					(int)len, a, s);
			else
				err_set(err, errlen, "unknown option '%.*s'", (int)len, a);
			return CMDARGS_UNKNOWN;
		}
		if (o->kind == CMDARGS_FLAG) {
			if (eq) {
				err_set(err, errlen, "option '%s' takes no value", o->name);
				return CMDARGS_BAD;
			}
			*(int *)((char *)args + o->off) = 1;
			continue;
		}
		char *v = eq ? (char *)eq + 1 : next_value(opts, nopts, argc, argv, &i, o->name,
							   NULL, err, errlen);
		if (!v)
			return CMDARGS_BAD;
		int rc = store(ca, o, args, v, o->name, argc, err, errlen);
		if (rc)
			return rc;
	}
	return 0;
}

void cmdargs_release(struct cmdargs *ca)
{
	for (size_t i = 0; i < ca->nlists; i++) {
		free(ca->lists[i]->items);
		ca->lists[i]->items = NULL;
		ca->lists[i]->n = 0;
	}
	ca->nlists = 0;
	free(ca->inputs);
	ca->inputs = NULL;
	ca->ninputs = 0;
}

int cmdargs_command(struct cmdargs *ca, const struct cmdargs_spec *sp, void *args,
		    int argc, char **argv, FILE *out, FILE *errout)
{
	char err[IOSWEEP_ERR_MAX];
	int rc = cmdargs_parse(ca, sp->opts, sp->nopts, args, argc, argv, err, sizeof(err));

	if (rc == 0 && !ca->help && ca->ninputs >= sp->min_inputs)
		return -1;
	if (rc == 0 && ca->help) {
		cmdargs_usage(sp, out);
	} else if (rc == 0) {
		fprintf(errout, "iosweep %s: %s\n", sp->cmd, sp->too_few);
		cmdargs_usage(sp, errout);
	} else if (rc == CMDARGS_UNKNOWN && !ca->near) {
		fprintf(errout, "iosweep %s: %s (iosweep %s --help lists them)\n", sp->cmd, err,
			sp->cmd);
	} else {
		fprintf(errout, "iosweep %s: %s\n", sp->cmd, err);
	}
	rc = rc == 0 && ca->help ? IOSWEEP_EXIT_OK : IOSWEEP_EXIT_USAGE;
	cmdargs_release(ca);
	return rc;
}

/* ---- usage ---------------------------------------------------------------- */

#define USAGE_WIDTH 79   /* the last column a usage line may fill */
#define USAGE_MAX_COL 22 /* help starts here at most; longer labels get their own line */

const char *cmdargs_label(const struct cmdargs_opt *o, int metavar, char *buf, size_t len)
{
	size_t n;

	if (!o->name && !o->letter)          /* CMDARGS_PASS: what is passed on */
		snprintf(buf, len, "%s", o->metavar ? o->metavar : "");
	else if (o->letter && o->name)
		snprintf(buf, len, "-%c, %s", o->letter, o->name);
	else if (o->letter)
		snprintf(buf, len, "-%c", o->letter);
	else
		snprintf(buf, len, "%s", o->name);
	n = strlen(buf);
	if (metavar && o->kind != CMDARGS_FLAG && (o->name || o->letter))
		snprintf(buf + n, len - n, " %s", o->metavar ? o->metavar : "VALUE");
	return buf;
}

/* text from column col on, wrapped at USAGE_WIDTH with col spaces before each new line. */
static void usage_wrap(FILE *out, const char *text, size_t col)
{
	size_t at = col;

	while (*text) {
		size_t n = strcspn(text, " ");
		if (at > col && at + 1 + n > USAGE_WIDTH) {
			fprintf(out, "\n%*s", (int)col, "");
			at = col;
		} else if (at > col) {
			fputc(' ', out);
			at++;
		}
		fwrite(text, 1, n, out);
		at += n;
		text += n;
		while (*text == ' ')
			text++;
	}
	fputc('\n', out);
}

/* Each form of sp's synopsis: "usage: iosweep CMD FORM", then lead blank. */
static void usage_synopsis(const struct cmdargs_spec *sp, const char *lead, FILE *out)
{
	for (const char *s = sp->synopsis; s && *s;) {
		size_t n = strcspn(s, "\n");
		fprintf(out, "%s iosweep %s %.*s\n", lead, sp->cmd, (int)n, s);
		lead = "      ";
		s += n + (s[n] == '\n');
	}
}

void cmdargs_usage(const struct cmdargs_spec *sp, FILE *out)
{
	char label[96], help[512];
	size_t col = 0;

	usage_synopsis(sp, "usage:", out);
	for (size_t i = 0; i < sp->nwords; i++)
		usage_synopsis(sp->words[i], "      ", out);
	if (sp->about)
		fputs(sp->about, out);
	for (size_t i = 0; i < sp->nopts; i++) {
		size_t n = strlen(cmdargs_label(&sp->opts[i], 1, label, sizeof(label))) + 4;
		if (n > col && n <= USAGE_MAX_COL)
			col = n;
	}
	for (size_t i = 0; i < sp->nopts; i++) {
		const struct cmdargs_opt *o = &sp->opts[i];
		int n = fprintf(out, "  %s", cmdargs_label(o, 1, label, sizeof(label)));
		snprintf(help, sizeof(help), "%s%s%s%s", o->help ? o->help : "",
			 o->defval ? " (default " : "", o->defval ? o->defval : "",
			 o->defval ? ")" : "");
		if (n < 0 || (size_t)n + 2 > col)
			fprintf(out, "\n%*s", (int)col, "");
		else
			fprintf(out, "%*s", (int)(col - (size_t)n), "");
		usage_wrap(out, help, col);
	}
	if (sp->notes)
		fputs(sp->notes, out);
}
