/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sha256.h: SHA-256 (FIPS 180-4), for content hashes: the results
 * library tells a run it holds already by the hash of its files.
 * Incremental: init, update any number of times, final.  No allocation.
 */
#ifndef IOSWEEP_SHA256_H
#define IOSWEEP_SHA256_H

#include <stddef.h>
#include <stdint.h>

struct sha256 {
	uint32_t h[8];
	uint64_t nbytes;
	unsigned char buf[64];
	size_t nbuf;
};

void sha256_init(struct sha256 *c);
void sha256_update(struct sha256 *c, const void *data, size_t len);
/* The digest as 64 lowercase hex digits and a NUL into hex[65]. */
void sha256_final_hex(struct sha256 *c, char hex[65]);

#endif
