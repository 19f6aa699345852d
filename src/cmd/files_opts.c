/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * files_opts.c: `iosweep files`'s command line (files_opts.h): its
 * table of options (cmdargs.h), and the values converted and checked.
 * Long options only, each "--name VALUE" or "--name=VALUE"; the tree
 * options and a preset exclude each other, and every check runs before
 * anything is made, so bad input is one message and exit 2.
 */
#include "compat.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "iosweep.h"
#include "lib/builtin.h"
#include "lib/err.h"
#include "options/cmdargs.h"
#include "cmd/files_opts.h"
#include "run/files/files.h"
#include "model/units.h"

int files_opts_preset(const char *name, struct files_spec *s, char *desc, size_t desclen,
		      char *err, size_t errlen)
{
	char file[128], names[512] = "";
	const char *text, *b;
	size_t at = 0;

	if ((size_t)snprintf(file, sizeof(file), "%s.files", name) >= sizeof(file))
		text = NULL;
	else
		text = builtin_text(file);
	if (text)
		return files_preset_parse(file, text, s, desc, desclen, err, errlen);
	for (size_t i = 0; (b = builtin_name(i)) && at < sizeof(names); i++) {
		size_t n = strlen(b);
		if (n > 6 && strcmp(b + n - 6, ".files") == 0)
			at += (size_t)snprintf(names + at, sizeof(names) - at, "%s%.*s",
					       at ? ", " : "", (int)(n - 6), b);
	}
	return err_set(err, errlen, "--preset '%s': no such preset (%s; --list shows them)",
		       name, names);
}

/* A whole number of option opt in [min, max]. */
static int num(const char *opt, const char *v, uint64_t min, uint64_t max, uint64_t *out,
	       char *err, size_t errlen)
{
	char why[IOSWEEP_ERR_MAX];

	if (units_parse_uint(v, min, max, out, why, sizeof(why)) != 0)
		return err_set(err, errlen, "%s '%s': %s", opt, v, why);
	return 0;
}

/* The command line as typed: the options, and the values files_opts_parse converts. */
struct files_cli {
	struct files_opts o;
	const char *depth, *width, *files, *count, *size, *scale, *cap, *jobs, *trials;
	const char *data, *seed;
};

#define FILES_AT(field) offsetof(struct files_cli, field)

static const struct cmdargs_opt files_rows[] = {
	{ .name = "--preset", .kind = CMDARGS_STRING, .off = FILES_AT(o.preset),
	  .metavar = "NAME", .help = "a built-in workload (--list shows them with their "
	  "sizes)" },
	{ .name = "--scale", .kind = CMDARGS_STRING, .off = FILES_AT(scale), .metavar = "F",
	  .help = "a preset's (or tree's) file counts times F (at least one file per "
	  "class): --scale 0.01 for a quick run" },
	{ .name = "--size", .kind = CMDARGS_STRING, .off = FILES_AT(cap), .metavar = "SIZE",
	  .help = "cap the expected total: file sizes shrink in proportion" },
	{ .name = "--depth", .kind = CMDARGS_STRING, .off = FILES_AT(depth), .metavar = "D",
	  .help = "levels of directories", .defval = "1" },
	{ .name = "--width", .kind = CMDARGS_STRING, .off = FILES_AT(width), .metavar = "W",
	  .help = "directories in each directory", .defval = "4" },
	{ .name = "--files", .kind = CMDARGS_STRING, .off = FILES_AT(files), .metavar = "N",
	  .help = "files in each leaf directory", .defval = "16" },
	{ .name = "--count", .kind = CMDARGS_STRING, .off = FILES_AT(count), .metavar = "N",
	  .help = "files in all, spread over the leaf directories" },
	{ .name = "--file-size", .kind = CMDARGS_STRING, .off = FILES_AT(size),
	  .metavar = "DIST", .help = "4k, fixed:4k, list:4k,64k, uniform:20k-60k or "
	  "lognormal:MEDIAN,SPREAD", .defval = "4k" },
	{ .name = "--dir", .kind = CMDARGS_STRING, .off = FILES_AT(o.dir), .metavar = "DIR",
	  .help = "work in DIR: iosweep_files is made in it", .defval = "." },
	{ .name = "--jobs", .kind = CMDARGS_STRING, .off = FILES_AT(jobs), .metavar = "N",
	  .help = "N threads, each on its own copy of the directories with 1/N of the "
	  "files", .defval = "1" },
	{ .name = "--shared-dir", .kind = CMDARGS_FLAG, .off = FILES_AT(o.shared),
	  .help = "all jobs in one tree instead" },
	{ .name = "--trials", .kind = CMDARGS_STRING, .off = FILES_AT(trials), .metavar = "N",
	  .help = "run everything N times; mean and 95% CI of each phase" },
	{ .name = "--out", .kind = CMDARGS_STRING, .off = FILES_AT(o.out), .metavar = "DIR",
	  .help = "write DIR/files.csv (every trial, phase and job), results.csv, "
	  "summary.csv and meta.csv" },
	{ .name = "--json", .kind = CMDARGS_FLAG, .off = FILES_AT(o.json),
	  .help = "with --out: DIR/summary.json as well" },
	{ .name = "--data", .kind = CMDARGS_STRING, .off = FILES_AT(data), .metavar = "KIND",
	  .help = "zero: write zeros; random: incompressible pseudo-random data",
	  .defval = "random" },
	{ .name = "--cold", .kind = CMDARGS_FLAG, .off = FILES_AT(o.cold),
	  .help = "drop each file's cached data before the read phase" },
	{ .name = "--keep", .kind = CMDARGS_FLAG, .off = FILES_AT(o.keep),
	  .help = "leave the tree (no rename, unlink, rmdir phases)" },
	{ .name = "--overwrite", .kind = CMDARGS_FLAG, .off = FILES_AT(o.overwrite),
	  .help = "remove an iosweep_files found in DIR first, and replace the files of "
	  "--out" },
	{ .name = "--seed", .kind = CMDARGS_STRING, .off = FILES_AT(seed), .metavar = "N",
	  .help = "the seed of the file sizes", .defval = "1" },
	{ .name = "--list", .kind = CMDARGS_FLAG, .off = FILES_AT(o.list),
	  .help = "the presets, their shapes and full sizes" },
	{ .name = "--reorder", .kind = CMDARGS_FLAG, .off = FILES_AT(o.reorder),
	  .help = "stat, readdir, read and xattr-get use rank R+1's files (iosweep-mpi, "
	  "two ranks or more)" },
	{ .name = "--agent", .kind = CMDARGS_STRING, .off = FILES_AT(o.agent), .nonempty = 1,
	  .metavar = "ADDR:PORT", .help = "run on the agent that iosweep serve started "
	  "there, --dir relative to its root; the results come back into --out" },
	{ .name = "--token", .kind = CMDARGS_STRING, .off = FILES_AT(o.token), .nonempty = 1,
	  .metavar = "T", .help = "the token the agent printed (with --agent)" },
};

const struct cmdargs_spec cmd_files_args = {
	.cmd = "files",
	.synopsis = "[--preset NAME [--scale F] [--size SIZE]] [OPTIONS]\n"
	"[--depth D] [--width W] [--files N | --count N] [OPTIONS]",
	.about = "       mpirun -np N iosweep-mpi files [the same] [--reorder]\n"
	"  Small-file workloads: make a tree of real files, then time mkdir, create\n"
	"  (with the write and close), stat, readdir, read (open to close), chmod,\n"
	"  xattr set and get, rename, unlink and rmdir one call at a time; figures\n"
	"  in calls/s, files/s and MB/s, and p50 and p99 latency per call\n",
	.notes = "  Under iosweep-mpi every rank runs the whole workload in a tree of its\n"
	"  own in DIR (or, with --shared-dir, all in one tree, names carrying the\n"
	"  rank); every phase starts and ends at a barrier of all ranks, rank 0\n"
	"  prints and writes the aggregate and each rank's own row\n",
	.opts = files_rows,
	.nopts = sizeof(files_rows) / sizeof(files_rows[0]),
};

/* The values of c that are numbers into c->o: 0, or -1 with the message. */
static int convert(struct files_cli *c, char *err, size_t errlen)
{
	struct files_opts *o = &c->o;
	char why[IOSWEEP_ERR_MAX];
	uint64_t n;

	if (!*o->dir)
		return err_set(err, errlen, "--dir '': an empty directory name");
	if (o->out && !*o->out)
		return err_set(err, errlen, "--out '': an empty directory name");
	if (c->scale) {
		char *end;
		errno = 0;
		o->scale = strtod(c->scale, &end);
		if (errno || end == c->scale || *end || !isfinite(o->scale) || o->scale <= 0 ||
		    o->scale > 1e6)
			return err_set(err, errlen, "--scale '%s': a number above 0 (0.01, 2)",
				       c->scale);
	}
	if (c->cap) {
		if (files_parse_bytes(c->cap, &o->cap_bytes, why, sizeof(why)) != 0)
			return err_set(err, errlen, "--size %s", why);
		if (!o->cap_bytes)
			return err_set(err, errlen, "--size '%s': the total must be above 0",
				       c->cap);
	}
	if (c->jobs) {
		if (num("--jobs", c->jobs, 1, FILES_MAX_JOBS, &n, err, errlen))
			return -1;
		o->jobs = (unsigned)n;
	}
	if (c->trials) {
		if (num("--trials", c->trials, 1, FILES_MAX_TRIALS, &n, err, errlen))
			return -1;
		o->trials = (unsigned)n;
	}
	if (c->seed && num("--seed", c->seed, 0, UINT64_MAX, &o->seed, err, errlen))
		return -1;
	if (c->data) {
		if (strcmp(c->data, "zero") != 0 && strcmp(c->data, "random") != 0)
			return err_set(err, errlen, "--data '%s': zero or random", c->data);
		o->zero_data = strcmp(c->data, "zero") == 0;
	}
	return 0;
}

/* The tree checked, then made smaller by --scale and --size, and checked again. */
static int finish_spec(struct files_opts *o, char *err, size_t errlen)
{
	if (files_spec_check(&o->spec, err, errlen) != 0 ||
	    files_spec_scale(&o->spec, o->scale, o->cap_bytes, err, errlen) != 0)
		return -1;
	return files_spec_check(&o->spec, err, errlen);
}

/* The tree from --depth ... --file-size, or from the preset. */
static int build_spec(struct files_cli *t, char *err, size_t errlen)
{
	struct files_opts *o = &t->o;
	struct files_spec *s = &o->spec;
	char why[IOSWEEP_ERR_MAX];
	uint64_t n;

	if (o->preset) {
		const char *given = t->depth ? "--depth" : t->width ? "--width" : t->files
			? "--files" : t->count ? "--count" : t->size ? "--file-size" : NULL;
		if (given)
			return err_set(err, errlen, "%s: not with --preset (a preset is a whole "
				       "tree; --scale and --size make it smaller)", given);
		if (files_opts_preset(o->preset, s, o->preset_desc, sizeof(o->preset_desc),
				      err, errlen) != 0)
			return -1;
	} else {
		memset(s, 0, sizeof(*s));
		s->size_factor = 1.0;
		s->depth = 1;
		s->width = 4;
		if (t->depth) {
			if (num("--depth", t->depth, 0, FILES_MAX_DEPTH, &n, err, errlen))
				return -1;
			s->depth = (unsigned)n;
		}
		if (t->width) {
			if (num("--width", t->width, 1, FILES_MAX_WIDTH, &n, err, errlen))
				return -1;
			s->width = (unsigned)n;
		}
		if (t->files && t->count)
			return err_set(err, errlen, "--files and --count: give one (files per "
				       "leaf directory, or files in all)");
		s->nclass = 1;
		s->cls[0].count = 16 * files_tree_leaves(s->depth, s->width);
		if (t->files) {
			uint64_t leaves = files_tree_leaves(s->depth, s->width);
			if (num("--files", t->files, 1, FILES_MAX_COUNT, &n, err, errlen))
				return -1;
			if (leaves == UINT64_MAX || n > FILES_MAX_COUNT / leaves)
				return err_set(err, errlen, "--files %s: more than %llu files in "
					       "all", t->files, (unsigned long long)FILES_MAX_COUNT);
			s->cls[0].count = n * leaves;
		}
		if (t->count) {
			if (num("--count", t->count, 1, FILES_MAX_COUNT, &n, err, errlen))
				return -1;
			s->cls[0].count = n;
		}
		if (files_dist_parse(t->size ? t->size : "4k", &s->cls[0].size, why,
				     sizeof(why)) != 0)
			return err_set(err, errlen, "--file-size '%s': %s", t->size, why);
	}
	return finish_spec(o, err, errlen);
}

/* The values converted, then the options against each other and the tree. */
static int check(struct files_cli *c, char *err, size_t errlen)
{
	struct files_opts *o = &c->o;

	if (convert(c, err, errlen) != 0)
		return -1;
	if (o->list)
		return 0;
	if (o->json && !o->out)
		return err_set(err, errlen, "--json: it writes DIR/summary.json, so give "
			       "--out DIR too");
	if (o->keep && o->trials > 1)
		return err_set(err, errlen, "--keep: with one trial only (each trial makes "
			       "the tree anew)");
	return build_spec(c, err, errlen);
}

void files_opts_defaults(struct files_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->dir = ".";
	o->jobs = 1;
	o->trials = 1;
	o->scale = 1.0;
	o->seed = 1;
}

int files_opts_preset_tree(struct files_opts *o, const char *preset, char *err, size_t errlen)
{
	o->preset = preset;
	if (files_opts_preset(preset, &o->spec, o->preset_desc, sizeof(o->preset_desc), err,
			      errlen) != 0)
		return -1;
	return finish_spec(o, err, errlen);
}

int files_opts_flat_tree(struct files_opts *o, uint64_t count, uint64_t file_bytes,
			 char *err, size_t errlen)
{
	struct files_spec *s = &o->spec;

	o->preset = NULL;
	memset(s, 0, sizeof(*s));
	s->size_factor = 1.0;
	s->depth = 1;
	s->width = 4;
	s->nclass = 1;
	s->cls[0].count = count;
	s->cls[0].size.kind = FILES_DIST_FIXED;
	s->cls[0].size.a = file_bytes;
	return finish_spec(o, err, errlen);
}

int files_opts_parse(struct files_opts *o, int argc, char **argv, char *err, size_t errlen)
{
	struct files_cli c = { 0 };
	struct cmdargs ca;
	int rc;

	files_opts_defaults(&c.o);
	rc = cmdargs_parse(&ca, files_rows, sizeof(files_rows) / sizeof(files_rows[0]),
			       &c, argc, argv, err, errlen);

	if (rc == 0 && ca.help)
		rc = FILES_OPTS_HELP;
	else if (rc == 0 && ca.ninputs)
		rc = err_set(err, errlen, "'%s': not an option (iosweep files --help lists "
			     "them)", ca.inputs[0]);
	else if (rc == 0)
		rc = check(&c, err, errlen);
	cmdargs_release(&ca);
	*o = c.o;
	return rc < 0 ? -1 : rc;
}
