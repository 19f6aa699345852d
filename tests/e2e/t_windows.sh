#!/bin/sh
# t_windows.sh: the Windows build (iosweep.exe, native Win32) run under
# wine by `make check-windows`: a sweep with trials and chart scripts, the
# same CSV schema as the Linux build's, throughput mode (threads), import,
# compare and cliffs of the IOzone fixtures, the bad-input table of
# t_badinput.sh, the no-clobber and existing-file refusals, the refusals
# of options with no Windows meaning, -I (FILE_FLAG_NO_BUFFERING) and a
# non-ASCII path.  Skipped unless IOSWEEP_WIN names the .exe.
# What wine cannot show (misaligned unbuffered I/O failing, symbolic links,
# Ctrl-C) is covered by tests/unit/test_platform.c and the README.
IOSWEEP=${IOSWEEP_WIN:-${IOSWEEP:-}}
. "$(dirname "$0")/lib.sh"
[ -n "${IOSWEEP_WIN:-}" ] || skip "IOSWEEP_WIN not set (make check-windows runs this under wine)"
command -v wine >/dev/null 2>&1 || skip "wine not installed"
export WINEDEBUG=-all
export LC_ALL=C.UTF-8   # wine hands the command line to the program as UTF-16 from UTF-8
WIN="$IOSWEEP_WIN"
win() { wine "$WIN" "$@"; }
FX="$TOP/../shared/fixtures/iozone"
R="$TOP/../shared/fixtures/real-iozone"
CR=$(printf '\r')

# 1. A sweep with trials and --plot: report, CSVs of Linux's schema, scripts.
expect_success win -a -n 64k -g 4m --trials 2 --plot -f t.tmp --out o1
cp "$T/out" report1.txt
check test -s o1/results.csv
check test -s o1/summary.csv
check test -s o1/meta.csv
check test -s o1/cliffs.csv
check test "$(ls o1/plots/*.gp | wc -l)" -gt 3
check test ! -e t.tmp
check grep -q '^os,Windows ' o1/meta.csv
check grep -q '^fs_type,' o1/meta.csv
check grep -q 'Build: windows-' report1.txt
for f in o1/results.csv o1/summary.csv o1/meta.csv report1.txt; do
	if grep -q "$CR" "$f"; then fail "carriage return in $f"; else pass; fi
done
# every row of results.csv: positive bytes and seconds, rate = bytes / seconds
check awk -F, 'NR > 1 && ($7 <= 0 || $8 <= 0 || ($9 - $7 / 1024 / $8) ^ 2 > ($9 / 1000) ^ 2) { bad = 1 } END { exit bad }' o1/results.csv
# the same schema as the Linux build's
if [ -n "${IOSWEEP_PLAIN:-}" ] && [ -x "$IOSWEEP_PLAIN" ]; then
	expect_success "$IOSWEEP_PLAIN" -a -n 64k -g 128k --trials 2 -f l.tmp --out lin
	for f in results.csv summary.csv cliffs.csv; do
		check test "$(head -n 1 "o1/$f")" = "$(head -n 1 "lin/$f")"
	done
	check test "$(cut -d, -f1 o1/meta.csv)" = "$(cut -d, -f1 lin/meta.csv)"
fi

# 2. Throughput mode: children are threads, and the report says so.
expect_success win -t 2 -s 1m -r 64k -i 0 -i 1 -F f1 f2 --out o2
check grep -q 'threads' "$T/out"
check test -s o2/results.csv
check test ! -e f1

# 3. Import, compare and cliffs of IOzone's own output.
expect_success win import "$FX/01_a_n64k_g8m_i0_i1.txt" --out imp1
check test -s imp1/results.csv
expect_success win import "$R/rovanion-ext4_1.iozone" --label ext4 --out ext4
expect_success win compare ext4 "$R/rovanion-xfs1.iozone" --csv cmp.csv
check test -s cmp.csv
expect_success win cliffs "$R/rovanion-ext4_1.iozone" --out cl
check test -s cl/cliffs.csv
expect_failure 4 win import "$TOP/README.md" --out bad

# 4. The bad-input table of t_badinput.sh: exit 2, the message, nothing written.
mkdir w && cd w || exit 1
sed -n '/^done <<.CASES.$/,/^CASES$/p' "$TOP/tests/e2e/t_badinput.sh" | sed '1d;$d' >../cases
set -f
while IFS='|' read -r fixture want args; do
	[ -n "$fixture" ] || continue
	args=$(printf '%s\n' "$args" | sed "s|/tmp/ioz/||g")
	# shellcheck disable=SC2086
	expect_failure 2 win $args
	check grep -q -F -e "$want" "$T/err"
	check test -z "$(ls -A)"
done <../cases
set +f
cd .. || exit 1

# 5. No clobbering: an existing test file, an existing --out.
printf 'mine\n' >mine
expect_failure 3 win -s 64k -r 4k -i 0 -f mine --out o5
check grep -q 'exists already' "$T/err"
check test "$(cat mine)" = mine
check test ! -e o5
expect_failure 2 win -s 64k -r 4k -i 0 -f t5.tmp --out o1
check grep -q 'holds results already' "$T/err"

# 6. Options with no Windows meaning (-+r, -i 11, --cold) are refused, naming the option and Windows.
expect_failure 2 win -s 64k -r 4k -i 0 -+r -f t6.tmp
check grep -q -e '-+r.*[Ww]indows' "$T/err"
expect_failure 2 win -s 64k -r 4k -i 0 -i 11 -f t6.tmp
check grep -q 'windows' "$T/err"
expect_failure 3 win -s 64k -r 4k -i 0 -i 1 --cold -f t6.tmp --out o6   # refused before any I/O, as on a POSIX system without posix_fadvise
check grep -q -e '--cold.*Windows' "$T/err"
check test ! -e t6.tmp
check test ! -e o6

# 7. -I (FILE_FLAG_NO_BUFFERING) and -o (FILE_FLAG_WRITE_THROUGH) run.
expect_success win -s 1m -r 64k -i 0 -i 1 -I -f t7.tmp --out o7
check grep -q 'FILE_FLAG_NO_BUFFERING' "$T/out"
expect_success win -s 256k -r 64k -i 0 -o -f t7.tmp --out o7o

# 8. A path with non-ASCII characters, created, named in the CSV, removed.
expect_success win -s 64k -r 4k -i 0 -i 1 -f 'résumé-日.tmp' --out 'sortie-é'
check test -s 'sortie-é/results.csv'
check grep -q 'résumé-日.tmp' 'sortie-é/meta.csv'
check test ! -e 'résumé-日.tmp'

finish
