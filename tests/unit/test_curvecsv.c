/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_curvecsv.c: clients-curve.csv written and read back to the same
 * figures (steps of two tests added interleaved come out test by test,
 * the knee's row marked, an empty latency read as NaN), and the reader's
 * refusals: a missing column, a field that is no number, an unknown test,
 * a file with no step, each naming the file and line.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu.h"
#include "testutil.h"
#include "iosweep.h"
#include "analysis/curve.h"
#include "model/results.h"
#include "report/curvecsv.h"

static void test_round_trip(void)
{
	static const unsigned clients[3] = { 1, 2, 4 };
	static const double agg[3] = { 40000, 80000, 82000 };
	struct curve_table t = { 0 }, back = { 0 };
	char dir[256] = "", err[512], *text;
	const char *path = tu_tmp_path(dir, "curvecsv", "clients-curve.csv");
	size_t len;

	for (int i = 0; i < 3; i++)
		for (int col = RC_WRITE; col <= RC_REWRITE; col++) {
			struct curve_step st = {
				.clients = clients[i], .col = col, .trials = 2,
				.agg_kbps = agg[i] + col, .client_min_kbps = 100.5,
				.client_median_kbps = 200.25, .client_max_kbps = 300.125,
				.lat_us = { 1.5, 2.5, col ? NAN : 3.5, 4.5 },
			};
			CU_ASSERT_EQUAL(curve_table_add(&t, &st), 0);
		}
	snprintf(t.link, sizeof(t.link), "gigabit");
	CU_ASSERT_EQUAL_FATAL(curvecsv_write(&t, path, 0, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(curvecsv_write(&t, path, 0, err, sizeof(err)), -1);	/* exists */
	text = tu_slurp(path, &len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "\n1,write,2,40000.000,100.500,200.250,300.125,"
				      "1.500,2.500,3.500,4.500,0,gigabit,c1\n2,write,2,80000.000,"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "\n2,rewrite,2,80001.000,100.500,200.250,300.125,"
				      "1.500,2.500,,4.500,1,gigabit,c2\n"));
	free(text);
	CU_ASSERT_EQUAL_FATAL(curvecsv_read(path, &back, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(back.n, 6);
	CU_ASSERT_STRING_EQUAL(back.link, "gigabit");
	CU_ASSERT_EQUAL(back.steps[0].col, RC_WRITE);
	CU_ASSERT_EQUAL(back.steps[3].col, RC_REWRITE);
	CU_ASSERT_EQUAL(back.steps[4].clients, 2);
	CU_ASSERT_DOUBLE_EQUAL(back.steps[4].agg_kbps, 80001.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(back.steps[4].client_max_kbps, 300.125, 1e-9);
	CU_ASSERT_TRUE(isnan(back.steps[4].lat_us[2]));
	CU_ASSERT_EQUAL(curve_knee_of(back.steps, back.n, RC_REWRITE, NULL), 4);
	curve_table_release(&back);
	curve_table_release(&t);
	tu_tmp_cleanup(dir);
}

struct bad_case {
	const char *text;
	const char *err;      /* part of the message after the path */
};

static const struct bad_case bad_cases[] = {
	{ "clients,test,trials,aggregate_kb_per_s,client_min_kb_per_s\n", ":1: no column 'client_median_kb_per_s'" },
	{ "clients,test,trials,aggregate_kb_per_s,client_min_kb_per_s,client_median_kb_per_s,"
	  "client_max_kb_per_s\n1,write,1,fast,1,1,1\n", ":2: aggregate_kb_per_s: not a number" },
	{ "clients,test,trials,aggregate_kb_per_s,client_min_kb_per_s,client_median_kb_per_s,"
	  "client_max_kb_per_s\n1,copy,1,1,1,1,1\n", ":2: test: not a test's name" },
	{ "clients,test,trials,aggregate_kb_per_s,client_min_kb_per_s,client_median_kb_per_s,"
	  "client_max_kb_per_s\n0,write,1,1,1,1,1\n", ":2: clients: not a count" },
	{ "clients,test,trials,aggregate_kb_per_s,client_min_kb_per_s,client_median_kb_per_s,"
	  "client_max_kb_per_s\n", ":1: no step" },
};

static void test_bad(void)
{
	char dir[256] = "", err[512];
	struct curve_table t = { 0 };

	for (size_t i = 0; i < sizeof(bad_cases) / sizeof(bad_cases[0]); i++) {
		char name[32];
		const char *path;
		snprintf(name, sizeof(name), "bad%zu.csv", i);
		path = tu_tmp_path(dir, "curvecsv", name);
		tu_spill(path, bad_cases[i].text, strlen(bad_cases[i].text));
		err[0] = '\0';
		CU_ASSERT_EQUAL(curvecsv_read(path, &t, err, sizeof(err)), -1);
		CU_ASSERT_PTR_NOT_NULL(strstr(err, bad_cases[i].err));
		CU_ASSERT_PTR_NOT_NULL(strstr(err, name));
		CU_ASSERT_EQUAL(t.n, 0);
		if (!strstr(err, bad_cases[i].err))
			printf("\n  case %zu: '%s'\n", i, err);
	}
	tu_tmp_cleanup(dir);
}

static const struct cu_case cases[] = {
	CU_CASE(test_round_trip),
	CU_CASE(test_bad),
	{ 0 }
};

CU_MAIN("curvecsv", cases)
