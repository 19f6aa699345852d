/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_netfind.c: the network findings' sentence for a plateau below the
 * link, with and without the machine's CPU busy share of each pass
 * (RESULTS_SF_HOST_CPU): CPU-bound at 90% busy and more, "not this CPU"
 * below, the older wording where the figure is unknown, and passes of
 * other tests or cut short left out of the median; and a plateau that
 * stops at a step of 1.5x.
 */
#include <stdlib.h>
#include <string.h>

#include "cu.h"
#include "report/netfind.h"
#include "model/results.h"

/* One full pass of col in cell: kbps over 1 s, busy_pct (<0: unknown). */
static void add(struct result_set *rs, long cell, int col, double kbps,
		double busy_pct, unsigned flags)
{
	struct result_sample s;

	memset(&s, 0, sizeof(s));
	s.cell = (uint32_t)cell;
	s.col = (uint16_t)col;
	s.bytes = (uint64_t)(kbps * 1024.0);
	s.ops = 64;
	s.elapsed_ns = 1000000000ull;
	s.wall_ns = 2000000000ull;
	s.cpu_user_s = 0.1;
	s.cpu_sys_s = 0.1;            /* 0.2 s of 2 s: 10% of one CPU */
	s.flags = flags;
	if (busy_pct >= 0.0) {
		s.host_busy_pct = busy_pct;
		s.flags |= RESULTS_SF_HOST_CPU;
	}
	CU_ASSERT_EQUAL_FATAL(results_add_sample(rs, &s), 0);
}

/* The sentence of test col ("read: ..."), or NULL; caller frees. */
static char *sentence(const struct result_set *rs, const char *col)
{
	size_t n = 0, len = strlen(col);
	char **s = netfind_sentences(rs, &n), *hit = NULL;

	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	for (size_t i = 0; i < n; i++)
		if (!hit && strncmp(s[i], col, len) == 0 && s[i][len] == ':') {
			hit = s[i];
			s[i] = NULL;
		}
	netfind_free(s, n);
	return hit;
}

static const struct busy_case {
	double busy[3];       /* per 64, 128, 256 MB read pass; <0 unknown */
	const char *want;     /* in the read sentence */
	const char *not_want;
} busy_cases[] = {
	{ { 99, 100, 97 }, "CPU-bound: this machine's CPUs were 99% busy during "
	  "these passes (iosweep itself used 10% of one CPU)", "or the share" },
	{ { 95, 40, 30 }, "with this machine's CPUs 40% busy during these passes "
	  "(iosweep itself used 10% of one CPU), so the client's file system code "
	  "or the share set this pace, not the network or this CPU", "CPU-bound" },
	{ { -1, -1, -1 }, "below what the link carries, so the client or the share "
	  "set this pace, not the network", "busy" },
	/* one pass known: its figure is the median */
	{ { -1, 92, -1 }, "CPUs were 92% busy", "below what the link" },
};

static void test_below_link(void)
{
	for (size_t i = 0; i < sizeof(busy_cases) / sizeof(busy_cases[0]); i++) {
		const struct busy_case *bc = &busy_cases[i];
		struct result_set rs;
		char *read, *write;

		results_init(&rs);
		CU_ASSERT_EQUAL_FATAL(results_set_str(&rs.meta.link, "gigabit"), 0);
		CU_ASSERT_EQUAL_FATAL(results_set_str(&rs.meta.fs_type, "fuse.sshfs"), 0);
		for (int k = 0; k < 3; k++) {
			long c = results_add_cell(&rs, 65536ull << k, 1024, 0);
			CU_ASSERT_FATAL(c >= 0);
			/* 60% of gigabit: below the network-bound band */
			add(&rs, c, RC_READ, 73000.0, bc->busy[k], 0);
			/* another test's and a cut-short pass's figures never count */
			add(&rs, c, RC_WRITE, 50000.0, 5.0, 0);
			add(&rs, c, RC_READ, 73000.0, 1.0, RESULTS_SF_PARTIAL);
		}
		read = sentence(&rs, "read");
		CU_ASSERT_PTR_NOT_NULL_FATAL(read);
		CU_ASSERT_PTR_NOT_NULL(strstr(read, "60% of gigabit Ethernet"));
		CU_ASSERT_PTR_NOT_NULL(strstr(read, bc->want));
		CU_ASSERT_PTR_NULL(strstr(read, bc->not_want));
		if (!strstr(read, bc->want) || strstr(read, bc->not_want))
			printf("\n  case %zu: '%s'\n", i, read);
		write = sentence(&rs, "write");
		CU_ASSERT_PTR_NOT_NULL_FATAL(write);
		CU_ASSERT_PTR_NOT_NULL(strstr(write, "CPUs 5% busy"));
		free(read);
		free(write);
		results_release(&rs);
	}
}

/* A network-bound plateau says so whatever the CPU did. */
static void test_network_bound_ignores_cpu(void)
{
	struct result_set rs;
	char *read;

	results_init(&rs);
	CU_ASSERT_EQUAL_FATAL(results_set_str(&rs.meta.link, "100mbit"), 0);
	CU_ASSERT_EQUAL_FATAL(results_set_str(&rs.meta.fs_type, "fuse.smbnetfs"), 0);
	long c = results_add_cell(&rs, 49152, 1024, 0);
	CU_ASSERT_FATAL(c >= 0);
	add(&rs, c, RC_READ, 11700.0, 100.0, 0);
	read = sentence(&rs, "read");
	CU_ASSERT_PTR_NOT_NULL_FATAL(read);
	CU_ASSERT_PTR_NOT_NULL(strstr(read, "network-bound: 96% of 100 Mbit Ethernet"));
	CU_ASSERT_PTR_NULL(strstr(read, "CPU"));
	free(read);
	results_release(&rs);
}

/*
 * A plateau stops at a step of 1.5x: past the NAS's cache, 512 MB and
 * 1 GB files read at the disk's 20,000 kB/s, smaller ones at 55,000 from
 * its RAM; the plateau is the disk's alone.
 */
static void test_plateau_stops_at_a_step(void)
{
	static const double kbps[] = { 56000, 54000, 55000, 21000, 20000 };
	struct result_set rs;
	char *read;

	results_init(&rs);
	CU_ASSERT_EQUAL_FATAL(results_set_str(&rs.meta.link, "gigabit"), 0);
	CU_ASSERT_EQUAL_FATAL(results_set_str(&rs.meta.fs_type, "fuse.smbnetfs"), 0);
	for (int k = 0; k < 5; k++) {
		long c = results_add_cell(&rs, 65536ull << k, 1024, 0);
		CU_ASSERT_FATAL(c >= 0);
		add(&rs, c, RC_READ, kbps[k], -1.0, 0);
	}
	read = sentence(&rs, "read");
	CU_ASSERT_PTR_NOT_NULL_FATAL(read);
	CU_ASSERT_PTR_NOT_NULL(strstr(read, "(20,500 kB/s with files of 512 MB to 1 GB,"));
	if (!strstr(read, "(20,500 kB/s with files of 512 MB to 1 GB,"))
		printf("\n  '%s'\n", read);
	free(read);
	results_release(&rs);
}

static const struct cu_case cases[] = {
	CU_CASE(test_below_link),
	CU_CASE(test_plateau_stops_at_a_step),
	CU_CASE(test_network_bound_ignores_cpu),
	{ 0 }
};

CU_MAIN("netfind", cases)
