/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * options_get.c: the parsed options as the rest of iosweep reads them
 * (options.h): which mode a run is in, and each value with its "not
 * given" default decoded, in one place, so no caller repeats a default.
 */
#include "compat.h"

#include <stddef.h>
#include <stdint.h>

#include "options/options.h"
#include "platform/platform.h"

int options_qd(const struct options *o)
{
	return o->iodepth || o->jobs || o->mix_given || o->runtime_ms ||
		o->precondition;
}

int options_mmap(const struct options *o)
{
	return o->mmap || o->msync_async;
}

uint64_t options_timeline_interval_ms(const struct options *o)
{
	if (o->log_interval_ms)
		return o->log_interval_ms;
	return o->steady_given ? STEADY_DEFAULT_INTERVAL_MS : 0;
}

const char *options_qd_name(const struct options *o)
{
	return o->iodepth ? "--iodepth" : o->jobs ? "--jobs" : o->mix_given ?
		"--mix" : o->runtime_ms ? "--runtime" : "--precondition";
}

int options_throughput(const struct options *o)
{
	return o->nchildren || o->min_children || o->max_children;
}

size_t options_child_counts(const struct options *o, unsigned *out, size_t max)
{
	size_t n = 0;
	unsigned lo, hi;

	if (o->nchildren) {
		for (; n < o->nchildren && n < max; n++)
			out[n] = o->children[n];
		return n;
	}
	if (!o->min_children && !o->max_children)
		return 0;
	/* IOzone: -u alone starts at 1, -l alone runs that count only */
	lo = o->min_children ? o->min_children : 1;
	hi = o->max_children ? o->max_children : lo;
	for (unsigned c = lo; c <= hi && n < max; c++)
		out[n++] = c;
	return n;
}

unsigned options_iodepth(const struct options *o)
{
	return o->iodepth ? o->iodepth : 1;
}

unsigned options_jobs(const struct options *o)
{
	return o->jobs ? o->jobs : 1;
}

unsigned options_trials(const struct options *o)
{
	return o->trials ? o->trials : 1;
}

uint64_t options_stride(const struct options *o)
{
	return o->stride ? o->stride : OPTIONS_DEFAULT_STRIDE;
}

const char *options_file(const struct options *o)
{
	return o->file ? o->file : OPTIONS_DEFAULT_FILE;
}

uint64_t options_file_kb(const struct options *o)
{
	return o->nsizes ? o->sizes_kb[0] : OPTIONS_DEFAULT_FILE_KB;
}

uint64_t options_record_kb(const struct options *o)
{
	return o->nrecords ? o->records_kb[0] : OPTIONS_DEFAULT_RECORD_KB;
}

unsigned options_tests(const struct options *o)
{
	unsigned mask = 0, n;

	if (o->tests_mask)
		return o->tests_mask;
	for (n = TEST_WRITE; n <= TEST_FREAD; n++)
		mask |= 1u << n;
	if (options_mmap(o))
		return mask & OPTIONS_MMAP_TESTS;
	if (o->extended) {
		mask |= (1u << TEST_PWRITE) | (1u << TEST_PREAD);
		if (io_have_vectored())
			mask |= (1u << TEST_PWRITEV) | (1u << TEST_PREADV);
	}
	return mask;
}
