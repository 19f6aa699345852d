#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_badinput.sh: every command line that IOzone silently turns into
# something else (fixtures/iozone/bad01..bad24) is refused: exit 2, one
# line on stderr naming the option and the value, nothing on stdout and
# no file written.  Paths the engine must open (an unwritable or missing
# directory for -f) fail at run time instead: exit 3, still nothing on
# stdout and no file left behind.
. "$(dirname "$0")/lib.sh"
set -f

W="$T/w"          # the working directory of every run; must stay empty
mkdir "$W" || exit 1
cd "$W" || exit 1

# one line: "iosweep: ..." naming $1, nothing on stdout, nothing written
expect_one_line_error() {
	want=$1
	check test "$(wc -l < "$T/err")" -eq 1
	check grep -q -F -e "$want" "$T/err"
	check grep -q '^iosweep: ' "$T/err"
	check test ! -s "$T/out"
	left=$(ls -A "$W")
	if [ -n "$left" ]; then fail "files written: $left"; else pass; fi
	rm -rf "${W:?}"/* "${W:?}"/.[!.]* 2>/dev/null
}

# fixture | what the message must contain | the command line after `iozone`
while IFS='|' read -r fixture want args; do
	[ -n "$fixture" ] || continue
	args=$(printf '%s\n' "$args" | sed "s|/tmp/ioz|$W|g")
	# shellcheck disable=SC2086
	expect_failure 2 "$IOSWEEP" $args
	expect_one_line_error "$want"
	[ "$E2E_FAILS" -eq 0 ] || { echo "  in $fixture: $args"; E2E_FAILS=0; FAILED=1; }
done <<'CASES'
bad01|-s '0'|-s 0 -r 64k -i 0 -f /tmp/ioz/t
bad02|-r '3k': 1024 kB file is not a whole number of 3 kB records|-s 1m -r 3k -i 0 -i 1 -f /tmp/ioz/t
bad03|-s 'foo'|-s foo -r 64k -i 0 -f /tmp/ioz/t
bad04|-r 'foo'|-s 1m -r foo -i 0 -f /tmp/ioz/t
bad07|-r '128k'|-s 64k -r 128k -i 0 -f /tmp/ioz/t
bad08|-i '99'|-s 1m -r 64k -i 99 -f /tmp/ioz/t
bad09|-Y|-s 1m -Y -f /tmp/ioz/t
bad10|-9|-s 1m -r 64k -i 0 -9 -f /tmp/ioz/t
bad11|-q '32m'|-a -q 32m -i 0 -f /tmp/ioz/t
bad13|-y '1m'|-a -y 1m -q 64k -g 1m -i 0 -f /tmp/ioz/t
bad14|-s '-5'|-s -5 -r 64k -i 0 -f /tmp/ioz/t
bad15|-r '100'|-s 1m -r 100 -i 0 -f /tmp/ioz/t
bad16|-r '4k': 10 kB file is not a whole number of 4 kB records|-s 10 -r 4k -i 0 -f /tmp/ioz/t
bad18|-t|-a -t 2 -F /tmp/ioz/f1 /tmp/ioz/f2
bad19|-F|-F /tmp/ioz/f1 /tmp/ioz/f2 -t 2 -s 1m -i 0
bad20|-s '1.5m'|-s 1.5m -r 64k -i 0 -f /tmp/ioz/t
bad21|-n '8m'|-a -n 8m -g 1m -i 0 -f /tmp/ioz/t
bad22|-r '3k'|-s 1m -r 3k -I -i 0 -i 1 -f /tmp/ioz/t
bad24|-i 1: test 1 (read) needs test 0 (write) to create the file first; add -i 0|-s 1m -r 64k -i 1 -f /tmp/ioz/t
more|-i 8|-s 1m -r 64k -i 0 -i 8 -f /tmp/ioz/t
more|-E|-s 1m -r 64k -i 0 -i 9 -f /tmp/ioz/t
more|-+x '1'|-a -+x 1 -i 0 -f /tmp/ioz/t
more|-s: missing SIZE (found the option '-f' instead)|-s -f /tmp/ioz/t
more|did you mean '--trials'|-a --trails 3 -f /tmp/ioz/t
more|did you mean '--dry-run'|-a --dryrun -f /tmp/ioz/t
more|--data 'ratio=1'|-a --data ratio=1 -f /tmp/ioz/t
CASES
[ "${FAILED:-0}" -eq 0 ] || E2E_FAILS=1

# bad12: no arguments at all
expect_failure 2 "$IOSWEEP"
expect_one_line_error "iosweep"

# bad06: a directory that does not exist; checked by the engine (exit 3)
expect_failure 3 "$IOSWEEP" -s 1m -r 64k -i 0 -f "$W/nodir/t"
check test ! -s "$T/out"
check test -s "$T/err"
check test ! -e "$W/nodir"
rm -rf "${W:?}"/* 2>/dev/null

# an -f whose directory is a regular file: unwritable even for root (exit 3)
: > "$T/afile"
expect_failure 3 "$IOSWEEP" -s 1m -r 64k -i 0 -f "$T/afile/t"
check test ! -s "$T/out"
check test -s "$T/err"
rm -rf "${W:?}"/* 2>/dev/null

# bad05: a read-only directory.  Root ignores the mode bits, so under root
# the case runs as user nobody, on copies of the binary in a folder nobody
# can reach (the checkout itself may sit in a private directory).
mkdir "$T/ro" && chmod 555 "$T/ro"
if [ "$(id -u)" -ne 0 ]; then
	expect_failure 3 "$IOSWEEP" -s 1m -r 64k -i 0 -f "$T/ro/t"
	check test ! -s "$T/out"
	check test ! -e "$T/ro/t"
elif command -v setpriv >/dev/null 2>&1; then
	chmod 711 "$T"
	cp "$IOSWEEP" "$T/iosweep-nobody" && chmod 755 "$T/iosweep-nobody"
	mkdir "$T/nb" && chown 65534:65534 "$T/nb"
	cd "$T/nb" || exit 1
	expect_failure 3 setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$T/iosweep-nobody" -s 1m -r 64k -i 0 -f "$T/ro/t"
	cd "$T" || exit 1
	check test ! -s "$T/out"
	check grep -q "$T/ro.: Permission denied" "$T/err"
	check test ! -e "$T/ro/t"
	chmod 700 "$T"
else
	echo "note: running as root without setpriv: the read-only directory case (bad05) is not checked"
fi
rm -rf "${W:?}"/* 2>/dev/null

# --reorder needs iosweep-mpi: the plain build has one client
expect_failure 2 "$IOSWEEP" -s 64k -r 64k -i 0 -i 1 -f "$T/p" --reorder
check grep -q -- '--reorder: needs several clients' "$T/err"
check test ! -e "$T/p"

# bad23: -I on tmpfs is legal; whether O_DIRECT works there is the kernel's
# call, so the run either succeeds or stops with an I/O error naming it
if [ -d /dev/shm ] && [ -w /dev/shm ]; then
	shm=/dev/shm/iosweep-e2e-$$
	run "$IOSWEEP" -s 1m -r 64k -I -i 0 -f "$shm" --out "$T/res" --quiet
	case $RC in
	0) pass ;;
	3) check test "$(wc -l < "$T/err")" -ge 1 ;;
	*) fail "-I on /dev/shm: expected exit 0 or 3, got $RC" ;;
	esac
	check test ! -e "$shm"
	rm -f "$shm"
fi

finish
