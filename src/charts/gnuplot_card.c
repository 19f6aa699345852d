/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_card.c: the card image (gnuplot_card.h).  A card is text, so
 * the image is the text: one label per line at a fixed step down the
 * page in a monospaced font, which keeps the columns of the terminal
 * card, and a pale band behind the table so the four rows stand out.
 * The page's height follows the number of lines; nothing is plotted.
 */
#include "compat.h"

#include <stdio.h>
#include <string.h>

#include "charts/gnuplot_card.h"
#include "charts/gnuplot_script.h"
#include "charts/gnuplot_script_priv.h"
#include "iosweep.h"
#include "lib/err.h"

#define CARD_LINE_PX 19
#define CARD_MARGIN_PX 24
#define CARD_WIDTH_PX 1280
#define CARD_WRAP 150                      /* characters a line of the image holds */

int gnuplot_card(const char *dir, const char *text, const char *term, int overwrite,
		 char *err, size_t errlen)
{
	struct sbuf b = { 0 }, term_text = { 0 };
	struct gnuplot_files written = { 0 };
	size_t nlines = 0;
	int height, rc = -1;

	for (const char *p = text; *p; ) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		nlines += 1 + (n > CARD_WRAP ? (n - 1) / (CARD_WRAP - 6) : 0);
		p += n + (e ? 1 : 0);
	}
	height = (int)nlines * CARD_LINE_PX + 2 * CARD_MARGIN_PX;
	if (gnuplot_terminal_text(&term_text, "card", term ? term : "png",
				  CARD_WIDTH_PX, height, err, errlen) != 0)
		goto done;
	sb_printf(&b, "# card.gp: the NAS card drawn by iosweep %s; render with\n"
		  "#   gnuplot card.gp   (or gnuplot -e \"term='svg'\" card.gp)\n",
		  IOSWEEP_VERSION);
	sb_puts(&b, term_text.p);
	sb_puts(&b, "\nunset border; unset tics; unset key\n"
		"set lmargin at screen 0; set rmargin at screen 1\n"
		"set tmargin at screen 1; set bmargin at screen 0\n"
		"set xrange [0:1]; set yrange [0:1]\n"
		"set object 1 rectangle from screen 0,0 to screen 1,1 behind "
		"fillcolor rgb '#ffffff' fillstyle solid noborder\n");
	/* the table: the header line and the four rows after the title */
	double top = 1.0 - (double)(CARD_MARGIN_PX + CARD_LINE_PX) / height;
	double bottom = 1.0 - (double)(CARD_MARGIN_PX + 6 * CARD_LINE_PX + 4) / height;
	sb_printf(&b, "set object 2 rectangle from screen 0.01,%.5f to screen 0.99,%.5f "
		  "behind fillcolor rgb '#e8f0fb' fillstyle solid noborder\n", bottom, top);
	size_t i = 0;
	int cont = 0;
	for (const char *p = text; *p; i++) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p), take = n;
		size_t room = cont ? CARD_WRAP - 6 : CARD_WRAP;
		char line[1024];
		struct sbuf q = { 0 };
		/* a long line goes on, indented, at its last blank that fits */
		if (n > room) {
			take = room;
			while (take > room / 2 && p[take] != ' ')
				take--;
		}
		snprintf(line, sizeof(line), "%s%.*s", cont ? "      " : "", (int)take, p);
		sb_quoted(&q, line);
		double y = 1.0 - (double)(CARD_MARGIN_PX + (double)i * CARD_LINE_PX +
					  CARD_LINE_PX * 0.7) / height;
		sb_printf(&b, "set label %zu %s at screen 0.015,%.5f left font 'Mono,%s'%s\n",
			  i + 1, q.p ? q.p : "''", y, i == 0 ? "12" : "10",
			  i == 0 ? " textcolor rgb '#1a4d8f'" : "");
		if (q.failed)
			b.failed = 1;
		sb_release(&q);
		cont = take < n;
		p += cont ? take + (p[take] == ' ') : n + (e ? 1 : 0);
	}
	sb_puts(&b, "plot NaN notitle\n");
	rc = gnuplot_write_script(dir, "card", &b, -1, "NAS card",
				  "the NAS card: MB/s and IOPS of the four rows, plateaus, "
				  "verdicts", overwrite, &written, err, errlen);
done:
	gnuplot_files_release(&written);
	sb_release(&b);
	sb_release(&term_text);
	return rc;
}
