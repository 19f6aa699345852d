/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import_tp_csv.c: the throughput.csv of an iosweep result folder
 * (tpcsv.h) back into throughput records of a result set, and the
 * merging of throughput-mode sets as trials of one.
 *
 * Apart from the text report's parser (import_tp.c) because a CSV row is
 * found by its column names, not by words in a line; the two share the
 * parse state, the number reader and the record helpers of
 * import_tp_priv.h, so a figure means the same from either.
 */
#include "compat.h"

#include <csv.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "import/import_priv.h"
#include "import/import_tp_priv.h"
#include "model/results.h"
#include "run/throughput/throughput.h"
#include "report/tpcsv.h"
#include "lib/err.h"

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
	if (!import_tp_eat_number(&s, e, v) || s != e)
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
	if (import_tp_set_unit(p, u, c->row))
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
	import_tp_blank(&t);
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
	if (import_tp_find(p->rs, kind, t.procs, t.trial))
		return tp_fail(p, c->row, "a second row of %u %s, trial %u", t.procs,
			       import_tp_kind_name(kind), (unsigned)t.trial);
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
		if (import_tp_find(rs, a->kind, a->procs, a->trial + trial))
			return err_set(err, errlen, "%s: trial %u of %u %s is in the set already", path,
				a->trial + trial, a->procs, import_tp_kind_name(a->kind));
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
