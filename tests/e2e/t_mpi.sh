#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_mpi.sh: iosweep-mpi under mpirun (issue 17), four ranks on this host.
# The run prints IOzone's layout (the shape of a one-client run of the
# same command) and writes results.csv with, per figure, an "all" row
# and one row per client whose bytes add up to it; with --latency the
# "all" row's histogram is the clients' reduced (count, min, max, mean,
# percentiles checked against the clients' rows, and with
# IOSWEEP_MPI_VERIFY against their pooled histograms), and meta.csv
# records rank 0's peak RSS and reduce time; --reorder-shift 1
# makes client r read the file client r+1 wrote; one rank given an
# unusable path stops every rank at once with exit 2 and a message
# naming it; an I/O error on one rank mid-run ends every rank with exit
# 3 and the finished cells saved (the hang test, in a grid pass and in a
# queue-depth pass); --iodepth, --jobs, --mix, --runtime and
# --precondition aggregate like the grid (ops, bytes, reads, merged
# latency); --stonewall with them or with --latency is refused;
# --stonewall stops a slow rank's passes when the first rank finishes
# (and without it every rank moves its whole file); SIGINT to the ranks
# (raised at a counted write: the fault shim) saves the finished cells
# and ends them with exit 130; two hosts,
# simulated with UTS namespaces, meet the host logic.  Every
# mpirun runs under a timeout, so a hang fails the test instead of
# stalling it.  Skipped without mpirun or without the MPI build
# ($IOSWEEP_MPI, set by make e2e when mpicc is found).
# $IOSWEEP_MPIRUN names another launcher (make check-mpich: mpirun.mpich).
# e2e: alone (its ranks count operations in 300 ms windows)
. "$(dirname "$0")/lib.sh"

mpi_require

mpi_launcher 4
LIMIT=120	# a run; a failure must end every rank well within HANG
HANG=60		# (seconds: mpirun's own start-up takes several on a busy machine)
SHAPE="$TOP/tests/e2e/iozone_shape.awk"
GRID="-a -n 1m -g 8m -r 64k -i 0 -i 1 --trials 2"

mkdir -p "$T/d"
# 1. Four clients: exit 0, IOzone's layout, the figures and the clients.
# shellcheck disable=SC2086
expect_success timeout $LIMIT $MPIRUN "$MPI_BIN" $GRID -f "$T/d/t.%r" --out "$T/o1"
cp "$T/out" "$T/mpi.txt"
# shellcheck disable=SC2086
expect_success "$IOSWEEP" $GRID -f "$T/one" --out "$T/o0"
awk -f "$SHAPE" "$T/out" >"$T/shape.one"
awk -f "$SHAPE" "$T/mpi.txt" >"$T/shape.mpi"
check cmp -s "$T/shape.one" "$T/shape.mpi"
check grep -q '^	Clients: 4 on 1 host, at most 4 ranks per host' "$T/mpi.txt"
check grep -q '^iozone test complete\.$' "$T/mpi.txt"
check test -z "$(ls "$T/d")"
R1="$T/o1/results.csv"
check test -f "$R1"
# Per figure (test, file, record, trial): clients 0..3 each once, their
# bytes summing to the "all" row's, the seconds of every row positive.
check awk -F, '
	NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{
		k = $c["test"] "/" $c["file_kb"] "/" $c["record_kb"] "/" $c["trial"]
		if ($c["seconds"] + 0 <= 0) bad = bad " seconds:" k
		if ($c["client"] == "all") { all[k] = $c["bytes"]; n++; next }
		sum[k] += $c["bytes"]; who[k] = who[k] " " $c["client"]
		if ($c["host"] == "") bad = bad " host:" k
	}
	END {
		for (k in all)
			if (sum[k] != all[k] || who[k] != " 0 1 2 3") bad = bad " " k
		# 4 cells x 4 columns (write rewrite read reread) x 2 trials
		if (n != 32 || bad != "") { print "bad figures:" bad " n=" n; exit 1 }
	}' "$R1"
check grep -q '^clients,4$' "$T/o1/meta.csv"
check test -f "$T/o1/clients.csv"

# --log-interval: every client's rows (client = its rank) add up to its
# sample, and the total row of each interval is the clients' rows of that
# interval summed (bytes, ops), the totals adding up to the "all" sample;
# the totals are reduced in MPI, and IOSWEEP_MPI_VERIFY=1 has rank 0 total
# every client's rows itself and find the same rows
expect_success env IOSWEEP_MPI_VERIFY=1 timeout $LIMIT $MPIRUN "$MPI_BIN" -s 8m -r 64k \
	-i 0 -i 1 --log-interval 10ms -f "$T/d/t.%r" --out "$T/otl"
check grep -q "^iosweep-mpi: IOSWEEP_MPI_VERIFY: [1-9][0-9]* timeline total rows equal" "$T/err"
check awk -F, '
	FNR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; f++; next }
	f == 1 { k = $c["test"] "/" $c["trial"] "/" $c["client"]; res[k] = $c["bytes"]; next }
	{ k = $c["test"] "/" $c["trial"]; kc = k "/" $c["client"]
	  who[k] = who[k] " " $c["client"]
	  if ($c["client"] == "total") {
		tb[kc] += $c["bytes"]; iv[k "@" $c["start_s"]] -= $c["bytes"]
		io[k "@" $c["start_s"]] -= $c["ops"]
	  } else {
		tb[kc] += $c["bytes"]; iv[k "@" $c["start_s"]] += $c["bytes"]
		io[k "@" $c["start_s"]] += $c["ops"]
	  } }
	END {
		for (k in res) {
			kt = k; sub(/all$/, "total", kt)
			if (tb[kt] != res[k]) bad = bad " " k
		}
		for (k in iv) if (iv[k] != 0 || io[k] != 0) bad = bad " interval:" k
		for (k in who) if (who[k] !~ / 0/ || who[k] !~ / 3/ || who[k] !~ /total/) bad = bad " who:" k
		if (length(res) != 20 || bad != "") { print "bad timeline:" bad; exit 1 }
	}' "$T/otl/results.csv" "$T/otl/timeline.csv"

# The "all" row of every figure against its four clients' rows (results.csv):
# ops, bytes and reads (rd_iops x seconds) are the clients' summed; with latency columns (lat=1), for
# all operations and for the reads (rd_) and writes (wr_) apart, the all
# row has figures exactly where some client has, its min and max are the
# clients' least min and greatest max, its mean and percentiles lie in
# between, and its mean times its ops is the clients' (the merged
# histogram holds every client's operations, each weighted by its count).
# -v want=N: the number of figures.
cat >"$T/agg.awk" <<'AWK'
BEGIN { split("lat_ rd_lat_ wr_lat_", pre, " "); nf = split("p50 p90 p99 p999 mean", figs, " ") }
NR == 1 {
	for (i = 1; i <= NF; i++) c[$i] = i
	if (lat && !("lat_min_us" in c)) { print "no latency columns"; nolat = 1; exit 1 }
	next
}
{
	k = $c["test"] "/" $c["file_kb"] "/" $c["record_kb"] "/" $c["trial"]
	rd = sprintf("%.0f", $c["rd_iops"] * $c["seconds"])
	if ($c["client"] == "all") {
		seen[k] = 1; aops[k] = $c["ops"]; abytes[k] = $c["bytes"]; ard[k] = rd
		if (!lat) next
		amean[k] = $c["lat_mean_us"]
		for (d = 1; d <= 3; d++) {
			for (f = 1; f <= nf; f++) av[k, d, f] = $c[pre[d] figs[f] "_us"]
			amin[k, d] = $c[pre[d] "min_us"]; amax[k, d] = $c[pre[d] "max_us"]
		}
		next
	}
	nc[k]++; ops[k] += $c["ops"]; bytes[k] += $c["bytes"]; rds[k] += rd
	if (!lat) next
	if ($c["lat_mean_us"] == "" && $c["ops"] + 0 == 0) next   # idle: see oqr below
	if ($c["lat_mean_us"] == "") { bad = bad " " k ":client" $c["client"] "-no-latency"; next }
	wsum[k] += $c["lat_mean_us"] * $c["ops"]
	for (d = 1; d <= 3; d++) {
		lo = $c[pre[d] "min_us"]; hi = $c[pre[d] "max_us"]
		if (lo == "") continue
		if (!((k, d) in cmin) || lo + 0 < cmin[k, d]) cmin[k, d] = lo + 0
		if (!((k, d) in cmax) || hi + 0 > cmax[k, d]) cmax[k, d] = hi + 0
	}
}
END {
	if (nolat) exit 1
	for (k in seen) {
		n++
		if (nc[k] != 4) bad = bad " " k ":clients=" nc[k]
		if (ops[k] != aops[k] || ops[k] <= 0) bad = bad " " k ":ops"
		if (bytes[k] != abytes[k]) bad = bad " " k ":bytes"
		if (rds[k] != ard[k]) bad = bad " " k ":reads"
		if (!lat) continue
		diff = amean[k] * aops[k] - wsum[k]
		if (diff < 0) diff = -diff
		if (diff > 0.002 * aops[k] + 0.01) bad = bad " " k ":mean"
		if (!((k, 1) in cmin)) bad = bad " " k ":no-lat"
		for (d = 1; d <= 3; d++) {
			has = (k, d) in cmin
			if (has != (amin[k, d] != "")) { bad = bad " " k ":" pre[d] "presence"; continue }
			if (!has) continue
			if (amin[k, d] + 0 != cmin[k, d]) bad = bad " " k ":" pre[d] "min"
			if (amax[k, d] + 0 != cmax[k, d]) bad = bad " " k ":" pre[d] "max"
			for (f = 1; f <= nf; f++)
				if (av[k, d, f] + 0 < cmin[k, d] || av[k, d, f] + 0 > cmax[k, d])
					bad = bad " " k ":" pre[d] figs[f]
		}
	}
	if (n != want || bad != "") { print "figures " n " (want " want "):" bad; exit 1 }
}
AWK
check awk -F, -v want=32 -f "$T/agg.awk" "$R1"

# 1b. --latency: each client times its own operations; the clients'
# histograms are reduced into the figure's.  Checked on results.csv
# (above) and on the text report: its latency table counts, per test and
# file, the clients' operations of every trial.  IOSWEEP_MPI_VERIFY=1
# also pools every client's histograms at rank 0 and finds each of the
# 16 reduced figures (2 files x 4 tests x 2 trials) equal to its pool,
# bucket for bucket, and so in every percentile.
# shellcheck disable=SC2086
expect_success env IOSWEEP_MPI_VERIFY=1 timeout $LIMIT $MPIRUN "$MPI_BIN" -a -n 1m -g 2m \
	-r 64k -i 0 -i 1 --trials 2 --latency -f "$T/d/l.%r" --out "$T/ol"
cp "$T/out" "$T/ol.txt"
check grep -q "^iosweep-mpi: IOSWEEP_MPI_VERIFY: 16 reduced figures equal to the pooled clients'$" \
	"$T/err"
# what the reduction cost rank 0: its peak RSS and the reduce phase's time
for o in o1 ol; do
	check awk -F, '$1 == "rank0_peak_rss_kb" && $2 ~ /^[0-9]+$/ && $2 > 1000 { r = 1 }
		$1 == "clients_reduce_s" && $2 ~ /^[0-9]+[.][0-9]+$/ { t = 1 }
		END { exit !(r && t) }' "$T/$o/meta.csv"
done
check awk -F, -v want=16 -v lat=1 -f "$T/agg.awk" "$T/ol/results.csv"
check awk '
	FNR == NR {
		if (FNR == 1) { for (i = 1; i <= split($0, h, ","); i++) c[h[i]] = i; next }
		split($0, f, ",")
		if (f[c["client"]] != "all") sum[f[c["test"]] "/" f[c["file_kb"]]] += f[c["ops"]]
		next
	}
	/^Latency per operation/ { on = 1; next }
	on && NF == 12 && $1 != "test" {
		rows++
		if ($4 != sum[$1 "/" $2] || $4 != $2 / 64 * 4 * 2) bad = bad " " $1 "/" $2 ":" $4
	}
	END { if (rows != 8 || bad != "") { print rows " rows" bad; exit 1 } }' \
	"$T/ol/results.csv" "$T/ol.txt"
check test -z "$(ls "$T/d")"
# the stonewalled loop times no operation (its timeline samples): refused
# with --latency
# shellcheck disable=SC2086
expect_failure 2 timeout $HANG $MPIRUN "$MPI_BIN" -s 1m -r 64k -i 0 --latency \
	--stonewall -f "$T/d/l.%r" --out "$T/olw"
check grep -q -- '--stonewall and --latency: ' "$T/err"
check test ! -e "$T/olw"
# -U: the clients share the host's mounts; refused before anything runs
# shellcheck disable=SC2086
expect_failure 2 timeout $HANG $MPIRUN "$MPI_BIN" -s 1m -r 64k -i 0 -i 1 \
	-U "$T" -f "$T/d/u.%r" --out "$T/ou"
check grep -q -- '-U: not available with iosweep-mpi: .*use --cold$' "$T/err"
check test ! -e "$T/ou"

# 2. --reorder-shift 1: client r reads what client (r+1) mod 4 wrote.
# shellcheck disable=SC2086
expect_success timeout $LIMIT $MPIRUN "$MPI_BIN" $GRID -f "$T/d/t.%r" --out "$T/o2" \
	--reorder --reorder-shift 1
check awk -F, '
	NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["client"] == "all" { next }
	{
		t = $c["test"]; r = $c["client"]; w = $c["writer"]
		if (t == "read" || t == "reread") { reads++; if (w != (r + 1) % 4) bad++ }
		else if (w != r) bad++
	}
	END { if (reads != 64 || bad) { print "reads " reads " wrong " bad; exit 1 } }' \
	"$T/o2/results.csv"

# 3. Rank 2's directory does not exist: all stop before any I/O.
mkdir -p "$T/r0" "$T/r1" "$T/r3"
# shellcheck disable=SC2086
expect_failure 2 timeout $HANG $MPIRUN "$MPI_BIN" $GRID -f "$T/r%r/t" --out "$T/o3"
check grep -q "rank 2 on host .*: .*'$T/r2'" "$T/err"
check test "$(grep -c 'rank 2' "$T/err")" -eq 1
check test ! -e "$T/o3"
check test -z "$(find "$T/r0" "$T/r1" "$T/r3" -type f)"

# 3b. Queue depth, workers and mixes (issue 16): qd.c's passes meet at the
# same barriers as the grid's.  Per figure the all row is the four
# clients' ops, bytes and reads summed (agg.awk) and their latency
# histograms merged, reads and writes apart; meta.csv's inflight_max is
# the depth (each worker fills its slots before it reaps).
# shellcheck disable=SC2086
expect_success timeout $LIMIT $MPIRUN "$MPI_BIN" -s 1m -r 4k -i 0 -i 1 -i 2 \
	--iodepth 4 -f "$T/d/q.%r" --out "$T/oq"
check awk -F, -v want=6 -v lat=1 -f "$T/agg.awk" "$T/oq/results.csv"
check grep -q '^inflight_max,4$' "$T/oq/meta.csv"
check grep -q '^workload,engine=[a-z_]* iodepth=4 jobs=1$' "$T/oq/meta.csv"
# --mix 70 with two workers per client and --precondition (its passes
# are untimed and may differ in number between clients: no barriers)
# shellcheck disable=SC2086
expect_success timeout $LIMIT $MPIRUN "$MPI_BIN" -s 1m -r 4k -i 0 -i 2 --mix 70 \
	--iodepth 4 --jobs 2 --precondition --trials 2 -f "$T/d/q.%r" --out "$T/oqm"
check awk -F, -v want=6 -v lat=1 -f "$T/agg.awk" "$T/oqm/results.csv"
check grep -q '^inflight_max,4$' "$T/oqm/meta.csv"
# the mix's rows hold reads and writes, each with its own latency; its
# reads are the ones the fixed seeds choose (mix_reads: 2 workers of 128
# operations), in every client, 4 times that in the all row
want=$(mix_reads 2 128 70)
check awk -F, -v want="$want" '
	NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["test"] == "random mix" {
		n++
		rd = sprintf("%.0f", $c["rd_iops"] * $c["seconds"])
		if (rd != ($c["client"] == "all" ? 4 * want : want) || $c["ops"] != ($c["client"] == "all" ? 1024 : 256) ||
		    $c["rd_lat_p50_us"] == "" || $c["wr_lat_p50_us"] == "") { bad++; print $c["client"] ": " rd " reads of " $c["ops"] }
	}
	END { if (n != 10 || bad) { print n " mix rows, " bad " bad (want " want " reads a client)"; exit 1 } }' \
	"$T/oqm/results.csv"
# --runtime: each client runs its own 300 ms after the common barrier;
# every row's time is the runtime, the all row's ops are the clients'
# shellcheck disable=SC2086
expect_success timeout $LIMIT $MPIRUN "$MPI_BIN" -s 1m -r 4k -i 0 --runtime 300ms \
	--iodepth 2 -f "$T/d/q.%r" --out "$T/oqr"
cp "$T/out" "$T/oqr.txt"
check awk -F, -v want=2 -v lat=1 -f "$T/agg.awk" "$T/oqr/results.csv"
# a client may complete nothing in its 300 ms (four ranks on two cores
# under an MPI that busy-polls its barriers, as MPICH does): it has no
# latency, and the figure summing the clients is flagged short_timing
check awk -F, '
	FNR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; f++; next }
	f == 1 && $c["client"] != "all" && $c["ops"] + 0 == 0 { idle[$c["test"]] = 1 }
	f == 2 && ($c["test"] in idle) && $c["short_timing"] != 1 { bad = bad " " $c["test"] }
	END { if (bad != "") { print "idle client, not flagged:" bad; exit 1 } }' \
	"$T/oqr/results.csv" "$T/oqr/summary.csv"
check awk -F, '
	NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ n++; if ($c["seconds"] != "0.300000000") bad++ }
	END { if (n != 10 || bad) { print n " rows, " bad " not 0.3 s"; exit 1 } }' \
	"$T/oqr/results.csv"
check grep -q '^	Clients: 4 .*the runtime, each client counting its own window' "$T/oqr.txt"
check test -z "$(ls "$T/d")"
# stonewalling is the grid's: refused with queue depth
# shellcheck disable=SC2086
expect_failure 2 timeout $HANG $MPIRUN "$MPI_BIN" -s 64 -r 4 -i 0 --iodepth 4 \
	--stonewall -f "$T/d/q.%r" --out "$T/oqs"
check grep -q -- '--stonewall and --iodepth: stonewalling ends the sweep grid' "$T/err"
check test ! -e "$T/oqs"

# 4. EIO on rank 2's file in the third cell: every rank ends (exit 3),
# the message names rank 2, rank 0 saved the two finished cells.
if [ -n "${FAULTSHIM:-}" ] && [ -f "$FAULTSHIM" ]; then
	asan=$(ldd "$MPI_BIN" 2>/dev/null | awk '/libasan/ { print $3; exit }')
	# 1 MiB and 2 MiB cells, two write passes each: 96 writes of 64 kB
	# shellcheck disable=SC2086
	expect_failure 3 env LD_PRELOAD="${asan:+$asan }$FAULTSHIM" \
		FAULTSHIM_PATH="$T/d/t.2" FAULTSHIM_FAIL=write:120:EIO \
		timeout $HANG $MPIRUN "$MPI_BIN" -a -n 1m -g 8m -r 64k -i 0 -i 1 \
		-f "$T/d/t.%r" --out "$T/o4"
	check grep -q "rank 2 on host .*cannot write '$T/d/t.2': Input/output error (cell 4096 kB" "$T/err"
	check grep -q '^status,"failed: rank 2 on host' "$T/o4/meta.csv"
	check test "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["client"] == "all"' "$T/o4/results.csv" | wc -l)" -eq 8
	check test -z "$(ls "$T/d")"

	# 4b. The same inside a queue-depth pass (--jobs 2: two workers, the
	# depth-1 engine's pwrite): rank 2's workers fail mid-pass, every
	# rank stops at its next barrier, the two finished cells are saved.
	# shellcheck disable=SC2086
	expect_failure 3 env LD_PRELOAD="${asan:+$asan }$FAULTSHIM" \
		FAULTSHIM_PATH="$T/d/j.2" FAULTSHIM_FAIL=pwrite:120:EIO \
		timeout $HANG $MPIRUN "$MPI_BIN" -a -n 1m -g 4m -r 64k -i 0 -i 1 \
		--jobs 2 -f "$T/d/j.%r" --out "$T/o4j"
	check grep -q "rank 2 on host .*cannot write '$T/d/j.2' at offset [0-9]* (sync, depth 1): Input/output error (cell 4096 kB" "$T/err"
	check test "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["client"] == "all"' "$T/o4j/results.csv" | wc -l)" -eq 8
	check test -z "$(ls "$T/d")"

	# 5. --stonewall: rank 3's writes sleep 5 ms each (64 records: 0.3 s
	# a pass), the others' take milliseconds.  Without it rank 3 still
	# writes its whole file; with it rank 3's write passes end when the
	# first rank finishes, short of 4 MiB, the first rank's pass is whole,
	# the bytes still add up, and the file rank 3 is left with (-w) is
	# whole: the rest was written untimed, so its reads found 4 MiB.
	for mode in off on; do
		wall=; [ $mode = on ] && wall="--stonewall --log-interval 10ms"
		# shellcheck disable=SC2086
		expect_success env LD_PRELOAD="${asan:+$asan }$FAULTSHIM" \
			FAULTSHIM_PATH="$T/d/s.3" FAULTSHIM_SLOW=write:5 \
			timeout $LIMIT $MPIRUN "$MPI_BIN" -s 4m -r 64k -i 0 -i 1 -w \
			$wall -f "$T/d/s.%r" --out "$T/o5$mode"
		cp "$T/out" "$T/o5$mode.txt"
		if awk -F, -v mode=$mode '
			NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
			{ k = $c["test"] }
			$c["client"] == "all" { all[k] = $c["bytes"]; next }
			{
				sum[k] += $c["bytes"]
				if ($c["bytes"] == 4194304) whole[k]++
				if ($c["bytes"] % 65536) bad = bad " " k ":unaligned"
				if ($c["client"] == 3) slow[k] = $c["bytes"]
			}
			END {
				for (k in all) {
					if (sum[k] != all[k] || !whole[k]) bad = bad " " k
					if (k ~ /write/ && mode == "off" && slow[k] != 4194304) bad = bad " " k ":cut"
					if (k ~ /write/ && mode == "on" && slow[k] >= 4194304) bad = bad " " k ":whole"
				}
				if (bad != "") { print mode ":" bad; exit 1 }
			}' "$T/o5$mode/results.csv" >"$T/o5$mode.awk" 2>&1
		then pass; else fail "stonewall $mode: $(cat "$T/o5$mode.awk")"; fi
		check test "$(wc -c <"$T/d/s.3")" -eq 4194304
		rm -f "$T"/d/s.*
	done
	check grep -q '^flags,stonewall$' "$T/o5on/meta.csv"
	# with --log-interval: each client's rows add up to its own bytes,
	# rank 3's cut writes too (its rows end where it was stonewalled)
	awk -F, 'NR == 1 { next } $7 != "total" { print $3 "/" $7, $10 }' \
		"$T/o5on/timeline.csv" | awk '{ b[$1] += $2 } END { for (k in b) print k, b[k] }' |
		sort > "$T/o5tl"
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["client"] != "all" { print $c["test"] "/" $c["client"], $c["bytes"] }' \
		"$T/o5on/results.csv" | sort > "$T/o5res"
	check cmp -s "$T/o5tl" "$T/o5res"
	check test "$(wc -l < "$T/o5res")" -eq 16
	check grep -q '^	Stonewalling: each pass ends on every client' "$T/o5on.txt"
	check test "$(grep -c Stonewalling "$T/o5off.txt")" -eq 0

	# 6. Interrupted in the third cell: every rank raises SIGINT on itself
	# as its 100th write begins (the fault shim; 64 kB records, cells of
	# 1, 2 and 4 MiB: 32 and 64 writes before it), as a launcher forwards
	# Ctrl-C to every rank.  Every rank stops, rank 0 saves the two
	# finished cells (an "all" row per column), the status says
	# interrupted, the ranks exit 130 and the launcher with them, no test
	# file is left.
	ROW='^ *[0-9][0-9]* *[0-9][0-9]* *[0-9]'
	env LD_PRELOAD="${asan:+$asan }$FAULTSHIM" FAULTSHIM_SIGNAL="write:100:INT@$T/d/c." \
		timeout $LIMIT $MPIRUN "$MPI_BIN" -a -n 1m \
		-g 64m -r 64k -i 0 -i 1 -f "$T/d/c.%r" --out "$T/o7" \
		>"$T/o7.txt" 2>"$T/o7.err"
	check test $? -eq 130
	check test "$(grep -c "$ROW" "$T/o7.txt")" -eq 2
	check grep -q '^status,"interrupted: rank [0-3] on host .*: interrupted in cell 4096 kB / 64 kB, test write (SIGINT)"$' "$T/o7/meta.csv"
	check grep -qx "iosweep: results of the finished cells in $T/o7/" "$T/o7.err"
	check test "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["client"] == "all" && $c["partial"] == 0' "$T/o7/results.csv" | wc -l)" -eq 8
	check test -z "$(ls "$T/d")"
fi

# 7. Two hosts, simulated: each rank runs in a UTS namespace of its own
# (unshare -u, as root) named node<rank / per-host>, so the host logic
# meets real host names: the header and meta count 2 hosts, every
# client's row names its host, --reorder's default shift is the ranks
# per host (client r reads the file of client r + 2, on the other
# host), -f with %h but no %r is refused when a host runs two ranks and
# accepted when each runs one.
cat >"$T/as-host" <<'EOF'
#!/bin/sh
r=${OMPI_COMM_WORLD_RANK:-${PMI_RANK:-0}}
exec unshare -u sh -c 'hostname "node$1" && shift && exec "$@"' sh $((r / PER_HOST)) "$@"
EOF
chmod +x "$T/as-host"
if PER_HOST=1 OMPI_COMM_WORLD_RANK=0 "$T/as-host" hostname 2>/dev/null | grep -qx node0; then
	# shellcheck disable=SC2086
	expect_success env PER_HOST=2 timeout $LIMIT $MPIRUN "$T/as-host" "$MPI_BIN" \
		-s 1m -r 64k -i 0 -i 1 -f "$T/d/%h-%r" --reorder --out "$T/o8"
	check grep -q '^	Clients: 4 on 2 hosts, at most 2 ranks per host' "$T/out"
	check grep -q '^hosts,2$' "$T/o8/meta.csv"
	check awk -F, '
		NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["client"] == "all" { next }
		{
			r = $c["client"]; n++
			if ($c["host"] != "node" int(r / 2)) bad++
			w = ($c["test"] ~ /read/) ? (r + 2) % 4 : r
			if ($c["writer"] != w) bad++
		}
		END { if (n != 16 || bad) { print n " rows, " bad " wrong"; exit 1 } }' \
		"$T/o8/results.csv"
	expect_failure 2 env PER_HOST=2 timeout $HANG $MPIRUN "$T/as-host" "$MPI_BIN" \
		-s 1m -r 64k -i 0 -f "$T/d/%h" --out "$T/o8b"
	check grep -q "clients on one host would share a file; put %r" "$T/err"
	MPIRUN2=$(echo "$MPIRUN" | sed 's/-np 4/-np 2/')
	expect_success env PER_HOST=1 timeout $LIMIT $MPIRUN2 "$T/as-host" "$MPI_BIN" \
		-s 1m -r 64k -i 0 -w -f "$T/d/%h" --out "$T/o8c"
	check test -f "$T/d/node0" -a -f "$T/d/node1"
	rm -f "$T"/d/node*
else
	echo "note: cannot name a UTS namespace (unshare -u needs root): two-host case skipped"
fi

# 8. --stonewall without MPI: refused, naming the option.
expect_failure 2 "$IOSWEEP" -s 64k -r 4k -i 0 --stonewall -f "$T/d/plain"
check grep -q -- '--stonewall: needs several clients' "$T/err"

# each client writes a pattern of its own: the four clients' kept files
# share no aligned block of 512 B to 1 MiB (a deduplicating box would
# store four clients' files as one)
mkdir -p "$T/dd"
expect_success timeout $LIMIT $MPIRUN "$MPI_BIN" -s 4m -r 4k -i 0 -w -f "$T/dd/t.%r" \
	--out "$T/odd"
check test "$(find "$T/dd" -type f | wc -l)" -eq 4
all_distinct "four clients' files" "$T"/dd/t.*
rm -rf "$T/dd"
finish
