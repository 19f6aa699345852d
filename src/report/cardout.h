/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cardout.h: the NAS card (card.h) and its verdicts (verdict.h) as text:
 * the terminal's plain columns or a Markdown table with lists.  The
 * image (charts/gnuplot_card.h) draws the plain text, so the three say
 * the same.
 */
#ifndef IOSWEEP_CARDOUT_H
#define IOSWEEP_CARDOUT_H

#include <stdio.h>

struct card;
struct verdicts;
struct netbound_link;
struct sbuf;

enum cardout_format { CARDOUT_TEXT, CARDOUT_MD };

/*
 * The card into b (which the caller releases).  link may be NULL;
 * commands: also list the command line behind each row.
 */
void cardout_build(struct sbuf *b, const struct card *c, const struct verdicts *v,
		   const struct netbound_link *link, int format, int commands);

/* The rows missing from the card, as a sentence ("" when none). */
void cardout_missing(const struct card *c, char *out, size_t outlen);

#endif
