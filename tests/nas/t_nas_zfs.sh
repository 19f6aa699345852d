#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# t_nas_zfs.sh: a real ZFS that deduplicates and compresses finds nothing
# to share or squeeze in iosweep's default data, in every writing mode,
# and stores shaped data at the ratio its options predict.  zfs-fuse
# (Debian's package: ZFS in user space) is started by this test with a
# pid file, and each case gets a fresh pool on a file in the test's
# folder (dedup=on, compression=on) with one dataset of the case's
# recordsize; the files are kept (-w, --keep, -L), the pool is exported
# and imported again so every transaction group is on disk, then
#  - default data: `zpool list -o dedupratio` and the dataset's
#    compressratio are 1.00x (iosweep 0.1 stored `-s 64m -r 1m -i 0` at
#    32.00x: the pattern buffer's walk came round every 2 MiB);
#  - -+w 50 with two children (-t 2): first halves of all records alike
#    (-+y 100) gives 256 records of 256 kB as 512 blocks of 128 kB of
#    which 257 are distinct, 1.99x; first halves alike across the two
#    files only (-+y 0) gives 384 distinct of 512, 1.33x;  the header's
#    "expected dedup ratio" says the same within 0.05.
# zfs-fuse's ZFS takes recordsize up to 128k: the 1M dataset of the
# brief is tried and left out with a note when refused.  The pool is
# destroyed and the daemon stopped (by its pid) on any exit.  Skipped
# without root, /dev/fuse or zfs-fuse (scripts/bootstrap naslab), or
# when a zfs-fuse daemon runs already (one per machine).
. "$(dirname "$0")/../e2e/lib.sh"

[ "$(id -u)" -eq 0 ] || skip "needs root (zfs-fuse mounts through FUSE)"
[ -c /dev/fuse ] || skip "no /dev/fuse: zfs-fuse needs FUSE"
command -v zfs-fuse >/dev/null 2>&1 && command -v zpool >/dev/null 2>&1 ||
	skip "zfs-fuse is not installed (scripts/bootstrap naslab)"
[ -z "$(pgrep -x zfs-fuse)" ] || skip "a zfs-fuse daemon runs already (one per machine)"

Z="$T/zfs"
POOL=iosweep$$
PN=0
mkdir -p "$Z"
ZPID=
zfs_down() {
	if [ -n "$ZPID" ]; then
		zpool list -H -o name 2>/dev/null | grep "^$POOL" |
			while read -r p; do zpool destroy -f "$p"; done
		kill "$ZPID" 2>/dev/null
		n=0
		while kill -0 "$ZPID" 2>/dev/null && [ $n -lt 100 ]; do
			sleep 0.2
			n=$((n + 1))
		done
		kill -9 "$ZPID" 2>/dev/null
		ZPID=
	fi
}
trap 'zfs_down; for m in $MOUNTS; do umount "$m" 2>/dev/null; done; e2e_drop_T' EXIT

zfs-fuse --no-kstat-mount -p "$Z/pid" >"$T/zfs-fuse.out" 2>&1 ||
	{ cat "$T/zfs-fuse.out"; fail "zfs-fuse did not start"; finish; }
n=0
while [ ! -s "$Z/pid" ] && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
ZPID=$(cat "$Z/pid" 2>/dev/null)
check test -n "$ZPID"
n=0  # the daemon answers once its socket is up
until zpool list >/dev/null 2>&1 || [ $n -ge 50 ]; do sleep 0.2; n=$((n + 1)); done

# pool_up RECORDSIZE: a fresh pool and its dataset, mounted at $D; 1 when
# zfs-fuse refuses the recordsize
pool_up() {
	PN=$((PN + 1))   # a name of its own: a pool left busy spoils no other case
	POOL=iosweep$$x$PN
	truncate -s 1G "$Z/vdev$PN"
	zpool create -O dedup=on -O compression=on -m "$Z/mnt$PN" "$POOL" "$Z/vdev$PN" \
		>"$T/zpool.out" 2>&1 || { cat "$T/zpool.out"; fail "zpool create"; return 1; }
	if ! zfs create -o recordsize="$1" "$POOL/d" >"$T/zfs.out" 2>&1; then
		echo "note: recordsize $1 left out: $(cat "$T/zfs.out")"
		pool_destroy
		return 1
	fi
	D="$Z/mnt$PN/d"
	n=0  # zfs-fuse mounts it a moment later
	until mountpoint -q "$D" || [ $n -ge 50 ]; do sleep 0.2; n=$((n + 1)); done
	check mountpoint -q "$D"
}
# pool_figures: export and import (every txg on disk), then DEDUP and
# the dataset's compressratio into $DEDUP and $COMP ("1.00x"); destroys
pool_figures() {
	sync
	zpool export "$POOL" && zpool import -d "$Z" "$POOL" || fail "zpool export/import"
	DEDUP=$(zpool list -H -o dedupratio "$POOL")
	COMP=$(zfs get -H -o value compressratio "$POOL/d")
	pool_destroy
}
# pool_destroy: zfs-fuse says "pool is busy" while its mounts settle
pool_destroy() {
	n=0
	until zpool destroy -f "$POOL" >"$T/destroy.out" 2>&1; do
		n=$((n + 1))
		[ $n -lt 25 ] || { cat "$T/destroy.out"; fail "zpool destroy $POOL"; break; }
		sleep 0.4
	done
}
# unique WHAT RECORDSIZE ARGS...: ARGS (with @ for the dataset's folder)
# on a fresh pool; DEDUP and compressratio 1.00x
N=0
unique() {
	what=$1
	rs=$2
	shift 2
	pool_up "$rs" || return 0
	N=$((N + 1))
	cmd=
	for a in "$@"; do
		[ "$a" = @ ] && a=$D
		case $a in @/*) a=$D${a#@} ;; esac
		cmd="$cmd '$a'"
	done
	eval "run $cmd"
	[ "$RC" -eq 0 ] || sed 's/^/  /' "$T/err" | head -n 5
	check test "$RC" -eq 0
	pool_figures
	echo "$what (recordsize $rs): dedup $DEDUP, compressratio $COMP"
	check test "$DEDUP" = 1.00x
	check test "$COMP" = 1.00x
}

O="$T/out"
awk 'BEGIN { for (i = 0; i < 1024; i++) print i * 8192, 8192 }' >"$T/traj"
for rs in 4k 128k 1M; do
	unique "sweep -r 1m -i 0" $rs "$IOSWEEP" -s 32m -r 1m -i 0 -w --quiet -f @/f1 --out "$O.$rs.1"
	unique "sweep -r 4k -i 0 -i 2 -i 4 -i 9 -E" $rs "$IOSWEEP" -s 16m -r 4k -i 0 -i 2 -i 4 -i 9 -E \
		-w --quiet -f @/f --out "$O.$rs.2"
done
unique "sweep -a (every record size)" 128k "$IOSWEEP" -a -n 4m -g 8m -i 0 -w --quiet -f @/f \
	--out "$O.3"
unique "sweep -m" 4k "$IOSWEEP" -s 8m -r 4k -i 0 -m -w --quiet -f @/f --out "$O.4"
unique "sweep -B (mmap)" 4k "$IOSWEEP" -s 8m -r 4k -i 0 -B -w --quiet -f @/f --out "$O.5"
unique "sweep -X" 4k "$IOSWEEP" -X "$T/traj" -w --quiet -f @/f --out "$O.6"
unique "--iodepth 4 --jobs 2" 4k "$IOSWEEP" -s 16m -r 4k -i 0 -i 2 --iodepth 4 --jobs 2 -w \
	--quiet -f @/f --out "$O.7"
unique "-t 2" 128k "$IOSWEEP" -t 2 -s 16m -r 128k -i 0 -i 2 -w --quiet -F @/a @/b --out "$O.8"
unique "-t 2 -T" 4k "$IOSWEEP" -t 2 -T -s 8m -r 4k -i 0 -i 9 -w --quiet -F @/a @/b --out "$O.9"
unique "iosweep files" 4k "$IOSWEEP" files --count 200 --file-size 64k --jobs 2 --keep --dir @
unique "fileop" 4k "$IOSWEEP" fileop -f 4 -s 65536 -L -d @
unique "fileop 1 MiB files" 128k "$IOSWEEP" fileop -f 2 -s 1048576 -L -d @

# shaped WHAT PREDICTED ARGS...: -t 2 children of -+w 50 data on 128k
# records; the pool's DEDUP within 0.05 of PREDICTED, and of the header's
within5() {
	awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 0.05) }'
}
shaped() {
	what=$1
	want=$2
	shift 2
	pool_up 128k || return 0
	expect_success "$IOSWEEP" -t 2 -s 32m -r 256k -i 0 -+w 50 "$@" -+Q 128k -w --quiet \
		-F "$D/a" "$D/b" --out "$T/shaped$want"
	head=$(sed -n 's/.*expected dedup ratio \([0-9.]*\) at 131072-byte blocks.*/\1/p' "$T/out")
	pool_figures
	echo "$what: dedup $DEDUP (predicted ${want}x, header ${head}x), compressratio $COMP"
	check within5 "${DEDUP%x}" "$want"
	check within5 "$head" "$want"
	check test "$COMP" = 1.00x
}
shaped "-t 2 -+w 50 -+y 100 (first halves alike everywhere)" 1.99 -+y 100
shaped "-t 2 -+w 50 -+y 0 (first halves alike across the files)" 1.33 -+y 0
finish
