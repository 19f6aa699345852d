/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_import_fileop.c: import_fileop_parse on small fileop outputs, as
 * a table: the text, then either the samples it must give (their count,
 * the first one's force factor, platform) or the "in:LINE: why" it must
 * be refused with.  Then the figures one by one: the marks for no
 * measurement left out and noted, a nan average read as no call, the
 * counts of the table derived, -t's figures and iosweep's p50/p99 kept,
 * and two files as trials that must agree.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu.h"
#include "import/import.h"
#include "import/import_fileop.h"

#define TITLE "\nFileop:  Working in /d, File size is 4096,  Output is in Ops/sec. " \
	"(A=Avg, B=Best, W=Worst)\n"
#define HDR " .       mkdir   chdir   rmdir  create    open    read   write   close    stat  " \
	"access   chmod readdir  link    unlink  delete  Total_files\n"
#define WHDR " .       mkdir   chdir   rmdir  create    open    read   write   close    stat  " \
	"access   chmod readdir  delete  Total_files\n"
#define FIGS14 "      20      30      40      50      60      70      80      90     100" \
	"     110     120     130     140     150"
#define FIGS "     10" FIGS14
#define WFIGS "     10      20      30      40      50      60      70      80      90     100" \
	"     110     120     150"
#define A2 "A    2 " FIGS "          8 \n"
#define B2 "B    2 " FIGS "          8 \n"
#define W2 "W    2 " FIGS "          8 \n"
#define A3 "A    3 " FIGS "         27 \n"

/* -t's block of op (count, total) with the three figure lines */
#define BLK(head, name, pad, n, tot) \
	head " = " n " Total Time = " tot " seconds\n" \
	"         Avg " name "(s)/sec" pad "=      1000.50 ( 0.000999500 seconds/op)\n" \
	"         Best " name "(s)/sec" pad "=      2000.00 ( 0.000500000 seconds/op)\n" \
	"         Worst " name "(s)/sec" pad "=       500.00 ( 0.002000000 seconds/op)\n\n"
#define D(name, head) BLK(head, name, "", "       14", " 0.014000000")
#define TBLOCKS \
	"mkdir:   Dirs = 14 Total Time =  0.014000000 seconds\n" \
	"         Avg mkdir(s)/sec     =      1000.50 ( 0.000999500 seconds/op)\n" \
	"         Best mkdir(s)/sec    =      2000.00 ( 0.000500000 seconds/op)\n" \
	"         Worst mkdir(s)/sec   =       500.00 ( 0.002000000 seconds/op)\n\n" \
	BLK("chdir:   Dirs", "chdir", "     ", "       14", " 0.014000000") \
	BLK("rmdir:   Dirs", "rmdir", "     ", "       14", " 0.014000000") \
	BLK("create:  Files", "create", "    ", "        8", " 0.008000000") \
	BLK("write:   Files", "write", "     ", "        8", " 0.008000000") \
	BLK("close:   Files", "close", "     ", "        8", " 0.008000000") \
	BLK("stat:    Files", "stat", "      ", "        8", " 0.008000000") \
	BLK("open:    Files", "open", "      ", "        8", " 0.008000000") \
	BLK("read:    Files", "read", "      ", "        8", " 0.008000000") \
	BLK("access:  Files", "access", "    ", "        8", " 0.008000000") \
	BLK("chmod:   Files", "chmod", "     ", "        8", " 0.008000000") \
	BLK("readdir: Files", "readdir", "   ", "        4", " 0.004000000")
#define TLINK \
	BLK("link:    Files", "link", "      ", "        8", " 0.008000000") \
	BLK("unlink:  Files", "unlink", "    ", "        8", " 0.008000000")
#define TDEL BLK("delete:  Files", "delete", "    ", "        8", " 0.008000000")

static const struct {
	const char *what, *in;
	size_t n;             /* samples; 0: refused with err */
	unsigned force;       /* the first sample's */
	int links;
	const char *err;      /* the message's start */
} cases[] = {
	{ "table", TITLE HDR A2 B2 W2, 1, 2, 1, NULL },
	{ "-e, a range", HDR "A    1 " FIGS "          1 \n" A2 A3, 3, 1, 1, NULL },
	{ "windows", TITLE WHDR "A    2 " WFIGS "          8 \n", 1, 2, 0, NULL },
	{ "prose around", "my run:\n" TITLE HDR A2 "\nthat was it\n", 1, 2, 1, NULL },
	{ "-t", TITLE TBLOCKS TLINK TDEL, 1, 2, 1, NULL },
	{ "-t windows, -e", TBLOCKS TDEL, 1, 2, 0, NULL },
	{ "-t two passes", TBLOCKS TDEL "\n" TBLOCKS TDEL, 0, 0, 0,
	  "in:82: force factor 2 (create's count) after 2" },
	{ "nothing", "hello\n", 0, 0, 0, "in:1: no fileop output" },
	{ "short row", HDR "A    2      10 20          8 \n", 0, 0, 0,
	  "in:2: A row with 5 fields, fileop's Linux rows have 18" },
	{ "cut row", HDR A2 "B    2      10      20", 0, 0, 0,
	  "in:3: B row with 4 fields, fileop's Linux rows have 18: the table stops mid-row" },
	{ "word", HDR "A    2  1.#INF" FIGS14 "          8 \n", 0, 0, 0,
	  "in:2: mkdir figure '1.#INF' in the A row is not a number" },
	{ "B alone", HDR B2, 0, 0, 0, "in:2: B row of force factor 2 without its A row" },
	{ "W then B", HDR A2 W2 B2, 0, 0, 0, "in:4: B row after the W row" },
	{ "not a cube", HDR "A    2 " FIGS "          9 \n", 0, 0, 0,
	  "in:2: Total_files '9' at force factor 2: fileop makes 8" },
	{ "force 0", HDR "A    0 " FIGS "          0 \n", 0, 0, 0, "in:2: force factor '0'" },
	{ "shrinking", HDR A3 A2, 0, 0, 0, "in:3: force factor 2 after 3" },
	{ "header alone", TITLE HDR, 0, 0, 0, "in:3: fileop's column header without an A row" },
	{ "title alone", TITLE, 0, 0, 0, "in:2: fileop's title line without" },
	{ "bad size", "Fileop:  Working in /d, File size is x,  Output is in Ops/sec. "
	  "(A=Avg, B=Best, W=Worst)\n" HDR A2, 0, 0, 0, "in:1: file size 'x'" },
	{ "two outputs", TITLE HDR A2 TITLE HDR A2, 0, 0, 0, "in:6: a second fileop output" },
	{ "row after the end", HDR A2 "\n" B2, 0, 0, 0, "in:4: a row after the table's end" },
	{ "-t cut", TBLOCKS "link:    Files = 8 Total", 0, 0, 0,
	  "in:61: 'link: Files = N Total Time = S seconds' expected" },
	{ "-t order", TITLE TBLOCKS TDEL TLINK, 0, 0, 0, "in:68: a block after the output's end" },
	{ "iozone beside", TITLE HDR A2 "              kB  reclen    write  rewrite\n"
	  "              64       4    100000   200000\n", 0, 0, 0,
	  "in:5: an IOzone report beside fileop's output" },
};

static void test_cases(void)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct import_fileop f;
		char err[512] = "";
		import_fileop_init(&f);
		int rc = import_fileop_parse(&f, "in", cases[i].in, strlen(cases[i].in), 0, NULL,
					     err, sizeof(err));
		if (cases[i].n) {
			if (rc != 0 || f.n != cases[i].n)
				printf("\n  %s: %s\n", cases[i].what, err);
			CU_ASSERT_EQUAL(rc, 0);
			CU_ASSERT_EQUAL(f.n, cases[i].n);
			CU_ASSERT(f.n == 0 || f.s[0].force == cases[i].force);
			CU_ASSERT_EQUAL(f.links, cases[i].links);
			CU_ASSERT(import_fileop_detect(cases[i].in, strlen(cases[i].in)));
		} else {
			if (rc == 0 || strncmp(err, cases[i].err, strlen(cases[i].err)))
				printf("\n  %s: got '%s'\n", cases[i].what, err);
			CU_ASSERT_EQUAL(rc, -1);
			CU_ASSERT_EQUAL(f.n, 0);
			CU_ASSERT_EQUAL(strncmp(err, cases[i].err, strlen(cases[i].err)), 0);
		}
		import_fileop_release(&f);
	}
}

/* The table's figures: A, B, W as printed; counts derived; the rest empty. */
static void test_table_figures(void)
{
	static const char in[] = TITLE HDR
		"A    2   13011     inf    6636   12269  541201  233017   89241  291778  508400"
		"  883011  441506  174763  177537  266305    -nan          8 \n"
		"B    2   13707     inf   17261   14717 1048576  322639  209715  524288     inf"
		"     inf 1048576  322639  246724  349525     inf          8 \n";
	char notes[512] = "", err[256];
	struct import_opts o = { .notes = notes, .notes_size = sizeof(notes) };
	struct import_fileop f;

	import_fileop_init(&f);
	CU_ASSERT_EQUAL_FATAL(import_fileop_parse(&f, "in", in, strlen(in), 0, &o, err,
						  sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(f.n, 1);
	const struct report_fileop_figs *g = f.s[0].op;
	CU_ASSERT_EQUAL(g[FILEOP_MKDIR].count, 14);
	CU_ASSERT_EQUAL(g[FILEOP_READDIR].count, 4);
	CU_ASSERT_EQUAL(g[FILEOP_CREATE].count, 8);
	CU_ASSERT_EQUAL(g[FILEOP_MKDIR].ops_per_s, 13011.0);
	CU_ASSERT_EQUAL(g[FILEOP_MKDIR].best_per_s, 13707.0);
	CU_ASSERT(isnan(g[FILEOP_MKDIR].worst_per_s));	/* no W row */
	CU_ASSERT(isnan(g[FILEOP_MKDIR].total_s) && isnan(g[FILEOP_MKDIR].best_s));
	CU_ASSERT(isnan(g[FILEOP_CHDIR].ops_per_s));	/* inf: left out */
	CU_ASSERT_EQUAL(g[FILEOP_CHDIR].count, 14);
	CU_ASSERT_EQUAL(g[FILEOP_DELETE].count, 0);	/* -nan: no call */
	CU_ASSERT_EQUAL(g[FILEOP_DELETE].total_s, 0.0);
	CU_ASSERT(f.has_size && f.size_bytes == 4096);
	CU_ASSERT_STRING_EQUAL(notes, "in:3: 6 figures are inf or nan, fileop's marks for no "
			       "measurement, left out: chdir (2), stat (1), access (1), "
			       "delete (2)\n");
	import_fileop_release(&f);
}

/* -t: every figure as printed; iosweep's p50 and p99 lines kept. */
static void test_blocks(void)
{
	static const char in[] = TBLOCKS TLINK
		"delete:  Files =         8 Total Time =  0.008000000 seconds\n"
		"         Avg delete(s)/sec    =      1000.50 ( 0.000999500 seconds/op)\n"
		"         Best delete(s)/sec   =          inf ( 0.000000000 seconds/op)\n"
		"         Worst delete(s)/sec  =       500.00 (1234.002000000 seconds/op)\n"
		"         p50 delete(s)/sec    =       800.00 ( 0.001250000 seconds/op)\n"
		"         p99 delete(s)/sec    =       600.00 ( 0.001666667 seconds/op)\n\n";
	char err[256];
	struct import_fileop f;

	import_fileop_init(&f);
	CU_ASSERT_EQUAL_FATAL(import_fileop_parse(&f, "in", in, strlen(in), 0, NULL, err,
						  sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(f.n, 1);
	const struct report_fileop_figs *g = f.s[0].op;
	CU_ASSERT_EQUAL(g[FILEOP_MKDIR].count, 14);
	CU_ASSERT_DOUBLE_EQUAL(g[FILEOP_MKDIR].total_s, 0.014, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(g[FILEOP_DELETE].ops_per_s, 1000.5, 1e-9);
	CU_ASSERT(isnan(g[FILEOP_DELETE].best_per_s) && isnan(g[FILEOP_DELETE].best_s));
	CU_ASSERT_DOUBLE_EQUAL(g[FILEOP_DELETE].worst_s, 1234.002, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(g[FILEOP_DELETE].lat_us[0], 1250.0, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(g[FILEOP_DELETE].lat_us[2], 1666.667, 1e-6);
	CU_ASSERT(isnan(g[FILEOP_DELETE].lat_us[1]) && isnan(g[FILEOP_MKDIR].lat_us[0]));
	CU_ASSERT(!f.has_size);
	import_fileop_release(&f);
}

/* Two files: trials 0 and 1, which must agree on columns and size. */
static void test_trials(void)
{
	static const char lin[] = TITLE HDR A2, win[] = TITLE WHDR "A    2 " WFIGS "          8 \n";
	static const char other_size[] = HDR A2;
	char err[256];
	struct import_fileop f;

	import_fileop_init(&f);
	CU_ASSERT_EQUAL(import_fileop_parse(&f, "a", lin, strlen(lin), 0, NULL, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(import_fileop_parse(&f, "b", lin, strlen(lin), 1, NULL, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(f.n, 2);
	CU_ASSERT_EQUAL(f.trials, 2);
	CU_ASSERT(f.n == 2 && f.s[1].trial == 1);
	CU_ASSERT_EQUAL(import_fileop_parse(&f, "c", win, strlen(win), 2, NULL, err, sizeof(err)), -1);
	CU_ASSERT_STRING_EQUAL(err, "c:3: fileop's Windows columns, the files before had its "
			       "Linux ones");
	CU_ASSERT_EQUAL(import_fileop_parse(&f, "d", other_size, strlen(other_size), 2, NULL, err,
					    sizeof(err)), -1);
	CU_ASSERT_EQUAL(strncmp(err, "d:1: the file size differs", 26), 0);
	CU_ASSERT_EQUAL(f.n, 2);
	CU_ASSERT_EQUAL(f.trials, 2);
	import_fileop_release(&f);
}

static const struct cu_case tests[] = {
	CU_CASE(test_cases),
	CU_CASE(test_table_figures),
	CU_CASE(test_blocks),
	CU_CASE(test_trials),
	{ 0 },
};

CU_MAIN("import_fileop", tests)
