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

struct latency_hist;

/*
 * Schema 2 (issue 16): results.csv and summary.csv gain iops, rd_iops,
 * wr_iops, and with latency the rd_lat_* and wr_lat_* figures; meta.csv
 * gains workload.  Schema 1 files still import.
 */
#define RESULTS_SCHEMA 2

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
/* Inverse of results_col_name; also accepts '_' or '-' for ' '. -1 if unknown. */
int results_col_from_name(const char *name);

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
	char *data_pattern;   /* "random", "zero", "ratio=0.50" */
	uint64_t ram_kb;      /* 0 when unknown */
	double data_compress_ratio; /* zlib ratio of the buffer, 0 when unknown */
	double timer_resolution_s;  /* measured clock step, 0 when unknown */
	unsigned flags;       /* RESULTS_F_* */
	int source_unit;      /* enum results_unit the source printed */
	char *workload;       /* --iodepth/--jobs/--mix runs: "engine=io_uring
				 iodepth=16 jobs=16 mix=70 ..."; NULL otherwise */
	char *status;         /* a sweep's outcome: "complete", "interrupted: why",
				 "failed: why"; NULL when not known (imports) */
};

/* sample.flags */
#define RESULTS_SF_PARTIAL   0x1u /* interrupted or failed: not a full pass */
#define RESULTS_SF_RATE_ONLY 0x2u /* imported: only the rate is known */
#define RESULTS_SF_SPLIT     0x4u /* rd_ops/wr_ops (and lat_rd/lat_wr) are set */

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
	struct latency_hist *lat; /* --latency: per-op histogram (latency.h), owned
				     by the set once added; NULL without */
	/*
	 * --iodepth/--jobs/--mix (RESULTS_SF_SPLIT): the reads and writes
	 * among ops, and their own histograms (NULL when that direction had
	 * no operation); owned by the set like lat.
	 */
	uint64_t rd_ops, wr_ops;
	struct latency_hist *lat_rd, *lat_wr;
};

struct result_cell {
	uint64_t file_kb;
	uint64_t record_kb;
	int placeholder;       /* IOzone crossover dummy: in -R as 0, never run */
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
};

void results_init(struct result_set *rs);
void results_release(struct result_set *rs);

/* Replace *field with a copy of value (NULL allowed). 0 or -1 (ENOMEM). */
int results_set_str(char **field, const char *value);

/* Append a cell; returns its index, or -1 on allocation failure. */
long results_add_cell(struct result_set *rs, uint64_t file_kb,
		      uint64_t record_kb, int placeholder);
/* Index of the (non-placeholder) cell with these sizes, or -1. */
long results_find_cell(const struct result_set *rs, uint64_t file_kb,
		       uint64_t record_kb);
/*
 * Append a copy of *s and set its column's bit in cols_mask.  0 or -1.
 * On success the set owns s->lat (freed by results_release); on failure
 * the caller still does.
 */
int results_add_sample(struct result_set *rs, const struct result_sample *s);
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
 * Put the cells in report order (file size, then record size; stable)
 * and renumber the samples' cell indices to match.  Used after cells were
 * appended out of order (--refine-cliffs).  0 or -1 (ENOMEM, set unchanged).
 */
int results_sort_cells(struct result_set *rs);

/*
 * The reads and writes among a sample's ops: the split of a --mix or
 * queue-depth sample, else all of them in the column's direction.
 */
void results_sample_split(const struct result_sample *s, uint64_t *rd_ops,
			  uint64_t *wr_ops);

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

#endif
