/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_options.c: the command line, as tables.
 *
 * Every bad fixture of IOzone (../shared/fixtures/iozone/bad*.txt) that the
 * parser can judge must fail with a message naming the option and value;
 * the good fixtures' command lines must give exactly IOzone's splash lines
 * (copied from those fixtures); clusters, attached values, repeated -s, -r
 * and -i, long options and defaults are checked value by value.
 */
#include "platform/posix/platform_posix.h"   /* HAVE_*: the POSIX layer's capabilities */

#include <stdlib.h>
#include <string.h>

#include "cu.h"
#include "iosweep.h"
#include "options/options.h"
#include "platform/sysinfo.h"
#include "platform/platform.h"
#include "model/results.h"

#define MAX_ARGS 64

/* Split line at spaces into argv (argv[0] = "iozone"); parse it. */
static int parse_line(struct options *o, const char *line, char *err, size_t errlen)
{
	static char buf[1024];
	char *argv[MAX_ARGS + 1];
	int argc = 0;
	char *p;

	snprintf(buf, sizeof(buf), "iozone %s", line);
	for (p = strtok(buf, " "); p && argc < MAX_ARGS; p = strtok(NULL, " "))
		argv[argc++] = p;
	argv[argc] = NULL;
	return options_parse(o, argc, argv, err, errlen);
}

struct bad_case {
	const char *line;
	const char *want[3];   /* each must appear in the message */
};

static const struct bad_case bad_cases[] = {
	/* --ci, --until-settled, -g auto (issue 15) */
	{ "-a -i 0 --trials 2 --ci 5%", { "--ci '5%' and --trials 2", "at least 3" } },
	{ "-a -i 0 --trials 5 --ci 0", { "--ci '0'", "above 0 and at most 50" } },
	{ "-a -i 0 --trials 5 --ci 60%", { "--ci '60%'", "at most 50" } },
	{ "-a -i 0 --trials 5 --ci five", { "--ci 'five'", "percentage" } },
	{ "-a -i 0 --trials 5 --ci 5%% ", { "--ci '5%%'" } },
	{ "-a -i 0 --trials 5 --ci 5% --order sweep", { "--ci and --order sweep" } },
	{ "-t 2 -s 1m -i 0 --ci 5%", { "--ci and -t" } },
	{ "-s 1m -i 0 --until-settled", { "--until-settled", "auto mode" } },
	{ "-t 2 -s 1m -i 0 --until-settled", { "--until-settled and -t" } },
	{ "-a -i 0 -g automatic", { "-g 'automatic'", "not a size" } },
	/* the fixtures bad01..bad24 that the parser judges */
	{ "-s 0 -r 64k -i 0 -f /tmp/ioz/t", { "-s '0'", "at least 1 kB" } },
	{ "-s 1m -r 3k -i 0 -i 1 -f /tmp/ioz/t",
	  { "-r '3k': 1024 kB file is not a whole number of 3 kB records" } },
	{ "-s foo -r 64k -i 0 -f /tmp/ioz/t", { "-s 'foo': not a size: use a whole "
	  "number of kB, or a number with k, m or g (64k, 16m, 2g)" } },
	{ "-s 1m -r foo -i 0 -f /tmp/ioz/t", { "-r 'foo'", "not a size" } },
	{ "-s 64k -r 128k -i 0 -f /tmp/ioz/t", { "-r '128k'", "larger than", "64 kB file" } },
	{ "-s 1m -r 64k -i 99 -f /tmp/ioz/t", { "-i '99'", "no such test" } },
	{ "-s 1m -Y -f /tmp/ioz/t", { "-Y: missing FILE", "found the option '-f'" } },
	{ "-s 1m -r 64k -i 0 -9 -f /tmp/ioz/t", { "unknown option '-9'" } },
	{ "-a -q 32m -i 0 -f /tmp/ioz/t", { "-q '32m'", "16384 kB" } },
	{ "", { "nothing to do", "--help" } },
	{ "-a -y 1m -q 64k -g 1m -i 0 -f /tmp/ioz/t", { "-y '1m'", "-q '64k'" } },
	{ "-s -5 -r 64k -i 0 -f /tmp/ioz/t", { "-s '-5'", "negative" } },
	{ "-s 1m -r 100 -i 0 -f /tmp/ioz/t",
	  { "-r '100': 1024 kB file is not a whole number of 100 kB records" } },
	{ "-s 10 -r 4k -i 0 -f /tmp/ioz/t",
	  { "-r '4k': 10 kB file is not a whole number of 4 kB records" } },
	{ "-a -t 2 -F /tmp/ioz/f1 /tmp/ioz/f2", { "-a and -t", "auto-mode" } },
	{ "-F /tmp/ioz/f1 /tmp/ioz/f2 -t 2 -s 1m -i 0", { "-F: give -t N", "before -F" } },
	{ "-s 1.5m -r 64k -i 0 -f /tmp/ioz/t", { "-s '1.5m'", "not a whole number" } },
	{ "-a -n 8m -g 1m -i 0 -f /tmp/ioz/t", { "-n '8m'", "-g '1m'", "8192 kB" } },
	{ "-s 1m -r 3k -I -i 0 -i 1 -f /tmp/ioz/t", { "-r '3k'", "not a whole number" } },
	{ "-s 1m -r 64k -i 1 -f /tmp/ioz/t", { "-i 1: test 1 (read) needs test 0 "
	  "(write) to create the file first; add -i 0" } },
	/* the same faults written other ways */
	{ "-s0", { "-s '0'" } },
	{ "-r3k -s1m", { "-r '3k'" } },
	{ "-s 1m -r 2k -r 3k", { "-r 3k", "not a whole number of 3 kB records" } },
	{ "-s 10", { "-s '10'", "4 kB records", "default -r" } },
	{ "-s 2", { "-s '2'", "smaller than one 4 kB record" } },
	{ "-r 1m", { "-r '1m'", "larger than the 512 kB file" } },
	{ "-r 0", { "-r '0'" } },
	{ "-r 16385", { "-r '16385'", "16384 kB" } },
	{ "-y 0", { "-y '0'" } },
	{ "-y 32m", { "-y '32m'" } },
	{ "-q 0", { "-q '0'" } },
	{ "-n 2", { "-n '2'", "at least 4 kB" } },
	{ "-g 1", { "-g '1'", "at least 4 kB" } },
	{ "-g foo", { "-g 'foo'", "not a size" } },
	{ "-s 99999999999999999999g", { "-s '99999999999999999999g'", "too large" } },
	{ "-s 16e", { "-s '16e'", "not a size" } },
	{ "-i -1", { "-i '-1'", "no such test" } },
	{ "-i 13", { "-i '13'" } },
	{ "-i x", { "-i 'x'" } },
	{ "-i 0 -i 8", { "-i 8", "throughput" } },
	{ "-i 0 -i 9", { "-i 9", "-E" } },
	{ "-i 0 -i 10", { "-i 10", "-E" } },
	{ "-i 3", { "-i 3", "add -i 0" } },
	{ "-i 2 -i 0x", { "-i '0x'" } },
	{ "-E -i 10", { "-i 10", "needs test 0" } },
	{ "-+x 1", { "-+x '1'", "2 to 16" } },
	{ "-+x 0", { "-+x '0'" } },
	{ "-+x 17", { "-+x '17'" } },
	{ "-+x", { "-+x: missing" } },
	{ "-+x -a", { "-+x", "'-a'" } },
	{ "-j 0", { "-j '0'" } },
	{ "-O -N", { "-O", "-N" } },
	{ "-s", { "-s: missing" } },
	{ "-s -f x", { "-s: missing", "'-f'" } },
	{ "-f", { "-f: missing" } },
	{ "-f -w", { "-f: missing", "'-w'" } },
	{ "-b", { "-b: missing" } },
	{ "-Rb", { "-b: missing" } },
	{ "-+q", { "-+q: missing" } },
	{ "-+q x", { "-+q 'x'" } },
	{ "-+t", { "-+t: IOzone's cluster network test", "iosweep-mpi ... -+m FILE" } },
	{ "-+m", { "-+m: missing FILE" } },
	{ "-+E -f x -s 1m -i 0", { "-+E and -i 0", "writes the file" } },
	{ "-+E -f x -s 1m", { "-+E: name the read tests" } },
	{ "-+E -s 1m -i 1", { "-+E: name the existing file with -f" } },
	{ "-+E -f x -s 1m -i 1 --iodepth 4", { "-+E and --iodepth" } },
	{ "-+k", { "-+k: only in throughput mode" } },
	{ "-T", { "-T: only in throughput mode", "-t N" } },
	{ "-x", { "-x: only in throughput mode" } },
	{ "-C", { "-C: only in throughput mode" } },
	{ "-az -t 2", { "-a and -t" } },
	/* throughput mode */
	{ "-t 0", { "-t '0'", "1 to 1024" } },
	{ "-t 1025", { "-t '1025'", "1 to 1024" } },
	{ "-t x", { "-t 'x'" } },
	{ "-l 0 -u 2", { "-l '0'", "1 to 1024" } },
	{ "-l 3 -u 2", { "-l 3", "-u 2" } },
	{ "-t 2 -l 1 -u 2", { "-t and -l" } },
	{ "-t 2 -F a", { "-F: 2 children need 2 file names, found 1" } },
	{ "-t 2 -F a -s 1m", { "-F: 2 children need 2", "before '-s'" } },
	{ "-t 2 -F a b -t 3", { "-F: 3 children need 3 file names, given 2" } },
	{ "-t 2 -F a b -F c d", { "-F: given twice" } },
	{ "-t 2 -Fa b", { "-F: put the file names after a space" } },
	{ "-u 3 -F a b", { "-F: 3 children need 3" } },
	{ "-t 2 -f x", { "-f and -t", "-F" } },
	{ "-t 2 -N", { "-N and -t" } },
	{ "-t 2 -n 64k", { "-n and -t" } },
	{ "-t 2 -g 1m", { "-g and -t" } },
	{ "-t 2 -y 4k", { "-y and -t" } },
	{ "-t 2 -q 64k", { "-q and -t" } },
	{ "-t 2 -s 1m -s 2m", { "-s given twice with -t" } },
	{ "-t 2 -p", { "-p and -t" } },
	{ "-t 2 --trials 2", { "--trials and -t" } },
	{ "-t 2 --plot", { "--plot and -t", "not in throughput mode" } },
	{ "-t 2 --latency", { "--latency and -t" } },
	{ "-t 2 -Q", { "-Q and -t", "offset/latency files" } },
	{ "-t 2 -i 0 -i 4", { "-i 4", "no throughput-mode version" } },
	{ "-t 3 -+k -s 4m -r 64k", { "-+k: 4096 kB over 3 children" } },
	{ "-l 1 -u 3 -+k -s 1m -r 64k", { "-+k: 1024 kB over 3 children" } },
	{ "-t 2 -+k -s 64k -r 64k", { "-+k: 64 kB over 2 children" } },
	{ "-d 10", { "-d '10'", "add -t N" } },
	/* mmap files: what IOzone skips or a mapping cannot honour */
	{ "-B -s 1m -i 0 -i 6", { "-i 6 and -B", "does not run on mmap", "drop -i 6" } },
	{ "-D -s 1m -i 0 -i 1 -i 7", { "-i 7 and -D" } },
	{ "-B -a -E", { "-E and -B", "no extended tests" } },
	{ "-B -s 1m -o", { "-o and -B", "O_SYNC", "-G" } },
	{ "-B -s 1m -+D", { "-+D and -B", "O_DSYNC" } },
	{ "-G -s 1m", { "-G: msync needs mmap files", "-B" } },
	{ "-Z -s 1m", { "-Z", "add -B" } },
	{ "-B -s 1m -i 0 --iodepth 4", { "--iodepth and -B", "mapping" } },
	{ "-D -s 1m -i 0 --jobs 2", { "--jobs and -D" } },
	{ "-k 4 -H 2 -s 64k -i 0", { "-k and -H (--iodepth)" } },
	{ "-k 4 -s 64k -i 3 -i 0", { "-i 3 and --iodepth" } },
	{ "-+b 64", { "-+b '64'", "SIZE,MS" } },
	{ "-+b 64,0", { "-+b '64,0'", "sleep" } },
	{ "-+b 0,5", { "-+b '0,5'", "burst size" } },
	{ "-+b 64,3600001", { "-+b '64,3600001'", "sleep" } },
	{ "-+b 64,5 -s 64k -t 2 -B", { "-+b and -B" } },
	{ "-+b 64,5 -s 64k -i 0 --iodepth 2", { "-+b and --iodepth" } },
	/* issue 16: queue depth, jobs, mixes */
	{ "-s 1m -i 0 --iodepth 0", { "--iodepth '0'", "1 to 1024" } },
	{ "-s 1m -i 0 -H 2000", { "-H '2000'", "1 to 1024" } },
	{ "-s 1m -i 0 --jobs 0", { "--jobs '0'" } },
	{ "-s 1m -i 0 -i 1 --mix 101", { "--mix '101'", "0 to 100" } },
	{ "-s 1m -i 0 --mix 70", { "--mix", "-i 1", "-i 2" } },
	{ "-s 1m -i 0 -i 3 --iodepth 4", { "-i 3 and --iodepth", "tests 0, 1 and 2" } },
	{ "-s 1m -i 0 --runtime 5x", { "--runtime '5x'", "not a duration" } },
	{ "-s 1m -i 0 --runtime 2d", { "--runtime '2d'" } },
	{ "-s 1m -i 0 --ramp 2s", { "--ramp", "only with --runtime" } },
	{ "-s 1m -i 0 --jobs 2 -Q", { "-Q and --jobs" } },
	{ "-s 1m -i 0 --iodepth 2 --runtime 1s --min-time 5", { "--min-time and --runtime" } },
	{ "-t 2 -F a b --iodepth 4", { "--iodepth and -t" } },
	{ "-m -s 1m -i 0 --jobs 2", { "-m and --jobs", "multiple buffers" } },
	{ "-+ux", { "'-+ux'" } },
	{ "-+9", { "unknown option '-+9'" } },
	{ "-+", { "'-+'" } },
	{ "-e -+", { "'-+'" } },
	{ "-ae9", { "unknown option '-9' in '-ae9'" } },
	{ "-Y", { "-Y" } },
	{ "-trials 3", { "'-trials'", "did you mean '--trials'" } },
	{ "--trails 3", { "'--trails'", "did you mean '--trials'" } },
	{ "--dry", { "did you mean '--dry-run'" } },
	{ "--wrmup 2", { "did you mean '--warmup'" } },
	{ "--zzzzzzzz", { "unknown option '--zzzzzzzz'", "--help" } },
	{ "--trials 0", { "--trials '0'", "1 to 1000" } },
	{ "--trials=1001", { "--trials '1001'" } },
	{ "--trials", { "--trials: missing" } },
	{ "--warmup 101", { "--warmup '101'" } },
	{ "--order random", { "--order 'random'", "cell or sweep" } },
	/* -V and -+d (verify mode), -+E */
	{ "-V 256 -s 1m -i 0", { "-V '256'", "0 to 255" } },
	{ "-V 0xa5 -s 1m -i 0", { "-V '0xa5'", "whole number" } },
	{ "-V", { "-V: missing N" } },
	{ "-V 7 --data zero -s 1m -i 0", { "--data 'zero' and -V", "drop --data" } },
	{ "-+d --data ratio=0.5 -s 1m -i 0", { "--data 'ratio=0.5' and -+d" } },
	{ "-+E -f x -s 1m -i 1 -+d", { "-+E and -+d" } },
	{ "--data foo", { "--data 'foo'" } },
	{ "--data ratio=1", { "--data 'ratio=1'" } },
	{ "--data ratio=-0.1", { "--data 'ratio=-0.1'" } },
	{ "--data ratio=0.5x", { "--data 'ratio=0.5x'" } },
	{ "--data ratio=", { "--data 'ratio='" } },
	{ "--data ratio=nan", { "--data 'ratio=nan'" } },
	{ "--label=", { "--label: empty" } },
	{ "--dry-run=yes", { "--dry-run takes no value" } },
	{ "-a extra", { "unexpected argument 'extra'" } },
	{ "-a -", { "unexpected argument '-'" } },
	{ "-a --", { "unexpected argument '--'" } },
};

static void test_bad(void)
{
	size_t i, k;

	for (i = 0; i < sizeof(bad_cases) / sizeof(bad_cases[0]); i++) {
		const struct bad_case *c = &bad_cases[i];
		char err[IOSWEEP_ERR_MAX] = "";
		struct options o;
		int rc = parse_line(&o, c->line, err, sizeof(err));
		int ok = rc == -1 && !strchr(err, '\n') && err[0];

		for (k = 0; k < 3 && c->want[k]; k++)
			if (!strstr(err, c->want[k]))
				ok = 0;
		CU_ASSERT(ok);
		if (!ok)
			printf("\n  '%s': rc %d, err '%s'\n", c->line, rc, err);
		options_release(&o);
	}
}

struct splash_case {
	const char *line;
	const char *splash[8];
};

/* Command lines of the good fixtures and the lines IOzone printed for them. */
static const struct splash_case splash_cases[] = {
	{ "-a -n 64k -g 8m -i 0 -i 1 -f /tmp/ioz/t",      /* 01 */
	  { "\tAuto Mode", "\tUsing minimum file size of 64 kilobytes.",
	    "\tUsing maximum file size of 8192 kilobytes." } },
	{ "-a -n 64k -g 4m -f /tmp/ioz/t",                /* 02 */
	  { "\tAuto Mode", "\tUsing minimum file size of 64 kilobytes.",
	    "\tUsing maximum file size of 4096 kilobytes." } },
	{ "-a -n 64k -g 4m -R -b /tmp/ioz/out.xls -f /tmp/ioz/t",   /* 03 */
	  { "\tAuto Mode", "\tUsing minimum file size of 64 kilobytes.",
	    "\tUsing maximum file size of 4096 kilobytes.",
	    "\tExcel chart generation enabled" } },
	{ "-s 16m -r 64k -i 0 -i 1 -i 2 -f /tmp/ioz/t",   /* 04 */
	  { "\tFile size set to 16384 kB", "\tRecord Size 64 kB" } },
	{ "-a -n 64k -g 4m -i 0 -i 1 -c -e -f /tmp/ioz/t",  /* 06 */
	  { "\tAuto Mode", "\tUsing minimum file size of 64 kilobytes.",
	    "\tUsing maximum file size of 4096 kilobytes.",
	    "\tInclude close in write timing", "\tInclude fsync in write timing" } },
#ifdef HAVE_O_DIRECT
	{ "-s 16m -r 64k -i 0 -i 1 -I -f /tmp/ioz/t",     /* 07 */
	  { "\tFile size set to 16384 kB", "\tRecord Size 64 kB",
	    "\tO_DIRECT feature enabled" } },
#endif
	{ "-a -n 64k -g 4m -i 0 -i 1 -O -f /tmp/ioz/t",   /* 08 */
	  { "\tAuto Mode", "\tUsing minimum file size of 64 kilobytes.",
	    "\tUsing maximum file size of 4096 kilobytes.",
	    "\tOPS Mode. Output is in operations per second." } },
	{ "-s 16m -r 64k -i 0 -i 1 -+u -f /tmp/ioz/t",    /* 09 */
	  { "\tFile size set to 16384 kB", "\tRecord Size 64 kB",
	    "\tCPU utilization Resolution = 0.000 seconds.",
	    "\tCPU utilization Excel chart enabled" } },
	{ "-a -n 64k -g 4m -i 0 -i 1 -R -f /tmp/ioz/t",   /* 13 */
	  { "\tAuto Mode", "\tUsing minimum file size of 64 kilobytes.",
	    "\tUsing maximum file size of 4096 kilobytes.",
	    "\tExcel chart generation enabled" } },
	{ "-a -g 32m -i 0 -i 1 -f /tmp/ioz/t",            /* 15 */
	  { "\tAuto Mode", "\tUsing maximum file size of 32768 kilobytes." } },
	{ "-a -n 64k -g 1m -i 0 -i 1 -+u -R -f /tmp/ioz/t",  /* 19 */
	  { "\tAuto Mode", "\tUsing minimum file size of 64 kilobytes.",
	    "\tUsing maximum file size of 1024 kilobytes.",
	    "\tCPU utilization Resolution = 0.000 seconds.",
	    "\tCPU utilization Excel chart enabled",
	    "\tExcel chart generation enabled" } },
	{ "-s 1m -r 4k -i 0 -i 1 -N -f /tmp/ioz/t",       /* 21 */
	  { "\tFile size set to 1024 kB", "\tRecord Size 4 kB",
	    "\tMicroseconds/op Mode. Output is in microseconds per operation." } },
	{ "-s 8m -r 64k -E -i 0 -i 9 -i 10 -f /tmp/ioz/t",  /* 22 */
	  { "\tFile size set to 8192 kB", "\tRecord Size 64 kB" } },
	{ "-s 4m -r 64k -i 0 -i 1 -+n -f /tmp/ioz/t",     /* 24 */
	  { "\tFile size set to 4096 kB", "\tRecord Size 64 kB",
	    "\tNo retest option selected" } },
	{ "-t 2 -s 8m -r 64k -i 0 -i 1 -F /tmp/ioz/f1 /tmp/ioz/f2",   /* 05 */
	  { "\tFile size set to 8192 kB", "\tRecord Size 64 kB" } },
	{ "-t 2 -s 8m -r 64k -i 0 -i 1 -+u -F /tmp/ioz/f1 /tmp/ioz/f2",   /* 14 */
	  { "\tFile size set to 8192 kB", "\tRecord Size 64 kB",
	    "\tCPU utilization Resolution = 0.000 seconds.",
	    "\tCPU utilization Excel chart enabled" } },
	{ "-t 2 -s 4m -r 64k -F /tmp/ioz/f1 /tmp/ioz/f2",   /* 17 */
	  { "\tFile size set to 4096 kB", "\tRecord Size 64 kB" } },
	{ "-l 1 -u 2 -s 4m -r 64k -i 0 -F /tmp/ioz/f1 /tmp/ioz/f2",   /* 27 */
	  { "\tFile size set to 4096 kB", "\tRecord Size 64 kB" } },
	{ "-t 2 -x -T -C -+k -s 1m -r 64k",
	  { "\tStonewall disabled", "\tFile size set to 1024 kB", "\tRecord Size 64 kB" } },
	/* options not in a fixture, lines as IOzone 3.508 prints them */
	{ "-az -w -p -o -+q 3",
	  { "\tAuto Mode", "\tCross over of record size disabled.", "\tSetting no_unlink",
	    "\tPurge Mode On", "\tSYNC Mode. ", "\tDelay 3 seconds between tests enabled." } },
	{ "-A", { "\tAuto Mode 2. This option is obsolete. Use -az -i0 -i1 " } },
	/* -V N prints its byte four times over with %x; -V 0 is IOzone's 0x3a */
	{ "-V 165 -s 1m", { "\tVerify Mode. Pattern a5a5a5a5",
			    "\tPerformance measurements are invalid in this mode.",
			    "\tFile size set to 1024 kB" } },
	{ "-+d -V0 -V 7", { "\t>>> I/O Diagnostic mode enabled. <<<",
			    "\tPerformance measurements are invalid in this mode.",
			    "\tVerify Mode. Pattern 3a3a3a3a",
			    "\tPerformance measurements are invalid in this mode.",
			    "\tVerify Mode. Pattern 7070707",
			    "\tPerformance measurements are invalid in this mode." } },
	{ "-a -y 4k -q 1m", { "\tAuto Mode", "\tUsing Minimum Record Size 4 kB",
			      "\tUsing Maximum Record Size 1024 kB" } },
#if defined(HAVE_O_DSYNC) && defined(HAVE_O_RSYNC)
	{ "-+D -+r -a", { "\t>>> O_DSYNC mode enabled. <<<", "\tRead & Write sync mode active.",
			  "\tAuto Mode" } },
#endif
	/* our long options and -j, -E, -+x, -f add no lines */
	{ "-a -E -j 3 -+x 4 -f x --trials 3 --warmup 1 --order sweep --label L "
	  "--out d --data zero --dry-run --quiet --overwrite --gzip --force",
	  { "\tAuto Mode" } },
};

static void test_splash(void)
{
	size_t i, k;

	for (i = 0; i < sizeof(splash_cases) / sizeof(splash_cases[0]); i++) {
		const struct splash_case *c = &splash_cases[i];
		char err[IOSWEEP_ERR_MAX] = "";
		struct options o;
		size_t n = 0;
		int ok;

		ok = parse_line(&o, c->line, err, sizeof(err)) == 0;
		while (n < 8 && c->splash[n])
			n++;
		ok = ok && o.nsplash == n;
		for (k = 0; ok && k < n; k++)
			ok = !strcmp(o.splash[k], c->splash[k]);
		CU_ASSERT(ok);
		if (!ok) {
			printf("\n  '%s': err '%s', %zu lines:\n", c->line, err, o.nsplash);
			for (k = 0; k < o.nsplash; k++)
				printf("    [%s]\n", o.splash[k]);
		}
		options_release(&o);
	}
}

static void test_machine(void)
{
	char err[IOSWEEP_ERR_MAX];
	struct options o;

	CU_ASSERT_EQUAL(parse_line(&o, "-M -a", err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(o.machine, 1);
	CU_ASSERT_EQUAL(o.nsplash, 3);
	if (o.nsplash == 3) {
		CU_ASSERT_STRING_EQUAL(o.splash[0], "");
		CU_ASSERT_EQUAL(strncmp(o.splash[1], "\tMachine = ", 11), 0);
		CU_ASSERT(strlen(o.splash[1]) > 11);
		CU_ASSERT_STRING_EQUAL(o.splash[2], "\tAuto Mode");
	}
	options_release(&o);
}

static void test_defaults(void)
{
	char err[IOSWEEP_ERR_MAX];
	struct options o;

	CU_ASSERT_EQUAL(parse_line(&o, "-a", err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(o.auto_mode, 1);
	CU_ASSERT_EQUAL(o.no_crossover, 0);
	CU_ASSERT_EQUAL(o.multiplier, 2);
	CU_ASSERT_EQUAL(o.stride, 17);
	CU_ASSERT_EQUAL(o.trials, 1);
	CU_ASSERT_EQUAL(o.warmup, 0);
	CU_ASSERT_EQUAL(o.order, OPTIONS_ORDER_CELL);
	CU_ASSERT_EQUAL(o.data, OPTIONS_DATA_RANDOM);
	CU_ASSERT_EQUAL(o.progress, -1);
	CU_ASSERT_EQUAL(o.unit, RESULTS_UNIT_KBPS);
	CU_ASSERT_STRING_EQUAL(o.file, "iosweep.tmp");
	CU_ASSERT_PTR_NULL(o.label);
	CU_ASSERT_PTR_NULL(o.out_dir);
	CU_ASSERT_PTR_NULL(o.xls_path);
	CU_ASSERT_EQUAL(o.nsizes, 0);
	CU_ASSERT_EQUAL(o.nrecords, 0);
	CU_ASSERT_EQUAL(o.tests_mask, 0);
	CU_ASSERT_EQUAL(options_tests(&o), 0xffu);       /* tests 0..7 */
	CU_ASSERT_STRING_EQUAL(o.command_line, "iosweep -a");
	options_release(&o);

	CU_ASSERT_EQUAL(parse_line(&o, "-a -E", err, sizeof(err)), 0);
	/* 0..7, 9..12; without pwritev/preadv 0..7, 9, 10 */
	CU_ASSERT_EQUAL(options_tests(&o), io_have_vectored() ? 0x1effu : 0x06ffu);
	options_release(&o);

	/* mmap files: IOzone's tests 0 to 5; -D maps as -B does */
	CU_ASSERT_EQUAL(parse_line(&o, "-a -B -G -Z", err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(options_tests(&o), 0x3fu);
	CU_ASSERT(options_mmap(&o) && o.msync_sync && o.mmap_mix && !o.msync_async);
	options_release(&o);
	CU_ASSERT_EQUAL(parse_line(&o, "-a -D", err, sizeof(err)), 0);
	CU_ASSERT(options_mmap(&o) && o.msync_async && !o.mmap);
	options_release(&o);
}

static void test_qd_values(void)
{
	char err[IOSWEEP_ERR_MAX];
	struct options o;

	/* -H is IOzone's spelling of --iodepth; without -i: tests 0, 1, 2 */
	CU_ASSERT_EQUAL_FATAL(parse_line(&o, "-s 1m -r 4k -H 8 --jobs 4 --mix 70 "
					 "--runtime 1.5m --ramp 500ms --precondition",
					 err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(o.iodepth, 8);
	CU_ASSERT_EQUAL(o.jobs, 4);
	CU_ASSERT_EQUAL(o.mix_given, 1);
	CU_ASSERT_EQUAL(o.mix_read_pct, 70);
	CU_ASSERT_EQUAL(o.runtime_ms, 90000);
	CU_ASSERT_EQUAL(o.ramp_ms, 500);
	CU_ASSERT_EQUAL(o.precondition, 1);
	CU_ASSERT_EQUAL(o.tests_mask, 0x7u);
	CU_ASSERT_TRUE(options_qd(&o));
	options_release(&o);
	/* --mix 0 is a mix too (all writes); plain seconds */
	CU_ASSERT_EQUAL_FATAL(parse_line(&o, "-s 1m -i 0 -i 2 --mix 0 --runtime 3",
					 err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(o.mix_given, 1);
	CU_ASSERT_EQUAL(o.mix_read_pct, 0);
	CU_ASSERT_EQUAL(o.runtime_ms, 3000);
	CU_ASSERT_EQUAL(o.tests_mask, 0x5u);
	options_release(&o);
	CU_ASSERT_EQUAL_FATAL(parse_line(&o, "-s 1m -i 0", err, sizeof(err)), 0);
	CU_ASSERT_FALSE(options_qd(&o));
	options_release(&o);
}

/* -+b SIZE,MS: kB with -s's suffixes, milliseconds; -m a flag */
static void test_iozone_values(void)
{
	char err[IOSWEEP_ERR_MAX];
	struct options o;

	CU_ASSERT_EQUAL_FATAL(parse_line(&o, "-s 1m -i 0 -+b 64,10 -m", err,
					 sizeof(err)), 0);
	CU_ASSERT_EQUAL(o.burst_kb, 64);
	CU_ASSERT_EQUAL(o.burst_ms, 10);
	CU_ASSERT_EQUAL(o.multi_buffer, 1);
	options_release(&o);
	CU_ASSERT_EQUAL_FATAL(parse_line(&o, "-s 1m -i 0 -+b 2m,3600000", err,
					 sizeof(err)), 0);
	CU_ASSERT_EQUAL(o.burst_kb, 2048);
	CU_ASSERT_EQUAL(o.burst_ms, 3600000);
	CU_ASSERT_EQUAL(o.multi_buffer, 0);
	options_release(&o);
	CU_ASSERT_EQUAL_FATAL(parse_line(&o, "-s 1m -i 0", err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(o.burst_kb, 0);
	options_release(&o);
}

static void test_values(void)
{
	char err[IOSWEEP_ERR_MAX];
	struct options o;

	/* clusters and attached values, as IOzone's getopt reads them */
	CU_ASSERT_EQUAL(parse_line(&o, "-az -i0 -i1 -s16m -r64k -Rb out.xls -ce -+u -w",
				   err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(o.auto_mode, 1);
	CU_ASSERT_EQUAL(o.no_crossover, 1);
	CU_ASSERT_EQUAL(o.tests_mask, 0x3u);
	CU_ASSERT_EQUAL(o.nsizes, 1);
	CU_ASSERT_EQUAL(o.sizes_kb[0], 16384);
	CU_ASSERT_EQUAL(o.nrecords, 1);
	CU_ASSERT_EQUAL(o.records_kb[0], 64);
	CU_ASSERT_EQUAL(o.excel, 1);
	CU_ASSERT_STRING_EQUAL(o.xls_path, "out.xls");
	CU_ASSERT_EQUAL(o.include_close, 1);
	CU_ASSERT_EQUAL(o.include_fsync, 1);
	CU_ASSERT_EQUAL(o.cpu_util, 1);
	CU_ASSERT_EQUAL(o.keep_file, 1);
	CU_ASSERT_STRING_EQUAL(o.command_line,
			       "iosweep -az -i0 -i1 -s16m -r64k -Rb out.xls -ce -+u -w");
	options_release(&o);

	/* verify mode: -V's byte (0: IOzone's), -+d */
	CU_ASSERT_EQUAL(parse_line(&o, "-V 0 -s 1m -i 0", err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(o.verify, 1);
	CU_ASSERT_EQUAL(o.verify_byte, OPTIONS_DEFAULT_VERIFY_BYTE);
	CU_ASSERT_EQUAL(o.diag, 0);
	options_release(&o);
	CU_ASSERT_EQUAL(parse_line(&o, "-aV255 -+d -i 0 -i 1", err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(o.verify_byte, 255);
	CU_ASSERT_EQUAL(o.diag, 1);
	CU_ASSERT_EQUAL(o.auto_mode, 1);
	options_release(&o);

	/* -b alone implies -R, without -R's splash line */
	CU_ASSERT_EQUAL(parse_line(&o, "-a -b x.xls", err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(o.excel, 1);
	CU_ASSERT_EQUAL(o.nsplash, 1);
	options_release(&o);

	/* repeated -s and -r: lists in order, auto mode without crossover */
	CU_ASSERT_EQUAL(parse_line(&o, "-s 1m -s 4m -s 2m -r 4k -i 0", err,
				   sizeof(err)), 0);
	CU_ASSERT_EQUAL(o.nsizes, 3);
	CU_ASSERT_EQUAL(o.sizes_kb[0], 1024);
	CU_ASSERT_EQUAL(o.sizes_kb[1], 4096);
	CU_ASSERT_EQUAL(o.sizes_kb[2], 2048);
	CU_ASSERT_EQUAL(o.auto_mode, 1);
	CU_ASSERT_EQUAL(o.no_crossover, 1);
	CU_ASSERT_EQUAL(o.nsplash, 4);
	options_release(&o);

	CU_ASSERT_EQUAL(parse_line(&o, "-s 1m -r 4k -r 64k -r 1024 -i 0", err,
				   sizeof(err)), 0);
	CU_ASSERT_EQUAL(o.nrecords, 3);
	CU_ASSERT_EQUAL(o.records_kb[2], 1024);
	CU_ASSERT_EQUAL(o.auto_mode, 1);
	CU_ASSERT_EQUAL(o.no_crossover, 1);
	options_release(&o);

	/* records larger than a file in a list are the plan's triangle, not errors */
	CU_ASSERT_EQUAL(parse_line(&o, "-s 64k -s 1m -r 4k -r 128k -i 0", err,
				   sizeof(err)), 0);
	options_release(&o);

	/* single -s and -r: no auto mode */
	CU_ASSERT_EQUAL(parse_line(&o, "-s 1m -r 4k -i 0 -i 1 -i 2", err,
				   sizeof(err)), 0);
	CU_ASSERT_EQUAL(o.auto_mode, 0);
	CU_ASSERT_EQUAL(o.tests_mask, 0x7u);
	CU_ASSERT_EQUAL(options_tests(&o), 0x7u);
	options_release(&o);

	/* -A: auto2, no crossover, tests 0 and 1 */
	CU_ASSERT_EQUAL(parse_line(&o, "-A", err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(o.auto_mode, 1);
	CU_ASSERT_EQUAL(o.auto2, 1);
	CU_ASSERT_EQUAL(o.no_crossover, 1);
	CU_ASSERT_EQUAL(options_tests(&o), 0x3u);
	options_release(&o);

	/* the grid limits and -+ options with their values in the next word */
	CU_ASSERT_EQUAL(parse_line(&o, "-a -n 64k -g 2g -y 8 -q 16m -+x 4 -j 3 -+q 5 "
				   "-O -I -+n -E -i 0 -i 9 -i 10", err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(o.min_file_kb, 64);
	CU_ASSERT_EQUAL(o.max_file_kb, 2097152);
	CU_ASSERT_EQUAL(o.min_rec_kb, 8);
	CU_ASSERT_EQUAL(o.max_rec_kb, 16384);
	CU_ASSERT_EQUAL(o.multiplier, 4);
	CU_ASSERT_EQUAL(o.stride, 3);
	CU_ASSERT_EQUAL(o.sleep_between_s, 5);
	CU_ASSERT_EQUAL(o.unit, RESULTS_UNIT_OPS);
	CU_ASSERT_EQUAL(o.no_retest, 1);
	CU_ASSERT_EQUAL(o.extended, 1);
	CU_ASSERT_EQUAL(o.tests_mask, 0x601u);
	options_release(&o);

	CU_ASSERT_EQUAL(parse_line(&o, "-a -N -o", err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(o.unit, RESULTS_UNIT_USEC);
	CU_ASSERT_EQUAL(o.osync, 1);
	options_release(&o);

	/* our long options, both spellings */
	CU_ASSERT_EQUAL(parse_line(&o, "-a --trials 5 --warmup=2 --order=sweep "
				   "--label WD-Raptor --out=res --data ratio=0.25 "
				   "--dry-run --progress --overwrite --gzip --force "
				   "--file=t.tmp --file-size 1m --record-size=4k", err,
				   sizeof(err)), 0);
	CU_ASSERT_EQUAL(o.trials, 5);
	CU_ASSERT_EQUAL(o.warmup, 2);
	CU_ASSERT_EQUAL(o.order, OPTIONS_ORDER_SWEEP);
	CU_ASSERT_STRING_EQUAL(o.label, "WD-Raptor");
	CU_ASSERT_STRING_EQUAL(o.out_dir, "res");
	CU_ASSERT_EQUAL(o.data, OPTIONS_DATA_RATIO);
	CU_ASSERT_DOUBLE_EQUAL(o.data_ratio, 0.25, 1e-12);
	CU_ASSERT_EQUAL(o.dry_run, 1);
	CU_ASSERT_EQUAL(o.progress, 1);
	CU_ASSERT_EQUAL(o.overwrite, 1);
	CU_ASSERT_EQUAL(o.gzip, 1);
	CU_ASSERT_EQUAL(o.force, 1);
	CU_ASSERT_STRING_EQUAL(o.file, "t.tmp");
	CU_ASSERT_EQUAL(o.sizes_kb[0], 1024);
	CU_ASSERT_EQUAL(o.records_kb[0], 4);
	options_release(&o);

	CU_ASSERT_EQUAL(parse_line(&o, "-a --quiet --data ratio=0 -f a -f b", err,
				   sizeof(err)), 0);
	CU_ASSERT_EQUAL(o.progress, 0);
	CU_ASSERT_EQUAL(o.data, OPTIONS_DATA_RATIO);
	CU_ASSERT_DOUBLE_EQUAL(o.data_ratio, 0.0, 1e-12);
	CU_ASSERT_STRING_EQUAL(o.file, "b");     /* the last -f wins */
	options_release(&o);
}

/* Throughput mode: counts, files, flags. */
static void test_throughput(void)
{
	static const struct {
		const char *line;
		unsigned want[6];  /* child counts, 0-terminated */
	} counts[] = {
		{ "-t 2", { 2 } },
		{ "-t 1 -t 4 -t 2", { 1, 4, 2 } },
		{ "-l 1 -u 3", { 1, 2, 3 } },
		{ "-u 2", { 1, 2 } },
		{ "-l 3", { 3 } },
		{ "-s 1m", { 0 } },
	};
	unsigned got[8];
	char err[IOSWEEP_ERR_MAX];
	struct options o;

	for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++) {
		size_t n = 0, k;
		CU_ASSERT_EQUAL_FATAL(parse_line(&o, counts[i].line, err, sizeof(err)), 0);
		while (counts[i].want[n])
			n++;
		CU_ASSERT_EQUAL(options_throughput(&o), n > 0);
		CU_ASSERT_EQUAL(options_child_counts(&o, got, 8), n);
		for (k = 0; k < n; k++)
			CU_ASSERT_EQUAL(got[k], counts[i].want[k]);
		options_release(&o);
	}
	CU_ASSERT_EQUAL(parse_line(&o, "-t 3 -F a b c -T -x -C -+k -s 3m -r 64k -i 0 "
				   "-i 8 -i 9 -i 10", err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(o.nfiles, 3);
	if (o.nfiles == 3) {
		CU_ASSERT_STRING_EQUAL(o.files[0], "a");
		CU_ASSERT_STRING_EQUAL(o.files[2], "c");
	}
	CU_ASSERT_EQUAL(o.threads, 1);
	CU_ASSERT_EQUAL(o.no_stonewall, 1);
	CU_ASSERT_EQUAL(o.show_children, 1);
	CU_ASSERT_EQUAL(o.aggregate, 1);
	CU_ASSERT_EQUAL(o.tests_mask, (1u << 0) | (1u << 8) | (1u << 9) | (1u << 10));
	options_release(&o);
	/* -F takes as many words as the largest count, then options go on */
	CU_ASSERT_EQUAL(parse_line(&o, "-l 1 -u 2 -F x y -w", err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(o.nfiles, 2);
	CU_ASSERT_EQUAL(o.keep_file, 1);
	options_release(&o);
}

static void test_help_version(void)
{
	static const char *const lines[] = {
		"-h", "--help", "-ah", "-s foo -h", "-h -s foo", "--help -t 2"
	};
	char err[IOSWEEP_ERR_MAX];
	struct options o;
	size_t i;

	/* -h stops parsing, as IOzone's exits: what follows is not read */
	for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		int rc = parse_line(&o, lines[i], err, sizeof(err));

		if (i == 3) {
			CU_ASSERT_EQUAL(rc, -1);    /* -s foo comes first */
		} else {
			CU_ASSERT_EQUAL(rc, 0);
			CU_ASSERT_EQUAL(o.help, 1);
		}
		options_release(&o);
	}
	CU_ASSERT_EQUAL(parse_line(&o, "-v", err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(o.version, 1);
	options_release(&o);
	CU_ASSERT_EQUAL(parse_line(&o, "--version", err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(o.version, 1);
	options_release(&o);
}

/* --help comes from the table: every option we accept is in it. */
static void test_help_text(void)
{
	static const char *const want[] = {
		"usage: iosweep", "-a, --auto", "-s, --file-size SIZE", "-+x, --multiplier N",
		"-i, --test N", "-+u, --cpu", "-b, --xls FILE", "--trials N",
		"--data random|zero|ratio=X", "--dry-run", "-t, --children N", "-F, --files FILE...",
		"-d, --stagger US", "-+k, --aggregate",
		"(default 17)", "(default iosweep.tmp)",
	};
	char *buf = NULL;
	size_t len = 0, i;
	FILE *f = open_memstream(&buf, &len);

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	options_write_help(f);
	fclose(f);
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		CU_ASSERT_PTR_NOT_NULL(strstr(buf, want[i]));
		if (!strstr(buf, want[i]))
			printf("\n  help lacks '%s'\n", want[i]);
	}
	/* no line wider than 79 columns */
	{
		const char *p = buf, *nl;
		size_t widest = 0;

		for (; (nl = strchr(p, '\n')); p = nl + 1)
			if ((size_t)(nl - p) > widest)
				widest = (size_t)(nl - p);
		CU_ASSERT(widest <= 79);
	}
	free(buf);
}

static void test_release_after_error(void)
{
	char err[IOSWEEP_ERR_MAX];
	struct options o;

	/* strings and splash lines made before the error are freed (ASan checks) */
	CU_ASSERT_EQUAL(parse_line(&o, "-a -s 1m -f x --label y -b z -i 99", err,
				   sizeof(err)), -1);
	CU_ASSERT(o.nsplash > 0);
	options_release(&o);
	CU_ASSERT_PTR_NULL(o.file);
	options_release(&o);    /* twice is harmless */
}

/* -W, -+l, -+L, -+V: each sets what it names; -+L both of its parts. */
static void test_locks_and_shared(void)
{
	char err[IOSWEEP_ERR_MAX] = "";
	struct options o;

	CU_ASSERT_EQUAL_FATAL(parse_line(&o, "-t 2 -s 1m -i 0 -+L", err,
					 sizeof(err)), 0);
	CU_ASSERT(o.rlocking && o.share_file && !o.file_lock);
	size_t lines = 0;
	for (size_t i = 0; i < o.nsplash; i++)
		lines += strstr(o.splash[i], "Record locking, shared file mode") != NULL;
	CU_ASSERT_EQUAL(lines, 1);
	options_release(&o);
	CU_ASSERT_EQUAL_FATAL(parse_line(&o, "-s 1m -i 0 -W -+l", err,
					 sizeof(err)), 0);
	CU_ASSERT(o.rlocking && o.file_lock && !o.share_file);
	options_release(&o);
	CU_ASSERT_EQUAL_FATAL(parse_line(&o, "-t 2 -s 1m -i 0 -+V", err,
					 sizeof(err)), 0);
	CU_ASSERT(o.share_file && !o.rlocking && !o.file_lock);
	options_release(&o);
	CU_ASSERT_EQUAL(parse_line(&o, "-s 1m -i 0 -+V --jobs 2", err,
				   sizeof(err)), -1);
	CU_ASSERT(strstr(err, "-+V and --jobs") != NULL);
	options_release(&o);
}

/* --ci's share, and -g auto: twice the RAM, on the -n series. */
static void test_ci_and_auto(void)
{
	char err[IOSWEEP_ERR_MAX] = "";
	struct options o;
	CU_ASSERT_EQUAL_FATAL(parse_line(&o, "-a -i 0 --trials 7 --ci 2.5%", err,
					 sizeof(err)), 0);
	CU_ASSERT_DOUBLE_EQUAL(o.ci_target, 0.025, 1e-12);
	CU_ASSERT_EQUAL(o.trials, 7);
	options_release(&o);
	CU_ASSERT_EQUAL_FATAL(parse_line(&o, "-a -i 0 --trials 3 --ci 5", err,
					 sizeof(err)), 0);
	CU_ASSERT_DOUBLE_EQUAL(o.ci_target, 0.05, 1e-12);
	options_release(&o);

	uint64_t ram = sysinfo_ram_kb();
	CU_ASSERT_FATAL(ram > 0);
	CU_ASSERT_EQUAL_FATAL(parse_line(&o, "-a -g auto -n 1m -i 0 --until-settled", err,
					 sizeof(err)), 0);
	CU_ASSERT(o.max_file_auto && o.until_settled);
	/* 1 MB doubled to the first size at least twice the RAM */
	CU_ASSERT(o.max_file_kb >= 2 * ram && o.max_file_kb < 4 * ram);
	CU_ASSERT_EQUAL(o.max_file_kb % 1024, 0);
	CU_ASSERT_EQUAL(o.max_file_kb & (o.max_file_kb / 1024 - 1) * 1024, 0);
	char line[64];
	snprintf(line, sizeof(line), "\tUsing maximum file size of %llu kilobytes.",
		 (unsigned long long)o.max_file_kb);
	int found = 0;
	for (size_t i = 0; i < o.nsplash; i++)
		found |= !strcmp(o.splash[i], line);
	CU_ASSERT(found);
	options_release(&o);
	/* -+x 4 from 64 kB */
	CU_ASSERT_EQUAL_FATAL(parse_line(&o, "-a -+x 4 -g auto -i 0", err, sizeof(err)), 0);
	uint64_t v = 64;
	while (v < 2 * ram)
		v *= 4;
	CU_ASSERT_EQUAL(o.max_file_kb, v);
	options_release(&o);
}

/*
 * options_build: values given as values make the options their recorded
 * words parse to, field for field and splash line for splash line; a
 * value out of range is refused with the typed option's own message, and
 * the first error sticks.
 */
static void test_build(void)
{
	struct options b, p;
	char err[IOSWEEP_ERR_MAX], perr[IOSWEEP_ERR_MAX];
	struct options_build *ob = options_build_begin(&b, err, sizeof(err));

	CU_ASSERT_PTR_NOT_NULL_FATAL(ob);
	options_build_flag(ob, "a");
	options_build_num(ob, "n", 16 * 1024);
	options_build_num(ob, "g", 1024 * 1024);
	options_build_num(ob, "r", 4);
	options_build_num(ob, "r", 1024);
	options_build_num(ob, "i", 0);
	options_build_num(ob, "i", 2);
	options_build_flag(ob, "+n");
	options_build_num(ob, "trials", 5);
	options_build_real(ob, "ci", 2.5);
	options_build_text(ob, "f", "/tmp/x y/iosweep.tmp");
	options_build_text(ob, "label", "nas");
	CU_ASSERT_EQUAL_FATAL(options_build_end(ob), 0);
	CU_ASSERT_STRING_EQUAL(b.command_line, "iosweep -a -n 16m -g 1g -r 4k -r 1m -i 0 "
			       "-i 2 -+n --trials 5 --ci 2.5% -f /tmp/x y/iosweep.tmp "
			       "--label nas");
	/* the words parse to the same options */
	char **argv = calloc(b.nwords + 2, sizeof(char *));
	CU_ASSERT_PTR_NOT_NULL_FATAL(argv);
	argv[0] = "iosweep";
	for (size_t i = 0; i < b.nwords; i++)
		argv[i + 1] = b.words[i];
	CU_ASSERT_EQUAL_FATAL(options_parse(&p, (int)b.nwords + 1, argv, perr,
					    sizeof(perr)), 0);
	free(argv);
	CU_ASSERT_EQUAL(p.auto_mode, b.auto_mode);
	CU_ASSERT_EQUAL(b.min_file_kb, 16 * 1024);
	CU_ASSERT_EQUAL(p.max_file_kb, b.max_file_kb);
	CU_ASSERT_EQUAL(b.nrecords, 2);
	CU_ASSERT_EQUAL(p.records_kb[1], b.records_kb[1]);
	CU_ASSERT_EQUAL(p.tests_mask, b.tests_mask);
	CU_ASSERT_EQUAL(b.trials, 5);
	CU_ASSERT_DOUBLE_EQUAL(b.ci_target, 0.025, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(p.ci_target, b.ci_target, 1e-12);
	CU_ASSERT_STRING_EQUAL(p.file, b.file);
	CU_ASSERT_EQUAL_FATAL(p.nsplash, b.nsplash);
	for (size_t i = 0; i < b.nsplash; i++)
		CU_ASSERT_STRING_EQUAL(p.splash[i], b.splash[i]);
	options_release(&p);
	options_release(&b);

	/* a duration in ms; a value out of range: the typed message */
	ob = options_build_begin(&b, err, sizeof(err));
	options_build_num(ob, "s", 1024);
	options_build_num(ob, "i", 0);
	options_build_num(ob, "iodepth", 8);
	options_build_num(ob, "runtime", 1500);
	CU_ASSERT_EQUAL(options_build_num(ob, "jobs", 100000), -1);
	CU_ASSERT_EQUAL(options_build_num(ob, "trials", 3), -1);   /* sticks */
	CU_ASSERT_EQUAL(options_build_end(ob), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "--jobs '100000'"));
	CU_ASSERT_EQUAL(b.runtime_ms, 1500);
	options_release(&b);

	/* the rules across options hold for built options too */
	ob = options_build_begin(&b, err, sizeof(err));
	options_build_num(ob, "s", 1024);
	options_build_num(ob, "i", 0);
	options_build_num(ob, "trials", 2);
	options_build_real(ob, "ci", 5);
	CU_ASSERT_EQUAL(options_build_end(ob), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "--ci '5%'"));
	options_release(&b);

	/* a name no option has is refused, not ignored */
	ob = options_build_begin(&b, err, sizeof(err));
	CU_ASSERT_EQUAL(options_build_flag(ob, "no-such-option"), -1);
	CU_ASSERT_EQUAL(options_build_end(ob), -1);
	options_release(&b);
}

static const struct cu_case cases[] = {
	CU_CASE(test_bad),
	CU_CASE(test_ci_and_auto),
	CU_CASE(test_splash),
	CU_CASE(test_machine),
	CU_CASE(test_defaults),
	CU_CASE(test_values),
	CU_CASE(test_iozone_values),
	CU_CASE(test_qd_values),
	CU_CASE(test_throughput),
	CU_CASE(test_help_version),
	CU_CASE(test_help_text),
	CU_CASE(test_release_after_error),
	CU_CASE(test_locks_and_shared),
	CU_CASE(test_build),
	{ 0, 0 }
};

CU_MAIN("options", cases)
