/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare.c: compare two result sets cell by cell (see compare.h).
 *
 * The figures of each (cell, test) are the per-trial values of
 * results_values(); stats_summarize gives their means and spreads and
 * stats_welch the two-sided p of Welch's unequal-variance t-test, which
 * needs two trials a side (one IOzone run is one trial: then "n/a").
 * Once every row has its p, they are adjusted together (stats_adjust_p)
 * and the verdict is the adjusted p against alpha.  The
 * geometric mean of the ratios per test is the usual one-number summary of
 * "B is x times A" across a grid.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/compare.h"
#include "model/results_ops.h"
#include "model/stats.h"
#include "lib/err.h"

void compare_release(struct compare_result *r)
{
	free(r->rows);
	memset(r, 0, sizeof(*r));
}

static int push_row(struct compare_result *r, size_t *alloc,
		    const struct compare_row *row)
{
	if (r->nrows == *alloc) {
		size_t want = *alloc ? *alloc * 2 : 64;
		struct compare_row *p = realloc(r->rows, want * sizeof(*p));
		if (!p)
			return -1;
		r->rows = p;
		*alloc = want;
	}
	r->rows[r->nrows++] = *row;
	return 0;
}

/* Fill row from the two value lists (the verdict comes later: compare_adjust). */
void compare_values(const double *va, size_t na, const double *vb,
		    size_t nb, struct compare_row *row)
{
	struct stats_summary sa, sb;
	double t, df, p;

	stats_summarize(va, na, &sa);
	stats_summarize(vb, nb, &sb);
	row->n_a = na;
	row->n_b = nb;
	row->mean_a = sa.mean;
	row->mean_b = sb.mean;
	if (sa.mean != 0.0) {
		row->ratio = sb.mean / sa.mean;
		row->pct_diff = 100.0 * (sb.mean - sa.mean) / sa.mean;
	} else {
		row->ratio = NAN;
		row->pct_diff = NAN;
	}
	row->p_value = NAN;
	row->p_adjusted = NAN;
	row->significant = -1;
	if (stats_welch(&sa, &sb, &t, &df, &p) == 0 && !isnan(p))
		row->p_value = p;
}

const char *compare_adjust_text(int adjust)
{
	switch (adjust) {
	case STATS_ADJUST_HOLM: return "Holm-adjusted";
	case STATS_ADJUST_BH: return "Benjamini-Hochberg-adjusted";
	default: return "unadjusted";
	}
}

int compare_verdicts(struct compare_row *const *rows, size_t n, double alpha,
		     int adjust, size_t *ntested)
{
	double *p = calloc((n ? n : 1) * 2, sizeof(*p));
	if (!p)
		return -1;
	double *adj = p + n;
	for (size_t i = 0; i < n; i++)
		p[i] = rows[i]->p_value;
	if (stats_adjust_p(p, adj, n, adjust) != 0) {
		free(p);
		return -1;
	}
	*ntested = 0;
	for (size_t i = 0; i < n; i++) {
		rows[i]->p_adjusted = adj[i];
		rows[i]->significant = isnan(adj[i]) ? -1 : adj[i] < alpha;
		*ntested += !isnan(adj[i]);
	}
	free(p);
	return 0;
}

/* Adjust every row's p together and give the verdicts.  0 or -1 (memory). */
static int adjust_rows(struct compare_result *r, double alpha, int adjust)
{
	struct compare_row **w = malloc((r->nrows ? r->nrows : 1) * sizeof(*w));
	if (!w)
		return -1;
	for (size_t i = 0; i < r->nrows; i++)
		w[i] = &r->rows[i];
	int rc = compare_verdicts(w, r->nrows, alpha, adjust, &r->ntested);
	free(w);
	r->adjust = adjust;
	return rc;
}

const char *compare_row_test(const struct compare_row *r)
{
	return r->op ? r->op : results_col_name(r->col);
}

const char *compare_test_name(const struct compare_test *t)
{
	return t->op ? t->op : results_col_name(t->col);
}

/* The geometric mean of rows first.. of out as one more test. */
static void add_test(struct compare_result *out, size_t first, int col, const char *op)
{
	struct compare_test *t;
	double sum = 0.0;

	if (out->nrows == first || out->ntests == COMPARE_MAX_TESTS)
		return;
	t = &out->tests[out->ntests++];
	t->col = col;
	t->op = op;
	t->n = 0;
	for (size_t i = first; i < out->nrows; i++) {
		double r = out->rows[i].ratio;
		if (isfinite(r) && r > 0.0) {
			sum += log(r);
			t->n++;
		}
	}
	t->geomean_ratio = t->n ? exp(sum / (double)t->n) : NAN;
}

/*
 * The operations both sets hold, matched by (test, files, force), a
 * test's rows together.  0 or -1 (memory).
 */
static int compare_ops(const struct result_set *a, const struct result_set *b,
		       struct compare_result *out, size_t *alloc)
{
	struct results_op_group *g = NULL;
	long n = a->nops && b->nops ? results_op_groups(a, &g) : 0;
	double *va = malloc((a->nops + 1) * sizeof(*va)), *vb = malloc((b->nops + 1) * sizeof(*vb));
	int rc = -1;

	if (n < 0 || !va || !vb)
		goto out;
	for (long i = 0; i < n;) {
		size_t first = out->nrows;
		long j = i;
		for (; j < n && strcmp(g[j].test, g[i].test) == 0; j++) {
			size_t na = results_op_values(a, g[j].test, g[j].files, g[j].force, va,
						      a->nops);
			size_t nb = results_op_values(b, g[j].test, g[j].files, g[j].force, vb,
						      b->nops);
			struct compare_row row;
			if (!na || !nb)
				continue;
			memset(&row, 0, sizeof(row));
			row.col = -1;
			row.op = g[j].test;
			row.files = g[j].files;
			row.force = g[j].force;
			compare_values(va, na, vb, nb, &row);
			if (push_row(out, alloc, &row))
				goto out;
		}
		add_test(out, first, -1, g[i].test);
		i = j;
	}
	rc = 0;
out:
	free(g);
	free(va);
	free(vb);
	return rc;
}

int compare_sets(const struct result_set *a, const struct result_set *b,
		 int unit, double alpha, int adjust, struct compare_result *out,
		 char *err, size_t errlen)
{
	size_t alloc = 0;
	size_t max_a = a->nsamples ? a->nsamples : 1, max_b = b->nsamples ? b->nsamples : 1;
	double *va = malloc(max_a * sizeof(*va)), *vb = malloc(max_b * sizeof(*vb));
	int rc = -1;

	memset(out, 0, sizeof(*out));
	if (!va || !vb)
		goto nomem;
	for (int col = 0; col < RC_COUNT; col++) {
		if (!(a->cols_mask & b->cols_mask & (1u << col)))
			continue;
		size_t first = out->nrows;
		for (size_t ca = 0; ca < a->ncells; ca++) {
			const struct result_cell *c = &a->cells[ca];
			if (c->placeholder)
				continue;
			long cb = results_find_cell(b, c->file_kb, c->record_kb);
			if (cb < 0)
				continue;
			size_t na = results_values(a, ca, col, unit, va, max_a);
			size_t nb = results_values(b, (size_t)cb, col, unit, vb, max_b);
			if (na == 0 || nb == 0)
				continue;
			struct compare_row row;
			memset(&row, 0, sizeof(row));
			row.col = col;
			row.file_kb = c->file_kb;
			row.record_kb = c->record_kb;
			compare_values(va, na, vb, nb, &row);
			if (push_row(out, &alloc, &row))
				goto nomem;
		}
		add_test(out, first, col, NULL);
	}
	if (compare_ops(a, b, out, &alloc) != 0)
		goto nomem;
	if (out->nrows == 0) {
		err_set(err, errlen, "'%s' and '%s' have no cell and test in common",
			a->meta.label ? a->meta.label : "A", b->meta.label ? b->meta.label : "B");
		compare_release(out);
		goto out;
	}
	if (adjust_rows(out, alpha, adjust) != 0)
		goto nomem;
	rc = 0;
	goto out;
nomem:
	err_set(err, errlen, "compare: out of memory");
	compare_release(out);
out:
	free(va);
	free(vb);
	return rc;
}
