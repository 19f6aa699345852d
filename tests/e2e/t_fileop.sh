#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_fileop.sh: `iosweep fileop` on real directories.  The layouts of
# IOzone's fileop (title, column header, A/B/W rows, -t blocks) against
# golden shapes in tests/golden/fileop/ (fileop_shape.awk masks the
# figures and the directory; the golden files were checked against the
# real fileop 3.508's output through the same script); the tree gone
# after every run and kept with -L; bad input refused with one line, exit
# 2 and nothing made; a directory holding a fileop tree refused unless
# --overwrite; SIGINT and SIGTERM mid-run, a small descriptor limit, a
# full file system (root: a 1 MB tmpfs) and write, fsync and read calls
# failed by the fault shim leave no tree behind, and a byte the shim
# flips is found by the read's check; --out's fileop.csv and meta.csv;
# files of 512 B and up hold no aligned block twice (all_distinct).
. "$(dirname "$0")/lib.sh"

SHAPE="$TOP/tests/e2e/fileop_shape.awk"
W="$T/work"
mkdir "$W" || exit 1

# no fileop_* entry left in $1
no_tree() { [ -z "$(ls -A "$1" | grep '^fileop_')" ]; }

# --- the layouts, one golden shape per set of options
for c in "f2|-f 2" "range|-l 1 -u 3" "excel|-e -f 2" "best_worst|-b -w -f 2" \
	 "verbose|-t -f 2" "size4k|-s 4k -f 2" "step|-l 1 -u 5 -i 2 -b"; do
	layout=${c%%|*}
	args=${c#*|}
	# shellcheck disable=SC2086
	expect_success "$IOSWEEP" fileop $args -d "$W"
	awk -f "$SHAPE" "$T/out" > "$T/shape.$layout"
	if grep -q 'BADLAYOUT\|^?:' "$T/shape.$layout"; then
		fail "$layout: a line not in fileop's layout"; cat "$T/out"
	fi
	check grep -q '^[RV]:' "$T/shape.$layout"
	cmp_golden "fileop/$layout.txt" "$T/shape.$layout"
	check test ! -s "$T/err"
	check no_tree "$W"
done
# the title names -d as given, less one trailing slash
expect_success "$IOSWEEP" fileop -f 1 -d "$W/"
check grep -qx "Fileop:  Working in $W, File size is 1,  Output is in Ops/sec. (A=Avg, B=Best, W=Worst)" "$T/out"
# the figures: positive numbers, and the file count is force^3
bad=$(awk '/^A / { for (i = 3; i < NF; i++) if ($i !~ /^[0-9]+$/ || $i + 0 <= 0) print; if ($NF != $2 * $2 * $2) print }' "$T/out" | wc -l)
check test "$bad" -eq 0

# --- -L: the tree stays (the delete column has no call: fileop's nan)
expect_success "$IOSWEEP" fileop -L -f 2 -d "$W"
awk -f "$SHAPE" "$T/out" > "$T/shape.leave"
cmp_golden "fileop/leave.txt" "$T/shape.leave"
check test -f "$W/fileop_L1_1/fileop_L1_1_L2_0/fileop_file_1_0_1"
check test "$(ls "$W" | grep -c '^fileop_L1_')" -eq 2
check test ! -e "$W/fileop_L1_1/fileop_L1_1_L2_0/fileop_file_1_0_1L"
# a range with -L keeps only the last force factor's tree
W2="$T/work2"
mkdir "$W2"
expect_success "$IOSWEEP" fileop -L -l 1 -u 3 -d "$W2"
check test "$(ls "$W2" | grep -c '^fileop_L1_')" -eq 3
check test "$(grep -c '^A ' "$T/out")" -eq 3
rm -rf "$W2"

# --- never clobber: a tree in -d is refused, --overwrite removes it first
echo keep > "$W/mine.txt"
expect_failure 2 "$IOSWEEP" fileop -f 1 -d "$W"
check one_line_error
check grep -q "holds a fileop tree already ('fileop_L1_" "$T/err"
check test -f "$W/fileop_L1_1/fileop_L1_1_L2_0/fileop_file_1_0_1"
expect_success "$IOSWEEP" fileop -f 1 -d "$W" --overwrite
check no_tree "$W"
check test "$(cat "$W/mine.txt")" = keep
rm -f "$W/mine.txt"

# --- bad input: one line naming the option, exit 2, nothing made
for args in "-f abc" "-f 0" "-f -3" "-f" "-s 1x" "-s 1g" "-l 4 -u 2" "-l 2" \
	    "-f 2 -l 1 -u 3" "-Z" "-B" "--bogus" "--trials 0" "-U" "2" "-d"; do
	# shellcheck disable=SC2086
	expect_failure 2 "$IOSWEEP" fileop $args -d "$W"
	check one_line_error
	check test -z "$(ls -A "$W")"
done
expect_failure 2 "$IOSWEEP" fileop -f abc
check grep -qx "iosweep fileop: -f 'abc': not a whole number" "$T/err"
expect_failure 2 "$IOSWEEP" fileop -s 1x
check grep -q "^iosweep fileop: -s '1x': not a size" "$T/err"
# -U: a mount point that is not there (t_remount.sh runs it on a real one)
expect_failure 1 "$IOSWEEP" fileop -f 1 -U "$T/nomount" -d "$W"
check grep -qx "iosweep fileop: -U '$T/nomount': No such file or directory" "$T/err"
check test -z "$(ls -A "$W")"
expect_failure 2 "$IOSWEEP" fileop -f 1 -d "$T/missing"
check one_line_error
check grep -q "$T/missing" "$T/err"
check test ! -e "$T/missing"
echo x > "$T/plain"
expect_failure 2 "$IOSWEEP" fileop -f 1 -d "$T/plain"
check one_line_error
# an unwritable -d: mode 555, or as root (who may write there) a read-only mount
mkdir "$T/ro"
ro=0
if [ "$(id -u)" -ne 0 ]; then
	chmod 555 "$T/ro" && ro=1
elif try_mount ro,size=64k "$T/ro"; then
	ro=1
fi
if [ "$ro" -eq 1 ]; then
	expect_failure 2 "$IOSWEEP" fileop -f 1 -d "$T/ro"
	check one_line_error
	check grep -q "$T/ro" "$T/err"
else
	echo "note: an unwritable -d needs a non-root user or a tmpfs mount; left out"
fi
# no arguments: the usage, exit 2; -h and -v: exit 0
expect_failure 2 "$IOSWEEP" fileop
check grep -q '^usage: iosweep fileop' "$T/err"
expect_success "$IOSWEEP" fileop -h
check grep -q '^usage: iosweep fileop' "$T/out"
expect_success "$IOSWEEP" fileop -v
check grep -q '^iosweep fileop ' "$T/out"

# --- signals mid-run: the tree goes, exit 130
tree_started() { [ -n "$(ls -A "$W" 2>/dev/null)" ]; }
for sig in INT TERM; do
	for force in 30 60; do
		"$IOSWEEP" fileop -f $force -d "$W" > "$T/out" 2> "$T/err" &
		pid=$!
		# the handlers are set before the tree's first directory: wait
		# for it (60 s at most), then a little into the run
		wait_until $pid tree_started
		sleep 0.2
		kill -s $sig $pid 2>/dev/null
		wait $pid
		rc=$?
		[ "$rc" -eq 0 ] || break	# else it finished first: a larger tree
	done
	check test "$rc" -eq 130
	check grep -q "interrupted by SIG$sig" "$T/err"
	check test "$(wc -l < "$T/err")" -eq 1
	check no_tree "$W"
	check test -z "$(ls -A "$W")"
done

# --- few descriptors: runs, or fails cleanly; never leaves a tree
(ulimit -n 32 && exec "$IOSWEEP" fileop -f 3 -d "$W") > "$T/out" 2> "$T/err"
rc=$?
check test "$rc" -eq 0 -o "$rc" -eq 3
[ "$rc" -eq 0 ] || check test "$(wc -l < "$T/err")" -eq 1
check no_tree "$W"

# --- a full file system (root: a 1 MB tmpfs): one line naming the cause, no tree
M="$T/small"
mkdir "$M"
if try_mount size=1m "$M"; then
	expect_failure 3 "$IOSWEEP" fileop -s 64k -f 8 -d "$M"
	check test "$(wc -l < "$T/err")" -eq 1
	check grep -q "No space left on device" "$T/err"
	check grep -q "^iosweep fileop: cannot write '$M/fileop_L1_0/" "$T/err"
	check no_tree "$M"
	check test -z "$(ls -A "$M")"
	check test "$(grep -c 'cannot\|No space' "$T/out")" -eq 0
else
	echo "note: the full file system case needs root and a tmpfs mount; left out"
fi

# --- a call that fails mid-run (the fault shim): one line, exit 3, no tree
if [ -n "${FAULTSHIM:-}" ] && [ -f "$FAULTSHIM" ]; then
	asan=$(ldd "$IOSWEEP" 2>/dev/null | awk '/libasan/ { print $3; exit }')
	for c in "write:1:ENOSPC|write|No space left on device" \
		 "fsync:1:EIO|fsync|Input/output error" "read:1:EIO|read|Input/output error"; do
		fault=${c%%|*}
		rest=${c#*|}
		call=${rest%%|*}
		why=${rest#*|}
		run env LD_PRELOAD="${asan:+$asan }$FAULTSHIM" FAULTSHIM_PATH=fileop_file_1_0_1 \
			FAULTSHIM_FAIL="$fault" "$IOSWEEP" fileop -f 2 -d "$W"
		check test "$RC" -eq 3
		check test "$(cat "$T/err")" = \
			"iosweep fileop: cannot $call '$W/fileop_L1_1/fileop_L1_1_L2_0/fileop_file_1_0_1': $why"
		check no_tree "$W"
		check test "$(grep -c '^A ' "$T/out")" -eq 0
	done
	# one wrong byte, in a file's random bytes or in a tag word, written
	# (the file holds it) or read (the buffer does): the read's check
	# stops the run, whatever the data (fileop's byte: -s 1, -n -s 100)
	for c in "write:1:700|4k" "write:1:1020|4k" "read:1:0|4k" "read:1:4095|4k" \
		 "read:1:1048570|1m" "read:1:0|1" "read:1:99|100 -n"; do
		flip=${c%%|*}
		args=${c#*|}
		# shellcheck disable=SC2086
		run env LD_PRELOAD="${asan:+$asan }$FAULTSHIM" FAULTSHIM_PATH=fileop_file_1_0_1 \
			FAULTSHIM_FLIP="$flip" "$IOSWEEP" fileop -f 2 -s $args -d "$W"
		check test "$RC" -eq 3
		check test "$(cat "$T/err")" = \
			"iosweep fileop: read '$W/fileop_L1_1/fileop_L1_1_L2_0/fileop_file_1_0_1': the data differs from what was written"
		check no_tree "$W"
	done
else
	echo "note: no fault shim in \$FAULTSHIM (make e2e builds it); the failing calls are left out"
fi

# --- --out: fileop.csv per force, trial and operation; meta.csv
expect_success "$IOSWEEP" fileop -f 2 --trials 2 -d "$W" --out "$T/res"
check grep -qx "iosweep fileop: results in $T/res/" "$T/err"
check test "$(grep -c '^A ' "$T/out")" -eq 1
check test "$(head -n 1 "$T/res/fileop.csv")" = \
	"force,trial,op,count,total_s,ops_per_s,best_s,worst_s,lat_p50_us,lat_p90_us,lat_p99_us,lat_p999_us,best_per_s,worst_per_s"
check test "$(tail -n +2 "$T/res/fileop.csv" | wc -l)" -eq 30
bad=$(awk -F, 'NR > 1 {
	want = ($3 ~ /^(mkdir|chdir|rmdir)$/) ? 14 : ($3 == "readdir") ? 4 : 8
	if (NF != 14 || $1 != 2 || ($2 != 0 && $2 != 1) || $4 != want || $5 <= 0 ||
	    $6 <= 0 || $7 <= 0 || $8 < $7 || $9 <= 0 || $12 < $9 ||
	    $14 <= 0 || $13 < $14) print }' "$T/res/fileop.csv" | wc -l)
check test "$bad" -eq 0
check test "$(awk -F, 'NR > 1 && $3 == "create"' "$T/res/fileop.csv" | wc -l)" -eq 2
check grep -qx 'status,complete' "$T/res/meta.csv"
check grep -q '^command_line,iosweep fileop -f 2 --trials 2' "$T/res/meta.csv"
check grep -qx 'source_unit,ops_per_s' "$T/res/meta.csv"
check grep -qx 'trials,2' "$T/res/meta.csv"
# fileop's byte per file at its default size of 1 byte, told as such
check grep -qx 'data_pattern,byte' "$T/res/meta.csv"
check test "$(grep -c '^data_unique_bytes,' "$T/res/meta.csv")" -eq 0
check no_tree "$W"
# the same folder again is refused, before anything runs
expect_failure 2 "$IOSWEEP" fileop -f 1 -d "$W" --out "$T/res"
check one_line_error
# -t --latency: p50 and p99 lines in each block
expect_success "$IOSWEEP" fileop -t --latency -f 2 -d "$W"
check test "$(grep -c '^         p50 [a-z]*(s)/sec *= ' "$T/out")" -eq 15
check test "$(grep -c '^         p99 [a-z]*(s)/sec *= ' "$T/out")" -eq 15
check no_tree "$W"

# --- the data: in files of 512 B and up no aligned block of 512 B, 4 kB,
# 128 kB or 1 MiB is written twice, in a file or across the run's files,
# and none compresses; meta.csv says so
for s in 512 4k 1m; do
	rm -rf "$T/data"
	mkdir "$T/data"
	expect_success "$IOSWEEP" fileop -L -f 2 -s "$s" -d "$T/data"
	if [ "$s" = 512 ]; then	# no 4 kB block for all_distinct
		# shellcheck disable=SC2046
		nd=$(distinct 512 $(find "$T/data" -type f | sort))
		echo "fileop -s 512: ${nd#* } distinct 512-byte blocks of ${nd% *}"
		check test "$nd" = "8 8"
	else
		# shellcheck disable=SC2046
		all_distinct "fileop -s $s" $(find "$T/data" -type f | sort)
	fi
done
f="$T/data/fileop_L1_1/fileop_L1_1_L2_0/fileop_file_1_0_1"
check test "$(wc -c < "$f")" -eq 1048576
check test "$(gzip -6 -c "$f" | wc -c)" -ge 1048576
rm -rf "$T/data"
expect_success "$IOSWEEP" fileop -f 2 -s 4k -d "$W" --out "$T/res4k"
check grep -qx 'data_pattern,random' "$T/res4k/meta.csv"
check grep -qx 'data_unique_bytes,512' "$T/res4k/meta.csv"
check grep -qx 'data_dedup_ratio,1.0000' "$T/res4k/meta.csv"
check test "$(awk -F, '$1 == "data_compress_ratio" && $2 > 0.99 && $2 < 1.01' \
	"$T/res4k/meta.csv" | wc -l)" -eq 1
check no_tree "$W"

finish
