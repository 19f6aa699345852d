/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot.c: the chart writer's dispatcher (see gnuplot.h): it checks
 * the options against the sets, finds the cache cliffs to mark, and per
 * test column hands the sets to the chart writers below it: the drive
 * comparison (gnuplot_drive.c), IOPS (gnuplot_iops.c), latency
 * (gnuplot_lat.c), many clients (gnuplot_clients.c), the timelines
 * of --log-interval (gnuplot_tl.c), or for throughput-mode sets
 * gnuplot_tp.c and for small-file operations gnuplot_ops.c.  The
 * writers build their scripts
 * with the toolkit of gnuplot_script.c and gnuplot_axis.c, the reference
 * lines come from gnuplot_refs.c, and running the gnuplot program on the
 * scripts is gnuplot_run.c's job.
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "charts/gnuplot.h"
#include "charts/gnuplot_axis.h"
#include "charts/gnuplot_clients.h"
#include "charts/gnuplot_drive.h"
#include "charts/gnuplot_iops.h"
#include "charts/gnuplot_lat.h"
#include "charts/gnuplot_ops.h"
#include "charts/gnuplot_run.h"
#include "charts/gnuplot_tp.h"
#include "charts/gnuplot_tl.h"
#include "analysis/cliff.h"
#include "iosweep.h"
#include "lib/err.h"
#include "lib/outfile.h"
#include "model/results.h"
#include "model/units.h"

/* The charts of one column: drive comparison, overlay, latency, surfaces. */
static int write_column(struct result_set *const *sets, size_t nsets, int col,
			size_t highlight, const struct cliff_list *cliffs,
			const struct gnuplot_opts *go, const char *dir,
			struct gnuplot_files *written, char *err, size_t errlen)
{
	char slug[32], name[64];
	int rc;

	results_col_slug(col, slug, sizeof(slug));
	rc = gnuplot_drive_write(sets, nsets, col, slug, RESULTS_UNIT_KBPS, highlight,
				 cliffs, go, dir, written, err, errlen);
	/* queue-depth runs: IOPS against the size the sets vary */
	if (rc == 0)
		rc = gnuplot_iops_write(sets, nsets, col, slug, go, dir, written, err, errlen);
	/* per-operation latency (--latency and queue-depth runs): percentiles,
	 * not only the mean */
	int lat_drawn = 0;
	if (rc == 0)
		rc = gnuplot_lat_write(sets, nsets, col, slug, go, dir, written,
				       &lat_drawn, err, errlen);
	/* many-client runs: aggregate against the number of clients */
	if (rc == 0) {
		uint64_t record = go->record_kb ? go->record_kb
			: gnuplot_pick_record(sets, nsets, col);
		rc = gnuplot_clients_write(sets, nsets, col, slug, record, go,
					   dir, written, err, errlen);
	}
	if (rc == 0 && go->latency && !lat_drawn)
		rc = gnuplot_drive_write(sets, nsets, col, slug, RESULTS_UNIT_USEC, highlight,
					 cliffs, go, dir, written, err, errlen);
	for (size_t i = 0; rc == 0 && i < nsets; i++) {
		if (nsets == 1)
			snprintf(name, sizeof(name), "surface-%s", slug);
		else
			snprintf(name, sizeof(name), "surface-%s-%zu", slug, i + 1);
		rc = gnuplot_surface_write(sets, i, col, name, go, dir, written, err, errlen);
	}
	return rc;
}

int gnuplot_write_charts(struct result_set *const *sets, size_t nsets,
			 const struct gnuplot_opts *go, const char *out_dir,
			 struct gnuplot_files *written, char *err, size_t errlen)
{
	uint32_t present = 0;
	size_t highlight = nsets ? nsets - 1 : 0;
	size_t before = written->n;

	if (nsets == 0)
		return err_set(err, errlen, "nothing to plot: no result sets");
	for (size_t i = 0; i < nsets; i++)
		if (sets[i]->ntp) { /* throughput mode: gnuplot_tp.c, and its timeline */
			int rc = gnuplot_tp_write(sets, nsets, go, out_dir, written, err, errlen);
			if (rc >= 0 && gnuplot_tl_write(sets, nsets, go, out_dir, written, err,
							errlen) != 0)
				return -1;
			return rc;
		}
	for (size_t i = 0; i < nsets; i++)
		if (sets[i]->nops)  /* small-file operations: gnuplot_ops.c */
			return gnuplot_ops_write(sets, nsets, go, out_dir, written, err, errlen);
	if (go->term && !gnuplot_term_valid(go->term))
		return err_set(err, errlen, "--format '%s': %s", go->term, gnuplot_term_why(go->term));
	if (go->highlight) {
		size_t i;
		for (i = 0; i < nsets; i++)
			if (sets[i]->meta.label && strcmp(sets[i]->meta.label, go->highlight) == 0)
				break;
		if (i == nsets) {
			err_set(err, errlen, "--highlight '%s': no result set has that label",
				go->highlight);
			return GNUPLOT_WRITE_NO_HIGHLIGHT;
		}
		highlight = i;
	}
	for (size_t i = 0; i < nsets; i++)
		present |= sets[i]->cols_mask;
	uint32_t mask = go->cols_mask ? go->cols_mask & present : present;
	if (!mask)
		return err_set(err, errlen, "nothing to plot: the inputs hold none of the tests asked for");
	if (go->record_kb) {
		size_t n = 0;
		for (size_t i = 0; i < nsets; i++)
			for (int col = 0; col < RC_COUNT; col++)
				if (mask & (1u << col))
					n += gnuplot_record_cells(sets[i], col, go->record_kb);
		if (!n) {
			char rec[32];
			units_format_kb(go->record_kb, rec, sizeof(rec));
			return err_set(err, errlen, "--record %s: no results at that record size", rec);
		}
	}
	if (outfile_mkdirs(out_dir, err, errlen) != 0)
		return -1;

	struct cliff_list *cliffs = NULL;
	if (go->cliffs) {
		cliffs = calloc(nsets, sizeof(*cliffs));
		if (!cliffs)
			return err_set(err, errlen, "out of memory");
		for (size_t i = 0; i < nsets; i++) {
			char cerr[IOSWEEP_ERR_MAX];
			if (cliff_detect(sets[i], &cliffs[i], cerr, sizeof(cerr)) != 0)
				memset(&cliffs[i], 0, sizeof(cliffs[i]));  /* charts without marks */
		}
	}
	int rc = 0;
	for (int col = 0; rc == 0 && col < RC_COUNT; col++)
		if (mask & (1u << col))
			rc = write_column(sets, nsets, col, highlight, cliffs, go, out_dir,
					  written, err, errlen);
	for (size_t i = 0; cliffs && i < nsets; i++)
		cliff_list_release(&cliffs[i]);
	free(cliffs);
	/* --log-interval: what happened inside the passes */
	if (rc == 0)
		rc = gnuplot_tl_write(sets, nsets, go, out_dir, written, err, errlen);
	if (rc)
		return -1;
	if (written->n == before)
		return err_set(err, errlen, "nothing to plot: no complete results in the inputs");
	return 0;
}

/* A sweep's --plot: the charts written, then rendered to PNG. */
int gnuplot_for_sweep(const struct result_set *rs, const char *out_dir,
		      char *err, size_t errlen)
{
	struct gnuplot_refs all = { 0 }, refs = { 0 };
	struct gnuplot_files files = { 0 };
	struct gnuplot_opts go = { 0 };
	struct result_set *sets[1] = { (struct result_set *)rs };
	int rc = -1;

	if (gnuplot_refs_load(&all, NULL, err, errlen) != 0)
		return -1;
	if (gnuplot_refs_select(&all, NULL, &refs, err, errlen) != 0)
		goto out;
	go.term = "png";
	go.refs = &refs;
	go.cliffs = 1;
	go.overwrite = 1;
	if (gnuplot_write_charts(sets, 1, &go, out_dir, &files, err, errlen) != 0)
		goto out;
	if (!gnuplot_available()) {
		char hint[1024];
		gnuplot_render_hint(out_dir, "png", hint, sizeof(hint));
		err_set(err, errlen, "gnuplot not found: %zu chart scripts written to '%s'; %s",
			files.n, out_dir, hint);
		rc = 1;
		goto out;
	}
	for (size_t i = 0; i < files.n; i++)
		if (gnuplot_render(files.items[i].path, "png", err, errlen) != 0)
			goto out;
	rc = 0;
out:
	gnuplot_files_release(&files);
	gnuplot_refs_release(&refs);
	gnuplot_refs_release(&all);
	return rc;
}
