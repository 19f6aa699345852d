/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_report.c: `iosweep report INPUT... [--out FILE.html]`, the one-file
 * HTML report (html.c) of result folders, our CSVs or IOzone reports.
 *
 * Each INPUT becomes one result set, as in `iosweep plot` (labels, the
 * same loader); with two or more, the later ones are compared against the
 * first.  The report goes to --out, by default FOLDER/report.html for a
 * single result folder, else ./iosweep-report.html; an existing file is
 * kept unless --overwrite.  Without gnuplot the report is still written,
 * with every table and a note instead of the charts (exit 0, a warning on
 * stderr); a chart gnuplot fails on is noted in its place and makes the
 * exit status 1.  A folder of `iosweep-mpi clients-curve` (its
 * clients-curve.csv) adds the curve's section; given alone, the curve's
 * own folder stands for its steps, each a set ("4 clients").
 */
#include "compat.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/curve.h"
#include "options/cmdargs.h"
#include "cmd/commands.h"
#include "html/html.h"
#include "iosweep.h"
#include "model/results.h"
#include "model/units.h"
#include "platform/platform.h"
#include "report/curvecsv.h"


/*
 * A saturation curve's folder (`iosweep-mpi clients-curve`): the
 * clients-curve.csv of the first INPUT folder holding one goes into *t,
 * for its section.  A curve's own folder (no results.csv of its own),
 * given alone, stands for its steps: *steps gets, per step, its folder
 * cK and its label "K clients" (2 * *nsteps strings, malloc'd).
 * Returns 0, or an exit code (said).
 */
static int curve_inputs(const struct cmdargs *ca, struct curve_table *t, char ***steps,
			size_t *nsteps)
{
	char path[4200], err[IOSWEEP_ERR_MAX];
	size_t i;

	for (i = 0; i < ca->ninputs; i++) {
		snprintf(path, sizeof(path), "%s/%s", ca->inputs[i], CURVECSV_NAME);
		if (plat_stat(ca->inputs[i], 1, NULL) == PLAT_DIR &&
		    plat_stat(path, 1, NULL) == PLAT_FILE)
			break;
	}
	if (i == ca->ninputs)
		return 0;
	if (curvecsv_read(path, t, err, sizeof(err)) != 0) {
		cmd_msg("report", "%s", err);
		return IOSWEEP_EXIT_USAGE;
	}
	snprintf(path, sizeof(path), "%s/results.csv", ca->inputs[i]);
	if (ca->ninputs > 1 || plat_stat(path, 1, NULL) != PLAT_NONE)
		return 0;
	if (!(*steps = calloc(2 * t->n, sizeof(char *))))
		goto oom;
	for (size_t k = 0; k < t->n; k++) {	/* each count once: every test lists it */
		unsigned c = t->steps[k].clients;
		size_t j = 0;
		while (j < k && t->steps[j].clients != c)
			j++;
		if (j < k)
			continue;
		snprintf(path, sizeof(path), "%s/c%u", ca->inputs[0], c);
		(*steps)[2 * *nsteps] = strdup(path);
		snprintf(path, sizeof(path), "%u client%s", c, c == 1 ? "" : "s");
		(*steps)[2 * *nsteps + 1] = strdup(path);
		if (!(*steps)[2 * (*nsteps)++] || !(*steps)[2 * *nsteps - 1])
			goto oom;
	}
	return 0;
oom:
	cmd_msg("report", "out of memory");
	return IOSWEEP_EXIT_FAILURE;
}

/* The step folders and labels of curve_inputs as the command's inputs. */
static int curve_use_steps(struct cmdargs *ca, struct cmdargs_list *labels,
			   char **steps, size_t nsteps)
{
	char **in = realloc(ca->inputs, nsteps * sizeof(char *));

	if (!in)
		return -1;
	ca->inputs = in;
	ca->ninputs = nsteps;
	if (!(labels->items = malloc(nsteps * sizeof(char *))))
		return -1;
	labels->n = nsteps;
	for (size_t k = 0; k < nsteps; k++) {
		in[k] = steps[2 * k];
		labels->items[k] = steps[2 * k + 1];
	}
	return 0;
}

/* The command line. */
struct report_args {
	struct cmdargs_list labels;
	const char *out, *highlight;
	int log_y, no_charts, overwrite;
};

#define REPORT_AT(field) offsetof(struct report_args, field)

static const struct cmdargs_opt report_opts[] = {
	{ .name = "--out", .kind = CMDARGS_STRING, .off = REPORT_AT(out), .nonempty = 1,
	  .metavar = "FILE", .help = "the report (default: FOLDER/report.html for one "
	  "result folder, else ./iosweep-report.html)" },
	{ .name = "--label", .kind = CMDARGS_LIST, .off = REPORT_AT(labels), .nonempty = 1,
	  .metavar = "NAME", .help = "label of the next INPUT (repeatable, in input order)" },
	{ .name = "--highlight", .kind = CMDARGS_STRING, .off = REPORT_AT(highlight),
	  .nonempty = 1, .metavar = "LABEL", .help = "the set drawn thick on the overlays "
	  "(default: the last)" },
	{ .name = "--log-y", .kind = CMDARGS_FLAG, .off = REPORT_AT(log_y),
	  .help = "logarithmic throughput axis on the charts" },
	{ .name = "--no-charts", .kind = CMDARGS_FLAG, .off = REPORT_AT(no_charts),
	  .help = "tables and findings only (no gnuplot)" },
	{ .name = "--overwrite", .kind = CMDARGS_FLAG, .off = REPORT_AT(overwrite),
	  .help = "replace an existing report" },
};

const struct cmdargs_spec cmd_report_args = {
	.cmd = "report",
	.synopsis = "INPUT... [OPTIONS]",
	.about = "  INPUT is a result folder, an iosweep results.csv or an IOzone report;\n"
	"  with two or more, each is compared against the first.\n",
	.opts = report_opts,
	.nopts = sizeof(report_opts) / sizeof(report_opts[0]),
	.min_inputs = 1,
	.too_few = "no INPUT given (a result folder, results.csv or an IOzone report)",
};

int cmd_report(int argc, char **argv)
{
	struct cmdargs ca;
	struct report_args a = { 0 };
	int rc;
	struct result_set *sets = NULL, **ptrs = NULL;
	char err[IOSWEEP_ERR_MAX], *path = NULL, size[64];
	struct html_outcome oc;
	struct curve_table curve = { 0 };
	struct cmdargs_list step_labels = { 0 }, *labels = &a.labels;
	char **steps = NULL;
	size_t nsteps = 0;

	if ((rc = cmdargs_command(&ca, &cmd_report_args, &a, argc, argv, stdout, stderr)) >= 0)
		return rc;
	if (a.labels.n > ca.ninputs) {
		cmd_msg("report", "%zu --label options for %zu inputs",
			a.labels.n, ca.ninputs);
		rc = IOSWEEP_EXIT_USAGE;
		goto out;
	}
	if (a.out) {
		path = strdup(a.out);
	} else if (ca.ninputs == 1 && plat_stat(ca.inputs[0], 1, NULL) == PLAT_DIR) {
		size_t n = strlen(ca.inputs[0]) + sizeof("/report.html");
		if ((path = malloc(n)) != NULL)
			snprintf(path, n, "%s/report.html", ca.inputs[0]);
	} else {
		path = strdup("iosweep-report.html");
	}
	if (path && (rc = curve_inputs(&ca, &curve, &steps, &nsteps)) != 0)
		goto out;
	if (nsteps) {
		if (curve_use_steps(&ca, &step_labels, steps, nsteps) != 0) {
			cmd_msg("report", "out of memory");
			rc = IOSWEEP_EXIT_FAILURE;
			goto out;
		}
		if (!a.labels.n)
			labels = &step_labels;
	}
	sets = calloc(ca.ninputs, sizeof(*sets));
	ptrs = calloc(ca.ninputs, sizeof(*ptrs));
	if (!path || !sets || !ptrs) {
		cmd_msg("report", "out of memory");
		rc = IOSWEEP_EXIT_FAILURE;
		goto out;
	}
	/* refuse before the (slow) loading and rendering */
	if (!a.overwrite && plat_stat(path, 0, NULL) != PLAT_NONE) {
		cmd_msg("report", "'%s' exists already; choose another --out "
			"or add --overwrite", path);
		rc = IOSWEEP_EXIT_USAGE;
		goto out;
	}
	for (size_t i = 0; i < ca.ninputs; i++) {
		results_init(&sets[i]);
		ptrs[i] = &sets[i];
	}
	if ((rc = cmd_load_sets("report", ca.inputs, ca.ninputs, labels, sets)) != 0)
		goto out;

	const struct html_opts ho = {
		.sources = (const char *const *)ca.inputs,
		.highlight = a.highlight,
		.log_y = a.log_y,
		.charts = !a.no_charts,
		.overwrite = a.overwrite,
		.curve = curve.n ? &curve : NULL,
	};
	if (html_write_report(ptrs, ca.ninputs, &ho, path, &oc, err, sizeof(err)) != 0) {
		cmd_msg("report", "%s", err);
		rc = strncmp(err, "--highlight", 11) == 0 ? IOSWEEP_EXIT_USAGE
							  : IOSWEEP_EXIT_FAILURE;
		goto out;
	}
	if (oc.gnuplot_missing)
		cmd_msg("report", "gnuplot not found, so the report has every "
			"table but no chart; install gnuplot for the charts");
	if (oc.chart_failures) {
		cmd_msg("report", "%zu chart%s could not be drawn: %s",
			oc.chart_failures, oc.chart_failures == 1 ? "" : "s", oc.first_failure);
		rc = IOSWEEP_EXIT_FAILURE;
	}
	units_format_bytes_human(oc.bytes, size, sizeof(size));
	cmd_msg("report", "%s (%zu chart%s, %s)", path, oc.charts,
		oc.charts == 1 ? "" : "s", size);
out:
	for (size_t i = 0; sets && i < ca.ninputs; i++)
		results_release(&sets[i]);
	free(sets);
	free(ptrs);
	free(path);
	cmdargs_release(&ca);
	for (size_t k = 0; k < 2 * nsteps; k++)
		free(steps[k]);
	free(steps);
	free(step_labels.items);
	curve_table_release(&curve);
	return rc;
}
