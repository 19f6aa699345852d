/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * platform_posix.h: what the POSIX implementation of the platform layer
 * (platform_posix*.c) learns about the system it is built on, as HAVE_*
 * capabilities.  Only platform_posix*.c include it; the rest of src/ asks
 * plat_caps() at run time.
 *
 * A build that sets _POSIX_C_SOURCE (the strict POSIX check of CI) gets no
 * GNU or BSD extensions, so the capabilities that need them drop out; the
 * layer still asks for POSIX's X/Open part (realpath), which every POSIX
 * system this builds on has.
 */
#ifndef IOSWEEP_PLATFORM_POSIX_H
#define IOSWEEP_PLATFORM_POSIX_H

#if defined(_POSIX_C_SOURCE) && !defined(_XOPEN_SOURCE)
#define _XOPEN_SOURCE 700
#endif
#include "compat.h"

#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
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
/*
 * preadv/pwritev and mincore: not in POSIX; the C libraries declare them
 * unless the build asked for strict POSIX (glibc: with its default or GNU
 * extensions, _DEFAULT_SOURCE).
 */
#if !defined(_POSIX_C_SOURCE) || defined(_DEFAULT_SOURCE)
#define PLATFORM_POSIX_EXTENSIONS 1
#endif
#if defined(PLATFORM_POSIX_EXTENSIONS) && (defined(__linux__) || \
	defined(__FreeBSD__) || defined(__NetBSD__) || defined(__OpenBSD__) || \
	defined(__DragonFly__) || defined(__APPLE__))
#define HAVE_PREADV 1
#define HAVE_MINCORE 1
#endif
/*
 * cachestat(2) (Linux 6.5): how many of a file's pages are in the page
 * cache, by file descriptor, without mapping it; through syscall(2), as
 * C libraries have no wrapper yet.
 */
#if defined(PLATFORM_POSIX_EXTENSIONS) && defined(__linux__)
#define HAVE_CACHESTAT_SYSCALL 1
#endif
/* getxattr/setxattr of <sys/xattr.h> with Linux's signatures (macOS's take
 * two more arguments, the BSDs have extattr_*: not used there yet). */
#if defined(PLATFORM_POSIX_EXTENSIONS) && defined(__linux__)
#define HAVE_XATTR 1
#endif
/*
 * The kernels that run POSIX AIO themselves, so N requests of one file
 * really are in flight at once (HAVE_KERNEL_AIO); glibc emulates it with
 * threads that run one descriptor's requests one after another.  Where
 * the kernel has io_uring (HAVE_IO_URING_KERNEL), a build without it is
 * one made without liburing.
 */
#if defined(__FreeBSD__) || defined(__APPLE__)
#define HAVE_KERNEL_AIO 1
#endif
#if defined(__linux__)
#define HAVE_IO_URING_KERNEL 1
#endif
/*
 * Binding a thread to one CPU (-P): Linux's sched_setaffinity (a GNU
 * extension) and FreeBSD's cpuset_setaffinity; macOS only takes affinity
 * hints (thread_policy_set tags), which bind nothing.
 */
#if defined(PLATFORM_POSIX_EXTENSIONS) && defined(__linux__)
#define HAVE_SCHED_SETAFFINITY 1
#elif defined(PLATFORM_POSIX_EXTENSIONS) && defined(__FreeBSD__)
#define HAVE_CPUSET_SETAFFINITY 1
#endif
#if defined(__linux__)
#define HAVE_PROC_MOUNTS 1
#define IOSWEEP_BUILD_OS "linux"
#elif defined(__FreeBSD__)
#define IOSWEEP_BUILD_OS "freebsd"
#elif defined(__APPLE__)
#define IOSWEEP_BUILD_OS "macos"
#else
#define IOSWEEP_BUILD_OS "posix"
#endif

/*
 * The pages of fd's first len bytes that are in the page cache, into
 * *pages: by cachestat(2), without a mapping (-1 where the kernel has
 * none, and then it is not asked again), or by mincore over a mapping
 * (-1 with errno).  io_cached_fraction() asks the first, then the other.
 */
#if defined(HAVE_CACHESTAT_SYSCALL)
int posix_cachestat_pages(int fd, uint64_t len, size_t *pages);
#endif
#if defined(HAVE_MINCORE)
int posix_mincore_pages(int fd, size_t len, size_t *pages);
#endif

#ifndef O_NOFOLLOW
#define O_NOFOLLOW 0
#endif

#endif
