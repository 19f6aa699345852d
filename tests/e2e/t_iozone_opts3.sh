#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_iozone_opts3.sh: IOzone options -m (multiple buffers), -+b (bursts),
# -+T (time stamps), -+z (histogram files) and -k (async I/O without
# bcopy), each run and checked for what it changes.  -+U (Windows'
# unbuffered API) is run in t_windows.sh and refused in t_iozone_opts2.sh.
#
# Header lines: tests/golden/opts3-header.txt holds what a real IOzone
# 3.508 (built from its source, linux-AMD64) printed for the same
# options, one block per command: the lines after "Run began" up to the
# end of the header ("Time Resolution" and IOzone's cache and stride
# lines left out), taken with opt_lines below from `iozone ARGS`.
. "$(dirname "$0")/lib.sh"

# opt_lines FILE: the option lines of a report: after "Run began", up to
# the column header, without the lines every run prints alike
opt_lines() {
	sed -n '/Run began/,/^ *kB  reclen/p' "$1" | sed '1,2d;$d' |
		grep -v -e "Command line used" -e "Time Resolution" \
			-e "Processor cache" -e "File stride size" -e "Data pattern:" \
			-e '^ *random' -e '^$'
}

# headers: run iosweep with each line of stdin as its options, collect
# "== OPTIONS" and the option lines of each report into $T/header
: >"$T/header"
headers() {
	while read -r args; do
		# shellcheck disable=SC2086
		expect_success "$IOSWEEP" $args --quiet --out "$T/o.h"
		echo "== $args" >>"$T/header"
		opt_lines "$T/out" >>"$T/header"
		rm -rf "$T/o.h" iosweep.tmp
	done
}

# under strace (ptrace) LeakSanitizer cannot run and fails a sanitized
# build: traced runs leave leak checking out
TRACE_ENV="ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
HAVE_STRACE=0
if command -v strace >/dev/null 2>&1; then HAVE_STRACE=1; else
	echo "note: no strace (Debian: strace): buffers and fsyncs unchecked"
fi

# traced FILE ARGS...: run iosweep on FILE under strace, the raw read,
# write and fsync calls on FILE (hex: the buffer addresses) in $T/st
traced() {
	f=$1; shift
	env "$TRACE_ENV" strace -f -P "$f" -e raw=read,write \
		-e trace=read,write,fsync -o "$T/st" \
		"$IOSWEEP" -f "$f" "$@" --quiet --out "$T/st.o" >"$T/out" 2>"$T/err"
	RC=$?
	check test "$RC" -eq 0
	rm -rf "$T/st.o"
}

# slots CALL LEN: the buffer of each CALL (read|write) of LEN bytes (hex,
# as strace prints it) in $T/st, as its offset from the lowest one in
# units of LEN, one a line in order
slots() {
	awk -v call="$1" -v len="$2" '
		function hex(s,   i, v, c) { v = 0; s = tolower(s)
			for (i = 3; i <= length(s); i++) {
				c = index("0123456789abcdef", substr(s, i, 1)) - 1
				v = v * 16 + c }
			return v }
		$2 ~ "^" call "\\(" {
			split($0, a, /[(,)]/)
			if (a[4] + 0 == 0 && a[4] !~ "0x" ) next
			gsub(/ /, "", a[3]); gsub(/ /, "", a[4])
			if (hex(a[4]) != len) next
			n++; addr[n] = hex(a[3])
			if (n == 1 || addr[n] < lo) lo = addr[n] }
		END { for (i = 1; i <= n; i++) print (addr[i] - lo) / len }' "$T/st"
}

# --- -m ------------------------------------------------------------------------
headers <<'LIST'
-m -s 256 -r 4 -i 0 -i 1
LIST
# IOzone's walk through its 16 MiB work area: each record the next
# reclen bytes on, the first one reclen in, back to the start when the
# next would not fit: 16 buffers of 1 MiB, 4 of 4 MiB.  20 writes of
# 1 MiB (-+n: one pass) use slots 1 .. 15, 0, 1 .. 4; the reads likewise,
# after the read test's untimed first read.
if [ "$HAVE_STRACE" = 1 ]; then
	traced "$T/m" -m -s 20m -r 1m -i 0 -i 1 -+n
	check test "$(slots write 1048576 | tr '\n' ' ')" = \
		"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0 1 2 3 4 "
	check test "$(slots read 1048576 | tr '\n' ' ')" = \
		"0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0 1 2 3 4 "
	# 4 MiB records: 4 buffers; the second pass (rewrite, reread) goes on
	traced "$T/m" -m -s 16m -r 4m -i 0 -i 1
	check test "$(slots write 4194304 | tr '\n' ' ')" = "1 2 3 0 1 2 3 0 "
	check test "$(slots read 4194304 | tr '\n' ' ')" = "0 1 2 3 0 0 1 2 3 0 "
	# without -m every read lands in one buffer
	traced "$T/m" -s 16m -r 4m -i 0 -i 1
	check test "$(slots read 4194304 | sort -u | tr '\n' ' ')" = "0 "
	rm -f "$T/m"
fi
# refused with queue depth: one line naming both
expect_failure 2 "$IOSWEEP" -m --iodepth 2 -s 64k -i 0
check one_line_error
check grep -q -e "^iosweep: -m and --iodepth: " "$T/err"
# with verify mode the walk is checked data: a clean run passes
expect_success "$IOSWEEP" -m -V 165 -s 4m -r 64k -i 0 -i 1 -i 2 -f "$T/mv" \
	--quiet --out "$T/mv.o"
rm -rf "$T/mv" "$T/mv.o"

# --- -+b ---------------------------------------------------------------------
headers <<'LIST'
-s 256 -r 4 -i 0 -+b 64,10
-+b 1m,5 -s 256 -r 4 -i 0
LIST
# one fsync per 256 kB written by tests 0 (write, rewrite), 2 (random
# write), 4, 6 (fwrite, frewrite) and 9 (pwrite, re-pwrite): 8 MB, 32
# more fsyncs than the same run without bursts
if [ "$HAVE_STRACE" = 1 ]; then
	traced "$T/b" -s 1m -r 64k -i 0 -i 2 -i 4 -i 6 -i 9 -E
	plain=$(grep -c 'fsync(' "$T/st")
	traced "$T/b" -s 1m -r 64k -i 0 -i 2 -i 4 -i 6 -i 9 -E -+b 256k,10
	check test "$(grep -c 'fsync(' "$T/st")" -eq $((plain + 32))
	rm -f "$T/b"
fi
# 1 MB in 64 kB records, a 100 ms sleep every 256 kB: each pass sleeps
# 4 times, so its wall time is at least 0.4 s, and the figure leaves the
# sleeps out (IOzone's rule): its seconds are under wall - 0.35 s, and
# kB/s is 1024 kB over those seconds
expect_success "$IOSWEEP" -s 1m -r 64k -i 0 -+b 256,100 -f "$T/b" --quiet \
	--out "$T/b.o"
check awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ n++; s = $(c["seconds"]); w = $(c["wall_s"]); k = $(c["kb_per_s"])
	  if (!(w >= 0.4 && s > 0 && s < w - 0.35)) bad = 1
	  if (k < 0.99 * 1024 / s || k > 1.01 * 1024 / s) bad = 1 }
	END { exit !(n == 2 && !bad) }' "$T/b.o/results.csv"
rm -rf "$T/b" "$T/b.o"
# bad input: one line naming -+b, exit 2, nothing written
for bad in 64 ,10 0,10 64,0 64,x 64k,10,3 1q,10; do
	expect_failure 2 "$IOSWEEP" -s 64k -i 0 -+b "$bad" -f "$T/bb"
	check one_line_error
	check grep -q -e "^iosweep: -+b '$bad'" "$T/err"
	check test ! -e "$T/bb"
done
# throughput mode, as IOzone's writers: each child bursts SIZE / children
# (2 x 128 kB here: 8 bursts in its 1 MB), fsyncs, meets the others and
# sleeps; the waits and sleeps are left out of its figure, processes and
# threads alike, and the readers of the mixed workload never burst (no
# wait for them)
for mode in "" -T; do
	expect_success timeout 60 "$IOSWEEP" -t 2 $mode -s 1m -r 64k -i 0 -+b 256,100 \
		-F "$T/tb1" "$T/tb2" --out "$T/tb.o"
	check grep -q "^	Burst size set to 256 Kbytes.$" "$T/out"
	check awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ n++; s = $(c["seconds"]); w = $(c["wall_s"])
		  if (!(w >= 0.8 && s > 0 && s < w - 0.7)) bad = 1 }
		END { exit !(n == 4 && !bad) }' "$T/tb.o/results.csv"
	rm -rf "$T/tb.o"
done
expect_success timeout 60 "$IOSWEEP" -t 4 -s 1m -r 64k -i 0 -i 8 -+b 256,20 \
	-F "$T/tb1" "$T/tb2" "$T/tb3" "$T/tb4" --out "$T/tb.o"
rm -rf "$T/tb.o" "$T/tb1" "$T/tb2" "$T/tb3" "$T/tb4"
if [ "$HAVE_STRACE" = 1 ]; then
	for b in "" "-+b 256,10"; do
		env "$TRACE_ENV" strace -f -e trace=fsync -o "$T/st" "$IOSWEEP" -t 2 \
			-s 1m -r 64k -i 0 $b -F "$T/tb1" "$T/tb2" --quiet --out "$T/tb.o" \
			>"$T/out" 2>"$T/err"
		check test $? -eq 0
		grep -c 'fsync(' "$T/st" > "$T/n$b"
		rm -rf "$T/tb.o"
	done
	# 2 children x 2 tests x 8 bursts
	check test "$(cat "$T/n-+b 256,10")" -eq $(($(cat "$T/n") + 32))
fi
expect_failure 2 "$IOSWEEP" -B -s 64k -i 0 -+b 64,10
check grep -q -e "^iosweep: -+b and -B: " "$T/err"

# --- -+T ---------------------------------------------------------------------
# IOzone prints no line for it and writes nothing in a sweep
headers <<'LIST'
-+T -s 256 -r 4 -i 0
LIST
mkdir "$T/ts" && cd "$T/ts" || exit 1
expect_success "$IOSWEEP" -+T -s 64k -r 4k -i 0 -f "$T/ts/f" --quiet --out "$T/ts.o"
check test -z "$(ls "$T/ts" | grep Child)"
# throughput mode: each child's Child_N.log, a line as it starts and as
# it finishes each test (the mixed workload's children: the test they
# run), as IOzone 3.508 wrote them for the same command
# (tests/golden/child-log.txt, the times written as DATE)
rm -rf "$T/ts.o"
expect_success "$IOSWEEP" -t 2 -s 64k -r 4k -i 0 -i 1 -i 2 -i 8 -+T \
	--quiet --out "$T/ts.o"
date_re='[A-Z][a-z][a-z] [A-Z][a-z][a-z] [ 1-3][0-9] [0-9][0-9]:[0-9][0-9]:[0-9][0-9] [0-9]\{4\}$'
for i in 0 1; do
	echo "== Child_$i.log"
	sed "s/$date_re/DATE/" "Child_$i.log"
done >"$T/ts.log"
cmp_golden child-log.txt "$T/ts.log"
# every line carries a real time, from the run's start to its end, in order
for i in 0 1; do
	check test "$(grep -c "  *$date_re" "Child_$i.log")" -eq 14
done
first=$(head -n 1 Child_0.log | sed 's/^[^:]*: *//')
last=$(tail -n 1 Child_1.log | sed 's/^[^:]*: *//')
check test "$(date -d "$first" +%s)" -le "$(date -d "$last" +%s)"
check test "$(( $(date +%s) - $(date -d "$last" +%s) ))" -lt 600
# a second run appends, as IOzone does
expect_success "$IOSWEEP" -t 2 -s 64k -r 4k -i 0 -+T --quiet --out "$T/ts.o2"
check test "$(wc -l <Child_1.log)" -eq 18
check test "$(tail -n 2 Child_1.log | cut -c1-26)" = "Rewrite test start:       
Rewrite test finished:    "
cd "$T" && rm -rf "$T/ts" "$T/ts.o" "$T/ts.o2"

# --- -+z ---------------------------------------------------------------------
headers <<'LIST'
-+z -s 256 -r 4 -i 0
LIST
mkdir "$T/hz" && cd "$T/hz" || exit 1
# a sweep: IOzone's line, and no file (IOzone collects but never writes)
expect_success "$IOSWEEP" -+z -s 64k -r 4k -i 0 -f "$T/hz/f" --quiet --out "$T/hz.o"
check test -z "$(ls "$T/hz" | grep -i histogram)"
rm -rf "$T/hz.o" "$T/hz/f"
# throughput mode: a block per test in each child's file, laid out as
# IOzone 3.508's (tests/golden/hist-child.txt, its counts written as N);
# each block counts every operation of the test: 16 records (-x: no
# child is stopped early by another's end)
expect_success "$IOSWEEP" -t 2 -x -s 64k -r 4k -i 0 -i 1 -+z --quiet --out "$T/hz.o"
sed 's/:[0-9][0-9 ]\{6\} /:N       /g' Iozone_histogram_child_0.txt >"$T/hz.txt"
cmp_golden hist-child.txt "$T/hz.txt"
for i in 0 1; do
	check test "$(sed -n 's/^Child: \([0-9]*\) Op: .*/\1/p' \
		"Iozone_histogram_child_$i.txt" | tr '\n' ' ')" = "$i $i $i $i "
	check test "$(awk '/^Child:/ { if (n) print s; n++; s = 0 }
		/^Band/ { for (f = 3; f <= NF; f++) { split($f, kv, ":"); s += kv[2] } }
		END { print s }' "Iozone_histogram_child_$i.txt" | sort -u)" = 16
done
# reads made slow (150 ms each, the fault shim) land in IOzone's 200ms
# band: the 4 reads of each child's read and reread blocks, no write
if [ -n "${FAULTSHIM:-}" ] && [ -f "$FAULTSHIM" ]; then
	asan=$(ldd "$IOSWEEP" 2>/dev/null | awk '/libasan/ { print $3; exit }')
	rm -f Iozone_histogram_child_*.txt
	run env LD_PRELOAD="${asan:+$asan }$FAULTSHIM" FAULTSHIM_PATH="$T/hz/s" \
		FAULTSHIM_SLOW=read:150 "$IOSWEEP" -t 2 -x -s 16k -r 4k -i 0 -i 1 -+z \
		-F "$T/hz/s0" "$T/hz/s1" --quiet --out "$T/hz.o2"
	check test "$RC" -eq 0
	for i in 0 1; do
		check test "$(awk '/^Child:/ { op = $4 }
			/^Band 6:/ { print op, $3 }' "Iozone_histogram_child_$i.txt" |
			tr '\n' ' ')" = "write 200ms:0 Rewrite 200ms:0 Read 200ms:4 Reread 200ms:4 "
	done
else
	echo "note: no fault shim (make e2e builds it): -+z's bands of slow reads unchecked"
fi
cd "$T" && rm -rf "$T/hz" "$T/hz.o" "$T/hz.o2"

# --- -k ----------------------------------------------------------------------
# IOzone's async I/O without copies is iosweep's queue depth: IOzone's
# line, and the run keeps N I/Os in flight (meta.csv's workload)
if deep_engine; then
	headers <<'LIST'
-k 4 -s 256 -r 4 -i 0 -i 1
LIST
	expect_success "$IOSWEEP" -k 4 -s 1m -r 4k -i 0 -i 1 -f "$T/k" --quiet \
		--out "$T/k.o"
	check grep -q '^workload,engine=[a-z_]* iodepth=4 ' "$T/k.o/meta.csv"
	rm -rf "$T/k" "$T/k.o"
else
	# the golden holds -k's block: keep it whole with IOzone's lines
	printf '%s\n' "== -k 4 -s 256 -r 4 -i 0 -i 1" \
		"	POSIX Async I/O (no bcopy). Depth 4 " "	File size set to 256 kB" \
		"	Record Size 4 kB" "	Output is in kBytes/sec" >>"$T/header"
	echo "note: no deep I/O engine in this build: -k's depth unchecked"
fi
# IOzone: "Can not do both -H and -k"
for other in "-H 2" "--iodepth 2"; do
	# shellcheck disable=SC2086
	expect_failure 2 "$IOSWEEP" -k 4 $other -s 64k -i 0
	check one_line_error
	check grep -q -e "^iosweep: -k and -H (--iodepth): " "$T/err"
done

cmp_golden opts3-header.txt "$T/header"
finish
