/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_import.c: the importers against real IOzone outputs.
 *
 * Spot checks: for each fixture (public results of IOzone 3.327, 3.434,
 * 3.465, a bare -R section, and the 3.508 reference outputs) whole rows
 * are compared with the figures printed in the file, copied here by hand
 * from the file.  The -R section of a run must give the same cells as its
 * normal report, the .xls the figures of its decoded record listing.
 * Errors (truncated, not a report, a missing value, mixed units) must name
 * the file and the line.  Fixtures live in ../shared/fixtures (override
 * with IOSWEEP_FIXTURES).
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cu.h"
#include "testutil.h"
#include "report/csvout.h"
#include "import/import.h"
#include "iosweep.h"
#include "lib/outfile.h"
#include "report/report.h"
#include "model/results.h"

static char tmpdir[256];

static const char *fixtures(void)
{
	return tu_fixtures();
}

static void fixture(char *out, size_t n, const char *rel)
{
	snprintf(out, n, "%s/%s", fixtures(), rel);
}

static const char *tmp_path(const char *name)
{
	return tu_tmp_path(tmpdir, "import", name);
}

static int load(struct result_set *rs, const char *rel, char *err)
{
	char path[512];
	fixture(path, sizeof(path), rel);
	results_init(rs);
	int rc = import_load(rs, path, 0, err, IOSWEEP_ERR_MAX);
	if (rc)
		fprintf(stderr, "import %s: %s\n", rel, err);
	return rc;
}

/* ... in the unit the file printed. */
static double figure(const struct result_set *rs, uint64_t file_kb, uint64_t rec_kb, int col)
{
	return tu_figure_in(rs, file_kb, rec_kb, col, rs->meta.source_unit);
}

#define ALL13 { RC_WRITE, RC_REWRITE, RC_READ, RC_REREAD, RC_RANDOM_READ, \
		RC_RANDOM_WRITE, RC_BKWD_READ, RC_RECORD_REWRITE, RC_STRIDE_READ, \
		RC_FWRITE, RC_FREWRITE, RC_FREAD, RC_FREREAD }
#define RW4 { RC_WRITE, RC_REWRITE, RC_READ, RC_REREAD }

struct spot {
	const char *file;
	uint64_t file_kb, rec_kb;
	int ncols;
	int cols[RC_COUNT];
	double vals[RC_COUNT];
};

/* Rows copied from the files by hand. */
static const struct spot spots[] = {
	{ "real-iozone/rovanion-ext4_1.iozone", 4, 4, 13, ALL13,
	  { 200191, 267128, 401314, 806376, 65585, 247430, 40445, 306121, 50563, 221318,
	    306121, 66627, 67977 } },
	{ "real-iozone/rovanion-ext4_1.iozone", 524288, 64, 13, ALL13,
	  { 1523658, 1871246, 79088, 194213, 22498, 1666315, 54015, 2531253, 48181,
	    1435099, 1639578, 73717, 118447 } },
	{ "real-iozone/rovanion-ext4_1.iozone", 4194304, 16384, 13, ALL13,
	  { 1439589, 1750669, 94550, 101607, 98285, 1791479, 92266, 2278735, 98656,
	    1222874, 1442816, 95200, 102409 } },
	{ "real-iozone/rovanion-xfs1.iozone", 524288, 64, 13, ALL13,
	  { 1561366, 1682778, 183690, 181496, 22236, 1760862, 55458, 3327352, 47681,
	    1501681, 1835292, 148236, 147332 } },
	{ "real-iozone/ilkermanap-srptarget.xfs.iozone-01.txt", 64, 4, 13, ALL13,
	  { 20433, 24205, 16732, 18017, 17982, 24643, 9717, 24428, 10897, 842003,
	    1255511, 1933893, 2772930 } },
	{ "real-iozone/psteinb-iozone.out", 2097152, 4096, 13, ALL13,
	  { 4339063, 6326118, 6555321, 6716513, 6629950, 7111713, 6512349, 5660099,
	    5905991, 4184304, 4137072, 6555854, 6736193 } },
	{ "real-iozone/toby1984-excel-report-iozone.txt", 64, 64, 1, { RC_WRITE }, { 752329 } },
	{ "real-iozone/toby1984-excel-report-iozone.txt", 4096, 4096, 1, { RC_WRITE }, { 1110039 } },
	{ "real-iozone/toby1984-excel-report-iozone.txt", 4096, 64, 2, { RC_READ, RC_REREAD },
	  { 12264277, 11704457 } },
	{ "iozone/01_a_n64k_g8m_i0_i1.txt", 64, 4, 4, RW4, { 889431, 1879725, 2801873, 2561267 } },
	{ "iozone/01_a_n64k_g8m_i0_i1.txt", 512, 4, 4, RW4, { 1458090, 2225819, 15737, 2383958 } },
	{ "iozone/02_a_n64k_g4m_alltests.txt", 2048, 256, 13, ALL13,
	  { 6321679, 10452512, 24416701, 33062918, 30590314, 17360217, 23041317, 32936146,
	    6759439, 8678404, 13038646, 19893055, 33062918 } },
	{ "iozone/06_a_n64k_g4m_i0_i1_c_e.txt", 4096, 16, 4, RW4, { 248904, 567239, 858143, 2420789 } },
	{ "iozone/07_s16m_r64k_i0_i1_I.txt", 16384, 64, 4, RW4, { 75206, 276550, 175198, 247350 } },
	{ "iozone/08_a_n64k_g4m_i0_i1_O.txt", 64, 4, 4, RW4, { 163359, 302556, 501539, 693232 } },
	{ "iozone/08_a_n64k_g4m_i0_i1_O.txt", 128, 4, 4, RW4, { 207829, 367915, 363925, 19703 } },
	{ "iozone/15_a_g32m_i0_i1_default_grid.txt", 32768, 16384, 4, RW4,
	  { 3796152, 5067844, 13246099, 10875222 } },
	{ "iozone/16_s4m_r64k_all_extended.txt", 4096, 64, 13, ALL13,
	  { 4767146, 7683972, 4796426, 10691939, 4928521, 9100443, 4988629, 8244467,
	    10263956, 5851841, 9100443, 12880338, 12880338 } },
	{ "iozone/19_a_n64k_g1m_i0_i1_plus_u_R.txt", 64, 4, 4, RW4, { 181276, 653436, 304761, 331481 } },
	{ "iozone/21_s1m_r4k_i0_N_usec_per_op.txt", 1024, 4, 4, RW4, { 6, 2, 9, 5 } },
	{ "iozone/22_s8m_r64k_i0_i1_E_pread.txt", 8192, 64, 6,
	  { RC_WRITE, RC_REWRITE, RC_PWRITE, RC_REPWRITE, RC_PREAD, RC_REPREAD },
	  { 5211701, 10908526, 8208631, 9002223, 5657967, 12504427 } },
	{ "iozone/24_s4m_r64k_i0_i1_plus_n_noretest.txt", 4096, 64, 2, { RC_WRITE, RC_READ },
	  { 4819300, 4235870 } },
};

static void test_spot_checks(void)
{
	char err[IOSWEEP_ERR_MAX];
	for (size_t i = 0; i < sizeof(spots) / sizeof(spots[0]); i++) {
		const struct spot *s = &spots[i];
		struct result_set rs;
		CU_ASSERT_EQUAL_FATAL(load(&rs, s->file, err), 0);
		for (int k = 0; k < s->ncols; k++) {
			double got = figure(&rs, s->file_kb, s->rec_kb, s->cols[k]);
			double want = s->vals[k];
			if (!(fabs(got - want) <= 1e-9 * want)) {
				fprintf(stderr, "%s %llu/%llu %s: got %.6f want %.0f\n", s->file,
					(unsigned long long)s->file_kb, (unsigned long long)s->rec_kb,
					results_col_name(s->cols[k]), got, want);
				CU_FAIL("figure differs from the file");
			}
		}
		results_release(&rs);
	}
}

struct shape {
	const char *file;
	const char *version;
	size_t ncells;
	uint32_t cols_mask;
	unsigned flags;
	int unit;
};

static const struct shape shapes[] = {
	{ "real-iozone/rovanion-ext4_1.iozone", "3.327", 163, 0x1fff, RESULTS_F_IMPORTED, RESULTS_UNIT_KBPS },
	{ "real-iozone/ilkermanap-srptarget.xfs.iozone-01.txt", "3.465", 126, 0x1fff,
	  RESULTS_F_IMPORTED | RESULTS_F_DIRECT, RESULTS_UNIT_KBPS },
	{ "real-iozone/psteinb-iozone.out", "3.434", 8, 0x1fff, RESULTS_F_IMPORTED, RESULTS_UNIT_KBPS },
	{ "real-iozone/toby1984-excel-report-iozone.txt", NULL, 56, 0x1fff, RESULTS_F_IMPORTED,
	  RESULTS_UNIT_KBPS },
	{ "iozone/01_a_n64k_g8m_i0_i1.txt", "3.508", 68, 0xf, RESULTS_F_IMPORTED, RESULTS_UNIT_KBPS },
	{ "iozone/06_a_n64k_g4m_i0_i1_c_e.txt", "3.508", 56, 0xf,
	  RESULTS_F_IMPORTED | RESULTS_F_FSYNC | RESULTS_F_CLOSE, RESULTS_UNIT_KBPS },
	{ "iozone/08_a_n64k_g4m_i0_i1_O.txt", "3.508", 56, 0xf, RESULTS_F_IMPORTED, RESULTS_UNIT_OPS },
	{ "iozone/19_a_n64k_g1m_i0_i1_plus_u_R.txt", "3.508", 35, 0xf,
	  RESULTS_F_IMPORTED | RESULTS_F_CPU, RESULTS_UNIT_KBPS },
	{ "iozone/21_s1m_r4k_i0_N_usec_per_op.txt", "3.508", 1, 0xf, RESULTS_F_IMPORTED,
	  RESULTS_UNIT_USEC },
	{ "iozone/22_s8m_r64k_i0_i1_E_pread.txt", "3.508", 1,
	  (1u << RC_WRITE) | (1u << RC_REWRITE) | (1u << RC_PWRITE) | (1u << RC_REPWRITE) |
	  (1u << RC_PREAD) | (1u << RC_REPREAD), RESULTS_F_IMPORTED, RESULTS_UNIT_KBPS },
	{ "iozone/24_s4m_r64k_i0_i1_plus_n_noretest.txt", "3.508", 1,
	  (1u << RC_WRITE) | (1u << RC_READ), RESULTS_F_IMPORTED | RESULTS_F_NORETEST,
	  RESULTS_UNIT_KBPS },
};

static void test_shapes_and_meta(void)
{
	char err[IOSWEEP_ERR_MAX];
	for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
		const struct shape *s = &shapes[i];
		struct result_set rs;
		CU_ASSERT_EQUAL_FATAL(load(&rs, s->file, err), 0);
		CU_ASSERT_EQUAL(rs.ncells, s->ncells);
		CU_ASSERT_EQUAL(rs.cols_mask, s->cols_mask);
		CU_ASSERT_EQUAL(rs.meta.flags, s->flags);
		CU_ASSERT_EQUAL(rs.meta.source_unit, s->unit);
		CU_ASSERT_STRING_EQUAL(rs.meta.tool, "iozone");
		if (s->version) {
			CU_ASSERT_PTR_NOT_NULL_FATAL(rs.meta.version);
			CU_ASSERT_STRING_EQUAL(rs.meta.version, s->version);
			CU_ASSERT_PTR_NOT_NULL(rs.meta.command_line);
		}
		/* every sample is a rate-only trial 0 */
		for (size_t k = 0; k < rs.nsamples; k++) {
			CU_ASSERT_EQUAL(rs.samples[k].trial, 0);
			CU_ASSERT(rs.samples[k].flags & RESULTS_SF_RATE_ONLY);
		}
		results_release(&rs);
	}
}

static void test_header_facts(void)
{
	char err[IOSWEEP_ERR_MAX];
	struct result_set rs;
	CU_ASSERT_EQUAL_FATAL(load(&rs, "real-iozone/rovanion-ext4_1.iozone", err), 0);
	CU_ASSERT_STRING_EQUAL(rs.meta.start_time, "2010-11-21T03:38:06");
	CU_ASSERT_STRING_EQUAL(rs.meta.label, "rovanion-ext4_1");
	CU_ASSERT(strstr(rs.meta.command_line, "-U /RHTSspareLUN1 -a -f /RHTSspareLUN1/ext4 -n 4k -g 4096m") != NULL);
	CU_ASSERT_DOUBLE_EQUAL(rs.meta.timer_resolution_s, 1e-6, 1e-12);
	CU_ASSERT_EQUAL(rs.trials, 1);
	/* cells in report order: the first rows of the file */
	CU_ASSERT_EQUAL(rs.cells[0].file_kb, 4);
	CU_ASSERT_EQUAL(rs.cells[1].file_kb, 8);
	CU_ASSERT_EQUAL(rs.cells[1].record_kb, 4);
	CU_ASSERT_EQUAL(rs.cells[2].record_kb, 8);
	results_release(&rs);

	/* -O: stored as kB/s = ops x record kB */
	CU_ASSERT_EQUAL_FATAL(load(&rs, "iozone/08_a_n64k_g4m_i0_i1_O.txt", err), 0);
	long c = results_find_cell(&rs, 64, 4);
	CU_ASSERT_FATAL(c >= 0);
	double v;
	CU_ASSERT_EQUAL(results_values(&rs, (size_t)c, RC_WRITE, RESULTS_UNIT_KBPS, &v, 1), 1);
	CU_ASSERT_DOUBLE_EQUAL(v, 163359.0 * 4, 1e-6);
	results_release(&rs);

	/* -N: kB/s = record kB x 1e6 / usec */
	CU_ASSERT_EQUAL_FATAL(load(&rs, "iozone/21_s1m_r4k_i0_N_usec_per_op.txt", err), 0);
	CU_ASSERT_EQUAL(results_values(&rs, 0, RC_READ, RESULTS_UNIT_KBPS, &v, 1), 1);
	CU_ASSERT_DOUBLE_EQUAL(v, 4.0 * 1e6 / 9.0, 1e-6);
	results_release(&rs);
}

/* The -R section of a run, cut out and imported alone, equals its report. */
static void test_excel_section_equals_report(void)
{
	static const char *const files[] = {
		"iozone/03_a_n64k_g4m_R_b.txt", "iozone/13_a_n64k_g4m_i0_i1_R_noB.txt",
		"iozone/19_a_n64k_g1m_i0_i1_plus_u_R.txt",
	};
	char err[IOSWEEP_ERR_MAX], path[512];
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		struct result_set whole, section;
		size_t len;
		fixture(path, sizeof(path), files[i]);
		char *buf = tu_slurp(path, &len);
		CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
		char *r = strstr(buf, "Excel output is below:");
		CU_ASSERT_PTR_NOT_NULL_FATAL(r);
		const char *cut = tmp_path("section.txt");
		tu_spill(cut, r, len - (size_t)(r - buf));
		free(buf);
		CU_ASSERT_EQUAL_FATAL(load(&whole, files[i], err), 0);
		results_init(&section);
		CU_ASSERT_EQUAL_FATAL(import_load(&section, cut, 0, err, sizeof(err)), 0);
		tu_assert_same_figures(&whole, &section, 0.0);
		tu_assert_same_figures(&section, &whole, 0.0);
		CU_ASSERT_EQUAL(section.nrecord_axis, 13);
		CU_ASSERT_EQUAL(whole.nrecord_axis, 13);
		results_release(&whole);
		results_release(&section);
	}
}

/*
 * The .xls against its decoded listing (.records.txt): a second reading of
 * the same sheet, by section title, header row and data rows.  The listing
 * prints %g (6 significant digits), hence the tolerance.
 */
static void test_xls_equals_record_listing(void)
{
	static const struct {
		const char *title;
		int col;
	} titles[] = {
		{ "Writer Report", RC_WRITE }, { "Re-writer Report", RC_REWRITE },
		{ "Reader Report", RC_READ }, { "Re-reader Report", RC_REREAD },
		{ "Random Read Report", RC_RANDOM_READ }, { "Random Write Report", RC_RANDOM_WRITE },
		{ "Backward Read Report", RC_BKWD_READ }, { "Record Rewrite Report", RC_RECORD_REWRITE },
		{ "Stride Read Report", RC_STRIDE_READ }, { "Fwrite Report", RC_FWRITE },
		{ "Re-fwrite Report", RC_FREWRITE }, { "Fread Report", RC_FREAD },
		{ "Re-fread Report", RC_FREREAD },
	};
	char err[IOSWEEP_ERR_MAX], path[512], line[512];
	struct result_set rs;
	CU_ASSERT_EQUAL_FATAL(load(&rs, "iozone/03_a_n64k_g4m_R_b.out.xls", err), 0);
	CU_ASSERT_STRING_EQUAL(rs.meta.command_line, "iozone -a -n 64k -g 4m -R -b /tmp/ioz/out.xls -f /tmp/ioz/t");
	fixture(path, sizeof(path), "iozone/03_a_n64k_g4m_R_b.out.xls.records.txt");
	FILE *fp = fopen(path, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	int col = -1;
	unsigned title_row = 0, cur_row = 0;
	double rec[32] = { 0 }, file_kb = 0;
	size_t checked = 0;
	while (fgets(line, sizeof(line), fp)) {
		unsigned r, c;
		double v;
		const char *p;
		if ((p = strstr(line, "LABEL r=")) && sscanf(p, "LABEL r=%u c=%u", &r, &c) == 2) {
			for (size_t i = 0; i < sizeof(titles) / sizeof(titles[0]); i++) {
				char q[64];
				snprintf(q, sizeof(q), "'%s'", titles[i].title);
				if (strstr(line, q)) {
					col = titles[i].col;
					title_row = r;
				}
			}
		} else if ((p = strstr(line, "NUMBER r=")) &&
			   sscanf(p, "NUMBER r=%u c=%u %lf", &r, &c, &v) == 3 && col >= 0 && c < 32) {
			if (r == title_row + 1) {
				rec[c] = v;
			} else if (c == 0) {
				file_kb = v;
				cur_row = r;
			} else if (r == cur_row && v != 0.0) {
				double got = figure(&rs, (uint64_t)file_kb, (uint64_t)rec[c], col);
				if (!(fabs(got - v) <= 5e-6 * v)) {
					fprintf(stderr, "xls %g/%g col %d: %f vs %f\n", file_kb, rec[c], col, got, v);
					CU_FAIL("xls figure differs from the listing");
				}
				checked++;
			}
		}
	}
	fclose(fp);
	CU_ASSERT_EQUAL(checked, rs.nsamples);
	CU_ASSERT_EQUAL(checked, 56 * 13);
	results_release(&rs);
}

/* Two reports of one configuration: trials 0 and 1 of one set. */
static void test_trials(void)
{
	char err[IOSWEEP_ERR_MAX], p1[512], p2[512];
	struct result_set rs;
	fixture(p1, sizeof(p1), "real-iozone/rovanion-ext4_1.iozone");
	fixture(p2, sizeof(p2), "real-iozone/rovanion-xfs1.iozone");
	char *paths[] = { p1, p2, p1 };
	results_init(&rs);
	CU_ASSERT_EQUAL_FATAL(import_load_many(&rs, paths, 3, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(rs.trials, 3);
	CU_ASSERT_EQUAL(rs.ncells, 163);
	CU_ASSERT_STRING_EQUAL(rs.meta.label, "rovanion-ext4_1");
	long c = results_find_cell(&rs, 524288, 64);
	double v[4];
	CU_ASSERT_EQUAL_FATAL(results_values(&rs, (size_t)c, RC_READ, RESULTS_UNIT_KBPS, v, 4), 3);
	CU_ASSERT_EQUAL(v[0], 79088);
	CU_ASSERT_EQUAL(v[1], 183690);
	CU_ASSERT_EQUAL(v[2], 79088);
	results_release(&rs);
}

struct bad {
	const char *what;
	const char *file;     /* fixture */
	const char *cut_after; /* keep the file up to and including this text (NULL: all) */
	long cut_extra;        /* then this many more bytes (may be negative) */
	const char *replace;   /* replace this text ... */
	const char *with;      /* ... by this (same line) */
	const char *second;    /* load_many with this fixture second */
	const char *want_line; /* ":LINE:" expected, or NULL */
	const char *want_text;
};

static const struct bad bads[] = {
	{ "cut inside a row", "real-iozone/rovanion-ext4_1.iozone",
	  "         4194304    4096 1542413 ", 0, NULL, NULL, NULL, ":186:", "middle of a row" },
	{ "cut before the end line", "real-iozone/rovanion-ext4_1.iozone",
	  "  95200   102409\n", 0, NULL, NULL, NULL, ":188:", "truncated" },
	{ "cut after the header", "iozone/01_a_n64k_g8m_i0_i1.txt",
	  "fread   freread", 0, NULL, NULL, NULL, ":", "truncated" },
	{ "not a report", "iozone/12_help.txt", NULL, 0, NULL, NULL, NULL, ":1:",
	  "not an IOzone report" },
	{ "markdown", "real-iozone/SOURCES.md", NULL, 0, NULL, NULL, NULL, ":1:",
	  "not an IOzone report" },
	/* throughput mode itself imports (test_import_tp.c); not as a trial of a grid */
	{ "throughput mode after a grid", "iozone/01_a_n64k_g8m_i0_i1.txt", NULL, 0, NULL, NULL,
	  "iozone/05_t2_s8m_r64k_i0_i1_F.txt", ":", "cannot be trials of one set" },
	{ "missing value", "iozone/01_a_n64k_g8m_i0_i1.txt", NULL, 0,
	  "    552557   2467108   4274062", "    552557   2467108          ", NULL, ":30:",
	  "missing" },
	{ "missing value, full row", "real-iozone/rovanion-ext4_1.iozone", NULL, 0,
	  " 200191  267128   401314", " 200191  267128         ", NULL, ":26:", "missing" },
	{ "not a number", "iozone/01_a_n64k_g8m_i0_i1.txt", NULL, 0,
	  "    552557   2467108", "    552557   24x7108", NULL, ":30:", "not a number" },
	{ "-R cut inside a row", "real-iozone/toby1984-excel-report-iozone.txt",
	  "\"1024\"   4741598  6163794  839", 0, NULL, NULL, NULL, ":", "truncated" },
	{ "-R section without rows", "real-iozone/toby1984-excel-report-iozone.txt",
	  "\"Re-Fread report\"", 0, NULL, NULL, NULL, ":", "truncated" },
	{ "xls cut", "iozone/03_a_n64k_g4m_R_b.out.xls", NULL, 5000, NULL, NULL, NULL,
	  "record at byte", "truncated" },
	{ "xls without EOF", "iozone/03_a_n64k_g4m_R_b.out.xls", NULL, 23068, NULL, NULL, NULL,
	  "record at byte", "no EOF" },
	{ "mixed units", "iozone/01_a_n64k_g8m_i0_i1.txt", NULL, 0, NULL, NULL,
	  "iozone/08_a_n64k_g4m_i0_i1_O.txt", "08_a_n64k_g4m_i0_i1_O.txt:", "units" },
	{ "different columns", "iozone/01_a_n64k_g8m_i0_i1.txt", NULL, 0, NULL, NULL,
	  "iozone/02_a_n64k_g4m_alltests.txt", "02_a_n64k_g4m_alltests.txt:", "columns" },
};

static void test_errors(void)
{
	char err[IOSWEEP_ERR_MAX], path[512];
	for (size_t i = 0; i < sizeof(bads) / sizeof(bads[0]); i++) {
		const struct bad *b = &bads[i];
		struct result_set rs;
		size_t len;
		fixture(path, sizeof(path), b->file);
		char *buf = tu_slurp(path, &len);
		CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
		size_t keep = len;
		if (b->cut_after) {
			char *at = strstr(buf, b->cut_after);
			CU_ASSERT_PTR_NOT_NULL_FATAL(at);
			keep = (size_t)(at - buf) + strlen(b->cut_after);
		} else if (b->cut_extra) {
			keep = (size_t)b->cut_extra;
		}
		if (b->replace) {
			char *at = strstr(buf, b->replace);
			CU_ASSERT_PTR_NOT_NULL_FATAL(at);
			CU_ASSERT_EQUAL_FATAL(strlen(b->replace), strlen(b->with));
			memcpy(at, b->with, strlen(b->with));
		}
		const char *name = strrchr(b->file, '/') + 1;
		char tmp[512];
		snprintf(tmp, sizeof(tmp), "%s", tmp_path(name));
		tu_spill(tmp, buf, keep);
		free(buf);
		results_init(&rs);
		int rc;
		if (b->second) {
			char p2[512];
			fixture(p2, sizeof(p2), b->second);
			char *paths[] = { tmp, p2 };
			rc = import_load_many(&rs, paths, 2, err, sizeof(err));
		} else {
			rc = import_load(&rs, tmp, 0, err, sizeof(err));
		}
		if (rc != -1 || !strstr(err, b->want_text) || !strstr(err, b->want_line) ||
		    (!b->second && !strstr(err, tmp))) {
			fprintf(stderr, "%s: rc %d, message '%s'\n", b->what, rc, rc ? err : "");
			CU_FAIL("expected an error naming the file and line");
		}
		/* nothing half-imported */
		CU_ASSERT_EQUAL(rs.nsamples, 0);
		CU_ASSERT_EQUAL(rs.ncells, 0);
		CU_ASSERT_PTR_NULL(rs.meta.label);
		results_release(&rs);
	}
}

/* An error in the second file leaves the caller's set as it was. */
static void test_error_keeps_set(void)
{
	char err[IOSWEEP_ERR_MAX], p1[512], p2[512];
	struct result_set rs;
	fixture(p1, sizeof(p1), "iozone/01_a_n64k_g8m_i0_i1.txt");
	fixture(p2, sizeof(p2), "iozone/08_a_n64k_g4m_i0_i1_O.txt");
	results_init(&rs);
	CU_ASSERT_EQUAL_FATAL(import_load(&rs, p1, 0, err, sizeof(err)), 0);
	size_t n = rs.nsamples, c = rs.ncells;
	CU_ASSERT_EQUAL(import_load(&rs, p2, 1, err, sizeof(err)), -1);
	CU_ASSERT(strstr(err, p2) != NULL);
	CU_ASSERT_EQUAL(rs.nsamples, n);
	CU_ASSERT_EQUAL(rs.ncells, c);
	CU_ASSERT_EQUAL(rs.trials, 1);
	/* the same file again as trial 0 would duplicate samples */
	CU_ASSERT_EQUAL(import_load(&rs, p1, 0, err, sizeof(err)), -1);
	CU_ASSERT_EQUAL(rs.nsamples, n);
	CU_ASSERT_EQUAL(import_load(&rs, p1, 1, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(rs.nsamples, 2 * n);
	CU_ASSERT_EQUAL(rs.trials, 2);
	results_release(&rs);
}

/* The row layout of IOzone 3.5 when -i picks tests after blanks (no -i on the command line). */
static void test_subset_without_command_line(void)
{
	char err[IOSWEEP_ERR_MAX], path[512];
	size_t len;
	struct result_set rs;
	fixture(path, sizeof(path), "iozone/22_s8m_r64k_i0_i1_E_pread.txt");
	char *buf = tu_slurp(path, &len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
	char *cmd = strstr(buf, "Command line used:");
	CU_ASSERT_PTR_NOT_NULL_FATAL(cmd);
	memcpy(cmd, "Command  line  used", 19); /* no longer recognised */
	const char *p = tmp_path("no-cmdline.txt");
	tu_spill(p, buf, len);
	free(buf);
	results_init(&rs);
	CU_ASSERT_EQUAL_FATAL(import_load(&rs, p, 0, err, sizeof(err)), 0);
	CU_ASSERT_PTR_NULL(rs.meta.command_line);
	CU_ASSERT_EQUAL(figure(&rs, 8192, 64, RC_PWRITE), 8208631);
	CU_ASSERT_EQUAL(figure(&rs, 8192, 64, RC_REPREAD), 12504427);
	CU_ASSERT_EQUAL(figure(&rs, 8192, 64, RC_REWRITE), 10908526);
	results_release(&rs);
}

/*
 * A table whose rows lost a column (every figure shifted one test to the
 * left) does not fit the tests its command line implies: refused with the
 * file and the first row's line, whether the tests come from -a (all) or
 * from -i.
 */
static void test_shifted_table_refused(void)
{
	static const char head[] =
		"\tIozone: Performance Test of File I/O\n"
		"\t        Version $Revision: 3.508 $\n"
		"\tCommand line used: iozone %s -f /tmp/t\n"
		"\tOutput is in kBytes/sec\n"
		"                                                                    random    random      bkwd     record     stride                                        \n"
		"              kB  reclen    write    rewrite      read    reread      read     write      read    rewrite       read    fwrite  frewrite     fread   freread\n";
	static const struct {
		const char *args, *row, *why;
		int ok;
	} cases[] = {
		{ "-a", "              64       4   2067979   2467108   2379626   1484662   1279447   1163036    1452528     735831    842003   1780008   2006158   2662899\n",
		  "every test of the column header) implies 13", 0 },
		{ "-a", "              64       4    809014   2067979   2467108   2379626   1484662   1279447   1163036    1452528     735831    842003   1780008   2006158   2662899\n",
		  NULL, 1 },
		{ "-s 64k -r 4k -i 0 -i 1", "              64       4    809014   2067979   2467108\n",
		  "its -i tests) implies 4", 0 },
		{ "-s 64k -r 4k -i 0 -i 1", "              64       4    809014   2067979   2467108   2379626\n",
		  NULL, 1 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char buf[4096], err[IOSWEEP_ERR_MAX] = "";
		struct result_set rs;
		int n = snprintf(buf, sizeof(buf), head, cases[i].args);
		CU_ASSERT_FATAL(n > 0 && (size_t)n < sizeof(buf));
		n += snprintf(buf + n, sizeof(buf) - (size_t)n, "%s\niozone test complete.\n",
			      cases[i].row);
		const char *p = tmp_path("shifted.txt");
		tu_spill(p, buf, (size_t)n);
		results_init(&rs);
		int rc = import_load(&rs, p, 0, err, sizeof(err));
		if (cases[i].ok) {
			CU_ASSERT_EQUAL(rc, 0);
			CU_ASSERT_EQUAL(figure(&rs, 64, 4, RC_WRITE), 809014);
		} else {
			CU_ASSERT_EQUAL(rc, -1);
			CU_ASSERT_PTR_NOT_NULL(strstr(err, "shifted.txt:7:"));
			CU_ASSERT_PTR_NOT_NULL(strstr(err, cases[i].why));
			CU_ASSERT_EQUAL(rs.nsamples, 0);
		}
		results_release(&rs);
	}
}

/* -A (auto mode 2) prints a 4-column header with a blank first line. */
static void test_auto2_layout(void)
{
	static const char report[] =
		"\tIozone: Performance Test of File I/O\n"
		"\t        Version $Revision: 3.263 $\n"
		"\tAuto Mode 2. This option is obsolete. Use -az -i0 -i1 \n"
		"\tCommand line used: iozone -A\n"
		"\tOutput is in Kbytes/sec\n"
		"                                                            \n"
		"              KB  reclen    write  rewrite      read    reread\n"
		"              64       4   1234567   2345678   3456789   4567890\n"
		"             128       8    111111    222222    333333    444444\n"
		"\niozone test complete.\n";
	char err[IOSWEEP_ERR_MAX];
	struct result_set rs;
	const char *p = tmp_path("auto2.txt");
	tu_spill(p, report, sizeof(report) - 1);
	results_init(&rs);
	CU_ASSERT_EQUAL_FATAL(import_load(&rs, p, 0, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(rs.cols_mask, 0xf);
	CU_ASSERT_STRING_EQUAL(rs.meta.version, "3.263");
	CU_ASSERT_EQUAL(figure(&rs, 64, 4, RC_REREAD), 4567890);
	CU_ASSERT_EQUAL(figure(&rs, 128, 8, RC_WRITE), 111111);
	results_release(&rs);
}

/* IOzone's -V and -+d lines flag the set: its figures include the checks. */
static void test_verify_flags(void)
{
	static const char *const lines[] = {
		"\tVerify Mode. Pattern a5a5a5a5\n", "\t>>> I/O Diagnostic mode enabled. <<<\n",
	};
	static const unsigned flags[] = { RESULTS_F_VERIFY, RESULTS_F_DIAG };
	char err[IOSWEEP_ERR_MAX], report[1024];

	for (size_t i = 0; i < 2; i++) {
		struct result_set rs;
		const char *p = tmp_path("verify.txt");
		int n = snprintf(report, sizeof(report),
			"\tIozone: Performance Test of File I/O\n"
			"\t        Version $Revision: 3.508 $\n\n"
			"%s\tPerformance measurements are invalid in this mode.\n"
			"\tFile size set to 64 kB\n"
			"\tCommand line used: iozone -s 64k -i 0\n"
			"\tOutput is in kBytes/sec\n"
			"                                                            \n"
			"              kB  reclen    write    rewrite\n"
			"              64       4    983980   4274062\n"
			"\niozone test complete.\n", lines[i]);
		tu_spill(p, report, (size_t)n);
		results_init(&rs);
		CU_ASSERT_EQUAL_FATAL(import_load(&rs, p, 0, err, sizeof(err)), 0);
		CU_ASSERT_EQUAL(rs.meta.flags & (RESULTS_F_VERIFY | RESULTS_F_DIAG), flags[i]);
		CU_ASSERT_EQUAL(figure(&rs, 64, 4, RC_WRITE), 983980);
		results_release(&rs);
	}
}

/* Two runs appended to one log: refused, with the line of the second. */
static void test_two_reports_in_one_file(void)
{
	char err[IOSWEEP_ERR_MAX], path[512];
	size_t len;
	fixture(path, sizeof(path), "iozone/24_s4m_r64k_i0_i1_plus_n_noretest.txt");
	char *one = tu_slurp(path, &len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(one);
	char *two = malloc(2 * len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(two);
	memcpy(two, one, len);
	memcpy(two + len, one, len);
	const char *p = tmp_path("two.txt");
	tu_spill(p, two, 2 * len);
	free(one);
	free(two);
	struct result_set rs;
	results_init(&rs);
	CU_ASSERT_EQUAL(import_load(&rs, p, 0, err, sizeof(err)), -1);
	CU_ASSERT(strstr(err, "second report") != NULL);
	CU_ASSERT(strstr(err, ":59:") != NULL);
	CU_ASSERT_EQUAL(rs.nsamples, 0);
	results_release(&rs);
}

/*
 * Rows of -i subsets in two layouts, with no command line to go by: the
 * figures sit where IOzone 3.5 puts them after blanks (-i 0 -i 2 -i 5),
 * and where 3.408 puts them (-i 0 -i 2 -i 5 -i 8, a real run's layout,
 * figures changed).  Columns must come from the character positions.
 */
static const struct {
	const char *header1, *header2, *row;
	uint64_t file_kb;
	double w, rw, rr, rwr, sr;
} layouts[] = {
	{ "                                                                    random    random      bkwd     record     stride                                        ",
	  "              kB  reclen    write    rewrite      read    reread      read     write      read    rewrite       read    fwrite  frewrite     fread   freread",
	  "            4096      64   1111111   2222222                     3333333   4444444                       5555555                                   ",
	  4096, 1111111, 2222222, 3333333, 4444444, 5555555 },
	{ "                                                            random  random    bkwd   record   stride                                   ",
	  "              KB  reclen   write rewrite    read    reread    read   write    read  rewrite     read   fwrite frewrite   fread  freread",
	  "          409600      64   12345   23456                    345678   45678                  5678901                                  ",
	  409600, 12345, 23456, 345678, 45678, 5678901 },
};

static void test_subset_layouts(void)
{
	char err[IOSWEEP_ERR_MAX], text[2048];
	for (size_t i = 0; i < sizeof(layouts) / sizeof(layouts[0]); i++) {
		struct result_set rs;
		int n = snprintf(text, sizeof(text), "\tIozone: Performance Test of File I/O\n"
				 "\tOutput is in kBytes/sec\n%s\n%s\n%s\n\niozone test complete.\n",
				 layouts[i].header1, layouts[i].header2, layouts[i].row);
		const char *p = tmp_path("layout.txt");
		tu_spill(p, text, (size_t)n);
		results_init(&rs);
		CU_ASSERT_EQUAL_FATAL(import_load(&rs, p, 0, err, sizeof(err)), 0);
		CU_ASSERT_EQUAL(rs.cols_mask, (1u << RC_WRITE) | (1u << RC_REWRITE) |
				(1u << RC_RANDOM_READ) | (1u << RC_RANDOM_WRITE) | (1u << RC_STRIDE_READ));
		uint64_t f = layouts[i].file_kb;
		CU_ASSERT_EQUAL(figure(&rs, f, 64, RC_WRITE), layouts[i].w);
		CU_ASSERT_EQUAL(figure(&rs, f, 64, RC_REWRITE), layouts[i].rw);
		CU_ASSERT_EQUAL(figure(&rs, f, 64, RC_RANDOM_READ), layouts[i].rr);
		CU_ASSERT_EQUAL(figure(&rs, f, 64, RC_RANDOM_WRITE), layouts[i].rwr);
		CU_ASSERT_EQUAL(figure(&rs, f, 64, RC_STRIDE_READ), layouts[i].sr);
		results_release(&rs);
	}
}

/*
 * -R sections of one record size: the header row is one quoted number
 * ("64"), which reads like a section title.  Each text must import with
 * the figures and record axis given (the report's figures when there is
 * one; -+u CPU sections and the latency section are skipped).
 */
#define ONE_CELL_R \
	"Excel output is below:\n\n" \
	"\"Writer report\"\n        \"64\"\n\"64\"   457450 \n\n" \
	"\"Re-writer report\"\n        \"64\"\n\"64\"   265938 \n\n" \
	"\"Reader report\"\n        \"64\"\n\"64\"   20545746 \n\n" \
	"\"Re-Reader report\"\n        \"64\"\n\"64\"   22898032 \n"
#define ONE_CELL_CPU \
	"\n\"Writer CPU utilization report (Zero values should be ignored)\"\n" \
	"        \"64\"\n\"64\"    20.36\n\n" \
	"\"Re-Reader CPU utilization report (Zero values should be ignored)\"\n" \
	"        \"64\"\n\"64\"    10.10\n"
#define ONE_CELL_REPORT \
	"\tIosweep: Performance Test of File I/O\n" \
	"\tCommand line used: iosweep -s 64k -r 64k -i 0 -i 1 -R -f /tmp/t\n" \
	"\tOutput is in kBytes/sec\n" \
	"                                                                    random    random      bkwd     record     stride                                        \n" \
	"              kB  reclen    write    rewrite      read    reread      read     write      read    rewrite       read    fwrite  frewrite     fread   freread\n" \
	"              64      64    457451    265939  20545747  22898033                                                                                  \n" \
	"\niozone test complete.\n"
#define ONE_CELL_LATENCY \
	"\nLatency per operation, microseconds (trials merged)\n" \
	"test                     kB  reclen         ops        min       mean        max         sd        p50        p90        p99      p99.9\n" \
	"write                    64      64           1     154.86     154.86     154.86       0.00     154.86     154.86     154.86     154.86\n"

struct small_r {
	const char *name, *text;
	size_t nsamples;
	size_t nrec;                /* record axis */
	uint64_t rec[4];
	size_t nfig;                /* figures to check at file 64 kB */
	int col[6];
	uint64_t rec_kb[6];
	double v[6];
};

static const struct small_r small_rs[] = {
	{ "one cell, -R alone", ONE_CELL_R, 4, 1, { 64 }, 4,
	  { RC_WRITE, RC_REWRITE, RC_READ, RC_REREAD }, { 64, 64, 64, 64 },
	  { 457450, 265938, 20545746, 22898032 } },
	{ "one cell, -R without its first line", ONE_CELL_R + 24, 4, 1, { 64 }, 2,
	  { RC_WRITE, RC_REREAD }, { 64, 64 }, { 457450, 22898032 } },
	{ "one cell, -R after a report", ONE_CELL_REPORT ONE_CELL_R, 4, 1, { 64 }, 4,
	  { RC_WRITE, RC_REWRITE, RC_READ, RC_REREAD }, { 64, 64, 64, 64 },
	  { 457451, 265939, 20545747, 22898033 } },
	{ "one cell, -R with -+u CPU sections", ONE_CELL_R ONE_CELL_CPU, 4, 1, { 64 }, 2,
	  { RC_WRITE, RC_REREAD }, { 64, 64 }, { 457450, 22898032 } },
	{ "one cell, report, latency section, -R, -+u",
	  ONE_CELL_REPORT ONE_CELL_LATENCY ONE_CELL_R ONE_CELL_CPU, 4, 1, { 64 }, 2,
	  { RC_WRITE, RC_READ }, { 64, 64 }, { 457451, 20545747 } },
	{ "one file size, three record sizes",
	  "\"Writer report\"\n        \"16\"  \"32\"  \"64\"\n\"64\"   100   200   300 \n\n"
	  "\"Writer CPU utilization report (Zero values should be ignored)\"\n"
	  "        \"16\"  \"32\"  \"64\"\n\"64\"    1.00    2.00    3.00\n",
	  3, 3, { 16, 32, 64 }, 3, { RC_WRITE, RC_WRITE, RC_WRITE }, { 16, 32, 64 },
	  { 100, 200, 300 } },
	{ "one cell, -E columns",
	  "\"Writer report\"\n        \"64\"\n\"64\"   373930 \n\n"
	  "\"Pwrite report\"\n        \"64\"\n\"64\"   533564 \n\n"
	  "\"Re-Preadv report\"\n        \"64\"\n\"64\"   8494823 \n\n"
	  "\"Re-Preadv CPU utilization report (Zero values should be ignored)\"\n"
	  "        \"64\"\n\"64\"    16.81\n",
	  3, 1, { 64 }, 3, { RC_WRITE, RC_PWRITE, RC_REPREADV }, { 64, 64, 64 },
	  { 373930, 533564, 8494823 } },
};

static void test_small_excel_sections(void)
{
	char err[IOSWEEP_ERR_MAX];
	for (size_t i = 0; i < sizeof(small_rs) / sizeof(small_rs[0]); i++) {
		const struct small_r *t = &small_rs[i];
		struct result_set rs;
		const char *p = tmp_path("small-r.txt");
		tu_spill(p, t->text, strlen(t->text));
		results_init(&rs);
		if (import_load(&rs, p, 0, err, sizeof(err))) {
			fprintf(stderr, "%s: %s\n", t->name, err);
			CU_FAIL("a small -R section does not import");
			results_release(&rs);
			continue;
		}
		CU_ASSERT_EQUAL(rs.nrecord_axis, t->nrec);
		for (size_t k = 0; k < t->nrec && k < rs.nrecord_axis; k++)
			CU_ASSERT_EQUAL(rs.record_axis[k], t->rec[k]);
		CU_ASSERT_EQUAL(rs.nsamples, t->nsamples);
		for (size_t k = 0; k < t->nfig; k++)
			if (figure(&rs, 64, t->rec_kb[k], t->col[k]) != t->v[k]) {
				fprintf(stderr, "%s: %s at %llu kB\n", t->name,
					results_col_name(t->col[k]), (unsigned long long)t->rec_kb[k]);
				CU_FAIL("figure differs from the text");
			}
		results_release(&rs);
	}
	/* a quoted number where a section title is due is still refused */
	static const char *const bad[][2] = {
		{ "\"Writer report\"\n        \"64\"\n\"64\"   100 \n\n\"64\"\n",
		  "small-r.txt:5: unknown Excel section '64'" },
		{ "\"Writer report\"\n        \"64\"\n\"64\"   100 \n\n\"Bogus report\"\n",
		  "small-r.txt:5: unknown Excel section 'Bogus report'" },
		{ "\"Writer report\"\n        \"64\"\n\n\"Reader report\"\n",
		  "small-r.txt:4: the previous Excel section has no rows: truncated" },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct result_set rs;
		const char *p = tmp_path("small-r.txt");
		tu_spill(p, bad[i][0], strlen(bad[i][0]));
		results_init(&rs);
		CU_ASSERT_EQUAL(import_load(&rs, p, 0, err, sizeof(err)), -1);
		if (!strstr(err, bad[i][1])) {
			fprintf(stderr, "got '%s', want '%s'\n", err, bad[i][1]);
			CU_FAIL("wrong error for a bad -R section");
		}
		CU_ASSERT_EQUAL(rs.nsamples, 0);
		results_release(&rs);
	}
}

static void test_cleanup(void)
{
	tu_tmp_cleanup(tmpdir);
}

static const struct cu_case cases[] = {
	CU_CASE(test_spot_checks),
	CU_CASE(test_shapes_and_meta),
	CU_CASE(test_header_facts),
	CU_CASE(test_excel_section_equals_report),
	CU_CASE(test_xls_equals_record_listing),
	CU_CASE(test_trials),
	CU_CASE(test_errors),
	CU_CASE(test_error_keeps_set),
	CU_CASE(test_subset_without_command_line),
	CU_CASE(test_auto2_layout),
	CU_CASE(test_shifted_table_refused),
	CU_CASE(test_two_reports_in_one_file),
	CU_CASE(test_verify_flags),
	CU_CASE(test_subset_layouts),
	CU_CASE(test_small_excel_sections),
	CU_CASE(test_cleanup),
	{ 0 },
};

CU_MAIN("import", cases)
