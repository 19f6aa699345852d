/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report_files.c: `iosweep files`'s table, trial summary and files.csv
 * (report_files.h).  Every figure is counted calls, files and bytes over
 * measured time; a phase that did not run has no row.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lib/outfile.h"
#include "report/report_files.h"
#include "model/latency.h"
#include "model/results.h"
#include "model/results_ops.h"
#include "model/stats.h"

void report_files_rates(const struct files_phase *p, double resolution_s,
			struct report_files_rates *o)
{
	double s = (double)p->elapsed_ns / 1e9;

	o->seconds = s;
	o->ops_s = s > 0 ? (double)p->call.count / s : NAN;
	o->files_s = s > 0 && p->files ? (double)p->files / s : NAN;
	o->mb_s = s > 0 && p->bytes ? (double)p->bytes / 1048576.0 / s : NAN;
	o->p50_us = latency_quantile_ns(&p->hist, 0.50) / 1e3;
	o->p99_us = latency_quantile_ns(&p->hist, 0.99) / 1e3;
	o->short_timing = stats_too_short(p->elapsed_ns, resolution_s);
}

static void row(FILE *out, const char *job, enum files_op op, const struct files_phase *p,
		double res)
{
	struct report_files_rates r;

	report_files_rates(p, res, &r);
	char fs[32] = "-", mb[32] = "-";

	if (isfinite(r.files_s))
		snprintf(fs, sizeof(fs), "%.1f", r.files_s);
	if (isfinite(r.mb_s))
		snprintf(mb, sizeof(mb), "%.2f", r.mb_s);
	fprintf(out, "%-10s %4s %9llu %12llu %10.6f%c %11.1f %11s %9s %9.1f %9.1f\n",
		files_op_name(op), job, (unsigned long long)p->call.count,
		(unsigned long long)p->bytes, r.seconds, r.short_timing ? '!' : ' ',
		r.ops_s, fs, mb, r.p50_us, r.p99_us);
}

void report_files_table(FILE *out, const struct files_result *r, unsigned trial,
			double res)
{
	int any_short = 0;

	fprintf(out, "\ntrial %u\n%-10s %4s %9s %12s %11s %11s %11s %9s %9s %9s\n",
		trial + 1, "phase", r->clients ? "rank" : "job", "calls", "bytes", "seconds",
		"ops/s", "files/s",
		"MB/s", "p50_us", "p99_us");
	for (unsigned op = 0; op < FILES_NOPS; op++) {
		if (!r->all[op].ran)
			continue;
		row(out, "all", op, &r->all[op], res);
		any_short |= stats_too_short(r->all[op].elapsed_ns, res);
		for (unsigned j = 0; (r->jobs > 1 || r->clients) && j < r->jobs; j++) {
			char job[16];
			snprintf(job, sizeof(job), "%u", j);
			row(out, job, op, &r->job[(size_t)j * FILES_NOPS + op], res);
		}
	}
	if (any_short)
		fprintf(out, "! shorter than %.0f us: too short for this clock to time well; "
			"use more files (--scale)\n", stats_short_threshold_s(res) * 1e6);
}

/* mean [ci95_low, ci95_high] of x[0..n) into out. */
static void fig(char *out, size_t len, const double *x, size_t n)
{
	struct stats_summary s;

	if (stats_summarize(x, n, &s) != 0)
		snprintf(out, len, "%s", "-");
	else
		snprintf(out, len, "%.1f +-%.1f", s.mean, (s.ci95_high - s.ci95_low) / 2);
}

void report_files_summary(FILE *out, const struct files_result *r, size_t n,
			  double res)
{
	double ops[FILES_MAX_TRIALS_REPORT], files[FILES_MAX_TRIALS_REPORT],
		mb[FILES_MAX_TRIALS_REPORT];

	if (n < 2)
		return;
	if (n > FILES_MAX_TRIALS_REPORT)
		n = FILES_MAX_TRIALS_REPORT;
	fprintf(out, "\nmean over %zu trials, +- half the 95%% confidence interval\n"
		"%-10s %22s %22s %20s\n", n, "phase", "ops/s", "files/s", "MB/s");
	for (unsigned op = 0; op < FILES_NOPS; op++) {
		char a[48], b[48], c[48];
		if (!r[0].all[op].ran)
			continue;
		for (size_t t = 0; t < n; t++) {
			struct report_files_rates x;
			report_files_rates(&r[t].all[op], res, &x);
			ops[t] = x.ops_s;
			files[t] = x.files_s;
			mb[t] = x.mb_s;
		}
		fig(a, sizeof(a), ops, n);
		fig(b, sizeof(b), files, n);
		fig(c, sizeof(c), mb, n);
		fprintf(out, "%-10s %22s %22s %20s\n", files_op_name(op), a, b, c);
	}
}

/* A figure, or nothing when it is not a number. */
static void num(struct outfile *f, double v, int prec)
{
	if (isfinite(v))
		outfile_printf(f, "%.*f", prec, v);
}

static void csv_row(struct outfile *f, size_t trial, enum files_op op, const char *job,
		    const struct files_phase *p, double res)
{
	struct report_files_rates r;

	report_files_rates(p, res, &r);
	outfile_printf(f, "%zu,%s,%s,%llu,%llu,%llu,%.9f,", trial, files_op_name(op), job,
		       (unsigned long long)p->call.count, (unsigned long long)p->files,
		       (unsigned long long)p->bytes, r.seconds);
	num(f, r.ops_s, 3);
	outfile_printf(f, ",");
	num(f, r.files_s, 3);
	outfile_printf(f, ",");
	num(f, r.mb_s, 6);
	outfile_printf(f, ",");
	num(f, r.p50_us, 3);
	outfile_printf(f, ",");
	num(f, r.p99_us, 3);
	outfile_printf(f, ",%d\n", r.short_timing);
}

/*
 * One phase as an operation record (job -1: the whole run; client >= 0:
 * a client's own record, into client_ops).
 */
static int add_op(struct result_set *rs, const struct files_phase *p, enum files_op op,
		  unsigned trial, int job, int client, uint64_t tree_files,
		  double resolution_s)
{
	struct result_op o;

	results_op_clear(&o);
	snprintf(o.test, sizeof(o.test), "files %s", files_op_name(op));
	o.files = tree_files;
	o.trial = (uint16_t)trial;
	o.job = job;
	if (client >= 0) {
		o.client = client;
		o.writer = p->writer;
	}
	o.calls = p->call.count;
	o.moved = p->files;
	o.bytes = p->bytes;
	o.seconds = (double)p->elapsed_ns / 1e9;
	if (p->call.count) {
		o.best_s = fileop_stat_best_s(&p->call);
		o.worst_s = fileop_stat_worst_s(&p->call);
	}
	if (stats_too_short(p->elapsed_ns, resolution_s))
		o.flags |= RESULTS_OF_SHORT;
	if (p->hist.n && !(o.lat = latency_compact(&p->hist)))
		return -1;
	if ((client >= 0 ? results_add_client_op(rs, &o) : results_add_op(rs, &o)) != 0) {
		latency_free(o.lat);
		return -1;
	}
	return 0;
}

int report_files_ops(struct result_set *rs, const struct files_result *r, unsigned trial,
		     uint64_t tree_files, double resolution_s)
{
	for (int op = 0; op < FILES_NOPS; op++) {
		if (!r->all[op].ran)
			continue;
		if (add_op(rs, &r->all[op], (enum files_op)op, trial, -1, -1, tree_files,
			   resolution_s) != 0)
			return -1;
		for (unsigned j = 0; (r->jobs > 1 || r->clients) && j < r->jobs; j++)
			if (add_op(rs, &r->job[(size_t)j * FILES_NOPS + op], (enum files_op)op,
				   trial, r->clients ? -1 : (int)j, r->clients ? (int)j : -1,
				   tree_files, resolution_s) != 0)
				return -1;
	}
	return 0;
}

int report_files_csv(const char *path, const struct files_result *r, size_t n,
		     double res, int overwrite, char *err, size_t errlen)
{
	struct outfile f;

	if (outfile_open(&f, path, 0, overwrite, err, errlen) != 0)
		return -1;
	outfile_printf(&f, "trial,phase,job,calls,files,bytes,seconds,ops_per_s,"
		       "files_per_s,mb_per_s,lat_p50_us,lat_p99_us,short_timing\n");
	for (size_t t = 0; t < n; t++)
		for (unsigned op = 0; op < FILES_NOPS; op++) {
			if (!r[t].all[op].ran)
				continue;
			csv_row(&f, t, op, "all", &r[t].all[op], res);
			for (unsigned j = 0; (r[t].jobs > 1 || r[t].clients) && j < r[t].jobs;
			     j++) {
				char job[16];
				snprintf(job, sizeof(job), "%u", j);
				csv_row(&f, t, op, job, &r[t].job[(size_t)j * FILES_NOPS + op], res);
			}
		}
	return outfile_commit(&f, err, errlen);
}
