/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * boxstat.h: a snapshot of a box's own counters (the NAS's CPU time, each
 * whole disk's busy time and sectors moved, the ZFS ARC's size, hits and
 * misses) and what two snapshots say about the time between them: the CPU
 * busy share, each disk's busy share and MB/s, the ARC's size and the
 * share of its reads that hit.
 *
 * Pure: the parsers read the counters' text (Linux /proc/stat's cpu line,
 * /proc/diskstats, OpenZFS's arcstats table, a zfs-fuse arcstats file) and
 * the snapshot's own text form, which the agent sends a client
 * (PROTO_BOX); nothing here opens a file, so it is tested on literal text
 * and fuzzed.  The reading is the platform layer's (plat_box_read).
 *
 * A snapshot keeps whole disks only (no partition, no ram or zram
 * device) that have moved data since boot: loop and device-mapper
 * devices stay, since they may back a pool.  A counter that is missing
 * stays unknown (its found flag 0); an interval's figure that cannot be
 * worked out is NAN.
 *
 * Ownership: everything is in the caller's structs.
 */
#ifndef IOSWEEP_BOXSTAT_H
#define IOSWEEP_BOXSTAT_H

#include <stddef.h>
#include <stdint.h>

#define BOXSTAT_MAX_DISKS 64
#define BOXSTAT_NAME 32
#define BOXSTAT_SOURCE 160
#define BOXSTAT_TEXT_MAX 16384     /* the largest text form */
#define BOXSTAT_SECTOR 512         /* /proc/diskstats counts 512-byte sectors */

struct boxstat_disk {
	char name[BOXSTAT_NAME];
	uint64_t busy_ms;          /* time with I/O in flight (io_ticks) */
	uint64_t rd_sectors, wr_sectors;
};

struct boxstat_snap {
	uint64_t t_ms;             /* the box's monotonic clock */
	int cpu_found;
	uint64_t cpu_busy, cpu_total;   /* clock ticks, all CPUs */
	size_t ndisks;
	struct boxstat_disk disks[BOXSTAT_MAX_DISKS];
	int arc_found;
	uint64_t arc_bytes, arc_hits, arc_misses;
	char source[BOXSTAT_SOURCE];    /* where the counters came from */
};

struct boxstat_disk_rate {
	char name[BOXSTAT_NAME];
	double busy_pct;           /* 0 to 100 */
	double rd_mbps, wr_mbps;   /* decimal MB/s */
};

struct boxstat_interval {
	double seconds;
	double cpu_busy_pct;       /* NAN unknown */
	size_t ndisks;             /* disks in both snapshots */
	struct boxstat_disk_rate disks[BOXSTAT_MAX_DISKS];
	double arc_bytes;          /* at the end; NAN no ARC */
	double arc_hit_pct;        /* NAN no ARC or no ARC reads */
};

void boxstat_init(struct boxstat_snap *s);

/* /proc/stat's "cpu" line into s's CPU counters: 0, or -1 (why). */
int boxstat_parse_proc_stat(struct boxstat_snap *s, const char *text, size_t len,
			    char *err, size_t errlen);

/* /proc/diskstats's whole disks into s->disks: 0, or -1 (why). */
int boxstat_parse_diskstats(struct boxstat_snap *s, const char *text, size_t len,
			    char *err, size_t errlen);

/* OpenZFS's arcstats table (name type data): 0 with the ARC found, or -1 (why). */
int boxstat_parse_arcstats(struct boxstat_snap *s, const char *text, size_t len,
			   char *err, size_t errlen);

/* A number alone in text (a zfs-fuse kstat file): 0 with *v, or -1. */
int boxstat_parse_number(const char *text, size_t len, uint64_t *v);

/* A disk's name is a whole disk a snapshot keeps ("sdb", not "sdb1" or "ram0"). */
int boxstat_whole_disk(const char *name);

/* s's text form into out[0..outlen): its length, or -1 when it does not fit. */
long boxstat_format(const struct boxstat_snap *s, char *out, size_t outlen);

/*
 * The text form (boxstat_format's, or "unavailable: why" from a box that
 * has no counters) into s: 0, or -1 (why; the box's own reason).
 */
int boxstat_parse(struct boxstat_snap *s, const char *text, size_t len, char *err,
		  size_t errlen);

/* What happened between snapshots a and b (b the later) into iv. */
void boxstat_diff(const struct boxstat_snap *a, const struct boxstat_snap *b,
		  struct boxstat_interval *iv);

#endif
