/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report_fileop.c: IOzone fileop's text layouts and fileop.csv (see
 * report_fileop.h).
 *
 * The layouts are fileop's field widths, reproduced so that scripts that
 * read fileop's output read ours: the header's columns are right-aligned
 * in 7 characters ("link  " keeps its two blanks), a row is the tag, the
 * force in 4, each figure as %7.0f and a blank, the file count in 10 and a
 * trailing blank; a -t block names the operation in 9 characters, its
 * Avg/Best/Worst labels in 21.  The figures are fileop's arithmetic on
 * our nanosecond totals (fileop.c: fileop_stat_*).
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lib/err.h"
#include "lib/outfile.h"
#include "platform/platform.h"
#include "model/latency.h"
#include "model/results.h"
#include "model/results_ops.h"
#include "model/stats.h"
#include "report/report_fileop.h"

static int shown(enum fileop_op op, int links)
{
	return links || (op != FILEOP_LINK && op != FILEOP_UNLINK);
}

void report_fileop_title(FILE *out, const char *dir, uint64_t size_bytes)
{
	fprintf(out, "\nFileop:  Working in %s, File size is %llu,  Output is in "
		"Ops/sec. (A=Avg, B=Best, W=Worst)\n", dir, (unsigned long long)size_bytes);
}

void report_fileop_columns(FILE *out, int links)
{
	fputs(" .     ", out);
	for (int op = 0; op < FILEOP_NOPS; op++)
		if (shown((enum fileop_op)op, links))
			fprintf(out, "%7s ", op == FILEOP_LINK ? "link  "
				: fileop_op_name((enum fileop_op)op));
	fprintf(out, "%10s\n", " Total_files");
}

void report_fileop_row(FILE *out, char tag, unsigned force,
		       const struct fileop_result *r, int links)
{
	unsigned long long files = (unsigned long long)force * force * force;

	fprintf(out, "%c %4u ", tag, force);
	for (int op = 0; op < FILEOP_NOPS; op++) {
		const struct fileop_stat *s = &r->op[op];
		if (!shown((enum fileop_op)op, links))
			continue;
		fprintf(out, "%7.0f ", tag == 'A' ? fileop_stat_avg_per_s(s)
			: tag == 'B' ? fileop_stat_best_per_s(s) : fileop_stat_worst_per_s(s));
	}
	fprintf(out, "%10llu \n", files);
	fflush(out);
}

/* "         Avg mkdir(s)/sec     = %12.2f (%12.9f seconds/op)" */
static void block_line(FILE *out, const char *what, const char *name, double per_s,
		       double s)
{
	char label[48];

	snprintf(label, sizeof(label), "%s %s(s)/sec", what, name);
	fprintf(out, "         %-21s= %12.2f (%12.9f seconds/op)\n", label, per_s, s);
}

void report_fileop_blocks(FILE *out, const struct fileop_result *r, int links,
			  int latency)
{
	for (int n = 0; n < FILEOP_NOPS; n++) {
		enum fileop_op op = fileop_run_order[n];
		const struct fileop_stat *s = &r->op[op];
		const char *name = fileop_op_name(op);
		char head[16];

		if (!shown(op, links))
			continue;
		snprintf(head, sizeof(head), "%s:", name);
		fprintf(out, "%-9s%s = %9llu Total Time = %12.9f seconds\n", head,
			fileop_op_on_dirs(op) ? "Dirs" : "Files",
			(unsigned long long)s->count, fileop_stat_total_s(s));
		block_line(out, "Avg", name, fileop_stat_avg_per_s(s), fileop_stat_mean_s(s));
		block_line(out, "Best", name, fileop_stat_best_per_s(s), fileop_stat_best_s(s));
		block_line(out, "Worst", name, fileop_stat_worst_per_s(s), fileop_stat_worst_s(s));
		if (latency && r->has_hist && r->hist[op].n) {
			static const struct { const char *what; double q; } qs[] = {
				{ "p50", 0.50 }, { "p99", 0.99 },
			};
			for (size_t q = 0; q < sizeof(qs) / sizeof(qs[0]); q++) {
				double sec = latency_quantile_ns(&r->hist[op], qs[q].q) * 1e-9;
				block_line(out, qs[q].what, name, 1.0 / sec, sec);
			}
		}
		fputc('\n', out);
	}
	fflush(out);
}

void report_fileop_sample(struct report_fileop_sample *s, unsigned force,
			  unsigned trial, const struct fileop_result *r)
{
	s->force = force;
	s->trial = trial;
	for (int op = 0; op < FILEOP_NOPS; op++) {
		const struct fileop_stat *st = &r->op[op];
		struct report_fileop_figs *f = &s->op[op];
		struct latency_summary ls;
		int any = st->count > 0;
		int have = r->has_hist && latency_summarize(&r->hist[op], &ls) == 0;

		f->count = st->count;
		f->total_s = fileop_stat_total_s(st);
		f->ops_per_s = any ? fileop_stat_avg_per_s(st) : NAN;
		f->best_per_s = any ? fileop_stat_best_per_s(st) : NAN;
		f->worst_per_s = any ? fileop_stat_worst_per_s(st) : NAN;
		f->best_s = any ? fileop_stat_best_s(st) : NAN;
		f->worst_s = any ? fileop_stat_worst_s(st) : NAN;
		for (int q = 0; q < REPORT_FILEOP_NLAT; q++)
			f->lat_us[q] = have ? ls.us[4 + q] : NAN;
	}
}

int report_fileop_ops(struct result_set *rs, const struct report_fileop_sample *s,
		      const struct fileop_result *r, int links, uint64_t size_bytes,
		      double resolution_s)
{
	for (int op = 0; op < FILEOP_NOPS; op++) {
		const struct report_fileop_figs *fg = &s->op[op];
		struct result_op o;
		int moves = op == FILEOP_READ || op == FILEOP_WRITE;

		if (!shown((enum fileop_op)op, links))
			continue;
		results_op_clear(&o);
		snprintf(o.test, sizeof(o.test), "fileop %s", fileop_op_name((enum fileop_op)op));
		o.force = s->force;
		o.files = (uint64_t)s->force * s->force * s->force;
		o.trial = (uint16_t)s->trial;
		o.best_s = fg->best_s;
		o.worst_s = fg->worst_s;
		if (isfinite(fg->total_s) && (fg->count || r)) {
			o.calls = o.moved = fg->count;
			o.seconds = fg->total_s;
			o.bytes = moves ? fg->count * size_bytes : 0;
		} else {
			o.ops_per_s = fg->ops_per_s;
		}
		for (int q = 0; q < REPORT_FILEOP_NLAT; q++)
			o.lat_us[4 + q] = fg->lat_us[q];
		if (r) {
			if (r->op[op].count &&
			    stats_too_short(r->op[op].total_ns, resolution_s))
				o.flags |= RESULTS_OF_SHORT;
			if (r->has_hist && r->hist[op].n &&
			    !(o.lat = latency_compact(&r->hist[op])))
				return -1;
		}
		if (results_add_op(rs, &o) != 0) {
			latency_free(o.lat);
			return -1;
		}
	}
	return 0;
}

/* ",figure" with decimals, or an empty field when it is not a finite number. */
static void put_fig(struct outfile *f, int decimals, double v)
{
	if (isfinite(v))
		outfile_printf(f, ",%.*f", decimals, v);
	else
		outfile_write(f, ",", 1);
}

int report_fileop_claim(const char *dir, int overwrite, char *csv, char *meta,
			size_t len, char *err, size_t errlen)
{
	/* results.csv and summary.csv: csvout_write_dir's, with meta.csv */
	static const char *const names[] = { "fileop.csv", "meta.csv", "results.csv",
					     "summary.csv" };
	char results[4096] = "", summary[4096] = "";
	char *const paths[] = { csv, meta, results, summary };

	if (len > sizeof(results))
		len = sizeof(results);
	return outfile_claim_files(dir, names, 4, overwrite, paths, len, err, errlen);
}

int report_fileop_csv(const char *path, const struct report_fileop_sample *s,
		      size_t n, int links, int overwrite, char *err, size_t errlen)
{
	struct outfile f;

	if (outfile_open(&f, path, 0, overwrite, err, errlen) != 0)
		return -1;
	outfile_printf(&f, "force,trial,op,count,total_s,ops_per_s,best_s,worst_s");
	for (int q = 0; q < REPORT_FILEOP_NLAT; q++)
		outfile_printf(&f, ",%s", latency_col_name(0, 4 + q));
	outfile_printf(&f, ",best_per_s,worst_per_s\n");
	for (size_t i = 0; i < n; i++)
		for (int op = 0; op < FILEOP_NOPS; op++) {
			const struct report_fileop_figs *fg = &s[i].op[op];
			if (!shown((enum fileop_op)op, links))
				continue;
			outfile_printf(&f, "%u,%u,%s,%llu", s[i].force, s[i].trial,
				       fileop_op_name((enum fileop_op)op),
				       (unsigned long long)fg->count);
			put_fig(&f, 9, fg->total_s);
			put_fig(&f, 3, fg->ops_per_s);
			put_fig(&f, 9, fg->best_s);
			put_fig(&f, 9, fg->worst_s);
			for (int q = 0; q < REPORT_FILEOP_NLAT; q++)
				put_fig(&f, 3, fg->lat_us[q]);
			put_fig(&f, 3, fg->best_per_s);
			put_fig(&f, 3, fg->worst_per_s);
			outfile_write(&f, "\n", 1);
		}
	return outfile_commit(&f, err, errlen);
}
