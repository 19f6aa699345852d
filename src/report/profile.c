/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * profile.c: profiles and their figures (see profile.h).  Parsing is a
 * line at a time: comment, blank, or "NAME | OPTIONS"; each option is a
 * blank-separated word.  The rows are computed from the result set like
 * every other emitter: IOPS as the mean over full trials
 * (results_iops_mean), latency from the trials' merged histograms, all
 * operations and each direction (results_lat_merge_cell, _dir).
 */
#include "compat.h"

#include <csv.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "report/csvout_fields.h"
#include "model/latency.h"
#include "lib/outfile.h"
#include "report/profile.h"
#include "model/results.h"
#include "lib/err.h"

static const char *const lat_names[4] = { "mean", "max", "sd", "p99" };

static int perr(char *err, size_t errlen, const char *where, unsigned line,
		const char *fmt, ...) IOSWEEP_PRINTF(5, 6);
static int perr(char *err, size_t errlen, const char *where, unsigned line,
		const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return err_set(err, errlen, "%s:%u: %s", where, line, msg);
}

static int name_ok(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '-' || *s == '_' || *s == '.'))
			return 0;
	return 1;
}

/* Options the command gives each sweep itself. */
static const char *const reserved[] = {
	"-s", "-f", "-F", "--out", "--label", "--trials", "-t", "--file-size",
};

/* A reserved option, also with its value attached ("-s1m"). */
static int is_reserved(const char *w)
{
	for (size_t k = 0; k < sizeof(reserved) / sizeof(reserved[0]); k++) {
		const char *r = reserved[k];
		if (strcmp(w, r) == 0 || (r[1] != '-' && strncmp(w, r, 2) == 0))
			return 1;
	}
	return 0;
}

static char *trimmed(const char *s, size_t n)
{
	while (n && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	char *c = malloc(n + 1);
	if (c) {
		memcpy(c, s, n);
		c[n] = '\0';
	}
	return c;
}

/* One "NAME | OPTIONS" line into e. */
static int parse_entry(struct profile_entry *e, const char *line, size_t n,
		       const char *where, unsigned lineno, char *err, size_t errlen)
{
	const char *bar = memchr(line, '|', n);
	char *opts, *save = NULL;

	e->line = lineno;
	if (!bar)
		return perr(err, errlen, where, lineno, "expected 'NAME | OPTIONS'");
	e->name = trimmed(line, (size_t)(bar - line));
	opts = trimmed(bar + 1, n - (size_t)(bar - line) - 1);
	if (!e->name || !opts) {
		free(opts);
		return perr(err, errlen, where, lineno, "out of memory");
	}
	if (!name_ok(e->name)) {
		free(opts);
		return perr(err, errlen, where, lineno, "workload name '%.40s': use "
			    "letters, digits, '-', '_' and '.'", e->name);
	}
	for (char *w = strtok_r(opts, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
		if (is_reserved(w)) {
			perr(err, errlen, where, lineno, "'%s': the profile command "
			     "gives -s, -f, --out, --label and --trials itself", w);
			free(opts);
			return -1;
		}
		if (e->nargs >= PROFILE_MAX_ARGS) {
			free(opts);
			return perr(err, errlen, where, lineno, "more than %d options",
				    PROFILE_MAX_ARGS);
		}
		if (!(e->args[e->nargs++] = strdup(w))) {
			free(opts);
			return perr(err, errlen, where, lineno, "out of memory");
		}
	}
	free(opts);
	if (e->nargs == 0)
		return perr(err, errlen, where, lineno, "workload '%s' has no options",
			    e->name);
	return 0;
}

int profile_parse(struct profile *p, const char *text, size_t len,
		  const char *where, char *err, size_t errlen)
{
	unsigned lineno = 0;
	size_t at = 0;

	memset(p, 0, sizeof(*p));
	while (at < len) {
		const char *line = text + at, *nl = memchr(line, '\n', len - at);
		size_t n = nl ? (size_t)(nl - line) : len - at;
		size_t i = 0;
		at += n + (nl ? 1 : 0);
		lineno++;
		while (i < n && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
			i++;
		if (i == n)
			continue;
		if (line[i] == '#') {
			if (!p->description && !(p->description = trimmed(line + i + 1, n - i - 1)))
				return perr(err, errlen, where, lineno, "out of memory");
			continue;
		}
		struct profile_entry *grown = realloc(p->entries, (p->n + 1) * sizeof(*grown));
		if (!grown)
			return perr(err, errlen, where, lineno, "out of memory");
		p->entries = grown;
		memset(&p->entries[p->n], 0, sizeof(p->entries[p->n]));
		p->n++;
		if (parse_entry(&p->entries[p->n - 1], line, n, where, lineno, err,
				errlen) != 0)
			return -1;
		for (size_t k = 0; k + 1 < p->n; k++)
			if (strcmp(p->entries[k].name, p->entries[p->n - 1].name) == 0)
				return perr(err, errlen, where, lineno, "workload '%s' "
					    "named twice (line %u)", p->entries[k].name,
					    p->entries[k].line);
	}
	if (p->n == 0)
		return perr(err, errlen, where, lineno, "no workloads (lines of "
			    "'NAME | OPTIONS')");
	return 0;
}

void profile_release(struct profile *p)
{
	for (size_t i = 0; i < p->n; i++) {
		free(p->entries[i].name);
		for (size_t k = 0; k < p->entries[i].nargs; k++)
			free(p->entries[i].args[k]);
	}
	free(p->entries);
	free(p->description);
	memset(p, 0, sizeof(*p));
}

/* ---- rows ---- */

static void lat_figs(const struct latency_hist *h, int have, double out[4])
{
	struct latency_summary ls;

	if (!have || latency_summarize(h, &ls) != 0) {
		out[0] = out[1] = out[2] = out[3] = NAN;
		return;
	}
	out[0] = ls.us[1];   /* mean */
	out[1] = ls.us[2];   /* max */
	out[2] = ls.us[3];   /* sd */
	out[3] = ls.us[6];   /* p99 */
}

int profile_rows_add(struct profile_rows *r, const struct result_set *rs,
		     const char *name, unsigned jobs, unsigned iodepth, int mix_pct)
{
	struct latency_hist h;
	int rc = 0;

	if (latency_init(&h) != 0)
		return -1;
	for (size_t cell = 0; cell < rs->ncells && rc == 0; cell++) {
		if (rs->cells[cell].placeholder)
			continue;
		for (int col = 0; col < RC_COUNT && rc == 0; col++) {
			double iops[3];
			unsigned n = results_iops_mean(rs, cell, col, iops);
			if (n == 0)
				continue;
			if (r->n == r->alloc) {
				size_t want = r->alloc ? 2 * r->alloc : 16;
				struct profile_row *g = realloc(r->rows, want * sizeof(*g));
				if (!g) {
					rc = -1;
					break;
				}
				r->rows = g;
				r->alloc = want;
			}
			struct profile_row *row = &r->rows[r->n];
			memset(row, 0, sizeof(*row));
			row->label = strdup(rs->meta.label ? rs->meta.label : "");
			row->workload = strdup(name);
			if (!row->label || !row->workload) {
				free(row->label);
				free(row->workload);
				rc = -1;
				break;
			}
			r->n++;
			row->col = col;
			row->file_kb = rs->cells[cell].file_kb;
			row->record_kb = rs->cells[cell].record_kb;
			row->jobs = jobs;
			row->iodepth = iodepth;
			row->mix_pct = mix_pct;
			row->trials = n;
			memcpy(row->iops, iops, sizeof(iops));
			for (int d = 0; d < PROFILE_NDIR && rc == 0; d++) {
				int m = d == PROFILE_ALL ? results_lat_merge_cell(rs, cell, col, &h)
					: results_lat_merge_cell_dir(rs, cell, col, d - 1, &h);
				if (m < 0)
					rc = -1;
				else
					lat_figs(&h, m > 0, row->lat[d]);
			}
		}
	}
	latency_release(&h);
	return rc;
}

void profile_rows_release(struct profile_rows *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->rows[i].label);
		free(r->rows[i].workload);
	}
	free(r->rows);
	memset(r, 0, sizeof(*r));
}

static void put_text(struct outfile *f, const char *s, int first)
{
	char buf[512];
	size_t n = csvout_field(buf, sizeof(buf), s, first);

	if (n == 0 && (!first || *s)) {
		f->failed = 1;
		return;
	}
	outfile_write(f, buf, n);
}

static void put_num(struct outfile *f, double v, int decimals)
{
	if (isfinite(v))
		outfile_printf(f, ",%.*f", decimals, v);
	else
		outfile_write(f, ",", 1);
}

static const char *const dir_prefix[PROFILE_NDIR] = { "lat_", "rd_lat_", "wr_lat_" };

int profile_rows_write_csv(const struct profile_rows *r, const char *path,
			   int overwrite, char *err, size_t errlen)
{
	static const char *const head[] = {
		"label", "workload", "test", "file_kb", "record_kb", "jobs", "iodepth",
		"mix_read_pct", "trials", "iops", "rd_iops", "wr_iops", NULL
	};
	struct outfile f;

	if (outfile_open(&f, path, 0, overwrite, err, errlen) != 0)
		return -1;
	for (size_t i = 0; head[i]; i++)
		put_text(&f, head[i], i == 0);
	for (int d = 0; d < PROFILE_NDIR; d++)
		for (int k = 0; k < 4; k++)
			outfile_printf(&f, ",%s%s_us", dir_prefix[d], lat_names[k]);
	outfile_write(&f, "\n", 1);
	for (size_t i = 0; i < r->n; i++) {
		const struct profile_row *w = &r->rows[i];
		put_text(&f, w->label, 1);
		put_text(&f, w->workload, 0);
		put_text(&f, results_col_name(w->col), 0);
		outfile_printf(&f, ",%llu,%llu,%u,%u,", (unsigned long long)w->file_kb,
			       (unsigned long long)w->record_kb, w->jobs, w->iodepth);
		if (w->mix_pct >= 0)
			outfile_printf(&f, "%d", w->mix_pct);
		outfile_printf(&f, ",%u", w->trials);
		for (int k = 0; k < 3; k++)
			put_num(&f, w->iops[k], 3);
		for (int d = 0; d < PROFILE_NDIR; d++)
			for (int k = 0; k < 4; k++)
				put_num(&f, w->lat[d][k], 3);
		outfile_write(&f, "\n", 1);
	}
	return outfile_commit(&f, err, errlen);
}

void profile_rows_print(FILE *out, const struct profile_rows *r)
{
	fprintf(out, "\nIOPS and latency by workload (IOPS: mean of the trials; "
		"latency in microseconds, trials merged)\n");
	fprintf(out, "%-22s%-14s%7s%5s%6s%5s%11s%10s%10s%10s%11s%10s%10s\n",
		"workload", "test", "reclen", "jobs", "depth", "mix", "IOPS",
		"rd IOPS", "wr IOPS", "avg", "max", "sd", "p99");
	for (size_t i = 0; i < r->n; i++) {
		const struct profile_row *w = &r->rows[i];
		char mix[16] = "-";
		if (w->mix_pct >= 0)
			snprintf(mix, sizeof(mix), "%d", w->mix_pct);
		fprintf(out, "%-22.22s%-14s%7llu%5u%6u%5s%11.0f%10.0f%10.0f%10.1f%11.1f"
			"%10.1f%10.1f\n", w->workload, results_col_name(w->col),
			(unsigned long long)w->record_kb, w->jobs, w->iodepth, mix,
			w->iops[0], w->iops[1], w->iops[2], w->lat[0][0], w->lat[0][1],
			w->lat[0][2], w->lat[0][3]);
	}
}

/* ---- reading profile.csv back (iosweep profile --plot) ---- */

struct reader {
	struct profile_rows *r;
	const char *path;
	char *err;
	size_t errlen;
	unsigned row;
	char *f[64];
	size_t nf;
	int idx[12];                  /* read_names[k] is field idx[k] */
	int lat_idx[PROFILE_NDIR][4]; /* the latency columns, or -1 */
	int failed;
};

static const char *const read_names[] = {
	"label", "workload", "test", "file_kb", "record_kb", "jobs", "iodepth",
	"mix_read_pct", "trials", "iops", "rd_iops", "wr_iops",
};
#define READ_FIXED (sizeof(read_names) / sizeof(read_names[0]))

static void rfail(struct reader *c, const char *why, const char *what)
{
	if (!c->failed)
		err_set(c->err, c->errlen, "%s:%u: %s%s%s", c->path, c->row, why,
			what ? " " : "", what ? what : "");
	c->failed = 1;
}

static void rd_field(void *s, size_t len, void *data)
{
	struct reader *c = data;
	char *v;

	if (c->failed)
		return;
	if (c->nf >= sizeof(c->f) / sizeof(c->f[0]) || !(v = malloc(len + 1))) {
		rfail(c, "too many fields or out of memory", NULL);
		return;
	}
	memcpy(v, s, len);
	v[len] = '\0';
	c->f[c->nf++] = v;
}

static double num(const char *s, int *bad)
{
	char *end;
	double v;

	if (!*s)
		return NAN;
	errno = 0;
	v = strtod(s, &end);
	if (*end || errno)
		*bad = 1;
	return v;
}

/* The latency columns: lat_mean_us .. wr_lat_p99_us, by name. */
static int lat_col(struct reader *c, int d, int k)
{
	char name[40];

	snprintf(name, sizeof(name), "%s%s_us", dir_prefix[d], lat_names[k]);
	for (size_t i = 0; i < c->nf; i++)
		if (strcmp(c->f[i], name) == 0)
			return (int)i;
	return -1;
}

static void rd_row(int term, void *data)
{
	struct reader *c = data;
	int bad = 0;

	(void)term;
	c->row++;
	if (c->failed)
		goto out;
	if (c->row == 1) {
		for (size_t k = 0; k < READ_FIXED; k++) {
			c->idx[k] = -1;
			for (size_t i = 0; i < c->nf; i++)
				if (strcmp(c->f[i], read_names[k]) == 0)
					c->idx[k] = (int)i;
			if (c->idx[k] < 0) {
				rfail(c, "no column", read_names[k]);
				goto out;
			}
		}
		for (int d = 0; d < PROFILE_NDIR; d++)
			for (int k = 0; k < 4; k++)
				c->lat_idx[d][k] = lat_col(c, d, k);
		goto out;
	}
	if (c->nf < READ_FIXED) {
		rfail(c, "too few fields", NULL);
		goto out;
	}
	struct profile_row w;
	memset(&w, 0, sizeof(w));
	w.col = results_col_from_name(c->f[c->idx[2]]);
	if (w.col < 0) {
		rfail(c, "unknown test", c->f[c->idx[2]]);
		goto out;
	}
	w.file_kb = (uint64_t)num(c->f[c->idx[3]], &bad);
	w.record_kb = (uint64_t)num(c->f[c->idx[4]], &bad);
	w.jobs = (unsigned)num(c->f[c->idx[5]], &bad);
	w.iodepth = (unsigned)num(c->f[c->idx[6]], &bad);
	w.mix_pct = *c->f[c->idx[7]] ? (int)num(c->f[c->idx[7]], &bad) : -1;
	w.trials = (unsigned)num(c->f[c->idx[8]], &bad);
	for (int k = 0; k < 3; k++)
		w.iops[k] = num(c->f[c->idx[9 + k]], &bad);
	for (int d = 0; d < PROFILE_NDIR; d++)
		for (int k = 0; k < 4; k++)
			w.lat[d][k] = c->lat_idx[d][k] >= 0 && (size_t)c->lat_idx[d][k] < c->nf
				? num(c->f[c->lat_idx[d][k]], &bad) : NAN;
	if (bad) {
		rfail(c, "a figure is not a number", NULL);
		goto out;
	}
	if (c->r->n == c->r->alloc) {
		size_t want = c->r->alloc ? 2 * c->r->alloc : 16;
		struct profile_row *g = realloc(c->r->rows, want * sizeof(*g));
		if (!g) {
			rfail(c, "out of memory", NULL);
			goto out;
		}
		c->r->rows = g;
		c->r->alloc = want;
	}
	w.label = strdup(c->f[c->idx[0]]);
	w.workload = strdup(c->f[c->idx[1]]);
	if (!w.label || !w.workload) {
		free(w.label);
		free(w.workload);
		rfail(c, "out of memory", NULL);
		goto out;
	}
	c->r->rows[c->r->n++] = w;
out:
	for (size_t i = 0; i < c->nf; i++)
		free(c->f[i]);
	c->nf = 0;
}

int profile_rows_read_csv(struct profile_rows *r, const char *path,
			  char *err, size_t errlen)
{
	struct reader c;
	struct csv_parser p;
	char buf[8192];
	size_t n;
	FILE *fp = fopen(path, "rb");

	if (!fp)
		return err_set(err, errlen, "cannot open '%s': %s", path, strerror(errno));
	memset(&c, 0, sizeof(c));
	c.r = r;
	c.path = path;
	c.err = err;
	c.errlen = errlen;
	if (csv_init(&p, CSV_STRICT | CSV_APPEND_NULL) != 0) {
		fclose(fp);
		return err_set(err, errlen, "%s: out of memory", path);
	}
	while (!c.failed && (n = fread(buf, 1, sizeof(buf), fp)) > 0)
		if (csv_parse(&p, buf, n, rd_field, rd_row, &c) != n && !c.failed)
			rfail(&c, "malformed CSV:", csv_strerror(csv_error(&p)));
	if (!c.failed)
		csv_fini(&p, rd_field, rd_row, &c);
	for (size_t i = 0; i < c.nf; i++)
		free(c.f[i]);
	csv_free(&p);
	fclose(fp);
	if (!c.failed && c.row < 1)
		rfail(&c, "empty: not a profile.csv", NULL);
	return c.failed ? -1 : 0;
}
