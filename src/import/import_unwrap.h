/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import_unwrap.h: find IOzone reports inside the text people publish
 * them in (Markdown code blocks, HTML with <br> and entities, terminal
 * logs with colour codes and CRLF, a wrapper script's lines around them,
 * several runs in one file) and give each back as the plain lines IOzone
 * printed, with the file's line number of every line, so the strict
 * report parser (import_text.c) runs on them unchanged and its messages
 * still name the file's own lines.  A table whose header lines were cut
 * keeps those IOzone printed above it that are left, and the command
 * line the page's text gives above it.
 *
 * Ownership: import_unwrap fills *u; import_unwrap_release frees it.
 */
#ifndef IOSWEEP_IMPORT_UNWRAP_H
#define IOSWEEP_IMPORT_UNWRAP_H

#include <stddef.h>

/* One report found in a file. */
struct import_report {
	char *text;           /* its lines, each '\n'-ended but an unended last
				 line of the file; NUL after len */
	size_t len;
	unsigned *line_no;    /* line_no[i]: the file's line of text's line i+1 */
	size_t nlines;
	unsigned header_line; /* the file's line of its column header, 0: none */
	unsigned stop_line;   /* interrupted: the file's line of IOzone's
				 "iozone: interrupted", else 0 */
	int table_only;       /* a column header without IOzone's banner above
				 it: a table whose header lines were cut */
	char *command;        /* table_only: the nearest IOzone command line
				 the text above it gives (import_cmdtext.h),
				 else NULL */
	unsigned command_line;/* the file's line where that command ends, 0: none */
};

struct import_unwrapped {
	struct import_report *reports;
	size_t n;
};

/*
 * Find the reports in buf[len].  A file with no column header and no
 * Excel section gives one report of all its (cleaned) lines, so the
 * parser says why it is no report (no lines at all when every line was
 * a fence line), so there is always at least one.  0, or -1 (out of memory) with err.
 */
int import_unwrap(const char *buf, size_t len, struct import_unwrapped *u,
		  char *err, size_t errlen);
void import_unwrap_release(struct import_unwrapped *u);

#endif
