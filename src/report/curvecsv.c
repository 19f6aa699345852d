/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * curvecsv.c: clients-curve.csv written and read back (see curvecsv.h).
 * Every field is a number, a test's name, a --link value or a folder's
 * name cN, none of which holds a comma or a quote (a --link value is
 * checked by netbound_parse_link before it is kept), so the reader
 * splits rows on commas and finds its columns by the header's names.
 */
#include "compat.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/curve.h"
#include "lib/err.h"
#include "lib/outfile.h"
#include "lib/readfile.h"
#include "model/results.h"
#include "report/curvecsv.h"

#define CURVECSV_MAX_BYTES (1u << 20)

/* The columns, in order; the reader needs all but the latency's and folder. */
enum { CC_CLIENTS, CC_TEST, CC_TRIALS, CC_AGG, CC_MIN, CC_MEDIAN, CC_MAX,
       CC_P50, CC_P90, CC_P99, CC_P999, CC_KNEE, CC_LINK, CC_FOLDER, CC_N };

static const char *const col_names[CC_N] = {
	"clients", "test", "trials", "aggregate_kb_per_s", "client_min_kb_per_s",
	"client_median_kb_per_s", "client_max_kb_per_s", "lat_p50_us", "lat_p90_us",
	"lat_p99_us", "lat_p999_us", "knee", "link", "folder",
};

/* A figure, or nothing for NaN. */
static void put_fig(struct outfile *f, double v)
{
	outfile_printf(f, ",");
	if (!isnan(v))
		outfile_printf(f, "%.3f", v);
}

/* One step's row. */
static void put_row(struct outfile *f, const struct curve_step *st, int knee,
		    const char *link)
{
	outfile_printf(f, "%u,%s,%u", st->clients, results_col_name(st->col), st->trials);
	put_fig(f, st->agg_kbps);
	put_fig(f, st->client_min_kbps);
	put_fig(f, st->client_median_kbps);
	put_fig(f, st->client_max_kbps);
	for (int k = 0; k < CURVE_NLAT; k++)
		put_fig(f, st->lat_us[k]);
	outfile_printf(f, ",%d,%s,c%u\n", knee, link, st->clients);
}

int curvecsv_write(const struct curve_table *t, const char *path, int overwrite,
		   char *err, size_t errlen)
{
	struct outfile f;

	if (outfile_open(&f, path, 0, overwrite, err, errlen) != 0)
		return -1;
	for (int c = 0; c < CC_N; c++)
		outfile_printf(&f, "%s%s", c ? "," : "", col_names[c]);
	outfile_printf(&f, "\n");
	for (int col = 0; col < RC_COUNT; col++) {
		long knee = curve_knee_of(t->steps, t->n, col, NULL);
		for (size_t i = 0; i < t->n; i++)
			if (t->steps[i].col == col)
				put_row(&f, &t->steps[i], (long)i == knee, t->link);
	}
	return outfile_commit(&f, err, errlen);
}

/* Split line (modified) on commas into field[0..max); returns how many. */
static size_t split(char *line, char **field, size_t max)
{
	size_t n = 0;

	for (char *p = line; n < max;) {
		field[n++] = p;
		p = strchr(p, ',');
		if (!p)
			break;
		*p++ = '\0';
	}
	return n;
}

/* A number field: empty is NaN when optional.  0 or -1. */
static int number(const char *s, int optional, double *out)
{
	char *end;

	if (!*s) {
		*out = NAN;
		return optional ? 0 : -1;
	}
	errno = 0;
	*out = strtod(s, &end);
	return *end || errno || !isfinite(*out) || *out < 0 ? -1 : 0;
}

/* One data row into t.  0, or -1 with why in err. */
static int read_row(struct curve_table *t, char **field, size_t n, const int *at,
		    char *err, size_t errlen)
{
	struct curve_step st = { 0 };
	double v[CC_N];

	for (int c = 0; c < CC_N; c++) {
		if (c == CC_TEST || c == CC_LINK || c == CC_FOLDER || c == CC_KNEE)
			continue;
		if (at[c] < 0) {
			v[c] = NAN;
			continue;
		}
		if ((size_t)at[c] >= n ||
		    number(field[at[c]], c >= CC_P50 && c <= CC_P999, &v[c]) != 0)
			return err_set(err, errlen, "%s: not a number", col_names[c]);
	}
	if ((size_t)at[CC_TEST] >= n || (st.col = results_col_from_name(field[at[CC_TEST]])) < 0)
		return err_set(err, errlen, "test: not a test's name");
	if (v[CC_CLIENTS] < 1 || v[CC_CLIENTS] > 1e9)
		return err_set(err, errlen, "clients: not a count of clients");
	st.clients = (unsigned)v[CC_CLIENTS];
	st.trials = (unsigned)v[CC_TRIALS];
	st.agg_kbps = v[CC_AGG];
	st.client_min_kbps = v[CC_MIN];
	st.client_median_kbps = v[CC_MEDIAN];
	st.client_max_kbps = v[CC_MAX];
	for (int k = 0; k < CURVE_NLAT; k++)
		st.lat_us[k] = v[CC_P50 + k];
	if (at[CC_LINK] >= 0 && (size_t)at[CC_LINK] < n)
		snprintf(t->link, sizeof(t->link), "%s", field[at[CC_LINK]]);
	return curve_table_add(t, &st) != 0 ? err_set(err, errlen, "out of memory") : 0;
}

/* The header's columns into at[]; 0, or -1 naming a missing one. */
static int read_header(char **field, size_t n, int *at, char *err, size_t errlen)
{
	for (int c = 0; c < CC_N; c++) {
		at[c] = -1;
		for (size_t k = 0; k < n; k++)
			if (strcmp(field[k], col_names[c]) == 0)
				at[c] = (int)k;
		if (c <= CC_MAX && at[c] < 0)
			return err_set(err, errlen, "no column '%s'", col_names[c]);
	}
	return 0;
}

int curvecsv_read(const char *path, struct curve_table *t, char *err, size_t errlen)
{
	char *text = NULL, *line, *next, *field[CC_N + 8], why[256];
	size_t len = 0, lineno = 0;
	int at[CC_N], rc = 0;

	curve_table_release(t);
	if (readfile_all(path, CURVECSV_MAX_BYTES, "a clients-curve.csv", &text, &len,
			 err, errlen) != 0)
		return -1;
	for (line = text; rc == 0 && line && *line; line = next) {
		size_t n;
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		line[strcspn(line, "\r")] = '\0';
		lineno++;
		if (!*line)
			continue;
		n = split(line, field, sizeof(field) / sizeof(field[0]));
		rc = lineno == 1 ? read_header(field, n, at, why, sizeof(why))
				 : read_row(t, field, n, at, why, sizeof(why));
	}
	if (rc == 0 && !t->n)
		rc = err_set(why, sizeof(why), "no step");
	free(text);
	if (rc != 0) {
		curve_table_release(t);
		return err_set(err, errlen, "%s:%zu: %s", path, lineno, why);
	}
	return 0;
}
