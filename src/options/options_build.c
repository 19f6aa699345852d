/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * options_build.c: a sweep's options given as values by another command
 * (options.h: `iosweep nas`, `iosweep profile`), not typed.
 *
 * Each value goes through its option's row as a typed one would: the
 * same range, the same handler, the same "given" state the rules across
 * options read, the same IOzone header lines; options_build_end runs
 * those rules.  Nothing is turned into a command line and read back: a
 * number stays a number.  What the builder writes is the option's word
 * for the run's record (o->words: the journal, so `iosweep resume`
 * parses it again, and the command line the report prints), in the form
 * a user would type ("-s 1g", "--runtime 1500ms").
 *
 * The first error sticks: later calls do nothing, options_build_end
 * returns it, so a caller gives all its values and checks once (a NULL
 * builder, begin's answer out of memory, is such an error too).
 */
#include "compat.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options/options.h"
#include "options/options_priv.h"

struct options_build {
	struct opt_parse ps;
	char shown[16];
	int failed;
};

struct options_build *options_build_begin(struct options *o, char *err, size_t errlen)
{
	struct options_build *b = calloc(1, sizeof(*b));

	if (!b) {
		memset(o, 0, sizeof(*o));
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	b->failed = opt_start(&b->ps, o, err, errlen) != 0;
	return b;
}

int options_build_words(struct options_build *b, int n, const char *const *words)
{
	if (!b)
		return -1;
	if (!b->failed)
		b->failed = opt_read(&b->ps, n, words) != 0;
	return b->failed ? -1 : 0;
}

/*
 * The row of name (a letter, "s" or "+n", or a long name, "trials") and
 * its word ("-s", "--trials") kept; NULL when there is none or after an
 * error.  A name no row has is the caller's bug, said like an unknown
 * option.
 */
static const struct opt_row *give(struct options_build *b, const char *name)
{
	size_t n = strlen(name);
	int letter = n == 1 || (n == 2 && name[0] == '+');
	const struct opt_row *row;

	if (!b || b->failed)
		return NULL;
	row = letter ? opt_by_letter(name) : opt_by_name(name, n);
	if (!row || row->arg == OPT_ARG_FILES) {
		b->failed = 1;
		opt_error(&b->ps, "internal: no option '%s' to give", name);
		return NULL;
	}
	snprintf(b->shown, sizeof(b->shown), "%s%s", letter ? "-" : "--", name);
	b->ps.shown = b->shown;
	if (opt_add_word(&b->ps, b->shown)) {
		b->failed = 1;
		return NULL;
	}
	return row;
}

/* The value's word kept, then the row given the value; failure sticks. */
static int apply(struct options_build *b, const struct opt_row *row, const char *word,
		 uint64_t value)
{
	if (opt_add_word(&b->ps, word) ||
	    opt_apply_value(&b->ps, row, b->ps.o->words[b->ps.o->nwords - 1], value))
		b->failed = 1;
	return b->failed ? -1 : 0;
}

int options_build_flag(struct options_build *b, const char *name)
{
	const struct opt_row *row = give(b, name);

	if (row && row->arg != OPT_ARG_NONE) {
		b->failed = 1;
		opt_error(&b->ps, "internal: %s takes a value", b->shown);
	}
	if (row && !b->failed && opt_apply_value(&b->ps, row, NULL, 0))
		b->failed = 1;
	return !row || b->failed ? -1 : 0;
}

/* A size in kB as a user writes it: the largest unit that divides it. */
static void size_word(uint64_t kb, char *w, size_t len)
{
	if (kb && kb % (UINT64_C(1024) * 1024) == 0)
		snprintf(w, len, "%" PRIu64 "g", kb / (UINT64_C(1024) * 1024));
	else if (kb && kb % 1024 == 0)
		snprintf(w, len, "%" PRIu64 "m", kb / 1024);
	else
		snprintf(w, len, "%" PRIu64 "k", kb);
}

int options_build_num(struct options_build *b, const char *name, uint64_t value)
{
	const struct opt_row *row = give(b, name);
	char w[32];

	if (!row)
		return -1;
	switch (row->arg) {
	case OPT_ARG_SIZE:
		size_word(value, w, sizeof(w));
		break;
	case OPT_ARG_DURATION:
		snprintf(w, sizeof(w), "%" PRIu64 "ms", value);
		break;
	case OPT_ARG_UINT:
	case OPT_ARG_TEST:
		snprintf(w, sizeof(w), "%" PRIu64, value);
		break;
	default:
		b->failed = 1;
		opt_error(&b->ps, "internal: %s takes no number", b->shown);
		return -1;
	}
	return apply(b, row, w, value);
}

int options_build_text(struct options_build *b, const char *name, const char *text)
{
	const struct opt_row *row = give(b, name);

	if (!row)
		return -1;
	if (row->arg == OPT_ARG_NONE) {
		b->failed = 1;
		opt_error(&b->ps, "internal: %s takes no value", b->shown);
		return -1;
	}
	if (opt_add_word(&b->ps, text) ||
	    opt_apply(&b->ps, row, b->ps.o->words[b->ps.o->nwords - 1]))
		b->failed = 1;
	return b->failed ? -1 : 0;
}

int options_build_end(struct options_build *b)
{
	int rc = -1;

	if (!b)
		return -1;
	if (!b->failed && opt_command_line(&b->ps) == 0)
		rc = opt_check(&b->ps);
	free(b);
	return rc;
}

int options_build_real(struct options_build *b, const char *name, double value)
{
	char w[40];

	/* a percentage's row (--ci) reads its word: it is the option's form */
	snprintf(w, sizeof(w), "%.6g%%", value);
	return options_build_text(b, name, w);
}
