#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# run.sh: run every tests/e2e/t_*.sh (or those named) and print one summary
# line.  A test's inner skips (its "note: ..." lines: a case left out
# because a tool or a permission is missing) are printed under its result
# and counted in the summary, so nothing skipped stays hidden.  Each
# result line gives the test's wall time, to see where make check's
# minutes go.
#
# A failed test is printed whole where make's output is read: its
# stdout and stderr (the checks that failed and the commands they ran),
# the load average when it ended, the tests that ran beside it, and the
# folder it kept (build/e2e-failed/NAME: E2E_KEEP_DIR, the test's $T
# without files over 4 MB).  Each test has a time limit (E2E_TIMEOUT
# seconds, 900 by default): past it the test and what it started are
# stopped and the failure names it, so a hang never stalls the run.
#
# Each skip and each note also goes through scripts/skipped: into
# $IOSWEEP_SKIP_LOG (the list `make check` ends with, each with the
# command that runs the part) and, under IOSWEEP_NO_SKIP=1 (CI, make
# check-all), it fails the test.  What needs a heavy tool (LibreOffice,
# Chromium, wine, MPICH, an X server) is run by `make check-all`; the rest
# by `make e2e E2E=t_name` once the reason is fixed.
dir=$(cd "$(dirname "$0")" && pwd)
skipped_sh="$dir/../../scripts/skipped"
. "$dir/keep.sh"
keep=${E2E_KEEP_DIR-$(cd "$dir/../.." && pwd)/build/e2e-failed}
limit=${E2E_TIMEOUT:-900}
case $limit in '' | *[!0-9]* | 0) echo "run.sh: E2E_TIMEOUT must be a whole number of seconds from 1" >&2; exit 2 ;; esac
passed=0; failed=0; skipped=0; notes=0

# how_to_run NAME REASON: the command that runs what NAME left out.
how_to_run() {
	case "$1: $2" in
	t_xls_office:* | t_report_browser:* | t_windows:* | *LibreOffice* | *Chromium* | \
	*wine* | *MPICH* | *DISPLAY*) echo "make check-all" ;;
	t_nas_*) echo "make check-nas NAS=$1" ;;
	*) echo "make e2e E2E=$1" ;;
	esac
}

# failure NAME RC TOOK OUT: everything known of a failed test, whole.
failure() {
	case $2 in
	124 | 137) why="stopped at its time limit of $limit s (E2E_TIMEOUT), exit $2" ;;
	*) why="exit $2" ;;
	esac
	echo "FAIL $1 ($3): $why"
	echo "---- $1: its whole output ----"
	printf '%s\n' "$4" | sed 's/^/    /'
	echo "---- $1: load average when it ended: $(cat /proc/loadavg 2>/dev/null || uptime)"
	echo "---- $1: ran beside it: $(beside "$1")"
	# a test stopped at its limit may not have kept its folder itself
	if [ -f "$W/$1.dir" ] && [ -n "$keep" ]; then
		d=$(cat "$W/$1.dir")
		if [ -d "$d" ]; then
			E2E_NAME=$1 E2E_KEEP_DIR=$keep e2e_keep "$d" >/dev/null
			rm -rf "$d"
		fi
	fi
	[ -z "$keep" ] || [ ! -d "$keep/$1" ] || echo "---- $1: its folder is kept in $keep/$1"
	echo "---- end of $1 ----"
}

# beside NAME: the tests whose run overlapped NAME's (from $W/spans:
# "name start end", end "-" while running)
beside() {
	awk -v n="$1" '{ s[$1] = $2; e[$1] = $3 } END {
		if (!(n in s)) exit
		out = ""
		for (t in s) {
			if (t == n) continue
			if (s[t] <= (e[n] == "-" ? 1e18 : e[n]) && (e[t] == "-" || e[t] >= s[n]))
				out = out " " t
		}
		print (out == "" ? "nothing" : substr(out, 2))
	}' "$W/spans" 2>/dev/null
}

# report NAME RC TOOK OUT: count and print one test's result.
report() {
	name=$1; rc=$2; took=$3; out=$4
	bad=0
	case $rc in
	0) ;;
	77)
		skipwhy=$(printf '%s\n' "$out" | grep '^SKIP' | head -n 1 | sed 's/^SKIP: //')
		sh "$skipped_sh" -q "e2e $name" "$skipwhy" "$(how_to_run "$name" "$skipwhy")" 2>/dev/null || bad=1 ;;
	*) bad=2 ;;
	esac
	n=$(printf '%s\n' "$out" | grep -c '^note:')
	if [ "$n" -gt 0 ]; then
		while IFS= read -r why; do
			sh "$skipped_sh" -q "e2e $name" "$why" "$(how_to_run "$name" "$why")" 2>/dev/null ||
				{ [ $bad -eq 0 ] && bad=1; }
		done <<NOTES
$(printf '%s\n' "$out" | sed -n 's/^note: //p')
NOTES
	fi
	case $bad:$rc in
	0:0) passed=$((passed + 1)); echo "ok   $name ($took)" ;;
	0:77) skipped=$((skipped + 1)); echo "skip $name: SKIP: $skipwhy" ;;
	1:*) failed=$((failed + 1)); echo "FAIL $name: it skipped a part, and IOSWEEP_NO_SKIP=1 allows none" ;;
	*) failed=$((failed + 1)); failure "$name" "$rc" "$took" "$out" ;;
	esac
	if [ "$n" -gt 0 ]; then
		notes=$((notes + n))
		printf '%s\n' "$out" | grep '^note:' | sed 's/^/     /'
	fi
	[ $bad:$rc = 1:77 ] && echo "     SKIP: $skipwhy"
	return 0
}

# Tests run E2E_JOBS at a time (default 2), each in the background with
# its output in a file, and are reported as they end.  A test whose first
# lines hold "# e2e: alone" measures speed, CPU or a cache that another
# test's load would change: those run afterwards, one at a time.
jobs=${E2E_JOBS:-2}
case $jobs in '' | *[!0-9]* | 0) echo "run.sh: E2E_JOBS must be a whole number from 1" >&2; exit 2 ;; esac
W=$(mktemp -d "${TMPDIR:-/tmp}/iosweep-e2e-run.XXXXXX") || exit 2
trap 'rm -rf "$W"' EXIT
trap 'exit 130' INT TERM
shared=""; alone=""
for t in ${*:-"$dir"/t_*.sh}; do
	if head -n 40 "$t" | grep -q '^# e2e: alone'; then
		alone="$alone $t"
	else
		shared="$shared $t"
	fi
done

# start T: run test T in the background; its output, status and start
# time in $W
start() {
	name=$(basename "$1" .sh)
	date +%s >"$W/$name.t0"
	echo "$name $(date +%s) -" >>"$W/spans"
	[ -z "$keep" ] || rm -rf "${keep:?}/$name"
	(
		if command -v timeout >/dev/null 2>&1; then
			E2E_RUN_DIR=$W E2E_KEEP_DIR=$keep timeout -k 30 "$limit" sh "$1" >"$W/$name.out" 2>&1
		else
			E2E_RUN_DIR=$W E2E_KEEP_DIR=$keep sh "$1" >"$W/$name.out" 2>&1
		fi
		echo $? >"$W/$name.rc.tmp"; mv "$W/$name.rc.tmp" "$W/$name.rc"
	) &
}

# reap: report every started test that has ended; prints how many still run
reap() {
	for f in "$W"/*.rc; do
		[ -e "$f" ] || continue
		name=$(basename "$f" .rc)
		rc=$(cat "$f")
		now=$(date +%s)
		took="$((now - $(cat "$W/$name.t0"))) s"
		sed "s/^$name \([0-9]*\) -\$/$name \1 $now/" "$W/spans" >"$W/spans.tmp" &&
			mv "$W/spans.tmp" "$W/spans"
		report "$name" "$rc" "$took" "$(cat "$W/$name.out")"
		rm -f "$f" "$W/$name.out" "$W/$name.t0" "$W/$name.dir"
		running=$((running - 1))
	done
}

running=0
for t in $shared; do
	while [ $running -ge "$jobs" ]; do
		sleep 0.2
		reap
	done
	start "$t"
	running=$((running + 1))
done
while [ $running -gt 0 ]; do
	sleep 0.2
	reap
done
for t in $alone; do
	start "$t"
	running=1
	while [ $running -gt 0 ]; do
		sleep 0.2
		reap
	done
done
echo "e2e: $passed passed, $failed failed, $skipped skipped, $notes inner skips (notes)"
[ $failed -eq 0 ]
