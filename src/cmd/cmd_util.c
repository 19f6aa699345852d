/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_util.c: what the subcommands share (commands.h): the one way a
 * command tells the user something on stderr, "iosweep WORD: message",
 * so every message of every command has the same shape; a sweep, which
 * has no word, says "iosweep: message".
 */
#include "compat.h"

#include <stdarg.h>
#include <stdio.h>

#include "cmd/commands.h"

void cmd_msg(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	if (cmd && *cmd)
		fprintf(stderr, "iosweep %s: ", cmd);
	else
		fputs("iosweep: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}
