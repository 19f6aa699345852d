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
# line before anything runs.  The box (this machine, through the agent)
# is sampled while the share's phases run: box/box.csv has rows of the
# sweep with a CPU share from 0 to 100, box/meta.csv says where they came
# from, and the card shows the box.  Ctrl-C stops the sampler with the
# run, and an agent that goes away ends the sampling, not the share's
# phases; meta.csv says why either way.
. "$(dirname "$0")/lib.sh"

AGENT_PID=""
NAS_PID=""
JOB_PID=""
trap 'for p in "$NAS_PID" "$JOB_PID" "$AGENT_PID"; do [ -n "$p" ] && kill "$p" 2>/dev/null; done; e2e_drop_T' EXIT
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
# the box sampled while the share ran: each interval's rows, the sweep's among them
check test -s nas/box/box.csv
check test "$(head -n 1 nas/box/box.csv)" = \
	"time_s,phase,seconds,cpu_busy_pct,disk,disk_busy_pct,read_mb_per_s,write_mb_per_s,arc_bytes,arc_hit_pct"
check test "$(awk -F, '$2 == "sweep"' nas/box/box.csv | wc -l)" -ge 1
bad=$(awk -F, 'NR > 1 && (NF != 10 || $4 == "" || $4 < 0 || $4 > 100 ||
	($6 != "" && ($6 < 0 || $6 > 100)) || !($3 >= 0))' nas/box/box.csv | wc -l)
check test "$bad" -eq 0
check grep -q '^source,"linux: /proc/stat, /proc/diskstats' nas/box/meta.csv
check grep -q "^ended,the share's phases ended$" nas/box/meta.csv
check test -z "$(ls nas/box | grep -v '^box.csv$\|^meta.csv$')"
check grep -q '^  the box while the share ran (.*, [0-9]* s): CPU [0-9]*% busy (peak [0-9]*%)' "$T/out"
# the card redrawn from the folder says the same
expect_success "$IOSWEEP" card nas
check grep -q 'link: measured (iosweep link)' "$T/out"
check grep -q 'the pool, on the NAS itself' "$T/out"
check grep -q '^  the box while the share ran (.*): CPU [0-9]*% busy' "$T/out"

# Ctrl-C: the run and its sampler stop; what was sampled is kept, no
# temporary file.  A job runs on the agent meanwhile: samples are a read,
# answered beside it (the probe's interval is closed as the sweep begins).
"$IOSWEEP" -s 64k -r 4k -i 0 --runtime 60s -f long.tmp --agent "127.0.0.1:$PORT" \
	--token "$TOKEN" --out local-long >long.out 2>long.err &
JOB_PID=$!
wait_until "$JOB_PID" sh -c 'ls -a root | grep -q "^\.iosweep-job-"'
"$IOSWEEP" nas share --budget 30s --no-files --nas-ram 4M --link gigabit \
	--agent "127.0.0.1:$PORT" --token "$TOKEN" --out nas-int >int.out 2>int.err &
NAS_PID=$!
wait_until "$NAS_PID" grep -q '\[1/3\] sweep' int.err
check kill -0 "$JOB_PID"
kill -INT "$NAS_PID"
wait "$NAS_PID"
check test $? -ne 0
NAS_PID=""
check grep -q '^ended,stopped (a signal)$' nas-int/box/meta.csv
check test "$(awk -F, '$2 == "probe"' nas-int/box/box.csv | wc -l)" -ge 1
check test -z "$(ls nas-int/box | grep -v '^box.csv$\|^meta.csv$')"
kill -TERM "$JOB_PID"
wait "$JOB_PID"
JOB_PID=""
wait_until "$AGENT_PID" sh -c '! ls -a root | grep -q "^\.iosweep-job-\|long.tmp"'
check kill -0 "$AGENT_PID"

# the agent goes away as the share runs: the sampling ends with why, the
# share's phases go on, and the run fails only at the agent's own steps
"$IOSWEEP" nas share --budget 30s --no-files --nas-ram 4M --link gigabit \
	--agent "127.0.0.1:$PORT" --token "$TOKEN" --out nas-gone >gone.out 2>gone.err &
NAS_PID=$!
wait_until "$NAS_PID" grep -q 'sampling 127.0.0.1' gone.err
kill -TERM "$AGENT_PID"
wait "$AGENT_PID"
AGENT_PID=""
wait "$NAS_PID"
check test $? -ne 0
NAS_PID=""
check grep -q '\[3/3\] queue depth took' gone.err
check grep -q '\[box\] sampling the box ended early: ' gone.err
check test -s nas-gone/box/meta.csv
check test -z "$(grep '^ended,' nas-gone/box/meta.csv | grep "phases ended\|a signal")"
check test -s nas-gone/sweep/summary.csv
finish
