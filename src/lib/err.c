/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * err.c: the error setter of err.h.
 */
#include "compat.h"

#include <stdio.h>

#include "lib/err.h"

int err_setv(char *err, size_t errlen, const char *fmt, va_list ap)
{
	if (err && errlen > 0)
		vsnprintf(err, errlen, fmt, ap);
	return -1;
}

int err_set(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	err_setv(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}
