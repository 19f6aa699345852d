/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sweep.h: the sweep command: parse IOzone's command line, plan the grid,
 * run it, and emit every output (IOzone report, -R, -b, CSV folder,
 * cliffs, charts).  Prints and returns an enum iosweep_exit.
 */
#ifndef IOSWEEP_SWEEP_H
#define IOSWEEP_SWEEP_H

#include <stddef.h>

int sweep_main(int argc, char **argv);

/*
 * `iosweep resume`: run the sweep of doc's command line again into dir
 * (its result folder, the current folder the run's own), skipping the
 * cell-trials doc holds finished (sweep_journal.h).  Prints and returns
 * an enum iosweep_exit.
 */
struct journal_doc;
int sweep_resume(const char *dir, struct journal_doc *doc);

/*
 * Issue 16 (`iosweep profile` runs sweeps in-process): when set, called
 * with every sweep's options and finished result set (exit status 0 only)
 * before the set is released.  NULL to unset.
 */
struct options;
struct result_set;

/*
 * --log-interval: the "Cliffs in time" section on stdout and
 * dir/timecliffs.csv (cliff_time.h: of the totals, where the timeline
 * has them).  0, or -1 with err.
 */
int sweep_time_cliffs(const struct result_set *rs, const struct options *o,
		      const char *dir, char *err, size_t errlen);

/*
 * sweep_check.c: can the sweep of argv (argv[0] the program's name) run
 * here?  Its options, grid, engine, folder and -I are checked as the
 * sweep would check them, creating nothing that stays.  0, or -1 with
 * the sweep's own message in err.
 */
int sweep_check(int argc, char **argv, char *err, size_t errlen);

/*
 * Does dir take direct I/O (-I)?  A 4 kB write and read of a file of
 * its own there, opened as -I opens it, removed after.  1 yes, 0 no
 * (why in err).
 */
int sweep_direct_works(const char *dir, char *err, size_t errlen);

void sweep_set_result_hook(void (*fn)(void *ctx, const struct options *o,
				       const struct result_set *rs), void *ctx);

#endif
