/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_clients_red.c: a cell's records as the clients reduce them
 * (clients/clients_red.h): the agreed shape (union of the histograms'
 * ranges, a test or trial that differs refused), the merge of the
 * clients' records equal to pooling their samples (clients_agg_add),
 * bucket for bucket, and a client's row carrying its latency figures.
 */
#include "compat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "clients/clients_red.h"
#include "cu.h"

/* A write sample of ops operations, the i-th taking lat_ns + i * step_ns. */
static struct result_sample client(uint64_t ops, uint64_t lat_ns, uint64_t step_ns)
{
	struct result_sample s;
	struct latency_hist full;

	memset(&s, 0, sizeof(s));
	s.col = 0;	/* write */
	s.trial = 1;
	s.ops = ops;
	s.bytes = ops * 4096;
	s.elapsed_ns = 1000000 + lat_ns;
	s.wall_ns = s.elapsed_ns + 500;
	s.cpu_sys_s = 0.125;
	CU_ASSERT_FATAL(latency_init(&full) == 0);
	for (uint64_t i = 0; i < ops; i++)
		latency_add(&full, lat_ns + i * step_ns);
	s.lat = latency_compact(&full);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s.lat);
	latency_release(&full);
	return s;
}

/* The agreed shape of n clients' sample (the all-reduce of maxima, by hand). */
static int agree(struct result_sample *c, size_t n, struct clients_red_shape *sh)
{
	int64_t most[CLIENTS_RED_KEY], key[CLIENTS_RED_KEY];

	for (size_t i = 0; i < n; i++) {
		struct clients_red_shape own;
		clients_red_shape_of(&c[i], &own);
		clients_red_key(&own, key);
		for (int k = 0; k < CLIENTS_RED_KEY; k++)
			if (i == 0 || key[k] > most[k])
				most[k] = key[k];
	}
	return clients_red_agreed(most, sh);
}

static void test_merge_equals_pool(void)
{
	/* far apart ranges, and a client whose histogram is empty */
	struct result_sample c[3] = { client(100, 2000, 7), client(300, 90000, 1000),
				      client(0, 0, 0) };
	struct clients_agg *red = calloc(1, sizeof(*red)), *pool = calloc(1, sizeof(*pool));
	struct result_sample *one[1];
	struct clients_red_shape sh;
	unsigned char *buf[3];
	const unsigned char *p;
	size_t len;

	CU_ASSERT_PTR_NOT_NULL_FATAL(red);
	CU_ASSERT_PTR_NOT_NULL_FATAL(pool);
	CU_ASSERT_EQUAL_FATAL(agree(c, 3, &sh), 0);
	CU_ASSERT_EQUAL(sh.lat, 1u);
	CU_ASSERT_EQUAL(sh.first[0], c[0].lat->first);
	CU_ASSERT_EQUAL(sh.end[0], c[1].lat->first + c[1].lat->nbuckets);
	len = clients_red_len(&sh, 1);
	for (int i = 0; i < 3; i++) {
		buf[i] = malloc(len);
		CU_ASSERT_PTR_NOT_NULL_FATAL(buf[i]);
		one[0] = &c[i];
		clients_red_fill(buf[i], &sh, one, 1);
	}
	clients_red_merge(buf[0], buf[2], len);
	clients_red_merge(buf[0], buf[1], len);
	p = buf[0];
	CU_ASSERT_EQUAL(clients_red_read(&p, red), 0);
	CU_ASSERT_PTR_EQUAL(p, buf[0] + len);
	for (int i = 0; i < 3; i++)
		CU_ASSERT_EQUAL(clients_agg_add(pool, &c[i]), 0);
	CU_ASSERT_EQUAL(red->s.bytes, 400 * 4096);
	CU_ASSERT_EQUAL(red->s.bytes, pool->s.bytes);
	CU_ASSERT_EQUAL(red->s.ops, pool->s.ops);
	CU_ASSERT_EQUAL(red->s.wall_ns, pool->s.wall_ns);
	CU_ASSERT_EQUAL(red->idle, 1);
	CU_ASSERT_EQUAL(red->idle, pool->idle);
	CU_ASSERT_EQUAL(red->slowest, pool->slowest);
	CU_ASSERT_DOUBLE_EQUAL(red->s.cpu_sys_s, 0.375, 1e-12);
	CU_ASSERT_EQUAL(red->h[0].n, 400);
	CU_ASSERT_EQUAL(red->h[0].n, pool->h[0].n);
	CU_ASSERT_EQUAL(red->h[0].min_ns, pool->h[0].min_ns);
	CU_ASSERT_EQUAL(red->h[0].max_ns, pool->h[0].max_ns);
	CU_ASSERT_EQUAL(red->h[0].sum_ns, pool->h[0].sum_ns);
	CU_ASSERT(red->h[0].sumsq == pool->h[0].sumsq);
	CU_ASSERT_EQUAL(memcmp(red->h[0].counts, pool->h[0].counts,
			       LATENCY_BUCKETS * sizeof(uint64_t)), 0);
	CU_ASSERT_DOUBLE_EQUAL(latency_quantile_ns(&red->h[0], 0.99),
			       latency_quantile_ns(&pool->h[0], 0.99), 0.0);
	for (int i = 0; i < 3; i++) {
		free(buf[i]);
		clients_sample_free_hists(&c[i]);
	}
	clients_aggs_free(red, 1);
	clients_aggs_free(pool, 1);
}

static void test_shapes_differ(void)
{
	struct result_sample c[2] = { client(10, 2000, 1), client(10, 2000, 1) };
	struct clients_red_shape sh;

	c[1].trial = 2;
	CU_ASSERT_EQUAL(agree(c, 2, &sh), -1);
	c[1].trial = c[0].trial;
	c[1].col = 1;
	CU_ASSERT_EQUAL(agree(c, 2, &sh), -1);
	/* a client without a histogram takes part with an empty one */
	c[1].col = c[0].col;
	clients_sample_free_hists(&c[1]);
	CU_ASSERT_EQUAL(agree(c, 2, &sh), 0);
	CU_ASSERT_EQUAL(sh.lat, 1u);
	for (int i = 0; i < 2; i++)
		clients_sample_free_hists(&c[i]);
}

static void test_row(void)
{
	struct result_sample c = client(64, 5000, 100), back;
	struct latency_summary ls;
	struct clients_row row;

	c.writer = 3;
	clients_row_of(&c, &row);
	CU_ASSERT_EQUAL_FATAL(clients_row_sample(&row, 2, 7, &back), 0);
	CU_ASSERT_EQUAL(back.client, 2);
	CU_ASSERT_EQUAL(back.cell, 7);
	CU_ASSERT_EQUAL(back.writer, 3);
	CU_ASSERT_EQUAL(back.bytes, c.bytes);
	CU_ASSERT_PTR_NULL(back.lat);
	CU_ASSERT_PTR_NOT_NULL_FATAL(back.lat_figs);
	CU_ASSERT_EQUAL_FATAL(latency_summarize(c.lat, &ls), 0);
	/* a write: all and writes carry the figures, reads none */
	CU_ASSERT_EQUAL(memcmp(back.lat_figs->us[RESULTS_LAT_ALL], ls.us, sizeof(ls.us)), 0);
	CU_ASSERT_EQUAL(memcmp(back.lat_figs->us[RESULTS_LAT_WR], ls.us, sizeof(ls.us)), 0);
	CU_ASSERT(isnan(back.lat_figs->us[RESULTS_LAT_RD][4]));
	free(back.lat_figs);
	clients_sample_free_hists(&c);
	clients_row_of(&c, &row);
	CU_ASSERT_EQUAL_FATAL(clients_row_sample(&row, 0, 0, &back), 0);
	CU_ASSERT_PTR_NULL(back.lat_figs);
}

static const struct cu_case cases[] = {
	CU_CASE(test_merge_equals_pool),
	CU_CASE(test_shapes_differ),
	CU_CASE(test_row),
	{ 0 }
};

CU_MAIN("clients_red", cases)
