/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * shape.c: the shaped data of -+w -+y -+C -+a, and the duplicate-granule
 * counter that measures it (see shape.h for the scheme).
 *
 * Every 8-byte word is a function of its part's key and its position in
 * the record, so any record of any file can be built on its own, in any
 * order, as the tests write them.
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options/options.h"
#include "run/data/pattern.h"
#include "run/data/shape.h"

#define SHAPE_GOLDEN 0x9e3779b97f4a7c15ull
#define SHAPE_GROUP 64u         /* bytes of one -+a group */

enum shape_part { PART_SHARED = 1, PART_WITHIN, PART_ACROSS, PART_UNIQUE };

#define SHAPE_BASE_KEY 0x4d     /* -+M: the key of B (mixed with the seed) */
#define SHAPE_STAMP_SHARED 0xdeadbeefu
#define SHAPE_STAMP_WITHIN 0xbeefu
#define SHAPE_STAMP_ACROSS 0xdeadu

static uint64_t mix(uint64_t key, uint64_t i)
{
	uint64_t state = key ^ (i * SHAPE_GOLDEN);

	return pattern_splitmix64(&state);
}

/* The key of a part: the seed, then what the part depends on. */
static uint64_t part_key(const struct shape *s, int part, uint64_t rec)
{
	uint64_t k = mix(s->seed, (uint64_t)part);

	if (part == PART_WITHIN || part == PART_UNIQUE)
		k = mix(k, s->writer + 1);
	if (part == PART_ACROSS || part == PART_UNIQUE)
		k = mix(k, rec + 1);
	return k;
}

void shape_from_options(struct shape *s, const struct options *o,
			uint64_t reclen)
{
	memset(s, 0, sizeof(*s));
	/* -+a alone: no part deduplicates, every record differs */
	s->dedup_pct = o->dedup_pct;
	s->interior_pct = o->dedup_interior_pct;
	s->within_pct = o->dedup_within_pct;
	s->zero_pct = o->zero_pct;
	s->seed = o->dedup_seed ? o->dedup_seed : 1;
	s->skew = o->child_skew;
	s->writer = s->skew;
	s->reclen = reclen;
	s->special = o->dedup_special;
	s->sparse = o->sparse;
	s->granule = o->granule_bytes ? o->granule_bytes : OPTIONS_DEFAULT_GRANULE;
}

void shape_for_writer(struct shape *s, uint64_t w)
{
	s->writer = w + s->skew;
}

/*
 * len bytes of what a writer sends, from byte pos of that stream: the
 * file itself, or with -+e each record without its hole.
 */
static void fill_sent(const struct shape *s, unsigned char *p, size_t len,
		      uint64_t pos)
{
	uint64_t hole = shape_hole_bytes(s), sent = s->reclen - hole;

	while (len) {
		uint64_t rec = pos / sent, q = hole + pos % sent;
		size_t n = s->reclen - q < len ? (size_t)(s->reclen - q) : len;
		shape_fill(s, p, n, rec * s->reclen + q);
		p += n;
		pos += n;
		len -= n;
	}
}

/* Is 64-byte group g one of -+a's compressible ones (evenly spread)? */
static int group_compresses(const struct shape *s, uint64_t g)
{
	uint64_t p = (uint64_t)s->zero_pct;

	return s->zero_pct > 0 && ((g + 1) * p) / 100 != (g * p) / 100;
}

/* The word at byte q (a multiple of 8) of a part with key k. */
static uint64_t word_at(const struct shape *s, uint64_t k, uint64_t q)
{
	if (s->zero_pct > 0 && group_compresses(s, q / SHAPE_GROUP)) {
		uint64_t v = mix(k, (q / SHAPE_GROUP) | (1ull << 63)) & 0xffffffffull;
		return v | v << 32;
	}
	return mix(k, q >> 3);
}

/* Two 4-byte integers, a at the lower address, as one word. */
static uint64_t pair(uint32_t a, uint32_t b)
{
	uint32_t two[2] = { a, b };
	uint64_t v;

	memcpy(&v, two, sizeof(v));
	return v;
}

/* -+M's word at byte q of part `part` of record rec (see shape.h). */
static uint64_t special_word(const struct shape *s, int part, uint64_t k,
			     uint64_t rec, uint64_t q)
{
	uint64_t base = 0, key32 = k & 0xffffffffull;
	uint64_t off = rec * s->reclen + q;
	int stamp = s->granule && q % s->granule == 0;

	if (part == PART_SHARED)
		return stamp ? pair(SHAPE_STAMP_SHARED + (uint32_t)s->seed, 0) : 0;
	if (stamp) {
		uint32_t w = (uint32_t)s->writer, at = (uint32_t)(off >> 12);
		return part == PART_WITHIN ? pair(w, SHAPE_STAMP_WITHIN) :
		       part == PART_ACROSS ? pair(at, SHAPE_STAMP_ACROSS) : pair(w, at);
	}
	if (s->zero_pct >= 0)
		base = word_at(s, mix(s->seed, SHAPE_BASE_KEY), q);
	return base ^ (key32 | key32 << 32);
}

/* Bytes [from, to) of record rec's q-range into p (p is byte from). */
static void fill_record(const struct shape *s, unsigned char *p, uint64_t rec,
			uint64_t from, uint64_t to)
{
	uint64_t w = (s->reclen * s->dedup_pct / 100) & ~7ull;
	uint64_t i = (w * s->interior_pct / 100) & ~7ull;
	uint64_t c = (i * s->within_pct / 100) & ~7ull;
	const uint64_t ends[4] = { i - c, i, w, s->reclen };
	int part = PART_SHARED;
	uint64_t k = part_key(s, part, rec), q = from & ~7ull;

	while (part < PART_UNIQUE && q >= ends[part - 1])
		k = part_key(s, ++part, rec);
	for (; q < to; q += 8) {
		uint64_t v;
		while (part < PART_UNIQUE && q >= ends[part - 1])
			k = part_key(s, ++part, rec);
		v = s->special ? special_word(s, part, k, rec, q) : word_at(s, k, q);
		/* copy the bytes of this word that fall in [from, to) */
		uint64_t lo = q < from ? from - q : 0;
		uint64_t hi = q + 8 > to ? to - q : 8;
		memcpy(p + (q + lo - from), (unsigned char *)&v + lo, (size_t)(hi - lo));
	}
}

void shape_fill(const struct shape *s, void *buf, size_t len, uint64_t off)
{
	unsigned char *p = buf;
	uint64_t hole = shape_hole_bytes(s);

	if (s->reclen == 0)
		return;
	while (len) {
		uint64_t rec = off / s->reclen, q = off % s->reclen;
		uint64_t n = s->reclen - q < len ? s->reclen - q : len;
		if (q < hole) {         /* -+e: a hole reads as zeros */
			n = hole - q < n ? hole - q : n;
			memset(p, 0, (size_t)n);
		} else {
			fill_record(s, p, rec, q, q + n);
		}
		p += n;
		off += n;
		len -= (size_t)n;
	}
}

void shape_describe(const struct shape *s, char *out, size_t outlen)
{
	snprintf(out, outlen, "shaped -+w %u -+y %u -+C %u -+a %d -+S %llu%s%s",
		 s->dedup_pct, s->interior_pct, s->within_pct,
		 s->zero_pct < 0 ? 0 : s->zero_pct, (unsigned long long)s->seed,
		 s->special ? " -+M" : "", s->sparse ? " -+e" : "");
}

/* ---- duplicate granules ---------------------------------------------- */

int shape_dups_init(struct shape_dups *d, size_t granule, size_t max_granules)
{
	size_t cap = 16;

	memset(d, 0, sizeof(*d));
	while (cap < 2 * max_granules)
		cap *= 2;
	d->slot = calloc(cap, sizeof(*d->slot));
	if (!d->slot)
		return -1;
	d->cap = cap;
	d->max = max_granules;
	d->granule = granule;
	return 0;
}

void shape_dups_free(struct shape_dups *d)
{
	free(d->slot);
	memset(d, 0, sizeof(*d));
}

static uint64_t granule_hash(const unsigned char *p, size_t len)
{
	uint64_t h = len;

	for (size_t i = 0; i + 8 <= len; i += 8) {
		uint64_t w;
		memcpy(&w, p + i, 8);
		h = (h ^ w) * SHAPE_GOLDEN;
		h ^= h >> 29;
	}
	h = mix(h, 0);
	return h ? h : 1;
}

void shape_dups_count(struct shape_dups *d, const void *buf, size_t len, int add)
{
	const unsigned char *p = buf;

	for (; len >= d->granule; p += d->granule, len -= d->granule) {
		uint64_t h = granule_hash(p, d->granule);
		size_t i = (size_t)h & (d->cap - 1);
		while (d->slot[i] && d->slot[i] != h)
			i = (i + 1) & (d->cap - 1);
		d->granules++;
		if (d->slot[i])
			d->dups++;
		else if (add && d->used < d->max) {
			d->slot[i] = h;
			d->used++;
		}
	}
}

double shape_dups_fraction(const struct shape_dups *d)
{
	return d->granules ? (double)d->dups / (double)d->granules : -1.0;
}

/* ---- measuring a run's data ------------------------------------------ */

#define SHAPE_CHUNK (1u << 20)

int shape_measure(const struct shape *base, uint64_t file_bytes, unsigned nfiles,
		  size_t granule, struct shape_measured *m)
{
	struct shape s = *base;
	struct shape_dups d, all;
	uint64_t sent = s.reclen ? file_bytes / s.reclen * (s.reclen - shape_hole_bytes(&s)) +
			file_bytes % s.reclen : file_bytes;
	uint64_t probe = sent < SHAPE_PROBE_BYTES ? sent : SHAPE_PROBE_BYTES;
	size_t zlen = probe < SHAPE_ZLIB_BYTES ? (size_t)probe : SHAPE_ZLIB_BYTES;
	unsigned char *buf;
	int rc = -1;

	memset(m, 0, sizeof(*m));
	m->within = m->across = m->zlib = m->dedup_ratio = -1.0;
	m->granule = granule;
	m->nfiles = nfiles < 2 ? 1 : 2;
	probe -= probe % granule;
	m->probe_bytes = probe;
	if (probe == 0 || s.reclen == 0 || shape_hole_bytes(&s) >= s.reclen)
		return 0;
	buf = malloc(zlen > SHAPE_CHUNK ? zlen : SHAPE_CHUNK);
	if (!buf)
		return -1;
	if (shape_dups_init(&d, granule, (size_t)(probe / granule)) != 0)
		goto out;
	if (shape_dups_init(&all, granule, (size_t)(probe / granule) * m->nfiles) != 0) {
		shape_dups_free(&d);
		goto out;
	}
	shape_for_writer(&s, 0);
	fill_sent(&s, buf, zlen, 0);
	m->zlib = pattern_compress_ratio(buf, zlen);
	for (unsigned f = 0; f < m->nfiles; f++) {
		if (f == 1) {
			m->within = shape_dups_fraction(&d);
			d.granules = d.dups = 0;
			shape_for_writer(&s, 1);
		}
		for (uint64_t off = 0; off < probe; off += SHAPE_CHUNK) {
			size_t n = probe - off < SHAPE_CHUNK ? (size_t)(probe - off) : SHAPE_CHUNK;
			fill_sent(&s, buf, n, off);
			shape_dups_count(&d, buf, n, f == 0);
			shape_dups_count(&all, buf, n, 1);
		}
	}
	if (m->nfiles == 1)
		m->within = shape_dups_fraction(&d);
	else
		m->across = shape_dups_fraction(&d);
	if (all.granules > all.dups)
		m->dedup_ratio = (double)all.granules / (double)(all.granules - all.dups);
	shape_dups_free(&d);
	shape_dups_free(&all);
	rc = 0;
out:
	free(buf);
	return rc;
}
