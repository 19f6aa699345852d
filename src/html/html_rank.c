/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * html_rank.c: the page of `iosweep db rank --html` (see html_rank.h).
 * Written like the report (html.c): one file, no outside resource, text
 * made safe by html_text, the chart gnuplot's own SVG.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>

#include "html/html_rank.h"
#include "html/html_util.h"
#include "iosweep.h"
#include "lib/outfile.h"

static void num(struct outfile *f, double v)
{
	if (isfinite(v))
		outfile_printf(f, "<td class=n>%.1f</td>", v);
	else
		outfile_printf(f, "<td class=n></td>");
}

int html_rank_write(const char *path, const char *title, const char *what,
		    const char *svg, const struct html_rank_row *rows, size_t n,
		    int overwrite, char *err, size_t errlen)
{
	struct outfile f;

	if (outfile_open(&f, path, 0, overwrite, err, errlen))
		return -1;
	outfile_printf(&f, "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>\n<title>");
	html_text(&f, title);
	outfile_printf(&f, "</title>\n<style>body{font-family:sans-serif;margin:2em}"
		       "table{border-collapse:collapse}td,th{padding:2px 8px;border-bottom:1px "
		       "solid #ddd}td.n{text-align:right;font-variant-numeric:tabular-nums}"
		       "tr.hl{background:#fbe3d6;font-weight:bold}svg{max-width:100%%;height:auto}"
		       "</style></head><body>\n<h1>");
	html_text(&f, title);
	outfile_printf(&f, "</h1>\n<p>");
	html_text(&f, what);
	outfile_printf(&f, "</p>\n");
	if (svg)
		outfile_printf(&f, "<figure>%s</figure>\n", svg);
	outfile_printf(&f, "<table><tr><th>rank</th><th>run</th><th>label</th><th>host</th>"
		       "<th>file system</th><th>record kB</th><th>trials</th><th>mean kB/s</th>"
		       "<th>95%% CI low</th><th>95%% CI high</th></tr>\n");
	for (size_t i = 0; i < n; i++) {
		const struct html_rank_row *r = &rows[i];
		outfile_printf(&f, "<tr%s><td class=n>%zu</td><td class=n>%lld</td><td>",
			       r->highlight ? " class=hl" : "", i + 1, r->id);
		html_text(&f, r->label);
		outfile_printf(&f, "</td><td>");
		html_text(&f, r->host);
		outfile_printf(&f, "</td><td>");
		html_text(&f, r->fs_type);
		outfile_printf(&f, "</td><td class=n>%llu</td><td class=n>%u</td>",
			       (unsigned long long)r->record_kb, r->n);
		num(&f, r->mean_kbps);
		num(&f, r->ci_low);
		num(&f, r->ci_high);
		outfile_printf(&f, "</tr>\n");
	}
	outfile_printf(&f, "</table>\n<p>iosweep %s</p></body></html>\n", IOSWEEP_VERSION);
	return outfile_commit(&f, err, errlen);
}
