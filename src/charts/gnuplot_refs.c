/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot_refs.c: the reference lines of the drive comparison (see
 * gnuplot.h): nominal interface rates such as 100 Mbit Ethernet, read from
 * CSV (the built-in data/reference-lines.csv or a user's file) with libcsv,
 * picked by forgiving names (case, spaces and punctuation ignored, a
 * unique prefix is enough), and drawn: the y axis of a chart that carries
 * them (switched to log when a linear one would squash them together),
 * their labels in the right margin and their plot items
 * (gnuplot_ref_yaxis, gnuplot_ref_plot_items; gnuplot_script_priv.h), for the
 * file-size charts of gnuplot_drive.c and the process-count charts of
 * gnuplot_tp.c alike.
 */
#include "compat.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <csv.h>

#include "charts/gnuplot_script_priv.h"
#include "charts/gnuplot_refs.h"
#include "charts/gnuplot_script.h"
#include "lib/builtin.h"
#include "lib/err.h"
#include "lib/strbuf.h"
#include "platform/platform.h"

void gnuplot_refs_release(struct gnuplot_refs *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->items[i].name);
		free(r->items[i].note);
	}
	free(r->items);
	r->items = NULL;
	r->n = 0;
}

static int refs_add(struct gnuplot_refs *r, const char *name, double kbps,
		    const char *note)
{
	struct gnuplot_ref *p = realloc(r->items, (r->n + 1) * sizeof(*p));
	if (!p)
		return -1;
	r->items = p;
	p = &r->items[r->n];
	p->name = strdup(name);
	p->note = strdup(note ? note : "");
	p->kbps = kbps;
	if (!p->name || !p->note) {
		free(p->name);
		free(p->note);
		return -1;
	}
	r->n++;
	return 0;
}

#define REF_FIELDS 3
#define REF_FIELD_MAX 512

struct ref_row {
	char field[REF_FIELDS][REF_FIELD_MAX];
	size_t nfields;
	int too_many, too_long;
};

static void ref_cb_field(void *s, size_t len, void *data)
{
	struct ref_row *row = data;
	if (row->nfields >= REF_FIELDS) {
		row->too_many = 1;
		return;
	}
	if (len >= REF_FIELD_MAX) {
		row->too_long = 1;
		len = REF_FIELD_MAX - 1;
	}
	memcpy(row->field[row->nfields], s ? s : "", s ? len : 0);
	row->field[row->nfields][s ? len : 0] = '\0';
	row->nfields++;
}

static void ref_cb_row(int c, void *data)
{
	(void)c;
	(void)data;
}

/* Parse one CSV line (without its newline) into row.  0 or -1. */
static int ref_parse_line(const char *line, size_t len, struct ref_row *row)
{
	struct csv_parser p;
	int rc = 0;

	memset(row, 0, sizeof(*row));
	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0)
		return -1;
	if (csv_parse(&p, line, len, ref_cb_field, ref_cb_row, row) != len)
		rc = -1;
	if (csv_fini(&p, ref_cb_field, ref_cb_row, row) != 0)
		rc = -1;
	csv_free(&p);
	return rc;
}

static const char *skip_space(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

int gnuplot_refs_parse(struct gnuplot_refs *out, const char *text, size_t len,
		       const char *origin, char *err, size_t errlen)
{
	struct gnuplot_refs r = { 0 };
	size_t lineno = 0;
	const char *end = text + len;

	for (const char *line = text; line < end;) {
		const char *nl = memchr(line, '\n', (size_t)(end - line));
		size_t n = nl ? (size_t)(nl - line) : (size_t)(end - line);
		const char *next = nl ? nl + 1 : end;
		struct ref_row row;

		lineno++;
		if (n && line[n - 1] == '\r')
			n--;
		const char *first = skip_space(line);
		if (first >= line + n || *first == '#') {
			line = next;
			continue;
		}
		if (ref_parse_line(line, n, &row) != 0 || row.too_long) {
			err_set(err, errlen, "%s:%zu: not a CSV row (name,kbps,note)",
				origin, lineno);
			goto fail;
		}
		if (lineno == 1 || (r.n == 0 && strcasecmp(skip_space(row.field[0]), "name") == 0)) {
			if (strcasecmp(skip_space(row.field[0]), "name") == 0) {
				line = next;
				continue;
			}
		}
		if (row.too_many || row.nfields < 2 || !*skip_space(row.field[0])) {
			err_set(err, errlen, "%s:%zu: expected 2 or 3 fields "
				"(name,kbps,note)", origin, lineno);
			goto fail;
		}
		char *e;
		const char *num = skip_space(row.field[1]);
		errno = 0;
		double kbps = strtod(num, &e);
		if (e == num || *skip_space(e) || errno || !isfinite(kbps) || kbps <= 0) {
			err_set(err, errlen, "%s:%zu: '%s' is not a rate in kB/s "
				"(a positive number)", origin, lineno, row.field[1]);
			goto fail;
		}
		if (refs_add(&r, skip_space(row.field[0]), kbps,
			     row.nfields > 2 ? row.field[2] : "")) {
			err_set(err, errlen, "%s: out of memory", origin);
			goto fail;
		}
		line = next;
	}
	if (r.n == 0) {
		err_set(err, errlen, "%s: no reference lines in it", origin);
		goto fail;
	}
	*out = r;
	return 0;
fail:
	gnuplot_refs_release(&r);
	return -1;
}

int gnuplot_refs_load(struct gnuplot_refs *out, const char *path,
		      char *err, size_t errlen)
{
	if (!path) {
		const char *t = builtin_text("reference-lines.csv");
		if (!t)
			return err_set(err, errlen, "the built-in reference lines are missing");
		return gnuplot_refs_parse(out, t, strlen(t), "reference-lines.csv",
					  err, errlen);
	}
	FILE *fp = plat_fopen(path, "rb");
	if (!fp)
		return err_set(err, errlen, "cannot open '%s': %s", path, strerror(errno));
	struct sbuf b = { 0 };
	char chunk[4096];
	size_t n;
	while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0)
		sb_add(&b, chunk, n);
	int rd_err = ferror(fp);
	fclose(fp);
	if (rd_err || b.failed) {
		err_set(err, errlen, "cannot read '%s': %s", path,
			b.failed ? "out of memory" : "read error");
		sb_release(&b);
		return -1;
	}
	int rc = gnuplot_refs_parse(out, b.p ? b.p : "", b.len, path, err, errlen);
	sb_release(&b);
	return rc;
}

/* Lower-case letters and digits only: "100 Mbit Ethernet" -> "100mbitethernet". */
static void ref_key(const char *s, char *out, size_t outlen)
{
	size_t o = 0;
	for (; *s && o + 1 < outlen; s++)
		if (isalnum((unsigned char)*s))
			out[o++] = (char)tolower((unsigned char)*s);
	out[o] = '\0';
}

/* Index of the line named (exactly, else by a unique prefix) or -1/-2 (ambiguous). */
static long ref_find(const struct gnuplot_refs *all, const char *name)
{
	char want[128], have[128];
	long found = -1;
	size_t nprefix = 0;

	ref_key(name, want, sizeof(want));
	if (!*want)
		return -1;
	for (size_t i = 0; i < all->n; i++) {
		ref_key(all->items[i].name, have, sizeof(have));
		if (strcmp(have, want) == 0)
			return (long)i;
		if (strncmp(have, want, strlen(want)) == 0) {
			found = (long)i;
			nprefix++;
		}
	}
	return nprefix > 1 ? -2 : found;
}

static const char *const default_refs[] = {
	"100 Mbit Ethernet", "FireWire 400", "gigabit Ethernet"
};

int gnuplot_refs_select(const struct gnuplot_refs *all, const char *names,
			struct gnuplot_refs *out, char *err, size_t errlen)
{
	struct gnuplot_refs r = { 0 };

	if (!names) {
		for (size_t i = 0; i < sizeof(default_refs) / sizeof(default_refs[0]); i++) {
			long k = ref_find(all, default_refs[i]);
			if (k >= 0 && refs_add(&r, all->items[k].name, all->items[k].kbps,
					       all->items[k].note))
				goto nomem;
		}
		*out = r;
		return 0;
	}
	if (strcmp(names, "none") == 0) {
		*out = r;
		return 0;
	}
	int every = strcmp(names, "all") == 0;
	const char *p = names;
	for (size_t i = 0; every ? i < all->n : *p; i++) {
		long k = (long)i;
		if (!every) {
			char name[128];
			size_t n = strcspn(p, ",");
			snprintf(name, sizeof(name), "%.*s", (int)(n < 127 ? n : 127), p);
			p += n + (p[n] == ',');
			k = ref_find(all, name);
			if (k < 0) {
				struct sbuf known = { 0 };
				for (size_t j = 0; j < all->n; j++) {
					sb_puts(&known, j ? ", " : "");
					sb_puts(&known, all->items[j].name);
				}
				err_set(err, errlen, "--ref '%s': %s reference line (known: %s)",
					name, k == -2 ? "ambiguous" : "unknown",
					known.p ? known.p : "none");
				sb_release(&known);
				gnuplot_refs_release(&r);
				return -1;
			}
		}
		if (refs_add(&r, all->items[k].name, all->items[k].kbps, all->items[k].note))
			goto nomem;
	}
	*out = r;
	return 0;
nomem:
	gnuplot_refs_release(&r);
	return err_set(err, errlen, "reference lines: out of memory");
}

/* ------------------------------------------------------------------ */
/* drawing them */

/* 12207.03 -> "12,207" (decimals digits after the point). */
static void fmt_thousands(double v, int decimals, char *out, size_t outlen)
{
	char digits[64];
	snprintf(digits, sizeof(digits), "%.*f", decimals, fabs(v));
	const char *dot = strchr(digits, '.');
	size_t intlen = dot ? (size_t)(dot - digits) : strlen(digits);
	size_t o = 0;
	if (v < 0 && o + 1 < outlen)
		out[o++] = '-';
	for (size_t i = 0; digits[i] && o + 1 < outlen; i++) {
		if (i < intlen && i > 0 && (intlen - i) % 3 == 0 && o + 2 < outlen)
			out[o++] = ',';
		out[o++] = digits[i];
	}
	out[o] = '\0';
}

/* A gnuplot double-quoted string: backslash and " escaped, a newline as a line break. */
static void sb_dquoted(struct sbuf *b, const char *s)
{
	sb_puts(b, "\"");
	for (; s && *s; s++) {
		if (*s == '"' || *s == '\\')
			sb_printf(b, "\\%c", *s);
		else if (*s == '\n')
			sb_puts(b, "\\n");
		else if ((unsigned char)*s < 0x20)
			sb_puts(b, " ");
		else
			sb_add(b, s, 1);
	}
	sb_puts(b, "\"");
}

/*
 * The y axis of a chart with reference lines: its range, fixed so that a
 * line's height on the axis is known here, and whether it is logarithmic.
 * A linear axis on which two reference lines, or the lowest line and the
 * x axis, come closer than REF_MIN_GAP of the axis squashes the lines
 * together (the data far above them: a 16 GB/s cache against 12 MB/s
 * Ethernet); such a chart switches to a log axis and says so.
 */
#define REF_MIN_GAP 0.05

struct yaxis {
	int log;            /* logarithmic */
	int auto_log;       /* switched to log because the lines were squashed */
	double lo, hi;      /* the range, in the data unit (kB/s) */
};

static void yaxis_pick(double ymin, double ymax, const struct gnuplot_refs *refs,
		       int log_y, struct yaxis *ya)
{
	size_t n = refs ? refs->n : 0;
	memset(ya, 0, sizeof(*ya));
	ya->log = log_y;
	ya->hi = ymax > 0 ? ymax * 1.08 : 1;
	if (!log_y && n) {
		double lowest = HUGE_VAL, gap = HUGE_VAL;
		for (size_t i = 0; i < n; i++) {
			double v = refs->items[i].kbps;
			lowest = v < lowest ? v : lowest;
			for (size_t j = 0; j < n; j++)
				if (j != i && refs->items[j].kbps >= v &&
				    refs->items[j].kbps - v < gap)
					gap = refs->items[j].kbps - v;
		}
		if (lowest < gap)
			gap = lowest;
		if (gap / ya->hi < REF_MIN_GAP) {
			ya->log = 1;
			ya->auto_log = 1;
		}
	}
	if (ya->log) {
		double lo = ymin > 0 && ymin < HUGE_VAL ? ymin : 1;
		ya->lo = lo / 1.6;
		ya->hi = (ymax > lo ? ymax : lo * 10) * 1.6;
	}
}

/* Height of the value v (data unit) on the axis: 0 at the bottom, 1 at the top. */
static double yaxis_pos(const struct yaxis *ya, double v)
{
	if (ya->log)
		return v > 0 ? log(v / ya->lo) / log(ya->hi / ya->lo) : 0;
	return v / ya->hi;
}

/*
 * Reference lines: labels now, plot items later.  The labels stand in the
 * right margin, each beside the end of its line (joined to it by a short
 * leader where it had to move): the lines end at the plot's border, so no
 * line can cross a label, and the labels are spread apart vertically so
 * no two overlap.  A label is two lines (name, nominal rate) when all fit
 * so, else one (the name).
 */
#define REF_LABEL_GAP2 0.075   /* height of a two-line label, as a fraction of the axis */
#define REF_LABEL_GAP1 0.042   /* of a one-line label */
#define REF_MAX 64

static void ref_labels(struct sbuf *b, const struct gnuplot_refs *refs,
		       const struct yaxis *ya, double scale, const char *unit_name)
{
	size_t n = refs ? refs->n : 0, order[REF_MAX];
	double pos[REF_MAX], q[REF_MAX];

	if (n > REF_MAX)
		n = REF_MAX;
	if (!n)
		return;
	for (size_t i = 0; i < n; i++) {     /* lowest first (insertion sort) */
		size_t k = i;
		pos[i] = yaxis_pos(ya, refs->items[i].kbps);
		while (k > 0 && pos[order[k - 1]] > pos[i]) {
			order[k] = order[k - 1];
			k--;
		}
		order[k] = i;
	}
	double gap = (double)n * REF_LABEL_GAP2 <= 1.0 ? REF_LABEL_GAP2 : REF_LABEL_GAP1;
	/* spread: each label at least gap above the one below, the top one
	 * inside the axis, the bottom one no lower than its half height */
	for (size_t k = 0; k < n; k++) {
		q[k] = pos[order[k]];
		if (q[k] < gap / 2)
			q[k] = gap / 2;
		if (k && q[k] < q[k - 1] + gap)
			q[k] = q[k - 1] + gap;
	}
	for (size_t k = n; k-- > 0;) {
		double top = k + 1 < n ? q[k + 1] - gap : 1.0 - gap / 2;
		if (q[k] > top)
			q[k] = top;
	}
	sb_printf(b, "set rmargin %d\n", gap == REF_LABEL_GAP2 ? 19 : 21);
	for (size_t k = 0; k < n; k++) {
		size_t i = order[k];
		const struct gnuplot_ref *r = &refs->items[i];
		char num[64];
		struct sbuf lab = { 0 };
		fmt_thousands(r->kbps / scale, scale > 1 ? 1 : 0, num, sizeof(num));
		if (gap == REF_LABEL_GAP2)
			sb_printf(&lab, "%s\nnominal %s %s", r->name, num, unit_name);
		else
			sb_puts(&lab, r->name);
		sb_printf(b, "# %s (nominal %s %s): ", r->name, num, unit_name);
		sb_plain(b, r->note);
		sb_printf(b, "\nset label %zu ", i + 1);
		sb_dquoted(b, lab.p ? lab.p : "");
		sb_printf(b, " at graph 1.03, graph %.4f left font ',8' tc rgb '#505050' front\n",
			  q[k]);
		sb_printf(b, "set arrow from graph 1, first %.6f/scale to graph 1.025, graph %.4f "
			  "nohead dt 2 lw 1 lc rgb '#808080'\n", r->kbps, q[k]);
		sb_release(&lab);
	}
}

int gnuplot_ref_yaxis(struct sbuf *yaxis, struct sbuf *labels,
		      const struct gnuplot_refs *rl, double ymin, double ymax, int log_y,
		      double scale, const char *unit_name)
{
	struct yaxis ya;
	yaxis_pick(ymin, ymax, rl, log_y, &ya);
	if (!rl || !rl->n)
		sb_puts(yaxis, ya.log ? "set logscale y 10\nset yrange [*:*]" : "set yrange [0:*]");
	else if (ya.log)
		sb_printf(yaxis, "set logscale y 10\nset yrange [%.6g/scale:%.6g/scale]",
			  ya.lo, ya.hi);
	else
		sb_printf(yaxis, "set yrange [0:%.6g/scale]", ya.hi);
	if (ya.auto_log)
		sb_puts(yaxis, "\n# log scale: on a linear axis the data (up to the top) would "
			"squash the reference lines together at the bottom"
			"\nset label 100 'log scale: the data lie far above the reference "
			"lines' at graph 0.5, graph 1.015 center font ',8' tc rgb '#505050'");
	ref_labels(labels, rl, &ya, scale, unit_name);
	if (!rl || !rl->n)
		sb_puts(labels, "# (none)");
	return ya.log;
}

void gnuplot_ref_plot_items(struct sbuf *b, const struct gnuplot_refs *refs)
{
	for (size_t i = 0; refs && i < refs->n; i++)
		sb_printf(b, ", \\\n     %.6f/scale with lines dt 2 lw 1.2 lc rgb '#808080' notitle",
			  refs->items[i].kbps);
}
