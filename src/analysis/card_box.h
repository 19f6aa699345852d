/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * card_box.h: the box while the share ran, for the card: what `iosweep
 * nas --agent` sampled of the NAS's own counters (box/box.csv,
 * cmd/nas_box.h), summed up per phase of the run: the CPU's busy share
 * (mean and peak), the busiest disk's busy share and MB/s, the ARC's
 * size and the share of its reads that hit.
 *
 * Means are weighted by each interval's length, so the short interval a
 * change of phase closes counts for what it lasted; the peak is that of
 * the intervals of at least half a second (a shorter one is mostly
 * noise), or of all when a phase had none that long.
 *
 * Pure module: parses text and fills structs; owns nothing on the heap.
 */
#ifndef IOSWEEP_CARD_BOX_H
#define IOSWEEP_CARD_BOX_H

#include <stddef.h>

#define CARD_BOX_PHASES 8

struct card_box_phase {
	char name[16];             /* "probe", "sweep", "files", "qd" */
	double seconds;            /* sampled */
	double cpu_pct, cpu_peak_pct;          /* NAN unknown */
	char disk[32];             /* the busiest disk, "" none */
	double disk_pct, disk_rd_mbps, disk_wr_mbps;
	double arc_bytes;          /* at the phase's end; NAN no ARC */
	double arc_hit_pct;        /* NAN no ARC or no reads of it */
};

struct card_box {
	size_t n;
	struct card_box_phase phases[CARD_BOX_PHASES];
	char source[256];          /* the box.csv */
};

/* box.csv's text (named path in messages) into b: 0, or -1 with "path:line: why". */
int card_box_parse_csv(struct card_box *b, const char *text, size_t len, const char *path,
		       char *err, size_t errlen);

/* The phase called name, or NULL. */
const struct card_box_phase *card_box_find(const struct card_box *b, const char *name);

/* "CPU 34% busy (peak 80%), sdb 97% busy, ARC 1.9 GB, 45% of reads hit" into out. */
void card_box_words(const struct card_box_phase *p, char *out, size_t len);

#endif
