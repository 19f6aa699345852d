/*
 * cmd_import.c: `iosweep import FILE... [--label NAME] [--out DIR]
 * [--gzip] [--json] [--overwrite]`.  Reads IOzone reports (text, -R, -b .xls) or
 * iosweep result folders as the trials of one set (import.c) and writes
 * the set as an iosweep CSV folder (csvout.c; a throughput-mode set adds
 * its throughput.csv, tpcsv.c), so charts, cliffs and compare work on old
 * runs as on new ones.  Nothing is written unless
 * every input reads cleanly.  The folder's path goes to stderr.
 */
#include "compat.h"

#include <stdio.h>
#include <string.h>

#include "options/cmdargs.h"
#include "cmd/commands.h"
#include "report/csvout.h"
#include "import/import.h"
#include "iosweep.h"
#include "report/jsonout.h"
#include "lib/outfile.h"
#include "results.h"
#include "report/tpcsv.h"

static const char import_usage[] =
	"usage: iosweep import FILE... [--label NAME] [--out DIR] [--gzip] [--json] [--overwrite]\n"
	"  FILE: an IOzone report (normal text, -R section, -b .xls) or an iosweep\n"
	"        result folder / results.csv; several files are trials of one set\n";

int cmd_import(int argc, char **argv)
{
	const char *label = NULL, *out = NULL;
	int gzip = 0, overwrite = 0, json = 0;
	char err[IOSWEEP_ERR_MAX], dir[4096];
	const struct cmdargs_opt opts[] = {
		{ "--label", CMDARGS_STRING, &label, 1 },
		{ "--out", CMDARGS_STRING, &out, 1 },
		{ "--gzip", CMDARGS_FLAG, &gzip, 0 },
		{ "--json", CMDARGS_FLAG, &json, 0 },
		{ "--overwrite", CMDARGS_FLAG, &overwrite, 0 },
	};
	const struct cmdargs_spec spec = {
		"import", import_usage, opts, sizeof(opts) / sizeof(opts[0]), 1, "no input files"
	};
	struct cmdargs ca;
	struct result_set rs;
	int rc;

	rc = cmdargs_command(&ca, &spec, argc, argv, stdout, stderr);
	if (rc >= 0)
		return rc;

	results_init(&rs);
	if (import_load_many(&rs, ca.inputs, ca.ninputs, err, sizeof(err))) {
		fprintf(stderr, "iosweep import: %s\n", err);
		rc = IOSWEEP_EXIT_INPUT;
		goto done;
	}
	if (label && results_set_str(&rs.meta.label, label)) {
		fprintf(stderr, "iosweep import: out of memory\n");
		rc = IOSWEEP_EXIT_FAILURE;
		goto done;
	}
	if (!out) {
		char base[1024];
		if (csvout_default_dir(&rs.meta, base, sizeof(base))) {
			fprintf(stderr, "iosweep import: the default output folder name is too long; use --out\n");
			rc = IOSWEEP_EXIT_USAGE;
			goto done;
		}
		if (outfile_claim_dir(base, dir, sizeof(dir), err, sizeof(err))) {
			fprintf(stderr, "iosweep import: %s\n", err);
			rc = IOSWEEP_EXIT_IO;
			goto done;
		}
		out = dir;
	}
	if ((rs.ntp && tpcsv_check(out, gzip, overwrite, err, sizeof(err))) ||
	    csvout_write_dir(&rs, out, gzip, overwrite, err, sizeof(err)) ||
	    (rs.ntp && tpcsv_write(&rs, out, gzip, overwrite, err, sizeof(err))) ||
	    (json && jsonout_write(out, NULL, 0, overwrite, err, sizeof(err)))) {
		fprintf(stderr, "iosweep import: %s\n", err);
		rc = IOSWEEP_EXIT_IO;
		goto done;
	}
	fprintf(stderr, "%s\n", out);
	rc = IOSWEEP_EXIT_OK;
done:
	results_release(&rs);
	cmdargs_release(&ca);
	return rc;
}

/* The usage text, for the man page and the shell completions (docgen.c). */
const char *const cmd_import_usage = import_usage;
