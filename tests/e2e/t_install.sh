#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_install.sh: packaging.
#  - make install DESTDIR=... PREFIX=/usr puts the binary, the man page, the
#    bash and zsh completions, the gnuplot templates' documentation and the
#    reference pages (every docs/*.md, its pictures) in place, where the
#    installed README.md's links find them; the installed binary runs;
#  - `man -l` renders the page, and it names every option --help names (the
#    sweep's, the refused IOzone letters, each subcommand's), the
#    subcommands, examples, exit status and files;
#  - the completions come from the same table: every long option of --help
#    is in both; bash completes an option, a subcommand's option and a value;
#  - make uninstall removes every file it installed;
#  - make deb builds a package whose contents and dependencies are right
#    (dpkg-deb -c / -I, unpacked with dpkg -x, its man page rendered).
. "$(dirname "$0")/lib.sh"

command -v make >/dev/null 2>&1 || skip "make is not installed"
command -v man >/dev/null 2>&1 || skip "man is not installed (Debian: man-db)"
# a plain build, whatever make (and its MAKEFLAGS, e.g. SANITIZE) runs this test
MK="env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C $TOP --no-print-directory SANITIZE="
R="$T/root"

# --- install ---------------------------------------------------------------------
$MK install DESTDIR="$R" PREFIX=/usr >"$T/out" 2>"$T/err"
check [ $? -eq 0 ]
[ -x "$R/usr/bin/iosweep" ] || { sed 's/^/  make: /' "$T/err" | tail -n 5; }
for f in bin/iosweep share/man/man1/iosweep.1 share/bash-completion/completions/iosweep \
	share/zsh/site-functions/_iosweep share/doc/iosweep/README.md \
	share/doc/iosweep/plots/README.md share/doc/iosweep/plots/terminal.gp \
	share/doc/iosweep/plots/compare.gp share/doc/iosweep/plots/reference-lines.csv; do
	check test -s "$R/usr/$f"
done
for f in "$TOP"/docs/*.md "$TOP"/docs/img/*.png; do
	check cmp -s "$f" "$R/usr/share/doc/iosweep/docs/${f#"$TOP"/docs/}"
done
# every docs/ link of the installed README.md lands on an installed file
for l in $(grep -o '](docs/[^)#]*' "$R/usr/share/doc/iosweep/README.md" | sed 's/^](//' | sort -u); do
	check test -s "$R/usr/share/doc/iosweep/$l"
done
check test "$(grep -c '](docs/' "$R/usr/share/doc/iosweep/README.md")" -gt 0
expect_success "$R/usr/bin/iosweep" --help
cp "$T/out" "$T/help.txt"
check grep -q '^usage: iosweep' "$T/help.txt"

# --- the man page ------------------------------------------------------------------
LC_ALL=C MANWIDTH=100 man -l "$R/usr/share/man/man1/iosweep.1" >"$T/man.txt" 2>"$T/manerr"
check [ $? -eq 0 ]
check [ ! -s "$T/manerr" ]
for s in NAME SYNOPSIS DESCRIPTION OPTIONS COMMANDS UNITS FILES ENVIRONMENT 'EXIT STATUS' \
	EXAMPLES 'SEE ALSO'; do
	check grep -q "^$s" "$T/man.txt"
done
# every option word of --help: -a, --file-size, -+x, the refused -B ...
grep -oE '(^|[ ,(])--?[+A-Za-z0-9][-A-Za-z0-9]*' "$T/help.txt" | sed 's/^[ ,(]//' |
	sort -u >"$T/help-opts"
check [ "$(wc -l <"$T/help-opts")" -ge 100 ]
missing=0
while read -r o; do
	grep -qe "$o" "$T/man.txt" || { echo "  man page lacks $o"; missing=$((missing + 1)); }
done <"$T/help-opts"
check [ "$missing" -eq 0 ]
# every subcommand, with every option its --help names
for c in import cliffs compare plot; do
	check grep -q "^   iosweep $c" "$T/man.txt"
	"$R/usr/bin/iosweep" "$c" --help >"$T/sub.txt"
	for o in $(grep -oE -- '--[a-z][-a-z0-9]*' "$T/sub.txt" | sort -u); do
		check grep -qe "$o" "$T/man.txt"
	done
done
for code in 0 1 2 3 4 5 130; do
	check grep -qE "^       $code( |$)" "$T/man.txt"
done
check grep -q 'iosweep -a -f /mnt/nas/iosweep.tmp' "$T/man.txt"
check grep -q '/usr/share/doc/iosweep/plots/' "$T/man.txt"
check grep -q '/usr/share/doc/iosweep/docs/' "$T/man.txt"
check grep -q '1 kB = 1024 bytes' "$T/man.txt"

# --- completions -------------------------------------------------------------------
BC="$R/usr/share/bash-completion/completions/iosweep"
ZC="$R/usr/share/zsh/site-functions/_iosweep"
missing=0
for o in $(grep -oE -- '--[a-z][-a-z0-9]*' "$T/help-opts" | sort -u); do
	case $(grep -B3 -- "$o" "$T/help.txt" | tail -n 4) in *"refuses"*) continue ;; esac
	grep -qe " $o" "$BC" || { echo "  bash completion lacks $o"; missing=$((missing + 1)); }
	grep -qe "'$o:" "$ZC" || { echo "  zsh completion lacks $o"; missing=$((missing + 1)); }
done
check [ "$missing" -eq 0 ]
check bash -n "$BC"
if command -v zsh >/dev/null 2>&1; then check zsh -n "$ZC"; fi
comp() { bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _iosweep
	printf "%s\n" "${COMPREPLY[@]}"' sh "$BC" "$@"; }
check [ "$(comp iosweep --tri)" = "--trials" ]
check [ "$(comp iosweep pl)" = "plot" ]
check [ "$(comp iosweep plot --for)" = "--format" ]
check [ "$(comp iosweep plot --format pngc)" = "pngcairo" ]
check [ "$(comp iosweep -i 1 | head -n 3 | tr '\n' ' ')" = "1 10 11 " ]
mkdir -p "$T/cdir" && : >"$T/cdir/testfile"
check [ "$(cd "$T/cdir" && comp iosweep -f test)" = "testfile" ]

# --- uninstall ---------------------------------------------------------------------
$MK uninstall DESTDIR="$R" PREFIX=/usr >"$T/out" 2>"$T/err"
check [ $? -eq 0 ]
check [ -z "$(find "$R" -type f)" ]
check [ ! -e "$R/usr/share/doc/iosweep" ]

# --- Debian package ------------------------------------------------------------------
if command -v dpkg-deb >/dev/null 2>&1 && command -v dpkg-shlibdeps >/dev/null 2>&1; then
	$MK deb >"$T/out" 2>"$T/err"
	check [ $? -eq 0 ]
	deb=$(tail -n 1 "$T/out")
	case $deb in /*) ;; *) deb="$TOP/$deb" ;; esac
	check test -s "$deb"
	dpkg-deb -I "$deb" >"$T/info"
	check grep -q '^ Package: iosweep$' "$T/info"
	check grep -q '^ Depends: .*libc6.*' "$T/info"
	check grep -q '^ Depends: .*libcsv3' "$T/info"
	check grep -q '^ Depends: .*zlib1g' "$T/info"
	dpkg-deb -c "$deb" >"$T/contents"
	for f in ./usr/bin/iosweep ./usr/share/man/man1/iosweep.1.gz \
		./usr/share/bash-completion/completions/iosweep \
		./usr/share/zsh/vendor-completions/_iosweep ./usr/share/doc/iosweep/copyright \
		./usr/share/doc/iosweep/changelog.Debian.gz ./usr/share/doc/iosweep/plots/README.md \
		./usr/share/doc/iosweep/docs/guided-run.md; do
		check grep -q " $f\$" "$T/contents"
	done
	check [ -z "$(awk '$2 != "root/root"' "$T/contents")" ]
	dpkg -x "$deb" "$T/x"
	expect_success "$T/x/usr/bin/iosweep" --help
	check cmp -s "$T/out" "$T/help.txt"
	LC_ALL=C MANWIDTH=100 man -l "$T/x/usr/share/man/man1/iosweep.1.gz" >"$T/man2.txt" 2>&1
	check cmp -s "$T/man.txt" "$T/man2.txt"
else
	echo "note: dpkg-deb or dpkg-shlibdeps missing (Debian: dpkg-dev): make deb not checked"
fi

finish
