/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import_fileop.c: fileop's text output read back (see import_fileop.h).
 *
 * The text goes through import_unwrap's cleaning first (CRLF, escape
 * sequences, HTML, Markdown fences, quotes and indented blocks), which
 * gives a file without an IOzone column header back as one run of clean
 * lines with the file's line numbers.  Lines before fileop's first line
 * (its title, its column header, or -t's first "mkdir:" block) are left
 * out, and so is text after its output ends; a second output, or a row
 * or block found after the end, is refused.
 *
 * Strictly read, as import_text.c reads IOzone's reports: a row of the
 * wrong length, a figure that is no number, a B or W row without its A
 * row, a Total_files that is not the force factor cubed, force factors
 * that do not grow, a -t block out of fileop's order or cut short, and
 * counts that are not fileop's at some force factor are refused with
 * "FILE:LINE: why".
 *
 * fileop's marks for no measurement (inf where a call took 0 clock steps
 * or none ran, nan for 0 calls over 0 seconds) leave that figure out; a
 * nan average means no call ran, so the count is 0.  The counts of the
 * table are fileop's at the row's force factor (X + X^2 + X^3 directories,
 * X^2 readdir calls, X^3 for each file operation); its total times are
 * not in the text and stay empty, and so are the seconds of the B and W
 * rows (1 / a rounded figure is not the figure the clock gave).
 */
#include "compat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "import/import.h"
#include "import/import_fileop.h"
#include "import/import_priv.h"
#include "import/import_unwrap.h"
#include "lib/err.h"

/* fileop's title line, as it starts. */
static const char title_start[] = "Fileop:  Working in ";

/* The parser's state over one file. */
struct fparse {
	struct import_fileop *f;
	const char *path;
	const struct import_report *rep;
	const struct import_opts *opts;
	char *err;
	size_t errlen;
	unsigned trial;
	size_t at;                /* index of the current line */
	const char *line;         /* its text and length, no '\n' */
	size_t len;
	size_t off;               /* offset of the next line in rep->text */
	unsigned no;              /* its line in the file */
	int links;                /* -1: not known yet */
	struct report_fileop_sample *s;  /* this file's samples */
	size_t n;
	unsigned marks[FILEOP_NOPS]; /* figures left out as inf or nan, per op */
	unsigned marks_line;
	unsigned form_line;       /* the column header's or first block's line */
};

IOSWEEP_PRINTF(2, 3)
static int pfail(struct fparse *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	import_vfail(p->err, p->errlen, p->path, p->no, fmt, ap);
	va_end(ap);
	return -1;
}

/* The next line of the report into p->line; 0 at the end. */
static int next_line(struct fparse *p)
{
	const char *text = p->rep->text;

	if (p->off >= p->rep->len || p->at >= p->rep->nlines)
		return 0;
	p->line = text + p->off;
	const char *nl = memchr(p->line, '\n', p->rep->len - p->off);
	p->len = nl ? (size_t)(nl - p->line) : p->rep->len - p->off;
	p->off += p->len + (nl != NULL);
	p->no = p->rep->line_no[p->at++];
	return 1;
}

/* Back up one line (only right after next_line). */
static void unread_line(struct fparse *p)
{
	p->at--;
	p->off = (size_t)(p->line - p->rep->text);
}

static int is_blank_line(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return 0;
	return 1;
}

/* ---- words --------------------------------------------------------------- */

/* Split s[n] at blanks into up to max words; the count (max + 1: more). */
static size_t split(const char *s, size_t n, const char **w, size_t *wl, size_t max)
{
	size_t k = 0, i = 0;

	while (i < n) {
		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i == n)
			break;
		size_t a = i;
		while (i < n && s[i] != ' ' && s[i] != '\t')
			i++;
		if (k == max)
			return max + 1;
		w[k] = s + a;
		wl[k++] = i - a;
	}
	return k;
}

static int word_eq(const char *w, size_t n, const char *text)
{
	return strlen(text) == n && memcmp(w, text, n) == 0;
}

/* A whole number of digits only, at most max.  0 or -1. */
static int whole(const char *w, size_t n, uint64_t max, uint64_t *v)
{
	uint64_t x = 0;

	if (n == 0 || n > 19)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (w[i] < '0' || w[i] > '9')
			return -1;
		x = x * 10 + (uint64_t)(w[i] - '0');
	}
	if (x > max)
		return -1;
	*v = x;
	return 0;
}

/*
 * A figure as printf printed it: digits with at most one '.', or one of
 * the C libraries' words for infinity and NaN (glibc's "inf", "-nan",
 * the Windows UCRT's "-nan(ind)").  *v gets the value (INFINITY or NAN
 * for the words).  0 or -1.
 */
static int figure(const char *w, size_t n, double *v)
{
	static const char *const inf[] = { "inf", "INF" };
	static const char *const nan[] = { "nan", "-nan", "NAN", "-NAN", "nan(ind)",
					   "-nan(ind)", "-NAN(IND)" };
	char buf[32];
	int dots = 0;

	for (size_t i = 0; i < sizeof(inf) / sizeof(inf[0]); i++)
		if (word_eq(w, n, inf[i]))
			return *v = INFINITY, 0;
	for (size_t i = 0; i < sizeof(nan) / sizeof(nan[0]); i++)
		if (word_eq(w, n, nan[i]))
			return *v = NAN, 0;
	if (n == 0 || n >= sizeof(buf) || w[0] == '.' || w[n - 1] == '.')
		return -1;
	for (size_t i = 0; i < n; i++)
		if (w[i] == '.' ? ++dots > 1 : (w[i] < '0' || w[i] > '9'))
			return -1;
	memcpy(buf, w, n);
	buf[n] = '\0';
	*v = strtod(buf, NULL);
	return isfinite(*v) ? 0 : -1;
}

/* ---- what fileop counts -------------------------------------------------- */

/* The calls of op fileop times at force x. */
static uint64_t op_count(enum fileop_op op, uint64_t x)
{
	if (fileop_op_on_dirs(op))
		return x + x * x + x * x * x;
	return op == FILEOP_READDIR ? x * x : x * x * x;
}

static int op_shown(enum fileop_op op, int links)
{
	return links || (op != FILEOP_LINK && op != FILEOP_UNLINK);
}

static void sample_clear(struct report_fileop_sample *s, unsigned force, unsigned trial)
{
	s->force = force;
	s->trial = trial;
	for (int op = 0; op < FILEOP_NOPS; op++) {
		struct report_fileop_figs *g = &s->op[op];
		g->count = 0;
		g->total_s = g->ops_per_s = g->best_per_s = g->worst_per_s = NAN;
		g->best_s = g->worst_s = NAN;
		for (int q = 0; q < REPORT_FILEOP_NLAT; q++)
			g->lat_us[q] = NAN;
	}
}

/* A new sample at the end of p's (few: one per force factor). */
static struct report_fileop_sample *sample_new(struct fparse *p, unsigned force)
{
	struct report_fileop_sample *q = realloc(p->s, (p->n + 1) * sizeof(*q));

	if (!q)
		return NULL;
	p->s = q;
	sample_clear(&p->s[p->n], force, p->trial);
	return &p->s[p->n++];
}

/* A figure read: kept when finite, else counted as a mark and left out. */
static double keep(struct fparse *p, enum fileop_op op, double v)
{
	if (isfinite(v))
		return v;
	p->marks[op]++;
	return NAN;
}

/* ---- the title line ------------------------------------------------------ */

static int is_title(const char *s, size_t n)
{
	return n >= sizeof(title_start) - 1 &&
	       memcmp(s, title_start, sizeof(title_start) - 1) == 0;
}

/* "Fileop:  Working in DIR, File size is N,  Output is in Ops/sec. ..." */
static int read_title(struct fparse *p, uint64_t *size)
{
	static const char mid[] = ", File size is ";
	static const char tail[] = ",  Output is in Ops/sec. (A=Avg, B=Best, W=Worst)";
	const char *s = p->line, *at = NULL;
	size_t n = p->len;

	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	if (n < sizeof(tail) - 1 || memcmp(s + n - (sizeof(tail) - 1), tail, sizeof(tail) - 1))
		return pfail(p, "fileop's title line does not end in '%s'", tail);
	n -= sizeof(tail) - 1;
	for (size_t i = sizeof(title_start) - 1; i + sizeof(mid) - 1 <= n; i++)
		if (memcmp(s + i, mid, sizeof(mid) - 1) == 0)
			at = s + i;
	if (!at)
		return pfail(p, "fileop's title line has no ', File size is N'");
	const char *num = at + sizeof(mid) - 1;
	if (whole(num, (size_t)(s + n - num), UINT64_MAX / 2, size))
		return pfail(p, "file size '%.*s' is not a whole number", (int)(s + n - num), num);
	return 0;
}

/* ---- the table ----------------------------------------------------------- */

/* The column header: 1 Linux (link, unlink), 0 Windows, -1 no header. */
static int column_header(const char *s, size_t n)
{
	const char *w[20];
	size_t wl[20];
	size_t k = split(s, n, w, wl, 19);

	if (k != 17 && k != 15)
		return -1;
	if (!word_eq(w[0], wl[0], ".") || !word_eq(w[k - 1], wl[k - 1], "Total_files"))
		return -1;
	int links = k == 17;
	size_t i = 1;
	for (int op = 0; op < FILEOP_NOPS; op++) {
		if (!op_shown((enum fileop_op)op, links))
			continue;
		if (!word_eq(w[i], wl[i], fileop_op_name((enum fileop_op)op)))
			return -1;
		i++;
	}
	return links;
}

/* A line that starts like a row ("A", "B" or "W", then a number). */
static int looks_like_row(const char *s, size_t n)
{
	return n >= 3 && (s[0] == 'A' || s[0] == 'B' || s[0] == 'W') && s[1] == ' ' &&
	       strspn(s + 1, " ") + 1 < n && s[1 + strspn(s + 1, " ")] >= '0' &&
	       s[1 + strspn(s + 1, " ")] <= '9';
}

/* The rows after the column header, up to the first line that is none. */
static int read_rows(struct fparse *p)
{
	size_t nfig = p->links ? FILEOP_NOPS : FILEOP_NOPS - 2;
	struct report_fileop_sample *cur = NULL;
	unsigned last_force = 0;
	char last_tag = 0;

	p->marks_line = p->no;
	while (next_line(p)) {
		const char *w[20];
		size_t wl[20];
		uint64_t force, files;

		if (!looks_like_row(p->line, p->len)) {
			unread_line(p);
			break;
		}
		size_t k = split(p->line, p->len, w, wl, 19);
		char tag = p->line[0];
		if (k != nfig + 3)
			return pfail(p, "%c row with %zu fields, fileop's %s rows have %zu%s", tag,
				     k > 19 ? (size_t)20 : k, p->links ? "Linux" : "Windows",
				     nfig + 3, p->at == p->rep->nlines && k < nfig + 3 ?
				     ": the table stops mid-row" : "");
		if (!word_eq(w[0], wl[0], (char[]){ tag, 0 }) ||
		    whole(w[1], wl[1], FILEOP_MAX_FORCE, &force) || force == 0)
			return pfail(p, "force factor '%.*s' is not 1 to %u", (int)wl[1], w[1],
				     FILEOP_MAX_FORCE);
		if (whole(w[k - 1], wl[k - 1], UINT64_MAX, &files) || files != force * force * force)
			return pfail(p, "Total_files '%.*s' at force factor %llu: fileop makes "
				     "%llu (the force factor cubed)", (int)wl[k - 1], w[k - 1],
				     (unsigned long long)force,
				     (unsigned long long)(force * force * force));
		if (tag == 'A') {
			if (force <= last_force)
				return pfail(p, "force factor %llu after %u: fileop's force factors grow",
					     (unsigned long long)force, last_force);
			if (!(cur = sample_new(p, (unsigned)force)))
				return pfail(p, "out of memory");
			last_force = (unsigned)force;
		} else if (!cur || force != last_force) {
			return pfail(p, "%c row of force factor %llu without its A row", tag,
				     (unsigned long long)force);
		} else if (tag <= last_tag) {
			return pfail(p, "%c row after the %c row of force factor %llu: fileop prints "
				     "A, B, W once each", tag, last_tag, (unsigned long long)force);
		}
		last_tag = tag;
		size_t i = 2;
		for (int op = 0; op < FILEOP_NOPS; op++) {
			struct report_fileop_figs *g = &cur->op[op];
			double v;
			if (!op_shown((enum fileop_op)op, p->links))
				continue;
			if (figure(w[i], wl[i], &v))
				return pfail(p, "%s figure '%.*s' in the %c row is not a number",
					     fileop_op_name((enum fileop_op)op), (int)wl[i], w[i], tag);
			i++;
			if (tag == 'A') {
				/* count / time: NaN only from 0 calls in 0 seconds */
				g->count = isnan(v) ? 0 : op_count((enum fileop_op)op, force);
				g->total_s = isnan(v) ? 0.0 : NAN;
				g->ops_per_s = keep(p, (enum fileop_op)op, v);
			} else if (tag == 'B') {
				g->best_per_s = keep(p, (enum fileop_op)op, v);
			} else {
				g->worst_per_s = keep(p, (enum fileop_op)op, v);
			}
		}
		if (tag == 'A')
			last_tag = 'A';
	}
	if (!cur)
		return pfail(p, "fileop's column header without an A row below it");
	return 0;
}

/* ---- -t's blocks --------------------------------------------------------- */

/* "mkdir:   Dirs = ..." of op (any op when op is FILEOP_NOPS)? */
static int is_block_head(const char *s, size_t n, enum fileop_op op)
{
	for (int o = 0; o < FILEOP_NOPS; o++) {
		const char *name = fileop_op_name((enum fileop_op)o);
		size_t k = strlen(name), i;
		if (op != FILEOP_NOPS && op != (enum fileop_op)o)
			continue;
		if (n <= k || memcmp(s, name, k) != 0 || s[k] != ':')
			continue;
		for (i = k + 1; i < n && s[i] == ' '; i++)
			;
		if ((n - i >= 6 && memcmp(s + i, "Dirs =", 6) == 0) ||
		    (n - i >= 7 && memcmp(s + i, "Files =", 7) == 0))
			return 1;
	}
	return 0;
}

/*
 * "         Avg mkdir(s)/sec     =     13237.21 ( 0.000075545 seconds/op)":
 * the calls per second and the seconds per call.
 */
static int block_line(struct fparse *p, const char *what, enum fileop_op op,
		      double *per_s, double *sec)
{
	const char *w[8];
	size_t wl[8];
	char label[32];
	char *cut;
	char line[256];

	if (p->len >= sizeof(line))
		return pfail(p, "%s line of the %s block expected", what,
			     fileop_op_name(op));
	memcpy(line, p->line, p->len);
	line[p->len] = '\0';
	/* "( 0.000075545" and "(1234.000075545" are one shape: the '(' apart */
	if ((cut = strstr(line, "(s)/sec")) != NULL) {
		char *paren = strchr(cut + 7, '(');
		if (paren)
			*paren = ' ';
	}
	size_t k = split(line, strlen(line), w, wl, 7);
	snprintf(label, sizeof(label), "%s(s)/sec", fileop_op_name(op));
	if (k != 6 || !word_eq(w[0], wl[0], what) || !word_eq(w[1], wl[1], label) ||
	    !word_eq(w[2], wl[2], "=") || !word_eq(w[5], wl[5], "seconds/op)"))
		return pfail(p, "'%s %s = N (S seconds/op)' expected in the %s block", what,
			     label, fileop_op_name(op));
	if (figure(w[3], wl[3], per_s) || figure(w[4], wl[4], sec))
		return pfail(p, "%s %s: '%.*s (%.*s' is not a number", what, label,
			     (int)wl[3], w[3], (int)wl[4], w[4]);
	return 0;
}

/* One block of op: head, Avg, Best, Worst (iosweep's p50, p99), blank. */
static int read_block(struct fparse *p, enum fileop_op op, struct report_fileop_figs *g)
{
	const char *w[12];
	size_t wl[12];
	char head[16];
	double per_s, sec, total;
	int dirs = fileop_op_on_dirs(op);

	if (!next_line(p) || !is_block_head(p->line, p->len, op))
		return pfail(p, "the %s block expected (fileop -t prints its blocks in the "
			     "order the phases run)", fileop_op_name(op));
	snprintf(head, sizeof(head), "%s:", fileop_op_name(op));
	size_t k = split(p->line, p->len, w, wl, 11);
	if (k != 9 || !word_eq(w[0], wl[0], head) || !word_eq(w[1], wl[1], dirs ? "Dirs" : "Files") ||
	    !word_eq(w[2], wl[2], "=") || !word_eq(w[4], wl[4], "Total") ||
	    !word_eq(w[5], wl[5], "Time") || !word_eq(w[6], wl[6], "=") ||
	    !word_eq(w[8], wl[8], "seconds"))
		return pfail(p, "'%s %s = N Total Time = S seconds' expected", head,
			     dirs ? "Dirs" : "Files");
	if (whole(w[3], wl[3], UINT64_MAX / 2, &g->count))
		return pfail(p, "%s count '%.*s' is not a whole number", head, (int)wl[3], w[3]);
	if (figure(w[7], wl[7], &total) || !isfinite(total))
		return pfail(p, "%s Total Time '%.*s' is not a number", head, (int)wl[7], w[7]);
	g->total_s = total;
	static const char *const what[] = { "Avg", "Best", "Worst" };
	for (int i = 0; i < 3; i++) {
		if (!next_line(p))
			return pfail(p, "the output stops inside the %s block", fileop_op_name(op));
		if (block_line(p, what[i], op, &per_s, &sec))
			return -1;
		int mark = !isfinite(per_s) || !isfinite(sec);
		if (mark)
			p->marks[op]++;
		if (i == 0) {
			g->ops_per_s = mark ? NAN : per_s;
		} else if (i == 1) {
			g->best_per_s = mark ? NAN : per_s;
			g->best_s = mark ? NAN : sec;
		} else {
			g->worst_per_s = mark ? NAN : per_s;
			g->worst_s = mark ? NAN : sec;
		}
	}
	/* iosweep fileop -t --latency: p50 and p99 lines */
	static const struct { const char *what; int q; } lat[] = { { "p50", 0 }, { "p99", 2 } };
	for (size_t i = 0; i < sizeof(lat) / sizeof(lat[0]); i++) {
		if (!next_line(p))
			return 0;
		if (split(p->line, p->len, w, wl, 11) < 1 || !word_eq(w[0], wl[0], lat[i].what)) {
			unread_line(p);
			break;
		}
		if (block_line(p, lat[i].what, op, &per_s, &sec))
			return -1;
		g->lat_us[lat[i].q] = isfinite(sec) ? sec * 1e6 : NAN;
	}
	if (next_line(p) && !is_blank_line(p->line, p->len))
		return pfail(p, "a blank line expected after the %s block", fileop_op_name(op));
	return 0;
}

/* Is c a cube?  Its root into *x. */
static int cube_root(uint64_t c, uint64_t *x)
{
	uint64_t r = (uint64_t)llround(cbrt((double)c));

	for (uint64_t t = r > 0 ? r - 1 : 0; t <= r + 1; t++)
		if (t * t * t == c && t > 0) {
			*x = t;
			return 0;
		}
	return -1;
}

/* One pass of -t blocks (one force factor). */
static int read_pass(struct fparse *p, unsigned *last_force)
{
	struct report_fileop_sample tmp;
	unsigned head_no[FILEOP_NOPS] = { 0 };
	uint64_t x;

	sample_clear(&tmp, 0, p->trial);
	for (int n = 0; n < FILEOP_NOPS; n++) {
		enum fileop_op op = fileop_run_order[n];
		if (op == FILEOP_LINK && p->links < 0) {
			/* after readdir: link (Linux) or delete (Windows) */
			if (!next_line(p))
				return pfail(p, "the output stops after the readdir block");
			p->links = is_block_head(p->line, p->len, FILEOP_LINK);
			unread_line(p);
		}
		if (!op_shown(op, p->links))
			continue;
		head_no[op] = p->at < p->rep->nlines ? p->rep->line_no[p->at] : p->no;
		if (read_block(p, op, &tmp.op[op]))
			return -1;
	}
	if (cube_root(tmp.op[FILEOP_CREATE].count, &x) || x > FILEOP_MAX_FORCE) {
		p->no = head_no[FILEOP_CREATE];
		return pfail(p, "create's %llu files are no force factor's cube (1 to %u)",
			     (unsigned long long)tmp.op[FILEOP_CREATE].count, FILEOP_MAX_FORCE);
	}
	for (int op = 0; op < FILEOP_NOPS; op++) {
		uint64_t want = op_count((enum fileop_op)op, x);
		uint64_t got = tmp.op[op].count;
		if (!op_shown((enum fileop_op)op, p->links) || got == want ||
		    (op == FILEOP_DELETE && got == 0))
			continue;
		p->no = head_no[op];
		return pfail(p, "%s: %llu calls, fileop makes %llu at force factor %llu",
			     fileop_op_name((enum fileop_op)op), (unsigned long long)got,
			     (unsigned long long)want, (unsigned long long)x);
	}
	if (x <= *last_force) {
		p->no = head_no[FILEOP_CREATE];
		return pfail(p, "force factor %llu (create's count) after %u: fileop's force "
			     "factors grow", (unsigned long long)x, *last_force);
	}
	struct report_fileop_sample *s = sample_new(p, (unsigned)x);
	if (!s)
		return pfail(p, "out of memory");
	memcpy(s->op, tmp.op, sizeof(tmp.op));
	*last_force = (unsigned)x;
	return 0;
}

static int read_blocks(struct fparse *p)
{
	unsigned last_force = 0;

	p->marks_line = p->at < p->rep->nlines ? p->rep->line_no[p->at] : p->no;
	for (;;) {
		if (read_pass(p, &last_force))
			return -1;
		int more = 0;
		while ((more = next_line(p)) && is_blank_line(p->line, p->len))
			;
		if (!more)
			return 0;
		unread_line(p);
		if (!is_block_head(p->line, p->len, FILEOP_MKDIR))
			return 0;
	}
}

/* ---- one file ------------------------------------------------------------ */

/* After the output: nothing more of fileop's. */
static int check_rest(struct fparse *p)
{
	while (next_line(p))
		if (is_title(p->line, p->len) || column_header(p->line, p->len) >= 0 ||
		    is_block_head(p->line, p->len, FILEOP_MKDIR))
			return pfail(p, "a second fileop output in one file: give each run as a "
				     "file of its own (they become trials)");
		else if (looks_like_row(p->line, p->len))
			return pfail(p, "a row after the table's end (a line between the rows?)");
		else if (is_block_head(p->line, p->len, FILEOP_NOPS))
			return pfail(p, "a block after the output's end (fileop -t prints its "
				     "blocks in the order the phases run)");
	return 0;
}

/* "FILE:LINE: 3 figures are inf or nan ...: access (1), delete (2)". */
static void note_marks(struct fparse *p)
{
	char list[512] = "";
	size_t used = 0;
	unsigned total = 0;

	for (int op = 0; op < FILEOP_NOPS; op++) {
		if (!p->marks[op])
			continue;
		total += p->marks[op];
		int w = snprintf(list + used, sizeof(list) - used, "%s%s (%u)", used ? ", " : "",
				 fileop_op_name((enum fileop_op)op), p->marks[op]);
		if (w > 0 && (size_t)w < sizeof(list) - used)
			used += (size_t)w;
	}
	if (total)
		import_note(p->opts, "%s:%u: %u figure%s inf or nan, fileop's marks for no "
			    "measurement, left out: %s", p->path, p->marks_line, total,
			    total == 1 ? " is" : "s are", list);
}

static int parse_report(struct fparse *p)
{
	struct import_fileop *f = p->f;
	uint64_t size = 0;
	int has_size = 0, rc;

	for (;;) {
		if (!next_line(p)) {
			p->no = p->rep->nlines ? p->rep->line_no[p->rep->nlines - 1] : 1;
			return pfail(p, "no fileop output (no title line, column header or "
				     "-t block) in the file");
		}
		if (is_title(p->line, p->len) || column_header(p->line, p->len) >= 0 ||
		    is_block_head(p->line, p->len, FILEOP_MKDIR))
			break;
	}
	if (is_title(p->line, p->len)) {
		if (read_title(p, &size))
			return -1;
		has_size = 1;
		int more = 0;
		while ((more = next_line(p)) && is_blank_line(p->line, p->len))
			;
		if (!more)
			return pfail(p, "fileop's title line without a table or -t blocks below it");
	}
	p->form_line = p->no;
	if ((p->links = column_header(p->line, p->len)) >= 0) {
		rc = read_rows(p);
	} else if (is_block_head(p->line, p->len, FILEOP_MKDIR)) {
		p->links = -1;
		unread_line(p);
		rc = read_blocks(p);
	} else {
		return pfail(p, "fileop's column header or its mkdir block expected after the title");
	}
	if (rc || check_rest(p))
		return -1;
	p->no = p->form_line;
	if (f->trials > 0 && f->links != p->links)
		return pfail(p, "fileop's %s columns, the files before had its %s ones",
			     p->links ? "Linux" : "Windows", f->links ? "Linux" : "Windows");
	if (f->trials > 0 && (f->has_size != has_size || f->size_bytes != size))
		return pfail(p, "the file size differs from the files before (trials of one "
			     "set must agree)");
	f->links = p->links;
	f->has_size = has_size;
	f->size_bytes = size;
	return 0;
}

int import_fileop_detect(const char *buf, size_t len)
{
	(void)len;
	return strstr(buf, title_start) != NULL ||
	       strstr(buf, "mkdir   chdir   rmdir  create") != NULL ||
	       strstr(buf, "mkdir:   Dirs =") != NULL;
}

int import_fileop_parse(struct import_fileop *f, const char *path, const char *buf,
			size_t len, unsigned trial, const struct import_opts *opts,
			char *err, size_t errlen)
{
	struct import_unwrapped u;
	struct fparse p = { .f = f, .path = path, .opts = opts, .err = err,
			    .errlen = errlen, .trial = trial };
	int rc;

	if (import_unwrap(buf, len, &u, err, errlen))
		return err_set(err, errlen, "%s: out of memory", path);
	if (u.n != 1 || u.reports[0].header_line) {
		rc = err_set(err, errlen, "%s:%u: an IOzone report beside fileop's output: "
			     "give each as a file of its own", path,
			     u.reports[0].header_line ? u.reports[0].header_line : 1);
		goto out;
	}
	p.rep = &u.reports[0];
	rc = parse_report(&p);
	if (rc == 0) {
		size_t need = f->n + p.n;
		struct report_fileop_sample *q = realloc(f->s, need * sizeof(*q));
		if (!q) {
			rc = err_set(err, errlen, "%s: out of memory", path);
			goto out;
		}
		f->s = q;
		memcpy(f->s + f->n, p.s, p.n * sizeof(*p.s));
		f->n = need;
		if (trial + 1 > f->trials)
			f->trials = trial + 1;
		note_marks(&p);
	}
out:
	if (rc && errlen > 0)
		import_printable(err);
	free(p.s);
	import_unwrap_release(&u);
	return rc;
}

/* Fill f's meta from what the files said. */
static int fill_meta(struct import_fileop *f, const char *path)
{
	char workload[4200];
	struct result_meta *m = &f->rs.meta;
	int w;

	w = snprintf(workload, sizeof(workload), "fileop source=imported file=%s platform=%s",
		     path, f->links ? "linux" : "windows");
	if (w > 0 && (size_t)w < sizeof(workload) && f->has_size)
		snprintf(workload + w, sizeof(workload) - (size_t)w, " size_bytes=%llu",
			 (unsigned long long)f->size_bytes);
	if (results_set_str(&m->tool, "fileop") || results_set_str(&m->workload, workload))
		return -1;
	m->source_unit = RESULTS_UNIT_OPS;
	f->rs.trials = f->trials;
	return import_default_label(&f->rs, path, 0);
}

int import_fileop_load(struct import_fileop *f, char *const *paths, size_t n,
		       const struct import_opts *opts, char *err, size_t errlen)
{
	if (n == 0)
		return err_set(err, errlen, "no input files");
	for (size_t i = 0; i < n; i++) {
		char *buf = NULL;
		size_t len = 0;
		int rc;

		if (import_read_file(paths[i], &buf, &len, err, errlen))
			return -1;
		if (!import_fileop_detect(buf, len))
			rc = err_set(err, errlen, "%s: no fileop output, and fileop's and IOzone's "
				     "results do not mix in one set", paths[i]);
		else
			rc = import_fileop_parse(f, paths[i], buf, len, (unsigned)i, opts,
						 err, errlen);
		free(buf);
		if (rc)
			return -1;
	}
	if (fill_meta(f, paths[0]))
		return err_set(err, errlen, "out of memory");
	return 0;
}

int import_fileop_is_file(const char *path)
{
	char *buf = NULL, err[64];
	size_t len = 0;
	int yes;

	if (import_read_file(path, &buf, &len, err, sizeof(err)))
		return 0;
	yes = import_fileop_detect(buf, len);
	free(buf);
	return yes;
}

void import_fileop_init(struct import_fileop *f)
{
	memset(f, 0, sizeof(*f));
	results_init(&f->rs);
}

void import_fileop_release(struct import_fileop *f)
{
	free(f->s);
	results_release(&f->rs);
	memset(f, 0, sizeof(*f));
}
