/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * html_util.c: the helpers every file of the report shares
 * (html_util.h); it knows nothing of the page's layout.
 */
#include "compat.h"

#include <string.h>

#include "html/html_util.h"
#include "lib/outfile.h"

void html_text(struct outfile *f, const char *s)
{
	const char *run = s;
	if (!s)
		return;
	for (; *s; s++) {
		const char *rep = NULL;
		switch (*s) {
		case '&': rep = "&amp;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '"': rep = "&quot;"; break;
		case '\'': rep = "&#39;"; break;
		default:
			if ((unsigned char)*s < 0x20)
				rep = " ";
		}
		if (rep) {
			outfile_write(f, run, (size_t)(s - run));
			outfile_write(f, rep, strlen(rep));
			run = s + 1;
		}
	}
	outfile_write(f, run, (size_t)(s - run));
}
