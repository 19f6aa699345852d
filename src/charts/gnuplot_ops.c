/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_ops.c: the charts of small-file operations (see gnuplot_ops.h
 * and plots/ops.gp).  The figures are results_ops.h's groups: the mean of
 * the full trials' calls per second per (operation, tree), with their
 * min..max or 95% confidence interval for the error bars, and the
 * latency figures of the trials' calls merged.  fileop's runs are drawn
 * against the force factor (a tree of force^3 files), other workloads
 * against their file count, on a log2 axis when it spans more than 16x.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "charts/gnuplot_ops.h"
#include "charts/gnuplot_script.h"
#include "charts/gnuplot_script_priv.h"
#include "iosweep.h"
#include "lib/err.h"
#include "lib/outfile.h"
#include "lib/strbuf.h"
#include "model/results.h"
#include "model/results_ops.h"

/* Each set's groups, computed once. */
struct ops_sets {
	struct results_op_group *g[64];
	long n[64];
	size_t nsets;
};

static double x_of(const struct results_op_group *g)
{
	return g->force ? (double)g->force : (double)g->files;
}

static void put_num(struct sbuf *b, double v)
{
	if (isfinite(v))
		sb_printf(b, " %.6g", v);
	else
		sb_puts(b, " NaN");
}

/* "fileop mkdir" -> "fileop-mkdir" */
static void slug(const char *test, char *out, size_t outlen)
{
	snprintf(out, outlen, "%s", test);
	for (char *p = out; *p; p++)
		if (*p == ' ' || *p == '/')
			*p = '-';
}

/* The x axis of values xs[0..n): range, tics and a log2 scale when wide. */
static void x_axis(const double *xs, size_t n, struct sbuf *tics, char *xmin, char *xmax,
		   size_t len, int *logx)
{
	double lo = HUGE_VAL, hi = 0;

	for (size_t i = 0; i < n; i++) {
		lo = fmin(lo, xs[i]);
		hi = fmax(hi, xs[i]);
		sb_printf(tics, "%s'%.0f' %.0f", i ? ", " : "", xs[i], xs[i]);
	}
	*logx = lo > 0 && hi / lo > 16;
	if (*logx) {
		snprintf(xmin, len, "%g", lo / 1.2);
		snprintf(xmax, len, "%g", hi * 1.2);
	} else {
		snprintf(xmin, len, "%g", lo - 0.5 > 0 ? lo - 0.5 : 0);
		snprintf(xmax, len, "%g", hi + 0.5);
	}
}

/* The texts of one chart. */
struct texts {
	struct sbuf title, what, from, data, tics, plot;
};

static void texts_release(struct texts *t)
{
	struct sbuf *all[] = { &t->title, &t->what, &t->from, &t->data, &t->tics, &t->plot };

	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		sb_release(all[i]);
}

/* Fill the template and write one script. */
static int write_one(const char *name, const struct texts *t, const char *columns,
		     const char *xlabel, const char *ylabel, const char *xmin, const char *xmax,
		     const char *rotate, const char *yaxis, const struct gnuplot_opts *go,
		     const char *dir, struct gnuplot_files *written, char *err, size_t errlen)
{
	struct sbuf term = { 0 }, out = { 0 };
	const char *term_name = go->term ? go->term : "png";
	int rc = -1;

	if (gnuplot_terminal_text(&term, name, term_name, 1000, 650, err, errlen) != 0)
		goto out;
	const struct tvar vars[] = {
		{ "TITLE", t->title.p }, { "WHAT", t->what.p }, { "FROM", t->from.p },
		{ "NAME", name }, { "EXT", gnuplot_term_ext(term_name) },
		{ "VERSION", IOSWEEP_VERSION }, { "TERMINAL", term.p }, { "COLUMNS", columns },
		{ "DATA", t->data.p }, { "XLABEL", xlabel }, { "YLABEL", ylabel },
		{ "XMIN", xmin }, { "XMAX", xmax }, { "XTICS", t->tics.p },
		{ "XTICS_ROTATE", rotate }, { "YAXIS", yaxis }, { "PLOT", t->plot.p },
	};
	if (t->title.failed || t->what.failed || t->data.failed || t->plot.failed ||
	    t->tics.failed || t->from.failed) {
		err_set(err, errlen, "out of memory");
		goto out;
	}
	if (gnuplot_template_fill(&out, "ops.gp", vars, sizeof(vars) / sizeof(vars[0]),
				  err, errlen) != 0)
		goto out;
	rc = gnuplot_write_script(dir, name, &out, -1, t->title.p, t->what.p, go->overwrite,
				  written, err, errlen);
out:
	sb_release(&term);
	sb_release(&out);
	return rc;
}

/* Calls per second of one operation against the tree, a line per set. */
static int rate_chart(struct result_set *const *sets, const struct ops_sets *os,
		      const char *test, const struct gnuplot_opts *go, const char *dir,
		      struct gnuplot_files *written, char *err, size_t errlen)
{
	struct texts t = { 0 };
	double xs[256];
	size_t nx = 0, which[64], nwhich = 0;
	int fileop = strncmp(test, "fileop ", 7) == 0, logx = 0, rc = -1;
	int bars = go->errbars != GNUPLOT_ERR_NONE;
	char name[64], sl[40], xmin[32], xmax[32];

	for (size_t i = 0; i < os->nsets; i++) {
		int any = 0;
		for (long k = 0; k < os->n[i]; k++) {
			const struct results_op_group *g = &os->g[i][k];
			if (strcmp(g->test, test) != 0 || !g->s.n)
				continue;
			if (!any) {
				sb_printf(&t.data, "# ");
				sb_plain(&t.data, sets[i]->meta.label ? sets[i]->meta.label : "set");
				sb_printf(&t.data, "\n$s%zu << EOD\n", i + 1);
			}
			any = 1;
			sb_printf(&t.data, "%.0f", x_of(g));
			put_num(&t.data, g->s.mean);
			put_num(&t.data, g->s.min);
			put_num(&t.data, g->s.max);
			put_num(&t.data, g->s.ci95_low);
			put_num(&t.data, g->s.ci95_high);
			sb_printf(&t.data, " %zu\n", g->s.n);
			size_t j;
			for (j = 0; j < nx && xs[j] != x_of(g); j++)
				;
			if (j == nx && nx < sizeof(xs) / sizeof(xs[0]))
				xs[nx++] = x_of(g);
		}
		if (any) {
			sb_puts(&t.data, "EOD\n");
			which[nwhich++] = i;
		}
	}
	if (!nwhich) {
		rc = 0;
		goto out;
	}
	for (size_t a = 1; a < nx; a++)	/* the tics in order */
		for (size_t b = a; b > 0 && xs[b - 1] > xs[b]; b--) {
			double tmp = xs[b];
			xs[b] = xs[b - 1];
			xs[b - 1] = tmp;
		}
	x_axis(xs, nx, &t.tics, xmin, xmax, sizeof(xmin), &logx);
	sb_printf(&t.title, "%s: calls per second against the %s", test,
		  fileop ? "force factor" : "file count");
	sb_printf(&t.what, "%s calls per second (timed calls over their time, the mean of the "
		  "trials; error bars: %s), one line per result set, against %s", test,
		  !bars ? "none" : go->errbars == GNUPLOT_ERR_CI95 ?
		  "95%% confidence interval of the mean" : "min..max of the trials",
		  fileop ? "fileop's force factor X (a tree of X^3 files)" :
		  "the number of files in the tree");
	sb_puts(&t.from, "the result sets below");
	gnuplot_sb_from(&t.from, sets, go->sources, which, nwhich);
	for (size_t w = 0; w < nwhich; w++) {
		size_t i = which[w];
		sb_printf(&t.plot, "%s     $s%zu using 1:2", w ? ", \\\n" : "", i + 1);
		if (bars)
			sb_printf(&t.plot, ":%d:%d with yerrorlines",
				  go->errbars == GNUPLOT_ERR_CI95 ? 5 : 3,
				  go->errbars == GNUPLOT_ERR_CI95 ? 6 : 4);
		else
			sb_puts(&t.plot, " with linespoints");
		sb_printf(&t.plot, " lt %zu lw 2 pt 7 title ", w + 1);
		gnuplot_set_title(&t.plot, sets, i, NULL);
	}
	sb_puts(&t.plot, "\n");
	slug(test, sl, sizeof(sl));
	snprintf(name, sizeof(name), "ops-%s", sl);
	rc = write_one(name, &t, "x (force factor or files), calls/s mean, "
		       "min, max, 95% CI low, high, trials",
		       fileop ? "force factor X (X^3 files)" : "files in the tree",
		       go->log_y ? "calls per second (log scale)" : "calls per second",
		       xmin, xmax, "",
		       logx ? (go->log_y ? "set logscale x 2\nset logscale y 10\nset yrange [*:*]"
			       : "set logscale x 2\nset yrange [0:*]")
		       : go->log_y ? "set logscale y 10\nset yrange [*:*]" : "set yrange [0:*]",
		       go, dir, written, err, errlen);
out:
	texts_release(&t);
	return rc;
}

/* One set's latency percentiles per operation, at its largest tree. */
static int latency_chart(struct result_set *const *sets, const struct ops_sets *os,
			 size_t i, const struct gnuplot_opts *go, const char *dir,
			 struct gnuplot_files *written, char *err, size_t errlen)
{
	static const struct { int fig; const char *name; } pct[] = {
		{ 4, "p50" }, { 5, "p90" }, { 6, "p99" }, { 7, "p99.9" },
	};
	struct texts t = { 0 };
	const struct results_op_group *pick[64];
	size_t np = 0;
	int rc = -1;
	char name[64], xmin[32], xmax[32];

	/* per operation, its group at the largest tree with latency figures */
	for (long k = 0; k < os->n[i]; k++) {
		const struct results_op_group *g = &os->g[i][k];
		size_t j;
		if (!g->has_lat)
			continue;
		for (j = 0; j < np && strcmp(pick[j]->test, g->test) != 0; j++)
			;
		if (j == np && np < sizeof(pick) / sizeof(pick[0]))
			pick[np++] = g;
		else if (j < np && x_of(g) > x_of(pick[j]))
			pick[j] = g;
	}
	if (!np)
		return 0;
	for (size_t q = 0; q < sizeof(pct) / sizeof(pct[0]); q++) {
		sb_printf(&t.data, "# %s\n$p%zu << EOD\n", pct[q].name, q + 1);
		for (size_t j = 0; j < np; j++) {
			sb_printf(&t.data, "%zu", j + 1);
			put_num(&t.data, pick[j]->lat_us[pct[q].fig]);
			sb_printf(&t.data, " %.0f\n", x_of(pick[j]));
		}
		sb_puts(&t.data, "EOD\n");
		sb_printf(&t.plot, "%s     $p%zu using 1:2 with linespoints lt %zu lw 2 pt 7 "
			  "title '%s'", q ? ", \\\n" : "", q + 1, q + 1, pct[q].name);
	}
	sb_puts(&t.plot, "\n");
	for (size_t j = 0; j < np; j++) {
		sb_printf(&t.tics, "%s", j ? ", " : "");
		sb_quoted(&t.tics, pick[j]->test);
		sb_printf(&t.tics, " %zu", j + 1);
	}
	snprintf(xmin, sizeof(xmin), "0.5");
	snprintf(xmax, sizeof(xmax), "%zu.5", np);
	sb_puts(&t.title, "latency of one call per operation: ");
	sb_plain(&t.title, sets[i]->meta.label ? sets[i]->meta.label : "set");
	sb_puts(&t.what, "the p50, p90, p99 and p99.9 latency of one timed call of each "
		"operation (the trials' calls merged), at the set's largest tree, in "
		"microseconds on a log scale");
	sb_puts(&t.from, "the result set below");
	gnuplot_sb_from(&t.from, sets, go->sources, &i, 1);
	if (os->nsets == 1)
		snprintf(name, sizeof(name), "ops-latency");
	else
		snprintf(name, sizeof(name), "ops-latency-%zu", i + 1);
	rc = write_one(name, &t, "operation index, latency in microseconds, "
		       "x (force factor or files) of its tree", "operation",
		       "microseconds per call (log scale)", xmin, xmax, "rotate by -30",
		       "set logscale y 10\nset format y '%g'", go, dir, written, err, errlen);
	texts_release(&t);
	return rc;
}

int gnuplot_ops_write(struct result_set *const *sets, size_t nsets,
		      const struct gnuplot_opts *go, const char *dir,
		      struct gnuplot_files *written, char *err, size_t errlen)
{
	struct ops_sets os;
	size_t before = written->n;
	int rc = -1;

	memset(&os, 0, sizeof(os));
	if (nsets > sizeof(os.g) / sizeof(os.g[0]))
		return err_set(err, errlen, "small-file charts: at most %zu result sets",
			       sizeof(os.g) / sizeof(os.g[0]));
	for (size_t i = 0; i < nsets; i++)
		if (!sets[i]->nops)
			return err_set(err, errlen, "set %zu ('%s') holds no small-file operations: "
				       "their charts and file-size charts cannot be mixed", i + 1,
				       sets[i]->meta.label ? sets[i]->meta.label : "?");
	if (outfile_mkdirs(dir, err, errlen))
		return -1;
	for (os.nsets = 0; os.nsets < nsets; os.nsets++)
		if ((os.n[os.nsets] = results_op_groups(sets[os.nsets], &os.g[os.nsets])) < 0) {
			err_set(err, errlen, "out of memory");
			goto out;
		}
	/* one chart per operation, in the order the first sets hold them */
	for (size_t i = 0; i < nsets; i++)
		for (long k = 0; k < os.n[i]; k++) {
			const char *test = os.g[i][k].test;
			int seen = 0;
			for (size_t a = 0; a <= i && !seen; a++)
				for (long b = 0; b < (a == i ? k : os.n[a]) && !seen; b++)
					seen = strcmp(os.g[a][b].test, test) == 0;
			if (!seen && rate_chart(sets, &os, test, go, dir, written, err, errlen))
				goto out;
		}
	for (size_t i = 0; i < nsets; i++)
		if (latency_chart(sets, &os, i, go, dir, written, err, errlen))
			goto out;
	if (written->n == before) {
		err_set(err, errlen, "nothing to plot: no complete small-file figures in the inputs");
		goto out;
	}
	rc = 0;
out:
	for (size_t i = 0; i < os.nsets; i++)
		free(os.g[i]);
	return rc;
}
