/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * csvout_priv.h: csvout.c's field writers, shared with the other writers
 * of a result folder's files in report/ (opscsv.c), so one writer quotes
 * and formats every field.  For report/ only.
 */
#ifndef IOSWEEP_CSVOUT_PRIV_H
#define IOSWEEP_CSVOUT_PRIV_H

#include <stdint.h>

#include "lib/outfile.h"

struct result_set;

/* A text field (quoted when needed; NULL is empty), a comma first unless first. */
void csvout_put_text(struct outfile *f, const char *text, int first);
void csvout_put_u64(struct outfile *f, uint64_t v, int first);
/* A number with `decimals` places; non-finite values become an empty field. */
void csvout_put_num(struct outfile *f, double v, int decimals, int first);
/*
 * results.csv's client, host and writer fields.  client < 0: a figure of
 * the whole run ("all" when the set has clients, else empty, and two
 * empty fields); else the client's number, its host and writer.
 */
void csvout_put_client(struct outfile *f, const struct result_set *rs, long client,
		       long writer);

#endif
