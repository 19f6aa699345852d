/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * results.h: the result set, the one data model every emitter reads.
 *
 * A sweep (runner.c) or an import (import.c) fills a result set; the IOzone
 * report, the CSV files, the cliff finder and the charts read only this.
 * It holds raw samples, one per (column, cell, trial); every aggregate is
 * computed on demand from them (results_values / stats.h), so nothing
 * derived is ever stored.
 *
 * Ownership: a result_set owns every string in its meta and its arrays;
 * results_release() frees them all.  Pointers returned by the lookup
 * functions point into the set and live until the next add or release.
 */
#ifndef IOSWEEP_RESULTS_H
#define IOSWEEP_RESULTS_H

#include <stddef.h>
#include <stdint.h>

#include "model/steady.h"
#include "model/timeline.h"

struct latency_hist;

/*
 * The CSV schema: 2 added cached_pct to results.csv and summary.csv; 3
 * added client, host and writer (many clients) to results.csv; 4 (issue
 * 16) added iops, rd_iops, wr_iops, and with latency the rd_lat_* and
 * wr_lat_* figures, to results.csv and summary.csv, and workload to
 * meta.csv; 5 added the rows of small-file operations (struct
 * result_op) and their files and force columns.  The importer reads 1
 * to 5.
 */
#define RESULTS_SCHEMA 5
#define RESULTS_SCHEMA_OLDEST 1

/*
 * The report columns, in IOzone's order.  Each IOzone test fills one or two
 * of them (test 0 fills write and rewrite, test 3 only bkwd read).  The
 * names are IOzone's column names, used as the `test` field in our CSV.
 */
enum results_col {
	RC_WRITE, RC_REWRITE, RC_READ, RC_REREAD, RC_RANDOM_READ,
	RC_RANDOM_WRITE, RC_BKWD_READ, RC_RECORD_REWRITE, RC_STRIDE_READ,
	RC_FWRITE, RC_FREWRITE, RC_FREAD, RC_FREREAD, RC_PWRITE, RC_REPWRITE,
	RC_PREAD, RC_REPREAD, RC_PWRITEV, RC_REPWRITEV, RC_PREADV, RC_REPREADV,
	RC_RANDOM_MIX, RC_SEQ_MIX,   /* --mix: reads and writes in one pass */
	RC_COUNT
};

/* Does the column write (write, rewrite, random write, ...)?  Mixes: 0. */
int results_col_writes(int col);
/* Is the column a --mix pass (random mix, seq mix)? */
int results_col_mixed(int col);

/* "write", "rewrite", ..., "random read", "bkwd read", ..., "repreadv". */
const char *results_col_name(int col);
/* The name with '-' for ' ' ("random-read"), for file names and ids. */
void results_col_slug(int col, char *out, size_t outlen);
/* Inverse of results_col_name; also accepts '_' or '-' for ' '. -1 if unknown. */
int results_col_from_name(const char *name);

/* 1 when the column's figure comes from reading the file (read, reread, ...). */
int results_col_reads(int col);

/* What a figure means. */
enum results_unit {
	RESULTS_UNIT_KBPS,   /* kB/s, kB = 1024 bytes (IOzone's default) */
	RESULTS_UNIT_OPS,    /* operations per second (-O) */
	RESULTS_UNIT_USEC    /* microseconds per operation (-N) */
};

/* meta.flags: things that change what the numbers mean */
#define RESULTS_F_DIRECT   0x001u /* -I, O_DIRECT / F_NOCACHE */
#define RESULTS_F_FSYNC    0x002u /* -e, fsync inside the timing */
#define RESULTS_F_CLOSE    0x004u /* -c, close inside the timing */
#define RESULTS_F_OSYNC    0x008u /* -o */
#define RESULTS_F_ODSYNC   0x010u /* -+D */
#define RESULTS_F_ORSYNC   0x020u /* -+r */
#define RESULTS_F_NORETEST 0x040u /* -+n: second passes not run */
#define RESULTS_F_CPU      0x080u /* -+u: CPU times recorded */
#define RESULTS_F_IMPORTED 0x100u /* came from an IOzone report, not a run */
#define RESULTS_F_COLD     0x200u /* --cold: read passes started with the file dropped */
#define RESULTS_F_STONEWALL 0x400u /* --stonewall: the first client done stopped all */
#define RESULTS_F_VERIFY   0x800u /* -V: every read checked inside the timing */
#define RESULTS_F_DIAG     0x1000u /* -+d: every read checked inside the timing */
#define RESULTS_F_MMAP     0x2000u /* -B, -D: data moved through a mapping */
#define RESULTS_F_MSYNC_ASYNC 0x4000u /* -D: msync(MS_ASYNC) per record written */
#define RESULTS_F_MSYNC_SYNC 0x8000u /* -G: msync(MS_SYNC) per record written */
#define RESULTS_F_MMAP_MIX 0x10000u /* -Z: a write(2) mixed in before test 0 */
#define RESULTS_F_SHORT    0x20000u /* -+X: a short-circuit file system's figures */

/*
 * The text fields of result_meta by their meta.csv key (label, tool,
 * version, ..., status, workload, resumed_at), for the readers and
 * writers that go through them all; ends with a NULL key.
 */
struct results_meta_str {
	const char *key;
	size_t off;            /* offsetof(struct result_meta, the char *) */
};
extern const struct results_meta_str results_meta_strs[];

/*
 * meta.csv's word for RESULTS_F_* flag number i (0, 1, ...): its flag in
 * *flag, or NULL past the last.
 */
const char *results_flag_word(size_t i, unsigned *flag);

struct result_meta {
	char *label;          /* series name on charts */
	char *tool;           /* "iosweep" or "iozone" */
	char *version;        /* tool version */
	char *command_line;
	char *start_time;     /* ISO 8601, local time with offset */
	char *host;
	char *os;             /* uname sysname release machine */
	char *target_path;    /* the test file */
	char *fs_type;        /* file system type of its directory */
	char *mount_options;
	char *link;           /* the network link crossed (--link, IOSWEEP_LINK:
				 "gigabit", "940mbit"; netbound.h); NULL: none given */
	char *data_pattern;   /* "random", "zero", "ratio=0.50" */
	uint64_t ram_kb;      /* 0 when unknown */
	double data_compress_ratio; /* zlib ratio of the buffer, 0 when unknown */
	uint64_t data_unique_bytes; /* the writers send no aligned block of this
				       size (or larger) twice: 512 for random
				       data, 4096 for --data ratio; 0: not so */
	double data_dedup_ratio;    /* what a box deduplicating blocks of
				       data_dedup_bytes stores the files at:
				       1 for unique data, measured for shaped
				       data; 0 when unknown */
	uint64_t data_dedup_bytes;  /* the block size of that ratio */
	double timer_resolution_s;  /* measured clock step, 0 when unknown */
	unsigned flags;       /* RESULTS_F_* */
	int source_unit;      /* enum results_unit the source printed */
	char *workload;       /* --iodepth/--jobs/--mix runs: "engine=io_uring
				 iodepth=16 jobs=16 mix=70 ..." as the report
				 prints it; NULL otherwise */
	char *engine;         /* those runs: the engine that kept the depth
				 ("io_uring", "threads"); NULL otherwise */
	unsigned iodepth;     /* those runs: I/Os in flight per job; 0 otherwise */
	unsigned jobs;        /* those runs: jobs sharing the file; 0 otherwise */
	char *engine_calls;   /* those runs, engines that count them (io_uring):
				 "1.00 submit, 0.31 wait per I/O (io_uring)",
				 the system calls the engine made per I/O
				 reaped; NULL otherwise */
	unsigned inflight_max; /* those runs: the most I/Os one worker had in
				 flight at once (submitted, not yet reaped);
				 0 otherwise */
	double async_pct;     /* those runs, engines that can tell (winaio):
				 the % of transfers the system left pending
				 rather than finishing inside the call, 0 to
				 100; negative when not counted */
	/*
	 * Shaped data (-+w -+y -+C -+a; run/data/shape.h), measured from what the
	 * writers build: granule bytes (0: not measured), the share of the
	 * first file's granules seen before in it, the share of a second
	 * file's granules the first holds (negative: one file), the bytes
	 * of each file measured and how many files.
	 */
	uint64_t dedup_granule;
	double dedup_within, dedup_across;
	uint64_t dedup_probe_bytes;
	unsigned dedup_files;
	uint64_t clients_rss_kb;  /* many clients: rank 0's peak resident memory
				     at the run's end (kB); 0 otherwise */
	double clients_reduce_s;  /* many clients: rank 0's time in the cells'
				     reductions and gathers; 0 otherwise */
	char *status;         /* a sweep's outcome: "complete", "interrupted: why",
				 "failed: why"; NULL when not known (imports) */
	char *resumed_at;     /* `iosweep resume`: when the last resume started
				 (ISO 8601); NULL for a run never resumed */
	uint64_t resumed_samples; /* then: the finished samples it kept */
};

/* sample.flags */
#define RESULTS_SF_PARTIAL   0x1u /* interrupted or failed: not a full pass */
#define RESULTS_SF_RATE_ONLY 0x2u /* imported: only the rate is known */
#define RESULTS_SF_CACHED    0x4u /* cached_pct is known */
#define RESULTS_SF_SYNC_SLOW 0x8u /* many clients: the barriers took a visible
				     part of the pass (counts as short timing) */
#define RESULTS_SF_SPLIT     0x10u /* rd_ops/wr_ops (and lat_rd/lat_wr) are set */
#define RESULTS_SF_LAT_FIGS  0x20u /* lat_figs holds a trial's figures read back */
#define RESULTS_SF_HOST_CPU  0x40u /* host_busy_pct is known (a run's own
				      samples only: not in the CSV files or
				      the journal) */

struct result_sample {
	uint32_t cell;         /* index into result_set.cells */
	uint16_t col;          /* enum results_col */
	uint16_t trial;        /* 0-based */
	uint64_t bytes;        /* bytes moved in the timed region */
	uint64_t ops;          /* system calls (records) in the timed region */
	uint64_t elapsed_ns;   /* timed region, monotonic clock */
	uint64_t wall_ns;      /* whole pass incl. open/fsync/close (for -+u) */
	double cpu_user_s;     /* CPU user seconds of the whole pass */
	double cpu_sys_s;      /* CPU system seconds of the whole pass */
	double rate_kbps;      /* only with RESULTS_SF_RATE_ONLY */
	unsigned flags;        /* RESULTS_SF_* */
	double cached_pct;     /* % of the cell's file in the page cache when the
				  pass started (mincore); with RESULTS_SF_CACHED */
	double host_busy_pct;  /* how busy the whole machine's CPUs were over
				  the pass, 0 to 100 (clock_host_cpu); with
				  RESULTS_SF_HOST_CPU */
	struct latency_hist *lat; /* --latency: per-op histogram (latency.h), owned
				     by the set once added; NULL without */
	/*
	 * --iodepth/--jobs/--mix (RESULTS_SF_SPLIT): the reads and writes
	 * among ops, and their own histograms (NULL when that direction had
	 * no operation); owned by the set like lat.
	 */
	uint64_t rd_ops, wr_ops;
	struct latency_hist *lat_rd, *lat_wr;
	uint64_t sync_ns;      /* many clients: barrier-to-barrier time of the
				  pass on this client, 0 without */
	int32_t client;        /* client_samples only: the client (MPI rank) */
	int32_t writer;        /* client_samples only: the client that wrote
				  the file this pass used (--reorder) */
	/*
	 * Imported from our results.csv (RESULTS_SF_LAT_FIGS): the trial's
	 * latency figures, where the histogram itself is not kept; owned by
	 * the set like lat, NULL without.
	 */
	struct result_lat_figs *lat_figs;
};

/* The rows of result_lat_figs.us and result_cell_sum.lat_us. */
enum { RESULTS_LAT_ALL, RESULTS_LAT_RD, RESULTS_LAT_WR };

/*
 * A trial's latency figures in microseconds as results.csv's columns hold
 * them: [RESULTS_LAT_ALL] lat_*, [RESULTS_LAT_RD] rd_lat_*,
 * [RESULTS_LAT_WR] wr_lat_*, each min mean max sd p50 p90 p99 p99.9
 * (latency.h's order); NaN for an empty field.  csvout writes them back
 * as read.  Kept apart from the sample, which a run fills by the
 * thousand per client, so only imports pay for them.
 */
struct result_lat_figs {
	double us[3][8];
};

/*
 * Imported from a result folder's summary.csv: what it said about one
 * (test, cell) that its results.csv cannot give back.  The latency
 * figures of a cell come from its trials' histograms merged, which the
 * folder no longer has, and short_timing may stand for barrier overhead
 * (RESULTS_SF_SYNC_SLOW, many clients), which results.csv does not hold.
 * They describe exactly the n full trials the summary was made from, so
 * they are used only while the set holds that many full trials of the
 * cell and no trial from another source (results_cell_sum); csvout
 * writes them back unchanged.
 */
#define RESULTS_CS_LAT   0x1u /* lat_us holds the summary's latency fields */
#define RESULTS_CS_SHORT 0x2u /* short_timing was 1 */
#define RESULTS_CS_STALE 0x4u /* trials of another source joined the cell */

struct result_cell_sum {
	uint32_t cell;         /* index into result_set.cells */
	uint16_t col;          /* enum results_col */
	uint32_t n;            /* the summary's n: full trials behind it */
	unsigned flags;        /* RESULTS_CS_* */
	double lat_us[3][8];   /* as result_lat_figs.us; NaN: an empty field */
};

struct result_cell {
	uint64_t file_kb;
	uint64_t record_kb;
	int placeholder;       /* IOzone crossover dummy: in -R as 0, never run */
};

/*
 * Throughput mode (-t N, -l/-u: N processes or threads, one file each):
 * one record per (test, process count, trial).  The figures are those the
 * report printed (IOzone's, or our own run's), in the set's unit per
 * second (meta.source_unit: kB/s, or ops/s with -O) and, for min_xfer and
 * child_xfer, in kB (or ops).  A figure the source does not hold (the -R
 * table and the -b sheet have Children see only; -+m has no Parent sees)
 * is NAN.  These are stored, not derived: Parent sees needs the parent's
 * clock, which no per-child sample holds.  A set holds either samples
 * (the file size x record size grid) or throughput records, never both.
 */
struct result_tp {
	int kind;              /* enum tp_kind (throughput.h): the test */
	unsigned procs;        /* processes (threads with -T) */
	uint16_t trial;        /* 0-based, as for samples */
	uint64_t file_kb;      /* each process's file; 0 when unknown */
	uint64_t record_kb;    /* 0 when unknown */
	double children, parent, min, max, avg, min_xfer;
	double cpu_wall_s, cpu_s, cpu_pct;  /* -+u; NAN without */
	unsigned nchild;       /* -C: per-child figures, 0 without */
	double *child_xfer;    /* nchild entries, owned by the set */
	double *child_rate;    /* nchild entries, owned by the set */
};

/*
 * Small-file and metadata workloads (`iosweep fileop`, `iosweep files`
 * and imports of fileop's text): one record per (operation, tree,
 * trial, job).  test is the operation under its workload's name
 * ("fileop mkdir", "files create"), so it never meets an IOzone
 * column's name.  The figure is calls per second: calls over seconds
 * where both are known, else the rate the source printed (ops_per_s,
 * an import of fileop's text, which has no times).  best_s and
 * worst_s are the fastest and slowest single call (fileop's B and W
 * rows).  A set may hold these beside samples; the grid emitters ignore
 * them and results_ops.c, the CSV, JSON, chart, HTML and compare code
 * read them.
 */
#define RESULTS_OP_TEST_MAX 24
#define RESULTS_OF_PARTIAL 0x1u   /* interrupted or failed: not a full pass */
#define RESULTS_OF_SHORT   0x2u   /* its time is under the short-timing threshold */

struct result_op {
	char test[RESULTS_OP_TEST_MAX]; /* "fileop mkdir", "files create" */
	uint64_t files;        /* the files of the tree (fileop: force^3) */
	unsigned force;        /* fileop's force factor, 0 for others */
	uint16_t trial;        /* 0-based */
	int32_t job;           /* -1: the whole run; 0..: one job's own row */
	uint64_t calls;        /* timed calls; 0 when not known */
	uint64_t moved;        /* files (or entries) the phase went through */
	uint64_t bytes;        /* bytes moved */
	double seconds;        /* timed time of the calls; NaN when not known */
	double ops_per_s;      /* only when seconds is NaN: the source's rate */
	double best_s, worst_s; /* fastest and slowest call; NaN: not known */
	double lat_us[8];      /* latency.h's eight figures (min mean max sd
				  p50 p90 p99 p99.9) when read back; NaN */
	struct latency_hist *lat; /* the calls' histogram, owned by the set; NULL */
	unsigned flags;        /* RESULTS_OF_* */
	int32_t client;        /* client_ops only: the client (MPI rank) */
	int32_t writer;        /* client_ops only: the client whose files the
				  phase used (--reorder), -1 when not known */
};

/*
 * --steady: how one pass that may stop early (a --runtime pass, or
 * --precondition's writing) fared.  Times are from the start of counting
 * (after --ramp); the judged figures are those of the last window judged
 * (the steady one when attained), in IOPS or kB/s as the rule says.
 */
struct result_steady {
	struct steady_spec spec; /* the rule it was judged by */
	int col;               /* enum results_col, or -1: --precondition */
	uint64_t file_kb, record_kb;
	uint16_t trial;
	int attained;
	int judged;            /* a whole window was judged at least once */
	uint64_t at_ns;        /* when it was steady (with attained) */
	uint64_t ran_ns;       /* how long the pass counted */
	double mean;           /* the window's mean */
	double criterion;      /* what was compared with the limit */
};

struct result_set {
	struct result_meta meta;
	struct result_cell *cells;     /* in report order */
	size_t ncells, cells_alloc;
	struct result_sample *samples;
	size_t nsamples, samples_alloc;
	uint32_t cols_mask;            /* bit (1u << col) for each column run */
	unsigned trials;               /* trials asked for */
	uint64_t *record_axis;         /* IOzone's full record list (-R header) */
	size_t nrecord_axis;
	/*
	 * Many clients (iosweep-mpi): samples holds the aggregate of every
	 * cell (all clients' bytes over the leader's barrier-to-barrier
	 * time), so every emitter reads it as a one-client set; these are
	 * the clients' own samples behind it, each with its own latency
	 * histograms (with --latency or queue depth).
	 * nclients is 0 for a one-client run.
	 */
	struct result_sample *client_samples;
	size_t nclient_samples, client_samples_alloc;
	unsigned nclients, nhosts, ranks_per_host;
	char **client_host;            /* [nclients] host name of each client */
	struct result_tp *tp;          /* throughput mode; see struct result_tp */
	size_t ntp, tp_alloc;
	struct result_cell_sum *cell_sums; /* imported summary.csv rows */
	size_t ncell_sums, cell_sums_alloc;
	struct result_op *ops;         /* small-file operations; see struct result_op */
	size_t nops, ops_alloc;
	/*
	 * Many clients: ops holds the aggregate of every phase (all clients'
	 * calls over rank 0's barrier-to-barrier time), so every emitter
	 * reads it as a one-client set; these are each client's own records
	 * behind it (its own time), in the order they were added.
	 */
	struct result_op *client_ops;
	size_t nclient_ops, client_ops_alloc;
	/*
	 * Imported summary.csv rows of operations: test, files, force, calls
	 * = the n full trials behind the row, lat_us its latency figures (the
	 * trials' histograms merged, which a folder no longer has); used
	 * while the set holds exactly that many full trials of the group.
	 */
	struct result_op *op_sums;
	size_t nop_sums, op_sums_alloc;
	/*
	 * --log-interval: every recorded pass's intervals (timeline.h),
	 * run or read back from timeline.csv; empty without.
	 */
	struct timeline timeline;
	/*
	 * results_find_cell's index of cells by (file kB, record kB): open
	 * addressing, cell number + 1 per slot (0: empty), covering cells
	 * [0, cell_index_n); built and extended by the finder itself.
	 */
	uint32_t *cell_index;
	size_t cell_index_slots, cell_index_n;
	/* --steady: one row per pass that waited for steady state */
	struct result_steady *steady;
	size_t nsteady, steady_alloc;
};

/*
 * What the data line adds after the zlib ratio (report, HTML): ", unique
 * 512 B blocks, expected dedup ratio 1.00", or for shaped data ",
 * expected dedup ratio 1.33 at 4096-byte blocks"; "" when unknown.
 */
void results_data_dedup_text(const struct result_meta *m, char *out, size_t outlen);

void results_init(struct result_set *rs);
void results_release(struct result_set *rs);

/* Replace *field with a copy of value (NULL allowed). 0 or -1 (ENOMEM). */
int results_set_str(char **field, const char *value);

/* Append a cell; returns its index, or -1 on allocation failure. */
long results_add_cell(struct result_set *rs, uint64_t file_kb,
		      uint64_t record_kb, int placeholder);
/*
 * Cells were reordered or dropped behind the set's back (anything but
 * results_add_cell): results_find_cell's index is rebuilt on next use.
 */
void results_cells_moved(struct result_set *rs);
/* Index of the first (non-placeholder) cell with these sizes, or -1. */
long results_find_cell(const struct result_set *rs, uint64_t file_kb,
		       uint64_t record_kb);
/*
 * Append a copy of *s and set its column's bit in cols_mask.  0 or -1.
 * On success the set owns s->lat, s->lat_rd, s->lat_wr and s->lat_figs
 * (freed by results_release); on failure the caller still does.
 */
int results_add_sample(struct result_set *rs, const struct result_sample *s);
/*
 * Append a copy of *s to client_samples.  0 or -1.  As with
 * results_add_sample, on success the set owns its histograms.
 */
int results_add_client_sample(struct result_set *rs, const struct result_sample *s);
/*
 * Record the clients: n host names (copied), counting the hosts and the
 * most ranks on one host.  0 or -1 (ENOMEM).
 */
int results_set_clients(struct result_set *rs, const char *const *hosts, unsigned n);
/*
 * Append a copy of *t (its child arrays copied too; NULL with nchild 0).
 * 0 or -1 (ENOMEM, set unchanged).
 */
int results_add_tp(struct result_set *rs, const struct result_tp *t);
/* Append a copy of *st.  0 or -1. */
int results_add_steady(struct result_set *rs, const struct result_steady *st);
/*
 * Append a copy of *cs (an imported summary row; see struct
 * result_cell_sum).  0 or -1 (ENOMEM, set unchanged).
 */
int results_add_cell_sum(struct result_set *rs, const struct result_cell_sum *cs);
/*
 * Append a copy of *o (struct result_op).  0 or -1 (ENOMEM, set
 * unchanged); on success the set owns o->lat.
 */
int results_add_op(struct result_set *rs, const struct result_op *o);
/* Append a copy of *o to client_ops; as results_add_op. */
int results_add_client_op(struct result_set *rs, const struct result_op *o);
/* Append a copy of *o to op_sums (o->lat must be NULL).  0 or -1 (ENOMEM). */
int results_add_op_sum(struct result_set *rs, const struct result_op *o);
/*
 * The imported summary of (cell, col) when it still describes the set's
 * trials of it: as many full trials as its n.  NULL otherwise.
 */
const struct result_cell_sum *results_cell_sum(const struct result_set *rs,
					       size_t cell, int col);
/* Set the record axis (copied). 0 or -1. */
int results_set_record_axis(struct result_set *rs, const uint64_t *kb, size_t n);

/*
 * The figure of one sample in a unit: kB/s = bytes/1024/seconds,
 * ops/s = ops/seconds, usec/op = 1e6*seconds/ops.  Rate-only samples
 * convert through the cell's record size.  Returns -1.0 when the sample
 * has no usable time (0 ns) or no operations.
 */
double results_sample_value(const struct result_set *rs,
			    const struct result_sample *s, int unit);

/*
 * Collect the figures of every full (not partial) trial of (cell, col)
 * into out[0..max), in trial order.  Returns how many there were.
 */
size_t results_values(const struct result_set *rs, size_t cell, int col,
		      int unit, double *out, size_t max);

/*
 * The statistics of (cell, col) over its full trials, in unit: what every
 * emitter, the guided run and the sweep's own rules call a cell's mean
 * and interval.  Returns how many trials there were (0: none, *out
 * untouched), or -1 when out of memory.
 */
struct stats_summary;
long results_cell_summary(const struct result_set *rs, size_t cell, int col, int unit,
			  struct stats_summary *out);

/*
 * Put the cells in report order (file size, then record size; stable)
 * and renumber the samples' cell indices to match.  Used after cells were
 * appended out of order (--refine-cliffs).  0 or -1 (ENOMEM, set unchanged).
 */
int results_sort_cells(struct result_set *rs);

/*
 * Operations per second of a sample: out[0] all, out[1] the reads, out[2]
 * the writes (NaN when the sample has no time or only a rate).
 */
void results_sample_iops(const struct result_sample *s, double out[3]);
/*
 * The same, the mean over the full trials of (cell, col) (NaN when none);
 * returns the number of trials.
 */
unsigned results_iops_mean(const struct result_set *rs, size_t cell, int col,
			   double out[3]);

/* Has any sample of this (cell, col) been recorded? */
int results_has(const struct result_set *rs, size_t cell, int col);

/*
 * The least of the cached_pct of the full trials of (cell, col): how much
 * of the file at least was in the page cache when each pass started.
 * -1.0 when a full trial does not know it (imports of IOzone reports) or
 * there is none.
 */
double results_cached_min(const struct result_set *rs, size_t cell, int col);

/*
 * 1 when that shortest timed region is too short for the clock
 * (stats_too_short), as summary.csv's short_timing says; else 0.
 */
int results_short_timing(const struct result_set *rs, size_t cell, int col);

/*
 * Latency over samples (latency.h keeps the histograms themselves).
 * Merge the histograms of every full (not partial) trial of (cell, col)
 * of a result set into out (full, emptied first).  Returns how many
 * trials had one; -1 when out of memory.
 */
int results_lat_merge_cell(const struct result_set *rs, size_t cell, int col,
		       struct latency_hist *out);

/*
 * The same for one direction: dir 0 the reads, 1 the writes of
 * (cell, col), from a split sample's lat_rd/lat_wr or, for a sample of
 * one direction, its lat when that is dir.  Returns how many trials had
 * values of that direction; -1 when out of memory.
 */
int results_lat_merge_cell_dir(const struct result_set *rs, size_t cell, int col,
			   int dir, struct latency_hist *out);

/* Does any sample of the set carry a histogram? */
int results_has_latency(const struct result_set *rs);

#endif
