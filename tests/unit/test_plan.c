/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_plan.c: the sweep grid against IOzone 3.508's real grids (SPEC.md
 * section c; fixtures 01, 02 and 15 show them).  Each case is an IOzone
 * command line, parsed by the real option parser, and the expected grid
 * written out by hand as rows: a file size, its records lo..hi by the
 * multiplier, and how many crossover placeholders come first.
 */
#include "compat.h"

#include <stdlib.h>
#include <string.h>

#include "cu.h"
#include "iosweep.h"
#include "options/options.h"
#include "run/sweep/plan.h"

struct row_spec {
	uint64_t file_kb, lo, hi;
	unsigned placeholders;   /* 4, 8, 16, ... kB dummies before lo */
};

struct grid_case {
	const char *argv;
	unsigned mult;
	struct row_spec rows[16];
	uint64_t axis_lo, axis_hi;   /* record axis: lo..hi by mult */
};

static const struct grid_case grids[] = {
	/* fixture 01's shape, smaller: the triangle */
	{ "-a -n 64k -g 256k -i 0 -i 1", 2,
	  { { 64, 4, 64, 0 }, { 128, 4, 128, 0 }, { 256, 4, 256, 0 } }, 4, 16384 },
	/* fixture 15: -a -g 32m, the crossover at 16 MB */
	{ "-a -g 32m -i 0 -i 1", 2,
	  { { 64, 4, 64, 0 }, { 128, 4, 128, 0 }, { 256, 4, 256, 0 },
	    { 512, 4, 512, 0 }, { 1024, 4, 1024, 0 }, { 2048, 4, 2048, 0 },
	    { 4096, 4, 4096, 0 }, { 8192, 4, 8192, 0 }, { 16384, 4, 16384, 0 },
	    { 32768, 64, 16384, 4 } }, 4, 16384 },
	/* -z turns the crossover off */
	{ "-a -z -n 16m -g 32m", 2,
	  { { 16384, 4, 16384, 0 }, { 32768, 4, 16384, 0 } }, 4, 16384 },
	/* -A implies -z */
	{ "-A -n 32m -g 32m", 2, { { 32768, 4, 16384, 0 } }, 4, 16384 },
	/* a single -s with -a: that size, all records up to it */
	{ "-a -s 1m", 2, { { 1024, 4, 1024, 0 } }, 4, 16384 },
	/* ... and no crossover even above 16 MB */
	{ "-a -s 32m", 2, { { 32768, 4, 16384, 0 } }, 4, 16384 },
	/* a single -r with -a: that record for every file */
	{ "-a -r 64k -g 256k", 2,
	  { { 64, 64, 64, 0 }, { 128, 64, 64, 0 }, { 256, 64, 64, 0 } }, 64, 64 },
	/* -y/-q bound the records and disable the crossover */
	{ "-a -y 64k -q 1m -n 512k -g 32m", 2,
	  { { 512, 64, 512, 0 }, { 1024, 64, 1024, 0 }, { 2048, 64, 1024, 0 },
	    { 4096, 64, 1024, 0 }, { 8192, 64, 1024, 0 }, { 16384, 64, 1024, 0 },
	    { 32768, 64, 1024, 0 } }, 64, 1024 },
	/* -+x 4 steps both series by 4 */
	{ "-a -+x 4 -g 1m", 4,
	  { { 64, 4, 64, 0 }, { 256, 4, 256, 0 }, { 1024, 4, 1024, 0 } }, 4, 16384 },
	/* IOzone makes the crossover dummies by halving 64 kB, whatever -+x */
	{ "-a -+x 4 -n 16m -g 64m", 4,
	  { { 16384, 4, 16384, 0 }, { 65536, 64, 16384, 4 } }, 4, 16384 },
	/* plain run: 512 kB by 4 kB; the -R axis is IOzone's default list */
	{ "-i 0", 2, { { 512, 4, 4, 0 } }, 4, 16384 },
	/* one -s, one -r, no -a: one cell */
	{ "-s 16m -r 64k -i 0 -i 1", 2, { { 16384, 64, 64, 0 } }, 64, 64 },
	/* repeated -s and -r: the cross product, file sizes outer */
	{ "-s 1m -s 4m -r 64k -r 256k", 4,
	  { { 1024, 64, 256, 0 }, { 4096, 64, 256, 0 } }, 0, 0 },
};

/* Split "a b c" into argv with "iosweep" first; returns argc. */
static int split_args(const char *line, char *buf, size_t len, char **argv, int max)
{
	int argc = 0;
	snprintf(buf, len, "%s", line);
	argv[argc++] = "iosweep";
	for (char *tok = strtok(buf, " "); tok && argc < max - 1; tok = strtok(NULL, " "))
		argv[argc++] = tok;
	argv[argc] = NULL;
	return argc;
}

static int parse(struct options *o, const char *line)
{
	char buf[256], err[IOSWEEP_ERR_MAX];
	char *argv[32];
	int argc = split_args(line, buf, sizeof(buf), argv, 32);
	int rc = options_parse(o, argc, argv, err, sizeof(err));
	if (rc)
		fprintf(stderr, "parse '%s': %s\n", line, err);
	return rc;
}

static void check_grid(const struct grid_case *g)
{
	struct options o;
	struct sweep_plan p;
	char err[IOSWEEP_ERR_MAX];
	size_t at = 0, runnable = 0;

	CU_ASSERT_EQUAL_FATAL(parse(&o, g->argv), 0);
	CU_ASSERT_EQUAL_FATAL(plan_build(&p, &o, err, sizeof(err)), 0);
	for (size_t r = 0; r < 16 && g->rows[r].file_kb; r++) {
		const struct row_spec *rs = &g->rows[r];
		uint64_t ph = 4;
		for (unsigned k = 0; k < rs->placeholders; k++, ph *= 2, at++) {
			CU_ASSERT_FATAL(at < p.ncells);
			CU_ASSERT_EQUAL(p.cells[at].file_kb, rs->file_kb);
			CU_ASSERT_EQUAL(p.cells[at].record_kb, ph);
			CU_ASSERT_TRUE(p.cells[at].placeholder);
		}
		for (uint64_t rec = rs->lo; rec <= rs->hi; rec *= g->mult, at++) {
			CU_ASSERT_FATAL(at < p.ncells);
			if (p.cells[at].file_kb != rs->file_kb || p.cells[at].record_kb != rec)
				fprintf(stderr, "%s: cell %zu is %llu/%llu, want %llu/%llu\n",
					g->argv, at, (unsigned long long)p.cells[at].file_kb,
					(unsigned long long)p.cells[at].record_kb,
					(unsigned long long)rs->file_kb, (unsigned long long)rec);
			CU_ASSERT_EQUAL(p.cells[at].file_kb, rs->file_kb);
			CU_ASSERT_EQUAL(p.cells[at].record_kb, rec);
			CU_ASSERT_FALSE(p.cells[at].placeholder);
			runnable++;
		}
	}
	CU_ASSERT_EQUAL(p.ncells, at);
	CU_ASSERT_EQUAL(plan_runnable(&p), runnable);
	size_t n = 0;
	if (g->axis_lo)
		for (uint64_t rec = g->axis_lo; rec <= g->axis_hi; rec *= g->mult, n++) {
			CU_ASSERT_FATAL(n < p.nrecord_axis);
			CU_ASSERT_EQUAL(p.record_axis[n], rec);
		}
	if (!g->axis_lo) {  /* the -r list as given */
		CU_ASSERT_EQUAL(p.nrecord_axis, o.nrecords);
		for (; n < o.nrecords && n < p.nrecord_axis; n++)
			CU_ASSERT_EQUAL(p.record_axis[n], o.records_kb[n]);
	}
	CU_ASSERT_EQUAL(p.nrecord_axis, n);
	plan_release(&p);
	options_release(&o);
}

static void test_grids(void)
{
	for (size_t i = 0; i < sizeof(grids) / sizeof(grids[0]); i++)
		check_grid(&grids[i]);
}

/* Sample 15's counts, as SPEC.md states them: 5, 6, ... 13 rows, then 9. */
static void test_sample15_counts(void)
{
	static const struct { uint64_t file_kb; size_t rows; } want[] = {
		{ 64, 5 }, { 128, 6 }, { 256, 7 }, { 512, 8 }, { 1024, 9 },
		{ 2048, 10 }, { 4096, 11 }, { 8192, 12 }, { 16384, 13 }, { 32768, 9 },
	};
	struct options o;
	struct sweep_plan p;
	char err[IOSWEEP_ERR_MAX];

	CU_ASSERT_EQUAL_FATAL(parse(&o, "-a -g 32m -i 0 -i 1"), 0);
	CU_ASSERT_EQUAL_FATAL(plan_build(&p, &o, err, sizeof(err)), 0);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		size_t n = 0;
		for (size_t c = 0; c < p.ncells; c++)
			if (p.cells[c].file_kb == want[i].file_kb && !p.cells[c].placeholder)
				n++;
		CU_ASSERT_EQUAL(n, want[i].rows);
	}
	CU_ASSERT_EQUAL(plan_runnable(&p), 5 + 6 + 7 + 8 + 9 + 10 + 11 + 12 + 13 + 9);
	CU_ASSERT_EQUAL(p.ncells, plan_runnable(&p) + 4);
	plan_release(&p);
	options_release(&o);
}

/* The full default grid: 64 kB .. 512 MB, five sizes above the crossover. */
static void test_default_grid(void)
{
	struct options o;
	struct sweep_plan p;
	char err[IOSWEEP_ERR_MAX];

	CU_ASSERT_EQUAL_FATAL(parse(&o, "-a"), 0);
	CU_ASSERT_EQUAL_FATAL(plan_build(&p, &o, err, sizeof(err)), 0);
	/* 5..13 rows for 64 kB..16 MB, 4 dummies + 9 rows for 32..512 MB */
	CU_ASSERT_EQUAL(plan_runnable(&p), 81 + 5 * 9);
	CU_ASSERT_EQUAL(p.ncells, 81 + 5 * 13);
	CU_ASSERT_EQUAL(p.cells[p.ncells - 1].file_kb, 524288);
	CU_ASSERT_EQUAL(p.cells[p.ncells - 1].record_kb, 16384);
	CU_ASSERT_EQUAL(p.nrecord_axis, 13);
	plan_release(&p);
	options_release(&o);
}

/*
 * IOzone walks a list by "first entry greater than the current one": an
 * unsorted -s list skips the sizes after a larger one, and the grid of
 * "-s 4m -s 1m -s 8m" is 4m then 8m.  Duplicates count once.
 */
static void test_list_walk(void)
{
	struct options o;
	struct sweep_plan p;
	char err[IOSWEEP_ERR_MAX];

	CU_ASSERT_EQUAL_FATAL(parse(&o, "-s 4m -s 1m -s 8m -s 8m -r 1m -r 1m"), 0);
	CU_ASSERT_EQUAL_FATAL(plan_build(&p, &o, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(p.ncells, 2);
	CU_ASSERT_EQUAL(p.cells[0].file_kb, 4096);
	CU_ASSERT_EQUAL(p.cells[1].file_kb, 8192);
	CU_ASSERT_EQUAL(p.cells[0].record_kb, 1024);
	CU_ASSERT_EQUAL(p.nrecord_axis, 1);
	plan_release(&p);
	options_release(&o);
}

static void test_errors(void)
{
	static const char *const bad[] = {
		"-a -y 128k -n 64k -g 1m",   /* record larger than the smallest file */
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct options o;
		struct sweep_plan p;
		char err[IOSWEEP_ERR_MAX] = "";
		CU_ASSERT_EQUAL_FATAL(parse(&o, bad[i]), 0);
		CU_ASSERT_EQUAL(plan_build(&p, &o, err, sizeof(err)), -1);
		CU_ASSERT_PTR_NOT_NULL(strstr(err, "128 kB"));
		CU_ASSERT_EQUAL(p.ncells, 0);
		CU_ASSERT_PTR_NULL(p.cells);
		options_release(&o);
	}
	/* built by hand: what the parser would refuse must still not crash */
	struct options o;
	struct sweep_plan p;
	char err[IOSWEEP_ERR_MAX] = "";
	memset(&o, 0, sizeof(o));
	o.multiplier = 2;
	o.sizes_kb[0] = 64;
	o.nsizes = 1;
	o.records_kb[0] = 128;
	o.nrecords = 1;
	CU_ASSERT_EQUAL(plan_build(&p, &o, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "-r 128 kB"));
	o.auto_mode = 1;
	o.nsizes = 0;
	o.nrecords = 0;
	o.min_file_kb = 8192;
	o.max_file_kb = 1024;
	CU_ASSERT_EQUAL(plan_build(&p, &o, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "empty"));
}

static void test_write(void)
{
	struct options o;
	struct sweep_plan p;
	char err[IOSWEEP_ERR_MAX], *buf = NULL;
	size_t len = 0;

	CU_ASSERT_EQUAL_FATAL(parse(&o, "-a -n 32m -g 32m -y 4k -q 8k"), 0);
	CU_ASSERT_EQUAL_FATAL(plan_build(&p, &o, err, sizeof(err)), 0);
	FILE *f = open_memstream(&buf, &len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	plan_write(f, &p);
	fclose(f);
	CU_ASSERT_STRING_EQUAL(buf, "32768 4\n32768 8\n");
	free(buf);
	plan_release(&p);
	options_release(&o);
}

static const struct cu_case cases[] = {
	CU_CASE(test_grids),
	CU_CASE(test_sample15_counts),
	CU_CASE(test_default_grid),
	CU_CASE(test_list_walk),
	CU_CASE(test_errors),
	CU_CASE(test_write),
	{ 0 }
};

CU_MAIN("plan", cases)
