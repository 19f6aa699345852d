/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sweep_journal.h: what a sweep does with its journal (report/journal.h):
 * start it in the result folder (or, on `iosweep resume`, check the
 * folder's and reopen it), write each sample and finished cell-trial as
 * the runner reports them, hand an earlier run's finished cell-trials
 * back to the runner, and close it with the run's status once the
 * outputs are written.  A journal that cannot be written is said once
 * and the run goes on: the outputs at the end do not depend on it.
 *
 * Ownership: struct sweep_journal holds the open journal; doc, when set,
 * is the caller's.
 */
#ifndef IOSWEEP_SWEEP_JOURNAL_H
#define IOSWEEP_SWEEP_JOURNAL_H

#include <stddef.h>

#include "report/journal.h"

struct result_set;

struct sweep_journal {
	struct journal j;
	struct journal_doc *doc;   /* resume: the earlier run's journal; NULL */
	int warned;                /* a write failed and was said */
	char note[1400];           /* what a second signal prints */
};

/*
 * Resume: refuse (-1, err naming which) a folder whose journal was
 * written by another version, on another machine (host or OS), or for a
 * target on another file system (type or mount options) than rs's meta
 * (freshly filled by this run).  Then keep the first run's start time and
 * mark rs's meta resumed (now, and the finished samples the journal
 * holds).  0 or -1.
 */
int sweep_journal_check(const struct journal_doc *doc, struct result_set *rs,
			char *err, size_t errlen);
/*
 * Start the journal in dir: a new one holding rs's meta and argv (an
 * earlier run's removed first when overwrite), or,
 * with sj->doc set, the folder's own reopened.  Sets the note a second
 * signal prints.  On failure says why once and returns -1 (the run may
 * go on without).
 */
int sweep_journal_start(struct sweep_journal *sj, const char *dir,
			const struct result_set *rs, int argc, char **argv,
			int overwrite);
/* The runner's hooks (runner.h), for a ctx that is the sweep_journal. */
void sweep_journal_sample(struct sweep_journal *sj, const struct result_set *rs);
void sweep_journal_trial(struct sweep_journal *sj, const struct result_set *rs,
			 size_t cell, unsigned trial);
int sweep_journal_saved(struct sweep_journal *sj, struct result_set *rs,
			size_t cell, unsigned trial);
/* Throughput mode's (throughput.h): a test's result (with rs's new
 * timeline rows), a finished child count, and the results of a count an
 * earlier run finished (0: none; its timeline rows go into rs). */
void sweep_journal_tp_result(struct sweep_journal *sj, const struct result_set *rs,
			     const struct tp_result *r);
void sweep_journal_tp_count(struct sweep_journal *sj, unsigned n, unsigned first_trial);
size_t sweep_journal_tp_saved(struct sweep_journal *sj, struct result_set *rs,
			      unsigned n, unsigned first_trial,
			      const struct tp_result **saved);
/*
 * The outputs are written (saved) or failed: record status, close.  after
 * (or NULL) is what a second signal says from now on instead of the
 * journal's note: the line saying where the saved results are, which the
 * caller prints next and then clears (cmd_set_stop_note(NULL)).  Outputs
 * that failed leave the journal's note: the journal is the run's record.
 */
void sweep_journal_finish(struct sweep_journal *sj, const char *status, int saved,
			  const char *after);

#endif
