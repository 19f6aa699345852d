/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_fileop_opts.c: libFuzzer target for `iosweep fileop`'s command
 * line (fileop_opts.c).  The input is split at newlines (and NULs) into
 * argv[1..], one argument per line, argv[0] being "fileop".  The parser
 * must refuse with a one-line message, or accept a line whose options
 * agree: a force range inside 1..FILEOP_MAX_FORCE, lower <= upper, a step
 * of at least 1, a size and a trial count within their limits.
 * Build and run: make fuzz (see GNUmakefile and tests/fuzz/run.sh).
 */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "iosweep.h"
#include "cmd/fileop_opts.h"
#include "run/files/fileop.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_MAX_ARGS 1024

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *argv[FUZZ_MAX_ARGS + 2];
	char err[IOSWEEP_ERR_MAX];
	struct fileop_opts o;
	char *text = malloc(size + 1);
	int argc;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	argc = fuzz_argv(text, size, "fileop", argv, FUZZ_MAX_ARGS);

	memset(err, 0, sizeof(err));
	int rc = fileop_opts_parse(&o, argc, argv, err, sizeof(err));
	if (rc == -1) {
		fuzz_check_message(err, sizeof(err));
	} else if (rc == 0) {
		if (o.lower < 1 || o.upper > FILEOP_MAX_FORCE || o.lower > o.upper ||
		    o.step < 1 || o.step > FILEOP_MAX_FORCE || o.size_bytes > FILEOP_MAX_SIZE ||
		    o.trials < 1 || o.trials > FILEOP_MAX_TRIALS || !o.dir || !*o.dir ||
		    (o.out && !*o.out))
			abort();
	} else if (rc != FILEOP_OPTS_HELP && rc != FILEOP_OPTS_VERSION) {
		abort();
	}
	free(text);
	return 0;
}
