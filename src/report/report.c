/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report.c: IOzone's normal report and its -R "Excel" section, byte for
 * byte in layout (SPEC.md section d), so that parsers and graph scripts
 * written for IOzone 3.508 read ours unchanged.
 *
 * The shape comes from two small tables instead of format strings: the
 * column header cells (width, a leading space, the two labels) and the
 * tests in row order (their result columns, whether IOzone prints them as
 * " %10lld", and the width of the blank filler IOzone prints for a test
 * that did not run; the fillers are narrower than the values, a quirk
 * parsers live with and we keep).  A figure is the mean over trials of the
 * cell's samples in the report unit, truncated to an integer like
 * IOzone's.  The -R tables are described once (report_tables) and shared
 * with the -b worksheet (xls.c), so the two always hold the same cells.
 */
#include "compat.h"

#include <inttypes.h>
#include <string.h>
#include <time.h>

#include "iosweep.h"
#include "model/latency.h"
#include "report/report_qd.h"
#include "report/steadyout.h"
#include "options/options.h"
#include "platform/clock.h"
#include "platform/platform.h"
#include "report/report.h"
#include "model/results.h"
#include "run/sweep/telemetry.h"

/* IOzone's processor cache size and line size when -S and -L are not given */
#define REPORT_CACHE_KB 1024u
#define REPORT_CACHE_LINE 32u

/* A test as one group of row columns. */
struct report_test {
	int test;          /* enum test_number */
	int col[2];        /* results columns; -1 for one-value tests */
	int lead_space;    /* printed as " %10lld" (record rewrite, stride) */
	int filler;        /* width of IOzone's blank filler when not run */
	const char *base[2][2]; /* [col][0 stdout, 1 xls] section base names */
};

enum { ROW_MMAP_END = 6, ROW_BASE_END = 8, ROW_EXT_END = 10, ROW_ALL_END = 12 };

static const struct report_test row_tests[ROW_ALL_END] = {
	{ .test = TEST_WRITE, .col = { RC_WRITE, RC_REWRITE }, .filler = 18,
	  .base = { { "Writer", "Writer" }, { "Re-writer", "Re-writer" } } },
	{ .test = TEST_READ, .col = { RC_READ, RC_REREAD }, .filler = 18,
	  .base = { { "Reader", "Reader" }, { "Re-Reader", "Re-reader" } } },
	{ .test = TEST_RANDOM, .col = { RC_RANDOM_READ, RC_RANDOM_WRITE },
	  .filler = 18,
	  .base = { { "Random read", "Random Read" }, { "Random write", "Random Write" } } },
	{ .test = TEST_BKWD, .col = { RC_BKWD_READ, -1 }, .filler = 9,
	  .base = { { "Backward read", "Backward Read" }, { NULL, NULL } } },
	{ .test = TEST_RECREWRITE, .col = { RC_RECORD_REWRITE, -1 },
	  .lead_space = 1, .filler = 10,
	  .base = { { "Record rewrite", "Record Rewrite" }, { NULL, NULL } } },
	{ .test = TEST_STRIDE, .col = { RC_STRIDE_READ, -1 }, .lead_space = 1,
	  .filler = 10,
	  .base = { { "Stride read", "Stride Read" }, { NULL, NULL } } },
	{ .test = TEST_FWRITE, .col = { RC_FWRITE, RC_FREWRITE },
	  .filler = 18,
	  .base = { { "Fwrite", "Fwrite" }, { "Re-Fwrite", "Re-fwrite" } } },
	{ .test = TEST_FREAD, .col = { RC_FREAD, RC_FREREAD }, .filler = 17,
	  .base = { { "Fread", "Fread" }, { "Re-Fread", "Re-fread" } } },
	/* -E: IOzone's pwrite/pread columns */
	{ .test = TEST_PWRITE, .col = { RC_PWRITE, RC_REPWRITE },
	  .filler = 18,
	  .base = { { "Pwrite", "Pwrite" }, { "Re-Pwrite", "Re-pwrite" } } },
	{ .test = TEST_PREAD, .col = { RC_PREAD, RC_REPREAD }, .filler = 18,
	  .base = { { "Pread", "Pread" }, { "Re-Pread", "Re-pread" } } },
	/* ours: IOzone's Linux build has no pwritev/preadv columns */
	{ .test = TEST_PWRITEV, .col = { RC_PWRITEV, RC_REPWRITEV },
	  .filler = 18,
	  .base = { { "Pwritev", "Pwritev" }, { "Re-Pwritev", "Re-pwritev" } } },
	{ .test = TEST_PREADV, .col = { RC_PREADV, RC_REPREADV },
	  .filler = 18,
	  .base = { { "Preadv", "Preadv" }, { "Re-Preadv", "Re-preadv" } } },
};

/* One column of the two-line header. */
struct report_head {
	int lead_space;
	int width;
	const char *top, *bottom;
};

enum { HEAD_AUTO2_END = 6, HEAD_MMAP_END = 11, HEAD_BASE_END = 15, HEAD_EXT_END = 19,
       HEAD_ALL_END = 23 };

static const struct report_head heads[HEAD_ALL_END] = {
	{ 0, 16, " ", "kB" }, { 0, 8, " ", "reclen" }, { 0, 9, " ", "write" },
	{ 0, 11, " ", "rewrite" }, { 0, 10, " ", "read" }, { 0, 10, " ", "reread" },
	{ 0, 10, "random", "read" }, { 1, 9, "random", "write" },
	{ 0, 10, "bkwd", "read" }, { 1, 10, "record", "rewrite" },
	{ 1, 10, "stride", "read" }, { 0, 10, "", "fwrite" },
	{ 0, 10, "", "frewrite" }, { 0, 10, "", "fread" }, { 0, 10, "", "freread" },
	{ 0, 10, " ", "pwrite" }, { 0, 10, " ", "repwrite" },
	{ 0, 10, " ", "pread" }, { 0, 10, " ", "repread" },
	{ 0, 10, " ", "pwritev" }, { 0, 10, " ", "repwritev" },
	{ 0, 10, " ", "preadv" }, { 0, 10, " ", "repreadv" },
};

static int test_ran(const struct options *o, const struct result_set *rs,
		    const struct report_test *t)
{
	if (options_tests(o) & (1u << t->test))
		return 1;
	for (int i = 0; i < 2; i++)
		if (t->col[i] >= 0 && (rs->cols_mask & (1u << t->col[i])))
			return 1;
	return 0;
}

/*
 * How many row_tests a row shows: 2 (-A), 6 (mmap files: IOzone stops
 * after the stride test), 8, 10 (-E) or 12 (pwritev or preadv asked
 * for).  It depends on the options only, as the column
 * header does, so that header and rows always line up.
 */
static size_t row_test_count(const struct options *o)
{
	unsigned tests = options_tests(o);
	if (o->auto2)
		return 2;
	if (options_mmap(o))
		return ROW_MMAP_END;
	if (tests & ((1u << TEST_PWRITEV) | (1u << TEST_PREADV)))
		return ROW_ALL_END;
	if (o->extended || (tests & ((1u << TEST_PWRITE) | (1u << TEST_PREAD))))
		return ROW_EXT_END;
	return ROW_BASE_END;
}

/* The header columns that go with row_test_count(). */
static size_t head_count(const struct options *o)
{
	switch (row_test_count(o)) {
	case 2: return HEAD_AUTO2_END;
	case ROW_MMAP_END: return HEAD_MMAP_END;
	case ROW_EXT_END: return HEAD_EXT_END;
	case ROW_ALL_END: return HEAD_ALL_END;
	default: return HEAD_BASE_END;
	}
}

double report_mean(const struct result_set *rs, size_t cell, int col, int unit,
		   size_t *n)
{
	double sum = 0.0;
	size_t k = 0;
	for (size_t i = 0; i < rs->nsamples; i++) {
		const struct result_sample *s = &rs->samples[i];
		if (s->cell != cell || s->col != col || (s->flags & RESULTS_SF_PARTIAL))
			continue;
		double v = results_sample_value(rs, s, unit);
		if (v < 0.0)
			continue;
		sum += v;
		k++;
	}
	if (n)
		*n = k;
	return k ? sum / (double)k : 0.0;
}

/* IOzone's integer: (long long) of the mean, 0 when nothing was measured. */
static long long printed_value(const struct result_set *rs, size_t cell, int col,
			       int unit)
{
	return (long long)report_mean(rs, cell, col, unit, NULL);
}

/* Mean over full trials of IOzone's CPU utilization 100*cpu/wall. */
static double cpu_percent(const struct result_set *rs, size_t cell, int col)
{
	double sum = 0.0;
	size_t k = 0;
	for (size_t i = 0; i < rs->nsamples; i++) {
		const struct result_sample *s = &rs->samples[i];
		if (s->cell != cell || s->col != col || (s->flags & RESULTS_SF_PARTIAL))
			continue;
		double cpu = s->cpu_user_s + s->cpu_sys_s;
		double wall = (double)s->wall_ns / 1e9;
		if (cpu < 0.0)
			cpu = 0.0;
		if (wall < cpu)
			wall = cpu;
		sum += wall > 0.0 ? 100.0 * cpu / wall : 0.0;
		k++;
	}
	return k ? sum / (double)k : 0.0;
}

/* ctime()-style text of an ISO 8601 start time; now when there is none. */
static void start_text(const char *iso, char *buf, size_t len)
{
	struct tm tm;
	time_t t;
	memset(&tm, 0, sizeof(tm));
	if (iso && sscanf(iso, "%d-%d-%dT%d:%d:%d", &tm.tm_year, &tm.tm_mon,
			  &tm.tm_mday, &tm.tm_hour, &tm.tm_min, &tm.tm_sec) == 6) {
		tm.tm_year -= 1900;
		tm.tm_mon -= 1;
		tm.tm_isdst = -1;
		t = mktime(&tm);   /* fills tm_wday */
	} else {
		t = time(NULL);
		plat_localtime(t, &tm);
	}
	if (t == (time_t)-1 || clock_ctime_text(&tm, buf, len) != 0)
		snprintf(buf, len, "%s", iso ? iso : "unknown");
}

/*
 * IOzone's lines for -J and the telemetry files' compute times (-X, -Y),
 * after "Output is in": per direction, the file's times when its lines
 * have a third field, else -J's (with both files and no -J: none).
 */
static void compute_lines(FILE *out, const struct options *o)
{
	static const char *const dir[2] = { "writes", "reads" };
	const double secs = (double)((float)o->compute_ms / 1000.0f);
	const int given[2] = { o->traj_path[0] != NULL, o->traj_path[1] != NULL };

	if (!given[0] && !given[1]) {
		if (o->compute_given)
			fprintf(out, "\tCompute time %f seconds for reads and "
				"writes.\n", secs);
		return;
	}
	/* reads first, then writes; IOzone's -X alone prints writes first */
	for (int k = 0; k < 2; k++) {
		int d = given[0] && !given[1] ? k : 1 - k;
		if (given[d] && o->traj[d] && o->traj[d]->fields == 3)
			fprintf(out, "\tCompute time from telemetry files for %s.\n",
				dir[d]);
		else if (o->compute_given)
			fprintf(out, "\tCompute time %f seconds for %s.\n", secs,
				dir[d]);
		else if (given[0] && given[1])
			fprintf(out, "\tNo compute time for %s.\n", dir[d]);
	}
}

void report_header(FILE *out, const struct options *o, const struct result_set *rs)
{
	const struct result_meta *m = &rs->meta;
	char machine[256], began[64];

	plat_machine(machine, sizeof(machine));
	start_text(m->start_time, began, sizeof(began));
	fprintf(out, "\tIosweep: Performance Test of File I/O\n"
		"\t        Version $Revision: %s $\n"
		"\t\tCompiled for %d bit mode.\n"
		"\t\tBuild: %s-%s \n\n"
		"\tContributors: the iosweep authors (test design after IOzone by "
		"William Norcott, Don Capps and others)\n\n"
		"\tRun began: %s\n\n",
		IOSWEEP_VERSION, (int)(sizeof(void *) * 8), plat_caps()->os,
		machine, began);
	for (size_t i = 0; i < o->nsplash; i++)
		fprintf(out, "%s\n", o->splash[i]);
	fprintf(out, "%s\tCommand line used: %s\n", o->splash_space ? " " : "",
		o->command_line ? o->command_line : (m->command_line ? m->command_line : ""));
	if (o->unit == RESULTS_UNIT_KBPS)
		fprintf(out, "\tOutput is in kBytes/sec\n");
	compute_lines(out, o);
	fprintf(out, "\tTime Resolution = %1.6f seconds.\n"
		"\tProcessor cache size set to %llu kBytes.\n"
		"\tProcessor cache line size set to %u bytes.\n"
		"\tFile stride size set to %llu * record size.\n",
		m->timer_resolution_s,
		(unsigned long long)(o->cache_kb ? o->cache_kb : REPORT_CACHE_KB),
		o->cache_line_bytes ? o->cache_line_bytes : REPORT_CACHE_LINE,
		(unsigned long long)o->stride);
	if (o->burst_kb)        /* -+b: IOzone's two lines, after the stride */
		fprintf(out, "\tBurst size set to %llu Kbytes.\n"
			"\tBurst sleep duration set to %u msec\n",
			(unsigned long long)o->burst_kb, o->burst_ms);
	if (m->flags & RESULTS_F_SHORT)
		fprintf(out, "\tShort-circuit mode: the figures are not storage "
			"figures\n");
	if (o->stagger_us)      /* -d: IOzone prints nothing for it */
		fprintf(out, "\tChildren start %u microseconds apart\n",
			o->stagger_us);
	if (m->data_pattern) {
		fprintf(out, "\tData pattern: %s", m->data_pattern);
		if (m->data_compress_ratio > 0.0)
			fprintf(out, " (zlib ratio %.2f)", m->data_compress_ratio);
		char dd[128];
		results_data_dedup_text(m, dd, sizeof(dd));
		fprintf(out, "%s\n", dd);
	}
	if (m->target_path && io_is_remote(m->target_path))
		fprintf(out, "\tNFS file through libnfs (%s): no client cache, every "
			"read and write goes to the server (what -I asks for)\n",
			m->fs_type ? m->fs_type : "nfs");
	if (m->dedup_granule && m->dedup_within >= 0.0) {
		fprintf(out, "\tDuplicate %llu-byte granules: %.1f%% within a file",
			(unsigned long long)m->dedup_granule, 100.0 * m->dedup_within);
		if (m->dedup_across >= 0.0)
			fprintf(out, ", %.1f%% of a second file across files",
				100.0 * m->dedup_across);
		fprintf(out, " (hashed: the first %llu kB of %u file%s, built as the "
			"writers build them)\n",
			(unsigned long long)(m->dedup_probe_bytes / 1024), m->dedup_files,
			m->dedup_files == 1 ? "" : "s");
	}
	/* a sweep's trials are in the options; an import's in the result set */
	unsigned trials = rs->trials > 1 ? rs->trials : o->trials;
	if (trials > 1)
		fprintf(out, "\tTrials per cell: %u (values are means)\n", trials);
	/* --runtime: each client counts its own window of that length */
	int windows = rs->meta.workload && strstr(rs->meta.workload, " runtime=");
	if (rs->nclients)
		fprintf(out, "\tClients: %u on %u host%s, at most %u ranks per host "
			"(values are aggregates: all clients' bytes over %s)\n",
			rs->nclients, rs->nhosts, rs->nhosts == 1 ? "" : "s",
			rs->ranks_per_host, windows ? "the runtime, each client "
			"counting its own window of it, started together" :
			"the time from the common start to the last client's end");
	if (rs->nclients && (rs->meta.flags & RESULTS_F_STONEWALL))
		fprintf(out, "\tStonewalling: each pass ends on every client when the "
			"first client finishes it (bytes are what each moved until then)\n");
}

void report_columns(FILE *out, const struct options *o)
{
	size_t n = head_count(o);
	for (int line = 0; line < 2; line++) {
		/* mmap files: IOzone's lines still run to the fread columns,
		   the lower one without their names */
		size_t end = n == HEAD_MMAP_END ? HEAD_BASE_END : n;
		for (size_t i = 0; i < end; i++) {
			const struct report_head *h = &heads[i];
			const char *label = line ? (i < n ? h->bottom : "") : h->top;
			if (o->auto2 && !line)
				label = " ";
			fprintf(out, "%s%*s", h->lead_space ? " " : "", h->width, label);
		}
		fputc('\n', out);
	}
}

void report_row(FILE *out, const struct options *o, const struct result_set *rs,
		size_t cell)
{
	const struct result_cell *c = &rs->cells[cell];
	if (c->placeholder)
		return;
	fprintf(out, "%16lld%8lld", (long long)c->file_kb, (long long)c->record_kb);
	size_t ntests = row_test_count(o);
	for (size_t i = 0; i < ntests; i++) {
		const struct report_test *t = &row_tests[i];
		if (!test_ran(o, rs, t)) {
			fprintf(out, "%*s", t->filler, "");
			continue;
		}
		for (int k = 0; k < 2 && t->col[k] >= 0; k++)
			fprintf(out, "%s%10lld", t->lead_space ? " " : "",
				printed_value(rs, cell, t->col[k], o->unit));
	}
	/* mmap files with -i: IOzone ends on the blank of the unrun fwrite */
	if (ntests == ROW_MMAP_END && o->tests_mask)
		fprintf(out, "%*s", row_tests[ROW_MMAP_END].filler, "");
	fputc('\n', out);
}

/*
 * --latency: one row per cell and test with the per-operation figures of
 * all full trials merged, after IOzone's trailer lines (where IOzone
 * itself prints extra lines).  Rows start with the test's name, so no
 * parser takes them for IOzone's "%16lld%8lld" rows or header.
 */
static void report_latency(FILE *out, const struct result_set *rs)
{
	struct latency_hist h;
	int header = 0;

	if (!results_has_latency(rs) || latency_init(&h) != 0)
		return;
	for (size_t cell = 0; cell < rs->ncells; cell++) {
		if (rs->cells[cell].placeholder)
			continue;
		for (int col = 0; col < RC_COUNT; col++) {
			struct latency_summary ls;
			if (!(rs->cols_mask & (1u << col)) ||
			    results_lat_merge_cell(rs, cell, col, &h) <= 0 ||
			    latency_summarize(&h, &ls) != 0)
				continue;
			if (!header) {
				fprintf(out, "\nLatency per operation, microseconds "
					"(trials merged)\n%-15s%12s%8s%12s", "test", "kB",
					"reclen", "ops");
				for (int i = 0; i < LATENCY_NFIGS; i++)
					fprintf(out, "%11s", latency_fig_label(i));
				fputc('\n', out);
				header = 1;
			}
			fprintf(out, "%-15s%12llu%8llu%12llu", results_col_name(col),
				(unsigned long long)rs->cells[cell].file_kb,
				(unsigned long long)rs->cells[cell].record_kb,
				(unsigned long long)ls.n);
			for (int i = 0; i < LATENCY_NFIGS; i++)
				fprintf(out, "%11.2f", ls.us[i]);
			fputc('\n', out);
		}
	}
	latency_release(&h);
}

/*
 * Without --cold: say how many read figures came mostly (at least
 * REPORT_CACHED_PCT of the file resident when the pass started) from the
 * page cache, and what to do about it.  Nothing when none did.
 */
#define REPORT_CACHED_PCT 50.0

static void report_cache_note(FILE *out, const struct result_set *rs)
{
	size_t reads = 0, cached = 0;
	uint64_t largest_kb = 0;

	if (rs->meta.flags & RESULTS_F_COLD)
		return;
	for (size_t i = 0; i < rs->nsamples; i++) {
		const struct result_sample *s = &rs->samples[i];
		if ((s->flags & RESULTS_SF_PARTIAL) || !(s->flags & RESULTS_SF_CACHED) ||
		    !results_col_reads(s->col))
			continue;
		reads++;
		if (s->cached_pct >= REPORT_CACHED_PCT) {
			cached++;
			if (rs->cells[s->cell].file_kb > largest_kb)
				largest_kb = rs->cells[s->cell].file_kb;
		}
	}
	if (!cached)
		return;
	fprintf(out, "\nPage cache: %zu of %zu read figures came mostly from memory, "
		"not the file system\n(at least %.0f%% of the file cached when the pass "
		"started, in files up to %llu kB;\ncached_pct in results.csv).  Use "
		"--cold to read from the device, or files\nlarger than RAM.\n",
		cached, reads, REPORT_CACHED_PCT, (unsigned long long)largest_kb);
}

void report_trailer(FILE *out, const struct options *o, const struct result_set *rs)
{
	uint64_t limit_ns = (uint64_t)(rs->meta.timer_resolution_s * 1e9);
	uint64_t worst_kb = 0;
	int poor = 0;

	(void)o;
	if (limit_ns < 1000)
		limit_ns = 1000;   /* IOzone's test: a timed region under 1 us */
	for (size_t i = 0; i < rs->nsamples; i++) {
		const struct result_sample *s = &rs->samples[i];
		if (s->flags & (RESULTS_SF_PARTIAL | RESULTS_SF_RATE_ONLY))
			continue;
		if (s->elapsed_ns < limit_ns) {
			poor = 1;
			if (rs->cells[s->cell].record_kb > worst_kb)
				worst_kb = rs->cells[s->cell].record_kb;
		}
	}
	fprintf(out, "\niozone test complete.\n");
	if (poor)
		fprintf(out, "Timer resolution is poor. Some small transfers may have \n"
			"reported inaccurate results. Sizes %ld kBytes and below.\n",
			(long)worst_kb);
	report_latency(out, rs);
	report_qd(out, rs);   /* --iodepth/--jobs/--mix runs */
	steadyout_report(out, rs);
	report_cache_note(out, rs);
}

size_t report_tables(const struct options *o, const struct result_set *rs,
		     struct report_table *tables, size_t max)
{
	size_t n = 0, ntests = row_test_count(o);
	int cpu = o->cpu_util || (rs->meta.flags & RESULTS_F_CPU);
	for (int kind = REPORT_TABLE_RATE; kind <= (cpu ? REPORT_TABLE_CPU : REPORT_TABLE_RATE);
	     kind++) {
		for (size_t i = 0; i < ntests; i++) {
			const struct report_test *t = &row_tests[i];
			if (!test_ran(o, rs, t))
				continue;
			for (int k = 0; k < 2 && t->col[k] >= 0 && n < max; k++) {
				tables[n].col = t->col[k];
				tables[n].kind = kind;
				n++;
			}
		}
	}
	return n;
}

void report_table_title(const struct report_table *t, int xls, char *buf,
			size_t len)
{
	const char *base = "?";
	for (size_t i = 0; i < ROW_ALL_END; i++)
		for (int k = 0; k < 2; k++)
			if (row_tests[i].col[k] == t->col)
				base = row_tests[i].base[k][xls ? 1 : 0];
	if (t->kind == REPORT_TABLE_CPU)
		snprintf(buf, len, "%s CPU utilization report (Zero values should be ignored)",
			 base);
	else
		snprintf(buf, len, "%s %s", base, xls ? "Report" : "report");
}

double report_table_value(const struct options *o, const struct result_set *rs,
			  const struct report_table *t, size_t cell)
{
	if (rs->cells[cell].placeholder)
		return 0.0;
	if (t->kind == REPORT_TABLE_CPU)
		return cpu_percent(rs, cell, t->col);
	return (double)printed_value(rs, cell, t->col, o->unit);
}

static void excel_table(FILE *out, const struct options *o,
			const struct result_set *rs, const struct report_table *t)
{
	char title[160];
	report_table_title(t, 0, title, sizeof(title));
	fprintf(out, "\n\"%s\"\n      ", title);
	for (size_t i = 0; i < rs->nrecord_axis; i++)
		fprintf(out, "  \"%llu\"", (unsigned long long)rs->record_axis[i]);
	fputc('\n', out);
	for (size_t i = 0; i < rs->ncells; i++) {
		if (i == 0 || rs->cells[i].file_kb != rs->cells[i - 1].file_kb) {
			if (i)
				fputc('\n', out);
			fprintf(out, "\"%llu\"  ", (unsigned long long)rs->cells[i].file_kb);
		}
		double v = report_table_value(o, rs, t, i);
		if (t->kind == REPORT_TABLE_CPU)
			fprintf(out, " %6.2f", v);
		else
			fprintf(out, " %lld ", (long long)v);
	}
	if (rs->ncells)
		fputc('\n', out);
}

void report_excel(FILE *out, const struct options *o, const struct result_set *rs)
{
	struct report_table tables[2 * RC_COUNT];
	size_t n = report_tables(o, rs, tables, sizeof(tables) / sizeof(tables[0]));
	fprintf(out, "Excel output is below:\n");
	for (size_t i = 0; i < n; i++)
		excel_table(out, o, rs, &tables[i]);
}
