/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sweep.c: the sweep command, in the order of DESIGN.md's picture:
 * options -> plan -> runner -> result set -> emitters.
 *
 * Everything that can be refused is refused before the report header is
 * printed (bad options, an unusable test file, an output folder that would
 * clobber earlier results), so a failed start writes nothing.  Once the
 * sweep runs, each finished cell is printed as a row at once (like IOzone)
 * and kept; an I/O error or a signal stops the sweep, and the cells done so
 * far are still written to the output folder, the partial one marked.
 */
#include "compat.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/sweep/adaptive.h"
#include "clients/clients.h"
#include "analysis/cliff.h"
#include "report/cliffout.h"
#include "report/csvout.h"
#include "charts/gnuplot.h"
#include "html/html.h"
#include "iosweep.h"
#include "options/options.h"
#include "report/jsonout.h"
#include "report/netfind.h"
#include "lib/outfile.h"
#include "platform/platform.h"
#include "run/sweep/plan.h"
#include "run/sweep/refine.h"
#include "report/report.h"
#include "model/results.h"
#include "run/qd/qd.h"
#include "run/sweep/runner.h"
#include "run/sweep/telemetry.h"
#include "run/sweep/settle.h"
#include "db/db.h"
#include "engine/engine.h"
#include "cmd/commands.h"
#include "cmd/sweep.h"
#include "cmd/sweep_journal.h"
#include "platform/sysinfo.h"
#include "run/throughput/throughput.h"
#include "run/watchdog.h"
#include "platform/mountinfo.h"
#include "report/xls.h"
#include "lib/err.h"

static const char *signal_name(int sig)
{
	return plat_signal_name(sig);
}

/*
 * meta.csv's status: complete, interrupted or failed, with where.  The
 * message of an interruption gains the signal's name.
 */
static int set_status(struct result_set *rs, int status, char *err, size_t errlen)
{
	char buf[IOSWEEP_ERR_MAX + 32];

	if (status == IOSWEEP_EXIT_OK) {
		snprintf(buf, sizeof(buf), "complete");
	} else if (status == IOSWEEP_EXIT_INTERRUPTED) {
		char why[IOSWEEP_ERR_MAX];
		snprintf(why, sizeof(why), "%s (%s)", err, signal_name(cmd_stop));
		err_set(err, errlen, "%s", why);
		snprintf(buf, sizeof(buf), "interrupted: %s", err);
	} else {
		snprintf(buf, sizeof(buf), "failed: %s", err);
	}
	return results_set_str(&rs->meta.status, buf);
}

struct sweep_ctx {
	const struct options *o;
	FILE *out;                    /* the report */
	const struct result_set *rs;  /* --log-interval: its timeline's last row */
	int show_progress;
	int progress_shown;
	struct sweep_journal jn;
};

/* The journal's hooks (runner.h, sweep_journal.h). */
static void sample_done(void *ctx, const struct result_set *rs)
{
	sweep_journal_sample(&((struct sweep_ctx *)ctx)->jn, rs);
}

static void trial_done(void *ctx, const struct result_set *rs, size_t cell,
		       unsigned trial)
{
	sweep_journal_trial(&((struct sweep_ctx *)ctx)->jn, rs, cell, trial);
}

static int trial_saved(void *ctx, struct result_set *rs, size_t cell, unsigned trial)
{
	return sweep_journal_saved(&((struct sweep_ctx *)ctx)->jn, rs, cell, trial);
}

static void cell_done(void *ctx, const struct result_set *rs, size_t cell)
{
	struct sweep_ctx *c = ctx;
	if (c->progress_shown) {
		fputs("\r\033[K", stderr);
		c->progress_shown = 0;
	}
	report_row(c->out, c->o, rs, cell);
	fflush(c->out);
}

static void progress(void *ctx, size_t done, size_t total,
		     const struct plan_cell *cur, double eta_s)
{
	struct sweep_ctx *c = ctx;
	if (!c->show_progress || !cur)
		return;
	fprintf(stderr, "\r\033[Kiosweep: cell %zu/%zu: %llu kB file, %llu kB records, ETA %.0f s",
		done + 1, total, (unsigned long long)cur->file_kb,
		(unsigned long long)cur->record_kb, eta_s < 0 ? 0.0 : eta_s);
	/* --log-interval: the rate of the last whole interval logged */
	for (size_t i = c->rs ? c->rs->timeline.n : 0; i-- > 0;) {
		const struct timeline_row *r = &c->rs->timeline.rows[i];
		if (r->len_ns == c->rs->timeline.interval_ns) {
			fprintf(stderr, ", last interval %.1f MB/s (%s)",
				timeline_row_kbps(r) / 1024.0, results_col_name(r->col));
			break;
		}
	}
	c->progress_shown = 1;
}

/*
 * Refuse, before running, outputs that would replace earlier results: any
 * file of the CSV folder (lstat, so a planted link counts too) and -b's
 * file.  Checking only at the end would leave an hour's sweep unsaved.
 */
static int check_outputs(const char *dir, const struct options *o, char *err,
			 size_t errlen)
{
	static const char *const names[] = {
		"results.csv", "results.csv.gz", "summary.csv", "summary.csv.gz",
		"meta.csv", "meta.csv.gz", "cliffs.csv", "sheets", "summary.json",
		"clients.csv", "clients.csv.gz", "report.html", JOURNAL_NAME,
		"timeline.csv", "timecliffs.csv"
	};
	char path[4096];

	if (o->overwrite)
		return 0;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if (plat_stat(path, 0, NULL) != PLAT_NONE)
			return err_set(err, errlen, "--out '%.300s' holds results already; "
				"choose another folder or add --overwrite", dir);
	}
	if (o->xls_path && plat_stat(o->xls_path, 0, NULL) != PLAT_NONE)
		return err_set(err, errlen, "-b '%.300s' exists already; choose another "
			"name or add --overwrite", o->xls_path);
	return 0;
}

/*
 * Make the output folder before running, so an unusable --out (too long,
 * not writable, a file in the way) fails now and not after an hour's
 * sweep.  made receives the highest folder this created, for
 * undo_out_dir() on a failed start ("" when it existed).  0 or -1.
 */
static int make_out_dir(const char *dir, char *made, size_t madelen,
			char *err, size_t errlen)
{
	char p[2048];

	made[0] = '\0';
	snprintf(p, sizeof(p), "%s", dir);
	while (plat_stat(p, 0, NULL) == PLAT_NONE && errno == ENOENT) {
		char *slash = strrchr(p, '/');
		snprintf(made, madelen, "%s", p);
		if (!slash || slash == p)
			break;
		*slash = '\0';
	}
	if (outfile_mkdirs(dir, err, errlen) != 0)
		return -1;
	if (!plat_dir_writable(dir))
		return err_set(err, errlen, "cannot write in --out '%.300s': %s", dir,
			strerror(errno));
	return 0;
}

/* Remove the (empty) folders make_out_dir() created, deepest first. */
static void undo_out_dir(const char *dir, const char *made)
{
	char p[4096];

	if (!made[0])
		return;
	snprintf(p, sizeof(p), "%s", dir);
	while (plat_rmdir(p) == 0 && strcmp(p, made) != 0) {
		char *slash = strrchr(p, '/');
		if (!slash || slash == p)
			return;
		*slash = '\0';
	}
}

static int fill_meta(struct result_set *rs, const struct options *o,
		     char *err, size_t errlen)
{
	if (sysinfo_fill(&rs->meta, o->file, err, errlen) != 0)
		return -1;
	if (results_set_str(&rs->meta.command_line, o->command_line) ||
	    (o->link && results_set_str(&rs->meta.link, o->link)) ||
	    results_set_str(&rs->meta.label, o->label ? o->label : rs->meta.host))
		return err_set(err, errlen, "out of memory");
	rs->meta.source_unit = o->unit;
	return 0;
}

/*
 * The default folder, iosweep-results/<label>-<time>: a run started in the
 * same second as another gets "-2", "-3", ... (claimed with mkdir, so runs
 * started together never share one).  made receives the highest folder
 * this created, for undo_out_dir().  0 or -1.
 */
static int claim_default_dir(const struct result_meta *m, char *dir, size_t len,
			     char *made, size_t madelen, char *err, size_t errlen)
{
	char base[1024], parent[1024];

	if (csvout_default_dir(m, base, sizeof(base)) != 0)
		snprintf(base, sizeof(base), "iosweep-results/run");
	snprintf(parent, sizeof(parent), "%s", base);
	char *slash = strrchr(parent, '/');
	if (slash)
		*slash = '\0';
	made[0] = '\0';
	if (slash && plat_stat(parent, 0, NULL) == PLAT_NONE)
		snprintf(made, madelen, "%s", parent);
	if (outfile_claim_dir(base, dir, len, err, errlen) != 0)
		return -1;
	if (!made[0])
		snprintf(made, madelen, "%s", dir);
	return 0;
}

/* Would -b's worksheet fit?  Checked on the plan's cells before any I/O. */
static int check_xls(const struct options *o, const struct sweep_plan *p,
		     char *err, size_t errlen)
{
	struct result_set cells;
	int rc = 0;

	if (!o->xls_path)
		return 0;
	results_init(&cells);
	for (size_t i = 0; i < p->ncells && rc == 0; i++)
		if (results_add_cell(&cells, p->cells[i].file_kb, p->cells[i].record_kb,
				     p->cells[i].placeholder) < 0)
			rc = -1;
	if (rc == 0 && results_set_record_axis(&cells, p->record_axis, p->nrecord_axis))
		rc = -1;
	if (rc != 0)
		err_set(err, errlen, "out of memory");
	else
		rc = xls_check(o, &cells, err, errlen);
	results_release(&cells);
	return rc;
}

/* --report: report.html in the result folder (html.h).  0 or -1. */
static int emit_report(struct result_set *rs, const struct options *o, const char *dir,
		       char *err, size_t errlen)
{
	struct html_opts ho = { .charts = 1, .overwrite = o->overwrite };
	struct result_set *sets[1] = { rs };
	struct html_outcome oc;
	char path[4096];

	snprintf(path, sizeof(path), "%s/report.html", dir);
	if (html_write_report(sets, 1, &ho, path, &oc, err, errlen) != 0)
		return -1;
	if (oc.gnuplot_missing)
		cmd_msg(NULL, "gnuplot not found, so %s has every table but "
			"no chart", path);
	if (oc.chart_failures)
		return err_set(err, errlen, "%.200s: %zu chart%s could not be drawn: %.250s", path,
			oc.chart_failures, oc.chart_failures == 1 ? "" : "s", oc.first_failure);
	return 0;
}

/* summary.json: the cliffs' findings, then the network's. */
static int emit_json(const struct result_set *rs, const struct cliff_list *cl,
		     const struct options *o, const char *dir, char *err, size_t errlen)
{
	size_t nnet = 0;
	char **cliffs = cliffout_sentences(cl);
	char **net = netfind_sentences(rs, &nnet);
	const char **all = calloc(cl->nfindings + nnet + 1, sizeof(*all));
	int rc;

	if (!cliffs || !net || !all) {
		rc = err_set(err, errlen, "out of memory");
	} else {
		for (size_t i = 0; i < cl->nfindings; i++)
			all[i] = cliffs[i];
		for (size_t i = 0; i < nnet; i++)
			all[cl->nfindings + i] = net[i];
		rc = jsonout_write(dir, all, cl->nfindings + nnet, o->overwrite, err, errlen);
	}
	free(all);
	cliffout_sentences_free(cliffs, cl->nfindings);
	netfind_free(net, nnet);
	return rc;
}

/* Outputs that follow the report: -R, -b, cliffs, CSV folder, charts, HTML. */
static int emit(struct result_set *rs, const struct options *o, const char *dir,
		FILE *out, char *err, size_t errlen)
{
	struct cliff_list cl = { 0 };
	char path[4096];
	int rc = 0;

	if (o->excel)
		report_excel(out, o, rs);
	if (o->ci_target > 0.0)
		adaptive_write_report(out, rs, o->ci_target);
	fflush(out);
	if (o->xls_path && xls_write(o->xls_path, o, rs, err, errlen) != 0)
		return -1;
	if (csvout_write_dir(rs, dir, o->gzip, o->overwrite, err, errlen) != 0)
		return -1;
	if (cliff_detect(rs, &cl, err, errlen) == 0) {
		if (cl.n)
			cliffout_text(out, &cl);
		netfind_text(out, rs);
		snprintf(path, sizeof(path), "%s/cliffs.csv", dir);
		rc = cliffout_csv(rs, &cl, path, o->overwrite, err, errlen);
		if (rc == 0 && o->json)
			rc = emit_json(rs, &cl, o, dir, err, errlen);
		cliff_list_release(&cl);
	} else {
		rc = -1;
	}
	if (rc == 0 && rs->timeline.n)
		rc = cliffout_time_write(rs, dir, o->overwrite, out, err, errlen);
	if (rc == 0 && o->plot) {
		snprintf(path, sizeof(path), "%s/plots", dir);
		rc = gnuplot_for_sweep(rs, path, err, errlen);
		if (rc == 1) {  /* scripts written, gnuplot missing: say how to render */
			cmd_msg(NULL, "%s", err);
			rc = 0;
		}
	}
	if (rc == 0 && o->report)
		rc = emit_report(rs, o, dir, err, errlen);
	return rc;
}

/*
 * --db-add: the library is opened once before the run, so a database
 * that cannot take the run (absent backend, refused login, newer
 * schema, read-only) stops it before anything is measured; the folder
 * is added when the run is complete.  0 or -1.
 */
static int db_add_check(const struct options *o, char *err, size_t errlen)
{
	struct db *db;
	if (!o->db_add)
		return 0;
	if (!(db = db_open(o->db, 1, err, errlen)))
		return -1;
	db_close(db);
	return 0;
}

static int db_add_dir(const struct options *o, const char *dir)
{
	char err[IOSWEEP_ERR_MAX];
	int64_t id;
	int already;
	struct db *db = db_open(o->db, 1, err, sizeof(err));
	if (!db || db_add(db, dir, NULL, &id, &already, err, sizeof(err)) != 0) {
		cmd_msg(NULL, "--db-add: %s (the results stay in %s/)", err, dir);
		db_close(db);
		return -1;
	}
	cmd_msg(NULL, "%s the results library %s as run %lld",
		already ? "already in" : "added to", db_name(db), (long long)id);
	db_close(db);
	return 0;
}

/*
 * The outputs, checked before the run: -b's worksheet, then --out's
 * folder made, or a default folder claimed.  0 or -1.
 */
static int claim_outputs(const struct options *o, const struct sweep_plan *p,
			 const struct result_set *rs, char *dir, size_t dirlen,
			 char *made, size_t madelen, char *err, size_t errlen)
{
	if (check_xls(o, p, err, errlen) != 0)
		return -1;
	if (!o->out_dir)
		return claim_default_dir(&rs->meta, dir, dirlen, made, madelen, err,
					 errlen);
	snprintf(dir, dirlen, "%s", o->out_dir);
	if (check_outputs(dir, o, err, errlen) != 0 ||
	    make_out_dir(dir, made, madelen, err, errlen) != 0)
		return -1;
	return 0;
}

/* What ending a run needs: at its end, or from the stall watchdog. */
struct sweep_end {
	const struct options *o;
	struct result_set *rs;
	struct sweep_ctx *ctx;
	const char *dir;
	struct result_set *keep;      /* the caller's: a complete set moves here */
};

/*
 * The end of a run that got going, whatever stopped it: the status into
 * meta, the trailer when complete, every output of the finished cells
 * (the partial one marked), the messages.  Returns the exit status.
 */
static int end_run(struct sweep_end *e, int status, char *err, size_t errlen)
{
	char emit_err[IOSWEEP_ERR_MAX] = "";

	if (set_status(e->rs, status, err, errlen) != 0)
		cmd_msg(NULL, "out of memory for the run's status");
	if (e->ctx->progress_shown)
		fputs("\r\033[K", stderr);
	if (status == IOSWEEP_EXIT_OK)	/* "test complete" only when it is */
		report_trailer(e->ctx->out, e->o, e->rs);
	int saved = !clients_leader() ||
		emit(e->rs, e->o, e->dir, e->ctx->out, emit_err, sizeof(emit_err)) == 0;
	if (!saved) {
		cmd_msg(NULL, "%s", emit_err);
		if (status == IOSWEEP_EXIT_OK)
			status = IOSWEEP_EXIT_FAILURE;
	}
	/* saved: a second signal from here on says where, as the last line */
	char where[4200];
	snprintf(where, sizeof(where), "iosweep: %s in %.4096s/\n", status == IOSWEEP_EXIT_OK ?
		 "results" : "results of the finished cells", e->dir);
	sweep_journal_finish(&e->ctx->jn, e->rs->meta.status, saved, saved ? where : NULL);
	if (status != IOSWEEP_EXIT_OK && err[0])
		cmd_msg(NULL, "%s", err);
	if (saved)
		fputs(where, stderr);
	cmd_set_stop_note(NULL);
	if (saved && status == IOSWEEP_EXIT_OK && e->o->db_add && clients_leader() &&
	    db_add_dir(e->o, e->dir) != 0)
		status = IOSWEEP_EXIT_FAILURE;
	if (e->keep && status == IOSWEEP_EXIT_OK) {
		*e->keep = *e->rs;
		results_init(e->rs);
	}
	return status;
}

/*
 * The watchdog's thread: the run's thread is blocked in a call on a
 * share that does not answer, and no return from it can be waited for.
 * Save what finished through the same end as any other failure, then end
 * the process here (the one exit outside main.c: the blocked thread is
 * ended by the kernel with the process).  The test file is left on the
 * share, since removing it would block too; the message names it.
 */
static void on_stall(void *arg, const char *msg)
{
	struct sweep_end *e = arg;
	char err[IOSWEEP_ERR_MAX + 1200];

	snprintf(err, sizeof(err), "%s; the test file '%s' is left there", msg,
		 options_file(e->o));
	end_run(e, IOSWEEP_EXIT_IO, err, sizeof(err));
	fflush(e->ctx->out);
	fflush(stderr);
	_Exit(IOSWEEP_EXIT_IO);
}

/*
 * --io-timeout: given, or WATCHDOG_DEFAULT_S on a network or FUSE file
 * system (where this platform can watch; a note where it cannot).
 * 0, or -1 with err set.
 */
static int start_watchdog(const struct options *o, const struct result_set *rs,
			  struct sweep_end *e, char *err, size_t errlen)
{
	int share = mountinfo_fs_kind(rs->meta.fs_type) != MOUNTINFO_LOCAL;
	unsigned timeout_s = o->io_timeout_given ? o->io_timeout_s :
			     share ? WATCHDOG_DEFAULT_S : 0;
	char why[IOSWEEP_ERR_MAX];

	if (!timeout_s)
		return 0;
	if (!o->io_timeout_given && watchdog_available(why, sizeof(why)) != 0) {
		if (clients_leader())
			cmd_msg(NULL, "note: %s is a network or FUSE file system, but "
				"%s", rs->meta.fs_type, why);
		return 0;
	}
	return watchdog_start(timeout_s, options_file(o), on_stall, e, err, errlen);
}

/*
 * After the planned grid: --until-settled's larger files (they continue
 * the report's rows), then --refine-cliffs' sizes between the two sides
 * of each cliff (not IOzone rows: progress only).  Returns the status.
 */
static int run_more(const struct options *o, struct result_set *rs,
		    const struct runner_hooks *hooks, char *err, size_t errlen)
{
	unsigned rounds;

	if (o->until_settled) {
		char why[IOSWEEP_ERR_MAX];
		if (settle_run(o, rs, hooks, &cmd_stop, &rounds, why, sizeof(why),
			       err, errlen) != 0)
			return cmd_stop ? IOSWEEP_EXIT_INTERRUPTED : IOSWEEP_EXIT_IO;
		cmd_msg(NULL, "--until-settled added %u larger file size%s: %s", rounds,
			rounds == 1 ? "" : "s", why);
	}
	if (o->refine_cliffs) {
		struct runner_hooks quiet = *hooks;
		size_t added;
		quiet.cell_done = NULL;
		if (refine_cliffs(o, rs, &quiet, &cmd_stop, o->refine_time_s,
				  &rounds, &added, err, errlen) != 0)
			return cmd_stop ? IOSWEEP_EXIT_INTERRUPTED : IOSWEEP_EXIT_IO;
		cmd_msg(NULL, "--refine-cliffs measured %zu more cells in %u rounds",
			added, rounds);
	}
	return IOSWEEP_EXIT_OK;
}

/*
 * The planned sweep of call c; with c->resume_dir, the continuation of
 * the run whose journal c->doc is (the folder's outputs are replaced, its
 * finished cell-trials not run again).
 */
static int run_sweep(const struct sweep_call *c, const struct sweep_plan *p)
{
	const struct options *o = c->o;
	const char *resume_dir = c->resume_dir;
	struct journal_doc *doc = c->doc;
	char err[IOSWEEP_ERR_MAX] = "";
	char dir[2048] = "", made[2048] = "";
	struct result_set rs;
	int status = IOSWEEP_EXIT_OK;
	struct sweep_ctx ctx = { .o = o, .out = c->report, .rs = &rs };

	results_init(&rs);
	if (clients_agree(fill_meta(&rs, o, err, sizeof(err)), err, sizeof(err)) != 0)
		goto fail_start;
	if (qd_check(o, err, sizeof(err)) != 0)   /* --iodepth that cannot be kept */
		goto fail_start;
	if (resume_dir) {
		if (sweep_journal_check(doc, &rs, err, sizeof(err)) != 0 ||
		    check_xls(o, p, err, sizeof(err)) != 0)
			goto fail_start;
		snprintf(dir, sizeof(dir), "%s", resume_dir);
		ctx.jn.doc = doc;
	}
	/* the outputs are the leader's (the only client in the plain build) */
	else if (clients_agree(clients_leader() ?
			       (db_add_check(o, err, sizeof(err)) ||
				claim_outputs(o, p, &rs, dir, sizeof(dir), made, sizeof(made),
					      err, sizeof(err))) : 0, err, sizeof(err)) != 0)
		goto fail_start;
	cmd_catch_stop();	/* from here on a signal must not leave the file behind */
	int prepared = runner_prepare(o, err, sizeof(err));
	if (clients_agree(prepared, err, sizeof(err)) != 0) {
		/* many clients: one unusable path is a usage error for all */
		if (prepared == 0)
			runner_abandon(o);
		status = clients_active() ? IOSWEEP_EXIT_USAGE : IOSWEEP_EXIT_IO;
		goto fail_start;
	}
	if (clients_leader()) {
		char note[IOSWEEP_ERR_MAX];
		if (runner_space_note(o, note, sizeof(note)))
			cmd_msg(NULL, "%s", note);
		if (runner_cold_note(o, &rs.meta, note, sizeof(note)))
			cmd_msg(NULL, "%s", note);
	}
	if (clients_agree(runner_describe(o, &rs, err, sizeof(err)) != 0 ||
			  clients_describe(&rs, err, sizeof(err)) != 0 ? -1 : 0,
			  err, sizeof(err)) != 0) {
		runner_abandon(o);
		status = IOSWEEP_EXIT_FAILURE;
		goto fail_start;
	}

	ctx.show_progress = o->progress > 0 || (o->progress < 0 && plat_stderr_is_tty());
	struct runner_hooks hooks = { .cell_done = cell_done, .progress = progress, .ctx = &ctx };

	rs.trials = options_trials(o);	/* the journal's meta (the runner sets it too) */
	/* many clients: no journal yet (docs/journal.md) */
	if (!clients_active() &&
	    sweep_journal_start(&ctx.jn, dir, &rs, (int)o->nwords, o->words,
				o->overwrite) == 0) {
		hooks.sample_done = sample_done;
		hooks.trial_done = trial_done;
		hooks.trial_saved = trial_saved;
	}
	struct sweep_end end = { .o = o, .rs = &rs, .ctx = &ctx, .dir = dir, .keep = c->result };

	if (clients_agree(start_watchdog(o, &rs, &end, err, sizeof(err)), err,
			  sizeof(err)) != 0) {
		runner_abandon(o);
		status = IOSWEEP_EXIT_USAGE;
		goto fail_start;
	}

	report_header(c->report, o, &rs);
	report_columns(c->report, o);
	fflush(c->report);
	if (runner_run(o, p, &rs, &hooks, &cmd_stop, err, sizeof(err)) != 0)
		status = cmd_stop ? IOSWEEP_EXIT_INTERRUPTED : IOSWEEP_EXIT_IO;
	if (status == IOSWEEP_EXIT_OK)
		status = run_more(o, &rs, &hooks, err, sizeof(err));
	watchdog_stop();	/* waits for the watchdog if it is ending the run */
	status = end_run(&end, status, err, sizeof(err));
	results_release(&rs);
	return status;

fail_start:
	cmd_msg(NULL, "%s", err);
	undo_out_dir(dir, made);
	results_release(&rs);
	return status == IOSWEEP_EXIT_OK ? IOSWEEP_EXIT_USAGE : status;
}

/*
 * -X, -Y: read the telemetry files (run/sweep/telemetry.h) into o, and make the
 * run's one file size the extent they span, rounded up to whole records
 * (the write test must have written what the read telemetry reads).
 */
static int load_telemetry(struct options *o, char *err, size_t errlen)
{
	uint64_t extent = 0, rec;

	for (int k = 0; k < 2; k++) {
		if (!o->traj_path[k])
			continue;
		if (telemetry_load(o->traj_path[k], &o->traj[k], err, errlen) != 0)
			return -1;
		if (o->traj[k]->extent > extent)
			extent = o->traj[k]->extent;
	}
	if (!extent)
		return 0;
	if (o->traj[0] && o->traj[1] && o->traj[1]->extent > o->traj[0]->extent)
		return err_set(err, errlen, "-Y '%s': reads up to byte %llu, past the "
			"%llu bytes -X '%s' writes", o->traj_path[1],
			(unsigned long long)o->traj[1]->extent,
			(unsigned long long)o->traj[0]->extent, o->traj_path[0]);
	rec = options_record_kb(o) * 1024;
	o->sizes_kb[0] = (extent + rec - 1) / rec * rec / 1024;
	o->nsizes = 1;
	return 0;
}

/*
 * What a parsed command line needs before it plans: the clients' mode
 * (clients.h: what it refuses), -X/-Y, --bind.  0 or -1.
 */
static int sweep_prepare(struct options *o, char *err, size_t errlen)
{
	if (clients_setup(o, err, errlen) != 0 || load_telemetry(o, err, errlen) != 0)
		return -1;
	if (o->bind_given && plat_bind_cpu(o->bind_cpu, err, errlen) != 0)
		return -1;
	return 0;
}

int sweep_run(const struct sweep_call *c)
{
	char err[IOSWEEP_ERR_MAX] = "";
	struct sweep_plan p = { 0 };
	int status;

	if (c->result)
		results_init(c->result);
	/* with many clients, a refusal on any of them stops them all */
	if (clients_agree(sweep_prepare(c->o, err, sizeof(err)), err, sizeof(err)) != 0) {
		cmd_msg(c->resume_dir ? "resume" : NULL, "%s", err);
		return IOSWEEP_EXIT_USAGE;
	}
	if (options_throughput(c->o)) {
		cmd_catch_stop();
		return cmd_throughput_sweep(c->o, &cmd_stop, c->report, stderr,
					    (int)c->o->nwords, c->o->words, c->resume_dir, c->doc);
	}
	if (clients_agree(plan_build(&p, c->o, err, sizeof(err)), err, sizeof(err)) != 0) {
		cmd_msg(c->resume_dir ? "resume" : NULL, "%s", err);
		status = IOSWEEP_EXIT_USAGE;
	} else if (c->o->dry_run) {
		plan_write(c->report, &p);
		status = IOSWEEP_EXIT_OK;
	} else {
		status = run_sweep(c, &p);
	}
	plan_release(&p);
	return status;
}

int sweep_main(int argc, char **argv)
{
	char err[IOSWEEP_ERR_MAX] = "";
	struct options o;
	int status;

	/* with many clients, a refusal on any of them stops them all */
	if (clients_agree(options_parse(&o, argc, argv, err, sizeof(err)), err,
			  sizeof(err)) != 0) {
		cmd_msg(NULL, "%s", err);
		options_release(&o);
		return IOSWEEP_EXIT_USAGE;
	}
	if (o.help) {
		options_write_help(stdout);
		status = IOSWEEP_EXIT_OK;
	} else if (o.version) {
		char engines[512];
		engine_describe(engines, sizeof(engines));
		printf("iosweep %s\n%s\n", IOSWEEP_VERSION, engines);
		status = IOSWEEP_EXIT_OK;
	} else if (o.agent) {
		status = sweep_on_agent(&o);
	} else {
		struct sweep_call c = { .o = &o, .report = stdout };
		status = sweep_run(&c);
	}
	options_release(&o);
	return status;
}

int sweep_resume(const char *dir, struct journal_doc *doc)
{
	char err[IOSWEEP_ERR_MAX] = "";
	struct options o;
	char **argv = calloc((size_t)doc->argc + 2, sizeof(char *));
	int status;

	if (!argv) {
		cmd_msg("resume", "out of memory");
		return IOSWEEP_EXIT_FAILURE;
	}
	argv[0] = "iosweep";
	for (int i = 0; i < doc->argc; i++)
		argv[i + 1] = doc->argv[i];
	if (options_parse(&o, doc->argc + 1, argv, err, sizeof(err)) != 0) {
		cmd_msg("resume", "%s: the journal's command line: %s", dir, err);
		free(argv);
		options_release(&o);
		return IOSWEEP_EXIT_USAGE;
	}
	/* the file a killed run left behind is this run's own; outputs are replaced */
	o.overwrite = 1;
	if (o.help || o.version || o.dry_run) {
		cmd_msg("resume", "%s: the journal's command line runs no sweep", dir);
		status = IOSWEEP_EXIT_USAGE;
	} else {
		struct sweep_call c = { .o = &o, .report = stdout, .resume_dir = dir,
					.doc = doc };
		status = sweep_run(&c);
	}
	options_release(&o);
	free(argv);
	return status;
}
