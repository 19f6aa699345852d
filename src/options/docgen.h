/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * docgen.h: the documentation that comes from the option table: the man
 * page (roff) and the bash and zsh completions.
 *
 * The sweep's options are the rows of src/options_table.c (the table
 * --help is printed from); the subcommands' options are read from their
 * usage texts (what `iosweep plot --help` prints).  So a new option
 * appears in --help, the man page and both completions without editing
 * any of them.  The build runs `iosweep --help-man`, `--help-bash` and
 * `--help-zsh` (hidden modes, main.c) to write build/doc/.
 *
 * Writes to a caller's stream; never exits.  Returns 0, or -1 when the
 * stream failed.
 */
#ifndef IOSWEEP_DOCGEN_H
#define IOSWEEP_DOCGEN_H

#include <stdio.h>

int docgen_man(FILE *out);
int docgen_bash(FILE *out);
int docgen_zsh(FILE *out);

/*
 * The hidden modes: "--help-man", "--help-bash" or "--help-zsh" writes
 * that document to stdout and returns an exit code; any other word
 * returns -1 (not a documentation mode).
 */
int docgen_main(const char *mode);

#endif
