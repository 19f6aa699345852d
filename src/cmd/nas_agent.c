/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * nas_agent.c: the two measurements `iosweep nas --agent` adds beside the
 * share's (issue 43, item 3).  The link to the agent, measured each way as
 * `iosweep link` does, goes into the run's link/; the box's own pool, a
 * sweep the agent runs in its root (local to the NAS, no network in its
 * path), into pool/.  The card then names the slowest of the three with
 * their figures (analysis/verdict.c, judge_three).
 *
 * The pool's sweep is one cell of the share's sustained figure: files of
 * the size the share's sweep ended at (past the NAS's RAM when --nas-ram
 * was given), 1 MB records, write then read, fsync in the timing, --cold
 * where the agent's platform can drop its page cache, one file written
 * and read once (-+n), one trial: a reference beside the share's, and
 * its time (the file written and read once at the pool's speed) comes on
 * top of the budget's plan.
 */
#include "compat.h"

#include <stdio.h>
#include <string.h>

#include "cmd/commands.h"
#include "iosweep.h"
#include "net/link.h"

#define NAS_AGENT_LINK_MS 5000   /* each way: a tenth of a short run's budget */
#define NAS_AGENT_STREAMS 4

int nas_agent_run(const char *agent, const char *token, const char *dir, uint64_t file_kb,
		  int cold, int overwrite, const char *cmdline)
{
	struct link_cfg lc = { .addr = agent, .token = token, .streams = NAS_AGENT_STREAMS,
			       .warmup_ms = 1000, .measure_ms = NAS_AGENT_LINK_MS,
			       .stop = &cmd_stop };
	char out[4200], size[32];
	int rc;

	cmd_msg("nas", "[agent] the link to %s", agent);
	snprintf(out, sizeof(out), "%s/link", dir);
	if ((rc = link_run(&lc, out, overwrite, cmdline)) != IOSWEEP_EXIT_OK)
		return rc;
	snprintf(size, sizeof(size), "%lluk", (unsigned long long)file_kb);
	char *words[] = { "-s", size, "-r", "1m", "-i", "0", "-i", "1", "-e", "-+n",
			  "--trials", "1", "--quiet", "--label", "pool", "-f",
			  "iosweep-nas-pool.tmp", "--cold" };
	/* the last word only where this platform drops a file's pages */
	int n = (int)(sizeof(words) / sizeof(words[0])) - !cold;
	cmd_msg("nas", "[agent] the pool on the NAS itself: %s files", size);
	snprintf(out, sizeof(out), "%s/pool", dir);
	return cmd_on_agent("nas", agent, token, n, words, out, overwrite);
}
