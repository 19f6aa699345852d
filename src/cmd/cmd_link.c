/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_link.c: `iosweep link`, the link to an agent measured (net/link.h).
 *
 *   iosweep link HOST:PORT --token T [--streams N] [--seconds S] [--out DIR]
 *
 * Prints a line per direction (Mbit/s and MB/s, all streams together)
 * and one for the round-trip time.  --out writes link.csv (a row per
 * direction and one for the round trip) and meta.csv, which says how it
 * was measured (link_source "measured"), so a card or verdict reading the
 * folder can say it used a measured link rather than a typed one.
 */
#include "compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmd/commands.h"
#include "iosweep.h"
#include "lib/outfile.h"
#include "model/units.h"
#include "net/link.h"
#include "net/net_sock.h"
#include "options/cmdargs.h"
#include "platform/platform.h"
#include "report/csvout_fields.h"

#define LINK_MEASURE "tcp: N parallel streams each way, bytes counted by the receiver " \
	"after a warm-up; round trip: median of 21 ping-pongs"

struct largs {
	const char *token, *streams, *seconds, *out;
	int overwrite;
};

#define LA(field) offsetof(struct largs, field)

static const struct cmdargs_opt link_opts[] = {
	{ .name = "--token", .kind = CMDARGS_STRING, .off = LA(token), .nonempty = 1,
	  .metavar = "T", .help = "the token the agent printed when it started" },
	{ .name = "--streams", .kind = CMDARGS_STRING, .off = LA(streams), .nonempty = 1,
	  .metavar = "N", .help = "parallel TCP streams each way", .defval = "4" },
	{ .name = "--seconds", .kind = CMDARGS_STRING, .off = LA(seconds), .nonempty = 1,
	  .metavar = "S", .help = "measured time each way, after a warm-up of a second "
	  "(a quarter of S below 4 s)", .defval = "10" },
	{ .name = "--out", .kind = CMDARGS_STRING, .off = LA(out), .nonempty = 1,
	  .metavar = "DIR", .help = "write DIR/link.csv and DIR/meta.csv" },
	{ .name = "--overwrite", .kind = CMDARGS_FLAG, .off = LA(overwrite),
	  .help = "replace what --out holds" },
};

const struct cmdargs_spec cmd_link_args = {
	.cmd = "link",
	.synopsis = "HOST:PORT --token T [--streams N] [--seconds S] [--out DIR]",
	.opts = link_opts,
	.nopts = sizeof(link_opts) / sizeof(link_opts[0]),
	.min_inputs = 1,
	.too_few = "give the agent's HOST:PORT (iosweep serve prints it)",
};

/* The measurement's settings from the options: 0, or -1 (said). */
static int settle(const struct largs *a, const char *addr, struct link_cfg *c)
{
	char why[IOSWEEP_ERR_MAX], host[256], port[16];
	uint64_t v;

	*c = (struct link_cfg){ .addr = addr, .token = a->token, .streams = 4,
				.measure_ms = 10000, .stop = &cmd_stop };
	if (net_addr_split(addr, host, sizeof(host), port, sizeof(port), why, sizeof(why)))
		return cmd_msg("link", "%s", why), -1;
	if (!a->token)
		return cmd_msg("link", "--token: give the token the agent printed"), -1;
	if (a->streams) {
		if (units_parse_uint(a->streams, 1, LINK_MAX_STREAMS, &v, why, sizeof(why)))
			return cmd_msg("link", "--streams '%s': %s", a->streams, why), -1;
		c->streams = (unsigned)v;
	}
	if (a->seconds) {
		if (units_parse_uint(a->seconds, 1, 3600, &v, why, sizeof(why)))
			return cmd_msg("link", "--seconds '%s': %s", a->seconds, why), -1;
		c->measure_ms = (uint32_t)v * 1000;
	}
	c->warmup_ms = c->measure_ms < 4000 ? c->measure_ms / 4 : 1000;
	return 0;
}

static void csv_dir(struct outfile *o, const char *name, const struct link_cfg *c,
		    const struct link_dir *d)
{
	outfile_printf(o, "1,%s,%u,%.3f,%llu,%.0f,%.3f,,,,\n", name, c->streams, d->seconds,
		       (unsigned long long)d->bytes, d->bytes_per_s, d->bytes_per_s * 8 / 1e6);
}

static void kv(struct outfile *o, const char *key, const char *value)
{
	csvout_put_text(o, key, 1);
	csvout_put_text(o, value, 0);
	outfile_write(o, "\n", 1);
}

/* link.csv and meta.csv into paths (claimed): 0, or -1 (why). */
static int write_out(char *const *paths, const struct link_cfg *c,
		     const struct link_result *r, const char *cmdline, char *err, size_t errlen)
{
	struct outfile o;
	char host[256] = "", when[32] = "", num[64];
	struct tm tm;

	if (outfile_open(&o, paths[0], 0, 1, err, errlen) != 0)
		return -1;
	outfile_printf(&o, "schema,direction,streams,seconds,bytes,bytes_per_s,mbit_per_s,"
		       "rtt_ms,rtt_min_ms,rtt_max_ms,source\n");
	csv_dir(&o, "up", c, &r->up);
	csv_dir(&o, "down", c, &r->down);
	outfile_printf(&o, "1,rtt,,,,,,%.3f,%.3f,%.3f,\n", r->rtt_ms, r->rtt_min_ms,
		       r->rtt_max_ms);
	if (outfile_commit(&o, err, errlen) != 0 ||
	    outfile_open(&o, paths[1], 0, 1, err, errlen) != 0)
		return -1;
	plat_host_name(host, sizeof(host));
	if (plat_localtime(time(NULL), &tm) == 0)
		strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%S", &tm);
	outfile_printf(&o, "key,value\n");
	kv(&o, "tool", "iosweep link");
	kv(&o, "version", IOSWEEP_VERSION);
	kv(&o, "command_line", cmdline);
	kv(&o, "start_time", when);
	kv(&o, "host", host);
	kv(&o, "agent", c->addr);
	kv(&o, "link_source", "measured");
	kv(&o, "measure", LINK_MEASURE);
	snprintf(num, sizeof(num), "%u", c->streams);
	kv(&o, "streams", num);
	snprintf(num, sizeof(num), "%.3f", c->warmup_ms / 1000.0);
	kv(&o, "warmup_s", num);
	snprintf(num, sizeof(num), "%.3f", c->measure_ms / 1000.0);
	kv(&o, "seconds", num);
	return outfile_commit(&o, err, errlen);
}

static void print_dir(const char *what, const struct link_cfg *c, const struct link_dir *d)
{
	printf("%-22s %9.1f Mbit/s %8.1f MB/s  (%u stream%s, %.1f s)\n", what,
	       d->bytes_per_s * 8 / 1e6, d->bytes_per_s / 1e6, c->streams,
	       c->streams == 1 ? "" : "s", d->seconds);
}

int link_run(const struct link_cfg *c, const char *out, int overwrite, const char *cmdline)
{
	static const char *const names[] = { "link.csv", "meta.csv" };
	struct link_result r;
	char err[IOSWEEP_ERR_MAX], csv[4200] = "", meta[4200] = "";
	char *const paths[] = { csv, meta };
	int rc;

	if (out && outfile_claim_files(out, names, 2, overwrite, paths, sizeof(csv), err,
				       sizeof(err)) != 0) {
		cmd_msg("link", "%s", err);
		return IOSWEEP_EXIT_USAGE;
	}
	cmd_catch_stop();
	if (link_measure(c, &r, err, sizeof(err)) != 0) {
		cmd_msg("link", "%s", err);
		return cmd_stop ? IOSWEEP_EXIT_INTERRUPTED : IOSWEEP_EXIT_FAILURE;
	}
	printf("iosweep link: %s, %u stream%s each way\n", c->addr, c->streams,
	       c->streams == 1 ? "" : "s");
	print_dir("up (to the agent):", c, &r.up);
	print_dir("down (from the agent):", c, &r.down);
	printf("%-22s %9.3f ms (median of %d; %.3f to %.3f)\n", "round trip:", r.rtt_ms,
	       LINK_PINGS, r.rtt_min_ms, r.rtt_max_ms);
	fflush(stdout);
	rc = IOSWEEP_EXIT_OK;
	if (out && write_out(paths, c, &r, cmdline, err, sizeof(err)) != 0) {
		cmd_msg("link", "%s", err);
		rc = IOSWEEP_EXIT_IO;
	}
	return rc;
}

int cmd_link(int argc, char **argv)
{
	struct largs a = { 0 };
	struct cmdargs ca;
	struct link_cfg c;
	int rc = cmdargs_command(&ca, &cmd_link_args, &a, argc, argv, stdout, stderr);

	if (rc >= 0)
		return rc;
	if (ca.ninputs > 1) {
		cmd_msg("link", "'%s': one agent at a time (iosweep link --help)", ca.inputs[1]);
		cmdargs_release(&ca);
		return IOSWEEP_EXIT_USAGE;
	}
	rc = settle(&a, ca.inputs[0], &c);
	if (rc != 0) {
		cmdargs_release(&ca);
		return IOSWEEP_EXIT_USAGE;
	}
	char *cmdline = cmd_command_line(argc, argv);
	if (!cmdline) {
		cmd_msg("link", "out of memory");
		rc = IOSWEEP_EXIT_FAILURE;
	} else {
		rc = link_run(&c, a.out, a.overwrite, cmdline);
	}
	free(cmdline);
	cmdargs_release(&ca);
	return rc;
}
