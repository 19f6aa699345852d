/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * link.h: `iosweep link`, a measured link to an agent (agent.h), as iperf
 * measures one: N parallel TCP streams each way for a set time after a
 * short warm-up, the bytes counted by the side that receives them (the
 * agent counts what the client sends, and says so in a result message),
 * and the round-trip time as the median of small ping-pong messages.
 *
 * Ownership: the caller owns cfg and the result.
 */
#ifndef IOSWEEP_LINK_H
#define IOSWEEP_LINK_H

#include "compat.h"

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#define LINK_MAX_STREAMS 64
#define LINK_PINGS 21

struct link_cfg {
	const char *addr;          /* the agent, HOST:PORT */
	const char *token;
	unsigned streams;          /* parallel streams each way */
	uint32_t warmup_ms;        /* not counted */
	uint32_t measure_ms;       /* counted, each way */
	volatile sig_atomic_t *stop;
};

struct link_dir {
	uint64_t bytes;            /* received in the measured time, all streams */
	double seconds;            /* the measured time */
	double bytes_per_s;        /* the sum of the streams' rates */
};

struct link_result {
	struct link_dir up;        /* client -> agent (counted by the agent) */
	struct link_dir down;      /* agent -> client (counted here) */
	double rtt_ms;             /* median of LINK_PINGS round trips */
	double rtt_min_ms, rtt_max_ms;
};

/* Measure the link to cfg->addr: 0, or -1 (why in err). */
int link_measure(const struct link_cfg *cfg, struct link_result *r, char *err,
		 size_t errlen);

/* The median of v[0..n) (sorted in place); 0 for none. */
double link_median(double *v, size_t n);

#endif
