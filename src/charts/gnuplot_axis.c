/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_axis.c: the x axes of the charts (gnuplot_axis.h): the tics
 * of the log2 size axes (file size, record size), laid out so that no two
 * labels ever touch; the record size the 2D charts are drawn at; and the
 * axis the IOPS and latency charts pick from the sizes the sets vary.
 *
 * A script is written once and may be rendered on any terminal later
 * (gnuplot -e "term='dumb'" read.gp), so its labels must fit the
 * narrowest chart the terminal fragment (plots/terminal.gp) draws, not
 * only the one it was written for.  term_widths holds how many
 * characters each family's chart is wide; the axis gets a share of that
 * (the rest is margins, the reference lines' labels, the 3D view's
 * foreshortening), and on a log2 axis with a tic at every power of two
 * each tic gets the same room.  The labels then take the first layout
 * that fits, in this order: every tic labelled in full ("128 MB"), every
 * tic in the short form ("128M"), then every second tic in full, in
 * short, every fourth, ... from the first power of two on.  Unlabelled
 * tics stay on the axis as minor tics, so the grid still shows every
 * power of two.
 */
#include "compat.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "charts/gnuplot_axis.h"
#include "charts/gnuplot_script_priv.h"
#include "charts/gnuplot_script.h"
#include "lib/strbuf.h"
#include "model/results.h"
#include "model/units.h"

/*
 * The width of each family's chart in characters of its tic font, at the
 * sizes plots/terminal.gp sets (1000 px wide, 10 in for the vector
 * families): dumb is 120 columns; a digit of Sans 10 is about 7.8 px in
 * pngcairo (measured on a rendered chart), taken as 8.5 px for the wider
 * letters (M, B) and libgd's fonts; 9 pt Sans is about 5.8 pt on a 720 pt
 * page.  The tics are laid out for the narrowest.
 */
static const double term_chars[] = {
	120.0,          /* dumb */
	1000.0 / 8.5,   /* pngcairo, png, jpeg, gif, canvas, emf */
	1000.0 / 7.0,   /* svg */
	720.0 / 5.8,    /* pdfcairo, epscairo, postscript */
};

static double narrowest_chars(void)
{
	double w = term_chars[0];
	for (size_t i = 1; i < sizeof(term_chars) / sizeof(term_chars[0]); i++)
		w = fmin(w, term_chars[i]);
	return w;
}

/* "64 kB" -> "64k", "128 MB" -> "128M", "2 GB" -> "2G". */
static void short_label(uint64_t kb, char *out, size_t outlen)
{
	char lab[32];
	units_format_kb(kb, lab, sizeof(lab));
	char *sp = strchr(lab, ' ');
	if (sp && sp[1])
		snprintf(out, outlen, "%.*s%c", (int)(sp - lab), lab, sp[1]);
	else
		snprintf(out, outlen, "%s", lab);
}

static void tic_label(uint64_t kb, int shortform, char *out, size_t outlen)
{
	if (shortform)
		short_label(kb, out, outlen);
	else
		units_format_kb(kb, out, outlen);
}

/*
 * Do the labels of every step-th tic from p fit in per_tic characters a
 * tic?  Neighbours' centres lie step * per_tic apart, a whole column less
 * once a text terminal rounds them; the gap between them must be a column
 * (two for the full form, whose own space would read as a separator).
 */
static int layout_fits(uint64_t p, uint64_t hi, size_t step, int shortform,
		       double per_tic)
{
	double apart = floor((double)step * per_tic);
	double gap = shortform ? 1.0 : 2.0;
	size_t prev = 0;
	for (size_t i = 0; p <= hi && p; p *= 2, i++) {
		if (i % step)
			continue;
		char lab[32];
		tic_label(p, shortform, lab, sizeof(lab));
		size_t w = strlen(lab);
		if (prev && apart - ceil((double)(prev + w) / 2.0) < gap)
			return 0;
		prev = w;
	}
	return 1;
}

void gnuplot_axis_tics(struct sbuf *b, uint64_t lo, uint64_t hi, double pad,
		       double share)
{
	uint64_t p = 1;
	size_t n = 0;

	while (p < lo && p)
		p *= 2;
	for (uint64_t q = p; q <= hi && q; q *= 2)
		n++;
	if (n == 0) {
		char lab[32];
		units_format_kb(lo, lab, sizeof(lab));
		sb_printf(b, "'%s' %llu", lab, (unsigned long long)lo);
		return;
	}
	/* octaves on the axis: between the tics and the padding either side */
	double octaves = log2((double)hi / (double)lo) + 2.0 * log2(pad > 1.0 ? pad : 1.0);
	double per_tic = narrowest_chars() * share / fmax(octaves, 1.0);
	size_t step = 1;
	int shortform = 0;
	for (;; step *= 2) {
		if (layout_fits(p, hi, step, 0, per_tic)) {
			shortform = 0;
			break;
		}
		if (layout_fits(p, hi, step, 1, per_tic) || step >= n) {
			shortform = 1;
			break;
		}
	}
	for (size_t i = 0; p <= hi && p; p *= 2, i++) {
		char lab[32];
		tic_label(p, shortform, lab, sizeof(lab));
		if (i)
			sb_puts(b, ", ");
		if (i % step)
			sb_printf(b, "'' %llu 1", (unsigned long long)p);
		else
			sb_printf(b, "'%s' %llu", lab, (unsigned long long)p);
	}
}

/* ------------------------------------------------------------------ */
/* the record size of the 2D charts */

/* Cells of col at record_kb with data. */
size_t gnuplot_record_cells(const struct result_set *rs, int col, uint64_t record_kb)
{
	size_t n = 0;
	for (size_t c = 0; c < rs->ncells; c++)
		if (!rs->cells[c].placeholder && rs->cells[c].record_kb == record_kb &&
		    results_has(rs, c, col))
			n++;
	return n;
}

/*
 * The record size of a 2D chart of col: 64 KB when any set measured it,
 * else the one with most measured file sizes over all sets (larger wins a
 * tie).  0 when col has no data.
 */
uint64_t gnuplot_pick_record(struct result_set *const *sets, size_t nsets, int col)
{
	uint64_t best = 0;
	size_t best_n = 0;

	for (size_t i = 0; i < nsets; i++)
		if (gnuplot_record_cells(sets[i], col, 64))
			return 64;
	for (size_t i = 0; i < nsets; i++) {
		for (size_t c = 0; c < sets[i]->ncells; c++) {
			uint64_t r = sets[i]->cells[c].record_kb;
			if (sets[i]->cells[c].placeholder)
				continue;
			size_t n = 0;
			for (size_t j = 0; j < nsets; j++)
				n += gnuplot_record_cells(sets[j], col, r);
			if (n > best_n || (n == best_n && n && r > best)) {
				best = r;
				best_n = n;
			}
		}
	}
	return best;
}

/* ------------------------------------------------------------------ */
/* the x axis */

static int cell_kept(const struct result_set *rs, size_t c, int col,
		     int (*keep)(const struct result_set *, size_t, int))
{
	return !rs->cells[c].placeholder && results_has(rs, c, col) &&
		(!keep || keep(rs, c, col));
}

/* Cells kept at record size r (file size f when r is 0), and how many
 * distinct sizes of the other kind they have. */
static size_t count_at(struct result_set *const *sets, const size_t *which, size_t nwhich,
		       int col, int (*keep)(const struct result_set *, size_t, int),
		       uint64_t r, uint64_t f, size_t *distinct, uint64_t *one)
{
	size_t n = 0, nd = 0;
	uint64_t seen[64];

	for (size_t k = 0; k < nwhich; k++) {
		const struct result_set *rs = sets[which[k]];
		for (size_t c = 0; c < rs->ncells; c++) {
			const struct result_cell *cell = &rs->cells[c];
			if ((r && cell->record_kb != r) || (!r && cell->file_kb != f) ||
			    !cell_kept(rs, c, col, keep))
				continue;
			uint64_t other = r ? cell->file_kb : cell->record_kb;
			size_t i = 0;
			while (i < nd && seen[i] != other)
				i++;
			if (i == nd && nd < sizeof(seen) / sizeof(seen[0]))
				seen[nd++] = other;
			n++;
		}
	}
	if (distinct)
		*distinct = nd;
	if (one)
		*one = nd ? seen[0] : 0;
	return n;
}

void gnuplot_xaxis_pick(struct result_set *const *sets, const size_t *which, size_t nwhich,
			int col, const struct gnuplot_opts *go,
			int (*keep)(const struct result_set *, size_t cell, int col),
			struct gnuplot_xaxis *ax)
{
	uint64_t rec = go->record_kb, file = 0;
	size_t best = 0, nfiles = 0, nrecs = 0;

	memset(ax, 0, sizeof(*ax));
	/* the record size, as the drive comparison picks it: 64 kB when
	 * measured, else the one with most cells (larger wins a tie) */
	if (!rec && count_at(sets, which, nwhich, col, keep, 64, 0, NULL, NULL))
		rec = 64;
	for (size_t k = 0; !rec && k < nwhich; k++) {
		const struct result_set *rs = sets[which[k]];
		for (size_t c = 0; c < rs->ncells; c++) {
			uint64_t r = rs->cells[c].record_kb;
			if (!cell_kept(rs, c, col, keep))
				continue;
			size_t n = count_at(sets, which, nwhich, col, keep, r, 0, NULL, NULL);
			if (n > best || (n == best && r > ax->record_kb)) {
				best = n;
				ax->record_kb = r;
			}
		}
	}
	if (!rec)
		rec = ax->record_kb;
	ax->record_kb = rec;
	count_at(sets, which, nwhich, col, keep, rec, 0, &nfiles, &file);
	if (go->record_kb || nfiles != 1)
		return;
	count_at(sets, which, nwhich, col, keep, 0, file, &nrecs, NULL);
	if (nrecs >= 2) {
		ax->records = 1;
		ax->file_kb = file;
	}
}

size_t gnuplot_sets_with(struct result_set *const *sets, size_t nsets, int col,
			 int (*has)(const struct result_set *, size_t cell, int col),
			 size_t *which)
{
	size_t n = 0;

	for (size_t i = 0; i < nsets; i++)
		for (size_t c = 0; c < sets[i]->ncells; c++)
			if (!sets[i]->cells[c].placeholder && has(sets[i], c, col)) {
				which[n++] = i;
				break;
			}
	return n;
}

int gnuplot_xaxis_at(const struct gnuplot_xaxis *ax, const struct result_set *rs,
		     size_t cell, uint64_t *x_kb)
{
	const struct result_cell *c = &rs->cells[cell];

	if (c->placeholder)
		return 0;
	if (ax->records) {
		*x_kb = c->record_kb;
		return c->file_kb == ax->file_kb;
	}
	*x_kb = c->file_kb;
	return c->record_kb == ax->record_kb;
}

const char *gnuplot_xaxis_name(const struct gnuplot_xaxis *ax)
{
	return ax->records ? "record size" : "file size";
}

void gnuplot_xaxis_label(struct sbuf *b, const struct gnuplot_xaxis *ax)
{
	if (ax->records)
		sb_puts(b, "'record size, bytes per operation (1 kB = 1024 bytes, "
			"1 MB = 1024 kB)'");
	else
		sb_puts(b, "'file size (1 kB = 1024 bytes, 1 MB = 1024 kB, 1 GB = 1024 MB)'");
}

void gnuplot_xaxis_fixed(const struct gnuplot_xaxis *ax, char *out, size_t outlen)
{
	char size[32];

	units_format_kb(ax->records ? ax->file_kb : ax->record_kb, size, sizeof(size));
	snprintf(out, outlen, "%s %s", size, ax->records ? "file" : "records");
}
