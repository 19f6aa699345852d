/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_clients.c: the chart of many-client runs (iosweep-mpi) taken
 * together: clients-<test>.gp draws the aggregate throughput of each run
 * against its number of clients, one line per file size, at one record
 * size, so runs with 1, 2, 4, 8 clients show where a NAS stops scaling.
 *
 * A run counts when its meta says how many clients it had (a sweep of
 * iosweep-mpi, or its folder imported); the chart is written when at
 * least two such runs have different client counts.  Each point is the
 * mean of the cell's trials (the aggregates of results_values), with the
 * trials' min and max as the error bar.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "charts/gnuplot_clients.h"
#include "charts/gnuplot_script_priv.h"
#include "charts/gnuplot_script.h"
#include "iosweep.h"
#include "lib/err.h"
#include "lib/strbuf.h"
#include "model/results.h"
#include "model/stats.h"
#include "model/units.h"

#define CLIENTS_MAX_SIZES 12   /* lines on the chart: the largest sizes */

/* The runs that know their clients, by client count (then input order). */
static size_t runs_by_clients(struct result_set *const *sets, size_t nsets,
			      size_t *which)
{
	size_t n = 0;

	for (size_t i = 0; i < nsets; i++) {
		size_t k = n++;
		if (!sets[i]->nclients) {
			n--;
			continue;
		}
		while (k > 0 && sets[which[k - 1]]->nclients > sets[i]->nclients) {
			which[k] = which[k - 1];
			k--;
		}
		which[k] = i;
	}
	return n;
}

/* The file sizes any of the runs has at (col, record_kb), ascending. */
static size_t file_sizes(struct result_set *const *sets, const size_t *which,
			 size_t nruns, int col, uint64_t record_kb, uint64_t *out,
			 size_t max)
{
	size_t n = 0;

	for (size_t r = 0; r < nruns; r++) {
		const struct result_set *rs = sets[which[r]];
		for (size_t c = 0; c < rs->ncells; c++) {
			uint64_t kb = rs->cells[c].file_kb;
			size_t k;
			if (rs->cells[c].placeholder || rs->cells[c].record_kb != record_kb ||
			    !results_has(rs, c, col))
				continue;
			for (k = 0; k < n && out[k] != kb; k++)
				;
			if (k < n)
				continue;
			if (n == max) {	/* keep the largest */
				size_t lo = 0;
				for (k = 1; k < n; k++)
					if (out[k] < out[lo])
						lo = k;
				if (out[lo] > kb)
					continue;
				out[lo] = kb;
			} else {
				out[n++] = kb;
			}
		}
	}
	for (size_t i = 1; i < n; i++)
		for (size_t k = i; k > 0 && out[k - 1] > out[k]; k--) {
			uint64_t t = out[k];
			out[k] = out[k - 1];
			out[k - 1] = t;
		}
	return n;
}

/* The data block of one file size; 1 when it has a point. */
static int size_block(struct sbuf *data, struct result_set *const *sets,
		      const size_t *which, size_t nruns, int col, uint64_t file_kb,
		      uint64_t record_kb, size_t block)
{
	int points = 0;

	sb_printf(data, "$size%zu << EOD\n", block);
	for (size_t r = 0; r < nruns; r++) {
		const struct result_set *rs = sets[which[r]];
		long cell = results_find_cell(rs, file_kb, record_kb);
		struct stats_summary s;
		if (cell < 0 ||
		    results_cell_summary(rs, (size_t)cell, col, RESULTS_UNIT_KBPS, &s) <= 0)
			continue;
		sb_printf(data, "%u %.3f %.3f %.3f\n", rs->nclients, s.mean, s.min, s.max);
		points = 1;
	}
	sb_puts(data, "EOD\n");
	return points;
}

int gnuplot_clients_write(struct result_set *const *sets, size_t nsets, int col,
			  const char *slug, uint64_t record_kb,
			  const struct gnuplot_opts *go, const char *dir,
			  struct gnuplot_files *written, char *err, size_t errlen)
{
	size_t *which = calloc(nsets + 1, sizeof(*which)), nruns, nsizes;
	uint64_t sizes[CLIENTS_MAX_SIZES];
	struct sbuf title = { 0 }, title_q = { 0 }, what = { 0 }, from = { 0 },
		data = { 0 }, xtics = { 0 }, plot = { 0 }, term = { 0 }, out = { 0 };
	const char *term_name = go->term ? go->term : "png";
	char name[64], rec[32], xmin[32], xmax[32];
	int rc = -1, lines = 0;

	if (!which)
		return err_set(err, errlen, "out of memory");
	nruns = runs_by_clients(sets, nsets, which);
	if (nruns < 2 || sets[which[0]]->nclients == sets[which[nruns - 1]]->nclients) {
		free(which);
		return 0;	/* one client count: nothing to compare */
	}
	nsizes = file_sizes(sets, which, nruns, col, record_kb, sizes,
			    CLIENTS_MAX_SIZES);
	units_format_kb(record_kb, rec, sizeof(rec));
	for (size_t i = 0; i < nsizes; i++) {
		char fs[32];
		if (!size_block(&data, sets, which, nruns, col, sizes[i], record_kb, i))
			continue;
		units_format_kb(sizes[i], fs, sizeof(fs));
		sb_printf(&plot, "%s  $size%zu using 1:2:3:4 with yerrorlines lw 2 "
			  "title '%s file'", lines++ ? ", \\\n" : "", i, fs);
	}
	if (!lines) {
		rc = 0;
		goto out;
	}
	sb_puts(&plot, "\n");
	for (size_t r = 0; r < nruns; r++) {
		unsigned n = sets[which[r]]->nclients;
		if (r == 0 || n != sets[which[r - 1]]->nclients)
			sb_printf(&xtics, "%s%u", r ? ", " : "", n);
	}
	snprintf(xmin, sizeof(xmin), "%.6g", sets[which[0]]->nclients * 0.8);
	snprintf(xmax, sizeof(xmax), "%.6g", sets[which[nruns - 1]]->nclients * 1.1 + 0.5);
	sb_printf(&title, "%s: aggregate throughput against clients, %s records",
		  results_col_name(col), rec);
	sb_quoted(&title_q, title.p);
	sb_printf(&what, "the aggregate %s throughput of %zu many-client runs "
		  "(mean of the trials, min..max bars) at %s records, one line per "
		  "file size", results_col_name(col), nruns, rec);
	gnuplot_sb_from(&from, sets, go->sources, which, nruns);
	snprintf(name, sizeof(name), "clients-%s", slug);
	if (gnuplot_terminal_text(&term, name, term_name, 1000, 650, err, errlen) != 0)
		goto out;
	const struct tvar vars[] = {
		{ "TITLE", title.p }, { "TITLE_Q", title_q.p }, { "WHAT", what.p },
		{ "FROM", from.p }, { "NAME", name }, { "EXT", gnuplot_term_ext(term_name) },
		{ "VERSION", IOSWEEP_VERSION }, { "TERMINAL", term.p }, { "DATA", data.p },
		{ "XMIN", xmin }, { "XMAX", xmax }, { "XTICS", xtics.p }, { "PLOT", plot.p },
	};
	if (title.failed || what.failed || from.failed || data.failed || plot.failed ||
	    xtics.failed) {
		err_set(err, errlen, "out of memory");
		goto out;
	}
	if (gnuplot_template_fill(&out, "clients.gp", vars, sizeof(vars) / sizeof(vars[0]),
				  err, errlen) != 0)
		goto out;
	rc = gnuplot_write_script(dir, name, &out, col, title.p, what.p, go->overwrite,
				  written, err, errlen);
out:
	sb_release(&title);
	sb_release(&title_q);
	sb_release(&what);
	sb_release(&from);
	sb_release(&data);
	sb_release(&xtics);
	sb_release(&plot);
	sb_release(&term);
	sb_release(&out);
	free(which);
	return rc;
}
