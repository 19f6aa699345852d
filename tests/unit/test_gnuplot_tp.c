/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_gnuplot_tp.c: the throughput-mode charts (gnuplot_tp.c) on
 * hand-built sets of throughput records.  The data rows are worked out by
 * hand (mean, min and max of the trials' Children see and Parent sees), so
 * a wrong figure, a missing set or a wrong line style shows up as a
 * missing line in the script text.  Rendering with gnuplot is in
 * tests/e2e/t_import_tp.sh.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu.h"
#include "testutil.h"
#include "charts/gnuplot.h"
#include "iosweep.h"
#include "model/results.h"
#include "run/throughput/throughput.h"

static char tmpdir[256];

static void add(struct result_set *rs, int kind, unsigned procs, unsigned trial,
		double children, double parent)
{
	struct result_tp t;
	memset(&t, 0, sizeof(t));
	t.kind = kind;
	t.procs = procs;
	t.trial = (uint16_t)trial;
	t.children = children;
	t.parent = parent;
	t.min = t.max = t.avg = t.min_xfer = NAN;
	t.cpu_wall_s = t.cpu_s = t.cpu_pct = NAN;
	CU_ASSERT_EQUAL_FATAL(results_add_tp(rs, &t), 0);
}

/* NAS A: readers at 1, 2, 4 processes, two trials; writers at 1. */
static void build_a(struct result_set *rs)
{
	results_init(rs);
	results_set_str(&rs->meta.label, "NAS A");
	add(rs, TP_READ, 2, 0, 100.0, 50.0);
	add(rs, TP_READ, 1, 0, 80.0, 70.0);
	add(rs, TP_READ, 4, 0, 300.0, 90.0);
	add(rs, TP_READ, 2, 1, 200.0, 70.0);
	add(rs, TP_READ, 1, 1, 60.0, 60.0);
	add(rs, TP_READ, 4, 1, 100.0, 110.0);
	add(rs, TP_WRITE, 1, 0, 10.0, 5.0);
	rs->trials = 2;
}

/* NAS B (from a -b sheet): readers at 1 and 2, no Parent sees. */
static void build_b(struct result_set *rs)
{
	results_init(rs);
	results_set_str(&rs->meta.label, "NAS B");
	add(rs, TP_READ, 1, 0, 40.0, NAN);
	add(rs, TP_READ, 2, 0, 45.0, NAN);
}

static char *script(const char *name)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/%s.gp", tmpdir, name);
	return tu_slurp(path, NULL);
}

static void test_two_sets(void)
{
	struct result_set a, b;
	struct result_set *sets[2] = { &a, &b };
	struct gnuplot_opts go;
	struct gnuplot_files files = { 0 };
	char err[IOSWEEP_ERR_MAX];

	build_a(&a);
	build_b(&b);
	memset(&go, 0, sizeof(go));
	go.highlight = "NAS B";
	go.overwrite = 1;
	tu_tmp_path(tmpdir, "gnuplot-tp", "x");
	CU_ASSERT_EQUAL_FATAL(gnuplot_write_charts(sets, 2, &go, tmpdir, &files, err,
						   sizeof(err)), 0);
	/* readers: chart and overlay; writers: only A has them, so no overlay */
	CU_ASSERT_EQUAL(files.n, 3);
	char *r = script("throughput-readers");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	/* A's rows sorted by processes: means, min, max of both figures, trials */
	/*
	 * CI of two trials: mean +- t(1) * sd / sqrt(2), t(1) = 12.7062047:
	 * 60, 80: sd 14.142, half 127.06; 100, 200: sd 70.71, half 635.31;
	 * 300, 100: sd 141.42, half 1270.62
	 */
	CU_ASSERT_PTR_NOT_NULL(strstr(r, "$t1 << EOD\n1 70.00 60.00 80.00 65.00 60.00 70.00 "
				      "-57.06 197.06 2\n"
				      "2 150.00 100.00 200.00 60.00 50.00 70.00 -485.31 785.31 2\n"
				      "4 200.00 100.00 300.00 100.00 90.00 110.00 -1070.62 1470.62 2\n"
				      "EOD\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r, "$t2 << EOD\n1 40.00 40.00 40.00 NaN NaN NaN 40.00 40.00 1\n"
				      "2 45.00 45.00 45.00 NaN NaN NaN 45.00 45.00 1\nEOD\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r, "lo = 3; hi = 4"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r, "$t1 using 1:($2/scale):(column(lo)/scale):(column(hi)/scale) "
				      "with yerrorlines lt 1 dt 1 lw 2.0 pt 7 title 'NAS A, Children see'"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r, "$t1 using 1:($5/scale) with linespoints lt 1 dt (10,6) "
				      "lw 1.5 pt 6 title 'NAS A, Parent sees'"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r, "title 'NAS B, Children see'"));
	CU_ASSERT_PTR_NULL(strstr(r, "NAS B, Parent sees"));   /* B has none */
	CU_ASSERT_PTR_NOT_NULL(strstr(r, "set xtics ('1' 1, '2' 2, '3' 3, '4' 4)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r, "set xlabel 'processes'"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r, "set ylabel 'kB/s (1 kB = 1024 bytes, 1 MB = 1024 kB)'"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r, "# (none)"));          /* no reference lines asked */
	free(r);
	char *o = script("overlay-throughput-readers");
	CU_ASSERT_PTR_NOT_NULL_FATAL(o);
	CU_ASSERT_PTR_NOT_NULL(strstr(o, "readers: NAS B (thick) against the others"));
	CU_ASSERT_PTR_NOT_NULL(strstr(o, "lw 5.0 pt 7 title 'NAS B, Children see'"));
	CU_ASSERT_PTR_NOT_NULL(strstr(o, "lw 1.5 pt 7 title 'NAS A, Children see'"));
	free(o);
	char *w = script("throughput-initial-writers");
	CU_ASSERT_PTR_NOT_NULL_FATAL(w);
	CU_ASSERT_PTR_NOT_NULL(strstr(w, "\n1 10.00 10.00 10.00 5.00 5.00 5.00 10.00 10.00 1\n"));
	CU_ASSERT_PTR_NULL(strstr(w, "NAS B"));
	free(w);
	gnuplot_files_release(&files);

	/* --tests read: the readers only, here with --errors ci */
	go.cols_mask = 1u << RC_READ;
	go.errbars = GNUPLOT_ERR_CI95;
	CU_ASSERT_EQUAL(gnuplot_write_charts(sets, 2, &go, tmpdir, &files, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(files.n, 2);
	gnuplot_files_release(&files);
	r = script("throughput-readers");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_PTR_NOT_NULL(strstr(r, "lo = 8; hi = 9"));
	CU_ASSERT_PTR_NOT_NULL(strstr(r, "error bars: 95% confidence interval of the mean"));
	free(r);
	/* a grid set is refused; an unknown highlight too */
	go.highlight = "NAS C";
	CU_ASSERT_EQUAL(gnuplot_write_charts(sets, 2, &go, tmpdir, &files, err, sizeof(err)),
			GNUPLOT_WRITE_NO_HIGHLIGHT);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "--highlight 'NAS C'"));
	go.highlight = NULL;
	struct result_set g;
	results_init(&g);
	tu_add_rate(&g, 64, 4, RC_READ, 0, 1000.0, 0);
	struct result_set *mix[2] = { &a, &g };
	CU_ASSERT_EQUAL(gnuplot_write_charts(mix, 2, &go, tmpdir, &files, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "cannot be mixed"));
	CU_ASSERT_EQUAL(files.n, 0);
	results_release(&g);
	results_release(&a);
	results_release(&b);
}

static void test_cleanup(void)
{
	tu_tmp_cleanup(tmpdir);
}

static const struct cu_case cases[] = {
	CU_CASE(test_two_sets),
	CU_CASE(test_cleanup),
	{ 0 },
};

CU_MAIN("gnuplot_tp", cases)
