/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * card_box.c: box.csv summed up per phase (card_box.h).  The rows of one
 * interval (one per disk) share its time and phase and come together;
 * the CPU and ARC figures are the interval's, counted once, the disks'
 * are each disk's.  A phase's busiest disk is the one with the highest
 * mean busy share over the phase.
 */
#include "compat.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/card_box.h"
#include "lib/err.h"

#define BOX_COLS 10
#define BOX_LINE_MAX 512
#define BOX_DISKS 64
#define BOX_PEAK_MIN_S 0.5

static const char box_head[] = "time_s,phase,seconds,cpu_busy_pct,disk,disk_busy_pct,";

struct disk_sum {
	char name[32];
	double busy, rd, wr, secs;     /* figures x seconds, and the seconds */
};

struct phase_sum {
	double cpu, cpu_secs, peak_long, peak_any, hit, hit_secs;
	size_t ndisks;
	struct disk_sum disks[BOX_DISKS];
};

struct box_parse {
	struct card_box *b;
	struct phase_sum sums[CARD_BOX_PHASES];
	char last_time[32], last_phase[16];
	const char *path;
	unsigned lineno;
};

/* A field that is empty (NAN) or a finite number from 0 to max: 0, or -1. */
static int figure(const char *s, double max, double *v)
{
	char *end;

	*v = NAN;
	if (!*s)
		return 0;
	*v = strtod(s, &end);
	return *end || !isfinite(*v) || *v < 0 || *v > max ? -1 : 0;
}

static struct card_box_phase *phase_of(struct box_parse *p, const char *name, size_t *i)
{
	struct card_box *b = p->b;

	for (*i = 0; *i < b->n; ++*i)
		if (!strcmp(b->phases[*i].name, name))
			return &b->phases[*i];
	if (b->n == CARD_BOX_PHASES || !*name || strlen(name) >= sizeof(b->phases[0].name))
		return NULL;
	struct card_box_phase *ph = &b->phases[b->n++];
	snprintf(ph->name, sizeof(ph->name), "%s", name);
	ph->cpu_pct = ph->cpu_peak_pct = ph->arc_bytes = ph->arc_hit_pct = NAN;
	ph->disk_pct = ph->disk_rd_mbps = ph->disk_wr_mbps = NAN;
	return ph;
}

/* A disk's sums in phase sum s, made on first sight; NULL when full. */
static struct disk_sum *disk_of(struct phase_sum *s, const char *name)
{
	for (size_t i = 0; i < s->ndisks; i++)
		if (!strcmp(s->disks[i].name, name))
			return &s->disks[i];
	if (s->ndisks == BOX_DISKS || strlen(name) >= sizeof(s->disks[0].name))
		return NULL;
	struct disk_sum *d = &s->disks[s->ndisks++];
	snprintf(d->name, sizeof(d->name), "%s", name);
	return d;
}

/* The figures of one row, whose interval begins when first. */
static void take_row(struct box_parse *p, char **f, const double *v, int first)
{
	enum { SECS, CPU, BUSY, RD, WR, ARC, HIT };
	size_t i;
	struct card_box_phase *ph = phase_of(p, f[1], &i);

	if (!ph)
		return;
	struct phase_sum *s = &p->sums[i];
	if (first) {
		ph->seconds += v[SECS];
		if (!isnan(v[CPU])) {
			s->cpu += v[CPU] * v[SECS];
			s->cpu_secs += v[SECS];
			s->peak_any = fmax(s->peak_any, v[CPU]);
			if (v[SECS] >= BOX_PEAK_MIN_S)
				s->peak_long = fmax(s->peak_long, v[CPU]);
		}
		if (!isnan(v[ARC]))
			ph->arc_bytes = v[ARC];
		if (!isnan(v[HIT])) {
			s->hit += v[HIT] * v[SECS];
			s->hit_secs += v[SECS];
		}
	}
	struct disk_sum *d = f[4][0] && !isnan(v[BUSY]) ? disk_of(s, f[4]) : NULL;
	if (d) {
		d->busy += v[BUSY] * v[SECS];
		d->rd += (isnan(v[RD]) ? 0 : v[RD]) * v[SECS];
		d->wr += (isnan(v[WR]) ? 0 : v[WR]) * v[SECS];
		d->secs += v[SECS];
	}
}

/* One data line (split into f): 0, or -1 (why). */
static int box_row(struct box_parse *p, char **f, char *err, size_t errlen)
{
	static const double max[7] = { 1e9, 100, 100, 1e9, 1e9, 1e18, 100 };
	static const int col[7] = { 2, 3, 5, 6, 7, 8, 9 };
	double v[7], t;
	int first;

	if (figure(f[0], 1e9, &t) != 0 || isnan(t))
		return err_set(err, errlen, "%s:%u: time_s is not a time", p->path, p->lineno);
	for (int k = 0; k < 7; k++)
		if (figure(f[col[k]], max[k], &v[k]) != 0)
			return err_set(err, errlen, "%s:%u: field %d is not a number from 0 to "
				       "%.0f", p->path, p->lineno, col[k] + 1, max[k]);
	if (isnan(v[0]))
		return err_set(err, errlen, "%s:%u: no seconds", p->path, p->lineno);
	first = strcmp(f[0], p->last_time) != 0 || strcmp(f[1], p->last_phase) != 0;
	snprintf(p->last_time, sizeof(p->last_time), "%s", f[0]);
	snprintf(p->last_phase, sizeof(p->last_phase), "%s", f[1]);
	take_row(p, f, v, first);
	return 0;
}

/* The sums into the phases' figures. */
static void finish(struct box_parse *p)
{
	for (size_t i = 0; i < p->b->n; i++) {
		struct card_box_phase *ph = &p->b->phases[i];
		const struct phase_sum *s = &p->sums[i];
		double best = -1;
		if (s->cpu_secs > 0) {
			ph->cpu_pct = s->cpu / s->cpu_secs;
			ph->cpu_peak_pct = s->peak_long > 0 ? s->peak_long : s->peak_any;
		}
		if (s->hit_secs > 0)
			ph->arc_hit_pct = s->hit / s->hit_secs;
		for (size_t k = 0; k < s->ndisks; k++) {
			const struct disk_sum *d = &s->disks[k];
			if (!(d->secs > 0) || d->busy / d->secs <= best)
				continue;
			best = d->busy / d->secs;
			snprintf(ph->disk, sizeof(ph->disk), "%s", d->name);
			ph->disk_pct = best;
			ph->disk_rd_mbps = d->rd / d->secs;
			ph->disk_wr_mbps = d->wr / d->secs;
		}
	}
}

/* Split line at commas into f[0..BOX_COLS]: the count of fields. */
static int split(char *line, char **f)
{
	int n = 0;
	char *c = line;

	while (n <= BOX_COLS) {
		f[n++] = c;
		c = strchr(c, ',');
		if (!c)
			break;
		*c++ = '\0';
	}
	return n;
}

int card_box_parse_csv(struct card_box *b, const char *text, size_t len, const char *path,
		       char *err, size_t errlen)
{
	struct box_parse *p = calloc(1, sizeof(*p));
	const char *at = text, *end = text + len;
	int rc = 0;

	memset(b, 0, sizeof(*b));
	if (!p)
		return err_set(err, errlen, "out of memory");
	*p = (struct box_parse){ .b = b, .path = path };
	while (at < end && rc == 0) {
		const char *nl = memchr(at, '\n', (size_t)(end - at));
		size_t n = nl ? (size_t)(nl - at) : (size_t)(end - at);
		char line[BOX_LINE_MAX], *f[BOX_COLS + 1];
		p->lineno++;
		if (n >= sizeof(line)) {
			rc = err_set(err, errlen, "%s:%u: line too long", path, p->lineno);
			break;
		}
		memcpy(line, at, n);
		line[n] = '\0';
		line[strcspn(line, "\r")] = '\0';
		at = nl ? nl + 1 : end;
		if (p->lineno == 1 && strncmp(line, box_head, sizeof(box_head) - 1) != 0)
			rc = err_set(err, errlen, "%s:1: not a box.csv (its header starts '%s')",
				     path, box_head);
		else if (p->lineno == 1 || !line[0])
			continue;
		else if (split(line, f) != BOX_COLS)
			rc = err_set(err, errlen, "%s:%u: expected %d fields", path, p->lineno,
				     BOX_COLS);
		else
			rc = box_row(p, f, err, errlen);
	}
	if (rc == 0)
		finish(p);
	else
		memset(b, 0, sizeof(*b));
	if (rc == 0)
		snprintf(b->source, sizeof(b->source), "%s", path);
	free(p);
	return rc;
}

const struct card_box_phase *card_box_find(const struct card_box *b, const char *name)
{
	for (size_t i = 0; i < b->n; i++)
		if (!strcmp(b->phases[i].name, name))
			return &b->phases[i];
	return NULL;
}

/* "1.9 GB" for bytes (decimal, as the card's MB/s). */
static void bytes_words(double bytes, char *out, size_t len)
{
	if (bytes >= 1e9)
		snprintf(out, len, "%.1f GB", bytes / 1e9);
	else
		snprintf(out, len, "%.0f MB", bytes / 1e6);
}

/* Append to out[*at..len), when it fits. */
static void add_words(char *out, size_t len, size_t *at, const char *fmt, ...)
	IOSWEEP_PRINTF(4, 5);
static void add_words(char *out, size_t len, size_t *at, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*at >= len)
		return;
	va_start(ap, fmt);
	n = vsnprintf(out + *at, len - *at, fmt, ap);
	va_end(ap);
	if (n > 0)
		*at = (size_t)n >= len - *at ? len : *at + (size_t)n;
}

void card_box_words(const struct card_box_phase *p, char *out, size_t len)
{
	char arc[32];
	size_t at = 0;

	out[0] = '\0';
	if (!isnan(p->cpu_pct))
		add_words(out, len, &at, "CPU %.0f%% busy (peak %.0f%%)", p->cpu_pct,
			  p->cpu_peak_pct);
	if (p->disk[0])
		add_words(out, len, &at, "%s%s %.0f%% busy", at ? ", " : "", p->disk,
			  p->disk_pct);
	if (!isnan(p->arc_bytes)) {
		bytes_words(p->arc_bytes, arc, sizeof(arc));
		add_words(out, len, &at, "%sARC %s", at ? ", " : "", arc);
		if (!isnan(p->arc_hit_pct))
			add_words(out, len, &at, ", %.0f%% of reads hit", p->arc_hit_pct);
	}
	if (!at)
		add_words(out, len, &at, "no counters");
}
