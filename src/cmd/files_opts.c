/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * files_opts.c: `iosweep files`'s command line (files_opts.h).  Long
 * options only, each "--name VALUE" or "--name=VALUE"; the tree options
 * and a preset exclude each other, and every check runs before anything
 * is made, so bad input is one message and exit 2.
 */
#include "compat.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "iosweep.h"
#include "lib/builtin.h"
#include "lib/err.h"
#include "cmd/files_opts.h"
#include "run/files.h"
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

/* The options that take a value, and those that do not. */
static const char *const with_value[] = {
	"--preset", "--depth", "--width", "--files", "--count", "--file-size", "--scale",
	"--size", "--dir", "--jobs", "--trials", "--out", "--data", "--seed", NULL
};
static const char *const flags[] = {
	"--shared-dir", "--cold", "--keep", "--overwrite", "--list", "--json", "--help",
	"--reorder", NULL
};

static int in(const char *const *set, const char *name)
{
	for (; *set; set++)
		if (strcmp(*set, name) == 0)
			return 1;
	return 0;
}

struct tree_args {
	const char *depth, *width, *files, *count, *size;
};

static int apply(struct files_opts *o, struct tree_args *t, const char *opt, const char *v,
		 char *err, size_t errlen)
{
	uint64_t n;
	char why[IOSWEEP_ERR_MAX];

	if (strcmp(opt, "--preset") == 0) o->preset = v;
	else if (strcmp(opt, "--depth") == 0) t->depth = v;
	else if (strcmp(opt, "--width") == 0) t->width = v;
	else if (strcmp(opt, "--files") == 0) t->files = v;
	else if (strcmp(opt, "--count") == 0) t->count = v;
	else if (strcmp(opt, "--file-size") == 0) t->size = v;
	else if (strcmp(opt, "--dir") == 0) {
		if (!*v)
			return err_set(err, errlen, "--dir '': an empty directory name");
		o->dir = v;
	} else if (strcmp(opt, "--out") == 0) {
		if (!*v)
			return err_set(err, errlen, "--out '': an empty directory name");
		o->out = v;
	} else if (strcmp(opt, "--scale") == 0) {
		char *end;
		errno = 0;
		o->scale = strtod(v, &end);
		if (errno || end == v || *end || !isfinite(o->scale) || o->scale <= 0 ||
		    o->scale > 1e6)
			return err_set(err, errlen, "--scale '%s': a number above 0 (0.01, 2)", v);
	} else if (strcmp(opt, "--size") == 0) {
		if (files_parse_bytes(v, &o->cap_bytes, why, sizeof(why)) != 0)
			return err_set(err, errlen, "--size %s", why);
		if (!o->cap_bytes)
			return err_set(err, errlen, "--size '%s': the total must be above 0", v);
	} else if (strcmp(opt, "--jobs") == 0) {
		if (num(opt, v, 1, FILES_MAX_JOBS, &n, err, errlen))
			return -1;
		o->jobs = (unsigned)n;
	} else if (strcmp(opt, "--trials") == 0) {
		if (num(opt, v, 1, FILES_MAX_TRIALS, &n, err, errlen))
			return -1;
		o->trials = (unsigned)n;
	} else if (strcmp(opt, "--seed") == 0) {
		if (num(opt, v, 0, UINT64_MAX, &o->seed, err, errlen))
			return -1;
	} else if (strcmp(opt, "--data") == 0) {
		if (strcmp(v, "zero") != 0 && strcmp(v, "random") != 0)
			return err_set(err, errlen, "--data '%s': zero or random", v);
		o->zero_data = strcmp(v, "zero") == 0;
	}
	return 0;
}

/* The tree from --depth ... --file-size, or from the preset. */
static int build_spec(struct files_opts *o, const struct tree_args *t, char *err,
		      size_t errlen)
{
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
	if (files_spec_check(s, err, errlen) != 0)
		return -1;
	if (files_spec_scale(s, o->scale, o->cap_bytes, err, errlen) != 0)
		return -1;
	return files_spec_check(s, err, errlen);
}

int files_opts_parse(struct files_opts *o, int argc, char **argv, char *err, size_t errlen)
{
	struct tree_args t = { 0 };

	memset(o, 0, sizeof(*o));
	o->dir = ".";
	o->jobs = 1;
	o->trials = 1;
	o->scale = 1.0;
	o->seed = 1;
	for (int i = 1; i < argc; i++) {
		char name[32];
		const char *a = argv[i], *eq = strchr(a, '='), *v = NULL;
		size_t n = eq ? (size_t)(eq - a) : strlen(a);
		if (strncmp(a, "--", 2) != 0 || n >= sizeof(name))
			return err_set(err, errlen, "'%s': not an option (iosweep files --help "
				       "lists them)", a);
		memcpy(name, a, n);
		name[n] = '\0';
		if (in(flags, name)) {
			if (eq)
				return err_set(err, errlen, "%s takes no value", name);
			if (strcmp(name, "--help") == 0)
				return FILES_OPTS_HELP;
			if (strcmp(name, "--shared-dir") == 0) o->shared = 1;
			else if (strcmp(name, "--cold") == 0) o->cold = 1;
			else if (strcmp(name, "--keep") == 0) o->keep = 1;
			else if (strcmp(name, "--overwrite") == 0) o->overwrite = 1;
			else if (strcmp(name, "--json") == 0) o->json = 1;
			else if (strcmp(name, "--reorder") == 0) o->reorder = 1;
			else o->list = 1;
			continue;
		}
		if (!in(with_value, name))
			return err_set(err, errlen, "'%s': not an option (iosweep files --help "
				       "lists them)", name);
		if (eq)
			v = eq + 1;
		else if (i + 1 < argc)
			v = argv[++i];
		else
			return err_set(err, errlen, "%s: needs a value", name);
		if (apply(o, &t, name, v, err, errlen) != 0)
			return -1;
	}
	if (o->list)
		return 0;
	if (o->json && !o->out)
		return err_set(err, errlen, "--json: it writes DIR/summary.json, so give "
			       "--out DIR too");
	if (o->keep && o->trials > 1)
		return err_set(err, errlen, "--keep: with one trial only (each trial makes "
			       "the tree anew)");
	return build_spec(o, &t, err, errlen);
}
