/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_timeline.c: libFuzzer target for the reader of timeline.csv
 * (import/import_tl.h).  Every input is parsed twice into one timeline:
 * what is accepted must be rows a run can make (a known test, figures
 * finite and not negative or left out) and the same rows both times; a
 * refusal must be one line and leave the timeline as it was.  Seeds:
 * written by tests/fuzz/run.sh (seed_timeline).
 */
#include "compat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "import/import_tl.h"
#include "results.h"
#include "timeline.h"

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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct timeline t;
	char err[256];
	int rc;
	size_t n1;

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
