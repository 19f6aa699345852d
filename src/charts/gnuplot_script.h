/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_script.h: what every chart script is written with: the chart
 * options, the list of scripts written, and the gnuplot terminals
 * iosweep knows (their kinds and file extensions).  gnuplot_script.c
 * also holds the pieces the chart writers share (gnuplot_script_priv.h).
 *
 * Ownership: a struct gnuplot_files owns its charts and their strings;
 * gnuplot_files_release frees them.
 */
#ifndef IOSWEEP_GNUPLOT_SCRIPT_H
#define IOSWEEP_GNUPLOT_SCRIPT_H

#include <stddef.h>
#include <stdint.h>

struct gnuplot_refs;

/* Error bars on the drive comparison. */
enum gnuplot_errbars {
	GNUPLOT_ERR_MINMAX,  /* min..max of the trials (default) */
	GNUPLOT_ERR_CI95,    /* Student-t 95% confidence interval of the mean */
	GNUPLOT_ERR_NONE
};

struct gnuplot_opts {
	uint32_t cols_mask;     /* bit (1u << col) per test to chart; 0 = every column present */
	uint64_t record_kb;     /* record size of the 2D charts; 0 = 64 KB if measured, else the most common */
	int all_records;        /* one line per (set, record size) instead */
	const char *term;       /* default terminal of the scripts: any file terminal (gnuplot_term_valid; NULL = png) */
	const char *highlight;  /* label of the set drawn thick on the overlay (NULL = the last set) */
	int log_y;              /* logarithmic y axis */
	int errbars;            /* enum gnuplot_errbars */
	const struct gnuplot_refs *refs; /* reference lines to draw (NULL = none) */
	int cliffs;             /* mark cache cliffs (cliff_detect) */
	int latency;            /* also write latency-<test>.gp (usec per operation) */
	int overwrite;          /* replace existing scripts */
	const char *const *sources; /* optional: the file each set was read from */
};

/*
 * What the chart writers return: 0, or a failure with its message in err;
 * callers that must tell a failure apart test this, never the message.
 */
enum gnuplot_write_rc {
	GNUPLOT_WRITE_OK = 0,
	GNUPLOT_WRITE_FAILED = -1,        /* anything else */
	GNUPLOT_WRITE_NO_HIGHLIGHT = -2   /* go->highlight is no set's label: the caller's mistake */
};

/* One chart script written: where, and the words that describe it. */
struct gnuplot_chart {
	char *path;     /* "DIR/read.gp" */
	int col;        /* the test it draws (results.h RC_*); -1: not one test's */
	char *title;    /* its title, on one line */
	char *alt;      /* what it shows, on one line: an image's alternative text */
};

/* The chart scripts written, in writing order. */
struct gnuplot_files {
	struct gnuplot_chart *items;
	size_t n;
};

/* What a gnuplot terminal draws on (gnuplot_term_kind). */
enum gnuplot_term_kinds {
	GNUPLOT_TERM_INVALID = -1, /* not a terminal name (one lowercase word) */
	GNUPLOT_TERM_FILE,         /* a file: png, pngcairo, svg, pdfcairo, dumb, canvas, ... */
	GNUPLOT_TERM_WINDOW,       /* a window: qt, wxt, x11, aqua, windows */
	GNUPLOT_TERM_SCREEN        /* the text terminal itself: sixelgd, domterm, tek40xx, ... */
};
/*
 * The kind of a terminal name.  Names iosweep does not know (a terminal of
 * a newer gnuplot, a printer's) count as files named NAME.<name>; whether
 * the user's gnuplot has them, only gnuplot can say (gnuplot_has_term).
 */
int gnuplot_term_kind(const char *name);
/* 1 if name is a terminal that renders to a file (what iosweep can render). */
int gnuplot_term_valid(const char *name);
/* Why name cannot be rendered by iosweep (for a message after "--format 'x': "). */
const char *gnuplot_term_why(const char *name);
/*
 * The file extension a terminal renders to, from its family: png, svg,
 * pdf, txt (dumb), html (canvas), eps, ps, jpg, gif, tex (the LaTeX
 * terminals), the name itself for other file terminals, "" for screen
 * and window terminals.
 */
const char *gnuplot_term_ext(const char *term);
/* The name gnuplot has for a short name: pdf -> pdfcairo, eps -> epscairo,
 * html -> canvas, text and txt -> dumb; other names unchanged (png is png
 * or pngcairo, whichever gnuplot has: the scripts decide). */
const char *gnuplot_term_real(const char *name);

/* Free the charts and empty f. */
void gnuplot_files_release(struct gnuplot_files *f);

#endif
