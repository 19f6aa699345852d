#!/bin/sh
# run.sh: run every tests/e2e/t_*.sh (or those named) and print one summary
# line.  A test's inner skips (its "note: ..." lines: a case left out
# because a tool or a permission is missing) are printed under its result
# and counted in the summary, so nothing skipped stays hidden.
dir=$(cd "$(dirname "$0")" && pwd)
passed=0; failed=0; skipped=0; notes=0
for t in ${*:-"$dir"/t_*.sh}; do
	name=$(basename "$t" .sh)
	out=$(sh "$t" 2>&1); rc=$?
	case $rc in
	0) passed=$((passed + 1)); echo "ok   $name" ;;
	77) skipped=$((skipped + 1)); echo "skip $name: $(printf '%s\n' "$out" | grep '^SKIP' | head -n 1)" ;;
	*) failed=$((failed + 1)); echo "FAIL $name"; printf '%s\n' "$out" | sed 's/^/    /' | head -n 40 ;;
	esac
	n=$(printf '%s\n' "$out" | grep -c '^note:')
	if [ "$n" -gt 0 ]; then
		notes=$((notes + n))
		printf '%s\n' "$out" | grep '^note:' | sed 's/^/     /'
	fi
done
echo "e2e: $passed passed, $failed failed, $skipped skipped, $notes inner skips (notes)"
[ $failed -eq 0 ]
