/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * card_zfs.h: what the reviews of ZFS boxes ask, gathered for the card:
 * for each layout a set ran on (a pool's vdevs, a LOG vdev or none, the
 * dataset's recordsize), the latency of its 4 KiB sync writes (mean and
 * worst) and the rate of its 1 MiB writes.
 *
 * The layout comes from the box's own figures that `nas-lab run --record
 * DIR` writes beside a result (DIR/zfs-before.csv, zfs-after.csv:
 * figure,value rows, scripts/nas-zfs.sh); a set without them is no ZFS
 * set and adds nothing.  Sets of the same layout (a profile's workloads)
 * fill one entry.
 *
 * Pure module: parses text and fills structs; owns nothing on the heap.
 */
#ifndef IOSWEEP_CARD_ZFS_H
#define IOSWEEP_CARD_ZFS_H

#include <stddef.h>
#include <stdint.h>

struct result_set;

#define CARD_ZFS_MAX_DATASETS 16
#define CARD_ZFS_MAX_SETS 8

/* A box as its zfs-*.csv describes it. */
struct card_zfs_box {
	int found;
	char layout[32];                  /* "raidz2:8", as the lab was asked */
	uint64_t log_bytes;               /* the LOG vdev's size; 0 none */
	size_t ndatasets;
	struct card_zfs_dataset {
		char name[64];
		uint64_t recordsize;      /* bytes */
	} datasets[CARD_ZFS_MAX_DATASETS];
};

/* One layout's figures. */
struct card_zfs_set {
	char layout[32];
	int log;                          /* 1: a LOG vdev */
	uint64_t recordsize;              /* the dataset's, bytes; 0 unknown */
	int sync_found;                   /* 4 KiB writes with -o (O_SYNC) */
	double sync_mean_us, sync_max_us;
	int seq_found;                    /* 1 MiB writes, not synchronous */
	double seq_wr_kbps;               /* the summary.csv mean, kB/s */
};

struct card_zfs {
	size_t n;
	struct card_zfs_set sets[CARD_ZFS_MAX_SETS];
};

/*
 * Parse a zfs-before.csv / zfs-after.csv (text[0..len), named path in
 * messages) into *b.  0, or -1 with "PATH: why" in err when it has no
 * layout row.
 */
int card_zfs_parse_box(struct card_zfs_box *b, const char *text, size_t len,
		       const char *path, char *err, size_t errlen);

/*
 * Take rs's 4 KiB sync writes and 1 MiB writes (its largest file of each)
 * into the entry of box b's layout (the dataset: the box's only one, else
 * the one named by a folder of rs's target path).  0, or -1 (out of
 * memory, or more layouts than CARD_ZFS_MAX_SETS) with why in err.
 */
int card_zfs_add_set(struct card_zfs *z, const struct card_zfs_box *b,
		     const struct result_set *rs, char *err, size_t errlen);

#endif
