/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_netbound.c: libFuzzer target for --link's parser (netbound.c).
 * Every input is parsed as a link: what is accepted must have a finite
 * rate from 1 kB/s to 1 PB/s, a name, and judge figures consistently
 * (above the rate a cache, at 95% of it network-bound); what is refused
 * must come with a one-line message naming --link.  Build and run: make
 * fuzz (see GNUmakefile and tests/fuzz/run.sh).
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "iosweep.h"
#include "analysis/netbound.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[IOSWEEP_ERR_MAX], words[256];
	char *text = malloc(size + 1);
	struct netbound_link l;
	struct netbound_verdict v;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	memset(err, 0, sizeof(err));
	if (netbound_parse_link(text, &l, err, sizeof(err)) == 0) {
		if (!isfinite(l.kbps) || l.kbps < 1.0 || l.kbps > 1e12 || !l.name[0] ||
		    strcmp(l.spec, text) != 0)
			abort();
		if (netbound_judge(&l, 1, l.kbps * 1.5, &v) != NETBOUND_CACHE ||
		    netbound_judge(&l, 0, l.kbps * 0.95, &v) != NETBOUND_NETWORK ||
		    netbound_cache_served(&l, 0, l.kbps * 0.5) != 0)
			abort();
		netbound_describe(&v, words, sizeof(words));
		if (strncmp(words, "network-bound: 95% of ", 22) != 0)
			abort();
	} else {
		fuzz_check_message(err, sizeof(err));
		if (!strstr(err, "--link"))
			abort();
	}
	free(text);
	return 0;
}
