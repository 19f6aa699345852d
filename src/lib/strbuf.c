/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * strbuf.c: the growing string (see strbuf.h).  The buffer doubles from
 * 256 bytes; sb_printf formats into a small stack buffer first and only
 * allocates for the rare longer piece.
 */
#include "compat.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/strbuf.h"

void sb_release(struct sbuf *b)
{
	free(b->p);
	memset(b, 0, sizeof(*b));
}

void sb_add(struct sbuf *b, const char *s, size_t n)
{
	if (b->failed)
		return;
	if (b->len + n + 1 > b->cap) {
		size_t want = b->cap ? b->cap : 256;
		while (want < b->len + n + 1)
			want *= 2;
		char *p = realloc(b->p, want);
		if (!p) {
			b->failed = 1;
			return;
		}
		b->p = p;
		b->cap = want;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

void sb_puts(struct sbuf *b, const char *s)
{
	sb_add(b, s, strlen(s));
}

void sb_printf(struct sbuf *b, const char *fmt, ...)
{
	char small[512];
	va_list ap;

	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->failed = 1;
		return;
	}
	if ((size_t)n < sizeof(small)) {
		sb_add(b, small, (size_t)n);
		return;
	}
	char *big = malloc((size_t)n + 1);
	if (!big) {
		b->failed = 1;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	sb_add(b, big, (size_t)n);
	free(big);
}
