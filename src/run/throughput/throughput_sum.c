/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * throughput_sum.c: the figures of one throughput-mode result (see
 * throughput.h, struct tp_summary): what the children saw (the sum of
 * their own rates), what the parent saw (every amount over its wall
 * time), min, max and average per child, and the -+u CPU share.
 *
 * Pure arithmetic on a struct tp_result, kept apart from throughput.c,
 * which starts, times and reaps the children: the report (report_tp.c)
 * and the tests read these figures without running anything.
 */
#include "compat.h"

#include <string.h>

#include "run/throughput/throughput.h"

void throughput_summarize(const struct tp_result *r, int ops,
			  struct tp_summary *s)
{
	double parent_s = (double)r->parent_ns / 1e9;
	double total = 0.0;

	memset(s, 0, sizeof(*s));
	for (unsigned i = 0; i < r->nchildren; i++) {
		const struct tp_child *c = &r->child[i];
		double amount = ops ? (double)c->ops : (double)c->bytes / 1024.0;
		double secs = (double)c->elapsed_ns / 1e9;
		double cpu = c->cpu_user_s + c->cpu_sys_s;
		double wall = (double)c->wall_ns / 1e9;

		total += amount;
		if (i == 0 || amount < s->min_xfer)
			s->min_xfer = amount;
		s->cpu_s += cpu;
		if (wall < cpu)
			wall = cpu;       /* IOzone: wall time is at least CPU time */
		if (wall > s->wall_s)
			s->wall_s = wall;
		if (c->ops == 0 || secs <= 0.0)
			continue;         /* moved nothing: no rate to show */
		double rate = amount / secs;
		s->children_see += rate;
		if (s->nmoved == 0 || rate < s->min)
			s->min = rate;
		if (rate > s->max)
			s->max = rate;
		s->nmoved++;
	}
	s->avg = s->nmoved ? s->children_see / s->nmoved : 0.0;
	s->parent_sees = parent_s > 0.0 ? total / parent_s : 0.0;
	s->cpu_pct = s->wall_s > 0.0 ? 100.0 * s->cpu_s / s->wall_s : 0.0;
}
