/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_profile.c: profiles and their rows.  The built-in profiles parse
 * and hold what the issue asks for (enterprise: 4K random, 8K and 128K
 * sequential at 16 x 16, the 8K 70/30 grid 2x2 .. 16x16; zfs-review: 1 MiB
 * and 4 KiB sync writes at 8 x 8); malformed lines are refused with the
 * file and line; the rows of a result set carry IOPS summed over the
 * directions and latency over both (mean weighted, maximum of the two).
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu.h"
#include "lib/builtin.h"
#include "model/latency.h"
#include "report/profile.h"
#include "model/results.h"

static char err[512];

static int has_args(const struct profile_entry *e, const char *words)
{
	char buf[256], *save = NULL;

	snprintf(buf, sizeof(buf), "%s", words);
	for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		size_t k;
		for (k = 0; k < e->nargs; k++)
			if (strcmp(e->args[k], w) == 0)
				break;
		if (k == e->nargs)
			return 0;
	}
	return 1;
}

static const struct profile_entry *find(const struct profile *p, const char *name)
{
	for (size_t i = 0; i < p->n; i++)
		if (strcmp(p->entries[i].name, name) == 0)
			return &p->entries[i];
	return NULL;
}

static void test_builtin(void)
{
	struct profile p;
	const char *t = builtin_text("enterprise.profile");
	static const unsigned grid[] = { 2, 4, 8, 16 };

	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	CU_ASSERT_EQUAL_FATAL(profile_parse(&p, t, strlen(t), "enterprise", err,
					    sizeof(err)), 0);
	CU_ASSERT_PTR_NOT_NULL(p.description);
	CU_ASSERT_EQUAL(p.n, 3 + 16);
	CU_ASSERT_TRUE(has_args(find(&p, "4k-random"), "-r 4k -i 2 --jobs 16 --iodepth 16"));
	CU_ASSERT_TRUE(has_args(find(&p, "8k-sequential"), "-r 8k -i 1 --jobs 16 --iodepth 16"));
	CU_ASSERT_TRUE(has_args(find(&p, "128k-sequential"), "-r 128k -i 1"));
	for (int a = 0; a < 4; a++)
		for (int b = 0; b < 4; b++) {
			char name[64], want[96];
			snprintf(name, sizeof(name), "8k-70-30-t%u-q%u", grid[a], grid[b]);
			snprintf(want, sizeof(want), "-r 8k -i 2 --mix 70");
			const struct profile_entry *e = find(&p, name);
			CU_ASSERT_PTR_NOT_NULL_FATAL(e);
			CU_ASSERT_TRUE(has_args(e, want));
		}
	profile_release(&p);

	t = builtin_text("zfs-review.profile");
	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	CU_ASSERT_EQUAL_FATAL(profile_parse(&p, t, strlen(t), "zfs", err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(p.n, 2);
	CU_ASSERT_TRUE(has_args(&p.entries[0], "-r 1m -i 0 --jobs 8 --iodepth 8"));
	CU_ASSERT_TRUE(has_args(&p.entries[1], "-r 4k -i 2 -o --jobs 8 --iodepth 8"));
	profile_release(&p);
}

static void test_bad(void)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
		{ "# only a comment\n", "p:1: no workloads" },
		{ "a -r 4k\n", "p:1: expected 'NAME | OPTIONS'" },
		{ "\n\nbad name | -r 4k\n", "p:3: workload name 'bad name'" },
		{ "a |\n", "p:1: workload 'a' has no options" },
		{ "a | -r 4k\nb | -r 8k -s 1m\n", "p:2: '-s': the profile command gives" },
		{ "a | -r 4k -f/x\n", "p:1: '-f/x'" },
		{ "a | -r 4k --out x\n", "p:1: '--out'" },
		{ "a | -r 4k\na | -r 8k\n", "p:2: workload 'a' named twice (line 1)" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct profile p;
		err[0] = '\0';
		CU_ASSERT_EQUAL(profile_parse(&p, cases[i].text, strlen(cases[i].text), "p",
					      err, sizeof(err)), -1);
		if (!strstr(err, cases[i].want))
			printf("\ncase %zu: got '%s'\n", i, err);
		CU_ASSERT_PTR_NOT_NULL(strstr(err, cases[i].want));
		profile_release(&p);
	}
}

/* (has_args checks that each word is among the options, not their order.) */

/* A sample of a 70/30 mix: 700 reads of 100 us, 300 writes of 300 us, 1 s. */
static void add_mix(struct result_set *rs, uint16_t trial)
{
	struct latency_hist r, w, all;
	struct result_sample s;

	CU_ASSERT_FATAL(latency_init(&r) == 0 && latency_init(&w) == 0 &&
			latency_init(&all) == 0);
	for (int i = 0; i < 700; i++) {
		latency_add(&r, 100000);
		latency_add(&all, 100000);
	}
	for (int i = 0; i < 300; i++) {
		latency_add(&w, 300000);
		latency_add(&all, 300000);
	}
	memset(&s, 0, sizeof(s));
	s.cell = 0;
	s.col = RC_RANDOM_MIX;
	s.trial = trial;
	s.ops = 1000;
	s.bytes = 1000 * 8192;
	s.elapsed_ns = 1000000000;
	s.flags = RESULTS_SF_SPLIT;
	s.rd_ops = 700;
	s.wr_ops = 300;
	s.lat = latency_compact(&all);
	s.lat_rd = latency_compact(&r);
	s.lat_wr = latency_compact(&w);
	CU_ASSERT_EQUAL(results_add_sample(rs, &s), 0);
	latency_release(&r);
	latency_release(&w);
	latency_release(&all);
}

static void test_rows(void)
{
	struct result_set rs;
	struct profile_rows rows = { 0 };

	results_init(&rs);
	CU_ASSERT_FATAL(results_set_str(&rs.meta.label, "box") == 0);
	CU_ASSERT_FATAL(results_add_cell(&rs, 8192, 8, 0) == 0);
	add_mix(&rs, 0);
	add_mix(&rs, 1);
	CU_ASSERT_EQUAL_FATAL(profile_rows_add(&rows, &rs, "mix", 4, 8, 70), 0);
	CU_ASSERT_EQUAL_FATAL(rows.n, 1);
	const struct profile_row *w = &rows.rows[0];
	CU_ASSERT_EQUAL(w->col, RC_RANDOM_MIX);
	CU_ASSERT_EQUAL(w->jobs, 4);
	CU_ASSERT_EQUAL(w->iodepth, 8);
	CU_ASSERT_EQUAL(w->mix_pct, 70);
	CU_ASSERT_EQUAL(w->trials, 2);
	/* IOPS: summed over the directions */
	CU_ASSERT_DOUBLE_EQUAL(w->iops[0], 1000.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(w->iops[1], 700.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(w->iops[2], 300.0, 1e-9);
	/* latency over both: mean weighted by operations, maximum of the two */
	CU_ASSERT_DOUBLE_EQUAL(w->lat[PROFILE_ALL][0], 0.7 * 100 + 0.3 * 300, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(w->lat[PROFILE_ALL][1], 300.0, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(w->lat[PROFILE_RD][0], 100.0, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(w->lat[PROFILE_WR][1], 300.0, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(w->lat[PROFILE_RD][2], 0.0, 1e-6);
	/* sd over both: 0.7/0.3 split of 100 and 300 us: sqrt(0.21 * 200^2 * n/(n-1)) */
	CU_ASSERT_DOUBLE_EQUAL(w->lat[PROFILE_ALL][2], sqrt(0.21 * 40000.0 * 2000 / 1999), 0.01);
	profile_rows_release(&rows);
	results_release(&rs);
}

static const struct cu_case cases[] = {
	CU_CASE(test_builtin), CU_CASE(test_bad), CU_CASE(test_rows), { 0 },
};

CU_MAIN("profile", cases)
