/*
 * gnuplot_refs.c: the reference lines of the drive comparison (see
 * gnuplot.h): nominal interface rates such as 100 Mbit Ethernet, read from
 * CSV (the built-in data/reference-lines.csv or a user's file) with libcsv,
 * and picked by forgiving names (case, spaces and punctuation ignored, a
 * unique prefix is enough).  Drawing them is gnuplot.c's job; this file
 * only turns text into a struct gnuplot_refs.
 */
#include "compat.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <csv.h>

#include "gnuplot.h"
#include "gnuplot_priv.h"
#include "platform.h"

void gnuplot_refs_release(struct gnuplot_refs *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->items[i].name);
		free(r->items[i].note);
	}
	free(r->items);
	r->items = NULL;
	r->n = 0;
}

static int refs_add(struct gnuplot_refs *r, const char *name, double kbps,
		    const char *note)
{
	struct gnuplot_ref *p = realloc(r->items, (r->n + 1) * sizeof(*p));
	if (!p)
		return -1;
	r->items = p;
	p = &r->items[r->n];
	p->name = strdup(name);
	p->note = strdup(note ? note : "");
	p->kbps = kbps;
	if (!p->name || !p->note) {
		free(p->name);
		free(p->note);
		return -1;
	}
	r->n++;
	return 0;
}

#define REF_FIELDS 3
#define REF_FIELD_MAX 512

struct ref_row {
	char field[REF_FIELDS][REF_FIELD_MAX];
	size_t nfields;
	int too_many, too_long;
};

static void ref_cb_field(void *s, size_t len, void *data)
{
	struct ref_row *row = data;
	if (row->nfields >= REF_FIELDS) {
		row->too_many = 1;
		return;
	}
	if (len >= REF_FIELD_MAX) {
		row->too_long = 1;
		len = REF_FIELD_MAX - 1;
	}
	memcpy(row->field[row->nfields], s ? s : "", s ? len : 0);
	row->field[row->nfields][s ? len : 0] = '\0';
	row->nfields++;
}

static void ref_cb_row(int c, void *data)
{
	(void)c;
	(void)data;
}

/* Parse one CSV line (without its newline) into row.  0 or -1. */
static int ref_parse_line(const char *line, size_t len, struct ref_row *row)
{
	struct csv_parser p;
	int rc = 0;

	memset(row, 0, sizeof(*row));
	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0)
		return -1;
	if (csv_parse(&p, line, len, ref_cb_field, ref_cb_row, row) != len)
		rc = -1;
	if (csv_fini(&p, ref_cb_field, ref_cb_row, row) != 0)
		rc = -1;
	csv_free(&p);
	return rc;
}

static const char *skip_space(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

int gnuplot_refs_parse(struct gnuplot_refs *out, const char *text, size_t len,
		       const char *origin, char *err, size_t errlen)
{
	struct gnuplot_refs r = { 0 };
	size_t lineno = 0;
	const char *end = text + len;

	for (const char *line = text; line < end;) {
		const char *nl = memchr(line, '\n', (size_t)(end - line));
		size_t n = nl ? (size_t)(nl - line) : (size_t)(end - line);
		const char *next = nl ? nl + 1 : end;
		struct ref_row row;

		lineno++;
		if (n && line[n - 1] == '\r')
			n--;
		const char *first = skip_space(line);
		if (first >= line + n || *first == '#') {
			line = next;
			continue;
		}
		if (ref_parse_line(line, n, &row) != 0 || row.too_long) {
			snprintf(err, errlen, "%s:%zu: not a CSV row (name,kbps,note)",
				 origin, lineno);
			goto fail;
		}
		if (lineno == 1 || (r.n == 0 && strcasecmp(skip_space(row.field[0]), "name") == 0)) {
			if (strcasecmp(skip_space(row.field[0]), "name") == 0) {
				line = next;
				continue;
			}
		}
		if (row.too_many || row.nfields < 2 || !*skip_space(row.field[0])) {
			snprintf(err, errlen, "%s:%zu: expected 2 or 3 fields "
				 "(name,kbps,note)", origin, lineno);
			goto fail;
		}
		char *e;
		const char *num = skip_space(row.field[1]);
		errno = 0;
		double kbps = strtod(num, &e);
		if (e == num || *skip_space(e) || errno || !isfinite(kbps) || kbps <= 0) {
			snprintf(err, errlen, "%s:%zu: '%s' is not a rate in kB/s "
				 "(a positive number)", origin, lineno, row.field[1]);
			goto fail;
		}
		if (refs_add(&r, skip_space(row.field[0]), kbps,
			     row.nfields > 2 ? row.field[2] : "")) {
			snprintf(err, errlen, "%s: out of memory", origin);
			goto fail;
		}
		line = next;
	}
	if (r.n == 0) {
		snprintf(err, errlen, "%s: no reference lines in it", origin);
		goto fail;
	}
	*out = r;
	return 0;
fail:
	gnuplot_refs_release(&r);
	return -1;
}

int gnuplot_refs_load(struct gnuplot_refs *out, const char *path,
		      char *err, size_t errlen)
{
	if (!path) {
		const char *t = gnuplot_embedded_text("reference-lines.csv");
		if (!t) {
			snprintf(err, errlen, "the built-in reference lines are missing");
			return -1;
		}
		return gnuplot_refs_parse(out, t, strlen(t), "reference-lines.csv",
					  err, errlen);
	}
	FILE *fp = plat_fopen(path, "rb");
	if (!fp) {
		snprintf(err, errlen, "cannot open '%s': %s", path, strerror(errno));
		return -1;
	}
	struct sbuf b = { 0 };
	char chunk[4096];
	size_t n;
	while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0)
		sb_add(&b, chunk, n);
	int rd_err = ferror(fp);
	fclose(fp);
	if (rd_err || b.failed) {
		snprintf(err, errlen, "cannot read '%s': %s", path,
			 b.failed ? "out of memory" : "read error");
		sb_release(&b);
		return -1;
	}
	int rc = gnuplot_refs_parse(out, b.p ? b.p : "", b.len, path, err, errlen);
	sb_release(&b);
	return rc;
}

/* Lower-case letters and digits only: "100 Mbit Ethernet" -> "100mbitethernet". */
static void ref_key(const char *s, char *out, size_t outlen)
{
	size_t o = 0;
	for (; *s && o + 1 < outlen; s++)
		if (isalnum((unsigned char)*s))
			out[o++] = (char)tolower((unsigned char)*s);
	out[o] = '\0';
}

/* Index of the line named (exactly, else by a unique prefix) or -1/-2 (ambiguous). */
static long ref_find(const struct gnuplot_refs *all, const char *name)
{
	char want[128], have[128];
	long found = -1;
	size_t nprefix = 0;

	ref_key(name, want, sizeof(want));
	if (!*want)
		return -1;
	for (size_t i = 0; i < all->n; i++) {
		ref_key(all->items[i].name, have, sizeof(have));
		if (strcmp(have, want) == 0)
			return (long)i;
		if (strncmp(have, want, strlen(want)) == 0) {
			found = (long)i;
			nprefix++;
		}
	}
	return nprefix > 1 ? -2 : found;
}

static const char *const default_refs[] = {
	"100 Mbit Ethernet", "FireWire 400", "gigabit Ethernet"
};

int gnuplot_refs_select(const struct gnuplot_refs *all, const char *names,
			struct gnuplot_refs *out, char *err, size_t errlen)
{
	struct gnuplot_refs r = { 0 };

	if (!names) {
		for (size_t i = 0; i < sizeof(default_refs) / sizeof(default_refs[0]); i++) {
			long k = ref_find(all, default_refs[i]);
			if (k >= 0 && refs_add(&r, all->items[k].name, all->items[k].kbps,
					       all->items[k].note))
				goto nomem;
		}
		*out = r;
		return 0;
	}
	if (strcmp(names, "none") == 0) {
		*out = r;
		return 0;
	}
	int every = strcmp(names, "all") == 0;
	const char *p = names;
	for (size_t i = 0; every ? i < all->n : *p; i++) {
		long k = (long)i;
		if (!every) {
			char name[128];
			size_t n = strcspn(p, ",");
			snprintf(name, sizeof(name), "%.*s", (int)(n < 127 ? n : 127), p);
			p += n + (p[n] == ',');
			k = ref_find(all, name);
			if (k < 0) {
				struct sbuf known = { 0 };
				for (size_t j = 0; j < all->n; j++) {
					sb_puts(&known, j ? ", " : "");
					sb_puts(&known, all->items[j].name);
				}
				snprintf(err, errlen, "--ref '%s': %s reference line (known: %s)",
					 name, k == -2 ? "ambiguous" : "unknown",
					 known.p ? known.p : "none");
				sb_release(&known);
				gnuplot_refs_release(&r);
				return -1;
			}
		}
		if (refs_add(&r, all->items[k].name, all->items[k].kbps, all->items[k].note))
			goto nomem;
	}
	*out = r;
	return 0;
nomem:
	gnuplot_refs_release(&r);
	snprintf(err, errlen, "reference lines: out of memory");
	return -1;
}
