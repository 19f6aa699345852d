/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import_util.c: what every importer shares (import_priv.h), below the
 * dispatcher (import.c) and the parsers alike, so no parser calls back
 * up: reading the input file, the notes an import gives, errors that name
 * the file and line, turning one printed IOzone figure into a rate-only
 * sample in kB/s, the -R section titles, reading the options that
 * matter out of IOzone's "Command line used:", and a CSV field as a
 * number (import_csv.c and import_ops.c both read them).
 */
#include "compat.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "import/import.h"
#include "import/import_priv.h"
#include "lib/err.h"
#include "lib/readfile.h"
#include "model/results.h"

int import_read_file(const char *path, char **buf, size_t *len, char *err,
		     size_t errlen)
{
	return readfile_all(path, IMPORT_MAX_BYTES, "an IOzone report", buf, len,
			    err, errlen);
}

void import_note(const struct import_opts *opts, const char *fmt, ...)
{
	va_list ap;

	if (!opts || !opts->notes || opts->notes_size == 0)
		return;
	size_t used = strnlen(opts->notes, opts->notes_size);
	if (used + 2 >= opts->notes_size)
		return;
	va_start(ap, fmt);
	int n = vsnprintf(opts->notes + used, opts->notes_size - used - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	used += (size_t)n < opts->notes_size - used - 1 ? (size_t)n : opts->notes_size - used - 2;
	opts->notes[used++] = '\n';
	opts->notes[used] = '\0';
}

void import_vfail(char *err, size_t errlen, const char *path, unsigned line,
		  const char *fmt, va_list ap)
{
	char msg[512];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (line)
		err_set(err, errlen, "%s:%u: %s", path, line, msg);
	else
		err_set(err, errlen, "%s: %s", path, msg);
}

int import_is_biff(const unsigned char *buf, size_t len)
{
	/* BOF record: opcode 0x0009 (BIFF2) or 0x0209/0x0409/0x0809 */
	return len >= 4 && buf[0] == 0x09 && (buf[1] == 0x00 || buf[1] == 0x02 ||
					      buf[1] == 0x04 || buf[1] == 0x08);
}

void import_acc_release(struct import_acc *acc)
{
	free(acc->cell_cols);
	acc->cell_cols = NULL;
	acc->cell_cols_alloc = 0;
}

int import_add_value(struct import_acc *acc, int col, uint64_t file_kb,
		     uint64_t record_kb, double value, unsigned line,
		     char *err, size_t errlen)
{
	struct result_set *rs = acc->rs;
	char where[64] = "";

	if (line)
		snprintf(where, sizeof(where), "%u:", line);
	if (!isfinite(value) || value < 0.0)
		return err_set(err, errlen, "%s:%s %s figure %g of %llu kB / %llu kB is not a rate",
			acc->path, where, results_col_name(col), value,
			(unsigned long long)file_kb, (unsigned long long)record_kb);
	if (value == 0.0)
		return 0; /* crossover placeholder, -+n retest or too fast for -N */

	double kbps = value;
	if (rs->meta.source_unit == RESULTS_UNIT_OPS)
		kbps = value * (double)record_kb;
	else if (rs->meta.source_unit == RESULTS_UNIT_USEC)
		kbps = (double)record_kb * 1e6 / value;

	long cell = results_find_cell(rs, file_kb, record_kb);
	if (cell < 0)
		cell = results_add_cell(rs, file_kb, record_kb, 0);
	if (cell < 0 || (uint64_t)cell > UINT32_MAX)
		goto nomem;
	if ((size_t)cell >= acc->cell_cols_alloc) {
		size_t want = acc->cell_cols_alloc ? acc->cell_cols_alloc * 2 : 256;
		while (want <= (size_t)cell)
			want *= 2;
		uint32_t *p = realloc(acc->cell_cols, want * sizeof(*p));
		if (!p)
			goto nomem;
		memset(p + acc->cell_cols_alloc, 0,
		       (want - acc->cell_cols_alloc) * sizeof(*p));
		acc->cell_cols = p;
		acc->cell_cols_alloc = want;
	}
	if (acc->cell_cols[cell] & (1u << col))
		return err_set(err, errlen, "%s:%s a second %s figure for %llu kB / %llu kB",
			acc->path, where, results_col_name(col),
			(unsigned long long)file_kb, (unsigned long long)record_kb);
	acc->cell_cols[cell] |= 1u << col;

	struct result_sample s;
	memset(&s, 0, sizeof(s));
	s.cell = (uint32_t)cell;
	s.col = (uint16_t)col;
	s.trial = 0;
	s.rate_kbps = kbps;
	s.flags = RESULTS_SF_RATE_ONLY;
	if (results_add_sample(rs, &s))
		goto nomem;
	return 0;
nomem:
	return err_set(err, errlen, "%s: out of memory", acc->path);
}

/* -R section names (case ignored), in IOzone's order, and their columns. */
static const struct {
	const char *name;
	int col;
} r_sections[] = {
	{ "writer", RC_WRITE }, { "re-writer", RC_REWRITE }, { "reader", RC_READ },
	{ "re-reader", RC_REREAD }, { "random read", RC_RANDOM_READ },
	{ "random write", RC_RANDOM_WRITE }, { "backward read", RC_BKWD_READ },
	{ "record rewrite", RC_RECORD_REWRITE }, { "stride read", RC_STRIDE_READ },
	{ "fwrite", RC_FWRITE }, { "re-fwrite", RC_FREWRITE }, { "fread", RC_FREAD },
	{ "re-fread", RC_FREREAD }, { "pwrite", RC_PWRITE }, { "re-pwrite", RC_REPWRITE },
	{ "pread", RC_PREAD }, { "re-pread", RC_REPREAD }, { "pwritev", RC_PWRITEV },
	{ "re-pwritev", RC_REPWRITEV }, { "preadv", RC_PREADV },
	{ "re-preadv", RC_REPREADV },
};

int import_section_col(const char *title, size_t len)
{
	while (len && title[len - 1] == ' ')
		len--;
	for (size_t i = 0; i < sizeof(r_sections) / sizeof(r_sections[0]); i++) {
		size_t n = strlen(r_sections[i].name);
		if (len == n + 7 && strncasecmp(title, r_sections[i].name, n) == 0 &&
		    strncasecmp(title + n, " report", 7) == 0)
			return r_sections[i].col;
		if (len > n + 20 && strncasecmp(title, r_sections[i].name, n) == 0 &&
		    strncasecmp(title + n, " CPU utilization report", 23) == 0)
			return -2;
	}
	return -1;
}

/* See import_priv.h. */
const char import_iozone_arg_letters[] = "JjkVrtsfFdluUSLHPibXYgnyq+";

/* See import_priv.h. */
const char *import_next_word(const char **p, size_t *n)
{
	const char *s = *p;

	while (*s == ' ' || *s == '\t')
		s++;
	const char *w = s;
	while (*s && *s != ' ' && *s != '\t')
		s++;
	*p = s;
	*n = (size_t)(s - w);
	return *n ? w : NULL;
}

void import_scan_cmdline(const char *cmd, uint32_t *tests, unsigned *flags,
			 int *unit)
{
	const char *p = cmd, *tok;
	size_t n;
	int want_i = 0;

	*tests = 0;
	while (p && (tok = import_next_word(&p, &n)) != NULL) {
		if (want_i) {
			want_i = 0;
			char *end;
			unsigned long t = strtoul(tok, &end, 10);
			if (end != tok && t < 32)
				*tests |= 1u << t;
			continue;
		}
		if (tok[0] != '-' || n < 2)
			continue;
		if (tok[1] == '+') {
			char c = n > 2 ? tok[2] : 0;
			if (c == 'n')
				*flags |= RESULTS_F_NORETEST;
			else if (c == 'u')
				*flags |= RESULTS_F_CPU;
			else if (c == 'D')
				*flags |= RESULTS_F_ODSYNC;
			else if (c == 'r')
				*flags |= RESULTS_F_ORSYNC;
			continue;
		}
		for (size_t k = 1; k < n; k++) {
			char c = tok[k];
			switch (c) {
			case 'I': *flags |= RESULTS_F_DIRECT; break;
			case 'e': *flags |= RESULTS_F_FSYNC; break;
			case 'c': *flags |= RESULTS_F_CLOSE; break;
			case 'o': *flags |= RESULTS_F_OSYNC; break;
			case 'O': *unit = RESULTS_UNIT_OPS; break;
			case 'N': *unit = RESULTS_UNIT_USEC; break;
			case 'A': *tests |= 0x3u; break;
			default: break;
			}
			if (c && strchr(import_iozone_arg_letters, c)) {
				if (c == 'i') {
					if (k + 1 < n) {
						char *end;
						unsigned long t = strtoul(tok + k + 1, &end, 10);
						if (end != tok + k + 1 && t < 32)
							*tests |= 1u << t;
					} else {
						want_i = 1;
					}
				}
				break;
			}
		}
	}
}

/* One CSV field as a whole number or a non-negative finite number: 0 or -1. */
int import_parse_u64(const char *s, uint64_t *out)
{
	if (!*s || *s < '0' || *s > '9')
		return -1;
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (*end || errno)
		return -1;
	*out = v;
	return 0;
}

int import_parse_double(const char *s, double *out)
{
	if (!*s)
		return -1;
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (*end || errno || !isfinite(v) || v < 0.0)
		return -1;
	*out = v;
	return 0;
}
