/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sweep_journal.c: the sweep's use of its journal (sweep_journal.h).
 * The journal's format and its reader are report/journal.h's; this file
 * only decides when to write and what a resume may reuse.
 */
#include "compat.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "cmd/sweep_journal.h"
#include "iosweep.h"
#include "lib/err.h"
#include "platform/platform.h"
#include "model/results.h"
#include "run/throughput/throughput.h"

static int same(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "") == 0;
}

int sweep_journal_check(const struct journal_doc *doc, struct result_set *rs,
			char *err, size_t errlen)
{
	const struct result_meta *was = &doc->meta;
	struct result_meta *now = &rs->meta;
	uint64_t kept = 0;

	if (!same(was->version, now->version))
		return err_set(err, errlen, "version differs: the run was made by iosweep "
			"%s, this is %s", was->version ? was->version : "?", now->version);
	if (!same(was->host, now->host) || !same(was->os, now->os))
		return err_set(err, errlen, "machine differs: the run was made on '%s' "
			"(%s), this is '%s' (%s)", was->host ? was->host : "?",
			was->os ? was->os : "?", now->host, now->os);
	if (!same(was->fs_type, now->fs_type) ||
	    !same(was->mount_options, now->mount_options))
		return err_set(err, errlen, "target differs: the run's test file was on "
			"%s (%s), that folder is now on %s (%s)",
			was->fs_type ? was->fs_type : "?",
			was->mount_options ? was->mount_options : "?",
			now->fs_type, now->mount_options);
	for (size_t i = 0; i < doc->nsamples; i++) {
		const struct journal_sample *js = &doc->samples[i];
		kept += (uint64_t)journal_trial_is_done(doc, js->file_kb, js->record_kb,
							js->s.trial);
	}
	for (size_t i = 0; i < doc->ncounts; i++)	/* throughput mode: a sample a child */
		for (uint64_t k = doc->counts[i][2]; k < doc->counts[i][2] + doc->counts[i][3]; k++)
			if (throughput_test_def(doc->tp.results[k].kind)->col >= 0)
				kept += doc->tp.results[k].nchildren;
	if (results_set_str(&now->resumed_at, now->start_time) ||
	    results_set_str(&now->start_time, was->start_time))
		return err_set(err, errlen, "out of memory");
	now->resumed_samples = kept;
	return 0;
}

int sweep_journal_start(struct sweep_journal *sj, const char *dir,
			const struct result_set *rs, int argc, char **argv,
			int overwrite)
{
	char err[IOSWEEP_ERR_MAX];
	char *cwd = NULL;
	int rc;

	if (sj->doc) {
		rc = journal_reopen(&sj->j, dir, sj->doc->good_len, rs->meta.resumed_at,
				    rs->meta.resumed_samples, err, sizeof(err));
	} else {
		char old[4096];
		snprintf(old, sizeof(old), "%s/%s", dir, JOURNAL_NAME);
		if (overwrite)	/* --overwrite: the folder's earlier run goes */
			(void)plat_remove(old);
		cwd = plat_getcwd();
		rc = cwd ? journal_create(&sj->j, dir, rs, cwd, argc, argv, err, sizeof(err))
			: err_set(err, sizeof(err), "cannot tell the current folder: %s",
				  strerror(errno));
		free(cwd);
	}
	if (rc != 0) {
		cmd_msg(NULL, "%s; the run goes on, but a crash would lose it", err);
		sj->warned = 1;
		return -1;
	}
	snprintf(sj->note, sizeof(sj->note), "iosweep: stopped at once; every "
		 "finished pass is in %.600s: 'iosweep resume %.300s' runs the rest\n",
		 sj->j.path, dir);
	cmd_set_stop_note(sj->note);
	return 0;
}

static void warn(struct sweep_journal *sj, int rc, const char *err)
{
	if (rc != 0 && !sj->warned) {
		cmd_msg(NULL, "%s; the journal stops here, the run goes on", err);
		sj->warned = 1;
		journal_close(&sj->j);
	}
}

void sweep_journal_sample(struct sweep_journal *sj, const struct result_set *rs)
{
	char err[IOSWEEP_ERR_MAX];

	if (sj->j.fp)
		warn(sj, journal_samples(&sj->j, rs, err, sizeof(err)), err);
}

void sweep_journal_trial(struct sweep_journal *sj, const struct result_set *rs,
			 size_t cell, unsigned trial)
{
	char err[IOSWEEP_ERR_MAX];

	if (sj->j.fp)
		warn(sj, journal_samples(&sj->j, rs, err, sizeof(err)), err);
	if (sj->j.fp)
		warn(sj, journal_meta_update(&sj->j, &rs->meta, err, sizeof(err)), err);
	if (sj->j.fp)
		warn(sj, journal_trial_done(&sj->j, rs->cells[cell].file_kb,
					    rs->cells[cell].record_kb, trial, err,
					    sizeof(err)), err);
}

int sweep_journal_saved(struct sweep_journal *sj, struct result_set *rs,
			size_t cell, unsigned trial)
{
	long n;

	if (!sj->doc)
		return 0;
	n = journal_doc_take(sj->doc, rs, cell, rs->cells[cell].file_kb,
			     rs->cells[cell].record_kb, trial);
	if (n <= 0)
		return 0;
	/* its timeline rows too (a failure to keep them loses the rows only) */
	(void)journal_doc_take_tl(sj->doc, &rs->timeline, rs->cells[cell].file_kb,
				  rs->cells[cell].record_kb, trial);
	sj->j.cursor = rs->nsamples;	/* in the journal already */
	sj->j.tl_cursor = rs->timeline.n;
	sj->j.steady_cursor = rs->nsteady;
	return 1;
}

void sweep_journal_tp_result(struct sweep_journal *sj, const struct result_set *rs,
			     const struct tp_result *r)
{
	char err[IOSWEEP_ERR_MAX];

	if (sj->j.fp)
		warn(sj, journal_timeline(&sj->j, rs, err, sizeof(err)), err);
	if (sj->j.fp)
		warn(sj, journal_tp_result(&sj->j, r, err, sizeof(err)), err);
}

void sweep_journal_tp_count(struct sweep_journal *sj, unsigned n, unsigned first_trial)
{
	char err[IOSWEEP_ERR_MAX];

	if (sj->j.fp)
		warn(sj, journal_tp_count_done(&sj->j, n, first_trial, err, sizeof(err)), err);
}

size_t sweep_journal_tp_saved(struct sweep_journal *sj, struct result_set *rs,
			      unsigned n, unsigned first_trial,
			      const struct tp_result **saved)
{
	size_t first, count;

	if (!sj->doc || !journal_tp_count_is_done(sj->doc, n, first_trial, &first, &count))
		return 0;
	*saved = sj->doc->tp.results + first;
	/* the count's timeline rows (a failure to keep them loses the rows only) */
	(void)journal_doc_take_tp_tl(sj->doc, &rs->timeline, first_trial, n);
	sj->j.tl_cursor = rs->timeline.n;
	return count;
}

void sweep_journal_finish(struct sweep_journal *sj, const char *status, int saved,
			  const char *after)
{
	char err[IOSWEEP_ERR_MAX];

	cmd_set_stop_note(after ? after : sj->j.fp ? sj->note : NULL);
	if (sj->j.fp && saved)
		warn(sj, journal_end(&sj->j, status, err, sizeof(err)), err);
	journal_close(&sj->j);
}
