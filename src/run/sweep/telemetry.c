/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * telemetry.c: reading IOzone's telemetry files (telemetry.h), two
 * passes over the text: count the operations, then fill them in.  The
 * first pass also checks every line, so the second cannot fail.
 */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/readfile.h"
#include "run/sweep/telemetry.h"

#define TELEMETRY_MAX_FILE (UINT64_C(256) << 20)

static int blank(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r';
}

/*
 * One whole number of at most max at *p (after blanks), into *v; *p moves
 * past it.  0, 1 when the line has no more fields, -1 when the field is
 * not a number in range.
 */
static int field(const char **p, const char *end, uint64_t max, uint64_t *v)
{
	const char *s = *p;
	uint64_t x = 0;

	while (s < end && blank(*s))
		s++;
	*p = s;
	if (s == end)
		return 1;
	if (*s < '0' || *s > '9')
		return -1;
	for (; s < end && *s >= '0' && *s <= '9'; s++) {
		if (x > (max - (uint64_t)(*s - '0')) / 10)
			return -1;
		x = x * 10 + (uint64_t)(*s - '0');
	}
	if (s < end && !blank(*s))
		return -1;
	*p = s;
	*v = x;
	return 0;
}

/* The fields of one line into v[0..2]; how many, or -1 with err set. */
static int parse_line(const char *s, const char *end, uint64_t v[3],
		      const char *path, size_t line, char *err, size_t errlen)
{
	static const char *const what[3] = {
		"the offset", "the length", "the compute time"
	};
	const uint64_t max[3] = { INT64_MAX, TELEMETRY_MAX_LEN,
		TELEMETRY_MAX_COMPUTE_MS };
	int n = 0;

	for (;;) {
		uint64_t x;
		int rc = field(&s, end, n < 3 ? max[n] : UINT64_MAX, &x);
		if (rc == 1)
			break;
		if (n == 3)
			return err_set(err, errlen, "%s:%zu: more than 3 fields (use "
				"OFFSET LENGTH [COMPUTE_MS])", path, line);
		if (rc < 0)
			return err_set(err, errlen, "%s:%zu: %s is not a whole number "
				"from 0 to %llu", path, line, what[n],
				(unsigned long long)max[n]);
		v[n++] = x;
	}
	if (n < 2)
		return err_set(err, errlen, "%s:%zu: %d field%s (use OFFSET LENGTH "
			"[COMPUTE_MS])", path, line, n, n == 1 ? "" : "s");
	if (v[1] == 0)
		return err_set(err, errlen, "%s:%zu: a length of 0 bytes", path, line);
	if (v[0] + v[1] > (uint64_t)INT64_MAX)
		return err_set(err, errlen, "%s:%zu: the operation ends past the "
			"largest file offset", path, line);
	return n;
}

/* Walk the lines; with t NULL only count and check them into *n. */
static int walk(const char *text, size_t len, const char *path,
		struct telemetry *t, size_t *n, int *fields, char *err,
		size_t errlen)
{
	const char *s = text, *end = text + len;
	size_t line = 0;

	*n = 0;
	while (s < end) {
		const char *eol = memchr(s, '\n', (size_t)(end - s));
		const char *stop = eol ? eol : end;
		uint64_t v[3] = { 0, 0, 0 };
		int k;

		line++;
		if (s < stop && *s != '#' && !(stop - s == 1 && *s == '\r')) {
			k = parse_line(s, stop, v, path, line, err, errlen);
			if (k < 0)
				return -1;
			if (*n == 0)
				*fields = k;
			else if (k != *fields)
				return err_set(err, errlen, "%s:%zu: %d fields where the "
					"first operation has %d", path, line, k, *fields);
			if (t) {
				struct telemetry_op *o = &t->op[*n];
				o->offset = v[0];
				o->len = v[1];
				o->compute_ms = (uint32_t)v[2];
				if (v[0] + v[1] > t->extent)
					t->extent = v[0] + v[1];
				if (v[1] > t->max_len)
					t->max_len = v[1];
				t->total += v[1];
			}
			(*n)++;
		}
		s = stop + (eol ? 1 : 0);
	}
	return 0;
}

int telemetry_parse(const char *text, size_t len, const char *path,
		    struct telemetry **out, char *err, size_t errlen)
{
	struct telemetry *t;
	size_t n;
	int fields = 0;

	*out = NULL;
	if (memchr(text, '\0', len))
		return err_set(err, errlen, "%s: not a text file", path);
	if (walk(text, len, path, NULL, &n, &fields, err, errlen) != 0)
		return -1;
	if (n == 0)
		return err_set(err, errlen, "%s:1: no operations (use OFFSET LENGTH "
			"[COMPUTE_MS] a line)", path);
	t = calloc(1, sizeof(*t) + n * sizeof(t->op[0]));
	if (!t)
		return err_set(err, errlen, "out of memory for %zu operations of '%s'",
			n, path);
	walk(text, len, path, t, &t->n, &t->fields, err, errlen);
	*out = t;
	return 0;
}

int telemetry_load(const char *path, struct telemetry **out, char *err,
		   size_t errlen)
{
	char *text = NULL;
	size_t len = 0;
	int rc;

	*out = NULL;
	if (readfile_all(path, (size_t)TELEMETRY_MAX_FILE, "a telemetry file",
			 &text, &len, err, errlen) != 0)
		return -1;
	rc = telemetry_parse(text, len, path, out, err, errlen);
	free(text);
	return rc;
}
