/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * platform_win.c: the test file on native Win32 (see platform.h): no
 * POSIX emulation between the benchmark and the disk.
 *
 * The file is opened with CreateFileW (CREATE_NEW for the no-clobber
 * rule; FILE_FLAG_OPEN_REPARSE_POINT and a check of the reparse tag for
 * the no-follow rule) and moved with ReadFile/WriteFile: sequential calls
 * at the file pointer, positioned ones with an OVERLAPPED offset (which
 * moves the file pointer too on a synchronous handle, so a test never
 * mixes the two on one descriptor).  FlushFileBuffers is fsync.  -I is
 * FILE_FLAG_NO_BUFFERING, whose buffer address, offset and length must be
 * multiples of the volume's sector size, checked before each transfer
 * (io_sector_misfit); -o and -+D are FILE_FLAG_WRITE_THROUGH.
 *
 * Handles are wrapped in C-runtime descriptors (_open_osfhandle) so the
 * rest of iosweep keeps its int descriptors and fdopen() for the stdio
 * tests; every transfer goes to the handle (_get_osfhandle) directly.
 */
#include "platform/win/platform_win.h"

#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/nfsfile.h"
#include "platform/nfsurl.h"
#include "platform/platform.h"
#include "lib/err.h"

/* io_mode_flags' bits, above the C runtime's _O_* flags. */
#define WIN_NO_BUFFERING  0x10000000
#define WIN_WRITE_THROUGH 0x20000000

/*
 * Per descriptor: the sector size a NO_BUFFERING handle must respect (0:
 * none), and whether it was opened for reading only (FlushFileBuffers
 * needs write access; a read-only handle has nothing of its own to flush,
 * so io_fsync on it succeeds, as fsync(2) on an O_RDONLY descriptor does).
 */
#define WIN_MAX_FDS 4096
static DWORD fd_sector[WIN_MAX_FDS];
static unsigned char fd_readonly[WIN_MAX_FDS];
/* ...and its access and flags, for win_reopen_overlapped (0: not io_open's) */
static DWORD fd_access[WIN_MAX_FDS], fd_flags[WIN_MAX_FDS];

static int fail_code(char *err, size_t errlen, const char *call, const char *path,
		     DWORD e)
{
	char text[256];

	win_error_text(e, text, sizeof(text));
	err_set(err, errlen, "cannot %s '%s': %s", call, path, text);
	errno = win_errno(e);
	return -1;
}

static int fail(char *err, size_t errlen, const char *call, const char *path)
{
	return fail_code(err, errlen, call, path, GetLastError());
}

static HANDLE fd_handle(int fd)
{
	return (HANDLE)_get_osfhandle(fd);
}

int io_mode_flags(const struct io_mode *mode, int *flags,
		  char *err, size_t errlen)
{
	int f = 0;

	if (mode->direct)
		f |= WIN_NO_BUFFERING;
	if (mode->osync || mode->odsync)
		f |= WIN_WRITE_THROUGH;
	if (mode->orsync)
		return err_set(err, errlen, "-+r: O_RSYNC has no meaning on Windows");
	*flags = f;
	return 0;
}

#define SYMLINK_TEXT "'%s' is a symbolic link; iosweep does not follow " \
	"links to its test file"
#define NOT_REGULAR_TEXT "'%s' is not a regular file; -f must name a file " \
	"iosweep may create and remove"

/* A link (a symbolic link or a junction) or not a regular file: refuse. */
static int check_handle(HANDLE h, const char *path, char *err, size_t errlen)
{
	FILE_ATTRIBUTE_TAG_INFO tag;
	BY_HANDLE_FILE_INFORMATION bi;

	if (GetFileInformationByHandleEx(h, FileAttributeTagInfo, &tag, sizeof(tag)) &&
	    (tag.FileAttributes & FILE_ATTRIBUTE_REPARSE_POINT) &&
	    (tag.ReparseTag == IO_REPARSE_TAG_SYMLINK ||
	     tag.ReparseTag == IO_REPARSE_TAG_MOUNT_POINT))
		return err_set(err, errlen, SYMLINK_TEXT, path);
	if (!GetFileInformationByHandle(h, &bi))
		return fail(err, errlen, "stat", path);
	if (bi.dwFileAttributes & (FILE_ATTRIBUTE_DIRECTORY | FILE_ATTRIBUTE_DEVICE))
		return err_set(err, errlen, NOT_REGULAR_TEXT, path);
	return 0;
}

static HANDLE open_handle(const char *path, DWORD access, DWORD disposition,
			  DWORD flags)
{
	wchar_t *w = win_wide(path);
	HANDLE h;

	if (!w) {
		SetLastError(ERROR_NOT_ENOUGH_MEMORY);
		return INVALID_HANDLE_VALUE;
	}
	h = CreateFileW(w, access, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
			NULL, disposition,
			FILE_ATTRIBUTE_NORMAL | FILE_FLAG_OPEN_REPARSE_POINT | flags, NULL);
	free(w);
	return h;
}

/* The handle as a C-runtime descriptor (which owns it from then on), or -1. */
static int handle_fd(HANDLE h, int flags, const char *path, char *err, size_t errlen)
{
	int fd = _open_osfhandle((intptr_t)h, (flags & (_O_RDONLY | _O_WRONLY | _O_RDWR)) |
				 _O_BINARY);
	if (fd < 0) {
		CloseHandle(h);
		return err_set(err, errlen, "cannot open '%s': out of descriptors", path);
	}
	return fd;
}

int io_create(const char *path, int overwrite, char *err, size_t errlen)
{
	if (nfsurl_is(path))	/* refused: this build has no libnfs */
		return nfsfile_create(path, overwrite, err, errlen);
	HANDLE h = open_handle(path, GENERIC_WRITE, CREATE_NEW, 0);
	DWORD e = GetLastError();

	if (h == INVALID_HANDLE_VALUE && (e == ERROR_FILE_EXISTS || e == ERROR_ALREADY_EXISTS)) {
		enum plat_kind k = plat_stat(path, 0, NULL);
		if (k == PLAT_LINK)
			return err_set(err, errlen, SYMLINK_TEXT, path);
		if (!overwrite) {
			return err_set(err, errlen, "'%s' exists already; remove it, choose "
				"another -f, or use --overwrite", path);
		}
		if (k != PLAT_FILE)
			return err_set(err, errlen, NOT_REGULAR_TEXT, path);
		h = open_handle(path, GENERIC_WRITE, OPEN_EXISTING, 0);
		e = GetLastError();
		if (h != INVALID_HANDLE_VALUE) {
			if (check_handle(h, path, err, errlen) != 0) {
				CloseHandle(h);
				return -1;
			}
			if (overwrite != IO_CREATE_KEEP && !SetEndOfFile(h)) {
				e = GetLastError();
				CloseHandle(h);
				return fail_code(err, errlen, "truncate", path, e);
			}
		}
	}
	if (h == INVALID_HANDLE_VALUE)
		return fail_code(err, errlen, "create", path, e);
	CloseHandle(h);
	return 0;
}

/* The sector size of the volume that holds path (512 when it cannot be learnt). */
static DWORD volume_sector(const char *path)
{
	wchar_t *w = win_wide(path), root[MAX_PATH + 1];
	DWORD spc, bps = 0, fc, tc;

	if (w && GetVolumePathNameW(w, root, MAX_PATH + 1) &&
	    GetDiskFreeSpaceW(root, &spc, &bps, &fc, &tc) && bps)
		;
	else
		bps = 512;
	free(w);
	return bps;
}

int io_open(const char *path, int flags, const struct io_mode *mode,
	    char *err, size_t errlen)
{
	if (nfsurl_is(path))	/* refused: this build has no libnfs */
		return nfsfile_open(path, flags, err, errlen);
	DWORD access = (flags & _O_RDWR) ? GENERIC_READ | GENERIC_WRITE
		: (flags & _O_WRONLY) ? GENERIC_WRITE : GENERIC_READ;
	DWORD extra = 0;
	HANDLE h;
	int fd;

	if (flags & WIN_NO_BUFFERING)
		extra |= FILE_FLAG_NO_BUFFERING;
	if (flags & WIN_WRITE_THROUGH)
		extra |= FILE_FLAG_WRITE_THROUGH;
	h = open_handle(path, access, OPEN_EXISTING, extra);
	if (h == INVALID_HANDLE_VALUE) {
		DWORD e = GetLastError();
		if (mode && mode->direct && e == ERROR_INVALID_PARAMETER) {
			char text[256];
			win_error_text(e, text, sizeof(text));
			return err_set(err, errlen, "cannot open '%s': %s (-I: the file "
				"system does not support unbuffered I/O)", path, text);
		}
		return fail_code(err, errlen, "open", path, e);
	}
	if (check_handle(h, path, err, errlen) != 0) {
		CloseHandle(h);
		return -1;
	}
	if ((flags & _O_TRUNC) && !SetEndOfFile(h)) {
		DWORD e = GetLastError();
		CloseHandle(h);
		return fail_code(err, errlen, "truncate", path, e);
	}
	fd = handle_fd(h, flags, path, err, errlen);
	if (fd >= 0 && fd < WIN_MAX_FDS) {
		fd_sector[fd] = (flags & WIN_NO_BUFFERING) ? volume_sector(path) : 0;
		fd_readonly[fd] = !(access & GENERIC_WRITE);
		fd_access[fd] = access;
		fd_flags[fd] = extra;
	}
	return fd;
}

int io_close(int fd, const char *path, char *err, size_t errlen)
{
	if (fd >= 0 && fd < WIN_MAX_FDS) {
		fd_sector[fd] = 0;
		fd_readonly[fd] = 0;
		fd_access[fd] = 0;
		fd_flags[fd] = 0;
	}
	if (_close(fd) != 0)
		return fail_code(err, errlen, "close", path, ERROR_INVALID_HANDLE);
	return 0;
}

int io_fsync(int fd, const char *path, char *err, size_t errlen)
{
	if (fd >= 0 && fd < WIN_MAX_FDS && fd_readonly[fd])
		return 0;
	if (!FlushFileBuffers(fd_handle(fd)))
		return fail(err, errlen, "fsync", path);
	return 0;
}

int io_truncate(int fd, uint64_t size, const char *path, char *err, size_t errlen)
{
	FILE_END_OF_FILE_INFO eof;

	eof.EndOfFile.QuadPart = (LONGLONG)size;
	if (!SetFileInformationByHandle(fd_handle(fd), FileEndOfFileInfo, &eof, sizeof(eof)))
		return fail(err, errlen, "truncate", path);
	return 0;
}

int io_seek(int fd, int64_t off, int whence, const char *path,
	    char *err, size_t errlen)
{
	LARGE_INTEGER d;
	DWORD how = whence == SEEK_CUR ? FILE_CURRENT : whence == SEEK_END ? FILE_END
		: FILE_BEGIN;

	d.QuadPart = off;
	if (!SetFilePointerEx(fd_handle(fd), d, NULL, how))
		return fail(err, errlen, "seek in", path);
	return 0;
}

int io_lock(int fd, int how, uint64_t off, uint64_t len, const char *path,
	    char *err, size_t errlen)
{
	OVERLAPPED ov;
	/* len 0: to any end the file will have, as fcntl's l_len 0 */
	const uint64_t n = len ? len : UINT64_MAX - off;
	BOOL ok;

	memset(&ov, 0, sizeof(ov));
	ov.Offset = (DWORD)off;
	ov.OffsetHigh = (DWORD)(off >> 32);
	if (how == IO_UNLOCK)
		ok = UnlockFileEx(fd_handle(fd), 0, (DWORD)n, (DWORD)(n >> 32), &ov);
	else
		ok = LockFileEx(fd_handle(fd), how == IO_LOCK_WRITE ?
				LOCKFILE_EXCLUSIVE_LOCK : 0, 0, (DWORD)n,
				(DWORD)(n >> 32), &ov);
	if (!ok)
		return fail(err, errlen, how == IO_UNLOCK ? "unlock" : "lock", path);
	return 0;
}

/*
 * One loop for the four plain transfers: pos < 0 means the file pointer
 * (write/read), otherwise an OVERLAPPED offset (pwrite/pread).
 */
static int full_xfer(int fd, void *buf, size_t len, int64_t pos, int is_write,
		     const char *call, const char *path, char *err, size_t errlen)
{
	unsigned char *p = buf;
	HANDLE h = fd_handle(fd);
	DWORD sector = fd >= 0 && fd < WIN_MAX_FDS ? fd_sector[fd] : 0;

	if (sector && io_sector_misfit(buf, len, pos < 0 ? 0 : (uint64_t)pos, sector,
				       err, errlen))
		return -1;
	while (len > 0) {
		DWORD want = len > 0x40000000u ? 0x40000000u : (DWORD)len, n = 0;
		OVERLAPPED ov, *po = NULL;
		BOOL ok;

		if (pos >= 0) {
			memset(&ov, 0, sizeof(ov));
			ov.Offset = (DWORD)((uint64_t)pos & 0xffffffffu);
			ov.OffsetHigh = (DWORD)((uint64_t)pos >> 32);
			po = &ov;
		}
		ok = is_write ? WriteFile(h, p, want, &n, po) : ReadFile(h, p, want, &n, po);
		if (!ok) {
			DWORD e = GetLastError();
			if (!is_write && e == ERROR_HANDLE_EOF)
				n = 0;
			else
				return fail_code(err, errlen, call, path, e);
		}
		if (n == 0) {
			if (is_write)
				return fail_code(err, errlen, call, path, ERROR_DISK_FULL);
			err_set(err, errlen, "cannot %s '%s': unexpected end of file "
				"(%zu bytes short)", call, path, len);
			return IO_EOF;
		}
		p += n;
		len -= n;
		if (pos >= 0)
			pos += n;
	}
	return 0;
}

HANDLE win_reopen_overlapped(int fd, DWORD *sector, char *err, size_t errlen)
{
	HANDLE h;

	if (fd < 0 || fd >= WIN_MAX_FDS || !fd_access[fd]) {
		err_set(err, errlen, "internal error: descriptor %d was not opened "
			"by io_open", fd);
		return INVALID_HANDLE_VALUE;
	}
	h = ReOpenFile(fd_handle(fd), fd_access[fd],
		       FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
		       fd_flags[fd] | FILE_FLAG_OVERLAPPED);
	if (h == INVALID_HANDLE_VALUE) {
		fail(err, errlen, "reopen for overlapped I/O", "the test file");
		return INVALID_HANDLE_VALUE;
	}
	*sector = fd_sector[fd];
	return h;
}

int io_full_write(int fd, const void *buf, size_t len, const char *path,
		  char *err, size_t errlen)
{
	return full_xfer(fd, (void *)(uintptr_t)buf, len, -1, 1, "write", path, err, errlen);
}

int io_full_read(int fd, void *buf, size_t len, const char *path,
		 char *err, size_t errlen)
{
	return full_xfer(fd, buf, len, -1, 0, "read", path, err, errlen);
}

int io_full_pwrite(int fd, const void *buf, size_t len, uint64_t off,
		   const char *path, char *err, size_t errlen)
{
	return full_xfer(fd, (void *)(uintptr_t)buf, len, (int64_t)off, 1,
			 "pwrite", path, err, errlen);
}

int io_full_pread(int fd, void *buf, size_t len, uint64_t off,
		  const char *path, char *err, size_t errlen)
{
	return full_xfer(fd, buf, len, (int64_t)off, 0, "pread", path, err, errlen);
}

int64_t io_ptransfer(int fd, void *buf, size_t len, uint64_t off, int is_write)
{
	char msg[256];
	int rc;

	errno = 0;
	rc = full_xfer(fd, buf, len, (int64_t)off, is_write, is_write ? "pwrite" : "pread",
		       "the test file", msg, sizeof(msg));
	return rc == 0 ? (int64_t)len : rc == IO_EOF ? 0 : -(int64_t)(errno ? errno : EIO);
}

int io_have_vectored(void)
{
	return 0;
}

static int no_vectored(const char *call, const char *path, char *err, size_t errlen)
{
	return err_set(err, errlen, "cannot %s '%s': %s is not available on Windows "
		"(-i 11, -i 12)", call, path, call);
}

int io_full_pwritev(int fd, const struct io_vec *iov, int iovcnt, uint64_t off,
		    const char *path, char *err, size_t errlen)
{
	(void)fd; (void)iov; (void)iovcnt; (void)off;
	return no_vectored("pwritev", path, err, errlen);
}

int io_full_preadv(int fd, const struct io_vec *iov, int iovcnt, uint64_t off,
		   const char *path, char *err, size_t errlen)
{
	(void)fd; (void)iov; (void)iovcnt; (void)off;
	return no_vectored("preadv", path, err, errlen);
}

/* VirtualAlloc: page-aligned (so sector-aligned), zeroed, given back at once. */
void *io_alloc(size_t len)
{
	return VirtualAlloc(NULL, len ? len : 1, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
}

void io_free(void *p)
{
	if (p)
		VirtualFree(p, 0, MEM_RELEASE);
}

static int no_cache_drop(const char *path, char *err, size_t errlen)
{
	if (path)
		err_set(err, errlen, "--cold: cannot drop '%s' from the cache: Windows "
			"has no call for one file's cached pages (use -I, or files "
			"larger than RAM)", path);
	else
		err_set(err, errlen, "--cold: Windows has no call that drops one "
			"file's cached pages (use -I, or files larger than RAM)");
	return -1;
}

int io_purge_cache(int fd, const char *path, char *err, size_t errlen)
{
	(void)fd;
	return no_cache_drop(path, err, errlen);
}

int io_can_drop_cache(char *err, size_t errlen)
{
	return no_cache_drop(NULL, err, errlen);
}

int io_drop_cache(const char *path, char *err, size_t errlen)
{
	return no_cache_drop(path, err, errlen);
}

int io_cached_fraction(const char *path, uint64_t len, double *frac,
		       char *err, size_t errlen)
{
	(void)len;
	*frac = 0.0;
	return err_set(err, errlen, "cannot tell how much of '%s' is in the cache: "
		"Windows has no mincore", path);
}

void io_dir_of(const char *path, char *out, size_t outlen)
{
	const char *a = strrchr(path, '/'), *b = strrchr(path, '\\');
	const char *slash = a > b ? a : b;
	size_t drive = (path[0] && path[1] == ':') ? 2 : 0;

	if (!slash)
		snprintf(out, outlen, drive ? "%.2s" : ".", path);
	else if ((size_t)(slash - path) == drive)
		snprintf(out, outlen, "%.*s", (int)drive + 1, path);   /* "/", "C:\" */
	else
		snprintf(out, outlen, "%.*s", (int)(slash - path), path);
}

int io_check_dir(const char *dir, uint64_t *free_bytes, char *err, size_t errlen)
{
	if (nfsurl_is(dir))	/* refused: this build has no libnfs */
		return nfsfile_check_dir(dir, free_bytes, err, errlen);
	wchar_t *w = win_wide(dir);
	ULARGE_INTEGER avail;
	DWORD attr;

	if (!w)
		return err_set(err, errlen, "cannot use directory '%s': out of memory", dir);
	attr = GetFileAttributesW(w);
	if (attr == INVALID_FILE_ATTRIBUTES) {
		DWORD e = GetLastError();
		free(w);
		if (e == ERROR_FILE_NOT_FOUND || e == ERROR_PATH_NOT_FOUND)
			return err_set(err, errlen, "directory '%s' does not exist; create "
				"it or choose another -f", dir);
		return fail_code(err, errlen, "use directory", dir, e);
	}
	if (!(attr & FILE_ATTRIBUTE_DIRECTORY)) {
		free(w);
		return err_set(err, errlen, "'%s' is not a directory", dir);
	}
	ULARGE_INTEGER total;
	/* a share that does not say (the call fails, or no size at all) is
	 * unknown, not full */
	if (!GetDiskFreeSpaceExW(w, &avail, &total, NULL) || total.QuadPart == 0)
		*free_bytes = IO_FREE_UNKNOWN;
	else
		*free_bytes = avail.QuadPart;
	free(w);
	return 0;
}

enum plat_kind io_stat_test_file(const char *path, uint64_t *size)
{
	return nfsurl_is(path) ? nfsfile_stat(path, size) : plat_stat(path, 0, size);
}

int io_remove_test_file(const char *path)
{
	return nfsurl_is(path) ? nfsfile_remove(path) : plat_remove(path);
}
