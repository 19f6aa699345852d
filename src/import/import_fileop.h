/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import_fileop.h: IOzone fileop's text output read back (the table with
 * its A, B and W rows, with or without the title line (-e), in fileop's
 * Linux and Windows column sets, and -t's blocks) into the samples that
 * `iosweep fileop --out` writes as fileop.csv (report_fileop.h).
 *
 * The result set of results.h is a grid of (test, file size, record
 * size) cells; fileop's figures are per force factor and operation, so
 * they stay in the fileop module's own samples and are written with its
 * own writer.  Only figures the text holds, or that follow exactly from
 * it, are kept (docs/sweeps.md, "Import and compare").
 *
 * Ownership: the caller owns f (zeroed, or import_fileop_release'd) and
 * releases it; meta's strings are f's.
 */
#ifndef IOSWEEP_IMPORT_FILEOP_H
#define IOSWEEP_IMPORT_FILEOP_H

#include <stddef.h>
#include <stdint.h>

#include "report/report_fileop.h"
#include "model/results.h"

struct import_opts;

struct import_fileop {
	struct report_fileop_sample *s;  /* per force factor and trial */
	size_t n;
	int links;            /* 1: fileop's Linux columns (link, unlink), 0: Windows */
	int has_size;         /* the title line gave the file size */
	uint64_t size_bytes;
	unsigned trials;      /* the files read: one trial each */
	struct result_set rs; /* meta.csv's facts (no samples) */
};

/* 1 when buf[len] (NUL-terminated) holds fileop's output, else 0. */
int import_fileop_detect(const char *buf, size_t len);

/*
 * Parse buf[len] (NUL-terminated; path names it in messages) as trial
 * `trial` into f, which must agree with what f holds already (platform,
 * file size).  Notes ("FILE:LINE: 3 figures are inf or nan ...") go to
 * opts's notes (opts may be NULL).  0, or -1 with "FILE:LINE: why" and
 * nothing added to f's samples.
 */
int import_fileop_parse(struct import_fileop *f, const char *path, const char *buf,
			size_t len, unsigned trial, const struct import_opts *opts,
			char *err, size_t errlen);

/*
 * Read paths[n] (each fileop's output, maybe inside other text; trials
 * 0, 1, ...) into f and fill its meta (label from the first file's name,
 * tool fileop, workload "fileop source=imported file=... platform=...").
 * 0 or -1 with err.
 */
int import_fileop_load(struct import_fileop *f, char *const *paths, size_t n,
		       const struct import_opts *opts, char *err, size_t errlen);

/* 1 when the file at path holds fileop's output (0 too when unreadable). */
int import_fileop_is_file(const char *path);

void import_fileop_init(struct import_fileop *f);
void import_fileop_release(struct import_fileop *f);

#endif
