/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests_order.h: the orders in which a pass visits the records of its
 * file, as record numbers: random write and read's fixed permutation
 * and IOzone's stride walk.  The sweep's passes (tests_order.c turns them
 * into offsets before a pass), queue depth's random passes and
 * throughput mode's children use the same orders.
 */
#ifndef IOSWEEP_TESTS_ORDER_H
#define IOSWEEP_TESTS_ORDER_H

#include <stdint.h>

struct tests_ctx;

/*
 * The permutation of 0..n-1 used by the random test, into idx[]: the
 * same for the same n on every run.
 */
void tests_permutation(uint64_t *idx, uint64_t n);

/* The record order of the stride test for n records and stride s. */
void tests_stride_order(uint64_t *idx, uint64_t n, uint64_t s);

/*
 * Before the first pass of the random test (tests_permutation) and the
 * stride test (tests_stride_order), outside the timing: c->offsets filled
 * with the byte offsets of the cell's records in that order: TESTS_OK, or
 * TESTS_ERROR (c->err set) when the cell has no offset table.
 */
int tests_prepare_random(struct tests_ctx *c);
int tests_prepare_stride(struct tests_ctx *c);

#endif
