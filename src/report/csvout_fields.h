/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * csvout_fields.h: the CSV field writers every file of a result folder
 * goes through (csvout.c's results.csv, summary.csv and sheets; opscsv.c,
 * tlcsv.c, steadyout.c, tpcsv.c, profile.c) and the commands that print
 * CSV lines (compare, db rank), so one writer quotes and formats every
 * field: text quoted with libcsv when it holds a comma, a quote, a line
 * break or edge blanks, numbers never quoted.
 */
#ifndef IOSWEEP_CSVOUT_FIELDS_H
#define IOSWEEP_CSVOUT_FIELDS_H

#include <stddef.h>
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

/*
 * Append one CSV field to buf: quoted with libcsv when it needs quoting
 * (comma, quote, CR, LF, leading/trailing blank), verbatim otherwise; a
 * comma first unless first.  NULL is an empty field.  For tests and for
 * other emitters.  Returns the length written, or 0 and sets nothing when
 * buf is too small (bufsize must exceed 2 * strlen + 4).
 */
size_t csvout_field(char *buf, size_t bufsize, const char *text, int first);

/*
 * The side files of a folder (timeline.csv, steady.csv): open dir/name
 * (outfile_open, refusing an existing file unless overwrite) and quote
 * label as a first field into *qlabel, which the caller frees (also after
 * an error).  0, or -1 with err naming the file.
 */
int csvout_open_side(struct outfile *f, const char *dir, const char *name,
		     const char *label, int overwrite, char **qlabel,
		     char *err, size_t errlen);

#endif
