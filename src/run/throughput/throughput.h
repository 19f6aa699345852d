/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * throughput.h: IOzone's throughput mode (-t N, -l/-u): N children, each
 * with a file of its own, run each test at the same moment, and the report
 * says what the children saw (the sum of their own rates) and what the
 * parent saw (all bytes over its wall time).
 *
 * Children are processes (fork) or, with -T, POSIX threads.  Before each
 * test every child opens its file and fills its buffer, then says it is
 * ready on a pipe; the parent reads the clock and closes the "go" pipe,
 * which wakes every child at once (one close is the portable barrier: no
 * process-shared pthread barrier is needed, which macOS lacks).  Each child
 * times its own loop; the first to finish raises the stonewall flag in
 * shared memory (unless -x) and the others stop at their next record and
 * report what they really moved.  Stopped writers then finish their file
 * outside the timing (as IOzone does), so the readers that follow read
 * whole files.  The parent's time runs from the release until the last
 * child has reported, so Parent sees is exactly sum(bytes) / that time.
 *
 * Differences from IOzone, on purpose: no sleep(2) and sync() between
 * tests (only -+q sleeps); a child that moved nothing is counted and left
 * out of the min, max and avg per process (report_tp.c says so in a line of
 * its own); Avg is Children see over the children that moved data; the
 * Min throughput per process is the real minimum (IOzone's restarts after
 * a zero); with -T the CPU time of a child is its thread's, not the whole
 * process's; a writer does not send one record over and over (IOzone's
 * -t files compress 144:1 with zlib): each child walks a pattern buffer
 * of its own (record + 1 MiB, its own seed) in the windows of pattern.h,
 * as the sweep does, so its file compresses as the header says.  With
 * --cold a reader drops its file from the page cache before the barrier,
 * and every child records how much of its file was cached as it started.
 *
 * Ownership: throughput_run() fills a struct tp_run the caller releases
 * with throughput_release(); the result set gets one sample per child and
 * test (see throughput_run).
 */
#ifndef IOSWEEP_THROUGHPUT_H
#define IOSWEEP_THROUGHPUT_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct options;
struct result_set;

/* IOzone's throughput tests, in the order IOzone runs them. */
enum tp_kind {
	TP_WRITE, TP_REWRITE, TP_READ, TP_REREAD, TP_REVERSE, TP_STRIDE,
	TP_RANDOM_READ, TP_MIX, TP_RANDOM_WRITE, TP_PWRITE, TP_PREAD,
	TP_FWRITE, TP_FREAD, TP_NKINDS
};

struct tp_test_def {
	int kind;                /* enum tp_kind */
	int test;                /* the -i number that selects it */
	const char *name;        /* "initial writers": the report's label */
	int wide_count;          /* count printed "%2u" (else "%u") */
	const char *tabs_children, *tabs_parent; /* before '=' on those lines */
	const char *table_name;  /* "Initial write": the -R and -b row label */
	int col;                 /* enum results_col of its samples, -1 none */
	int writes;              /* writers finish their file after a stop */
	int retest;              /* a second pass: dropped by -+n */
};

/* The row of kind k (0 <= k < TP_NKINDS). */
const struct tp_test_def *throughput_test_def(int kind);

/* What one child measured in one test. */
struct tp_child {
	uint64_t bytes, ops;     /* moved in its timed region */
	uint64_t elapsed_ns;     /* its timed region: release to end or stop */
	uint64_t wall_ns;        /* the same span, for -+u */
	double cpu_user_s, cpu_sys_s; /* CPU seconds over that span */
	int stopped;             /* stonewalled before its last record */
	double cached_pct;       /* % of its file in the page cache as it started
				    (after --cold's drop), -1 when unknown */
};

/* One test with one child count. */
struct tp_result {
	int kind;                /* enum tp_kind */
	unsigned nchildren;
	uint64_t file_kb;        /* each child's file */
	uint64_t record_kb;
	uint64_t parent_ns;      /* release until the last child reported */
	struct tp_child *child;  /* nchildren entries, owned */
};

/* A whole throughput run: every test of every child count, in run order. */
struct tp_run {
	struct tp_result *results;
	size_t nresults, alloc;
	unsigned tl_lost;        /* --log-interval: tests whose intervals were not
				    all kept (a child outlasted its rows) */
};

void throughput_release(struct tp_run *run);

/* The figures of one result, in kB (or ops with ops != 0). */
struct tp_summary {
	double children_see;     /* sum of the children's rates */
	double parent_sees;      /* sum of amounts / parent time */
	double min, max, avg;    /* per child, over the children that moved data */
	double min_xfer;         /* least amount one child moved (0 included) */
	unsigned nmoved;         /* children that moved at least one record */
	double wall_s;           /* -+u: longest child wall time */
	double cpu_s;            /* -+u: sum of the children's CPU seconds */
	double cpu_pct;          /* 100 * cpu_s / wall_s, 0 when no wall time */
};

/* Pure: the report's figures of r. */
void throughput_summarize(const struct tp_result *r, int ops,
			  struct tp_summary *s);

/* Called as the run goes, so the report can print like IOzone.  May be NULL. */
struct tp_hooks {
	void (*count_start)(void *ctx, unsigned nchildren, uint64_t file_kb);
	void (*test_done)(void *ctx, const struct tp_result *r);
	void (*count_done)(void *ctx, unsigned nchildren);
	void *ctx;
	/*
	 * The journal's (report/journal.h), may be NULL: before the tests
	 * with nchildren children run, the results an earlier run finished
	 * for them (*saved, that many; 0: none).  They are recorded and
	 * reported (count_start, test_done, count_done) as if run now, and
	 * nothing runs.
	 */
	size_t (*count_saved)(void *ctx, unsigned nchildren, uint32_t first_trial,
			      const struct tp_result **saved);
};

/*
 * The file of child i (0-based): -F's name, else "iosweep.DUMMY.<i>" in
 * the working directory.  Writes into buf.
 */
void throughput_path(const struct options *o, unsigned i, char *buf, size_t len);

/*
 * Check every child's directory (room for its files unless --force) and
 * create each file with O_EXCL (an existing regular file only with
 * --overwrite); a name given twice is refused.  On error nothing created
 * is left behind.  0, or -1 with a message naming the path.
 */
int throughput_prepare(const struct options *o, char *err, size_t errlen);

/*
 * Run every child count of the options (options_child_counts) and every
 * selected test (all of IOzone's throughput tests without -i), appending
 * to run and, per child and test, one sample to rs: cell (file kB of a
 * child, record kB), the test's column (the mixed workload has none), and
 * trial = the child's index counted over the whole run (the children of
 * the first count first), so CSV output keeps every child.  Removes the
 * files at the end unless -w.  0; or -1 with err set on an I/O error in a
 * child (its message, the child and the test) or when *stop became set
 * (the interrupted test is not recorded).  stop may be NULL.
 */
int throughput_run(const struct options *o, struct tp_run *run,
		   struct result_set *rs, const struct tp_hooks *h,
		   volatile sig_atomic_t *stop, char *err, size_t errlen);


/* The file of each child and its records, from the options: what a run
 * of n children does (--dry-run says it). */
uint64_t throughput_child_file_kb(const struct options *o, unsigned n);
uint64_t throughput_record_kb(const struct options *o);
/* Is the test of this kind (TP_*) selected by the options' -i? */
int throughput_selected(const struct options *o, int kind);

#endif
