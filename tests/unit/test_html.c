/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_html.c: the HTML report on hand-built result sets (no gnuplot:
 * charts off), with the figures worked out by hand, and the SVG inliner
 * and minifier on a small gnuplot-shaped document.
 *
 * A: write 1024 kB / 64 kB = {100, 110, 120}: mean 110, sd 10, t(2) = 4.303,
 *    half-width 4.303 * 10 / sqrt(3) = 24.84: CI 85 to 135, cv 9.1 %;
 *    write 2048 / 64 = {50}: one trial; read 1024 / 64 = {100, 120}: mean 110,
 *    sd 14.14, t(1) = 12.706, half-width 127.06: CI -17 to 237, cv 12.9 %.
 *    Shades on a log scale from 50 (s0) to 110 (s7).
 * B (test_compare.c's): write 1024 = {130, 140, 150, 160}, 2048 = {100};
 *    read 1024 = {110, 130}.  B/A: write 1024 1.32 (Welch p = 0.0101,
 *    significant; log2 0.40: shade r4), write 2048 2.00 (one trial: no
 *    test; log2 1.0: r5), read 1.09 (p = 0.55; r4).  Geometric means: write
 *    sqrt(1.318 * 2) = 1.624, read 1.091.
 * C: timed samples, RAM 4 MiB: write 1024 / 64 timed 5 us (under the 10 us
 *    floor: short_timing), read at 1024 (fits in half the RAM) and 8192.
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <zlib.h>

#include "report/csvout.h"
#include "cu.h"
#include "html/html.h"
#include "html/html_assets.h"
#include "iosweep.h"
#include "lib/outfile.h"
#include "model/results.h"
#include "testutil.h"

static char tmp_path[64];

static void add_list(struct result_set *rs, uint64_t f, uint64_t r, int col,
		     const double *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		tu_add_rate(rs, f, r, col, (unsigned)i, v[i], 0);
}

static void build_a(struct result_set *a)
{
	static const double w[] = { 100, 110, 120 }, rd[] = { 100, 120 };
	results_init(a);
	CU_ASSERT_FATAL(results_set_str(&a->meta.label, "A <&>\"'") == 0);
	add_list(a, 1024, 64, RC_WRITE, w, 3);
	tu_add_rate(a, 2048, 64, RC_WRITE, 0, 50, 0);
	add_list(a, 1024, 64, RC_READ, rd, 2);
}

static void build_b(struct result_set *b)
{
	static const double w[] = { 130, 140, 150, 160 }, rd[] = { 110, 130 };
	results_init(b);
	CU_ASSERT_FATAL(results_set_str(&b->meta.label, "B") == 0);
	add_list(b, 1024, 64, RC_WRITE, w, 4);
	tu_add_rate(b, 2048, 64, RC_WRITE, 0, 100, 0);
	add_list(b, 1024, 64, RC_READ, rd, 2);
}

static void add_timed(struct result_set *rs, uint64_t f, int col, uint64_t ns)
{
	long c = results_find_cell(rs, f, 64);
	if (c < 0)
		c = results_add_cell(rs, f, 64, 0);
	CU_ASSERT_FATAL(c >= 0);
	struct result_sample s;
	memset(&s, 0, sizeof(s));
	s.cell = (uint32_t)c;
	s.col = (uint16_t)col;
	s.bytes = f * 1024;
	s.ops = f / 64;
	s.elapsed_ns = ns;
	CU_ASSERT_FATAL(results_add_sample(rs, &s) == 0);
}

/* Write the report of sets and read it back (caller frees). */
static char *report_of(struct result_set **sets, size_t n)
{
	struct html_opts ho = { .charts = 0, .overwrite = 1 };
	struct html_outcome oc;
	char err[IOSWEEP_ERR_MAX] = "";
	snprintf(tmp_path, sizeof(tmp_path), "/tmp/test_html.%ld.html", (long)getpid());
	int rc = html_write_report(sets, n, &ho, tmp_path, &oc, err, sizeof(err));
	if (rc)
		fprintf(stderr, "html_write_report: %s\n", err);
	CU_ASSERT_FATAL(rc == 0);
	CU_ASSERT(oc.charts == 0 && oc.chart_failures == 0 && !oc.gnuplot_missing);
	char *text = tu_slurp(tmp_path, NULL);
	CU_ASSERT_FATAL(text != NULL);
	CU_ASSERT(oc.bytes == strlen(text));
	unlink(tmp_path);
	return text;
}

static size_t occurrences(const char *hay, const char *needle)
{
	size_t n = 0;
	for (const char *p = hay; (p = strstr(p, needle)) != NULL; p++)
		n++;
	return n;
}

#define HAS(text, s) do { if (!strstr((text), (s))) fprintf(stderr, "missing: %s\n", (s)); \
	CU_ASSERT(strstr((text), (s)) != NULL); } while (0)

static void test_one_set(void)
{
	struct result_set a, *sets[1] = { &a };
	build_a(&a);
	char *h = report_of(sets, 1);

	HAS(h, "<title>iosweep report: A &lt;&amp;&gt;&quot;&#39;</title>");
	CU_ASSERT(occurrences(h, "<script") == 1);
	CU_ASSERT(occurrences(h, "<table class=\"grid\"") == 2);
	HAS(h, "<table class=\"grid\" data-test=\"write\" data-set=\"1\">");
	HAS(h, "<td class=\"s7\" title=\"95% CI 85 to 135 kB/s; n 3; cv 9.1%\"><details>"
	       "<summary>110</summary>100<br>110<br>120</details></td>");
	HAS(h, "<tr><th scope=\"row\">2 MB</th><td class=\"s0\" title=\"one trial: no "
	       "interval\">50</td></tr>");
	/* read has its own scale: one cell, the middle shade */
	HAS(h, "<td class=\"s4\" title=\"95% CI -17 to 237 kB/s; n 2; cv 12.9%\">");
	HAS(h, "<th scope=\"col\">file \\ record</th><th scope=\"col\">64 kB</th>");
	HAS(h, "<section id=\"findings\">");
	HAS(h, "no cache cliff found");
	HAS(h, "<dt>Trials</dt><dd>3 per cell</dd>");
	HAS(h, "<dt>Status</dt><dd>not recorded (imported)</dd>");
	/* the CSV files as data: links, percent-encoded */
	HAS(h, "<a download=\"A______-summary.csv\" href=\"data:text/csv;charset=utf-8,"
	       "label,test,file_kb,record_kb,n,mean,");
	HAS(h, "%0A%22A%20%3C%26%3E%22%22%27%22,write,1024,64,3,110.000,");
	HAS(h, "<a download=\"A______-sheets-write.csv\"");
	CU_ASSERT(strstr(h, "http://") == NULL && strstr(h, "https://") == NULL);
	CU_ASSERT(strstr(h, "<h3>Comparison</h3>") == NULL);
	free(h);
	results_release(&a);
}

static void test_comparison(void)
{
	struct result_set a, b, *sets[2] = { &a, &b };
	build_a(&a);
	build_b(&b);
	char *h = report_of(sets, 2);

	CU_ASSERT(occurrences(h, "<table class=\"grid\"") == 4);
	CU_ASSERT(occurrences(h, "<table class=\"grid ratio\"") == 2);
	HAS(h, "<h3>A: A &lt;&amp;&gt;&quot;&#39;</h3>");
	HAS(h, "<h3>B: B</h3>");
	HAS(h, "B is faster in 2 of 2 tests by the geometric mean of its per-cell ratios "
	       "B/A (from 1.09&times; in read to 1.62&times; in write); 1 of 3 cells differ "
	       "significantly (Welch's t-test, Benjamini-Hochberg-adjusted p &lt; 0.05): 1 faster, 0 slower.");
	HAS(h, "<tr><th scope=\"row\">write</th><td data-v=\"2\">2</td><td data-v=\"1.62369\">"
	       "1.624&times;</td><td data-v=\"1\">1</td><td data-v=\"0\">0</td>"
	       "<td data-v=\"0\">0</td><td data-v=\"1\">1</td></tr>");
	HAS(h, "<td class=\"r4 sig\" title=\"A 110, B 145 kB/s; p 0.0101\">1.32*</td>");
	HAS(h, "<td class=\"r5\" title=\"A 50, B 100 kB/s; no test: needs 2 trials a side\">"
	       "2.00</td>");
	HAS(h, "<td class=\"r4\" title=\"A 110, B 120 kB/s; p 0.553\">1.09</td>");
	/* one shade scale for both sets: 50 (s0) to B's 160 (s7): A's 110 is s5 */
	HAS(h, "<td class=\"s5\" title=\"95% CI 85 to 135 kB/s; n 3; cv 9.1%\">");
	HAS(h, "download=\"1-A______-results.csv\"");
	HAS(h, "download=\"2-B-results.csv\"");
	free(h);
	results_release(&a);
	results_release(&b);
}

static void test_findings_timed(void)
{
	struct result_set c, *sets[1] = { &c };
	results_init(&c);
	CU_ASSERT_FATAL(results_set_str(&c.meta.label, "C") == 0);
	c.meta.ram_kb = 4096;
	add_timed(&c, 1024, RC_WRITE, 5000);        /* 5 us: short */
	add_timed(&c, 1024, RC_READ, 1000000);
	add_timed(&c, 8192, RC_WRITE, 8000000);
	add_timed(&c, 8192, RC_READ, 8000000);
	char *h = report_of(sets, 1);
	HAS(h, "1 of 4 figures were timed for under 10 &micro;s (<code>short_timing</code>, "
	       "marked &dagger; in the tables), in write with files up to 1 MB");
	HAS(h, "1 of 2 read figures are of files (up to 1 MB) that fit in half of this "
	       "machine's 4.0 MB of RAM, read without O_DIRECT (-I)");
	HAS(h, "title=\"one trial: no interval; short_timing\">");
	HAS(h, "<dt>RAM</dt><dd>4.0 MB</dd>");
	free(h);

	c.meta.flags |= RESULTS_F_DIRECT;
	h = report_of(sets, 1);
	HAS(h, "the reads used O_DIRECT (-I), so they bypassed");
	HAS(h, "O_DIRECT, page cache bypassed (-I)");
	free(h);
	results_release(&c);
}

static void test_refusals(void)
{
	struct result_set a, *sets[1] = { &a };
	struct html_opts ho = { .charts = 0, .overwrite = 0 };
	struct html_outcome oc;
	char err[IOSWEEP_ERR_MAX] = "";
	char path[64];

	build_a(&a);
	CU_ASSERT(html_write_report(sets, 0, &ho, "/tmp/never.html", &oc, err, sizeof(err)) == -1);
	CU_ASSERT(strstr(err, "no result sets") != NULL);
	snprintf(path, sizeof(path), "/tmp/test_html_keep.%ld.html", (long)getpid());
	FILE *fp = fopen(path, "w");
	CU_ASSERT_FATAL(fp != NULL);
	fputs("keep", fp);
	fclose(fp);
	CU_ASSERT(html_write_report(sets, 1, &ho, path, &oc, err, sizeof(err)) == -1);
	CU_ASSERT(strstr(err, "exists already") != NULL);
	char *text = tu_slurp(path, NULL);
	CU_ASSERT(text && strcmp(text, "keep") == 0);
	free(text);
	unlink(path);
	results_release(&a);
}

static const char svg_doc[] =
	"<?xml version=\"1.0\" encoding=\"utf-8\"  standalone=\"no\"?>\n"
	"<svg \n viewBox=\"0 0 10 10\"\n xmlns=\"http://www.w3.org/2000/svg\"\n>\n\n"
	"<title>Gnuplot</title>\n<desc>Produced by GNUPLOT 5.4 </desc>\n\n"
	"<g id=\"gnuplot_canvas\">\n<defs>\n\t<path id='gpPt1' d='M-1,0 h2'/>\n"
	"\t<use xlink:href='#gpPt1' id='gpPt2'/>\n</defs>\n"
	"<g fill=\"none\" color=\"white\">\n</g>\n"
	"<g fill=\"none\" color=\"black\">\n\t<path clip-path=\"url(#gnuplot_plot_1)\" "
	"d='M1,2 L3,4  '/></g>\n"
	"<g id=\"keep_me\">\n</g>\n"
	"\t<text>64K  x</text>\n</g>\n</svg>\n\n";

static void test_svg_inline(void)
{
	struct html_chart chart = { 0 };
	struct html_assets a = { 0 };
	struct outfile f;
	char err[IOSWEEP_ERR_MAX], path[64];

	chart.col = RC_READ;
	chart.name = "read";
	chart.title = "read <title>";
	chart.alt = "what & why";
	chart.svg = strdup(svg_doc);
	CU_ASSERT_FATAL(chart.svg != NULL);
	chart.svg_len = strlen(chart.svg);
	html_svg_minify(chart.svg, &chart.svg_len);
	CU_ASSERT(chart.svg_len == strlen(chart.svg));
	/* empty groups without an id go; runs of blanks shrink; text unchanged */
	CU_ASSERT(strstr(chart.svg, "color=\"white\"") == NULL);
	CU_ASSERT(strstr(chart.svg, "<g id=\"keep_me\">\n</g>") != NULL);
	CU_ASSERT(strstr(chart.svg, "<text>64K x</text>") != NULL);
	CU_ASSERT(strstr(chart.svg, "  ") == NULL && strstr(chart.svg, "\t") == NULL);
	CU_ASSERT(strstr(chart.svg, "d='M1,2 L3,4 '/></g>") != NULL);

	a.charts = &chart;
	a.ncharts = 1;
	snprintf(path, sizeof(path), "/tmp/test_html_svg.%ld.html", (long)getpid());
	CU_ASSERT_FATAL(outfile_open(&f, path, 0, 1, err, sizeof(err)) == 0);
	html_chart_write(&f, &a, 0);
	CU_ASSERT_FATAL(outfile_commit(&f, err, sizeof(err)) == 0);
	char *h = tu_slurp(path, NULL);
	CU_ASSERT_FATAL(h != NULL);
	HAS(h, "<figure id=\"chart-read\">\n<svg role=\"img\" aria-labelledby=\"c1-t c1-d\"\n"
	       "viewBox=\"0 0 10 10\"\nxmlns=\"http://www.w3.org/2000/svg\"\n>\n"
	       "<title id=\"c1-t\">read &lt;title&gt;</title>\n<desc id=\"c1-d\">what &amp; "
	       "why</desc>\n<g id=\"c1-gnuplot_canvas\">");
	HAS(h, "<path id='c1-gpPt1' d='M-1,0 h2'/>");
	HAS(h, "<use xlink:href='#c1-gpPt1' id='c1-gpPt2'/>");
	HAS(h, "clip-path=\"url(#c1-gnuplot_plot_1)\"");
	HAS(h, "</svg>\n<figcaption>read &lt;title&gt;</figcaption>\n</figure>\n");
	CU_ASSERT(strstr(h, "<?xml") == NULL && strstr(h, "Gnuplot") == NULL &&
		  strstr(h, "GNUPLOT") == NULL);
	free(h);

	/* a chart gnuplot failed on: a note in its place */
	free(chart.svg);
	chart.svg = NULL;
	chart.error = "gnuplot failed on 'read.gp': <oops>";
	CU_ASSERT_FATAL(outfile_open(&f, path, 0, 1, err, sizeof(err)) == 0);
	html_chart_write(&f, &a, 0);
	CU_ASSERT_FATAL(outfile_commit(&f, err, sizeof(err)) == 0);
	h = tu_slurp(path, NULL);
	CU_ASSERT_FATAL(h != NULL);
	HAS(h, "<p class=\"note\">This chart (read) could not be drawn: gnuplot failed on "
	       "&#39;read.gp&#39;: &lt;oops&gt;</p>");
	CU_ASSERT(strstr(h, "<svg") == NULL);
	free(h);
	unlink(path);
}

/* base64 text up to the first '"' into bytes (caller frees). */
static unsigned char *unbase64(const char *s, size_t *n)
{
	static const char b64[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	size_t len = strcspn(s, "\""), o = 0;
	unsigned char *out = malloc(len);
	unsigned v = 0;
	int bits = 0;
	for (size_t i = 0; out && i < len && s[i] != '='; i++) {
		const char *p = strchr(b64, s[i]);
		if (!p)
			break;
		v = v << 6 | (unsigned)(p - b64);
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			out[o++] = (unsigned char)(v >> bits);
		}
	}
	*n = o;
	return out;
}

/*
 * A results.csv whose percent-encoded link would pass Chromium's 2 MiB URL
 * limit goes gzipped and base64-encoded as .csv.gz, and gunzips to the
 * bytes csvout writes.
 */
static void test_big_csv_gzipped(void)
{
	struct result_set big, *sets[1] = { &big };
	char err[IOSWEEP_ERR_MAX], dir[64], path[128];

	results_init(&big);
	CU_ASSERT_FATAL(results_set_str(&big.meta.label, "big") == 0);
	for (unsigned t = 0; t < 10000; t++)
		for (uint64_t f = 1024; f <= 16384; f *= 2)
			tu_add_rate(&big, f, 64, RC_WRITE, t, 100.0 + t % 7, 0);
	char *h = report_of(sets, 1);
	const char *link = strstr(h, "<a download=\"big-results.csv.gz\" href=\"data:"
				     "application/gzip;base64,H4sI");
	CU_ASSERT_FATAL(link != NULL);
	CU_ASSERT(strstr(h, "download=\"big-results.csv\"") == NULL);
	HAS(h, "<a download=\"big-summary.csv\" href=\"data:text/csv;charset=utf-8,");
	HAS(h, "too large for a plain link");

	size_t zlen, plain_len;
	unsigned char *z = unbase64(strchr(link, ',') + 1, &zlen);
	CU_ASSERT_FATAL(z != NULL && zlen > 100);
	snprintf(dir, sizeof(dir), "/tmp/test_html_big.%ld", (long)getpid());
	CU_ASSERT_FATAL(csvout_write_dir(&big, dir, 0, 1, err, sizeof(err)) == 0);
	snprintf(path, sizeof(path), "%s/results.csv", dir);
	char *plain = tu_slurp(path, &plain_len);
	CU_ASSERT_FATAL(plain != NULL && plain_len > 2000000);
	unsigned char *back = malloc(plain_len + 1);
	z_stream zs;
	memset(&zs, 0, sizeof(zs));
	CU_ASSERT_FATAL(back && inflateInit2(&zs, 15 + 16) == Z_OK);
	zs.next_in = z;
	zs.avail_in = (uInt)zlen;
	zs.next_out = back;
	zs.avail_out = (uInt)plain_len + 1;
	CU_ASSERT(inflate(&zs, Z_FINISH) == Z_STREAM_END);
	CU_ASSERT(zs.total_out == plain_len);
	CU_ASSERT(memcmp(back, plain, plain_len) == 0);
	inflateEnd(&zs);
	free(back);
	free(plain);
	free(z);
	free(h);
	/* the folder csvout wrote: its files, sheets/, then itself */
	static const char *const files[] = { "results.csv", "summary.csv", "meta.csv",
					     "sheets/write.csv" };
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, files[i]);
		unlink(path);
	}
	snprintf(path, sizeof(path), "%s/sheets", dir);
	rmdir(path);
	rmdir(dir);
	results_release(&big);
}

static const struct cu_case cases[] = {
	CU_CASE(test_one_set),
	CU_CASE(test_comparison),
	CU_CASE(test_findings_timed),
	CU_CASE(test_refusals),
	CU_CASE(test_svg_inline),
	CU_CASE(test_big_csv_gzipped),
	{ 0 }
};

CU_MAIN("html", cases)
