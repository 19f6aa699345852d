#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_nfs: -f nfs://HOST/export/file through libnfs, against a real
# nfs-ganesha (scripts/nfs-server) in a network namespace of this test's
# own (unshare --net: only its loopback, only 127.0.0.1).
#
# 1. Bad NFS URLs and what a libnfs file cannot do are refused with one
#    line naming the option, exit 2, before any traffic.
# 2. Without a server, a sweep on nfs:// fails (exit 3) with one line
#    naming the URL (connection refused on the namespace's 127.0.0.1).
# 3. Against ganesha over NFSv3: a sweep of every test writes the same
#    results.csv header and the same rows (test, file, record, trial) as
#    the same sweep on a local file; every figure is bytes over seconds,
#    positive and finite; cached_pct is unknown (empty), never 0.0; meta
#    and the report say "no client cache"; the kept file is in the export
#    with the size written; -V checks every byte read back inside the
#    timing; -e (COMMIT in the timing) runs; the free-space check reads
#    the server's statvfs; -t with -F runs one client per file;
#    iosweep-mpi's %r names one file per rank (where it is built).
# Skips (77) without root, unshare, ganesha or a libnfs build, saying why.
# e2e: alone (it times a real NFS server)
set -u

if [ -z "${T_NFS_INNER:-}" ]; then
	[ "$(id -u)" -eq 0 ] || { echo "SKIP: needs root for a network namespace and ganesha"; exit 77; }
	command -v unshare >/dev/null 2>&1 || { echo "SKIP: no unshare (util-linux)"; exit 77; }
	unshare --net true 2>/dev/null || { echo "SKIP: cannot make a network namespace (unshare --net)"; exit 77; }
	T_NFS_INNER=1 exec unshare --net sh "$0" "$@"
fi

. "$(dirname "$0")/lib.sh"
NFS_SERVER="$TOP/scripts/nfs-server"
STATE="$T/state"
disk_dir nfs
EXP=${D:-$T/export}
mkdir -p "$EXP"
# the server is stopped by pid whatever happens; the namespace goes with us
trap 'sh "$NFS_SERVER" stop "$STATE" >/dev/null 2>&1; for m in $MOUNTS; do umount "$m" 2>/dev/null; done; e2e_drop_T ${D:+"$D"}' EXIT
trap 'exit 1' INT TERM HUP
ip link set lo up 2>/dev/null

URL="nfs://127.0.0.1$EXP"

# 1. Refusals, one line each, exit 2.
for bad in 'nfs://' 'nfs:///x/f' 'nfs://127.0.0.1:2049/x/f' 'nfs://127.0.0.1/x/' \
	'nfs://127.0.0.1/x/../f' 'nfs://127.0.0.1/x//f' 'nfs://127.0.0.1/x/f?version=5' \
	'nfs://127.0.0.1/x/f?proto=udp' 'nfs://127.0.0.1/x/%41' 'nfs://[::1]/x/f'; do
	expect_failure 2 "$IOSWEEP" -s 64k -r 4k -i 0 -f "$bad"
	check one_line_error
	check grep -q "^iosweep: -f: bad NFS URL '" "$T/err"
done
expect_failure 2 "$IOSWEEP" -t 2 -s 64k -r 4k -i 0 -F "nfs://x/y/" "$URL/a"
check grep -q "^iosweep: -F: bad NFS URL 'nfs://x/y/'" "$T/err"

if "$IOSWEEP" -s 64k -r 4k -i 0 -f "$URL/probe" 2>&1 | grep -q 'nfs:// needs libnfs'; then
	expect_failure 2 "$IOSWEEP" -s 64k -r 4k -i 0 -f "$URL/probe"
	check one_line_error
	check grep -q "^iosweep: -f: nfs:// needs libnfs: this iosweep was built without it" "$T/err"
	[ "$E2E_FAILS" -eq 0 ] || exit 1
	skip "this iosweep was built without libnfs (make LIBNFS=0 or no libnfs-dev)"
fi

expect_failure 2 "$IOSWEEP" -s 64k -r 4k -i 0 -B -f "$URL/m"
check grep -q '^iosweep: -B and nfs://: a file reached through libnfs cannot be mapped' "$T/err"
expect_failure 2 "$IOSWEEP" -s 64k -r 4k -i 0 -i 1 --iodepth 4 -f "$URL/q"
check grep -q '^iosweep: --iodepth 4 and nfs://' "$T/err"
expect_failure 2 "$IOSWEEP" -s 64k -r 4k -i 0 -i 1 --jobs 2 -f "$URL/j"
check grep -q '^iosweep: --jobs 2 and nfs://' "$T/err"
expect_failure 2 "$IOSWEEP" -t 2 -s 64k -r 4k -i 0 -W -F "$URL/w1" "$URL/w2"
check grep -q '^iosweep: -W and nfs://: libnfs takes no NFSv3 locks' "$T/err"
# libnfs 4 cannot send an NFSv4 WRITE over about 4 kB: refused by name
if pkg-config --exists 'libnfs < 5' 2>/dev/null; then
	expect_failure 2 "$IOSWEEP" -s 64k -r 4k -i 0 -f "$URL/v4?version=4"
	check grep -q 'cannot write more than about 4 kB in one NFSv4 WRITE' "$T/err"
fi

# 2. No server yet: one line naming the URL, quickly (connection refused).
expect_failure 3 "$IOSWEEP" -s 64k -r 4k -i 0 -f "$URL/none"
check one_line_error
check grep -q "nfs://127.0.0.1$EXP" "$T/err"

# 3. The server.
sh "$NFS_SERVER" start "$EXP" "$STATE" >"$T/srv" 2>&1
src=$?
[ $src -eq 77 ] && skip "$(sed 's/^nfs-server: //' "$T/srv" | tail -n 1)"
if [ $src -ne 0 ]; then
	fail "scripts/nfs-server start failed ($src)"; sed 's/^/  srv: /' "$T/srv"
	finish
fi
check grep -q "^nfs-server: serving $EXP on 127.0.0.1" "$T/srv"

SWEEP="-a -n 64k -g 256k -y 16k -q 64k -E -i 0 -i 1 -i 2 -i 3 -i 4 -i 5 -i 6 -i 7 -i 9 -i 10 -i 11 -i 12"
# shellcheck disable=SC2086
expect_success "$IOSWEEP" $SWEEP -f "$T/local.tmp" --out "$T/lo" --label same
# shellcheck disable=SC2086
expect_success "$IOSWEEP" $SWEEP -f "$URL/sweep.tmp" --out "$T/nf" --label same
check test "$(head -n 1 "$T/lo/results.csv")" = "$(head -n 1 "$T/nf/results.csv")"
keys() {
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ print $(c["schema"]) "," $(c["label"]) "," $(c["test"]) "," \
			$(c["file_kb"]) "," $(c["record_kb"]) "," $(c["trial"]) }' "$1"
}
keys "$T/lo/results.csv" >"$T/lo.keys"
keys "$T/nf/results.csv" >"$T/nf.keys"
check test "$(wc -l < "$T/nf.keys")" -eq 189
check cmp -s "$T/lo.keys" "$T/nf.keys"
check test "$(head -n 1 "$T/lo/summary.csv")" = "$(head -n 1 "$T/nf/summary.csv")"
check test "$(wc -l < "$T/lo/summary.csv")" -eq "$(wc -l < "$T/nf/summary.csv")"
# every figure real: bytes = file size, seconds > 0, kB/s = bytes/1024/s
# (to 0.1%), cached_pct unknown (the server's cache cannot be seen)
check awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ b = $(c["bytes"]); s = $(c["seconds"]); k = $(c["kb_per_s"])
	  if (b != $(c["file_kb"]) * 1024 || !(s > 0) || !(k > 0) || k == "inf" ||
	      (k - b / 1024 / s) ^ 2 > (k / 1000) ^ 2 || $(c["cached_pct"]) != "") bad++ }
	END { exit bad > 0 || NR != 190 }' "$T/nf/results.csv"
check grep -q '^fs_type,nfs3$' "$T/nf/meta.csv"
check grep -q '^mount_options,"\{0,1\}libnfs .*no client cache' "$T/nf/meta.csv"
check grep -q "^target_path,nfs://127.0.0.1$EXP/sweep.tmp\$" "$T/nf/meta.csv"
check grep -q '^	NFS file through libnfs (nfs3): no client cache' "$T/out"
check grep -q '^iozone test complete\.$' "$T/out"
check test ! -e "$EXP/sweep.tmp"

# The file on the server is the one written: kept with -w, its size.
expect_success "$IOSWEEP" -s 1m -r 64k -i 0 -w -f "$URL/kept.tmp" --out "$T/kw"
check test "$(stat -c %s "$EXP/kept.tmp" 2>/dev/null)" = 1048576
rm -f "$EXP/kept.tmp"
# -V: every record read back is checked inside the timing
expect_success "$IOSWEEP" -s 512k -r 16k -i 0 -i 1 -i 2 -V 165 -f "$URL/v.tmp" --out "$T/v"
check grep -q '^flags,.*verify' "$T/v/meta.csv"
# -e: the COMMIT inside the timing; -c: the close too
expect_success "$IOSWEEP" -s 1m -r 64k -i 0 -i 1 -e -c -f "$URL/e.tmp" --out "$T/e"
check grep -q '^flags,.*fsync' "$T/e/meta.csv"
# free space from the server's statvfs: a file larger than the disk is refused
expect_failure 3 "$IOSWEEP" -s 64t -r 1m -i 0 -f "$URL/big.tmp"
check one_line_error
check grep -q "^iosweep: not enough free space in 'nfs://127.0.0.1$EXP' for a 68719476736 kB test file: [1-9][0-9]* kB free" "$T/err"
# an existing file is refused as on a local disk, and left alone
echo keep >"$EXP/mine"
expect_failure 3 "$IOSWEEP" -s 64k -r 4k -i 0 -f "$URL/mine"
check grep -q "exists already" "$T/err"
check test "$(cat "$EXP/mine")" = keep
# throughput mode, one client per file
expect_success "$IOSWEEP" -t 2 -s 1m -r 64k -i 0 -i 1 -F "$URL/c1" "$URL/c2" --out "$T/tp"
check grep -q 'Children see throughput for  2 initial writers' "$T/out"
check test ! -e "$EXP/c1" -a ! -e "$EXP/c2"
# threads (-T) and the stdio tests, each thread its own libnfs stream
expect_success "$IOSWEEP" -t 2 -T -s 512k -r 16k -i 0 -i 6 -i 7 -F "$URL/s1" "$URL/s2" --out "$T/tps"
check grep -q 'Children see throughput for  2 fwriters' "$T/out"
check grep -q 'Children see throughput for  2 freaders' "$T/out"

# iosweep-mpi: %r in the URL, one file per rank on the server
MPI_BIN=${IOSWEEP_MPI:-}
LAUNCH=${IOSWEEP_MPIRUN:-mpirun}
if [ -n "$MPI_BIN" ] && [ -x "$MPI_BIN" ] && command -v "$LAUNCH" >/dev/null 2>&1 &&
   command -v timeout >/dev/null 2>&1; then
	mpi_launcher 2
	# shellcheck disable=SC2086
	expect_success timeout 120 $MPIRUN "$MPI_BIN" -s 1m -r 64k -i 0 -i 1 \
		-f "$URL/rank-%r" --out "$T/mpi"
	check grep -q "^target_path,nfs://127.0.0.1$EXP/rank-0\$" "$T/mpi/meta.csv"
	check test "$(awk -F, 'NR > 1 && $3 == "write" { n++ } END { print n }' "$T/mpi/results.csv")" = 3
	check test ! -e "$EXP/rank-0" -a ! -e "$EXP/rank-1"
else
	echo "note: no iosweep-mpi or launcher: the %r case is left out"
fi

sh "$NFS_SERVER" stop "$STATE"
check test ! -e "$STATE/ganesha.pid"
check sh "$NFS_SERVER" stop "$STATE"
finish
