/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_run.c: running the gnuplot program on the chart scripts (see
 * gnuplot_run.h).  gnuplot is found on PATH, or is
 * $IOSWEEP_GNUPLOT; it runs through plat_run (no shell, so no quoting of
 * paths) in the script's directory, its messages are collected so
 * a failure can name gnuplot's own error line, and a render counts only
 * when the output file appeared and is not empty.
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "charts/gnuplot_run.h"
#include "charts/gnuplot_script.h"
#include "lib/err.h"
#include "platform/platform.h"

static const char *gnuplot_program(void)
{
	const char *p = getenv("IOSWEEP_GNUPLOT");
	return p && *p ? p : "gnuplot";
}

int gnuplot_available(void)
{
	return plat_program_found(gnuplot_program());
}

void gnuplot_render_hint(const char *dir, const char *term, char *out, size_t outlen)
{
	if (term && strcmp(term, "png") != 0)
		snprintf(out, outlen, "install gnuplot, then: cd '%s' && for f in *.gp; do "
			 "gnuplot -e \"term='%s'\" \"$f\"; done", dir, term);
	else
		snprintf(out, outlen, "install gnuplot, then: cd '%s' && for f in *.gp; do "
			 "gnuplot \"$f\"; done", dir);
}

/*
 * The line of gnuplot's messages that says what went wrong: its
 * '"x.gp" line 3: ...' line, else one that mentions an error, else the first.
 */
static void first_error_line(const char *msg, char *out, size_t outlen)
{
	const char *best = NULL;
	int best_rank = 0;
	for (const char *p = msg; *p;) {
		size_t n = strcspn(p, "\n");
		const char *e = strstr(p, "rror"), *l = strstr(p, "\" line ");
		int rank = n == 0 ? 0 : (*p == '"' && l && (size_t)(l - p) < n) ? 3
			: (e && (size_t)(e - p) < n) ? 2 : 1;
		if (rank > best_rank) {
			best = p;
			best_rank = rank;
		}
		p += n + (p[n] != '\0');
	}
	size_t n = best ? strcspn(best, "\n") : 0;
	snprintf(out, outlen, "%.*s", (int)(n < 300 ? n : 300), best ? best : "no message");
}

/*
 * Run gnuplot with args (args[0] is replaced by the program) in dir, its
 * stdin and stdout on the null device and its messages (stderr, where
 * gnuplot's print writes too) collected into msg (plat_run).  The exit
 * code goes to *status (-1 when killed).  0, or -1 with err set when it
 * could not be run.
 */
static int gnuplot_run(const char *dir, const char **args, char *msg, size_t msgcap,
		       int *status, char *err, size_t errlen)
{
	args[0] = gnuplot_program();
	return plat_run(args[0], args, dir, msg, msgcap, status, err, errlen);
}

int gnuplot_has_term(const char *term, char *err, size_t errlen)
{
	char arg[] = "print GPVAL_TERMINALS", terms[4096], want[48];
	const char *args[] = { NULL, "-e", arg, NULL };
	int status = 0;

	if (!gnuplot_available())
		return err_set(err, errlen, "gnuplot not found");
	if (gnuplot_run(".", args, terms, sizeof(terms), &status, err, errlen) != 0)
		return -1;
	if (status != 0) {
		char line[512];
		first_error_line(terms, line, sizeof(line));
		return err_set(err, errlen, "gnuplot failed listing its terminals: %s", line);
	}
	for (char *p = terms; *p; p++)   /* one list of words between spaces */
		if (*p == '\n' || *p == '\t')
			*p = ' ';
	const char *t = gnuplot_term_real(term);
	snprintf(want, sizeof(want), " %s ", t);
	if (strstr(terms, want))
		return 1;
	return strcmp(t, "png") == 0 && strstr(terms, " pngcairo ");
}

int gnuplot_render(const char *gp_path, const char *term, char *err, size_t errlen)
{
	const char *t = term ? term : "png";
	const char *slash = strrchr(gp_path, '/');
	size_t plen = strlen(gp_path);
	char dir[4096], base[1024], termarg[64], outp[4200], msg[4096];
	int status = 0;
	uint64_t size = 0;

	if (!gnuplot_term_valid(t))
		return err_set(err, errlen, "terminal '%s': %s", t, gnuplot_term_why(t));
	if (plen < 4 || strcmp(gp_path + plen - 3, ".gp") != 0)
		return err_set(err, errlen, "'%s' is not a .gp script", gp_path);
	snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - gp_path) : 1,
		 slash ? gp_path : ".");
	if (slash == gp_path)
		snprintf(dir, sizeof(dir), "/");
	snprintf(base, sizeof(base), "%s", slash ? slash + 1 : gp_path);
	snprintf(termarg, sizeof(termarg), "term='%s'", t);
	snprintf(outp, sizeof(outp), "%.*s.%s", (int)(plen - 3), gp_path, gnuplot_term_ext(t));

	const char *args[] = { NULL, "-e", termarg, base, NULL };
	if (gnuplot_run(dir, args, msg, sizeof(msg), &status, err, errlen) != 0)
		return -1;
	if (status != 0) {
		char line[512];
		first_error_line(msg, line, sizeof(line));
		return err_set(err, errlen, "gnuplot failed on '%s': %s", gp_path, line);
	}
	if (plat_stat(outp, 1, &size) != PLAT_FILE || size == 0) {
		char line[512];
		first_error_line(msg, line, sizeof(line));
		return err_set(err, errlen, "gnuplot made no '%s' from '%s'%s%s", outp, gp_path,
			       msg[0] ? ": " : "", msg[0] ? line : "");
	}
	return 0;
}
