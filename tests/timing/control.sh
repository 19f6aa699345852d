# SPDX-License-Identifier: GPL-2.0-or-later
# control.sh: the control of make check-timing, sourced after lib.sh by
# each tests/timing/t_*.sh.  A timing check means something only on a
# machine that runs the test when it asks: timing_control times five
# 100 ms sleeps and reads the load average, prints both, and skips the
# test with them as the reason when a sleep woke more than 30 ms late or
# the load average is above the number of CPUs (another program's work
# would move the figures, not iosweep's).  IOSWEEP_TIMING_FORCE=1 runs
# the checks anyway (to try a test on a busy machine).  Checks that compare with
# another tool (fio, dd) run that tool in the same test as a second
# control.
timing_control() {
	tc_cpus=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
	tc_load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo 0)
	tc_late=0
	for _ in 1 2 3 4 5; do
		tc_t0=$(date +%s%N)
		sleep 0.1
		tc_t1=$(date +%s%N)
		tc_ms=$(((tc_t1 - tc_t0) / 1000000 - 100))
		[ "$tc_ms" -gt "$tc_late" ] && tc_late=$tc_ms
	done
	echo "control: load average $tc_load on $tc_cpus CPUs; a 100 ms sleep woke up to $tc_late ms late"
	[ "${IOSWEEP_TIMING_FORCE:-0}" = 1 ] && return 0
	[ "$tc_late" -le 30 ] ||
		skip "the machine is busy (a 100 ms sleep woke $tc_late ms late): run make check-timing on a quiet one"
	awk -v l="$tc_load" -v n="$tc_cpus" 'BEGIN { exit !(l <= n) }' ||
		skip "the machine is busy (load average $tc_load on $tc_cpus CPUs): run make check-timing on a quiet one"
}
