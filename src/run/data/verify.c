/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * verify.c: the data of -V and -+d, and the check of what a read
 * returned (see verify.h for the scheme).
 *
 * Both directions work a word (8 bytes) at a time where the offset is a
 * multiple of 8, which every record is (records are whole kB), and a
 * byte at a time at the edges of anything else; a check that finds a
 * word differ looks for the first byte that does, so the message names
 * the exact offset.  Words are stored little-endian whatever the host,
 * so a file means the same everywhere.
 */
#include "compat.h"

#include <stdio.h>
#include <string.h>

#include "lib/err.h"
#include "options/options.h"
#include "run/data/pattern.h"
#include "run/data/verify.h"

#define VERIFY_SEED 0x2b64a9e0d1a60000ull  /* the run's key for -+d */
#define VERIFY_ONES 0x0101010101010101ull

/* -+d's word number w (offset 8w) of the file with this key. */
static uint64_t diag_word(uint64_t key, uint64_t w)
{
	uint64_t state = key + w * 0x9e3779b97f4a7c15ull;

	return pattern_splitmix64(&state);
}

static void put_le64(unsigned char *p, uint64_t v)
{
	for (int k = 0; k < 8; k++)
		p[k] = (unsigned char)(v >> (8 * k));
}

static uint64_t get_le64(const unsigned char *p)
{
	uint64_t v = 0;

	for (int k = 7; k >= 0; k--)
		v = (v << 8) | p[k];
	return v;
}

/* The byte at offset off: one byte of the word it is in. */
static unsigned char expected_byte(const struct verify *v, uint64_t off)
{
	if (v->mode == VERIFY_BYTE)
		return v->byte;
	return (unsigned char)(diag_word(v->key, off >> 3) >> (8 * (off & 7)));
}

/* The 8 bytes from offset off (a multiple of 8), as a little-endian word. */
static uint64_t expected_word(const struct verify *v, uint64_t off)
{
	if (v->mode == VERIFY_BYTE)
		return VERIFY_ONES * v->byte;
	return diag_word(v->key, off >> 3);
}

void verify_from_options(struct verify *v, const struct options *o)
{
	memset(v, 0, sizeof(*v));
	if (o->diag)
		v->mode = VERIFY_DIAG;
	else if (o->verify)
		v->mode = VERIFY_BYTE;
	else if (o->shape) {
		v->mode = VERIFY_SHAPE;
		shape_from_options(&v->shape, o, 0);
	}
	v->byte = (unsigned char)(o->verify_byte ? o->verify_byte :
				  OPTIONS_DEFAULT_VERIFY_BYTE);
	v->key = VERIFY_SEED;
}

void verify_for_writer(struct verify *dst, const struct verify *base,
		       uint64_t writer)
{
	uint64_t state = base->key ^ writer;

	*dst = *base;
	dst->key = pattern_splitmix64(&state);
	shape_for_writer(&dst->shape, (int64_t)writer < 0 ? 0 : writer);
}

void verify_fill(const struct verify *v, void *buf, size_t len, uint64_t off)
{
	unsigned char *p = buf;

	if (v->mode == VERIFY_BYTE) {
		memset(p, v->byte, len);
		return;
	}
	if (v->mode == VERIFY_SHAPE) {
		shape_fill(&v->shape, p, len, off);
		return;
	}
	if (v->mode != VERIFY_DIAG)
		return;
	for (; len && (off & 7); len--)
		*p++ = expected_byte(v, off++);
	for (; len >= 8; len -= 8, p += 8, off += 8)
		put_le64(p, expected_word(v, off));
	for (; len; len--)
		*p++ = expected_byte(v, off++);
}

/* A miss at offset off of the file, the byte got where want belonged. */
static int missed(struct verify_miss *m, uint64_t off, unsigned char want,
		  unsigned char got)
{
	m->offset = off;
	m->want = want;
	m->got = got;
	return -1;
}

int verify_check(const struct verify *v, const void *buf, size_t len,
		 uint64_t off, struct verify_miss *miss)
{
	const unsigned char *p = buf;

	if (v->mode == VERIFY_OFF || v->mode == VERIFY_SHAPE)
		return 0;
	for (; len && (off & 7); len--, p++, off++)
		if (*p != expected_byte(v, off))
			return missed(miss, off, expected_byte(v, off), *p);
	for (; len >= 8; len -= 8, p += 8, off += 8) {
		uint64_t want = expected_word(v, off);
		if (get_le64(p) == want)
			continue;
		for (int k = 0; k < 8; k++) {
			unsigned char w = (unsigned char)(want >> (8 * k));
			if (p[k] != w)
				return missed(miss, off + (uint64_t)k, w, p[k]);
		}
	}
	for (; len; len--, p++, off++)
		if (*p != expected_byte(v, off))
			return missed(miss, off, expected_byte(v, off), *p);
	return 0;
}

int verify_error(const struct verify_miss *m, const char *path, char *err,
		 size_t errlen)
{
	return err_set(err, errlen, "data mismatch in '%s' at offset %llu: "
		"expected 0x%02x, found 0x%02x", path, (unsigned long long)m->offset,
		m->want, m->got);
}

void verify_describe(const struct verify *v, char *out, size_t outlen)
{
	if (v->mode == VERIFY_DIAG)
		snprintf(out, outlen, "diagnostic");
	else if (v->mode == VERIFY_BYTE)
		snprintf(out, outlen, "verify 0x%02x", v->byte);
	else if (v->mode == VERIFY_SHAPE)
		shape_describe(&v->shape, out, outlen);
	else
		snprintf(out, outlen, "off");
}
