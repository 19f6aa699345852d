/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * results.c: the result set (see results.h): growing arrays of cells and
 * samples, IOzone's column names, and the conversion of a raw sample into
 * the unit a report asks for.  Aggregates are not stored: callers collect
 * the per-trial figures with results_values() and summarise them with
 * stats_summarize().
 */
#include "compat.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/latency.h"
#include "model/results.h"
#include "model/stats.h"

static const char *const col_names[RC_COUNT] = {
	"write", "rewrite", "read", "reread", "random read", "random write",
	"bkwd read", "record rewrite", "stride read", "fwrite", "frewrite",
	"fread", "freread", "pwrite", "repwrite", "pread", "repread",
	"pwritev", "repwritev", "preadv", "repreadv", "random mix", "seq mix"
};

int results_col_writes(int col)
{
	switch (col) {
	case RC_WRITE: case RC_REWRITE: case RC_RANDOM_WRITE:
	case RC_RECORD_REWRITE: case RC_FWRITE: case RC_FREWRITE:
	case RC_PWRITE: case RC_REPWRITE: case RC_PWRITEV: case RC_REPWRITEV:
		return 1;
	default:
		return 0;
	}
}

int results_col_mixed(int col)
{
	return col == RC_RANDOM_MIX || col == RC_SEQ_MIX;
}

static void results_sample_split(const struct result_sample *s, uint64_t *rd_ops,
				 uint64_t *wr_ops)
{
	if (s->flags & RESULTS_SF_SPLIT) {
		*rd_ops = s->rd_ops;
		*wr_ops = s->wr_ops;
	} else if (results_col_writes(s->col)) {
		*rd_ops = 0;
		*wr_ops = s->ops;
	} else {
		*rd_ops = s->ops;
		*wr_ops = 0;
	}
}

static const struct {
	unsigned flag;
	const char *word;
} flag_words[] = {
	{ RESULTS_F_DIRECT, "direct" }, { RESULTS_F_FSYNC, "fsync" },
	{ RESULTS_F_CLOSE, "close" }, { RESULTS_F_OSYNC, "osync" },
	{ RESULTS_F_ODSYNC, "odsync" }, { RESULTS_F_ORSYNC, "orsync" },
	{ RESULTS_F_NORETEST, "noretest" }, { RESULTS_F_CPU, "cpu" },
	{ RESULTS_F_IMPORTED, "imported" }, { RESULTS_F_COLD, "cold" },
	{ RESULTS_F_STONEWALL, "stonewall" }, { RESULTS_F_VERIFY, "verify" },
	{ RESULTS_F_DIAG, "diagnostic" }, { RESULTS_F_MMAP, "mmap" },
	{ RESULTS_F_MSYNC_ASYNC, "msync_async" }, { RESULTS_F_MSYNC_SYNC, "msync_sync" },
	{ RESULTS_F_MMAP_MIX, "mmap_mix" },
	{ RESULTS_F_SHORT, "short_circuit" },
};

const char *results_flag_word(size_t i, unsigned *flag)
{
	if (i >= sizeof(flag_words) / sizeof(flag_words[0]))
		return NULL;
	*flag = flag_words[i].flag;
	return flag_words[i].word;
}

const char *results_col_name(int col)
{
	if (col < 0 || col >= RC_COUNT)
		return "?";
	return col_names[col];
}

void results_col_slug(int col, char *out, size_t outlen)
{
	snprintf(out, outlen, "%s", results_col_name(col));
	for (char *p = out; *p; p++)
		if (*p == ' ')
			*p = '-';
}

int results_col_from_name(const char *name)
{
	for (int c = 0; c < RC_COUNT; c++) {
		const char *a = col_names[c], *b = name;
		while (*a && *b) {
			char cb = (char)tolower((unsigned char)*b);
			if (cb == '_' || cb == '-')
				cb = ' ';
			if (cb != *a)
				break;
			a++;
			b++;
		}
		if (!*a && !*b)
			return c;
	}
	return -1;
}

void results_sample_iops(const struct result_sample *s, double out[3])
{
	uint64_t rd, wr;
	double secs = (double)s->elapsed_ns / 1e9;

	results_sample_split(s, &rd, &wr);
	if ((s->flags & RESULTS_SF_RATE_ONLY) || s->elapsed_ns == 0) {
		out[0] = out[1] = out[2] = NAN;
		return;
	}
	out[0] = (double)s->ops / secs;
	out[1] = (double)rd / secs;
	out[2] = (double)wr / secs;
}

unsigned results_iops_mean(const struct result_set *rs, size_t cell, int col,
			   double out[3])
{
	double sum[3] = { 0, 0, 0 };
	unsigned n = 0;

	for (size_t i = 0; i < rs->nsamples; i++) {
		const struct result_sample *s = &rs->samples[i];
		double v[3];
		if (s->cell != cell || s->col != col ||
		    (s->flags & (RESULTS_SF_PARTIAL | RESULTS_SF_RATE_ONLY)) ||
		    s->elapsed_ns == 0)
			continue;
		results_sample_iops(s, v);
		for (int k = 0; k < 3; k++)
			sum[k] += v[k];
		n++;
	}
	for (int k = 0; k < 3; k++)
		out[k] = n ? sum[k] / n : NAN;
	return n;
}

int results_col_reads(int col)
{
	const uint32_t reads = 1u << RC_READ | 1u << RC_REREAD | 1u << RC_RANDOM_READ |
		1u << RC_BKWD_READ | 1u << RC_STRIDE_READ | 1u << RC_FREAD |
		1u << RC_FREREAD | 1u << RC_PREAD | 1u << RC_REPREAD |
		1u << RC_PREADV | 1u << RC_REPREADV;

	return col >= 0 && col < RC_COUNT && (reads >> col & 1u);
}

void results_data_dedup_text(const struct result_meta *m, char *out, size_t outlen)
{
	uint64_t u = m->data_unique_bytes;

	if (m->data_dedup_ratio <= 0.0)
		snprintf(out, outlen, "%s", "");
	else if (u)
		snprintf(out, outlen, ", unique %llu %s blocks, expected dedup ratio %.2f",
			 (unsigned long long)(u < 1024 ? u : u / 1024),
			 u < 1024 ? "B" : "kB", m->data_dedup_ratio);
	else
		snprintf(out, outlen, ", expected dedup ratio %.2f at %llu-byte blocks",
			 m->data_dedup_ratio, (unsigned long long)m->data_dedup_bytes);
}

void results_init(struct result_set *rs)
{
	memset(rs, 0, sizeof(*rs));
	rs->trials = 1;
	rs->meta.async_pct = -1.0;
	rs->meta.dedup_within = rs->meta.dedup_across = -1.0;
}

const struct results_meta_str results_meta_strs[] = {
	{ "label", offsetof(struct result_meta, label) },
	{ "tool", offsetof(struct result_meta, tool) },
	{ "version", offsetof(struct result_meta, version) },
	{ "command_line", offsetof(struct result_meta, command_line) },
	{ "start_time", offsetof(struct result_meta, start_time) },
	{ "host", offsetof(struct result_meta, host) },
	{ "os", offsetof(struct result_meta, os) },
	{ "target_path", offsetof(struct result_meta, target_path) },
	{ "fs_type", offsetof(struct result_meta, fs_type) },
	{ "mount_options", offsetof(struct result_meta, mount_options) },
	{ "data_pattern", offsetof(struct result_meta, data_pattern) },
	{ "status", offsetof(struct result_meta, status) },
	{ "workload", offsetof(struct result_meta, workload) },
	{ "engine", offsetof(struct result_meta, engine) },
	{ "resumed_at", offsetof(struct result_meta, resumed_at) },
	{ "link", offsetof(struct result_meta, link) },
	{ "engine_calls", offsetof(struct result_meta, engine_calls) },
	{ NULL, 0 }
};

void results_release(struct result_set *rs)
{
	for (size_t i = 0; results_meta_strs[i].key; i++) {
		char **str = (char **)(void *)((char *)&rs->meta + results_meta_strs[i].off);
		free(*str);
		*str = NULL;
	}
	free(rs->cells);
	free(rs->cell_index);
	for (size_t i = 0; i < rs->nsamples; i++) {
		latency_free(rs->samples[i].lat);
		latency_free(rs->samples[i].lat_rd);
		latency_free(rs->samples[i].lat_wr);
		free(rs->samples[i].lat_figs);
	}
	free(rs->samples);
	free(rs->record_axis);
	for (size_t i = 0; i < rs->nclient_samples; i++) {
		latency_free(rs->client_samples[i].lat);
		latency_free(rs->client_samples[i].lat_rd);
		latency_free(rs->client_samples[i].lat_wr);
		free(rs->client_samples[i].lat_figs);
	}
	free(rs->client_samples);
	for (unsigned i = 0; rs->client_host && i < rs->nclients; i++)
		free(rs->client_host[i]);
	free(rs->client_host);
	for (size_t i = 0; i < rs->ntp; i++) {
		free(rs->tp[i].child_xfer);
		free(rs->tp[i].child_rate);
	}
	free(rs->tp);
	free(rs->cell_sums);
	for (size_t i = 0; i < rs->nops; i++)
		latency_free(rs->ops[i].lat);
	free(rs->ops);
	for (size_t i = 0; i < rs->nclient_ops; i++)
		latency_free(rs->client_ops[i].lat);
	free(rs->client_ops);
	free(rs->op_sums);
	timeline_release(&rs->timeline);
	free(rs->steady);
	results_init(rs);
}

/* Make room for one more element of size elem in *arr (n used, *alloc cap). */
static int grow(void **arr, size_t n, size_t *alloc, size_t elem)
{
	if (n < *alloc)
		return 0;
	size_t want = *alloc ? *alloc * 2 : 64;
	if (want > SIZE_MAX / elem)
		return -1;
	void *p = realloc(*arr, want * elem);
	if (!p)
		return -1;
	*arr = p;
	*alloc = want;
	return 0;
}

/* Append *o to an array of operation records.  0 or -1 (ENOMEM). */
static int push_op(struct result_op **arr, size_t *n, size_t *alloc,
		   const struct result_op *o)
{
	if (grow((void **)arr, *n, alloc, sizeof(**arr)))
		return -1;
	(*arr)[(*n)++] = *o;
	return 0;
}

int results_add_op(struct result_set *rs, const struct result_op *o)
{
	return push_op(&rs->ops, &rs->nops, &rs->ops_alloc, o);
}

int results_add_client_op(struct result_set *rs, const struct result_op *o)
{
	return push_op(&rs->client_ops, &rs->nclient_ops, &rs->client_ops_alloc, o);
}

int results_add_op_sum(struct result_set *rs, const struct result_op *o)
{
	return push_op(&rs->op_sums, &rs->nop_sums, &rs->op_sums_alloc, o);
}

int results_add_cell_sum(struct result_set *rs, const struct result_cell_sum *cs)
{
	if (grow((void **)&rs->cell_sums, rs->ncell_sums, &rs->cell_sums_alloc,
		 sizeof(*rs->cell_sums)))
		return -1;
	rs->cell_sums[rs->ncell_sums++] = *cs;
	return 0;
}

const struct result_cell_sum *results_cell_sum(const struct result_set *rs,
					       size_t cell, int col)
{
	const struct result_cell_sum *cs = NULL;
	uint64_t full = 0;

	for (size_t i = 0; i < rs->ncell_sums && !cs; i++)
		if (rs->cell_sums[i].cell == cell && rs->cell_sums[i].col == col)
			cs = &rs->cell_sums[i];
	if (!cs || (cs->flags & RESULTS_CS_STALE))
		return NULL;
	for (size_t i = 0; i < rs->nsamples; i++) {
		const struct result_sample *s = &rs->samples[i];
		/* the trials summary.csv's n counts: results_values' */
		if (s->cell == cell && s->col == col && !(s->flags & RESULTS_SF_PARTIAL) &&
		    results_sample_value(rs, s, RESULTS_UNIT_KBPS) >= 0.0)
			full++;
	}
	return full == cs->n ? cs : NULL;
}

int results_add_tp(struct result_set *rs, const struct result_tp *t)
{
	struct result_tp c = *t;

	if (grow((void **)&rs->tp, rs->ntp, &rs->tp_alloc, sizeof(*rs->tp)))
		return -1;
	c.child_xfer = c.child_rate = NULL;
	if (t->nchild) {
		c.child_xfer = malloc(t->nchild * sizeof(double));
		c.child_rate = malloc(t->nchild * sizeof(double));
		if (!c.child_xfer || !c.child_rate) {
			free(c.child_xfer);
			free(c.child_rate);
			return -1;
		}
		memcpy(c.child_xfer, t->child_xfer, t->nchild * sizeof(double));
		memcpy(c.child_rate, t->child_rate, t->nchild * sizeof(double));
	}
	rs->tp[rs->ntp++] = c;
	return 0;
}

int results_add_steady(struct result_set *rs, const struct result_steady *st)
{
	if (grow((void **)&rs->steady, rs->nsteady, &rs->steady_alloc,
		 sizeof(*rs->steady)))
		return -1;
	rs->steady[rs->nsteady++] = *st;
	return 0;
}

int results_set_str(char **field, const char *value)
{
	char *copy = NULL;
	if (value) {
		copy = strdup(value);
		if (!copy)
			return -1;
	}
	free(*field);
	*field = copy;
	return 0;
}

long results_add_cell(struct result_set *rs, uint64_t file_kb,
		      uint64_t record_kb, int placeholder)
{
	if (grow((void **)&rs->cells, rs->ncells, &rs->cells_alloc,
		 sizeof(*rs->cells)))
		return -1;
	struct result_cell *c = &rs->cells[rs->ncells];
	c->file_kb = file_kb;
	c->record_kb = record_kb;
	c->placeholder = placeholder;
	return (long)rs->ncells++;
}

static size_t cell_hash(uint64_t file_kb, uint64_t record_kb, size_t slots)
{
	uint64_t h = file_kb * 0x9e3779b97f4a7c15ull ^ (record_kb + 0x632be59bd9b4e019ull);
	h ^= h >> 29;
	h *= 0xbf58476d1ce4e5b9ull;
	h ^= h >> 32;
	return (size_t)(h & (slots - 1));
}

/* Put cell i into the index (slots: a power of two, never full). */
static void index_put(struct result_set *rs, size_t i)
{
	size_t k = cell_hash(rs->cells[i].file_kb, rs->cells[i].record_kb,
			     rs->cell_index_slots);
	while (rs->cell_index[k])
		k = (k + 1) & (rs->cell_index_slots - 1);
	rs->cell_index[k] = (uint32_t)(i + 1);
}

/*
 * Bring the index up to every cell: grown (and rebuilt) at half full, or
 * rebuilt after results_cells_moved.  -1 when it cannot be had (no memory,
 * more cells than a slot numbers): the finder then searches linearly.
 */
static int index_sync(struct result_set *rs)
{
	if (rs->cell_index_n > rs->ncells) {
		rs->cell_index_n = 0;
		if (rs->cell_index)
			memset(rs->cell_index, 0, rs->cell_index_slots * sizeof(*rs->cell_index));
	}
	if (rs->ncells >= UINT32_MAX)
		return -1;
	if (2 * rs->ncells >= rs->cell_index_slots) {
		size_t slots = 256;
		while (slots <= 2 * rs->ncells)
			slots *= 2;
		uint32_t *t = calloc(slots, sizeof(*t));
		if (!t)
			return -1;
		free(rs->cell_index);
		rs->cell_index = t;
		rs->cell_index_slots = slots;
		rs->cell_index_n = 0;
	}
	for (; rs->cell_index_n < rs->ncells; rs->cell_index_n++)
		index_put(rs, rs->cell_index_n);
	return 0;
}

void results_cells_moved(struct result_set *rs)
{
	rs->cell_index_n = SIZE_MAX;
}

/*
 * The first cell that is no placeholder with these sizes, or -1.  Sets
 * of a few cells are searched; larger ones (an import of a 60,000-cell
 * folder) go through the index, which the finder keeps: the set is const
 * to callers, the index is only a cache of what the cells say.
 */
long results_find_cell(const struct result_set *rs, uint64_t file_kb,
		       uint64_t record_kb)
{
	struct result_set *w = (struct result_set *)rs;

	if (rs->ncells > 64 && index_sync(w) == 0) {
		long best = -1;
		size_t k = cell_hash(file_kb, record_kb, rs->cell_index_slots);
		for (; rs->cell_index[k]; k = (k + 1) & (rs->cell_index_slots - 1)) {
			size_t i = rs->cell_index[k] - 1;
			const struct result_cell *c = &rs->cells[i];
			if (!c->placeholder && c->file_kb == file_kb &&
			    c->record_kb == record_kb && (best < 0 || (long)i < best))
				best = (long)i;
		}
		return best;
	}
	for (size_t i = 0; i < rs->ncells; i++)
		if (!rs->cells[i].placeholder && rs->cells[i].file_kb == file_kb &&
		    rs->cells[i].record_kb == record_kb)
			return (long)i;
	return -1;
}

int results_add_sample(struct result_set *rs, const struct result_sample *s)
{
	if (s->col >= RC_COUNT || s->cell >= rs->ncells)
		return -1;
	if (grow((void **)&rs->samples, rs->nsamples, &rs->samples_alloc,
		 sizeof(*rs->samples)))
		return -1;
	rs->samples[rs->nsamples++] = *s;
	rs->cols_mask |= 1u << s->col;
	return 0;
}

int results_add_client_sample(struct result_set *rs, const struct result_sample *s)
{
	if (s->col >= RC_COUNT || s->cell >= rs->ncells)
		return -1;
	if (grow((void **)&rs->client_samples, rs->nclient_samples,
		 &rs->client_samples_alloc, sizeof(*rs->client_samples)))
		return -1;
	rs->client_samples[rs->nclient_samples++] = *s;
	return 0;
}

int results_set_clients(struct result_set *rs, const char *const *hosts, unsigned n)
{
	char **copy = calloc(n ? n : 1, sizeof(*copy));
	unsigned nhosts = 0, most = 0;

	if (!copy)
		return -1;
	for (unsigned i = 0; i < n; i++) {
		unsigned same = 0, first = 1;
		if (!(copy[i] = strdup(hosts[i]))) {
			while (i--)
				free(copy[i]);
			free(copy);
			return -1;
		}
		for (unsigned k = 0; k < n; k++) {
			if (strcmp(hosts[k], hosts[i]) != 0)
				continue;
			same++;
			if (k < i)
				first = 0;
		}
		nhosts += first;
		most = same > most ? same : most;
	}
	for (unsigned i = 0; rs->client_host && i < rs->nclients; i++)
		free(rs->client_host[i]);
	free(rs->client_host);
	rs->client_host = copy;
	rs->nclients = n;
	rs->nhosts = nhosts;
	rs->ranks_per_host = most;
	return 0;
}

int results_set_record_axis(struct result_set *rs, const uint64_t *kb, size_t n)
{
	uint64_t *copy = NULL;
	if (n) {
		copy = malloc(n * sizeof(*copy));
		if (!copy)
			return -1;
		memcpy(copy, kb, n * sizeof(*copy));
	}
	free(rs->record_axis);
	rs->record_axis = copy;
	rs->nrecord_axis = n;
	return 0;
}

double results_sample_value(const struct result_set *rs,
			    const struct result_sample *s, int unit)
{
	double record_kb = (double)rs->cells[s->cell].record_kb;

	if (s->flags & RESULTS_SF_RATE_ONLY) {
		double kbps = s->rate_kbps;
		if (!(kbps > 0.0) || record_kb <= 0.0)
			return unit == RESULTS_UNIT_KBPS && kbps == 0.0 ? 0.0 : -1.0;
		switch (unit) {
		case RESULTS_UNIT_OPS:
			return kbps / record_kb;
		case RESULTS_UNIT_USEC:
			return 1e6 * record_kb / kbps;
		default:
			return kbps;
		}
	}
	if (s->elapsed_ns == 0)
		return -1.0;
	double secs = (double)s->elapsed_ns / 1e9;
	switch (unit) {
	case RESULTS_UNIT_OPS:
		return (double)s->ops / secs;
	case RESULTS_UNIT_USEC:
		return s->ops ? 1e6 * secs / (double)s->ops : -1.0;
	default:
		return (double)s->bytes / 1024.0 / secs;
	}
}

size_t results_values(const struct result_set *rs, size_t cell, int col,
		      int unit, double *out, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < rs->nsamples && n < max; i++) {
		const struct result_sample *s = &rs->samples[i];
		if (s->cell != cell || s->col != col || (s->flags & RESULTS_SF_PARTIAL))
			continue;
		double v = results_sample_value(rs, s, unit);
		if (v >= 0.0)
			out[n++] = v;
	}
	return n;
}

long results_cell_summary(const struct result_set *rs, size_t cell, int col, int unit,
			  struct stats_summary *out)
{
	double *v = malloc((rs->nsamples ? rs->nsamples : 1) * sizeof(*v));
	size_t n;

	if (!v)
		return -1;
	n = results_values(rs, cell, col, unit, v, rs->nsamples);
	if (n && stats_summarize(v, n, out) != 0)
		n = 0;
	free(v);
	return (long)n;
}

int results_has(const struct result_set *rs, size_t cell, int col)
{
	for (size_t i = 0; i < rs->nsamples; i++)
		if (rs->samples[i].cell == cell && rs->samples[i].col == col)
			return 1;
	return 0;
}

double results_cached_min(const struct result_set *rs, size_t cell, int col)
{
	double least = -1.0;
	for (size_t i = 0; i < rs->nsamples; i++) {
		const struct result_sample *s = &rs->samples[i];
		if (s->cell != cell || s->col != col || (s->flags & RESULTS_SF_PARTIAL))
			continue;
		if (!(s->flags & RESULTS_SF_CACHED))
			return -1.0;
		if (least < 0.0 || s->cached_pct < least)
			least = s->cached_pct;
	}
	return least;
}

static uint64_t results_shortest_ns(const struct result_set *rs, size_t cell, int col)
{
	uint64_t shortest = 0;
	for (size_t i = 0; i < rs->nsamples; i++) {
		const struct result_sample *s = &rs->samples[i];
		if (s->cell == cell && s->col == col &&
		    !(s->flags & (RESULTS_SF_PARTIAL | RESULTS_SF_RATE_ONLY)) &&
		    s->elapsed_ns > 0 && (shortest == 0 || s->elapsed_ns < shortest))
			shortest = s->elapsed_ns;
	}
	return shortest;
}

struct cell_rank {
	struct result_cell cell;
	size_t old;
};

static int cmp_rank(const void *a, const void *b)
{
	const struct cell_rank *x = a, *y = b;
	if (x->cell.file_kb != y->cell.file_kb)
		return x->cell.file_kb < y->cell.file_kb ? -1 : 1;
	if (x->cell.record_kb != y->cell.record_kb)
		return x->cell.record_kb < y->cell.record_kb ? -1 : 1;
	return x->old < y->old ? -1 : x->old > y->old; /* stable */
}

int results_sort_cells(struct result_set *rs)
{
	if (rs->ncells < 2)
		return 0;
	struct cell_rank *r = malloc(rs->ncells * sizeof(*r));
	uint32_t *newpos = malloc(rs->ncells * sizeof(*newpos));
	if (!r || !newpos) {
		free(r);
		free(newpos);
		return -1;
	}
	for (size_t i = 0; i < rs->ncells; i++) {
		r[i].cell = rs->cells[i];
		r[i].old = i;
	}
	qsort(r, rs->ncells, sizeof(*r), cmp_rank);
	for (size_t i = 0; i < rs->ncells; i++) {
		rs->cells[i] = r[i].cell;
		newpos[r[i].old] = (uint32_t)i;
	}
	results_cells_moved(rs);
	for (size_t i = 0; i < rs->nsamples; i++)
		rs->samples[i].cell = newpos[rs->samples[i].cell];
	for (size_t i = 0; i < rs->nclient_samples; i++)
		rs->client_samples[i].cell = newpos[rs->client_samples[i].cell];
	for (size_t i = 0; i < rs->ncell_sums; i++)
		rs->cell_sums[i].cell = newpos[rs->cell_sums[i].cell];
	free(r);
	free(newpos);
	return 0;
}

int results_lat_merge_cell(const struct result_set *rs, size_t cell, int col,
		       struct latency_hist *out)
{
	int merged = 0;

	latency_clear(out);
	for (size_t i = 0; i < rs->nsamples; i++) {
		const struct result_sample *s = &rs->samples[i];
		if (s->cell != cell || s->col != col || !s->lat ||
		    (s->flags & RESULTS_SF_PARTIAL))
			continue;
		if (latency_merge(out, s->lat) != 0)
			return -1;
		merged++;
	}
	return merged;
}

int results_lat_merge_cell_dir(const struct result_set *rs, size_t cell, int col,
			   int dir, struct latency_hist *out)
{
	int merged = 0;

	latency_clear(out);
	for (size_t i = 0; i < rs->nsamples; i++) {
		const struct result_sample *s = &rs->samples[i];
		const struct latency_hist *h;
		if (s->cell != cell || s->col != col || (s->flags & RESULTS_SF_PARTIAL))
			continue;
		if (s->flags & RESULTS_SF_SPLIT)
			h = dir ? s->lat_wr : s->lat_rd;
		else
			h = results_col_writes(col) == dir ? s->lat : NULL;
		if (!h || h->n == 0)
			continue;
		if (latency_merge(out, h) != 0)
			return -1;
		merged++;
	}
	return merged;
}

int results_has_latency(const struct result_set *rs)
{
	for (size_t i = 0; i < rs->nsamples; i++)
		if (rs->samples[i].lat)
			return 1;
	return 0;
}

int results_short_timing(const struct result_set *rs, size_t cell, int col)
{
	uint64_t shortest = results_shortest_ns(rs, cell, col);
	return shortest && stats_too_short(shortest, rs->meta.timer_resolution_s);
}
