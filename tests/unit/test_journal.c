/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_journal.c: the journal (report/journal.c, journal_read.c): what
 * is written reads back exactly (figures as hex floats, histograms,
 * escaped command lines); a torn last line is dropped, a damaged line
 * elsewhere refused with its number; a resume drops the samples of
 * cell-trials that did not finish; the whole journal becomes a result set
 * with unfinished cell-trials partial.
 */
#include "compat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "cu.h"
#include "model/latency.h"
#include "report/journal.h"
#include "model/results.h"
#include "testutil.h"

static char tmpdir[256];

/* A set of one cell (1024 kB / 64 kB) and samples of trial 0 and 1. */
static void make_set(struct result_set *rs, int with_lat)
{
	results_init(rs);
	CU_ASSERT_FATAL(results_set_str(&rs->meta.label, "disk, \"A\"\t%1") == 0);
	CU_ASSERT_FATAL(results_set_str(&rs->meta.version, "0.1.0") == 0);
	CU_ASSERT_FATAL(results_set_str(&rs->meta.host, "nas\nbox") == 0);
	rs->meta.data_compress_ratio = 0.99987654321;
	rs->meta.flags = RESULTS_F_DIRECT | RESULTS_F_FSYNC;
	rs->trials = 2;
	CU_ASSERT_FATAL(results_add_cell(rs, 1024, 64, 0) == 0);
	for (unsigned t = 0; t < 2; t++)
		for (int col = RC_WRITE; col <= RC_REWRITE; col++) {
			struct result_sample s;
			memset(&s, 0, sizeof(s));
			s.cell = 0;
			s.col = (uint16_t)col;
			s.trial = (uint16_t)t;
			s.bytes = 1048576;
			s.ops = 16;
			s.elapsed_ns = 1234567 + t * 1000 + (uint64_t)col;
			s.wall_ns = 2345678;
			s.cpu_user_s = 0.1 / 3.0;
			s.cpu_sys_s = 1e-7 / 7.0;
			s.cached_pct = 12.5;
			s.flags = RESULTS_SF_CACHED;
			if (with_lat) {
				struct latency_hist h;
				CU_ASSERT_FATAL(latency_init(&h) == 0);
				for (uint64_t ns = 1000; ns < 200000; ns += 3331)
					latency_add(&h, ns);
				s.lat = latency_compact(&h);
				latency_release(&h);
				CU_ASSERT_PTR_NOT_NULL_FATAL(s.lat);
			}
			CU_ASSERT_FATAL(results_add_sample(rs, &s) == 0);
		}
}

/* Write rs to a journal: trial 0 finished ("d"), trial 1 not. */
static void write_journal(const struct result_set *rs, const char *dir)
{
	char *argv[] = { "-a", "-f", "/tmp/x y", "--label", "tab\there%" };
	char err[256] = "";
	struct journal j;

	CU_ASSERT_FATAL(journal_create(&j, dir, rs, "/work/cwd", 5, argv, err,
				       sizeof(err)) == 0);
	CU_ASSERT(journal_samples(&j, rs, err, sizeof(err)) == 0);
	CU_ASSERT_EQUAL(j.cursor, rs->nsamples);
	CU_ASSERT(journal_trial_done(&j, 1024, 64, 0, err, sizeof(err)) == 0);
	journal_close(&j);
}

static char *slurp_journal(const char *dir, size_t *len)
{
	char path[600];
	snprintf(path, sizeof(path), "%s/%s", dir, JOURNAL_NAME);
	return tu_slurp(path, len);
}

static void test_round_trip(void)
{
	struct result_set rs;
	struct journal_doc d;
	char err[256] = "";
	size_t len;
	const char *dir;

	tmpdir[0] = '\0';
	tu_tmp_path(tmpdir, "journal", "x");
	dir = tmpdir;
	make_set(&rs, 1);
	write_journal(&rs, dir);
	char *buf = slurp_journal(dir, &len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
	journal_doc_init(&d);
	CU_ASSERT_EQUAL(journal_parse(&d, "j", buf, len, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(d.torn, 0);
	CU_ASSERT_STRING_EQUAL(d.meta.label, "disk, \"A\"\t%1");
	CU_ASSERT_STRING_EQUAL(d.meta.host, "nas\nbox");
	CU_ASSERT_EQUAL(d.meta.data_compress_ratio, 0.99987654321);
	CU_ASSERT_EQUAL(d.meta.flags, RESULTS_F_DIRECT | RESULTS_F_FSYNC);
	CU_ASSERT_EQUAL(d.trials, 2);
	CU_ASSERT_STRING_EQUAL(d.cwd, "/work/cwd");
	CU_ASSERT_EQUAL_FATAL(d.argc, 5);
	CU_ASSERT_STRING_EQUAL(d.argv[2], "/tmp/x y");
	CU_ASSERT_STRING_EQUAL(d.argv[4], "tab\there%");
	CU_ASSERT_EQUAL_FATAL(d.nsamples, rs.nsamples);
	for (size_t i = 0; i < rs.nsamples; i++) {
		const struct result_sample *a = &rs.samples[i], *b = &d.samples[i].s;
		CU_ASSERT_EQUAL(d.samples[i].file_kb, 1024);
		CU_ASSERT_EQUAL(d.samples[i].record_kb, 64);
		CU_ASSERT_EQUAL(a->col, b->col);
		CU_ASSERT_EQUAL(a->trial, b->trial);
		CU_ASSERT_EQUAL(a->elapsed_ns, b->elapsed_ns);
		CU_ASSERT_EQUAL(a->cpu_user_s, b->cpu_user_s);   /* exact: hex floats */
		CU_ASSERT_EQUAL(a->cpu_sys_s, b->cpu_sys_s);
		CU_ASSERT_EQUAL(a->cached_pct, b->cached_pct);
		CU_ASSERT_EQUAL(a->flags, b->flags);
		CU_ASSERT_PTR_NOT_NULL_FATAL(b->lat);
		CU_ASSERT_EQUAL(a->lat->n, b->lat->n);
		CU_ASSERT_EQUAL(a->lat->sum_ns, b->lat->sum_ns);
		CU_ASSERT_EQUAL(latency_quantile_ns(a->lat, 0.99),
				latency_quantile_ns(b->lat, 0.99));
	}
	CU_ASSERT(journal_trial_is_done(&d, 1024, 64, 0));
	CU_ASSERT(!journal_trial_is_done(&d, 1024, 64, 1));
	CU_ASSERT_PTR_NULL(d.end_status);
	free(buf);
	journal_doc_release(&d);
	results_release(&rs);
	tu_tmp_cleanup(tmpdir);
}

/* A new scratch folder (tmpdir) and make_set's samples, without latencies. */
static void fresh_set(struct result_set *rs)
{
	tmpdir[0] = '\0';
	tu_tmp_path(tmpdir, "journal", "x");
	make_set(rs, 0);
}

/* Append line to buf, sealed as the journal seals it (tab, CRC-32, newline). */
static void seal(char *buf, size_t size, const char *line)
{
	unsigned long crc = crc32(crc32(0L, Z_NULL, 0), (const Bytef *)line,
				  (uInt)strlen(line));
	size_t at = strlen(buf);

	snprintf(buf + at, size - at, "%s\t%08lx\n", line, crc);
}

/* Parse buf; expect rc, and the error naming line `line` when it fails. */
static void parse_expect(const char *buf, size_t len, int rc, const char *where,
			 struct journal_doc *d)
{
	char err[256] = "";

	journal_doc_init(d);
	CU_ASSERT_EQUAL(journal_parse(d, "j", buf, len, err, sizeof(err)), rc);
	if (where)
		CU_ASSERT_PTR_NOT_NULL(strstr(err, where));
}

static void test_torn_and_damaged(void)
{
	struct result_set rs;
	struct journal_doc d;
	size_t len;

	tmpdir[0] = '\0';
	tu_tmp_path(tmpdir, "journal", "x");
	make_set(&rs, 0);
	write_journal(&rs, tmpdir);
	char *buf = slurp_journal(tmpdir, &len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
	size_t lines = 0;
	for (size_t i = 0; i < len; i++)
		lines += buf[i] == '\n';

	/* cut inside the last line ("d"): that line dropped, the rest kept */
	char *nl = buf + len - 1;
	while (nl > buf && nl[-1] != '\n')
		nl--;
	size_t cut = (size_t)(nl - buf) + 5;
	parse_expect(buf, cut, 0, NULL, &d);
	CU_ASSERT_EQUAL(d.torn, 1);
	CU_ASSERT_EQUAL(d.nsamples, rs.nsamples);
	CU_ASSERT_EQUAL(d.ndone, 0);
	journal_doc_release(&d);
	/* the last line whole but without its newline: torn too */
	parse_expect(buf, len - 1, 0, NULL, &d);
	CU_ASSERT_EQUAL(d.torn, 1);
	CU_ASSERT_EQUAL(d.ndone, 0);
	journal_doc_release(&d);

	/* one byte changed in a sample line that is not the last: refused */
	char *s = strstr(buf, "\ns\twrite\t1024");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	size_t lineno = 2;
	for (char *p = buf; p < s; p++)
		lineno += *p == '\n';
	char want[32];
	snprintf(want, sizeof(want), "j:%zu: damaged", lineno);
	char was = s[12];
	s[12] = was == '9' ? '8' : '9';
	parse_expect(buf, len, -1, want, &d);
	journal_doc_release(&d);
	s[12] = was;
	/* the same damage in the last line is a torn write */
	buf[len - 3] = buf[len - 3] == 'a' ? 'b' : 'a';
	parse_expect(buf, len, 0, NULL, &d);
	CU_ASSERT_EQUAL(d.torn, 1);
	journal_doc_release(&d);
	/* not a journal */
	parse_expect("hello\n", 6, -1, "j:1: not an iosweep journal", &d);
	journal_doc_release(&d);
	parse_expect("", 0, -1, "j:1: empty file", &d);
	journal_doc_release(&d);
	CU_ASSERT(lines > 5);
	free(buf);
	results_release(&rs);
	tu_tmp_cleanup(tmpdir);
}

/* A resume ("r") drops unfinished cell-trials; the set marks them partial. */
static void test_resume_and_set(void)
{
	struct result_set rs, out;
	struct journal_doc d;
	struct journal j;
	char err[256] = "";
	size_t len;

	fresh_set(&rs);
	write_journal(&rs, tmpdir);

	/* before the resume: all 4 samples, trial 1's partial in the set */
	char *buf = slurp_journal(tmpdir, &len);
	parse_expect(buf, len, 0, NULL, &d);
	results_init(&out);
	CU_ASSERT_EQUAL_FATAL(journal_doc_to_set(&d, "j", &out, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(out.nsamples, 4);
	CU_ASSERT_EQUAL(out.ncells, 1);
	CU_ASSERT_EQUAL(out.trials, 2);
	for (size_t i = 0; i < out.nsamples; i++)
		CU_ASSERT_EQUAL(!!(out.samples[i].flags & RESULTS_SF_PARTIAL),
				out.samples[i].trial == 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(out.meta.status);
	CU_ASSERT_EQUAL(strncmp(out.meta.status, "interrupted", 11), 0);
	double v[4];
	CU_ASSERT_EQUAL(results_values(&out, 0, RC_WRITE, RESULTS_UNIT_KBPS, v, 4), 1);
	results_release(&out);
	journal_doc_release(&d);
	free(buf);

	/* a resume: trial 1's samples are gone; take() hands trial 0 over once */
	/* a torn line at the end is cut before the resume's record */
	char path[600];
	snprintf(path, sizeof(path), "%s/%s", tmpdir, JOURNAL_NAME);
	FILE *fp = fopen(path, "ab");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	fputs("s	write	1024	64	1	0", fp);
	fclose(fp);
	buf = slurp_journal(tmpdir, &len);
	parse_expect(buf, len, 0, NULL, &d);
	CU_ASSERT_EQUAL(d.torn, 1);
	CU_ASSERT(d.good_len + 19 == len);
	size_t good = d.good_len;
	journal_doc_release(&d);
	free(buf);
	CU_ASSERT_FATAL(journal_reopen(&j, tmpdir, good, "2026-01-02T03:04:05+00:00", 2, err,
				       sizeof(err)) == 0);
	CU_ASSERT(journal_end(&j, "interrupted: x", err, sizeof(err)) == 0);
	journal_close(&j);
	buf = slurp_journal(tmpdir, &len);
	parse_expect(buf, len, 0, NULL, &d);
	CU_ASSERT_EQUAL(d.resumes, 1);
	CU_ASSERT_EQUAL(d.resumed_kept, 2);
	CU_ASSERT_STRING_EQUAL(d.end_status, "interrupted: x");
	CU_ASSERT_EQUAL(d.nsamples, 2);
	results_init(&out);
	CU_ASSERT_FATAL(results_add_cell(&out, 1024, 64, 0) == 0);
	CU_ASSERT_EQUAL(journal_doc_take(&d, &out, 0, 1024, 64, 1), 0);
	CU_ASSERT_EQUAL(journal_doc_take(&d, &out, 0, 1024, 64, 0), 2);
	CU_ASSERT_EQUAL(journal_doc_take(&d, &out, 0, 1024, 64, 0), 0);
	CU_ASSERT_EQUAL(out.nsamples, 2);
	results_release(&out);
	journal_doc_release(&d);
	free(buf);

	/* an existing journal is never replaced */
	CU_ASSERT_EQUAL(journal_create(&j, tmpdir, &rs, "/", 0, NULL, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, JOURNAL_NAME));
	results_release(&rs);
	tu_tmp_cleanup(tmpdir);
}

/*
 * Timeline rows ("t") and what --steady found ("y"): written with the
 * samples, read back exactly (NaN too); take hands a finished cell-trial's
 * rows over once; an import keeps only the rows of passes with a sample;
 * a resume drops the rows of cell-trials that did not finish.
 */
static void test_timeline_rows(void)
{
	struct result_set rs, out;
	struct journal_doc d;
	struct journal j;
	struct timeline tl;
	char err[256] = "";
	size_t len;

	fresh_set(&rs);
	rs.timeline.interval_ns = 10000000;
	/* two rows for each write pass, one for a read pass with no sample */
	for (unsigned t = 0; t < 2; t++)
		for (unsigned k = 0; k < 3; k++) {
			struct timeline_row r;
			memset(&r, 0, sizeof(r));
			r.col = k < 2 ? RC_WRITE : RC_READ;
			r.file_kb = 1024;
			r.record_kb = 64;
			r.trial = (uint16_t)t;
			r.start_ns = (k % 2) * 10000000ull;
			r.len_ns = k % 2 ? 234567 : 10000000;
			r.bytes = k % 2 ? 65536 : 983040;
			r.ops = r.bytes / 65536;
			r.lat_us[TIMELINE_LAT_MEAN] = 1.0 / 3.0 + t;
			r.lat_us[TIMELINE_LAT_MAX] = 17.25;
			r.lat_us[TIMELINE_LAT_P50] = k % 2 ? NAN : 0.1;
			r.lat_us[TIMELINE_LAT_P99] = 12.0;
			CU_ASSERT_FATAL(timeline_add(&rs.timeline, &r) == 0);
		}
	/* what --steady found: trial 0's write, trial 1's --precondition */
	for (unsigned t = 0; t < 2; t++) {
		struct result_steady st;
		memset(&st, 0, sizeof(st));
		CU_ASSERT_FATAL(steady_parse("iops:slope:10%:30s", &st.spec, err,
					     sizeof(err)) == 0);
		st.col = t ? -1 : RC_WRITE;
		st.file_kb = 1024;
		st.record_kb = 64;
		st.trial = (uint16_t)t;
		st.attained = !t;
		st.judged = 1;
		st.at_ns = t ? 0 : 31000000000ull;
		st.ran_ns = 45000000000ull;
		st.mean = 1234.5 / 7.0;
		st.criterion = t ? NAN : 3.25;
		CU_ASSERT_FATAL(results_add_steady(&rs, &st) == 0);
	}
	write_journal(&rs, tmpdir);
	char *buf = slurp_journal(tmpdir, &len);
	parse_expect(buf, len, 0, NULL, &d);
	CU_ASSERT_EQUAL_FATAL(d.nsteady, 2);
	CU_ASSERT_EQUAL(d.steady[0].col, RC_WRITE);
	CU_ASSERT_EQUAL(d.steady[1].col, -1);
	CU_ASSERT_EQUAL(d.steady[0].at_ns, 31000000000ull);
	CU_ASSERT_EQUAL(d.steady[0].mean, 1234.5 / 7.0);   /* exact: a hex float */
	CU_ASSERT(isnan(d.steady[1].criterion));
	CU_ASSERT_EQUAL(d.steady[0].spec.window_ms, 30000);
	CU_ASSERT_EQUAL(d.steady[1].attained, 0);
	CU_ASSERT_EQUAL_FATAL(d.tl.n, 6);
	CU_ASSERT_EQUAL(d.tl.interval_ns, 10000000);
	for (size_t i = 0; i < 6; i++) {
		const struct timeline_row *a = &rs.timeline.rows[i], *b = &d.tl.rows[i];
		CU_ASSERT_EQUAL(a->col, b->col);
		CU_ASSERT_EQUAL(a->trial, b->trial);
		CU_ASSERT_EQUAL(a->start_ns, b->start_ns);
		CU_ASSERT_EQUAL(a->len_ns, b->len_ns);
		CU_ASSERT_EQUAL(a->bytes, b->bytes);
		CU_ASSERT_EQUAL(a->ops, b->ops);
		CU_ASSERT_EQUAL(a->lat_us[TIMELINE_LAT_MEAN], b->lat_us[TIMELINE_LAT_MEAN]);
		CU_ASSERT_EQUAL(isnan(a->lat_us[TIMELINE_LAT_P50]),
				isnan(b->lat_us[TIMELINE_LAT_P50]));
	}
	/* import: the read pass has no sample, so its rows go */
	results_init(&out);
	CU_ASSERT_EQUAL_FATAL(journal_doc_to_set(&d, "j", &out, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(out.timeline.n, 4);
	CU_ASSERT_EQUAL(out.timeline.interval_ns, 10000000);
	for (size_t i = 0; i < out.timeline.n; i++)
		CU_ASSERT_EQUAL(out.timeline.rows[i].col, RC_WRITE);
	CU_ASSERT_EQUAL(out.nsteady, 2);
	results_release(&out);
	journal_doc_release(&d);
	free(buf);

	/* resume: trial 1 did not finish, its rows go; trial 0's are taken once */
	buf = slurp_journal(tmpdir, &len);
	parse_expect(buf, len, 0, NULL, &d);
	size_t good = d.good_len;
	journal_doc_release(&d);
	free(buf);
	CU_ASSERT_FATAL(journal_reopen(&j, tmpdir, good, "2026-01-02T03:04:05+00:00", 2, err,
				       sizeof(err)) == 0);
	journal_close(&j);
	buf = slurp_journal(tmpdir, &len);
	parse_expect(buf, len, 0, NULL, &d);
	CU_ASSERT_EQUAL(d.tl.n, 3);
	CU_ASSERT_EQUAL(d.nsteady, 1);   /* trial 1's went with the resume */
	results_init(&out);
	CU_ASSERT_FATAL(results_add_cell(&out, 1024, 64, 0) == 0);
	CU_ASSERT_EQUAL(journal_doc_take(&d, &out, 0, 1024, 64, 0), 2);
	CU_ASSERT_EQUAL(out.nsteady, 1);
	CU_ASSERT_EQUAL(d.nsteady, 0);
	results_release(&out);
	timeline_init(&tl);
	CU_ASSERT_EQUAL(journal_doc_take_tl(&d, &tl, 1024, 64, 1), 0);
	CU_ASSERT_EQUAL(journal_doc_take_tl(&d, &tl, 1024, 64, 0), 3);
	CU_ASSERT_EQUAL(journal_doc_take_tl(&d, &tl, 1024, 64, 0), 0);
	CU_ASSERT_EQUAL(tl.n, 3);
	CU_ASSERT_EQUAL(tl.interval_ns, 10000000);
	timeline_release(&tl);
	journal_doc_release(&d);
	free(buf);

	/* a row whose interval differs from the journal's is refused, by line */
	char whole[1024] = "";
	seal(whole, sizeof(whole), "J\tiosweep-journal\t1");
	seal(whole, sizeof(whole), "t\twrite\t1024\t64\t0\t0\t10000000\t0\t10\t65536\t1"
	     "\t-\t-\t-\t-");
	parse_expect(whole, strlen(whole), 0, NULL, &d);
	CU_ASSERT_EQUAL(d.tl.n, 1);
	CU_ASSERT(isnan(d.tl.rows[0].lat_us[TIMELINE_LAT_P99]));
	journal_doc_release(&d);
	seal(whole, sizeof(whole), "t\twrite\t1024\t64\t0\t0\t20000000\t0\t10\t65536\t1"
	     "\t-\t-\t-\t-");
	parse_expect(whole, strlen(whole), -1, "j:3:", &d);
	journal_doc_release(&d);
	results_release(&rs);
	tu_tmp_cleanup(tmpdir);
}

/* Throughput mode: "p" results read back; "r" drops a count without "c". */
static void test_throughput_counts(void)
{
	struct result_set rs;
	struct journal_doc d;
	struct journal j;
	struct tp_child kids[2] = {
		{ 4194304, 64, 4000000, 4100000, 1.0 / 3.0, 0.25, 0, 12.5 },
		{ 4194304, 64, 4500000, 4600000, 0.125, 1e-9, 1, -1.0 },
	};
	struct tp_result r = { TP_READ, 2, 4096, 64, 5000000, kids };
	char err[256] = "";
	size_t len, first = 99, count = 99;

	tmpdir[0] = '\0';
	tu_tmp_path(tmpdir, "journal", "x");
	results_init(&rs);
	CU_ASSERT_FATAL(journal_create(&j, tmpdir, &rs, "/", 0, NULL, err, sizeof(err)) == 0);
	CU_ASSERT(journal_tp_result(&j, &r, err, sizeof(err)) == 0);
	CU_ASSERT(journal_tp_count_done(&j, 2, 0, err, sizeof(err)) == 0);
	r.nchildren = 1;	/* the next count, unfinished */
	CU_ASSERT(journal_tp_result(&j, &r, err, sizeof(err)) == 0);
	journal_close(&j);
	char *buf = slurp_journal(tmpdir, &len);
	parse_expect(buf, len, 0, NULL, &d);
	CU_ASSERT_EQUAL_FATAL(d.tp.nresults, 2);
	CU_ASSERT(journal_tp_count_is_done(&d, 2, 0, &first, &count));
	CU_ASSERT_EQUAL(first, 0);
	CU_ASSERT_EQUAL(count, 1);
	CU_ASSERT(!journal_tp_count_is_done(&d, 1, 2, &first, &count));
	const struct tp_result *b = &d.tp.results[0];
	CU_ASSERT_EQUAL(b->kind, TP_READ);
	CU_ASSERT_EQUAL(b->nchildren, 2);
	CU_ASSERT_EQUAL(b->parent_ns, 5000000);
	CU_ASSERT_EQUAL(b->child[0].cpu_user_s, 1.0 / 3.0);
	CU_ASSERT_EQUAL(b->child[1].stopped, 1);
	CU_ASSERT_EQUAL(b->child[1].cached_pct, -1.0);
	/* an import of it is refused, naming the journal */
	struct result_set out;
	results_init(&out);
	CU_ASSERT_EQUAL(journal_doc_to_set(&d, "tpj", &out, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "tpj: a throughput-mode (-t) journal"));
	results_release(&out);
	journal_doc_release(&d);
	free(buf);
	/* a resume: the unfinished count's result goes */
	CU_ASSERT_FATAL(journal_reopen(&j, tmpdir, len, "now", 2, err, sizeof(err)) == 0);
	journal_close(&j);
	buf = slurp_journal(tmpdir, &len);
	parse_expect(buf, len, 0, NULL, &d);
	CU_ASSERT_EQUAL(d.tp.nresults, 1);
	CU_ASSERT(journal_tp_count_is_done(&d, 2, 0, &first, &count));
	journal_doc_release(&d);
	free(buf);
	results_release(&rs);
	tu_tmp_cleanup(tmpdir);
}

static const struct cu_case cases[] = {
	CU_CASE(test_throughput_counts),
	CU_CASE(test_round_trip),
	CU_CASE(test_torn_and_damaged),
	CU_CASE(test_resume_and_set),
	CU_CASE(test_timeline_rows),
	{ 0 }
};

CU_MAIN("journal", cases)
