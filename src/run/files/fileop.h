/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fileop.h: IOzone's fileop as a module: the tree, its names, the
 * metadata operations timed one call at a time, and their counts, totals,
 * best and worst.
 *
 * At force factor X the tree is X level-1 directories (fileop_L1_i), X
 * level-2 directories in each (fileop_L1_i_L2_j) and X leaves in each of
 * those: a directory fileop_dir_i_j_k in the directory phases, a file
 * fileop_file_i_j_k (and its hard link fileop_file_i_j_kL) in the file
 * phases.  One pass runs fileop's phases in fileop's order, from inside
 * the tree (chdir, relative names, as fileop does, so each timed call
 * looks up one name):
 *
 *   mkdir   every directory, each mkdir timed alone        X + X^2 + X^3
 *   chdir   into each directory and back out, one timing   X + X^2 + X^3
 *   rmdir   every directory, each rmdir timed alone        X + X^2 + X^3
 *   create  creat of each file                             X^3
 *   write   the file's data made and written (fsync after the timing)
 *   close   close after that fsync                         X^3
 *   stat    stat                                           X^3
 *   open    open read-only                                 X^3
 *   read    the read and its check of the data (close untimed)
 *   access  access(W_OK | F_OK)                            X^3
 *   chmod   chmod 0666                                     X^3
 *   readdir the first readdir of each level-2 directory
 *           (opendir and closedir untimed)                 X^2
 *   link    link(file, fileL)        (not on Windows)      X^3
 *   unlink  unlink(fileL)            (not on Windows)      X^3
 *   delete  unlink(file); the level-1 and -2 directories
 *           removed untimed (skipped with leave)           X^3
 *
 * The data: fileop writes one byte value per file, which a file system
 * that deduplicates stores once for the whole tree.  Here a file of
 * FILEOP_UNIQUE_MIN bytes or more gets pseudo-random bytes with a tag
 * word (pattern.h) at the end of every 512-byte block, each file its own
 * tags, so no aligned block of 512 B or more is written twice in a run
 * and none compresses; the read checks every byte against what was
 * written.  Smaller files keep fileop's byte (or with -n the random
 * bytes, a tag word at their end from 8 bytes up).
 *
 * Unlike fileop, a pass stops at the first failing call, with a message
 * naming the call, the path and the system's reason, and it remembers
 * which directories it made, so fileop_run_cleanup() removes what is left
 * of the tree, and only that: the names fileop makes, inside directories
 * this run made.  A stop flag (a signal) is looked at between calls.
 *
 * Ownership: struct fileop_run owns its buffers (fileop_run_release);
 * results are the caller's structs.  Nothing here prints.
 */
#ifndef IOSWEEP_FILEOP_H
#define IOSWEEP_FILEOP_H

#include "compat.h"

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "model/latency.h"
#include "run/files/fileop_tree.h"

/* The operations, in the order of fileop's table columns. */
enum fileop_op {
	FILEOP_MKDIR, FILEOP_CHDIR, FILEOP_RMDIR, FILEOP_CREATE, FILEOP_OPEN,
	FILEOP_READ, FILEOP_WRITE, FILEOP_CLOSE, FILEOP_STAT, FILEOP_ACCESS,
	FILEOP_CHMOD, FILEOP_READDIR, FILEOP_LINK, FILEOP_UNLINK, FILEOP_DELETE,
	FILEOP_NOPS
};

/* The order the phases run in (and fileop -t prints its blocks in). */
extern const enum fileop_op fileop_run_order[FILEOP_NOPS];

/* "mkdir", "chdir", ... "delete". */
const char *fileop_op_name(enum fileop_op op);
/* 1 for the operations on directories (fileop counts "Dirs"), else 0. */
int fileop_op_on_dirs(enum fileop_op op);
/* 1 when op runs on this platform (link and unlink need hard links). */
int fileop_op_available(enum fileop_op op);

/* The largest force factor: X^3 files, X^2 bytes of bookkeeping. */
#define FILEOP_MAX_FORCE 1000u

/* ---- the figures of one operation ---------------------------------------- */

struct fileop_stat {
	uint64_t count;
	uint64_t total_ns;
	uint64_t best_ns;      /* UINT64_MAX while count is 0 */
	uint64_t worst_ns;
};

void fileop_stat_clear(struct fileop_stat *s);
void fileop_stat_add(struct fileop_stat *s, uint64_t ns);
/* dst gets src's calls too: counts and totals add, best and worst over both. */
void fileop_stat_merge(struct fileop_stat *dst, const struct fileop_stat *src);
/*
 * fileop's figures: average calls per second (count / total time), and
 * the best and worst single call as calls per second (1 / its time).
 * With no call they are fileop's too: 0/0 (NaN) and 1/0 (infinity);
 * a call the clock saw as 0 ns gives infinity.
 */
double fileop_stat_avg_per_s(const struct fileop_stat *s);
double fileop_stat_best_per_s(const struct fileop_stat *s);
double fileop_stat_worst_per_s(const struct fileop_stat *s);
/* Seconds: total, per call on average, best and worst (0 with no call). */
double fileop_stat_total_s(const struct fileop_stat *s);
double fileop_stat_mean_s(const struct fileop_stat *s);
double fileop_stat_best_s(const struct fileop_stat *s);
double fileop_stat_worst_s(const struct fileop_stat *s);

/* All the operations of a pass (or of several merged). */
struct fileop_result {
	struct fileop_stat op[FILEOP_NOPS];
	/* per-call latency (latency.h), filled when the run keeps histograms */
	struct latency_hist hist[FILEOP_NOPS];
	int has_hist;
};

/* Empty; with hist, full histograms too.  0, or -1 when out of memory. */
int fileop_result_init(struct fileop_result *r, int hist);
void fileop_result_clear(struct fileop_result *r);
/* dst += src (histograms merged when both have them). */
void fileop_result_merge(struct fileop_result *dst, const struct fileop_result *src);
void fileop_result_release(struct fileop_result *r);

/* ---- a run --------------------------------------------------------------- */

struct fileop_cfg {
	const char *dir;          /* the starting directory (made absolute) */
	uint64_t size_bytes;      /* written to and read from each file */
	int random_data;          /* -n: pseudo-random data in files under
				     FILEOP_UNIQUE_MIN bytes too */
	int leave;                /* -L: no delete phase, the files stay */
	const char *remount;      /* -U: remount this mount point before each phase */
};

struct fileop_run {
	struct fileop_cfg cfg;
	char *base;               /* cfg.dir, absolute */
	char *home;               /* the directory to return to */
	unsigned char *buf;       /* the data of one file */
	unsigned char *ref;       /* the pattern buf repeats, its tag words
				     aside (NULL: one byte value per file) */
	size_t period;            /* bytes of ref */
	size_t grid;              /* a tag word every grid bytes, 0: none */
	uint64_t tag0;            /* this pass's first tag: file n's is
				     tag0 + n * (size / grid) */
	int stale;                /* a failed read left buf unlike ref */
	int links;                /* link and unlink run here */
	/* the tree this run made, for the cleanup */
	unsigned tree_force;      /* 0: none */
	unsigned char *l1;        /* [tree_force]: FILEOP_MADE_* */
	unsigned char *l2;        /* [tree_force^2] */
	size_t tree_alloc;        /* bytes of l2 */
	int err_no;               /* errno of the last failure, 0 if none */
	struct plat_mount *mount; /* -U's file system, or NULL */
};

/* The smallest file whose data is unique 512-byte blocks by default. */
#define FILEOP_UNIQUE_MIN 512u

/*
 * What a run with cfg writes: "random" or "byte" (fileop's one value per
 * file), and the size of the smallest aligned block it never writes
 * twice (512, or 0 when it does not say so).
 */
const char *fileop_data_name(const struct fileop_cfg *cfg, uint64_t *unique_bytes);

/* What fileop_run_pass returns besides 0 and -1. */
#define FILEOP_STOPPED 1

/*
 * Prepare a run in cfg->dir (which must exist): its absolute path, the
 * current directory to come back to, the data buffer, and with
 * cfg->remount the file system to remount (plat_remount_prepare).  0, or -1 with a
 * message.  Release with fileop_run_release in every case.
 */
int fileop_run_init(struct fileop_run *r, const struct fileop_cfg *cfg,
		    char *err, size_t errlen);

/*
 * One pass of every phase at force (1..FILEOP_MAX_FORCE) into res (added
 * to it: clear it first for a pass of its own).  The process's current
 * directory moves inside the tree and is back where it was on return.
 * 0; FILEOP_STOPPED when *stop became set (between two calls); -1 with
 * "cannot mkdir '/d/fileop_L1_0': No space left on device" in err and
 * r->err_no set.  After a stop or a failure, or with cfg->leave, part of
 * the tree remains: fileop_run_cleanup removes it.
 */
int fileop_run_pass(struct fileop_run *r, unsigned force, struct fileop_result *res,
		    const volatile sig_atomic_t *stop, char *err, size_t errlen);

/*
 * Remove what remains of the tree this run made (untimed): fileop's names
 * only, in the directories the run made; nothing else is touched.  0, or
 * -1 with the first failure in err (the rest is still tried).
 */
int fileop_run_cleanup(struct fileop_run *r, char *err, size_t errlen);

/* Free the buffers (the tree is not touched). */
void fileop_run_release(struct fileop_run *r);

#endif
