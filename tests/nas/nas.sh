# SPDX-License-Identifier: GPL-2.0-or-later
# nas.sh: what the tests in tests/nas/ share, sourced after tests/e2e/lib.sh.
# They run iosweep on the real SMB and SSH shares of scripts/nas-lab (see
# docs/nas.md), each test with a lab of its own name and state folder,
# taken down at exit whatever happens.
#   lab_up ARGS...      scripts/nas-lab up --name $LAB ARGS; skips (77)
#                       with nas-lab's reason when it cannot run here
#   lab CMD ARGS...     scripts/nas-lab CMD --name $LAB ARGS
#   share NAME PROTO    the path of a share ($LAB's status)
#   link_kbps PROFILE   the link's nominal rate in kB/s (1024 bytes)
#   csv_mean CSV TEST FILE_KB  the mean kB/s of a cell in summary.csv
NASLAB="$TOP/scripts/nas-lab"
LAB=t$$
LABDIR=/var/tmp/iosweep-lab-$LAB
trap 'sh "$NASLAB" down --name "$LAB" >/dev/null 2>&1; for m in $MOUNTS; do umount "$m" 2>/dev/null; done; e2e_drop_T' EXIT
trap 'exit 130' INT TERM HUP

lab() {
	lab_cmd=$1
	shift
	sh "$NASLAB" "$lab_cmd" --name "$LAB" "$@"
}
lab_up() {
	[ "$(id -u)" -eq 0 ] || skip "needs root (scripts/nas-lab: namespace, loop mounts, cgroups)"
	lab up "$@" >"$T/lab-up.out" 2>&1
	lab_rc=$?
	[ $lab_rc -eq 77 ] && skip "$(tail -n 1 "$T/lab-up.out")"
	[ $lab_rc -eq 0 ] || { cat "$T/lab-up.out"; fail "nas-lab up $* failed ($lab_rc)"; finish; }
}
share() {
	lab status | awk -v n="$1" -v p="$2" '$1 == "share" && $2 == n && $3 == p { print $4 }'
}
link_kbps() {
	case $1 in
	100mbit) echo 12207 ;;
	gigabit) echo 122070 ;;
	esac
}
csv_mean() {
	awk -F, -v t="$2" -v f="$3" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$(c["test"]) == t && $(c["file_kb"]) == f { print $(c["mean"]); exit }' "$1"
}
# nl_size_kb SIZE: kB of "256m", "48m", "1g"
nl_size_kb() {
	case $1 in
	*[kK]) echo "${1%?}" ;;
	*[mM]) echo $(( ${1%?} * 1024 )) ;;
	*[gG]) echo $(( ${1%?} * 1024 * 1024 )) ;;
	esac
}
