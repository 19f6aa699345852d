/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * remote.h: a sweep run on an agent (`iosweep ... --agent ADDR:PORT
 * --token T`, agent.h).  The sweep's words go to the agent without
 * --agent, --token and --out; its paths are the agent's, relative to its
 * root.  What the sweep prints comes back as it runs (on out and errout),
 * and its result folder's files into the local folder local_out (made;
 * an existing one is refused unless overwrite).
 *
 * Ownership: the caller owns everything it passes.
 */
#ifndef IOSWEEP_REMOTE_H
#define IOSWEEP_REMOTE_H

#include "compat.h"

#include <signal.h>
#include <stddef.h>
#include <stdio.h>

struct remote_job {
	const char *addr, *token;
	char *const *words;        /* the sweep's command line, no program name */
	size_t nwords;
	const char *local_out;
	int overwrite;
	volatile sig_atomic_t *stop;
	FILE *out, *errout;
};

/*
 * Run j on its agent: the sweep's exit status (0 to 255), or -1 when it
 * could not run there (why in err: the agent's refusal when it gave one;
 * *refused is then 1).
 */
int remote_run(const struct remote_job *j, int *refused, char *err, size_t errlen);

/*
 * words[0..n) without the client's own options (--agent, --token, --out,
 * each with its value, "--x V" or "--x=V"), into kept (n + 1 pointers,
 * NULL-terminated): the count kept.  A word is read as an option by its
 * text alone, which holds because both parsers refuse another of their
 * options as a value ("--label --agent": the sweep's opt_next_arg and
 * cmdargs' next_value), so a word spelt "--agent" is always the option.
 */
size_t remote_words(char *const *words, size_t n, char **kept);

#endif
