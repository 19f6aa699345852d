/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_axis.c: the tics of the log2 size axes (file size, record
 * size), laid out so that no two labels ever touch.
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

#include "charts/gnuplot_priv.h"
#include "units.h"

/*
 * The width of each family's chart in characters of its tic font, at the
 * sizes plots/terminal.gp sets (1000 px wide, 10 in for the vector
 * families): dumb is 120 columns; a digit of Sans 10 is about 7.8 px in
 * pngcairo (measured on a rendered chart), taken as 8.5 px for the wider
 * letters (M, B) and libgd's fonts; 9 pt Sans is about 5.8 pt on a 720 pt
 * page.  The tics are laid out for the narrowest.
 */
static const struct {
	const char *terms;
	double chars;
} term_widths[] = {
	{ "dumb", 120.0 },
	{ "pngcairo png jpeg gif canvas emf", 1000.0 / 8.5 },
	{ "svg", 1000.0 / 7.0 },
	{ "pdfcairo epscairo postscript", 720.0 / 5.8 },
};

static double narrowest_chars(void)
{
	double w = term_widths[0].chars;
	for (size_t i = 1; i < sizeof(term_widths) / sizeof(term_widths[0]); i++)
		w = fmin(w, term_widths[i].chars);
	return w;
}

/* "64 kB" -> "64k", "128 MB" -> "128M", "2 GB" -> "2G". */
static void short_label(uint64_t kb, char *out, size_t outlen)
{
	char lab[32];
	units_format_kb(kb, lab, sizeof(lab));
	char *sp = strchr(lab, ' ');
	if (sp && sp[1])
		snprintf(out, outlen, "%.*s%c", (int)(sp - lab), lab,
			 sp[1] == 'k' ? 'k' : sp[1]);
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
