/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import_cmdtext.c: the IOzone command lines of a page's text (see
 * import_cmdtext.h).  A prose line is read for Markdown code spans: a run
 * of backticks opens one and the next run of as many closes it, on the
 * same line or on one of the paragraph's next few lines (the span's line
 * breaks count as blanks).  A code block's line is read whole, never for
 * spans: there a backtick is the shell's.  Either way the text must be a
 * command that runs iozone, which is_command decides.
 */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "import/import_cmdtext.h"

/* A span running over more lines or bytes than this is no code span. */
#define CMDTEXT_SPAN_LINES 4
#define CMDTEXT_SPAN_BYTES 4096

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* The word at s[*i] (blanks before it skipped): its start and length. */
static size_t next_word(const char *s, size_t n, size_t *i, size_t *len)
{
	while (*i < n && is_blank(s[*i]))
		(*i)++;
	size_t at = *i;
	while (*i < n && !is_blank(s[*i]))
		(*i)++;
	*len = *i - at;
	return at;
}

static int word_is(const char *w, size_t n, const char *text)
{
	return n == strlen(text) && memcmp(w, text, n) == 0;
}

/*
 * Is s[n] a command that runs iozone: a shell prompt ("$", "#",
 * "user@host:~$"), sudo or time before it allowed, then iozone (or a path
 * ending in it) and an option?  The command from iozone on: *at, *len.
 */
static int is_command(const char *s, size_t n, size_t *at, size_t *len)
{
	size_t i = 0, wl, w = next_word(s, n, &i, &wl);

	if (wl && (s[w + wl - 1] == '$' || s[w + wl - 1] == '#'))
		w = next_word(s, n, &i, &wl);
	for (int k = 0; k < 2 && (word_is(s + w, wl, "sudo") || word_is(s + w, wl, "time")); k++)
		w = next_word(s, n, &i, &wl);
	size_t base = w + wl;
	while (base > w && s[base - 1] != '/')
		base--;
	if (!word_is(s + base, w + wl - base, "iozone"))
		return 0;
	size_t ol, o = next_word(s, n, &i, &ol);
	if (ol < 2 || s[o] != '-')
		return 0;
	while (n > w && is_blank(s[n - 1]))
		n--;
	*at = w;
	*len = n - w;
	return 1;
}

/* Keep s[n] as *cmd when it is a command (the one before freed).  0 or -1. */
static int take(const char *s, size_t n, char **cmd)
{
	size_t at, len;

	if (!is_command(s, n, &at, &len))
		return 0;
	for (size_t i = at; i < at + len; i++)
		if ((unsigned char)s[i] < 0x20 && s[i] != '\t')
			return 0;	/* no command: it would reach a terminal */
	char *p = malloc(len + 1);
	if (!p)
		return -1;
	memcpy(p, s + at, len);
	p[len] = '\0';
	free(*cmd);
	*cmd = p;
	return 0;
}

/* From s[i] on, the next run of backticks: its start (n: none), its length into *k. */
static size_t next_run(const char *s, size_t n, size_t i, size_t *k)
{
	while (i < n && s[i] != '`')
		i++;
	size_t j = i;
	while (j < n && s[j] == '`')
		j++;
	*k = j - i;
	return i;
}

/* From s[i] on, the next run of exactly k backticks: its start, or n. */
static size_t closing_run(const char *s, size_t n, size_t i, size_t k)
{
	size_t len;

	for (i = next_run(s, n, i, &len); i < n && len != k; i = next_run(s, n, i + len, &len))
		;
	return i;
}

static void drop_span(struct import_cmdtext *c)
{
	c->span.len = 0;
	c->ticks = 0;
	c->lines = 0;
}

/* import_cmdtext_line, but on -1 *cmd may hold what was taken before. */
static int scan_line(struct import_cmdtext *c, const char *s, size_t n, int code, char **cmd)
{
	size_t i = 0, a = 0;

	while (a < n && is_blank(s[a]))
		a++;
	if (code || a == n) {
		drop_span(c);
		if (code && take(s, n, cmd))
			return -1;
		return *cmd != NULL;
	}
	if (c->ticks) {
		size_t p = closing_run(s, n, 0, c->ticks);
		sb_add(&c->span, " ", 1);
		sb_add(&c->span, s, p);
		if (c->span.failed)
			return -1;
		if (p < n) {
			if (take(c->span.p, c->span.len, cmd))
				return -1;
			i = p + c->ticks;
			drop_span(c);
		} else {
			if (++c->lines >= CMDTEXT_SPAN_LINES || c->span.len > CMDTEXT_SPAN_BYTES)
				drop_span(c);
			return 0;
		}
	}
	size_t ticks;
	while ((i = next_run(s, n, i, &ticks)) < n) {
		size_t k = i + ticks, p = closing_run(s, n, k, ticks);
		if (p == n) {
			/* open: it may close on the paragraph's next line */
			c->span.len = 0;
			sb_add(&c->span, s + k, n - k);
			if (c->span.failed)
				return -1;
			c->ticks = ticks;
			c->lines = 1;
			break;
		}
		if (take(s + k, p - k, cmd))
			return -1;
		i = p + ticks;
	}
	return *cmd != NULL;
}

int import_cmdtext_line(struct import_cmdtext *c, const char *s, size_t n, int code,
			char **cmd)
{
	*cmd = NULL;
	int rc = scan_line(c, s, n, code, cmd);
	if (rc < 0) {
		free(*cmd);
		*cmd = NULL;
	}
	return rc;
}

void import_cmdtext_release(struct import_cmdtext *c)
{
	sb_release(&c->span);
	c->ticks = 0;
	c->lines = 0;
}
