/*
 * options_priv.h: what options.c (the parser, --help) and options_table.c
 * (the table of every option) share, and nobody else needs: the row of the
 * table, its argument kinds and help groups, and the handlers rows name
 * to store a value.  The table is data only; the handlers and all parsing
 * stay in options.c.
 *
 * Ownership: the table and its strings are static, never freed.
 */
#ifndef IOSWEEP_OPTIONS_PRIV_H
#define IOSWEEP_OPTIONS_PRIV_H

#include <stddef.h>
#include <stdint.h>

#define OPTIONS_DEFAULT_FILE "iosweep.tmp"
#define OPTIONS_MAX_RECORD_KB UINT64_C(16384)   /* IOzone's MAXBUFFERSIZE */
#define OPTIONS_MIN_AUTO_FILE_KB UINT64_C(4)    /* IOzone's RECLEN_START */
#define OPTIONS_DEFAULT_FILE_KB UINT64_C(512)   /* IOzone without -s */
#define OPTIONS_DEFAULT_RECORD_KB UINT64_C(4)   /* IOzone without -r */

/* struct opt_parse keeps state per table row for at most this many rows. */
#define OPT_MAX_ROWS 128

enum opt_arg {
	OPT_ARG_NONE,    /* a flag */
	OPT_ARG_SIZE,    /* kB with k/m/g/t suffixes, in [min, max] kB */
	OPT_ARG_UINT,    /* whole number in [min, max] */
	OPT_ARG_TEST,    /* an IOzone test number */
	OPT_ARG_STRING,  /* any non-empty word */
	OPT_ARG_FILES,   /* -F: one word per child, as many as -t or -u says */
	OPT_ARG_REJECT   /* an IOzone option we refuse; help is the reason */
};

enum opt_group {
	OPT_GROUP_GRID, OPT_GROUP_TESTS, OPT_GROUP_TIMING, OPT_GROUP_THROUGHPUT,
	OPT_GROUP_REPORT, OPT_GROUP_OURS, OPT_GROUP_INFO, OPT_GROUP_REJECTED, OPT_GROUP_COUNT
};

struct opt_parse;   /* the state of one options_parse() call (options.c) */

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
int opt_mix(struct opt_parse *ps, const struct opt_row *row,
	    const char *text, uint64_t value);
int opt_data(struct opt_parse *ps, const struct opt_row *row,
	     const char *text, uint64_t value);
int opt_children(struct opt_parse *ps, const struct opt_row *row,
		 const char *text, uint64_t value);
int opt_ci(struct opt_parse *ps, const struct opt_row *row,
	   const char *text, uint64_t value);

#endif
