#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# run.sh: seed and run the libFuzzer targets of tests/fuzz (make fuzz).
#
#   run.sh --probe                 exit 0 when $FUZZ_CC (clang) can build a
#                                  libFuzzer target here, 1 otherwise
#   run.sh SECONDS BIN...          run each target for SECONDS (or for
#                                  $FUZZ_RUNS executions when that is set)
#   run.sh --check RUNS BIN...     make check's leg: the same work every
#                                  time (see below)
#
# Open-ended (make fuzz): each target keeps its corpus in <bin
# dir>/corpus/<name>/, seeded on the first run from ../shared/fixtures
# (copied, never committed) and from the small built-in seeds below; new
# inputs found are kept there for the next run.
#
# --check (make check): each target starts from a corpus made anew in <bin
# dir>/check-corpus/<name>/ (the same seeds and regress/ inputs), replays
# it, then runs exactly RUNS inputs from the fixed -seed=$FUZZ_SEED (1), so
# two runs do the same work whatever the machine's speed or load: a
# failure there is the code's, never the search's luck.
#
# A crash, leak, timeout or sanitizer report stops the target with the
# reproducer in <bin dir>/artifacts/<name>/ and a non-zero exit; the
# failure is printed whole where it is read (the sanitizer's report and
# stack, the input as base64, the command that replays it), since a CI
# machine's build/ is gone with it.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
fixtures="$top/../shared/fixtures"

if [ "${1:-}" = "--probe" ]; then
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/iosweep-fuzzprobe.XXXXXX") || exit 1
	printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n);\nint LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' >"$tmp/p.c"
	"${FUZZ_CC:-clang}" -fsanitize=fuzzer,address,undefined -o "$tmp/p" "$tmp/p.c" >/dev/null 2>&1 &&
		"$tmp/p" -runs=1 >/dev/null 2>&1
	rc=$?
	rm -rf "$tmp"
	exit $rc
fi

check=0
if [ "${1:-}" = "--check" ]; then
	check=1
	shift
fi
secs=${1:?usage: run.sh [--check] SECONDS|RUNS BIN...}
shift

# seed_options DIR: one argument per line, from the fixtures' command lines.
seed_options() {
	n=0
	for f in "$fixtures"/iozone/*.txt "$fixtures"/real-iozone/*; do
		[ -f "$f" ] || continue
		line=$(grep -m 1 'Command line used:' "$f" 2>/dev/null | sed 's/.*Command line used: *[^ ]*//')
		[ -n "$line" ] || continue
		n=$((n + 1))
		printf '%s\n' $line >"$1/fixture-$n"
	done
	i=0
	while IFS= read -r args; do
		i=$((i + 1))
		printf '%s\n' $args >"$1/seed-$i"
	done <<'SEEDS'
-a -f /tmp/x
-a -n 1m -g 64m -i 0 -i 1 --trials 3 --label x --out d
-s 16e -r 0
-a -+x 99999999999999999999 -g 1t -y 4k
-t 100000 -F a b
-s 64k -s 128k -r 4k -r 8k -i 0 -i 2 -E -i 11 -z -R -b x.xls
-A -O -N -+u -I -e -c -o -+D -+r -w -p -+n -j 3 -+q 1
--data ratio=0.5 --order sweep --warmup 2 --gzip --plot --dry-run
--data=zero --progress --quiet --overwrite --force --help
-v
SEEDS
}

# seed_import DIR: the fixture reports behind a 0 byte (no prefix, see
# fuzz_import.c), and a results.csv body behind a 3 byte (CSV header).
seed_import() {
	for f in "$fixtures"/iozone/*.txt "$fixtures"/iozone/*.xls "$fixtures"/real-iozone/*; do
		[ -f "$f" ] || continue
		case $f in *SPEC.md|*README.md|*SOURCES.md) continue ;; esac
		{ printf '\000'; head -c 60000 "$f"; } >"$1/$(basename "$f")"
	done
	printf '\0031,disk,write,64,4,0,65536,0.000100000,640000.000,16,0.000010,0.000020,0.000200000,0\n1,disk,read,64,4,0,65536,0.000050000,1280000.000,16,,,0.000100000,1\n' >"$1/seed-csv"
	printf '\001            64       4   100000   200000   300000   400000\n' >"$1/seed-text"
	# throughput mode (-t): the reports and sheets of tests/data/iozone-tp
	for f in "$top"/tests/data/iozone-tp/*.txt "$top"/tests/data/iozone-tp/*.xls; do
		[ -f "$f" ] || continue
		{ printf '\000'; head -c 60000 "$f"; } >"$1/tp-$(basename "$f")"
	done
	printf '\004 547228.09 kB/sec\n\tParent sees throughput for  1 initial writers \t=  1.00 kB/sec\n\tMin xfer \t= 4096.00 kB\n\tChild[0] xfer count =    4096.00 kB, Throughput = 547228.09 kB/sec\niozone test complete.\n' >"$1/seed-tp-text"
	printf '\0051,x,readers,2,0,,4096,64,kB,10.5,2.0,1,2,5.25,4096,,,0.1,0.2,200\n1,x,readers,2,0,0,4096,64,kB,,,,,,,4096,1\n' >"$1/seed-tp-csv"
	printf '\006' >"$1/seed-tp-biff"
}

# seed_import_dir DIR: meta.csv, a NUL, the rows of results.csv.
seed_import_dir() {
	{ printf 'key,value\nschema,1\nlabel,"disk, ""A"""\ntool,iosweep\nflags,"direct,fsync"\nsource_unit,kb_per_s\ntrials,2\nstatus,complete\nram_kb,262144\ndata_compress_ratio,1.0\n'
	  printf '\000'
	  printf '1,disk,write,64,4,0,65536,0.000100000,640000.000,16,0.000010,0.000020,0.000200000,0,,,,,,,,\n1,disk,write,64,4,1,65536,0.000100000,640000.000,16,,,0.000200000,1,,,,,,,,\n'; } >"$1/seed-1"
	printf 'key,value\nschema,2\n' >"$1/seed-2"
	# schema 5: small-file operations, a run's rows, a job's, an imported
	# rate, and their summary (the third part)
	{ printf 'key,value\nschema,5\nlabel,box\n\000'
	  printf '5,box,fileop mkdir,,,0,0,0.001000000,,8,,,,0,,1000.000,30.5,8,2,8,0.000010000,0.000400000\n'
	  printf '5,box,fileop mkdir,,,1,0,0.002000000,,8,,,,0,,500.000,31.0,8,2,8,,\n'
	  printf '5,box,files create,,,0,4096,0.010000000,400.000,4,,,,0,all,400.000,,10,,4,,\n'
	  printf '5,box,files create,,,0,2048,0.008000000,250.000,2,,,,0,1,250.000,,10,,2,,\n'
	  printf '5,box,fileop stat,,,0,,,,,,,,0,,3435.000,,27,3,,0.000001000,\n\000'
	  printf 'box,fileop mkdir,,,2,0,1.0,2.0,3.0,1.0,1.5,2.5,3.0,3.0,,,8,2\n'; } >"$1/seed-ops"
}

# seed_files_opts DIR: files command lines, one argument per line.
seed_files_opts() {
	i=0
	while IFS= read -r args; do
		i=$((i + 1))
		printf '%s\n' $args >"$1/seed-$i"
	done <<'SEEDS'
--count 40
--preset photo-library --scale 0.01 --size 2g --trials 3 --out o --json
--depth 3 --width 10 --files 20 --file-size lognormal:64k,3 --jobs 4 --shared-dir
--file-size list:4k,64k,1m --keep --cold --data zero --seed 7
--file-size uniform:20k-60k --count=5 --dir=/tmp/x --overwrite
--preset nope --scale -1 --jobs 0 --json
--list
--help
SEEDS
	printf 'key,value\ntrials,0\nflags,bogus\n' >"$1/seed-3"
}

# seed_jsonout DIR: meta.csv, NUL, summary.csv, NUL, cliffs.csv, NUL, a finding,
# NUL, throughput.csv.
seed_jsonout() {
	{ printf 'key,value\nschema,1\nlabel,"disk, ""A"""\nram_kb,262144\nflags,\n\000'
	  printf 'label,test,file_kb,record_kb,n,mean\n2024,write,64,4,3,100.5\n2024,read,64,4,1,\n\000'
	  printf 'label,test,ratio,finding\n2024,read,8.70,1\n\000read falls 8.7x\n'; } >"$1/seed-1"
	printf 'key,value\n\000label,test\n"open\n' >"$1/seed-2"
	{ printf 'key,value\nlabel,2024\n\000label,test\n\000\000\000'
	  printf 'schema,label,test,processes,trial,child,unit,children_see,xfer\n'
	  printf '1,2024,initial writers,2,0,,kB,547228.090000,\n1,2024,initial writers,2,0,0,ops,,2048.000000\n'; } >"$1/seed-3"
}

# seed_unwrap DIR: real reports as people publish them (fuzz_unwrap.c): in
# a Markdown fence, indented, in HTML, with colour codes and CRLF, in a
# log with time stamps, quoted in Markdown, two in
# one file, interrupted, cut (behind a 1 byte: with --command; and after a
# sentence giving its command line in backticks, after a prompt line),
# with IOzone's splash cut, the published pages as they are, and the
# pages of tests/data/import-published (articles of small tables, a
# pasted report without its splash, a blog post's table, the refusals).
seed_unwrap() {
	esc=$(printf '\033')
	for f in "$fixtures"/real-iozone/psteinb-iozone.out "$fixtures"/iozone/01_*.txt \
		"$fixtures"/iozone/19_*.txt; do
		[ -f "$f" ] || continue
		b=$(basename "$f")
		{ printf '# run\n\n```text\n'; cat "$f"; printf '```\n'; } >"$1/fence-$b"
		{ printf 'run:\n\n'; sed 's/^/    /' "$f"; } >"$1/indent-$b"
		{ printf '<pre>'; sed -e 's/&/\&amp;/g' -e 's/$/<br \/>/' "$f"; printf '</pre>\n'; } >"$1/html-$b"
		sed -e "s/\([0-9][0-9]*\)/${esc}[32m\1${esc}[0m/g" -e 's/$/\r/' "$f" >"$1/ansi-$b"
		{ echo '+ bench.sh'; cat "$f" "$f"; echo 'done'; } >"$1/two-$b"
		sed 's/^/2023-05-01T10:00:00.5Z /' "$f" >"$1/log-$b"
		sed 's/^/Dec  2 05:18:08 nas bench[1]: /' "$f" >"$1/syslog-$b"
		{ echo '> ```'; sed 's/^/> > /' "$f"; } >"$1/quote-$b"
		{ head -n 32 "$f"; printf '              64\niozone: interrupted\n\nexiting iozone\n'; } >"$1/stop-$b"
		{ printf '\001```\n'; sed -n '/random *random/,/^ *[0-9][0-9]* *[0-9]/p' "$f"; printf '```\n'; } >"$1/cut-$b"
		{ printf 'We ran `iozone -a -s 64k -i 0 -i 1`:\n\n```\n'; sed -n '/random *random/,/^ *[0-9][0-9]* *[0-9]/p' "$f"
		  printf '```\n\nThen `sudo iozone -a\n-i 0`:\n\n'; sed -n '/random *random/,/^ *[0-9][0-9]* *[0-9]/s/^/    /p' "$f"; } >"$1/prose-$b"
		{ printf '```console\n$ iozone -a -i 0 -i 1 -O\n'; sed -n '/random *random/,$p' "$f"; printf '```\n'; } >"$1/prompt-$b"
		{ printf 'Our run:\n\n```\n'; sed -n '/Command line used/,$p' "$f"; printf '```\n'; } >"$1/splash-$b"
	done
	for f in "$top"/tests/data/import-published/*.md; do
		[ -f "$f" ] || continue
		cp "$f" "$1/data-$(basename "$f")"
	done
	for f in "$fixtures"/published/*.md; do
		[ -f "$f" ] || continue
		{ printf '\001'; cat "$f"; } >"$1/pub-$(basename "$f")"
	done
}

# seed_import_fileop DIR: the real fileop outputs of tests/data/fileop as
# they are, in a Markdown fence, in HTML, with CRLF, quoted, and cut.
seed_import_fileop() {
	for f in "$top"/tests/data/fileop/*.txt; do
		[ -f "$f" ] || continue
		b=$(basename "$f")
		cp "$f" "$1/$b"
		{ printf '# run\n\n```text\n'; cat "$f"; printf '```\n'; } >"$1/fence-$b"
		{ printf '<pre>'; sed 's/$/<br>/' "$f"; printf '</pre>\n'; } >"$1/html-$b"
		sed 's/$/\r/' "$f" >"$1/crlf-$b"
		sed 's/^/> /' "$f" >"$1/quote-$b"
		head -c 300 "$f" >"$1/cut-$b"
	done
}

# seed_fileop_opts DIR: fileop command lines, one argument per line.
seed_fileop_opts() {
	i=0
	while IFS= read -r args; do
		i=$((i + 1))
		printf '%s\n' $args >"$1/seed-$i"
	done <<'SEEDS'
-f 2
-l 1 -u 3 -i 2 -b -w
-s 4k -f 2 -e -t -n -L
-btf3 -d/tmp/x --trials=3 --out r --latency --overwrite
-f abc -s 1x -l 4 -u 2 -U /mnt
-- 2
-h
-v
SEEDS
}

# seed_timeline DIR: timeline.csv and steady.csv as a run writes them, and
# broken ones (fuzz_timeline.c reads each input as both).
seed_timeline() {
	h=schema,label,test,file_kb,record_kb,trial,client,start_s,length_s,bytes,ops,kb_per_s,iops,lat_mean_us,lat_max_us,lat_p50_us,lat_p99_us
	{ echo "$h"
	  echo '1,"disk, A",write,65536,1024,0,0,0.000000000,0.020000000,2097152,2,102400.00,100.00,9952.182,17558.970,2351.104,17498.111'
	  echo '1,"disk, A",write,65536,1024,0,0,0.020000000,0.020000000,0,0,0.00,0.00,,,,'
	  echo '1,"disk, A",random read,65536,4,1,total,0.040000000,0.003100000,4096,1,1290.32,322.58,3.100,3.100,3.100,3.100'; } >"$1/seed-1"
	printf 'test,file_kb,record_kb,trial,client,start_s,length_s,bytes,ops\nread,1,1,65535,2147483647,18446744073.709551615,.5,1,1\n' >"$1/seed-2"
	printf '%s\nx,y\n"open\n' "$h" >"$1/seed-3"
	# steady.csv (the same target reads its inputs as both files)
	h=schema,label,test,file_kb,record_kb,trial,rule,steady,at_s,ran_s,mean,mean_unit,criterion,criterion_unit
	{ echo "$h"
	  echo '1,"disk, A",write,8192,4,0,iops:slope:100%:500ms,1,0.500,0.500,95416.00,IOPS,17.1000,%'
	  echo '1,"disk, A",precondition,8192,4,1,snia:1m,0,,2.000,,IOPS,,%'
	  echo '1,b,random mix,65536,8,2,bw:range:5000:2s,0,,3.000,81234.50,kB/s,120.0000,kB/s'; } >"$1/seed-4"
	printf '%s\n2,x,read,1,1,0,iops:slope:10%%:30s,1,,1.0,,,,\n' "$h" >"$1/seed-5"
}

seed_units() {
	i=0
	for s in 64 64k 16m 2g 1t 0 -5 1.5m foo 16e 18014398509481983 18014398509481984 \
		18446744073709551615 99999999999999999999999 4K 1T 64kb " 64" ""; do
		i=$((i + 1))
		printf '%s' "$s" >"$1/seed-$i"
	done
}

# seed_journal DIR: journals behind a 1 byte (fuzz_journal.c seals every
# line with its CRC): a sweep's records, a resume, an escaped command
# line, a latency histogram field, a timeline row, a cut last line.
seed_journal() {
	T=$(printf '\t')
	{ printf '\001J%siosweep-journal%s1\n' "$T" "$T"
	  printf 'm%slabel%sdisk%%09A\nm%strials%s2\nm%sflags%s4\n' "$T" "$T" "$T" "$T" "$T" "$T"
	  printf 'a%s/tmp%s3%s-a%s-f%s/tmp/x\n' "$T" "$T" "$T" "$T" "$T"
	  printf 's\twrite\t64\t4\t0\t0\t0\t4\t65536\t16\t100000\t200000\t0\t0\t0\t0x1p-10\t0x1p-9\t0x0p+0\t0x0p+0\t-\t-\t-\n'
	  printf 't\twrite\t64\t4\t0\t0\t10000000\t0\t2000000\t65536\t16\t0x1p+3\t0x1p+4\t-\t0x1p+4\n'
	  printf 'd\t64\t4\t0\n'
	  printf 's\tread\t64\t4\t1\t0\t0\t4\t65536\t16\t50000\t90000\t0\t0\t0\t0x0p+0\t0x1p-9\t0x1.9p+6\t0x0p+0\t-\t-\t-\n'
	  printf 'r\t2026-01-01T00:00:00+00:00\t1\ne\tcomplete\n'; } >"$1/seed-1"
	{ printf '\001J\tiosweep-journal\t1\n'
	  printf 's\twrite\t64\t4\t0\t0\t0\t4\t65536\t16\t100000\t200000\t0\t0\t0\t0x1p-10\t0x1p-9\t0x0p+0\t0x0p+0\t00\t-\t-\n'
	  printf 's\twrite\t64\t4\t1\t0\t0\t4\t6553'; } >"$1/seed-2"
	printf 'J\tiosweep-journal\t1\t94b42430\nd\t64\t4\t0\t00000000\n' >"$1/seed-3"
	{ printf '\001J\tiosweep-journal\t1\n'
	  printf 'p\t0\t2\t4096\t64\t5000000\t4194304\t64\t4000000\t4100000\t0x1p-8\t0x1p-6\t0\t0x0p+0'
	  printf '\t4194304\t64\t4500000\t4600000\t0x1p-8\t0x1p-6\t1\t-0x1p+0\n'
	  printf 'c\t2\t0\np\t2\t1\t4096\t64\t1\t0\t0\t0\t0\t0x0p+0\t0x0p+0\t0\t0x0p+0\n'
	  printf 'r\tnow\t2\n'; } >"$1/seed-4"
}

seed_nfsurl() {
	i=0
	for s in nfs://127.0.0.1/export/file nfs://nas/a/b/c?version=4 nfs://h/f \
		nfs://h/e/f.%r 'nfs://h:2049/e/f' 'nfs://[::1]/e/f' nfs://h/e/ nfs://h/e//f \
		'nfs://h/e/../f' 'nfs://h/e/f?version=3&version=4' 'nfs://h/e/%41' nfs://; do
		i=$((i + 1))
		printf '%s' "$s" >"$1/seed-$i"
	done
}

# seed_mountinfo DIR: a directory line, then a small mount table
seed_mountinfo() {
	{ printf '/mnt/t/x\n'
	  printf '22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw,errors=remount-ro\n'
	  printf '40 22 7:1 / /mnt/t rw,noatime - ext4 /dev/loop1 rw\n'
	  printf '41 22 7:1 /sub /srv/b rw - ext4 /dev/loop1 rw\n'; } >"$1/seed-1"
	printf '/a b\n30 22 0:25 / /a\\040b rw - tmpfs tmpfs rw\n' >"$1/seed-2"
}

seed_netbound() {
	i=0
	for s in 100mbit gigabit 2.5gbe 10gbe 940mbit 1Gbit/s 118MB 118MB/s 100MiB 512kbit \
		1.5.5mbit 0mbit 1kbit 1000000000GB gigabyte 940 "" 0x10mbit; do
		i=$((i + 1))
		printf '%s' "$s" >"$1/seed-$i"
	done
}

# seed_steady DIR: --steady's rules, good and bad (fuzz_steady.c).
seed_steady() {
	i=0
	for s in iops:slope:10%:30s bw:range:2048:2m snia snia:1m bw:snia:5s \
		iops:slope:1e300:1s iops:range:0.0001%:300ms iops:slope:10%% lat:slope:1:30s ""; do
		i=$((i + 1))
		printf '%s' "$s" >"$1/seed-$i"
	done
}

# seed_card DIR: the shipped workloads file behind a 0 byte, a files.csv
# of a real run behind a 1 byte, a link.csv behind a 0xff byte
# (fuzz_card.c).
seed_card() {
	{ printf '\000'; cat "$top/data/nas.workloads"; } >"$1/workloads"
	{ printf '\000'; printf 'batch | b | write | 500g | 8h\nstream | s | read | 25MB | 2 | -\n'; } >"$1/two"
	{ printf '\001'; printf 'trial,phase,job,calls,files,bytes,seconds,ops_per_s,files_per_s,mb_per_s,lat_p50_us,lat_p99_us,short_timing\n'
	  printf '0,create,all,200,200,71274681,0.097,2061.1,2061.1,700.5,103.6,11501.5,0\n'
	  printf '0,read,all,200,200,71274681,0.057,3492.9,3492.9,1187.1,117.5,2416.6,0\n'
	  printf '0,mkdir,all,258,0,0,0.02,10364.6,,,77.0,232.9,0\n'; } >"$1/files"
	{ printf '\377'; printf 'schema,direction,streams,seconds,bytes,bytes_per_s,mbit_per_s,rtt_ms,rtt_min_ms,rtt_max_ms,source\n'
	  printf '1,up,4,10.000,1176000000,117600000,940.8,,,,\n1,down,4,10.000,1172000000,117200000,937.6,,,,\n'
	  printf '1,rtt,,,,,,0.210,0.180,0.402,\n'; } >"$1/link"
	{ printf '\376'; printf 'time_s,phase,seconds,cpu_busy_pct,disk,disk_busy_pct,read_mb_per_s,write_mb_per_s,arc_bytes,arc_hit_pct\n'
	  printf '1.015,probe,1.015,34.0,sdb,97.0,110.50,0.00,1900000000,45.0\n'
	  printf '1.015,probe,1.015,34.0,loop0,0.0,0.00,0.00,1900000000,45.0\n'
	  printf '2.030,sweep,1.015,80.0,,,,,,\n'; } >"$1/box"
}

# seed_boxstat DIR: the box's counters (fuzz_boxstat.c): /proc/stat,
# /proc/diskstats, an arcstats table and the agent's text form, each
# behind the byte that picks its parser.
seed_boxstat() {
	{ printf '\000'; printf 'cpu  3677474 311643 2718770 1880424 369368 0 98486 0 0 0\ncpu0 1 2 3 4\nintr 1 2 3\n'; } >"$1/stat"
	{ printf '\001'; printf '   7       1 loop1 126445 1652 55034974 93126 1936283 9977 139094978 1607573 0 296400 1857515 0 0 0 0 70097 156815\n'
	  printf '   8      16 sdb 5000 10 800000 900 7000 20 1600000 1200 0 4000 2100\n   8      17 sdb1 1 0 8 0 1 0 8 0 0 1 1\n'; } >"$1/diskstats"
	{ printf '\002'; printf '13 1 0x01 123 33456 1 2\nname type data\nhits 4 9000\nmisses 4 1000\nsize 4 1900000000\n'; } >"$1/arcstats"
	{ printf '\003'; printf 'boxstat 1\nsource linux: /proc/stat, /proc/diskstats\nt_ms 123456\ncpu 1500 10000\ndisk sdb 4000 800000 1600000\narc 1900000000 9000 1000\n'; } >"$1/text"
	{ printf '\003'; printf 'unavailable: no /proc/stat\n'; } >"$1/unavailable"
}

# seed_files_clients DIR: one client's and two clients' phases that ran
# no call (72 zero bytes each, fuzz_files_clients.c's wire layout), and
# one cut short.
seed_files_clients() {
	{ printf '\000\000\000\000'; head -c 792 /dev/zero; } >"$1/one"
	{ printf '\001\200\000\000'; head -c 1584 /dev/zero; } >"$1/two"
	{ printf '\000\000\000\000'; head -c 700 /dev/zero; } >"$1/short"
}

# seed_proto DIR: the agent's messages (fuzz_proto.c): a hello, a job's
# words, a file chunk, a link request, a ping, an end, one cut short, a
# 4 GB length, garbage, a climbing file path, a sample and its answer.
seed_proto() {
	hdr() { printf 'IS\001'; printf "\\$(printf '%03o' "$1")"; printf "\\$(printf '%03o' $(($2 >> 24 & 255)))\\$(printf '%03o' $(($2 >> 16 & 255)))\\$(printf '%03o' $(($2 >> 8 & 255)))\\$(printf '%03o' $(($2 & 255)))"; }
	{ hdr 1 32; printf '0123456789abcdef0123456789abcdef'; } >"$1/hello"
	{ hdr 4 23; printf -- '-s\00064k\000-f\000t.tmp\000-i\0000\000'; } >"$1/job"
	{ hdr 7 17; printf 'sheets/a.csv\000x,y\n'; hdr 8 4; printf '\000\000\000\000'; } >"$1/file-end"
	{ hdr 11 9; printf '\001\000\000\003\350\000\000\047\020'; hdr 9 8; printf '12345678'; } >"$1/link-ping"
	{ hdr 4 100; printf -- '-s\000'; } >"$1/cut"
	printf 'IS\001\004\377\377\377\377' >"$1/huge"
	printf 'GET / HTTP/1.0\r\n\r\n' >"$1/garbage"
	{ hdr 7 12; printf '../x.csv\000abc'; } >"$1/climb"
	{ hdr 13 0; hdr 14 40; printf 'boxstat 1\nt_ms 5\ncpu 1 2\ndisk sdb 1 2 3\n'; } >"$1/sample-box"
}

# report_failure BIN LOG ARTDIR: what a failed target said (from the
# first sanitizer or libFuzzer error line to the end of its log), each
# reproducer as base64, and how to replay it.
report_failure() {
	echo "---- $(basename "$1"): its log from the error on ----"
	awk '/==[0-9]+==.*ERROR|runtime error|^ERROR: libFuzzer|deadly signal/ { on = 1 }
		on' "$2" | grep -a -v '^#[0-9]* *\(NEW\|REDUCE\|pulse\|INITED\)' | head -n 200
	for a in "$3"/*; do
		[ -f "$a" ] || continue
		echo "---- reproducer $(basename "$a") ($(wc -c <"$a") bytes), base64 ----"
		base64 "$a" | head -n 200
		echo "---- replay: decode it (base64 -d) into a file F, then run $1 F"
	done
	echo "---- end of $(basename "$1")'s failure ----"
}

status=0
passed=0
failed=0
for bin in "$@"; do
	name=$(basename "$bin")
	dir=$(dirname "$bin")
	corpus="$dir/corpus/$name"
	art="$dir/artifacts/$name"
	if [ $check -eq 1 ]; then
		corpus="$dir/check-corpus/$name"
		rm -rf "$corpus"
	fi
	rm -rf "$art"
	mkdir -p "$corpus" "$art"
	if [ -z "$(ls -A "$corpus")" ]; then
		case $name in
		fuzz_options) seed_options "$corpus" ;;
		fuzz_import) seed_import "$corpus" ;;
		fuzz_import_dir | fuzz_db_add) seed_import_dir "$corpus" ;;
		fuzz_units) seed_units "$corpus" ;;
		fuzz_nfsurl) seed_nfsurl "$corpus" ;;
		fuzz_netbound) seed_netbound "$corpus" ;;
		fuzz_steady) seed_steady "$corpus" ;;
		fuzz_mountinfo) seed_mountinfo "$corpus" ;;
		fuzz_fileop_opts) seed_fileop_opts "$corpus" ;;
		fuzz_files_opts) seed_files_opts "$corpus" ;;
		fuzz_jsonout) seed_jsonout "$corpus" ;;
		fuzz_unwrap) seed_unwrap "$corpus" ;;
		fuzz_import_fileop) seed_import_fileop "$corpus" ;;
		fuzz_journal) seed_journal "$corpus" ;;
		fuzz_timeline) seed_timeline "$corpus" ;;
		fuzz_card) seed_card "$corpus" ;;
		fuzz_files_clients) seed_files_clients "$corpus" ;;
		fuzz_proto) seed_proto "$corpus" ;;
		fuzz_boxstat) seed_boxstat "$corpus" ;;
		esac
	fi
	# inputs that once crashed a target (tests/fuzz/regress/<name>/): always
	# in the corpus, so every run replays them first
	if [ -d "$top/tests/fuzz/regress/$name" ]; then
		cp "$top/tests/fuzz/regress/$name"/* "$corpus"/ 2>/dev/null
	fi
	case $name in
	fuzz_options | fuzz_fileop_opts | fuzz_files_opts) maxlen=4096 ;;
	fuzz_nfsurl) maxlen=2048 ;;
	fuzz_units | fuzz_netbound | fuzz_steady) maxlen=256 ;;
	*) maxlen=65536 ;;
	esac
	# a time limit per input far above any input's cost: under load an
	# input may be slow, and a slow input is not the code's failure
	if [ $check -eq 1 ]; then
		limit="-runs=$secs"
		more="-seed=${FUZZ_SEED:-1} -timeout=120"
	elif [ -n "${FUZZ_RUNS:-}" ]; then
		limit="-runs=$FUZZ_RUNS"
		more="-timeout=10"
	else
		limit="-max_total_time=$secs"
		more="-timeout=10"
	fi
	echo "fuzz: $name ($limit${FUZZ_SEED:+ -seed=$FUZZ_SEED})"
	# shellcheck disable=SC2086
	"$bin" "$limit" $more -max_len=$maxlen -rss_limit_mb=2048 \
		-print_final_stats=1 -artifact_prefix="$art/" "$corpus" >"$dir/$name.log" 2>&1
	rc=$?
	grep -a -E '^stat::number_of_executed_units|^stat::peak_rss_mb' "$dir/$name.log" | tr '\n' ' '
	echo
	if [ $rc -ne 0 ]; then
		echo "FAIL fuzz: $name exit $rc; reproducer in $art/, log $dir/$name.log"
		report_failure "$bin" "$dir/$name.log" "$art"
		status=1
		failed=$((failed + 1))
	else
		passed=$((passed + 1))
	fi
done
echo "fuzz: $passed passed, $failed failed"
exit $status
