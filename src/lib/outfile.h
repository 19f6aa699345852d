/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * outfile.h: write an output file under a temporary name, then rename it
 * into place, so a reader never sees half a file and an interrupted run
 * leaves the old file (or none).  Optionally gzip through zlib.
 *
 * Usage: outfile_open, outfile_write/outfile_printf..., then outfile_commit
 * (or outfile_abort on any error).  The struct owns its strings and
 * handles until commit/abort.
 */
#ifndef IOSWEEP_OUTFILE_H
#define IOSWEEP_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

struct outfile {
	FILE *fp;           /* plain output, or NULL when gzipping */
	void *gz;           /* gzFile when gzipping */
	char *tmp_path;
	char *final_path;
	int failed;         /* a write failed: commit will refuse */
	int saved_errno;
};

/*
 * Open "<path>.tmp.<pid>" for writing.  Unless overwrite, refuse when path
 * exists already ("'x' exists already; use --overwrite ...").  gzip: write
 * gzip data (the caller chooses the .gz name).  0 or -1.
 */
int outfile_open(struct outfile *f, const char *path, int gzip, int overwrite,
		 char *err, size_t errlen);
int outfile_write(struct outfile *f, const void *buf, size_t len);
int outfile_printf(struct outfile *f, const char *fmt, ...)
	IOSWEEP_PRINTF(2, 3);
/* Flush, fsync, close and rename into place.  0 or -1 (temp file removed). */
int outfile_commit(struct outfile *f, char *err, size_t errlen);
/* Close and remove the temporary file. */
void outfile_abort(struct outfile *f);

/* mkdir -p, mode from the umask.  0 or -1 with "cannot create 'dir': why". */
int outfile_mkdirs(const char *dir, char *err, size_t errlen);

/*
 * Before anything is written: the paths of n files names[] in dir, into
 * paths[i] (len bytes each), every one refused when it exists unless
 * overwrite, so a refusal leaves no half folder; then dir is made.  0, or
 * -1 with a message naming the path.
 */
int outfile_claim_files(const char *dir, const char *const *names, size_t n,
			int overwrite, char *const *paths, size_t len, char *err,
			size_t errlen);

/*
 * Make a new folder for a run's outputs whose name no other run holds:
 * base itself, else base-2, base-3, ... (mkdir is atomic, so runs started
 * together never share one).  The parents are made as with outfile_mkdirs.
 * out receives the folder made.  0 or -1 with a message.
 */
int outfile_claim_dir(const char *base, char *out, size_t outlen, char *err,
		      size_t errlen);

#endif
