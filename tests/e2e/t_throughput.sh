#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_throughput.sh: throughput mode (-t, -l/-u) on real files.
#
# 1. Layout: for IOzone's throughput fixtures (05, 14, 17, bad17, and 27 up
#    to where IOzone failed), the report from the "Throughput test with"
#    line to "iozone test complete." has IOzone's lines, tabs and widths,
#    with only the figures masked (our "Children that moved no data" note
#    line, which stonewalling makes appear or not, is left out); the
#    splash lines the options print are IOzone's.
# 2. Figures: 1, 2 and 4 processes and threads; the report agrees with
#    results.csv (one row per child and test): Children see is the sum of
#    the children's rates, Min xfer the least a child moved, and Parent
#    sees never exceeds the bytes of all children over the longest child's
#    time (the parent's time covers every child's).
# 3. -x (every child moves its whole file), -+k, -C, -O, -R and -b, -w,
#    files kept or removed, an existing file refused, no sleep of a second
#    or more between tests (strace; only -+q sleeps).
# 4. Bad combinations exit 2 with a one-line message.
. "$(dirname "$0")/lib.sh"

IOZ="$FIXTURES/iozone"
[ -x "$IOSWEEP" ] || skip "no binary"
TAB=$(printf '\t')

# The throughput part of a report, figures masked.
# (iosweep's page-cache note after the trailer, and the blank line before
# it, are left out).
tp_shape() {
	sed -n '/Throughput test with\|Min process = \|Min thread = /,$p' "$1" |
		sed '/^Page cache: [0-9]* of [0-9]* read figures/,$d' |
		grep -v 'Children that moved no data' |
		sed -E 's/ *[0-9]+\.[0-9]+/ N/g' |
		awk '{ l[NR] = $0 } END { n = NR; while (n > 0 && l[n] == "") n--
			for (i = 1; i <= n; i++) print l[i] }'
}

# --- 1. layout against IOzone's fixtures --------------------------------
if [ -d "$IOZ" ]; then
	while IFS='|' read -r fixture args; do
		[ -n "$fixture" ] || continue
		args=$(printf '%s\n' "$args" | sed "s|/tmp/ioz|$T|g")
		rm -rf "$T/res"
		# shellcheck disable=SC2086
		expect_success "$IOSWEEP" $args --out "$T/res"
		tp_shape "$IOZ/$fixture" > "$T/want"
		tp_shape "$T/out" > "$T/got"
		if [ "$fixture" = 27_l1_u2_s4m_r64k_i0.txt ]; then
			# IOzone 3.508 lost its files after the first count (exit
			# with "No such file or directory"): compare what it printed
			sed -i '/^Child 0$/,$d' "$T/want"
			sed -i '$d' "$T/want"
			head -n "$(wc -l < "$T/want")" "$T/got" > "$T/got.head"
			mv "$T/got.head" "$T/got"
		fi
		if cmp -s "$T/want" "$T/got"; then pass; else
			fail "$fixture: throughput report layout differs"
			diff "$T/want" "$T/got" | head -n 10 | sed 's/^/    /'
		fi
		splash "$IOZ/$fixture" > "$T/want.splash"
		splash "$T/out" > "$T/got.splash"
		if cmp -s "$T/want.splash" "$T/got.splash"; then pass; else
			fail "$fixture: option lines differ"
			diff "$T/want.splash" "$T/got.splash" | head -n 6
		fi
	done <<'CASES'
05_t2_s8m_r64k_i0_i1_F.txt|-t 2 -s 8m -r 64k -i 0 -i 1 -F /tmp/ioz/f1 /tmp/ioz/f2
14_t2_s8m_r64k_i0_i1_plus_u.txt|-t 2 -s 8m -r 64k -i 0 -i 1 -+u -F /tmp/ioz/f1 /tmp/ioz/f2
17_t2_s4m_r64k_alltp.txt|-t 2 -s 4m -r 64k -F /tmp/ioz/f1 /tmp/ioz/f2
bad17_t_without_F.txt|-t 2 -s 1m -r 64k -i 0
27_l1_u2_s4m_r64k_i0.txt|-l 1 -u 2 -s 4m -r 64k -i 0 -F /tmp/ioz/f1 /tmp/ioz/f2
CASES
	check test ! -e "$T/iosweep.DUMMY.0"       # removed at the end
else
	echo "note: no IOzone fixtures at $IOZ: layout not compared"
fi

# --- 2. figures against the CSV -----------------------------------------
# For each test block: Children see = sum of the children's kb_per_s,
# Min xfer = least bytes/1024, Parent sees <= sum bytes/1024 / max seconds.
consistent() {
	awk -v TAB="$TAB" -F, '
	FNR == NR {
		if (FNR == 1) next
		t = $3; kb[t] += $7 / 1024; if ($8 > mx[t]) mx[t] = $8
		if ($10 > 0) rate[t] += $9
		if (!(t in mn) || $7 / 1024 < mn[t]) mn[t] = $7 / 1024
		n[t]++; next
	}
	BEGIN {
		split("initial writers,write,rewriters,rewrite,readers,read,re-readers,reread," \
		      "random readers,random read,random writers,random write," \
		      "reverse readers,bkwd read,stride readers,stride read,fwriters,fwrite," \
		      "freaders,fread,pwrite writers,pwrite,pread readers,pread", m, ",")
		for (i = 1; i in m; i += 2) colof[m[i]] = m[i + 1]
	}
	/Children see throughput for/ {
		name = $0; sub(/.*throughput for +[0-9]+ /, "", name); sub(/ *\t.*/, "", name)
		c = (name in colof) ? colof[name] : ""; split($0, v, "= *"); see = v[2] + 0; blocks++
	}
	/Parent sees throughput for/ { split($0, v, "= *"); parent = v[2] + 0 }
	/Min xfer/ {
		split($0, v, "= *"); minx = v[2] + 0
		if (c == "") next
		if (see < 0.999 * rate[c] || see > 1.001 * rate[c] + 0.01) {
			printf "%s: Children see %.2f, CSV rates add to %.2f\n", c, see, rate[c]; bad++ }
		if (minx > mn[c] + 0.01 || minx < mn[c] - 0.01) {
			printf "%s: Min xfer %.2f, CSV least %.2f\n", c, minx, mn[c]; bad++ }
		if (mx[c] > 0 && parent > 1.001 * kb[c] / mx[c]) {
			printf "%s: Parent sees %.2f > %.2f kB / %.6f s\n", c, parent, kb[c], mx[c]; bad++ }
		if (parent <= 0) { printf "%s: Parent sees %.2f\n", c, parent; bad++ }
	}
	END { if (bad || blocks == 0) exit 1 }' "$2" "$1"
}

for mode in "" "-T"; do
	for n in 1 2 4; do
		rm -rf "$T/res" "$T"/f*
		files=""
		i=1; while [ $i -le $n ]; do files="$files $T/f$i"; i=$((i + 1)); done
		# shellcheck disable=SC2086
		expect_success "$IOSWEEP" -t $n $mode -s 2m -r 64k -i 0 -i 1 -i 2 \
			-F $files --out "$T/res"
		check test "$(grep -c 'Children see throughput for' "$T/out")" -eq 6
		check test "$(grep -c "^${TAB}Children see throughput for  $n initial writers ${TAB}= " "$T/out")" -eq 1
		if [ -n "$mode" ]; then
			check grep -q "Throughput test with $n thread" "$T/out"
			check grep -q "Min throughput per thread " "$T/out"
		fi
		# one CSV row per child and test
		check test "$(($(wc -l < "$T/res/results.csv") - 1))" -eq $((6 * n))
		if consistent "$T/out" "$T/res/results.csv" > "$T/why"; then pass; else
			fail "-t $n $mode: report and CSV disagree"; sed 's/^/    /' "$T/why"
		fi
		check test ! -e "$T/f1"
	done
done

# --- 3. options --------------------------------------------------------
rm -rf "$T/res"
expect_success "$IOSWEEP" -t 3 -x -C -s 1m -r 64k -i 0 -i 1 -F "$T/a" "$T/b" "$T/c" --out "$T/res"
check grep -q "^${TAB}Stonewall disabled$" "$T/out"
check test "$(grep -c "Min xfer ${TAB}${TAB}${TAB}${TAB}${TAB}=    1024.00 kB" "$T/out")" -eq 4
check test "$(grep -c 'Children that moved no data' "$T/out")" -eq 0
check test "$(grep -c '^	Child\[[0-2]\] xfer count =    1024.00 kB, Throughput = ' "$T/out")" -eq 12

rm -rf "$T/res"
expect_success "$IOSWEEP" -t 2 -+k -s 4m -r 64k -i 0 -+u -O -R -b "$T/tp.xls" --out "$T/res"
check grep -q "^${TAB}Each process writes a 2048 kByte file in 64 kByte records$" "$T/out"
check grep -q "^${TAB}Children see throughput for  2 initial writers ${TAB}= *[0-9.]* ops/sec$" "$T/out"
check grep -q "^${TAB}CPU U*u*tilization: Wall time " "$T/out"
check grep -q '^"Throughput report Y-axis is type of test X-axis is number of processes"$' "$T/out"
check grep -q '^"Output is in ops/sec"$' "$T/out"
check grep -q '^"  Initial write "  *[0-9.]* $' "$T/out"
check grep -q '^"CPU utilization report Y-axis is type of test X-axis is number of processes"$' "$T/out"
# -R comes before the trailer, as in IOzone
check test "$(grep -n 'Throughput report' "$T/out" | cut -d: -f1)" -lt \
	"$(grep -n 'iozone test complete' "$T/out" | cut -d: -f1)"
check test "$(od -An -tx1 -N8 "$T/tp.xls" | tr -d ' \n')" = 0900040002001000
check grep -q 'Throughput report Y-axis' "$T/tp.xls"

# -w keeps the files; an existing one is refused unless --overwrite
rm -rf "$T/res"
expect_success "$IOSWEEP" -t 2 -s 256k -r 64k -i 0 -w -F "$T/k1" "$T/k2" --out "$T/res"
check test -s "$T/k1" -a -s "$T/k2"
rm -rf "$T/res"
expect_failure 3 "$IOSWEEP" -t 2 -s 256k -r 64k -i 0 -F "$T/k1" "$T/k2" --out "$T/res"
check grep -q "k1' exists" "$T/err"
expect_success "$IOSWEEP" -t 2 -s 256k -r 64k -i 0 -F "$T/k1" "$T/k2" --overwrite --out "$T/res"
check test ! -e "$T/k1"

# no sleep between tests: IOzone sleeps 2 s before each throughput test,
# iosweep asks for no sleep of a second or more (strace sees every sleep
# request); -+q 1 asks for one of 1 s per test, and the run lasts that long
rm -rf "$T/res"
sleeps() { grep -c 'nanosleep(.*tv_sec=[1-9]' "$1"; }
if command -v strace >/dev/null 2>&1; then
	env ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" strace -f -qq \
		-e trace=nanosleep,clock_nanosleep -o "$T/sleeps" \
		"$IOSWEEP" -t 2 -s 1m -r 64k --out "$T/res" >"$T/out" 2>"$T/err"
	check test $? -eq 0
	check test "$(sleeps "$T/sleeps")" -eq 0
	check test "$(grep -c 'Children see throughput for' "$T/out")" -eq 13
	rm -rf "$T/res"
	env ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" strace -f -qq \
		-e trace=nanosleep,clock_nanosleep -o "$T/sleeps" \
		"$IOSWEEP" -t 1 -s 256k -r 64k -i 0 -+q 1 --out "$T/res" >"$T/out" 2>"$T/err"
	check test $? -eq 0
	check test "$(grep -c 'nanosleep(.*tv_sec=1, tv_nsec=0' "$T/sleeps")" -eq 2
else
	echo "note: strace not installed: the sleeps between tests are not counted"
fi
rm -rf "$T/res"
t0=$(date +%s)
expect_success "$IOSWEEP" -t 1 -s 256k -r 64k -i 0 -+q 1 --out "$T/res"
t1=$(date +%s)
check test $((t1 - t0)) -ge 2

# --- 4. bad combinations -----------------------------------------------
expect_failure 2 "$IOSWEEP" -a -t 2 -F "$T/f1" "$T/f2"
check grep -q -- "-a and -t" "$T/err"
expect_failure 2 "$IOSWEEP" -F "$T/f1" "$T/f2" -t 2 -s 1m -i 0
check grep -q -- "-F: give -t N" "$T/err"
expect_failure 2 "$IOSWEEP" -t 3 -s 1m -F "$T/f1" "$T/f2"
check grep -q -- "-F: 3 children need 3 file names, found 2" "$T/err"
expect_failure 2 "$IOSWEEP" -t 0 -s 1m
check grep -q -- "-t '0': must be from 1 to 1024" "$T/err"
expect_failure 2 "$IOSWEEP" -t 100000 -s 1m
check grep -q -- "-t '100000'" "$T/err"
expect_failure 2 "$IOSWEEP" -t 2 -N
expect_failure 2 "$IOSWEEP" -t 2 -f "$T/x"
expect_failure 2 "$IOSWEEP" -t 2 -i 0 -i 4
expect_failure 2 "$IOSWEEP" -l 3 -u 2
expect_failure 2 "$IOSWEEP" -t 2 -F "$T/same" "$T/same" -s 256k -r 64k -i 0 --out "$T/res2"
check grep -q "named twice" "$T/err"
check test "$(wc -l < "$T/err")" -eq 1
# -+O: each child paced to OPS operations per second.  The schedule keeps
# a child at or under the rate whatever the machine does (op i ends no
# sooner than (i + 1) / OPS s after the first began); how near the rate
# it comes is the machine's (tests/timing/t_rates.sh).
expect_success "$IOSWEEP" -t 2 -+O 100 -x -s 256k -r 4k -i 0 -F "$T/rate0" "$T/rate1" \
	--out "$T/res3"
check grep -qx '	Rate control active 100 Ops/sec .' "$T/out"
check awk '/Children see throughput for  2 initial writers/ {
	v = $(NF - 1); found = 1; if (v > 800 * 1.001 || v <= 0) exit 1 }
	END { exit !found }' "$T/out"
expect_failure 2 "$IOSWEEP" -+O 100 -s 256k -r 4k -i 0 -f "$T/rate"
check grep -q -- "-+O '100': paces the children of throughput mode" "$T/err"
finish
