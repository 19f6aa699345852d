/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * html_curve.c: the report's section on the saturation curve, drawn when
 * the report is given one (html_opts.curve: a folder of `iosweep-mpi
 * clients-curve` holds clients-curve.csv): per test the sentence that
 * names the knee (analysis/curve.h, the same words the command printed),
 * the curve's charts (html_assets.c rendered them with the others) and a
 * table of the steps, the knee's row marked.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>

#include "analysis/curve.h"
#include "analysis/netbound.h"
#include "html/html_assets.h"
#include "html/html_priv.h"
#include "html/html_util.h"
#include "lib/outfile.h"
#include "model/results.h"

/* A figure in MB/s (from kB/s) or microseconds, sortable; empty when NaN. */
static void fig_cell(struct outfile *f, double v, int decimals)
{
	if (isfinite(v))
		outfile_printf(f, "<td data-v=\"%.6g\">%.*f</td>", v, decimals, v);
	else
		outfile_printf(f, "<td data-v=\"0\"></td>");
}

/* The steps of test col, the knee's row marked. */
static void curve_table_write(struct outfile *f, const struct curve_table *t, int col,
			      long knee)
{
	outfile_printf(f, "<div class=\"scroll\"><table class=\"sortable\"><caption>%s: MB/s "
		       "(1 MB = 2<sup>20</sup> bytes); each client's own rate over the "
		       "clients and trials; latency of every client's operations, trials "
		       "merged</caption>\n<thead><tr><th scope=\"col\">clients</th>"
		       "<th scope=\"col\">aggregate</th><th scope=\"col\">client min</th>"
		       "<th scope=\"col\">median</th><th scope=\"col\">max</th>"
		       "<th scope=\"col\">p50 &micro;s</th><th scope=\"col\">p99 &micro;s</th>"
		       "</tr></thead>\n<tbody>\n", results_col_name(col));
	for (size_t i = 0; i < t->n; i++) {
		const struct curve_step *st = &t->steps[i];
		if (st->col != col)
			continue;
		outfile_printf(f, "<tr><th scope=\"row\" data-v=\"%u\">%u%s</th>", st->clients,
			       st->clients, (long)i == knee ? " (knee)" : "");
		fig_cell(f, st->agg_kbps / 1024.0, 1);
		fig_cell(f, st->client_min_kbps / 1024.0, 1);
		fig_cell(f, st->client_median_kbps / 1024.0, 1);
		fig_cell(f, st->client_max_kbps / 1024.0, 1);
		fig_cell(f, st->lat_us[0], 1);
		fig_cell(f, st->lat_us[2], 1);
		outfile_printf(f, "</tr>\n");
	}
	outfile_printf(f, "</tbody></table></div>\n");
}

void html_curve_write(struct outfile *f, const struct curve_table *t,
		      const struct html_assets *a)
{
	struct netbound_link link = { .kbps = 0 };
	char err[256], line[512];
	size_t drawn = 0;

	if (t->link[0] && netbound_parse_link(t->link, &link, err, sizeof(err)) != 0)
		link.kbps = 0;
	outfile_printf(f, "<section class=\"test\" id=\"t-curve\">\n<h2>How many clients "
		       "until the share saturates</h2>\n<p>The same cell on 1, 2, 4 ... "
		       "clients (<code>iosweep-mpi clients-curve</code>).  The knee is the "
		       "smallest count past which the aggregate grows less than 10%% per "
		       "doubling of the clients.</p>\n<ul>\n");
	for (int col = 0; col < RC_COUNT; col++) {
		long last, knee = curve_knee_of(t->steps, t->n, col, &last);
		if (last < 0)
			continue;
		curve_describe(&t->steps[knee >= 0 ? knee : last], knee >= 0,
			       link.kbps > 0 ? &link : NULL, line, sizeof(line));
		outfile_printf(f, "<li><strong>%s</strong>: ", results_col_name(col));
		html_text(f, line);
		outfile_printf(f, "</li>\n");
	}
	outfile_printf(f, "</ul>\n");
	for (size_t k = 0; k < a->ncharts; k++) {
		if (!a->charts[k].curve)
			continue;
		html_chart_write(f, a, k);
		drawn++;
	}
	if (!drawn && a->gnuplot_missing)
		outfile_printf(f, "<p class=\"note\">No chart: gnuplot was not found.</p>\n");
	for (int col = 0; col < RC_COUNT; col++) {
		long last, knee = curve_knee_of(t->steps, t->n, col, &last);
		if (last >= 0)
			curve_table_write(f, t, col, knee);
	}
	outfile_printf(f, "</section>\n");
}
