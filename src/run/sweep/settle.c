/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * settle.c: --until-settled (see settle.h).  A curve has settled after a
 * cliff when two sizes past it read at the same level (within
 * SETTLE_SAME_LEVEL): then the level after, and with it the ratio, are
 * known; with one size past it (a cliff at the edge of the sweep) or a
 * curve still falling, the answer lies beyond the last size.  Each round
 * measures the next size, the last one times -+x, for every record size
 * the last size was measured with, through the ordinary runner, so the
 * new cells are measured exactly like the sweep's own.  A round is
 * predicted to take the last one's time scaled by the sizes (the sweep's
 * own passes at the last size for the first round), so --settle-time
 * stops before a round that would overrun it rather than during one.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cliff.h"
#include "platform/clock.h"
#include "platform/platform.h"
#include "options/options.h"
#include "run/sweep/plan.h"
#include "model/results.h"
#include "run/sweep/runner.h"
#include "run/sweep/settle.h"
#include "model/stats.h"
#include "lib/err.h"

/* Mean kB/s of (file_kb, record_kb, col), 0 when not measured. */
static double cell_mean(const struct result_set *rs, uint64_t file_kb,
			uint64_t record_kb, int col)
{
	long c = results_find_cell(rs, file_kb, record_kb);
	struct stats_summary s;

	if (c < 0 || results_cell_summary(rs, (size_t)c, col, RESULTS_UNIT_KBPS, &s) <= 0)
		return 0.0;
	return s.mean;
}

/* The largest measured file size of (record_kb, col), and the one before it. */
static void last_two(const struct result_set *rs, uint64_t record_kb, int col,
		     uint64_t *last, uint64_t *prev)
{
	*last = *prev = 0;
	for (size_t c = 0; c < rs->ncells; c++) {
		const struct result_cell *cell = &rs->cells[c];
		if (cell->placeholder || cell->record_kb != record_kb ||
		    !results_has(rs, c, col))
			continue;
		if (cell->file_kb > *last) {
			*prev = *last;
			*last = cell->file_kb;
		} else if (cell->file_kb > *prev && cell->file_kb < *last) {
			*prev = cell->file_kb;
		}
	}
}

/* Has curve (col, record_kb) a cache cliff in cl? */
static int has_drop(const struct cliff_list *cl, int col, uint64_t record_kb)
{
	for (size_t i = 0; i < cl->n; i++)
		if (cl->items[i].col == col && cl->items[i].record_kb == record_kb &&
		    cl->items[i].kind == CLIFF_KIND_CACHE)
			return 1;
	return 0;
}

/*
 * The curves measured that have not fallen yet: each (col, record size)
 * once, counted at the first cell that has it.
 */
static size_t count_undropped(const struct result_set *rs, const struct cliff_list *cl)
{
	size_t n = 0;

	for (size_t c = 0; c < rs->ncells; c++) {
		const struct result_cell *cell = &rs->cells[c];
		if (cell->placeholder)
			continue;
		for (int col = 0; col < RC_COUNT; col++) {
			int first = 1;
			if (!results_has(rs, c, col) || has_drop(cl, col, cell->record_kb))
				continue;
			for (size_t d = 0; d < c && first; d++)
				first = rs->cells[d].placeholder ||
					rs->cells[d].record_kb != cell->record_kb ||
					!results_has(rs, d, col);
			n += first;
		}
	}
	return n;
}

int settle_needed(const struct result_set *rs, int need_drop, size_t *unsettled_out,
		  char *err, size_t errlen)
{
	struct cliff_list cl;
	size_t unsettled = 0;

	if (cliff_detect(rs, &cl, err, errlen) != 0)
		return -1;
	for (size_t i = 0; i < cl.n; i++) {
		const struct cliff *c = &cl.items[i];
		int later = 0;
		/* only the last cliff of its curve counts */
		for (size_t j = 0; j < cl.n; j++)
			later |= j != i && cl.items[j].col == c->col &&
				 cl.items[j].record_kb == c->record_kb &&
				 cl.items[j].before_kb > c->before_kb;
		if (later)
			continue;
		uint64_t last, prev;
		last_two(rs, c->record_kb, c->col, &last, &prev);
		double a = cell_mean(rs, prev, c->record_kb, c->col);
		double b = cell_mean(rs, last, c->record_kb, c->col);
		int settled = prev >= c->after_kb && a > 0.0 && b > 0.0 &&
			      fabs(log(a / b)) <= log(SETTLE_SAME_LEVEL);
		unsettled += !settled;
	}
	if (need_drop)
		unsettled += count_undropped(rs, &cl);
	cliff_list_release(&cl);
	if (unsettled_out)
		*unsettled_out = unsettled;
	return unsettled > 0;
}

double settle_predict_s(const struct result_set *rs, uint64_t last_kb, uint64_t next_kb,
			double last_round_s)
{
	double wall_s = 0.0, scale = last_kb ? (double)next_kb / (double)last_kb : 0.0;

	if (last_round_s > 0.0)
		return last_round_s * scale;
	for (size_t i = 0; i < rs->nsamples; i++) {
		const struct result_sample *s = &rs->samples[i];
		if (s->cell < rs->ncells && rs->cells[s->cell].file_kb == last_kb)
			wall_s += (double)(s->wall_ns ? s->wall_ns : s->elapsed_ns) / 1e9;
	}
	return wall_s * scale;
}

/* The next round's cells: size next_kb for every record size of the last size. */
static int next_round(const struct result_set *rs, uint64_t last_kb, uint64_t next_kb,
		      struct sweep_plan *p)
{
	p->cells = calloc(rs->ncells ? rs->ncells : 1, sizeof(*p->cells));
	if (!p->cells)
		return -1;
	for (size_t c = 0; c < rs->ncells; c++) {
		const struct result_cell *cell = &rs->cells[c];
		if (cell->placeholder || cell->file_kb != last_kb)
			continue;
		p->cells[p->ncells].file_kb = next_kb;
		p->cells[p->ncells].record_kb = cell->record_kb;
		p->ncells++;
	}
	return 0;
}

int settle_run(const struct options *o, struct result_set *rs,
	       const struct runner_hooks *h, volatile sig_atomic_t *stop,
	       unsigned *rounds, char *why, size_t whylen, char *err, size_t errlen)
{
	char dir[4096];
	size_t unsettled = 0;
	unsigned mult = o->multiplier ? o->multiplier : 2;
	uint64_t t0 = clock_now_ns();
	double last_round_s = 0.0;

	*rounds = 0;
	io_dir_of(options_file(o), dir, sizeof(dir));
	for (;;) {
		int need = settle_needed(rs, o->settle_drop, &unsettled, err, errlen);
		if (need < 0)
			return -1;
		if (!need) {
			snprintf(why, whylen, "every curve has settled after its last cliff");
			return 0;
		}
		if (*rounds >= SETTLE_MAX_ROUNDS) {
			snprintf(why, whylen, "%zu curve%s not settled after %u more sizes "
				 "(the most it adds)", unsettled, unsettled == 1 ? "" : "s",
				 *rounds);
			return 0;
		}
		uint64_t last = 0;
		for (size_t c = 0; c < rs->ncells; c++)
			if (!rs->cells[c].placeholder && rs->cells[c].file_kb > last)
				last = rs->cells[c].file_kb;
		uint64_t next = last * mult, free_bytes = 0;
		if (io_check_dir(dir, &free_bytes, err, errlen) != 0)
			return -1;
		if (!o->force && free_bytes / 1024 < next) {
			snprintf(why, whylen, "%zu curve%s not settled, but a %llu kB file "
				 "does not fit in the %llu kB free in '%s'", unsettled,
				 unsettled == 1 ? "" : "s", (unsigned long long)next,
				 (unsigned long long)(free_bytes / 1024), dir);
			return 0;
		}
		double spent_s = (double)(clock_now_ns() - t0) / 1e9;
		double next_s = settle_predict_s(rs, last, next, last_round_s);
		if (o->settle_time_s && spent_s + next_s > (double)o->settle_time_s) {
			snprintf(why, whylen, "%zu curve%s not settled, but %llu kB files "
				 "would take about %.1f s, past --settle-time %u s (%.1f s "
				 "spent)", unsettled, unsettled == 1 ? "" : "s",
				 (unsigned long long)next, next_s, o->settle_time_s, spent_s);
			return 0;
		}
		uint64_t r0 = clock_now_ns();
		struct sweep_plan p = { 0 };
		if (next_round(rs, last, next, &p) != 0)
			return err_set(err, errlen, "out of memory planning --until-settled");
		p.record_axis = rs->record_axis;
		p.nrecord_axis = rs->nrecord_axis;
		int rc = p.ncells ? runner_run(o, &p, rs, h, stop, err, errlen) : 0;
		p.record_axis = NULL;
		p.nrecord_axis = 0;
		size_t ran = p.ncells;
		plan_release(&p);
		if (rc != 0)
			return -1;
		if (ran == 0) {
			snprintf(why, whylen, "no record size to extend with");
			return 0;
		}
		last_round_s = (double)(clock_now_ns() - r0) / 1e9;
		(*rounds)++;
	}
}
