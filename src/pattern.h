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

/* data is enum options_data; ratio is used with OPTIONS_DATA_RATIO. */
void pattern_fill(void *buf, size_t len, int data, double ratio, uint64_t seed);

/* Uncompressed size / zlib (level 6) compressed size of buf, or -1.0 on failure. */
double pattern_compress_ratio(const void *buf, size_t len);

/* "random", "zero" or "ratio=0.50": into out (at least 32 bytes). */
void pattern_describe(int data, double ratio, char *out, size_t outlen);

#endif
