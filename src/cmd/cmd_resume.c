/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_resume.c: `iosweep resume DIR [--command "iosweep ..."]`: continue a
 * sweep that was killed, lost its power or was interrupted, from the
 * journal in its result folder (report/journal.h).  The journal holds
 * the command line and the folder it ran in; the run starts again there
 * with the same options, skipping every cell-trial the journal holds
 * finished (sweep.c), and writes the folder's outputs anew.  A folder
 * whose run is complete, or that another version, machine or target
 * would continue, is refused with the reason.
 */
#include "compat.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/sweep.h"
#include "iosweep.h"
#include "options/cmdargs.h"
#include "platform/platform.h"
#include "report/journal.h"


/* The command line. */
struct resume_args {
	const char *command;
};

static const struct cmdargs_opt resume_opts[] = {
	{ .name = "--command", .kind = CMDARGS_STRING,
	  .off = offsetof(struct resume_args, command), .nonempty = 1,
	  .metavar = "\"iosweep ...\"", .help = "refuse unless the run's command line is "
	  "this one" },
};

const struct cmdargs_spec cmd_resume_args = {
	.cmd = "resume",
	.synopsis = "DIR [OPTIONS]",
	.about = "  DIR: the result folder of a sweep that did not finish (its journal.txt)\n"
	"  runs the rest of the sweep with the same options, in the folder it ran\n"
	"  from, and writes DIR's outputs\n",
	.opts = resume_opts,
	.nopts = sizeof(resume_opts) / sizeof(resume_opts[0]),
	.min_inputs = 1,
	.too_few = "no result folder",
};

/* The checks that need no measurement: complete, command line. 0 or -1. */
static int check_doc(const struct journal_doc *doc, const char *dir,
		     const char *command)
{
	char *line;
	int same;

	if (doc->end_status && strncmp(doc->end_status, "complete", 8) == 0) {
		cmd_msg("resume", "'%s' holds a complete run: nothing to resume", dir);
		return -1;
	}
	if (!doc->argv || !doc->cwd) {
		cmd_msg("resume", "%s/%s: no command line recorded: cannot resume", dir,
			JOURNAL_NAME);
		return -1;
	}
	line = cmd_command_line(doc->argc, doc->argv);
	if (!line) {
		cmd_msg("resume", "out of memory");
		return -1;
	}
	same = doc->meta.command_line && strcmp(line, doc->meta.command_line) == 0;
	if (same && command && strcmp(command, line) != 0) {
		cmd_msg("resume", "command differs: the run in '%s' was '%s', "
			"--command gives '%s'", dir, line, command);
		same = -1;
	} else if (!same) {
		cmd_msg("resume", "command differs: '%s' records '%s' and runs '%s'",
			dir, doc->meta.command_line ? doc->meta.command_line : "", line);
	}
	free(line);
	return same == 1 ? 0 : -1;
}

int cmd_resume(int argc, char **argv)
{
	struct resume_args a = { 0 };
	char err[IOSWEEP_ERR_MAX];
	struct cmdargs ca;
	struct journal_doc doc;
	char *dir = NULL;
	int rc;

	rc = cmdargs_command(&ca, &cmd_resume_args, &a, argc, argv, stdout, stderr);
	if (rc >= 0)
		return rc;
	journal_doc_init(&doc);
	rc = IOSWEEP_EXIT_USAGE;
	if (ca.ninputs != 1) {
		cmd_msg("resume", "one result folder at a time, %zu given", ca.ninputs);
		goto out;
	}
	if (plat_stat(ca.inputs[0], 1, NULL) != PLAT_DIR) {
		cmd_msg("resume", "'%s' is not a result folder", ca.inputs[0]);
		goto out;
	}
	dir = plat_realpath(ca.inputs[0]);
	if (!dir) {
		cmd_msg("resume", "cannot resolve '%s': %s", ca.inputs[0], strerror(errno));
		goto out;
	}
	snprintf(err, sizeof(err), "%s/%s", dir, JOURNAL_NAME);
	if (plat_stat(err, 1, NULL) == PLAT_NONE) {
		cmd_msg("resume", "'%s' has no %s: not a sweep iosweep can resume "
			"(iosweep-mpi and older versions keep none)",
			dir, JOURNAL_NAME);
		rc = IOSWEEP_EXIT_INPUT;
		goto out;
	}
	if (journal_load(&doc, dir, err, sizeof(err)) != 0) {
		cmd_msg("resume", "%s", err);
		rc = IOSWEEP_EXIT_INPUT;
		goto out;
	}
	if (check_doc(&doc, dir, a.command) != 0)
		goto out;
	if (plat_chdir(doc.cwd) != 0) {
		cmd_msg("resume", "cannot enter '%s', the folder the run started in: %s",
			doc.cwd, strerror(errno));
		goto out;
	}
	rc = sweep_resume(dir, &doc);
out:
	journal_doc_release(&doc);
	free(dir);
	cmdargs_release(&ca);
	return rc;
}
