/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * steadyout.c: the "Steady state" section and steady.csv (steadyout.h).
 * One line per pass that waited: whether and when it was steady, out of
 * how long it ran, and the window's figures that decided it.
 */
#include "compat.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/outfile.h"
#include "report/csvout_fields.h"
#include "report/steadyout.h"
#include "model/results.h"
#include "model/steady.h"

static const char *test_name(const struct result_steady *st)
{
	return st->col < 0 ? "precondition" : results_col_name(st->col);
}

static const char *mean_unit(const struct result_steady *st)
{
	return st->spec.metric == STEADY_BW ? "kB/s" : "IOPS";
}

static const char *crit_unit(const struct result_steady *st)
{
	return st->spec.pct || st->spec.rule == STEADY_SNIA ? "%" : mean_unit(st);
}

void steadyout_report(FILE *out, const struct result_set *rs)
{
	if (!rs->nsteady)
		return;
	fprintf(out, "\nSteady state\n");
	for (size_t i = 0; i < rs->nsteady; i++) {
		const struct result_steady *st = &rs->steady[i];
		char rule[64];

		steady_format(&st->spec, rule, sizeof(rule));
		fprintf(out, "\t%s (%" PRIu64 " kB file, %" PRIu64 " kB records, trial %u): ",
			test_name(st), st->file_kb, st->record_kb, (unsigned)st->trial + 1);
		if (st->attained)
			fprintf(out, "steady by %s after %.1f s (ran %.1f s)",
				rule, (double)st->at_ns / 1e9, (double)st->ran_ns / 1e9);
		else
			fprintf(out, "NOT steady by %s within %.1f s", rule,
				(double)st->ran_ns / 1e9);
		if (st->judged)
			fprintf(out, ": window mean %.0f %s, criterion %.3g%s%s\n",
				st->mean, mean_unit(st), st->criterion,
				crit_unit(st)[0] == '%' ? "" : " ", crit_unit(st));
		else
			fprintf(out, ": it ended before one window was full\n");
	}
}

int steadyout_csv(const struct result_set *rs, const char *dir, int overwrite,
		  char *err, size_t errlen)
{
	char *qlabel = NULL;
	struct outfile f;
	int rc = -1;

	if (!rs->nsteady)
		return 0;
	if (csvout_open_side(&f, dir, STEADYOUT_NAME, rs->meta.label ? rs->meta.label : "",
			     overwrite, &qlabel, err, errlen) != 0)
		goto out;
	outfile_printf(&f, "schema,label,test,file_kb,record_kb,trial,rule,steady,"
		       "at_s,ran_s,mean,mean_unit,criterion,criterion_unit\n");
	for (size_t i = 0; i < rs->nsteady; i++) {
		const struct result_steady *st = &rs->steady[i];
		char rule[64], at[32] = "", mean[32] = "", crit[32] = "";

		steady_format(&st->spec, rule, sizeof(rule));
		if (st->attained)
			snprintf(at, sizeof(at), "%.3f", (double)st->at_ns / 1e9);
		if (st->judged) {
			snprintf(mean, sizeof(mean), "%.2f", st->mean);
			snprintf(crit, sizeof(crit), "%.4f", st->criterion);
		}
		outfile_printf(&f, "%d,%s,%s,%" PRIu64 ",%" PRIu64 ",%u,%s,%d,%s,%.3f,"
			       "%s,%s,%s,%s\n", STEADYOUT_SCHEMA, qlabel, test_name(st),
			       st->file_kb, st->record_kb, (unsigned)st->trial, rule,
			       st->attained, at, (double)st->ran_ns / 1e9, mean,
			       mean_unit(st), crit, crit_unit(st));
	}
	rc = outfile_commit(&f, err, errlen);
out:
	free(qlabel);
	return rc;
}
