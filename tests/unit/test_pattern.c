/* test_pattern.c: data patterns and their measured compressibility. */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "cu.h"
#include "options.h"
#include "pattern.h"

static void test_patterns(void)
{
	size_t len = 1 << 20;
	unsigned char *a = malloc(len), *b = malloc(len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);

	pattern_fill(a, len, OPTIONS_DATA_ZERO, 0, 1);
	size_t nonzero = 0;
	for (size_t i = 0; i < len; i++)
		nonzero += a[i] != 0;
	CU_ASSERT_EQUAL(nonzero, 0);
	CU_ASSERT_TRUE(pattern_compress_ratio(a, len) > 100.0);

	pattern_fill(a, len, OPTIONS_DATA_RANDOM, 0, 1);
	double r = pattern_compress_ratio(a, len);
	CU_ASSERT_TRUE(r > 0.9 && r < 1.05);
	/* same seed, same bytes; another seed, other bytes */
	pattern_fill(b, len, OPTIONS_DATA_RANDOM, 0, 1);
	CU_ASSERT_EQUAL(memcmp(a, b, len), 0);
	pattern_fill(b, len, OPTIONS_DATA_RANDOM, 0, 2);
	CU_ASSERT_NOT_EQUAL(memcmp(a, b, len), 0);

	/* half zeros: compresses about 2x */
	pattern_fill(a, len, OPTIONS_DATA_RATIO, 0.5, 1);
	r = pattern_compress_ratio(a, len);
	CU_ASSERT_TRUE(r > 1.8 && r < 2.2);
	/* odd length: no overrun (ASan checks), tail filled */
	pattern_fill(a, 4099, OPTIONS_DATA_RATIO, 0.25, 3);
	CU_ASSERT_EQUAL(a[0], 0);
	CU_ASSERT_TRUE(pattern_compress_ratio(a, 0) < 0);
	free(a);
	free(b);
}

static void test_describe(void)
{
	char s[32];
	pattern_describe(OPTIONS_DATA_RANDOM, 0, s, sizeof(s));
	CU_ASSERT_STRING_EQUAL(s, "random");
	pattern_describe(OPTIONS_DATA_ZERO, 0, s, sizeof(s));
	CU_ASSERT_STRING_EQUAL(s, "zero");
	pattern_describe(OPTIONS_DATA_RATIO, 0.5, s, sizeof(s));
	CU_ASSERT_STRING_EQUAL(s, "ratio=0.50");
}

static const struct cu_case cases[] = {
	CU_CASE(test_patterns),
	CU_CASE(test_describe),
	{ 0 }
};
CU_MAIN("pattern", cases)
