#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_safety.sh: iosweep touches nothing but its own files.  A symbolic link
# planted at -f (also by another user in a sticky /tmp-like folder, as
# root) is refused and its target left alone; so are existing files,
# FIFOs, devices and folders at -f, an output folder with results, a
# planted link in it and an existing -b file, unless --overwrite.  Output
# files get their modes from the umask and appear whole (no temporary
# names left).  Hostile input: extreme option values and malformed or
# huge input files end with one clear line, never a crash.
. "$(dirname "$0")/lib.sh"

SWEEP="-s 64k -r 64k -i 0 -i 1"
cd "$T" || exit 1
printf 'precious\n' >victim
VSUM=$(cksum <victim)
victim_intact() { [ "$(cksum <"$T/victim")" = "$VSUM" ]; }

# refused PATTERN CODE ARGS...: exit CODE, one line matching PATTERN,
# nothing on stdout, no test file or output folder left behind.
refused() {
	pattern=$1
	code=$2
	shift 2
	expect_failure "$code" "$IOSWEEP" "$@"
	check grep -q -- "$pattern" "$T/err"
	check test "$(wc -l <"$T/err")" -eq 1
	check test ! -s "$T/out"
}

# 1. A symbolic link at -f, with or without --overwrite.
ln -s "$T/victim" link
refused 'symbolic link' 3 $SWEEP -f "$T/link" --out "$T/o1"
refused 'symbolic link' 3 $SWEEP -f "$T/link" --overwrite --out "$T/o1"
check victim_intact
check test -L link
check test ! -e o1
# a dangling link: its target is not created
ln -s "$T/newfile" dangling
refused 'symbolic link' 3 $SWEEP -f "$T/dangling" --out "$T/o1"
check test ! -e newfile
check test ! -e o1

# 2. As root, a link planted by another user in a sticky world-writable
# folder (the /tmp attack) to a file root cares about.
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1; then
	chmod 711 "$T" && mkdir tmp && chmod 1777 tmp
	if setpriv --reuid=65534 --regid=65534 --clear-groups ln -s "$T/victim" "$T/tmp/iosweep.tmp" 2>/dev/null; then
		(cd tmp && refused 'symbolic link' 3 $SWEEP --overwrite --out "$T/o2")
		check victim_intact
		check test -L tmp/iosweep.tmp
	else
		echo "note: setpriv could not act as nobody: the planted-link case is skipped"
	fi
else
	echo "note: not root or no setpriv: the other-user link case is skipped"
fi

# 3. An existing regular file iosweep did not make: refused, untouched.
printf 'data\n' >mine
refused "exists already" 3 $SWEEP -f "$T/mine" --out "$T/o3"
check test "$(cat mine)" = data
# an empty one too (the check is not by size)
: >empty
refused "exists already" 3 $SWEEP -f "$T/empty" --out "$T/o3"
check test -f empty

# 4. Not a regular file: a folder, a FIFO (opening it would block), a device.
mkdir adir
refused "" 3 $SWEEP -f "$T/adir" --overwrite --out "$T/o4"
check test -d adir
mkfifo fifo
refused "not a regular file" 3 $SWEEP -f "$T/fifo" --overwrite --out "$T/o4"
check test -p fifo
if [ "$(id -u)" -eq 0 ] && mknod null c 1 3 2>/dev/null; then
	refused "not a regular file" 3 $SWEEP -f "$T/null" --overwrite --out "$T/o4"
	check test -c null
else
	echo "note: cannot make a device node: the device case is skipped"
fi
check test ! -e o4

# 5. An output folder with results: refused before running, untouched;
# --overwrite replaces them.
expect_success "$IOSWEEP" $SWEEP -f "$T/t" --out "$T/res"
RSUM=$(cksum <res/results.csv)
refused "holds results already" 2 $SWEEP -f "$T/t" --out "$T/res"
check test "$(cksum <res/results.csv)" = "$RSUM"
check test ! -e t
expect_success "$IOSWEEP" $SWEEP -f "$T/t" --out "$T/res" --overwrite
check has_rows res/results.csv
# a link planted where a result file will go: refused, and with
# --overwrite the link is replaced, its target untouched
mkdir res2
ln -s "$T/victim" res2/summary.csv
refused "holds results already" 2 $SWEEP -f "$T/t" --out "$T/res2"
expect_success "$IOSWEEP" $SWEEP -f "$T/t" --out "$T/res2" --overwrite
check test -f res2/summary.csv
check test ! -L res2/summary.csv
check victim_intact
# an existing -b file
printf 'sheet\n' >old.xls
refused "exists already" 2 $SWEEP -f "$T/t" -b "$T/old.xls" --out "$T/res3"
check test "$(cat old.xls)" = sheet
check test ! -e res3
# an unusable --out fails before running, leaving nothing
refused "Not a directory" 2 $SWEEP -f "$T/t" --out "$T/mine/sub"
refused "does not exist" 3 $SWEEP -f "$T/nodir/t" --out "$T/new/deeper"
check test ! -e new

# 6. Modes from the umask; whole files only.
for mask in 027 002; do
	(umask $mask && "$IOSWEEP" $SWEEP -f "$T/t" --out "$T/m$mask" >/dev/null 2>&1)
	fmode=$(printf '%o' $(( 0666 & ~0$mask )))
	dmode=$(printf '%o' $(( 0777 & ~0$mask )))
	check test "$(stat -c %a "m$mask/results.csv")" = "$fmode"
	check test "$(stat -c %a "m$mask/sheets/write.csv")" = "$fmode"
	check test "$(stat -c %a "m$mask")" = "$dmode"
	check test "$(stat -c %a "m$mask/sheets")" = "$dmode"
	check test -z "$(find "m$mask" -name '*.tmp*')"
done

# 7. Extreme values: a clear one-line error naming the option, exit 2.
refused "^iosweep: -s '16e'" 2 -s 16e -f "$T/t"
refused "^iosweep: -r '0'" 2 -r 0 -f "$T/t"
refused "^iosweep: -s '18014398509481984'" 2 -s 18014398509481984 -r 4k -f "$T/t"
refused "^iosweep: -+x '99999999999999999999'" 2 -a -+x 99999999999999999999 -f "$T/t"
refused "^iosweep: -t '100000'" 2 -t 100000 -s 64k -i 0 -f "$T/t"
refused "^iosweep: -i '99'" 2 -i 0 -i 99 -f "$T/t"
# 10,000 -i flags: accepted as one set
many=$(yes -- '-i 0' | head -n 10000 | tr '\n' ' ')
# shellcheck disable=SC2086
expect_success "$IOSWEEP" $many -s 64k -r 64k -f "$T/t" --dry-run
check test "$(cat "$T/out")" = "64 64"
# a huge grid is planned, not run out of memory
expect_success "$IOSWEEP" -a -n 64k -g 16383t --dry-run
check test "$(wc -l <"$T/out")" -gt 300

# 8. Malformed input files: exit 4 and one line naming the file, for
# every command that reads them.
head -c 100000 /dev/urandom >random.bin
printf 'schema,label,test\n1,"unterminated\n' >bad.csv
truncate -s 1G huge-line            # a 1 GB line (of NULs, sparse)
printf '\tIozone: Performance Test of File I/O\n' >trunc.txt
for f in random.bin bad.csv trunc.txt huge-line; do
	cmds="import cliffs plot compare"
	bin=$IOSWEEP
	if [ $f = huge-line ]; then
		# one read of 256 MB is enough, and needs no sanitizer (5 s under ASan)
		cmds=import
		[ -x "${IOSWEEP_PLAIN:-}" ] && bin=$IOSWEEP_PLAIN
	fi
	for cmd in $cmds; do
		if [ $cmd = compare ]; then
			expect_failure 4 "$bin" compare "$T/$f" "$T/$f"
		else
			expect_failure 4 "$bin" $cmd "$T/$f" --out "$T/in-$cmd"
		fi
		check grep -q "$f" "$T/err"
		check test "$(wc -l <"$T/err")" -eq 1
	done
done
check test ! -e in-import

# 9. Default result folders never collide: five sweeps and five -t runs
# started together (one second) each get a folder of their own; a given
# --out keeps refusing a folder that holds results, and -t refuses an
# existing -b file as the sweep does.
mkdir many && cd many || exit 1
for i in 1 2 3 4 5; do
	"$IOSWEEP" -s 64k -r 4k -i 0 -f "s$i" --quiet >/dev/null 2>"e$i" &
done
wait
for i in 1 2 3 4 5; do
	"$IOSWEEP" -t 1 -s 64k -r 4k -i 0 -F "p$i" >/dev/null 2>"te$i" &
done
wait
check test "$(ls iosweep-results | wc -l)" -eq 10
check test "$(cat e? te? | grep -c '^iosweep: results in iosweep-results/')" -eq 10
check test "$(cat e? te? | sed -n 's/^iosweep: results in //p' | sort -u | wc -l)" -eq 10
for d in iosweep-results/*; do check has_rows "$d/results.csv"; done
cd "$T" || exit 1
expect_success "$IOSWEEP" -s 64k -r 4k -i 0 -f once --out "$T/given" --quiet
refused "holds results already" 2 -s 64k -r 4k -i 0 -f once2 --out "$T/given"
printf 'mine\n' >sheet.xls
refused "exists already" 2 -t 1 -s 64k -r 4k -i 0 -F p9 -b "$T/sheet.xls" --out "$T/o9"
check test "$(cat sheet.xls)" = mine
check test ! -e p9

finish
