/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import_text_lines.h: the lines and blank-separated tokens the IOzone
 * text report parser (import_text.c) reads, with their columns, and the
 * small tests it makes on them.  Private to src/import/.  Nothing here
 * allocates: a line and its tokens point into the caller's buffer.
 */
#ifndef IOSWEEP_IMPORT_TEXT_LINES_H
#define IOSWEEP_IMPORT_TEXT_LINES_H

#include <stddef.h>
#include <stdint.h>

#define MAX_TOKENS 32

struct line {
	const char *s;
	size_t len;
	unsigned no;       /* 1-based */
	int terminated;    /* ended with '\n' */
};

struct token {
	const char *s;
	size_t len;
	size_t end;        /* column just past the token */
};

/*
 * The tokens of l into tok (at most max kept), each with the column just
 * past it, a tab advancing to the next multiple of 8; returns how many
 * tokens the line has (more than max when some were not kept).
 */
int tline_tokenize(const struct line *l, struct token *tok, int max);

/* Is the token exactly word? */
int tline_tok_is(const struct token *t, const char *word);

/* The token as a whole number (digits only) or a finite number: 0, or -1. */
int tline_tok_u64(const struct token *t, uint64_t *out);
int tline_tok_double(const struct token *t, double *out);

/* Where the line holds needle, or NULL. */
const char *tline_find(const struct line *l, const char *needle);

/* Is the line text, give or take blanks around it? */
int tline_is(const struct line *l, const char *text);

/* s (len bytes) with leading and trailing blanks cut, as a C string in buf. */
void tline_trim(const char *s, size_t len, char *buf, size_t buflen);

#endif
