/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * options.h: the parsed command line of a sweep.
 *
 * One table in options.c holds every option (IOzone letter or -+x form,
 * long name, argument kind, range, help line, group); the parser, --help
 * and the README's option list all come from it.  IOzone's options keep
 * IOzone's meaning; our additions are long options only.
 *
 * Ownership: options_parse() fills a struct options whose strings and
 * arrays it owns; options_release() frees them.  Nothing in here touches
 * the file system.
 */
#ifndef IOSWEEP_OPTIONS_H
#define IOSWEEP_OPTIONS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "model/steady.h"

struct telemetry;

/* IOzone's test numbers (-i N). */
enum test_number {
	TEST_WRITE = 0, TEST_READ = 1, TEST_RANDOM = 2, TEST_BKWD = 3,
	TEST_RECREWRITE = 4, TEST_STRIDE = 5, TEST_FWRITE = 6, TEST_FREAD = 7,
	TEST_MIX = 8, TEST_PWRITE = 9, TEST_PREAD = 10, TEST_PWRITEV = 11,
	TEST_PREADV = 12, TEST_COUNT = 13
};

/* IOzone's name of test -i n ("write", "backwards read"), the one list
 * every message and row takes its test names from; "?" past the end. */
const char *options_test_name(int test);

enum options_order { OPTIONS_ORDER_CELL, OPTIONS_ORDER_SWEEP };
enum options_data { OPTIONS_DATA_RANDOM, OPTIONS_DATA_ZERO, OPTIONS_DATA_RATIO };

#define OPTIONS_MAX_LIST 64   /* most -s or -r values one command takes */

/* What a run uses for an option not given (IOzone's own defaults). */
#define OPTIONS_DEFAULT_FILE "iosweep.tmp"
#define OPTIONS_DEFAULT_FILE_KB UINT64_C(512)   /* IOzone without -s */
#define OPTIONS_DEFAULT_RECORD_KB UINT64_C(4)   /* IOzone without -r */
#define OPTIONS_DEFAULT_STRIDE UINT64_C(17)     /* IOzone without -j */
#define OPTIONS_DEFAULT_VERIFY_BYTE 0x3au      /* -V 0: IOzone 3.508's own byte */
#define OPTIONS_DEFAULT_GRANULE UINT64_C(4096)  /* IOzone without -+Q */
#define OPTIONS_CI_TRIALS 10u                   /* --ci without --trials: the most */

struct options {
	/* grid (IOzone) */
	int auto_mode;              /* -a (also set by -A and by repeated -s/-r) */
	int auto2;                  /* -A: 4-column layout, implies -z -i0 -i1 */
	int no_crossover;           /* -z */
	uint64_t sizes_kb[OPTIONS_MAX_LIST];   /* -s, in the order given */
	size_t nsizes;
	uint64_t records_kb[OPTIONS_MAX_LIST]; /* -r, in the order given */
	size_t nrecords;
	uint64_t min_file_kb, max_file_kb;     /* -n, -g (0 = not given) */
	uint64_t min_rec_kb, max_rec_kb;       /* -y, -q (0 = not given) */
	unsigned multiplier;        /* -+x, default 2 */

	/* tests (IOzone) */
	unsigned tests_mask;        /* bit (1u << TEST_x) per -i; 0 = default set */
	int extended;               /* -E: pwrite/pread(v) columns */
	int no_retest;              /* -+n */
	int existing;               /* -+E: read tests of an existing -f, never written */
	uint64_t stride;            /* -j, in records, default 17 */
	int verify;                 /* -V: every read checks every byte (verify.h) */
	unsigned verify_byte;       /* -V N: the byte written, 1..255 (-V 0 gives
				       OPTIONS_DEFAULT_VERIFY_BYTE) */
	int diag;                   /* -+d: data that differs every 8 bytes, checked */
	int short_circuit;          /* -+X: verify mode with IOzone's 0xbb, for a
				       file system that answers without storing */

	/*
	 * data shaping (IOzone -+w -+y -+C -+a -+Q -+S -+W; run/data/shape.h):
	 * percents of each record that deduplicate across files, within and
	 * across, within only; the share of 64-byte groups that compress
	 */
	int shape;                  /* any of them given */
	unsigned dedup_pct;         /* -+w */
	unsigned dedup_interior_pct; /* -+y */
	unsigned dedup_within_pct;  /* -+C */
	int zero_pct;               /* -+a, -1 when not given */
	uint64_t granule_bytes;     /* -+Q (0: OPTIONS_DEFAULT_GRANULE) */
	int dedup_special;          /* -+M: IOzone's dedup+compress layout */
	int sparse;                 /* -+e: test 0 leaves -+w's part of each record a hole */
	unsigned dedup_seed;        /* -+S (0: 1, as IOzone) */
	unsigned child_skew;        /* -+W: added to each writer's number */

	/* semantics (IOzone) */
	char *file;                 /* -f, default "iosweep.tmp" */
	int keep_file;              /* -w */
	char *remount_dir;          /* -U: unmount and mount this before every pass */
	int include_close;          /* -c */
	int include_fsync;          /* -e */
	int direct;                 /* -I */
	int osync, odsync, orsync;  /* -o, -+D, -+r */
	int purge_cpu;              /* -p */
	int mmap;                   /* -B: tests 0-5 move data through a mapping */
	int msync_async;            /* -D: mmap files, msync(MS_ASYNC) per record */
	int msync_sync;             /* -G: msync(MS_SYNC) per record (with -B or -D) */
	int mmap_mix;               /* -Z: a write(2) to the mapped file before test 0 */
	int no_truncate;            /* -+N: sequential writes keep the file's blocks */
	int advise_given;           /* -+A given: madvise every mapping with advise */
	unsigned advise;            /* -+A N: IOzone's 0-4 (platform.h io_map_advise) */
	unsigned op_rate;           /* -+O: a child's operations per second, 0 free */
	int file_lock;              /* -W: the whole file locked around each pass */
	int rlocking;               /* -+l, -+L: each record locked around its op */
	int share_file;             /* -+V, -+L: children and ranks share one file */
	uint64_t cache_kb;          /* -S: processor cache size, 0 = IOzone's 1024 */
	unsigned cache_line_bytes;  /* -L: its line size, 0 = IOzone's 32 */
	int jitter;                 /* -K: readers' pattern disrupted (run/jitter.h) */
	int multi_buffer;           /* -m: records cycle through a 16 MiB work area */
	uint64_t burst_kb;          /* -+b: kB written per burst (0: no bursts) */
	unsigned burst_ms;          /* -+b: milliseconds of sleep after each */
	int time_stamps;            /* -+T: throughput children's Child_N.log */
	int hist_summary;           /* -+z: throughput children's histogram files */
	unsigned sleep_between_s;   /* -+q */
	int compute_given;          /* -J given (even -J 0: IOzone's header line) */
	unsigned compute_ms;        /* -J: busy time before every I/O, ms */
	int compute_included;       /* -+J: the figures count the -J time */
	char *traj_path[2];         /* -X (0: writes), -Y (1: reads): telemetry files */
	struct telemetry *traj[2];  /* their operations, loaded after the parse
				       (cmd/sweep.c; run/sweep/telemetry.h), freed here */

	/*
	 * throughput mode (IOzone -t -F -l -u -T -x -C -+k): several children
	 * (processes, or threads with -T) each move a whole file of their own
	 */
	unsigned children[OPTIONS_MAX_LIST]; /* -t N, in the order given */
	size_t nchildren;
	unsigned min_children;      /* -l (0 = not given) */
	unsigned max_children;      /* -u (0 = not given) */
	char **files;               /* -F: one name per child */
	size_t nfiles;
	char *file_list;            /* -+R: the file -F's names came from */
	int threads;                /* -T: pthreads instead of processes */
	int no_stonewall;           /* -x */
	int show_children;          /* -C: each child's bytes and rate */
	int aggregate;              /* -+k: -s is the total, split over the children */
	unsigned mix_reader_pct;    /* -+p: -i 8's share of readers, % (0 = not given) */
	unsigned mix_readers;       /* -+K: -i 8's readers (0 = not given) */
	int seq_mix;                /* -+B: -i 8 reads and writes in sequence */
	int mix_truncate;           /* -+F: -i 8's sequential writers truncate */
	char *cluster_file;         /* -+m: IOzone's cluster file (iosweep-mpi) */
	unsigned stagger_us;        /* -d: child k starts (k + 1) x this after
				       the others are ready, microseconds */
	int bind_given;             /* -P given */
	unsigned bind_cpu;          /* -P N: the process on CPU N, child k on
				       CPU (N + k) mod the CPUs online */

	/* report (IOzone) */
	int unit;                   /* enum results_unit: -O ops/s, -N usec/op */
	int cpu_util;               /* -+u */
	int excel;                  /* -R (also set by -b) */
	char *xls_path;             /* -b */
	int machine;                /* -M */
	int help;                   /* -h or --help */
	int version;                /* -v or --version */

	/* our own long options */
	unsigned trials;            /* --trials, default 1 */
	unsigned warmup;            /* --warmup, default 0 */
	int order;                  /* --order cell|sweep */
	char *label;                /* --label */
	char *out_dir;              /* --out */
	int data;                   /* --data random|zero|ratio=X */
	double data_ratio;          /* X of ratio=X: fraction that compresses away */
	int dry_run;                /* --dry-run */
	int progress;               /* -1 auto (stderr is a tty), 0 --quiet, 1 --progress */
	int overwrite;              /* --overwrite: -f may name an existing file */
	int gzip;                   /* --gzip */
	int json;                   /* --json: summary.json beside the CSV files */
	int db_add;                 /* --db-add: the results folder into the library */
	char *db;                   /* --db PATH|URL: that library (db.h) */
	int force;                  /* --force: skip the free-space check */
	int plot;                   /* --plot: charts into <out>/plots */
	int report;                 /* --report: <out>/report.html (html.h) */
	int latency;                /* --latency: per-op latency histograms */
	int latency_files;          /* -Q: IOzone's offset/latency files (implies --latency) */
	int refine_cliffs;          /* --refine-cliffs */
	unsigned refine_time_s;     /* --refine-time, default 600 */
	unsigned min_time_ms;       /* --min-time, default 0 (off) */
	int cold;                   /* --cold: drop the file from the page cache
				       before every read pass */
	int reorder;                /* --reorder: read another client's file (MPI) */
	unsigned reorder_shift;     /* --reorder-shift K (0: ranks per host) */
	int stonewall;              /* --stonewall: the first client done stops all (MPI) */
	double ci_target;           /* --ci: 95% CI half-width / mean to reach; 0 off */
	int until_settled;          /* --until-settled */
	int settle_drop;            /* --settle-drop: a curve must fall first */
	unsigned settle_time_s;     /* --settle-time S; 0: no limit */
	char *link;                 /* --link, else $IOSWEEP_LINK (checked by
				       netbound_parse_link); NULL: none */
	char *agent;                /* --agent ADDR:PORT: run on that agent (remote.h) */
	char *agent_token;          /* --token: the agent's */
	unsigned io_timeout_s;      /* --io-timeout SEC; 0: off */
	int io_timeout_given;       /* --io-timeout given (else: on for network
				       and FUSE file systems, off for local) */
	int max_file_auto;          /* -g auto: the largest file is 2x RAM (sweep.c) */

	/* outstanding I/O, workers, mixes (qd.c) */
	unsigned iodepth;           /* --iodepth N or IOzone's -H N (0: not given) */
	unsigned jobs;              /* --jobs N (0: not given) */
	int mix_given;              /* --mix given */
	unsigned mix_read_pct;      /* --mix PCT: percent of operations that read */
	uint64_t runtime_ms;        /* --runtime (0: size-based passes) */
	uint64_t ramp_ms;           /* --ramp: untimed start of a --runtime pass */
	int precondition;           /* --precondition */
	uint64_t log_interval_ms;   /* --log-interval: timeline.csv (0: off) */
	int steady_given;           /* --steady given */
	struct steady_spec steady;  /* --steady: when a rate is steady (steady.h) */
	uint64_t steady_ramp_ms;    /* --steady-ramp: not judged before this */

	/*
	 * The lines IOzone prints for the options given, in argv order, each
	 * starting with its TAB and without the trailing newline
	 * ("\tAuto Mode", "\tFile size set to 16384 kB", ...).
	 */
	char **splash;
	size_t nsplash;
	int splash_space;           /* IOzone's -+a line ends "\n ": the next
				       line (or "Command line used") starts
				       with a space */
	char *command_line;         /* "iosweep" and words joined by single spaces */
	char **words;               /* the command line without the program's
				       name: as typed, or as options_build gave
				       it; NULL-terminated.  The journal keeps
				       it, so resume parses it again */
	size_t nwords;
};

/*
 * Parse argv (argv[0] is the program name).  On error returns -1 with a
 * one-line message in err naming the option and the value, e.g.
 * "-s 'foo': not a size (use a number of kB, or 512k, 64m, 2g)".
 * Cross-option rules (-n > -g, -y > -q, -i 1 without -i 0, ...) are
 * checked here too.  o must be released even after an error.
 */
int options_parse(struct options *o, int argc, char **argv,
		  char *err, size_t errlen);
void options_release(struct options *o);

/*
 * A sweep's options given as values by another command (`iosweep nas`,
 * `profile`), not typed (options_build.c).  begin sets the defaults;
 * words reads words someone wrote (a profile's workload line) as
 * options_parse reads them (words[0..n), no program name); flag, num (a
 * size in kB, a count, a test number, a duration in ms, by the option's
 * row), real (a percentage) and text (a path, a name, or a value as a
 * user typed it, "64m") give one option each by its letter ("s", "+n")
 * or long name ("trials"), through the option's own row and handler; end checks the rules across options as options_parse does and
 * frees b.  The first error sticks: later calls do nothing and end
 * returns -1 with it in err.  o->words keeps each option as a user would
 * type it, for the journal and the report.  o must be released in every
 * case; begin returns NULL only out of memory (said in err).
 */
struct options_build;
struct options_build *options_build_begin(struct options *o, char *err, size_t errlen);
int options_build_words(struct options_build *b, int n, const char *const *words);
int options_build_flag(struct options_build *b, const char *name);
int options_build_num(struct options_build *b, const char *name, uint64_t value);
int options_build_real(struct options_build *b, const char *name, double value);
int options_build_text(struct options_build *b, const char *name, const char *text);
int options_build_end(struct options_build *b);

/* The tests to run: tests_mask, or IOzone's default set when none given. */
unsigned options_tests(const struct options *o);

/*
 * Does the run go through qd.c (--iodepth/-H, --jobs, --mix, --runtime,
 * --precondition given)?
 */
int options_qd(const struct options *o);
/* The first of those options given, to name in a message ("--iodepth"). */
const char *options_qd_name(const struct options *o);

/*
 * The grid a run's timeline is kept on: --log-interval, else with
 * --steady fio's 1 s; 0 when neither asks for a timeline.
 */
uint64_t options_timeline_interval_ms(const struct options *o);

/* 1 when the tests move data through a mapping of the file (-B or -D). */
int options_mmap(const struct options *o);

/* The tests IOzone runs on mmap files: 0 to 5 (fwrite, fread and -E's not). */
#define OPTIONS_MMAP_TESTS 0x3fu

/* Most children throughput mode runs (IOzone's MAXSTREAMS). */
#define OPTIONS_MAX_CHILDREN 1024u

/* Is this a throughput-mode run (-t, -l or -u given)? */
int options_throughput(const struct options *o);

/*
 * The child counts throughput mode runs, in order, into out[0..max):
 * the -t values as given, or every count from -l to -u.  Returns how many
 * (0 outside throughput mode).
 */
size_t options_child_counts(const struct options *o, unsigned *out, size_t max);

/*
 * The options whose field is 0 (or NULL) when not given, decoded: the
 * value a run uses, the default of OPTIONS_DEFAULT_* or 1 otherwise.
 * options_file_kb() and options_record_kb() are the first -s and -r.
 */
unsigned options_iodepth(const struct options *o);
unsigned options_jobs(const struct options *o);
unsigned options_trials(const struct options *o);
uint64_t options_stride(const struct options *o);
const char *options_file(const struct options *o);
uint64_t options_file_kb(const struct options *o);
uint64_t options_record_kb(const struct options *o);

/* Write --help, generated from the table, to out. */
void options_write_help(FILE *out);

#endif
