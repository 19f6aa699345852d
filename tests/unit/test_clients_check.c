/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_clients_check.c: IOSWEEP_MPI_VERIFY's reference
 * (clients/clients_check.h): histograms packed and pooled back equal
 * the reduction of the same samples, and one operation moved to another
 * bucket, or one byte more, is a difference; the timeline totals
 * compared row by row.
 */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "clients/clients_check.h"
#include "clients/clients_tl.h"
#include "cu.h"

/* A read sample of ops operations, the i-th taking lat_ns + i * 3 ns. */
static struct result_sample client(uint64_t ops, uint64_t lat_ns)
{
	struct result_sample s;
	struct latency_hist full;

	memset(&s, 0, sizeof(s));
	s.col = 2;	/* read */
	s.ops = ops;
	s.bytes = ops * 65536;
	s.elapsed_ns = 2000000;
	CU_ASSERT_FATAL(latency_init(&full) == 0);
	for (uint64_t i = 0; i < ops; i++)
		latency_add(&full, lat_ns + i * 3);
	s.lat = latency_compact(&full);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s.lat);
	latency_release(&full);
	return s;
}

/* The two clients' sample reduced into red (clients_red.h's path). */
static void reduce(struct result_sample *c, struct clients_agg *red)
{
	int64_t key[2][CLIENTS_RED_KEY];
	struct clients_red_shape sh[2], agreed;
	struct result_sample *one[1];
	unsigned char *buf[2];
	const unsigned char *p;
	size_t len;

	for (int i = 0; i < 2; i++) {
		clients_red_shape_of(&c[i], &sh[i]);
		clients_red_key(&sh[i], key[i]);
	}
	for (int k = 0; k < CLIENTS_RED_KEY; k++)
		key[0][k] = key[1][k] > key[0][k] ? key[1][k] : key[0][k];
	CU_ASSERT_EQUAL_FATAL(clients_red_agreed(key[0], &agreed), 0);
	len = clients_red_len(&agreed, 1);
	for (int i = 0; i < 2; i++) {
		buf[i] = malloc(len);
		CU_ASSERT_PTR_NOT_NULL_FATAL(buf[i]);
		one[0] = &c[i];
		clients_red_fill(buf[i], &agreed, one, 1);
	}
	clients_red_merge(buf[0], buf[1], len);
	p = buf[0];
	CU_ASSERT_EQUAL(clients_red_read(&p, red), 0);
	free(buf[0]);
	free(buf[1]);
}

static void test_pool_equals_reduction(void)
{
	struct result_sample c[2] = { client(50, 3000), client(70, 800000) };
	struct clients_agg *red = calloc(1, sizeof(*red)), *pool = calloc(1, sizeof(*pool));
	struct result_sample *one[1];
	char why[128] = "";

	CU_ASSERT_PTR_NOT_NULL_FATAL(red);
	CU_ASSERT_PTR_NOT_NULL_FATAL(pool);
	reduce(c, red);
	for (int i = 0; i < 2; i++) {
		struct clients_row row;
		const unsigned char *p;
		unsigned char *bytes;
		size_t len, left;
		one[0] = &c[i];
		clients_row_of(&c[i], &row);
		bytes = clients_check_pack(one, 1, &len);
		CU_ASSERT_PTR_NOT_NULL_FATAL(bytes);
		p = bytes;
		left = len;
		CU_ASSERT_EQUAL(clients_check_pool(&row, i, 0, &p, &left, pool, why,
						   sizeof(why)), 0);
		CU_ASSERT_EQUAL(left, 0);
		/* short bytes are refused */
		p = bytes;
		left = len - 1;
		struct clients_agg *scratch = calloc(1, sizeof(*scratch));
		CU_ASSERT_PTR_NOT_NULL_FATAL(scratch);
		CU_ASSERT_EQUAL(clients_check_pool(&row, i, 0, &p, &left, scratch, why,
						   sizeof(why)), -1);
		clients_aggs_free(scratch, 1);
		free(bytes);
	}
	CU_ASSERT(clients_check_same(red, pool));
	/* one operation in another bucket: the same count, another histogram */
	red->h[0].counts[latency_index(3000)]--;
	red->h[0].counts[latency_index(3000) + 1]++;
	CU_ASSERT(!clients_check_same(red, pool));
	red->h[0].counts[latency_index(3000)]++;
	red->h[0].counts[latency_index(3000) + 1]--;
	CU_ASSERT(clients_check_same(red, pool));
	red->s.bytes++;
	CU_ASSERT(!clients_check_same(red, pool));
	for (int i = 0; i < 2; i++)
		clients_sample_free_hists(&c[i]);
	clients_aggs_free(red, 1);
	clients_aggs_free(pool, 1);
}

/* Client `client`'s pass of the write of cell 1024/64: n rows of 4 ops. */
static void add_rows(struct timeline *t, int32_t client, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct timeline_row r = {
			.col = 0, .file_kb = 1024, .record_kb = 64, .client = client,
			.start_ns = i * 10000000u, .len_ns = 10000000u, .bytes = 4 * 65536,
			.ops = 4,
		};
		CU_ASSERT_EQUAL_FATAL(timeline_add(t, &r), 0);
	}
}

static void test_totals(void)
{
	struct timeline reduced, pool;
	struct clients_tl_red sum[3], one[3];
	struct timeline_row proto = { .col = 0, .file_kb = 1024, .record_kb = 64 };
	size_t checked;

	timeline_init(&reduced);
	timeline_init(&pool);
	add_rows(&pool, 0, 3);
	add_rows(&pool, 1, 2);
	/* the reduction of the same rows */
	clients_tl_red_fill(pool.rows, 3, 3, sum);
	clients_tl_red_fill(pool.rows + 3, 2, 3, one);
	clients_tl_red_merge(sum, one, 3);
	CU_ASSERT_EQUAL_FATAL(clients_tl_red_keep(sum, 3, 2, &proto, &reduced), 0);
	CU_ASSERT_EQUAL(reduced.rows[1].bytes, 8 * 65536);
	CU_ASSERT_EQUAL(reduced.rows[2].bytes, 4 * 65536);
	CU_ASSERT_EQUAL(clients_check_totals(&reduced, &pool, 1024, 64, 2, &checked), 0);
	CU_ASSERT_EQUAL(checked, 3);
	/* a byte more in one interval */
	reduced.rows[2].bytes++;
	timeline_release(&pool);
	timeline_init(&pool);
	add_rows(&pool, 0, 3);
	add_rows(&pool, 1, 2);
	CU_ASSERT_EQUAL(clients_check_totals(&reduced, &pool, 1024, 64, 2, &checked), 1);
	timeline_release(&reduced);
	timeline_release(&pool);
}

static const struct cu_case cases[] = {
	CU_CASE(test_pool_equals_reduction),
	CU_CASE(test_totals),
	{ 0 }
};

CU_MAIN("clients_check", cases)
