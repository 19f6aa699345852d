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

/* The filter options (struct db_filter f, struct cmdargs_list where), shared by
 * list, rank and report. */
#define FILTER_OPTS(f, where) \
	{ "--label", CMDARGS_STRING, &(f).label, 1 }, \
	{ "--host", CMDARGS_STRING, &(f).host, 1 }, \
	{ "--fs", CMDARGS_STRING, &(f).fs, 1 }, \
	{ "--since", CMDARGS_STRING, &(f).since, 1 }, \
	{ "--until", CMDARGS_STRING, &(f).until, 1 }, \
	{ "--test", CMDARGS_STRING, &(f).test, 1 }, \
	{ "--tag", CMDARGS_STRING, &(f).tag, 1 }, \
	{ "--where", CMDARGS_LIST, &(where), 1 }

int cmd_db_rank(int argc, char **argv);
int cmd_db_compare(int argc, char **argv);
int cmd_db_report(int argc, char **argv);

#endif
