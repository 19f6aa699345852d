/*
 * import_tp.c: IOzone's throughput-mode output (-t N, -l/-u, 3.2xx to
 * 3.5xx, and iosweep's own copy of it) into throughput records of a
 * result set (results.h, struct result_tp): the text report, its -R table
 * (alone or after the report), and the throughput.csv of an iosweep result
 * folder (tpcsv.h).  The -b BIFF2 sheet holds the -R table's rows; it is
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

#include <csv.h>
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
#include "results.h"
#include "run/throughput.h"
#include "report/tpcsv.h"
#include "lib/err.h"

#define TP_MAX_PROCS 65535u

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
static int eat_number(const char **s, const char *end, double *v)
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
	if (!eat_number(s, end, &v) || v != floor(v) || v < 1 || v > TP_MAX_PROCS)
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

static int set_unit(struct tp_parse *p, int unit, unsigned line)
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

static const char *kind_name(int kind)
{
	const struct tp_test_def *d = throughput_test_def(kind);
	return d ? d->name : "?";
}

/* ---- records ----------------------------------------------------------- */

static struct result_tp *find_tp(struct result_set *rs, int kind, unsigned procs,
				 unsigned trial)
{
	for (size_t i = 0; i < rs->ntp; i++)
		if (rs->tp[i].kind == kind && rs->tp[i].procs == procs &&
		    rs->tp[i].trial == trial)
			return &rs->tp[i];
	return NULL;
}

static void tp_blank(struct result_tp *t)
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
			       p->cur.procs, kind_name(p->cur.kind), p->cur.nchild, p->cur.procs,
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
	if (!eat_number(&s, end, &v) || !eat_unit(&s, end, 1, &unit) || !at_end(&s, end))
		return tp_fail(p, line, "%s line without a figure in kB/sec or ops/sec", what);
	if (set_unit(p, unit, line))
		return -1;
	if (parent) {
		if (!p->open || p->part != TPP_CHILDREN)
			return tp_fail(p, line, "a Parent sees line that does not follow a Children see line");
		if (p->cur.kind != kind || p->cur.procs != n)
			return tp_fail(p, line, "Parent sees for %u %s after Children see for %u %s",
				       n, kind_name(kind), p->cur.procs, kind_name(p->cur.kind));
		p->cur.parent = v;
		p->part = TPP_PARENT;
		return 0;
	}
	if (close_block(p))
		return -1;
	if (find_tp(p->rs, kind, n, 0))
		return tp_fail(p, line, "a second block of %u %s", n, kind_name(kind));
	tp_blank(&p->cur);
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
	if (!eat(&s, end, "=") || !eat_number(&s, end, &v) ||
	    !eat_unit(&s, end, 1, &unit) || !at_end(&s, end))
		return tp_fail(p, line, "%s throughput line without a figure in kB/sec or ops/sec", word);
	if (set_unit(p, unit, line))
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

	if (!eat(&s, end, "=") || !eat_number(&s, end, &v) ||
	    !eat_unit(&s, end, 0, &unit) || !at_end(&s, end))
		return tp_fail(p, line, "Min xfer line without a figure in kB or ops");
	if (set_unit(p, unit, line))
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

	if (!eat(&s, end, "Wall time") || !eat_number(&s, end, &w) ||
	    !eat(&s, end, "CPU time") || !eat_number(&s, end, &c) ||
	    !eat(&s, end, "CPU utilization") || !eat_number(&s, end, &pct) ||
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

	if (!eat(&s, end, "[") || !eat_number(&s, end, &idx) || !eat(&s, end, "]") ||
	    !eat(&s, end, "xfer count") || !eat(&s, end, "=") || !eat_number(&s, end, &x) ||
	    !eat_unit(&s, end, 0, &u1) || !eat(&s, end, ",") || !eat(&s, end, "Throughput") ||
	    !eat(&s, end, "=") || !eat_number(&s, end, &r) || !eat_unit(&s, end, 1, &u2) ||
	    u1 != u2)
		return tp_fail(p, line, "Child line without 'xfer count = X kB, Throughput = R kB/sec'");
	if (!at_end(&s, end)) {
		double w, c, pct;
		if (!eat(&s, end, ",") || !eat(&s, end, "wall=") || !eat_number(&s, end, &w) ||
		    !eat(&s, end, ",") || !eat(&s, end, "cpu=") || !eat_number(&s, end, &c) ||
		    !eat(&s, end, ",") || !eat(&s, end, "%=") || !eat_number(&s, end, &pct) ||
		    !at_end(&s, end))
			return tp_fail(p, line, "Child line with something after its throughput "
				       "that is not ', wall=W, cpu=C, %%=P'");
	}
	if (set_unit(p, u1, line))
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
	if (eat_number(&s, end, &v) && v == floor(v) && v < 1e15 && !*kb)
		*kb = (uint64_t)v;
	return 1;
}

/* "Each process writes a 4096 kByte file in 64 kByte records" */
static void header_sizes(struct tp_parse *p, const char *s, const char *end)
{
	double f, r;
	if (eat(&s, end, "Each") && (eat(&s, end, "process") || eat(&s, end, "thread")) &&
	    eat(&s, end, "writes a") && eat_number(&s, end, &f) && eat(&s, end, "kByte file in") &&
	    eat_number(&s, end, &r) && eat(&s, end, "kByte records") &&
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
		struct result_tp *t = find_tp(p->rs, kind, counts[i], 0);
		if (cpu) {
			if (!t)
				return tp_fail(p, line, "%sCPU figure of %u %s without its throughput figure",
					       where, counts[i], kind_name(kind));
			if (isnan(t->cpu_pct))
				t->cpu_pct = v[i];
			else if (fabs(t->cpu_pct - v[i]) > 0.0051)
				return tp_fail(p, line, "%sCPU %.2f %% of %u %s differs from the report's %.2f",
					       where, v[i], counts[i], kind_name(kind), t->cpu_pct);
			continue;
		}
		if (t) {
			if (fabs(t->children - v[i]) > 0.0051 * (1 + t->children * 1e-9))
				return tp_fail(p, line, "%s%.2f for %u %s differs from the report's Children see %.2f",
					       where, v[i], counts[i], kind_name(kind), t->children);
			continue;
		}
		struct result_tp r;
		tp_blank(&r);
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
		if (eat_number(&t, e, &rk) && rk == floor(rk) && rk < 1e15 && !p->record_kb)
			p->record_kb = (uint64_t)rk;
		return 1;
	}
	if (!eat(&t, e, "Output is in"))
		return 0;
	if (p->in_table == 2)
		return 1;
	if (eat(&t, e, "ops/sec"))
		return set_unit(p, RESULTS_UNIT_OPS, line) ? -1 : 1;
	if (eat(&t, e, "kBytes/sec"))
		return set_unit(p, RESULTS_UNIT_KBPS, line) ? -1 : 1;
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
		if (!eat_number(&s, end, &v[nv++]))
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
			if (eat(&t, le, "Child") && eat_number(&t, le, &k) && at_end(&t, le) &&
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
			p.cur.procs, kind_name(p.cur.kind));
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

/* ---- throughput.csv (tpcsv.h) ------------------------------------------- */

enum tpc_field {
	TPC_SCHEMA, TPC_LABEL, TPC_TEST, TPC_PROCS, TPC_TRIAL, TPC_CHILD, TPC_FILE,
	TPC_RECORD, TPC_UNIT, TPC_CHILDREN, TPC_PARENT, TPC_MIN, TPC_MAX, TPC_AVG,
	TPC_MIN_XFER, TPC_XFER, TPC_RATE, TPC_WALL, TPC_CPU, TPC_PCT, TPC_COUNT
};

static const char *const tpc_names[TPC_COUNT] = {
	"schema", "label", "test", "processes", "trial", "child", "file_kb",
	"record_kb", "unit", "children_see", "parent_sees", "min", "max", "avg",
	"min_xfer", "xfer", "rate", "cpu_wall_s", "cpu_s", "cpu_pct"
};

#define TPC_MAX_FIELDS 64

struct tpc_ctx {
	struct tp_parse *p;
	unsigned row;              /* rows done (1-based line of the current one) */
	int failed;
	char *f[TPC_MAX_FIELDS];
	size_t nf;
	int map[TPC_COUNT];        /* field index of each column, -1 absent */
	struct result_tp *last;    /* the row the child rows belong to */
};

static void tpc_field(void *s, size_t len, void *data)
{
	struct tpc_ctx *c = data;
	if (c->failed)
		return;
	if (c->nf == TPC_MAX_FIELDS) {
		c->failed = 1;
		tp_fail(c->p, c->row + 1, "more than %d fields", TPC_MAX_FIELDS);
		return;
	}
	char *copy = malloc(len + 1);
	if (!copy) {
		c->failed = 1;
		tp_fail(c->p, c->row + 1, "out of memory");
		return;
	}
	memcpy(copy, s, len);
	copy[len] = '\0';
	c->f[c->nf++] = copy;
}

static const char *tpc_get(const struct tpc_ctx *c, int k)
{
	int i = c->map[k];
	return i >= 0 && (size_t)i < c->nf ? c->f[i] : "";
}

/* A number field: empty -> NAN when optional; else a non-negative figure. */
static int tpc_num(struct tpc_ctx *c, int k, int optional, double *v)
{
	const char *s = tpc_get(c, k), *e = s + strlen(s);
	if (!*s) {
		*v = NAN;
		if (optional)
			return 0;
		return tp_fail(c->p, c->row, "'%s' is empty", tpc_names[k]);
	}
	if (!eat_number(&s, e, v) || s != e)
		return tp_fail(c->p, c->row, "'%s' is not a non-negative number", tpc_names[k]);
	return 0;
}

static int tpc_uint(struct tpc_ctx *c, int k, double max, unsigned long long *out)
{
	double v;
	if (tpc_num(c, k, 0, &v))
		return -1;
	if (v != floor(v) || v > max)
		return tp_fail(c->p, c->row, "'%s' is not a whole number up to %.0f", tpc_names[k], max);
	*out = (unsigned long long)v;
	return 0;
}

static int tpc_header(struct tpc_ctx *c)
{
	for (int k = 0; k < TPC_COUNT; k++)
		c->map[k] = -1;
	for (size_t i = 0; i < c->nf; i++)
		for (int k = 0; k < TPC_COUNT; k++)
			if (strcmp(c->f[i], tpc_names[k]) == 0)
				c->map[k] = (int)i;
	for (int k = 0; k < TPC_COUNT; k++)
		if (c->map[k] < 0)
			return tp_fail(c->p, c->row, "no '%s' column: not an iosweep throughput.csv",
				       tpc_names[k]);
	return 0;
}

static int tpc_data(struct tpc_ctx *c)
{
	struct tp_parse *p = c->p;
	unsigned long long schema, procs, trial, file_kb, record_kb, child;
	const char *test = tpc_get(c, TPC_TEST), *unit = tpc_get(c, TPC_UNIT);
	int kind = tp_kind_of(test, strlen(test), 0);

	if (c->nf < (size_t)TPC_COUNT)
		return tp_fail(p, c->row, "%zu fields where %d are due", c->nf, TPC_COUNT);
	if (tpc_uint(c, TPC_SCHEMA, 1e6, &schema))
		return -1;
	if (schema > TPCSV_SCHEMA)
		return tp_fail(p, c->row, "schema %llu is newer than this iosweep reads (%d)",
			       schema, TPCSV_SCHEMA);
	if (kind < 0)
		return tp_fail(p, c->row, "unknown test '%.40s'", test);
	if (tpc_uint(c, TPC_PROCS, TP_MAX_PROCS, &procs) || tpc_uint(c, TPC_TRIAL, 65535, &trial) ||
	    tpc_uint(c, TPC_FILE, 1e15, &file_kb) || tpc_uint(c, TPC_RECORD, 1e15, &record_kb))
		return -1;
	if (procs == 0)
		return tp_fail(p, c->row, "'processes' is 0");
	int u = strcmp(unit, "kB") == 0 ? RESULTS_UNIT_KBPS :
		strcmp(unit, "ops") == 0 ? RESULTS_UNIT_OPS : -1;
	if (u < 0)
		return tp_fail(p, c->row, "unit '%.20s' is neither kB nor ops", unit);
	if (set_unit(p, u, c->row))
		return -1;
	if (!p->rs->meta.label && results_set_str(&p->rs->meta.label, tpc_get(c, TPC_LABEL)))
		return tp_fail(p, c->row, "out of memory");
	if (*tpc_get(c, TPC_CHILD)) {
		double x, r;
		struct result_tp *t = c->last;
		if (tpc_uint(c, TPC_CHILD, TP_MAX_PROCS, &child) || tpc_num(c, TPC_XFER, 0, &x) ||
		    tpc_num(c, TPC_RATE, 0, &r))
			return -1;
		if (!t || t->kind != kind || t->procs != procs || t->trial != trial)
			return tp_fail(p, c->row, "a child row that does not follow its test's row");
		if (child != t->nchild || child >= procs)
			return tp_fail(p, c->row, "child %llu where child %u of %llu was due",
				       child, t->nchild, procs);
		double *nx = realloc(t->child_xfer, (t->nchild + 1) * sizeof(double));
		if (nx)
			t->child_xfer = nx;
		double *nr = realloc(t->child_rate, (t->nchild + 1) * sizeof(double));
		if (nr)
			t->child_rate = nr;
		if (!nx || !nr)
			return tp_fail(p, c->row, "out of memory");
		t->child_xfer[t->nchild] = x;
		t->child_rate[t->nchild] = r;
		t->nchild++;
		return 0;
	}
	struct result_tp t;
	tp_blank(&t);
	t.kind = kind;
	t.procs = (unsigned)procs;
	t.trial = (uint16_t)trial;
	t.file_kb = file_kb;
	t.record_kb = record_kb;
	if (tpc_num(c, TPC_CHILDREN, 0, &t.children) || tpc_num(c, TPC_PARENT, 1, &t.parent) ||
	    tpc_num(c, TPC_MIN, 1, &t.min) || tpc_num(c, TPC_MAX, 1, &t.max) ||
	    tpc_num(c, TPC_AVG, 1, &t.avg) || tpc_num(c, TPC_MIN_XFER, 1, &t.min_xfer) ||
	    tpc_num(c, TPC_WALL, 1, &t.cpu_wall_s) || tpc_num(c, TPC_CPU, 1, &t.cpu_s) ||
	    tpc_num(c, TPC_PCT, 1, &t.cpu_pct))
		return -1;
	if (find_tp(p->rs, kind, t.procs, t.trial))
		return tp_fail(p, c->row, "a second row of %u %s, trial %u", t.procs,
			       kind_name(kind), (unsigned)t.trial);
	if (results_add_tp(p->rs, &t))
		return tp_fail(p, c->row, "out of memory");
	c->last = &p->rs->tp[p->rs->ntp - 1];
	return 0;
}

static void tpc_row(int term, void *data)
{
	struct tpc_ctx *c = data;
	(void)term;
	c->row++;
	if (!c->failed && (c->row == 1 ? tpc_header(c) : tpc_data(c)))
		c->failed = 1;
	for (size_t i = 0; i < c->nf; i++)
		free(c->f[i]);
	c->nf = 0;
}

int import_tp_csv_parse(struct result_set *rs, const char *path, const char *buf,
			size_t len, char *err, size_t errlen)
{
	struct tp_parse p;
	struct tpc_ctx c;
	struct csv_parser cp;

	tp_parse_init(&p, rs, path, err, errlen);
	memset(&c, 0, sizeof(c));
	c.p = &p;
	if (csv_init(&cp, CSV_STRICT | CSV_APPEND_NULL | CSV_STRICT_FINI))
		return tp_fail(&p, 0, "out of memory");
	if (csv_parse(&cp, buf, len, tpc_field, tpc_row, &c) != len && !c.failed) {
		c.failed = 1;
		tp_fail(&p, c.row + 1, "malformed CSV: %s", csv_strerror(csv_error(&cp)));
	}
	if (!c.failed && csv_fini(&cp, tpc_field, tpc_row, &c) != 0) {
		c.failed = 1;
		tp_fail(&p, c.row + 1, "malformed CSV at the end: %s", csv_strerror(csv_error(&cp)));
	}
	for (size_t i = 0; i < c.nf; i++)
		free(c.f[i]);
	csv_free(&cp);
	if (c.failed)
		return -1;
	if (rs->ntp == 0)
		return tp_fail(&p, c.row, "a throughput.csv without rows");
	if (results_set_str(&rs->meta.tool, "iosweep"))
		return tp_fail(&p, 0, "out of memory");
	rs->meta.source_unit = p.unit < 0 ? RESULTS_UNIT_KBPS : p.unit;
	return 0;
}

int import_tp_is_csv(const char *buf)
{
	return strncmp(buf, "schema,label,test,processes,", 28) == 0;
}

/* ---- merging trials ------------------------------------------------------ */

unsigned import_tp_trials(const struct result_set *t)
{
	unsigned m = 0;
	for (size_t i = 0; i < t->ntp; i++)
		if ((unsigned)t->tp[i].trial + 1 > m)
			m = (unsigned)t->tp[i].trial + 1;
	return m;
}

int import_tp_merge(struct result_set *rs, const struct result_set *t,
		    unsigned trial, int empty, const char *path, char *err, size_t errlen)
{
	size_t old = rs->ntp;

	if (t->nsamples || (!empty && rs->nsamples) || t->ntp == 0)
		return err_set(err, errlen, "%s: a throughput-mode (-t) result and a file size x record "
			"size result cannot be trials of one set", path);
	if ((unsigned long)trial + import_tp_trials(t) > 65536ul) {
		return err_set(err, errlen, "%s: too many trials (more than 65536)", path);
	}
	if (!empty && rs->meta.source_unit != t->meta.source_unit)
		return err_set(err, errlen, "%s: its figures are in %s but the set's are in %s: "
			"different units cannot be trials of one set", path,
			t->meta.source_unit == RESULTS_UNIT_OPS ? "ops/s (-O)" : "kB/s",
			rs->meta.source_unit == RESULTS_UNIT_OPS ? "ops/s (-O)" : "kB/s");
	for (size_t i = 0; i < t->ntp; i++) {
		const struct result_tp *a = &t->tp[i];
		if (find_tp(rs, a->kind, a->procs, a->trial + trial))
			return err_set(err, errlen, "%s: trial %u of %u %s is in the set already", path,
				a->trial + trial, a->procs, kind_name(a->kind));
	}
	for (size_t i = 0; i < t->ntp; i++) {
		struct result_tp a = t->tp[i];
		a.trial = (uint16_t)(a.trial + trial);
		if (results_add_tp(rs, &a)) {
			while (rs->ntp > old) {
				rs->ntp--;
				free(rs->tp[rs->ntp].child_xfer);
				free(rs->tp[rs->ntp].child_rate);
			}
			return err_set(err, errlen, "%s: out of memory", path);
		}
	}
	return 0;
}
