#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_mmap.sh: IOzone's mmap mode (-B, -D, -G, -Z).
#
# 1. Clean runs (exit 0, "iozone test complete", meta.csv's flags) whose
#    option lines are IOzone 3.508's: tests/golden/mmap-header.txt holds
#    what a real IOzone 3.508 (built from its source, linux-AMD64)
#    printed for the same options, one block per command, taken with
#    lib.sh's splash from `iozone ARGS -f FILE`.
# 2. The report's shape (iozone_shape.awk: header lines, column header
#    bytes, where each number of each row ends) is IOzone's:
#    tests/golden/mmap-shape.txt is the shape of real IOzone 3.508's
#    reports for the same commands (it ends its rows after the stride
#    test, on a blank fwrite column when -i is given).
# 3. The data: a write-only -V 165 run kept with -w leaves every byte
#    0xa5; every mmap test runs clean in verify and diagnostic mode.
# 4. -G msyncs each record written with MS_SYNC, and the whole mapping
#    after each pass, as IOzone does (strace, when installed).
# 5. Throughput mode maps the children's files.
# 6. What mmap mode refuses: one line naming both options, exit 2.
# 7. Importing a report with those header lines keeps the mode's flags.
. "$(dirname "$0")/lib.sh"

[ -x "$IOSWEEP" ] || skip "no binary"
SHAPE="$TOP/tests/e2e/iozone_shape.awk"

# --- 1. clean runs, IOzone's option lines ----------------------------------
: >"$T/header"
n=0
while read -r args; do
	n=$((n + 1))
	# shellcheck disable=SC2086
	expect_success "$IOSWEEP" $args -f "$T/c" --out "$T/clean$n"
	{ echo "== $args"; splash "$T/out"; } >>"$T/header"
	check grep -q '^iozone test complete\.$' "$T/out"
	check grep -qx 'status,complete' "$T/clean$n/meta.csv"
	flags=$(sed -n 's/^flags,//p' "$T/clean$n/meta.csv" | tr -d '"')
	check test -n "$(echo ",$flags," | grep ',mmap,')"
	case $args in *-D*) check test -n "$(echo ",$flags," | grep ',msync_async,')" ;; esac
	case $args in *-G*) check test -n "$(echo ",$flags," | grep ',msync_sync,')" ;; esac
	case $args in *-Z*) check test -n "$(echo ",$flags," | grep ',mmap_mix,')" ;; esac
	check test ! -e "$T/c"
done <<EOF
-B -a -s 1m -i 0 -i 1 -i 2
-D -a -s 1m -i 0 -i 1 -i 2
-B -G -a -s 1m -i 0 -i 1 -i 2
-B -Z -a -s 1m -i 0 -i 1 -i 2
-D -G -Z -s 1m -r 64k -i 0 -i 1
-B -V 165 -s 64k -r 4k -i 0 -i 1
EOF
cmp_golden mmap-header.txt "$T/header"

# --- 2. the report's shape is IOzone's ---------------------------------------
# Compared with plain cmp, not cmp_golden: the golden is IOzone's output,
# which UPDATE_GOLDEN must not overwrite with ours.
: >"$T/shape"
while read -r args; do
	n=$((n + 1))
	# shellcheck disable=SC2086
	expect_success "$IOSWEEP" $args -f "$T/c" --out "$T/shape$n"
	{ echo "== $args"; awk -f "$SHAPE" "$T/out"; } >>"$T/shape"
done <<EOF
-B -a -s 1m -i 0 -i 1 -i 2
-B -a -s 1m
-D -G -s 1m -r 64k -i 0 -i 1 -i 2 -i 3 -i 4 -i 5
-B -e -c -s 1m -r 64k -i 0 -i 2 -i 4
EOF
if cmp -s "$GOLDEN/mmap-shape.txt" "$T/shape"; then pass; else
	fail "report shape differs from IOzone's (tests/golden/mmap-shape.txt)"
	diff "$GOLDEN/mmap-shape.txt" "$T/shape" | head -n 12 | sed 's/^/    /'
fi

# --- 3. the data ---------------------------------------------------------------
# bytes BYTE FILE: every byte of FILE is BYTE (two hex digits)
bytes() {
	[ "$(od -An -v -tx1 "$2" | tr -s ' ' '\n' | grep -v '^$' | sort -u)" = "$1" ]
}
expect_success "$IOSWEEP" -B -V 165 -w -s 256k -r 16k -i 0 -f "$T/kept" --out "$T/kept.d"
check bytes a5 "$T/kept"
check test "$(wc -c <"$T/kept")" -eq 262144
rm -f "$T/kept"
for mode in "-V 90" "-+d"; do
	for mm in "-B" "-D -G -Z"; do
		n=$((n + 1))
		# shellcheck disable=SC2086
		expect_success "$IOSWEEP" $mm $mode -s 256k -r 4k -i 0 -i 1 -i 2 -i 3 \
			-i 4 -i 5 -f "$T/v" --out "$T/v$n"
		check grep -q '^iozone test complete\.$' "$T/out"
	done
done
# records under a page: each msync covers the record's page
expect_success "$IOSWEEP" -D -G -+d -s 64k -r 1k -i 0 -i 1 -i 2 -i 4 -f "$T/v" \
	--out "$T/small"

# --- 4. -G really msyncs ---------------------------------------------------------
if command -v strace >/dev/null 2>&1; then
	# LeakSanitizer cannot run under ptrace (make check's sanitizer build)
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
	export ASAN_OPTIONS
	# 16 records written in each of test 0's two passes, then the whole
	# mapping once after each pass: 34 MS_SYNC calls, IOzone's count too
	expect_success strace -f -e trace=msync -o "$T/trace" "$IOSWEEP" -B -G -s 64k \
		-r 4k -i 0 -f "$T/g" --out "$T/g.d"
	check test "$(grep -c 'MS_SYNC' "$T/trace")" -eq 34
	check test "$(grep -c 'MS_ASYNC' "$T/trace")" -eq 0
	expect_success strace -f -e trace=msync -o "$T/trace" "$IOSWEEP" -B -s 64k \
		-r 4k -i 0 -f "$T/g" --out "$T/g2.d"
	check test "$(grep -c 'msync(' "$T/trace")" -eq 2
	expect_success strace -f -e trace=msync -o "$T/trace" "$IOSWEEP" -D -s 64k \
		-r 4k -i 0 -f "$T/g" --out "$T/g3.d"
	check test "$(grep -c 'MS_ASYNC' "$T/trace")" -eq 32
else
	echo "note: no strace: the msync calls of -G and -D are not counted"
fi

# --- 5. throughput mode ------------------------------------------------------------
expect_success "$IOSWEEP" -t 2 -B -G -s 256k -r 16k -i 0 -i 1 -i 2 -F "$T/f0" "$T/f1"
check grep -q '^	Using mmap files$' "$T/out"
check test "$(grep -c 'Children see throughput' "$T/out")" -eq 6
expect_success "$IOSWEEP" -t 2 -T -D -+d -s 256k -r 16k -i 0 -i 1 -i 8 -i 9 -i 10 \
	-F "$T/f0" "$T/f1"
check test "$(grep -c 'Children see throughput' "$T/out")" -eq 7
expect_success "$IOSWEEP" -t 2 -B -V 165 -w -s 256k -r 16k -i 0 -F "$T/f0" "$T/f1"
check bytes a5 "$T/f1"
rm -f "$T/f0" "$T/f1"
# without -i the stdio tests are left out
expect_success "$IOSWEEP" -t 2 -B -s 64k -r 16k -F "$T/f0" "$T/f1"
check test "$(grep -c 'fwriters\|freaders' "$T/out")" -eq 0

# --- 6. refused --------------------------------------------------------------------
while IFS='|' read -r args msg; do
	# shellcheck disable=SC2086
	expect_failure 2 "$IOSWEEP" $args -f "$T/r" --out "$T/r.d"
	check test "$(wc -l <"$T/err")" -eq 1
	check grep -q -F -e "$msg" "$T/err"
	check test ! -e "$T/r"
done <<EOF
-B -s 1m -i 0 -i 6|-i 6 and -B: test 6 (fwrite) does not run on mmap files
-D -s 1m -i 0 -i 7|-i 7 and -D
-B -E -s 1m -i 0|-E and -B
-B -o -s 1m -i 0|-o and -B: stores into a mapping ignore O_SYNC
-B -s 1m -i 0 --iodepth 4|--iodepth and -B
-B -s 1m -i 0 --jobs 2|--jobs and -B
-G -s 1m -i 0|-G: msync needs mmap files
-Z -s 1m -i 0|-Z: mixes mmap and file I/O
EOF
if "$IOSWEEP" -I -s 64k -r 4k -i 0 --dry-run >/dev/null 2>&1; then
	expect_failure 2 "$IOSWEEP" -B -I -s 1m -i 0 -f "$T/r" --out "$T/r.d"
	check grep -q -F -e "-I and -B: a mapped file's data goes through the page cache" "$T/err"
else
	echo "note: no direct I/O here: -I with -B not tried"
fi

# --- 7. import: an IOzone-style report's mmap lines become meta.csv's flags ----
expect_success "$IOSWEEP" -D -G -Z -s 64k -r 16k -i 0 -i 1 -f "$T/i" --out "$T/i.d"
cp "$T/out" "$T/mmap-report.txt"
expect_success "$IOSWEEP" import "$T/mmap-report.txt" --out "$T/imp"
check grep -qx 'flags,"imported,mmap,msync_async,msync_sync,mmap_mix"' "$T/imp/meta.csv"

# -+A: the file's mapping is advised (rr: MADV_RANDOM, sr:
# MADV_SEQUENTIAL).  Seen with strace, not by polling smaps while a pass
# runs (a race a loaded machine lost): the madvise call on the address and
# length that the file's mmap returned, once per pass, every pass.
# advised TRACE FLAG: every mmap of the 2 MB file is followed by madvise of
# that mapping with FLAG, and there is at least one.
advised() {
	awk -v want="$2" '
		/mmap\(NULL, 2097152, [A-Z_|]*, MAP_SHARED[A-Z_|]*, [0-9]+, 0\) = 0x/ {
			m[$NF] = 1; nm++ }
		match($0, /madvise\(0x[0-9a-f]+, 2097152, /) {
			a = substr($0, RSTART + 8, RLENGTH - 8 - 11)
			if ((a in m) && index($0, want ") = 0")) { ok[a] = 1; na++ } }
		END { for (a in m) if (!(a in ok)) exit 1; exit !(nm > 0 && na >= nm) }' "$1"
}
if command -v strace >/dev/null 2>&1; then
	for a in "1 MADV_RANDOM" "2 MADV_SEQUENTIAL"; do
		set -- $a
		# LeakSanitizer cannot run under ptrace (the sanitized build)
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
			strace -f -o "$T/adv$1.trace" -e trace=mmap,madvise \
			"$IOSWEEP" -B -+A "$1" -s 2m -r 64k -i 0 -i 1 -f "$T/adv.tmp" \
			--out "$T/adv$1" >"$T/adv.out" 2>&1
		check test $? -eq 0
		check advised "$T/adv$1.trace" "$2"
		check grep -qx "	Madvise enabled: $1" "$T/adv.out"
	done
else
	echo "note: no strace: -+A's madvise calls are not looked at"
fi
expect_failure 2 "$IOSWEEP" -+A 1 -s 1m -r 64k -i 0 -f "$T/adv.tmp"
check one_line_error
check grep -q -- '-+A: madvise advises mmap files' "$T/err"
expect_failure 2 "$IOSWEEP" -B -+A 5 -s 1m -r 64k -i 0 -f "$T/adv.tmp"
check one_line_error

finish
