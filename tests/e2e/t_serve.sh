#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_serve.sh: `iosweep serve` on 127.0.0.1 (a free port it picks), with
# a root of its own beside a folder outside it:
# - a wrong token is refused (link and a sweep's --agent), said in one line;
# - `iosweep link` writes both directions and the round trip, figures
#   consistent (bytes over seconds), and that the link was measured;
# - a job whose -f climbs out ("../"), is absolute, or goes through a
#   symbolic link out of the root is refused, and nothing outside the
#   root is read or written;
# - garbage bytes, a 4 GB length prefix and a message cut short each end
#   their connection with one line in the agent's log, and the agent
#   still answers a good request afterwards;
# - a second job while one runs is refused as busy;
# - a tiny sweep through --agent brings its result folder into the local
#   --out, with the sweep's report on stdout; so does `files --agent`,
#   whose --dir must stay under the root too;
# - SIGTERM while a job runs stops the agent, and the root is as it was.
# The raw messages come from tests/e2e/agent.py (python3).
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 || skip "needs python3 for raw messages (scripts/bootstrap)"
# the interpreter itself: a version manager's shim takes seconds a call
PY=$(python3 -c 'import sys; print(sys.executable)') || skip "python3 does not run"
RAW="$PY $TOP/tests/e2e/agent.py"
AGENT_PID=""
trap '[ -n "$AGENT_PID" ] && kill "$AGENT_PID" 2>/dev/null; [ -n "${JOB_PID:-}" ] && kill "$JOB_PID" 2>/dev/null; e2e_drop_T' EXIT

mkdir -p root outside
echo secret >outside/secret
ln -s "$T/outside" root/out-dir
ln -s "$T/outside/secret" root/out-file
snapshot() { (cd "$1" && find . -exec ls -ld {} + | awk '{ print $1, $5, $NF }' | sort; cat ./secret 2>/dev/null); }
snapshot outside >outside.before
snapshot root >root.before

start_agent() { agent_start root; }
# the agent answers a good request: a ping after the token
still_serves() {
	$RAW "$PORT" ping "$TOKEN" >raw.out 2>&1
	check grep -qx 'pong 8' raw.out
}
log_lines() { wc -l <serve.err; }

# a bad command line: one line, nothing started
expect_failure 2 "$IOSWEEP" serve --listen 127.0.0.1 --root root
one_line_error
expect_failure 2 "$IOSWEEP" serve --listen 127.0.0.1:0 --root nowhere
one_line_error

start_agent
still_serves

# a wrong token: link, a sweep's --agent, a raw hello
expect_failure 1 "$IOSWEEP" link "127.0.0.1:$PORT" --token 0123456789abcdef0123456789abcdef --seconds 1
check grep -q "wrong token" "$T/err"
expect_failure 1 "$IOSWEEP" -s 64k -r 4k -i 0 -f t.tmp --agent "127.0.0.1:$PORT" --token nope --out local-bad
check grep -q "wrong token" "$T/err"
check test ! -e local-bad
$RAW "$PORT" hello "x$TOKEN" >raw.out
check grep -q '^error wrong token' raw.out
check grep -q "wrong token; connection closed" serve.err

# the link measured: both directions and the round trip, consistent
# figures (never a speed: make check's load moves it)
expect_success "$IOSWEEP" link "127.0.0.1:$PORT" --token "$TOKEN" --seconds 1 --streams 2 \
	--out link
check grep -q '^up (to the agent): .* Mbit/s .* MB/s  (2 streams, 1.0 s)$' "$T/out"
check grep -q '^down (from the agent): .* Mbit/s' "$T/out"
check grep -q '^round trip: .* ms (median of 21;' "$T/out"
check grep -q '^link_source,measured$' link/meta.csv
check grep -q '^streams,2$' link/meta.csv
for d in up down; do
	check awk -F, -v d="$d" '$2 == d { ok = $3 == 2 && $4 == 1 && $5 > 0 && $6 > 0 &&
		($6 - $5 / $4) ^ 2 <= 1 && ($7 - $6 * 8 / 1e6) ^ 2 < 0.01 } END { exit !ok }' link/link.csv
done
check awk -F, '$2 == "rtt" { ok = $8 > 0 && $9 <= $8 && $8 <= $10 } END { exit !ok }' link/link.csv
expect_failure 2 "$IOSWEEP" link "127.0.0.1:$PORT" --token "$TOKEN" --out link
one_line_error
expect_failure 2 "$IOSWEEP" link "127.0.0.1:$PORT" --token "$TOKEN" --streams 0
one_line_error

# paths out of the root: refused with a line, before anything runs
for f in ../outside/x.tmp "$T/outside/x.tmp" out-dir/x.tmp out-file; do
	expect_failure 2 "$IOSWEEP" -s 64k -r 4k -i 0 -i 1 -f "$f" --agent "127.0.0.1:$PORT" \
		--token "$TOKEN" --out "local-$(echo "$f" | tr -c 'a-z' _)"
	check grep -q "the agent refused the job: -f '$f'" "$T/err"
	check test "$(wc -l <"$T/err")" -eq 1
done
# the same through the raw protocol, the refusal named
$RAW "$PORT" job "$TOKEN" -s 64k -i 0 -f ../x.tmp >raw.out
check grep -q "^error -f '../x.tmp': a path with a '.' or '..' part" raw.out
# options that name other paths on the agent
$RAW "$PORT" job "$TOKEN" -s 64k -i 0 -f t.tmp -b ../../x.xls >raw.out
check grep -q "^error --out, -b" raw.out
$RAW "$PORT" job "$TOKEN" -s 64k -i 0 -f t.tmp --agent 127.0.0.1:9 --token x >raw.out
check grep -q "^error --agent: a job runs on this agent" raw.out
$RAW "$PORT" job "$TOKEN" plot x >raw.out
check grep -q "^error the agent runs a sweep" raw.out
snapshot outside >outside.after
check cmp -s outside.before outside.after

# malformed messages: one log line each, the agent goes on
n=$(log_lines)
$RAW "$PORT" raw 474554202f20485454502f312e300d0a0d0a >raw.out
check grep -qx closed raw.out
$RAW "$PORT" raw 49530104ffffffff >raw.out
$RAW "$PORT" raw 4953010100000020616263 >raw.out
check test "$(log_lines)" -eq $((n + 3))
check grep -q "bad magic" serve.err
check grep -q "job message of 4294967295 bytes, more than the 1048576 allowed" serve.err
check grep -q "the connection ended inside a message" serve.err
still_serves

# a tiny sweep on the agent, its results here
expect_success "$IOSWEEP" -s 64k -r 4k -i 0 -i 1 -f sweep.tmp --agent "127.0.0.1:$PORT" \
	--token "$TOKEN" --out local
check grep -q "iozone test complete" "$T/out"
check has_rows local/results.csv
check has_rows local/summary.csv
check grep -q '^tool,iosweep' local/meta.csv
check test ! -e root/sweep.tmp
# a dry run there: the plan comes back, and no empty folder is left here
expect_success "$IOSWEEP" -s 64k -r 4k -i 0 -f sweep.tmp --dry-run --agent "127.0.0.1:$PORT" \
	--token "$TOKEN" --out local-dry
check grep -q '^64 4' "$T/out"
check test ! -e local-dry
# a sweep that fails there: its status and message come back, no folder
expect_failure 3 "$IOSWEEP" -s 64k -r 4k -i 1 -+E -f nofile.tmp --agent "127.0.0.1:$PORT" \
	--token "$TOKEN" --out local-bad2
check grep -q "cannot use 'nofile.tmp'" "$T/err"
check test ! -e local-bad2
expect_failure 2 "$IOSWEEP" -s 64k -r 4k -i 0 -f nodir/t.tmp --agent "127.0.0.1:$PORT" \
	--token "$TOKEN" --out local-bad2
check grep -q "refused the job: -f 'nodir/t.tmp': its folder" "$T/err"
# small files on the agent: --dir under its root, never out of it
mkdir -p root/tree
expect_success "$IOSWEEP" files --count 8 --dir tree/ --agent "127.0.0.1:$PORT" \
	--token "$TOKEN" --out local-files
check has_rows local-files/files.csv
check test -z "$(ls -A root/tree)"
rmdir root/tree
for d in ../outside out-dir; do
	expect_failure 2 "$IOSWEEP" files --count 8 --dir "$d" --agent "127.0.0.1:$PORT" \
		--token "$TOKEN" --out local-files-bad
	check grep -q "the agent refused the job: --dir '$d'" "$T/err"
done
check test ! -e local-files-bad
# an existing --out is refused without --overwrite, and nothing is sent
expect_failure 2 "$IOSWEEP" -s 64k -r 4k -i 0 -f sweep.tmp --agent "127.0.0.1:$PORT" \
	--token "$TOKEN" --out local
check grep -q "(--overwrite replaces its files)" "$T/err"

# one job at a time: a long one, then another is refused as busy
"$IOSWEEP" -s 64k -r 4k -i 0 --runtime 60s -f long.tmp --agent "127.0.0.1:$PORT" \
	--token "$TOKEN" --out local-long >long.out 2>long.err &
JOB_PID=$!
wait_until "$JOB_PID" sh -c 'ls -a root | grep -q "^\.iosweep-job-"'
check kill -0 "$JOB_PID"
expect_failure 2 "$IOSWEEP" -s 64k -r 4k -i 0 -f t2.tmp --agent "127.0.0.1:$PORT" \
	--token "$TOKEN" --out local-2
check grep -q "busy: a job is running" "$T/err"
check test ! -e local-2
expect_failure 1 "$IOSWEEP" link "127.0.0.1:$PORT" --token "$TOKEN" --seconds 1 --streams 1
check grep -q "busy: a job is running" "$T/err"
# the client stopped: the agent ends the sweep and removes its folder
kill -TERM "$JOB_PID"
wait "$JOB_PID"
JOB_PID=""
wait_until "$AGENT_PID" sh -c '! ls -a root | grep -q "^\.iosweep-job-\|long.tmp"'
snapshot root >root.after
check cmp -s root.before root.after
still_serves

# SIGTERM while a job runs: the agent stops, the root as it was
"$IOSWEEP" -s 64k -r 4k -i 0 --runtime 60s -f long.tmp --agent "127.0.0.1:$PORT" \
	--token "$TOKEN" --out local-term >term.out 2>term.err &
JOB_PID=$!
wait_until "$JOB_PID" sh -c 'ls -a root | grep -q "^\.iosweep-job-"'
kill -TERM "$AGENT_PID"
wait "$AGENT_PID"
check test $? -eq 0
AGENT_PID=""
wait "$JOB_PID"
check test $? -ne 0
JOB_PID=""
check grep -q "stopped (SIGTERM)" serve.err
snapshot root >root.after
check cmp -s root.before root.after
snapshot outside >outside.after
check cmp -s outside.before outside.after
finish
