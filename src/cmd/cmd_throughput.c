/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_throughput.c: throughput mode as a command (`iosweep -t N ...`):
 * the metadata and the output folder, the report as each test finishes,
 * then -R, -b, the CSV folder and summary.json.  The mode itself (the
 * children, their barrier and timing) is run/throughput/throughput.c's.
 */
#include "compat.h"

#include <stdio.h>

#include "iosweep.h"
#include "lib/outfile.h"
#include "options/options.h"
#include "platform/platform.h"
#include "platform/sysinfo.h"
#include "report/cliffout.h"
#include "report/csvout.h"
#include "report/jsonout.h"
#include "report/report.h"
#include "report/report_tp.h"
#include "report/tpcsv.h"
#include "model/results.h"
#include "run/sweep/runner.h"
#include "run/throughput/throughput.h"
#include "cmd/commands.h"
#include "cmd/sweep_journal.h"
#include "lib/err.h"

struct tp_print {
	const struct options *o;
	FILE *out;
	struct sweep_journal jn;
	struct result_set *rs;  /* the run's: its timeline goes in the journal */
	int replaying;          /* the count now reported came from the journal */
	unsigned next_trial;    /* the first trial of the next child count */
};

static void print_count(void *ctx, unsigned n, uint64_t file_kb)
{
	struct tp_print *p = ctx;

	(void)n;
	report_tp_count(p->out, p->o, file_kb);
	fflush(p->out);
}

static void print_test(void *ctx, const struct tp_result *r)
{
	struct tp_print *p = ctx;

	report_tp_test(p->out, p->o, r);
	fflush(p->out);
	if (!p->replaying)
		sweep_journal_tp_result(&p->jn, p->rs, r);
}

static void print_count_end(void *ctx, unsigned n)
{
	struct tp_print *p = ctx;

	report_tp_count_end(p->out);
	if (!p->replaying)
		sweep_journal_tp_count(&p->jn, n, p->next_trial);
	p->replaying = 0;
	p->next_trial += n;
}

static size_t count_saved(void *ctx, unsigned n, uint32_t first_trial,
			  const struct tp_result **saved)
{
	struct tp_print *p = ctx;
	size_t k = sweep_journal_tp_saved(&p->jn, p->rs, n, first_trial, saved);

	p->replaying = k > 0;
	return k;
}

/* --dry-run: what would run, without touching a file. */
static void dry_run(const struct options *o, FILE *out)
{
	unsigned counts[OPTIONS_MAX_CHILDREN];
	size_t n = options_child_counts(o, counts, OPTIONS_MAX_CHILDREN);
	char path[4096];

	for (size_t i = 0; i < n; i++) {
		fprintf(out, "%u %s, %llu kB per child in %llu kB records:", counts[i],
			o->threads ? "threads" : "processes",
			(unsigned long long)throughput_child_file_kb(o, counts[i]),
			(unsigned long long)throughput_record_kb(o));
		for (int kind = 0; kind < TP_NKINDS; kind++)
			if (throughput_selected(o, kind))
				fprintf(out, " %s,", throughput_test_def(kind)->name);
		fprintf(out, " files");
		for (unsigned c = 0; c < counts[i]; c++) {
			throughput_path(o, c, path, sizeof(path));
			fprintf(out, " %s", path);
		}
		fputc('\n', out);
	}
}

/* Metadata and the output folder; refuses a folder holding results. */
static int sweep_start(const struct options *o, struct result_set *rs,
		       char *dir, size_t dirlen, const char *resume_dir,
		       const struct journal_doc *doc, char *err, size_t errlen)
{
	char path[4096];

	throughput_path(o, 0, path, sizeof(path));
	if (sysinfo_fill(&rs->meta, path, err, errlen) != 0 ||
	    runner_describe(o, rs, err, errlen) != 0)
		return -1;
	if (results_set_str(&rs->meta.command_line, o->command_line) ||
	    (o->link && results_set_str(&rs->meta.link, o->link)) ||
	    results_set_str(&rs->meta.label, o->label ? o->label : rs->meta.host) ||
	    results_set_str(&rs->meta.target_path, path))
		return err_set(err, errlen, "out of memory");
	rs->meta.source_unit = o->unit;
	if (o->xls_path && report_tp_xls_check(o, err, errlen) != 0)
		return -1;
	if (resume_dir) {
		snprintf(dir, dirlen, "%s", resume_dir);
		return sweep_journal_check(doc, rs, err, errlen);
	}
	if (!o->out_dir) {	/* a folder of its own, never one another run holds */
		char base[1024];
		if (csvout_default_dir(&rs->meta, base, sizeof(base)) != 0)
			snprintf(base, sizeof(base), "iosweep-results/throughput");
		return outfile_claim_dir(base, dir, dirlen, err, errlen);
	}
	snprintf(dir, dirlen, "%s", o->out_dir);
	for (int i = 0; i < 2 && !o->overwrite; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, i ? JOURNAL_NAME : "results.csv");
		if (plat_stat(path, 1, NULL) != PLAT_NONE)
			return err_set(err, errlen, "--out '%.300s' holds results already; "
				"choose another folder or add --overwrite", dir);
	}
	return 0;
}

int cmd_throughput_sweep(const struct options *o, volatile sig_atomic_t *stop,
			 FILE *out, FILE *errout, int argc, char **argv,
			 const char *resume_dir, struct journal_doc *doc)
{
	char err[IOSWEEP_ERR_MAX] = "", dir[2048] = "";
	struct result_set rs;
	struct tp_print pr = { .o = o, .out = out, .rs = &rs };
	struct tp_hooks hooks = { .count_start = print_count, .test_done = print_test,
				  .count_done = print_count_end, .ctx = &pr,
				  .count_saved = count_saved };
	struct tp_run run = { NULL, 0, 0, 0 };
	int status = IOSWEEP_EXIT_OK, saved = 1;

	if (o->dry_run) {
		dry_run(o, out);
		return IOSWEEP_EXIT_OK;
	}
	results_init(&rs);
	if (sweep_start(o, &rs, dir, sizeof(dir), resume_dir, doc, err, sizeof(err)) != 0) {
		status = IOSWEEP_EXIT_USAGE;
		goto fail_start;
	}
	if (throughput_prepare(o, err, sizeof(err)) != 0) {
		status = IOSWEEP_EXIT_IO;
		goto fail_start;
	}
	pr.jn.doc = doc;
	/* the folder now, for the journal (the outputs would make it at the end) */
	if (outfile_mkdirs(dir, err, sizeof(err)) != 0)
		fprintf(errout, "iosweep: %s; the run goes on, but a crash would lose it\n", err);
	else
		(void)sweep_journal_start(&pr.jn, dir, &rs, argc, argv, o->overwrite);
	if (runner_cold_note(o, &rs.meta, err, sizeof(err)))
		fprintf(errout, "iosweep: %s\n", err);
	report_header(out, o, &rs);
	report_tp_header(out, o);
	fflush(out);
	if (throughput_run(o, &run, &rs, &hooks, stop, err, sizeof(err)) != 0) {
		status = stop && *stop ? IOSWEEP_EXIT_INTERRUPTED : IOSWEEP_EXIT_IO;
		fprintf(errout, "iosweep: %s\n", err);
	}
	if (results_set_str(&rs.meta.status, status == IOSWEEP_EXIT_OK ? "complete" :
			    status == IOSWEEP_EXIT_INTERRUPTED ? "interrupted" : "failed")) {
		fprintf(errout, "iosweep: out of memory\n");
		status = IOSWEEP_EXIT_FAILURE;
	}
	if (run.tl_lost)
		fprintf(errout, "iosweep: --log-interval: the intervals of %u test%s were "
			"not kept (a child's pass outlasted the rows kept for it); a "
			"longer interval keeps them\n", run.tl_lost, run.tl_lost == 1 ? "" : "s");
	if (o->excel)
		report_tp_excel(out, o, &run);
	report_trailer(out, o, &rs);
	fflush(out);
	if ((o->xls_path && report_tp_xls(o->xls_path, o, &run, err, sizeof(err)) != 0) ||
	    csvout_write_dir(&rs, dir, o->gzip, o->overwrite, err, sizeof(err)) != 0 ||
	    tpcsv_write_run(&rs, &run, o->cpu_util, dir, o->gzip, o->overwrite,
			    err, sizeof(err)) != 0 ||
	    (o->json && jsonout_write(dir, NULL, 0, o->overwrite, err, sizeof(err)) != 0) ||
	    (rs.timeline.n && cliffout_time_write(&rs, dir, o->overwrite, out, err, sizeof(err)) != 0)) {
		fprintf(errout, "iosweep: %s\n", err);
		if (status == IOSWEEP_EXIT_OK)
			status = IOSWEEP_EXIT_FAILURE;
		saved = 0;
	}
	/* saved: a second signal from here on says where, as the last line */
	char where[4200];
	snprintf(where, sizeof(where), "iosweep: %s in %.4096s/\n", status == IOSWEEP_EXIT_OK ?
		 "results" : "results of the finished tests", dir);
	sweep_journal_finish(&pr.jn, rs.meta.status, saved, saved ? where : NULL);
	fflush(stdout);   /* the cliffs in time before the last line */
	fputs(where, errout);
	cmd_set_stop_note(NULL);
	throughput_release(&run);
	results_release(&rs);
	return status;

fail_start:
	fprintf(errout, "iosweep: %s\n", err);
	if (!o->out_dir && !resume_dir && dir[0])
		plat_rmdir(dir);	/* the empty default folder claimed at the start */
	results_release(&rs);
	return status;
}
