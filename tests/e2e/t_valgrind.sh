#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_valgrind.sh: valgrind memcheck finds no error and no definite or
# indirect leak in a short sweep (trials, cliffs, the CSV folder),
# a refused sweep, a refused command line and an import.  It needs a build
# without AddressSanitizer: $IOSWEEP_PLAIN (make e2e passes the plain
# build), or $IOSWEEP when that is one.
. "$(dirname "$0")/lib.sh"

command -v valgrind >/dev/null 2>&1 || skip "valgrind is not installed (Debian: apt-get install valgrind)"
bin=""
for b in "${IOSWEEP_PLAIN:-}" "$IOSWEEP"; do
	if [ -n "$b" ] && [ -x "$b" ] && ! ldd "$b" 2>/dev/null | grep -q 'libasan\|libtsan\|libmsan'; then
		bin=$b
		break
	fi
done
[ -n "$bin" ] || skip "no build without sanitizers (set IOSWEEP_PLAIN)"

vg() {
	valgrind --quiet --error-exitcode=99 --leak-check=full \
		--show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect \
		--log-file="$T/vg.log" "$bin" "$@"
}
# Valgrind 3.19 does not know cachestat (451, Linux 6.5): it answers
# ENOSYS, iosweep falls back to mincore, and valgrind says so in five
# lines of its own.  Those lines go; anything else is a finding.
clean_log() {
	if [ -s "$T/vg.log" ]; then
		grep -v -e 'WARNING: unhandled amd64-linux syscall: 451$' \
			-e 'You may be able to write your own handler\.$' \
			-e 'Read the file README_MISSING_SYSCALL_OR_IOCTL\.$' \
			-e 'Nevertheless we consider this a bug\.  Please report$' \
			-e 'it at http://valgrind.org/support/bug_reports\.html\.$' \
			"$T/vg.log" >"$T/vg.rest"
		mv "$T/vg.rest" "$T/vg.log"
	fi
	if [ -s "$T/vg.log" ]; then
		fail "valgrind reported: $*"
		head -n 30 "$T/vg.log"
	else
		pass
	fi
}

expect_success vg -s 256k -r 64k -r 128k -i 0 -i 1 -i 2 --trials 2 -f "$T/t" --out "$T/v1"
clean_log "a short sweep"
check has_rows "$T/v1/results.csv"

expect_failure 3 vg -s 64k -r 64k -i 0 -f "$T/nodir/t" --out "$T/v2"
clean_log "a sweep refused before running"

expect_failure 2 vg -s 16e -f "$T/t"
clean_log "a bad option"

fixture="$FIXTURES/iozone/01_a_n64k_g8m_i0_i1.txt"
if [ -f "$fixture" ]; then
	expect_success vg import "$fixture" --out "$T/v3"
	clean_log "an import"
fi

finish
