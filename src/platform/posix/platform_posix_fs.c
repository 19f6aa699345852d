/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * platform_posix_fs.c: the POSIX side of the calls on a tree of names
 * that `iosweep fileop` times (see platform.h): chdir, getcwd, access,
 * chmod, link and reading a directory.  Each is the one system call and
 * nothing else, so what fileop times is the call itself; none retries
 * EINTR (the caller decides whether a retry belongs in its timing).
 */
#include "platform/posix/platform_posix.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#if defined(HAVE_XATTR)
#include <sys/xattr.h>
#endif

#include "platform/platform.h"

int plat_chdir(const char *path)
{
	return chdir(path);
}

char *plat_getcwd(void)
{
	size_t len = 256;

	for (;;) {
		char *buf = malloc(len);
		if (!buf)
			return NULL;
		if (getcwd(buf, len))
			return buf;
		free(buf);
		if (errno != ERANGE || len > ((size_t)1 << 20))
			return NULL;
		len *= 2;
	}
}

int plat_access_write(const char *path)
{
	return access(path, W_OK | F_OK);
}

int plat_chmod(const char *path, unsigned mode)
{
	return chmod(path, (mode_t)(mode & 07777u));
}

int plat_link(const char *from, const char *to)
{
	return link(from, to);
}

int plat_xattr_set(const char *path, const char *name, const void *val, size_t len)
{
#if defined(HAVE_XATTR)
	char full[256];

	if ((size_t)snprintf(full, sizeof(full), "user.%s", name) >= sizeof(full)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return setxattr(path, full, val, len, 0);
#else
	(void)path;
	(void)name;
	(void)val;
	(void)len;
	errno = ENOTSUP;
	return -1;
#endif
}

long plat_xattr_get(const char *path, const char *name, void *buf, size_t len)
{
#if defined(HAVE_XATTR)
	char full[256];

	if ((size_t)snprintf(full, sizeof(full), "user.%s", name) >= sizeof(full)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return (long)getxattr(path, full, buf, len);
#else
	(void)path;
	(void)name;
	(void)buf;
	(void)len;
	errno = ENOTSUP;
	return -1;
#endif
}

struct plat_dir {
	DIR *d;
};

struct plat_dir *plat_dir_open(const char *path)
{
	struct plat_dir *pd = malloc(sizeof(*pd));

	if (!pd)
		return NULL;
	pd->d = opendir(path);
	if (!pd->d) {
		int e = errno;
		free(pd);
		errno = e;
		return NULL;
	}
	return pd;
}

int plat_dir_read(struct plat_dir *pd, const char **name)
{
	struct dirent *de;

	errno = 0;
	de = readdir(pd->d);
	if (!de)
		return errno ? -1 : 0;
	*name = de->d_name;
	return 1;
}

void plat_dir_close(struct plat_dir *pd)
{
	if (!pd)
		return;
	closedir(pd->d);
	free(pd);
}
