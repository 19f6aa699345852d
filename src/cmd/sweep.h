/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sweep.h: the sweep command: parse IOzone's command line, plan the grid,
 * run it, and emit every output (IOzone report, -R, -b, CSV folder,
 * cliffs, charts).  Prints and returns an enum iosweep_exit.
 */
#ifndef IOSWEEP_SWEEP_H
#define IOSWEEP_SWEEP_H

#include <stddef.h>
#include <stdio.h>

struct journal_doc;
struct options;
struct result_set;

/* `iosweep [IOzone's options]`: parse argv, then sweep_run with the
 * report on stdout. */
int sweep_main(int argc, char **argv);

/*
 * One sweep, in this process: what sweep_main, `iosweep resume`, `nas`
 * and `profile` call.  o is parsed or built (options_build; the call
 * plans and runs it; o stays the caller's); its words are the command
 * line the journal and meta.csv keep; the IOzone report and the findings go
 * to report (stdout for the command), messages to stderr.  With result
 * set, a sweep that completes moves its result set there (the caller
 * releases it with results_release; throughput mode, -t, keeps none:
 * result is left as results_init made it).  With resume_dir, the
 * continuation of the run whose journal doc is (sweep_journal.h).
 * Returns an enum iosweep_exit.
 */
struct sweep_call {
	struct options *o;
	FILE *report;
	struct result_set *result;
	const char *resume_dir;
	struct journal_doc *doc;
};
int sweep_run(const struct sweep_call *c);

/*
 * `iosweep resume`: run the sweep of doc's command line again into dir
 * (its result folder, the current folder the run's own), skipping the
 * cell-trials doc holds finished (sweep_journal.h).  Prints and returns
 * an enum iosweep_exit.
 */
int sweep_resume(const char *dir, struct journal_doc *doc);

/*
 * A sweep given --agent: its options run on that agent and its results
 * come back into the local --out (cmd_agent.c).  An enum iosweep_exit,
 * or the sweep's own exit status there.
 */
int sweep_on_agent(const struct options *o);

/*
 * sweep_check.c: can the sweep of o (parsed or built) run here?  Its
 * grid, engine, folder and -I are checked as the sweep would check them,
 * creating nothing that stays.  0, or -1 with the sweep's own message in
 * err.
 */
int sweep_check(const struct options *o, char *err, size_t errlen);

/*
 * Does dir take direct I/O (-I)?  A 4 kB write and read of a file of
 * its own there, opened as -I opens it, removed after.  1 yes, 0 no
 * (why in err).
 */
int sweep_direct_works(const char *dir, char *err, size_t errlen);

#endif
