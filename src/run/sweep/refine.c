/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * refine.c: --refine-cliffs (see refine.h).  Each round asks the cliff
 * detector which cliffs are not yet precise, asks it for sizes between
 * their two sides (cliff_refine_sizes), drops sizes already measured, and
 * runs the new cells through the ordinary runner, so the extra figures are
 * measured exactly like the sweep's own.  Rounds stop when every cliff is
 * precise, nothing new can be proposed, or the time budget is spent (the
 * next round is only started when the last one's duration still fits).
 */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "platform/clock.h"
#include "analysis/cliff.h"
#include "run/sweep/plan.h"
#include "run/sweep/refine.h"
#include "model/results.h"
#include "run/sweep/runner.h"
#include "lib/err.h"

#define REFINE_MAX_ROUNDS 8
#define REFINE_PER_CLIFF 3

static int planned(const struct sweep_plan *p, uint64_t file_kb, uint64_t record_kb)
{
	for (size_t i = 0; i < p->ncells; i++)
		if (p->cells[i].file_kb == file_kb && p->cells[i].record_kb == record_kb)
			return 1;
	return 0;
}

/* The cells of the next round: every imprecise cliff's proposals, new only. */
static int next_round(const struct result_set *rs, const struct cliff_list *cl,
		      struct sweep_plan *p)
{
	size_t cap = cl->n * REFINE_PER_CLIFF;
	if (cap == 0)
		return 0;
	p->cells = calloc(cap, sizeof(*p->cells));
	if (!p->cells)
		return -1;
	for (size_t i = 0; i < cl->n; i++) {
		uint64_t sizes[REFINE_PER_CLIFF];
		size_t n = 0;
		const struct cliff *c = &cl->items[i];
		if (cliff_precise(c) || cliff_refine_sizes(c, sizes, REFINE_PER_CLIFF, &n) != 0)
			continue;
		for (size_t k = 0; k < n; k++) {
			if (results_find_cell(rs, sizes[k], c->record_kb) >= 0 ||
			    planned(p, sizes[k], c->record_kb))
				continue;
			p->cells[p->ncells].file_kb = sizes[k];
			p->cells[p->ncells].record_kb = c->record_kb;
			p->ncells++;
		}
	}
	return 0;
}

int refine_cliffs(const struct options *o, struct result_set *rs,
		  const struct runner_hooks *h, volatile sig_atomic_t *stop,
		  double max_extra_s, unsigned *rounds, size_t *cells_added,
		  char *err, size_t errlen)
{
	double spent_s = 0.0, last_round_s = 0.0;
	int rc = 0;

	*rounds = 0;
	*cells_added = 0;
	while (*rounds < REFINE_MAX_ROUNDS && spent_s + last_round_s <= max_extra_s) {
		struct cliff_list cl = { 0 };
		struct sweep_plan p = { 0 };

		if (cliff_detect(rs, &cl, err, errlen) != 0)
			return -1;
		rc = next_round(rs, &cl, &p);
		cliff_list_release(&cl);
		if (rc != 0)
			return err_set(err, errlen, "out of memory planning --refine-cliffs");
		if (p.ncells == 0) {
			plan_release(&p);
			break;
		}
		/* keep IOzone's record axis for -R: the runner copies the plan's */
		p.record_axis = rs->record_axis;
		p.nrecord_axis = rs->nrecord_axis;
		uint64_t t0 = clock_now_ns();
		rc = runner_run(o, &p, rs, h, stop, err, errlen);
		last_round_s = (double)(clock_now_ns() - t0) / 1e9;
		spent_s += last_round_s;
		(*rounds)++;
		*cells_added += p.ncells;
		p.record_axis = NULL;
		p.nrecord_axis = 0;
		plan_release(&p);
		if (rc != 0)
			break;
	}
	if (results_sort_cells(rs) != 0 && rc == 0) {
		err_set(err, errlen, "out of memory sorting the refined cells");
		rc = -1;
	}
	return rc;
}
