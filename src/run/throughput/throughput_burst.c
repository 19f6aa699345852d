/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * throughput_burst.c: the meetings of -+b's bursting children in
 * throughput mode (throughput_priv.h).  IOzone's threads meet at a
 * barrier of every child before each sleep; here the meeting counts the
 * children still bursting, so a child that finished its file, was
 * stonewalled or never bursts (a reader of the mixed workload) keeps no
 * one waiting.  The counts live in the block shared with forked children;
 * a spin lock of a few instructions guards them.
 */
#include "compat.h"

#include <stdatomic.h>

#include "run/throughput/throughput_priv.h"

static void lock(struct tp_shared *sh)
{
	while (atomic_exchange_explicit(&sh->b_lock, 1, memory_order_acquire))
		;
}

static void unlock(struct tp_shared *sh)
{
	atomic_store_explicit(&sh->b_lock, 0, memory_order_release);
}

/* Under the lock: open the meeting when every party has arrived. */
static void open_if_all(struct tp_shared *sh)
{
	unsigned parties = atomic_load(&sh->b_parties);

	if (parties && atomic_load(&sh->b_arrived) >= parties) {
		atomic_store(&sh->b_arrived, 0);
		atomic_fetch_add(&sh->b_gen, 1);
	}
}

void tp_burst_join(struct tp_shared *sh)
{
	lock(sh);
	atomic_fetch_add(&sh->b_parties, 1);
	unlock(sh);
}

void tp_burst_leave(struct tp_shared *sh)
{
	lock(sh);
	atomic_fetch_sub(&sh->b_parties, 1);
	open_if_all(sh);
	unlock(sh);
}

unsigned tp_burst_arrive(struct tp_shared *sh)
{
	unsigned gen;

	lock(sh);
	gen = atomic_load(&sh->b_gen);
	atomic_fetch_add(&sh->b_arrived, 1);
	open_if_all(sh);
	unlock(sh);
	return gen;
}

int tp_burst_opened(struct tp_shared *sh, unsigned gen)
{
	return atomic_load(&sh->b_gen) != gen;
}
