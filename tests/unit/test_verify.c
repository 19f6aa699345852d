/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_verify.c: -V and -+d data, their fill and their check (verify.c). */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "cu.h"
#include "options/options.h"
#include "run/data/verify.h"

#define LEN 8192u

static void make(struct verify *v, int verify, unsigned byte, int diag)
{
	struct options o;

	memset(&o, 0, sizeof(o));
	o.verify = verify;
	o.verify_byte = byte;
	o.diag = diag;
	verify_from_options(v, &o);
}

static void test_modes(void)
{
	struct verify v;

	make(&v, 0, 0, 0);
	CU_ASSERT_EQUAL(v.mode, VERIFY_OFF);
	make(&v, 1, 0xa5, 0);
	CU_ASSERT_EQUAL(v.mode, VERIFY_BYTE);
	CU_ASSERT_EQUAL(v.byte, 0xa5);
	/* -V 0 is resolved by the parser; a zero here still means IOzone's byte */
	make(&v, 1, 0, 0);
	CU_ASSERT_EQUAL(v.byte, OPTIONS_DEFAULT_VERIFY_BYTE);
	/* -+d wins over -V, as in IOzone */
	make(&v, 1, 7, 1);
	CU_ASSERT_EQUAL(v.mode, VERIFY_DIAG);
}

/* -V: every byte is the pattern, at any offset and length. */
static void test_byte_fill_check(void)
{
	static const struct { size_t at, len; uint64_t off; } cases[] = {
		{ 0, LEN, 0 }, { 3, 13, 5 }, { 1, 8, 8 }, { 0, 1, 4095 }, { 7, 0, 9 },
	};
	unsigned char *b = malloc(LEN + 16);
	struct verify v;
	struct verify_miss m;

	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	make(&v, 1, 0x5c, 0);
	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		unsigned char *p = b + cases[k].at;
		memset(b, 0, LEN + 16);
		verify_fill(&v, p, cases[k].len, cases[k].off);
		for (size_t i = 0; i < cases[k].len; i++)
			CU_ASSERT_EQUAL(p[i], 0x5c);
		CU_ASSERT_EQUAL(p[cases[k].len], 0);   /* nothing past the end */
		CU_ASSERT_EQUAL(verify_check(&v, p, cases[k].len, cases[k].off, &m), 0);
	}
	free(b);
}

/*
 * -+d: a byte depends on its file offset only, so any slice filled at
 * its own offset equals the same bytes of a whole-file fill; words
 * differ; another writer's file differs.
 */
static void test_diag_offsets(void)
{
	static const struct { uint64_t off; size_t len; } slices[] = {
		{ 0, LEN }, { 8, 16 }, { 3, 29 }, { 4093, 11 }, { 1000, 1 }, { 4096, 4096 },
	};
	unsigned char *whole = malloc(LEN), *part = malloc(LEN);
	struct verify base, v, other;
	struct verify_miss m;
	size_t same = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(whole);
	CU_ASSERT_PTR_NOT_NULL_FATAL(part);
	make(&base, 0, 0, 1);
	verify_for_writer(&v, &base, 0);
	verify_for_writer(&other, &base, 1);
	verify_fill(&v, whole, LEN, 0);
	for (size_t k = 0; k < sizeof(slices) / sizeof(slices[0]); k++) {
		verify_fill(&v, part, slices[k].len, slices[k].off);
		CU_ASSERT_EQUAL(memcmp(part, whole + slices[k].off, slices[k].len), 0);
		CU_ASSERT_EQUAL(verify_check(&v, whole + slices[k].off, slices[k].len,
					     slices[k].off, &m), 0);
	}
	/* no two 8-byte words alike in 8 kB; neighbours differ */
	for (size_t i = 8; i < LEN; i += 8)
		same += memcmp(whole + i, whole + i - 8, 8) == 0;
	CU_ASSERT_EQUAL(same, 0);
	/* a record read from another offset or another writer's file is caught */
	CU_ASSERT_EQUAL(verify_check(&v, whole + 4096, 4096, 0, &m), -1);
	CU_ASSERT_EQUAL(m.offset, 0);
	CU_ASSERT_EQUAL(verify_check(&other, whole, LEN, 0, &m), -1);
	/* the same writer gets the same data every time */
	verify_for_writer(&other, &base, 0);
	CU_ASSERT_EQUAL(verify_check(&other, whole, LEN, 0, &m), 0);
	free(whole);
	free(part);
}

/* A changed byte anywhere: the first one is named with both values. */
static void test_miss(void)
{
	static const struct { int diag; size_t at; uint64_t off; } cases[] = {
		{ 0, 0, 0 }, { 0, 4099, 65536 }, { 0, LEN - 1, 12 }, { 1, 0, 0 },
		{ 1, 5, 3 }, { 1, 4101, 65536 }, { 1, LEN - 1, 1 }, { 1, LEN - 3, 5 },
	};
	unsigned char *b = malloc(LEN);
	struct verify base, v;
	struct verify_miss m;

	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		unsigned char want;
		make(&base, 1, 0xa5, cases[k].diag);
		verify_for_writer(&v, &base, 3);
		verify_fill(&v, b, LEN, cases[k].off);
		want = b[cases[k].at];
		b[cases[k].at] ^= 0xff;
		memset(&m, 0, sizeof(m));
		CU_ASSERT_EQUAL(verify_check(&v, b, LEN, cases[k].off, &m), -1);
		CU_ASSERT_EQUAL(m.offset, cases[k].off + cases[k].at);
		CU_ASSERT_EQUAL(m.want, want);
		CU_ASSERT_EQUAL(m.got, (unsigned char)(want ^ 0xff));
		/* a second bad byte later does not hide the first */
		b[LEN - 1] ^= 0x01;
		CU_ASSERT_EQUAL(verify_check(&v, b, LEN, cases[k].off, &m), -1);
		CU_ASSERT_EQUAL(m.offset, cases[k].off + cases[k].at);
	}
	/* off: never a miss */
	make(&v, 0, 0, 0);
	CU_ASSERT_EQUAL(verify_check(&v, b, LEN, 0, &m), 0);
	free(b);
}

/* Words are little-endian whatever the host: the file means the same. */
static void test_byte_order(void)
{
	unsigned char a[16], b[16];
	struct verify base, v;

	make(&base, 0, 0, 1);
	verify_for_writer(&v, &base, 0);
	verify_fill(&v, a, 16, 0);
	for (size_t i = 0; i < 16; i++)
		verify_fill(&v, b + i, 1, i);
	CU_ASSERT_EQUAL(memcmp(a, b, 16), 0);
}

static void test_messages(void)
{
	struct verify_miss m = { 65636, 0xa5, 0x5a };
	struct verify v;
	char s[256];

	CU_ASSERT_EQUAL(verify_error(&m, "/mnt/t", s, sizeof(s)), -1);
	CU_ASSERT_STRING_EQUAL(s, "data mismatch in '/mnt/t' at offset 65636: "
			       "expected 0xa5, found 0x5a");
	make(&v, 1, 7, 0);
	verify_describe(&v, s, sizeof(s));
	CU_ASSERT_STRING_EQUAL(s, "verify 0x07");
	make(&v, 0, 0, 1);
	verify_describe(&v, s, sizeof(s));
	CU_ASSERT_STRING_EQUAL(s, "diagnostic");
}

static const struct cu_case cases[] = {
	CU_CASE(test_modes), CU_CASE(test_byte_fill_check), CU_CASE(test_diag_offsets),
	CU_CASE(test_miss), CU_CASE(test_byte_order), CU_CASE(test_messages), { 0 }
};

CU_MAIN("verify", cases)
