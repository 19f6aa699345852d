/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * html.c: the one-file HTML report (see html.h): the page itself.
 *
 * The page is written top to bottom into an atomic output file
 * (outfile.h), so a failed run leaves no half page.  The facts come from
 * the emitters that already compute them: this file writes the frame, the
 * metadata of each set and the downloads; the findings in words are
 * html_findings.c's, the CSV files and the rendered charts html_assets.c's,
 * the grids html_tables.c's.
 *
 * Self-contained means: no URL the browser would fetch.  Styles and the
 * little script are inline, the favicon is an empty data: URL (else a
 * browser asks for /favicon.ico), charts are inline SVG, downloads are
 * data: URLs, percent-encoded rather than base64 because CSV is mostly
 * characters that need no encoding (a third smaller); only a file too
 * large for a URL goes gzipped and base64-encoded.
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

#include "analysis/compare.h"
#include "html/html.h"
#include "html/html_assets.h"
#include "html/html_priv.h"
#include "iosweep.h"
#include "lib/outfile.h"
#include "model/results.h"
#include "model/stats.h"
#include "model/units.h"
#include "platform/platform.h"
#include "lib/err.h"

/* Longest data: link written as text; Chromium's limit for any URL is 2 MiB. */
#ifndef HTML_DATA_URL_MAX
#define HTML_DATA_URL_MAX ((size_t)2000000)
#endif

static int url_safe(unsigned char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
	       (c && strchr("-_.~,:;=/()+!*@$", c));
}

/* The text as a data: URL, percent-encoded: the characters that need no escape kept. */
static void data_url(struct outfile *f, const char *mime, const char *text, size_t len)
{
	static const char hex[] = "0123456789ABCDEF";
	char buf[4096];
	size_t o = 0;

	outfile_printf(f, "data:%s,", mime);
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];
		if (o + 3 > sizeof(buf)) {
			outfile_write(f, buf, o);
			o = 0;
		}
		if (url_safe(c)) {
			buf[o++] = (char)c;
		} else {
			buf[o++] = '%';
			buf[o++] = hex[c >> 4];
			buf[o++] = hex[c & 15];
		}
	}
	outfile_write(f, buf, o);
}

/* The length of data_url's text for text[0..len). */
static size_t data_url_len(const char *text, size_t len)
{
	size_t n = 0;
	for (size_t i = 0; i < len; i++)
		n += url_safe((unsigned char)text[i]) ? 1 : 3;
	return n;
}

/* Bytes as a base64 data: URL. */
static void data_url_base64(struct outfile *f, const char *mime, const unsigned char *p,
			    size_t len)
{
	static const char b64[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	char buf[4096];
	size_t o = 0;

	outfile_printf(f, "data:%s;base64,", mime);
	for (size_t i = 0; i < len; i += 3) {
		unsigned v = (unsigned)p[i] << 16 | (i + 1 < len ? (unsigned)p[i + 1] << 8 : 0) |
			     (i + 2 < len ? p[i + 2] : 0);
		if (o + 4 > sizeof(buf)) {
			outfile_write(f, buf, o);
			o = 0;
		}
		buf[o++] = b64[v >> 18 & 63];
		buf[o++] = b64[v >> 12 & 63];
		buf[o++] = i + 1 < len ? b64[v >> 6 & 63] : '=';
		buf[o++] = i + 2 < len ? b64[v & 63] : '=';
	}
	outfile_write(f, buf, o);
}

/* text[0..len) gzipped into a new buffer.  0 or -1. */
static int gzip_mem(const char *text, size_t len, unsigned char **out, size_t *outlen)
{
	z_stream z;
	memset(&z, 0, sizeof(z));
	if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
		return -1;
	uLong bound = deflateBound(&z, (uLong)len) + 32;
	*out = malloc(bound);
	if (!*out) {
		deflateEnd(&z);
		return -1;
	}
	z.next_in = (Bytef *)(uintptr_t)text;
	z.avail_in = (uInt)len;
	z.next_out = *out;
	z.avail_out = (uInt)bound;
	int rc = deflate(&z, Z_FINISH);
	*outlen = bound - z.avail_out;
	deflateEnd(&z);
	if (rc != Z_STREAM_END) {
		free(*out);
		*out = NULL;
		return -1;
	}
	return 0;
}

/*
 * One download link.  Chromium refuses URLs over 2 MiB (kMaxURLChars), so
 * a file whose link would be longer goes gzipped and base64-encoded as
 * NAME.gz: the same bytes once gunzipped.
 */
static void csv_link(struct outfile *f, const struct html_csv *c)
{
	unsigned char *gz = NULL;
	size_t gzlen = 0;
	char size[64];
	int zipped = data_url_len(c->text, c->len) > HTML_DATA_URL_MAX &&
		     gzip_mem(c->text, c->len, &gz, &gzlen) == 0;

	units_format_bytes_human(c->len, size, sizeof(size));
	outfile_printf(f, "<li><a download=\"");
	html_text(f, c->name);
	outfile_printf(f, "%s\" href=\"", zipped ? ".gz" : "");
	if (zipped)
		data_url_base64(f, "application/gzip", gz, gzlen);
	else
		data_url(f, "text/csv;charset=utf-8", c->text, c->len);
	outfile_printf(f, "\">");
	html_text(f, c->name);
	if (zipped) {
		char zs[64];
		units_format_bytes_human(gzlen, zs, sizeof(zs));
		outfile_printf(f, ".gz</a> (%s, gzipped to %s: too large for a plain link)</li>\n",
			       size, zs);
	} else {
		outfile_printf(f, "</a> (%s)</li>\n", size);
	}
	free(gz);
}

/* ------------------------------------------------------------------ */
/* the page's frame */

static const char page_css[] =
	"body{font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;"
	"color:#1a1a1a;background:#fff;margin:0 auto;max-width:72rem;padding:0 1rem 3rem}\n"
	"h1{font-size:1.6rem;margin:1.2rem 0 .3rem}h2{font-size:1.3rem;margin-top:2rem;"
	"border-bottom:1px solid #ccc}h3{font-size:1.1rem}\n"
	"nav ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.2rem 1rem}\n"
	"dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:.1rem 1rem;margin:.5rem 0}\n"
	"dl.meta dt{font-weight:600}dl.meta dd{margin:0;overflow-wrap:anywhere}\n"
	"code{font:13px ui-monospace,Menlo,Consolas,monospace}\n"
	".note{background:#fff4d6;border-left:4px solid #e0a800;padding:.4rem .7rem}\n"
	"#findings li{margin:.3rem 0}\n"
	"figure{margin:1rem 0;break-inside:avoid}figure svg{width:100%;height:auto;"
	"max-width:1000px;display:block}\n"
	"figcaption{font-size:.9rem;color:#444}\n"
	".scroll{overflow-x:auto;margin:1rem 0}\n"
	"table{border-collapse:collapse;font-variant-numeric:tabular-nums}\n"
	"caption{text-align:left;font-weight:600;padding:.3rem 0}\n"
	"th,td{border:1px solid #ddd;padding:.15rem .4rem;text-align:right;vertical-align:top}\n"
	"thead th{background:#f2f2f2}tbody th{background:#f7f7f7}\n"
	"table.grid td{font-size:.85rem;white-space:nowrap}\n"
	"details summary{cursor:pointer;list-style:none}details summary::-webkit-details-marker"
	"{display:none}details[open] summary{font-weight:600}\n"
	".s0{background:#f7fbff}.s1{background:#deebf7}.s2{background:#c6dbef}"
	".s3{background:#9ecae1}.s4{background:#6baed6}.s5{background:#4292c6;color:#fff}"
	".s6{background:#2171b5;color:#fff}.s7{background:#084594;color:#fff}\n"
	".r0{background:#d6604d}.r1{background:#f4a582}.r2{background:#fddbc7}.r3{background:#f7f7f7}"
	".r4{background:#d1e5f0}.r5{background:#92c5de}.r6{background:#4393c3}\n"
	"td.sig{font-weight:700}\n"
	"table.sortable th{cursor:pointer}\n"
	"button{font:inherit;font-size:.85rem;margin:.3rem 0}\n"
	"ul.csv{columns:2 18rem}\n"
	"@media print{body{max-width:none;font-size:10pt}nav,button{display:none}"
	"h2{break-after:avoid}section.test{break-before:page}.scroll{overflow:visible}"
	"table.grid td,table.grid th{font-size:7pt;padding:0 2px}"
	"*{-webkit-print-color-adjust:exact;print-color-adjust:exact}"
	"a[href^='data:']{text-decoration:none;color:inherit}}\n";

/* Sorting the verdict tables and opening every trial of a grid: extras, the page reads without. */
static const char page_js[] =
	"(function(){\n"
	"document.querySelectorAll('table.sortable').forEach(function(t){\n"
	" t.querySelectorAll('thead th').forEach(function(th,i){\n"
	"  th.title='sort by this column';\n"
	"  th.addEventListener('click',function(){\n"
	"   var b=t.tBodies[0],rows=Array.prototype.slice.call(b.rows),d=th.dataset.dir==='a'?-1:1;\n"
	"   th.dataset.dir=d>0?'a':'d';\n"
	"   rows.sort(function(x,y){var p=x.cells[i].dataset.v,q=y.cells[i].dataset.v;\n"
	"    if(p!==undefined&&q!==undefined)return d*(parseFloat(p)-parseFloat(q));\n"
	"    return d*x.cells[i].textContent.localeCompare(y.cells[i].textContent);});\n"
	"   rows.forEach(function(r){b.appendChild(r);});});});});\n"
	"document.querySelectorAll('table.grid').forEach(function(t){\n"
	" var ds=t.querySelectorAll('details');if(!ds.length)return;\n"
	" var btn=document.createElement('button');btn.type='button';btn.textContent='Show all trials';\n"
	" btn.addEventListener('click',function(){var open=btn.textContent==='Show all trials';\n"
	"  ds.forEach(function(d){d.open=open;});\n"
	"  btn.textContent=open?'Hide the trials':'Show all trials';});\n"
	" t.parentNode.parentNode.insertBefore(btn,t.parentNode);});\n"
	"})();\n";

static void page_head(struct outfile *f, struct result_set *const *sets, size_t nsets)
{
	outfile_printf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		       "<meta name=\"generator\" content=\"iosweep %s\">\n"
		       "<link rel=\"icon\" href=\"data:,\">\n<title>iosweep report: ",
		       IOSWEEP_VERSION);
	for (size_t i = 0; i < nsets; i++) {
		outfile_printf(f, "%s", i ? " vs " : "");
		html_text(f, sets[i]->meta.label);
	}
	outfile_printf(f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n", page_css);
}

static void page_nav(struct outfile *f, uint32_t present, int others, int ops, int curve)
{
	char s[40];
	outfile_printf(f, "<nav aria-label=\"contents\"><ul><li><a href=\"#findings\">Findings"
		       "</a></li><li><a href=\"#sets\">How the runs were made</a></li>%s",
		       curve ? "<li><a href=\"#t-curve\">the share under many clients</a></li>" : "");
	for (int col = 0; col < RC_COUNT; col++) {
		if (!(present & (1u << col)))
			continue;
		results_col_slug(col, s, sizeof(s));
		outfile_printf(f, "<li><a href=\"#t-%s\">%s</a></li>", s, results_col_name(col));
	}
	if (ops)
		outfile_printf(f, "<li><a href=\"#t-ops\">small-file operations</a></li>");
	else if (others)
		outfile_printf(f, "<li><a href=\"#t-other\">other charts</a></li>");
	outfile_printf(f, "<li><a href=\"#data\">Data (CSV)</a></li></ul></nav>\n");
}

/* ------------------------------------------------------------------ */
/* how each run was made */

static unsigned trials_of(const struct result_set *rs)
{
	unsigned t = rs->trials;
	for (size_t i = 0; i < rs->nsamples; i++)
		if ((unsigned)rs->samples[i].trial + 1 > t)
			t = (unsigned)rs->samples[i].trial + 1;
	return t;
}

static void dd_text(struct outfile *f, const char *term, const char *value)
{
	outfile_printf(f, "<dt>%s</dt><dd>", term);
	if (value && *value)
		html_text(f, value);
	else
		outfile_printf(f, "not recorded");
	outfile_printf(f, "</dd>\n");
}

static void set_flags(struct outfile *f, unsigned flags)
{
	static const struct {
		unsigned bit;
		const char *what;
	} names[] = {
		{ RESULTS_F_DIRECT, "O_DIRECT, page cache bypassed (-I)" },
		{ RESULTS_F_FSYNC, "fsync inside the timing (-e)" },
		{ RESULTS_F_CLOSE, "close inside the timing (-c)" },
		{ RESULTS_F_OSYNC, "O_SYNC writes (-o)" },
		{ RESULTS_F_ODSYNC, "O_DSYNC (-+D)" },
		{ RESULTS_F_ORSYNC, "O_RSYNC (-+r)" },
		{ RESULTS_F_NORETEST, "second passes not run (-+n)" },
		{ RESULTS_F_CPU, "CPU times recorded (-+u)" },
		{ RESULTS_F_IMPORTED, "imported from IOzone output" },
		{ RESULTS_F_VERIFY, "every read checked inside the timing (-V): "
		  "the figures are not performance figures" },
		{ RESULTS_F_DIAG, "every read checked inside the timing (-+d): "
		  "the figures are not performance figures" },
		{ RESULTS_F_MMAP, "data copied through a mapping of the file (-B)" },
		{ RESULTS_F_MSYNC_ASYNC, "msync(MS_ASYNC) after each record written (-D)" },
		{ RESULTS_F_MSYNC_SYNC, "msync(MS_SYNC) after each record written (-G)" },
		{ RESULTS_F_MMAP_MIX, "a write(2) mixed into the mapped file (-Z)" },
		{ RESULTS_F_SHORT, "short-circuit mode (-+X), for file systems "
		  "under development: the figures are not storage figures" },
	};
	int n = 0;
	outfile_printf(f, "<dt>Flags</dt><dd>");
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (flags & names[i].bit)
			outfile_printf(f, "%s%s", n++ ? "; " : "", names[i].what);
	outfile_printf(f, "%s</dd>\n", n ? "" : "none (buffered I/O, fsync and close outside "
		       "the timing, as IOzone's defaults)");
}

static void set_header(struct outfile *f, struct result_set *const *sets, size_t nsets,
		       size_t i, const struct html_opts *ho)
{
	const struct result_meta *m = &sets[i]->meta;
	char buf[256], ram[64];

	outfile_printf(f, "<article class=\"set\" id=\"set-%zu\">\n<h3>", i + 1);
	if (nsets > 1)
		outfile_printf(f, "%s", i == 0 ? "A: " : "B: ");
	html_text(f, m->label);
	outfile_printf(f, "</h3>\n<dl class=\"meta\">\n");
	dd_text(f, "Date", m->start_time);
	dd_text(f, "Host", m->host);
	dd_text(f, "OS", m->os);
	outfile_printf(f, "<dt>File system</dt><dd>");
	html_text(f, m->fs_type && *m->fs_type ? m->fs_type : "not recorded");
	if (m->mount_options && *m->mount_options) {
		outfile_printf(f, ", mounted <code>");
		html_text(f, m->mount_options);
		outfile_printf(f, "</code>");
	}
	if (m->target_path && *m->target_path) {
		outfile_printf(f, "; test file <code>");
		html_text(f, m->target_path);
		outfile_printf(f, "</code>");
	}
	outfile_printf(f, "</dd>\n");
	if (m->link)
		dd_text(f, "Link", m->link);
	if (m->ram_kb) {
		units_format_bytes_human(m->ram_kb * 1024, ram, sizeof(ram));
		dd_text(f, "RAM", ram);
	} else {
		dd_text(f, "RAM", NULL);
	}
	outfile_printf(f, "<dt>Command line</dt><dd><code>");
	html_text(f, m->command_line && *m->command_line ? m->command_line : "not recorded");
	outfile_printf(f, "</code></dd>\n<dt>Data pattern</dt><dd>");
	html_text(f, m->data_pattern && *m->data_pattern ? m->data_pattern : "not recorded");
	if (m->data_compress_ratio > 0)
		outfile_printf(f, " (zlib compression ratio %.2f)", m->data_compress_ratio);
	{
		char dd[128];
		results_data_dedup_text(m, dd, sizeof(dd));
		html_text(f, dd);
	}
	if (m->dedup_granule && m->dedup_within >= 0.0) {
		outfile_printf(f, "; duplicate %llu-byte granules: %.1f%% within "
			       "a file", (unsigned long long)m->dedup_granule,
			       100.0 * m->dedup_within);
		if (m->dedup_across >= 0.0)
			outfile_printf(f, ", %.1f%% of a second file across files",
				       100.0 * m->dedup_across);
	}
	outfile_printf(f, "</dd>\n<dt>Trials</dt><dd>%u per cell</dd>\n", trials_of(sets[i]));
	set_flags(f, m->flags);
	dd_text(f, "Status", m->status ? m->status : "not recorded (imported)");
	snprintf(buf, sizeof(buf), "%s %s", m->tool ? m->tool : "", m->version ? m->version : "");
	dd_text(f, "Measured by", buf[0] == ' ' ? NULL : buf);
	if (m->timer_resolution_s > 0) {
		snprintf(buf, sizeof(buf), "%.0f ns", m->timer_resolution_s * 1e9);
		dd_text(f, "Clock step", buf);
	}
	if (ho->sources && ho->sources[i])
		dd_text(f, "Read from", ho->sources[i]);
	size_t cells = 0;
	for (size_t c = 0; c < sets[i]->ncells; c++)
		cells += !sets[i]->cells[c].placeholder;
	outfile_printf(f, "<dt>Tests</dt><dd>");
	html_col_list(f, sets[i]->cols_mask);
	outfile_printf(f, " (%zu cells)</dd>\n</dl>\n</article>\n", cells);
}

/* ------------------------------------------------------------------ */
/* tests, data, the whole */

static void test_section(struct outfile *f, struct result_set *const *sets, size_t nsets,
			 int col, const struct compare_result *const *cmp,
			 const struct html_assets *a)
{
	char s[40];
	size_t drawn = 0;

	results_col_slug(col, s, sizeof(s));
	outfile_printf(f, "<section class=\"test\" id=\"t-%s\">\n<h2>%s</h2>\n", s,
		       results_col_name(col));
	for (size_t k = 0; k < a->ncharts; k++) {
		if (a->charts[k].col != col || a->charts[k].curve)
			continue;
		html_chart_write(f, a, k);
		drawn++;
	}
	if (!drawn && a->gnuplot_missing)
		outfile_printf(f, "<p class=\"note\">No chart: gnuplot was not found.</p>\n");
	html_tables_write(f, sets, nsets, col, cmp);
	outfile_printf(f, "</section>\n");
}

static void data_section(struct outfile *f, struct result_set *const *sets, size_t nsets,
			 const struct html_assets *a)
{
	outfile_printf(f, "<section id=\"data\">\n<h2>Data (CSV)</h2>\n<p>The files iosweep "
		       "writes for each result set, carried inside this page: click to save. "
		       "Columns are described in iosweep's README.</p>\n");
	for (size_t i = 0; i < nsets; i++) {
		outfile_printf(f, "<h3>");
		html_text(f, sets[i]->meta.label);
		outfile_printf(f, "</h3>\n<ul class=\"csv\">\n");
		for (size_t k = 0; k < a->ncsvs; k++) {
			const struct html_csv *c = &a->csvs[k];
			if (c->set != i)
				continue;
			csv_link(f, c);
		}
		outfile_printf(f, "</ul>\n");
	}
	outfile_printf(f, "</section>\n");
}

static void page_body(struct outfile *f, struct result_set *const *sets, size_t nsets,
		      const struct html_opts *ho, const struct compare_result *const *cmp,
		      char *const *cmp_err, const struct html_assets *a)
{
	uint32_t present = 0;
	int others = 0, ops = html_ops_present(sets, nsets);
	time_t now = time(NULL);
	char when[64] = "";
	struct tm tm;

	for (size_t i = 0; i < nsets; i++)
		present |= sets[i]->cols_mask;
	for (size_t k = 0; k < a->ncharts; k++)
		others |= a->charts[k].col < 0;
	if (plat_localtime(now, &tm) == 0)
		strftime(when, sizeof(when), "%Y-%m-%d %H:%M", &tm);
	page_head(f, sets, nsets);
	outfile_printf(f, "<header>\n<h1>iosweep report: ");
	for (size_t i = 0; i < nsets; i++) {
		outfile_printf(f, "%s", i ? " vs " : "");
		html_text(f, sets[i]->meta.label);
	}
	if (ops)
		outfile_printf(f, "</h1>\n<p>Small-file and metadata operations, made by iosweep "
			       "%s on %s.  Figures are calls per second, the mean of the "
			       "trials.%s</p>\n", IOSWEEP_VERSION, when, nsets > 1 ?
			       "  The first set (A) is the baseline of the comparison." : "");
	else
		outfile_printf(f, "</h1>\n<p>File-system throughput over file sizes and record "
			       "sizes, made by iosweep %s on %s.  Figures are kB/s (kB = 1024 "
			       "bytes), the mean of each cell's trials.%s</p>\n", IOSWEEP_VERSION,
			       when, nsets > 1 ?
			       "  The first set (A) is the baseline of the comparison." : "");
	page_nav(f, present, others, ops, ho->curve != NULL);
	outfile_printf(f, "</header>\n<main>\n");
	html_findings(f, sets, nsets, cmp, cmp_err, a);
	outfile_printf(f, "<section id=\"sets\">\n<h2>How the runs were made</h2>\n");
	for (size_t i = 0; i < nsets; i++)
		set_header(f, sets, nsets, i, ho);
	outfile_printf(f, "</section>\n");
	if (ho->curve)
		html_curve_write(f, ho->curve, a);
	for (int col = 0; col < RC_COUNT; col++)
		if (present & (1u << col))
			test_section(f, sets, nsets, col, cmp, a);
	if (ops)	/* their charts are the ones of no test column */
		html_ops_write(f, sets, nsets, cmp, a);
	else if (others) {
		outfile_printf(f, "<section class=\"test\" id=\"t-other\">\n<h2>Other charts</h2>\n");
		for (size_t k = 0; k < a->ncharts; k++)
			if (a->charts[k].col < 0)
				html_chart_write(f, a, k);
		outfile_printf(f, "</section>\n");
	}
	data_section(f, sets, nsets, a);
	outfile_printf(f, "</main>\n<footer><p>Made by iosweep %s.  This page is self-contained: "
		       "no network access, charts drawn by gnuplot and inlined as SVG.</p>"
		       "</footer>\n<script>\n%s</script>\n</body>\n</html>\n", IOSWEEP_VERSION,
		       page_js);
}

int html_write_report(struct result_set *const *sets, size_t nsets,
		      const struct html_opts *ho, const char *path,
		      struct html_outcome *oc, char *err, size_t errlen)
{
	struct html_assets a;
	struct compare_result *res = NULL;
	const struct compare_result **cmp = NULL;
	char **cmp_err = NULL;
	struct outfile f;
	int rc = -1;

	memset(oc, 0, sizeof(*oc));
	if (nsets == 0)
		return err_set(err, errlen, "no result sets to report");
	if (html_assets_build(sets, nsets, ho, &a, err, errlen) != 0)
		return -1;
	res = calloc(nsets, sizeof(*res));
	cmp = calloc(nsets, sizeof(*cmp));
	cmp_err = calloc(nsets, sizeof(*cmp_err));
	if (!res || !cmp || !cmp_err) {
		err_set(err, errlen, "out of memory");
		goto out;
	}
	for (size_t i = 1; i < nsets; i++) {
		char cerr[IOSWEEP_ERR_MAX];
		if (compare_sets(sets[0], sets[i], RESULTS_UNIT_KBPS, COMPARE_ALPHA,
				 STATS_ADJUST_BH, &res[i], cerr, sizeof(cerr)) == 0)
			cmp[i] = &res[i];
		else if (!(cmp_err[i] = strdup(cerr))) {
			err_set(err, errlen, "out of memory");
			goto out;
		}
	}
	if (outfile_open(&f, path, 0, ho->overwrite, err, errlen) != 0)
		goto out;
	page_body(&f, sets, nsets, ho, cmp, cmp_err, &a);
	if (f.failed) {
		err_set(err, errlen, "cannot write '%.300s'", path);
		outfile_abort(&f);
		goto out;
	}
	if (outfile_commit(&f, err, errlen) != 0)
		goto out;
	for (size_t k = 0; k < a.ncharts; k++) {
		if (a.charts[k].svg) {
			oc->charts++;
		} else {
			if (!oc->chart_failures++)
				snprintf(oc->first_failure, sizeof(oc->first_failure), "%s",
					 a.charts[k].error ? a.charts[k].error : "no SVG");
		}
	}
	oc->gnuplot_missing = a.gnuplot_missing;
	uint64_t size = 0;
	if (plat_stat(path, 1, &size) == PLAT_FILE)
		oc->bytes = size;
	rc = 0;
out:
	for (size_t i = 0; res && i < nsets; i++)
		compare_release(&res[i]);
	for (size_t i = 0; cmp_err && i < nsets; i++)
		free(cmp_err[i]);
	free(res);
	free(cmp);
	free(cmp_err);
	html_assets_release(&a);
	return rc;
}
