#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_nas_agent.sh: `iosweep nas --agent` on 127.0.0.1 (issue 43, item 3).
# An agent (iosweep serve) with a root of its own stands for the NAS; the
# guided run measures the link to it into link/ (link.csv, meta.csv saying
# measured), sweeps the box's own pool through it into pool/ (a result
# folder whose files were made and removed under the agent's root), and
# the card shows the measured link and the pool beside the share.  No
# figure is asserted (make check's load moves them), only that each came
# from a real run: bytes over seconds, a pool read and write above zero.
# --agent without --token, and a malformed address, are refused in one
# line before anything runs.
. "$(dirname "$0")/lib.sh"

AGENT_PID=""
trap '[ -n "$AGENT_PID" ] && kill "$AGENT_PID" 2>/dev/null; e2e_drop_T' EXIT
mkdir -p root share

expect_failure 2 "$IOSWEEP" nas share --agent 127.0.0.1:1 --out nas-bad
one_line_error
check grep -q 'give --agent ADDR:PORT and --token T together' "$T/err"
expect_failure 2 "$IOSWEEP" nas share --agent nowhere --token t --out nas-bad
one_line_error
check test ! -e nas-bad

agent_start root

expect_success "$IOSWEEP" nas share --budget 30s --no-files --nas-ram 4M --link gigabit \
	--agent "127.0.0.1:$PORT" --token "$TOKEN" --out nas
check grep -q '^\[agent\]\|nas: \[agent\] the link to 127.0.0.1' "$T/err"
check test -s nas/link/link.csv
check grep -q '^link_source,measured$' nas/link/meta.csv
# each way: bytes / seconds = bytes_per_s, all above zero
bad=$(awk -F, '$2 == "up" || $2 == "down" { n++; if (!($5 > 0) || !($4 > 0) ||
	($5 / $4 - $6) / $6 > 0.01 || ($6 - $5 / $4) / $6 > 0.01) print }
	END { if (n != 2) print "rows", n }' nas/link/link.csv | wc -l)
check test "$bad" -eq 0
check test -s nas/pool/summary.csv
check grep -q '^label,pool$' nas/pool/meta.csv
check test "$(awk -F, '$3 == "read" && $9 > 0' nas/pool/results.csv | wc -l)" -ge 1
check test "$(awk -F, '$3 == "write" && $9 > 0' nas/pool/results.csv | wc -l)" -ge 1
# the agent's root holds nothing of the job afterwards
check test -z "$(ls -A root)"
check grep -q '^  link: measured (iosweep link): [0-9]* MB/s to the NAS, [0-9]* MB/s from it, round trip [0-9.]* ms; the verdicts use it, not --link$' "$T/out"
check grep -q '^  the pool, on the NAS itself (through the agent): [0-9]* MB/s read, [0-9]* MB/s written$' "$T/out"
# the card redrawn from the folder says the same
expect_success "$IOSWEEP" card nas
check grep -q 'link: measured (iosweep link)' "$T/out"
check grep -q 'the pool, on the NAS itself' "$T/out"
kill -TERM "$AGENT_PID"
wait "$AGENT_PID"
AGENT_PID=""
finish
