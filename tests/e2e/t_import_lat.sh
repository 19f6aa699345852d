#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_import_lat.sh: `iosweep import` of an iosweep result folder keeps its
# latency figures.  Round trips, each compared field by field (by column
# name, rows matched by test, file, record, trial and client):
#  - a --latency --trials 2 folder: every results.csv field (the lat_*,
#    rd_lat_* and wr_lat_* ones among them) identical; summary.csv's
#    latency fields, short_timing and n identical, its figures those of
#    the trials' merged histograms;
#  - a --iodepth 4 --mix 70 folder (when the build keeps 4 in flight:
#    io_uring): the random mix's rd_ and wr_ figures, the same;
#  - with summary.csv deleted first: results.csv still identical, and
#    summary.csv's latency fields empty (the merged histograms are gone
#    and percentiles of several trials are not averaged);
#  - two folders imported as trials of one set: no cell's summary figures
#    (neither folder's summary describes the merged trials);
#  - a 2-rank iosweep-mpi --latency folder (when $IOSWEEP_MPI and mpirun
#    are there): the "all" rows and the clients' rows (client, host,
#    writer) identical, clients.csv too, and summary.csv's short_timing
#    (barrier overhead, not in results.csv) as the source had it.
. "$(dirname "$0")/lib.sh"

# same_fields A B KEYS [COLS]: every row of B has a row of A with the
# same key whose fields (B's columns matching the regular expression
# COLS, default all; each must be one of A's) are identical, and every
# row of A is in B.  KEYS: the key columns, comma-separated.  Prints what
# differs.
same_fields() {
	awk -F, -v keys="$3" -v cols="${4:-.}" '
	FNR == 1 {
		file++
		for (i = 1; i <= NF; i++) { col[file, $i] = i; name[file, i] = $i }
		nf[file] = NF
		nk = split(keys, key, ",")
		next
	}
	{
		k = ""
		for (j = 1; j <= nk; j++) k = k "/" (col[file, key[j]] ? $(col[file, key[j]]) : "")
		if (file == 1) {
			row[k] = $0
			next
		}
		seen[k] = 1
		if (!(k in row)) { print "no source row for " k; bad = 1; next }
		split(row[k], a, ",")
		for (i = 1; i <= NF; i++) {
			n = name[2, i]
			if (n !~ cols) continue
			compared++
			if (!col[1, n]) { print "column " n " not in the source"; bad = 1; continue }
			if (a[col[1, n]] != $i) {
				print k " " n ": " a[col[1, n]] " became " $i; bad = 1
			}
		}
		rows++
	}
	END {
		for (k in row) if (!(k in seen)) { print "row " k " lost"; bad = 1 }
		if (!rows || !compared) { print "no rows"; bad = 1 }
		exit bad
	}' "$1" "$2" >"$T/diff"
	if [ -s "$T/diff" ]; then fail "$1 vs $2: $(head -n 3 "$T/diff")"; else pass; fi
}

# lat_count FILE [rd_|wr_]: how many latency columns (all 24, or the 8
# of the reads or of the writes), and how many rows have a figure in them
lat_count() {
	awk -F, -v re="^${2:-(rd_|wr_)?}lat_" '
	NR == 1 { for (i = 1; i <= NF; i++) if ($i ~ re) c[++n] = i; next }
	{ for (j = 1; j <= n; j++) if ($(c[j]) != "") { full++; break } }
	END { print n + 0, full + 0 }' "$1"
}

RKEY=test,file_kb,record_kb,trial,client
SKEY=label,test,file_kb,record_kb
# summary.csv: the latency fields, short_timing, and the trials behind them
# (cached_pct is a mean of the trials' rounded figures once read back)
SCOLS='^(n|mean|short_timing|(rd_|wr_)?lat_.*)$'

# --- 1. --latency --trials 2 -------------------------------------------------
expect_success "$IOSWEEP" -s 1m -r 64k -i 0 -i 1 --latency --trials 2 --quiet \
	-f "$T/t" --out "$T/o"
check [ "$(lat_count "$T/o/results.csv")" = "24 8" ]
check [ "$(lat_count "$T/o/summary.csv")" = "24 4" ]
expect_success "$IOSWEEP" import "$T/o" --out "$T/i"
check [ "$(lat_count "$T/i/results.csv")" = "24 8" ]
same_fields "$T/o/results.csv" "$T/i/results.csv" "$RKEY"
same_fields "$T/o/summary.csv" "$T/i/summary.csv" "$SKEY" "$SCOLS"

# 2. and 3. need an engine that keeps 4 in flight (io_uring); a note without.
if deep_engine; then
	# --- 2. --iodepth 4 --mix 70: the reads' and the writes' figures --------------
	expect_success "$IOSWEEP" -s 1m -r 4k -i 0 -i 2 --iodepth 4 --mix 70 --trials 2 --quiet \
		-f "$T/t" --out "$T/q"
	check [ "$(lat_count "$T/q/results.csv" rd_)" = "8 2" ]
	check [ "$(lat_count "$T/q/summary.csv" rd_)" = "8 1" ]
	check [ "$(lat_count "$T/q/summary.csv" wr_)" = "8 3" ]
	expect_success "$IOSWEEP" import "$T/q" --out "$T/qi"
	same_fields "$T/q/results.csv" "$T/qi/results.csv" "$RKEY"
	same_fields "$T/q/summary.csv" "$T/qi/summary.csv" "$SKEY" "$SCOLS"
	check [ "$(lat_count "$T/qi/summary.csv" rd_)" = "8 1" ]

	# --- 3. without summary.csv: the trials' figures, no cell figures -------------
	cp -r "$T/q" "$T/q2"
	rm "$T/q2/summary.csv"
	expect_success "$IOSWEEP" import "$T/q2" --out "$T/q2i"
	same_fields "$T/q/results.csv" "$T/q2i/results.csv" "$RKEY"
	check [ "$(lat_count "$T/q2i/summary.csv")" = "24 0" ]
	check [ "$(sed 1d "$T/q2i/summary.csv" | wc -l)" -eq 3 ]
else
	echo "note: no engine keeps more than one I/O in flight: the --iodepth 4 --mix 70 round trips are not tested (built without liburing)"
fi

# --- 4. two folders as trials of one set: neither summary holds ---------------
expect_success "$IOSWEEP" import "$T/o" "$T/o" --out "$T/oo"
check [ "$(lat_count "$T/oo/results.csv")" = "24 16" ]
check [ "$(lat_count "$T/oo/summary.csv")" = "24 0" ]
check [ "$(awk -F, '$2 == "write" { print $5 }' "$T/oo/summary.csv")" = 4 ]

# --- 5. iosweep-mpi, 2 ranks --------------------------------------------------
MPI_BIN=${IOSWEEP_MPI:-}
LAUNCH=${IOSWEEP_MPIRUN:-mpirun}
if [ -z "$MPI_BIN" ] || [ ! -x "$MPI_BIN" ] || ! command -v "$LAUNCH" >/dev/null 2>&1 ||
	! command -v timeout >/dev/null 2>&1; then
	echo "note: no iosweep-mpi in \$IOSWEEP_MPI or no $LAUNCH: the many-clients round trip is not tested"
	finish
fi
mpi_launcher 2
mkdir -p "$T/d"
# shellcheck disable=SC2086
expect_success timeout 120 $MPIRUN "$MPI_BIN" -s 1m -r 64k -i 0 -i 1 --latency --trials 2 \
	--quiet -f "$T/d/m.%r" --out "$T/m"
check [ "$(lat_count "$T/m/results.csv")" = "24 24" ]
expect_success "$IOSWEEP" import "$T/m" --out "$T/mi"
# the cells' "all" rows and each client's rows behind them
check [ "$(awk -F, 'NR > 1' "$T/mi/results.csv" | wc -l)" -eq 24 ]
same_fields "$T/m/results.csv" "$T/mi/results.csv" "$RKEY"
check cmp -s "$T/m/clients.csv" "$T/mi/clients.csv"
same_fields "$T/m/summary.csv" "$T/mi/summary.csv" "$SKEY" "$SCOLS"
# short_timing as the source had it, whether or not the barriers made it so
check [ "$(cut -d, -f2,14 "$T/m/summary.csv")" = "$(cut -d, -f2,14 "$T/mi/summary.csv")" ]
finish
