#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_commitmsg.sh: scripts/commit-msg, the commit-msg hook.  Good messages
# pass (a plain subject, an "area: " prefix, a body with a long URL and a
# quoted log line, git's comments and scissors, git's own merge subject);
# bad ones are refused (exit 1) with the problem named: a subject over 72
# characters, one ending in a period, "adds", "added" and "adding" in
# place of "add", a second line that is not blank, a body line over 72.
. "$(dirname "$0")/lib.sh"
HOOK="$TOP/scripts/commit-msg"
long=$(printf '%080d' 0 | tr 0 x)

good() { printf '%b' "$1" >"$T/msg"; expect_success sh "$HOOK" "$T/msg"; }
bad() {
	printf '%b' "$1" >"$T/msg"
	expect_failure 1 sh "$HOOK" "$T/msg"
	check grep -q "$2" "$T/out"
}

good 'bootstrap: install liburing on Linux\n\nThe io_uring engine is the default for --iodepth above 1.\n'
good 'Fix the typo in the README\n'
good 'import/csv: read fileop'"'"'s -e layout\n\nSee https://example.org/a/very/long/address/that/goes/on/and/on/past/seventy-two/columns\n> quoted log line that is long and may stay so because it is quoted verbatim here\n    indented command line that is long and may stay so because it is a command\n'
good 'tests: embed the fixtures\n\n# Please enter the commit message for your changes. Lines starting\n# with '"'"'#'"'"' will be ignored, and an empty message aborts the commit. And so on.\n'
good 'lint: pass the suppressions file\n\nbody\n# ------------------------ >8 ------------------------\n'"$long"'\n'
good 'Merge branch '"'"'boot'"'"' of somewhere into a branch with a name that runs long, very long\n'

bad 'bootstrap: install liburing on Linux, and fio, and Open MPI, and everything else too\n' 'subject is 8[0-9] characters'
bad 'bootstrap: install liburing.\n' 'ends in a period'
bad 'bootstrap: adds liburing\n' 'starts with "adds"'
bad 'Added liburing to bootstrap\n' 'starts with "Added"'
bad 'bootstrap: adding liburing\n' 'starts with "adding"'
bad 'bootstrap: install liburing\nno blank line here\n' 'second line is not blank'
bad 'bootstrap: install liburing\n\n'"$long"'\n' 'line 3 is 80 characters'
bad '\n\n# only comments\n' 'empty'
expect_failure 2 sh "$HOOK" "$T/no-such-file"

# installed as the hook of a fresh repository, git itself refuses
if command -v git >/dev/null 2>&1; then
	git init -q "$T/repo" && mkdir -p "$T/repo/.git/hooks" &&
		ln -s "$HOOK" "$T/repo/.git/hooks/commit-msg"
	gitc() { git -C "$T/repo" -c user.name=t -c user.email=t@example.org "$@"; }
	expect_failure 1 gitc commit -q --allow-empty -m 'added a thing.'
	check grep -q 'starts with "added"' "$T/err"
	expect_success gitc commit -q --allow-empty -m 'tests: add a thing'
else
	echo "note: git is not installed: the hook is not tried inside git"
fi
finish
