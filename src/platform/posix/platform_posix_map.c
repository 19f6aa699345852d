/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * platform_posix_map.c: mapping the test file for IOzone's mmap mode
 * (-B, -D, -G): mmap, msync and munmap behind platform.h's io_map calls.
 * Kept apart from platform_posix.c, whose calls move data with read and
 * write; nothing here is in a timed loop but io_map_sync.
 */
#include "compat.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "platform/platform.h"
#include "lib/err.h"

static int map_fail(char *err, size_t errlen, const char *call, const char *path)
{
	int e = errno;
	err_set(err, errlen, "cannot %s '%s': %s", call, path, strerror(e));
	errno = e;
	return -1;
}

int io_map(int fd, uint64_t len, int writable, struct io_map *m,
	   const char *path, char *err, size_t errlen)
{
	int prot = writable ? PROT_READ | PROT_WRITE : PROT_READ;
	int flags = writable ? MAP_SHARED : MAP_PRIVATE;
	void *p;

	memset(m, 0, sizeof(*m));
	m->fd = -1;
	if (len == 0 || len > SIZE_MAX) {
		errno = EINVAL;
		return map_fail(err, errlen, "mmap", path);
	}
	p = mmap(NULL, (size_t)len, prot, flags, fd, 0);
	if (p == MAP_FAILED)
		return map_fail(err, errlen, "mmap", path);
	m->addr = p;
	m->len = len;
	m->fd = fd;
	m->writable = writable != 0;
	return 0;
}

int io_map_sync(const struct io_map *m, uint64_t off, uint64_t len, int how,
		const char *path, char *err, size_t errlen)
{
	long pg = sysconf(_SC_PAGESIZE);
	uint64_t page = pg > 0 ? (uint64_t)pg : 4096, start = off - off % page;

	if (off > m->len || len > m->len - off) {
		errno = EINVAL;
		return map_fail(err, errlen, "msync", path);
	}
	if (msync(m->addr + start, (size_t)(off + len - start),
		  how == IO_MAP_SYNC ? MS_SYNC : MS_ASYNC) != 0)
		return map_fail(err, errlen, "msync", path);
	return 0;
}

/*
 * IOzone's -+A calls madvise(); a strictly POSIX build has only
 * posix_madvise(), with the same five kinds of advice (glibc's version
 * of it ignores DONTNEED; a strict build is for checking, not measuring).
 */
#if defined(MADV_NORMAL) && defined(MADV_DONTNEED)
#define MAP_ADVISE madvise
#define ADV(name) MADV_##name
#else
#define MAP_ADVISE posix_madvise
#define ADV(name) POSIX_MADV_##name
#endif

int io_map_advise(const struct io_map *m, int advice, const char *path,
		  char *err, size_t errlen)
{
	static const int how[IO_ADVISE_MOST + 1] = {
		ADV(NORMAL), ADV(RANDOM), ADV(SEQUENTIAL), ADV(DONTNEED),
		ADV(WILLNEED)
	};
	int rc;

	if (advice < 0 || advice > IO_ADVISE_MOST) {
		errno = EINVAL;
		return map_fail(err, errlen, "madvise", path);
	}
	rc = MAP_ADVISE(m->addr, (size_t)m->len, how[advice]);
	if (rc != 0) {
		/* posix_madvise returns the error instead of setting errno */
		if (rc > 0)
			errno = rc;
		return map_fail(err, errlen, "madvise", path);
	}
	return 0;
}

int io_unmap(struct io_map *m, const char *path, char *err, size_t errlen)
{
	int rc = 0;

	if (m->addr && munmap(m->addr, (size_t)m->len) != 0)
		rc = map_fail(err, errlen, "munmap", path);
	memset(m, 0, sizeof(*m));
	m->fd = -1;
	return rc;
}
