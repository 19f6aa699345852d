/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_card.c: `iosweep card SOURCE... [--card text|md|png|svg] [--link L]
 * [--workloads FILE] [--ci PCT%] [--out DIR]`: draw the
 * NAS card (card.h) from result folders, a guided run's folder (its
 * sub-folders, one per row, and files/), our CSV files or IOzone reports.
 * The card says which rows its sources cannot give.  A folder holding a
 * ZFS box's figures (zfs-after.csv or zfs-before.csv, which `nas-lab run
 * --record` writes) names the layout of every set in it and below it,
 * or of the set whose parent holds them (card_zfs.h).
 *
 * cmd_card_emit is also the end of `iosweep nas`, so the card a run
 * prints and the one `iosweep card` redraws from its folder are made by
 * the same code from the same files.
 */
#include "compat.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/card.h"
#include "charts/gnuplot_card.h"
#include "charts/gnuplot_run.h"
#include "cmd/cmd_card.h"
#include "cmd/commands.h"
#include "import/import.h"
#include "iosweep.h"
#include "lib/builtin.h"
#include "lib/outfile.h"
#include "lib/readfile.h"
#include "lib/strbuf.h"
#include "options/cmdargs.h"
#include "analysis/netbound.h"
#include "platform/platform.h"
#include "report/cardout.h"
#include "model/results.h"
#include "analysis/verdict.h"

#define CARD_MAX_SUBDIRS 64
#define CARD_MAX_FILE (64u << 20)

/* The command line as typed. */
struct card_cli {
	const char *card, *link, *workloads, *ci, *out;
};

#define CARD_AT(field) offsetof(struct card_cli, field)

static const struct cmdargs_opt card_opts[] = {
	{ .name = "--card", .kind = CMDARGS_STRING, .off = CARD_AT(card), .metavar = "FMT",
	  .help = "text (the default), md (a Markdown table), png or svg (an image "
	  "through gnuplot, written to --out)" },
	{ .name = "--link", .kind = CMDARGS_STRING, .off = CARD_AT(link), .metavar = "L",
	  .help = "the link to the NAS: 100mbit, gigabit, 2.5gbe, 10gbe or a rate "
	  "(940mbit); default: what the run recorded" },
	{ .name = "--workloads", .kind = CMDARGS_STRING, .off = CARD_AT(workloads),
	  .metavar = "FILE", .help = "the will-it-work questions",
	  .defval = "data/nas.workloads" },
	{ .name = "--ci", .kind = CMDARGS_STRING, .off = CARD_AT(ci), .metavar = "PCT%",
	  .help = "warn about figures whose 95% CI is wider", .defval = "5%" },
	{ .name = "--out", .kind = CMDARGS_STRING, .off = CARD_AT(out), .metavar = "DIR",
	  .help = "where card.gp and its image go (default: the first SOURCE folder, "
	  "else .)" },
};

const struct cmdargs_spec cmd_card_args = {
	.cmd = "card",
	.synopsis = "SOURCE... [OPTIONS]",
	.about = "  SOURCE: a result folder (iosweep --out, iosweep nas, iosweep import),\n"
	"          its sub-folders, a files.csv, a streams.csv, our CSV or an\n"
	"          IOzone report\n",
	.opts = card_opts,
	.nopts = sizeof(card_opts) / sizeof(card_opts[0]),
	.min_inputs = 1,
	.too_few = "name a result folder or file (iosweep card --help)",
};

int card_format_parse(const char *s)
{
	static const char *const names[] = { "text", "md", "png", "svg" };
	for (int i = 0; i < 4; i++)
		if (!strcmp(s, names[i]))
			return i;
	return -1;
}

int card_load_workloads(const char *path, struct verdict_workloads *w)
{
	char err[IOSWEEP_ERR_MAX];
	char *own = NULL;
	size_t len;
	const char *text;
	int rc;

	if (path) {
		if (readfile_all(path, CARD_MAX_FILE, "a workloads file", &own, &len,
				 err, sizeof(err)) != 0) {
			cmd_msg("card", "%s", err);
			return -1;
		}
		text = own;
	} else {
		path = "data/nas.workloads";
		text = builtin_text("nas.workloads");
		if (!text) {
			cmd_msg("card", "the built-in nas.workloads is missing");
			return -1;
		}
		len = strlen(text);
	}
	rc = verdict_parse_workloads(w, text, len, path, err, sizeof(err));
	if (rc != 0)
		cmd_msg("card", "%s", err);
	free(own);
	return rc;
}

/* The CSV files a folder may hold beside its sets, by kind. */
enum { CSV_FILES, CSV_STREAMS, CSV_LINK, CSV_BOX, CSV_KINDS };
static const char *const csv_names[CSV_KINDS] = { "files.csv", "streams.csv", "link.csv",
						   "box.csv" };

/* One of them into the card.  0, or an exit code. */
static int add_csv(struct card *c, const char *path, int kind)
{
	static const char *const what[] = { "a files.csv", "a streams.csv", "a link.csv",
					     "a box.csv" };
	char err[IOSWEEP_ERR_MAX];
	char *buf = NULL;
	size_t len;
	int rc;

	if (readfile_all(path, CARD_MAX_FILE, what[kind], &buf, &len, err, sizeof(err)) != 0) {
		cmd_msg("card", "%s", err);
		return IOSWEEP_EXIT_INPUT;
	}
	rc = kind == CSV_STREAMS ? card_parse_streams_csv(c, buf, len, path, err, sizeof(err)) :
	     kind == CSV_LINK ? card_parse_link_csv(c, buf, len, path, err, sizeof(err)) :
	     kind == CSV_BOX ? card_box_parse_csv(&c->box, buf, len, path, err, sizeof(err)) :
	     card_parse_files_csv(c, buf, len, path, err, sizeof(err));
	free(buf);
	if (rc != 0) {
		cmd_msg("card", "%s", err);
		return IOSWEEP_EXIT_INPUT;
	}
	return 0;
}

/*
 * A folder pool/: a sweep the agent ran on the box's own pool (iosweep
 * --agent), its sustained figures kept beside the share's, not in the
 * card's rows.  0, or an exit code.
 */
static int add_pool(struct card *c, const char *dir)
{
	struct result_set rs;
	struct card *tmp = calloc(1, sizeof(*tmp));
	char err[IOSWEEP_ERR_MAX];
	int rc = 0;

	if (!tmp)
		return IOSWEEP_EXIT_FAILURE;
	card_init(tmp);
	results_init(&rs);
	if (import_load(&rs, dir, 0, err, sizeof(err)) != 0 ||
	    card_add_set(tmp, &rs, dir, 1, err, sizeof(err)) != 0) {
		cmd_msg("card", "%s", err);
		rc = IOSWEEP_EXIT_INPUT;
	} else {
		c->net.pool_found = tmp->sustained_rd.found || tmp->sustained_wr.found;
		c->net.pool_rd_kbps = tmp->sustained_rd.found ? tmp->sustained_rd.kbps : 0;
		c->net.pool_wr_kbps = tmp->sustained_wr.found ? tmp->sustained_wr.kbps : 0;
		snprintf(c->net.pool_source, sizeof(c->net.pool_source), "%s", dir);
	}
	results_release(&rs);
	free(tmp);
	return rc;
}

/* A guided run's left-out.txt into the card.  0, or an exit code. */
static int add_left_out(struct card *c, const char *path)
{
	char err[IOSWEEP_ERR_MAX];
	char *buf = NULL;
	size_t len;

	if (readfile_all(path, CARD_MAX_FILE, "a left-out.txt", &buf, &len, err,
			 sizeof(err)) != 0) {
		cmd_msg("card", "%s", err);
		return IOSWEEP_EXIT_INPUT;
	}
	card_parse_left_out(c, buf, len);
	free(buf);
	return 0;
}

/* dir/name into p (4200 bytes): 0, or -1 when it does not fit. */
static int join(char *p, const char *dir, const char *name)
{
	int n = snprintf(p, 4200, "%s/%s", dir, name);
	return n < 0 || n >= 4200 ? -1 : 0;
}

static int has(const char *dir, const char *name)
{
	char p[4200];
	return join(p, dir, name) == 0 && plat_stat(p, 1, NULL) == PLAT_FILE;
}

/*
 * The ZFS box of dir's zfs-after.csv, else its zfs-before.csv, into *b:
 * 0 (b->found 0 when dir has neither or it names no layout), or an exit
 * code (said) when it cannot be read.
 */
static int load_box(const char *dir, struct card_zfs_box *b)
{
	static const char *const names[2] = { "zfs-after.csv", "zfs-before.csv" };
	char p[4200], err[IOSWEEP_ERR_MAX];
	char *buf = NULL;
	size_t len;

	b->found = 0;
	for (int i = 0; i < 2; i++) {
		if (!has(dir, names[i]))
			continue;
		join(p, dir, names[i]);
		if (readfile_all(p, CARD_MAX_FILE, "a ZFS box's figures", &buf, &len, err,
				 sizeof(err)) != 0) {
			cmd_msg("card", "%s", err);
			return IOSWEEP_EXIT_INPUT;
		}
		/* figures without a layout row (an older nas-lab's): no ZFS set */
		if (card_zfs_parse_box(b, buf, len, p, err, sizeof(err)) != 0)
			b->found = 0;
		free(buf);
		return 0;
	}
	return 0;
}

/* One result folder or file into the card, on box b (NULL: none).  0, or an exit code. */
static int add_one(struct card *c, const char *path, const struct card_zfs_box *b)
{
	struct result_set rs;
	char err[IOSWEEP_ERR_MAX];
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	int rc;

	for (int k = 0; k < CSV_KINDS; k++)
		if (!strcmp(base, csv_names[k]))
			return add_csv(c, path, k);
	results_init(&rs);
	if (import_load(&rs, path, 0, err, sizeof(err)) != 0) {
		results_release(&rs);
		cmd_msg("card", "%s", err);
		return errno == ENOENT ? IOSWEEP_EXIT_USAGE : IOSWEEP_EXIT_INPUT;
	}
	rc = card_add_set(c, &rs, path, 1, err, sizeof(err));
	if (rc == 0)
		rc = card_zfs_add_set(&c->zfs, b, &rs, err, sizeof(err));
	results_release(&rs);
	if (rc != 0) {
		cmd_msg("card", "%s", err);
		return IOSWEEP_EXIT_FAILURE;
	}
	return 0;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * A folder: itself when it is a result folder, else its sub-folders; on
 * the box of its own ZFS figures, else on up's (NULL: on its parent's).
 */
static int add_dir(struct card *c, const char *dir, const struct card_zfs_box *up)
{
	char *subs[CARD_MAX_SUBDIRS], p[4200];
	size_t n = 0;
	int status = 0, found = 0;
	struct card_zfs_box box;

	if ((status = load_box(dir, &box)) != 0)
		return status;
	if (!box.found && !up && join(p, dir, "..") == 0 && (status = load_box(p, &box)) != 0)
		return status;
	if (box.found)
		up = &box;

	if (has(dir, "left-out.txt")) {
		join(p, dir, "left-out.txt");
		if ((status = add_left_out(c, p)) != 0)
			return status;
	}
	for (int k = 0; k < CSV_KINDS; k++) {
		if (!has(dir, csv_names[k]))
			continue;
		join(p, dir, csv_names[k]);
		if ((status = add_csv(c, p, k)) != 0)
			return status;
		found = 1;
	}
	if (has(dir, "summary.csv") || has(dir, "results.csv") || has(dir, "results.csv.gz"))
		return add_one(c, dir, up);
	struct plat_dir *d = plat_dir_open(dir);
	if (!d) {
		cmd_msg("card", "cannot read '%s': %s", dir, strerror(errno));
		return IOSWEEP_EXIT_USAGE;
	}
	const char *name;
	while (plat_dir_read(d, &name) == 1 && n < CARD_MAX_SUBDIRS) {
		if (name[0] == '.')
			continue;
		if (join(p, dir, name) != 0 || plat_stat(p, 1, NULL) != PLAT_DIR)
			continue;
		if (!has(p, "summary.csv") && !has(p, "results.csv") &&
		    !has(p, "results.csv.gz") && !has(p, "files.csv") &&
		    !has(p, "streams.csv") && !has(p, "link.csv") && !has(p, "box.csv"))
			continue;
		subs[n] = strdup(p);
		if (!subs[n])
			break;
		n++;
	}
	plat_dir_close(d);
	qsort(subs, n, sizeof(subs[0]), cmp_names);
	for (size_t i = 0; i < n; i++) {
		const char *leaf = strrchr(subs[i], '/') ? strrchr(subs[i], '/') + 1 : subs[i];
		if (status == 0)
			status = !strcmp(leaf, "pool") ? add_pool(c, subs[i]) :
						    add_dir(c, subs[i], up);
		free(subs[i]);
	}
	if (status == 0 && n == 0 && !found) {
		cmd_msg("card", "'%s' holds no result folder (summary.csv, results.csv, "
			"files.csv, streams.csv or link.csv)", dir);
		status = IOSWEEP_EXIT_INPUT;
	}
	return status;
}

int card_add_source(struct card *c, const char *path)
{
	switch (plat_stat(path, 1, NULL)) {
	case PLAT_DIR:
		return add_dir(c, path, NULL);
	case PLAT_FILE:
		return add_one(c, path, NULL);
	default:
		cmd_msg("card", "cannot read '%s': no such file or folder", path);
		return IOSWEEP_EXIT_USAGE;
	}
}

int cmd_card_emit(const struct card *c, const struct card_emit *e)
{
	struct netbound_link link = { 0 };
	struct verdicts v;
	struct sbuf text = { 0 }, md = { 0 };
	char err[IOSWEEP_ERR_MAX];
	int network_fs = 0, status = IOSWEEP_EXIT_OK;

	netbound_from_meta(e->link_spec && *e->link_spec ? e->link_spec : c->link_spec,
			   c->fs_type, &link, &network_fs);
	verdict_judge(&v, c, link.kbps > 0 ? &link : NULL, network_fs, e->workloads,
		      e->ci_pct);
	cardout_build(&text, c, &v, &link, CARDOUT_TEXT, 1);
	cardout_build(&md, c, &v, &link, CARDOUT_MD, 1);
	if (text.failed || md.failed) {
		cmd_msg("card", "out of memory");
		status = IOSWEEP_EXIT_FAILURE;
		goto done;
	}
	fputs(e->format == CARD_FMT_MD ? md.p : text.p, stdout);
	fflush(stdout);
	if (e->save_dir) {
		struct outfile f;
		const char *names[2] = { "card.txt", "card.md" };
		const struct sbuf *bodies[2] = { &text, &md };
		for (int i = 0; i < 2; i++) {
			char p[4200];
			if (join(p, e->save_dir, names[i]) != 0 ||
			    outfile_open(&f, p, 0, 1, err, sizeof(err)) != 0 ||
			    outfile_write(&f, bodies[i]->p, bodies[i]->len) != 0 ||
			    outfile_commit(&f, err, sizeof(err)) != 0) {
				cmd_msg("card", "%s", err);
				status = IOSWEEP_EXIT_FAILURE;
				goto done;
			}
		}
	}
	if (e->image_dir) {
		const char *term = e->format == CARD_FMT_SVG ? "svg" : "png";
		char gp[4200];
		if (gnuplot_card(e->image_dir, text.p, term, 1, err, sizeof(err)) != 0) {
			cmd_msg("card", "%s", err);
			status = IOSWEEP_EXIT_FAILURE;
			goto done;
		}
		join(gp, e->image_dir, "card.gp");
		if (!gnuplot_available()) {
			cmd_msg("card", "wrote %s; gnuplot is not installed, so no image "
				"(install gnuplot, then: gnuplot %s)", gp, gp);
			if (e->image_required)
				status = IOSWEEP_EXIT_MISSING;
		} else if (gnuplot_render(gp, term, err, sizeof(err)) != 0) {
			cmd_msg("card", "%s", err);
			status = IOSWEEP_EXIT_FAILURE;
		} else {
			cmd_msg("card", "image in %s/card.%s", e->image_dir, term);
		}
	}
done:
	sb_release(&text);
	sb_release(&md);
	return status;
}

/* The values of c that are not names into e: 0, or an exit code (said). */
static int card_convert(const struct card_cli *c, struct card_emit *e)
{
	struct netbound_link l;
	char err[IOSWEEP_ERR_MAX];

	if (c->card && (e->format = card_format_parse(c->card)) < 0) {
		cmd_msg("card", "--card '%s': not a format (text, md, png, svg)", c->card);
		return IOSWEEP_EXIT_USAGE;
	}
	if (c->link && netbound_parse_link(c->link, &l, err, sizeof(err)) != 0) {
		cmd_msg("card", "--link: %s", err);
		return IOSWEEP_EXIT_USAGE;
	}
	e->link_spec = c->link;
	if (c->ci && card_parse_ci(c->ci, &e->ci_pct) != 0) {
		cmd_msg("card", "--ci '%s': not a percentage (5%%, 2.5%%)", c->ci);
		return IOSWEEP_EXIT_USAGE;
	}
	return 0;
}

int cmd_card(int argc, char **argv)
{
	struct card_emit e = { .format = CARD_FMT_TEXT, .ci_pct = 5.0 };
	struct card_cli cli = { 0 };
	struct verdict_workloads *w = NULL;
	struct cmdargs ca;
	struct card c;
	int status;

	if ((status = cmdargs_command(&ca, &cmd_card_args, &cli, argc, argv, stdout,
				      stderr)) >= 0)
		return status;
	card_init(&c);
	if ((status = card_convert(&cli, &e)) != 0)
		goto out;
	w = malloc(sizeof(*w));
	if (!w) {
		cmd_msg("card", "out of memory");
		status = IOSWEEP_EXIT_FAILURE;
		goto out;
	}
	if (card_load_workloads(cli.workloads, w) != 0) {
		status = IOSWEEP_EXIT_INPUT;
		goto out;
	}
	for (size_t i = 0; i < ca.ninputs && status == IOSWEEP_EXIT_OK; i++)
		status = card_add_source(&c, ca.inputs[i]);
	if (status == IOSWEEP_EXIT_OK) {
		const char *first = ca.inputs[0], *out = cli.out;
		e.workloads = w;
		if (e.format == CARD_FMT_PNG || e.format == CARD_FMT_SVG) {
			e.image_dir = out ? out : (plat_stat(first, 1, NULL) == PLAT_DIR ? first : ".");
			e.image_required = 1;
			if (out && outfile_mkdirs(out, NULL, 0) != 0) {
				cmd_msg("card", "cannot make '%s': %s", out, strerror(errno));
				status = IOSWEEP_EXIT_FAILURE;
			}
		}
		if (status == IOSWEEP_EXIT_OK)
			status = cmd_card_emit(&c, &e);
	}
out:
	free(w);
	cmdargs_release(&ca);
	return status;
}

int card_parse_ci(const char *s, double *pct)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || (*end && strcmp(end, "%")) || !(v > 0 && v < 100))
		return -1;
	*pct = v;
	return 0;
}
