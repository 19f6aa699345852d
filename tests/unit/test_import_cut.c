/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_import_cut.c: the command line of a table whose header was cut
 * (import_cut.c), through import_load_sets as `iosweep import` calls it.
 * As a table: a page, what --command says, then the command line and the
 * unit the set must get, the note it must give, or the refusal.  It
 * covers each source (the report's own line, --command, the text's,
 * none), when the text's is left and why, and the refusals that protect
 * the figures.  Then the pages of tests/data/import-published, with
 * figures copied from them by hand.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu.h"
#include "testutil.h"
#include "import/import.h"
#include "iosweep.h"
#include "model/results.h"

#define DATA "tests/data/import-published/"

/* IOzone 3.508's header lines and two rows of an -i 0 -i 1 run */
#define UP "                                                                    random    random      bkwd     record     stride                                        \n"
#define HD "              kB  reclen    write    rewrite      read    reread      read     write      read    rewrite       read    fwrite  frewrite     fread   freread\n"
#define ROWS "              64       4    100000    200000    300000    400000\n" \
	     "              64       8    110000    210000    310000    410000\n"
#define TABLE "```\n" UP HD ROWS "```\n"
#define OPS_LINE "\tOPS Mode. Output is in operations per second.\n"

static char tmpdir[256];

static const struct {
	const char *what, *page, *command;
	const char *want_cmd;  /* NULL: none */
	int unit;
	const char *note;      /* in the notes, or with ok 0 the error */
	int ok;
} cases[] = {
	{ "the text's command line", "We ran `iozone -a -s 64k -r 4k -r 8k -i 0 -i 1 -O`:\n\n" TABLE,
	  NULL, "iozone -a -s 64k -r 4k -r 8k -i 0 -i 1 -O", RESULTS_UNIT_OPS,
	  "t.md:5: a table without IOzone's header: its command line is the one the text gives "
	  "at line 1: iozone -a", 1 },
	{ "a record size its -r does not name", "`iozone -s 64k -r 4k -i 0 -i 1`\n\n" TABLE,
	  NULL, NULL, RESULTS_UNIT_KBPS,
	  "t.md:5: the command line at line 1 is not this table's (line 7 has a record size its "
	  "-r does not name (64 kB / 8 kB)): iozone -s 64k", 1 },
	{ "a file size outside -n and -g", "`iozone -a -n 128k -g 1m -i 0 -i 1`\n\n" TABLE,
	  NULL, NULL, RESULTS_UNIT_KBPS, "(line 6 has a file size outside its -n and -g (64 kB / 4 kB))", 1 },
	{ "a record size outside -y and -q", "`iozone -a -y 8k -i 0 -i 1`\n\n" TABLE,
	  NULL, NULL, RESULTS_UNIT_KBPS, "(line 6 has a record size outside its -y and -q", 1 },
	{ "several runs in one span: their sizes together",
	  "`iozone -s 64k -r 4k -i 0 -i 1; sleep 9; iozone -s64k -r8k -i 0 -i 1`\n\n" TABLE,
	  NULL, "iozone -s 64k -r 4k -i 0 -i 1; sleep 9; iozone -s64k -r8k -i 0 -i 1",
	  RESULTS_UNIT_KBPS, "its command line is the one the text gives at line 1", 1 },
	{ "the nearest above, not one below", "`iozone -a -s 64k -i 0 -i 1 -e`\n\n`iozone -a -s 64k -i 0 -i 1 -I`\n\n"
	  TABLE "then `iozone -a -O -i 0 -i 1`\n", NULL, "iozone -a -s 64k -i 0 -i 1 -I", RESULTS_UNIT_KBPS,
	  "at line 3", 1 },
	{ "--command before the text's", "We ran `iozone -a -O -i 0 -i 1`:\n\n" TABLE,
	  "iozone -a -i 0 -i 1", "iozone -a -i 0 -i 1", RESULTS_UNIT_KBPS, NULL, 1 },
	{ "the report's own line before both", "`iozone -a -O -i 0 -i 1`\n\n```\n"
	  "\tCommand line used: iozone -a -N -i 0 -i 1\n" UP HD ROWS "```\n",
	  "iozone -a -i 0 -i 1", "iozone -a -N -i 0 -i 1", RESULTS_UNIT_USEC, NULL, 1 },
	{ "no command line: kB/s", TABLE, NULL, NULL, RESULTS_UNIT_KBPS,
	  "t.md:3: a table without IOzone's header or a command line: its figures are kB/s "
	  "(IOzone's default), its tests those of the column header", 1 },
	{ "no command line, the report's unit line", "```\n" OPS_LINE UP HD ROWS "```\n", NULL, NULL,
	  RESULTS_UNIT_OPS, "its figures are operations per second (-O) (the report's own line)", 1 },
	{ "the text's unit is not the report's line's", "`iozone -a -i 0 -i 1`\n\n```\n" OPS_LINE UP HD ROWS "```\n",
	  NULL, NULL, RESULTS_UNIT_OPS,
	  "the command line at line 1 is not this table's (it gives kB/s, the report's own line "
	  "operations per second (-O))", 1 },
	{ "--command's unit is not the report's line's", "```\n" OPS_LINE UP HD ROWS "```\n",
	  "iozone -a -i 0 -i 1", NULL, 0,
	  "t.md:4: --command gives kB/s, but the report's own line gives operations per second (-O)", 0 },
	{ "the text's -i against a shifted table", "`iozone -a -s 64k -i 0 -i 1`\n\n```\n" UP HD
	  "              64       4    100000    200000    300000\n"
	  "              64       8    110000    210000    310000\n```\n", NULL, NULL, 0,
	  "t.md:6: rows of 3 figures where the command line at line 1 (its -i tests) implies 4", 0 },
	{ "no command line, figures under no columns", "```\n" UP HD
	  "              64       4         100000    200000    300000    400000\n"
	  "              64       8         110000    210000    310000    410000\n```\n", NULL, NULL, 0,
	  "t.md:4: rows of 4 figures under a column header of 13, not where its columns are", 0 },
	{ "no command line: a prose line naming iozone is none",
	  "iozone -a -i 0 was how we ran `iozone` (see `man iozone`):\n\n" TABLE, NULL, NULL,
	  RESULTS_UNIT_KBPS, "or a command line", 1 },
};

static void test_cases(void)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char err[IOSWEEP_ERR_MAX] = "", notes[2048] = "";
		struct import_opts opts = { .command = cases[i].command, .notes = notes,
					    .notes_size = sizeof(notes) };
		char *paths[] = { (char *)tu_tmp_path(tmpdir, "import-cut", "t.md") };
		struct result_set *sets = NULL;
		size_t nsets = 0;

		tu_spill(paths[0], cases[i].page, strlen(cases[i].page));
		int rc = import_load_sets(&sets, &nsets, paths, 1, &opts, err, sizeof(err));
		int ok;
		if (!cases[i].ok) {
			ok = rc == -1 && strstr(err, cases[i].note) && !sets && !nsets;
		} else {
			const char *cmd = rc == 0 && nsets == 1 ? sets[0].meta.command_line : NULL;
			ok = rc == 0 && nsets == 1 &&
			     (cases[i].want_cmd ? cmd && strcmp(cmd, cases[i].want_cmd) == 0 : !cmd) &&
			     sets[0].meta.source_unit == cases[i].unit &&
			     (!cases[i].note || strstr(notes, cases[i].note)) &&
			     (cases[i].note || !strstr(notes, "header")) &&
			     tu_figure_in(&sets[0], 64, 8, RC_REREAD, cases[i].unit) == 410000 &&
			     sets[0].nsamples == 8;
		}
		if (!ok)
			fprintf(stderr, "%s: rc %d, err '%s', notes '%s', command '%s'\n", cases[i].what,
				rc, err, notes, rc == 0 && nsets ? sets[0].meta.command_line : "");
		CU_ASSERT(ok);
		for (size_t k = 0; k < nsets; k++)
			results_release(&sets[k]);
		free(sets);
	}
}

/* The options of the command line stand for the header lines that were cut. */
static void test_flags_from_command(void)
{
	static const char page[] = "With O_DIRECT and fsync (`sudo ./iozone -a -e -I -s 64k -i 0\n"
				   "-i 1 -f /mnt/x`):\n\n" TABLE;
	char err[IOSWEEP_ERR_MAX] = "";
	char *paths[] = { (char *)tu_tmp_path(tmpdir, "import-cut", "flags.md") };
	struct import_opts opts = { .command = NULL };
	struct result_set *sets = NULL;
	size_t nsets = 0;

	tu_spill(paths[0], page, sizeof(page) - 1);
	CU_ASSERT_EQUAL_FATAL(import_load_sets(&sets, &nsets, paths, 1, &opts, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(nsets, 1);
	CU_ASSERT_STRING_EQUAL(sets[0].meta.command_line, "./iozone -a -e -I -s 64k -i 0 -i 1 -f /mnt/x");
	CU_ASSERT(sets[0].meta.flags & RESULTS_F_DIRECT);
	CU_ASSERT(sets[0].meta.flags & RESULTS_F_FSYNC);
	results_release(&sets[0]);
	free(sets);
}

/* One figure of a published page, copied from it by hand. */
static const struct {
	const char *file;
	size_t nsets, set;     /* the page's sets, and the one checked (0-based) */
	const char *command;   /* the set's command line, NULL: none */
	uint64_t file_kb, record_kb;
	int col, unit;
	double value;
	size_t nsamples;       /* the set's figures */
} spots[] = {
	{ "article-tables.md", 3, 0, "iozone -a -s 1g -r 4k -r 64k -r 1m -i 0 -i 1 -f /mnt/ssd/io.tmp",
	  1048576, 64, RC_READ, RESULTS_UNIT_KBPS, 1499836, 3 * 4 },
	{ "article-tables.md", 3, 1, "iozone -a -I -s 4g -r 64k -r 16m -i 0 -i 1 -i 2 -f /mnt/nvme/io.tmp",
	  4194304, 16384, RC_RANDOM_WRITE, RESULTS_UNIT_KBPS, 1662973, 2 * 6 },
	{ "article-tables.md", 3, 2, "iozone -a -O -s 512m -r 4k -r 8k -i 0 -i 2",
	  524288, 4, RC_RANDOM_READ, RESULTS_UNIT_OPS, 34178, 2 * 4 },
	{ "pasted-report.md", 1, 0, "iozone -a -n 64k -g 512k -i 0 -i 1 -f /mnt/nas/io.tmp",
	  64, 4, RC_REREAD, RESULTS_UNIT_KBPS, 198041, (5 + 6 + 7 + 8) * 4 },
	{ "pasted-report-nocmd.md", 1, 0, NULL,
	  256, 256, RC_FREREAD, RESULTS_UNIT_KBPS, 234712, (5 + 6 + 7) * 13 },
	{ "blog-post.md", 1, 0, NULL, 262144, 1024, RC_REREAD, RESULTS_UNIT_KBPS, 355894, 3 * 4 },
	{ "blog-prompt.md", 1, 0, "iozone -a -s 128m -r 4k -r 512k -i 0 -i 1 -i 2",
	  131072, 512, RC_RANDOM_WRITE, RESULTS_UNIT_KBPS, 1987, 2 * 6 },
};

static void test_published_shapes(void)
{
	for (size_t i = 0; i < sizeof(spots) / sizeof(spots[0]); i++) {
		char err[IOSWEEP_ERR_MAX] = "", path[256];
		char *paths[] = { path };
		struct import_opts opts = { .command = NULL };
		struct result_set *sets = NULL;
		size_t nsets = 0;

		snprintf(path, sizeof(path), DATA "%s", spots[i].file);
		int rc = import_load_sets(&sets, &nsets, paths, 1, &opts, err, sizeof(err));
		if (rc)
			fprintf(stderr, "%s: %s\n", spots[i].file, err);
		CU_ASSERT_EQUAL_FATAL(rc, 0);
		CU_ASSERT_EQUAL_FATAL(nsets, spots[i].nsets);
		const struct result_set *rs = &sets[spots[i].set];
		const char *cmd = rs->meta.command_line;
		CU_ASSERT(spots[i].command ? cmd && strcmp(cmd, spots[i].command) == 0 : !cmd);
		CU_ASSERT_EQUAL(rs->meta.source_unit, spots[i].unit);
		CU_ASSERT_EQUAL(tu_figure_in(rs, spots[i].file_kb, spots[i].record_kb, spots[i].col,
					     spots[i].unit), spots[i].value);
		CU_ASSERT_EQUAL(rs->nsamples, spots[i].nsamples);
		for (size_t k = 0; k < nsets; k++)
			results_release(&sets[k]);
		free(sets);
	}
}

/* The refusals inside such pages, each naming the file's line. */
static void test_published_refusals(void)
{
	static const char *const bad[][2] = {
		{ "bad-shifted.md", "bad-shifted.md:27: rows of 5 figures where the command line "
		  "at line 23 (its -i tests) implies 6" },
		{ "bad-torn.md", "bad-torn.md:14: 2 figures where the other rows have 4" },
		{ "bad-length.md", "bad-length.md:15: 5 figures where the other rows have 4" },
		{ "bad-header.md", "bad-header.md:12: more figures than the column header has columns" },
		{ "bad-layout.md", "bad-layout.md:12: rows of 4 figures under a column header of 13" },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char err[IOSWEEP_ERR_MAX] = "", path[256];
		char *paths[] = { path };
		struct import_opts opts = { .command = NULL };
		struct result_set *sets = NULL;
		size_t nsets = 0;

		snprintf(path, sizeof(path), DATA "%s", bad[i][0]);
		CU_ASSERT_EQUAL(import_load_sets(&sets, &nsets, paths, 1, &opts, err, sizeof(err)), -1);
		if (!strstr(err, bad[i][1])) {
			fprintf(stderr, "got '%s', want '%s'\n", err, bad[i][1]);
			CU_FAIL("wrong refusal");
		}
		CU_ASSERT_PTR_NULL(sets);
		CU_ASSERT_EQUAL(nsets, 0);
	}
}

static void test_cleanup(void)
{
	tu_tmp_cleanup(tmpdir);
}

static const struct cu_case tests[] = {
	CU_CASE(test_cases),
	CU_CASE(test_flags_from_command),
	CU_CASE(test_published_shapes),
	CU_CASE(test_published_refusals),
	CU_CASE(test_cleanup),
	{ 0 },
};

CU_MAIN("import_cut", tests)
