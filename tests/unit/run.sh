#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# run.sh: run every CUnit binary given, add up their pass/fail counts and
# exit non-zero if any failed or crashed.  UNIT_RUNNER (e.g. "wine") runs
# each binary through a program.
passed=0; failed=0; status=0
for t in "$@"; do
	# shellcheck disable=SC2086
	out=$(${UNIT_RUNNER:-} "$t" 2>&1); rc=$?
	line=$(printf '%s\n' "$out" | grep '^unit .*passed' | tail -n 1)
	if [ $rc -ne 0 ] || [ -z "$line" ]; then
		printf '%s\n' "$out"
		echo "FAIL $t (exit $rc)"
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
