/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_curve.c: the saturation curve's knee finder on a plateau, on
 * linear growth with no knee, on noisy plateaus (a dip, a late rise, a
 * last step that is no power of two), and its sentence with and
 * without a link; a step's figures from a many-client set built by hand.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cu.h"
#include "iosweep.h"
#include "analysis/curve.h"
#include "analysis/netbound.h"
#include "model/results.h"

struct knee_case {
	const char *what;
	unsigned clients[6];
	double agg[6];
	size_t n;
	long knee;
};

static const struct knee_case knee_cases[] = {
	{ "plateau at 4", { 1, 2, 4, 8 }, { 40, 80, 113, 115 }, 4, 2 },
	{ "flat from the start", { 1, 2, 4, 8 }, { 110, 112, 113, 111 }, 4, 0 },
	{ "linear growth: no knee", { 1, 2, 4, 8, 16 }, { 10, 20, 40, 80, 160 }, 5, -1 },
	{ "slowing but >= 10% at the end", { 1, 2, 4, 8 }, { 10, 18, 25, 28 }, 4, -1 },
	{ "exactly 10% is growth", { 1, 2, 4 }, { 100, 200, 220 }, 3, -1 },
	{ "just under 10%", { 1, 2, 4 }, { 100, 200, 219.9 }, 3, 1 },
	{ "noisy plateau: a dip, then back", { 1, 2, 4, 8, 16 }, { 60, 110, 104, 113, 108 }, 5, 1 },
	{ "noisy: a late rise undoes the plateau", { 1, 2, 4, 8 }, { 60, 110, 112, 140 }, 4, -1 },
	{ "noisy: a small late rise, < 10% per doubling from the knee", { 1, 2, 4, 8 }, { 60, 110, 112, 130 }, 4, 1 },
	{ "noisy: saturated at 1, a dip at 2", { 1, 2, 4, 8 }, { 106, 67, 83, 78 }, 4, 0 },
	{ "noisy: a dip, then growth past the first level", { 1, 2, 4, 8 }, { 100, 70, 130, 135 }, 4, 2 },
	{ "falls past the knee", { 1, 2, 4, 8 }, { 50, 100, 80, 60 }, 4, 1 },
	{ "last step 6 judged per doubling", { 1, 2, 4, 6 }, { 30, 60, 100, 105 }, 4, 2 },
	{ "last step 6: +7% is +12% per doubling", { 1, 2, 4, 6 }, { 30, 60, 100, 107 }, 4, -1 },
	{ "one step: no knee", { 1 }, { 100 }, 1, -1 },
	{ "no steps", { 0 }, { 0 }, 0, -1 },
	{ "a zero aggregate: the knee lies past it", { 1, 2, 4 }, { 0, 100, 104 }, 3, 1 },
};

static void test_knee(void)
{
	for (size_t i = 0; i < sizeof(knee_cases) / sizeof(knee_cases[0]); i++) {
		const struct knee_case *c = &knee_cases[i];
		long got = curve_knee(c->clients, c->agg, c->n);
		CU_ASSERT_EQUAL(got, c->knee);
		if (got != c->knee)
			printf("\n  %s: knee %ld, want %ld\n", c->what, got, c->knee);
	}
}

static void test_describe(void)
{
	struct curve_step st = { .clients = 4, .agg_kbps = 113.0 * 1024,
				 .client_median_kbps = 28.25 * 1024 };
	struct netbound_link link;
	char err[256], out[256];

	CU_ASSERT_EQUAL(netbound_parse_link("gigabit", &link, err, sizeof(err)), 0);
	curve_describe(&st, 1, &link, out, sizeof(out));
	CU_ASSERT_STRING_EQUAL(out, "the share saturates at 4 clients: 113 MB/s aggregate, "
			       "95% of gigabit Ethernet; each client gets 28 MB/s");
	curve_describe(&st, 1, NULL, out, sizeof(out));
	CU_ASSERT_STRING_EQUAL(out, "the share saturates at 4 clients: 113 MB/s aggregate; "
			       "each client gets 28 MB/s");
	st.clients = 1;
	st.agg_kbps = st.client_median_kbps = 5.04 * 1024;
	curve_describe(&st, 0, NULL, out, sizeof(out));
	CU_ASSERT_STRING_EQUAL(out, "no knee up to 1 client: the aggregate still grows "
			       "(5.0 MB/s aggregate; each client gets 5.0 MB/s)");
}

/* A set of 2 clients, 2 trials of write: aggregates 100 and 300 kB/s. */
static void test_step_fill(void)
{
	static const double client_kbps[2][2] = { { 40, 60 }, { 100, 180 } };
	struct result_set rs;
	struct curve_step st;
	char err[256];
	const char *hosts[2] = { "a", "b" };

	results_init(&rs);
	CU_ASSERT_EQUAL(results_add_cell(&rs, 1024, 64, 0), 0);
	CU_ASSERT_EQUAL(curve_step_fill(&rs, 0, RC_WRITE, &st, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "no full trial"));
	for (unsigned t = 0; t < 2; t++) {
		struct result_sample s = { .cell = 0, .col = RC_WRITE, .trial = (uint16_t)t,
					   .bytes = (t ? 300u : 100u) * 1024, .ops = 16,
					   .elapsed_ns = 1000000000u };
		CU_ASSERT_EQUAL(results_add_sample(&rs, &s), 0);
	}
	CU_ASSERT_EQUAL(curve_step_fill(&rs, 0, RC_WRITE, &st, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "no client's own figure"));
	CU_ASSERT_EQUAL(results_set_clients(&rs, hosts, 2), 0);
	for (unsigned t = 0; t < 2; t++)
		for (int c = 0; c < 2; c++) {
			struct result_sample s = {
				.cell = 0, .col = RC_WRITE, .trial = (uint16_t)t,
				.bytes = (uint64_t)(client_kbps[t][c] * 1024), .ops = 8,
				.elapsed_ns = 1000000000u, .client = c, .writer = c,
			};
			CU_ASSERT_EQUAL(results_add_client_sample(&rs, &s), 0);
		}
	CU_ASSERT_EQUAL(curve_step_fill(&rs, 0, RC_WRITE, &st, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(st.clients, 2);
	CU_ASSERT_EQUAL(st.trials, 2);
	CU_ASSERT_DOUBLE_EQUAL(st.agg_kbps, 200.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(st.client_min_kbps, 40.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(st.client_median_kbps, 80.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(st.client_max_kbps, 180.0, 1e-9);
	CU_ASSERT_TRUE(isnan(st.lat_us[0]));
	results_release(&rs);
}

static const struct cu_case cases[] = {
	CU_CASE(test_knee),
	CU_CASE(test_describe),
	CU_CASE(test_step_fill),
	{ 0 }
};

CU_MAIN("curve", cases)
