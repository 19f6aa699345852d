#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_signals.sh: interruptions.  SIGINT, SIGTERM and SIGHUP in the middle of
# a sweep end with exit 130, the rows printed so far, one line naming the
# cell and the signal, results.csv with every finished cell, meta.csv's
# status "interrupted: ...", and the test file removed.  A second SIGINT
# while the results are being saved ends the process at once, saying
# where the journal (t_journal.sh) keeps the finished passes.  A reader
# of stdout that goes away (| head) stops the sweep the same way.  Each
# message to stderr is one write of a whole line.
#
# The signals come from the process itself, at a call the fault shim
# counts (FAULTSHIM_SIGNAL): the 2,400th write of the test file, in the
# sweep below, is in its third cell (1024 kB / 16 kB, the write pass of
# its second trial), on every machine and under any load.  Its first two
# cells are 3 trials x 2 write passes of 256 and 128 records: 2,304
# writes.
. "$(dirname "$0")/lib.sh"

ROW='^ *[0-9][0-9]* *[0-9][0-9]* *[0-9]'
SWEEP="-a -n 1m -g 64m -i 0 -i 1 --trials 3"
CELL3="cell 1024 kB / 16 kB, test write"

SHIM=
if [ -n "${FAULTSHIM:-}" ] && [ -f "$FAULTSHIM" ]; then
	asan=$(ldd "$IOSWEEP" 2>/dev/null | awk '/libasan/ { print $3; exit }')
	SHIM="${asan:+$asan }$FAULTSHIM"
else
	echo "note: no fault shim in \$FAULTSHIM (make e2e builds it): the signals mid-sweep are not sent"
fi
# shimmed SIGNALS CMD...: CMD with the fault shim raising SIGNALS
# (FAULTSHIM_SIGNAL), its output in $T/out and $T/err, its status in RC
shimmed() {
	sigs=$1
	shift
	run env LD_PRELOAD="$SHIM" FAULTSHIM_SIGNAL="$sigs" "$@"
}
# partial_rows CSV P: results.csv's rows whose "partial" is P
partial_rows() {
	awk -F, -v p="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "partial") P = i; next }
		$P == p' "$1" | wc -l
}

# 1. Each signal in the third cell: the two cells before it printed and
# saved whole (2 cells x 4 columns x 3 trials), the pass it cut marked
# partial, two lines on stderr.
if [ -n "$SHIM" ]; then
	for sig in INT TERM HUP; do
		out="$T/o-$sig"
		f="$T/t-$sig"
		shimmed "write:2400:$sig@$f" "$IOSWEEP" $SWEEP -f "$f" --out "$out"
		check test "$RC" -eq 130
		check test "$(grep -c "$ROW" "$T/out")" -eq 2
		check test "$(grep -c 'test complete' "$T/out")" -eq 0
		printf '%s\n' "iosweep: interrupted in $CELL3 (SIG$sig)" \
			"iosweep: results of the finished cells in $out/" >"$T/want"
		check cmp "$T/want" "$T/err"
		check test "$(partial_rows "$out/results.csv" 0)" -eq 24
		check test "$(partial_rows "$out/results.csv" 1)" -eq 1
		check test "$(awk -F, 'NR > 1 && $5 == 3' "$out/summary.csv" | wc -l)" -eq 8
		check test "$(awk -F, 'NR > 1' "$out/summary.csv" | wc -l)" -eq 8
		check grep -qx "status,\"interrupted: interrupted in $CELL3 (SIG$sig)\"" "$out/meta.csv"
		check test ! -e "$f"
		check test -z "$(find "$out" -name '*.tmp.*')"
	done
fi

# 2. The same SIGINT, then a second one at the first fsync of a file the
# save writes (NAME.tmp.PID before its rename): the process ends at once,
# saying where the journal keeps the finished passes (the 2 cells x 3
# trials), and nothing else: no "results" line, no results.csv.
if [ -n "$SHIM" ]; then
	out="$T/twice"
	shimmed "write:2400:INT@$T/t2,fsync:1:INT@.tmp." "$IOSWEEP" $SWEEP -f "$T/t2" --out "$out"
	check test "$RC" -eq 130
	check test ! -e "$T/t2"
	check test "$(cat "$T/err")" = \
		"iosweep: stopped at once; every finished pass is in $out/journal.txt: 'iosweep resume $out' runs the rest"
	check test ! -e "$out/results.csv"
	check test "$(grep -c '^d	' "$out/journal.txt")" -eq 6
	# and resume runs the rest: the two cells come back from the journal
	expect_success "$IOSWEEP" resume "$out"
	check test "$(awk -F, 'NR > 1 && $5 == 3' "$out/summary.csv" | wc -l)" -eq \
		"$(awk -F, 'NR > 1' "$out/summary.csv" | wc -l)"
	check grep -qx "resumed_samples,24" "$out/meta.csv"
fi

# 3. The reader of stdout is gone before the sweep writes to it (a fifo
# whose only reader read one line and ended): the sweep stops as if
# interrupted, and the dead pipe's later writes do not kill it.
mkfifo "$T/fifo"
head -n 1 <"$T/fifo" >/dev/null &
hp=$!
exec 5>"$T/fifo"
echo reader >&5
wait "$hp"
"$IOSWEEP" $SWEEP -f "$T/p" --out "$T/op" >&5 2>"$T/err"
RC=$?
exec 5>&-
check test "$RC" -eq 130
check grep -q '(SIGPIPE' "$T/err"
check grep -q '^status,"interrupted: ' "$T/op/meta.csv"
check test ! -e "$T/p"

# 4. Each message is one write of a whole line, so a second signal's note,
# written straight to fd 2 whenever the signal comes, never lands inside
# one (a line cut as "iosweep: interrupted in cell ...iosweep: results
# ..." was once seen).  Seen with strace: a refused option, and a run
# that fails mid-sweep (the fault shim) and then says where the finished
# cells are.
if command -v strace >/dev/null 2>&1; then
	# LeakSanitizer cannot run under ptrace (the sanitized build)
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
	export ASAN_OPTIONS
	strace -f -e trace=write -e signal=none -s 4096 -o "$T/tr1" \
		"$IOSWEEP" -i 99 -s 64k -f "$T/m" >/dev/null 2>&1
	check grep -q 'write(2, "iosweep: -i .99.: no such test' "$T/tr1"
	cat "$T/tr1" >"$T/trace"
	if [ -n "$SHIM" ]; then
		strace -f -e trace=write -e signal=none -s 4096 -o "$T/tr2" \
			env LD_PRELOAD="$SHIM" FAULTSHIM_PATH="$T/m" \
			FAULTSHIM_FAIL=write:20 "$IOSWEEP" -a -n 1m -g 4m -i 0 -i 1 \
			-f "$T/m" --out "$T/om" >/dev/null 2>&1
		check grep -q 'write(2, "iosweep: cannot write .*\\n", [0-9]*) = [0-9]*$' "$T/tr2"
		check grep -q 'write(2, "iosweep: results of the finished cells in .*\\n", [0-9]*) = [0-9]*$' "$T/tr2"
		cat "$T/tr2" >>"$T/trace"
	fi
	check test "$(grep -c 'write(2, ' "$T/trace")" -ge 1
	check test -z "$(grep 'write(2, ' "$T/trace" | grep -v '\\n", [0-9]*) = [0-9]*$')"
else
	echo "note: no strace: whether each message is one write is not seen"
fi

finish
