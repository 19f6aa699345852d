/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_db_query.c: the words of `iosweep db` that answer from many runs:
 * rank (the NAS chart: a ranked table and bar chart, one run
 * highlighted), and compare and report, which hand runs exported from
 * the database to `iosweep compare` and `iosweep report` unchanged, so
 * a run gives the same answer from the database as from its folder.
 */
#include "compat.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "charts/gnuplot_rank.h"
#include "charts/gnuplot_run.h"
#include "charts/gnuplot_script.h"
#include "cmd/cmd_db_priv.h"
#include "cmd/commands.h"
#include "db/db.h"
#include "html/html_rank.h"
#include "iosweep.h"
#include "lib/readfile.h"
#include "platform/platform.h"
#include "lib/outfile.h"
#include "options/cmdargs.h"
#include "report/csvout_fields.h"
#include "model/results.h"
#include "run/throughput/throughput.h"
#include "model/units.h"

#define RANK_BAR 30
#define REPORT_MAX_RUNS 64

/* The command lines of rank, compare and report. */
struct db_rank_args {
	const char *target, *file, *record, *highlight, *plot, *term, *csv, *html;
	int overwrite;
	struct db_rank_query q;
	struct cmdargs_list where;
};

struct db_compare_args {
	const char *target, *csv, *adjust;
	int overwrite;
};

struct db_report_args {
	const char *target, *out;
	int overwrite, no_charts;
	struct db_filter f;
	struct cmdargs_list where;
};

#define RANK_AT(field) offsetof(struct db_rank_args, field)

static const struct cmdargs_opt db_rank_opts[] = {
	DB_TARGET_ROW(struct db_rank_args),
	{ .name = "--file-size", .kind = CMDARGS_STRING, .off = RANK_AT(file), .nonempty = 1,
	  .metavar = "SIZE", .help = "the cell's file size (needed, with --test)" },
	{ .name = "--record", .kind = CMDARGS_STRING, .off = RANK_AT(record), .nonempty = 1,
	  .metavar = "SIZE", .help = "the cell's record size" },
	{ .name = "--highlight", .kind = CMDARGS_STRING, .off = RANK_AT(highlight),
	  .nonempty = 1, .metavar = "RUN", .help = "the run drawn apart on the chart" },
	{ .name = "--plot", .kind = CMDARGS_STRING, .off = RANK_AT(plot), .nonempty = 1,
	  .metavar = "DIR", .help = "write DIR/rank.gp (and render it when gnuplot is "
	  "installed)" },
	{ .name = "--csv", .kind = CMDARGS_STRING, .off = RANK_AT(csv), .nonempty = 1,
	  .metavar = "FILE", .help = "the ranking as CSV" },
	{ .name = "--html", .kind = CMDARGS_STRING, .off = RANK_AT(html), .nonempty = 1,
	  .metavar = "FILE", .help = "one page with the chart (SVG, when gnuplot is "
	  "installed) and table" },
	{ .name = "--format", .kind = CMDARGS_STRING, .off = RANK_AT(term), .nonempty = 1,
	  .metavar = "TERM", .help = "the gnuplot terminal of --plot" },
	{ .name = "--overwrite", .kind = CMDARGS_FLAG, .off = RANK_AT(overwrite),
	  .help = "replace the files of --csv, --plot and --html" },
	DB_FILTER_ROWS(struct db_rank_args, q.where, where),
};

const struct cmdargs_spec cmd_db_rank_args = {
	.cmd = "db rank",
	.synopsis = "--test TEST --file-size SIZE [FILTERS] [OPTIONS]",
	.about = "  the runs ranked at one cell, with the 95% confidence interval, and the\n"
	"  chart (--test names the cell's test here, not a filter)\n",
	.opts = db_rank_opts,
	.nopts = sizeof(db_rank_opts) / sizeof(db_rank_opts[0]),
};

#define DBCMP_AT(field) offsetof(struct db_compare_args, field)

static const struct cmdargs_opt db_compare_opts[] = {
	DB_TARGET_ROW(struct db_compare_args),
	{ .name = "--csv", .kind = CMDARGS_STRING, .off = DBCMP_AT(csv), .nonempty = 1,
	  .metavar = "FILE", .help = "every cell's comparison as CSV" },
	{ .name = "--adjust", .kind = CMDARGS_STRING, .off = DBCMP_AT(adjust), .nonempty = 1,
	  .metavar = "holm|bh|none", .help = "how p-values are adjusted (iosweep compare)" },
	{ .name = "--overwrite", .kind = CMDARGS_FLAG, .off = DBCMP_AT(overwrite),
	  .help = "replace the --csv file if it exists" },
};

const struct cmdargs_spec cmd_db_compare_args = {
	.cmd = "db compare",
	.synopsis = "A B [OPTIONS]",
	.about = "  iosweep compare on two runs\n",
	.opts = db_compare_opts,
	.nopts = sizeof(db_compare_opts) / sizeof(db_compare_opts[0]),
	.min_inputs = 2,
	.too_few = "give two runs: A B",
};

#define DBREP_AT(field) offsetof(struct db_report_args, field)

static const struct cmdargs_opt db_report_opts[] = {
	DB_TARGET_ROW(struct db_report_args),
	{ .name = "--out", .kind = CMDARGS_STRING, .off = DBREP_AT(out), .nonempty = 1,
	  .metavar = "FILE.html", .help = "the report", .defval = "iosweep-db-report.html" },
	{ .name = "--overwrite", .kind = CMDARGS_FLAG, .off = DBREP_AT(overwrite),
	  .help = "replace an existing report" },
	{ .name = "--no-charts", .kind = CMDARGS_FLAG, .off = DBREP_AT(no_charts),
	  .help = "tables and findings only (no gnuplot)" },
	DB_FILTER_ROWS(struct db_report_args, f, where),
};

const struct cmdargs_spec cmd_db_report_args = {
	.cmd = "db report",
	.synopsis = "[FILTERS] [OPTIONS]",
	.about = "  the HTML report of the runs found\n",
	.opts = db_report_opts,
	.nopts = sizeof(db_report_opts) / sizeof(db_report_opts[0]),
};

static int test_known(const char *t)
{
	if (results_col_from_name(t) >= 0)
		return 1;
	for (int k = 0; k < TP_NKINDS; k++)
		if (strcmp(throughput_test_def(k)->name, t) == 0)
			return 1;
	return 0;
}

static void print_rank(const struct db_rank_row *r, size_t n, int64_t hl)
{
	double top = n ? r[0].mean_kbps : 0;
	printf("%4s  %6s  %-24s  %-12s  %-8s  %9s  %3s  %14s  %14s  %14s\n", "rank", "id",
	       "label", "host", "fs", "record_kb", "n", "mean_kbps", "ci95_low", "ci95_high");
	for (size_t i = 0; i < n; i++) {
		char lo[32] = "", hi[32] = "", bar[RANK_BAR + 1];
		int w = top > 0 ? (int)lround(RANK_BAR * r[i].mean_kbps / top) : 0;
		if (isfinite(r[i].ci_low))
			snprintf(lo, sizeof(lo), "%.1f", r[i].ci_low);
		if (isfinite(r[i].ci_high))
			snprintf(hi, sizeof(hi), "%.1f", r[i].ci_high);
		memset(bar, r[i].id == hl ? '*' : '#', (size_t)w);
		bar[w] = '\0';
		printf("%4zu  %6lld  %-24.24s  %-12.12s  %-8.8s  %9llu  %3u  %14.1f  %14s  %14s  %s%s\n",
		       i + 1, (long long)r[i].id, r[i].label, r[i].host, r[i].fs_type,
		       (unsigned long long)r[i].record_kb, r[i].n, r[i].mean_kbps, lo, hi, bar,
		       r[i].id == hl ? "  <- highlighted" : "");
	}
}

/* --csv FILE: the table for spreadsheets and scripts. */
static int rank_csv(const struct db_rank_row *r, size_t n, int64_t hl, const char *path,
		    int overwrite)
{
	struct outfile f;
	char err[IOSWEEP_ERR_MAX], line[1024];
	if (outfile_open(&f, path, 0, overwrite, err, sizeof(err)))
		goto fail;
	outfile_printf(&f, "rank,id,label,host,fs_type,record_kb,n,mean_kbps,ci95_low,"
		       "ci95_high,highlighted\n");
	for (size_t i = 0; i < n; i++) {
		size_t k = (size_t)snprintf(line, sizeof(line), "%zu,%lld", i + 1,
					    (long long)r[i].id);
		k += csvout_field(line + k, sizeof(line) - k, r[i].label, 0);
		k += csvout_field(line + k, sizeof(line) - k, r[i].host, 0);
		k += csvout_field(line + k, sizeof(line) - k, r[i].fs_type, 0);
		outfile_write(&f, line, k < sizeof(line) ? k : sizeof(line) - 1);
		outfile_printf(&f, ",%llu,%u,%.3f", (unsigned long long)r[i].record_kb, r[i].n,
			       r[i].mean_kbps);
		if (isfinite(r[i].ci_low))
			outfile_printf(&f, ",%.3f,%.3f", r[i].ci_low, r[i].ci_high);
		else
			outfile_printf(&f, ",,");
		outfile_printf(&f, ",%d\n", r[i].id == hl);
	}
	if (outfile_commit(&f, err, sizeof(err)) == 0)
		return IOSWEEP_EXIT_OK;
fail:
	cmd_msg("db rank", "%s", err);
	return IOSWEEP_EXIT_IO;
}

static void rank_title(const struct db_rank_query *q, size_t n, char *title, size_t tlen,
		       char *what, size_t wlen)
{
	char fs[32], rs[32] = "best";
	units_format_size_kb(q->file_kb, fs, sizeof(fs));
	if (q->record_kb)
		units_format_size_kb(q->record_kb, rs, sizeof(rs));
	snprintf(title, tlen, "%s, %s file, %s records: %zu run%s ranked", q->test, fs, rs, n,
		 n == 1 ? "" : "s");
	snprintf(what, wlen, "the mean kB/s of each run's full trials of %s at a %s file (%s "
		 "record size), best first, with the 95%% confidence interval of the mean",
		 q->test, fs, rs);
}

/*
 * The chart: dir/rank.gp, rendered with term when gnuplot is there
 * (*rendered set to 1).  quiet: say nothing on stdout (for --html).
 */
static int rank_chart(const struct db_rank_row *r, size_t n, int64_t hl,
		      const struct db_rank_query *q, const char *dir, const char *term,
		      int overwrite, int quiet, int *rendered)
{
	struct gnuplot_rank_bar *bars = calloc(n ? n : 1, sizeof(*bars));
	struct gnuplot_files files = { NULL, 0 };
	char err[IOSWEEP_ERR_MAX], title[256], what[512];
	char labels[REPORT_MAX_RUNS][64];
	int rc = IOSWEEP_EXIT_OK;

	*rendered = 0;
	if (!bars) {
		cmd_msg("db rank", "out of memory");
		return IOSWEEP_EXIT_FAILURE;
	}
	rank_title(q, n, title, sizeof(title), what, sizeof(what));
	for (size_t i = 0; i < n; i++) {
		if (i < REPORT_MAX_RUNS) {
			snprintf(labels[i], sizeof(labels[i]), "%s (%lld)", r[i].label,
				 (long long)r[i].id);
			bars[i].label = labels[i];
		} else {
			bars[i].label = r[i].label;
		}
		bars[i].mean_kbps = r[i].mean_kbps;
		bars[i].ci_low = r[i].ci_low;
		bars[i].ci_high = r[i].ci_high;
		bars[i].highlight = r[i].id == hl;
	}
	if (outfile_mkdirs(dir, err, sizeof(err)) ||
	    gnuplot_rank_chart(bars, n, dir, "rank", term, title, what, overwrite, &files, err,
			       sizeof(err))) {
		cmd_msg("db rank", "%s", err);
		rc = IOSWEEP_EXIT_IO;
	} else if (!gnuplot_available()) {
		if (!quiet)
			printf("%s (gnuplot not found: render it with gnuplot %s)\n",
			       files.items[0].path, files.items[0].path);
	} else if (gnuplot_render(files.items[0].path, term, err, sizeof(err))) {
		cmd_msg("db rank", "%s", err);
		rc = IOSWEEP_EXIT_IO;
	} else {
		*rendered = 1;
		if (!quiet)
			printf("%s (rendered)\n", files.items[0].path);
	}
	gnuplot_files_release(&files);
	free(bars);
	return rc;
}

/* --html FILE: the page, its chart drawn as SVG in a temporary folder. */
static int rank_html(const struct db_rank_row *r, size_t n, int64_t hl,
		     const struct db_rank_query *q, const char *path, int overwrite)
{
	struct html_rank_row *hr = calloc(n ? n : 1, sizeof(*hr));
	char err[IOSWEEP_ERR_MAX], title[256], what[512], tmp[4096], svgp[4200];
	const char *base = getenv("TMPDIR");
	char *svg = NULL;
	size_t svglen;
	int rendered = 0, rc = IOSWEEP_EXIT_OK;

	if (!hr) {
		cmd_msg("db rank", "out of memory");
		return IOSWEEP_EXIT_FAILURE;
	}
	snprintf(tmp, sizeof(tmp), "%s/iosweep-rank.XXXXXX", base && *base ? base : "/tmp");
	if (n && gnuplot_available() && plat_mkdtemp(tmp)) {
		if (rank_chart(r, n, hl, q, tmp, "svg", 0, 1, &rendered) == IOSWEEP_EXIT_OK &&
		    rendered) {
			snprintf(svgp, sizeof(svgp), "%s/rank.svg", tmp);
			if (readfile_all(svgp, (size_t)64 << 20, "an SVG chart", &svg, &svglen, err,
					 sizeof(err)))
				svg = NULL;
		}
		cmd_db_unexport(tmp, NULL, 0);
	}
	for (size_t i = 0; i < n; i++) {
		hr[i] = (struct html_rank_row){ r[i].id, r[i].label, r[i].host, r[i].fs_type,
						r[i].record_kb, r[i].n, r[i].mean_kbps, r[i].ci_low,
						r[i].ci_high, r[i].id == hl };
	}
	rank_title(q, n, title, sizeof(title), what, sizeof(what));
	if (html_rank_write(path, title, what, svg, hr, n, overwrite, err, sizeof(err))) {
		cmd_msg("db rank", "%s", err);
		rc = IOSWEEP_EXIT_IO;
	} else {
		printf("%s%s\n", path, svg ? "" : " (no chart: gnuplot not found)");
	}
	free(svg);
	free(hr);
	return rc;
}

int cmd_db_rank(int argc, char **argv)
{
	struct cmdargs ca;
	struct db_rank_args a = { 0 };
	char err[IOSWEEP_ERR_MAX];
	struct db_rank_row *rows = NULL;
	size_t n = 0;
	int64_t hl = -1;
	int rc;

	rc = cmdargs_command(&ca, &cmd_db_rank_args, &a, argc, argv, stdout, stderr);
	if (rc >= 0)
		return rc;
	rc = IOSWEEP_EXIT_USAGE;
	a.q.test = a.q.where.test;   /* the test ranked, not a filter on runs */
	a.q.where.test = NULL;
	if (ca.ninputs) {
		cmd_msg("db rank", "unexpected '%s'", ca.inputs[0]);
		goto out;
	}
	if (!a.q.test || !a.file) {
		cmd_msg("db rank", "give --test TEST and --file-size SIZE");
		goto out;
	}
	if (!test_known(a.q.test)) {
		cmd_msg("db rank", "--test '%s': no such test (write, rewrite, read, reread, "
			"random read, ...)", a.q.test);
		goto out;
	}
	if (units_parse_size_kb(a.file, &a.q.file_kb, err, sizeof(err)) ||
	    (a.record && units_parse_size_kb(a.record, &a.q.record_kb, err, sizeof(err)))) {
		cmd_msg("db rank", "--%s: %s", a.record && a.q.file_kb ? "record" : "file-size",
			err);
		goto out;
	}
	if (a.term && !gnuplot_term_valid(a.term)) {
		cmd_msg("db rank", "--format '%s': not a gnuplot terminal name", a.term);
		goto out;
	}
	if ((rc = cmd_db_where("rank", &a.where, &a.q.where)) != 0)
		goto out;
	struct db *db = cmd_db_open("rank", a.target, 0, &rc);
	if (!db)
		goto out;
	rc = IOSWEEP_EXIT_OK;
	if (a.highlight && db_find_run(db, a.highlight, &hl, err, sizeof(err))) {
		cmd_msg("db rank", "--highlight: %s", err);
		rc = IOSWEEP_EXIT_INPUT;
	} else if (db_rank(db, &a.q, &rows, &n, err, sizeof(err))) {
		cmd_msg("db rank", "%s", err);
		rc = IOSWEEP_EXIT_INPUT;
	}
	db_close(db);
	if (rc)
		goto out;
	print_rank(rows, n, hl);
	if (n == 0)
		cmd_msg("db rank", "no run measured %s at that size", a.q.test);
	int found = 0;
	for (size_t i = 0; i < n; i++)
		found |= rows[i].id == hl;
	if (a.highlight && !found)
		cmd_msg("db rank", "--highlight '%s': that run is not among these", a.highlight);
	if (a.csv)
		rc = rank_csv(rows, n, hl, a.csv, a.overwrite);
	int rendered;
	if (a.plot && n && rc == IOSWEEP_EXIT_OK)
		rc = rank_chart(rows, n, hl, &a.q, a.plot, a.term, a.overwrite, 0, &rendered);
	if (a.html && rc == IOSWEEP_EXIT_OK)
		rc = rank_html(rows, n, hl, &a.q, a.html, a.overwrite);
out:
	db_rank_free(rows, n);
	cmdargs_release(&ca);
	return rc;
}

struct label_ctx {
	char *label;
};

static int label_row(void *ctx, const struct db_run *r)
{
	struct label_ctx *c = ctx;
	size_t n = strlen(r->label) + 32;
	free(c->label);
	if ((c->label = malloc(n)) != NULL)
		snprintf(c->label, n, "%s (run %lld)", r->label, (long long)r->id);
	return 0;
}

/*
 * Export runs ids[0..n) and run cmd (cmd_compare, cmd_report) on them:
 * argv = WORD PATH... --label L... then extra[0..nextra).
 */
static int hand_over(const char *sub, struct db *db, const int64_t *ids, size_t n,
		     int (*cmd)(int, char **), const char *word, char *const *extra,
		     size_t nextra)
{
	char tmp[4096] = "", err[IOSWEEP_ERR_MAX];
	char **paths = calloc(n, sizeof(*paths)), **labels = calloc(n, sizeof(*labels));
	char **av = calloc(1 + 3 * n + nextra + 1, sizeof(*av));
	int rc = IOSWEEP_EXIT_FAILURE, ac = 0;

	if (!paths || !labels || !av)
		goto out;
	for (size_t i = 0; i < n; i++) {
		struct label_ctx c = { NULL };
		if (db_get_run(db, ids[i], label_row, &c, err, sizeof(err))) {
			cmd_msg(sub, "%s", err);
			free(c.label);
			goto out;
		}
		if (!c.label) {
			cmd_msg(sub, "run %lld is gone", (long long)ids[i]);
			goto out;
		}
		labels[i] = c.label;
	}
	if ((rc = cmd_db_export_tmp(sub + 3, db, ids, n, tmp, sizeof(tmp), paths)) != 0)
		goto out;
	av[ac++] = (char *)word;
	for (size_t i = 0; i < n; i++)
		av[ac++] = paths[i];
	for (size_t i = 0; i < n; i++) {
		av[ac++] = (char *)"--label";
		av[ac++] = labels[i];
	}
	for (size_t i = 0; i < nextra; i++)
		av[ac++] = extra[i];
	rc = cmd(ac, av);
out:
	if (!paths || !labels || !av)
		cmd_msg(sub, "out of memory");
	cmd_db_unexport(tmp, paths, paths ? n : 0);
	for (size_t i = 0; labels && i < n; i++)
		free(labels[i]);
	free(paths);
	free(labels);
	free(av);
	return rc;
}

int cmd_db_compare(int argc, char **argv)
{
	struct cmdargs ca;
	struct db_compare_args a = { 0 };
	char err[IOSWEEP_ERR_MAX], *extra[5];
	int64_t ids[2];
	size_t nextra = 0;
	int rc;

	rc = cmdargs_command(&ca, &cmd_db_compare_args, &a, argc, argv, stdout, stderr);
	if (rc >= 0)
		return rc;
	if (ca.ninputs != 2) {
		cmd_msg("db compare", "give two runs: A B");
		cmdargs_release(&ca);
		return IOSWEEP_EXIT_USAGE;
	}
	struct db *db = cmd_db_open("compare", a.target, 0, &rc);
	if (!db) {
		cmdargs_release(&ca);
		return rc;
	}
	if (a.csv) {
		extra[nextra++] = (char *)"--csv";
		extra[nextra++] = (char *)a.csv;
	}
	if (a.adjust) {
		extra[nextra++] = (char *)"--adjust";
		extra[nextra++] = (char *)a.adjust;
	}
	if (a.overwrite)
		extra[nextra++] = (char *)"--overwrite";
	if (db_find_run(db, ca.inputs[0], &ids[0], err, sizeof(err)) ||
	    db_find_run(db, ca.inputs[1], &ids[1], err, sizeof(err))) {
		cmd_msg("db compare", "%s", err);
		rc = IOSWEEP_EXIT_INPUT;
	} else {
		rc = hand_over("db compare", db, ids, 2, cmd_compare, "compare", extra, nextra);
	}
	db_close(db);
	cmdargs_release(&ca);
	return rc;
}

struct ids_ctx {
	int64_t ids[REPORT_MAX_RUNS];
	size_t n, total;
};

static int id_row(void *ctx, const struct db_run *r)
{
	struct ids_ctx *c = ctx;
	if (c->n < REPORT_MAX_RUNS)
		c->ids[c->n++] = r->id;
	c->total++;
	return 0;
}

int cmd_db_report(int argc, char **argv)
{
	struct cmdargs ca;
	struct db_report_args a = { .out = "iosweep-db-report.html" };
	char err[IOSWEEP_ERR_MAX], *extra[4];
	struct ids_ctx c = { { 0 }, 0, 0 };
	size_t nextra = 0;
	int rc;

	rc = cmdargs_command(&ca, &cmd_db_report_args, &a, argc, argv, stdout, stderr);
	if (rc >= 0)
		return rc;
	if (ca.ninputs) {
		cmd_msg("db report", "unexpected '%s': report takes filters", ca.inputs[0]);
		cmdargs_release(&ca);
		return IOSWEEP_EXIT_USAGE;
	}
	if ((rc = cmd_db_where("report", &a.where, &a.f)) != 0) {
		cmdargs_release(&ca);
		return rc;
	}
	struct db *db = cmd_db_open("report", a.target, 0, &rc);
	if (!db) {
		cmdargs_release(&ca);
		return rc;
	}
	extra[nextra++] = (char *)"--out";
	extra[nextra++] = (char *)a.out;
	if (a.overwrite)
		extra[nextra++] = (char *)"--overwrite";
	if (a.no_charts)
		extra[nextra++] = (char *)"--no-charts";
	if (db_list(db, &a.f, id_row, &c, err, sizeof(err))) {
		cmd_msg("db report", "%s", err);
		rc = IOSWEEP_EXIT_INPUT;
	} else if (c.n == 0) {
		cmd_msg("db report", "no run in '%s' matches", db_name(db));
		rc = IOSWEEP_EXIT_INPUT;
	} else if (c.total > c.n) {
		cmd_msg("db report", "%zu runs match; a report takes %d at most: narrow the "
			"filters", c.total, REPORT_MAX_RUNS);
		rc = IOSWEEP_EXIT_USAGE;
	} else {
		rc = hand_over("db report", db, c.ids, c.n, cmd_report, "report", extra, nextra);
	}
	db_close(db);
	cmdargs_release(&ca);
	return rc;
}
