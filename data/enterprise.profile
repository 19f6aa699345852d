# enterprise: the enterprise SSD review's workloads: 4K random, 8K and 128K sequential at 16 threads x 16 queue, 8K 70/30 over the thread x queue grid
#
# Copy this file and edit it to make your own profile:
#     iosweep profile ./my.profile --file /mnt/ssd/t --size 4g -I
# Each line is "NAME | OPTIONS": a workload, run as one iosweep sweep with
# these options plus -s (--size), -f (--file), --trials and --label given
# to the profile command, and any other sweep options given there (-I,
# --runtime 60s --ramp 10s, ...).  Test 0 writes the file first in every
# workload (and is reported too); -+n leaves out the second passes.
#
# 4K random 100% read and 100% write (test 2's two passes), 16 x 16
4k-random          | -r 4k -i 0 -i 2 -+n --jobs 16 --iodepth 16
# 8K and 128K sequential read and write (tests 0 and 1), 16 x 16
8k-sequential      | -r 8k -i 0 -i 1 -+n --jobs 16 --iodepth 16
128k-sequential    | -r 128k -i 0 -i 1 -+n --jobs 16 --iodepth 16
# 8K 70% read / 30% write random, threads x queue from 2 x 2 to 16 x 16
8k-70-30-t2-q2     | -r 8k -i 0 -i 2 -+n --mix 70 --jobs 2 --iodepth 2
8k-70-30-t2-q4     | -r 8k -i 0 -i 2 -+n --mix 70 --jobs 2 --iodepth 4
8k-70-30-t2-q8     | -r 8k -i 0 -i 2 -+n --mix 70 --jobs 2 --iodepth 8
8k-70-30-t2-q16    | -r 8k -i 0 -i 2 -+n --mix 70 --jobs 2 --iodepth 16
8k-70-30-t4-q2     | -r 8k -i 0 -i 2 -+n --mix 70 --jobs 4 --iodepth 2
8k-70-30-t4-q4     | -r 8k -i 0 -i 2 -+n --mix 70 --jobs 4 --iodepth 4
8k-70-30-t4-q8     | -r 8k -i 0 -i 2 -+n --mix 70 --jobs 4 --iodepth 8
8k-70-30-t4-q16    | -r 8k -i 0 -i 2 -+n --mix 70 --jobs 4 --iodepth 16
8k-70-30-t8-q2     | -r 8k -i 0 -i 2 -+n --mix 70 --jobs 8 --iodepth 2
8k-70-30-t8-q4     | -r 8k -i 0 -i 2 -+n --mix 70 --jobs 8 --iodepth 4
8k-70-30-t8-q8     | -r 8k -i 0 -i 2 -+n --mix 70 --jobs 8 --iodepth 8
8k-70-30-t8-q16    | -r 8k -i 0 -i 2 -+n --mix 70 --jobs 8 --iodepth 16
8k-70-30-t16-q2    | -r 8k -i 0 -i 2 -+n --mix 70 --jobs 16 --iodepth 2
8k-70-30-t16-q4    | -r 8k -i 0 -i 2 -+n --mix 70 --jobs 16 --iodepth 4
8k-70-30-t16-q8    | -r 8k -i 0 -i 2 -+n --mix 70 --jobs 16 --iodepth 8
8k-70-30-t16-q16   | -r 8k -i 0 -i 2 -+n --mix 70 --jobs 16 --iodepth 16
