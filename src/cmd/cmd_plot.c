/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_plot.c: `iosweep plot INPUT...`, the charts of result folders, our
 * CSVs or IOzone reports.
 *
 * Each INPUT becomes one result set (through import_load), i.e. one line
 * on the drive comparison.  The scripts go to --out (default: <folder>/plots
 * for a single result folder, else ./iosweep-plots); they are rendered with
 * gnuplot when it is installed.  When it is not, the scripts are still
 * written, the message says how to render them, and the exit status is 0,
 * unless --render asked for rendered charts explicitly: then it is
 * IOSWEEP_EXIT_MISSING (5).  --no-render only writes the scripts.
 */
#include "compat.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options/cmdargs.h"
#include "cmd/commands.h"
#include "charts/gnuplot.h"
#include "import/import.h"
#include "iosweep.h"
#include "model/results.h"
#include "model/units.h"
#include "platform/platform.h"


struct plot_args {
	struct cmdargs ca;
	char **inputs;           /* ca's */
	size_t ninputs;
	struct cmdargs_list labels;
	const char *out, *format, *tests, *record, *ref, *ref_file, *highlight, *errors;
	int log_y, latency, no_cliffs, render, no_render;
};

#define PLOT_AT(field) offsetof(struct plot_args, field)

static const struct cmdargs_opt plot_opts[] = {
	{ .name = "--out", .kind = CMDARGS_STRING, .off = PLOT_AT(out), .metavar = "DIR",
	  .help = "where the scripts go (default: FOLDER/plots for one result folder, "
	  "else ./iosweep-plots)" },
	{ .name = "--format", .kind = CMDARGS_STRING, .off = PLOT_AT(format),
	  .metavar = "TERM", .help = "a gnuplot terminal that writes a file: png (the "
	  "default), pngcairo, svg, pdf, pdfcairo, dumb (text), canvas (html), eps, ...; "
	  "the extension follows the terminal" },
	{ .name = "--tests", .kind = CMDARGS_STRING, .off = PLOT_AT(tests), .metavar = "LIST",
	  .help = "the tests to chart, e.g. write,read (default: all run)" },
	{ .name = "--record", .kind = CMDARGS_STRING, .off = PLOT_AT(record),
	  .metavar = "SIZE|all", .help = "record size of the 2D charts (default 64k when "
	  "run) or one line per record size" },
	{ .name = "--ref", .kind = CMDARGS_STRING, .off = PLOT_AT(ref), .metavar = "NAMES",
	  .help = "reference lines: names, 'all' or 'none' (default: 100 Mbit Ethernet, "
	  "FireWire 400, gigabit Ethernet)" },
	{ .name = "--ref-file", .kind = CMDARGS_STRING, .off = PLOT_AT(ref_file),
	  .metavar = "FILE", .help = "reference lines from a CSV file (name,kbps,note)" },
	{ .name = "--label", .kind = CMDARGS_LIST, .off = PLOT_AT(labels), .metavar = "NAME",
	  .help = "label of the next INPUT without one (repeatable, in input order)" },
	{ .name = "--highlight", .kind = CMDARGS_STRING, .off = PLOT_AT(highlight),
	  .metavar = "LABEL", .help = "the set drawn thick on the overlay (default: the "
	  "last)" },
	{ .name = "--errors", .kind = CMDARGS_STRING, .off = PLOT_AT(errors),
	  .metavar = "KIND", .help = "error bars: minmax (the default), ci (95%) or none" },
	{ .name = "--log-y", .kind = CMDARGS_FLAG, .off = PLOT_AT(log_y),
	  .help = "logarithmic throughput axis" },
	{ .name = "--latency", .kind = CMDARGS_FLAG, .off = PLOT_AT(latency),
	  .help = "also chart microseconds per operation" },
	{ .name = "--no-cliffs", .kind = CMDARGS_FLAG, .off = PLOT_AT(no_cliffs),
	  .help = "do not mark cache cliffs" },
	{ .name = "--render", .kind = CMDARGS_FLAG, .off = PLOT_AT(render),
	  .help = "fail (exit 5) when gnuplot is missing" },
	{ .name = "--no-render", .kind = CMDARGS_FLAG, .off = PLOT_AT(no_render),
	  .help = "only write the scripts" },
};

const struct cmdargs_spec cmd_plot_args = {
	.cmd = "plot",
	.synopsis = "INPUT... [OPTIONS]",
	.about = "  INPUT is a result folder, an iosweep results.csv or an IOzone report;\n"
	"  each one is a line on the charts.\n",
	.opts = plot_opts,
	.nopts = sizeof(plot_opts) / sizeof(plot_opts[0]),
	.min_inputs = 1,
	.too_few = "no INPUT given (a result folder, results.csv or an IOzone report)",
};

/* Read the command line into a.  0 (go on), -1 (--help printed) or an exit code. */
static int parse_args(int argc, char **argv, struct plot_args *a)
{
	int rc = cmdargs_command(&a->ca, &cmd_plot_args, a, argc, argv, stdout, stderr);

	if (rc >= 0)
		return rc == IOSWEEP_EXIT_OK ? -1 : rc;
	a->inputs = a->ca.inputs;
	a->ninputs = a->ca.ninputs;
	if (a->labels.n > a->ninputs) {
		cmd_msg("plot", "%zu --label options for %zu inputs",
			a->labels.n, a->ninputs);
		return IOSWEEP_EXIT_USAGE;
	}
	if (a->render && a->no_render) {
		cmd_msg("plot", "--render and --no-render contradict each other");
		return IOSWEEP_EXIT_USAGE;
	}
	return 0;
}

/* Turn the textual options into gnuplot_opts.  0 or an exit code. */
static int make_opts(const struct plot_args *a, struct gnuplot_opts *go,
		     struct gnuplot_refs *refs)
{
	char err[IOSWEEP_ERR_MAX];
	struct gnuplot_refs all = { 0 };

	go->term = a->format ? a->format : "png";
	if (!gnuplot_term_valid(go->term)) {
		cmd_msg("plot", "--format '%s': %s", go->term,
			gnuplot_term_why(go->term));
		return IOSWEEP_EXIT_USAGE;
	}
	/* a terminal this gnuplot lacks: refused before anything is written */
	if (!a->no_render && gnuplot_has_term(go->term, err, sizeof(err)) == 0) {
		cmd_msg("plot", "--format '%s': %s", go->term,
			gnuplot_term_why(go->term));
		return IOSWEEP_EXIT_USAGE;
	}
	for (const char *p = a->tests; p && *p;) {
		char name[64];
		size_t n = strcspn(p, ",");
		snprintf(name, sizeof(name), "%.*s", (int)(n < 63 ? n : 63), p);
		int col = results_col_from_name(name);
		if (col < 0) {
			cmd_msg("plot", "--tests '%s': unknown test (use IOzone's "
				"column names: write, rewrite, read, reread, random-read, ...)", name);
			return IOSWEEP_EXIT_USAGE;
		}
		go->cols_mask |= 1u << col;
		p += n + (p[n] == ',');
	}
	if (a->record && strcmp(a->record, "all") == 0) {
		go->all_records = 1;
	} else if (a->record && units_parse_size_kb(a->record, &go->record_kb, err, sizeof(err))) {
		cmd_msg("plot", "--record '%s': %s", a->record, err);
		return IOSWEEP_EXIT_USAGE;
	}
	go->errbars = GNUPLOT_ERR_MINMAX;
	if (a->errors && strcmp(a->errors, "ci") == 0)
		go->errbars = GNUPLOT_ERR_CI95;
	else if (a->errors && strcmp(a->errors, "none") == 0)
		go->errbars = GNUPLOT_ERR_NONE;
	else if (a->errors && strcmp(a->errors, "minmax") != 0) {
		cmd_msg("plot", "--errors '%s': use minmax, ci or none", a->errors);
		return IOSWEEP_EXIT_USAGE;
	}
	if (gnuplot_refs_load(&all, a->ref_file, err, sizeof(err)) != 0) {
		cmd_msg("plot", "--ref-file: %s", err);
		return IOSWEEP_EXIT_INPUT;
	}
	int rc = gnuplot_refs_select(&all, a->ref, refs, err, sizeof(err));
	gnuplot_refs_release(&all);
	if (rc != 0) {
		cmd_msg("plot", "%s", err);
		return IOSWEEP_EXIT_USAGE;
	}
	go->refs = refs;
	go->highlight = a->highlight;
	go->log_y = a->log_y;
	go->latency = a->latency;
	go->cliffs = !a->no_cliffs;
	go->overwrite = 1;
	go->sources = (const char *const *)a->inputs;
	return 0;
}

/* "dir/nas-a.txt" -> "nas-a": the label of an input that has none. */
static void default_label(const char *path, char *out, size_t outlen)
{
	size_t n = strlen(path);
	while (n > 1 && path[n - 1] == '/')
		n--;
	const char *start = path;
	for (size_t i = 0; i < n; i++)
		if (path[i] == '/')
			start = path + i + 1;
	size_t len = (size_t)(path + n - start);
	const char *dot = memchr(start, '.', len);
	if (dot && dot != start)
		len = (size_t)(dot - start);
	snprintf(out, outlen, "%.*s", (int)len, start);
}

static int is_dir(const char *path)
{
	return plat_stat(path, 1, NULL) == PLAT_DIR;
}

int cmd_load_sets(const char *cmd, char *const *inputs, size_t ninputs,
		  const struct cmdargs_list *labels, struct result_set *sets)
{
	char err[IOSWEEP_ERR_MAX], label[256];
	for (size_t i = 0; i < ninputs; i++) {
		if (import_load(&sets[i], inputs[i], 0, err, sizeof(err)) != 0) {
			fprintf(stderr, "iosweep %s: %s\n", cmd, err);
			return IOSWEEP_EXIT_INPUT;
		}
		const char *l = i < labels->n ? labels->items[i] : NULL;
		if (!l && (!sets[i].meta.label || !*sets[i].meta.label)) {
			default_label(inputs[i], label, sizeof(label));
			l = label;
		}
		if (l && results_set_str(&sets[i].meta.label, l) != 0) {
			fprintf(stderr, "iosweep %s: out of memory\n", cmd);
			return IOSWEEP_EXIT_FAILURE;
		}
	}
	return 0;
}

/* Render every script; print what was made.  0 or an exit code. */
static int render_all(const struct gnuplot_files *files, const char *term)
{
	char err[IOSWEEP_ERR_MAX];
	const char *ext = gnuplot_term_ext(term);
	int rc = 0;
	for (size_t i = 0; i < files->n; i++) {
		const char *p = files->items[i].path;
		if (gnuplot_render(p, term, err, sizeof(err)) != 0) {
			cmd_msg("plot", "%s", err);
			rc = IOSWEEP_EXIT_FAILURE;
			continue;
		}
		cmd_msg("plot", "%.*s.%s", (int)(strlen(p) - 3), p, ext);
	}
	return rc;
}

int cmd_plot(int argc, char **argv)
{
	struct plot_args a = { 0 };
	struct gnuplot_opts go = { 0 };
	struct gnuplot_refs refs = { 0 };
	struct gnuplot_files files = { 0 };
	struct result_set *sets = NULL, **ptrs = NULL;
	char err[IOSWEEP_ERR_MAX], *out_dir = NULL;
	int rc = parse_args(argc, argv, &a);

	if (rc != 0) {
		rc = rc < 0 ? IOSWEEP_EXIT_OK : rc;
		goto out;
	}
	if ((rc = make_opts(&a, &go, &refs)) != 0)
		goto out;
	sets = calloc(a.ninputs, sizeof(*sets));
	ptrs = calloc(a.ninputs, sizeof(*ptrs));
	if (!sets || !ptrs) {
		cmd_msg("plot", "out of memory");
		rc = IOSWEEP_EXIT_FAILURE;
		goto out;
	}
	for (size_t i = 0; i < a.ninputs; i++) {
		results_init(&sets[i]);
		ptrs[i] = &sets[i];
	}
	if ((rc = cmd_load_sets("plot", a.inputs, a.ninputs, &a.labels, sets)) != 0)
		goto out;

	if (a.out) {
		out_dir = strdup(a.out);
	} else if (a.ninputs == 1 && is_dir(a.inputs[0])) {
		size_t n = strlen(a.inputs[0]) + 8;
		out_dir = malloc(n);
		if (out_dir)
			snprintf(out_dir, n, "%s/plots", a.inputs[0]);
	} else {
		out_dir = strdup("iosweep-plots");
	}
	if (!out_dir) {
		cmd_msg("plot", "out of memory");
		rc = IOSWEEP_EXIT_FAILURE;
		goto out;
	}
	if (gnuplot_write_charts(ptrs, a.ninputs, &go, out_dir, &files, err, sizeof(err))) {
		cmd_msg("plot", "%s", err);
		rc = IOSWEEP_EXIT_FAILURE;
		goto out;
	}
	if (a.no_render || !gnuplot_available()) {
		char hint[1024];
		for (size_t i = 0; i < files.n; i++)
			cmd_msg("plot", "%s", files.items[i].path);
		if (!a.no_render) {
			gnuplot_render_hint(out_dir, go.term, hint, sizeof(hint));
			cmd_msg("plot", "gnuplot not found, so the charts were not "
				"rendered; %s", hint);
			rc = a.render ? IOSWEEP_EXIT_MISSING : IOSWEEP_EXIT_OK;
		}
		goto out;
	}
	rc = render_all(&files, go.term);
out:
	for (size_t i = 0; sets && i < a.ninputs; i++)
		results_release(&sets[i]);
	free(sets);
	free(ptrs);
	free(out_dir);
	cmdargs_release(&a.ca);
	gnuplot_files_release(&files);
	gnuplot_refs_release(&refs);
	return rc;
}
