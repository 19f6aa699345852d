# SPDX-License-Identifier: GPL-2.0-or-later
"""bench_verdict: a goal's verdict against the noise of its control.

The benchmarks of the targets table (scripts/bench-qd-cached,
scripts/bench-sweep) measure a tool against itself beside each goal: the
per-round ratios of two identical runs give a band [lo, hi] around 1.
A measured ratio r decides its target t only when t lies outside
[r x lo, r x hi], the range the same noise could have moved r over:
part() says "met", "short" or "undecided"; verdict() joins the parts of
a goal: "not met" when any part is decided short, "met" when all are
decided met, else "undecided (control band too wide)".

Where the device sets the pace (scripts/bench's disk rows, scripts/bench-qd's
O_DIRECT cells) no tool can lead by much, and the goal is only that iosweep
does not fall below what the other tool gives against itself: in_band()
says "met" when iosweep's median ratio r is at or above lo, the control
band's low end, else "short".  It is part() with lo as the target and no
further allowance, since the band already is the noise.
"""


def part(r, t, lo, hi, above=True):
    """Is ratio r decided at or above target t (above), or at or below it?"""
    a, b = r * lo, r * hi
    if above:
        return "met" if a >= t else "short" if b < t else "undecided"
    return "met" if b <= t else "short" if a > t else "undecided"


def in_band(r, lo):
    """Is ratio r at or above lo, the low end of its control band?"""
    return part(r, lo, 1.0, 1.0)


def verdict(parts):
    if "short" in parts:
        return "not met"
    if all(p == "met" for p in parts):
        return "met"
    return "undecided (control band too wide)"
