/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pattern.c: fill I/O buffers with the data pattern chosen by --data, and
 * measure how compressible it is with zlib (see pattern.h).
 */
#include "compat.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "options/options.h"
#include "run/data/pattern.h"

#define PATTERN_BLOCK 4096u

static uint64_t xorshift64(uint64_t *state)
{
	uint64_t x = *state;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	*state = x;
	return x;
}

static void fill_random(unsigned char *p, size_t len, uint64_t *state)
{
	while (len >= 8) {
		uint64_t v = xorshift64(state);
		memcpy(p, &v, 8);
		p += 8;
		len -= 8;
	}
	if (len) {
		uint64_t v = xorshift64(state);
		memcpy(p, &v, len);
	}
}

/* --data ratio=X: the zeros that open each PATTERN_BLOCK (X clamped to 0..1) */
static size_t ratio_zeros(double ratio)
{
	if (ratio < 0.0)
		ratio = 0.0;
	if (ratio > 1.0)
		ratio = 1.0;
	return (size_t)(ratio * PATTERN_BLOCK + 0.5);
}

void pattern_fill(void *buf, size_t len, int data, double ratio, uint64_t seed)
{
	unsigned char *p = buf;
	uint64_t state = seed ? seed : 0x9e3779b97f4a7c15ull;

	if (data == OPTIONS_DATA_ZERO) {
		memset(p, 0, len);
		return;
	}
	if (data != OPTIONS_DATA_RATIO) {
		fill_random(p, len, &state);
		return;
	}
	size_t zeros = ratio_zeros(ratio);
	for (size_t off = 0; off < len; off += PATTERN_BLOCK) {
		size_t n = len - off < PATTERN_BLOCK ? len - off : PATTERN_BLOCK;
		size_t z = zeros < n ? zeros : n;
		memset(p + off, 0, z);
		fill_random(p + off + z, n - z, &state);
	}
}

double pattern_compress_ratio(const void *buf, size_t len)
{
	if (len == 0)
		return -1.0;
	uLongf bound = compressBound((uLong)len);
	Bytef *out = malloc(bound);
	if (!out)
		return -1.0;
	int rc = compress2(out, &bound, buf, (uLong)len, 6);
	free(out);
	if (rc != Z_OK || bound == 0)
		return -1.0;
	return (double)len / (double)bound;
}

size_t pattern_buffer_len(size_t span, int one_window)
{
	if (span == 0)
		span = 1;
	return one_window ? span : span + PATTERN_WINDOW_SLACK;
}

static _Atomic uint64_t pattern_tags_taken;

uint64_t pattern_tags_take(uint64_t streams)
{
	return atomic_fetch_add_explicit(&pattern_tags_taken, streams * PATTERN_TAG_STREAM,
					 memory_order_relaxed);
}

size_t pattern_tag_grid(int data, double ratio)
{
	if (data == OPTIONS_DATA_ZERO)
		return 0;
	if (data != OPTIONS_DATA_RATIO)
		return PATTERN_TAG_GRID;
	return ratio_zeros(ratio) <= PATTERN_BLOCK - sizeof(uint64_t) ?
		PATTERN_TAG_GRID_RATIO : 0;
}

/* The walk's span and tags, and the first window tagged. */
static void window_tags(struct pattern_window *w, size_t span, size_t grid,
			uint64_t tag)
{
	w->span = span;
	w->grid = grid;
	w->tag = tag;
	pattern_window_tag(w);
}

void pattern_window_start(struct pattern_window *w, unsigned char *buf,
			  size_t buflen, size_t span, size_t pos, int one_window,
			  size_t grid, uint64_t tag)
{
	const size_t mib = PATTERN_WINDOW_SLACK;
	size_t use = span + mib < buflen ? span + mib : buflen;

	w->first = buf;
	w->last = one_window || use < span ? buf : buf + use - span;
	if (span <= mib)
		w->step = span;
	else
		w->step = span - mib < mib ? span - mib : mib;
	w->p = buf + pos;
	if (w->p > w->last)
		w->p = w->first;
	window_tags(w, span, one_window ? 0 : grid, tag);
}

void pattern_window_ring(struct pattern_window *w, unsigned char *buf,
			 size_t area, size_t span, size_t pos, size_t grid,
			 uint64_t tag)
{
	w->first = buf;
	w->last = buf + (area > span ? area - span : 0);
	w->step = span;
	w->p = buf + pos;
	if (w->p > w->last)
		w->p = w->first;
	window_tags(w, span, grid, tag);
}

size_t pattern_window_pos(const struct pattern_window *w)
{
	return (size_t)(w->p - w->first);
}

double pattern_stream_ratio(unsigned char *buf, size_t buflen, size_t span,
			    int one_window, size_t grid, size_t nbytes)
{
	struct pattern_window w;
	unsigned char *out;
	double ratio;

	if (span == 0 || nbytes == 0 || buflen < span)
		return -1.0;
	out = malloc(nbytes);
	if (!out)
		return -1.0;
	pattern_window_start(&w, buf, buflen, span, 0, one_window, grid, 0);
	for (size_t off = 0; off < nbytes; off += span) {
		size_t n = nbytes - off < span ? nbytes - off : span;
		memcpy(out + off, w.p, n);
		PATTERN_WINDOW_NEXT(w);
	}
	ratio = pattern_compress_ratio(out, nbytes);
	free(out);
	return ratio;
}

void pattern_describe(int data, double ratio, char *out, size_t outlen)
{
	if (data == OPTIONS_DATA_ZERO)
		snprintf(out, outlen, "zero");
	else if (data == OPTIONS_DATA_RATIO)
		snprintf(out, outlen, "ratio=%.2f", ratio);
	else
		snprintf(out, outlen, "random");
}

void pattern_describe_unique(size_t grid, char *out, size_t outlen)
{
	if (grid == 0)
		snprintf(out, outlen, "%s", "");
	else if (grid < 1024)
		snprintf(out, outlen, "unique %zu B blocks", grid);
	else
		snprintf(out, outlen, "unique %zu kB blocks", grid / 1024);
}
