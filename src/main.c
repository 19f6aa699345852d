/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * main.c: iosweep's entry point.  A first argument that is a word
 * (plot, import, compare, cliffs, report, profile, fileop, files, nas,
 * card) names a
 * subcommand; anything else is a sweep with IOzone's command line
 * (sweep.c).  Every path ends here with one of the exit codes of enum
 * iosweep_exit (iosweep.h, README).
 */
#include "compat.h"

#include <stdio.h>
#include <string.h>

#include "clients/clients.h"
#include "cmd/commands.h"
#include "options/docgen.h"
#include "iosweep.h"
#include "platform/platform.h"
#include "cmd/sweep.h"

static const struct {
	const char *word;
	int (*fn)(int argc, char **argv);
} subcommands[] = {
	{ .word = "import", .fn = cmd_import },
	{ .word = "compare", .fn = cmd_compare },
	{ .word = "cliffs", .fn = cmd_cliffs },
	{ .word = "plot", .fn = cmd_plot },
	{ .word = "profile", .fn = cmd_profile },
	{ .word = "report", .fn = cmd_report },
	{ .word = "fileop", .fn = cmd_fileop },
	{ .word = "files", .fn = cmd_files },
	{ .word = "resume", .fn = cmd_resume },
	{ .word = "db", .fn = cmd_db },
	{ .word = "nas", .fn = cmd_nas },
	{ .word = "card", .fn = cmd_card },
};

/* A subcommand, or a sweep (with many clients in iosweep-mpi). */
static int dispatch(int argc, char **argv)
{
	plat_utf8_args(&argc, &argv);
	if (argc < 2) {
		fprintf(stderr, "iosweep: no arguments; try 'iosweep --help', "
			"or 'iosweep -a -f /path/to/testfile' for a full sweep\n");
		return IOSWEEP_EXIT_USAGE;
	}
	if (argv[1][0] != '-') {
		/*
		 * iosweep-mpi: what runs its own sweeps would run them on rank
		 * 0 alone, at barriers the other ranks never reach: refused on
		 * every rank, rank 0 saying why
		 */
		static const char *const one_client[] = { "nas", "profile", "resume" };
		for (size_t i = 0; i < sizeof(one_client) / sizeof(one_client[0]); i++)
			if (clients_count() > 1 && strcmp(argv[1], one_client[i]) == 0) {
				if (clients_leader())
					fprintf(stderr, "iosweep-mpi: '%s' runs on one "
						"client; run 'iosweep %s' on one machine, or "
						"give iosweep-mpi a sweep's options (each rank "
						"a client)\n", argv[1], argv[1]);
				return IOSWEEP_EXIT_USAGE;
			}
		/* iosweep-mpi: rank 0 alone, but files runs on every client */
		if (!clients_leader() && strcmp(argv[1], "files") != 0)
			return IOSWEEP_EXIT_OK;
		for (size_t i = 0; i < sizeof(subcommands) / sizeof(subcommands[0]); i++)
			if (strcmp(argv[1], subcommands[i].word) == 0)
				return subcommands[i].fn(argc - 1, argv + 1);
		fprintf(stderr, "iosweep: unknown command '%s' (commands: nas, card, "
			"import, compare, cliffs, plot, report, profile, fileop, files, "
			"resume, db; a sweep starts with an option such as -a)\n",
			argv[1]);
		return IOSWEEP_EXIT_USAGE;
	}
	/* hidden: --help-man, --help-bash, --help-zsh (the build's documentation) */
	if (argc == 2 && strncmp(argv[1], "--help-", 7) == 0) {
		int rc = docgen_main(argv[1]);
		if (rc >= 0)
			return rc;
	}
	return sweep_main(argc, argv);
}

int main(int argc, char **argv)
{
	char err[IOSWEEP_ERR_MAX];
	int status;

	if (clients_init(&argc, &argv, err, sizeof(err)) != 0) {
		fprintf(stderr, "iosweep: %s\n", err);
		return IOSWEEP_EXIT_FAILURE;
	}
	status = dispatch(argc, argv);
	clients_finish();
	return status;
}
