/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pattern.h: the data iosweep writes, and how well it compresses.
 *
 * IOzone writes zeros, which compressing file systems (ZFS lz4, btrfs)
 * store for nearly nothing.  iosweep writes pseudo-random bytes by default
 * (a xorshift generator: fast, not for cryptography), zeros with
 * --data zero, or a mix with --data ratio=X, where X is the fraction of
 * every 4 KiB block that is zeros.  The compression ratio of the real
 * buffer is measured with zlib so the report can state it.
 */
#ifndef IOSWEEP_PATTERN_H
#define IOSWEEP_PATTERN_H

#include <stddef.h>
#include <stdint.h>

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
 * pattern twice, so a file system that compresses or deduplicates blocks
 * up to 1 MiB (ZFS recordsize, btrfs extents) finds nothing to share;
 * random write and record rewrite only get consecutive writes from
 * different windows.  With one_window (--data zero) every window is the
 * first, one hot record as in IOzone.  The sweep's tests and throughput mode's children use the same
 * walk, and runner_describe() measures the compression ratio of what it
 * produces.
 */
#define PATTERN_WINDOW_SLACK (1u << 20)

struct pattern_window {
	unsigned char *p, *first, *last;
	size_t step;
};

/* Bytes of the pattern buffer for writes of span bytes. */
size_t pattern_buffer_len(size_t span, int one_window);

/* Start a walk over buf (buflen bytes) at offset pos (0 at the start). */
void pattern_window_start(struct pattern_window *w, unsigned char *buf,
			  size_t buflen, size_t span, size_t pos, int one_window);

/*
 * IOzone's -m walk instead: windows of span bytes, each span bytes after
 * the previous one, back to buf when the next would pass the first area
 * bytes (area / span windows, span <= area <= buf's length).
 */
void pattern_window_ring(struct pattern_window *w, unsigned char *buf,
			 size_t area, size_t span, size_t pos);

/* The offset to pass as pos to continue this walk later. */
size_t pattern_window_pos(const struct pattern_window *w);

/* Move to the next window: a pointer add and one compare. */
#define PATTERN_WINDOW_NEXT(w) \
	do { (w).p += (w).step; if ((w).p > (w).last) (w).p = (w).first; } while (0)

/*
 * The zlib ratio of the first nbytes a writer of span-byte calls sends
 * from buf (a pattern buffer of buflen bytes, walked from its start), as
 * pattern_compress_ratio(); -1.0 on failure.
 */
double pattern_stream_ratio(unsigned char *buf, size_t buflen, size_t span,
			    int one_window, size_t nbytes);

/* "random", "zero" or "ratio=0.50": into out (at least 32 bytes). */
void pattern_describe(int data, double ratio, char *out, size_t outlen);

#endif
