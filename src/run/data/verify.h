/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * verify.h: IOzone's verify mode (-V N) and diagnostic mode (-+d): what
 * the writers put in the file, and the check every read makes of it.
 *
 * -V N: every byte of every file is N (IOzone's pattern; -V 0 is
 * IOzone 3.508's own default byte, 0x3a: OPTIONS_DEFAULT_VERIFY_BYTE),
 * so a read checks each byte it got against one value.  -+d: every
 * 8-byte word of a file is different, a function of the run's key, the
 * client or child that writes the file, and the word's offset in the
 * file (the little-endian bytes of a splitmix64 mix), so a record read
 * from the wrong place or from another writer's file is caught as
 * surely as a flipped bit.  The offset is the only thing the data of a
 * file depends on: a rewrite puts the same bytes back, whatever test
 * writes them and in whatever order, so every test that reads knows
 * what each byte must be.  The key is fixed, not the time of day as in
 * IOzone, so a failure repeats and a file kept with -w reads the same
 * in the next run.
 *
 * As in IOzone, the writers fill and the readers check inside the timed
 * region, one record at a time, right after each transfer (the header
 * says "Performance measurements are invalid in this mode.").
 *
 * Pure: nothing here does I/O, prints or allocates.
 */
#ifndef IOSWEEP_VERIFY_H
#define IOSWEEP_VERIFY_H

#include <stddef.h>
#include <stdint.h>

#include "run/data/shape.h"

struct options;

enum verify_mode {
	VERIFY_OFF = 0,
	VERIFY_BYTE,    /* -V N: every byte is N */
	VERIFY_DIAG,    /* -+d: every word depends on its offset */
	VERIFY_SHAPE    /* -+w -+y -+C -+a: shaped data (shape.h), not checked */
};

struct verify {
	int mode;               /* enum verify_mode */
	unsigned char byte;     /* VERIFY_BYTE */
	uint64_t key;           /* VERIFY_DIAG: the run's, then the writer's */
	struct shape shape;     /* VERIFY_SHAPE */
};

/*
 * Does a writer fill each record just before writing it (-+d, and the
 * shaped data of -+w -+y -+C -+a, both inside the timing as in IOzone)?
 * -V's bytes are in the write buffer from the start.
 */
static inline int verify_stamps(const struct verify *v)
{
	return v->mode == VERIFY_DIAG || v->mode == VERIFY_SHAPE;
}

/* Records of reclen bytes from now on (shaped data is cut by record). */
static inline void verify_set_record(struct verify *v, uint64_t reclen)
{
	v->shape.reclen = reclen;
}

/* Where a check found the first wrong byte. */
struct verify_miss {
	uint64_t offset;        /* in the file, bytes */
	unsigned char want, got;
};

/* The run's verification from the options (-+d wins over -V; shaped
 * data is refused with either by the options). */
void verify_from_options(struct verify *v, const struct options *o);

/*
 * The data of the file written by writer (a client of iosweep-mpi, a
 * child of throughput mode; 0 alone): base with its key mixed with the
 * writer's number, so two files never hold the same words.
 */
void verify_for_writer(struct verify *dst, const struct verify *base,
		       uint64_t writer);

/* Fill buf with the len bytes the file holds from offset off. */
void verify_fill(const struct verify *v, void *buf, size_t len, uint64_t off);

/*
 * Check that buf holds the len bytes the file must hold from offset
 * off: 0, or -1 with the first wrong byte in *miss.  Always 0 when off
 * and for shaped data.
 */
int verify_check(const struct verify *v, const void *buf, size_t len,
		 uint64_t off, struct verify_miss *miss);

/*
 * The one-line message of a miss in path: "data mismatch in 'f' at
 * offset 8192: expected 0xa5, found 0xa4"; returns -1.
 */
int verify_error(const struct verify_miss *m, const char *path, char *err,
		 size_t errlen);

/* "verify 0xa5", "diagnostic" or shape_describe()'s: the header's data
 * pattern, meta.csv's. */
void verify_describe(const struct verify *v, char *out, size_t outlen);

#endif
