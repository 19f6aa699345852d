/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_files_clients.c: `iosweep files` under many clients
 * (files_clients.c): one client's phases packed to bytes and rank 0's
 * reading of every client's bytes into one result, the clients in the
 * place of jobs, the aggregate their sum over rank 0's own time; short,
 * long and mismatched bytes refused with the client named.
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu.h"
#include "iosweep.h"
#include "model/latency.h"
#include "run/files/files.h"

/* One client's pass: create with the calls ns[0..n), stat not run. */
static void fill(struct files_result *r, const uint64_t *ns, size_t n, uint64_t span_ns,
		 uint64_t own_ns, int32_t writer)
{
	struct files_phase *p = &r->all[FILES_CREATE];

	for (size_t i = 0; i < n; i++) {
		fileop_stat_add(&p->call, ns[i]);
		latency_add(&p->hist, ns[i]);
	}
	p->files = n;
	p->bytes = n * 4096;
	p->elapsed_ns = span_ns;
	p->own_ns = own_ns;
	p->writer = writer;
	p->ran = 1;
	r->all[FILES_MKDIR].ran = 1;	/* ran, with no call */
	r->all[FILES_MKDIR].elapsed_ns = span_ns / 2;
	r->all[FILES_MKDIR].own_ns = own_ns / 2;
}

/* Client 0's and client 1's bytes back to back, lens[2]. */
static unsigned char *two_clients(size_t lens[2], struct files_result *a,
				  struct files_result *b)
{
	static const uint64_t ns_a[] = { 1000, 3000, 2000 }, ns_b[] = { 500, 9000 };
	unsigned char *pa, *pb, *all;

	fill(a, ns_a, 3, 50000, 40000, 1);
	fill(b, ns_b, 2, 49000, 45000, 0);
	pa = files_result_pack(a, &lens[0]);
	pb = files_result_pack(b, &lens[1]);
	all = malloc(lens[0] + lens[1]);
	if (pa && pb && all) {
		memcpy(all, pa, lens[0]);
		memcpy(all + lens[0], pb, lens[1]);
	}
	free(pa);
	free(pb);
	return pa && pb ? all : (free(all), NULL);
}

static void test_round_trip(void)
{
	struct files_result a, b, agg;
	char err[IOSWEEP_ERR_MAX] = "";
	size_t lens[2];
	unsigned char *all;

	CU_ASSERT_EQUAL_FATAL(files_result_init(&a, 1), 0);
	CU_ASSERT_EQUAL_FATAL(files_result_init(&b, 1), 0);
	CU_ASSERT_EQUAL_FATAL(files_result_init(&agg, 2), 0);
	all = two_clients(lens, &a, &b);
	CU_ASSERT_PTR_NOT_NULL_FATAL(all);
	CU_ASSERT_EQUAL_FATAL(files_result_unpack(&agg, &a, all, lens, 2, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(agg.clients, 1);

	/* each client's own row: its calls over its own time */
	const struct files_phase *c0 = files_job_phase(&agg, 0, FILES_CREATE);
	const struct files_phase *c1 = files_job_phase(&agg, 1, FILES_CREATE);
	CU_ASSERT_EQUAL(c0->call.count, 3);
	CU_ASSERT_EQUAL(c0->call.total_ns, 6000);
	CU_ASSERT_EQUAL(c0->call.best_ns, 1000);
	CU_ASSERT_EQUAL(c0->call.worst_ns, 3000);
	CU_ASSERT_EQUAL(c0->elapsed_ns, 40000);
	CU_ASSERT_EQUAL(c0->writer, 1);
	CU_ASSERT_EQUAL(c0->hist.n, 3);
	CU_ASSERT_EQUAL(c1->call.count, 2);
	CU_ASSERT_EQUAL(c1->elapsed_ns, 45000);
	CU_ASSERT_EQUAL(c1->writer, 0);
	CU_ASSERT_EQUAL(c1->bytes, 8192);

	/* the aggregate: sums over client 0's barrier-to-barrier time */
	const struct files_phase *all_c = &agg.all[FILES_CREATE];
	CU_ASSERT_EQUAL(all_c->call.count, 5);
	CU_ASSERT_EQUAL(all_c->call.total_ns, 15500);
	CU_ASSERT_EQUAL(all_c->call.best_ns, 500);
	CU_ASSERT_EQUAL(all_c->call.worst_ns, 9000);
	CU_ASSERT_EQUAL(all_c->files, 5);
	CU_ASSERT_EQUAL(all_c->bytes, 5 * 4096);
	CU_ASSERT_EQUAL(all_c->elapsed_ns, 50000);
	CU_ASSERT_EQUAL(all_c->hist.n, 5);
	CU_ASSERT_EQUAL(all_c->writer, -1);
	CU_ASSERT(all_c->ran);
	/* a phase that ran without calls, and one that did not run */
	CU_ASSERT(agg.all[FILES_MKDIR].ran);
	CU_ASSERT_EQUAL(agg.all[FILES_MKDIR].call.count, 0);
	CU_ASSERT_EQUAL(agg.all[FILES_MKDIR].elapsed_ns, 25000);
	CU_ASSERT_EQUAL(files_job_phase(&agg, 1, FILES_MKDIR)->elapsed_ns, 22500);
	CU_ASSERT_FALSE(agg.all[FILES_STAT].ran);
	free(all);
	files_result_release(&a);
	files_result_release(&b);
	files_result_release(&agg);
}

static void test_bad_bytes(void)
{
	struct files_result a, b, agg, three;
	char err[IOSWEEP_ERR_MAX];
	size_t lens[2], keep;
	unsigned char *all;

	CU_ASSERT_EQUAL_FATAL(files_result_init(&a, 1), 0);
	CU_ASSERT_EQUAL_FATAL(files_result_init(&b, 1), 0);
	CU_ASSERT_EQUAL_FATAL(files_result_init(&agg, 2), 0);
	CU_ASSERT_EQUAL_FATAL(files_result_init(&three, 3), 0);
	all = two_clients(lens, &a, &b);
	CU_ASSERT_PTR_NOT_NULL_FATAL(all);
	/* client 1's bytes cut short, then one byte too many */
	keep = lens[1];
	lens[1] = keep - 7;
	CU_ASSERT_EQUAL(files_result_unpack(&agg, &a, all, lens, 2, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "the phases client 1 sent"));
	files_result_release(&agg);
	CU_ASSERT_EQUAL_FATAL(files_result_init(&agg, 2), 0);
	lens[0]--;
	lens[1] = keep + 1;
	CU_ASSERT_EQUAL(files_result_unpack(&agg, &a, all, lens, 2, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "client 0"));
	/* a result made for another number of clients */
	lens[0]++;
	lens[1] = keep;
	CU_ASSERT_EQUAL(files_result_unpack(&three, &a, all, lens, 2, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "2 clients' phases into a result for 3"));
	free(all);
	files_result_release(&a);
	files_result_release(&b);
	files_result_release(&agg);
	files_result_release(&three);
}

static const struct cu_case cases[] = {
	CU_CASE(test_round_trip),
	CU_CASE(test_bad_bytes),
	{ 0 }
};

CU_MAIN("files_clients", cases)
