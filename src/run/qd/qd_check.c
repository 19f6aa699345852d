/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qd_check.c: what a queue-depth run asks of this machine before it
 * starts, and how it is described (qd.h): qd_check picks the engine its
 * depth needs and opens it once (the kernel may refuse io_uring), and
 * qd_meta describes the workload in meta.csv (engine, depth, jobs, and
 * the line the report prints).  Apart from qd.c, whose passes run the
 * workers: neither needs a pass.  After a recorded pass, qd_note_inflight
 * (qd_priv.h) notes what its engines did in meta.csv.
 */
#include "compat.h"

#include <inttypes.h>
#include <stdio.h>

#include "engine/engine.h"
#include "model/results.h"
#include "model/steady.h"
#include "options/options.h"
#include "run/qd/qd.h"
#include "run/qd/qd_priv.h"

int qd_check(const struct options *o, char *err, size_t errlen)
{
	unsigned depth = options_iodepth(o);
	const struct engine_ops *eng;
	struct engine *e;

	if (!options_qd(o))
		return 0;
	eng = engine_pick(depth, err, errlen);
	if (!eng)
		return -1;
	if (depth == 1)
		return 0;
	e = engine_open(eng, -1, depth, err, errlen);   /* the kernel may refuse */
	if (!e)
		return -1;
	engine_close(e);
	return 0;
}

/* A duration in ms as "60s" or "1.5s". */
static void put_ms(char *out, size_t outlen, uint64_t ms)
{
	if (ms % 1000 == 0)
		snprintf(out, outlen, "%" PRIu64 "s", ms / 1000);
	else
		snprintf(out, outlen, "%" PRIu64 "ms", ms);
}

static void qd_describe(const struct options *o, char *out, size_t outlen)
{
	unsigned depth = options_iodepth(o);
	char errbuf[8], rt[32] = "", rp[32] = "";
	const struct engine_ops *eng = engine_pick(depth, errbuf, sizeof(errbuf));
	char mix[16] = "";

	put_ms(rt, sizeof(rt), o->runtime_ms);
	put_ms(rp, sizeof(rp), o->ramp_ms);
	if (o->mix_given)
		snprintf(mix, sizeof(mix), "%u", o->mix_read_pct);
	char steady[96] = "", sr[32] = "";

	if (o->steady_given) {
		put_ms(sr, sizeof(sr), o->steady_ramp_ms);
		snprintf(steady, sizeof(steady), " steady=");
		steady_format(&o->steady, steady + 8, sizeof(steady) - 8);
	}
	snprintf(out, outlen, "engine=%s iodepth=%u jobs=%u%s%s%s%s%s%s%s%s%s%s",
		 eng ? eng->name : "none", depth, options_jobs(o),
		 o->mix_given ? " mix=" : "", mix,
		 o->runtime_ms ? " runtime=" : "", o->runtime_ms ? rt : "",
		 o->runtime_ms ? " ramp=" : "", o->runtime_ms ? rp : "",
		 o->precondition ? " precondition" : "", steady,
		 o->steady_ramp_ms ? " steady_ramp=" : "", o->steady_ramp_ms ? sr : "");
}

int qd_meta(const struct options *o, struct result_meta *m)
{
	char errbuf[8], wl[256];
	const struct engine_ops *eng = engine_pick(options_iodepth(o), errbuf, sizeof(errbuf));

	qd_describe(o, wl, sizeof(wl));
	m->iodepth = options_iodepth(o);
	m->jobs = options_jobs(o);
	return results_set_str(&m->workload, wl) ||
	       results_set_str(&m->engine, eng ? eng->name : "none") ? -1 : 0;
}

/* ---- notes on a recorded pass (qd_priv.h) ---------------------------- */

/*
 * The share of the recorded passes' transfers the system left pending
 * (async_done of sync_done + async_done, engines that count them: winaio)
 * into meta.async_pct: 0 and 100 only when exact, else one decimal
 * kept off them.  Nothing when no engine counted.
 */
static int note_async(struct tests_ctx *c, const struct qd_pass *p)
{
	struct qd_state *st = c->qd_state;
	uint64_t total;
	double pct;

	for (unsigned i = 0; i < p->njobs; i++) {
		st->sync_done += p->jobs[i].e->sync_done;
		st->async_done += p->jobs[i].e->async_done;
	}
	total = st->sync_done + st->async_done;
	if (total == 0)
		return 0;
	pct = 100.0 * (double)st->async_done / (double)total;
	/* whole only when all or none were left pending */
	if (st->async_done == 0 || st->sync_done == 0)
		pct = st->async_done ? 100.0 : 0.0;
	else
		pct = pct < 0.1 ? 0.1 : pct > 99.9 ? 99.9 : pct;
	c->rs->meta.async_pct = pct;
	return 0;
}

/*
 * The system calls the recorded passes' engines made to submit and to
 * wait, per I/O they reaped, into meta.engine_calls (engines that count
 * them: io_uring).  Nothing when none did.
 */
static int note_calls(struct tests_ctx *c, const struct qd_pass *p)
{
	struct qd_state *st = c->qd_state;
	char text[128];

	for (unsigned i = 0; i < p->njobs; i++) {
		st->submits += p->jobs[i].e->submit_calls;
		st->waits += p->jobs[i].e->wait_calls;
		st->reaped += p->jobs[i].e->reaped;
	}
	if (!st->reaped || !(st->submits + st->waits))
		return 0;
	snprintf(text, sizeof(text), "%.2f submit, %.2f wait per I/O (%s)",
		 (double)st->submits / (double)st->reaped,
		 (double)st->waits / (double)st->reaped, p->jobs[0].e->ops->name);
	return results_set_str(&c->rs->meta.engine_calls, text);
}

/*
 * The most I/Os one worker of a recorded pass had in flight at once
 * (submitted and not yet reaped), the run's largest into meta.inflight_max;
 * how the system finished them into meta.async_pct.
 */
int qd_note_inflight(struct tests_ctx *c, const struct qd_pass *p)
{
	struct qd_state *st = c->qd_state;
	unsigned most = 0;

	for (unsigned i = 0; i < p->njobs; i++)
		if (p->jobs[i].e->most_inflight > most)
			most = p->jobs[i].e->most_inflight;
	if (!st || !c->rs || !c->cell.record)
		return 0;
	if (note_async(c, p) != 0 || note_calls(c, p) != 0)
		return -1;
	if (most <= st->inflight_max)
		return 0;
	st->inflight_max = most;
	c->rs->meta.inflight_max = most;
	return 0;
}
