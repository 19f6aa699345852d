#!/bin/sh
# run.sh: run every tests/e2e/t_*.sh (or those named) and print one summary line.
dir=$(cd "$(dirname "$0")" && pwd)
passed=0; failed=0; skipped=0
for t in ${*:-"$dir"/t_*.sh}; do
	name=$(basename "$t" .sh)
	out=$(sh "$t" 2>&1); rc=$?
	case $rc in
	0) passed=$((passed + 1)); echo "ok   $name" ;;
	77) skipped=$((skipped + 1)); echo "skip $name: $(printf '%s\n' "$out" | grep '^SKIP' | head -n 1)" ;;
	*) failed=$((failed + 1)); echo "FAIL $name"; printf '%s\n' "$out" | sed 's/^/    /' | head -n 40 ;;
	esac
done
echo "e2e: $passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
