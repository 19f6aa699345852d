/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_nfsurl.c: libFuzzer target for the NFS URL parser (nfsurl.c).
 * Every input is parsed as a file URL and as a directory URL.  What is
 * accepted must hold together: a host of host-name characters, a
 * directory that starts with '/', a file name without '/', version 3 or
 * 4; the URL rebuilt from the parts must parse to the same parts, and
 * its directory form (nfsurl_dir_of) must parse as the same directory.
 * A refusal must be one line.  Build and run: make fuzz.
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "platform/nfsurl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void same_or_die(const struct nfsurl *a, const struct nfsurl *b)
{
	if (strcmp(a->host, b->host) || strcmp(a->dir, b->dir) ||
	    strcmp(a->name, b->name) || a->version != b->version)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[512], again[4096], dir[4096];
	char *text = malloc(size + 1);
	struct nfsurl u, v;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';

	memset(err, 0, sizeof(err));
	if (nfsurl_parse(text, &u, err, sizeof(err)) == 0) {
		if (!u.host[0] || u.dir[0] != '/' || !u.name[0] || strchr(u.name, '/') ||
		    (u.version != 3 && u.version != 4) || !nfsurl_is(text))
			abort();
		snprintf(again, sizeof(again), "nfs://%s%s%s%s?version=%d", u.host,
			 u.dir, strcmp(u.dir, "/") ? "/" : "", u.name, u.version);
		if (nfsurl_parse(again, &v, err, sizeof(err)) != 0)
			abort();
		same_or_die(&u, &v);
		nfsurl_dir_of(text, dir, sizeof(dir));
		if (nfsurl_parse_dir(dir, &v, err, sizeof(err)) != 0 ||
		    strcmp(v.dir, u.dir) || strcmp(v.host, u.host) ||
		    v.version != u.version || v.name[0])
			abort();
	} else {
		fuzz_check_message(err, sizeof(err));
	}
	memset(err, 0, sizeof(err));
	if (nfsurl_parse_dir(text, &u, err, sizeof(err)) == 0) {
		if (!u.host[0] || u.dir[0] != '/' || u.name[0])
			abort();
	} else {
		fuzz_check_message(err, sizeof(err));
	}
	free(text);
	return 0;
}
