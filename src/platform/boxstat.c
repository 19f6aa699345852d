/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * boxstat.c: a box's counters as text, and two snapshots' difference
 * (boxstat.h).  Every parser walks the text a line at a time in a bounded
 * buffer, skips lines it does not know (and lines too long to be one it
 * knows: /proc/stat's intr line runs to kilobytes), and takes a number
 * only when it is all digits and fits 64 bits.  Counters that went
 * backwards are read as a 32-bit counter that wrapped when both values
 * fit 32 bits (older kernels keep io_ticks in an unsigned int), else as
 * reset, and that interval's figure is left unknown.
 */
#include "compat.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lib/err.h"
#include "platform/boxstat.h"

#define LINE_MAX_BYTES 512
#define MAX_WORDS 24

void boxstat_init(struct boxstat_snap *s)
{
	memset(s, 0, sizeof(*s));
}

/*
 * The next line of text[*at..len) into line: 1, 2 when it was too long
 * (skipped), 0 at the end.
 */
static int next_line(const char *text, size_t len, size_t *at, char line[LINE_MAX_BYTES])
{
	const char *nl;
	size_t n;

	if (*at >= len)
		return 0;
	nl = memchr(text + *at, '\n', len - *at);
	n = nl ? (size_t)(nl - (text + *at)) : len - *at;
	if (n >= LINE_MAX_BYTES) {
		*at += n + 1;
		return 2;
	}
	memcpy(line, text + *at, n);
	line[n] = '\0';
	*at += n + 1;
	return 1;
}

/* Split line (in place) at blanks into w[0..MAX_WORDS): the count kept. */
static size_t words(char *line, char **w)
{
	size_t n = 0;
	char *p = line;

	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\r')
			*p++ = '\0';
		if (!*p || n == MAX_WORDS)
			return n;
		w[n++] = p;
		while (*p && *p != ' ' && *p != '\t' && *p != '\r')
			p++;
	}
}

/* An unsigned decimal that fits 64 bits: 0, or -1. */
static int u64_word(const char *s, uint64_t *v)
{
	uint64_t x = 0;

	if (!*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || x > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
			return -1;
		x = x * 10 + (uint64_t)(*s - '0');
	}
	*v = x;
	return 0;
}

int boxstat_parse_number(const char *text, size_t len, uint64_t *v)
{
	char line[LINE_MAX_BYTES], *w[MAX_WORDS];
	size_t at = 0;

	if (next_line(text, len, &at, line) != 1 || words(line, w) != 1)
		return -1;
	return u64_word(w[0], v);
}

int boxstat_parse_proc_stat(struct boxstat_snap *s, const char *text, size_t len,
			    char *err, size_t errlen)
{
	char line[LINE_MAX_BYTES], *w[MAX_WORDS];
	size_t at = 0;
	int more;

	while ((more = next_line(text, len, &at, line)) != 0) {
		uint64_t v[8] = { 0 }, total = 0;
		size_t n;
		if (more != 1 || (n = words(line, w)) < 5 || strcmp(w[0], "cpu") != 0)
			continue;
		/* user nice system idle [iowait irq softirq steal]; guest is in user */
		for (size_t i = 1; i < n && i <= 8; i++) {
			if (u64_word(w[i], &v[i - 1]) != 0)
				return err_set(err, errlen, "/proc/stat: cpu field %zu '%.20s' is "
					       "not a count", i, w[i]);
			if (total > UINT64_MAX - v[i - 1])
				return err_set(err, errlen, "/proc/stat: cpu counts overflow");
			total += v[i - 1];
		}
		s->cpu_total = total;
		s->cpu_busy = total - v[3] - v[4];
		s->cpu_found = 1;
		return 0;
	}
	return err_set(err, errlen, "/proc/stat: no cpu line");
}

/* Whether name ends in digits that follow a 'p' after a digit ("nvme0n1p2"). */
static int p_partition(const char *name, size_t len)
{
	size_t d = len;

	while (d > 0 && name[d - 1] >= '0' && name[d - 1] <= '9')
		d--;
	return d < len && d >= 2 && name[d - 1] == 'p' && name[d - 2] >= '0' &&
	       name[d - 2] <= '9';
}

int boxstat_whole_disk(const char *name)
{
	static const char *const lettered[] = { "sd", "hd", "vd", "xvd" };
	size_t len = strlen(name);

	if (!len || len >= BOXSTAT_NAME || !strncmp(name, "ram", 3) || !strncmp(name, "zram", 4))
		return 0;
	for (const char *p = name; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || *p == '-' || *p == '_' || *p == '.' || *p == ':'))
			return 0;
	if (p_partition(name, len))
		return 0;
	/* sdb1, vda2: letters after the prefix, then digits */
	for (size_t i = 0; i < sizeof(lettered) / sizeof(lettered[0]); i++) {
		size_t pl = strlen(lettered[i]);
		if (strncmp(name, lettered[i], pl) != 0 || len == pl)
			continue;
		size_t e = pl;
		while (e < len && name[e] >= 'a' && name[e] <= 'z')
			e++;
		if (e > pl && e < len)
			return 0;
	}
	return 1;
}

int boxstat_parse_diskstats(struct boxstat_snap *s, const char *text, size_t len,
			    char *err, size_t errlen)
{
	char line[LINE_MAX_BYTES], *w[MAX_WORDS];
	size_t at = 0;
	int more;

	s->ndisks = 0;
	while ((more = next_line(text, len, &at, line)) != 0) {
		uint64_t rd, wr, busy;
		if (more != 1 || words(line, w) < 13)
			continue;
		/* major minor name reads rmerged rsect rms writes wmerged wsect wms
		 * inflight io_ticks ... */
		if (u64_word(w[5], &rd) != 0 || u64_word(w[9], &wr) != 0 ||
		    u64_word(w[12], &busy) != 0)
			return err_set(err, errlen, "/proc/diskstats: '%.32s' has a field that is "
				       "not a count", w[2]);
		if (!boxstat_whole_disk(w[2]) || (!rd && !wr && !busy))
			continue;
		if (s->ndisks == BOXSTAT_MAX_DISKS)
			break;
		struct boxstat_disk *d = &s->disks[s->ndisks++];
		snprintf(d->name, sizeof(d->name), "%s", w[2]);
		d->busy_ms = busy;
		d->rd_sectors = rd;
		d->wr_sectors = wr;
	}
	return 0;
}

int boxstat_parse_arcstats(struct boxstat_snap *s, const char *text, size_t len,
			   char *err, size_t errlen)
{
	char line[LINE_MAX_BYTES], *w[MAX_WORDS];
	size_t at = 0;
	int more, got = 0;

	while ((more = next_line(text, len, &at, line)) != 0) {
		uint64_t v;
		if (more != 1 || words(line, w) != 3 || u64_word(w[2], &v) != 0)
			continue;
		if (!strcmp(w[0], "size"))
			s->arc_bytes = v, got |= 1;
		else if (!strcmp(w[0], "hits"))
			s->arc_hits = v, got |= 2;
		else if (!strcmp(w[0], "misses"))
			s->arc_misses = v, got |= 4;
	}
	if (got != 7)
		return err_set(err, errlen, "arcstats: no size, hits and misses rows");
	s->arc_found = 1;
	return 0;
}

/* ---- the text form ---- */

#define TEXT_MAGIC "boxstat 1"

long boxstat_format(const struct boxstat_snap *s, char *out, size_t outlen)
{
	size_t at = 0;
	int n;

	n = snprintf(out, outlen, TEXT_MAGIC "\nsource %s\nt_ms %llu\n",
		     s->source[0] ? s->source : "-", (unsigned long long)s->t_ms);
	if (n < 0 || (size_t)n >= outlen)
		return -1;
	at = (size_t)n;
	if (s->cpu_found) {
		n = snprintf(out + at, outlen - at, "cpu %llu %llu\n",
			     (unsigned long long)s->cpu_busy, (unsigned long long)s->cpu_total);
		if (n < 0 || (size_t)n >= outlen - at)
			return -1;
		at += (size_t)n;
	}
	for (size_t i = 0; i < s->ndisks; i++) {
		const struct boxstat_disk *d = &s->disks[i];
		n = snprintf(out + at, outlen - at, "disk %s %llu %llu %llu\n", d->name,
			     (unsigned long long)d->busy_ms, (unsigned long long)d->rd_sectors,
			     (unsigned long long)d->wr_sectors);
		if (n < 0 || (size_t)n >= outlen - at)
			return -1;
		at += (size_t)n;
	}
	if (s->arc_found) {
		n = snprintf(out + at, outlen - at, "arc %llu %llu %llu\n",
			     (unsigned long long)s->arc_bytes, (unsigned long long)s->arc_hits,
			     (unsigned long long)s->arc_misses);
		if (n < 0 || (size_t)n >= outlen - at)
			return -1;
		at += (size_t)n;
	}
	return (long)at;
}

/* "source WORDS" back into s->source (spaces kept as one). */
static void take_source(struct boxstat_snap *s, char **w, size_t n)
{
	size_t at = 0;

	s->source[0] = '\0';
	for (size_t i = 1; i < n && at < sizeof(s->source); i++) {
		int k = snprintf(s->source + at, sizeof(s->source) - at, "%s%s", i > 1 ? " " : "",
				 w[i]);
		if (k < 0)
			break;
		at += (size_t)k;
	}
}

/* One line of the text form into s: 0, or -1 (why). */
static int text_line(struct boxstat_snap *s, char **w, size_t n, unsigned lineno,
		     char *err, size_t errlen)
{
	uint64_t v[3];

	if (!strcmp(w[0], "source")) {
		take_source(s, w, n);
	} else if (!strcmp(w[0], "t_ms")) {
		if (n != 2 || u64_word(w[1], &s->t_ms) != 0)
			return err_set(err, errlen, "box counters, line %u: t_ms is not a count",
				       lineno);
	} else if (!strcmp(w[0], "cpu")) {
		if (n != 3 || u64_word(w[1], &v[0]) != 0 || u64_word(w[2], &v[1]) != 0 ||
		    v[0] > v[1])
			return err_set(err, errlen, "box counters, line %u: cpu wants busy and "
				       "total ticks, busy no more than total", lineno);
		s->cpu_busy = v[0];
		s->cpu_total = v[1];
		s->cpu_found = 1;
	} else if (!strcmp(w[0], "disk")) {
		if (n != 5 || !boxstat_whole_disk(w[1]) || u64_word(w[2], &v[0]) != 0 ||
		    u64_word(w[3], &v[1]) != 0 || u64_word(w[4], &v[2]) != 0)
			return err_set(err, errlen, "box counters, line %u: disk wants a name "
				       "and three counts", lineno);
		if (s->ndisks == BOXSTAT_MAX_DISKS)
			return err_set(err, errlen, "box counters: more than %d disks",
				       BOXSTAT_MAX_DISKS);
		struct boxstat_disk *d = &s->disks[s->ndisks++];
		snprintf(d->name, sizeof(d->name), "%s", w[1]);
		d->busy_ms = v[0];
		d->rd_sectors = v[1];
		d->wr_sectors = v[2];
	} else if (!strcmp(w[0], "arc")) {
		if (n != 4 || u64_word(w[1], &s->arc_bytes) != 0 ||
		    u64_word(w[2], &s->arc_hits) != 0 || u64_word(w[3], &s->arc_misses) != 0)
			return err_set(err, errlen, "box counters, line %u: arc wants three "
				       "counts", lineno);
		s->arc_found = 1;
	}
	/* other words: a later agent's counters, skipped */
	return 0;
}

int boxstat_parse(struct boxstat_snap *s, const char *text, size_t len, char *err,
		  size_t errlen)
{
	static const char unavailable[] = "unavailable: ";
	char line[LINE_MAX_BYTES], *w[MAX_WORDS];
	size_t at = 0, n;
	unsigned lineno = 1;
	int more;

	boxstat_init(s);
	if (len >= sizeof(unavailable) - 1 &&
	    !memcmp(text, unavailable, sizeof(unavailable) - 1)) {
		const char *why = text + sizeof(unavailable) - 1;
		size_t left = len - (sizeof(unavailable) - 1);
		const char *nl = memchr(why, '\n', left);
		size_t wl = nl ? (size_t)(nl - why) : left;
		return err_set(err, errlen, "the box's counters are unavailable: %.*s",
			       (int)(wl > 200 ? 200 : wl), why);
	}
	if (next_line(text, len, &at, line) != 1 || strcmp(line, TEXT_MAGIC) != 0)
		return err_set(err, errlen, "box counters: not a '" TEXT_MAGIC "' text");
	while ((more = next_line(text, len, &at, line)) != 0) {
		lineno++;
		if (more != 1)
			return err_set(err, errlen, "box counters, line %u: too long", lineno);
		if ((n = words(line, w)) == 0)
			continue;
		if (text_line(s, w, n, lineno, err, errlen) != 0)
			return -1;
	}
	return 0;
}

/* ---- two snapshots ---- */

/* b - a of a counter: 0 with *d, or -1 when it was reset. */
static int delta(uint64_t a, uint64_t b, uint64_t *d)
{
	if (b >= a) {
		*d = b - a;
		return 0;
	}
	/* a 32-bit counter wraps forward by less than half its range */
	if (a <= UINT32_MAX && b + (UINT64_C(1) << 32) - a < (UINT64_C(1) << 31)) {
		*d = b + (UINT64_C(1) << 32) - a;
		return 0;
	}
	return -1;
}

static const struct boxstat_disk *disk_named(const struct boxstat_snap *s, const char *name)
{
	for (size_t i = 0; i < s->ndisks; i++)
		if (!strcmp(s->disks[i].name, name))
			return &s->disks[i];
	return NULL;
}

void boxstat_diff(const struct boxstat_snap *a, const struct boxstat_snap *b,
		  struct boxstat_interval *iv)
{
	uint64_t dms = b->t_ms > a->t_ms ? b->t_ms - a->t_ms : 0, x, y, z;

	memset(iv, 0, sizeof(*iv));
	iv->seconds = (double)dms / 1000.0;
	iv->cpu_busy_pct = iv->arc_bytes = iv->arc_hit_pct = NAN;
	if (a->cpu_found && b->cpu_found && b->cpu_total > a->cpu_total &&
	    b->cpu_busy >= a->cpu_busy && b->cpu_busy - a->cpu_busy <= b->cpu_total - a->cpu_total)
		iv->cpu_busy_pct = 100.0 * (double)(b->cpu_busy - a->cpu_busy) /
				   (double)(b->cpu_total - a->cpu_total);
	for (size_t i = 0; dms && i < b->ndisks; i++) {
		const struct boxstat_disk *db = &b->disks[i], *da = disk_named(a, db->name);
		if (!da || delta(da->busy_ms, db->busy_ms, &x) != 0 ||
		    delta(da->rd_sectors, db->rd_sectors, &y) != 0 ||
		    delta(da->wr_sectors, db->wr_sectors, &z) != 0)
			continue;
		struct boxstat_disk_rate *r = &iv->disks[iv->ndisks++];
		snprintf(r->name, sizeof(r->name), "%s", db->name);
		r->busy_pct = fmin(100.0, 100.0 * (double)x / (double)dms);
		r->rd_mbps = (double)y * BOXSTAT_SECTOR / 1e6 / iv->seconds;
		r->wr_mbps = (double)z * BOXSTAT_SECTOR / 1e6 / iv->seconds;
	}
	if (b->arc_found)
		iv->arc_bytes = (double)b->arc_bytes;
	if (a->arc_found && b->arc_found && b->arc_hits >= a->arc_hits &&
	    b->arc_misses >= a->arc_misses) {
		double h = (double)(b->arc_hits - a->arc_hits);
		double m = (double)(b->arc_misses - a->arc_misses);
		if (h + m > 0)
			iv->arc_hit_pct = 100.0 * h / (h + m);
	}
}
