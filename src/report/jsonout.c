/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * jsonout.c: summary.json, the JSON twin of a result folder's summary.csv,
 * with the metadata of meta.csv and the rows of throughput.csv (throughput
 * mode: -t runs and imported IOzone throughput reports) and cliffs.csv,
 * for people who feed results into other tools (as fio users feed its JSON
 * output).
 *
 * It is built from the CSV files just written, read back with libcsv
 * (plain or gzipped: zlib reads both), so every field of the CSV files is
 * in the JSON under the same name, and a column added to a CSV file needs
 * no second writer here.  Types: an empty field is null; a field that is
 * a whole decimal number is a JSON number, except in the columns that are
 * text by nature (label, test, unit, host, client names) and the
 * metadata's text keys, which stay strings even when they look like
 * numbers (a label "2024").  The cache-cliff sentences of the text report
 * come in as "findings".
 */
#include "compat.h"

#include <csv.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "report/jsonout.h"
#include "lib/outfile.h"
#include "model/results.h"
#include "lib/err.h"

/* Columns (and metadata keys) that hold text whatever they look like. */
static const char *const text_names[] = {
	"label", "test", "unit", "host", "kind", "tool", "version", "command_line",
	"start_time", "os", "target_path", "fs_type", "mount_options",
	"data_pattern", "flags", "source_unit", "status", "key", "writer_host", "link",
	"workload", "engine", "engine_calls", NULL
};

static int is_text_name(const char *name)
{
	for (size_t i = 0; text_names[i]; i++)
		if (strcmp(text_names[i], name) == 0)
			return 1;
	return 0;
}

/* Digits at *s; how many. */
static size_t skip_digits(const char **s)
{
	const char *b = *s;
	while (**s >= '0' && **s <= '9')
		(*s)++;
	return (size_t)(*s - b);
}

/*
 * A field that is a JSON number as it stands (the CSV writers' %.3f, %llu
 * and %g forms): -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?.  Anything
 * else (hex, "inf", leading zeros) stays a string.
 */
static int looks_numeric(const char *s)
{
	if (*s == '-')
		s++;
	if (*s == '0')
		s++;
	else if (*s < '1' || *s > '9' || !skip_digits(&s))
		return 0;
	if (*s == '.') {
		s++;
		if (!skip_digits(&s))
			return 0;
	}
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '+' || *s == '-')
			s++;
		if (!skip_digits(&s))
			return 0;
	}
	return *s == '\0';
}

static void put_lit(struct outfile *f, const char *s)
{
	outfile_write(f, s, strlen(s));
}

/* Length of the valid UTF-8 sequence at p (1-4), 0 when it is not one. */
static size_t utf8_len(const unsigned char *p)
{
	size_t n = p[0] < 0x80 ? 1 : p[0] >= 0xc2 && p[0] <= 0xdf ? 2
		: p[0] >= 0xe0 && p[0] <= 0xef ? 3 : p[0] >= 0xf0 && p[0] <= 0xf4 ? 4 : 0;
	for (size_t i = 1; i < n; i++)
		if ((p[i] & 0xc0) != 0x80)
			return 0;
	/* no overlong forms, no surrogates, nothing past U+10FFFF */
	if ((n == 3 && p[0] == 0xe0 && p[1] < 0xa0) || (n == 3 && p[0] == 0xed && p[1] >= 0xa0) ||
	    (n == 4 && p[0] == 0xf0 && p[1] < 0x90) || (n == 4 && p[0] == 0xf4 && p[1] >= 0x90))
		return 0;
	return n;
}

/* A JSON string: escapes for quotes, backslashes and controls; a byte that
 * is not part of valid UTF-8 (a label typed in another code page) becomes
 * U+FFFD, so the document stays valid UTF-8 JSON. */
static void put_string(struct outfile *f, const char *s)
{
	put_lit(f, "\"");
	for (const unsigned char *p = (const unsigned char *)s; *p;) {
		size_t n = utf8_len(p);
		if (*p == '"' || *p == '\\') {
			char e[2] = { '\\', (char)*p };
			outfile_write(f, e, 2);
		} else if (*p == '\n') {
			put_lit(f, "\\n");
		} else if (*p == '\r') {
			put_lit(f, "\\r");
		} else if (*p == '\t') {
			put_lit(f, "\\t");
		} else if (*p < 0x20 || *p == 0x7f) {
			outfile_printf(f, "\\u%04x", *p);
		} else if (n == 0) {
			put_lit(f, "\\ufffd");
			n = 1;
		} else {
			outfile_write(f, p, n);
		}
		p += n ? n : 1;
	}
	put_lit(f, "\"");
}

static void put_value(struct outfile *f, const char *name, const char *value)
{
	if (!*value)
		put_lit(f, "null");
	else if (!is_text_name(name) && looks_numeric(value))
		outfile_printf(f, "%s", value);
	else
		put_string(f, value);
}

/* ---- one CSV file, read back into rows of fields ---- */

struct table {
	char ***rows;       /* rows[r][c], row 0 the header */
	size_t *nf;         /* fields of each row */
	size_t nrows, cap;
	size_t cur_n, cur_cap;
	char **cur;
	int oom;
};

static void table_release(struct table *t)
{
	for (size_t r = 0; r < t->nrows; r++) {
		for (size_t c = 0; c < t->nf[r]; c++)
			free(t->rows[r][c]);
		free(t->rows[r]);
	}
	for (size_t c = 0; c < t->cur_n; c++)
		free(t->cur[c]);
	free(t->cur);
	free(t->rows);
	free(t->nf);
	memset(t, 0, sizeof(*t));
}

static void on_field(void *s, size_t len, void *data)
{
	struct table *t = data;
	if (t->oom)
		return;
	if (t->cur_n == t->cur_cap) {
		size_t want = t->cur_cap ? 2 * t->cur_cap : 16;
		char **p = realloc(t->cur, want * sizeof(*p));
		if (!p) {
			t->oom = 1;
			return;
		}
		t->cur = p;
		t->cur_cap = want;
	}
	char *v = malloc(len + 1);
	if (!v) {
		t->oom = 1;
		return;
	}
	if (len)
		memcpy(v, s, len);
	v[len] = '\0';
	t->cur[t->cur_n++] = v;
}

static void on_row(int c, void *data)
{
	struct table *t = data;
	(void)c;
	if (t->oom)
		return;
	if (t->nrows == t->cap) {
		size_t want = t->cap ? 2 * t->cap : 64;
		char ***r = realloc(t->rows, want * sizeof(*r));
		size_t *n = r ? realloc(t->nf, want * sizeof(*n)) : NULL;
		if (r)
			t->rows = r;
		if (!r || !n) {
			t->oom = 1;
			return;
		}
		t->nf = n;
		t->cap = want;
	}
	t->rows[t->nrows] = t->cur;
	t->nf[t->nrows++] = t->cur_n;
	t->cur = NULL;
	t->cur_n = t->cur_cap = 0;
}

/*
 * Read dir/name.csv or dir/name.csv.gz into t.  1 read, 0 neither file
 * exists, -1 error with a message.
 */
static int table_read(struct table *t, const char *dir, const char *name,
		      char *err, size_t errlen)
{
	char path[4096];
	struct csv_parser p;
	char buf[65536];
	gzFile gz = NULL;
	int rc = -1, n;

	memset(t, 0, sizeof(*t));
	for (int z = 0; z < 2 && !gz; z++) {
		snprintf(path, sizeof(path), "%s/%s.csv%s", dir, name, z ? ".gz" : "");
		gz = gzopen(path, "rb");
	}
	if (!gz)
		return errno == ENOENT ? 0 : err_set(err, errlen, "cannot read '%.300s': %s",
						     path, strerror(errno));
	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0) {
		gzclose(gz);
		return err_set(err, errlen, "out of memory");
	}
	while ((n = gzread(gz, buf, sizeof(buf))) > 0) {
		if (csv_parse(&p, buf, (size_t)n, on_field, on_row, t) != (size_t)n) {
			err_set(err, errlen, "'%.300s': %s", path, csv_strerror(csv_error(&p)));
			goto out;
		}
	}
	if (n < 0) {
		err_set(err, errlen, "cannot read '%.300s'", path);
		goto out;
	}
	if (csv_fini(&p, on_field, on_row, t) != 0) {
		err_set(err, errlen, "'%.300s': %s", path, csv_strerror(csv_error(&p)));
		goto out;
	}
	if (t->oom) {
		err_set(err, errlen, "out of memory reading '%.300s'", path);
		goto out;
	}
	rc = 1;
out:
	csv_free(&p);
	gzclose(gz);
	if (rc < 0)
		table_release(t);
	return rc;
}

/* The rows after the header as an array of objects keyed by the header. */
static void put_rows(struct outfile *f, const struct table *t)
{
	put_lit(f, "[");
	for (size_t r = 1; r < t->nrows; r++) {
		put_lit(f, r > 1 ? ",\n    {" : "\n    {");
		for (size_t c = 0; c < t->nf[0] && c < t->nf[r]; c++) {
			if (c)
				put_lit(f, ", ");
			put_string(f, t->rows[0][c]);
			put_lit(f, ": ");
			put_value(f, t->rows[0][c], t->rows[r][c]);
		}
		put_lit(f, "}");
	}
	put_lit(f, t->nrows > 1 ? "\n  ]" : "]");
}

/* meta.csv's key,value rows as one object. */
static void put_meta(struct outfile *f, const struct table *t)
{
	size_t done = 0;
	put_lit(f, "{");
	for (size_t r = 1; r < t->nrows; r++) {
		if (t->nf[r] < 2)
			continue;
		put_lit(f, done++ ? ",\n    " : "\n    ");
		put_string(f, t->rows[r][0]);
		put_lit(f, ": ");
		put_value(f, t->rows[r][0], t->rows[r][1]);
	}
	put_lit(f, "\n  }");
}

int jsonout_write(const char *dir, const char *const *findings, size_t nfindings,
		  int overwrite, char *err, size_t errlen)
{
	/* the first two are required; a folder without the others gets [] */
	static const char *const names[] = { "meta", "summary", "throughput", "cliffs" };
	enum { T_META, T_SUMMARY, T_THROUGHPUT, T_CLIFFS, T_COUNT };
	struct table t[T_COUNT];
	char path[4096];
	struct outfile f;
	int rc = -1;

	memset(t, 0, sizeof(t));
	for (int i = 0; i < T_COUNT; i++) {
		int got = table_read(&t[i], dir, names[i], err, errlen);
		if (got < 0)
			goto out;
		if (got == 0 && i <= T_SUMMARY) {
			err_set(err, errlen, "cannot write summary.json: no %s.csv in '%.300s'",
				names[i], dir);
			goto out;
		}
		if (got == 1 && t[i].nrows == 0) {
			err_set(err, errlen, "cannot write summary.json: %s.csv in '%.300s' is empty",
				names[i], dir);
			goto out;
		}
	}
	snprintf(path, sizeof(path), "%s/summary.json", dir);
	if (outfile_open(&f, path, 0, overwrite, err, errlen) != 0)
		goto out;
	outfile_printf(&f, "{\n  \"schema\": %d,\n  \"meta\": ", RESULTS_SCHEMA);
	put_meta(&f, &t[T_META]);
	put_lit(&f, ",\n  \"summary\": ");
	put_rows(&f, &t[T_SUMMARY]);
	put_lit(&f, ",\n  \"throughput\": ");
	put_rows(&f, &t[T_THROUGHPUT]);
	put_lit(&f, ",\n  \"cliffs\": ");
	put_rows(&f, &t[T_CLIFFS]);
	put_lit(&f, ",\n  \"findings\": [");
	for (size_t i = 0; i < nfindings; i++) {
		put_lit(&f, i ? ",\n    " : "\n    ");
		put_string(&f, findings[i]);
	}
	put_lit(&f, nfindings ? "\n  ]\n}\n" : "]\n}\n");
	rc = outfile_commit(&f, err, errlen);
out:
	for (int i = 0; i < T_COUNT; i++)
		table_release(&t[i]);
	return rc;
}
