/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * journal.c: writing the journal (journal.h has the format).  Each record
 * is built whole in memory, written with one fwrite and flushed before
 * the call returns, so a killed process loses nothing it was told is
 * saved.  The file is fsynced with a record when JOURNAL_SYNC_NS have
 * passed since its last fsync, and always after its first records, at
 * its end and when it is closed: a power cut loses at most that last
 * second (a sweep of small cells ends hundreds of passes a second, and an
 * fsync after each cost more than 1% of the sweep).  The folder is
 * fsynced once, when the file is created, so the name survives a power
 * cut too.
 */
#include "compat.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "model/latency.h"
#include "lib/err.h"
#include "lib/strbuf.h"
#include "platform/clock.h"
#include "platform/platform.h"
#include "report/journal.h"

/* Append text with '%', control bytes and DEL as %XX. */
static void put_escaped(struct sbuf *sb, const char *s)
{
	for (; s && *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch < 0x20 || ch == 0x7f || ch == '%')
			sb_printf(sb, "%%%02X", ch);
		else
			sb_add(sb, (const char *)&ch, 1);
	}
}

static void put_field(struct sbuf *sb, const char *s)
{
	sb_printf(sb, "\t");
	put_escaped(sb, s);
}

/* A histogram as hex of latency_pack's bytes, "-" for none. */
static void put_hist(struct sbuf *sb, const struct latency_hist *h)
{
	size_t n;
	unsigned char *b;

	sb_printf(sb, "\t");
	if (!h) {
		sb_printf(sb, "-");
		return;
	}
	n = latency_packed_len(h);
	b = malloc(n ? n : 1);
	if (!b) {
		sb->failed = 1;
		return;
	}
	n = latency_pack(h, b, n);
	for (size_t i = 0; i < n; i++)
		sb_printf(sb, "%02x", b[i]);
	free(b);
}

/* fsync what was written, now (force) or once a second has passed. */
static int sync_file(struct journal *j, int force)
{
	uint64_t now = clock_now_ns();

	if (!j->unsynced || (!force && now - j->synced_ns < JOURNAL_SYNC_NS))
		return 0;
	if (plat_fsync_fd(fileno(j->fp)) != 0)
		return -1;
	j->synced_ns = now;
	j->unsynced = 0;
	return 0;
}

/* Seal the record: tab, CRC-32 of what came before, newline; write; flush,
 * and sync_file. */
static int put_record(struct journal *j, struct sbuf *sb, char *err, size_t errlen)
{
	uLong crc = crc32(0L, Z_NULL, 0);
	int rc = 0;

	if (!sb->failed)
		crc = crc32(crc, (const Bytef *)sb->p, (uInt)sb->len);
	sb_printf(sb, "\t%08lx\n", (unsigned long)crc);
	if (sb->failed) {
		rc = err_set(err, errlen, "'%s': out of memory", j->path);
	} else {
		j->unsynced = 1;
		if (fwrite(sb->p, 1, sb->len, j->fp) != sb->len || fflush(j->fp) != 0 ||
		    sync_file(j, 0) != 0)
			rc = err_set(err, errlen, "cannot write '%s': %s", j->path,
				     strerror(errno));
	}
	sb_release(sb);
	return rc;
}

/* sync_file(j, 1) with put_record's message. */
static int sync_now(struct journal *j, char *err, size_t errlen)
{
	if (sync_file(j, 1) != 0)
		return err_set(err, errlen, "cannot write '%s': %s", j->path,
			       strerror(errno));
	return 0;
}

static void put_meta(struct sbuf *sb, const char *key, const char *value)
{
	sb_printf(sb, "m");
	put_field(sb, key);
	put_field(sb, value);
}

static int write_meta(struct journal *j, const struct result_set *rs, char *err,
		      size_t errlen)
{
	const struct result_meta *m = &rs->meta;
	char num[64];
	struct sbuf sb = { 0 };

	for (size_t i = 0; results_meta_strs[i].key; i++) {
		const char *v = *(char *const *)((const char *)m + results_meta_strs[i].off);
		if (!v)
			continue;
		memset(&sb, 0, sizeof(sb));
		put_meta(&sb, results_meta_strs[i].key, v);
		if (put_record(j, &sb, err, errlen) != 0)
			return -1;
	}
	struct { const char *key; int hex; double d; unsigned long long u; } nums[] = {
		{ "ram_kb", 0, 0, m->ram_kb },
		{ "flags", 0, 0, m->flags },
		{ "source_unit", 0, 0, (unsigned long long)m->source_unit },
		{ "trials", 0, 0, rs->trials },
		{ "data_compress_ratio", 1, m->data_compress_ratio, 0 },
		{ "data_unique_bytes", 0, 0, m->data_unique_bytes },
		{ "data_dedup_ratio", 1, m->data_dedup_ratio, 0 },
		{ "data_dedup_bytes", 0, 0, m->data_dedup_bytes },
		{ "timer_resolution_s", 1, m->timer_resolution_s, 0 },
		{ "dedup_granule", 0, 0, m->dedup_granule },
		{ "dedup_within", 1, m->dedup_within, 0 },
		{ "dedup_across", 1, m->dedup_across, 0 },
		{ "dedup_probe_bytes", 0, 0, m->dedup_probe_bytes },
		{ "dedup_files", 0, 0, m->dedup_files },
	};
	for (size_t i = 0; i < sizeof(nums) / sizeof(nums[0]); i++) {
		if (nums[i].hex)
			snprintf(num, sizeof(num), "%a", nums[i].d);
		else
			snprintf(num, sizeof(num), "%llu", nums[i].u);
		memset(&sb, 0, sizeof(sb));
		put_meta(&sb, nums[i].key, num);
		if (put_record(j, &sb, err, errlen) != 0)
			return -1;
	}
	return 0;
}

static int open_file(struct journal *j, const char *dir, const char *mode,
		     char *err, size_t errlen)
{
	size_t n = strlen(dir) + sizeof("/" JOURNAL_NAME);

	memset(j, 0, sizeof(*j));
	j->async_pct = -1.0;	/* results_init's "not counted" */
	j->path = malloc(n);
	if (!j->path)
		return err_set(err, errlen, "out of memory");
	snprintf(j->path, n, "%s/%s", dir, JOURNAL_NAME);
	if (mode[0] == 'w') {	/* never an existing file, never through a link */
		int fd = plat_create_fd(j->path);
		j->fp = fd < 0 ? NULL : fdopen(fd, "wb");
		if (fd >= 0 && !j->fp) {
			int e = errno;
			plat_close_fd(fd);
			errno = e;
		}
	} else {
		j->fp = plat_fopen(j->path, mode);
	}
	if (!j->fp) {
		int e = errno;
		err_set(err, errlen, "cannot %s '%s': %s", mode[0] == 'w' ? "create" : "open",
			j->path, strerror(e));
		free(j->path);
		j->path = NULL;
		errno = e;
		return -1;
	}
	return 0;
}

int journal_create(struct journal *j, const char *dir, const struct result_set *rs,
		   const char *cwd, int argc, char *const *argv, char *err, size_t errlen)
{
	struct sbuf sb = { 0 };

	if (open_file(j, dir, "wb", err, errlen) != 0)
		return -1;
	memset(&sb, 0, sizeof(sb));
	sb_printf(&sb, "J\tiosweep-journal\t%d", JOURNAL_VERSION);
	if (put_record(j, &sb, err, errlen) != 0 || write_meta(j, rs, err, errlen) != 0)
		goto fail;
	memset(&sb, 0, sizeof(sb));
	sb_printf(&sb, "a");
	put_field(&sb, cwd);
	sb_printf(&sb, "\t%d", argc);
	for (int i = 0; i < argc; i++)
		put_field(&sb, argv[i]);
	if (put_record(j, &sb, err, errlen) != 0 || sync_now(j, err, errlen) != 0)
		goto fail;
	if (plat_fsync_dir(dir) != 0) {
		err_set(err, errlen, "cannot sync the folder '%s': %s", dir, strerror(errno));
		goto fail;
	}
	return 0;
fail:
	journal_close(j);
	return -1;
}

int journal_reopen(struct journal *j, const char *dir, uint64_t good_len,
		   const char *when, uint64_t kept, char *err, size_t errlen)
{
	struct sbuf sb = { 0 };

	if (open_file(j, dir, "ab", err, errlen) != 0)
		return -1;
	/* a torn last line would run into the next record: cut it first */
	if (io_truncate(fileno(j->fp), good_len, j->path, err, errlen) != 0) {
		journal_close(j);
		return -1;
	}
	memset(&sb, 0, sizeof(sb));
	sb_printf(&sb, "r");
	put_field(&sb, when);
	sb_printf(&sb, "\t%llu", (unsigned long long)kept);
	if (put_record(j, &sb, err, errlen) != 0) {
		journal_close(j);
		return -1;
	}
	return 0;
}

static void put_sample(struct sbuf *sb, const struct result_set *rs,
		       const struct result_sample *s)
{
	const struct result_cell *c = &rs->cells[s->cell];
	char slug[64];

	results_col_slug(s->col, slug, sizeof(slug));
	sb_printf(sb, "s\t%s\t%llu\t%llu\t%u\t%ld\t%ld\t%u", slug,
		    (unsigned long long)c->file_kb, (unsigned long long)c->record_kb,
		    (unsigned)s->trial, (long)s->client, (long)s->writer,
		    s->flags & ~(RESULTS_SF_PARTIAL | RESULTS_SF_HOST_CPU));
	sb_printf(sb, "\t%llu\t%llu\t%llu\t%llu\t%llu\t%llu\t%llu",
		    (unsigned long long)s->bytes, (unsigned long long)s->ops,
		    (unsigned long long)s->elapsed_ns, (unsigned long long)s->wall_ns,
		    (unsigned long long)s->sync_ns, (unsigned long long)s->rd_ops,
		    (unsigned long long)s->wr_ops);
	sb_printf(sb, "\t%a\t%a\t%a\t%a", s->cpu_user_s, s->cpu_sys_s, s->cached_pct,
		    s->rate_kbps);
	put_hist(sb, s->lat);
	put_hist(sb, s->lat_rd);
	put_hist(sb, s->lat_wr);
}

/* A latency figure: %a, or "-" for none (NaN). */
static void put_lat(struct sbuf *sb, double us)
{
	if (isnan(us))
		sb_printf(sb, "\t-");
	else
		sb_printf(sb, "\t%a", us);
}

int journal_timeline(struct journal *j, const struct result_set *rs, char *err,
		     size_t errlen)
{
	const struct timeline *t = &rs->timeline;

	if (j->tl_cursor > t->n)
		j->tl_cursor = t->n;
	for (; j->fp && j->tl_cursor < t->n; j->tl_cursor++) {
		const struct timeline_row *r = &t->rows[j->tl_cursor];
		struct sbuf sb = { 0 };
		char slug[64];

		results_col_slug(r->col, slug, sizeof(slug));
		sb_printf(&sb, "t\t%s\t%llu\t%llu\t%u\t%ld\t%llu\t%llu\t%llu\t%llu\t%llu",
			  slug, (unsigned long long)r->file_kb,
			  (unsigned long long)r->record_kb, (unsigned)r->trial,
			  (long)r->client, (unsigned long long)t->interval_ns,
			  (unsigned long long)r->start_ns, (unsigned long long)r->len_ns,
			  (unsigned long long)r->bytes, (unsigned long long)r->ops);
		for (int k = 0; k < TIMELINE_NLAT; k++)
			put_lat(&sb, r->lat_us[k]);
		if (put_record(j, &sb, err, errlen) != 0)
			return -1;
	}
	return 0;
}

/* "y" for rs->steady's rows from j->steady_cursor on.  0 or -1. */
static int journal_steady(struct journal *j, const struct result_set *rs, char *err,
			  size_t errlen)
{
	if (j->steady_cursor > rs->nsteady)
		j->steady_cursor = rs->nsteady;
	for (; j->fp && j->steady_cursor < rs->nsteady; j->steady_cursor++) {
		const struct result_steady *st = &rs->steady[j->steady_cursor];
		struct sbuf sb = { 0 };
		char rule[128], slug[64] = "precondition";

		steady_format(&st->spec, rule, sizeof(rule));
		if (st->col >= 0)
			results_col_slug(st->col, slug, sizeof(slug));
		sb_printf(&sb, "y");
		put_field(&sb, rule);
		sb_printf(&sb, "\t%s\t%llu\t%llu\t%u\t%d\t%d\t%llu\t%llu\t%a\t%a", slug,
			  (unsigned long long)st->file_kb, (unsigned long long)st->record_kb,
			  (unsigned)st->trial, st->attained ? 1 : 0, st->judged ? 1 : 0,
			  (unsigned long long)st->at_ns, (unsigned long long)st->ran_ns,
			  st->mean, st->criterion);
		if (put_record(j, &sb, err, errlen) != 0)
			return -1;
	}
	return 0;
}

int journal_samples(struct journal *j, const struct result_set *rs, char *err,
		    size_t errlen)
{
	struct sbuf sb = { 0 };

	if (journal_timeline(j, rs, err, errlen) != 0 ||
	    journal_steady(j, rs, err, errlen) != 0)
		return -1;
	if (!j->fp || j->cursor >= rs->nsamples) {
		if (j->cursor > rs->nsamples)
			j->cursor = rs->nsamples;
		return 0;
	}
	memset(&sb, 0, sizeof(sb));
	for (size_t i = j->cursor; i < rs->nsamples; i++) {
		if (i > j->cursor) {
			/* one record per line: seal the previous one first */
			if (put_record(j, &sb, err, errlen) != 0)
				return -1;
			memset(&sb, 0, sizeof(sb));
		}
		put_sample(&sb, rs, &rs->samples[i]);
	}
	j->cursor = rs->nsamples;
	return put_record(j, &sb, err, errlen);
}

int journal_trial_done(struct journal *j, uint64_t file_kb, uint64_t record_kb,
		       unsigned trial, char *err, size_t errlen)
{
	struct sbuf sb = { 0 };

	if (!j->fp)
		return 0;
	memset(&sb, 0, sizeof(sb));
	sb_printf(&sb, "d\t%llu\t%llu\t%u", (unsigned long long)file_kb,
		    (unsigned long long)record_kb, trial);
	return put_record(j, &sb, err, errlen);
}

int journal_tp_result(struct journal *j, const struct tp_result *r, char *err,
		      size_t errlen)
{
	struct sbuf sb = { 0 };

	if (!j->fp)
		return 0;
	sb_printf(&sb, "p\t%d\t%u\t%llu\t%llu\t%llu", r->kind, r->nchildren,
		  (unsigned long long)r->file_kb, (unsigned long long)r->record_kb,
		  (unsigned long long)r->parent_ns);
	for (unsigned i = 0; i < r->nchildren; i++) {
		const struct tp_child *c = &r->child[i];
		sb_printf(&sb, "\t%llu\t%llu\t%llu\t%llu\t%a\t%a\t%d\t%a",
			  (unsigned long long)c->bytes, (unsigned long long)c->ops,
			  (unsigned long long)c->elapsed_ns, (unsigned long long)c->wall_ns,
			  c->cpu_user_s, c->cpu_sys_s, c->stopped ? 1 : 0, c->cached_pct);
	}
	return put_record(j, &sb, err, errlen);
}

int journal_tp_count_done(struct journal *j, unsigned n, unsigned first_trial,
			  char *err, size_t errlen)
{
	struct sbuf sb = { 0 };

	if (!j->fp)
		return 0;
	sb_printf(&sb, "c\t%u\t%u", n, first_trial);
	return put_record(j, &sb, err, errlen);
}

int journal_meta_update(struct journal *j, const struct result_meta *m, char *err,
			size_t errlen)
{
	struct sbuf sb = { 0 };
	char num[64];

	if (!j->fp)
		return 0;
	if (m->inflight_max != j->inflight_max) {
		snprintf(num, sizeof(num), "%u", m->inflight_max);
		put_meta(&sb, "inflight_max", num);
		if (put_record(j, &sb, err, errlen) != 0)
			return -1;
		j->inflight_max = m->inflight_max;
	}
	if (m->async_pct != j->async_pct) {
		snprintf(num, sizeof(num), "%a", m->async_pct);
		put_meta(&sb, "async_pct", num);
		if (put_record(j, &sb, err, errlen) != 0)
			return -1;
		j->async_pct = m->async_pct;
	}
	return 0;
}

int journal_end(struct journal *j, const char *status, char *err, size_t errlen)
{
	struct sbuf sb = { 0 };

	if (!j->fp)
		return 0;
	memset(&sb, 0, sizeof(sb));
	sb_printf(&sb, "e");
	put_field(&sb, status);
	if (put_record(j, &sb, err, errlen) != 0)
		return -1;
	return sync_now(j, err, errlen);
}

void journal_close(struct journal *j)
{
	if (j->fp) {
		(void)sync_file(j, 1);	/* a failure here was told by the last write */
		fclose(j->fp);
	}
	free(j->path);
	memset(j, 0, sizeof(*j));
}
