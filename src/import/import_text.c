/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import_text.c: IOzone's text output (3.2xx..3.5xx) and iosweep's own
 * copy of it: the header facts, the normal report table and the -R
 * "Excel" section (alone, or after a report).
 *
 * The table is the hard part.  A row holds the file and record kB and
 * then only the figures of the tests that ran: tests not selected with -i
 * print blanks, and the blanks are narrower than the figures, so with a
 * subset the figures drift left of the header words over them (-E makes it
 * obvious: pwrite lands under freread).  So the columns of a row are
 * decided in this order:
 *   1. as many figures as header columns: one each, in order;
 *   2. with a "Command line used:" line, the tests it names with -i (no
 *      -i: every test of the header): their columns must number as many
 *      as the figures, or the table is refused (a shifted or damaged
 *      table would otherwise be read with figures under the wrong tests);
 *   3. without a command line, every choice of whole tests (pairs stay pairs) with the
 *      right number of columns is scored against the character positions
 *      where the figures end, both under the header words and under the
 *      layout IOzone 3.5 prints (fixed widths for figures and blanks); the
 *      closest wins.
 * Every row of a table must have the same number of figures (the most
 * common count): a row with fewer is a missing value, an error.
 *
 * A 0 gives no sample: in the table it is a retest not run (-+n) or a
 * figure IOzone could not take, in the -R section a crossover placeholder
 * (a cell never run).  CPU utilization sections (-+u) are skipped: they
 * are percentages, not throughput.  When a
 * report and its -R section are both there the report's figures are used
 * and the -R section gives only the record axis.
 *
 * The lines come from import_unwrap (import_unwrap.h), which found the
 * report in its file: messages name the file's lines through its map.  Two
 * kinds of report are let through that a whole IOzone file never is: one
 * stopped by "iozone: interrupted" (its finished rows; the row it was in
 * is left out) and a table whose header was cut, which ends with its last
 * row and takes its command line from import_cut_command (its own, the
 * caller's --command, the page's text, or none); without one its columns
 * are chosen as in 3. above, but every row's figures must sit within a
 * few characters of them, or the table is refused.
 */
#include "compat.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "import/import.h"
#include "import/import_priv.h"
#include "import/import_text_lines.h"
#include "import/import_unwrap.h"
#include "model/results.h"
#include "lib/err.h"

struct row {
	unsigned line;
	uint64_t file_kb, record_kb;
	int n;                     /* figures after the two sizes */
	double v[MAX_TOKENS];
	size_t end[MAX_TOKENS];
	size_t rec_end;            /* where the record kB ends */
	int terminated;
};

struct hcol {
	int col;
	size_t end;
};

struct text_parse {
	struct result_set *rs;
	const char *path;
	const struct import_report *rep;
	const struct import_opts *opts;
	char *err;
	size_t errlen;
	struct import_acc acc;
	int unit_seen;
	unsigned cmd_text_line;    /* a cut table's command line is the text's, here */
	/* normal table */
	struct hcol hdr[RC_COUNT];
	int nh;
	unsigned hdr_line;
	struct row *rows;
	size_t nrows, rows_alloc;
	int complete;
	/* -R section */
	int r_col;                 /* column of the current section, -1 skip */
	uint64_t r_axis[64];
	size_t r_naxis;
	int r_have_axis;
	unsigned r_section_line;
	int r_rows_in_section;
	int r_any;
};

static void split_lines_next(const struct text_parse *tp, const char **p,
			     const char *end, struct line *l, unsigned *no)
{
	const char *s = *p;
	const char *nl = memchr(s, '\n', (size_t)(end - s));
	const char *e = nl ? nl : end;
	l->s = s;
	l->len = (size_t)(e - s);
	if (l->len && s[l->len - 1] == '\r')
		l->len--;
	l->terminated = nl != NULL;
	l->no = ++*no;
	if (tp->rep && *no <= tp->rep->nlines)
		l->no = tp->rep->line_no[*no - 1];
	*p = nl ? nl + 1 : end;
}

static int fail(struct text_parse *tp, unsigned line, const char *fmt, ...)
	IOSWEEP_PRINTF(3, 4);
static int fail(struct text_parse *tp, unsigned line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	import_vfail(tp->err, tp->errlen, tp->path, line, fmt, ap);
	va_end(ap);
	return -1;
}

static int set_meta(struct text_parse *tp, char **field, const char *value)
{
	if (results_set_str(field, value))
		return err_set(tp->err, tp->errlen, "%s: out of memory", tp->path);
	return 0;
}

static const struct {
	const char *phrase;
	unsigned flag;
} header_flags[] = {
	{ "O_DIRECT feature enabled", RESULTS_F_DIRECT },
	{ "O_DIRECTIO feature enabled", RESULTS_F_DIRECT },
	{ "F_NOCACHE=1", RESULTS_F_DIRECT },
	{ "Include fsync in write timing", RESULTS_F_FSYNC },
	{ "Include close in write timing", RESULTS_F_CLOSE },
	{ "SYNC Mode.", RESULTS_F_OSYNC },
	{ "O_DSYNC mode enabled", RESULTS_F_ODSYNC },
	{ "Read & Write sync mode active", RESULTS_F_ORSYNC },
	{ "No retest option selected", RESULTS_F_NORETEST },
	{ "CPU utilization Resolution", RESULTS_F_CPU },
	{ "CPU utilization Excel chart enabled", RESULTS_F_CPU },
	{ "Verify Mode. Pattern", RESULTS_F_VERIFY },
	{ "I/O Diagnostic mode enabled", RESULTS_F_DIAG },
	{ "Using mmap files", RESULTS_F_MMAP },
	{ "Using msync(MS_ASYNC) on mmap files", RESULTS_F_MMAP | RESULTS_F_MSYNC_ASYNC },
	{ "Using msync(MS_SYNC) on mmap files", RESULTS_F_MSYNC_SYNC },
	{ "Enable mmap & file I/O mixing.", RESULTS_F_MMAP_MIX },
	{ "Short circuit mode. For", RESULTS_F_SHORT | RESULTS_F_VERIFY },
};

static const struct {
	const char *phrase;
	int unit;
} header_units[] = {
	{ "OPS Mode. Output is in operations per second", RESULTS_UNIT_OPS },
	{ "Microseconds/op Mode", RESULTS_UNIT_USEC },
	{ "Output is in kBytes/sec", RESULTS_UNIT_KBPS },
	{ "Output is in Kbytes/sec", RESULTS_UNIT_KBPS },
	{ "Output is in KBytes/sec", RESULTS_UNIT_KBPS },
};

static int set_unit(struct text_parse *tp, int unit, unsigned line)
{
	if (tp->unit_seen && tp->rs->meta.source_unit != unit)
		return fail(tp, line, "%s", "a second, different unit line: mixed units in one report");
	tp->unit_seen = 1;
	tp->rs->meta.source_unit = unit;
	return 0;
}

/* The index of name (its first three letters, or all of it) in names[n], or -1. */
static int name_index(const char *name, const char *const *names, int n)
{
	size_t len = strlen(name);

	for (int i = 0; i < n; i++)
		if (len >= 3 && strncasecmp(name, names[i], len) == 0)
			return i;
	return -1;
}

/* "Sun Nov 21 03:38:06 2010" -> "2010-11-21T03:38:06"; else as printed. */
static int set_start_time(struct text_parse *tp, const char *txt)
{
	static const char *const days[] = { "sunday", "monday", "tuesday",
		"wednesday", "thursday", "friday", "saturday" };
	static const char *const months[] = { "january", "february", "march",
		"april", "may", "june", "july", "august", "september", "october",
		"november", "december" };
	char wd[16], mon[16], iso[64];
	int d, h, mi, sec, y, end = -1, m;

	if (sscanf(txt, "%15[A-Za-z] %15[A-Za-z] %d %d:%d:%d %d%n", wd, mon, &d,
		   &h, &mi, &sec, &y, &end) == 7 && end > 0 && txt[end] == '\0' &&
	    name_index(wd, days, 7) >= 0 && (m = name_index(mon, months, 12)) >= 0 &&
	    d >= 1 && d <= 31 && h >= 0 && h <= 23 && mi >= 0 && mi <= 59 &&
	    sec >= 0 && sec <= 60 && y >= 0 && y <= 9999) {
		snprintf(iso, sizeof(iso), "%04d-%02d-%02dT%02d:%02d:%02d", y, m + 1,
			 d, h, mi, sec);
		return set_meta(tp, &tp->rs->meta.start_time, iso);
	}
	return set_meta(tp, &tp->rs->meta.start_time, txt);
}

/* One line before the table (or before -R): the facts it may state. */
static int header_line(struct text_parse *tp, const struct line *l)
{
	struct result_meta *m = &tp->rs->meta;
	char buf[4096];
	const char *p;

	for (size_t i = 0; i < sizeof(header_flags) / sizeof(header_flags[0]); i++)
		if (tline_find(l, header_flags[i].phrase))
			m->flags |= header_flags[i].flag;
	for (size_t i = 0; i < sizeof(header_units) / sizeof(header_units[0]); i++)
		if (tline_find(l, header_units[i].phrase) &&
		    set_unit(tp, header_units[i].unit, l->no))
			return -1;
	if (tline_find(l, "Iozone: Performance Test of File I/O"))
		return set_meta(tp, &m->tool, "iozone");
	if ((p = tline_find(l, "Iosweep:")) != NULL && (size_t)(p - l->s) < 4)
		return set_meta(tp, &m->tool, "iosweep");
	if ((p = tline_find(l, "Throughput test with")) != NULL)
		return fail(tp, l->no, "%s", "a throughput-mode (-t) report: only the "
			    "file size x record size report (-a, -s/-r) can be imported");
	if ((p = tline_find(l, "Version $Revision:")) != NULL) {
		p += strlen("Version $Revision:");
		tline_trim(p, l->len - (size_t)(p - l->s), buf, sizeof(buf));
		char *dollar = strchr(buf, '$');
		if (dollar)
			*dollar = '\0';
		tline_trim(buf, strlen(buf), buf, sizeof(buf));
		return set_meta(tp, &m->version, buf);
	}
	if ((p = tline_find(l, "Version ")) != NULL && m->tool && !m->version &&
	    strcmp(m->tool, "iosweep") == 0) {
		p += strlen("Version ");
		tline_trim(p, l->len - (size_t)(p - l->s), buf, sizeof(buf));
		return set_meta(tp, &m->version, buf);
	}
	if ((p = tline_find(l, "Data pattern:")) != NULL) {
		/* iosweep's own header: "Data pattern: random (zlib ratio 1.00)" */
		p += strlen("Data pattern:");
		tline_trim(p, l->len - (size_t)(p - l->s), buf, sizeof(buf));
		char *paren = strstr(buf, " (zlib ratio ");
		if (paren) {
			char *end;
			double r = strtod(paren + 13, &end);
			if (end != paren + 13 && *end == ')' && isfinite(r) && r >= 0)
				m->data_compress_ratio = r;
			*paren = '\0';
		}
		return set_meta(tp, &m->data_pattern, buf);
	}
	static const struct {
		const char *key;
		int which;
	} keyed[] = {
		{ "Command line used:", 0 }, { "Run began:", 1 }, { "Machine =", 2 },
		{ "Hostname =", 3 }, { "Time Resolution =", 4 },
	};
	for (size_t i = 0; i < sizeof(keyed) / sizeof(keyed[0]); i++) {
		if ((p = tline_find(l, keyed[i].key)) == NULL)
			continue;
		p += strlen(keyed[i].key);
		tline_trim(p, l->len - (size_t)(p - l->s), buf, sizeof(buf));
		switch (keyed[i].which) {
		case 0:
			return set_meta(tp, &m->command_line, buf);
		case 1:
			return set_start_time(tp, buf);
		case 2:
			return set_meta(tp, &m->os, buf);
		case 3:
			return set_meta(tp, &m->host, buf);
		default: {
			char *end;
			double r = strtod(buf, &end);
			if (end != buf && isfinite(r) && r >= 0)
				m->timer_resolution_s = r;
			return 0;
		}
		}
	}
	return 0;
}

/* "kB  reclen ..." or "KB  reclen ...": the second line of the table header. */
static int is_column_header(const struct line *l)
{
	struct token t[2];
	if (tline_tokenize(l, t, 2) < 2)
		return 0;
	return (tline_tok_is(&t[0], "kB") || tline_tok_is(&t[0], "KB")) && tline_tok_is(&t[1], "reclen");
}

static int parse_column_header(struct text_parse *tp, const struct line *l1,
			       const struct line *l2)
{
	struct token top[MAX_TOKENS], bot[MAX_TOKENS];
	int ntop = l1 ? tline_tokenize(l1, top, MAX_TOKENS) : 0;
	int nbot = tline_tokenize(l2, bot, MAX_TOKENS);
	char name[64];

	if (ntop > MAX_TOKENS)
		ntop = 0; /* not IOzone's "random random bkwd ..." line */
	if (nbot > MAX_TOKENS || nbot - 2 > RC_COUNT)
		return fail(tp, l2->no, "%s", "too many columns in the column header");
	tp->nh = 0;
	for (int i = 2; i < nbot; i++) {
		const struct token *w = &bot[i];
		const struct token *over = NULL;
		size_t best = 3;
		for (int k = 0; k < ntop; k++) {
			size_t d = top[k].end > w->end ? top[k].end - w->end : w->end - top[k].end;
			if (d < best) {
				best = d;
				over = &top[k];
			}
		}
		if (over && over->len + 1 + w->len < sizeof(name))
			snprintf(name, sizeof(name), "%.*s %.*s", (int)over->len, over->s,
				 (int)w->len, w->s);
		else
			snprintf(name, sizeof(name), "%.*s", (int)(w->len < 60 ? w->len : 60), w->s);
		int col = results_col_from_name(name);
		if (col < 0) {
			char word[64];
			snprintf(word, sizeof(word), "%.*s", (int)(w->len < 60 ? w->len : 60), w->s);
			return fail(tp, l2->no, "unknown column '%s' in the column header", word);
		}
		for (int k = 0; k < tp->nh; k++)
			if (tp->hdr[k].col == col)
				return fail(tp, l2->no, "column '%s' twice in the column header", name);
		tp->hdr[tp->nh].col = col;
		tp->hdr[tp->nh].end = w->end;
		tp->nh++;
	}
	if (tp->nh == 0)
		return fail(tp, l2->no, "%s", "no test columns in the column header");
	tp->hdr_line = l2->no;
	return 0;
}

/* A table row: two unsigned sizes, then figures.  1 row, 0 not a row, -1 error. */
static int parse_row(struct text_parse *tp, const struct line *l)
{
	struct token tok[MAX_TOKENS + 2];
	int n = tline_tokenize(l, tok, MAX_TOKENS + 2);
	struct row r;

	if (n < 2 || tline_tok_u64(&tok[0], &r.file_kb) || tline_tok_u64(&tok[1], &r.record_kb))
		return 0;
	if (n > MAX_TOKENS + 2 || n - 2 > tp->nh)
		return fail(tp, l->no, "%s", "more figures than the column header has columns");
	r.line = l->no;
	r.n = n - 2;
	r.rec_end = tok[1].end;
	r.terminated = l->terminated;
	for (int i = 2; i < n; i++) {
		if (tline_tok_double(&tok[i], &r.v[i - 2])) {
			char word[48];
			snprintf(word, sizeof(word), "%.*s",
				 (int)(tok[i].len < 40 ? tok[i].len : 40), tok[i].s);
			if (!l->terminated)
				return fail(tp, l->no, "%s", "the file ends in the middle of a row: truncated");
			return fail(tp, l->no, "'%s' is not a number", word);
		}
		r.end[i - 2] = tok[i].end;
	}
	if (tp->nrows == tp->rows_alloc) {
		size_t want = tp->rows_alloc ? tp->rows_alloc * 2 : 64;
		struct row *p = realloc(tp->rows, want * sizeof(*p));
		if (!p)
			return fail(tp, l->no, "%s", "out of memory");
		tp->rows = p;
		tp->rows_alloc = want;
	}
	tp->rows[tp->nrows++] = r;
	return 1;
}

/* IOzone test number of a column, and its layout in a 3.5 row. */
static int col_test(int col)
{
	static const signed char t[RC_COUNT] = {
		0, 0, 1, 1, 2, 2, 3, 4, 5, 6, 6, 7, 7, 9, 9, 10, 10, 11, 11, 12, 12,
		2, 1
	};
	return t[col];
}

/* Width of one figure of test t, and of the blanks printed when t did not run. */
static const unsigned char fig_width[13] = { 10, 10, 10, 10, 11, 11, 10, 10, 0, 10, 10, 10, 10 };
static const unsigned char blank_width[13] = { 18, 18, 18, 9, 10, 10, 18, 17, 0, 18, 18, 18, 18 };

struct groups {
	int test[13];
	int first[13];   /* index into hdr of the group's first column */
	int ncols[13];
	int n;
};

static void header_groups(const struct text_parse *tp, struct groups *g)
{
	g->n = 0;
	for (int i = 0; i < tp->nh; i++) {
		int t = col_test(tp->hdr[i].col);
		if (g->n && g->test[g->n - 1] == t) {
			g->ncols[g->n - 1]++;
			continue;
		}
		g->test[g->n] = t;
		g->first[g->n] = i;
		g->ncols[g->n] = 1;
		g->n++;
	}
}

/* Columns (hdr indexes) of the groups in mask, into idx; their count. */
static int mask_columns(const struct groups *g, unsigned mask, int *idx)
{
	int n = 0;
	for (int k = 0; k < g->n; k++)
		if (mask & (1u << k))
			for (int c = 0; c < g->ncols[k]; c++)
				idx[n++] = g->first[k] + c;
	return n;
}

static double dist(size_t a, size_t b)
{
	return a > b ? (double)(a - b) : (double)(b - a);
}

/* Add d to a sum of distances, or with worst keep the largest. */
static double add_dist(double acc, double d, int worst)
{
	return worst ? (d > acc ? d : acc) : acc + d;
}

/*
 * How far the figures of r sit from where the columns idx would put them,
 * under the header words or in IOzone 3.5's layout, whichever is nearer:
 * the sum of the distances, or with worst the largest.
 */
static double layout_cost(const struct text_parse *tp, const struct groups *g,
			  unsigned mask, const int *idx, const struct row *r, int worst)
{
	double under_header = 0.0, iozone35 = 0.0;
	for (int i = 0; i < r->n; i++)
		under_header = add_dist(under_header, dist(r->end[i], tp->hdr[idx[i]].end), worst);

	size_t pos = r->rec_end;
	int i = 0;
	for (int k = 0; k < g->n; k++) {
		int t = g->test[k];
		if (mask & (1u << k)) {
			for (int c = 0; c < g->ncols[k] && i < r->n; c++, i++) {
				pos += fig_width[t];
				iozone35 = add_dist(iozone35, dist(r->end[i], pos), worst);
			}
		} else {
			pos += blank_width[t];
		}
	}
	return under_header < iozone35 ? under_header : iozone35;
}

/*
 * A cut table without a command line has nothing but the figures' places
 * to say which tests they are: every row's must sit where the choice puts
 * them (under the header words, or in IOzone 3.5's layout), within
 * CUT_SLACK characters each, or the table is refused.  A table that kept
 * its header keeps the nearest choice, as before.
 */
#define CUT_SLACK 3

static int cut_rows_fit(struct text_parse *tp, const struct groups *g, unsigned mask,
			const int *idx, int n)
{
	if (!tp->rep || !tp->rep->table_only)
		return 0;
	for (size_t i = 0; i < tp->nrows; i++) {
		const struct row *r = &tp->rows[i];
		if (layout_cost(tp, g, mask, idx, r, 1) > (double)CUT_SLACK)
			return fail(tp, r->line, "rows of %d figures under a column header of %d, "
				    "not where its columns are, and no command line to say which "
				    "tests ran: import it with --command \"iozone ...\"", n, tp->nh);
	}
	return 0;
}

/* Decide which header columns the n figures of the rows belong to. */
static int map_columns(struct text_parse *tp, int n, const struct row *r, int *idx)
{
	struct groups g;

	if (n == tp->nh) {
		for (int i = 0; i < n; i++)
			idx[i] = i;
		return 0;
	}
	header_groups(tp, &g);
	if (tp->rs->meta.command_line) {
		uint32_t tests = 0;
		unsigned flags = 0;
		int unit = 0;
		import_scan_cmdline(tp->rs->meta.command_line, &tests, &flags, &unit);
		/*
		 * The command line says which tests ran (no -i: every test
		 * of the header), so it says how many figures a row holds.
		 * A row with another count is a shifted or damaged table:
		 * guessing would label figures with their neighbours' tests.
		 */
		unsigned mask = 0;
		for (int k = 0; k < g.n; k++)
			if (!tests || (tests & (1u << g.test[k])))
				mask |= 1u << k;
		int want = mask_columns(&g, mask, idx);
		if (want == n)
			return 0;
		char at[32] = "";
		if (tp->cmd_text_line)
			snprintf(at, sizeof(at), " at line %u", tp->cmd_text_line);
		return fail(tp, r->line, "rows of %d figures where the command line%s (%s) "
			    "implies %d: the table is shifted or a column is missing", n, at,
			    tests ? "its -i tests" : "no -i: every test of the column header",
			    want);
	}
	double best = -1.0;
	unsigned best_mask = 0;
	int tmp[RC_COUNT];
	for (unsigned mask = 1; mask < (1u << g.n); mask++) {
		if (mask_columns(&g, mask, tmp) != n)
			continue;
		double c = layout_cost(tp, &g, mask, tmp, r, 0);
		if (best < 0.0 || c < best) {
			best = c;
			best_mask = mask;
		}
	}
	if (best < 0.0) {
		char what[32];
		snprintf(what, sizeof(what), "%d", n);
		return fail(tp, r->line, "rows of %s figures fit no choice of tests in the column header",
			    what);
	}
	mask_columns(&g, best_mask, idx);
	return cut_rows_fit(tp, &g, best_mask, idx, n);
}

/*
 * A cut table: the command line that stands for its cut header lines
 * (import_cut_command: its own, --command, the text's or none), before
 * its columns are read.
 */
static int cut_command(struct text_parse *tp)
{
	if (!tp->rep || !tp->rep->table_only)
		return 0;
	int own = tp->rs->meta.command_line != NULL;
	struct import_row_size *sz = malloc(tp->nrows * sizeof(*sz));
	if (!sz)
		return fail(tp, 0, "%s", "out of memory");
	for (size_t i = 0; i < tp->nrows; i++)
		sz[i] = (struct import_row_size){ .file_kb = tp->rows[i].file_kb,
			.record_kb = tp->rows[i].record_kb, .line = tp->rows[i].line };
	int rc = import_cut_command(tp->rs, tp->path, tp->rep, tp->opts, sz, tp->nrows,
				    tp->unit_seen, tp->err, tp->errlen);
	free(sz);
	if (rc == 0 && !own && tp->rs->meta.command_line && !(tp->opts && tp->opts->command))
		tp->cmd_text_line = tp->rep->command_line;
	return rc;
}

/* Say which figures were 0 (no measurement) and so left out. */
static void note_zeros(const struct text_parse *tp, const size_t *zeros)
{
	char cols[512];
	size_t n = 0, total = 0;

	cols[0] = '\0';
	for (int c = 0; c < RC_COUNT; c++) {
		if (!zeros[c])
			continue;
		total += zeros[c];
		if (n < sizeof(cols))
			n += (size_t)snprintf(cols + n, sizeof(cols) - n, "%s%s (%zu)", n ? ", " : "",
					      results_col_name(c), zeros[c]);
	}
	if (total)
		import_note(tp->opts, "%s:%u: %zu figure%s 0, IOzone's mark for no measurement, "
			    "left out: %s", tp->path, tp->hdr_line, total,
			    total == 1 ? " is" : "s are", cols);
}

/* Interrupted: the status and the note; the row it stopped in is cut_line. */
static int mark_partial(struct text_parse *tp, unsigned cut_line)
{
	char status[96];

	snprintf(status, sizeof(status), "partial: interrupted after %zu rows", tp->nrows);
	if (set_meta(tp, &tp->rs->meta.status, status))
		return -1;
	if (cut_line)
		import_note(tp->opts, "%s:%u: %s; the unfinished row at line %u is left out",
			    tp->path, tp->rep->stop_line, status, cut_line);
	else
		import_note(tp->opts, "%s:%u: %s", tp->path, tp->rep->stop_line, status);
	return 0;
}

static int table_to_samples(struct text_parse *tp)
{
	size_t counts[MAX_TOKENS + 1], zeros[RC_COUNT];
	int idx[RC_COUNT];
	int stopped = tp->rep && tp->rep->stop_line;
	unsigned cut_line = 0;

	if (tp->nrows == 0)
		return fail(tp, tp->hdr_line, "%s", "a column header without rows: truncated or empty report");
	memset(counts, 0, sizeof(counts));
	memset(zeros, 0, sizeof(zeros));
	/* interrupted: the finished rows say how long a row is, not the last */
	size_t counted = stopped && tp->nrows > 1 ? tp->nrows - 1 : tp->nrows;
	for (size_t i = 0; i < counted; i++)
		counts[tp->rows[i].n]++;
	int mode = 0;
	for (int n = 1; n <= MAX_TOKENS; n++)
		if (counts[n] > counts[mode])
			mode = n;
	if (mode == 0)
		return fail(tp, tp->rows[0].line, "%s", "rows without figures");
	if (counted < tp->nrows && tp->rows[tp->nrows - 1].n < mode)
		cut_line = tp->rows[--tp->nrows].line;
	for (size_t i = 0; i < tp->nrows; i++) {
		const struct row *r = &tp->rows[i];
		if (r->n == mode)
			continue;
		if (!r->terminated && r->n < mode)
			return fail(tp, r->line, "%s", "the file ends in the middle of a row: truncated");
		char what[96];
		snprintf(what, sizeof(what), "%d figures where the other rows have %d", r->n, mode);
		return fail(tp, r->line, "%s: a value is missing or extra", what);
	}
	const struct row *first = NULL;
	for (size_t i = 0; i < tp->nrows && !first; i++)
		first = &tp->rows[i];
	if (cut_command(tp) || map_columns(tp, mode, first, idx))
		return -1;
	for (size_t i = 0; i < tp->nrows; i++) {
		const struct row *r = &tp->rows[i];
		for (int k = 0; k < r->n; k++) {
			int col = tp->hdr[idx[k]].col;
			/*
			 * A 0 is no measurement: a retest not run (-+n), or a
			 * figure IOzone could not take.  It gives no sample.
			 */
			if (r->v[k] == 0.0) {
				zeros[col]++;
				continue;
			}
			if (import_add_value(&tp->acc, col, r->file_kb, r->record_kb, r->v[k],
					     r->line, tp->err, tp->errlen))
				return -1;
		}
	}
	if (stopped && mark_partial(tp, cut_line))
		return -1;
	note_zeros(tp, zeros);
	return 0;
}

/* A quoted line: its text without the quotes, or NULL. */
static const char *quoted(const struct line *l, size_t *len)
{
	size_t a = 0, b = l->len;
	while (a < b && (l->s[a] == ' ' || l->s[a] == '\t'))
		a++;
	while (b > a && (l->s[b - 1] == ' ' || l->s[b - 1] == '\t'))
		b--;
	if (b - a < 2 || l->s[a] != '"' || l->s[b - 1] != '"' ||
	    memchr(l->s + a + 1, '"', b - a - 2))
		return NULL;
	*len = b - a - 2;
	return l->s + a + 1;
}

/* Token without surrounding quotes. */
static struct token unquote(struct token t)
{
	if (t.len >= 2 && t.s[0] == '"' && t.s[t.len - 1] == '"') {
		t.s++;
		t.len -= 2;
	}
	return t;
}

/* One line inside the -R section. */
static int excel_line(struct text_parse *tp, const struct line *l, int use_values)
{
	struct token tok[80];
	size_t qlen;
	const char *q = quoted(l, &qlen);

	/*
	 * A section of one record size has a header row of one quoted
	 * number ("64"), which looks like a title: where the header row is
	 * due, a quoted number is that row.
	 */
	if (q && tp->r_section_line && !tp->r_have_axis && qlen &&
	    strspn(q, "0123456789") >= qlen)
		q = NULL;
	if (q) {
		int col = import_section_col(q, qlen);
		if (col == -1) {
			if (qlen >= 17 && strncmp(q, "Throughput report", 17) == 0)
				return fail(tp, l->no, "%s", "a throughput-mode (-t) Excel table: only the "
					    "file size x record size report can be imported");
			char word[64];
			snprintf(word, sizeof(word), "%.*s", (int)(qlen < 60 ? qlen : 60), q);
			return fail(tp, l->no, "unknown Excel section '%s'", word);
		}
		if (tp->r_section_line && tp->r_col != -2 && !tp->r_rows_in_section)
			return fail(tp, l->no, "%s", "the previous Excel section has no rows: truncated");
		tp->r_col = col;
		tp->r_section_line = l->no;
		tp->r_rows_in_section = 0;
		tp->r_have_axis = 0;
		return 0;
	}
	int n = tline_tokenize(l, tok, 80);
	if (n == 0)
		return 0;
	if (!tp->r_section_line)
		return fail(tp, l->no, "%s", "Excel figures before any section title");
	if (n > 80)
		return fail(tp, l->no, "%s", "too many record sizes in an Excel row");
	if (!tp->r_have_axis) {
		/* the header row: quoted record sizes */
		uint64_t axis[64];
		if (n > 64)
			return fail(tp, l->no, "%s", "too many record sizes in an Excel header");
		for (int i = 0; i < n; i++) {
			struct token t = unquote(tok[i]);
			if (tok[i].s[0] != '"' || tline_tok_u64(&t, &axis[i]) || axis[i] == 0)
				return fail(tp, l->no, "%s", "expected the Excel header row of quoted record sizes");
		}
		if (tp->r_naxis == 0 && tp->r_col != -2) {
			memcpy(tp->r_axis, axis, (size_t)n * sizeof(axis[0]));
			tp->r_naxis = (size_t)n;
		} else if (tp->r_col != -2 && ((size_t)n != tp->r_naxis ||
			   memcmp(axis, tp->r_axis, (size_t)n * sizeof(axis[0])) != 0)) {
			return fail(tp, l->no, "%s", "this section's record sizes differ from the first section's");
		}
		tp->r_have_axis = 1;
		return 0;
	}
	struct token first = unquote(tok[0]);
	uint64_t file_kb;
	if (tok[0].s[0] != '"' || tline_tok_u64(&first, &file_kb))
		return fail(tp, l->no, "%s", "expected an Excel row: a quoted file size, then figures");
	tp->r_rows_in_section++;
	if (tp->r_col == -2)
		return 0;
	if (!l->terminated)
		return fail(tp, l->no, "%s", "the file ends in the middle of a row: truncated");
	if ((size_t)(n - 1) > tp->r_naxis)
		return fail(tp, l->no, "%s", "more figures than record sizes in the Excel header");
	for (int i = 1; i < n; i++) {
		double v;
		if (tline_tok_double(&tok[i], &v)) {
			if (!l->terminated)
				return fail(tp, l->no, "%s", "the file ends in the middle of a row: truncated");
			char word[48];
			snprintf(word, sizeof(word), "%.*s",
				 (int)(tok[i].len < 40 ? tok[i].len : 40), tok[i].s);
			return fail(tp, l->no, "'%s' is not a number", word);
		}
		tp->r_any = 1;
		if (use_values &&
		    import_add_value(&tp->acc, tp->r_col, file_kb, tp->r_axis[i - 1], v,
				     l->no, tp->err, tp->errlen))
			return -1;
	}
	return 0;
}

enum text_state { ST_HEAD, ST_TABLE, ST_AFTER, ST_EXCEL };

static int parse_lines(struct text_parse *tp, const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;
	struct line prev, l;
	unsigned no = 0;
	int have_prev = 0;
	enum text_state st = ST_HEAD;
	unsigned last_line = 0;

	memset(&prev, 0, sizeof(prev));
	while (p < end) {
		split_lines_next(tp, &p, end, &l, &no);
		last_line = l.no;
		if (memchr(l.s, '\0', l.len))
			return fail(tp, l.no, "%s", "binary data: not an IOzone report");
		size_t qlen;
		const char *q;
		switch (st) {
		case ST_HEAD:
			if (is_column_header(&l)) {
				if (parse_column_header(tp, have_prev ? &prev : NULL, &l))
					return -1;
				st = ST_TABLE;
				break;
			}
			if (tline_is(&l, "Excel output is below:")) {
				st = ST_EXCEL;
				break;
			}
			if ((q = quoted(&l, &qlen)) != NULL && import_section_col(q, qlen) != -1) {
				st = ST_EXCEL;
				if (excel_line(tp, &l, 1))
					return -1;
				break;
			}
			if (header_line(tp, &l))
				return -1;
			break;
		case ST_TABLE: {
			struct token t[1];
			if (tline_tokenize(&l, t, 1) == 0)
				break;
			if (tline_is(&l, "iozone test complete.")) {
				tp->complete = 1;
				st = ST_AFTER;
				break;
			}
			int r = parse_row(tp, &l);
			if (r < 0)
				return -1;
			if (r == 0) {
				char word[64];
				tline_trim(l.s, l.len < 60 ? l.len : 60, word, sizeof(word));
				return fail(tp, l.no, "unexpected line in the result table: '%s'", word);
			}
			break;
		}
		case ST_AFTER:
			if (tline_is(&l, "Excel output is below:"))
				st = ST_EXCEL;
			else if (is_column_header(&l))
				return fail(tp, l.no, "%s", "a second report in one file: give each "
					    "run as a file of its own (they become trials)");
			break;
		case ST_EXCEL:
			if (excel_line(tp, &l, tp->nh == 0))
				return -1;
			break;
		}
		prev = l;
		have_prev = 1;
	}
	if (st == ST_HEAD || (st == ST_EXCEL && !tp->r_section_line))
		return fail(tp, 1, "%s", "not an IOzone report: no column header ('kB  reclen  write ...') "
			    "and no Excel section");
	if (st == ST_TABLE && !l.terminated && l.len)
		return fail(tp, last_line, "%s", "the file ends in the middle of a row: truncated");
	/* a cut table (import_unwrap) ends with its rows; an interrupted one
	 * where IOzone said so */
	int ends_early = tp->rep && (tp->rep->stop_line || tp->rep->table_only);
	if (st == ST_TABLE && !ends_early)
		return fail(tp, last_line, "%s", "the report ends before 'iozone test complete.': truncated");
	if (st == ST_EXCEL && tp->r_section_line && tp->r_col != -2 && !tp->r_rows_in_section)
		return fail(tp, last_line, "%s", "the last Excel section has no rows: truncated");
	if (tp->nh)
		return table_to_samples(tp);
	if (!tp->r_any)
		return fail(tp, last_line, "%s", "an Excel section without figures");
	return 0;
}

int import_text_parse(struct result_set *rs, const char *path,
		      const struct import_report *rep, const struct import_opts *opts,
		      char *err, size_t errlen)
{
	struct text_parse tp;
	int rc;

	memset(&tp, 0, sizeof(tp));
	tp.rs = rs;
	tp.path = path;
	tp.rep = rep;
	tp.opts = opts;
	tp.err = err;
	tp.errlen = errlen;
	tp.acc.rs = rs;
	tp.acc.path = path;
	tp.r_col = -1;
	rs->meta.source_unit = RESULTS_UNIT_KBPS;
	rc = parse_lines(&tp, rep->text, rep->len);
	if (rc == 0 && tp.r_naxis && results_set_record_axis(rs, tp.r_axis, tp.r_naxis))
		rc = fail(&tp, 0, "%s", "out of memory");
	if (rc == 0) {
		if (!rs->meta.tool && set_meta(&tp, &rs->meta.tool, "iozone"))
			rc = -1;
		rs->meta.flags |= RESULTS_F_IMPORTED;
	}
	free(tp.rows);
	import_acc_release(&tp.acc);
	return rc;
}
