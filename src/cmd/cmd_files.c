/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_files.c: `iosweep files`, small-file workloads that look like what
 * people keep on a NAS (files_opts.c reads the line, run/files/files.c does the
 * work, report_files.c prints and writes it).
 *
 * As in fileop, every refusal comes before any change on disk: the
 * options, the target (it must exist, be writable and hold no
 * iosweep_files unless --overwrite), --cold where the platform cannot
 * drop cached pages, the result folder; only then are signals caught
 * and the first directory made.  Whatever happens after that (a failing
 * call, ENOSPC, EMFILE, a signal), what the run made is removed before
 * the exit, and only that; --keep leaves the tree of a complete run.
 */
#include "compat.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clients/clients.h"
#include "cmd/commands.h"
#include "iosweep.h"
#include "lib/builtin.h"
#include "lib/err.h"
#include "lib/outfile.h"
#include "options/options.h"
#include "cmd/files_opts.h"
#include "options/cmdargs.h"
#include "platform/clock.h"
#include "platform/platform.h"
#include "platform/sysinfo.h"
#include "report/csvout.h"
#include "report/jsonout.h"
#include "report/report_files.h"
#include "model/results.h"
#include "run/files/files.h"
#include "run/data/pattern.h"
#include "model/units.h"

#define FILES_RATIO_PROBE ((size_t)1 << 20)  /* bytes through zlib for meta.csv */

static void human(double bytes, char *out, size_t len)
{
	units_format_bytes_human(bytes < 0 ? 0 : (uint64_t)(bytes + 0.5), out, len);
}

static int list_presets(FILE *out)
{
	const char *b;

	fprintf(out, "%-18s %9s %9s %10s  %s\n", "preset", "files", "dirs", "size", "shape");
	for (size_t i = 0; (b = builtin_name(i)); i++) {
		size_t n = strlen(b);
		struct files_spec s;
		char desc[256], err[IOSWEEP_ERR_MAX], name[64], size[32];
		if (n <= 6 || strcmp(b + n - 6, ".files") != 0)
			continue;
		snprintf(name, sizeof(name), "%.*s", (int)(n - 6), b);
		if (files_opts_preset(name, &s, desc, sizeof(desc), err, sizeof(err)) != 0) {
			cmd_msg("files", "%s", err);
			return IOSWEEP_EXIT_FAILURE;
		}
		human(files_spec_bytes(&s), size, sizeof(size));
		n = strlen(name);
		fprintf(out, "%-18s %9llu %9llu %10s  %s\n", name,
			(unsigned long long)files_spec_count(&s),
			(unsigned long long)files_tree_dirs(s.depth, s.width), size,
			strncmp(desc, name, n) == 0 && desc[n] == ':' ? desc + n + 2 : desc);
	}
	fprintf(out, "sizes are expected totals at --scale 1; --scale and --size make a "
		"smaller copy of the same shape\n");
	return IOSWEEP_EXIT_OK;
}

/* The workload in one line, for the header and meta.csv. */
static void describe(const struct files_opts *o, char *out, size_t len)
{
	const struct files_spec *s = &o->spec;
	char size[32];
	size_t at;

	human(files_spec_bytes(s), size, sizeof(size));
	at = (size_t)snprintf(out, len, "files preset=%s scale=%g depth=%u width=%u "
			      "files=%llu expected_bytes=%s size_factor=%g jobs=%u %s",
			      o->preset ? o->preset : "-", o->scale, s->depth, s->width,
			      (unsigned long long)files_spec_count(s), size, s->size_factor,
			      o->jobs, o->shared ? "shared" : "separate");
	for (unsigned c = 0; c < s->nclass && at < len; c++) {
		char d[128];
		files_dist_format(&s->cls[c].size, d, sizeof(d));
		at += (size_t)snprintf(out + at, len - at, " class%u=%llux%s", c,
				       (unsigned long long)s->cls[c].count, d);
	}
}

/* Say what the client's cache answers (the figures' main caveat). */
static void cache_notes(const struct files_opts *o, FILE *out)
{
	double bytes = files_spec_bytes(&o->spec);
	uint64_t ram_kb = sysinfo_ram_kb();
	char b[32], r[32];

	human(bytes, b, sizeof(b));
	fprintf(out, "note: stat, readdir and chmod run on a tree this run just made: its "
		"dentries and inodes are in this client's cache, so they measure the "
		"cache%s\n", o->cold ? " (--cold drops file data only)" : "");
	if (ram_kb && bytes < (double)ram_kb * 1024.0) {
		human((double)ram_kb * 1024.0, r, sizeof(r));
		fprintf(out, "note: the tree's data (%s) fits in this machine's RAM (%s): %s\n",
			b, r, o->cold ? "--cold drops each file's pages before read"
			: "read is answered from the page cache; --cold drops it first");
	}
}

struct state {
	const struct files_opts *o;
	FILE *out;                    /* the report */
	struct files_run run;
	struct files_result *res;     /* [o->trials]; many clients: the aggregates (rank 0) */
	struct files_result mine;     /* many clients: this client's pass */
	int mpi;                      /* iosweep-mpi: many clients */
	int sig;                      /* many clients: the agreed signal that stopped
					 the run (cmd_stop is this client's own) */
	unsigned trial, done;
	double clock_res;
	char err[IOSWEEP_ERR_MAX];
};

/*
 * Many clients, after a trial's pass: every client's phases to rank 0,
 * which adds them up into res.  0, or -1 with st->err set.
 */
static int gather_trial(struct state *st, struct files_result *res)
{
	unsigned char *all = NULL, *mine;
	size_t len = 0, *lens = NULL;
	int rc;

	mine = files_result_pack(&st->mine, &len);
	if (!mine)	/* no collective: the end of the run tells the others */
		return err_set(st->err, sizeof(st->err), "out of memory");
	rc = clients_gather(mine, len, &all, &lens, st->err, sizeof(st->err));
	if (rc == 0 && clients_leader()) {
		rc = files_result_unpack(res, &st->mine, all, lens, (unsigned)clients_count(),
					 st->err, sizeof(st->err));
		st->run.total_files = res->all[FILES_CREATE].files;
		st->run.total_bytes = res->all[FILES_CREATE].bytes;
	}
	free(mine);
	free(all);
	free(lens);
	return rc;
}

static int run_trials(struct state *st)
{
	const struct files_opts *o = st->o;

	for (st->trial = 0; st->trial < o->trials; st->trial++) {
		struct files_result *res = &st->res[st->trial];
		int rc = files_run_pass(&st->run, st->mpi ? &st->mine : res, &cmd_stop, st->err,
					sizeof(st->err));
		if (rc == FILES_STOPPED)
			return IOSWEEP_EXIT_INTERRUPTED;
		if (rc != 0 || (st->mpi && gather_trial(st, res) != 0))
			return IOSWEEP_EXIT_IO;
		st->done++;
		if (st->trial == 0 && !st->run.xattr)
			fprintf(st->out, "note: xattr-set and xattr-get not run: %s\n",
				st->run.xattr_why);
		if (clients_leader())
			report_files_table(st->out, res, st->trial, st->clock_res);
		fflush(st->out);
		if (!o->keep && files_run_cleanup(&st->run, st->err, sizeof(st->err)) != 0)
			return IOSWEEP_EXIT_IO;
	}
	if (clients_leader())
		report_files_summary(st->out, st->res, st->done, st->clock_res);
	return IOSWEEP_EXIT_OK;
}

static int check_target(const struct files_opts *o, int *found, char *err, size_t errlen)
{
	char why[IOSWEEP_ERR_MAX], root[4096];
	uint64_t free_bytes;

	if (io_check_dir(o->dir, &free_bytes, why, sizeof(why)) != 0)
		return err_set(err, errlen, "--dir: %s", why);
	if ((size_t)snprintf(root, sizeof(root), "%s/%s", o->dir, FILES_ROOT_NAME) >=
	    sizeof(root))
		return err_set(err, errlen, "--dir '%s': path too long", o->dir);
	*found = plat_stat(root, 0, NULL) != PLAT_NONE;
	if (*found && !o->overwrite)
		return err_set(err, errlen, "--dir '%s' holds '%s' already; remove it, or "
			       "give --overwrite to have it removed first", o->dir,
			       FILES_ROOT_NAME);
	if (o->cold && io_can_drop_cache(err, errlen) != 0)
		return -1;
	if (o->reorder && !clients_active())
		return err_set(err, errlen, "--reorder: needs several clients; run "
			       "iosweep-mpi files under mpirun (build it with make MPI=1)");
	if (o->reorder && clients_count() < 2)
		return err_set(err, errlen, "--reorder: with one client it would read its "
			       "own files; start two or more ranks");
	return 0;
}

/* --out's files claimed (paths: files.csv, meta.csv).  0, or -1 with err. */
static int claim_out(const struct files_opts *o, char *csv, char *meta, size_t len,
		     char *err, size_t errlen)
{
	/* results.csv and summary.csv come with meta.csv (csvout.h) */
	static const char *const names[] = { "files.csv", "meta.csv", "results.csv",
					     "summary.csv", "summary.json" };
	char results[4096] = "", summary[4096] = "", json[4096] = "";
	char *const paths[] = { csv, meta, results, summary, json };
	char why[IOSWEEP_ERR_MAX];

	if (outfile_claim_files(o->out, names, o->json ? 5 : 4, o->overwrite, paths,
				len, why, sizeof(why)) != 0)
		return err_set(err, errlen, "--out: %s", why);
	return 0;
}

/*
 * What run/files/files.c writes: the random pattern with a tag word in every
 * 512-byte block (pattern.h), so no such block twice in the run, or
 * zeros.  Its zlib ratio from a sample filled the same way, outside any
 * timing.  0 or -1 (out of memory).
 */
static int describe_data(struct result_meta *m, const struct files_opts *o)
{
	int data = o->zero_data ? OPTIONS_DATA_ZERO : OPTIONS_DATA_RANDOM;
	size_t len = FILES_RATIO_PROBE;
	unsigned char *buf = malloc(len);

	if (!buf)
		return -1;
	pattern_fill(buf, len, data, 0.0, 1);
	m->data_compress_ratio = pattern_compress_ratio(buf, len);
	free(buf);
	if (m->data_compress_ratio < 0)
		return -1;
	if (!o->zero_data) {
		m->data_unique_bytes = PATTERN_TAG_GRID;
		m->data_dedup_ratio = 1.0;
		m->data_dedup_bytes = PATTERN_TAG_GRID;
	}
	return 0;
}

static int fill_meta(struct result_set *rs, const struct files_opts *o, const char *root,
		     const char *command_line, char *err, size_t errlen)
{
	char workload[1024];

	describe(o, workload, sizeof(workload));
	if (results_set_str(&rs->meta.target_path, root) ||
	    results_set_str(&rs->meta.command_line, command_line) ||
	    results_set_str(&rs->meta.data_pattern, o->zero_data ? "zero" : "random") ||
	    results_set_str(&rs->meta.workload, workload))
		return err_set(err, errlen, "out of memory");
	if (describe_data(&rs->meta, o) != 0)
		return err_set(err, errlen, "out of memory");
	if (sysinfo_fill(&rs->meta, o->dir, err, errlen) != 0 ||
	    results_set_str(&rs->meta.label, rs->meta.host))
		return -1;
	rs->meta.source_unit = RESULTS_UNIT_OPS;
	rs->meta.timer_resolution_s = clock_resolution_s();
	rs->trials = o->trials;
	return 0;
}

/* The finished trials' phases as the result set's operation records. */
static int add_ops(struct result_set *rs, const struct state *st, char *err, size_t errlen)
{
	for (unsigned t = 0; t < st->done; t++)
		if (report_files_ops(rs, &st->res[t], t, st->run.total_files, st->clock_res))
			return err_set(err, errlen, "out of memory");
	return 0;
}

/*
 * Many clients, once signals are caught: rank 0 removes an earlier tree
 * (--overwrite) and makes the root, every other client checks it sees
 * it, and all agree whether extended attributes run.  0, or an exit
 * status with st->err set on every client.
 */
static int mpi_root(struct state *st, int found)
{
	char why[IOSWEEP_ERR_MAX];
	int rc = 0, ok;

	if (clients_leader()) {
		if (found)
			rc = files_remove_tree(st->run.root, st->err, sizeof(st->err));
		if (rc == 0)
			rc = files_run_make_root(&st->run, st->err, sizeof(st->err));
	}
	if (clients_agree(rc, st->err, sizeof(st->err)) != 0)
		return IOSWEEP_EXIT_IO;
	rc = clients_leader() ? 0 : files_run_see_root(&st->run, st->err, sizeof(st->err));
	if (clients_agree(rc, st->err, sizeof(st->err)) != 0)
		return IOSWEEP_EXIT_USAGE;
	rc = files_run_probe_xattr(&st->run, why, sizeof(why));
	ok = clients_agree(rc, why, sizeof(why)) == 0;
	files_run_set_xattr(&st->run, ok, why);
	return 0;
}

/*
 * Many clients, at the end of a run that reached mpi_root: agree on the
 * outcome (status on every client), then each client removes its own
 * tree and rank 0 the root with whatever is left.  1 when nothing of
 * the run is left (rank 0's view), else 0 with cerr set.
 */
static int mpi_end(struct state *st, struct result_set *rs, int *status, char *cerr,
		   size_t cerrlen)
{
	/*
	 * The agreed signal goes into a copy: were cmd_stop set by the
	 * agreement, this client's own SIGINT arriving late would count as
	 * a second one, and leave at once, before the clean-up.
	 */
	volatile sig_atomic_t sig = cmd_stop;
	int rc;

	if (clients_run_end(rs, *status == IOSWEEP_EXIT_OK ? 0 : -1, &sig, st->err,
			    sizeof(st->err)) != 0 && *status != IOSWEEP_EXIT_USAGE)
		*status = sig ? IOSWEEP_EXIT_INTERRUPTED : IOSWEEP_EXIT_IO;
	st->sig = sig;
	/* the agreed outcome: every client takes the same branch */
	if (*status == IOSWEEP_EXIT_OK && st->o->keep)
		return 1;
	rc = files_run_cleanup(&st->run, cerr, cerrlen);
	rc = clients_agree(rc, cerr, cerrlen);
	if (clients_leader())	/* the root holds every client's tree */
		rc = files_run_remove_root(&st->run, cerr, cerrlen);
	return rc == 0;
}

static int run_files(const struct files_opts *o, const char *command_line, FILE *out)
{
	struct state st = { .o = o, .out = out, .clock_res = clock_resolution_s(),
			    .mpi = clients_active() };
	struct result_set rs;
	char csv[4096], meta[4096], cerr[IOSWEEP_ERR_MAX], line[1024];
	char why[IOSWEEP_ERR_MAX + 96], where[64];
	int status, found = 0, cleaned, rc, begun = 0, lead = clients_leader();
	unsigned inited = 0, njobs = st.mpi ? (unsigned)clients_count() : o->jobs;

	results_init(&rs);
	rc = check_target(o, &found, cerr, sizeof(cerr));
	if (rc == 0 && o->out && lead)
		rc = claim_out(o, csv, meta, sizeof(csv), cerr, sizeof(cerr));
	if (clients_agree(rc, cerr, sizeof(cerr)) != 0) {
		cmd_msg("files", "%s", cerr);
		return IOSWEEP_EXIT_USAGE;
	}
	struct files_cfg cfg = { .dir = o->dir, .spec = o->spec, .jobs = o->jobs,
				 .shared = o->shared, .zero_data = o->zero_data,
				 .cold = o->cold, .keep = o->keep, .seed = o->seed,
				 .rank = (unsigned)clients_rank(),
				 .ranks = st.mpi ? (unsigned)clients_count() : 0,
				 .reorder = o->reorder };
	status = IOSWEEP_EXIT_FAILURE;
	st.res = calloc(o->trials, sizeof(*st.res));
	rc = files_run_init(&st.run, &cfg, st.err, sizeof(st.err));
	if (rc == 0 && (!st.res || files_result_init(&st.mine, o->jobs) != 0))
		rc = err_set(st.err, sizeof(st.err), "out of memory");
	for (; rc == 0 && inited < o->trials; inited++)
		if (files_result_init(&st.res[inited], njobs) != 0)
			rc = err_set(st.err, sizeof(st.err), "out of memory for the latency "
				     "histograms");
	if (rc == 0 && o->out && lead)
		rc = fill_meta(&rs, o, st.run.root, command_line, st.err, sizeof(st.err));
	if (rc == 0 && st.mpi && lead)
		rc = clients_describe(&rs, st.err, sizeof(st.err));
	if (clients_agree(rc, st.err, sizeof(st.err)) != 0)
		goto done;
	cmd_catch_stop();	/* from here on, what the run made goes on any exit */
	begun = 1;
	if (st.mpi) {
		if ((status = mpi_root(&st, found)) != 0)
			goto done;
	} else if (found && files_remove_tree(st.run.root, st.err, sizeof(st.err)) != 0) {
		status = IOSWEEP_EXIT_IO;
		goto done;
	}
	describe(o, line, sizeof(line));
	fprintf(out, "iosweep %s in %s\n", line, st.run.root);
	if (st.mpi)
		fprintf(out, "clients: %d, %s, %s\n", clients_count(), o->shared ?
		       "one shared tree (file names carry the rank)" : "a tree per client",
		       o->reorder ? "--reorder: stat, readdir, read and xattr-get use the "
		       "next rank's files" : "each reads its own files");
	cache_notes(o, out);
	fflush(out);
	status = run_trials(&st);
done:
	if (st.mpi)
		cleaned = !begun || mpi_end(&st, &rs, &status, cerr, sizeof(cerr));
	else
		cleaned = (status == IOSWEEP_EXIT_OK && o->keep) ||
			files_run_cleanup(&st.run, cerr, sizeof(cerr)) == 0;
	snprintf(where, sizeof(where), "in trial %u", st.trial + 1);
	status = cmd_end_status("files", status, st.mpi ? st.sig : cmd_stop, cleaned ? NULL : cerr, where, st.err,
				why, sizeof(why));
	if (o->out && lead && rs.meta.host) {
		if (results_set_str(&rs.meta.status, why) ||
		    add_ops(&rs, &st, cerr, sizeof(cerr)) ||
		    report_files_csv(csv, st.res, st.done, st.clock_res, o->overwrite, cerr,
				     sizeof(cerr)) ||
		    csvout_write_dir(&rs, o->out, 0, o->overwrite, cerr, sizeof(cerr)) ||
		    (o->json && jsonout_write(o->out, NULL, 0, o->overwrite, cerr, sizeof(cerr)))) {
			cmd_msg("files", "%s", cerr);
			if (status == IOSWEEP_EXIT_OK)
				status = IOSWEEP_EXIT_FAILURE;
		} else {
			cmd_msg("files", "results in %s/", o->out);
		}
	}
	/* many clients: none exits (a launcher may end the job at a failing
	 * exit) before rank 0 has removed the root and written the results */
	if (st.mpi && begun)
		(void)clients_agree(0, cerr, sizeof(cerr));
	for (unsigned t = 0; st.res && t < inited; t++)
		files_result_release(&st.res[t]);
	free(st.res);
	files_result_release(&st.mine);
	files_run_release(&st.run);
	results_release(&rs);
	return status;
}

int cmd_files_with(const struct files_opts *o, const char *command_line, FILE *out)
{
	return run_files(o, command_line, out);
}

int cmd_files(int argc, char **argv)
{
	struct files_opts o;
	char err[IOSWEEP_ERR_MAX];

	switch (files_opts_parse(&o, argc, argv, err, sizeof(err))) {
	case 0:
		break;
	case FILES_OPTS_HELP:
		cmdargs_usage(&cmd_files_args, stdout);
		return IOSWEEP_EXIT_OK;
	default:
		cmd_msg("files", "%s", err);
		return IOSWEEP_EXIT_USAGE;
	}
	if (o.list)
		return list_presets(stdout);
	if (o.agent)
		return cmd_on_agent("files", o.agent, o.token, argc, argv, o.out, o.overwrite);
	char *cmd = cmd_command_line(argc, argv);
	if (!cmd) {
		cmd_msg("files", "out of memory");
		return IOSWEEP_EXIT_FAILURE;
	}
	int rc = run_files(&o, cmd, stdout);
	free(cmd);
	return rc;
}
