/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * throughput_log.c: the files IOzone's throughput-mode children write
 * into the current directory beside the report, which scripts written
 * for IOzone read: -+T's time stamps, "Child_N.log", a line as child N
 * starts a test and one as it finishes it, and -+z's latency histograms,
 * "Iozone_histogram_child_N.txt", a block of IOzone's 40 bands per test
 * child N ran; both appended run after run as IOzone appends them, and
 * written outside every timed region.
 */
#include "compat.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "model/latency.h"
#include "platform/clock.h"
#include "platform/platform.h"
#include "run/throughput/throughput.h"
#include "run/throughput/throughput_priv.h"
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

/* Open name in the current directory to append; NULL (err set) on failure. */
static FILE *log_open(const char *opt, const char *name, char *err,
		      size_t errlen)
{
	FILE *fp = fopen(name, "a");

	if (!fp)
		err_set(err, errlen, "%s: cannot open '%s': %s", opt, name,
			strerror(errno));
	return fp;
}

/* Close what log_open opened: 0, or -1 (err set) when a write failed. */
static int log_close(FILE *fp, const char *opt, const char *name, char *err,
		     size_t errlen)
{
	int rc = ferror(fp);

	if (fclose(fp) != 0 || rc)
		return err_set(err, errlen, "%s: cannot write '%s': %s", opt, name,
			       strerror(errno));
	return 0;
}

int tp_log_stamp(unsigned idx, int kind, int finished, char *err,
		 size_t errlen)
{
	char name[64], when[64];
	struct tm tm;
	FILE *fp;

	if (kind < 0 || kind >= TP_NKINDS || !stamp_words[kind][0])
		return 0;
	if (plat_localtime(time(NULL), &tm) != 0 ||
	    clock_ctime_text(&tm, when, sizeof(when)) != 0)
		snprintf(when, sizeof(when), "unknown");
	snprintf(name, sizeof(name), "Child_%u.log", idx);
	fp = log_open("-+T", name, err, errlen);
	if (!fp)
		return -1;
	fprintf(fp, "%-25s %s\n", stamp_words[kind][finished != 0], when);
	return log_close(fp, "-+T", name, err, errlen);
}

/* IOzone's name of each test in the histogram files */
static const char *const hist_names[TP_NKINDS] = {
	[TP_WRITE] = "write", [TP_REWRITE] = "Rewrite", [TP_READ] = "Read",
	[TP_REREAD] = "Reread", [TP_REVERSE] = "Read Backwards",
	[TP_STRIDE] = "Stride Read", [TP_RANDOM_READ] = "Random Read",
	[TP_RANDOM_WRITE] = "Random Write", [TP_PWRITE] = "Pwrite",
	[TP_PREAD] = "Pread", [TP_FWRITE] = "Fwrite", [TP_FREAD] = "Fread",
};

/* IOzone's band labels, a line ("Band N:") per group, groups of 5 or less */
static const char *const band_labels[LATENCY_IOZONE_BANDS] = {
	" 20us", " 40us", " 60us", " 80us", "100us",
	"200us", "400us", "600us", "800us", "  1ms",
	"  2ms", "  4ms", "  6ms", "  8ms", " 10ms",
	" 12ms", " 14ms", " 16ms", " 18ms", " 20ms",
	" 40ms", " 60ms", " 80ms", "100ms",
	"200ms", "400ms", "600ms", "800ms", "   1s",
	"   2s", "   4s", "   6s", "   8s", "  10s",
	"  20s", "  40s", "  60s", "  80s", " 120s",
	"120+s",
};
static const unsigned band_line_end[] = { 5, 10, 15, 20, 24, 29, 34, 39, 40 };

int tp_log_hist(unsigned idx, int kind, const struct latency_hist *h,
		char *err, size_t errlen)
{
	uint64_t band[LATENCY_IOZONE_BANDS];
	char name[64];
	unsigned b = 0;
	FILE *fp;

	if (kind < 0 || kind >= TP_NKINDS || !hist_names[kind])
		return 0;
	latency_iozone_bands(h, band);
	snprintf(name, sizeof(name), "Iozone_histogram_child_%u.txt", idx);
	fp = log_open("-+z", name, err, errlen);
	if (!fp)
		return -1;
	fprintf(fp, "Child: %u Op: %s\n", idx, hist_names[kind]);
	for (unsigned l = 0; l < sizeof(band_line_end) / sizeof(band_line_end[0]);
	     l++) {
		fprintf(fp, "Band %u:   ", l + 1);
		for (; b < band_line_end[l]; b++)
			fprintf(fp, "%s:%-7.1llu ", band_labels[b],
				(unsigned long long)band[b]);
		fprintf(fp, "\n");
	}
	fprintf(fp, "\n");
	return log_close(fp, "-+z", name, err, errlen);
}
