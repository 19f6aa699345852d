/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * nas_plan.h: the plan of `iosweep nas` (cmd_nas.c) and its time model.
 * Given what the probe measured (or, for --dry-run, what the link
 * promises), the budget and the free space, nas_plan_build picks the
 * sweep's file and record sizes, the small-file phase's scale and the
 * queue-depth cells' file and passes, estimates each phase, and trims the
 * plan when even its smallest form would overrun the budget.  The
 * streams phase's estimate is here too; what it runs is nas_streams.c's.  It runs
 * nothing and prints nothing; the plan holds no pointers to free.
 */
#ifndef IOSWEEP_NAS_PLAN_H
#define IOSWEEP_NAS_PLAN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis/card.h"
#include "iosweep.h"

#define NAS_MIN_KB (16u * 1024)            /* the sweep's smallest file */
#define NAS_PROBE_KB (64u * 1024)
#define NAS_RND_PROBE_KB (4u * 1024)
#define NAS_CELL_PROBE_KB (8u * 1024)      /* a qd cell's probe: its file */
#define NAS_CELL_PROBE_S 0.1               /* ...and its passes */
#define NAS_QD_MAX_KB (1024u * 1024)       /* CrystalDiskMark's 1 GiB */
#define NAS_PASS_COST_S 0.15               /* open, fsync, drop, close */
#define NAS_CHARTS_S 5.0                   /* the sweep's charts and HTML report */
#define NAS_CARD_S 1.0                     /* the card, card.gp and its image */
#define NAS_MIN_RUNTIME_S 0.5
#define NAS_MAX_RUNTIME_S 60.0
#define NAS_TRIALS 3                       /* every figure's; --ci stops sooner */
#define NAS_FILES_PRESET_FILES 20000.0     /* office-documents at scale 1 */
#define NAS_FILES_MIN_SCALE 0.001          /* the smallest tree: 20 files */
#define NAS_QD_CELLS CARD_NROWS            /* card_row_specs[]: CrystalDiskMark's four */
#define NAS_NRECS 6                        /* nas_recs_kb[] */
#define NAS_STREAMS_FPS 24                 /* a deadline per frame of 24 fps */
#define NAS_STREAMS_STEP_S 3               /* a count's run: 72 deadlines a stream */
#define NAS_STREAMS_MIN_STEP_S 1           /* ...shortened to this for the budget */
#define NAS_STREAMS_MAX_GROUPS 32

/* The review's record sizes, in the order the budget takes them. */
extern const uint64_t nas_recs_kb[NAS_NRECS];


/*
 * One direction and rate the workloads' streams ask (nas_streams_groups):
 * the streams phase steps it from 1 stream to max, the most any workload
 * of that rate asks.
 */
struct nas_stream_group {
	int write;
	double rate_bps;               /* each stream, bytes per second */
	unsigned max;
};

/* What the plan asks of the run: the options of iosweep nas it reads. */
struct nas_ask {
	double budget_s;
	uint64_t nas_ram_kb;           /* --nas-ram, 0 none */
	int no_files;                  /* --no-files */
	int no_streams;                /* --no-streams */
	uint64_t free_kb;              /* free on the share, 0 not known */
	struct nas_stream_group groups[NAS_STREAMS_MAX_GROUPS];
	size_t ngroups;
};

/*
 * What the plan decided; times in seconds.  The rates and costs above
 * the first blank line are the inputs (the probe's), the rest its choice.
 */
struct nas_plan {
	double wr_kbps, rd_kbps;       /* the rates the estimate uses */
	double lat_wr_s, lat_rd_s;     /* a random operation's latency beyond its bytes */
	double fixed_s;                /* a sweep's own cost: start, CSV files */
	double per_file_s;             /* a small file made, read and removed */
	/* each qd cell in small: its write rate (its untimed layout's) and
	   what a trial cost beyond its layout and passes; 0 not probed */
	double cell_wr_kbps[NAS_QD_CELLS], cell_extra_s[NAS_QD_CELLS];
	int probed;
	int cold;                      /* --cold works here */
	int direct;                    /* -I works on the share (the qd cells) */
	double probe_s;                /* what the probe took (or would) */
	/* the plan's check of each qd cell: the engine that keeps its I/Os in
	   flight, or why it is left out (a left-out cell costs nothing) */
	const char *qd_engine[NAS_QD_CELLS];
	char qd_left_out[NAS_QD_CELLS][IOSWEEP_ERR_MAX];

	uint64_t max_kb;               /* the sweep's largest file (the search's worst case) */
	uint64_t base_kb;              /* the search: the grid's largest before it grows */
	int search;                    /* no size given: grow until settled */
	unsigned settle_s;             /* the search's --settle-time */
	size_t nrecs;                  /* nas_recs_kb[0 .. nrecs) are swept */
	size_t nsizes;
	int random;                    /* the sweep includes -i 2 */
	uint64_t client_ram_kb;
	double sweep_s;
	int files;                     /* the small-file phase runs */
	double files_scale, files_s;
	uint64_t qd_kb;                /* the qd cells' file */
	int qd_small;                  /* smaller than 2 s of writes: the budget */
	double qd_runtime_s, qd_s;
	/* the streams phase: ask's first streams_groups groups, each count's
	   run streams_step_s long (0 groups: the phase does not run) */
	size_t streams_groups;
	unsigned streams_step_s;
	double streams_s;
	double card_s;
	double total_s;
	char why_max[256];
	/* what the budget took out beyond record sizes ("" nothing):
	   "random tests, the small-file phase" */
	char trimmed[128];
};

/* The plan for ask after spent_s seconds of the budget (the probe). */
void nas_plan_build(struct nas_plan *p, const struct nas_ask *ask, double spent_s);

/*
 * What the probe would take at p's rates (--dry-run's estimate of it):
 * the 64 MB and 4 MB sweeps, the small files, each qd cell in small.
 */
double nas_plan_probe_s(const struct nas_plan *p, int no_files);

/* Seconds to move kb at kbps (0 for no rate). */
double nas_secs(double kb, double kbps);

/* Timed passes of qd cell i per trial: written, then read or random. */
unsigned nas_qd_passes(size_t i);

/*
 * Qd cell i on a kb file with passes of t seconds, its 3 trials: each
 * lays the file out whole at the cell's record size and depth (untimed,
 * at the write rate the cell's probe saw, no faster than the sequential
 * one), runs its passes, and costs what the probe's cell cost beyond
 * those; plus a sweep's own start.  nas_qd_s sums the cells not left out.
 */
double nas_qd_cell_s(const struct nas_plan *p, size_t i, uint64_t kb, double t);
double nas_qd_s(const struct nas_plan *p, uint64_t kb, double t);

/*
 * The plan as printed before the run (nas_plan_print.c): each phase, its
 * estimate, what the budget left out; path is the share, ci_pct --ci.
 */
void nas_plan_print(FILE *f, const struct nas_plan *p, const struct nas_ask *ask,
		    const char *path, double ci_pct);

/*
 * The streams phase's worst case for the first n of groups with runs of
 * step_s per count: every count up to each group's most runs, a reading
 * group's files written first at p's write rate.
 */
double nas_streams_s(const struct nas_plan *p, const struct nas_stream_group *groups,
		     size_t n, unsigned step_s);

/* Each phase's planned and measured seconds, for dir/timing.csv. */
enum { NAS_PH_PROBE, NAS_PH_SWEEP, NAS_PH_FILES, NAS_PH_QD, NAS_PH_STREAMS, NAS_PH_CARD,
       NAS_PH_N };
struct nas_timing {
	double planned[NAS_PH_N], took[NAS_PH_N];
};

/* The plan's seconds per phase into tm->planned. */
void nas_timing_plan(struct nas_timing *tm, const struct nas_plan *p);

/*
 * dir/timing.csv: phase,planned_s,took_s, a row per phase and the total
 * (the estimate the plan printed and the run's wall time, the sums of
 * the rows above).  0, or -1 with the reason in err.
 */
int nas_timing_write(const struct nas_timing *tm, const char *dir, int overwrite,
		     char *err, size_t errlen);

#endif
