/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * journal_read.c: reading the journal back (journal.h has the format):
 * every line's CRC checked, a torn last line dropped, the records turned
 * into a journal_doc, and a doc into a result set.  Pure but for
 * journal_load(), which reads the file: no printing, errors name the
 * file and line.
 */
#include "compat.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "model/latency.h"
#include "lib/err.h"
#include "lib/readfile.h"
#include "report/journal.h"

#define JOURNAL_MAX_FIELDS 4096
#define JOURNAL_MAX_BYTES ((size_t)1 << 31)

void journal_doc_init(struct journal_doc *d)
{
	memset(d, 0, sizeof(*d));
	/* as results_init: not counted, not measured */
	d->meta.async_pct = d->meta.dedup_within = d->meta.dedup_across = -1.0;
}

static void free_sample_hists(struct result_sample *s)
{
	latency_free(s->lat);
	latency_free(s->lat_rd);
	latency_free(s->lat_wr);
	s->lat = s->lat_rd = s->lat_wr = NULL;
}

void journal_doc_release(struct journal_doc *d)
{
	struct result_set tmp;

	/* the meta's strings are freed the way a result set frees them */
	results_init(&tmp);
	tmp.meta = d->meta;
	results_release(&tmp);
	free(d->cwd);
	for (int i = 0; d->argv && i < d->argc; i++)
		free(d->argv[i]);
	free(d->argv);
	for (size_t i = 0; i < d->nsamples; i++)
		free_sample_hists(&d->samples[i].s);
	free(d->samples);
	free(d->done);
	timeline_release(&d->tl);
	free(d->steady);
	throughput_release(&d->tp);
	free(d->counts);
	free(d->resumed_at);
	free(d->end_status);
	journal_doc_init(d);
}

/* Undo put_escaped in place; -1 on a bad %XX. */
static int unescape(char *s)
{
	char *w = s;

	for (; *s; s++) {
		if (*s != '%') {
			*w++ = *s;
			continue;
		}
		char hex[3] = { s[1], s[1] ? s[2] : 0, 0 };
		char *end;
		if (!hex[0] || !hex[1])
			return -1;
		unsigned long v = strtoul(hex, &end, 16);
		if (*end || v == 0)
			return -1;
		*w++ = (char)v;
		s += 2;
	}
	*w = '\0';
	return 0;
}

static int get_u64(const char *s, uint64_t *out)
{
	char *end;

	if (!*s || *s == '-' || *s == '+' || *s == ' ')
		return -1;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (*end || errno)
		return -1;
	*out = v;
	return 0;
}

static int get_double(const char *s, double *out)
{
	char *end;

	if (!*s)
		return -1;
	*out = strtod(s, &end);
	return *end ? -1 : 0;
}

/* A histogram from hex, "-" for none.  0 or -1. */
static int get_hist(const char *s, struct latency_hist **out)
{
	size_t n = strlen(s), used;
	unsigned char *b;
	char msg[128];

	*out = NULL;
	if (strcmp(s, "-") == 0)
		return 0;
	if (n == 0 || n % 2)
		return -1;
	b = malloc(n / 2);
	if (!b)
		return -1;
	for (size_t i = 0; i < n / 2; i++) {
		char hex[3] = { s[2 * i], s[2 * i + 1], 0 }, *end;
		b[i] = (unsigned char)strtoul(hex, &end, 16);
		if (*end) {
			free(b);
			return -1;
		}
	}
	*out = latency_unpack(b, n / 2, &used, msg, sizeof(msg));
	free(b);
	if (*out && used != n / 2) {
		latency_free(*out);
		*out = NULL;
	}
	return *out ? 0 : -1;
}

static int set_meta(struct journal_doc *d, const char *key, const char *value)
{
	uint64_t u;

	for (size_t i = 0; results_meta_strs[i].key; i++)
		if (strcmp(key, results_meta_strs[i].key) == 0)
			return results_set_str((char **)((char *)&d->meta +
							 results_meta_strs[i].off), value);
	if (strcmp(key, "data_compress_ratio") == 0)
		return get_double(value, &d->meta.data_compress_ratio);
	if (strcmp(key, "data_dedup_ratio") == 0)
		return get_double(value, &d->meta.data_dedup_ratio);
	if (strcmp(key, "timer_resolution_s") == 0)
		return get_double(value, &d->meta.timer_resolution_s);
	if (strcmp(key, "async_pct") == 0)
		return get_double(value, &d->meta.async_pct);
	if (strcmp(key, "dedup_within") == 0)
		return get_double(value, &d->meta.dedup_within);
	if (strcmp(key, "dedup_across") == 0)
		return get_double(value, &d->meta.dedup_across);
	if (get_u64(value, &u) != 0)	/* unknown text: a newer writer's key */
		return strcmp(key, "ram_kb") && strcmp(key, "flags") &&
			strcmp(key, "source_unit") && strcmp(key, "trials") ? 0 : -1;
	if (strcmp(key, "ram_kb") == 0)
		d->meta.ram_kb = u;
	else if (strcmp(key, "flags") == 0 && u <= UINT_MAX)
		d->meta.flags = (unsigned)u;
	else if (strcmp(key, "source_unit") == 0 && u <= RESULTS_UNIT_USEC)
		d->meta.source_unit = (int)u;
	else if (strcmp(key, "dedup_granule") == 0)
		d->meta.dedup_granule = u;
	else if (strcmp(key, "data_unique_bytes") == 0)
		d->meta.data_unique_bytes = u;
	else if (strcmp(key, "data_dedup_bytes") == 0)
		d->meta.data_dedup_bytes = u;
	else if (strcmp(key, "dedup_probe_bytes") == 0)
		d->meta.dedup_probe_bytes = u;
	else if (strcmp(key, "dedup_files") == 0 && u <= UINT_MAX)
		d->meta.dedup_files = (unsigned)u;
	else if (strcmp(key, "inflight_max") == 0 && u <= UINT_MAX)
		d->meta.inflight_max = (unsigned)u;
	else if (strcmp(key, "trials") == 0 && u >= 1 && u <= 65535)
		d->trials = (unsigned)u;
	else if (strcmp(key, "flags") == 0 || strcmp(key, "source_unit") == 0 ||
		 strcmp(key, "trials") == 0)
		return -1;
	return 0;
}

/*
 * Room for one more element in the array *arr (n used of *alloc, elem
 * bytes each), doubling it.  0 or -1 (out of memory, *arr unchanged).
 */
static int room_for_one(void *arr, size_t n, size_t *alloc, size_t elem)
{
	void **a = arr;
	size_t k;
	void *p;

	if (n < *alloc)
		return 0;
	k = *alloc ? 2 * *alloc : 16;
	p = realloc(*a, k * elem);
	if (!p)
		return -1;
	*a = p;
	*alloc = k;
	return 0;
}

static int add_sample(struct journal_doc *d, const struct journal_sample *js)
{
	if (room_for_one(&d->samples, d->nsamples, &d->samples_alloc, sizeof(*d->samples)))
		return -1;
	d->samples[d->nsamples++] = *js;
	return 0;
}

static int get_i32(const char *s, int32_t *out)
{
	char *end;
	long v;

	if (!*s)
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (*end || errno || v < -1 || v > INT32_MAX)
		return -1;
	*out = (int32_t)v;
	return 0;
}

/*
 * "s TEST FILE_KB RECORD_KB TRIAL CLIENT WRITER FLAGS BYTES OPS
 *  ELAPSED_NS WALL_NS SYNC_NS RD_OPS WR_OPS CPU_USER CPU_SYS CACHED_PCT
 *  RATE_KBPS LAT LAT_RD LAT_WR": 22 fields.
 */
static int parse_sample(struct journal_doc *d, char **f, size_t nf)
{
	static const size_t at[11] = { 2, 3, 4, 7, 8, 9, 10, 11, 12, 13, 14 };
	struct journal_sample js;
	uint64_t v[11];
	int col;

	if (nf != 22)
		return -1;
	memset(&js, 0, sizeof(js));
	col = results_col_from_name(f[1]);
	if (col < 0)
		return -1;
	for (size_t i = 0; i < 11; i++)
		if (get_u64(f[at[i]], &v[i]) != 0)
			return -1;
	if (!v[0] || !v[1] || v[2] > 65535 || v[3] > UINT_MAX)
		return -1;
	js.file_kb = v[0];
	js.record_kb = v[1];
	js.s.col = (uint16_t)col;
	js.s.trial = (uint16_t)v[2];
	js.s.flags = (unsigned)v[3] & ~RESULTS_SF_PARTIAL;
	js.s.bytes = v[4];
	js.s.ops = v[5];
	js.s.elapsed_ns = v[6];
	js.s.wall_ns = v[7];
	js.s.sync_ns = v[8];
	js.s.rd_ops = v[9];
	js.s.wr_ops = v[10];
	if (get_i32(f[5], &js.s.client) || get_i32(f[6], &js.s.writer) ||
	    get_double(f[15], &js.s.cpu_user_s) || get_double(f[16], &js.s.cpu_sys_s) ||
	    get_double(f[17], &js.s.cached_pct) || get_double(f[18], &js.s.rate_kbps))
		return -1;
	if (get_hist(f[19], &js.s.lat) || get_hist(f[20], &js.s.lat_rd) ||
	    get_hist(f[21], &js.s.lat_wr) || add_sample(d, &js) != 0) {
		free_sample_hists(&js.s);
		return -1;
	}
	return 0;
}

static int parse_done(struct journal_doc *d, char **f, size_t nf)
{
	uint64_t v[3];

	if (nf != 4 || get_u64(f[1], &v[0]) || get_u64(f[2], &v[1]) ||
	    get_u64(f[3], &v[2]) || v[2] > 65535)
		return -1;
	if (room_for_one(&d->done, d->ndone, &d->done_alloc, sizeof(*d->done)))
		return -1;
	memcpy(d->done[d->ndone++], v, sizeof(v));
	return 0;
}

/*
 * "t TEST FILE_KB RECORD_KB TRIAL CLIENT INTERVAL_NS START_NS LEN_NS
 *  BYTES OPS LAT_MEAN LAT_MAX LAT_P50 LAT_P99": 15 fields.
 */
static int parse_tl(struct journal_doc *d, char **f, size_t nf)
{
	struct timeline_row r;
	uint64_t v[8];

	if (nf != 15)
		return -1;
	memset(&r, 0, sizeof(r));
	r.col = results_col_from_name(f[1]);
	if (r.col < 0 || get_u64(f[2], &v[0]) || get_u64(f[3], &v[1]) ||
	    get_u64(f[4], &v[2]) || get_i32(f[5], &r.client) || v[2] > 65535)
		return -1;
	for (size_t i = 3; i < 8; i++)
		if (get_u64(f[3 + i], &v[i]) != 0)
			return -1;
	if (!v[0] || !v[1] || !v[3] || (d->tl.interval_ns && v[3] != d->tl.interval_ns))
		return -1;
	r.file_kb = v[0];
	r.record_kb = v[1];
	r.trial = (uint16_t)v[2];
	d->tl.interval_ns = v[3];
	r.start_ns = v[4];
	r.len_ns = v[5];
	r.bytes = v[6];
	r.ops = v[7];
	for (int k = 0; k < TIMELINE_NLAT; k++) {
		if (strcmp(f[11 + k], "-") == 0)
			r.lat_us[k] = NAN;
		else if (get_double(f[11 + k], &r.lat_us[k]) != 0 || !(r.lat_us[k] >= 0.0))
			return -1;
	}
	return timeline_add(&d->tl, &r);
}

/*
 * "y RULE TEST FILE_KB RECORD_KB TRIAL ATTAINED JUDGED AT_NS RAN_NS MEAN
 *  CRITERION": 12 fields.
 */
static int parse_steady(struct journal_doc *d, char **f, size_t nf)
{
	struct result_steady st;
	char why[128];
	uint64_t v[7];

	if (nf != 12)
		return -1;
	memset(&st, 0, sizeof(st));
	if (steady_parse(f[1], &st.spec, why, sizeof(why)) != 0)
		return -1;
	st.col = strcmp(f[2], "precondition") == 0 ? -1 : results_col_from_name(f[2]);
	if (st.col < 0 && strcmp(f[2], "precondition") != 0)
		return -1;
	for (size_t i = 0; i < 7; i++)
		if (get_u64(f[3 + i], &v[i]) != 0)
			return -1;
	if (!v[0] || !v[1] || v[2] > 65535 || v[3] > 1 || v[4] > 1 ||
	    get_double(f[10], &st.mean) || get_double(f[11], &st.criterion))
		return -1;
	st.file_kb = v[0];
	st.record_kb = v[1];
	st.trial = (uint16_t)v[2];
	st.attained = (int)v[3];
	st.judged = (int)v[4];
	st.at_ns = v[5];
	st.ran_ns = v[6];
	if (room_for_one(&d->steady, d->nsteady, &d->steady_alloc, sizeof(*d->steady)))
		return -1;
	d->steady[d->nsteady++] = st;
	return 0;
}

/* Does the steady row's pass (any pass of its cell-trial: --precondition's)
 * have its sample? */
static int steady_sampled(const struct journal_doc *d, const struct result_steady *st)
{
	for (size_t i = 0; i < d->nsamples; i++) {
		const struct journal_sample *js = &d->samples[i];
		if (js->file_kb == st->file_kb && js->record_kb == st->record_kb &&
		    js->s.trial == st->trial && (st->col < 0 || js->s.col == st->col))
			return 1;
	}
	return 0;
}

/*
 * Move d's steady rows of cell-trial (file_kb, record_kb, trial) into rs
 * (file_kb 0: those whose pass has its sample, the rest dropped), in
 * order; NULL rs: drop those of unfinished cell-trials.  0 or -1 (out of
 * memory).
 */
static int move_steady(struct journal_doc *d, struct result_set *rs, uint64_t file_kb,
		       uint64_t record_kb, unsigned trial)
{
	size_t w = 0, i;
	int rc = 0;

	for (i = 0; i < d->nsteady; i++) {
		const struct result_steady *st = &d->steady[i];
		int pick = rs ? !file_kb || (st->file_kb == file_kb &&
					     st->record_kb == record_kb && st->trial == trial)
			: !journal_trial_is_done(d, st->file_kb, st->record_kb, st->trial);
		if (pick && rs && rc == 0 && (file_kb || steady_sampled(d, st)) &&
		    results_add_steady(rs, st) != 0)
			rc = -1;
		if (!pick || rc != 0)
			d->steady[w++] = *st;
	}
	d->nsteady = w;
	return rc;
}

#define JOURNAL_TP_MAX_CHILDREN 4096u

/* "p KIND N FILE_KB RECORD_KB PARENT_NS" and 8 fields per child. */
static int parse_tp(struct journal_doc *d, char **f, size_t nf)
{
	uint64_t v[5];
	struct tp_result *r;

	if (nf < 6)
		return -1;
	for (size_t i = 0; i < 5; i++)
		if (get_u64(f[1 + i], &v[i]) != 0)
			return -1;
	if (v[0] >= TP_NKINDS || v[1] == 0 || v[1] > JOURNAL_TP_MAX_CHILDREN ||
	    nf != 6 + 8 * v[1])
		return -1;
	if (room_for_one(&d->tp.results, d->tp.nresults, &d->tp.alloc,
			 sizeof(*d->tp.results)))
		return -1;
	r = &d->tp.results[d->tp.nresults];
	memset(r, 0, sizeof(*r));
	r->child = calloc(v[1], sizeof(*r->child));
	if (!r->child)
		return -1;
	r->kind = (int)v[0];
	r->nchildren = (unsigned)v[1];
	r->file_kb = v[2];
	r->record_kb = v[3];
	r->parent_ns = v[4];
	for (unsigned i = 0; i < r->nchildren; i++) {
		char **c = f + 6 + 8 * i;
		struct tp_child *ch = &r->child[i];
		uint64_t stopped;
		if (get_u64(c[0], &ch->bytes) || get_u64(c[1], &ch->ops) ||
		    get_u64(c[2], &ch->elapsed_ns) || get_u64(c[3], &ch->wall_ns) ||
		    get_double(c[4], &ch->cpu_user_s) || get_double(c[5], &ch->cpu_sys_s) ||
		    get_u64(c[6], &stopped) || stopped > 1 ||
		    get_double(c[7], &ch->cached_pct)) {
			free(r->child);
			return -1;
		}
		ch->stopped = (int)stopped;
	}
	d->tp.nresults++;
	return 0;
}

static int parse_tp_count(struct journal_doc *d, char **f, size_t nf)
{
	uint64_t n, first;

	if (nf != 3 || get_u64(f[1], &n) || get_u64(f[2], &first) || n == 0 ||
	    n > JOURNAL_TP_MAX_CHILDREN || first > 65535)
		return -1;
	if (room_for_one(&d->counts, d->ncounts, &d->counts_alloc, sizeof(*d->counts)))
		return -1;
	d->counts[d->ncounts][0] = n;
	d->counts[d->ncounts][1] = first;
	d->counts[d->ncounts][2] = d->tp_pending;
	d->counts[d->ncounts][3] = d->tp.nresults - d->tp_pending;
	d->ncounts++;
	d->tp_pending = d->tp.nresults;
	return 0;
}

int journal_tp_count_is_done(const struct journal_doc *d, unsigned n,
			     unsigned first_trial, size_t *first, size_t *count)
{
	for (size_t i = 0; i < d->ncounts; i++)
		if (d->counts[i][0] == n && d->counts[i][1] == first_trial) {
			*first = (size_t)d->counts[i][2];
			*count = (size_t)d->counts[i][3];
			return 1;
		}
	return 0;
}

int journal_trial_is_done(const struct journal_doc *d, uint64_t file_kb,
			  uint64_t record_kb, unsigned trial)
{
	for (size_t i = 0; i < d->ndone; i++)
		if (d->done[i][0] == file_kb && d->done[i][1] == record_kb &&
		    d->done[i][2] == trial)
			return 1;
	return 0;
}

/* Throughput mode: was trial part of a finished child count ("c")? */
static int tp_trial_done(const struct journal_doc *d, unsigned trial)
{
	for (size_t i = 0; i < d->ncounts; i++)
		if (trial >= d->counts[i][1] && trial < d->counts[i][1] + d->counts[i][0])
			return 1;
	return 0;
}

/*
 * Move the rows of d->tl that pick(d, row, a, b, c) is 1 for into dst
 * (NULL: drop them), in order.  How many, or -1 (out of memory).
 */
static long move_rows(struct journal_doc *d, struct timeline *dst,
		      int (*pick)(const struct journal_doc *, const struct timeline_row *,
				  uint64_t, uint64_t, uint64_t),
		      uint64_t a, uint64_t b, uint64_t c)
{
	size_t w = 0;
	long n = 0;

	for (size_t i = 0; i < d->tl.n; i++) {
		const struct timeline_row *r = &d->tl.rows[i];
		if (!pick(d, r, a, b, c)) {
			d->tl.rows[w++] = *r;
			continue;
		}
		if (dst && timeline_add(dst, r) != 0) {
			/* keep the rest in d: move the untaken tail down */
			memmove(d->tl.rows + w, d->tl.rows + i, (d->tl.n - i) * sizeof(*r));
			d->tl.n = w + (d->tl.n - i);
			return -1;
		}
		n++;
	}
	d->tl.n = w;
	if (dst && n && !dst->interval_ns)
		dst->interval_ns = d->tl.interval_ns;
	return n;
}

static int pick_unfinished(const struct journal_doc *d, const struct timeline_row *r,
			   uint64_t a, uint64_t b, uint64_t c)
{
	(void)a, (void)b, (void)c;
	return !journal_trial_is_done(d, r->file_kb, r->record_kb, r->trial) &&
		!tp_trial_done(d, r->trial);
}

static int pick_cell_trial(const struct journal_doc *d, const struct timeline_row *r,
			   uint64_t file_kb, uint64_t record_kb, uint64_t trial)
{
	(void)d;
	return r->file_kb == file_kb && r->record_kb == record_kb && r->trial == trial;
}

static int pick_trials(const struct journal_doc *d, const struct timeline_row *r,
		       uint64_t first, uint64_t n, uint64_t c)
{
	(void)d, (void)c;
	return r->trial >= first && r->trial < first + n;
}

/*
 * Does the row's pass have its sample?  A pass's rows are written just
 * before its sample, so a kill between the two leaves rows without one.
 */
static int pick_sampled(const struct journal_doc *d, const struct timeline_row *r,
			uint64_t a, uint64_t b, uint64_t c)
{
	(void)a, (void)b, (void)c;
	if (r->client == TIMELINE_CLIENT_TOTAL)
		return 0;	/* throughput mode only, which import refuses */
	for (size_t i = 0; i < d->nsamples; i++) {
		const struct journal_sample *js = &d->samples[i];
		if (js->s.col == r->col && js->file_kb == r->file_kb &&
		    js->record_kb == r->record_kb && js->s.trial == r->trial &&
		    js->s.client == r->client)
			return 1;
	}
	return 0;
}

long journal_doc_take_tl(struct journal_doc *d, struct timeline *tl,
			 uint64_t file_kb, uint64_t record_kb, unsigned trial)
{
	if (!journal_trial_is_done(d, file_kb, record_kb, trial))
		return 0;
	return move_rows(d, tl, pick_cell_trial, file_kb, record_kb, trial);
}

long journal_doc_take_tp_tl(struct journal_doc *d, struct timeline *tl,
			    unsigned first, unsigned n)
{
	return move_rows(d, tl, pick_trials, first, n, 0);
}

/*
 * A resume starts: the samples and timeline rows of unfinished
 * cell-trials (and child counts) are dropped.
 */
static void drop_unfinished(struct journal_doc *d)
{
	size_t w = 0;

	(void)move_rows(d, NULL, pick_unfinished, 0, 0, 0);
	(void)move_steady(d, NULL, 0, 0, 0);
	for (size_t i = 0; i < d->nsamples; i++) {
		struct journal_sample *js = &d->samples[i];
		if (journal_trial_is_done(d, js->file_kb, js->record_kb, js->s.trial))
			d->samples[w++] = *js;
		else
			free_sample_hists(&js->s);
	}
	d->nsamples = w;
}

static int parse_args(struct journal_doc *d, char **f, size_t nf)
{
	uint64_t argc;

	if (nf < 3 || get_u64(f[2], &argc) || argc != nf - 3 || d->argv)
		return -1;
	if (results_set_str(&d->cwd, f[1]) != 0)
		return -1;
	d->argv = calloc(nf - 2, sizeof(char *));
	if (!d->argv)
		return -1;
	for (size_t i = 0; i < argc; i++) {
		if (!(d->argv[i] = strdup(f[3 + i])))
			return -1;
		d->argc = (int)i + 1;
	}
	return 0;
}

/* One record, its fields split (and unescaped).  0 or -1. */
static int parse_record(struct journal_doc *d, char **f, size_t nf, size_t lineno)
{
	uint64_t u;

	if (lineno == 1)
		return nf == 3 && strcmp(f[0], "J") == 0 &&
			strcmp(f[1], "iosweep-journal") == 0 && get_u64(f[2], &u) == 0 &&
			u == JOURNAL_VERSION ? 0 : -1;
	if (strcmp(f[0], "s") == 0)
		return parse_sample(d, f, nf);
	if (strcmp(f[0], "d") == 0)
		return parse_done(d, f, nf);
	if (strcmp(f[0], "t") == 0)
		return parse_tl(d, f, nf);
	if (strcmp(f[0], "y") == 0)
		return parse_steady(d, f, nf);
	if (strcmp(f[0], "p") == 0)
		return parse_tp(d, f, nf);
	if (strcmp(f[0], "c") == 0)
		return parse_tp_count(d, f, nf);
	if (strcmp(f[0], "m") == 0)
		return nf == 3 ? set_meta(d, f[1], f[2]) : -1;
	if (strcmp(f[0], "a") == 0)
		return parse_args(d, f, nf);
	if (strcmp(f[0], "r") == 0) {
		if (nf != 3 || get_u64(f[2], &u) || results_set_str(&d->resumed_at, f[1]))
			return -1;
		d->resumes++;
		d->resumed_kept = u;
		free(d->end_status);
		d->end_status = NULL;
		drop_unfinished(d);
		while (d->tp.nresults > d->tp_pending)	/* a count not finished */
			free(d->tp.results[--d->tp.nresults].child);
		return 0;
	}
	if (strcmp(f[0], "e") == 0)
		return nf == 2 ? results_set_str(&d->end_status, f[1]) : -1;
	return -1;
}

/* Check one line's CRC and split it into fields (in place). -1: bad CRC. */
static int split_line(char *line, size_t len, char **f, size_t *nf)
{
	char *tab = NULL, *end;

	for (size_t i = len; i > 0; i--)
		if (line[i - 1] == '\t') {
			tab = line + i - 1;
			break;
		}
	if (!tab || strlen(tab + 1) != 8)
		return -1;
	unsigned long want = strtoul(tab + 1, &end, 16);
	if (*end)
		return -1;
	uLong crc = crc32(crc32(0L, Z_NULL, 0), (const Bytef *)line, (uInt)(tab - line));
	if ((unsigned long)crc != want)
		return -1;
	*tab = '\0';
	*nf = 0;
	for (char *p = line; p; ) {
		char *t = strchr(p, '\t');
		if (*nf == JOURNAL_MAX_FIELDS)
			return -1;
		if (t)
			*t = '\0';
		f[(*nf)++] = p;
		p = t ? t + 1 : NULL;
	}
	return 0;
}

int journal_parse(struct journal_doc *d, const char *name, const char *buf,
		  size_t len, char *err, size_t errlen)
{
	char **f = malloc(JOURNAL_MAX_FIELDS * sizeof(char *));
	char *copy = malloc(len + 1);
	size_t lineno = 0, at = 0;
	int rc = 0;

	if (!f || !copy) {
		rc = err_set(err, errlen, "%s: out of memory", name);
		goto out;
	}
	memcpy(copy, buf, len);
	copy[len] = '\0';
	while (at < len && rc == 0) {
		char *line = copy + at, *nl = memchr(line, '\n', len - at);
		size_t n = nl ? (size_t)(nl - line) : len - at, nf;
		lineno++;
		at += n + (nl ? 1 : 0);
		int last = at >= len;
		if (nl)
			*nl = '\0';
		if (memchr(line, '\0', n) || split_line(line, n, f, &nf) != 0 || !nl) {
			if (last && lineno > 1) {   /* a torn write: the pass in flight */
				d->torn = 1;
				break;
			}
			rc = err_set(err, errlen, "%s:%zu: %s", name, lineno, lineno == 1 ?
				     "not an iosweep journal" :
				     "damaged record (its checksum does not match)");
			break;
		}
		for (size_t i = 1; i < nf && rc == 0; i++)
			if (unescape(f[i]) != 0)
				rc = -1;
		if (rc == 0)
			rc = parse_record(d, f, nf, lineno);
		if (rc == 0)
			d->good_len = at;
		if (rc != 0)
			err_set(err, errlen, "%s:%zu: %s", name, lineno, lineno == 1 ?
				"not an iosweep journal (or a newer version)" :
				"a record iosweep cannot read");
	}
	if (rc == 0 && lineno == 0)
		rc = err_set(err, errlen, "%s:1: empty file: not an iosweep journal", name);
out:
	free(f);
	free(copy);
	return rc;
}

int journal_load(struct journal_doc *d, const char *dir, char *err, size_t errlen)
{
	char path[4096];
	char *buf = NULL;
	size_t len = 0;
	int rc;

	snprintf(path, sizeof(path), "%s/%s", dir, JOURNAL_NAME);
	if (readfile_all(path, JOURNAL_MAX_BYTES, "an iosweep journal", &buf, &len,
			 err, errlen) != 0)
		return -1;
	rc = journal_parse(d, path, buf, len, err, errlen);
	free(buf);
	return rc;
}

/* Move sample i into rs as cell `cell` (marking partial when unfinished). */
static int take_one(struct journal_doc *d, size_t i, struct result_set *rs,
		    size_t cell, int partial)
{
	struct result_sample s = d->samples[i].s;

	s.cell = (uint32_t)cell;
	if (partial)
		s.flags |= RESULTS_SF_PARTIAL;
	if (results_add_sample(rs, &s) != 0)
		return -1;
	d->samples[i].s.lat = d->samples[i].s.lat_rd = d->samples[i].s.lat_wr = NULL;
	d->samples[i].taken = 1;
	return 0;
}

long journal_doc_take(struct journal_doc *d, struct result_set *rs, size_t cell,
		      uint64_t file_kb, uint64_t record_kb, unsigned trial)
{
	long n = 0;

	if (!journal_trial_is_done(d, file_kb, record_kb, trial))
		return 0;
	for (size_t i = 0; i < d->nsamples; i++) {
		const struct journal_sample *js = &d->samples[i];
		if (js->taken || js->file_kb != file_kb || js->record_kb != record_kb ||
		    js->s.trial != trial)
			continue;
		if (take_one(d, i, rs, cell, 0) != 0)
			return -1;
		n++;
	}
	if (n && move_steady(d, rs, file_kb, record_kb, trial) != 0)
		return -1;
	return n;
}

int journal_doc_to_set(struct journal_doc *d, const char *name, struct result_set *rs,
		       char *err, size_t errlen)
{
	struct result_meta *m = &rs->meta;

	if (d->tp.nresults && !d->nsamples)
		return err_set(err, errlen, "%s: a throughput-mode (-t) journal: reading an "
			"unfinished -t run is not supported yet; 'iosweep resume' finishes it",
			name);
	for (size_t i = 0; results_meta_strs[i].key; i++) {
		char **dst = (char **)((char *)m + results_meta_strs[i].off);
		char **src = (char **)((char *)&d->meta + results_meta_strs[i].off);
		free(*dst);
		*dst = *src;
		*src = NULL;
	}
	m->ram_kb = d->meta.ram_kb;
	m->flags = d->meta.flags;
	m->source_unit = d->meta.source_unit;
	m->data_compress_ratio = d->meta.data_compress_ratio;
	m->data_unique_bytes = d->meta.data_unique_bytes;
	m->data_dedup_ratio = d->meta.data_dedup_ratio;
	m->data_dedup_bytes = d->meta.data_dedup_bytes;
	m->timer_resolution_s = d->meta.timer_resolution_s;
	m->inflight_max = d->meta.inflight_max;
	m->async_pct = d->meta.async_pct;
	m->dedup_granule = d->meta.dedup_granule;
	m->dedup_within = d->meta.dedup_within;
	m->dedup_across = d->meta.dedup_across;
	m->dedup_probe_bytes = d->meta.dedup_probe_bytes;
	m->dedup_files = d->meta.dedup_files;
	rs->trials = d->trials ? d->trials : 1;
	if (d->resumes) {
		free(m->resumed_at);
		m->resumed_at = d->resumed_at;
		d->resumed_at = NULL;
		m->resumed_samples = d->resumed_kept;
	}
	if (results_set_str(&m->status, d->end_status ? d->end_status :
			    "interrupted: the journal ends before the run did"))
		goto nomem;
	for (size_t i = 0; i < d->nsamples; i++) {
		const struct journal_sample *js = &d->samples[i];
		long cell = results_find_cell(rs, js->file_kb, js->record_kb);
		if (js->taken)
			continue;
		if (cell < 0)
			cell = results_add_cell(rs, js->file_kb, js->record_kb, 0);
		if (cell < 0 || take_one(d, i, rs, (size_t)cell,
			!journal_trial_is_done(d, js->file_kb, js->record_kb, js->s.trial)))
			goto nomem;
	}
	if (move_rows(d, &rs->timeline, pick_sampled, 0, 0, 0) < 0 ||
	    move_steady(d, rs, 0, 0, 0) != 0 ||
	    results_sort_cells(rs) != 0)
		goto nomem;
	return 0;
nomem:
	return err_set(err, errlen, "%s: out of memory", name);
}
