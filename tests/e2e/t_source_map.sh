#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_source_map.sh: scripts/source-map, the check `make lint` runs on
# docs/source-map.md.  The project's own map passes.  On a small copy of
# the layout it passes when every file of src/ has its line (a .c's line
# standing for its .h), and fails (exit 1) with one line naming the file
# for each problem: a file with no line (its .h not named a second time),
# a line for a file that is gone, a file named twice, and a module loose
# at src/'s root beside main.c.
. "$(dirname "$0")/lib.sh"

expect_success sh "$TOP/scripts/source-map"
check grep -q 'names every file of src/' "$T/out"

P=$T/p
mkdir -p "$P/scripts" "$P/docs" "$P/src/model" "$P/src/analysis"
cp "$TOP/scripts/source-map" "$P/scripts/"
touch "$P/src/main.c" "$P/src/iosweep.h" "$P/src/compat.h" \
	"$P/src/model/results.c" "$P/src/model/results.h" \
	"$P/src/analysis/cliff.c" "$P/src/analysis/cliff.h" \
	"$P/src/analysis/cliff_priv.h"
map() {
	{
		echo '# Source map'
		echo
		echo '| file | job |'
		echo '|---|---|'
		echo '| `main.c` | dispatch |'
		echo '| `iosweep.h`, `compat.h` | shared headers |'
		echo '| **`model/`** | **the model** |'
		echo '| `model/results.c` | the result set |'
		echo '| **`analysis/`** | **the analysis** |'
		echo '| `analysis/cliff.c` | cache cliffs |'
		echo '| `analysis/cliff_priv.h` | what the cliffs share |'
		for row in "$@"; do echo "$row"; done
	} >"$P/docs/source-map.md"
}
lines() { awk 'END { print NR }' "$T/err"; }

map
expect_success sh "$P/scripts/source-map"
check grep -q '(8 files)' "$T/out"

# a new module without its line: one line for the .c, none for its .h
touch "$P/src/model/stats.c" "$P/src/model/stats.h"
expect_failure 1 sh "$P/scripts/source-map"
check grep -qx 'docs/source-map.md: src/model/stats.c is not named' "$T/err"
check test "$(lines)" -eq 2
check grep -q '1 problem(s)' "$T/err"
map '| `model/stats.c` | statistics |'
expect_success sh "$P/scripts/source-map"

# a line for a file that is gone, a file named twice
map '| `model/stats.c` | statistics |' '| `model/units.c` | sizes |' \
	'| `analysis/cliff.c` | again |'
expect_failure 1 sh "$P/scripts/source-map"
check grep -qx 'docs/source-map.md:13: src/model/units.c is named but does not exist' "$T/err"
check grep -qx 'docs/source-map.md:14: src/analysis/cliff.c is named twice (first on line 10)' "$T/err"
check grep -q '2 problem(s)' "$T/err"

# a module at the root fails even with its line; a shared header does not
touch "$P/src/verdict.c" "$P/src/verdict.h" "$P/src/shared.h"
map '| `model/stats.c` | statistics |' '| `verdict.c` | the verdict |' \
	'| `shared.h` | shared |'
expect_failure 1 sh "$P/scripts/source-map"
check grep -q "^src/verdict.c: a module at src/'s root" "$T/err"
check test "$(lines)" -eq 2
finish
