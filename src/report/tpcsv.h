/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tpcsv.h: throughput.csv, the throughput-mode figures of a result set
 * (results.h, struct result_tp) in a result folder, beside results.csv.
 *
 * A -t/-l/-u run writes it (its results.csv keeps one row per child and
 * test, which cannot say what the parent saw); `iosweep import` of an
 * IOzone throughput report writes it; import_tp.c reads it back.  Columns:
 *   schema,label,test,processes,trial,child,file_kb,record_kb,unit,
 *   children_see,parent_sees,min,max,avg,min_xfer,xfer,rate,
 *   cpu_wall_s,cpu_s,cpu_pct
 * One row per test, process count and trial with child empty and xfer,
 * rate empty; then, when per-child figures exist (-C), one row per child
 * with child = 0.. and only xfer and rate.  test is the report's name
 * ("initial writers"), unit "kB" (figures kB/s, xfers kB) or "ops"
 * (-O: ops/s and ops).  A figure the source lacks is an empty field.
 * Numbers %.6f.
 *
 * Ownership: nothing returned is owned by the caller except the filled set.
 */
#ifndef IOSWEEP_TPCSV_H
#define IOSWEEP_TPCSV_H

#include <stddef.h>

struct result_set;
struct tp_run;

#define TPCSV_NAME "throughput.csv"
#define TPCSV_SCHEMA 1

/* Would writing dir/throughput.csv[.gz] be refused (it exists, no overwrite)?  0 or -1. */
int tpcsv_check(const char *dir, int gzip, int overwrite, char *err, size_t errlen);

/* Write rs's throughput records to dir/throughput.csv[.gz].  0 or -1. */
int tpcsv_write(const struct result_set *rs, const char *dir, int gzip,
		int overwrite, char *err, size_t errlen);

/*
 * A -t run's throughput.csv: the records of run (tpcsv_from_run) under
 * rs's label and unit, written to dir.  0 or -1 with err.
 */
int tpcsv_write_run(const struct result_set *rs, const struct tp_run *run, int cpu,
		    const char *dir, int gzip, int overwrite, char *err, size_t errlen);

#endif
