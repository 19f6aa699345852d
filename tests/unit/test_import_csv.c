/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_import_csv.c: import_csv.c, the reader of an iosweep result
 * folder (meta.csv, summary.csv, the samples and latency files, the
 * clients' rows of iosweep-mpi).
 *
 * A folder written by csvout from an imported IOzone report must read
 * back as the same samples; hand-written folders pin the latency figures
 * (all, reads, writes), the summary's figures and the clients' rows, and
 * every malformed file must be refused with its name and line.  Fixtures
 * live in ../shared/fixtures (override with IOSWEEP_FIXTURES).
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

static const char *tmp_path(const char *name)
{
	return tu_tmp_path(tmpdir, "import-csv", name);
}

/* Import, write our CSV folder, import that: the same samples. */
static void test_csv_round_trip(void)
{
	static const char *const files[] = {
		"real-iozone/rovanion-ext4_1.iozone", "iozone/08_a_n64k_g4m_i0_i1_O.txt",
		"iozone/21_s1m_r4k_i0_N_usec_per_op.txt",
	};
	char err[IOSWEEP_ERR_MAX];
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		struct result_set a, b;
		char dir[512], path[512];
		snprintf(dir, sizeof(dir), "%s", tmp_path(i % 2 ? "rt-gz" : "rt"));
		snprintf(path, sizeof(path), "%s/%s", tu_fixtures(), files[i]);
		results_init(&a);
		int rc = import_load(&a, path, 0, err, sizeof(err));
		if (rc)
			fprintf(stderr, "import %s: %s\n", files[i], err);
		CU_ASSERT_EQUAL_FATAL(rc, 0);
		if (i == 0) {   /* a shaped run's measured shares (shape.h) */
			a.meta.dedup_granule = 4096;
			a.meta.dedup_within = 0.25;
			a.meta.dedup_across = 0.5;
			a.meta.dedup_probe_bytes = 1u << 20;
			a.meta.dedup_files = 2;
		}
		CU_ASSERT_EQUAL_FATAL(csvout_write_dir(&a, dir, (int)(i % 2), 1, err, sizeof(err)), 0);
		results_init(&b);
		if (import_load(&b, dir, 0, err, sizeof(err)))
			fprintf(stderr, "%s\n", err);
		CU_ASSERT_EQUAL_FATAL(b.nsamples, a.nsamples);
		/* csvout prints kB/s with 3 decimals */
		tu_assert_same_figures(&a, &b, 1e-8);
		CU_ASSERT_STRING_EQUAL(b.meta.label, a.meta.label);
		CU_ASSERT_STRING_EQUAL(b.meta.version, a.meta.version);
		CU_ASSERT_STRING_EQUAL(b.meta.command_line, a.meta.command_line);
		CU_ASSERT_EQUAL(b.meta.flags, a.meta.flags);
		CU_ASSERT_EQUAL(b.meta.source_unit, a.meta.source_unit);
		CU_ASSERT_EQUAL(b.meta.dedup_granule, a.meta.dedup_granule);
		CU_ASSERT_DOUBLE_EQUAL(b.meta.dedup_within, a.meta.dedup_within, 1e-4);
		CU_ASSERT_DOUBLE_EQUAL(b.meta.dedup_across, a.meta.dedup_across, 1e-4);
		CU_ASSERT_EQUAL(b.meta.dedup_probe_bytes, a.meta.dedup_probe_bytes);
		CU_ASSERT_EQUAL(b.meta.dedup_files, a.meta.dedup_files);
		results_release(&a);
		results_release(&b);
	}
}

/* A measured sample (bytes, seconds, ops) survives the CSV. */
static void test_csv_measured_samples(void)
{
	char err[IOSWEEP_ERR_MAX];
	struct result_set a, b;
	results_init(&a);
	results_set_str(&a.meta.label, "run, \"quoted\"");
	results_set_str(&a.meta.tool, "iosweep");
	long c = results_add_cell(&a, 1024, 64, 0);
	CU_ASSERT_FATAL(c == 0);
	for (unsigned t = 0; t < 3; t++) {
		struct result_sample s;
		memset(&s, 0, sizeof(s));
		s.cell = 0;
		s.col = RC_READ;
		s.trial = (uint16_t)t;
		s.bytes = 1048576;
		s.ops = 16;
		s.elapsed_ns = 1000000 + 12345 * t;
		s.wall_ns = 2000000;
		s.cpu_user_s = 0.001;
		s.flags = t == 2 ? RESULTS_SF_PARTIAL : 0;
		if (t > 0) {	/* trial 0: not known */
			s.flags |= RESULTS_SF_CACHED;
			s.cached_pct = 12.5 * t;
		}
		CU_ASSERT_EQUAL(results_add_sample(&a, &s), 0);
	}
	a.trials = 3;
	const char *dir = tmp_path("measured");
	CU_ASSERT_EQUAL_FATAL(csvout_write_dir(&a, dir, 0, 1, err, sizeof(err)), 0);
	results_init(&b);
	CU_ASSERT_EQUAL_FATAL(import_load(&b, dir, 0, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(b.nsamples, 3);
	CU_ASSERT_STRING_EQUAL(b.meta.label, "run, \"quoted\"");
	CU_ASSERT_EQUAL(b.trials, 3);
	for (size_t i = 0; i < 3; i++) {
		CU_ASSERT_EQUAL(b.samples[i].bytes, a.samples[i].bytes);
		CU_ASSERT_EQUAL(b.samples[i].ops, a.samples[i].ops);
		CU_ASSERT_EQUAL(b.samples[i].elapsed_ns, a.samples[i].elapsed_ns);
		CU_ASSERT_EQUAL(b.samples[i].wall_ns, a.samples[i].wall_ns);
		CU_ASSERT_EQUAL(b.samples[i].flags, a.samples[i].flags);
		CU_ASSERT_EQUAL(b.samples[i].trial, a.samples[i].trial);
		CU_ASSERT_DOUBLE_EQUAL(b.samples[i].cpu_user_s, 0.001, 1e-9);
		CU_ASSERT_DOUBLE_EQUAL(b.samples[i].cached_pct, a.samples[i].cached_pct, 1e-9);
	}
	results_release(&a);
	results_release(&b);
}

/*
 * The latency figures of results.csv come back per trial (the histograms
 * are not in the file); a row without them, and a file without the
 * columns, have none.  meta.csv's workload survives the import.
 */
static void test_csv_latency_figures(void)
{
	static const char text[] =
		"schema,label,test,file_kb,record_kb,trial,bytes,seconds,kb_per_s,ops,cpu_user_s,"
		"cpu_sys_s,wall_s,partial,lat_min_us,lat_mean_us,lat_max_us,lat_sd_us,lat_p50_us,"
		"lat_p90_us,lat_p99_us,lat_p999_us\n"
		"4,x,write,64,4,0,65536,0.001,64000.000,16,,,0.002,0,1.5,2.25,9,1,2,3,8.5,9\n"
		"4,x,read,64,4,0,65536,0.001,64000.000,16,,,0.002,0,,,,,,,,\n";
	static const char meta[] = "key,value\nschema,4\nlabel,x\n"
		"workload,engine=io_uring iodepth=4 jobs=1\n";
	char err[IOSWEEP_ERR_MAX], dir[512];
	struct result_set rs;

	snprintf(dir, sizeof(dir), "%s", tmp_path("latfigs"));
	CU_ASSERT_EQUAL_FATAL(outfile_mkdirs(dir, err, sizeof(err)), 0);
	char path[600];
	snprintf(path, sizeof(path), "%s/results.csv", dir);
	tu_spill(path, text, strlen(text));
	snprintf(path, sizeof(path), "%s/meta.csv", dir);
	tu_spill(path, meta, strlen(meta));
	results_init(&rs);
	CU_ASSERT_EQUAL_FATAL(import_load(&rs, dir, 0, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(rs.nsamples, 2);
	CU_ASSERT_PTR_NOT_NULL_FATAL(rs.meta.workload);
	CU_ASSERT_STRING_EQUAL(rs.meta.workload, "engine=io_uring iodepth=4 jobs=1");
	for (size_t i = 0; i < 2; i++) {
		const struct result_sample *s = &rs.samples[i];
		if (s->col == RC_WRITE) {
			CU_ASSERT(s->flags & RESULTS_SF_LAT_FIGS);
			CU_ASSERT_DOUBLE_EQUAL(s->lat_figs->us[RESULTS_LAT_ALL][0], 1.5, 1e-12);
			CU_ASSERT_DOUBLE_EQUAL(s->lat_figs->us[RESULTS_LAT_ALL][1], 2.25, 1e-12);
			CU_ASSERT_DOUBLE_EQUAL(s->lat_figs->us[RESULTS_LAT_ALL][6], 8.5, 1e-12);
			CU_ASSERT_DOUBLE_EQUAL(s->lat_figs->us[RESULTS_LAT_ALL][7], 9.0, 1e-12);
		} else {
			CU_ASSERT_FALSE(s->flags & RESULTS_SF_LAT_FIGS);
		}
	}
	results_release(&rs);
}

struct csv_bad {
	const char *what;
	const char *text;
	const char *want;
};

static const struct csv_bad csv_bads[] = {
	{ "missing field",
	  "schema,label,test,file_kb,record_kb,trial,bytes,seconds,kb_per_s,ops,cpu_user_s,cpu_sys_s,wall_s,partial\n"
	  "1,x,write,64,4,0,65536,0.001,64000.000,16,,,0.002,0\n"
	  "1,x,read,64,4,0,65536,0.001,64000.000,16,,,0\n", ":3:" },
	{ "unknown test",
	  "schema,label,test,file_kb,record_kb,trial,bytes,seconds,kb_per_s,ops,cpu_user_s,cpu_sys_s,wall_s,partial\n"
	  "1,x,scribble,64,4,0,65536,0.001,64000.000,16,,,0.002,0\n", ":2: unknown test" },
	{ "bad number",
	  "schema,label,test,file_kb,record_kb,trial,bytes,seconds,kb_per_s,ops,cpu_user_s,cpu_sys_s,wall_s,partial\n"
	  "1,x,write,64,4,0,65536,fast,64000.000,16,,,0.002,0\n", ":2: seconds" },
	{ "schema",
	  "schema,label,test,file_kb,record_kb,trial,bytes,seconds,kb_per_s,ops,cpu_user_s,cpu_sys_s,wall_s,partial\n"
	  "7,x,write,64,4,0,65536,0.001,64000.000,16,,,0.002,0\n", ":2: schema 7" },
	{ "missing column",
	  "schema,label,test,file_kb,record_kb,trial,bytes,seconds,kb_per_s,ops,cpu_user_s,cpu_sys_s,partial\n"
	  "1,x,write,64,4,0,65536,0.001,64000.000,16,,,0\n", ":1: no 'wall_s'" },
	{ "duplicate",
	  "schema,label,test,file_kb,record_kb,trial,bytes,seconds,kb_per_s,ops,cpu_user_s,cpu_sys_s,wall_s,partial\n"
	  "1,x,write,64,4,0,65536,0.001,64000.000,16,,,0.002,0\n"
	  "1,x,write,64,4,0,65536,0.001,64000.000,16,,,0.002,0\n", "two rows" },
	{ "cached_pct over 100",
	  "schema,label,test,file_kb,record_kb,trial,bytes,seconds,kb_per_s,ops,cpu_user_s,cpu_sys_s,wall_s,partial,cached_pct\n"
	  "2,x,write,64,4,0,65536,0.001,64000.000,16,,,0.002,0,150.0\n", ":2: cached_pct '150.0'" },
	{ "bad latency figure",
	  "schema,label,test,file_kb,record_kb,trial,bytes,seconds,kb_per_s,ops,cpu_user_s,cpu_sys_s,wall_s,partial,"
	  "lat_min_us,lat_mean_us,lat_max_us,lat_sd_us,lat_p50_us,lat_p90_us,lat_p99_us,lat_p999_us\n"
	  "4,x,write,64,4,0,65536,0.001,64000.000,16,,,0.002,0,1,2,3,1,2,2,slow,3\n",
	  ":2: lat_p99_us 'slow'" },
	{ "negative read latency figure",
	  "schema,label,test,file_kb,record_kb,trial,bytes,seconds,kb_per_s,ops,cpu_user_s,cpu_sys_s,wall_s,partial,"
	  "rd_lat_min_us,rd_lat_mean_us\n"
	  "4,x,read,64,4,0,65536,0.001,64000.000,16,,,0.002,0,1,-2\n",
	  ":2: rd_lat_mean_us '-2'" },
	{ "bad quote",
	  "schema,label,test,file_kb,record_kb,trial,bytes,seconds,kb_per_s,ops,cpu_user_s,cpu_sys_s,wall_s,partial\n"
	  "1,\"x\"y,write,64,4,0,65536,0.001,64000.000,16,,,0.002,0\n", "malformed CSV" },
};

static void test_csv_errors(void)
{
	char err[IOSWEEP_ERR_MAX];
	for (size_t i = 0; i < sizeof(csv_bads) / sizeof(csv_bads[0]); i++) {
		const char *p = tmp_path("bad-results.csv");
		struct result_set rs;
		tu_spill(p, csv_bads[i].text, strlen(csv_bads[i].text));
		results_init(&rs);
		int rc = import_load(&rs, p, 0, err, sizeof(err));
		if (rc != -1 || !strstr(err, csv_bads[i].want) || !strstr(err, p)) {
			fprintf(stderr, "%s: rc %d '%s'\n", csv_bads[i].what, rc, rc ? err : "");
			CU_FAIL("expected a CSV error with file and line");
		}
		CU_ASSERT_EQUAL(rs.nsamples, 0);
		results_release(&rs);
	}
}

/* ---- the latency figures of a folder: all, reads, writes; summary.csv ---- */

#define LAT_HEAD "lat_min_us,lat_mean_us,lat_max_us,lat_sd_us,lat_p50_us,lat_p90_us," \
	"lat_p99_us,lat_p999_us"
#define RD_HEAD "rd_lat_min_us,rd_lat_mean_us,rd_lat_max_us,rd_lat_sd_us,rd_lat_p50_us," \
	"rd_lat_p90_us,rd_lat_p99_us,rd_lat_p999_us"
#define WR_HEAD "wr_lat_min_us,wr_lat_mean_us,wr_lat_max_us,wr_lat_sd_us,wr_lat_p50_us," \
	"wr_lat_p90_us,wr_lat_p99_us,wr_lat_p999_us"
#define ROW_HEAD "schema,label,test,file_kb,record_kb,trial,bytes,seconds,kb_per_s,ops," \
	"cpu_user_s,cpu_sys_s,wall_s,partial"
#define SUM_HEAD "label,test,file_kb,record_kb,n,mean,short_timing"

/* A random mix with reads and writes, two trials, and a write of one. */
static const char lat_rows[] =
	ROW_HEAD ",iops,rd_iops,wr_iops," LAT_HEAD "," RD_HEAD "," WR_HEAD "\n"
	"4,x,random mix,64,4,0,65536,0.001,64000.000,16,,,0.002,0,16000.000,11000.000,5000.000,"
	"1.000,2.500,9.000,1.250,2.000,3.000,8.500,9.000,"
	"1.000,2.000,4.000,0.500,2.000,3.000,4.000,4.000,"
	"1.500,3.000,9.000,2.000,2.500,3.500,9.000,9.000\n"
	"4,x,random mix,64,4,1,65536,0.001,64000.000,16,,,0.002,0,16000.000,11000.000,5000.000,"
	"1.100,2.600,9.100,1.350,2.100,3.100,8.600,9.100,"
	"1.100,2.100,4.100,0.600,2.100,3.100,4.100,4.100,"
	",,,,,,,\n"
	"4,x,write,64,4,0,65536,0.001,64000.000,16,,,0.002,0,16000.000,0.000,16000.000,"
	"5.000,6.000,7.000,0.000,6.000,6.500,7.000,7.000,"
	",,,,,,,,"
	"5.000,6.000,7.000,0.000,6.000,6.500,7.000,7.000\n";

/* The set written by csvout into dir-out: its file (free it), or NULL. */
static char *written(const struct result_set *rs, const char *dir, const char *file)
{
	char err[IOSWEEP_ERR_MAX], out[600], path[700];
	size_t len;

	snprintf(out, sizeof(out), "%s-out", dir);
	if (csvout_write_dir(rs, out, 0, 1, err, sizeof(err)) != 0) {
		fprintf(stderr, "csvout: %s\n", err);
		return NULL;
	}
	snprintf(path, sizeof(path), "%s/%s", out, file);
	return tu_slurp(path, &len);
}

/* spill text as dir/name */
static void spill_in(const char *dir, const char *name, const char *text)
{
	char path[700];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	tu_spill(path, text, strlen(text));
}

/* A folder with results.csv (lat_rows), meta.csv and, when given, summary.csv. */
static void lat_folder(char *dir, size_t n, const char *name, const char *summary)
{
	char err[IOSWEEP_ERR_MAX];
	snprintf(dir, n, "%s", tmp_path(name));
	CU_ASSERT_EQUAL_FATAL(outfile_mkdirs(dir, err, sizeof(err)), 0);
	spill_in(dir, "results.csv", lat_rows);
	spill_in(dir, "meta.csv", "key,value\nschema,4\nlabel,x\ntrials,2\n");
	char path[700];
	snprintf(path, sizeof(path), "%s/summary.csv", dir);
	unlink(path);
	if (summary)
		spill_in(dir, "summary.csv", summary);
}

static const struct result_sample *find_sample(const struct result_set *rs, int col,
					       unsigned trial)
{
	for (size_t i = 0; i < rs->nsamples; i++)
		if (rs->samples[i].col == col && rs->samples[i].trial == trial)
			return &rs->samples[i];
	return NULL;
}

/*
 * Every latency figure of a row comes back (all, reads, writes), an empty
 * field as NaN; csvout writes them back as they were.
 */
static void test_csv_latency_dirs(void)
{
	char err[IOSWEEP_ERR_MAX], dir[512], path[700];
	struct result_set rs;
	size_t len;

	lat_folder(dir, sizeof(dir), "latdirs", NULL);
	results_init(&rs);
	CU_ASSERT_EQUAL_FATAL(import_load(&rs, dir, 0, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(rs.nsamples, 3);
	const struct result_sample *m0 = find_sample(&rs, RC_RANDOM_MIX, 0);
	const struct result_sample *m1 = find_sample(&rs, RC_RANDOM_MIX, 1);
	const struct result_sample *w = find_sample(&rs, RC_WRITE, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(m0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(m1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(w);
	CU_ASSERT(m0->flags & m1->flags & w->flags & RESULTS_SF_LAT_FIGS);
	CU_ASSERT_DOUBLE_EQUAL(m0->lat_figs->us[RESULTS_LAT_ALL][0], 1.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(m0->lat_figs->us[RESULTS_LAT_RD][2], 4.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(m0->lat_figs->us[RESULTS_LAT_WR][3], 2.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(m0->lat_figs->us[RESULTS_LAT_WR][7], 9.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(m1->lat_figs->us[RESULTS_LAT_RD][1], 2.1, 1e-12);
	for (int k = 0; k < 8; k++) {
		CU_ASSERT(isnan(m1->lat_figs->us[RESULTS_LAT_WR][k]));
		CU_ASSERT(isnan(w->lat_figs->us[RESULTS_LAT_RD][k]));
	}
	CU_ASSERT_DOUBLE_EQUAL(w->lat_figs->us[RESULTS_LAT_WR][1], 6.0, 1e-12);
	/* no summary.csv: no cell figures */
	CU_ASSERT_EQUAL(rs.ncell_sums, 0);

	char *back = written(&rs, dir, "results.csv");
	CU_ASSERT_PTR_NOT_NULL_FATAL(back);
	CU_ASSERT_PTR_NOT_NULL(strstr(back, "," LAT_HEAD "," RD_HEAD "," WR_HEAD ",cache_served\n"));
	/* each row's 24 latency fields, as they were */
	CU_ASSERT_PTR_NOT_NULL(strstr(back, ",1.000,2.500,9.000,1.250,2.000,3.000,8.500,9.000,"
				      "1.000,2.000,4.000,0.500,2.000,3.000,4.000,4.000,"
				      "1.500,3.000,9.000,2.000,2.500,3.500,9.000,9.000,\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(back, ",1.100,2.100,4.100,0.600,2.100,3.100,4.100,4.100,"
				      ",,,,,,,,\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(back, ",5.000,6.000,7.000,0.000,6.000,6.500,7.000,7.000,"
				      ",,,,,,,,5.000,6.000,7.000,0.000,6.000,6.500,7.000,7.000,\n"));
	free(back);
	/* the summary: no figures made up from the trials' */
	back = written(&rs, dir, "summary.csv");
	CU_ASSERT_PTR_NOT_NULL_FATAL(back);
	CU_ASSERT_PTR_NOT_NULL(strstr(back, "," LAT_HEAD "," RD_HEAD "," WR_HEAD ",cache_served\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(back, ",,,,,,,,,,,,,,,,,,,,,,,,\n"));
	CU_ASSERT_PTR_NULL(strstr(back, "2.500"));
	free(back);

	/* the text report's latency tables: nothing made up from the figures
	 * (the IOPS table of the mix says "-" where its latency would be) */
	snprintf(path, sizeof(path), "%s-out/report.txt", dir);
	FILE *fp = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	report_trailer(fp, NULL, &rs);
	fclose(fp);
	back = tu_slurp(path, &len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(back);
	CU_ASSERT_PTR_NOT_NULL(strstr(back, "iozone test complete."));
	CU_ASSERT_PTR_NULL(strstr(back, "Latency per operation"));
	char *mixrow = strstr(back, "\nrandom mix ");
	CU_ASSERT_PTR_NOT_NULL_FATAL(mixrow);
	CU_ASSERT_PTR_NOT_NULL(strstr(mixrow, "         -          -         -         -"));
	CU_ASSERT_PTR_NULL(strstr(back, "2.5"));
	free(back);
	results_release(&rs);
}

/*
 * summary.csv's figures of a cell come back while the set holds exactly
 * its n trials: not with a trial missing, not merged with another
 * folder's trials of the cell; rows of another label or of a cell
 * results.csv lacks are passed over; short_timing 1 is kept.
 */
static void test_csv_summary_figures(void)
{
	static const char summary[] =
		SUM_HEAD "," LAT_HEAD "," RD_HEAD "," WR_HEAD "\n"
		"x,random mix,64,4,2,64000.000,1,"
		"1.000,2.550,9.100,1.300,2.050,3.050,8.550,9.100,"
		"1.000,2.050,4.100,0.550,2.050,3.050,4.100,4.100,"
		"1.500,3.000,9.000,2.000,2.500,3.500,9.000,9.000\n"
		"x,write,64,4,3,64000.000,0,"
		"5.000,6.000,7.000,0.000,6.000,6.500,7.000,7.000,,,,,,,,,"
		"5.000,6.000,7.000,0.000,6.000,6.500,7.000,7.000\n"
		"y,read,64,4,2,64000.000,0," ",,,,,,,,,,,,,,,,,,,,,,,\n"
		"x,read,128,4,2,64000.000,1,1,1,1,1,1,1,1,1,,,,,,,,,,,,,,,,\n";
	char err[IOSWEEP_ERR_MAX], dir[512], dir2[512];
	struct result_set rs;

	lat_folder(dir, sizeof(dir), "latsum", summary);
	results_init(&rs);
	CU_ASSERT_EQUAL_FATAL(import_load(&rs, dir, 0, err, sizeof(err)), 0);
	long cell = results_find_cell(&rs, 64, 4);
	CU_ASSERT_FATAL(cell >= 0);
	CU_ASSERT_EQUAL(results_find_cell(&rs, 128, 4), -1);
	CU_ASSERT_EQUAL(rs.ncell_sums, 2);
	const struct result_cell_sum *cs = results_cell_sum(&rs, (size_t)cell, RC_RANDOM_MIX);
	CU_ASSERT_PTR_NOT_NULL_FATAL(cs);
	CU_ASSERT_EQUAL(cs->flags, RESULTS_CS_LAT | RESULTS_CS_SHORT);
	CU_ASSERT_EQUAL(cs->n, 2);
	CU_ASSERT_DOUBLE_EQUAL(cs->lat_us[RESULTS_LAT_ALL][1], 2.55, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(cs->lat_us[RESULTS_LAT_RD][3], 0.55, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(cs->lat_us[RESULTS_LAT_WR][7], 9.0, 1e-12);
	/* n 3 where results.csv has one trial: not these trials' figures */
	CU_ASSERT_PTR_NULL(results_cell_sum(&rs, (size_t)cell, RC_WRITE));
	CU_ASSERT_PTR_NULL(results_cell_sum(&rs, (size_t)cell, RC_READ));

	char *back = written(&rs, dir, "summary.csv");
	CU_ASSERT_PTR_NOT_NULL_FATAL(back);
	/* the mix row: short_timing 1 and its figures as summary.csv had them */
	char *mix = strstr(back, "x,random mix,64,4,2,");
	CU_ASSERT_PTR_NOT_NULL_FATAL(mix);
	char *eol = strchr(mix, '\n');
	CU_ASSERT_PTR_NOT_NULL_FATAL(eol);
	*eol = '\0';
	CU_ASSERT_PTR_NOT_NULL(strstr(mix, ",1,,"));   /* short_timing, cached_pct */
	CU_ASSERT_PTR_NOT_NULL(strstr(mix, ",1.000,2.550,9.100,1.300,2.050,3.050,8.550,9.100,"
				     "1.000,2.050,4.100,0.550,2.050,3.050,4.100,4.100,"
				     "1.500,3.000,9.000,2.000,2.500,3.500,9.000,9.000"));
	*eol = '\n';
	/* the write row: its summary had n 3, so no figures */
	char *wr = strstr(back, "x,write,64,4,1,");
	CU_ASSERT_PTR_NOT_NULL_FATAL(wr);
	CU_ASSERT_PTR_NOT_NULL(strstr(wr, ",,,,,,,,,,,,,,,,,,,,,,,\n"));
	CU_ASSERT(strstr(wr, ",,,,,,,,,,,,,,,,,,,,,,,\n") < strchr(wr, '\n') + 1);
	free(back);
	results_release(&rs);

	/* two folders with trials of the same cells: neither summary holds */
	lat_folder(dir2, sizeof(dir2), "latsum2", summary);
	char *two[2] = { dir, dir2 };
	results_init(&rs);
	CU_ASSERT_EQUAL_FATAL(import_load_many(&rs, two, 2, err, sizeof(err)), 0);
	cell = results_find_cell(&rs, 64, 4);
	CU_ASSERT_FATAL(cell >= 0);
	CU_ASSERT_PTR_NULL(results_cell_sum(&rs, (size_t)cell, RC_RANDOM_MIX));
	results_release(&rs);
}

/*
 * Importing folder dir fails with bad->want in a message naming dir/file,
 * and leaves the set empty.
 */
static void expect_folder_error(const char *dir, const char *file, const struct csv_bad *bad)
{
	char err[IOSWEEP_ERR_MAX], path[700];
	struct result_set rs;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	results_init(&rs);
	int rc = import_load(&rs, dir, 0, err, sizeof(err));
	if (rc != -1 || !strstr(err, bad->want) || !strstr(err, path)) {
		fprintf(stderr, "%s: rc %d '%s'\n", bad->what, rc, rc ? err : "");
		CU_FAIL("expected an error naming the file (and line)");
	}
	CU_ASSERT_EQUAL(rs.nsamples, 0);
	CU_ASSERT_EQUAL(rs.nclient_samples, 0);
	CU_ASSERT_EQUAL(rs.ncell_sums, 0);
	results_release(&rs);
}

/* Bad fields of summary.csv: refused with the file and the line. */
static void test_csv_summary_errors(void)
{
	static const struct csv_bad sum_bads[] = {
		{ "latency not a number", SUM_HEAD "," LAT_HEAD "\n"
		  "x,write,64,4,1,64000.000,0,1,2,3,1,2,2,slow,3\n", ":2: lat_p99_us 'slow'" },
		{ "latency negative", SUM_HEAD "," RD_HEAD "\n"
		  "x,write,64,4,1,64000.000,0,1,2,3,1,-2,2,3,3\n", ":2: rd_lat_p50_us '-2'" },
		{ "latency infinite", SUM_HEAD "," WR_HEAD "\n"
		  "x,write,64,4,1,64000.000,0,1,2,inf,1,2,2,3,3\n", ":2: wr_lat_max_us 'inf'" },
		{ "n not a number", SUM_HEAD "\n" "x,write,64,4,two,64000.000,0\n", ":2: n 'two'" },
		{ "n zero", SUM_HEAD "\n" "x,write,64,4,0,64000.000,0\n", ":2: n 0" },
		{ "file_kb negative", SUM_HEAD "\n" "x,write,-64,4,1,64000.000,0\n", ":2: file_kb '-64'" },
		{ "short_timing", SUM_HEAD "\n" "x,write,64,4,1,64000.000,2\n",
		  ":2: short_timing '2'" },
		{ "unknown test", SUM_HEAD "\n" "x,scribble,64,4,1,64000.000,0\n",
		  ":2: unknown test" },
		{ "missing column", "label,test,file_kb,n\n" "x,write,64,1\n", ":1: no 'record_kb'" },
		{ "missing field", SUM_HEAD "\n" "x,write,64,4,1,64000.000,0\n"
		  "x,read,64,4,1,64000.000\n", ":3: 6 fields" },
		{ "two rows", SUM_HEAD "\n" "x,write,64,4,1,64000.000,0\n"
		  "x,write,64,4,1,64000.000,0\n", ":3: a second row for write" },
	};
	char dir[512];

	for (size_t i = 0; i < sizeof(sum_bads) / sizeof(sum_bads[0]); i++) {
		lat_folder(dir, sizeof(dir), "latbad", sum_bads[i].text);
		expect_folder_error(dir, "summary.csv", &sum_bads[i]);
	}
}

/* ---- an iosweep-mpi folder: the clients' rows behind the figures ---- */

#define MPI_HEAD ROW_HEAD ",cached_pct,client,host,writer\n"
#define MPI_ALL "3,x,write,64,4,0,131072,0.001,128000.000,32,,,0.002,0,,all,,\n"
#define MPI_C0 "3,x,write,64,4,0,65536,0.001,64000.000,16,,,0.002,0,,0,h1,1\n"
#define MPI_C1 "3,x,write,64,4,0,65536,0.0008,80000.000,16,,,0.002,0,,1,h2,0\n"

static void mpi_folder(char *dir, size_t n, const char *rows)
{
	char err[IOSWEEP_ERR_MAX];
	snprintf(dir, n, "%s", tmp_path("mpidir"));
	CU_ASSERT_EQUAL_FATAL(outfile_mkdirs(dir, err, sizeof(err)), 0);
	spill_in(dir, "results.csv", rows);
	spill_in(dir, "meta.csv", "key,value\nschema,3\nlabel,x\nclients,2\nhosts,2\n"
		 "ranks_per_host,1\n");
}

/*
 * The clients' rows come back as client samples (client, host, writer),
 * written back behind their figure, with clients.csv; two folders as
 * trials keep both folders' clients, trials shifted.
 */
static void test_csv_clients(void)
{
	char err[IOSWEEP_ERR_MAX], dir[512];
	struct result_set rs;

	mpi_folder(dir, sizeof(dir), MPI_HEAD MPI_ALL MPI_C0 MPI_C1);
	results_init(&rs);
	CU_ASSERT_EQUAL_FATAL(import_load(&rs, dir, 0, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(rs.nsamples, 1);
	CU_ASSERT_EQUAL_FATAL(rs.nclient_samples, 2);
	CU_ASSERT_EQUAL(rs.nclients, 2);
	CU_ASSERT_EQUAL(rs.nhosts, 2);
	CU_ASSERT_EQUAL(rs.ranks_per_host, 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(rs.client_host);
	CU_ASSERT_STRING_EQUAL(rs.client_host[0], "h1");
	CU_ASSERT_STRING_EQUAL(rs.client_host[1], "h2");
	for (size_t i = 0; i < 2; i++) {
		const struct result_sample *c = &rs.client_samples[i];
		CU_ASSERT_EQUAL(c->writer, 1 - c->client);
		CU_ASSERT_EQUAL(c->bytes, 65536);
		CU_ASSERT_EQUAL(c->elapsed_ns, c->client ? 800000u : 1000000u);
	}
	CU_ASSERT_EQUAL(rs.samples[0].bytes, 131072);

	char *back = written(&rs, dir, "results.csv");
	CU_ASSERT_PTR_NOT_NULL_FATAL(back);
	char *all = strstr(back, ",all,,,");
	char *c0 = strstr(back, ",,0,h1,1,");
	char *c1 = strstr(back, ",,1,h2,0,");
	CU_ASSERT_PTR_NOT_NULL(all);
	CU_ASSERT_PTR_NOT_NULL(c0);
	CU_ASSERT_PTR_NOT_NULL(c1);
	CU_ASSERT(all && c0 && c1 && all < c0 && c0 < c1);
	free(back);
	back = written(&rs, dir, "clients.csv");
	CU_ASSERT_PTR_NOT_NULL_FATAL(back);
	/* 2 clients, the aggregate, their sum, min, max, mean */
	CU_ASSERT_PTR_NOT_NULL(strstr(back, "\nx,write,64,4,0,2,128000.000,144000.000,64000.000,"
				      "80000.000,72000.000,"));
	free(back);
	results_release(&rs);

	char *two[2] = { dir, dir };
	results_init(&rs);
	CU_ASSERT_EQUAL_FATAL(import_load_many(&rs, two, 2, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(rs.nsamples, 2);
	CU_ASSERT_EQUAL_FATAL(rs.nclient_samples, 4);
	CU_ASSERT_EQUAL(rs.client_samples[2].trial, 1);
	CU_ASSERT_EQUAL(rs.client_samples[3].trial, 1);
	CU_ASSERT_PTR_NOT_NULL(rs.client_host);
	results_release(&rs);
}

/* Bad clients' rows: refused with the file and the line. */
static void test_csv_client_errors(void)
{
	static const struct csv_bad client_bads[] = {
		{ "client not a number", MPI_HEAD MPI_ALL
		  "3,x,write,64,4,0,65536,0.001,64000.000,16,,,0.002,0,,one,h1,0\n",
		  ":3: client 'one' is not all or a client number (0 to 1)" },
		{ "client past meta's", MPI_HEAD MPI_ALL
		  "3,x,write,64,4,0,65536,0.001,64000.000,16,,,0.002,0,,2,h1,0\n",
		  ":3: client '2'" },
		{ "client negative", MPI_HEAD MPI_ALL
		  "3,x,write,64,4,0,65536,0.001,64000.000,16,,,0.002,0,,-1,h1,0\n",
		  ":3: client '-1'" },
		{ "writer not a number", MPI_HEAD MPI_ALL
		  "3,x,write,64,4,0,65536,0.001,64000.000,16,,,0.002,0,,0,h1,w\n",
		  ":3: writer 'w'" },
		{ "host changes", MPI_HEAD MPI_ALL MPI_C0 MPI_C1
		  "3,x,write,64,4,1,65536,0.001,64000.000,16,,,0.002,0,,0,h9,1\n",
		  ":5: client 0 on host 'h9' here, 'h1' before" },
		{ "a client missing", MPI_HEAD MPI_ALL MPI_C0, "none of client 1 (of 2)" },
		{ "two rows of a client", MPI_HEAD MPI_ALL MPI_C0 MPI_C1 MPI_C0,
		  "two rows for trial 0 of client 0 of write" },
	};
	char dir[512];

	for (size_t i = 0; i < sizeof(client_bads) / sizeof(client_bads[0]); i++) {
		mpi_folder(dir, sizeof(dir), client_bads[i].text);
		expect_folder_error(dir, "results.csv", &client_bads[i]);
	}
}


static void test_cleanup(void)
{
	tu_tmp_cleanup(tmpdir);
}

static const struct cu_case cases[] = {
	CU_CASE(test_csv_round_trip),
	CU_CASE(test_csv_measured_samples),
	CU_CASE(test_csv_latency_figures),
	CU_CASE(test_csv_errors),
	CU_CASE(test_csv_latency_dirs),
	CU_CASE(test_csv_summary_figures),
	CU_CASE(test_csv_summary_errors),
	CU_CASE(test_csv_clients),
	CU_CASE(test_csv_client_errors),
	CU_CASE(test_cleanup),
	{ 0 },
};

CU_MAIN("import_csv", cases)
