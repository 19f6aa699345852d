/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clusterfile.c: reads IOzone's cluster file (-+m) into one entry per
 * client line (format in clusterfile.h).  Pure: no I/O, the caller hands
 * over the file's text, so every MPI rank parses the bytes rank 0 read.
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clients/clusterfile.h"
#include "lib/err.h"

#define CLUSTER_FIELDS_MAX 4

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static char *dup_span(const char *s, size_t n)
{
	char *d = malloc(n + 1);

	if (d) {
		memcpy(d, s, n);
		d[n] = '\0';
	}
	return d;
}

static void line_release(struct cluster_line *l)
{
	free(l->host);
	free(l->workdir);
	free(l->exec_path);
	free(l->file);
}

/* One line (no newline) into l; 1 when it holds a client, 0 when not, -1. */
static int parse_line(const char *name, unsigned line_no, const char *s,
		      size_t n, struct cluster_line *l, char *err, size_t errlen)
{
	const char *start[CLUSTER_FIELDS_MAX];
	size_t len[CLUSTER_FIELDS_MAX];
	size_t i = 0;
	int fields = 0;

	if (n && s[0] == '#')
		return 0;
	while (i < n) {
		while (i < n && is_blank(s[i]))
			i++;
		if (i == n)
			break;
		if (fields == CLUSTER_FIELDS_MAX)
			return err_set(err, errlen, "%.300s:%u: more than 4 fields (HOST "
				       "WORKDIR IOZONE-PATH [FILE])", name, line_no);
		start[fields] = s + i;
		while (i < n && !is_blank(s[i]) && s[i] != '\0')
			i++;
		if (i < n && s[i] == '\0')
			return err_set(err, errlen, "%.300s:%u: a NUL byte; not a text "
				       "file", name, line_no);
		len[fields] = (size_t)(s + i - start[fields]);
		fields++;
	}
	if (!fields)
		return 0;
	if (fields < 3)
		return err_set(err, errlen, "%.300s:%u: %d field%s; a client line is "
			       "HOST WORKDIR IOZONE-PATH [FILE]", name, line_no,
			       fields, fields == 1 ? "" : "s");
	memset(l, 0, sizeof(*l));
	l->line_no = line_no;
	l->host = dup_span(start[0], len[0]);
	l->workdir = dup_span(start[1], len[1]);
	l->exec_path = dup_span(start[2], len[2]);
	l->file = fields == 4 ? dup_span(start[3], len[3]) : NULL;
	if (!l->host || !l->workdir || !l->exec_path || (fields == 4 && !l->file)) {
		line_release(l);
		return err_set(err, errlen, "out of memory");
	}
	return 1;
}

int clusterfile_parse(const char *name, const char *text, size_t len,
		      struct cluster_file *cf, char *err, size_t errlen)
{
	unsigned line_no = 0;
	size_t pos = 0;

	memset(cf, 0, sizeof(*cf));
	while (pos < len) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - (text + pos)) : len - pos;
		struct cluster_line l;
		struct cluster_line *grown;
		int rc;

		line_no++;
		rc = parse_line(name, line_no, text + pos, n, &l, err, errlen);
		pos += n + (nl != NULL);
		if (rc < 0)
			goto fail;
		if (rc == 0)
			continue;
		grown = realloc(cf->lines, (cf->n + 1) * sizeof(*grown));
		if (!grown) {
			line_release(&l);
			err_set(err, errlen, "out of memory");
			goto fail;
		}
		cf->lines = grown;
		cf->lines[cf->n++] = l;
	}
	if (!cf->n) {
		err_set(err, errlen, "%.300s: no client lines (HOST WORKDIR "
			"IOZONE-PATH [FILE])", name);
		goto fail;
	}
	return 0;
fail:
	clusterfile_release(cf);
	return -1;
}

static int is_absolute(const char *p)
{
	return p[0] == '/' || p[0] == '\\' ||
	       (((p[0] >= 'a' && p[0] <= 'z') || (p[0] >= 'A' && p[0] <= 'Z')) &&
		p[1] == ':');
}

int clusterfile_path(const struct cluster_line *l, const char *own, char *out,
		     size_t outlen, char *err, size_t errlen)
{
	size_t wl = strlen(l->workdir);
	int n;

	if (l->file)
		n = snprintf(out, outlen, "%s", l->file);
	else if (is_absolute(own))
		n = snprintf(out, outlen, "%s", own);
	else
		n = snprintf(out, outlen, "%s%s%s", l->workdir,
			     wl && (l->workdir[wl - 1] == '/' ||
				    l->workdir[wl - 1] == '\\') ? "" : "/", own);
	if (n < 0 || (size_t)n >= outlen)
		return err_set(err, errlen, "-+m: line %u's test file is too long",
			       l->line_no);
	return 0;
}

void clusterfile_release(struct cluster_file *cf)
{
	for (size_t i = 0; cf && i < cf->n; i++)
		line_release(&cf->lines[i]);
	if (cf) {
		free(cf->lines);
		cf->lines = NULL;
		cf->n = 0;
	}
}

/* -f with %r, %h, %n, %% for client rank (of size, on host); clusterfile.h. */
int clusterfile_expand(const char *tmpl, int rank, int size, const char *host,
		       char *out, size_t outlen, char *err, size_t errlen)
{
	size_t n = 0;
	int tokens = 0;

	out[0] = '\0';
	for (const char *p = tmpl; *p; p++) {
		char piece[300];
		if (*p != '%' ) {
			piece[0] = *p;
			piece[1] = '\0';
		} else {
			switch (p[1]) {
			case 'r': snprintf(piece, sizeof(piece), "%d", rank); break;
			case 'n': snprintf(piece, sizeof(piece), "%d", size); break;
			case 'h': snprintf(piece, sizeof(piece), "%.280s", host); break;
			case '%': snprintf(piece, sizeof(piece), "%%"); break;
			default:
				return err_set(err, errlen, "-f '%.300s': unknown '%%%c' (use %%r "
					"for the rank, %%h the host, %%n the clients, "
					"%%%% for %%)", tmpl, p[1] ? p[1] : ' ');
			}
			tokens += p[1] != '%';
			p++;
		}
		n += (size_t)snprintf(out + n, n < outlen ? outlen - n : 0, "%s", piece);
		if (n >= outlen)
			goto too_long;
	}
	if (!tokens &&
	    (n += (size_t)snprintf(out + n, outlen - n, ".%d", rank)) >= outlen)
		goto too_long;
	return 0;
too_long:
	return err_set(err, errlen, "-f '%.300s': too long for client %d", tmpl, rank);
}

/* Would two clients get the same file?  clusterfile.h. */
int clusterfile_distinct(const char *tmpl, unsigned ranks_per_host, char *err,
			 size_t errlen)
{
	int r = 0, h = 0, any = 0;

	for (const char *p = tmpl; *p; p++) {
		if (*p != '%' || !p[1])
			continue;
		r |= p[1] == 'r';
		h |= p[1] == 'h';
		any |= p[1] != '%';
		p++;
	}
	if (!any || r || (h && ranks_per_host == 1))
		return 0;
	return err_set(err, errlen, "-f '%.300s': clients on one host would share a "
		"file; put %%r (the rank) in the path", tmpl);
}
