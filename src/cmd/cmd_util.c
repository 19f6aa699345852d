/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_util.c: what the subcommands share (commands.h): the one way a
 * command tells the user something on stderr, "iosweep WORD: message",
 * so every message of every command has the same shape; a sweep, which
 * has no word, says "iosweep: message".  And the one way a command that
 * must clean up catches the signals that stop it.
 */
#include "compat.h"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>

#include "cmd/commands.h"
#include "platform/platform.h"

volatile sig_atomic_t cmd_stop;

static void on_stop(int sig)
{
	if (cmd_stop) {
		/* second signal: leave at once */
		signal(sig, SIG_DFL);
		raise(sig);
	}
	cmd_stop = sig;
}

/*
 * A reader that went away (iosweep ... | head) stops the command like a
 * signal, but later writes to the dead pipe must not kill the process
 * before what is finished is saved, so this one never re-raises.
 */
static void on_pipe(int sig)
{
	if (!cmd_stop)
		cmd_stop = sig;
}

void cmd_catch_stop(void)
{
	plat_catch_stop(on_stop, on_pipe);
}

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
