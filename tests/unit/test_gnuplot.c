/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_gnuplot.c: the chart generator on hand-built result sets.  The
 * expected data rows are worked out by hand from the samples' bytes and
 * times (kB/s = bytes / 1024 / seconds), so a wrong mean, min, max or
 * axis shows up as a missing line in the script text.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cu.h"
#include "testutil.h"
#include "charts/gnuplot.h"
#include "iosweep.h"
#include "model/results.h"

/* One measured trial: (file kB, record kB, col, trial, elapsed ns). */
struct trial {
	uint64_t file_kb, record_kb;
	int col;
	unsigned trial;
	uint64_t elapsed_ns;
};

/*
 * A set "NAS A" with write at record 64K: file 64K at 1 ms, 2 ms, 4 ms
 * (64000, 32000, 16000 kB/s: mean 37333.33), file 1024K at 10, 20, 40 ms
 * (102400, 51200, 25600: mean 59733.33), plus read at 1024K (5 ms: 204800)
 * and one record-4K cell (file 64K, 8 ms: 8000).
 */
static const struct trial nas_a[] = {
	{ 64, 64, RC_WRITE, 0, 1000000 }, { 64, 64, RC_WRITE, 1, 2000000 },
	{ 64, 64, RC_WRITE, 2, 4000000 },
	{ 1024, 64, RC_WRITE, 0, 10000000 }, { 1024, 64, RC_WRITE, 1, 20000000 },
	{ 1024, 64, RC_WRITE, 2, 40000000 },
	{ 1024, 64, RC_READ, 0, 5000000 },
	{ 64, 4, RC_WRITE, 0, 8000000 },
};

/* "DAS" with write 64K at 0.5 ms (128000) and 1024K at 5 ms (204800). */
static const struct trial das[] = {
	{ 64, 64, RC_WRITE, 0, 500000 }, { 1024, 64, RC_WRITE, 0, 5000000 },
};

static void build(struct result_set *rs, const char *label,
		  const struct trial *t, size_t n)
{
	results_init(rs);
	CU_ASSERT_EQUAL_FATAL(results_set_str(&rs->meta.label, label), 0);
	results_set_str(&rs->meta.tool, "iosweep");
	results_set_str(&rs->meta.version, IOSWEEP_VERSION);
	results_set_str(&rs->meta.host, "testhost");
	for (size_t i = 0; i < n; i++) {
		long c = results_find_cell(rs, t[i].file_kb, t[i].record_kb);
		if (c < 0)
			c = results_add_cell(rs, t[i].file_kb, t[i].record_kb, 0);
		CU_ASSERT_FATAL(c >= 0);
		struct result_sample s = { 0 };
		s.cell = (uint32_t)c;
		s.col = (uint16_t)t[i].col;
		s.trial = (uint16_t)t[i].trial;
		s.bytes = t[i].file_kb * 1024;
		s.ops = t[i].file_kb / t[i].record_kb;
		s.elapsed_ns = t[i].elapsed_ns;
		CU_ASSERT_EQUAL_FATAL(results_add_sample(rs, &s), 0);
	}
	rs->trials = 3;
}

static char tmpdir[256];

static void make_tmpdir(void)
{
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/test_gnuplot.XXXXXX");
	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(tmpdir));
}

static void remove_tmpdir(const struct gnuplot_files *f)
{
	if (getenv("TEST_GNUPLOT_KEEP"))
		return;
	for (size_t i = 0; i < f->n; i++)
		remove(f->items[i].path);
	rmdir(tmpdir);
}

/* The whole text of tmpdir/name (malloc'd), or NULL. */
static char *slurp(const char *name)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	return tu_slurp(path, NULL);
}

/* Write the charts of sets with the default references; 0 or -1. */
static int write_with(struct result_set *const *sets, size_t n, struct gnuplot_opts *go,
		      struct gnuplot_files *files, char *err)
{
	struct gnuplot_refs all = { 0 }, refs = { 0 };
	CU_ASSERT_EQUAL_FATAL(gnuplot_refs_load(&all, NULL, err, IOSWEEP_ERR_MAX), 0);
	CU_ASSERT_EQUAL_FATAL(gnuplot_refs_select(&all, NULL, &refs, err, IOSWEEP_ERR_MAX), 0);
	go->refs = &refs;
	int rc = gnuplot_write_charts(sets, n, go, tmpdir, files, err, IOSWEEP_ERR_MAX);
	go->refs = NULL;
	gnuplot_refs_release(&refs);
	gnuplot_refs_release(&all);
	return rc;
}

/*
 * The reference-line labels of gp: n of them, in the right margin, each
 * inside the axis and at least one label height (0.042) from any other,
 * so none overlap; no line crosses them (the lines end at the border).
 */
static void check_label_spacing(const char *gp, size_t n)
{
	double q[64];
	size_t k = 0;
	for (const char *p = gp; (p = strstr(p, " at graph 1.03, graph ")) && k < 64; p++)
		q[k++] = strtod(p + strlen(" at graph 1.03, graph "), NULL);
	CU_ASSERT_EQUAL(k, n);
	for (size_t i = 0; i < k; i++) {
		CU_ASSERT(q[i] > 0 && q[i] < 1);
		for (size_t j = 0; j < i; j++)
			CU_ASSERT(fabs(q[i] - q[j]) >= 0.042 - 1e-9);
	}
}

static void test_drive_comparison_text(void)
{
	static const char *const want[] = {
		"$s1 << EOD\n"
		"64 37333.33 16000.00 64000.00 ",            /* then the CI */
		"\n1024 59733.33 25600.00 102400.00 ",
		" 3\nEOD\n",
		"set logscale x 2\n",
		"set xtics ('64 kB' 64, '128 kB' 128, '256 kB' 256, '512 kB' 512, '1 MB' 1024)\n",
		"\"100 Mbit Ethernet\\nnominal 12,207 kB/s\" at graph 1.03, graph ",
		"\"FireWire 400\\nnominal 48,828 kB/s\" at graph 1.03, graph ",
		"\"gigabit Ethernet\\nnominal 122,070 kB/s\" at graph 1.03, graph ",
		"set arrow from graph 1, first 12207.031250/scale to graph 1.025, graph ",
		"set yrange [0:",
		"set ylabel 'kB/s'\n",
		"set xlabel 'file size (1 kB = 1024 bytes, 1 MB = 1024 kB, 1 GB = 1024 MB)'\n",
		"\nif (exists(\"interactive\")) { if (interactive > 0) { pause mouse close } }\n",
		"12207.031250/scale with lines dt 2",
		"scale = 1 ",
		"title 'NAS A'",
		"set title 'write throughput against file size (64 kB records)'",
		"if (!exists(\"term\")) term = 'png'",
		"if (tname eq 'svg') { set terminal svg size term_w,term_h dynamic noenhanced "
		"font 'Sans,10'; ext = 'svg' }",
		"if (ext ne '') { set output out.'.'.ext }",
		"#   'NAS A': iosweep " IOSWEEP_VERSION " on testhost",
		"using 1:($2/scale):(column(lo)/scale):(column(hi)/scale) with yerrorlines",
		"lo = 3; hi = 4",
	};
	struct result_set a;
	struct result_set *sets[] = { &a };
	struct gnuplot_opts go = { 0 };
	struct gnuplot_files files = { 0 };
	char err[IOSWEEP_ERR_MAX] = "";

	build(&a, "NAS A", nas_a, sizeof(nas_a) / sizeof(nas_a[0]));
	make_tmpdir();
	go.cols_mask = 1u << RC_WRITE;
	CU_ASSERT_EQUAL(write_with(sets, 1, &go, &files, err), 0);
	char *gp = slurp("write.gp");
	CU_ASSERT_PTR_NOT_NULL_FATAL(gp);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		if (!strstr(gp, want[i]))
			printf("\nmissing: %s\n", want[i]);
		CU_ASSERT_PTR_NOT_NULL(strstr(gp, want[i]));
	}
	CU_ASSERT_PTR_NULL(strstr(gp, "set logscale y"));   /* the lines are apart */
	check_label_spacing(gp, 3);
	/* the record-4K cell is not on the 64K chart, read not asked for */
	CU_ASSERT_PTR_NULL(strstr(gp, "8000.00"));
	CU_ASSERT_PTR_NULL(strstr(gp, "@"));
	free(gp);
	gp = slurp("read.gp");
	CU_ASSERT_PTR_NULL(gp);
	free(gp);
	/* single set: no overlay; a surface of write (2 files x 2 records) */
	CU_ASSERT_EQUAL(files.n, 2);
	gp = slurp("surface-write.gp");
	CU_ASSERT_PTR_NOT_NULL_FATAL(gp);
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "$grid << EOD\n64 4 8000.00 1\n64 64 37333.33 3\n\n"
				     "1024 4 NaN 0\n1024 64 59733.33 3\nEOD\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "set logscale xy 2\n"));
	CU_ASSERT_PTR_NULL(strstr(gp, "set dgrid3d"));
	free(gp);
	remove_tmpdir(&files);
	gnuplot_files_release(&files);
	results_release(&a);
}

static void test_overlay_and_options(void)
{
	struct result_set a, d;
	struct result_set *sets[] = { &a, &d };
	struct gnuplot_opts go = { 0 };
	struct gnuplot_files files = { 0 };
	char err[IOSWEEP_ERR_MAX] = "";

	build(&a, "NAS A", nas_a, sizeof(nas_a) / sizeof(nas_a[0]));
	build(&d, "DAS", das, sizeof(das) / sizeof(das[0]));
	make_tmpdir();
	go.cols_mask = 1u << RC_WRITE;
	go.highlight = "NAS A";
	go.errbars = GNUPLOT_ERR_CI95;
	go.log_y = 1;
	go.term = "svg";
	CU_ASSERT_EQUAL(write_with(sets, 2, &go, &files, err), 0);
	char *gp = slurp("overlay-write.gp");
	CU_ASSERT_PTR_NOT_NULL_FATAL(gp);
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "lt 1 lw 5.0 pt 7 title 'NAS A'"));
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "lt 2 lw 1.5 pt 7 title 'DAS'"));
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "\n64 128000.00 128000.00 128000.00 "));
	free(gp);
	gp = slurp("write.gp");
	CU_ASSERT_PTR_NOT_NULL_FATAL(gp);
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "lo = 5; hi = 6"));
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "set logscale y 10"));
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "term = 'svg'"));
	free(gp);
	/* DAS has one record size: no surface of it */
	gp = slurp("surface-write-2.gp");
	CU_ASSERT_PTR_NULL(gp);
	free(gp);
	gp = slurp("surface-write-1.gp");
	CU_ASSERT_PTR_NOT_NULL(gp);
	free(gp);
	remove_tmpdir(&files);
	gnuplot_files_release(&files);

	/* errors: unknown highlight, record size nobody ran, no such test */
	static const struct {
		const char *highlight;
		uint64_t record_kb;
		uint32_t mask;
		const char *msg;
		int rc;
	} bad[] = {
		{ "nobody", 0, 1u << RC_WRITE, "--highlight 'nobody'", GNUPLOT_WRITE_NO_HIGHLIGHT },
		{ NULL, 3, 1u << RC_WRITE, "--record 3 kB", GNUPLOT_WRITE_FAILED },
		{ NULL, 0, 1u << RC_STRIDE_READ, "none of the tests", GNUPLOT_WRITE_FAILED },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct gnuplot_opts g = { 0 };
		make_tmpdir();
		g.highlight = bad[i].highlight;
		g.record_kb = bad[i].record_kb;
		g.cols_mask = bad[i].mask;
		CU_ASSERT_EQUAL(write_with(sets, 2, &g, &files, err), bad[i].rc);
		CU_ASSERT_PTR_NOT_NULL(strstr(err, bad[i].msg));
		CU_ASSERT_EQUAL(files.n, 0);
		remove_tmpdir(&files);
	}
	results_release(&a);
	results_release(&d);
}

/* Past 1,000,000 kB/s the y axis switches to MB/s; the data stay in kB/s. */
static void test_megabytes_axis(void)
{
	static const struct trial fast[] = {
		{ 1024, 64, RC_READ, 0, 500000 },   /* 2048000 kB/s */
		{ 2048, 64, RC_READ, 0, 1000000 },  /* 2048000 kB/s */
	};
	struct result_set a;
	struct result_set *sets[] = { &a };
	struct gnuplot_opts go = { 0 };
	struct gnuplot_files files = { 0 };
	char err[IOSWEEP_ERR_MAX] = "";

	build(&a, "page cache", fast, sizeof(fast) / sizeof(fast[0]));
	make_tmpdir();
	go.all_records = 1;
	CU_ASSERT_EQUAL(write_with(sets, 1, &go, &files, err), 0);
	char *gp = slurp("read.gp");
	CU_ASSERT_PTR_NOT_NULL_FATAL(gp);
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "scale = 1024 "));
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "\n1024 2048000.00 2048000.00 2048000.00 "));
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "\\nnominal 11.9 MB/s\""));
	/* 12207 and 48828 would be 1.8% of a linear axis apart: log scale, said so */
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "set ylabel 'MB/s, log scale'\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "set logscale y 10\nset yrange ["));
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "'log scale: the data lie far above the reference lines'"));
	check_label_spacing(gp, 3);
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "title 'page cache, 64 kB records'"));
	free(gp);
	remove_tmpdir(&files);
	gnuplot_files_release(&files);
	results_release(&a);
}

static void test_refs_parse(void)
{
	static const struct {
		const char *text;
		int rc;
		size_t n;
		double first_kbps;
		const char *msg;
	} cases[] = {
		{ "name,kbps,note\nA,100,\"x, y\"\n# c\n\nB,2.5\n", 0, 2, 100.0, NULL },
		{ "A,12207.03125,n\r\n", 0, 1, 12207.03125, NULL },
		{ "name,kbps,note\nA,fast,n\n", -1, 0, 0, "my.csv:2: 'fast' is not a rate" },
		{ "A,-5,n\n", -1, 0, 0, "my.csv:1: '-5' is not a rate" },
		{ "A\n", -1, 0, 0, "my.csv:1: expected 2 or 3 fields" },
		{ "A,1,n,extra\n", -1, 0, 0, "my.csv:1: expected 2 or 3 fields" },
		{ "A,\"1,n\n", -1, 0, 0, "my.csv:1: not a CSV row" },
		{ "name,kbps,note\n", -1, 0, 0, "my.csv: no reference lines" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct gnuplot_refs r = { 0 };
		char err[IOSWEEP_ERR_MAX] = "";
		int rc = gnuplot_refs_parse(&r, cases[i].text, strlen(cases[i].text),
					    "my.csv", err, sizeof(err));
		CU_ASSERT_EQUAL(rc, cases[i].rc);
		CU_ASSERT_EQUAL(r.n, cases[i].n);
		if (rc == 0 && r.n)
			CU_ASSERT_DOUBLE_EQUAL(r.items[0].kbps, cases[i].first_kbps, 1e-9);
		if (cases[i].msg && !strstr(err, cases[i].msg))
			printf("\ncase %zu: got '%s'\n", i, err);
		if (cases[i].msg)
			CU_ASSERT_PTR_NOT_NULL(strstr(err, cases[i].msg));
		gnuplot_refs_release(&r);
	}
	struct gnuplot_refs r = { 0 };
	char err[IOSWEEP_ERR_MAX];
	CU_ASSERT_EQUAL(gnuplot_refs_load(&r, "/nonexistent/refs.csv", err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "cannot open '/nonexistent/refs.csv'"));
}

/* The built-in nominal rates are bit rates / 8 / 1024. */
static void test_refs_select(void)
{
	static const struct {
		const char *names;
		int rc;
		const char *first;
		double kbps;
		size_t n;
	} cases[] = {
		{ NULL, 0, "100 Mbit Ethernet", 100e6 / 8 / 1024, 3 },
		{ "gigabit", 0, "gigabit Ethernet", 1e9 / 8 / 1024, 1 },
		{ "FIREWIRE-400,usb2", 0, "FireWire 400", 400e6 / 8 / 1024, 2 },
		{ "usb 2.0", 0, "USB 2.0", 480e6 / 8 / 1024, 1 },
		{ "SATA II", 0, "SATA II", 2.4e9 / 8 / 1024, 1 },
		{ "10g", 0, "10G Ethernet", 10e9 / 8 / 1024, 1 },
		{ "none", 0, NULL, 0, 0 },
		{ "firewire", -1, NULL, 0, 0 },
		{ "token ring", -1, NULL, 0, 0 },
	};
	struct gnuplot_refs all = { 0 };
	char err[IOSWEEP_ERR_MAX];
	CU_ASSERT_EQUAL_FATAL(gnuplot_refs_load(&all, NULL, err, sizeof(err)), 0);
	CU_ASSERT(all.n >= 10);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct gnuplot_refs r = { 0 };
		int rc = gnuplot_refs_select(&all, cases[i].names, &r, err, sizeof(err));
		CU_ASSERT_EQUAL(rc, cases[i].rc);
		CU_ASSERT_EQUAL(r.n, cases[i].n);
		if (rc == 0 && r.n) {
			CU_ASSERT_STRING_EQUAL(r.items[0].name, cases[i].first);
			CU_ASSERT_DOUBLE_EQUAL(r.items[0].kbps, cases[i].kbps, 1e-6);
		}
		if (rc != 0)
			CU_ASSERT_PTR_NOT_NULL(strstr(err, "--ref '"));
		gnuplot_refs_release(&r);
	}
	struct gnuplot_refs every = { 0 };
	CU_ASSERT_EQUAL(gnuplot_refs_select(&all, "all", &every, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(every.n, all.n);
	gnuplot_refs_release(&every);
	gnuplot_refs_release(&all);
}

static void test_terms(void)
{
	static const struct {
		const char *term, *ext;
		int valid;
	} cases[] = {
		{ "png", "png", 1 }, { "svg", "svg", 1 }, { "pdf", "pdf", 1 },
		{ "dumb", "txt", 1 }, { "pngcairo", "png", 1 }, { "pdfcairo", "pdf", 1 },
		{ "canvas", "html", 1 }, { "epscairo", "eps", 1 }, { "postscript", "ps", 1 },
		{ "jpeg", "jpg", 1 }, { "tikz", "tex", 1 }, { "cgm", "cgm", 1 },
		{ "x11", "", 0 }, { "qt", "", 0 }, { "wxt", "", 0 }, { "sixelgd", "", 0 },
		{ "", "png", 0 }, { "Bad name", "png", 0 }, { "png;x", "png", 0 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		CU_ASSERT_EQUAL(gnuplot_term_valid(cases[i].term), cases[i].valid);
		CU_ASSERT_STRING_EQUAL(gnuplot_term_ext(cases[i].term), cases[i].ext);
	}
	char err[IOSWEEP_ERR_MAX];
	CU_ASSERT_EQUAL(gnuplot_render("/tmp/x.txt", "png", err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "not a .gp script"));
	CU_ASSERT_EQUAL(gnuplot_render("/tmp/x.gp", "x11", err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "terminal 'x11': opens a window"));
	CU_ASSERT_EQUAL(gnuplot_term_kind("qt"), GNUPLOT_TERM_WINDOW);
	CU_ASSERT_EQUAL(gnuplot_term_kind("domterm"), GNUPLOT_TERM_SCREEN);
	CU_ASSERT_STRING_EQUAL(gnuplot_term_real("pdf"), "pdfcairo");
	CU_ASSERT_STRING_EQUAL(gnuplot_term_real("pngcairo"), "pngcairo");
}

/* A sweep's --plot: scripts always; rendered PNGs when gnuplot is there. */
static void test_for_sweep(void)
{
	struct result_set a;
	char err[IOSWEEP_ERR_MAX] = "", path[512];
	struct stat st;
	struct gnuplot_files none = { 0 };
	static const char *const names[] = { "write", "read", "surface-write" };

	build(&a, "sweep", nas_a, sizeof(nas_a) / sizeof(nas_a[0]));
	make_tmpdir();
	setenv("IOSWEEP_GNUPLOT", "/nonexistent/gnuplot", 1);
	CU_ASSERT_EQUAL(gnuplot_available(), 0);
	CU_ASSERT_EQUAL(gnuplot_for_sweep(&a, tmpdir, err, sizeof(err)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "gnuplot not found: 3 chart scripts written"));
	unsetenv("IOSWEEP_GNUPLOT");
	if (gnuplot_available()) {
		/* run again over the same folder: scripts are replaced, then rendered */
		CU_ASSERT_EQUAL(gnuplot_for_sweep(&a, tmpdir, err, sizeof(err)), 0);
		for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
			snprintf(path, sizeof(path), "%s/%s.png", tmpdir, names[i]);
			CU_ASSERT(stat(path, &st) == 0 && st.st_size > 1000);
			if (!getenv("TEST_GNUPLOT_KEEP"))
				remove(path);
		}
	}
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s.gp", tmpdir, names[i]);
		CU_ASSERT(stat(path, &st) == 0 && st.st_size > 0);
		if (!getenv("TEST_GNUPLOT_KEEP"))
			remove(path);
	}
	remove_tmpdir(&none);
	results_release(&a);
}

/* gnuplot's own complaint comes back, naming the script's line. */
static void test_render_errors(void)
{
	static const struct {
		const char *script, *env, *msg;
	} cases[] = {
		{ "set output 'x.png'\nplot sin(x) with bogus\n", NULL, "\"bad.gp\" line 2: " },
		{ "print 'nothing drawn'\n", NULL, "made no '" },
		{ "plot sin(x)\n", "/nonexistent/gnuplot", "cannot run '/nonexistent/gnuplot'" },
	};
	char path[512], err[IOSWEEP_ERR_MAX];
	if (!gnuplot_available())
		return;
	make_tmpdir();
	snprintf(path, sizeof(path), "%s/bad.gp", tmpdir);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		FILE *fp = fopen(path, "w");
		CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
		fputs(cases[i].script, fp);
		fclose(fp);
		if (cases[i].env)
			setenv("IOSWEEP_GNUPLOT", cases[i].env, 1);
		CU_ASSERT_EQUAL(gnuplot_render(path, "png", err, sizeof(err)), -1);
		unsetenv("IOSWEEP_GNUPLOT");
		if (!strstr(err, cases[i].msg))
			printf("\ncase %zu: got '%s'\n", i, err);
		CU_ASSERT_PTR_NOT_NULL(strstr(err, cases[i].msg));
	}
	remove(path);
	snprintf(path, sizeof(path), "%s/x.png", tmpdir);
	remove(path);
	rmdir(tmpdir);
}

/*
 * Many-client runs: clients-write.gp puts each run's aggregate at its
 * client count (sorted, whatever the input order), one block per file
 * size; a set without clients and a lone client count draw nothing.
 */
static void test_clients_chart(void)
{
	/* 64K in 1/2/4 ms, 1024K in 10/20/40 ms: 2 clients twice as fast */
	static const struct trial four[] = {
		{ 64, 64, RC_WRITE, 0, 500000 }, { 1024, 64, RC_WRITE, 0, 5000000 },
	};
	struct result_set a, b, c;
	struct result_set *sets[] = { &a, &b, &c };
	struct gnuplot_opts go = { 0 };
	struct gnuplot_files files = { 0 };
	char err[IOSWEEP_ERR_MAX] = "", path[512];
	static const char *const want[] = {
		"$size0 << EOD\n2 37333.333 16000.000 64000.000\n4 128000.000 128000.000 128000.000\nEOD\n",
		"$size1 << EOD\n2 59733.333 25600.000 102400.000\n4 204800.000 204800.000 204800.000\nEOD\n",
		"set xtics (2, 4)\n",
		"title '64 kB file'", "title '1 MB file'",
		"set title 'write: aggregate throughput against clients, 64 kB records'",
	};

	build(&a, "four", four, sizeof(four) / sizeof(four[0]));
	build(&b, "two", nas_a, sizeof(nas_a) / sizeof(nas_a[0]));
	build(&c, "alone", das, sizeof(das) / sizeof(das[0]));
	a.nclients = 4;
	b.nclients = 2;
	make_tmpdir();
	go.cols_mask = 1u << RC_WRITE;
	go.term = "dumb";
	CU_ASSERT_EQUAL_FATAL(gnuplot_write_charts(sets, 3, &go, tmpdir, &files, err,
						   sizeof(err)), 0);
	char *gp = slurp("clients-write.gp");
	CU_ASSERT_PTR_NOT_NULL_FATAL(gp);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		if (!strstr(gp, want[i]))
			printf("\nmissing: %s\n", want[i]);
		CU_ASSERT_PTR_NOT_NULL(strstr(gp, want[i]));
	}
	CU_ASSERT_PTR_NULL(strstr(gp, "@"));
	free(gp);
	if (gnuplot_available()) {
		snprintf(path, sizeof(path), "%s/clients-write.gp", tmpdir);
		CU_ASSERT_EQUAL(gnuplot_render(path, "dumb", err, sizeof(err)), 0);
		gp = slurp("clients-write.txt");
		CU_ASSERT(gp && strstr(gp, "aggregate throughput against clients"));
		free(gp);
		snprintf(path, sizeof(path), "%s/clients-write.txt", tmpdir);
		remove(path);
	}
	remove_tmpdir(&files);
	gnuplot_files_release(&files);
	/* one client count only: no clients chart */
	b.nclients = 4;
	make_tmpdir();
	CU_ASSERT_EQUAL_FATAL(gnuplot_write_charts(sets, 3, &go, tmpdir, &files, err,
						   sizeof(err)), 0);
	gp = slurp("clients-write.gp");
	CU_ASSERT_PTR_NULL(gp);
	free(gp);
	remove_tmpdir(&files);
	gnuplot_files_release(&files);
	results_release(&a);
	results_release(&b);
	results_release(&c);
}

/* A queue-depth set: random read at 4 MB x 4 kB and x 16 kB, 2 trials each. */
static void build_qd(struct result_set *rs, const char *label, double scale)
{
	static const struct trial t[] = {
		{ 4096, 4, RC_RANDOM_READ, 0, 10000000 }, { 4096, 4, RC_RANDOM_READ, 1, 20000000 },
		{ 4096, 16, RC_RANDOM_READ, 0, 8000000 }, { 4096, 16, RC_RANDOM_READ, 1, 8000000 },
	};
	struct trial u[4];
	for (size_t i = 0; i < 4; i++) {
		u[i] = t[i];
		u[i].elapsed_ns = (uint64_t)((double)t[i].elapsed_ns * scale);
	}
	build(rs, label, u, 4);
	results_set_str(&rs->meta.workload, "engine=io_uring iodepth=4 jobs=1");
}

/*
 * iops-<test>.gp: only when a set is a queue-depth run; one line per set
 * with IOPS figures, against the size the sets vary (record size here);
 * the mean and min..max of the trials' operations per second.
 */
static void test_iops_chart(void)
{
	char err[IOSWEEP_ERR_MAX];
	struct result_set qd, plain, imported;
	struct gnuplot_files files = { 0 };
	struct gnuplot_opts go = { 0 };
	struct result_set *sets[3] = { &qd, &plain, &imported };

	build_qd(&qd, "QD", 1.0);
	build_qd(&plain, "plain", 0.5);
	results_set_str(&plain.meta.workload, NULL);
	build_qd(&imported, "IOzone", 1.0);
	results_set_str(&imported.meta.workload, NULL);
	for (size_t i = 0; i < imported.nsamples; i++) {   /* an IOzone report: rates only */
		imported.samples[i].flags |= RESULTS_SF_RATE_ONLY;
		imported.samples[i].rate_kbps = 1000;
	}
	go.term = "png";
	/* no queue-depth run: no IOPS chart */
	make_tmpdir();
	CU_ASSERT_EQUAL_FATAL(write_with(sets + 1, 2, &go, &files, err), 0);
	char *gp = slurp("iops-random-read.gp");
	CU_ASSERT_PTR_NULL(gp);
	free(gp);
	gp = slurp("random-read.gp");
	CU_ASSERT_PTR_NOT_NULL(gp);
	free(gp);
	remove_tmpdir(&files);
	gnuplot_files_release(&files);

	make_tmpdir();
	CU_ASSERT_EQUAL_FATAL(write_with(sets, 3, &go, &files, err), 0);
	gp = slurp("iops-random-read.gp");
	CU_ASSERT_PTR_NOT_NULL_FATAL(gp);
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "set title 'random read IOPS against record size "
				      "(4 MB file)'"));
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "set ylabel 'IOPS (operations per second)'"));
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "set xlabel 'record size, bytes per operation"));
	/* QD: 1024 ops in 10 and 20 ms (102400, 51200: mean 76800); 256 in 8 ms (32000) */
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "$s1 << EOD\n4 76800.000 51200.000 102400.000 2 "
				      "76800.000 0.000\n16 32000.000 32000.000 32000.000 2 "));
	/* the depth-1 sweep beside it (twice as fast), the IOzone report not at all */
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "$s2 << EOD\n4 153600.000 102400.000 204800.000 2 "));
	CU_ASSERT_PTR_NULL(strstr(gp, "$s3"));
	CU_ASSERT_PTR_NULL(strstr(gp, "IOzone"));
	free(gp);
	remove_tmpdir(&files);
	gnuplot_files_release(&files);

	/* --record 4k: file size at that record size, one point */
	go.record_kb = 4;
	make_tmpdir();
	CU_ASSERT_EQUAL_FATAL(write_with(sets, 1, &go, &files, err), 0);
	gp = slurp("iops-random-read.gp");
	CU_ASSERT_PTR_NOT_NULL_FATAL(gp);
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "against file size (4 kB records)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(gp, "$s1 << EOD\n4096 76800.000 "));
	free(gp);
	remove_tmpdir(&files);
	gnuplot_files_release(&files);
	results_release(&qd);
	results_release(&plain);
	results_release(&imported);
}

static const struct cu_case cases[] = {
	CU_CASE(test_drive_comparison_text),
	CU_CASE(test_iops_chart),
	CU_CASE(test_clients_chart),
	CU_CASE(test_overlay_and_options),
	CU_CASE(test_megabytes_axis),
	CU_CASE(test_refs_parse),
	CU_CASE(test_refs_select),
	CU_CASE(test_terms),
	CU_CASE(test_for_sweep),
	CU_CASE(test_render_errors),
	{ 0 },
};

CU_MAIN("gnuplot", cases)
