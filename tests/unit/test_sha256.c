/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_sha256.c: SHA-256 against FIPS 180-4's published examples, and
 * the same digest whatever pieces the input is fed in.
 */
#include "compat.h"

#include <string.h>

#include "cu.h"
#include "lib/sha256.h"

struct vec {
	const char *text;
	size_t repeat;
	const char *hex;
};

static const struct vec vecs[] = {
	{ "", 1, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
	{ "abc", 1, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
	{ "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
	  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
	{ "a", 1000000, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0" },
	{ NULL, 0, NULL }
};

static void test_vectors(void)
{
	for (const struct vec *v = vecs; v->text; v++) {
		struct sha256 c;
		char hex[65];
		sha256_init(&c);
		for (size_t i = 0; i < v->repeat; i++)
			sha256_update(&c, v->text, strlen(v->text));
		sha256_final_hex(&c, hex);
		CU_ASSERT_STRING_EQUAL(hex, v->hex);
	}
}

static void test_pieces(void)
{
	unsigned char buf[1000];
	char whole[65], split[65];
	struct sha256 c;
	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = (unsigned char)(i * 7 + 3);
	sha256_init(&c);
	sha256_update(&c, buf, sizeof(buf));
	sha256_final_hex(&c, whole);
	for (size_t cut = 0; cut <= sizeof(buf); cut += 37) {
		sha256_init(&c);
		sha256_update(&c, buf, cut);
		sha256_update(&c, buf + cut, sizeof(buf) - cut);
		sha256_final_hex(&c, split);
		CU_ASSERT_STRING_EQUAL(split, whole);
	}
	/* one byte more is another digest */
	sha256_init(&c);
	sha256_update(&c, buf, sizeof(buf) - 1);
	sha256_final_hex(&c, split);
	CU_ASSERT_STRING_NOT_EQUAL(split, whole);
}

static const struct cu_case cases[] = {
	CU_CASE(test_vectors),
	CU_CASE(test_pieces),
	{ 0 }
};
CU_MAIN("sha256", cases)
