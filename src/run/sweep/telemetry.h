/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * telemetry.h: IOzone's telemetry files (-X for the writes, -Y for the
 * reads), the operations an application was seen to do, which the write
 * or read test then replays in place of its own sequential records.
 *
 * The format is IOzone's: text, one operation a line, "OFFSET LENGTH" or
 * "OFFSET LENGTH COMPUTE", whole numbers separated by blanks: the byte
 * offset, the bytes moved there, and the milliseconds the application
 * computed before it (spun as -J spins, compute.h).  Lines that start
 * with '#' and empty lines are skipped.  iosweep is stricter than IOzone
 * about what it accepts: every line has as many fields as the first, the
 * length is 1 byte to 16 MB, nothing but digits (IOzone's sscanf reads
 * "12abc" as 12 and a missing file line as an early end mid-run); a bad
 * line is refused before anything runs, as "FILE:LINE: why".
 *
 * Ownership: telemetry_load() returns one malloc'd block; free() it.
 */
#ifndef IOSWEEP_TELEMETRY_H
#define IOSWEEP_TELEMETRY_H

#include <stddef.h>
#include <stdint.h>

#define TELEMETRY_MAX_LEN (UINT64_C(16) << 20)   /* IOzone's MAXBUFFERSIZE */
#define TELEMETRY_MAX_COMPUTE_MS 3600000u

struct telemetry_op {
	uint64_t offset, len;      /* bytes */
	uint32_t compute_ms;       /* 0 when the file has two fields */
};

struct telemetry {
	size_t n;                  /* operations, >= 1 */
	int fields;                /* 2 or 3: whether the file gives compute times */
	uint64_t extent;           /* the largest offset + length */
	uint64_t max_len;          /* the longest operation */
	uint64_t total;            /* bytes of all operations */
	struct telemetry_op op[];
};

/*
 * Parse the len bytes of text (the file named path, for messages) into
 * *out.  0, or -1 with "path:line: why" in err and *out NULL.
 */
int telemetry_parse(const char *text, size_t len, const char *path,
		    struct telemetry **out, char *err, size_t errlen);

/* Read and parse the file path; as telemetry_parse. */
int telemetry_load(const char *path, struct telemetry **out, char *err,
		   size_t errlen);

#endif
