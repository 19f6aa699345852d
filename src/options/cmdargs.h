/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmdargs.h: a subcommand's command line (`iosweep import`, `nas`,
 * `fileop` ...), read from a table of options instead of a hand-written
 * loop per command, and its --help text and man-page section made from
 * the same table, so no usage text is kept by hand.
 *
 * A command lists its options as rows with designated fields: a flag
 * (sets an int to 1), a string (the last one given wins) or a repeatable
 * string (every value, in order), each at an offset in the command's own
 * struct of arguments, with the value's name and a help line for the
 * usage.  A long option's value follows as the next argument or after
 * '=' ("--out DIR", "--out=DIR").  A row may also have a letter, read as
 * getopt reads one: letters grouped ("-bw"), a value joined ("-f2") or in
 * the next word ("-f 2").  Anything that does not start with '-', a lone
 * "-", and everything after "--" is an input, kept in order.  "-h" and
 * "--help" stop the parse with help set.  An unknown option is an error
 * that suggests the closest name ("did you mean '--out'?"), unless the
 * table has a CMDARGS_PASS row, which collects it for another command.  Values stay
 * text: the command converts them, with its own messages.
 *
 * cmdargs_parse is pure: nothing is printed; errors go into the caller's
 * buffer, without the command's name.  cmdargs_command wraps it for the
 * commands: it prints the message ("iosweep import: option '--out' needs
 * a value"), or the usage for --help, and gives the exit code.
 * cmdargs_usage prints the usage of a spec: its synopsis, its prose, one
 * line per option.
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
	CMDARGS_FLAG,       /* at off: int, set to 1 */
	CMDARGS_STRING,     /* at off: const char *, the last value given */
	CMDARGS_LIST,       /* at off: struct cmdargs_list, every value in order */
	CMDARGS_PASS        /* at off: struct cmdargs_list, the unknown options and
			     * the words after each: another command's options
			     * passed on (a row without name or letter) */
};

struct cmdargs_list {
	char **items;
	size_t n;
};

struct cmdargs_opt {
	const char *name;        /* "--out", or NULL for a letter alone */
	char letter;             /* 'f' for "-f", or 0 */
	enum cmdargs_kind kind;
	size_t off;              /* offsetof the field in the command's arguments */
	int nonempty;            /* refuse an empty value ("--out ''") */
	const char *metavar;     /* the value's name in the usage: "DIR" */
	const char *help;        /* what it does, one sentence without a full stop */
	const char *defval;      /* shown as "(default 10m)", or NULL */
};

#define CMDARGS_MAX_LISTS 8   /* repeatable options of one command */

struct cmdargs {
	char **inputs;           /* the positional arguments, in order */
	size_t ninputs;
	int help;                /* -h or --help was given (parsing stopped) */
	int near;                /* CMDARGS_UNKNOWN: the message suggests an option */
	struct cmdargs_list *lists[CMDARGS_MAX_LISTS]; /* filled: freed by release */
	size_t nlists;
};

/* What cmdargs_parse returns besides 0. */
#define CMDARGS_BAD     (-1) /* a value is missing, empty or not wanted */
#define CMDARGS_UNKNOWN (-2) /* no such option (the message may suggest one) */

/*
 * Parse argv[1..argc) against opts[0..nopts): fills the rows' fields in
 * args, the inputs and help.  0, or CMDARGS_BAD / CMDARGS_UNKNOWN with a
 * message such as "option '--out' needs a value" in err (-1 also when out
 * of memory).  Call cmdargs_release in every case.
 */
int cmdargs_parse(struct cmdargs *ca, const struct cmdargs_opt *opts, size_t nopts,
		  void *args, int argc, char **argv, char *err, size_t errlen);
void cmdargs_release(struct cmdargs *ca);

/* A command's side of the parse: its name, usage and options. */
struct cmdargs_spec {
	const char *cmd;              /* "import", for "iosweep import: ..." */
	const char *synopsis;         /* after "iosweep CMD ": "FILE... [OPTIONS]";
				       * '\n' between forms */
	const char *about;            /* lines before the options (each "  ..."), or NULL */
	const char *notes;            /* lines after them, or NULL */
	const struct cmdargs_opt *opts;
	size_t nopts;
	size_t min_inputs;            /* fewer is an error ... */
	const char *too_few;          /* ... with this message ("no input files") */
	const struct cmdargs_spec *const *words; /* a command of words (db add, db
						  * list ...): each word's spec */
	size_t nwords;
};

/*
 * cmdargs_parse for a command, into args: on --help, print the usage on
 * out and return IOSWEEP_EXIT_OK; on an error, print "iosweep CMD:
 * message" on errout (an unknown option without a suggestion adds where
 * the options are listed) and return IOSWEEP_EXIT_USAGE; with fewer
 * inputs than sp->min_inputs, the same with sp->too_few and then the
 * usage; else return -1 and the command goes on, releasing ca when done.
 * After a return other than -1, ca is released already.
 */
int cmdargs_command(struct cmdargs *ca, const struct cmdargs_spec *sp, void *args,
		    int argc, char **argv, FILE *out, FILE *errout);

/*
 * The usage of sp on out: "usage: iosweep CMD SYNOPSIS" (a line per
 * form, then one per word of a command of words), the about lines, one
 * line per option ("  --out DIR   help (default X)", the help wrapped
 * under itself), then the notes.
 */
void cmdargs_usage(const struct cmdargs_spec *sp, FILE *out);

/* Row o as the usage names it, into buf: "-w, --worst", "--out", and
 * with metavar its value's name ("--out DIR", "-f N"); a CMDARGS_PASS
 * row is its metavar alone.  Returns buf. */
const char *cmdargs_label(const struct cmdargs_opt *o, int metavar, char *buf, size_t len);

/* Levenshtein distance of a[0..la) and b (both under 63 characters, else SIZE_MAX). */
size_t cmdargs_distance(const char *a, size_t la, const char *b);

#endif
