/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_mountinfo.c: the mountinfo parser on a hand-written table (nested
 * mounts, a prefix that is not a parent, escaped spaces, stacked mounts).
 */
#include "compat.h"

#include <stdio.h>
#include <string.h>

#include "cu.h"
#include "platform/mountinfo.h"

static const char mountinfo[] =
	"22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw,errors=remount-ro\n"
	"30 22 0:25 / /mnt/data rw,noatime shared:5 - xfs /dev/sdb1 rw,attr2,inode64\n"
	"31 22 0:26 / /mnt/data2 rw shared:6 - btrfs /dev/sdc1 rw,compress=zstd:3\n"
	"this line is not a mount\n"
	"32 22 0:27 / /mnt/with\\040space rw - tmpfs tmpfs rw,size=1024k\n"
	"33 30 0:28 / /mnt/data/nested ro,nosuid master:2 propagate_from:1 - nfs4 srv:/x rw,vers=4.2\n"
	"34 22 0:29 / /mnt/data2 rw - zfs pool/ds rw,xattr\n";

static void test_parse_mountinfo(void)
{
	static const struct {
		const char *dir, *fs, *opts;
	} cases[] = {
		{ "/", "ext4", "rw,relatime,errors=remount-ro" },
		{ "/home/u", "ext4", "rw,relatime,errors=remount-ro" },
		{ "/mnt/data", "xfs", "rw,noatime,attr2,inode64" },
		{ "/mnt/data/x/y", "xfs", "rw,noatime,attr2,inode64" },
		{ "/mnt/datax", "ext4", "rw,relatime,errors=remount-ro" }, /* not a parent */
		{ "/mnt/data2/a", "zfs", "rw,xattr" },          /* the later mount wins */
		{ "/mnt/with space/f", "tmpfs", "rw,size=1024k" },
		{ "/mnt/data/nested", "nfs4", "ro,nosuid,vers=4.2" }, /* ro stays ro */
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char fs[64] = "", opts[256] = "";
		FILE *fp = fmemopen((void *)mountinfo, sizeof(mountinfo) - 1, "r");
		CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
		CU_ASSERT_EQUAL(mountinfo_parse(fp, cases[i].dir, fs, sizeof(fs),
							opts, sizeof(opts)), 0);
		CU_ASSERT_STRING_EQUAL(fs, cases[i].fs);
		CU_ASSERT_STRING_EQUAL(opts, cases[i].opts);
		if (strcmp(fs, cases[i].fs) || strcmp(opts, cases[i].opts))
			printf("dir '%s': got '%s' '%s'\n", cases[i].dir, fs, opts);
		fclose(fp);
	}
	/* no root mount: a path outside every mount point is not found */
	static const char partial[] = "30 22 0:25 / /mnt/data rw - xfs /dev/sdb1 rw\n";
	char fs[64] = "keep", opts[64] = "keep";
	FILE *fp = fmemopen((void *)partial, sizeof(partial) - 1, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	CU_ASSERT_EQUAL(mountinfo_parse(fp, "/home", fs, sizeof(fs), opts,
						sizeof(opts)), -1);
	CU_ASSERT_STRING_EQUAL(fs, "keep");
	fclose(fp);
	/* small buffers truncate, never overflow */
	char tiny_fs[3], tiny_opts[8];
	fp = fmemopen((void *)mountinfo, sizeof(mountinfo) - 1, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	CU_ASSERT_EQUAL(mountinfo_parse(fp, "/mnt/data", tiny_fs, sizeof(tiny_fs),
						tiny_opts, sizeof(tiny_opts)), 0);
	CU_ASSERT_STRING_EQUAL(tiny_fs, "xf");
	CU_ASSERT(strlen(tiny_opts) < sizeof(tiny_opts));
	fclose(fp);
}

static void test_fs_kind(void)
{
	static const struct {
		const char *type;
		enum mountinfo_kind kind;
	} cases[] = {
		{ "fuse.sshfs", MOUNTINFO_FUSE }, { "fuse.smbnetfs", MOUNTINFO_FUSE },
		{ "fuse", MOUNTINFO_FUSE }, { "fuseblk", MOUNTINFO_FUSE },
		{ "fusefs.sshfs", MOUNTINFO_FUSE }, { "macfuse", MOUNTINFO_FUSE },
		{ "nfs", MOUNTINFO_NETWORK }, { "nfs4", MOUNTINFO_NETWORK },
		{ "cifs", MOUNTINFO_NETWORK }, { "smb3", MOUNTINFO_NETWORK },
		{ "smbfs", MOUNTINFO_NETWORK }, { "9p", MOUNTINFO_NETWORK },
		{ "ceph", MOUNTINFO_NETWORK },
		{ "ext4", MOUNTINFO_LOCAL }, { "xfs", MOUNTINFO_LOCAL },
		{ "tmpfs", MOUNTINFO_LOCAL }, { "NTFS", MOUNTINFO_LOCAL },
		{ "nfsd", MOUNTINFO_LOCAL }, { "fusectl", MOUNTINFO_LOCAL },
		{ "unknown", MOUNTINFO_LOCAL }, { "", MOUNTINFO_LOCAL },
		{ NULL, MOUNTINFO_LOCAL },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		CU_ASSERT_EQUAL(mountinfo_fs_kind(cases[i].type), cases[i].kind);
		if (mountinfo_fs_kind(cases[i].type) != cases[i].kind)
			printf("\n  '%s'\n", cases[i].type ? cases[i].type : "(null)");
	}
}

/* mountinfo_find(): every field of the mount, and the other mounts of it */
static void test_find_mountinfo(void)
{
	static const char table[] =
		"22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw,errors=remount-ro\n"
		"40 22 7:1 / /mnt/t\\040x rw,noatime - ext4 /dev/loop1 rw,stripe=4\n"
		"41 22 7:1 /sub /srv/b rw - ext4 /dev/loop1 rw,stripe=4\n"
		"42 22 7:2 / /mnt/u ro,nosuid - xfs /dev/loop2 ro,attr2\n";
	struct mountinfo_found f;
	FILE *fp = fmemopen((void *)table, sizeof(table) - 1, "r");

	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	CU_ASSERT_EQUAL(mountinfo_find(fp, "/mnt/t x/file", &f), 0);
	CU_ASSERT_STRING_EQUAL(f.dir, "/mnt/t x");
	CU_ASSERT_STRING_EQUAL(f.root, "/");
	CU_ASSERT_STRING_EQUAL(f.dev, "7:1");
	CU_ASSERT_STRING_EQUAL(f.source, "/dev/loop1");
	CU_ASSERT_STRING_EQUAL(f.fs_type, "ext4");
	CU_ASSERT_STRING_EQUAL(f.opts, "rw,noatime");
	CU_ASSERT_STRING_EQUAL(f.super_opts, "rw,stripe=4");
	CU_ASSERT_EQUAL(f.others, 1);
	CU_ASSERT_STRING_EQUAL(f.other_dir, "/srv/b");
	CU_ASSERT_EQUAL(mountinfo_find(fp, "/srv/b", &f), 0);
	CU_ASSERT_STRING_EQUAL(f.root, "/sub");
	CU_ASSERT_STRING_EQUAL(f.other_dir, "/mnt/t x");
	CU_ASSERT_EQUAL(mountinfo_find(fp, "/mnt/u", &f), 0);
	CU_ASSERT_EQUAL(f.others, 0);
	CU_ASSERT_STRING_EQUAL(f.opts, "ro,nosuid");
	CU_ASSERT_EQUAL(mountinfo_find(fp, "/home", &f), 0);
	CU_ASSERT_STRING_EQUAL(f.dir, "/");
	fclose(fp);
	fp = fmemopen((void *)"not a table\n", 12, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	CU_ASSERT_EQUAL(mountinfo_find(fp, "/", &f), -1);
	fclose(fp);
}

static const struct cu_case cases[] = {
	CU_CASE(test_find_mountinfo),
	CU_CASE(test_fs_kind),
	CU_CASE(test_parse_mountinfo),
	{ 0 },
};

CU_MAIN("mountinfo", cases)
