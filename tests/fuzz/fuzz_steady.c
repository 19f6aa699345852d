/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_steady.c: libFuzzer target for --steady's parser (steady.c).  What
 * is accepted must format to a text that parses to the same spec (a
 * round trip), and must judge a small window without a NaN verdict; what
 * is refused must come with a one-line message.
 * Build and run: make fuzz (see GNUmakefile and tests/fuzz/run.sh).
 */
#include "compat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "iosweep.h"
#include "model/steady.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[IOSWEEP_ERR_MAX], fmt[160];
	char *text = malloc(size + 1);
	struct steady_spec s, again;
	struct steady_verdict v;
	static const double y[] = { 100, 103, 98, 101, 99, 100 };

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	memset(err, 0, sizeof(err));
	if (steady_parse(text, &s, err, sizeof(err)) == 0) {
		steady_format(&s, fmt, sizeof(fmt));
		if (steady_parse(fmt, &again, err, sizeof(err)) != 0 ||
		    again.metric != s.metric || again.rule != s.rule ||
		    again.pct != s.pct || again.window_ms != s.window_ms ||
		    again.round_ms != s.round_ms)
			abort();
		/* %g keeps six digits: the limit comes back within that */
		if (fabs(again.limit - s.limit) > 1e-5 * fabs(s.limit))
			abort();
		steady_judge(&s, y, 6, &v);
		if (isnan(v.criterion) || isnan(v.slope))
			abort();
	} else {
		fuzz_check_message(err, sizeof(err));
	}
	free(text);
	return 0;
}
