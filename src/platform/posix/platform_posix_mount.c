/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * platform_posix_mount.c: IOzone's -U on POSIX systems: unmount the file
 * system that holds the test file and mount it again, as it was, before
 * every pass (platform.h says why and what is checked first).
 *
 * Linux reads the mount from /proc/self/mountinfo (mountinfo.c) and puts
 * it back with mount(2): the per-mount words become MS_* flags, the
 * super block's options (less rw/ro and the flags it repeats) the data
 * string.  The BSDs and macOS read it with statfs(2) and put it back
 * with mount(8), since their mount(2) wants each file system's own
 * argument structure.  IOzone runs "umount DIR" and "mount DIR" through
 * the shell, retrying for minutes and going on whatever happens; here a
 * busy file system is retried for about a second and then refused with
 * nothing changed, and a mount that fails stops the run with the command
 * that puts the file system back.
 */
#include "platform/posix/platform_posix.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#if defined(HAVE_PROC_MOUNTS) && defined(__has_include)
#if __has_include(<sys/mount.h>)
#include <sys/mount.h>
#if defined(MS_RDONLY) && defined(MNT_FORCE)
#define HAVE_LINUX_MOUNT 1
#endif
#endif
#elif !defined(HAVE_PROC_MOUNTS) && defined(__has_include)
#if __has_include(<sys/mount.h>) && __has_include(<sys/param.h>)
#include <sys/param.h>
#include <sys/mount.h>
#if defined(MFSNAMELEN) && defined(MNT_RDONLY)
#define HAVE_BSD_MOUNT 1
#endif
#endif
#endif

#include "platform/mountinfo.h"
#include "platform/platform.h"

#define REMOUNT_TRIES 5          /* a busy unmount: this many tries ... */
#define REMOUNT_PAUSE_MS 200     /* ... this far apart */

static void pause_ms(unsigned ms)
{
	struct timespec ts = { (time_t)(ms / 1000), (long)(ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/*
 * Checks every platform makes: root, dir a directory; dir resolved into
 * m->dir and the test file's directory into fdir.
 */
static int common_checks(const char *dir, const char *path, struct plat_mount *m,
			 char *fdir, size_t fdirlen, char *err, size_t errlen)
{
	char pdir[PATH_MAX], real[PATH_MAX];
	struct stat sd;

	memset(m, 0, sizeof(*m));
	if (geteuid() != 0)
		return err_set(err, errlen, "-U '%s': unmounting and mounting need "
			       "root; run as root, or drop -U (--cold drops the "
			       "file's pages without it)", dir);
	if (!realpath(dir, real) || stat(real, &sd) != 0)
		return err_set(err, errlen, "-U '%s': %s", dir, strerror(errno));
	if (!S_ISDIR(sd.st_mode))
		return err_set(err, errlen, "-U '%s': not a directory", dir);
	if (strlen(real) >= sizeof(m->dir))
		return err_set(err, errlen, "-U '%s': path too long", dir);
	snprintf(m->dir, sizeof(m->dir), "%s", real);
	io_dir_of(path, pdir, sizeof(pdir));
	if (!realpath(pdir, fdir) || strlen(fdir) >= fdirlen - 1)
		return err_set(err, errlen, "-U: the test file's directory '%s': %s",
			       pdir, strerror(errno));
	return 0;
}

/* The current directory on the mount keeps it busy: refused up front. */
static int cwd_check(const char *dir, char *err, size_t errlen)
{
	struct stat sd, sc;

	if (stat(dir, &sd) == 0 && stat(".", &sc) == 0 && sc.st_dev == sd.st_dev)
		return err_set(err, errlen, "-U '%s': the current directory is on "
			       "it, which keeps it busy; cd elsewhere and name "
			       "the test file with -f", dir);
	return 0;
}

/* File systems whose data is gone once unmounted. */
static int volatile_fs(const char *type)
{
	static const char *const names[] = { "tmpfs", "ramfs", "devtmpfs",
		"hugetlbfs", "proc", "sysfs", "overlay", "squashfs", NULL };

	for (size_t i = 0; names[i]; i++)
		if (strcmp(type, names[i]) == 0)
			return 1;
	return 0;
}

#if defined(HAVE_LINUX_MOUNT)
static const struct {
	const char *word;
	unsigned long flag;
} ms_words[] = {
	{ "ro", MS_RDONLY }, { "nosuid", MS_NOSUID }, { "nodev", MS_NODEV },
	{ "noexec", MS_NOEXEC }, { "sync", MS_SYNCHRONOUS },
	{ "dirsync", MS_DIRSYNC }, { "mand", MS_MANDLOCK },
	{ "noatime", MS_NOATIME }, { "nodiratime", MS_NODIRATIME },
	{ "relatime", MS_RELATIME }, { "strictatime", MS_STRICTATIME },
#ifdef MS_LAZYTIME
	{ "lazytime", MS_LAZYTIME },
#endif
	{ "rw", 0 }, { "seclabel", 0 },
};

/* The MS_* flag of word w (n bytes), *known 1 when it is one. */
static unsigned long ms_flag(const char *w, size_t n, int *known)
{
	for (size_t i = 0; i < sizeof(ms_words) / sizeof(ms_words[0]); i++)
		if (strlen(ms_words[i].word) == n && strncmp(ms_words[i].word, w, n) == 0) {
			*known = 1;
			return ms_words[i].flag;
		}
	*known = 0;
	return 0;
}

/* Flags from both lists; the super block's other words into data. */
static void linux_split(const struct mountinfo_found *f, struct plat_mount *m)
{
	const char *lists[2] = { f->opts, f->super_opts };
	size_t used = 0;

	for (int l = 0; l < 2; l++)
		for (const char *p = lists[l]; *p;) {
			size_t n = strcspn(p, ",");
			int known;
			m->flags |= ms_flag(p, n, &known);
			if (l == 1 && n && !known && used + n + 2 <= sizeof(m->data)) {
				int w = snprintf(m->data + used, sizeof(m->data) - used,
						 "%s%.*s", used ? "," : "", (int)n, p);
				used += w > 0 ? (size_t)w : 0;
			}
			p += n + (p[n] == ',');
		}
}

/* A loop device that mount -o loop set up detaches itself on unmount. */
static int loop_autoclear(const char *source)
{
	char path[128], v = '0';
	FILE *fp;

	if (strncmp(source, "/dev/loop", 9) != 0 || strchr(source + 9, '/') ||
	    strlen(source) > 64)
		return 0;
	snprintf(path, sizeof(path), "/sys/block/%.64s/loop/autoclear", source + 5);
	if (!(fp = fopen(path, "r")))
		return 0;
	if (fread(&v, 1, 1, fp) != 1)
		v = '0';
	fclose(fp);
	return v == '1';
}

static int find_mount(const char *dir, struct mountinfo_found *f, char *err,
		      size_t errlen)
{
	FILE *fp = fopen("/proc/self/mountinfo", "r");
	int rc;

	if (!fp)
		return err_set(err, errlen, "-U: cannot read /proc/self/mountinfo: %s",
			       strerror(errno));
	rc = mountinfo_find(fp, dir, f);
	fclose(fp);
	if (rc != 0)
		return err_set(err, errlen, "-U: '%s' is on no mount in "
			       "/proc/self/mountinfo", dir);
	return 0;
}

int plat_remount_prepare(const char *dir, const char *path,
			 struct plat_mount *m, char *err, size_t errlen)
{
	struct mountinfo_found f, g;
	char fdir[PATH_MAX];

	if (common_checks(dir, path, m, fdir, sizeof(fdir), err, errlen) != 0 ||
	    find_mount(m->dir, &f, err, errlen) != 0 ||
	    find_mount(fdir, &g, err, errlen) != 0)
		return -1;
	if (strcmp(f.dir, m->dir) != 0)
		return err_set(err, errlen, "-U '%s': not a mount point (it is on "
			       "the file system mounted at '%s')", dir, f.dir);
	if (strcmp(g.dir, f.dir) != 0)
		return err_set(err, errlen, "-U '%s': the test file '%s' is not on "
			       "it (it is on '%s'); name a file under '%s' with -f",
			       dir, path, g.dir, dir);
	if (cwd_check(dir, err, errlen) != 0)
		return -1;
	if (strcmp(f.root, "/") != 0)
		return err_set(err, errlen, "-U '%s': a bind mount of '%s' of %s; "
			       "name the file system's own mount point", dir,
			       f.root, f.source);
	if (f.others)
		return err_set(err, errlen, "-U '%s': the file system is also "
			       "mounted at '%s', which would keep its cache; "
			       "unmount that first", dir, f.other_dir);
	if (volatile_fs(f.fs_type))
		return err_set(err, errlen, "-U '%s': a %s file system, whose "
			       "files would be gone after unmounting it", dir,
			       f.fs_type);
	if (loop_autoclear(f.source))
		return err_set(err, errlen, "-U '%s': %s detaches itself when "
			       "unmounted (mount -o loop); attach the image with "
			       "losetup and mount that device", dir, f.source);
	snprintf(m->source, sizeof(m->source), "%s", f.source);
	snprintf(m->fs_type, sizeof(m->fs_type), "%s", f.fs_type);
	mountinfo_merge_options(m->options, sizeof(m->options), f.opts, f.super_opts);
	linux_split(&f, m);
	return 0;
}

static int do_unmount(const char *dir)
{
	return umount2(dir, 0);
}

static int do_mount(const struct plat_mount *m, char *why, size_t whylen)
{
	if (mount(m->source, m->dir, m->fs_type, m->flags,
		  m->data[0] ? m->data : NULL) == 0)
		return 0;
	snprintf(why, whylen, "%s", strerror(errno));
	return -1;
}

#elif defined(HAVE_BSD_MOUNT)
int plat_remount_prepare(const char *dir, const char *path,
			 struct plat_mount *m, char *err, size_t errlen)
{
	char fdir[PATH_MAX];
	struct statfs sf, sg;

	if (common_checks(dir, path, m, fdir, sizeof(fdir), err, errlen) != 0)
		return -1;
	if (statfs(m->dir, &sf) != 0 || statfs(fdir, &sg) != 0)
		return err_set(err, errlen, "-U '%s': statfs: %s", dir, strerror(errno));
	if (strcmp(sf.f_mntonname, m->dir) != 0)
		return err_set(err, errlen, "-U '%s': not a mount point (it is on "
			       "the file system mounted at '%s')", dir, sf.f_mntonname);
	if (strcmp(sg.f_mntonname, sf.f_mntonname) != 0)
		return err_set(err, errlen, "-U '%s': the test file '%s' is not on "
			       "it (it is on '%s'); name a file under '%s' with -f",
			       dir, path, sg.f_mntonname, dir);
	if (cwd_check(dir, err, errlen) != 0)
		return -1;
	if (volatile_fs(sf.f_fstypename))
		return err_set(err, errlen, "-U '%s': a %s file system, whose "
			       "files would be gone after unmounting it", dir,
			       sf.f_fstypename);
	snprintf(m->source, sizeof(m->source), "%s", sf.f_mntfromname);
	snprintf(m->fs_type, sizeof(m->fs_type), "%s", sf.f_fstypename);
	m->flags = (unsigned long)(sf.f_flags & MNT_RDONLY);
	snprintf(m->options, sizeof(m->options), "%s",
		 (sf.f_flags & MNT_RDONLY) ? "ro" : "rw");
	return 0;
}

static int do_unmount(const char *dir)
{
	return unmount(dir, 0);
}

static int do_mount(const struct plat_mount *m, char *why, size_t whylen)
{
	const char *args[] = { "mount", "-t", m->fs_type, m->source, m->dir, NULL,
			       NULL };
	char msg[512], err[512];
	int status = 0;

	if (m->flags) {
		args[3] = "-r";
		args[4] = m->source;
		args[5] = m->dir;
	}
	if (plat_run("mount", args, "/", msg, sizeof(msg), &status, err,
		     sizeof(err)) != 0) {
		snprintf(why, whylen, "%s", err);
		return -1;
	}
	if (status == 0)
		return 0;
	msg[strcspn(msg, "\n")] = '\0';
	snprintf(why, whylen, "mount(8) exited %d: %s", status, msg);
	return -1;
}

#else
int plat_remount_prepare(const char *dir, const char *path,
			 struct plat_mount *m, char *err, size_t errlen)
{
	(void)path;
	memset(m, 0, sizeof(*m));
	return err_set(err, errlen, "-U '%s': remounting is not available in "
		       "this build (it needs Linux's mount(2) or the BSDs' "
		       "statfs and unmount); use --cold", dir);
}

static int do_unmount(const char *dir)
{
	(void)dir;
	errno = ENOSYS;
	return -1;
}

static int do_mount(const struct plat_mount *m, char *why, size_t whylen)
{
	(void)m;
	snprintf(why, whylen, "%s", strerror(ENOSYS));
	return -1;
}
#endif

int plat_remount(struct plat_mount *m, char *err, size_t errlen)
{
	char why[512];
	int e = 0;

	for (int i = 0; i < REMOUNT_TRIES; i++) {
		if (i)
			pause_ms(REMOUNT_PAUSE_MS);
		if (do_unmount(m->dir) == 0) {
			e = 0;
			break;
		}
		e = errno;
		if (e != EBUSY)
			break;
	}
	if (e == EBUSY)
		return err_set(err, errlen, "-U: cannot unmount '%s': %s (a file or "
			       "directory on it is open: the results directory, -Q's "
			       "or -X's files, another program's); it stays mounted",
			       m->dir, strerror(e));
	if (e)
		return err_set(err, errlen, "-U: cannot unmount '%s': %s; it stays "
			       "mounted", m->dir, strerror(e));
	for (int i = 0; i < REMOUNT_TRIES; i++) {
		if (i)
			pause_ms(REMOUNT_PAUSE_MS);
		if (do_mount(m, why, sizeof(why)) == 0) {
			m->remounts++;
			return 0;
		}
	}
	m->unmounted = 1;
	return err_set(err, errlen, "-U: unmounted '%s' but cannot mount it "
		       "again: %s; it is not mounted now: put it back with "
		       "mount -t %s -o %s '%s' '%s'", m->dir, why, m->fs_type,
		       m->options[0] ? m->options : "defaults", m->source, m->dir);
}
