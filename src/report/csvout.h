/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * csvout.h: the CSV folder of a result set: results.csv (tidy, one row per
 * sample), summary.csv (one row per cell and test, the statistics),
 * sheets/<test>.csv (wide: file KB down, record KB across, means) and
 * meta.csv (key,value).
 *
 * Plain RFC 4180 through libcsv: text fields are quoted when they hold a
 * comma, a quote, a line break or edge blanks (so labels survive), numbers
 * are never quoted (so spreadsheets read numbers).  Lines end in LF.  No
 * comment lines.  Every file goes through outfile.h (temporary name, then
 * rename).  With gzip the names end in .csv.gz and the bytes inside equal
 * those of the plain file.
 *
 * results.csv columns, in this order (an importer reads them back):
 *   schema,label,test,file_kb,record_kb,trial,bytes,seconds,kb_per_s,ops,
 *   cpu_user_s,cpu_sys_s,wall_s,partial,cached_pct,client,host,writer,
 *   iops,rd_iops,wr_iops[,lat_*,rd_lat_*,wr_lat_*],cache_served
 * (schema 4; schema 3 had no iops, rd_iops, wr_iops, rd_lat_*, wr_lat_*;
 * schema 2 no client, host, writer either; schema 1 no cached_pct
 * either).  iops is ops over seconds, rd_iops/wr_iops its reads' and
 * writes' shares (%.3f, empty for imported rate-only samples); the
 * latency columns (microseconds, %.3f) come with --latency only: every
 * operation's, then the reads' (rd_) and the writes' (wr_).  client is empty in a one-client run.  In a run of many clients
 * (iosweep-mpi) each figure's
 * row says "all" (the aggregate: all clients' bytes, rank 0's
 * barrier-to-barrier seconds) and is followed by one row per client with
 * its number, its host and the client whose file the pass used (itself,
 * or another with --reorder).
 * trial is 0-based as in the result set; seconds and wall_s %.9f; kb_per_s
 * %.3f; cpu %.6f; partial 0/1; cached_pct %.1f (empty when not known).  Imported rate-only samples leave bytes,
 * seconds, ops, wall_s and the CPU columns empty.  Rows are ordered by
 * test (IOzone's column order), then cell (report order), then trial.
 *
 * summary.csv: label,test,file_kb,record_kb,n,mean,median,min,max,stddev,
 *   cv,ci95_low,ci95_high,short_timing,cached_pct,iops,rd_iops,wr_iops
 *   [,lat_*,rd_lat_*,wr_lat_*]  (KB/s %.3f, cv %.6f;
 *   short_timing 1 when the cell's shortest timed region is under
 *   stats_too_short's threshold; cached_pct and the IOPS the full trials'
 *   means; the latency figures from the trials' merged histograms).
 *
 * cache_served, the last column of both files: 1 when the row's figure
 * (summary.csv: the mean) is faster than the link the data had to cross
 * (meta.csv's link, or on a network or FUSE file system without one the
 * fastest Ethernet line), so a cache on this side served it; 0 when it
 * is not; empty when that cannot be said (a local disk and no link).
 * It is derived from the figure and meta.csv (netbound.h), so the schema
 * number did not change and an importer may ignore it.  Partial samples are left out of the statistics.
 *
 * clients.csv (many clients only): label,test,file_kb,record_kb,trial,
 *   clients,aggregate_kb_per_s,sum_kb_per_s,min_kb_per_s,max_kb_per_s,
 *   mean_kb_per_s,barrier_overhead (the share of the aggregate's time the
 *   slowest client did not spend in its pass, negative when a client's
 *   pass outlasted it; beyond +-5% the figure is flagged and summary.csv
 *   marks the cell short_timing).
 *
 * Placeholder cells (IOzone's crossover dummies) appear nowhere.
 */
#ifndef IOSWEEP_CSVOUT_H
#define IOSWEEP_CSVOUT_H

#include <stddef.h>

struct result_set;
struct result_meta;

/*
 * Create dir (mkdir -p) and write the four kinds of files into it.
 * Refuses, before writing anything, when one of the files exists already
 * and overwrite is 0.  0, or -1 with a message naming the file.
 */
int csvout_write_dir(const struct result_set *rs, const char *dir, int gzip,
		     int overwrite, char *err, size_t errlen);

/*
 * meta.csv alone at path, for the commands whose other files are their
 * own (`iosweep fileop`): the same key,value rows as in a result folder.
 * Refuses an existing file unless overwrite.  0, or -1 with a message.
 */
int csvout_write_meta(const struct result_set *rs, const char *path, int overwrite,
		      char *err, size_t errlen);

/*
 * The default output folder: "iosweep-results/<name>-<YYYYmmdd-HHMMSS>",
 * name the label (else the host, else "iosweep") with every character
 * outside [A-Za-z0-9._-] made '_', the time from meta start_time (else
 * now).  0, or -1 when out is too small.
 */
int csvout_default_dir(const struct result_meta *m, char *out, size_t outlen);

#endif
