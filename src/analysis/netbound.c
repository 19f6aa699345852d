/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * netbound.c: the link a figure crossed and what that says about the
 * figure (see netbound.h for the rule and its numbers).  The profiles are
 * the Ethernet speeds a NAS is usually reached over, at their nominal line
 * rates, so no judgement rests on a figure that could itself have come from
 * a cache.  The one measured rate taken is `iosweep link`'s (netbound_
 * measured): TCP between this computer and the agent's memory, no file
 * and no cache in its path, and a sentence that uses it says so.
 */
#include "compat.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/err.h"
#include "analysis/netbound.h"
#include "platform/mountinfo.h"

/* Mbit/s -> kB/s (1 kB = 1024 B), as data/reference-lines.csv computes. */
#define MBIT_KBPS(m) ((m) * 1e6 / 8.0 / 1024.0)

static const struct {
	const char *profile;  /* --link name, or NULL for a line with no profile */
	const char *line;     /* data/reference-lines.csv's name */
	double mbit;
} ethernet[] = {
	{ NULL, "10 Mbit Ethernet", 10 },
	{ "100mbit", "100 Mbit Ethernet", 100 },
	{ "gigabit", "gigabit Ethernet", 1000 },
	{ "2.5gbe", "2.5G Ethernet", 2500 },
	{ NULL, "5G Ethernet", 5000 },
	{ "10gbe", "10G Ethernet", 10000 },
};
#define NETBOUND_NLINES (sizeof(ethernet) / sizeof(ethernet[0]))

const char *netbound_ethernet_line(size_t i, double *kbps)
{
	if (i >= NETBOUND_NLINES)
		return NULL;
	if (kbps)
		*kbps = MBIT_KBPS(ethernet[i].mbit);
	return ethernet[i].line;
}

static const struct {
	const char *unit;
	double bytes;         /* bytes per second for one of it */
} rate_units[] = {
	{ "kbit", 1e3 / 8 }, { "mbit", 1e6 / 8 }, { "gbit", 1e9 / 8 },
	{ "kib", 1024.0 }, { "mib", 1048576.0 }, { "gib", 1073741824.0 },
	{ "kb", 1e3 }, { "mb", 1e6 }, { "gb", 1e9 },
};

/* The unit's bytes per second, or 0 when text (after the number) is none of them. */
static double unit_bytes(const char *text)
{
	size_t n = strlen(text);

	if (n > 2 && strcmp(text + n - 2, "/s") == 0)
		n -= 2;
	for (size_t i = 0; i < sizeof(rate_units) / sizeof(rate_units[0]); i++)
		if (strlen(rate_units[i].unit) == n &&
		    strncasecmp(text, rate_units[i].unit, n) == 0)
			return rate_units[i].bytes;
	return 0.0;
}

int netbound_parse_link(const char *spec, struct netbound_link *link,
			char *err, size_t errlen)
{
	struct netbound_link l;
	char numtext[32], *end;
	double num, per;
	size_t digits;

	if (!spec || !*spec)
		return err_set(err, errlen, "--link: empty value: use 100mbit, "
			       "gigabit, 2.5gbe, 10gbe or a rate such as 940mbit");
	for (const char *p = spec; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)   /* never echoed: one line */
			return err_set(err, errlen, "--link: the value holds a control "
				       "character: use 100mbit, gigabit, 2.5gbe, 10gbe or a "
				       "rate such as 940mbit");
	if (strlen(spec) >= sizeof(l.spec))
		return err_set(err, errlen, "--link '%.40s...': too long", spec);
	memset(&l, 0, sizeof(l));
	snprintf(l.spec, sizeof(l.spec), "%s", spec);
	for (size_t i = 0; i < NETBOUND_NLINES; i++) {
		if (ethernet[i].profile && strcasecmp(spec, ethernet[i].profile) == 0) {
			snprintf(l.name, sizeof(l.name), "%s", ethernet[i].line);
			l.kbps = MBIT_KBPS(ethernet[i].mbit);
			*link = l;
			return 0;
		}
	}
	if (!isdigit((unsigned char)spec[0]))
		return err_set(err, errlen, "--link '%s': not a profile (100mbit, gigabit, "
			       "2.5gbe, 10gbe) or a rate such as 940mbit or 118MB", spec);
	/* a plain decimal number: no sign, exponent or hex for strtod to take */
	digits = strspn(spec, "0123456789.");
	snprintf(numtext, sizeof(numtext), "%.*s", (int)digits, spec);
	errno = 0;
	num = strtod(numtext, &end);
	if (errno != 0 || *end || !isfinite(num) || num <= 0.0)
		return err_set(err, errlen, "--link '%s': the rate must be a positive "
			       "number with a unit", spec);
	per = unit_bytes(spec + digits);
	if (per == 0.0)
		return err_set(err, errlen, "--link '%s': unknown unit '%s': use kbit, "
			       "mbit, gbit, kB, MB, GB, KiB, MiB or GiB", spec,
			       spec + digits);
	l.kbps = num * per / 1024.0;
	if (!isfinite(l.kbps) || l.kbps < 1.0 || l.kbps > 1e12)
		return err_set(err, errlen, "--link '%s': the rate must be from 1 kB/s "
			       "to 1 PB/s", spec);
	snprintf(l.name, sizeof(l.name), "the %s link", spec);
	*link = l;
	return 0;
}

double netbound_cache_cap(const struct netbound_link *link, int network_fs)
{
	if (link && link->kbps > 0.0)
		return link->kbps * NETBOUND_CACHE_FRAC;
	if (network_fs)
		return MBIT_KBPS(ethernet[NETBOUND_NLINES - 1].mbit) * NETBOUND_CACHE_FRAC;
	return 0.0;
}

void netbound_measured(struct netbound_link *link, double kbps, const char *dir)
{
	memset(link, 0, sizeof(*link));
	link->kbps = kbps;
	link->measured = 1;
	snprintf(link->spec, sizeof(link->spec), "measured");
	snprintf(link->name, sizeof(link->name), "the measured link (%.0f MB/s %s)",
		 kbps * 1024.0 / 1e6, dir);
}

/*
 * Is kbps within the network-bound band of a line of rate line_kbps: its
 * nominal rate, or what TCP carried on it when measured?
 */
static int in_band(double kbps, double line_kbps, int measured)
{
	double payload = line_kbps * (measured ? 1.0 : NETBOUND_PAYLOAD_FRAC);
	return kbps <= line_kbps * NETBOUND_CACHE_FRAC &&
	       kbps >= payload * (1.0 - NETBOUND_NEAR_FRAC);
}

enum netbound_kind netbound_judge(const struct netbound_link *link, int network_fs,
				  double kbps, struct netbound_verdict *v)
{
	int given = link && link->kbps > 0.0;
	double cap = netbound_cache_cap(link, network_fs);

	memset(v, 0, sizeof(*v));
	if (!isfinite(kbps) || kbps <= 0.0 || cap <= 0.0)
		return v->kind;
	if (given) {
		v->line = link->name;
		v->pct = kbps / link->kbps * 100.0;
		if (kbps > cap)
			v->kind = NETBOUND_CACHE;
		else if (in_band(kbps, link->kbps, link->measured))
			v->kind = NETBOUND_NETWORK;
		return v->kind;
	}
	v->assumed = 1;
	if (kbps > cap) {
		v->line = ethernet[NETBOUND_NLINES - 1].line;
		v->pct = kbps / MBIT_KBPS(ethernet[NETBOUND_NLINES - 1].mbit) * 100.0;
		v->kind = NETBOUND_CACHE;
		return v->kind;
	}
	for (size_t i = 0; i < NETBOUND_NLINES; i++) {
		double line = MBIT_KBPS(ethernet[i].mbit);
		if (in_band(kbps, line, 0)) {
			v->line = ethernet[i].line;
			v->pct = kbps / line * 100.0;
			v->kind = NETBOUND_NETWORK;
			return v->kind;
		}
	}
	return v->kind;
}

void netbound_from_meta(const char *link_spec, const char *fs_type,
			struct netbound_link *link, int *network_fs)
{
	if (!link_spec || netbound_parse_link(link_spec, link, NULL, 0) != 0)
		memset(link, 0, sizeof(*link));
	*network_fs = mountinfo_fs_kind(fs_type) != MOUNTINFO_LOCAL;
}

int netbound_cache_served(const struct netbound_link *link, int network_fs,
			  double kbps)
{
	double cap = netbound_cache_cap(link, network_fs);

	if (cap <= 0.0 || !isfinite(kbps) || kbps <= 0.0)
		return -1;
	return kbps > cap;
}

int netbound_describe(const struct netbound_verdict *v, char *out, size_t outlen)
{
	const char *what;

	if (v->kind == NETBOUND_NONE || !v->line) {
		if (outlen)
			out[0] = '\0';
		return 0;
	}
	what = v->kind == NETBOUND_NETWORK ? "network-bound" : "served by a cache";
	/* a cache's figure just above the line keeps a decimal: "100%" would
	 * read as the link's own rate */
	return snprintf(out, outlen, "%s: %.*f%% of %s%s", what,
			v->kind == NETBOUND_CACHE && v->pct < 110.0 ? 1 : 0, v->pct, v->line,
			v->assumed ? (v->kind == NETBOUND_NETWORK ?
				      " (no --link given: the nearest Ethernet line)" :
				      " (no --link given: the fastest Ethernet line)") : "");
}
