/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * iosweep.h: facts shared by every module: the version, the exit codes
 * and the size of error buffers.
 *
 * Library modules never exit; they return -1 and write a one-line message
 * into a caller's buffer of IOSWEEP_ERR_MAX bytes.  main.c maps the outcome
 * of a whole command onto one of the exit codes below, which the README
 * documents.
 */
#ifndef IOSWEEP_H
#define IOSWEEP_H

#define IOSWEEP_VERSION "0.1.0"
#define IOSWEEP_ERR_MAX 512

enum iosweep_exit {
	IOSWEEP_EXIT_OK = 0,          /* everything asked for was done */
	IOSWEEP_EXIT_FAILURE = 1,     /* a run or emitter failed for another reason */
	IOSWEEP_EXIT_USAGE = 2,       /* bad command line: nothing was written */
	IOSWEEP_EXIT_IO = 3,          /* an I/O call failed during the sweep, or a
					 read returned wrong data (-V, -+d) */
	IOSWEEP_EXIT_INPUT = 4,       /* an input file (import) is malformed */
	IOSWEEP_EXIT_MISSING = 5,     /* a needed program (gnuplot) is missing */
	IOSWEEP_EXIT_INTERRUPTED = 130 /* SIGINT/SIGTERM/SIGHUP: finished cells kept */
};

#endif
