/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * docgen.c: the man page and the bash and zsh completions, generated from
 * the one option table (see docgen.h).
 *
 * Everything a user can type comes from data the program already has: the
 * sweep's options from opt_table (letter, long name, argument, help line,
 * default, group, and the refused IOzone letters with their reasons), the
 * subcommands' options from their usage texts, the exit codes from enum
 * iosweep_exit.  What is prose here (description, units, files, examples)
 * is the README's, kept short.  The man page is plain man(7) roff with
 * hyphenation off, so option names never break across lines.
 */
#include "compat.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "cmd/commands.h"
#include "options/docgen.h"
#include "iosweep.h"
#include "options/options.h"
#include "options/options_priv.h"

static const struct {
	const char *word;
	const char *const *usage;
	const char *what;
	int no_inputs;     /* options only: no INPUT... in the synopsis */
} docgen_cmds[] = {
	{ "import", &cmd_import_usage, "read IOzone reports (text, -R, -b .xls) or iosweep "
	  "CSV files into a result folder; several files of one configuration are trials", 0 },
	{ "cliffs", &cmd_cliffs_usage, "find the cache cliffs of result folders, CSV files or "
	  "IOzone reports and write cliffs.csv", 0 },
	{ "compare", &cmd_compare_usage, "compare result sets cell by cell: means, ratio, "
	  "difference and Welch's t-test on the trials", 0 },
	{ "plot", &cmd_plot_usage, "write self-contained gnuplot scripts (drive comparison, "
	  "overlay, 3D surface, latency) and render them", 0 },
	{ "profile", &cmd_profile_usage, "run a review's queue-depth workloads (a built-in "
	  "or edited profile file) and write profile.csv and its IOPS and latency charts", 0 },
	{ "fileop", &cmd_fileop_usage, "IOzone's fileop: time every metadata call (mkdir, "
	  "chdir, rmdir, create, open, read, write, close, stat, access, chmod, readdir, "
	  "link, unlink, delete) on a tree of N^3 files, in fileop's layouts", 1 },
	{ "files", &cmd_files_usage, "small-file workloads (presets such as photo-library "
	  "and folder-copy, or a tree of your own): calls/s, files/s, MB/s and latency "
	  "per phase", 1 },
	{ "resume", &cmd_resume_usage, "continue a sweep that was killed or interrupted, "
	  "from the journal in its result folder, skipping the finished passes", 0 },
	{ "db", &cmd_db_usage, "the results library: add runs to an SQLite file or a "
	  "PostgreSQL database, list, tag, rank them (the NAS chart), compare, report "
	  "and export them", 0 },
	{ "nas", &cmd_nas_usage, "how fast is the NAS at PATH: plan a reviewer's run "
	  "(file sizes past its cache, the four CrystalDiskMark cells, small files) in a "
	  "time budget, run it and print the card", 1 },
	{ "card", &cmd_card_usage, "the NAS card (MB/s and IOPS of SEQ1M Q8T1, SEQ1M Q1T1, "
	  "RND4K Q32T16, RND4K Q1T1, plateaus, verdicts) of result folders or IOzone "
	  "reports, as text, Markdown or an image", 0 },
};
#define DOCGEN_NCMDS (sizeof(docgen_cmds) / sizeof(docgen_cmds[0]))

static const struct {
	int code;
	const char *what;
} docgen_exits[] = {
	{ IOSWEEP_EXIT_OK, "everything asked for was done" },
	{ IOSWEEP_EXIT_FAILURE, "an output or a subcommand failed for another reason" },
	{ IOSWEEP_EXIT_USAGE, "bad command line: nothing was run or written" },
	{ IOSWEEP_EXIT_IO, "an I/O call failed during the sweep (the finished cells are saved)" },
	{ IOSWEEP_EXIT_INPUT, "an input file is malformed (import, cliffs, plot, compare)" },
	{ IOSWEEP_EXIT_MISSING, "a program that was needed (gnuplot) is missing" },
	{ IOSWEEP_EXIT_INTERRUPTED, "interrupted by SIGINT, SIGTERM or SIGHUP (the finished "
	  "cells are saved)" },
};

static const struct {
	const char *cmd, *what;
} docgen_examples[] = {
	{ "iosweep -a -f /mnt/nas/iosweep.tmp",
	  "IOzone's auto mode: 64 kB to 512 MB files, every test." },
	{ "iosweep -a -g 4g -i 0 -i 1 --trials 5 --label \"WD Red\" -f /mnt/nas/t --plot",
	  "Write and read up to 4 GB files, 5 trials per cell, labelled, with charts." },
	{ "iosweep -s 1g -r 1m -i 0 -i 1 -I -e --latency -f /data/t",
	  "One cell, O_DIRECT, fsync inside the timing, latency per operation." },
	{ "iosweep -t 4 -s 256m -r 64k -i 0 -i 1 -F /mnt/a /mnt/b /mnt/c /mnt/d",
	  "IOzone's throughput mode: 4 processes, one file each." },
	{ "iosweep -a -g 1g --dry-run", "Print the grid a command would run; run nothing." },
	{ "iosweep import run1.txt run2.txt --label \"NAS 2019\" --out nas2019",
	  "Two old IOzone reports as two trials of one result set." },
	{ "iosweep plot nas2019 das2019 --highlight \"DAS 2019\" --format pngcairo",
	  "Charts of two result sets, one drawn thick on the overlays." },
	{ "gnuplot -e \"term='svg'\" nas2019/plots/read.gp",
	  "Render a chart script again with another gnuplot terminal." },
};

/* ---- man page ----------------------------------------------------------- */

/* Text for roff: backslash as \e, minus signs as \-, no control line at a line start. */
static void man_text(FILE *out, const char *s)
{
	int bol = 1;
	for (; *s; s++) {
		if (bol && (*s == '.' || *s == '\''))
			fputs("\\&", out);
		bol = *s == '\n';
		if (*s == '\\')
			fputs("\\e", out);
		else if (*s == '-')
			fputs("\\-", out);
		else
			fputc(*s, out);
	}
}

static void man_option(FILE *out, const struct opt_row *row)
{
	fputs(".TP\n", out);
	if (row->letter) {
		fputs("\\fB\\-", out);
		man_text(out, row->letter);
		fputs("\\fR", out);
	}
	if (row->letter && row->name)
		fputs(", ", out);
	if (row->name) {
		fputs("\\fB\\-\\-", out);
		man_text(out, row->name);
		fputs("\\fR", out);
	}
	if (row->metavar) {
		fputs(" \\fI", out);
		man_text(out, row->metavar);
		fputs("\\fR", out);
	}
	fputc('\n', out);
	man_text(out, row->help);
	if (row->defval) {
		fputs(" (default ", out);
		man_text(out, row->defval);
		fputc(')', out);
	}
	fputs(".\n", out);
}

/* The refused IOzone letters, one paragraph per reason (as --help groups them). */
static void man_refused(FILE *out)
{
	for (size_t i = 0; i < opt_table_rows; i++) {
		const struct opt_row *r = &opt_table[i];
		size_t j;
		if (r->group != OPT_GROUP_REJECTED)
			continue;
		for (j = 0; j < i; j++)
			if (opt_table[j].group == OPT_GROUP_REJECTED &&
			    strcmp(opt_table[j].help, r->help) == 0)
				break;
		if (j < i)
			continue;
		fputs(".TP\n", out);
		for (j = i; j < opt_table_rows; j++) {
			if (opt_table[j].group != OPT_GROUP_REJECTED ||
			    strcmp(opt_table[j].help, r->help) != 0)
				continue;
			fputs(j == i ? "\\fB\\-" : ", \\fB\\-", out);
			man_text(out, opt_table[j].letter ? opt_table[j].letter : "?");
			fputs("\\fR", out);
		}
		fputc('\n', out);
		man_text(out, r->help);
		fputs(".\n", out);
	}
}

/* The title, NAME and SYNOPSIS: the sweep and each command. */
static void man_head(FILE *out)
{
	fprintf(out, ".\\\" iosweep.1: generated by 'iosweep --help-man' from the option "
		"table (src/options_table.c); do not edit.\n"
		".TH IOSWEEP 1 \"\" \"iosweep %s\" \"User Commands\"\n"
		".nh\n.ad l\n"
		".SH NAME\niosweep \\- file\\-system benchmark with IOzone's command line, "
		"trials and statistics, cache\\-cliff detection, CSV and gnuplot charts\n"
		".SH SYNOPSIS\n"
		".B iosweep\n[\\fIoptions\\fR]\n.br\n", IOSWEEP_VERSION);
	for (size_t i = 0; i < DOCGEN_NCMDS; i++)
		fprintf(out, ".B iosweep %s\n%s[\\fIoptions\\fR]\n.br\n", docgen_cmds[i].word,
			docgen_cmds[i].no_inputs ? "" : "\\fIINPUT\\fR... ");
}

/* DESCRIPTION: what iosweep is for. */
static void man_description(FILE *out)
{
	fputs(".SH DESCRIPTION\n", out);
	man_text(out,
		 "iosweep measures how fast a file system moves data over a grid of file "
		 "sizes and record sizes, as IOzone's auto mode does, and prints IOzone's "
		 "report, layout for layout, so scripts written for IOzone keep working. "
		 "It runs every cell several times (--trials) and reports how sure each "
		 "figure is, finds the cache cliffs where throughput falls from cache speed "
		 "to disk speed, writes a result folder of CSV files, draws gnuplot charts, "
		 "and imports old IOzone output so old and new runs can be compared.\n");
	fputs(".PP\n", out);
	man_text(out,
		 "IOzone's option letters keep IOzone's meaning; iosweep's own additions "
		 "are long options. Input IOzone would silently turn into something else "
		 "(-s foo, -i 99) is refused with a message naming the option.\n");
}

/* OPTIONS: the option table by group, then the refused options. */
static void man_options(FILE *out)
{
	fputs(".SH OPTIONS\n", out);
	man_text(out, "SIZE is a whole number of kB, or a number with k, m, g or t "
		 "(64k, 16m, 2g).\n");
	for (int g = 0; g < OPT_GROUP_REJECTED; g++) {
		fputs(".SS ", out);
		man_text(out, options_group_title((enum opt_group)g));
		fputc('\n', out);
		for (size_t i = 0; i < opt_table_rows; i++)
			if (opt_table[i].group == (enum opt_group)g)
				man_option(out, &opt_table[i]);
	}
	fputs(".SS ", out);
	man_text(out, options_group_title(OPT_GROUP_REJECTED));
	fputs(" (error, exit status 2)\n", out);
	man_refused(out);
}

/* COMMANDS: each command's purpose and usage text. */
static void man_commands(FILE *out)
{
	fputs(".SH COMMANDS\n", out);
	for (size_t i = 0; i < DOCGEN_NCMDS; i++) {
		fprintf(out, ".SS iosweep %s\n", docgen_cmds[i].word);
		man_text(out, docgen_cmds[i].what);
		fputs(".\n.PP\n.nf\n", out);
		man_text(out, *docgen_cmds[i].usage);
		fputs(".fi\n", out);
	}
}

/* UNITS: 1024-based, as IOzone spells them. */
static void man_units(FILE *out)
{
	fputs(".SH UNITS\n", out);
	man_text(out,
		 "Every size and rate iosweep prints (report, CSV files, cache cliffs, "
		 "charts, messages) is in IOzone's 1024-based units, in IOzone's "
		 "spelling: 1 kB = 1024 bytes, 1 MB = 1024 kB, 1 GB = 1024 MB; "
		 "throughput is kB/s or MB/s of those. The k, m and g suffixes of the "
		 "command line mean the same.\n");
}

/* OUTPUT FILES: the result folder's files. */
static void man_output_files(FILE *out)
{
	fputs(".SH OUTPUT FILES\n", out);
	man_text(out,
		 "A sweep prints IOzone's report on stdout and writes a result folder "
		 "(--out DIR, default iosweep-results/LABEL-TIME/):\n");
	static const char *const files[][2] = {
		{ "results.csv", "one row per sample: test, file kB, record kB, trial, bytes, "
		  "seconds, kB/s, CPU times" },
		{ "summary.csv", "one row per cell: n, mean, median, min, max, standard "
		  "deviation, coefficient of variation, 95% confidence interval" },
		{ "sheets/TEST.csv", "wide tables for spreadsheets: rows file kB, columns "
		  "record kB" },
		{ "meta.csv", "label, version, command line, host, OS, file system, flags, "
		  "status" },
		{ "cliffs.csv", "the cache cliffs found" },
		{ "plots/", "with --plot: gnuplot scripts and their charts" },
	};
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		fputs(".TP\n.I ", out);
		man_text(out, files[i][0]);
		fputc('\n', out);
		man_text(out, files[i][1]);
		fputs(".\n", out);
	}
}

/* FILES and ENVIRONMENT: the installed templates and pages, IOSWEEP_GNUPLOT. */
static void man_files(FILE *out)
{
	fputs(".SH FILES\n.TP\n.I /usr/share/doc/iosweep/plots/\n", out);
	man_text(out, "The gnuplot templates the chart scripts are made from (built into "
		 "the binary; these copies are their documentation), with README.md "
		 "describing each template and its placeholders, and reference-lines.csv, "
		 "the nominal interface rates drawn as dashed lines (iosweep plot "
		 "--ref-file takes a file of the same form).\n");
	fputs(".TP\n.I /usr/share/doc/iosweep/docs/\n", out);
	man_text(out, "The reference pages README.md links to, in Markdown: guided-run.md "
		 "(iosweep nas and the card), sweeps.md (every output file's columns), "
		 "nas.md, charts.md, iozone-differences.md and the rest, with the "
		 "pictures they show in img/.\n");
	fputs(".SH ENVIRONMENT\n.TP\n.B IOSWEEP_GNUPLOT\n", out);
	man_text(out, "The gnuplot program to run (default: gnuplot from PATH).\n");
}

/* EXIT STATUS: the exit codes. */
static void man_exits(FILE *out)
{
	fputs(".SH EXIT STATUS\n", out);
	for (size_t i = 0; i < sizeof(docgen_exits) / sizeof(docgen_exits[0]); i++) {
		fprintf(out, ".TP\n.B %d\n", docgen_exits[i].code);
		man_text(out, docgen_exits[i].what);
		fputs(".\n", out);
	}
}

/* EXAMPLES. */
static void man_examples(FILE *out)
{
	fputs(".SH EXAMPLES\n", out);
	for (size_t i = 0; i < sizeof(docgen_examples) / sizeof(docgen_examples[0]); i++) {
		fputs(".PP\n", out);
		man_text(out, docgen_examples[i].what);
		fputs("\n.PP\n.RS\n.nf\n", out);
		man_text(out, docgen_examples[i].cmd);
		fputs("\n.fi\n.RE\n", out);
	}
}

/* The man page, section by section (docgen.h). */
int docgen_man(FILE *out)
{
	man_head(out);
	man_description(out);
	man_options(out);
	man_commands(out);
	man_units(out);
	man_output_files(out);
	man_files(out);
	man_exits(out);
	man_examples(out);
	fputs(".SH SEE ALSO\n.BR iozone (1),\n.BR fio (1),\n.BR gnuplot (1)\n", out);
	return ferror(out) ? -1 : 0;
}

/* ---- completions -------------------------------------------------------- */

/* Does the option take a file or folder name? */
static int row_takes_path(const struct opt_row *r)
{
	return r->arg == OPT_ARG_FILES || (r->arg == OPT_ARG_STRING && r->metavar &&
		(strstr(r->metavar, "FILE") || strstr(r->metavar, "DIR")));
}

/*
 * The options of a subcommand's usage text: every "--name", with a value
 * when an upper-case word follows ("--out DIR").  Calls fn(name, len,
 * takes_value, arg) for each new one, in order.
 */
static void usage_options(const char *usage, void (*fn)(const char *, size_t, int, void *),
			  void *arg)
{
	for (const char *p = usage; (p = strstr(p, "--")) != NULL;) {
		size_t n = 2;
		while (isalnum((unsigned char)p[n]) || p[n] == '-')
			n++;
		if (n == 2 || (p > usage && p[-1] != ' ' && p[-1] != '[')) {
			p += n;
			continue;
		}
		int dup = 0;
		for (const char *seen = usage; seen < p; seen++)   /* said before? */
			if (strncmp(seen, p, n) == 0 && !isalnum((unsigned char)seen[n]) &&
			    seen[n] != '-' && (seen == usage || seen[-1] == ' ' || seen[-1] == '[')) {
				dup = 1;
				break;
			}
		int value = p[n] == ' ' && isupper((unsigned char)p[n + 1]);
		if (!dup)
			fn(p, n, value, arg);
		p += n;
	}
}

struct bash_words {
	FILE *out;
	int which;      /* -1 every option, 1 those that take a value */
};

static void bash_word(const char *name, size_t n, int value, void *arg)
{
	const struct bash_words *bw = arg;
	if (bw->which < 0 || bw->which == value)
		fprintf(bw->out, " %.*s", (int)n, name);
}

/* The sweep's options as words: letters and long names; which = -1 all,
 * 1 those with a value, 2 those with a file or folder. */
static void sweep_words(FILE *out, int which)
{
	for (size_t i = 0; i < opt_table_rows; i++) {
		const struct opt_row *r = &opt_table[i];
		if (r->group == OPT_GROUP_REJECTED)
			continue;
		if ((which == 1 && r->arg == OPT_ARG_NONE) || (which == 2 && !row_takes_path(r)))
			continue;
		if (r->letter)
			fprintf(out, " -%s", r->letter);
		if (r->name)
			fprintf(out, " --%s", r->name);
	}
}

int docgen_bash(FILE *out)
{
	fprintf(out, "# bash completion for iosweep %s: generated by 'iosweep --help-bash'\n"
		"# from the option table (src/options_table.c); do not edit.\n"
		"_iosweep()\n{\n"
		"\tlocal cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n"
		"\tlocal sub=\"${COMP_WORDS[1]}\" opts valued paths\n"
		"\tcase \"$sub\" in\n", IOSWEEP_VERSION);
	for (size_t i = 0; i < DOCGEN_NCMDS; i++) {
		struct bash_words all = { out, -1 }, val = { out, 1 };
		fprintf(out, "\t%s)\n\t\topts=\"", docgen_cmds[i].word);
		usage_options(*docgen_cmds[i].usage, bash_word, &all);
		fputs(" --help\"\n\t\tvalued=\"", out);
		usage_options(*docgen_cmds[i].usage, bash_word, &val);
		fputs("\"\n\t\tpaths=\"$valued\" ;;\n", out);
	}
	fputs("\t*)\n\t\topts=\"", out);
	sweep_words(out, -1);
	fputs("\"\n\t\tvalued=\"", out);
	sweep_words(out, 1);
	fputs("\"\n\t\tpaths=\"", out);
	sweep_words(out, 2);
	fputs("\" ;;\n\tesac\n", out);
	fprintf(out,
		"\tcase \" $valued \" in\n"
		"\t*\" $prev \"*)\n"
		"\t\tcase \"$prev\" in\n"
		"\t\t-i|--test) COMPREPLY=($(compgen -W \"0 1 2 3 4 5 6 7 8 9 10 11 12\" -- \"$cur\")) ;;\n"
		"\t\t--format) COMPREPLY=($(compgen -W \"png pngcairo svg pdf pdfcairo dumb canvas "
		"eps epscairo postscript\" -- \"$cur\")) ;;\n"
		"\t\t--errors) COMPREPLY=($(compgen -W \"minmax ci none\" -- \"$cur\")) ;;\n"
		"\t\t--order) COMPREPLY=($(compgen -W \"cell sweep\" -- \"$cur\")) ;;\n"
		"\t\t--data) COMPREPLY=($(compgen -W \"random zero ratio=\" -- \"$cur\")) ;;\n"
		"\t\t*) case \" $paths \" in\n"
		"\t\t\t*\" $prev \"*) COMPREPLY=($(compgen -f -- \"$cur\")) ;;\n"
		"\t\t\t*) COMPREPLY=() ;;\n"
		"\t\t\tesac ;;\n"
		"\t\tesac\n"
		"\t\treturn 0 ;;\n"
		"\tesac\n"
		"\tif [ \"$COMP_CWORD\" -eq 1 ] && [ \"${cur#-}\" = \"$cur\" ]; then\n"
		"\t\tCOMPREPLY=($(compgen -W \"");
	for (size_t i = 0; i < DOCGEN_NCMDS; i++)
		fprintf(out, "%s%s", i ? " " : "", docgen_cmds[i].word);
	fputs("\" -- \"$cur\"))\n"
	      "\telif [ \"${cur#-}\" != \"$cur\" ]; then\n"
	      "\t\tCOMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
	      "\telse\n"
	      "\t\tCOMPREPLY=($(compgen -f -- \"$cur\"))\n"
	      "\tfi\n"
	      "\treturn 0\n}\n"
	      "complete -o filenames -F _iosweep iosweep\n", out);
	return ferror(out) ? -1 : 0;
}

/* A zsh _describe entry: "name:description", ':' and '\' escaped. */
static void zsh_entry(FILE *out, const char *name, size_t n, const char *help)
{
	fputs("\t\t'", out);
	for (size_t i = 0; i < n; i++)
		fprintf(out, "%s%c", name[i] == ':' ? "\\" : "", name[i]);
	fputc(':', out);
	for (const char *h = help; h && *h; h++) {
		if (*h == '\'')
			fputs("'\\''", out);
		else if (*h == ':' || *h == '\\')
			fprintf(out, "\\%c", *h);
		else
			fputc(*h, out);
	}
	fputs("'\n", out);
}

static void zsh_word(const char *name, size_t n, int value, void *arg)
{
	FILE *out = arg;
	zsh_entry(out, name, n, value ? "(takes a value)" : "");
}

static void zsh_valued(const char *name, size_t n, int value, void *arg)
{
	if (value)
		fprintf((FILE *)arg, " %.*s", (int)n, name);
}

int docgen_zsh(FILE *out)
{
	fprintf(out, "#compdef iosweep\n"
		"# zsh completion for iosweep %s: generated by 'iosweep --help-zsh'\n"
		"# from the option table (src/options_table.c); do not edit.\n"
		"_iosweep() {\n"
		"\tlocal -a opts valued\n"
		"\tlocal sub=${words[2]}\n"
		"\tcase $sub in\n", IOSWEEP_VERSION);
	for (size_t i = 0; i < DOCGEN_NCMDS; i++) {
		fprintf(out, "\t%s)\n\t\topts=(\n", docgen_cmds[i].word);
		usage_options(*docgen_cmds[i].usage, zsh_word, out);
		fputs("\t\t)\n\t\tvalued=(", out);
		usage_options(*docgen_cmds[i].usage, zsh_valued, out);
		fputs(" ) ;;\n", out);
	}
	fputs("\t*)\n\t\topts=(\n", out);
	for (size_t i = 0; i < opt_table_rows; i++) {
		const struct opt_row *r = &opt_table[i];
		char name[80];
		if (r->group == OPT_GROUP_REJECTED)
			continue;
		if (r->letter) {
			snprintf(name, sizeof(name), "-%s", r->letter);
			zsh_entry(out, name, strlen(name), r->help);
		}
		if (r->name) {
			snprintf(name, sizeof(name), "--%s", r->name);
			zsh_entry(out, name, strlen(name), r->help);
		}
	}
	fputs("\t\t)\n\t\tvalued=(", out);
	sweep_words(out, 1);
	fputs(" ) ;;\n\tesac\n", out);
	fputs("\tif (( CURRENT > 2 )) && (( ${valued[(Ie)${words[CURRENT-1]}]} )); then\n"
	      "\t\tcase ${words[CURRENT-1]} in\n"
	      "\t\t-i|--test) compadd -- 0 1 2 3 4 5 6 7 8 9 10 11 12 ;;\n"
	      "\t\t--format) compadd -- png pngcairo svg pdf pdfcairo dumb canvas eps "
	      "epscairo postscript ;;\n"
	      "\t\t--errors) compadd -- minmax ci none ;;\n"
	      "\t\t--order) compadd -- cell sweep ;;\n"
	      "\t\t*) _files ;;\n"
	      "\t\tesac\n"
	      "\t\treturn\n"
	      "\tfi\n"
	      "\tif (( CURRENT == 2 )) && [[ $PREFIX != -* ]]; then\n"
	      "\t\tcompadd -- ", out);
	for (size_t i = 0; i < DOCGEN_NCMDS; i++)
		fprintf(out, "%s%s", i ? " " : "", docgen_cmds[i].word);
	fputs("\n\telif [[ $PREFIX == -* ]]; then\n"
	      "\t\t_describe -t options 'iosweep option' opts\n"
	      "\telse\n"
	      "\t\t_files\n"
	      "\tfi\n"
	      "}\n"
	      "_iosweep \"$@\"\n", out);
	return ferror(out) ? -1 : 0;
}

int docgen_main(const char *mode)
{
	int rc;
	if (strcmp(mode, "--help-man") == 0)
		rc = docgen_man(stdout);
	else if (strcmp(mode, "--help-bash") == 0)
		rc = docgen_bash(stdout);
	else if (strcmp(mode, "--help-zsh") == 0)
		rc = docgen_zsh(stdout);
	else
		return -1;
	if (fflush(stdout) != 0 || rc != 0) {
		fprintf(stderr, "iosweep: cannot write %s output\n", mode + 7);
		return IOSWEEP_EXIT_FAILURE;
	}
	return IOSWEEP_EXIT_OK;
}
