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

/*
 * Said by a second signal before it ends the process (cmd_set_stop_note).
 * Two buffers: a new note is written into the one the handler does not
 * read, then made current, so a signal at any moment says a whole note,
 * the old or the new.
 */
static char stop_note[2][1536];
static volatile sig_atomic_t stop_note_len[2];
static volatile sig_atomic_t stop_note_at;

void cmd_set_stop_note(const char *note)
{
	int k = !stop_note_at, n = 0;

	if (note) {
		n = snprintf(stop_note[k], sizeof(stop_note[k]), "%s", note);
		if (n < 0)
			n = 0;
		else if (n >= (int)sizeof(stop_note[k]))
			n = (int)sizeof(stop_note[k]) - 1;
	}
	stop_note_len[k] = n;
	stop_note_at = k;
}

static void on_stop(int sig)
{
	if (cmd_stop) {
		/* second signal: leave at once, saying where the data are */
		int k = stop_note_at;
		if (stop_note_len[k])
			plat_write_stderr(stop_note[k], (size_t)stop_note_len[k]);
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

/*
 * Each message is formatted whole, then goes out in one fwrite (stderr is
 * unbuffered: one write): a second signal's note (on_stop), written
 * straight to fd 2, then never lands inside a line a test or a script
 * reads whole.
 */
void cmd_msg(const char *cmd, const char *fmt, ...)
{
	char buf[2048], *line = buf;
	va_list ap, again;
	int head, n;
	size_t len;

	head = cmd && *cmd ? snprintf(buf, sizeof(buf), "iosweep %.64s: ", cmd)
		: snprintf(buf, sizeof(buf), "iosweep: ");
	va_start(ap, fmt);
	va_copy(again, ap);
	/* one byte kept for the newline */
	n = vsnprintf(buf + head, sizeof(buf) - (size_t)head - 1, fmt, ap);
	len = (size_t)head + (n < 0 ? 0 : (size_t)n);
	if (len + 2 > sizeof(buf)) {	/* cut short: a buffer of its size */
		line = malloc(len + 2);
		if (line) {
			memcpy(line, buf, (size_t)head);
			vsnprintf(line + head, (size_t)n + 1, fmt, again);
		} else {	/* what fits */
			line = buf;
			len = sizeof(buf) - 2;
		}
	}
	va_end(again);
	va_end(ap);
	line[len++] = '\n';
	fwrite(line, 1, len, stderr);
	if (line != buf)
		free(line);
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

FILE *cmd_report_open(const char *cmd, const char *report, int overwrite)
{
	FILE *f;
	int fd;

	/* never through a link; with overwrite the old report goes first */
	if (overwrite && plat_stat(report, 0, NULL) == PLAT_FILE)
		plat_remove(report);
	fd = plat_create_fd(report);
	if (fd < 0) {
		cmd_msg(cmd, "cannot create '%s': %s", report, strerror(errno));
		return NULL;
	}
	f = fdopen(fd, "w");
	if (!f) {
		cmd_msg(cmd, "cannot write '%s': %s", report, strerror(errno));
		plat_close_fd(fd);
	}
	return f;
}

int cmd_report_close(const char *cmd, FILE *f, const char *report)
{
	int bad = ferror(f);

	if (fclose(f) != 0 || bad) {
		cmd_msg(cmd, "cannot write '%s': %s", report, strerror(errno ? errno : EIO));
		return -1;
	}
	return 0;
}
