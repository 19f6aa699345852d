#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_signals.sh: interruptions.  SIGINT, SIGTERM and SIGHUP in the middle of
# a sweep end with exit 130, the rows printed so far, one line naming the
# cell and the signal, results.csv with every finished cell, meta.csv's
# status "interrupted: ...", and the test file removed.  A second SIGINT
# while the results are being saved ends the process at once, saying
# where the journal (t_journal.sh) keeps the finished passes.  A reader
# of stdout that goes away (| head) stops the sweep the same way.
# e2e: alone (its signals are timed to land mid-pass)
. "$(dirname "$0")/lib.sh"

ROW='^ *[0-9][0-9]* *[0-9][0-9]* *[0-9]'

# wait_for CMD...: poll CMD for up to 60 s.
wait_for() {
	i=0
	while ! "$@" && [ $i -lt 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}
# (the output of the process just started: its file is removed first, so
# a slow start never lets the rows of the run before count)
rows_at_least() {
	seen=$(grep -c "$ROW" "$T/out" 2>/dev/null)
	[ "${seen:-0}" -ge "$1" ]
}

# 1. Each signal, after a few rows.
for sig in INT TERM HUP; do
	out="$T/o-$sig"
	f="$T/t-$sig"
	rm -f "$T/out"
	"$IOSWEEP" -a -n 1m -g 64m -i 0 -i 1 --trials 3 -f "$f" --out "$out" \
		>"$T/out" 2>"$T/err" &
	pid=$!
	wait_for rows_at_least 2
	kill -s "$sig" "$pid"
	wait "$pid"
	RC=$?
	check test "$RC" -eq 130
	rows=$(grep -c "$ROW" "$T/out")
	check test "$rows" -ge 2
	check test "$(grep -c 'test complete' "$T/out")" -eq 0
	check grep -qx "iosweep: interrupted in cell [0-9]* kB / [0-9]* kB, test [a-z]* (SIG$sig)" "$T/err"
	check grep -qx "iosweep: results of the finished cells in $out/" "$T/err"
	# every printed row: 4 columns x 3 trials, complete; the summary has
	# exactly those cells with n = 3 (a partial cell has fewer trials)
	check test "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "partial") P = i; next } $P == 0' "$out/results.csv" | wc -l)" -ge $((rows * 12))
	check test "$(awk -F, 'NR > 1 && $5 == 3' "$out/summary.csv" | wc -l)" -eq $((rows * 4))
	check grep -q "^status,\"interrupted: interrupted in cell .* (SIG$sig)\"\$" "$out/meta.csv"
	check test ! -e "$f"
	check test -z "$(find "$out" -name '*.tmp.*')"
done

# 2. A second SIGINT while the results are saved (made slow by the shim:
# 1 s per fsync of a file the save writes, NAME.tmp.PID before its
# rename; the journal's own syncs are left alone, or the sweep would crawl
# to its first row) ends the process at once: no "results" line, no
# results.csv in place.  The same run with one SIGINT (0.2 s per fsync)
# saves them.
if [ -n "${FAULTSHIM:-}" ] && [ -f "$FAULTSHIM" ]; then
	asan=$(ldd "$IOSWEEP" 2>/dev/null | awk '/libasan/ { print $3; exit }')
	for n in 1 2; do
		out="$T/slow$n"
		rm -f "$T/out"
		env LD_PRELOAD="${asan:+$asan }$FAULTSHIM" FAULTSHIM_PATH=".tmp." \
			FAULTSHIM_SLOW=fsync:$((n == 1 ? 200 : 1000)) \
			"$IOSWEEP" -a -n 1m -g 64m -i 0 -i 1 --trials 3 -f "$T/t2" \
			--out "$out" >"$T/out" 2>"$T/err" &
		pid=$!
		# a watchdog, so the test never hangs: gone soon after iosweep is
		(i=0; while kill -0 "$pid" 2>/dev/null && [ $i -lt 1200 ]; do
			sleep 0.1; i=$((i + 1)); done
		 kill -KILL "$pid" 2>/dev/null) >/dev/null 2>&1 &
		wait_for rows_at_least 1
		kill -INT "$pid"
		if [ $n -eq 2 ]; then
			wait_for sh -c "ls '$out' 2>/dev/null | grep -q '[.]tmp[.]'"
			kill -INT "$pid"
		fi
		wait "$pid"
		RC=$?
		check test "$RC" -eq 130
		check test ! -e "$T/t2"
		if [ $n -eq 1 ]; then
			check grep -qx "iosweep: results of the finished cells in $out/" "$T/err"
			check test -s "$out/results.csv"
		else
			check test "$(grep -c 'results of the finished cells' "$T/err")" -eq 0
			check test ! -e "$out/results.csv"
			# but it says where the journal keeps every finished pass
			check grep -qx "iosweep: stopped at once; every finished pass is in $out/journal.txt: 'iosweep resume $out' runs the rest" "$T/err"
			check test "$(grep -c '^d	' "$out/journal.txt")" -ge 3
		fi
	done
else
	echo "note: no fault shim in \$FAULTSHIM: the second-SIGINT case is skipped"
fi

# 3. The reader of stdout goes away: the sweep stops as if interrupted.
{ "$IOSWEEP" -a -n 1m -g 64m -i 0 -i 1 --trials 3 -f "$T/p" --out "$T/op" 2>"$T/err"
  echo $? >"$T/rc"; } | head -n 1 >/dev/null
check test "$(cat "$T/rc")" -eq 130
check grep -q '(SIGPIPE' "$T/err"
check grep -q '^status,"interrupted: ' "$T/op/meta.csv"
check test ! -e "$T/p"

finish
