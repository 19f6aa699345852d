/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * html_assets.c: the pieces of the HTML report that other emitters make.
 *
 * The report does not re-derive what iosweep already writes: the CSV
 * files come from csvout_write_dir and cliffout_csv, the charts from
 * gnuplot_write_charts (the same scripts `iosweep plot` writes) rendered
 * by gnuplot's SVG terminal (and with a saturation curve its charts,
 * gnuplot_curve_write's, marked as the curve's).  They are made in a private temporary folder
 * (mkdtemp), read into memory, and the folder is removed again, so the
 * report is the only file left.  Each chart's title and alternative text
 * come from the chart writer with the script (struct gnuplot_chart): the
 * same words it put in the script's header ("# TITLE", "# What it
 * shows: ..."), so the two never disagree and no script is read back.
 *
 * Inlining an SVG into a page that holds many of them needs its ids made
 * unique (gnuplot names its point shapes gpPt0.. in every file): every
 * id='x', href='#x' and url(#x) gains a per-chart prefix.
 */
#include "compat.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "charts/gnuplot.h"
#include "charts/gnuplot_curve.h"
#include "analysis/cliff.h"
#include "analysis/curve.h"
#include "html/html_assets.h"
#include "html/html_util.h"
#include "iosweep.h"
#include "lib/err.h"
#include "lib/outfile.h"
#include "lib/readfile.h"
#include "platform/platform.h"
#include "report/cliffout.h"
#include "report/csvout.h"
#include "model/results.h"

/* The most of one result file or chart the report inlines. */
#define HTML_MAX_FILE ((size_t)256 << 20)

/* ------------------------------------------------------------------ */
/* the temporary folder */

/* Remove dir and what it holds (the report's own scratch: a few levels). */
static void remove_tree(const char *dir, int depth)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[2048];

	if (d) {
		while ((e = readdir(d)) != NULL) {
			if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
				continue;
			snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
			if (plat_stat(path, 0, NULL) == PLAT_DIR && depth > 0)
				remove_tree(path, depth - 1);
			else
				plat_remove(path);
		}
		closedir(d);
	}
	plat_rmdir(dir);
}

static int make_tmpdir(struct html_assets *a, char *err, size_t errlen)
{
	const char *base = getenv("TMPDIR");
	if (!base || !*base)
		base = "/tmp";
	snprintf(a->tmpdir, sizeof(a->tmpdir), "%s/iosweep-report.XXXXXX", base);
	if (!plat_mkdtemp(a->tmpdir)) {
		err_set(err, errlen, "cannot create a temporary folder in '%.300s': %s",
			base, strerror(errno));
		a->tmpdir[0] = '\0';
		return -1;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* CSV files */

/* A label as a file-name part: [A-Za-z0-9._-] kept, the rest '_', at most 40. */
static void file_slug(const char *label, char *out, size_t outlen)
{
	size_t o = 0;
	for (const char *p = label ? label : ""; *p && o + 1 < outlen && o < 40; p++) {
		unsigned char c = (unsigned char)*p;
		int ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
			 (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_';
		out[o++] = ok ? (char)c : '_';
	}
	if (o == 0 && outlen > 3)
		o = (size_t)snprintf(out, outlen, "set");
	out[o] = '\0';
}

static int add_csv(struct html_assets *a, size_t set, const char *slug,
		   const char *dir, const char *rel, char *err, size_t errlen)
{
	char path[2048], name[512];
	struct html_csv *c;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	snprintf(name, sizeof(name), "%s-%s", slug, rel);
	for (char *p = name; *p; p++)
		if (*p == '/')
			*p = '-';
	c = realloc(a->csvs, (a->ncsvs + 1) * sizeof(*c));
	if (!c)
		return err_set(err, errlen, "out of memory");
	a->csvs = c;
	c = &a->csvs[a->ncsvs];
	memset(c, 0, sizeof(*c));
	c->set = set;
	if (!(c->name = strdup(name)))
		return err_set(err, errlen, "out of memory");
	if (readfile_all(path, HTML_MAX_FILE, "a result file", &c->text, &c->len, err, errlen) != 0) {
		free(c->name);
		return -1;
	}
	a->ncsvs++;
	return 0;
}

static int name_cmp(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/* sheets/<test>.csv in name order. */
static int add_sheets(struct html_assets *a, size_t set, const char *slug,
		      const char *dir, char *err, size_t errlen)
{
	char sheets[2048], *names[64];
	size_t n = 0;
	int rc = 0;
	DIR *d;
	struct dirent *e;

	snprintf(sheets, sizeof(sheets), "%s/sheets", dir);
	if (!(d = opendir(sheets)))
		return 0;
	while ((e = readdir(d)) != NULL && n < 64) {
		size_t len = strlen(e->d_name);
		if (len > 4 && strcmp(e->d_name + len - 4, ".csv") == 0) {
			size_t sz = len + 8;
			if (!(names[n] = malloc(sz))) {
				rc = -1;
				err_set(err, errlen, "out of memory");
				break;
			}
			snprintf(names[n++], sz, "sheets/%s", e->d_name);
		}
	}
	closedir(d);
	qsort(names, n, sizeof(names[0]), name_cmp);
	for (size_t i = 0; i < n; i++) {
		if (rc == 0)
			rc = add_csv(a, set, slug, dir, names[i], err, errlen);
		free(names[i]);
	}
	return rc;
}

/* The CSV folder of set i, as a sweep writes it, read back. */
static int build_csvs(struct result_set *const *sets, size_t nsets,
		      struct html_assets *a, char *err, size_t errlen)
{
	static const char *const files[] = {
		"results.csv", "summary.csv", "meta.csv", "cliffs.csv"
	};
	char dir[1200], path[1300], slug[128], label[48];

	for (size_t i = 0; i < nsets; i++) {
		snprintf(dir, sizeof(dir), "%s/set-%zu", a->tmpdir, i + 1);
		if (csvout_write_dir(sets[i], dir, 0, 1, err, errlen) != 0)
			return -1;
		snprintf(path, sizeof(path), "%s/cliffs.csv", dir);
		if (cliffout_csv(sets[i], &a->cliffs[i], path, 1, err, errlen) != 0)
			return -1;
		file_slug(sets[i]->meta.label, label, sizeof(label));
		if (nsets > 1)
			snprintf(slug, sizeof(slug), "%zu-%s", i + 1, label);
		else
			snprintf(slug, sizeof(slug), "%s", label);
		for (size_t k = 0; k < sizeof(files) / sizeof(files[0]); k++)
			if (add_csv(a, i, slug, dir, files[k], err, errlen) != 0)
				return -1;
		if (add_sheets(a, i, slug, dir, err, errlen) != 0)
			return -1;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* charts */

/* Append the strings of parts[0..n) to the malloc'd *s.  0 or -1 (memory). */
static int str_append(char **s, const char *const *parts, size_t n)
{
	size_t len = strlen(*s), add = 0;
	for (size_t i = 0; i < n; i++)
		add += strlen(parts[i]);
	char *p = realloc(*s, len + add + 1);
	if (!p)
		return -1;
	for (size_t i = 0; i < n; i++) {
		size_t k = strlen(parts[i]);
		memcpy(p + len, parts[i], k);
		len += k;
	}
	p[len] = '\0';
	*s = p;
	return 0;
}

/*
 * What a chart's alternative text adds to its script's words: the labels
 * of the lines ("Lines: NAS A; NAS B", for charts of every set) and the
 * cliff sentences of test col ("Cache cliffs: NAS A: read and reread fall
 * 9x between ...").  0 or -1 (memory).
 */
static int alt_extend(char **alt, struct result_set *const *sets, const struct html_assets *a,
		      const char *chart, int col)
{
	int any = 0, rc = 0;

	if (strncmp(chart, "surface-", 8) != 0 && strncmp(chart, "percentiles-", 12) != 0) {
		for (size_t i = 0; i < a->nsets && rc == 0; i++) {
			const char *parts[] = { i ? "; " : a->nsets > 1 ? ". Lines: " : ". Line: ",
						sets[i]->meta.label ? sets[i]->meta.label : "" };
			rc = str_append(alt, parts, 2);
		}
	}
	for (size_t i = 0; i < a->nsets && rc == 0; i++) {
		const struct cliff_list *l = &a->cliffs[i];
		for (size_t k = 0; k < l->nfindings && rc == 0; k++) {
			int mine = 0;
			for (size_t c = 0; c < l->n && !mine; c++)
				mine = l->items[c].col == col && l->items[c].finding == (int)k;
			if (!mine)
				continue;
			char *sentence = cliffout_sentence(l, k);
			const char *parts[] = { any ? "; " : ". Cache cliffs: ",
						a->nsets > 1 && sets[i]->meta.label ? sets[i]->meta.label : "",
						a->nsets > 1 ? ": " : "", sentence };
			rc = sentence ? str_append(alt, parts, 4) : -1;
			free(sentence);
			any = 1;
		}
	}
	if (rc == 0 && **alt && (*alt)[strlen(*alt) - 1] != '.') {
		const char *dot[] = { "." };
		rc = str_append(alt, dot, 1);
	}
	return rc;
}

void html_svg_minify(char *s, size_t *len)
{
	size_t i = 0, o = 0, n = *len;
	while (i < n) {
		if (s[i] == '<' && i + 2 < n && s[i + 1] == 'g' && (s[i + 2] == ' ' || s[i + 2] == '>')) {
			char *gt = memchr(s + i, '>', n - i);
			size_t k = gt ? (size_t)(gt - s) + 1 : n;
			size_t tag = k - i;
			int has_id = 0;
			for (size_t t = i; t + 3 < k; t++)
				if ((s[t] == ' ' || s[t] == '\t' || s[t] == '\n') && memcmp(s + t + 1, "id=", 3) == 0)
					has_id = 1;
			while (k < n && (s[k] == ' ' || s[k] == '\t' || s[k] == '\n' || s[k] == '\r'))
				k++;
			if (gt && !has_id && k + 4 <= n && memcmp(s + k, "</g>", 4) == 0) {
				i = k + 4;
				continue;
			}
			memmove(s + o, s + i, tag);
			o += tag;
			i += tag;
			continue;
		}
		if (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
			int nl = 0;
			while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
				nl |= s[i++] == '\n';
			s[o++] = nl ? '\n' : ' ';
			continue;
		}
		s[o++] = s[i++];
	}
	s[o] = '\0';
	*len = o;
}

/* The saturation curve's charts (gnuplot_curve.h), SVG, appended to files. */
static int curve_charts(const struct curve_table *t, const char *dir,
			struct gnuplot_files *files, char *err, size_t errlen)
{
	struct gnuplot_refs refs = { 0 };
	int rc = gnuplot_curve_refs(t->link, &refs, err, errlen);

	for (int col = 0; rc == 0 && col < RC_COUNT; col++)
		rc = gnuplot_curve_write(t, col, &refs, "svg", dir, 1, files, err, errlen);
	gnuplot_refs_release(&refs);
	return rc;
}

static int build_charts(struct result_set *const *sets, size_t nsets,
			const struct html_opts *ho, struct html_assets *a,
			char *err, size_t errlen)
{
	struct gnuplot_refs all = { 0 }, refs = { 0 };
	struct gnuplot_files files = { 0 };
	struct gnuplot_opts go = { 0 };
	char dir[1200], gerr[IOSWEEP_ERR_MAX];
	int rc = -1;

	if (gnuplot_refs_load(&all, NULL, err, errlen) != 0 ||
	    gnuplot_refs_select(&all, NULL, &refs, err, errlen) != 0)
		goto out;
	go.term = "svg";
	go.refs = &refs;
	go.cliffs = 1;
	go.overwrite = 1;
	go.errbars = GNUPLOT_ERR_MINMAX;
	go.highlight = ho->highlight;
	go.log_y = ho->log_y;
	go.sources = ho->sources;
	snprintf(dir, sizeof(dir), "%s/plots", a->tmpdir);
	int written = gnuplot_write_charts(sets, nsets, &go, dir, &files, gerr, sizeof(gerr));
	if (written != GNUPLOT_WRITE_OK) {
		/* --highlight naming no set is the caller's mistake; "nothing to plot" is not */
		if (written == GNUPLOT_WRITE_NO_HIGHLIGHT) {
			err_set(err, errlen, "%s", gerr);
			goto out;
		}
		snprintf(a->charts_error, sizeof(a->charts_error), "%s", gerr);
		rc = 0;
		goto out;
	}
	size_t ndrive = files.n;
	if (ho->curve && curve_charts(ho->curve, dir, &files, err, errlen) != 0)
		goto out;
	a->charts = calloc(files.n ? files.n : 1, sizeof(*a->charts));
	if (!a->charts) {
		err_set(err, errlen, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < files.n; i++) {
		struct html_chart *c = &a->charts[a->ncharts++];
		const struct gnuplot_chart *g = &files.items[i];
		const char *p = g->path, *slash = strrchr(p, '/');
		size_t plen = strlen(p);
		char svg[2048];

		c->name = strdup(slash ? slash + 1 : p);
		c->title = strdup(g->title);
		c->alt = strdup(g->alt);
		if (!c->name || !c->title || !c->alt)
			goto oom;
		c->name[strlen(c->name) - 3] = '\0';	/* ".gp" */
		c->col = g->col;
		c->curve = i >= ndrive;
		if (c->col >= 0 && !c->curve && alt_extend(&c->alt, sets, a, c->name, c->col) != 0)
			goto oom;
		if (gnuplot_render(p, "svg", gerr, sizeof(gerr)) != 0) {
			if (!(c->error = strdup(gerr)))
				goto oom;
			continue;
		}
		snprintf(svg, sizeof(svg), "%.*s.svg", (int)(plen - 3), p);
		if (readfile_all(svg, HTML_MAX_FILE, "a chart", &c->svg, &c->svg_len, err, errlen) != 0)
			goto out;
		html_svg_minify(c->svg, &c->svg_len);
	}
	rc = 0;
	goto out;
oom:
	err_set(err, errlen, "out of memory");
out:
	gnuplot_files_release(&files);
	gnuplot_refs_release(&refs);
	gnuplot_refs_release(&all);
	return rc;
}

int html_assets_build(struct result_set *const *sets, size_t nsets,
		      const struct html_opts *ho, struct html_assets *a,
		      char *err, size_t errlen)
{
	memset(a, 0, sizeof(*a));
	if (!(a->cliffs = calloc(nsets, sizeof(*a->cliffs))))
		return err_set(err, errlen, "out of memory");
	a->nsets = nsets;
	for (size_t i = 0; i < nsets; i++)
		if (cliff_detect(sets[i], &a->cliffs[i], err, errlen) != 0)
			goto fail;
	if (make_tmpdir(a, err, errlen) != 0)
		goto fail;
	if (build_csvs(sets, nsets, a, err, errlen) != 0)
		goto fail;
	if (ho->charts && !gnuplot_available())
		a->gnuplot_missing = 1;
	else if (ho->charts && build_charts(sets, nsets, ho, a, err, errlen) != 0)
		goto fail;
	remove_tree(a->tmpdir, 3);
	a->tmpdir[0] = '\0';
	return 0;
fail:
	html_assets_release(a);
	return -1;
}

void html_assets_release(struct html_assets *a)
{
	if (a->tmpdir[0])
		remove_tree(a->tmpdir, 3);
	for (size_t i = 0; i < a->ncharts; i++) {
		free(a->charts[i].name);
		free(a->charts[i].title);
		free(a->charts[i].alt);
		free(a->charts[i].svg);
		free(a->charts[i].error);
	}
	free(a->charts);
	for (size_t i = 0; i < a->ncsvs; i++) {
		free(a->csvs[i].name);
		free(a->csvs[i].text);
	}
	free(a->csvs);
	for (size_t i = 0; a->cliffs && i < a->nsets; i++)
		cliff_list_release(&a->cliffs[i]);
	free(a->cliffs);
	memset(a, 0, sizeof(*a));
}

/* ------------------------------------------------------------------ */
/* inlining an SVG */

/* Does s start with the literal lit? */
static int starts(const char *s, const char *end, const char *lit)
{
	size_t n = strlen(lit);
	return (size_t)(end - s) >= n && memcmp(s, lit, n) == 0;
}

/* Skip an element <tag>...</tag> at p (after blanks); returns where it ends, or p. */
static const char *skip_element(const char *p, const char *end, const char *open,
				const char *close)
{
	const char *q = p;
	while (q < end && (*q == ' ' || *q == '\n' || *q == '\r' || *q == '\t'))
		q++;
	if (!starts(q, end, open))
		return p;
	const char *c = strstr(q, close);
	if (!c || c >= end)
		return p;
	return c + strlen(close);
}

void html_chart_write(struct outfile *f, const struct html_assets *a, size_t k)
{
	const struct html_chart *c = &a->charts[k];
	const char *s = c->svg, *end, *p, *tag_end;
	char id[24];

	snprintf(id, sizeof(id), "c%zu-", k + 1);
	outfile_printf(f, "<figure id=\"chart-%s\">\n", c->name);
	if (!s || !(p = strstr(s, "<svg")) || !(end = strstr(p, "</svg>")) ||
	    !(tag_end = strchr(p, '>')) || tag_end > end) {
		outfile_printf(f, "<p class=\"note\">This chart (%s) could not be drawn: ", c->name);
		html_text(f, c->error ? c->error : "gnuplot wrote no SVG");
		outfile_printf(f, "</p>\n");
	} else {
		end += strlen("</svg>");
		/* <svg ...> with our accessibility attributes, then our title and desc */
		outfile_printf(f, "<svg role=\"img\" aria-labelledby=\"%st %sd\"", id, id);
		outfile_write(f, p + 4, (size_t)(tag_end - (p + 4)) + 1);
		outfile_printf(f, "\n<title id=\"%st\">", id);
		html_text(f, c->title);
		outfile_printf(f, "</title>\n<desc id=\"%sd\">", id);
		html_text(f, c->alt);
		outfile_printf(f, "</desc>");
		p = skip_element(tag_end + 1, end, "<title>", "</title>");
		p = skip_element(p, end, "<desc>", "</desc>");
		/* the body, ids prefixed */
		const char *run = p;
		while (p < end) {
			size_t skip = 0;
			if ((p[0] == ' ' || p[0] == '\t' || p[0] == '\n') &&
			    (starts(p + 1, end, "id='") || starts(p + 1, end, "id=\"")))
				skip = 5;
			else if (starts(p, end, "href='#") || starts(p, end, "href=\"#"))
				skip = 7;
			else if (starts(p, end, "url(#"))
				skip = 5;
			if (!skip) {
				p++;
				continue;
			}
			outfile_write(f, run, (size_t)(p - run) + skip);
			outfile_printf(f, "%s", id);
			p += skip;
			run = p;
		}
		outfile_write(f, run, (size_t)(end - run));
		outfile_printf(f, "\n");
	}
	outfile_printf(f, "<figcaption>");
	html_text(f, c->title);
	outfile_printf(f, "</figcaption>\n</figure>\n");
}
