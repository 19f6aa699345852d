/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import_tp_priv.h: what the throughput-mode importer's files share and
 * nobody else needs.  import_tp.c reads the text report and its -R
 * table, import_tp_csv.c reads throughput.csv with the same number
 * reader and record helpers; import_tp_sheet.c reads the -b BIFF2
 * sheet, whose rows are the -R table's, so it fills them in through the
 * same functions: the state of one parse, its error message, the test of a
 * table label, a table row, the table's other labels and the command line.
 *
 * Ownership: a struct tp_parse borrows the result set, the path and the
 * error buffer from its caller; the records it adds belong to the set.
 */
#ifndef IOSWEEP_IMPORT_TP_PRIV_H
#define IOSWEEP_IMPORT_TP_PRIV_H

#include <stddef.h>
#include <stdint.h>

#include "model/results.h"

/* Most processes one test of a report or a throughput.csv may have. */
#define TP_MAX_PROCS 65535u

/* Most process counts (columns) one -R table or -b sheet may hold. */
#define TP_MAX_COUNTS 256

/* The state of one parse of a report or a sheet. */
struct tp_parse {
	struct result_set *rs;
	const char *path;
	char *err;
	size_t errlen;
	int unit;                  /* -1 until a figure says kB or ops */
	unsigned unit_line;
	/* header facts */
	unsigned min_procs, max_procs, with_procs;
	uint64_t file_kb, record_kb;
	/* the open block */
	struct result_tp cur;
	int open, part;            /* part: enum tp_part (import_tp.c) */
	unsigned cur_line;
	double *child_xfer, *child_rate;
	size_t child_alloc;
	/* the -R table */
	int in_table;              /* 1 throughput, 2 CPU% */
	unsigned table_rows;
	int complete;
};

/* A parse of path into rs, with messages into err. */
void tp_parse_init(struct tp_parse *p, struct result_set *rs, const char *path,
		   char *err, size_t errlen);

/* err = "PATH:LINE: message" ("PATH: message" when line is 0); returns -1. */
int tp_fail(struct tp_parse *p, unsigned line, const char *fmt, ...) IOSWEEP_PRINTF(3, 4);

/*
 * The test (enum tp_kind, throughput.h) of a report label ("initial
 * writers"), or with table set of a table label ("Read"); -1 when none.
 */
int tp_kind_of(const char *s, size_t n, int table);

/*
 * One row of the -R table or the -b sheet: test kind, figures per process
 * count.  With blocks from the report the figures must equal their
 * Children see; without, they become records.  where prefixes a message.
 */
int tp_table_row(struct tp_parse *p, unsigned line, const char *where, int kind,
		 const double *v, size_t nv, int cpu);

/*
 * The labels of the -R table and the -b sheet that are not test rows: 1
 * when s was one of them, 0 when not (a test row), -1 on error.
 */
int tp_table_label(struct tp_parse *p, const char *s, size_t n, unsigned line,
		   const char *where);

/* The command line (text or sheet row 0): kept in rs's meta, its flags read. */
int tp_set_cmdline(struct tp_parse *p, const char *s, size_t n, unsigned line);

/*
 * A decimal figure at *s (blanks first; digits, one '.', no sign, no
 * exponent): 1 with *v set and *s past it, 0 when there is none.
 */
int import_tp_eat_number(const char **s, const char *end, double *v);

/* Every figure of a parse is in kB or in ops: 0, or -1 when unit differs. */
int import_tp_set_unit(struct tp_parse *p, int unit, unsigned line);

/* The name of a test (enum tp_kind) for messages: "initial writers". */
const char *import_tp_kind_name(int kind);

/* The record of test kind with procs processes and trial in rs, or NULL. */
struct result_tp *import_tp_find(struct result_set *rs, int kind, unsigned procs,
				 unsigned trial);

/* t cleared, its optional figures NAN (not given). */
void import_tp_blank(struct result_tp *t);

#endif
