/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report_qd.h: the "IOPS and latency" section of the text report, for
 * runs with --iodepth, --jobs or --mix: per cell and test, the
 * operations per second (all, reads, writes; means over the trials), the
 * reads' share, and the latency of all operations, of the reads and of
 * the writes (trials merged).  Printed after "iozone test complete." and
 * the latency section; nothing for other runs.
 */
#ifndef IOSWEEP_REPORT_QD_H
#define IOSWEEP_REPORT_QD_H

#include <stdio.h>

struct result_set;

void report_qd(FILE *out, const struct result_set *rs);

#endif
