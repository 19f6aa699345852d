/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_script.c: the toolkit every chart writer builds its script
 * with (gnuplot_script.h, gnuplot_script_priv.h): the terminals iosweep knows,
 * the templates of plots/ filled in, the terminal fragment, the "From:"
 * lines, the sets' names in plot titles, and the atomic writing of a
 * script.  It knows no chart: the writers sit above it.
 */
#include "compat.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "charts/gnuplot_script_priv.h"
#include "charts/gnuplot_script.h"
#include "iosweep.h"
#include "lib/builtin.h"
#include "lib/err.h"
#include "lib/outfile.h"
#include "lib/strbuf.h"
#include "model/results.h"

/* ------------------------------------------------------------------ */
/* terminals and templates */

/*
 * The terminals iosweep knows by family, and the file extension each
 * writes; the same families as plots/terminal.gp, which also accepts any
 * other terminal of the user's gnuplot (its output named .<terminal>).
 * png, pdf, eps, html and text are short names (png is pngcairo when
 * gnuplot has it).  A NULL extension: the terminal draws on the screen.
 */
static const struct {
	const char *name, *ext;
	int kind;
} terms[] = {
	{ "png", "png", GNUPLOT_TERM_FILE }, { "pngcairo", "png", GNUPLOT_TERM_FILE },
	{ "svg", "svg", GNUPLOT_TERM_FILE }, { "pdf", "pdf", GNUPLOT_TERM_FILE },
	{ "pdfcairo", "pdf", GNUPLOT_TERM_FILE }, { "dumb", "txt", GNUPLOT_TERM_FILE },
	{ "text", "txt", GNUPLOT_TERM_FILE }, { "txt", "txt", GNUPLOT_TERM_FILE },
	{ "canvas", "html", GNUPLOT_TERM_FILE }, { "html", "html", GNUPLOT_TERM_FILE },
	{ "eps", "eps", GNUPLOT_TERM_FILE }, { "epscairo", "eps", GNUPLOT_TERM_FILE },
	{ "postscript", "ps", GNUPLOT_TERM_FILE }, { "jpeg", "jpg", GNUPLOT_TERM_FILE },
	{ "gif", "gif", GNUPLOT_TERM_FILE }, { "emf", "emf", GNUPLOT_TERM_FILE },
	{ "cairolatex", "tex", GNUPLOT_TERM_FILE }, { "epslatex", "tex", GNUPLOT_TERM_FILE },
	{ "pslatex", "tex", GNUPLOT_TERM_FILE }, { "pstex", "tex", GNUPLOT_TERM_FILE },
	{ "pstricks", "tex", GNUPLOT_TERM_FILE }, { "pict2e", "tex", GNUPLOT_TERM_FILE },
	{ "texdraw", "tex", GNUPLOT_TERM_FILE }, { "tikz", "tex", GNUPLOT_TERM_FILE },
	{ "context", "tex", GNUPLOT_TERM_FILE }, { "lua", "tex", GNUPLOT_TERM_FILE },
	{ "mp", "mp", GNUPLOT_TERM_FILE }, { "mf", "mf", GNUPLOT_TERM_FILE },
	{ "qt", NULL, GNUPLOT_TERM_WINDOW }, { "wxt", NULL, GNUPLOT_TERM_WINDOW },
	{ "x11", NULL, GNUPLOT_TERM_WINDOW }, { "aqua", NULL, GNUPLOT_TERM_WINDOW },
	{ "windows", NULL, GNUPLOT_TERM_WINDOW },
	{ "sixelgd", NULL, GNUPLOT_TERM_SCREEN }, { "sixeltek", NULL, GNUPLOT_TERM_SCREEN },
	{ "domterm", NULL, GNUPLOT_TERM_SCREEN }, { "tek40xx", NULL, GNUPLOT_TERM_SCREEN },
	{ "tek410x", NULL, GNUPLOT_TERM_SCREEN }, { "vttek", NULL, GNUPLOT_TERM_SCREEN },
	{ "xterm", NULL, GNUPLOT_TERM_SCREEN }, { "kittycairo", NULL, GNUPLOT_TERM_SCREEN },
	{ "kittygd", NULL, GNUPLOT_TERM_SCREEN },
};

int gnuplot_term_kind(const char *name)
{
	if (!name || !*name || strlen(name) > 32)
		return GNUPLOT_TERM_INVALID;
	for (size_t i = 0; i < sizeof(terms) / sizeof(terms[0]); i++)
		if (strcmp(name, terms[i].name) == 0)
			return terms[i].kind;
	for (const char *p = name; *p; p++)   /* a terminal name is one word */
		if (!islower((unsigned char)*p) && !isdigit((unsigned char)*p) && *p != '_')
			return GNUPLOT_TERM_INVALID;
	return GNUPLOT_TERM_FILE;
}

int gnuplot_term_valid(const char *name)
{
	return gnuplot_term_kind(name) == GNUPLOT_TERM_FILE;
}

const char *gnuplot_term_ext(const char *term)
{
	for (size_t i = 0; term && i < sizeof(terms) / sizeof(terms[0]); i++)
		if (strcmp(term, terms[i].name) == 0)
			return terms[i].ext ? terms[i].ext : "";
	return gnuplot_term_kind(term) == GNUPLOT_TERM_FILE ? term : "png";
}

const char *gnuplot_term_why(const char *name)
{
	switch (gnuplot_term_kind(name)) {
	case GNUPLOT_TERM_WINDOW:
		return "opens a window, so iosweep cannot render it to a file; write "
		       "the scripts with another format and open one with "
		       "gnuplot -e \"term='qt'\" FILE.gp";
	case GNUPLOT_TERM_SCREEN:
		return "draws in the text terminal, so iosweep cannot render it to a "
		       "file; run gnuplot -e \"term='NAME'\" FILE.gp yourself";
	case GNUPLOT_TERM_FILE:
		return "a terminal this gnuplot does not have (see: gnuplot -e 'set terminal')";
	default:
		return "not a gnuplot terminal name (png, pngcairo, svg, pdf, pdfcairo, "
		       "dumb, canvas, eps, ...)";
	}
}

/* The terminal gnuplot knows a short name by ("pdf" is pdfcairo). */
const char *gnuplot_term_real(const char *name)
{
	static const char *const alias[][2] = {
		{ "pdf", "pdfcairo" }, { "eps", "epscairo" }, { "html", "canvas" },
		{ "text", "dumb" }, { "txt", "dumb" },
	};
	for (size_t i = 0; i < sizeof(alias) / sizeof(alias[0]); i++)
		if (strcmp(name, alias[i][0]) == 0)
			return alias[i][1];
	return name;
}

void gnuplot_pieces_release(struct gnuplot_pieces *p)
{
	sb_release(&p->title);
	sb_release(&p->what);
	sb_release(&p->from);
	sb_release(&p->data);
	sb_release(&p->tics);
	sb_release(&p->yaxis);
	sb_release(&p->ylabel);
	sb_release(&p->refs);
	sb_release(&p->plot);
}

/* Copy tmpl into out, replacing each @KEY@ by its value in vars. */
int gnuplot_template_fill(struct sbuf *out, const char *tmpl_name,
			 const struct tvar *vars, size_t nvars,
			 char *err, size_t errlen)
{
	const char *t = builtin_text(tmpl_name);
	if (!t)
		return err_set(err, errlen, "template '%s' is not built in", tmpl_name);
	while (*t) {
		const char *at = strchr(t, '@');
		if (!at) {
			sb_puts(out, t);
			break;
		}
		sb_add(out, t, (size_t)(at - t));
		size_t k = 1;
		while (isupper((unsigned char)at[k]) || at[k] == '_')
			k++;
		if (k == 1 || at[k] != '@') {
			sb_add(out, at, 1);
			t = at + 1;
			continue;
		}
		size_t i;
		for (i = 0; i < nvars; i++)
			if (strlen(vars[i].key) == k - 1 &&
			    strncmp(vars[i].key, at + 1, k - 1) == 0)
				break;
		if (i == nvars)
			return err_set(err, errlen, "template '%s': no value for @%.*s@",
				       tmpl_name, (int)(k - 1), at + 1);
		sb_puts(out, vars[i].val ? vars[i].val : "");
		t = at + k + 1;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* pieces of the scripts */

/* The comment lines about where the sets come from. */
void gnuplot_sb_from(struct sbuf *b, struct result_set *const *sets,
		    const char *const *sources, const size_t *which, size_t nwhich)
{
	for (size_t k = 0; k < nwhich; k++) {
		const struct result_meta *m = &sets[which[k]]->meta;
		sb_puts(b, "\n#   '");
		sb_plain(b, m->label ? m->label : "(no label)");
		sb_puts(b, "'");
		if (sources && sources[which[k]]) {
			sb_puts(b, " from ");
			sb_plain(b, sources[which[k]]);
		}
		sb_printf(b, ": %s %s", m->tool ? m->tool : "?",
			  m->version ? m->version : "");
		if (m->host) {
			sb_puts(b, " on ");
			sb_plain(b, m->host);
		}
		if (m->os) {
			sb_puts(b, " (");
			sb_plain(b, m->os);
			sb_puts(b, ")");
		}
		if (m->start_time) {
			sb_puts(b, ", ");
			sb_plain(b, m->start_time);
		}
		if (m->fs_type) {
			sb_puts(b, ", ");
			sb_plain(b, m->fs_type);
		}
		if (m->target_path) {
			sb_puts(b, ", file ");
			sb_plain(b, m->target_path);
		}
		if (m->data_pattern)
			sb_printf(b, ", data %s", m->data_pattern);
		if (m->flags & RESULTS_F_DIRECT)
			sb_puts(b, ", O_DIRECT");
		if (m->flags & RESULTS_F_FSYNC)
			sb_puts(b, ", fsync timed");
		if (m->flags & RESULTS_F_CLOSE)
			sb_puts(b, ", close timed");
		if (m->flags & RESULTS_F_IMPORTED)
			sb_puts(b, ", imported");
		if (m->command_line) {
			sb_puts(b, "\n#     command: ");
			sb_plain(b, m->command_line);
		}
	}
}

void gnuplot_set_name(struct sbuf *b, struct result_set *const *sets, size_t set)
{
	const char *label = sets[set]->meta.label;
	if (label && *label)
		sb_puts(b, label);
	else
		sb_printf(b, "set %zu", set + 1);
}

void gnuplot_set_title(struct sbuf *b, struct result_set *const *sets, size_t set,
		       const char *what)
{
	struct sbuf t = { 0 };
	gnuplot_set_name(&t, sets, set);
	if (what)
		sb_printf(&t, ": %s", what);
	sb_quoted(b, t.p ? t.p : "");
	if (t.failed)
		b->failed = 1;
	sb_release(&t);
}

/* Fill the terminal fragment. */
int gnuplot_terminal_text(struct sbuf *b, const char *name, const char *term,
			 int width, int height, char *err, size_t errlen)
{
	char w[16], h[16];
	snprintf(w, sizeof(w), "%d", width);
	snprintf(h, sizeof(h), "%d", height);
	const struct tvar vars[] = {
		{ "NAME", name }, { "TERM", term }, { "WIDTH", w }, { "HEIGHT", h },
	};
	return gnuplot_template_fill(b, "terminal.gp", vars, sizeof(vars) / sizeof(vars[0]),
			     err, errlen);
}

/*
 * A new string: s on one line, as the script's header shows it: what
 * follows a line break's "#" of a comment continued, runs of blanks one
 * space, trimmed; only the first line when first_line.  NULL: memory.
 */
static char *one_line(const char *s, int first_line)
{
	size_t n = strlen(s), o = 0;
	char *out = malloc(n + 1);

	if (!out)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (c == '\n' && first_line)
			break;
		if (c == '\n' && s[i + 1] == '#')
			i++;
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			if (o && out[o - 1] != ' ')
				out[o++] = ' ';
		} else {
			out[o++] = c;
		}
	}
	while (o && out[o - 1] == ' ')
		o--;
	out[o] = '\0';
	return out;
}

/* Write text to dir/name.gp atomically and remember the chart. */
int gnuplot_write_script(const char *dir, const char *name, const struct sbuf *text,
			 int col, const char *title, const char *what, int overwrite,
			 struct gnuplot_files *written, char *err, size_t errlen)
{
	struct outfile f;
	struct gnuplot_chart c = { .col = col };
	size_t n = strlen(dir) + strlen(name) + 8;

	c.path = malloc(n);
	c.title = one_line(title ? title : "", 1);
	c.alt = one_line(what ? what : "", 0);
	if (!c.path || !c.title || !c.alt || text->failed) {
		err_set(err, errlen, "cannot write '%s.gp': out of memory", name);
		goto fail;
	}
	snprintf(c.path, n, "%s/%s.gp", dir, name);
	if (outfile_open(&f, c.path, 0, overwrite, err, errlen) != 0)
		goto fail;
	static const char window_end[] =
		"\n# ---- a window (qt, wxt, x11, ...) stays open until it is closed\n"
		"if (exists(\"interactive\")) { if (interactive > 0) { pause mouse close } }\n";
	if (outfile_write(&f, text->p, text->len) != 0 ||
	    outfile_write(&f, window_end, sizeof(window_end) - 1) != 0) {
		outfile_abort(&f);
		err_set(err, errlen, "cannot write '%s': %s", c.path, strerror(errno));
		goto fail;
	}
	if (outfile_commit(&f, err, errlen) != 0)
		goto fail;
	struct gnuplot_chart *p = realloc(written->items, (written->n + 1) * sizeof(*p));
	if (!p) {
		err_set(err, errlen, "out of memory");
		goto fail;
	}
	written->items = p;
	written->items[written->n++] = c;
	return 0;
fail:
	free(c.path);
	free(c.title);
	free(c.alt);
	return -1;
}

void gnuplot_files_release(struct gnuplot_files *f)
{
	for (size_t i = 0; i < f->n; i++) {
		free(f->items[i].path);
		free(f->items[i].title);
		free(f->items[i].alt);
	}
	free(f->items);
	f->items = NULL;
	f->n = 0;
}
