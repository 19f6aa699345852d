/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import_cmdtext.h: IOzone command lines in the text around a table whose
 * header was cut, as people write them: in a sentence's code span ("We
 * ran `iozone -a -s 1g -i 0 -i 1` and got:"), a span that may run on to
 * the paragraph's next lines, or a code block's own line ("$ iozone -a",
 * "root@nas:~# sudo iozone -a ...", "iozone -a -s 1g").  import_unwrap
 * feeds every line of a page in order and keeps what is found, so each
 * cut table can take the nearest command line above it.
 *
 * Only what is unmistakably a command is taken: its first word (after a
 * shell prompt, sudo or time) is iozone, as a name or at the end of a path,
 * and the word after it is an option.  A sentence that merely names
 * IOzone, or a prose line starting with "iozone", gives nothing.
 *
 * Ownership: a struct import_cmdtext holds an open span between lines;
 * import_cmdtext_release frees it.  The command lines given back are the
 * caller's to free.
 */
#ifndef IOSWEEP_IMPORT_CMDTEXT_H
#define IOSWEEP_IMPORT_CMDTEXT_H

#include <stddef.h>

#include "lib/strbuf.h"

struct import_cmdtext {
	struct sbuf span;     /* an open code span's text so far */
	size_t ticks;         /* the backticks that opened it, 0: none open */
	unsigned lines;       /* the lines it has run over */
};

/*
 * The next line of the page, s[n]; code: a line of a code block (fenced
 * or indented), where a whole line may be a command and no span is read.
 * 1 when a command line ends on this line (the last one, when several
 * do): *cmd is it, NUL-terminated, malloc'd.  0 when none, -1 when out of
 * memory.  A blank line ends an open span unclosed (no span).
 */
int import_cmdtext_line(struct import_cmdtext *c, const char *s, size_t n, int code,
			char **cmd);
void import_cmdtext_release(struct import_cmdtext *c);

#endif
