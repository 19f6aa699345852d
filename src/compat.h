/*
 * compat.h: the one place where platform differences become capabilities.
 *
 * The core never tests an operating system's name; it tests HAVE_* macros
 * defined here (and implemented in io.c).  Include this first in every .c
 * file so that the feature-test macros take effect before any system header.
 */
#ifndef IOSWEEP_COMPAT_H
#define IOSWEEP_COMPAT_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#ifndef _FILE_OFFSET_BITS
#define _FILE_OFFSET_BITS 64
#endif

#include <stddef.h>
#include <stdint.h>
#include <fcntl.h>
#include <unistd.h>

#if defined(O_DIRECT)
#define HAVE_O_DIRECT 1
#endif
#if defined(F_NOCACHE)
#define HAVE_F_NOCACHE 1
#endif
#if defined(POSIX_FADV_DONTNEED)
#define HAVE_POSIX_FADVISE 1
#endif
#if defined(O_DSYNC)
#define HAVE_O_DSYNC 1
#endif
#if defined(O_RSYNC)
#define HAVE_O_RSYNC 1
#endif
#if defined(__linux__) || defined(__FreeBSD__) || defined(__NetBSD__) || \
	defined(__OpenBSD__) || defined(__DragonFly__) || defined(__APPLE__)
#define HAVE_PREADV 1
#endif
#if defined(__linux__) || defined(__FreeBSD__) || defined(__NetBSD__) || \
	defined(__OpenBSD__) || defined(__DragonFly__) || defined(__APPLE__)
#define HAVE_MINCORE 1
#endif
#if defined(__linux__)
#define HAVE_PROC_MOUNTS 1
#define IOSWEEP_BUILD_OS "linux"
#elif defined(__FreeBSD__)
#define IOSWEEP_BUILD_OS "freebsd"
#elif defined(__APPLE__)
#define IOSWEEP_BUILD_OS "macos"
#elif defined(_WIN32) || defined(__CYGWIN__)
#define IOSWEEP_BUILD_OS "windows-msys2"
#else
#define IOSWEEP_BUILD_OS "posix"
#endif

#ifndef O_NOFOLLOW
#define O_NOFOLLOW 0
#endif
#ifndef O_BINARY
#define O_BINARY 0
#endif

#endif
