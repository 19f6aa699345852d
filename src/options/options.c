/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * options.c: the command line of a sweep, driven by one table.
 *
 * Every option iosweep knows is a row of opt_table[] (options_table.c,
 * declared in options_priv.h with the handlers it names): its IOzone letter
 * (or "+x" form), its long name, the kind and range of its argument, its
 * group and help line, and the handler that stores it.  The parser, the
 * "did you mean" suggestions and --help (options_help.c) all read that
 * table, so they cannot drift apart.  IOzone options we do not implement are rows too,
 * with the reason they are refused, so they fail loudly instead of being
 * taken for something else.
 *
 * Parsing follows IOzone's getopt: letters cluster ("-az"), an argument
 * may be attached ("-s16m", "-i0") or be the next word, and a "-+x"
 * option takes its argument from the next word.  Where IOzone quietly
 * turns a bad value into another one (-s foo is 512 kB, -i 99 is test 0),
 * we stop with a one-line message naming the option and the value.
 * Rules that involve several options (-n <= -g, -i 1 needs -i 0, ...) are
 * checked once the whole line has been read, in options_check.c.
 *
 * While parsing we also record IOzone's "splash" lines, the header lines
 * IOzone prints for the options given, so the report can reproduce them.
 */
#include "compat.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "iosweep.h"
#include "options/options.h"
#include "options/options_priv.h"
#include "platform/platform.h"
#include "model/results.h"
#include "model/units.h"

int opt_error(struct opt_parse *ps, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ps->err, ps->errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* Splash line i gets the space an IOzone line before it left behind. */
static int opt_prefix_space(struct opt_parse *ps, size_t i)
{
	char *old = ps->o->splash[i];
	size_t n = strlen(old) + 2;
	char *line = malloc(n);

	if (!line)
		return opt_error(ps, "out of memory");
	snprintf(line, n, " %s", old);
	free(old);
	ps->o->splash[i] = line;
	return 0;
}

/* Append one splash line (IOzone's header line for an option). */
int opt_splash(struct opt_parse *ps, const char *fmt, ...)
{
	struct options *o = ps->o;
	va_list ap;
	char **grown;
	char *line;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return opt_error(ps, "cannot format a header line");
	line = malloc((size_t)n + 1);
	grown = realloc(o->splash, (o->nsplash + 1) * sizeof(*o->splash));
	if (!line || !grown) {
		free(line);
		if (grown)
			o->splash = grown;
		return opt_error(ps, "out of memory");
	}
	o->splash = grown;
	va_start(ap, fmt);
	vsnprintf(line, (size_t)n + 1, fmt, ap);
	va_end(ap);
	o->splash[o->nsplash++] = line;
	if (!o->splash_space)
		return 0;
	o->splash_space = 0;
	return opt_prefix_space(ps, o->nsplash - 1);
}

int opt_strdup(struct opt_parse *ps, char **dst, const char *src)
{
	size_t n = strlen(src) + 1;
	char *copy = malloc(n);

	if (!copy)
		return opt_error(ps, "out of memory");
	memcpy(copy, src, n);
	free(*dst);
	*dst = copy;
	return 0;
}

static int *opt_int_field(struct opt_parse *ps, const struct opt_row *row)
{
	return (int *)(void *)((char *)ps->o + row->field);
}

/* ---- handlers ------------------------------------------------------ */

/* A flag: set its int field to 1 and print IOzone's line, if any. */
int opt_set_flag(struct opt_parse *ps, const struct opt_row *row,
		 const char *text, uint64_t value)
{
	(void)text; (void)value;
	*opt_int_field(ps, row) = 1;
	return row->splash ? opt_splash(ps, "%s", row->splash) : 0;
}

/* One of IOzone's lines, as it is (no '#' to fill in). */
int opt_splash_line(struct opt_parse *ps, const char *line)
{
	return opt_splash(ps, "%s", line);
}

/* -+A N: madvise, where the platform has it. */
int opt_madvise(struct opt_parse *ps, const struct opt_row *row,
		const char *text, uint64_t value)
{
	if (!plat_caps()->madvise)
		return opt_error(ps, "%s: there is no madvise on %s", ps->shown,
				 plat_caps()->os);
	ps->o->advise_given = 1;
	return opt_set_unsigned(ps, row, text, value);
}

/* -+L: IOzone's record locking on one shared file (-+l with -+V). */
int opt_lock_shared(struct opt_parse *ps, const struct opt_row *row,
		    const char *text, uint64_t value)
{
	(void)text; (void)value;
	ps->o->rlocking = 1;
	ps->o->share_file = 1;
	return opt_splash(ps, "%s", row->splash);
}

/* -+E: as IOzone, the file is also kept (its no_unlink, without the line). */
int opt_existing(struct opt_parse *ps, const struct opt_row *row,
		 const char *text, uint64_t value)
{
	ps->o->keep_file = 1;
	return opt_set_flag(ps, row, text, value);
}

/*
 * IOzone's line for an option with a value: tmpl holds one '#' where the
 * number goes ("\tRecord Size # kB").
 */
int opt_splash_value(struct opt_parse *ps, const char *tmpl, uint64_t value)
{
	const char *mark = strchr(tmpl, '#');

	if (!mark)
		return opt_splash(ps, "%s", tmpl);
	return opt_splash(ps, "%.*s%" PRIu64 "%s", (int)(mark - tmpl), tmpl, value,
			  mark + 1);
}

static int opt_value_splash(struct opt_parse *ps, const struct opt_row *row,
			    uint64_t value)
{
	return row->splash ? opt_splash_value(ps, row->splash, value) : 0;
}

/* An unsigned count (-+x, -+q, --trials, --warmup). */
int opt_set_unsigned(struct opt_parse *ps, const struct opt_row *row,
		     const char *text, uint64_t value)
{
	(void)text;
	*(unsigned *)(void *)((char *)ps->o + row->field) = (unsigned)value;
	return opt_value_splash(ps, row, value);
}

/* A 64-bit value (-n, -g, -y, -q in kB; -j in records). */
int opt_set_u64(struct opt_parse *ps, const struct opt_row *row,
		const char *text, uint64_t value)
{
	(void)text;
	*(uint64_t *)(void *)((char *)ps->o + row->field) = value;
	return opt_value_splash(ps, row, value);
}

/* A string (-f, --label, --out). */
int opt_set_string(struct opt_parse *ps, const struct opt_row *row,
		   const char *text, uint64_t value)
{
	(void)value;
	if (opt_strdup(ps, (char **)(void *)((char *)ps->o + row->field), text))
		return -1;
	return row->splash ? opt_splash(ps, "%s", row->splash) : 0;
}

/* -s and -r: each one adds to its list, in the order given. */
int opt_list_add(struct opt_parse *ps, const struct opt_row *row,
		 const char *text, uint64_t kb)
{
	struct options *o = ps->o;
	int files = !strcmp(row->letter, "s");
	uint64_t *list = files ? o->sizes_kb : o->records_kb;
	size_t *n = files ? &o->nsizes : &o->nrecords;

	(void)text;
	if (*n >= OPTIONS_MAX_LIST)
		return opt_error(ps, "%s: given more than %d times", ps->shown,
				 OPTIONS_MAX_LIST);
	list[(*n)++] = kb;
	return opt_value_splash(ps, row, kb);
}

int opt_auto2(struct opt_parse *ps, const struct opt_row *row,
	      const char *text, uint64_t value)
{
	struct options *o = ps->o;

	(void)row; (void)text; (void)value;
	o->auto_mode = 1;
	o->auto2 = 1;
	o->no_crossover = 1;
	o->tests_mask |= (1u << TEST_WRITE) | (1u << TEST_READ);
	return opt_splash(ps, "\tAuto Mode 2. This option is obsolete. Use -az -i0 -i1 ");
}

static const char *const test_names[TEST_COUNT] = {
	"write", "read", "random read/write", "backwards read",
	"record rewrite", "stride read", "fwrite", "fread",
	"mixed workload", "pwrite", "pread", "pwritev", "preadv"
};

const char *options_test_name(int test)
{
	return test >= 0 && test < TEST_COUNT ? test_names[test] : "?";
}

int opt_test(struct opt_parse *ps, const struct opt_row *row,
	     const char *text, uint64_t n)
{
	(void)row; (void)text;
	if ((n == TEST_PWRITEV || n == TEST_PREADV) && !io_have_vectored())
		return opt_error(ps, "%s %s: test %" PRIu64 " (%s) is not available "
				 "on %s", ps->shown, text, n, options_test_name((int)n),
				 plat_caps()->os);
	ps->o->tests_mask |= 1u << n;
	return 0;
}

int opt_direct(struct opt_parse *ps, const struct opt_row *row,
	       const char *text, uint64_t value)
{
	(void)row; (void)text; (void)value;
	if (!plat_caps()->direct_splash)
		return opt_error(ps, "%s: direct I/O (O_DIRECT or F_NOCACHE) is not "
				 "available on %s", ps->shown, plat_caps()->os);
	ps->o->direct = 1;
	return opt_splash(ps, "%s", plat_caps()->direct_splash);
}

int opt_odsync(struct opt_parse *ps, const struct opt_row *row,
	       const char *text, uint64_t value)
{
	(void)row; (void)text; (void)value;
	if (!plat_caps()->odsync)
		return opt_error(ps, "%s: O_DSYNC is not available on %s", ps->shown,
				 plat_caps()->os);
	ps->o->odsync = 1;
	return opt_splash(ps, "\t>>> O_DSYNC mode enabled. <<<");
}

int opt_orsync(struct opt_parse *ps, const struct opt_row *row,
	       const char *text, uint64_t value)
{
	(void)row; (void)text; (void)value;
	if (!plat_caps()->orsync)
		return opt_error(ps, "%s: O_RSYNC is not available on %s", ps->shown,
				 plat_caps()->os);
	ps->o->orsync = 1;
	return opt_splash(ps, "\tRead & Write sync mode active.");
}

int opt_unit_ops(struct opt_parse *ps, const struct opt_row *row,
		 const char *text, uint64_t value)
{
	(void)row; (void)text; (void)value;
	ps->o->unit = RESULTS_UNIT_OPS;
	return opt_splash(ps, "\tOPS Mode. Output is in operations per second.");
}

int opt_unit_usec(struct opt_parse *ps, const struct opt_row *row,
		  const char *text, uint64_t value)
{
	(void)row; (void)text; (void)value;
	ps->o->unit = RESULTS_UNIT_USEC;
	return opt_splash(ps, "\tMicroseconds/op Mode. Output is in microseconds per operation.");
}

int opt_cpu(struct opt_parse *ps, const struct opt_row *row,
	    const char *text, uint64_t value)
{
	(void)row; (void)text; (void)value;
	ps->o->cpu_util = 1;
	/* IOzone measures the getrusage() step here; it shows 0.000 on Linux */
	if (opt_splash(ps, "\tCPU utilization Resolution = %5.3f seconds.", 0.0))
		return -1;
	return opt_splash(ps, "\tCPU utilization Excel chart enabled");
}

int opt_xls(struct opt_parse *ps, const struct opt_row *row,
	    const char *text, uint64_t value)
{
	(void)row; (void)value;
	ps->o->excel = 1;
	return opt_strdup(ps, &ps->o->xls_path, text);
}

int opt_machine(struct opt_parse *ps, const struct opt_row *row,
		const char *text, uint64_t value)
{
	char line[1024];

	(void)row; (void)text; (void)value;
	ps->o->machine = 1;
	if (plat_uname_line(line, sizeof(line)) != 0)
		return opt_error(ps, "%s: cannot read the machine name (uname)", ps->shown);
	/* IOzone prints "\n\tMachine = ...": an empty line, then the line */
	if (opt_splash(ps, "%s", ""))
		return -1;
	return opt_splash(ps, "\tMachine = %s", line);
}

int opt_stop(struct opt_parse *ps, const struct opt_row *row,
	     const char *text, uint64_t value)
{
	(void)text; (void)value;
	*opt_int_field(ps, row) = 1;
	ps->stop = 1;
	return 0;
}

int opt_progress(struct opt_parse *ps, const struct opt_row *row,
		 const char *text, uint64_t value)
{
	(void)text; (void)value;
	ps->o->progress = strcmp(row->name, "quiet") ? 1 : 0;
	return 0;
}

/*
 * -V N and -+d: IOzone's verify and diagnostic modes (run/data/verify.h), each
 * with IOzone's two header lines; -V prints its byte four times over.
 */
#define OPT_INVALID_LINE "\tPerformance measurements are invalid in this mode."

int opt_verify(struct opt_parse *ps, const struct opt_row *row,
	       const char *text, uint64_t value)
{
	unsigned byte = value ? (unsigned)value : OPTIONS_DEFAULT_VERIFY_BYTE;

	(void)row; (void)text;
	ps->o->verify = 1;
	ps->o->verify_byte = byte;
	if (opt_splash(ps, "\tVerify Mode. Pattern %x", byte * 0x01010101u))
		return -1;
	return opt_splash(ps, "%s", OPT_INVALID_LINE);
}

/* -+Z: IOzone's "old data sets", verify mode with 0xa5, its own lines. */
int opt_old_data(struct opt_parse *ps, const struct opt_row *row,
		 const char *text, uint64_t value)
{
	(void)row; (void)text; (void)value;
	ps->o->verify = 1;
	ps->o->verify_byte = 0xa5;
	if (opt_splash(ps, "\tUsing old data sets.") ||
	    opt_splash(ps, "\t Performance measurements may be invalid in this"))
		return -1;
	return opt_splash(ps, "\t mode due to published hack.");
}

int opt_diag(struct opt_parse *ps, const struct opt_row *row,
	     const char *text, uint64_t value)
{
	(void)row; (void)text; (void)value;
	ps->o->diag = 1;
	if (opt_splash(ps, "\t>>> I/O Diagnostic mode enabled. <<<"))
		return -1;
	return opt_splash(ps, "%s", OPT_INVALID_LINE);
}

/* -t N: each one adds a child count, run in the order given. */
int opt_children(struct opt_parse *ps, const struct opt_row *row,
		 const char *text, uint64_t n)
{
	struct options *o = ps->o;

	(void)row; (void)text;
	if (o->nchildren >= OPTIONS_MAX_LIST)
		return opt_error(ps, "%s: given more than %d times", ps->shown,
				 OPTIONS_MAX_LIST);
	o->children[o->nchildren++] = (unsigned)n;
	return 0;
}

/* The most children any count given so far asks for (-t, -l, -u). */
unsigned opt_most_children(const struct options *o)
{
	unsigned most = o->max_children > o->min_children ? o->max_children :
		o->min_children;

	for (size_t i = 0; i < o->nchildren; i++)
		if (o->children[i] > most)
			most = o->children[i];
	return most;
}

/*
 * -F f1 f2 ...: IOzone takes exactly as many words as the largest child
 * count given before it, so -t (or -u) must come first.
 */
static int opt_files(struct opt_parse *ps, int *i)
{
	struct options *o = ps->o;
	unsigned need = opt_most_children(o);
	char **names;

	if (!need)
		return opt_error(ps, "%s: give -t N (or -l/-u) before -F, so iosweep "
				 "knows how many file names follow", ps->shown);
	if (o->nfiles)
		return opt_error(ps, "%s: given twice%s; name every child's file "
				 "after one -F", ps->shown, o->file_list ?
				 " (-+R named them)" : "");
	for (unsigned k = 0; k < need; k++) {
		const char *w = *i + 1 + (int)k < ps->argc ? ps->argv[*i + 1 + k] : NULL;
		if (!w || (w[0] == '-' && w[1]) || !w[0])
			return opt_error(ps, "%s: %u children need %u file names, found "
					 "%u%s%s%s", ps->shown, need, need, k,
					 w ? " before '" : "", w ? w : "", w ? "'" : "");
		for (unsigned j = 0; j < k; j++)
			if (!strcmp(w, ps->argv[*i + 1 + j]))
				return opt_error(ps, "%s: '%s' is named twice; every child "
						 "needs a file of its own", ps->shown, w);
	}
	names = calloc(need, sizeof(*names));
	if (!names)
		return opt_error(ps, "out of memory");
	o->files = names;
	for (unsigned k = 0; k < need; k++) {
		if (opt_strdup(ps, &names[k], ps->argv[*i + 1 + k]))
			return -1;
		o->nfiles++;
	}
	*i += (int)need;
	return 0;
}

/* ---- rows (the table itself is in options_table.c) ------------- */

#define OPT_NROWS opt_table_rows

const struct opt_row *opt_by_letter(const char *letter)
{
	size_t i;

	for (i = 0; i < OPT_NROWS; i++)
		if (opt_table[i].letter && !strcmp(opt_table[i].letter, letter))
			return &opt_table[i];
	return NULL;
}

const struct opt_row *opt_by_name(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < OPT_NROWS; i++)
		if (opt_table[i].name && strlen(opt_table[i].name) == len &&
		    !strncmp(opt_table[i].name, name, len))
			return &opt_table[i];
	return NULL;
}

size_t opt_index(const struct opt_row *row)
{
	return (size_t)(row - opt_table);
}

/* ---- suggestions ---------------------------------------------------- */

static int opt_unknown_long(struct opt_parse *ps, const char *arg, size_t len)
{
	const char *s = opt_suggest(arg + 2, len - 2);

	if (s)
		return opt_error(ps, "unknown option '%.*s'; did you mean '--%s'?",
				 (int)len, arg, s);
	return opt_error(ps, "unknown option '%.*s'; see 'iosweep --help'",
			 (int)len, arg);
}

static int opt_unknown_short(struct opt_parse *ps, const char *arg,
			     const char *letter)
{
	char other[3] = { letter[0], letter[1], 0 };
	char *c = other[1] ? &other[1] : &other[0];
	const struct opt_row *row;

	/* the same letter in the other case, when that one is an option */
	*c = (char)(*c >= 'a' && *c <= 'z' ? *c - 'a' + 'A' :
		    *c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
	row = strcmp(other, letter) ? opt_by_letter(other) : NULL;
	if (row && row->arg != OPT_ARG_REJECT)
		return opt_error(ps, "unknown option '-%s'; did you mean '-%s'?",
				 letter, other);
	if (strlen(arg) > 1 + strlen(letter))
		return opt_error(ps, "unknown option '-%s' in '%s'; see 'iosweep --help'",
				 letter, arg);
	return opt_error(ps, "unknown option '-%s'; see 'iosweep --help'", letter);
}

/* ---- reading one option ------------------------------------------- */

static int opt_is_numeric_kind(const struct opt_row *row)
{
	return row->arg == OPT_ARG_SIZE || row->arg == OPT_ARG_UINT ||
	       row->arg == OPT_ARG_TEST || row->arg == OPT_ARG_DURATION;
}

/*
 * The next word as the argument of row, or an error when it is missing
 * or is another option.  "-5" is taken as a (negative, so refused) number.
 */
static int opt_next_arg(struct opt_parse *ps, const struct opt_row *row,
			int argc, const char *const *argv, int *i, const char **text)
{
	const char *next = *i + 1 < argc ? argv[*i + 1] : NULL;

	if (!next)
		return opt_error(ps, "%s: missing %s", ps->shown, row->metavar);
	if (next[0] == '-' && next[1] &&
	    !(opt_is_numeric_kind(row) && next[1] >= '0' && next[1] <= '9'))
		return opt_error(ps, "%s: missing %s (found the option '%s' instead)",
				 ps->shown, row->metavar, next);
	(*i)++;
	*text = next;
	return 0;
}

/*
 * The value of row, as a number, in range: record it as given (text is
 * the word it was given as, for the messages and the rules that read
 * it) and run the row's handler.
 */
int opt_apply_value(struct opt_parse *ps, const struct opt_row *row,
		    const char *text, uint64_t value)
{
	char lim[32];

	switch (row->arg) {
	case OPT_ARG_REJECT:
		return opt_error(ps, "%s: %s", ps->shown, row->help);
	case OPT_ARG_SIZE:
		if (value > row->max) {
			units_format_kb(row->max, lim, sizeof(lim));
			return opt_error(ps, "%s '%s': %" PRIu64 " kB is more than "
					 "the limit of %" PRIu64 " kB (%s)", ps->shown,
					 text, value, row->max, lim);
		}
		if (value < row->min)
			return opt_error(ps, "%s '%s': must be at least %" PRIu64 " kB",
					 ps->shown, text, row->min);
		break;
	case OPT_ARG_UINT:
		if (value < row->min || value > row->max)
			return opt_error(ps, "%s '%s': must be %" PRIu64 " to %" PRIu64,
					 ps->shown, text, row->min, row->max);
		break;
	case OPT_ARG_TEST:
		if (value > row->max)
			return opt_error(ps, "%s '%s': no such test; tests are 0 to 12 "
					 "(see 'iosweep --help')", ps->shown, text);
		break;
	case OPT_ARG_DURATION:
		if (value > OPT_MAX_DURATION_MS)
			return opt_error(ps, "%s '%s': not a duration (use 60s, 2m, 500ms "
					 "or seconds, at most a day)", ps->shown, text);
		break;
	case OPT_ARG_STRING:
		if (!text || !*text)
			return opt_error(ps, "%s: empty %s", ps->shown, row->metavar);
		break;
	case OPT_ARG_NONE:
	case OPT_ARG_FILES:
		break;
	}
	ps->seen[opt_index(row)]++;
	ps->text[opt_index(row)] = text;
	return row->apply(ps, row, text, value);
}

int opt_apply(struct opt_parse *ps, const struct opt_row *row, const char *text)
{
	char why[IOSWEEP_ERR_MAX];
	uint64_t value = 0;

	switch (row->arg) {
	case OPT_ARG_SIZE:
		if (row->field == offsetof(struct options, max_file_kb) &&
		    !strcmp(text, "auto")) {
			/* -g auto: resolved in opt_check, once -n and -+x are known */
			ps->o->max_file_auto = 1;
			ps->seen[opt_index(row)]++;
			ps->text[opt_index(row)] = text;
			return 0;
		}
		if (units_parse_size_kb(text, &value, why, sizeof(why)))
			return opt_error(ps, "%s '%s': %s", ps->shown, text, why);
		break;
	case OPT_ARG_UINT:
		if (units_parse_uint(text, row->min, row->max, &value, why, sizeof(why)))
			return opt_error(ps, "%s '%s': %s", ps->shown, text, why);
		break;
	case OPT_ARG_TEST:
		if (units_parse_uint(text, 0, UINT64_MAX, &value, why, sizeof(why)))
			value = UINT64_MAX;     /* refused as no such test */
		break;
	case OPT_ARG_DURATION:
		if (units_parse_duration_ms(text, OPT_MAX_DURATION_MS, &value, why,
					    sizeof(why)) != 0)
			value = UINT64_MAX;     /* refused as not a duration */
		break;
	case OPT_ARG_REJECT:
	case OPT_ARG_STRING:
	case OPT_ARG_NONE:
	case OPT_ARG_FILES:
		break;
	}
	return opt_apply_value(ps, row, text, value);
}

/* -F and --files: the words after it, one per child. */
static int opt_apply_files(struct opt_parse *ps, const struct opt_row *row,
			   const char *attached, int *i)
{
	if (attached)
		return opt_error(ps, "%s: put the file names after a space "
				 "(-F f1 f2), not '%s'", ps->shown, attached);
	ps->seen[opt_index(row)]++;
	return opt_files(ps, i);
}

static int opt_long(struct opt_parse *ps, int argc, const char *const *argv, int *i)
{
	const char *arg = argv[*i], *eq = strchr(arg, '='), *text = NULL;
	size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
	const struct opt_row *row = opt_by_name(arg + 2, len - 2);
	char shown[64];

	if (!row)
		return opt_unknown_long(ps, arg, len);
	snprintf(shown, sizeof(shown), "--%s", row->name);
	ps->shown = shown;
	if (row->arg == OPT_ARG_FILES)
		return opt_apply_files(ps, row, eq ? eq + 1 : NULL, i);
	if (row->arg == OPT_ARG_NONE) {
		if (eq)
			return opt_error(ps, "%s takes no value (got '%s')", shown, eq + 1);
	} else if (eq) {
		text = eq + 1;
	} else if (opt_next_arg(ps, row, argc, argv, i, &text)) {
		return -1;
	}
	return opt_apply(ps, row, text);
}

/* One word starting with a single '-': a cluster of IOzone letters. */
static int opt_cluster(struct opt_parse *ps, int argc, const char *const *argv, int *i)
{
	const char *arg = argv[*i];
	size_t j = 1;

	/* "-trials" or "-help": a long option written with one dash */
	if (arg[1] != '+' && strlen(arg) > 2 && opt_by_name(arg + 1, strlen(arg + 1)))
		return opt_error(ps, "unknown option '%s'; did you mean '-%s'?",
				 arg, arg);
	while (arg[j] && !ps->stop) {
		char letter[3] = { arg[j], 0, 0 };
		const char *rest, *text = NULL;
		const struct opt_row *row;
		char shown[8];

		if (arg[j] == '+') {
			if (!arg[j + 1])
				return opt_error(ps, "'-+' needs a letter after the '+' "
						 "(-+u, -+n, ...)");
			letter[1] = arg[j + 1];
			rest = arg + j + 2;
		} else {
			rest = arg + j + 1;
		}
		row = opt_by_letter(letter);
		if (!row)
			return opt_unknown_short(ps, arg, letter);
		snprintf(shown, sizeof(shown), "-%s", letter);
		ps->shown = shown;
		if (row->arg == OPT_ARG_REJECT)
			return opt_apply(ps, row, NULL);
		if (row->arg == OPT_ARG_FILES)
			return opt_apply_files(ps, row, *rest ? rest : NULL, i);
		if (letter[1]) {
			/* -+x: nothing may follow in the word; its value is the next word */
			if (*rest)
				return opt_error(ps, "unknown option '%s' (%s takes no "
						 "more letters)", arg, shown);
			if (row->arg != OPT_ARG_NONE &&
			    opt_next_arg(ps, row, argc, argv, i, &text))
				return -1;
			return opt_apply(ps, row, text);
		}
		if (row->arg == OPT_ARG_NONE) {
			if (opt_apply(ps, row, NULL))
				return -1;
			j++;
			continue;
		}
		if (*rest)
			text = rest;     /* attached: -s16m, -i0 */
		else if (opt_next_arg(ps, row, argc, argv, i, &text))
			return -1;
		return opt_apply(ps, row, text);
	}
	return 0;
}

/* ---- public -------------------------------------------------------- */

/* o->command_line: "iosweep" and the words, joined by single spaces. */
int opt_command_line(struct opt_parse *ps)
{
	const struct options *o = ps->o;
	size_t len = strlen("iosweep") + 1, at;

	for (size_t i = 0; i < o->nwords; i++)
		len += strlen(o->words[i]) + 1;
	free(ps->o->command_line);
	ps->o->command_line = malloc(len);
	if (!ps->o->command_line)
		return opt_error(ps, "out of memory");
	at = (size_t)snprintf(ps->o->command_line, len, "iosweep");
	for (size_t i = 0; i < o->nwords; i++)
		at += (size_t)snprintf(ps->o->command_line + at, len - at, " %s",
				       o->words[i]);
	return 0;
}

int opt_add_word(struct opt_parse *ps, const char *word)
{
	struct options *o = ps->o;
	char **grown = realloc(o->words, (o->nwords + 2) * sizeof(*grown));

	if (!grown)
		return opt_error(ps, "out of memory");
	o->words = grown;
	o->words[o->nwords] = NULL;
	if (opt_strdup(ps, &o->words[o->nwords], word))
		return -1;
	o->words[++o->nwords] = NULL;
	return 0;
}

int opt_start(struct opt_parse *ps, struct options *o, char *err, size_t errlen)
{
	memset(o, 0, sizeof(*o));
	memset(ps, 0, sizeof(*ps));
	ps->o = o;
	ps->err = err;
	ps->errlen = errlen;
	if (errlen)
		err[0] = '\0';
	o->multiplier = 2;
	o->stride = 17;
	o->trials = 1;
	o->warmup = 0;
	o->refine_time_s = 600;
	o->min_time_ms = 0;
	o->order = OPTIONS_ORDER_CELL;
	o->data = OPTIONS_DATA_RANDOM;
	o->zero_pct = -1;
	o->progress = -1;
	o->unit = RESULTS_UNIT_KBPS;
	o->threads = !plat_caps()->processes;   /* Windows: children are threads */
	return opt_strdup(ps, &o->file, OPTIONS_DEFAULT_FILE);
}

int opt_read(struct opt_parse *ps, int argc, const char *const *argv)
{
	ps->argc = argc;
	ps->argv = argv;
	for (int i = 0; i < argc; i++)
		if (opt_add_word(ps, argv[i]))
			return -1;
	if (opt_command_line(ps))
		return -1;
	for (int i = 0; i < argc && !ps->stop; i++) {
		const char *arg = argv[i];
		int rc;

		if (arg[0] == '-' && arg[1] == '-' && arg[2])
			rc = opt_long(ps, argc, argv, &i);
		else if (arg[0] == '-' && arg[1] && arg[1] != '-')
			rc = opt_cluster(ps, argc, argv, &i);
		else
			rc = opt_error(ps, "unexpected argument '%s': options start "
				       "with '-' (see 'iosweep --help')", arg);
		if (rc)
			return -1;
	}
	return 0;
}

int options_parse(struct options *o, int argc, char **argv,
		  char *err, size_t errlen)
{
	struct opt_parse ps;

	if (opt_start(&ps, o, err, errlen))
		return -1;
	if (argc < 2) {
		(void)opt_command_line(&ps);
		return opt_error(&ps, "nothing to do: give IOzone options "
				 "(iosweep -a for auto mode), or see 'iosweep --help'");
	}
	if (opt_read(&ps, argc - 1, (const char *const *)(argv + 1)))
		return -1;
	if (ps.stop)
		return 0;
	return opt_check(&ps);
}

void options_release(struct options *o)
{
	size_t i;

	if (!o)
		return;
	free(o->file);
	free(o->remount_dir);
	free(o->xls_path);
	free(o->cluster_file);
	free(o->file_list);
	free(o->label);
	free(o->out_dir);
	free(o->db);
	free(o->link);
	free(o->agent);
	free(o->agent_token);
	free(o->command_line);
	for (i = 0; i < o->nwords; i++)
		free(o->words[i]);
	free(o->words);
	for (i = 0; i < 2; i++) {
		free(o->traj_path[i]);
		free(o->traj[i]);     /* one block each (run/sweep/telemetry.h) */
	}
	for (i = 0; i < o->nfiles; i++)
		free(o->files[i]);
	free(o->files);
	for (i = 0; i < o->nsplash; i++)
		free(o->splash[i]);
	free(o->splash);
	memset(o, 0, sizeof(*o));
}
