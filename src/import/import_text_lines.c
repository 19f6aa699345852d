/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import_text_lines.c: the line and token toolkit below the IOzone text
 * report parser (import_text_lines.h).  IOzone's tables are read by
 * column, so each token keeps where it ends on its line.
 */
#include "compat.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "import/import_text_lines.h"

/* Tokens of a line with their end columns (a tab advances to the next 8). */
int tline_tokenize(const struct line *l, struct token *tok, int max)
{
	int n = 0;
	size_t col = 0, i = 0;
	while (i < l->len) {
		char c = l->s[i];
		if (c == ' ') {
			col++;
			i++;
			continue;
		}
		if (c == '\t') {
			col = (col / 8 + 1) * 8;
			i++;
			continue;
		}
		size_t start = i;
		while (i < l->len && l->s[i] != ' ' && l->s[i] != '\t')
			i++;
		if (n < max) {
			tok[n].s = l->s + start;
			tok[n].len = i - start;
			tok[n].end = col + (i - start);
		}
		n++;
		col += i - start;
	}
	return n;
}

int tline_tok_is(const struct token *t, const char *word)
{
	size_t n = strlen(word);
	return t->len == n && memcmp(t->s, word, n) == 0;
}

int tline_tok_u64(const struct token *t, uint64_t *out)
{
	char buf[32];
	if (t->len == 0 || t->len >= sizeof(buf) || !isdigit((unsigned char)t->s[0]))
		return -1;
	memcpy(buf, t->s, t->len);
	buf[t->len] = '\0';
	char *end;
	errno = 0;
	unsigned long long v = strtoull(buf, &end, 10);
	if (*end || errno)
		return -1;
	*out = v;
	return 0;
}

int tline_tok_double(const struct token *t, double *out)
{
	char buf[64];
	if (t->len == 0 || t->len >= sizeof(buf))
		return -1;
	memcpy(buf, t->s, t->len);
	buf[t->len] = '\0';
	if (!isdigit((unsigned char)buf[0]) && buf[0] != '.' && buf[0] != '-')
		return -1;
	char *end;
	errno = 0;
	double v = strtod(buf, &end);
	if (*end || errno || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}

/* Does the line contain `needle`? */
const char *tline_find(const struct line *l, const char *needle)
{
	size_t n = strlen(needle);

	for (size_t i = 0; n && i + n <= l->len; i++)
		if (l->s[i] == needle[0] && memcmp(l->s + i, needle, n) == 0)
			return l->s + i;
	return NULL;
}

/* Is the line `text`, give or take blanks around it? */
int tline_is(const struct line *l, const char *text)
{
	size_t a = 0, b = l->len, n = strlen(text);
	while (a < b && (l->s[a] == ' ' || l->s[a] == '\t'))
		a++;
	while (b > a && (l->s[b - 1] == ' ' || l->s[b - 1] == '\t'))
		b--;
	return b - a == n && memcmp(l->s + a, text, n) == 0;
}

/* The line with leading and trailing blanks cut, as a C string in buf. */
void tline_trim(const char *s, size_t len, char *buf, size_t buflen)
{
	while (len && (*s == ' ' || *s == '\t')) {
		s++;
		len--;
	}
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	if (len >= buflen)
		len = buflen - 1;
	memcpy(buf, s, len);
	buf[len] = '\0';
}
