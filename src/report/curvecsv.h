/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * curvecsv.h: clients-curve.csv, the saturation curve of a share
 * (`iosweep-mpi clients-curve`, analysis/curve.h), written and read back.
 *
 * Tidy: one row per step and test, ordered by test and then clients,
 * with the columns clients, test, trials, aggregate_kb_per_s,
 * client_min_kb_per_s, client_median_kb_per_s, client_max_kb_per_s,
 * lat_p50_us, lat_p90_us, lat_p99_us, lat_p999_us (empty without
 * --latency), knee (1 on the test's knee, else 0), link (--link as
 * given, empty without) and folder (the step's result folder, cN,
 * beside the file).  kB are 1024 bytes.
 */
#ifndef IOSWEEP_CURVECSV_H
#define IOSWEEP_CURVECSV_H

#include <stddef.h>

#include "analysis/curve.h"

#define CURVECSV_NAME "clients-curve.csv"

/* Write t to path (refused when it exists, unless overwrite).  0 or -1. */
int curvecsv_write(const struct curve_table *t, const char *path, int overwrite,
		   char *err, size_t errlen);

/*
 * Read path into *t (emptied first).  0, or -1 with "FILE:LINE: why" in
 * err (a missing column, a field that is no number, an unknown test).
 */
int curvecsv_read(const char *path, struct curve_table *t, char *err, size_t errlen);

#endif
