/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pattern.h: the data iosweep writes, and how well it compresses.
 *
 * IOzone writes zeros, which compressing file systems (ZFS lz4, btrfs)
 * store for nearly nothing.  iosweep writes pseudo-random bytes by default
 * (a xorshift generator: fast, not for cryptography), zeros with
 * --data zero, or a mix with --data ratio=X, where X is the fraction of
 * every 4 KiB block that is zeros.  The compression ratio of the real
 * buffer is measured with zlib so the report can state it.  Every block
 * a writer sends is made unique by a tag word (pattern_tag, below), so a
 * file system that deduplicates finds nothing to share either.
 */
#ifndef IOSWEEP_PATTERN_H
#define IOSWEEP_PATTERN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/*
 * splitmix64: the next number of a small fixed-seed generator whose
 * state is *state, for everything that needs a repeatable sequence (the
 * random test's order, --mix's choices, -+d's words: verify.h).  Inline:
 * -+d calls it once per 8 bytes inside the timed loop.
 */
static inline uint64_t pattern_splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* data is enum options_data; ratio is used with OPTIONS_DATA_RATIO. */
void pattern_fill(void *buf, size_t len, int data, double ratio, uint64_t seed);

/* Uncompressed size / zlib (level 6) compressed size of buf, or -1.0 on failure. */
double pattern_compress_ratio(const void *buf, size_t len);

/*
 * Where writes take their data, the one place this scheme is explained: a
 * pattern buffer of pattern_buffer_len(span, one_window) bytes is read in
 * windows of span bytes (one write call: a record, or a pwritev group),
 * each step bytes after the previous one, back to the start when the next
 * window would pass the first span + 1 MiB bytes.  step is span while
 * span <= 1 MiB, so the file gets one unbroken stream of the pattern with
 * a wrap at least 1 MiB after the last one; larger windows move on by
 * min(span - 1 MiB, 1 MiB).  Either way no 1 MiB stretch of a
 * sequentially written file (tests 0, 6, 9, 11) holds a byte of the
 * pattern twice, so a file system that compresses blocks up to 1 MiB
 * (ZFS recordsize, btrfs extents) finds nothing to squeeze; random write
 * and record rewrite only get consecutive writes from different windows.
 *
 * The walk comes round again, though, and on its own would put the same
 * blocks into a file every span + 1 MiB bytes (an 8 MiB file of 4 kB
 * records held 257 distinct 4 kB blocks), which a file system that
 * deduplicates stores once.  So each time a window is about to be sent
 * (pattern_window_start and PATTERN_WINDOW_NEXT) its tag words are
 * renewed: the last 8 bytes of every grid-byte block of the buffer (grid
 * 512 for random data, 4096 for --data ratio, whose zeros open each
 * 4 KiB block) get pattern_tag_word(n) for the walk's next n.  n counts
 * up from the walk's tag and is never used twice with one buffer (every
 * walk, pass and job takes its own numbers: pattern_tags_take), and
 * pattern_tag_word is one-to-one, so two blocks sent from the same place
 * of the buffer differ in their tag word, and blocks from different places
 * (or buffers of other seeds) in their random bytes: no two 512-byte
 * blocks written at offsets the grid lines up with (every record is a
 * multiple of 1 kB, so all of them) are the same, nor any larger aligned
 * blocks made of them.  The tag words are as random as the rest, so the
 * zlib ratio does not move.  A renewal costs a multiply-and-shift and one
 * store per 512 bytes sent, on a line the write call reads next.  With
 * one_window (--data zero, verify mode) every window is the first, one
 * hot record as in IOzone, and nothing is renewed.  The sweep's tests,
 * throughput mode's children and the small-file writers use the same
 * tags; runner_describe() measures the compression ratio of what they
 * produce.
 */
#define PATTERN_WINDOW_SLACK (1u << 20)
#define PATTERN_TAG_GRID 512u       /* random data: one tag per 512 bytes */
#define PATTERN_TAG_GRID_RATIO 4096u /* --data ratio: one per 4 KiB block */
#define PATTERN_TAG_STREAM ((uint64_t)1 << 40) /* tags of one writer's pass */

struct pattern_window {
	unsigned char *p, *first, *last;
	size_t step, span;
	size_t grid;      /* tag words every grid bytes of the buffer, 0: none */
	uint64_t tag;     /* the next tag number */
};

/* Bytes of the pattern buffer for writes of span bytes. */
size_t pattern_buffer_len(size_t span, int one_window);

/*
 * The tag grid of a buffer pattern_fill() filled with this data: 512 for
 * random data, 4096 for --data ratio while its zeros leave the last 8
 * bytes of a 4 KiB block random, else 0 (--data zero: no tags).
 */
size_t pattern_tag_grid(int data, double ratio);

/*
 * The first of streams x PATTERN_TAG_STREAM tag numbers no other caller
 * of this process gets (thread-safe): every walk, pass and job takes its
 * own, so no two writers of one buffer's seed send a tag twice, whatever
 * runs the process holds (a profile's sweeps, a second trial).  Forked
 * children take theirs in the parent, before the fork.
 */
uint64_t pattern_tags_take(uint64_t streams);

/* Tag number n's word: one-to-one in n, and as random as the pattern. */
static inline uint64_t pattern_tag_word(uint64_t n)
{
	uint64_t state = n * 0x9e3779b97f4a7c15ull;

	return pattern_splitmix64(&state);
}

/*
 * The tag words of [p, p + len): each 8-byte word that ends a grid-byte
 * block and lies whole inside, p being phase bytes past a block's start,
 * gets the word of *tag, which counts on.  Inline: the timed loops call
 * it once per write.
 */
static inline void pattern_tag(unsigned char *p, size_t len, size_t grid,
			       size_t phase, uint64_t *tag)
{
	size_t o = grid - sizeof(uint64_t) - phase % grid;

	if (phase % grid > grid - sizeof(uint64_t))
		o += grid;
	for (; o + sizeof(uint64_t) <= len; o += grid) {
		uint64_t v = pattern_tag_word((*tag)++);
		memcpy(p + o, &v, sizeof(v));
	}
}

/* The tags of the window at w.p, about to be sent (grid 0: none). */
static inline void pattern_window_tag(struct pattern_window *w)
{
	if (w->grid)
		pattern_tag(w->p, w->span, w->grid, (size_t)(w->p - w->first),
			    &w->tag);
}

/*
 * Start a walk over buf (buflen bytes) at offset pos (0 at the start),
 * tags every grid bytes (0: none; never with one_window) numbered from
 * tag; the first window is tagged.
 */
void pattern_window_start(struct pattern_window *w, unsigned char *buf,
			  size_t buflen, size_t span, size_t pos, int one_window,
			  size_t grid, uint64_t tag);

/*
 * IOzone's -m walk instead: windows of span bytes, each span bytes after
 * the previous one, back to buf when the next would pass the first area
 * bytes (area / span windows, span <= area <= buf's length).
 */
void pattern_window_ring(struct pattern_window *w, unsigned char *buf,
			 size_t area, size_t span, size_t pos, size_t grid,
			 uint64_t tag);

/* The offset to pass as pos to continue this walk later. */
size_t pattern_window_pos(const struct pattern_window *w);

/*
 * Move to the next window and tag it: a pointer add, a compare, and with
 * tags one store per grid bytes.  A writer sends w.p after a NEXT, never
 * before it.
 */
#define PATTERN_WINDOW_NEXT(w) \
	do { \
		(w).p += (w).step; \
		if ((w).p > (w).last) \
			(w).p = (w).first; \
		pattern_window_tag(&(w)); \
	} while (0)

/*
 * The zlib ratio of the first nbytes a writer of span-byte calls sends
 * from buf (a pattern buffer of buflen bytes, walked from its start,
 * tagged every grid bytes), as
 * pattern_compress_ratio(); -1.0 on failure.
 */
double pattern_stream_ratio(unsigned char *buf, size_t buflen, size_t span,
			    int one_window, size_t grid, size_t nbytes);

/* "random", "zero" or "ratio=0.50": into out (at least 32 bytes). */
void pattern_describe(int data, double ratio, char *out, size_t outlen);

/*
 * What the tags make unique, for the report's data line: "unique 512 B
 * blocks", "unique 4 kB blocks" or "" (no tags), into out.
 */
void pattern_describe_unique(size_t grid, char *out, size_t outlen);

#endif
