/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import_tl.c: a result folder's timeline.csv back into a timeline, and
 * its steady.csv back into the set's steady rows (see import_tl.h).
 * libCSV splits the fields (strict RFC 4180, as for results.csv); each
 * row is checked whole before it is added, and a refusal takes back the
 * rows added before it, so the caller's timeline or set is as it was.
 */
#include "compat.h"

#include <csv.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/import_tl.h"
#include "lib/err.h"
#include "report/steadyout.h"
#include "model/results.h"
#include "model/steady.h"
#include "model/timeline.h"

#define TL_MAX_FIELDS 32
#define TL_FIELD_MAX 256

enum { TL_TEST, TL_FILE, TL_RECORD, TL_TRIAL, TL_CLIENT, TL_START, TL_LEN,
       TL_BYTES, TL_OPS, TL_LAT0, TL_NCOLS = TL_LAT0 + TIMELINE_NLAT };

static const char *const tl_names[TL_NCOLS] = {
	"test", "file_kb", "record_kb", "trial", "client", "start_s", "length_s",
	"bytes", "ops", "lat_mean_us", "lat_max_us", "lat_p50_us", "lat_p99_us"
};

/* steady.csv (report/steadyout.h); mean_unit and criterion_unit are derived */
enum { ST_SCHEMA, ST_TEST, ST_FILE, ST_RECORD, ST_TRIAL, ST_RULE, ST_STEADY, ST_AT,
       ST_RAN, ST_MEAN, ST_CRIT, ST_NCOLS };

static const char *const st_names[ST_NCOLS] = {
	"schema", "test", "file_kb", "record_kb", "trial", "rule", "steady", "at_s",
	"ran_s", "mean", "criterion"
};

struct tl_ctx {
	struct timeline *t;        /* timeline.csv's rows go here */
	struct result_set *rs;     /* or steady.csv's here */
	const char *path;
	char *err;
	size_t errlen;
	int failed;
	unsigned row;
	char field[TL_MAX_FIELDS][TL_FIELD_MAX];
	size_t nfields;
	int overlong;
	int idx[TL_MAX_FIELDS]; /* column of each name (TL_ or ST_); -1: absent */
};

static void tfail(struct tl_ctx *c, const char *fmt, ...) IOSWEEP_PRINTF(2, 3);
static void tfail(struct tl_ctx *c, const char *fmt, ...)
{
	char msg[200];
	va_list ap;

	if (c->failed)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	/* a quoted field may hold a line break: the message stays one line */
	for (char *p = msg; *p; p++)
		if ((unsigned char)*p < 0x20)
			*p = ' ';
	err_set(c->err, c->errlen, "%s:%u: %s", c->path, c->row, msg);
	c->failed = 1;
}

static void on_field(void *s, size_t len, void *data)
{
	struct tl_ctx *c = data;

	if (c->nfields >= TL_MAX_FIELDS || len >= TL_FIELD_MAX) {
		c->overlong = 1;
		return;
	}
	memcpy(c->field[c->nfields], s, len);
	c->field[c->nfields++][len] = '\0';
}

static int whole(const char *s, uint64_t max, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (*end || errno || v > max)
		return -1;
	*out = v;
	return 0;
}

/* "S" or "S.F" (any number of fraction digits) as nanoseconds, exactly. */
static int seconds_ns(const char *s, uint64_t *out)
{
	uint64_t secs = 0, frac = 0, scale = 100000000u;
	const char *p = s;

	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (secs > (UINT64_MAX / 1000000000u - 9) / 10)
			return -1;
		secs = secs * 10 + (uint64_t)(*p - '0');
	}
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++, scale /= 10)
			frac += scale * (uint64_t)(*p - '0');
	if (*p)
		return -1;
	*out = secs * 1000000000u + frac;
	return 0;
}

static void header(struct tl_ctx *c)
{
	const char *const *names = c->rs ? st_names : tl_names;
	int n = c->rs ? ST_NCOLS : TL_NCOLS, needed = c->rs ? ST_NCOLS : TL_LAT0;

	for (int k = 0; k < n; k++) {
		c->idx[k] = -1;
		for (size_t i = 0; i < c->nfields; i++)
			if (!strcmp(c->field[i], names[k]))
				c->idx[k] = (int)i;
		if (k < needed && c->idx[k] < 0) {
			tfail(c, "no '%s' column: not an iosweep %s", names[k],
			      c->rs ? STEADYOUT_NAME : "timeline.csv");
			return;
		}
	}
}

static const char *get(const struct tl_ctx *c, int k)
{
	return c->idx[k] >= 0 ? c->field[c->idx[k]] : "";
}

static void data_row(struct tl_ctx *c)
{
	static const uint64_t max[TL_LAT0] = {
		0, UINT64_MAX, UINT64_MAX, 65535, INT32_MAX, 0, 0, UINT64_MAX, UINT64_MAX
	};
	struct timeline_row r;
	uint64_t v[TL_LAT0] = { 0 };

	memset(&r, 0, sizeof(r));
	if ((r.col = results_col_from_name(get(c, TL_TEST))) < 0)
		return tfail(c, "test '%.40s' is not a test iosweep knows", get(c, TL_TEST));
	for (int k = TL_FILE; k < TL_LAT0; k++) {
		const char *s = get(c, k);
		int bad;
		if (k == TL_START || k == TL_LEN)
			bad = seconds_ns(s, &v[k]);
		else if (k == TL_CLIENT && !strcmp(s, "total"))
			bad = 0;
		else
			bad = whole(s, max[k], &v[k]);
		if (bad)
			return tfail(c, "%s '%.40s' is not %s", tl_names[k], s,
				     k == TL_START || k == TL_LEN ? "a time in seconds" :
				     "a whole number in range");
	}
	r.file_kb = v[TL_FILE];
	r.record_kb = v[TL_RECORD];
	r.trial = (uint16_t)v[TL_TRIAL];
	r.client = !strcmp(get(c, TL_CLIENT), "total") ? TIMELINE_CLIENT_TOTAL :
		(int32_t)v[TL_CLIENT];
	r.start_ns = v[TL_START];
	r.len_ns = v[TL_LEN];
	r.bytes = v[TL_BYTES];
	r.ops = v[TL_OPS];
	for (int k = 0; k < TIMELINE_NLAT; k++) {
		const char *s = get(c, TL_LAT0 + k);
		char *end;
		r.lat_us[k] = NAN;
		if (!*s)
			continue;
		r.lat_us[k] = strtod(s, &end);
		if (*end || !isfinite(r.lat_us[k]) || r.lat_us[k] < 0.0)
			return tfail(c, "%s '%.40s' is not a latency in microseconds",
				     tl_names[TL_LAT0 + k], s);
	}
	if (timeline_add(c->t, &r) != 0)
		tfail(c, "out of memory");
}

/* An empty field (none) or a finite number into *v; 0 or -1. */
static int opt_number(const char *s, int *have, double *v)
{
	char *end;

	*have = *s != '\0';
	*v = 0.0;
	if (!*have)
		return 0;
	*v = strtod(s, &end);
	return *end || !isfinite(*v) ? -1 : 0;
}

/* A steady.csv row: one pass that waited for steady state. */
static void steady_row(struct tl_ctx *c)
{
	struct result_steady st;
	uint64_t v;
	char why[160];
	int have_mean, have_crit;
	const char *test = get(c, ST_TEST);

	memset(&st, 0, sizeof(st));
	if (strcmp(get(c, ST_SCHEMA), "1") != 0)
		return tfail(c, "schema '%.20s': this iosweep reads %s schema %d",
			     get(c, ST_SCHEMA), STEADYOUT_NAME, STEADYOUT_SCHEMA);
	st.col = !strcmp(test, "precondition") ? -1 : results_col_from_name(test);
	if (st.col < 0 && strcmp(test, "precondition") != 0)
		return tfail(c, "test '%.40s' is not a test iosweep knows", test);
	if (whole(get(c, ST_FILE), UINT64_MAX, &st.file_kb) ||
	    whole(get(c, ST_RECORD), UINT64_MAX, &st.record_kb))
		return tfail(c, "file_kb or record_kb is not a whole number");
	if (whole(get(c, ST_TRIAL), 65535, &v))
		return tfail(c, "trial '%.40s' is not a whole number up to 65535",
			     get(c, ST_TRIAL));
	st.trial = (uint16_t)v;
	if (steady_parse(get(c, ST_RULE), &st.spec, why, sizeof(why)) != 0)
		return tfail(c, "rule '%.40s': %s", get(c, ST_RULE), why);
	if (strcmp(get(c, ST_STEADY), "0") && strcmp(get(c, ST_STEADY), "1"))
		return tfail(c, "steady '%.40s' is not 0 or 1", get(c, ST_STEADY));
	st.attained = get(c, ST_STEADY)[0] == '1';
	/* at_s is there exactly when it was steady */
	if (st.attained ? seconds_ns(get(c, ST_AT), &st.at_ns) != 0 : *get(c, ST_AT) != '\0')
		return tfail(c, "at_s '%.40s' does not go with steady %d", get(c, ST_AT),
			     st.attained);
	if (seconds_ns(get(c, ST_RAN), &st.ran_ns) != 0 || st.at_ns > st.ran_ns)
		return tfail(c, "ran_s '%.40s' is not a time in seconds from at_s on",
			     get(c, ST_RAN));
	if (opt_number(get(c, ST_MEAN), &have_mean, &st.mean) ||
	    opt_number(get(c, ST_CRIT), &have_crit, &st.criterion) ||
	    have_mean != have_crit || st.mean < 0.0)
		return tfail(c, "mean and criterion must both be numbers (the mean "
			     "not negative) or both empty");
	st.judged = have_mean;
	if (results_add_steady(c->rs, &st) != 0)
		tfail(c, "out of memory");
}

static void on_row(int term, void *data)
{
	struct tl_ctx *c = data;

	(void)term;
	c->row++;
	if (!c->failed && c->overlong)
		tfail(c, "a field longer than %d bytes or more than %d fields",
		      TL_FIELD_MAX - 1, TL_MAX_FIELDS);
	if (!c->failed && c->row == 1)
		header(c);
	else if (!c->failed && c->rs)
		steady_row(c);
	else if (!c->failed)
		data_row(c);
	c->nfields = 0;
	c->overlong = 0;
}

/* Either reader: the rows of buf into t or into rs. */
static int parse(struct timeline *t, struct result_set *rs, const char *path,
		 const char *buf, size_t len, char *err, size_t errlen)
{
	struct csv_parser p;
	struct tl_ctx *c = calloc(1, sizeof(*c));
	size_t n0 = 0;
	int rc = -1;

	if (!c)
		return err_set(err, errlen, "%s: out of memory", path);
	if (t)
		n0 = t->n;
	else if (rs)
		n0 = rs->nsteady;
	c->t = t;
	c->rs = rs;
	c->path = path;
	c->err = err;
	c->errlen = errlen;
	if (csv_init(&p, CSV_STRICT | CSV_APPEND_NULL | CSV_STRICT_FINI) != 0) {
		free(c);
		return err_set(err, errlen, "%s: out of memory", path);
	}
	if (csv_parse(&p, buf, len, on_field, on_row, c) != len && !c->failed) {
		c->row++;
		tfail(c, "malformed CSV: %s", csv_strerror(csv_error(&p)));
	}
	if (!c->failed && csv_fini(&p, on_field, on_row, c) != 0) {
		c->row++;
		tfail(c, "malformed CSV at the end: %s", csv_strerror(csv_error(&p)));
	}
	csv_free(&p);
	if (!c->failed && c->row == 0)
		err_set(err, errlen, "%s:1: no header row", path);
	else if (!c->failed)
		rc = 0;
	if (rc != 0 && t)
		t->n = n0;
	else if (rc != 0 && rs)
		rs->nsteady = n0;
	free(c);
	return rc;
}

int import_tl_parse(struct timeline *t, const char *path, const char *buf,
		    size_t len, char *err, size_t errlen)
{
	return parse(t, NULL, path, buf, len, err, errlen);
}

int import_steady_parse(struct result_set *rs, const char *path, const char *buf,
			size_t len, char *err, size_t errlen)
{
	return parse(NULL, rs, path, buf, len, err, errlen);
}
