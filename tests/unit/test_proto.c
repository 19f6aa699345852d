/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_proto.c: the agent's wire format (net/proto.c) on bytes, without
 * a socket: headers good and bad (magic, version, type, a 4 GB length),
 * each payload's shape, frames cut short, words, relative paths that
 * must not climb out, file chunks, link requests, the token, and the
 * box's counters asked for and sent.
 */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "cu.h"
#include "net/proto.h"

static void test_header_roundtrip(void)
{
	uint8_t b[PROTO_HEADER];
	struct proto_header h;
	char err[256];

	proto_header_put(b, PROTO_JOB, 1234);
	CU_ASSERT_EQUAL(proto_header_parse(b, &h, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(h.type, PROTO_JOB);
	CU_ASSERT_EQUAL(h.len, 1234);
	proto_header_put(b, PROTO_FILE, PROTO_MAX_PAYLOAD);
	CU_ASSERT_EQUAL(proto_header_parse(b, &h, err, sizeof(err)), 0);
}

struct bad_header {
	uint8_t b[PROTO_HEADER];
	const char *err;
};

static const struct bad_header bad_headers[] = {
	{ { 'G', 'E', 'T', ' ', '/', ' ', 'H', 'T' }, "bad magic" },
	{ { 'I', 'S', 2, 1, 0, 0, 0, 0 }, "protocol version 2" },
	{ { 'I', 'S', 1, 0, 0, 0, 0, 0 }, "unknown message type 0" },
	{ { 'I', 'S', 1, PROTO_TYPE_END, 0, 0, 0, 0 }, "unknown message type" },
	{ { 'I', 'S', 1, PROTO_JOB, 0xff, 0xff, 0xff, 0xff }, "more than the 1048576" },
	{ { 'I', 'S', 1, PROTO_HELLO, 0, 0x10, 0, 1 }, "more than the" },
};

static void test_header_bad(void)
{
	for (size_t i = 0; i < sizeof(bad_headers) / sizeof(bad_headers[0]); i++) {
		struct proto_header h;
		char err[256] = "";
		CU_ASSERT_EQUAL(proto_header_parse(bad_headers[i].b, &h, err, sizeof(err)), -1);
		CU_ASSERT_PTR_NOT_NULL(strstr(err, bad_headers[i].err));
		CU_ASSERT_PTR_NULL(strchr(err, '\n'));
	}
}

static void test_frame(void)
{
	uint8_t b[64];
	struct proto_header h;
	char err[256];

	proto_header_put(b, PROTO_PING, 8);
	memset(b + PROTO_HEADER, 7, 8);
	for (size_t n = 0; n < PROTO_HEADER + 8; n++)
		CU_ASSERT_EQUAL(proto_frame_parse(b, n, &h, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(proto_frame_parse(b, PROTO_HEADER + 8, &h, err, sizeof(err)), 1);
	CU_ASSERT_EQUAL(h.type, PROTO_PING);
	/* a ping of the wrong size, an END of 3 bytes */
	proto_header_put(b, PROTO_PING, 7);
	CU_ASSERT_EQUAL(proto_frame_parse(b, PROTO_HEADER + 7, &h, err, sizeof(err)), -1);
	proto_header_put(b, PROTO_END, 3);
	CU_ASSERT_EQUAL(proto_frame_parse(b, PROTO_HEADER + 3, &h, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "not 4"));
}

static void test_words(void)
{
	char *words[] = { "-s", "64k", "-f", "t.tmp", "" };
	uint8_t b[256];
	struct proto_words w;
	char err[256];
	long n = proto_words_encode(words, 5, b, sizeof(b), err, sizeof(err));

	CU_ASSERT_EQUAL(n, 3 + 4 + 3 + 6 + 1);
	CU_ASSERT_EQUAL(proto_payload_check(PROTO_JOB, b, (size_t)n, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(proto_words_parse(b, (size_t)n, &w, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(w.n, 5);
	CU_ASSERT_STRING_EQUAL(w.w[3], "t.tmp");
	CU_ASSERT_STRING_EQUAL(w.w[4], "");
	CU_ASSERT_PTR_NULL(w.w[5]);
	proto_words_release(&w);
	/* not ended by a NUL; a control character; too small a buffer */
	CU_ASSERT_EQUAL(proto_words_parse((const uint8_t *)"-s", 2, &w, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NULL(w.w);
	CU_ASSERT_EQUAL(proto_payload_check(PROTO_JOB, (const uint8_t *)"a\033b", 4, err,
					    sizeof(err)), -1);
	CU_ASSERT_EQUAL(proto_words_encode(words, 5, b, 10, err, sizeof(err)), -1);
}

static void test_words_count(void)
{
	static uint8_t b[2 * (PROTO_MAX_WORDS + 1)];
	char err[256];

	memset(b, 0, sizeof(b));   /* PROTO_MAX_WORDS + 1 ... empty words */
	CU_ASSERT_EQUAL(proto_payload_check(PROTO_JOB, b, PROTO_MAX_WORDS, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(proto_payload_check(PROTO_JOB, b, PROTO_MAX_WORDS + 1, err,
					    sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "more than 256 words"));
}

struct path_case {
	const char *path;
	int ok;
};

static const struct path_case paths[] = {
	{ "t.tmp", 1 }, { "a/b/c", 1 }, { "..a", 1 }, { "a..", 1 }, { ".hidden", 1 },
	{ "", 0 }, { "/etc/passwd", 0 }, { "..", 0 }, { "../x", 0 }, { "a/../../x", 0 },
	{ "a/..", 0 }, { "./x", 0 }, { "a/./b", 0 }, { "a//b", 0 }, { "a/", 0 },
	{ "a\\..\\b", 0 }, { "a\nb", 0 },
};

static void test_relpath(void)
{
	char err[256], big[PROTO_MAX_PATH + 2];

	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		int rc = proto_relpath_check(paths[i].path, err, sizeof(err));
		CU_ASSERT_EQUAL(rc, paths[i].ok ? 0 : -1);
	}
	memset(big, 'a', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	CU_ASSERT_EQUAL(proto_relpath_check(big, err, sizeof(err)), -1);
}

static void test_file_chunk(void)
{
	static const uint8_t good[] = "sheets/a.csv\0x,y\n";
	static const uint8_t climb[] = "../meta.csv\0data";
	const char *path;
	const uint8_t *data;
	size_t dlen;
	char err[256];

	CU_ASSERT_EQUAL(proto_file_parse(good, sizeof(good) - 1, &path, &data, &dlen, err,
					 sizeof(err)), 0);
	CU_ASSERT_STRING_EQUAL(path, "sheets/a.csv");
	CU_ASSERT_EQUAL(dlen, 4);
	CU_ASSERT_EQUAL(memcmp(data, "x,y\n", 4), 0);
	CU_ASSERT_EQUAL(proto_file_parse(climb, sizeof(climb) - 1, &path, &data, &dlen, err,
					 sizeof(err)), -1);
	CU_ASSERT_EQUAL(proto_file_parse((const uint8_t *)"nonul", 5, &path, &data, &dlen,
					 err, sizeof(err)), -1);
	CU_ASSERT_EQUAL(proto_file_parse((const uint8_t *)"", 0, &path, &data, &dlen, err,
					 sizeof(err)), -1);
}

static void test_link(void)
{
	struct proto_link l = { .down = 1, .warmup_ms = 1000, .measure_ms = 10000 }, m;
	uint8_t b[9];
	char err[256];

	proto_link_put(b, &l);
	CU_ASSERT_EQUAL(proto_link_parse(b, 9, &m, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(m.down, 1);
	CU_ASSERT_EQUAL(m.warmup_ms, 1000);
	CU_ASSERT_EQUAL(m.measure_ms, 10000);
	b[0] = 2;
	CU_ASSERT_EQUAL(proto_link_parse(b, 9, &m, err, sizeof(err)), -1);
	l.measure_ms = 0xffffffffu;
	proto_link_put(b, &l);
	CU_ASSERT_EQUAL(proto_link_parse(b, 9, &m, err, sizeof(err)), -1);
	CU_ASSERT_EQUAL(proto_link_parse(b, 8, &m, err, sizeof(err)), -1);
}

static void test_token(void)
{
	uint8_t raw[PROTO_TOKEN_BYTES];
	char tok[PROTO_TOKEN_HEX + 1], other[PROTO_TOKEN_HEX + 1];

	for (int i = 0; i < PROTO_TOKEN_BYTES; i++)
		raw[i] = (uint8_t)(i * 17 + 3);
	proto_token_format(raw, tok);
	CU_ASSERT_EQUAL(strlen(tok), PROTO_TOKEN_HEX);
	CU_ASSERT_EQUAL(strspn(tok, "0123456789abcdef"), PROTO_TOKEN_HEX);
	CU_ASSERT_TRUE(proto_token_equal(tok, (const uint8_t *)tok, PROTO_TOKEN_HEX));
	memcpy(other, tok, sizeof(other));
	other[PROTO_TOKEN_HEX - 1] ^= 1;
	CU_ASSERT_FALSE(proto_token_equal(tok, (const uint8_t *)other, PROTO_TOKEN_HEX));
	CU_ASSERT_FALSE(proto_token_equal(tok, (const uint8_t *)tok, PROTO_TOKEN_HEX - 1));
	CU_ASSERT_FALSE(proto_token_equal(tok, (const uint8_t *)"", 0));
	/* an empty token (the agent's after it stopped) matches nothing */
	memset(other, 0, sizeof(other));
	CU_ASSERT_FALSE(proto_token_equal(other, (const uint8_t *)other, PROTO_TOKEN_HEX));
}

static void test_sample(void)
{
	static const char text[] = "boxstat 1\nt_ms 5\ncpu 1 2\n";
	uint8_t frame[PROTO_HEADER + sizeof(text)], *big = calloc(1, PROTO_MAX_BOX + 1);
	struct proto_header h;
	char err[256] = "";

	CU_ASSERT_FATAL(big != NULL);
	CU_ASSERT_STRING_EQUAL(proto_type_name(PROTO_SAMPLE), "sample");
	CU_ASSERT_STRING_EQUAL(proto_type_name(PROTO_BOX), "box");
	/* a sample asks with nothing */
	proto_header_put(frame, PROTO_SAMPLE, 0);
	CU_ASSERT_EQUAL(proto_frame_parse(frame, PROTO_HEADER, &h, err, sizeof(err)), 1);
	CU_ASSERT_EQUAL(h.type, PROTO_SAMPLE);
	CU_ASSERT_EQUAL(proto_payload_check(PROTO_SAMPLE, (const uint8_t *)"x", 1, err,
					    sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "sample message of 1 bytes, not 0"));
	/* the answer is text, bounded */
	proto_header_put(frame, PROTO_BOX, (uint32_t)(sizeof(text) - 1));
	memcpy(frame + PROTO_HEADER, text, sizeof(text) - 1);
	CU_ASSERT_EQUAL(proto_frame_parse(frame, PROTO_HEADER + sizeof(text) - 1, &h, err,
					  sizeof(err)), 1);
	CU_ASSERT_EQUAL(h.type, PROTO_BOX);
	CU_ASSERT_EQUAL(proto_payload_check(PROTO_BOX, (const uint8_t *)"a\001b", 3, err,
					    sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "control character"));
	memset(big, 'a', PROTO_MAX_BOX + 1);
	CU_ASSERT_EQUAL(proto_payload_check(PROTO_BOX, big, PROTO_MAX_BOX, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(proto_payload_check(PROTO_BOX, big, PROTO_MAX_BOX + 1, err,
					    sizeof(err)), -1);
	free(big);
}

static const struct cu_case cases[] = {
	CU_CASE(test_header_roundtrip), CU_CASE(test_header_bad), CU_CASE(test_frame),
	CU_CASE(test_words), CU_CASE(test_words_count), CU_CASE(test_relpath),
	CU_CASE(test_file_chunk), CU_CASE(test_link), CU_CASE(test_token),
	CU_CASE(test_sample), { 0 }
};

CU_MAIN("proto", cases)
