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

static const char import_usage[] =
	"usage: iosweep import FILE... [--label NAME] [--out DIR] [--gzip] [--json] [--overwrite]\n"
	"                      [--pick N] [--command \"iozone ...\"]\n"
	"  FILE: an IOzone report (normal text, -R section, -b .xls) or an iosweep\n"
	"        result folder / results.csv; several files are trials of one set.\n"
	"        The report may sit in other text: a Markdown code block, HTML\n"
	"        (<br>, <pre>), a terminal log (colour codes, CRLF), a script's output\n"
	"  --pick N     of a file holding several reports, import the Nth (1-based);\n"
	"               without it each report becomes a set (DIR/1, DIR/2 ...)\n"
	"  --command C  the IOzone command line of a table whose header was cut\n"
	"               (without it: the one the text gives above the table)\n"
	"  fileop's output (its table, -e, -t) becomes fileop.csv and meta.csv\n";

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
	const char *label = NULL, *out = NULL, *pick = NULL, *command = NULL;
	int gzip = 0, overwrite = 0, json = 0;
	char err[IOSWEEP_ERR_MAX], notes[4096] = "";
	const struct cmdargs_opt opts[] = {
		{ "--label", CMDARGS_STRING, &label, 1 },
		{ "--out", CMDARGS_STRING, &out, 1 },
		{ "--pick", CMDARGS_STRING, &pick, 1 },
		{ "--command", CMDARGS_STRING, &command, 1 },
		{ "--gzip", CMDARGS_FLAG, &gzip, 0 },
		{ "--json", CMDARGS_FLAG, &json, 0 },
		{ "--overwrite", CMDARGS_FLAG, &overwrite, 0 },
	};
	const struct cmdargs_spec spec = {
		"import", import_usage, opts, sizeof(opts) / sizeof(opts[0]), 1, "no input files"
	};
	struct cmdargs ca;
	struct import_opts io = { .command = command, .notes = notes,
				  .notes_size = sizeof(notes) };
	struct result_set *sets = NULL;
	size_t nsets = 0;
	uint64_t n = 0;
	int rc;

	rc = cmdargs_command(&ca, &spec, argc, argv, stdout, stderr);
	if (rc >= 0)
		return rc;
	io.command = command;
	if (pick && units_parse_uint(pick, 1, 65535, &n, err, sizeof(err))) {
		cmd_msg("import", "--pick '%s': %s", pick, err);
		rc = IOSWEEP_EXIT_USAGE;
		goto done;
	}
	io.pick = (unsigned)n;
	if (import_fileop_is_file(ca.inputs[0])) {
		if (pick || command || gzip) {
			cmd_msg("import", "%s: fileop's output takes no %s", ca.inputs[0],
				pick ? "--pick" : command ? "--command" : "--gzip");
			rc = IOSWEEP_EXIT_USAGE;
		} else {
			rc = import_fileop(ca.inputs, ca.ninputs, label, out, overwrite, json, &io);
		}
		goto done;
	}
	if (import_load_sets(&sets, &nsets, ca.inputs, ca.ninputs, &io, err, sizeof(err))) {
		cmd_msg("import", "%s", err);
		rc = IOSWEEP_EXIT_INPUT;
		goto done;
	}
	for (size_t k = 0; label && k < nsets; k++) {
		char name[1024];
		snprintf(name, sizeof(name), nsets > 1 ? "%s#%zu" : "%s", label, k + 1);
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
		if (out && nsets > 1 &&
		    snprintf(dir, sizeof(dir), "%s/%zu", out, k + 1) >= (int)sizeof(dir)) {
			cmd_msg("import", "'%s': the folder name is too long", out);
			rc = IOSWEEP_EXIT_USAGE;
			break;
		}
		rc = write_set(&sets[k], out && nsets > 1 ? dir : out, gzip, overwrite, json);
	}
done:
	for (size_t k = 0; k < nsets; k++)
		results_release(&sets[k]);
	free(sets);
	cmdargs_release(&ca);
	return rc;
}

/* The usage text, for the man page and the shell completions (docgen.c). */
const char *const cmd_import_usage = import_usage;
