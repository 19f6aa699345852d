/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qd_check.c: what a queue-depth run asks of this machine before it
 * starts, and how it is described (qd.h): qd_check picks the engine its
 * depth needs and opens it once (the kernel may refuse io_uring), and
 * qd_meta describes the workload in meta.csv (engine, depth, jobs, and
 * the line the report prints).  Apart from qd.c, whose
 * passes run the workers: neither needs a pass.
 */
#include "compat.h"

#include <inttypes.h>
#include <stdio.h>

#include "engine/engine.h"
#include "model/results.h"
#include "model/steady.h"
#include "options/options.h"
#include "run/qd/qd.h"

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
