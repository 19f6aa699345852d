/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * files_spec.h: what `iosweep files` makes, as numbers: the tree (depth,
 * width, files spread over its leaf directories), the classes of files
 * and their size distributions, presets read from data/ *.files texts,
 * and the scaling that turns a preset into a small copy of itself.
 *
 * The tree: depth D levels of directories under each job's root, width
 * W children per directory, so W + W^2 + ... + W^D directories and
 * W^D leaves (one leaf, the job's root, when D is 0).  File i of a job
 * lives in leaf i % W^D, so the leaves hold counts that differ by at
 * most one.  File i belongs to the class whose cumulative count first
 * passes i, so the classes come one after the other in index order.
 *
 * Size distributions, each drawn from a seeded splitmix64 (pattern.h),
 * so a seed gives the same sizes on every run and platform:
 *   fixed:S  (or S)       every file S bytes
 *   list:A,B,C            one of the values, each as likely
 *   uniform:A-B           uniform in [A, B]
 *   lognormal:M,G         log-normal with median M and geometric
 *                         standard deviation G (>= 1): ln(size) is
 *                         normal with mean ln(M) and sd ln(G)
 * Sizes take 1024-based suffixes k, m, g, t ("4k", "3m").
 *
 * Pure: nothing here prints or touches a file.  Strings in a spec point
 * into the caller's text or into static tables; the spec owns nothing.
 */
#ifndef IOSWEEP_FILES_SPEC_H
#define IOSWEEP_FILES_SPEC_H

#include <stddef.h>
#include <stdint.h>

enum files_dist_kind {
	FILES_DIST_FIXED, FILES_DIST_LIST, FILES_DIST_UNIFORM, FILES_DIST_LOGNORMAL
};

#define FILES_DIST_LIST_MAX 16
/* The largest file (a file is written from one buffer of at most 1 MB,
 * again and again) and the largest tree. */
#define FILES_MAX_FILE_BYTES (UINT64_C(1) << 40)
#define FILES_MAX_COUNT 100000000ull
#define FILES_MAX_DEPTH 16u
#define FILES_MAX_WIDTH 100000u

struct files_dist {
	enum files_dist_kind kind;
	uint64_t a, b;                 /* fixed: a; uniform: [a, b]; lognormal: median a */
	double spread;                 /* lognormal: geometric sd */
	uint64_t list[FILES_DIST_LIST_MAX];
	unsigned nlist;
};

#define FILES_MAX_CLASSES 8
struct files_class {
	uint64_t count;                /* files of this class in the whole tree */
	struct files_dist size;
};

struct files_spec {
	unsigned depth, width;
	struct files_class cls[FILES_MAX_CLASSES];
	unsigned nclass;
	double size_factor;            /* every drawn size is multiplied by this (1) */
};

/* "4k" -> 4096; 1024-based k, m, g, t; a whole number.  0 or -1. */
int files_parse_bytes(const char *text, uint64_t *bytes, char *err, size_t errlen);
/* A distribution from its text (above).  0, or -1 with why in err. */
int files_dist_parse(const char *text, struct files_dist *d, char *err, size_t errlen);
/* The distribution as text ("lognormal:5m,1.5"), for meta.csv and --list. */
void files_dist_format(const struct files_dist *d, char *out, size_t outlen);
/* The expected size in bytes (the mean of the distribution). */
double files_dist_mean(const struct files_dist *d);
/* One size from d, using and advancing *state. */
uint64_t files_dist_draw(const struct files_dist *d, uint64_t *state);

/* Directories of the tree (W + ... + W^D) and leaves (W^D); UINT64_MAX
 * when they pass FILES_MAX_COUNT. */
uint64_t files_tree_dirs(unsigned depth, unsigned width);
uint64_t files_tree_leaves(unsigned depth, unsigned width);
/* Directories at level 1..depth: W^level. */
uint64_t files_level_dirs(unsigned width, unsigned level);

/* Files in the tree (the classes' counts added). */
uint64_t files_spec_count(const struct files_spec *s);
/* The class of file i (0-based over the tree). */
unsigned files_spec_class_of(const struct files_spec *s, uint64_t i);
/* The expected total bytes (counts times means, times size_factor). */
double files_spec_bytes(const struct files_spec *s);
/*
 * Check the tree is within the limits.  0, or -1 with "--depth ...".
 */
int files_spec_check(const struct files_spec *s, char *err, size_t errlen);

/*
 * Make s a smaller (or larger) copy of itself: every class's count times
 * scale (rounded, at least 1), then, when cap_bytes is not 0 and the
 * expected total passes it, every size times cap / total (so the sizes
 * keep their proportions).  0, or -1 when scale is not a positive
 * finite number.
 */
int files_spec_scale(struct files_spec *s, double scale, uint64_t cap_bytes,
		     char *err, size_t errlen);

/*
 * A preset's text into s: lines of "tree depth=D width=W" and
 * "files count=N size=DIST" (one per class, at most FILES_MAX_CLASSES),
 * '#' comments and blank lines.  The first comment line, less "# ",
 * is the preset's description (into desc, may be empty).  name names
 * the text in messages: "photo-library.files:4: count 'x': not a whole
 * number".  0, or -1 with the message.
 */
int files_preset_parse(const char *name, const char *text, struct files_spec *s,
		       char *desc, size_t desclen, char *err, size_t errlen);

#endif
