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

/* An IOzone option iosweep refuses, and why. */
#define REJECT(l, why) \
	{ .letter = (l), .arg = OPT_ARG_REJECT, .group = OPT_GROUP_REJECTED, .help = (why) }

const struct opt_row opt_table[] = {
	/* sizes and grid */
	{ .letter = "a", .name = "auto", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_GRID,
	  .help = "auto mode: sweep file sizes x record sizes",
	  .field = OFF(auto_mode), .splash = "\tAuto Mode", .apply = opt_set_flag },
	{ .letter = "z", .name = "no-crossover", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_GRID,
	  .help = "with -a, also test records under 64k on files over 16m",
	  .field = OFF(no_crossover),
	  .splash = "\tCross over of record size disabled.", .apply = opt_set_flag },
	{ .letter = "A", .name = "auto2", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_GRID,
	  .help = "obsolete IOzone auto mode: like -az -i 0 -i 1, 4-column report",
	  .apply = opt_auto2 },
	{ .letter = "s", .name = "file-size", .arg = OPT_ARG_SIZE, .metavar = "SIZE",
	  .min = 1, .max = UINT64_MAX / 1024, .group = OPT_GROUP_GRID,
	  .help = "file size; repeat for a list of sizes", .defval = "512k",
	  .splash = "\tFile size set to # kB", .apply = opt_list_add },
	{ .letter = "r", .name = "record-size", .arg = OPT_ARG_SIZE,
	  .metavar = "SIZE", .min = 1, .max = KB16M, .group = OPT_GROUP_GRID,
	  .help = "record size, 1k to 16m; repeat for a list", .defval = "4k",
	  .splash = "\tRecord Size # kB", .apply = opt_list_add },
	{ .letter = "n", .name = "min-file-size", .arg = OPT_ARG_SIZE,
	  .metavar = "SIZE", .min = OPTIONS_MIN_AUTO_FILE_KB,
	  .max = UINT64_MAX / 1024, .group = OPT_GROUP_GRID,
	  .help = "smallest file size of auto mode", .defval = "64k",
	  .field = OFF(min_file_kb),
	  .splash = "\tUsing minimum file size of # kilobytes.",
	  .apply = opt_set_u64 },
	{ .letter = "g", .name = "max-file-size", .arg = OPT_ARG_SIZE,
	  .metavar = "SIZE", .min = OPTIONS_MIN_AUTO_FILE_KB,
	  .max = UINT64_MAX / 1024, .group = OPT_GROUP_GRID,
	  .help = "largest file size of auto mode; auto: twice the RAM (rounded up "
		"onto the -n series)", .defval = "512m", .field = OFF(max_file_kb),
	  .splash = "\tUsing maximum file size of # kilobytes.",
	  .apply = opt_set_u64 },
	{ .letter = "y", .name = "min-record-size", .arg = OPT_ARG_SIZE,
	  .metavar = "SIZE", .min = 1, .max = KB16M, .group = OPT_GROUP_GRID,
	  .help = "smallest record size of auto mode", .defval = "4k",
	  .field = OFF(min_rec_kb), .splash = "\tUsing Minimum Record Size # kB",
	  .apply = opt_set_u64 },
	{ .letter = "q", .name = "max-record-size", .arg = OPT_ARG_SIZE,
	  .metavar = "SIZE", .min = 1, .max = KB16M, .group = OPT_GROUP_GRID,
	  .help = "largest record size of auto mode, at most 16m", .defval = "16m",
	  .field = OFF(max_rec_kb), .splash = "\tUsing Maximum Record Size # kB",
	  .apply = opt_set_u64 },
	{ .letter = "+x", .name = "multiplier", .arg = OPT_ARG_UINT, .metavar = "N",
	  .min = 2, .max = 16, .group = OPT_GROUP_GRID,
	  .help = "step between sizes of auto mode, 2 to 16", .defval = "2",
	  .field = OFF(multiplier), .apply = opt_set_unsigned },

	/* tests */
	{ .letter = "i", .name = "test", .arg = OPT_ARG_TEST, .metavar = "N",
	  .max = TEST_COUNT - 1, .group = OPT_GROUP_TESTS,
	  .help = "run test N; repeat for more tests: 0 write, 1 read, 2 random, 3 "
		"backwards, 4 record rewrite, 5 stride, 6 fwrite, 7 fread, 9 "
		"pwrite, 10 pread, 11 pwritev, 12 preadv (9-12 need -E); every "
		"test needs -i 0", .defval = "0 to 7, and 9 to 12 with -E",
	  .apply = opt_test },
	{ .letter = "E", .name = "extended", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TESTS,
	  .help = "extended tests: pwrite, pread, pwritev, preadv",
	  .field = OFF(extended), .apply = opt_set_flag },
	{ .letter = "+E", .name = "existing", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TESTS,
	  .help = "read-only tests of an existing file (-f), never written nor "
		"removed: only read tests (1, 2's random reads, 3, 5, 7, 10, 12), "
		"-i needed, files up to its size", .field = OFF(existing),
	  .splash = "\t>>> No Verify mode. <<<", .apply = opt_existing },
	{ .letter = "+n", .name = "no-retest", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TESTS,
	  .help = "skip the second passes (rewrite, reread, ...)",
	  .field = OFF(no_retest), .splash = "\tNo retest option selected",
	  .apply = opt_set_flag },
	{ .letter = "j", .name = "stride", .arg = OPT_ARG_UINT, .metavar = "N",
	  .min = 1, .max = UINT64_C(1) << 31, .group = OPT_GROUP_TESTS,
	  .help = "stride of test 5, in records", .defval = "17",
	  .field = OFF(stride), .apply = opt_set_u64 },
	{ .letter = "V", .name = "verify", .arg = OPT_ARG_UINT, .metavar = "N",
	  .max = 255, .group = OPT_GROUP_TESTS,
	  .help = "verify mode: write the byte N everywhere (0: IOzone's own, 0x3a) "
		"and check every byte every test reads, inside the timing; a wrong "
		"byte stops the run (exit 3)", .apply = opt_verify },
	{ .letter = "+Z", .name = "old-data", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TESTS,
	  .help = "IOzone's old data sets: verify mode with the byte 0xa5 (as -V 165)",
	  .apply = opt_old_data },
	{ .letter = "+d", .name = "diagnostic", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TESTS,
	  .help = "diagnostic mode: write data that differs every 8 bytes of a file "
		"and check every byte every test reads, inside the timing; a wrong "
		"byte stops the run (exit 3)", .apply = opt_diag },
	{ .letter = "+X", .name = "short-circuit", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TESTS,
	  .help = "short-circuit mode, for file systems under development that "
		"answer without storing: -V 187 (0xbb, IOzone's); the figures are "
		"marked as not storage figures", .apply = opt_short_circuit },

	{ .letter = "K", .name = "jitter", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TESTS,
	  .help = "every 100 records a reader reads a byte at the file's start and "
		"one a page in, then goes on (IOzone's disrupted read pattern)",
	  .field = OFF(jitter), .splash = "\tDisrupted read patterns selected.",
	  .apply = opt_set_flag },

	{ .letter = "m", .name = "multi-buffer", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TESTS,
	  .help = "each read and write of tests 0 to 7, 9 and 10 uses the next "
		"record of a 16 MiB work area, back at its start when the next "
		"would not fit, instead of one buffer (IOzone's multiple buffers)",
	  .field = OFF(multi_buffer),
	  .splash = "\tMulti_buffer. Work area 16777216 bytes",
	  .apply = opt_set_flag },

	/* file and timing */
	{ .letter = "f", .name = "file", .arg = OPT_ARG_STRING, .metavar = "FILE",
	  .group = OPT_GROUP_TIMING, .help = "the test file",
	  .defval = OPTIONS_DEFAULT_FILE, .field = OFF(file),
	  .apply = opt_set_string },
	{ .letter = "w", .name = "keep-file", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TIMING, .help = "keep the test file at the end",
	  .field = OFF(keep_file), .splash = "\tSetting no_unlink",
	  .apply = opt_set_flag },
	{ .letter = "U", .name = "remount", .arg = OPT_ARG_STRING, .metavar = "DIR",
	  .group = OPT_GROUP_TIMING,
	  .help = "unmount the file system mounted at DIR (it must hold the test "
		"file) and mount it again before every pass, so reads start cold; "
		"root, Linux, the BSDs and macOS", .field = OFF(remount_dir),
	  .apply = opt_set_string },
	{ .letter = "c", .name = "include-close", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TIMING, .help = "include close() in the timing",
	  .field = OFF(include_close), .splash = "\tInclude close in write timing",
	  .apply = opt_set_flag },
	{ .letter = "e", .name = "include-fsync", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TIMING, .help = "include fsync() in the timing",
	  .field = OFF(include_fsync), .splash = "\tInclude fsync in write timing",
	  .apply = opt_set_flag },
	{ .letter = "I", .name = "direct", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TIMING,
	  .help = "bypass the page cache (O_DIRECT or F_NOCACHE)",
	  .apply = opt_direct },
	{ .letter = "o", .name = "osync", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TIMING, .help = "open with O_SYNC", .field = OFF(osync),
	  .splash = "\tSYNC Mode. ", .apply = opt_set_flag },
	{ .letter = "+U", .name = "unbuffered", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TIMING,
	  .help = "Windows only: IOzone's unbuffered API, files opened with "
		"FILE_FLAG_NO_BUFFERING and FILE_FLAG_WRITE_THROUGH (-I and -o)",
	  .apply = opt_unbuffered },
	{ .letter = "+D", .name = "odsync", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TIMING, .help = "open with O_DSYNC",
	  .apply = opt_odsync },
	{ .letter = "+r", .name = "orsync", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TIMING, .help = "open with O_RSYNC and O_SYNC",
	  .apply = opt_orsync },
	{ .letter = "B", .name = "mmap", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TIMING,
	  .help = "tests 0 to 5 copy records to and from a mapping of the whole file "
		"(mmap) instead of write and read", .field = OFF(mmap),
	  .splash = "\tUsing mmap files", .apply = opt_set_flag },
	{ .letter = "D", .name = "msync-async", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TIMING,
	  .help = "mmap files as -B, and msync(MS_ASYNC) each record written, inside "
		"the timing", .field = OFF(msync_async),
	  .splash = "\tUsing msync(MS_ASYNC) on mmap files", .apply = opt_set_flag },
	{ .letter = "G", .name = "msync-sync", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TIMING,
	  .help = "with -B or -D, msync(MS_SYNC) each record written, inside the "
		"timing", .field = OFF(msync_sync),
	  .splash = "\tUsing msync(MS_SYNC) on mmap files", .apply = opt_set_flag },
	{ .letter = "Z", .name = "mmap-mix", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TIMING,
	  .help = "with -B or -D, test 0 also write(2)s the file's first page after "
		"mapping it, before the timing (IOzone's mix of mmap and file I/O)",
	  .field = OFF(mmap_mix), .splash = "\tEnable mmap & file I/O mixing.",
	  .apply = opt_set_flag },
	{ .letter = "p", .name = "purge-cpu-cache", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TIMING, .help = "purge the CPU cache before each test",
	  .field = OFF(purge_cpu), .splash = "\tPurge Mode On",
	  .apply = opt_set_flag },
	{ .letter = "J", .name = "compute-delay", .arg = OPT_ARG_UINT,
	  .metavar = "MS", .max = 3600000, .group = OPT_GROUP_TIMING,
	  .help = "spin the CPU MS milliseconds before every I/O; the figures leave "
		"that time out unless -+J", .defval = "0", .apply = opt_compute },
	{ .letter = "+J", .name = "include-compute", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TIMING, .help = "count -J's delays in the figures",
	  .field = OFF(compute_included),
	  .splash = "\t>>> Think time is included in throughput cal. <<<",
	  .apply = opt_set_flag },
	{ .letter = "X", .name = "write-telemetry", .arg = OPT_ARG_STRING,
	  .metavar = "FILE", .group = OPT_GROUP_TESTS,
	  .help = "the write test replays FILE's operations (OFFSET LENGTH "
		"[COMPUTE_MS] a line) instead of its sequential records",
	  .apply = opt_telemetry },
	{ .letter = "Y", .name = "read-telemetry", .arg = OPT_ARG_STRING,
	  .metavar = "FILE", .group = OPT_GROUP_TESTS,
	  .help = "the read test replays FILE's operations, as -X",
	  .apply = opt_telemetry },
	{ .letter = "+A", .name = "madvise", .arg = OPT_ARG_UINT, .metavar = "N",
	  .max = 4, .group = OPT_GROUP_TIMING,
	  .help = "mmap files (-B, -D): madvise the mapping, 0 normal, 1 random, 2 "
		"sequential, 3 don't need, 4 will need", .field = OFF(advise),
	  .splash = "\tMadvise enabled: #", .apply = opt_madvise },
	{ .letter = "W", .name = "lock-file", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TIMING,
	  .help = "lock the whole file (fcntl/LockFileEx; shared for readers) from "
		"just before each pass's timing until its close",
	  .field = OFF(file_lock), .splash = "\tLock file when reading/writing.",
	  .apply = opt_set_flag },
	{ .letter = "+l", .name = "record-lock", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TIMING,
	  .help = "lock each record around its read or write, inside the timing",
	  .field = OFF(rlocking), .splash = "\t>>> Record locking mode enabled. <<<",
	  .apply = opt_set_flag },
	{ .letter = "+L", .name = "record-lock-shared", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TIMING,
	  .help = "-+l and -+V together: record locks on one shared file",
	  .splash = "\t>>> Record locking, shared file mode enabled. <<<",
	  .apply = opt_lock_shared },
	{ .letter = "+V", .name = "shared-file", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TIMING,
	  .help = "throughput mode's children (and iosweep-mpi's ranks) share one "
		"file, each its own region of it, without locks (the N-to-1 case)",
	  .field = OFF(share_file), .splash = "\t>>> Shared file mode enabled. <<<",
	  .apply = opt_set_flag },
	{ .letter = "+N", .name = "no-truncate", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_TIMING,
	  .help = "never truncate the file: the write test (and throughput mode's "
		"initial writers) overwrite the blocks the last cell left",
	  .field = OFF(no_truncate), .apply = opt_set_flag },
	{ .letter = "S", .name = "cache-size", .arg = OPT_ARG_SIZE,
	  .metavar = "SIZE", .min = 1, .max = UINT64_C(1) << 20,
	  .group = OPT_GROUP_TIMING,
	  .help = "processor cache size, up to 1g: IOzone's header line and, with "
		"-p, how much the purge touches (16m without -S)", .defval = "1024k",
	  .field = OFF(cache_kb), .apply = opt_set_u64 },
	{ .letter = "L", .name = "cache-line", .arg = OPT_ARG_UINT,
	  .metavar = "BYTES", .min = 1, .max = 4096, .group = OPT_GROUP_TIMING,
	  .help = "processor cache line size: IOzone's header line and, with -p, the "
		"purge's step (64 without -L)", .defval = "32",
	  .field = OFF(cache_line_bytes), .apply = opt_set_unsigned },
	/* throughput mode */
	{ .letter = "t", .name = "children", .arg = OPT_ARG_UINT, .metavar = "N",
	  .min = 1, .max = OPTIONS_MAX_CHILDREN, .group = OPT_GROUP_THROUGHPUT,
	  .help = "throughput mode: N children (processes, threads with -T), each "
		"moving a file of its own at once; repeat for more runs",
	  .apply = opt_children },
	{ .letter = "F", .name = "files", .arg = OPT_ARG_FILES, .metavar = "FILE...",
	  .group = OPT_GROUP_THROUGHPUT,
	  .help = "one file per child, after -t N or -u N",
	  .defval = "./iosweep.DUMMY.<child>" },
	{ .letter = "+R", .name = "file-list", .arg = OPT_ARG_STRING,
	  .metavar = "FILE", .group = OPT_GROUP_THROUGHPUT,
	  .help = "the children's files named in FILE, one a line, instead of after "
		"-F (as many as the most children)", .apply = opt_file_list },
	{ .letter = "l", .name = "min-children", .arg = OPT_ARG_UINT, .metavar = "N",
	  .min = 1, .max = OPTIONS_MAX_CHILDREN, .group = OPT_GROUP_THROUGHPUT,
	  .help = "throughput mode for every child count from -l to -u",
	  .field = OFF(min_children), .apply = opt_set_unsigned },
	{ .letter = "u", .name = "max-children", .arg = OPT_ARG_UINT, .metavar = "N",
	  .min = 1, .max = OPTIONS_MAX_CHILDREN, .group = OPT_GROUP_THROUGHPUT,
	  .help = "the largest child count of -l", .field = OFF(max_children),
	  .apply = opt_set_unsigned },
	{ .letter = "T", .name = "threads", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_THROUGHPUT,
	  .help = "children are POSIX threads, not processes", .field = OFF(threads),
	  .apply = opt_set_flag },
	{ .letter = "x", .name = "no-stonewall", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_THROUGHPUT,
	  .help = "every child moves its whole file (by default all stop when the "
		"first one is done)", .field = OFF(no_stonewall),
	  .splash = "\tStonewall disabled", .apply = opt_set_flag },
	{ .letter = "C", .name = "show-children", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_THROUGHPUT, .help = "show each child's bytes and rate",
	  .field = OFF(show_children), .apply = opt_set_flag },
	{ .letter = "+k", .name = "aggregate", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_THROUGHPUT,
	  .help = "-s is the total: each child moves -s divided by the child count",
	  .field = OFF(aggregate), .apply = opt_set_flag },
	{ .letter = "d", .name = "stagger", .arg = OPT_ARG_UINT, .metavar = "US",
	  .max = 10000000, .group = OPT_GROUP_THROUGHPUT,
	  .help = "start the children US microseconds apart, child k (k + 1) x US "
		"after the barrier opens", .defval = "0", .field = OFF(stagger_us),
	  .apply = opt_set_unsigned },
	{ .letter = "+O", .name = "op-rate", .arg = OPT_ARG_UINT, .metavar = "OPS",
	  .min = 1, .max = 100000000, .group = OPT_GROUP_THROUGHPUT,
	  .help = "each child paces itself to OPS operations per second: after an "
		"operation quicker than 1/OPS s it sleeps the rest, inside the "
		"timing", .field = OFF(op_rate),
	  .splash = "\tRate control active # Ops/sec .", .apply = opt_set_unsigned },
	{ .letter = "P", .name = "bind-cpu", .arg = OPT_ARG_UINT, .metavar = "N",
	  .max = 4095, .group = OPT_GROUP_THROUGHPUT,
	  .help = "bind the process to CPU N, and child k to CPU N + k (wrapping "
		"round the CPUs online); Linux, FreeBSD, Windows", .apply = opt_bind },
	{ .letter = "+p", .name = "mix-read-pct", .arg = OPT_ARG_UINT,
	  .metavar = "PCT", .min = 1, .max = 100, .group = OPT_GROUP_THROUGHPUT,
	  .help = "-i 8: the first PCT% of the children read, the others write",
	  .defval = "even children read", .field = OFF(mix_reader_pct),
	  .splash = "\tPercent read in mix test is #", .apply = opt_set_unsigned },
	{ .letter = "+K", .name = "mix-readers", .arg = OPT_ARG_UINT, .metavar = "N",
	  .min = 1, .max = OPTIONS_MAX_CHILDREN, .group = OPT_GROUP_THROUGHPUT,
	  .help = "-i 8: the first N children read, the others write (-+p wins)",
	  .field = OFF(mix_readers),
	  .splash = "\tManual control of test 8. >>> Very Experimental. Sony special "
		"<<<", .apply = opt_set_unsigned },
	{ .letter = "+B", .name = "seq-mix", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_THROUGHPUT,
	  .help = "-i 8: readers and writers go through their files in sequence, not "
		"at random", .field = OFF(seq_mix),
	  .splash = "\t>>> Sequential Mixed workload. <<<", .apply = opt_set_flag },
	{ .letter = "+F", .name = "mix-truncate", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_THROUGHPUT,
	  .help = "-i 8 with -+B: the writers truncate their files first (without it "
		"they write over them, as IOzone)", .field = OFF(mix_truncate),
	  .apply = opt_set_flag },
	{ .letter = "+T", .name = "time-stamps", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_THROUGHPUT,
	  .help = "each child appends a line as it starts and as it finishes each "
		"test, with the time, to Child_N.log in the current directory",
	  .field = OFF(time_stamps), .apply = opt_set_flag },
	{ .letter = "+z", .name = "histogram-files", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_THROUGHPUT,
	  .help = "each child appends the times of its operations in each test, in "
		"IOzone's 40 bands, to Iozone_histogram_child_N.txt in the current "
		"directory", .field = OFF(hist_summary),
	  .splash = "\tHistogram summary enabled.", .apply = opt_set_flag },
	{ .letter = "+m", .name = "cluster-file", .arg = OPT_ARG_STRING,
	  .metavar = "FILE", .group = OPT_GROUP_THROUGHPUT,
	  .help = "iosweep-mpi: IOzone's cluster file, a line per rank, \"HOST "
		"WORKDIR IOZONE-PATH [FILE]\": rank i's test file is line i's "
		"FILE, or its -f in line i's WORKDIR (hosts are mpirun's)",
	  .field = OFF(cluster_file),
	  .splash = "\tNetwork distribution mode enabled.", .apply = opt_set_string },

	{ .letter = "+b", .name = "burst", .arg = OPT_ARG_STRING,
	  .metavar = "SIZE,MS", .group = OPT_GROUP_TIMING,
	  .help = "write in bursts: after every SIZE (kB; k, m, g) the writes of "
		"tests 0, 2, 4, 6 and 9 send (with -t each writer SIZE / "
		"children), fsync inside the timing, then sleep MS milliseconds, "
		"left out of the figures", .apply = opt_burst },
	{ .letter = "+q", .name = "sleep", .arg = OPT_ARG_UINT, .metavar = "SECONDS",
	  .max = 86400, .group = OPT_GROUP_TIMING, .help = "sleep between tests",
	  .defval = "0", .field = OFF(sleep_between_s),
	  .splash = "\tDelay # seconds between tests enabled.",
	  .apply = opt_set_unsigned },

	/* report */
	{ .letter = "O", .name = "ops", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_REPORT, .help = "report operations per second",
	  .apply = opt_unit_ops },
	{ .letter = "N", .name = "usec", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_REPORT, .help = "report microseconds per operation",
	  .apply = opt_unit_usec },
	{ .letter = "+u", .name = "cpu", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_REPORT,
	  .help = "measure CPU utilization (shown with -R)", .apply = opt_cpu },
	{ .letter = "R", .name = "excel", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_REPORT,
	  .help = "add IOzone's Excel-style tables to the report",
	  .field = OFF(excel), .splash = "\tExcel chart generation enabled",
	  .apply = opt_set_flag },
	{ .letter = "b", .name = "xls", .arg = OPT_ARG_STRING, .metavar = "FILE",
	  .group = OPT_GROUP_REPORT,
	  .help = "also write those tables as a BIFF2 .xls file (implies -R)",
	  .apply = opt_xls },
	{ .letter = "M", .name = "machine", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_REPORT,
	  .help = "show the machine (uname) in the header", .apply = opt_machine },
	{ .letter = "Q", .name = "latency-files", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_REPORT,
	  .help = "write IOzone's per-operation offset/latency files (wol.dat, "
		"rwol.dat, rol.dat, rrol.dat) in the current directory; implies "
		"--latency", .field = OFF(latency_files),
	  .splash = "\tOffset/latency files enabled.", .apply = opt_set_flag },

	/* data shaping (options_shape.c, run/data/shape.h) */
	{ .letter = "+w", .name = "dedup", .arg = OPT_ARG_UINT, .metavar = "PCT",
	  .max = 100, .group = OPT_GROUP_SHAPE,
	  .help = "write shaped data: PCT% of each record is the same in every file "
		"(the rest differs in every record and file)",
	  .field = OFF(dedup_pct), .splash = "\tDedup activated # percent.",
	  .apply = opt_shape_pct },
	{ .letter = "+y", .name = "dedup-interior", .arg = OPT_ARG_UINT,
	  .metavar = "PCT", .max = 100, .group = OPT_GROUP_SHAPE,
	  .help = "with -+w, PCT% of that part is also the same in every record of a "
		"file", .defval = "0", .field = OFF(dedup_interior_pct),
	  .splash = "\tDedup within & across # percent.", .apply = opt_shape_pct },
	{ .letter = "+C", .name = "dedup-within", .arg = OPT_ARG_UINT,
	  .metavar = "PCT", .max = 100, .group = OPT_GROUP_SHAPE,
	  .help = "with -+y, PCT% of the -+y part is the same only within one file, "
		"not across files", .defval = "0", .field = OFF(dedup_within_pct),
	  .splash = "\tDedup within # percent.", .apply = opt_shape_pct },
	{ .letter = "+a", .name = "compressible", .arg = OPT_ARG_UINT,
	  .metavar = "PCT", .max = 100, .group = OPT_GROUP_SHAPE,
	  .help = "write shaped data: PCT% of its 64-byte groups repeat one 4-byte "
		"value and compress", .splash = "\tZero Percent #",
	  .apply = opt_shape_zero },
	{ .letter = "+Q", .name = "dedup-granule", .arg = OPT_ARG_STRING,
	  .metavar = "BYTES", .group = OPT_GROUP_SHAPE,
	  .help = "granule the header's duplicate count hashes, 512 to 1m bytes, a "
		"multiple of 512 (4k, 65536)", .defval = "4096",
	  .apply = opt_shape_granule },
	{ .letter = "+S", .name = "dedup-seed", .arg = OPT_ARG_UINT, .metavar = "N",
	  .max = 2147483647u, .group = OPT_GROUP_SHAPE,
	  .help = "seed of the shaped data: runs with one seed share their dedupable "
		"data, others do not (0 is 1, as IOzone)", .defval = "1",
	  .field = OFF(dedup_seed), .apply = opt_shape_seed },
	{ .letter = "+W", .name = "child-skew", .arg = OPT_ARG_UINT, .metavar = "N",
	  .max = 1000000, .group = OPT_GROUP_SHAPE,
	  .help = "add N to each child's number in the shaped data, so files added "
		"later dedup with those already written", .defval = "0",
	  .field = OFF(child_skew), .splash = "\tDedup chid_skew # .",
	  .apply = opt_shape_pct },
	{ .letter = "+M", .name = "dedup-compress", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_SHAPE,
	  .help = "IOzone's dedup+compress layout: each -+Q granule stamped, every "
		"part one base XORed with its key, so -+a's groups compress in "
		"every part", .apply = opt_shape_special },
	{ .letter = "+e", .name = "sparse", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_SHAPE,
	  .help = "with -+w alone, test 0 seeks over the -+w part of each record "
		"instead of writing it, leaving holes (IOzone's sparse mode)",
	  .field = OFF(sparse), .splash = "\t>>> I/O Sparse mode enabled. <<<",
	  .apply = opt_set_flag },

	/* our own: long options only */
	{ .name = "trials", .arg = OPT_ARG_UINT, .metavar = "N", .min = 1,
	  .max = 1000, .group = OPT_GROUP_OURS,
	  .help = "independent passes over the grid; statistics come from them",
	  .defval = "1", .field = OFF(trials), .apply = opt_set_unsigned },
	{ .name = "warmup", .arg = OPT_ARG_UINT, .metavar = "N", .max = 100,
	  .group = OPT_GROUP_OURS, .help = "untimed passes before the trials",
	  .defval = "0", .field = OFF(warmup), .apply = opt_set_unsigned },
	{ .name = "order", .arg = OPT_ARG_STRING, .metavar = "cell|sweep",
	  .group = OPT_GROUP_OURS,
	  .help = "all trials of a cell in a row, or whole sweeps in turn",
	  .defval = "cell", .apply = opt_order },
	{ .name = "label", .arg = OPT_ARG_STRING, .metavar = "NAME",
	  .group = OPT_GROUP_OURS,
	  .help = "series name for charts, CSV files and the default output "
		"directory (any text; the directory name keeps only safe "
		"characters)", .field = OFF(label), .apply = opt_set_string },
	{ .name = "out", .arg = OPT_ARG_STRING, .metavar = "DIR",
	  .group = OPT_GROUP_OURS, .help = "output directory",
	  .defval = "./iosweep-results/LABEL-TIME", .field = OFF(out_dir),
	  .apply = opt_set_string },
	{ .name = "data", .arg = OPT_ARG_STRING, .metavar = "random|zero|ratio=X",
	  .group = OPT_GROUP_OURS,
	  .help = "data written: incompressible, zeros (as IOzone), or a fraction X "
		"(0 <= X < 1) that compresses away", .defval = "random",
	  .apply = opt_data },
	{ .name = "latency", .arg = OPT_ARG_NONE, .group = OPT_GROUP_OURS,
	  .help = "time every operation: min, mean, max, sd and percentiles per cell "
		"in the report and the CSV files", .field = OFF(latency),
	  .apply = opt_set_flag },
	{ .name = "dry-run", .arg = OPT_ARG_NONE, .group = OPT_GROUP_OURS,
	  .help = "print the cells that would run, then stop", .field = OFF(dry_run),
	  .apply = opt_set_flag },
	{ .name = "progress", .arg = OPT_ARG_NONE, .group = OPT_GROUP_OURS,
	  .help = "show progress on stderr (default when stderr is a terminal)",
	  .apply = opt_progress },
	{ .name = "quiet", .arg = OPT_ARG_NONE, .group = OPT_GROUP_OURS,
	  .help = "no progress on stderr", .apply = opt_progress },
	{ .name = "overwrite", .arg = OPT_ARG_NONE, .group = OPT_GROUP_OURS,
	  .help = "let -f name a file that already exists", .field = OFF(overwrite),
	  .apply = opt_set_flag },
	{ .name = "gzip", .arg = OPT_ARG_NONE, .group = OPT_GROUP_OURS,
	  .help = "gzip the CSV files", .field = OFF(gzip), .apply = opt_set_flag },
	{ .name = "json", .arg = OPT_ARG_NONE, .group = OPT_GROUP_OURS,
	  .help = "also write summary.json: summary.csv, throughput.csv, metadata "
		"and cliffs as JSON", .field = OFF(json), .apply = opt_set_flag },
	{ .name = "db-add", .arg = OPT_ARG_NONE, .group = OPT_GROUP_OURS,
	  .help = "when the run is complete, add its results folder to the results "
		"library (iosweep db; --db, else $IOSWEEP_DB, else the default "
		"file)", .field = OFF(db_add), .apply = opt_set_flag },
	{ .name = "db", .arg = OPT_ARG_STRING, .metavar = "PATH|URL",
	  .group = OPT_GROUP_OURS,
	  .help = "the results library of --db-add: an SQLite file or a "
		"postgresql:// URL", .defval = "$XDG_DATA_HOME/iosweep/results.db",
	  .field = OFF(db), .apply = opt_set_string },
	{ .name = "force", .arg = OPT_ARG_NONE, .group = OPT_GROUP_OURS,
	  .help = "skip the free-space check", .field = OFF(force),
	  .apply = opt_set_flag },
	{ .name = "plot", .arg = OPT_ARG_NONE, .group = OPT_GROUP_OURS,
	  .help = "write gnuplot charts into the output directory and render them",
	  .field = OFF(plot), .apply = opt_set_flag },
	{ .name = "report", .arg = OPT_ARG_NONE, .group = OPT_GROUP_OURS,
	  .help = "write report.html into the output directory: findings, charts and "
		"tables in one self-contained page", .field = OFF(report),
	  .apply = opt_set_flag },
	{ .name = "refine-cliffs", .arg = OPT_ARG_NONE, .group = OPT_GROUP_OURS,
	  .help = "after the sweep, measure sizes between the two sides of each "
		"cache cliff until its cache size is known to within 5%",
	  .field = OFF(refine_cliffs), .apply = opt_set_flag },
	{ .name = "min-time", .arg = OPT_ARG_UINT, .metavar = "MS", .max = 10000,
	  .group = OPT_GROUP_OURS,
	  .help = "repeat a pass timed for less than MS milliseconds until its "
		"repetitions add up to MS (0, the default: every pass once, as "
		"IOzone)", .defval = "0", .field = OFF(min_time_ms),
	  .apply = opt_set_unsigned },
	{ .name = "cold", .arg = OPT_ARG_NONE, .group = OPT_GROUP_OURS,
	  .help = "before every read pass, flush the test file and drop it from the "
		"page cache (fsync + posix_fadvise), so reads come from the device",
	  .field = OFF(cold), .apply = opt_set_flag },
	{ .name = "refine-time", .arg = OPT_ARG_UINT, .metavar = "S", .min = 1,
	  .max = 86400, .group = OPT_GROUP_OURS,
	  .help = "most seconds --refine-cliffs may add", .defval = "600",
	  .field = OFF(refine_time_s), .apply = opt_set_unsigned },
	{ .name = "ci", .arg = OPT_ARG_STRING, .metavar = "PCT%",
	  .group = OPT_GROUP_OURS,
	  .help = "repeat each cell until its 95% confidence interval is within PCT% "
		"of the mean (at least 3 trials, at most --trials N, or 10)",
	  .apply = opt_ci },
	{ .name = "link", .arg = OPT_ARG_STRING, .metavar = "PROFILE|RATE",
	  .group = OPT_GROUP_OURS,
	  .help = "the network link to the share: 100mbit, gigabit, 2.5gbe, 10gbe or "
		"a rate (940mbit, 118MB); recorded in meta.csv, figures above it "
		"are flagged as served by a cache (default: $IOSWEEP_LINK)",
	  .field = OFF(link), .apply = opt_link },
	{ .name = "agent", .arg = OPT_ARG_STRING, .metavar = "ADDR:PORT",
	  .group = OPT_GROUP_OURS,
	  .help = "run the sweep on the agent that iosweep serve started there, its paths "
		"relative to the agent's root; the results come back into --out",
	  .field = OFF(agent), .apply = opt_set_string },
	{ .name = "token", .arg = OPT_ARG_STRING, .metavar = "T",
	  .group = OPT_GROUP_OURS, .help = "the token the agent printed (with --agent)",
	  .field = OFF(agent_token), .apply = opt_set_string },
	{ .name = "io-timeout", .arg = OPT_ARG_UINT, .metavar = "SEC", .max = 86400,
	  .group = OPT_GROUP_OURS,
	  .help = "end the run (exit 3, finished cells saved) when one I/O call "
		"takes longer than SEC seconds; 0 turns it off",
	  .defval = "60 on network and FUSE " "file systems, else off",
	  .field = OFF(io_timeout_s), .apply = opt_io_timeout },
	{ .name = "until-settled", .arg = OPT_ARG_NONE, .group = OPT_GROUP_OURS,
	  .help = "with -a, keep doubling the file size past -g while a curve has "
		"not settled after its last cache cliff (up to the free space)",
	  .field = OFF(until_settled), .apply = opt_set_flag },
	{ .name = "settle-drop", .arg = OPT_ARG_NONE, .group = OPT_GROUP_OURS,
	  .help = "with --until-settled, a curve that has not fallen at a cache "
		"cliff yet has not settled either: grow the files until it falls",
	  .field = OFF(settle_drop), .apply = opt_set_flag },
	{ .name = "settle-time", .arg = OPT_ARG_UINT, .metavar = "S", .min = 1,
	  .max = 604800, .group = OPT_GROUP_OURS,
	  .help = "with --until-settled, add no file size whose passes would end "
		"more than S seconds after the sweep's own", .defval = "no limit",
	  .field = OFF(settle_time_s), .apply = opt_set_unsigned },

	/* many clients (iosweep-mpi) */
	{ .name = "reorder", .arg = OPT_ARG_NONE, .group = OPT_GROUP_OURS,
	  .help = "iosweep-mpi: read tests read the file another client wrote (the "
		"client K ranks on, K = ranks per host)", .field = OFF(reorder),
	  .apply = opt_set_flag },
	{ .name = "reorder-shift", .arg = OPT_ARG_UINT, .metavar = "K", .min = 1,
	  .max = 1000000, .group = OPT_GROUP_OURS,
	  .help = "iosweep-mpi: with --reorder, read the file of the client K ranks "
		"on", .defval = "ranks per host", .field = OFF(reorder_shift),
	  .apply = opt_set_unsigned },
	{ .name = "stonewall", .arg = OPT_ARG_NONE, .group = OPT_GROUP_OURS,
	  .help = "iosweep-mpi: stop every client's pass when the first client "
		"finishes its own; each figure is what the client moved until then",
	  .field = OFF(stonewall), .apply = opt_set_flag },

	/* outstanding I/O, workers, mixes (qd.c) */
	{ .letter = "H", .name = "iodepth", .arg = OPT_ARG_UINT, .metavar = "N",
	  .min = 1, .max = 1024, .group = OPT_GROUP_OURS,
	  .help = "keep N I/Os in flight per job (io_uring on Linux, POSIX AIO on "
		"FreeBSD/macOS, Windows overlapped I/O), tests 0, 1, 2; IOzone's "
		"-H N", .defval = "1", .field = OFF(iodepth),
	  .splash = "\tPOSIX async I/O (with bcopy). Depth #",
	  .apply = opt_set_unsigned },
	{ .letter = "k", .arg = OPT_ARG_UINT, .metavar = "N", .min = 1, .max = 1024,
	  .group = OPT_GROUP_OURS,
	  .help = "IOzone's async I/O without copies: the same as -H N (iosweep's "
		"engines never copy), with IOzone's line", .field = OFF(iodepth),
	  .splash = "\tPOSIX Async I/O (no bcopy). Depth # ",
	  .apply = opt_set_unsigned },
	{ .name = "jobs", .arg = OPT_ARG_UINT, .metavar = "N", .min = 1, .max = 256,
	  .group = OPT_GROUP_OURS,
	  .help = "N worker threads share the file, each with its part of the records",
	  .defval = "1", .field = OFF(jobs), .apply = opt_set_unsigned },
	{ .name = "mix", .arg = OPT_ARG_UINT, .metavar = "PCT", .max = 100,
	  .group = OPT_GROUP_OURS,
	  .help = "one pass of PCT% reads and the rest writes instead of separate "
		"read and write passes (-i 1: seq mix, -i 2: random mix)",
	  .apply = opt_mix },
	{ .name = "runtime", .arg = OPT_ARG_DURATION, .metavar = "TIME",
	  .group = OPT_GROUP_OURS,
	  .help = "time-based passes of TIME (60s, 2m) instead of one pass over the "
		"file", .field = OFF(runtime_ms), .apply = opt_duration },
	{ .name = "ramp", .arg = OPT_ARG_DURATION, .metavar = "TIME",
	  .group = OPT_GROUP_OURS,
	  .help = "with --runtime, run TIME first without counting it",
	  .defval = "0", .field = OFF(ramp_ms), .apply = opt_duration },
	{ .name = "log-interval", .arg = OPT_ARG_DURATION, .metavar = "TIME",
	  .group = OPT_GROUP_OURS,
	  .help = "write timeline.csv: every pass's bytes, rate and latency per "
		"interval of TIME (1s, 100ms; at least 10ms), and look for cliffs "
		"in time", .field = OFF(log_interval_ms), .apply = opt_duration },
	{ .name = "precondition", .arg = OPT_ARG_NONE, .group = OPT_GROUP_OURS,
	  .help = "before tests 0 and 2, write the file in their pattern until the "
		"write rate is steady", .field = OFF(precondition),
	  .apply = opt_set_flag },
	{ .name = "steady", .arg = OPT_ARG_STRING, .metavar = "RULE",
	  .group = OPT_GROUP_OURS,
	  .help = "with --runtime or --precondition, stop once the rate is steady: "
		"iops|bw:slope|range:LIMIT[%]:WINDOW (fio's ss=) or snia[:ROUND] "
		"(SNIA PTS: 5 rounds within 20%, slope within 10%); keeps the "
		"timeline", .apply = opt_steady },
	{ .name = "steady-ramp", .arg = OPT_ARG_DURATION, .metavar = "TIME",
	  .group = OPT_GROUP_OURS,
	  .help = "with --steady, judge only the intervals that start TIME or later "
		"(fio's ss_ramp)", .defval = "0", .field = OFF(steady_ramp_ms),
	  .apply = opt_duration },

	/* information */
	{ .letter = "h", .name = "help", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_INFO, .help = "show this help and exit",
	  .field = OFF(help), .apply = opt_stop },
	{ .letter = "v", .name = "version", .arg = OPT_ARG_NONE,
	  .group = OPT_GROUP_INFO, .help = "show the version and exit",
	  .field = OFF(version), .apply = opt_stop },

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
