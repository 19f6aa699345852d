/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_results.c: the result set: cells, samples, unit conversion, values. */
#include "compat.h"

#include <math.h>
#include <string.h>

#include "cu.h"
#include "model/latency.h"
#include "model/results.h"
#include "model/stats.h"

static void test_col_names(void)
{
	static const struct { int col; const char *name; } cases[] = {
		{ RC_WRITE, "write" }, { RC_REWRITE, "rewrite" },
		{ RC_RANDOM_READ, "random read" }, { RC_BKWD_READ, "bkwd read" },
		{ RC_RECORD_REWRITE, "record rewrite" }, { RC_STRIDE_READ, "stride read" },
		{ RC_FREREAD, "freread" }, { RC_REPREAD, "repread" },
		{ RC_REPREADV, "repreadv" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		CU_ASSERT_STRING_EQUAL(results_col_name(cases[i].col), cases[i].name);
		CU_ASSERT_EQUAL(results_col_from_name(cases[i].name), cases[i].col);
	}
	CU_ASSERT_EQUAL(results_col_from_name("random_read"), RC_RANDOM_READ);
	CU_ASSERT_EQUAL(results_col_from_name("Stride-Read"), RC_STRIDE_READ);
	CU_ASSERT_EQUAL(results_col_from_name("writ"), -1);
	CU_ASSERT_EQUAL(results_col_from_name("writes"), -1);
	CU_ASSERT_STRING_EQUAL(results_col_name(RC_COUNT), "?");
}

static void test_values_and_units(void)
{
	struct result_set rs;
	results_init(&rs);
	long c = results_add_cell(&rs, 1024, 64, 0);
	long ph = results_add_cell(&rs, 32768, 4, 1);
	CU_ASSERT_EQUAL(c, 0);
	CU_ASSERT_EQUAL(ph, 1);
	CU_ASSERT_EQUAL(results_find_cell(&rs, 1024, 64), 0);
	CU_ASSERT_EQUAL(results_find_cell(&rs, 32768, 4), -1); /* placeholder */

	/* 1 MiB in 1 ms: 1,024,000 kB/s; 16 ops: 16,000 ops/s; 62.5 us/op */
	struct result_sample s = { .cell = 0, .col = RC_WRITE, .trial = 0,
		.bytes = 1048576, .ops = 16, .elapsed_ns = 1000000 };
	CU_ASSERT_EQUAL(results_add_sample(&rs, &s), 0);
	s.trial = 1;
	s.elapsed_ns = 2000000;
	CU_ASSERT_EQUAL(results_add_sample(&rs, &s), 0);
	s.trial = 2;
	s.flags = RESULTS_SF_PARTIAL;
	CU_ASSERT_EQUAL(results_add_sample(&rs, &s), 0);

	CU_ASSERT_DOUBLE_EQUAL(results_sample_value(&rs, &rs.samples[0], RESULTS_UNIT_KBPS), 1024000.0, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(results_sample_value(&rs, &rs.samples[0], RESULTS_UNIT_OPS), 16000.0, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(results_sample_value(&rs, &rs.samples[0], RESULTS_UNIT_USEC), 62.5, 1e-9);

	double v[8];
	size_t n = results_values(&rs, 0, RC_WRITE, RESULTS_UNIT_KBPS, v, 8);
	CU_ASSERT_EQUAL(n, 2); /* the partial trial is left out */
	CU_ASSERT_DOUBLE_EQUAL(v[1], 512000.0, 1e-6);
	CU_ASSERT_EQUAL(results_values(&rs, 0, RC_READ, RESULTS_UNIT_KBPS, v, 8), 0);
	CU_ASSERT_TRUE(results_has(&rs, 0, RC_WRITE));
	CU_ASSERT_FALSE(results_has(&rs, 0, RC_READ));
	CU_ASSERT_EQUAL(rs.cols_mask, 1u << RC_WRITE);
	/* a cell's statistics: the two full trials, 1,024,000 and 512,000 */
	struct stats_summary sum = { .n = 99 };
	CU_ASSERT_EQUAL(results_cell_summary(&rs, 0, RC_WRITE, RESULTS_UNIT_KBPS, &sum), 2);
	CU_ASSERT_EQUAL(sum.n, 2);
	CU_ASSERT_DOUBLE_EQUAL(sum.mean, 768000.0, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(sum.min, 512000.0, 1e-6);
	CU_ASSERT(sum.ci95_high > sum.mean && sum.ci95_low < sum.mean);
	sum.n = 99;
	CU_ASSERT_EQUAL(results_cell_summary(&rs, 0, RC_READ, RESULTS_UNIT_KBPS, &sum), 0);
	CU_ASSERT_EQUAL(sum.n, 99);	/* none: untouched */

	/* a sample for a cell that does not exist is refused */
	s.cell = 7;
	CU_ASSERT_EQUAL(results_add_sample(&rs, &s), -1);
	/* zero time: no figure */
	struct result_sample z = { .cell = 0, .col = RC_READ, .bytes = 10, .ops = 1 };
	CU_ASSERT_TRUE(results_sample_value(&rs, &z, RESULTS_UNIT_KBPS) < 0);
	results_release(&rs);
	CU_ASSERT_EQUAL(rs.ncells, 0);
}

static void test_rate_only(void)
{
	struct result_set rs;
	results_init(&rs);
	results_add_cell(&rs, 4096, 64, 0);
	struct result_sample s = { .cell = 0, .col = RC_READ,
		.rate_kbps = 6400.0, .flags = RESULTS_SF_RATE_ONLY };
	CU_ASSERT_EQUAL(results_add_sample(&rs, &s), 0);
	CU_ASSERT_DOUBLE_EQUAL(results_sample_value(&rs, &rs.samples[0], RESULTS_UNIT_KBPS), 6400.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(results_sample_value(&rs, &rs.samples[0], RESULTS_UNIT_OPS), 100.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(results_sample_value(&rs, &rs.samples[0], RESULTS_UNIT_USEC), 10000.0, 1e-9);
	results_release(&rs);
}

static void test_strings_and_axis(void)
{
	struct result_set rs;
	results_init(&rs);
	CU_ASSERT_EQUAL(results_set_str(&rs.meta.label, "a, \"b\"\nc"), 0);
	CU_ASSERT_STRING_EQUAL(rs.meta.label, "a, \"b\"\nc");
	CU_ASSERT_EQUAL(results_set_str(&rs.meta.label, NULL), 0);
	CU_ASSERT_PTR_NULL(rs.meta.label);
	uint64_t axis[] = { 4, 8, 16 };
	CU_ASSERT_EQUAL(results_set_record_axis(&rs, axis, 3), 0);
	CU_ASSERT_EQUAL(rs.nrecord_axis, 3);
	CU_ASSERT_EQUAL(rs.record_axis[2], 16);
	for (int i = 0; i < 1000; i++)
		CU_ASSERT_EQUAL_FATAL(results_add_cell(&rs, (uint64_t)i, 4, 0), i);
	results_release(&rs);
}

static void test_sort_cells(void)
{
	struct result_set rs;
	results_init(&rs);
	/* appended out of order, as --refine-cliffs does */
	results_add_cell(&rs, 1024, 64, 0);
	results_add_cell(&rs, 4096, 64, 0);
	results_add_cell(&rs, 2048, 64, 0);
	results_add_cell(&rs, 1024, 4, 0);
	for (uint32_t c = 0; c < 4; c++) {
		struct result_sample s = { .cell = c, .col = RC_READ,
			.bytes = rs.cells[c].file_kb * 1024, .ops = 1, .elapsed_ns = 1000 };
		CU_ASSERT_EQUAL(results_add_sample(&rs, &s), 0);
	}
	CU_ASSERT_EQUAL(results_sort_cells(&rs), 0);
	static const uint64_t want[4][2] = { { 1024, 4 }, { 1024, 64 }, { 2048, 64 }, { 4096, 64 } };
	for (size_t i = 0; i < 4; i++) {
		CU_ASSERT_EQUAL(rs.cells[i].file_kb, want[i][0]);
		CU_ASSERT_EQUAL(rs.cells[i].record_kb, want[i][1]);
	}
	/* every sample still points at the cell of its own size */
	for (size_t i = 0; i < rs.nsamples; i++)
		CU_ASSERT_EQUAL(rs.samples[i].bytes, rs.cells[rs.samples[i].cell].file_kb * 1024);
	results_release(&rs);
}

/*
 * The finder on sets past its linear size: every cell found where it
 * is, the first of two with the same sizes, never a placeholder, and
 * right again after the cells are sorted or dropped.
 */
static void test_find_cell_index(void)
{
	struct result_set rs;
	results_init(&rs);
	for (uint64_t i = 0; i < 3000; i++)
		CU_ASSERT_EQUAL_FATAL(results_add_cell(&rs, 3000 - i, 4 << (i % 3), 0), (long)i);
	for (uint64_t i = 0; i < 3000; i++)
		CU_ASSERT_EQUAL(results_find_cell(&rs, 3000 - i, 4 << (i % 3)), (long)i);
	CU_ASSERT_EQUAL(results_find_cell(&rs, 3000, 8), -1);
	CU_ASSERT_EQUAL(results_find_cell(&rs, 99999, 4), -1);
	/* a placeholder is skipped; of two equal cells the first is found */
	CU_ASSERT_EQUAL(results_add_cell(&rs, 5000, 4, 1), 3000);
	CU_ASSERT_EQUAL(results_find_cell(&rs, 5000, 4), -1);
	CU_ASSERT_EQUAL(results_add_cell(&rs, 5000, 4, 0), 3001);
	CU_ASSERT_EQUAL(results_add_cell(&rs, 5000, 4, 0), 3002);
	CU_ASSERT_EQUAL(results_find_cell(&rs, 5000, 4), 3001);
	/* sorted: each cell is found at its new place */
	CU_ASSERT_EQUAL(results_sort_cells(&rs), 0);
	for (size_t i = 0; i < rs.ncells; i++) {
		long at = results_find_cell(&rs, rs.cells[i].file_kb, rs.cells[i].record_kb);
		CU_ASSERT_FATAL(at >= 0);
		CU_ASSERT_EQUAL(rs.cells[at].file_kb, rs.cells[i].file_kb);
		CU_ASSERT_EQUAL(rs.cells[at].record_kb, rs.cells[i].record_kb);
		CU_ASSERT(rs.cells[i].placeholder || (size_t)at <= i);
	}
	/* dropped and replaced (an import's rollback): the new cells count */
	rs.ncells = 100;
	results_cells_moved(&rs);
	CU_ASSERT_EQUAL(results_add_cell(&rs, 777777, 4, 0), 100);
	CU_ASSERT_EQUAL(results_find_cell(&rs, 777777, 4), 100);
	CU_ASSERT_EQUAL(results_find_cell(&rs, 5000, 4), -1);
	results_release(&rs);
}

/*
 * The clients of a run: hosts counted once each, the most ranks on one
 * host; client samples renumbered with their cells; none with a
 * histogram, none on a cell that does not exist.
 */
static void test_clients(void)
{
	static const struct {
		const char *hosts[5];
		unsigned n, nhosts, per_host;
	} cases[] = {
		{ { "a" }, 1, 1, 1 },
		{ { "a", "a", "b", "c", "a" }, 5, 3, 3 },
		{ { "a", "b", "b", "a" }, 4, 2, 2 },
	};
	struct result_set rs;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		results_init(&rs);
		CU_ASSERT_EQUAL_FATAL(results_set_clients(&rs, cases[i].hosts, cases[i].n), 0);
		CU_ASSERT_EQUAL(rs.nclients, cases[i].n);
		CU_ASSERT_EQUAL(rs.nhosts, cases[i].nhosts);
		CU_ASSERT_EQUAL(rs.ranks_per_host, cases[i].per_host);
		CU_ASSERT_STRING_EQUAL(rs.client_host[cases[i].n - 1],
				       cases[i].hosts[cases[i].n - 1]);
		results_release(&rs);
	}
	results_init(&rs);
	CU_ASSERT_EQUAL(results_add_cell(&rs, 128, 4, 0), 0);
	CU_ASSERT_EQUAL(results_add_cell(&rs, 64, 4, 0), 1);
	struct result_sample c = { .cell = 0, .col = RC_READ, .client = 3, .writer = 0 };
	CU_ASSERT_EQUAL(results_add_client_sample(&rs, &c), 0);
	c.cell = 2;
	CU_ASSERT_EQUAL(results_add_client_sample(&rs, &c), -1);
	CU_ASSERT_EQUAL(rs.nclient_samples, 1);
	CU_ASSERT_EQUAL(results_sort_cells(&rs), 0);
	CU_ASSERT_EQUAL(rs.client_samples[0].cell, 1);
	CU_ASSERT_EQUAL(rs.client_samples[0].client, 3);
	/* a client's sample keeps its histogram; the set frees it (ASan) */
	struct latency_hist full;
	CU_ASSERT_FATAL(latency_init(&full) == 0);
	latency_add(&full, 1500);
	c.cell = 0;
	c.lat = latency_compact(&full);
	CU_ASSERT_FATAL(c.lat != NULL);
	CU_ASSERT_EQUAL(results_add_client_sample(&rs, &c), 0);
	CU_ASSERT(rs.client_samples[1].lat == c.lat);
	latency_release(&full);
	results_release(&rs);
}

static const struct cu_case cases[] = {
	CU_CASE(test_sort_cells),
	CU_CASE(test_find_cell_index),
	CU_CASE(test_clients),
	CU_CASE(test_col_names),
	CU_CASE(test_values_and_units),
	CU_CASE(test_rate_only),
	CU_CASE(test_strings_and_axis),
	{ 0 }
};
CU_MAIN("results", cases)
