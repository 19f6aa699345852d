/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_profile.c: `iosweep profile NAME [--file PATH] [--size SIZE]
 * [--trials N] [--label L] [--out DIR] [--overwrite] [SWEEP OPTIONS...]`
 * and `iosweep profile --list`.
 *
 * NAME is a built-in profile (data/NAME.profile, embedded at build time)
 * or the path of a profile file.  Every workload line is checked as a
 * sweep command line before anything runs, and whether it can run here
 * (a workload that cannot, say -I on a folder without direct I/O, is
 * left out with one line, then and under the table); then each runs in turn as a
 * sweep of its own (sweep_run, in this process) with -s SIZE -f PATH
 * and the options given here, its IOzone report going to
 * DIR/NN-NAME.txt and its CSV folder to DIR/NN-NAME/.  The result sets
 * sweep_run hands back become the profile's rows
 * (profile.h), and end as DIR/profile.csv, the table on stdout and the
 * charts in DIR/plots (gnuplot_qd.c).  A workload that fails stops the
 * run; what finished is kept and written.
 */
#include "compat.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cmd/commands.h"
#include "charts/gnuplot.h"
#include "lib/builtin.h"
#include "charts/gnuplot_qd.h"
#include "iosweep.h"
#include "options/cmdargs.h"
#include "options/options.h"
#include "lib/outfile.h"
#include "platform/platform.h"
#include "report/profile.h"
#include "model/results.h"
#include "cmd/sweep.h"

#define PROFILE_MAX_PASS 32
#define PROFILE_DEFAULT_SIZE "256m"

struct pargs {
	const char *name, *file, *size, *trials, *label, *out;
	int overwrite, list, plot;
	const char *pass[PROFILE_MAX_PASS];
	size_t npass;
	struct cmdargs_list passed;  /* what parse_args copies into pass */
};

#define PROFILE_AT(field) offsetof(struct pargs, field)

static const struct cmdargs_opt profile_opts[] = {
	{ .name = "--file", .kind = CMDARGS_STRING, .off = PROFILE_AT(file), .nonempty = 1,
	  .metavar = "PATH", .help = "the test file of every workload",
	  .defval = OPTIONS_DEFAULT_FILE },
	{ .name = "--size", .kind = CMDARGS_STRING, .off = PROFILE_AT(size), .nonempty = 1,
	  .metavar = "SIZE", .help = "its size", .defval = PROFILE_DEFAULT_SIZE },
	{ .name = "--trials", .kind = CMDARGS_STRING, .off = PROFILE_AT(trials),
	  .nonempty = 1, .metavar = "N", .help = "trials of every workload" },
	{ .name = "--label", .kind = CMDARGS_STRING, .off = PROFILE_AT(label), .nonempty = 1,
	  .metavar = "L", .help = "the runs' label" },
	{ .name = "--out", .kind = CMDARGS_STRING, .off = PROFILE_AT(out), .nonempty = 1,
	  .metavar = "DIR", .help = "where profile.csv, each workload's report and "
	  "folder and the charts go (default iosweep-results/profile-NAME-TIME; "
	  "iosweep-profile-plots with --plot)" },
	{ .name = "--overwrite", .kind = CMDARGS_FLAG, .off = PROFILE_AT(overwrite),
	  .help = "replace a run in DIR" },
	{ .name = "--list", .kind = CMDARGS_FLAG, .off = PROFILE_AT(list),
	  .help = "the built-in profiles" },
	{ .name = "--plot", .kind = CMDARGS_FLAG, .off = PROFILE_AT(plot),
	  .help = "the charts of several runs together (one bar per result set), "
	  "from RUN folders" },
	{ .kind = CMDARGS_PASS, .off = PROFILE_AT(passed), .metavar = "SWEEP OPTIONS...",
	  .help = "sweep options added to every workload (-I, -e, --runtime 60s ...)" },
};

const struct cmdargs_spec cmd_profile_args = {
	.cmd = "profile",
	.synopsis = "NAME [OPTIONS] [SWEEP OPTIONS...]\n--list\n"
	"--plot RUN... [--out DIR] [--overwrite]",
	.about = "  NAME: a built-in profile (--list), or the path of a profile file\n"
	"  writes DIR/profile.csv, DIR/NN-WORKLOAD/ and .txt per workload, DIR/plots\n",
	.opts = profile_opts,
	.nopts = sizeof(profile_opts) / sizeof(profile_opts[0]),
};

/* The options against each other: 0, or an exit code (said). */
static int check_args(const struct pargs *a, const struct cmdargs *ca)
{
	if (a->plot) {
		const char *other = a->file ? "--file" : a->size ? "--size" : a->trials ?
			"--trials" : a->label ? "--label" : a->list ? "--list" :
			a->passed.n ? a->passed.items[0] : NULL;
		if (other) {
			cmd_msg("profile --plot", "unknown option '%s'", other);
			return IOSWEEP_EXIT_USAGE;
		}
		return 0;
	}
	if (ca->ninputs > 1) {
		cmd_msg("profile", "'%s': give the profile NAME first, then options",
			ca->inputs[1]);
		return IOSWEEP_EXIT_USAGE;
	}
	if (a->passed.n > PROFILE_MAX_PASS) {
		cmd_msg("profile", "more than %d sweep options", PROFILE_MAX_PASS);
		return IOSWEEP_EXIT_USAGE;
	}
	return 0;
}

/*
 * a from the command line: -1 and the command goes on (its inputs in ca,
 * released by the caller), or an exit code (said, or the usage printed
 * for --help; ca released).
 */
static int parse_args(struct pargs *a, struct cmdargs *ca, int argc, char **argv)
{
	int rc;

	memset(a, 0, sizeof(*a));
	if ((rc = cmdargs_command(ca, &cmd_profile_args, a, argc, argv, stdout, stderr)) >= 0)
		return rc;
	if ((rc = check_args(a, ca)) == 0) {
		a->name = ca->ninputs ? ca->inputs[0] : NULL;
		for (size_t i = 0; i < a->passed.n; i++)
			a->pass[a->npass++] = a->passed.items[i];
		return -1;
	}
	cmdargs_release(ca);
	return rc;
}

static int ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), t = strlen(tail);
	return n >= t && strcmp(s + n - t, tail) == 0;
}

static int list_profiles(void)
{
	const char *name;

	for (size_t i = 0; (name = builtin_name(i)); i++) {
		struct profile p;
		char err[256];
		const char *text;
		if (!ends_with(name, ".profile") || !(text = builtin_text(name)))
			continue;
		int len = (int)(strlen(name) - strlen(".profile"));
		if (profile_parse(&p, text, strlen(text), name, err, sizeof(err)) == 0) {
			const char *d = p.description ? p.description : "";
			/* "# enterprise: what it is" -> "what it is" */
			if (!strncmp(d, name, (size_t)len) && d[len] == ':')
				d += len + 1 + (d[len + 1] == ' ');
			printf("%-14.*s %s\n", len, name, d);
		}
		profile_release(&p);
	}
	printf("(built in; the files are data/NAME.profile in the source: copy one, "
	       "edit it, run iosweep profile ./FILE)\n");
	return IOSWEEP_EXIT_OK;
}

/* The profile's text: a file path, or a built-in name.  Caller frees *own. */
static const char *load_text(const char *name, char **own, char *where, size_t wlen)
{
	*own = NULL;
	if (strchr(name, '/') || ends_with(name, ".profile")) {
		FILE *f = fopen(name, "rb");
		size_t n = 0, cap = 0;
		if (!f)
			return NULL;
		for (;;) {
			if (n + 4096 + 1 > cap) {
				char *g = realloc(*own, cap = cap ? 2 * cap : 8192);
				if (!g) {
					fclose(f);
					return NULL;
				}
				*own = g;
			}
			size_t r = fread(*own + n, 1, 4096, f);
			n += r;
			if (r < 4096)
				break;
		}
		fclose(f);
		(*own)[n] = '\0';
		snprintf(where, wlen, "%s", name);
		return *own;
	}
	char file[256];
	snprintf(file, sizeof(file), "%s.profile", name);
	snprintf(where, wlen, "data/%s", file);
	return builtin_text(file);
}

/*
 * The options of workload e: its own words, then ours (the file and its
 * size, trials, label, the result folder), then the words passed to every
 * workload, each read as typed (options_build); the result folder's name
 * in out.  0, or -1 with the reason in err.  o must be released after.
 */
static int build_workload(struct options *o, const struct pargs *a,
			  const struct profile_entry *e, const char *dir, size_t k,
			  char *out, size_t outlen, char *err, size_t errlen)
{
	struct options_build *b = options_build_begin(o, err, errlen);

	snprintf(out, outlen, "%s/%02zu-%s", dir, k + 1, e->name);
	options_build_words(b, (int)e->nargs, (const char *const *)e->args);
	options_build_text(b, "s", a->size ? a->size : PROFILE_DEFAULT_SIZE);
	options_build_text(b, "f", a->file ? a->file : OPTIONS_DEFAULT_FILE);
	if (a->trials)
		options_build_text(b, "trials", a->trials);
	if (a->label)
		options_build_text(b, "label", a->label);
	options_build_text(b, "out", out);
	options_build_flag(b, "quiet");
	if (a->overwrite)
		options_build_flag(b, "overwrite");
	options_build_words(b, (int)a->npass, a->pass);
	return options_build_end(b);
}

struct collect {
	struct profile_rows rows;
	const char *workload;
	int failed;
};

/* A finished workload's figures as the profile's rows. */
static void collect_add(struct collect *c, const struct options *o,
			const struct result_set *rs)
{
	if (profile_rows_add(&c->rows, rs, c->workload, options_jobs(o),
			     options_iodepth(o),
			     o->mix_given ? (int)o->mix_read_pct : -1) != 0)
		c->failed = 1;
}

/*
 * Before anything runs: every workload must parse as a sweep (a refusal
 * naming the file and line), and each must be able to run here
 * (sweep_check: the engine its depth needs, -I on the file's folder, the
 * folder's room).  One that cannot is left out, its reason in left[k]
 * and one line said now; the others run.  When none can, the run is
 * refused.  0, or -1 (said).
 */
static int check_all(const struct profile *p, const struct pargs *a,
		     const char *where, const char *dir, char (*left)[IOSWEEP_ERR_MAX])
{
	size_t nleft = 0;

	for (size_t k = 0; k < p->n; k++) {
		struct options o;
		char err[IOSWEEP_ERR_MAX], out[4096];
		if (build_workload(&o, a, &p->entries[k], dir, k, out, sizeof(out), err,
				   sizeof(err)) != 0) {
			options_release(&o);
			cmd_msg("profile", "%s:%u: workload '%s': %s", where,
				p->entries[k].line, p->entries[k].name, err);
			return -1;
		}
		left[k][0] = '\0';
		int rc = sweep_check(&o, left[k], IOSWEEP_ERR_MAX);
		options_release(&o);
		if (rc != 0) {
			cmd_msg("profile", "left out: workload '%s', because %s",
				p->entries[k].name, left[k]);
			nleft++;
		}
	}
	if (nleft == p->n) {
		cmd_msg("profile", "no workload of %s can run here (see above)", where);
		return -1;
	}
	return 0;
}

/* Run workload k with its report in DIR/NN-NAME.txt; its figures into col. */
static int run_one(const struct pargs *a, const struct profile_entry *e,
		   const char *dir, size_t k, size_t n, struct collect *col)
{
	char out[4096], report[4200], err[IOSWEEP_ERR_MAX];
	struct options o;
	struct result_set rs;
	FILE *f;
	int status;

	cmd_msg("profile", "[%zu/%zu] %s", k + 1, n, e->name);
	/* check_all built it already: a failure here is out of memory */
	if (build_workload(&o, a, e, dir, k, out, sizeof(out), err, sizeof(err)) != 0) {
		cmd_msg("profile", "workload '%s': %s", e->name, err);
		options_release(&o);
		return IOSWEEP_EXIT_FAILURE;
	}
	snprintf(report, sizeof(report), "%s.txt", out);
	if (!(f = cmd_report_open("profile", report, a->overwrite))) {
		options_release(&o);
		return IOSWEEP_EXIT_FAILURE;
	}
	struct sweep_call call = { .o = &o, .report = f, .result = &rs };
	status = sweep_run(&call);
	if (cmd_report_close("profile", f, report) != 0 && status == IOSWEEP_EXIT_OK)
		status = IOSWEEP_EXIT_FAILURE;
	/* throughput mode (-t) keeps no result set: no rows */
	if (status == IOSWEEP_EXIT_OK && rs.ncells)
		collect_add(col, &o, &rs);
	results_release(&rs);
	options_release(&o);
	return status;
}

static void default_dir(const char *name, char *out, size_t outlen)
{
	const char *base = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
	size_t n = strlen(base);
	char stamp[32] = "run";
	time_t now = time(NULL);
	struct tm tm;

	if (ends_with(base, ".profile"))
		n -= strlen(".profile");
	if (localtime_r(&now, &tm))
		strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
	snprintf(out, outlen, "iosweep-results/profile-%.*s-%s", (int)n, base, stamp);
}

static int dir_has_files(const char *dir)
{
	char p[4200];
	struct stat st;

	snprintf(p, sizeof(p), "%s/profile.csv", dir);
	return stat(p, &st) == 0;
}

/* profile.csv, the table, the charts. */
static int emit(const struct collect *c, const struct profile *p,
		char (*left)[IOSWEEP_ERR_MAX], const char *dir, int overwrite)
{
	char path[4200], err[IOSWEEP_ERR_MAX];
	int rc;

	snprintf(path, sizeof(path), "%s/profile.csv", dir);
	if (profile_rows_write_csv(&c->rows, path, overwrite, err, sizeof(err)) != 0) {
		cmd_msg("profile", "%s", err);
		return -1;
	}
	profile_rows_print(stdout, &c->rows);
	for (size_t k = 0; k < p->n; k++)
		if (left[k][0])
			printf("left out: %s, because %s\n", p->entries[k].name, left[k]);
	snprintf(path, sizeof(path), "%s/plots", dir);
	rc = gnuplot_qd_charts(&c->rows, path, NULL, overwrite, err, sizeof(err));
	if (rc < 0) {
		cmd_msg("profile", "%s", err);
		return -1;
	}
	if (rc == 1)
		cmd_msg("profile", "%s", err);
	cmd_msg("profile", "results in %s/", dir);
	return 0;
}

/*
 * --plot RUN... [--out DIR] [--overwrite]: the charts of several profile
 * runs (their profile.csv files) together, one bar per result set.
 */
static int plot_runs(char *const *runs, size_t nruns, const char *out, int overwrite)
{
	struct profile_rows rows = { 0 };
	char path[4200], err[IOSWEEP_ERR_MAX];
	int nin = 0, rc, status = IOSWEEP_EXIT_OK;

	if (!out)
		out = "iosweep-profile-plots";
	for (size_t i = 0; i < nruns; i++) {
		snprintf(path, sizeof(path), "%s/profile.csv", runs[i]);
		errno = 0;
		if (profile_rows_read_csv(&rows, path, err, sizeof(err)) != 0) {
			/* a folder without the file is a usage error, a bad file input;
			 * errno before the message, which may set it */
			status = errno == ENOENT && plat_stat(path, 1, NULL) == PLAT_NONE ?
				IOSWEEP_EXIT_USAGE : IOSWEEP_EXIT_INPUT;
			cmd_msg("profile --plot", "%s", err);
			goto done;
		}
		nin++;
	}
	if (nin == 0) {
		cmd_msg("profile --plot", "name one or more profile run folders");
		status = IOSWEEP_EXIT_USAGE;
		goto done;
	}
	rc = gnuplot_qd_charts(&rows, out, NULL, overwrite, err, sizeof(err));
	if (rc < 0) {
		cmd_msg("profile --plot", "%s", err);
		status = IOSWEEP_EXIT_FAILURE;
	} else {
		if (rc == 1)
			cmd_msg("profile --plot", "%s", err);
		cmd_msg("profile --plot", "charts in %s/", out);
	}
done:
	profile_rows_release(&rows);
	return status;
}

int cmd_profile(int argc, char **argv)
{
	struct pargs a;
	struct cmdargs ca;
	struct profile p;
	struct collect col;
	char where[4200], dir[4096], err[IOSWEEP_ERR_MAX];
	char *own = NULL;
	char (*left)[IOSWEEP_ERR_MAX] = NULL;   /* why workload k is left out, "" not */
	const char *text;
	int status = IOSWEEP_EXIT_OK;

	memset(&p, 0, sizeof(p));
	memset(&col, 0, sizeof(col));
	if ((status = parse_args(&a, &ca, argc, argv)) >= 0)
		return status;
	status = IOSWEEP_EXIT_OK;
	if (a.plot) {
		status = plot_runs(ca.inputs, ca.ninputs, a.out, a.overwrite);
		goto out;
	}
	if (a.list) {
		status = list_profiles();
		goto out;
	}
	if (!a.name) {
		cmd_msg("profile", "name a profile (iosweep profile --list)");
		status = IOSWEEP_EXIT_USAGE;
		goto out;
	}
	text = load_text(a.name, &own, where, sizeof(where));
	if (!text) {
		if (strchr(a.name, '/') || ends_with(a.name, ".profile"))
			cmd_msg("profile", "cannot read '%s': %s", a.name,
				strerror(errno ? errno : ENOENT));
		else
			cmd_msg("profile", "no profile '%s' (iosweep profile "
				"--list shows the built-in ones)", a.name);
		status = IOSWEEP_EXIT_USAGE;
		goto out;
	}
	if (profile_parse(&p, text, strlen(text), where, err, sizeof(err)) != 0) {
		cmd_msg("profile", "%s", err);
		status = IOSWEEP_EXIT_INPUT;
		goto out;
	}
	if (a.out)
		snprintf(dir, sizeof(dir), "%s", a.out);
	else
		default_dir(a.name, dir, sizeof(dir));
	left = calloc(p.n ? p.n : 1, sizeof(*left));
	if (!left) {
		cmd_msg("profile", "out of memory");
		status = IOSWEEP_EXIT_FAILURE;
		goto out;
	}
	if (check_all(&p, &a, where, dir, left) != 0) {
		status = IOSWEEP_EXIT_USAGE;
		goto out;
	}
	if (!a.overwrite && dir_has_files(dir)) {
		cmd_msg("profile", "'%s' holds a profile run already; "
			"choose another --out or use --overwrite", dir);
		status = IOSWEEP_EXIT_USAGE;
		goto out;
	}
	if (outfile_mkdirs(dir, err, sizeof(err)) != 0) {
		cmd_msg("profile", "%s", err);
		status = IOSWEEP_EXIT_FAILURE;
		goto out;
	}
	for (size_t k = 0, ran = 0; k < p.n && status == IOSWEEP_EXIT_OK; k++) {
		if (left[k][0])
			continue;
		col.workload = p.entries[k].name;
		status = run_one(&a, &p.entries[k], dir, k, p.n, &col);
		if (status != IOSWEEP_EXIT_OK)
			cmd_msg("profile", "workload '%s' failed (see "
				"above); keeping the %zu that finished", p.entries[k].name, ran);
		ran++;
	}
	if (col.failed) {
		cmd_msg("profile", "out of memory collecting the figures");
		status = IOSWEEP_EXIT_FAILURE;
	} else if (col.rows.n && emit(&col, &p, left, dir, a.overwrite) != 0 &&
		   status == IOSWEEP_EXIT_OK) {
		status = IOSWEEP_EXIT_FAILURE;
	}
out:
	cmdargs_release(&ca);
	free(left);
	profile_rows_release(&col.rows);
	profile_release(&p);
	free(own);
	return status;
}
