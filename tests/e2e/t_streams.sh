#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_streams.sh: `iosweep streams`.  Bad options: one line naming the
# option, exit 2, nothing written.  A short run (2 streams of 8 MB/s in
# chunks of 800,000 bytes, 10 a second for 1 s) moves every chunk of every
# stream, writes streams.csv (a row per stream, the header as documented)
# and meta.csv, and leaves no stream file behind; --mix makes the second
# stream a writer; --aligned is recorded in meta.csv (the default, 0:
# the streams' slots spread over a period); --background runs a writer
# alongside.  On a disk that reads 20 MB/s (scripts/nas-sim's throttle, a
# loop-mounted ext4; root only): six streams of 5 MB/s (30 MB/s) must miss deadlines, and
# --max-streams says at most four kept every deadline (five need 25 MB/s).
# Timing is asserted only where the throttle makes it certain.
. "$(dirname "$0")/lib.sh"

S="$T/s"
mkdir -p "$S"

# ---- bad input
for bad in "--streams 2" "--rate fast" "--rate 8MB --streams 0" "--rate 8MB --write --mix" \
	   "--rate 8MB --time 5ms" "--rate 8MB --fps 0" "--rate 8MB --streams 2 --max-streams 3" \
	   "--rate 8MB extra"; do
	# shellcheck disable=SC2086
	expect_failure 2 "$IOSWEEP" streams $bad --dir "$S" --out "$T/bad"
	check one_line_error
	check test ! -e "$T/bad"
done
check test -z "$(ls "$S")"
expect_failure 2 "$IOSWEEP" streams --rate 8MB --bogus --dir "$S"
check grep -q "unknown option '--bogus'" "$T/err"
expect_success "$IOSWEEP" streams --help
check grep -q '^usage: iosweep streams --rate RATE \[--streams N | --max-streams N\] \[OPTIONS\]' "$T/out"

# ---- a short run: every chunk, the CSV, no file left
expect_success "$IOSWEEP" streams --rate 8MB --streams 2 --fps 10 --time 1s --mix \
	--dir "$S" --out "$T/o"
check grep -q '^iosweep streams: 2 streams reading and writing 8MB (8.0 MB/s) each, 10 chunks/s' "$T/out"
check grep -q '^2 streams: ' "$T/out"
check test "$(head -n 1 "$T/o/streams.csv")" = "streams,stream,mode,rate_bytes_per_s,fps,chunk_bytes,chunks,missed,worst_late_ms,first_miss_s,lat_mean_ms,lat_p50_ms,lat_p99_ms,lat_p999_ms,lat_max_ms,mb_per_s,background_mb_per_s"
check test "$(awk -F, 'NR > 1 { print $1 "/" $2 "/" $3 "/" $4 "/" $6 "/" $7 }' "$T/o/streams.csv" | tr '\n' ' ')" = "2/1/read/8000000/800000/10 2/2/write/8000000/800000/10 "
# a stream's rate is its bytes over its span, which lasts at least its
# chunks' slots: never above the asked rate (a loaded machine may make it
# lower, so only that it moved something is asserted below it)
check all_between 0.001 8.001 $(awk -F, 'NR > 1 { print $16 }' "$T/o/streams.csv")
check grep -q '^tool,iosweep streams$' "$T/o/meta.csv"
check grep -q '^mode,mix$' "$T/o/meta.csv"
check grep -q '^rate_bytes_per_s,8000000$' "$T/o/meta.csv"
check grep -q '^aligned,0$' "$T/o/meta.csv"
check test -z "$(ls "$S")"
# --aligned: every stream's slots at the same instants, and said so
expect_success "$IOSWEEP" streams --rate 8MB --streams 2 --fps 10 --time 500ms --aligned \
	--dir "$S" --out "$T/al"
check grep -q '^aligned,1$' "$T/al/meta.csv"
check test "$(awk -F, 'NR > 1' "$T/al/streams.csv" | wc -l)" -eq 2
check test -z "$(ls "$S")"
# the same folder again: refused without --overwrite, nothing changed
cp "$T/o/streams.csv" "$T/kept.csv"
expect_failure 2 "$IOSWEEP" streams --rate 8MB --fps 10 --time 1s --dir "$S" --out "$T/o"
check cmp -s "$T/o/streams.csv" "$T/kept.csv"
check grep -q "exists already" "$T/err"
# a backup writing alongside: its rate is recorded
expect_success "$IOSWEEP" streams --rate 4MB --fps 10 --time 1s --background \
	--background-size 16m --dir "$S" --out "$T/bg"
check grep -q '^  background writer: ' "$T/out"
check all_between 0 1000000 $(awk -F, 'NR > 1 { print $17 }' "$T/bg/streams.csv")
check test -z "$(ls "$S")"

# ---- Ctrl-C: the streams stop at their next chunk, their files are removed,
# nothing is written, the status is 130
"$IOSWEEP" streams --rate 200kB --streams 2 --fps 10 --time 60s --dir "$S" --out "$T/int" \
	>"$T/out" 2>"$T/err" &
pid=$!
wait_until "$pid" test -e "$S/iosweep-stream-1.tmp"
sleep 1
kill -INT "$pid"
wait "$pid"
RC=$?
check test "$RC" -eq 130
check test -z "$(ls "$S")"
check test ! -e "$T/int/streams.csv"
check test ! -e "$T/int/meta.csv"

# ---- the card answers from measured streams, and says which it estimated
expect_success "$IOSWEEP" streams --rate 4MB --streams 2 --fps 10 --time 1s --dir "$S" \
	--out "$T/rd"
printf 'stream | two readers | read | 4MB | 2 | -\nstream | two at 5MB | read | 5MB | 2 | -\n' \
	> "$T/w.workloads"
expect_success "$IOSWEEP" card "$T/rd" --workloads "$T/w.workloads"
check grep -q '^Will it work? (measured where iosweep streams ran, else estimated from' "$T/out"
check grep -q '^  two readers .* \(yes\|no\), measured: 2 streams \(kept every deadline\|missed\)' "$T/out"
check grep -q '^  two at 5MB .* cannot tell: no sustained read figure' "$T/out"

# ---- on a disk that reads 20 MB/s
if [ "$(id -u)" -ne 0 ] || ! command -v mkfs.ext4 >/dev/null 2>&1; then
	echo "note: the throttled case needs root and mkfs.ext4"
	finish
fi
MNT="$T/mnt"
mkdir -p "$MNT"
dd if=/dev/zero of="$T/img" bs=1M seek=300 count=0 2>/dev/null
if ! mkfs.ext4 -q -F "$T/img" >/dev/null 2>&1 || ! mount -o loop "$T/img" "$MNT" 2>/dev/null; then
	echo "note: cannot loop-mount an image here: the throttled case is left out"
	finish
fi
MOUNTS="$MOUNTS $MNT"
run sh "$TOP/scripts/nas-sim" --read-bw 20M --dir "$MNT" -- \
	"$IOSWEEP" streams --rate 5MB --streams 6 --fps 10 --time 2s --dir "$MNT" --out "$T/six"
if [ "$RC" -eq 77 ]; then
	echo "note: nas-sim cannot throttle here: $(tail -n 1 "$T/err")"
	finish
fi
check test "$RC" -eq 0
check grep -q '^6 streams: [1-6] missed ' "$T/out"
check test "$(awk -F, 'NR > 1 { m += $8 } END { print m + 0 }' "$T/six/streams.csv")" -gt 0
run sh "$TOP/scripts/nas-sim" --read-bw 20M --dir "$MNT" -- \
	"$IOSWEEP" streams --rate 5MB --max-streams 6 --fps 10 --time 2s --dir "$MNT" --out "$T/max"
check test "$RC" -eq 0
best=$(sed -n 's/^max_streams_ok,//p' "$T/max/meta.csv")
check test -n "$best"
check test "${best:-9}" -le 4
check test -z "$(ls "$MNT" | grep iosweep-stream)"
finish
