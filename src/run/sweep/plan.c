/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * plan.c: the grid of (file size, record size) cells, built by IOzone
 * 3.508's rules (SPEC.md section c; auto_test() and the size lists of
 * iozone.c), so that a command line gives the same rows in the same order
 * as IOzone prints them.
 *
 * The rules, as IOzone really applies them:
 *  - File sizes run min..max by the multiplier (-+x, default 2): 64 kB to
 *    512 MB, or -n/-g; a single -s with -a fixes both ends (-n/-g still
 *    override).  Repeated -s replaces the series by the list.
 *  - Record sizes run min..max by the multiplier: 4 kB to 16 MB, or -y/-q;
 *    a single -r with -a fixes both ends.  Repeated -r gives a list.
 *  - Lists are walked the way IOzone walks its linked lists: the next size
 *    is the FIRST entry greater than the current one, so a list is not
 *    sorted: "-s 4m -s 1m -s 8m" visits 4m then 8m, and duplicates count
 *    once.
 *  - For each file size the records are walked in that order and the walk
 *    stops at the first record larger than the file (the triangle).
 *  - Crossover: unless -z/-A, -r, -s, -y or -q (or repeated -s/-r), a file
 *    larger than 16 MB starts at 64 kB records; the skipped small records
 *    become placeholder cells (never run, 0 in -R).  IOzone makes these by
 *    halving 64 kB down to the smallest record and doubling the record
 *    from there, whatever the multiplier; so do we.
 *  - Without -a: exactly one cell, -s (default 512 kB) by -r (default 4 kB).
 * The record axis is the -R header: IOzone's full record series between
 * the smallest and largest record of the command line, not cut to the
 * tested sizes.
 */
#include "compat.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "options/options.h"
#include "run/sweep/plan.h"
#include "lib/err.h"

#define PLAN_FILE_MIN_KB 64u          /* IOzone KILOBYTES_START */
#define PLAN_FILE_MAX_KB 524288u      /* IOzone KILOBYTES_END, 512 MB */
#define PLAN_REC_MIN_KB 4u            /* IOzone RECLEN_START */
#define PLAN_REC_MAX_KB 16384u        /* IOzone MAXBUFFERSIZE, 16 MB */
#define PLAN_CROSSOVER_KB 16384u      /* IOzone CROSSOVER */
#define PLAN_LARGE_REC_KB 64u         /* IOzone LARGE_REC */
#define PLAN_MAX_SERIES 64            /* 2^64 bounds any x2 series */
#define PLAN_SERIES_CAP (OPTIONS_MAX_LIST > PLAN_MAX_SERIES ? OPTIONS_MAX_LIST : PLAN_MAX_SERIES)

/* A list of sizes in kB, the way IOzone keeps its size lists. */
struct plan_series {
	uint64_t kb[PLAN_SERIES_CAP];
	size_t n;
};

/* min..max, multiplying each step (IOzone's init_*_sizes). */
static void series_range(struct plan_series *s, uint64_t min, uint64_t max,
			 uint64_t mult)
{
	s->n = 0;
	for (uint64_t v = min; v && v <= max && s->n < PLAN_MAX_SERIES; v *= mult) {
		s->kb[s->n++] = v;
		if (v > UINT64_MAX / mult)
			break;
	}
}

static void series_list(struct plan_series *s, const uint64_t *kb, size_t n)
{
	s->n = n;
	memcpy(s->kb, kb, n * sizeof(*kb));
}

/* IOzone's get_next_*_size: the first entry greater than cur, 0 if none. */
static uint64_t series_next(const struct plan_series *s, uint64_t cur)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->kb[i] > cur)
			return s->kb[i];
	return 0;
}

static int add_cell(struct sweep_plan *p, size_t *alloc, uint64_t file_kb,
		    uint64_t record_kb, int placeholder)
{
	if (p->ncells == *alloc) {
		size_t want = *alloc ? *alloc * 2 : 64;
		struct plan_cell *c = realloc(p->cells, want * sizeof(*c));
		if (!c)
			return -1;
		p->cells = c;
		*alloc = want;
	}
	p->cells[p->ncells].file_kb = file_kb;
	p->cells[p->ncells].record_kb = record_kb;
	p->cells[p->ncells].placeholder = placeholder;
	p->ncells++;
	return 0;
}

/* The record axis: the record series walked up to the largest record. */
static int build_axis(struct sweep_plan *p, const struct plan_series *rec,
		      uint64_t max_rec)
{
	uint64_t axis[PLAN_SERIES_CAP];
	size_t n = 0;
	for (uint64_t r = series_next(rec, 0); r && r <= max_rec; r = series_next(rec, r))
		axis[n++] = r;
	if (!n)
		return 0;
	p->record_axis = malloc(n * sizeof(*axis));
	if (!p->record_axis)
		return -1;
	memcpy(p->record_axis, axis, n * sizeof(*axis));
	p->nrecord_axis = n;
	return 0;
}

/* The dummies IOzone stores for the records the crossover skips. */
static int add_crossover_placeholders(struct sweep_plan *p, size_t *alloc,
				      uint64_t file_kb, uint64_t orig_min_rec)
{
	uint64_t rec = orig_min_rec;
	for (uint64_t c = PLAN_LARGE_REC_KB; c > orig_min_rec &&
	     (file_kb > UINT64_MAX / 1024 || rec <= file_kb * 1024);
	     c /= 2, rec *= 2)
		if (add_cell(p, alloc, file_kb, rec, 1))
			return -1;
	return 0;
}

int plan_build(struct sweep_plan *p, const struct options *o,
	       char *err, size_t errlen)
{
	struct plan_series files, recs;
	size_t alloc = 0;
	uint64_t mult = o->multiplier > 1 ? o->multiplier : 2;
	int auto_mode = o->auto_mode || o->auto2 || o->nsizes > 1 || o->nrecords > 1;
	int sflag = o->nsizes == 1, rflag = o->nrecords == 1;
	int yflag = o->min_rec_kb != 0, qflag = o->max_rec_kb != 0;
	int nocross = o->no_crossover || o->auto2 || o->nsizes > 1 || o->nrecords > 1;

	memset(p, 0, sizeof(*p));
	if (o->nsizes > OPTIONS_MAX_LIST || o->nrecords > OPTIONS_MAX_LIST)
		return err_set(err, errlen, "too many -s or -r values (at most %d each)",
			OPTIONS_MAX_LIST);

	uint64_t min_file = o->nsizes ? o->sizes_kb[0] : PLAN_FILE_MIN_KB;
	uint64_t max_file = o->nsizes ? o->sizes_kb[o->nsizes - 1] : PLAN_FILE_MAX_KB;
	uint64_t min_rec = yflag ? o->min_rec_kb :
		(o->nrecords ? o->records_kb[0] : PLAN_REC_MIN_KB);
	uint64_t max_rec = qflag ? o->max_rec_kb :
		(o->nrecords ? o->records_kb[o->nrecords - 1] : PLAN_REC_MAX_KB);

	if (min_rec > max_rec)
		return err_set(err, errlen, "the minimum record size %" PRIu64 " kB is larger "
			"than the maximum record size %" PRIu64 " kB", min_rec, max_rec);
	if (o->nrecords > 1)
		series_list(&recs, o->records_kb, o->nrecords);
	else
		series_range(&recs, min_rec, max_rec, mult);
	if (build_axis(p, &recs, max_rec))
		goto nomem;

	if (!auto_mode) {
		uint64_t file_kb = options_file_kb(o);
		uint64_t rec_kb = options_record_kb(o);
		if (rec_kb > file_kb) {
			err_set(err, errlen, "-r %" PRIu64 " kB is larger than the file "
				"size %" PRIu64 " kB (-s): no whole record fits",
				rec_kb, file_kb);
			goto fail;
		}
		if (add_cell(p, &alloc, file_kb, rec_kb, 0))
			goto nomem;
		return 0;
	}

	if (o->max_file_kb)
		max_file = o->max_file_kb;
	if (o->min_file_kb)
		min_file = o->min_file_kb;
	if (min_rec > min_file) {
		err_set(err, errlen, "record size %" PRIu64 " kB is larger than the "
			"smallest file size %" PRIu64 " kB", min_rec, min_file);
		goto fail;
	}
	uint64_t xover = nocross ? max_file : PLAN_CROSSOVER_KB;
	if (o->nsizes > 1)
		series_list(&files, o->sizes_kb, o->nsizes);
	else
		series_range(&files, min_file, max_file, mult);

	for (uint64_t f = series_next(&files, 0); f; f = series_next(&files, f)) {
		const struct plan_series *walk = &recs;
		struct plan_series large;
		if (!rflag && !sflag && !yflag && !qflag && f > xover) {
			if (o->nrecords > 1)
				series_list(&large, o->records_kb, o->nrecords);
			else
				series_range(&large, PLAN_LARGE_REC_KB, max_rec, mult);
			walk = &large;
			if (add_crossover_placeholders(p, &alloc, f, min_rec))
				goto nomem;
		}
		for (uint64_t r = series_next(walk, 0); r; r = series_next(walk, r)) {
			if (r > f)
				break;
			if (add_cell(p, &alloc, f, r, 0))
				goto nomem;
		}
	}
	if (!plan_runnable(p)) {
		err_set(err, errlen, "the grid is empty: the minimum file size %" PRIu64
			" kB (-n) is larger than the maximum %" PRIu64 " kB (-g)",
			min_file, max_file);
		goto fail;
	}
	return 0;
nomem:
	err_set(err, errlen, "out of memory building the sweep plan");
fail:
	plan_release(p);
	return -1;
}

void plan_release(struct sweep_plan *p)
{
	free(p->cells);
	free(p->record_axis);
	memset(p, 0, sizeof(*p));
}

size_t plan_runnable(const struct sweep_plan *p)
{
	size_t n = 0;
	for (size_t i = 0; i < p->ncells; i++)
		if (!p->cells[i].placeholder)
			n++;
	return n;
}

void plan_write(FILE *out, const struct sweep_plan *p)
{
	for (size_t i = 0; i < p->ncells; i++)
		if (!p->cells[i].placeholder)
			fprintf(out, "%" PRIu64 " %" PRIu64 "\n",
				p->cells[i].file_kb, p->cells[i].record_kb);
}
