/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * units.h: parse and format the sizes and counts of the command line.
 *
 * IOzone reads "-s foo" as 512 kB and "-s 1.5m" as 1 MB without a word;
 * these functions accept exactly a whole number with an optional k, m, g
 * or t suffix and reject everything else with a message that says what
 * to type instead.  A bare number is kB, as in IOzone.
 *
 * Pure module: no printing, no exiting.  Errors go into the caller's
 * buffer (without the option name: options.c adds "-s 'foo': ").
 * The formatting functions write into the caller's buffer and own nothing.
 */
#ifndef IOSWEEP_UNITS_H
#define IOSWEEP_UNITS_H

#include <stddef.h>
#include <stdint.h>

/* The hint every size error ends with. */
#define UNITS_SIZE_HINT \
	"use a whole number of kB, or a number with k, m or g (64k, 16m, 2g)"

/*
 * "64" and "64k" are 64 kB, "16m" 16384 kB, "2g" 2097152 kB, "1t" 1024^3 kB
 * (suffixes in either case).  Rejects empty text, 0, negative numbers,
 * fractions, other suffixes, trailing junk, and values whose size in bytes
 * would not fit in 64 bits.  Returns 0, or -1 with a message in err.
 */
int units_parse_size_kb(const char *text, uint64_t *kb, char *err, size_t errlen);

/*
 * A whole decimal number in [min, max].  No sign, no spaces, no suffix.
 * Returns 0, or -1 with a message in err.
 */
int units_parse_uint(const char *text, uint64_t min, uint64_t max,
		     uint64_t *out, char *err, size_t errlen);

/*
 * A duration: "500ms", "60s", "2m", "8h" or a plain number of seconds
 * (fractions allowed: "1.5s"), at most max_ms.  Returns 0 with *ms set,
 * or -1 with a message in err ("not a duration ...").
 */
int units_parse_duration_ms(const char *text, uint64_t max_ms, uint64_t *ms,
			    char *err, size_t errlen);

/*
 * Units: every size iosweep prints is in IOzone's 1024-based units, in
 * IOzone's spelling: 1 kB = 1024 bytes, 1 MB = 1024 kB, 1 GB = 1024 MB,
 * 1 TB = 1024 GB (rates: kB/s, MB/s).  The functions below are the only
 * place sizes become words.
 */

/*
 * The exact size in the largest unit that divides it: 64 -> "64 kB",
 * 16384 -> "16 MB", 1048576 -> "1 GB", 1536 -> "1536 kB", 0 -> "0 kB".
 */
void units_format_kb(uint64_t kb, char *out, size_t outlen);

/*
 * A size for a sentence, rounded where it is not exact: under 1 MB in kB,
 * whole GB in GB, under 10 GB (or whole MB) in MB, else GB with one
 * decimal: 64 -> "64 kB", 131072 -> "128 MB", 370688 -> "362 MB",
 * 4194304 -> "4 GB", 12897485 -> "12.3 GB".
 */
void units_format_size_kb(uint64_t kb, char *out, size_t outlen);

/*
 * A byte count for people, rounded to one decimal: 512 -> "512 B",
 * 1536 -> "1.5 kB", 3221225472 -> "3.0 GB".
 */
void units_format_bytes_human(uint64_t bytes, char *out, size_t outlen);

#endif
