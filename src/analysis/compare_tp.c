/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare_tp.c: compare two throughput-mode result sets (see
 * compare_tp.h).  For each test and process count of A that B has too,
 * the per-trial Children see figures of both sides go through
 * compare_values (compare.c), so the means, ratio and Welch test are
 * computed exactly as for the file-size grid; Parent sees likewise when
 * both sides printed it (the -R table and the -b sheet do not).
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/compare_tp.h"
#include "model/results.h"
#include "run/throughput/throughput.h"
#include "lib/err.h"

_Static_assert(TP_NKINDS <= COMPARE_TP_KINDS, "COMPARE_TP_KINDS too small");

void compare_tp_release(struct compare_tp_result *r)
{
	free(r->rows);
	memset(r, 0, sizeof(*r));
}

/* The trial figures of (kind, procs) in rs: Children see or Parent sees. */
static size_t tp_values(const struct result_set *rs, int kind, unsigned procs, int figure,
			double *out, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < rs->ntp && n < max; i++) {
		const struct result_tp *t = &rs->tp[i];
		double v = figure == COMPARE_TP_PARENT ? t->parent : t->children;
		if (t->kind == kind && t->procs == procs && !isnan(v))
			out[n++] = v;
	}
	return n;
}

/* Has (kind, procs) been seen before index i of rs->tp? */
static int seen_before(const struct result_set *rs, size_t i)
{
	for (size_t j = 0; j < i; j++)
		if (rs->tp[j].kind == rs->tp[i].kind && rs->tp[j].procs == rs->tp[i].procs)
			return 1;
	return 0;
}

int compare_tp_sets(const struct result_set *a, const struct result_set *b, double alpha,
		    int adjust, struct compare_tp_result *out, char *err, size_t errlen)
{
	size_t max = (a->ntp > b->ntp ? a->ntp : b->ntp) + 1, alloc = 0;
	double *va = malloc(max * sizeof(double)), *vb = malloc(max * sizeof(double));
	double logsum[TP_NKINDS] = { 0 };
	int rc = -1;

	memset(out, 0, sizeof(*out));
	if (!va || !vb)
		goto nomem;
	for (int kind = 0; kind < TP_NKINDS; kind++) {
		/* A's process counts of this test, in ascending order */
		unsigned last = 0;
		for (;;) {
			unsigned next = 0;
			for (size_t i = 0; i < a->ntp; i++)
				if (a->tp[i].kind == kind && a->tp[i].procs > last &&
				    (!next || a->tp[i].procs < next) && !seen_before(a, i))
					next = a->tp[i].procs;
			if (!next)
				break;
			last = next;
			for (int fig = COMPARE_TP_CHILDREN; fig <= COMPARE_TP_PARENT; fig++) {
				size_t na = tp_values(a, kind, next, fig, va, max);
				size_t nb = tp_values(b, kind, next, fig, vb, max);
				if (!na || !nb)
					continue;
				if (out->nrows == alloc) {
					size_t want = alloc ? 2 * alloc : 32;
					struct compare_tp_row *p = realloc(out->rows, want * sizeof(*p));
					if (!p)
						goto nomem;
					out->rows = p;
					alloc = want;
				}
				struct compare_tp_row *row = &out->rows[out->nrows++];
				memset(row, 0, sizeof(*row));
				row->kind = kind;
				row->procs = next;
				row->figure = fig;
				row->r.col = throughput_test_def(kind)->col;
				compare_values(va, na, vb, nb, &row->r);
				if (fig == COMPARE_TP_CHILDREN && isfinite(row->r.ratio) &&
				    row->r.ratio > 0) {
					logsum[kind] += log(row->r.ratio);
					out->ngeo[kind]++;
				}
			}
		}
		out->geomean[kind] = out->ngeo[kind] ? exp(logsum[kind] / (double)out->ngeo[kind])
			: NAN;
	}
	if (out->nrows == 0) {
		err_set(err, errlen, "'%s' and '%s' have no test and process count in common",
			a->meta.label ? a->meta.label : "A", b->meta.label ? b->meta.label : "B");
		compare_tp_release(out);
		goto out;
	}
	out->adjust = adjust;
	{
		struct compare_row **w = malloc(out->nrows * sizeof(*w));
		if (!w)
			goto nomem;
		for (size_t i = 0; i < out->nrows; i++)
			w[i] = &out->rows[i].r;
		rc = compare_verdicts(w, out->nrows, alpha, adjust, &out->ntested);
		free(w);
		if (rc != 0)
			goto nomem;
	}
	goto out;
nomem:
	err_set(err, errlen, "compare: out of memory");
	compare_tp_release(out);
out:
	free(va);
	free(vb);
	return rc;
}
