/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_settle.c: --until-settled's question, "does some curve need a
 * larger file?", and --ci's, "has this cell's interval narrowed enough?",
 * on hand-built result sets: a cliff at the last size, a cliff with two
 * level sizes after it, a curve still creeping down after its cliff, no
 * cliff at all, each also as --settle-drop asks it (a curve must have
 * fallen); the time a round is predicted to take; a quiet cell, a noisy
 * one, one with too few trials.
 */
#include "compat.h"

#include <math.h>
#include <string.h>

#include "run/sweep/adaptive.h"
#include "cu.h"
#include "iosweep.h"
#include "model/results.h"
#include "run/sweep/settle.h"
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
		int need, need_drop;   /* without and with --settle-drop */
	} cases[] = {
		{ "cliff at the last size", { 9e5, 9e5, 9e5, 9e5, 9e5, 9e5, 9e5, 4e4 }, 8, 1, 1 },
		{ "two level sizes after", { 9e5, 9e5, 9e5, 9e5, 9e5, 9e5, 4e4, 4.1e4 }, 8, 0, 0 },
		{ "still creeping down", { 9e5, 9e5, 9e5, 9e5, 9e5, 2e5, 1.3e5, 9e4 }, 8, 1, 1 },
		{ "no cliff", { 9e5, 9e5, 9e5, 9e5, 9e5, 9e5, 9e5, 9e5 }, 8, 0, 1 },
		{ "three flat sizes", { 9e5, 9e5, 9e5 }, 3, 0, 1 },
	};
	char err[IOSWEEP_ERR_MAX];
	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		for (int drop = 0; drop <= 1; drop++) {
			struct result_set rs;
			size_t unsettled = 99;
			int want = drop ? cases[k].need_drop : cases[k].need;
			curve(&rs, cases[k].kbps, cases[k].n);
			int got = settle_needed(&rs, drop, &unsettled, err, sizeof(err));
			if (got != want)
				fprintf(stderr, "\n  %s (drop %d): %d, want %d\n",
					cases[k].name, drop, got, want);
			CU_ASSERT_EQUAL(got, want);
			CU_ASSERT_EQUAL(unsettled, (size_t)want);
			results_release(&rs);
		}
	}
}

/*
 * Two record sizes, write and read, at a flat 9e5 kB/s: with
 * --settle-drop the four curves are unsettled, each counted once.
 * The prediction: the last size's passes took 1 + 2 + 3 s of wall time
 * (the 1 MB file's 5 s does not count), so double the size takes 12 s;
 * a measured round of 7 s predicts 14 s.
 */
static void test_settle_drop_and_predict(void)
{
	struct result_set rs;
	char err[IOSWEEP_ERR_MAX];
	size_t unsettled = 0;

	results_init(&rs);
	rs.trials = 1;
	for (uint64_t f = 1024; f <= 8192; f *= 2)
		for (uint64_t r = 64; r <= 1024; r *= 16) {
			tu_add_rate(&rs, f, r, RC_WRITE, 0, 9e5, 0);
			tu_add_rate(&rs, f, r, RC_READ, 0, 9e5, 0);
		}
	CU_ASSERT_EQUAL(settle_needed(&rs, 1, &unsettled, err, sizeof(err)), 1);
	CU_ASSERT_EQUAL(unsettled, 4);
	CU_ASSERT_EQUAL(settle_needed(&rs, 0, &unsettled, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(unsettled, 0);
	CU_ASSERT_DOUBLE_EQUAL(settle_predict_s(&rs, 8192, 16384, 0.0), 0.0, 0.0);
	results_release(&rs);

	results_init(&rs);
	static const struct { uint64_t file_kb; double wall_s; } passes[] = {
		{ 1024, 5.0 }, { 2048, 1.0 }, { 2048, 2.0 }, { 2048, 3.0 },
	};
	for (size_t i = 0; i < sizeof(passes) / sizeof(passes[0]); i++) {
		long c = results_find_cell(&rs, passes[i].file_kb, 64);
		if (c < 0)
			c = results_add_cell(&rs, passes[i].file_kb, 64, 0);
		CU_ASSERT_FATAL(c >= 0);
		struct result_sample s;
		memset(&s, 0, sizeof(s));
		s.cell = (uint32_t)c;
		s.col = RC_WRITE;
		s.trial = (uint16_t)i;
		s.bytes = passes[i].file_kb * 1024;
		s.elapsed_ns = (uint64_t)(passes[i].wall_s * 0.9e9);
		s.wall_ns = (uint64_t)(passes[i].wall_s * 1e9);
		CU_ASSERT_FATAL(results_add_sample(&rs, &s) == 0);
	}
	CU_ASSERT_DOUBLE_EQUAL(settle_predict_s(&rs, 2048, 4096, 0.0), 12.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(settle_predict_s(&rs, 2048, 4096, 7.0), 14.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(settle_predict_s(&rs, 4096, 8192, 0.0), 0.0, 0.0);
	results_release(&rs);
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
	CU_CASE(test_settle_drop_and_predict),
	CU_CASE(test_ci_width),
	{ 0 }
};

CU_MAIN("settle", cases)
