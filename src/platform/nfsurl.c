/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * nfsurl.c: the NFS URL parser of nfsurl.h.  One pass from left to
 * right: scheme, host, path, query.  Every refusal
 * goes through bad(), which quotes the URL with anything unprintable
 * shown as '?', so the message stays one line whatever the input.
 */
#include "compat.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "lib/err.h"
#include "platform/nfsurl.h"

#define SCHEME "nfs://"
#define SCHEME_LEN (sizeof(SCHEME) - 1)
#define QUOTE_MAX 160

int nfsurl_is(const char *path)
{
	return path && strncasecmp(path, SCHEME, SCHEME_LEN) == 0;
}

static int bad(const char *url, char *err, size_t errlen, const char *why)
{
	char q[QUOTE_MAX + 4];
	size_t n = 0, len = strlen(url);

	for (; n < len && n < QUOTE_MAX; n++)
		q[n] = isprint((unsigned char)url[n]) ? url[n] : '?';
	if (n < len) {
		memcpy(q + n, "...", 3);
		n += 3;
	}
	q[n] = '\0';
	return err_set(err, errlen, "bad NFS URL '%s': %s", q, why);
}

static int host_char(int ch)
{
	return isalnum(ch) || ch == '-' || ch == '.' || ch == '_';
}

/* A host name or an IPv4 address; *p is left at the '/' after it. */
static int parse_host(const char *url, const char **p, struct nfsurl *u,
		      char *err, size_t errlen)
{
	const char *s = *p, *e;
	size_t n;

	for (e = s; host_char((unsigned char)*e); e++)
		;
	n = (size_t)(e - s);
	*p = e;
	if (n == 0 && *e == '[')
		return bad(url, err, errlen, "the server must be a host name or an "
			   "IPv4 address (libnfs takes no IPv6 address in brackets)");
	if (n == 0)
		return bad(url, err, errlen, "no server: write nfs://HOST/export/file");
	if (n >= sizeof(u->host))
		return bad(url, err, errlen, "the server's name is too long");
	memcpy(u->host, s, n);
	u->host[n] = '\0';
	if (*e == ':')
		return bad(url, err, errlen, "a port is not supported: NFSv3 asks the "
			   "server's portmapper, NFSv4 uses port 2049");
	if (*e != '/')
		return bad(url, err, errlen, *e ? "the server's name holds a character "
			   "a host name cannot" : "no path after the server: write "
			   "nfs://HOST/export/file");
	return 0;
}

/* The path up to '?' or the end: every segment plain, the last the file. */
static int parse_path(const char *url, const char **p, struct nfsurl *u,
		      int whole_dir, char *err, size_t errlen)
{
	const char *s = *p, *end = s, *last;
	size_t dlen, nlen;

	while (*end && *end != '?') {
		unsigned char ch = (unsigned char)*end;
		if (ch < 0x20 || ch == 0x7f)
			return bad(url, err, errlen, "the path holds a control character");
		/* %r, %h, %n, %%: iosweep-mpi's per-client names, filled in later */
		if (ch == '%' && (end[1] == 'r' || end[1] == 'h' || end[1] == 'n' ||
				  end[1] == '%')) {
			end += 2;
			continue;
		}
		if (ch == '%')
			return bad(url, err, errlen, "'%' escapes are not supported; "
				   "name the path as it is");
		if (ch == '#')
			return bad(url, err, errlen, "a '#' fragment means nothing here");
		end++;
	}
	for (const char *seg = s; seg < end;) {
		const char *next = memchr(seg + 1, '/', (size_t)(end - seg - 1));
		size_t len;
		if (!next)
			next = end;
		len = (size_t)(next - seg - 1);
		if (len == 0 && whole_dir && next == end && seg == s)
			break;	/* "nfs://host/": the server's root */
		if (len == 0)
			return bad(url, err, errlen, next == end ? "it names a directory; "
				   "add the test file's name" : "the path has an empty segment "
				   "('//')");
		if ((len == 1 && seg[1] == '.') || (len == 2 && seg[1] == '.' && seg[2] == '.'))
			return bad(url, err, errlen, "'.' and '..' are not allowed in the path");
		seg = next;
	}
	last = s;
	for (const char *c = s; c < end; c++)
		if (*c == '/')
			last = c;
	if (whole_dir)
		last = end;	/* the whole path is the directory, no name */
	dlen = (size_t)(last - s);
	nlen = whole_dir ? 0 : (size_t)(end - last - 1);
	if (dlen + 1 >= sizeof(u->dir) || nlen >= sizeof(u->name))
		return bad(url, err, errlen, "the path is too long");
	if (dlen == 0) {
		u->dir[0] = '/';
		u->dir[1] = '\0';
	} else {
		memcpy(u->dir, s, dlen);
		u->dir[dlen] = '\0';
	}
	if (!whole_dir)
		memcpy(u->name, last + 1, nlen);
	u->name[whole_dir ? 0 : nlen] = '\0';
	*p = end;
	return 0;
}

/* "?version=3" or "?version=4"; nothing else is known. */
static int parse_query(const char *url, const char *s, struct nfsurl *u,
		       char *err, size_t errlen)
{
	u->version = 3;
	if (*s == '\0')
		return 0;
	s++;	/* the '?' */
	if (!*s)
		return bad(url, err, errlen, "nothing after '?'");
	while (*s) {
		const char *amp = strchr(s, '&');
		size_t len = amp ? (size_t)(amp - s) : strlen(s);
		if (len == 9 && strncmp(s, "version=3", 9) == 0)
			u->version = 3;
		else if (len == 9 && strncmp(s, "version=4", 9) == 0)
			u->version = 4;
		else if (len >= 8 && strncmp(s, "version=", 8) == 0)
			return bad(url, err, errlen, "version must be 3 or 4");
		else
			return bad(url, err, errlen, "the only option after '?' is "
				   "version=3 or version=4");
		if (!amp)
			break;
		s = amp + 1;
		if (!*s)
			return bad(url, err, errlen, "nothing after the last '&'");
	}
	return 0;
}

static int parse(const char *url, struct nfsurl *u, int whole_dir,
		 char *err, size_t errlen)
{
	const char *p;

	if (!nfsurl_is(url))
		return bad(url ? url : "", err, errlen, "it must start with nfs://");
	memset(u, 0, sizeof(*u));
	p = url + SCHEME_LEN;
	if (parse_host(url, &p, u, err, errlen) != 0 ||
	    parse_path(url, &p, u, whole_dir, err, errlen) != 0)
		return -1;
	return parse_query(url, p, u, err, errlen);
}

int nfsurl_parse(const char *url, struct nfsurl *u, char *err, size_t errlen)
{
	return parse(url, u, 0, err, errlen);
}

int nfsurl_parse_dir(const char *url, struct nfsurl *u, char *err, size_t errlen)
{
	return parse(url, u, 1, err, errlen);
}

void nfsurl_dir_of(const char *url, char *out, size_t outlen)
{
	const char *path = strchr(url + (nfsurl_is(url) ? SCHEME_LEN : 0), '/');
	const char *q = strchr(url, '?');
	const char *slash = NULL;

	if (!path || (q && q < path)) {
		snprintf(out, outlen, "%s", url);
		return;
	}
	for (const char *c = path; *c && c != q; c++)
		if (*c == '/')
			slash = c;
	/* the root keeps its '/': "nfs://h/f" is in "nfs://h/" */
	snprintf(out, outlen, "%.*s%s", (int)(slash == path ? slash - url + 1 :
					      slash - url), url, q ? q : "");
}
