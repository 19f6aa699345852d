/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_db.c: `iosweep db`, the results library (src/db/db.h): the
 * dispatcher of its words, and add, list, show, tag, rm and export.
 * rank, compare and report, which feed other parts of iosweep, are
 * cmd_db_query.c's.  Every word takes --db PATH|URL (else $IOSWEEP_DB,
 * else the default file); errors are one line naming the database or
 * the input, and change nothing.
 */
#include "compat.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd_db_priv.h"
#include "cmd/commands.h"
#include "db/db.h"
#include "iosweep.h"
#include "lib/err.h"
#include "options/cmdargs.h"
#include "platform/platform.h"
#include "report/csvout.h"
#include "report/jsonout.h"
#include "import/import.h"
#include "model/results.h"

/* The command lines of the words. */
struct db_add_args {
	const char *target, *label;
};

struct db_list_args {
	const char *target;
	struct db_filter f;
	struct cmdargs_list where;
};

struct db_run_args {     /* show, tag, rm */
	const char *target;
	int yes;
};

struct db_export_args {
	const char *target, *out, *as;
	int overwrite;
};

static const struct cmdargs_opt db_add_opts[] = {
	DB_TARGET_ROW(struct db_add_args),
	{ .name = "--label", .kind = CMDARGS_STRING, .off = offsetof(struct db_add_args, label),
	  .nonempty = 1, .metavar = "NAME", .help = "the run's label (one input only)" },
};

static const struct cmdargs_opt db_list_opts[] = {
	DB_TARGET_ROW(struct db_list_args),
	DB_FILTER_ROWS(struct db_list_args, f, where),
};

/* show and tag take the first row, rm both. */
static const struct cmdargs_opt db_run_opts[] = {
	DB_TARGET_ROW(struct db_run_args),
	{ .name = "--yes", .kind = CMDARGS_FLAG, .off = offsetof(struct db_run_args, yes),
	  .help = "remove without asking" },
};

static const struct cmdargs_opt db_export_opts[] = {
	DB_TARGET_ROW(struct db_export_args),
	{ .name = "--out", .kind = CMDARGS_STRING,
	  .off = offsetof(struct db_export_args, out), .nonempty = 1, .metavar = "DIR",
	  .help = "the folder to write (needed)" },
	{ .name = "--as", .kind = CMDARGS_STRING, .off = offsetof(struct db_export_args, as),
	  .nonempty = 1, .metavar = "folder|csv|json", .help = "the run's files as added, "
	  "or its figures as CSV or JSON", .defval = "folder" },
	{ .name = "--overwrite", .kind = CMDARGS_FLAG,
	  .off = offsetof(struct db_export_args, overwrite),
	  .help = "replace the files of a folder that exists" },
};

#define DB_NOPTS(t) (sizeof(t) / sizeof((t)[0]))

static const struct cmdargs_spec db_add_spec = {
	.cmd = "db add", .synopsis = "INPUT... [OPTIONS]",
	.about = "  result folders, IOzone reports (text, -R, .xls): one run each, once\n",
	.opts = db_add_opts, .nopts = DB_NOPTS(db_add_opts),
	.min_inputs = 1, .too_few = "nothing to add",
};

static const struct cmdargs_spec db_list_spec = {
	.cmd = "db list", .synopsis = "[FILTERS]",
	.about = "  the runs, oldest first\n",
	.opts = db_list_opts, .nopts = DB_NOPTS(db_list_opts),
};

static const struct cmdargs_spec db_run_specs[] = {
	{ .cmd = "db show", .synopsis = "RUN [OPTIONS]",
	  .about = "  a run and its cells (RUN: id, hash prefix or label)\n",
	  .opts = db_run_opts, .nopts = 1, .min_inputs = 1, .too_few = "no run given" },
	{ .cmd = "db tag", .synopsis = "RUN TAG... [OPTIONS]", .about = "  tag a run\n",
	  .opts = db_run_opts, .nopts = 1, .min_inputs = 2, .too_few = "give RUN and TAG" },
	{ .cmd = "db rm", .synopsis = "RUN... [OPTIONS]",
	  .about = "  remove runs (asks unless --yes)\n",
	  .opts = db_run_opts, .nopts = 2, .min_inputs = 1, .too_few = "no run given" },
};

static const struct cmdargs_spec db_export_spec = {
	.cmd = "db export", .synopsis = "RUN --out DIR [OPTIONS]",
	.about = "  the run's files as added, or CSV/JSON\n",
	.opts = db_export_opts, .nopts = DB_NOPTS(db_export_opts),
	.min_inputs = 1, .too_few = "no run given",
};

static const struct cmdargs_spec *const db_words[] = {
	&db_add_spec, &db_list_spec, &db_run_specs[0], &db_run_specs[1], &db_run_specs[2],
	&cmd_db_rank_args, &cmd_db_compare_args, &cmd_db_report_args, &db_export_spec,
};

const struct cmdargs_spec cmd_db_args = {
	.cmd = "db",
	.synopsis = "WORD [--db PATH|URL] ...",
	.about = "  the results library: every run kept in one database, SQLite (a file;\n"
	"  default $XDG_DATA_HOME/iosweep/results.db) or PostgreSQL (--db\n"
	"  postgresql://USER@HOST/DB, or $IOSWEEP_DB)\n",
	.notes = "  FILTERS: --label NAME --host NAME --fs TYPE --since DATE --until DATE\n"
	"           --test TEST --tag TAG, or --where KEY=VALUE with those keys\n"
	"  iosweep db WORD --help: the options of WORD\n",
	.words = db_words,
	.nwords = DB_NOPTS(db_words),
};

struct db *cmd_db_open(const char *sub, const char *target, int for_write, int *rc)
{
	char err[IOSWEEP_ERR_MAX], what[32];
	struct db *db = db_open(target, for_write, err, sizeof(err));
	snprintf(what, sizeof(what), "db %s", sub);
	if (!db) {
		cmd_msg(what, "%s", err);
		*rc = IOSWEEP_EXIT_INPUT;
	}
	return db;
}

int cmd_db_where(const char *sub, const struct cmdargs_list *where, struct db_filter *f)
{
	char what[32];
	snprintf(what, sizeof(what), "db %s", sub);
	for (size_t i = 0; i < where->n; i++) {
		char *w = where->items[i], *eq = strchr(w, '=');
		static const char *const keys[] = { "label", "host", "fs", "since", "until",
						    "test", "tag" };
		const char **dst[] = { &f->label, &f->host, &f->fs, &f->since, &f->until,
				       &f->test, &f->tag };
		size_t k;
		if (!eq || eq == w || !eq[1]) {
			cmd_msg(what, "--where '%s': give KEY=VALUE (label, host, fs, since, until, "
				"test, tag)", w);
			return IOSWEEP_EXIT_USAGE;
		}
		for (k = 0; k < 7; k++)
			if (strlen(keys[k]) == (size_t)(eq - w) && strncmp(keys[k], w, (size_t)(eq - w)) == 0)
				break;
		if (k == 7) {
			cmd_msg(what, "--where '%s': no key '%.*s' (label, host, fs, since, until, "
				"test, tag)", w, (int)(eq - w), w);
			return IOSWEEP_EXIT_USAGE;
		}
		*dst[k] = eq + 1;
	}
	return 0;
}

static int db_add_cmd(int argc, char **argv)
{
	struct cmdargs ca;
	struct db_add_args a = { 0 };
	char err[IOSWEEP_ERR_MAX];
	int rc;

	if ((rc = cmdargs_command(&ca, &db_add_spec, &a, argc, argv, stdout, stderr)) >= 0)
		return rc;
	if (a.label && ca.ninputs > 1) {
		cmd_msg("db add", "--label names one run: give one input with it");
		cmdargs_release(&ca);
		return IOSWEEP_EXIT_USAGE;
	}
	struct db *db = cmd_db_open("add", a.target, 1, &rc);
	if (!db) {
		cmdargs_release(&ca);
		return rc;
	}
	rc = IOSWEEP_EXIT_OK;
	for (size_t i = 0; i < ca.ninputs; i++) {
		int64_t id;
		int already;
		if (db_add(db, ca.inputs[i], a.label, &id, &already, err, sizeof(err))) {
			cmd_msg("db add", "%s", err);
			rc = IOSWEEP_EXIT_INPUT;
			continue;
		}
		if (already)
			printf("%s: already in the database as run %lld\n", ca.inputs[i],
			       (long long)id);
		else
			printf("%s: added as run %lld\n", ca.inputs[i], (long long)id);
	}
	db_close(db);
	cmdargs_release(&ca);
	return rc;
}

static int list_row(void *ctx, const struct db_run *r)
{
	int *n = ctx;
	if ((*n)++ == 0)
		printf("%6s  %-12s  %-24s  %-12s  %-8s  %-25s  %-10s  %6s  %8s  %s\n", "id",
		       "hash", "label", "host", "fs", "start", "kind", "trials", "samples",
		       "tags");
	printf("%6lld  %-12.12s  %-24.24s  %-12.12s  %-8.8s  %-25s  %-10s  %6u  %8llu  %s\n",
	       (long long)r->id, r->hash, r->label, r->host, r->fs_type, r->start_time,
	       r->kind, r->trials, (unsigned long long)r->nsamples, r->tags);
	return 0;
}

static int db_list_cmd(int argc, char **argv)
{
	struct cmdargs ca;
	struct db_list_args a = { 0 };
	char err[IOSWEEP_ERR_MAX];
	int rc, n = 0;

	if ((rc = cmdargs_command(&ca, &db_list_spec, &a, argc, argv, stdout, stderr)) >= 0)
		return rc;
	if (ca.ninputs) {
		cmd_msg("db list", "unexpected '%s': list takes filters only", ca.inputs[0]);
		rc = IOSWEEP_EXIT_USAGE;
		goto out;
	}
	if ((rc = cmd_db_where("list", &a.where, &a.f)) != 0)
		goto out;
	struct db *db = cmd_db_open("list", a.target, 0, &rc);
	if (!db)
		goto out;
	rc = IOSWEEP_EXIT_OK;
	if (db_list(db, &a.f, list_row, &n, err, sizeof(err))) {
		cmd_msg("db list", "%s", err);
		rc = IOSWEEP_EXIT_INPUT;
	}
	db_close(db);
out:
	cmdargs_release(&ca);
	return rc;
}

static int show_run(void *ctx, const struct db_run *r)
{
	(void)ctx;
	printf("run %lld\n  hash     %s\n  label    %s\n  host     %s\n  os       %s\n"
	       "  fs       %s\n  tool     %s\n  start    %s\n  added    %s\n  source   %s\n"
	       "  kind     %s\n  trials   %u\n  samples  %llu\n  tags     %s\n",
	       (long long)r->id, r->hash, r->label, r->host, r->os, r->fs_type, r->tool,
	       r->start_time, r->added_at, r->source, r->kind, r->trials,
	       (unsigned long long)r->nsamples, r->tags);
	return 0;
}

static int show_cell(void *ctx, const char *test, uint64_t file_kb, uint64_t record_kb,
		     unsigned procs, unsigned n, double mean)
{
	int *header = ctx;
	if (!(*header)++)
		printf("\n%-18s %10s %10s %6s %4s %14s\n", "test", "file_kb", "record_kb",
		       "procs", "n", "mean_kbps");
	printf("%-18s %10llu %10llu %6u %4u %14.1f\n", test, (unsigned long long)file_kb,
	       (unsigned long long)record_kb, procs, n, mean);
	return 0;
}

/* The words that take RUN arguments: show, tag, rm. */
enum run_word { RW_SHOW, RW_TAG, RW_RM };

static int ask_yes(const char *question)
{
	char line[32];
	printf("%s [y/N] ", question);
	fflush(stdout);
	if (!fgets(line, sizeof(line), stdin))
		return 0;
	return line[0] == 'y' || line[0] == 'Y';
}

static int run_word(enum run_word w, int argc, char **argv)
{
	static const char *const names[] = { "db show", "db tag", "db rm" };
	struct cmdargs ca;
	struct db_run_args a = { 0 };
	char err[IOSWEEP_ERR_MAX];
	int rc;

	rc = cmdargs_command(&ca, &db_run_specs[w], &a, argc, argv, stdout, stderr);
	if (rc >= 0)
		return rc;
	if (w == RW_SHOW && ca.ninputs > 1) {
		cmd_msg(names[w], "show takes one run");
		cmdargs_release(&ca);
		return IOSWEEP_EXIT_USAGE;
	}
	if (w == RW_RM && !a.yes && !plat_stdin_is_tty()) {
		cmd_msg(names[w], "refusing to ask without a terminal: add --yes to remove");
		cmdargs_release(&ca);
		return IOSWEEP_EXIT_USAGE;
	}
	struct db *db = cmd_db_open(names[w] + 3, a.target, w != RW_SHOW, &rc);
	if (!db) {
		cmdargs_release(&ca);
		return rc;
	}
	rc = IOSWEEP_EXIT_OK;
	size_t nruns = w == RW_TAG ? 1 : ca.ninputs;
	for (size_t i = 0; i < nruns && rc == IOSWEEP_EXIT_OK; i++) {
		int64_t id;
		int header = 0;
		if (db_find_run(db, ca.inputs[i], &id, err, sizeof(err))) {
			cmd_msg(names[w], "%s", err);
			rc = IOSWEEP_EXIT_INPUT;
			break;
		}
		if (w == RW_SHOW) {
			if (db_get_run(db, id, show_run, NULL, err, sizeof(err)) ||
			    db_run_cells(db, id, show_cell, &header, err, sizeof(err)))
				rc = IOSWEEP_EXIT_INPUT;
		} else if (w == RW_TAG) {
			for (size_t t = 1; t < ca.ninputs && rc == IOSWEEP_EXIT_OK; t++)
				if (db_tag(db, id, ca.inputs[t], err, sizeof(err)))
					rc = IOSWEEP_EXIT_INPUT;
		} else {
			char q[300];
			snprintf(q, sizeof(q), "remove run %lld ('%s') from '%s'?", (long long)id,
				 ca.inputs[i], db_name(db));
			if (!a.yes && !ask_yes(q)) {
				printf("run %lld kept\n", (long long)id);
				continue;
			}
			if (db_rm(db, id, err, sizeof(err)))
				rc = IOSWEEP_EXIT_INPUT;
			else
				printf("run %lld removed\n", (long long)id);
		}
		if (rc != IOSWEEP_EXIT_OK)
			cmd_msg(names[w], "%s", err);
	}
	db_close(db);
	cmdargs_release(&ca);
	return rc;
}

int cmd_db_export_tmp(const char *sub, struct db *db, const int64_t *ids, size_t n,
		      char *tmp, size_t tmplen, char **paths)
{
	char err[IOSWEEP_ERR_MAX], what[32];
	const char *base = getenv("TMPDIR");
	snprintf(what, sizeof(what), "db %s", sub);
	snprintf(tmp, tmplen, "%s/iosweep-db.XXXXXX", base && *base ? base : "/tmp");
	if (!plat_mkdtemp(tmp)) {
		cmd_msg(what, "cannot make a temporary folder '%s'", tmp);
		return IOSWEEP_EXIT_IO;
	}
	for (size_t i = 0; i < n; i++) {
		char dir[4200], first[4400];
		snprintf(dir, sizeof(dir), "%s/%zu", tmp, i + 1);
		if (db_export(db, ids[i], dir, 0, first, sizeof(first), err, sizeof(err))) {
			cmd_msg(what, "%s", err);
			return IOSWEEP_EXIT_IO;
		}
		if (!(paths[i] = strdup(first))) {
			cmd_msg(what, "out of memory");
			return IOSWEEP_EXIT_FAILURE;
		}
	}
	return 0;
}

/* Remove a tree this process wrote (no links in it). */
static void remove_tree(const char *path)
{
	if (plat_stat(path, 0, NULL) == PLAT_DIR) {
		struct plat_dir *d = plat_dir_open(path);
		const char *name;
		char sub[4096];
		while (d && plat_dir_read(d, &name) == 1) {
			if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
				continue;
			snprintf(sub, sizeof(sub), "%s/%s", path, name);
			remove_tree(sub);
		}
		if (d)
			plat_dir_close(d);
		plat_rmdir(path);
	} else {
		plat_remove(path);
	}
}

void cmd_db_unexport(const char *tmp, char **paths, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(paths[i]);
	if (tmp[0])
		remove_tree(tmp);
}

/* --as csv|json: the run read back by the importer and written by csvout/jsonout. */
static int export_as(const char *first, const char *out, int json, int overwrite)
{
	struct result_set rs;
	char err[IOSWEEP_ERR_MAX];
	int rc = IOSWEEP_EXIT_OK;
	results_init(&rs);
	if (import_load(&rs, first, 0, err, sizeof(err)) ||
	    csvout_write_dir(&rs, out, 0, overwrite, err, sizeof(err)) ||
	    (json && jsonout_write(out, NULL, 0, overwrite, err, sizeof(err)))) {
		cmd_msg("db export", "%s", err);
		rc = IOSWEEP_EXIT_IO;
	}
	results_release(&rs);
	return rc;
}

static int db_export_cmd(int argc, char **argv)
{
	struct cmdargs ca;
	struct db_export_args a = { .as = "folder" };
	char err[IOSWEEP_ERR_MAX], first[4096], tmp[4096] = "";
	char *paths[1] = { NULL };
	int64_t id;
	int rc;

	rc = cmdargs_command(&ca, &db_export_spec, &a, argc, argv, stdout, stderr);
	if (rc >= 0)
		return rc;
	rc = IOSWEEP_EXIT_USAGE;
	if (!a.out || ca.ninputs != 1) {
		cmd_msg("db export", "give one RUN and --out DIR");
		goto out;
	}
	if (strcmp(a.as, "folder") && strcmp(a.as, "csv") && strcmp(a.as, "json")) {
		cmd_msg("db export", "--as '%s': give folder, csv or json", a.as);
		goto out;
	}
	struct db *db = cmd_db_open("export", a.target, 0, &rc);
	if (!db)
		goto out;
	if (db_find_run(db, ca.inputs[0], &id, err, sizeof(err))) {
		cmd_msg("db export", "%s", err);
		rc = IOSWEEP_EXIT_INPUT;
	} else if (strcmp(a.as, "folder") == 0) {
		rc = IOSWEEP_EXIT_OK;
		if (db_export(db, id, a.out, a.overwrite, first, sizeof(first), err,
			      sizeof(err))) {
			cmd_msg("db export", "%s", err);
			rc = IOSWEEP_EXIT_IO;
		}
	} else if ((rc = cmd_db_export_tmp("export", db, &id, 1, tmp, sizeof(tmp), paths)) == 0) {
		rc = export_as(paths[0], a.out, strcmp(a.as, "json") == 0, a.overwrite);
	}
	cmd_db_unexport(tmp, paths, 1);
	db_close(db);
	if (rc == IOSWEEP_EXIT_OK)
		printf("%s\n", a.out);
out:
	cmdargs_release(&ca);
	return rc;
}

static const struct {
	const char *word;
	int (*fn)(int argc, char **argv);
} words[] = {
	{ "add", db_add_cmd },
	{ "list", db_list_cmd },
	{ "export", db_export_cmd },
	{ "rank", cmd_db_rank },
	{ "compare", cmd_db_compare },
	{ "report", cmd_db_report },
};

int cmd_db(int argc, char **argv)
{
	if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		cmdargs_usage(&cmd_db_args, argc < 2 ? stderr : stdout);
		return argc < 2 ? IOSWEEP_EXIT_USAGE : IOSWEEP_EXIT_OK;
	}
	if (strcmp(argv[1], "show") == 0)
		return run_word(RW_SHOW, argc - 1, argv + 1);
	if (strcmp(argv[1], "tag") == 0)
		return run_word(RW_TAG, argc - 1, argv + 1);
	if (strcmp(argv[1], "rm") == 0)
		return run_word(RW_RM, argc - 1, argv + 1);
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strcmp(argv[1], words[i].word) == 0)
			return words[i].fn(argc - 1, argv + 1);
	char known[256];
	size_t at = 0;
	for (size_t i = 0; i < cmd_db_args.nwords && at < sizeof(known); i++)   /* "add, ..." */
		at += (size_t)snprintf(known + at, sizeof(known) - at, "%s%s", i ? ", " : "",
				       cmd_db_args.words[i]->cmd + strlen("db "));
	cmd_msg("db", "unknown word '%s' (%s)", argv[1], known);
	return IOSWEEP_EXIT_USAGE;
}
