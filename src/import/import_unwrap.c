/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import_unwrap.c: the pre-pass of import_unwrap.h, in three steps that
 * are each unambiguous on their own:
 *
 *  1. Clean every line: the CR of a CRLF, terminal escape sequences (CSI
 *     "ESC [ ... final byte", OSC "ESC ] ... BEL", two-byte "ESC x"), and
 *     UTF-8 no-break spaces (one column, so one space).  In an HTML file
 *     (a line ends in <br> or the file holds <pre>) also a <br> at the end
 *     of a line, <pre>/<code> tags at either end of a line, and the
 *     entities &amp; &lt; &gt; &quot; &#39; &nbsp;.  A tag inside a line
 *     is left alone.
 *     A log's time stamp at a line's start (ISO 8601 as CI logs and
 *     `ts -s` write it, "HH:MM:SS", syslog's "Mmm dd HH:MM:SS host tag:",
 *     each maybe in brackets, and the one blank after it) is cut from
 *     every line that has one, but only in a file where some line is a
 *     column header once its stamp is cut.  Markdown quote marks ("> ",
 *     nested "> > ") are cut too.  Either cut leaves the rest of the line
 *     as it was, so no column moves against another.
 *  2. Markdown blocks: fence lines (``` or ~~~) are dropped and the lines
 *     inside lose the fence's indent; a run of lines indented by four
 *     spaces or a tab, with a blank line (or the file's or a fence's
 *     edge) before and after it, loses that indent only when every
 *     non-blank line of the run has the same one, so no column moves
 *     against another.
 *  3. Reports: each column header ("kB  reclen ...") starts one.  It
 *     begins at the nearest IOzone banner above it (below the report
 *     before), or without one (a cut table) at the first of the lines
 *     left above its header: up its code block, or outside one up to a
 *     line of prose (a line at the margin); a cut table also takes the
 *     nearest command line the text gives above it (import_cmdtext.h).
 *     It ends after "iozone test complete." (with the -R section after
 *     it, before the next report), before IOzone's "iozone: interrupted", at the end of its code
 *     block, or at the first line that is no table row; a report with its
 *     banner keeps that line, so the parser refuses it as it always did,
 *     and so does a cut table when the line is only numbers (a torn row).
 *     A file without a column header may hold bare -R sections.
 *
 * The upper header line of a cut table keeps only IOzone's words there
 * (random, bkwd, record, stride): an author may have put a name before
 * them.  Nothing here reads a figure: the parser does.
 */
#include "compat.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "import/import_cmdtext.h"
#include "import/import_priv.h"
#include "import/import_unwrap.h"
#include "lib/err.h"

struct uline {
	const char *s;     /* cleaned text */
	size_t len;
	unsigned no;       /* the file's line, 1-based */
	int terminated;
	unsigned block;    /* its fenced block, 0 outside fences */
	int code;          /* in a code block, fenced or indented */
	int drop;          /* a fence line: no report line */
};

/* The nearest command line above a cut table (import_cmdtext.h). */
struct cmd_above {
	const char *text;  /* NULL: none */
	unsigned no;       /* the file's line it ends on */
};

/* Does s[n] hold needle, case ignored? */
static int has_ci(const char *s, size_t n, const char *needle)
{
	size_t k = strlen(needle);

	for (size_t i = 0; k && i + k <= n; i++)
		if (strncasecmp(s + i, needle, k) == 0)
			return 1;
	return 0;
}

static int is_blank_char(char c)
{
	return c == ' ' || c == '\t';
}

/* Length of s[n] without the blanks at its end. */
static size_t rtrim(const char *s, size_t n)
{
	while (n && is_blank_char(s[n - 1]))
		n--;
	return n;
}

/* With a <br>, <br/> or <br /> at its end (blanks after it ignored): its start. */
static int br_at_end(const char *s, size_t n, size_t *at)
{
	static const char *const tags[] = { "<br>", "<br/>", "<br />" };

	n = rtrim(s, n);
	for (size_t i = 0; i < sizeof(tags) / sizeof(tags[0]); i++) {
		size_t k = strlen(tags[i]);
		if (n >= k && strncasecmp(s + n - k, tags[i], k) == 0) {
			*at = n - k;
			return 1;
		}
	}
	return 0;
}

/* Copy s[n] to out without escape sequences, no-break spaces as spaces. */
static size_t strip_escapes(const char *s, size_t n, char *out)
{
	size_t w = 0, i = 0;

	while (i < n) {
		unsigned char c = (unsigned char)s[i];
		if (c == 0x1b && i + 1 < n && s[i + 1] == '[') {
			i += 2;
			while (i < n && (unsigned char)s[i] >= 0x30 && (unsigned char)s[i] <= 0x3f)
				i++;
			while (i < n && (unsigned char)s[i] >= 0x20 && (unsigned char)s[i] <= 0x2f)
				i++;
			if (i < n && (unsigned char)s[i] >= 0x40 && (unsigned char)s[i] <= 0x7e)
				i++;
		} else if (c == 0x1b && i + 1 < n && s[i + 1] == ']') {
			for (i += 2; i < n; i++) {
				if (s[i] == 0x07) {
					i++;
					break;
				}
				if (s[i] == 0x1b && i + 1 < n && s[i + 1] == '\\') {
					i += 2;
					break;
				}
			}
		} else if (c == 0x1b) {
			i += i + 1 < n ? 2 : 1;
		} else if (c == 0xc2 && i + 1 < n && (unsigned char)s[i + 1] == 0xa0) {
			out[w++] = ' ';
			i += 2;
		} else {
			out[w++] = s[i++];
		}
	}
	return w;
}

/* An HTML tag of one of names at s (case ignored): its length, else 0. */
static size_t tag_at(const char *s, size_t n, const char *const *names, size_t nnames)
{
	for (size_t k = 0; k < nnames; k++) {
		size_t m = strlen(names[k]);
		if (n < m + 2 || s[0] != '<' || strncasecmp(s + 1, names[k], m) != 0 ||
		    (s[m + 1] != '>' && s[m + 1] != ' '))
			continue;
		const char *gt = memchr(s, '>', n);
		if (gt)
			return (size_t)(gt - s) + 1;
	}
	return 0;
}

/* HTML only: cut the tags at the ends of out[n] and decode entities. */
static size_t html_clean(char *out, size_t n)
{
	static const char *const open[] = { "pre", "code" };
	static const char *const close[] = { "</pre>", "</code>" };
	static const struct {
		const char *name;
		char c;
	} ent[] = {
		{ "&amp;", '&' }, { "&lt;", '<' }, { "&gt;", '>' }, { "&quot;", '"' },
		{ "&#39;", '\'' }, { "&apos;", '\'' }, { "&nbsp;", ' ' }, { "&#160;", ' ' },
	};
	size_t a = 0, b = n, at, t;

	if (br_at_end(out, b, &at))
		b = at;
	for (int again = 1; again;) {
		again = 0;
		size_t e = rtrim(out, b);
		for (size_t k = 0; k < 2; k++) {
			size_t m = strlen(close[k]);
			if (e >= a + m && strncasecmp(out + e - m, close[k], m) == 0) {
				b = e - m;
				again = 1;
				break;
			}
		}
	}
	while ((t = tag_at(out + a, b - a, open, 2)) != 0)
		a += t;
	size_t w = 0;
	for (size_t r = a; r < b;) {
		size_t k = 0;
		if (out[r] == '&')
			for (; k < sizeof(ent) / sizeof(ent[0]); k++) {
				size_t m = strlen(ent[k].name);
				if (b - r >= m && memcmp(out + r, ent[k].name, m) == 0)
					break;
			}
		if (out[r] == '&' && k < sizeof(ent) / sizeof(ent[0])) {
			out[w++] = ent[k].c;
			r += strlen(ent[k].name);
		} else {
			out[w++] = out[r++];
		}
	}
	return w;
}

/* Does s[n] start with pat, where 'D' stands for a digit?  Its length. */
static size_t shape_at(const char *s, size_t n, const char *pat)
{
	size_t k = strlen(pat);

	if (n < k)
		return 0;
	for (size_t i = 0; i < k; i++)
		if (pat[i] == 'D' ? !isdigit((unsigned char)s[i]) : s[i] != pat[i])
			return 0;
	return k;
}

/* A clock time "HH:MM:SS" with optional fraction at s: its length. */
static size_t clock_at(const char *s, size_t n)
{
	size_t k = shape_at(s, n, "DD:DD:DD");

	if (k && k + 1 < n && (s[k] == '.' || s[k] == ',') && isdigit((unsigned char)s[k + 1]))
		for (k++; k < n && isdigit((unsigned char)s[k]); k++)
			;
	return k;
}

/* A time stamp at s (without brackets): its length, else 0. */
static size_t stamp_at(const char *s, size_t n)
{
	static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	size_t k = shape_at(s, n, "DDDD-DD-DD"), c;

	if (k) {	/* ISO 8601: date, 'T' or a blank, time, zone */
		if (k >= n || (s[k] != 'T' && s[k] != ' ') || !(c = clock_at(s + k + 1, n - k - 1)))
			return 0;
		k += 1 + c;
		if (k < n && s[k] == 'Z')
			k++;
		else if (k < n && (s[k] == '+' || s[k] == '-') &&
			 ((c = shape_at(s + k + 1, n - k - 1, "DD:DD")) != 0 ||
			  (c = shape_at(s + k + 1, n - k - 1, "DDDD")) != 0))
			k += 1 + c;
		return k;
	}
	if ((k = clock_at(s, n)) != 0)
		return k;
	/* syslog: "Mmm dd HH:MM:SS", then maybe "host tag[pid]:" */
	for (size_t m = 0; m + 3 <= sizeof(months) - 1 && n >= 7; m += 3) {
		if (memcmp(s, months + m, 3) != 0 || s[3] != ' ')
			continue;
		k = 4 + (s[4] == ' ');
		if (k >= n || !isdigit((unsigned char)s[k]))
			return 0;
		while (k < n && isdigit((unsigned char)s[k]))
			k++;
		if (k >= n || s[k] != ' ' || !(c = clock_at(s + k + 1, n - k - 1)))
			return 0;
		k += 1 + c;
		/* a host and a tag ending in ':' are part of the prefix */
		size_t h = k, words = 0;
		while (words < 2 && h < n && s[h] == ' ') {
			size_t w = h + 1;
			while (w < n && !is_blank_char(s[w]))
				w++;
			if (w == h + 1)
				break;
			words++;
			if (s[w - 1] == ':')
				return w;
			h = w;
		}
		return k;
	}
	return 0;
}

/* A log line's time stamp at its start, maybe bracketed, with the one
 * blank after it: the length to cut, else 0. */
static size_t log_prefix(const char *s, size_t n)
{
	size_t k;

	if (n && s[0] == '[') {
		k = stamp_at(s + 1, n - 1);
		if (!k || k + 1 >= n || s[k + 1] != ']')
			return 0;
		k += 2;
	} else {
		k = stamp_at(s, n);
	}
	if (!k || (k < n && !is_blank_char(s[k])))
		return 0;
	return k < n ? k + 1 : k;
}

/* Markdown's quote marks at a line's start ("> ", nested): their length. */
static size_t quote_prefix(const char *s, size_t n)
{
	size_t k = 0, i;

	for (;;) {
		for (i = k; i < n && i < k + 3 && s[i] == ' '; i++)
			;
		if (i >= n || s[i] != '>')
			return k;
		k = i + 1;
		if (k < n && s[k] == ' ')
			k++;
	}
}

/* A fence opening line: its character, length and indent. */
static int fence_open(const struct uline *l, char *ch, size_t *flen, size_t *indent)
{
	size_t i = 0, k;

	while (i < l->len && i < 4 && l->s[i] == ' ')
		i++;
	if (i > 3 || i >= l->len || (l->s[i] != '`' && l->s[i] != '~'))
		return 0;
	for (k = i; k < l->len && l->s[k] == l->s[i]; k++)
		;
	if (k - i < 3 || (l->s[i] == '`' && memchr(l->s + k, '`', l->len - k)))
		return 0;
	*ch = l->s[i];
	*flen = k - i;
	*indent = i;
	return 1;
}

static int fence_close(const struct uline *l, char ch, size_t flen)
{
	size_t i = 0, k;

	while (i < l->len && i < 4 && l->s[i] == ' ')
		i++;
	if (i > 3)
		return 0;
	for (k = i; k < l->len && l->s[k] == ch; k++)
		;
	return k - i >= flen && rtrim(l->s + k, l->len - k) == 0;
}

static int blank(const struct uline *l)
{
	return rtrim(l->s, l->len) == 0;
}

/* Step 2: fences, then runs of indented lines outside them. */
static void blocks(struct uline *L, size_t n)
{
	unsigned fences = 0;
	int in = 0;
	char ch = 0;
	size_t flen = 0, indent = 0;

	for (size_t i = 0; i < n; i++) {
		struct uline *l = &L[i];
		if (!in) {
			if (fence_open(l, &ch, &flen, &indent)) {
				in = 1;
				fences++;
				l->drop = 1;
			}
			continue;
		}
		if (fence_close(l, ch, flen)) {
			in = 0;
			l->drop = 1;
			continue;
		}
		l->block = fences;
		l->code = 1;
		for (size_t k = 0; k < indent && l->len && l->s[0] == ' '; k++) {
			l->s++;
			l->len--;
		}
	}
	for (size_t i = 0; i < n;) {
		size_t j = i;
		int spaces = 1, tabs = 1, any = 0;
		while (j < n && !L[j].drop && L[j].block == 0 &&
		       (blank(&L[j]) || L[j].s[0] == '\t' ||
			(L[j].len >= 4 && memcmp(L[j].s, "    ", 4) == 0))) {
			if (!blank(&L[j])) {
				any = 1;
				if (L[j].s[0] == '\t')
					spaces = 0;
				else
					tabs = 0;
			}
			j++;
		}
		if (j == i) {
			i++;
			continue;
		}
		/* as in Markdown: a blank line (or the file's or a fence's edge)
		 * before and after, so a ragged block is no block */
		size_t f = i, e = j;
		while (f < j && blank(&L[f]))
			f++;
		while (e > f && blank(&L[e - 1]))
			e--;
		int edges = (f > i || i == 0 || L[i - 1].drop) && (e < j || j == n || L[j].drop);
		for (size_t k = i; edges && any && (spaces || tabs) && k < j; k++) {
			size_t cut = spaces ? 4 : 1;
			if (blank(&L[k]) || L[k].len < cut)
				continue;
			L[k].s += cut;
			L[k].len -= cut;
			L[k].code = 1;
		}
		i = j;
	}
}

/* The first two words of a line. */
static int words2(const struct uline *l, const char **w, size_t *wl)
{
	size_t i = 0;
	int n = 0;

	while (n < 2) {
		while (i < l->len && is_blank_char(l->s[i]))
			i++;
		if (i >= l->len)
			break;
		w[n] = l->s + i;
		while (i < l->len && !is_blank_char(l->s[i]))
			i++;
		wl[n] = (size_t)(l->s + i - w[n]);
		n++;
	}
	return n;
}

static int word_is(const char *w, size_t n, const char *text)
{
	return n == strlen(text) && memcmp(w, text, n) == 0;
}

static int all_digits(const char *w, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isdigit((unsigned char)w[i]))
			return 0;
	return n > 0;
}

static int is_colhdr(const struct uline *l)
{
	const char *w[2];
	size_t wl[2];

	return words2(l, w, wl) == 2 && (word_is(w[0], wl[0], "kB") || word_is(w[0], wl[0], "KB")) &&
	       word_is(w[1], wl[1], "reclen");
}

static int is_row(const struct uline *l)
{
	const char *w[2];
	size_t wl[2];

	return words2(l, w, wl) == 2 && all_digits(w[0], wl[0]) && all_digits(w[1], wl[1]);
}

/* Is the line `text` give or take blanks (case ignored with ci)? */
static int line_is(const struct uline *l, const char *text, int ci)
{
	size_t a = 0, b = rtrim(l->s, l->len), n = strlen(text);

	while (a < b && is_blank_char(l->s[a]))
		a++;
	return b - a == n && (ci ? strncasecmp(l->s + a, text, n) : memcmp(l->s + a, text, n)) == 0;
}

static int is_banner(const struct uline *l)
{
	return has_ci(l->s, l->len, "Iozone: Performance Test of File I/O") ||
	       has_ci(l->s, l->len, "Iosweep: Performance Test of File I/O");
}

/* A line of a -R section: blank, or starting with a quote. */
static int is_excel(const struct uline *l)
{
	size_t a = 0;

	while (a < l->len && is_blank_char(l->s[a]))
		a++;
	return a == l->len || l->s[a] == '"';
}

/* A -R section title ("Writer report") or IOzone's line before them. */
static int is_excel_start(const struct uline *l)
{
	size_t a = 0, b = rtrim(l->s, l->len);

	if (line_is(l, "Excel output is below:", 0))
		return 1;
	while (a < b && is_blank_char(l->s[a]))
		a++;
	return b - a > 2 && l->s[a] == '"' && l->s[b - 1] == '"' &&
	       import_section_col(l->s + a + 1, b - a - 2) != -1;
}

/* Does the upper header line look like IOzone's ("random  random  bkwd ...")? */
static int is_upper_header(const struct uline *l)
{
	for (size_t i = 0; i + 6 <= l->len; i++)
		if (memcmp(l->s + i, "random", 6) == 0 && (i == 0 || is_blank_char(l->s[i - 1])) &&
		    (i + 6 == l->len || is_blank_char(l->s[i + 6])))
			return 1;
	return 0;
}

/*
 * The upper header line of a cut table may carry the author's words (a
 * drive's name before "random  random"): blank every word that is not
 * one of IOzone's, in place, so no column moves.
 */
static void blank_labels(char *s, size_t n)
{
	static const char *const words[] = { "random", "bkwd", "record", "stride" };

	for (size_t i = 0; i < n;) {
		if (is_blank_char(s[i])) {
			i++;
			continue;
		}
		size_t k = i, ok = 0;
		while (k < n && !is_blank_char(s[k]))
			k++;
		for (size_t w = 0; w < sizeof(words) / sizeof(words[0]); w++)
			ok |= word_is(s + i, k - i, words[w]);
		if (!ok)
			memset(s + i, ' ', k - i);
		i = k;
	}
}

/* Lines L[a .. a + count) as a report (none: an empty one). */
static int add_report(struct import_unwrapped *u, const struct uline *L, size_t a,
		      size_t count, const struct import_report *proto)
{
	size_t bytes = 1, b = a + count;

	for (size_t i = a; i < b; i++)
		bytes += L[i].len + 1;
	struct import_report *p = realloc(u->reports, (u->n + 1) * sizeof(*p));
	if (!p)
		return -1;
	u->reports = p;
	struct import_report *r = &p[u->n];
	*r = *proto;
	r->text = malloc(bytes);
	r->line_no = malloc((count + 1) * sizeof(*r->line_no));
	r->command = proto->command ? strdup(proto->command) : NULL;
	if (!r->text || !r->line_no || (proto->command && !r->command)) {
		free(r->text);
		free(r->line_no);
		free(r->command);
		return -1;
	}
	r->len = 0;
	r->nlines = 0;
	for (size_t i = a; i < b; i++) {
		memcpy(r->text + r->len, L[i].s, L[i].len);
		r->len += L[i].len;
		if (L[i].terminated)
			r->text[r->len++] = '\n';
		r->line_no[r->nlines++] = L[i].no;
	}
	r->text[r->len] = '\0';
	u->n++;
	return 0;
}

/* Through the -R lines from i on: the last one's index (i - 1: none). */
static size_t excel_end(const struct uline *L, size_t n, size_t i, unsigned block)
{
	while (i < n && L[i].block == block && is_excel(&L[i]))
		i++;
	return i - 1;
}

/*
 * A cut table: the lines IOzone printed above it that are left (its
 * option lines, "Command line used:"): up the code block it is in, or
 * outside one up to a line of prose (none of IOzone's lines starts at
 * the margin).  The first of them, from start (its header) at most.
 */
static size_t lines_above(const struct uline *L, size_t from, size_t start)
{
	unsigned block = L[start].block;
	size_t k = start;

	while (k > from && L[k - 1].block == block &&
	       (block || L[k - 1].code || blank(&L[k - 1]) || is_blank_char(L[k - 1].s[0])))
		k--;
	while (k < start && blank(&L[k]))
		k++;
	return k;
}

/* Is every word of the line a number: a torn row, or a row's remainder? */
static int numbers_only(const struct uline *l)
{
	int any = 0;

	for (size_t i = 0; i < l->len; i++) {
		if (is_blank_char(l->s[i]))
			continue;
		if (!isdigit((unsigned char)l->s[i]) && l->s[i] != '.')
			return 0;
		any = 1;
	}
	return any;
}

/* Bytes of the report's text before its line k (of L[start..]). */
static size_t text_offset(const struct uline *L, size_t start, size_t k)
{
	size_t off = 0;

	for (size_t i = start; i < k; i++)
		off += L[i].len + (L[i].terminated != 0);
	return off;
}

/*
 * The report whose column header is L[h]; its last line into *last.  A
 * cut table takes cmd, the command line above it.
 */
static int report_at(struct import_unwrapped *u, const struct uline *L, size_t n,
		     size_t from, size_t h, const struct cmd_above *cmd, size_t *last)
{
	struct import_report proto;
	size_t start = h, j, end = h, upper = h;

	memset(&proto, 0, sizeof(proto));
	proto.header_line = L[h].no;
	proto.table_only = 1;
	for (size_t k = h; k-- > from;)
		if (is_banner(&L[k])) {
			start = k;
			proto.table_only = 0;
			break;
		}
	if (proto.table_only) {
		if (h > from && L[h - 1].block == L[h].block && is_upper_header(&L[h - 1]))
			upper = start = h - 1;
		start = lines_above(L, from, start);
		proto.command = (char *)cmd->text;
		proto.command_line = cmd->text ? cmd->no : 0;
	}
	for (j = h + 1; j < n && L[j].block == L[h].block && (is_row(&L[j]) || blank(&L[j])); j++)
		if (is_row(&L[j]))
			end = j;
	if (j < n && L[j].block == L[h].block && line_is(&L[j], "iozone test complete.", 0)) {
		end = j;
		/* its -R section, maybe after other sections (iosweep's latency) */
		for (size_t k = j + 1; k < n && L[k].block == L[h].block &&
		     !is_colhdr(&L[k]) && !is_banner(&L[k]); k++)
			if (line_is(&L[k], "Excel output is below:", 0)) {
				end = excel_end(L, n, k + 1, L[h].block);
				break;
			}
	} else if (j < n && L[j].block == L[h].block && line_is(&L[j], "iozone: interrupted", 1)) {
		proto.stop_line = L[j].no;
	} else if (!proto.table_only && (j == n || L[j].block == L[h].block)) {
		/* the parser says what is wrong: truncated, or an unexpected line */
		end = j < n ? j : n - 1;
	} else if (j < n && L[j].block == L[h].block && numbers_only(&L[j])) {
		end = j;	/* a torn row ends no table: the parser refuses it */
	}
	*last = end;
	if (add_report(u, L, start, end - start + 1, &proto))
		return -1;
	if (upper < h)
		blank_labels(u->reports[u->n - 1].text + text_offset(L, start, upper), L[upper].len);
	return 0;
}

void import_unwrap_release(struct import_unwrapped *u)
{
	for (size_t i = 0; i < u->n; i++) {
		free(u->reports[i].text);
		free(u->reports[i].line_no);
		free(u->reports[i].command);
	}
	free(u->reports);
	u->reports = NULL;
	u->n = 0;
}

/* A log: where a line is a column header once its time stamp is cut,
 * cut every line's stamp. */
static void cut_log_stamps(struct uline *L, size_t n)
{
	int log = 0;

	for (size_t i = 0; i < n && !log; i++) {
		size_t k = log_prefix(L[i].s, L[i].len);
		struct uline rest = { .s = L[i].s + k, .len = L[i].len - k };
		log = k && is_colhdr(&rest);
	}
	for (size_t i = 0; log && i < n; i++) {
		size_t k = log_prefix(L[i].s, L[i].len);
		L[i].s += k;
		L[i].len -= k;
	}
}

/* Steps 1 and 2 into L (its text in *clean), the kept lines' count. */
static int clean_lines(const char *buf, size_t len, struct uline **out, size_t *nout,
		       char **clean)
{
	size_t nlines = 0, w = 0, n = 0;
	int html = 0;

	for (size_t i = 0; i < len; i++)
		nlines += buf[i] == '\n';
	nlines++;
	struct uline *L = calloc(nlines, sizeof(*L));
	char *text = malloc(len + 1);
	if (!L || !text) {
		free(L);
		free(text);
		return -1;
	}
	html = has_ci(buf, len, "<pre");
	for (const char *p = buf, *end = buf + len; p < end && !html;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = (size_t)((nl ? nl : end) - p), at;
		if (l && p[l - 1] == '\r')
			l--;
		html = br_at_end(p, l, &at);
		p = nl ? nl + 1 : end;
	}
	for (const char *p = buf, *end = buf + len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = (size_t)((nl ? nl : end) - p);
		if (l && p[l - 1] == '\r')
			l--;
		struct uline *u = &L[n];
		u->no = (unsigned)(n + 1);
		u->terminated = nl != NULL;
		u->s = text + w;
		u->len = strip_escapes(p, l, text + w);
		if (html)
			u->len = html_clean(text + w, u->len);
		w += u->len;
		size_t q = quote_prefix(u->s, u->len);
		u->s += q;
		u->len -= q;
		n++;
		p = nl ? nl + 1 : end;
	}
	cut_log_stamps(L, n);
	blocks(L, n);
	size_t kept = 0;
	for (size_t i = 0; i < n; i++)
		if (!L[i].drop)
			L[kept++] = L[i];
	*out = L;
	*nout = kept;
	*clean = text;
	return 0;
}

/* The command lines of a page's text, in order, and the line each ends on. */
struct cmd_list {
	char **text;
	size_t *idx;
	size_t n;
};

static void cmds_release(struct cmd_list *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->text[i]);
	free(c->text);
	free(c->idx);
}

/* Every command line the page's lines give (import_cmdtext.h).  0 or -1. */
static int find_commands(const struct uline *L, size_t n, struct cmd_list *out)
{
	struct import_cmdtext ct;
	size_t alloc = 0;
	int rc = 0;

	memset(&ct, 0, sizeof(ct));
	for (size_t i = 0; i < n && rc == 0; i++) {
		char *cmd;
		rc = import_cmdtext_line(&ct, L[i].s, L[i].len, L[i].code, &cmd);
		if (rc <= 0)
			continue;
		rc = 0;
		if (out->n == alloc) {
			size_t want = alloc ? alloc * 2 : 8;
			char **t = realloc(out->text, want * sizeof(*t));
			if (t)
				out->text = t;
			size_t *x = t ? realloc(out->idx, want * sizeof(*x)) : NULL;
			if (x)
				out->idx = x;
			if (!t || !x) {
				free(cmd);
				rc = -1;
				break;
			}
			alloc = want;
		}
		out->text[out->n] = cmd;
		out->idx[out->n++] = i;
	}
	import_cmdtext_release(&ct);
	return rc;
}

int import_unwrap(const char *buf, size_t len, struct import_unwrapped *u,
		  char *err, size_t errlen)
{
	struct uline *L = NULL;
	struct cmd_list cmds = { .n = 0 };
	size_t n = 0, from = 0, last, c = 0;
	char *text = NULL;
	int rc = -1, any_header = 0;

	u->reports = NULL;
	u->n = 0;
	if (clean_lines(buf, len, &L, &n, &text))
		goto nomem;
	for (size_t h = 0; h < n; h++) {
		if (!is_colhdr(&L[h]))
			continue;
		if (!any_header && find_commands(L, n, &cmds))
			goto nomem;
		any_header = 1;
		/* the nearest command line above the header */
		while (c < cmds.n && cmds.idx[c] < h)
			c++;
		struct cmd_above above = { .text = c ? cmds.text[c - 1] : NULL,
					   .no = c ? L[cmds.idx[c - 1]].no : 0 };
		if (report_at(u, L, n, from, h, &above, &last))
			goto nomem;
		from = last + 1;
		h = last;
	}
	for (size_t a = 0; !any_header && a < n; a++) {
		if (!is_excel_start(&L[a]))
			continue;
		struct import_report proto;
		memset(&proto, 0, sizeof(proto));
		last = excel_end(L, n, a + 1, L[a].block);
		if (add_report(u, L, a, last - a + 1, &proto))
			goto nomem;
		a = last;
	}
	if (u->n == 0) {
		/* all of it (nothing, when every line was a fence line) */
		struct import_report proto;
		memset(&proto, 0, sizeof(proto));
		if (add_report(u, L, 0, n, &proto))
			goto nomem;
	}
	rc = 0;
	goto out;
nomem:
	import_unwrap_release(u);
	err_set(err, errlen, "out of memory");
out:
	cmds_release(&cmds);
	free(L);
	free(text);
	return rc;
}
