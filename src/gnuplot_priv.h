/*
 * gnuplot_priv.h: what gnuplot.c and gnuplot_refs.c share
 * and nobody else needs: the growing string the scripts are built in, and
 * the built-in text files (templates, reference lines) embedded at build
 * time.  The string helpers are static inline so each file keeps its own
 * copy of a few lines instead of exporting unprefixed names.
 *
 * Ownership: a struct sbuf owns its text; sb_release frees it.  The text
 * of gnuplot_embedded_text is static and never freed.
 */
#ifndef IOSWEEP_GNUPLOT_PRIV_H
#define IOSWEEP_GNUPLOT_PRIV_H

#include <stdlib.h>
#include <string.h>

/* A growing string; failed is set once memory runs out (later adds are ignored). */
struct sbuf {
	char *p;
	size_t len, cap;
	int failed;
};

static inline void sb_release(struct sbuf *b)
{
	free(b->p);
	memset(b, 0, sizeof(*b));
}

static inline void sb_add(struct sbuf *b, const char *s, size_t n)
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

static inline void sb_puts(struct sbuf *b, const char *s)
{
	sb_add(b, s, strlen(s));
}

/* The text of a built-in file ("compare.gp", "reference-lines.csv"), or NULL. */
const char *gnuplot_embedded_text(const char *name);

#endif
