/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * netfind.c: the network findings of a result set (see netfind.h).
 *
 * A figure here is a cell's mean over its full trials, as in the report
 * and summary.csv.  The plateau of a test is read where the caches on
 * this side of the link matter least, at the largest files: the figures
 * of the record size the largest file was run with, from the largest
 * file down while they keep the largest file's verdict (network-bound or
 * not) and stay within a step of NETFIND_STEP of its figure, and its
 * level is their median.  A plateau a cache served even at
 * the largest file says so and asks for larger files.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/strbuf.h"
#include "analysis/netbound.h"
#include "report/netfind.h"
#include "model/results.h"
#include "model/stats.h"
#include "model/units.h"

/* a plateau never spans a step of this ratio between two of its figures */
#define NETFIND_STEP 1.5

/* The cell's mean over its full trials, kB/s, or NAN. */
static double cell_mean(const struct result_set *rs, size_t cell, int col)
{
	struct stats_summary s;

	return results_cell_summary(rs, cell, col, RESULTS_UNIT_KBPS, &s) > 0 &&
	       s.mean > 0.0 ? s.mean : NAN;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* "1,234,567" for a rate, as people read kB/s. */
static void format_rate(double kbps, char *out, size_t outlen)
{
	char digits[32];
	size_t n, o = 0;

	snprintf(digits, sizeof(digits), "%.0f", kbps);
	n = strlen(digits);
	for (size_t i = 0; i < n && o + 2 < outlen; i++) {
		if (i && (n - i) % 3 == 0)
			out[o++] = ',';
		out[o++] = digits[i];
	}
	out[o] = '\0';
}

/*
 * The cache sentence: how many figures were faster than the link could
 * carry.  Empty when none was.
 */
static void cache_sentence(struct sbuf *s, const struct result_set *rs,
			   const struct netbound_link *link, int network_fs)
{
	size_t served = 0, figures = 0;
	uint64_t largest_kb = 0;
	uint32_t cols = 0;
	struct netbound_verdict v;

	for (int col = 0; col < RC_COUNT; col++)
		for (size_t c = 0; c < rs->ncells; c++) {
			double m;
			if (rs->cells[c].placeholder || !results_has(rs, c, col) ||
			    !isfinite(m = cell_mean(rs, c, col)))
				continue;
			figures++;
			if (netbound_cache_served(link, network_fs, m) != 1)
				continue;
			served++;
			cols |= 1u << col;
			if (rs->cells[c].file_kb > largest_kb)
				largest_kb = rs->cells[c].file_kb;
		}
	if (!served)
		return;
	netbound_judge(link, network_fs, netbound_cache_cap(link, network_fs) * 2.0, &v);
	char k[32];
	units_format_kb(largest_kb, k, sizeof(k));
	sb_printf(s, "served by a cache: %zu of %zu figures (", served, figures);
	for (int col = 0, done = 0; col < RC_COUNT; col++)
		if (cols & (1u << col))
			sb_printf(s, "%s%s", done++ ? ", " : "", results_col_name(col));
	sb_printf(s, "; files up to %s) are faster than %s can carry, so a cache on "
		  "this side of the link served them, not the share (cache_served in "
		  "results.csv)", k, v.line ? v.line : "the link");
}

/*
 * How busy the machine's CPUs were over the full passes of test col with
 * files of lo_kb to hi_kb at rec_kb records: the median of the passes'
 * host_busy_pct, and the median of iosweep's own CPU seconds per second
 * of the pass (1.0: one CPU).  0 when no pass recorded it.
 */
static int host_cpu(const struct result_set *rs, int col, uint64_t lo_kb,
		    uint64_t hi_kb, uint64_t rec_kb, double *busy_pct, double *own)
{
	double *b = malloc((rs->nsamples + 1) * 2 * sizeof(*b)), *o;
	size_t n = 0;

	if (!b)
		return 0;
	o = b + rs->nsamples + 1;
	for (size_t i = 0; i < rs->nsamples; i++) {
		const struct result_sample *x = &rs->samples[i];
		const struct result_cell *c = &rs->cells[x->cell];
		if (x->col != col || !(x->flags & RESULTS_SF_HOST_CPU) ||
		    (x->flags & RESULTS_SF_PARTIAL) || c->record_kb != rec_kb ||
		    c->file_kb < lo_kb || c->file_kb > hi_kb || !x->wall_ns)
			continue;
		b[n] = x->host_busy_pct;
		o[n++] = (x->cpu_user_s + x->cpu_sys_s) / ((double)x->wall_ns / 1e9);
	}
	if (n) {
		qsort(b, n, sizeof(*b), cmp_double);
		qsort(o, n, sizeof(*o), cmp_double);
		*busy_pct = n % 2 ? b[n / 2] : (b[n / 2 - 1] + b[n / 2]) / 2.0;
		*own = n % 2 ? o[n / 2] : (o[n / 2 - 1] + o[n / 2]) / 2.0;
	}
	free(b);
	return n > 0;
}

/*
 * The end of a plateau below the link: what set the pace, as far as this
 * machine's CPU can tell.  With the machine's CPUs busy through the
 * passes (NETFIND_CPU_BUSY_PCT), the client was short of CPU: its file
 * system code (a FUSE daemon, the SMB or NFS client), the protocol's
 * encryption and anything else running had no time to move more; the
 * share may be slow too, which a busy client cannot show.  With CPU to
 * spare, the client or the share set the pace.
 */
#define NETFIND_CPU_BUSY_PCT 90.0

static void below_sentence(struct sbuf *s, const struct result_set *rs, int col,
			   uint64_t lo_kb, uint64_t hi_kb, uint64_t rec_kb)
{
	double busy, own;

	if (!host_cpu(rs, col, lo_kb, hi_kb, rec_kb, &busy, &own)) {
		sb_printf(s, ": below what the link carries, so the client or the "
			  "share set this pace, not the network");
		return;
	}
	if (busy >= NETFIND_CPU_BUSY_PCT)
		sb_printf(s, ": CPU-bound: this machine's CPUs were %.0f%% busy during "
			  "these passes (iosweep itself used %.0f%% of one CPU): the "
			  "file system client, its protocol and every other program "
			  "here were short of CPU, not of network; whether the share "
			  "is faster than this, this run cannot tell", busy, own * 100.0);
	else
		sb_printf(s, ": below what the link carries with this machine's CPUs "
			  "%.0f%% busy during these passes (iosweep itself used %.0f%% "
			  "of one CPU), so the client's file system code or the share "
			  "set this pace, not the network or this CPU", busy, own * 100.0);
}

/*
 * The plateau of one test at its largest files; nothing when the test has
 * no figures or the figure cannot be judged against a line.
 */
static void plateau_sentence(struct sbuf *s, const struct result_set *rs, int col,
			     const struct netbound_link *link, int network_fs)
{
	size_t top = (size_t)-1;
	double *lvl;
	size_t n = 0;
	struct netbound_verdict first, v;

	for (size_t c = 0; c < rs->ncells; c++)
		if (!rs->cells[c].placeholder && results_has(rs, c, col) &&
		    isfinite(cell_mean(rs, c, col)) &&
		    (top == (size_t)-1 || rs->cells[c].file_kb > rs->cells[top].file_kb ||
		     (rs->cells[c].file_kb == rs->cells[top].file_kb &&
		      rs->cells[c].record_kb > rs->cells[top].record_kb)))
			top = c;
	if (top == (size_t)-1)
		return;
	uint64_t rec = rs->cells[top].record_kb, low_kb = rs->cells[top].file_kb;
	lvl = malloc((rs->ncells + 1) * sizeof(*lvl));
	if (!lvl) {
		s->failed = 1;
		return;
	}
	netbound_judge(link, network_fs, cell_mean(rs, top, col), &first);
	/*
	 * from the largest file down, while the verdict holds and no step
	 * of NETFIND_STEP or more from the largest file's figure comes
	 * (past one lies another level: the server's cache over its disks)
	 */
	double top_m = cell_mean(rs, top, col);
	for (uint64_t kb = rs->cells[top].file_kb; kb; ) {
		long c = results_find_cell(rs, kb, rec);
		double m;
		if (c < 0 || rs->cells[c].placeholder || !results_has(rs, (size_t)c, col) ||
		    !isfinite(m = cell_mean(rs, (size_t)c, col)) ||
		    netbound_judge(link, network_fs, m, &v) != first.kind ||
		    m > top_m * NETFIND_STEP || m * NETFIND_STEP < top_m)
			break;
		lvl[n++] = m;
		low_kb = kb;
		uint64_t next = 0;
		for (size_t k = 0; k < rs->ncells; k++)
			if (rs->cells[k].record_kb == rec && rs->cells[k].file_kb < kb &&
			    rs->cells[k].file_kb > next)
				next = rs->cells[k].file_kb;
		kb = next;
	}
	qsort(lvl, n, sizeof(*lvl), cmp_double);
	double level = n % 2 ? lvl[n / 2] : (lvl[n / 2 - 1] + lvl[n / 2]) / 2.0;
	free(lvl);
	netbound_judge(link, network_fs, level, &v);
	if (!v.line)
		return;     /* below every line with no link given: nothing to say */

	char words[256], rate[32], lo[32], hi[32], r[32];
	format_rate(level, rate, sizeof(rate));
	units_format_kb(low_kb, lo, sizeof(lo));
	units_format_kb(rs->cells[top].file_kb, hi, sizeof(hi));
	units_format_kb(rec, r, sizeof(r));
	sb_printf(s, "%s: ", results_col_name(col));
	if (v.kind == NETBOUND_NONE) {
		sb_printf(s, "%.0f%% of %s (%s kB/s", v.pct, v.line, rate);
	} else {
		netbound_describe(&v, words, sizeof(words));
		sb_printf(s, "%s (%s kB/s", words, rate);
	}
	if (low_kb == rs->cells[top].file_kb)
		sb_printf(s, " with %s files", hi);
	else
		sb_printf(s, " with files of %s to %s", lo, hi);
	sb_printf(s, ", %s records)", r);
	if (v.kind == NETBOUND_NETWORK)
		sb_printf(s, ": the link's speed, not the storage's; the storage may be "
			  "faster");
	else if (v.kind == NETBOUND_CACHE && results_col_writes(col))
		sb_printf(s, ": write-back buffers on this side held part of even the "
			  "largest files when the timing stopped; -e times the flush, "
			  "larger files (-g) dilute it");
	else if (v.kind == NETBOUND_CACHE)
		sb_printf(s, ": a cache served even the largest files; extend -g past "
			  "the caches to measure the share");
	else
		below_sentence(s, rs, col, low_kb, rs->cells[top].file_kb, rec);
}

char **netfind_sentences(const struct result_set *rs, size_t *n)
{
	struct netbound_link link;
	int network_fs;
	char **out = calloc(RC_COUNT + 2, sizeof(*out));

	*n = 0;
	if (!out)
		return NULL;
	netbound_from_meta(rs->meta.link, rs->meta.fs_type, &link, &network_fs);
	if (link.kbps <= 0.0 && !network_fs)
		return out;
	for (int col = -1; col < RC_COUNT; col++) {
		struct sbuf s = { 0 };
		if (col < 0)
			cache_sentence(&s, rs, &link, network_fs);
		else
			plateau_sentence(&s, rs, col, &link, network_fs);
		if (s.failed) {
			sb_release(&s);
			netfind_free(out, *n);
			return NULL;
		}
		if (s.p && s.p[0])
			out[(*n)++] = s.p;
		else
			sb_release(&s);
	}
	return out;
}

void netfind_free(char **s, size_t n)
{
	for (size_t i = 0; s && i < n; i++)
		free(s[i]);
	free(s);
}

void netfind_text(FILE *out, const struct result_set *rs)
{
	size_t n = 0;
	char **s = netfind_sentences(rs, &n);

	if (!s) {
		fprintf(out, "\nNetwork\n\t(out of memory)\n");
		return;
	}
	if (n) {
		fprintf(out, "\nNetwork (%s%s)\n", rs->meta.link ? "link " : "no --link given, ",
			rs->meta.link ? rs->meta.link : "judged against the Ethernet lines");
		for (size_t i = 0; i < n; i++)
			fprintf(out, "\t%zu. %s\n", i + 1, s[i]);
	}
	netfind_free(s, n);
}
