/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report_fileop.h: what `iosweep fileop` prints and writes: IOzone
 * fileop's text layouts, byte for byte apart from the figures (the title
 * line, the column header, the A, B and W rows, the -t blocks), and
 * fileop.csv.
 *
 * Where link and unlink do not run (Windows), the header and rows are
 * fileop's Windows ones, without those two columns.  Figures that fileop
 * would divide by zero (an operation with no call, such as delete with
 * -L) are printed as fileop prints them: the C library's NaN and inf.
 * The functions own nothing they are given.
 */
#ifndef IOSWEEP_REPORT_FILEOP_H
#define IOSWEEP_REPORT_FILEOP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "run/files/fileop.h"

/* "\nFileop:  Working in DIR, File size is N,  Output is in Ops/sec. ..." */
void report_fileop_title(FILE *out, const char *dir, uint64_t size_bytes);
/* The column header line (links: with the link and unlink columns). */
void report_fileop_columns(FILE *out, int links);
/* One row: tag 'A' (average), 'B' (best call) or 'W' (worst call). */
void report_fileop_row(FILE *out, char tag, unsigned force,
		       const struct fileop_result *r, int links);
/*
 * fileop -t's blocks, one per operation in the order the phases run;
 * with latency (and histograms in r), p50 and p99 lines in each.
 */
void report_fileop_blocks(FILE *out, const struct fileop_result *r, int links,
			  int latency);

/*
 * One pass's figures as fileop.csv keeps them, per operation: a run's are
 * all computed from its nanosecond totals (report_fileop_sample); an
 * import of fileop's text has only what the text printed (NaN elsewhere).
 */
#define REPORT_FILEOP_NLAT 4          /* p50, p90, p99, p99.9 */
struct report_fileop_figs {
	uint64_t count;               /* timed calls */
	double total_s;               /* NaN: not known */
	double ops_per_s, best_per_s, worst_per_s;  /* A, B, W; NaN: none */
	double best_s, worst_s;       /* NaN: none */
	double lat_us[REPORT_FILEOP_NLAT]; /* NaN when not kept */
};
struct report_fileop_sample {
	unsigned force, trial;        /* trial 0-based, as results.csv */
	struct report_fileop_figs op[FILEOP_NOPS];
};

/* Fill s from a pass's result r (percentiles when r has histograms). */
void report_fileop_sample(struct report_fileop_sample *s, unsigned force,
			  unsigned trial, const struct fileop_result *r);

/*
 * Add s's figures to rs as operation records (results.h, struct
 * result_op: "fileop mkdir", ..., files force^3), one per operation that
 * runs here; with r (a run's pass, NULL for an import) each record keeps
 * a copy of its histogram, and its timed total under resolution_s's
 * short-timing threshold flags it.  Calls and seconds when s has both,
 * else the A row's rate.  0, or -1 when out of memory.
 */
struct result_set;
int report_fileop_ops(struct result_set *rs, const struct report_fileop_sample *s,
		      const struct fileop_result *r, int links, uint64_t size_bytes,
		      double resolution_s);

/*
 * fileop.csv: one row per sample and operation that runs here:
 *   force,trial,op,count,total_s,ops_per_s,best_s,worst_s,
 *   lat_p50_us,lat_p90_us,lat_p99_us,lat_p999_us,best_per_s,worst_per_s
 * (seconds %.9f, calls per second %.3f, microseconds %.3f; empty where
 * there is no figure).  ops_per_s, best_per_s and worst_per_s are the A,
 * B and W rows' figures.  Written through outfile.h; refuses an existing
 * file unless overwrite.  0, or -1 with a message.
 */
/*
 * Before anything is written: fileop.csv's and meta.csv's paths in dir
 * (csv, meta: len bytes each), refused, with results.csv and summary.csv
 * (csvout.h), when any of them exists unless overwrite, so a refusal
 * leaves no half folder; then dir is made.  0, or
 * -1 with a message naming the path.
 */
int report_fileop_claim(const char *dir, int overwrite, char *csv, char *meta,
			size_t len, char *err, size_t errlen);

int report_fileop_csv(const char *path, const struct report_fileop_sample *s,
		      size_t n, int links, int overwrite, char *err, size_t errlen);

#endif
