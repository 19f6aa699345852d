/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * nas_streams.h: the guided run's streams phase (nas_streams.c): the
 * workloads' paced streams, stepped up per direction and rate, into the
 * result folder's streams/ for the card.  Nothing returned is owned.
 */
#ifndef IOSWEEP_NAS_STREAMS_H
#define IOSWEEP_NAS_STREAMS_H

#include <stddef.h>

#include "analysis/verdict.h"
#include "cmd/nas_plan.h"

/*
 * The distinct directions and rates of w's stream workloads into g (at
 * most cap, in the file's order), each with the most streams any of its
 * workloads asks; their number.
 */
size_t nas_streams_groups(const struct verdict_workloads *w, struct nas_stream_group *g,
			  size_t cap);

/*
 * The phase: ask's first p->streams_groups groups stepped up on share,
 * each count's run as long as p plans or shorter to end by deadline (a
 * clock_now_ns time in seconds); dir/streams/streams.csv and
 * streams.txt.  Nothing when the plan has no groups.  An enum
 * iosweep_exit, the failure said.
 */
int nas_streams_run(const struct nas_plan *p, const struct nas_ask *ask, const char *share,
		    const char *dir, double deadline, int overwrite);

#endif
