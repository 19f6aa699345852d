#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_adaptive.sh: --ci (adaptive trials), -g auto and --until-settled on the
# real binary.  Quiet cells (every I/O call slowed to 100 ms by the fault
# shim, so each pass takes ~0.8 s; on this shared machine the sleeps still
# vary by 3-4 % from pass to pass, hence a 30 % target that three trials
# meet with room to spare) stop at 3 trials; on ordinary
# small cells, whatever the machine's noise, every cell that stopped early
# is within the target, every cell that did not ran the maximum and is
# listed in the report.  -g auto's largest file is the first size of the
# -n series at least twice MemTotal; --until-settled with no cliff adds
# nothing and says why; with --settle-drop it grows the files (writes
# slowed to 50 ms a call by the shim, so each size takes twice the time
# of the one before) and stops before the size that would end past
# --settle-time.
# e2e: alone (its trials stop at a CI that pass-to-pass noise moves)
. "$(dirname "$0")/lib.sh"

# summary.csv rows: label,test,file_kb,record_kb,n,mean,...,ci95_low,ci95_high,...
# cells (file_kb record_kb), their fewest n and widest (ci95_high - mean) / mean
cells() {
	awk -F, 'NR > 1 { k = $3 " " $4; w = ($13 - $6) / $6
		if (!(k in n) || $5 < n[k]) n[k] = $5
		if (!(k in wd) || w > wd[k]) wd[k] = w }
		END { for (k in n) print k, n[k], wd[k] }' "$1"
}

# 1. quiet cells stop at three trials
if [ -n "${FAULTSHIM:-}" ] && [ -f "$FAULTSHIM" ]; then
	asan=$(ldd "$IOSWEEP" 2>/dev/null | awk '/libasan/ { print $3; exit }')
	expect_success env LD_PRELOAD="${asan:+$asan }$FAULTSHIM" FAULTSHIM_PATH="$T/q.tmp" \
		FAULTSHIM_SLOW=any:100 "$IOSWEEP" -s 1m -r 128k -i 0 -i 1 --trials 6 --ci 30% \
		-f "$T/q.tmp" --out "$T/quiet" --quiet
	check test "$(awk -F, 'NR > 1 && $5 != 3' "$T/quiet/summary.csv" | wc -l)" -eq 0
	check test "$(awk -F, 'NR > 1' "$T/quiet/summary.csv" | wc -l)" -eq 4
	check grep -q '^Confidence intervals (--ci 30%, at most 6 trials)$' "$T/out"
	check grep -q '1 of 1 cells within +-30% of the mean; trials per cell 3 to 3, median 3' "$T/out"
	check test "$(awk -F, 'NR > 1' "$T/quiet/results.csv" | wc -l)" -eq 12
else
	echo "SKIP part 1: no fault shim in \$FAULTSHIM"
fi

# 2. ordinary cells: stopped early only when within 2 %, else the maximum and listed
expect_success "$IOSWEEP" -a -n 64k -g 256k -i 0 -i 1 --trials 5 --ci 2% -f "$T/n" \
	--out "$T/noisy" --quiet
check grep -q '^Confidence intervals (--ci 2%, at most 5 trials)$' "$T/out"
cells "$T/noisy/summary.csv" > "$T/cells"
check test "$(wc -l < "$T/cells")" -eq 18
check test "$(awk '$3 < 3 || $3 > 5 || ($3 < 5 && $4 > 0.02)' "$T/cells" | wc -l)" -eq 0
missed=$(awk '$4 > 0.02' "$T/cells" | wc -l)
listed=$(grep -c 'kB records: .* +-[0-9.]*% after 5 trials$' "$T/out")
check test "$missed" -eq "$listed"
ok=$(awk '$4 <= 0.02' "$T/cells" | wc -l)
check grep -q "^	$ok of 18 cells within +-2% of the mean" "$T/out"
if [ "$missed" -gt 0 ]; then check grep -q 'never got there:' "$T/out"; fi

# 3. refused
expect_failure 2 "$IOSWEEP" -a -g 1m -i 0 --ci 5% -f "$T/x"
check grep -q -- "--ci '5%': give --trials N" "$T/err"
expect_failure 2 "$IOSWEEP" -a -g 1m -i 0 --trials 4 --ci 0.0 -f "$T/x"
expect_failure 2 "$IOSWEEP" -a -g 1m -i 0 --trials 4 --ci 5% --order sweep -f "$T/x"
check grep -q -- "--ci and --order sweep" "$T/err"
check test ! -e "$T/x"

# 4. -g auto: twice the RAM, on the series from -n
ram=$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo 2>/dev/null)
if [ -n "$ram" ]; then
	expect_success "$IOSWEEP" -a -n 1m -g auto -i 0 -r 1m --dry-run
	want=1024; while [ "$want" -lt $((2 * ram)) ]; do want=$((want * 2)); done
	check test "$(awk 'END { print $1 }' "$T/out")" -eq "$want"
	check test "$(head -n 1 "$T/out" | awk '{ print $1 }')" -eq 1024
else
	echo "SKIP part 4: no /proc/meminfo"
fi
expect_failure 2 "$IOSWEEP" -a -g autom -i 0 --dry-run
check grep -q -- "-g 'autom'" "$T/err"

# 5. --until-settled: no cliff in a flat in-cache sweep, nothing added
expect_success "$IOSWEEP" -a -n 64k -g 256k -r 64k -i 0 -f "$T/s" --out "$T/settled" \
	--until-settled --quiet
check grep -q -- '--until-settled added 0 larger file sizes: every curve has settled' "$T/err"
check grep -q 'iozone test complete' "$T/out"
expect_failure 2 "$IOSWEEP" -s 1m -i 0 --until-settled -f "$T/x"
expect_failure 2 "$IOSWEEP" -a -g 1m -i 0 --settle-drop -f "$T/x"
check grep -q -- '--settle-drop: only means something with --until-settled' "$T/err"

# 6. --settle-drop: a flat curve has not fallen yet, so the files grow until
#    the next size's predicted passes would end past --settle-time
if [ -n "${FAULTSHIM:-}" ] && [ -f "$FAULTSHIM" ]; then
	asan=$(ldd "$IOSWEEP" 2>/dev/null | awk '/libasan/ { print $3; exit }')
	t0=$(date +%s)
	expect_success env LD_PRELOAD="${asan:+$asan }$FAULTSHIM" FAULTSHIM_PATH=slow.tmp \
		FAULTSHIM_SLOW=write:50 "$IOSWEEP" -a -n 64k -g 128k -r 64k -i 0 -+n \
		-f "$T/slow.tmp" --out "$T/drop" --until-settled --settle-drop --settle-time 2 --quiet
	took=$(( $(date +%s) - t0 ))
	sed -n 's/^iosweep: --until-settled/  &/p' "$T/err"
	check grep -q -- '--until-settled added [1-9] larger file sizes\{0,1\}: 1 curve not settled, but [0-9]* kB files would take about [0-9.]* s, past --settle-time 2 s ([0-9.]* s spent)$' "$T/err"
	# the sizes doubled past -g, each written in its own row
	sizes=$(awk -F, 'NR > 1 { printf "%s ", $3 }' "$T/drop/summary.csv")
	check test "${sizes%% 256 *}" = "64 128"
	spent=$(sed -n 's/.*(\([0-9.]*\) s spent)$/\1/p' "$T/err")
	next=$(sed -n 's/.*would take about \([0-9.]*\) s,.*/\1/p' "$T/err")
	check awk -v s="$spent" -v n="$next" 'BEGIN { exit !(s <= 2 && s + n > 2) }'
	check test "$took" -lt 10
else
	echo "SKIP part 6: no fault shim in \$FAULTSHIM"
fi

finish
