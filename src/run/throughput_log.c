/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * throughput_log.c: the files IOzone's throughput-mode children write
 * into the current directory beside the report, which scripts written
 * for IOzone read: -+T's time stamps, "Child_N.log", a line as child N
 * starts a test and one as it finishes it, appended run after run as
 * IOzone appends them.  Written outside every timed region.
 */
#include "compat.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "platform/clock.h"
#include "platform/platform.h"
#include "run/throughput.h"
#include "run/throughput_priv.h"
#include "lib/err.h"

/* IOzone's words for each test's start and end, spelling and case as its */
static const char *const stamp_words[TP_NKINDS][2] = {
	[TP_WRITE] = { "Write test start: ", "Write test finished: " },
	[TP_REWRITE] = { "Rewrite test start: ", "Rewrite test finished: " },
	[TP_READ] = { "Read test start: ", "Read test finished: " },
	[TP_REREAD] = { "Reread test start: ", "Reread test finished: " },
	[TP_REVERSE] = { "Reverse read start: ", "Reverse read finished: " },
	[TP_STRIDE] = { "Stride test start: ", "Stride test finished: " },
	[TP_RANDOM_READ] = { "Random read start: ", "Random read finished: " },
	[TP_RANDOM_WRITE] = { "Random write start: ", "Random write finished: " },
	[TP_PWRITE] = { "Pwrite test start: ", "Pwrite test finished: " },
	[TP_PREAD] = { "Pread test start: ", "Pread test finished: " },
	[TP_FWRITE] = { "fwrite test start: ", "Fwrite test finished: " },
	[TP_FREAD] = { "fread test start: ", "Fread test finished: " },
};

int tp_log_stamp(unsigned idx, int kind, int finished, char *err,
		 size_t errlen)
{
	char name[64], when[64];
	struct tm tm;
	FILE *fp;
	int rc;

	if (kind < 0 || kind >= TP_NKINDS || !stamp_words[kind][0])
		return 0;
	if (plat_localtime(time(NULL), &tm) != 0 ||
	    clock_ctime_text(&tm, when, sizeof(when)) != 0)
		snprintf(when, sizeof(when), "unknown");
	snprintf(name, sizeof(name), "Child_%u.log", idx);
	fp = fopen(name, "a");
	if (!fp)
		return err_set(err, errlen, "-+T: cannot open '%s': %s", name,
			       strerror(errno));
	fprintf(fp, "%-25s %s\n", stamp_words[kind][finished != 0], when);
	rc = ferror(fp);
	if (fclose(fp) != 0 || rc)
		return err_set(err, errlen, "-+T: cannot write '%s': %s", name,
			       strerror(errno));
	return 0;
}
