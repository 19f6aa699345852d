/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cliffout.c: cliff_detect's findings written out (see cliffout.h):
 * cliffs.csv through libcsv's quoting and the outfile's atomic rename,
 * the text report's "Cache cliffs" section, the findings' sentences
 * first and then a row per cliff, and the sentences themselves, which
 * the charts, the HTML report and report.json share.  Kept apart from
 * cliff.c, which only finds and classifies.  The cliffs in time
 * (cliff_time.h) have their own sentence, section and timecliffs.csv.
 */
#include "compat.h"

#include <csv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cliff.h"
#include "analysis/cliff_time.h"
#include "lib/outfile.h"
#include "lib/strbuf.h"
#include "report/cliffout.h"
#include "model/results.h"
#include "model/timeline.h"
#include "model/units.h"

static void format_ratio(double r, char *out, size_t outlen)
{
	snprintf(out, outlen, r >= 3.0 ? "%.0f" : "%.1f", r);
}

/* Does the mask of tests hold reads only? */
static int reads_only(uint32_t cols_mask)
{
	for (int col = 0; col < RC_COUNT; col++)
		if ((cols_mask & (1u << col)) && results_col_writes(col))
			return 0;
	return 1;
}

char *cliffout_sentence(const struct cliff_list *l, size_t k)
{
	const struct cliff_finding *g = &l->findings[k];
	struct sbuf s = { 0 };
	size_t ntests = 0, done = 0;

	for (int col = 0; col < RC_COUNT; col++)
		ntests += (g->cols_mask >> col) & 1u;
	for (int col = 0; col < RC_COUNT; col++) {
		if (!(g->cols_mask & (1u << col)))
			continue;
		const char *sep = done == 0 ? "" : done + 1 == ntests ? " and " : ", ";
		sb_printf(&s, "%s%s", sep, results_col_name(col));
		done++;
	}
	char r1[32], r2[32], b1[32], b2[32], cs[32], q1[32], q2[32];
	format_ratio(g->ratio_min, r1, sizeof(r1));
	format_ratio(g->ratio_max, r2, sizeof(r2));
	units_format_size_kb(g->before_kb, b1, sizeof(b1));
	units_format_size_kb(g->after_kb, b2, sizeof(b2));
	units_format_size_kb(g->cache_kb, cs, sizeof(cs));
	units_format_size_kb(g->record_min_kb, q1, sizeof(q1));
	units_format_size_kb(g->record_max_kb, q2, sizeof(q2));
	sb_printf(&s, "%s", ntests > 2 ? " all fall " :
		  ntests == 2 ? " both fall " : " falls ");
	if (strcmp(r1, r2) == 0)
		sb_printf(&s, "%sx", r1);
	else
		sb_printf(&s, "%s-%sx", r1, r2);
	if (g->kind == CLIFF_KIND_WRITEBACK && l->ram_kb) {
		char ram[32];
		units_format_size_kb(l->ram_kb, ram, sizeof(ram));
		sb_printf(&s, " between %s and %s: write-back, not a cache: "
			  "the client's dirty-page limit of about %s (%.0f%% of its %s "
			  "of RAM) is full and the rest goes at the device's speed; "
			  "-e puts the flush in the timing", b1, b2, cs,
			  100.0 * (double)g->cache_kb / (double)l->ram_kb, ram);
	} else if (g->kind == CLIFF_KIND_CPU_CACHE) {
		sb_printf(&s, " between %s and %s: CPU cache of about %s, "
			  "not the storage's: the file was in memory", b1, b2, cs);
	} else if (l->cold_share && reads_only(g->cols_mask)) {
		sb_printf(&s, " between %s and %s: the NAS's cache of about %s, not this "
			  "computer's, whose page cache --cold dropped before every read",
			  b1, b2, cs);
	} else {
		sb_printf(&s, " between %s and %s: cache of about %s", b1, b2, cs);
	}
	if (g->record_min_kb == g->record_max_kb)
		sb_printf(&s, " (record size %s)", q1);
	else
		sb_printf(&s, " (record sizes %s to %s)", q1, q2);
	if (g->edge)
		sb_printf(&s, "; at the edge of the sweep: extend -g");
	if (s.failed) {
		sb_release(&s);
		return NULL;
	}
	return s.p;
}

char **cliffout_sentences(const struct cliff_list *l)
{
	char **out = calloc(l->nfindings ? l->nfindings : 1, sizeof(*out));

	for (size_t k = 0; out && k < l->nfindings; k++)
		if (!(out[k] = cliffout_sentence(l, k))) {
			cliffout_sentences_free(out, k);
			return NULL;
		}
	return out;
}

void cliffout_sentences_free(char **s, size_t n)
{
	for (size_t k = 0; s && k < n; k++)
		free(s[k]);
	free(s);
}

/* One CSV field through libcsv's quoting. */
static int csv_field(struct outfile *f, const char *s, int last)
{
	size_t len = strlen(s);
	size_t need = csv_write(NULL, 0, s, len);
	char *buf = malloc(need + 1);
	if (!buf) {
		f->failed = 1;
		return -1;
	}
	csv_write(buf, need, s, len);
	int rc = outfile_write(f, buf, need);
	free(buf);
	if (rc == 0)
		rc = outfile_write(f, last ? "\n" : ",", 1);
	return rc;
}

int cliffout_csv(const struct result_set *rs, const struct cliff_list *l,
		 const char *path, int overwrite, char *err, size_t errlen)
{
	struct outfile f;
	if (outfile_open(&f, path, 0, overwrite, err, errlen))
		return -1;
	const char *label = rs && rs->meta.label ? rs->meta.label : "";
	outfile_printf(&f, "label,test,record_kb,before_kb,after_kb,"
		       "level_before_kb_per_s,level_after_kb_per_s,ratio,"
		       "confidence,estimated_cache_kb,finding,kind,edge\n");
	for (size_t i = 0; i < l->n; i++) {
		const struct cliff *c = &l->items[i];
		csv_field(&f, label, 0);
		csv_field(&f, results_col_name(c->col), 0);
		outfile_printf(&f, "%llu,%llu,%llu,%.0f,%.0f,%.2f,%.2f,%llu,%d,%s,%d\n",
			       (unsigned long long)c->record_kb,
			       (unsigned long long)c->before_kb,
			       (unsigned long long)c->after_kb,
			       c->level_before_kbps, c->level_after_kbps,
			       c->ratio, c->confidence,
			       (unsigned long long)c->estimated_cache_kb,
			       c->finding + 1, cliff_kind_name(c->kind), c->edge);
	}
	return outfile_commit(&f, err, errlen);
}

void cliffout_text(FILE *out, const struct cliff_list *l)
{
	fprintf(out, "\nCache cliffs\n");
	if (l->n == 0) {
		fprintf(out, "\tnone found: throughput does not fall with file size "
			"beyond the noise\n");
		return;
	}
	for (size_t g = 0; g < l->nfindings; g++) {
		char *s = cliffout_sentence(l, g);
		fprintf(out, "\t%zu. %s\n", g + 1, s ? s : "(out of memory)");
		free(s);
	}
	fprintf(out, "\n\t%-16s %10s %12s %12s %14s %14s %7s %6s %12s  %s\n",
		"test", "record kB", "before kB", "after kB", "kB/s before",
		"kB/s after", "ratio", "conf", "cache kB", "kind");
	for (size_t i = 0; i < l->n; i++) {
		const struct cliff *c = &l->items[i];
		fprintf(out, "\t%-16s %10llu %12llu %12llu %14.0f %14.0f %7.2f %6.2f %12llu  %s%s\n",
			results_col_name(c->col), (unsigned long long)c->record_kb,
			(unsigned long long)c->before_kb,
			(unsigned long long)c->after_kb, c->level_before_kbps,
			c->level_after_kbps, c->ratio, c->confidence,
			(unsigned long long)c->estimated_cache_kb, cliff_kind_name(c->kind),
			c->edge ? ", at the edge: extend -g" : "");
	}
}

/* ---- cliffs in time (cliff_time.h) ---------------------------------- */

char *cliffout_time_sentence(const struct tcliff *c)
{
	struct sbuf s = { 0 };
	char at[32], file[32], rec[32], ratio[16];
	int reads = results_col_reads(c->col);
	uint64_t at_kb = c->at_bytes / 1024;

	units_format_size_kb(at_kb, at, sizeof(at));
	units_format_size_kb(c->file_kb, file, sizeof(file));
	units_format_size_kb(c->record_kb, rec, sizeof(rec));
	format_ratio(c->ratio, ratio, sizeof(ratio));
	sb_printf(&s, "%s falls %sx after %s %s (%.1f s into the pass; %s file, "
		    "%s records, trial %u", results_col_name(c->col), ratio, at,
		    reads ? "read" : "written", c->at_s, file, rec, (unsigned)c->trial + 1);
	if (c->client == TIMELINE_CLIENT_TOTAL)
		sb_printf(&s, ", all clients");
	else if (c->client > 0)
		sb_printf(&s, ", client %d", (int)c->client);
	if (c->kind == CLIFF_KIND_WRITEBACK)
		sb_printf(&s, "): write-back, the client's dirty-page limit of about "
			    "%s; after it the storage sets the pace", at);
	else if (reads)
		sb_printf(&s, "): about the first %s came from a cache", at);
	else
		sb_printf(&s, "): a write cache of about %s", at);
	if (s.failed) {
		sb_release(&s);
		return NULL;
	}
	return s.p;
}

int cliffout_time_csv(const struct result_set *rs, const struct tcliff_list *l,
		      const char *path, int overwrite, char *err, size_t errlen)
{
	struct outfile f;
	const char *label = rs && rs->meta.label ? rs->meta.label : "";

	if (outfile_open(&f, path, 0, overwrite, err, errlen))
		return -1;
	outfile_printf(&f, "label,test,file_kb,record_kb,trial,client,at_s,at_bytes,"
		       "level_before_kb_per_s,level_after_kb_per_s,ratio,confidence,kind\n");
	for (size_t i = 0; i < l->n; i++) {
		const struct tcliff *c = &l->items[i];
		char client[24];
		if (c->client == TIMELINE_CLIENT_TOTAL)
			snprintf(client, sizeof(client), "total");
		else
			snprintf(client, sizeof(client), "%d", (int)c->client);
		csv_field(&f, label, 0);
		csv_field(&f, results_col_name(c->col), 0);
		outfile_printf(&f, "%llu,%llu,%u,%s,%.3f,%llu,%.0f,%.0f,%.2f,%.3f,%s\n",
			       (unsigned long long)c->file_kb,
			       (unsigned long long)c->record_kb, (unsigned)c->trial,
			       client, c->at_s, (unsigned long long)c->at_bytes,
			       c->level_before_kbps, c->level_after_kbps, c->ratio,
			       c->confidence, cliff_kind_name(c->kind));
	}
	return outfile_commit(&f, err, errlen);
}

void cliffout_time_text(FILE *out, const struct tcliff_list *l)
{
	fprintf(out, "\nCliffs in time\n");
	if (l->n == 0) {
		fprintf(out, "\tnone found: no pass slowed down and stayed down beyond "
			"the noise\n");
		return;
	}
	for (size_t i = 0; i < l->n; i++) {
		char *s = cliffout_time_sentence(&l->items[i]);
		fprintf(out, "\t%zu. %s (%.0f -> %.0f kB/s, confidence %.2f)\n", i + 1,
			s ? s : "(out of memory)", l->items[i].level_before_kbps,
			l->items[i].level_after_kbps, l->items[i].confidence);
		free(s);
	}
}

int cliffout_time_write(const struct result_set *rs, const char *dir, int overwrite,
			FILE *out, char *err, size_t errlen)
{
	struct tcliff_list tl;
	char path[4096];
	int rc;

	if (cliff_time_detect(&rs->timeline, rs->meta.ram_kb, rs->meta.flags, &tl,
			      err, errlen) != 0)
		return -1;
	cliffout_time_text(out, &tl);
	snprintf(path, sizeof(path), "%s/timecliffs.csv", dir);
	rc = cliffout_time_csv(rs, &tl, path, overwrite, err, errlen);
	cliff_time_release(&tl);
	return rc;
}
