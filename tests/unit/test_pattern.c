/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_pattern.c: data patterns and their measured compressibility. */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "cu.h"
#include "options/options.h"
#include "run/data/pattern.h"

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
	pattern_window_start(&w, buf, len, span, 0, 0, 0, 0);
	CU_ASSERT_EQUAL(w.step, span);
	do {
		CU_ASSERT(w.p + span <= buf + len);
		PATTERN_WINDOW_NEXT(w);
		steps++;
	} while (w.p != buf && steps < 10000);
	CU_ASSERT_EQUAL(steps, len / span);
	/* continue where a walk left off */
	pattern_window_start(&w, buf, len, span, 3 * span, 0, 0, 0);
	CU_ASSERT_EQUAL(pattern_window_pos(&w), 3 * span);
	/* a window of more than 1 MiB moves on by min(span - 1 MiB, 1 MiB) */
	pattern_window_start(&w, buf, len, PATTERN_WINDOW_SLACK + 8192, 0, 0, 0, 0);
	CU_ASSERT_EQUAL(w.step, 8192);

	double r = pattern_stream_ratio(buf, len, span, 0, PATTERN_TAG_GRID, 2u << 20);
	CU_ASSERT(r > 0.98 && r < 1.02);
	r = pattern_stream_ratio(buf, span, span, 1, 0, 2u << 20);
	CU_ASSERT(r > 100.0);	/* one 4 kB record over and over */
	pattern_fill(buf, len, OPTIONS_DATA_ZERO, 0, 7);
	pattern_window_start(&w, buf, span, span, 0, 1, PATTERN_TAG_GRID, 0);
	PATTERN_WINDOW_NEXT(w);
	CU_ASSERT_PTR_EQUAL(w.p, buf);
	CU_ASSERT(pattern_stream_ratio(buf, span, span, 1, 0, 1u << 20) > 100.0);
	CU_ASSERT(pattern_stream_ratio(buf, len, 0, 0, 0, 1u << 20) < 0);
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

	pattern_window_ring(&w, buf, sizeof(buf), 16, 16, 0, 0);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		CU_ASSERT_EQUAL(pattern_window_pos(&w), want[i]);
		PATTERN_WINDOW_NEXT(w);
	}
	/* 24-byte windows in 64 bytes: 0, 24, then 48 would not fit */
	pattern_window_ring(&w, buf, sizeof(buf), 24, 24, 0, 0);
	PATTERN_WINDOW_NEXT(w);
	CU_ASSERT_EQUAL(pattern_window_pos(&w), 0);
	/* a position past the last window starts over */
	pattern_window_ring(&w, buf, sizeof(buf), 16, 60, 0, 0);
	CU_ASSERT_EQUAL(pattern_window_pos(&w), 0);
	pattern_window_ring(&w, buf, sizeof(buf), 64, 0, 0, 0);
	PATTERN_WINDOW_NEXT(w);
	CU_ASSERT_EQUAL(pattern_window_pos(&w), 0);
}

/* The blocks of bs bytes in the nbytes a walk sends: how many distinct. */
static size_t walk_distinct(unsigned char *buf, size_t buflen, size_t span,
			    size_t grid, size_t nbytes, size_t bs)
{
	unsigned char *out = malloc(nbytes);
	struct pattern_window w;
	size_t n = nbytes / bs, distinct = 0;
	uint64_t *h = calloc(n, sizeof(*h));

	CU_ASSERT_PTR_NOT_NULL_FATAL(out);
	CU_ASSERT_PTR_NOT_NULL_FATAL(h);
	pattern_window_start(&w, buf, buflen, span, 0, 0, grid, 0);
	for (size_t off = 0; off < nbytes; off += span) {
		memcpy(out + off, w.p, span);
		PATTERN_WINDOW_NEXT(w);
	}
	for (size_t i = 0; i < n; i++) {   /* FNV-1a of each block */
		uint64_t x = 0xcbf29ce484222325ull;
		for (size_t k = 0; k < bs; k++)
			x = (x ^ out[i * bs + k]) * 0x100000001b3ull;
		h[i] = x;
	}
	for (size_t i = 0; i < n; i++) {
		int seen = 0;
		for (size_t k = 0; k < i && !seen; k++)
			seen = h[k] == h[i] && memcmp(out + k * bs, out + i * bs, bs) == 0;
		distinct += !seen;
	}
	free(h);
	free(out);
	return distinct;
}

/*
 * Tags: a walk that comes round several times sends no 512-byte block
 * twice (without tags it repeats after span + 1 MiB), for records at and
 * above 1 MiB too (overlapping windows); the stream still does not
 * compress; --data ratio keeps its zeros (tags only past them, one per
 * 4 KiB), --data zero and ratio=1 get none.
 */
static void test_tags(void)
{
	const size_t span = 64 * 1024, len = pattern_buffer_len(span, 0);
	const size_t big = PATTERN_WINDOW_SLACK + 512 * 1024;
	const size_t blen = pattern_buffer_len(big, 0);
	unsigned char *buf = malloc(blen);
	size_t nbytes = 3 * len;

	CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
	nbytes -= nbytes % span;
	pattern_fill(buf, len, OPTIONS_DATA_RANDOM, 0, 9);
	CU_ASSERT(walk_distinct(buf, len, span, 0, nbytes, 512) < nbytes / 512);
	CU_ASSERT_EQUAL(walk_distinct(buf, len, span, PATTERN_TAG_GRID, nbytes, 512),
			nbytes / 512);
	CU_ASSERT_EQUAL(walk_distinct(buf, len, span, PATTERN_TAG_GRID, nbytes, 4096),
			nbytes / 4096);
	double r = pattern_stream_ratio(buf, len, span, 0, PATTERN_TAG_GRID, 2u << 20);
	CU_ASSERT(r > 0.98 && r < 1.02);
	pattern_fill(buf, blen, OPTIONS_DATA_RANDOM, 0, 10);
	CU_ASSERT_EQUAL(walk_distinct(buf, blen, big, PATTERN_TAG_GRID, 4 * big, 512),
			4 * big / 512);

	CU_ASSERT_EQUAL(pattern_tag_grid(OPTIONS_DATA_RANDOM, 0), 512);
	CU_ASSERT_EQUAL(pattern_tag_grid(OPTIONS_DATA_ZERO, 0), 0);
	CU_ASSERT_EQUAL(pattern_tag_grid(OPTIONS_DATA_RATIO, 0.5), 4096);
	CU_ASSERT_EQUAL(pattern_tag_grid(OPTIONS_DATA_RATIO, 1.0), 0);
	pattern_fill(buf, len, OPTIONS_DATA_RATIO, 0.5, 9);
	CU_ASSERT_EQUAL(walk_distinct(buf, len, span, 4096, nbytes, 4096),
			nbytes / 4096);
	for (size_t b = 0; b < len; b += 4096) {   /* the zeros are whole */
		size_t nz = 0;
		for (size_t k = 0; k < 2048; k++)
			nz += buf[b + k] != 0;
		CU_ASSERT_EQUAL_FATAL(nz, 0);
	}
	free(buf);
}

/*
 * pattern_tag: the words that end each grid block of the file, phase
 * bytes in, whole in the range; numbered on; one-to-one words.
 */
static void test_tag_words(void)
{
	unsigned char b[2048];
	uint64_t tag = 5, v;

	memset(b, 0, sizeof(b));
	pattern_tag(b, 1000, 512, 0, &tag);       /* one word: at 504 */
	CU_ASSERT_EQUAL(tag, 6);
	memcpy(&v, b + 504, 8);
	CU_ASSERT_EQUAL(v, pattern_tag_word(5));
	memset(b, 0, sizeof(b));
	pattern_tag(b, 1024, 512, 100, &tag);     /* at 404 and 916 */
	CU_ASSERT_EQUAL(tag, 8);
	memcpy(&v, b + 404, 8);
	CU_ASSERT_EQUAL(v, pattern_tag_word(6));
	memcpy(&v, b + 916, 8);
	CU_ASSERT_EQUAL(v, pattern_tag_word(7));
	pattern_tag(b, 600, 512, 508, &tag);      /* 508: the next word at 508 */
	CU_ASSERT_EQUAL(tag, 9);
	pattern_tag(b, 7, 512, 505, &tag);        /* no whole word */
	CU_ASSERT_EQUAL(tag, 9);
	CU_ASSERT_NOT_EQUAL(pattern_tag_word(0), pattern_tag_word(1));
	CU_ASSERT_NOT_EQUAL(pattern_tag_word(0), 0);
}

static void test_describe_unique(void)
{
	char s[64];

	pattern_describe_unique(PATTERN_TAG_GRID, s, sizeof(s));
	CU_ASSERT_STRING_EQUAL(s, "unique 512 B blocks");
	pattern_describe_unique(PATTERN_TAG_GRID_RATIO, s, sizeof(s));
	CU_ASSERT_STRING_EQUAL(s, "unique 4 kB blocks");
	pattern_describe_unique(0, s, sizeof(s));
	CU_ASSERT_STRING_EQUAL(s, "");
}

static const struct cu_case cases[] = {
	CU_CASE(test_patterns),
	CU_CASE(test_describe),
	CU_CASE(test_window_stream),
	CU_CASE(test_window_ring),
	CU_CASE(test_tags),
	CU_CASE(test_tag_words),
	CU_CASE(test_describe_unique),
	{ 0 }
};
CU_MAIN("pattern", cases)
