/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * testutil.h: helpers several unit tests share (header-only, like cu.h):
 * parse a command line written as one string, read a whole file, write one, add an
 * imported-style (rate-only) sample to a result set, compare the
 * figures of two sets, and count a directory's entries.
 */
#ifndef IOSWEEP_TESTUTIL_H
#define IOSWEEP_TESTUTIL_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/Basic.h>

#include "iosweep.h"
#include "options/options.h"
#include "platform/platform.h"
#include "model/results.h"

/*
 * argv of word + line split on spaces, in buf (buflen bytes) and argv
 * (room for 32 pointers, NULL-terminated): argc.
 */
static inline int tu_argv(const char *word, const char *line, char *buf, size_t buflen,
			  char **argv)
{
	int argc = 0;

	snprintf(buf, buflen, "%s", line);
	argv[argc++] = (char *)word;
	for (char *t = strtok(buf, " "); t && argc < 31; t = strtok(NULL, " "))
		argv[argc++] = t;
	argv[argc] = NULL;
	return argc;
}

/* options_parse of "iosweep " + line split on spaces; says why on failure. */
static inline int tu_parse(struct options *o, const char *line)
{
	char buf[256], err[IOSWEEP_ERR_MAX];
	char *argv[32];
	int argc = 0;
	snprintf(buf, sizeof(buf), "%s", line);
	argv[argc++] = "iosweep";
	for (char *t = strtok(buf, " "); t && argc < 31; t = strtok(NULL, " "))
		argv[argc++] = t;
	argv[argc] = NULL;
	int rc = options_parse(o, argc, argv, err, sizeof(err));
	if (rc)
		fprintf(stderr, "parse '%s': %s\n", line, err);
	return rc;
}

/* The whole file, NUL-terminated (caller frees); its length in *len. */
static inline char *tu_slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	if (len)
		*len = 0;
	if (!fp)
		return NULL;
	fseek(fp, 0, SEEK_END);
	long n = ftell(fp);
	fseek(fp, 0, SEEK_SET);
	char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
	if (buf && fread(buf, 1, (size_t)n, fp) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(fp);
	if (buf) {
		buf[n] = '\0';
		if (len)
			*len = (size_t)n;
	}
	return buf;
}

/* The shared fixtures folder: $IOSWEEP_FIXTURES, else ../shared/fixtures. */
static inline const char *tu_fixtures(void)
{
	const char *e = getenv("IOSWEEP_FIXTURES");
	return e && *e ? e : "../shared/fixtures";
}

/*
 * dir/name in a temporary folder /tmp/iosweep-test-<tag>.XXXXXX made on
 * first use; dir is the caller's buffer for the folder's name (empty at
 * first, at least 256 bytes).  The returned path lives until the next call.
 */
static inline const char *tu_tmp_path(char *dir, const char *tag, const char *name)
{
	static char buf[512];
	if (!dir[0]) {
		snprintf(dir, 256, "/tmp/iosweep-test-%s.XXXXXX", tag);
		if (!mkdtemp(dir))
			dir[0] = '\0';
	}
	snprintf(buf, sizeof(buf), "%s/%s", dir, name);
	return buf;
}

/* Remove the folder of tu_tmp_path (when made). */
static inline void tu_tmp_cleanup(const char *dir)
{
	if (dir[0]) {
		char cmd[600];
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
		CU_ASSERT_EQUAL(system(cmd), 0);
	}
}

/* The entries of dir other than "." and ".." (-1 when it cannot be read). */
static inline int tu_entries(const char *dir)
{
	struct plat_dir *d = plat_dir_open(dir);
	const char *name;
	int n = 0;

	if (!d)
		return -1;
	while (plat_dir_read(d, &name) > 0)
		if (strcmp(name, ".") != 0 && strcmp(name, "..") != 0)
			n++;
	plat_dir_close(d);
	return n;
}

/* Write len bytes of buf into a new file at path. */
static inline void tu_spill(const char *path, const char *buf, size_t len)
{
	FILE *fp = fopen(path, "wb");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	CU_ASSERT_EQUAL(fwrite(buf, 1, len, fp), len);
	fclose(fp);
}

/* A rate-only sample of kbps for (file_kb, rec_kb, col, trial). */
static inline void tu_add_rate(struct result_set *rs, uint64_t file_kb, uint64_t rec_kb,
			       int col, unsigned trial, double kbps, unsigned flags)
{
	long c = results_find_cell(rs, file_kb, rec_kb);
	if (c < 0)
		c = results_add_cell(rs, file_kb, rec_kb, 0);
	CU_ASSERT_FATAL(c >= 0);
	struct result_sample s;
	memset(&s, 0, sizeof(s));
	s.cell = (uint32_t)c;
	s.col = (uint16_t)col;
	s.trial = (uint16_t)trial;
	s.rate_kbps = kbps;
	s.flags = RESULTS_SF_RATE_ONLY | flags;
	CU_ASSERT_FATAL(results_add_sample(rs, &s) == 0);
}

/* The one figure of (cell, col) in unit; NAN if none. */
static inline double tu_figure_in(const struct result_set *rs, uint64_t file_kb,
				   uint64_t rec_kb, int col, int unit)
{
	double v[4];
	long cell = results_find_cell(rs, file_kb, rec_kb);
	if (cell < 0)
		return NAN;
	size_t n = results_values(rs, (size_t)cell, col, unit, v, 4);
	return n == 1 ? v[0] : NAN;
}

/* Every (cell, col) figure of a equals b's. */
static inline void tu_assert_same_figures(const struct result_set *a,
					  const struct result_set *b, double rel_tol)
{
	CU_ASSERT_EQUAL(a->nsamples, b->nsamples);
	CU_ASSERT_EQUAL(a->cols_mask, b->cols_mask);
	for (size_t i = 0; i < a->nsamples; i++) {
		const struct result_sample *s = &a->samples[i];
		const struct result_cell *c = &a->cells[s->cell];
		double va = results_sample_value(a, s, RESULTS_UNIT_KBPS);
		double vb = tu_figure_in(b, c->file_kb, c->record_kb, s->col, RESULTS_UNIT_KBPS);
		if (!(fabs(va - vb) <= rel_tol * va)) {
			fprintf(stderr, "%llu/%llu %s: %.3f vs %.3f\n", (unsigned long long)c->file_kb,
				(unsigned long long)c->record_kb, results_col_name(s->col), va, vb);
			CU_FAIL("figures differ");
			return;
		}
	}
}

#endif
