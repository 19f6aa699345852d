#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_plot_terms.sh: the chart scripts with any gnuplot terminal, rendered by
# the real gnuplot.
#  - every kind of script iosweep writes (drive comparison, overlay, 3D
#    surface, latency and percentile charts, mean-latency charts of a
#    folder) renders by hand with term='pngcairo', 'svg' and 'dumb', to
#    NAME.png, NAME.svg and NAME.txt next to the script, whatever the
#    current directory;
#  - more families: pdfcairo (.pdf), canvas (.html), epscairo (.eps),
#    postscript (.ps), tikz (.tex), png (libgd), when this gnuplot has them;
#  - a terminal gnuplot lacks stops the script with one line naming it;
#  - iosweep plot --format pngcairo / canvas renders through iosweep;
#  - an interactive terminal (qt, wxt, x11) opens a window and waits for
#    it to close: checked under a display when gnuplot has one of them
#    (a private Xvfb when DISPLAY is unset: Debian gnuplot-x11 xvfb).
. "$(dirname "$0")/lib.sh"

command -v gnuplot >/dev/null 2>&1 || skip "gnuplot is not installed"
IZ="$FIXTURES/iozone"
[ -f "$IZ/01_a_n64k_g8m_i0_i1.txt" ] || skip "IOzone fixtures not found in $IZ"
magic() { od -An -tx1 -N"$2" "$1" | tr -d ' \n'; }
has_term() { gnuplot -e 'print GPVAL_TERMINALS' 2>&1 | tr ' ' '\n' | grep -qx "$1"; }

# --- every kind of script: two imported reports, a --latency sweep ------------
expect_success "$IOSWEEP" plot "$IZ/01_a_n64k_g8m_i0_i1.txt" "$IZ/06_a_n64k_g4m_i0_i1_c_e.txt" \
	--label "box one" --label "box two" --out "$T/imp" --tests write,read --latency --no-render
expect_success "$IOSWEEP" -a -n 64k -g 256k -i 0 -i 1 --latency --trials 2 --plot \
	-f "$T/testfile" --out "$T/res"
n=0
mkdir -p "$T/elsewhere"
for gp in "$T"/imp/*.gp "$T"/res/plots/*.gp; do
	base=${gp%.gp}
	for term in pngcairo svg dumb; do
		(cd "$T/elsewhere" && gnuplot -e "term='$term'" "$gp") >"$T/out" 2>"$T/err"
		RC=$?
		check [ "$RC" -eq 0 ]
		[ "$RC" -eq 0 ] || sed 's/^/  gnuplot: /' "$T/err" | head -n 3
	done
	check [ "$(magic "$base.png" 8)" = 89504e470d0a1a0a ]
	check grep -q '<svg' "$base.svg"
	check grep -q '</svg>' "$base.svg"
	check test -s "$base.txt"
	n=$((n + 1))
done
# the kinds are all there: overlay, surface, latency (mean of a folder and
# from histograms) and percentiles
for f in imp/write imp/overlay-read imp/surface-read-2 imp/latency-write \
	res/plots/latency-read res/plots/percentiles-write res/plots/surface-write; do
	check test -s "$T/$f.txt"
done
check [ "$n" -ge 15 ]
check [ -z "$(ls "$T/elsewhere")" ]
# the text rendering holds the chart's words
check grep -q 'write throughput against file size' "$T/imp/write.txt"
check grep -q 'gigabit Ethernet' "$T/imp/write.txt"

# --- more families, each with its own extension --------------------------------
cd "$T/imp" || exit 1
for pair in pdfcairo:pdf:25504446 pdf:pdf:25504446 canvas:html:3c21444f epscairo:eps:25215053 \
	postscript:ps:25215053 png:png:89504e47 tikz:tex: jpeg:jpg:ffd8ffe0; do
	term=${pair%%:*}; rest=${pair#*:}; ext=${rest%%:*}; mg=${rest#*:}
	want=$term
	[ "$term" = pdf ] && want=pdfcairo
	has_term "$want" || { echo "note: gnuplot has no $want terminal: skipped"; continue; }
	rm -f "read.$ext"
	expect_success gnuplot -e "term='$term'" read.gp
	check test -s "read.$ext"
	[ -z "$mg" ] || check [ "$(magic "read.$ext" 4)" = "$mg" ]
done
cd "$T" || exit 1

# --- a terminal gnuplot does not have: one line naming it, no output -----------
(cd "$T/imp" && gnuplot -e "term='nosuchterm'" read.gp) >"$T/out" 2>"$T/err"
check [ $? -ne 0 ]
check grep -q "unknown term 'nosuchterm': this gnuplot has no such terminal" "$T/err"
check [ ! -e "$T/imp/read.nosuchterm" ]

# --- through iosweep ------------------------------------------------------------
expect_success "$IOSWEEP" plot "$IZ/01_a_n64k_g8m_i0_i1.txt" --out "$T/pc" --format pngcairo \
	--tests read
check [ "$(magic "$T/pc/read.png" 8)" = 89504e470d0a1a0a ]
check grep -q "if (!exists(\"term\")) term = 'pngcairo'" "$T/pc/read.gp"
check grep -q "iosweep plot: $T/pc/read.png" "$T/err"
if has_term canvas; then
	expect_success "$IOSWEEP" plot "$IZ/01_a_n64k_g8m_i0_i1.txt" --out "$T/cv" --format canvas \
		--tests read
	check grep -q '<canvas' "$T/cv/read.html"
fi

# --- interactive terminals: a window that waits to be closed --------------------
wterm=
for t in qt wxt x11; do has_term "$t" && { wterm=$t; break; }; done
# Without a display, a virtual X server of our own (Xvfb) when there is one.
xpid=
if [ -n "$wterm" ] && [ -z "${DISPLAY:-}" ] && command -v Xvfb >/dev/null 2>&1; then
	# A cold start (font caches) can take seconds on a loaded machine, and
	# a server that died at once (a display taken meanwhile) is started
	# again: up to three servers, each waited for up to 30 s while it lives.
	for try in 1 2 3; do
		: >"$T/xdisplay"
		Xvfb -displayfd 9 -nolisten tcp 9>"$T/xdisplay" >/dev/null 2>&1 &
		xpid=$!
		i=0
		while [ ! -s "$T/xdisplay" ] && [ $i -lt 120 ] && kill -0 "$xpid" 2>/dev/null; do
			sleep 0.25; i=$((i + 1))
		done
		[ -s "$T/xdisplay" ] && break
		kill "$xpid" 2>/dev/null; wait "$xpid" 2>/dev/null; xpid=
	done
	[ -s "$T/xdisplay" ] && DISPLAY=:$(cat "$T/xdisplay") && export DISPLAY
fi
if [ -n "$wterm" ] && [ -n "${DISPLAY:-}" ]; then
	(cd "$T/imp" && exec gnuplot -e "term='$wterm'" read.gp) >"$T/out" 2>"$T/err" &
	pid=$!
	sleep 3
	if kill -0 "$pid" 2>/dev/null; then pass; else fail "gnuplot $wterm did not wait"; fi
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	check grep -q 'pause mouse close' "$T/imp/read.gp"
else
	echo "note: no interactive terminal (qt, wxt, x11) or no DISPLAY (Debian: gnuplot-x11 xvfb): window check skipped"
	check grep -q 'if (exists("interactive")) { if (interactive > 0) { pause mouse close } }' \
		"$T/imp/read.gp"
fi
if [ -n "$xpid" ]; then kill "$xpid" 2>/dev/null; wait "$xpid" 2>/dev/null; fi

finish
