/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * nas_plan.c: the plan of `iosweep nas` and its time model (nas_plan.h).
 *
 * The model counts what the run does, not only what it times.  Each of
 * the sweep's passes moves its bytes at the probe's rates plus a fixed
 * cost (open, fsync, the cold drop, close), random passes also a latency
 * per operation; the sweep costs a sweep's own start and its charts, and
 * its search is planned at its worst case, the largest size the budget
 * reaches.  A sweep's --trials 3 with --ci stops a cell early when its
 * interval is met, never later, so 3 trials is the worst case.  The
 * small files cost what the probe's 64 files did, each.  A queue-depth
 * cell is time-based, but every trial first lays its file out whole at
 * the cell's own record size and depth, untimed: RND4K Q1T1 writes a
 * 1 GB file 4 kB at a time, three times, which on a local disk with
 * direct I/O is a minute; the probe runs each cell in small to learn that
 * rate and what a trial costs beyond it.  The probe itself and the card
 * are counted too.
 *
 * Fitting the budget: the file sizes first (they find the cache), then
 * random tests, then the record sizes past 1 MB that the sweep's share
 * (or the time the qd cells could not use) takes; the small files get a
 * tenth; the qd cells the rest, their file halved down to 16 MB until
 * their shortest passes fit.  When the plan still overruns, the
 * small-file phase goes, then the sweep's random tests; what went is in
 * p->trimmed.  Each phase's planned and measured seconds end in the
 * result folder's timing.csv (nas_timing_write).
 *
 * The streams phase (the workloads' paced streams, stepped up) is
 * planned first, at its worst case (every count of every rate runs: a
 * stepped run stops at the first count that misses a deadline), in at
 * most NAS_STREAMS_SHARE of the budget: its runs shorten to
 * NAS_STREAMS_MIN_STEP_S, then the rates at the end of the workloads
 * file go.  The other phases plan in what is left, and their trimming
 * leaves the streams be: they are what the card's "Will it work?" rows
 * measure, and their share is bounded already.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cmd/nas_plan.h"
#include "lib/outfile.h"
#include "platform/sysinfo.h"
#include "run/sweep/settle.h"
#include "model/units.h"

#define NAS_FILES_PRESET_KB (6.8 * 1024 * 1024)
#define NAS_SEARCH_BASE_KB (64u * 1024)    /* the search's grid before it grows */
#define NAS_QD_FIXED_FRAC 0.5              /* plan_qd */
#define NAS_SLACK_S 0.5                    /* over the budget by less is on it */
#define NAS_SEARCH_MAX_KB ((uint64_t)NAS_SEARCH_BASE_KB << SETTLE_MAX_ROUNDS)
#define NAS_STREAMS_SHARE 0.2
#define NAS_STREAMS_STEP_COST_S 0.3        /* a count's start: threads, cache drop, opens */

/*
 * 1 MB (the card's sequential rows, the plateaus), 4 kB (small blocks),
 * 16 MB (the largest IOzone knows), 64 kB (the record size of the classic
 * NAS review charts), then 512 kB and 16 kB (the rest of the published
 * review's -r list: 4k 16k 512k 1024k 16384k).
 */
const uint64_t nas_recs_kb[NAS_NRECS] = { 1024, 4, 16384, 64, 512, 16 };

double nas_secs(double kb, double kbps)
{
	return kbps > 0 ? kb / kbps : 0;
}

unsigned nas_qd_passes(size_t i)
{
	return card_row_specs[i].random ? 3 : 2;
}

/* Sum of the sweep's sizes 16 MB, 32 MB ... max_kb; n of them. */
static double sizes_sum_kb(uint64_t max_kb, size_t *n)
{
	double sum = 0;

	*n = 0;
	for (uint64_t s = NAS_MIN_KB; s <= max_kb; s *= 2, (*n)++)
		sum += (double)s;
	return sum;
}

/* The sweep to max_kb with the first nrecs record sizes. */
static double sweep_time(const struct nas_plan *p, uint64_t max_kb, int random,
			 size_t nrecs)
{
	size_t n;
	double sum = sizes_sum_kb(max_kb, &n), one = 0;

	for (size_t k = 0; k < nrecs; k++) {
		one += nas_secs(sum, p->wr_kbps) + nas_secs(sum, p->rd_kbps) +
			(double)n * 2 * NAS_PASS_COST_S;
		if (random)
			one += nas_secs(sum, p->wr_kbps) + nas_secs(sum, p->rd_kbps) +
				sum / (double)nas_recs_kb[k] * (p->lat_wr_s + p->lat_rd_s) +
				(double)n * 2 * NAS_PASS_COST_S;
	}
	return NAS_TRIALS * one + p->fixed_s + NAS_CHARTS_S;
}

/* The rate a cell lays its file out at. */
static double lay_kbps(const struct nas_plan *p, size_t i)
{
	double c = p->cell_wr_kbps[i];
	return c > 0 && c < p->wr_kbps ? c : p->wr_kbps;
}

double nas_qd_cell_s(const struct nas_plan *p, size_t i, uint64_t kb, double t)
{
	return p->fixed_s + NAS_TRIALS * (nas_secs((double)kb, lay_kbps(p, i)) +
		p->cell_extra_s[i] + nas_qd_passes(i) * (t + NAS_PASS_COST_S));
}

double nas_qd_s(const struct nas_plan *p, uint64_t kb, double t)
{
	double s = 0;

	for (size_t i = 0; i < NAS_QD_CELLS; i++)
		if (!p->qd_left_out[i][0])
			s += nas_qd_cell_s(p, i, kb, t);
	return s;
}

/* Timed passes of the cells not left out, per trial. */
static unsigned qd_passes_all(const struct nas_plan *p)
{
	unsigned n = 0;

	for (size_t i = 0; i < NAS_QD_CELLS; i++)
		n += p->qd_left_out[i][0] ? 0 : nas_qd_passes(i);
	return n;
}

double nas_plan_probe_s(const struct nas_plan *p, int no_files)
{
	double s = 2 * p->fixed_s + nas_secs(NAS_PROBE_KB, p->wr_kbps) +
		nas_secs(NAS_PROBE_KB, p->rd_kbps) + 4 * NAS_PASS_COST_S +
		2 * nas_secs(NAS_RND_PROBE_KB, p->wr_kbps) +
		NAS_RND_PROBE_KB / 4.0 * (p->lat_wr_s + p->lat_rd_s);

	if (!no_files)
		s += 64 * p->per_file_s;
	for (size_t i = 0; i < NAS_QD_CELLS; i++)
		if (!p->qd_left_out[i][0])
			s += p->fixed_s + nas_secs(NAS_CELL_PROBE_KB, lay_kbps(p, i)) +
				p->cell_extra_s[i] +
				nas_qd_passes(i) * (NAS_CELL_PROBE_S + NAS_PASS_COST_S);
	return s;
}

static uint64_t pow2_floor_kb(double kb, uint64_t lo, uint64_t hi)
{
	uint64_t s = lo;
	while (s * 2 <= hi && (double)(s * 2) <= kb)
		s *= 2;
	return s;
}

/* The sweep's largest file: twice --nas-ram, or the search's worst case. */
static void plan_sizes(struct nas_plan *p, const struct nas_ask *ask, double sweep_share,
		       const char **why_stop)
{
	uint64_t free_kb = ask->free_kb;

	p->search = 0;
	if (ask->nas_ram_kb) {
		uint64_t want = 2 * ask->nas_ram_kb;
		p->max_kb = NAS_MIN_KB;
		while (p->max_kb < want)
			p->max_kb *= 2;
		snprintf(p->why_max, sizeof(p->why_max), "twice --nas-ram");
	} else {
		/* as far as the budget, the space, the rounds */
		p->search = 1;
		p->max_kb = NAS_MIN_KB;
		while (p->max_kb < NAS_SEARCH_MAX_KB &&
		       (!free_kb || (double)p->max_kb * 2 * 1.1 <= (double)free_kb) &&
		       sweep_time(p, p->max_kb * 2, 1, 1) <= sweep_share)
			p->max_kb *= 2;
		if (p->max_kb >= NAS_SEARCH_MAX_KB)
			*why_stop = "the most rounds";
		else if (free_kb && (double)p->max_kb * 2 * 1.1 > (double)free_kb)
			*why_stop = "the free space";
	}
	if (!p->cold && p->client_ram_kb) {
		uint64_t want = 2 * p->client_ram_kb;
		p->search = 0;
		while (p->max_kb < want)
			p->max_kb *= 2;
		snprintf(p->why_max, sizeof(p->why_max), "twice this computer's RAM: "
			 "--cold does not work here, so only files the client cannot "
			 "cache measure the NAS");
	}
}

/* The record sizes past 1 MB, the sweep's time, the search's bounds. */
static void plan_sweep(struct nas_plan *p, double budget, double sweep_share,
		       const char *why_stop, size_t max_recs)
{
	double qd_full = nas_qd_s(p, p->qd_kb, NAS_MAX_RUNTIME_S);

	for (p->nrecs = 1; p->nrecs < max_recs; p->nrecs++) {
		double t = sweep_time(p, p->max_kb, p->random, p->nrecs + 1);
		if (t > sweep_share && budget - t - p->files_s < qd_full)
			break;
	}
	p->sweep_s = sweep_time(p, p->max_kb, p->random, p->nrecs);
	sizes_sum_kb(p->max_kb, &p->nsizes);
	p->settle_s = 0;
	if (!p->search)
		return;
	p->base_kb = p->max_kb < NAS_SEARCH_BASE_KB ? p->max_kb : NAS_SEARCH_BASE_KB;
	double grow_s = p->sweep_s - sweep_time(p, p->base_kb, p->random, p->nrecs);
	p->settle_s = p->max_kb > p->base_kb ? (unsigned)ceil(grow_s > 1 ? grow_s : 1) : 0;
	char base[32];
	units_format_size_kb(p->base_kb, base, sizeof(base));
	if (p->settle_s)
		snprintf(p->why_max, sizeof(p->why_max), "the worst case: from %s the "
			 "files double until every curve has fallen at a cache cliff "
			 "and two sizes past it agree within %.0f%%, or %s ends it; "
			 "--nas-ram aims at once", base, (SETTLE_SAME_LEVEL - 1) * 100,
			 why_stop);
	else
		snprintf(p->why_max, sizeof(p->why_max), "%s allows no larger files; "
			 "the curve may not fall: give --nas-ram or a longer --budget",
			 why_stop);
}

/*
 * The qd cells on a file of up to kb fill what is left.  The file is
 * halved (the plan says so) while even their shortest passes do not fit,
 * or while what they cost beyond their passes (the layouts above all)
 * would take more than NAS_QD_FIXED_FRAC of it: the passes' --runtime is
 * what the run can shorten when a phase took longer than its estimate,
 * so it must keep a good part of the time.
 */
static void plan_qd(struct nas_plan *p, uint64_t kb, double left)
{
	unsigned passes = qd_passes_all(p);

	p->qd_kb = kb;
	p->qd_small = 0;
	while (p->qd_kb > NAS_MIN_KB && (nas_qd_s(p, p->qd_kb, NAS_MIN_RUNTIME_S) > left ||
					 nas_qd_s(p, p->qd_kb, 0) > NAS_QD_FIXED_FRAC * left)) {
		p->qd_kb /= 2;
		p->qd_small = 1;
	}
	p->qd_runtime_s = passes ? (left - nas_qd_s(p, p->qd_kb, 0)) / (NAS_TRIALS * passes) : 0;
	if (p->qd_runtime_s < NAS_MIN_RUNTIME_S)
		p->qd_runtime_s = NAS_MIN_RUNTIME_S;
	if (p->qd_runtime_s > NAS_MAX_RUNTIME_S)
		p->qd_runtime_s = NAS_MAX_RUNTIME_S;
	p->qd_s = nas_qd_s(p, p->qd_kb, p->qd_runtime_s);
}

/* The small files: a scaled office-documents tree, 3 trials, in share s. */
static void plan_files(struct nas_plan *p, double share)
{
	double per_scale = NAS_TRIALS * (NAS_FILES_PRESET_FILES * p->per_file_s +
		nas_secs(NAS_FILES_PRESET_KB, p->wr_kbps) +
		nas_secs(NAS_FILES_PRESET_KB, p->rd_kbps));

	p->files_scale = per_scale > 0 ? share / per_scale : 0.01;
	if (p->files_scale > 0.05)
		p->files_scale = 0.05;
	if (p->files_scale < NAS_FILES_MIN_SCALE)
		p->files_scale = NAS_FILES_MIN_SCALE;
	p->files_s = per_scale * p->files_scale;
}

static void trimmed_add(struct nas_plan *p, const char *what)
{
	size_t n = strlen(p->trimmed);
	snprintf(p->trimmed + n, sizeof(p->trimmed) - n, "%s%s", n ? ", " : "", what);
}

double nas_streams_s(const struct nas_plan *p, const struct nas_stream_group *groups,
		     size_t n, unsigned step_s)
{
	double s = 0;

	for (size_t i = 0; i < n; i++) {
		const struct nas_stream_group *g = &groups[i];
		s += g->max * (step_s + NAS_STREAMS_STEP_COST_S);
		if (!g->write)
			s += nas_secs(g->max * g->rate_bps * step_s / 1024.0, p->wr_kbps) +
				g->max * NAS_PASS_COST_S;
	}
	return s;
}

/* The streams phase in its share of budget: shorter runs, then fewer rates. */
static void plan_streams(struct nas_plan *p, const struct nas_ask *ask, double budget)
{
	double share = NAS_STREAMS_SHARE * budget;
	size_t n = ask->no_streams ? 0 : ask->ngroups;
	unsigned t = NAS_STREAMS_STEP_S;

	while (t > NAS_STREAMS_MIN_STEP_S && nas_streams_s(p, ask->groups, n, t) > share)
		t--;
	while (n > 0 && nas_streams_s(p, ask->groups, n, t) > share)
		n--;
	p->streams_groups = n;
	p->streams_step_s = t;
	p->streams_s = nas_streams_s(p, ask->groups, n, t);
}

/* What the budget took of the streams phase, last in p->trimmed. */
static void streams_trimmed(struct nas_plan *p, const struct nas_ask *ask)
{
	char what[64];
	size_t n = p->streams_groups;

	if (ask->no_streams || n == ask->ngroups)
		return;
	snprintf(what, sizeof(what), n ? "%zu of %zu stream rates" : "the streams phase",
		 ask->ngroups - n, ask->ngroups);
	trimmed_add(p, what);
}

void nas_plan_build(struct nas_plan *p, const struct nas_ask *ask, double spent_s)
{
	double budget = ask->budget_s - spent_s - NAS_CARD_S;
	const char *why_stop = "the budget";

	p->client_ram_kb = sysinfo_ram_kb();
	p->trimmed[0] = '\0';
	p->card_s = NAS_CARD_S;
	plan_streams(p, ask, budget);
	budget -= p->streams_s;
	double sweep_share = 0.55 * budget;
	plan_sizes(p, ask, sweep_share, &why_stop);
	p->files = !ask->no_files;
	p->files_scale = p->files_s = 0;
	if (p->files)
		plan_files(p, 0.1 * budget);
	uint64_t qd_kb = pow2_floor_kb(p->wr_kbps * 2.0, NAS_MIN_KB, NAS_QD_MAX_KB);
	if (ask->nas_ram_kb && qd_kb > p->max_kb)
		qd_kb = p->max_kb;
	p->qd_kb = qd_kb;
	p->random = sweep_time(p, p->max_kb, 1, 1) <= sweep_share;
	plan_sweep(p, budget, sweep_share, why_stop, NAS_NRECS);
	plan_qd(p, qd_kb, budget - p->sweep_s - p->files_s);
	/* still over: the small files go, then the random tests */
	if (p->sweep_s + p->files_s + p->qd_s > budget + NAS_SLACK_S && p->files) {
		p->files = 0;
		p->files_s = p->files_scale = 0;
		trimmed_add(p, "the small-file phase");
		plan_qd(p, qd_kb, budget - p->sweep_s);
	}
	if (p->sweep_s + p->files_s + p->qd_s > budget + NAS_SLACK_S && p->random) {
		p->random = 0;
		trimmed_add(p, "random tests in the sweep");
		plan_sweep(p, budget, sweep_share, why_stop, p->nrecs);
		plan_qd(p, qd_kb, budget - p->sweep_s);
	}
	streams_trimmed(p, ask);
	p->total_s = spent_s + p->sweep_s + p->files_s + p->qd_s + p->streams_s + p->card_s;
}

static const char *const nas_phase_names[NAS_PH_N] = {
	"probe", "sweep", "files", "queue depth", "streams", "card" };

void nas_timing_plan(struct nas_timing *tm, const struct nas_plan *p)
{
	tm->planned[NAS_PH_PROBE] = p->probe_s;
	tm->planned[NAS_PH_SWEEP] = p->sweep_s;
	tm->planned[NAS_PH_FILES] = p->files_s;
	tm->planned[NAS_PH_QD] = p->qd_s;
	tm->planned[NAS_PH_STREAMS] = p->streams_s;
	tm->planned[NAS_PH_CARD] = p->card_s;
}

int nas_timing_write(const struct nas_timing *tm, const char *dir, int overwrite,
		     char *err, size_t errlen)
{
	struct outfile f;
	char path[4200];
	double planned = 0, took = 0;

	snprintf(path, sizeof(path), "%s/timing.csv", dir);
	if (outfile_open(&f, path, 0, overwrite, err, errlen) != 0)
		return -1;
	outfile_printf(&f, "phase,planned_s,took_s\n");
	for (int i = 0; i < NAS_PH_N; i++) {
		outfile_printf(&f, "%s,%.1f,%.1f\n", nas_phase_names[i], tm->planned[i],
			       tm->took[i]);
		planned += tm->planned[i];
		took += tm->took[i];
	}
	outfile_printf(&f, "total,%.1f,%.1f\n", planned, took);
	return outfile_commit(&f, err, errlen);
}
