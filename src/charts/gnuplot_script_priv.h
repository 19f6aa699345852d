/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_script_priv.h: the half of the chart toolkit (gnuplot_script.c)
 * that only the chart writers of charts/ use: gnuplot quoting for the
 * growing string (lib/strbuf.h), template filling, the terminal
 * fragment, the "From:" lines, the sets' names in plot titles and the
 * atomic writing of a script.  The quoting helpers are static inline so
 * each file keeps its own copy of a few lines.
 */
#ifndef IOSWEEP_GNUPLOT_SCRIPT_PRIV_H
#define IOSWEEP_GNUPLOT_SCRIPT_PRIV_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/strbuf.h"

struct gnuplot_files;
struct gnuplot_opts;
struct gnuplot_refs;
struct result_set;

/* A gnuplot single-quoted string: ' doubled, control characters as spaces. */
static inline void sb_quoted(struct sbuf *b, const char *s)
{
	sb_puts(b, "'");
	for (; s && *s; s++) {
		if (*s == '\'')
			sb_puts(b, "''");
		else if ((unsigned char)*s < 0x20)
			sb_puts(b, " ");
		else
			sb_add(b, s, 1);
	}
	sb_puts(b, "'");
}

/* Text for a comment or template line: control characters as spaces. */
static inline void sb_plain(struct sbuf *b, const char *s)
{
	for (; s && *s; s++)
		sb_add(b, (unsigned char)*s < 0x20 ? " " : s, 1);
}


/* One @KEY@ of a template and its value. */
struct tvar {
	const char *key;
	const char *val;
};

/* The pieces of a 2D chart's script that its template's @KEY@s take. */
struct gnuplot_pieces {
	struct sbuf title, what, from, data, tics, yaxis, ylabel, refs, plot;
};

/* Release every piece of p. */
void gnuplot_pieces_release(struct gnuplot_pieces *p);

/* Copy the built-in template tmpl_name into out, each @KEY@ replaced by its value. 0 or -1. */
int gnuplot_template_fill(struct sbuf *out, const char *tmpl_name,
			  const struct tvar *vars, size_t nvars, char *err, size_t errlen);
/* The terminal fragment (plots/terminal.gp) of a script named name. 0 or -1. */
int gnuplot_terminal_text(struct sbuf *b, const char *name, const char *term,
			  int width, int height, char *err, size_t errlen);
/*
 * Write text to dir/name.gp atomically and append the chart to written:
 * its path, the test col it draws (-1: none), and its title and what it
 * shows (the template's @TITLE@ and @WHAT@) on one line each.  0 or -1.
 */
int gnuplot_write_script(const char *dir, const char *name, const struct sbuf *text,
			 int col, const char *title, const char *what, int overwrite,
			 struct gnuplot_files *written, char *err, size_t errlen);
/* The "From:" comment lines about sets[which[0..nwhich)]. */
void gnuplot_sb_from(struct sbuf *b, struct result_set *const *sets,
		     const char *const *sources, const size_t *which, size_t nwhich);
/* The label of sets[set], or "set N". */
void gnuplot_set_name(struct sbuf *b, struct result_set *const *sets, size_t set);
/* A plot item's title, quoted for gnuplot: "LABEL", or "LABEL: what". */
void gnuplot_set_title(struct sbuf *b, struct result_set *const *sets, size_t set,
		       const char *what);








#endif
