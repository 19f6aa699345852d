/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_clients_agg.c: how rank 0 sums the clients' samples of a
 * (test, trial) (clients/clients_agg.h): counts, bytes and CPU summed,
 * the longest wall time, the histograms merged; the figure's time and
 * the short-timing flag from the barriers, with and without --runtime,
 * and a client that completed nothing in its window.
 */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "clients/clients_agg.h"
#include "cu.h"

/* A client's sample: ops operations of 4 kB, each of lat_ns, in elapsed_ns. */
static struct result_sample client(uint64_t ops, uint64_t lat_ns, uint64_t elapsed_ns)
{
	struct result_sample s;

	memset(&s, 0, sizeof(s));
	s.ops = ops;
	s.bytes = ops * 4096;
	s.elapsed_ns = elapsed_ns;
	s.wall_ns = elapsed_ns + 1000;
	s.cpu_user_s = 0.25;
	if (ops) {
		s.lat = calloc(1, sizeof(*s.lat));
		CU_ASSERT_FATAL(s.lat && latency_init(s.lat) == 0);
		for (uint64_t i = 0; i < ops; i++)
			latency_add(s.lat, lat_ns);
	}
	return s;
}

/* Sum the clients into a fresh aggregate of rank 0's barrier time sync_ns. */
static void sum(struct clients_agg *a, struct result_sample *c, size_t n, uint64_t sync_ns)
{
	memset(a, 0, sizeof(*a));
	a->s.elapsed_ns = a->s.sync_ns = sync_ns;
	for (size_t i = 0; i < n; i++) {
		CU_ASSERT_EQUAL(clients_agg_add(a, &c[i]), 0);
		clients_sample_free_hists(&c[i]);
	}
}

static void test_sums(void)
{
	struct result_sample c[2] = { client(100, 2000, 990000000), client(300, 4000, 1000000000) };
	struct clients_agg *a = calloc(1, sizeof(*a));

	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	sum(a, c, 2, 1000000000);
	CU_ASSERT_EQUAL(clients_agg_finish(a, 0, 0), 0);
	CU_ASSERT_EQUAL(a->s.ops, 400);
	CU_ASSERT_EQUAL(a->s.bytes, 400 * 4096);
	CU_ASSERT_DOUBLE_EQUAL(a->s.cpu_user_s, 0.5, 1e-12);
	CU_ASSERT_EQUAL(a->s.wall_ns, 1000001000);
	CU_ASSERT_EQUAL(a->s.elapsed_ns, 1000000000);   /* rank 0's barrier to barrier */
	CU_ASSERT_EQUAL(a->s.flags & RESULTS_SF_SYNC_SLOW, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a->s.lat);
	CU_ASSERT_EQUAL(a->s.lat->n, 400);
	CU_ASSERT_EQUAL(a->s.lat->min_ns, 2000);
	CU_ASSERT_EQUAL(a->s.lat->max_ns, 4000);
	CU_ASSERT_PTR_NULL(a->s.lat_rd);
	clients_aggs_free(a, 1);
}

/* barriers that took more than 1/20 of rank 0's time: flagged */
static void test_slow_barriers(void)
{
	struct result_sample c[2] = { client(10, 1000, 800000000), client(10, 1000, 850000000) };
	struct clients_agg *a = calloc(1, sizeof(*a));

	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	sum(a, c, 2, 1000000000);
	CU_ASSERT_EQUAL(clients_agg_finish(a, 0, 0), 0);
	CU_ASSERT(a->s.flags & RESULTS_SF_SYNC_SLOW);
	clients_aggs_free(a, 1);
}

/*
 * --runtime 300ms after a 100 ms ramp: the figure's time is the runtime;
 * barriers just past ramp + runtime are not flagged, a client that
 * completed nothing is (the sum is not every client's), and so are
 * barriers far past the windows
 */
static void test_runtime(void)
{
	const uint64_t ramp = 100000000, run = 300000000;
	struct result_sample c[2] = { client(50, 1000, run), client(70, 1000, run) };
	struct clients_agg *a = calloc(1, sizeof(*a));

	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	sum(a, c, 2, ramp + run + 1000000);
	CU_ASSERT_EQUAL(clients_agg_finish(a, ramp, run), 0);
	CU_ASSERT_EQUAL(a->s.elapsed_ns, run);
	CU_ASSERT_EQUAL(a->s.ops, 120);
	CU_ASSERT_EQUAL(a->s.flags & RESULTS_SF_SYNC_SLOW, 0);
	clients_aggs_free(a, 1);

	struct result_sample d[2] = { client(50, 1000, run), client(0, 0, run) };
	a = calloc(1, sizeof(*a));
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	sum(a, d, 2, ramp + run + 1000000);
	CU_ASSERT_EQUAL(a->idle, 1);
	CU_ASSERT_EQUAL(clients_agg_finish(a, ramp, run), 0);
	CU_ASSERT(a->s.flags & RESULTS_SF_SYNC_SLOW);
	CU_ASSERT_EQUAL(a->s.lat->n, 50);
	clients_aggs_free(a, 1);

	struct result_sample e[1] = { client(50, 1000, run) };
	a = calloc(1, sizeof(*a));
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	sum(a, e, 1, ramp + run + run / 10);
	CU_ASSERT_EQUAL(clients_agg_finish(a, ramp, run), 0);
	CU_ASSERT(a->s.flags & RESULTS_SF_SYNC_SLOW);
	clients_aggs_free(a, 1);
}

static const struct cu_case cases[] = {
	CU_CASE(test_sums),
	CU_CASE(test_slow_barriers),
	CU_CASE(test_runtime),
	{ 0 }
};

CU_MAIN("clients_agg", cases)
