/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tlcsv.h: timeline.csv, the per-interval rows of --log-interval
 * (timeline.h), one row per pass and interval:
 *
 *   schema, label, test, file_kb, record_kb, trial, client, start_s,
 *   length_s, bytes, ops, kb_per_s, iops, lat_mean_us, lat_max_us,
 *   lat_p50_us, lat_p99_us
 *
 * start_s is seconds from the pass's t0 and length_s the interval's
 * length, both with nanosecond digits; client is a number, or "total"
 * for the sum of all clients; kb_per_s (1024-byte kB) and iops are
 * derived from bytes, ops and length_s and written for spreadsheets
 * only; a latency field is empty when no operation finished in the
 * interval.  The reader (import/import.h, import_tl_parse) takes the
 * measured columns back and recomputes the rest.
 */
#ifndef IOSWEEP_TLCSV_H
#define IOSWEEP_TLCSV_H

#include <stddef.h>

struct result_set;

#define TLCSV_SCHEMA 1
#define TLCSV_NAME "timeline.csv"

/*
 * Write dir/timeline.csv when rs has a timeline (nothing otherwise), to a
 * temporary name and renamed into place; refuses an existing file unless
 * overwrite.  0 or -1 with err.
 */
int tlcsv_write(const struct result_set *rs, const char *dir, int overwrite,
		char *err, size_t errlen);

#endif
