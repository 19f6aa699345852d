/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * strbuf.h: the one growing string of the tree, for the chart scripts,
 * the cliff sentences and anything else built piece by piece.  Adding
 * never fails loudly: once memory runs out, failed is set and later adds
 * are ignored, so a caller checks once at the end instead of after every
 * piece.
 *
 * Ownership: a struct sbuf owns its text (p, NUL-terminated once anything
 * was added); sb_release frees it, or the caller takes p and frees it.
 */
#ifndef IOSWEEP_STRBUF_H
#define IOSWEEP_STRBUF_H

#include "compat.h"

#include <stddef.h>

struct sbuf {
	char *p;
	size_t len, cap;
	int failed;
};

/* Free the text and empty b. */
void sb_release(struct sbuf *b);
/* Append n bytes of s. */
void sb_add(struct sbuf *b, const char *s, size_t n);
/* Append the string s. */
void sb_puts(struct sbuf *b, const char *s);
/* Append a formatted string. */
void sb_printf(struct sbuf *b, const char *fmt, ...) IOSWEEP_PRINTF(2, 3);

#endif
