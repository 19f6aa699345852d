/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * csvout_fields.c: one CSV field at a time, for every writer of a result
 * folder's files (see csvout_fields.h).  Text is quoted by libcsv when it
 * has to be, numbers are printed bare; the side files (timeline.csv,
 * steady.csv) are opened here with their label quoted once.  The toolkit
 * below csvout.c and the side files' writers, so neither calls the other.
 */
#include "compat.h"

#include <csv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/outfile.h"
#include "model/results.h"
#include "report/csvout_fields.h"

static int needs_quotes(const char *s)
{
	size_t n = strlen(s);
	if (n && (s[0] == ' ' || s[0] == '\t' || s[n - 1] == ' ' || s[n - 1] == '\t'))
		return 1;
	return strpbrk(s, ",\"\r\n") != NULL;
}

size_t csvout_field(char *buf, size_t bufsize, const char *text, int first)
{
	size_t off = first ? 0 : 1;
	const char *s = text ? text : "";
	size_t n = strlen(s);

	if (bufsize < off + 2 * n + 3)
		return 0;
	if (!first)
		buf[0] = ',';
	if (needs_quotes(s))
		off += csv_write(buf + off, bufsize - off - 1, s, n);
	else {
		memcpy(buf + off, s, n);
		off += n;
	}
	buf[off] = '\0';
	return off;
}

int csvout_open_side(struct outfile *f, const char *dir, const char *name,
		     const char *label, int overwrite, char **qlabel,
		     char *err, size_t errlen)
{
	size_t plen = strlen(dir) + strlen(name) + 2;
	size_t llen = 2 * strlen(label) + 4;
	char *path = malloc(plen);
	int rc;

	*qlabel = malloc(llen);
	if (!path || !*qlabel) {
		free(path);
		return err_set(err, errlen, "cannot write '%s/%s': out of memory",
			       dir, name);
	}
	snprintf(path, plen, "%s/%s", dir, name);
	csvout_field(*qlabel, llen, label, 1);
	rc = outfile_open(f, path, 0, overwrite, err, errlen);
	free(path);
	return rc;
}

void csvout_put_text(struct outfile *f, const char *text, int first)
{
	char small[512];
	size_t need = 2 * strlen(text ? text : "") + 4;
	char *buf = need <= sizeof(small) ? small : malloc(need);

	if (!buf) {
		f->failed = 1;
		return;
	}
	size_t n = csvout_field(buf, need, text, first);
	outfile_write(f, buf, n);
	if (buf != small)
		free(buf);
}

void csvout_put_u64(struct outfile *f, uint64_t v, int first)
{
	outfile_printf(f, "%s%llu", first ? "" : ",", (unsigned long long)v);
}

/* A number with `decimals` places; non-finite values become an empty field. */
void csvout_put_num(struct outfile *f, double v, int decimals, int first)
{
	if (isfinite(v))
		outfile_printf(f, "%s%.*f", first ? "" : ",", decimals, v);
	else
		csvout_put_text(f, NULL, first);
}

void csvout_put_client(struct outfile *f, const struct result_set *rs, long client,
		       long writer)
{
	if (client < 0) {
		csvout_put_text(f, rs->nclients ? "all" : NULL, 0);
		outfile_write(f, ",,", 2);
		return;
	}
	csvout_put_u64(f, (uint64_t)client, 0);
	csvout_put_text(f, (size_t)client < rs->nclients ? rs->client_host[client] : NULL, 0);
	if (writer >= 0)
		csvout_put_u64(f, (uint64_t)writer, 0);
	else
		csvout_put_text(f, NULL, 0);
}
