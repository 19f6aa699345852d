/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * files_spec.c: the tree arithmetic, size distributions, preset texts and
 * scaling of `iosweep files` (files_spec.h).  Sizes are drawn from
 * splitmix64 (pattern.h) so that a seed is the same sizes everywhere; the
 * normal deviate of the log-normal comes from the Box-Muller transform,
 * which needs nothing but two uniform numbers and libm.
 */
#include "compat.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "run/files/files_spec.h"
#include "run/data/pattern.h"

int files_parse_bytes(const char *text, uint64_t *bytes, char *err, size_t errlen)
{
	uint64_t v = 0, mult = 1;
	const char *p = text;

	if (*p < '0' || *p > '9')
		return err_set(err, errlen, "'%s': not a size (a whole number with "
			       "k, m, g or t: 4k, 3m)", text);
	for (; *p >= '0' && *p <= '9'; p++) {
		if (v > (UINT64_MAX - 9) / 10)
			return err_set(err, errlen, "'%s': too large", text);
		v = v * 10 + (uint64_t)(*p - '0');
	}
	switch (*p) {
	case '\0': break;
	case 'k': case 'K': mult = UINT64_C(1) << 10; p++; break;
	case 'm': case 'M': mult = UINT64_C(1) << 20; p++; break;
	case 'g': case 'G': mult = UINT64_C(1) << 30; p++; break;
	case 't': case 'T': mult = UINT64_C(1) << 40; p++; break;
	default: p = "x"; break;
	}
	if (*p)
		return err_set(err, errlen, "'%s': not a size (a whole number with "
			       "k, m, g or t: 4k, 3m)", text);
	if (v > FILES_MAX_FILE_BYTES / mult)
		return err_set(err, errlen, "'%s': larger than 1 TB", text);
	*bytes = v * mult;
	return 0;
}

/* Split text at the first sep into a (copied) and the rest. */
static int split(const char *text, char sep, char *a, size_t alen, const char **rest)
{
	const char *s = strchr(text, sep);
	size_t n = s ? (size_t)(s - text) : strlen(text);

	if (n >= alen)
		return -1;
	memcpy(a, text, n);
	a[n] = '\0';
	*rest = s ? s + 1 : NULL;
	return 0;
}

int files_dist_parse(const char *text, struct files_dist *d, char *err, size_t errlen)
{
	char word[64], why[160];
	const char *rest;

	memset(d, 0, sizeof(*d));
	if (split(text, ':', word, sizeof(word), &rest) != 0 || !rest) {
		/* a plain size is a fixed one */
		d->kind = FILES_DIST_FIXED;
		if (files_parse_bytes(text, &d->a, why, sizeof(why)) != 0)
			return err_set(err, errlen, "%s; or fixed:S, list:A,B,.., "
				       "uniform:A-B, lognormal:MEDIAN,SPREAD", why);
		return 0;
	}
	if (strcmp(word, "fixed") == 0) {
		d->kind = FILES_DIST_FIXED;
		if (files_parse_bytes(rest, &d->a, why, sizeof(why)) != 0)
			return err_set(err, errlen, "fixed: %s", why);
		return 0;
	}
	if (strcmp(word, "list") == 0) {
		d->kind = FILES_DIST_LIST;
		while (rest && *rest) {
			if (d->nlist == FILES_DIST_LIST_MAX)
				return err_set(err, errlen, "list: more than %u sizes",
					       FILES_DIST_LIST_MAX);
			if (split(rest, ',', word, sizeof(word), &rest) != 0)
				return err_set(err, errlen, "list: '%.20s...': too long for a "
					       "size", rest);
			if (files_parse_bytes(word, &d->list[d->nlist], why, sizeof(why)) != 0)
				return err_set(err, errlen, "list: %s", why);
			d->nlist++;
		}
		if (!d->nlist || rest)
			return err_set(err, errlen, "list: sizes joined by commas: list:4k,64k");
		return 0;
	}
	if (strcmp(word, "uniform") == 0) {
		const char *hi;
		d->kind = FILES_DIST_UNIFORM;
		if (split(rest, '-', word, sizeof(word), &hi) != 0 || !hi)
			return err_set(err, errlen, "uniform: MIN-MAX, such as uniform:20k-60k");
		if (files_parse_bytes(word, &d->a, why, sizeof(why)) != 0 ||
		    files_parse_bytes(hi, &d->b, why, sizeof(why)) != 0)
			return err_set(err, errlen, "uniform: %s", why);
		if (d->a > d->b)
			return err_set(err, errlen, "uniform: the minimum '%s' is above the "
				       "maximum '%s'", word, hi);
		return 0;
	}
	if (strcmp(word, "lognormal") == 0) {
		char *end;
		const char *g;
		d->kind = FILES_DIST_LOGNORMAL;
		if (split(rest, ',', word, sizeof(word), &g) != 0 || !g)
			return err_set(err, errlen, "lognormal: MEDIAN,SPREAD, such as "
				       "lognormal:64k,3 (SPREAD: the geometric standard "
				       "deviation, 1 or more)");
		if (files_parse_bytes(word, &d->a, why, sizeof(why)) != 0)
			return err_set(err, errlen, "lognormal: %s", why);
		if (d->a == 0)
			return err_set(err, errlen, "lognormal: the median must be above 0");
		errno = 0;
		d->spread = strtod(g, &end);
		if (errno || end == g || *end || !isfinite(d->spread) ||
		    d->spread < 1.0 || d->spread > 100.0)
			return err_set(err, errlen, "lognormal: spread '%s': a number from "
				       "1 to 100 (the geometric standard deviation)", g);
		return 0;
	}
	return err_set(err, errlen, "'%s': not a size distribution (fixed:S, list:A,B,.., "
		       "uniform:A-B, lognormal:MEDIAN,SPREAD)", word);
}

/* A size as the parser reads it: the largest suffix that divides it. */
static void fmt_bytes(uint64_t v, char *out, size_t outlen)
{
	static const char suf[] = "kmgt";
	int i = -1;

	while (i < 3 && v && v % 1024 == 0) {
		v /= 1024;
		i++;
	}
	if (i < 0)
		snprintf(out, outlen, "%llu", (unsigned long long)v);
	else
		snprintf(out, outlen, "%llu%c", (unsigned long long)v, suf[i]);
}

void files_dist_format(const struct files_dist *d, char *out, size_t outlen)
{
	char a[32], b[32];
	size_t at;

	fmt_bytes(d->a, a, sizeof(a));
	fmt_bytes(d->b, b, sizeof(b));
	switch (d->kind) {
	case FILES_DIST_FIXED: snprintf(out, outlen, "fixed:%s", a); break;
	case FILES_DIST_UNIFORM: snprintf(out, outlen, "uniform:%s-%s", a, b); break;
	case FILES_DIST_LOGNORMAL: snprintf(out, outlen, "lognormal:%s,%g", a, d->spread); break;
	case FILES_DIST_LIST:
		at = (size_t)snprintf(out, outlen, "list:");
		for (unsigned i = 0; i < d->nlist && at < outlen; i++) {
			fmt_bytes(d->list[i], a, sizeof(a));
			at += (size_t)snprintf(out + at, outlen - at, "%s%s", i ? "," : "", a);
		}
		break;
	}
}

double files_dist_mean(const struct files_dist *d)
{
	double s = 0;

	switch (d->kind) {
	case FILES_DIST_FIXED: return (double)d->a;
	case FILES_DIST_UNIFORM: return ((double)d->a + (double)d->b) / 2.0;
	case FILES_DIST_LOGNORMAL: {
		double sigma = log(d->spread);
		return (double)d->a * exp(sigma * sigma / 2.0);
	}
	case FILES_DIST_LIST:
		for (unsigned i = 0; i < d->nlist; i++)
			s += (double)d->list[i];
		return d->nlist ? s / d->nlist : 0.0;
	}
	return 0.0;
}

/* A uniform double in (0, 1]. */
static double unit_draw(uint64_t *state)
{
	return ((double)(pattern_splitmix64(state) >> 11) + 1.0) / 9007199254740992.0;
}

uint64_t files_dist_draw(const struct files_dist *d, uint64_t *state)
{
	switch (d->kind) {
	case FILES_DIST_FIXED:
		return d->a;
	case FILES_DIST_LIST:
		return d->list[pattern_splitmix64(state) % d->nlist];
	case FILES_DIST_UNIFORM:
		if (d->b - d->a == UINT64_MAX)
			return pattern_splitmix64(state);
		return d->a + pattern_splitmix64(state) % (d->b - d->a + 1);
	case FILES_DIST_LOGNORMAL: {
		/* Box-Muller: one standard normal deviate from two uniforms */
		double u1 = unit_draw(state), u2 = unit_draw(state);
		double z = sqrt(-2.0 * log(u1)) * cos(2.0 * 3.14159265358979323846 * u2);
		double v = (double)d->a * exp(z * log(d->spread));
		if (v >= (double)FILES_MAX_FILE_BYTES)
			return FILES_MAX_FILE_BYTES;
		return (uint64_t)llround(v);
	}
	}
	return 0;
}

uint64_t files_level_dirs(unsigned width, unsigned level)
{
	uint64_t n = 1;

	for (unsigned l = 0; l < level; l++) {
		if (n > FILES_MAX_COUNT / (width ? width : 1))
			return UINT64_MAX;
		n *= width;
	}
	return n;
}

uint64_t files_tree_leaves(unsigned depth, unsigned width)
{
	return files_level_dirs(width, depth);
}

uint64_t files_tree_dirs(unsigned depth, unsigned width)
{
	uint64_t n = 0;

	for (unsigned l = 1; l <= depth; l++) {
		uint64_t at = files_level_dirs(width, l);
		if (at == UINT64_MAX || n + at > FILES_MAX_COUNT)
			return UINT64_MAX;
		n += at;
	}
	return n;
}

uint64_t files_spec_count(const struct files_spec *s)
{
	uint64_t n = 0;

	for (unsigned c = 0; c < s->nclass; c++)
		n += s->cls[c].count;
	return n;
}

unsigned files_spec_class_of(const struct files_spec *s, uint64_t i)
{
	for (unsigned c = 0; c + 1 < s->nclass; c++) {
		if (i < s->cls[c].count)
			return c;
		i -= s->cls[c].count;
	}
	return s->nclass ? s->nclass - 1 : 0;
}

double files_spec_bytes(const struct files_spec *s)
{
	double b = 0;

	for (unsigned c = 0; c < s->nclass; c++)
		b += (double)s->cls[c].count * files_dist_mean(&s->cls[c].size);
	return b * s->size_factor;
}

int files_spec_check(const struct files_spec *s, char *err, size_t errlen)
{
	uint64_t n = files_spec_count(s);

	if (s->depth > FILES_MAX_DEPTH)
		return err_set(err, errlen, "--depth %u: at most %u", s->depth, FILES_MAX_DEPTH);
	if (s->width < 1 || s->width > FILES_MAX_WIDTH)
		return err_set(err, errlen, "--width %u: from 1 to %u", s->width,
			       FILES_MAX_WIDTH);
	if (files_tree_dirs(s->depth, s->width) == UINT64_MAX)
		return err_set(err, errlen, "--depth %u --width %u: more than %llu "
			       "directories", s->depth, s->width,
			       (unsigned long long)FILES_MAX_COUNT);
	if (!s->nclass || n == 0)
		return err_set(err, errlen, "no files to make (--files or --count)");
	if (n > FILES_MAX_COUNT)
		return err_set(err, errlen, "%llu files: at most %llu", (unsigned long long)n,
			       (unsigned long long)FILES_MAX_COUNT);
	return 0;
}

int files_spec_scale(struct files_spec *s, double scale, uint64_t cap_bytes,
		     char *err, size_t errlen)
{
	double total;

	if (!isfinite(scale) || scale <= 0.0 || scale > 1e6)
		return err_set(err, errlen, "--scale %g: a number above 0, up to 1000000", scale);
	for (unsigned c = 0; c < s->nclass; c++) {
		double n = floor((double)s->cls[c].count * scale + 0.5);
		s->cls[c].count = n < 1.0 ? 1 : n > (double)FILES_MAX_COUNT
			? FILES_MAX_COUNT + 1 : (uint64_t)n;
	}
	total = files_spec_bytes(s);
	if (cap_bytes && total > (double)cap_bytes)
		s->size_factor *= (double)cap_bytes / total;
	return 0;
}

/* "key=value" words of a preset line: the value of key, or NULL. */
static const char *kv(char *const *words, int n, const char *key)
{
	size_t k = strlen(key);

	for (int i = 1; i < n; i++)
		if (strncmp(words[i], key, k) == 0 && words[i][k] == '=')
			return words[i] + k + 1;
	return NULL;
}

/* Each word is key=value with one of the keys. */
static const char *unknown_key(char *const *words, int n, const char *const *keys)
{
	for (int i = 1; i < n; i++) {
		int ok = 0;
		for (const char *const *k = keys; *k; k++) {
			size_t kl = strlen(*k);
			ok |= strncmp(words[i], *k, kl) == 0 && words[i][kl] == '=';
		}
		if (!ok)
			return words[i];
	}
	return NULL;
}

static int preset_line(char *line, struct files_spec *s, int *have_tree,
		       char *err, size_t errlen)
{
	static const char *const tree_keys[] = { "depth", "width", NULL };
	static const char *const files_keys[] = { "count", "size", NULL };
	char *words[8], *save = NULL, why[200];
	int n = 0;
	const char *v, *bad;
	uint64_t num;

	for (char *w = strtok_r(line, " \t\r", &save); w; w = strtok_r(NULL, " \t\r", &save)) {
		if (n == 8)
			return err_set(err, errlen, "too many words");
		words[n++] = w;
	}
	if (!n)
		return 0;
	if (strcmp(words[0], "tree") == 0) {
		if (*have_tree)
			return err_set(err, errlen, "a second 'tree' line");
		if ((bad = unknown_key(words, n, tree_keys)))
			return err_set(err, errlen, "'%s': not depth=N or width=N", bad);
		if (!(v = kv(words, n, "depth")) || files_parse_bytes(v, &num, why, sizeof(why)) ||
		    strpbrk(v, "kmgtKMGT") || num > FILES_MAX_DEPTH)
			return err_set(err, errlen, "depth '%s': a whole number up to %u",
				       v ? v : "", FILES_MAX_DEPTH);
		s->depth = (unsigned)num;
		if (!(v = kv(words, n, "width")) || files_parse_bytes(v, &num, why, sizeof(why)) ||
		    strpbrk(v, "kmgtKMGT") || num < 1 || num > FILES_MAX_WIDTH)
			return err_set(err, errlen, "width '%s': a whole number from 1 to %u",
				       v ? v : "", FILES_MAX_WIDTH);
		s->width = (unsigned)num;
		*have_tree = 1;
		return 0;
	}
	if (strcmp(words[0], "files") == 0) {
		struct files_class *c;
		if (s->nclass == FILES_MAX_CLASSES)
			return err_set(err, errlen, "more than %u 'files' lines", FILES_MAX_CLASSES);
		if ((bad = unknown_key(words, n, files_keys)))
			return err_set(err, errlen, "'%s': not count=N or size=DIST", bad);
		c = &s->cls[s->nclass];
		if (!(v = kv(words, n, "count")) || files_parse_bytes(v, &num, why, sizeof(why)) ||
		    strpbrk(v, "kmgtKMGT") || num < 1 || num > FILES_MAX_COUNT)
			return err_set(err, errlen, "count '%s': a whole number from 1 to %llu",
				       v ? v : "", (unsigned long long)FILES_MAX_COUNT);
		c->count = num;
		if (!(v = kv(words, n, "size")))
			return err_set(err, errlen, "no size=DIST");
		if (files_dist_parse(v, &c->size, why, sizeof(why)) != 0)
			return err_set(err, errlen, "size: %s", why);
		s->nclass++;
		return 0;
	}
	return err_set(err, errlen, "'%s': not a line of a preset (tree depth=D width=W, "
		       "or files count=N size=DIST)", words[0]);
}

int files_preset_parse(const char *name, const char *text, struct files_spec *s,
		       char *desc, size_t desclen, char *err, size_t errlen)
{
	char line[512], why[400];
	int have_tree = 0;
	unsigned lineno = 0;

	memset(s, 0, sizeof(*s));
	s->width = 1;
	s->size_factor = 1.0;
	if (desc && desclen)
		desc[0] = '\0';
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		lineno++;
		if (len >= sizeof(line))
			return err_set(err, errlen, "%s:%u: a line over %zu characters", name,
				       lineno, sizeof(line) - 1);
		memcpy(line, p, len);
		line[len] = '\0';
		p += len + (nl ? 1 : 0);
		if (line[0] == '#') {
			if (lineno == 1 && desc && desclen)
				snprintf(desc, desclen, "%s", line + 1 + (line[1] == ' '));
			continue;
		}
		if (preset_line(line, s, &have_tree, why, sizeof(why)) != 0)
			return err_set(err, errlen, "%s:%u: %s", name, lineno, why);
	}
	if (!have_tree)
		return err_set(err, errlen, "%s: no 'tree depth=D width=W' line", name);
	if (!s->nclass)
		return err_set(err, errlen, "%s: no 'files count=N size=DIST' line", name);
	return 0;
}
