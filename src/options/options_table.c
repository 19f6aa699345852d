/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * options_table.c: every option iosweep knows, one row each (the row is
 * described in options_priv.h): IOzone letter, long name, argument kind
 * and range, help group and line, default, where it is stored and IOzone's
 * header line for it.  The parser, "did you mean" and --help in options.c
 * all read this one table.  IOzone options iosweep does not implement are
 * rows too, with the reason they are refused.
 */
#include "compat.h"

#include <stddef.h>
#include <stdint.h>

#include "options/options.h"
#include "options/options_priv.h"

#define OFF(f) offsetof(struct options, f)
#define KB16M OPTIONS_MAX_RECORD_KB

#define FLAG(l, n, grp, fld, spl, h) \
	{ l, n, OPT_ARG_NONE, NULL, 0, 0, grp, h, NULL, OFF(fld), spl, opt_set_flag }
#define REJECT(l, why) \
	{ l, NULL, OPT_ARG_REJECT, NULL, 0, 0, OPT_GROUP_REJECTED, why, NULL, 0, NULL, NULL }

const struct opt_row opt_table[] = {
	/* sizes and grid */
	FLAG("a", "auto", OPT_GROUP_GRID, auto_mode, "\tAuto Mode",
	     "auto mode: sweep file sizes x record sizes"),
	FLAG("z", "no-crossover", OPT_GROUP_GRID, no_crossover,
	     "\tCross over of record size disabled.",
	     "with -a, also test records under 64k on files over 16m"),
	{ "A", "auto2", OPT_ARG_NONE, NULL, 0, 0, OPT_GROUP_GRID,
	  "obsolete IOzone auto mode: like -az -i 0 -i 1, 4-column report",
	  NULL, 0, NULL, opt_auto2 },
	{ "s", "file-size", OPT_ARG_SIZE, "SIZE", 1, UINT64_MAX / 1024, OPT_GROUP_GRID,
	  "file size; repeat for a list of sizes", "512k", 0,
	  "\tFile size set to # kB", opt_list_add },
	{ "r", "record-size", OPT_ARG_SIZE, "SIZE", 1, KB16M, OPT_GROUP_GRID,
	  "record size, 1k to 16m; repeat for a list", "4k", 0,
	  "\tRecord Size # kB", opt_list_add },
	{ "n", "min-file-size", OPT_ARG_SIZE, "SIZE", OPTIONS_MIN_AUTO_FILE_KB,
	  UINT64_MAX / 1024, OPT_GROUP_GRID, "smallest file size of auto mode", "64k",
	  OFF(min_file_kb), "\tUsing minimum file size of # kilobytes.", opt_set_u64 },
	{ "g", "max-file-size", OPT_ARG_SIZE, "SIZE", OPTIONS_MIN_AUTO_FILE_KB,
	  UINT64_MAX / 1024, OPT_GROUP_GRID, "largest file size of auto mode; auto: "
	  "twice the RAM (rounded up onto the -n series)", "512m",
	  OFF(max_file_kb), "\tUsing maximum file size of # kilobytes.", opt_set_u64 },
	{ "y", "min-record-size", OPT_ARG_SIZE, "SIZE", 1, KB16M, OPT_GROUP_GRID,
	  "smallest record size of auto mode", "4k", OFF(min_rec_kb),
	  "\tUsing Minimum Record Size # kB", opt_set_u64 },
	{ "q", "max-record-size", OPT_ARG_SIZE, "SIZE", 1, KB16M, OPT_GROUP_GRID,
	  "largest record size of auto mode, at most 16m", "16m", OFF(max_rec_kb),
	  "\tUsing Maximum Record Size # kB", opt_set_u64 },
	{ "+x", "multiplier", OPT_ARG_UINT, "N", 2, 16, OPT_GROUP_GRID,
	  "step between sizes of auto mode, 2 to 16", "2", OFF(multiplier), NULL,
	  opt_set_unsigned },

	/* tests */
	{ "i", "test", OPT_ARG_TEST, "N", 0, TEST_COUNT - 1, OPT_GROUP_TESTS,
	  "run test N; repeat for more tests: 0 write, 1 read, 2 random, "
	  "3 backwards, 4 record rewrite, 5 stride, 6 fwrite, 7 fread, 9 pwrite, "
	  "10 pread, 11 pwritev, 12 preadv (9-12 need -E); every test needs -i 0",
	  "0 to 7, and 9 to 12 with -E", 0, NULL, opt_test },
	FLAG("E", "extended", OPT_GROUP_TESTS, extended, NULL,
	     "extended tests: pwrite, pread, pwritev, preadv"),
	{ "+E", "existing", OPT_ARG_NONE, NULL, 0, 0, OPT_GROUP_TESTS,
	  "read-only tests of an existing file (-f), never written nor "
	  "removed: only read tests (1, 2's random reads, 3, 5, 7, 10, 12), -i "
	  "needed, files up to its size", NULL, OFF(existing),
	  "\t>>> No Verify mode. <<<", opt_existing },
	FLAG("+n", "no-retest", OPT_GROUP_TESTS, no_retest,
	     "\tNo retest option selected", "skip the second passes (rewrite, reread, ...)"),
	{ "j", "stride", OPT_ARG_UINT, "N", 1, UINT64_C(1) << 31, OPT_GROUP_TESTS,
	  "stride of test 5, in records", "17", OFF(stride), NULL, opt_set_u64 },
	{ "V", "verify", OPT_ARG_UINT, "N", 0, 255, OPT_GROUP_TESTS,
	  "verify mode: write the byte N everywhere (0: IOzone's own, 0x3a) and "
	  "check every byte every test reads, inside the timing; a wrong byte "
	  "stops the run (exit 3)", NULL, 0, NULL, opt_verify },
	{ "+Z", "old-data", OPT_ARG_NONE, NULL, 0, 0, OPT_GROUP_TESTS,
	  "IOzone's old data sets: verify mode with the byte 0xa5 (as -V 165)",
	  NULL, 0, NULL, opt_old_data },
	{ "+d", "diagnostic", OPT_ARG_NONE, NULL, 0, 0, OPT_GROUP_TESTS,
	  "diagnostic mode: write data that differs every 8 bytes of a file and "
	  "check every byte every test reads, inside the timing; a wrong byte "
	  "stops the run (exit 3)", NULL, 0, NULL, opt_diag },
	{ "+X", "short-circuit", OPT_ARG_NONE, NULL, 0, 0, OPT_GROUP_TESTS,
	  "short-circuit mode, for file systems under development that answer "
	  "without storing: -V 187 (0xbb, IOzone's); the figures are marked as "
	  "not storage figures", NULL, 0, NULL, opt_short_circuit },

	FLAG("K", "jitter", OPT_GROUP_TESTS, jitter,
	     "\tDisrupted read patterns selected.",
	     "every 100 records a reader reads a byte at the file's start and "
	     "one a page in, then goes on (IOzone's disrupted read pattern)"),

	FLAG("m", "multi-buffer", OPT_GROUP_TESTS, multi_buffer,
	     "\tMulti_buffer. Work area 16777216 bytes",
	     "each read and write of tests 0 to 7, 9 and 10 uses the next record "
	     "of a 16 MiB work area, back at its start when the next would not "
	     "fit, instead of one buffer (IOzone's multiple buffers)"),

	/* file and timing */
	{ "f", "file", OPT_ARG_STRING, "FILE", 0, 0, OPT_GROUP_TIMING,
	  "the test file", OPTIONS_DEFAULT_FILE, OFF(file), NULL, opt_set_string },
	FLAG("w", "keep-file", OPT_GROUP_TIMING, keep_file, "\tSetting no_unlink",
	     "keep the test file at the end"),
	{ "U", "remount", OPT_ARG_STRING, "DIR", 0, 0, OPT_GROUP_TIMING,
	  "unmount the file system mounted at DIR (it must hold the test file) "
	  "and mount it again before every pass, so reads start cold; root, "
	  "Linux, the BSDs and macOS", NULL, OFF(remount_dir), NULL,
	  opt_set_string },
	FLAG("c", "include-close", OPT_GROUP_TIMING, include_close,
	     "\tInclude close in write timing", "include close() in the timing"),
	FLAG("e", "include-fsync", OPT_GROUP_TIMING, include_fsync,
	     "\tInclude fsync in write timing", "include fsync() in the timing"),
	{ "I", "direct", OPT_ARG_NONE, NULL, 0, 0, OPT_GROUP_TIMING,
	  "bypass the page cache (O_DIRECT or F_NOCACHE)", NULL, 0, NULL, opt_direct },
	FLAG("o", "osync", OPT_GROUP_TIMING, osync, "\tSYNC Mode. ",
	     "open with O_SYNC"),
	{ "+U", "unbuffered", OPT_ARG_NONE, NULL, 0, 0, OPT_GROUP_TIMING,
	  "Windows only: IOzone's unbuffered API, files opened with "
	  "FILE_FLAG_NO_BUFFERING and FILE_FLAG_WRITE_THROUGH (-I and -o)",
	  NULL, 0, NULL, opt_unbuffered },
	{ "+D", "odsync", OPT_ARG_NONE, NULL, 0, 0, OPT_GROUP_TIMING,
	  "open with O_DSYNC", NULL, 0, NULL, opt_odsync },
	{ "+r", "orsync", OPT_ARG_NONE, NULL, 0, 0, OPT_GROUP_TIMING,
	  "open with O_RSYNC and O_SYNC", NULL, 0, NULL, opt_orsync },
	FLAG("B", "mmap", OPT_GROUP_TIMING, mmap, "\tUsing mmap files",
	     "tests 0 to 5 copy records to and from a mapping of the whole file "
	     "(mmap) instead of write and read"),
	FLAG("D", "msync-async", OPT_GROUP_TIMING, msync_async,
	     "\tUsing msync(MS_ASYNC) on mmap files",
	     "mmap files as -B, and msync(MS_ASYNC) each record written, inside "
	     "the timing"),
	FLAG("G", "msync-sync", OPT_GROUP_TIMING, msync_sync,
	     "\tUsing msync(MS_SYNC) on mmap files",
	     "with -B or -D, msync(MS_SYNC) each record written, inside the timing"),
	FLAG("Z", "mmap-mix", OPT_GROUP_TIMING, mmap_mix,
	     "\tEnable mmap & file I/O mixing.",
	     "with -B or -D, test 0 also write(2)s the file's first page after "
	     "mapping it, before the timing (IOzone's mix of mmap and file I/O)"),
	FLAG("p", "purge-cpu-cache", OPT_GROUP_TIMING, purge_cpu, "\tPurge Mode On",
	     "purge the CPU cache before each test"),
	{ "J", "compute-delay", OPT_ARG_UINT, "MS", 0, 3600000, OPT_GROUP_TIMING,
	  "spin the CPU MS milliseconds before every I/O; the figures leave that "
	  "time out unless -+J", "0", 0, NULL, opt_compute },
	FLAG("+J", "include-compute", OPT_GROUP_TIMING, compute_included,
	     "\t>>> Think time is included in throughput cal. <<<",
	     "count -J's delays in the figures"),
	{ "X", "write-telemetry", OPT_ARG_STRING, "FILE", 0, 0, OPT_GROUP_TESTS,
	  "the write test replays FILE's operations (OFFSET LENGTH [COMPUTE_MS] "
	  "a line) instead of its sequential records", NULL, 0, NULL,
	  opt_telemetry },
	{ "Y", "read-telemetry", OPT_ARG_STRING, "FILE", 0, 0, OPT_GROUP_TESTS,
	  "the read test replays FILE's operations, as -X", NULL, 0, NULL,
	  opt_telemetry },
	{ "+A", "madvise", OPT_ARG_UINT, "N", 0, 4, OPT_GROUP_TIMING,
	  "mmap files (-B, -D): madvise the mapping, 0 normal, 1 random, "
	  "2 sequential, 3 don't need, 4 will need", NULL, OFF(advise),
	  "\tMadvise enabled: #", opt_madvise },
	FLAG("W", "lock-file", OPT_GROUP_TIMING, file_lock,
	     "\tLock file when reading/writing.",
	     "lock the whole file (fcntl/LockFileEx; shared for readers) from "
	     "just before each pass's timing until its close"),
	FLAG("+l", "record-lock", OPT_GROUP_TIMING, rlocking,
	     "\t>>> Record locking mode enabled. <<<",
	     "lock each record around its read or write, inside the timing"),
	{ "+L", "record-lock-shared", OPT_ARG_NONE, NULL, 0, 0, OPT_GROUP_TIMING,
	  "-+l and -+V together: record locks on one shared file", NULL, 0,
	  "\t>>> Record locking, shared file mode enabled. <<<", opt_lock_shared },
	FLAG("+V", "shared-file", OPT_GROUP_TIMING, share_file,
	     "\t>>> Shared file mode enabled. <<<",
	     "throughput mode's children (and iosweep-mpi's ranks) share one "
	     "file, each its own region of it, without locks (the N-to-1 case)"),
	FLAG("+N", "no-truncate", OPT_GROUP_TIMING, no_truncate, NULL,
	     "never truncate the file: the write test (and throughput mode's "
	     "initial writers) overwrite the blocks the last cell left"),
	{ "S", "cache-size", OPT_ARG_SIZE, "SIZE", 1, UINT64_C(1) << 20, OPT_GROUP_TIMING,
	  "processor cache size, up to 1g: IOzone's header line and, with -p, "
	  "how much the purge touches (16m without -S)", "1024k",
	  OFF(cache_kb), NULL, opt_set_u64 },
	{ "L", "cache-line", OPT_ARG_UINT, "BYTES", 1, 4096, OPT_GROUP_TIMING,
	  "processor cache line size: IOzone's header line and, with -p, the "
	  "purge's step (64 without -L)", "32", OFF(cache_line_bytes),
	  NULL, opt_set_unsigned },
	/* throughput mode */
	{ "t", "children", OPT_ARG_UINT, "N", 1, OPTIONS_MAX_CHILDREN, OPT_GROUP_THROUGHPUT,
	  "throughput mode: N children (processes, threads with -T), each moving "
	  "a file of its own at once; repeat for more runs", NULL, 0, NULL,
	  opt_children },
	{ "F", "files", OPT_ARG_FILES, "FILE...", 0, 0, OPT_GROUP_THROUGHPUT,
	  "one file per child, after -t N or -u N", "./iosweep.DUMMY.<child>",
	  0, NULL, NULL },
	{ "+R", "file-list", OPT_ARG_STRING, "FILE", 0, 0, OPT_GROUP_THROUGHPUT,
	  "the children's files named in FILE, one a line, instead of after -F "
	  "(as many as the most children)", NULL, 0,
	  NULL, opt_file_list },
	{ "l", "min-children", OPT_ARG_UINT, "N", 1, OPTIONS_MAX_CHILDREN,
	  OPT_GROUP_THROUGHPUT, "throughput mode for every child count from -l to -u",
	  NULL, OFF(min_children), NULL, opt_set_unsigned },
	{ "u", "max-children", OPT_ARG_UINT, "N", 1, OPTIONS_MAX_CHILDREN,
	  OPT_GROUP_THROUGHPUT, "the largest child count of -l", NULL,
	  OFF(max_children), NULL, opt_set_unsigned },
	FLAG("T", "threads", OPT_GROUP_THROUGHPUT, threads, NULL,
	     "children are POSIX threads, not processes"),
	FLAG("x", "no-stonewall", OPT_GROUP_THROUGHPUT, no_stonewall,
	     "\tStonewall disabled",
	     "every child moves its whole file (by default all stop when the "
	     "first one is done)"),
	FLAG("C", "show-children", OPT_GROUP_THROUGHPUT, show_children, NULL,
	     "show each child's bytes and rate"),
	FLAG("+k", "aggregate", OPT_GROUP_THROUGHPUT, aggregate, NULL,
	     "-s is the total: each child moves -s divided by the child count"),
	{ "d", "stagger", OPT_ARG_UINT, "US", 0, 10000000, OPT_GROUP_THROUGHPUT,
	  "start the children US microseconds apart, child k (k + 1) x US "
	  "after the barrier opens", "0", OFF(stagger_us), NULL,
	  opt_set_unsigned },
	{ "+O", "op-rate", OPT_ARG_UINT, "OPS", 1, 100000000, OPT_GROUP_THROUGHPUT,
	  "each child paces itself to OPS operations per second: after an "
	  "operation quicker than 1/OPS s it sleeps the rest, inside the timing",
	  NULL, OFF(op_rate), "\tRate control active # Ops/sec .", opt_set_unsigned },
	{ "P", "bind-cpu", OPT_ARG_UINT, "N", 0, 4095, OPT_GROUP_THROUGHPUT,
	  "bind the process to CPU N, and child k to CPU N + k (wrapping "
	  "round the CPUs online); Linux, FreeBSD, Windows", NULL, 0, NULL,
	  opt_bind },
	{ "+p", "mix-read-pct", OPT_ARG_UINT, "PCT", 1, 100, OPT_GROUP_THROUGHPUT,
	  "-i 8: the first PCT% of the children read, the others write",
	  "even children read", OFF(mix_reader_pct),
	  "\tPercent read in mix test is #", opt_set_unsigned },
	{ "+K", "mix-readers", OPT_ARG_UINT, "N", 1, OPTIONS_MAX_CHILDREN,
	  OPT_GROUP_THROUGHPUT, "-i 8: the first N children read, the others "
	  "write (-+p wins)", NULL, OFF(mix_readers),
	  "\tManual control of test 8. >>> Very Experimental. Sony special <<<",
	  opt_set_unsigned },
	FLAG("+B", "seq-mix", OPT_GROUP_THROUGHPUT, seq_mix,
	     "\t>>> Sequential Mixed workload. <<<",
	     "-i 8: readers and writers go through their files in sequence, "
	     "not at random"),
	FLAG("+F", "mix-truncate", OPT_GROUP_THROUGHPUT, mix_truncate, NULL,
	     "-i 8 with -+B: the writers truncate their files first (without "
	     "it they write over them, as IOzone)"),
	FLAG("+T", "time-stamps", OPT_GROUP_THROUGHPUT, time_stamps, NULL,
	     "each child appends a line as it starts and as it finishes each "
	     "test, with the time, to Child_N.log in the current directory"),
	FLAG("+z", "histogram-files", OPT_GROUP_THROUGHPUT, hist_summary,
	     "\tHistogram summary enabled.",
	     "each child appends the times of its operations in each test, in "
	     "IOzone's 40 bands, to Iozone_histogram_child_N.txt in the current "
	     "directory"),
	{ "+m", "cluster-file", OPT_ARG_STRING, "FILE", 0, 0, OPT_GROUP_THROUGHPUT,
	  "iosweep-mpi: IOzone's cluster file, a line per rank, \"HOST WORKDIR "
	  "IOZONE-PATH [FILE]\": rank i's test file is line i's FILE, or its -f "
	  "in line i's WORKDIR (hosts are mpirun's)", NULL, OFF(cluster_file),
	  "\tNetwork distribution mode enabled.", opt_set_string },

	{ "+b", "burst", OPT_ARG_STRING, "SIZE,MS", 0, 0, OPT_GROUP_TIMING,
	  "write in bursts: after every SIZE (kB; k, m, g) the writes of tests 0, "
	  "2, 4, 6 and 9 send (with -t each writer SIZE / children), fsync inside "
	  "the timing, then sleep MS milliseconds, left out of the figures",
	  NULL, 0, NULL, opt_burst },
	{ "+q", "sleep", OPT_ARG_UINT, "SECONDS", 0, 86400, OPT_GROUP_TIMING,
	  "sleep between tests", "0", OFF(sleep_between_s),
	  "\tDelay # seconds between tests enabled.", opt_set_unsigned },

	/* report */
	{ "O", "ops", OPT_ARG_NONE, NULL, 0, 0, OPT_GROUP_REPORT,
	  "report operations per second", NULL, 0, NULL, opt_unit_ops },
	{ "N", "usec", OPT_ARG_NONE, NULL, 0, 0, OPT_GROUP_REPORT,
	  "report microseconds per operation", NULL, 0, NULL, opt_unit_usec },
	{ "+u", "cpu", OPT_ARG_NONE, NULL, 0, 0, OPT_GROUP_REPORT,
	  "measure CPU utilization (shown with -R)", NULL, 0, NULL, opt_cpu },
	FLAG("R", "excel", OPT_GROUP_REPORT, excel, "\tExcel chart generation enabled",
	     "add IOzone's Excel-style tables to the report"),
	{ "b", "xls", OPT_ARG_STRING, "FILE", 0, 0, OPT_GROUP_REPORT,
	  "also write those tables as a BIFF2 .xls file (implies -R)", NULL, 0, NULL,
	  opt_xls },
	{ "M", "machine", OPT_ARG_NONE, NULL, 0, 0, OPT_GROUP_REPORT,
	  "show the machine (uname) in the header", NULL, 0, NULL, opt_machine },
	FLAG("Q", "latency-files", OPT_GROUP_REPORT, latency_files,
	     "\tOffset/latency files enabled.",
	     "write IOzone's per-operation offset/latency files (wol.dat, "
	     "rwol.dat, rol.dat, rrol.dat) in the current directory; implies "
	     "--latency"),

	/* data shaping (options_shape.c, run/shape.h) */
	{ "+w", "dedup", OPT_ARG_UINT, "PCT", 0, 100, OPT_GROUP_SHAPE,
	  "write shaped data: PCT% of each record is the same in every file "
	  "(the rest differs in every record and file)", NULL,
	  OFF(dedup_pct), "\tDedup activated # percent.", opt_shape_pct },
	{ "+y", "dedup-interior", OPT_ARG_UINT, "PCT", 0, 100, OPT_GROUP_SHAPE,
	  "with -+w, PCT% of that part is also the same in every record of a "
	  "file", "0", OFF(dedup_interior_pct),
	  "\tDedup within & across # percent.", opt_shape_pct },
	{ "+C", "dedup-within", OPT_ARG_UINT, "PCT", 0, 100, OPT_GROUP_SHAPE,
	  "with -+y, PCT% of the -+y part is the same only within one file, "
	  "not across files", "0", OFF(dedup_within_pct),
	  "\tDedup within # percent.", opt_shape_pct },
	{ "+a", "compressible", OPT_ARG_UINT, "PCT", 0, 100, OPT_GROUP_SHAPE,
	  "write shaped data: PCT% of its 64-byte groups repeat one 4-byte value "
	  "and compress", NULL, 0, "\tZero Percent #", opt_shape_zero },
	{ "+Q", "dedup-granule", OPT_ARG_STRING, "BYTES", 0, 0, OPT_GROUP_SHAPE,
	  "granule the header's duplicate count hashes, 512 to 1m bytes, a "
	  "multiple of 512 (4k, 65536)", "4096", 0, NULL, opt_shape_granule },
	{ "+S", "dedup-seed", OPT_ARG_UINT, "N", 0, 2147483647u, OPT_GROUP_SHAPE,
	  "seed of the shaped data: runs with one seed share their dedupable "
	  "data, others do not (0 is 1, as IOzone)", "1", OFF(dedup_seed),
	  NULL, opt_shape_seed },
	{ "+W", "child-skew", OPT_ARG_UINT, "N", 0, 1000000, OPT_GROUP_SHAPE,
	  "add N to each child's number in the shaped data, so files added "
	  "later dedup with those already written", "0", OFF(child_skew),
	  "\tDedup chid_skew # .", opt_shape_pct },
	{ "+M", "dedup-compress", OPT_ARG_NONE, NULL, 0, 0, OPT_GROUP_SHAPE,
	  "IOzone's dedup+compress layout: each -+Q granule stamped, every part "
	  "one base XORed with its key, so -+a's groups compress in every part",
	  NULL, 0, NULL, opt_shape_special },
	FLAG("+e", "sparse", OPT_GROUP_SHAPE, sparse,
	     "\t>>> I/O Sparse mode enabled. <<<",
	     "with -+w alone, test 0 seeks over the -+w part of each record "
	     "instead of writing it, leaving holes (IOzone's sparse mode)"),

	/* our own: long options only */
	{ NULL, "trials", OPT_ARG_UINT, "N", 1, 1000, OPT_GROUP_OURS,
	  "independent passes over the grid; statistics come from them", "1",
	  OFF(trials), NULL, opt_set_unsigned },
	{ NULL, "warmup", OPT_ARG_UINT, "N", 0, 100, OPT_GROUP_OURS,
	  "untimed passes before the trials", "0", OFF(warmup), NULL,
	  opt_set_unsigned },
	{ NULL, "order", OPT_ARG_STRING, "cell|sweep", 0, 0, OPT_GROUP_OURS,
	  "all trials of a cell in a row, or whole sweeps in turn", "cell", 0, NULL,
	  opt_order },
	{ NULL, "label", OPT_ARG_STRING, "NAME", 0, 0, OPT_GROUP_OURS,
	  "series name for charts, CSV files and the default output directory "
	  "(any text; the directory name keeps only safe characters)", NULL,
	  OFF(label), NULL, opt_set_string },
	{ NULL, "out", OPT_ARG_STRING, "DIR", 0, 0, OPT_GROUP_OURS,
	  "output directory", "./iosweep-results/LABEL-TIME", OFF(out_dir), NULL,
	  opt_set_string },
	{ NULL, "data", OPT_ARG_STRING, "random|zero|ratio=X", 0, 0, OPT_GROUP_OURS,
	  "data written: incompressible, zeros (as IOzone), or a fraction X "
	  "(0 <= X < 1) that compresses away", "random", 0, NULL, opt_data },
	FLAG(NULL, "latency", OPT_GROUP_OURS, latency, NULL,
	     "time every operation: min, mean, max, sd and percentiles per cell in "
	     "the report and the CSV files"),
	FLAG(NULL, "dry-run", OPT_GROUP_OURS, dry_run, NULL,
	     "print the cells that would run, then stop"),
	{ NULL, "progress", OPT_ARG_NONE, NULL, 0, 0, OPT_GROUP_OURS,
	  "show progress on stderr (default when stderr is a terminal)", NULL, 0, NULL,
	  opt_progress },
	{ NULL, "quiet", OPT_ARG_NONE, NULL, 0, 0, OPT_GROUP_OURS,
	  "no progress on stderr", NULL, 0, NULL, opt_progress },
	FLAG(NULL, "overwrite", OPT_GROUP_OURS, overwrite, NULL,
	     "let -f name a file that already exists"),
	FLAG(NULL, "gzip", OPT_GROUP_OURS, gzip, NULL, "gzip the CSV files"),
	FLAG(NULL, "json", OPT_GROUP_OURS, json, NULL,
	     "also write summary.json: summary.csv, throughput.csv, metadata and cliffs as JSON"),
	FLAG(NULL, "db-add", OPT_GROUP_OURS, db_add, NULL,
	     "when the run is complete, add its results folder to the results "
	     "library (iosweep db; --db, else $IOSWEEP_DB, else the default file)"),
	{ NULL, "db", OPT_ARG_STRING, "PATH|URL", 0, 0, OPT_GROUP_OURS,
	  "the results library of --db-add: an SQLite file or a postgresql:// URL",
	  "$XDG_DATA_HOME/iosweep/results.db", OFF(db), NULL, opt_set_string },
	FLAG(NULL, "force", OPT_GROUP_OURS, force, NULL, "skip the free-space check"),
	FLAG(NULL, "plot", OPT_GROUP_OURS, plot, NULL,
	     "write gnuplot charts into the output directory and render them"),
	FLAG(NULL, "report", OPT_GROUP_OURS, report, NULL,
	     "write report.html into the output directory: findings, charts and "
	     "tables in one self-contained page"),
	FLAG(NULL, "refine-cliffs", OPT_GROUP_OURS, refine_cliffs, NULL,
	     "after the sweep, measure sizes between the two sides of each cache "
	     "cliff until its cache size is known to within 5%"),
	{ NULL, "min-time", OPT_ARG_UINT, "MS", 0, 10000, OPT_GROUP_OURS,
	  "repeat a pass timed for less than MS milliseconds until its "
	  "repetitions add up to MS (0, the default: every pass once, as IOzone)", "0",
	  OFF(min_time_ms), NULL, opt_set_unsigned },
	FLAG(NULL, "cold", OPT_GROUP_OURS, cold, NULL,
	     "before every read pass, flush the test file and drop it from the "
	     "page cache (fsync + posix_fadvise), so reads come from the device"),
	{ NULL, "refine-time", OPT_ARG_UINT, "S", 1, 86400, OPT_GROUP_OURS,
	  "most seconds --refine-cliffs may add", "600", OFF(refine_time_s), NULL,
	  opt_set_unsigned },
	{ NULL, "ci", OPT_ARG_STRING, "PCT%", 0, 0, OPT_GROUP_OURS,
	  "repeat each cell until its 95% confidence interval is within PCT% of "
	  "the mean (at least 3 trials, at most --trials N)", NULL, 0, NULL, opt_ci },
	{ NULL, "link", OPT_ARG_STRING, "PROFILE|RATE", 0, 0, OPT_GROUP_OURS,
	  "the network link to the share: 100mbit, gigabit, 2.5gbe, 10gbe or a "
	  "rate (940mbit, 118MB); recorded in meta.csv, figures above it are "
	  "flagged as served by a cache (default: $IOSWEEP_LINK)", NULL, OFF(link),
	  NULL, opt_link },
	{ NULL, "io-timeout", OPT_ARG_UINT, "SEC", 0, 86400, OPT_GROUP_OURS,
	  "end the run (exit 3, finished cells saved) when one I/O call takes "
	  "longer than SEC seconds; 0 turns it off", "60 on network and FUSE "
	  "file systems, else off", OFF(io_timeout_s), NULL, opt_io_timeout },
	FLAG(NULL, "until-settled", OPT_GROUP_OURS, until_settled, NULL,
	     "with -a, keep doubling the file size past -g while a curve has not "
	     "settled after its last cache cliff (up to the free space)"),
	FLAG(NULL, "settle-drop", OPT_GROUP_OURS, settle_drop, NULL,
	     "with --until-settled, a curve that has not fallen at a cache cliff "
	     "yet has not settled either: grow the files until it falls"),
	{ NULL, "settle-time", OPT_ARG_UINT, "S", 1, 604800, OPT_GROUP_OURS,
	  "with --until-settled, add no file size whose passes would end more "
	  "than S seconds after the sweep's own", "no limit", OFF(settle_time_s), NULL,
	  opt_set_unsigned },

	/* many clients (iosweep-mpi) */
	FLAG(NULL, "reorder", OPT_GROUP_OURS, reorder, NULL,
	     "iosweep-mpi: read tests read the file another client wrote (the "
	     "client K ranks on, K = ranks per host)"),
	{ NULL, "reorder-shift", OPT_ARG_UINT, "K", 1, 1000000, OPT_GROUP_OURS,
	  "iosweep-mpi: with --reorder, read the file of the client K ranks on",
	  "ranks per host", OFF(reorder_shift), NULL, opt_set_unsigned },
	FLAG(NULL, "stonewall", OPT_GROUP_OURS, stonewall, NULL,
	     "iosweep-mpi: stop every client's pass when the first client "
	     "finishes its own; each figure is what the client moved until then"),

	/* outstanding I/O, workers, mixes (qd.c) */
	{ "H", "iodepth", OPT_ARG_UINT, "N", 1, 1024, OPT_GROUP_OURS,
	  "keep N I/Os in flight per job (io_uring on Linux, POSIX AIO on "
	  "FreeBSD/macOS, Windows overlapped I/O), tests 0, 1, 2; IOzone's "
	  "-H N", "1", OFF(iodepth),
	  "\tPOSIX async I/O (with bcopy). Depth #", opt_set_unsigned },
	{ "k", NULL, OPT_ARG_UINT, "N", 1, 1024, OPT_GROUP_OURS,
	  "IOzone's async I/O without copies: the same as -H N (iosweep's "
	  "engines never copy), with IOzone's line", NULL, OFF(iodepth),
	  "\tPOSIX Async I/O (no bcopy). Depth # ", opt_set_unsigned },
	{ NULL, "jobs", OPT_ARG_UINT, "N", 1, 256, OPT_GROUP_OURS,
	  "N worker threads share the file, each with its part of the records",
	  "1", OFF(jobs), NULL, opt_set_unsigned },
	{ NULL, "mix", OPT_ARG_UINT, "PCT", 0, 100, OPT_GROUP_OURS,
	  "one pass of PCT% reads and the rest writes instead of separate read "
	  "and write passes (-i 1: seq mix, -i 2: random mix)", NULL, 0, NULL,
	  opt_mix },
	{ NULL, "runtime", OPT_ARG_DURATION, "TIME", 0, 0, OPT_GROUP_OURS,
	  "time-based passes of TIME (60s, 2m) instead of one pass over the file",
	  NULL, OFF(runtime_ms), NULL, opt_duration },
	{ NULL, "ramp", OPT_ARG_DURATION, "TIME", 0, 0, OPT_GROUP_OURS,
	  "with --runtime, run TIME first without counting it", "0",
	  OFF(ramp_ms), NULL, opt_duration },
	{ NULL, "log-interval", OPT_ARG_DURATION, "TIME", 0, 0, OPT_GROUP_OURS,
	  "write timeline.csv: every pass's bytes, rate and latency per "
	  "interval of TIME (1s, 100ms; at least 10ms), and look for cliffs in time",
	  NULL, OFF(log_interval_ms), NULL, opt_duration },
	FLAG(NULL, "precondition", OPT_GROUP_OURS, precondition, NULL,
	     "before tests 0 and 2, write the file in their pattern until the "
	     "write rate is steady"),
	{ NULL, "steady", OPT_ARG_STRING, "RULE", 0, 0, OPT_GROUP_OURS,
	  "with --runtime or --precondition, stop once the rate is steady: "
	  "iops|bw:slope|range:LIMIT[%]:WINDOW (fio's ss=) or snia[:ROUND] "
	  "(SNIA PTS: 5 rounds within 20%, slope within 10%); keeps the "
	  "timeline", NULL, 0, NULL, opt_steady },
	{ NULL, "steady-ramp", OPT_ARG_DURATION, "TIME", 0, 0, OPT_GROUP_OURS,
	  "with --steady, judge only the intervals that start TIME or later "
	  "(fio's ss_ramp)", "0", OFF(steady_ramp_ms), NULL, opt_duration },

	/* information */
	{ "h", "help", OPT_ARG_NONE, NULL, 0, 0, OPT_GROUP_INFO,
	  "show this help and exit", NULL, OFF(help), NULL, opt_stop },
	{ "v", "version", OPT_ARG_NONE, NULL, 0, 0, OPT_GROUP_INFO,
	  "show the version and exit", NULL, OFF(version), NULL, opt_stop },

	/* IOzone's cluster options: iosweep-mpi's job (docs/mpi.md) */
	REJECT("+h", "the host name IOzone's cluster clients call back; "
	       "iosweep-mpi's clients are MPI ranks mpirun starts: run mpirun "
	       "-np N iosweep-mpi ... -+m FILE"),
	REJECT("+c", "the client side of IOzone's cluster mode, which its "
	       "master starts by rsh; mpirun starts iosweep-mpi's clients: run "
	       "mpirun -np N iosweep-mpi ... -+m FILE"),
	REJECT("+t", "IOzone's cluster network test measures its own socket "
	       "protocol, which iosweep-mpi (MPI) does not use: run mpirun -np "
	       "N iosweep-mpi ... -+m FILE for file tests"),
	REJECT("+H", "IOzone's cluster time server (PIT); iosweep-mpi's clients "
	       "start each pass at an MPI barrier instead: run mpirun -np N "
	       "iosweep-mpi ... -+m FILE"),
	REJECT("+P", "IOzone's cluster time server (PIT); iosweep-mpi's clients "
	       "start each pass at an MPI barrier instead: run mpirun -np N "
	       "iosweep-mpi ... -+m FILE"),
	REJECT("+i", "the port IOzone's cluster master listens on; "
	       "iosweep-mpi's clients talk MPI: run mpirun -np N iosweep-mpi "
	       "... -+m FILE"),
	REJECT("+s", "the silent mode of IOzone's cluster clients; only "
	       "iosweep-mpi's rank 0 prints: run mpirun -np N iosweep-mpi ... "
	       "-+m FILE"),
};

const size_t opt_table_rows = sizeof(opt_table) / sizeof(opt_table[0]);

_Static_assert(sizeof(opt_table) / sizeof(opt_table[0]) <= OPT_MAX_ROWS,
	       "struct opt_parse keeps per-row state for at most 128 rows");
