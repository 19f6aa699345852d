/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * options_check.c: the rules across options, checked once options.c has
 * read the whole command line.
 *
 * The parser judges each option alone (its value, its range); whether the
 * options fit together can only be told at the end: -n is not above -g,
 * -y not above -q, every file is a whole number of records, -i 1 has the
 * -i 0 that creates its file, throughput mode (-t, -l/-u) comes with
 * neither auto-mode options nor several sizes nor iosweep's trials,
 * --iodepth/--jobs/--mix/--runtime/--ramp/--precondition run tests 0, 1
 * and 2 only and not in throughput mode, --ci and --until-settled have
 * what they need.  Each rule is one function here; the first broken one
 * gives the one-line message, naming the option and the value as the
 * user wrote them (ps->text).  Two things are settled here rather than
 * refused: -g auto becomes a size (it needs -n, -+x and the RAM), and
 * several -s or -r turn on auto mode, as in IOzone.
 *
 * The state of the parse (struct opt_parse) and the helpers shared with
 * the parser are in options_priv.h.
 */
#include "compat.h"

#include <inttypes.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>

#include "iosweep.h"
#include "analysis/netbound.h"
#include "options/options.h"
#include "options/options_priv.h"
#include "model/results.h"
#include "model/timeline.h"
#include "platform/platform.h"
#include "platform/sysinfo.h"

const char *opt_given(const struct opt_parse *ps, const char *letter)
{
	return ps->text[opt_index(opt_by_letter(letter))];
}

int opt_seen(const struct opt_parse *ps, const char *letter)
{
	return ps->seen[opt_index(opt_by_letter(letter))];
}

const char *opt_given_long(const struct opt_parse *ps, const char *name)
{
	const char *t = ps->text[opt_index(opt_by_name(name, strlen(name)))];
	return t ? t : "";
}

/* Tests throughput mode has no children for (IOzone ignores them there). */
#define OPT_NOT_THROUGHPUT ((1u << TEST_RECREWRITE) | (1u << TEST_PWRITEV) | \
			    (1u << TEST_PREADV))

/* Tests that write the file, refused with -+E (IOzone's list, and 8). */
#define OPT_WRITERS ((1u << TEST_WRITE) | (1u << TEST_RECREWRITE) | \
		     (1u << TEST_FWRITE) | (1u << TEST_MIX) | (1u << TEST_PWRITE) | \
		     (1u << TEST_PWRITEV))

/*
 * -+E: read-only tests of a file iosweep did not make, so nothing may
 * write it: the tests named (as IOzone, -i is needed), none that writes,
 * -f given, and no mode that writes or makes its own files.
 */
static int opt_check_existing(struct opt_parse *ps)
{
	const struct options *o = ps->o;
	const char *with = NULL;

	if (!o->existing)
		return 0;
	if (!o->tests_mask)
		return opt_error(ps, "-+E: name the read tests to run with -i "
				 "(1, 2, 3, 5, 7, and 10, 12 with -E)");
	for (unsigned n = 0; n < TEST_COUNT; n++)
		if ((o->tests_mask & (1u << n)) && (OPT_WRITERS & (1u << n)))
			return opt_error(ps, "-+E and -i %u: test %u (%s) writes the "
					 "file, and -+E never writes it", n, n,
					 options_test_name((int)n));
	if (!opt_seen(ps, "f"))
		return opt_error(ps, "-+E: name the existing file with -f");
	if (options_throughput(o))
		with = "-t (throughput mode creates a file per child)";
	else if (options_qd(o))
		with = options_qd_name(o);
	else if (o->verify || o->diag)
		with = o->diag ? "-+d (it checks data it wrote itself)" :
			"-V (it checks data it wrote itself)";
	else if (o->until_settled)
		with = "--until-settled (it grows the file past -g)";
	else if (o->overwrite)
		with = "--overwrite (-+E never writes the file)";
	if (with)
		return opt_error(ps, "-+E and %s: choose one", with);
	return 0;
}

static int opt_check_tests(struct opt_parse *ps)
{
	const struct options *o = ps->o;
	int tp = options_throughput(o);
	unsigned n;

	if ((o->tests_mask & (1u << TEST_MIX)) && !tp)
		return opt_error(ps, "-i 8: test 8 (mixed workload) runs only in "
				 "throughput mode; add -t N");
	for (n = 0; n < TEST_COUNT && tp; n++)
		if ((o->tests_mask & (1u << n)) && (OPT_NOT_THROUGHPUT & (1u << n)))
			return opt_error(ps, "-i %u: test %u (%s) has no throughput-mode "
					 "version; drop it or run without -t", n, n,
					 options_test_name((int)n));
	for (n = TEST_PWRITE; n < TEST_COUNT; n++)
		if ((o->tests_mask & (1u << n)) && !o->extended &&
		    !(tp && (n == TEST_PWRITE || n == TEST_PREAD)))
			return opt_error(ps, "-i %u: test %u (%s) needs -E (extended "
					 "tests); add -E", n, n, options_test_name((int)n));
	if (!o->tests_mask || (o->tests_mask & (1u << TEST_WRITE)) || o->existing)
		return 0;
	for (n = 1; n < TEST_COUNT; n++)
		if (o->tests_mask & (1u << n))
			return opt_error(ps, "-i %u: test %u (%s) needs test 0 (write) "
					 "to create the file first; add -i 0",
					 n, n, options_test_name((int)n));
	return 0;
}

/*
 * Issue 16: --iodepth (-H), --jobs, --mix, --runtime, --ramp and
 * --precondition run tests 0, 1 and 2 through qd.c; without -i they run
 * exactly those.  What they cannot do is refused here.
 */
static int opt_check_qd(struct opt_parse *ps)
{
	struct options *o = ps->o;
	const unsigned allowed = (1u << TEST_WRITE) | (1u << TEST_READ) |
		(1u << TEST_RANDOM);
	const char *what = options_qd_name(o);

	if (o->ramp_ms && !o->runtime_ms)
		return opt_error(ps, "--ramp: only with --runtime (a time-based pass)");
	if (!options_qd(o))
		return 0;
	if (options_throughput(o))
		return opt_error(ps, "%s and -t: throughput mode has its own children; "
				 "use --jobs without -t", what);
	if (!o->tests_mask)
		o->tests_mask = allowed;
	for (unsigned n = 0; n < TEST_COUNT; n++)
		if ((o->tests_mask & (1u << n)) && !(allowed & (1u << n)))
			return opt_error(ps, "-i %u and %s: queue depth, jobs and mixes "
					 "run tests 0, 1 and 2 only", n, what);
	if (o->mix_given && !(o->tests_mask & ((1u << TEST_READ) | (1u << TEST_RANDOM))))
		return opt_error(ps, "--mix: mixes the sequential (-i 1) or random "
				 "(-i 2) test; add one of them");
	if (opt_seen(ps, "Q") || opt_seen(ps, "p"))
		return opt_error(ps, "-%s and %s: not supported with queue depth, "
				 "jobs or mixes", opt_seen(ps, "Q") ? "Q" : "p", what);
	if (o->compute_given)
		return opt_error(ps, "-J and %s: compute delays are not supported "
				 "with queue depth, jobs or mixes", what);
	if (o->jitter)
		return opt_error(ps, "-K and %s: disrupted read patterns are not "
				 "supported with queue depth, jobs or mixes", what);
	if (o->multi_buffer)
		return opt_error(ps, "-m and %s: multiple buffers are not supported "
				 "with queue depth, jobs or mixes", what);
	if (o->file_lock || o->rlocking || o->share_file)
		return opt_error(ps, "-%s and %s: file and record locks and the shared "
				 "file are not supported with queue depth, jobs or "
				 "mixes", opt_seen(ps, "W") ? "W" : opt_seen(ps, "+L") ?
				 "+L" : opt_seen(ps, "+l") ? "+l" : "+V", what);
	if (o->bind_given && o->jobs > 1)
		return opt_error(ps, "-P and --jobs: the workers are not bound one "
				 "to a CPU; bind throughput mode's children (-t)");
	if (o->min_time_ms && o->runtime_ms)
		return opt_error(ps, "--min-time and --runtime: choose one way to "
				 "make passes long enough");
	return 0;
}

/*
 * --log-interval: the sweep's passes (tests.c's timed loops), the
 * queue-depth runs (qd.c) and throughput mode's children
 * (throughput_child.c) keep a timeline, --stonewall's loop too.
 */
static int opt_check_log(struct opt_parse *ps)
{
	const struct options *o = ps->o;
	const char *text = opt_given_long(ps, "log-interval");

	if (!*text)
		return 0;
	if (o->log_interval_ms < TIMELINE_MIN_INTERVAL_MS)
		return opt_error(ps, "--log-interval '%s': at least %ums (the "
				 "interval's figures cost about 50 kB of memory work)",
				 text, TIMELINE_MIN_INTERVAL_MS);
	return 0;
}

/*
 * --steady: only a pass that may stop early can wait for steady state (a
 * --runtime pass, --precondition's writing), and its window must be a
 * whole number of the intervals it is sampled in.
 */
static int opt_check_steady(struct opt_parse *ps)
{
	const struct options *o = ps->o;
	const char *text = opt_given_long(ps, "steady");
	char why[IOSWEEP_ERR_MAX];

	if (o->steady_ramp_ms && !o->steady_given)
		return opt_error(ps, "--steady-ramp: only with --steady");
	if (!o->steady_given)
		return 0;
	if (!o->runtime_ms && !o->precondition)
		return opt_error(ps, "--steady '%s': only with --runtime or "
				 "--precondition (a pass that can stop early)", text);
	if (steady_check_grid(&o->steady, options_timeline_interval_ms(o), why,
			      sizeof(why)) != 0)
		return opt_error(ps, "--steady '%s': %s", text, why);
	return 0;
}

/*
 * A file must be a whole number of records (IOzone quietly writes less:
 * -s 10 -r 4k writes 8 kB and reports 10).  Checked for every file size
 * and record size given together; one -s with one -r must also fit.
 */
static int opt_check_cells(struct opt_parse *ps)
{
	const struct options *o = ps->o;
	uint64_t files[OPTIONS_MAX_LIST], recs[OPTIONS_MAX_LIST];
	size_t nf = o->nsizes, nr = o->nrecords, a, b;
	int single = nf <= 1 && nr <= 1;

	if (o->auto_mode && (nf == 0 || nr == 0))
		return 0;      /* the plan picks the other axis */
	if (nf == 0 && nr == 0)
		return 0;
	memcpy(files, o->sizes_kb, nf * sizeof(*files));
	memcpy(recs, o->records_kb, nr * sizeof(*recs));
	if (nf == 0)
		files[nf++] = OPTIONS_DEFAULT_FILE_KB;
	if (nr == 0)
		recs[nr++] = OPTIONS_DEFAULT_RECORD_KB;
	for (a = 0; a < nf; a++) {
		for (b = 0; b < nr; b++) {
			uint64_t f = files[a], r = recs[b];
			const char *rtext = opt_given(ps, "r");

			if (r > f && single) {
				if (rtext)
					return opt_error(ps, "-r '%s': a %" PRIu64 " kB record "
							 "is larger than the %" PRIu64
							 " kB file", rtext, r, f);
				return opt_error(ps, "-s '%s': a %" PRIu64 " kB file is "
						 "smaller than one %" PRIu64 " kB record (the "
						 "default -r)", opt_given(ps, "s"), f, r);
			}
			if (r > f || f % r == 0)
				continue;
			if (o->nrecords == 0)
				return opt_error(ps, "-s '%s': %" PRIu64 " kB file is not a "
						 "whole number of %" PRIu64 " kB records (the "
						 "default -r)", opt_given(ps, "s"), f, r);
			if (o->nrecords == 1)
				return opt_error(ps, "-r '%s': %" PRIu64 " kB file is not a "
						 "whole number of %" PRIu64 " kB records",
						 rtext, f, r);
			return opt_error(ps, "-r %" PRIu64 "k: %" PRIu64 " kB file is not a "
					 "whole number of %" PRIu64 " kB records", r, f, r);
		}
	}
	return 0;
}

/* Options that only mean something in throughput mode, and their letters. */
static const char *const opt_tp_only[] = { "F", "+R", "T", "x", "C", "+k", "+p", "+K", "+B", "+F" };

/* -+k: every count must split -s into whole records. */
static int opt_check_aggregate(struct opt_parse *ps, uint64_t file_kb,
			       uint64_t rec_kb)
{
	unsigned counts[OPTIONS_MAX_CHILDREN];
	size_t n = options_child_counts(ps->o, counts, OPTIONS_MAX_CHILDREN);

	for (size_t i = 0; i < n; i++) {
		uint64_t c = counts[i], each = file_kb / c;
		if (file_kb % c || each < rec_kb || each % rec_kb)
			return opt_error(ps, "-+k: %" PRIu64 " kB over %" PRIu64
					 " children is not a whole number of %" PRIu64
					 " kB records per child", file_kb, c, rec_kb);
	}
	return 0;
}

static int opt_check_throughput(struct opt_parse *ps)
{
	static const char *const grid[] = { "a", "A", "n", "g", "y", "q" };
	static const char *const ours[] = { "trials", "warmup", "order", "ci" };
	static const char *const single[] = { "plot", "refine-cliffs", "latency",
					      "until-settled", "report" };
	struct options *o = ps->o;
	uint64_t file_kb = options_file_kb(o);
	uint64_t rec_kb = options_record_kb(o);
	size_t i;

	if (!options_throughput(o)) {
		for (i = 0; i < sizeof(opt_tp_only) / sizeof(opt_tp_only[0]); i++)
			if (opt_seen(ps, opt_tp_only[i]))
				return opt_error(ps, "-%s: only in throughput mode; add "
						 "-t N", opt_tp_only[i]);
		return 0;
	}
	for (i = 0; i < sizeof(grid) / sizeof(grid[0]); i++)
		if (opt_seen(ps, grid[i]))
			return opt_error(ps, "-%s and -t: throughput mode runs one file "
					 "size and one record size, auto-mode options do "
					 "not mix with it", grid[i]);
	if (o->nsizes > 1 || o->nrecords > 1)
		return opt_error(ps, "-%s given twice with -t: throughput mode runs "
				 "one file size and one record size",
				 o->nsizes > 1 ? "s" : "r");
	if (o->nchildren && (o->min_children || o->max_children))
		return opt_error(ps, "-t and -%s: give either child counts (-t N) "
				 "or a range (-l N -u M)", o->min_children ? "l" : "u");
	if (o->min_children && o->max_children && o->min_children > o->max_children)
		return opt_error(ps, "-l %u: more than -u %u", o->min_children,
				 o->max_children);
	if (opt_seen(ps, "f"))
		return opt_error(ps, "-f and -t: throughput mode gives each child a "
				 "file of its own; name them with -F");
	if (o->unit == RESULTS_UNIT_USEC)
		return opt_error(ps, "-N and -t: throughput mode reports kB/s or "
				 "ops/s (-O), not microseconds per operation");
	if (opt_seen(ps, "p") || opt_seen(ps, "Q"))
		return opt_error(ps, "-%s and -t: %s is not supported in throughput "
				 "mode", opt_seen(ps, "p") ? "p" : "Q", opt_seen(ps, "p") ?
				 "purging the CPU cache" : "writing offset/latency files");
	for (i = 0; i < sizeof(ours) / sizeof(ours[0]); i++)
		if (ps->seen[opt_index(opt_by_name(ours[i], strlen(ours[i])))])
			return opt_error(ps, "--%s and -t: throughput mode runs once; "
					 "repeat the command for more trials", ours[i]);
	for (i = 0; i < sizeof(single) / sizeof(single[0]); i++)
		if (ps->seen[opt_index(opt_by_name(single[i], strlen(single[i])))])
			return opt_error(ps, "--%s and -t: only for a sweep of file and "
					 "record sizes, not in throughput mode", single[i]);
	if (o->file_list && o->nfiles != opt_most_children(o))
		return opt_error(ps, "-+R '%.300s': %u children need %u file names, "
				 "it holds %zu", o->file_list, opt_most_children(o),
				 opt_most_children(o), o->nfiles);
	if (o->nfiles && o->nfiles < opt_most_children(o))
		return opt_error(ps, "-F: %u children need %u file names, given %zu",
				 opt_most_children(o), opt_most_children(o), o->nfiles);
	if (rec_kb > file_kb)
		return 0;    /* opt_check_cells says so */
	return o->aggregate ? opt_check_aggregate(ps, file_kb, rec_kb) : 0;
}

/*
 * Test files named as NFS URLs (-f, -F): well formed and usable in this
 * build, and not with what a file reached through libnfs cannot do
 * (a mapping, several I/Os in flight).
 */
static int opt_check_remote(struct opt_parse *ps)
{
	const struct options *o = ps->o;
	char why[512];
	const char *remote = NULL;

	for (size_t i = 0; i <= o->nfiles; i++) {
		const char *name = i == 0 ? o->file : o->files[i - 1];
		const char *opt = i == 0 ? "-f" : "-F";
		if (!name || !io_is_remote(name))
			continue;
		if (io_check_name(name, why, sizeof(why)) != 0)
			return opt_error(ps, "%s: %s", opt, why);
		remote = name;
	}
	if (!remote)
		return 0;
	if (options_mmap(o))
		return opt_error(ps, "%s and nfs://: a file reached through libnfs "
				 "cannot be mapped; mount the share and name a path "
				 "on it", o->mmap ? "-B" : "-D");
	if (o->file_lock || o->rlocking)
		return opt_error(ps, "%s and nfs://: libnfs takes no NFSv3 locks (the "
				 "NLM protocol); mount the share to test locking",
				 o->file_lock ? "-W" : opt_seen(ps, "+L") ? "-+L" : "-+l");
	if (o->jobs > 1)
		return opt_error(ps, "--jobs %u and nfs://: the jobs share one open "
				 "file and a libnfs context serves one thread at a "
				 "time; use -t N with -F for several clients", o->jobs);
	if (o->iodepth > 1)
		return opt_error(ps, "--iodepth %u and nfs://: libnfs's calls keep "
				 "one I/O in flight; use --iodepth 1 or mount the "
				 "share", o->iodepth);
	return 0;
}

/*
 * -U unmounts the file system between the passes of the one sweep that
 * runs them in this process, one after another: IOzone refuses it in
 * throughput mode, and the queue-depth passes and a file reached through
 * libnfs have no mount to cycle.
 */
static int opt_check_remount(struct opt_parse *ps)
{
	const struct options *o = ps->o;

	if (!o->remount_dir)
		return 0;
	if (!*o->remount_dir)
		return opt_error(ps, "-U: name the mount point");
	if (options_throughput(o))
		return opt_error(ps, "-U and -t: throughput mode's children keep "
				 "their files open across passes, so nothing can be "
				 "unmounted between them (IOzone refuses this too)");
	if (options_qd(o))
		return opt_error(ps, "-U and %s: the queue-depth passes do not "
				 "remount; use --cold", options_qd_name(o));
	if (o->file && io_is_remote(o->file))
		return opt_error(ps, "-U and nfs://: a file reached through libnfs "
				 "is on no local mount; mount the share and name a "
				 "path on it");
	return 0;
}

/* --ci and --until-settled against the rest (throughput mode is checked apart). */
static int opt_check_ours(struct opt_parse *ps)
{
	const struct options *o = ps->o;

	if (options_throughput(o))
		return 0;
	/* --ci alone: at most OPTIONS_CI_TRIALS trials a cell */
	if (o->ci_target > 0.0 && !*opt_given_long(ps, "trials"))
		ps->o->trials = OPTIONS_CI_TRIALS;
	if (o->ci_target > 0.0 && o->trials < 3)
		return opt_error(ps, "--ci '%s' and --trials %u: give at least 3, the most "
				 "trials a cell may take (the interval needs 3)",
				 opt_given_long(ps, "ci"), o->trials);
	if (o->ci_target > 0.0 && o->order == OPTIONS_ORDER_SWEEP)
		return opt_error(ps, "--ci and --order sweep: a cell's trials must "
				 "run in a row to stop when they agree (use --order cell)");
	if (o->until_settled && (!o->auto_mode || o->nsizes))
		return opt_error(ps, "--until-settled: needs auto mode (-a) with its "
				 "range of file sizes, not -s");
	if ((o->settle_drop || o->settle_time_s) && !o->until_settled)
		return opt_error(ps, "%s: only means something with --until-settled",
				 o->settle_drop ? "--settle-drop" : "--settle-time");
	return 0;
}

/*
 * -V and -+d write the data their check expects, so --data has nothing
 * left to choose; refused rather than quietly overruled.
 */
static int opt_check_verify(struct opt_parse *ps)
{
	const struct options *o = ps->o;
	const char *data = opt_given_long(ps, "data");

	if (o->short_circuit && (opt_seen(ps, "V") || o->diag))
		return opt_error(ps, "-+X and %s: short-circuit mode checks its own "
				 "byte, 0xbb", o->diag ? "-+d" : "-V");
	if ((o->verify || o->diag) && *data)
		return opt_error(ps, "--data '%s' and %s: verify mode writes its own "
				 "data, the data its check expects; drop --data",
				 data, o->diag ? "-+d" : o->short_circuit ? "-+X" : "-V");
	return 0;
}

/*
 * mmap files (-B, -D; -G and -Z only with them).  IOzone runs tests 0 to
 * 5 on a mapping and skips the others without a word (throughput mode
 * maps for tests 8, 9 and 10 too); here the default set is those six,
 * and asking for another is refused.  What a mapping
 * cannot honour is refused with the reason: its data goes through the
 * page cache whatever the descriptor's flags (-I, -o, -+D, -+r), and
 * iosweep's queue-depth engines and workers move data with read and
 * write, not through a mapping.
 */
static int opt_check_mmap(struct opt_parse *ps)
{
	const struct options *o = ps->o;
	static const char *const flags[][2] = {
		{ "I", "a mapped file's data goes through the page cache, "
		  "direct I/O cannot bypass it" },
		{ "o", "stores into a mapping ignore O_SYNC; use -G for "
		  "msync(MS_SYNC)" },
		{ "+D", "stores into a mapping ignore O_DSYNC; use -G for "
		  "msync(MS_SYNC)" },
		{ "+r", "copies from a mapping ignore O_RSYNC" },
	};
	const char *mm = o->mmap ? "-B" : "-D";
	/* throughput mode maps for its mixed workload, pwrite and pread too */
	const unsigned mapped = OPTIONS_MMAP_TESTS | (options_throughput(o) ?
		(1u << TEST_MIX) | (1u << TEST_PWRITE) | (1u << TEST_PREAD) : 0);

	if (!options_mmap(o)) {
		if (o->msync_sync)
			return opt_error(ps, "-G: msync needs mmap files; add -B (or -D)");
		if (o->mmap_mix)
			return opt_error(ps, "-Z: mixes mmap and file I/O; add -B (or -D)");
		if (o->advise_given)
			return opt_error(ps, "-+A: madvise advises mmap files; add -B "
					 "(or -D)");
		return 0;
	}
	for (size_t i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
		if (opt_seen(ps, flags[i][0]))
			return opt_error(ps, "-%s and %s: %s", flags[i][0], mm,
					 flags[i][1]);
	if (options_qd(o))
		return opt_error(ps, "%s and %s: queue depth, jobs and mixes move data "
				 "with read and write, not through a mapping",
				 options_qd_name(o), mm);
	if (o->extended)
		return opt_error(ps, "-E and %s: IOzone runs no extended tests on mmap "
				 "files; drop -E", mm);
	for (unsigned n = 0; n < TEST_COUNT; n++)
		if ((o->tests_mask & (1u << n)) && !(mapped & (1u << n)))
			return opt_error(ps, "-i %u and %s: test %u (%s) does not run on "
					 "mmap files (IOzone skips it); drop -i %u", n, mm, n,
					 options_test_name((int)n), n);
	return 0;
}

/*
 * -g auto: the largest file at least twice the RAM (what IOzone's own
 * documentation asks for, so the page cache cannot hold it), on the
 * series of sizes from -n by -+x.
 */
static int opt_resolve_auto_max(struct opt_parse *ps)
{
	struct options *o = ps->o;
	uint64_t ram = sysinfo_ram_kb(), v = o->min_file_kb ? o->min_file_kb : 64;

	if (!o->max_file_auto)
		return 0;
	if (ram == 0)
		return opt_error(ps, "-g auto: this system does not say how much RAM "
				 "it has; give -g SIZE");
	while (v < 2 * ram && v <= UINT64_MAX / 1024 / o->multiplier)
		v *= o->multiplier;
	o->max_file_kb = v;
	return opt_splash_value(ps, "\tUsing maximum file size of # kilobytes.", v);
}

/*
 * -X, -Y: IOzone's telemetry replays the write and read tests (tests 0
 * and 1) over the file its telemetry files span; without -i, -Y runs
 * both and -X the write test alone, as IOzone.  What would change the
 * operations replayed, or cannot take operations of any length at any
 * offset, is refused (IOzone refuses -a, -s, -r with -X, -j; it drops
 * other tests silently).
 */
static int opt_check_telemetry(struct opt_parse *ps)
{
	struct options *o = ps->o;
	const char *x = o->traj_path[1] ? "-Y" : "-X";
	const unsigned allowed = (1u << TEST_WRITE) | (1u << TEST_READ);
	static const char *const letters[] = { "a", "A", "s", "j", "n", "g", "y",
		"q", "V", "+d", "Q", "t", "l", "u", "K" };

	if (!o->traj_path[0] && !o->traj_path[1])
		return 0;
	for (size_t i = 0; i < sizeof(letters) / sizeof(letters[0]); i++)
		if (opt_seen(ps, letters[i]))
			return opt_error(ps, "-%s and %s: telemetry replays the "
					 "operations of its file, whose size and "
					 "offsets it sets, in the write and read "
					 "tests of one run", letters[i], x);
	if (o->traj_path[0] && opt_seen(ps, "r"))
		return opt_error(ps, "-r and -X: the write telemetry file sets "
				 "the record lengths");
	if (options_qd(o))
		return opt_error(ps, "%s and %s: telemetry is not supported with "
				 "queue depth, jobs or mixes", x, options_qd_name(o));
	if (o->latency)
		return opt_error(ps, "%s and --latency: not supported together",
				 x);
	if (!o->tests_mask)
		o->tests_mask = o->traj_path[1] ? allowed : 1u << TEST_WRITE;
	for (unsigned n = 0; n < TEST_COUNT; n++)
		if ((o->tests_mask & (1u << n)) && !(allowed & (1u << n)))
			return opt_error(ps, "-i %u and %s: telemetry runs tests 0 "
					 "and 1 only", n, x);
	if (o->traj_path[1] && !(o->tests_mask & (1u << TEST_READ)))
		return opt_error(ps, "-Y: the read telemetry needs -i 1");
	return 0;
}

/*
 * Without --link, $IOSWEEP_LINK (scripts/nas-lab run sets it) names the
 * link; a bad value is refused like a bad --link, naming the variable.
 */
static int opt_link_from_env(struct opt_parse *ps)
{
	const char *env = getenv("IOSWEEP_LINK");
	struct netbound_link l;
	char why[IOSWEEP_ERR_MAX];

	if (ps->o->link || !env || !*env)
		return 0;
	if (netbound_parse_link(env, &l, why, sizeof(why)) != 0)
		return opt_error(ps, "IOSWEEP_LINK (no --link given): %s", why);
	ps->o->link = strdup(env);
	if (!ps->o->link)
		return opt_error(ps, "out of memory");
	return 0;
}

int opt_check(struct opt_parse *ps)
{
	struct options *o = ps->o;

	if (opt_resolve_auto_max(ps))
		return -1;

	/* IOzone: more than one -s or -r means auto mode without crossover */
	if (o->nsizes > 1 || o->nrecords > 1) {
		o->auto_mode = 1;
		o->no_crossover = 1;
	}
	if (opt_seen(ps, "d") && !options_throughput(o))
		return opt_error(ps, "-d '%s': staggers the children of throughput "
				 "mode; add -t N", opt_given(ps, "d"));
	if (o->op_rate && !options_throughput(o))
		return opt_error(ps, "-+O '%s': paces the children of throughput mode; "
				 "add -t N", opt_given(ps, "+O"));
	if (opt_seen(ps, "O") && opt_seen(ps, "N"))
		return opt_error(ps, "-O and -N: choose one unit, operations per "
				 "second (-O) or microseconds per operation (-N)");
	if (o->min_file_kb && o->max_file_kb && o->min_file_kb > o->max_file_kb)
		return opt_error(ps, "-n '%s': the smallest file size (%" PRIu64
				 " kB) is larger than the largest, -g '%s' (%" PRIu64
				 " kB)", opt_given(ps, "n"), o->min_file_kb,
				 opt_given(ps, "g"), o->max_file_kb);
	if (o->min_rec_kb && o->max_rec_kb && o->min_rec_kb > o->max_rec_kb)
		return opt_error(ps, "-y '%s': the smallest record size (%" PRIu64
				 " kB) is larger than the largest, -q '%s' (%" PRIu64
				 " kB)", opt_given(ps, "y"), o->min_rec_kb,
				 opt_given(ps, "q"), o->max_rec_kb);
	if (opt_link_from_env(ps))
		return -1;
	if (o->io_timeout_given && o->io_timeout_s && options_throughput(o))
		return opt_error(ps, "--io-timeout and -t: the watchdog does not "
				 "watch throughput mode's children yet; run without "
				 "--io-timeout");
	if (opt_check_existing(ps) || opt_check_telemetry(ps) ||
	    opt_check_qd(ps) || opt_check_log(ps) || opt_check_steady(ps) ||
	    opt_check_throughput(ps) || opt_check_tests(ps) || opt_check_ours(ps) || opt_check_verify(ps) || opt_check_shape(ps) ||
	    opt_check_mmap(ps) || opt_check_remote(ps) || opt_check_remount(ps) ||
	    opt_check_iozone(ps))
		return -1;
	return opt_check_cells(ps);
}
