# SPDX-License-Identifier: GPL-2.0-or-later
# nas-zfs.sh: the ZFS box of scripts/nas-lab (`nas-lab up --zfs LAYOUT`):
# a zfs-fuse daemon started by its pid with its ARC capped, a pool of
# loop-device vdevs throttled like disks (a block-I/O cgroup of the
# daemon's own: zfs-fuse does every vdev read and write itself, O_DIRECT),
# an optional LOG vdev on a fast device (a loop device over a file in a
# tmpfs of its own: RAM), one dataset per share, and the box's
# own figures (allocated bytes, DEDUP, compressratio, the ARC's kstats)
# as figure,value CSV.  Kept apart from nas-lab, which sources it and
# calls zfs_up and zfs_down where it makes and removes the disks.
#
# Sourced, never run; uses nas-lab's globals ($dir, $name, $cgname,
# $ram, $disk_read, $disk_write, $zfs_disk, $zfs_log) and nas-lib.sh.
# Functions that can fail return 1 with a sentence in ZFS_ERR, or 2 when
# the reason is this machine (a skip).  The state lives in $dir/zfs:
# pid (the daemon's), pool (its name), cgroups (the directories made),
# made-kstat-dir (present when /zfs-kstat was made here), layout (LAYOUT
# as asked), log_bytes (the LOG vdev's size, 0 none), log_loop (its loop
# device) and fast/ (the LOG's tmpfs, with log.img).  The disks' images are $dir/disks/zfs-*.img, so
# nas-lab's down detaches them; zfs_down detaches and unmounts the LOG's.

# shellcheck disable=SC2154,SC2034 # nas-lab's globals, read and set
ZFS_KSTAT=/zfs-kstat           # where zfs-fuse mounts its kstats (fixed)
ZFS_RATE_DEFAULT=20M           # a vdev's rate when --disk-read/-write are not given

# zfs_parse_layout LAYOUT: ZFS_KIND (single, mirror, raidz1, raidz2) and
# ZFS_N (disks); 1 with ZFS_ERR when LAYOUT is none of them
zfs_parse_layout() {
	ZFS_KIND=${1%%:*} ZFS_N=""
	case $1 in *:*) ZFS_N=${1#*:} ;; esac
	case $ZFS_KIND in
	single) zfs_lo=1 zfs_def=1 ;;
	mirror) zfs_lo=2 zfs_def=2 ;;
	raidz|raidz1) ZFS_KIND=raidz1 zfs_lo=2 zfs_def=3 ;;
	raidz2) zfs_lo=3 zfs_def=4 ;;
	*) ZFS_ERR="not a layout (single, mirror[:N], raidz1[:N], raidz2[:N])"; return 1 ;;
	esac
	case $ZFS_N in
	'') ZFS_N=$zfs_def ;;
	*[!0-9]*) ZFS_ERR="N is a number of disks"; return 1 ;;
	esac
	if [ "$ZFS_N" -lt $zfs_lo ] || [ "$ZFS_N" -gt 8 ] ||
		{ [ "$ZFS_KIND" = single ] && [ "$ZFS_N" -ne 1 ]; }; then
		ZFS_ERR="$ZFS_KIND takes $zfs_lo to 8 disks (single: 1)"
		return 1
	fi
}

# zfs_parse_props PROPS: 1 with ZFS_ERR unless PROPS is a comma list of
# KEY=VALUE with a dataset property zfs-fuse may know as KEY
zfs_parse_props() {
	for zfs_p in $(echo "$1" | tr , ' '); do
		case $zfs_p in
		recordsize=?*|sync=?*|compression=?*|dedup=?*|logbias=?*|primarycache=?*|\
		atime=?*|checksum=?*|copies=?*) ;;
		*) ZFS_ERR="'$zfs_p' is not one of recordsize, sync, compression, dedup, logbias, primarycache, atime, checksum or copies =VALUE"
			return 1 ;;
		esac
	done
}

# zfs_check: 2 with ZFS_ERR when this machine cannot run the box
zfs_check() {
	for zfs_t in zfs-fuse zpool zfs; do
		command -v "$zfs_t" >/dev/null 2>&1 ||
			{ ZFS_ERR="$zfs_t is not installed (Debian: zfs-fuse; scripts/bootstrap naslab)"; return 2; }
	done
	[ -c /dev/fuse ] || { ZFS_ERR="no /dev/fuse: zfs-fuse needs FUSE"; return 2; }
	if [ -n "$(pgrep -x zfs-fuse)" ]; then
		ZFS_ERR="a zfs-fuse daemon runs already (pid $(pgrep -x zfs-fuse | tr '\n' ' ' | sed 's/ $//'); one per machine)"
		return 2
	fi
}

# zfs_loop IMG SIZE: a direct-I/O loop device on a new image, on stdout
zfs_loop() {
	truncate -s "$(nl_to_bytes "$2")" "$1" || return 1
	losetup --find --show --direct-io=on "$1" 2>/dev/null ||
		losetup --find --show "$1" 2>/dev/null
}

# zfs_up POOL_SHARE_SPECS: the daemon, the pool and a dataset per
# "NAME:zfs:PROPS" spec, each mounted on $dir/disks/NAME; 0, 1 or 2
zfs_up() {
	z=$dir/zfs
	mkdir -p "$z" || { ZFS_ERR="cannot create '$z'"; return 1; }
	zfs_parse_layout "$zfs_layout" || return 1
	zrb=${disk_read:-$(nl_to_bytes $ZFS_RATE_DEFAULT)}
	zwb=${disk_write:-$(nl_to_bytes $ZFS_RATE_DEFAULT)}
	zvdevs="" zdevs="" i=0
	while [ $i -lt "$ZFS_N" ]; do
		zl=$(zfs_loop "$dir/disks/zfs-$i.img" "$zfs_disk") ||
			{ ZFS_ERR="no free loop device for the pool's disk $i"; return 2; }
		zvdevs="$zvdevs $zl"
		zdevs="$zdevs $(cat "/sys/block/${zl#/dev/}/dev"):$zrb:$zwb"
		i=$((i + 1))
	done
	zlog=""
	echo "$zfs_layout" > "$z/layout"
	echo 0 > "$z/log_bytes"
	if [ -n "$zfs_log" ]; then
		# the fast device: RAM, so a sync write's wait is the LOG's
		# own path and not a disk's
		zlb=$(nl_to_bytes "$zfs_log")
		mkdir -p "$z/fast" && mount -t tmpfs -o "size=$((zlb + 1048576)),mode=700" \
			iosweep-zfs-log "$z/fast" ||
			{ ZFS_ERR="cannot mount a tmpfs for the LOG vdev on '$z/fast'"; return 2; }
		zlog=$(zfs_loop "$z/fast/log.img" "$zfs_log") ||
			{ ZFS_ERR="no free loop device for the LOG vdev"; return 2; }
		echo "$zlog" > "$z/log_loop"
		echo "$zlb" > "$z/log_bytes"
	fi
	# the disks' throttle, for the daemon alone (it is no server: its
	# memory is the ARC, capped by itself, not the servers' cgroup)
	nl_cgroup_make "$cgname-zfs" "" "${zdevs# }"
	zrc=$?
	echo "$NL_CG_DIRS" > "$z/cgroups"
	[ $zrc -eq 0 ] || { ZFS_ERR=$NL_ERR; return 2; }
	zprocs=$NL_CG_PROCS
	if [ ! -d "$ZFS_KSTAT" ]; then
		mkdir "$ZFS_KSTAT" && : > "$z/made-kstat-dir"
	fi
	arc_mb=$(( $(nl_to_bytes "$ram") / 1048576 ))
	[ $arc_mb -ge 16 ] || arc_mb=16
	[ $arc_mb -le 16384 ] || arc_mb=16384
	echo "$arc_mb" > "$z/arc_mb"
	# zfs-fuse forks into the background itself and writes the pid file
	nl_join "$zprocs" zfs-fuse -p "$z/pid" --disable-block-cache --disable-page-cache \
		-m "$arc_mb" >"$dir/log/zfs-fuse.out" 2>&1 ||
		{ ZFS_ERR="zfs-fuse did not start (see $dir/log/zfs-fuse.out)"; return 1; }
	i=0
	while [ ! -s "$z/pid" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
	[ -s "$z/pid" ] || { ZFS_ERR="zfs-fuse wrote no pid file"; return 1; }
	i=0  # it answers once its socket is up
	until zpool list >/dev/null 2>&1; do
		i=$((i + 1))
		[ $i -lt 50 ] || { ZFS_ERR="zfs-fuse does not answer zpool"; return 1; }
		sleep 0.2
	done
	zpool_name=iosweep-$name
	echo "$zpool_name" > "$z/pool"
	zkind=$ZFS_KIND
	[ "$zkind" = single ] && zkind=""
	# cachefile=none: the pool is never imported again by a later daemon
	# shellcheck disable=SC2086
	zpool create -f -o cachefile=none -m none "$zpool_name" $zkind $zvdevs \
		${zlog:+log "$zlog"} >"$dir/log/zpool.out" 2>&1 ||
		{ ZFS_ERR="zpool create failed: $(grep -v '^Defaulting' "$dir/log/zpool.out" | head -n 2 | tr '\n' ' ')"; return 1; }
	for zspec in $1; do
		zsn=${zspec%%:*} zprops=${zspec#*:zfs:}
		[ "$zprops" != "$zspec" ] || zprops=""
		zo=""
		for zp in $(echo "$zprops" | tr , ' '); do zo="$zo -o $zp"; done
		mkdir -p "$dir/disks/$zsn"
		# shellcheck disable=SC2086
		zfs create -o mountpoint="$dir/disks/$zsn" $zo "$zpool_name/$zsn" \
			>"$dir/log/zfs-$zsn.out" 2>&1 ||
			{ ZFS_ERR="zfs create $zpool_name/$zsn$zo: $(head -n 2 "$dir/log/zfs-$zsn.out" | tr '\n' ' ')"; return 1; }
		i=0  # zfs-fuse mounts it a moment later
		until mountpoint -q "$dir/disks/$zsn"; do
			i=$((i + 1))
			[ $i -lt 50 ] || { ZFS_ERR="dataset $zpool_name/$zsn did not mount"; return 1; }
			sleep 0.2
		done
		if ! mkdir -p "$dir/disks/$zsn/export" || ! chmod 777 "$dir/disks/$zsn/export"; then
			ZFS_ERR="cannot make the export folder of $zsn"
			return 1
		fi
	done
	zdisks="$ZFS_N disks"
	[ "$ZFS_N" -gt 1 ] || zdisks="1 disk"
	ZFS_SAY="pool $zpool_name: $ZFS_KIND of $zdisks of $zfs_disk (reads $zrb B/s, writes $zwb B/s each)${zlog:+, LOG vdev of $zfs_log on a tmpfs (RAM)}, ARC at most $arc_mb MB"
}

# zfs_down: the pool destroyed, the daemon stopped by its pid, its kstat
# mount and folder and its cgroup removed; whatever state they are in
zfs_down() {
	z=$dir/zfs
	[ -d "$z" ] || return 0
	zpid=$(cat "$z/pid" 2>/dev/null)
	if [ -n "$zpid" ] && kill -0 "$zpid" 2>/dev/null; then
		zpool_name=$(cat "$z/pool" 2>/dev/null)
		i=0  # "pool is busy" while its mounts settle
		while [ -n "$zpool_name" ] && zpool list "$zpool_name" >/dev/null 2>&1 &&
			! zpool destroy -f "$zpool_name" >/dev/null 2>&1 && [ $i -lt 25 ]; do
			sleep 0.4
			i=$((i + 1))
		done
		kill -TERM "$zpid" 2>/dev/null
		i=0  # it takes a few seconds to leave
		while kill -0 "$zpid" 2>/dev/null && [ $i -lt 150 ]; do sleep 0.1; i=$((i + 1)); done
		kill -KILL "$zpid" 2>/dev/null
		i=0
		while kill -0 "$zpid" 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
	fi
	# from the mount table: mountpoint(1) stats the folder, which fails
	# (ENOTCONN) once a killed daemon left its mount behind
	if [ -n "$zpid" ] && awk -v m="$ZFS_KSTAT" '$5 == m { f = 1 } END { exit !f }' /proc/self/mountinfo; then
		fusermount -u -z "$ZFS_KSTAT" 2>/dev/null || umount -l "$ZFS_KSTAT" 2>/dev/null
	fi
	[ -e "$z/made-kstat-dir" ] && [ -d "$ZFS_KSTAT" ] && rmdir "$ZFS_KSTAT" 2>/dev/null
	# the LOG's loop device by its name (down's first step may have
	# unmounted the tmpfs lazily, so its path no longer finds it), when
	# it still serves the LOG's image; then the tmpfs
	zl=$(cat "$z/log_loop" 2>/dev/null)
	case $(cat "/sys/block/${zl#/dev/}/loop/backing_file" 2>/dev/null) in
	*/log.img) losetup -d "$zl" 2>/dev/null ;;
	esac
	if awk -v m="$z/fast" '$5 == m { f = 1 } END { exit !f }' /proc/self/mountinfo; then
		umount "$z/fast" 2>/dev/null || umount -l "$z/fast" 2>/dev/null
	fi
	zrc=0
	if [ -r "$z/cgroups" ]; then
		nl_cgroup_remove "$(cat "$z/cgroups")" || { ZFS_ERR=$NL_ERR; zrc=1; }
	fi
	rm -f "$z/pid"
	return $zrc
}

# zfs_bytes 81.8M: bytes of zpool's rounded sizes (powers of 1024)
zfs_bytes() {
	echo "$1" | awk '{ v = $1; u = substr(v, length(v)); m = 1
		if (u ~ /[KMGTP]/) { v = substr(v, 1, length(v) - 1)
			m = 1024 ^ index("KMGTP", u) }
		printf "%.0f\n", v * m }'
}

# zfs_stats: the box's figures as figure,value CSV on stdout, after a
# transaction group is on disk (a snapshot made and destroyed waits for
# one): the layout as asked and the LOG vdev's bytes (0: none), the
# pool's allocated and free bytes (zpool rounds them to three digits:
# version 23 has no -p), DEDUP, the pool's used bytes and compressratio
# and each dataset's, with its recordsize (bytes), compression and
# dedup, the ARC's kstats
zfs_stats() {
	zpool_name=$(cat "$dir/zfs/pool" 2>/dev/null)
	[ -n "$zpool_name" ] || { ZFS_ERR="lab '$name' has no ZFS box"; return 1; }
	zfs snapshot "$zpool_name@iosweep-txg" >/dev/null 2>&1 &&
		zfs destroy "$zpool_name@iosweep-txg" >/dev/null 2>&1
	echo "figure,value"
	echo "time_unix,$(date +%s)"
	echo "pool,$zpool_name"
	echo "layout,$(cat "$dir/zfs/layout" 2>/dev/null)"
	echo "log_bytes,$(cat "$dir/zfs/log_bytes" 2>/dev/null)"
	zpool list -H -o alloc,free,dedupratio "$zpool_name" | while read -r za zf zd; do
		echo "allocated_bytes,$(zfs_bytes "$za")"
		echo "free_bytes,$(zfs_bytes "$zf")"
		echo "dedupratio,${zd%x}"
	done
	zfs get -H -p -r -o name,property,value used,compressratio,recordsize,compression,dedup \
		"$zpool_name" |
		awk -F'\t' -v p="$zpool_name" '{ n = ($1 == p) ? "pool" : "dataset." substr($1, length(p) + 2)
			v = $3; sub(/x$/, "", v)
			print n "." ($2 == "used" ? "used_bytes" : $2) "," v }'
	for zk in size c_max hits misses demand_data_hits demand_data_misses; do
		zv=$(cat "$ZFS_KSTAT/zfs/arcstats/$zk" 2>/dev/null) || zv=""
		echo "arc_$zk,$zv"
	done
	zh=$(cat "$ZFS_KSTAT/zfs/arcstats/hits" 2>/dev/null)
	zm=$(cat "$ZFS_KSTAT/zfs/arcstats/misses" 2>/dev/null)
	echo "arc_hit_pct,$(awk -v h="${zh:-0}" -v m="${zm:-0}" 'BEGIN { if (h + m > 0) printf "%.2f", 100 * h / (h + m) }')"
}
