/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_journal.c: libFuzzer target for the journal reader
 * (report/journal.h): journal_parse, then journal_doc_to_set as
 * `iosweep import` of an unfinished folder does.  Every line of a
 * journal ends in its CRC-32, which random bytes never match, so a first
 * byte of 1 asks for every line to be sealed with its right CRC before
 * parsing (the byte is dropped): then the records' fields themselves
 * are fuzzed.  Any other input is parsed as it is (the CRC and torn-line
 * checks).  Build and run: make fuzz.
 */
#include "compat.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "report/journal.h"
#include "model/results.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Each line of in gains "\t%08lx" (its CRC) before its newline. */
static char *seal(const uint8_t *in, size_t n, size_t *outlen)
{
	char *out = malloc(n + (n + 1) * 9 + 1);
	size_t o = 0, start = 0;

	if (!out)
		return NULL;
	for (size_t i = 0; i <= n; i++) {
		if (i < n && in[i] != '\n')
			continue;
		uLong crc = crc32(crc32(0L, Z_NULL, 0), in + start, (uInt)(i - start));
		memcpy(out + o, in + start, i - start);
		o += i - start;
		o += (size_t)snprintf(out + o, 10, "\t%08lx", (unsigned long)crc);
		if (i < n)
			out[o++] = '\n';
		start = i + 1;
	}
	*outlen = o;
	return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct journal_doc d;
	struct result_set rs;
	char err[256];
	char *buf;
	size_t len;

	if (size > 1 && data[0] == 1) {
		buf = seal(data + 1, size - 1, &len);
	} else {
		buf = malloc(size ? size : 1);
		if (buf)
			memcpy(buf, data, size);
		len = size;
	}
	if (!buf)
		return 0;
	journal_doc_init(&d);
	results_init(&rs);
	if (journal_parse(&d, "fuzz", buf, len, err, sizeof(err)) == 0)
		(void)journal_doc_to_set(&d, "fuzz", &rs, err, sizeof(err));
	results_release(&rs);
	journal_doc_release(&d);
	free(buf);
	return 0;
}
