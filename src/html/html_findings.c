/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * html_findings.c: the report's findings, in words, before any chart:
 * the cache cliffs (the sentences cliff.c writes, found once per set in
 * html_assets.c), the figures to read with care (cells whose shortest
 * timed region is under stats.h's short_timing threshold; reads of files
 * that fit in half the machine's RAM without O_DIRECT, which the page
 * cache most likely served), and with two sets or more the verdicts of
 * compare.c: per test the geometric mean of the ratios B/A and how many
 * cells differ significantly, in a table the page's script can sort.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cliff.h"
#include "analysis/cliff_time.h"
#include "iosweep.h"
#include "analysis/compare.h"
#include "html/html_assets.h"
#include "html/html_priv.h"
#include "html/html_util.h"
#include "lib/outfile.h"
#include "report/cliffout.h"
#include "report/netfind.h"
#include "platform/mountinfo.h"
#include "model/results.h"
#include "model/stats.h"
#include "model/units.h"

static int is_read_col(int col)
{
	switch (col) {
	case RC_READ: case RC_REREAD: case RC_RANDOM_READ: case RC_BKWD_READ:
	case RC_STRIDE_READ: case RC_FREAD: case RC_FREREAD: case RC_PREAD:
	case RC_REPREAD: case RC_PREADV: case RC_REPREADV:
		return 1;
	default:
		return 0;
	}
}

/* The columns of cols_mask as "read, reread and fread". */
void html_col_list(struct outfile *f, uint32_t mask)
{
	int n = 0, total = 0;
	for (int c = 0; c < RC_COUNT; c++)
		total += (mask >> c) & 1;
	for (int c = 0; c < RC_COUNT; c++) {
		if (!(mask & (1u << c)))
			continue;
		n++;
		outfile_printf(f, "%s%s", n == 1 ? "" : n == total ? " and " : ", ",
			       results_col_name(c));
	}
}

static void cliff_findings(struct outfile *f, struct result_set *const *sets, size_t nsets,
			   const struct html_assets *a)
{
	for (size_t i = 0; i < nsets; i++) {
		const struct cliff_list *cl = &a->cliffs[i];
		outfile_printf(f, "<li>");
		if (nsets > 1) {
			html_text(f, sets[i]->meta.label);
			outfile_printf(f, ": ");
		}
		if (cl->nfindings == 0) {
			outfile_printf(f, "no cache cliff found (throughput does not fall from one "
				       "plateau to a lower one as the file grows).");
		} else {
			outfile_printf(f, "%zu cache cliff%s:<ul>", cl->nfindings,
				       cl->nfindings == 1 ? "" : "s");
			for (size_t k = 0; k < cl->nfindings; k++) {
				char *sentence = cliffout_sentence(cl, k);
				if (!sentence)
					f->failed = 1;
				outfile_printf(f, "<li>");
				html_text(f, sentence);
				outfile_printf(f, "</li>");
				free(sentence);
			}
			outfile_printf(f, "</ul>");
		}
		outfile_printf(f, "</li>\n");
	}
}

/* Sets with a timeline (--log-interval): their cliffs in time, one line each. */
static void time_findings(struct outfile *f, struct result_set *const *sets, size_t nsets)
{
	for (size_t i = 0; i < nsets; i++) {
		struct tcliff_list tl;
		char err[IOSWEEP_ERR_MAX];
		if (!sets[i]->timeline.n)
			continue;
		if (cliff_time_detect(&sets[i]->timeline, sets[i]->meta.ram_kb,
				      sets[i]->meta.flags, &tl, err, sizeof(err)) != 0) {
			f->failed = 1;
			continue;
		}
		outfile_printf(f, "<li>");
		if (nsets > 1) {
			html_text(f, sets[i]->meta.label);
			outfile_printf(f, ": ");
		}
		if (tl.n == 0)
			outfile_printf(f, "no cliff in time (no pass slowed down and stayed down).");
		for (size_t k = 0; k < tl.n; k++) {
			char *sentence = cliffout_time_sentence(&tl.items[k]);
			if (!sentence)
				f->failed = 1;
			outfile_printf(f, "%s", k ? "<br>" : "");
			html_text(f, sentence);
			free(sentence);
		}
		outfile_printf(f, "</li>\n");
		cliff_time_release(&tl);
	}
}

/* The network's findings (netfind.h), under their own heading when any set has some. */
static void net_findings(struct outfile *f, struct result_set *const *sets, size_t nsets)
{
	int heading = 0;

	for (size_t i = 0; i < nsets; i++) {
		size_t n = 0;
		char **s = netfind_sentences(sets[i], &n);
		if (!s) {
			f->failed = 1;
			return;
		}
		for (size_t k = 0; k < n; k++) {
			if (!heading++)
				outfile_printf(f, "<h3>The network</h3>\n<ul class=\"network\">\n");
			outfile_printf(f, "<li>");
			if (nsets > 1) {
				html_text(f, sets[i]->meta.label);
				outfile_printf(f, ": ");
			}
			html_text(f, s[k]);
			outfile_printf(f, "</li>\n");
		}
		netfind_free(s, n);
	}
	if (heading)
		outfile_printf(f, "</ul>\n");
}

static void short_findings(struct outfile *f, const struct result_set *rs, size_t nsets)
{
	size_t flagged = 0, total = 0;
	uint64_t max_kb = 0;
	uint32_t cols = 0;
	char k[32];

	for (int col = 0; col < RC_COUNT; col++) {
		for (size_t c = 0; c < rs->ncells; c++) {
			if (rs->cells[c].placeholder || !results_has(rs, c, col))
				continue;
			total++;
			if (!results_short_timing(rs, c, col))
				continue;
			flagged++;
			cols |= 1u << col;
			if (rs->cells[c].file_kb > max_kb)
				max_kb = rs->cells[c].file_kb;
		}
	}
	outfile_printf(f, "<li>");
	if (nsets > 1) {
		html_text(f, rs->meta.label);
		outfile_printf(f, ": ");
	}
	double thr_us = 1e6 * stats_short_threshold_s(rs->meta.timer_resolution_s);
	if (!flagged) {
		outfile_printf(f, "no figure comes from a timed region under %.0f &micro;s, "
			       "the shortest this clock times well (no <code>short_timing</code> "
			       "cell)%s.</li>\n", thr_us, rs->meta.flags & RESULTS_F_IMPORTED ?
			       "; imported figures carry no times, so none can be flagged" : "");
		return;
	}
	units_format_kb(max_kb, k, sizeof(k));
	outfile_printf(f, "%zu of %zu figures were timed for under %.0f &micro;s "
		       "(<code>short_timing</code>, marked &dagger; in the tables), in ",
		       flagged, total, thr_us);
	html_col_list(f, cols);
	outfile_printf(f, " with files up to %s: there the clock's step and the cost of a "
		       "system call are a visible part of the figure, so read them as rough."
		       "</li>\n", k);
}

static void cached_findings(struct outfile *f, const struct result_set *rs, size_t nsets)
{
	size_t reads = 0, cached = 0;
	uint64_t max_kb = 0;
	char ram[64], k[32];

	for (int col = 0; col < RC_COUNT; col++) {
		if (!is_read_col(col))
			continue;
		for (size_t c = 0; c < rs->ncells; c++) {
			if (rs->cells[c].placeholder || !results_has(rs, c, col))
				continue;
			reads++;
			if (rs->meta.ram_kb && rs->cells[c].file_kb <= rs->meta.ram_kb / 2) {
				cached++;
				if (rs->cells[c].file_kb > max_kb)
					max_kb = rs->cells[c].file_kb;
			}
		}
	}
	if (!reads)
		return;
	outfile_printf(f, "<li>");
	if (nsets > 1) {
		html_text(f, rs->meta.label);
		outfile_printf(f, ": ");
	}
	if (mountinfo_fs_kind(rs->meta.fs_type) != MOUNTINFO_LOCAL) {
		outfile_printf(f, "the file system is ");
		html_text(f, rs->meta.fs_type);
		outfile_printf(f, ", a network or FUSE one: the caches that can serve its "
			       "reads (this machine's, the FUSE daemon's or client library's, "
			       "the server's) are not all visible from here, so "
			       "<code>cached_pct</code> is empty; figures faster than the link "
			       "are marked served by a cache (see The network).</li>\n");
	} else if (rs->meta.flags & RESULTS_F_DIRECT) {
		outfile_printf(f, "the reads used O_DIRECT (-I), so they bypassed this machine's "
			       "page cache.</li>\n");
	} else if (!rs->meta.ram_kb) {
		outfile_printf(f, "the machine's RAM is not recorded, so whether its page cache "
			       "served the reads cannot be said; a cache cliff above marks where "
			       "the file outgrew a cache.</li>\n");
	} else if (!cached) {
		units_format_bytes_human(rs->meta.ram_kb * 1024, ram, sizeof(ram));
		outfile_printf(f, "every read was of a file larger than half this machine's "
			       "%s of RAM, so its page cache could not hold the file.</li>\n", ram);
	} else {
		units_format_bytes_human(rs->meta.ram_kb * 1024, ram, sizeof(ram));
		units_format_kb(max_kb, k, sizeof(k));
		if (cached == reads)
			outfile_printf(f, "all %zu read figures", reads);
		else
			outfile_printf(f, "%zu of %zu read figures", cached, reads);
		outfile_printf(f, " are of files (up to %s) that fit in half of this machine's "
			       "%s of RAM, read without O_DIRECT (-I): its page cache most likely "
			       "served them, so they measure memory more than the storage.</li>\n",
			       k, ram);
	}
}

static void verdict_row(struct outfile *f, const struct compare_result *r,
			const struct compare_test *t)
{
	size_t faster = 0, slower = 0, same = 0, untested = 0;
	for (size_t i = 0; i < r->nrows; i++) {
		const struct compare_row *w = &r->rows[i];
		if (w->col != t->col || strcmp(compare_row_test(w), compare_test_name(t)) != 0)
			continue;
		if (w->significant < 0)
			untested++;
		else if (w->significant == 0)
			same++;
		else if (w->ratio > 1)
			faster++;
		else
			slower++;
	}
	outfile_printf(f, "<tr><th scope=\"row\">%s</th><td data-v=\"%zu\">%zu</td>",
		       compare_test_name(t), t->n, t->n);
	if (isnan(t->geomean_ratio))
		outfile_printf(f, "<td data-v=\"0\">n/a</td>");
	else
		outfile_printf(f, "<td data-v=\"%.6g\">%.3f&times;</td>", t->geomean_ratio,
			       t->geomean_ratio);
	outfile_printf(f, "<td data-v=\"%zu\">%zu</td><td data-v=\"%zu\">%zu</td>"
		       "<td data-v=\"%zu\">%zu</td><td data-v=\"%zu\">%zu</td></tr>\n",
		       faster, faster, slower, slower, same, same, untested, untested);
}

static void compare_findings(struct outfile *f, struct result_set *const *sets, size_t nsets,
			     const struct compare_result *const *cmp, char *const *cmp_err)
{
	for (size_t i = 1; i < nsets; i++) {
		const struct compare_result *r = cmp[i];
		outfile_printf(f, "<li><strong>");
		html_text(f, sets[i]->meta.label);
		outfile_printf(f, "</strong> (B) against <strong>");
		html_text(f, sets[0]->meta.label);
		outfile_printf(f, "</strong> (A): ");
		if (!r) {
			outfile_printf(f, "no comparison: ");
			html_text(f, cmp_err[i]);
			outfile_printf(f, "</li>\n");
			continue;
		}
		size_t up = 0, n = 0, sig = 0, sig_up = 0, tested = 0;
		double lo = INFINITY, hi = 0;
		const struct compare_test *lo_t = NULL, *hi_t = NULL;
		for (size_t t = 0; t < r->ntests; t++) {
			double g = r->tests[t].geomean_ratio;
			if (isnan(g))
				continue;
			n++;
			up += g > 1;
			if (g < lo) {
				lo = g;
				lo_t = &r->tests[t];
			}
			if (g > hi) {
				hi = g;
				hi_t = &r->tests[t];
			}
		}
		for (size_t k = 0; k < r->nrows; k++) {
			tested += r->rows[k].significant >= 0;
			sig += r->rows[k].significant > 0;
			sig_up += r->rows[k].significant > 0 && r->rows[k].ratio > 1;
		}
		outfile_printf(f, "B is faster in %zu of %zu tests by the geometric mean of its "
			       "per-cell ratios B/A", up, n);
		if (lo_t && hi_t)
			outfile_printf(f, " (from %.2f&times; in %s to %.2f&times; in %s)", lo,
				       compare_test_name(lo_t), hi, compare_test_name(hi_t));
		if (tested)
			outfile_printf(f, "; %zu of %zu cells differ significantly (Welch's t-test, "
				       "Benjamini-Hochberg-adjusted p &lt; %.2f): %zu faster, %zu slower.", sig, r->nrows,
				       COMPARE_ALPHA, sig_up, sig - sig_up);
		else
			outfile_printf(f, "; no cell can be tested for significance (Welch's test "
				       "needs two trials on each side).");
		outfile_printf(f, "\n<div class=\"scroll\"><table class=\"sortable verdict\" "
			       "data-set=\"%zu\"><caption>per test, B/A</caption>\n<thead><tr>"
			       "<th scope=\"col\">test</th><th scope=\"col\">cells</th>"
			       "<th scope=\"col\">geometric mean</th><th scope=\"col\">B faster*</th>"
			       "<th scope=\"col\">B slower*</th><th scope=\"col\">no significant "
			       "difference</th><th scope=\"col\">not testable</th></tr></thead>\n"
			       "<tbody>\n", i + 1);
		for (size_t t = 0; t < r->ntests; t++)
			verdict_row(f, r, &r->tests[t]);
		outfile_printf(f, "</tbody></table></div></li>\n");
	}
}

void html_findings(struct outfile *f, struct result_set *const *sets, size_t nsets,
		     const struct compare_result *const *cmp, char *const *cmp_err,
		     const struct html_assets *a)
{
	outfile_printf(f, "<section id=\"findings\">\n<h2>Findings</h2>\n");
	if (a->gnuplot_missing)
		outfile_printf(f, "<p class=\"note\">gnuplot was not found, so this report has "
			       "no charts; every table is here.  Install gnuplot and make the "
			       "report again for the charts.</p>\n");
	else if (a->charts_error[0]) {
		outfile_printf(f, "<p class=\"note\">No chart: ");
		html_text(f, a->charts_error);
		outfile_printf(f, "</p>\n");
	}
	outfile_printf(f, "<h3>Cache cliffs</h3>\n<ul>\n");
	cliff_findings(f, sets, nsets, a);
	for (size_t i = 0; i < nsets; i++)
		if (sets[i]->timeline.n) {
			outfile_printf(f, "</ul>\n<h3>Cliffs in time</h3>\n<ul>\n");
			time_findings(f, sets, nsets);
			break;
		}
	outfile_printf(f, "</ul>\n");
	net_findings(f, sets, nsets);
	outfile_printf(f, "<h3>Figures to read with care</h3>\n<ul>\n");
	for (size_t i = 0; i < nsets; i++)
		short_findings(f, sets[i], nsets);
	for (size_t i = 0; i < nsets; i++)
		cached_findings(f, sets[i], nsets);
	outfile_printf(f, "</ul>\n");
	if (nsets > 1) {
		outfile_printf(f, "<h3>Comparison</h3>\n<ul>\n");
		compare_findings(f, sets, nsets, cmp, cmp_err);
		outfile_printf(f, "</ul>\n");
	}
	outfile_printf(f, "</section>\n");
}
