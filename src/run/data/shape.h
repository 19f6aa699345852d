/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * shape.h: data shaped for deduplication and compression, with IOzone's
 * -+w -+y -+C -+a -+S -+W meanings, and the counter that measures how
 * much of a stream repeats.
 *
 * Each record (one -r's worth of a file) is cut as IOzone cuts it:
 * w = -+w% of the record, i = -+y% of w, c = -+C% of i.
 *
 *   [0, i - c)   the same in every record of every file of the seed
 *   [i - c, i)   the same in every record of one writer's file
 *   [i, w)       the same in record r of every file, different per r
 *   [w, end)     different in every record of every file
 *
 * Each part is pseudo-random bytes drawn from a key (the -+S seed, and
 * the writer's number plus -+W and the record number where the part
 * depends on them), a 64-bit word at a time, so a part never repeats
 * inside itself: duplicates come only from the rules above, found by a
 * file system that cuts blocks at the same boundaries.  IOzone fills
 * the first part with one repeated word instead, which also compresses;
 * here compression is -+a's alone: -+a P makes P% of the 64-byte groups
 * (evenly spread) one 4-byte value repeated, which zlib stores in a few
 * bytes, the rest random.
 *
 * -+M (IOzone's "dedup+compress" layout) builds the parts its way
 * instead: every part but the first is one base buffer B XORed with the
 * part's 32-bit key (so -+a's repeated 4-byte values stay repeated and
 * compress in every part), and the first 8 bytes of each -+Q granule
 * carry IOzone's stamp, so granules differ exactly where the part says:
 *
 *   [0, i - c)   zeros, the first 4 bytes of a granule 0xdeadbeef + seed
 *   [i - c, i)   B ^ key(writer), granule stamp (writer, 0xbeef)
 *   [i, w)       B ^ key(record), stamp (file offset >> 12, 0xdead)
 *   [w, end)     B ^ key(record, writer), stamp (writer, offset >> 12)
 *
 * B is -+a's groups (P% of the 64-byte groups one repeated 4-byte value,
 * the rest random) from the seed alone, and zeros without -+a, as
 * IOzone's buffer is then never filled; the first part is zeros because
 * IOzone only stamps it and leaves the rest of a freshly allocated
 * buffer as it is.  The stamps are 4-byte integers in the machine's
 * order, as IOzone writes them.
 *
 * As in IOzone, a writer builds each record just before writing it,
 * inside the timed loop (verify.h's STAMP path).  Pure: no I/O, no
 * allocation except the counter's table.
 */
#ifndef IOSWEEP_SHAPE_H
#define IOSWEEP_SHAPE_H

#include <stddef.h>
#include <stdint.h>

struct options;

struct shape {
	unsigned dedup_pct;     /* -+w */
	unsigned interior_pct;  /* -+y */
	unsigned within_pct;    /* -+C */
	int zero_pct;           /* -+a, -1 off */
	uint64_t seed;          /* -+S */
	uint64_t skew;          /* -+W */
	uint64_t writer;        /* the writer's number plus skew */
	uint64_t reclen;        /* record bytes (a multiple of 8) */
	int special;            /* -+M: IOzone's dedup+compress layout */
	int sparse;             /* -+e: the -+w part of each record is a hole */
	uint64_t granule;       /* -+Q bytes: where -+M stamps its granules */
};

/*
 * -+e: the bytes at the start of each record that test 0 seeks over
 * instead of writing (IOzone's reclen * -+w / 100), 0 without -+e.
 * shape_fill() gives zeros there, what a read of the hole returns; the
 * measured figures (shape_measure) count only the bytes written.
 */
static inline uint64_t shape_hole_bytes(const struct shape *s)
{
	return s->sparse ? s->reclen * s->dedup_pct / 100 : 0;
}

/* The run's shape from the options, writer 0, records of reclen bytes. */
void shape_from_options(struct shape *s, const struct options *o,
			uint64_t reclen);

/* The same shape for writer number w (-+W is added here). */
void shape_for_writer(struct shape *s, uint64_t w);

/* Fill buf with the len bytes a file holds from offset off. */
void shape_fill(const struct shape *s, void *buf, size_t len, uint64_t off);

/* "shaped -+w 50 -+y 0 -+C 0 -+a 30 -+S 1" (at most 64 bytes). */
void shape_describe(const struct shape *s, char *out, size_t outlen);

/*
 * Counts granules seen before: a hash (64 bits) of each granule goes
 * into an open-addressed set; a hash already there is a duplicate.  The
 * set holds at most max_granules (more are counted in lookups only).
 */
struct shape_dups {
	uint64_t *slot;         /* 0 = empty */
	size_t cap, used, max;
	size_t granule;         /* bytes */
	uint64_t granules, dups;
};

/* 0, or -1 when out of memory.  Release with shape_dups_free(). */
int shape_dups_init(struct shape_dups *d, size_t granule, size_t max_granules);
void shape_dups_free(struct shape_dups *d);

/*
 * Count the whole granules of buf (len bytes): each is a duplicate when
 * its hash is in the set.  With add, its hash then goes in; without,
 * the set is only looked up (how much of a second file the first holds).
 */
void shape_dups_count(struct shape_dups *d, const void *buf, size_t len, int add);

/* dups / granules, or -1.0 before any granule. */
double shape_dups_fraction(const struct shape_dups *d);

/*
 * What a run writes, measured: the first SHAPE_PROBE_BYTES of each of
 * nfiles files (1 or 2: writers 0 and 1) of file_bytes bytes, built as
 * the writers build them, cut into granules and hashed (with -+e the
 * bytes written, each record's hole left out, one after another).  within: the
 * share of the first file's granules seen earlier in that file; across:
 * the share of the second file's granules the first file holds (-1.0
 * with one file); zlib: the ratio of the first file's first
 * SHAPE_ZLIB_BYTES.  0, or -1 when out of memory.
 */
#define SHAPE_PROBE_BYTES (16u << 20)
#define SHAPE_ZLIB_BYTES (2u << 20)

struct shape_measured {
	double zlib, within, across;
	double dedup_ratio;     /* granules / distinct granules of all the files
				   measured: what a box deduplicating granule-
				   byte blocks stores them at (-1: none) */
	uint64_t probe_bytes;   /* bytes of each file measured */
	unsigned nfiles;
	size_t granule;
};

int shape_measure(const struct shape *s, uint64_t file_bytes, unsigned nfiles,
		  size_t granule, struct shape_measured *m);

#endif
