/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cardout.c: write the NAS card as text or Markdown (cardout.h).
 *
 * One function builds both, switching only the separators, so the
 * terminal card, card.md and the image (which draws the text card)
 * cannot drift apart.  Figures: MB/s with two decimals and IOPS whole,
 * both straight from struct card (the summary.csv means), and the 95%
 * confidence interval's half-width as a percentage of the mean.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/card.h"
#include "iosweep.h"
#include "lib/strbuf.h"
#include "analysis/netbound.h"
#include "report/cardout.h"
#include "model/results.h"
#include "model/units.h"
#include "analysis/verdict.h"

static double mbps(double kbps)
{
	return kbps * 1024.0 / 1e6;
}

/* "112.34 +/-1.2%", "112.34", or "-" when not measured. */
static void cell_text(const struct card_cell *k, int md, char *out, size_t len)
{
	if (!k->found)
		snprintf(out, len, "-");
	else if (k->ci_pct >= 0)
		snprintf(out, len, "%.2f %s%.1f%%", k->mbps, md ? "±" : "+/-", k->ci_pct);
	else
		snprintf(out, len, "%.2f", k->mbps);
}

static void iops_text(const struct card_cell *k, char *out, size_t len)
{
	if (!k->found || !isfinite(k->iops))
		snprintf(out, len, "-");
	else
		snprintf(out, len, "%.0f", k->iops);
}

void cardout_missing(const struct card *c, char *out, size_t outlen)
{
	size_t at = 0;

	out[0] = '\0';
	for (size_t r = 0; r < CARD_NROWS && at < outlen; r++) {
		const struct card_row *row = &c->rows[r];
		if ((row->rd.found && row->wr.found) || row->left_out[0])
			continue;
		const char *what = !row->rd.found && !row->wr.found ? "" :
			!row->rd.found ? " read" : " write";
		at += (size_t)snprintf(out + at, outlen - at, "%s%s%s (no %s of %s "
				       "records at queue depth %u, %u thread%s)",
				       at ? "; " : "", row->name, what,
				       row->random ? "random I/O" : "sequential I/O",
				       row->record_kb == 4 ? "4 kB" : "1 MB", row->depth,
				       row->threads, row->threads == 1 ? "" : "s");
	}
}

static void rows(struct sbuf *b, const struct card *c, int md)
{
	char rd[48], wr[48], ri[32], wi[32];

	if (md) {
		sb_puts(b, "| Test | Read MB/s | Write MB/s | Read IOPS | Write IOPS |\n"
			"|---|---:|---:|---:|---:|\n");
	} else {
		sb_printf(b, "%-13s %18s %18s %11s %11s\n", "", "Read MB/s", "Write MB/s",
			  "Read IOPS", "Write IOPS");
	}
	for (size_t r = 0; r < CARD_NROWS; r++) {
		const struct card_row *row = &c->rows[r];
		cell_text(&row->rd, md, rd, sizeof(rd));
		cell_text(&row->wr, md, wr, sizeof(wr));
		iops_text(&row->rd, ri, sizeof(ri));
		iops_text(&row->wr, wi, sizeof(wi));
		if (md)
			sb_printf(b, "| %s | %s | %s | %s | %s |\n", row->name, rd, wr, ri, wi);
		else
			sb_printf(b, "%-13s %18s %18s %11s %11s\n", row->name, rd, wr, ri, wi);
	}
}

/*
 * What kept each row's I/Os in flight ("Engines: SEQ1M Q8T1 io_uring,
 * ..."), where its sources say; and one line per row a guided run left
 * out, with its reason.
 */
static void engines_left_out(struct sbuf *b, const struct card *c, int md)
{
	const char *sep = "";

	for (size_t r = 0; r < CARD_NROWS; r++) {
		const struct card_row *row = &c->rows[r];
		const char *eng = row->rd.found && row->rd.engine[0] ? row->rd.engine :
			row->wr.found ? row->wr.engine : "";
		if (!eng[0])
			continue;
		sb_printf(b, "%s%s %s", *sep ? sep : md ? "\nEngines: " : "Engines: ",
			  row->name, eng);
		sep = ", ";
	}
	if (*sep)
		sb_puts(b, "\n");
	for (size_t r = 0; r < CARD_NROWS; r++)
		if (c->rows[r].left_out[0])
			sb_printf(b, "%sLeft out: %s, because %s\n", md ? "\n" : "",
				  c->rows[r].name, c->rows[r].left_out);
}

static void plateau(struct sbuf *b, const struct card_cliff *k, const struct card_cell *s,
		    const char *dir, const char *bullet)
{
	char before[32], after[32], cache[32];

	if (k->found) {
		units_format_bytes_human(k->before_kb * 1024, before, sizeof(before));
		units_format_bytes_human(k->after_kb * 1024, after, sizeof(after));
		units_format_bytes_human(k->cache_kb * 1024, cache, sizeof(cache));
		sb_printf(b, "%s%s: %.1f MB/s up to %s files, %.1f MB/s from %s "
			  "(%.1fx; cache about %s)\n", bullet, dir, mbps(k->before_kbps),
			  before, mbps(k->after_kbps), after, k->ratio, cache);
	} else if (s->found) {
		units_format_bytes_human(s->file_kb * 1024, after, sizeof(after));
		sb_printf(b, "%s%s: %.1f MB/s on %s files, no cache cliff found\n",
			  bullet, dir, s->mbps, after);
	}
}

static void answers(struct sbuf *b, const struct verdicts *v, int md)
{
	int measured = 0;

	if (!v->nanswers)
		return;
	for (size_t i = 0; i < v->nanswers; i++)
		measured |= v->answers[i].measured;
	sb_printf(b, "\n%sWill it work?%s (%sfrom the sustained figures: read %.1f MB/s, "
		  "write %.1f MB/s)\n", md ? "**" : "", md ? "**" : "",
		  measured ? "measured where iosweep streams ran, else estimated " : "",
		  mbps(v->sustained_rd_kbps), mbps(v->sustained_wr_kbps));
	if (md)
		sb_puts(b, "\n| Workload | Needs | Answer |\n|---|---|---|\n");
	for (size_t i = 0; i < v->nanswers; i++) {
		const struct verdict_answer *a = &v->answers[i];
		if (md)
			sb_printf(b, "| %s | %s | %s |\n", a->name, a->need, a->answer);
		else
			sb_printf(b, "  %-46s %-28s %s\n", a->name, a->need, a->answer);
	}
}

static void list(struct sbuf *b, const char *title, const char (*lines)[VERDICT_TEXT],
		 size_t n, int md)
{
	if (!n)
		return;
	sb_printf(b, "\n%s%s%s\n", md ? "**" : "", title, md ? "**\n" : "");
	for (size_t i = 0; i < n; i++)
		sb_printf(b, "%s%s\n", md ? "- " : "  - ", lines[i]);
}

static void commands(struct sbuf *b, const struct card *c, int md)
{
	if (card_missing(c) == (1u << CARD_NROWS) - 1 && !c->files.found)
		return;
	sb_printf(b, "\n%sCommands behind each row%s\n%s", md ? "**" : "",
		  md ? "**\n" : "", md ? "```\n" : "");
	for (size_t r = 0; r < CARD_NROWS; r++) {
		const struct card_row *row = &c->rows[r];
		const struct card_cell *k[2] = { &row->rd, &row->wr };
		for (int d = 0; d < 2; d++) {
			if (!k[d]->found || (d == 1 && k[0]->found &&
					     !strcmp(k[0]->command, k[1]->command)))
				continue;
			sb_printf(b, "%s %s%s: %s\n", md ? "#" : "  ", row->name,
				  d == 1 ? " write" : "", k[d]->command[0] ? k[d]->command :
				  "(the source does not say)");
			sb_printf(b, "%s   from %s: %s, %llu kB file, %llu kB records\n",
				  md ? "#" : "  ", k[d]->source, results_col_name(k[d]->col),
				  (unsigned long long)k[d]->file_kb,
				  (unsigned long long)k[d]->record_kb);
			if (md)
				sb_printf(b, "%s\n", k[d]->command[0] ? k[d]->command : "");
		}
	}
	if (c->files.found)
		sb_printf(b, "%s small files: from %s\n", md ? "#" : "  ", c->files.source);
	if (md)
		sb_puts(b, "```\n");
}

/* "the box while the share ran (sweep): CPU 34% busy (peak 80%), sdb 97% busy" */
static void box_lines(struct sbuf *b, const struct card_box *box, const char *bullet)
{
	static const char *const phases[][2] = {
		{ "probe", "the probe" }, { "sweep", "the sweep" }, { "files", "small files" },
		{ "qd", "queue depth" }, { "streams", "the streams" },
	};
	char words[256];

	for (size_t i = 0; i < box->n; i++) {
		const struct card_box_phase *p = &box->phases[i];
		const char *name = p->name;
		if (p->seconds < 0.5)
			continue;
		for (size_t k = 0; k < sizeof(phases) / sizeof(phases[0]); k++)
			if (!strcmp(name, phases[k][0]))
				name = phases[k][1];
		card_box_words(p, words, sizeof(words));
		sb_printf(b, "%sthe box while the share ran (%s, %.0f s): %s\n", bullet, name,
			  p->seconds, words);
	}
}

void cardout_build(struct sbuf *b, const struct card *c, const struct verdicts *v,
		   const struct netbound_link *link, int format, int with_commands)
{
	int md = format == CARDOUT_MD;
	const char *bullet = md ? "- " : "  ";
	char missing[1024];

	if (md)
		sb_printf(b, "### %s NAS card%s%s\n\n", c->version[0] ? c->version :
			  "iosweep " IOSWEEP_VERSION, c->label[0] ? ": " : "", c->label);
	else
		sb_printf(b, "%s NAS card%s%s\n", c->version[0] ? c->version :
			  "iosweep " IOSWEEP_VERSION, c->label[0] ? ": " : "", c->label);
	rows(b, c, md);
	engines_left_out(b, c, md);
	cardout_missing(c, missing, sizeof(missing));
	if (missing[0])
		sb_printf(b, "%sNot in this run: %s.\n", md ? "\n" : "", missing);
	sb_printf(b, "\n%sSequential, 1 thread%s\n", md ? "**" : "", md ? "**" : "");
	plateau(b, &c->cliff_wr, &c->sustained_wr, "write", bullet);
	plateau(b, &c->cliff_rd, &c->sustained_rd, "read", bullet);
	if (!c->sustained_wr.found && !c->sustained_rd.found)
		sb_printf(b, "%sno sequential sweep over file sizes in this run\n", bullet);
	if (c->files.found)
		sb_printf(b, "%ssmall files: %.0f files/s created, %.0f files/s read "
			  "(mean of %zu trial%s)\n", bullet, c->files.create_fps,
			  c->files.read_fps, c->files.trials, c->files.trials == 1 ? "" : "s");
	else if (c->files_left_out[0])
		sb_printf(b, "%ssmall files: left out, because %s\n", bullet,
			  c->files_left_out);
	else
		sb_printf(b, "%ssmall files: not in this run\n", bullet);
	if (c->net.link_found)
		sb_printf(b, "%slink: measured (iosweep link): %.0f MB/s to the NAS, %.0f MB/s "
			  "from it, round trip %.3f ms%s\n", bullet, mbps(c->net.up_kbps),
			  mbps(c->net.down_kbps), c->net.rtt_ms,
			  link && link->kbps > 0 ? "; the verdicts use it, not --link" : "");
	else if (link && link->kbps > 0)
		sb_printf(b, "%slink: %s (%.0f MB/s nominal)\n", bullet, link->name,
			  mbps(link->kbps));
	else
		sb_printf(b, "%slink: not given (--link gigabit, 10gbe, 940mbit)\n", bullet);
	if (c->net.pool_found)
		sb_printf(b, "%sthe pool, on the NAS itself (through the agent): %.0f MB/s read, "
			  "%.0f MB/s written\n", bullet, mbps(c->net.pool_rd_kbps),
			  mbps(c->net.pool_wr_kbps));
	box_lines(b, &c->box, bullet);
	list(b, "Verdicts", v->lines, v->nlines, md);
	answers(b, v, md);
	list(b, "Warnings", v->warnings, v->nwarnings, md);
	if (with_commands)
		commands(b, c, md);
}
