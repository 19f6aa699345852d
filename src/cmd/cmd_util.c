/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_util.c: what the subcommands share (commands.h): the one way a
 * command tells the user something on stderr, "iosweep WORD: message",
 * so every message of every command has the same shape; a sweep, which
 * has no word, says "iosweep: message".  And the one way a command that
 * must clean up catches the signals that stop it.
 */
#include "compat.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/commands.h"
#include "iosweep.h"
#include "platform/platform.h"

volatile sig_atomic_t cmd_stop;

/* Said by a second signal before it ends the process (cmd_set_stop_note). */
static char stop_note[1536];
static volatile sig_atomic_t stop_note_len;

void cmd_set_stop_note(const char *note)
{
	stop_note_len = 0;
	if (!note)
		return;
	int n = snprintf(stop_note, sizeof(stop_note), "%s", note);
	stop_note_len = n < 0 ? 0 : n >= (int)sizeof(stop_note) ?
		(int)sizeof(stop_note) - 1 : n;
}

static void on_stop(int sig)
{
	if (cmd_stop) {
		/* second signal: leave at once, saying where the data are */
		if (stop_note_len)
			plat_write_stderr(stop_note, (size_t)stop_note_len);
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

char *cmd_command_line(int argc, char **argv)
{
	size_t len = sizeof("iosweep");
	char *s;

	for (int i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	s = malloc(len);
	if (!s)
		return NULL;
	size_t at = (size_t)snprintf(s, len, "iosweep");
	for (int i = 0; i < argc; i++)
		at += (size_t)snprintf(s + at, len - at, " %s", argv[i]);
	return s;
}

int cmd_end_status(const char *cmd, int status, int sig, const char *cleanup_err,
		   const char *where, const char *err, char *why, size_t whylen)
{
	if (cleanup_err) {
		cmd_msg(cmd, "%s; part of the tree it made is left", cleanup_err);
		if (status == IOSWEEP_EXIT_OK)
			status = IOSWEEP_EXIT_IO;
	}
	snprintf(why, whylen, "complete");
	if (status == IOSWEEP_EXIT_INTERRUPTED) {
		snprintf(why, whylen, "interrupted by %s %s", plat_signal_name(sig), where);
		cmd_msg(cmd, "%s; the tree it made is removed", why);
	} else if (status != IOSWEEP_EXIT_OK) {
		snprintf(why, whylen, "failed: %s", err);
		cmd_msg(cmd, "%s", err);
	}
	return status;
}

int cmd_run_to_file(const char *cmd, int (*fn)(int argc, char **argv),
		    int argc, char **argv, const char *report, int overwrite)
{
	int saved, fd, status;

	/* never through a link; with overwrite the old report goes first */
	if (overwrite && plat_stat(report, 0, NULL) == PLAT_FILE)
		plat_remove(report);
	fd = plat_create_fd(report);
	if (fd < 0) {
		cmd_msg(cmd, "cannot create '%s': %s", report, strerror(errno));
		return IOSWEEP_EXIT_FAILURE;
	}
	fflush(stdout);
	saved = dup(1);
	if (saved < 0 || dup2(fd, 1) < 0) {
		cmd_msg(cmd, "cannot redirect the report: %s", strerror(errno));
		close(fd);
		if (saved >= 0)
			close(saved);
		return IOSWEEP_EXIT_FAILURE;
	}
	close(fd);
	status = fn(argc, argv);
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	return status;
}
