/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmdargs.c: the table-driven parser of subcommand long options (see
 * cmdargs.h).  The four subcommands had one loop each that did the same
 * thing with small differences in what they accepted ("--out=DIR" in
 * some, "--" in others) and how they said it; one parser gives them the
 * same rules and the same messages.
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

/* The row whose name is arg up to '=' (or all of it), or NULL. */
static const struct cmdargs_opt *find(const struct cmdargs_opt *opts, size_t nopts,
				      const char *arg, size_t len)
{
	for (size_t i = 0; i < nopts; i++)
		if (strlen(opts[i].name) == len && strncmp(opts[i].name, arg, len) == 0)
			return &opts[i];
	return NULL;
}

int cmdargs_parse(struct cmdargs *ca, const struct cmdargs_opt *opts, size_t nopts,
		  int argc, char **argv, char *err, size_t errlen)
{
	int only_inputs = 0;

	memset(ca, 0, sizeof(*ca));
	ca->inputs = calloc(argc > 0 ? (size_t)argc : 1, sizeof(*ca->inputs));
	if (!ca->inputs) {
		err_set(err, errlen, "out of memory");
		return CMDARGS_BAD;
	}
	for (int i = 1; i < argc; i++) {
		char *a = argv[i];
		if (only_inputs || a[0] != '-' || a[1] == '\0') {
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
		const char *eq = strchr(a, '=');
		size_t len = eq ? (size_t)(eq - a) : strlen(a);
		const struct cmdargs_opt *o = find(opts, nopts, a, len);
		if (!o) {
			const char *s = cmdargs_suggest(opts, nopts, a, len);
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
			*(int *)o->dest = 1;
			continue;
		}
		char *v = eq ? (char *)eq + 1 : i + 1 < argc ? argv[++i] : NULL;
		if (!v) {
			err_set(err, errlen, "option '%s' needs a value", o->name);
			return CMDARGS_BAD;
		}
		if (o->nonempty && !*v) {
			err_set(err, errlen, "option '%s' needs a non-empty value", o->name);
			return CMDARGS_BAD;
		}
		if (o->kind == CMDARGS_STRING) {
			*(const char **)o->dest = v;
		} else if (list_add(ca, o->dest, v, argc) != 0) {
			err_set(err, errlen, "out of memory");
			return CMDARGS_BAD;
		}
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

int cmdargs_command(struct cmdargs *ca, const struct cmdargs_spec *sp, int argc,
		    char **argv, FILE *out, FILE *errout)
{
	char err[IOSWEEP_ERR_MAX];
	int rc = cmdargs_parse(ca, sp->opts, sp->nopts, argc, argv, err, sizeof(err));

	if (rc == 0 && !ca->help && ca->ninputs >= sp->min_inputs)
		return -1;
	if (rc == 0 && ca->help) {
		fputs(sp->usage, out);
	} else {
		fprintf(errout, "iosweep %s: %s\n", sp->cmd, rc ? err : sp->too_few);
		if (rc != CMDARGS_BAD)
			fputs(sp->usage, errout);
	}
	rc = rc == 0 && ca->help ? IOSWEEP_EXIT_OK : IOSWEEP_EXIT_USAGE;
	cmdargs_release(ca);
	return rc;
}
