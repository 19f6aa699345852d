/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_options.c: libFuzzer target for the sweep's command line.  The
 * input is split at newlines (and NULs) into argv[1..], so a seed file is
 * simply one argument per line; argv[0] is "iosweep".  options_parse must
 * either accept the line and give a consistent struct, or refuse it with a
 * one-line message; plan_build then gets whatever was accepted, because
 * the grid is where huge values (-g 1t -y 4k, -+x) turn into memory.
 * Build and run: make fuzz (see GNUmakefile and tests/fuzz/run.sh).
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "iosweep.h"
#include "options/options.h"
#include "run/sweep/plan.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_MAX_ARGS 4096

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *argv[FUZZ_MAX_ARGS + 2];
	char err[IOSWEEP_ERR_MAX];
	struct options o;
	struct sweep_plan p;
	char *text = malloc(size + 1);
	int argc;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	argc = fuzz_argv(text, size, "iosweep", argv, FUZZ_MAX_ARGS);

	memset(err, 0, sizeof(err));
	if (options_parse(&o, argc, argv, err, sizeof(err)) != 0) {
		fuzz_check_message(err, sizeof(err));
	} else {
		if (o.nsizes > OPTIONS_MAX_LIST || o.nrecords > OPTIONS_MAX_LIST)
			abort();
		if (!o.help && !o.version) {
			memset(&p, 0, sizeof(p));
			memset(err, 0, sizeof(err));
			if (plan_build(&p, &o, err, sizeof(err)) != 0)
				fuzz_check_message(err, sizeof(err));
			plan_release(&p);
		}
	}
	options_release(&o);
	free(text);
	return 0;
}
