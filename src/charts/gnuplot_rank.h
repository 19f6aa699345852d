/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_rank.h: the ranked bar chart of `iosweep db rank` (the NAS
 * chart): one bar per run, best first, the 95% confidence interval of
 * each mean as an error bar, one run drawn in another colour.
 */
#ifndef IOSWEEP_GNUPLOT_RANK_H
#define IOSWEEP_GNUPLOT_RANK_H

#include <stddef.h>
#include <stdint.h>

struct gnuplot_files;

struct gnuplot_rank_bar {
	const char *label;
	double mean_kbps, ci_low, ci_high;  /* CI: NaN when unknown */
	int highlight;
};

/*
 * Write dir/name.gp (term: its default terminal, NULL png) from the
 * template plots/rank.gp.  title and what describe the query.
 * Chart appended to files.  0 or -1.
 */
int gnuplot_rank_chart(const struct gnuplot_rank_bar *bars, size_t n, const char *dir,
		       const char *name, const char *term, const char *title,
		       const char *what, int overwrite, struct gnuplot_files *files,
		       char *err, size_t errlen);

#endif
