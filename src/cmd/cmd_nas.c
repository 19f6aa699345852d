/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_nas.c: `iosweep nas PATH`: the guided run, the experiment a careful
 * reviewer would run on a NAS share, in a time budget, ending with the
 * card (cmd_card.h).
 *
 * It is made only of the existing commands, run in this process with
 * their reports in files (cmd_run_to_file): a short probe to learn the
 * rates (64 MB at 1 MB records, 4 MB at 4 kB random records); the
 * file-size sweep (write, read, random; the review's record sizes as far
 * as the budget takes them, 1 MB first; --cold and fsync in the timing so
 * both directions cross the link; file sizes to twice --nas-ram, or else
 * a search: 16 to 64 MB, then doubling until every curve has fallen and
 * settled, --until-settled --settle-drop, bounded by --settle-time); the
 * small-file phase (iosweep files, a scaled office-documents tree); and
 * the four queue-depth cells of the card (--iodepth, --jobs, --runtime).
 *
 * The time model: each pass moves its bytes at the probe's rates plus a
 * fixed cost per pass, random passes also a latency per operation; the
 * search is planned at its worst case, the largest size the budget
 * reaches.  The qd cells are time-based, so they go last and their
 * --runtime is recomputed from what is left of the budget, which absorbs
 * the model's error and the time a search that settled early left.  The
 * plan and its estimate are printed first; --dry-run prints them without
 * the probe (assuming the link's rate, else gigabit's payload) and stops.
 */
#include "compat.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analysis/card.h"
#include "cmd/cmd_card.h"
#include "cmd/commands.h"
#include "cmd/sweep.h"
#include "engine/engine.h"
#include "iosweep.h"
#include "lib/outfile.h"
#include "analysis/netbound.h"
#include "options/options.h"
#include "platform/clock.h"
#include "platform/platform.h"
#include "platform/sysinfo.h"
#include "model/results.h"
#include "run/settle.h"
#include "model/stats.h"
#include "model/units.h"
#include "analysis/verdict.h"

#define NAS_MIN_KB (16u * 1024)            /* the sweep's smallest file */
#define NAS_PROBE_KB (64u * 1024)
#define NAS_QD_MAX_KB (1024u * 1024)       /* CrystalDiskMark's 1 GiB */
#define NAS_PASS_COST_S 0.15               /* open, fsync, drop, close */
#define NAS_CHARTS_S 5.0                   /* the sweep's charts and HTML report */
#define NAS_MIN_RUNTIME_S 0.5
#define NAS_MAX_RUNTIME_S 60.0
#define NAS_TRIALS 3
#define NAS_DEFAULT_BUDGET_MS 600000u
#define NAS_FILES_PRESET_FILES 20000.0     /* office-documents at scale 1 */
#define NAS_FILES_PRESET_KB (6.8 * 1024 * 1024)
#define NAS_SEARCH_BASE_KB (64u * 1024)    /* the search's grid before it grows */
#define NAS_SEARCH_MAX_KB ((uint64_t)NAS_SEARCH_BASE_KB << SETTLE_MAX_ROUNDS)
#define NAS_RND_PROBE_KB (4u * 1024)
#define NAS_QD_CELLS 4                     /* qd_cells[]: CrystalDiskMark's four */

/*
 * The review's record sizes, in the order the budget takes them: 1 MB
 * (the card's sequential rows, the plateaus), 4 kB (small blocks), 16 MB
 * (the largest IOzone knows), 64 kB (the record size of the classic NAS
 * review charts), then 512 kB and 16 kB (the rest of the published
 * review's -r list: 4k 16k 512k 1024k 16384k).
 */
static const uint64_t nas_recs_kb[] = { 1024, 4, 16384, 64, 512, 16 };
#define NAS_NRECS (sizeof(nas_recs_kb) / sizeof(nas_recs_kb[0]))

static const char nas_usage[] =
	"usage: iosweep nas PATH [--nas-ram SIZE] [--budget TIME] [--ci PCT%]\n"
	"                   [--link L] [--label L] [--out DIR] [--card text|md|png|svg]\n"
	"                   [--workloads FILE] [--no-files] [--force] [--dry-run]\n"
	"                   [--overwrite]\n"
	"  How fast is the NAS mounted at PATH?  Plans the run a reviewer would\n"
	"  (file sizes past the NAS's cache, --cold reads, fsync in the timing,\n"
	"  CrystalDiskMark's four queue-depth cells, a small-file phase, trials\n"
	"  for the CI), prints the plan and its time, runs it in the budget and\n"
	"  prints the card.\n"
	"  --nas-ram SIZE   the NAS's RAM: files grow to twice it (default: they\n"
	"                   double until the curves fall and settle, within the\n"
	"                   budget and the free space)\n"
	"  --budget TIME    time for the whole run (default 10m; 3m, 1h)\n"
	"  --ci PCT%        the 95% CI asked of each figure (default 5%)\n"
	"  --link L         100mbit, gigabit, 2.5gbe, 10gbe or a rate (940mbit)\n"
	"  --out DIR        the result folder (default iosweep-results/nas-LABEL-TIME)\n"
	"  --card FMT       the card on stdout as text or md; png/svg also draw it\n"
	"  --workloads FILE will-it-work questions (default data/nas.workloads)\n"
	"  --no-files       skip the small-file phase\n"
	"  --force          skip the free-space checks (shares that report none)\n"
	"  --dry-run        print the plan and the estimate, run nothing\n";

struct nas_args {
	const char *path, *label, *out, *link, *workloads;
	uint64_t nas_ram_kb, budget_ms;
	double ci_pct;
	int format, dry_run, overwrite, no_files, force;
};

/* What the plan decided; times in seconds. */
struct nas_plan {
	double wr_kbps, rd_kbps;       /* the rates the estimate uses */
	double lat_wr_s, lat_rd_s;     /* a random operation's latency beyond its bytes */
	int probed;
	double probe_s;
	double fixed_s;                /* a sweep's own cost: start, CSV files */
	uint64_t max_kb;               /* the sweep's largest file (the search's worst case) */
	uint64_t base_kb;              /* the search: the grid's largest before it grows */
	int search;                    /* no size given: grow until settled */
	unsigned settle_s;             /* the search's --settle-time */
	size_t nrecs;                  /* nas_recs_kb[0 .. nrecs) are swept */
	size_t nsizes;
	int random;                    /* the sweep includes -i 2 */
	int cold;                      /* --cold works here */
	int direct;                    /* -I works on the share (the qd cells) */
	uint64_t client_ram_kb;
	double sweep_s;
	double files_scale, files_s, per_file_s;
	uint64_t qd_kb;                /* the qd cells' file */
	int qd_small;                  /* smaller than 2 s of writes: the budget */
	double qd_runtime_s, qd_s;
	double total_s;
	char why_max[256];
	/* the plan's check of each qd cell (plan_check): the engine that keeps
	   its I/Os in flight, or why it is left out */
	const char *qd_engine[NAS_QD_CELLS];
	char qd_left_out[NAS_QD_CELLS][IOSWEEP_ERR_MAX];
};

static int parse_args(struct nas_args *a, int argc, char **argv)
{
	char err[IOSWEEP_ERR_MAX];

	memset(a, 0, sizeof(*a));
	a->budget_ms = NAS_DEFAULT_BUDGET_MS;
	a->ci_pct = 5.0;
	for (int i = 1; i < argc; i++) {
		const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(o, "--dry-run")) { a->dry_run = 1; continue; }
		if (!strcmp(o, "--overwrite")) { a->overwrite = 1; continue; }
		if (!strcmp(o, "--no-files")) { a->no_files = 1; continue; }
		if (!strcmp(o, "--force")) { a->force = 1; continue; }
		if (!strcmp(o, "--help") || !strcmp(o, "-h")) { fputs(nas_usage, stdout); return 1; }
		if (o[0] != '-') {
			if (a->path) {
				cmd_msg("nas", "one PATH only: '%s' and '%s'", a->path, o);
				return -1;
			}
			a->path = o;
			continue;
		}
		static const char *const valued[] = { "--nas-ram", "--budget", "--ci", "--link",
			"--label", "--out", "--card", "--workloads" };
		size_t k;
		for (k = 0; k < sizeof(valued) / sizeof(valued[0]); k++)
			if (!strcmp(o, valued[k]))
				break;
		if (k == sizeof(valued) / sizeof(valued[0])) {
			cmd_msg("nas", "unknown option '%s' (try iosweep nas --help)", o);
			return -1;
		}
		if (!v) {
			cmd_msg("nas", "option '%s' needs a value", o);
			return -1;
		}
		i++;
		if (!strcmp(o, "--nas-ram")) {
			if (units_parse_size_kb(v, &a->nas_ram_kb, err, sizeof(err)) != 0) {
				cmd_msg("nas", "--nas-ram '%s': %s", v, err);
				return -1;
			}
		} else if (!strcmp(o, "--budget")) {
			if (units_parse_duration_ms(v, 7u * 86400000u, &a->budget_ms, err,
						    sizeof(err)) != 0 || a->budget_ms < 30000) {
				cmd_msg("nas", "--budget '%s': not a duration of 30s to a week "
					"(3m, 10m, 1h)", v);
				return -1;
			}
		} else if (!strcmp(o, "--ci")) {
			if (card_parse_ci(v, &a->ci_pct) != 0) {
				cmd_msg("nas", "--ci '%s': not a percentage (5%%, 2.5%%)", v);
				return -1;
			}
		} else if (!strcmp(o, "--link")) {
			struct netbound_link l;
			if (netbound_parse_link(v, &l, err, sizeof(err)) != 0) {
				cmd_msg("nas", "--link: %s", err);
				return -1;
			}
			a->link = v;
		} else if (!strcmp(o, "--card")) {
			if ((a->format = card_format_parse(v)) < 0) {
				cmd_msg("nas", "--card '%s': not a format (text, md, png, svg)", v);
				return -1;
			}
		} else if (!strcmp(o, "--label")) {
			a->label = v;
		} else if (!strcmp(o, "--out")) {
			a->out = v;
		} else {
			a->workloads = v;
		}
	}
	if (!a->path) {
		cmd_msg("nas", "name the folder on the NAS to test (iosweep nas /mnt/nas)");
		return -1;
	}
	/* scripts/nas-lab run says which link the share sits behind */
	const char *env = getenv("IOSWEEP_LINK");
	if (!a->link && env && *env) {
		struct netbound_link l;
		if (netbound_parse_link(env, &l, err, sizeof(err)) != 0) {
			cmd_msg("nas", "IOSWEEP_LINK (no --link given): %s", err);
			return -1;
		}
		a->link = env;
	}
	return 0;
}

/* ---- running the parts ---- */

struct argv_buf {
	char *argv[64];
	char store[64][160];
	int argc;
};

IOSWEEP_PRINTF(2, 3)
static void arg(struct argv_buf *b, const char *fmt, ...)
{
	va_list ap;

	if (b->argc >= 63)
		return;
	va_start(ap, fmt);
	vsnprintf(b->store[b->argc], sizeof(b->store[0]), fmt, ap);
	va_end(ap);
	b->argv[b->argc] = b->store[b->argc];
	b->argc++;
	b->argv[b->argc] = NULL;
}

/* Several literal arguments at once, up to a NULL. */
static void args(struct argv_buf *b, ...)
{
	va_list ap;
	const char *a;

	va_start(ap, b);
	while ((a = va_arg(ap, const char *)) != NULL)
		arg(b, "%s", a);
	va_end(ap);
}

/* The probe's and the sweep's figures, from the result hook. */
struct nas_seen {
	double wr_kbps, rd_kbps, rw_kbps, rr_kbps;
};

/* The mean kB/s of col at the set's largest file: the rate that lasts. */
static double col_mean(const struct result_set *rs, int col)
{
	double v[64], sum = 0;
	size_t n = 0, best = SIZE_MAX;

	for (size_t c = 0; c < rs->ncells; c++)
		if (results_has(rs, c, col) &&
		    (best == SIZE_MAX || rs->cells[c].file_kb > rs->cells[best].file_kb))
			best = c;
	if (best == SIZE_MAX)
		return 0.0;
	n = results_values(rs, best, col, RESULTS_UNIT_KBPS, v, 64);
	for (size_t i = 0; i < n; i++)
		sum += v[i];
	return n ? sum / (double)n : 0.0;
}

static void on_result(void *ctx, const struct options *o, const struct result_set *rs)
{
	struct nas_seen *s = ctx;
	(void)o;
	s->wr_kbps = col_mean(rs, RC_WRITE);
	s->rd_kbps = col_mean(rs, RC_READ);
	s->rw_kbps = col_mean(rs, RC_RANDOM_WRITE);
	s->rr_kbps = col_mean(rs, RC_RANDOM_READ);
}

/* The options every sweep of the run shares. */
static void common(struct argv_buf *b, const struct nas_args *a, const char *dir,
		   const char *name, int cold)
{
	arg(b, "-f");
	arg(b, "%s/iosweep-nas.tmp", a->path);
	arg(b, "-e");
	if (cold)
		arg(b, "--cold");
	args(b, "--quiet", "--overwrite", "--label", (char *)NULL);
	arg(b, "%s", a->label ? a->label : "nas");
	if (a->force)
		arg(b, "--force");
	if (a->link) {
		arg(b, "--link");
		arg(b, "%s", a->link);
	}
	arg(b, "--out");
	arg(b, "%s/%s", dir, name);
}

static int run_sweep(struct argv_buf *b, const char *dir, const char *name,
		     const struct nas_args *a, struct nas_seen *seen)
{
	char report[4200];

	snprintf(report, sizeof(report), "%s/%s.txt", dir, name);
	sweep_set_result_hook(on_result, seen);
	int rc = cmd_run_to_file("nas", sweep_main, b->argc, b->argv, report, a->overwrite);
	sweep_set_result_hook(NULL, NULL);
	return rc;
}

/* Does this platform take --cold?  A sweep's options parse tells. */
static int cold_works(const struct nas_args *a)
{
	struct argv_buf b = { 0 };
	struct options o;
	char err[IOSWEEP_ERR_MAX];

	args(&b, "iosweep", "-s", "16m", "-i", "0", "-i", "1", (char *)NULL);
	common(&b, a, ".", "x", 1);
	int rc = options_parse(&o, b.argc, b.argv, err, sizeof(err));
	options_release(&o);
	return rc == 0;
}

/*
 * Does the share take direct I/O (-I)?  The queue-depth cells then read
 * past any cache on this side, as CrystalDiskMark's unbuffered I/O does:
 * a --runtime pass goes round its file, and buffered, its later rounds
 * would read this computer's memory.
 */
static int direct_works(const struct nas_args *a)
{
	char err[IOSWEEP_ERR_MAX];

	return sweep_direct_works(a->path, err, sizeof(err));
}

static double now_s(void)
{
	return (double)clock_now_ns() / 1e9;
}

static double secs(double kb, double kbps)
{
	return kbps > 0 ? kb / kbps : 0;
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
		one += secs(sum, p->wr_kbps) + secs(sum, p->rd_kbps) +
			(double)n * 2 * NAS_PASS_COST_S;
		if (random)
			one += secs(sum, p->wr_kbps) + secs(sum, p->rd_kbps) +
				sum / (double)nas_recs_kb[k] * (p->lat_wr_s + p->lat_rd_s) +
				(double)n * 2 * NAS_PASS_COST_S;
	}
	return NAS_TRIALS * one + p->fixed_s + NAS_CHARTS_S;
}

/* The qd cells: 3 trials x (the untimed layout + 10 passes of T). */
static double qd_time(const struct nas_plan *p, uint64_t qd_kb, double t)
{
	return 4 * p->fixed_s +
		NAS_TRIALS * 4 * (secs((double)qd_kb, p->wr_kbps) + NAS_PASS_COST_S) +
		NAS_TRIALS * 10 * (t + NAS_PASS_COST_S);
}

static uint64_t pow2_floor_kb(double kb, uint64_t lo, uint64_t hi)
{
	uint64_t s = lo;
	while (s * 2 <= hi && (double)(s * 2) <= kb)
		s *= 2;
	return s;
}

/*
 * free_kb: what the share has free (0: not known or --force).  The sizes
 * come first (they find the cache), then random tests, then the record
 * sizes past 1 MB that the sweep's share (or time the qd cells could not
 * use) takes.
 */
static void plan_build(struct nas_plan *p, const struct nas_args *a, double spent_s,
		       uint64_t free_kb)
{
	double budget = (double)a->budget_ms / 1000.0 - spent_s;
	double files_share = a->no_files ? 0 : 0.1 * budget;
	double sweep_share = 0.55 * budget;
	const char *why_stop = "the budget";

	p->client_ram_kb = sysinfo_ram_kb();
	p->search = 0;
	p->settle_s = 0;
	p->nrecs = 1;
	if (a->nas_ram_kb) {
		uint64_t want = 2 * a->nas_ram_kb;
		p->max_kb = NAS_MIN_KB;
		while (p->max_kb < want)
			p->max_kb *= 2;
		snprintf(p->why_max, sizeof(p->why_max), "twice --nas-ram");
	} else {
		/* the search's worst case: as far as the budget, the space, the rounds */
		p->search = 1;
		p->max_kb = NAS_MIN_KB;
		while (p->max_kb < NAS_SEARCH_MAX_KB &&
		       (!free_kb || (double)p->max_kb * 2 * 1.1 <= (double)free_kb) &&
		       sweep_time(p, p->max_kb * 2, 1, 1) <= sweep_share)
			p->max_kb *= 2;
		if (p->max_kb >= NAS_SEARCH_MAX_KB)
			why_stop = "the most rounds";
		else if (free_kb && (double)p->max_kb * 2 * 1.1 > (double)free_kb)
			why_stop = "the free space";
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
	/* small files: a scaled office-documents tree, 3 trials */
	p->files_scale = 0;
	p->files_s = 0;
	if (!a->no_files) {
		double per_scale = NAS_TRIALS * (NAS_FILES_PRESET_FILES * p->per_file_s +
			secs(NAS_FILES_PRESET_KB, p->wr_kbps) +
			secs(NAS_FILES_PRESET_KB, p->rd_kbps));
		p->files_scale = per_scale > 0 ? files_share / per_scale : 0.01;
		if (p->files_scale > 0.05)
			p->files_scale = 0.05;
		if (p->files_scale < 0.001)
			p->files_scale = 0.001;
		p->files_s = per_scale * p->files_scale;
	}
	p->qd_kb = pow2_floor_kb(p->wr_kbps * 2.0, NAS_MIN_KB, NAS_QD_MAX_KB);
	if (a->nas_ram_kb && p->qd_kb > p->max_kb)
		p->qd_kb = p->max_kb;
	/*
	 * Record sizes past 1 MB: within the sweep's share, or in the time
	 * the qd cells could not use (their passes at the longest).
	 */
	double qd_full = qd_time(p, p->qd_kb, NAS_MAX_RUNTIME_S);
	p->random = sweep_time(p, p->max_kb, 1, 1) <= sweep_share;
	for (; p->nrecs < NAS_NRECS; p->nrecs++) {
		double t = sweep_time(p, p->max_kb, p->random, p->nrecs + 1);
		if (t > sweep_share && budget - t - p->files_s < qd_full)
			break;
	}
	p->sweep_s = sweep_time(p, p->max_kb, p->random, p->nrecs);
	sizes_sum_kb(p->max_kb, &p->nsizes);
	if (p->search) {
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
	 * the qd cells fill the rest; where even their shortest passes do
	 * not fit, a smaller file saves its layout's time (the plan says so)
	 */
	double left = budget - p->sweep_s - p->files_s;
	p->qd_small = 0;
	while (p->qd_kb > NAS_MIN_KB && qd_time(p, p->qd_kb, NAS_MIN_RUNTIME_S) > left) {
		p->qd_kb /= 2;
		p->qd_small = 1;
	}
	double fixed = qd_time(p, p->qd_kb, 0);
	p->qd_runtime_s = (left - fixed) / (NAS_TRIALS * 10);
	if (p->qd_runtime_s < NAS_MIN_RUNTIME_S)
		p->qd_runtime_s = NAS_MIN_RUNTIME_S;
	if (p->qd_runtime_s > NAS_MAX_RUNTIME_S)
		p->qd_runtime_s = NAS_MAX_RUNTIME_S;
	p->qd_s = qd_time(p, p->qd_kb, p->qd_runtime_s);
	p->total_s = spent_s + p->sweep_s + p->files_s + p->qd_s;
}

/* The four qd cells. */
static const struct {
	const char *slug, *name, *rec;
	unsigned depth, jobs;
	int random;
} qd_cells[] = {
	{ "seq1m-q8t1", "SEQ1M Q8T1", "1m", 8, 1, 0 },
	{ "seq1m-q1t1", "SEQ1M Q1T1", "1m", 1, 1, 0 },
	{ "rnd4k-q32t16", "RND4K Q32T16", "4k", 32, 16, 1 },
	{ "rnd4k-q1t1", "RND4K Q1T1", "4k", 1, 1, 1 },
};
#define NAS_NCELLS (sizeof(qd_cells) / sizeof(qd_cells[0]))
_Static_assert(NAS_NCELLS == NAS_QD_CELLS, "a plan entry per qd cell");


/* The sweep of qd cell i with passes of t seconds. */
static void qd_cell_args(struct argv_buf *b, const struct nas_args *a,
			 const struct nas_plan *p, const char *dir, size_t i, double t)
{
	args(b, "iosweep", "-s", (char *)NULL);
	arg(b, "%llum", (unsigned long long)(p->qd_kb / 1024));
	arg(b, "-r");
	arg(b, "%s", qd_cells[i].rec);
	args(b, "-i", "0", "-i", (char *)NULL);
	arg(b, qd_cells[i].random ? "2" : "1");
	args(b, "-+n", "--iodepth", (char *)NULL);
	arg(b, "%u", qd_cells[i].depth);
	if (p->direct)
		arg(b, "-I");
	if (qd_cells[i].jobs > 1) {
		arg(b, "--jobs");
		arg(b, "%u", qd_cells[i].jobs);
	}
	arg(b, "--runtime");
	arg(b, "%.0fms", t * 1000.0);
	arg(b, "--trials");
	arg(b, "%d", NAS_TRIALS);
	common(b, a, dir, qd_cells[i].slug, p->cold);
}

/*
 * Before the first phase starts: can each qd cell run here as planned?
 * Its sweep is checked as the sweep would check it (sweep_check: the
 * options, the engine its depth needs, -I, the folder); a cell that
 * passes notes the engine that will keep its I/Os in flight (threads
 * where this build has no io_uring: the same depth, kept another way),
 * one that fails is left out with the sweep's reason.  The sweep and the
 * small-file phase need no such check: the probe ran both, in small.
 */
static void plan_check(struct nas_plan *p, const struct nas_args *a, const char *dir)
{
	for (size_t i = 0; i < NAS_NCELLS; i++) {
		struct argv_buf b = { 0 };
		char err[IOSWEEP_ERR_MAX];
		const struct engine_ops *eng;

		qd_cell_args(&b, a, p, dir, i, NAS_MIN_RUNTIME_S);
		p->qd_engine[i] = NULL;
		p->qd_left_out[i][0] = '\0';
		if (sweep_check(b.argc, b.argv, err, sizeof(err)) != 0)
			snprintf(p->qd_left_out[i], sizeof(p->qd_left_out[i]), "%s", err);
		else if ((eng = engine_pick(qd_cells[i].depth, err, sizeof(err))) != NULL)
			p->qd_engine[i] = eng->name;
		else
			snprintf(p->qd_left_out[i], sizeof(p->qd_left_out[i]), "%s", err);
	}
}

/* The plan's lines on the qd cells' engines and on what it leaves out. */
static void plan_print_cells(FILE *f, const struct nas_plan *p)
{
	const char *sep = "     engines: ";
	int threads = 0;

	for (size_t i = 0; i < NAS_NCELLS; i++) {
		if (!p->qd_engine[i])
			continue;
		fprintf(f, "%s%s %s", sep, qd_cells[i].name, p->qd_engine[i]);
		sep = ", ";
		threads |= qd_cells[i].depth > 1 && !strcmp(p->qd_engine[i], "threads");
	}
	if (sep[0] == ',')
		fprintf(f, "%s\n", threads ? " (threads: no io_uring here, so "
			"one thread per I/O in flight; iosweep --version says why)" : "");
	for (size_t i = 0; i < NAS_NCELLS; i++)
		if (p->qd_left_out[i][0])
			fprintf(f, "     left out: %s, because %s\n", qd_cells[i].name,
				p->qd_left_out[i]);
}

static void plan_print(FILE *f, const struct nas_plan *p, const struct nas_args *a)
{
	char max[32], qd[32], ram[32];

	units_format_size_kb(p->max_kb, max, sizeof(max));
	units_format_size_kb(p->qd_kb, qd, sizeof(qd));
	units_format_bytes_human(p->client_ram_kb * 1024, ram, sizeof(ram));
	fprintf(f, "iosweep nas: plan for %s (budget %.0f s)\n", a->path,
		(double)a->budget_ms / 1000.0);
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
		a->ci_pct, p->sweep_s, p->search && p->settle_s ? " at most" : "");
	fprintf(f, "     record sizes %s%s%s%s\n", recs, *left ? " (the budget leaves out " : "",
		left, *left ? "; a longer --budget takes them)" : "");
	if (!p->cold)
		fprintf(f, "     (--cold does not work here: files reach twice this "
			"computer's %s of RAM, which costs the time above)\n", ram);
	if (!a->no_files)
		fprintf(f, "  2. small files: office-documents at --scale %.3g "
			"(%.0f files), %d trials, --cold: ~%.0f s\n", p->files_scale,
			p->files_scale * NAS_FILES_PRESET_FILES, NAS_TRIALS, p->files_s);
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
	fprintf(f, "  estimated time: %.0f s (%.1f min)%s\n", p->total_s, p->total_s / 60.0,
		p->total_s > 1.2 * (double)a->budget_ms / 1000.0 ?
		"; over the budget: the files must reach past the cache" : "");
	fflush(f);
}

/* Timed passes of qd cell i per trial: a sequential pass and a read pass,
 * or those and the random writes. */
static int qd_passes(size_t i)
{
	return qd_cells[i].random ? 3 : 2;
}

/* dir/left-out.txt for the card (card_parse_left_out), when a cell is. */
static int write_left_out(const struct nas_plan *p, const char *dir, int overwrite)
{
	struct outfile f;
	char path[4200], err[IOSWEEP_ERR_MAX];
	int any = 0;

	for (size_t i = 0; i < NAS_NCELLS; i++)
		any |= p->qd_left_out[i][0] != '\0';
	if (!any)
		return IOSWEEP_EXIT_OK;
	snprintf(path, sizeof(path), "%s/left-out.txt", dir);
	if (outfile_open(&f, path, 0, overwrite, err, sizeof(err)) != 0) {
		cmd_msg("nas", "%s", err);
		return IOSWEEP_EXIT_FAILURE;
	}
	for (size_t i = 0; i < NAS_NCELLS; i++)
		if (p->qd_left_out[i][0])
			outfile_printf(&f, "%s: %s\n", qd_cells[i].slug, p->qd_left_out[i]);
	if (outfile_commit(&f, err, sizeof(err)) != 0) {
		cmd_msg("nas", "%s", err);
		return IOSWEEP_EXIT_FAILURE;
	}
	return IOSWEEP_EXIT_OK;
}

/*
 * The cells in turn (those the plan left out skipped), each with the
 * --runtime that fits what is left before deadline (a clock_now_ns time
 * in seconds): what a cell costs beyond its timed passes (the untimed
 * layout, opening, the sweep's own start) is estimated from the plan for
 * the first and measured on the cells done for the rest, so an estimate
 * that was off is corrected as the phase goes; p->qd_runtime_s ends as
 * the last cell's passes.
 */
static int run_qd(const struct nas_args *a, struct nas_plan *p, const char *dir,
		  double deadline)
{
	size_t n = 0, done = 0;
	double over, over_sum = 0;

	for (size_t i = 0; i < NAS_NCELLS; i++)
		n += !p->qd_left_out[i][0];
	over = n ? qd_time(p, p->qd_kb, 0) / (double)NAS_NCELLS : 0;
	for (size_t i = 0; i < NAS_NCELLS; i++) {
		struct argv_buf b = { 0 };
		struct nas_seen seen = { 0 };
		int passes_left = 0;
		if (p->qd_left_out[i][0]) {
			cmd_msg("nas", "[3/3] %s left out: %s", qd_cells[i].slug,
				p->qd_left_out[i]);
			continue;
		}
		for (size_t k = i; k < NAS_NCELLS; k++)
			passes_left += p->qd_left_out[k][0] ? 0 : qd_passes(k);
		if (done > 0)
			over = over_sum / (double)done;
		double t = (deadline - now_s() - over * (double)(n - done)) /
			(NAS_TRIALS * passes_left);
		t = t < NAS_MIN_RUNTIME_S ? NAS_MIN_RUNTIME_S : t > NAS_MAX_RUNTIME_S ?
			NAS_MAX_RUNTIME_S : t;
		p->qd_runtime_s = t;
		qd_cell_args(&b, a, p, dir, i, t);
		cmd_msg("nas", "[3/3] %s", qd_cells[i].slug);
		double t1 = now_s();
		int rc = run_sweep(&b, dir, qd_cells[i].slug, a, &seen);
		if (rc != IOSWEEP_EXIT_OK)
			return rc;
		double cost = now_s() - t1 - NAS_TRIALS * qd_passes(i) * t;
		over_sum += cost > 0 ? cost : 0;
		done++;
	}
	return IOSWEEP_EXIT_OK;
}

static int run_files(const struct nas_args *a, const struct nas_plan *p, const char *dir,
		     const char *name, int probe)
{
	struct argv_buf b = { 0 };
	char report[4200];

	arg(&b, "files");
	if (probe) {
		args(&b, "--count", "64", "--file-size", "16k", "--trials", "1", (char *)NULL);
	} else {
		args(&b, "--preset", "office-documents", "--scale", (char *)NULL);
		arg(&b, "%.4g", p->files_scale);
		arg(&b, "--trials");
		arg(&b, "%d", NAS_TRIALS);
		arg(&b, "--cold");
	}
	arg(&b, "--dir");
	arg(&b, "%s", a->path);
	arg(&b, "--out");
	arg(&b, "%s/%s", dir, name);
	arg(&b, "--overwrite");
	snprintf(report, sizeof(report), "%s/%s.txt", dir, name);
	return cmd_run_to_file("nas", cmd_files, b.argc, b.argv, report, a->overwrite);
}

/* The probe: rates for the sweep, the cost of a small file. */
static int probe(const struct nas_args *a, struct nas_plan *p, const char *dir)
{
	struct argv_buf b = { 0 };
	struct nas_seen seen = { 0 };
	double t0 = now_s();
	int rc;

	args(&b, "iosweep", "-s", (char *)NULL);
	arg(&b, "%um", NAS_PROBE_KB / 1024);
	args(&b, "-r", "1m", "-i", "0", "-i", "1", "-+n", (char *)NULL);
	common(&b, a, dir, ".probe", p->cold);
	cmd_msg("nas", "probing %s", a->path);
	rc = run_sweep(&b, dir, ".probe", a, &seen);
	if (rc != IOSWEEP_EXIT_OK)
		return rc;
	p->wr_kbps = seen.wr_kbps;
	p->rd_kbps = seen.rd_kbps;
	if (!(p->wr_kbps > 0) || !(p->rd_kbps > 0)) {
		cmd_msg("nas", "the probe measured no rate on %s", a->path);
		return IOSWEEP_EXIT_FAILURE;
	}
	/* what a sweep costs beyond its passes: the probe's wall time less them */
	p->fixed_s = now_s() - t0 - secs(NAS_PROBE_KB, p->wr_kbps) -
		secs(NAS_PROBE_KB, p->rd_kbps) - 2 * NAS_PASS_COST_S;
	if (p->fixed_s < 0.1)
		p->fixed_s = 0.1;
	/* a random 4 kB operation's latency beyond its bytes, each way */
	struct argv_buf r = { 0 };
	struct nas_seen rnd = { 0 };
	args(&r, "iosweep", "-s", (char *)NULL);
	arg(&r, "%uk", NAS_RND_PROBE_KB);
	args(&r, "-r", "4k", "-i", "0", "-i", "2", "-+n", (char *)NULL);
	common(&r, a, dir, ".probe-rnd", p->cold);
	rc = run_sweep(&r, dir, ".probe-rnd", a, &rnd);
	if (rc != IOSWEEP_EXIT_OK)
		return rc;
	p->lat_wr_s = rnd.rw_kbps > 0 ? secs(4, rnd.rw_kbps) - secs(4, p->wr_kbps) : 0;
	p->lat_rd_s = rnd.rr_kbps > 0 ? secs(4, rnd.rr_kbps) - secs(4, p->rd_kbps) : 0;
	p->lat_wr_s = p->lat_wr_s > 0 ? p->lat_wr_s : 0;
	p->lat_rd_s = p->lat_rd_s > 0 ? p->lat_rd_s : 0;
	if (!a->no_files) {
		double t1 = now_s();
		rc = run_files(a, p, dir, ".probe-files", 1);
		if (rc != IOSWEEP_EXIT_OK)
			return rc;
		p->per_file_s = (now_s() - t1) / 64.0;
	}
	p->probe_s = now_s() - t0;
	p->probed = 1;
	return IOSWEEP_EXIT_OK;
}

static void default_dir(const struct nas_args *a, char *out, size_t len)
{
	char stamp[32] = "run", label[64];
	time_t now = time(NULL);
	struct tm tm;
	size_t k = 0;

	for (const char *s = a->label ? a->label : "nas"; *s && k + 1 < sizeof(label); s++)
		label[k++] = (strchr("/\\:*?\"<>| ", *s) || (unsigned char)*s < 0x20) ? '_' : *s;
	label[k] = '\0';
	if (localtime_r(&now, &tm))
		strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
	snprintf(out, len, "iosweep-results/nas-%s-%s", label, stamp);
}

int cmd_nas(int argc, char **argv)
{
	struct nas_args a;
	struct nas_plan p;
	struct verdict_workloads *w = NULL;
	char dir[4096], err[IOSWEEP_ERR_MAX];
	uint64_t free_bytes = 0, free_kb;
	int rc, status = IOSWEEP_EXIT_OK;
	double t0 = now_s();

	rc = parse_args(&a, argc, argv);
	if (rc)
		return rc > 0 ? IOSWEEP_EXIT_OK : IOSWEEP_EXIT_USAGE;
	if (io_check_dir(a.path, &free_bytes, err, sizeof(err)) != 0) {
		cmd_msg("nas", "%s", err);
		return IOSWEEP_EXIT_USAGE;
	}
	w = malloc(sizeof(*w));
	if (!w || card_load_workloads(a.workloads, w) != 0) {
		free(w);
		return IOSWEEP_EXIT_INPUT;
	}
	memset(&p, 0, sizeof(p));
	p.cold = cold_works(&a);
	/* 0: not known (--force: FUSE shares report none free) */
	free_kb = a.force ? 0 : free_bytes / 1024 ? free_bytes / 1024 : 1;
	if (a.out)
		snprintf(dir, sizeof(dir), "%s", a.out);
	else
		default_dir(&a, dir, sizeof(dir));
	if (a.dry_run) {
		struct netbound_link l = { 0 };
		int net = 0;
		netbound_from_meta(a.link, NULL, &l, &net);
		p.wr_kbps = p.rd_kbps = l.kbps > 0 ? l.kbps * NETBOUND_PAYLOAD_FRAC :
			1e9 / 8 / 1024 * NETBOUND_PAYLOAD_FRAC;
		p.per_file_s = 0.002;
		plan_build(&p, &a, 0, free_kb);
		plan_check(&p, &a, dir);
		plan_print(stdout, &p, &a);
		goto out;
	}
	if (!a.overwrite && plat_stat(dir, 1, NULL) != PLAT_NONE) {
		cmd_msg("nas", "'%s' exists already; choose another --out or use --overwrite", dir);
		status = IOSWEEP_EXIT_USAGE;
		goto out;
	}
	if (outfile_mkdirs(dir, err, sizeof(err)) != 0) {
		cmd_msg("nas", "%s", err);
		status = IOSWEEP_EXIT_FAILURE;
		goto out;
	}
	if ((status = probe(&a, &p, dir)) != IOSWEEP_EXIT_OK)
		goto out;
	p.direct = direct_works(&a);
	plan_build(&p, &a, now_s() - t0, free_kb);
	if (!a.force && (double)p.max_kb * 1024.0 * 1.1 > (double)free_bytes) {
		char need[32];
		units_format_size_kb(p.max_kb, need, sizeof(need));
		cmd_msg("nas", "the plan writes files of up to %s, more than the free "
			"space on %s; free some space, give a smaller --nas-ram, or --force", need,
			a.path);
		status = IOSWEEP_EXIT_USAGE;
		goto out;
	}
	plan_check(&p, &a, dir);
	plan_print(stdout, &p, &a);
	if ((status = write_left_out(&p, dir, a.overwrite)) != IOSWEEP_EXIT_OK)
		goto out;
	{
		struct argv_buf b = { 0 };
		struct nas_seen seen = { 0 };
		args(&b, "iosweep", "-a", "-n", "16m", "-g", (char *)NULL);
		arg(&b, "%llum", (unsigned long long)((p.search ? p.base_kb : p.max_kb) / 1024));
		/* ascending: IOzone walks a list to the first entry above the last */
		for (uint64_t r = 1; r <= 16384; r *= 2)
			for (size_t k = 0; k < p.nrecs; k++)
				if (nas_recs_kb[k] == r) {
					arg(&b, "-r");
					arg(&b, "%lluk", (unsigned long long)r);
				}
		if (p.search && p.settle_s) {
			args(&b, "--until-settled", "--settle-drop", "--settle-time", (char *)NULL);
			arg(&b, "%u", p.settle_s);
		}
		args(&b, "-i", "0", "-i", "1", (char *)NULL);
		if (p.random) {
			args(&b, "-i", "2", (char *)NULL);
		}
		args(&b, "-+n", "--trials", (char *)NULL);
		arg(&b, "%d", NAS_TRIALS);
		arg(&b, "--ci");
		arg(&b, "%g%%", a.ci_pct);
		args(&b, "--latency", "--plot", "--report", (char *)NULL);
		common(&b, &a, dir, "sweep", p.cold);
		double t1 = now_s();
		cmd_msg("nas", "[1/3] sweep");
		if ((status = run_sweep(&b, dir, "sweep", &a, &seen)) != IOSWEEP_EXIT_OK)
			goto out;
		cmd_msg("nas", "[1/3] sweep took %.0f s (estimated %.0f s)", now_s() - t1,
			p.sweep_s);
		/* the largest file's rates are the ones the qd cells' layout meets */
		if (seen.wr_kbps > 0)
			p.wr_kbps = seen.wr_kbps;
		if (seen.rd_kbps > 0)
			p.rd_kbps = seen.rd_kbps;
	}
	if (!a.no_files) {
		double t1 = now_s();
		cmd_msg("nas", "[2/3] small files");
		if ((status = run_files(&a, &p, dir, "files", 0)) != IOSWEEP_EXIT_OK)
			goto out;
		cmd_msg("nas", "[2/3] small files took %.0f s (estimated %.0f s)",
			now_s() - t1, p.files_s);
	}
	{
		double t1 = now_s();
		/* the qd cells end the run at the estimate, or at the budget when
		   the estimate was over it (their passes then at their shortest) */
		double budget_s = (double)a.budget_ms / 1000.0;
		double end_s = p.total_s < budget_s ? p.total_s : budget_s;
		if ((status = run_qd(&a, &p, dir, t0 + end_s)) != IOSWEEP_EXIT_OK)
			goto out;
		cmd_msg("nas", "[3/3] queue depth took %.0f s (last passes %.2f s; "
			"planned %.0f s)", now_s() - t1, p.qd_runtime_s, p.qd_s);
	}
	{
		struct card c;
		struct card_emit e = { .format = a.format, .link_spec = a.link,
			.workloads = w, .ci_pct = a.ci_pct, .save_dir = dir };
		card_init(&c);
		if ((status = card_add_source(&c, dir)) != IOSWEEP_EXIT_OK)
			goto out;
		e.image_dir = dir;      /* card.gp always; the image when gnuplot is here */
		status = cmd_card_emit(&c, &e);
	}
	cmd_msg("nas", "took %.0f s of an estimated %.0f s; results in %s/",
		now_s() - t0, p.total_s, dir);
out:
	free(w);
	return status;
}

const char *const cmd_nas_usage = nas_usage;
