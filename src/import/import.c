/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import.c: load existing results (see import.h).  This file reads the
 * input (plain or gzip, a file or a result folder), tells the format from
 * the content (BIFF record stream, our CSV header, otherwise IOzone text),
 * hands it to one parser, and merges the parsed set into the caller's set
 * as trials.  The parsers work on a fresh set of their own, and the merge
 * checks everything that can fail on content before it touches the
 * caller's set, so an error never leaves half an import behind.
 *
 * IOzone text goes through import_unwrap first, which finds the reports
 * in it; a file may hold several, and each becomes a set of its own
 * (import_load_sets), or one is picked.
 *
 * The helpers the parsers share are import_util.c's, below them all.
 */
#include "compat.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <zlib.h>

#include "import/import.h"
#include "import/import_priv.h"
#include "import/import_unwrap.h"
#include "lib/err.h"
#include "platform/platform.h"
#include "model/results.h"
#include "import/import_tl.h"
#include "report/steadyout.h"
#include "report/journal.h"
#include "report/tlcsv.h"
#include "report/tpcsv.h"

/* Flags that must agree between the trials of one set. */
#define IMPORT_CONFIG_FLAGS (RESULTS_F_DIRECT | RESULTS_F_FSYNC | RESULTS_F_CLOSE | \
			     RESULTS_F_OSYNC | RESULTS_F_ODSYNC | RESULTS_F_ORSYNC | \
			     RESULTS_F_MMAP | RESULTS_F_MSYNC_ASYNC | \
			     RESULTS_F_MSYNC_SYNC | RESULTS_F_MMAP_MIX)

static const char *unit_name(int unit)
{
	switch (unit) {
	case RESULTS_UNIT_OPS:
		return "operations per second (-O)";
	case RESULTS_UNIT_USEC:
		return "microseconds per operation (-N)";
	default:
		return "kB/s";
	}
}

/* See import_priv.h. */
int import_default_label(struct result_set *rs, const char *path, int is_dir)
{
	char buf[256];
	size_t n = strlen(path);
	while (n > 1 && path[n - 1] == '/')
		n--;
	size_t start = n;
	while (start > 0 && path[start - 1] != '/')
		start--;
	size_t len = n - start;
	if (len >= sizeof(buf))
		len = sizeof(buf) - 1;
	memcpy(buf, path + start, len);
	buf[len] = '\0';
	if (!is_dir) {
		char *gz = strrchr(buf, '.');
		if (gz && gz != buf && strcmp(gz, ".gz") == 0)
			*gz = '\0';
		char *dot = strrchr(buf, '.');
		if (dot && dot != buf)
			*dot = '\0';
	}
	return results_set_str(&rs->meta.label, buf[0] ? buf : "imported");
}

static int file_exists(const char *path)
{
	return plat_stat(path, 1, NULL) == PLAT_FILE;
}

/* The first of dir/name and dir/name.gz that exists, into out; 0 or -1. */
static int find_in_dir(const char *dir, size_t dirlen, const char *name,
		       char *out, size_t outlen)
{
	snprintf(out, outlen, "%.*s%s%s", (int)dirlen, dir,
		 dirlen && dir[dirlen - 1] != '/' ? "/" : "", name);
	if (file_exists(out))
		return 0;
	size_t n = strlen(out);
	if (n + 4 <= outlen) {
		memcpy(out + n, ".gz", 4);
		if (file_exists(out))
			return 0;
	}
	return -1;
}

static int starts_like_our_csv(const char *buf)
{
	if (buf[0] == '"')
		buf++;
	return strncmp(buf, "schema", 6) == 0 && (buf[6] == ',' || buf[6] == '"');
}

/* load_one's want: the file must hold one report (or opts->pick one). */
#define WANT_ONE ((size_t)-1)

/*
 * IOzone text: the reports in it (import_unwrap), and of them the one
 * opts->pick names, else report `want`; their count into *nreports.
 */
static int load_text(struct result_set *t, const char *file, const char *buf,
		     size_t len, const struct import_opts *opts, size_t want,
		     size_t *nreports, char *err, size_t errlen)
{
	struct import_unwrapped u;
	size_t k = want == WANT_ONE ? 0 : want;
	int rc;

	if (import_unwrap(buf, len, &u, err, errlen))
		return err_set(err, errlen, "%s: out of memory", file);
	*nreports = u.n;
	if (opts && opts->pick)
		k = opts->pick - 1;
	if (k >= u.n) {
		rc = err_set(err, errlen, "%s: --pick %zu, but the file holds %zu report%s", file,
			     k + 1, u.n, u.n == 1 ? "" : "s");
		goto out;
	}
	rc = import_text_parse(t, file, &u.reports[k], opts, err, errlen);
	if (rc == 0 && want == WANT_ONE && !(opts && opts->pick) && u.n > 1)
		rc = err_set(err, errlen, "%s:%u: a second report in one file: give each run as a "
			     "file of its own (they become trials), or choose one with --pick N",
			     file, u.reports[1].header_line ? u.reports[1].header_line :
			     u.reports[1].line_no[0]);
out:
	import_unwrap_release(&u);
	return rc;
}

/* A journal's bytes (report/journal.h) into t.  0 or -1. */
static int journal_read_set(struct result_set *t, const char *name, const char *buf,
			    size_t len, char *err, size_t errlen)
{
	struct journal_doc d;
	int rc;

	journal_doc_init(&d);
	rc = journal_parse(&d, name, buf, len, err, errlen);
	if (rc == 0)
		rc = journal_doc_to_set(&d, name, t, err, errlen);
	journal_doc_release(&d);
	return rc;
}

/*
 * A result folder whose run did not write its outputs since it last
 * started (killed, power cut, stopped while saving): its journal, which
 * holds every finished pass.  0 or -1 when it is one, 1 when not.
 */
static int load_unfinished(struct result_set *t, const char *dir, char *err,
			   size_t errlen)
{
	char path[4096];
	char *buf = NULL;
	size_t len = 0;
	int rc;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, JOURNAL_NAME) >= sizeof(path) ||
	    plat_stat(path, 1, NULL) != PLAT_FILE)
		return 1;
	if (import_read_file(path, &buf, &len, err, errlen))
		return -1;
	struct journal_doc d;
	journal_doc_init(&d);
	rc = journal_parse(&d, path, buf, len, err, errlen);
	if (rc == 0 && d.end_status)
		rc = 1;		/* its outputs are current: read them */
	else if (rc == 0)
		rc = journal_doc_to_set(&d, path, t, err, errlen);
	journal_doc_release(&d);
	free(buf);
	if (rc == 0 && !t->meta.label && import_default_label(t, dir, 1))
		rc = err_set(err, errlen, "%s: out of memory", dir);
	return rc;
}

/*
 * A result folder's timeline.csv (steady 0) or steady.csv (steady 1) into
 * t (import_tl.h).
 */
static int load_side(struct result_set *t, const char *path, int steady, char *err,
		     size_t errlen)
{
	char *buf = NULL;
	size_t len = 0;
	int rc;

	if (import_read_file(path, &buf, &len, err, errlen))
		return -1;
	rc = steady ? import_steady_parse(t, path, buf, len, err, errlen) :
		import_tl_parse(&t->timeline, path, buf, len, err, errlen);
	free(buf);
	return rc;
}

/*
 * The side files of the result folder that holds file, where they are:
 * timeline.csv, and with steady steady.csv too.  0 or -1.
 */
static int load_sides(struct result_set *t, const char *file, int steady, char *err,
		      size_t errlen)
{
	const char *slash = strrchr(file, '/');
	size_t dirlen = slash ? (size_t)(slash - file) + 1 : 0;
	char path[4096];

	if (find_in_dir(file, dirlen, TLCSV_NAME, path, sizeof(path)) == 0 &&
	    load_side(t, path, 0, err, errlen) != 0)
		return -1;
	if (steady && find_in_dir(file, dirlen, STEADYOUT_NAME, path, sizeof(path)) == 0 &&
	    load_side(t, path, 1, err, errlen) != 0)
		return -1;
	return 0;
}

/* The steady rows of t after rs's, their trials shifted by `trial`. */
static int merge_steady(struct result_set *rs, const struct result_set *t,
			unsigned trial)
{
	size_t n0 = rs->nsteady;

	for (size_t i = 0; i < t->nsteady; i++) {
		struct result_steady st = t->steady[i];
		st.trial = (uint16_t)(st.trial + trial);
		if (results_add_steady(rs, &st) != 0) {
			rs->nsteady = n0;
			return -1;
		}
	}
	return 0;
}

/* The timeline of t after rs's, its trials shifted by `trial`. */
static int merge_timeline(struct result_set *rs, const struct result_set *t,
			  unsigned trial)
{
	size_t n0 = rs->timeline.n;

	for (size_t i = 0; i < t->timeline.n; i++) {
		struct timeline_row r = t->timeline.rows[i];
		r.trial = (uint16_t)(r.trial + trial);
		if (timeline_add(&rs->timeline, &r) != 0) {
			rs->timeline.n = n0;
			return -1;
		}
	}
	if (!rs->timeline.interval_ns)
		rs->timeline.interval_ns = t->timeline.interval_ns;
	return 0;
}

/* Parse one input into the fresh set t (report `want` of IOzone text). */
static int load_one(struct result_set *t, const char *path,
		    const struct import_opts *opts, size_t want, size_t *nreports,
		    char *err, size_t errlen)
{
	enum plat_kind kind;
	char csv_path[4096], meta_path[4096], sum_path[4096];
	const char *file = path;
	int is_dir = 0, rc = -1;
	char *buf = NULL;
	size_t len = 0;

	kind = plat_stat(path, 1, NULL);
	if (kind == PLAT_NONE)
		return err_set(err, errlen, "cannot open '%s': %s", path, strerror(errno));
	if (kind == PLAT_DIR && (rc = load_unfinished(t, path, err, errlen)) != 1)
		return rc;
	rc = -1;
	if (kind == PLAT_DIR) {
		is_dir = 1;
		/* a throughput-mode folder: its throughput.csv (tpcsv.h), else
		 * results.csv */
		if (find_in_dir(path, strlen(path), TPCSV_NAME, csv_path,
				sizeof(csv_path)) != 0 &&
		    find_in_dir(path, strlen(path), "results.csv", csv_path,
				sizeof(csv_path)) != 0)
			return err_set(err, errlen, "%s: a folder without results.csv: not an iosweep result folder",
				path);
		file = csv_path;
	}
	if (import_read_file(file, &buf, &len, err, errlen))
		return -1;
	if (len == 0) {
		err_set(err, errlen, "%s:1: empty file: not an IOzone report", file);
		goto out;
	}
	*nreports = 1;
	if (strncmp(buf, JOURNAL_MAGIC, strlen(JOURNAL_MAGIC)) == 0) {
		rc = journal_read_set(t, file, buf, len, err, errlen);
	} else if (import_tp_is_csv(buf)) {
		rc = import_tp_csv_parse(t, file, buf, len, err, errlen);
		if (rc == 0)
			rc = load_sides(t, file, 0, err, errlen);
	} else if (import_tp_is_biff((const unsigned char *)buf, len)) {
		rc = import_tp_xls_parse(t, file, (const unsigned char *)buf, len, err, errlen);
	} else if (import_tp_is_text(buf, len)) {
		rc = import_tp_text_parse(t, file, buf, len, err, errlen);
	} else if (import_is_biff((const unsigned char *)buf, len)) {
		rc = import_xls_parse(t, file, (const unsigned char *)buf, len, err, errlen);
	} else if (starts_like_our_csv(buf)) {
		const char *slash = strrchr(file, '/');
		size_t dirlen = slash ? (size_t)(slash - file) + 1 : 0;
		int have_meta = find_in_dir(file, dirlen, "meta.csv", meta_path,
					    sizeof(meta_path)) == 0;
		int have_sum = find_in_dir(file, dirlen, "summary.csv", sum_path,
					   sizeof(sum_path)) == 0;
		rc = import_csv_parse(t, file, buf, len, have_meta ? meta_path : NULL,
				      have_sum ? sum_path : NULL, err, errlen);
		if (rc == 0)
			rc = load_sides(t, file, 1, err, errlen);
	} else {
		rc = load_text(t, file, buf, len, opts, want, nreports, err, errlen);
	}
	if (rc == 0 && opts && opts->pick > *nreports)
		rc = err_set(err, errlen, "%s: --pick %u, but the file holds %zu report%s", file,
			     opts->pick, *nreports, *nreports == 1 ? "" : "s");
	if (rc == 0 && !t->meta.label && import_default_label(t, path, is_dir)) {
		err_set(err, errlen, "%s: out of memory", path);
		rc = -1;
	}
out:
	free(buf);
	return rc;
}

static unsigned max_trial_plus_one(const struct result_set *rs)
{
	unsigned m = 0;
	for (size_t i = 0; i < rs->nsamples; i++)
		if ((unsigned)rs->samples[i].trial + 1 > m)
			m = (unsigned)rs->samples[i].trial + 1;
	for (size_t i = 0; i < rs->nops; i++)
		if ((unsigned)rs->ops[i].trial + 1 > m)
			m = (unsigned)rs->ops[i].trial + 1;
	return m;
}

static int set_is_empty(const struct result_set *rs)
{
	return rs->nsamples == 0 && rs->ncells == 0 && rs->nops == 0 && !rs->meta.tool;
}

/* Move the meta strings and scalars of src into dst (dst's are freed). */
static void take_meta(struct result_meta *dst, struct result_meta *src)
{
	for (size_t i = 0; results_meta_strs[i].key; i++) {
		char **d = (char **)(void *)((char *)dst + results_meta_strs[i].off);
		char **s = (char **)(void *)((char *)src + results_meta_strs[i].off);
		free(*d);
		*d = *s;
		*s = NULL;
	}
	dst->ram_kb = src->ram_kb;
	dst->data_compress_ratio = src->data_compress_ratio;
	dst->data_unique_bytes = src->data_unique_bytes;
	dst->data_dedup_ratio = src->data_dedup_ratio;
	dst->data_dedup_bytes = src->data_dedup_bytes;
	dst->timer_resolution_s = src->timer_resolution_s;
	dst->flags = src->flags;
	dst->source_unit = src->source_unit;
	dst->inflight_max = src->inflight_max;
	dst->iodepth = src->iodepth;
	dst->jobs = src->jobs;
	dst->async_pct = src->async_pct;
	dst->dedup_granule = src->dedup_granule;
	dst->dedup_within = src->dedup_within;
	dst->dedup_across = src->dedup_across;
	dst->dedup_probe_bytes = src->dedup_probe_bytes;
	dst->dedup_files = src->dedup_files;
	dst->resumed_samples = src->resumed_samples;
}

/*
 * Append n samples of t (its figures, or with clients 1 its clients'
 * samples) to rs, each in rs's cell of the same sizes (added when new),
 * its trial shifted by `trial`.  0, or -1 when out of memory.
 */
static int add_shifted(struct result_set *rs, const struct result_set *t,
		       const struct result_sample *src, size_t n, unsigned trial,
		       int clients)
{
	for (size_t i = 0; i < n; i++) {
		struct result_sample s = src[i];
		const struct result_cell *c = &t->cells[s.cell];
		long cell = results_find_cell(rs, c->file_kb, c->record_kb);
		if (cell < 0)
			cell = results_add_cell(rs, c->file_kb, c->record_kb, 0);
		if (cell < 0)
			return -1;
		s.cell = (uint32_t)cell;
		s.trial = (uint16_t)(s.trial + trial);
		if (clients ? results_add_client_sample(rs, &s) : results_add_sample(rs, &s))
			return -1;
	}
	return 0;
}

/*
 * After add_shifted moved t's samples into another set, which owns their
 * histograms and figures now: t must not free them.
 */
static void disown_samples(struct result_set *t)
{
	struct result_sample *lists[2] = { t->samples, t->client_samples };
	const size_t n[2] = { t->nsamples, t->nclient_samples };

	for (int l = 0; l < 2; l++)
		for (size_t i = 0; i < n[l]; i++) {
			lists[l][i].lat = lists[l][i].lat_rd = lists[l][i].lat_wr = NULL;
			lists[l][i].lat_figs = NULL;
		}
}

/* Did rs's first n samples hold one of (cell, col)? */
static int has_before(const struct result_set *rs, size_t n, size_t cell, int col)
{
	for (size_t i = 0; i < n; i++)
		if (rs->samples[i].cell == cell && rs->samples[i].col == col)
			return 1;
	return 0;
}

/*
 * After t's samples joined rs's first old_nsamples: t's imported
 * summaries join rs's (cells renumbered), but only for cells that hold
 * trials of one source.  Where both bring trials of a cell, neither's
 * summary describes the set's trials: t's is left out and rs's marked
 * stale (results_cell_sum's count would catch most of it, not a cell
 * whose n happens to match).  0, or -1 when out of memory (rs's sums
 * unchanged).
 */
static int merge_cell_sums(struct result_set *rs, const struct result_set *t,
			   size_t old_nsamples)
{
	size_t old_nsums = rs->ncell_sums;

	for (size_t i = 0; i < t->ncell_sums; i++) {
		struct result_cell_sum cs = t->cell_sums[i];
		const struct result_cell *c = &t->cells[cs.cell];
		long cell = results_find_cell(rs, c->file_kb, c->record_kb);
		if (cell < 0 || has_before(rs, old_nsamples, (size_t)cell, cs.col))
			continue;
		cs.cell = (uint32_t)cell;
		if (results_add_cell_sum(rs, &cs)) {
			rs->ncell_sums = old_nsums;
			return -1;
		}
	}
	for (size_t i = 0; i < old_nsums; i++) {
		struct result_cell_sum *cs = &rs->cell_sums[i];
		const struct result_cell *c = &rs->cells[cs->cell];
		long cell = results_find_cell(t, c->file_kb, c->record_kb);
		if (cell >= 0 && results_has(t, (size_t)cell, cs->col))
			cs->flags |= RESULTS_CS_STALE;
	}
	return 0;
}

/*
 * Small-file operation records (results_ops.h): t's join rs's with their
 * trials shifted; rs takes their histograms.  A grid and operations are
 * not trials of one configuration.  0 or -1 with err (rs unchanged).
 */
static int merge_ops(struct result_set *rs, struct result_set *t, unsigned trial,
		     int empty, const char *path, char *err, size_t errlen)
{
	size_t old = rs->nops;

	if (!empty && (rs->nsamples || !rs->nops))
		return err_set(err, errlen, "%s: small-file operations, the files before "
			       "it a grid: not a trial of the same configuration", path);
	if ((unsigned long)trial + max_trial_plus_one(t) > 65536ul)
		return err_set(err, errlen, "%s: too many trials (more than 65536)", path);
	for (size_t i = 0; i < t->nops; i++) {
		struct result_op o = t->ops[i];
		o.trial = (uint16_t)(o.trial + trial);
		if (results_add_op(rs, &o) != 0) {
			rs->nops = old;
			return err_set(err, errlen, "%s: out of memory", path);
		}
	}
	for (size_t i = 0; i < t->nops; i++)
		t->ops[i].lat = NULL;	/* rs's now */
	/* many clients: each client's own records behind them, the same way */
	for (size_t i = 0; i < t->nclient_ops; i++) {
		struct result_op o = t->client_ops[i];
		o.trial = (uint16_t)(o.trial + trial);
		if (results_add_client_op(rs, &o) != 0)
			return err_set(err, errlen, "%s: out of memory", path);
		t->client_ops[i].lat = NULL;	/* rs's now */
	}
	if (!rs->client_host && t->client_host) {
		rs->client_host = t->client_host;	/* the first file's hosts */
		t->client_host = NULL;
	}
	/* t's summaries: used only while a group's trials are exactly theirs */
	for (size_t i = 0; i < t->nop_sums; i++)
		if (results_add_op_sum(rs, &t->op_sums[i]) != 0)
			return err_set(err, errlen, "%s: out of memory", path);
	return 0;
}

/* t is of the configuration of the files before it: units, tests,
 * clients and options.  0, or -1 with err. */
static int check_same_config(const struct result_set *rs, const struct result_set *t,
			     const char *path, char *err, size_t errlen)
{
	if (rs->meta.source_unit != t->meta.source_unit)
		return err_set(err, errlen, "%s: its figures are in %s but the set's are in %s: "
			"different units cannot be trials of one set", path,
			unit_name(t->meta.source_unit), unit_name(rs->meta.source_unit));
	if (rs->cols_mask != t->cols_mask) {
		return err_set(err, errlen, "%s: it has other test columns than the files before it: "
			"not a trial of the same configuration", path);
	}
	if (rs->nclients != t->nclients)
		return err_set(err, errlen, "%s: it ran with %u clients, the files before it "
			"with %u: not a trial of the same configuration", path,
			t->nclients, rs->nclients);
	if ((rs->meta.flags ^ t->meta.flags) & IMPORT_CONFIG_FLAGS) {
		return err_set(err, errlen, "%s: its options (O_DIRECT, fsync, close or sync modes) "
			"differ from the files before it: not a trial of the same configuration",
			path);
	}
	return 0;
}

/* None of t's samples, its trials shifted by `trial`, is in rs already.
 * 0, or -1 with err. */
static int check_no_overlap(const struct result_set *rs, const struct result_set *t,
			    unsigned trial, const char *path, char *err, size_t errlen)
{
	for (size_t i = 0; i < t->nsamples; i++) {
		const struct result_sample *s = &t->samples[i];
		const struct result_cell *c = &t->cells[s->cell];
		long rc = results_find_cell(rs, c->file_kb, c->record_kb);
		if (rc < 0)
			continue;
		for (size_t j = 0; j < rs->nsamples; j++) {
			const struct result_sample *r = &rs->samples[j];
			if (r->cell == (uint32_t)rc && r->col == s->col &&
			    r->trial == s->trial + trial)
				return err_set(err, errlen, "%s: trial %u of %s at %llu kB / %llu kB "
					"is in the set already", path, s->trial + trial,
					results_col_name(s->col),
					(unsigned long long)c->file_kb,
					(unsigned long long)c->record_kb);
		}
	}
	return 0;
}

/* t's grid into rs, its trials shifted by `trial`: samples, record axis,
 * clients' samples and hosts, cell sums, timeline and steady rows.  0,
 * or -1 when out of memory with rs's counts as they were. */
static int add_grid(struct result_set *rs, struct result_set *t, unsigned trial)
{
	size_t old_ncells = rs->ncells, old_nsamples = rs->nsamples;
	size_t old_nclient = rs->nclient_samples;
	uint32_t old_mask = rs->cols_mask;

	if (add_shifted(rs, t, t->samples, t->nsamples, trial, 0))
		goto nomem;
	if (!rs->nrecord_axis && t->nrecord_axis &&
	    results_set_record_axis(rs, t->record_axis, t->nrecord_axis))
		goto nomem;
	/* many clients: the clients' samples behind the figures, the same way */
	if (add_shifted(rs, t, t->client_samples, t->nclient_samples, trial, 1))
		goto nomem;
	if (!rs->client_host && t->client_host) {
		rs->client_host = t->client_host;	/* the first file's hosts */
		t->client_host = NULL;
	}
	if (merge_cell_sums(rs, t, old_nsamples))
		goto nomem;
	if (merge_timeline(rs, t, trial) || merge_steady(rs, t, trial))
		goto nomem;
	disown_samples(t);	/* rs owns what the samples point to now */
	return 0;
nomem:
	rs->ncells = old_ncells;
	results_cells_moved(rs);
	rs->nsamples = old_nsamples;
	rs->nclient_samples = old_nclient;
	rs->cols_mask = old_mask;
	return -1;
}

/* The set's trials after t's t_trials from `trial`; the first file's
 * metadata and client counts when the set was empty. */
static void take_counts(struct result_set *rs, struct result_set *t, unsigned trial,
			unsigned t_trials, int empty)
{
	if (empty) {
		take_meta(&rs->meta, &t->meta);
		rs->trials = trial + t_trials;
		rs->nclients = t->nclients;	/* many clients: the counts (and the
						   hosts, moved above) */
		rs->nhosts = t->nhosts;
		rs->ranks_per_host = t->ranks_per_host;
	} else if (trial + t_trials > rs->trials) {
		rs->trials = trial + t_trials;
	}
}

/*
 * Merge t into rs with trials shifted by `trial`.  Content checks first
 * (unit, columns, configuration, trial range); on a later allocation
 * failure rs is rolled back to what it was.
 */
static int merge(struct result_set *rs, struct result_set *t, unsigned trial,
		 const char *path, char *err, size_t errlen)
{
	int empty = set_is_empty(rs);
	unsigned t_trials = max_trial_plus_one(t);

	if (t->trials > t_trials)
		t_trials = t->trials; /* a run asked for more trials than it finished */

	if (t->ntp || rs->ntp) {
		/* throughput mode (import_tp.c): its records instead of samples */
		if (import_tp_merge(rs, t, trial, empty, path, err, errlen))
			return -1;
		t_trials = import_tp_trials(t);
		/* --log-interval's rows of the children and their totals */
		if (merge_timeline(rs, t, trial))
			return err_set(err, errlen, "%s: out of memory", path);
		take_counts(rs, t, trial, t_trials, empty);
		return 0;
	}
	if (t->nops && !t->nsamples) {
		if (merge_ops(rs, t, trial, empty, path, err, errlen))
			return -1;
		take_counts(rs, t, trial, t_trials, empty);
		return 0;
	}
	if (rs->nops)
		return err_set(err, errlen, "%s: a grid, the files before it small-file "
			       "operations: not a trial of the same configuration", path);
	if (t->nsamples == 0)
		return err_set(err, errlen, "%s: no results in it", path);
	if ((unsigned long)trial + t_trials > 65536ul) {
		return err_set(err, errlen, "%s: too many trials (more than 65536)", path);
	}
	if (!empty && (check_same_config(rs, t, path, err, errlen) != 0 ||
		       check_no_overlap(rs, t, trial, path, err, errlen) != 0))
		return -1;
	if (add_grid(rs, t, trial) != 0)
		return err_set(err, errlen, "%s: out of memory", path);
	take_counts(rs, t, trial, t_trials, empty);
	return 0;
}

/* See import_priv.h. */
void import_printable(char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			*s = '?';
}

/* Load report `want` of path into rs as trial `trial`; the count of reports into *nreports. */
static int load_into(struct result_set *rs, const char *path, unsigned trial,
		     const struct import_opts *opts, size_t want, size_t *nreports,
		     char *err, size_t errlen)
{
	struct result_set t;
	int rc;

	results_init(&t);
	rc = load_one(&t, path, opts, want, nreports, err, errlen);
	if (rc == 0)
		rc = merge(rs, &t, trial, path, err, errlen);
	results_release(&t);
	if (rc != 0 && errlen > 0)
		import_printable(err);
	return rc;
}

int import_load(struct result_set *rs, const char *path, unsigned trial,
		char *err, size_t errlen)
{
	size_t nreports;

	return load_into(rs, path, trial, NULL, WANT_ONE, &nreports, err, errlen);
}

static int import_load_opts(struct result_set *rs, char *const *paths, size_t n,
			    const struct import_opts *opts, char *err, size_t errlen);

int import_load_many(struct result_set *rs, char *const *paths, size_t n,
		     char *err, size_t errlen)
{
	return import_load_opts(rs, paths, n, NULL, err, errlen);
}

static int import_load_opts(struct result_set *rs, char *const *paths, size_t n,
			    const struct import_opts *opts, char *err, size_t errlen)
{
	struct result_set all;
	int rc = 0;

	if (n == 0)
		return err_set(err, errlen, "no input files");
	results_init(&all);
	for (size_t i = 0; i < n && rc == 0; i++) {
		unsigned off = set_is_empty(&all) ? 0 : all.trials;
		size_t nreports;
		rc = load_into(&all, paths[i], off, opts, WANT_ONE, &nreports, err, errlen);
	}
	if (rc == 0)
		rc = merge(rs, &all, set_is_empty(rs) ? 0 : rs->trials,
			   paths[0], err, errlen);
	results_release(&all);
	return rc;
}

/* Report k of n: its label gets "#k" (1-based). */
static int number_label(struct result_set *rs, size_t k)
{
	char buf[320];

	snprintf(buf, sizeof(buf), "%s#%zu", rs->meta.label ? rs->meta.label : "imported", k + 1);
	return results_set_str(&rs->meta.label, buf);
}

int import_load_sets(struct result_set **sets, size_t *nsets, char *const *paths,
		     size_t n, const struct import_opts *opts, char *err, size_t errlen)
{
	struct result_set *s = malloc(sizeof(*s));
	size_t nreports = 1, done = 0;
	int rc;

	*sets = NULL;
	*nsets = 0;
	if (!s)
		return err_set(err, errlen, "out of memory");
	results_init(s);
	if (n != 1 || (opts && opts->pick)) {
		rc = import_load_opts(s, paths, n, opts, err, errlen);
		done = 1;
		goto out;
	}
	done = 1;
	rc = load_into(s, paths[0], 0, opts, 0, &nreports, err, errlen);
	for (size_t k = 1; rc == 0 && k < nreports; k++) {
		struct result_set *p = realloc(s, (k + 1) * sizeof(*s));
		if (!p) {
			rc = err_set(err, errlen, "%s: out of memory", paths[0]);
			break;
		}
		s = p;
		results_init(&s[k]);
		done = k + 1;
		rc = load_into(&s[k], paths[0], 0, opts, k, &nreports, err, errlen);
	}
	for (size_t k = 0; rc == 0 && nreports > 1 && k < done; k++)
		if (number_label(&s[k], k))
			rc = err_set(err, errlen, "%s: out of memory", paths[0]);
out:
	if (rc) {
		for (size_t k = 0; k < done; k++)
			results_release(&s[k]);
		free(s);
		return -1;
	}
	*sets = s;
	*nsets = done;
	return 0;
}
