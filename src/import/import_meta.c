/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import_meta.c: one key,value row of a result folder's meta.csv into the
 * result set's meta (import_priv.h), for import_csv.c, which reads the
 * file with libcsv and names the file and line of a refusal.  Every key
 * csvout writes is read back; a key this iosweep does not know (written
 * by a later one) is left alone.
 */
#include "compat.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/import_priv.h"
#include "model/results.h"

/* The first refusal of the row into r->msg; the later ones are dropped. */
static void mfail(struct import_meta_read *r, const char *fmt, ...)
	IOSWEEP_PRINTF(2, 3);
static void mfail(struct import_meta_read *r, const char *fmt, ...)
{
	va_list ap;

	if (r->msg[0])
		return;
	va_start(ap, fmt);
	vsnprintf(r->msg, sizeof(r->msg), fmt, ap);
	va_end(ap);
}

/* Field s of key name as a whole number; -1 after mfail. */
static int u64_field(struct import_meta_read *r, const char *s, const char *name,
		     uint64_t *out)
{
	if (import_parse_u64(s, out)) {
		mfail(r, "%s '%.40s' is not a whole number", name, s);
		return -1;
	}
	return 0;
}

/* "direct,fsync" (csvout's spelling) or a number. */
static int parse_flags(const char *s, unsigned *out)
{
	uint64_t v;
	if (import_parse_u64(s, &v) == 0) {
		*out = (unsigned)v;
		return 0;
	}
	*out = 0;
	while (*s) {
		size_t n = strcspn(s, ",|+ ");
		if (n) {
			const char *word;
			unsigned flag = 0;
			for (size_t i = 0; (word = results_flag_word(i, &flag)) != NULL; i++)
				if (strlen(word) == n && strncmp(s, word, n) == 0)
					break;
			if (!word)
				return -1;
			*out |= flag;
		}
		s += n;
		if (*s)
			s++;
	}
	return 0;
}

static int parse_unit(const char *s, int *unit)
{
	static const struct {
		const char *word;
		int unit;
	} units[] = {
		{ "kb_per_s", RESULTS_UNIT_KBPS }, { "ops_per_s", RESULTS_UNIT_OPS },
		{ "usec_per_op", RESULTS_UNIT_USEC }, { "0", RESULTS_UNIT_KBPS },
		{ "1", RESULTS_UNIT_OPS }, { "2", RESULTS_UNIT_USEC },
	};
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (strcmp(s, units[i].word) == 0) {
			*unit = units[i].unit;
			return 0;
		}
	return -1;
}


/* meta.csv's measured shares of shaped data (dedup_within, ...). */
static void read_dedup(struct import_meta_read *r, struct result_meta *m, const char *k,
		       const char *val)
{
	double d;

	if (import_parse_double(val, &d) || d < 0.0) {
		mfail(r, "dedup_%s '%.40s' is not a number of 0 or more", k, val);
		return;
	}
	if (!strcmp(k, "granule_bytes"))
		m->dedup_granule = (uint64_t)d;
	else if (!strcmp(k, "within"))
		m->dedup_within = d;
	else if (!strcmp(k, "across"))
		m->dedup_across = d;
	else if (!strcmp(k, "probe_bytes"))
		m->dedup_probe_bytes = (uint64_t)d;
	else if (!strcmp(k, "files"))
		m->dedup_files = (unsigned)d;
}
/*
 * Folders written before meta.csv had the engine, iodepth and jobs keys
 * (iosweep 0.4 and older) hold them only in the workload line
 * ("engine=io_uring iodepth=16 jobs=16 ..."): read them from there.  A
 * folder that has the keys writes them after the line, so they win.
 */
static void workload_fields(struct import_meta_read *r, const char *line)
{
	struct result_meta *m = &r->rs->meta;

	for (const char *p = line; p && *p; p = strchr(p, ' ') ? strchr(p, ' ') + 1 : NULL) {
		size_t n = strcspn(p, " ");
		if (!strncmp(p, "engine=", 7) && n > 7) {
			char name[32];
			snprintf(name, sizeof(name), "%.*s", (int)(n - 7), p + 7);
			if (results_set_str(&m->engine, name))
				mfail(r, "out of memory");
		} else if (!strncmp(p, "iodepth=", 8)) {
			m->iodepth = (unsigned)strtoul(p + 8, NULL, 10);
		} else if (!strncmp(p, "jobs=", 5)) {
			m->jobs = (unsigned)strtoul(p + 5, NULL, 10);
		}
	}
}

/* The queue-depth run's iodepth or jobs: 1 or more.  1 when key was one. */
static int meta_depth(struct import_meta_read *r, const char *key, const char *val)
{
	uint64_t u;

	if (strcmp(key, "iodepth") != 0 && strcmp(key, "jobs") != 0)
		return 0;
	if (import_parse_u64(val, &u) || u == 0 || u > 65536)
		mfail(r, "%s '%.40s': expected 1..65536", key, val);
	else if (key[0] == 'i')
		r->rs->meta.iodepth = (unsigned)u;
	else
		r->rs->meta.jobs = (unsigned)u;
	return 1;
}

/* async_pct, resumed_samples and inflight_max.  1 when key was one. */
static int meta_counter(struct import_meta_read *r, const char *key, const char *val)
{
	struct result_meta *m = &r->rs->meta;
	uint64_t u;
	double d;

	if (strcmp(key, "async_pct") == 0) {
		if (*val && (import_parse_double(val, &d) || !(d >= 0.0 && d <= 100.0)))
			mfail(r, "async_pct '%.40s': expected a percentage, 0 to 100", val);
		else
			m->async_pct = *val ? d : -1.0;
		return 1;
	}
	if (strcmp(key, "resumed_samples") == 0) {
		if (u64_field(r, val, "resumed_samples", &u) == 0)
			m->resumed_samples = u;
		return 1;
	}
	if (strcmp(key, "inflight_max") == 0) {
		if (*val && u64_field(r, val, "inflight_max", &u) == 0 && u > UINT_MAX)
			mfail(r, "inflight_max '%.40s' is too large", val);
		else if (!r->msg[0])
			m->inflight_max = *val ? (unsigned)u : 0;
		return 1;
	}
	return 0;
}

/* A text field of results_meta_strs (the first: the label).  1 when key was one. */
static int meta_string(struct import_meta_read *r, const char *key, const char *val)
{
	struct result_meta *m = &r->rs->meta;

	for (size_t i = 0; results_meta_strs[i].key; i++) {
		if (strcmp(key, results_meta_strs[i].key) != 0)
			continue;
		char **field = (char **)(void *)((char *)m + results_meta_strs[i].off);
		if (results_set_str(field, *val ? val : NULL))
			mfail(r, "out of memory");
		if (!strcmp(key, "workload"))
			workload_fields(r, *field);
		if (i == 0)
			r->label_from_meta = 1;
		return 1;
	}
	return 0;
}

/* data_compress_ratio or timer_resolution_s: a number, 0 when empty. */
static void meta_ratio_or_resolution(struct import_meta_read *r, const char *key, const char *val)
{
	struct result_meta *m = &r->rs->meta;
	double d;

	if (*val && import_parse_double(val, &d)) {
		mfail(r, "%s '%.40s' is not a number", key, val);
		return;
	}
	if (!*val)
		d = 0.0;
	if (key[0] == 'd')
		m->data_compress_ratio = d;
	else
		m->timer_resolution_s = d;
}

/* Many clients: clients, hosts or ranks_per_host (the clients' rows name
 * their hosts). */
static void meta_client_count(struct import_meta_read *r, const char *key, const char *val)
{
	uint64_t u;

	if (import_parse_u64(val, &u) || u == 0 || u > UINT32_MAX)
		mfail(r, "%s '%.40s': expected a positive whole number", key, val);
	else if (key[0] == 'c')
		r->rs->nclients = (unsigned)u;
	else if (key[0] == 'h')
		r->rs->nhosts = (unsigned)u;
	else
		r->rs->ranks_per_host = (unsigned)u;
}

/* data_unique_bytes, data_dedup_ratio or data_dedup_bytes. */
static void meta_data_dedup(struct import_meta_read *r, const char *key, const char *val)
{
	struct result_meta *m = &r->rs->meta;
	double d;

	if (import_parse_double(val, &d) || d < 0.0)
		mfail(r, "%s '%.40s' is not a number of 0 or more", key, val);
	else if (key[5] == 'u')
		m->data_unique_bytes = (uint64_t)d;
	else if (!strcmp(key, "data_dedup_ratio"))
		m->data_dedup_ratio = d;
	else if (!strcmp(key, "data_dedup_bytes"))
		m->data_dedup_bytes = (uint64_t)d;
}

/* The other keys meta.csv may hold; a key this iosweep does not know
 * (written by a later one) is left alone. */
static void meta_other(struct import_meta_read *r, const char *key, const char *val)
{
	struct result_meta *m = &r->rs->meta;
	uint64_t u;

	if (strcmp(key, "schema") == 0) {
		if (import_parse_u64(val, &u) || u < RESULTS_SCHEMA_OLDEST || u > RESULTS_SCHEMA)
			mfail(r, "schema '%.20s': this iosweep reads schema %d to %d", val,
			      RESULTS_SCHEMA_OLDEST, RESULTS_SCHEMA);
	} else if (strcmp(key, "ram_kb") == 0) {
		if (*val && import_parse_u64(val, &u) == 0)
			m->ram_kb = u;
		else if (*val)
			mfail(r, "ram_kb '%.40s' is not a whole number", val);
	} else if (strcmp(key, "data_compress_ratio") == 0 ||
		   strcmp(key, "timer_resolution_s") == 0) {
		meta_ratio_or_resolution(r, key, val);
	} else if (strcmp(key, "flags") == 0) {
		if (parse_flags(val, &m->flags))
			mfail(r, "flags '%.60s': unknown flag", val);
	} else if (strcmp(key, "source_unit") == 0) {
		if (*val && parse_unit(val, &m->source_unit))
			mfail(r, "source_unit '%.40s': expected kb_per_s, ops_per_s or usec_per_op", val);
	} else if (strcmp(key, "clients") == 0 || strcmp(key, "hosts") == 0 ||
		   strcmp(key, "ranks_per_host") == 0) {
		meta_client_count(r, key, val);
	} else if (!strncmp(key, "dedup_", 6)) {
		read_dedup(r, m, key + 6, val);
	} else if (!strncmp(key, "data_unique_bytes", 17) ||
		   !strncmp(key, "data_dedup_", 11)) {
		meta_data_dedup(r, key, val);
	} else if (strcmp(key, "trials") == 0) {
		if (import_parse_u64(val, &u) || u == 0 || u > 65536)
			mfail(r, "trials '%.40s': expected 1..65536", val);
		else
			r->trials = (unsigned)u;
	}
}

int import_meta_pair(struct import_meta_read *r, const char *key, const char *val)
{
	r->msg[0] = '\0';
	if (!meta_counter(r, key, val) && !meta_depth(r, key, val) &&
	    !meta_string(r, key, val))
		meta_other(r, key, val);
	return r->msg[0] ? -1 : 0;
}
