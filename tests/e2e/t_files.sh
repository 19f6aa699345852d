#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_files.sh: `iosweep files` on real directories.  Every preset at a
# small scale with two trials writes its rows and leaves nothing; a tree
# of our own holds exactly the files and bytes asked for (counted on
# disk during a --keep run, and in files.csv); two jobs in separate and
# shared trees; SIGINT as the 50th file is closed (the fault shim raises
# it: the same point of every run), a full file system (root: a small
# tmpfs) and a small descriptor limit leave nothing;
# bad input and an existing tree are refused with one line and exit 2.
. "$(dirname "$0")/lib.sh"

W="$T/work"
mkdir "$W" || exit 1
empty() { [ -z "$(ls -A "$1")" ]; }
# csv_sum CSV PHASE COLUMN: the column's sum over the "all" rows of a phase
csv_sum() {
	awk -F, -v p="$2" -v col="$3" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$2 == p && $3 == "all" { s += $(c[col]) } END { printf "%d\n", s }' "$1"
}

# --- --list: every preset with its full size
expect_success "$IOSWEEP" files --list
for p in photo-library office-documents source-tree backup-set video-project folder-copy; do
	check grep -q "^$p  *[0-9][0-9]*  *[0-9][0-9]*  *[0-9.]* [kMGT]*B  " "$T/out"
done
check grep -q '^folder-copy  *38 ' "$T/out"

# --- every preset, small, two trials: rows for each trial, nothing left
for p in photo-library office-documents source-tree backup-set video-project folder-copy; do
	expect_success "$IOSWEEP" files --preset "$p" --scale 0.002 --size 2m --trials 2 \
		--dir "$W" --out "$T/res-$p"
	csv="$T/res-$p/files.csv"
	check test "$(head -n 1 "$csv")" = \
		"trial,phase,job,calls,files,bytes,seconds,ops_per_s,files_per_s,mb_per_s,lat_p50_us,lat_p99_us,short_timing"
	n=$(sed -n 's/.* files=\([0-9]*\) .*/\1/p' "$T/out" | head -n 1)
	check test -n "$n"
	for t in 0 1; do
		for ph in create stat readdir read chmod rename unlink rmdir; do
			[ "$ph" = rmdir ] && [ "$p" = folder-copy ] && continue
			check test "$(awk -F, -v t=$t -v p=$ph '$1 == t && $2 == p && $3 == "all"' "$csv" | wc -l)" -eq 1
		done
		check test "$(awk -F, -v t=$t '$1 == t && $2 == "create" && $3 == "all" { print $5 }' "$csv")" -eq "$n"
		check test "$(awk -F, -v t=$t '$1 == t && $2 == "unlink" && $3 == "all" { print $4 }' "$csv")" -eq "$n"
	done
	# every figure positive where calls were timed, bytes over seconds as MB/s
	bad=$(awk -F, 'NR > 1 && ($4 <= 0 || $7 <= 0 || $8 <= 0 || $11 <= 0 || $12 < $11 ||
		($6 > 0 && ($10 - $6 / 1048576 / $7) ^ 2 > 1e-6 * $10 ^ 2))' "$csv" | wc -l)
	check test "$bad" -eq 0
	check test "$(grep -c '^trial [12]$' "$T/out")" -eq 2
	check grep -q '^mean over 2 trials' "$T/out"
	check grep -qx 'status,complete' "$T/res-$p/meta.csv"
	check grep -q "^workload,\"\\{0,1\\}files preset=$p " "$T/res-$p/meta.csv"
	# what the files were given: unique 512-byte blocks, incompressible
	check grep -qx 'data_unique_bytes,512' "$T/res-$p/meta.csv"
	check grep -qx 'data_dedup_ratio,1.0000' "$T/res-$p/meta.csv"
	check grep -q '^data_compress_ratio,\(0\.99\|1\.0\)' "$T/res-$p/meta.csv"
	check empty "$W"
done
# the cache caveat is said
check grep -q "^note: stat, readdir and chmod run on a tree this run just made" "$T/out"

# --- a tree of our own: the files and bytes asked for, on disk
expect_success "$IOSWEEP" files --depth 2 --width 3 --files 4 --file-size 1000 --keep \
	--dir "$W" --out "$T/own"
check test "$(find "$W/iosweep_files" -type f | wc -l)" -eq 36
check test "$(find "$W/iosweep_files" -type d | wc -l)" -eq 14
check test "$(find "$W/iosweep_files" -type f -size 1000c | wc -l)" -eq 36
check test "$(csv_sum "$T/own/files.csv" create bytes)" -eq 36000
check test "$(csv_sum "$T/own/files.csv" readdir files)" -eq 36
check test "$(awk -F, '$2 == "unlink"' "$T/own/files.csv" | wc -l)" -eq 0
# an existing tree is refused, and --overwrite removes it first
expect_failure 2 "$IOSWEEP" files --count 3 --dir "$W"
check one_line_error
check grep -q "holds 'iosweep_files' already" "$T/err"
check test "$(find "$W/iosweep_files" -type f | wc -l)" -eq 36
# log-normal sizes: what files.csv says was written is what is on disk
expect_success "$IOSWEEP" files --overwrite --depth 1 --width 5 --count 57 \
	--file-size lognormal:8k,3 --keep --dir "$W" --out "$T/own2"
check test "$(find "$W/iosweep_files" -type f | wc -l)" -eq 57
ondisk=$(find "$W/iosweep_files" -type f -exec cat {} + | wc -c)
check test "$ondisk" -eq "$(csv_sum "$T/own2/files.csv" create bytes)"
check test "$ondisk" -eq "$(csv_sum "$T/own2/files.csv" read bytes)"
# incompressible by default, zeros with --data zero
check test "$(find "$W/iosweep_files" -type f -exec cat {} + | gzip -c | wc -c)" -gt \
	$((ondisk * 99 / 100))
# a name it does not make is never removed: --overwrite then fails
echo mine > "$W/iosweep_files/job0/notes.txt"
expect_failure 3 "$IOSWEEP" files --overwrite --count 3 --dir "$W"
check grep -q "names iosweep files does not make" "$T/err"
check test "$(cat "$W/iosweep_files/job0/notes.txt")" = mine
check test "$(find "$W/iosweep_files" -type f | wc -l)" -eq 1
rm -rf "$W/iosweep_files"
expect_success "$IOSWEEP" files --count 20 --file-size 64k --data zero --keep --dir "$W"
check test "$(find "$W/iosweep_files" -type f -exec cat {} + | tr -d '\0' | wc -c)" -eq 0
rm -rf "$W/iosweep_files"

# --- --cold: the read phase still reads every byte; the notes say what
# stays cached
expect_success "$IOSWEEP" files --cold --count 30 --file-size 16k --dir "$W" --out "$T/cold"
check test "$(csv_sum "$T/cold/files.csv" read bytes)" -eq $((30 * 16384))
check grep -q "(--cold drops file data only)" "$T/out"
check empty "$W"

# --- two jobs: separate trees and one shared tree
expect_success "$IOSWEEP" files --jobs 2 --depth 1 --width 2 --count 10 --keep --dir "$W" --out "$T/sep"
check test -d "$W/iosweep_files/job0/d1" -a -d "$W/iosweep_files/job1/d1"
check test "$(find "$W/iosweep_files" -type f | wc -l)" -eq 10
check test "$(find "$W/iosweep_files/job1" -type f | wc -l)" -eq 5
check test "$(awk -F, '$2 == "create" && $3 == "0" { print $5 }' "$T/sep/files.csv")" -eq 5
check test "$(awk -F, '$2 == "mkdir" && $3 == "all" { print $4 }' "$T/sep/files.csv")" -eq 4
rm -rf "$W/iosweep_files"
expect_success "$IOSWEEP" files --jobs 2 --shared-dir --depth 2 --width 3 --count 30 --trials 2 \
	--dir "$W" --out "$T/shr"
check test "$(awk -F, '$1 == 0 && $2 == "mkdir" && $3 == "all" { print $4 }' "$T/shr/files.csv")" -eq 12
check test "$(awk -F, '$1 == 1 && $2 == "rmdir" && $3 == "all" { print $4 }' "$T/shr/files.csv")" -eq 12
check test "$(awk -F, '$1 == 0 && $2 == "create" && ($3 == "0" || $3 == "1") { s += $5 } END { print s }' "$T/shr/files.csv")" -eq 30
check grep -q '^create  *1  *15 ' "$T/out"
check empty "$W"

# --- bad input: one line naming the option, exit 2, nothing made
for args in "--depth x" "--width 0" "--files 2 --count 3" "--jobs 0" "--trials x" \
	    "--scale 0" "--size 1q" "--data ones" "--file-size uniform:9-1" "--preset nope" \
	    "--preset backup-set --width 3" "--keep --trials 2" "--bogus" "-f" "--dir"; do
	# shellcheck disable=SC2086
	expect_failure 2 "$IOSWEEP" files $args --dir "$W"
	check one_line_error
	check empty "$W"
done
expect_failure 2 "$IOSWEEP" files --depth x --dir "$W"
check grep -qx "iosweep files: --depth 'x': not a whole number" "$T/err"
expect_failure 2 "$IOSWEEP" files --count 3 --dir "$T/missing"
check one_line_error
check test ! -e "$T/missing"
expect_success "$IOSWEEP" files --help
check grep -q '^usage: iosweep files' "$T/out"
# the same result folder again is refused before anything runs
expect_failure 2 "$IOSWEEP" files --count 3 --dir "$W" --out "$T/sep"
check one_line_error
check empty "$W"

SHIM=
if [ -n "${FAULTSHIM:-}" ] && [ -f "$FAULTSHIM" ]; then
	asan=$(ldd "$IOSWEEP" 2>/dev/null | awk '/libasan/ { print $3; exit }')
	SHIM="${asan:+$asan }$FAULTSHIM"
fi

# --- SIGINT in the create phase (raised by the fault shim as the 50th
# file of 200 is closed): everything goes, exit 130, one line
if [ -n "$SHIM" ]; then
	run env LD_PRELOAD="$SHIM" FAULTSHIM_SIGNAL="close:50:INT@$W/" \
		"$IOSWEEP" files --depth 1 --width 10 --count 200 --file-size 0 --dir "$W"
	check test "$RC" -eq 130
	check test "$(cat "$T/err")" = \
		"iosweep files: interrupted by SIGINT in trial 1; the tree it made is removed"
	check empty "$W"
else
	echo "note: no fault shim in \$FAULTSHIM (make e2e builds it); the SIGINT case is left out"
fi

# --- few descriptors: 32 are plenty (a job holds one file at a time);
# nothing left
(ulimit -n 32 && exec "$IOSWEEP" files --jobs 4 --depth 2 --width 4 --count 200 --dir "$W") \
	> "$T/out" 2> "$T/err"
check test "$?" -eq 0
check test ! -s "$T/err"
check empty "$W"
# so few that create meets EMFILE (stdin, stdout, stderr and two more,
# for four jobs): one line, and the removal (one descriptor at a time)
# still takes everything
(ulimit -n 5 && exec "$IOSWEEP" files --jobs 4 --depth 2 --width 4 --count 200 --dir "$W") \
	> "$T/out" 2> "$T/err"
check test "$?" -eq 3
check test "$(wc -l < "$T/err")" -eq 1
check grep -q "^iosweep files: cannot create '.*': Too many open files" "$T/err"
check empty "$W"

# --- a call that fails mid-run (the fault shim), with files in place:
# one line naming the call and the file, exit 3, nothing left
if [ -n "$SHIM" ]; then
	for c in "read:1:EIO|read|Input/output error" "write:1:EDQUOT|write|Disk quota exceeded"; do
		fault=${c%%|*}
		rest=${c#*|}
		call=${rest%%|*}
		why=${rest#*|}
		run env LD_PRELOAD="$SHIM" FAULTSHIM_PATH=/f7 \
			FAULTSHIM_FAIL="$fault" "$IOSWEEP" files --jobs 2 --depth 1 --width 2 \
			--count 12 --file-size 8k --dir "$W"
		check test "$RC" -eq 3
		check test "$(cat "$T/err")" = \
			"iosweep files: cannot $call '$W/iosweep_files/job1/d1/f7': $why"
		check empty "$W"
	done
else
	echo "note: no fault shim in \$FAULTSHIM (make e2e builds it); the failing calls are left out"
fi

# --- a full file system (root: a 1 MB tmpfs): one line naming the cause, nothing left
M="$T/small"
mkdir "$M"
if try_mount size=1m "$M"; then
	expect_failure 3 "$IOSWEEP" files --jobs 2 --count 64 --file-size 64k --dir "$M"
	check test "$(wc -l < "$T/err")" -eq 1
	check grep -q "No space left on device" "$T/err"
	check grep -q "^iosweep files: cannot write '$M/iosweep_files/job" "$T/err"
	check empty "$M"
else
	echo "note: the full file system case needs root and a tmpfs mount; left out"
fi

finish
