/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * streams_steps.h: paced streams run at one count or stepped up, said in
 * a table per step and written as streams.csv rows (streams_steps.c).
 * The caller owns out and csv; nothing here opens or closes a file.
 */
#ifndef IOSWEEP_STREAMS_STEPS_H
#define IOSWEEP_STREAMS_STEPS_H

#include <stddef.h>
#include <stdio.h>

#include "lib/outfile.h"
#include "run/streams/streams.h"

/* streams.csv's header line, newline included: a row per stream per step. */
extern const char streams_csv_header[];

/*
 * c's streams at c->n, or (max > 0) at 1, 2, ... max streams until a
 * count misses a deadline; the readers' files prepared for the most
 * (streams_prepare).  Each step's verdict (and its table where it missed,
 * or was the last) into out, its rows into csv when not NULL.  *best: the
 * most streams that kept every deadline (0: not even one), -1 when not
 * stepped.  c->interrupt stops it before the next step.  0, or -1 with
 * the reason in err; c->n ends as the last count run.
 */
int streams_steps(struct streams_cfg *c, unsigned max, FILE *out, struct outfile *csv,
		  int *best, char *err, size_t errlen);

#endif
