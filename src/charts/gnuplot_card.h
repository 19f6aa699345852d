/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_card.h: the NAS card as an image to paste into a forum post: a
 * self-contained gnuplot script that draws the text card (report/
 * cardout.h) line by line in a fixed-width font, the four rows shaded.
 */
#ifndef IOSWEEP_GNUPLOT_CARD_H
#define IOSWEEP_GNUPLOT_CARD_H

#include <stddef.h>

/*
 * Write DIR/card.gp drawing text (the plain card, lines ending in '\n')
 * for the terminal term (png, svg, ...; NULL: png).  0, or -1 with the
 * message in err.
 */
int gnuplot_card(const char *dir, const char *text, const char *term, int overwrite,
		 char *err, size_t errlen);

#endif
