/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_settle.c: --until-settled's question, "does some curve need a
 * larger file?", and --ci's, "has this cell's interval narrowed enough?",
 * on hand-built result sets: a cliff at the last size, a cliff with two
 * level sizes after it, a curve still creeping down after its cliff, no
 * cliff at all; a quiet cell, a noisy one, one with too few trials.
 */
#include "compat.h"

#include <math.h>
#include <string.h>

#include "run/adaptive.h"
#include "cu.h"
#include "iosweep.h"
#include "results.h"
#include "run/settle.h"
#include "testutil.h"

/* 1 MB .. 2^(n-1) MB at 64 kB records, 3 trials within +-1 %. */
static void curve(struct result_set *rs, const double *kbps, size_t n)
{
	static const double wiggle[3] = { 0.99, 1.0, 1.01 };
	results_init(rs);
	rs->trials = 3;
	for (unsigned t = 0; t < 3; t++)
		for (size_t i = 0; i < n; i++)
			tu_add_rate(rs, 1024ull << i, 64, RC_READ, t, kbps[i] * wiggle[t], 0);
}

static void test_settle_needed(void)
{
	static const struct {
		const char *name;
		double kbps[10];
		size_t n;
		int need;
	} cases[] = {
		{ "cliff at the last size", { 9e5, 9e5, 9e5, 9e5, 9e5, 9e5, 9e5, 4e4 }, 8, 1 },
		{ "two level sizes after", { 9e5, 9e5, 9e5, 9e5, 9e5, 9e5, 4e4, 4.1e4 }, 8, 0 },
		{ "still creeping down", { 9e5, 9e5, 9e5, 9e5, 9e5, 2e5, 1.3e5, 9e4 }, 8, 1 },
		{ "no cliff", { 9e5, 9e5, 9e5, 9e5, 9e5, 9e5, 9e5, 9e5 }, 8, 0 },
	};
	char err[IOSWEEP_ERR_MAX];
	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		struct result_set rs;
		size_t unsettled = 99;
		curve(&rs, cases[k].kbps, cases[k].n);
		int got = settle_needed(&rs, &unsettled, err, sizeof(err));
		if (got != cases[k].need)
			fprintf(stderr, "\n  %s: %d, want %d\n", cases[k].name, got, cases[k].need);
		CU_ASSERT_EQUAL(got, cases[k].need);
		CU_ASSERT_EQUAL(unsettled, (size_t)cases[k].need);
		results_release(&rs);
	}
}

/*
 * Half-widths by hand: {100, 101, 99}: mean 100, sd 1, t(2) = 4.30265273,
 * half = 4.30265273 / sqrt(3) = 2.484 % -> within 5 %, not within 2 %.
 * {100, 130, 70}: sd 30, half 74.5 % -> never within 5 %.
 */
static void test_ci_width(void)
{
	struct result_set rs;
	size_t n;
	int col;
	results_init(&rs);
	const double quiet[3] = { 100, 101, 99 }, noisy[3] = { 100, 130, 70 };
	for (unsigned t = 0; t < 3; t++) {
		tu_add_rate(&rs, 1024, 64, RC_WRITE, t, quiet[t], 0);
		tu_add_rate(&rs, 1024, 64, RC_READ, t, quiet[t] * 2, 0);
		tu_add_rate(&rs, 2048, 64, RC_WRITE, t, quiet[t], 0);
		tu_add_rate(&rs, 2048, 64, RC_READ, t, noisy[t], 0);
	}
	tu_add_rate(&rs, 4096, 64, RC_WRITE, 0, 100, 0);
	tu_add_rate(&rs, 4096, 64, RC_WRITE, 1, 100, 0);
	double w = adaptive_cell_width(&rs, 0, &n, &col);
	CU_ASSERT_DOUBLE_EQUAL(w, 4.30265272974946 / sqrt(3.0) / 100.0, 1e-9);
	CU_ASSERT_EQUAL(n, 3);
	CU_ASSERT(adaptive_cell_done(&rs, 0, 0.05));
	CU_ASSERT(!adaptive_cell_done(&rs, 0, 0.02));
	/* the noisy read decides the cell */
	w = adaptive_cell_width(&rs, 1, &n, &col);
	CU_ASSERT_DOUBLE_EQUAL(w, 4.30265272974946 * 30.0 / sqrt(3.0) / 100.0, 1e-9);
	CU_ASSERT_EQUAL(col, RC_READ);
	CU_ASSERT(!adaptive_cell_done(&rs, 1, 0.05));
	/* two identical trials: width 0, but fewer than three */
	w = adaptive_cell_width(&rs, 2, &n, NULL);
	CU_ASSERT_DOUBLE_EQUAL(w, 0.0, 0.0);
	CU_ASSERT_EQUAL(n, 2);
	CU_ASSERT(!adaptive_cell_done(&rs, 2, 0.05));
	/* the report names the cell that never got there */
	char buf[4096] = "";
	FILE *fp = fmemopen(buf, sizeof(buf) - 1, "w");
	CU_ASSERT_FATAL(fp != NULL);
	rs.trials = 3;
	adaptive_write_report(fp, &rs, 0.05);
	fclose(fp);
	CU_ASSERT(strstr(buf, "Confidence intervals (--ci 5%, at most 3 trials)") != NULL);
	CU_ASSERT(strstr(buf, "1 of 3 cells within +-5% of the mean; trials per cell "
			 "2 to 3, median 3") != NULL);
	CU_ASSERT(strstr(buf, "2048 kB file       64 kB records: read +-74.5% after 3 trials")
		  != NULL);
	CU_ASSERT(strstr(buf, "4096 kB file       64 kB records: write +-0.0% after 2 trials")
		  != NULL);
	results_release(&rs);
}

static const struct cu_case cases[] = {
	CU_CASE(test_settle_needed),
	CU_CASE(test_ci_width),
	{ 0 }
};

CU_MAIN("settle", cases)
