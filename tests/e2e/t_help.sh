#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_help.sh: --help and -h print the help generated from the option table,
# pinned by tests/golden/help.txt, on stdout, and exit 0.
. "$(dirname "$0")/lib.sh"

for h in --help -h; do
	expect_success "$IOSWEEP" $h
	cmp_golden help.txt "$T/out"
	check test ! -s "$T/err"
done

# -h wins over what follows, as in IOzone
expect_success "$IOSWEEP" -a -h -s foo
cmp_golden help.txt "$T/out"

# the help names every option the parser accepts that a user might try
for opt in -a -z -A -s -r -n -g -y -q -+x -i -E -+n -j -V -+d -f -w -c -e -I -o \
	-+D -+r -p -+q -O -N -+u -R -b -M -h -v --trials --warmup --order \
	--label --out --data --dry-run --progress --quiet --overwrite --gzip --force; do
	case $opt in
	--*) pat="  $opt" ;;
	*) pat="  $opt," ;;
	esac
	check grep -q -F -e "$pat" "$GOLDEN/help.txt"
done

finish
