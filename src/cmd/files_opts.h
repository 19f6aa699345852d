/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * files_opts.h: the command line of `iosweep files` (its table of
 * options, cmd_files_args, is in files_opts.c), read into struct
 * files_opts: a preset (data/ *.files, built in) or a tree given by
 * --depth, --width, --files or --count and --file-size, then --scale and
 * --size, the jobs, and the run's options.
 * Pure: nothing prints; strings point into argv or the built-in texts.
 */
#ifndef IOSWEEP_FILES_OPTS_H
#define IOSWEEP_FILES_OPTS_H

#include <stddef.h>
#include <stdint.h>

#include "run/files/files_spec.h"

struct files_opts {
	const char *preset;           /* --preset NAME, or NULL */
	char preset_desc[256];
	struct files_spec spec;       /* the tree, after --scale and --size */
	double scale;                 /* --scale (1) */
	uint64_t cap_bytes;           /* --size (0: none) */
	const char *dir;              /* --dir (default ".") */
	unsigned jobs;                /* --jobs (1) */
	int shared;                   /* --shared-dir */
	unsigned trials;              /* --trials (1) */
	const char *out;              /* --out DIR, or NULL */
	int zero_data;                /* --data zero */
	int cold, keep, overwrite;    /* --cold, --keep, --overwrite */
	uint64_t seed;                /* --seed (1) */
	int list;                     /* --list */
	int json;                     /* --json: summary.json too (needs --out) */
	int reorder;                  /* --reorder: read another client's files */
	const char *agent, *token;    /* --agent ADDR:PORT --token T (remote.h) */
};

#define FILES_OPTS_HELP 1
#define FILES_MAX_TRIALS 1000u

/*
 * Parse argv[1..argc) into o.  0, FILES_OPTS_HELP for --help, or -1 with
 * a message that names the option ("--depth 'x': not a whole number").
 */
int files_opts_parse(struct files_opts *o, int argc, char **argv, char *err, size_t errlen);

/*
 * A run given as values (iosweep nas), not typed: defaults sets what no
 * option gives; the caller sets the fields it wants (trials, cold, dir,
 * out, scale before the tree), then one of the trees: a built-in preset,
 * or count files of file_bytes each in the default tree (--count
 * --file-size).  Each checks the tree and scales it as parsing does: 0,
 * or -1 with the message.
 */
void files_opts_defaults(struct files_opts *o);
int files_opts_preset_tree(struct files_opts *o, const char *preset, char *err, size_t errlen);
int files_opts_flat_tree(struct files_opts *o, uint64_t count, uint64_t file_bytes,
			 char *err, size_t errlen);

/*
 * The built-in preset name ("photo-library") into s, with its
 * description.  0, or -1 with the message (an unknown name lists them).
 */
int files_opts_preset(const char *name, struct files_spec *s, char *desc, size_t desclen,
		      char *err, size_t errlen);

#endif
