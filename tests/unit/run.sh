#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# run.sh: run every CUnit binary given, add up their pass/fail counts and
# exit non-zero if any failed or crashed.  UNIT_RUNNER (e.g. "wine") runs
# each binary through a program.  A failed or crashed binary is printed
# whole (every case's output, the sanitizer's report), with the load
# average; each binary has a time limit of UNIT_TIMEOUT seconds (300 by
# default), past which it is stopped and named.
passed=0; failed=0; status=0
limit=${UNIT_TIMEOUT:-300}
tmo=""
command -v timeout >/dev/null 2>&1 && tmo="timeout -k 10 $limit"
for t in "$@"; do
	# shellcheck disable=SC2086
	out=$($tmo ${UNIT_RUNNER:-} "$t" 2>&1); rc=$?
	line=$(printf '%s\n' "$out" | grep '^unit .*passed' | tail -n 1)
	if [ $rc -ne 0 ] || [ -z "$line" ]; then
		echo "---- $t: its whole output ----"
		printf '%s\n' "$out"
		case $rc in
		124 | 137) echo "FAIL $t: stopped at its time limit of $limit s (UNIT_TIMEOUT)" ;;
		*) echo "FAIL $t (exit $rc)" ;;
		esac
		echo "---- load average: $(cat /proc/loadavg 2>/dev/null || uptime)"
		status=1
	fi
	p=$(printf '%s' "$line" | sed -n 's/.*: \([0-9]*\) passed.*/\1/p')
	f=$(printf '%s' "$line" | sed -n 's/.* \([0-9]*\) failed.*/\1/p')
	[ -n "$p" ] && passed=$((passed + p))
	[ -n "$f" ] && failed=$((failed + f))
	[ -z "$line" ] && failed=$((failed + 1))
	echo "$line"
done
echo "unit: $passed passed, $failed failed"
exit $status
