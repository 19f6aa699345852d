/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fileop_opts.c: the command line of `iosweep fileop` (fileop_opts.h).
 *
 * fileop reads its letters with getopt and its numbers with atoi; this
 * reads the same letters the same way (grouped flags, a value joined to
 * its letter or in the next word: the letter rows of the cmdargs table)
 * but every number strictly, through units.c, and then checks the
 * options against each other, so anything fileop would turn into
 * something else is an error before any work.  The long options are
 * iosweep's additions.
 */
#include "compat.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "iosweep.h"
#include "lib/err.h"
#include "options/cmdargs.h"
#include "cmd/fileop_opts.h"
#include "run/files/fileop.h"
#include "model/units.h"

#define SIZE_HINT "use a whole number of bytes, or one with k or m (4k, 1m)"

/* The command line as typed: the options, and the values fileop_opts_parse converts. */
struct fileop_cli {
	struct fileop_opts o;
	const char *f, *l, *u, *i, *s, *trials;
	int version;
};

#define FILEOP_AT(field) offsetof(struct fileop_cli, field)

static const struct cmdargs_opt fileop_rows[] = {
	{ .letter = 'f', .kind = CMDARGS_STRING, .off = FILEOP_AT(f), .metavar = "N",
	  .help = "force factor N", .defval = "1" },
	{ .letter = 'l', .kind = CMDARGS_STRING, .off = FILEOP_AT(l), .metavar = "N",
	  .help = "every force factor from N to -u's, in steps of -i" },
	{ .letter = 'u', .kind = CMDARGS_STRING, .off = FILEOP_AT(u), .metavar = "M",
	  .help = "the last force factor of -l's range" },
	{ .letter = 'i', .kind = CMDARGS_STRING, .off = FILEOP_AT(i), .metavar = "STEP",
	  .help = "the step of -l's range", .defval = "1" },
	{ .letter = 's', .kind = CMDARGS_STRING, .off = FILEOP_AT(s), .metavar = "SIZE",
	  .help = "bytes written to and read back from each file (4k, 1m)", .defval = "1" },
	{ .letter = 'e', .kind = CMDARGS_FLAG, .off = FILEOP_AT(o.excel),
	  .help = "leave out the title line" },
	{ .letter = 'b', .kind = CMDARGS_FLAG, .off = FILEOP_AT(o.best),
	  .help = "add the B row (best single call)" },
	{ .letter = 'w', .kind = CMDARGS_FLAG, .off = FILEOP_AT(o.worst),
	  .help = "add the W row (worst single call)" },
	{ .letter = 'n', .kind = CMDARGS_FLAG, .off = FILEOP_AT(o.random_data),
	  .help = "random data in files under 512 bytes too (those of 512 and up always "
	  "get it: unique 512-byte blocks, checked on read)" },
	{ .letter = 'L', .kind = CMDARGS_FLAG, .off = FILEOP_AT(o.leave),
	  .help = "keep the last tree: no delete phase" },
	{ .letter = 'd', .kind = CMDARGS_STRING, .off = FILEOP_AT(o.dir), .metavar = "DIR",
	  .help = "work in DIR, which must hold no fileop tree", .defval = "." },
	{ .letter = 'U', .kind = CMDARGS_STRING, .off = FILEOP_AT(o.remount),
	  .metavar = "DIR", .help = "unmount the file system mounted at DIR (which holds "
	  "-d's directory) and mount it again before each phase (root)" },
	{ .letter = 't', .kind = CMDARGS_FLAG, .off = FILEOP_AT(o.verbose),
	  .help = "one block of figures per operation instead of the table" },
	{ .letter = 'v', .kind = CMDARGS_FLAG, .off = FILEOP_AT(version),
	  .help = "print the version" },
	{ .name = "--trials", .kind = CMDARGS_STRING, .off = FILEOP_AT(trials),
	  .nonempty = 1, .metavar = "N", .help = "run each force factor N times; the rows "
	  "cover every trial" },
	{ .name = "--out", .kind = CMDARGS_STRING, .off = FILEOP_AT(o.out), .nonempty = 1,
	  .metavar = "DIR", .help = "write DIR/fileop.csv (every trial and operation, with "
	  "latency percentiles), results.csv, summary.csv, meta.csv" },
	{ .name = "--json", .kind = CMDARGS_FLAG, .off = FILEOP_AT(o.json),
	  .help = "with --out: DIR/summary.json as well" },
	{ .name = "--latency", .kind = CMDARGS_FLAG, .off = FILEOP_AT(o.latency),
	  .help = "add p50 and p99 lines to -t's blocks" },
	{ .name = "--overwrite", .kind = CMDARGS_FLAG, .off = FILEOP_AT(o.overwrite),
	  .help = "remove a fileop tree found in DIR first, and replace the files of --out" },
};

const struct cmdargs_spec cmd_fileop_args = {
	.cmd = "fileop",
	.synopsis = "[-f N | -l N -u M [-i STEP]] [OPTIONS]",
	.about = "  IOzone's fileop: a tree of N directories, N in each, N files in each of\n"
	"  those (N^3 files), with each metadata call timed on its own; figures in\n"
	"  calls per second\n",
	.opts = fileop_rows,
	.nopts = sizeof(fileop_rows) / sizeof(fileop_rows[0]),
};

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

/* The numbers of c into c->o: 0, or -1 with the message. */
static int convert(struct fileop_cli *c, char *err, size_t errlen)
{
	struct fileop_opts *o = &c->o;
	char why[IOSWEEP_ERR_MAX];
	uint64_t t;

	if ((c->f && parse_force("-f", c->f, &o->lower, err, errlen)) ||
	    (c->l && parse_force("-l", c->l, &o->lower, err, errlen)) ||
	    (c->u && parse_force("-u", c->u, &o->upper, err, errlen)) ||
	    (c->i && parse_force("-i", c->i, &o->step, err, errlen)))
		return -1;
	if (c->s && fileop_opts_size(c->s, &o->size_bytes, why, sizeof(why)) != 0)
		return err_set(err, errlen, "-s '%s': %s", c->s, why);
	for (int k = 0; k < 2; k++) {
		const char *v = k ? o->remount : o->dir;
		if (v && !*v)
			return err_set(err, errlen, "-%c '': an empty directory name", "dU"[k]);
		if (v && v[0] == '-' && v[1])   /* "-d -f 2": the DIR was left out */
			return err_set(err, errlen, "-%c: missing DIR (found the option '%s' "
				       "instead)", "dU"[k], v);
	}
	if (c->trials) {
		if (units_parse_uint(c->trials, 1, FILEOP_MAX_TRIALS, &t, why, sizeof(why)) != 0)
			return err_set(err, errlen, "--trials '%s': %s", c->trials, why);
		o->trials = (unsigned)t;
	}
	return 0;
}

/* The options against each other. */
static int check(struct fileop_cli *c, char *err, size_t errlen)
{
	struct fileop_opts *o = &c->o;

	if (o->json && !o->out)
		return err_set(err, errlen, "--json: it writes DIR/summary.json, so give "
			       "--out DIR too");
	if (c->f && (c->l || c->u))
		return err_set(err, errlen, "-f with -l/-u: give one force factor (-f N) "
			       "or a range (-l N -u M), not both");
	if (c->l && !c->u)
		return err_set(err, errlen, "-l %u: a range needs its upper end too (-u M)",
			       o->lower);
	if (c->u && !c->l)
		return err_set(err, errlen, "-u %u: a range needs its lower end too (-l N)",
			       o->upper);
	if (c->l && o->lower > o->upper)
		return err_set(err, errlen, "-l %u is above -u %u", o->lower, o->upper);
	if (c->i && !c->l)
		return err_set(err, errlen, "-i %u: the step of a range needs the range "
			       "(-l N -u M)", o->step);
	if (!c->l)
		o->upper = o->lower;
	return 0;
}

/* An unknown option's message, and where the options are listed. */
static int see_help(char *err, size_t errlen)
{
	char what[IOSWEEP_ERR_MAX];

	snprintf(what, sizeof(what), "%s", err);
	return err_set(err, errlen, "%s; see 'iosweep fileop -h'", what);
}

int fileop_opts_parse(struct fileop_opts *o, int argc, char **argv,
		      char *err, size_t errlen)
{
	struct fileop_cli c = { .o = { .lower = 1, .upper = 1, .step = 1, .size_bytes = 1,
				       .dir = ".", .trials = 1 } };
	struct cmdargs ca;
	int rc = cmdargs_parse(&ca, fileop_rows, sizeof(fileop_rows) / sizeof(fileop_rows[0]),
			       &c, argc, argv, err, errlen);

	if (rc == 0 && ca.help)   /* a value before -h that is wrong is still an error */
		rc = convert(&c, err, errlen) ? -1 : FILEOP_OPTS_HELP;
	else if (rc == 0 && c.version)
		rc = FILEOP_OPTS_VERSION;
	else if (rc == 0 && ca.ninputs)
		rc = err_set(err, errlen, "unexpected argument '%s': fileop takes options "
			     "only (the force factor is -f N)", ca.inputs[0]);
	else if (rc == CMDARGS_UNKNOWN && !ca.near)
		rc = see_help(err, errlen);
	else if (rc == 0)
		rc = convert(&c, err, errlen) || check(&c, err, errlen) ? -1 : 0;
	cmdargs_release(&ca);
	*o = c.o;
	return rc < 0 ? -1 : rc;
}
