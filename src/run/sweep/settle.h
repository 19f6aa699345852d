/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * settle.h: --until-settled.  After an auto-mode sweep, keep doubling the
 * file size past the last one (same record sizes, same tests, the rows
 * printed like the sweep's own) while some curve has not settled after
 * its last cache cliff: fewer than two sizes past it, or the last two not
 * at the same level.  With --settle-drop a curve that has not fallen at
 * a cache cliff yet has not settled either: the search for a cache the
 * size of which nobody gave.  Stops when every curve has settled, when
 * the next size would not fit in the free space, when it would end past
 * --settle-time, or after SETTLE_MAX_ROUNDS.
 */
#ifndef IOSWEEP_SETTLE_H
#define IOSWEEP_SETTLE_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

struct options;
struct result_set;
struct runner_hooks;

#define SETTLE_MAX_ROUNDS 8
#define SETTLE_SAME_LEVEL 1.15   /* two sizes within this ratio: one level */

/*
 * Does some curve of rs still need a larger file?  need_drop: a curve
 * (test, record size) without a cache cliff needs one too.
 * *unsettled_out (may be NULL) gets how many curves have not settled.
 * 0 or 1, or -1 with err (out of memory).
 */
int settle_needed(const struct result_set *rs, int need_drop, size_t *unsettled_out,
		  char *err, size_t errlen);

/*
 * The seconds a round of next_kb files will take, from the passes of the
 * last size last_kb in rs (their wall time, open to close, times the
 * ratio of the sizes) or, when the caller measured the last round,
 * last_round_s times that ratio.  0 when nothing at last_kb was timed.
 */
double settle_predict_s(const struct result_set *rs, uint64_t last_kb, uint64_t next_kb,
			double last_round_s);

/*
 * Run the rounds.  *why gets a short sentence on how it ended (settled,
 * no room, the round limit); *rounds the sizes added.  0, or -1 with err
 * (an I/O error or an interruption, as runner_run).
 */
int settle_run(const struct options *o, struct result_set *rs,
	       const struct runner_hooks *h, volatile sig_atomic_t *stop,
	       unsigned *rounds, char *why, size_t whylen, char *err, size_t errlen);

#endif
