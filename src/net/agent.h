/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * agent.h: `iosweep serve`, the agent a user starts on a NAS (or another
 * client), and what its parts share.  agent_serve listens, prints its
 * token once, and serves each connection in a thread of its own until
 * *stop is set; a connection proves the token first, then asks for one
 * job (a sweep run under the root, agent_job.c), link streams
 * (link.c), or pings and samples of the box's counters (a read, answered
 * beside a job).  One job at a time: another job, or a link stream
 * while a job runs, is refused with a line saying so.
 *
 * Ownership: the caller owns cfg's strings; agent_serve frees everything
 * it made, and removes every job folder it made, before it returns.
 */
#ifndef IOSWEEP_AGENT_H
#define IOSWEEP_AGENT_H

#include "compat.h"

#include <signal.h>
#include <stddef.h>
#include <stdio.h>

#include "net/proto.h"

struct agent_cfg {
	const char *listen;        /* "127.0.0.1:7300" (port 0: any free one) */
	const char *root;          /* the folder it serves */
	volatile sig_atomic_t *stop;
	FILE *out;                 /* the address and token, once */
	FILE *log;                 /* a line per connection's end or refusal */
};

/* Serve until *stop: 0, or -1 when it could not start (why in err). */
int agent_serve(const struct agent_cfg *cfg, char *err, size_t errlen);

/* What a connection's handlers are given (agent.c). */
struct agent_conn {
	int fd;
	char peer[96];
	const char *root_real;     /* the root, resolved */
	const char *self_exe;      /* this program, to run a job */
	volatile sig_atomic_t *stop;
	uint8_t *buf;              /* PROTO_MAX_PAYLOAD bytes */
};

/*
 * Run the job of words (a sweep's options) under the root and stream
 * back its output, result files and exit status (agent_job.c).  0 when
 * the connection may go on, -1 (why in err: said in the log) otherwise.
 */
int agent_job_run(struct agent_conn *c, const uint8_t *payload, size_t len,
		  char *err, size_t errlen);

/*
 * The words' sweep touches nothing outside root_real: a relative -f and
 * -F under it, no symbolic link out, and none of the options that name
 * other paths (--out, -b, -U, -X, -Y, -+R, -+m, --db).  0, or -1 (why).
 */
int agent_job_check(char **words, size_t n, const char *root_real, char *err,
		    size_t errlen);

/* A link stream's agent side (link.c): 0, or -1 (why). */
int agent_link_stream(struct agent_conn *c, const struct proto_link *l, char *err,
		      size_t errlen);

#endif
