/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * streams_steps.c: a run of paced streams as `iosweep streams` and the
 * guided run's streams phase make it (streams_steps.h): one count, or
 * stepped up from one stream until a count misses a deadline; each step
 * said in a table and a verdict line, and its rows in streams.csv, the
 * file the card reads (card_parse_streams_csv).  A stepped run stops at
 * the first count that misses: every count above it would miss too, and
 * the card's question, "do N streams fit?", is answered by the largest
 * count that kept every deadline and the smallest that did not.
 */
#include "compat.h"

#include <inttypes.h>
#include <stdio.h>

#include "lib/outfile.h"
#include "model/latency.h"
#include "run/streams/streams.h"
#include "run/streams/streams_steps.h"

static double ms(double s)
{
	return s * 1e3;
}

static double mbps(uint64_t bytes, double s)
{
	return s > 0 ? (double)bytes / s / 1e6 : 0.0;
}

/* The streams that missed, their misses, and the worst lateness of r. */
static unsigned missed_streams(const struct streams_result *r, uint64_t *chunks, double *worst)
{
	unsigned n = 0;

	*chunks = 0;
	*worst = 0;
	for (unsigned i = 0; i < r->n; i++) {
		n += r->s[i].missed > 0;
		*chunks += r->s[i].missed;
		if (r->s[i].worst_late_s > *worst)
			*worst = r->s[i].worst_late_s;
	}
	return n;
}

static void print_table(FILE *f, const struct streams_result *r)
{
	fprintf(f, "  stream  mode   chunks  missed  worst late ms   p50 ms   p99 ms "
		"p99.9 ms   max ms    MB/s\n");
	for (unsigned i = 0; i < r->n; i++) {
		const struct stream_figures *s = &r->s[i];
		fprintf(f, "  %6u  %-5s %7" PRIu64 " %7" PRIu64 " %13.1f %8.2f %8.2f %8.2f "
			"%8.2f %7.1f\n", i + 1, s->writes ? "write" : "read", s->chunks,
			s->missed, ms(s->worst_late_s),
			latency_quantile_ns(&s->lat, 0.50) / 1e6,
			latency_quantile_ns(&s->lat, 0.99) / 1e6,
			latency_quantile_ns(&s->lat, 0.999) / 1e6,
			(double)s->lat.max_ns / 1e6, mbps(s->bytes, s->seconds));
	}
	if (r->bg_seconds > 0)
		fprintf(f, "  background writer: %.1f MB/s\n", mbps(r->bg_bytes, r->bg_seconds));
}

/* One line on a run: kept every deadline, or how it missed. */
static void print_verdict(FILE *f, const struct streams_result *r)
{
	uint64_t chunks;
	double worst;
	unsigned n = missed_streams(r, &chunks, &worst);

	if (!n)
		fprintf(f, "%u stream%s: every chunk in time (%" PRIu64 " each)\n", r->n,
			r->n == 1 ? "" : "s", r->nchunks);
	else
		fprintf(f, "%u stream%s: %u missed %" PRIu64 " deadline%s of %" PRIu64
			", the worst %.0f ms late\n", r->n, r->n == 1 ? "" : "s", n, chunks,
			chunks == 1 ? "" : "s", r->nchunks * r->n, ms(worst));
}

/* The rows of one step of streams.csv. */
static void csv_rows(struct outfile *o, const struct streams_cfg *c,
		     const struct streams_result *r)
{
	for (unsigned i = 0; i < r->n; i++) {
		const struct stream_figures *s = &r->s[i];
		outfile_printf(o, "%u,%u,%s,%.0f,%u,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%.3f,"
			       "%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f\n", r->n, i + 1,
			       s->writes ? "write" : "read", c->rate_bps, c->fps,
			       r->chunk_bytes, s->chunks, s->missed, ms(s->worst_late_s),
			       s->first_miss_s, latency_mean_ns(&s->lat) / 1e6,
			       latency_quantile_ns(&s->lat, 0.50) / 1e6,
			       latency_quantile_ns(&s->lat, 0.99) / 1e6,
			       latency_quantile_ns(&s->lat, 0.999) / 1e6,
			       (double)s->lat.max_ns / 1e6, mbps(s->bytes, s->seconds),
			       mbps(r->bg_bytes, r->bg_seconds));
	}
}

const char streams_csv_header[] =
	"streams,stream,mode,rate_bytes_per_s,fps,chunk_bytes,chunks,missed,"
	"worst_late_ms,first_miss_s,lat_mean_ms,lat_p50_ms,lat_p99_ms,lat_p999_ms,"
	"lat_max_ms,mb_per_s,background_mb_per_s\n";

int streams_steps(struct streams_cfg *c, unsigned max, FILE *out, struct outfile *csv,
		  int *best, char *err, size_t errlen)
{
	unsigned from = max ? 1 : c->n, to = max ? max : c->n;
	int rc = 0;

	*best = max ? 0 : -1;
	for (unsigned n = from; n <= to && rc == 0; n++) {
		struct streams_result r;
		uint64_t chunks;
		double worst;
		if (c->interrupt && *c->interrupt)
			break;
		c->n = n;
		if (streams_run(c, &r, err, errlen) != 0) {
			rc = -1;
			streams_result_release(&r);
			break;
		}
		int missed = missed_streams(&r, &chunks, &worst) > 0;
		if (!max || n == to || missed)
			print_table(out, &r);
		print_verdict(out, &r);
		if (csv)
			csv_rows(csv, c, &r);
		streams_result_release(&r);
		if (max && missed)
			break;
		if (max)
			*best = (int)n;
	}
	fflush(out);
	return rc;
}
