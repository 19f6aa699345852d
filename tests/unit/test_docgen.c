/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_docgen.c: the man page and the completions come from the option
 * table: every option row (letter and long name) is in the man page, every
 * option a user may give is in both completions, refused IOzone letters
 * are in the man page but offered by no completion, each subcommand's
 * options (read from its usage text) are in all three, and the roff text
 * has no stray control lines or unescaped backslashes.
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "cu.h"
#include "options/cmdargs.h"
#include "options/docgen.h"
#include "iosweep.h"
#include "options/options.h"
#include "options/options_priv.h"

/* The document fn writes, as a string (malloc'd). */
static char *doc(int (*fn)(FILE *))
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL(fn(f), 0);
	fclose(f);
	return text;
}

/* "--file-size" as the man page writes it: \-\-file\-size */
static void roff_name(const char *dashes, const char *name, char *out, size_t outlen)
{
	size_t o = 0;
	for (const char *p = dashes; *p && o + 3 < outlen; p++) {
		out[o++] = '\\';
		out[o++] = '-';
	}
	for (const char *p = name; *p && o + 3 < outlen; p++) {
		if (*p == '-')
			out[o++] = '\\';
		out[o++] = *p;
	}
	out[o] = '\0';
}

static void test_man_every_option(void)
{
	char *man = doc(docgen_man), want[128];
	size_t rows = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(man);
	CU_ASSERT_PTR_NOT_NULL(strstr(man, ".TH IOSWEEP 1 "));
	for (size_t i = 0; i < opt_table_rows; i++) {
		const struct opt_row *r = &opt_table[i];
		if (r->letter) {
			roff_name("-", r->letter, want, sizeof(want));
			snprintf(want + strlen(want), sizeof(want) - strlen(want), "\\fR");
			if (!strstr(man, want))
				printf("\nman page lacks -%s\n", r->letter);
			CU_ASSERT_PTR_NOT_NULL(strstr(man, want));
		}
		if (r->name) {
			roff_name("--", r->name, want, sizeof(want));
			CU_ASSERT_PTR_NOT_NULL(strstr(man, want));
		}
		rows++;
	}
	CU_ASSERT(rows > 100);
	for (const char *s = "SYNOPSIS\0DESCRIPTION\0OPTIONS\0COMMANDS\0UNITS\0FILES\0"
	     "ENVIRONMENT\0EXIT STATUS\0EXAMPLES\0SEE ALSO\0"; *s; s += strlen(s) + 1) {
		char sh[64];
		snprintf(sh, sizeof(sh), "\n.SH %s\n", s);
		CU_ASSERT_PTR_NOT_NULL(strstr(man, sh));
	}
	CU_ASSERT_PTR_NOT_NULL(strstr(man, "\n.SS iosweep plot\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(man, "\\-\\-highlight"));   /* plot's usage text */
	CU_ASSERT_PTR_NOT_NULL(strstr(man, "\n.B 130\n"));
	/* roff hygiene: every line that starts with '.' is a request we wrote,
	 * every backslash starts an escape */
	for (const char *l = man; *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : l + strlen(l)) {
		if (*l == '.' || *l == '\'') {
			int known = 0;
			for (const char *q = ".TH\0.SH\0.SS\0.TP\0.PP\0.B \0.BR\0.I \0.RS\0.RE\0.nf\0"
			     ".fi\0.br\0.nh\0.ad\0.\\\"\0"; *q; q += strlen(q) + 1)
				if (strncmp(l, q, strlen(q)) == 0)
					known = 1;
			if (!known)
				printf("\nstray control line: %.40s\n", l);
			CU_ASSERT(known);
		}
	}
	for (const char *p = man; (p = strchr(p, '\\')); p += 2)
		CU_ASSERT(strchr("-efR&BI\"", p[1]) && p[1]);
	free(man);
}

static void test_completions(void)
{
	char *bash = doc(docgen_bash), *zsh = doc(docgen_zsh), want[96];

	CU_ASSERT_PTR_NOT_NULL_FATAL(bash);
	CU_ASSERT_PTR_NOT_NULL_FATAL(zsh);
	/* the sweep's words: the opts="..." line of the catch-all case */
	const char *o = strstr(bash, "\t*)\n\t\topts=\"");
	CU_ASSERT_PTR_NOT_NULL_FATAL(o);
	o += strlen("\t*)\n\t\topts=\"");
	char *sweep = malloc(strcspn(o, "\"") + 2);
	CU_ASSERT_PTR_NOT_NULL_FATAL(sweep);
	snprintf(sweep, strcspn(o, "\"") + 2, "%.*s ", (int)strcspn(o, "\""), o);
	for (size_t i = 0; i < opt_table_rows; i++) {
		const struct opt_row *r = &opt_table[i];
		int refused = r->group == OPT_GROUP_REJECTED;
		if (r->name) {
			snprintf(want, sizeof(want), " --%s ", r->name);
			CU_ASSERT_EQUAL(strstr(sweep, want) != NULL, !refused);
			snprintf(want, sizeof(want), "'--%s:", r->name);
			CU_ASSERT_EQUAL(strstr(zsh, want) != NULL, !refused);
		}
		if (r->letter) {
			snprintf(want, sizeof(want), " -%s ", r->letter);
			CU_ASSERT_EQUAL(strstr(sweep, want) != NULL, !refused);
		}
	}
	/* subcommands and their options, from their tables (and their words') */
	CU_ASSERT_PTR_NOT_NULL(strstr(bash, "\tplot)\n\t\topts=\" --out --format --tests"));
	CU_ASSERT_PTR_NOT_NULL(strstr(bash, "valued=\" --out --format --tests --record"));
	CU_ASSERT_PTR_NOT_NULL(strstr(bash, "\timport)\n\t\topts=\" --label --out --gzip "));
	CU_ASSERT_PTR_NOT_NULL(strstr(bash, " --overwrite --help\"\n\t\tvalued=\" --label --out\"\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(bash, "\tfileop)\n\t\topts=\" -f -l -u -i -s -e -b "));
	CU_ASSERT_PTR_NOT_NULL(strstr(zsh, "'--no-render:only write the scripts'"));
	for (size_t i = 0; i < cmd_table_len; i++) {
		const struct cmdargs_spec *sp = cmd_table[i].args;
		char head[64];
		snprintf(head, sizeof(head), "\t%s)\n\t\topts=\"", cmd_table[i].word);
		const char *sec = strstr(bash, head);
		CU_ASSERT_PTR_NOT_NULL_FATAL(sec);
		size_t len = strcspn(sec + strlen(head), "\"");
		for (size_t w = 0; w < (sp->nwords ? sp->nwords : 1); w++) {
			const struct cmdargs_spec *ws = sp->nwords ? sp->words[w] : sp;
			for (size_t k = 0; k < ws->nopts; k++) {
				if (!ws->opts[k].name)
					continue;
				snprintf(want, sizeof(want), " %s", ws->opts[k].name);
				char *line = malloc(len + 1);   /* no strndup on MinGW */
				CU_ASSERT_PTR_NOT_NULL_FATAL(line);
				memcpy(line, sec + strlen(head), len);
				line[len] = '\0';
				if (!strstr(line, want))
					printf("\n%s: no %s in its completions\n",
					       cmd_table[i].word, want);
				CU_ASSERT_PTR_NOT_NULL(strstr(line, want));
				free(line);
			}
		}
	}
	CU_ASSERT_PTR_NOT_NULL(strstr(zsh, "'--trials:"));
	CU_ASSERT_PTR_NOT_NULL(strstr(zsh, "#compdef iosweep\n"));
	free(sweep);
	free(bash);
	free(zsh);
}

static void test_main_modes(void)
{
	CU_ASSERT_EQUAL(docgen_main("--help-nothing"), -1);
	CU_ASSERT_EQUAL(docgen_main("--help"), -1);
}

static const struct cu_case cases[] = {
	CU_CASE(test_man_every_option),
	CU_CASE(test_completions),
	CU_CASE(test_main_modes),
	{ 0, 0 }
};

CU_MAIN("docgen", cases)
