/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_refs.h: the reference lines of the charts (nominal interface
 * rates: 100 Mbit Ethernet, gigabit, ...), read from the built-in table or
 * a user's CSV file, picked by name, and laid out on a chart's y axis.
 *
 * Ownership: a struct gnuplot_refs owns its items and their strings;
 * gnuplot_refs_release frees them.
 */
#ifndef IOSWEEP_GNUPLOT_REFS_H
#define IOSWEEP_GNUPLOT_REFS_H

#include <stddef.h>

struct sbuf;

/* One horizontal reference line: a nominal interface rate. */
struct gnuplot_ref {
	char *name;     /* "100 Mbit Ethernet" */
	double kbps;    /* kB/s, kB = 1024 bytes */
	char *note;     /* how the figure was computed */
};

struct gnuplot_refs {
	struct gnuplot_ref *items;
	size_t n;
};

/*
 * Read reference lines from a CSV file with the columns name, kbps, note
 * (a header row whose first field is "name" is skipped; # lines are
 * comments), or the built-in data/reference-lines.csv when path is NULL.
 * 0, or -1 with "FILE:LINE: why" in err.
 */
int gnuplot_refs_load(struct gnuplot_refs *out, const char *path,
		      char *err, size_t errlen);
/* The same, from text in memory; origin names it in messages. */
int gnuplot_refs_parse(struct gnuplot_refs *out, const char *text, size_t len,
		       const char *origin, char *err, size_t errlen);

/*
 * Pick reference lines by name from all: names is a comma-separated list
 * ("100 Mbit Ethernet,gigabit"), matched ignoring case, spaces and
 * punctuation, exactly or by a unique prefix; "all" takes every line,
 * "none" none; NULL takes the default trio (100 Mbit Ethernet, FireWire
 * 400, gigabit Ethernet, those of them present).  0 or -1 naming the
 * unknown or ambiguous name.
 */
int gnuplot_refs_select(const struct gnuplot_refs *all, const char *names,
			struct gnuplot_refs *out, char *err, size_t errlen);
void gnuplot_refs_release(struct gnuplot_refs *r);

/*
 * The y axis of a chart with reference lines (gnuplot_refs.c), data from ymin
 * to ymax (figures / scale, in unit_name): the range and scale into yaxis
 * (log when log_y, or when a linear axis would squash the lines together,
 * saying so), the lines' labels into labels ("# (none)" without lines).
 * Returns 1 when the axis is logarithmic.  Then their plot items.
 */
int gnuplot_ref_yaxis(struct sbuf *yaxis, struct sbuf *labels,
		      const struct gnuplot_refs *rl, double ymin, double ymax, int log_y,
		      double scale, const char *unit_name);
void gnuplot_ref_plot_items(struct sbuf *b, const struct gnuplot_refs *refs);

#endif
