/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare_tp.h: two throughput-mode result sets (results.h, struct
 * result_tp) side by side, per test and process count: Children see and,
 * where both sets have it, Parent sees, each as the means of the trials,
 * their ratio and % difference and Welch's t-test (compare_values), and
 * per test the geometric mean of the Children see ratios.
 *
 * compare_tp_sets is pure.  cmd_compare_tp is the `iosweep compare`
 * output for such sets (stdout table, --csv file), called by
 * cmd_compare.c once the sets are loaded.
 *
 * Ownership: compare_tp_sets fills *out, which owns its rows until
 * compare_tp_release.
 */
#ifndef IOSWEEP_COMPARE_TP_H
#define IOSWEEP_COMPARE_TP_H

#include <stddef.h>

#include "analysis/compare.h"

/* at least TP_NKINDS (throughput.h) */
#define COMPARE_TP_KINDS 16

enum compare_tp_figure { COMPARE_TP_CHILDREN, COMPARE_TP_PARENT };

struct compare_tp_row {
	int kind;                 /* enum tp_kind */
	unsigned procs;
	int figure;               /* enum compare_tp_figure */
	struct compare_row r;     /* n, means, ratio, % diff, p (col, sizes unused) */
};

struct compare_tp_result {
	struct compare_tp_row *rows;   /* by test (IOzone's order), count, figure */
	size_t nrows;
	double geomean[COMPARE_TP_KINDS];   /* per kind: Children see ratios; NaN when none */
	size_t ngeo[COMPARE_TP_KINDS];
	int adjust;                    /* enum stats_adjust over every row's p */
	size_t ntested;                /* rows with a p-value */
};

/*
 * Compare b against a; the rows' p-values adjusted together (adjust: enum
 * stats_adjust), verdicts at alpha.  0, or -1 with a message (nothing in
 * common, memory).
 */
int compare_tp_sets(const struct result_set *a, const struct result_set *b, double alpha,
		    int adjust, struct compare_tp_result *out, char *err, size_t errlen);
void compare_tp_release(struct compare_tp_result *r);

/*
 * `iosweep compare` of throughput-mode sets: every set must be one; B, C,
 * ... against A; the table on stdout, the rows in csv when not NULL
 * (through outfile.h).  Returns an enum iosweep_exit.
 */
int cmd_compare_tp(struct result_set *sets, int nsets, const char *csv, int overwrite,
		   int adjust);

#endif
