/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * steadyout.h: what --steady found, as the text report's "Steady state"
 * section and as steady.csv, one row per pass that waited for it:
 *
 *   schema, label, test, file_kb, record_kb, trial, rule, steady, at_s,
 *   ran_s, mean, mean_unit, criterion, criterion_unit
 *
 * test is the pass's column, or "precondition"; steady is 1 or 0; at_s
 * is when it was steady (seconds from the start of counting, empty when
 * it was not) and ran_s how long the pass counted; mean and criterion
 * are those of the last window judged (empty when the pass ended before
 * one window was full), mean_unit "IOPS" or "kB/s", criterion_unit "%"
 * for a percentage of the mean (snia: the range's), else mean_unit.
 */
#ifndef IOSWEEP_STEADYOUT_H
#define IOSWEEP_STEADYOUT_H

#include <stddef.h>
#include <stdio.h>

struct result_set;

#define STEADYOUT_SCHEMA 1
#define STEADYOUT_NAME "steady.csv"

/* The section (nothing when no pass waited for steady state). */
void steadyout_report(FILE *out, const struct result_set *rs);

/*
 * Write dir/steady.csv when rs has such passes (nothing otherwise), to a
 * temporary name and renamed into place; refuses an existing file unless
 * overwrite.  0 or -1 with err.
 */
int steadyout_csv(const struct result_set *rs, const char *dir, int overwrite,
		  char *err, size_t errlen);

#endif
