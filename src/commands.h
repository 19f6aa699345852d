/*
 * commands.h: the subcommands (`iosweep plot`, `import`, `compare`,
 * `cliffs`).  Each takes the arguments after its word (argv[0] is the
 * word), prints its own errors on stderr, and returns an enum iosweep_exit.
 * main.c dispatches on the first argument.
 */
#ifndef IOSWEEP_COMMANDS_H
#define IOSWEEP_COMMANDS_H

int cmd_import(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_cliffs(int argc, char **argv);
int cmd_plot(int argc, char **argv);
int cmd_profile(int argc, char **argv);   /* issue 16 */

#endif
