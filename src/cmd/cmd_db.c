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

static const char db_usage[] =
	"usage: iosweep db WORD [--db PATH|URL] ...\n"
	"  the results library: every run kept in one database, SQLite (a file;\n"
	"  default $XDG_DATA_HOME/iosweep/results.db) or PostgreSQL (--db\n"
	"  postgresql://USER@HOST/DB, or $IOSWEEP_DB)\n"
	"  db add INPUT... [--label NAME]   result folders, IOzone reports (text,\n"
	"                                   -R, .xls): one run each, once\n"
	"  db list [FILTERS]                the runs, oldest first\n"
	"  db show RUN                      a run and its cells (RUN: id, hash\n"
	"                                   prefix or label)\n"
	"  db tag RUN TAG...                tag a run\n"
	"  db rm RUN... [--yes]             remove runs (asks unless --yes)\n"
	"  db rank --test TEST --file-size SIZE [--record SIZE] [FILTERS]\n"
	"          [--highlight RUN] [--csv FILE] [--plot DIR] [--format TERM]\n"
	"          [--html FILE]\n"
	"                                   the runs ranked at one cell, with the\n"
	"                                   95% confidence interval, and the chart\n"
	"  db compare A B [--csv FILE]      iosweep compare on two runs\n"
	"  db report [FILTERS] [--out FILE.html] [--overwrite]\n"
	"                                   the HTML report of the runs found\n"
	"  db export RUN --out DIR [--as folder|csv|json] [--overwrite]\n"
	"                                   the run's files as added, or CSV/JSON\n"
	"  FILTERS: --label NAME --host NAME --fs TYPE --since DATE --until DATE\n"
	"           --test TEST --tag TAG, or --where KEY=VALUE with those keys\n";
const char *const cmd_db_usage = db_usage;

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
	const char *target = NULL, *label = NULL;
	const struct cmdargs_opt opts[] = {
		{ "--db", CMDARGS_STRING, &target, 1 },
		{ "--label", CMDARGS_STRING, &label, 1 },
	};
	const struct cmdargs_spec spec = { "db add", db_usage, opts, 2, 1, "nothing to add" };
	char err[IOSWEEP_ERR_MAX];
	int rc;

	if ((rc = cmdargs_command(&ca, &spec, argc, argv, stdout, stderr)) >= 0)
		return rc;
	if (label && ca.ninputs > 1) {
		cmd_msg("db add", "--label names one run: give one input with it");
		cmdargs_release(&ca);
		return IOSWEEP_EXIT_USAGE;
	}
	struct db *db = cmd_db_open("add", target, 1, &rc);
	if (!db) {
		cmdargs_release(&ca);
		return rc;
	}
	rc = IOSWEEP_EXIT_OK;
	for (size_t i = 0; i < ca.ninputs; i++) {
		int64_t id;
		int already;
		if (db_add(db, ca.inputs[i], label, &id, &already, err, sizeof(err))) {
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
	const char *target = NULL;
	struct db_filter f = { 0 };
	struct cmdargs_list where = { NULL, 0 };
	const struct cmdargs_opt opts[] = {
		{ "--db", CMDARGS_STRING, &target, 1 },
		FILTER_OPTS(f, where),
	};
	const struct cmdargs_spec spec = { "db list", db_usage, opts,
					   sizeof(opts) / sizeof(opts[0]), 0, NULL };
	char err[IOSWEEP_ERR_MAX];
	int rc, n = 0;

	if ((rc = cmdargs_command(&ca, &spec, argc, argv, stdout, stderr)) >= 0)
		return rc;
	if (ca.ninputs) {
		cmd_msg("db list", "unexpected '%s': list takes filters only", ca.inputs[0]);
		rc = IOSWEEP_EXIT_USAGE;
		goto out;
	}
	if ((rc = cmd_db_where("list", &where, &f)) != 0)
		goto out;
	struct db *db = cmd_db_open("list", target, 0, &rc);
	if (!db)
		goto out;
	rc = IOSWEEP_EXIT_OK;
	if (db_list(db, &f, list_row, &n, err, sizeof(err))) {
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
	const char *target = NULL;
	int yes = 0;
	const struct cmdargs_opt opts[] = {
		{ "--db", CMDARGS_STRING, &target, 1 },
		{ "--yes", CMDARGS_FLAG, &yes, 0 },
	};
	const struct cmdargs_spec spec = { names[w], db_usage, opts, w == RW_RM ? 2 : 1,
					   w == RW_TAG ? 2 : 1,
					   w == RW_TAG ? "give RUN and TAG" : "no run given" };
	char err[IOSWEEP_ERR_MAX];
	int rc;

	if ((rc = cmdargs_command(&ca, &spec, argc, argv, stdout, stderr)) >= 0)
		return rc;
	if (w == RW_SHOW && ca.ninputs > 1) {
		cmd_msg(names[w], "show takes one run");
		cmdargs_release(&ca);
		return IOSWEEP_EXIT_USAGE;
	}
	if (w == RW_RM && !yes && !plat_stdin_is_tty()) {
		cmd_msg(names[w], "refusing to ask without a terminal: add --yes to remove");
		cmdargs_release(&ca);
		return IOSWEEP_EXIT_USAGE;
	}
	struct db *db = cmd_db_open(names[w] + 3, target, w != RW_SHOW, &rc);
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
			if (!yes && !ask_yes(q)) {
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
	const char *target = NULL, *out = NULL, *as = "folder";
	int overwrite = 0;
	const struct cmdargs_opt opts[] = {
		{ "--db", CMDARGS_STRING, &target, 1 },
		{ "--out", CMDARGS_STRING, &out, 1 },
		{ "--as", CMDARGS_STRING, &as, 1 },
		{ "--overwrite", CMDARGS_FLAG, &overwrite, 0 },
	};
	const struct cmdargs_spec spec = { "db export", db_usage, opts, 4, 1, "no run given" };
	char err[IOSWEEP_ERR_MAX], first[4096], tmp[4096] = "";
	char *paths[1] = { NULL };
	int64_t id;
	int rc;

	if ((rc = cmdargs_command(&ca, &spec, argc, argv, stdout, stderr)) >= 0)
		return rc;
	rc = IOSWEEP_EXIT_USAGE;
	if (!out || ca.ninputs != 1) {
		cmd_msg("db export", "give one RUN and --out DIR");
		goto out;
	}
	if (strcmp(as, "folder") && strcmp(as, "csv") && strcmp(as, "json")) {
		cmd_msg("db export", "--as '%s': give folder, csv or json", as);
		goto out;
	}
	struct db *db = cmd_db_open("export", target, 0, &rc);
	if (!db)
		goto out;
	if (db_find_run(db, ca.inputs[0], &id, err, sizeof(err))) {
		cmd_msg("db export", "%s", err);
		rc = IOSWEEP_EXIT_INPUT;
	} else if (strcmp(as, "folder") == 0) {
		rc = IOSWEEP_EXIT_OK;
		if (db_export(db, id, out, overwrite, first, sizeof(first), err, sizeof(err))) {
			cmd_msg("db export", "%s", err);
			rc = IOSWEEP_EXIT_IO;
		}
	} else if ((rc = cmd_db_export_tmp("export", db, &id, 1, tmp, sizeof(tmp), paths)) == 0) {
		rc = export_as(paths[0], out, strcmp(as, "json") == 0, overwrite);
	}
	cmd_db_unexport(tmp, paths, 1);
	db_close(db);
	if (rc == IOSWEEP_EXIT_OK)
		printf("%s\n", out);
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
		fputs(db_usage, argc < 2 ? stderr : stdout);
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
	cmd_msg("db", "unknown word '%s' (add, list, show, tag, rm, rank, compare, report, "
		"export)", argv[1]);
	return IOSWEEP_EXIT_USAGE;
}
