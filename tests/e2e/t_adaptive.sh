#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_adaptive.sh: --ci (adaptive trials), -g auto and --until-settled on the
# real binary.  Whatever the machine's noise, the verdicts agree with the
# figures: every cell ran 3 to the maximum trials, every cell that stopped
# early is within the target by summary.csv's interval, every cell that
# did not ran the maximum and is listed in the report, and the report's
# counts are summary.csv's.  That quiet cells (every I/O call slowed to
# 100 ms by the fault shim) stop at 3 is the machine's: make check-timing.
# -g auto's largest file is the first size of the -n series at least twice
# MemTotal; --until-settled with no cliff adds nothing and says why; with
# --settle-drop it grows the files (writes slowed to 50 ms a call by the
# shim, so each size takes twice the time of the one before) and stops at
# the size its own prediction puts past --settle-time.
. "$(dirname "$0")/lib.sh"

# summary.csv rows: label,test,file_kb,record_kb,n,mean,...,ci95_low,ci95_high,...
# cells (file_kb record_kb), their fewest n and widest (ci95_high - mean) / mean
cells() {
	awk -F, 'NR > 1 { k = $3 " " $4; w = ($13 - $6) / $6
		if (!(k in n) || $5 < n[k]) n[k] = $5
		if (!(k in wd) || w > wd[k]) wd[k] = w }
		END { for (k in n) print k, n[k], wd[k] }' "$1"
}

# agree DIR PCT MAX NCELLS: the report in $T/out and DIR's CSVs of a run
# with --ci PCT% --trials MAX over NCELLS cells agree, as above
agree() {
	cells "$1/summary.csv" > "$T/cells"
	check test "$(wc -l < "$T/cells")" -eq "$4"
	check test "$(awk -v p="$2" -v m="$3" '$3 < 3 || $3 > m || ($3 < m && $4 > p / 100)' \
		"$T/cells" | wc -l)" -eq 0
	missed=$(awk -v p="$2" '$4 > p / 100' "$T/cells" | wc -l)
	listed=$(grep -c "kB records: .* +-[0-9.]*% after $3 trials\$" "$T/out")
	check test "$missed" -eq "$listed"
	[ "$missed" -gt 0 ] && check grep -q 'never got there:' "$T/out"
	set -- "$1" "$2" "$3" "$4" $(awk '{ print $3 }' "$T/cells" | sort -n | tr '\n' ' ')
	dir=$1 pct=$2 ncells=$4
	shift 4
	lo=$1 hi=$(eval echo "\${$#}") mid=$(eval echo "\${$((ncells / 2 + 1))}")
	check grep -q "^	$((ncells - missed)) of $ncells cells within +-$pct% of the mean; trials per cell $lo to $hi, median $mid" "$T/out"
	# one results.csv row per trial of every test of every cell
	check test "$(awk -F, 'NR > 1' "$dir/results.csv" | wc -l)" -eq \
		"$(awk -F, 'NR > 1 { n += $5 } END { print n + 0 }' "$dir/summary.csv")"
}

# 1. cells slowed by the shim, --ci 30%
if [ -n "${FAULTSHIM:-}" ] && [ -f "$FAULTSHIM" ]; then
	asan=$(ldd "$IOSWEEP" 2>/dev/null | awk '/libasan/ { print $3; exit }')
	expect_success env LD_PRELOAD="${asan:+$asan }$FAULTSHIM" FAULTSHIM_PATH="$T/q.tmp" \
		FAULTSHIM_SLOW=any:100 "$IOSWEEP" -s 1m -r 128k -i 0 -i 1 --trials 6 --ci 30% \
		-f "$T/q.tmp" --out "$T/quiet" --quiet
	check test "$(awk -F, 'NR > 1' "$T/quiet/summary.csv" | wc -l)" -eq 4
	check grep -q '^Confidence intervals (--ci 30%, at most 6 trials)$' "$T/out"
	agree "$T/quiet" 30 6 1
else
	fail "no fault shim in \$FAULTSHIM (make e2e builds it)"
fi

# 2. ordinary cells, --ci 2%
expect_success "$IOSWEEP" -a -n 64k -g 256k -i 0 -i 1 --trials 5 --ci 2% -f "$T/n" \
	--out "$T/noisy" --quiet
check grep -q '^Confidence intervals (--ci 2%, at most 5 trials)$' "$T/out"
agree "$T/noisy" 2 5 18

# 3. --ci alone: at most 10 trials; fewer than 3 refused
expect_success "$IOSWEEP" -s 64k -r 64k -i 0 --ci 0.001% -f "$T/d" --out "$T/dflt" --quiet
check grep -q '^Confidence intervals (--ci 0.001%, at most 10 trials)$' "$T/out"
check test "$(awk -F, 'NR > 1 && $3 == "write"' "$T/dflt/results.csv" | wc -l)" -eq 10
expect_failure 2 "$IOSWEEP" -a -g 1m -i 0 --ci 5% --trials 2 -f "$T/x"
check grep -q -- "--ci '5%' and --trials 2: give at least 3" "$T/err"
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
	echo "note: no /proc/meminfo: -g auto is not checked"
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
#    the next size's predicted passes would end past --settle-time (3 s:
#    the first added size, predicted at about 0.2 s after 0.15 s spent,
#    is added on any machine that runs at a tenth of its speed)
if [ -n "${FAULTSHIM:-}" ] && [ -f "$FAULTSHIM" ]; then
	asan=$(ldd "$IOSWEEP" 2>/dev/null | awk '/libasan/ { print $3; exit }')
	expect_success env LD_PRELOAD="${asan:+$asan }$FAULTSHIM" FAULTSHIM_PATH=slow.tmp \
		FAULTSHIM_SLOW=write:50 "$IOSWEEP" -a -n 64k -g 128k -r 64k -i 0 -+n \
		-f "$T/slow.tmp" --out "$T/drop" --until-settled --settle-drop --settle-time 3 --quiet
	sed -n 's/^iosweep: --until-settled/  &/p' "$T/err"
	check grep -q -- '--until-settled added [1-9][0-9]* larger file sizes\{0,1\}: 1 curve not settled, but [0-9]* kB files would take about [0-9.]* s, past --settle-time 3 s ([0-9.]* s spent)$' "$T/err"
	# the sizes doubled past -g, each written in its own row, as many
	# as the message says, and the next one is the size it names
	added=$(sed -n 's/.*--until-settled added \([0-9]*\) larger.*/\1/p' "$T/err")
	sizes=$(awk -F, 'NR > 1 { printf "%s ", $3 }' "$T/drop/summary.csv")
	want="64 128 " kb=128 i=0
	while [ "$i" -lt "${added:-0}" ]; do kb=$((kb * 2)); want="$want$kb "; i=$((i + 1)); done
	check test "$sizes" = "$want"
	check grep -q "but $((kb * 2)) kB files would take" "$T/err"
	# the verdict agrees with its figures: the next size would end past 3 s
	# (each figure is printed to 0.1 s, so their sum may show 0.1 s less:
	# 1.4 + 1.6 was a true sum just past 3)
	spent=$(sed -n 's/.*(\([0-9.]*\) s spent)$/\1/p' "$T/err")
	next=$(sed -n 's/.*would take about \([0-9.]*\) s,.*/\1/p' "$T/err")
	check awk -v s="$spent" -v n="$next" 'BEGIN { exit !(s > 0 && n > 0 && s + n > 3 - 0.1) }'
else
	fail "no fault shim in \$FAULTSHIM (make e2e builds it)"
fi

finish
