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
#include "run/throughput.h"
#include "model/units.h"

#define RANK_BAR 30
#define REPORT_MAX_RUNS 64

static const char rank_usage[] =
	"usage: iosweep db rank --test TEST --file-size SIZE [--record SIZE] [FILTERS]\n"
	"                       [--highlight RUN] [--csv FILE] [--plot DIR] [--format TERM]\n"
	"                       [--html FILE] [--overwrite]\n"
	"  --html FILE: one page with the chart (SVG, when gnuplot is installed) and table\n"
	"  --plot DIR: write DIR/rank.gp (and render it when gnuplot is installed)\n";

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
	const char *target = NULL, *file = NULL, *record = NULL, *highlight = NULL;
	const char *plot = NULL, *term = NULL, *csv = NULL, *html = NULL;
	int overwrite = 0;
	struct db_rank_query q = { 0 };
	struct cmdargs_list where = { NULL, 0 };
	const struct cmdargs_opt opts[] = {
		{ "--db", CMDARGS_STRING, &target, 1 },
		{ "--file-size", CMDARGS_STRING, &file, 1 },
		{ "--record", CMDARGS_STRING, &record, 1 },
		{ "--highlight", CMDARGS_STRING, &highlight, 1 },
		{ "--plot", CMDARGS_STRING, &plot, 1 },
		{ "--csv", CMDARGS_STRING, &csv, 1 },
		{ "--html", CMDARGS_STRING, &html, 1 },
		{ "--format", CMDARGS_STRING, &term, 1 },
		{ "--overwrite", CMDARGS_FLAG, &overwrite, 0 },
		FILTER_OPTS(q.where, where),
	};
	const struct cmdargs_spec spec = { "db rank", rank_usage, opts,
					   sizeof(opts) / sizeof(opts[0]), 0, NULL };
	char err[IOSWEEP_ERR_MAX];
	struct db_rank_row *rows = NULL;
	size_t n = 0;
	int64_t hl = -1;
	int rc;

	if ((rc = cmdargs_command(&ca, &spec, argc, argv, stdout, stderr)) >= 0)
		return rc;
	rc = IOSWEEP_EXIT_USAGE;
	q.test = q.where.test;   /* the test ranked, not a filter on runs */
	q.where.test = NULL;
	if (ca.ninputs) {
		cmd_msg("db rank", "unexpected '%s'", ca.inputs[0]);
		goto out;
	}
	if (!q.test || !file) {
		cmd_msg("db rank", "give --test TEST and --file-size SIZE");
		goto out;
	}
	if (!test_known(q.test)) {
		cmd_msg("db rank", "--test '%s': no such test (write, rewrite, read, reread, "
			"random read, ...)", q.test);
		goto out;
	}
	if (units_parse_size_kb(file, &q.file_kb, err, sizeof(err)) ||
	    (record && units_parse_size_kb(record, &q.record_kb, err, sizeof(err)))) {
		cmd_msg("db rank", "--%s: %s", record && q.file_kb ? "record" : "file-size", err);
		goto out;
	}
	if (term && !gnuplot_term_valid(term)) {
		cmd_msg("db rank", "--format '%s': not a gnuplot terminal name", term);
		goto out;
	}
	if ((rc = cmd_db_where("rank", &where, &q.where)) != 0)
		goto out;
	struct db *db = cmd_db_open("rank", target, 0, &rc);
	if (!db)
		goto out;
	rc = IOSWEEP_EXIT_OK;
	if (highlight && db_find_run(db, highlight, &hl, err, sizeof(err))) {
		cmd_msg("db rank", "--highlight: %s", err);
		rc = IOSWEEP_EXIT_INPUT;
	} else if (db_rank(db, &q, &rows, &n, err, sizeof(err))) {
		cmd_msg("db rank", "%s", err);
		rc = IOSWEEP_EXIT_INPUT;
	}
	db_close(db);
	if (rc)
		goto out;
	print_rank(rows, n, hl);
	if (n == 0)
		cmd_msg("db rank", "no run measured %s at that size", q.test);
	int found = 0;
	for (size_t i = 0; i < n; i++)
		found |= rows[i].id == hl;
	if (highlight && !found)
		cmd_msg("db rank", "--highlight '%s': that run is not among these", highlight);
	if (csv)
		rc = rank_csv(rows, n, hl, csv, overwrite);
	int rendered;
	if (plot && n && rc == IOSWEEP_EXIT_OK)
		rc = rank_chart(rows, n, hl, &q, plot, term, overwrite, 0, &rendered);
	if (html && rc == IOSWEEP_EXIT_OK)
		rc = rank_html(rows, n, hl, &q, html, overwrite);
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
	const char *target = NULL, *csv = NULL, *adjust = NULL;
	int overwrite = 0;
	const struct cmdargs_opt opts[] = {
		{ "--db", CMDARGS_STRING, &target, 1 },
		{ "--csv", CMDARGS_STRING, &csv, 1 },
		{ "--adjust", CMDARGS_STRING, &adjust, 1 },
		{ "--overwrite", CMDARGS_FLAG, &overwrite, 0 },
	};
	const struct cmdargs_spec spec = { "db compare", cmd_db_usage, opts, 4, 2,
					   "give two runs: A B" };
	char err[IOSWEEP_ERR_MAX], *extra[5];
	int64_t ids[2];
	size_t nextra = 0;
	int rc;

	if ((rc = cmdargs_command(&ca, &spec, argc, argv, stdout, stderr)) >= 0)
		return rc;
	if (ca.ninputs != 2) {
		cmd_msg("db compare", "give two runs: A B");
		cmdargs_release(&ca);
		return IOSWEEP_EXIT_USAGE;
	}
	struct db *db = cmd_db_open("compare", target, 0, &rc);
	if (!db) {
		cmdargs_release(&ca);
		return rc;
	}
	if (csv) {
		extra[nextra++] = (char *)"--csv";
		extra[nextra++] = (char *)csv;
	}
	if (adjust) {
		extra[nextra++] = (char *)"--adjust";
		extra[nextra++] = (char *)adjust;
	}
	if (overwrite)
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
	const char *target = NULL, *out = "iosweep-db-report.html";
	int overwrite = 0, no_charts = 0;
	struct db_filter f = { 0 };
	struct cmdargs_list where = { NULL, 0 };
	const struct cmdargs_opt opts[] = {
		{ "--db", CMDARGS_STRING, &target, 1 },
		{ "--out", CMDARGS_STRING, &out, 1 },
		{ "--overwrite", CMDARGS_FLAG, &overwrite, 0 },
		{ "--no-charts", CMDARGS_FLAG, &no_charts, 0 },
		FILTER_OPTS(f, where),
	};
	const struct cmdargs_spec spec = { "db report", cmd_db_usage, opts,
					   sizeof(opts) / sizeof(opts[0]), 0, NULL };
	char err[IOSWEEP_ERR_MAX], *extra[4];
	struct ids_ctx c = { { 0 }, 0, 0 };
	size_t nextra = 0;
	int rc;

	if ((rc = cmdargs_command(&ca, &spec, argc, argv, stdout, stderr)) >= 0)
		return rc;
	if (ca.ninputs) {
		cmd_msg("db report", "unexpected '%s': report takes filters", ca.inputs[0]);
		cmdargs_release(&ca);
		return IOSWEEP_EXIT_USAGE;
	}
	if ((rc = cmd_db_where("report", &where, &f)) != 0) {
		cmdargs_release(&ca);
		return rc;
	}
	struct db *db = cmd_db_open("report", target, 0, &rc);
	if (!db) {
		cmdargs_release(&ca);
		return rc;
	}
	extra[nextra++] = (char *)"--out";
	extra[nextra++] = (char *)out;
	if (overwrite)
		extra[nextra++] = (char *)"--overwrite";
	if (no_charts)
		extra[nextra++] = (char *)"--no-charts";
	if (db_list(db, &f, id_row, &c, err, sizeof(err))) {
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
