/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * nas_plan_print.c: the plan of `iosweep nas` as it is printed before the
 * run (and alone with --dry-run): each phase with what it will do and its
 * estimate, what the budget left out, and the total.  The plan itself and
 * its time model are nas_plan.c's; this file only says them.
 */
#include "compat.h"

#include <stdio.h>
#include <string.h>

#include "analysis/card.h"
#include "cmd/nas_plan.h"
#include "model/units.h"

/* The plan's lines on the qd cells' engines and on what it leaves out. */
static void plan_print_cells(FILE *f, const struct nas_plan *p)
{
	const char *sep = "     engines: ";
	int threads = 0;

	for (size_t i = 0; i < NAS_QD_CELLS; i++) {
		if (!p->qd_engine[i])
			continue;
		fprintf(f, "%s%s %s", sep, card_row_specs[i].name, p->qd_engine[i]);
		sep = ", ";
		threads |= card_row_specs[i].depth > 1 && !strcmp(p->qd_engine[i], "threads");
	}
	if (sep[0] == ',')
		fprintf(f, "%s\n", threads ? " (threads: no io_uring here, so "
			"one thread per I/O in flight; iosweep --version says why)" : "");
	for (size_t i = 0; i < NAS_QD_CELLS; i++)
		if (p->qd_left_out[i][0])
			fprintf(f, "     left out: %s, because %s\n", card_row_specs[i].name,
				p->qd_left_out[i]);
}

/* The streams phase: its rates, each stepped to its most, and its runs. */
static void plan_print_streams(FILE *f, const struct nas_plan *p, const struct nas_ask *ask)
{
	if (ask->no_streams || !ask->ngroups)
		return;
	if (!p->streams_groups) {
		fprintf(f, "  4. streams: left out, the budget leaves no time for them\n");
		return;
	}
	fprintf(f, "  4. streams: the workloads' streams on the share, %u s a count, "
		"%d chunks/s, each stepped from 1 until a count misses a deadline: ~%.0f s "
		"at most\n     ", p->streams_step_s, NAS_STREAMS_FPS, p->streams_s);
	for (size_t i = 0; i < p->streams_groups; i++)
		fprintf(f, "%s%s %.0f Mbit/s x %u", i ? ", " : "",
			ask->groups[i].write ? "write" : "read",
			ask->groups[i].rate_bps * 8 / 1e6, ask->groups[i].max);
	fprintf(f, "\n");
}

void nas_plan_print(FILE *f, const struct nas_plan *p, const struct nas_ask *ask,
		    const char *path, double ci_pct)
{
	char max[32], qd[32], ram[32];

	units_format_size_kb(p->max_kb, max, sizeof(max));
	units_format_size_kb(p->qd_kb, qd, sizeof(qd));
	units_format_bytes_human(p->client_ram_kb * 1024, ram, sizeof(ram));
	fprintf(f, "iosweep nas: plan for %s (budget %.0f s)\n", path,
		ask->budget_s);
	if (p->probed)
		fprintf(f, "  probe: %.0f MB/s write, %.0f MB/s read (64 MB, fsync, cold), "
			"%.1f s\n", p->wr_kbps * 1024 / 1e6, p->rd_kbps * 1024 / 1e6, p->probe_s);
	else
		fprintf(f, "  no probe (--dry-run): assuming %.0f MB/s both ways\n",
			p->wr_kbps * 1024 / 1e6);
	char recs[128] = "", left[128] = "";
	for (size_t k = 0; k < NAS_NRECS; k++) {
		char r[32];
		char *to = k < p->nrecs ? recs : left;
		units_format_size_kb(nas_recs_kb[k], r, sizeof(r));
		snprintf(to + strlen(to), sizeof(recs) - strlen(to), "%s%s", *to ? ", " : "", r);
	}
	fprintf(f, "  1. sweep: %s%zu file sizes, 16 MB to %s (%s), write, read%s, "
		"fsync in the timing%s, %d trials (--ci %.3g%%): ~%.0f s%s\n",
		p->search && p->settle_s ? "up to " : "", p->nsizes, max, p->why_max,
		p->random ? ", random" : "", p->cold ? ", --cold reads" : "", NAS_TRIALS,
		ci_pct, p->sweep_s, p->search && p->settle_s ? " at most" : "");
	fprintf(f, "     record sizes %s%s%s%s\n", recs, *left ? " (the budget leaves out " : "",
		left, *left ? "; a longer --budget takes them)" : "");
	if (!p->cold)
		fprintf(f, "     (--cold does not work here: files reach twice this "
			"computer's %s of RAM, which costs the time above)\n", ram);
	if (p->files)
		fprintf(f, "  2. small files: office-documents at --scale %.3g "
			"(%.0f files), %d trials, --cold: ~%.0f s\n", p->files_scale,
			p->files_scale * NAS_FILES_PRESET_FILES, NAS_TRIALS, p->files_s);
	else if (!ask->no_files)
		fprintf(f, "  2. small files: left out, the budget leaves no time for them\n");
	fprintf(f, "  3. queue depth (CrystalDiskMark's cells) on a %s file%s, %d trials "
		"of %.1f s passes: SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T16, RND4K Q1T1: "
		"~%.0f s\n", qd, p->qd_small ? " (the budget allows no larger one: "
		"a NAS's cache may hold it)" : "", NAS_TRIALS, p->qd_runtime_s, p->qd_s);
	if (p->probed)
		fprintf(f, "     %s\n", p->direct ? "direct I/O (-I), as CrystalDiskMark's "
			"unbuffered I/O: every round of a pass reaches the share" :
			"buffered: the share takes no direct I/O, so a pass's later rounds "
			"over its file may come from this computer's cache (flagged when "
			"above the link)");
	plan_print_cells(f, p);
	plan_print_streams(f, p, ask);
	if (p->trimmed[0])
		fprintf(f, "  left out for the budget: %s (a longer --budget takes them)\n",
			p->trimmed);
	fprintf(f, "  estimated time: %.0f s (%.1f min)%s%s\n", p->total_s, p->total_s / 60.0,
		p->total_s <= ask->budget_s + 1 ? "" : ask->nas_ram_kb ?
		"; over the budget: the files must reach past the cache" :
		"; over the budget: even the smallest plan takes this long",
		p->probed ? "" : " (the probe's share assumed)");
	fprintf(f, "     probe %.0f s, sweep %.0f s, small files %.0f s, queue depth %.0f s, "
		"streams %.0f s, card %.0f s\n", p->probe_s, p->sweep_s, p->files_s, p->qd_s,
		p->streams_s, p->card_s);
	fflush(f);
}
