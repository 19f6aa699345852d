/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * html_util.h: what every file of the report is written with: the
 * options the report is made with, and text made safe for HTML.
 */
#ifndef IOSWEEP_HTML_UTIL_H
#define IOSWEEP_HTML_UTIL_H

struct curve_table;
struct outfile;

struct html_opts {
	const char *const *sources; /* optional: the input each set came from */
	const char *highlight;      /* label drawn thick on the overlays (NULL: the last) */
	int log_y;                  /* logarithmic throughput axis on the charts */
	int charts;                 /* 1: draw the charts (gnuplot); 0: tables only */
	int overwrite;              /* replace an existing report */
	const struct curve_table *curve; /* optional: a saturation curve (clients-curve.csv)
					    to draw in a section of its own */
};

/* Text for HTML: & < > " ' as entities, other control characters as spaces. */
void html_text(struct outfile *f, const char *s);

#endif
