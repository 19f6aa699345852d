/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * html_rank.h: the ranked table of `iosweep db rank --html` as one
 * self-contained page: the title, the ranked bar chart (gnuplot's SVG,
 * inlined; none without gnuplot) and the table, the highlighted run
 * marked.
 */
#ifndef IOSWEEP_HTML_RANK_H
#define IOSWEEP_HTML_RANK_H

#include <stddef.h>
#include <stdint.h>

struct html_rank_row {
	long long id;
	const char *label, *host, *fs_type;
	uint64_t record_kb;
	unsigned n;
	double mean_kbps, ci_low, ci_high;   /* CI: NaN when unknown */
	int highlight;
};

/*
 * Write path (refusing an existing file unless overwrite): title, what
 * the ranking shows, svg (NULL: no chart) and rows[0..n).  0 or -1.
 */
int html_rank_write(const char *path, const char *title, const char *what,
		    const char *svg, const struct html_rank_row *rows, size_t n,
		    int overwrite, char *err, size_t errlen);

#endif
