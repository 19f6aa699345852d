#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_iozone_opts2.sh: IOzone options of "All of IOzone", item 5, each run
# and checked for what it changes.  Header lines are compared with
# tests/golden/opts2-header.txt: what a real IOzone 3.508 (built from its
# source, linux-AMD64) printed for the same options, one block per
# command, taken with lib.sh's splash function.
#
# -+E: read tests of an existing file: IOzone's header line; the file's
# checksum, size and mtime are unchanged after every read test ran on it
# and it is still there; IOzone's 0 in the random write column; write
# tests, no -i, no -f, and throughput mode, queue depth and verify mode
# with it are refused with exit 2 and one line, a file smaller than -s
# and a missing file (like any unusable -f) with exit 3; the file is
# untouched and nothing is created.
#
# -S, -L: IOzone's "Processor cache size/line size" lines carry them;
# with -p they set how much the purge touches and its step; 0 and out of
# range refused.
#
# -+N: sequential writes never truncate: an existing file keeps what lies
# past the written part (plain and throughput mode).
#
# -+R: throughput mode's files named in a file, one a line.
#
# -+p, -+K, -+B: -i 8's readers (the first PCT% or N children, else the
# even ones) and its sequential mix; IOzone's lines.
#
# -+F: -i 8's sequential writers truncate their files first.
#
# -+Z: IOzone's old data sets, verify mode with 0xa5; -+U refused.
. "$(dirname "$0")/lib.sh"

# --- -+E ---------------------------------------------------------------------
EX="$T/existing.dat"
head -c 1048576 /dev/urandom >"$EX"
touch -d '2020-01-02 03:04:05' "$EX"
SUM=$(cksum <"$EX")
MTIME=$(stat -c %Y "$EX")
expect_success "$IOSWEEP" -+E -f "$EX" -s 1m -r 64k -i 1 -i 2 --out "$T/e1"
{ echo "== -+E -f FILE -s 1m -r 64k -i 1 -i 2"; splash "$T/out"; } >"$T/header"
check test -f "$EX"
check test "$(cksum <"$EX")" = "$SUM"
check test "$(stat -c %Y "$EX")" = "$MTIME"
# every read test, auto mode over sizes up to the file's, two trials
expect_success "$IOSWEEP" -+E -f "$EX" -a -n 256k -g 1m -y 64k -q 256k -E \
	-i 1 -i 2 -i 3 -i 5 -i 7 -i 10 -i 12 --trials 2 --out "$T/e2"
check test -f "$EX"
check test "$(cksum <"$EX")" = "$SUM"
check test "$(stat -c %Y "$EX")" = "$MTIME"
check grep -q '^iozone test complete\.$' "$T/out"
# the 1 MB / 64 kB row: 11 reads positive, random write 0 (as IOzone),
# the write columns empty
check awk '$1 == 1024 && $2 == 64 && NF == 14 && $6 == 0 { ok = 1
		for (i = 3; i <= NF; i++) if (i != 6 && !($i > 0)) ok = 0 }
	END { exit !ok }' "$T/out"

check_refused() {	# the exit code, what the message says, then the command
	code=$1; want=$2; shift 2
	expect_failure "$code" "$IOSWEEP" "$@"
	check grep -q -- "$want" "$T/err"
	check test "$(wc -l <"$T/err")" -eq 1
	check test "$(cksum <"$EX")" = "$SUM"
}
check_refused 2 "^iosweep: -+E and -i 0: test 0 (write) writes the file" \
	-+E -f "$EX" -s 1m -i 0 -i 1 --out "$T/r1"
check_refused 2 "^iosweep: -+E and -i 4: test 4" -+E -f "$EX" -s 1m -i 1 -i 4 --out "$T/r2"
check_refused 2 "^iosweep: -+E: name the read tests to run with -i" -+E -f "$EX" -s 1m --out "$T/r3"
check_refused 2 "^iosweep: -+E: name the existing file with -f" -+E -s 1m -i 1 --out "$T/r4"
check_refused 3 "^iosweep: -+E: '$EX' holds 1024 kB, less than the largest file size of the sweep, 2048 kB" \
	-+E -f "$EX" -s 2m -i 1 --out "$T/r5"
check_refused 3 "^iosweep: -+E: cannot use '$T/none': No such file" -+E -f "$T/none" -s 1m -i 1 --out "$T/r6"
check test ! -e "$T/none"
check_refused 2 "^iosweep: -+E and -t" -+E -f "$EX" -t 2 -s 1m -i 1 --out "$T/r7"
check_refused 2 "^iosweep: -+E and --iodepth" -+E -f "$EX" -s 1m -i 1 --iodepth 4 --out "$T/r8"
check_refused 2 "^iosweep: -+E and -V" -+E -f "$EX" -s 1m -i 1 -V 1 --out "$T/r9"

# --- -S, -L ------------------------------------------------------------------
# IOzone's two header lines with the values given; with -p the purge runs
expect_success "$IOSWEEP" -S 2048 -L 64 -s 64k -i 0 -f "$T/f" --out "$T/s1"
{ echo "== -S 2048 -L 64 -s 64k -i 0 (its Processor cache lines)"
  grep '^	Processor cache' "$T/out"; } >>"$T/header"
expect_success "$IOSWEEP" -S 64 -L 128 -p -s 64k -i 0 -f "$T/f" --out "$T/s2"
check grep -qx '	Processor cache size set to 64 kBytes.' "$T/out"
check grep -qx '	Processor cache line size set to 128 bytes.' "$T/out"
check grep -qx '	Purge Mode On' "$T/out"
expect_failure 2 "$IOSWEEP" -S 0 -s 64k -i 0 -f "$T/f"
check grep -q "^iosweep: -S '0'" "$T/err"
expect_failure 2 "$IOSWEEP" -L 4097 -s 64k -i 0 -f "$T/f"
check grep -q "^iosweep: -L '4097'" "$T/err"

# --- -+N ---------------------------------------------------------------------
# A 2 MB file taken over with --overwrite: -+N writes its first 1 MB in
# place and leaves the rest as it was; without -+N it ends 1 MB long.
# The same for throughput mode's initial writer.  IOzone prints no line.
head -c 2097152 /dev/urandom >"$T/n1"
cp "$T/n1" "$T/n2"
cp "$T/n1" "$T/n3"
HEAD=$(head -c 1048576 "$T/n1" | cksum)
TAIL=$(tail -c 1048576 "$T/n1" | cksum)
expect_success "$IOSWEEP" -+N --overwrite -w -s 1m -r 64k -i 0 -i 1 -f "$T/n1" --out "$T/n1o"
check test "$(wc -c <"$T/n1")" -eq 2097152
check test "$(tail -c 1048576 "$T/n1" | cksum)" = "$TAIL"
check test "$(head -c 1048576 "$T/n1" | cksum)" != "$HEAD"
check test -z "$(splash "$T/out" | grep -v -e 'File size set' -e 'Record Size' -e no_unlink)"
expect_success "$IOSWEEP" --overwrite -w -s 1m -r 64k -i 0 -f "$T/n2" --out "$T/n2o"
check test "$(wc -c <"$T/n2")" -eq 1048576
expect_success "$IOSWEEP" -+N --overwrite -w -t 1 -F "$T/n3" -s 1m -r 64k -i 0 --out "$T/n3o"
check test "$(wc -c <"$T/n3")" -eq 2097152
check test "$(tail -c 1048576 "$T/n3" | cksum)" = "$TAIL"

# --- -+R ---------------------------------------------------------------------
# The children's files from a list (CRLF and blank lines allowed): both
# written, IOzone's line (with the space it leaves for the next line);
# too few names, -+R without -t, with -F, and a missing list refused.
mkdir "$T/r"
printf 'ra\r\n\nrb\n' >"$T/r/names2"
(cd "$T/r" && "$IOSWEEP" -t 2 -+R names2 -s 64k -i 0 -w --out "$T/r/o" \
	>"$T/out" 2>"$T/err")
check test "$?" -eq 0
{ echo "== -t 2 -+R names2 -s 64k -i 0"; splash "$T/out" | grep -v no_unlink; } >>"$T/header"
check test "$(wc -c <"$T/r/ra")" -eq 65536
check test "$(wc -c <"$T/r/rb")" -eq 65536
expect_failure 2 "$IOSWEEP" -t 3 -+R "$T/r/names2" -s 64k -i 0 --out "$T/r/o2"
check grep -qx "iosweep: -+R '$T/r/names2': 3 children need 3 file names, it holds 2" "$T/err"
expect_failure 2 "$IOSWEEP" -+R "$T/r/names2" -s 64k -i 0 --out "$T/r/o3"
check grep -qx "iosweep: -+R: only in throughput mode; add -t N" "$T/err"
expect_failure 2 "$IOSWEEP" -t 2 -F a b -+R "$T/r/names2" -s 64k -i 0 --out "$T/r/o4"
check grep -q "^iosweep: -+R: the children's files are named already (-F)" "$T/err"
expect_failure 2 "$IOSWEEP" -t 2 -+R "$T/r/none" -s 64k -i 0 --out "$T/r/o5"
check grep -q "^iosweep: -+R: cannot open '$T/r/none'" "$T/err"
check test ! -e "$T/r/o2" -a ! -e "$T/r/o5"

# --- -+p, -+K, -+B ------------------------------------------------------------
# Which children of -i 8 write shows in their files' mtimes: -i 0 wrote
# every file before (-+q 1 sleeps between tests, past the clock's tick),
# so a writer's file is newer than every reader's.
# mix_writers N FILES...: exit 0 when exactly the children listed in
# $WRITERS (0-based) have files newer than every other child's.
mix_writers() {
	newest_reader=0 oldest_writer=
	i=0
	for f in "$@"; do
		m=$(stat -c %.9Y "$f")
		case " $WRITERS " in
		*" $i "*) [ -z "$oldest_writer" ] && oldest_writer=$m
			oldest_writer=$(echo "$oldest_writer $m" | awk '{ print ($1 < $2) ? $1 : $2 }') ;;
		*) newest_reader=$(echo "$newest_reader $m" | awk '{ print ($1 > $2) ? $1 : $2 }') ;;
		esac
		i=$((i + 1))
	done
	echo "$oldest_writer $newest_reader" | awk '{ exit !($1 > $2) }'
}
mkdir "$T/m"
F4="$T/m/c0 $T/m/c1 $T/m/c2 $T/m/c3"
# shellcheck disable=SC2086
expect_success "$IOSWEEP" -t 4 -+p 75 -+B -x -w -+q 1 -s 1m -r 64k -i 0 -i 8 -F $F4 --out "$T/m/o1"
{ echo "== -t 4 -+p 75 -+B -s 1m -r 64k -i 0 -i 8"; splash "$T/out" |
	grep -v -e no_unlink -e Stonewall -e Delay; } >>"$T/header"
WRITERS="3"
# shellcheck disable=SC2086
check mix_writers $F4
rm -f "$T"/m/c?
# shellcheck disable=SC2086
expect_success "$IOSWEEP" -t 4 -+K 1 -x -w -+q 1 -s 64k -i 0 -i 8 -F $F4 --out "$T/m/o2"
{ echo "== -t 4 -+K 1 -s 64k -i 0 -i 8"; splash "$T/out" |
	grep -v -e no_unlink -e Stonewall -e Delay; } >>"$T/header"
WRITERS="1 2 3"
# shellcheck disable=SC2086
check mix_writers $F4
rm -f "$T"/m/c?
# neither: IOzone's round robin, the odd children write
# shellcheck disable=SC2086
expect_success "$IOSWEEP" -t 4 -x -w -+q 1 -s 64k -i 0 -i 8 -F $F4 --out "$T/m/o3"
WRITERS="1 3"
# shellcheck disable=SC2086
check mix_writers $F4
expect_failure 2 "$IOSWEEP" -+p 50 -s 64k -i 0
check grep -qx "iosweep: -+p: only in throughput mode; add -t N" "$T/err"
expect_failure 2 "$IOSWEEP" -t 2 -+p 0 -s 64k -i 0 -i 8
check grep -q "^iosweep: -+p '0'" "$T/err"

# --- -+F -------------------------------------------------------------------
# -i 8 -+B's writer (child 1 of 2 with -+p 50) opens its file with O_TRUNC
# only with -+F: strace counts the truncating opens of that file (its
# initial write truncates in both).  IOzone prints no line for -+F.
if command -v strace >/dev/null 2>&1; then
	mkdir "$T/t"
	for f in "" -+F; do
		# shellcheck disable=SC2086
		# (LeakSanitizer cannot run under ptrace)
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		strace -f -e trace=openat -o "$T/t/log$f" "$IOSWEEP" -t 2 -+B -+p 50 $f \
			-x -s 64k -i 0 -i 8 -F "$T/t/q0" "$T/t/q1" --out "$T/t/o$f" \
			>"$T/out" 2>"$T/err"
		check test "$?" -eq 0
	done
	check test "$(grep -c "q1\".*O_TRUNC" "$T/t/log")" -eq 1
	check test "$(grep -c "q1\".*O_TRUNC" "$T/t/log-+F")" -eq 2
	check test -z "$(splash "$T/out" | grep -v -e 'File size set' -e Stonewall \
		-e 'Percent read' -e 'Sequential Mixed')"
else
	echo "note: no strace (Debian: strace): -+F's truncation left unchecked"
fi
expect_failure 2 "$IOSWEEP" -+F -s 64k -i 0
check grep -qx "iosweep: -+F: only in throughput mode; add -t N" "$T/err"

# --- -+Z, -+U -----------------------------------------------------------------
# -+Z: IOzone's three lines; the file holds 0xa5 only (verify mode's byte)
expect_success "$IOSWEEP" -+Z -s 64k -i 0 -i 1 -w -f "$T/z" --out "$T/z1"
{ echo "== -+Z -s 64k -i 0 -i 1"; splash "$T/out" | grep -v no_unlink; } >>"$T/header"
check test "$(od -An -v -tx1 "$T/z" | tr -s ' \n' '\n\n' | sort -u | grep .)" = a5
check test "$(wc -c <"$T/z")" -eq 65536
# -+U: refused (IOzone refuses it off Windows too), naming -I
expect_failure 2 "$IOSWEEP" -+U -s 64k -i 0 -f "$T/u"
check grep -q "^iosweep: -+U: .*use -I$" "$T/err"

cmp_golden opts2-header.txt "$T/header"
finish
