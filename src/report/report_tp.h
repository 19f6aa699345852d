/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report_tp.h: the throughput-mode (-t) report in IOzone 3.508's layout
 * (SPEC.md section d, fixtures 05, 14, 17, 27), its -R table and its -b
 * worksheet.
 *
 * Per test and child count IOzone prints a blank line and six lines
 * (Children see, Parent sees, Min/Max/Avg throughput per process, Min
 * xfer), the CPU line with -+u and one line per child with -C.  The count
 * is "%2u" for some tests and "%u" for others and the tabs before '='
 * differ per test; parsers split on them, so both come from the test's row
 * (throughput.h).  One line is ours: when a child moved no data (it was
 * stonewalled before its first record), a line
 *   "\tChildren that moved no data \t\t\t= <k> of <n> (stopped before
 *    their first record; min, max and avg are over the others)"
 * follows Min xfer.  It starts with neither "Children see" nor "Parent
 * sees", so IOzone parsers skip it, and Min xfer still shows the 0.00.
 *
 * The emitters never fail (stdio errors are the caller's); the -b writer
 * returns 0 or -1 with a message.
 */
#ifndef IOSWEEP_REPORT_TP_H
#define IOSWEEP_REPORT_TP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct options;
struct tp_result;
struct tp_run;

/* After report_header(): "\tMin process = 1 " ... "\tThroughput test with 2 processes". */
void report_tp_header(FILE *out, const struct options *o);
/* "\tEach process writes a 4096 kByte file in 64 kByte records" (per count). */
void report_tp_count(FILE *out, const struct options *o, uint64_t file_kb);
/* One test's block: the blank line, six lines, -+u and -C lines, our note. */
void report_tp_test(FILE *out, const struct options *o, const struct tp_result *r);
/* The two blank lines IOzone ends each child count with. */
void report_tp_count_end(FILE *out);

/*
 * -R: "Throughput report Y-axis is type of test X-axis is number of
 * processes", one row per test with Children see per child count, and with
 * -+u the CPU utilization table.  IOzone prints it before "iozone test
 * complete.".
 */
void report_tp_excel(FILE *out, const struct options *o, const struct tp_run *run);

/*
 * Does the worksheet fit BIFF2's 255 columns (two, then one per child
 * count)?  0, or -1 with a message; call it before the run.
 */
int report_tp_xls_check(const struct options *o, char *err, size_t errlen);

/* -b: the same tables as a BIFF2 worksheet (IOzone's dump_throughput). */
int report_tp_xls(const char *path, const struct options *o,
		  const struct tp_run *run, char *err, size_t errlen);

#endif
