/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_units.c: the size and count parsers on good and bad text, and the
 * size formatter, as tables of known values.
 */
#include "compat.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "cu.h"
#include "iosweep.h"
#include "model/units.h"

struct size_case {
	const char *text;
	uint64_t kb;          /* expected value when ok */
	const char *err;      /* expected part of the message, NULL when ok */
};

static const struct size_case size_cases[] = {
	{ "64", 64, NULL },
	{ "64k", 64, NULL },
	{ "64K", 64, NULL },
	{ "1", 1, NULL },
	{ "16m", 16384, NULL },
	{ "16M", 16384, NULL },
	{ "2g", 2097152, NULL },
	{ "2G", 2097152, NULL },
	{ "1t", UINT64_C(1073741824), NULL },
	{ "3k", 3, NULL },
	{ "007", 7, NULL },
	{ "18014398509481983", UINT64_C(18014398509481983), NULL },  /* (2^64-1)/1024 */
	{ "", 0, "empty size" },
	{ "0", 0, "at least 1 kB" },
	{ "0k", 0, "at least 1 kB" },
	{ "0m", 0, "at least 1 kB" },
	{ "-5", 0, "cannot be negative" },
	{ "-5m", 0, "cannot be negative" },
	{ "1.5m", 0, "not a whole number" },
	{ "1,5m", 0, "not a whole number" },
	{ "foo", 0, "not a size" },
	{ "16e", 0, "not a size" },
	{ "100b", 0, "not a size" },
	{ "1kb", 0, "not a size" },
	{ "1k5", 0, "not a size" },
	{ "1.", 0, "not a size" },
	{ " 1", 0, "not a size" },
	{ "1 ", 0, "not a size" },
	{ "+1", 0, "not a size" },
	{ "0x10", 0, "not a size" },
	{ "m", 0, "not a size" },
	{ "99999999999999999999g", 0, "too large" },
	{ "99999999999999999999", 0, "too large" },
	{ "18014398509481984", 0, "too large" },        /* bytes overflow */
	{ "17179869184g", 0, "too large" },             /* 2^34 g = 2^54 kB */
	{ "17179869183g", UINT64_C(18014398508433408), NULL },
	{ "16777216t", 0, "too large" },
};

static void test_parse_size(void)
{
	size_t i;

	for (i = 0; i < sizeof(size_cases) / sizeof(size_cases[0]); i++) {
		const struct size_case *c = &size_cases[i];
		char err[IOSWEEP_ERR_MAX] = "";
		uint64_t kb = 12345;
		int rc = units_parse_size_kb(c->text, &kb, err, sizeof(err));

		if (c->err) {
			CU_ASSERT_EQUAL(rc, -1);
			CU_ASSERT_EQUAL(kb, 12345);   /* untouched on error */
			CU_ASSERT_PTR_NOT_NULL(strstr(err, c->err));
			if (rc != -1 || !strstr(err, c->err))
				printf("\n  '%s': rc %d, err '%s'\n", c->text, rc, err);
		} else {
			CU_ASSERT_EQUAL(rc, 0);
			CU_ASSERT_EQUAL(kb, c->kb);
			if (rc || kb != c->kb)
				printf("\n  '%s': rc %d, kb %llu, err '%s'\n", c->text, rc,
				       (unsigned long long)kb, err);
		}
	}
}

static void test_parse_size_hint(void)
{
	char err[IOSWEEP_ERR_MAX];
	uint64_t kb;

	CU_ASSERT_EQUAL(units_parse_size_kb("foo", &kb, err, sizeof(err)), -1);
	CU_ASSERT_STRING_EQUAL(err, "not a size: use a whole number of kB, or a "
			       "number with k, m or g (64k, 16m, 2g)");
	CU_ASSERT_EQUAL(units_parse_size_kb(NULL, &kb, err, sizeof(err)), -1);
	/* a tiny buffer is truncated, never overrun */
	CU_ASSERT_EQUAL(units_parse_size_kb("foo", &kb, err, 5), -1);
	CU_ASSERT_STRING_EQUAL(err, "not ");
}

struct uint_case {
	const char *text;
	uint64_t min, max, value;
	const char *err;
};

static const struct uint_case uint_cases[] = {
	{ "0", 0, 12, 0, NULL },
	{ "12", 0, 12, 12, NULL },
	{ "13", 0, 12, 0, "must be from 0 to 12" },
	{ "1", 2, 16, 0, "must be from 2 to 16" },
	{ "16", 2, 16, 16, NULL },
	{ "5", 1, UINT64_MAX, 5, NULL },
	{ "0", 1, UINT64_MAX, 0, "must be at least 1" },
	{ "18446744073709551615", 0, UINT64_MAX, UINT64_MAX, NULL },
	{ "18446744073709551616", 0, UINT64_MAX, 0, "too large" },
	{ "99999999999999999999", 1, 1000, 0, "must be from 1 to 1000" },
	{ "", 0, 10, 0, "empty value" },
	{ "-1", 0, 10, 0, "not a whole number" },
	{ "1.5", 0, 10, 0, "not a whole number" },
	{ "3k", 0, 10, 0, "not a whole number" },
	{ "x", 0, 10, 0, "not a whole number" },
	{ " 3", 0, 10, 0, "not a whole number" },
};

static void test_parse_uint(void)
{
	size_t i;

	for (i = 0; i < sizeof(uint_cases) / sizeof(uint_cases[0]); i++) {
		const struct uint_case *c = &uint_cases[i];
		char err[IOSWEEP_ERR_MAX] = "";
		uint64_t v = 777;
		int rc = units_parse_uint(c->text, c->min, c->max, &v, err, sizeof(err));

		if (c->err) {
			CU_ASSERT_EQUAL(rc, -1);
			CU_ASSERT_EQUAL(v, 777);
			CU_ASSERT_PTR_NOT_NULL(strstr(err, c->err));
			if (rc != -1 || !strstr(err, c->err))
				printf("\n  '%s': rc %d err '%s'\n", c->text, rc, err);
		} else {
			CU_ASSERT_EQUAL(rc, 0);
			CU_ASSERT_EQUAL(v, c->value);
		}
	}
}

struct format_case {
	uint64_t kb;
	const char *text;
};

static const struct format_case format_cases[] = {
	{ 0, "0 kB" }, { 1, "1 kB" }, { 64, "64 kB" }, { 512, "512 kB" }, { 1024, "1 MB" },
	{ 1536, "1536 kB" }, { 16384, "16 MB" }, { 1048576, "1 GB" }, { 1049600, "1025 MB" },
	{ UINT64_C(1073741824), "1 TB" }, { UINT64_C(2199023255552), "2048 TB" },
	{ UINT64_C(18014398509481983), "18014398509481983 kB" },
};

static void test_format_kb(void)
{
	size_t i;
	char out[32];

	for (i = 0; i < sizeof(format_cases) / sizeof(format_cases[0]); i++) {
		units_format_kb(format_cases[i].kb, out, sizeof(out));
		CU_ASSERT_STRING_EQUAL(out, format_cases[i].text);
	}
	/* round trip: what we print ("16 MB") means what the command line's
	 * suffix means ("16m"): the same 1024-based units */
	for (i = 1; i < sizeof(format_cases) / sizeof(format_cases[0]); i++) {
		char err[IOSWEEP_ERR_MAX], typed[32];
		uint64_t kb = 0;

		units_format_kb(format_cases[i].kb, out, sizeof(out));
		size_t sp = strcspn(out, " ");
		CU_ASSERT_FATAL(out[sp] == ' ' && out[sp + 2] == 'B' && out[sp + 3] == '\0');
		snprintf(typed, sizeof(typed), "%.*s%c", (int)sp, out, tolower((unsigned char)out[sp + 1]));
		CU_ASSERT_EQUAL(units_parse_size_kb(typed, &kb, err, sizeof(err)), 0);
		CU_ASSERT_EQUAL(kb, format_cases[i].kb);
	}
	units_format_kb(16384, out, 3);
	CU_ASSERT_STRING_EQUAL(out, "16");
}

/* The sizes of sentences (cliffs, chart labels): the same words, rounded. */
static void test_format_size_kb(void)
{
	static const struct format_case cases[] = {
		{ 64, "64 kB" }, { 1023, "1023 kB" }, { 1024, "1 MB" }, { 131072, "128 MB" },
		{ 370688, "362 MB" }, { 4194304, "4 GB" }, { 10485760, "10 GB" },
		{ 12897485, "12.3 GB" }, { 10485761, "10.0 GB" },
	};
	char out[32];
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		units_format_size_kb(cases[i].kb, out, sizeof(out));
		CU_ASSERT_STRING_EQUAL(out, cases[i].text);
	}
}

static void test_format_bytes_human(void)
{
	static const struct { uint64_t bytes; const char *text; } cases[] = {
		{ 0, "0 B" }, { 512, "512 B" }, { 1023, "1023 B" }, { 1024, "1.0 kB" },
		{ 1536, "1.5 kB" }, { 1048576, "1.0 MB" },
		{ UINT64_C(3221225472), "3.0 GB" }, { UINT64_C(1099511627776), "1.0 TB" },
		{ UINT64_MAX, "16.0 EB" },
	};
	size_t i;
	char out[32];

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		units_format_bytes_human(cases[i].bytes, out, sizeof(out));
		CU_ASSERT_STRING_EQUAL(out, cases[i].text);
	}
}

/* Durations: each unit, fractions, the limit, and what is refused. */
static void test_parse_duration(void)
{
	static const struct {
		const char *text;
		uint64_t max_ms;
		int rc;
		uint64_t ms;
	} dcases[] = {
		{ "90", 86400000u, 0, 90000 }, { "60s", 86400000u, 0, 60000 },
		{ "500ms", 86400000u, 0, 500 }, { "2m", 86400000u, 0, 120000 },
		{ "8h", 86400000u, 0, 28800000 }, { "1.5s", 86400000u, 0, 1500 },
		{ "25h", 86400000u, -1, 0 }, { "1d", 86400000u, -1, 0 },
		{ "-1s", 86400000u, -1, 0 }, { "", 86400000u, -1, 0 },
		{ "s", 86400000u, -1, 0 }, { "3 m", 86400000u, -1, 0 },
		{ "11m", 600000u, -1, 0 }, { "10m", 600000u, 0, 600000 },
	};
	for (size_t i = 0; i < sizeof(dcases) / sizeof(dcases[0]); i++) {
		char err[IOSWEEP_ERR_MAX] = "";
		uint64_t ms = 777;
		int rc = units_parse_duration_ms(dcases[i].text, dcases[i].max_ms, &ms,
						 err, sizeof(err));
		CU_ASSERT_EQUAL(rc, dcases[i].rc);
		CU_ASSERT_EQUAL(ms, rc == 0 ? dcases[i].ms : 777);
		if (rc)
			CU_ASSERT_PTR_NOT_NULL(strstr(err, "not a duration"));
	}
}

static const struct cu_case cases[] = {
	CU_CASE(test_parse_duration),
	CU_CASE(test_format_size_kb),
	CU_CASE(test_parse_size),
	CU_CASE(test_parse_size_hint),
	CU_CASE(test_parse_uint),
	CU_CASE(test_format_kb),
	CU_CASE(test_format_bytes_human),
	{ 0, 0 }
};

CU_MAIN("units", cases)
