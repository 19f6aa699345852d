/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * journal.h: the result folder's journal, "journal.txt": every finished
 * sample of a sweep appended and fsynced as it finishes, so a SIGKILL or
 * a power cut loses at most the pass in flight.  `iosweep resume DIR`
 * reads it back to continue the run, `iosweep import DIR` to read an
 * unfinished folder.  docs/journal.md describes the format.
 *
 * One record a line, fields separated by tabs, the last field the CRC-32
 * (zlib's) of everything before its tab, in 8 lowercase hex digits:
 *
 *   J iosweep-journal 1          first line: the format and its version
 *   m KEY VALUE                  a meta field of the run (result_meta)
 *   a CWD ARGC ARG...            where and with what command line it ran
 *   s TEST FILE_KB RECORD_KB TRIAL ... one finished pass (a sample)
 *   t TEST FILE_KB RECORD_KB TRIAL CLIENT INTERVAL_NS START_NS LEN_NS
 *     BYTES OPS LAT_MEAN LAT_MAX LAT_P50 LAT_P99
 *                                one timeline row (--log-interval), written
 *                                with the samples of its pass
 *   y RULE TEST FILE_KB RECORD_KB TRIAL ATTAINED JUDGED AT_NS RAN_NS MEAN
 *     CRITERION                  what --steady found in one pass (TEST
 *                                "precondition" for --precondition's)
 *   d FILE_KB RECORD_KB TRIAL    every pass of that cell-trial finished
 *   p KIND N FILE_KB RECORD_KB PARENT_NS, then per child BYTES OPS
 *     ELAPSED_NS WALL_NS CPU_USER CPU_SYS STOPPED CACHED_PCT
 *                                one test of throughput mode (-t)
 *   c N FIRST_TRIAL              every test with N children finished
 *   r WHEN SAMPLES               a resume started (SAMPLES kept from before)
 *   e STATUS                     the outputs were written ("complete",
 *                                "interrupted: ...", "failed: ...")
 *
 * Text fields escape '%', control bytes and DEL as %XX; numbers are
 * decimal, fractions C99 hex floats ("%a": they read back exactly, so
 * outputs derived from the journal equal the live run's byte for byte).
 * A line whose CRC does not match, or a last line without its newline, is
 * a torn write: dropped when it is the last line, an error elsewhere.
 *
 * Passes of one cell-trial depend on each other (the read passes read the
 * file test 0 wrote), so a resume re-runs every cell-trial without its
 * "d" line, and an "r" line drops the samples and timeline rows of those
 * cell-trials (throughput mode: of the child counts without "c").
 *
 * Ownership: a journal_doc owns everything in it; journal_doc_release()
 * frees it.  journal_doc_take() moves samples (and their histograms) into
 * a result set.
 */
#ifndef IOSWEEP_JOURNAL_H
#define IOSWEEP_JOURNAL_H

#include <stdint.h>
#include <stdio.h>

#include "model/results.h"
#include "run/throughput/throughput.h"
#include "model/timeline.h"

#define JOURNAL_NAME "journal.txt"
#define JOURNAL_MAGIC "J\tiosweep-journal\t"   /* how the file starts */
#define JOURNAL_VERSION 1

/* ---- writing ---- */

struct journal {
	FILE *fp;
	char *path;
	size_t cursor;         /* rs->samples before this index are written */
	size_t tl_cursor;      /* rs->timeline's rows before this one too */
	size_t steady_cursor;  /* and rs->steady's */
	unsigned inflight_max; /* as last written (journal_meta_update) */
	double async_pct;
	uint64_t synced_ns;    /* clock_now_ns() of the last fsync */
	int unsynced;          /* records written since it */
};

/* A record is fsynced when this long has passed since the last fsync. */
#define JOURNAL_SYNC_NS 1000000000ull

/*
 * Create DIR/journal.txt (never over an existing one), write its first
 * line, the meta of rs and the command line (cwd, argc, argv), and fsync
 * the file and DIR.  0, or -1 with a message naming the file.
 */
int journal_create(struct journal *j, const char *dir, const struct result_set *rs,
		   const char *cwd, int argc, char *const *argv, char *err, size_t errlen);
/*
 * Open DIR/journal.txt to append a resume: cut it to good_len bytes (a
 * torn last line goes: journal_doc.good_len), then an "r" line (when,
 * samples kept), fsynced.  0 or -1.
 */
int journal_reopen(struct journal *j, const char *dir, uint64_t good_len,
		   const char *when, uint64_t kept, char *err, size_t errlen);
/*
 * Append rs->samples[j->cursor .. rs->nsamples), the timeline's rows from
 * j->tl_cursor (journal_timeline) and rs->steady's from j->steady_cursor,
 * and fsync; the cursors move past them.  0 or -1.
 */
int journal_samples(struct journal *j, const struct result_set *rs, char *err,
		    size_t errlen);
/* Append "t" for rs->timeline's rows from j->tl_cursor on.  0 or -1. */
int journal_timeline(struct journal *j, const struct result_set *rs, char *err,
		     size_t errlen);
/* Append "d": every pass of the cell-trial is in.  0 or -1. */
int journal_trial_done(struct journal *j, uint64_t file_kb, uint64_t record_kb,
		       unsigned trial, char *err, size_t errlen);
/*
 * Append "m" lines for the meta figures a run measures as it goes
 * (inflight_max, async_pct) when they changed since last written.  0 or -1.
 */
int journal_meta_update(struct journal *j, const struct result_meta *m, char *err,
			size_t errlen);
/* Throughput mode: "p" for one test's result, "c" for a finished child count. */
int journal_tp_result(struct journal *j, const struct tp_result *r, char *err,
		      size_t errlen);
int journal_tp_count_done(struct journal *j, unsigned n, unsigned first_trial,
			  char *err, size_t errlen);
/* Append "e STATUS" (the outputs were written).  0 or -1. */
int journal_end(struct journal *j, const char *status, char *err, size_t errlen);
/* Close (no message: every record was fsynced as written). */
void journal_close(struct journal *j);

/* ---- reading ---- */

struct journal_sample {
	uint64_t file_kb, record_kb;
	struct result_sample s;   /* s.cell unset; histograms owned here */
	int taken;                /* moved into a result set */
};

struct journal_doc {
	struct result_meta meta;  /* the "m" lines (the last of a key wins) */
	unsigned trials;          /* meta "trials" */
	char *cwd;
	int argc;
	char **argv;              /* argc entries and a NULL */
	struct journal_sample *samples;
	size_t nsamples, samples_alloc;
	uint64_t (*done)[3];      /* "d": file_kb, record_kb, trial */
	size_t ndone, done_alloc;
	struct timeline tl;       /* "t" lines not taken yet, in order */
	struct result_steady *steady; /* "y" lines not taken yet, in order */
	size_t nsteady, steady_alloc;
	struct tp_run tp;         /* "p" lines, in order (throughput mode) */
	uint64_t (*counts)[4];    /* "c": children, first trial, and its
				     results: first index, how many */
	size_t tp_pending;        /* results after the last "c" start here */
	size_t ncounts, counts_alloc;
	unsigned resumes;         /* "r" lines */
	uint64_t resumed_kept;    /* the last "r" line's SAMPLES */
	char *resumed_at;         /* the last "r" line's WHEN */
	char *end_status;         /* the last "e" line since the last "r"; NULL */
	unsigned torn;            /* 1 when a torn last line was dropped */
	size_t good_len;          /* bytes up to the end of the last whole line */
};

void journal_doc_init(struct journal_doc *d);
void journal_doc_release(struct journal_doc *d);

/*
 * Parse a journal's bytes (name for messages: "NAME:LINE: ...").  0, or
 * -1 with a message; d holds what was read either way.
 */
int journal_parse(struct journal_doc *d, const char *name, const char *buf,
		  size_t len, char *err, size_t errlen);
/* journal_parse on DIR/journal.txt. 0 or -1. */
int journal_load(struct journal_doc *d, const char *dir, char *err, size_t errlen);

/* Was the cell-trial finished ("d")? */
int journal_trial_is_done(const struct journal_doc *d, uint64_t file_kb,
			  uint64_t record_kb, unsigned trial);
/*
 * Move the samples of a finished cell-trial into rs as cell `cell`, in
 * journal order, and what --steady found in its passes.  Returns how many
 * samples, or -1 when out of memory.
 */
long journal_doc_take(struct journal_doc *d, struct result_set *rs, size_t cell,
		      uint64_t file_kb, uint64_t record_kb, unsigned trial);
/*
 * Move the timeline rows of a finished cell-trial (journal_doc_take's)
 * into tl, in journal order; throughput mode: those of trials first ..
 * first + n - 1 (a finished child count).  Returns how many, or -1 when
 * out of memory.
 */
long journal_doc_take_tl(struct journal_doc *d, struct timeline *tl,
			 uint64_t file_kb, uint64_t record_kb, unsigned trial);
long journal_doc_take_tp_tl(struct journal_doc *d, struct timeline *tl,
			    unsigned first, unsigned n);
/*
 * Throughput mode: was the child count finished ("c")?  Then its results,
 * in run order: *first (an index into d->tp.results) and the count.
 */
int journal_tp_count_is_done(const struct journal_doc *d, unsigned n,
			     unsigned first_trial, size_t *first, size_t *count);
/*
 * The whole journal as a result set (import): meta, cells in report
 * order, every sample, timeline row and --steady row; the samples of
 * cell-trials without "d" flagged partial.
 * A throughput-mode journal is refused (not read yet).  name is the
 * journal's, for messages.  0 or -1.
 */
int journal_doc_to_set(struct journal_doc *d, const char *name, struct result_set *rs,
		       char *err, size_t errlen);

#endif
