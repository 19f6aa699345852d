/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * options_shape.c: IOzone's data-shaping options, -+w -+y -+C -+a -+Q
 * -+S -+W -+M (what the data becomes is run/data/shape.h), and the rules that
 * keep them apart from the other ways of choosing data (--data, -V,
 * -+d).  Each prints IOzone 3.508's header line; -+a's line ends, as
 * IOzone's does, with a space that starts the next header line.
 */
#include "compat.h"

#include <string.h>

#include "options/options.h"
#include "options/options_priv.h"

#define SHAPE_GRANULE_MIN 512u
#define SHAPE_GRANULE_MAX (1u << 20)

/* -+w, -+y, -+C, -+W: an unsigned field, and the data is shaped. */
int opt_shape_pct(struct opt_parse *ps, const struct opt_row *row,
		  const char *text, uint64_t value)
{
	ps->o->shape = 1;
	return opt_set_unsigned(ps, row, text, value);
}

/* -+a: IOzone's "Zero Percent" line leaves a space for the next line. */
int opt_shape_zero(struct opt_parse *ps, const struct opt_row *row,
		   const char *text, uint64_t value)
{
	(void)text;
	ps->o->shape = 1;
	ps->o->zero_pct = (int)value;
	if (opt_splash_value(ps, row->splash, value) != 0)
		return -1;
	ps->o->splash_space = 1;
	return 0;
}

/* -+S: IOzone reads 0 as 1 and prints the 1. */
int opt_shape_seed(struct opt_parse *ps, const struct opt_row *row,
		   const char *text, uint64_t value)
{
	(void)row; (void)text;
	ps->o->shape = 1;
	ps->o->dedup_seed = value ? (unsigned)value : 1u;
	return opt_splash_value(ps, "\tDedup manual seed # .", ps->o->dedup_seed);
}

/* -+M: IOzone's line, with the space its text leaves for the next. */
int opt_shape_special(struct opt_parse *ps, const struct opt_row *row,
		      const char *text, uint64_t value)
{
	(void)row; (void)text; (void)value;
	ps->o->dedup_special = 1;
	if (opt_splash_line(ps, "\tDedup+compress enabled") != 0)
		return -1;
	ps->o->splash_space = 1;
	return 0;
}

/*
 * -+Q BYTES: a byte count with an optional k or m (IOzone reads a plain
 * number of bytes; "4k" would be 4 bytes to it).
 */
int opt_shape_granule(struct opt_parse *ps, const struct opt_row *row,
		      const char *text, uint64_t value)
{
	uint64_t n = 0, scale = 1;
	const char *p = text;

	(void)row; (void)value;
	for (; *p >= '0' && *p <= '9' && n <= SHAPE_GRANULE_MAX; p++)
		n = n * 10 + (uint64_t)(*p - '0');
	if ((*p == 'k' || *p == 'K') && p[1] == '\0')
		scale = 1024;
	else if ((*p == 'm' || *p == 'M') && p[1] == '\0')
		scale = 1024 * 1024;
	else if (*p != '\0')
		n = 0;
	if (p == text || n > SHAPE_GRANULE_MAX)
		n = 0;
	n *= scale;
	if (n < SHAPE_GRANULE_MIN || n > SHAPE_GRANULE_MAX || n % SHAPE_GRANULE_MIN)
		return opt_error(ps, "%s '%s': the dedup granule must be %u to %u "
				 "bytes and a multiple of %u (4096, 4k)", ps->shown,
				 text, SHAPE_GRANULE_MIN, SHAPE_GRANULE_MAX,
				 SHAPE_GRANULE_MIN);
	ps->o->granule_bytes = n;
	return opt_splash_value(ps, "\tDedup granule size #", n);
}

/*
 * -+e: IOzone skips -+w's part only with -+w alone (neither -+y nor -+C:
 * it ignores -+e then), and only in test 0's writes: its other writing
 * tests and throughput mode's writers write whole records, as here (the
 * shaped records hold zeros where test 0 leaves a hole, so the file's
 * content is the same either way).  Direct I/O is refused (a hole's edge
 * breaks its alignment), and so are queue depth and mmap files, whose
 * writes are not the sweep's write test.
 */
static int opt_check_sparse(struct opt_parse *ps)
{
	const struct options *o = ps->o;

	if (!opt_seen(ps, "+w") || opt_seen(ps, "+y") || opt_seen(ps, "+C"))
		return opt_error(ps, "-+e: needs -+w without -+y or -+C (IOzone "
				 "ignores -+e otherwise)");
	if (options_qd(o) || options_mmap(o) || o->direct)
		return opt_error(ps, "-+e and %s: sparse records are written by "
				 "the sweep's own write test, with neither direct I/O, "
				 "queue depth nor a mapping",
				 options_qd(o) ? options_qd_name(o) :
				 options_mmap(o) ? "-B" : "-I");
	return 0;
}

/*
 * -+y and -+C only divide -+w's share (IOzone shapes nothing without
 * -+w); -V and -+d write data their checks expect, and --data is the
 * other way of choosing the data: each pair is refused.
 */
int opt_check_shape(struct opt_parse *ps)
{
	struct options *o = ps->o;
	const char *data = opt_given_long(ps, "data");
	const char *name = opt_seen(ps, "+w") ? "-+w" : opt_seen(ps, "+y") ?
			   "-+y" : opt_seen(ps, "+C") ? "-+C" : "-+a";
	int given = opt_seen(ps, "+w") || opt_seen(ps, "+y") ||
		    opt_seen(ps, "+C") || opt_seen(ps, "+a");

	if ((opt_seen(ps, "+y") || opt_seen(ps, "+C")) && !opt_seen(ps, "+w"))
		return opt_error(ps, "%s: needs -+w, the share of each record it "
				 "divides (IOzone shapes nothing without -+w)",
				 opt_seen(ps, "+y") ? "-+y" : "-+C");
	if (opt_seen(ps, "+C") && !opt_seen(ps, "+y"))
		return opt_error(ps, "-+C: needs -+y, the share of -+w it divides "
				 "(without -+y it changes nothing)");
	if (o->sparse && opt_check_sparse(ps) != 0)
		return -1;
	if (o->dedup_special && !given)
		return opt_error(ps, "-+M: needs -+w or -+a, the data it lays out "
				 "(IOzone shapes nothing without -+w)");
	if (!given) {
		o->shape = 0;   /* -+Q, -+S, -+W alone change nothing */
		return 0;
	}
	o->shape = 1;
	if (o->diag || o->verify)
		return opt_error(ps, "%s and %s: cannot do both, verify mode writes "
				 "the data its check expects (as IOzone refuses -+d "
				 "with -+w)", name, o->diag ? "-+d" : "-V");
	if (*data)
		return opt_error(ps, "--data '%s' and %s: choose one way to choose "
				 "the data written", data, name);
	return 0;
}
