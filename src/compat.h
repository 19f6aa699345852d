/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compat.h: included first in every .c file so that the feature-test
 * macros take effect before any system header.  It names no operating
 * system: the differences between systems live in the platform layer
 * (platform.h, platform_posix*.c, platform_win*.c).
 *
 * Without a feature-test macro from the build, ask for the C library's
 * full set (_GNU_SOURCE: glibc needs it for O_DIRECT, RUSAGE_THREAD,
 * preadv; the BSDs, macOS and MinGW ignore it).  A build that sets
 * _POSIX_C_SOURCE itself (CI's strict check) gets exactly POSIX.
 */
#ifndef IOSWEEP_COMPAT_H
#define IOSWEEP_COMPAT_H

#if !defined(_GNU_SOURCE) && !defined(_POSIX_C_SOURCE)
#define _GNU_SOURCE 1
#endif
#ifndef _FILE_OFFSET_BITS
#define _FILE_OFFSET_BITS 64
#endif

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * Functions that take a printf format.  With MinGW's C99 printf
 * (__USE_MINGW_ANSI_STDIO) the compiler must check GNU's format rules,
 * not the Microsoft runtime's, which lacks %zu and %lld.
 */
#if defined(__MINGW_PRINTF_FORMAT)
#define IOSWEEP_PRINTF(fmt, first) __attribute__((format(__MINGW_PRINTF_FORMAT, fmt, first)))
#else
#define IOSWEEP_PRINTF(fmt, first) __attribute__((format(printf, fmt, first)))
#endif

/*
 * A function the compiler must inline at every call: a body written once
 * and called with a constant argument becomes one copy per value, each
 * without the branches the constant decides (the copies of the record
 * loop in run/tests_loop.h).
 */
#define IOSWEEP_ALWAYS_INLINE static inline __attribute__((always_inline))

#endif
