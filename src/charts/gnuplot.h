/* SPDX-License-Identifier: GPL-2.0-or-later */
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

#include "charts/gnuplot_refs.h"
#include "charts/gnuplot_run.h"
#include "charts/gnuplot_script.h"

struct result_set;

/*
 * Write the charts of sets[0..nsets) into out_dir (created if needed),
 * every file atomically.  The paths written are appended to *written
 * (which the caller initialises to zeros and releases).  0, or an enum
 * gnuplot_write_rc failure (GNUPLOT_WRITE_NO_HIGHLIGHT for a --highlight
 * that names no set) with its message in err.
 */
int gnuplot_write_charts(struct result_set *const *sets, size_t nsets,
			 const struct gnuplot_opts *go, const char *out_dir,
			 struct gnuplot_files *written, char *err, size_t errlen);

/*
 * The charts of one sweep (its --plot): every column, the default
 * reference lines, cliffs marked, PNG, written into out_dir and rendered.
 * Returns 0 when rendered, 1 when the scripts were written but gnuplot is
 * missing (err then says how to render them), -1 on error.
 */
int gnuplot_for_sweep(const struct result_set *rs, const char *out_dir,
		      char *err, size_t errlen);

#endif
