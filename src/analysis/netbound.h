/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * netbound.h: is a throughput figure measured over a network the link's,
 * a cache's, or the storage's?  One small pure module so the sweep's
 * findings, the CSV flag, the HTML report and the NAS card all judge a
 * figure the same way.
 *
 * The link is a named Ethernet profile (100mbit, gigabit, 2.5gbe, 10gbe,
 * the names scripts/nas-lab and --link use) or a rate ("940mbit",
 * "118MB").  Its nominal rate is in kB/s with 1 kB = 1024 bytes, as
 * IOzone and data/reference-lines.csv count, and the Ethernet lines here
 * carry the same names and rates as that file's rows.
 *
 * The judgement, for one figure (kB/s):
 *   - above NETBOUND_CACHE_FRAC (105%) of the link's nominal rate: no
 *     byte crossed the link that fast, so a cache on this side served it
 *     (NETBOUND_CACHE).  The 5% is for what a measurement adds: the
 *     burst of an emulated link's token bucket, and data already in
 *     flight when the clock starts; a real Ethernet link carries at most
 *     95% of nominal as payload, so no real figure is lost to it;
 *   - within NETBOUND_NEAR_FRAC (10%) of what the link can carry as TCP
 *     payload (NETBOUND_PAYLOAD_FRAC of nominal, 94%: 1448 payload bytes
 *     per 1538 on the wire at MTU 1500), i.e. from 84.6% of nominal up to
 *     the cache's threshold: the link set the pace (NETBOUND_NETWORK);
 *   - otherwise: something else did (NETBOUND_NONE).
 * With no link given, a network file system is judged against the
 * Ethernet lines: above the fastest (10G Ethernet) is a cache; within the
 * band of one of them is network-bound on that line, marked as assumed.
 * A local file system gets no network verdict.
 *
 * Nothing here allocates, prints or exits; names returned point to
 * static text or into the caller's struct netbound_link.
 */
#ifndef IOSWEEP_NETBOUND_H
#define IOSWEEP_NETBOUND_H

#include <stddef.h>

#define NETBOUND_PAYLOAD_FRAC 0.94  /* TCP payload / Ethernet line rate, MTU 1500 */
#define NETBOUND_NEAR_FRAC 0.10     /* "within 10%" of the payload rate */
#define NETBOUND_CACHE_FRAC 1.05    /* above this share of nominal: a cache's */

struct netbound_link {
	char spec[32];    /* as given: "gigabit", "940mbit"; "" when none */
	char name[64];    /* for sentences: "gigabit Ethernet", "a 940 Mbit/s link" */
	double kbps;      /* nominal rate, kB/s (1 kB = 1024 B); 0 when none */
	int measured;     /* kbps is a measured payload rate (iosweep link) */
};

enum netbound_kind {
	NETBOUND_NONE = 0,    /* not the link's, not a cache's: the storage's or unknown */
	NETBOUND_NETWORK = 1, /* the link set the pace */
	NETBOUND_CACHE = 2    /* faster than the link: served by a cache */
};

struct netbound_verdict {
	enum netbound_kind kind;
	double pct;           /* the figure as % of the line's nominal rate */
	const char *line;     /* the line judged against ("gigabit Ethernet") */
	int assumed;          /* 1: no link was given, the line is the nearest one */
};

/*
 * Parse a --link / IOSWEEP_LINK value into *link: a profile name
 * (100mbit, gigabit, 2.5gbe, 10gbe; case-insensitive) or a rate, a
 * positive number with a unit: kbit, mbit, gbit (bits, powers of 1000),
 * kB, MB, GB (bytes, powers of 1000) or KiB, MiB, GiB (powers of 1024),
 * each with an optional "/s".  0, or -1 with a message naming the value
 * (*link untouched).
 */
/*
 * A link as `iosweep link` measured it one way: kbps is what TCP carried
 * (no Ethernet overhead to take off), named "the measured link (117 MB/s
 * from the NAS)" with dir "from the NAS" or "to the NAS".
 */
void netbound_measured(struct netbound_link *link, double kbps, const char *dir);

int netbound_parse_link(const char *spec, struct netbound_link *link,
			char *err, size_t errlen);

/*
 * The rate above which a figure on this target is flagged as served by
 * a cache, kB/s: NETBOUND_CACHE_FRAC of the link's nominal rate when one
 * is given (kbps > 0), else for a network file system of the fastest
 * Ethernet line's, else 0 (no flag: a local disk).  link may be NULL.
 */
double netbound_cache_cap(const struct netbound_link *link, int network_fs);

/*
 * Judge one figure (kB/s; not finite or <= 0 gives NETBOUND_NONE) on a
 * target reached through link (NULL or kbps 0: none given) that is or is
 * not a network file system.  Fills *v and returns v->kind.
 */
enum netbound_kind netbound_judge(const struct netbound_link *link, int network_fs,
				  double kbps, struct netbound_verdict *v);

/*
 * The verdict as a finding's words: "network-bound: 96% of gigabit
 * Ethernet", "served by a cache: 812% of gigabit Ethernet", with
 * " (no --link given: the nearest Ethernet line)" when assumed; "" for
 * NETBOUND_NONE.  Returns what snprintf returns.
 */
int netbound_describe(const struct netbound_verdict *v, char *out, size_t outlen);

/*
 * The link and the kind of file system a result set's meta records
 * (meta.link, meta.fs_type): *link parsed from link_spec (kbps 0 when it
 * is NULL, empty or not a link), *network_fs 1 for a network or FUSE
 * file system (mountinfo_fs_kind).
 */
void netbound_from_meta(const char *link_spec, const char *fs_type,
			struct netbound_link *link, int *network_fs);

/*
 * Was figure kbps served by a cache on this side of the link?  1 yes,
 * 0 no, -1 cannot be said (no cap: a local disk and no link given, or
 * the figure is not a positive number).
 */
int netbound_cache_served(const struct netbound_link *link, int network_fs,
			  double kbps);

/* The Ethernet lines judged against without a link: i-th of n, NULL past the end. */
const char *netbound_ethernet_line(size_t i, double *kbps);

#endif
