/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_shape.c: shaped data (-+w -+y -+C -+a -+S -+W) and its counter (shape.c). */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "cu.h"
#include "options/options.h"
#include "run/data/pattern.h"
#include "run/data/shape.h"

#define KB 1024u
#define MB (1024u * 1024u)

static void make(struct shape *s, unsigned w, unsigned y, unsigned c, int a,
		 unsigned seed, unsigned skew, uint64_t reclen)
{
	struct options o;

	memset(&o, 0, sizeof(o));
	o.shape = 1;
	o.dedup_pct = w;
	o.dedup_interior_pct = y;
	o.dedup_within_pct = c;
	o.zero_pct = a;
	o.dedup_seed = seed;
	o.child_skew = skew;
	shape_from_options(s, &o, reclen);
}

/*
 * The measured shares of duplicate 4k granules in 4 MiB files of 64k
 * records (64 records): each row's parts are whole granules, so the
 * figures are exact; "within" misses the first record, which nothing
 * before it can repeat (63/64 of the share).
 */
static void test_measured_shares(void)
{
	static const struct {
		unsigned w, y, c;
		double within, across;
	} cases[] = {
		{ 50, 0, 0, 0.0, 0.5 },                  /* across files only */
		{ 100, 50, 0, 0.5 * 63 / 64, 1.0 },      /* half in every record */
		{ 100, 100, 100, 63.0 / 64, 0.0 },       /* within only */
		{ 100, 100, 50, 63.0 / 64, 0.5 },        /* half of it across too */
		{ 0, 0, 0, 0.0, 0.0 },                   /* nothing repeats */
	};

	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		struct shape s;
		struct shape_measured m;
		make(&s, cases[k].w, cases[k].y, cases[k].c, -1, 1, 0, 64 * KB);
		CU_ASSERT_EQUAL_FATAL(shape_measure(&s, 4 * MB, 2, 4096, &m), 0);
		CU_ASSERT_DOUBLE_EQUAL(m.within, cases[k].within, 1e-9);
		CU_ASSERT_DOUBLE_EQUAL(m.across, cases[k].across, 1e-9);
		CU_ASSERT_EQUAL(m.nfiles, 2);
		CU_ASSERT_EQUAL(m.probe_bytes, 4 * MB);
		CU_ASSERT(m.zlib > 0.99 && m.zlib < 1.01);
		make(&s, cases[k].w, cases[k].y, cases[k].c, -1, 1, 0, 64 * KB);
		CU_ASSERT_EQUAL_FATAL(shape_measure(&s, 4 * MB, 1, 4096, &m), 0);
		CU_ASSERT_EQUAL(m.nfiles, 1);
		CU_ASSERT(m.across < 0.0);
	}
}

/*
 * -+w 50 with 4k records: the shared half of each record is half a
 * granule, so no 4k granule repeats, as in IOzone (the parts are cut
 * in each record, not in granules); 512-byte granules find the half.
 */
static void test_granule_alignment(void)
{
	struct shape s;
	struct shape_measured m;

	make(&s, 50, 0, 0, -1, 1, 0, 4 * KB);
	CU_ASSERT_EQUAL_FATAL(shape_measure(&s, MB, 2, 4096, &m), 0);
	CU_ASSERT_DOUBLE_EQUAL(m.across, 0.0, 1e-9);
	CU_ASSERT_EQUAL_FATAL(shape_measure(&s, MB, 2, 512, &m), 0);
	CU_ASSERT_DOUBLE_EQUAL(m.across, 0.5, 1e-9);
}

/* -+a P: zlib's ratio rises with P; the bounds hold for 64-byte groups. */
static void test_compressible(void)
{
	static const struct { int a; double lo, hi; } cases[] = {
		{ -1, 0.99, 1.01 }, { 0, 0.99, 1.01 }, { 25, 1.25, 1.40 },
		{ 50, 1.70, 2.00 }, { 75, 2.80, 3.60 }, { 100, 6.0, 100.0 },
	};
	unsigned char *b = malloc(MB);
	double last = 0.0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		struct shape s;
		make(&s, 0, 0, 0, cases[k].a, 1, 0, 64 * KB);
		shape_fill(&s, b, MB, 0);
		double r = pattern_compress_ratio(b, MB);
		CU_ASSERT(r >= cases[k].lo && r <= cases[k].hi);
		CU_ASSERT(r >= last - 0.01);
		last = r;
	}
	free(b);
}

/* One seed, one stream; another seed, other bytes; -+W shifts writers. */
static void test_seeds(void)
{
	unsigned char *a = malloc(256 * KB), *b = malloc(256 * KB);
	struct shape s, t;

	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	make(&s, 60, 30, 20, 40, 7, 0, 16 * KB);
	make(&t, 60, 30, 20, 40, 7, 0, 16 * KB);
	shape_fill(&s, a, 256 * KB, 0);
	shape_fill(&t, b, 256 * KB, 0);
	CU_ASSERT_EQUAL(memcmp(a, b, 256 * KB), 0);
	make(&t, 60, 30, 20, 40, 8, 0, 16 * KB);
	shape_fill(&t, b, 256 * KB, 0);
	CU_ASSERT_NOT_EQUAL(memcmp(a, b, 256 * KB), 0);
	/* writer 1 without skew is writer 0 with -+W 1 */
	make(&s, 60, 30, 20, 40, 7, 0, 16 * KB);
	shape_for_writer(&s, 1);
	make(&t, 60, 30, 20, 40, 7, 1, 16 * KB);
	shape_for_writer(&t, 0);
	shape_fill(&s, a, 256 * KB, 0);
	shape_fill(&t, b, 256 * KB, 0);
	CU_ASSERT_EQUAL(memcmp(a, b, 256 * KB), 0);
	free(a);
	free(b);
}

/* Any piece, at any offset, is the same bytes as the whole file holds. */
static void test_pieces(void)
{
	static const struct { uint64_t off; size_t len; } cases[] = {
		{ 0, 4096 }, { 3, 13 }, { 16 * KB - 5, 11 }, { 40000, 30000 },
		{ 64 * KB - 1, 1 },
	};
	unsigned char *whole = malloc(128 * KB), *piece = malloc(64 * KB);
	struct shape s;

	CU_ASSERT_PTR_NOT_NULL_FATAL(whole);
	CU_ASSERT_PTR_NOT_NULL_FATAL(piece);
	make(&s, 70, 40, 25, 30, 3, 0, 16 * KB);
	shape_fill(&s, whole, 128 * KB, 0);
	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		shape_fill(&s, piece, cases[k].len, cases[k].off);
		CU_ASSERT_EQUAL(memcmp(piece, whole + cases[k].off, cases[k].len), 0);
	}
	free(whole);
	free(piece);
}

/* The counter: repeats found, lookups that do not add, a full set. */
static void test_dups_counter(void)
{
	unsigned char b[8 * 512];
	struct shape_dups d;

	for (size_t i = 0; i < sizeof(b); i++)
		b[i] = (unsigned char)(i / 512 % 3);   /* granules 0 1 2 0 1 2 0 1 */
	CU_ASSERT_EQUAL_FATAL(shape_dups_init(&d, 512, 64), 0);
	CU_ASSERT(shape_dups_fraction(&d) < 0.0);
	shape_dups_count(&d, b, sizeof(b) - 100, 1);   /* 7 whole granules */
	CU_ASSERT_EQUAL(d.granules, 7);
	CU_ASSERT_EQUAL(d.dups, 4);
	shape_dups_count(&d, b, 512, 0);
	CU_ASSERT_EQUAL(d.dups, 5);
	shape_dups_free(&d);
	CU_ASSERT_EQUAL_FATAL(shape_dups_init(&d, 512, 1), 0);
	shape_dups_count(&d, b, sizeof(b), 1);   /* only granule 0 is kept */
	CU_ASSERT_EQUAL(d.dups, 2);
	shape_dups_free(&d);
}

/*
 * -+M: IOzone's stamps at each granule's start (4-byte integers in the
 * machine's order), zeros after the shared part's stamp, one repeated
 * word per part without -+a; the measured shares stay the asked ones.
 */
static void test_special(void)
{
	struct shape s;
	struct shape_measured m;
	uint32_t *w = malloc(64 * KB);

	CU_ASSERT_PTR_NOT_NULL_FATAL(w);
	make(&s, 100, 50, 0, -1, 1, 0, 64 * KB);
	s.special = 1;
	s.granule = 4096;
	shape_for_writer(&s, 1);
	shape_fill(&s, w, 64 * KB, 64 * KB);           /* record 1 */
	CU_ASSERT_EQUAL(w[0], 0xdeadbeefu + 1);        /* shared part */
	CU_ASSERT_EQUAL(w[1], 0);
	CU_ASSERT_EQUAL(w[1024], 0xdeadbeefu + 1);
	CU_ASSERT_EQUAL(w[1025] | w[2000], 0);
	CU_ASSERT_EQUAL(w[8192], (64 * KB + 32 * KB) >> 12);  /* across */
	CU_ASSERT_EQUAL(w[8193], 0xdead);
	CU_ASSERT_EQUAL(w[8194], w[8195]);             /* the key repeated */
	CU_ASSERT_EQUAL(w[8194], w[9000]);
	make(&s, 50, 100, 100, -1, 1, 0, 64 * KB);
	s.special = 1;
	s.granule = 4096;
	shape_for_writer(&s, 3);
	shape_fill(&s, w, 64 * KB, 0);
	CU_ASSERT_EQUAL(w[0], 3);                      /* within only */
	CU_ASSERT_EQUAL(w[1], 0xbeef);
	CU_ASSERT_EQUAL(w[8192], 3);                   /* unique */
	CU_ASSERT_EQUAL(w[8193], 8);
	CU_ASSERT_NOT_EQUAL(w[2], w[8194]);
	CU_ASSERT_EQUAL(shape_measure(&s, 4 * MB, 2, 4096, &m), 0);
	/* no -+a: every granule of the within part is the same: all but one repeat */
	CU_ASSERT_DOUBLE_EQUAL(m.within, 511.0 / 1024, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(m.across, 0.0, 1e-9);
	CU_ASSERT(m.zlib > 10.0);
	make(&s, 50, 100, 100, 50, 1, 0, 64 * KB);
	s.special = 1;
	s.granule = 4096;
	CU_ASSERT_EQUAL(shape_measure(&s, 4 * MB, 2, 4096, &m), 0);
	CU_ASSERT(m.zlib > 1.6 && m.zlib < 2.1);
	free(w);
}

/* -+e: the hole reads as zeros, and only the written bytes are measured. */
static void test_sparse(void)
{
	struct shape s;
	struct shape_measured m;
	unsigned char *b = malloc(64 * KB);
	size_t nonzero = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	make(&s, 50, 0, 0, -1, 1, 0, 64 * KB);
	s.sparse = 1;
	CU_ASSERT_EQUAL(shape_hole_bytes(&s), 32 * KB);
	shape_fill(&s, b, 64 * KB, 3 * 64 * KB);
	for (size_t i = 0; i < 32 * KB; i++)
		nonzero += b[i] != 0;
	CU_ASSERT_EQUAL(nonzero, 0);
	for (size_t i = 32 * KB; i < 64 * KB; i++)
		nonzero += b[i] != 0;
	CU_ASSERT(nonzero > 30 * KB);
	CU_ASSERT_EQUAL(shape_measure(&s, 4 * MB, 2, 4096, &m), 0);
	CU_ASSERT_EQUAL(m.probe_bytes, 2 * MB);
	CU_ASSERT_DOUBLE_EQUAL(m.within, 0.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(m.across, 0.0, 1e-9);    /* the shared half is a hole */
	s.sparse = 0;
	CU_ASSERT_EQUAL(shape_hole_bytes(&s), 0);
	CU_ASSERT_EQUAL(shape_measure(&s, 4 * MB, 2, 4096, &m), 0);
	CU_ASSERT_DOUBLE_EQUAL(m.across, 0.5, 1e-9);
	free(b);
}

static void test_describe(void)
{
	struct shape s;
	char out[64];

	make(&s, 50, 20, 10, -1, 0, 0, 4096);
	shape_describe(&s, out, sizeof(out));
	CU_ASSERT_STRING_EQUAL(out, "shaped -+w 50 -+y 20 -+C 10 -+a 0 -+S 1");
}

static const struct cu_case cases[] = {
	CU_CASE(test_measured_shares), CU_CASE(test_granule_alignment),
	CU_CASE(test_compressible), CU_CASE(test_seeds), CU_CASE(test_pieces),
	CU_CASE(test_dups_counter), CU_CASE(test_describe), CU_CASE(test_special),
	CU_CASE(test_sparse),
	{ 0 }
};

CU_MAIN("shape", cases)
