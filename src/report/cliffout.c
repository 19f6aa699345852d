/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cliffout.c: cliff_detect's findings written out (see cliffout.h):
 * cliffs.csv through libcsv's quoting and the outfile's atomic rename,
 * and the text report's "Cache cliffs" section, the findings' sentences
 * first and then a row per cliff.  Kept apart from cliff.c, which only
 * finds and classifies.
 */
#include "compat.h"

#include <csv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cliff.h"
#include "lib/outfile.h"
#include "report/cliffout.h"
#include "results.h"

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
	for (size_t g = 0; g < l->nfindings; g++)
		fprintf(out, "\t%zu. %s\n", g + 1, l->findings[g]);
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
