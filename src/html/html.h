/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * html.h: the one-file HTML report of one or more result sets
 * (`iosweep report`, a sweep's --report).
 *
 * The report is a single self-contained page: no network access, no
 * file beside it, no framework; it opens by double-click and prints.  In
 * order: a header per result set (how the run was made), the findings in
 * words (cache cliffs from cliff.c, cells flagged short_timing, reads the
 * page cache served, and with two sets or more the verdicts of
 * compare.c), then per test the charts `iosweep plot` draws (rendered by
 * gnuplot's SVG terminal and inlined) and the file-size x record-size
 * tables of means, shaded by throughput, each cell's confidence interval
 * as its tooltip and its trials behind a <details>.  The CSV files of each
 * set (csvout.c, cliff.c) are embedded as data: links.  A little plain
 * JavaScript sorts the verdict table and opens every trial at once; the
 * page reads the same with scripts off.
 *
 * Pure emitter: nothing is printed; the file is written atomically
 * (outfile.h).  Scratch files (the CSVs and chart scripts before they are
 * embedded) live in a private temporary folder that is removed before
 * returning.
 */
#ifndef IOSWEEP_HTML_H
#define IOSWEEP_HTML_H

#include <stddef.h>
#include <stdint.h>

#include "html/html_util.h"

struct result_set;

/* What happened besides success: for the caller's messages. */
struct html_outcome {
	size_t charts;              /* charts inlined */
	size_t chart_failures;      /* charts gnuplot could not render (said in the report) */
	int gnuplot_missing;        /* charts wanted, gnuplot not found (said in the report) */
	char first_failure[512];    /* gnuplot's message for the first failure */
	uint64_t bytes;             /* size of the report written */
};

/*
 * Write the report of sets[0..nsets) to path (refused when it exists,
 * unless ho->overwrite).  With two sets or more, sets 1.. are compared
 * against set 0.  0, or -1 with a message in err (nothing written then).
 * A chart that fails to render is not an error: the report says so in
 * its place and oc counts it.
 */
int html_write_report(struct result_set *const *sets, size_t nsets,
		      const struct html_opts *ho, const char *path,
		      struct html_outcome *oc, char *err, size_t errlen);

#endif
