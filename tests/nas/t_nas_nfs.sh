#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_nas_nfs.sh: an nfs:// sweep against the lab's nfs-ganesha (NFSv3
# through libnfs, behind the lab's gigabit link, the server in the NAS's
# cgroup) writes the same CSV schema as the same sweep on a local
# file: the same results.csv and summary.csv headers, the same rows
# (schema, label, test, file, record, trial), every figure bytes over
# seconds, cached_pct empty; meta.csv names nfs3/nfs4 and the lab's link.
# NFSv4 runs too where libnfs is 5 or newer; libnfs 4.0 cannot write more
# than about 4 kB in one NFSv4 WRITE, and iosweep refuses ?version=4 then
# (docs/nfs.md), which is checked here instead.  tests/e2e/t_nfs.sh checks
# more of nfs:// against a bare ganesha.
. "$(dirname "$0")/../e2e/lib.sh"
. "$TOP/tests/nas/nas.sh"

lab_up --link gigabit --proto nfs --share s:ext4:512M
url=$(share s nfs)
check test -n "$url"
exp=${url#nfs://127.0.0.1}
# a build without libnfs refuses every nfs:// URL by name (in the lab's
# namespace all the same: a libnfs build would connect)
lab run -- "$IOSWEEP" -s 64k -r 4k -i 0 -f "$url/probe" --out "$T/probe" 2>&1 |
	grep -q 'nfs:// needs libnfs' &&
	skip "this iosweep was built without libnfs (make LIBNFS=0 or no libnfs-dev)"

SWEEP="-a -n 64k -g 1m -y 16k -q 256k -i 0 -i 1 -i 2"
# shellcheck disable=SC2086
expect_success "$IOSWEEP" $SWEEP -f "$T/local.tmp" --out "$T/lo" --label same
keys() {
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ print $(c["schema"]) "," $(c["label"]) "," $(c["test"]) "," \
			$(c["file_kb"]) "," $(c["record_kb"]) "," $(c["trial"]) }' "$1"
}
keys "$T/lo/results.csv" >"$T/lo.keys"
check test "$(wc -l < "$T/lo.keys")" -gt 40
versions=3
if lab run -- "$IOSWEEP" -s 64k -r 4k -i 0 -f "$url/probe?version=4" --out "$T/p4" \
	2>"$T/p4.err" >/dev/null; then
	versions="3 4"
else
	check grep -q "libnfs 4.0.0 cannot write more than about 4 kB in one NFSv4 WRITE" "$T/p4.err"
fi
for v in $versions; do
	out=$T/nf$v
	q=""
	[ "$v" = 4 ] && q="?version=4"
	# shellcheck disable=SC2086
	expect_success lab run -- "$IOSWEEP" $SWEEP -f "$url/sweep.tmp$q" --out "$out" --label same
	for f in results.csv summary.csv; do
		check test "$(head -n 1 "$T/lo/$f")" = "$(head -n 1 "$out/$f")"
	done
	keys "$out/results.csv" >"$out.keys"
	check cmp -s "$T/lo.keys" "$out.keys"
	check test "$(wc -l < "$T/lo/summary.csv")" -eq "$(wc -l < "$out/summary.csv")"
	check awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ b = $(c["bytes"]); s = $(c["seconds"]); k = $(c["kb_per_s"])
		  if (b != $(c["file_kb"]) * 1024 || !(s > 0) || !(k > 0) ||
		      (k - b / 1024 / s) ^ 2 > (k / 1000) ^ 2 || $(c["cached_pct"]) != "") bad++ }
		END { exit bad > 0 }' "$out/results.csv"
	check grep -q "^fs_type,nfs$v\$" "$out/meta.csv"
	check grep -q '^link,gigabit$' "$out/meta.csv"
	check grep -q '^status,complete$' "$out/meta.csv"
	check test ! -e "$exp/sweep.tmp"
done
expect_success lab down
finish
