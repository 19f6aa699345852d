/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * options_priv.h: what options.c (the parser, --help), options_table.c
 * (the table of every option) and options_check.c (the rules across
 * options, checked once the line is read) share, and nobody else needs:
 * the row of the table, its argument kinds and help groups, the handlers
 * rows name to store a value, and the state of one parse.  The table is
 * data only; the handlers and all parsing stay in options.c.
 *
 * Ownership: the table and its strings are static, never freed.
 */
#ifndef IOSWEEP_OPTIONS_PRIV_H
#define IOSWEEP_OPTIONS_PRIV_H

#include <stddef.h>
#include <stdint.h>

#define OPTIONS_MAX_RECORD_KB UINT64_C(16384)   /* IOzone's MAXBUFFERSIZE */
#define OPTIONS_MIN_AUTO_FILE_KB UINT64_C(4)    /* IOzone's RECLEN_START */

/* struct opt_parse keeps state per table row for at most this many rows. */
#define OPT_MAX_ROWS 192
#define OPT_MAX_DURATION_MS UINT64_C(86400000)   /* a day */

enum opt_arg {
	OPT_ARG_NONE,    /* a flag */
	OPT_ARG_SIZE,    /* kB with k/m/g/t suffixes, in [min, max] kB */
	OPT_ARG_UINT,    /* whole number in [min, max] */
	OPT_ARG_TEST,    /* an IOzone test number */
	OPT_ARG_STRING,  /* any non-empty word */
	OPT_ARG_DURATION, /* 60s, 2m, 500ms or seconds, in ms, at most a day */
	OPT_ARG_FILES,   /* -F: one word per child, as many as -t or -u says */
	OPT_ARG_REJECT   /* an IOzone option we refuse; help is the reason */
};

enum opt_group {
	OPT_GROUP_GRID, OPT_GROUP_TESTS, OPT_GROUP_TIMING, OPT_GROUP_THROUGHPUT,
	OPT_GROUP_REPORT, OPT_GROUP_SHAPE, OPT_GROUP_OURS, OPT_GROUP_INFO, OPT_GROUP_REJECTED, OPT_GROUP_COUNT
};

struct options;

/* State of one options_parse() call. */
struct opt_parse {
	struct options *o;
	char *err;
	size_t errlen;
	const char *shown;         /* the option as the user wrote it: "-s", "--trials" */
	int argc;                  /* the command line, for -F's several words */
	const char *const *argv;
	const char *text[OPT_MAX_ROWS]; /* last argument given, per table row */
	int seen[OPT_MAX_ROWS];        /* times given, per table row */
	int stop;                  /* -h or -v: stop reading */
};

struct opt_row {
	const char *letter;     /* "a", "+x", or NULL for long-only options */
	const char *name;       /* long name without "--", or NULL */
	enum opt_arg arg;
	const char *metavar;    /* argument name in --help */
	uint64_t min, max;      /* range of OPT_ARG_SIZE / OPT_ARG_UINT */
	enum opt_group group;
	const char *help;       /* help line; for OPT_ARG_REJECT the reason */
	const char *defval;     /* default shown by --help, or NULL */
	size_t field;           /* offsetof(struct options, ...) for generic handlers */
	const char *splash;     /* IOzone's line for it, '#' where the value goes; or NULL */
	int (*apply)(struct opt_parse *ps, const struct opt_row *row,
		     const char *text, uint64_t value);
};

/* The title of a help group ("Tests (IOzone)"), for --help and the man page. */
const char *options_group_title(enum opt_group g);

/* The table (options_table.c) and its number of rows. */
extern const struct opt_row opt_table[];
extern const size_t opt_table_rows;

/* The handlers the table names (options.c): 0, or -1 with the message in ps. */
int opt_set_flag(struct opt_parse *ps, const struct opt_row *row,
		 const char *text, uint64_t value);
int opt_madvise(struct opt_parse *ps, const struct opt_row *row,
		const char *text, uint64_t value);
int opt_lock_shared(struct opt_parse *ps, const struct opt_row *row,
		    const char *text, uint64_t value);
int opt_existing(struct opt_parse *ps, const struct opt_row *row,
		 const char *text, uint64_t value);
/* -+b SIZE,MS (options_iozone.c). */
int opt_burst(struct opt_parse *ps, const struct opt_row *row,
	      const char *text, uint64_t value);
/* -+U (options_iozone.c): Windows' unbuffered API, refused elsewhere. */
int opt_unbuffered(struct opt_parse *ps, const struct opt_row *row,
		   const char *text, uint64_t value);
/* The rules across the options of options_iozone.c: 0, or -1 (message). */
int opt_check_iozone(struct opt_parse *ps);
/* -+R (options_filelist.c): the children's file names, one a line of a file. */
int opt_file_list(struct opt_parse *ps, const struct opt_row *row,
		  const char *text, uint64_t value);
/* Append a header line formatted as printf does (options.c). */
int opt_splash(struct opt_parse *ps, const char *fmt, ...) IOSWEEP_PRINTF(2, 3);
/* *dst = a copy of src (the old one freed); 0 or -1 out of memory. */
int opt_strdup(struct opt_parse *ps, char **dst, const char *src);
int opt_splash_line(struct opt_parse *ps, const char *line);
int opt_old_data(struct opt_parse *ps, const struct opt_row *row,
		 const char *text, uint64_t value);
int opt_set_unsigned(struct opt_parse *ps, const struct opt_row *row,
		     const char *text, uint64_t value);
int opt_set_u64(struct opt_parse *ps, const struct opt_row *row,
		const char *text, uint64_t value);
int opt_set_string(struct opt_parse *ps, const struct opt_row *row,
		   const char *text, uint64_t value);
int opt_list_add(struct opt_parse *ps, const struct opt_row *row,
		 const char *text, uint64_t value);
int opt_auto2(struct opt_parse *ps, const struct opt_row *row,
	      const char *text, uint64_t value);
int opt_test(struct opt_parse *ps, const struct opt_row *row,
	     const char *text, uint64_t value);
int opt_direct(struct opt_parse *ps, const struct opt_row *row,
	       const char *text, uint64_t value);
int opt_odsync(struct opt_parse *ps, const struct opt_row *row,
	       const char *text, uint64_t value);
int opt_orsync(struct opt_parse *ps, const struct opt_row *row,
	       const char *text, uint64_t value);
int opt_unit_ops(struct opt_parse *ps, const struct opt_row *row,
		 const char *text, uint64_t value);
int opt_unit_usec(struct opt_parse *ps, const struct opt_row *row,
		  const char *text, uint64_t value);
int opt_cpu(struct opt_parse *ps, const struct opt_row *row,
	    const char *text, uint64_t value);
int opt_xls(struct opt_parse *ps, const struct opt_row *row,
	    const char *text, uint64_t value);
int opt_machine(struct opt_parse *ps, const struct opt_row *row,
		const char *text, uint64_t value);
int opt_stop(struct opt_parse *ps, const struct opt_row *row,
	     const char *text, uint64_t value);
int opt_progress(struct opt_parse *ps, const struct opt_row *row,
		 const char *text, uint64_t value);
int opt_order(struct opt_parse *ps, const struct opt_row *row,
	      const char *text, uint64_t value);
int opt_duration(struct opt_parse *ps, const struct opt_row *row,
		 const char *text, uint64_t value);
int opt_steady(struct opt_parse *ps, const struct opt_row *row,
	       const char *text, uint64_t value);
int opt_mix(struct opt_parse *ps, const struct opt_row *row,
	    const char *text, uint64_t value);
int opt_data(struct opt_parse *ps, const struct opt_row *row,
	     const char *text, uint64_t value);
int opt_children(struct opt_parse *ps, const struct opt_row *row,
		 const char *text, uint64_t value);

/* Data shaping, -+w -+y -+C -+a -+Q -+S -+W (options_shape.c). */
int opt_shape_pct(struct opt_parse *ps, const struct opt_row *row,
		  const char *text, uint64_t value);
int opt_shape_zero(struct opt_parse *ps, const struct opt_row *row,
		   const char *text, uint64_t value);
int opt_shape_special(struct opt_parse *ps, const struct opt_row *row,
		      const char *text, uint64_t value);
int opt_shape_granule(struct opt_parse *ps, const struct opt_row *row,
		      const char *text, uint64_t value);
int opt_shape_seed(struct opt_parse *ps, const struct opt_row *row,
		   const char *text, uint64_t value);
int opt_check_shape(struct opt_parse *ps);
int opt_link(struct opt_parse *ps, const struct opt_row *row,
	     const char *text, uint64_t value);
int opt_io_timeout(struct opt_parse *ps, const struct opt_row *row,
		   const char *text, uint64_t value);
int opt_ci(struct opt_parse *ps, const struct opt_row *row,
	   const char *text, uint64_t value);
int opt_verify(struct opt_parse *ps, const struct opt_row *row,
	       const char *text, uint64_t value);
int opt_diag(struct opt_parse *ps, const struct opt_row *row,
	     const char *text, uint64_t value);
int opt_compute(struct opt_parse *ps, const struct opt_row *row,
		const char *text, uint64_t value);
int opt_short_circuit(struct opt_parse *ps, const struct opt_row *row,
		      const char *text, uint64_t value);
int opt_telemetry(struct opt_parse *ps, const struct opt_row *row,
		  const char *text, uint64_t value);
int opt_bind(struct opt_parse *ps, const struct opt_row *row,
	     const char *text, uint64_t value);

/*
 * Shared by the parser (options.c) and the rules across options
 * (options_check.c).
 */

/* Format a one-line message into ps->err; returns -1. */
int opt_error(struct opt_parse *ps, const char *fmt, ...) IOSWEEP_PRINTF(2, 3);

/*
 * What the command line gave (options_check.c): the last text of a
 * letter's option (NULL if none), how many times it was given, and the
 * last text of a long option ("" if none).
 */
const char *opt_given(const struct opt_parse *ps, const char *letter);
int opt_seen(const struct opt_parse *ps, const char *letter);
const char *opt_given_long(const struct opt_parse *ps, const char *name);

/* Append IOzone's line tmpl, its '#' replaced by value, to the splash lines. */
int opt_splash_value(struct opt_parse *ps, const char *tmpl, uint64_t value);

/* IOzone's name of each test ("random read/write"), by test number. */

/* The most children any count given so far asks for (-t, -l, -u). */
unsigned opt_most_children(const struct options *o);

/* The row of a letter ("s", "+k") or a long name; NULL when there is none. */
const struct opt_row *opt_by_letter(const char *letter);
const struct opt_row *opt_by_name(const char *name, size_t len);

/* The long name closest to name[0..len), or NULL when none is close
 * (options_suggest.c). */
const char *opt_suggest(const char *name, size_t len);

/*
 * Row given with value (text: the word it was given as, kept for the
 * messages and the rules that read it): range-checked, counted as given,
 * its handler run.  0, or -1 with the message in ps.
 */
int opt_apply_value(struct opt_parse *ps, const struct opt_row *row,
		    const char *text, uint64_t value);

/*
 * The parse's steps (options.c), which options_parse and options_build
 * share: opt_start sets o's defaults; opt_read reads words[0..n) as typed
 * (kept in o->words); opt_apply gives row the text a user typed for it;
 * opt_add_word keeps one more word;
 * opt_command_line joins them into o->command_line.  0, or -1 with the
 * message in ps.
 */
int opt_start(struct opt_parse *ps, struct options *o, char *err, size_t errlen);
int opt_read(struct opt_parse *ps, int n, const char *const *words);
int opt_apply(struct opt_parse *ps, const struct opt_row *row, const char *text);
int opt_add_word(struct opt_parse *ps, const char *word);
int opt_command_line(struct opt_parse *ps);

/* The position of row in opt_table[] (the index of ps->text and ps->seen). */
size_t opt_index(const struct opt_row *row);

/*
 * The rules across options (options_check.c), once the whole line is read:
 * resolves -g auto, sets auto mode for repeated -s/-r and the default
 * tests of a queue-depth run; 0, or -1 with the message in ps.
 */
int opt_check(struct opt_parse *ps);

#endif
