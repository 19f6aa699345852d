#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# run.sh: run every tests/e2e/t_*.sh (or those named) and print one summary
# line.  A test's inner skips (its "note: ..." lines: a case left out
# because a tool or a permission is missing) are printed under its result
# and counted in the summary, so nothing skipped stays hidden.  Each
# result line gives the test's wall time, to see where make check's
# minutes go.
#
# Each skip and each note also goes through scripts/skipped: into
# $IOSWEEP_SKIP_LOG (the list `make check` ends with, each with the
# command that runs the part) and, under IOSWEEP_NO_SKIP=1 (CI, make
# check-all), it fails the test.  What needs a heavy tool (LibreOffice,
# Chromium, wine, MPICH, an X server) is run by `make check-all`; the rest
# by `make e2e E2E=t_name` once the reason is fixed.
dir=$(cd "$(dirname "$0")" && pwd)
skipped_sh="$dir/../../scripts/skipped"
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
	*) failed=$((failed + 1)); echo "FAIL $name ($took)"; printf '%s\n' "$out" | sed 's/^/    /' | head -n 40 ;;
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
	(sh "$1" >"$W/$name.out" 2>&1; echo $? >"$W/$name.rc.tmp"; mv "$W/$name.rc.tmp" "$W/$name.rc") &
}

# reap: report every started test that has ended; prints how many still run
reap() {
	for f in "$W"/*.rc; do
		[ -e "$f" ] || continue
		name=$(basename "$f" .rc)
		rc=$(cat "$f")
		took="$(($(date +%s) - $(cat "$W/$name.t0"))) s"
		report "$name" "$rc" "$took" "$(cat "$W/$name.out")"
		rm -f "$f" "$W/$name.out" "$W/$name.t0"
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
