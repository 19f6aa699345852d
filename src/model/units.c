/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * units.c: whole-number sizes and counts, strictly parsed.
 *
 * Both parsers share one scanner (units_scan) that accepts only ASCII
 * digits and converts them with a checked strtoull, so the same text is
 * refused the same way everywhere: no sign, no spaces, no fractions, no
 * silent wrap-around.  Formatting picks the largest unit that represents
 * a size exactly, the way IOzone's reports and our file names show sizes.
 */
#include "compat.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/units.h"
#include "lib/err.h"

enum units_scan_result {
	UNITS_SCAN_OK,
	UNITS_SCAN_EMPTY,
	UNITS_SCAN_NEGATIVE,
	UNITS_SCAN_NOT_NUMBER,
	UNITS_SCAN_FRACTION,
	UNITS_SCAN_OVERFLOW
};

static int units_is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/*
 * Read the leading run of digits of text into *value; *end points after
 * it.  Classifies what is wrong when there is no usable number.
 */
static enum units_scan_result units_scan(const char *text, uint64_t *value,
					 const char **end)
{
	const char *p = text;
	unsigned long long v;
	char *stop;

	if (!text || !*text)
		return UNITS_SCAN_EMPTY;
	if (*p == '-' && units_is_digit(p[1]))
		return UNITS_SCAN_NEGATIVE;
	if (!units_is_digit(*p))
		return UNITS_SCAN_NOT_NUMBER;
	while (units_is_digit(*p))
		p++;
	if ((*p == '.' || *p == ',') && units_is_digit(p[1]))
		return UNITS_SCAN_FRACTION;
	errno = 0;
	v = strtoull(text, &stop, 10);
	if (errno == ERANGE)
		return UNITS_SCAN_OVERFLOW;
	if (stop != p)
		return UNITS_SCAN_NOT_NUMBER;
	*value = (uint64_t)v;
	*end = p;
	return UNITS_SCAN_OK;
}

int units_parse_size_kb(const char *text, uint64_t *kb, char *err, size_t errlen)
{
	const char *end = NULL;
	uint64_t value = 0, scale = 1;

	switch (units_scan(text, &value, &end)) {
	case UNITS_SCAN_OK:
		break;
	case UNITS_SCAN_EMPTY:
		return err_set(err, errlen, "empty size: %s", UNITS_SIZE_HINT);
	case UNITS_SCAN_NEGATIVE:
		return err_set(err, errlen, "a size cannot be negative: %s", UNITS_SIZE_HINT);
	case UNITS_SCAN_FRACTION:
		return err_set(err, errlen, "not a whole number: %s", UNITS_SIZE_HINT);
	case UNITS_SCAN_OVERFLOW:
		return err_set(err, errlen, "size too large");
	default:
		return err_set(err, errlen, "not a size: %s", UNITS_SIZE_HINT);
	}
	switch (*end) {
	case '\0': case 'k': case 'K': scale = 1; break;
	case 'm': case 'M': scale = 1024; break;
	case 'g': case 'G': scale = UINT64_C(1024) * 1024; break;
	case 't': case 'T': scale = UINT64_C(1024) * 1024 * 1024; break;
	default:
		return err_set(err, errlen, "not a size: %s", UNITS_SIZE_HINT);
	}
	if (*end && end[1])
		return err_set(err, errlen, "not a size: %s", UNITS_SIZE_HINT);
	if (value == 0) {
		return err_set(err, errlen, "a size must be at least 1 kB");
	}
	/* the size in bytes must fit in 64 bits too */
	if (value > UINT64_MAX / 1024 / scale)
		return err_set(err, errlen, "size too large");
	*kb = value * scale;
	return 0;
}

int units_parse_uint(const char *text, uint64_t min, uint64_t max,
		     uint64_t *out, char *err, size_t errlen)
{
	const char *end = NULL;
	uint64_t value = 0;
	enum units_scan_result r = units_scan(text, &value, &end);

	if (r == UNITS_SCAN_OK && *end)
		r = UNITS_SCAN_NOT_NUMBER;
	switch (r) {
	case UNITS_SCAN_OK:
		break;
	case UNITS_SCAN_EMPTY:
		return err_set(err, errlen, "empty value: use a whole number");
	case UNITS_SCAN_OVERFLOW:
		value = UINT64_MAX;   /* reported as out of range below */
		break;
	default:
		return err_set(err, errlen, "not a whole number");
	}
	if (r == UNITS_SCAN_OVERFLOW && max == UINT64_MAX)
		return err_set(err, errlen, "too large");
	if (value < min || value > max || r == UNITS_SCAN_OVERFLOW) {
		if (max == UINT64_MAX)
			err_set(err, errlen, "must be at least %" PRIu64, min);
		else
			err_set(err, errlen, "must be from %" PRIu64 " to %" PRIu64,
				min, max);
		return -1;
	}
	*out = value;
	return 0;
}

void units_format_kb(uint64_t kb, char *out, size_t outlen)
{
	static const char *const unit[] = { "kB", "MB", "GB", "TB" };
	unsigned i = 0;

	while (kb && kb % 1024 == 0 && i + 1 < sizeof(unit) / sizeof(unit[0])) {
		kb /= 1024;
		i++;
	}
	snprintf(out, outlen, "%" PRIu64 " %s", kb, unit[i]);
}

void units_format_size_kb(uint64_t kb, char *out, size_t outlen)
{
	if (kb < 1024)
		snprintf(out, outlen, "%" PRIu64 " kB", kb);
	else if (kb % (1024 * 1024) == 0)
		snprintf(out, outlen, "%" PRIu64 " GB", kb / (1024 * 1024));
	else if (kb < UINT64_C(10) * 1024 * 1024 || kb % 1024 == 0)
		snprintf(out, outlen, "%.0f MB", (double)kb / 1024.0);
	else
		snprintf(out, outlen, "%.1f GB", (double)kb / (1024.0 * 1024.0));
}

void units_format_bytes_human(uint64_t bytes, char *out, size_t outlen)
{
	static const char *const unit[] = { "kB", "MB", "GB", "TB", "PB", "EB" };
	double v = (double)bytes;
	unsigned i = 0;

	if (bytes < 1024) {
		snprintf(out, outlen, "%" PRIu64 " B", bytes);
		return;
	}
	v /= 1024.0;
	while (v >= 1024.0 && i + 1 < sizeof(unit) / sizeof(unit[0])) {
		v /= 1024.0;
		i++;
	}
	snprintf(out, outlen, "%.1f %s", v, unit[i]);
}

int units_parse_duration_ms(const char *text, uint64_t max_ms, uint64_t *ms,
			    char *err, size_t errlen)
{
	static const struct {
		const char *suffix;
		double ms;
	} scales[] = {
		{ "", 1000.0 }, { "s", 1000.0 }, { "ms", 1.0 },
		{ "m", 60000.0 }, { "h", 3600000.0 },
	};
	char *end = NULL;
	double v = (*text >= '0' && *text <= '9') ? strtod(text, &end) : -1.0;

	for (size_t i = 0; end && i < sizeof(scales) / sizeof(scales[0]); i++) {
		if (strcmp(end, scales[i].suffix) != 0)
			continue;
		double total = v * scales[i].ms;
		if (!(v >= 0.0) || total > (double)max_ms)
			break;
		*ms = (uint64_t)(total + 0.5);
		return 0;
	}
	return err_set(err, errlen, "not a duration (use 500ms, 60s, 2m, 8h or "
		       "seconds, at most %.0f s)", (double)max_ms / 1000.0);
}
