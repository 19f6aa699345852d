/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_cliffs.c: `iosweep cliffs INPUT... [--label NAME] [--out DIR]
 * [--overwrite]`.  Reads IOzone reports (text, -R, -b .xls), iosweep CSVs
 * or result folders as the trials of one set (import.c, as `iosweep
 * import` does), looks for cache cliffs (cliff.c), prints the "Cache
 * cliffs" section on stdout and writes DIR/cliffs.csv.  DIR defaults to
 * the input folder when the only input is a result folder, else
 * ./iosweep-cliffs.  The path of the CSV goes to stderr.  A folder
 * with a timeline (--log-interval) also gets its "Cliffs in time" and
 * DIR/timecliffs.csv.
 */
#include "compat.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "analysis/cliff.h"
#include "analysis/cliff_time.h"
#include "report/cliffout.h"
#include "options/cmdargs.h"
#include "cmd/commands.h"
#include "import/import.h"
#include "iosweep.h"
#include "lib/outfile.h"
#include "model/results.h"
#include "platform/platform.h"

#define CLIFFS_DEFAULT_DIR "iosweep-cliffs"


/* The command line. */
struct cliffs_args {
	const char *label, *out;
	int overwrite;
};

#define CLIFFS_AT(field) offsetof(struct cliffs_args, field)

static const struct cmdargs_opt cliffs_opts[] = {
	{ .name = "--label", .kind = CMDARGS_STRING, .off = CLIFFS_AT(label), .nonempty = 1,
	  .metavar = "NAME", .help = "the set's label in the section and the CSV" },
	{ .name = "--out", .kind = CMDARGS_STRING, .off = CLIFFS_AT(out), .nonempty = 1,
	  .metavar = "DIR", .help = "write DIR/cliffs.csv (default: the result folder "
	  "given, else ./" CLIFFS_DEFAULT_DIR ")" },
	{ .name = "--overwrite", .kind = CMDARGS_FLAG, .off = CLIFFS_AT(overwrite),
	  .help = "replace a cliffs.csv that exists" },
};

const struct cmdargs_spec cmd_cliffs_args = {
	.cmd = "cliffs",
	.synopsis = "INPUT... [OPTIONS]",
	.about = "  INPUT: an IOzone report (normal text, -R section, -b .xls), an iosweep\n"
	"         results.csv or result folder; several inputs are trials of one set\n",
	.opts = cliffs_opts,
	.nopts = sizeof(cliffs_opts) / sizeof(cliffs_opts[0]),
	.min_inputs = 1,
	.too_few = "no input files",
};

static int is_dir(const char *path)
{
	return plat_stat(path, 1, NULL) == PLAT_DIR;
}

/* A result folder with a timeline: its cliffs in time, and timecliffs.csv. */
static int time_cliffs(const struct result_set *rs, const char *out, int overwrite)
{
	struct tcliff_list tl;
	char path[4096], err[IOSWEEP_ERR_MAX];
	int rc;

	snprintf(path, sizeof(path), "%s/timecliffs.csv", out);
	if (cliff_time_detect(&rs->timeline, rs->meta.ram_kb, rs->meta.flags, &tl, err,
			      sizeof(err)) != 0) {
		cmd_msg("cliffs", "%s", err);
		return -1;
	}
	rc = cliffout_time_csv(rs, &tl, path, overwrite, err, sizeof(err));
	if (rc == 0)
		cliffout_time_text(stdout, &tl);
	else
		cmd_msg("cliffs", "%s", err);
	cliff_time_release(&tl);
	return rc;
}

int cmd_cliffs(int argc, char **argv)
{
	struct cliffs_args a = { 0 };
	char err[IOSWEEP_ERR_MAX], path[4096];
	struct cmdargs ca;
	struct result_set rs;
	struct cliff_list l;
	int rc;

	rc = cmdargs_command(&ca, &cmd_cliffs_args, &a, argc, argv, stdout, stderr);
	if (rc >= 0)
		return rc;
	char **files = ca.inputs;
	size_t nfiles = ca.ninputs;
	if (!a.out)
		a.out = nfiles == 1 && is_dir(files[0]) ? files[0] : CLIFFS_DEFAULT_DIR;
	if ((size_t)snprintf(path, sizeof(path), "%s/cliffs.csv", a.out) >= sizeof(path)) {
		cmd_msg("cliffs", "--out '%s': path too long", a.out);
		cmdargs_release(&ca);
		return IOSWEEP_EXIT_USAGE;
	}

	results_init(&rs);
	memset(&l, 0, sizeof(l));
	if (import_load_many(&rs, files, nfiles, err, sizeof(err))) {
		cmd_msg("cliffs", "%s", err);
		rc = IOSWEEP_EXIT_INPUT;
		goto done;
	}
	if (rs.ntp || (rs.nops && !rs.nsamples)) {
		cmd_msg("cliffs", "%s: a %s result has no file size axis; cache cliffs "
			"need a file size x record size sweep", files[0],
			rs.ntp ? "throughput-mode (-t)" : "small-file (fileop, files)");
		rc = IOSWEEP_EXIT_INPUT;
		goto done;
	}
	if (a.label && results_set_str(&rs.meta.label, a.label)) {
		cmd_msg("cliffs", "out of memory");
		rc = IOSWEEP_EXIT_FAILURE;
		goto done;
	}
	if (cliff_detect(&rs, &l, err, sizeof(err))) {
		cmd_msg("cliffs", "%s", err);
		rc = IOSWEEP_EXIT_FAILURE;
		goto done;
	}
	if (outfile_mkdirs(a.out, err, sizeof(err)) ||
	    cliffout_csv(&rs, &l, path, a.overwrite, err, sizeof(err))) {
		cmd_msg("cliffs", "%s", err);
		rc = IOSWEEP_EXIT_IO;
		goto done;
	}
	cliffout_text(stdout, &l);
	if (rs.timeline.n && time_cliffs(&rs, a.out, a.overwrite) != 0) {
		rc = IOSWEEP_EXIT_IO;
		goto done;
	}
	if (fflush(stdout) != 0) {
		cmd_msg("cliffs", "cannot write the report to stdout");
		rc = IOSWEEP_EXIT_IO;
		goto done;
	}
	fprintf(stderr, "%s\n", path);
	rc = IOSWEEP_EXIT_OK;
done:
	cliff_list_release(&l);
	results_release(&rs);
	cmdargs_release(&ca);
	return rc;
}
