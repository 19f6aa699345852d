/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import_priv.h: what the importers (import_text.c, import_xls.c,
 * import_csv.c) share with import.c, which reads the file, detects the
 * format from its first bytes and merges the result into the caller's set.
 *
 * Each parser fills a fresh result set (trial 0 for an IOzone file, the
 * file's own trials for our CSV) and never touches the caller's set, so an
 * error leaves nothing half-imported.  Messages are "FILE:LINE: problem".
 */
#ifndef IOSWEEP_IMPORT_PRIV_H
#define IOSWEEP_IMPORT_PRIV_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

struct result_set;
struct import_opts;
struct import_report;

/* Files larger than this are refused (no IOzone report comes near it). */
#define IMPORT_MAX_BYTES ((size_t)256 << 20)

/*
 * One figure as IOzone printed it, gathered by the text and .xls parsers:
 * the unit is the file's (meta.source_unit); import_add_value converts it to
 * kB/s and stores a rate-only sample.
 */
struct import_acc {
	struct result_set *rs;
	const char *path;
	uint32_t *cell_cols;     /* per cell: columns seen (duplicate check) */
	size_t cell_cols_alloc;
};

/*
 * Add one printed figure of (col, file_kb, record_kb).  A zero is no
 * sample (crossover placeholder, or -+n retest), a negative or non-finite
 * value an error, and so is a second figure for the same column and cell.
 * line is for the message ("FILE:LINE:"; 0 omits it).  0 or -1.
 */
int import_add_value(struct import_acc *acc, int col, uint64_t file_kb,
		     uint64_t record_kb, double value, unsigned line,
		     char *err, size_t errlen);
void import_acc_release(struct import_acc *acc);

/*
 * Read what IOzone's command line says (for -i, -O, -N, -I, -e, -c ...).
 * tests: bit t for each `-i t`, or 0 when no -i was given.  *flags and
 * *unit are only set for options present.
 */
void import_scan_cmdline(const char *cmd, uint32_t *tests, unsigned *flags,
			 int *unit);

/* IOzone's getopt letters that take an argument ("+": -+x takes one too). */
extern const char import_iozone_arg_letters[];

/*
 * The next blank-separated word of a command line at *p, which is moved
 * past it: its start and, in *n, its length; NULL at the end.
 */
const char *import_next_word(const char **p, size_t *n);

/*
 * Each parser fills rs (fresh, results_init'd).  0 or -1 with err.  The
 * text parser reads one report import_unwrap found (its lines and their
 * line numbers in path) and writes its notes into opts (may be NULL); a
 * cut table (rep->table_only) reads its command line through
 * import_cut_command.
 */
int import_text_parse(struct result_set *rs, const char *path,
		      const struct import_report *rep, const struct import_opts *opts,
		      char *err, size_t errlen);
int import_xls_parse(struct result_set *rs, const char *path,
		     const unsigned char *buf, size_t len, char *err,
		     size_t errlen);
/*
 * Our CSV: buf holds results.csv (path names it for messages); meta_path
 * is the meta.csv beside it or NULL, summary_path the summary.csv beside
 * it or NULL (its rows become rs->cell_sums: the cells' merged latency
 * figures and short_timing).
 */
int import_csv_parse(struct result_set *rs, const char *path,
		     const char *buf, size_t len, const char *meta_path,
		     const char *summary_path, char *err, size_t errlen);

/*
 * Throughput mode (import_tp.c): IOzone's -t report text (with or without
 * its -R table, or the table alone), its -b sheet, our throughput.csv.
 * The is_ functions tell them from the content; the parsers fill rs's
 * throughput records (results.h, struct result_tp).
 */
int import_tp_is_text(const char *buf, size_t len);
int import_tp_is_biff(const unsigned char *buf, size_t len);
int import_tp_is_csv(const char *buf);
int import_tp_text_parse(struct result_set *rs, const char *path,
			 const char *buf, size_t len, char *err, size_t errlen);
int import_tp_xls_parse(struct result_set *rs, const char *path,
			const unsigned char *buf, size_t len, char *err, size_t errlen);
int import_tp_csv_parse(struct result_set *rs, const char *path, const char *buf,
			size_t len, char *err, size_t errlen);
/*
 * Merge t's throughput records into rs as trials shifted by `trial`
 * (empty: rs has nothing yet).  Refuses a mix with the file size x record
 * size grid, other units, or a (test, count, trial) already there.
 * Nothing is added on error.  0 or -1.
 */
int import_tp_merge(struct result_set *rs, const struct result_set *t,
		    unsigned trial, int empty, const char *path, char *err, size_t errlen);
/* 1 + the highest trial of t's throughput records. */
unsigned import_tp_trials(const struct result_set *t);

/* A row of a table: its sizes and the file's line it is on. */
struct import_row_size {
	uint64_t file_kb, record_kb;
	unsigned line;
};

/*
 * A table whose header was cut (rep->table_only; import_cut.c): the
 * command line that stands for its cut lines into rs's meta
 * (command_line, flags, unit): the "Command line used:" it kept (in
 * rs->meta.command_line already), else opts->command, else rep->command
 * (the page's text) when it describes the rows, else none; a note says
 * which.  unit_seen: a line of the report gave its unit
 * (rs->meta.source_unit).  0, or -1 with err (the command line's unit is
 * not the report's line's, out of memory).
 */
int import_cut_command(struct result_set *rs, const char *path,
		       const struct import_report *rep, const struct import_opts *opts,
		       const struct import_row_size *rows, size_t nrows, int unit_seen,
		       char *err, size_t errlen);

/*
 * The column of an Excel section title, -R text or BIFF spelling
 * ("Writer report", "Re-reader Report"), case ignored; -2 for a CPU
 * utilization section (-+u), -1 when it is no section title.
 */
int import_section_col(const char *title, size_t len);

/* rs's label from a path: "dir/name.ext" -> "name" (a folder keeps its whole name). 0 or -1. */
int import_default_label(struct result_set *rs, const char *path, int is_dir);

/*
 * Messages quote pieces of the input; a hostile file must not make them
 * span lines or send escape sequences to a terminal: control characters
 * in s become '?'.
 */
void import_printable(char *s);

/* Append one line to opts' notes (nothing without a notes buffer). */
void import_note(const struct import_opts *opts, const char *fmt, ...) IOSWEEP_PRINTF(2, 3);

/* err = "PATH:LINE: message" ("PATH: message" when line is 0). */
void import_vfail(char *err, size_t errlen, const char *path, unsigned line,
		  const char *fmt, va_list ap) IOSWEEP_PRINTF(5, 0);

/* Read a whole file (plain or gzip) into a NUL-terminated buffer. */
int import_read_file(const char *path, char **buf, size_t *len, char *err,
		     size_t errlen);

/* Does buf start like a BIFF record stream (BOF)? */
int import_is_biff(const unsigned char *buf, size_t len);

/*
 * import_csv.c's number fields: a whole number, or a finite number >= 0
 * ("" is neither).  0 or -1.
 */
int import_parse_u64(const char *s, uint64_t *out);
int import_parse_double(const char *s, double *out);

/*
 * import_meta.c: one key,value row of meta.csv into rs's meta.  What the
 * rows say besides the meta fields: whether the label came from meta.csv
 * and the trials it names (0: none).  0, or -1 with the refusal in msg
 * (without the file and line).
 */
struct import_meta_read {
	struct result_set *rs;
	int label_from_meta;
	unsigned trials;
	char msg[256];
};
int import_meta_pair(struct import_meta_read *r, const char *key, const char *val);

/*
 * results.csv's rows of small-file operations (schema 5, opscsv.h),
 * import_ops.c.  IMPORT_OPS_* index col[], filled from the header row by
 * import_ops_header (-1 for a column not there); import_ops_row adds the
 * row to rs (client >= 0: a client's own row of a many-client run, with
 * its writer, to rs->client_ops).  A test with a workload's prefix ("fileop ", "files ") is an
 * operation (import_ops_is_op).  0, or -1 with why in msg (no position).
 */
enum { IMPORT_OPS_TRIAL, IMPORT_OPS_BYTES, IMPORT_OPS_SECONDS, IMPORT_OPS_OPS,
       IMPORT_OPS_PARTIAL, IMPORT_OPS_CLIENT, IMPORT_OPS_IOPS, IMPORT_OPS_FILES,
       IMPORT_OPS_FORCE, IMPORT_OPS_MOVED, IMPORT_OPS_BEST, IMPORT_OPS_WORST,
       IMPORT_OPS_NCOLS };
int import_ops_is_op(const char *test);
void import_ops_header(char *const *field, size_t n, int col[IMPORT_OPS_NCOLS]);
int import_ops_row(struct result_set *rs, const char *test, char *const *field,
		   const int col[IMPORT_OPS_NCOLS], const int lat_idx[8],
		   long client, long writer, char *msg, size_t msglen);
/*
 * A summary.csv row of an operation: its files and force (field indices
 * files_idx, force_idx, -1 when absent), n trials and latency figures
 * (lat, NaN: empty) and short_timing kept in rs->op_sums.  0, or -1 with why in msg.
 */
int import_ops_sum_row(struct result_set *rs, const char *test, char *const *field,
		       int files_idx, int force_idx, uint64_t n, int short_timing,
		       const double lat[8], char *msg, size_t msglen);

#endif
