/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * adaptive.c: --ci, adaptive trials (see adaptive.h).  The figure judged
 * is the one the report prints, kB/s per full trial (results_values), and
 * the interval the one summary.csv writes (stats_summarize: Student's t
 * with n-1 degrees of freedom), so "within 5%" means what the user reads
 * in ci95_low and ci95_high.  Every test of a cell must get there, since
 * one pass runs them all.
 */
#include "compat.h"

#include <math.h>
#include <stdlib.h>

#include "run/sweep/adaptive.h"
#include "model/results.h"
#include "model/stats.h"

double adaptive_cell_width(const struct result_set *rs, size_t cell,
			   size_t *n_out, int *col_out)
{
	size_t fewest = 0;
	double worst = 0.0;
	int worst_col = -1, any = 0;

	if (n_out)
		*n_out = 0;
	for (int col = 0; col < RC_COUNT; col++) {
		if (!(rs->cols_mask & (1u << col)) || !results_has(rs, cell, col))
			continue;
		struct stats_summary s;
		long got = results_cell_summary(rs, cell, col, RESULTS_UNIT_KBPS, &s);
		if (got < 0)
			return INFINITY;
		size_t n = (size_t)got;
		double w = INFINITY;
		if (n >= 2 && s.mean > 0.0)
			w = (s.ci95_high - s.mean) / s.mean;
		if (!any || n < fewest)
			fewest = n;
		if (!any || w > worst) {
			worst = w;
			worst_col = col;
		}
		any = 1;
	}
	if (n_out)
		*n_out = fewest;
	if (col_out)
		*col_out = worst_col;
	return any ? worst : INFINITY;
}

int adaptive_cell_done(const struct result_set *rs, size_t cell, double target)
{
	size_t n;
	double w = adaptive_cell_width(rs, cell, &n, NULL);
	return n >= ADAPTIVE_MIN_TRIALS && w <= target;
}

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return (x > y) - (x < y);
}

void adaptive_write_report(FILE *out, const struct result_set *rs, double target)
{
	size_t ncells = 0, ok = 0, missed = 0, *ns = malloc((rs->ncells + 1) * sizeof(*ns));

	if (!ns)
		return;
	for (size_t c = 0; c < rs->ncells; c++) {
		size_t n;
		if (rs->cells[c].placeholder)
			continue;
		double w = adaptive_cell_width(rs, c, &n, NULL);
		if (n == 0)
			continue;
		ns[ncells++] = n;
		ok += n >= ADAPTIVE_MIN_TRIALS && w <= target;
	}
	if (ncells == 0) {
		free(ns);
		return;
	}
	qsort(ns, ncells, sizeof(*ns), cmp_size);
	fprintf(out, "\nConfidence intervals (--ci %g%%, at most %u trials)\n",
		100.0 * target, rs->trials);
	fprintf(out, "\t%zu of %zu cells within +-%g%% of the mean; trials per cell "
		"%zu to %zu, median %zu (n in summary.csv)\n", ok, ncells, 100.0 * target,
		ns[0], ns[ncells - 1], ns[ncells / 2]);
	for (size_t c = 0; c < rs->ncells; c++) {
		size_t n;
		int col;
		if (rs->cells[c].placeholder)
			continue;
		double w = adaptive_cell_width(rs, c, &n, &col);
		if (n == 0 || (n >= ADAPTIVE_MIN_TRIALS && w <= target))
			continue;
		if (missed++ == 0)
			fprintf(out, "\tnever got there:\n");
		fprintf(out, "\t%12llu kB file %8llu kB records: %s +-%.1f%% after %zu trials\n",
			(unsigned long long)rs->cells[c].file_kb,
			(unsigned long long)rs->cells[c].record_kb,
			col >= 0 ? results_col_name(col) : "?", 100.0 * w, n);
	}
	free(ns);
}
