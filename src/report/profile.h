/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * profile.h: the test profiles of `iosweep profile`: the
 * workloads a review runs, as a plain text file a user can copy and edit
 * (data/enterprise.profile, data/zfs-review.profile are built in).
 *
 * A profile is lines of "NAME | OPTIONS": NAME names the workload
 * (letters, digits, '-', '_', '.'), OPTIONS are iosweep sweep options
 * separated by blanks (no quoting), without -s, -f, --out, --label or
 * --trials, which the command adds.  '#' starts a comment line; the first
 * comment line is the profile's description.
 *
 * The figures of a profile run are rows, one per workload and test
 * column, with the workload's jobs, depth and mix, IOPS (means over the
 * trials) and latency (trials merged); profile.csv holds them, the
 * report prints them and the charts draw them.
 *
 * Pure module: nothing printed, errors as "FILE:LINE: why".  Ownership: a
 * struct profile owns its entries and their strings (profile_release); a
 * struct profile_rows owns its rows (profile_rows_release).
 */
#ifndef IOSWEEP_PROFILE_H
#define IOSWEEP_PROFILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct result_set;

#define PROFILE_MAX_ARGS 48

struct profile_entry {
	char *name;
	char *args[PROFILE_MAX_ARGS];   /* the options, split on blanks */
	size_t nargs;
	unsigned line;
};

struct profile {
	char *description;              /* the first comment, or NULL */
	struct profile_entry *entries;
	size_t n;
};

/*
 * Parse text (len bytes; from file `where`, for messages) into p.  0, or
 * -1 with "where:LINE: why" in err.  p must be released either way.
 */
int profile_parse(struct profile *p, const char *text, size_t len,
		  const char *where, char *err, size_t errlen);
void profile_release(struct profile *p);

/* The latency figures of a row: all, the reads, the writes. */
enum { PROFILE_ALL, PROFILE_RD, PROFILE_WR, PROFILE_NDIR };

struct profile_row {
	char *label;                    /* the result set's label */
	char *workload;                 /* the entry's name */
	int col;                        /* enum results_col */
	uint64_t file_kb, record_kb;
	unsigned jobs, iodepth;
	int mix_pct;                    /* -1 without --mix */
	unsigned trials;
	double iops[3];                 /* all, reads, writes */
	/* microseconds, NaN when none: mean, max, sd, p99 per direction */
	double lat[PROFILE_NDIR][4];
};

struct profile_rows {
	struct profile_row *rows;
	size_t n, alloc;
};

/*
 * Append a row per (cell, column) of rs that has samples, for workload
 * name run with jobs, depth and mix.  0, or -1 when out of memory.
 */
int profile_rows_add(struct profile_rows *r, const struct result_set *rs,
		     const char *name, unsigned jobs, unsigned iodepth, int mix_pct);
void profile_rows_release(struct profile_rows *r);

/* Write the rows as profile.csv (atomically).  0 or -1 with err. */
int profile_rows_write_csv(const struct profile_rows *r, const char *path,
			   int overwrite, char *err, size_t errlen);

/*
 * Append the rows of a profile.csv (as profile_rows_write_csv writes it;
 * columns found by name).  0, or -1 with "FILE:ROW: why" in err.
 */
int profile_rows_read_csv(struct profile_rows *r, const char *path,
			  char *err, size_t errlen);

/* The rows as a text table ("IOPS and latency by workload"). */
void profile_rows_print(FILE *out, const struct profile_rows *r);

#endif
