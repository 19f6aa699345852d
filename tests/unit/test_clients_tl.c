/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_clients_tl.c: the clients' timelines in iosweep-mpi
 * (clients/clients_tl.h): a client's rows of a cell packed and read back
 * as they were, other cells and clients left out; short or foreign bytes
 * refused with t unchanged; the totals of a cell summed interval by
 * interval (bytes, ops, the longest length), only for the passes every
 * client has rows of.
 */
#include "compat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "clients/clients_tl.h"
#include "cu.h"
#include "model/results.h"

/* n rows of 10 ms of a pass of client `client`: row k moves (k + 1) x per bytes. */
static void add_pass(struct timeline *t, int col, uint64_t file_kb, uint16_t trial,
		     int32_t client, size_t n, uint64_t per, uint64_t last_len)
{
	for (size_t k = 0; k < n; k++) {
		struct timeline_row r;
		memset(&r, 0, sizeof(r));
		r.col = col;
		r.file_kb = file_kb;
		r.record_kb = 64;
		r.trial = trial;
		r.client = client;
		r.start_ns = k * 10000000u;
		r.len_ns = k + 1 == n ? last_len : 10000000u;
		r.bytes = (k + 1) * per;
		r.ops = (k + 1) * per / 65536;
		for (int q = 0; q < TIMELINE_NLAT; q++)
			r.lat_us[q] = 100.0 + (double)client;
		CU_ASSERT_FATAL(timeline_add(t, &r) == 0);
	}
}

static void test_pack_roundtrip(void)
{
	struct timeline mine, leader;
	unsigned char *buf;
	size_t len, used = 0;
	char why[256];

	timeline_init(&mine);
	timeline_init(&leader);
	add_pass(&mine, RC_WRITE, 1024, 0, 2, 3, 65536, 4000000u);
	add_pass(&mine, RC_WRITE, 2048, 0, 2, 2, 65536, 10000000u);   /* another cell */
	add_pass(&mine, RC_READ, 1024, 0, 2, 2, 131072, 5000000u);
	len = clients_tl_packed_len(&mine, 2, 1024, 64);
	CU_ASSERT_EQUAL(len, sizeof(uint32_t) + 5 * sizeof(struct timeline_row));
	CU_ASSERT_EQUAL(clients_tl_packed_len(&mine, 1, 1024, 64), sizeof(uint32_t));
	buf = malloc(len + 8);
	CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
	CU_ASSERT_EQUAL(clients_tl_pack(&mine, 2, 1024, 64, buf), len);
	memset(buf + len, 0x5a, 8);   /* what follows: the samples */
	CU_ASSERT_EQUAL(clients_tl_unpack(&leader, 1, 2, 1024, 64, buf, len + 8, &used,
					  why, sizeof(why)), 0);
	CU_ASSERT_EQUAL(used, len);
	CU_ASSERT_EQUAL(leader.n, 5);
	CU_ASSERT(memcmp(&leader.rows[0], &mine.rows[0], 3 * sizeof(leader.rows[0])) == 0);
	CU_ASSERT(memcmp(&leader.rows[3], &mine.rows[5], 2 * sizeof(leader.rows[0])) == 0);
	/* rank 0 reads past its own rows without keeping them */
	CU_ASSERT_EQUAL(clients_tl_unpack(&leader, 0, 2, 1024, 64, buf, len, &used,
					  why, sizeof(why)), 0);
	CU_ASSERT_EQUAL(used, len);
	CU_ASSERT_EQUAL(leader.n, 5);

	/* short, or rows of another client or cell: refused, nothing added */
	CU_ASSERT_EQUAL(clients_tl_unpack(&leader, 1, 2, 1024, 64, buf, len - 1, &used,
					  why, sizeof(why)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "timeline rows in"));
	CU_ASSERT_EQUAL(clients_tl_unpack(&leader, 1, 2, 1024, 64, buf, 3, &used,
					  why, sizeof(why)), -1);
	CU_ASSERT_EQUAL(clients_tl_unpack(&leader, 1, 3, 1024, 64, buf, len, &used,
					  why, sizeof(why)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "client 2"));
	CU_ASSERT_EQUAL(clients_tl_unpack(&leader, 1, 2, 2048, 64, buf, len, &used,
					  why, sizeof(why)), -1);
	CU_ASSERT_EQUAL(leader.n, 5);
	free(buf);
	timeline_release(&mine);
	timeline_release(&leader);
}

static void test_totals(void)
{
	struct timeline t;
	size_t first, end, ntot = 0;

	timeline_init(&t);
	/* write: 3 clients of 3, 4 and 2 intervals; read: client 2 missing */
	add_pass(&t, RC_WRITE, 1024, 0, 0, 3, 65536, 3000000u);
	add_pass(&t, RC_READ, 1024, 0, 0, 2, 65536, 2000000u);
	add_pass(&t, RC_WRITE, 1024, 0, 1, 4, 65536, 7000000u);
	add_pass(&t, RC_READ, 1024, 0, 1, 2, 65536, 2000000u);
	add_pass(&t, RC_WRITE, 1024, 0, 2, 2, 131072, 9000000u);
	add_pass(&t, RC_WRITE, 2048, 0, 0, 2, 65536, 9000000u);     /* another cell */
	size_t before = t.n;
	CU_ASSERT_EQUAL(clients_tl_totals(&t, 1024, 64, 3), 0);
	CU_ASSERT_EQUAL(t.n, before + 4);   /* the write's total alone */
	for (size_t i = 0; timeline_next_pass(&t, i, &first, &end) == 0; i = end) {
		const struct timeline_row *r = &t.rows[first];
		if (r->client != TIMELINE_CLIENT_TOTAL)
			continue;
		ntot++;
		CU_ASSERT_EQUAL(r->col, RC_WRITE);
		CU_ASSERT_EQUAL(end - first, 4);
		/* interval 0: 65536 + 65536 + 131072; interval 1: 2x each */
		CU_ASSERT_EQUAL(t.rows[first].bytes, 262144);
		CU_ASSERT_EQUAL(t.rows[first + 1].bytes, 524288);
		CU_ASSERT_EQUAL(t.rows[first + 2].bytes, 3 * 65536 + 3 * 65536);
		CU_ASSERT_EQUAL(t.rows[first + 3].bytes, 4 * 65536);
		CU_ASSERT_EQUAL(t.rows[first].ops, 4);
		/* the longest of the lengths: client 2's last row is 9 ms */
		CU_ASSERT_EQUAL(t.rows[first + 1].len_ns, 10000000u);
		CU_ASSERT_EQUAL(t.rows[first + 3].len_ns, 7000000u);
		/* more than one client: no p50 or p99, the mean is there */
		CU_ASSERT(isnan(t.rows[first].lat_us[TIMELINE_LAT_P99]));
		CU_ASSERT(!isnan(t.rows[first].lat_us[TIMELINE_LAT_MEAN]));
	}
	CU_ASSERT_EQUAL(ntot, 1);
	timeline_release(&t);
}

static const struct cu_case cases[] = {
	CU_CASE(test_pack_roundtrip),
	CU_CASE(test_totals),
	{ 0 }
};

CU_MAIN("clients_tl", cases)
