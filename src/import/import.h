/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import.h: read existing results into a result set.
 *
 * Understands IOzone's normal text report (3.2xx..3.5xx), its -R Excel
 * text section (alone or after a report), its -b BIFF2 .xls, and
 * iosweep's own results.csv / result folders.  The format is detected from
 * the content, not the name.  Several files of one configuration become
 * trials of one set.
 *
 * The text may be wrapped (a Markdown code block, HTML, a terminal log,
 * a wrapper script's lines around it, several runs in one file): the
 * reports are found in it first (import_unwrap.h).
 *
 * Ownership: the caller owns rs (results_init before, results_release
 * after).  On error nothing is added to rs and err names the file and line.
 */
#ifndef IOSWEEP_IMPORT_H
#define IOSWEEP_IMPORT_H

#include <stddef.h>

struct result_set;

/* What an import may be told, and where it tells what it left out. */
struct import_opts {
	unsigned pick;        /* 1-based: the report to take from a file that
				 holds several; 0: a set each (import_load_sets)
				 or an error (the others) */
	const char *command;  /* the command line of a table whose header was
				 cut ("iozone -a -i 0 ..."), or NULL */
	char *notes;          /* NULL, or notes_size bytes the import appends
				 lines to: "FILE:LINE: 26 figures are 0 ...",
				 "FILE:LINE: partial: interrupted after 12 rows" */
	size_t notes_size;
};

/*
 * Load one input (a file or a result folder) into rs as trial `trial`
 * (0 for the first file).  A result folder or our CSV brings its own
 * trials; then trial is an offset added to them.  Returns 0 or -1.
 */
int import_load(struct result_set *rs, const char *path, unsigned trial,
		char *err, size_t errlen);

/*
 * Load several inputs as one set: the files must agree on configuration
 * (units, columns); each IOzone report becomes one trial.  0 or -1.
 */
int import_load_many(struct result_set *rs, char *const *paths, size_t n,
		     char *err, size_t errlen);

/*
 * What `iosweep import` makes of its inputs: one input file that holds
 * several reports gives a set per report (labels "NAME#1", "NAME#2" ...)
 * unless opts->pick names one; otherwise one set as import_load_opts.
 * *sets is an array of *nsets initialised sets the caller releases
 * (results_release each, then free).  0 or -1 (*sets NULL).
 */
int import_load_sets(struct result_set **sets, size_t *nsets, char *const *paths,
		     size_t n, const struct import_opts *opts, char *err, size_t errlen);

#endif
