#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_mpi_files.sh: `iosweep-mpi files` under mpirun, four ranks on this
# host.  A tree per rank and one shared tree both run, every phase has
# an "all" row and one row per client in results.csv whose calls, files
# and bytes add up to the "all" row's, and which import reads back
# unchanged; the tree is gone afterwards.
# --reorder makes rank r stat and read the files rank r+1 made: each
# rank runs under the fault shim watching rank r+1's files only, and
# reports what it did to them (nothing without --reorder; reads and no
# writes with it).  An I/O error on one rank ends every rank with exit
# 3, a message naming that rank, and nothing left; SIGINT (raised at a
# counted write) with exit 130 and the finished trials saved.  Every mpirun runs
# under a timeout, so a hang fails the test instead of stalling it.
# Skipped without mpirun or without the MPI build ($IOSWEEP_MPI).
# e2e: alone (its ranks meet at barriers that busy-poll)
. "$(dirname "$0")/lib.sh"

mpi_require

mpi_launcher 4
LIMIT=120
TREE="--depth 1 --width 2 --files 6 --file-size 8k"

# per_client CSV: per (test, trial), the clients 0..3 once each, their
# calls (ops), moved files and bytes adding up to the "all" row's, each
# with its host; -v want=N: the number of "all" rows; -v reorder=1: the
# read-only phases' writer is the next client, the others' the client.
cat >"$T/clients.awk" <<'AWK'
NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
$c["test"] !~ /^files / { next }
{
	k = $c["test"] "/" $c["trial"]
	if ($c["client"] == "all") { ops[k] = $c["ops"]; mv[k] = $c["moved"]; by[k] = $c["bytes"]; n++; next }
	sops[k] += $c["ops"]; smv[k] += $c["moved"]; sby[k] += $c["bytes"]
	who[k] = who[k] " " $c["client"]
	if ($c["host"] == "") bad = bad " host:" k
	w = $c["client"]
	if (reorder && $c["test"] ~ /stat|readdir|files read|xattr-get/) w = ($c["client"] + 1) % 4
	if ($c["writer"] != w) bad = bad " writer:" k ":" $c["client"] "->" $c["writer"]
}
END {
	for (k in ops)
		if (sops[k] != ops[k] || smv[k] != mv[k] || sby[k] != by[k] || who[k] != " 0 1 2 3")
			bad = bad " " k
	if (n != want || bad != "") { print "bad rows:" bad " n=" n; exit 1 }
}
AWK

mkdir -p "$T/d"
# Every run's rank r goes under the fault shim (when built), which
# watches the files of rank r+1 (its tree, or its r<R>-f names in a
# shared tree) and at exit writes what was done to them into
# $T/rep.NAME.r.  The rank comes from the launcher (Open MPI, MPICH).
SHIMMED=
if [ -n "${FAULTSHIM:-}" ] && [ -f "$FAULTSHIM" ]; then
	SHIMMED=1
	asan=$(ldd "$MPI_BIN" 2>/dev/null | awk '/libasan/ { print $3; exit }')
	PRELOAD="${asan:+$asan }$FAULTSHIM"
else
	echo "note: --reorder not proven and the I/O error not checked: no fault shim (\$FAULTSHIM)"
fi
cat >"$T/wrap.sh" <<'SH'
r=${OMPI_COMM_WORLD_RANK:-${PMI_RANK:-}}
[ -n "$r" ] || { echo "wrap.sh: no rank in the environment" >&2; exit 1; }
n=$(( (r + 1) % 4 ))
if [ "$MODE" = shared ]; then watch="/r$n-f"; else watch="/rank$n/"; fi
FAULTSHIM_PATH=$watch FAULTSHIM_REPORT="$REP.$r" LD_PRELOAD="$PRELOAD" exec "$@"
SH
# files NAME MODE ARGS...: iosweep-mpi files on 4 ranks, results in $T/oNAME.
files() {
	name=$1 mode=$2
	shift 2
	if [ -n "$SHIMMED" ]; then
		# shellcheck disable=SC2086
		expect_success env MODE="$mode" REP="$T/rep.$name" PRELOAD="$PRELOAD" \
			timeout $LIMIT $MPIRUN sh "$T/wrap.sh" "$MPI_BIN" files $TREE "$@" \
			--dir "$T/d" --out "$T/o$name"
	else
		# shellcheck disable=SC2086
		expect_success timeout $LIMIT $MPIRUN "$MPI_BIN" files $TREE "$@" \
			--dir "$T/d" --out "$T/o$name"
	fi
	check test -z "$(ls -A "$T/d")"
}
# shim NAME reorder|plain: what each rank did to rank r+1's files.
# "calls C ... write W ... read R ...": with --reorder reads (12 files)
# and no writes, without nothing at all.
shim() {
	[ -n "$SHIMMED" ] || return 0
	for r in 0 1 2 3; do
		check test -f "$T/rep.$1.$r"
		if [ "$2" = reorder ]; then
			check awk '{ for (i = 1; i < NF; i++) v[$i] = $(i + 1) }
				END { exit !(v["read"] >= 12 && v["write"] == 0) }' "$T/rep.$1.$r"
		else
			check awk '{ exit !($2 == 0) }' "$T/rep.$1.$r"
		fi
	done
}
all_rows() {
	awk -F, 'NR > 1 && $16 == "all"' "$1" | wc -l
}

# 1. A tree per rank, two trials: 12 files of 8 kB on each rank.
files 1 tree --trials 2
check grep -q '^clients: 4, a tree per client, each reads its own files$' "$T/out"
check grep -q '^create *all *48 *393216 ' "$T/out"
check grep -q '^create *3 *12 *98304 ' "$T/out"
check grep -q '^mean over 2 trials' "$T/out"
phases=$(awk -F, 'NR > 1 && $16 == "all" && $6 == 0' "$T/o1/results.csv" | wc -l)
check test "$phases" -ge 9
check awk -F, -v want=$((phases * 2)) -f "$T/clients.awk" "$T/o1/results.csv"
check grep -q '^clients,4$' "$T/o1/meta.csv"
# summary.csv holds the aggregate only: one row per phase
check test "$(grep -c '^"*[^,]*,files ' "$T/o1/summary.csv")" -eq "$phases"
shim 1 plain
# import reads the clients' rows back behind the aggregate: the folder
# written again is the same
expect_success "$IOSWEEP" import "$T/o1" --out "$T/o1i"
check cmp -s "$T/o1/results.csv" "$T/o1i/results.csv"
check cmp -s "$T/o1/summary.csv" "$T/o1i/summary.csv"

# 2. One shared tree: the files carry the rank (r<R>-f<I>), directories
# are made once for all; the same accounting, nothing left.
files 2 shared --shared-dir --jobs 2
check grep -q '^clients: 4, one shared tree' "$T/out"
check grep -q '^mkdir *all *2 ' "$T/out"
check grep -q '^create *all *48 ' "$T/out"
check awk -F, -v want="$(all_rows "$T/o2/results.csv")" -f "$T/clients.awk" "$T/o2/results.csv"
shim 2 plain

# 3. --reorder, a tree per rank and a shared tree: rank r reads rank
# r+1's files (the shim) and its rows name r+1 as the writer.
files 3 tree --reorder
check grep -q 'use the next rank' "$T/out"
check awk -F, -v want="$(all_rows "$T/o3/results.csv")" -v reorder=1 -f "$T/clients.awk" "$T/o3/results.csv"
shim 3 reorder
files 4 shared --shared-dir --reorder
check awk -F, -v want="$(all_rows "$T/o4/results.csv")" -v reorder=1 -f "$T/clients.awk" "$T/o4/results.csv"
shim 4 reorder

# 4. EIO on rank 2's writes: every rank ends (exit 3), the message
# names rank 2, and no file or directory of the run is left.
if [ -n "$SHIMMED" ]; then
	# shellcheck disable=SC2086
	expect_failure 3 env LD_PRELOAD="$PRELOAD" FAULTSHIM_PATH="/rank2/" \
		FAULTSHIM_FAIL=write:5:EIO timeout $LIMIT $MPIRUN "$MPI_BIN" files $TREE \
		--dir "$T/d" --out "$T/o5"
	check grep -q "rank 2 on host .*cannot write '.*/rank2/job0/d[01]/f[0-9]*': Input/output error" "$T/err"
	check grep -q '^status,"*failed: rank 2 on host' "$T/o5/meta.csv"
	check test -z "$(ls -A "$T/d")"

	# 5. SIGINT to every rank (as a launcher forwards Ctrl-C) in the
	# second trial: each raises it on itself as its 15th write begins (the
	# fault shim; 12 files of 8 kB a trial).  Every rank stops, the status
	# says interrupted, the first trial is saved whole, the ranks exit 130
	# and the launcher with them, and no file or directory of the run is
	# left.
	env LD_PRELOAD="$PRELOAD" FAULTSHIM_SIGNAL="write:15:INT@$T/d/" \
		timeout $LIMIT $MPIRUN "$MPI_BIN" files $TREE --trials 50 \
		--dir "$T/d" --out "$T/o6" >"$T/o6.txt" 2>"$T/o6.err"
	check test $? -eq 130
	check test -z "$(grep -i 'signal\|killed' "$T/o6.err")"
	check grep -qx 'status,"*interrupted by SIGINT in trial 2"*' "$T/o6/meta.csv"
	check grep -q '^iosweep files: interrupted by SIGINT in trial 2; the tree it made is removed$' "$T/o6.err"
	check test "$(grep -c '^trial ' "$T/o6.txt")" -eq 1
	check test "$(awk -F, 'NR > 1 && $16 == "all" && $6 == 0' "$T/o6/results.csv" | wc -l)" -eq "$phases"
	check test "$(awk -F, 'NR > 1 && $16 == "all"' "$T/o6/results.csv" | wc -l)" -eq "$phases"
	check test -z "$(ls -A "$T/d")"
fi

# 5. Refusals before anything is made: --reorder needs several clients.
expect_failure 2 "$IOSWEEP" files $TREE --reorder --dir "$T/d"
check grep -q -- '--reorder: needs several clients' "$T/err"
expect_failure 2 timeout $LIMIT $LAUNCH -np 1 "$MPI_BIN" files $TREE --reorder --dir "$T/d"
check grep -q -- '--reorder: with one client' "$T/err"
# fileop stays one client's: refused rather than run on rank 0 alone
expect_failure 2 timeout $LIMIT $MPIRUN "$MPI_BIN" fileop -f 2 -d "$T/d"
check grep -q "fileop: runs on one client; under iosweep-mpi run 'files" "$T/err"
# so do the guided run, profiles and resume, whose sweeps would meet
# barriers the other ranks never reach: every rank refuses, rank 0 says why
for sub in "nas $T/d --dry-run" "profile --list" "resume $T/d"; do
	set -- $sub
	expect_failure 2 timeout $LIMIT $MPIRUN "$MPI_BIN" $sub
	check grep -q "^iosweep-mpi: '$1' runs on one client; run 'iosweep $1' on one machine" "$T/err"
	check test "$(grep -c "^iosweep-mpi: '$1'" "$T/err")" -eq 1
done
check test -z "$(ls -A "$T/d")"

finish
