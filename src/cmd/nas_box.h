/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * nas_box.h: the box sampled while `iosweep nas --agent` runs on its
 * share: a thread asks the agent for its counters (PROTO_SAMPLE) every
 * second and at every change of phase, and writes what each interval saw
 * into DIR/box/box.csv (a row per interval and disk: time_s, phase,
 * cpu_busy_pct, disk, disk_busy_pct, read_mb_per_s, write_mb_per_s,
 * arc_bytes, arc_hit_pct; empty where the box has no such counter) and
 * where it came from, and why sampling ended, into DIR/box/meta.csv.
 *
 * An agent that cannot be sampled (an older one, a platform without the
 * counters) or that goes away ends the sampling with its reason in
 * meta.csv; the run goes on.
 *
 * Ownership: nas_box_start returns a sampler that nas_box_stop joins and
 * frees; the caller's strings must outlive it.
 */
#ifndef IOSWEEP_NAS_BOX_H
#define IOSWEEP_NAS_BOX_H

struct nas_box;

/* Start sampling the agent at addr into dir/box/ in phase: the sampler, or NULL (said). */
struct nas_box *nas_box_start(const char *addr, const char *token, const char *dir,
			      const char *phase);

/*
 * From now on the intervals belong to phase (a string that lives on); b
 * may be NULL.  Returns when the phase began: clock_now_ns() in seconds,
 * once the sampler closed the last phase's interval.
 */
double nas_box_phase(struct nas_box *b, const char *phase);

/* Stop, join and write meta.csv; b may be NULL.  Returns NULL. */
struct nas_box *nas_box_stop(struct nas_box *b);

#endif
