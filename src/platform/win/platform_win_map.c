/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * platform_win_map.c: mapping the test file for IOzone's mmap mode
 * (-B, -D, -G) on Windows: CreateFileMapping and MapViewOfFile for
 * io_map, FlushViewOfFile for an asynchronous msync (it starts the write
 * back and returns), FlushViewOfFile then FlushFileBuffers on the file
 * for a synchronous one (nothing for a read-only view), UnmapViewOfFile
 * and CloseHandle for io_unmap.
 */
#include "platform/win/platform_win.h"

#include <errno.h>
#include <io.h>
#include <string.h>

#include "platform/platform.h"
#include "lib/err.h"

static int map_fail(char *err, size_t errlen, const char *call, const char *path)
{
	DWORD e = GetLastError();
	char text[256];

	win_error_text(e, text, sizeof(text));
	err_set(err, errlen, "cannot %s '%s': %s", call, path, text);
	errno = win_errno(e);
	return -1;
}

int io_map(int fd, uint64_t len, int writable, struct io_map *m,
	   const char *path, char *err, size_t errlen)
{
	HANDLE file = (HANDLE)_get_osfhandle(fd), map;
	void *p;

	memset(m, 0, sizeof(*m));
	m->fd = -1;
	if (len == 0 || len > SIZE_MAX) {
		SetLastError(ERROR_INVALID_PARAMETER);
		return map_fail(err, errlen, "map", path);
	}
	map = CreateFileMappingW(file, NULL, writable ? PAGE_READWRITE : PAGE_READONLY,
				 (DWORD)(len >> 32), (DWORD)(len & 0xffffffffu), NULL);
	if (!map)
		return map_fail(err, errlen, "CreateFileMapping", path);
	p = MapViewOfFile(map, writable ? FILE_MAP_WRITE : FILE_MAP_READ, 0, 0,
			  (SIZE_T)len);
	if (!p) {
		map_fail(err, errlen, "MapViewOfFile", path);
		CloseHandle(map);
		return -1;
	}
	m->addr = p;
	m->len = len;
	m->fd = fd;
	m->writable = writable != 0;
	m->handle = map;
	return 0;
}

int io_map_sync(const struct io_map *m, uint64_t off, uint64_t len, int how,
		const char *path, char *err, size_t errlen)
{
	if (off > m->len || len > m->len - off) {
		SetLastError(ERROR_INVALID_PARAMETER);
		return map_fail(err, errlen, "FlushViewOfFile", path);
	}
	/* a read-only view has nothing to write back, and its file's
	   read-only handle refuses FlushFileBuffers */
	if (!m->writable)
		return 0;
	if (!FlushViewOfFile(m->addr + off, (SIZE_T)len))
		return map_fail(err, errlen, "FlushViewOfFile", path);
	if (how == IO_MAP_SYNC && !FlushFileBuffers((HANDLE)_get_osfhandle(m->fd)))
		return map_fail(err, errlen, "FlushFileBuffers", path);
	return 0;
}

/* No madvise on Windows: -+A is refused there (plat_caps()->madvise 0). */
int io_map_advise(const struct io_map *m, int advice, const char *path,
		  char *err, size_t errlen)
{
	(void)m; (void)advice;
	SetLastError(ERROR_NOT_SUPPORTED);
	return map_fail(err, errlen, "madvise", path);
}

int io_unmap(struct io_map *m, const char *path, char *err, size_t errlen)
{
	int rc = 0;

	if (m->addr && !UnmapViewOfFile(m->addr))
		rc = map_fail(err, errlen, "UnmapViewOfFile", path);
	if (m->handle && !CloseHandle(m->handle) && rc == 0)
		rc = map_fail(err, errlen, "close the mapping of", path);
	memset(m, 0, sizeof(*m));
	m->fd = -1;
	return rc;
}
