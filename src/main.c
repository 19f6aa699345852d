/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * main.c: iosweep's entry point.  A first argument that is a word names
 * a subcommand (cmd_table.c lists them); anything else is a sweep with
 * IOzone's command line
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
		const struct cmd_entry *cmd = cmd_find(argv[1]);
		if (!cmd) {
			char words[512];
			if (!clients_leader())	/* iosweep-mpi: rank 0 says it */
				return IOSWEEP_EXIT_OK;
			cmd_list_words(words, sizeof(words));
			fprintf(stderr, "iosweep: unknown command '%s' (commands: %s; a sweep "
				"starts with an option such as -a)\n", argv[1], words);
			return IOSWEEP_EXIT_USAGE;
		}
		/*
		 * iosweep-mpi: what runs its own sweeps would run them on rank
		 * 0 alone, at barriers the other ranks never reach: refused on
		 * every rank, rank 0 saying why; the rest run on rank 0 alone,
		 * but files runs on every client
		 */
		if (clients_count() > 1 && cmd->mpi == CMD_MPI_REFUSED) {
			if (clients_leader())
				fprintf(stderr, "iosweep-mpi: '%s' runs on one client; run "
					"'iosweep %s' on one machine, or give iosweep-mpi a "
					"sweep's options (each rank a client)\n", argv[1], argv[1]);
			return IOSWEEP_EXIT_USAGE;
		}
		if (!clients_leader() && cmd->mpi != CMD_MPI_EVERY)
			return IOSWEEP_EXIT_OK;
		return cmd->fn(argc - 1, argv + 1);
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
