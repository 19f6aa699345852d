/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_import_unwrap.c: import_unwrap on small wrapped reports, as a
 * table: the input, then for each report found the plain lines it must
 * give back, the file's line of its first line and of its column header,
 * whether it was interrupted or cut, and for a cut table the command line
 * the text gives above it and its line.  Then the rules that keep the
 * pre-pass unambiguous: an indent is stripped only when every line of
 * the block has it, <br> only at a line's end, entities only in HTML,
 * a log's time stamps only where a column header sits behind one.
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu.h"
#include "import/import_unwrap.h"

#define BANNER "\tIozone: Performance Test of File I/O\n"
#define CMD "\tCommand line used: iozone -s 64k -r 4k -i 0\n"
#define UPPER "                                 random\n"
#define HDR "              kB  reclen    write  rewrite\n"
#define ROW1 "              64       4    100000   200000\n"
#define ROW2 "             128       4    300000   400000\n"
#define END "\niozone test complete.\n"
#define PLAIN BANNER CMD UPPER HDR ROW1 ROW2 END

struct want {
	const char *text;     /* the report's lines */
	unsigned first_line, header_line, stop_line;
	int table_only;
};

static const struct {
	const char *what, *in;
	size_t nreports;
	struct want r[2];
} cases[] = {
	{ "plain", PLAIN, 1, { { PLAIN, 1, 4, 0, 0 } } },
	{ "fence with info string", "# Run\n\n```text\n" PLAIN "```\nafter\n", 1,
	  { { PLAIN, 4, 7, 0, 0 } } },
	{ "tilde fence, indented two", "  ~~~~\n  " BANNER "  " HDR "  " ROW1 "\n  iozone test complete.\n  ~~~~\n", 1,
	  { { BANNER HDR ROW1 END, 2, 3, 0, 0 } } },
	{ "four-space block", "Text:\n\n    " BANNER "    " HDR "    " ROW1 "\n    iozone test complete.\n", 1,
	  { { BANNER HDR ROW1 END, 3, 4, 0, 0 } } },
	{ "tab block", "\t" UPPER "\t" HDR "\t" ROW1, 1,
	  { { UPPER HDR ROW1, 1, 2, 0, 1 } } },
	{ "html", "<p>run</p>\n<pre>" BANNER "\tRead &amp; Write sync mode active<br>\n" HDR ROW1 "</pre>\n", 1,
	  { { BANNER "\tRead & Write sync mode active\n" HDR ROW1 "\n", 2, 4, 0, 0 } } },
	{ "br at each end, CRLF", "\tIozone: Performance Test of File I/O<br/>\r\n"
	  "              kB  reclen    write  rewrite<BR />\r\n"
	  "              64       4    100000   200000 <br>\r\n"
	  "iozone test complete.<br>\r\n", 1,
	  { { BANNER HDR "              64       4    100000   200000 \niozone test complete.\n", 1, 2, 0, 0 } } },
	{ "colour codes", "\033[1m\tIozone: Performance Test of File I/O\033[0m\n"
	  "\033]0;title\007" HDR "              64       4    \033[32m100000\033[0m   \033[0;31m200000\033[m\n"
	  "\033[2K" "iozone test complete.\n", 1,
	  { { BANNER HDR ROW1 "iozone test complete.\n", 1, 2, 0, 0 } } },
	{ "wrapper lines", "+ run.sh\nreclen is set\n" PLAIN "done\n", 1,
	  { { PLAIN, 3, 6, 0, 0 } } },
	{ "two reports", PLAIN "next:\n" PLAIN, 2,
	  { { PLAIN, 1, 4, 0, 0 }, { PLAIN, 10, 13, 0, 0 } } },
	{ "interrupted", BANNER HDR ROW1 "             128       4    300000\niozone: interrupted\n\nexiting iozone\n", 1,
	  { { BANNER HDR ROW1 "             128       4    300000\n", 1, 2, 5, 0 } } },
	{ "cut table, names on the upper line", "```\nSSD one                          random\n" HDR ROW1 "```\n"
	  "text\n\n    SSD two                          random\n    " HDR "    " ROW2, 2,
	  { { "                                 random\n" HDR ROW1, 2, 3, 0, 1 },
	    { "                                 random\n" HDR ROW2, 8, 9, 0, 1 } } },
	{ "banner report stops at a strange line", BANNER HDR ROW1 "Error writing block\n" ROW2, 1,
	  { { BANNER HDR ROW1 "Error writing block\n", 1, 2, 0, 0 } } },
	{ "bare -R section", "text\n\"Writer report\"\n  \"4\"\n\"64\" 100\n\nmore\n", 1,
	  { { "\"Writer report\"\n  \"4\"\n\"64\" 100\n\n", 2, 0, 0, 0 } } },
	{ "quoted, nested", "He wrote:\n\n> > " BANNER "> > " HDR "> > " ROW1 ">\n> > iozone test complete.\n", 1,
	  { { BANNER HDR ROW1 END, 3, 4, 0, 0 } } },
	{ "log stamps, fraction of varying length",
	  "2023-05-01T10:00:00.1Z starting\n2023-05-01T10:00:01.25Z " BANNER
	  "2023-05-01T10:00:01.250Z " HDR "2023-05-01T10:00:02Z " ROW1
	  "2023-05-01T10:00:02Z\n2023-05-01T10:00:03+02:00 iozone test complete.\n", 1,
	  { { BANNER HDR ROW1 END, 2, 3, 0, 0 } } },
	{ "syslog stamps with host and tag", "Dec  2 05:18:08 nas bench[12]: " UPPER
	  "Dec  2 05:18:08 nas bench[12]: " HDR "Dec  2 05:18:09 nas bench[12]: " ROW1
	  "Dec  2 05:18:09 nas bench[12]: done\n", 1,
	  { { UPPER HDR ROW1, 1, 2, 0, 1 } } },
	{ "a stamp-like start is no log without a header behind a stamp",
	  "10:00:01 hello\n" PLAIN, 1, { { PLAIN, 2, 5, 0, 0 } } },
	{ "no report", "hello\nworld", 1, { { "hello\nworld", 1, 0, 0, 0 } } },
	{ "only fence lines", "```\n```\n~~~\n~~~\n", 1, { { "", 0, 0, 0, 0 } } },
	{ "a prompt in the code block, the option lines kept",
	  "```console\n$ iozone -s 64k -r 4k -i 0\n\tOutput is in kBytes/sec\n" UPPER HDR ROW1 "```\n", 1,
	  { { "$ iozone -s 64k -r 4k -i 0\n\tOutput is in kBytes/sec\n" UPPER HDR ROW1, 2, 5, 0, 1 } } },
	{ "indented option lines kept, up to the prose",
	  "Pasted:\n\tCommand line used: iozone -s 64k -r 4k -i 0\n\n\tOutput is in kBytes/sec\n"
	  UPPER HDR ROW1 END, 1,
	  { { "\tCommand line used: iozone -s 64k -r 4k -i 0\n\n\tOutput is in kBytes/sec\n"
	      UPPER HDR ROW1 END, 2, 6, 0, 1 } } },
	{ "a torn row's rest on a line of its own stays in the table",
	  "```\n" HDR ROW1 "        300000\n```\nprose 12 words\n", 1,
	  { { HDR ROW1 "        300000\n", 2, 2, 0, 1 } } },
};

static void test_cases(void)
{
	char err[128];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct import_unwrapped u;
		CU_ASSERT_EQUAL_FATAL(import_unwrap(cases[i].in, strlen(cases[i].in), &u, err,
						    sizeof(err)), 0);
		int ok = u.n == cases[i].nreports;
		for (size_t k = 0; ok && k < u.n; k++) {
			const struct import_report *r = &u.reports[k];
			const struct want *w = &cases[i].r[k];
			unsigned first = r->nlines ? r->line_no[0] : 0;
			ok = strcmp(r->text, w->text) == 0 && r->len == strlen(w->text) &&
			     first == w->first_line && r->header_line == w->header_line &&
			     r->stop_line == w->stop_line && r->table_only == w->table_only;
			if (!ok)
				fprintf(stderr, "%s, report %zu: got lines from %u, header %u, "
					"stop %u, cut %d:\n[%s]\n", cases[i].what, k + 1, first,
					r->header_line, r->stop_line, r->table_only, r->text);
		}
		if (!ok)
			fprintf(stderr, "%s: %zu reports\n", cases[i].what, u.n);
		CU_ASSERT(ok);
		import_unwrap_release(&u);
	}
}

/* The command line the text gives above each cut table, and its line. */
static const struct {
	const char *what, *in;
	size_t nreports;
	struct {
		const char *command;  /* NULL: none */
		unsigned line;
	} r[2];
} commands[] = {
	{ "cut table after a sentence's command", "We ran `iozone -a -s 64k -i 0` and got:\n\n```\n"
	  UPPER HDR ROW1 "```\n", 1, { { "iozone -a -s 64k -i 0", 1 } } },
	{ "a span over two lines; the nearest above each table",
	  "First `iozone -s 64k\n-r 4k -i 0`:\n\n    " HDR "    " ROW1 "\n"
	  "Then ``sudo /opt/iozone/bin/iozone -s 128k -i 0``, and `ls` after:\n\n```\n" HDR ROW2 "```\n", 2,
	  { { "iozone -s 64k -r 4k -i 0", 2 }, { "/opt/iozone/bin/iozone -s 128k -i 0", 7 } } },
	{ "a prompt in the code block", "```console\nroot@nas:~# iozone -s 64k -r 4k -i 0\n"
	  UPPER HDR ROW1 "```\n", 1, { { "iozone -s 64k -r 4k -i 0", 2 } } },
	{ "none: prose naming iozone, a span without an option, a command below",
	  "iozone -a is what `iozone` runs; `make -C iozone`:\n\n```\n" HDR ROW1 "```\n"
	  "then `iozone -a -s 1g`\n", 1, { { NULL, 0 } } },
	{ "none: a span not closed in its paragraph", "We ran `iozone -a -s 1g\n\nwith care`:\n\n"
	  "```\n" HDR ROW1 "```\n", 1, { { NULL, 0 } } },
	{ "none: a control character in it", "We ran `iozone -a \001-s 1g`:\n\n```\n" HDR ROW1 "```\n",
	  1, { { NULL, 0 } } },
	{ "none for a report with its banner", "`iozone -a -s 64k`\n" PLAIN, 1, { { NULL, 0 } } },
};

static void test_commands(void)
{
	char err[128];

	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		struct import_unwrapped u;
		CU_ASSERT_EQUAL_FATAL(import_unwrap(commands[i].in, strlen(commands[i].in), &u, err,
						    sizeof(err)), 0);
		int ok = u.n == commands[i].nreports;
		for (size_t k = 0; ok && k < u.n; k++) {
			const struct import_report *r = &u.reports[k];
			const char *want = commands[i].r[k].command;
			ok = (want ? r->command && strcmp(r->command, want) == 0 : !r->command) &&
			     r->command_line == commands[i].r[k].line;
			if (!ok)
				fprintf(stderr, "%s, report %zu: command '%s' at %u\n", commands[i].what,
					k + 1, r->command ? r->command : "", r->command_line);
		}
		CU_ASSERT(ok);
		import_unwrap_release(&u);
	}
}

/* Each line's number in the file, past dropped fence lines and CRLF. */
static void test_line_map(void)
{
	static const char in[] = "a\r\n```\n" BANNER "```\n\n```\n" HDR ROW1 "```\n";
	struct import_unwrapped u;
	char err[128];

	CU_ASSERT_EQUAL_FATAL(import_unwrap(in, sizeof(in) - 1, &u, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(u.n, 1);
	/* the banner's fence closes before the table: a report of its own lines */
	CU_ASSERT_EQUAL(u.reports[0].nlines, 4);
	CU_ASSERT_EQUAL(u.reports[0].line_no[0], 3);
	CU_ASSERT_EQUAL(u.reports[0].line_no[1], 5);
	CU_ASSERT_EQUAL(u.reports[0].line_no[2], 7);
	CU_ASSERT_EQUAL(u.reports[0].line_no[3], 8);
	import_unwrap_release(&u);
}

/* What must stay as it is: the pre-pass never guesses. */
static void test_left_alone(void)
{
	static const struct {
		const char *what, *in, *want;
	} keep[] = {
		/* one line of the block lacks the indent: nothing is stripped */
		{ "ragged indent", "    " BANNER "  x\n    " HDR "    " ROW1,
		  "    " BANNER "  x\n    " HDR "    " ROW1 },
		/* no blank line before the indented lines: a paragraph, no block */
		{ "no blank before", "Results\n    " BANNER "    " HDR "    " ROW1,
		  "    " BANNER "    " HDR "    " ROW1 },
		/* tabs and spaces mixed: nothing is stripped */
		{ "mixed indent", "\t" UPPER "    " HDR "\t" ROW1, "\t" UPPER "    " HDR "\t" ROW1 },
		/* a <br> inside a line, and entities in a file that is no HTML */
		{ "br inside", BANNER HDR "              64       4    100000<br>200000\n",
		  BANNER HDR "              64       4    100000<br>200000\n" },
		{ "entities outside html", "&amp; " BANNER HDR ROW1, "&amp; " BANNER HDR ROW1 },
	};
	char err[128];

	for (size_t i = 0; i < sizeof(keep) / sizeof(keep[0]); i++) {
		struct import_unwrapped u;
		CU_ASSERT_EQUAL_FATAL(import_unwrap(keep[i].in, strlen(keep[i].in), &u, err,
						    sizeof(err)), 0);
		CU_ASSERT_EQUAL_FATAL(u.n, 1);
		/* the report starts at its upper line, or at the header without one */
		const char *text = u.reports[0].text;
		const char *at = strstr(keep[i].want, text);
		if (!at || strlen(at) != strlen(text)) {
			fprintf(stderr, "%s: got [%s]\n", keep[i].what, text);
			CU_FAIL("changed what it must keep");
		}
		import_unwrap_release(&u);
	}
}

static const struct cu_case tests[] = {
	CU_CASE(test_cases),
	CU_CASE(test_commands),
	CU_CASE(test_line_map),
	CU_CASE(test_left_alone),
	{ 0 },
};

CU_MAIN("import_unwrap", tests)
