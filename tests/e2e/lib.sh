# SPDX-License-Identifier: GPL-2.0-or-later
# lib.sh: the harness of the end-to-end tests, sourced by each tests/e2e/t_*.sh.
#
# Each test runs the real binary ($IOSWEEP) on real files in its own
# temporary directory ($T, removed at exit).  Helpers:
#   expect_success CMD...      run, fail the test unless exit 0
#   expect_failure CODE CMD... run, fail unless it exits with CODE
#   cmp_golden NAME FILE       compare FILE to tests/golden/NAME
#                              (UPDATE_GOLDEN=1 rewrites the golden file)
#   skip "reason"              skip the rest of this test with a reason
#   check COND-CMD... / fail "msg"
#   disk_dir NAME              a temporary directory on a disk file system in $D
#   try_mount OPTIONS DIR      (root) a tmpfs mounted on DIR with OPTIONS,
#                              unmounted at exit; false when it cannot be
#   col CSV TEST COLUMN        the values of COLUMN in results.csv's rows of TEST
#   all_between LO HI VALUES.. every value in [LO, HI], at least one value
#   has_rows CSV               CSV holds a row below its header line
#   one_line_error             the last command wrote one line on stderr
#                              and nothing on stdout
#   wait_until PID CMD...      poll (every 0.1 s, 60 s at most) until CMD
#                              succeeds or process PID has ended
#   check_share_csv DIR CAP N  on a share: results.csv and summary.csv of DIR
#                              have at least N rows, cached_pct empty on each,
#                              cache_served 1 exactly where the figure is
#                              above CAP kB/s
#   cache_note_agrees OUT DIR  the report OUT's "Page cache:" note counts DIR's
#                              read figures with cached_pct >= 50 of those
#                              with one (no note when there are none): the
#                              verdict, whatever the cache held
#   deep_engine                true when this build keeps more than one I/O in
#                              flight (io_uring)
#   mix_reads JOBS OPS PCT     the reads --mix PCT makes in one pass of JOBS
#                              workers with OPS operations each
#   splash FILE                the option lines of a report: IOzone's lines
#                              between "Run began" and "Command line used"
#   partials CSV FILE_KB       results.csv's "partial" values of one file size
#   first_cell_kept OUT        a run of 64 kB, 128 kB, ... cells (64 kB
#                              records, -i 0 -i 1) that failed in the 128 kB
#                              cell kept the first whole in OUT and no more
# A case left out inside a test says so on a line of its own starting with
# "note: "; tests/e2e/run.sh lists those lines with the skips.
# Output of the last command is in $T/out and $T/err; its status in $RC.
set -u
: "${IOSWEEP:?IOSWEEP must point to the binary}"
TOP=$(cd "$(dirname "$0")/../.." && pwd)
GOLDEN="$TOP/tests/golden"
FIXTURES="$TOP/../shared/fixtures"
T=$(mktemp -d "${TMPDIR:-/tmp}/iosweep-e2e.XXXXXX")
E2E_NAME=$(basename "$0" .sh)
# tests/e2e/run.sh learns where the folder is (to keep it when the test
# is stopped at its time limit)
[ -n "${E2E_RUN_DIR:-}" ] && [ -d "$E2E_RUN_DIR" ] && printf '%s\n' "$T" >"$E2E_RUN_DIR/$E2E_NAME.dir"
# small file systems a test mounts (try_mount), unmounted at exit
MOUNTS=""
E2E_FAILS=0
E2E_CHECKS=0

. "$TOP/tests/e2e/keep.sh"
# e2e_drop_T: at exit, remove $T; after a failed check keep a copy first
e2e_drop_T() {
	[ "$E2E_FAILS" -eq 0 ] || e2e_keep "$T"
	rm -rf "$T"
}
trap 'for m in $MOUNTS; do umount "$m" 2>/dev/null; done; e2e_drop_T' EXIT
# stopped (Ctrl-C, run.sh's time limit): still run the EXIT trap, so
# servers are stopped and mounts undone
trap 'exit 130' INT
trap 'E2E_FAILS=$((E2E_FAILS + 1)); echo "FAIL: stopped by a signal (the time limit?)"; exit 143' TERM HUP
# Run from the temporary directory, so default outputs (iosweep-results/,
# iosweep.tmp) never land in the source tree.
cd "$T" || exit 1

fail() { echo "FAIL: $*"; E2E_FAILS=$((E2E_FAILS + 1)); }
pass() { E2E_CHECKS=$((E2E_CHECKS + 1)); }
skip() { echo "SKIP: $*"; exit 77; }

run() { "$@" >"$T/out" 2>"$T/err"; RC=$?; }

expect_success() {
	run "$@"
	if [ "$RC" -eq 0 ]; then pass; else
		fail "expected success (got $RC): $*"; sed 's/^/  err: /' "$T/err" | head -n 5
	fi
}

expect_failure() {
	code=$1; shift
	run "$@"
	if [ "$RC" -eq "$code" ]; then pass; else
		fail "expected exit $code (got $RC): $*"; sed 's/^/  err: /' "$T/err" | head -n 5
	fi
}

check() {
	if "$@"; then pass; else fail "check failed: $*"; fi
}

cmp_golden() {
	name=$1; file=$2
	if [ "${UPDATE_GOLDEN:-0}" = 1 ]; then cp "$file" "$GOLDEN/$name"; pass; return; fi
	if cmp -s "$file" "$GOLDEN/$name"; then pass; else
		fail "golden $name differs"; diff "$GOLDEN/$name" "$file" | head -n 20
	fi
}

# disk_dir NAME: a new directory on a disk file system (not tmpfs) in
# $IOSWEEP_DISK_DIR, /var/tmp or build/, into $D, removed at exit; D is
# empty when there is none.
disk_dir() {
	D=""
	for base in "${IOSWEEP_DISK_DIR:-}" /var/tmp "$TOP/build"; do
		[ -n "$base" ] && [ -d "$base" ] && [ -w "$base" ] || continue
		case $(stat -f -c %T "$base" 2>/dev/null) in tmpfs | ramfs) continue ;; esac
		D=$(mktemp -d "$base/iosweep-$1.XXXXXX") && break
	done
	[ -n "$D" ] && trap 'for m in $MOUNTS; do umount "$m" 2>/dev/null; done; e2e_drop_T; rm -rf "$D"' EXIT
}

try_mount() {
	[ "$(id -u)" -eq 0 ] && mount -t tmpfs -o "$1" tmpfs "$2" 2>/dev/null &&
		MOUNTS="$MOUNTS $2"
}

wait_until() {
	wu_pid=$1
	shift
	wu_i=0
	while ! "$@" && kill -0 "$wu_pid" 2>/dev/null && [ $wu_i -lt 600 ]; do
		sleep 0.1
		wu_i=$((wu_i + 1))
	done
}

# col FILE TEST COLUMN: the values of COLUMN in FILE's rows of TEST
col() {
	awk -F, -v t="$2" -v name="$3" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$(c["test"]) == t { print $(c[name]) }' "$1"
}
# all_between LO HI VALUES...: every value in [LO, HI], at least one value
all_between() {
	lo=$1 hi=$2; shift 2
	[ $# -gt 0 ] || return 1
	for v; do awk -v v="$v" -v lo="$lo" -v hi="$hi" 'BEGIN { exit !(v != "" && v >= lo && v <= hi) }' || return 1; done
}

has_rows() {
	[ "$(awk 'NR > 1' "$1" | wc -l)" -gt 0 ]
}

one_line_error() {
	[ "$(wc -l < "$T/err")" -eq 1 ] && [ ! -s "$T/out" ]
}

# splash FILE: the option lines of an IOzone or iosweep report, those
# between "Run began" (and the blank line after it) and "Command line used".
splash() {
	sed -n '/Run began/,/Command line used/p' "$1" | sed '1,2d;$d'
}

# partials CSV FILE_KB: the "partial" column of results.csv's rows of one
# file size, one value per line.
partials() {
	awk -F, -v f="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$4 == f { print $(c["partial"]) }' "$1"
}

# first_cell_kept OUT: after a sweep of 64 kB, 128 kB, ... cells in 64 kB
# records, tests 0 and 1, that failed in the 128 kB cell with its output
# in $T/out and $T/err: stderr names OUT as the finished cells' folder;
# the report has the 64 kB row and nothing after it (no "test
# complete"); results.csv and summary.csv hold the 64 kB cell whole and
# no complete sample of a later cell.
first_cell_kept() {
	check grep -q "^iosweep: results of the finished cells in $1/\$" "$T/err"
	check test "$(grep -c '^ *[0-9][0-9]* *[0-9][0-9]* *[0-9]' "$T/out")" -eq 1
	check grep -q '^ *64 *64 ' "$T/out"
	check test "$(grep -c 'test complete' "$T/out")" -eq 0
	check test "$(partials "$1/results.csv" 64 | grep -c '^0$')" -eq 4
	check test "$(partials "$1/results.csv" 64 | grep -c '^1$')" -eq 0
	check test "$(partials "$1/results.csv" 128 | grep -c '^0$')" -eq 0
	check test "$(partials "$1/results.csv" 256 | wc -l)" -eq 0
	check test "$(awk -F, 'NR > 1 && $3 == 64' "$1/summary.csv" | wc -l)" -eq 4
	check test "$(awk -F, 'NR > 1 && $3 == 128' "$1/summary.csv" | wc -l)" -eq 0
}

# deep_engine: does this build have an engine that keeps more than one I/O
# in flight (io_uring, POSIX AIO where the kernel runs it, or threads)?
# Only IOSWEEP_ENGINES=sync leaves none: --iodepth above 1 is then refused
# before it runs (exit 2).  Any other outcome counts as yes, so a real
# failure shows in the test that needs the engine.
deep_engine() {
	"$IOSWEEP" -s 64k -r 4k -i 0 --iodepth 2 --quiet -f "$T/deep-probe" \
		--out "$T/deep-probe-out" >/dev/null 2>"$T/deep-probe-err"
	deep_rc=$?
	rm -rf "$T/deep-probe" "$T/deep-probe-out" "$T/deep-probe-err"
	[ "$deep_rc" -ne 2 ]
}

# mpi_require: skip the rest of the test without iosweep-mpi (MPI_BIN,
# from $IOSWEEP_MPI), its launcher (LAUNCH: $IOSWEEP_MPIRUN or mpirun) or
# timeout (t_mpi, t_cluster).
mpi_require() {
	MPI_BIN=${IOSWEEP_MPI:-}
	[ -n "$MPI_BIN" ] && [ -x "$MPI_BIN" ] ||
		skip "no iosweep-mpi in \$IOSWEEP_MPI (make MPI=1; Debian: openmpi-bin libopenmpi-dev)"
	LAUNCH=${IOSWEEP_MPIRUN:-mpirun}
	command -v "$LAUNCH" >/dev/null 2>&1 || skip "no $LAUNCH (Debian: openmpi-bin)"
	command -v timeout >/dev/null 2>&1 || skip "no timeout (coreutils)"
}

# mpi_launcher N: MPIRUN, the command that starts N ranks with $LAUNCH
# (t_mpi, t_import_lat).  Open MPI wants to be told that root and more
# ranks than cores are fine.  The MPI library does not free its own memory
# at exit: no leak check on the sanitized MPI binary (ASan's other checks
# and UBSan stay on).
mpi_launcher() {
	MPIRUN="$LAUNCH -np $1"
	if "$LAUNCH" --version 2>&1 | grep -q "Open MPI"; then
		MPIRUN="$LAUNCH --oversubscribe -np $1"
		export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
		export OMPI_MCA_rmaps_base_oversubscribe=1
	fi
	export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
}

# mix_reads JOBS OPS PCT: how many of the operations of one --mix PCT
# pass are reads, worked out as iosweep decides them (src/run/qd/qd.c):
# worker i draws splitmix64 from the seed 0x9d5eed00 + i once per
# operation, and reads when the draw mod 100 is below PCT.  The shell's
# 64-bit arithmetic wraps like C's unsigned: right shifts are masked to
# be logical, and a negative draw is 2^64 (16 mod 100) above its value.
# The constants above 2^63 are written less 2^64 (dash clamps a larger
# hex constant): 0x9e3779b97f4a7c15, 0xbf58476d1ce4e5b9, 0x94d049bb133111eb.
MR_GOLDEN=-7046029254386353131 MR_MUL1=-4658895280553007687 MR_MUL2=-7723592293110705685
mix_reads() {
	mr_total=0 mr_job=0
	while [ $mr_job -lt "$1" ]; do
		mr_s=$((0x9d5eed00 + mr_job)) mr_i=0
		while [ $mr_i -lt "$2" ]; do
			mr_s=$((mr_s + $MR_GOLDEN))
			mr_z=$(( (mr_s ^ ((mr_s >> 30) & 0x3ffffffff)) * $MR_MUL1 ))
			mr_z=$(( (mr_z ^ ((mr_z >> 27) & 0x1fffffffff)) * $MR_MUL2 ))
			mr_z=$(( mr_z ^ ((mr_z >> 31) & 0x1ffffffff) ))
			if [ "$mr_z" -ge 0 ]; then
				mr_m=$((mr_z % 100))
			else
				mr_m=$(( ((mr_z % 100 + 100) % 100 + 16) % 100 ))
			fi
			[ "$mr_m" -lt "$3" ] && mr_total=$((mr_total + 1))
			mr_i=$((mr_i + 1))
		done
		mr_job=$((mr_job + 1))
	done
	echo "$mr_total"
}

finish() {
	[ "$E2E_FAILS" -eq 0 ] || exit 1
	[ "$E2E_CHECKS" -gt 0 ] || { echo "FAIL: no checks ran"; exit 1; }
	exit 0
}

check_share_csv() {
	for csf in results summary; do
		awk -F, -v cap="$2" -v min="$3" \
			-v fig="$([ $csf = results ] && echo kb_per_s || echo mean)" '
			NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
			{ rows++
			  if ($(c["cached_pct"]) != "") { print "cached_pct [" $(c["cached_pct"]) "]"; bad++ }
			  want = ($(c[fig]) + 0 > cap + 0) ? "1" : "0"
			  if ($(c["cache_served"]) != want) { print "cache_served " $(c["cache_served"]) " at " $(c[fig]); bad++ } }
			END { if (rows < min) { print rows " rows"; bad++ }; exit bad > 0 }' \
			"$1/$csf.csv" >"$T/check.$csf"
		check test $? -eq 0
		sed 's/^/  /' "$T/check.$csf" | head -n 5
	done
}

cache_note_agrees() {
	set -- "$1" "$2" $(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$(c["partial"]) == 0 && $(c["cached_pct"]) != "" && $(c["test"]) ~ /read/ {
			n++; if ($(c["cached_pct"]) >= 50) k++ }
		END { print k + 0, n + 0 }' "$2/results.csv")
	echo "page cache: $3 of $4 read figures of ${2#"$T"/} at cached_pct >= 50"
	if [ "$3" -eq 0 ]; then
		check test "$(grep -c '^Page cache:' "$1")" -eq 0
	else
		check grep -q "^Page cache: $3 of $4 read figures came mostly from memory" "$1"
		check grep -q 'Use --cold' "$1"
	fi
}

# distinct BS FILE...: "blocks distinct" over the BS-byte blocks of the
# files, each at a multiple of BS in its file (a tail shorter than BS is
# not a block), as a file system that deduplicates BS-byte records sees
distinct() {
	python3 - "$@" <<'PY'
import hashlib, sys
bs, seen, n = int(sys.argv[1]), set(), 0
for name in sys.argv[2:]:
    with open(name, "rb") as f:
        while True:
            b = f.read(bs)
            if len(b) < bs:
                break
            n += 1
            seen.add(hashlib.blake2b(b, digest_size=16).digest())
print(n, len(seen))
PY
}
# all_distinct WHAT FILE...: no aligned block of 512 B, 4 kB, 128 kB or
# 1 MiB of the files equals another (blocks of a size the files do not
# reach are not counted), and there is at least one 4 kB block
all_distinct() {
	_what=$1
	shift
	command -v python3 >/dev/null 2>&1 || { fail "$_what: no python3 to count blocks"; return; }
	for _bs in 512 4096 131072 1048576; do
		_nd=$(distinct "$_bs" "$@")
		echo "$_what: ${_nd#* } distinct $_bs-byte blocks of ${_nd% *}"
		check test "${_nd% *}" -eq "${_nd#* }"
		[ "$_bs" -ne 4096 ] || check test "${_nd% *}" -gt 0
	done
}

# agent_start ROOT: `iosweep serve` on 127.0.0.1 at a free port with root
# ROOT, in the background (its output in serve.out and serve.err); sets
# AGENT_PID (stop it, by pid, in the test's trap), PORT and TOKEN.
agent_start() {
	: >serve.out
	"$IOSWEEP" serve --listen 127.0.0.1:0 --root "$1" >serve.out 2>serve.err &
	AGENT_PID=$!
	wait_until "$AGENT_PID" grep -q '^token: ' serve.out
	PORT=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\),.*/\1/p' serve.out)
	TOKEN=$(sed -n 's/^token: //p' serve.out)
	check test -n "$PORT"
	check test "$(printf '%s' "$TOKEN" | wc -c)" -eq 32
}
