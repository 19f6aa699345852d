/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * card_zfs.c: a ZFS box's layout from its figures, and each layout's
 * sync-write latency and 1 MiB write rate for the card (card_zfs.h).
 *
 * The latency of a cell is summary.csv's (the trials' histograms merged
 * when the folder was written), else the histograms the set still holds;
 * the rate is results_cell_summary()'s mean, as the card's rows.  Only a
 * cell of a run that opened its file O_SYNC (-o) or O_DSYNC (-+D) counts
 * as sync writes: each of its writes waited for the intent log.
 */
#include "compat.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/card.h"
#include "analysis/card_zfs.h"
#include "lib/err.h"
#include "model/latency.h"
#include "model/results.h"
#include "model/stats.h"

#define ZFS_LINE_MAX 512

/* One "figure,value" row into b. */
static void box_row(struct card_zfs_box *b, const char *key, const char *val)
{
	static const char ds[] = "dataset.", rs[] = ".recordsize";
	size_t klen = strlen(key);

	if (!strcmp(key, "layout")) {
		snprintf(b->layout, sizeof(b->layout), "%s", val);
		b->found = b->layout[0] != '\0';
	} else if (!strcmp(key, "log_bytes")) {
		b->log_bytes = strtoull(val, NULL, 10);
	} else if (!strncmp(key, ds, sizeof(ds) - 1) && klen > sizeof(ds) - 1 + sizeof(rs) - 1 &&
		   !strcmp(key + klen - (sizeof(rs) - 1), rs) &&
		   b->ndatasets < CARD_ZFS_MAX_DATASETS) {
		struct card_zfs_dataset *d = &b->datasets[b->ndatasets++];
		size_t nlen = klen - (sizeof(ds) - 1) - (sizeof(rs) - 1);
		if (nlen >= sizeof(d->name))
			nlen = sizeof(d->name) - 1;
		memcpy(d->name, key + sizeof(ds) - 1, nlen);
		d->name[nlen] = '\0';
		d->recordsize = strtoull(val, NULL, 10);
	}
}

int card_zfs_parse_box(struct card_zfs_box *b, const char *text, size_t len,
		       const char *path, char *err, size_t errlen)
{
	const char *p = text, *end = text + len;

	memset(b, 0, sizeof(*b));
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		char line[ZFS_LINE_MAX], *comma;
		if (n < sizeof(line)) {
			memcpy(line, p, n);
			line[n] = '\0';
			line[strcspn(line, "\r")] = '\0';
			if ((comma = strchr(line, ',')) != NULL) {
				*comma = '\0';
				box_row(b, line, comma + 1);
			}
		}
		p = nl ? nl + 1 : end;
	}
	if (!b->found)
		return err_set(err, errlen, "%s: no layout row (figure,value: layout,raidz2:8)",
			       path);
	return 0;
}

/* The recordsize of the dataset rs ran on, 0 when the box cannot tell. */
static uint64_t dataset_recordsize(const struct card_zfs_box *b, const struct result_set *rs)
{
	const char *t = rs->meta.target_path;

	if (b->ndatasets == 1)
		return b->datasets[0].recordsize;
	for (size_t i = 0; t && i < b->ndatasets; i++) {
		size_t n = strlen(b->datasets[i].name);
		for (const char *s = strstr(t, b->datasets[i].name); s;
		     s = strstr(s + 1, b->datasets[i].name))
			if (s > t && s[-1] == '/' && s[n] == '/')
				return b->datasets[i].recordsize;
	}
	return 0;
}

/* Mean and worst latency of (cell, col) in us: 1, 0 when unknown, -1 memory. */
static int cell_latency(const struct result_set *rs, size_t cell, int col,
			double *mean_us, double *max_us)
{
	const struct result_cell_sum *cs = results_cell_sum(rs, cell, col);
	struct latency_hist h;
	int n;

	if (cs && (cs->flags & RESULTS_CS_LAT) && isfinite(cs->lat_us[RESULTS_LAT_ALL][1]) &&
	    isfinite(cs->lat_us[RESULTS_LAT_ALL][2])) {
		*mean_us = cs->lat_us[RESULTS_LAT_ALL][1];
		*max_us = cs->lat_us[RESULTS_LAT_ALL][2];
		return 1;
	}
	if (!results_has_latency(rs))
		return 0;
	if (latency_init(&h) != 0)
		return -1;
	n = results_lat_merge_cell(rs, cell, col, &h);
	if (n > 0 && h.n > 0) {
		*mean_us = latency_mean_ns(&h) / 1000.0;
		*max_us = (double)h.max_ns / 1000.0;
	}
	latency_release(&h);
	return n < 0 ? -1 : n > 0 && h.n > 0;
}

/* The entry of this layout, made when new; NULL when the table is full. */
static struct card_zfs_set *entry(struct card_zfs *z, const struct card_zfs_box *b,
				  uint64_t recordsize)
{
	struct card_zfs_set *e;
	int log = b->log_bytes > 0;

	for (size_t i = 0; i < z->n; i++) {
		e = &z->sets[i];
		if (!strcmp(e->layout, b->layout) && e->log == log && e->recordsize == recordsize)
			return e;
	}
	if (z->n >= CARD_ZFS_MAX_SETS)
		return NULL;
	e = &z->sets[z->n++];
	memset(e, 0, sizeof(*e));
	snprintf(e->layout, sizeof(e->layout), "%s", b->layout);
	e->log = log;
	e->recordsize = recordsize;
	return e;
}

int card_zfs_add_set(struct card_zfs *z, const struct card_zfs_box *b,
		     const struct result_set *rs, char *err, size_t errlen)
{
	int sync = (rs->meta.flags & (RESULTS_F_OSYNC | RESULTS_F_ODSYNC)) != 0;
	static const int sync_cols[2] = { RC_RANDOM_WRITE, RC_WRITE };
	struct card_zfs_set *e;
	double mean_us = 0, max_us = 0;
	long cell;
	int got = 0;

	if (!b || !b->found)
		return 0;
	if (!(e = entry(z, b, dataset_recordsize(b, rs))))
		return err_set(err, errlen, "more than %d ZFS layouts on one card",
			       CARD_ZFS_MAX_SETS);
	for (int i = 0; sync && !e->sync_found && i < 2; i++) {
		if ((cell = card_largest_cell(rs, sync_cols[i], 4)) < 0)
			continue;
		if ((got = cell_latency(rs, (size_t)cell, sync_cols[i], &mean_us, &max_us)) < 0)
			return err_set(err, errlen, "out of memory");
		if (got) {
			e->sync_found = 1;
			e->sync_mean_us = mean_us;
			e->sync_max_us = max_us;
		}
	}
	if (!sync && !e->seq_found && (cell = card_largest_cell(rs, RC_WRITE, 1024)) >= 0) {
		struct stats_summary s;
		long n = results_cell_summary(rs, (size_t)cell, RC_WRITE, RESULTS_UNIT_KBPS, &s);
		if (n < 0)
			return err_set(err, errlen, "out of memory");
		if (n > 0) {
			e->seq_found = 1;
			e->seq_wr_kbps = s.mean;
		}
	}
	return 0;
}
