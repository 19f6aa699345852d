/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fileop_opts.h: the command line of `iosweep fileop`: IOzone's fileop
 * letters with fileop's meaning (getopt's shape: "-bw" groups flags,
 * "-f2" and "-f 2" both give a value) and iosweep's additions as long
 * options, which never collide with fileop's letters.
 *
 * Where fileop guesses (atoi: "-f abc" is force 1, "-s 1x" one byte, a
 * missing "-u" an empty run, "-l" above "-u" nothing at all), this parser
 * refuses with a message that names the option and the value.  Pure: it
 * prints nothing; the strings it keeps are argv's.
 */
#ifndef IOSWEEP_FILEOP_OPTS_H
#define IOSWEEP_FILEOP_OPTS_H

#include <stddef.h>
#include <stdint.h>

struct fileop_opts {
	unsigned lower, upper, step;  /* force factors lower, lower + step, ... <= upper */
	uint64_t size_bytes;          /* -s: bytes per file (default 1) */
	const char *dir;              /* -d: the starting directory (default ".") */
	const char *remount;          /* -U: mount point remounted before each phase */
	int excel;                    /* -e: no title line */
	int best, worst;              /* -b, -w: the B and W rows */
	int random_data;              /* -n */
	int leave;                    /* -L */
	int verbose;                  /* -t */
	unsigned trials;              /* --trials (default 1) */
	const char *out;              /* --out DIR, or NULL */
	int latency;                  /* --latency */
	int overwrite;                /* --overwrite */
	int json;                     /* --json: summary.json too (needs --out) */
};

/* The largest -s: a file is one buffer in memory. */
#define FILEOP_MAX_SIZE (UINT64_C(1) << 30)
#define FILEOP_MAX_TRIALS 1000u

/* What fileop_opts_parse returns besides 0 and -1. */
#define FILEOP_OPTS_HELP    1   /* -h or --help: print the usage */
#define FILEOP_OPTS_VERSION 2   /* -v */

/*
 * Parse argv[1..argc) (argv[0] is the word "fileop") into o.  0, a
 * FILEOP_OPTS_* code when -h or -v came first, or -1 with a message such
 * as "-f 'abc': not a whole number" in err.
 */
int fileop_opts_parse(struct fileop_opts *o, int argc, char **argv,
		      char *err, size_t errlen);

/* -s's text as bytes: a whole number with k/K or m/M (1024-based).  0 or -1. */
int fileop_opts_size(const char *text, uint64_t *bytes, char *err, size_t errlen);

#endif
