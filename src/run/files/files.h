/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * files.h: `iosweep files`, a small-file workload on a tree of real
 * directories and files (files_spec.h says what the tree holds), timed
 * one call at a time, by N jobs (threads) at once.
 *
 * Everything lives under one directory, DIR/iosweep_files, which a pass
 * makes (refusing one that exists) and files_run_cleanup removes: under
 * it job<J> for each job's own copy of the directory tree (the default),
 * or one shared/ tree all jobs work in (--shared-dir).  Directories are
 * d<K> (K: the index among its siblings), files f<I> (I over the whole
 * tree), renamed f<I>.r.  File I belongs to job I % N and lives in leaf
 * I % leaves.  In a shared tree, directory K of a level is job K % N's.
 *
 * Many clients (iosweep-mpi, cfg.ranks > 0): every client runs the whole
 * workload with its own jobs, in one DIR/iosweep_files that rank 0 makes
 * (files_run_make_root) and every client must see.  A tree per client
 * (the default, mdtest's -u) is rank<R>/job<J>; --shared-dir is one
 * shared/ tree for every job of every client, its files named r<R>-f<I>
 * (r<R>-f<I>.r renamed), directory K of a level made and removed by the
 * global job K % (ranks x jobs), the global job of client R's job J being
 * R x jobs + J.  Every step boundary is also a barrier of all clients
 * (clients.h, a flag call), so a phase's time on rank 0 runs from the
 * common start to the last client's end.  With reorder the read-only
 * phases (stat, readdir, read and its --cold drop, xattr-get) work on
 * the files and leaves of client R + 1 (mod ranks), never its own.
 *
 * The phases, in order, each between two barriers so they never overlap
 * (mkdir and rmdir: one barrier per level, parents before children):
 *   mkdir    every directory                      timed: mkdir
 *   create   every file: create, write its size, close (one timing)
 *   stat     every file                           stat
 *   readdir  every leaf: open, read every entry, close (one timing)
 *   read     every file: open, read to the end, close (one timing)
 *   chmod    every file, 0640                     chmod
 *   xattr-set, xattr-get   user.iosweep, 16 bytes (where the platform and
 *            the file system have extended attributes; else not run)
 *   rename   f<I> to f<I>.r in its directory      rename
 *   unlink   every file                           unlink
 *   rmdir    every directory, leaves first        rmdir
 * With keep, the last three do not run and the tree stays.  With cold,
 * each job drops its files' cached pages (io_drop_cache, untimed) before
 * read; the dentries and inodes stay in the client's cache.
 *
 * Why threads: the jobs share the figures and the stop flag without a
 * pipe, the platform layer has threads on both POSIX and Windows, and a
 * metadata call spends its time in the kernel, where threads of one
 * process contend like processes do (they share one descriptor table:
 * an EMFILE limit is the whole run's).
 *
 * Ownership: struct files_run owns its buffers (files_run_release) and
 * struct files_result its histograms (files_result_release).  Nothing
 * here prints.
 */
#ifndef IOSWEEP_FILES_H
#define IOSWEEP_FILES_H

#include "compat.h"

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "model/latency.h"
#include "run/files/fileop.h"
#include "run/files/files_spec.h"

enum files_op {
	FILES_MKDIR, FILES_CREATE, FILES_STAT, FILES_READDIR, FILES_READ, FILES_CHMOD,
	FILES_XATTR_SET, FILES_XATTR_GET, FILES_RENAME, FILES_UNLINK, FILES_RMDIR,
	FILES_NOPS
};

/* "mkdir", "create", ... "rmdir". */
const char *files_op_name(enum files_op op);

/* The directory a run makes in its target, and the most jobs. */
#define FILES_ROOT_NAME "iosweep_files"
#define FILES_MAX_JOBS 64u
/* The trials a summary covers. */
#define FILES_MAX_TRIALS_REPORT 1000u

/* One phase of one job, or of all jobs together. */
struct files_phase {
	struct fileop_stat call;     /* each timed call (fileop.h's figures) */
	struct latency_hist hist;    /* the same calls' latencies */
	uint64_t files, bytes;       /* files (readdir: entries) and bytes moved */
	uint64_t elapsed_ns;         /* job: its own time; all: barrier to barrier */
	uint64_t own_ns;             /* all: from its start to the last job's end,
					before the clients' barrier (one client:
					elapsed_ns less the conductor's wake-up) */
	int32_t writer;              /* many clients: the client whose files the
					phase used; -1 otherwise */
	int ran;                     /* 0 when the phase did not run */
};

struct files_result {
	unsigned jobs;
	int clients;                 /* job[] are clients (MPI ranks), not jobs */
	struct files_phase all[FILES_NOPS];
	struct files_phase *job;     /* [jobs][FILES_NOPS] */
};

/* 0, or -1 when out of memory (then release it all the same). */
int files_result_init(struct files_result *r, unsigned jobs);
void files_result_release(struct files_result *r);
static inline struct files_phase *files_job_phase(struct files_result *r, unsigned j,
						  enum files_op op)
{
	return &r->job[(size_t)j * FILES_NOPS + op];
}

struct files_cfg {
	const char *dir;             /* the target directory (must exist) */
	struct files_spec spec;
	unsigned jobs;               /* 1..FILES_MAX_JOBS */
	int shared;                  /* one tree for all jobs */
	int zero_data;               /* --data zero */
	int cold;                    /* drop cached pages before read */
	int keep;                    /* no rename, unlink, rmdir: the tree stays */
	uint64_t seed;               /* of the file sizes */
	unsigned rank, ranks;        /* many clients: this one and how many; 0 ranks: one */
	int reorder;                 /* many clients: read-only phases use rank + 1's files */
};

struct files_run {
	struct files_cfg cfg;
	char *root;                  /* DIR/iosweep_files, absolute */
	unsigned char *buf;          /* each job's pattern for writes, buflen bytes each */
	size_t buflen;
	int made;                    /* the root exists because this run made it */
	int probed;                  /* many clients: xattr agreed (files_run_set_xattr) */
	int xattr;                   /* 1: xattr phases run; 0: not (xattr_why) */
	char xattr_why[160];
	uint64_t total_files, total_bytes; /* of the last pass's tree */
};

/* What files_run_pass returns besides 0 and -1. */
#define FILES_STOPPED 1

/* Prepare a run (absolute path, buffer).  0 or -1; release in every case. */
int files_run_init(struct files_run *r, const struct files_cfg *cfg,
		   char *err, size_t errlen);
/*
 * One pass of every phase into res (cleared first).  0, FILES_STOPPED
 * when *stop became set, or -1 with "cannot create '/d/iosweep_files/
 * job0/d1/f7': No space left on device".  After anything but a complete
 * pass without keep, part of the tree remains: files_run_cleanup.
 */
int files_run_pass(struct files_run *r, struct files_result *res,
		   const volatile sig_atomic_t *stop, char *err, size_t errlen);
/*
 * Remove what this run made (nothing when it made no root).  0 or -1.
 * Many clients: this client's own tree only (rank<R>; shared/ on rank 0),
 * the root stays for files_run_remove_root.
 */
int files_run_cleanup(struct files_run *r, char *err, size_t errlen);
/*
 * Many clients.  make_root: rank 0 makes the root (0 or -1); see_root:
 * the others check they see it (0 or -1: "--dir must be ...").
 * probe_xattr: 0 when files under the root take extended attributes,
 * else -1 with the reason; set_xattr: the clients' agreed answer.
 * remove_root: rank 0, once every client removed its own tree.
 */
int files_run_make_root(struct files_run *r, char *err, size_t errlen);
int files_run_see_root(const struct files_run *r, char *err, size_t errlen);
int files_run_probe_xattr(struct files_run *r, char *err, size_t errlen);
void files_run_set_xattr(struct files_run *r, int ok, const char *why);
int files_run_remove_root(struct files_run *r, char *err, size_t errlen);

/*
 * Many clients, after a pass every client finished: this client's
 * phases (res->all) as bytes (malloc'd, *len) for clients_gather; NULL
 * when out of memory.  The leader reads every client's bytes back
 * (all: n clients' back to back, lens[c] each) into agg, made with
 * files_result_init(agg, n): job[c] is client c's phases with its own
 * time, all[] their sum over mine's barrier-to-barrier time (rank 0's,
 * from the common start to the last client's end), histograms merged.
 * 0, or -1 with err set.  (files_clients.c)
 */
unsigned char *files_result_pack(const struct files_result *res, size_t *len);
int files_result_unpack(struct files_result *agg, const struct files_result *mine,
			const unsigned char *all, const size_t *lens, unsigned n,
			char *err, size_t errlen);
void files_run_release(struct files_run *r);

/*
 * Remove DIR/iosweep_files, an earlier run's tree: only entries with this
 * module's names (job<J>, rank<R>, shared, d<K>, f<I>, f<I>.r, r<R>-f<I>,
 * r<R>-f<I>.r), never through a
 * symbolic link; a directory holding anything else stays, with an error.
 * 0 (also when there is none) or -1.
 */
int files_remove_tree(const char *root, char *err, size_t errlen);

#endif
