/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmdargs.h: the long options of a subcommand (`iosweep import`, `cliffs`,
 * `compare`, `plot`), read from a table instead of a hand-written loop
 * per command.
 *
 * A command lists its options as rows: a flag (sets an int to 1), a string
 * (the last one given wins) or a repeatable string (every value, in
 * order).  A value follows as the next argument or after '=' ("--out DIR",
 * "--out=DIR").  Anything that does not start with '-', a lone "-", and
 * everything after "--" is an input, kept in order.  "-h" and "--help"
 * stop the parse with help set.  An unknown option is an error that
 * suggests the closest name ("did you mean '--out'?").
 *
 * cmdargs_parse is pure: nothing is printed; errors go into the caller's
 * buffer, without the command's name.  cmdargs_command wraps it for the
 * commands: it prints the message ("iosweep import: option '--out' needs
 * a value"), or the usage for --help, and gives the exit code.
 *
 * Ownership: the strings are argv's; cmdargs_parse allocates the inputs
 * array and each repeatable option's array, which cmdargs_release frees
 * (and empties the lists, so they must outlive the struct cmdargs).
 */
#ifndef IOSWEEP_CMDARGS_H
#define IOSWEEP_CMDARGS_H

#include <stddef.h>
#include <stdio.h>

enum cmdargs_kind {
	CMDARGS_FLAG,       /* dest: int *, set to 1 */
	CMDARGS_STRING,     /* dest: const char **, the last value given */
	CMDARGS_LIST        /* dest: struct cmdargs_list *, every value in order */
};

struct cmdargs_list {
	char **items;
	size_t n;
};

struct cmdargs_opt {
	const char *name;        /* "--out" */
	enum cmdargs_kind kind;
	void *dest;
	int nonempty;            /* refuse an empty value ("--out ''") */
};

#define CMDARGS_MAX_LISTS 8   /* repeatable options of one command */

struct cmdargs {
	char **inputs;           /* the positional arguments, in order */
	size_t ninputs;
	int help;                /* -h or --help was given (parsing stopped) */
	struct cmdargs_list *lists[CMDARGS_MAX_LISTS]; /* filled: freed by release */
	size_t nlists;
};

/* What cmdargs_parse returns besides 0. */
#define CMDARGS_BAD     (-1) /* a value is missing, empty or not wanted */
#define CMDARGS_UNKNOWN (-2) /* no such option (the message may suggest one) */

/*
 * Parse argv[1..argc) against opts[0..nopts): fills the rows' dest, the
 * inputs and help.  0, or CMDARGS_BAD / CMDARGS_UNKNOWN with a message
 * such as "option '--out' needs a value" in err (-1 also when out of
 * memory).  Call cmdargs_release in every case.
 */
int cmdargs_parse(struct cmdargs *ca, const struct cmdargs_opt *opts, size_t nopts,
		  int argc, char **argv, char *err, size_t errlen);
void cmdargs_release(struct cmdargs *ca);

/* A command's side of the parse: its name, usage and options. */
struct cmdargs_spec {
	const char *cmd;              /* "import", for "iosweep import: ..." */
	const char *usage;            /* printed for --help and after some errors */
	const struct cmdargs_opt *opts;
	size_t nopts;
	size_t min_inputs;            /* fewer is an error ... */
	const char *too_few;          /* ... with this message ("no input files") */
};

/*
 * cmdargs_parse for a command: on --help, print the usage on out and
 * return IOSWEEP_EXIT_OK; on an error, or fewer inputs than
 * sp->min_inputs, print "iosweep CMD: message" on errout (then the usage,
 * unless a value was wrong) and return IOSWEEP_EXIT_USAGE; else return -1
 * and the command goes on, releasing ca when done.  After a return other
 * than -1, ca is released already.
 */
int cmdargs_command(struct cmdargs *ca, const struct cmdargs_spec *sp, int argc,
		    char **argv, FILE *out, FILE *errout);

/* Levenshtein distance of a[0..la) and b (both under 63 characters, else SIZE_MAX). */
size_t cmdargs_distance(const char *a, size_t la, const char *b);

#endif
