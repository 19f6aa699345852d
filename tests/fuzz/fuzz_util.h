/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_util.h: the checks every libFuzzer target of tests/fuzz makes on
 * what the code under test returns.  A violated rule calls abort(), which
 * libFuzzer reports as a crash with the input that caused it.  Static
 * functions in a header because each target is one program of one file.
 */
#ifndef IOSWEEP_FUZZ_UTIL_H
#define IOSWEEP_FUZZ_UTIL_H

#include <stdlib.h>
#include <string.h>

#include "import/import.h"
#include "iosweep.h"
#include "model/results.h"
#include "model/results_ops.h"
#include "run/throughput/throughput.h"

/*
 * A command line from a fuzz input: text (the input with a NUL after it,
 * size bytes before that) cut in place at each newline or NUL into
 * argv[1..], at most max words, argv[0] = name, argv[argc] = NULL; argv
 * holds max + 2 pointers.  Returns argc.
 */
static inline int fuzz_argv(char *text, size_t size, const char *name,
			    char **argv, int max)
{
	int argc = 1;

	argv[0] = (char *)name;
	for (char *s = text; argc <= max; ) {
		char *end = s;
		while (end < text + size && *end != '\n' && *end != '\0')
			end++;
		*end = '\0';
		argv[argc++] = s;
		if (end >= text + size)
			break;
		s = end + 1;
	}
	argv[argc] = NULL;
	return argc;
}

/* An error message is one non-empty line that fits its buffer. */
static inline void fuzz_check_message(const char *err, size_t errlen)
{
	const char *nul = memchr(err, '\0', errlen);

	if (!nul || nul == err || memchr(err, '\n', (size_t)(nul - err)))
		abort();
}

/*
 * Import path (a file or a result folder): what a parser accepts must be a
 * usable set (samples, throughput records or small-file operation
 * records), and a refusal must come
 * with a message.
 */
static inline void fuzz_check_import(const char *path)
{
	char err[IOSWEEP_ERR_MAX];
	struct result_set rs;

	memset(err, 0, sizeof(err));
	results_init(&rs);
	int rc = import_load(&rs, path, 0, err, sizeof(err));
	if (rc == 0 && rs.ntp) {
		/* throughput mode: records only, each whole (results.h) */
		if (rs.nsamples)
			abort();
		for (size_t i = 0; i < rs.ntp; i++) {
			const struct result_tp *t = &rs.tp[i];
			if (t->kind < 0 || t->kind >= TP_NKINDS || t->procs == 0 ||
			    t->nchild > t->procs || !(t->children >= 0.0) ||
			    t->trial >= rs.trials || (t->nchild && (!t->child_xfer || !t->child_rate)))
				abort();
		}
	} else if (rc == 0 && rs.nops) {
		/* small-file operations: records only, each named as one and
		 * within the set's trials, and their groups computable */
		struct results_op_group *g;
		if (rs.nsamples)
			abort();
		for (size_t i = 0; i < rs.nops; i++) {
			const struct result_op *o = &rs.ops[i];
			if (strncmp(o->test, "fileop ", 7) != 0 && strncmp(o->test, "files ", 6) != 0)
				abort();
			if (o->trial >= rs.trials || o->seconds < 0.0 || o->ops_per_s < 0.0)
				abort();
		}
		long n = results_op_groups(&rs, &g);
		if (n < 1)
			abort();
		free(g);
	} else if (rc == 0) {
		if (rs.nsamples == 0 || rs.cols_mask == 0)
			abort();
		for (size_t i = 0; i < rs.nsamples; i++)
			if (rs.samples[i].cell >= rs.ncells)
				abort();
	} else {
		fuzz_check_message(err, sizeof(err));
	}
	results_release(&rs);
}

#endif
