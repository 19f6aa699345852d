/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tpcsv.c: throughput.csv (see tpcsv.h for its columns), and the
 * throughput records of our own -t run.
 *
 * The file goes through outfile.h like every other output (temporary name,
 * then rename), and text fields through csvout_field, so labels with
 * commas survive.  A NAN figure is an empty field.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/csvout_fields.h"
#include "lib/outfile.h"
#include "model/results.h"
#include "run/throughput/throughput.h"
#include "report/tpcsv.h"
#include "platform/platform.h"
#include "lib/err.h"

static void tp_path(const char *dir, int gzip, char *out, size_t outlen)
{
	size_t n = strlen(dir);
	snprintf(out, outlen, "%s%s%s%s", dir, n && dir[n - 1] == '/' ? "" : "/",
		 TPCSV_NAME, gzip ? ".gz" : "");
}

int tpcsv_check(const char *dir, int gzip, int overwrite, char *err, size_t errlen)
{
	char path[4096];

	tp_path(dir, gzip, path, sizeof(path));
	if (!overwrite && plat_stat(path, 1, NULL) != PLAT_NONE)
		return err_set(err, errlen, "'%s' exists already; remove it or use --overwrite", path);
	return 0;
}

static void put_num(struct outfile *f, double v)
{
	if (isnan(v))
		outfile_printf(f, ",");
	else
		outfile_printf(f, ",%.6f", v);
}

static void put_lead(struct outfile *f, const struct result_set *rs,
		     const struct result_tp *t, const char *child)
{
	char field[1024];
	size_t n = csvout_field(field, sizeof(field), rs->meta.label ? rs->meta.label : "", 1);
	const struct tp_test_def *d = throughput_test_def(t->kind);

	outfile_printf(f, "%d,%.*s,%s,%u,%u,%s,%llu,%llu,%s", TPCSV_SCHEMA, (int)n, field,
		       d ? d->name : "?", t->procs, (unsigned)t->trial, child,
		       (unsigned long long)t->file_kb, (unsigned long long)t->record_kb,
		       rs->meta.source_unit == RESULTS_UNIT_OPS ? "ops" : "kB");
}

int tpcsv_write(const struct result_set *rs, const char *dir, int gzip,
		int overwrite, char *err, size_t errlen)
{
	char path[4096];
	struct outfile f;

	tp_path(dir, gzip, path, sizeof(path));
	if (outfile_mkdirs(dir, err, errlen) || outfile_open(&f, path, gzip, overwrite, err, errlen))
		return -1;
	outfile_printf(&f, "schema,label,test,processes,trial,child,file_kb,record_kb,unit,"
		       "children_see,parent_sees,min,max,avg,min_xfer,xfer,rate,"
		       "cpu_wall_s,cpu_s,cpu_pct\n");
	for (size_t i = 0; i < rs->ntp; i++) {
		const struct result_tp *t = &rs->tp[i];
		put_lead(&f, rs, t, "");
		put_num(&f, t->children);
		put_num(&f, t->parent);
		put_num(&f, t->min);
		put_num(&f, t->max);
		put_num(&f, t->avg);
		put_num(&f, t->min_xfer);
		outfile_printf(&f, ",,");
		put_num(&f, t->cpu_wall_s);
		put_num(&f, t->cpu_s);
		put_num(&f, t->cpu_pct);
		outfile_printf(&f, "\n");
		for (unsigned c = 0; c < t->nchild; c++) {
			char idx[16];
			snprintf(idx, sizeof(idx), "%u", c);
			put_lead(&f, rs, t, idx);
			outfile_printf(&f, ",,,,,,");
			put_num(&f, t->child_xfer[c]);
			put_num(&f, t->child_rate[c]);
			outfile_printf(&f, ",,,\n");
		}
	}
	return outfile_commit(&f, err, errlen);
}

static int tpcsv_from_run(struct result_set *rs, const struct tp_run *run, int ops, int cpu)
{
	for (size_t i = 0; i < run->nresults; i++) {
		const struct tp_result *r = &run->results[i];
		struct tp_summary s;
		struct result_tp t;
		double *xfer = calloc(r->nchildren ? r->nchildren : 1, sizeof(double));
		double *rate = calloc(r->nchildren ? r->nchildren : 1, sizeof(double));
		int rc;

		throughput_summarize(r, ops, &s);
		memset(&t, 0, sizeof(t));
		t.kind = r->kind;
		t.procs = r->nchildren;
		t.file_kb = r->file_kb;
		t.record_kb = r->record_kb;
		t.children = s.children_see;
		t.parent = s.parent_sees;
		t.min = s.min;
		t.max = s.max;
		t.avg = s.avg;
		t.min_xfer = s.min_xfer;
		t.cpu_wall_s = cpu ? s.wall_s : NAN;
		t.cpu_s = cpu ? s.cpu_s : NAN;
		t.cpu_pct = cpu ? s.cpu_pct : NAN;
		for (unsigned c = 0; xfer && rate && c < r->nchildren; c++) {
			const struct tp_child *k = &r->child[c];
			double secs = (double)k->elapsed_ns / 1e9;
			xfer[c] = ops ? (double)k->ops : (double)k->bytes / 1024.0;
			rate[c] = k->ops && secs > 0.0 ? xfer[c] / secs : 0.0;
		}
		t.nchild = r->nchildren;
		t.child_xfer = xfer;
		t.child_rate = rate;
		rc = xfer && rate ? results_add_tp(rs, &t) : -1;
		free(xfer);
		free(rate);
		if (rc)
			return -1;
	}
	return 0;
}

int tpcsv_write_run(const struct result_set *rs, const struct tp_run *run, int cpu,
		    const char *dir, int gzip, int overwrite, char *err, size_t errlen)
{
	struct result_set t;
	int rc = -1;

	results_init(&t);
	t.meta.source_unit = rs->meta.source_unit;
	if (results_set_str(&t.meta.label, rs->meta.label) ||
	    tpcsv_from_run(&t, run, rs->meta.source_unit == RESULTS_UNIT_OPS, cpu)) {
		err_set(err, errlen, "out of memory");
		goto out;
	}
	rc = tpcsv_write(&t, dir, gzip, overwrite, err, errlen);
out:
	results_release(&t);
	return rc;
}
