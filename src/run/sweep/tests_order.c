/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests_order.c: the order in which a pass visits the records of its
 * file: random write and read's fixed permutation and IOzone's stride
 * walk, turned into the byte offsets of c->bufs.offsets before a pass (the
 * passes themselves are tests_pass.c's).
 */
#include "compat.h"

#include "lib/err.h"
#include "run/data/pattern.h"
#include "run/sweep/tests_ctx.h"
#include "run/sweep/tests_order.h"

/* Uniform in [0, bound), bound >= 1, without modulo bias. */
static uint64_t bounded(uint64_t *state, uint64_t bound)
{
	uint64_t threshold = (0 - bound) % bound;
	for (;;) {
		uint64_t r = pattern_splitmix64(state);
		if (r >= threshold)
			return r % bound;
	}
}

#define TESTS_SEED 0x10205a7e5eedull

void tests_permutation(uint64_t *idx, uint64_t n)
{
	uint64_t state = TESTS_SEED;

	for (uint64_t i = 0; i < n; i++)
		idx[i] = i;
	for (uint64_t i = n; i > 1; i--) {
		uint64_t j = bounded(&state, i);
		uint64_t t = idx[i - 1];
		idx[i - 1] = idx[j];
		idx[j] = t;
	}
}

/*
 * IOzone's stride walk: read a record, jump s records on; when the next
 * jump would reach the last record, start again one record further in
 * than the previous start (back at 0 when the file has no more than s
 * records).
 */
void tests_stride_order(uint64_t *idx, uint64_t n, uint64_t s)
{
	uint64_t pos = 0, wrap = 0;

	if (s == 0)
		s = 1;
	for (uint64_t i = 0; i < n; i++) {
		idx[i] = pos;
		pos++;
		if (pos + s >= n - 1) {
			wrap++;
			pos = n <= s ? 0 : wrap % n;
		} else {
			pos += s - 1;
		}
	}
}

static int need_offsets(struct tests_ctx *c)
{
	if (!c->bufs.offsets)
		return err_set(c->err, c->errlen, "internal error: no offset table for "
			"%llu records", (unsigned long long)c->cell.numrecs);
	return 0;
}

static void to_bytes(struct tests_ctx *c)
{
	for (uint64_t i = 0; i < c->cell.numrecs; i++)
		c->bufs.offsets[i] *= c->cell.reclen;
}

int tests_prepare_random(struct tests_ctx *c)
{
	if (need_offsets(c) != 0)
		return TESTS_ERROR;
	tests_permutation(c->bufs.offsets, c->cell.numrecs);
	to_bytes(c);
	return TESTS_OK;
}

int tests_prepare_stride(struct tests_ctx *c)
{
	if (need_offsets(c) != 0)
		return TESTS_ERROR;
	tests_stride_order(c->bufs.offsets, c->cell.numrecs, options_stride(c->o));
	to_bytes(c);
	return TESTS_OK;
}
