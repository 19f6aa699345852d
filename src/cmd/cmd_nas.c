/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_nas.c: `iosweep nas PATH`: the guided run, the experiment a careful
 * reviewer would run on a NAS share, in a time budget, ending with the
 * card (cmd_card.h).
 *
 * It is made only of the existing commands, run in this process with
 * their options given as values, not as command lines (options_build for
 * the sweeps, files_opts for the small files) and their reports in files
 * (sweep_run, cmd_files_with): a short probe to learn the
 * rates (64 MB at 1 MB records, 4 MB at 4 kB random records); the
 * file-size sweep (write, read, random; the review's record sizes as far
 * as the budget takes them, 1 MB first; --cold and fsync in the timing so
 * both directions cross the link; file sizes to twice --nas-ram, or else
 * a search: 16 to 64 MB, then doubling until every curve has fallen and
 * settled, --until-settled --settle-drop, bounded by --settle-time); the
 * small-file phase (iosweep files, a scaled office-documents tree); and
 * the four queue-depth cells of the card (--iodepth, --jobs, --runtime);
 * and the workloads' streams, stepped up (nas_streams.c).
 *
 * The plan and its time model are nas_plan.c's; the probe also runs each
 * queue-depth cell in small, since what a cell costs beyond its timed
 * passes (laying its file out, every trial) is most of its time.  The qd
 * cells are time-based, so they go last and each one's --runtime is
 * recomputed from what is left of the estimate, which absorbs the
 * model's error and the time a search that settled early left; the small
 * files shrink, or go, when the sweep ran over.  The plan and its
 * estimate are printed first; --dry-run prints them without the probe
 * (assuming the link's rate, else gigabit's payload) and stops.  Each
 * phase says on stderr what it took against its estimate, and
 * timing.csv in the result folder keeps both.
 */
#include "compat.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analysis/card.h"
#include "cmd/cmd_card.h"
#include "cmd/commands.h"
#include "cmd/files_opts.h"
#include "cmd/nas_box.h"
#include "cmd/nas_plan.h"
#include "cmd/nas_streams.h"
#include "cmd/sweep.h"
#include "engine/engine.h"
#include "iosweep.h"
#include "lib/outfile.h"
#include "net/net_sock.h"
#include "analysis/netbound.h"
#include "options/cmdargs.h"
#include "options/options.h"
#include "platform/clock.h"
#include "platform/platform.h"
#include "model/results.h"
#include "model/stats.h"
#include "model/units.h"
#include "analysis/verdict.h"

#define NAS_DEFAULT_BUDGET_MS 600000u

struct nas_args {
	const char *path, *label, *out, *link, *workloads, *agent, *token;
	uint64_t nas_ram_kb, budget_ms;
	double ci_pct;
	int format, dry_run, overwrite, no_files, no_streams, force;
	char *command_line;       /* the run's own, recorded by its small-file phase */
};

/* The command line as typed: nas_args, and the values parse_args converts. */
struct nas_cli {
	struct nas_args a;
	const char *nas_ram, *budget, *ci, *card;
};

#define NAS_AT(field) offsetof(struct nas_cli, field)

static const struct cmdargs_opt nas_opts[] = {
	{ .name = "--nas-ram", .kind = CMDARGS_STRING, .off = NAS_AT(nas_ram),
	  .metavar = "SIZE", .help = "the NAS's RAM: files grow to twice it (default: they "
	  "double until the curves fall and settle, within the budget and the free space)" },
	{ .name = "--budget", .kind = CMDARGS_STRING, .off = NAS_AT(budget),
	  .metavar = "TIME", .help = "time for the whole run: 3m, 1h ...", .defval = "10m" },
	{ .name = "--ci", .kind = CMDARGS_STRING, .off = NAS_AT(ci), .metavar = "PCT%",
	  .help = "the 95% CI asked of each figure", .defval = "5%" },
	{ .name = "--link", .kind = CMDARGS_STRING, .off = NAS_AT(a.link), .metavar = "L",
	  .help = "100mbit, gigabit, 2.5gbe, 10gbe or a rate (940mbit)" },
	{ .name = "--agent", .kind = CMDARGS_STRING, .off = NAS_AT(a.agent),
	  .metavar = "ADDR:PORT", .help = "an iosweep serve on the NAS: the link measured "
	  "and the pool swept there too, beside the share" },
	{ .name = "--token", .kind = CMDARGS_STRING, .off = NAS_AT(a.token), .metavar = "T",
	  .help = "the agent's token (printed by iosweep serve)" },
	{ .name = "--label", .kind = CMDARGS_STRING, .off = NAS_AT(a.label), .metavar = "L",
	  .help = "the run's name in the result folder and on the card" },
	{ .name = "--out", .kind = CMDARGS_STRING, .off = NAS_AT(a.out), .metavar = "DIR",
	  .help = "the result folder", .defval = "iosweep-results/nas-LABEL-TIME" },
	{ .name = "--card", .kind = CMDARGS_STRING, .off = NAS_AT(card), .metavar = "FMT",
	  .help = "the card on stdout as text or md; png/svg also draw it" },
	{ .name = "--workloads", .kind = CMDARGS_STRING, .off = NAS_AT(a.workloads),
	  .metavar = "FILE", .help = "will-it-work questions", .defval = "data/nas.workloads" },
	{ .name = "--no-files", .kind = CMDARGS_FLAG, .off = NAS_AT(a.no_files),
	  .help = "skip the small-file phase" },
	{ .name = "--no-streams", .kind = CMDARGS_FLAG, .off = NAS_AT(a.no_streams),
	  .help = "skip the streams phase (the workloads' streams, measured)" },
	{ .name = "--force", .kind = CMDARGS_FLAG, .off = NAS_AT(a.force),
	  .help = "skip the free-space checks (shares that report none)" },
	{ .name = "--dry-run", .kind = CMDARGS_FLAG, .off = NAS_AT(a.dry_run),
	  .help = "print the plan and the estimate, run nothing" },
	{ .name = "--overwrite", .kind = CMDARGS_FLAG, .off = NAS_AT(a.overwrite),
	  .help = "replace the files of a result folder that exists" },
};

const struct cmdargs_spec cmd_nas_args = {
	.cmd = "nas",
	.synopsis = "PATH [OPTIONS]",
	.about = "  How fast is the NAS mounted at PATH?  Plans the run a reviewer would\n"
	"  (file sizes past the NAS's cache, --cold reads, fsync in the timing,\n"
	"  CrystalDiskMark's four queue-depth cells, a small-file phase, trials\n"
	"  for the CI), prints the plan and its time, runs it in the budget and\n"
	"  prints the card.\n",
	.opts = nas_opts,
	.nopts = sizeof(nas_opts) / sizeof(nas_opts[0]),
	.min_inputs = 1,
	.too_few = "name the folder on the NAS to test (iosweep nas /mnt/nas)",
};

/* The values of c that are numbers or names into c->a: 0, or -1 (said). */
static int convert_args(struct nas_cli *c)
{
	struct nas_args *a = &c->a;
	struct netbound_link l;
	char err[IOSWEEP_ERR_MAX];

	if (c->nas_ram && units_parse_size_kb(c->nas_ram, &a->nas_ram_kb, err,
					      sizeof(err)) != 0) {
		cmd_msg("nas", "--nas-ram '%s': %s", c->nas_ram, err);
		return -1;
	}
	if (c->budget && (units_parse_duration_ms(c->budget, 7u * 86400000u, &a->budget_ms,
						  err, sizeof(err)) != 0 ||
			  a->budget_ms < 30000)) {
		cmd_msg("nas", "--budget '%s': not a duration of 30s to a week (3m, 10m, 1h)",
			c->budget);
		return -1;
	}
	if (c->ci && card_parse_ci(c->ci, &a->ci_pct) != 0) {
		cmd_msg("nas", "--ci '%s': not a percentage (5%%, 2.5%%)", c->ci);
		return -1;
	}
	if (a->link && netbound_parse_link(a->link, &l, err, sizeof(err)) != 0) {
		cmd_msg("nas", "--link: %s", err);
		return -1;
	}
	if (c->card && (a->format = card_format_parse(c->card)) < 0) {
		cmd_msg("nas", "--card '%s': not a format (text, md, png, svg)", c->card);
		return -1;
	}
	if (!a->agent != !a->token) {
		cmd_msg("nas", "%s: give --agent ADDR:PORT and --token T together",
			a->agent ? "--agent" : "--token");
		return -1;
	}
	char host[256], port[16];
	if (a->agent && net_addr_split(a->agent, host, sizeof(host), port, sizeof(port), err,
				       sizeof(err)) != 0) {
		cmd_msg("nas", "--agent %s", err);
		return -1;
	}
	return 0;
}

/* a from the command line: 0, 1 for --help (printed), -1 for an error (said). */
static int parse_args(struct nas_args *a, int argc, char **argv)
{
	struct nas_cli c = { .a = { .budget_ms = NAS_DEFAULT_BUDGET_MS, .ci_pct = 5.0 } };
	struct cmdargs ca;
	char err[IOSWEEP_ERR_MAX];
	int rc = cmdargs_command(&ca, &cmd_nas_args, &c, argc, argv, stdout, stderr);

	if (rc >= 0)
		return rc == IOSWEEP_EXIT_OK ? 1 : -1;
	c.a.path = ca.inputs[0];
	if (ca.ninputs > 1)
		cmd_msg("nas", "one PATH only: '%s' and '%s'", ca.inputs[0], ca.inputs[1]);
	rc = ca.ninputs > 1 || convert_args(&c) != 0 ? -1 : 0;
	cmdargs_release(&ca);
	if (rc)
		return rc;
	*a = c.a;
	/* scripts/nas-lab run says which link the share sits behind */
	const char *env = getenv("IOSWEEP_LINK");
	if (!a->link && env && *env) {
		struct netbound_link l;
		if (netbound_parse_link(env, &l, err, sizeof(err)) != 0) {
			cmd_msg("nas", "IOSWEEP_LINK (no --link given): %s", err);
			return -1;
		}
		a->link = env;
	}
	return 0;
}

/* ---- running the parts ---- */

/* The probe's and the sweep's figures, from the set sweep_run hands back. */
struct nas_seen {
	double wr_kbps, rd_kbps, rw_kbps, rr_kbps;
};

/* The mean kB/s of col at the set's largest file: the rate that lasts. */
static double col_mean(const struct result_set *rs, int col)
{
	struct stats_summary s;
	size_t best = SIZE_MAX;

	for (size_t c = 0; c < rs->ncells; c++)
		if (results_has(rs, c, col) &&
		    (best == SIZE_MAX || rs->cells[c].file_kb > rs->cells[best].file_kb))
			best = c;
	if (best == SIZE_MAX ||
	    results_cell_summary(rs, best, col, RESULTS_UNIT_KBPS, &s) <= 0)
		return 0.0;
	return s.mean;
}

static void seen_from(struct nas_seen *s, const struct result_set *rs)
{
	s->wr_kbps = col_mean(rs, RC_WRITE);
	s->rd_kbps = col_mean(rs, RC_READ);
	s->rw_kbps = col_mean(rs, RC_RANDOM_WRITE);
	s->rr_kbps = col_mean(rs, RC_RANDOM_READ);
}

/*
 * One sweep of the run: its options built as values (options_build),
 * none of them written out and read back.  Each part of the run gives
 * its own, then common() what every sweep shares; run_sweep (or
 * nas_built for a check) ends the build.
 */
struct nas_sweep {
	struct options o;
	struct options_build *b;
	char err[IOSWEEP_ERR_MAX];
};

static struct options_build *nas_begin(struct nas_sweep *s)
{
	s->b = options_build_begin(&s->o, s->err, sizeof(s->err));
	return s->b;
}

/* The build ended: 0, or -1 with the reason in s->err.  Release s->o after. */
static int nas_built(struct nas_sweep *s)
{
	int rc = options_build_end(s->b);

	s->b = NULL;
	return rc;
}

/* The options every sweep of the run shares. */
static void common(struct options_build *b, const struct nas_args *a, const char *dir,
		   const char *name, int cold)
{
	char path[4200];

	snprintf(path, sizeof(path), "%s/iosweep-nas.tmp", a->path);
	options_build_text(b, "f", path);
	options_build_flag(b, "e");
	if (cold)
		options_build_flag(b, "cold");
	options_build_flag(b, "quiet");
	options_build_flag(b, "overwrite");
	options_build_text(b, "label", a->label ? a->label : "nas");
	if (a->force)
		options_build_flag(b, "force");
	if (a->link)
		options_build_text(b, "link", a->link);
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	options_build_text(b, "out", path);
}

/* Run the sweep s built (its report in dir/name.txt); its rates into seen. */
static int run_sweep(struct nas_sweep *s, const char *dir, const char *name,
		     const struct nas_args *a, struct nas_seen *seen)
{
	char report[4200];
	struct result_set rs;
	FILE *f;
	int rc;

	snprintf(report, sizeof(report), "%s/%s.txt", dir, name);
	if (nas_built(s) != 0) {
		cmd_msg("nas", "%s", s->err);
		options_release(&s->o);
		return IOSWEEP_EXIT_USAGE;
	}
	if (!(f = cmd_report_open("nas", report, a->overwrite))) {
		options_release(&s->o);
		return IOSWEEP_EXIT_FAILURE;
	}
	struct sweep_call call = { .o = &s->o, .report = f, .result = &rs };
	rc = sweep_run(&call);
	if (cmd_report_close("nas", f, report) != 0 && rc == IOSWEEP_EXIT_OK)
		rc = IOSWEEP_EXIT_FAILURE;
	if (rc == IOSWEEP_EXIT_OK)
		seen_from(seen, &rs);
	results_release(&rs);
	options_release(&s->o);
	return rc;
}

/* Does this platform take --cold?  A sweep's options check tells. */
static int cold_works(const struct nas_args *a)
{
	struct nas_sweep s;
	struct options_build *b = nas_begin(&s);

	options_build_num(b, "s", 16 * 1024);
	options_build_num(b, "i", 0);
	options_build_num(b, "i", 1);
	common(b, a, ".", "x", 1);
	int rc = nas_built(&s);
	options_release(&s.o);
	return rc == 0;
}

/*
 * Does the share take direct I/O (-I)?  The queue-depth cells then read
 * past any cache on this side, as CrystalDiskMark's unbuffered I/O does:
 * a --runtime pass goes round its file, and buffered, its later rounds
 * would read this computer's memory.
 */
static int direct_works(const struct nas_args *a)
{
	char err[IOSWEEP_ERR_MAX];

	return sweep_direct_works(a->path, err, sizeof(err));
}

static double now_s(void)
{
	return (double)clock_now_ns() / 1e9;
}

/* The sweep of qd cell i into dir/name: a kb file, passes of t seconds. */
static void qd_cell_build(struct options_build *b, const struct nas_args *a,
			  const struct nas_plan *p, const char *dir, const char *name,
			  size_t i, uint64_t kb, double t, int trials)
{
	const struct card_row *c = &card_row_specs[i];

	options_build_num(b, "s", kb);
	options_build_num(b, "r", c->record_kb);
	options_build_num(b, "i", 0);
	options_build_num(b, "i", c->random ? 2 : 1);
	options_build_flag(b, "+n");
	options_build_num(b, "iodepth", c->depth);
	if (p->direct)
		options_build_flag(b, "I");
	if (c->threads > 1)
		options_build_num(b, "jobs", c->threads);
	options_build_num(b, "runtime", (uint64_t)llround(t * 1000.0));
	options_build_num(b, "trials", (uint64_t)trials);
	common(b, a, dir, name, p->cold);
}

/*
 * Can qd cell i run here as planned, on a kb file?  Its sweep is checked
 * as the sweep would check it (sweep_check: the options, the engine its
 * depth needs, -I, the folder); a cell that passes notes the engine that
 * will keep its I/Os in flight (threads where this build has no io_uring:
 * the same depth, kept another way), one that fails is left out with the
 * sweep's reason.
 */
static void cell_check(struct nas_plan *p, const struct nas_args *a, const char *dir,
		       size_t i, uint64_t kb)
{
	struct nas_sweep s;
	char err[IOSWEEP_ERR_MAX];
	const struct engine_ops *eng;

	qd_cell_build(nas_begin(&s), a, p, dir, card_row_specs[i].slug, i, kb,
		      NAS_MIN_RUNTIME_S, NAS_TRIALS);
	p->qd_engine[i] = NULL;
	p->qd_left_out[i][0] = '\0';
	if (nas_built(&s) != 0)
		snprintf(p->qd_left_out[i], sizeof(p->qd_left_out[i]), "%s", s.err);
	else if (sweep_check(&s.o, err, sizeof(err)) != 0)
		snprintf(p->qd_left_out[i], sizeof(p->qd_left_out[i]), "%s", err);
	else if ((eng = engine_pick(card_row_specs[i].depth, err, sizeof(err))) != NULL)
		p->qd_engine[i] = eng->name;
	else
		snprintf(p->qd_left_out[i], sizeof(p->qd_left_out[i]), "%s", err);
	options_release(&s.o);
}

/*
 * Before the first phase starts: every qd cell checked on the planned
 * file.  The sweep and the small-file phase need no such check: the
 * probe ran both, in small.
 */
static int plan_check(struct nas_plan *p, const struct nas_args *a, const char *dir)
{
	int more = 0;

	for (size_t i = 0; i < NAS_QD_CELLS; i++) {
		int was = p->qd_left_out[i][0] != '\0';
		cell_check(p, a, dir, i, p->qd_kb);
		more |= !was && p->qd_left_out[i][0];
	}
	return more;
}

/*
 * --dry-run's plan: no probe, so the link's rate (else gigabit's payload)
 * both ways and a guess at the costs the probe would measure.
 */
static void dry_plan(struct nas_plan *p, const struct nas_args *a,
		     const struct nas_ask *ask, const char *dir)
{
	struct netbound_link l = { 0 };
	int net = 0;

	netbound_from_meta(a->link, NULL, &l, &net);
	p->wr_kbps = p->rd_kbps = l.kbps > 0 ? l.kbps * NETBOUND_PAYLOAD_FRAC :
		1e9 / 8 / 1024 * NETBOUND_PAYLOAD_FRAC;
	p->per_file_s = 0.002;
	p->fixed_s = 0.2;
	for (size_t i = 0; i < NAS_QD_CELLS; i++) {
		cell_check(p, a, dir, i, NAS_CELL_PROBE_KB);
		p->cell_extra_s[i] = 0.3;
	}
	p->probe_s = nas_plan_probe_s(p, a->no_files);
	nas_plan_build(p, ask, p->probe_s);
	if (plan_check(p, a, dir))
		nas_plan_build(p, ask, p->probe_s);
}

/* The phase that began at t1 took; said on stderr against its estimate. */
static double phase_done(const char *what, double t1, double planned_s)
{
	double took = now_s() - t1;
	cmd_msg("nas", "%s took %.0f s (estimated %.0f s)", what, took, planned_s);
	return took;
}

/* dir/timing.csv (nas_timing_write), its failure said. */
static int write_timing(const struct nas_timing *tm, const struct nas_args *a,
			const char *dir)
{
	char err[IOSWEEP_ERR_MAX];

	if (nas_timing_write(tm, dir, a->overwrite, err, sizeof(err)) != 0) {
		cmd_msg("nas", "%s", err);
		return IOSWEEP_EXIT_FAILURE;
	}
	return IOSWEEP_EXIT_OK;
}

/*
 * dir/left-out.txt for the card (card_parse_left_out), when a cell is, or
 * the small-file phase for the budget.
 */
static int write_left_out(const struct nas_plan *p, const struct nas_args *a,
			  const char *dir)
{
	struct outfile f;
	char path[4200], err[IOSWEEP_ERR_MAX];
	int files_out = !p->files && !a->no_files, any = files_out;

	for (size_t i = 0; i < NAS_QD_CELLS; i++)
		any |= p->qd_left_out[i][0] != '\0';
	if (!any)
		return IOSWEEP_EXIT_OK;
	snprintf(path, sizeof(path), "%s/left-out.txt", dir);
	if (outfile_open(&f, path, 0, a->overwrite, err, sizeof(err)) != 0) {
		cmd_msg("nas", "%s", err);
		return IOSWEEP_EXIT_FAILURE;
	}
	for (size_t i = 0; i < NAS_QD_CELLS; i++)
		if (p->qd_left_out[i][0])
			outfile_printf(&f, "%s: %s\n", card_row_specs[i].slug, p->qd_left_out[i]);
	if (files_out)
		outfile_printf(&f, "files: the budget (%.0f s) leaves no time for it; a longer "
			       "--budget takes it\n", (double)a->budget_ms / 1000.0);
	if (outfile_commit(&f, err, sizeof(err)) != 0) {
		cmd_msg("nas", "%s", err);
		return IOSWEEP_EXIT_FAILURE;
	}
	return IOSWEEP_EXIT_OK;
}

/*
 * The cells (those the plan left out skipped), the costliest beyond its
 * passes first, each with the --runtime that fits what is left before
 * deadline (a clock_now_ns time in seconds).  What the cells still to run
 * cost beyond their timed passes (their untimed layouts above all) is the
 * model's (nas_qd_cell_s), scaled by how far it was off on the cells done
 * (by at most 2); the cells with the least of it, whose passes are the
 * most of their time, come last and absorb the error of the phases before
 * (down to passes of NAS_MIN_RUNTIME_S).  p->qd_runtime_s ends as the
 * last cell's passes.
 */
static int run_qd(const struct nas_args *a, struct nas_plan *p, const char *dir,
		  double deadline)
{
	double planned = 0, took = 0;
	size_t order[NAS_QD_CELLS], n = 0;

	for (size_t i = 0; i < NAS_QD_CELLS; i++) {
		if (p->qd_left_out[i][0]) {
			cmd_msg("nas", "[3/3] %s left out: %s", card_row_specs[i].slug,
				p->qd_left_out[i]);
			continue;
		}
		size_t k = n++;
		for (; k > 0 && nas_qd_cell_s(p, order[k - 1], p->qd_kb, 0) <
			       nas_qd_cell_s(p, i, p->qd_kb, 0); k--)
			order[k] = order[k - 1];
		order[k] = i;
	}
	for (size_t j = 0; j < n; j++) {
		struct nas_sweep s;
		struct nas_seen seen = { 0 };
		size_t i = order[j];
		unsigned passes_left = 0;
		double over = 0;
		for (size_t k = j; k < n; k++) {
			passes_left += nas_qd_passes(order[k]);
			over += nas_qd_cell_s(p, order[k], p->qd_kb, 0);
		}
		if (planned > 0) {
			double r = took / planned;
			over *= r < 0.5 ? 0.5 : r > 2 ? 2 : r;
		}
		double t = (deadline - now_s() - over) / (NAS_TRIALS * passes_left);
		t = t < NAS_MIN_RUNTIME_S ? NAS_MIN_RUNTIME_S : t > NAS_MAX_RUNTIME_S ?
			NAS_MAX_RUNTIME_S : t;
		p->qd_runtime_s = t;
		qd_cell_build(nas_begin(&s), a, p, dir, card_row_specs[i].slug, i, p->qd_kb, t,
			      NAS_TRIALS);
		double t1 = now_s();
		int rc = run_sweep(&s, dir, card_row_specs[i].slug, a, &seen);
		if (rc != IOSWEEP_EXIT_OK)
			return rc;
		double cell_s = now_s() - t1;
		cmd_msg("nas", "[3/3] %s took %.1f s (estimated %.1f s, passes of %.2f s)",
			card_row_specs[i].slug, cell_s, nas_qd_cell_s(p, i, p->qd_kb, t), t);
		took += cell_s - NAS_TRIALS * nas_qd_passes(i) * t;
		planned += nas_qd_cell_s(p, i, p->qd_kb, 0);
	}
	return IOSWEEP_EXIT_OK;
}

/*
 * The small files into dir/name: the probe's 64 files of 16 kB, one
 * trial, or the phase's office-documents tree at the plan's scale,
 * trials and --cold; given as values (files_opts.h), its report in
 * dir/name.txt.
 */
static int run_files(const struct nas_args *a, const struct nas_plan *p, const char *dir,
		     const char *name, int probe)
{
	char report[4200], out[4200], err[IOSWEEP_ERR_MAX];
	struct files_opts o;
	int rc;

	files_opts_defaults(&o);
	snprintf(out, sizeof(out), "%s/%s", dir, name);
	o.dir = a->path;
	o.out = out;
	o.overwrite = 1;
	if (!probe) {
		o.scale = p->files_scale;
		o.trials = NAS_TRIALS;
		o.cold = 1;
	}
	rc = probe ? files_opts_flat_tree(&o, 64, 16 * 1024, err, sizeof(err)) :
		files_opts_preset_tree(&o, "office-documents", err, sizeof(err));
	if (rc != 0) {
		cmd_msg("nas", "%s: %s", name, err);
		return IOSWEEP_EXIT_USAGE;
	}
	snprintf(report, sizeof(report), "%s/%s.txt", dir, name);
	FILE *f = cmd_report_open("nas", report, a->overwrite);
	if (!f)
		return IOSWEEP_EXIT_FAILURE;
	rc = cmd_files_with(&o, a->command_line, f);
	if (cmd_report_close("nas", f, report) != 0 && rc == IOSWEEP_EXIT_OK)
		rc = IOSWEEP_EXIT_FAILURE;
	return rc;
}

/*
 * Qd cell i in small (a NAS_CELL_PROBE_KB file, one trial of short
 * passes), when it can run here (cell_check; else it is left out, and
 * costs nothing): its write rate is the rate its untimed layout goes at,
 * and what the sweep took beyond that layout, its passes and a sweep's
 * own start is what each of its trials costs besides.
 */
static int probe_cell(const struct nas_args *a, struct nas_plan *p, const char *dir,
		      size_t i)
{
	struct nas_sweep s;
	struct nas_seen seen = { 0 };
	char name[64];

	cell_check(p, a, dir, i, NAS_CELL_PROBE_KB);
	if (p->qd_left_out[i][0])
		return IOSWEEP_EXIT_OK;
	snprintf(name, sizeof(name), ".probe-%s", card_row_specs[i].slug);
	qd_cell_build(nas_begin(&s), a, p, dir, name, i, NAS_CELL_PROBE_KB, NAS_CELL_PROBE_S, 1);
	double t0 = now_s();
	int rc = run_sweep(&s, dir, name, a, &seen);
	if (rc != IOSWEEP_EXIT_OK)
		return rc;
	double took = now_s() - t0;
	p->cell_wr_kbps[i] = seen.wr_kbps;
	p->cell_extra_s[i] = 0;
	/* the model's one trial with nothing extra: its trials' share less the start */
	double one = (nas_qd_cell_s(p, i, NAS_CELL_PROBE_KB, NAS_CELL_PROBE_S) - p->fixed_s) /
		NAS_TRIALS;
	double extra = took - p->fixed_s - one;
	p->cell_extra_s[i] = extra > 0 ? extra : 0;
	return IOSWEEP_EXIT_OK;
}

/* A probe's sweep: a kb file written (-i 0) and read by test, in rec_kb records. */
static void probe_build(struct options_build *b, const struct nas_args *a, const char *dir,
			const char *name, int cold, uint64_t kb, uint64_t rec_kb, int test)
{
	options_build_num(b, "s", kb);
	options_build_num(b, "r", rec_kb);
	options_build_num(b, "i", 0);
	options_build_num(b, "i", (uint64_t)test);
	options_build_flag(b, "+n");
	common(b, a, dir, name, cold);
}

/*
 * The probe: rates for the sweep, the cost of a small file, of a sweep's
 * start, and of each qd cell.
 */
static int probe(const struct nas_args *a, struct nas_plan *p, const char *dir)
{
	struct nas_sweep s;
	struct options_build *b = nas_begin(&s);
	struct nas_seen seen = { 0 };
	double t0 = now_s();
	int rc;

	probe_build(b, a, dir, ".probe", p->cold, NAS_PROBE_KB, 1024, 1);
	cmd_msg("nas", "probing %s", a->path);
	rc = run_sweep(&s, dir, ".probe", a, &seen);
	if (rc != IOSWEEP_EXIT_OK)
		return rc;
	p->wr_kbps = seen.wr_kbps;
	p->rd_kbps = seen.rd_kbps;
	if (!(p->wr_kbps > 0) || !(p->rd_kbps > 0)) {
		cmd_msg("nas", "the probe measured no rate on %s", a->path);
		return IOSWEEP_EXIT_FAILURE;
	}
	/* what a sweep costs beyond its passes: the probe's wall time less them */
	p->fixed_s = now_s() - t0 - nas_secs(NAS_PROBE_KB, p->wr_kbps) -
		nas_secs(NAS_PROBE_KB, p->rd_kbps) - 2 * NAS_PASS_COST_S;
	if (p->fixed_s < 0.1)
		p->fixed_s = 0.1;
	/* a random 4 kB operation's latency beyond its bytes, each way */
	struct nas_seen rnd = { 0 };
	probe_build(nas_begin(&s), a, dir, ".probe-rnd", p->cold, NAS_RND_PROBE_KB, 4, 2);
	rc = run_sweep(&s, dir, ".probe-rnd", a, &rnd);
	if (rc != IOSWEEP_EXIT_OK)
		return rc;
	p->lat_wr_s = rnd.rw_kbps > 0 ? nas_secs(4, rnd.rw_kbps) - nas_secs(4, p->wr_kbps) : 0;
	p->lat_rd_s = rnd.rr_kbps > 0 ? nas_secs(4, rnd.rr_kbps) - nas_secs(4, p->rd_kbps) : 0;
	p->lat_wr_s = p->lat_wr_s > 0 ? p->lat_wr_s : 0;
	p->lat_rd_s = p->lat_rd_s > 0 ? p->lat_rd_s : 0;
	if (!a->no_files) {
		double t1 = now_s();
		rc = run_files(a, p, dir, ".probe-files", 1);
		if (rc != IOSWEEP_EXIT_OK)
			return rc;
		p->per_file_s = (now_s() - t1) / 64.0;
	}
	p->direct = direct_works(a);
	for (size_t i = 0; i < NAS_QD_CELLS; i++)
		if ((rc = probe_cell(a, p, dir, i)) != IOSWEEP_EXIT_OK)
			return rc;
	p->probe_s = now_s() - t0;
	p->probed = 1;
	return IOSWEEP_EXIT_OK;
}

/* The file-size sweep (phase 1); its largest file's rates replace the probe's. */
static int run_main_sweep(const struct nas_args *a, struct nas_plan *p, const char *dir)
{
	struct nas_sweep s;
	struct options_build *b = nas_begin(&s);
	struct nas_seen seen = { 0 };
	int rc;

	options_build_flag(b, "a");
	options_build_num(b, "n", 16 * 1024);
	options_build_num(b, "g", p->search ? p->base_kb : p->max_kb);
	/* ascending: IOzone walks a list to the first entry above the last */
	for (uint64_t r = 1; r <= 16384; r *= 2)
		for (size_t k = 0; k < p->nrecs; k++)
			if (nas_recs_kb[k] == r)
				options_build_num(b, "r", r);
	if (p->search && p->settle_s) {
		options_build_flag(b, "until-settled");
		options_build_flag(b, "settle-drop");
		options_build_num(b, "settle-time", p->settle_s);
	}
	options_build_num(b, "i", 0);
	options_build_num(b, "i", 1);
	if (p->random)
		options_build_num(b, "i", 2);
	options_build_flag(b, "+n");
	options_build_num(b, "trials", NAS_TRIALS);
	options_build_real(b, "ci", a->ci_pct);
	options_build_flag(b, "latency");
	options_build_flag(b, "plot");
	options_build_flag(b, "report");
	common(b, a, dir, "sweep", p->cold);
	cmd_msg("nas", "[1/3] sweep");
	if ((rc = run_sweep(&s, dir, "sweep", a, &seen)) != IOSWEEP_EXIT_OK)
		return rc;
	/* the largest file's rates are the ones the qd cells' layout meets */
	if (seen.wr_kbps > 0)
		p->wr_kbps = seen.wr_kbps;
	if (seen.rd_kbps > 0)
		p->rd_kbps = seen.rd_kbps;
	return IOSWEEP_EXIT_OK;
}

/*
 * The small files (phase 2), in what the earlier phases left of their
 * share: when the sweep ran over its estimate, the tree shrinks so the
 * qd cells' shortest passes and the card still end at end; when even its
 * smallest would not, the phase is left out (left-out.txt says so).
 */
static int run_files_phase(const struct nas_args *a, struct nas_plan *p, const char *dir,
			   double end)
{
	if (!p->files)
		return IOSWEEP_EXIT_OK;
	double room = end - now_s() - p->card_s - nas_qd_s(p, p->qd_kb, NAS_MIN_RUNTIME_S);
	if (room < p->files_s) {
		double scale = p->files_s > 0 ? p->files_scale * room / p->files_s : 0;
		if (scale < NAS_FILES_MIN_SCALE) {
			cmd_msg("nas", "[2/3] small files left out: the sweep took their time");
			p->files = 0;
			return IOSWEEP_EXIT_OK;
		}
		cmd_msg("nas", "[2/3] small files at --scale %.3g, not %.3g: the sweep took "
			"the rest of their time", scale, p->files_scale);
		p->files_s *= scale / p->files_scale;
		p->files_scale = scale;
	}
	double t1 = now_s();
	cmd_msg("nas", "[2/3] small files");
	int rc = run_files(a, p, dir, "files", 0);
	if (rc == IOSWEEP_EXIT_OK)
		phase_done("[2/3] small files", t1, p->files_s);
	return rc;
}

static void result_dir(const struct nas_args *a, char *out, size_t len)
{
	char stamp[32] = "run", label[64];
	time_t now = time(NULL);
	struct tm tm;
	size_t k = 0;

	if (a->out) {
		snprintf(out, len, "%s", a->out);
		return;
	}
	for (const char *s = a->label ? a->label : "nas"; *s && k + 1 < sizeof(label); s++)
		label[k++] = (strchr("/\\:*?\"<>| ", *s) || (unsigned char)*s < 0x20) ? '_' : *s;
	label[k] = '\0';
	if (localtime_r(&now, &tm))
		strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
	snprintf(out, len, "iosweep-results/nas-%s-%s", label, stamp);
}

/* The card of the run's folder: on stdout, saved there with card.gp (and
 * its image when gnuplot is here). */
static int emit_card(const struct nas_args *a, const struct verdict_workloads *w,
		     const char *dir)
{
	struct card c;
	struct card_emit e = { .format = a->format, .link_spec = a->link,
		.workloads = w, .ci_pct = a->ci_pct, .save_dir = dir, .image_dir = dir };
	int status;

	card_init(&c);
	if ((status = card_add_source(&c, dir)) != IOSWEEP_EXIT_OK)
		return status;
	return cmd_card_emit(&c, &e);
}

/* Room on the share for the plan's largest file (said when not). */
static int space_ok(const struct nas_plan *p, const struct nas_args *a, uint64_t free_bytes)
{
	char need[32];

	if (a->force || (double)p->max_kb * 1024.0 * 1.1 <= (double)free_bytes)
		return 1;
	units_format_size_kb(p->max_kb, need, sizeof(need));
	cmd_msg("nas", "the plan writes files of up to %s, more than the free space on %s; "
		"free some space, give a smaller --nas-ram, or --force", need, a->path);
	return 0;
}

/* What is left out, the card and timing.csv, after the phases. */
static int finish_run(const struct nas_args *a, const struct nas_plan *p,
		      const struct verdict_workloads *w, struct nas_timing *tm, const char *dir)
{
	double t1 = now_s();
	int status = write_left_out(p, a, dir);

	if (status != IOSWEEP_EXIT_OK)
		return status;
	status = emit_card(a, w, dir);
	tm->took[NAS_PH_CARD] = now_s() - t1;
	return status == IOSWEEP_EXIT_OK ? write_timing(tm, a, dir) : status;
}

int cmd_nas(int argc, char **argv)
{
	struct nas_args a;
	struct nas_plan p = { 0 };
	struct nas_ask ask;
	struct nas_timing tm = { 0 };
	struct verdict_workloads *w = NULL;
	struct nas_box *box = NULL;
	char dir[4096], err[IOSWEEP_ERR_MAX];
	uint64_t free_bytes = 0;
	int rc, status = IOSWEEP_EXIT_OK;
	double t0 = now_s(), t1;

	rc = parse_args(&a, argc, argv);
	if (rc)
		return rc > 0 ? IOSWEEP_EXIT_OK : IOSWEEP_EXIT_USAGE;
	if (io_check_dir(a.path, &free_bytes, err, sizeof(err)) != 0) {
		cmd_msg("nas", "%s", err);
		return IOSWEEP_EXIT_USAGE;
	}
	w = malloc(sizeof(*w));
	if (!w || card_load_workloads(a.workloads, w) != 0) {
		free(w);
		return IOSWEEP_EXIT_INPUT;
	}
	if (!(a.command_line = cmd_command_line(argc, argv))) {
		cmd_msg("nas", "out of memory");
		free(w);
		return IOSWEEP_EXIT_FAILURE;
	}
	p.cold = cold_works(&a);
	ask = (struct nas_ask){ .budget_s = (double)a.budget_ms / 1000.0,
		.nas_ram_kb = a.nas_ram_kb, .no_files = a.no_files, .no_streams = a.no_streams,
		/* 0: not known (--force: FUSE shares report none free) */
		.free_kb = a.force ? 0 : free_bytes / 1024 ? free_bytes / 1024 : 1 };
	ask.ngroups = nas_streams_groups(w, ask.groups, NAS_STREAMS_MAX_GROUPS);
	result_dir(&a, dir, sizeof(dir));
	if (a.dry_run) {
		dry_plan(&p, &a, &ask, dir);
		nas_plan_print(stdout, &p, &ask, a.path, a.ci_pct);
		goto out;
	}
	if (!a.overwrite && plat_stat(dir, 1, NULL) != PLAT_NONE) {
		cmd_msg("nas", "'%s' exists already; choose another --out or use --overwrite", dir);
		status = IOSWEEP_EXIT_USAGE;
		goto out;
	}
	if (outfile_mkdirs(dir, err, sizeof(err)) != 0) {
		cmd_msg("nas", "%s", err);
		status = IOSWEEP_EXIT_FAILURE;
		goto out;
	}
	box = a.agent ? nas_box_start(a.agent, a.token, dir, "probe") : NULL;
	if ((status = probe(&a, &p, dir)) != IOSWEEP_EXIT_OK)
		goto out;
	nas_plan_build(&p, &ask, now_s() - t0);
	if (!space_ok(&p, &a, free_bytes)) {
		status = IOSWEEP_EXIT_USAGE;
		goto out;
	}
	/* a cell its full file leaves out gives its time to the others */
	if (plan_check(&p, &a, dir))
		nas_plan_build(&p, &ask, now_s() - t0);
	nas_plan_print(stdout, &p, &ask, a.path, a.ci_pct);
	nas_timing_plan(&tm, &p);
	tm.took[NAS_PH_PROBE] = p.probe_s;
	/* the run ends at the estimate, or at the budget when the estimate is over it */
	double end = t0 + (p.total_s < ask.budget_s ? p.total_s : ask.budget_s);
	t1 = nas_box_phase(box, "sweep");
	if ((status = run_main_sweep(&a, &p, dir)) != IOSWEEP_EXIT_OK)
		goto out;
	tm.took[NAS_PH_SWEEP] = phase_done("[1/3] sweep", t1, p.sweep_s);
	t1 = nas_box_phase(box, "files");
	if ((status = run_files_phase(&a, &p, dir, end)) != IOSWEEP_EXIT_OK)
		goto out;
	tm.took[NAS_PH_FILES] = now_s() - t1;
	t1 = nas_box_phase(box, "qd");
	if ((status = run_qd(&a, &p, dir, end - p.card_s - p.streams_s)) != IOSWEEP_EXIT_OK)
		goto out;
	tm.took[NAS_PH_QD] = phase_done("[3/3] queue depth", t1, p.qd_s);
	t1 = nas_box_phase(box, "streams");
	status = nas_streams_run(&p, &ask, a.path, dir, end - p.card_s, a.overwrite);
	if (status != IOSWEEP_EXIT_OK)
		goto out;
	tm.took[NAS_PH_STREAMS] = p.streams_groups ? phase_done("[streams]", t1, p.streams_s) : 0;
	box = nas_box_stop(box);
	if (a.agent && (status = nas_agent_run(a.agent, a.token, dir, p.max_kb, p.cold,
					       a.overwrite, a.command_line)) != IOSWEEP_EXIT_OK)
		goto out;
	status = finish_run(&a, &p, w, &tm, dir);
	cmd_msg("nas", "took %.0f s of an estimated %.0f s; results in %s/",
		now_s() - t0, p.total_s, dir);
out:
	nas_box_stop(box);
	free(a.command_line);
	free(w);
	return status;
}
