/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_telemetry.c: reading IOzone's telemetry files (telemetry.c). */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "cu.h"
#include "run/sweep/telemetry.h"

static struct telemetry *parse(const char *text, char *err, size_t errlen)
{
	struct telemetry *t = NULL;

	err[0] = '\0';
	if (telemetry_parse(text, strlen(text), "t.tr", &t, err, errlen) != 0)
		CU_ASSERT_PTR_NULL(t);
	return t;
}

/* Good files: the operations in order, comments and blank lines skipped. */
static void test_good(void)
{
	char err[256];
	struct telemetry *t = parse("# c\n8192 4096 3\n\n0 100 0\r\n 4096\t512 7", err,
				    sizeof(err));

	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	CU_ASSERT_EQUAL(t->n, 3);
	CU_ASSERT_EQUAL(t->fields, 3);
	CU_ASSERT_EQUAL(t->op[0].offset, 8192);
	CU_ASSERT_EQUAL(t->op[0].len, 4096);
	CU_ASSERT_EQUAL(t->op[0].compute_ms, 3);
	CU_ASSERT_EQUAL(t->op[1].offset, 0);
	CU_ASSERT_EQUAL(t->op[1].len, 100);
	CU_ASSERT_EQUAL(t->op[2].offset, 4096);
	CU_ASSERT_EQUAL(t->op[2].compute_ms, 7);
	CU_ASSERT_EQUAL(t->extent, 12288);
	CU_ASSERT_EQUAL(t->max_len, 4096);
	CU_ASSERT_EQUAL(t->total, 4096 + 100 + 512);
	free(t);
	t = parse("0 4096\n", err, sizeof(err));
	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	CU_ASSERT_EQUAL(t->fields, 2);
	CU_ASSERT_EQUAL(t->op[0].compute_ms, 0);
	free(t);
}

/* Bad files: "FILE:LINE: why", nothing returned. */
static void test_bad(void)
{
	static const struct { const char *text, *msg; } cases[] = {
		{ "0\n", "t.tr:1: 1 field (use OFFSET LENGTH [COMPUTE_MS])" },
		{ "#\n0 1 2 3\n", "t.tr:2: more than 3 fields (use OFFSET LENGTH "
		  "[COMPUTE_MS])" },
		{ "-1 4096\n", "t.tr:1: the offset is not a whole number from 0 to "
		  "9223372036854775807" },
		{ "0 16777217\n", "t.tr:1: the length is not a whole number from 0 "
		  "to 16777216" },
		{ "0 4096 x\n", "t.tr:1: the compute time is not a whole number from "
		  "0 to 3600000" },
		{ "0 0\n", "t.tr:1: a length of 0 bytes" },
		{ "0 1\n0 1 1\n", "t.tr:2: 3 fields where the first operation has 2" },
		{ "", "t.tr:1: no operations (use OFFSET LENGTH [COMPUTE_MS] a line)" },
		{ "9223372036854775807 1\n", "t.tr:1: the operation ends past the "
		  "largest file offset" },
	};
	char err[256];

	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		struct telemetry *t = parse(cases[k].text, err, sizeof(err));
		CU_ASSERT_PTR_NULL(t);
		CU_ASSERT_STRING_EQUAL(err, cases[k].msg);
		free(t);
	}
}

static const struct cu_case cases[] = {
	CU_CASE(test_good), CU_CASE(test_bad), { 0 }
};

CU_MAIN("telemetry", cases)
