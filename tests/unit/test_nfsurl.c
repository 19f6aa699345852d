/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_nfsurl.c: the NFS URL parser (platform/nfsurl.c) on good and bad
 * URLs as a table, the directory form io_dir_of gives, and the one-line
 * quoting of what it cannot print.
 */
#include "compat.h"

#include <string.h>

#include "cu.h"
#include "platform/nfsurl.h"

struct url_case {
	const char *url;
	const char *host, *dir, *name;  /* expected when ok */
	int version;
	const char *err;                /* part of the message, NULL when ok */
};

static const struct url_case url_cases[] = {
	{ "nfs://127.0.0.1/export/file", "127.0.0.1", "/export", "file", 3, NULL },
	{ "NFS://nas.local/a/b/c.tmp", "nas.local", "/a/b", "c.tmp", 3, NULL },
	{ "nfs://h/f", "h", "/", "f", 3, NULL },
	{ "nfs://h/e/f?version=4", "h", "/e", "f", 4, NULL },
	{ "nfs://h/e/f?version=3", "h", "/e", "f", 3, NULL },
	{ "nfs://h/e/f?version=4&version=3", "h", "/e", "f", 3, NULL },
	{ "nfs://h/e/f.%r", "h", "/e", "f.%r", 3, NULL },
	{ "nfs://h/e/%h-%n-%%", "h", "/e", "%h-%n-%%", 3, NULL },
	{ "nfs://my_nas-2/e/f", "my_nas-2", "/e", "f", 3, NULL },
	{ "/local/file", NULL, NULL, NULL, 0, "must start with nfs://" },
	{ "nfs:/h/e/f", NULL, NULL, NULL, 0, "must start with nfs://" },
	{ "nfs://", NULL, NULL, NULL, 0, "no server" },
	{ "nfs:///e/f", NULL, NULL, NULL, 0, "no server" },
	{ "nfs://h", NULL, NULL, NULL, 0, "no path after the server" },
	{ "nfs://h:2049/e/f", NULL, NULL, NULL, 0, "a port is not supported" },
	{ "nfs://[::1]/e/f", NULL, NULL, NULL, 0, "host name or an IPv4 address" },
	{ "nfs://u@h/e/f", NULL, NULL, NULL, 0, "a character a host name cannot" },
	{ "nfs://h/", NULL, NULL, NULL, 0, "names a directory" },
	{ "nfs://h/e/", NULL, NULL, NULL, 0, "names a directory" },
	{ "nfs://h/e//f", NULL, NULL, NULL, 0, "empty segment" },
	{ "nfs://h/e/../f", NULL, NULL, NULL, 0, "'.' and '..'" },
	{ "nfs://h/./f", NULL, NULL, NULL, 0, "'.' and '..'" },
	{ "nfs://h/e/..", NULL, NULL, NULL, 0, "'.' and '..'" },
	{ "nfs://h/e/%41", NULL, NULL, NULL, 0, "escapes are not supported" },
	{ "nfs://h/e/f%", NULL, NULL, NULL, 0, "escapes are not supported" },
	{ "nfs://h/e/f#x", NULL, NULL, NULL, 0, "fragment" },
	{ "nfs://h/e/f\tg", NULL, NULL, NULL, 0, "control character" },
	{ "nfs://h/e/f?version=2", NULL, NULL, NULL, 0, "version must be 3 or 4" },
	{ "nfs://h/e/f?version=", NULL, NULL, NULL, 0, "version must be 3 or 4" },
	{ "nfs://h/e/f?uid=0", NULL, NULL, NULL, 0, "the only option after '?'" },
	{ "nfs://h/e/f?", NULL, NULL, NULL, 0, "nothing after '?'" },
	{ "nfs://h/e/f?version=3&", NULL, NULL, NULL, 0, "nothing after the last '&'" },
};

static void test_parse(void)
{
	for (size_t i = 0; i < sizeof(url_cases) / sizeof(url_cases[0]); i++) {
		const struct url_case *c = &url_cases[i];
		struct nfsurl u;
		char err[512] = "";
		int rc = nfsurl_parse(c->url, &u, err, sizeof(err));

		if (c->err) {
			CU_ASSERT_EQUAL(rc, -1);
			CU_ASSERT_PTR_NOT_NULL(strstr(err, c->err));
			CU_ASSERT(strncmp(err, "bad NFS URL '", 13) == 0);
			CU_ASSERT_PTR_NULL(strchr(err, '\n'));
			if (rc != -1 || !strstr(err, c->err))
				printf("\n  %s: %s\n", c->url, err);
		} else {
			CU_ASSERT_EQUAL_FATAL(rc, 0);
			CU_ASSERT_STRING_EQUAL(u.host, c->host);
			CU_ASSERT_STRING_EQUAL(u.dir, c->dir);
			CU_ASSERT_STRING_EQUAL(u.name, c->name);
			CU_ASSERT_EQUAL(u.version, c->version);
		}
	}
}

static void test_is(void)
{
	CU_ASSERT(nfsurl_is("nfs://h/e/f"));
	CU_ASSERT(nfsurl_is("Nfs://h"));
	CU_ASSERT(!nfsurl_is("nfs:/h/e/f"));
	CU_ASSERT(!nfsurl_is("./nfs://x"));
	CU_ASSERT(!nfsurl_is(""));
	CU_ASSERT(!nfsurl_is(NULL));
}

/* io_dir_of's form, and that it parses back as the directory. */
static void test_dir_of(void)
{
	static const struct { const char *url, *dir, *mnt; } cases[] = {
		{ "nfs://h/e/sub/f", "nfs://h/e/sub", "/e/sub" },
		{ "nfs://h/e/f?version=4", "nfs://h/e?version=4", "/e" },
		{ "nfs://h/f", "nfs://h/", "/" },
		{ "nfs://h/f?version=3", "nfs://h/?version=3", "/" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char out[256], err[256];
		struct nfsurl u;

		nfsurl_dir_of(cases[i].url, out, sizeof(out));
		CU_ASSERT_STRING_EQUAL(out, cases[i].dir);
		CU_ASSERT_EQUAL_FATAL(nfsurl_parse_dir(out, &u, err, sizeof(err)), 0);
		CU_ASSERT_STRING_EQUAL(u.dir, cases[i].mnt);
		CU_ASSERT_STRING_EQUAL(u.name, "");
		CU_ASSERT_STRING_EQUAL(u.host, "h");
	}
}

/* What cannot be printed is quoted as '?', and a long URL is cut. */
static void test_quote(void)
{
	char url[600], err[1024];
	struct nfsurl u;

	CU_ASSERT_EQUAL(nfsurl_parse("nfs://h/e/a\nb", &u, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "'nfs://h/e/a?b'"));
	memset(url, 'a', sizeof(url) - 1);
	url[sizeof(url) - 1] = '\0';
	memcpy(url, "nfs://h/", 8);
	CU_ASSERT_EQUAL(nfsurl_parse(url, &u, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "...': the path is too long"));
	CU_ASSERT(strlen(err) < 300);
}

static const struct cu_case cases[] = {
	CU_CASE(test_parse),
	CU_CASE(test_is),
	CU_CASE(test_dir_of),
	CU_CASE(test_quote),
	{ 0, 0 }
};

CU_MAIN("nfsurl", cases)
