/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_netbound.c: --link's parser on good and bad values, the judgement
 * of figures against a given link and against the Ethernet lines, the
 * sentences, and the Ethernet lines against data/reference-lines.csv.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu.h"
#include "iosweep.h"
#include "analysis/netbound.h"

#define GIGABIT_KBPS 122070.3125

struct link_case {
	const char *spec;
	double kbps;          /* expected when ok */
	const char *name;     /* expected name when ok */
	const char *err;      /* expected part of the message, NULL when ok */
};

static const struct link_case link_cases[] = {
	{ "100mbit", 12207.03125, "100 Mbit Ethernet", NULL },
	{ "gigabit", GIGABIT_KBPS, "gigabit Ethernet", NULL },
	{ "GIGABIT", GIGABIT_KBPS, "gigabit Ethernet", NULL },
	{ "2.5gbe", 305175.78125, "2.5G Ethernet", NULL },
	{ "10gbe", 1220703.125, "10G Ethernet", NULL },
	{ "940mbit", 940e6 / 8 / 1024, "the 940mbit link", NULL },
	{ "1gbit", GIGABIT_KBPS, "the 1gbit link", NULL },
	{ "1Gbit/s", GIGABIT_KBPS, "the 1Gbit/s link", NULL },
	{ "118MB", 118e6 / 1024, "the 118MB link", NULL },
	{ "118MB/s", 118e6 / 1024, "the 118MB/s link", NULL },
	{ "100MiB", 102400.0, "the 100MiB link", NULL },
	{ "512kbit", 512e3 / 8 / 1024, "the 512kbit link", NULL },
	{ "2.5gbit", 305175.78125, "the 2.5gbit link", NULL },
	{ "", 0, NULL, "empty value" },
	{ "gigabyte", 0, NULL, "not a profile" },
	{ "ethernet", 0, NULL, "not a profile" },
	{ "940", 0, NULL, "unknown unit ''" },
	{ "940mbits", 0, NULL, "unknown unit 'mbits'" },
	{ "940 mbit", 0, NULL, "unknown unit ' mbit'" },
	{ "-1mbit", 0, NULL, "not a profile" },
	{ "0mbit", 0, NULL, "positive number" },
	{ "1e400mbit", 0, NULL, "unknown unit 'e400mbit'" },
	{ "1.2.3mbit", 0, NULL, "positive number" },
	{ "1kbit", 0, NULL, "from 1 kB/s" },
	{ "1000000000GB", 0, NULL, "to 1 PB/s" },
	{ "0x10mbit", 0, NULL, "positive number" },
	{ "gigabit-and-a-very-long-suffix-text", 0, NULL, "too long" },
	/* found by fuzz_netbound: a newline in the value must not reach the message */
	{ "5.25\xae\n", 0, NULL, "control character" },
	{ "giga\tbit", 0, NULL, "control character" },
};

static void test_parse_link(void)
{
	for (size_t i = 0; i < sizeof(link_cases) / sizeof(link_cases[0]); i++) {
		const struct link_case *c = &link_cases[i];
		struct netbound_link l = { .spec = "keep", .name = "keep", .kbps = 7.0 };
		char err[IOSWEEP_ERR_MAX] = "";
		int rc = netbound_parse_link(c->spec, &l, err, sizeof(err));

		if (c->err) {
			CU_ASSERT_EQUAL(rc, -1);
			CU_ASSERT_PTR_NOT_NULL(strstr(err, c->err));
			CU_ASSERT_PTR_NOT_NULL(strstr(err, "--link"));
			CU_ASSERT_STRING_EQUAL(l.spec, "keep");
			CU_ASSERT_EQUAL(l.kbps, 7.0);
			if (!strstr(err, c->err))
				printf("\n  '%s': got '%s'\n", c->spec, err);
		} else {
			CU_ASSERT_EQUAL(rc, 0);
			CU_ASSERT_DOUBLE_EQUAL(l.kbps, c->kbps, c->kbps * 1e-9);
			CU_ASSERT_STRING_EQUAL(l.name, c->name);
			CU_ASSERT_STRING_EQUAL(l.spec, c->spec);
			if (rc != 0)
				printf("\n  '%s': %s\n", c->spec, err);
		}
	}
	CU_ASSERT_EQUAL(netbound_parse_link(NULL, NULL, NULL, 0), -1);
}

struct judge_case {
	const char *link;     /* NULL: none given */
	int network_fs;
	double kbps;
	enum netbound_kind kind;
	const char *words;    /* netbound_describe's text */
};

static const struct judge_case judge_cases[] = {
	/* the smbnetfs reads: 117-120 MB/s on gigabit (96-98%) */
	{ "gigabit", 1, 117e6 / 1024, NETBOUND_NETWORK, "network-bound: 94% of gigabit Ethernet" },
	{ "gigabit", 1, 120e6 / 1024, NETBOUND_NETWORK, "network-bound: 96% of gigabit Ethernet" },
	/* up to 5% above nominal still the link (a token bucket's burst); past it a cache */
	{ "gigabit", 1, GIGABIT_KBPS, NETBOUND_NETWORK, "network-bound: 100% of gigabit Ethernet" },
	{ "gigabit", 1, GIGABIT_KBPS * 1.049, NETBOUND_NETWORK, "network-bound: 105% of gigabit Ethernet" },
	{ "gigabit", 1, GIGABIT_KBPS * 1.051, NETBOUND_CACHE, "served by a cache: 105.1% of gigabit Ethernet" },
	/* the band's floor: 90% of the 94% payload rate, 84.6% of nominal */
	{ "gigabit", 1, GIGABIT_KBPS * 0.847, NETBOUND_NETWORK, "network-bound: 85% of gigabit Ethernet" },
	{ "gigabit", 1, GIGABIT_KBPS * 0.845, NETBOUND_NONE, "" },
	/* the cached reads: 4.5 GB/s and 242 MB/s, 869 MB/s at depth 8 */
	{ "gigabit", 1, 4.5e9 / 1024, NETBOUND_CACHE, "served by a cache: 3600% of gigabit Ethernet" },
	{ "gigabit", 1, 242e6 / 1024, NETBOUND_CACHE, "served by a cache: 194% of gigabit Ethernet" },
	{ "gigabit", 1, 869e6 / 1024, NETBOUND_CACHE, "served by a cache: 695% of gigabit Ethernet" },
	/* smbnetfs's buffered writes, 15 MB/s: not the link */
	{ "gigabit", 1, 15e6 / 1024, NETBOUND_NONE, "" },
	/* a link given counts on a local file system too (the user said so) */
	{ "100mbit", 0, 11.5e6 / 1024, NETBOUND_NETWORK, "network-bound: 92% of 100 Mbit Ethernet" },
	{ "940mbit", 1, 113e6 / 1024, NETBOUND_NETWORK, "network-bound: 96% of the 940mbit link" },
	/* no link, network file system: the Ethernet lines */
	{ NULL, 1, 118e6 / 1024, NETBOUND_NETWORK,
	  "network-bound: 94% of gigabit Ethernet (no --link given: the nearest Ethernet line)" },
	{ NULL, 1, 11.6e6 / 1024, NETBOUND_NETWORK,
	  "network-bound: 93% of 100 Mbit Ethernet (no --link given: the nearest Ethernet line)" },
	{ NULL, 1, 242e6 / 1024, NETBOUND_NONE, "" },
	{ NULL, 1, 4.5e9 / 1024, NETBOUND_CACHE,
	  "served by a cache: 360% of 10G Ethernet (no --link given: the fastest Ethernet line)" },
	/* no link, local disk: no network verdict at all */
	{ NULL, 0, 118e6 / 1024, NETBOUND_NONE, "" },
	{ NULL, 0, 4.5e9 / 1024, NETBOUND_NONE, "" },
	/* figures that are no figures */
	{ "gigabit", 1, 0.0, NETBOUND_NONE, "" },
	{ "gigabit", 1, -5.0, NETBOUND_NONE, "" },
	{ "gigabit", 1, NAN, NETBOUND_NONE, "" },
	{ "gigabit", 1, INFINITY, NETBOUND_NONE, "" },
};

static void test_judge(void)
{
	for (size_t i = 0; i < sizeof(judge_cases) / sizeof(judge_cases[0]); i++) {
		const struct judge_case *c = &judge_cases[i];
		struct netbound_link l;
		struct netbound_verdict v;
		char err[IOSWEEP_ERR_MAX], words[256];

		if (c->link)
			CU_ASSERT_EQUAL_FATAL(netbound_parse_link(c->link, &l, err,
								  sizeof(err)), 0);
		CU_ASSERT_EQUAL(netbound_judge(c->link ? &l : NULL, c->network_fs,
					       c->kbps, &v), c->kind);
		CU_ASSERT_EQUAL(v.kind, c->kind);
		netbound_describe(&v, words, sizeof(words));
		CU_ASSERT_STRING_EQUAL(words, c->words);
		if (strcmp(words, c->words) != 0 || v.kind != c->kind)
			printf("\n  case %zu: kind %d '%s'\n", i, (int)v.kind, words);
	}
}

static void test_cache_cap(void)
{
	struct netbound_link l, none = { .kbps = 0.0 };
	char err[IOSWEEP_ERR_MAX];

	CU_ASSERT_EQUAL(netbound_parse_link("2.5gbe", &l, err, sizeof(err)), 0);
	CU_ASSERT_DOUBLE_EQUAL(netbound_cache_cap(&l, 0), 305175.78125 * 1.05, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(netbound_cache_cap(&l, 1), 305175.78125 * 1.05, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(netbound_cache_cap(NULL, 1), 1220703.125 * 1.05, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(netbound_cache_cap(&none, 1), 1220703.125 * 1.05, 1e-6);
	CU_ASSERT_EQUAL(netbound_cache_cap(NULL, 0), 0.0);
	CU_ASSERT_EQUAL(netbound_cache_cap(&none, 0), 0.0);
}

/* Each Ethernet line is a row of data/reference-lines.csv with the same rate. */
static void test_lines_match_reference_file(void)
{
	const char *name;
	double kbps;
	size_t n = 0;

	for (size_t i = 0; (name = netbound_ethernet_line(i, &kbps)); i++, n++) {
		FILE *fp = fopen("data/reference-lines.csv", "r");
		char line[512];
		int found = 0;

		CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
		while (fgets(line, sizeof(line), fp)) {
			size_t len = strlen(name);
			if (strncmp(line, name, len) == 0 && line[len] == ',') {
				found = 1;
				CU_ASSERT_DOUBLE_EQUAL(strtod(line + len + 1, NULL), kbps, 1e-6);
			}
		}
		fclose(fp);
		CU_ASSERT_TRUE(found);
		if (!found)
			printf("\n  '%s' is not in data/reference-lines.csv\n", name);
	}
	CU_ASSERT_EQUAL(n, 6);
}

static const struct cu_case cases[] = {
	CU_CASE(test_parse_link),
	CU_CASE(test_judge),
	CU_CASE(test_cache_cap),
	CU_CASE(test_lines_match_reference_file),
	{ 0 }
};

CU_MAIN("netbound", cases)
