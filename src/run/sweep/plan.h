/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * plan.h: the grid of (file size, record size) cells a sweep visits.
 *
 * plan_build() applies IOzone's auto-mode rules exactly (see
 * ../shared/fixtures/iozone/SPEC.md, section c): the file and record
 * series by the multiplier, the triangle (record <= file), the crossover
 * at 16 MB files unless -z/-r/-s/-y/-q, the cross product of repeated -s
 * and -r, and a single -s or -r with -a.  Crossover-skipped cells are kept
 * as placeholders because IOzone's -R report prints them as 0.
 *
 * Ownership: the plan owns its arrays; plan_release() frees them.
 */
#ifndef IOSWEEP_PLAN_H
#define IOSWEEP_PLAN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct options;

struct plan_cell {
	uint64_t file_kb;
	uint64_t record_kb;
	int placeholder;     /* crossover dummy: never run, 0 in -R */
};

struct sweep_plan {
	struct plan_cell *cells;   /* in IOzone's order: file size, then record */
	size_t ncells;
	uint64_t *record_axis;     /* IOzone's full record list (-R header row) */
	size_t nrecord_axis;
};

int plan_build(struct sweep_plan *p, const struct options *o,
	       char *err, size_t errlen);
void plan_release(struct sweep_plan *p);

/* Cells that will really run (placeholders excluded). */
size_t plan_runnable(const struct sweep_plan *p);

/* --dry-run: one line per runnable cell, "file_kb record_kb". */
void plan_write(FILE *out, const struct sweep_plan *p);

#endif
