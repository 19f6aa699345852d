/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * platform_win.h: what the Win32 files of the platform layer
 * (platform_win.c: the test file; platform_win_sys.c: the rest;
 * engine_winaio.c: the overlapped-I/O engine) share: UTF-8 to UTF-16
 * paths, Win32 errors as text and as errno values, and the test file
 * reopened for overlapped I/O.
 * Only platform_win*.c include it.
 */
#ifndef IOSWEEP_PLATFORM_WIN_H
#define IOSWEEP_PLATFORM_WIN_H

#include "compat.h"

#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

/* A UTF-8 string as a malloc'd UTF-16 one ('/' kept: Win32 takes both), or NULL. */
wchar_t *win_wide(const char *utf8);

/* A UTF-16 string as UTF-8 into out (truncated); 0 or -1. */
int win_utf8(const wchar_t *w, char *out, size_t outlen);

/* The text of a Win32 error, without the trailing period and line end. */
void win_error_text(DWORD e, char *out, size_t outlen);

/* The errno value closest to a Win32 error (ENOENT, EEXIST, EACCES, ENOSPC, ...). */
int win_errno(DWORD e);

/*
 * A second handle on io_open's file fd for overlapped I/O (ReOpenFile with
 * FILE_FLAG_OVERLAPPED, the same access, NO_BUFFERING and WRITE_THROUGH),
 * and the sector size its unbuffered transfers must respect (0: none).
 * The caller closes it.  INVALID_HANDLE_VALUE with the message in err.
 */
HANDLE win_reopen_overlapped(int fd, DWORD *sector, char *err, size_t errlen);

#endif
