/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * card.h: the one-screen answer to "how fast is this NAS?": the four
 * CrystalDiskMark-style rows (SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T16,
 * RND4K Q1T1; read and write, MB/s, IOPS, 95% CI), the sequential
 * plateaus before and after the cache cliff, the cache size and the
 * small-file rate, filled from result sets (a guided run's folders, a
 * sweep's folder, an imported IOzone report).
 *
 * Every figure is the one summary.csv holds for the same (test, file,
 * record) of the same set: the mean of results_values() in kB/s through
 * stats_summarize(), and results_iops_mean(); MB/s on the card are
 * decimal (kB/s x 1024 / 1e6), as CrystalDiskMark counts.
 *
 * Pure module: fills structs, never prints (report/cardout.c writes the
 * card).  A struct card owns nothing on the heap.
 */
#ifndef IOSWEEP_CARD_H
#define IOSWEEP_CARD_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/card_box.h"
#include "analysis/card_zfs.h"

struct result_set;

enum { CARD_SEQ1M_Q8T1, CARD_SEQ1M_Q1T1, CARD_RND4K_Q32T16, CARD_RND4K_Q1T1,
       CARD_NROWS };

/* One figure of a row, and where it came from. */
struct card_cell {
	int found;
	double mbps;           /* decimal MB/s */
	double kbps;           /* the summary.csv mean, kB/s (1 kB = 1024 B) */
	double iops;
	double ci_pct;         /* half the 95% CI as % of the mean; < 0: one trial */
	size_t n;              /* trials */
	int col;               /* enum results_col */
	uint64_t file_kb, record_kb;
	int prio;              /* how well the source fits (card_add_set) */
	char source[256];      /* the folder or file it came from */
	char command[512];     /* the command line that made it */
	char engine[16];       /* what kept its I/Os in flight (meta.workload), "" unknown */
};

struct card_row {
	const char *name;      /* "SEQ1M Q8T1" */
	const char *slug;      /* "seq1m-q8t1": the guided run's folder */
	uint64_t record_kb;
	unsigned depth, threads;
	int random;
	struct card_cell rd, wr;
	char left_out[512];    /* why a guided run left the row out, "" not */
};

/*
 * CrystalDiskMark's four cells, as the card shows them and `iosweep nas`
 * runs them (its folders are the slugs), figures empty.
 */
extern const struct card_row card_row_specs[CARD_NROWS];

/* A cache cliff of the sequential curve (cliff.h), for one direction. */
struct card_cliff {
	int found;
	uint64_t before_kb, after_kb, cache_kb, record_kb;
	double before_kbps, after_kbps, ratio, confidence;
	int edge;              /* the low side is the sweep's last size */
};

/* The small-file phase (iosweep files' files.csv): means over trials. */
struct card_files {
	int found;
	double create_fps, read_fps;   /* files per second */
	double create_p99_us, read_p99_us;
	size_t trials;
	char source[256];
};

/*
 * One step of an `iosweep streams` run (its streams.csv): so many streams
 * at one rate, each reading or each writing, and how they kept their
 * deadlines.  A step that mixed readers and writers is kept as mixed and
 * answers no question.
 */
#define CARD_MAX_STREAM_RUNS 64
struct card_stream_run {
	int write;                /* 1: every stream wrote */
	int mixed;                /* readers and writers together */
	double rate_bps;          /* each stream, bytes per second */
	unsigned streams;
	uint64_t chunks, missed;
	double worst_late_ms;
};
struct card_streams {
	size_t n;
	struct card_stream_run runs[CARD_MAX_STREAM_RUNS];
	char source[256];
};

/*
 * The two measurements beside the share's (issue 43): the link as
 * `iosweep link` measured it (link.csv) and the box's own pool as a sweep
 * run on the agent measured it (a folder named pool/), each sustained.
 */
struct card_net {
	int link_found;
	double up_kbps, down_kbps;     /* to and from the agent, kB/s */
	double rtt_ms;
	char link_source[256];
	int pool_found;
	double pool_rd_kbps, pool_wr_kbps;  /* 0 unknown */
	char pool_source[256];
};

struct card {
	struct card_row rows[CARD_NROWS];
	struct card_net net;           /* measured link and pool, where given */
	struct card_box box;           /* the NAS's own counters as the share ran */
	struct card_cliff cliff_wr, cliff_rd;
	/* the largest file of the sequential sweep: the sustained figures */
	struct card_cell sustained_wr, sustained_rd;
	size_t sweep_sizes;            /* file sizes of the set they came from */
	double rd_p99_us;              /* read latency tail there, < 0 unknown */
	struct card_files files;
	struct card_streams streams;   /* measured streams (iosweep streams) */
	char files_left_out[512];      /* why the small-file phase was left out */
	char version[32];
	char label[128];
	char fs_type[32];
	char link_spec[32];            /* the link a set recorded (--link), "" none */
	uint64_t client_ram_kb;
	int cold;                      /* reads started with the file dropped */
	double compress_ratio;         /* zlib ratio of the data, 0 unknown */
	int short_timing;              /* some figure's pass was too short to time */
	double cached_pct_max;         /* most of a read file found in the client cache */
	struct card_zfs zfs;           /* the ZFS layouts the sets ran on */
};

void card_init(struct card *c);

/*
 * Take from rs what it can give: each row whose record size, depth and
 * threads it ran (its meta's iodepth and jobs; 1 and 1 without them), at its largest file size of that record size, where no source of
 * higher prio gave it already; the cliffs and sustained figures from its
 * sequential record size (1 MB, else the largest).  source names rs in
 * the card.  prio: 2 for the folder made for that row, 1 otherwise.
 * 0, or -1 (memory) with a message in err.
 */
int card_add_set(struct card *c, const struct result_set *rs, const char *source,
		 int prio, char *err, size_t errlen);

/*
 * An `iosweep streams` streams.csv (text[0..len), named path in messages)
 * into c->streams, a run per step.  0, or -1 with "path:line: why" in err.
 */
int card_parse_streams_csv(struct card *c, const char *text, size_t len,
			   const char *path, char *err, size_t errlen);

/*
 * Parse the text of a files.csv (iosweep files --out) into c->files: the
 * mean files/s and p99 of the create and read phases over the trials
 * (job "all").  0, or -1 with "PATH:LINE: why" in err.
 */
int card_parse_files_csv(struct card *c, const char *text, size_t len,
			 const char *path, char *err, size_t errlen);

/*
 * A guided run's left-out.txt: one line per part it left out, "SLUG: why"
 * (a row's slug, or "files" for the small-file phase), into the rows'
 * left_out and c->files_left_out.  Lines naming nothing known are
 * skipped.  Never fails.
 */
void card_parse_left_out(struct card *c, const char *text, size_t len);

/*
 * An `iosweep link` link.csv (text[0..len), named path in messages) into
 * c->net.  0, or -1 with "path:line: why" in err.
 */
int card_parse_link_csv(struct card *c, const char *text, size_t len,
			const char *path, char *err, size_t errlen);

/* The cell of rs with record_kb and the largest file that has col; -1 none. */
long card_largest_cell(const struct result_set *rs, int col, uint64_t record_kb);

/* Rows missing a read or write figure: a bit per row (1u << row). */
unsigned card_missing(const struct card *c);

#endif
