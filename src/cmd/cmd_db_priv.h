/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_db_priv.h: what cmd_db.c (the dispatcher, add, list, show, tag,
 * rm, export) and cmd_db_query.c (rank, compare, report) share.
 */
#ifndef IOSWEEP_CMD_DB_PRIV_H
#define IOSWEEP_CMD_DB_PRIV_H

#include <stddef.h>
#include <stdint.h>

struct db;
struct db_filter;
struct cmdargs_list;

/* "iosweep db: ..." and the exit code for a failure to open. */
struct db *cmd_db_open(const char *sub, const char *target, int for_write, int *rc);
/*
 * The filters' --where KEY=VALUE items (label, host, fs, since, until,
 * test, tag) into f, after the filter options themselves.  0, or an exit
 * code said on stderr.
 */
int cmd_db_where(const char *sub, const struct cmdargs_list *where, struct db_filter *f);
/*
 * Export runs ids[0..n) into a new temporary folder (its path in tmp),
 * one sub-folder each; paths[i] the input to hand to import (freed with
 * cmd_db_unexport).  0, or an exit code said on stderr.
 */
int cmd_db_export_tmp(const char *sub, struct db *db, const int64_t *ids, size_t n,
		      char *tmp, size_t tmplen, char **paths);
/* Remove what cmd_db_export_tmp made and free paths. */
void cmd_db_unexport(const char *tmp, char **paths, size_t n);

/*
 * The rows of the options every word has, --db, and of the filters (list,
 * rank, report): in an arguments struct type with const char *target, a
 * struct db_filter at member f and a struct cmdargs_list at member where.
 */
#define DB_TARGET_ROW(type) \
	{ .name = "--db", .kind = CMDARGS_STRING, .off = offsetof(type, target), \
	  .nonempty = 1, .metavar = "PATH|URL", .help = "the database: an SQLite file or " \
	  "postgresql://USER@HOST/DB (default $IOSWEEP_DB, else " \
	  "$XDG_DATA_HOME/iosweep/results.db)" }
#define DB_FILTER_ROWS(type, f, where) \
	{ .name = "--label", .kind = CMDARGS_STRING, .off = offsetof(type, f.label), \
	  .nonempty = 1, .metavar = "NAME", .help = "runs of this label" }, \
	{ .name = "--host", .kind = CMDARGS_STRING, .off = offsetof(type, f.host), \
	  .nonempty = 1, .metavar = "NAME", .help = "runs on this host" }, \
	{ .name = "--fs", .kind = CMDARGS_STRING, .off = offsetof(type, f.fs), \
	  .nonempty = 1, .metavar = "TYPE", .help = "runs on this file system type" }, \
	{ .name = "--since", .kind = CMDARGS_STRING, .off = offsetof(type, f.since), \
	  .nonempty = 1, .metavar = "DATE", .help = "runs started on DATE or later" }, \
	{ .name = "--until", .kind = CMDARGS_STRING, .off = offsetof(type, f.until), \
	  .nonempty = 1, .metavar = "DATE", .help = "runs started on DATE or before" }, \
	{ .name = "--test", .kind = CMDARGS_STRING, .off = offsetof(type, f.test), \
	  .nonempty = 1, .metavar = "TEST", .help = "runs that measured TEST" }, \
	{ .name = "--tag", .kind = CMDARGS_STRING, .off = offsetof(type, f.tag), \
	  .nonempty = 1, .metavar = "TAG", .help = "runs tagged TAG" }, \
	{ .name = "--where", .kind = CMDARGS_LIST, .off = offsetof(type, where), \
	  .nonempty = 1, .metavar = "KEY=VALUE", .help = "one of the filters above by its " \
	  "key (label, host, fs, since, until, test, tag); repeatable" }

/* The words of cmd_db_query.c, for cmd_db_args. */
struct cmdargs_spec;
extern const struct cmdargs_spec cmd_db_rank_args, cmd_db_compare_args,
	cmd_db_report_args;

int cmd_db_rank(int argc, char **argv);
int cmd_db_compare(int argc, char **argv);
int cmd_db_report(int argc, char **argv);

#endif
