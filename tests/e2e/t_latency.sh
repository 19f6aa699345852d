#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_latency.sh: --latency and -Q on real files.
#  - results.csv and summary.csv gain the eight lat_* columns (only with
#    --latency); in every full row min <= p50 <= p90 <= p99 <= p99.9 <= max,
#    mean within [min, max], and mean x ops never above the timed region
#    (2% for the rounding of the mean; one value per record, inside the
#    region); how near below it comes is the machine's
#    (tests/timing/t_rates.sh);
#  - the report has a latency section with a row per cell and test, that
#    the importer reads past;
#  - -e: the final fsync is timed but in no operation: mean x ops <= seconds,
#    and with the fault shim slowing fsync by 200 ms, seconds - mean x ops
#    holds that fsync (at least 0.2 s);
#  - -Q writes IOzone's wol.dat, rwol.dat, rol.dat, rrol.dat in the current
#    directory (header, "offset latency size" rows, the time line), refuses
#    to clobber them without --overwrite;
#  - the 4 kB O_DIRECT read latency against fio's: make check-timing
#    (tests/timing/t_fio_latency.sh).
. "$(dirname "$0")/lib.sh"

# The full rows of a results.csv (columns found by name) against the
# rules above: prints a "bad: <why>" line for each break, nothing when
# fine.  $2 is the tolerance of mean x ops against seconds (0: only <=).
check_rows() {
	awk -F, -v tol="$2" '
	NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$(c["partial"]) == 1 { next }
	{
		mn = $(c["lat_min_us"]); me = $(c["lat_mean_us"]); mx = $(c["lat_max_us"])
		p50 = $(c["lat_p50_us"]); p90 = $(c["lat_p90_us"])
		p99 = $(c["lat_p99_us"]); p999 = $(c["lat_p999_us"])
		if (mn == "" || me == "") { print "bad: no latency in row " NR; next }
		if (!(mn > 0 && mn <= p50 && p50 <= p90 && p90 <= p99 && p99 <= p999 && p999 <= mx))
			print "bad: order in row " NR ": " mn, p50, p90, p99, p999, mx
		if (!(me >= mn && me <= mx))
			print "bad: mean " me " outside [" mn ", " mx "] in row " NR
		if ($(c["lat_sd_us"]) < 0)
			print "bad: sd < 0 in row " NR
		tot = me * $(c["ops"]) / 1e6; s = $(c["seconds"])
		if (tol > 0 && tot > s * (1 + tol))
			print "bad: " $(c["test"]) ": mean x ops " tot " s > timed " s " s"
		if (tol == 0 && tot > s * 1.0001)
			print "bad: " $(c["test"]) ": mean x ops " tot " s > timed " s " s"
		n++
	}
	END {
		if (n == 0) print "bad: no rows"
	}' "$1"
}

# ---- --latency: CSV columns and the rules every row keeps ----
expect_success "$IOSWEEP" -s 1m -r 4k -r 64k -i 0 -i 1 -i 2 -i 3 -i 4 -i 5 -i 6 -i 7 \
	--latency --trials 2 --quiet -f "$T/t" --out "$T/o1"
cp "$T/out" "$T/report1"
check grep -q 'lat_min_us,lat_mean_us,lat_max_us,lat_sd_us,lat_p50_us,lat_p90_us,lat_p99_us,lat_p999_us,rd_lat_min_us,' "$T/o1/results.csv"
check grep -q 'lat_min_us,lat_mean_us,lat_max_us,lat_sd_us,lat_p50_us,lat_p90_us,lat_p99_us,lat_p999_us,rd_lat_min_us,' "$T/o1/summary.csv"
check_rows "$T/o1/results.csv" 0.02 >"$T/bad"
check test ! -s "$T/bad"
cat "$T/bad"
# summary: one row per (test, cell), every latency field filled
check test "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "lat_p999_us") L = i; next } $L != "" && $L > 0' "$T/o1/summary.csv" | wc -l)" -eq 26
# the report: a section with one row per cell and test, after the trailer
check grep -q '^Latency per operation, microseconds (trials merged)$' "$T/report1"
check test "$(sed -n '/^Latency per operation/,$p' "$T/report1" |
	grep -c '^[a-z].*  *1024  *[46][4 ] ')" -eq 26
check test "$(grep -n 'iozone test complete' "$T/report1" | cut -d: -f1)" -lt \
	"$(grep -n '^Latency per operation' "$T/report1" | cut -d: -f1)"
# the importer reads the report past the latency section
expect_success "$IOSWEEP" import "$T/report1" --out "$T/imp"
check test "$(awk -F, 'NR > 1' "$T/imp/summary.csv" | wc -l)" -eq 26

# without --latency: no columns, no section
expect_success "$IOSWEEP" -s 256k -r 64k -i 0 -i 1 --quiet -f "$T/t" --out "$T/o0"
check test "$(grep -c lat_ "$T/o0/results.csv")" -eq 0
check test "$(grep -c lat_ "$T/o0/summary.csv")" -eq 0
check test "$(grep -c '^Latency per operation' "$T/out")" -eq 0

# -e: the fsync is timed but in no op, so mean x ops stays within the region
expect_success "$IOSWEEP" -s 4m -r 64k -i 0 -e --latency --quiet -f "$T/t" --out "$T/oe"
check_rows "$T/oe/results.csv" 0 >"$T/bad"
check test ! -s "$T/bad"
cat "$T/bad"
# ...and that it is there: with the fault shim making every fsync of the
# file sleep 200 ms, the region exceeds the ops by at least 0.2 s (a
# region without the fsync fails; by how much more: t_rates.sh)
if [ -n "${FAULTSHIM:-}" ] && [ -f "$FAULTSHIM" ]; then
	asan=$(ldd "$IOSWEEP" 2>/dev/null | awk '/libasan/ { print $3; exit }')
	run env LD_PRELOAD="${asan:+$asan }$FAULTSHIM" FAULTSHIM_PATH="$T/t" \
		FAULTSHIM_SLOW=fsync:200 "$IOSWEEP" -s 1m -r 64k -i 0 -e --latency --quiet \
		-f "$T/t" --out "$T/oes"
	check test "$RC" -eq 0
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ print $(c["test"]), $(c["seconds"]), $(c["lat_mean_us"]) * $(c["ops"]) / 1e6 }' \
		"$T/oes/results.csv" >"$T/oes.txt"
	sed 's/^/-e, fsync slowed 200 ms: timed, mean x ops: /' "$T/oes.txt"
	check test "$(wc -l <"$T/oes.txt")" -eq 2
	check awk '{ d = $2 - $3; if (!(d >= 0.2)) bad++ } END { exit bad > 0 }' "$T/oes.txt"
else
	echo "note: no fault shim in \$FAULTSHIM: the -e region is not checked for its fsync"
fi

# ---- -Q: IOzone's offset/latency files in the current directory ----
mkdir "$T/q" && cd "$T/q" || exit 1
expect_success "$IOSWEEP" -s 256k -r 64k -i 0 -i 1 -Q --quiet -f "$T/t" --out "$T/oq"
for f in wol.dat rwol.dat rol.dat rrol.dat; do
	check test -s "$f"
	check test "$(head -n 1 "$f")" = "Offset in kBytes   Latency in microseconds  Transfer size in bytes"
	# four records of 64 kB: offsets 0 64 128 192, IOzone's widths
	check test "$(awk 'NR > 1 && NF == 3 { printf "%s,", $1 }' "$f")" = "0,64,128,192,"
	check test "$(awk 'NR > 1 && NF == 3 && length($0) == 32 && $3 == 65536' "$f" | wc -l)" -eq 4
	check grep -q '^System time  *[0-9.]* User time  *[0-9.]* Real  *[0-9.]*  (seconds)$' "$f"
done
# -Q implies --latency
check grep -q lat_p999_us "$T/oq/summary.csv"
# refuses to clobber them, before any output; --overwrite replaces them
expect_failure 3 "$IOSWEEP" -s 256k -r 64k -i 0 -Q --quiet -f "$T/t" --out "$T/oq2"
check grep -q "'wol.dat' exists already" "$T/err"
check test ! -s "$T/out"
expect_success "$IOSWEEP" -s 512k -r 64k -i 0 -Q --overwrite --quiet -f "$T/t" --out "$T/oq3"
check test "$(awk 'NR > 1 && NF == 3' wol.dat | wc -l)" -eq 8
check test "$(ls ./*.tmp.* 2>/dev/null | wc -l)" -eq 0
cd "$T" || exit 1

finish
