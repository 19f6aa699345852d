/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_clusterfile.c: IOzone's cluster file (-+m) read into client
 * lines, refused lines named by file and line, and each client's test
 * file placed in its working directory.
 */
#include "compat.h"

#include <string.h>

#include "cu.h"
#include "clients/clusterfile.h"

struct parse_case {
	const char *text;
	size_t lines;         /* client lines when ok */
	const char *err;      /* expected part of the message, NULL when ok */
};

static const struct parse_case parse_cases[] = {
	{ "h1 /w1 /bin/iozone\n", 1, NULL },
	{ "h1 /w1 /bin/iozone\nh2\t/w2  /bin/iozone /w2/f\n", 2, NULL },
	{ "# a comment\n\nh1 /w1 /bin/iozone\r\n   \n", 1, NULL },
	{ "h1 /w1 /bin/iozone", 1, NULL },              /* no final newline */
	{ "h1 /w1\n", 0, "clients:1: 2 fields" },
	{ "h1 /w1 /bin/iozone\nh2\n", 0, "clients:2: 1 field;" },
	{ "h1 /w1 /bin/iozone /f extra\n", 0, "clients:1: more than 4 fields" },
	{ "# only a comment\n", 0, "clients: no client lines" },
	{ "", 0, "clients: no client lines" },
};

static void test_parse(void)
{
	for (size_t i = 0; i < sizeof(parse_cases) / sizeof(parse_cases[0]); i++) {
		const struct parse_case *c = &parse_cases[i];
		struct cluster_file cf;
		char err[256] = "";
		int rc = clusterfile_parse("clients", c->text, strlen(c->text), &cf,
					   err, sizeof(err));

		if (c->err) {
			CU_ASSERT_EQUAL(rc, -1);
			CU_ASSERT_PTR_NOT_NULL(strstr(err, c->err));
			CU_ASSERT_EQUAL(cf.n, 0);
		} else {
			CU_ASSERT_EQUAL(rc, 0);
			CU_ASSERT_EQUAL(cf.n, c->lines);
		}
		clusterfile_release(&cf);
	}
}

static void test_fields(void)
{
	static const char text[] = "# x\nh1 /w1 /bin/iozone\nh2 w2/ ./iozone /d/f2\n";
	struct cluster_file cf;
	char err[256];

	CU_ASSERT_EQUAL_FATAL(clusterfile_parse("c", text, sizeof(text) - 1, &cf,
						err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(cf.n, 2);
	CU_ASSERT_STRING_EQUAL(cf.lines[0].host, "h1");
	CU_ASSERT_STRING_EQUAL(cf.lines[0].workdir, "/w1");
	CU_ASSERT_STRING_EQUAL(cf.lines[0].exec_path, "/bin/iozone");
	CU_ASSERT_PTR_NULL(cf.lines[0].file);
	CU_ASSERT_EQUAL(cf.lines[0].line_no, 2);
	CU_ASSERT_STRING_EQUAL(cf.lines[1].file, "/d/f2");
	CU_ASSERT_EQUAL(cf.lines[1].line_no, 3);
	clusterfile_release(&cf);
}

static void test_path(void)
{
	static const struct {
		const char *workdir, *file, *own, *path;
	} cases[] = {
		{ "/w", NULL, "iosweep.tmp.0", "/w/iosweep.tmp.0" },
		{ "/w/", NULL, "t.1", "/w/t.1" },
		{ "w", NULL, "sub/t.2", "w/sub/t.2" },
		{ "/w", NULL, "/abs/t.3", "/abs/t.3" },   /* IOzone: chdir, then -f */
		{ "/w", "/d/f", "t.4", "/d/f" },          /* the line's FILE wins */
	};
	char out[64], err[128];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct cluster_line l = { .workdir = (char *)cases[i].workdir,
					  .file = (char *)cases[i].file, .line_no = 1 };

		CU_ASSERT_EQUAL(clusterfile_path(&l, cases[i].own, out, sizeof(out),
						 err, sizeof(err)), 0);
		CU_ASSERT_STRING_EQUAL(out, cases[i].path);
	}
	{
		struct cluster_line l = { .workdir = (char *)"/a/long/directory",
					  .line_no = 7 };

		CU_ASSERT_EQUAL(clusterfile_path(&l, "file", out, 8, err,
						 sizeof(err)), -1);
		CU_ASSERT_PTR_NOT_NULL(strstr(err, "line 7"));
	}
}

static const struct cu_case cases[] = {
	CU_CASE(test_parse),
	CU_CASE(test_fields),
	CU_CASE(test_path),
	{ 0, 0 }
};

CU_MAIN("clusterfile", cases)
