/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * opscsv.h: the rows of small-file operations (results.h, struct
 * result_op) in a result folder's results.csv and summary.csv, written
 * by csvout.c after the grid's rows, under the same header.
 *
 * When a set holds operation records (schema 5), both files gain
 * trailing columns: results.csv files,force,moved,best_s,worst_s and
 * summary.csv files,force (empty in the grid's rows).  An operation's
 * row fills the grid's columns where they mean the same: test is
 * "fileop mkdir" or "files create", file_kb and record_kb are empty,
 * bytes, seconds (the calls' timed total, %.9f), kb_per_s (empty when
 * no byte moved), ops (the timed calls), partial, client ("all" for the
 * whole run when it had several jobs, then each job's number, empty for
 * one job; many clients: "all" for the aggregate, then, as in the
 * sweeps' rows, each client's own record with its host and writer), iops
 * (calls per second) and the lat_* figures of its calls;
 * moved is the files (readdir: entries) the phase went through, best_s
 * and worst_s the fastest and slowest call.  In summary.csv, n .. ci95
 * are statistics of calls per second over the full trials.
 *
 * Ownership: nothing is kept.
 */
#ifndef IOSWEEP_OPSCSV_H
#define IOSWEEP_OPSCSV_H

#include "lib/outfile.h"
#include "model/results.h"

/* 1 when some record has latency (a histogram or figures read back). */
int opscsv_has_lat(const struct result_set *rs);
/* The trailing header names (results: results.csv's, else summary.csv's). */
void opscsv_header(struct outfile *f, const struct result_set *rs, int results);
/* The trailing empty fields of a grid row. */
void opscsv_pad(struct outfile *f, const struct result_set *rs, int results);
/* results.csv's operation rows; lat: the file has latency columns. */
void opscsv_results(struct outfile *f, const struct result_set *rs, int lat);
/* summary.csv's operation rows.  0, or -1 when out of memory. */
int opscsv_summary(struct outfile *f, const struct result_set *rs, int lat);

#endif
