/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * options_help.c: --help, and the titles of the option groups, written
 * from the one option table (options_table.c) that the parser reads too.
 *
 * Kept apart from the parser (options.c): printing the table needs none
 * of the parse state, and the man page (docgen.c) shares only the group
 * titles.  A golden test pins the output, byte for byte.
 */
#include "compat.h"

#include <stdio.h>
#include <string.h>

#include "options/options.h"
#include "options/options_priv.h"

#define OPT_NROWS opt_table_rows

static const char *const opt_group_title[OPT_GROUP_COUNT] = {
	"File and record sizes (IOzone)",
	"Tests (IOzone)",
	"Test file and timing (IOzone)",
	"Throughput mode (IOzone)",
	"Report (IOzone)",
	"Data shaping for dedup and compression (IOzone)",
	"iosweep additions",
	"Information",
	"IOzone options that iosweep refuses"
};

const char *options_group_title(enum opt_group g)
{
	return g < OPT_GROUP_COUNT ? opt_group_title[g] : "";
}

#define HELP_LEFT 30   /* column where the help text starts */
#define HELP_WIDTH 79

/* "-s, --file-size SIZE", "    --trials N", "-+u, --cpu" */
static void opt_help_left(const struct opt_row *row, char *out, size_t outlen)
{
	const char *meta = row->metavar ? row->metavar : "";
	const char *sep = row->metavar ? " " : "";

	if (row->letter && row->name)
		snprintf(out, outlen, "-%s, --%s%s%s", row->letter, row->name, sep, meta);
	else if (row->letter)
		snprintf(out, outlen, "-%s%s%s", row->letter, sep, meta);
	else
		snprintf(out, outlen, "    --%s%s%s", row->name, sep, meta);
}

/* Write text wrapped at HELP_WIDTH, continuation lines indented to col. */
static void opt_help_wrap(FILE *out, const char *text, size_t col, size_t at)
{
	const char *p = text;
	int first = 1;

	while (*p) {
		const char *word = p;
		size_t wl;

		while (*p && *p != ' ')
			p++;
		wl = (size_t)(p - word);
		if (!first && at + 1 + wl > HELP_WIDTH) {
			fprintf(out, "\n%*s", (int)col, "");
			at = col;
		} else if (!first) {
			fputc(' ', out);
			at++;
		}
		first = 0;
		fwrite(word, 1, wl, out);
		at += wl;
		while (*p == ' ')
			p++;
	}
	fputc('\n', out);
}

static void opt_help_row(FILE *out, const struct opt_row *row)
{
	char left[96], text[512];
	size_t at;

	opt_help_left(row, left, sizeof(left));
	if (row->defval)
		snprintf(text, sizeof(text), "%s (default %s)", row->help, row->defval);
	else
		snprintf(text, sizeof(text), "%s", row->help);
	at = 2 + strlen(left);
	fprintf(out, "  %s", left);
	if (at + 2 > HELP_LEFT) {
		fprintf(out, "\n%*s", HELP_LEFT, "");
	} else {
		fprintf(out, "%*s", (int)(HELP_LEFT - at), "");
	}
	opt_help_wrap(out, text, HELP_LEFT, HELP_LEFT);
}

void options_write_help(FILE *out)
{
	char line[1024];
	size_t g, i, at;

	fprintf(out,
		"usage: iosweep [options]\n"
		"\n"
		"Measures file I/O over a grid of file sizes and record sizes, "
		"the way IOzone\n"
		"does; IOzone's letters keep IOzone's meaning.  SIZE is a whole "
		"number of kB,\n"
		"or a number with k, m, g or t (64k, 16m, 2g).  Bad values are "
		"errors, never\n"
		"guessed.  Example: iosweep -a -n 64k -g 1g -i 0 -i 1 --trials 3\n");
	for (g = 0; g < OPT_GROUP_REJECTED; g++) {
		fprintf(out, "\n%s:\n", opt_group_title[g]);
		for (i = 0; i < OPT_NROWS; i++)
			if (opt_table[i].group == g)
				opt_help_row(out, &opt_table[i]);
	}
	fprintf(out, "\n%s (error, exit 2):\n", opt_group_title[OPT_GROUP_REJECTED]);
	for (i = 0; i < OPT_NROWS; i++) {
		size_t j;
		int first = 1;

		if (opt_table[i].group != OPT_GROUP_REJECTED)
			continue;
		/* one line per reason, the first row with it gathers the letters */
		for (j = 0; j < i; j++)
			if (opt_table[j].group == OPT_GROUP_REJECTED &&
			    !strcmp(opt_table[j].help, opt_table[i].help))
				break;
		if (j < i)
			continue;
		at = 0;
		for (j = i; j < OPT_NROWS; j++) {
			if (opt_table[j].group != OPT_GROUP_REJECTED ||
			    strcmp(opt_table[j].help, opt_table[i].help))
				continue;
			at += (size_t)snprintf(line + at, sizeof(line) - at, "%s-%s",
					       first ? "" : " ", opt_table[j].letter);
			first = 0;
			if (at >= sizeof(line))
				at = sizeof(line) - 1;
		}
		fprintf(out, "  ");
		snprintf(line + at, sizeof(line) - at, ": %s", opt_table[i].help);
		opt_help_wrap(out, line, 4, 2);
	}
	fprintf(out, "\nExit status: 0 done, 1 failure, 2 bad command line, "
		"3 I/O error, 4 bad input\nfile, 5 missing program, 130 "
		"interrupted.\n");
}
