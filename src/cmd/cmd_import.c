/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_import.c: `iosweep import FILE... [--label NAME] [--out DIR]
 * [--pick N] [--command "iozone ..."] [--gzip] [--json] [--overwrite]`.
 * Reads IOzone reports (text, -R, -b .xls) or iosweep result folders as
 * the trials of one set (import.c) and writes the set as an iosweep CSV
 * folder (csvout.c; a throughput-mode set adds its throughput.csv,
 * tpcsv.c), so charts, cliffs and compare work on old runs as on new
 * ones.  One file that holds several reports gives a set, and a folder,
 * per report (DIR/1, DIR/2 ... with --out).  Nothing is written unless
 * every input reads cleanly.  What the import left out goes to stderr,
 * then each folder's path.  fileop's text output (import_fileop.h) is
 * no result set: it becomes fileop.csv and meta.csv, as `iosweep fileop
 * --out` writes them.
 */
#include "compat.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options/cmdargs.h"
#include "cmd/commands.h"
#include "report/csvout.h"
#include "import/import.h"
#include "import/import_fileop.h"
#include "iosweep.h"
#include "report/jsonout.h"
#include "report/report_fileop.h"
#include "lib/outfile.h"
#include "model/results.h"
#include "report/tpcsv.h"
#include "model/units.h"

/* The command line. */
struct import_args {
	const char *label, *out, *pick, *command;
	int gzip, overwrite, json;
};

#define IMPORT_AT(field) offsetof(struct import_args, field)

static const struct cmdargs_opt import_opts[] = {
	{ .name = "--label", .kind = CMDARGS_STRING, .off = IMPORT_AT(label), .nonempty = 1,
	  .metavar = "NAME", .help = "the set's label (default: the report's own, else "
	  "the file's name)" },
	{ .name = "--out", .kind = CMDARGS_STRING, .off = IMPORT_AT(out), .nonempty = 1,
	  .metavar = "DIR", .help = "the result folder (default "
	  "iosweep-results/LABEL-TIME)" },
	{ .name = "--gzip", .kind = CMDARGS_FLAG, .off = IMPORT_AT(gzip),
	  .help = "gzip the CSV files" },
	{ .name = "--json", .kind = CMDARGS_FLAG, .off = IMPORT_AT(json),
	  .help = "DIR/summary.json as well" },
	{ .name = "--overwrite", .kind = CMDARGS_FLAG, .off = IMPORT_AT(overwrite),
	  .help = "replace the files of a folder that exists" },
	{ .name = "--pick", .kind = CMDARGS_STRING, .off = IMPORT_AT(pick), .nonempty = 1,
	  .metavar = "N", .help = "of a file holding several reports, import the Nth "
	  "(1-based); without it each report becomes a set (DIR/1, DIR/2 ...)" },
	{ .name = "--command", .kind = CMDARGS_STRING, .off = IMPORT_AT(command),
	  .nonempty = 1, .metavar = "C", .help = "the IOzone command line of a table whose "
	  "header was cut (without it: the one the text gives above the table)" },
};

const struct cmdargs_spec cmd_import_args = {
	.cmd = "import",
	.synopsis = "FILE... [OPTIONS]",
	.about = "  FILE: an IOzone report (normal text, -R section, -b .xls) or an iosweep\n"
	"        result folder / results.csv; several files are trials of one set.\n"
	"        The report may sit in other text: a Markdown code block, HTML\n"
	"        (<br>, <pre>), a terminal log (colour codes, CRLF), a script's output\n",
	.notes = "  fileop's output (its table, -e, -t) becomes fileop.csv and meta.csv\n",
	.opts = import_opts,
	.nopts = sizeof(import_opts) / sizeof(import_opts[0]),
	.min_inputs = 1,
	.too_few = "no input files",
};

/*
 * The folder to write into: *out, or when it is NULL a new default folder
 * named from meta (its path into dir, and *out pointed at it).  0 or an
 * exit code, said on stderr.
 */
static int out_dir(const struct result_meta *meta, const char **out, char *dir,
		   size_t dirlen)
{
	char err[IOSWEEP_ERR_MAX], base[1024];

	if (*out)
		return 0;
	if (csvout_default_dir(meta, base, sizeof(base))) {
		cmd_msg("import", "the default output folder name is too long; use --out");
		return IOSWEEP_EXIT_USAGE;
	}
	if (outfile_claim_dir(base, dir, dirlen, err, sizeof(err))) {
		cmd_msg("import", "%s", err);
		return IOSWEEP_EXIT_IO;
	}
	*out = dir;
	return 0;
}

/* Write set rs into out (a path), or a new default folder when out is NULL. */
static int write_set(struct result_set *rs, const char *out, int gzip, int overwrite,
		     int json)
{
	char err[IOSWEEP_ERR_MAX], dir[4096];
	int rc;

	if ((rc = out_dir(&rs->meta, &out, dir, sizeof(dir))) != 0)
		return rc;
	if ((rs->ntp && tpcsv_check(out, gzip, overwrite, err, sizeof(err))) ||
	    csvout_write_dir(rs, out, gzip, overwrite, err, sizeof(err)) ||
	    (rs->ntp && tpcsv_write(rs, out, gzip, overwrite, err, sizeof(err))) ||
	    (json && jsonout_write(out, NULL, 0, overwrite, err, sizeof(err)))) {
		cmd_msg("import", "%s", err);
		return IOSWEEP_EXIT_IO;
	}
	fprintf(stderr, "%s\n", out);
	return IOSWEEP_EXIT_OK;
}

static void print_notes(const char *notes);

/*
 * fileop's output: fileop.csv, results.csv, summary.csv and meta.csv into
 * out (or a default folder).
 */
static int write_fileop(struct import_fileop *f, const char *out, int overwrite, int json)
{
	char err[IOSWEEP_ERR_MAX], dir[4096], csv[4200], meta[4200];
	int rc;

	if ((rc = out_dir(&f->rs.meta, &out, dir, sizeof(dir))) != 0)
		return rc;
	/* the result set's operation records, for results.csv and summary.csv */
	for (size_t i = 0; i < f->n; i++)
		if (report_fileop_ops(&f->rs, &f->s[i], NULL, f->links, f->size_bytes, 0.0)) {
			cmd_msg("import", "out of memory");
			return IOSWEEP_EXIT_FAILURE;
		}
	if (report_fileop_claim(out, overwrite, csv, meta, sizeof(csv), err, sizeof(err)) ||
	    report_fileop_csv(csv, f->s, f->n, f->links, overwrite, err, sizeof(err)) ||
	    csvout_write_dir(&f->rs, out, 0, overwrite, err, sizeof(err)) ||
	    (json && jsonout_write(out, NULL, 0, overwrite, err, sizeof(err)))) {
		cmd_msg("import", "%s", err);
		return IOSWEEP_EXIT_IO;
	}
	fprintf(stderr, "%s\n", out);
	return IOSWEEP_EXIT_OK;
}

/* `iosweep import` of fileop's output: every input must be one. */
static int import_fileop(char *const *paths, size_t n, const char *label,
			 const char *out, int overwrite, int json, struct import_opts *io)
{
	struct import_fileop f;
	char err[IOSWEEP_ERR_MAX];
	int rc;

	import_fileop_init(&f);
	if (import_fileop_load(&f, paths, n, io, err, sizeof(err))) {
		cmd_msg("import", "%s", err);
		rc = IOSWEEP_EXIT_INPUT;
	} else if (label && results_set_str(&f.rs.meta.label, label)) {
		cmd_msg("import", "out of memory");
		rc = IOSWEEP_EXIT_FAILURE;
	} else {
		print_notes(io->notes);
		rc = write_fileop(&f, out, overwrite, json);
	}
	import_fileop_release(&f);
	return rc;
}

/* Each line of the import's notes, as "iosweep import: LINE". */
static void print_notes(const char *notes)
{
	while (*notes) {
		const char *nl = strchr(notes, '\n');
		int n = nl ? (int)(nl - notes) : (int)strlen(notes);
		cmd_msg("import", "%.*s", n, notes);
		notes += n + (nl != NULL);
	}
}

int cmd_import(int argc, char **argv)
{
	struct import_args a = { 0 };
	char err[IOSWEEP_ERR_MAX], notes[4096] = "";
	struct cmdargs ca;
	struct import_opts io = { .notes = notes, .notes_size = sizeof(notes) };
	struct result_set *sets = NULL;
	size_t nsets = 0;
	uint64_t n = 0;
	int rc;

	rc = cmdargs_command(&ca, &cmd_import_args, &a, argc, argv, stdout, stderr);
	if (rc >= 0)
		return rc;
	io.command = a.command;
	if (a.pick && units_parse_uint(a.pick, 1, 65535, &n, err, sizeof(err))) {
		cmd_msg("import", "--pick '%s': %s", a.pick, err);
		rc = IOSWEEP_EXIT_USAGE;
		goto done;
	}
	io.pick = (unsigned)n;
	if (import_fileop_is_file(ca.inputs[0])) {
		if (a.pick || a.command || a.gzip) {
			cmd_msg("import", "%s: fileop's output takes no %s", ca.inputs[0],
				a.pick ? "--pick" : a.command ? "--command" : "--gzip");
			rc = IOSWEEP_EXIT_USAGE;
		} else {
			rc = import_fileop(ca.inputs, ca.ninputs, a.label, a.out, a.overwrite,
					   a.json, &io);
		}
		goto done;
	}
	if (import_load_sets(&sets, &nsets, ca.inputs, ca.ninputs, &io, err, sizeof(err))) {
		cmd_msg("import", "%s", err);
		rc = IOSWEEP_EXIT_INPUT;
		goto done;
	}
	for (size_t k = 0; a.label && k < nsets; k++) {
		char name[1024];
		snprintf(name, sizeof(name), nsets > 1 ? "%s#%zu" : "%s", a.label, k + 1);
		if (results_set_str(&sets[k].meta.label, name)) {
			cmd_msg("import", "out of memory");
			rc = IOSWEEP_EXIT_FAILURE;
			goto done;
		}
	}
	print_notes(notes);
	rc = IOSWEEP_EXIT_OK;
	for (size_t k = 0; rc == IOSWEEP_EXIT_OK && k < nsets; k++) {
		char dir[4096];
		if (a.out && nsets > 1 &&
		    snprintf(dir, sizeof(dir), "%s/%zu", a.out, k + 1) >= (int)sizeof(dir)) {
			cmd_msg("import", "'%s': the folder name is too long", a.out);
			rc = IOSWEEP_EXIT_USAGE;
			break;
		}
		rc = write_set(&sets[k], a.out && nsets > 1 ? dir : a.out, a.gzip,
			       a.overwrite, a.json);
	}
done:
	for (size_t k = 0; k < nsets; k++)
		results_release(&sets[k]);
	free(sets);
	cmdargs_release(&ca);
	return rc;
}
