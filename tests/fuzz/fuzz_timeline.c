/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_timeline.c: libFuzzer target for the readers of a result folder's
 * timeline.csv and steady.csv (import/import_tl.h).  Every input is read
 * as both, twice each, into one timeline and one set: what is accepted
 * must be rows a run can make (a known test, figures finite and not
 * negative or left out; steady: a rule that formats, at_s only when
 * steady and not past ran_s) and the same rows both times; a refusal
 * must be one line and leave the timeline or set as it was.  Seeds:
 * written by tests/fuzz/run.sh (seed_timeline).
 */
#include "compat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "import/import_tl.h"
#include "model/results.h"
#include "model/steady.h"
#include "model/timeline.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_row(const struct timeline_row *r)
{
	if (r->col < 0 || r->col >= RC_COUNT || r->client < TIMELINE_CLIENT_TOTAL)
		abort();
	for (int k = 0; k < TIMELINE_NLAT; k++)
		if (!isnan(r->lat_us[k]) && !(isfinite(r->lat_us[k]) && r->lat_us[k] >= 0.0))
			abort();
	if (!(timeline_row_kbps(r) >= 0.0) || !(timeline_row_iops(r) >= 0.0))
		abort();
}

static int same_row(const struct timeline_row *a, const struct timeline_row *b)
{
	for (int k = 0; k < TIMELINE_NLAT; k++)
		if (!(isnan(a->lat_us[k]) ? isnan(b->lat_us[k]) : a->lat_us[k] == b->lat_us[k]))
			return 0;
	return timeline_same_pass(a, b) && a->start_ns == b->start_ns &&
	       a->len_ns == b->len_ns && a->bytes == b->bytes && a->ops == b->ops;
}

static void check_steady(const struct result_steady *st)
{
	char rule[64];

	if (st->col < -1 || st->col >= RC_COUNT || (!st->attained && st->at_ns) ||
	    st->at_ns > st->ran_ns || !isfinite(st->mean) || st->mean < 0.0 ||
	    !isfinite(st->criterion) || (!st->judged && (st->mean || st->criterion)))
		abort();
	steady_format(&st->spec, rule, sizeof(rule));
	if (!rule[0])
		abort();
}

/* steady.csv: parsed twice into one set, the second copy equal */
static void steady_twice(const uint8_t *data, size_t size)
{
	struct result_set rs;
	char err[256];
	size_t n1;

	results_init(&rs);
	if (import_steady_parse(&rs, "fuzz.csv", (const char *)data, size, err,
				sizeof(err)) != 0) {
		fuzz_check_message(err, sizeof(err));
		if (rs.nsteady != 0)
			abort();
		results_release(&rs);
		return;
	}
	n1 = rs.nsteady;
	for (size_t i = 0; i < n1; i++)
		check_steady(&rs.steady[i]);
	if (import_steady_parse(&rs, "fuzz.csv", (const char *)data, size, err,
				sizeof(err)) != 0 || rs.nsteady != 2 * n1)
		abort();
	for (size_t i = 0; i < n1; i++)
		if (memcmp(&rs.steady[i], &rs.steady[n1 + i], sizeof(rs.steady[i])) != 0)
			abort();
	results_release(&rs);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct timeline t;
	char err[256];
	int rc;
	size_t n1;

	steady_twice(data, size);
	timeline_init(&t);
	rc = import_tl_parse(&t, "fuzz.csv", (const char *)data, size, err, sizeof(err));
	if (rc != 0) {
		fuzz_check_message(err, sizeof(err));
		if (t.n != 0)
			abort();
		timeline_release(&t);
		return 0;
	}
	n1 = t.n;
	for (size_t i = 0; i < n1; i++)
		check_row(&t.rows[i]);
	if (import_tl_parse(&t, "fuzz.csv", (const char *)data, size, err, sizeof(err)) != 0 ||
	    t.n != 2 * n1)
		abort();
	for (size_t i = 0; i < n1; i++)
		if (!same_row(&t.rows[i], &t.rows[n1 + i]))
			abort();
	timeline_release(&t);
	return 0;
}
