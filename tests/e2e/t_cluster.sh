#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_cluster.sh: IOzone's cluster mode.  The plain iosweep refuses -+m
# and IOzone's other cluster options (-+t -+h -+c -+H -+P -+s -+i) with
# exit 2 and a line naming the iosweep-mpi command to run instead.
# iosweep-mpi under mpirun takes -+m FILE: two ranks, each line's WORKDIR
# holds its rank's test file (or the line's FILE is the file), comments
# skipped, IOzone's header line (tests/golden/cluster-header.txt: what a
# real IOzone 3.508 printed for "-+m FILE -t 2 -s 64k -i 0", its
# clients started by a remote shell that fails); a line count other than
# the ranks' is refused naming the file and both counts, a bad line as
# FILE:LINE; -+E reads each line's FILE and leaves it as it was.  The MPI part is skipped without mpirun or iosweep-mpi.
. "$(dirname "$0")/lib.sh"

# --- 1. the plain build refuses, naming the command ------------------------
expect_failure 2 "$IOSWEEP" -+m "$T/clients" -s 64k -i 0
check grep -q "^iosweep: -+m (IOzone's cluster mode) runs as iosweep-mpi: mpirun -np N iosweep-mpi \.\.\. -+m '$T/clients'" "$T/err"
for o in -+t -+h -+c -+H -+P -+s -+i; do
	expect_failure 2 "$IOSWEEP" "$o" -s 64k -i 0
	check grep -q "^iosweep: $o: .*run mpirun -np N iosweep-mpi \.\.\. -+m FILE" "$T/err"
	check test "$(wc -l <"$T/err")" -eq 1
done

# --- 2. iosweep-mpi -+m FILE ------------------------------------------------
mpi_require
mpi_launcher 2
LIMIT=120

mkdir -p "$T/a" "$T/b" "$T/c"
cat >"$T/clients" <<END
# IOzone's cluster file: host, working directory, path to iozone
node1 $T/a /usr/bin/iozone
node2   $T/b	/usr/bin/iozone
END
# shellcheck disable=SC2086
expect_success timeout $LIMIT $MPIRUN "$MPI_BIN" -+m "$T/clients" -s 64k -i 0 \
	--out "$T/o1"
{ echo "== -+m FILE -s 64k -i 0"; splash "$T/out"; } >"$T/header"
cmp_golden cluster-header.txt "$T/header"
check grep -q '^	Clients: 2 on 1 host' "$T/out"

# -w keeps the files: rank 0's in a/, rank 1's in b/, nothing in the cwd
# shellcheck disable=SC2086
expect_success timeout $LIMIT $MPIRUN "$MPI_BIN" -+m "$T/clients" -s 64k -i 0 \
	-w -f t.%r --out "$T/o2"
check test "$(ls "$T/a")" = t.0
check test "$(ls "$T/b")" = t.1
check test "$(wc -c <"$T/a/t.0")" -eq 65536
check test "$(wc -c <"$T/b/t.1")" -eq 65536

# a fourth field is the rank's file itself
printf 'node1 %s/a /usr/bin/iozone %s/c/first\nnode2 %s/b ./iozone\n' \
	"$T" "$T" "$T" >"$T/clients4"
rm -f "$T/a"/* "$T/b"/*
# shellcheck disable=SC2086
expect_success timeout $LIMIT $MPIRUN "$MPI_BIN" -+m "$T/clients4" -s 64k -i 0 \
	-w --out "$T/o3"
check test "$(ls "$T/c")" = first
check test -z "$(ls "$T/a")"
check test "$(ls "$T/b")" = iosweep.tmp.1

# -+E with the lines' FILEs: each rank reads its existing file, unchanged
head -c 262144 /dev/urandom >"$T/c/first"
cp "$T/c/first" "$T/c/second"
SUM=$(cat "$T/c/first" "$T/c/second" | cksum)
printf 'node1 /x ./iozone %s/c/first\nnode2 /x ./iozone %s/c/second\n' \
	"$T" "$T" >"$T/clientsE"
# shellcheck disable=SC2086
expect_success timeout $LIMIT $MPIRUN "$MPI_BIN" -+m "$T/clientsE" -+E -f t \
	-s 256k -r 64k -i 1 -i 2 --out "$T/o6"
check test "$(cat "$T/c/first" "$T/c/second" | cksum)" = "$SUM"
check grep -q '^iozone test complete\.$' "$T/out"

# one line for two ranks, and a bad line
printf 'node1 %s/a /usr/bin/iozone\n' "$T" >"$T/one"
# shellcheck disable=SC2086
expect_failure 2 timeout $LIMIT $MPIRUN "$MPI_BIN" -+m "$T/one" -s 64k -i 0 --out "$T/o4"
check grep -q "^iosweep: rank 0 on host .*: -+m '$T/one': 1 client line but mpirun started 2 ranks; run mpirun -np 1$" "$T/err"
printf '# c\nnode1 %s/a\n' "$T" >"$T/bad"
# shellcheck disable=SC2086
expect_failure 2 timeout $LIMIT $MPIRUN "$MPI_BIN" -+m "$T/bad" -s 64k -i 0 --out "$T/o5"
check grep -q "^iosweep: rank 0 on host .*: $T/bad:2: 2 fields; a client line is HOST WORKDIR IOZONE-PATH \[FILE\]$" "$T/err"
check test ! -e "$T/o4"
check test ! -e "$T/o5"

finish
