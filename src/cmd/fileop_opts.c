/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fileop_opts.c: the command line of `iosweep fileop` (fileop_opts.h).
 *
 * fileop reads its letters with getopt and its numbers with atoi; this
 * reads the same letters the same way (grouped flags, a value joined to
 * its letter or in the next word) but every number strictly, through
 * units.c, and then checks the options against each other, so anything
 * fileop would turn into something else is an error before any work.
 * The long options are iosweep's additions; a mistyped one gets the
 * nearest name as a suggestion (cmdargs_distance).
 */
#include "compat.h"

#include <stdio.h>
#include <string.h>

#include "iosweep.h"
#include "lib/err.h"
#include "options/cmdargs.h"
#include "cmd/fileop_opts.h"
#include "run/fileop.h"
#include "model/units.h"

#define SIZE_HINT "use a whole number of bytes, or one with k or m (4k, 1m)"

/* fileop's letters: flags, then those that take a value. */
static const char flag_letters[] = "hvbLnwet";
static const char value_letters[] = "fsludUi";

static const struct {
	const char *name;
	int takes_value;
} long_opts[] = {
	{ "--trials", 1 }, { "--out", 1 }, { "--latency", 0 }, { "--overwrite", 0 },
	{ "--json", 0 }, { "--help", 0 },
};
#define NLONG (sizeof(long_opts) / sizeof(long_opts[0]))

int fileop_opts_size(const char *text, uint64_t *bytes, char *err, size_t errlen)
{
	char num[32], why[IOSWEEP_ERR_MAX];
	size_t len = strlen(text);
	uint64_t scale = 1, v;

	if (len == 0)
		return err_set(err, errlen, "empty size: %s", SIZE_HINT);
	if (len >= sizeof(num))
		return err_set(err, errlen, "not a size: %s", SIZE_HINT);
	memcpy(num, text, len + 1);
	switch (num[len - 1]) {
	case 'k': case 'K': scale = 1024; num[--len] = '\0'; break;
	case 'm': case 'M': scale = 1024 * 1024; num[--len] = '\0'; break;
	default: break;
	}
	if (len == 0 || units_parse_uint(num, 0, UINT64_MAX, &v, why, sizeof(why)) != 0)
		return err_set(err, errlen, "not a size: %s", SIZE_HINT);
	if (v > FILEOP_MAX_SIZE / scale)
		return err_set(err, errlen, "larger than the largest file size, 1 GB (1024m)");
	*bytes = v * scale;
	return 0;
}

/* A force factor, a range end or a step: 1..FILEOP_MAX_FORCE. */
static int parse_force(const char *opt, const char *text, unsigned *out,
		       char *err, size_t errlen)
{
	char why[IOSWEEP_ERR_MAX];
	uint64_t v;

	if (units_parse_uint(text, 1, FILEOP_MAX_FORCE, &v, why, sizeof(why)) != 0)
		return err_set(err, errlen, "%s '%s': %s", opt, text, why);
	*out = (unsigned)v;
	return 0;
}

struct seen {
	int f, l, u, i;
};

/* Apply fileop's letter c with its value. */
static int apply_letter(struct fileop_opts *o, struct seen *s, char c, const char *v,
			char *err, size_t errlen)
{
	char opt[3] = { '-', c, '\0' }, why[IOSWEEP_ERR_MAX];

	switch (c) {
	case 'f':
		s->f = 1;
		return parse_force(opt, v, &o->lower, err, errlen);
	case 'l':
		s->l = 1;
		return parse_force(opt, v, &o->lower, err, errlen);
	case 'u':
		s->u = 1;
		return parse_force(opt, v, &o->upper, err, errlen);
	case 'i':
		s->i = 1;
		return parse_force(opt, v, &o->step, err, errlen);
	case 's':
		if (fileop_opts_size(v, &o->size_bytes, why, sizeof(why)) != 0)
			return err_set(err, errlen, "-s '%s': %s", v, why);
		return 0;
	case 'd':
		if (!*v)
			return err_set(err, errlen, "-d '': an empty directory name");
		o->dir = v;
		return 0;
	case 'U':
		if (!*v)
			return err_set(err, errlen, "-U '': an empty directory name");
		o->remount = v;
		return 0;
	default:
		return err_set(err, errlen, "-%c: not an option", c);
	}
}

static int apply_flag(struct fileop_opts *o, char c)
{
	switch (c) {
	case 'h': return FILEOP_OPTS_HELP;
	case 'v': return FILEOP_OPTS_VERSION;
	case 'b': o->best = 1; break;
	case 'w': o->worst = 1; break;
	case 'L': o->leave = 1; break;
	case 'n': o->random_data = 1; break;
	case 'e': o->excel = 1; break;
	case 't': o->verbose = 1; break;
	default: break;
	}
	return 0;
}

/* The metavariable of an option's value in messages. */
static const char *metavar(char c)
{
	return c == 's' ? "SIZE" : c == 'd' || c == 'U' ? "DIR" : "N";
}

/* One word of grouped letters ("-bw", "-f2", "-tf" with the value next). */
static int parse_letters(struct fileop_opts *o, struct seen *s, int argc, char **argv,
			 int *i, char *err, size_t errlen)
{
	const char *a = argv[*i];

	for (const char *p = a + 1; *p; p++) {
		if (strchr(flag_letters, *p)) {
			int rc = apply_flag(o, *p);
			if (rc)
				return rc;
			continue;
		}
		if (!strchr(value_letters, *p)) {
			char other = (char)(*p >= 'a' && *p <= 'z' ? *p - 'a' + 'A'
					    : *p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : 0);
			if (other && (strchr(flag_letters, other) || strchr(value_letters, other)))
				return err_set(err, errlen, "unknown option '-%c'; did you mean "
					       "'-%c'?", *p, other);
			return err_set(err, errlen, "unknown option '-%c'%s%s%s; see "
				       "'iosweep fileop -h'", *p, p > a + 1 ? " in '" : "",
				       p > a + 1 ? a : "", p > a + 1 ? "'" : "");
		}
		const char *v = p[1] ? p + 1 : NULL;
		if (!v) {
			if (*i + 1 >= argc)
				return err_set(err, errlen, "-%c: missing %s", *p, metavar(*p));
			v = argv[++*i];
			if ((*p == 'd' || *p == 'U') && v[0] == '-' && v[1])
				return err_set(err, errlen, "-%c: missing DIR (found the option "
					       "'%s' instead)", *p, v);
		}
		return apply_letter(o, s, *p, v, err, errlen);
	}
	return 0;
}

/* "--name" or "--name=value". */
static int parse_long(struct fileop_opts *o, int argc, char **argv, int *i,
		      char *err, size_t errlen)
{
	const char *a = argv[*i], *eq = strchr(a, '='), *v = NULL;
	size_t len = eq ? (size_t)(eq - a) : strlen(a), n, best = 0;
	size_t best_d = (size_t)-1;
	char why[IOSWEEP_ERR_MAX];
	uint64_t t;

	for (n = 0; n < NLONG; n++) {
		size_t d = cmdargs_distance(a, len, long_opts[n].name);
		if (strlen(long_opts[n].name) == len && strncmp(a, long_opts[n].name, len) == 0)
			break;
		if (d < best_d) {
			best_d = d;
			best = n;
		}
	}
	if (n == NLONG) {
		if (best_d <= 2)
			return err_set(err, errlen, "unknown option '%.*s'; did you mean '%s'?",
				       (int)len, a, long_opts[best].name);
		return err_set(err, errlen, "unknown option '%.*s'; see 'iosweep fileop -h'",
			       (int)len, a);
	}
	const char *name = long_opts[n].name;
	if (!long_opts[n].takes_value) {
		if (eq)
			return err_set(err, errlen, "option '%s' takes no value", name);
	} else if (eq) {
		v = eq + 1;
	} else if (*i + 1 < argc) {
		v = argv[++*i];
	}
	if (long_opts[n].takes_value && (!v || !*v))
		return err_set(err, errlen, "option '%s' needs a value", name);
	if (strcmp(name, "--trials") == 0) {
		if (units_parse_uint(v, 1, FILEOP_MAX_TRIALS, &t, why, sizeof(why)) != 0)
			return err_set(err, errlen, "--trials '%s': %s", v, why);
		o->trials = (unsigned)t;
	} else if (strcmp(name, "--out") == 0) {
		o->out = v;
	} else if (strcmp(name, "--latency") == 0) {
		o->latency = 1;
	} else if (strcmp(name, "--overwrite") == 0) {
		o->overwrite = 1;
	} else if (strcmp(name, "--json") == 0) {
		o->json = 1;
	} else {
		return FILEOP_OPTS_HELP;
	}
	return 0;
}

/* The options against each other. */
static int check(struct fileop_opts *o, const struct seen *s, char *err, size_t errlen)
{
	if (o->json && !o->out)
		return err_set(err, errlen, "--json: it writes DIR/summary.json, so give "
			       "--out DIR too");
	if (s->f && (s->l || s->u))
		return err_set(err, errlen, "-f with -l/-u: give one force factor (-f N) "
			       "or a range (-l N -u M), not both");
	if (s->l && !s->u)
		return err_set(err, errlen, "-l %u: a range needs its upper end too (-u M)",
			       o->lower);
	if (s->u && !s->l)
		return err_set(err, errlen, "-u %u: a range needs its lower end too (-l N)",
			       o->upper);
	if (s->l && o->lower > o->upper)
		return err_set(err, errlen, "-l %u is above -u %u", o->lower, o->upper);
	if (s->i && !s->l)
		return err_set(err, errlen, "-i %u: the step of a range needs the range "
			       "(-l N -u M)", o->step);
	if (!s->l)
		o->upper = o->lower;
	return 0;
}

int fileop_opts_parse(struct fileop_opts *o, int argc, char **argv,
		      char *err, size_t errlen)
{
	struct seen s = { 0 };

	memset(o, 0, sizeof(*o));
	o->lower = o->upper = o->step = 1;
	o->size_bytes = 1;
	o->dir = ".";
	o->trials = 1;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		int rc;

		if (strcmp(a, "--") == 0) {
			if (i + 1 < argc)
				return err_set(err, errlen, "unexpected argument '%s': fileop "
					       "takes options only (the force factor is -f N)",
					       argv[i + 1]);
			break;
		}
		if (a[0] != '-' || a[1] == '\0')
			return err_set(err, errlen, "unexpected argument '%s': fileop takes "
				       "options only (the force factor is -f N)", a);
		rc = a[1] == '-' ? parse_long(o, argc, argv, &i, err, errlen)
			: parse_letters(o, &s, argc, argv, &i, err, errlen);
		if (rc)
			return rc;
	}
	return check(o, &s, err, errlen);
}
