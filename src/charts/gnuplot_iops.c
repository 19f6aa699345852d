/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_iops.c: the IOPS chart of a queue-depth sweep (--iodepth,
 * --jobs, --mix, --runtime; see qd.h), on the x axis it shares with the
 * latency charts (gnuplot_axis.h).
 *
 *   iops-<test>.gp  operations per second against the size the sets
 *                   vary (file size at one record size, or record size at
 *                   one file size), one line per result set, the mean of
 *                   the trials with min..max bars; for a --mix column the
 *                   reads and the writes among them dashed and dotted.
 *
 * A sweep of one file size and one record size at several queue depths
 * is the usual case, so "the size the sets vary" is chosen per chart from
 * the cells themselves rather than fixed to the file size as on the drive
 * comparison (gnuplot_xaxis_pick).  The figures come from the samples
 * (results_iops_mean, results_sample_iops: operations over the timed
 * region), the same numbers as summary.csv's iops and the profile's rows.
 * The script is made by the profile charts' writer (gnuplot_qd_chart) from
 * the line template plots/qd-grid.gp: the same chart, another x axis.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "charts/gnuplot_axis.h"
#include "charts/gnuplot_iops.h"
#include "charts/gnuplot_script_priv.h"
#include "charts/gnuplot_qd.h"
#include "charts/gnuplot_script.h"
#include "lib/err.h"
#include "lib/strbuf.h"
#include "model/results.h"
#include "model/units.h"

/* ------------------------------------------------------------------ */
/* the IOPS chart */

/* A queue-depth run: a workload in its meta, or samples split by direction. */
static int qd_set(const struct result_set *rs)
{
	if (rs->meta.workload)
		return 1;
	for (size_t i = 0; i < rs->nsamples; i++)
		if (rs->samples[i].flags & RESULTS_SF_SPLIT)
			return 1;
	return 0;
}

/* A cell with an IOPS figure: timed trials that counted operations. */
static int has_iops(const struct result_set *rs, size_t cell, int col)
{
	double m[3];
	return results_iops_mean(rs, cell, col, m) > 0 && m[0] > 0;
}

/* One point: the mean of the trials (all, reads, writes) and min..max of all. */
struct iops_point {
	uint64_t x_kb;
	double mean[3], lo, hi;
	unsigned trials;
};

static int point_cmp(const void *a, const void *b)
{
	const struct iops_point *p = a, *q = b;
	return p->x_kb < q->x_kb ? -1 : p->x_kb > q->x_kb;
}

/* The points of (rs, col) on ax into pts (rs->ncells long), sorted.  How many. */
static size_t iops_points(const struct result_set *rs, int col,
			  const struct gnuplot_xaxis *ax, struct iops_point *pts)
{
	size_t n = 0;

	for (size_t c = 0; c < rs->ncells; c++) {
		struct iops_point *p = &pts[n];
		if (!gnuplot_xaxis_at(ax, rs, c, &p->x_kb) || !has_iops(rs, c, col))
			continue;
		p->trials = results_iops_mean(rs, c, col, p->mean);
		p->lo = HUGE_VAL;
		p->hi = 0;
		for (size_t i = 0; i < rs->nsamples; i++) {
			const struct result_sample *s = &rs->samples[i];
			double v[3];
			if (s->cell != c || s->col != col || (s->flags & RESULTS_SF_PARTIAL))
				continue;
			results_sample_iops(s, v);
			if (!isfinite(v[0]))
				continue;
			p->lo = v[0] < p->lo ? v[0] : p->lo;
			p->hi = v[0] > p->hi ? v[0] : p->hi;
		}
		n++;
	}
	qsort(pts, n, sizeof(*pts), point_cmp);
	return n;
}

int gnuplot_iops_write(struct result_set *const *sets, size_t nsets, int col,
		       const char *slug, const struct gnuplot_opts *go, const char *dir,
		       struct gnuplot_files *written, char *err, size_t errlen)
{
	struct sbuf data = { 0 }, plot = { 0 }, from = { 0 }, tics = { 0 }, xlabel = { 0 };
	size_t *which = malloc((nsets ? nsets : 1) * sizeof(*which)), nwhich = 0, nlines = 0;
	struct iops_point *pts = NULL;
	struct gnuplot_xaxis ax;
	uint64_t xlo = UINT64_MAX, xhi = 0;
	char fixed[48], name[64], title[160], what[400], xmin[32], xmax[32];
	int any_qd = 0, mixed = results_col_mixed(col), rc = -1;

	if (!which)
		return err_set(err, errlen, "out of memory");
	/* sets without IOPS figures have no line */
	nwhich = gnuplot_sets_with(sets, nsets, col, has_iops, which);
	for (size_t k = 0; k < nwhich; k++)
		any_qd |= qd_set(sets[which[k]]);
	if (!any_qd) {
		rc = 0;                      /* no queue-depth run: the throughput charts say it */
		goto out;
	}
	gnuplot_xaxis_pick(sets, which, nwhich, col, go, has_iops, &ax);
	gnuplot_xaxis_fixed(&ax, fixed, sizeof(fixed));
	for (size_t k = 0; k < nwhich; k++) {
		const struct result_set *rs = sets[which[k]];
		struct iops_point *p = realloc(pts, (rs->ncells ? rs->ncells : 1) * sizeof(*p));
		if (!p) {
			err_set(err, errlen, "out of memory");
			goto out;
		}
		pts = p;
		size_t n = iops_points(rs, col, &ax, pts);
		if (!n)
			continue;
		nlines++;
		sb_printf(&data, "# line %zu: ", nlines);
		gnuplot_set_name(&data, sets, which[k]);
		sb_printf(&data, ", %s\n$s%zu << EOD\n", fixed, nlines);
		for (size_t j = 0; j < n; j++) {
			sb_printf(&data, "%llu %.3f %.3f %.3f %u %.3f %.3f\n",
				  (unsigned long long)pts[j].x_kb, pts[j].mean[0], pts[j].lo,
				  pts[j].hi, pts[j].trials, pts[j].mean[1], pts[j].mean[2]);
			xlo = pts[j].x_kb < xlo ? pts[j].x_kb : xlo;
			xhi = pts[j].x_kb > xhi ? pts[j].x_kb : xhi;
		}
		sb_puts(&data, "EOD\n");
		sb_printf(&plot, "%s    $s%zu using 1:2:3:4 with yerrorlines lt %zu lw 2 pt 7 "
			  "title ", nlines > 1 ? ", \\\n" : "", nlines, nlines);
		gnuplot_set_title(&plot, sets, which[k], NULL);
		if (mixed) {
			sb_printf(&plot, ", \\\n    $s%zu using 1:6 with linespoints lt %zu dt 2 "
				  "lw 1.5 pt 5 title ", nlines, nlines);
			gnuplot_set_title(&plot, sets, which[k], "reads");
			sb_printf(&plot, ", \\\n    $s%zu using 1:7 with linespoints lt %zu dt 3 "
				  "lw 1.5 pt 9 title ", nlines, nlines);
			gnuplot_set_title(&plot, sets, which[k], "writes");
		}
	}
	rc = 0;
	if (!nlines)
		goto out;
	sb_puts(&plot, "\n");
	sb_puts(&from, "the result sets below");
	gnuplot_sb_from(&from, sets, go->sources, which, nwhich);
	gnuplot_axis_tics(&tics, xlo, xhi, 1.25, GNUPLOT_AXIS_2D);
	gnuplot_xaxis_label(&xlabel, &ax);
	snprintf(xmin, sizeof(xmin), "%.6g", (double)xlo / 1.25);
	snprintf(xmax, sizeof(xmax), "%.6g", (double)xhi * 1.25);
	snprintf(name, sizeof(name), "iops-%s", slug);
	snprintf(title, sizeof(title), "%s IOPS against %s (%s)", results_col_name(col),
		 gnuplot_xaxis_name(&ax), fixed);
	snprintf(what, sizeof(what), "%s operations per second against %s on a log2 axis, "
		 "%s, one line per result set:\n#   the mean of the trials, error bars "
		 "min..max of the trials%s", results_col_name(col), gnuplot_xaxis_name(&ax),
		 fixed, mixed ? "; the mix's reads dashed, its writes dotted" : "");
	const char *extra[] = {
		"XMIN", xmin, "XMAX", xmax, "XTICS", tics.p ? tics.p : "",
		"XLABEL_Q", xlabel.p ? xlabel.p : "''",
		"COLUMNS", "the size (kB), IOPS: mean of the trials, min, max; trials; "
			   "the mean IOPS of the reads, of the writes",
	};
	rc = gnuplot_qd_chart("qd-grid.gp", dir, name, col, go->term ? go->term : "png", title,
			      what, "IOPS (operations per second)", &from, &data, &plot, extra,
			      sizeof(extra) / sizeof(extra[0]), go->overwrite, written,
			      err, errlen);
out:
	free(which);
	free(pts);
	sb_release(&data);
	sb_release(&plot);
	sb_release(&from);
	sb_release(&tics);
	sb_release(&xlabel);
	return rc;
}
