/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * err.h: the one way a library function reports an error: a one-line
 * message into the caller's buffer (at most IOSWEEP_ERR_MAX bytes in
 * practice) and -1 as the return value, so a failing path is one line:
 *
 *	return err_set(err, errlen, "cannot open '%s': %s", path, strerror(errno));
 *
 * The message is for people; callers that must tell errors apart test an
 * errno or an enum the function returns beside it, never the text.
 */
#ifndef IOSWEEP_ERR_H
#define IOSWEEP_ERR_H

#include "compat.h"

#include <stdarg.h>
#include <stddef.h>

/* Formats into err (when errlen > 0) and returns -1. */
int err_set(char *err, size_t errlen, const char *fmt, ...) IOSWEEP_PRINTF(3, 4);
int err_setv(char *err, size_t errlen, const char *fmt, va_list ap) IOSWEEP_PRINTF(3, 0);

#endif
