/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_streams.c: `iosweep streams`: paced streams with a deadline per
 * chunk (run/streams/streams.h), the question "will N streams of this
 * rate play (or record) without a dropped frame?" measured rather than
 * worked out from a MB/s figure.
 *
 *   iosweep streams --rate 737mbit [--streams N | --max-streams N]
 *                   [--fps 24] [--time 10s] [--write | --mix] [--sync]
 *                   [--background] [--dir DIR] [--out DIR]
 *
 * One run prints a line per stream (chunks, missed deadlines, the worst
 * lateness, latency percentiles, MB/s) and a verdict; --max-streams steps
 * up from one stream until a count misses a deadline and says the largest
 * that missed none.  --out writes streams.csv (a row per stream per
 * step) and meta.csv.  The files are removed at the end, also after
 * Ctrl-C (or SIGTERM), which stops the streams at their next chunk: the
 * exit status is then 130 and no CSV is written.
 */
#include "compat.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analysis/netbound.h"
#include "cmd/commands.h"
#include "iosweep.h"
#include "lib/outfile.h"
#include "model/units.h"
#include "options/cmdargs.h"
#include "platform/platform.h"
#include "report/csvout_fields.h"
#include "run/streams/streams.h"
#include "run/streams/streams_steps.h"

struct sargs {
	const char *rate, *streams, *max, *fps, *time, *bgsize, *dir, *out;
	int write, mix, sync, background, aligned, overwrite;
};

#define SA(field) offsetof(struct sargs, field)

static const struct cmdargs_opt streams_opts[] = {
	{ .name = "--rate", .kind = CMDARGS_STRING, .off = SA(rate), .nonempty = 1,
	  .metavar = "RATE", .help = "each stream's bit rate: 737mbit, 25MB (a --link rate)" },
	{ .name = "--streams", .kind = CMDARGS_STRING, .off = SA(streams), .nonempty = 1,
	  .metavar = "N", .help = "N streams at once", .defval = "1" },
	{ .name = "--max-streams", .kind = CMDARGS_STRING, .off = SA(max), .nonempty = 1,
	  .metavar = "N", .help = "1, 2, ... N streams until a count misses a deadline" },
	{ .name = "--fps", .kind = CMDARGS_STRING, .off = SA(fps), .nonempty = 1,
	  .metavar = "N", .help = "chunks (frames) per second; a chunk's deadline is its "
	  "period's end", .defval = "24" },
	{ .name = "--time", .kind = CMDARGS_STRING, .off = SA(time), .nonempty = 1,
	  .metavar = "TIME", .help = "how long the streams run: 10s, 1m", .defval = "10s" },
	{ .name = "--write", .kind = CMDARGS_FLAG, .off = SA(write),
	  .help = "the streams write (record)" },
	{ .name = "--mix", .kind = CMDARGS_FLAG, .off = SA(mix),
	  .help = "every second stream writes, the others read" },
	{ .name = "--sync", .kind = CMDARGS_FLAG, .off = SA(sync),
	  .help = "writers fsync every chunk (else once at the end)" },
	{ .name = "--aligned", .kind = CMDARGS_FLAG, .off = SA(aligned),
	  .help = "every stream asks for its chunk at the same instant (else their "
	  "slots spread over a frame, as independent players')" },
	{ .name = "--background", .kind = CMDARGS_FLAG, .off = SA(background),
	  .help = "a backup's sequential 1 MB writes run alongside" },
	{ .name = "--background-size", .kind = CMDARGS_STRING, .off = SA(bgsize),
	  .nonempty = 1, .metavar = "SIZE", .help = "the backup's file wraps at SIZE",
	  .defval = "1g" },
	{ .name = "--dir", .kind = CMDARGS_STRING, .off = SA(dir), .nonempty = 1,
	  .metavar = "DIR", .help = "where the streams' files go", .defval = "." },
	{ .name = "--out", .kind = CMDARGS_STRING, .off = SA(out), .nonempty = 1,
	  .metavar = "DIR", .help = "write DIR/streams.csv and DIR/meta.csv" },
	{ .name = "--overwrite", .kind = CMDARGS_FLAG, .off = SA(overwrite),
	  .help = "replace what --out holds" },
};

const struct cmdargs_spec cmd_streams_args = {
	.cmd = "streams",
	.synopsis = "--rate RATE [--streams N | --max-streams N] [OPTIONS]",
	.opts = streams_opts,
	.nopts = sizeof(streams_opts) / sizeof(streams_opts[0]),
};

/* The run's settings from the options: 0, or -1 (said). */
static int settle_cfg(const struct sargs *a, struct streams_cfg *c, unsigned *max)
{
	struct netbound_link l;
	char why[IOSWEEP_ERR_MAX];
	uint64_t v;

	memset(c, 0, sizeof(*c));
	c->dir = a->dir ? a->dir : ".";
	c->n = 1;
	c->fps = 24;
	c->duration_ms = 10000;
	c->background_cap = UINT64_C(1) << 30;
	if (!a->rate) {
		cmd_msg("streams", "--rate: give each stream's bit rate (737mbit, 25MB)");
		return -1;
	}
	if (netbound_parse_link(a->rate, &l, why, sizeof(why)) != 0)
		return cmd_msg("streams", "--rate '%s': not a rate (737mbit, 25MB, 1gbit)",
			       a->rate), -1;
	c->rate_bps = l.kbps * 1024.0;
	if (a->streams && a->max)
		return cmd_msg("streams", "--streams and --max-streams: give one"), -1;
	if (a->streams || a->max) {
		const char *t = a->streams ? a->streams : a->max;
		if (units_parse_uint(t, 1, STREAMS_MAX, &v, why, sizeof(why)) != 0)
			return cmd_msg("streams", "%s '%s': %s", a->streams ? "--streams" :
				       "--max-streams", t, why), -1;
		c->n = (unsigned)v;
	}
	*max = a->max ? c->n : 0;
	if (a->fps) {
		if (units_parse_uint(a->fps, 1, 1000, &v, why, sizeof(why)) != 0)
			return cmd_msg("streams", "--fps '%s': %s", a->fps, why), -1;
		c->fps = (unsigned)v;
	}
	if (a->time && (units_parse_duration_ms(a->time, 86400000u, &c->duration_ms, why,
						sizeof(why)) != 0 || c->duration_ms < 100))
		return cmd_msg("streams", "--time '%s': a duration of 100ms to a day "
			       "(10s, 1m)", a->time), -1;
	if (a->bgsize) {
		if (units_parse_size_kb(a->bgsize, &v, why, sizeof(why)) != 0 || v < 1024)
			return cmd_msg("streams", "--background-size '%s': a size of 1m or "
				       "more", a->bgsize), -1;
		c->background_cap = v * 1024;
	}
	if (a->write && a->mix)
		return cmd_msg("streams", "--write and --mix: give one"), -1;
	c->mode = a->write ? STREAMS_WRITE : a->mix ? STREAMS_MIX : STREAMS_READ;
	c->sync = a->sync;
	c->background = a->background;
	c->aligned = a->aligned;
	return 0;
}

static void kv(struct outfile *o, const char *key, const char *value)
{
	csvout_put_text(o, key, 1);
	csvout_put_text(o, value, 0);
	outfile_write(o, "\n", 1);
}

/* meta.csv: what ran, where, and the answer (best: the most streams that
 * kept every deadline, 0 none, -1 not stepped). */
static int write_meta(const char *path, const struct sargs *a, const struct streams_cfg *c,
		      const char *cmdline, int best, char *err, size_t errlen)
{
	struct outfile o;
	char host[256] = "", when[32] = "", num[64];
	time_t now = time(NULL);
	struct tm tm;

	/* claimed with streams.csv before the run */
	if (outfile_open(&o, path, 0, 1, err, errlen) != 0)
		return -1;
	plat_host_name(host, sizeof(host));
	if (plat_localtime(now, &tm) == 0)
		strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%S", &tm);
	outfile_printf(&o, "key,value\n");
	kv(&o, "tool", "iosweep streams");
	kv(&o, "version", IOSWEEP_VERSION);
	kv(&o, "command_line", cmdline);
	kv(&o, "start_time", when);
	kv(&o, "host", host);
	kv(&o, "target_path", c->dir);
	kv(&o, "rate", a->rate);
	snprintf(num, sizeof(num), "%.0f", c->rate_bps);
	kv(&o, "rate_bytes_per_s", num);
	snprintf(num, sizeof(num), "%u", c->fps);
	kv(&o, "fps", num);
	snprintf(num, sizeof(num), "%.3f", (double)c->duration_ms / 1000.0);
	kv(&o, "seconds", num);
	kv(&o, "mode", c->mode == STREAMS_WRITE ? "write" : c->mode == STREAMS_MIX ? "mix" :
	   "read");
	kv(&o, "sync", c->sync ? "1" : "0");
	kv(&o, "background", c->background ? "1" : "0");
	kv(&o, "aligned", c->aligned ? "1" : "0");
	snprintf(num, sizeof(num), "%d", best);
	kv(&o, "max_streams_ok", best >= 0 ? num : "");
	return outfile_commit(&o, err, errlen);
}

static void print_head(const struct streams_cfg *c, unsigned max, const char *rate)
{
	char chunk[32];

	units_format_bytes_human(streams_chunk_bytes(c), chunk, sizeof(chunk));
	printf("iosweep streams: %s%u stream%s %s %s (%.1f MB/s) each, %u chunks/s of %s, "
	       "%.1f s, in %s%s%s\n", max ? "up to " : "", c->n, c->n == 1 ? "" : "s",
	       c->mode == STREAMS_WRITE ? "writing" : c->mode == STREAMS_MIX ?
	       "reading and writing" : "reading", rate, c->rate_bps / 1e6, c->fps, chunk,
	       (double)c->duration_ms / 1000.0, c->dir,
	       c->background ? ", a backup writing alongside" : "",
	       c->mode != STREAMS_READ && !c->sync ? " (writes buffered; --sync "
	       "syncs each chunk)" : "");
}

int cmd_streams(int argc, char **argv)
{
	struct sargs a = { 0 };
	struct cmdargs ca;
	struct streams_cfg c;
	struct outfile csv;
	char err[IOSWEEP_ERR_MAX], path[4200];
	unsigned max = 0;
	int best = -1, rc = cmdargs_command(&ca, &cmd_streams_args, &a, argc, argv,
				       stdout, stderr);

	if (rc >= 0)
		return rc;
	if (ca.ninputs) {
		cmd_msg("streams", "'%s': not an option (iosweep streams --help)", ca.inputs[0]);
		cmdargs_release(&ca);
		return IOSWEEP_EXIT_USAGE;
	}
	cmdargs_release(&ca);
	if (settle_cfg(&a, &c, &max) != 0)
		return IOSWEEP_EXIT_USAGE;
	/* both outputs claimed before anything runs: a refusal writes nothing */
	static const char *const names[] = { "streams.csv", "meta.csv" };
	char meta[4200] = "";
	char *const paths[] = { path, meta };
	if (a.out && (outfile_claim_files(a.out, names, 2, a.overwrite, paths, sizeof(path),
					  err, sizeof(err)) != 0 ||
		      outfile_open(&csv, path, 0, 1, err, sizeof(err)) != 0)) {
		cmd_msg("streams", "%s", err);
		return IOSWEEP_EXIT_USAGE;
	}
	if (a.out)
		outfile_printf(&csv, "%s", streams_csv_header);
	cmd_catch_stop();
	c.interrupt = &cmd_stop;
	print_head(&c, max, a.rate);
	unsigned nfiles = max ? max : c.n;
	rc = IOSWEEP_EXIT_FAILURE;
	if (streams_prepare(&c, nfiles, err, sizeof(err)) != 0)
		cmd_msg("streams", "%s", err);
	else if (streams_steps(&c, max, stdout, a.out ? &csv : NULL, &best, err,
			       sizeof(err)) != 0)
		cmd_msg("streams", "%s", err);
	else if (!cmd_stop)
		rc = IOSWEEP_EXIT_OK;
	streams_cleanup(&c, nfiles);
	if (max && rc == IOSWEEP_EXIT_OK)
		printf(best ? "the most streams that kept every deadline: %d\n" :
		       "not even one stream kept every deadline\n", best);
	if (a.out && rc == IOSWEEP_EXIT_OK) {
		char *cmdline = cmd_command_line(argc, argv);
		if (!cmdline || outfile_commit(&csv, err, sizeof(err)) != 0 ||
		    write_meta(meta, &a, &c, cmdline, best, err, sizeof(err)) != 0) {
			cmd_msg("streams", "%s", cmdline ? err : "out of memory");
			rc = IOSWEEP_EXIT_IO;
		}
		free(cmdline);
	} else if (a.out) {
		outfile_abort(&csv);
	}
	return cmd_stop ? IOSWEEP_EXIT_INTERRUPTED : rc;
}
