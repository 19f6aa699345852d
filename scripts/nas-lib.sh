# SPDX-License-Identifier: GPL-2.0-or-later
# nas-lib.sh: shell functions shared by scripts/nas-sim (one command behind
# an emulated NAS) and scripts/nas-lab (a NAS of real servers behind a
# shaped link): sizes, the block device under a directory, and the memory
# and block-I/O cgroups that stand for a box's RAM and its disks.
#
# Sourced, never run.  Functions that can fail return 1 and leave a
# sentence saying why in NL_ERR; the caller decides whether that is a skip
# (exit 77) or an error.  Nothing here prints or exits.
#
# The cgroup scheme, in one place:
# - cgroup v1 (a "memory" or "blkio" hierarchy mounted): a child NAME of our
#   own cgroup in each controller needed; memory.limit_in_bytes caps what
#   its processes keep, page cache included, memory.swappiness=0; the
#   throttle is blkio.throttle.read_bps_device / write_bps_device per
#   device.  v1 throttles only I/O a process submits itself (reads, O_DIRECT
#   or O_SYNC writes), not the kernel's later write-back of buffered writes.
# - cgroup v2: a sibling NAME of our own cgroup (a cgroup with processes
#   cannot hand controllers to children), memory.high (reclaims instead of
#   killing) and io.max rbps/wbps per device, write-back included.

# nl_to_bytes SIZE: bytes of "256M", "50m", "1G", "4096", "64k" (powers of
# 1024) on stdout; 1 when SIZE is not a size.
nl_to_bytes() {
	case $1 in
	''|*[!0-9kKmMgG]*|[!0-9]*) return 1 ;;
	esac
	nl_num=${1%[kKmMgG]}
	case $nl_num in *[!0-9]*|'') return 1 ;; esac
	case $1 in
	*[kK]) echo $((nl_num * 1024)) ;;
	*[mM]) echo $((nl_num * 1024 * 1024)) ;;
	*[gG]) echo $((nl_num * 1024 * 1024 * 1024)) ;;
	*) echo "$nl_num" ;;
	esac
}

# nl_find_device DIR: "major:minor" of the whole disk under DIR (a
# partition's disk, a loop device, device-mapper); 1 when there is none
# (tmpfs, NFS, FUSE).
nl_find_device() {
	nl_src=$(findmnt -n -o SOURCE --target "$1" 2>/dev/null | head -n 1)
	nl_mm=""
	if [ -n "$nl_src" ] && [ -b "$nl_src" ]; then
		nl_mm=$(stat -L -c '%t %T' "$nl_src" 2>/dev/null) || nl_mm=""
		[ -n "$nl_mm" ] && nl_mm=$(printf '%d:%d' "0x${nl_mm% *}" "0x${nl_mm#* }")
	fi
	if [ -z "$nl_mm" ]; then
		nl_mm=$(findmnt -n -o MAJ:MIN --target "$1" 2>/dev/null | head -n 1 | tr -d ' ')
		case $nl_mm in 0:*|'') return 1 ;; esac
	fi
	nl_sys=/sys/dev/block/$nl_mm
	[ -e "$nl_sys" ] || return 1
	if [ -e "$nl_sys/partition" ]; then
		nl_parent=$(cd -P "$nl_sys/.." && pwd)
		[ -r "$nl_parent/dev" ] || return 1
		nl_mm=$(cat "$nl_parent/dev")
	fi
	echo "$nl_mm"
}

# nl_v1_mount CONTROLLER: mount point of a cgroup v1 controller, or nothing
nl_v1_mount() {
	awk -v c="$1" '$3 == "cgroup" { n = split($4, o, ","); for (i = 1; i <= n; i++) if (o[i] == c) { print $2; exit } }' /proc/mounts
}
# nl_v1_current CONTROLLER: this process's cgroup path in that controller
nl_v1_current() {
	awk -F: -v c="$1" '{ n = split($2, o, ","); for (i = 1; i <= n; i++) if (o[i] == c) { print $3; exit } }' /proc/self/cgroup
}

# nl_cgroup_make NAME MEM_BYTES DEVICES: make the cgroup(s) NAME with a
# memory limit of MEM_BYTES (empty: none) and throttled DEVICES, a
# space-separated list of "major:minor:read_bps:write_bps" (an empty rate
# is no limit).  Sets NL_CG_VERSION (1 or 2), NL_CG_DIRS (every directory
# made, for nl_cgroup_remove, also when it fails half-way) and NL_CG_PROCS
# (the cgroup.procs files a process writes its pid into to join).
nl_cgroup_make() {
	nl_name=$1 nl_mem=$2 nl_devs=$3
	NL_CG_DIRS="" NL_CG_PROCS="" NL_ERR=""
	nl_mem_v1=$(nl_v1_mount memory)
	nl_blk_v1=$(nl_v1_mount blkio)
	nl_v2=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
	if [ -n "$nl_mem_v1" ] || [ -n "$nl_blk_v1" ]; then
		NL_CG_VERSION=1
		if [ -n "$nl_mem" ]; then
			[ -n "$nl_mem_v1" ] || { NL_ERR="cgroup v1 without a memory controller: cannot limit the cache"; return 1; }
			nl_d="$nl_mem_v1$(nl_v1_current memory)"
			nl_d="${nl_d%/}/$nl_name"
			nl_mkcg "$nl_d" || return 1
			nl_cgw "$nl_d/memory.limit_in_bytes" "$nl_mem" || return 1
			[ -w "$nl_d/memory.swappiness" ] && echo 0 > "$nl_d/memory.swappiness" 2>/dev/null
			NL_CG_PROCS="$NL_CG_PROCS $nl_d/cgroup.procs"
		fi
		if [ -n "$nl_devs" ]; then
			[ -n "$nl_blk_v1" ] || { NL_ERR="cgroup v1 without a blkio controller: cannot throttle the disk"; return 1; }
			nl_d="$nl_blk_v1$(nl_v1_current blkio)"
			nl_d="${nl_d%/}/$nl_name"
			nl_mkcg "$nl_d" || return 1
			for nl_dev in $nl_devs; do
				nl_mm=${nl_dev%:*:*} nl_rates=${nl_dev#*:*:}
				nl_r=${nl_rates%:*} nl_w=${nl_rates#*:}
				[ -z "$nl_r" ] || nl_cgw "$nl_d/blkio.throttle.read_bps_device" "$nl_mm $nl_r" || return 1
				[ -z "$nl_w" ] || nl_cgw "$nl_d/blkio.throttle.write_bps_device" "$nl_mm $nl_w" || return 1
			done
			NL_CG_PROCS="$NL_CG_PROCS $nl_d/cgroup.procs"
		fi
	elif [ -n "$nl_v2" ]; then
		NL_CG_VERSION=2
		nl_cur=$(awk -F: '$1 == "0" { print $3; exit }' /proc/self/cgroup)
		if [ -z "$nl_cur" ] || [ "$nl_cur" = / ]; then nl_parent=$nl_v2; else nl_parent=$nl_v2$(dirname "$nl_cur"); fi
		nl_parent=${nl_parent%/}
		nl_want=""
		[ -n "$nl_mem" ] && nl_want="$nl_want memory"
		[ -n "$nl_devs" ] && nl_want="$nl_want io"
		for nl_c in $nl_want; do
			grep -qw "$nl_c" "$nl_parent/cgroup.controllers" 2>/dev/null ||
				{ NL_ERR="cgroup v2 at '$nl_parent' has no $nl_c controller"; return 1; }
			grep -qw "$nl_c" "$nl_parent/cgroup.subtree_control" 2>/dev/null ||
				nl_cgw "$nl_parent/cgroup.subtree_control" "+$nl_c" || return 1
		done
		nl_d="$nl_parent/$nl_name"
		nl_mkcg "$nl_d" || return 1
		if [ -n "$nl_mem" ]; then
			nl_cgw "$nl_d/memory.high" "$nl_mem" || return 1
			[ -w "$nl_d/memory.swap.max" ] && echo 0 > "$nl_d/memory.swap.max" 2>/dev/null
		fi
		for nl_dev in $nl_devs; do
			nl_mm=${nl_dev%:*:*} nl_rates=${nl_dev#*:*:}
			nl_r=${nl_rates%:*} nl_w=${nl_rates#*:}
			nl_io="$nl_mm${nl_r:+ rbps=$nl_r}${nl_w:+ wbps=$nl_w}"
			[ "$nl_io" = "$nl_mm" ] || nl_cgw "$nl_d/io.max" "$nl_io" || return 1
		done
		NL_CG_PROCS="$nl_d/cgroup.procs"
	else
		NL_ERR="no cgroup file system mounted (neither v1 nor v2)"
		return 1
	fi
}
nl_mkcg() {
	mkdir "$1" 2>/dev/null || { NL_ERR="cannot create cgroup '$1' (not permitted here?)"; return 1; }
	NL_CG_DIRS="$NL_CG_DIRS $1"
}
nl_cgw() {
	echo "$2" > "$1" 2>/dev/null || { NL_ERR="cannot write '$2' to '$1' (not permitted here?)"; return 1; }
}

# nl_cgroup_remove DIRS: move every process left in each cgroup directory
# back to its parent and remove the directory.  Prints nothing; returns 1
# and names the first directory it could not remove in NL_ERR.
nl_cgroup_remove() {
	nl_rc=0
	for nl_d in $1; do
		[ -d "$nl_d" ] || continue
		nl_up=$(dirname "$nl_d")
		if [ -r "$nl_d/cgroup.procs" ]; then
			while read -r nl_pid; do
				echo "$nl_pid" > "$nl_up/cgroup.procs" 2>/dev/null
			done < "$nl_d/cgroup.procs"
		fi
		[ -w "$nl_d/memory.force_empty" ] && echo 0 > "$nl_d/memory.force_empty" 2>/dev/null
		rmdir "$nl_d" 2>/dev/null || { [ $nl_rc -eq 0 ] && NL_ERR="could not remove cgroup '$nl_d'"; nl_rc=1; }
	done
	return $nl_rc
}

# nl_join PROCS_FILES COMMAND...: run COMMAND as a process that first
# joins the cgroups (writes its pid into each file), then becomes COMMAND.
nl_join() {
	nl_files=$1
	shift
	sh -c 'for f in $1; do echo $$ > "$f" || exit 126; done; shift; exec "$@"' nl-join "$nl_files" "$@"
}
