# SPDX-License-Identifier: GPL-2.0-or-later
"""bench_settle: let the device under a directory go quiet before a read.

A read pass that follows a write pass on a disk otherwise measures the
write-back of what was just written (the guest's dirty pages, and under
a VM the host's): the read then competes with it.  settle() syncs, drops
the page cache where it can (root: /proc/sys/vm/drop_caches), then
watches the backing device of the directory in /proc/diskstats until it
has had no request in flight and no sector written for QUIET_S seconds,
giving up after MAX_S.  The device is found from /proc/self/mountinfo
(the mount holding the directory gives MAJ:MIN) and /sys/dev/block: a
partition is watched through its whole disk, a device-mapper or md
device through the disks under it too.  Where none can be found (a
network or overlay file system, no /sys) it says so and falls back to a
fixed pause of PAUSE_S seconds, named in its text.

settle(path) returns a dict (drop=False leaves the page cache alone): secs (how long it took, sync and drop
included), quiet (True when the device went quiet, False when the wait
ran out, None for the fixed pause) and text, the line the benchmarks
record ("settled 3.2 s: sync, drop, device vda quiet 1 s").
"""
import os
import time

QUIET_S = 1.0   # no request in flight and nothing written for this long
MAX_S = 60.0    # the most a settle waits
PAUSE_S = 5.0   # the fixed pause where no device can be watched
POLL_S = 0.1


def _mount_dev(path):
    """MAJ:MIN of the mount holding path (the longest mount point that is
    a prefix of its real path), or None."""
    real = os.path.realpath(path)
    best, dev = "", None
    try:
        with open("/proc/self/mountinfo") as f:
            for line in f:
                p = line.split()
                if len(p) < 5:
                    continue
                mnt = p[4].replace("\\040", " ")
                inside = real == mnt or real.startswith(mnt.rstrip("/") + "/")
                if inside and len(mnt) >= len(best):
                    best, dev = mnt, p[2]
    except OSError:
        return None
    return dev


def _disks(majmin):
    """The names /proc/diskstats gives the block device majmin and the
    disks it lives on: a partition's whole disk, the slaves of a
    device-mapper or md device (recursively).  Empty when not a block
    device (MAJ 0: tmpfs, overlay, NFS)."""
    base = "/sys/dev/block/" + majmin
    if majmin.startswith("0:") or not os.path.exists(base):
        return []
    real = os.path.realpath(base)
    names = [os.path.basename(real)]
    if os.path.exists(os.path.join(real, "partition")):
        names = [os.path.basename(os.path.dirname(real))]
    out, todo = [], list(names)
    while todo:
        n = todo.pop()
        if n in out:
            continue
        out.append(n)
        try:
            todo += os.listdir("/sys/class/block/%s/slaves" % n)
        except OSError:
            pass
    return out


def _stats(names):
    """Per device: (requests in flight, sectors written)."""
    got = {}
    with open("/proc/diskstats") as f:
        for line in f:
            p = line.split()
            if len(p) >= 12 and p[2] in names:
                got[p[2]] = (int(p[11]), int(p[9]))
    return got


def _drop():
    try:
        with open("/proc/sys/vm/drop_caches", "w") as f:
            f.write("1\n")
        return "drop"
    except OSError as e:
        return "no drop (%s)" % (e.strerror or e)


def settle(path, max_s=MAX_S, quiet_s=QUIET_S, pause_s=PAUSE_S, drop=True):
    t0 = time.monotonic()
    os.sync()
    steps = ["sync", _drop() if drop else "no drop (not asked)"]
    majmin = _mount_dev(path)
    names = _disks(majmin) if majmin else []
    try:
        seen = _stats(names) if names else {}
    except OSError:
        seen = {}
    if not seen:
        time.sleep(pause_s)
        steps.append("no block device found for %s (mount %s): fixed pause %g s"
                     % (path, majmin or "unknown", pause_s))
        secs = time.monotonic() - t0
        return {"secs": secs, "quiet": None,
                "text": "settled %.1f s: %s" % (secs, ", ".join(steps))}
    last = seen
    calm = time.monotonic()   # since when nothing moved
    quiet = False
    while True:
        now = time.monotonic()
        cur = _stats(names)
        if cur != last or any(v[0] for v in cur.values()):
            calm = now
        last = cur
        if now - calm >= quiet_s:
            quiet = True
            break
        if now - t0 >= max_s:
            break
        time.sleep(POLL_S)
    secs = time.monotonic() - t0
    dev = "device " + "+".join(names)
    steps.append("%s quiet %g s" % (dev, quiet_s) if quiet else
                 "%s not quiet after %g s (gave up)" % (dev, max_s))
    return {"secs": secs, "quiet": quiet,
            "text": "settled %.1f s: %s" % (secs, ", ".join(steps))}


if __name__ == "__main__":
    import sys
    print(settle(sys.argv[1] if len(sys.argv) > 1 else ".")["text"])
