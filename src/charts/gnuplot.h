/*
 * gnuplot.h: the charts, as self-contained gnuplot scripts.
 *
 * Each chart is one .gp file that holds its own data in inline data blocks
 * ($name << EOD), says in a comment header what it shows and from which
 * run, and renders with a plain `gnuplot FILE.gp` to FILE.png (or .svg,
 * .pdf, .txt) next to itself; `gnuplot -e "term='svg'" FILE.gp` picks
 * another terminal without editing.  The scripts are made from the
 * templates in plots/ (embedded in the binary at build time) and the
 * reference lines of data/reference-lines.csv (also embedded; a user's
 * file can replace them).
 *
 * Charts, per test column:
 *   <test>.gp          drive comparison: throughput against file size (log2
 *                      axis), one line per result set at one record size
 *                      (or per record size), error bars from the trials,
 *                      dashed reference lines, cache cliffs marked;
 *   overlay-<test>.gp  several sets, one drawn thick (a DAS against NASes);
 *   surface-<test>[-N].gp  3D surface of the true (file, record) grid of
 *                      one set, no dgrid3d interpolation;
 *   iops-<test>.gp     queue-depth runs (gnuplot_iops.c): IOPS against the
 *                      size the sets vary (file size at one record size, or
 *                      record size at one file size), one line per set
 *                      with IOPS figures;
 *   latency-<test>.gp  with per-operation histograms (--latency and
 *                      queue-depth runs, gnuplot_lat.c) or the trials'
 *                      latency figures of a result folder: p50, p99, p99.9
 *                      and mean time per operation against the same axis;
 *                      without them, when asked for (go->latency), the
 *                      mean time per operation against file size;
 *   percentiles-<test>[-N].gp  with histograms: the percentile curve of
 *                      each size (at most 8) of one set, on a nines axis.
 *
 * Writing is pure (no printing, no exiting): errors go to err.  Rendering
 * runs the gnuplot program (fork/exec, no shell) in the script's directory.
 * The program is "gnuplot" from PATH, or $IOSWEEP_GNUPLOT when set.
 *
 * Ownership: gnuplot_refs_* and gnuplot_files own their arrays and strings;
 * release them with gnuplot_refs_release / gnuplot_files_release.
 */
#ifndef IOSWEEP_GNUPLOT_H
#define IOSWEEP_GNUPLOT_H

#include <stddef.h>
#include <stdint.h>

struct result_set;

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

/* The paths of the scripts written, in writing order. */
struct gnuplot_files {
	char **paths;
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
 * Write the charts of sets[0..nsets) into out_dir (created if needed),
 * every file atomically.  The paths written are appended to *written
 * (which the caller initialises to zeros and releases).  0 or -1.
 */
int gnuplot_write_charts(struct result_set *const *sets, size_t nsets,
			 const struct gnuplot_opts *go, const char *out_dir,
			 struct gnuplot_files *written, char *err, size_t errlen);
void gnuplot_files_release(struct gnuplot_files *f);

/* 1 when the gnuplot program can be found (PATH or $IOSWEEP_GNUPLOT). */
int gnuplot_available(void);

/*
 * Whether the gnuplot program has the terminal term (after
 * gnuplot_term_real; png counts when it has png or pngcairo): 1 or 0,
 * or -1 with the reason in err when gnuplot cannot be asked.
 */
int gnuplot_has_term(const char *term, char *err, size_t errlen);

/*
 * Render one script: run gnuplot -e "term='TERM'" NAME.gp in the script's
 * directory, then check that NAME.<ext> exists and is not empty.  term
 * NULL means "png".  0, or -1 with gnuplot's first error line in err.
 */
int gnuplot_render(const char *gp_path, const char *term, char *err, size_t errlen);

/*
 * The charts of one sweep (its --plot): every column, the default
 * reference lines, cliffs marked, PNG, written into out_dir and rendered.
 * Returns 0 when rendered, 1 when the scripts were written but gnuplot is
 * missing (err then says how to render them), -1 on error.
 */
int gnuplot_for_sweep(const struct result_set *rs, const char *out_dir,
		      char *err, size_t errlen);

/* The one-line advice for rendering the scripts in dir by hand. */
void gnuplot_render_hint(const char *dir, const char *term, char *out, size_t outlen);

#endif
