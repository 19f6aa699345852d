/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * refine.h: --refine-cliffs.  After a sweep, measure file sizes between the
 * two sides of every cache cliff found (same record size, same tests) until
 * each cliff's cache size is known to within 5 % or the extra time runs
 * out.  The new cells are added to the same result set, which is then put
 * back in report order.
 */
#ifndef IOSWEEP_REFINE_H
#define IOSWEEP_REFINE_H

#include <signal.h>
#include <stddef.h>

struct options;
struct result_set;
struct runner_hooks;

/*
 * Refine for at most max_extra_s seconds of measuring (a round that has
 * started is finished).  *rounds and *cells_added say what was done.
 * 0, or -1 with err (an I/O error or an interruption, as runner_run).
 */
int refine_cliffs(const struct options *o, struct result_set *rs,
		  const struct runner_hooks *h, volatile sig_atomic_t *stop,
		  double max_extra_s, unsigned *rounds, size_t *cells_added,
		  char *err, size_t errlen);

#endif
