/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_files_opts.c: libFuzzer target for `iosweep files`'s command line
 * (files_opts.c, with the preset and --file-size parsers behind it).  The
 * input is split at newlines (and NULs) into argv[1..], one argument per
 * line, argv[0] being "files".  The parser must refuse with a one-line
 * message, or accept a line whose options agree: a tree of 1..16 levels,
 * jobs and trials within their limits, --json only with --out, --keep
 * only with one trial, and at least one class of files.
 * Build and run: make fuzz (see GNUmakefile and tests/fuzz/run.sh).
 */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "iosweep.h"
#include "cmd/files_opts.h"
#include "run/files/files.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_MAX_ARGS 1024

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *argv[FUZZ_MAX_ARGS + 2];
	char err[IOSWEEP_ERR_MAX];
	struct files_opts o;
	char *text = malloc(size + 1);
	int argc;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	argc = fuzz_argv(text, size, "files", argv, FUZZ_MAX_ARGS);

	memset(err, 0, sizeof(err));
	int rc = files_opts_parse(&o, argc, argv, err, sizeof(err));
	if (rc == -1) {
		fuzz_check_message(err, sizeof(err));
	} else if (rc == 0 && !o.list) {
		if (o.spec.depth > FILES_MAX_DEPTH || o.spec.nclass < 1 ||
		    o.spec.nclass > FILES_MAX_CLASSES || o.jobs < 1 || o.jobs > FILES_MAX_JOBS ||
		    o.trials < 1 || o.trials > FILES_MAX_TRIALS || !o.dir || !*o.dir ||
		    (o.out && !*o.out) || (o.json && !o.out) || (o.keep && o.trials > 1))
			abort();
	} else if (rc != 0 && rc != FILES_OPTS_HELP) {
		abort();
	}
	free(text);
	return 0;
}
