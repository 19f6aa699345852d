/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_table.c: the one list of iosweep's subcommands (commands.h): the
 * word main.c dispatches on, the function, its command line (options and usage), the line the
 * man page and the shell completions give it (options/docgen.c), and how
 * iosweep-mpi runs it.  A new subcommand is a row here and nothing else.
 * The order is the man page's.
 */
#include "compat.h"

#include <stdio.h>
#include <string.h>

#include "cmd/commands.h"

const struct cmd_entry cmd_table[] = {
	{ .word = "import", .fn = cmd_import, .args = &cmd_import_args,
	  .what = "read IOzone reports (text, -R, -b .xls) or iosweep "
	  "CSV files into a result folder; several files of one configuration are trials",
	  .mpi = CMD_MPI_LEADER },
	{ .word = "cliffs", .fn = cmd_cliffs, .args = &cmd_cliffs_args,
	  .what = "find the cache cliffs of result folders, CSV files or "
	  "IOzone reports and write cliffs.csv",
	  .mpi = CMD_MPI_LEADER },
	{ .word = "compare", .fn = cmd_compare, .args = &cmd_compare_args,
	  .what = "compare result sets cell by cell: means, ratio, "
	  "difference and Welch's t-test on the trials",
	  .mpi = CMD_MPI_LEADER },
	{ .word = "plot", .fn = cmd_plot, .args = &cmd_plot_args,
	  .what = "write self-contained gnuplot scripts (drive comparison, "
	  "overlay, 3D surface, latency) and render them",
	  .mpi = CMD_MPI_LEADER },
	{ .word = "report", .fn = cmd_report, .args = &cmd_report_args,
	  .what = "an HTML report of result folders, CSV files or IOzone reports: findings, "
	  "grids with confidence intervals, charts and data links, in one file",
	  .mpi = CMD_MPI_LEADER },
	{ .word = "profile", .fn = cmd_profile, .args = &cmd_profile_args,
	  .what = "run a review's queue-depth workloads (a built-in "
	  "or edited profile file) and write profile.csv and its IOPS and latency charts",
	  .mpi = CMD_MPI_REFUSED },
	{ .word = "fileop", .fn = cmd_fileop, .args = &cmd_fileop_args,
	  .what = "IOzone's fileop: time every metadata call (mkdir, "
	  "chdir, rmdir, create, open, read, write, close, stat, access, chmod, readdir, "
	  "link, unlink, delete) on a tree of N^3 files, in fileop's layouts",
	  .mpi = CMD_MPI_LEADER },
	{ .word = "files", .fn = cmd_files, .args = &cmd_files_args,
	  .what = "small-file workloads (presets such as photo-library "
	  "and folder-copy, or a tree of your own): calls/s, files/s, MB/s and latency "
	  "per phase",
	  .mpi = CMD_MPI_EVERY },
	{ .word = "resume", .fn = cmd_resume, .args = &cmd_resume_args,
	  .what = "continue a sweep that was killed or interrupted, "
	  "from the journal in its result folder, skipping the finished passes",
	  .mpi = CMD_MPI_REFUSED },
	{ .word = "db", .fn = cmd_db, .args = &cmd_db_args,
	  .what = "the results library: add runs to an SQLite file or a "
	  "PostgreSQL database, list, tag, rank them (the NAS chart), compare, report "
	  "and export them",
	  .mpi = CMD_MPI_LEADER },
	{ .word = "nas", .fn = cmd_nas, .args = &cmd_nas_args,
	  .what = "how fast is the NAS at PATH: plan a reviewer's run "
	  "(file sizes past its cache, the four CrystalDiskMark cells, small files) in a "
	  "time budget, run it and print the card",
	  .mpi = CMD_MPI_REFUSED },
	{ .word = "streams", .fn = cmd_streams, .args = &cmd_streams_args,
	  .what = "N paced streams (video playback or recording) with a deadline per "
	  "chunk: missed deadlines, lateness and latency per stream, and the most "
	  "streams that keep every deadline",
	  .mpi = CMD_MPI_LEADER },
	{ .word = "serve", .fn = cmd_serve, .args = &cmd_serve_args,
	  .what = "the agent: serve sweeps under a folder and link measurements to "
	  "clients that give its token (start it on the NAS)",
	  .mpi = CMD_MPI_REFUSED },
	{ .word = "link", .fn = cmd_link, .args = &cmd_link_args,
	  .what = "measure the link to an agent: TCP throughput each way in parallel "
	  "streams and the round-trip time; writes link.csv",
	  .mpi = CMD_MPI_REFUSED },
	{ .word = "clients-curve", .fn = cmd_curve, .args = &cmd_curve_args,
	  .what = "iosweep-mpi: the same cell on 1, 2, 4 ... of mpirun's clients; "
	  "the aggregate, each client's share and the knee where the share saturates",
	  .mpi = CMD_MPI_EVERY },
	{ .word = "card", .fn = cmd_card, .args = &cmd_card_args,
	  .what = "the NAS card (MB/s and IOPS of SEQ1M Q8T1, SEQ1M Q1T1, "
	  "RND4K Q32T16, RND4K Q1T1, plateaus, verdicts) of result folders or IOzone "
	  "reports, as text, Markdown or an image",
	  .mpi = CMD_MPI_LEADER },
};

const size_t cmd_table_len = sizeof(cmd_table) / sizeof(cmd_table[0]);

const struct cmd_entry *cmd_find(const char *word)
{
	for (size_t i = 0; i < cmd_table_len; i++)
		if (strcmp(cmd_table[i].word, word) == 0)
			return &cmd_table[i];
	return NULL;
}

void cmd_list_words(char *out, size_t outlen)
{
	size_t at = 0;

	if (outlen)
		out[0] = '\0';
	for (size_t i = 0; i < cmd_table_len && at < outlen; i++) {
		int n = snprintf(out + at, outlen - at, "%s%s", i ? ", " : "", cmd_table[i].word);
		if (n < 0)
			break;
		at += (size_t)n;
	}
}
