/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_curve.c: `mpirun -np N iosweep-mpi clients-curve SWEEP-OPTIONS`,
 * the saturation curve of a share: how many clients until each gets
 * less?  One mpirun starts every client, as for any sweep; the command
 * then runs the same sweep (one cell: one -s, one -r) on the first 1,
 * 2, 4, ... of them up to N (N itself last when it is no power of two),
 * as mdtest steps its task counts inside one job, so a batch system
 * allocates once and the hostfile and launcher are the user's own.  The
 * ranks left out of a step wait for the next without I/O (clients.h,
 * clients_step).
 *
 * Each step is an ordinary sweep (sweep_run) into DIR/cK, its IOzone
 * report in DIR/cK.txt; rank 0 keeps its figures (analysis/curve.h:
 * aggregate, the clients' min, median and max, latency percentiles),
 * and at the end writes DIR/clients-curve.csv (report/curvecsv.h) and
 * a chart per test (charts/gnuplot_curve.h), rendered when gnuplot is
 * there, prints the table and one line per test naming the knee.
 * `iosweep report DIR` then draws the curve's section.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/curve.h"
#include "analysis/netbound.h"
#include "charts/gnuplot.h"
#include "charts/gnuplot_curve.h"
#include "clients/clients.h"
#include "cmd/commands.h"
#include "cmd/sweep.h"
#include "iosweep.h"
#include "lib/err.h"
#include "lib/outfile.h"
#include "model/results.h"
#include "options/cmdargs.h"
#include "options/options.h"
#include "platform/platform.h"
#include "report/curvecsv.h"

#define CURVE_CMD "clients-curve"

const struct cmdargs_spec cmd_curve_args = {
	.cmd = CURVE_CMD,
	.synopsis = "SWEEP-OPTIONS... --out DIR   (mpirun -np N iosweep-mpi clients-curve ...)",
	.about = "  the same one-cell sweep (one -s, one -r) on the first 1, 2, 4 ... N of\n"
	"  the clients mpirun started, each step into DIR/cK; then DIR/clients-curve.csv,\n"
	"  a chart per test, and per test the knee: the smallest count past which\n"
	"  the aggregate grows less than 10% per doubling (with --link: its share).\n",
	.notes = "  Give -f a path with %r (each client its own file).  `iosweep report DIR`\n"
	"  draws the curve's section.  docs/mpi.md has the details.\n",
};

/* What the whole curve keeps between its steps. */
struct curve_run {
	char top[2048];            /* --out: the curve's folder */
	char link[32];             /* --link as given, "" without */
	unsigned steps[CURVE_STEPS_MAX];
	size_t nsteps;
	int overwrite;
	struct curve_table t;      /* rank 0: the steps' figures */
};

/* 1, 2, 4, ... up to n, n last. */
static void plan_steps(struct curve_run *r, unsigned n)
{
	r->nsteps = 0;
	for (unsigned k = 1; k < n && r->nsteps + 1 < CURVE_STEPS_MAX; k *= 2)
		r->steps[r->nsteps++] = k;
	r->steps[r->nsteps++] = n;
}

/* The options every step shares, checked once.  0 or -1 with err set. */
static int curve_check(struct curve_run *r, const struct options *o, char *err, size_t errlen)
{
	char csv[2100];

	if (!o->out_dir || !*o->out_dir)
		return err_set(err, errlen, "give --out DIR: the curve's folder (its steps go "
			       "into DIR/c1, DIR/c2, ...)");
	if (o->auto_mode || o->nsizes > 1 || o->nrecords > 1)
		return err_set(err, errlen, "the curve runs one cell on every step: give one "
			       "-s and one -r, without -a");
	if (o->dry_run)
		return err_set(err, errlen, "-n/--dry-run: the curve runs its steps; "
			       "plan one with 'iosweep-mpi --dry-run ...'");
	if (snprintf(r->top, sizeof(r->top), "%s", o->out_dir) >= (int)sizeof(r->top) - 16)
		return err_set(err, errlen, "--out '%.300s': too long", o->out_dir);
	snprintf(r->link, sizeof(r->link), "%s", o->link ? o->link : "");
	r->overwrite = o->overwrite;
	if (!clients_leader())
		return 0;
	snprintf(csv, sizeof(csv), "%s/%s", r->top, CURVECSV_NAME);
	if (!r->overwrite && plat_stat(csv, 0, NULL) != PLAT_NONE)
		return err_set(err, errlen, "--out '%.300s' holds a curve already; choose "
			       "another folder or add --overwrite", r->top);
	return outfile_mkdirs(r->top, err, errlen);
}

/* Rank 0: the figures of every test of rs's cell into r->t.  0 or -1. */
static int keep_step(struct curve_run *r, const struct result_set *rs, char *err,
		     size_t errlen)
{
	size_t cell = 0;

	while (cell < rs->ncells && rs->cells[cell].placeholder)
		cell++;
	for (int col = 0; col < RC_COUNT && cell < rs->ncells; col++) {
		struct curve_step st;
		if (!(rs->cols_mask & (1u << col)) || !results_has(rs, cell, col))
			continue;
		if (curve_step_fill(rs, cell, col, &st, err, errlen) != 0)
			return -1;
		if (curve_table_add(&r->t, &st) != 0)
			return err_set(err, errlen, "out of memory");
	}
	return 0;
}

/* One step on this client (one of the first k): its sweep into DIR/cK. */
static int run_step(struct curve_run *r, unsigned k, int argc, char **argv)
{
	char err[IOSWEEP_ERR_MAX], dir[2100], report[2200];
	struct options o;
	struct result_set rs;
	FILE *f = stdout;
	int status;

	results_init(&rs);
	if (options_parse(&o, argc, argv, err, sizeof(err)) != 0) {	/* parsed before */
		cmd_msg(CURVE_CMD, "%s", err);
		options_release(&o);
		return IOSWEEP_EXIT_USAGE;
	}
	snprintf(dir, sizeof(dir), "%s/c%u", r->top, k);
	free(o.out_dir);
	o.out_dir = strdup(dir);	/* NULL: the sweep's default folder */
	snprintf(report, sizeof(report), "%s/c%u.txt", r->top, k);
	if (clients_leader())
		f = cmd_report_open(CURVE_CMD, report, 1);
	/* every client goes on to the sweep, whose first agreement stops them all */
	struct sweep_call c = { .o = &o, .report = f ? f : stdout, .result = &rs };
	status = sweep_run(&c);
	if (f && f != stdout && cmd_report_close(CURVE_CMD, f, report) != 0 &&
	    status == IOSWEEP_EXIT_OK)
		status = IOSWEEP_EXIT_FAILURE;
	if (clients_leader() && status == IOSWEEP_EXIT_OK &&
	    keep_step(r, &rs, err, sizeof(err)) != 0) {
		cmd_msg(CURVE_CMD, "%u client%s: %s", k, k == 1 ? "" : "s", err);
		status = IOSWEEP_EXIT_FAILURE;
	}
	if (clients_leader() && status == IOSWEEP_EXIT_OK)
		cmd_msg(CURVE_CMD, "%u client%s: done (%s)", k, k == 1 ? "" : "s", dir);
	results_release(&rs);
	options_release(&o);
	return status;
}

/* A latency figure for the table: "-" without. */
static void lat_text(double us, char *out, size_t outlen)
{
	if (isnan(us))
		snprintf(out, outlen, "-");
	else
		snprintf(out, outlen, "%.1f", us);
}

/* Rank 0: the table of each test and its knee's sentence, on stdout. */
static void print_curve(const struct curve_run *r)
{
	struct netbound_link link = { .kbps = 0 };
	char err[256], line[512];

	if (r->link[0] && netbound_parse_link(r->link, &link, err, sizeof(err)) != 0)
		link.kbps = 0;
	for (int col = 0; col < RC_COUNT; col++) {
		long last, knee = curve_knee_of(r->t.steps, r->t.n, col, &last);
		if (last < 0)
			continue;
		printf("\n%s (MB/s, 1 MB = 2^20 bytes; latency in microseconds)\n"
		       "%8s %10s %11s %8s %8s %9s %9s\n", results_col_name(col), "clients",
		       "aggregate", "client min", "median", "max", "p50", "p99");
		for (size_t i = 0; i < r->t.n; i++) {
			const struct curve_step *st = &r->t.steps[i];
			char p50[32], p99[32];
			if (st->col != col)
				continue;
			lat_text(st->lat_us[0], p50, sizeof(p50));
			lat_text(st->lat_us[2], p99, sizeof(p99));
			printf("%8u %10.1f %11.1f %8.1f %8.1f %9s %9s%s\n", st->clients,
			       st->agg_kbps / 1024, st->client_min_kbps / 1024,
			       st->client_median_kbps / 1024, st->client_max_kbps / 1024, p50,
			       p99, (long)i == knee ? "   <- knee" : "");
		}
	}
	printf("\n");
	for (int col = 0; col < RC_COUNT; col++) {
		long last, knee = curve_knee_of(r->t.steps, r->t.n, col, &last);
		if (last < 0)
			continue;
		curve_describe(&r->t.steps[knee >= 0 ? knee : last], knee >= 0,
			       link.kbps > 0 ? &link : NULL, line, sizeof(line));
		printf("%s: %s\n", results_col_name(col), line);
	}
	fflush(stdout);
}

/* Rank 0: the charts of every test in DIR, rendered to PNG.  0 or -1 (said). */
static int draw_curve(const struct curve_run *r)
{
	struct gnuplot_refs refs = { 0 };
	struct gnuplot_files files = { 0 };
	char err[IOSWEEP_ERR_MAX];
	int rc = -1;

	if (gnuplot_curve_refs(r->link, &refs, err, sizeof(err)) != 0)
		goto out;
	for (int col = 0; col < RC_COUNT; col++)
		if (gnuplot_curve_write(&r->t, col, &refs, "png", r->top, 1, &files, err,
					sizeof(err)) != 0)
			goto out;
	if (!gnuplot_available()) {
		char hint[1024];
		gnuplot_render_hint(r->top, "png", hint, sizeof(hint));
		cmd_msg(CURVE_CMD, "gnuplot not found: %zu chart scripts written to '%s'; %s",
			files.n, r->top, hint);
		rc = 0;
		goto out;
	}
	for (size_t i = 0; i < files.n; i++)
		if (gnuplot_render(files.items[i].path, "png", err, sizeof(err)) != 0)
			goto out;
	rc = 0;
out:
	if (rc != 0)
		cmd_msg(CURVE_CMD, "%s", err);
	gnuplot_files_release(&files);
	gnuplot_refs_release(&refs);
	return rc;
}

/* Rank 0, after the steps: the CSV, the charts, the table.  An exit status. */
static int finish_curve(struct curve_run *r)
{
	char err[IOSWEEP_ERR_MAX], csv[2100];
	int status = IOSWEEP_EXIT_OK;

	if (!r->t.n)
		return IOSWEEP_EXIT_FAILURE;
	snprintf(r->t.link, sizeof(r->t.link), "%s", r->link);
	snprintf(csv, sizeof(csv), "%s/%s", r->top, CURVECSV_NAME);
	if (curvecsv_write(&r->t, csv, 1, err, sizeof(err)) != 0) {
		cmd_msg(CURVE_CMD, "%s", err);
		status = IOSWEEP_EXIT_FAILURE;
	}
	if (draw_curve(r) != 0)
		status = IOSWEEP_EXIT_FAILURE;
	print_curve(r);
	return status;
}

/* Parse and check the options once, on every client.  An exit status, -1 to go on. */
static int curve_start(struct curve_run *r, int argc, char **argv)
{
	char err[IOSWEEP_ERR_MAX] = "";
	struct options o;
	int rc = options_parse(&o, argc, argv, err, sizeof(err));

	if (rc == 0 && o.help) {
		if (clients_leader())
			cmdargs_usage(&cmd_curve_args, stdout);
		options_release(&o);
		return IOSWEEP_EXIT_OK;
	}
	if (rc == 0)
		rc = curve_check(r, &o, err, sizeof(err));
	options_release(&o);
	if (clients_agree(rc, err, sizeof(err)) != 0) {
		cmd_msg(CURVE_CMD, "%s", err);
		return IOSWEEP_EXIT_USAGE;
	}
	plan_steps(r, (unsigned)clients_world());
	return -1;
}

int cmd_curve(int argc, char **argv)
{
	struct curve_run r = { 0 };
	int status, stopped = 0;

	if (!clients_active()) {
		cmd_msg(CURVE_CMD, "needs many clients: run it as 'mpirun -np N iosweep-mpi "
			"clients-curve ...' (make MPI=1 builds iosweep-mpi)");
		return IOSWEEP_EXIT_USAGE;
	}
	if ((status = curve_start(&r, argc, argv)) >= 0)
		return status;
	status = IOSWEEP_EXIT_OK;
	for (size_t i = 0; i < r.nsteps && !stopped; i++) {
		int in = clients_step(r.steps[i], status != IOSWEEP_EXIT_OK);
		if (in < 0)
			stopped = 1;
		else if (in)
			status = run_step(&r, r.steps[i], argc, argv);
	}
	if (!stopped)	/* all together again */
		(void)clients_step(0, status != IOSWEEP_EXIT_OK);
	if (clients_leader() && r.t.n) {
		int st = finish_curve(&r);
		if (status == IOSWEEP_EXIT_OK)
			status = st;
	}
	curve_table_release(&r.t);
	return status;
}
