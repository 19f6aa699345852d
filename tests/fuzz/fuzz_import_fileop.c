/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_import_fileop.c: libFuzzer target for the import of fileop's text
 * output (import_fileop.h).  Every input is parsed as trial 0, then once
 * more as trial 1 into the same set, as `iosweep import a b` does.  What
 * is accepted must be fileop's shape: samples of force factors 1 to
 * FILEOP_MAX_FORCE, growing within a trial, the counts fileop makes (the
 * delete phase's may be 0), every figure positive and finite or left out
 * (NaN); the second parse must agree with the first.  A refusal must be
 * one line, and leave the set as it was.  Seeds: the real fileop outputs
 * of tests/data/fileop, plain and wrapped (tests/fuzz/run.sh).
 */
#include "compat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "import/import.h"
#include "import/import_fileop.h"
#include "iosweep.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int bad_figure(double v)
{
	return !isnan(v) && !(isfinite(v) && v >= 0.0);
}

static void check_samples(const struct import_fileop *f)
{
	unsigned last[2] = { 0, 0 };

	for (size_t i = 0; i < f->n; i++) {
		const struct report_fileop_sample *s = &f->s[i];
		uint64_t x = s->force;
		if (s->trial > 1 || x == 0 || x > FILEOP_MAX_FORCE || s->force <= last[s->trial])
			abort();
		last[s->trial] = s->force;
		for (int op = 0; op < FILEOP_NOPS; op++) {
			const struct report_fileop_figs *g = &s->op[op];
			uint64_t want = fileop_op_on_dirs((enum fileop_op)op) ? x + x * x + x * x * x
				: op == FILEOP_READDIR ? x * x : x * x * x;
			int shown = f->links || (op != FILEOP_LINK && op != FILEOP_UNLINK);
			if (shown && g->count != want && g->count != 0)
				abort();
			if (bad_figure(g->total_s) || bad_figure(g->ops_per_s) ||
			    bad_figure(g->best_per_s) || bad_figure(g->worst_per_s) ||
			    bad_figure(g->best_s) || bad_figure(g->worst_s))
				abort();
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct import_fileop f;
	struct import_opts opts;
	char notes[1024], err[IOSWEEP_ERR_MAX];
	char *buf = malloc(size + 1);

	if (!buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	memset(&opts, 0, sizeof(opts));
	notes[0] = '\0';
	opts.notes = notes;
	opts.notes_size = sizeof(notes);
	import_fileop_init(&f);
	for (unsigned trial = 0; trial < 2; trial++) {
		size_t before = f.n;
		memset(err, 0, sizeof(err));
		if (import_fileop_parse(&f, "in", buf, size, trial, &opts, err, sizeof(err))) {
			fuzz_check_message(err, sizeof(err));
			if (f.n != before || (trial == 0 && f.trials != 0))
				abort();
			break;
		}
		if (f.n == before || f.trials != trial + 1)
			abort();
		/* the same text twice: the same samples */
		if (trial == 1 && f.n != 2 * before)
			abort();
		for (size_t i = 0; trial == 1 && i < before; i++)
			if (f.s[i].force != f.s[before + i].force ||
			    f.s[i].op[FILEOP_DELETE].count != f.s[before + i].op[FILEOP_DELETE].count)
				abort();
		check_samples(&f);
	}
	(void)import_fileop_detect(buf, size);
	import_fileop_release(&f);
	free(buf);
	return 0;
}
