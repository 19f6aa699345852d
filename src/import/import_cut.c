/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import_cut.c: the command line of a table whose header was cut (see
 * import_priv.h, import_cut_command).  Its own "Command line used:",
 * when that line was kept, else three sources, in this order:
 *
 *  1. --command: the user's word, taken as given (its unit, as its own
 *     line's, must agree with a unit line the report kept, else the
 *     import is refused);
 *  2. the nearest command line the page's text gives above the table
 *     (import_unwrap, import_cmdtext.h): an author's sentence may speak of
 *     another table than this one, so it is taken only when it describes
 *     this one: every row's file and record size among its -s and -r (or
 *     within its -n/-g and -y/-q), and its unit the one of a unit line
 *     the report kept.  A span may hold several runs ("iozone ... -s 100M
 *     ; sleep 300 ; iozone ... -s 2000M"): their sizes are read together;
 *  3. none: the figures in kB/s, IOzone's default (or the unit a line of
 *     the report gives), their tests read from the column header alone.
 *
 * A note says which was taken and, when the text's was left, why.  What
 * is taken stands for the option lines that were cut (-O, -N, -I, -e ...
 * as import_scan_cmdline reads them) and is read as the header's
 * "Command line used:" is: its -i tests must account for every figure of
 * a row (import_text.c).
 */
#include "compat.h"

#include <stdio.h>
#include <string.h>

#include "import/import.h"
#include "import/import_priv.h"
#include "import/import_unwrap.h"
#include "lib/err.h"
#include "model/results.h"
#include "model/units.h"

#define CUT_MAX_SIZES 32

/* What a command line says of the grid; 0 or no values: it says nothing. */
struct cut_grid {
	uint64_t file_kb[CUT_MAX_SIZES], record_kb[CUT_MAX_SIZES];
	size_t nfile, nrecord;
	int file_unread, record_unread;  /* a -s or -r whose value is no size */
	uint64_t min_file_kb, max_file_kb, min_record_kb, max_record_kb;
};

/* One option's argument, as a size in kB into the grid. */
static void grid_value(struct cut_grid *g, char opt, const char *arg, size_t len)
{
	char buf[32], err[128];
	uint64_t kb = 0;
	int ok = len < sizeof(buf);

	if (ok) {
		memcpy(buf, arg, len);
		buf[len] = '\0';
		ok = units_parse_size_kb(buf, &kb, err, sizeof(err)) == 0;
	}
	switch (opt) {
	case 's':
		if (ok && g->nfile < CUT_MAX_SIZES)
			g->file_kb[g->nfile++] = kb;
		else
			g->file_unread = 1;
		break;
	case 'r':
		if (ok && g->nrecord < CUT_MAX_SIZES)
			g->record_kb[g->nrecord++] = kb;
		else
			g->record_unread = 1;
		break;
	case 'n':
		g->min_file_kb = ok ? kb : 0;
		break;
	case 'g':
		g->max_file_kb = ok ? kb : 0;
		break;
	case 'y':
		g->min_record_kb = ok ? kb : 0;
		break;
	case 'q':
		g->max_record_kb = ok ? kb : 0;
		break;
	default:
		break;
	}
}

/* Read -s, -r, -n, -g, -y and -q of every run in cmd, getopt's way. */
static void scan_grid(const char *cmd, struct cut_grid *g)
{
	const char *p = cmd, *tok;
	size_t n;
	char want = 0;

	memset(g, 0, sizeof(*g));
	while ((tok = import_next_word(&p, &n)) != NULL) {
		if (want) {
			grid_value(g, want, tok, n);
			want = 0;
			continue;
		}
		if (tok[0] != '-' || n < 2 || tok[1] == '+')
			continue;
		for (size_t k = 1; k < n; k++) {
			if (!strchr(import_iozone_arg_letters, tok[k]))
				continue;
			if (k + 1 < n)
				grid_value(g, tok[k], tok + k + 1, n - k - 1);
			else
				want = tok[k];
			break;
		}
	}
}

static int among(uint64_t v, const uint64_t *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (list[i] == v)
			return 1;
	return 0;
}

/* Does every row fit g?  Else why not, into why. */
static int grid_fits(const struct cut_grid *g, const struct import_row_size *rows,
		     size_t nrows, char *why, size_t whylen)
{
	for (size_t i = 0; i < nrows; i++) {
		const struct import_row_size *r = &rows[i];
		const char *what = NULL;
		if (g->nfile && !g->file_unread && !among(r->file_kb, g->file_kb, g->nfile))
			what = "a file size its -s does not name";
		else if (g->nrecord && !g->record_unread &&
			 !among(r->record_kb, g->record_kb, g->nrecord))
			what = "a record size its -r does not name";
		else if (!g->nfile && ((g->min_file_kb && r->file_kb < g->min_file_kb) ||
				       (g->max_file_kb && r->file_kb > g->max_file_kb)))
			what = "a file size outside its -n and -g";
		else if (!g->nrecord && ((g->min_record_kb && r->record_kb < g->min_record_kb) ||
					 (g->max_record_kb && r->record_kb > g->max_record_kb)))
			what = "a record size outside its -y and -q";
		if (what) {
			snprintf(why, whylen, "line %u has %s (%llu kB / %llu kB)", r->line, what,
				 (unsigned long long)r->file_kb, (unsigned long long)r->record_kb);
			return 0;
		}
	}
	return 1;
}

static const char *unit_word(int unit)
{
	return unit == RESULTS_UNIT_OPS ? "operations per second (-O)" :
	       unit == RESULTS_UNIT_USEC ? "microseconds per operation (-N)" : "kB/s";
}

/*
 * Take cmd as the table's command line (it may be rs's own already): its
 * options stand for the header lines that were cut.  0 or -1 (out of memory).
 */
static int take(struct result_set *rs, const char *path, const char *cmd, int unit_seen,
		char *err, size_t errlen)
{
	uint32_t tests = 0;
	unsigned flags = 0;
	int unit = RESULTS_UNIT_KBPS;

	import_scan_cmdline(cmd, &tests, &flags, &unit);
	if (cmd != rs->meta.command_line && results_set_str(&rs->meta.command_line, cmd))
		return err_set(err, errlen, "%s: out of memory", path);
	rs->meta.flags |= flags;
	if (!unit_seen)
		rs->meta.source_unit = unit;
	return 0;
}

/* The unit cmd gives. */
static int cmd_unit(const char *cmd)
{
	uint32_t tests = 0;
	unsigned flags = 0;
	int unit = RESULTS_UNIT_KBPS;

	import_scan_cmdline(cmd, &tests, &flags, &unit);
	return unit;
}

/* See import_priv.h. */
int import_cut_command(struct result_set *rs, const char *path,
		       const struct import_report *rep, const struct import_opts *opts,
		       const struct import_row_size *rows, size_t nrows, int unit_seen,
		       char *err, size_t errlen)
{
	const char *own = rs->meta.command_line;
	const char *cmd = own ? own : opts ? opts->command : NULL;
	int have = rs->meta.source_unit;
	char why[160];

	if (cmd) {
		if (unit_seen && cmd_unit(cmd) != have)
			return err_set(err, errlen, "%s:%u: %s gives %s, but the report's own "
				       "line gives %s", path, rep->header_line,
				       own ? "its command line" : "--command",
				       unit_word(cmd_unit(cmd)), unit_word(have));
		return take(rs, path, cmd, unit_seen, err, errlen);
	}
	cmd = rep->command;
	if (cmd) {
		struct cut_grid g;
		scan_grid(cmd, &g);
		if (unit_seen && cmd_unit(cmd) != have)
			snprintf(why, sizeof(why), "it gives %s, the report's own line %s",
				 unit_word(cmd_unit(cmd)), unit_word(have));
		else if (grid_fits(&g, rows, nrows, why, sizeof(why))) {
			import_note(opts, "%s:%u: a table without IOzone's header: its command line "
				    "is the one the text gives at line %u: %s", path,
				    rep->header_line, rep->command_line, cmd);
			return take(rs, path, cmd, unit_seen, err, errlen);
		}
		import_note(opts, "%s:%u: the command line at line %u is not this table's (%s): "
			    "%s", path, rep->header_line, rep->command_line, why, cmd);
	}
	import_note(opts, "%s:%u: a table without IOzone's header or a command line: "
		    "its figures are %s%s, its tests those of the column header", path,
		    rep->header_line, unit_word(have),
		    unit_seen ? " (the report's own line)" : " (IOzone's default)");
	return 0;
}
