/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare_tl.c: steady levels of two timelines compared (compare_tl.h).
 *
 * The scatter of a level is that of cliff_time.c: the median absolute
 * difference of neighbouring intervals' log rates, scaled to a standard
 * deviation (x 1.4826 / sqrt 2), at least 2%.  The whole-interval rule
 * leaves out a pass's last, partial interval.
 */
#include "compat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cliff.h"
#include "analysis/cliff_time.h"
#include "analysis/compare_tl.h"
#include "lib/err.h"
#include "model/results.h"
#include "model/timeline.h"

#define COMPARE_TL_NOISE_FLOOR 0.02

/* One cell's level in one set. */
struct tl_level {
	int col;
	uint64_t file_kb, record_kb;
	size_t trials;
	double kbps_sum, from_sum, noise;
};

/* The first row of the level in pass [first, end): after its last cliff. */
static size_t level_start(const struct tcliff_list *cl, size_t first, size_t end)
{
	size_t start = first;

	for (size_t k = 0; k < cl->n; k++)
		if (cl->items[k].row > start && cl->items[k].row < end)
			start = cl->items[k].row;
	return start;
}

/* The grid of pass [first, end): the timeline's, or (read back from a
 * folder, where it is not stored) its longest interval. */
static uint64_t pass_grid(const struct timeline *t, size_t first, size_t end)
{
	uint64_t grid = t->interval_ns;

	for (size_t i = first; !t->interval_ns && i < end; i++)
		grid = t->rows[i].len_ns > grid ? t->rows[i].len_ns : grid;
	return grid;
}

/* The scatter of the log rates of rows [lo, hi) (whole, moving ones). */
static double scatter(const struct timeline *t, size_t lo, size_t hi,
		      uint64_t grid, double *tmp)
{
	size_t n = 0;
	double prev = NAN, s;

	for (size_t i = lo; i < hi; i++) {
		const struct timeline_row *r = &t->rows[i];
		double x;
		if (r->len_ns != grid || !r->bytes)
			continue;
		x = log(timeline_row_kbps(r));
		if (!isnan(prev))
			tmp[n++] = fabs(x - prev);
		prev = x;
	}
	s = n ? 1.4826 * cliff_median(tmp, n) / sqrt(2.0) : COMPARE_TL_NOISE_FLOOR;
	return s < COMPARE_TL_NOISE_FLOOR ? COMPARE_TL_NOISE_FLOOR : s;
}

static struct tl_level *find(struct tl_level *v, size_t n, const struct timeline_row *r)
{
	for (size_t i = 0; i < n; i++)
		if (v[i].col == r->col && v[i].file_kb == r->file_kb &&
		    v[i].record_kb == r->record_kb)
			return &v[i];
	return NULL;
}

/* Every cell's level in rs's timeline into *out (*n of them). */
static int levels(const struct result_set *rs, struct tl_level **out, size_t *n,
		  char *err, size_t errlen)
{
	const struct timeline *t = &rs->timeline;
	struct tcliff_list cl = { NULL, 0 };
	struct tl_level *v = calloc(t->n ? t->n : 1, sizeof(*v));
	double *tmp = malloc((t->n ? t->n : 1) * sizeof(*tmp));
	size_t first, end, from = 0;

	*n = 0;
	*out = v;
	if (!v || !tmp) {
		free(tmp);
		return err_set(err, errlen, "out of memory comparing timelines");
	}
	if (t->n && cliff_time_detect(t, rs->meta.ram_kb, rs->meta.flags, &cl,
				      err, errlen) != 0) {
		free(tmp);
		return -1;
	}
	for (; timeline_next_pass(t, from, &first, &end) == 0; from = end) {
		const struct timeline_row *r0 = &t->rows[first];
		uint64_t bytes = 0, ns = 0;
		size_t whole = 0, start;
		struct tl_level *l;

		if (r0->client != 0)
			continue;
		uint64_t grid = pass_grid(t, first, end);
		start = level_start(&cl, first, end);
		for (size_t i = start; i < end; i++)
			if (t->rows[i].len_ns == grid) {
				bytes += t->rows[i].bytes;
				ns += t->rows[i].len_ns;
				whole++;
			}
		if (whole < COMPARE_TL_MIN_ROWS)
			continue;
		l = find(v, *n, r0);
		if (!l) {
			l = &v[(*n)++];
			l->col = r0->col;
			l->file_kb = r0->file_kb;
			l->record_kb = r0->record_kb;
		}
		l->trials++;
		l->kbps_sum += (double)bytes / 1024.0 / ((double)ns / 1e9);
		l->from_sum += (double)t->rows[start].start_ns / 1e9;
		double s = scatter(t, start, end, grid, tmp);
		l->noise = s > l->noise ? s : l->noise;
	}
	cliff_time_release(&cl);
	free(tmp);
	return 0;
}

int compare_tl_levels(const struct result_set *a, const struct result_set *b,
		      struct tl_level_list *out, char *err, size_t errlen)
{
	struct tl_level *la = NULL, *lb = NULL;
	size_t na = 0, nb = 0;
	int rc = -1;

	memset(out, 0, sizeof(*out));
	if (levels(a, &la, &na, err, errlen) != 0 || levels(b, &lb, &nb, err, errlen) != 0)
		goto out;
	out->items = calloc(na ? na : 1, sizeof(*out->items));
	if (!out->items) {
		err_set(err, errlen, "out of memory comparing timelines");
		goto out;
	}
	for (size_t i = 0; i < na; i++) {
		struct timeline_row key;
		const struct tl_level *x = &la[i], *y;
		struct tl_level_diff *d;

		memset(&key, 0, sizeof(key));
		key.col = x->col;
		key.file_kb = x->file_kb;
		key.record_kb = x->record_kb;
		y = find(lb, nb, &key);
		if (!y)
			continue;
		d = &out->items[out->n++];
		d->col = x->col;
		d->file_kb = x->file_kb;
		d->record_kb = x->record_kb;
		d->trials_a = x->trials;
		d->trials_b = y->trials;
		d->a_kbps = x->kbps_sum / (double)x->trials;
		d->b_kbps = y->kbps_sum / (double)y->trials;
		d->a_from_s = x->from_sum / (double)x->trials;
		d->b_from_s = y->from_sum / (double)y->trials;
		d->ratio = d->b_kbps / d->a_kbps;
		d->noise = x->noise + y->noise;
		d->differ = fabs(log(d->ratio)) >= log(COMPARE_TL_MIN_RATIO) &&
			fabs(log(d->ratio)) > 2.0 * d->noise;
	}
	rc = 0;
out:
	free(la);
	free(lb);
	if (rc != 0)
		compare_tl_release(out);
	return rc;
}

void compare_tl_release(struct tl_level_list *l)
{
	free(l->items);
	l->items = NULL;
	l->n = 0;
}
