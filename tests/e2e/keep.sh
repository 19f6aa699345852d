# SPDX-License-Identifier: GPL-2.0-or-later
# keep.sh: e2e_keep, sourced by lib.sh (a failed test keeps its folder)
# and run.sh (the folder of a test stopped at its time limit).
#
# e2e_keep DIR: when E2E_KEEP_DIR is set (run.sh sets it to
# build/e2e-failed), copy DIR there as $E2E_NAME, leaving out files of
# more than 4 MB (their names and sizes are listed in LEFT-OUT.txt), so a
# failure can be read after the run.
e2e_keep() {
	[ -n "${E2E_KEEP_DIR:-}" ] && [ -d "$1" ] || return 0
	_k="$E2E_KEEP_DIR/$E2E_NAME"
	rm -rf "$_k" && mkdir -p "$_k" || return 0
	(cd "$1" && find . -type f -size -4097k -print | tar -cf - -T - 2>/dev/null) |
		(cd "$_k" && tar -xf - 2>/dev/null)
	(cd "$1" && find . -type f -size +4096k -exec ls -l {} +) >"$_k/LEFT-OUT.txt" 2>/dev/null
	echo "kept: the test's folder is in $_k"
}
