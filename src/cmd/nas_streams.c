/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * nas_streams.c: the guided run's streams phase (`iosweep nas`, after
 * the queue-depth cells): the stream workloads of its --workloads file
 * played on the share, so the card's "Will it work?" rows say
 * "measured" rather than dividing a sustained MB/s by a bit rate.
 *
 * Per distinct direction and rate (nas_streams_groups), one stepped run
 * as `iosweep streams --max-streams` makes it (run/streams/streams_steps.h):
 * 1, 2, ... streams up to the most any workload of that rate asks,
 * stopping at the first count that misses a deadline.  Every step's rows
 * go into one streams/streams.csv, which the card reads beside the
 * sweep's folders; its tables and verdicts into streams/streams.txt.
 *
 * A count runs NAS_STREAMS_STEP_S seconds (shorter when the budget is
 * short; nas_plan.c), which is enough for the question asked: each
 * stream has a deadline per frame at NAS_STREAMS_FPS, so 3 s is 72
 * deadlines a stream, and a share that cannot carry the streams' rate
 * falls behind at once and misses nearly all of them (a stream whose
 * chunk ran over starts the next at once, late).  What a short run does
 * not see is a rare stall, a hiccup once a minute: a longer
 * `iosweep streams --time` looks for those.  A reading group's files
 * are written once, for its most streams, before its first count.
 */
#include "compat.h"

#include <stdio.h>
#include <string.h>

#include "analysis/verdict.h"
#include "cmd/commands.h"
#include "cmd/nas_plan.h"
#include "cmd/nas_streams.h"
#include "iosweep.h"
#include "lib/outfile.h"
#include "platform/clock.h"
#include "run/streams/streams.h"
#include "run/streams/streams_steps.h"

size_t nas_streams_groups(const struct verdict_workloads *w, struct nas_stream_group *g,
			  size_t cap)
{
	size_t n = 0;

	for (size_t i = 0; i < w->n; i++) {
		const struct verdict_workload *wl = &w->items[i];
		double rate = wl->rate_kbps * 1024.0;
		size_t k = 0;
		if (wl->kind != VERDICT_WL_STREAM || !(rate > 0) || !wl->streams)
			continue;
		while (k < n && !(g[k].write == wl->write && g[k].rate_bps == rate))
			k++;
		if (k == n) {
			if (n == cap)
				continue;
			g[n++] = (struct nas_stream_group){ .write = wl->write, .rate_bps = rate };
		}
		if (wl->streams > g[k].max)
			g[k].max = wl->streams < STREAMS_MAX ? wl->streams : STREAMS_MAX;
	}
	return n;
}

static double now_s(void)
{
	return (double)clock_now_ns() / 1e9;
}

/* One group stepped up on share: its rows into csv, its report into rep. */
static int run_group(const struct nas_stream_group *g, const char *share, unsigned step_s,
		     FILE *rep, struct outfile *csv)
{
	struct streams_cfg c = { .dir = share, .n = g->max, .rate_bps = g->rate_bps,
		.fps = NAS_STREAMS_FPS, .duration_ms = step_s * 1000u,
		.mode = g->write ? STREAMS_WRITE : STREAMS_READ, .interrupt = &cmd_stop };
	char err[IOSWEEP_ERR_MAX];
	int best = -1, rc = -1;

	fprintf(rep, "up to %u stream%s %s %.1f MB/s (%.0f Mbit/s) each, %u chunks/s, "
		"%u s a count, in %s\n", g->max, g->max == 1 ? "" : "s",
		g->write ? "writing" : "reading", g->rate_bps / 1e6, g->rate_bps * 8 / 1e6,
		c.fps, step_s, share);
	if (streams_prepare(&c, g->max, err, sizeof(err)) == 0 &&
	    streams_steps(&c, g->max, rep, csv, &best, err, sizeof(err)) == 0)
		rc = 0;
	streams_cleanup(&c, g->max);
	if (rc != 0) {
		cmd_msg("nas", "[streams] %s", err);
		return IOSWEEP_EXIT_FAILURE;
	}
	if (cmd_stop)
		return IOSWEEP_EXIT_INTERRUPTED;
	cmd_msg("nas", "[streams] %.0f Mbit/s %s: %d stream%s kept every deadline "
		"(up to %u asked)", g->rate_bps * 8 / 1e6, g->write ? "writes" : "reads",
		best, best == 1 ? "" : "s", g->max);
	return IOSWEEP_EXIT_OK;
}

/* The runs' length that fits before deadline: the plan's, or shorter. */
static unsigned fit_step(const struct nas_plan *p, const struct nas_ask *ask, double deadline)
{
	unsigned t = p->streams_step_s;

	while (t > NAS_STREAMS_MIN_STEP_S &&
	       now_s() + nas_streams_s(p, ask->groups, p->streams_groups, t) > deadline)
		t--;
	if (t < p->streams_step_s)
		cmd_msg("nas", "[streams] %u s a count, not %u: the phases before took "
			"their time", t, p->streams_step_s);
	return t;
}

int nas_streams_run(const struct nas_plan *p, const struct nas_ask *ask, const char *share,
		    const char *dir, double deadline, int overwrite)
{
	char sub[4096], path[4200], err[IOSWEEP_ERR_MAX];
	struct outfile csv;
	int rc = IOSWEEP_EXIT_OK;

	if (!p->streams_groups)
		return IOSWEEP_EXIT_OK;
	unsigned t = fit_step(p, ask, deadline);
	snprintf(sub, sizeof(sub), "%s/streams", dir);
	snprintf(path, sizeof(path), "%s/streams.csv", sub);
	if (outfile_mkdirs(sub, err, sizeof(err)) != 0 ||
	    outfile_open(&csv, path, 0, overwrite, err, sizeof(err)) != 0) {
		cmd_msg("nas", "%s", err);
		return IOSWEEP_EXIT_FAILURE;
	}
	snprintf(path, sizeof(path), "%s/streams.txt", sub);
	FILE *rep = cmd_report_open("nas", path, overwrite);
	if (!rep) {
		outfile_abort(&csv);
		return IOSWEEP_EXIT_FAILURE;
	}
	outfile_printf(&csv, "%s", streams_csv_header);
	cmd_msg("nas", "[streams] %zu rate%s, %u s a count", p->streams_groups,
		p->streams_groups == 1 ? "" : "s", t);
	for (size_t i = 0; i < p->streams_groups && rc == IOSWEEP_EXIT_OK; i++)
		rc = run_group(&ask->groups[i], share, t, rep, &csv);
	if (cmd_report_close("nas", rep, path) != 0 && rc == IOSWEEP_EXIT_OK)
		rc = IOSWEEP_EXIT_FAILURE;
	if (rc != IOSWEEP_EXIT_OK) {
		outfile_abort(&csv);
		return rc;
	}
	if (outfile_commit(&csv, err, sizeof(err)) != 0) {
		cmd_msg("nas", "%s", err);
		return IOSWEEP_EXIT_FAILURE;
	}
	return IOSWEEP_EXIT_OK;
}
