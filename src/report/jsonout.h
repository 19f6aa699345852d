/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * jsonout.h: summary.json, the JSON twin of a result folder's summary.csv
 * (with meta.csv as "meta", throughput.csv as "throughput", cliffs.csv as
 * "cliffs" and the cache-cliff sentences as "findings"), read back from
 * the CSV files in the folder.
 *
 *   {"schema": N, "meta": {key: value, ...},
 *    "summary": [{label, test, file_kb, record_kb, n, mean, ...}, ...],
 *    "throughput": [{schema, label, test, processes, trial, child, ...}, ...],
 *    "cliffs": [{...}, ...], "findings": ["read falls ...", ...]}
 *
 * Empty CSV fields are null; numbers are numbers; labels, test names,
 * units and the metadata's text keys are strings.
 */
#ifndef IOSWEEP_JSONOUT_H
#define IOSWEEP_JSONOUT_H

#include <stddef.h>

/*
 * Write dir/summary.json from dir's meta.csv and summary.csv (plain or
 * .gz; both required), throughput.csv and cliffs.csv (optional: [] when
 * missing).  Refuses an existing
 * summary.json unless overwrite.  0, or -1 with a message.
 */
int jsonout_write(const char *dir, const char *const *findings, size_t nfindings,
		  int overwrite, char *err, size_t errlen);

#endif
