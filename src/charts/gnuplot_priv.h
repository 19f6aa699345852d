/*
 * gnuplot_priv.h: what the gnuplot_*.c files share and nobody else
 * needs: gnuplot quoting for the growing string (lib/strbuf.h), the
 * built-in text files (templates, reference lines) embedded at build
 * time, and the pieces every script is made of (template filling, the
 * terminal fragment, the "From:" lines, log2 file-size tics, atomic
 * writing).  The quoting helpers are static inline so each file keeps its
 * own copy of a few lines.
 *
 * Ownership: the text of builtin_text is static and never freed.
 */
#ifndef IOSWEEP_GNUPLOT_PRIV_H
#define IOSWEEP_GNUPLOT_PRIV_H

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

/* Copy the built-in template tmpl_name into out, each @KEY@ replaced by its value. 0 or -1. */
int gnuplot_template_fill(struct sbuf *out, const char *tmpl_name,
			  const struct tvar *vars, size_t nvars, char *err, size_t errlen);
/* The terminal fragment (plots/terminal.gp) of a script named name. 0 or -1. */
int gnuplot_terminal_text(struct sbuf *b, const char *name, const char *term,
			  int width, int height, char *err, size_t errlen);
/* Write text to dir/name.gp atomically and append the path to written. 0 or -1. */
int gnuplot_write_script(const char *dir, const char *name, const struct sbuf *text,
			 int overwrite, struct gnuplot_files *written, char *err, size_t errlen);
/* The "From:" comment lines about sets[which[0..nwhich)]. */
void gnuplot_sb_from(struct sbuf *b, struct result_set *const *sets,
		     const char *const *sources, const size_t *which, size_t nwhich);
/* The label of sets[set], or "set N" (gnuplot_lat.c). */
void gnuplot_set_name(struct sbuf *b, struct result_set *const *sets, size_t set);
/* A plot item's title, quoted for gnuplot: "LABEL", or "LABEL: what". */
void gnuplot_set_title(struct sbuf *b, struct result_set *const *sets, size_t set,
		       const char *what);
/*
 * gnuplot_axis.c: the tics of a log2 size axis, the powers of two from lo
 * to hi on a range padded by the factor pad either side, the axis taking
 * share of the chart's width: labelled "64 kB", "1 MB", ..., or "64k",
 * "1M" or only every 2nd, 4th, ... tic where the narrowest terminal has
 * no room for them all (see gnuplot_axis.c).
 */
#define GNUPLOT_AXIS_2D        0.72  /* the x axis of a 2D chart with a right margin */
#define GNUPLOT_AXIS_SURFACE_X 0.45  /* the 3D surface's file-size axis, as drawn */
#define GNUPLOT_AXIS_SURFACE_Y 0.30  /*   and its record-size axis */
void gnuplot_axis_tics(struct sbuf *b, uint64_t lo, uint64_t hi, double pad, double share);
/* The record size of the 2D charts of col (64 KB when measured, else the most common). */
uint64_t gnuplot_pick_record(struct result_set *const *sets, size_t nsets, int col);

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

/*
 * gnuplot_qd.c: one line or bar chart from the template tmpl (qd-bars.gp,
 * qd-grid.gp) into dir/name.gp, term its default terminal: the title,
 * what it shows and the y label (quoted here), the From: text, the data
 * blocks and the plot items, and extra[0..nextra) as KEY, value pairs of
 * the template's other placeholders.  0 or -1.
 */
int gnuplot_qd_chart(const char *tmpl, const char *dir, const char *name,
		     const char *term, const char *title, const char *what,
		     const char *ylabel, struct sbuf *from, struct sbuf *data,
		     struct sbuf *plot, const char *const *extra, size_t nextra,
		     int overwrite, struct gnuplot_files *files, char *err, size_t errlen);

/*
 * The x axis of the IOPS and latency charts of a column (gnuplot_iops.c):
 * the size the sets actually vary.  File size at one record size (as the
 * drive comparison) when the cells at that record size have two file
 * sizes or more, or --record asked for one; else record size at the one
 * file size when they have two record sizes or more; else the one cell.
 */
struct gnuplot_xaxis {
	int records;            /* 1: x = record size at file_kb; 0: x = file size at record_kb */
	uint64_t file_kb, record_kb;
};
/* Pick it from the cells of col of sets[which[0..nwhich)] that keep(set, cell) takes. */
void gnuplot_xaxis_pick(struct result_set *const *sets, const size_t *which, size_t nwhich,
			int col, const struct gnuplot_opts *go,
			int (*keep)(const struct result_set *, size_t cell, int col),
			struct gnuplot_xaxis *ax);
/* The indices of the sets with a cell of col that has(set, cell, col) into which; how many. */
size_t gnuplot_sets_with(struct result_set *const *sets, size_t nsets, int col,
			 int (*has)(const struct result_set *, size_t cell, int col),
			 size_t *which);
/* 1 when cell lies on the axis, with its x (kB) in *x_kb. */
int gnuplot_xaxis_at(const struct gnuplot_xaxis *ax, const struct result_set *rs,
		     size_t cell, uint64_t *x_kb);
/* "file size" or "record size"; the x label (units stated), quoted; "64 kB records" or "4 MB file". */
const char *gnuplot_xaxis_name(const struct gnuplot_xaxis *ax);
void gnuplot_xaxis_label(struct sbuf *b, const struct gnuplot_xaxis *ax);
void gnuplot_xaxis_fixed(const struct gnuplot_xaxis *ax, char *out, size_t outlen);

/*
 * gnuplot_iops.c: iops-<slug>.gp, the IOPS of col (mean of the trials,
 * min..max bars; a mix's reads and writes dashed) against the axis the
 * sets vary, one line per set with IOPS figures (timed operations).
 * Written only when some set is a queue-depth run (its meta has a
 * workload, or its samples are split into reads and writes); nothing
 * (0) otherwise, and no chart for sets without IOPS figures.  0 or -1.
 */
int gnuplot_iops_write(struct result_set *const *sets, size_t nsets, int col,
		       const char *slug, const struct gnuplot_opts *go, const char *dir,
		       struct gnuplot_files *written, char *err, size_t errlen);

/*
 * gnuplot_tp.c: the charts of throughput-mode sets (results.h, struct
 * result_tp), written instead of the file-size charts when any set has
 * throughput records: per test, throughput-<slug>.gp (throughput against
 * the process count, one colour per set, Children see solid, Parent sees
 * dashed, reference lines) and with several sets overlay-throughput-<slug>.gp
 * (go->highlight thick).  Every set must be a throughput set.  0 or -1.
 */
int gnuplot_tp_write(struct result_set *const *sets, size_t nsets,
		     const struct gnuplot_opts *go, const char *dir,
		     struct gnuplot_files *written, char *err, size_t errlen);

/*
 * gnuplot_lat.c: the latency charts of col from per-operation histograms
 * (--latency and queue-depth runs) or, for a result folder read back,
 * the trials' latency figures of its results.csv: latency-<slug>.gp (p50,
 * p99, p99.9 and mean against the axis the sets vary, gnuplot_xaxis_pick)
 * and, from histograms only, percentiles-<slug>[-N].gp (the percentile
 * curve of each cell on the axis, per set).  Sets with neither are left
 * out.  Writes nothing when no set has any for col and says so with
 * *drawn = 0.  0 or -1.
 */
int gnuplot_lat_write(struct result_set *const *sets, size_t nsets, int col,
		      const char *slug, const struct gnuplot_opts *go,
		      const char *dir, struct gnuplot_files *written, int *drawn,
		      char *err, size_t errlen);

/*
 * gnuplot_clients.c: clients-<slug>.gp, the aggregate throughput of
 * many-client runs (iosweep-mpi) against their client counts, one line
 * per file size at record_kb.  Writes nothing (0) unless two of the sets
 * know different client counts.  0 or -1.
 */
int gnuplot_clients_write(struct result_set *const *sets, size_t nsets, int col,
			  const char *slug, uint64_t record_kb,
			  const struct gnuplot_opts *go, const char *dir,
			  struct gnuplot_files *written, char *err, size_t errlen);

#endif
