/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * netfind.h: the findings about the network of a result set, in words,
 * for the text report's "Network" section, summary.json and the HTML
 * report: how many figures a cache on this side of the link served, and
 * per test whether its plateau at the largest files is the link's speed
 * ("read: network-bound: 96% of gigabit Ethernet ...") or below it, so
 * the storage's or the client's.  The judgement is netbound.h's; the
 * link and the kind of file system come from the set's meta.
 *
 * A set on a local file system with no link recorded has no findings.
 * Ownership: netfind_sentences' array and strings are the caller's, freed
 * with netfind_free.
 */
#ifndef IOSWEEP_NETFIND_H
#define IOSWEEP_NETFIND_H

#include <stddef.h>
#include <stdio.h>

struct result_set;

/*
 * The sentences, in order: the cache one (when a figure was served by a
 * cache), then one per test column with figures (IOzone's column order).
 * *n receives how many; 0 with a non-NULL empty array when none.  NULL
 * when out of memory.
 */
char **netfind_sentences(const struct result_set *rs, size_t *n);
void netfind_free(char **s, size_t n);

/* The text report's "Network" section (nothing when there are no findings). */
void netfind_text(FILE *out, const struct result_set *rs);

#endif
