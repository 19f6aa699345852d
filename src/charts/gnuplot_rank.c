/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_rank.c: the ranked bar chart (see gnuplot_rank.h), written
 * through the bar-chart writer the queue-depth charts use
 * (gnuplot_qd_chart) with its own template, plots/rank.gp.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>

#include "charts/gnuplot_qd.h"
#include "charts/gnuplot_rank.h"
#include "charts/gnuplot_script_priv.h"
#include "lib/err.h"
#include "lib/strbuf.h"

/* A label for a tab-separated data row: tabs and control characters as spaces. */
static void sb_field(struct sbuf *b, const char *s)
{
	for (; s && *s; s++)
		sb_add(b, (unsigned char)*s < 0x20 ? " " : s, 1);
}

static void sb_num(struct sbuf *b, double v)
{
	if (isfinite(v))
		sb_printf(b, "\t%.3f", v);
	else
		sb_puts(b, "\t");
}

int gnuplot_rank_chart(const struct gnuplot_rank_bar *bars, size_t n, const char *dir,
		       const char *name, const char *term, const char *title,
		       const char *what, int overwrite, struct gnuplot_files *files,
		       char *err, size_t errlen)
{
	struct sbuf data = { 0 }, plot = { 0 }, from = { 0 };
	int any_hl = 0, rc;

	if (n == 0)
		return err_set(err, errlen, "no run to chart");
	for (size_t i = 0; i < n; i++) {
		sb_printf(&data, "%zu\t", i + 1);
		sb_field(&data, bars[i].label);
		sb_num(&data, bars[i].mean_kbps);
		sb_num(&data, bars[i].ci_low);
		sb_num(&data, bars[i].ci_high);
		sb_printf(&data, "\t%d%s", bars[i].highlight ? 1 : 0, i + 1 < n ? "\n" : "");
		any_hl |= bars[i].highlight;
	}
	sb_plain(&from, what);
	sb_puts(&plot, "  $rank using 1:($6 == 0 ? $3 : NaN):xtic(2) with boxes "
		"lc rgb '#4c72b0' title 'runs'");
	if (any_hl)
		sb_puts(&plot, ", \\\n  $rank using 1:($6 == 1 ? $3 : NaN) with boxes "
			"lc rgb '#dd5522' title 'highlighted'");
	sb_puts(&plot, ", \\\n  $rank using 1:3:4:5 with yerrorbars lc rgb '#202020' pt -1 "
		"title '95% confidence interval'");
	rc = gnuplot_qd_chart("rank.gp", dir, name, -1, term, title, what, "kB/s (1 kB = 1024 bytes)",
			      &from, &data, &plot, NULL, 0, overwrite, files, err, errlen);
	sb_release(&data);
	sb_release(&plot);
	sb_release(&from);
	return rc;
}
