/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clients_agg.c: the clients' samples of one (test, trial) summed into
 * the figure of them all (clients_agg.h).
 */
#include "compat.h"

#include <stdlib.h>

#include "clients/clients_agg.h"

void clients_sample_slots(struct result_sample *s, struct latency_hist **slot[3])
{
	slot[0] = &s->lat;
	slot[1] = &s->lat_rd;
	slot[2] = &s->lat_wr;
}

void clients_sample_free_hists(struct result_sample *s)
{
	latency_free(s->lat);
	latency_free(s->lat_rd);
	latency_free(s->lat_wr);
	s->lat = s->lat_rd = s->lat_wr = NULL;
}

void clients_aggs_free(struct clients_agg *a, size_t n)
{
	for (size_t i = 0; a && i < n; i++) {
		for (int k = 0; k < 3; k++)
			latency_release(&a[i].h[k]);
		clients_sample_free_hists(&a[i].s);
	}
	free(a);
}

int clients_agg_add(struct clients_agg *a, struct result_sample *c)
{
	struct latency_hist **slot[3];

	a->s.bytes += c->bytes;
	a->s.ops += c->ops;
	a->s.rd_ops += c->rd_ops;
	a->s.wr_ops += c->wr_ops;
	a->s.cpu_user_s += c->cpu_user_s;
	a->s.cpu_sys_s += c->cpu_sys_s;
	a->s.flags |= c->flags & (RESULTS_SF_PARTIAL | RESULTS_SF_SPLIT);
	if (c->ops == 0)
		a->idle++;
	if (c->wall_ns > a->s.wall_ns)
		a->s.wall_ns = c->wall_ns;
	if (c->elapsed_ns > a->slowest)
		a->slowest = c->elapsed_ns;
	clients_sample_slots(c, slot);
	for (int k = 0; k < 3; k++) {
		if (!*slot[k])
			continue;
		if (!a->h[k].counts && latency_init(&a->h[k]) != 0)
			return -1;
		if (latency_merge(&a->h[k], *slot[k]) != 0)
			return -1;
	}
	return 0;
}

int clients_agg_finish(struct clients_agg *a, uint64_t ramp_ns, uint64_t runtime_ns)
{
	struct latency_hist **slot[3];
	/*
	 * The barriers' own cost: what the slowest client did not use; or,
	 * when a client's pass took longer than rank 0's time, how much
	 * earlier than rank 0 it left the first barrier.  Either way the
	 * figure's time is off by that much.
	 */
	uint64_t skew = a->s.elapsed_ns > a->slowest ?
		a->s.elapsed_ns - a->slowest : a->slowest - a->s.elapsed_ns;

	if (runtime_ns) {
		/*
		 * --runtime: every client counts what completes in its own
		 * window of runtime, ramp after the common barrier; the
		 * figure's time is that window.  What rank 0's barriers took
		 * beyond ramp + runtime (the last I/Os draining, the slowest
		 * client's lateness) is what the windows may be off by.
		 */
		uint64_t busy = ramp_ns + runtime_ns;
		a->s.elapsed_ns = runtime_ns;
		skew = a->s.sync_ns > busy ? a->s.sync_ns - busy : 0;
		/*
		 * A client that completed nothing in its window had no CPU or
		 * no I/O for all of it (more ranks than cores under an MPI
		 * that busy-polls its barriers does that): the sum is not the
		 * clients' and is flagged so.
		 */
		if (a->idle)
			a->s.flags |= RESULTS_SF_SYNC_SLOW;
	}
	if (skew * CLIENTS_SLOW_SYNC_DIV > a->s.elapsed_ns)
		a->s.flags |= RESULTS_SF_SYNC_SLOW;
	clients_sample_slots(&a->s, slot);
	for (int k = 0; k < 3; k++)
		if (a->h[k].counts && !(*slot[k] = latency_compact(&a->h[k])))
			return -1;
	return 0;
}
