/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_fileop.c: `iosweep fileop`, IOzone's fileop with fileop's options
 * and fileop's output (fileop_opts.c reads the line, run/files/fileop.c does
 * the work, report_fileop.c prints it), plus iosweep's trials and result
 * folder.
 *
 * The order keeps every refusal ahead of any change on disk: the options,
 * then the starting directory (it must exist, be writable and hold no
 * fileop tree unless --overwrite), then the result folder; only then are
 * signals caught and the first directory made.  Whatever happens after
 * that (a failing call, SIGINT, SIGTERM, SIGHUP, a closed stdout), the
 * tree this run made is removed before the exit, and only that tree; -L
 * keeps the last pass's tree after a complete run.
 */
#include "compat.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/commands.h"
#include "iosweep.h"
#include "lib/err.h"
#include "lib/outfile.h"
#include "clients/clients.h"
#include "cmd/fileop_opts.h"
#include "platform/clock.h"
#include "platform/platform.h"
#include "platform/sysinfo.h"
#include "options/cmdargs.h"
#include "report/csvout.h"
#include "report/jsonout.h"
#include "report/report_fileop.h"
#include "model/results.h"
#include "run/files/fileop.h"
#include "run/data/pattern.h"

/* meta.csv's zlib ratio: of the first 1 MiB of a file's data at most */
#define FILEOP_RATIO_PROBE ((size_t)1 << 20)

/* The title's directory as fileop shows it: as given, less one trailing '/'. */
static void shown_dir(const char *dir, char *out, size_t outlen)
{
	size_t n = strlen(dir);

	if (n > 1 && dir[n - 1] == '/')
		n--;
	snprintf(out, outlen, "%.*s", (int)n, dir);
}

/* The result folder's paths, checked and the folder made.  0 or an exit code. */
static int claim_out(const struct fileop_opts *o, char *csv, char *meta, size_t len)
{
	char err[IOSWEEP_ERR_MAX];

	static const char *const json[] = { "summary.json" };
	char json_path[4096] = "";
	char *const json_paths[] = { json_path };

	if (report_fileop_claim(o->out, o->overwrite, csv, meta, len, err, sizeof(err)) != 0 ||
	    (o->json && outfile_claim_files(o->out, json, 1, o->overwrite, json_paths,
					    sizeof(json_path), err, sizeof(err)) != 0)) {
		cmd_msg("fileop", "--out: %s", err);
		return IOSWEEP_EXIT_USAGE;
	}
	return 0;
}

/*
 * meta.csv's facts about the run; the data as run/files/fileop.c writes it
 * (the zlib ratio of the buffer as it stands before the first file: the
 * tag words it gets later are as random as the rest).
 */
static int fill_meta(struct result_set *rs, const struct fileop_opts *o,
		     const struct fileop_run *run, int argc, char **argv,
		     char *err, size_t errlen)
{
	char probe[4096], workload[256];
	char *cmd = cmd_command_line(argc, argv);
	const char *base = run->base;
	uint64_t unique;
	const char *data = fileop_data_name(&run->cfg, &unique);
	size_t probe_len = o->size_bytes < FILEOP_RATIO_PROBE ? (size_t)o->size_bytes
		: FILEOP_RATIO_PROBE;

	snprintf(probe, sizeof(probe), "%s/fileop_L1_0", base);
	snprintf(workload, sizeof(workload), "fileop force=%u..%u step=%u size_bytes=%llu "
		 "leave=%d", o->lower, o->upper, o->step,
		 (unsigned long long)o->size_bytes, o->leave);
	if (!cmd || results_set_str(&rs->meta.target_path, base) ||
	    results_set_str(&rs->meta.command_line, cmd) ||
	    results_set_str(&rs->meta.data_pattern, data) ||
	    results_set_str(&rs->meta.workload, workload)) {
		free(cmd);
		return err_set(err, errlen, "out of memory");
	}
	free(cmd);
	if (probe_len)
		rs->meta.data_compress_ratio = pattern_compress_ratio(run->buf, probe_len);
	if (rs->meta.data_compress_ratio < 0)
		rs->meta.data_compress_ratio = 0;
	rs->meta.data_unique_bytes = unique;
	if (unique) {
		rs->meta.data_dedup_ratio = 1.0;
		rs->meta.data_dedup_bytes = unique;
	}
	if (sysinfo_fill(&rs->meta, probe, err, errlen) != 0 ||
	    results_set_str(&rs->meta.label, rs->meta.host))
		return -1;
	rs->meta.source_unit = RESULTS_UNIT_OPS;
	rs->meta.timer_resolution_s = clock_resolution_s();
	rs->trials = o->trials;
	return 0;
}

struct samples {
	struct report_fileop_sample *s;
	size_t n, alloc;
};

static int samples_add(struct samples *sv, unsigned force, unsigned trial,
		       const struct fileop_result *r)
{
	if (sv->n == sv->alloc) {
		size_t want = sv->alloc ? 2 * sv->alloc : 16;
		struct report_fileop_sample *p = realloc(sv->s, want * sizeof(*p));
		if (!p)
			return -1;
		sv->s = p;
		sv->alloc = want;
	}
	report_fileop_sample(&sv->s[sv->n++], force, trial, r);
	return 0;
}

/* The result folder: fileop.csv and meta.csv with the run's status. */
static int write_out(const struct fileop_opts *o, struct result_set *rs,
		     const struct samples *sv, int links, const char *csv,
		     const char *meta, const char *status)
{
	char err[IOSWEEP_ERR_MAX];

	(void)meta;	/* csvout_write_dir writes it with results.csv and summary.csv */
	if (results_set_str(&rs->meta.status, status) ||
	    report_fileop_csv(csv, sv->s, sv->n, links, o->overwrite, err, sizeof(err)) ||
	    csvout_write_dir(rs, o->out, 0, o->overwrite, err, sizeof(err)) ||
	    (o->json && jsonout_write(o->out, NULL, 0, o->overwrite, err, sizeof(err)))) {
		cmd_msg("fileop", "%s", rs->meta.status ? err : "out of memory");
		return -1;
	}
	cmd_msg("fileop", "results in %s/", o->out);
	return 0;
}

struct state {
	const struct fileop_opts *o;
	struct result_set *rs;        /* --out: the operations' records */
	struct fileop_run run;
	struct fileop_result pass, total;
	struct samples sv;
	unsigned force, trial;        /* where the run is */
	char err[IOSWEEP_ERR_MAX];
};

/* Every force factor and trial; the rows as each force factor ends. */
static int run_all(struct state *st)
{
	const struct fileop_opts *o = st->o;
	int links = st->run.links;

	for (st->force = o->lower;; st->force += o->step) {
		int last_force = o->upper - st->force < o->step;
		fileop_result_clear(&st->total);
		for (st->trial = 0; st->trial < o->trials; st->trial++) {
			int last = last_force && st->trial + 1 == o->trials;
			fileop_result_clear(&st->pass);
			int rc = fileop_run_pass(&st->run, st->force, &st->pass, &cmd_stop,
						 st->err, sizeof(st->err));
			if (rc == FILEOP_STOPPED)
				return IOSWEEP_EXIT_INTERRUPTED;
			if (rc != 0)
				return IOSWEEP_EXIT_IO;
			fileop_result_merge(&st->total, &st->pass);
			if (o->out && (samples_add(&st->sv, st->force, st->trial, &st->pass) != 0 ||
				       report_fileop_ops(st->rs, &st->sv.s[st->sv.n - 1], &st->pass,
							 links, o->size_bytes,
							 st->rs->meta.timer_resolution_s) != 0)) {
				err_set(st->err, sizeof(st->err), "out of memory");
				return IOSWEEP_EXIT_FAILURE;
			}
			/* -L: only the last pass's tree stays */
			if (o->leave && !last &&
			    fileop_run_cleanup(&st->run, st->err, sizeof(st->err)) != 0)
				return IOSWEEP_EXIT_IO;
		}
		if (o->verbose) {
			report_fileop_blocks(stdout, &st->total, links, o->latency);
		} else {
			report_fileop_row(stdout, 'A', st->force, &st->total, links);
			if (o->best)
				report_fileop_row(stdout, 'B', st->force, &st->total, links);
			if (o->worst)
				report_fileop_row(stdout, 'W', st->force, &st->total, links);
		}
		if (last_force)
			break;
	}
	return IOSWEEP_EXIT_OK;
}

/* Refusals before anything changes on disk.  0 or an exit code. */
static int check_dir(const struct fileop_opts *o, char *found, size_t foundlen)
{
	char err[IOSWEEP_ERR_MAX];
	uint64_t free_bytes;

	if (io_check_dir(o->dir, &free_bytes, err, sizeof(err)) != 0 ||
	    fileop_find_tree(o->dir, found, foundlen, err, sizeof(err)) != 0) {
		cmd_msg("fileop", "-d: %s", err);
		return IOSWEEP_EXIT_USAGE;
	}
	if (found[0] && !o->overwrite) {
		cmd_msg("fileop", "-d '%s' holds a fileop tree already ('%s'); remove it, "
			"or give --overwrite to have it removed first", o->dir, found);
		return IOSWEEP_EXIT_USAGE;
	}
	return 0;
}

static int run_fileop(const struct fileop_opts *o, int argc, char **argv)
{
	struct result_set rs;
	struct state st = { .o = o, .rs = &rs };
	char csv[4096], meta[4096], found[64], dir[4096], cerr[IOSWEEP_ERR_MAX];
	char why[IOSWEEP_ERR_MAX + 96], where[64];
	int cleaned;
	int status;

	results_init(&rs);
	if ((status = check_dir(o, found, sizeof(found))) != 0 ||
	    (o->out && (status = claim_out(o, csv, meta, sizeof(csv))) != 0))
		return status;
	struct fileop_cfg cfg = { .dir = o->dir, .size_bytes = o->size_bytes,
				  .random_data = o->random_data, .leave = o->leave,
				  .remount = o->remount };
	int hist = o->latency || o->out;
	if (fileop_run_init(&st.run, &cfg, st.err, sizeof(st.err)) != 0 ||
	    (o->out && fill_meta(&rs, o, &st.run, argc, argv, st.err, sizeof(st.err)) != 0)) {
		status = IOSWEEP_EXIT_FAILURE;
		goto done;
	}
	if (fileop_result_init(&st.pass, hist) != 0 || fileop_result_init(&st.total, hist) != 0) {
		err_set(st.err, sizeof(st.err), "out of memory for the latency histograms");
		status = IOSWEEP_EXIT_FAILURE;
		goto done;
	}
	cmd_catch_stop();	/* from here on, the tree goes on any exit */
	if (found[0] && fileop_remove_trees(st.run.base, st.err, sizeof(st.err)) != 0) {
		status = IOSWEEP_EXIT_IO;
		goto done;
	}
	shown_dir(o->dir, dir, sizeof(dir));
	if (!o->excel)
		report_fileop_title(stdout, dir, o->size_bytes);
	if (!o->verbose)
		report_fileop_columns(stdout, st.run.links);
	fflush(stdout);
	status = run_all(&st);
done:
	cleaned = (status == IOSWEEP_EXIT_OK && o->leave) ||
		fileop_run_cleanup(&st.run, cerr, sizeof(cerr)) == 0;
	snprintf(where, sizeof(where), "at force %u, trial %u", st.force, st.trial + 1);
	status = cmd_end_status("fileop", status, cmd_stop, cleaned ? NULL : cerr, where, st.err,
				why, sizeof(why));
	if (o->out && rs.meta.host &&
	    write_out(o, &rs, &st.sv, st.run.links, csv, meta, why) != 0 &&
	    status == IOSWEEP_EXIT_OK)
		status = IOSWEEP_EXIT_FAILURE;
	free(st.sv.s);
	fileop_result_release(&st.pass);
	fileop_result_release(&st.total);
	fileop_run_release(&st.run);
	results_release(&rs);
	return status;
}

int cmd_fileop(int argc, char **argv)
{
	struct fileop_opts o;
	char err[IOSWEEP_ERR_MAX];

	if (argc < 2) {
		cmdargs_usage(&cmd_fileop_args, stderr);
		return IOSWEEP_EXIT_USAGE;
	}
	if (clients_active()) {	/* iosweep-mpi: only rank 0 would run it */
		cmd_msg("fileop", "runs on one client; under iosweep-mpi run 'files "
			"--depth 2 --width X --files X' (fileop -f X's tree) on every rank, "
			"a tree each or --shared-dir");
		return IOSWEEP_EXIT_USAGE;
	}
	switch (fileop_opts_parse(&o, argc, argv, err, sizeof(err))) {
	case 0:
		break;
	case FILEOP_OPTS_HELP:
		cmdargs_usage(&cmd_fileop_args, stdout);
		return IOSWEEP_EXIT_OK;
	case FILEOP_OPTS_VERSION:
		printf("iosweep fileop %s (IOzone fileop's options and layouts)\n",
		       IOSWEEP_VERSION);
		return IOSWEEP_EXIT_OK;
	default:
		cmd_msg("fileop", "%s", err);
		return IOSWEEP_EXIT_USAGE;
	}
	return run_fileop(&o, argc, argv);
}
