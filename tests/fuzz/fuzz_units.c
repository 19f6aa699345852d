/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_units.c: libFuzzer target for the size and count parsers.  Every
 * input is parsed as a size (-s 16e, -r 0, 18446744073709551616k ...) and
 * as a bounded count; what is accepted must survive a round trip through
 * the formatter, and what is refused must come with a one-line message.
 * Build and run: make fuzz (see GNUmakefile and tests/fuzz/run.sh).
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "iosweep.h"
#include "model/units.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[IOSWEEP_ERR_MAX], fmt[64];
	char *text = malloc(size + 1);
	uint64_t kb = 0, again = 0, n = 0, lo = 0, hi = 0;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';

	memset(err, 0, sizeof(err));
	if (units_parse_size_kb(text, &kb, err, sizeof(err)) == 0) {
		if (kb == 0 || kb > UINT64_MAX / 1024)
			abort();	/* 0 is refused; the size in bytes fits 64 bits */
		/* "64 kB", "16 MB": the number and the unit's letter, given back
		 * to the parser as "64k", "16M", must be the same size */
		units_format_kb(kb, fmt, sizeof(fmt));
		char compact[64];
		const char *sp = strchr(fmt, ' ');
		if (!sp || !sp[1] || strcmp(sp + 2, "B") != 0)
			abort();
		snprintf(compact, sizeof(compact), "%.*s%c", (int)(sp - fmt), fmt, sp[1]);
		if (units_parse_size_kb(compact, &again, err, sizeof(err)) != 0 || again != kb)
			abort();
		units_format_bytes_human(kb * 1024, fmt, sizeof(fmt));
	} else {
		fuzz_check_message(err, sizeof(err));
	}

	/* bounds from the first bytes, so the fuzzer explores them too */
	if (size >= 2) {
		lo = data[0];
		hi = lo + ((uint64_t)data[1] << (data[0] & 31));
	}
	memset(err, 0, sizeof(err));
	if (units_parse_uint(text, lo, hi, &n, err, sizeof(err)) == 0) {
		if (n < lo || n > hi)
			abort();
	} else {
		fuzz_check_message(err, sizeof(err));
	}
	free(text);
	return 0;
}
