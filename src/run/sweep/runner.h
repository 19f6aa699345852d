/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * runner.h: run a sweep plan and fill a result set.
 *
 * The runner owns the test file: runner_prepare() checks the directory
 * and its free space and creates the file with O_EXCL before the report
 * header is printed, so a bad -f fails before any output; runner_run()
 * visits every runnable cell of the plan, trial by trial, running the
 * selected IOzone tests in IOzone's order (0, 1, 2, 3, 4, 5, 6, 7, 9, 10,
 * 11, 12) through the ops table of tests.h, and removes the file at the
 * end unless -w.  Nothing is printed: progress and finished cells go to
 * the caller's hooks, errors into err.
 *
 * Ownership: the caller owns the result set; runner_run() appends to it
 * (cells in plan order, including placeholders, then the samples).
 */
#ifndef IOSWEEP_RUNNER_H
#define IOSWEEP_RUNNER_H

#include <signal.h>
#include <stddef.h>

struct options;
struct sweep_plan;
struct plan_cell;
struct result_set;

struct runner_hooks {
	/*
	 * rs holds every sample of cell (an index into rs->cells).  With
	 * --order cell: after all trials of the cell.  With --order sweep:
	 * for every cell, in plan order, after the last sweep.  Placeholders
	 * (never run) get no call.  May be NULL.
	 */
	void (*cell_done)(void *ctx, const struct result_set *rs, size_t cell);
	/*
	 * Before each cell's trial starts (cur = that cell, done = cell-trials
	 * finished) and once at the end (cur = NULL, done = total).  eta_s is
	 * the remaining time estimated from the data moved so far (-1 before
	 * anything finished).  May be NULL.
	 */
	void (*progress)(void *ctx, size_t done, size_t total,
			 const struct plan_cell *cur, double eta_s);
	void *ctx;
	/*
	 * The journal's (report/journal.h): after every sample recorded (rs
	 * holds it last), after every cell-trial whose passes all finished,
	 * and before a cell-trial runs: a non-zero return of trial_saved
	 * means an earlier run finished it and trial_saved put its samples
	 * into rs as cell, so it is not run again.  Each may be NULL.
	 */
	void (*sample_done)(void *ctx, const struct result_set *rs);
	void (*trial_done)(void *ctx, const struct result_set *rs, size_t cell,
			   unsigned trial);
	int (*trial_saved)(void *ctx, struct result_set *rs, size_t cell,
			   unsigned trial);
};

/*
 * Check that -f's directory exists and is writable, that it has room for
 * the largest file of the sweep (unless o->force), and create the file
 * (O_CREAT|O_EXCL|O_NOFOLLOW; an existing regular file only with
 * o->overwrite).  0, or -1 with a message naming the path.
 */
int runner_prepare(const struct options *o, char *err, size_t errlen);

/*
 * What runner_prepare() checks, creating nothing: a guided run asks it of
 * every phase before the first one starts.  0, or -1 with the message.
 */
int runner_check(const struct options *o, char *err, size_t errlen);

/*
 * Fill the meta fields the runner owns: timer_resolution_s (measured),
 * flags (RESULTS_F_* from the options), data_pattern, data_compress_ratio
 * (zlib on the first 2 MiB a writer of the run's smallest record sends,
 * walked as tests.c walks it; in verify mode, -V or -+d, on the first
 * 2 MiB of a file) and target_path, without running
 * anything, so main can print them in the header before the run.
 * runner_run() calls it when rs->meta.data_pattern is still NULL.
 * 0, or -1 when out of memory.
 */
int runner_describe(const struct options *o, struct result_set *rs,
		    char *err, size_t errlen);

/*
 * When the free space of -f's directory is not known (IO_FREE_UNKNOWN:
 * a network or FUSE file system that reports no sizes), the note to
 * print ("the free space ... is not known ...: not checked") and 1;
 * else 0 and note untouched.
 */
int runner_space_note(const struct options *o, char *note, size_t notelen);

/*
 * --cold on a network or FUSE file system (m->fs_type): the note saying
 * what the drop cannot reach, and 1; else 0 and note untouched.
 */
struct result_meta;
int runner_cold_note(const struct options *o, const struct result_meta *m,
		     char *note, size_t notelen);

/* Remove the file runner_prepare() made when the run will not happen. */
void runner_abandon(const struct options *o);

/*
 * Run the sweep.  Calls runner_prepare() itself when the file is not
 * there yet.  Fills rs->meta.timer_resolution_s, flags, data_pattern,
 * data_compress_ratio and target_path, rs->trials and the record axis.
 *
 * Returns 0; or -1 with err set: on an I/O error (the call, the path and
 * the cell), on a wrong byte in verify mode (verify.h: the file, the
 * offset, both bytes, the cell, the test and the trial), or when *stop became non-zero ("interrupted in cell 1024 kB /
 * 64 kB, test read"; the interrupted pass is not recorded).  Samples of
 * finished passes stay in rs either way; those of the cell-trial that did
 * not finish carry RESULTS_SF_PARTIAL.  The file is removed at the end,
 * also after an error, unless -w.  stop may be NULL.
 */
int runner_run(const struct options *o, const struct sweep_plan *p,
	       struct result_set *rs, const struct runner_hooks *h,
	       volatile sig_atomic_t *stop, char *err, size_t errlen);

#endif
