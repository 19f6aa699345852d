/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * verdict.c: the card's verdicts (verdict.h).
 *
 * Every answer rests on the sustained figures: the level after the
 * sequential cache cliff when the sweep found one, else the sweep's
 * largest file, because a workload that runs for minutes outlives any
 * cache.  Network or disk is netbound_judge() of those figures, so the
 * card and the sweep's findings judge a figure alike.  Rates are printed
 * in decimal MB/s (kB/s x 1024 / 1e6) as on the card.
 *
 * The ZFS lines (judge_zfs) answer what the reviews of ZFS boxes ask,
 * from each layout's measured figures (card_zfs.h): how long a 4 KiB sync
 * write waits, with a LOG vdev and without, and whether 1 MiB writes
 * outrun gigabit Ethernet's nominal rate.
 */
#include "compat.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/card.h"
#include "lib/err.h"
#include "analysis/netbound.h"
#include "model/units.h"
#include "analysis/verdict.h"

static double mbps(double kbps)
{
	return kbps * 1024.0 / 1e6;
}

/* ---- the .workloads file ---- */

#define WL_FIELDS 6

static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

/* One line's fields into w->items[w->n]; 0 or -1 with why in err. */
static int parse_line(struct verdict_workloads *w, char *line, unsigned lineno,
		      const char *where, char *err, size_t errlen)
{
	struct verdict_workload *it = &w->items[w->n];
	char *f[WL_FIELDS + 1], why[160], empty[1] = "";
	int n = 0;

	f[0] = empty;	/* no line: no fields, nothing matches */
	for (char *p = line; p && n <= WL_FIELDS; n++) {
		f[n] = p;
		p = strchr(p, '|');
		if (p)
			*p++ = '\0';
		f[n] = trim(f[n]);
	}
	memset(it, 0, sizeof(*it));
	it->line = lineno;
	if (!strcmp(f[0], "stream"))
		it->kind = VERDICT_WL_STREAM;
	else if (!strcmp(f[0], "batch"))
		it->kind = VERDICT_WL_BATCH;
	else
		return err_set(err, errlen, "%s:%u: '%s': not a kind (stream or batch)",
			       where, lineno, f[0]);
	if (n != (it->kind == VERDICT_WL_STREAM ? 6 : 5))
		return err_set(err, errlen, "%s:%u: a %s line has %d fields, not %d",
			       where, lineno, f[0], n, it->kind == VERDICT_WL_STREAM ? 6 : 5);
	if (!*f[1] || strlen(f[1]) >= sizeof(it->name))
		return err_set(err, errlen, "%s:%u: the name must be 1 to %zu characters",
			       where, lineno, sizeof(it->name) - 1);
	snprintf(it->name, sizeof(it->name), "%s", f[1]);
	if (strcmp(f[2], "read") && strcmp(f[2], "write"))
		return err_set(err, errlen, "%s:%u: '%s': not a direction (read or write)",
			       where, lineno, f[2]);
	it->write = !strcmp(f[2], "write");
	if (it->kind == VERDICT_WL_STREAM) {
		struct netbound_link rate;
		uint64_t count;
		if (netbound_parse_link(f[3], &rate, why, sizeof(why)) != 0)
			return err_set(err, errlen, "%s:%u: %s", where, lineno, why);
		if (units_parse_uint(f[4], 1, 10000, &count, why, sizeof(why)) != 0)
			return err_set(err, errlen, "%s:%u: streams '%s': %s", where,
				       lineno, f[4], why);
		it->rate_kbps = rate.kbps;
		it->streams = (unsigned)count;
		if (strcmp(f[5], "-") != 0) {
			uint64_t ms;
			if (units_parse_uint(f[5], 1, 3600000, &ms, why, sizeof(why)) != 0)
				return err_set(err, errlen, "%s:%u: p99 ms '%s': %s (or -)",
					       where, lineno, f[5], why);
			it->p99_ms = (double)ms;
		}
	} else {
		if (units_parse_size_kb(f[3], &it->size_kb, why, sizeof(why)) != 0)
			return err_set(err, errlen, "%s:%u: size '%s': %s", where,
				       lineno, f[3], why);
		if (units_parse_duration_ms(f[4], UINT64_C(604800000), &it->window_ms,
					    why, sizeof(why)) != 0 || it->window_ms == 0)
			return err_set(err, errlen, "%s:%u: window '%s': not a duration "
				       "(30m, 8h; at most a week)", where, lineno, f[4]);
	}
	w->n++;
	return 0;
}

int verdict_parse_workloads(struct verdict_workloads *w, const char *text, size_t len,
			    const char *where, char *err, size_t errlen)
{
	char line[512];
	unsigned lineno = 0;
	size_t at = 0;

	w->n = 0;
	while (at < len) {
		size_t e = at;
		while (e < len && text[e] != '\n')
			e++;
		lineno++;
		if (e - at >= sizeof(line))
			return err_set(err, errlen, "%s:%u: line too long", where, lineno);
		memcpy(line, text + at, e - at);
		line[e - at] = '\0';
		at = e + 1;
		char *s = trim(line);
		if (!*s || *s == '#')
			continue;
		if (w->n == VERDICT_MAX_WORKLOADS)
			return err_set(err, errlen, "%s:%u: more than %d workloads", where,
				       lineno, VERDICT_MAX_WORKLOADS);
		if (parse_line(w, s, lineno, where, err, errlen) != 0)
			return -1;
	}
	return 0;
}

/* ---- the verdicts ---- */

IOSWEEP_PRINTF(3, 4)
static void add(char (*lines)[VERDICT_TEXT], size_t *n, const char *fmt, ...)
{
	va_list ap;

	if (*n >= VERDICT_MAX_LINES)
		return;
	va_start(ap, fmt);
	vsnprintf(lines[*n], VERDICT_TEXT, fmt, ap);
	va_end(ap);
	(*n)++;
}

/* "2 GB", "512 MB" for a cache size. */
static void size_words(uint64_t kb, char *out, size_t len)
{
	units_format_bytes_human(kb * 1024, out, len);
}

/* Network- or disk-bound, for one direction's sustained figure. */
static void judge_link(struct verdicts *v, const struct card *c, const char *dir,
		       double kbps, double peak_kbps,
		       const struct netbound_link *link, int network_fs)
{
	struct netbound_verdict nv, pv;
	if (!(kbps > 0))
		return;
	netbound_judge(link, network_fs, kbps, &nv);
	netbound_judge(link, network_fs, peak_kbps, &pv);
	if (nv.kind == NETBOUND_NETWORK)
		add(v->lines, &v->nlines, "%s are network-bound: %.0f MB/s sustained is "
		    "%.0f%% of %s%s; the disks are at least as fast as the link", dir,
		    mbps(kbps), nv.pct, nv.line, nv.assumed ?
		    " (no --link given: the nearest line)" : "");
	else if (nv.kind == NETBOUND_CACHE)
		add(v->warnings, &v->nwarnings, "%s: %.0f MB/s even on the largest file is "
		    "%.0f%% of %s: faster than the link, so a cache on this side served "
		    "them; a larger file (--nas-ram) measures the NAS", dir, mbps(kbps),
		    nv.pct, nv.line);
	else if (nv.line && !network_fs)
		add(v->lines, &v->nlines, "%s are disk-bound: %.0f MB/s sustained is %.0f%% "
		    "of %s%s; the storage, not the link, sets the pace%s", dir, mbps(kbps),
		    nv.pct, nv.line, nv.assumed ? " (no --link given: the nearest line)" : "",
		    pv.kind == NETBOUND_NETWORK ? " once the cache is full (the cache "
		    "itself fills the link)" : "");
	else if (nv.line)
		/*
		 * A share below its link: the NAS's disks, its CPU or this
		 * computer's file-system client (a FUSE daemon's write path,
		 * the protocol's round trips) set the pace, and a figure seen
		 * from here cannot tell which: a fast disk behind a client
		 * that writes slowly looks like a slow disk.
		 */
		add(v->lines, &v->nlines, "%s are below the link: %.0f MB/s sustained is "
		    "%.0f%% of %s%s; not the network: the NAS (its disks or CPU) or this "
		    "computer's file-system client sets the pace, which this run cannot "
		    "tell apart (the report's Network findings say how busy this CPU "
		    "was)%s", dir, mbps(kbps), nv.pct, nv.line,
		    nv.assumed ? " (no --link given: the nearest line)" : "",
		    pv.kind == NETBOUND_NETWORK ? "; its cache fills the link" : "");
	else
		add(v->lines, &v->nlines, "%s: %.0f MB/s sustained; give --link (gigabit, "
		    "10gbe, 940mbit) to judge it against the network", dir, mbps(kbps));
	(void)c;
}

/*
 * The two measurements beside the share's (issue 43): the pool read or
 * written on the box itself through the agent, the link as measured, and
 * the share.  The slowest of pool and link sets the pace when the share
 * comes within NETBOUND_NEAR_FRAC of it; a share well below both is held
 * back by neither (the protocol, the NAS's CPU or this computer's client).
 * Nothing without all three, nor for a share faster than the link.
 *
 * Where the box was sampled as the sweep ran (box, card_box.h), its
 * counters back the verdict: a share well below the link with a disk
 * BOX_FULL_PCT busy is held back by the pool as the share uses it (even
 * when the pool measured alone was faster, or not measured), and with the
 * box's CPU that busy, by the CPU.
 */
#define BOX_FULL_PCT 90.0

/* What of box (NULL: not sampled) is full: 'd' a disk, 'c' the CPU, 0 none. */
static int box_full(const struct card_box_phase *box, char *words, size_t len)
{
	words[0] = '\0';
	if (box && box->disk[0] && box->disk_pct >= BOX_FULL_PCT) {
		snprintf(words, len, "%s was %.0f%% busy while the share ran", box->disk,
			 box->disk_pct);
		return 'd';
	}
	if (box && box->cpu_pct >= BOX_FULL_PCT) {
		snprintf(words, len, "it was %.0f%% busy while the share ran", box->cpu_pct);
		return 'c';
	}
	return 0;
}

static void judge_three(struct verdicts *v, const char *dir, double pool_kbps,
			double link_kbps, double share_kbps, const struct card_box_phase *box)
{
	const char *verb = dir[0] == 'r' ? "reads" : "writes";
	char figs[192], busy[128];
	int full = box_full(box, busy, sizeof(busy));

	/* a share faster than the link was served by a cache on this side
	 * (a warning says so): it measured neither pool nor link */
	if (!(link_kbps > 0) || !(share_kbps > 0) || share_kbps > link_kbps * NETBOUND_CACHE_FRAC)
		return;
	if (!(pool_kbps > 0)) {
		if (full && share_kbps < link_kbps * (1.0 - NETBOUND_NEAR_FRAC))
			add(v->lines, &v->nlines, "%s: the %s sets the pace: %s; the link "
			    "carries %.0f MB/s, the share %.0f MB/s", dir,
			    full == 'd' ? "pool" : "NAS's CPU", busy, mbps(link_kbps),
			    mbps(share_kbps));
		return;
	}
	snprintf(figs, sizeof(figs), "the pool %s %.0f MB/s locally, the link carries "
		 "%.0f MB/s, the share %.0f MB/s", verb, mbps(pool_kbps), mbps(link_kbps),
		 mbps(share_kbps));
	double slowest = fmin(pool_kbps, link_kbps);
	if (share_kbps < slowest * (1.0 - NETBOUND_NEAR_FRAC) && full)
		add(v->lines, &v->nlines, "%s: the %s sets the pace%s: %s; %s", dir,
		    full == 'd' ? "pool" : "NAS's CPU", full == 'd' ? " as the share uses it" :
		    "", busy, figs);
	else if (share_kbps < slowest * (1.0 - NETBOUND_NEAR_FRAC))
		add(v->lines, &v->nlines, "%s: neither the pool nor the network sets the "
		    "pace: %s; the share's protocol, the NAS's CPU or this computer's "
		    "client holds it back", dir, figs);
	else
		add(v->lines, &v->nlines, "%s: the %s sets the pace: %s%s%s", dir,
		    link_kbps <= pool_kbps ? "network" : "pool", figs,
		    full == 'd' && link_kbps > pool_kbps ? "; " : "",
		    full == 'd' && link_kbps > pool_kbps ? busy : "");
}

/* "writes fall 6.8x after about 2 GB: the NAS's write cache" */
static void judge_cliff(struct verdicts *v, const struct card *c,
			const struct card_cliff *k, const char *dir, const char *what)
{
	char size[32], before[32], after[32];

	if (!k->found)
		return;
	size_words(k->cache_kb, size, sizeof(size));
	size_words(k->before_kb, before, sizeof(before));
	size_words(k->after_kb, after, sizeof(after));
	add(v->lines, &v->nlines, "%s fall %.1fx after about %s: %s (%.0f MB/s up to "
	    "%s files, %.0f MB/s from %s)", dir, k->ratio, size,
	    c->cold ? what : "a cache, the client's or the NAS's (reads were not "
	    "--cold)", mbps(k->before_kbps), before, mbps(k->after_kbps), after);
	if (k->edge)
		add(v->warnings, &v->nwarnings, "%s: the drop lies at the largest file "
		    "measured, so the curve may fall further; a larger --nas-ram or "
		    "--budget measures past it", dir);
}

/* "RAIDz2 of 8, recordsize 4K, LOG vdev" for a layout as the lab was asked. */
static void zfs_words(const struct card_zfs_set *e, char *out, size_t len)
{
	static const struct { const char *kind, *name; } kinds[] = {
		{ "single", "one disk" }, { "mirror", "mirror" }, { "raidz1", "RAIDz1" },
		{ "raidz", "RAIDz1" }, { "raidz2", "RAIDz2" }, { "raidz3", "RAIDz3" },
	};
	const char *colon = strchr(e->layout, ':'), *name = e->layout;
	size_t klen = colon ? (size_t)(colon - e->layout) : strlen(e->layout);
	int n = 0;

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strlen(kinds[i].kind) == klen && !strncmp(kinds[i].kind, e->layout, klen))
			name = kinds[i].name;
	n = snprintf(out, len, "%s", name);
	if (colon && name != e->layout && n >= 0 && (size_t)n < len)
		n += snprintf(out + n, len - (size_t)n, " of %s", colon + 1);
	if (e->recordsize && n >= 0 && (size_t)n < len)
		n += snprintf(out + n, len - (size_t)n, ", recordsize %" PRIu64 "K",
			      e->recordsize / 1024);
	if (e->log && n >= 0 && (size_t)n < len)
		snprintf(out + n, len - (size_t)n, ", LOG vdev");
}

/* The LOG layout to set e against: the same vdevs and recordsize, or NULL. */
static const struct card_zfs_set *zfs_partner(const struct card_zfs *z,
					      const struct card_zfs_set *e)
{
	for (size_t i = 0; i < z->n; i++) {
		const struct card_zfs_set *o = &z->sets[i];
		if (o->log && o->sync_found && !strcmp(o->layout, e->layout) &&
		    o->recordsize == e->recordsize)
			return o;
	}
	return NULL;
}

/* The ZFS layouts' sync-write latency and 1 MiB write rate. */
static void judge_zfs(struct verdicts *v, const struct card_zfs *z)
{
	struct netbound_link gig;
	char what[128], err[128];
	int told[CARD_ZFS_MAX_SETS] = { 0 };

	for (size_t i = 0; i < z->n; i++) {
		const struct card_zfs_set *e = &z->sets[i], *o;
		if (!e->sync_found || e->log)
			continue;
		zfs_words(e, what, sizeof(what));
		if (!(o = zfs_partner(z, e))) {
			add(v->lines, &v->nlines, "4 KiB sync writes (%s): %.2f ms on average, "
			    "%.1f ms worst", what, e->sync_mean_us / 1000.0, e->sync_max_us / 1000.0);
			continue;
		}
		told[o - z->sets] = 1;
		double f = o->sync_mean_us > 0 ? e->sync_mean_us / o->sync_mean_us : 0;
		add(v->lines, &v->nlines, "4 KiB sync writes (%s): %.2f ms on average, %.1f ms "
		    "worst; with a LOG device: %.2f ms on average, %.1f ms worst (%.1fx %s)",
		    what, e->sync_mean_us / 1000.0, e->sync_max_us / 1000.0,
		    o->sync_mean_us / 1000.0, o->sync_max_us / 1000.0, f >= 1 ? f : 1 / f,
		    f >= 1 ? "lower" : "higher");
	}
	for (size_t i = 0; i < z->n; i++) {
		const struct card_zfs_set *e = &z->sets[i];
		if (!e->sync_found || !e->log || told[i])
			continue;
		zfs_words(e, what, sizeof(what));
		add(v->lines, &v->nlines, "4 KiB sync writes (%s): %.2f ms on average, %.1f ms "
		    "worst", what, e->sync_mean_us / 1000.0, e->sync_max_us / 1000.0);
	}
	if (netbound_parse_link("gigabit", &gig, err, sizeof(err)) != 0 || !(gig.kbps > 0))
		return;
	for (size_t i = 0; i < z->n; i++) {
		const struct card_zfs_set *e = &z->sets[i];
		if (!e->seq_found || !(e->seq_wr_kbps > 0))
			continue;
		zfs_words(e, what, sizeof(what));
		double f = e->seq_wr_kbps / gig.kbps;
		if (f >= 1)
			add(v->lines, &v->nlines, "1 MiB writes (%s) outrun gigabit by a factor "
			    "of %.1f: %.0f MB/s against its %.0f MB/s", what, f,
			    mbps(e->seq_wr_kbps), mbps(gig.kbps));
		else
			add(v->lines, &v->nlines, "1 MiB writes (%s) do not outrun gigabit: "
			    "%.0f MB/s is %.0f%% of its %.0f MB/s", what, mbps(e->seq_wr_kbps),
			    100.0 * f, mbps(gig.kbps));
	}
}

static unsigned count_gap(unsigned a, unsigned b)
{
	return a > b ? a - b : b - a;
}

/*
 * What c's measured streams (iosweep streams) say of stream workload w: 1
 * when a run of at least w's streams, each of w's direction and rate
 * (within 1%), kept every deadline; 0 when a run of at most w's streams
 * missed one; -1 when none tells.  *run: the run that told, the count
 * nearest w's.
 */
static int measured(const struct card *c, const struct verdict_workload *w,
		    const struct card_stream_run **run)
{
	double want = w->rate_kbps * 1024.0;
	int said = -1;

	*run = NULL;
	for (size_t i = 0; i < c->streams.n; i++) {
		const struct card_stream_run *r = &c->streams.runs[i];
		if (r->mixed || r->write != w->write || fabs(r->rate_bps - want) > 0.01 * want)
			continue;
		int tells = r->missed ? r->streams <= w->streams : r->streams >= w->streams;
		if (tells && (!*run || count_gap(r->streams, w->streams) <
			      count_gap((*run)->streams, w->streams))) {
			*run = r;
			said = !r->missed;
		}
	}
	return said;
}

/* A stream workload's answer: measured where a streams run tells, else estimated. */
static void answer_stream(struct verdict_answer *a, const struct verdict_workload *w,
			  const struct card *c, double have)
{
	const struct card_stream_run *r;
	double need = w->rate_kbps * w->streams;
	int said = measured(c, w, &r);

	snprintf(a->need, sizeof(a->need), "%u x %.0f Mbit/s = %.0f MB/s",
		 w->streams, w->rate_kbps * 1024.0 * 8 / 1e6, mbps(need));
	if (said >= 0) {
		a->yes = said;
		a->measured = 1;
		a->margin = have > 0 ? have / need : 0;
		if (said)
			snprintf(a->answer, sizeof(a->answer), "yes, measured: %u stream%s kept "
				 "every deadline", r->streams, r->streams == 1 ? "" : "s");
		else
			snprintf(a->answer, sizeof(a->answer), "no, measured: %u stream%s missed "
				 "%" PRIu64 " of %" PRIu64 " deadlines, the worst %.0f ms late",
				 r->streams, r->streams == 1 ? "" : "s", r->missed, r->chunks,
				 r->worst_late_ms);
		return;
	}
	if (!(have > 0)) {
		a->yes = -1;
		snprintf(a->answer, sizeof(a->answer), "cannot tell: no sustained %s figure",
			 w->write ? "write" : "read");
		return;
	}
	unsigned fit = (unsigned)floor(have / w->rate_kbps);
	a->margin = have / need;
	a->yes = fit >= w->streams;
	double tail_ms = c->rd_p99_us / 1000.0;
	if (a->yes && !w->write && w->p99_ms > 0 && c->rd_p99_us >= 0 && tail_ms > w->p99_ms) {
		a->yes = 0;
		snprintf(a->answer, sizeof(a->answer), "no: the rate fits (%.1fx) but "
			 "1 in 100 reads takes %.0f ms, over the %.0f ms a player allows "
			 "(estimated)", a->margin, tail_ms, w->p99_ms);
		return;
	}
	snprintf(a->answer, sizeof(a->answer), "%s: %u stream%s fit%s (%.1fx the "
		 "need)%s (estimated)", a->yes ? "yes" : "no", fit, fit == 1 ? "" : "s",
		 fit == 1 ? "s" : "", a->margin,
		 (!w->write && w->p99_ms > 0 && c->rd_p99_us < 0) ?
		 "; latency tail not measured" : "");
}

static void answer(struct verdicts *v, const struct verdict_workload *w,
		   const struct card *c)
{
	struct verdict_answer *a = &v->answers[v->nanswers++];
	double have = w->write ? v->sustained_wr_kbps : v->sustained_rd_kbps;

	memset(a, 0, sizeof(*a));
	snprintf(a->name, sizeof(a->name), "%s", w->name);
	if (w->kind == VERDICT_WL_STREAM) {
		answer_stream(a, w, c, have);
	} else {
		double hours = (double)w->window_ms / 3600000.0;
		snprintf(a->need, sizeof(a->need), "%.0f MB/s (%.0f GB in %.3g h)",
			 mbps((double)w->size_kb / ((double)w->window_ms / 1000.0)),
			 (double)w->size_kb * 1024.0 / 1e9, hours);
		if (!(have > 0)) {
			a->yes = -1;
			snprintf(a->answer, sizeof(a->answer), "cannot tell: no sustained %s figure",
				 w->write ? "write" : "read");
			return;
		}
		double took_s = (double)w->size_kb / have;
		a->margin = ((double)w->window_ms / 1000.0) / took_s;
		a->yes = a->margin >= 1.0;
		if (took_s < 3600.0)
			snprintf(a->answer, sizeof(a->answer), "%s: takes about %.0f min "
				 "(%.1fx the window)", a->yes ? "yes" : "no", took_s / 60.0,
				 a->margin);
		else
			snprintf(a->answer, sizeof(a->answer), "%s: takes about %.1f h "
				 "(%.1fx the window)", a->yes ? "yes" : "no", took_s / 3600.0,
				 a->margin);
	}
}

static void warn_measurement(struct verdicts *v, const struct card *c,
			     const struct netbound_link *link, double ci_pct)
{
	if (c->cached_pct_max > 50.0)
		add(v->warnings, &v->nwarnings, "client cache: %.0f%% of a read file was in "
		    "this computer's memory as its pass began, so those reads measured the "
		    "client, not the NAS", c->cached_pct_max);
	if (c->compress_ratio > 0 && c->compress_ratio < 0.9)
		add(v->warnings, &v->nwarnings, "compressible data: it shrinks to %.0f%% "
		    "under zlib, so a NAS that compresses (ZFS, btrfs) shows more than it "
		    "stores", 100.0 * c->compress_ratio);
	if (c->short_timing)
		add(v->warnings, &v->nwarnings, "some passes were too short for the clock "
		    "to time well (short_timing in summary.csv)");
	char above[256] = "", wide[256] = "";
	size_t na = 0, nw = 0;
	for (size_t r = 0; r < CARD_NROWS; r++) {
		const struct card_row *row = &c->rows[r];
		const struct card_cell *cells[2] = { &row->rd, &row->wr };
		for (int d = 0; d < 2; d++) {
			const struct card_cell *k = cells[d];
			if (!k->found)
				continue;
			if (link && link->kbps > 0 && k->kbps > link->kbps)
				na += (size_t)snprintf(above + na, na < sizeof(above) ?
						       sizeof(above) - na : 0, "%s%s %s %.0f MB/s",
						       na ? ", " : "", row->name,
						       d ? "write" : "read", k->mbps);
			if (ci_pct > 0 && (k->ci_pct > ci_pct || k->ci_pct < 0))
				nw += (size_t)snprintf(wide + nw, nw < sizeof(wide) ?
						       sizeof(wide) - nw : 0, k->ci_pct < 0 ?
						       "%s%s %s (1 trial)" : "%s%s %s +/-%.0f%%",
						       nw ? ", " : "", row->name,
						       d ? "write" : "read", k->ci_pct);
		}
	}
	if (na)
		add(v->warnings, &v->nwarnings, "above the link (%s, %.0f MB/s): %s; a cache "
		    "on this side served them", link->name, mbps(link->kbps), above);
	if (nw)
		add(v->warnings, &v->nwarnings, "too few trials for a %.3g%% CI: %s; a larger "
		    "--budget allows more", ci_pct, wide);
}

void verdict_judge(struct verdicts *v, const struct card *c,
		   const struct netbound_link *link, int network_fs,
		   const struct verdict_workloads *w, double ci_pct)
{
	double peak_rd = 0, peak_wr = 0;

	memset(v, 0, sizeof(*v));
	v->sustained_rd_kbps = c->cliff_rd.found ? c->cliff_rd.after_kbps :
		c->sustained_rd.found ? c->sustained_rd.kbps : 0;
	v->sustained_wr_kbps = c->cliff_wr.found ? c->cliff_wr.after_kbps :
		c->sustained_wr.found ? c->sustained_wr.kbps : 0;
	for (size_t r = 0; r < CARD_NROWS; r++) {
		if (c->rows[r].rd.found && c->rows[r].rd.kbps > peak_rd)
			peak_rd = c->rows[r].rd.kbps;
		if (c->rows[r].wr.found && c->rows[r].wr.kbps > peak_wr)
			peak_wr = c->rows[r].wr.kbps;
	}
	if (c->cliff_rd.found && c->cliff_rd.before_kbps > peak_rd)
		peak_rd = c->cliff_rd.before_kbps;
	if (c->cliff_wr.found && c->cliff_wr.before_kbps > peak_wr)
		peak_wr = c->cliff_wr.before_kbps;
	/* a measured link, where the folder has one, over the one typed */
	struct netbound_link down, up;
	const struct netbound_link *lrd = link, *lwr = link;
	if (c->net.link_found) {
		netbound_measured(&down, c->net.down_kbps, "from the NAS");
		netbound_measured(&up, c->net.up_kbps, "to the NAS");
		lrd = &down;
		lwr = &up;
	}
	judge_link(v, c, "reads", v->sustained_rd_kbps, peak_rd, lrd, network_fs);
	judge_link(v, c, "writes", v->sustained_wr_kbps, peak_wr, lwr, network_fs);
	const struct card_box_phase *box = card_box_find(&c->box, "sweep");
	judge_three(v, "reads", c->net.pool_rd_kbps, c->net.link_found ? c->net.down_kbps : 0,
		    v->sustained_rd_kbps, box);
	judge_three(v, "writes", c->net.pool_wr_kbps, c->net.link_found ? c->net.up_kbps : 0,
		    v->sustained_wr_kbps, box);
	judge_cliff(v, c, &c->cliff_wr, "writes", "the NAS's write cache");
	judge_cliff(v, c, &c->cliff_rd, "reads", "the NAS's read cache (its RAM)");
	if (!c->cliff_wr.found && !c->cliff_rd.found && (c->sustained_rd.found ||
							 c->sustained_wr.found))
		add(v->lines, &v->nlines, "no cache cliff: the figures stay level up to "
		    "the largest file measured");
	judge_zfs(v, &c->zfs);
	if (!c->cold && (c->sustained_rd.found || c->sustained_wr.found)) {
		uint64_t largest = c->sustained_rd.found ? c->sustained_rd.file_kb :
			c->sustained_wr.file_kb;
		if (c->client_ram_kb && largest < 2 * c->client_ram_kb)
			add(v->warnings, &v->nwarnings, "client cache: reads were not "
			    "--cold and the largest file is less than twice this "
			    "computer's RAM, so reads may come from its memory");
	}
	warn_measurement(v, c, link, ci_pct);
	for (size_t i = 0; w && i < w->n; i++)
		answer(v, &w->items[i], c);
}
