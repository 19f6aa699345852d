/*
 * main.c: iosweep's entry point.  A first argument that is a word
 * (plot, import, compare, cliffs) names a subcommand; anything else is a
 * sweep with IOzone's command line (sweep.c).  Every path ends here with
 * one of the exit codes of enum iosweep_exit (iosweep.h, README).
 */
#include "compat.h"

#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "iosweep.h"
#include "sweep.h"

static const struct {
	const char *word;
	int (*fn)(int argc, char **argv);
} subcommands[] = {
	{ "import", cmd_import },
	{ "compare", cmd_compare },
	{ "cliffs", cmd_cliffs },
	{ "plot", cmd_plot },
	{ "profile", cmd_profile },
};

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "iosweep: no arguments; try 'iosweep --help', "
			"or 'iosweep -a -f /path/to/testfile' for a full sweep\n");
		return IOSWEEP_EXIT_USAGE;
	}
	if (argv[1][0] != '-') {
		for (size_t i = 0; i < sizeof(subcommands) / sizeof(subcommands[0]); i++)
			if (strcmp(argv[1], subcommands[i].word) == 0)
				return subcommands[i].fn(argc - 1, argv + 1);
		fprintf(stderr, "iosweep: unknown command '%s' (commands: import, "
			"compare, cliffs, plot, profile; a sweep starts with an option such as -a)\n",
			argv[1]);
		return IOSWEEP_EXIT_USAGE;
	}
	return sweep_main(argc, argv);
}
