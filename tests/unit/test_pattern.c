/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_pattern.c: data patterns and their measured compressibility. */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "cu.h"
#include "options/options.h"
#include "run/pattern.h"

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

/*
 * The write walk: windows of span bytes move on by span (<= 1 MiB) and
 * wrap before passing span + 1 MiB; a stream of 4 kB writes compresses
 * like the pattern itself, where one record sent over and over (the old
 * throughput mode) compresses over 100:1; --data zero stays on the first
 * window.
 */
static void test_window_stream(void)
{
	const size_t span = 4096, len = pattern_buffer_len(span, 0);
	unsigned char *buf = malloc(len);
	struct pattern_window w;
	size_t steps = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
	CU_ASSERT_EQUAL(len, span + PATTERN_WINDOW_SLACK);
	CU_ASSERT_EQUAL(pattern_buffer_len(span, 1), span);
	pattern_fill(buf, len, OPTIONS_DATA_RANDOM, 0, 7);
	pattern_window_start(&w, buf, len, span, 0, 0);
	CU_ASSERT_EQUAL(w.step, span);
	do {
		CU_ASSERT(w.p + span <= buf + len);
		PATTERN_WINDOW_NEXT(w);
		steps++;
	} while (w.p != buf && steps < 10000);
	CU_ASSERT_EQUAL(steps, len / span);
	/* continue where a walk left off */
	pattern_window_start(&w, buf, len, span, 3 * span, 0);
	CU_ASSERT_EQUAL(pattern_window_pos(&w), 3 * span);
	/* a window of more than 1 MiB moves on by min(span - 1 MiB, 1 MiB) */
	pattern_window_start(&w, buf, len, PATTERN_WINDOW_SLACK + 8192, 0, 0);
	CU_ASSERT_EQUAL(w.step, 8192);

	double r = pattern_stream_ratio(buf, len, span, 0, 2u << 20);
	CU_ASSERT(r > 0.98 && r < 1.02);
	r = pattern_stream_ratio(buf, span, span, 1, 2u << 20);
	CU_ASSERT(r > 100.0);	/* one 4 kB record over and over */
	pattern_fill(buf, len, OPTIONS_DATA_ZERO, 0, 7);
	pattern_window_start(&w, buf, span, span, 0, 1);
	PATTERN_WINDOW_NEXT(w);
	CU_ASSERT_PTR_EQUAL(w.p, buf);
	CU_ASSERT(pattern_stream_ratio(buf, span, span, 1, 1u << 20) > 100.0);
	CU_ASSERT(pattern_stream_ratio(buf, len, 0, 0, 1u << 20) < 0);
	free(buf);
}

/*
 * -m's ring: area / span windows a span apart, back at the start when the
 * next would pass the area; a walk continued at pos goes on from there; a
 * span as large as the area is one window.
 */
static void test_window_ring(void)
{
	static unsigned char buf[64];
	const size_t want[] = { 16, 32, 48, 0, 16 };
	struct pattern_window w;

	pattern_window_ring(&w, buf, sizeof(buf), 16, 16);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		CU_ASSERT_EQUAL(pattern_window_pos(&w), want[i]);
		PATTERN_WINDOW_NEXT(w);
	}
	/* 24-byte windows in 64 bytes: 0, 24, then 48 would not fit */
	pattern_window_ring(&w, buf, sizeof(buf), 24, 24);
	PATTERN_WINDOW_NEXT(w);
	CU_ASSERT_EQUAL(pattern_window_pos(&w), 0);
	/* a position past the last window starts over */
	pattern_window_ring(&w, buf, sizeof(buf), 16, 60);
	CU_ASSERT_EQUAL(pattern_window_pos(&w), 0);
	pattern_window_ring(&w, buf, sizeof(buf), 64, 0);
	PATTERN_WINDOW_NEXT(w);
	CU_ASSERT_EQUAL(pattern_window_pos(&w), 0);
}

static const struct cu_case cases[] = {
	CU_CASE(test_patterns),
	CU_CASE(test_describe),
	CU_CASE(test_window_stream),
	CU_CASE(test_window_ring),
	{ 0 }
};
CU_MAIN("pattern", cases)
