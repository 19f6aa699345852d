/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_nas_streams.c: the guided run's streams phase as planned: the
 * workloads' stream rows grouped by direction and rate (each with its
 * most streams, batch rows ignored), and the plan's share of the budget:
 * 3 s a count when the budget allows, shorter runs and then fewer rates
 * when it does not (said in p->trimmed), nothing with --no-streams.
 */
#include "compat.h"

#include <stdio.h>
#include <string.h>

#include "cu.h"
#include "iosweep.h"
#include "analysis/verdict.h"
#include "cmd/nas_plan.h"
#include "cmd/nas_streams.h"

static struct verdict_workloads wl;

static void test_groups(void)
{
	static const char text[] =
		"stream | three | read | 737mbit | 3 | 200\n"
		"stream | one | read | 737mbit | 1 | 200\n"
		"stream | rec | write | 737mbit | 1 | -\n"
		"batch | backup | write | 476837m | 8h\n"
		"stream | tvs | read | 20mbit | 8 | -\n"
		"stream | many | read | 20mbit | 999 | -\n";
	struct nas_stream_group g[NAS_STREAMS_MAX_GROUPS];
	char err[IOSWEEP_ERR_MAX];

	CU_ASSERT_EQUAL_FATAL(verdict_parse_workloads(&wl, text, strlen(text), "w", err,
						      sizeof(err)), 0);
	size_t n = nas_streams_groups(&wl, g, NAS_STREAMS_MAX_GROUPS);
	CU_ASSERT_EQUAL_FATAL(n, 3);
	CU_ASSERT_EQUAL(g[0].write, 0);
	CU_ASSERT_DOUBLE_EQUAL(g[0].rate_bps, 92125000.0, 1.0);
	CU_ASSERT_EQUAL(g[0].max, 3);
	CU_ASSERT_EQUAL(g[1].write, 1);
	CU_ASSERT_EQUAL(g[1].max, 1);
	CU_ASSERT_DOUBLE_EQUAL(g[2].rate_bps, 2500000.0, 1.0);
	/* no run takes more streams than the streams module does */
	CU_ASSERT_EQUAL(g[2].max, 256);
	/* a full table keeps the first */
	CU_ASSERT_EQUAL(nas_streams_groups(&wl, g, 1), 1);
	CU_ASSERT_EQUAL(g[0].max, 3);
}

/* A plan at gigabit's rates, as --dry-run assumes them. */
static void plan_at(struct nas_plan *p, struct nas_ask *ask, double budget_s, int no_streams)
{
	static const char text[] =
		"stream | three | read | 737mbit | 3 | 200\n"
		"stream | rec | write | 737mbit | 1 | -\n"
		"stream | hd | read | 220mbit | 2 | 200\n";
	char err[IOSWEEP_ERR_MAX];

	CU_ASSERT_EQUAL_FATAL(verdict_parse_workloads(&wl, text, strlen(text), "w", err,
						      sizeof(err)), 0);
	memset(p, 0, sizeof(*p));
	memset(ask, 0, sizeof(*ask));
	p->wr_kbps = p->rd_kbps = 115000;
	p->per_file_s = 0.002;
	p->fixed_s = 0.2;
	p->cold = 1;
	for (size_t i = 0; i < NAS_QD_CELLS; i++)
		p->cell_extra_s[i] = 0.3;
	ask->budget_s = budget_s;
	ask->no_streams = no_streams;
	ask->ngroups = nas_streams_groups(&wl, ask->groups, NAS_STREAMS_MAX_GROUPS);
	nas_plan_build(p, ask, 5);
}

static void test_plan(void)
{
	struct nas_plan p;
	struct nas_ask ask;

	/* ten minutes: every rate, 3 s a count, within a fifth of the budget */
	plan_at(&p, &ask, 600, 0);
	CU_ASSERT_EQUAL(p.streams_groups, 3);
	CU_ASSERT_EQUAL(p.streams_step_s, 3);
	CU_ASSERT_DOUBLE_EQUAL(p.streams_s, nas_streams_s(&p, ask.groups, 3, 3), 1e-9);
	CU_ASSERT(p.streams_s > 6 * 3 && p.streams_s <= 0.2 * 600);
	CU_ASSERT_PTR_NULL(strstr(p.trimmed, "stream"));
	CU_ASSERT_DOUBLE_EQUAL(p.total_s, 5 + p.sweep_s + p.files_s + p.qd_s + p.streams_s +
			       p.card_s, 1e-9);
	/* the worst case: every count of every rate, a reading rate's files first */
	CU_ASSERT(nas_streams_s(&p, ask.groups, 1, 3) > 3 * 3);
	CU_ASSERT_DOUBLE_EQUAL(nas_streams_s(&p, ask.groups + 1, 1, 3), 3.3, 1e-9);
	/* a minute: 1 s a count and the last rates go, said */
	plan_at(&p, &ask, 60, 0);
	CU_ASSERT_EQUAL(p.streams_step_s, 1);
	CU_ASSERT(p.streams_groups < 3);
	CU_ASSERT(p.streams_s <= 0.2 * 60);
	char want[64];
	snprintf(want, sizeof(want), p.streams_groups ? "%zu of 3 stream rates" :
		 "the streams phase", 3 - p.streams_groups);
	CU_ASSERT_PTR_NOT_NULL(strstr(p.trimmed, want));
	/* --no-streams: none, and nothing said */
	plan_at(&p, &ask, 600, 1);
	CU_ASSERT_EQUAL(p.streams_groups, 0);
	CU_ASSERT_DOUBLE_EQUAL(p.streams_s, 0, 1e-9);
	CU_ASSERT_PTR_NULL(strstr(p.trimmed, "stream"));
}

static const struct cu_case cases[] = {
	CU_CASE(test_groups),
	CU_CASE(test_plan),
	{ 0 }
};

CU_MAIN("nas_streams", cases)
