/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * commands.h: the subcommands (`iosweep plot`, `import`, `compare`,
 * `cliffs`, `report`, `profile`, `fileop` ... cmd_table.c lists them).
 * Each takes the arguments after its word (argv[0] is the word), reads
 * them with its table of options (options/cmdargs.h), prints its own
 * errors on stderr, and returns an enum iosweep_exit.  main.c dispatches
 * on the first argument.
 */
#ifndef IOSWEEP_COMMANDS_H
#define IOSWEEP_COMMANDS_H

#include "compat.h"

#include <signal.h>
#include <stddef.h>
#include <stdio.h>

struct options;

int cmd_import(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_cliffs(int argc, char **argv);
int cmd_plot(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_profile(int argc, char **argv);
int cmd_fileop(int argc, char **argv);
int cmd_files(int argc, char **argv);
/*
 * A small-file run given as values (files_opts.h: files_opts_defaults and
 * a tree), its report on out; command_line is what meta.csv records as
 * the command behind it.  An enum iosweep_exit.
 */
struct files_opts;
int cmd_files_with(const struct files_opts *o, const char *command_line, FILE *out);
int cmd_resume(int argc, char **argv);
int cmd_db(int argc, char **argv);
int cmd_card(int argc, char **argv);
int cmd_nas(int argc, char **argv);
int cmd_streams(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_link(int argc, char **argv);
int cmd_curve(int argc, char **argv);

/*
 * The throughput command, for sweep.c: refuse what cannot run before any
 * output, print IOzone's header and throughput report on out as the run
 * goes, then -R, -b and the CSV folder (--out).  Messages go to errout.
 * Returns an enum iosweep_exit.  argv (without the program's name) goes
 * into the journal (cmd/sweep_journal.h); with resume_dir the run
 * continues the one doc holds, in that folder.
 */
struct journal_doc;
int cmd_throughput_sweep(const struct options *o, volatile sig_atomic_t *stop,
			 FILE *out, FILE *errout, int argc, char **argv,
			 const char *resume_dir, struct journal_doc *doc);

/* "iosweep CMD: message" and a new line on stderr: every command's
 * messages to the user (CMD: "import", "profile --plot"; NULL for a
 * sweep: "iosweep: message"). */
void cmd_msg(const char *cmd, const char *fmt, ...) IOSWEEP_PRINTF(2, 3);

/*
 * The stop flag of a command that must finish or clean up before it
 * leaves (a sweep, throughput mode, fileop): 0, or the signal that asked
 * it to stop.  cmd_catch_stop() installs the handlers: SIGINT, SIGTERM
 * and SIGHUP set it, and a second one of them leaves at once; SIGPIPE (the
 * reader of stdout went away) sets it and never kills.  (cmd_util.c)
 */
extern volatile sig_atomic_t cmd_stop;
void cmd_catch_stop(void);
/*
 * A line (with its newline) a second signal writes to stderr before it
 * ends the process, or NULL for none: what the saved state is and where.
 */
void cmd_set_stop_note(const char *note);

/*
 * Run a command's words[0..n) on the agent at addr (net/remote.h): its
 * output here as it comes, its results into out_dir (NULL:
 * ./iosweep-results/agent-TIME).  cmd names it in messages (NULL for a
 * sweep).  An enum iosweep_exit, or the command's own status there.
 * (cmd_agent.c)
 */
int cmd_on_agent(const char *cmd, const char *addr, const char *token, int n,
		 char **words, const char *out_dir, int overwrite);

/*
 * Measure the link of c (net/link.h), print it, and with out write
 * out/link.csv and out/meta.csv (cmdline recorded there); out's files
 * are replaced only with overwrite.  An enum iosweep_exit.  (cmd_link.c)
 */
struct link_cfg;
int link_run(const struct link_cfg *c, const char *out, int overwrite, const char *cmdline);

/*
 * iosweep nas --agent: the link to the agent into dir/link, then a sweep
 * of file_kb files on the box's own pool (the agent's root) into
 * dir/pool, so the card holds pool, link and share side by side.  cold:
 * the agent's host drops the file from its page cache before each read.
 * An enum iosweep_exit.  (nas_agent.c)
 */
int nas_agent_run(const char *agent, const char *token, const char *dir, uint64_t file_kb,
		  int cold, int overwrite, const char *cmdline);

/* "iosweep ARGS..." (argv[0] is the word) for meta.csv; malloc'd, NULL
 * when out of memory.  (cmd_util.c) */
char *cmd_command_line(int argc, char **argv);
/*
 * The end of a command that made a tree (fileop, files): says that part
 * of it is left when cleanup_err is not NULL (an OK status becomes
 * IOSWEEP_EXIT_IO), then, for an interrupted or failed status, why
 * ("interrupted by SIG WHERE", SIG the name of sig, the signal that
 * stopped it; "failed: ERR"), which goes into why ("complete" otherwise)
 * for meta.csv.  Returns the status.  (cmd_util.c)
 */
int cmd_end_status(const char *cmd, int status, int sig, const char *cleanup_err,
		   const char *where, const char *err, char *why, size_t whylen);

/*
 * A command's report in a file of its own (`nas` and `profile` keep each
 * sweep's): the new file report (never through a link; an old one is
 * removed first when overwrite), open for writing; NULL when it cannot be
 * (said, naming it).  cmd_report_close closes it: 0, or -1 when a write
 * failed (said).  (cmd_util.c)
 */
FILE *cmd_report_open(const char *cmd, const char *report, int overwrite);
int cmd_report_close(const char *cmd, FILE *f, const char *report);

struct cmdargs_list;
struct result_set;
/*
 * Load inputs[0..n) into sets[0..n) (initialised by the caller) with
 * import_load; labels->items[i] names set i when given, else the set
 * keeps its own label, else it is named after its file ("dir/nas-a.txt"
 * -> "nas-a").  Prints "iosweep CMD: why" and returns an exit code, or 0.
 * (cmd_plot.c; shared by plot and report.)
 */
int cmd_load_sets(const char *cmd, char *const *inputs, size_t ninputs,
		  const struct cmdargs_list *labels, struct result_set *sets);

/*
 * Their command lines (options/cmdargs.h): what each parses, and what
 * --help, the man page and the shell completions (docgen.c) say of it.
 */
struct cmdargs_spec;
extern const struct cmdargs_spec cmd_import_args;
extern const struct cmdargs_spec cmd_compare_args;
extern const struct cmdargs_spec cmd_cliffs_args;
extern const struct cmdargs_spec cmd_plot_args;
extern const struct cmdargs_spec cmd_profile_args;
extern const struct cmdargs_spec cmd_fileop_args;
extern const struct cmdargs_spec cmd_files_args;
extern const struct cmdargs_spec cmd_resume_args;
extern const struct cmdargs_spec cmd_db_args;
extern const struct cmdargs_spec cmd_card_args;
extern const struct cmdargs_spec cmd_nas_args;
extern const struct cmdargs_spec cmd_report_args;
extern const struct cmdargs_spec cmd_streams_args;
extern const struct cmdargs_spec cmd_serve_args;
extern const struct cmdargs_spec cmd_link_args;
extern const struct cmdargs_spec cmd_curve_args;

/* How iosweep-mpi runs a subcommand (main.c). */
enum cmd_mpi {
	CMD_MPI_LEADER,    /* on rank 0 alone; the others end at once */
	CMD_MPI_EVERY,     /* on every client (files: each a client of its own) */
	CMD_MPI_REFUSED    /* runs its own sweeps: on one client only */
};

/* One subcommand (cmd_table.c). */
struct cmd_entry {
	const char *word;                    /* "import" */
	int (*fn)(int argc, char **argv);    /* argv[0] is the word */
	const struct cmdargs_spec *args;     /* its options and usage */
	const char *what;                    /* one line for the man page */
	enum cmd_mpi mpi;
};
extern const struct cmd_entry cmd_table[];
extern const size_t cmd_table_len;

/* The row of word, or NULL. */
const struct cmd_entry *cmd_find(const char *word);
/* "import, cliffs, ..." into out (cut to fit). */
void cmd_list_words(char *out, size_t outlen);

#endif
