/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import_tp.c: IOzone's throughput-mode output (-t N, -l/-u, 3.2xx to
 * 3.5xx, and iosweep's own copy of it) into throughput records of a
 * result set (results.h, struct result_tp): the text report, its -R table
 * (alone or after the report); the throughput.csv of an iosweep result
 * folder (tpcsv.h) is read in import_tp_csv.c.  The -b BIFF2 sheet holds the -R table's rows; it is
 * walked in import_tp_sheet.c and its rows come back here (tp_table_row,
 * import_tp_priv.h).
 *
 * The text report is a series of blocks, one per test and process count:
 *   Children see throughput for  2 initial writers 	= 547228.09 kB/sec
 *   Parent sees throughput for  2 initial writers 	= 214914.93 kB/sec
 *   Min / Max / Avg throughput per process (or thread) = ... kB/sec
 *   Min xfer = ... kB
 *   [-+u] CPU utilization: Wall time W    CPU time C    CPU utilization P %
 *   [-C]  Child[i] xfer count = X kB, Throughput = R kB/sec[, wall=..]
 * (ops and ops/sec with -O).  Lines are recognised by their words, not by
 * their tabs or the width of the count, which differ per test and
 * version.  A line that starts like one of these but does not parse is an
 * error with its line number; a line that is none of them (the header,
 * "Each process writes ...", our "Children that moved no data") is
 * skipped.  The lines of a block must come in IOzone's order and name the
 * same count and test as its Children see line.
 *
 * The -R table and the -b sheet hold Children see per test, one column
 * per process count, and say nothing of the counts: they come from the
 * report's "Min process"/"Max process" or "Throughput test with N" lines,
 * else from the -t/-l/-u options of the command line.  When the report is
 * there too, its blocks are the figures and the table must agree with
 * them.  A report that stops without "iozone test complete." is refused
 * as truncated, unless its last block is whole and what follows is
 * IOzone's own failure note of a child ("Child 0" then the error): then
 * the whole blocks are kept and meta.status says where it stopped.
 */
#include "compat.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "import/import_priv.h"
#include "import/import_tp_priv.h"
#include "iosweep.h"
#include "model/results.h"
#include "run/throughput/throughput.h"

/* The parts of a block, in the order IOzone prints them. */
enum tp_part {
	TPP_NONE, TPP_CHILDREN, TPP_PARENT, TPP_MIN, TPP_MAX, TPP_AVG, TPP_XFER,
	TPP_CPU, TPP_CHILD
};

int tp_fail(struct tp_parse *p, unsigned line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	import_vfail(p->err, p->errlen, p->path, line, fmt, ap);
	va_end(ap);
	return -1;
}

void tp_parse_init(struct tp_parse *p, struct result_set *rs, const char *path,
		   char *err, size_t errlen)
{
	memset(p, 0, sizeof(*p));
	p->rs = rs;
	p->path = path;
	p->err = err;
	p->errlen = errlen;
	p->unit = -1;
}

/* ---- small text helpers ---------------------------------------------- */

static void skip_blank(const char **s, const char *end)
{
	while (*s < end && (**s == ' ' || **s == '\t'))
		(*s)++;
}

/* Does [s, end) start with word (case ignored)?  Advance past it. */
static int eat(const char **s, const char *end, const char *word)
{
	size_t n = strlen(word);
	skip_blank(s, end);
	if ((size_t)(end - *s) < n || strncasecmp(*s, word, n) != 0)
		return 0;
	*s += n;
	return 1;
}

/* A decimal figure (digits, one '.', no sign, no exponent). */
int import_tp_eat_number(const char **s, const char *end, double *v)
{
	char buf[64];
	size_t n = 0;
	int dots = 0, digits = 0;

	skip_blank(s, end);
	while (*s + n < end && n < sizeof(buf) - 1 &&
	       (isdigit((unsigned char)(*s)[n]) || (*s)[n] == '.')) {
		if ((*s)[n] == '.')
			dots++;
		else
			digits++;
		n++;
	}
	if (!digits || dots > 1 || n >= sizeof(buf) - 1)
		return 0;
	memcpy(buf, *s, n);
	buf[n] = '\0';
	char *e;
	*v = strtod(buf, &e);
	if (*e || !isfinite(*v))
		return 0;
	*s += n;
	return 1;
}

static int eat_count(const char **s, const char *end, unsigned *out)
{
	double v;
	if (!import_tp_eat_number(s, end, &v) || v != floor(v) || v < 1 || v > TP_MAX_PROCS)
		return 0;
	*out = (unsigned)v;
	return 1;
}

/* "kB" / "KB" -> kB/s, "ops" -> ops/s; with_sec: the "/sec" that follows. */
static int eat_unit(const char **s, const char *end, int with_sec, int *unit)
{
	if (eat(s, end, "kB") || eat(s, end, "Kbytes") || eat(s, end, "KB"))
		*unit = RESULTS_UNIT_KBPS;
	else if (eat(s, end, "ops"))
		*unit = RESULTS_UNIT_OPS;
	else
		return 0;
	return !with_sec || eat(s, end, "/sec");
}

static int at_end(const char **s, const char *end)
{
	skip_blank(s, end);
	return *s == end;
}

int import_tp_set_unit(struct tp_parse *p, int unit, unsigned line)
{
	if (p->unit < 0) {
		p->unit = unit;
		p->unit_line = line;
		return 0;
	}
	if (p->unit != unit)
		return tp_fail(p, line, "figures in %s, but line %u had them in %s",
			       unit == RESULTS_UNIT_OPS ? "ops" : "kB",
			       p->unit_line, p->unit == RESULTS_UNIT_OPS ? "ops" : "kB");
	return 0;
}

/* The test of a report label ("initial writers") or a table label ("Read"). */
int tp_kind_of(const char *s, size_t n, int table)
{
	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	for (int k = 0; k < TP_NKINDS; k++) {
		const struct tp_test_def *d = throughput_test_def(k);
		const char *name = table ? d->table_name : d->name;
		if (strlen(name) == n && strncasecmp(name, s, n) == 0)
			return k;
	}
	return -1;
}

const char *import_tp_kind_name(int kind)
{
	const struct tp_test_def *d = throughput_test_def(kind);
	return d ? d->name : "?";
}

/* ---- records ----------------------------------------------------------- */

struct result_tp *import_tp_find(struct result_set *rs, int kind, unsigned procs,
				 unsigned trial)
{
	for (size_t i = 0; i < rs->ntp; i++)
		if (rs->tp[i].kind == kind && rs->tp[i].procs == procs &&
		    rs->tp[i].trial == trial)
			return &rs->tp[i];
	return NULL;
}

void import_tp_blank(struct result_tp *t)
{
	memset(t, 0, sizeof(*t));
	t->parent = t->min = t->max = t->avg = t->min_xfer = NAN;
	t->cpu_wall_s = t->cpu_s = t->cpu_pct = NAN;
}

static int close_block(struct tp_parse *p)
{
	if (!p->open)
		return 0;
	p->open = 0;
	if (p->cur.nchild && p->cur.nchild != p->cur.procs)
		return tp_fail(p, p->cur_line, "the block of %u %s has %u Child lines for %u %s",
			       p->cur.procs, import_tp_kind_name(p->cur.kind), p->cur.nchild, p->cur.procs,
			       p->cur.procs == 1 ? "process" : "processes");
	p->cur.child_xfer = p->child_xfer;
	p->cur.child_rate = p->child_rate;
	if (results_add_tp(p->rs, &p->cur))
		return tp_fail(p, 0, "out of memory");
	return 0;
}

/* ---- the text report --------------------------------------------------- */

/* "Children see throughput for N NAME = V unit/sec" (or Parent sees). */
static int block_head(struct tp_parse *p, const char *s, const char *end,
		      unsigned line, int parent)
{
	unsigned n;
	double v;
	int unit;
	const char *eq = memchr(s, '=', (size_t)(end - s));
	const char *what = parent ? "Parent sees" : "Children see";

	if (!eat_count(&s, end, &n) || !eq || eq < s)
		return tp_fail(p, line, "%s line without a process count", what);
	int kind = tp_kind_of(s, (size_t)(eq - s), 0);
	if (kind < 0) {
		const char *ne = eq;
		skip_blank(&s, eq);
		while (ne > s && (ne[-1] == ' ' || ne[-1] == '\t'))
			ne--;
		return tp_fail(p, line, "%s line of an unknown test '%.*s'", what,
			       (int)((ne - s) < 40 ? (ne - s) : 40), s);
	}
	s = eq + 1;
	if (!import_tp_eat_number(&s, end, &v) || !eat_unit(&s, end, 1, &unit) || !at_end(&s, end))
		return tp_fail(p, line, "%s line without a figure in kB/sec or ops/sec", what);
	if (import_tp_set_unit(p, unit, line))
		return -1;
	if (parent) {
		if (!p->open || p->part != TPP_CHILDREN)
			return tp_fail(p, line, "a Parent sees line that does not follow a Children see line");
		if (p->cur.kind != kind || p->cur.procs != n)
			return tp_fail(p, line, "Parent sees for %u %s after Children see for %u %s",
				       n, import_tp_kind_name(kind), p->cur.procs, import_tp_kind_name(p->cur.kind));
		p->cur.parent = v;
		p->part = TPP_PARENT;
		return 0;
	}
	if (close_block(p))
		return -1;
	if (import_tp_find(p->rs, kind, n, 0))
		return tp_fail(p, line, "a second block of %u %s", n, import_tp_kind_name(kind));
	import_tp_blank(&p->cur);
	p->cur.kind = kind;
	p->cur.procs = n;
	p->cur.children = v;
	p->cur.file_kb = p->file_kb;
	p->cur.record_kb = p->record_kb;
	p->open = 1;
	p->part = TPP_CHILDREN;
	p->cur_line = line;
	if (p->child_alloc < n) {
		double *x = realloc(p->child_xfer, n * sizeof(double));
		if (x)
			p->child_xfer = x;
		double *r = realloc(p->child_rate, n * sizeof(double));
		if (r)
			p->child_rate = r;
		if (!x || !r)
			return tp_fail(p, line, "out of memory");
		p->child_alloc = n;
	}
	return 0;
}

/* "Min throughput per process = V unit/sec" and Max, Avg. */
static int block_per_proc(struct tp_parse *p, const char *s, const char *end,
			  unsigned line, int part, const char *word)
{
	double v;
	int unit;

	if (!eat(&s, end, "process") && !eat(&s, end, "thread"))
		return tp_fail(p, line, "'%s throughput per' without 'process' or 'thread'", word);
	if (!eat(&s, end, "=") || !import_tp_eat_number(&s, end, &v) ||
	    !eat_unit(&s, end, 1, &unit) || !at_end(&s, end))
		return tp_fail(p, line, "%s throughput line without a figure in kB/sec or ops/sec", word);
	if (import_tp_set_unit(p, unit, line))
		return -1;
	if (!p->open || p->part >= part || p->part < TPP_CHILDREN)
		return tp_fail(p, line, "a %s throughput line out of place (not after Children see)", word);
	if (part == TPP_MIN)
		p->cur.min = v;
	else if (part == TPP_MAX)
		p->cur.max = v;
	else
		p->cur.avg = v;
	p->part = part;
	return 0;
}

static int block_xfer(struct tp_parse *p, const char *s, const char *end, unsigned line)
{
	double v;
	int unit;

	if (!eat(&s, end, "=") || !import_tp_eat_number(&s, end, &v) ||
	    !eat_unit(&s, end, 0, &unit) || !at_end(&s, end))
		return tp_fail(p, line, "Min xfer line without a figure in kB or ops");
	if (import_tp_set_unit(p, unit, line))
		return -1;
	if (!p->open || p->part >= TPP_XFER)
		return tp_fail(p, line, "a Min xfer line out of place (not after Children see)");
	p->cur.min_xfer = v;
	p->part = TPP_XFER;
	return 0;
}

/* "Wall time W    CPU time C    CPU utilization P %" */
static int block_cpu(struct tp_parse *p, const char *s, const char *end, unsigned line)
{
	double w, c, pct;

	if (!eat(&s, end, "Wall time") || !import_tp_eat_number(&s, end, &w) ||
	    !eat(&s, end, "CPU time") || !import_tp_eat_number(&s, end, &c) ||
	    !eat(&s, end, "CPU utilization") || !import_tp_eat_number(&s, end, &pct) ||
	    !eat(&s, end, "%") || !at_end(&s, end))
		return tp_fail(p, line, "CPU utilization line without wall time, CPU time and percentage");
	if (!p->open || p->part >= TPP_CPU)
		return tp_fail(p, line, "a CPU utilization line out of place (not after Children see)");
	p->cur.cpu_wall_s = w;
	p->cur.cpu_s = c;
	p->cur.cpu_pct = pct;
	p->part = TPP_CPU;
	return 0;
}

/* "[i] xfer count = X kB, Throughput = R kB/sec[, wall=.., cpu=.., %=..]" */
static int block_child(struct tp_parse *p, const char *s, const char *end, unsigned line)
{
	double idx, x, r;
	int u1, u2;

	if (!eat(&s, end, "[") || !import_tp_eat_number(&s, end, &idx) || !eat(&s, end, "]") ||
	    !eat(&s, end, "xfer count") || !eat(&s, end, "=") || !import_tp_eat_number(&s, end, &x) ||
	    !eat_unit(&s, end, 0, &u1) || !eat(&s, end, ",") || !eat(&s, end, "Throughput") ||
	    !eat(&s, end, "=") || !import_tp_eat_number(&s, end, &r) || !eat_unit(&s, end, 1, &u2) ||
	    u1 != u2)
		return tp_fail(p, line, "Child line without 'xfer count = X kB, Throughput = R kB/sec'");
	if (!at_end(&s, end)) {
		double w, c, pct;
		if (!eat(&s, end, ",") || !eat(&s, end, "wall=") || !import_tp_eat_number(&s, end, &w) ||
		    !eat(&s, end, ",") || !eat(&s, end, "cpu=") || !import_tp_eat_number(&s, end, &c) ||
		    !eat(&s, end, ",") || !eat(&s, end, "%=") || !import_tp_eat_number(&s, end, &pct) ||
		    !at_end(&s, end))
			return tp_fail(p, line, "Child line with something after its throughput "
				       "that is not ', wall=W, cpu=C, %%=P'");
	}
	if (import_tp_set_unit(p, u1, line))
		return -1;
	if (!p->open || p->part < TPP_CHILDREN)
		return tp_fail(p, line, "a Child line out of place (not in a block)");
	if (idx != (double)p->cur.nchild || p->cur.nchild >= p->cur.procs)
		return tp_fail(p, line, "Child[%.0f] where Child[%u] of %u was due", idx,
			       p->cur.nchild, p->cur.procs);
	p->child_xfer[p->cur.nchild] = x;
	p->child_rate[p->cur.nchild] = r;
	p->cur.nchild++;
	p->part = TPP_CHILD;
	return 0;
}

/* "PHRASE <kB>": sets *kb unless set already; 1 when the phrase was there. */
static int header_kb(const char *s, const char *end, const char *phrase, uint64_t *kb)
{
	double v;
	if (!eat(&s, end, phrase))
		return 0;
	if (import_tp_eat_number(&s, end, &v) && v == floor(v) && v < 1e15 && !*kb)
		*kb = (uint64_t)v;
	return 1;
}

/* "Each process writes a 4096 kByte file in 64 kByte records" */
static void header_sizes(struct tp_parse *p, const char *s, const char *end)
{
	double f, r;
	if (eat(&s, end, "Each") && (eat(&s, end, "process") || eat(&s, end, "thread")) &&
	    eat(&s, end, "writes a") && import_tp_eat_number(&s, end, &f) && eat(&s, end, "kByte file in") &&
	    import_tp_eat_number(&s, end, &r) && eat(&s, end, "kByte records") &&
	    f == floor(f) && r == floor(r) && f < 1e15 && r < 1e15) {
		p->file_kb = (uint64_t)f;
		p->record_kb = (uint64_t)r;
	}
}

/* "Min process = 1 ", "Max thread = 4 ", "Throughput test with 2 processes" */
static void header_counts(struct tp_parse *p, const char *s, const char *end)
{
	unsigned n;
	const char *t = s;
	if (eat(&t, end, "Min") && (eat(&t, end, "process") || eat(&t, end, "thread")) &&
	    eat(&t, end, "=") && eat_count(&t, end, &n) && at_end(&t, end))
		p->min_procs = n;
	t = s;
	if (eat(&t, end, "Max") && (eat(&t, end, "process") || eat(&t, end, "thread")) &&
	    eat(&t, end, "=") && eat_count(&t, end, &n) && at_end(&t, end))
		p->max_procs = n;
	t = s;
	if (eat(&t, end, "Throughput test with") && eat_count(&t, end, &n))
		p->with_procs = n;
}

/*
 * The process counts of the -R table / -b sheet, in column order: the
 * header's Min/Max process, else "Throughput test with N", else the
 * command line's -t values or -l/-u range.  Returns how many, 0 if none.
 */
static size_t tp_counts(const struct tp_parse *p, unsigned *counts, size_t max)
{
	size_t n = 0;
	unsigned lo = p->min_procs, hi = p->max_procs;

	if (!lo && !hi && !p->with_procs && p->rs->meta.command_line) {
		/* IOzone: each -t adds a count; else -l..-u (either alone: 1..u, l..l) */
		const char *c = p->rs->meta.command_line;
		unsigned l = 0, u = 0;
		while (*c) {
			while (*c == ' ' || *c == '\t')
				c++;
			const char *tok = c;
			while (*c && *c != ' ' && *c != '\t')
				c++;
			if (c - tok < 2 || tok[0] != '-' || !tok[1] || !strchr("tlu", tok[1]))
				continue;
			/* "-t 4" or getopt's "-t4" */
			const char *v = tok + 2, *vend = c;
			if (c - tok == 2) {
				v = c;
				while (*v == ' ' || *v == '\t')
					v++;
				vend = v;
				while (*vend && *vend != ' ' && *vend != '\t')
					vend++;
			}
			unsigned k;
			const char *q = v;
			if (!eat_count(&q, vend, &k) || q != vend)
				continue;
			c = vend;
			if (tok[1] == 't') {
				if (n < max)
					counts[n++] = k;
			} else if (tok[1] == 'l') {
				l = k;
			} else {
				u = k;
			}
		}
		if (n)
			return n;
		if (!l && !u)
			return 0;
		lo = l ? l : 1;
		hi = u ? u : l;
	}
	if (lo || hi) {
		if (!lo)
			lo = 1;
		if (!hi)
			hi = lo;
		for (unsigned k = lo; k <= hi && n < max; k++)
			counts[n++] = k;
		return n;
	}
	if (p->with_procs && max)
		counts[n++] = p->with_procs;
	return n;
}

/*
 * One row of the -R table or the -b sheet: test kind, figures per count.
 * With blocks from the report the figures must equal their Children see
 * (both printed %10.2f); without, they become records.
 */
int tp_table_row(struct tp_parse *p, unsigned line, const char *where, int kind,
		 const double *v, size_t nv, int cpu)
{
	unsigned counts[TP_MAX_COUNTS];
	size_t n = tp_counts(p, counts, TP_MAX_COUNTS);

	if (n == 0)
		return tp_fail(p, line, "%sa throughput table without its process counts "
			       "(no Min/Max process line, no -t, -l or -u on the command line)", where);
	if (nv != n)
		return tp_fail(p, line, "%s%s row with %zu figures for %zu process counts",
			       where, throughput_test_def(kind)->table_name, nv, n);
	for (size_t i = 0; i < n; i++) {
		if (!isfinite(v[i]) || v[i] < 0)
			return tp_fail(p, line, "%sa negative or non-finite figure", where);
		struct result_tp *t = import_tp_find(p->rs, kind, counts[i], 0);
		if (cpu) {
			if (!t)
				return tp_fail(p, line, "%sCPU figure of %u %s without its throughput figure",
					       where, counts[i], import_tp_kind_name(kind));
			if (isnan(t->cpu_pct))
				t->cpu_pct = v[i];
			else if (fabs(t->cpu_pct - v[i]) > 0.0051)
				return tp_fail(p, line, "%sCPU %.2f %% of %u %s differs from the report's %.2f",
					       where, v[i], counts[i], import_tp_kind_name(kind), t->cpu_pct);
			continue;
		}
		if (t) {
			if (fabs(t->children - v[i]) > 0.0051 * (1 + t->children * 1e-9))
				return tp_fail(p, line, "%s%.2f for %u %s differs from the report's Children see %.2f",
					       where, v[i], counts[i], import_tp_kind_name(kind), t->children);
			continue;
		}
		struct result_tp r;
		import_tp_blank(&r);
		r.kind = kind;
		r.procs = counts[i];
		r.children = v[i];
		r.record_kb = p->record_kb;
		r.file_kb = p->file_kb;
		if (results_add_tp(p->rs, &r))
			return tp_fail(p, 0, "out of memory");
	}
	return 0;
}

/* A quoted string at the start of [s, end): its text and length. */
static const char *quoted(const char **s, const char *end, size_t *n)
{
	skip_blank(s, end);
	if (*s >= end || **s != '"')
		return NULL;
	const char *q = *s + 1;
	const char *e = memchr(q, '"', (size_t)(end - q));
	if (!e)
		return NULL;
	*n = (size_t)(e - q);
	*s = e + 1;
	return q;
}

/* The command line (text or sheet row 0): kept, and its flags read. */
int tp_set_cmdline(struct tp_parse *p, const char *s, size_t n, unsigned line)
{
	char buf[1024];
	uint32_t tests = 0;
	int unit = -1;

	if (n >= sizeof(buf))
		n = sizeof(buf) - 1;
	memcpy(buf, s, n);
	while (n && (buf[n - 1] == ' ' || buf[n - 1] == '\t'))
		n--;
	buf[n] = '\0';
	if (results_set_str(&p->rs->meta.command_line, buf))
		return tp_fail(p, line, "out of memory");
	import_scan_cmdline(buf, &tests, &p->rs->meta.flags, &unit);
	return 0;
}

/*
 * The labels of the -R table and the -b sheet that are not test rows:
 * the two titles, "Record size = 64 kBytes", "Output is in kBytes/sec".
 * 1 when s was one of them, 0 when not (a test row), -1 on error; where
 * prefixes the message.
 */
int tp_table_label(struct tp_parse *p, const char *s, size_t n, unsigned line,
		   const char *where)
{
	const char *t = s, *e = s + n;
	double rk;

	if (n >= 17 && strncmp(s, "Throughput report", 17) == 0) {
		p->in_table = 1;
		return 1;
	}
	if (n >= 22 && strncmp(s, "CPU utilization report", 22) == 0) {
		p->in_table = 2;
		return 1;
	}
	if (eat(&t, e, "Record size =")) {
		if (import_tp_eat_number(&t, e, &rk) && rk == floor(rk) && rk < 1e15 && !p->record_kb)
			p->record_kb = (uint64_t)rk;
		return 1;
	}
	if (!eat(&t, e, "Output is in"))
		return 0;
	if (p->in_table == 2)
		return 1;
	if (eat(&t, e, "ops/sec"))
		return import_tp_set_unit(p, RESULTS_UNIT_OPS, line) ? -1 : 1;
	if (eat(&t, e, "kBytes/sec"))
		return import_tp_set_unit(p, RESULTS_UNIT_KBPS, line) ? -1 : 1;
	tp_fail(p, line, "%sa throughput table in a unit other than kBytes/sec or ops/sec", where);
	return -1;
}

/* A line of the -R section (in_table set, or its title). */
static int table_line(struct tp_parse *p, const char *s, const char *end, unsigned line)
{
	size_t qn;
	const char *q = quoted(&s, end, &qn);
	double v[TP_MAX_COUNTS];
	size_t nv = 0;

	if (!q)
		return tp_fail(p, line, "a line in the throughput table that is not a quoted label");
	int lab = tp_table_label(p, q, qn, line, "");
	if (lab)
		return lab < 0 ? -1 : 0;
	int kind = tp_kind_of(q, qn, 1);
	if (kind < 0) {
		while (qn && *q == ' ')
			q++, qn--;
		while (qn && q[qn - 1] == ' ')
			qn--;
		return tp_fail(p, line, "a throughput table row of an unknown test '%.*s'",
			       (int)(qn < 40 ? qn : 40), q);
	}
	while (!at_end(&s, end)) {
		if (nv == TP_MAX_COUNTS)
			return tp_fail(p, line, "more than %d figures in a row", TP_MAX_COUNTS);
		if (!import_tp_eat_number(&s, end, &v[nv++]))
			return tp_fail(p, line, "a throughput table row with something that is not a figure");
	}
	if (nv == 0)
		return tp_fail(p, line, "a throughput table row without figures");
	if (p->in_table == 1 && p->unit < 0)
		p->unit = RESULTS_UNIT_KBPS;
	int rc = tp_table_row(p, line, "", kind, v, nv, p->in_table == 2);
	p->table_rows++;
	return rc;
}

static int text_line(struct tp_parse *p, const char *s, const char *end, unsigned line)
{
	const char *t = s;

	skip_blank(&t, end);
	if (p->in_table) {
		if (t == end)
			return 0;
		if (*t == '"')
			return table_line(p, s, end, line);
		p->in_table = 0;
	}
	if (t < end && *t == '"') {
		size_t qn;
		const char *q2 = t;
		const char *q = quoted(&q2, end, &qn);
		if (q && qn >= 17 && strncmp(q, "Throughput report", 17) == 0) {
			if (close_block(p))
				return -1;
			return table_line(p, s, end, line);
		}
		return 0;
	}
	if (eat(&t, end, "Children see throughput for"))
		return block_head(p, t, end, line, 0);
	if (eat(&t, end, "Parent sees throughput for"))
		return block_head(p, t, end, line, 1);
	if (eat(&t, end, "Min throughput per"))
		return block_per_proc(p, t, end, line, TPP_MIN, "Min");
	if (eat(&t, end, "Max throughput per"))
		return block_per_proc(p, t, end, line, TPP_MAX, "Max");
	if (eat(&t, end, "Avg throughput per"))
		return block_per_proc(p, t, end, line, TPP_AVG, "Avg");
	if (eat(&t, end, "Min xfer"))
		return block_xfer(p, t, end, line);
	if (eat(&t, end, "CPU utilization:"))
		return block_cpu(p, t, end, line);
	if (eat(&t, end, "Child[")) {
		t--;
		return block_child(p, t, end, line);
	}
	t = s;
	if (eat(&t, end, "Command line used:")) {
		skip_blank(&t, end);
		return tp_set_cmdline(p, t, (size_t)(end - t), line);
	}
	if (eat(&t, end, "Version $Revision:")) {
		char buf[64];
		size_t n = 0;
		skip_blank(&t, end);
		while (t + n < end && t[n] != '$' && t[n] != ' ' && n < sizeof(buf) - 1)
			n++;
		memcpy(buf, t, n);
		buf[n] = '\0';
		return results_set_str(&p->rs->meta.version, buf) ? tp_fail(p, line, "out of memory") : 0;
	}
	static const struct { const char *phrase, *tool; } tools[] = {
		{ "Iozone: Performance Test of File I/O", "iozone" },
		{ "Iosweep:", "iosweep" },
	};
	for (size_t i = 0; i < sizeof(tools) / sizeof(tools[0]); i++) {
		t = s;
		if (eat(&t, end, tools[i].phrase))
			return results_set_str(&p->rs->meta.tool, tools[i].tool) ?
				tp_fail(p, line, "out of memory") : 0;
	}
	t = s;
	if (eat(&t, end, "iozone test complete.") && at_end(&t, end)) {
		p->complete = 1;
		return 0;
	}
	if (header_kb(s, end, "Record Size", &p->record_kb) ||
	    header_kb(s, end, "File size set to", &p->file_kb))
		return 0;
	header_sizes(p, s, end);
	header_counts(p, s, end);
	return 0;
}

/* The block at the end is whole when it reached Min xfer (or -+m's end). */
static int block_whole(const struct tp_parse *p)
{
	return !p->open || p->part >= TPP_XFER;
}

int import_tp_text_parse(struct result_set *rs, const char *path,
			 const char *buf, size_t len, char *err, size_t errlen)
{
	struct tp_parse p;
	const char *s = buf, *end = buf + len;
	unsigned line = 0, child_note = 0;
	int rc = -1;

	tp_parse_init(&p, rs, path, err, errlen);
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		const char *e = nl ? nl : end;
		const char *le = e;
		if (le > s && le[-1] == '\r')
			le--;
		line++;
		if (memchr(s, '\0', (size_t)(le - s))) {
			tp_fail(&p, line, "a NUL byte: not a text report");
			goto out;
		}
		if (!p.in_table && !p.complete) {
			/* IOzone's note of a failed child: "Child 3" then the error */
			const char *t = s;
			double k;
			if (eat(&t, le, "Child") && import_tp_eat_number(&t, le, &k) && at_end(&t, le) &&
			    !child_note)
				child_note = line;
		}
		if (!child_note && text_line(&p, s, le, line))
			goto out;
		s = nl ? nl + 1 : end;
	}
	if (!p.complete && !child_note) {
		tp_fail(&p, line, "the report ends before 'iozone test complete.': truncated");
		goto out;
	}
	if (!block_whole(&p)) {
		tp_fail(&p, p.cur_line, "the block of %u %s ends before its Min xfer line: truncated",
			p.cur.procs, import_tp_kind_name(p.cur.kind));
		goto out;
	}
	if (close_block(&p))
		goto out;
	if (rs->ntp == 0) {
		tp_fail(&p, line, "no throughput figures in it");
		goto out;
	}
	if (child_note) {
		char st[128];
		snprintf(st, sizeof(st), "incomplete: IOzone stopped at line %u on a child's error",
			 child_note);
		if (results_set_str(&rs->meta.status, st)) {
			tp_fail(&p, 0, "out of memory");
			goto out;
		}
	}
	if (!rs->meta.tool && results_set_str(&rs->meta.tool, "iozone")) {
		tp_fail(&p, 0, "out of memory");
		goto out;
	}
	rs->meta.source_unit = p.unit < 0 ? RESULTS_UNIT_KBPS : p.unit;
	rs->meta.flags |= RESULTS_F_IMPORTED;
	rc = 0;
out:
	if (p.open) {
		/* not handed over to the set */
		p.open = 0;
	}
	free(p.child_xfer);
	free(p.child_rate);
	return rc;
}

int import_tp_is_text(const char *buf, size_t len)
{
	(void)len;
	return strstr(buf, "Children see throughput for") != NULL ||
	       strstr(buf, "\tThroughput test with ") != NULL ||
	       strstr(buf, "\"Throughput report Y-axis") != NULL;
}
