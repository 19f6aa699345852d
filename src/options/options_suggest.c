/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * options_suggest.c: "did you mean --NAME?" for an unknown long option:
 * the option table's long name nearest to what was typed (options_priv.h).
 */
#include "compat.h"

#include <stddef.h>
#include <string.h>

#include "options/options.h"
#include "options/options_priv.h"

/* Levenshtein distance, capped: enough for option names. */
static size_t opt_distance(const char *a, size_t la, const char *b)
{
	size_t lb = strlen(b), i, j;
	size_t row[64];

	if (la >= 63 || lb >= 63)
		return (size_t)-1;
	for (j = 0; j <= lb; j++)
		row[j] = j;
	for (i = 1; i <= la; i++) {
		size_t diag = row[0], up;

		row[0] = i;
		for (j = 1; j <= lb; j++) {
			size_t best;

			up = row[j];
			best = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

/* The long name closest to name[0..len), or NULL when none is close. */
const char *opt_suggest(const char *name, size_t len)
{
	const char *best = NULL;
	size_t best_d = (size_t)-1, i;

	for (i = 0; i < opt_table_rows; i++) {
		const char *cand = opt_table[i].name;
		size_t d;

		if (!cand)
			continue;
		d = opt_distance(name, len, cand);
		/* a prefix ("--dry") is as good as one typo */
		if (len >= 3 && !strncmp(cand, name, len))
			d = 1;
		if (d < best_d) {
			best_d = d;
			best = cand;
		}
	}
	if (best && (best_d <= 2 || best_d * 3 <= len) && best_d < len)
		return best;
	return NULL;
}

