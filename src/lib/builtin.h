/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * builtin.h: the files built into the binary (the chart templates of
 * plots/, data/reference-lines.csv, the profiles of data/), which
 * scripts/embed turns into the generated table these functions read.
 * The texts are static: never freed, never changed.
 */
#ifndef IOSWEEP_BUILTIN_H
#define IOSWEEP_BUILTIN_H

#include <stddef.h>

/* The text of a built-in file ("compare.gp", "reference-lines.csv"), or NULL. */
const char *builtin_text(const char *name);
/* The name of the i-th built-in file, NULL past the end. */
const char *builtin_name(size_t i);

#endif
