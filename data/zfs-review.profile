# zfs-review: the ZFS review's fio workloads: 1 MiB sequential async writes and 4 KiB sync random writes, 8 workers x depth 8, latency reported
#
# Copy this file and edit it to make your own profile (see enterprise.profile
# for the format).  "Async" writes are ordinary buffered writes kept 8 deep
# by each of 8 workers; "sync" writes open the file with O_SYNC (-o), so
# each write's latency is the time to make it durable.
1m-seq-async-write     | -r 1m -i 0 -+n --jobs 8 --iodepth 8
4k-sync-random-write   | -r 4k -i 0 -i 2 -+n -o --jobs 8 --iodepth 8
