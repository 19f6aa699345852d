/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_card.h: what `iosweep card` shares with `iosweep nas`: loading
 * sources into a card, the workloads, and printing and saving the card.
 * Messages go to stderr as "iosweep card: ..."; returns are enum
 * iosweep_exit codes (0 done) unless said otherwise.
 */
#ifndef IOSWEEP_CMD_CARD_H
#define IOSWEEP_CMD_CARD_H

struct card;
struct verdict_workloads;

enum card_fmt { CARD_FMT_TEXT, CARD_FMT_MD, CARD_FMT_PNG, CARD_FMT_SVG };

struct card_emit {
	int format;                 /* enum card_fmt: what goes to stdout (png/svg: text) */
	const char *link_spec;      /* --link, or NULL: the one the run recorded */
	const struct verdict_workloads *workloads;
	double ci_pct;              /* the asked CI, for the warnings */
	const char *save_dir;       /* write card.txt and card.md here; NULL: don't */
	const char *image_dir;      /* write card.gp here and render it; NULL: don't */
	int image_required;         /* no gnuplot is an error (exit 5), not a note */
};

/* "text", "md", "png", "svg" -> enum card_fmt, or -1. */
int card_format_parse(const char *s);
/* "5%" or "5" -> 5.0 (0 < pct < 100): 0 or -1. */
int card_parse_ci(const char *s, double *pct);
/* Read a .workloads file (NULL: the built-in one) into *w; 0 or -1 (said). */
int card_load_workloads(const char *path, struct verdict_workloads *w);
/* A result folder (or a guided run's folder of them), or a file. */
int card_add_source(struct card *c, const char *path);
/* Judge, print on stdout, save and draw as e says. */
int cmd_card_emit(const struct card *c, const struct card_emit *e);

#endif
