/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * platform_win_fs.c: the Win32 side of the calls on a tree of names that
 * `iosweep fileop` times (see platform.h): the CRT's wide chdir, getcwd,
 * access and chmod, and a directory read through FindFirstFileW /
 * FindNextFileW.  Windows lists a directory's first entry when the
 * search is opened, so plat_dir_read hands that one out first.  Hard
 * links are left out (plat_caps()->hardlinks is 0), as IOzone's fileop
 * leaves out its link and unlink columns on Windows.
 */
#include "platform/win/platform_win.h"

#include <direct.h>
#include <errno.h>
#include <io.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <wchar.h>

#include "platform/platform.h"

/* A CRT call on a wide path with one int argument: fn(path, arg), 0 or -1 with errno. */
static int wide_crt(const char *path, int (*fn)(const wchar_t *, int), int arg)
{
	wchar_t *w = win_wide(path);
	int rc;

	if (!w) {
		errno = ENOMEM;
		return -1;
	}
	rc = fn(w, arg);
	free(w);
	return rc;
}

static int change_dir(const wchar_t *w, int unused)
{
	(void)unused;
	return _wchdir(w);
}

int plat_chdir(const char *path)
{
	return wide_crt(path, change_dir, 0);
}

char *plat_getcwd(void)
{
	wchar_t *w = _wgetcwd(NULL, 0);
	char *out;
	size_t len;

	if (!w)
		return NULL;
	len = wcslen(w) * 4 + 1;
	out = malloc(len);
	if (out && win_utf8(w, out, len) != 0) {
		free(out);
		out = NULL;
		errno = EINVAL;
	}
	free(w);
	return out;
}

int plat_access_write(const char *path)
{
	return wide_crt(path, _waccess, 02);	/* write permission (and existence) */
}

int plat_chmod(const char *path, unsigned mode)
{
	return wide_crt(path, _wchmod, (mode & 0200u) ? (_S_IREAD | _S_IWRITE) : _S_IREAD);
}

int plat_link(const char *from, const char *to)
{
	(void)from;
	(void)to;
	errno = ENOSYS;
	return -1;
}

/* NTFS's alternate data streams are not extended attributes: none here. */
int plat_xattr_set(const char *path, const char *name, const void *val, size_t len)
{
	(void)path;
	(void)name;
	(void)val;
	(void)len;
	errno = ENOTSUP;
	return -1;
}

long plat_xattr_get(const char *path, const char *name, void *buf, size_t len)
{
	(void)path;
	(void)name;
	(void)buf;
	(void)len;
	errno = ENOTSUP;
	return -1;
}

struct plat_dir {
	HANDLE h;
	WIN32_FIND_DATAW fd;
	int pending;       /* fd holds an entry not handed out yet */
	char name[MAX_PATH * 4];
};

struct plat_dir *plat_dir_open(const char *path)
{
	size_t n = strlen(path);
	char *pattern = malloc(n + 3);
	struct plat_dir *pd = calloc(1, sizeof(*pd));
	wchar_t *w = NULL;

	if (!pattern || !pd) {
		free(pattern);
		free(pd);
		errno = ENOMEM;
		return NULL;
	}
	memcpy(pattern, path, n);
	memcpy(pattern + n, "\\*", 3);
	w = win_wide(pattern);
	free(pattern);
	if (!w) {
		free(pd);
		errno = ENOMEM;
		return NULL;
	}
	pd->h = FindFirstFileW(w, &pd->fd);
	free(w);
	if (pd->h == INVALID_HANDLE_VALUE) {
		errno = win_errno(GetLastError());
		free(pd);
		return NULL;
	}
	pd->pending = 1;
	return pd;
}

int plat_dir_read(struct plat_dir *pd, const char **name)
{
	if (!pd->pending) {
		if (!FindNextFileW(pd->h, &pd->fd)) {
			DWORD e = GetLastError();
			if (e == ERROR_NO_MORE_FILES)
				return 0;
			errno = win_errno(e);
			return -1;
		}
	}
	pd->pending = 0;
	if (win_utf8(pd->fd.cFileName, pd->name, sizeof(pd->name)) != 0) {
		errno = EINVAL;
		return -1;
	}
	*name = pd->name;
	return 1;
}

void plat_dir_close(struct plat_dir *pd)
{
	if (!pd)
		return;
	FindClose(pd->h);
	free(pd);
}

/*
 * -U: IOzone runs mount(8) and umount(8), which Windows does not have;
 * dismounting an NTFS volume (FSCTL_DISMOUNT_VOLUME) is not done here.
 */
int plat_remount_prepare(const char *dir, const char *path,
			 struct plat_mount *m, char *err, size_t errlen)
{
	(void)path;
	memset(m, 0, sizeof(*m));
	return err_set(err, errlen, "-U '%s': remounting between tests is not "
		       "available on Windows (IOzone's -U runs mount and umount, "
		       "which Windows lacks); use -I to bypass the cache", dir);
}

int plat_remount(struct plat_mount *m, char *err, size_t errlen)
{
	return err_set(err, errlen, "-U '%s': remounting is not available on "
		       "Windows", m->dir);
}
