/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * throughput_files.c: what a throughput run is made of, before any child
 * starts: the table of IOzone's throughput tests, and the children's
 * files (their names, sizes and creation with room checked).
 *
 * Kept below both the parent (throughput.c) and the child side
 * (throughput_child.c), which read the table and the file names; the
 * report and --dry-run read them too, without running anything.
 */
#include "compat.h"

#include <stdio.h>
#include <string.h>

#include "platform/platform.h"
#include "options/options.h"
#include "model/results.h"
#include "run/throughput/throughput.h"
#include "run/throughput/throughput_priv.h"
#include "lib/err.h"

/* ---- the tests -------------------------------------------------------- */

static const struct tp_test_def tp_defs[TP_NKINDS] = {
	{ .kind = TP_WRITE, .test = TEST_WRITE, .name = "initial writers",
	  .wide_count = 1, .tabs_children = "\t", .tabs_parent = "\t",
	  .table_name = "Initial write", .col = RC_WRITE, .writes = 1 },
	{ .kind = TP_REWRITE, .test = TEST_WRITE, .name = "rewriters",
	  .wide_count = 1, .tabs_children = "\t", .tabs_parent = "\t",
	  .table_name = "Rewrite", .col = RC_REWRITE, .writes = 1,
	  .retest = 1 },
	{ .kind = TP_READ, .test = TEST_READ, .name = "readers",
	  .wide_count = 1, .tabs_children = "\t\t", .tabs_parent = "\t\t",
	  .table_name = "Read", .col = RC_READ },
	{ .kind = TP_REREAD, .test = TEST_READ, .name = "re-readers",
	  .tabs_children = "\t", .tabs_parent = "\t", .table_name = "Re-read",
	  .col = RC_REREAD, .retest = 1 },
	{ .kind = TP_REVERSE, .test = TEST_BKWD, .name = "reverse readers",
	  .tabs_children = "\t", .tabs_parent = "\t",
	  .table_name = "Reverse Read", .col = RC_BKWD_READ },
	{ .kind = TP_STRIDE, .test = TEST_STRIDE, .name = "stride readers",
	  .tabs_children = "\t", .tabs_parent = "\t",
	  .table_name = "Stride read", .col = RC_STRIDE_READ },
	{ .kind = TP_RANDOM_READ, .test = TEST_RANDOM,
	  .name = "random readers", .tabs_children = "\t",
	  .tabs_parent = "\t", .table_name = "Random read",
	  .col = RC_RANDOM_READ },
	{ .kind = TP_MIX, .test = TEST_MIX, .name = "mixed workload",
	  .tabs_children = "\t", .tabs_parent = "\t",
	  .table_name = "Mixed workload", .col = -1, .writes = 1 },
	{ .kind = TP_RANDOM_WRITE, .test = TEST_RANDOM,
	  .name = "random writers", .tabs_children = "\t",
	  .tabs_parent = "\t", .table_name = "Random write",
	  .col = RC_RANDOM_WRITE, .writes = 1 },
	{ .kind = TP_PWRITE, .test = TEST_PWRITE, .name = "pwrite writers",
	  .tabs_children = "\t", .tabs_parent = "\t", .table_name = "Pwrite",
	  .col = RC_PWRITE, .writes = 1 },
	{ .kind = TP_PREAD, .test = TEST_PREAD, .name = "pread readers",
	  .tabs_children = "\t", .tabs_parent = "\t", .table_name = "Pread",
	  .col = RC_PREAD },
	{ .kind = TP_FWRITE, .test = TEST_FWRITE, .name = "fwriters",
	  .wide_count = 1, .tabs_children = "\t", .tabs_parent = "\t\t",
	  .table_name = "Fwrite", .col = RC_FWRITE, .writes = 1 },
	{ .kind = TP_FREAD, .test = TEST_FREAD, .name = "freaders",
	  .wide_count = 1, .tabs_children = "\t", .tabs_parent = "\t\t",
	  .table_name = "Fread", .col = RC_FREAD },
};

const struct tp_test_def *throughput_test_def(int kind)
{
	return kind >= 0 && kind < TP_NKINDS ? &tp_defs[kind] : NULL;
}

/* ---- files ------------------------------------------------------------ */

void throughput_path(const struct options *o, unsigned i, char *buf, size_t len)
{
	if (o->share_file)      /* -+V, -+L: every child's file is child 0's */
		i = 0;
	if (o->files && i < o->nfiles)
		snprintf(buf, len, "%s", o->files[i]);
	else
		snprintf(buf, len, "iosweep.DUMMY.%u", i);
}

unsigned throughput_most_children(const struct options *o)
{
	unsigned counts[OPTIONS_MAX_CHILDREN], most = 0;
	size_t n = options_child_counts(o, counts, OPTIONS_MAX_CHILDREN);

	for (size_t i = 0; i < n; i++)
		if (counts[i] > most)
			most = counts[i];
	return most;
}

uint64_t throughput_record_kb(const struct options *o)
{
	return options_record_kb(o);
}

/* The file size of each child when there are n of them (-+k splits -s). */
uint64_t throughput_child_file_kb(const struct options *o, unsigned n)
{
	return o->aggregate ? options_file_kb(o) / n : options_file_kb(o);
}

/*
 * -+V, -+L: before the initial writers of the shared file start, the
 * parent empties it once (each child emptying it at open, as each does
 * its own file, would cut off what the others wrote); -+N keeps it.
 */
int throughput_share_empty(const struct options *o, int kind, char *err,
			   size_t errlen)
{
	char path[4096];
	int fd, rc;

	if (!o->share_file || kind != TP_WRITE || o->no_truncate)
		return 0;
	throughput_path(o, 0, path, sizeof(path));
	fd = io_open(path, O_RDWR | O_TRUNC, NULL, err, errlen);
	if (fd < 0)
		return -1;
	rc = io_close(fd, path, err, errlen);
	return rc;
}

/* Removes files 0..n-1 of the run (only regular files: never a link). */
void throughput_remove_files(const struct options *o, unsigned n)
{
	char path[4096];
	for (unsigned i = 0; i < n; i++) {
		throughput_path(o, i, path, sizeof(path));
		if (io_stat_test_file(path, NULL) == PLAT_FILE)
			io_remove_test_file(path);
	}
}


/* Room in path's directory for every child file that shares it. */
static int check_room(const struct options *o, unsigned i, unsigned n,
		      char *err, size_t errlen)
{
	char path[4096], dir[4096], other[4096], odir[4096];
	uint64_t free_bytes = 0, need_kb = 0;

	throughput_path(o, i, path, sizeof(path));
	io_dir_of(path, dir, sizeof(dir));
	if (io_check_dir(dir, &free_bytes, err, errlen) != 0)
		return -1;
	for (unsigned k = 0; k < n; k++) {
		throughput_path(o, k, other, sizeof(other));
		io_dir_of(other, odir, sizeof(odir));
		if (k != i && !strcmp(other, path) && !o->share_file)
			return err_set(err, errlen, "-F: '%s' is named twice; every child "
				"needs a file of its own", path);
		if (!strcmp(odir, dir))
			need_kb += options_file_kb(o);
	}
	if (!o->force && free_bytes / 1024 < need_kb)
		return err_set(err, errlen, "not enough free space in '%s' for the "
			"children's files: %llu kB needed, %llu kB free (use "
			"--force to run anyway)", dir, (unsigned long long)need_kb,
			(unsigned long long)(free_bytes / 1024));
	return 0;
}

int throughput_prepare(const struct options *o, char *err, size_t errlen)
{
	unsigned n = throughput_most_children(o);
	char path[4096];

	if (o->cold && io_can_drop_cache(err, errlen) != 0)
		return -1;
	for (unsigned i = 0; i < n; i++)
		if (check_room(o, i, n, err, errlen) != 0)
			return -1;
	if (o->share_file)      /* -+V: one file, made once */
		n = n ? 1 : 0;
	for (unsigned i = 0; i < n; i++) {
		throughput_path(o, i, path, sizeof(path));
		if (!o->overwrite && io_stat_test_file(path, NULL) != PLAT_NONE) {
			err_set(err, errlen, "'%s' exists already; remove it, name other "
				"files with -F, or use --overwrite", path);
			throughput_remove_files(o, i);
			return -1;
		}
		if (io_create(path, !o->overwrite ? IO_CREATE_NEW : o->no_truncate ?
			 IO_CREATE_KEEP : IO_CREATE_TRUNCATE, err, errlen) != 0) {
			throughput_remove_files(o, i);
			return -1;
		}
	}
	return 0;
}
