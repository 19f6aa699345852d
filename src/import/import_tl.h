/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import_tl.h: read a result folder's timeline.csv (report/tlcsv.h) back
 * into a timeline (timeline.h), and its steady.csv (report/steadyout.h)
 * back into the set's steady rows, so `iosweep import`, `plot` and
 * `report` of the folder keep what happened inside its passes.
 *
 * Columns are found by their header names; test, file_kb, record_kb,
 * trial, client, start_s, length_s, bytes and ops must be there, the
 * latency columns may be (empty fields are NaN); kb_per_s and iops are
 * derived and not read.  Times are read exactly to the nanosecond.
 */
#ifndef IOSWEEP_IMPORT_TL_H
#define IOSWEEP_IMPORT_TL_H

#include <stddef.h>

struct result_set;
struct timeline;

/*
 * Append the rows of the timeline.csv text buf (len bytes, read from
 * path) to t.  0, or -1 with "path:row: what" in err and t as it was.
 */
int import_tl_parse(struct timeline *t, const char *path, const char *buf,
		    size_t len, char *err, size_t errlen);

/*
 * Append the rows of the steady.csv text buf (report/steadyout.h) to
 * rs's steady rows: every column but mean_unit and criterion_unit (they
 * follow from the rule) must be there, schema 1, a known test or
 * "precondition", the rule as --steady takes it, at_s exactly when
 * steady is 1.  0, or -1 with "path:row: what" in err and rs as it was.
 */
int import_steady_parse(struct result_set *rs, const char *path, const char *buf,
			size_t len, char *err, size_t errlen);

#endif
