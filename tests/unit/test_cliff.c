/*
 * test_cliff.c: the cache-cliff finder on synthetic series (flat, noisy,
 * one cliff, two cliffs, single trial, gradual descent) and on real IOzone
 * reports from ../shared/fixtures (cliffs where the page cache runs out,
 * none in an O_DIRECT run, none in IOzone's noisy small-file cells).
 *
 * Synthetic noise comes from a fixed-seed generator, so every run sees the
 * same numbers.  The fixture reader below only fills a result set from a
 * normal IOzone report's rows (import.c is the real parser).
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cliff.h"
#include "cu.h"
#include "testutil.h"
#include "results.h"

#define FIXTURES "../shared/fixtures"

static uint64_t rng_state;

/* Uniform in [-1, 1), from a 64-bit LCG with a fixed seed. */
static double rng_sym(void)
{
	rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
	return (double)(rng_state >> 11) / 4503599627370496.0 - 1.0;
}

/* Add a sample of rate kbps for (file_kb, record_kb, col, trial). */
static void add_rate(struct result_set *rs, uint64_t file_kb, uint64_t record_kb,
		     int col, unsigned trial, double kbps)
{
	tu_add_rate(rs, file_kb, record_kb, col, trial, kbps, 0);
}

/*
 * A synthetic series: file sizes 1 MB .. 2^(npts-1) MB, level kbps[i]
 * multiplied by (1 + noise * u) per trial, u uniform in [-1, 1).
 */
struct synth {
	const char *name;
	size_t npts;
	double kbps[16];
	double noise;
	unsigned trials;
	size_t want;                 /* cliffs expected */
	uint64_t before_kb[2], after_kb[2];
	double ratio_lo[2], ratio_hi[2];
};

static const struct synth synths[] = {
	{ "flat", 10, { 5e5, 5e5, 5e5, 5e5, 5e5, 5e5, 5e5, 5e5, 5e5, 5e5 },
	  0.0, 3, 0, { 0 }, { 0 }, { 0 }, { 0 } },
	{ "flat, 15% noise", 10, { 5e5, 5e5, 5e5, 5e5, 5e5, 5e5, 5e5, 5e5, 5e5, 5e5 },
	  0.15, 3, 0, { 0 }, { 0 }, { 0 }, { 0 } },
	{ "flat, 30% noise, one trial", 10,
	  { 5e5, 5e5, 5e5, 5e5, 5e5, 5e5, 5e5, 5e5, 5e5, 5e5 },
	  0.30, 1, 0, { 0 }, { 0 }, { 0 }, { 0 } },
	{ "gentle slope, no cliff", 10,
	  { 9e5, 8e5, 7e5, 6.2e5, 5.5e5, 5e5, 4.5e5, 4e5, 3.6e5, 3.2e5 },
	  0.03, 3, 0, { 0 }, { 0 }, { 0 }, { 0 } },
	{ "small dip 1.5x", 8, { 35000, 35000, 35000, 35000, 23000, 23000, 23000, 23000 },
	  0.03, 3, 0, { 0 }, { 0 }, { 0 }, { 0 } },
	{ "one cliff, NAS", 10,
	  { 35000, 36000, 34000, 35500, 35000, 34800, 35200, 35000, 4000, 5000 },
	  0.05, 3, 1, { 131072 }, { 262144 }, { 6.5 }, { 9.5 } },
	{ "one cliff, one trial", 10,
	  { 35000, 36000, 34000, 35500, 35000, 34800, 35200, 35000, 4000, 5000 },
	  0.05, 1, 1, { 131072 }, { 262144 }, { 6.5 }, { 9.5 } },
	{ "two cliffs", 11,
	  { 2e6, 2.1e6, 2e6, 1.9e6, 6e5, 6.2e5, 5.8e5, 6e5, 6.1e5, 8e4, 7.5e4 },
	  0.05, 3, 2, { 8192, 262144 }, { 16384, 524288 }, { 3.0, 7.0 }, { 3.6, 8.5 } },
	{ "cliff over two steps", 10,
	  { 1e6, 1e6, 1e6, 1e6, 1e6, 4e5, 1e5, 1e5, 1e5, 1e5 },
	  0.03, 2, 1, { 16384 }, { 65536 }, { 9.0 }, { 11.0 } },
	/* just past the cliff the file is partly cached (64000, 61000); the
	 * level after is where the curve settles, the device's 41000 */
	{ "partly cached tail", 10,
	  { 2e7, 2e7, 2e7, 2e7, 2e7, 2e7, 64000, 61000, 41000, 41000 },
	  0.01, 2, 1, { 32768 }, { 65536 }, { 460.0 }, { 515.0 } },
	{ "last point only, one trial", 8,
	  { 35000, 35000, 35000, 35000, 35000, 35000, 35000, 3000 },
	  0.02, 1, 0, { 0 }, { 0 }, { 0 }, { 0 } },
};

static void run_synth(const struct synth *t, struct cliff_list *l)
{
	struct result_set rs;
	char err[256];
	results_init(&rs);
	rs.trials = t->trials;
	rng_state = 12345;
	for (unsigned tr = 0; tr < t->trials; tr++)
		for (size_t i = 0; i < t->npts; i++)
			add_rate(&rs, 1024ull << i, 64, RC_READ, tr,
				 t->kbps[i] * (1.0 + t->noise * rng_sym()));
	CU_ASSERT_FATAL(cliff_detect(&rs, l, err, sizeof(err)) == 0);
	results_release(&rs);
}

static void test_synthetic(void)
{
	for (size_t k = 0; k < sizeof(synths) / sizeof(synths[0]); k++) {
		const struct synth *t = &synths[k];
		struct cliff_list l;
		run_synth(t, &l);
		if (l.n != t->want)
			fprintf(stderr, "\n  %s: %zu cliffs, want %zu\n", t->name, l.n, t->want);
		CU_ASSERT_EQUAL(l.n, t->want);
		for (size_t i = 0; i < l.n && i < t->want; i++) {
			const struct cliff *c = &l.items[i];
			CU_ASSERT_EQUAL(c->col, RC_READ);
			CU_ASSERT_EQUAL(c->record_kb, 64);
			CU_ASSERT_EQUAL(c->before_kb, t->before_kb[i]);
			CU_ASSERT_EQUAL(c->after_kb, t->after_kb[i]);
			CU_ASSERT(c->ratio >= t->ratio_lo[i] && c->ratio <= t->ratio_hi[i]);
			CU_ASSERT(c->confidence > 0.5 && c->confidence <= 1.0);
			CU_ASSERT(c->estimated_cache_kb > c->before_kb &&
				  c->estimated_cache_kb < c->after_kb);
			CU_ASSERT(c->level_before_kbps > c->level_after_kbps);
		}
		cliff_list_release(&l);
	}
}

/* One step: the estimate is the geometric mean; the sentence says so. */
static void test_estimate_and_sentence(void)
{
	struct cliff_list l;
	run_synth(&synths[5], &l);
	CU_ASSERT_FATAL(l.n == 1 && l.nfindings == 1);
	if (getenv("CLIFF_DEBUG"))
		fprintf(stderr, "\n%s\n", l.findings[0]);
	/* sqrt(128 MB * 256 MB) = 181 MB = 185364 kB */
	CU_ASSERT_EQUAL(l.items[0].estimated_cache_kb, 185364);
	CU_ASSERT_EQUAL(l.items[0].finding, 0);
	CU_ASSERT_STRING_EQUAL(l.findings[0], "read falls 8x between 128 MB and 256 MB: "
			       "cache of about 181 MB (record size 64 kB)");
	cliff_list_release(&l);

	/* a descent over two steps: where the curve crosses the mid level */
	run_synth(&synths[8], &l);
	CU_ASSERT_FATAL(l.n == 1);
	/* 1e6 -> 4e5 -> 1e5: mid level sqrt(1e6 * 1e5) = 316228 lies in the
	 * second step, ln(4e5/316228)/ln(4) = 0.17 of the way from 32 MB */
	CU_ASSERT(l.items[0].estimated_cache_kb > 35000 &&
		  l.items[0].estimated_cache_kb < 38000);
	cliff_list_release(&l);
}

/* Several tests and record sizes falling together make one finding. */
static void test_grouping(void)
{
	static const struct {
		int col;
		uint64_t record_kb;
		double before, after;
		uint64_t drop_at_mb;     /* first size on the low plateau */
	} rows[] = {
		{ RC_READ, 64, 35000, 5000, 256 },
		{ RC_REREAD, 64, 36000, 4000, 256 },
		{ RC_STRIDE_READ, 256, 30000, 5000, 256 },
		{ RC_RANDOM_READ, 64, 33000, 4200, 256 },
		{ RC_WRITE, 64, 90000, 90000, 0 },        /* no cliff */
		{ RC_READ, 4, 8e6, 1.5e6, 4 },            /* another finding */
	};
	struct result_set rs;
	struct cliff_list l;
	char err[256];
	results_init(&rs);
	rs.trials = 2;
	rng_state = 99;
	for (size_t r = 0; r < sizeof(rows) / sizeof(rows[0]); r++)
		for (unsigned tr = 0; tr < 2; tr++)
			for (uint64_t mb = 1; mb <= 1024; mb *= 2) {
				double v = rows[r].drop_at_mb && mb >= rows[r].drop_at_mb ?
					   rows[r].after : rows[r].before;
				add_rate(&rs, mb * 1024, rows[r].record_kb, rows[r].col, tr,
					 v * (1.0 + 0.04 * rng_sym()));
			}
	CU_ASSERT_FATAL(cliff_detect(&rs, &l, err, sizeof(err)) == 0);
	CU_ASSERT_EQUAL(l.n, 5);
	CU_ASSERT_EQUAL_FATAL(l.nfindings, 2);
	/* ordered by cache size: the 1-2 MB one first */
	CU_ASSERT_STRING_EQUAL(l.findings[0], "read falls 5x between 2 MB and 4 MB: "
			       "cache of about 3 MB (record size 4 kB)");
	CU_ASSERT_STRING_EQUAL(l.findings[1], "read, reread, random read and stride read "
			       "all fall 6-9x between 128 MB and 256 MB: cache of about "
			       "181 MB (record sizes 64 kB to 256 kB)");
	for (size_t i = 0; i < l.n; i++)
		CU_ASSERT_EQUAL(l.items[i].finding, l.items[i].record_kb == 4 ? 0 : 1);
	cliff_list_release(&l);
	results_release(&rs);
}

/* ---- real IOzone reports ---- */

/* Rows "file_kb record_kb v1 v2 ..." of a normal report, columns in order. */
static int load_report(struct result_set *rs, const char *path, unsigned trial)
{
	FILE *fp = fopen(path, "r");
	if (!fp)
		return -1;
	char line[1024];
	while (fgets(line, sizeof(line), fp)) {
		unsigned long long f, r;
		int used;
		if (sscanf(line, " %llu %llu%n", &f, &r, &used) != 2)
			continue;
		char *s = line + used, *end;
		for (int col = 0; col < RC_COUNT; col++) {
			double v = strtod(s, &end);
			if (end == s)
				break;
			s = end;
			add_rate(rs, f, r, col, trial, v);
		}
	}
	fclose(fp);
	return 0;
}

static int has_cliff(const struct cliff_list *l, int col, uint64_t record_kb,
		     uint64_t before_kb, uint64_t after_kb)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->items[i].col == col && l->items[i].record_kb == record_kb &&
		    l->items[i].before_kb == before_kb && l->items[i].after_kb == after_kb)
			return 1;
	return 0;
}

static const struct {
	const char *file;
	int cliffs;            /* 1: the page-cache cliff at 256-512 MB */
} reports[] = {
	{ FIXTURES "/real-iozone/rovanion-ext4_1.iozone", 1 },
	{ FIXTURES "/real-iozone/rovanion-xfs1.iozone", 1 },
	{ FIXTURES "/real-iozone/ilkermanap-srptarget.xfs.iozone-01.txt", 0 },
	{ FIXTURES "/real-iozone/psteinb-iozone.out", 0 },
	{ FIXTURES "/iozone/01_a_n64k_g8m_i0_i1.txt", 0 },
	{ FIXTURES "/iozone/02_a_n64k_g4m_alltests.txt", 0 },
};

static void test_reports(void)
{
	for (size_t k = 0; k < sizeof(reports) / sizeof(reports[0]); k++) {
		struct result_set rs;
		struct cliff_list l;
		char err[256];
		results_init(&rs);
		CU_ASSERT_FATAL(load_report(&rs, reports[k].file, 0) == 0);
		CU_ASSERT_FATAL(rs.nsamples > 0);
		CU_ASSERT_FATAL(cliff_detect(&rs, &l, err, sizeof(err)) == 0);
		if (getenv("CLIFF_DEBUG")) {
			fprintf(stderr, "\n%s:", reports[k].file);
			cliff_write_text(stderr, &l);
		}
		if (!reports[k].cliffs) {
			if (l.n)
				cliff_write_text(stderr, &l);
			CU_ASSERT_EQUAL(l.n, 0);
		} else {
			/* read and reread fall 14x (ext4) at 64 kB records */
			CU_ASSERT(has_cliff(&l, RC_READ, 64, 262144, 524288));
			CU_ASSERT(has_cliff(&l, RC_RANDOM_READ, 64, 262144, 524288));
			CU_ASSERT(has_cliff(&l, RC_READ, 1024, 262144, 524288));
			/* every cliff is the page-cache one, in one finding */
			CU_ASSERT_EQUAL(l.nfindings, 1);
			for (size_t i = 0; i < l.n; i++) {
				const struct cliff *c = &l.items[i];
				CU_ASSERT(c->before_kb == 262144 && c->after_kb == 524288);
				CU_ASSERT(c->col != RC_WRITE && c->col != RC_REWRITE);
				CU_ASSERT(c->ratio >= 2.5);
				CU_ASSERT_EQUAL(c->estimated_cache_kb, 370728);
			}
			CU_ASSERT(l.n >= 40);
		}
		cliff_list_release(&l);
		results_release(&rs);
	}
}

/* Two trials of the same report: cliffs found with trial spread. */
static void test_two_trials(void)
{
	struct result_set rs;
	struct cliff_list l;
	char err[256];
	results_init(&rs);
	rs.trials = 2;
	CU_ASSERT_FATAL(load_report(&rs, reports[0].file, 0) == 0);
	CU_ASSERT_FATAL(load_report(&rs, reports[1].file, 1) == 0);
	CU_ASSERT_FATAL(cliff_detect(&rs, &l, err, sizeof(err)) == 0);
	CU_ASSERT(has_cliff(&l, RC_READ, 64, 262144, 524288));
	CU_ASSERT(has_cliff(&l, RC_REREAD, 64, 262144, 524288));
	CU_ASSERT_EQUAL(l.nfindings, 1);
	cliff_list_release(&l);
	results_release(&rs);
}

static void test_empty(void)
{
	struct result_set rs;
	struct cliff_list l;
	char err[256];
	results_init(&rs);
	CU_ASSERT(cliff_detect(&rs, &l, err, sizeof(err)) == 0);
	CU_ASSERT_EQUAL(l.n, 0);
	CU_ASSERT_EQUAL(l.nfindings, 0);
	cliff_list_release(&l);
	results_release(&rs);
}

static void test_refine_sizes(void)
{
	static const struct {
		uint64_t record_kb, before_kb, after_kb;
		int rc;
		size_t n;
		uint64_t sizes[3];
	} cases[] = {
		/* 128 MB .. 256 MB: quartiles on a log axis */
		{ 64, 131072, 262144, 0, 3, { 155840, 185344, 220416 } },
		/* already within 5 % */
		{ 64, 131072, 143360, 0, 0, { 0 } },
		/* 5 % needs one more point */
		{ 4, 100000, 115000, 0, 1, { 107240 } },
		/* record size bigger than the gap: nothing fits */
		{ 65536, 131072, 196608, 0, 0, { 0 } },
		{ 64, 262144, 131072, -1, 0, { 0 } },
	};
	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		struct cliff c;
		uint64_t sizes[8];
		size_t n = 99;
		memset(&c, 0, sizeof(c));
		c.record_kb = cases[k].record_kb;
		c.before_kb = cases[k].before_kb;
		c.after_kb = cases[k].after_kb;
		CU_ASSERT_EQUAL(cliff_refine_sizes(&c, sizes, 8, &n), cases[k].rc);
		CU_ASSERT_EQUAL(n, cases[k].n);
		for (size_t i = 0; i < n && i < cases[k].n; i++) {
			CU_ASSERT_EQUAL(sizes[i], cases[k].sizes[i]);
			CU_ASSERT_EQUAL(sizes[i] % c.record_kb, 0);
		}
	}
	struct cliff c;
	memset(&c, 0, sizeof(c));
	c.record_kb = 64;
	c.before_kb = 131072;
	c.after_kb = 262144;
	uint64_t one[1];
	size_t n = 0;
	CU_ASSERT_EQUAL(cliff_refine_sizes(&c, one, 1, &n), 0);
	CU_ASSERT_EQUAL(n, 1);
	CU_ASSERT_EQUAL(one[0], 185344);
	n = 99;
	CU_ASSERT_EQUAL(cliff_refine_sizes(&c, one, 0, &n), 0);
	CU_ASSERT_EQUAL(n, 0);
	CU_ASSERT(!cliff_precise(&c));
	c.after_kb = 143360;
	CU_ASSERT(cliff_precise(&c));
}

static void test_csv(void)
{
	struct cliff_list l;
	struct result_set rs;
	char err[256], path[] = "/tmp/test_cliff.XXXXXX";
	int fd = mkstemp(path);
	CU_ASSERT_FATAL(fd >= 0);
	close(fd);
	results_init(&rs);
	CU_ASSERT_FATAL(results_set_str(&rs.meta.label, "NAS, \"Thecus\"") == 0);
	run_synth(&synths[5], &l);
	CU_ASSERT_EQUAL(cliff_write_csv(&rs, &l, path, 0, err, sizeof(err)), -1);
	CU_ASSERT_EQUAL_FATAL(cliff_write_csv(&rs, &l, path, 1, err, sizeof(err)), 0);
	FILE *fp = fopen(path, "r");
	CU_ASSERT_FATAL(fp != NULL);
	char line[512];
	CU_ASSERT(fgets(line, sizeof(line), fp) != NULL);
	CU_ASSERT_STRING_EQUAL(line, "label,test,record_kb,before_kb,after_kb,"
			       "level_before_kb_per_s,level_after_kb_per_s,ratio,"
			       "confidence,estimated_cache_kb,finding\n");
	CU_ASSERT(fgets(line, sizeof(line), fp) != NULL);
	CU_ASSERT(strncmp(line, "\"NAS, \"\"Thecus\"\"\",\"read\",64,131072,262144,", 42) == 0);
	CU_ASSERT(strstr(line, ",185364,1\n") != NULL);
	CU_ASSERT(fgets(line, sizeof(line), fp) == NULL);
	fclose(fp);
	unlink(path);
	cliff_list_release(&l);
	results_release(&rs);
}

static const struct cu_case cases[] = {
	CU_CASE(test_synthetic),
	CU_CASE(test_estimate_and_sentence),
	CU_CASE(test_grouping),
	CU_CASE(test_reports),
	CU_CASE(test_two_trials),
	CU_CASE(test_empty),
	CU_CASE(test_refine_sizes),
	CU_CASE(test_csv),
	{ 0 }
};

CU_MAIN("cliff", cases)
