/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_agent.c: `iosweep serve`, the agent (net/agent.h), and a sweep's
 * --agent ADDR:PORT --token T, which runs the sweep there
 * (net/remote.h).
 *
 *   iosweep serve --listen ADDR:PORT --root DIR
 *
 * prints the address it listens on and its token once, then serves until
 * Ctrl-C or SIGTERM, logging a line for each connection it ends on a
 * refusal or an error.  A sweep with --agent sends its options (without
 * --agent, --token and --out) and writes the results that come back into
 * its --out folder (default ./iosweep-results/agent-TIME).
 */
#include "compat.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "clients/clients.h"
#include "cmd/commands.h"
#include "cmd/sweep.h"
#include "iosweep.h"
#include "net/agent.h"
#include "net/net_sock.h"
#include "net/remote.h"
#include "options/cmdargs.h"
#include "options/options.h"
#include "platform/platform.h"

struct serve_args {
	const char *listen, *root;
};

#define SV(field) offsetof(struct serve_args, field)

static const struct cmdargs_opt serve_opts[] = {
	{ .name = "--listen", .kind = CMDARGS_STRING, .off = SV(listen), .nonempty = 1,
	  .metavar = "ADDR:PORT", .help = "the address and port to listen on, and only "
	  "that (127.0.0.1:7300; port 0 picks a free one)" },
	{ .name = "--root", .kind = CMDARGS_STRING, .off = SV(root), .nonempty = 1,
	  .metavar = "DIR", .help = "the folder it serves: every path of a job is "
	  "relative to it and stays under it" },
};

const struct cmdargs_spec cmd_serve_args = {
	.cmd = "serve",
	.synopsis = "--listen ADDR:PORT --root DIR",
	.about = "  Prints its token once; clients give it (iosweep link HOST:PORT --token T,\n"
		 "  or a sweep's --agent HOST:PORT --token T).  One job at a time.\n",
	.opts = serve_opts,
	.nopts = sizeof(serve_opts) / sizeof(serve_opts[0]),
};

int cmd_serve(int argc, char **argv)
{
	struct serve_args a = { 0 };
	struct cmdargs ca;
	char err[IOSWEEP_ERR_MAX], host[256], port[16];
	int rc = cmdargs_command(&ca, &cmd_serve_args, &a, argc, argv, stdout, stderr);

	if (rc >= 0)
		return rc;
	rc = ca.ninputs ? (cmd_msg("serve", "'%s': not an option (iosweep serve --help)",
				   ca.inputs[0]), -1) : 0;
	cmdargs_release(&ca);
	if (rc == 0 && (!a.listen || !a.root))
		rc = (cmd_msg("serve", "give --listen ADDR:PORT and --root DIR"), -1);
	if (rc == 0 && net_addr_split(a.listen, host, sizeof(host), port, sizeof(port), err,
				      sizeof(err)) != 0)
		rc = (cmd_msg("serve", "--listen %s", err), -1);
	if (rc == 0 && plat_stat(a.root, 1, NULL) != PLAT_DIR)
		rc = (cmd_msg("serve", "--root '%s': not a folder", a.root), -1);
	if (rc != 0)
		return IOSWEEP_EXIT_USAGE;
	cmd_catch_stop();
	struct agent_cfg cfg = { .listen = a.listen, .root = a.root, .stop = &cmd_stop,
				 .out = stdout, .log = stderr };
	if (agent_serve(&cfg, err, sizeof(err)) != 0) {
		cmd_msg("serve", "%s", err);
		return IOSWEEP_EXIT_FAILURE;
	}
	fprintf(stderr, "iosweep serve: stopped (%s)\n", plat_signal_name(cmd_stop));
	return IOSWEEP_EXIT_OK;
}

/* The local result folder: out_dir, or ./iosweep-results/agent-TIME. */
static const char *local_out(const char *out_dir, char *buf, size_t len)
{
	char when[32] = "now";
	struct tm tm;

	if (out_dir)
		return out_dir;
	if (plat_localtime(time(NULL), &tm) == 0)
		strftime(when, sizeof(when), "%Y%m%d-%H%M%S", &tm);
	plat_mkdir("iosweep-results");
	snprintf(buf, len, "iosweep-results/agent-%s", when);
	return buf;
}

int cmd_on_agent(const char *cmd, const char *addr, const char *token, int n,
		 char **words, const char *out_dir, int overwrite)
{
	char err[IOSWEEP_ERR_MAX], host[256], port[16], dir[128];
	int refused, status;

	if (!token || !*token) {
		cmd_msg(cmd, "--agent: give the agent's --token (printed by iosweep serve)");
		return IOSWEEP_EXIT_USAGE;
	}
	if (net_addr_split(addr, host, sizeof(host), port, sizeof(port), err,
			   sizeof(err)) != 0) {
		cmd_msg(cmd, "--agent %s", err);
		return IOSWEEP_EXIT_USAGE;
	}
	if (clients_count() > 1) {
		if (clients_leader())
			cmd_msg(cmd, "--agent: runs from one client, not under iosweep-mpi");
		return IOSWEEP_EXIT_USAGE;
	}
	cmd_catch_stop();
	struct remote_job j = { .addr = addr, .token = token, .words = words,
				.nwords = (size_t)n, .local_out = local_out(out_dir, dir,
									    sizeof(dir)),
				.overwrite = overwrite, .stop = &cmd_stop, .out = stdout,
				.errout = stderr };
	status = remote_run(&j, &refused, err, sizeof(err));
	if (status < 0) {
		cmd_msg(cmd, "%s", err);
		return cmd_stop ? IOSWEEP_EXIT_INTERRUPTED :
		       refused ? IOSWEEP_EXIT_USAGE : IOSWEEP_EXIT_FAILURE;
	}
	if (plat_stat(j.local_out, 0, NULL) == PLAT_DIR)
		fprintf(stderr, "iosweep%s%s: the agent's results are in %s/\n", cmd ? " " : "",
			cmd ? cmd : "", j.local_out);
	return status;
}

int sweep_on_agent(const struct options *o)
{
	return cmd_on_agent(NULL, o->agent, o->agent_token, (int)o->nwords, o->words,
			    o->out_dir, o->overwrite);
}
