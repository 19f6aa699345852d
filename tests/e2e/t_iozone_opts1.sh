#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_iozone_opts1.sh: IOzone options -J, -+J (compute delay), -X, -Y
# (telemetry files), -P (CPU binding), -d (staggered child starts), -K
# (disrupted read pattern), -+X (short-circuit mode).
#
# Header lines: tests/golden/compute-header.txt, telemetry-header.txt,
# bind-header.txt, stagger-header.txt, jitter-header.txt and
# short-header.txt
# hold what a real IOzone 3.508 (built from its source, linux-AMD64)
# printed for the same options, one block per command: the lines after
# "Run began" up to "Time Resolution", without "Command line used",
# taken with opt_lines below from `iozone ARGS` (telemetry: `iozone ARGS
# -f f`) run in a directory holding only tr2 and tr3 as written below.
. "$(dirname "$0")/lib.sh"

# opt_lines FILE: the option lines of a report, "Command line used" left out
opt_lines() {
	sed -n '/Run began/,/Time Resolution/p' "$1" | sed '1,2d;$d' |
		grep -v "Command line used"
}

# headers GOLDEN [HOOK]: run iosweep with each line of stdin as its
# options, collect "== OPTIONS" and the option lines of each report, and
# compare them to tests/golden/GOLDEN; HOOK, when given, is run after each
# command (its report in $T/out)
headers() {
	: >"$T/header"
	while read -r args; do
		# shellcheck disable=SC2086
		expect_success "$IOSWEEP" $args --quiet --out "$T/o.h"
		echo "== $args" >>"$T/header"
		opt_lines "$T/out" >>"$T/header"
		[ -n "${2:-}" ] && "$2"
		rm -rf "$T/o.h" f iosweep.tmp
	done
	cmp_golden "$1" "$T/header"
}

# secs_of OUT TEST: the measured seconds of TEST's row in OUT/results.csv
secs_of() {
	awk -F, -v t="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$(c["test"]) == t { print $(c["seconds"]) }' "$1/results.csv"
}

# --- -J, -+J: IOzone's header lines ---------------------------------------
headers compute-header.txt <<'LIST'
-s 256 -r 4 -i 0 -i 1 -J 2
-+J -s 256 -r 4 -i 0 -i 1 -J 2
-J 0 -s 64 -r 4 -i 0
-J 7 -O -s 64 -r 4 -i 0
-t 2 -s 256 -r 4 -i 0 -J 1 -+J
LIST

# --- -J 2 on 64 records: 64 spins of 2 ms ----------------------------------
# IOzone's rule: the spins are in the timed region but left out of the
# figures, unless -+J counts them.  With -+J each pass's measured time is
# at least 64 x 2 ms = 0.128 s, and its kB/s at most 256 kB / 0.128 s;
# without -+J the run still lasts that long per pass (the spins are real)
# while the measured time leaves them out.
expect_success "$IOSWEEP" -s 256 -r 4 -i 0 -i 1 -J 2 -+J --out "$T/inc" --quiet
for t in write rewrite read reread; do
	s=$(secs_of "$T/inc" "$t")
	check awk -v s="$s" 'BEGIN { exit !(s >= 0.128) }'
done
kbps=$(awk '$1 == 256 && $2 == 4 { print $3 }' "$T/out")
check awk -v k="$kbps" 'BEGIN { exit !(k > 0 && k <= 256 / 0.128) }'

start=$(date +%s%N)
expect_success "$IOSWEEP" -s 256 -r 4 -i 0 -i 1 -J 2 --out "$T/exc" --quiet
end=$(date +%s%N)
# four passes of 64 spins of 2 ms each: the run took at least 0.512 s
check test $((end - start)) -ge 512000000
# the measured time of each pass is its wall time less its spins
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ print $(c["wall_s"]) - $(c["seconds"]) }' "$T/exc/results.csv" >"$T/spun"
check test "$(wc -l <"$T/spun")" -eq 4
check awk '$1 < 0.128 { bad = 1 } END { exit bad }' "$T/spun"

# throughput mode: each child spins before each record
expect_success "$IOSWEEP" -t 2 -s 256 -r 4 -i 0 -J 2 -+J --out "$T/tp" --quiet
check grep -q "Compute time 0.002000 seconds for reads and writes." "$T/out"
kbps=$(sed -n 's/.*Children see throughput for  2 initial writers[[:space:]]*= *\([0-9.]*\) kB\/sec/\1/p' "$T/out")
check awk -v k="$kbps" 'BEGIN { exit !(k > 0 && k <= 2 * 256 / 0.128) }'

# refused: with queue depth (one line naming both, exit 2)
expect_failure 2 "$IOSWEEP" -s 256 -r 4 -i 0 -J 2 --iodepth 4
check grep -q -e "-J and --iodepth" "$T/err"
check test "$(wc -l <"$T/err")" -eq 1

# under strace (ptrace) LeakSanitizer cannot run and fails a sanitized
# build: traced runs leave leak checking out
TRACE_ENV="ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"

# --- -X, -Y: telemetry files --------------------------------------------
printf '# offset length compute_ms\n8192 4096 1\n0 4096 1\n\n4096 4096 1\n' >tr3
printf '8192 4096\n0 4096\n4096 4096\n' >tr2
# the file is the extent of the telemetry: 12 kB
twelve_kb() { check grep -q '^ *12 *4 ' "$T/out"; }
headers telemetry-header.txt twelve_kb <<'LIST'
-Y tr3
-Y tr2 -J 2
-X tr2 -Y tr3
-X tr3 -+J
-X tr3 -i 0 -i 1
LIST

# -X tr3 -+J: three writes, each after a 1 ms spin the figure counts
expect_success "$IOSWEEP" -X tr3 -+J -f f --quiet --out "$T/x"
for t in write rewrite; do
	s=$(secs_of "$T/x" "$t")
	check awk -v s="$s" 'BEGIN { exit !(s >= 0.003) }'
done
rm -f f

# the read test replays exactly the file's offsets, in its order, in both
# passes (read, reread); the write test replays -X's
if command -v strace >/dev/null 2>&1; then
	env "$TRACE_ENV" strace -f -P "$T/f" \
		-e trace=lseek,read,pread64,write,pwrite64 -o "$T/st" \
		"$IOSWEEP" -X tr2 -Y tr3 -f "$T/f" --quiet --out "$T/y" >/dev/null 2>&1
	check test $? -eq 0
	sed -n 's/.*lseek([0-9]*, \([0-9]*\), SEEK_SET).*/\1/p' "$T/st" |
		tr '\n' ' ' >"$T/offs"
	check test "$(cat "$T/offs")" = "8192 0 4096 8192 0 4096 8192 0 4096 8192 0 4096 "
	check test "$(grep -c '^[0-9]* *read([0-9]*, .*= 4096$' "$T/st")" -eq 6
	check test "$(grep -c '^[0-9]* *write([0-9]*, .*= 4096$' "$T/st")" -eq 6
	rm -f "$T/f"
else
	echo "note: strace not installed: the replayed offsets are not checked"
fi

# a bad telemetry file: one line "FILE:LINE: why", exit 2, nothing run
bad() {
	printf "$1" >bad.tr
	expect_failure 2 "$IOSWEEP" -Y bad.tr -f f --quiet --out "$T/bad"
	check grep -q -F -e "bad.tr:$2: $3" "$T/err"
	check test "$(wc -l <"$T/err")" -eq 1
	check test ! -e f
}
bad '0 4096\n4096\n' 2 "1 field"
bad '# c\n0 4096 1 2\n' 2 "more than 3 fields"
bad '0 4k\n' 1 "the length is not a whole number"
bad '0 0\n' 1 "a length of 0 bytes"
bad '0 4096 1\n4096 4096\n' 2 "2 fields where the first operation has 3"
bad '# nothing\n' 1 "no operations"
expect_failure 2 "$IOSWEEP" -Y missing.tr -f f --quiet
check grep -q "missing.tr" "$T/err"

# what telemetry cannot combine with: one line naming both, exit 2
expect_failure 2 "$IOSWEEP" -Y tr3 -a -f f
check grep -q -e "-a and -Y" "$T/err"
expect_failure 2 "$IOSWEEP" -Y tr3 --iodepth 4 -f f
check grep -q -e "-Y and --iodepth" "$T/err"
expect_failure 2 "$IOSWEEP" -X tr3 -r 8 -f f
check grep -q -e "-r and -X" "$T/err"
expect_failure 2 "$IOSWEEP" -Y tr3 -i 0 -i 2 -f f
check grep -q -e "-i 2 and -Y" "$T/err"
printf '0 4096\n' >short.tr
expect_failure 2 "$IOSWEEP" -X short.tr -Y tr3 -f f
check grep -q -e "-Y 'tr3': reads up to byte 12288, past the 4096 bytes" "$T/err"

# --- -P: CPU binding -------------------------------------------------------
ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
if "$IOSWEEP" -P 0 -s 64 -r 4 -i 0 --dry-run >/dev/null 2>"$T/err"; then
	headers bind-header.txt <<'LIST'
-P 0 -s 64 -r 4 -i 0 -f f
-t 2 -P 0 -s 64 -r 4 -i 0
LIST

	# a CPU past the machine's: one line, exit 2
	expect_failure 2 "$IOSWEEP" -P "$ncpu" -s 64 -r 4 -i 0
	check grep -q -e "-P '$ncpu': this machine has $ncpu CPU" "$T/err"
	check test "$(wc -l <"$T/err")" -eq 1
	expect_failure 2 "$IOSWEEP" -P 0 --jobs 2 -s 64 -r 4 -i 0
	check grep -q -e "-P and --jobs" "$T/err"

	# the masks while a throughput run is under way (-J keeps it going):
	# the process on CPU N, child k on CPU (N + k) mod the CPUs
	if [ -r /proc/self/status ]; then
		n=$((ncpu > 1 ? 1 : 0))
		"$IOSWEEP" -t 2 -P $n -s 1m -r 4 -i 0 -i 1 -J 2 -+J --quiet \
			--out "$T/pm" >"$T/pm.out" 2>&1 &
		pid=$!
		mask() {
			sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' "/proc/$1/status" \
				2>/dev/null
		}
		# both children's masks, read while both live (a test's children
		# end at its end; the next test's start)
		got=""
		for _ in $(seq 1 50); do
			sleep 0.1
			got=""
			for k in $(cat /proc/$pid/task/*/children 2>/dev/null); do
				m=$(mask "$k")
				[ -n "$m" ] && got="$got$m "
			done
			[ "$(echo $got | wc -w)" -eq 2 ] && break
		done
		check test "$(mask $pid)" = "$n"
		want="$n $(((n + 1) % ncpu)) "
		check test "$got" = "$want"
		wait $pid
		check test $? -eq 0
	else
		echo "note: no /proc: the CPU masks are not checked"
	fi
else
	check grep -q -e "^iosweep: -P: " "$T/err"
	echo "note: this platform cannot bind to a CPU: $(cat "$T/err")"
fi

# --- -d: staggered child starts ---------------------------------------------
# IOzone prints no line for -d; iosweep's own line follows the stride line
headers stagger-header.txt <<'LIST'
-t 3 -d 1000 -s 64 -r 4 -i 0
-d 50 -t 2 -s 64 -r 4 -i 0 -i 1
LIST
check grep -q -x "	Children start 50 microseconds apart" "$T/out"

# child k goes (k + 1) x 0.2 s after the barrier: each of the two tests
# (write, rewrite) lasts at least 3 x 0.2 s
start=$(date +%s%N)
expect_success "$IOSWEEP" -t 3 -d 200000 -x -s 64 -r 4 -i 0 --quiet --out "$T/stagger"
end=$(date +%s%N)
check test $((end - start)) -ge 1200000000
# every child moved its file (-x), and the parent's time, from the last
# child's start as in IOzone, gives a figure
check grep -q "Children see throughput for  3 initial writers" "$T/out"
kbps=$(sed -n 's/.*Parent sees throughput for  3 initial writers[[:space:]]*= *\([0-9.]*\) kB\/sec/\1/p' "$T/out")
check awk -v k="$kbps" 'BEGIN { exit !(k > 0) }'
check test "$(grep -c "moved no data" "$T/out")" -eq 0

expect_failure 2 "$IOSWEEP" -d 1000 -s 64 -r 4 -i 0
check grep -q -e "-d '1000': staggers the children of throughput mode" "$T/err"

# --- -K: disrupted read pattern ---------------------------------------------
headers jitter-header.txt <<'LIST'
-K -s 64 -r 4 -i 0 -i 1 -f f
-t 2 -K -s 64 -r 4 -i 0 -i 1
LIST

# 256 records: before records 0, 100 and 200 of each read pass, a byte at
# 0 and one at 4096, then back; the figures still come out
if command -v strace >/dev/null 2>&1; then
	env "$TRACE_ENV" strace -f -P "$T/kf" -e trace=lseek,read -o "$T/kst" \
		"$IOSWEEP" -K -s 1m -r 4 -i 0 -i 1 -f "$T/kf" --quiet --out "$T/k" \
		>"$T/out" 2>&1
	check test $? -eq 0
	check test "$(grep -c 'read([0-9]*, .*, 1) *= 1$' "$T/kst")" -eq 12
	sed -n 's/.*lseek([0-9]*, \([0-9]*\), SEEK_SET).*/\1/p' "$T/kst" |
		tr '\n' ' ' >"$T/koffs"
	check grep -q "0 4096 0 0 4096 409600 0 4096 819200 " "$T/koffs"
	check test "$(grep -o "0 4096 409600 0 4096 819200" "$T/koffs" | wc -l)" -eq 2
	rm -f "$T/kf"
	# throughput mode: each reading child disrupts too (-x: all read
	# their whole file; the parent reads 1-byte messages on its pipes too)
	# (-ff: one trace per process, so no call is split over two lines)
	env "$TRACE_ENV" strace -ff -e trace=read -o "$T/kst2" \
		"$IOSWEEP" -t 2 -x -K -s 1m -r 4 \
		-i 0 -i 1 --quiet --out "$T/k2" >"$T/out" 2>&1
	check test $? -eq 0
	check test "$(cat "$T"/kst2.* | grep -c 'read([0-9]*, .*, 1) *= 1$')" -ge 24
	check grep -q "Children see throughput for  2 readers" "$T/out"
else
	echo "note: strace not installed: the disrupted offsets are not checked"
fi
expect_success "$IOSWEEP" -K -s 1m -r 4 -i 0 -i 1 --quiet --out "$T/k3"
awk '$1 == 1024 && $2 == 4 { print $5, $6 }' "$T/out" >"$T/kread"
check awk '{ exit !($1 > 0 && $2 > 0) }' "$T/kread"
expect_failure 2 "$IOSWEEP" -K --iodepth 4 -s 1m -r 4 -i 0 -i 1
check grep -q -e "-K and --iodepth" "$T/err"

# --- -+X: short-circuit mode --------------------------------------------------
headers short-header.txt <<'LIST'
-+X -s 64 -r 4 -i 0 -i 1 -f f
-t 2 -+X -s 64 -r 4 -i 0 -i 1
LIST
# marked in the header, meta.csv and the HTML report; the data is 0xbb
expect_success "$IOSWEEP" -+X -s 64 -r 4 -i 0 -i 1 -w -f scf --report --quiet \
	--out "$T/sc"
check grep -q -x "	Short-circuit mode: the figures are not storage figures" "$T/out"
check grep -q '^flags,".*short_circuit' "$T/sc/meta.csv"
check grep -q "short-circuit mode (-+X).*not storage figures" "$T/sc/report.html"
check test "$(od -An -tx1 -v scf | tr -s ' \n' '\n\n' | sort -u | grep -v '^$')" = bb
rm -f scf
# every read is checked against 0xbb: a byte flipped on its way is caught
# (read 3: the untimed first read, record 0, then byte 5 of record 1)
if [ -n "${FAULTSHIM:-}" ] && [ -f "$FAULTSHIM" ]; then
	asan=$(ldd "$IOSWEEP" 2>/dev/null | awk '/libasan/ { print $3; exit }')
	expect_failure 3 env LD_PRELOAD="${asan:+$asan }$FAULTSHIM" \
		FAULTSHIM_PATH="$T/sc2" FAULTSHIM_FLIP="read:3:5" \
		"$IOSWEEP" -+X -s 64 -r 4 -i 0 -i 1 -f "$T/sc2" --quiet --out "$T/sc2o"
	check grep -q "data mismatch in '$T/sc2' at offset 4101: expected 0xbb" "$T/err"
else
	echo "note: no fault shim in \$FAULTSHIM (make e2e builds it): no flip"
fi
expect_failure 2 "$IOSWEEP" -+X -V 1 -s 64 -r 4 -i 0
check grep -q -e "-+X and -V" "$T/err"

finish
